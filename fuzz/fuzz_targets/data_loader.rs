//! Random data folders for `shell --data` (issue 26): a tree of database folders, files with
//! names hostile or not (`..`, `%2F`, cut long names, names that are not UTF-8) and contents
//! good or not (documents, damaged bytes, metadata), links leading out of the folder, FIFOs;
//! then the folder is loaded, changed by random operations with random names, saved, and
//! loaded again. Nothing panics or blocks; the folder beside it, where the links lead, is
//! never touched; a save writes nothing deeper than `<db>/<file>`; and when load, save and
//! reload succeed, the reloaded databases are the ones saved.
//!
//! The loader is the binary's (`src/cli/console/data.rs`), compiled here with the few
//! command-line items it names stubbed.
#![no_main]
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bson_tutor::bson::{Document, Value, encode_document};
use bson_tutor::shell::server::Server;
use libfuzzer_sys::fuzz_target;

/// What `data.rs` takes from the command line, as small as it can be.
mod cli {
    pub mod error {
        /// The `CliError` variants `data.rs` builds.
        #[derive(Debug)]
        pub enum CliError {
            Io {
                path: std::path::PathBuf,
                error: std::io::Error,
            },
            ShellData {
                path: String,
                reason: String,
            },
            ShellDataAt {
                path: String,
                offset: u64,
                reason: String,
            },
            ShellDataLink {
                path: String,
            },
            ShellDataNotFile {
                path: String,
                kind: FileKind,
            },
            ShellDataNotFolder {
                path: String,
            },
            ShellDataName {
                name: String,
                reason: String,
            },
            ShellDataTaken {
                path: String,
                namespace: String,
            },
        }

        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum FileKind {
            Directory,
            Device,
            Fifo,
            Socket,
            Other,
        }

        impl FileKind {
            pub fn of(metadata: &std::fs::Metadata) -> Option<FileKind> {
                use std::os::unix::fs::FileTypeExt;
                let t = metadata.file_type();
                if t.is_file() {
                    None
                } else if t.is_dir() {
                    Some(FileKind::Directory)
                } else if t.is_char_device() || t.is_block_device() {
                    Some(FileKind::Device)
                } else if t.is_fifo() {
                    Some(FileKind::Fifo)
                } else if t.is_socket() {
                    Some(FileKind::Socket)
                } else {
                    Some(FileKind::Other)
                }
            }
        }
    }

    pub mod i18n {
        pub fn lang() -> bson_tutor::strings::Lang {
            bson_tutor::strings::Lang::En
        }

        pub fn note(_: &str) {}
    }
}

/// The binary's `--data` loader and saver.
#[path = "../../src/cli/console/data.rs"]
mod data;

use data::{load_all, save_all};

const NOW: i64 = 1_791_000_000_000;

/// Names of folders and files, hostile ones among them.
const NAMES: &[&str] = &[
    "test", "lab", "..", ".", "a b", "a.b", "x$y", "．．", "c", "d", "%2F", "a%2Fb", "a%2fb",
    "bad%2", "+", "a+b", ".h", "system.x", "system.views", "system.users", "v", "~", "-",
];

const SUFFIXES: &[&str] = &[
    ".bson",
    ".metadata.json",
    "",
    ".bson.gz",
    ".txt",
    ".metadata.json.gz",
];

/// Reads the fuzzer's bytes one choice at a time; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((b, rest)) => {
                self.0 = rest;
                *b
            }
            None => 0,
        }
    }

    fn pick<'b, T>(&mut self, items: &'b [T]) -> &'b T {
        &items[usize::from(self.byte()) % items.len()]
    }

    fn take(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }

    fn done(&self) -> bool {
        self.0.is_empty()
    }
}

/// A name: from the list, a long one (cut by mongodump's rule), or raw bytes (maybe not
/// UTF-8, never `/` or NUL, which no file name holds).
fn name(b: &mut Bytes) -> std::ffi::OsString {
    use std::os::unix::ffi::OsStringExt;
    match b.byte() % 8 {
        0 => {
            let raw: Vec<u8> = b
                .take(12)
                .iter()
                .map(|&c| if c == b'/' || c == 0 { b'_' } else { c })
                .collect();
            if raw.is_empty() {
                "e".into()
            } else {
                std::ffi::OsString::from_vec(raw)
            }
        }
        1 => {
            let base = bson_tutor::shell::names::file_stem(&"/".repeat(100));
            base.into()
        }
        _ => (*b.pick(NAMES)).into(),
    }
}

fn document(id: i32) -> Vec<u8> {
    let mut d = Document::new();
    d.push("_id", id);
    d.push("v", Value::String("x".into()));
    encode_document(&d).unwrap_or_default()
}

/// Contents for a file: documents, metadata, or the fuzzer's bytes.
fn contents(b: &mut Bytes) -> Vec<u8> {
    match b.byte() % 5 {
        0 => (0..i32::from(b.byte() % 4)).flat_map(document).collect(),
        1 => br#"{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"},{"v":{"$numberInt":"2"},"key":{"v":{"$numberInt":"1"}},"name":"v_1"}],"collectionName":"c","type":"collection"}"#.to_vec(),
        2 => br#"{"options":{"viewOn":"c","pipeline":[]},"indexes":[],"collectionName":"v","type":"view"}"#.to_vec(),
        _ => {
            let n = usize::from(b.byte());
            b.take(n).to_vec()
        }
    }
}

fn mkfifo(path: &Path) {
    use std::os::unix::ffi::OsStrExt;
    if let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) {
        // SAFETY: a valid C string; mkfifo only creates the FIFO.
        unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    }
}

/// Builds a random tree in `data`, with links that lead into `outside`.
fn build(b: &mut Bytes, data: &Path, outside: &Path) -> Vec<PathBuf> {
    let mut folders = vec![data.to_path_buf()];
    for _ in 0..24 {
        if b.done() {
            break;
        }
        let at = b.pick(&folders).clone();
        let mut file = name(b);
        file.push(*b.pick(SUFFIXES));
        let path = at.join(&file);
        match b.byte() % 8 {
            0 | 1 => {
                if std::fs::create_dir(&path).is_ok() {
                    folders.push(path);
                }
            }
            2 => {
                let target = if b.byte() % 2 == 0 {
                    outside.to_path_buf()
                } else {
                    outside.join("victim.bson")
                };
                let _ = std::os::unix::fs::symlink(target, &path);
            }
            3 => mkfifo(&path),
            _ => {
                let bytes = contents(b);
                // Only a new file: opening a FIFO made a step before would wait forever.
                if let Ok(mut f) = std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&path)
                {
                    use std::io::Write;
                    let _ = f.write_all(&bytes);
                }
            }
        }
    }
    folders
}

fn apply(b: &mut Bytes, server: &mut Server) {
    let s = |x: &str| Value::String(x.into());
    for _ in 0..8 {
        if b.done() {
            break;
        }
        let db = name(b).to_string_lossy().into_owned();
        let coll = name(b).to_string_lossy().into_owned();
        let args: Vec<Value> = match b.byte() % 5 {
            0 | 1 => vec![s(&db), s(&coll), Document::new().into()],
            2 => vec![s(&db), s(&coll)],
            3 => vec![s(&db)],
            _ => vec![s(&db), s(&coll)],
        };
        let op = match args.len() {
            3 => "insertOne",
            1 => "dropDatabase",
            _ if b.byte() % 2 == 0 => "drop",
            _ => "createCollection",
        };
        let _ = server.call(op, &args, NOW);
    }
}

type Model = BTreeMap<(String, String), (Vec<Document>, Vec<Document>)>;

fn model(server: &Server) -> Model {
    server
        .databases
        .iter()
        .flat_map(|(db, colls)| {
            colls.iter().map(move |(n, c)| {
                (
                    (db.clone(), n.clone()),
                    (c.documents().cloned().collect(), c.list_indexes()),
                )
            })
        })
        .collect()
}

/// Every path under `root`, links not followed, with what it is.
fn listing(root: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            let what = if meta.is_dir() {
                stack.push(path.clone());
                "dir".to_owned()
            } else if meta.is_file() {
                format!("{:?}", std::fs::read(&path).unwrap_or_default())
            } else {
                format!("{:?}", meta.file_type())
            };
            out.insert(path, what);
        }
    }
    out
}

struct Place {
    parent: tempfile::TempDir,
}

thread_local! {
    // In memory when the system has a tmpfs there: every save fsyncs.
    static PLACE: Place = Place {
        parent: tempfile::tempdir_in("/dev/shm")
            .or_else(|_| tempfile::tempdir())
            .expect("a temporary folder"),
    };
}

fuzz_target!(|input: &[u8]| {
    PLACE.with(|place| {
        let parent = place.parent.path();
        let data = parent.join("data");
        let outside = parent.join("outside");
        let _ = std::fs::remove_dir_all(&data);
        let _ = std::fs::remove_dir_all(&outside);
        std::fs::create_dir_all(outside.join("deep")).expect("made");
        std::fs::write(outside.join("victim.bson"), document(1)).expect("written");
        std::fs::create_dir_all(&data).expect("made");
        let mut b = Bytes(input);
        build(&mut b, &data, &outside);
        let outside_before = listing(&outside);
        let data_before = listing(&data);
        let Ok(loaded) = load_all(&data, Server::seeded(1)) else {
            assert_eq!(listing(&outside), outside_before);
            return;
        };
        // Whatever was kept is said in every language without a panic.
        for kept in &loaded.kept {
            use bson_tutor::strings::localize::Localize;
            for lang in [
                bson_tutor::strings::Lang::En,
                bson_tutor::strings::Lang::Vi,
                bson_tutor::strings::Lang::Zh,
            ] {
                let _ = kept.to_string_in(lang);
            }
        }
        let mut server = loaded.server;
        apply(&mut b, &mut server);
        let saved = save_all(&data, &server);
        assert_eq!(listing(&outside), outside_before, "the outside was touched");
        let beside: Vec<_> = std::fs::read_dir(parent)
            .expect("listed")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(beside.len(), 2, "{beside:?}");
        for (path, what) in listing(&data) {
            if data_before.get(&path) != Some(&what) {
                let depth = path.strip_prefix(&data).expect("inside").components().count();
                assert!(depth <= 2, "written too deep: {}", path.display());
            }
        }
        if saved.is_err() {
            return;
        }
        if let Ok(again) = load_all(&data, Server::seeded(2)) {
            assert_eq!(model(&again.server), model(&server));
        }
    });
});
