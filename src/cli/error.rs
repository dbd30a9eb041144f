//! The command line's errors as values: what went wrong, with the place a text came from
//! (`EXPRESSION`, `--hex`, `orders.json line 3`) as a frame around the engine's own error.
//! Each is written once, in the run's language, by [`fail`].

use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;

use bson_tutor::bson::datetime::IsoDateError;
use bson_tutor::bson::error::{DecodeError, EncodeError};
use bson_tutor::bson::hex::HexError;
use bson_tutor::bson::oid::ObjectIdError;
use bson_tutor::bson::{ElementType, ParseError};
use bson_tutor::inspect::InputError;
use bson_tutor::lesson::render::RenderError;
use bson_tutor::lesson::solve::SolveError;
use bson_tutor::query::error::QueryError;
use bson_tutor::query::expr::ExprError;
use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::{Lang, tr, trf, write_trf};

use super::i18n;
use super::out::safe_lines;
use super::store::StoreError;

/// Exit code for input that is not valid BSON (clap uses 2 for usage errors).
pub const EXIT_BAD_INPUT: u8 = 1;

/// Where a text came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// An argument or an option, by its name: `EXPRESSION`, `--hex`.
    Arg(&'static str),
    /// A file, by its path as given.
    File(String),
    /// One line of an argument or a file (1-based).
    Line {
        /// The argument or file.
        of: Box<Place>,
        /// The line.
        line: usize,
    },
}

impl Place {
    /// Line `line` of this place.
    pub fn line(&self, line: usize) -> Place {
        Place::Line {
            of: Box::new(self.clone()),
            line,
        }
    }
}

impl Localize for Place {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Place::Arg(name) => out.write_str(name),
            Place::File(path) => out.write_str(path),
            Place::Line { of, line } => write_trf(
                out,
                lang,
                "{display_in} line {line}",
                &[&of.display_in(lang), line],
            ),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// An error about one text, framed by where the text came from.
    In {
        /// Where.
        place: Place,
        /// What is wrong with it.
        error: Box<CliError>,
    },
    /// Text that does not parse: the message, then the line and a caret under the spot.
    Parse(ParseError),
    /// An ISO-8601 time that does not read.
    Date(IsoDateError),
    /// Hex digits that do not read.
    Hex(HexError),
    /// Bytes that are not BSON.
    Decode(DecodeError),
    /// A document that cannot be written as BSON.
    Encode(EncodeError),
    /// An expression with no value.
    Expr(ExprError),
    /// A query or pipeline the server refuses.
    Query(QueryError),
    /// A document of `inspect`'s input that cannot be read.
    Input(InputError),
    /// Not an ObjectId.
    ObjectId(ObjectIdError),
    /// A lesson step that does not compute.
    Render(RenderError),
    /// An exercise the engine cannot answer.
    Solve(SolveError),
    /// The progress file.
    Store(StoreError),
    /// A tutorial option given before a command.
    TutorialOption {
        /// The option.
        flag: &'static str,
    },
    /// A document of `--docs` the collection refuses.
    Insert {
        /// Its index.
        index: usize,
        /// The server's refusal.
        error: QueryError,
    },
    /// An `--at` time outside an ObjectId's 4 bytes of seconds.
    AtOutOfRange {
        /// The time as given.
        text: String,
    },
    /// A value that must be a document.
    NotADocument {
        /// Where it came from.
        place: Place,
        /// Its type.
        found: ElementType,
    },
    /// A value that must be documents (an array of them, or one).
    NotDocuments {
        /// Where it came from.
        place: Place,
        /// Its type.
        found: ElementType,
    },
    /// An item of an array of documents that is not one.
    ItemNotADocument {
        /// Where it came from.
        place: Place,
        /// Its index.
        index: usize,
        /// Its type.
        found: ElementType,
    },
    /// A pipeline stage that is not a document.
    StageNotADocument {
        /// Its index.
        index: usize,
        /// Its type.
        found: ElementType,
    },
    /// A pipeline that is not an array of stages.
    NotAPipeline {
        /// Its type.
        found: ElementType,
    },
    /// No input for `inspect`.
    NoInput,
    /// `--from bson` with text input.
    BsonFromText {
        /// The input.
        place: Place,
    },
    /// A text file that is not UTF-8.
    NotUtf8 {
        /// The file.
        path: String,
        /// The first byte that is not.
        at: usize,
    },
    /// A `--docs` file that is neither `.bson` nor UTF-8 text.
    DocsNotUtf8 {
        /// The file.
        path: String,
    },
    /// A document of a BSON file that does not decode.
    DocumentAt {
        /// The file.
        path: String,
        /// Where the document starts.
        start: usize,
        /// Why.
        error: DecodeError,
    },
    /// Standard input could not be read.
    ReadStdin(std::io::Error),
    /// A file or directory could not be read.
    Io {
        /// Its path.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// The processes of a collection could not be made.
    NoGenerators,
    /// No lesson with that id; the ones there are.
    NoLesson {
        /// The id asked for.
        id: String,
        /// The ids of the lessons.
        ids: Vec<String>,
    },
    /// No lesson with that id (for `answer`).
    NoLessonToAnswer {
        /// The id asked for.
        id: String,
    },
    /// No exercise with that number.
    NoExercise {
        /// The lesson's id.
        id: String,
        /// Its exercises.
        count: usize,
    },
    /// `--reveal` before any wrong answer.
    RevealFirst,
    /// `progress --reset` with nowhere progress is kept.
    NoProgressFile,
    /// `progress --reset --lesson` for a lesson neither loaded nor recorded.
    NoLessonNoProgress {
        /// The id.
        id: String,
    },
    /// The answer to `--reset`'s question could not be read.
    ReadAnswer(std::io::Error),
    /// No answer to `--reset`'s question.
    NoAnswer,
    /// `new lesson` with an id the loader would refuse (the loader's rule and words).
    BadId {
        /// The id.
        id: String,
        /// What is wrong with it.
        problem: bson_tutor::lesson::load::IdError,
    },
    /// `new lesson` for a file that exists.
    Exists {
        /// The file.
        path: PathBuf,
    },
    /// `new lesson` for a file that appeared meanwhile.
    ExistsNow {
        /// The file.
        path: PathBuf,
    },
    /// A directory could not be made.
    Create {
        /// The directory.
        dir: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// A file could not be written.
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// The man page could not be rendered.
    Man(std::io::Error),
    /// No lesson to show in the tutorial.
    NoLessons,
    /// Signals cannot be watched.
    Signals(std::io::Error),
    /// The terminal failed.
    Terminal(std::io::Error),
    // Issue 14: output, limits and deadlines.
    /// Standard output could not be written (a full disk; a closed pipe is not reported).
    Output(std::io::Error),
    /// `oid` asked for more ids than one run makes.
    TooManyIds {
        /// `--count` times `--processes`.
        asked: u64,
        /// The most one run makes.
        max: u64,
    },
    /// `--docs` names something that exists but is not a regular file.
    NotAFile {
        /// The path as given.
        path: String,
        /// What it is.
        kind: FileKind,
    },
    /// A text input longer than the tutor reads.
    TextTooLarge {
        /// Where it came from.
        place: Place,
        /// The most it reads, in bytes.
        max: u64,
    },
    // Issue 17: dumps read as streams.
    /// A dump (`.bson`, `.bson.gz`, an archive) that is damaged where it was read.
    Dump {
        /// The path as given (`-` for standard input).
        path: String,
        /// The document's number (1 for the first) when the damage is in one.
        document: Option<u64>,
        /// What the reader found.
        error: bson_tutor::dump::DumpError,
    },
    /// `--ns` names a collection the archive does not hold.
    NoSuchNamespace {
        /// The archive's path.
        path: String,
        /// The namespace asked for.
        namespace: String,
        /// The namespaces it holds, comma-separated.
        known: String,
    },
    /// `inspect DIR` on a folder holding no `.bson` or `.bson.gz` file, nor folders of them.
    NotADump {
        /// The folder.
        path: String,
    },
    /// `--check` or `--salvage` on input that is not raw BSON.
    ScanNeedsBson,
    /// An archive of several collections read where one is needed, without `--ns`.
    SeveralNamespaces {
        /// The archive's path.
        path: String,
        /// The namespaces it holds, comma-separated.
        known: String,
    },
    // Issue 17: `browse`.
    /// `browse` on a gzip file, which cannot be read by window.
    BrowseCompressed {
        /// The file as given.
        path: String,
    },
    /// `browse` on something that is not a regular file (a pipe cannot be seeked in).
    BrowseNotAFile {
        /// The path as given.
        path: String,
        /// What it is.
        kind: FileKind,
    },
    /// `browse` without a terminal.
    BrowseNeedsTerminal,
    // Issue 18: `shell`.
    /// The JavaScript engine did not start.
    ShellStart {
        /// The engine's reason.
        reason: String,
    },
    /// A script file past 16 MiB.
    ShellScriptTooLarge {
        /// The file as given.
        path: String,
        /// Its size.
        bytes: u64,
    },
    /// A script file that is not UTF-8.
    ShellScriptNotUtf8 {
        /// The file as given.
        path: String,
        /// The offset of the first byte that is not UTF-8.
        offset: usize,
    },
    /// A file of `--data DIR` that cannot be read back as a collection.
    ShellData {
        /// The file.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
    // Issue 26: `--data DIR` holds.
    /// A document of a `--data` collection's file that cannot be read back.
    ShellDataAt {
        /// The file.
        path: String,
        /// The byte where the document starts.
        offset: u64,
        /// What is wrong with it (the decoder's or the server's words).
        reason: String,
    },
    /// A symbolic link where `--data` reads or writes a collection or a database folder.
    ShellDataLink {
        /// The link.
        path: String,
    },
    /// Something else than a regular file where `--data` reads or writes a collection.
    ShellDataNotFile {
        /// The path.
        path: String,
        /// What it is.
        kind: FileKind,
    },
    /// A file where `--data` keeps a database's folder.
    ShellDataNotFolder {
        /// The path.
        path: String,
    },
    /// A database or collection name that cannot be kept as a file name under `--data`.
    ShellDataName {
        /// The name (`db` or `db.collection`).
        name: String,
        /// The server's words.
        reason: String,
    },
    /// A file by the name of a collection the script created, which the run did not load.
    ShellDataTaken {
        /// The file.
        path: String,
        /// The collection (`db.collection`).
        namespace: String,
    },
}

/// What a path names, when it is not a regular file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A directory.
    Directory,
    /// A character or block device (`/dev/zero`).
    Device,
    /// A named pipe.
    Fifo,
    /// A Unix socket.
    Socket,
    /// Anything else that is not a regular file.
    Other,
}

impl FileKind {
    /// What `metadata` describes (`None` for a regular file).
    pub fn of(metadata: &std::fs::Metadata) -> Option<FileKind> {
        let t = metadata.file_type();
        if t.is_file() {
            return None;
        }
        if t.is_dir() {
            return Some(FileKind::Directory);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_char_device() || t.is_block_device() {
                return Some(FileKind::Device);
            }
            if t.is_fifo() {
                return Some(FileKind::Fifo);
            }
            if t.is_socket() {
                return Some(FileKind::Socket);
            }
        }
        Some(FileKind::Other)
    }
}

impl CliError {
    /// `error` framed by `place`.
    pub fn at(place: Place, error: impl Into<CliError>) -> CliError {
        CliError::In {
            place,
            error: Box::new(error.into()),
        }
    }
}

impl Localize for CliError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use CliError as E;
        match self {
            E::In { place, error } => write_trf(
                out,
                lang,
                "{display_in}: {display_in2}",
                &[&place.display_in(lang), &error.display_in(lang)],
            ),
            E::Parse(e) => {
                e.write_in(lang, out)?;
                write!(out, "\n{}", e.caret())
            }
            E::Date(e) => e.write_in(lang, out),
            E::Hex(e) => e.write_in(lang, out),
            E::Decode(e) => e.write_in(lang, out),
            E::Encode(e) => e.write_in(lang, out),
            E::Expr(e) => e.write_in(lang, out),
            E::Query(e) => e.write_in(lang, out),
            E::Input(e) => e.write_in(lang, out),
            E::ObjectId(e) => e.write_in(lang, out),
            E::Render(e) => e.write_in(lang, out),
            E::Solve(e) => e.write_in(lang, out),
            E::Store(e) => e.write_in(lang, out),
            E::TutorialOption { flag } => write_trf(
                out,
                lang,
                "{flag} is an option of the tutorial (bson-tutor with no command); put a command's options after the command",
                &[flag],
            ),
            E::Insert { index, error } => write_trf(
                out,
                lang,
                "--docs: document {index}: {display_in}",
                &[index, &error.display_in(lang)],
            ),
            E::AtOutOfRange { text } => write_trf(
                out,
                lang,
                "--at: an ObjectId's timestamp is 4 unsigned bytes of seconds, from 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z, but `{text}` is outside",
                &[text],
            ),
            E::NotADocument { place, found } => write_trf(
                out,
                lang,
                "{display_in} must be a document, not {alias}",
                &[&place.display_in(lang), &found.alias()],
            ),
            E::NotDocuments { place, found } => write_trf(
                out,
                lang,
                "{display_in} must be an array of documents, not {alias}",
                &[&place.display_in(lang), &found.alias()],
            ),
            E::ItemNotADocument {
                place,
                index,
                found,
            } => write_trf(
                out,
                lang,
                "{display_in}: item {index} is {alias}, not a document",
                &[&place.display_in(lang), index, &found.alias()],
            ),
            E::StageNotADocument { index, found } => write_trf(
                out,
                lang,
                "stage {index} is {alias}, not a document",
                &[index, &found.alias()],
            ),
            E::NotAPipeline { found } => write_trf(
                out,
                lang,
                "PIPELINE must be an array of stages, not {alias}",
                &[&found.alias()],
            ),
            E::NoInput => write_trf(out, lang, "give a DOCUMENT, --hex or --file", &[]),
            E::BsonFromText { place } => write_trf(
                out,
                lang,
                "{display_in} is text; --from bson reads raw bytes from --file",
                &[&place.display_in(lang)],
            ),
            E::NotUtf8 { path, at } => {
                write_trf(out, lang, "{path}: not UTF-8 text (byte {at})", &[path, at])
            }
            E::DocsNotUtf8 { path } => write_trf(
                out,
                lang,
                "{path}: not UTF-8 text (use a .bson name for raw BSON)",
                &[path],
            ),
            E::DocumentAt { path, start, error } => write_trf(
                out,
                lang,
                "{path}: document at input byte {start}: {display_in}",
                &[path, start, &error.display_in(lang)],
            ),
            // The system's own message stays as the system gives it.
            E::ReadStdin(e) => write_trf(out, lang, "reading standard input: {error}", &[e]),
            E::Io { path, error } => write_trf(
                out,
                lang,
                "{display_in}: {display_in2}",
                &[&path.display(), error],
            ),
            E::NoGenerators => write_trf(out, lang, "could not make ObjectId generators", &[]),
            E::NoLesson { id, ids } => write_trf(
                out,
                lang,
                "no lesson `{id}`; the lessons are: {ids}",
                &[id, &ids.join(", ")],
            ),
            E::NoLessonToAnswer { id } => write_trf(
                out,
                lang,
                "no lesson `{id}` (see `bson-tutor lessons`)",
                &[id],
            ),
            E::NoExercise { id, count } => write_trf(
                out,
                lang,
                "lesson `{id}` has exercises 1 to {count}",
                &[id, count],
            ),
            E::RevealFirst => write_trf(
                out,
                lang,
                "try an answer first: the answer can be revealed after a wrong attempt",
                &[],
            ),
            E::NoProgressFile => write_trf(
                out,
                lang,
                "no progress file to erase: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
                &[],
            ),
            E::NoLessonNoProgress { id } => write_trf(
                out,
                lang,
                "no lesson `{id}` and no progress recorded for it (see `bson-tutor progress`)",
                &[id],
            ),
            E::ReadAnswer(e) => write_trf(
                out,
                lang,
                "reading the answer from standard input: {error}",
                &[e],
            ),
            E::NoAnswer => write_trf(
                out,
                lang,
                "no answer on standard input: nothing erased (--yes erases without asking)",
                &[],
            ),
            E::BadId { id, problem } => bson_tutor::lesson::load::LoadErrorKind::BadId {
                id: id.clone(),
                problem: problem.clone(),
            }
            .write_in(lang, out),
            E::Exists { path } => write_trf(
                out,
                lang,
                "{path} already exists; bson-tutor never overwrites a lesson: pick another id or --dir, or remove the file first",
                &[&path.display()],
            ),
            E::ExistsNow { path } => write_trf(
                out,
                lang,
                "{path} already exists; bson-tutor never overwrites a lesson",
                &[&path.display()],
            ),
            E::Create { dir, error } => write_trf(
                out,
                lang,
                "creating {dir}: {error}",
                &[&dir.display(), error],
            ),
            E::Write { path, error } => write_trf(
                out,
                lang,
                "writing {path}: {error}",
                &[&path.display(), error],
            ),
            E::Man(e) => write_trf(out, lang, "rendering the man page: {error}", &[e]),
            E::NoLessons => write_trf(out, lang, "no lessons to show", &[]),
            E::Signals(e) => write_trf(out, lang, "cannot watch for signals: {error}", &[e]),
            E::Terminal(e) => write_trf(out, lang, "terminal: {error}", &[e]),
            E::Output(e) => write_trf(out, lang, "writing to standard output: {error}", &[e]),
            E::TooManyIds { asked, max } => write_trf(
                out,
                lang,
                "oid: {asked} ids asked for (--count times --processes), but one run makes at most {max}",
                &[asked, max],
            ),
            E::NotAFile { path, kind } => {
                let key = match kind {
                    FileKind::Directory => {
                        "--docs: {path} is a directory; give a file of documents, or the documents themselves"
                    }
                    FileKind::Device => "--docs: {path} is a device, not a file of documents",
                    FileKind::Fifo => "--docs: {path} is a named pipe, not a file of documents",
                    FileKind::Socket => "--docs: {path} is a socket, not a file of documents",
                    FileKind::Other => "--docs: {path} is not a regular file",
                };
                write_trf(out, lang, key, &[path])
            }
            E::TextTooLarge { place, max } => write_trf(
                out,
                lang,
                "{display_in}: more than {max} bytes of text; bson-tutor reads at most that much for one document or one file of documents",
                &[&place.display_in(lang), max],
            ),
            E::Dump {
                path,
                document: Some(document),
                error,
            } => write_trf(
                out,
                lang,
                "{path}: document {document}: {display_in}",
                &[path, document, &error.display_in(lang)],
            ),
            E::Dump {
                path,
                document: None,
                error,
            } => write_trf(
                out,
                lang,
                "{path}: {display_in}",
                &[path, &error.display_in(lang)],
            ),
            E::NoSuchNamespace {
                path,
                namespace,
                known,
            } => write_trf(
                out,
                lang,
                "--ns: the archive {path} holds no collection `{namespace}`; it holds: {known}",
                &[path, namespace, known],
            ),
            E::NotADump { path } => write_trf(
                out,
                lang,
                "{path} is a folder without a dump: mongodump writes DB/COLLECTION.bson (or .bson.gz) files, and there are none in it or in its folders",
                &[path],
            ),
            E::ScanNeedsBson => out.write_str(tr(
                lang,
                "--check and --salvage read raw BSON (--file with --from bson, the default)",
            )),
            E::SeveralNamespaces { path, known } => write_trf(
                out,
                lang,
                "the archive {path} holds several collections ({known}): name one with --ns DB.COLLECTION",
                &[path, known],
            ),
            // The library's sentence, with the command for this very file.
            E::BrowseCompressed { path } => write_trf(
                out,
                lang,
                "{path}: the file is gzip-compressed (it starts with 1f 8b), and a compressed file cannot be read by window: decompress it first ({command}) and browse the .bson file",
                &[path, &format!("gunzip -k {path}")],
            ),
            E::BrowseNotAFile { path, kind } => {
                let key = match kind {
                    FileKind::Directory => {
                        "{path} is a directory; browse reads one .bson file (a collection of a dump)"
                    }
                    _ => {
                        "{path} is not a regular file: browse seeks in the file, so it cannot read a pipe or a device; save it to a file first"
                    }
                };
                write_trf(out, lang, key, &[path])
            }
            E::BrowseNeedsTerminal => out.write_str(&trf(
                lang,
                "browse needs a terminal (standard input and output are not one); {command} prints the same documents as text",
                &[&"bson-tutor inspect --file FILE"],
            )),
            E::ShellStart { reason } => write_trf(
                out,
                lang,
                "the JavaScript engine did not start: {reason}",
                &[reason],
            ),
            E::ShellScriptTooLarge { path, bytes } => write_trf(
                out,
                lang,
                "{path} has {bytes} bytes: a script may have 16 MiB at most",
                &[path, bytes],
            ),
            E::ShellScriptNotUtf8 { path, offset } => write_trf(
                out,
                lang,
                "{path} is not UTF-8 text (byte {offset} is not): a script must be UTF-8",
                &[path, offset],
            ),
            E::ShellData { path, reason } => write_trf(
                out,
                lang,
                "{path} cannot be read back as a collection: {reason}",
                &[path, reason],
            ),
            E::ShellDataAt {
                path,
                offset,
                reason,
            } => write_trf(
                out,
                lang,
                "{path}: the document at byte {offset} cannot be read back: {reason}",
                &[path, offset, reason],
            ),
            E::ShellDataLink { path } => write_trf(
                out,
                lang,
                "{path} is a symbolic link: --data reads and writes nothing through a link",
                &[path],
            ),
            E::ShellDataNotFile { path, kind } => {
                let kind = match kind {
                    FileKind::Directory => tr(lang, "a directory"),
                    FileKind::Device => tr(lang, "a device"),
                    FileKind::Fifo => tr(lang, "a FIFO (named pipe)"),
                    FileKind::Socket => tr(lang, "a socket"),
                    FileKind::Other => tr(lang, "a special file"),
                };
                write_trf(
                    out,
                    lang,
                    "{path} is {kind}, not a regular file: --data reads and writes collections only in regular files",
                    &[path, &kind],
                )
            }
            E::ShellDataNotFolder { path } => write_trf(
                out,
                lang,
                "{path} is not a folder: --data keeps each database in a folder of its name",
                &[path],
            ),
            E::ShellDataName { name, reason } => write_trf(
                out,
                lang,
                "cannot keep {name} in --data: {reason}",
                &[name, reason],
            ),
            E::ShellDataTaken { path, namespace } => write_trf(
                out,
                lang,
                "{path} is already there and this run did not load it, so {namespace} was not saved over it (move it away, or give the collection another name)",
                &[path, namespace],
            ),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for CliError {}

/// `From` for the errors a [`CliError`] wraps as they are.
macro_rules! wraps {
    ($($variant:ident($t:ty)),* $(,)?) => {$(
        impl From<$t> for CliError {
            fn from(e: $t) -> Self {
                CliError::$variant(e)
            }
        }
    )*};
}

wraps!(
    Parse(ParseError),
    Date(IsoDateError),
    Hex(HexError),
    Decode(DecodeError),
    Encode(EncodeError),
    Expr(ExprError),
    Query(QueryError),
    Input(InputError),
    ObjectId(ObjectIdError),
    Render(RenderError),
    Solve(SolveError),
    Store(StoreError),
);

/// Prints `error: ` and the error in the language of this run (the tutor's own sentences in
/// it; values and the server's own messages as they are), and gives the exit code for bad
/// input. Control characters from data are shown escaped (`\u{1b}`), line by line (a parse
/// error's caret is a second line), and each line is kept to a few lines' worth.
///
/// A failed write to standard output is left to [`finish`], which says it once (or not at
/// all, for a closed pipe).
pub fn fail(error: &CliError) -> ExitCode {
    if let CliError::Output(_) = error {
        return ExitCode::SUCCESS;
    }
    let text = format!("{}{}", i18n::t("error: "), error.display_in(i18n::lang()));
    super::out::eprint_line(safe_lines(&text));
    ExitCode::from(EXIT_BAD_INPUT)
}

/// How the run ends, given the status the command chose: that status, unless a write to
/// standard output failed for another reason than a closed pipe: then one line on standard
/// error and exit 1 (see [`super::out`]).
pub fn finish(code: ExitCode) -> ExitCode {
    match super::out::take_failure() {
        None => code,
        Some(e) => {
            let text = format!(
                "{}{}",
                i18n::t("error: "),
                CliError::Output(e).display_in(i18n::lang())
            );
            super::out::eprint_line(safe_lines(&text));
            ExitCode::from(EXIT_BAD_INPUT)
        }
    }
}

/// A value parser's error for clap, which prints it while it parses: written in the run's
/// language, which is fixed before clap parses.
#[derive(Debug)]
pub struct InRunLang<E>(pub E);

impl<E: Localize> fmt::Display for InRunLang<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_in(i18n::lang(), f)
    }
}

impl<E: Localize + fmt::Debug> std::error::Error for InRunLang<E> {}

#[cfg(test)]
mod tests;
