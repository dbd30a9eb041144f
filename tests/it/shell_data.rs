//! `bson-tutor shell --data DIR` holds (issue 26): whatever names a script uses, with the
//! JavaScript prelude or around it, nothing is written outside `DIR`; a run that changes
//! nothing leaves `DIR` byte for byte as it was, FIFOs and all; the REPL's history is never
//! written through a link.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{TempDir, bson_tutor};

const NOW: &str = "2026-10-08T03:45:49Z";

/// Runs `shell --data DIR --eval CODE`, killed after 30 s (a load that blocks fails).
fn shell(data: &Path, code: &str) -> Output {
    let mut child = bson_tutor()
        .args(["shell", "--data"])
        .arg(data)
        .args(["--seed", "1", "--now", NOW, "--eval", code])
        .env("BSON_TUTOR_LANG", "en")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("shell starts");
    let start = Instant::now();
    while child.try_wait().expect("waits").is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!(
                "shell --data {} --eval {code:?} did not end",
                data.display()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

/// Everything under `root`, links not followed: each path with its kind, mode and (for a
/// regular file) bytes, for a link its target.
fn listing(root: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("listed") {
            let path = entry.expect("an entry").path();
            let meta = std::fs::symlink_metadata(&path).expect("stat");
            #[cfg(unix)]
            let mode = {
                use std::os::unix::fs::PermissionsExt;
                meta.permissions().mode()
            };
            #[cfg(not(unix))]
            let mode = u32::from(meta.permissions().readonly());
            let what = if meta.is_dir() {
                stack.push(path.clone());
                "folder".to_owned()
            } else if meta.is_file() {
                format!("file {:?}", std::fs::read(&path).expect("read"))
            } else if meta.file_type().is_symlink() {
                format!("link to {:?}", std::fs::read_link(&path).expect("a link"))
            } else {
                format!("{:?}", meta.file_type())
            };
            out.insert(path, format!("{mode:o} {what}"));
        }
    }
    out
}

/// A script that sends `db` and `coll` to the engine for an insert without the prelude's
/// checks: `JSON.stringify`, which the prelude calls to pass the arguments, is replaced by
/// one that swaps the names in.
fn forged_insert(db: &str, coll: &str) -> String {
    let (db, coll) = (
        serde_json::to_string(db).expect("JSON"),
        serde_json::to_string(coll).expect("JSON"),
    );
    format!(
        "const real = JSON.stringify;
         JSON.stringify = function (v, ...rest) {{
           if (Array.isArray(v) && v[0] === 'test' && v[1] === 'decoy') v = [{db}, {coll}, ...v.slice(2)];
           return real.call(JSON, v, ...rest);
         }};
         db.decoy.insertOne({{ p: 1 }})"
    )
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().expect("UTF-8")).expect("no NUL");
    // SAFETY: a valid C string; mkfifo only creates the FIFO.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

/// Twenty-odd hostile names as collections and as databases, through the prelude and around
/// it: afterwards everything outside the data folder is as it was, and what the data folder
/// holds is all one folder and one file deep.
#[test]
fn hostile_names_write_nothing_outside_the_data_folder() {
    let parent = TempDir::new("shell-data", "hostile");
    let data = parent.join("data");
    let outside = parent.join("outside");
    std::fs::create_dir_all(&outside).expect("made");
    std::fs::write(outside.join("victim.bson"), [5, 0, 0, 0, 0]).expect("written");
    let before = listing(&parent);
    let outside_text = outside.display().to_string();
    let collections: Vec<String> = vec![
        "..".into(),
        "../../escaped".into(),
        "../../../../../../tmp/escaped".into(),
        format!("{outside_text}/abs"),
        "/elsewhere/abs".into(),
        "a\0b".into(),
        "..\\..\\x".into(),
        "．．／．．／x".into(),
        "%2F..%2F..%2Fx".into(),
        "x".repeat(300),
        "/".repeat(200),
        "system.x".into(),
        "a/../../../x".into(),
        ".hidden".into(),
        "$cmd".into(),
        "new\nline".into(),
        "".into(),
        "~".into(),
        ".".into(),
    ];
    let databases: Vec<String> = vec![
        "..".into(),
        "../outside".into(),
        outside_text.clone(),
        "a\\b".into(),
        "．．".into(),
        "a\0b".into(),
        "d".repeat(70),
        ".".into(),
        "a b".into(),
        "".into(),
    ];
    let mut refused = 0;
    for coll in &collections {
        let name = serde_json::to_string(coll).expect("JSON");
        for code in [
            format!("db.getCollection({name}).insertOne({{ p: 1 }})"),
            format!("db.createCollection({name})"),
            forged_insert("test", coll),
        ] {
            let out = shell(&data, &code);
            refused += usize::from(!out.status.success());
        }
    }
    for db in &databases {
        let name = serde_json::to_string(db).expect("JSON");
        for code in [
            format!("db.getSiblingDB({name}).c.insertOne({{ p: 1 }})"),
            forged_insert(db, "c"),
        ] {
            let out = shell(&data, &code);
            refused += usize::from(!out.status.success());
        }
    }
    assert!(refused > 40, "only {refused} runs were refused");
    let after = listing(&parent);
    let outside_of = |l: &BTreeMap<PathBuf, String>| -> BTreeMap<PathBuf, String> {
        l.iter()
            .filter(|(p, _)| !p.starts_with(&data))
            .map(|(p, w)| (p.clone(), w.clone()))
            .collect()
    };
    assert_eq!(outside_of(&after), outside_of(&before));
    // What the data folder holds is `<db>/<file>`.
    for path in after.keys().filter(|p| p.starts_with(&data)) {
        let depth = path
            .strip_prefix(&data)
            .expect("inside")
            .components()
            .count();
        assert!(depth <= 2, "{}", path.display());
    }
    // A name the server accepts is kept under its escaped file name.
    assert!(data.join("test/%2Felsewhere%2Fabs.bson").is_file());
}

/// Links planted in the data folder that lead out of it (a database folder, a collection's
/// file, a folder where a collection name with `/` would go) are never read or written
/// through, and stay the links they were.
#[cfg(unix)]
#[test]
fn planted_links_are_not_followed() {
    let parent = TempDir::new("shell-data", "links");
    let data = parent.join("data");
    let outside = parent.join("outside");
    std::fs::create_dir_all(outside.join("deep")).expect("made");
    std::fs::create_dir_all(data.join("test")).expect("made");
    // A collection's file as mongodump writes it: one empty document.
    std::fs::write(outside.join("victim.bson"), [5, 0, 0, 0, 0]).expect("written");
    std::os::unix::fs::symlink(&outside, data.join("linkdb")).expect("a link");
    std::os::unix::fs::symlink(outside.join("victim.bson"), data.join("test/linked.bson"))
        .expect("a link");
    std::os::unix::fs::symlink(outside.join("deep"), data.join("test/sub")).expect("a link");
    let before = listing(&parent);
    for code in [
        "db.getSiblingDB('linkdb').c.insertOne({ p: 1 })",
        "db.getSiblingDB('linkdb').victim.insertOne({ p: 1 })",
        "db.linked.insertOne({ p: 1 })",
        "db.getCollection('sub/x').insertOne({ p: 1 })",
        "db.getSiblingDB('linkdb').dropDatabase()",
        "db.linked.drop()",
    ] {
        shell(&data, code);
    }
    let after = listing(&parent);
    let outside_of = |l: &BTreeMap<PathBuf, String>| -> BTreeMap<PathBuf, String> {
        l.iter()
            .filter(|(p, _)| !p.starts_with(&data))
            .map(|(p, w)| (p.clone(), w.clone()))
            .collect()
    };
    assert_eq!(outside_of(&after), outside_of(&before));
    for link in ["linkdb", "test/linked.bson", "test/sub"] {
        assert_eq!(after[&data.join(link)], before[&data.join(link)], "{link}");
    }
    // Each run says what it left alone.
    let out = shell(&data, "1");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("linked.bson was left as it is: it is a symbolic link"),
        "{err}"
    );
}

/// The prelude bypassed, the engine itself answers with the server's error.
#[test]
fn a_forged_name_gets_the_servers_error() {
    let parent = TempDir::new("shell-data", "forged");
    let data = parent.join("data");
    let out = shell(&data, &forged_insert("..", "c"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("InvalidNamespace") && err.contains("Invalid database name: '..'"),
        "{err}"
    );
    let out = shell(&data, &forged_insert("test", "../../escaped"));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Invalid collection name: ../../escaped"),
        "{err}"
    );
    assert!(!parent.join("escaped.bson").exists());
    assert!(!data.exists(), "nothing to keep, nothing written");
}

/// A data folder holding what the console does not load (a view's metadata, a folder whose
/// name is not UTF-8, unknown files, an empty folder, a FIFO named `*.bson`) is byte for byte
/// the same after `--eval 1`, and the run says what it left alone; a run that changes one
/// collection changes its two files only.
#[cfg(unix)]
#[test]
fn a_run_keeps_what_it_did_not_change() {
    use std::os::unix::ffi::OsStrExt;
    let parent = TempDir::new("shell-data", "keeps");
    let data = parent.join("data");
    let out = shell(
        &data,
        "db.t.insertMany([{ _id: 1 }, { _id: 2 }]); db.u.insertOne({ _id: 1 })",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let test = data.join("test");
    std::fs::write(
        test.join("v.metadata.json"),
        r#"{"options":{"viewOn":"t","pipeline":[]},"indexes":[],"collectionName":"v","type":"view"}"#,
    )
    .expect("a view");
    let latin1 = data.join(std::ffi::OsStr::from_bytes(b"caf\xe9"));
    std::fs::create_dir(&latin1).expect("a folder");
    std::fs::write(latin1.join("x.bson"), [5, 0, 0, 0, 0]).expect("written");
    std::fs::write(test.join("notes.txt"), "mine").expect("written");
    std::fs::write(test.join("old.bson.gz"), "gz").expect("written");
    std::fs::write(data.join("oplog.bson"), [5, 0, 0, 0, 0]).expect("written");
    std::fs::create_dir(data.join("empty")).expect("a folder");
    std::fs::create_dir(test.join("inner")).expect("a folder");
    mkfifo(&test.join("pipe.bson"));
    mkfifo(&data.join("pipe"));
    let before = listing(&data);
    let out = shell(&data, "1");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(listing(&data), before);
    let notes = String::from_utf8_lossy(&out.stderr);
    for said in [
        "v.metadata.json was left as it is: metadata without a .bson file",
        "was left as it is: its name is not UTF-8",
        "notes.txt was left as it is",
        "pipe.bson was left as it is: it is a FIFO (named pipe)",
    ] {
        assert!(notes.contains(said), "{said}: {notes}");
    }
    // One collection changed: its files only.
    let out = shell(&data, "db.t.insertOne({ _id: 3 })");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = listing(&data);
    let changed: Vec<_> = after
        .iter()
        .filter(|(p, w)| before.get(*p) != Some(*w))
        .map(|(p, _)| p.strip_prefix(&data).expect("inside").to_path_buf())
        .collect();
    // (Its metadata is written again, with the same bytes: the same indexes.)
    assert_eq!(changed, [PathBuf::from("test/t.bson")]);
    assert_eq!(after.len(), before.len());
    // One collection dropped: its files only.
    let out = shell(&data, "db.u.drop()");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dropped = listing(&data);
    assert_eq!(dropped.len(), before.len() - 2);
    assert!(!test.join("u.bson").exists() && !test.join("u.metadata.json").exists());
    assert!(test.join("v.metadata.json").exists() && latin1.join("x.bson").exists());
    // And the rest reads back.
    let out = shell(&data, "db.t.countDocuments()");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "3\n");
}

/// The REPL in a terminal (`script` gives it one) with its history path a link to another
/// file: the file is not cut or chmodded, the link stays a link, and a warning says the
/// history is kept in memory only. A plain history path is written, `0600`.
#[cfg(unix)]
#[test]
fn a_history_link_is_not_followed() {
    if Command::new("script").arg("--version").output().is_err() {
        // util-linux's `script` gives the REPL a terminal; CI must have it.
        assert!(
            std::env::var_os("BSON_TUTOR_E2E_REQUIRED").is_none(),
            "`script` (util-linux) is missing, and BSON_TUTOR_E2E_REQUIRED is set"
        );
        eprintln!("SKIPPED a_history_link_is_not_followed: no `script` (util-linux) here");
        return;
    }
    let dir = TempDir::new("shell-data", "history");
    let target = dir.join("bashrc");
    let original = (0..300).map(|i| format!("line {i}\n")).collect::<String>();
    std::fs::write(&target, &original).expect("written");
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    }
    let link = dir.join("shell_history");
    std::os::unix::fs::symlink(&target, &link).expect("a link");
    let repl = |history: &Path| {
        let mut child = Command::new("script")
            .args(["-qec"])
            .arg(format!("{} shell", env!("CARGO_BIN_EXE_bson-tutor")))
            .arg("/dev/null")
            .env("BSON_TUTOR_SHELL_HISTORY", history)
            .env("BSON_TUTOR_LANG", "en")
            .env("TERM", "dumb")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("script starts");
        let mut stdin = child.stdin.take().expect("stdin");
        std::thread::sleep(Duration::from_millis(500));
        let _ = stdin.write_all(b"1 + 1\r");
        std::thread::sleep(Duration::from_millis(300));
        let _ = stdin.write_all(b"exit\r");
        let start = Instant::now();
        while child.try_wait().expect("waits").is_none() {
            if start.elapsed() > Duration::from_secs(20) {
                let _ = child.kill();
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(stdin);
        child.wait_with_output().expect("output")
    };
    let out = repl(&link);
    let shown = String::from_utf8_lossy(&out.stdout);
    assert_eq!(std::fs::read_to_string(&target).expect("read"), original);
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&target)
            .expect("there")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644);
    }
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("there")
            .is_symlink()
    );
    assert!(
        shown.contains("is a symbolic link, not a regular file"),
        "{shown}"
    );
    // A plain path is written, readable by its owner only.
    let plain = dir.join("plain_history");
    repl(&plain);
    let saved = std::fs::read_to_string(&plain).expect("saved");
    assert!(
        saved.starts_with("#V2\n") && saved.contains("1 + 1"),
        "{saved}"
    );
}
