//! `find` and `aggregate`: run a query or a pipeline over documents given on the command
//! line or in a file, in an in-memory collection that behaves like the server's.

use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

use bson_tutor::bson::ejson::{self, Mode};
use bson_tutor::bson::oid::processes_from_seed;
use bson_tutor::bson::{Document, Value, decode_document, shell, split_stream};
use bson_tutor::dump::archive::ARCHIVE_MAGIC;
use bson_tutor::query::aggregate::{self, Context};
use bson_tutor::query::collation::Collation;
use bson_tutor::query::collection::{Collection, FindOptions, find_stream};
use bson_tutor::query::error::{QueryError, QueryErrorKind};
use bson_tutor::query::matcher::Filter;

use super::error::{CliError, FileKind, Place, fail};
use super::source::DocStream;
use super::{EvalTo, TEXT_MAX, TextFormat, deadline, now_ms, out, parse_text_value};

/// Arguments of `find`.
#[derive(Debug, clap::Args)]
pub struct FindArgs {
    /// The filter, e.g. '{ userId: { $gt: 0 } }' (default: every document).
    #[arg(value_name = "FILTER", default_value = "{}")]
    pub filter: String,
    /// The documents: an array literal ('[{ _id: 1, v: 42 }, ...]'), or a file holding one
    /// (mongosh syntax or Extended JSON), one document per line; or a dump read as a stream
    /// (`.bson`, `.bson.gz`, a mongodump --archive, `-` for standard input, a named pipe),
    /// its documents as stored: no `_id` added, no duplicate looked for.
    #[arg(long, value_name = "FILE|LITERAL")]
    pub docs: String,
    /// Only this collection of a mongodump --archive, as DB.COLLECTION.
    #[arg(long, value_name = "DB.COLLECTION")]
    pub ns: Option<String>,
    /// Sort specification, e.g. '{ v: 1, _id: 1 }'.
    #[arg(long, value_name = "SPEC")]
    pub sort: Option<String>,
    /// Projection, e.g. '{ _id: 1 }'.
    #[arg(long, value_name = "SPEC")]
    pub project: Option<String>,
    /// Documents to skip after sorting.
    #[arg(long, default_value_t = 0)]
    pub skip: usize,
    /// At most this many documents.
    #[arg(long)]
    pub limit: Option<usize>,
    /// Collation, e.g. '{ locale: "en", numericOrdering: true }': how strings compare in
    /// filters and sorts (default: byte by byte, `simple`).
    #[arg(long, value_name = "SPEC")]
    pub collation: Option<String>,
    /// Print only the `_id`s, as one array in shell syntax: [ 1, 3, 4, 5 ].
    #[arg(long)]
    pub ids: bool,
    /// Also say, for every document that does not match, why not (type bracketing...).
    #[arg(long)]
    pub explain: bool,
    /// How to print the documents.
    #[arg(long, value_enum, default_value_t = EvalTo::Shell)]
    pub to: EvalTo,
    /// How to read the documents, filter, specs and pipeline (default: Extended JSON for
    /// valid JSON, mongosh syntax otherwise).
    #[arg(long, value_enum)]
    pub from: Option<TextFormat>,
    /// Let a sort past the server's 100 MB spill sorted runs to a temporary directory (allowDiskUse).
    #[arg(long)]
    pub allow_disk_use: bool,
    /// Stop after this many milliseconds, as the server stops an operation at maxTimeMS,
    /// with its error (`operation exceeded time limit`); 0: no limit. Default: 10000 for
    /// documents given as text, none for a dump read as a stream (it takes as long as the
    /// file does).
    #[arg(long, value_name = "MS")]
    pub max_time_ms: Option<u64>,
}

/// Arguments of `aggregate`.
#[derive(Debug, clap::Args)]
pub struct AggregateArgs {
    /// The pipeline: an array of stages, e.g. '[{ $group: { _id: { $type: "$v" }, n: { $sum: 1 } } }]'.
    #[arg(value_name = "PIPELINE")]
    pub pipeline: String,
    /// The documents (as for `find`); may be omitted when the pipeline starts with `$documents`.
    #[arg(long, value_name = "FILE|LITERAL")]
    pub docs: Option<String>,
    /// Only this collection of a mongodump --archive, as DB.COLLECTION.
    #[arg(long, value_name = "DB.COLLECTION")]
    pub ns: Option<String>,
    /// Another collection for `$lookup` to read: its name, `=`, then its documents (as for
    /// `--docs`), e.g. --from-coll users=users.json; repeatable.
    #[arg(long = "from-coll", value_name = "NAME=FILE|LITERAL", value_parser = parse_named_collection)]
    pub from_coll: Vec<(String, String)>,
    /// Collation, e.g. '{ locale: "en", numericOrdering: true }': how strings compare in
    /// filters and sorts (default: byte by byte, `simple`).
    #[arg(long, value_name = "SPEC")]
    pub collation: Option<String>,
    /// Print only the `_id`s, as one array in shell syntax.
    #[arg(long)]
    pub ids: bool,
    /// How to print the documents.
    #[arg(long, value_enum, default_value_t = EvalTo::Shell)]
    pub to: EvalTo,
    /// How to read the documents, filter, specs and pipeline (default: Extended JSON for
    /// valid JSON, mongosh syntax otherwise).
    #[arg(long, value_enum)]
    pub from: Option<TextFormat>,
    /// Let a sort past the server's 100 MB spill sorted runs to a temporary directory (allowDiskUse).
    #[arg(long)]
    pub allow_disk_use: bool,
    /// Stop after this many milliseconds, as the server stops an operation at maxTimeMS,
    /// with its error (`operation exceeded time limit`); 0: no limit. Default: 10000 for
    /// documents given as text, none for a dump read as a stream (it takes as long as the
    /// file does).
    #[arg(long, value_name = "MS")]
    pub max_time_ms: Option<u64>,
}

/// `--from-coll` values: `NAME=FILE|LITERAL`, split at the first `=`.
fn parse_named_collection(spec: &str) -> Result<(String, String), String> {
    match spec.split_once('=') {
        Some((name, docs)) if !name.is_empty() && !docs.is_empty() => {
            Ok((name.to_owned(), docs.to_owned()))
        }
        _ => Err(super::i18n::tf(
            "expected NAME=FILE|LITERAL (a collection's name, `=`, then its documents), but found `{spec}`",
            &[&spec],
        )),
    }
}

pub(super) fn document(
    text: &str,
    origin: &Place,
    from: Option<TextFormat>,
) -> Result<Document, CliError> {
    match parse_text_value(text, origin, from)? {
        Value::Document(d) => Ok(d),
        other => Err(CliError::NotADocument {
            place: origin.clone(),
            found: other.element_type(),
        }),
    }
}

/// The documents a value stands for: an array of documents, or a single document.
pub(super) fn documents(value: Value, place: &Place) -> Result<Vec<Document>, CliError> {
    bson_tutor::bson::text::documents(value).map_err(|e| match e.index {
        Some(index) => CliError::ItemNotADocument {
            place: place.clone(),
            index,
            found: e.found,
        },
        None => CliError::NotDocuments {
            place: place.clone(),
            found: e.found,
        },
    })
}

/// The documents of `--docs`: a file (BSON, an array, or one document per line) or a literal.
/// Something that exists but is not a regular file (a directory, `/dev/zero`) is an error
/// naming it, never read as a literal nor read to its end. A `.bson` file is read document
/// by document, each no further than its length prefix allows; a text file up to
/// [`TEXT_MAX`] bytes.
pub(super) fn load_documents(
    spec: &str,
    from: Option<TextFormat>,
) -> Result<Vec<Document>, CliError> {
    load_documents_for(spec, from, "--docs")
}

/// [`load_documents`] for the option `option` (a literal's errors name it).
fn load_documents_for(
    spec: &str,
    from: Option<TextFormat>,
    option: &'static str,
) -> Result<Vec<Document>, CliError> {
    let path = Path::new(spec);
    if let Ok(metadata) = std::fs::metadata(path) {
        if let Some(kind) = FileKind::of(&metadata) {
            return Err(CliError::NotAFile {
                path: spec.to_owned(),
                kind,
            });
        }
        let file = Place::File(spec.to_owned());
        let io = |error| CliError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut reader = std::fs::File::open(path).map_err(io)?;
        let bytes = if path.extension().is_some_and(|x| x == "bson") {
            super::read_documents(&mut reader).map_err(io)?
        } else {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(
                &mut std::io::Read::take(&mut reader, TEXT_MAX + 1),
                &mut bytes,
            )
            .map_err(io)?;
            if bytes.len() as u64 > TEXT_MAX {
                return Err(CliError::TextTooLarge {
                    place: file,
                    max: TEXT_MAX,
                });
            }
            bytes
        };
        if path.extension().is_some_and(|x| x == "bson") {
            let mut docs = Vec::new();
            for range in split_stream(&bytes) {
                let range = range.map_err(|e| CliError::at(file.clone(), e))?;
                let start = range.start;
                docs.push(decode_document(&bytes[range]).map_err(|error| {
                    CliError::DocumentAt {
                        path: spec.to_owned(),
                        start,
                        error,
                    }
                })?);
            }
            return Ok(docs);
        }
        let text = String::from_utf8(bytes).map_err(|_| CliError::DocsNotUtf8 {
            path: spec.to_owned(),
        })?;
        return match parse_text_value(&text, &file, from) {
            Ok(v) => documents(v, &file),
            // Not one value: try one document per line.
            Err(whole) => {
                let mut docs = Vec::new();
                let mut whole = Some(whole);
                for (i, line) in text
                    .lines()
                    .enumerate()
                    .filter(|(_, l)| !l.trim().is_empty())
                {
                    match document(line, &file.line(i + 1), from) {
                        Ok(d) => docs.push(d),
                        // A first line that is not a document: the file was meant as one value.
                        Err(e) => return Err(if i == 0 { whole.take().unwrap_or(e) } else { e }),
                    }
                }
                Ok(docs)
            }
        };
    }
    let place = Place::Arg(option);
    documents(parse_text_value(spec, &place, from)?, &place)
}

/// A collection holding `docs`, inserted as `insertMany` would (ids generated, `_id` rules).
pub(super) fn collection(docs: Vec<Document>) -> Result<Collection, CliError> {
    let now = now_ms();
    // The client's ids come from the shell's one process, as `ObjectId()`s typed in the
    // documents did; mongod has a process of its own (for the ids an upsert makes).
    let Some(server) = processes_from_seed(rand::random(), 1).pop() else {
        return Err(CliError::NoGenerators);
    };
    let client = super::shell_session().process.clone();
    let mut c = Collection::new(
        "test.docs",
        client,
        server,
        u32::try_from(now / 1000).unwrap_or(u32::MAX),
    );
    for (index, d) in docs.into_iter().enumerate() {
        c.insert_one(d)
            .map_err(|error| CliError::Insert { index, error })?;
    }
    super::shell_session().process = c.client.clone();
    Ok(c)
}

/// Writes the documents (or their `_id`s) to standard output, one per line, their control
/// characters escaped in the syntax's own way.
pub(super) fn print(docs: &[Document], ids: bool, to: EvalTo) -> Result<(), CliError> {
    let mut printer = Printer::new(ids, to);
    for d in docs {
        printer.print(d)?;
    }
    printer.finish()
}

/// Standard output for results, written as they come (buffered, flushed at the end): each
/// document on its line, or with `--ids` their `_id`s as one array, `[ 1, 2 ]`, written an
/// `_id` at a time (never held: a dump's millions of ids take no memory). A streamed run ([`Printer::streaming`]) formats and writes on a thread of its own,
/// so printing the results goes on while the next documents are decoded and matched.
pub(super) struct Printer {
    inner: Inner,
}

enum Inner {
    Here(Lines),
    /// The documents go to the printing thread; it ends with the first write error.
    Thread {
        send: Option<std::sync::mpsc::SyncSender<Document>>,
        done: Option<std::thread::JoinHandle<Result<(), CliError>>>,
    },
}

/// The writing itself.
struct Lines {
    out: out::Stdout,
    /// With `--ids`: how many `_id`s are written so far.
    ids: Option<u64>,
    to: EvalTo,
}

impl Lines {
    fn new(ids: bool, to: EvalTo) -> Lines {
        Lines {
            out: out::stdout(),
            ids: ids.then_some(0),
            to,
        }
    }

    fn print(&mut self, d: &Document) -> Result<(), CliError> {
        use std::io::Write;
        if let Some(written) = &mut self.ids {
            // The array `print_value` writes on one line, `[ a, b ]`, an item at a time.
            let id = d
                .get("_id")
                .map_or_else(|| "null".into(), shell::print_value);
            let before = if *written == 0 { "[ " } else { ", " };
            *written += 1;
            return write!(self.out, "{before}{}", out::escape_code(&id)).map_err(CliError::Output);
        }
        let text = match self.to {
            EvalTo::Shell => shell::print_document(d),
            EvalTo::Ejson => ejson::to_string(d, Mode::Canonical),
            EvalTo::Relaxed => ejson::to_string(d, Mode::Relaxed),
        };
        writeln!(self.out, "{}", out::escape_code(&text)).map_err(CliError::Output)
    }

    /// Closes the `--ids` array (`[]` when empty) and flushes.
    fn finish(mut self) -> Result<(), CliError> {
        use std::io::Write;
        match self.ids.take() {
            Some(0) => writeln!(self.out, "[]").map_err(CliError::Output)?,
            Some(_) => writeln!(self.out, " ]").map_err(CliError::Output)?,
            None => {}
        }
        self.out.flush().map_err(CliError::Output)
    }
}

/// Documents waiting for the printing thread: enough to keep it busy, few enough to stay
/// within the memory a stream holds.
const PRINT_QUEUE: usize = 256;

impl Printer {
    pub(super) fn new(ids: bool, to: EvalTo) -> Printer {
        Printer {
            inner: Inner::Here(Lines::new(ids, to)),
        }
    }

    /// A printer for a stream's results, writing on its own thread (in this thread with
    /// `--ids`, whose short items cost less to write than to hand over, or when no thread
    /// can be started).
    pub(super) fn streaming(ids: bool, to: EvalTo) -> Printer {
        if ids {
            return Printer::new(ids, to);
        }
        let (send, receive) = std::sync::mpsc::sync_channel::<Document>(PRINT_QUEUE);
        let thread = std::thread::Builder::new()
            .name("print".into())
            .spawn(move || {
                let mut lines = Lines::new(false, to);
                for d in receive {
                    if let Err(e) = lines.print(&d) {
                        let _ = std::io::Write::flush(&mut lines.out);
                        return Err(e);
                    }
                }
                lines.finish()
            });
        match thread {
            Ok(done) => Printer {
                inner: Inner::Thread {
                    send: Some(send),
                    done: Some(done),
                },
            },
            Err(_) => Printer::new(ids, to),
        }
    }

    /// Writes one document (or its `_id`).
    ///
    /// # Errors
    /// [`CliError::Output`]: standard output refused it (a closed pipe ends the run quietly).
    pub(super) fn print(&mut self, d: &Document) -> Result<(), CliError> {
        match &mut self.inner {
            Inner::Here(lines) => lines.print(d),
            Inner::Thread { .. } => self.print_owned(d.clone()),
        }
    }

    /// [`Printer::print`] for a document the caller is done with.
    ///
    /// # Errors
    /// As [`Printer::print`].
    pub(super) fn print_owned(&mut self, d: Document) -> Result<(), CliError> {
        match &mut self.inner {
            Inner::Here(lines) => lines.print(&d),
            Inner::Thread { send, done } => {
                let sent = send.as_ref().map(|s| s.send(d));
                match sent {
                    Some(Ok(())) => Ok(()),
                    // The thread stopped at a write error: that error.
                    _ => {
                        send.take();
                        Err(join(done.take()))
                    }
                }
            }
        }
    }

    /// Ends the `--ids` array and flushes: the results are all out.
    ///
    /// # Errors
    /// As [`Printer::print`].
    pub(super) fn finish(self) -> Result<(), CliError> {
        match self.inner {
            Inner::Here(lines) => lines.finish(),
            Inner::Thread { send, done } => {
                drop(send);
                match done.map(std::thread::JoinHandle::join) {
                    Some(Ok(result)) => result,
                    _ => Err(CliError::Output(std::io::Error::other(
                        "the printing thread stopped",
                    ))),
                }
            }
        }
    }

    /// Ends a run that failed: what was printed before the error is flushed first (an
    /// `--ids` array is closed after the `_id`s written, so what came out still reads), so
    /// the error comes after it; then the error.
    pub(super) fn end(self, result: Result<(), CliError>) -> Result<(), CliError> {
        match (result, self.inner) {
            (Ok(()), inner) => Printer { inner }.finish(),
            (Err(e), Inner::Here(lines)) => {
                let _ = lines.finish();
                Err(e)
            }
            (Err(e), Inner::Thread { send, done }) => {
                drop(send);
                // Everything sent is written (and the array closed) before the error is said.
                let _ = done.map(std::thread::JoinHandle::join);
                Err(e)
            }
        }
    }
}

/// The error the printing thread stopped with.
fn join(done: Option<std::thread::JoinHandle<Result<(), CliError>>>) -> CliError {
    match done.map(std::thread::JoinHandle::join) {
        Some(Ok(Err(e))) => e,
        _ => CliError::Output(std::io::Error::other("the printing thread stopped")),
    }
}

/// The documents of `--docs`: given as text (a literal, a JSON or mongosh file), held in a
/// collection; or a dump, streamed.
pub(super) enum Docs {
    /// Text: parsed whole, then inserted (ids generated, `_id`s checked).
    Text(Vec<Document>),
    /// A dump read one document at a time: the collection's stored documents as the dump
    /// holds them, no `_id` added, no duplicate looked for.
    Dump(Box<DocStream>),
}

/// Opens `--docs`: a dump (`-` for standard input, a named pipe, a `.bson` or `.bson.gz`
/// file, or any file that starts as gzip or a mongodump archive does) is streamed; anything
/// else is read as [`load_documents`] reads it. In an archive, `ns` picks the collection.
pub(super) fn open_documents(
    spec: &str,
    from: Option<TextFormat>,
    ns: Option<&str>,
) -> Result<Docs, CliError> {
    if !is_dump(spec) {
        return Ok(Docs::Text(load_documents(spec, from)?));
    }
    let stream = super::inspect::open_dump(Path::new(spec))?;
    let stream = match ns {
        Some(ns) => stream.only(ns)?,
        None => stream,
    };
    Ok(Docs::Dump(Box::new(stream.one_collection()?)))
}

/// Whether `--docs` names a dump to stream rather than text: standard input, a named pipe,
/// a `.bson`/`.bson.gz` name, or a file whose first bytes are gzip's or an archive's magic.
fn is_dump(spec: &str) -> bool {
    if spec == "-" {
        return true;
    }
    let Ok(metadata) = std::fs::metadata(spec) else {
        return false;
    };
    match FileKind::of(&metadata) {
        Some(FileKind::Fifo) => return true,
        // `load_documents` names what it is.
        Some(_) => return false,
        None => {}
    }
    if spec.ends_with(".bson") || spec.ends_with(".bson.gz") {
        return true;
    }
    let mut head = [0u8; 4];
    let got = std::fs::File::open(spec)
        .and_then(|mut f| {
            let mut n = 0;
            while n < head.len() {
                match std::io::Read::read(&mut f, &mut head[n..])? {
                    0 => break,
                    k => n += k,
                }
            }
            Ok(n)
        })
        .unwrap_or(0);
    (got >= 2 && head[..2] == bson_tutor::dump::GZIP_MAGIC) || (got == 4 && head == ARCHIVE_MAGIC)
}

/// The documents of a dump, decoded on every core in input order; a document the decoder
/// refuses is an error naming its number and byte offset, and ends the stream.
pub(super) struct Decoded {
    inner: super::source::Decoded,
    /// With `find --explain`: the filter whose mismatches are said on standard error.
    explain: Option<Filter>,
}

/// Bytes of documents decoded at a time on each core.
const DECODE_BATCH: usize = 256 * 1024;

impl Decoded {
    pub(super) fn new(stream: Box<DocStream>) -> Decoded {
        Decoded {
            inner: stream.decoded(DECODE_BATCH),
            explain: None,
        }
    }

    /// Keeps only the documents `keep` accepts, tested where they are decoded.
    fn keep_only(&mut self, keep: super::source::Keep) {
        self.inner.keep_only(keep);
    }
}

impl Iterator for Decoded {
    type Item = Result<Document, CliError>;

    fn next(&mut self) -> Option<Self::Item> {
        let doc = match self.inner.next()? {
            Ok(doc) => doc,
            Err(e) => return Some(Err(e)),
        };
        if let Some(filter) = &self.explain {
            match filter.explain_mismatch(&doc, super::i18n::lang()) {
                Ok(Some(why)) => {
                    let id = doc.get("_id").map(shell::print_value).unwrap_or_default();
                    let line = format!("{}_id {id}: {why}", super::i18n::t("no match: "));
                    self.inner
                        .stream()
                        .meter()
                        .suspend(|| out::eprint_line(out::safe_lines(&line)));
                }
                Ok(None) => {}
                Err(e) => return Some(Err(e.into())),
            }
        }
        Some(Ok(doc))
    }
}

/// The `--max-time-ms` budget: as given, else the tutor's 10 s for documents given as text
/// and none for a dump read as a stream, which takes as long as the file does (the server
/// sets no limit by default either).
pub(super) fn budget(given: Option<u64>, streamed: bool) -> u64 {
    given.unwrap_or(if streamed {
        0
    } else {
        deadline::DEFAULT_MAX_TIME_MS
    })
}

/// Runs an evaluation under `--max-time-ms`: its result, or the server's
/// `operation exceeded time limit` when the budget ran out before it ended.
pub(super) fn timed<T>(
    max_time_ms: u64,
    evaluate: impl FnOnce() -> Result<T, CliError>,
) -> Result<T, CliError> {
    match deadline::within_or_exit(max_time_ms, deadline::say_time_limit, evaluate) {
        (_, Some(why)) => Err(QueryError::from(why).into()),
        (result, None) => result,
    }
}

/// The spill directory of `--allow-disk-use`: a fresh directory under the system's
/// temporary directory, with a unique name, removed with anything in it when dropped. Ctrl-C
/// (or SIGTERM, SIGHUP) while it exists removes it before the process ends, with the
/// shell's status for an interrupt (130): the sort's files never outlive the command.
struct Spill {
    dir: tempfile::TempDir,
    done: Arc<AtomicBool>,
}

impl Spill {
    /// A spill directory when `allow_disk_use`, none otherwise.
    fn new(allow_disk_use: bool) -> Result<Option<Spill>, CliError> {
        if !allow_disk_use {
            return Ok(None);
        }
        let base = std::env::temp_dir();
        let dir = tempfile::Builder::new()
            .prefix("bson-tutor-sort-")
            .tempdir_in(&base)
            .map_err(|error| CliError::Io { path: base, error })?;
        let signalled = Arc::new(AtomicBool::new(false));
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            // A signal that cannot be watched keeps its default action: the files stay, as
            // they would without this watch.
            let _ = signal_hook::flag::register(signal, Arc::clone(&signalled));
        }
        let done = Arc::new(AtomicBool::new(false));
        let (path, finished) = (dir.path().to_path_buf(), Arc::clone(&done));
        // Without a thread, the signal is only noticed when the command ends.
        let _ = std::thread::Builder::new()
            .name("spill-cleanup".into())
            .spawn(move || {
                while !finished.load(Ordering::Relaxed) {
                    if signalled.load(Ordering::Relaxed) {
                        let _ = std::fs::remove_dir_all(&path);
                        std::process::exit(130);
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            });
        Ok(Some(Spill { dir, done }))
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Spill {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

/// The `--collation` option read as the server reads a collation (simple when absent).
fn collation(spec: Option<&str>, from: Option<TextFormat>) -> Result<Collation, CliError> {
    let Some(spec) = spec else {
        return Ok(Collation::Simple);
    };
    let d = document(spec, &Place::Arg("--collation"), from)?;
    Collation::parse(&d)
        .map_err(|e| CliError::from(QueryError::new("collation", QueryErrorKind::Collation(e))))
}

/// Runs `find`.
pub fn run_find(args: &FindArgs) -> ExitCode {
    // What the in-memory run holds to print: the documents found and why others were not.
    type Held = (Vec<Document>, Vec<String>);
    let run = || -> Result<Option<Held>, CliError> {
        let from = args.from;
        let filter = document(&args.filter, &Place::Arg("FILTER"), from)?;
        let spill = Spill::new(args.allow_disk_use)?;
        let options = FindOptions {
            projection: args
                .project
                .as_deref()
                .map(|p| document(p, &Place::Arg("--project"), from))
                .transpose()?,
            sort: args
                .sort
                .as_deref()
                .map(|s| document(s, &Place::Arg("--sort"), from))
                .transpose()?,
            skip: args.skip,
            limit: args.limit,
            collation: collation(args.collation.as_deref(), from)?,
            allow_disk_use: Some(args.allow_disk_use),
            spill_dir: spill.as_ref().map(|d| d.path().to_path_buf()),
        };
        let c = match open_documents(&args.docs, from, args.ns.as_deref())? {
            Docs::Text(docs) => collection(docs)?,
            Docs::Dump(stream) => {
                let mut input = Decoded::new(stream);
                let parsed = Filter::parse_in(&filter, &options.collation)?;
                if args.explain {
                    input.explain = Some(parsed);
                } else {
                    // The filter runs where the documents are decoded, on every core;
                    // `find_stream` sees only those that pass (and tests them again).
                    let parsed = std::sync::Arc::new(parsed);
                    input.keep_only(std::sync::Arc::new(move |d| parsed.matches(d)));
                }
                let mut printer = Printer::streaming(args.ids, args.to);
                let found = timed(budget(args.max_time_ms, true), || {
                    find_stream(&filter, &options, input, |d| printer.print_owned(d))
                });
                printer.end(found)?;
                return Ok(None);
            }
        };
        timed(budget(args.max_time_ms, false), || {
            let found = c.find(&filter, &options)?;
            let mut reasons = Vec::new();
            if args.explain {
                let parsed = Filter::parse_in(&filter, &options.collation)?;
                for d in c.documents() {
                    if let Some(why) = parsed.explain_mismatch(d, super::i18n::lang())? {
                        let id = d.get("_id").map(shell::print_value).unwrap_or_default();
                        reasons.push(format!("_id {id}: {why}"));
                    }
                }
            }
            Ok(Some((found, reasons)))
        })
    };
    match run().and_then(|held| match held {
        Some((found, reasons)) => {
            print(&found, args.ids, args.to)?;
            Ok(reasons)
        }
        None => Ok(Vec::new()),
    }) {
        Ok(reasons) => {
            for r in reasons {
                let line = format!("{}{r}", super::i18n::t("no match: "));
                out::eprint_line(out::safe_lines(&line));
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}

/// Runs `aggregate`.
pub fn run_aggregate(args: &AggregateArgs) -> ExitCode {
    let run = || -> Result<Option<Vec<Document>>, CliError> {
        let place = Place::Arg("PIPELINE");
        let pipeline = match parse_text_value(&args.pipeline, &place, args.from)? {
            Value::Array(stages) => stages
                .into_iter()
                .enumerate()
                .map(|(index, s)| match s {
                    Value::Document(d) => Ok(d),
                    other => Err(CliError::at(
                        place.clone(),
                        CliError::StageNotADocument {
                            index,
                            found: other.element_type(),
                        },
                    )),
                })
                .collect::<Result<Vec<_>, _>>()?,
            Value::Document(stage) => vec![stage],
            other => {
                return Err(CliError::NotAPipeline {
                    found: other.element_type(),
                });
            }
        };
        let (input, stream) = match &args.docs {
            Some(spec) => match open_documents(spec, args.from, args.ns.as_deref())? {
                Docs::Text(docs) => (collection(docs)?.documents().cloned().collect(), None),
                Docs::Dump(stream) => (Vec::new(), Some(Decoded::new(stream))),
            },
            None => (Vec::new(), None),
        };
        // Each named collection is inserted as its own `insertMany` (ids generated); a name
        // given twice keeps its last documents.
        let mut collections = aggregate::Collections::new();
        for (name, spec) in &args.from_coll {
            let docs = collection(load_documents_for(spec, args.from, "--from-coll")?)?
                .documents()
                .cloned()
                .collect();
            collections.insert(name.clone(), docs);
        }
        let context = Context { now_ms: now_ms() };
        let collation = collation(args.collation.as_deref(), args.from)?;
        let spill = Spill::new(args.allow_disk_use)?;
        let mut pipeline = aggregate::Pipeline::parse(&pipeline)?
            .collation(&collation)
            .allow_disk_use(args.allow_disk_use);
        if let Some(dir) = &spill {
            pipeline = pipeline.spill_dir(dir.path());
        }
        if let Some(stream) = stream {
            let mut printer = Printer::streaming(args.ids, args.to);
            let ran = timed(budget(args.max_time_ms, true), || {
                pipeline.run_stream(stream, &context, &collections, |d| printer.print_owned(d))
            });
            printer.end(ran)?;
            return Ok(None);
        }
        timed(budget(args.max_time_ms, false), || {
            Ok(Some(pipeline.run_in(&input, &context, &collections)?))
        })
    };
    match run().and_then(|docs| match docs {
        Some(docs) => print(&docs, args.ids, args.to),
        None => Ok(()),
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}
