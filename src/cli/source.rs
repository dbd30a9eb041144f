//! Documents read from a file or standard input as a stream, whatever the size of the input:
//! a mongodump `.bson` file, the same gzip'd (`.bson.gz`, detected by its magic bytes, not its
//! name), or a `mongodump --archive` (gzip'd or not, detected by its magic number), one
//! document at a time through the library's [`DocumentReader`] and [`ArchiveReader`], so
//! memory stays at the largest document plus buffers.
//!
//! Two things a person pointing the tool at a big dump wants come with it:
//! - [`Meter`]: a progress bar on standard error (bytes read of the file's size, documents,
//!   rate, time left) once the work has taken over a second, and only when standard error
//!   is a terminal and `CI` is not set: never in a pipe, a log or a test. It is `indicatif`'s
//!   (the console-rs project's, widely used): drawing a bar that redraws in place, rates
//!   and ETAs is not something the tutor teaches.
//! - [`DocStream::par_map`]: the work on each document (rendering a view, decoding) done on
//!   every core by `rayon`'s work-stealing pool over batches of documents, in input order,
//!   while the next batch is read.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use bson_tutor::dump::archive::{ARCHIVE_MAGIC, ArchiveItem, ArchiveReader, Prelude};
use bson_tutor::dump::{DocumentReader, DumpError, open_input, read_full};

use super::error::CliError;

/// `path` (`-`: standard input) opened for reading, with the progress bar that counts the
/// bytes read from it (the file's, before any decompression): a regular file, or a named pipe
/// read as a stream.
///
/// # Errors
/// The file cannot be opened, or is not a regular file nor a named pipe.
pub fn open_counted(path: &Path) -> Result<(impl Read + Send + use<>, Meter), CliError> {
    let read = Arc::new(AtomicU64::new(0));
    let (raw, total): (Boxed, Option<u64>) = if path.as_os_str() == "-" {
        (Box::new(io::stdin()), None)
    } else {
        let metadata = std::fs::metadata(path).map_err(io_error(path))?;
        // A named pipe or a device streams like standard input (`--docs <(zcat x.bson.gz)`,
        // `--file /dev/stdin`); reading stops at the first bad length prefix, so even
        // `/dev/zero` ends after its first megabyte.
        use super::error::FileKind;
        let kind = FileKind::of(&metadata);
        if let Some(kind) = kind.filter(|k| !matches!(k, FileKind::Fifo | FileKind::Device)) {
            return Err(CliError::NotAFile {
                path: path.display().to_string(),
                kind,
            });
        }
        let file = std::fs::File::open(path).map_err(io_error(path))?;
        (Box::new(file), kind.is_none().then_some(metadata.len()))
    };
    let counted = Counted {
        inner: raw,
        read: Arc::clone(&read),
    };
    Ok((counted, Meter::new(total, read)))
}

/// Whether a (decompressed) input starts with the archive magic number, and the input with
/// the bytes looked at put back.
///
/// # Errors
/// Reading the first four bytes failed.
pub fn peek_archive(mut input: Boxed) -> io::Result<(bool, Boxed)> {
    let mut head = [0u8; 4];
    let got = read_full(&mut input, &mut head)?;
    let rest: Boxed = Box::new(io::Cursor::new(head[..got].to_vec()).chain(input));
    Ok((got == 4 && head == ARCHIVE_MAGIC, rest))
}

/// A reader that counts the bytes taken from the file, below any decompression: the progress
/// bar measures how far into the file the stream is.
struct Counted<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

pub type Boxed = Box<dyn Read + Send>;

/// Inputs up to this size are also kept whole ([`DocStream::whole`]).
pub const SMALL_INPUT: usize = 1024 * 1024;

/// What the input turned out to be.
enum Reader {
    /// Concatenated documents (`.bson`), possibly gzip'd.
    Plain(DocumentReader<Boxed>),
    /// A mongodump archive, possibly gzip'd.
    Archive(Box<ArchiveReader<Boxed>>),
}

/// One document as read, borrowed from the stream's buffer.
#[derive(Clone, Copy, Debug)]
pub struct RawDoc<'a> {
    /// Absolute byte offset of the document in the (decompressed) stream.
    pub offset: u64,
    /// 1 for the first document of the input (of its collection, in an archive), 2 for the
    /// next, …, as a person counts them.
    pub number: u64,
    /// The document's bytes, length prefix to terminating NUL.
    pub bytes: &'a [u8],
    /// `db.collection` in an archive; `None` for a `.bson` stream.
    pub namespace: Option<&'a str>,
}

/// The documents of a file (or standard input for `-`), read one at a time.
pub struct DocStream {
    reader: Reader,
    /// The path as given, for messages.
    name: String,
    gzip: bool,
    /// The whole input (decompressed), when it is a `.bson` stream of at most
    /// [`SMALL_INPUT`] bytes.
    whole: Option<Vec<u8>>,
    meter: Meter,
    /// Only this `db.collection` of an archive (all when `None`).
    only: Option<String>,
    /// Documents read so far, per namespace (an archive interleaves them): a map, as an
    /// archive may hold hundreds of thousands of collections.
    counts: std::collections::HashMap<String, u64>,
    /// Documents read so far in an archive, all namespaces together.
    total: u64,
    /// Documents read so far in a `.bson` stream.
    count: u64,
    /// The namespace of the last document, as `db.collection`.
    namespace: String,
    /// Set after an error: the stream yields nothing more.
    done: bool,
}

impl DocStream {
    /// Opens `path` (`-`: standard input): gzip and the archive format are detected by their
    /// magic bytes. The progress bar counts against the file's size when it has one.
    ///
    /// # Errors
    /// The file cannot be opened or read, is not a regular file, or an archive's prelude is
    /// damaged.
    pub fn open(path: &Path) -> Result<DocStream, CliError> {
        let (input, meter) = open_counted(path)?;
        let input = open_input(input).map_err(io_error(path))?;
        let gzip = input.is_gzip();
        let (archive, rest) = peek_archive(Box::new(input)).map_err(io_error(path))?;
        DocStream::from_parts(path, rest, archive, gzip, meter)
    }

    /// A stream over `rest` (decompressed already), an archive when `archive`.
    ///
    /// # Errors
    /// Reading failed, or an archive's prelude is damaged.
    pub fn from_parts(
        path: &Path,
        rest: Boxed,
        archive: bool,
        gzip: bool,
        meter: Meter,
    ) -> Result<DocStream, CliError> {
        let name = path.display().to_string();
        let mut whole = None;
        let reader = if archive {
            let archive = ArchiveReader::open(rest).map_err(|error| CliError::Dump {
                path: name.clone(),
                document: None,
                error,
            })?;
            Reader::Archive(Box::new(archive))
        } else {
            // A small input is kept whole as well: `inspect` shows it as it always has, with
            // the whole input's context in its messages.
            let mut head = Vec::new();
            let mut rest = rest;
            (&mut rest)
                .take(SMALL_INPUT as u64 + 1)
                .read_to_end(&mut head)
                .map_err(io_error(path))?;
            if head.len() <= SMALL_INPUT {
                whole = Some(head.clone());
            }
            Reader::Plain(DocumentReader::new(Box::new(
                io::Cursor::new(head).chain(rest),
            )))
        };
        Ok(DocStream {
            reader,
            name,
            gzip,
            whole,
            meter,
            only: None,
            counts: std::collections::HashMap::new(),
            total: 0,
            count: 0,
            namespace: String::new(),
            done: false,
        })
    }

    /// Reads only the documents of `namespace` (`db.collection`) when the input is an
    /// archive; a `.bson` stream is one collection and ignores it.
    ///
    /// # Errors
    /// [`CliError::NoSuchNamespace`] when the archive announces no such collection.
    pub fn only(mut self, namespace: &str) -> Result<DocStream, CliError> {
        if let Some(prelude) = self.prelude() {
            let names = namespaces(prelude);
            if !names.iter().any(|n| n == namespace) {
                return Err(CliError::NoSuchNamespace {
                    path: self.name.clone(),
                    namespace: namespace.to_owned(),
                    known: names.join(", "),
                });
            }
        }
        self.only = Some(namespace.to_owned());
        Ok(self)
    }

    /// One collection's documents: an archive holding several must be narrowed with
    /// [`Self::only`] first (the commands' `--ns`), else this is an error naming them.
    ///
    /// # Errors
    /// [`CliError::SeveralNamespaces`].
    pub fn one_collection(self) -> Result<DocStream, CliError> {
        match self.prelude() {
            Some(prelude) if self.only.is_none() && prelude.collections.len() > 1 => {
                Err(CliError::SeveralNamespaces {
                    path: self.name.clone(),
                    known: namespaces(prelude).join(", "),
                })
            }
            _ => Ok(self),
        }
    }

    /// The path as given (`-` for standard input).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole (decompressed) input when it is a `.bson` stream of at most [`SMALL_INPUT`]
    /// bytes: reading it whole costs no more than a document. [`Self::next_doc`] reads it
    /// all the same.
    pub fn whole(&self) -> Option<&[u8]> {
        self.whole.as_deref()
    }

    /// The archive's header and collections, when the input is an archive.
    pub fn prelude(&self) -> Option<&Prelude> {
        match &self.reader {
            Reader::Archive(a) => Some(a.prelude()),
            Reader::Plain(_) => None,
        }
    }

    /// The progress bar, to hide around lines written to standard error.
    pub fn meter(&self) -> &Meter {
        &self.meter
    }

    /// The next document, `None` at the end of the input; after an error, `None` for good.
    ///
    /// # Errors
    /// A damaged frame ([`CliError::Dump`], with the document's number and offset) or a
    /// failed read.
    pub fn next_doc(&mut self) -> Option<Result<RawDoc<'_>, CliError>> {
        if self.done {
            return None;
        }
        let name = &self.name;
        let dump_error = |document: u64, error: DumpError| match error {
            DumpError::Io(error) => io_error(Path::new(name))(error),
            error => CliError::Dump {
                path: name.clone(),
                document: Some(document),
                error,
            },
        };
        match &mut self.reader {
            Reader::Plain(reader) => {
                let number = self.count + 1;
                let doc = match reader.next_document() {
                    Some(Ok(doc)) => doc,
                    Some(Err(e)) => {
                        self.done = true;
                        self.meter.finish();
                        return Some(Err(dump_error(number, e)));
                    }
                    None => {
                        self.done = true;
                        self.meter.finish();
                        return None;
                    }
                };
                self.count = number;
                let end = doc.offset + doc.bytes.len() as u64;
                self.meter.tick(number, (!self.gzip).then_some(end));
                Some(Ok(RawDoc {
                    offset: doc.offset,
                    number,
                    bytes: doc.bytes,
                    namespace: None,
                }))
            }
            Reader::Archive(archive) => {
                loop {
                    // The next document's number is not known before its namespace: a damaged
                    // frame is numbered after the last document read.
                    let so_far = self.total;
                    let item = match archive.next_item() {
                        Some(Ok(item)) => item,
                        Some(Err(e)) => {
                            self.done = true;
                            self.meter.finish();
                            return Some(Err(dump_error(so_far + 1, e)));
                        }
                        None => {
                            self.done = true;
                            self.meter.finish();
                            return None;
                        }
                    };
                    let (db, collection) = match item {
                        ArchiveItem::Document { db, collection, .. } => (db, collection),
                        ArchiveItem::CollectionEnd {
                            db,
                            collection,
                            crc,
                            computed,
                        } => {
                            let namespace = format!("{db}.{collection}");
                            let wanted = self.only.as_ref().is_none_or(|o| *o == namespace);
                            if crc == computed || !wanted {
                                continue;
                            }
                            self.done = true;
                            self.meter.finish();
                            return Some(Err(CliError::Dump {
                                path: name.clone(),
                                document: None,
                                error: DumpError::ChecksumMismatch {
                                    namespace,
                                    recorded: crc,
                                    computed,
                                },
                            }));
                        }
                    };
                    self.namespace.clear();
                    self.namespace.push_str(db);
                    self.namespace.push('.');
                    self.namespace.push_str(collection);
                    if self.only.as_ref().is_some_and(|o| *o != self.namespace) {
                        continue;
                    }
                    let (offset, bytes) = archive.last_document();
                    let end = offset + bytes.len() as u64;
                    self.meter.tick(so_far + 1, (!self.gzip).then_some(end));
                    break;
                }
                self.total += 1;
                let number = match self.counts.get_mut(self.namespace.as_str()) {
                    Some(count) => {
                        *count += 1;
                        *count
                    }
                    None => {
                        self.counts.insert(self.namespace.clone(), 1);
                        1
                    }
                };
                let (offset, bytes) = archive.last_document();
                Some(Ok(RawDoc {
                    offset,
                    number,
                    bytes,
                    namespace: Some(&self.namespace),
                }))
            }
        }
    }

    /// Maps every document with `map` on all cores, in input order: batches of about
    /// `batch_bytes` of documents are read while the previous batch is mapped, so memory holds
    /// two batches and their results. `sink` receives each result in order; its error, or the
    /// stream's (after every document before it), ends the walk.
    ///
    /// # Errors
    /// The stream's or `sink`'s first error.
    /// `map` is told whether the input holds more than one document.
    pub fn par_map<T: Send>(
        &mut self,
        batch_bytes: usize,
        map: impl Fn(&Owned, bool) -> T + Sync,
        mut sink: impl FnMut(&Owned, T) -> Result<(), CliError>,
    ) -> Result<(), CliError> {
        let mut batch = self.read_batch(batch_bytes);
        if batch.docs.len() == 1 && batch.error.is_none() {
            // One document so far: a second, or the end, says whether there are several.
            let more = self.read_batch(batch_bytes);
            batch.docs.extend(more.docs);
            batch.error = more.error;
        }
        let several = batch.docs.len() > 1;
        let map = |doc: &Owned| map(doc, several);
        loop {
            if batch.docs.is_empty() {
                return batch.error.map_or(Ok(()), Err);
            }
            let docs = &batch.docs;
            let (results, next) = rayon::join(
                || {
                    use rayon::prelude::*;
                    docs.par_iter().map(&map).collect::<Vec<T>>()
                },
                || {
                    if batch.error.is_some() {
                        Batch::default()
                    } else {
                        self.read_batch(batch_bytes)
                    }
                },
            );
            for (doc, result) in batch.docs.iter().zip(results) {
                sink(doc, result)?;
            }
            if let Some(e) = batch.error {
                return Err(e);
            }
            batch = next;
        }
    }

    /// Up to `batch_bytes` of documents (at least one), or the error that stopped them.
    fn read_batch(&mut self, batch_bytes: usize) -> Batch {
        let mut batch = Batch::default();
        let mut size = 0;
        while size < batch_bytes {
            match self.next_doc() {
                None => break,
                Some(Ok(doc)) => {
                    size += doc.bytes.len();
                    batch.docs.push(Owned::from(doc));
                }
                Some(Err(e)) => {
                    batch.error = Some(e);
                    break;
                }
            }
        }
        batch
    }
}

/// A document copied out of the stream's buffer, for a batch.
#[derive(Clone, Debug)]
pub struct Owned {
    /// As [`RawDoc::offset`].
    pub offset: u64,
    /// As [`RawDoc::number`].
    pub number: u64,
    /// The document's bytes.
    pub bytes: Vec<u8>,
    /// As [`RawDoc::namespace`].
    pub namespace: Option<String>,
}

impl From<RawDoc<'_>> for Owned {
    fn from(doc: RawDoc<'_>) -> Self {
        Owned {
            offset: doc.offset,
            number: doc.number,
            bytes: doc.bytes.to_vec(),
            namespace: doc.namespace.map(str::to_owned),
        }
    }
}

#[derive(Default)]
struct Batch {
    docs: Vec<Owned>,
    error: Option<CliError>,
}

/// `db.collection` for every collection an archive announces.
pub fn namespaces(prelude: &Prelude) -> Vec<String> {
    prelude
        .collections
        .iter()
        .map(|c| format!("{}.{}", c.db, c.collection))
        .collect()
}

/// The error of reading `path` (standard input for `-`).
pub fn io_error(path: &Path) -> impl Fn(io::Error) -> CliError + '_ {
    move |error| {
        if path.as_os_str() == "-" {
            CliError::ReadStdin(error)
        } else {
            CliError::Io {
                path: PathBuf::from(path),
                error,
            }
        }
    }
}

/// How long work runs before the progress bar appears: a quick command shows none.
const SHOW_AFTER: Duration = Duration::from_secs(1);

/// How often the bar is given a new position.
const FEED_EVERY: Duration = Duration::from_millis(100);

/// The progress bar of a long read, on standard error; hidden unless standard error is a
/// terminal, `CI` is unset and the work has run for [`SHOW_AFTER`].
pub struct Meter {
    bar: Option<ProgressBar>,
    started: Instant,
    /// When the bar was last given a position.
    fed: Instant,
    shown: bool,
    read: Arc<AtomicU64>,
}

impl Meter {
    fn new(total: Option<u64>, read: Arc<AtomicU64>) -> Meter {
        use std::io::IsTerminal;
        let wanted = io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        let bar = wanted.then(|| {
            let bar = match total {
                Some(total) => {
                    ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden())
                }
                None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()),
            };
            let template = match total {
                Some(_) => "{bar:30} {bytes}/{total_bytes} {msg} {bytes_per_sec} {eta}",
                None => "{spinner} {bytes} {msg} {bytes_per_sec}",
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style.progress_chars("█▉▊▋▌▍▎▏ "));
            }
            bar
        });
        Meter {
            bar,
            started: Instant::now(),
            fed: Instant::now(),
            shown: false,
            read,
        }
    }

    /// Notes that `documents` have been read so far, the last ending at byte `at` of the
    /// file when that is known (a stream not decompressed): the bar then shows how far the
    /// documents are rather than how far reading ahead has gone.
    pub fn tick(&mut self, documents: u64, at: Option<u64>) {
        let Some(bar) = &self.bar else { return };
        // A clock read per document is cheap next to decoding it; the bar is fed 10 times a
        // second at most.
        let now = Instant::now();
        if now.duration_since(self.fed) < FEED_EVERY {
            return;
        }
        self.fed = now;
        if !self.shown && now.duration_since(self.started) >= SHOW_AFTER {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        bar.set_position(at.unwrap_or_else(|| self.read.load(Ordering::Relaxed)));
        bar.set_message(super::i18n::tn(documents, "{n} document", "{n} documents"));
    }

    /// Runs `f` (which writes to standard error) with the bar out of the way.
    pub fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown => bar.suspend(f),
            _ => f(),
        }
    }

    /// Clears the bar: the stream ended.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A stream's documents decoded on every core, in input order: what `find`, `aggregate` and
/// `update` read from a dump. A document the decoder refuses ends the stream with
/// [`CliError::Dump`] (its number and offset) after every document before it.
pub struct Decoded {
    stream: Box<DocStream>,
    batch_bytes: usize,
    ready: std::collections::VecDeque<Result<bson_tutor::bson::Document, CliError>>,
    /// The next batch, read while the last one was decoded.
    next: Option<Batch>,
    done: bool,
    /// Documents for which this is false are dropped where they were decoded.
    keep: Option<Keep>,
}

/// A test a document must pass to be kept, run on the cores that decode.
pub type Keep = std::sync::Arc<dyn Fn(&bson_tutor::bson::Document) -> bool + Send + Sync>;

impl DocStream {
    /// The documents decoded, batches of about `batch_bytes` at a time on every core.
    pub fn decoded(self: Box<Self>, batch_bytes: usize) -> Decoded {
        Decoded {
            stream: self,
            batch_bytes,
            ready: std::collections::VecDeque::new(),
            next: None,
            done: false,
            keep: None,
        }
    }
}

impl Decoded {
    /// Keeps only the documents `keep` accepts, tested on the cores that decode them (a
    /// `find` filter: the documents it rejects are never handed on).
    pub fn keep_only(&mut self, keep: Keep) {
        self.keep = Some(keep);
    }

    /// The stream, for its name and progress bar.
    pub fn stream(&self) -> &DocStream {
        &self.stream
    }

    fn refill(&mut self) {
        use bson_tutor::bson::{Limits, decode_document_with};
        use rayon::prelude::*;
        let batch = match self.next.take() {
            Some(batch) => batch,
            None => self.stream.read_batch(self.batch_bytes),
        };
        if batch.docs.is_empty() && batch.error.is_none() {
            self.done = true;
            return;
        }
        let name = self.stream.name.clone();
        let limits = Limits {
            max_size: bson_tutor::dump::MAX_DOCUMENT_LEN,
            ..Limits::default()
        };
        let decode = |doc: &Owned| {
            decode_document_with(&doc.bytes, limits).map_err(|error| CliError::Dump {
                path: name.clone(),
                document: Some(doc.number),
                error: DumpError::Decode {
                    offset: doc.offset,
                    error,
                },
            })
        };
        let keep = self.keep.as_deref();
        let wanted = |doc: &Result<bson_tutor::bson::Document, CliError>| match (doc, keep) {
            (Ok(doc), Some(keep)) => keep(doc),
            _ => true,
        };
        let more = batch.error.is_none();
        let stream = &mut self.stream;
        let batch_bytes = self.batch_bytes;
        let (decoded, next) = rayon::join(
            || {
                batch
                    .docs
                    .par_iter()
                    .map(decode)
                    .filter(wanted)
                    .collect::<Vec<_>>()
            },
            || more.then(|| stream.read_batch(batch_bytes)),
        );
        self.ready.extend(decoded);
        if let Some(e) = batch.error {
            self.ready.push_back(Err(e));
            self.done = true;
        }
        self.next = next;
    }
}

impl Iterator for Decoded {
    type Item = Result<bson_tutor::bson::Document, CliError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                if item.is_err() {
                    // Nothing after a damaged document.
                    self.ready.clear();
                    self.next = None;
                    self.done = true;
                }
                return Some(item);
            }
            if self.done {
                return None;
            }
            self.refill();
        }
    }
}
