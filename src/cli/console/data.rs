//! `--data DIR`: the console's databases kept between runs in mongodump's layout,
//! `DIR/<db>/<collection>.bson` (the documents back to back, in natural order) beside
//! `<collection>.metadata.json` (the indexes, in canonical Extended JSON), so that
//! `inspect DIR`, `browse` and mongorestore read them. A collection's file name is its name
//! escaped as mongodump escapes it (`a/b` is `a%2Fb.bson`; see
//! [`bson_tutor::shell::names::file_stem`]).
//!
//! What a run may touch, and nothing else:
//! - it reads the regular files `DIR/<db>/<name>.bson` (and their `.metadata.json`) whose
//!   database and collection names the server accepts and whose file name is mongodump's
//!   for that name. Everything else under `DIR` is left as it is and reported ([`Kept`]): a
//!   view's metadata without `.bson`, a folder or file whose name is not UTF-8, unknown
//!   files, FIFOs, devices, sockets, symbolic links. Loading opens nothing through a link
//!   and never blocks on a FIFO.
//! - it writes only the collections the script changed ([`Server::changes`]), each file to
//!   a temporary file in the same folder renamed over the old one (a run that stops
//!   half-way leaves each collection as it was or as it is, never cut); and it deletes only
//!   the two files of each collection the script dropped, and the folder of a database it
//!   dropped when nothing else is left in it.
//! - every path is built from a checked name and is one folder and one file below `DIR`,
//!   never through a symbolic link.

use std::ffi::OsStr;
use std::fs::{File, Metadata, OpenOptions, Permissions};
use std::io::{ErrorKind, Write};
use std::path::{Component, Path, PathBuf};

use bson_tutor::bson::ejson::{self, Mode};
use bson_tutor::bson::{Document, Value, decode_document, encode_document};
use bson_tutor::dump::DocumentReader;
use bson_tutor::dump::metadata::{self, Metadata as DumpMetadata};
use bson_tutor::query::collection::{Collection, IndexOptions};
use bson_tutor::shell::names;
use bson_tutor::shell::server::Server;
use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::{Lang, tr, write_trf};

use crate::cli::error::{CliError, FileKind};

#[cfg(test)]
mod tests;

/// What is found where a regular file or a folder belongs, and is neither.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// A symbolic link (never followed under `DIR`).
    Link,
    /// A FIFO (named pipe): opening one to read would wait for a writer.
    Fifo,
    /// A character device.
    CharDevice,
    /// A block device.
    BlockDevice,
    /// A socket.
    Socket,
    /// Anything else that is not a regular file or a folder.
    Other,
}

impl Special {
    /// What `meta` (from `symlink_metadata`) describes, `None` for a regular file or folder.
    fn of(meta: &Metadata) -> Option<Special> {
        let t = meta.file_type();
        if t.is_file() || t.is_dir() {
            return None;
        }
        if t.is_symlink() {
            return Some(Special::Link);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if t.is_fifo() {
                return Some(Special::Fifo);
            }
            if t.is_char_device() {
                return Some(Special::CharDevice);
            }
            if t.is_block_device() {
                return Some(Special::BlockDevice);
            }
            if t.is_socket() {
                return Some(Special::Socket);
            }
        }
        Some(Special::Other)
    }

    fn words(self, lang: Lang) -> &'static str {
        match self {
            Special::Link => tr(lang, "a symbolic link"),
            Special::Fifo => tr(lang, "a FIFO (named pipe)"),
            Special::CharDevice => tr(lang, "a character device"),
            Special::BlockDevice => tr(lang, "a block device"),
            Special::Socket => tr(lang, "a socket"),
            Special::Other => tr(lang, "a special file"),
        }
    }
}

/// Why something under `DIR` was left as it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Not a regular file or a folder.
    Special(Special),
    /// Its name is not UTF-8: it names no database or collection.
    NotUtf8,
    /// Its name is not one the server accepts: the server's words.
    Name(String),
    /// A `.bson` whose name is not the one mongodump writes for the collection it names.
    NotMongodumpName,
    /// A cut long name (`...%24<hash>.bson`) whose metadata does not give the full name.
    CutName,
    /// Not a file mongodump writes for a collection.
    Unknown,
    /// A `.metadata.json` without its `.bson`: a view's (mongodump writes views so).
    MetadataAlone,
}

/// A path under `DIR` that loading or saving left as it is, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The path.
    pub path: PathBuf,
    /// Why.
    pub why: Why,
}

impl Localize for Kept {
    fn write_in(&self, lang: Lang, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        let path = self.path.display();
        match &self.why {
            Why::Special(s) => write_trf(
                out,
                lang,
                "{path} was left as it is: it is {kind}, and --data reads only regular files and folders",
                &[&path, &s.words(lang)],
            ),
            Why::NotUtf8 => write_trf(
                out,
                lang,
                "{path} was left as it is: its name is not UTF-8, so it names no database or collection",
                &[&path],
            ),
            Why::Name(reason) => write_trf(
                out,
                lang,
                "{path} was left as it is: the server refuses its name ({reason})",
                &[&path, reason],
            ),
            Why::NotMongodumpName => write_trf(
                out,
                lang,
                "{path} was left as it is: mongodump gives that collection another file name",
                &[&path],
            ),
            Why::CutName => write_trf(
                out,
                lang,
                "{path} was left as it is: its name is cut, and no metadata gives the whole name",
                &[&path],
            ),
            Why::Unknown => write_trf(
                out,
                lang,
                "{path} was left as it is: it is not a collection's file (.bson and .metadata.json)",
                &[&path],
            ),
            Why::MetadataAlone => write_trf(
                out,
                lang,
                "{path} was left as it is: metadata without a .bson file (a view's, which the console does not load)",
                &[&path],
            ),
        }
    }
}

/// What [`load_all`] found: the databases, and what it left as it is.
pub struct Loaded {
    /// The databases, in a server with no changes yet.
    pub server: Server,
    /// What was left as it is, in path order.
    pub kept: Vec<Kept>,
}

fn data_error(path: &Path, reason: impl ToString) -> CliError {
    CliError::ShellData {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn io_error(path: &Path, error: std::io::Error) -> CliError {
    CliError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// The error for `path`, which `meta` says is not a regular file.
fn not_regular(path: &Path, meta: &Metadata) -> CliError {
    let path = path.display().to_string();
    if meta.file_type().is_symlink() {
        CliError::ShellDataLink { path }
    } else {
        let kind = FileKind::of(meta).unwrap_or(FileKind::Other);
        CliError::ShellDataNotFile { path, kind }
    }
}

/// Whether an open error says the last component was a link (`O_NOFOLLOW`'s ELOOP).
fn is_link_error(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// The entries of `dir`, sorted by name, with what `symlink_metadata` says of each.
fn entries(dir: &Path) -> Result<Vec<(PathBuf, Metadata)>, CliError> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
        let entry = entry.map_err(|e| io_error(dir, e))?;
        let path = entry.path();
        let meta = std::fs::symlink_metadata(&path).map_err(|e| io_error(&path, e))?;
        out.push((path, meta));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// The databases kept in `dir`, loaded into `server` (whose processes and random numbers
/// the console was started with), and what was left as it is. Nothing under `dir` is
/// opened through a link or blocks.
///
/// # Errors
/// A folder that cannot be listed, or a collection's file that cannot be read back (naming
/// the file, and the byte of the document that stops it).
pub fn load_all(dir: &Path, server: Server) -> Result<Loaded, CliError> {
    let mut loaded = Loaded {
        server,
        kept: Vec::new(),
    };
    let top = match entries(dir) {
        Ok(e) => e,
        Err(CliError::Io { error, .. }) if error.kind() == ErrorKind::NotFound => {
            return Ok(loaded);
        }
        Err(e) => return Err(e),
    };
    let keep = |kept: &mut Vec<Kept>, path: &Path, why| {
        kept.push(Kept {
            path: path.to_path_buf(),
            why,
        });
    };
    for (path, meta) in top {
        if let Some(special) = Special::of(&meta) {
            keep(&mut loaded.kept, &path, Why::Special(special));
            continue;
        }
        if !meta.is_dir() {
            keep(&mut loaded.kept, &path, Why::Unknown);
            continue;
        }
        let Some(db) = path.file_name().and_then(OsStr::to_str).map(str::to_owned) else {
            keep(&mut loaded.kept, &path, Why::NotUtf8);
            continue;
        };
        if let Err(e) = names::check_database(&db) {
            keep(&mut loaded.kept, &path, Why::Name(e.message));
            continue;
        }
        load_database(&path, &db, &mut loaded)?;
    }
    loaded.kept.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(loaded)
}

/// The collections of one database folder.
fn load_database(folder: &Path, db: &str, loaded: &mut Loaded) -> Result<(), CliError> {
    let files = entries(folder)?;
    let regular = |name: &str| {
        files
            .iter()
            .any(|(p, m)| m.is_file() && p.file_name() == Some(OsStr::new(name)))
    };
    for (path, meta) in &files {
        let keep = |why| Kept {
            path: path.clone(),
            why,
        };
        if let Some(special) = Special::of(meta) {
            loaded.kept.push(keep(Why::Special(special)));
            continue;
        }
        let Some(file) = path.file_name().and_then(OsStr::to_str) else {
            loaded.kept.push(keep(Why::NotUtf8));
            continue;
        };
        if meta.is_dir() {
            loaded.kept.push(keep(Why::Unknown));
            continue;
        }
        if let Some(stem) = file.strip_suffix(".metadata.json") {
            if !regular(&format!("{stem}.bson")) {
                loaded.kept.push(keep(Why::MetadataAlone));
            }
            continue;
        }
        let Some(stem) = file.strip_suffix(".bson") else {
            loaded.kept.push(keep(Why::Unknown));
            continue;
        };
        let meta_path = folder.join(format!("{stem}.metadata.json"));
        let meta = if regular(&format!("{stem}.metadata.json")) {
            Some(read_metadata(&meta_path)?)
        } else {
            None
        };
        let name = if names::is_cut_stem(stem) {
            match meta.as_ref().map(|m| m.collection_name.clone()) {
                Some(n) if !n.is_empty() => Some(n),
                _ => {
                    loaded.kept.push(keep(Why::CutName));
                    continue;
                }
            }
        } else {
            names::unescape_stem(stem)
        };
        let Some(name) = name else {
            loaded.kept.push(keep(Why::NotMongodumpName));
            continue;
        };
        if let Err(e) = names::check_create(db, &name) {
            loaded.kept.push(keep(Why::Name(e.message)));
            continue;
        }
        if names::file_stem(&name) != stem {
            loaded.kept.push(keep(Why::NotMongodumpName));
            continue;
        }
        let collection = loaded.server.collection(db, &name, 0);
        read_collection(path, collection)?;
        if let Some(meta) = meta {
            for index in meta.indexes.iter().filter(|i| i.name != "_id_") {
                let options = IndexOptions {
                    unique: matches!(index.options.get("unique"), Some(Value::Boolean(true))),
                    name: Some(index.name.clone()),
                };
                collection
                    .create_index(&index.key, &options)
                    .map_err(|e| data_error(&meta_path, e))?;
            }
        }
    }
    Ok(())
}

/// Opens a regular file under `DIR` to read: never through a symbolic link (`O_NOFOLLOW`),
/// never waiting on a FIFO (`O_NONBLOCK`), and refused when it turns out not to be a
/// regular file (it was swapped since it was listed).
fn open_regular(path: &Path) -> Result<File, CliError> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(f) => f,
        Err(e) if is_link_error(&e) => {
            return Err(CliError::ShellDataLink {
                path: path.display().to_string(),
            });
        }
        Err(e) => return Err(io_error(path, e)),
    };
    let meta = file.metadata().map_err(|e| io_error(path, e))?;
    if !meta.is_file() {
        return Err(not_regular(path, &meta));
    }
    Ok(file)
}

fn read_metadata(path: &Path) -> Result<DumpMetadata, CliError> {
    let file = open_regular(path)?;
    metadata::read(file).map_err(|e| data_error(path, e))
}

fn read_collection(file: &Path, collection: &mut Collection) -> Result<(), CliError> {
    let f = open_regular(file)?;
    let mut reader = DocumentReader::new(f);
    while let Some(next) = reader.next_document() {
        // The reader's own errors say the byte.
        let raw = next.map_err(|e| data_error(file, e))?;
        let at = |e: &dyn std::fmt::Display| CliError::ShellDataAt {
            path: file.display().to_string(),
            offset: raw.offset,
            reason: e.to_string(),
        };
        let doc = decode_document(raw.bytes).map_err(|e| at(&e))?;
        collection.insert_one(doc).map_err(|e| at(&e))?;
    }
    Ok(())
}

/// `name` as one plain path component (not `.`, `..`, empty, or holding a separator), or
/// the error that keeps it from becoming a path under `DIR`.
fn component(name: &str) -> Result<&OsStr, CliError> {
    let mut parts = Path::new(name).components();
    match (parts.next(), parts.next()) {
        (Some(Component::Normal(n)), None) if n == OsStr::new(name) => Ok(n),
        _ => Err(CliError::ShellDataName {
            name: name.to_owned(),
            reason: format!("'{name}' is not one plain file name"),
        }),
    }
}

/// The folder of database `db` under `dir`: `None` when it does not exist and `create` is
/// false. A database name the server refuses, or anything but a real folder there (a
/// symbolic link, a file), is refused.
fn database_folder(dir: &Path, db: &str, create: bool) -> Result<Option<PathBuf>, CliError> {
    names::check_database(db).map_err(|e| CliError::ShellDataName {
        name: db.to_owned(),
        reason: e.message,
    })?;
    let path = dir.join(component(db)?);
    let meta = match std::fs::symlink_metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == ErrorKind::NotFound && !create => return Ok(None),
        Err(e) if e.kind() == ErrorKind::NotFound => {
            std::fs::create_dir(&path).map_err(|e| io_error(&path, e))?;
            std::fs::symlink_metadata(&path).map_err(|e| io_error(&path, e))?
        }
        Err(e) => return Err(io_error(&path, e)),
    };
    if meta.is_dir() {
        Ok(Some(path))
    } else if meta.file_type().is_symlink() {
        Err(not_regular(&path, &meta))
    } else {
        Err(CliError::ShellDataNotFolder {
            path: path.display().to_string(),
        })
    }
}

/// The two files of collection `coll`, as mongodump names them.
fn collection_files(coll: &str) -> [String; 2] {
    let stem = names::file_stem(coll);
    [format!("{stem}.bson"), format!("{stem}.metadata.json")]
}

/// Writes what the script changed to `dir`: each changed collection's two files, replaced
/// atomically; the two files of each dropped collection deleted (when they are regular
/// files), and a dropped database's folder when nothing is left in it. Nothing else under
/// `dir` is touched; a server with no changes touches nothing at all. Returns what was left
/// as it is (a dropped collection's file that is not a regular file).
///
/// # Errors
/// The first collection that could not be written (the others are still written): a name
/// the server refuses, a folder that is not one, a file that is not a regular file, or the
/// system's error.
pub fn save_all(dir: &Path, server: &Server) -> Result<Vec<Kept>, CliError> {
    let changes = server.changes();
    let mut kept = Vec::new();
    if changes.is_empty() {
        return Ok(kept);
    }
    let mut first_error = None;
    let exists = |db: &str, coll: &str| {
        server
            .databases
            .get(db)
            .is_some_and(|c| c.contains_key(coll))
    };
    for (db, coll) in &changes.dropped {
        if exists(db, coll) {
            continue;
        }
        let folder = match database_folder(dir, db, false) {
            Ok(Some(f)) => f,
            Ok(None) => continue,
            Err(e) => {
                first_error.get_or_insert(e);
                continue;
            }
        };
        for file in collection_files(coll) {
            let path = folder.join(component(&file)?);
            match remove_regular(&path) {
                Ok(None) => {}
                Ok(Some(special)) => kept.push(Kept {
                    path,
                    why: Why::Special(special),
                }),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
    }
    for (db, coll) in &changes.changed {
        let Some(c) = server.databases.get(db).and_then(|colls| colls.get(coll)) else {
            continue;
        };
        let new = changes.created.contains(&(db.clone(), coll.clone()));
        if let Err(e) = write_collection(dir, db, coll, c, new) {
            first_error.get_or_insert(e);
        }
    }
    for db in &changes.dropped_databases {
        if server.databases.get(db).is_some_and(|c| !c.is_empty()) {
            continue;
        }
        if let Ok(Some(folder)) = database_folder(dir, db, false) {
            // Fails, leaving it, when anything is left in it: files this run did not write.
            let _ = std::fs::remove_dir(&folder);
        }
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(kept),
    }
}

/// Removes `path` when it is a regular file; says what it is instead when it is not (and
/// leaves it), nothing when there is nothing there.
fn remove_regular(path: &Path) -> Result<Option<Special>, CliError> {
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(io_error(path, e)),
        Ok(m) if m.is_file() => match std::fs::remove_file(path) {
            Err(e) if e.kind() != ErrorKind::NotFound => Err(io_error(path, e)),
            _ => Ok(None),
        },
        Ok(m) => Ok(Some(Special::of(&m).unwrap_or(Special::Other))),
    }
}

/// Writes collection `db.coll`'s two files. A collection the script created (`new`) has no
/// files yet: a file already there by one of their names was not loaded (a view's metadata,
/// a file the loader left alone), so it is not replaced, and the collection is not saved.
fn write_collection(
    dir: &Path,
    db: &str,
    coll: &str,
    c: &Collection,
    new: bool,
) -> Result<(), CliError> {
    // The server would not have created it: checked again before any path is built.
    names::check_create(db, coll).map_err(|e| CliError::ShellDataName {
        name: format!("{db}.{coll}"),
        reason: e.message,
    })?;
    let [bson_name, meta_name] = collection_files(coll);
    let (bson_name, meta_name) = (component(&bson_name)?, component(&meta_name)?);
    if !dir.exists() {
        std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    }
    let Some(folder) = database_folder(dir, db, true)? else {
        return Ok(());
    };
    if new {
        for name in [bson_name, meta_name] {
            let path = folder.join(name);
            if std::fs::symlink_metadata(&path).is_ok() {
                return Err(CliError::ShellDataTaken {
                    path: path.display().to_string(),
                    namespace: format!("{db}.{coll}"),
                });
            }
        }
    }
    let mut bytes = Vec::new();
    for d in c.documents() {
        bytes.extend(encode_document(d).map_err(|e| data_error(&folder, e))?);
    }
    write_atomically(&folder.join(bson_name), &bytes)?;
    let meta = metadata_json(coll, &c.list_indexes());
    write_atomically(&folder.join(meta_name), meta.as_bytes())
}

/// What mongodump writes beside a collection: its indexes, name and type.
fn metadata_json(name: &str, indexes: &[Document]) -> String {
    let mut d = Document::new();
    d.push(
        "indexes",
        Value::Array(indexes.iter().cloned().map(Value::Document).collect()),
    );
    d.push("collectionName", name);
    d.push("type", "collection");
    ejson::to_string(&d, Mode::Canonical)
}

/// Replaces `path` with `bytes`: a temporary file created beside it with an unpredictable
/// name and `O_EXCL` (so never through a link), fsynced, renamed over it (a rename replaces
/// a link, never writes through one). A path that holds anything but a regular file is
/// refused. A replaced file keeps its permissions; a new one gets `0666` less the umask.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let perms: Option<Permissions> = match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => Some(m.permissions()),
        Ok(m) => return Err(not_regular(path, &m)),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => return Err(io_error(path, e)),
    };
    // A short name of its own, not the file's: a long collection's file name is already
    // near the 255 bytes a name may have.
    let mut builder = tempfile::Builder::new();
    builder.prefix(".bson-tutor-").suffix(".tmp");
    #[cfg(unix)]
    if perms.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    let mut tmp = builder
        .tempfile_in(folder)
        .map_err(|e| io_error(folder, e))?;
    let written = (|| {
        tmp.write_all(bytes)?;
        if let Some(p) = perms {
            tmp.as_file().set_permissions(p)?;
        }
        tmp.as_file().sync_all()
    })();
    written.map_err(|e| io_error(path, e))?;
    tmp.persist(path).map_err(|e| io_error(path, e.error))?;
    Ok(())
}
