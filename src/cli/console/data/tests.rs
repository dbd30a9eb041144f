//! `--data` against a server: what is saved is what reloads, hostile names never become
//! paths, and what a run did not change stays byte for byte.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bson_tutor::bson::{Document, Value};
use bson_tutor::shell::names;
use bson_tutor::shell::server::Server;
use proptest::prelude::*;

use super::{Why, load_all, save_all};

const NOW: i64 = 1_791_000_000_000;

/// Database names, hostile ones among them.
const DATABASES: &[&str] = &[
    "test", "lab", "..", "a/b", "a.b", "/abs", "．．", "x$y", "a\\b", "", "a b",
];

/// Collection names, hostile ones among them.
fn collections() -> Vec<String> {
    [
        "c",
        "d",
        "a/b",
        "../../x",
        ".h",
        "x$y",
        "system.x",
        "system.views",
        "sp ace",
        "%2F",
        "a\0b",
        "/etc/passwd",
        "~",
        "x/../../y",
        "．．／x",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain(["l".repeat(300), "/".repeat(120)])
    .collect()
}

#[derive(Clone, Debug)]
enum Op {
    Insert(usize, usize, i32),
    Update(usize, usize, i32),
    Delete(usize, usize, i32),
    Index(usize, usize),
    Create(usize, usize),
    Drop(usize, usize),
    DropDatabase(usize),
}

fn op() -> impl Strategy<Value = Op> {
    let (d, c) = (0..DATABASES.len(), 0..collections().len());
    prop_oneof![
        4 => (d.clone(), c.clone(), 0..6i32).prop_map(|(d, c, n)| Op::Insert(d, c, n)),
        2 => (d.clone(), c.clone(), 0..6i32).prop_map(|(d, c, n)| Op::Update(d, c, n)),
        2 => (d.clone(), c.clone(), 0..6i32).prop_map(|(d, c, n)| Op::Delete(d, c, n)),
        1 => (d.clone(), c.clone()).prop_map(|(d, c)| Op::Index(d, c)),
        1 => (d.clone(), c.clone()).prop_map(|(d, c)| Op::Create(d, c)),
        2 => (d.clone(), c).prop_map(|(d, c)| Op::Drop(d, c)),
        1 => d.prop_map(Op::DropDatabase),
    ]
}

fn id(n: i32) -> Document {
    let mut d = Document::new();
    d.push("_id", n);
    d
}

fn apply(server: &mut Server, op: &Op) {
    let s = |x: &str| Value::String(x.into());
    let colls = collections();
    let (name, args): (&str, Vec<Value>) = match op {
        Op::Insert(d, c, n) => {
            let mut doc = id(*n);
            doc.push("v", *n);
            (
                "insertOne",
                vec![s(DATABASES[*d]), s(&colls[*c]), doc.into()],
            )
        }
        Op::Update(d, c, n) => {
            let mut inc = Document::new();
            inc.push("v", 1);
            let mut update = Document::new();
            update.push("$inc", inc);
            let args = vec![
                s(DATABASES[*d]),
                s(&colls[*c]),
                id(*n).into(),
                update.into(),
                Document::new().into(),
                false.into(),
                false.into(),
            ];
            ("update", args)
        }
        Op::Delete(d, c, n) => (
            "delete",
            vec![s(DATABASES[*d]), s(&colls[*c]), id(*n).into(), false.into()],
        ),
        Op::Index(d, c) => {
            let mut keys = Document::new();
            keys.push("v", 1);
            let args = vec![
                s(DATABASES[*d]),
                s(&colls[*c]),
                keys.into(),
                Document::new().into(),
            ];
            ("createIndex", args)
        }
        Op::Create(d, c) => ("createCollection", vec![s(DATABASES[*d]), s(&colls[*c])]),
        Op::Drop(d, c) => ("drop", vec![s(DATABASES[*d]), s(&colls[*c])]),
        Op::DropDatabase(d) => ("dropDatabase", vec![s(DATABASES[*d])]),
    };
    let _ = server.call(name, &args, NOW);
}

/// What a server holds: per namespace, its documents and indexes.
type Model = BTreeMap<(String, String), (Vec<Document>, Vec<Document>)>;

fn model(server: &Server) -> Model {
    server
        .databases
        .iter()
        .flat_map(|(db, colls)| {
            colls.iter().map(move |(name, c)| {
                (
                    (db.clone(), name.clone()),
                    (c.documents().cloned().collect(), c.list_indexes()),
                )
            })
        })
        .collect()
}

/// Every path under `root`, not following links, with its kind and bytes.
fn tree(root: &Path) -> BTreeMap<PathBuf, (String, Vec<u8>)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("listed") {
            let path = entry.expect("an entry").path();
            let meta = std::fs::symlink_metadata(&path).expect("stat");
            let (kind, bytes) = if meta.is_dir() {
                stack.push(path.clone());
                ("dir".to_owned(), Vec::new())
            } else if meta.is_file() {
                ("file".to_owned(), std::fs::read(&path).expect("read"))
            } else {
                (format!("{:?}", meta.file_type()), Vec::new())
            };
            out.insert(path, (kind, bytes));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Rounds of random operations, hostile names among them, each round loaded from the
    /// folder, changed, saved: the folder always reloads as the server was, no name the
    /// server refuses is kept, and nothing is written outside the folder or deeper than
    /// `<db>/<file>`.
    #[test]
    fn what_is_saved_reloads_and_stays_inside(
        rounds in proptest::collection::vec(proptest::collection::vec(op(), 0..12), 1..4)
    ) {
        let parent = tempfile::tempdir().expect("a temporary folder");
        let dir = parent.path().join("data");
        let outside = parent.path().join("outside");
        std::fs::create_dir(&outside).expect("made");
        std::fs::write(outside.join("victim"), "untouched").expect("written");
        let before_outside = tree(&outside);
        for (i, ops) in rounds.iter().enumerate() {
            let mut server = load_all(&dir, Server::seeded(i as u64)).expect("loads").server;
            prop_assert!(server.changes().is_empty());
            for op in ops {
                apply(&mut server, op);
            }
            let expected = model(&server);
            for (db, coll) in expected.keys() {
                prop_assert!(names::check_create(db, coll).is_ok(), "{db}.{coll}");
            }
            let kept = save_all(&dir, &server).expect("saves");
            prop_assert!(kept.is_empty(), "{kept:?}");
            let again = load_all(&dir, Server::seeded(7)).expect("reloads");
            prop_assert!(again.kept.is_empty(), "{:?}", again.kept);
            prop_assert_eq!(model(&again.server), expected);
            // Nothing but `data` and `outside` beside it, `outside` as it was, and nothing
            // deeper than a database's files under `data`.
            let beside: Vec<_> = std::fs::read_dir(parent.path())
                .expect("listed")
                .map(|e| e.expect("an entry").file_name())
                .collect();
            prop_assert!(beside.len() <= 2, "{beside:?}");
            prop_assert_eq!(&tree(&outside), &before_outside);
            if dir.exists() {
                for path in tree(&dir).keys() {
                    let depth = path.strip_prefix(&dir).expect("inside").components().count();
                    prop_assert!(depth <= 2, "{}", path.display());
                }
            }
        }
    }
}

#[test]
fn a_folder_with_nothing_changed_is_not_touched() {
    let parent = tempfile::tempdir().expect("a temporary folder");
    let dir = parent.path().join("data");
    let mut server = Server::seeded(1);
    apply(&mut server, &Op::Insert(0, 0, 1));
    save_all(&dir, &server).expect("saves");
    std::fs::write(dir.join("test").join("v.metadata.json"), "{}").expect("a view");
    std::fs::write(dir.join("test").join("notes.txt"), "mine").expect("a file");
    std::fs::create_dir(dir.join("empty")).expect("a folder");
    let before = tree(&dir);
    let loaded = load_all(&dir, Server::seeded(2)).expect("loads");
    let whys: Vec<_> = loaded.kept.iter().map(|k| k.why.clone()).collect();
    assert_eq!(whys, [Why::Unknown, Why::MetadataAlone]);
    assert!(save_all(&dir, &loaded.server).expect("saves").is_empty());
    assert_eq!(tree(&dir), before);
    // Dropping the database removes its collection's files, not the others (so not the
    // folder).
    let mut server = loaded.server;
    apply(&mut server, &Op::DropDatabase(0));
    save_all(&dir, &server).expect("saves");
    let after = tree(&dir);
    assert!(!after.contains_key(&dir.join("test").join("c.bson")));
    assert!(after.contains_key(&dir.join("test").join("v.metadata.json")));
    assert!(after.contains_key(&dir.join("test").join("notes.txt")));
    assert!(after.contains_key(&dir.join("empty")));
}

#[test]
fn a_collection_file_is_named_as_mongodump_names_it() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut server = Server::seeded(1);
    let s = |x: &str| Value::String(x.into());
    server
        .call("insertOne", &[s("test"), s("a/b c"), id(1).into()], NOW)
        .expect("inserted");
    save_all(dir.path(), &server).expect("saves");
    assert!(dir.path().join("test").join("a%2Fb+c.bson").is_file());
    assert!(
        dir.path()
            .join("test")
            .join("a%2Fb+c.metadata.json")
            .is_file()
    );
    let loaded = load_all(dir.path(), Server::seeded(2)).expect("loads");
    assert!(loaded.server.databases["test"].contains_key("a/b c"));
}

#[cfg(unix)]
#[test]
fn a_planted_link_is_not_written_through() {
    let parent = tempfile::tempdir().expect("a temporary folder");
    let dir = parent.path().join("data");
    let outside = parent.path().join("outside");
    std::fs::create_dir_all(&outside).expect("made");
    std::fs::create_dir_all(dir.join("test")).expect("made");
    std::os::unix::fs::symlink(&outside, dir.join("lab")).expect("a link");
    std::os::unix::fs::symlink(outside.join("victim.bson"), dir.join("test").join("c.bson"))
        .expect("a link");
    let loaded = load_all(&dir, Server::seeded(1)).expect("loads");
    assert_eq!(loaded.kept.len(), 2, "{:?}", loaded.kept);
    let mut server = loaded.server;
    apply(&mut server, &Op::Insert(0, 0, 1)); // test.c, whose file is a link
    apply(&mut server, &Op::Insert(1, 1, 1)); // lab.d, whose folder is a link
    let e = save_all(&dir, &server).expect_err("refused");
    assert!(e.to_string().contains("symbolic link"), "{e}");
    assert_eq!(std::fs::read_dir(&outside).expect("listed").count(), 0);
}

#[cfg(unix)]
#[test]
fn a_fifo_is_not_opened() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("test")).expect("made");
    let fifo = dir.path().join("test").join("f.bson");
    let c = std::ffi::CString::new(fifo.to_str().expect("UTF-8")).expect("no NUL");
    // SAFETY: a valid C string; mkfifo only creates the FIFO.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let loaded =
        load_all(dir.path(), Server::seeded(1)).expect("loads, without waiting for a writer");
    assert_eq!(
        loaded.kept.iter().map(|k| &k.why).collect::<Vec<_>>(),
        [&Why::Special(super::Special::Fifo)]
    );
}

#[test]
fn a_damaged_file_is_named_with_its_byte() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::create_dir(dir.path().join("test")).expect("made");
    // One good document, then one whose element type is unknown.
    let mut bytes = vec![5, 0, 0, 0, 0];
    bytes.extend([8, 0, 0, 0, 0x20, b'a', 0, 0]);
    std::fs::write(dir.path().join("test").join("c.bson"), &bytes).expect("written");
    let e = load_all(dir.path(), Server::seeded(1))
        .err()
        .expect("refused");
    let text = e.to_string();
    assert!(text.contains("c.bson") && text.contains("byte 5"), "{text}");
}

#[test]
fn a_file_the_run_did_not_load_is_not_replaced_or_deleted() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let test = dir.path().join("test");
    std::fs::create_dir(&test).expect("made");
    let view = r#"{"options":{"viewOn":"c","pipeline":[]},"indexes":[],"collectionName":"c","type":"view"}"#;
    std::fs::write(test.join("c.metadata.json"), view).expect("a view");
    // Created then dropped: nothing of it was on disk, so nothing is deleted.
    let mut server = load_all(dir.path(), Server::seeded(1))
        .expect("loads")
        .server;
    apply(&mut server, &Op::Insert(0, 0, 1));
    apply(&mut server, &Op::Drop(0, 0));
    assert!(server.changes().is_empty(), "{:?}", server.changes());
    save_all(dir.path(), &server).expect("saves");
    assert_eq!(
        std::fs::read_to_string(test.join("c.metadata.json")).expect("kept"),
        view
    );
    // Created and kept: the view's metadata is not replaced, and the run says so.
    apply(&mut server, &Op::Insert(0, 0, 1));
    let e = save_all(dir.path(), &server).expect_err("refused");
    assert!(
        e.to_string().contains("c.metadata.json is already there"),
        "{e}"
    );
    assert_eq!(
        std::fs::read_to_string(test.join("c.metadata.json")).expect("kept"),
        view
    );
    assert!(!test.join("c.bson").exists());
}
