//! The store's own tests: merging writers, damaged files, what it refuses to touch.

use super::error::FileKind;
use super::*;
use bson_tutor::lesson::progress::key;

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::current_exe()
        .expect("the test binary has a path")
        .ancestors()
        .nth(3) // target/<profile>/deps/<test binary>
        .expect("the test binary is under target/")
        .join("tmp")
        .join(format!("bson-tutor-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn two_writers_keep_every_change_and_the_file_is_always_whole() {
    let dir = scratch("threads");
    let path = dir.join("progress.json");
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reader = {
        let (path, done) = (path.clone(), done.clone());
        std::thread::spawn(move || {
            let mut reads = 0;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                if let Ok(text) = std::fs::read_to_string(&path) {
                    Progress::from_json(&text).expect("a whole file at every moment");
                    reads += 1;
                }
            }
            reads
        })
    };
    let writers: Vec<_> = ["a", "b"]
        .into_iter()
        .map(|lesson| {
            let store = Store::new(Some(path.clone()));
            std::thread::spawn(move || {
                let (mut mine, _) = store.load().unwrap();
                for n in 1..=50 {
                    mine.answered(lesson, n, "x", true);
                    let changed = BTreeSet::from([key(lesson, n)]);
                    mine = store.save(&mine, &changed).unwrap();
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(reader.join().unwrap() > 0);
    let (all, notice) = Store::new(Some(path)).load().unwrap();
    assert_eq!(notice, None);
    assert_eq!(all.exercises.len(), 100);
    assert_eq!(all.solved("a", 50) + all.solved("b", 50), 100);
    assert_eq!(names(&dir), ["progress.json", "progress.json.lock"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn damaged_files_are_moved_aside_under_distinct_names() {
    let dir = scratch("aside");
    let path = dir.join("progress.json");
    let store = Store::new(Some(path.clone()));
    for _ in 0..2 {
        std::fs::write(&path, "{not json").unwrap();
        let refused = store.read().unwrap_err().to_string();
        assert!(refused.contains("left as it is"), "{refused}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{not json");
        let (p, notice) = store.load().unwrap();
        assert_eq!(p, Progress::new());
        let notice = notice.unwrap().to_string();
        assert!(notice.contains("moved it aside to"), "{notice}");
    }
    // Two in the same second get two names: the first is not overwritten.
    let aside: Vec<String> = names(&dir)
        .into_iter()
        .filter(|n| n.starts_with("progress.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 2, "{aside:?}");
    for n in &aside {
        assert_eq!(std::fs::read_to_string(dir.join(n)).unwrap(), "{not json");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_damaged_after_loading_is_moved_aside_and_not_overwritten() {
    let dir = scratch("save-damaged");
    let path = dir.join("progress.json");
    let store = Store::new(Some(path.clone()));
    let (mut mine, _) = store.load().unwrap();
    mine.answered("bytes", 1, "36", true);
    let changed = BTreeSet::from([key("bytes", 1)]);
    std::fs::write(&path, r#"{"version": 99, "exercises": {}}"#).unwrap();
    let e = store.save(&mine, &changed).unwrap_err().to_string();
    assert!(
        e.contains("newer bson-tutor") && e.contains(".future-"),
        "{e}"
    );
    assert!(!path.exists());
    // The next save starts a new file.
    let saved = store.save(&mine, &changed).unwrap();
    assert_eq!(saved.solved("bytes", 1), 1);
    assert_eq!(store.read().unwrap(), saved);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn erase_removes_the_file_and_reports_when_there_was_none() {
    let dir = scratch("erase");
    let path = dir.join("sub").join("progress.json");
    let store = Store::new(Some(path.clone()));
    assert!(!store.erase().unwrap());
    store.save(&Progress::new(), &BTreeSet::new()).unwrap();
    assert!(path.exists());
    assert!(store.erase().unwrap());
    assert!(!path.exists());
    assert!(!store.erase().unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn nowhere_to_save_keeps_progress_in_memory_and_says_so() {
    let store = Store::new(None);
    let (p, notice) = store.load().unwrap();
    assert_eq!(notice, Some(Notice::Nowhere));
    assert!(Notice::Nowhere.to_string().contains("in memory only"));
    let mut mine = p;
    mine.answered("bytes", 1, "36", true);
    let changed = BTreeSet::from([key("bytes", 1)]);
    assert_eq!(store.save(&mine, &changed).unwrap(), mine.clone().settled());
    assert!(!store.erase().unwrap());
}

#[test]
fn the_default_path_is_the_variable_then_the_data_directory() {
    let env = |pairs: &'static [(&str, &str)]| {
        move |name: &str| {
            pairs
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| std::ffi::OsString::from(v))
        }
    };
    let native = || Some(PathBuf::from("/native/data"));
    let file = |dir: &str| Some(Path::new(dir).join("bson-tutor").join("progress.json"));
    // $BSON_TUTOR_PROGRESS first, an empty one ignored.
    let set = env(&[("BSON_TUTOR_PROGRESS", "/p.json"), ("HOME", "/home/an")]);
    assert_eq!(default_path_in(set, native), Some(PathBuf::from("/p.json")));
    let empty = env(&[("BSON_TUTOR_PROGRESS", ""), ("XDG_DATA_HOME", "/xdg")]);
    assert_eq!(default_path_in(empty, native), file("/xdg"));
    // A relative $XDG_DATA_HOME is invalid: the platform default applies.
    let relative = env(&[("XDG_DATA_HOME", "xdg"), ("HOME", "/home/an")]);
    let nothing = env(&[]);
    if cfg!(any(target_os = "macos", windows)) {
        assert_eq!(default_path_in(relative, native), file("/native/data"));
        assert_eq!(default_path_in(nothing, native), file("/native/data"));
    } else {
        // Linux and the other Unixes: ~/.local/share from $HOME, and nothing without one
        // (the platform's strategy is not asked).
        let unasked = || -> Option<PathBuf> { panic!("XDG needs no platform strategy") };
        assert_eq!(
            default_path_in(relative, unasked),
            file("/home/an/.local/share")
        );
        assert_eq!(default_path_in(env(&[("HOME", "")]), unasked), None);
        assert_eq!(default_path_in(nothing, unasked), None);
    }
    // The platform's own directory is absolute wherever there is a home.
    if std::env::var_os("HOME").is_some_and(|h| !h.is_empty()) {
        assert!(native_data_dir().is_some_and(|d| d.is_absolute()));
    }
}

/// The permission bits of `path`, without following a link.
#[cfg(unix)]
fn mode_of(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::symlink_metadata(path)
        .unwrap()
        .permissions()
        .mode()
        & 0o7777
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .unwrap();
    assert!(made.success());
}

/// A saved progress file with one answer, for the tests that need a good one.
fn one_answer(path: &Path) -> Progress {
    let store = Store::new(Some(path.to_path_buf()));
    let mut p = Progress::new();
    p.answered("bytes", 1, "36", true);
    store.save(&p, &BTreeSet::new()).unwrap()
}

#[cfg(unix)]
#[test]
fn a_link_at_the_old_temporary_name_is_never_written_through() {
    let dir = scratch("tmp-link");
    let path = dir.join("progress.json");
    let victim = dir.join("victim");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("progress.json.tmp")).unwrap();
    for n in 1..=3 {
        let store = Store::new(Some(path.clone()));
        let mut p = store.read().unwrap();
        p.answered("bytes", n, "36", true);
        store.save(&p, &BTreeSet::new()).unwrap();
    }
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert!(
        std::fs::symlink_metadata(dir.join("progress.json.tmp"))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(Store::new(Some(path)).read().unwrap().exercises.len(), 3);
    // No temporary file is left behind.
    assert_eq!(
        names(&dir),
        [
            "progress.json",
            "progress.json.lock",
            "progress.json.tmp",
            "victim"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_linked_lock_is_refused_and_its_target_not_created() {
    let dir = scratch("lock-link");
    let path = dir.join("progress.json");
    let target = dir.join("created-by-the-lock");
    std::os::unix::fs::symlink(&target, dir.join("progress.json.lock")).unwrap();
    let store = Store::new(Some(path.clone()));
    let mut p = Progress::new();
    p.answered("bytes", 1, "36", true);
    let e = store.save(&p, &BTreeSet::new()).unwrap_err();
    assert!(
        matches!(
            &e,
            StoreError::LockNotRegular {
                kind: FileKind::Symlink,
                ..
            }
        ),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(
        text.contains("progress.json.lock") && text.contains("symbolic link"),
        "{text}"
    );
    assert!(!target.exists() && !path.exists());
    assert!(store.erase().is_err() || !path.exists());
    assert!(!target.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_fifo_or_a_directory_as_the_progress_path_is_refused_by_every_step() {
    let dir = scratch("fifo");
    let fifo = dir.join("progress.json");
    mkfifo(&fifo);
    let sub = dir.join("a-directory");
    std::fs::create_dir(&sub).unwrap();
    for (path, kind) in [(&fifo, FileKind::Fifo), (&sub, FileKind::Directory)] {
        let store = Store::new(Some(path.clone()));
        let refused = |e: StoreError| {
            let text = e.to_string();
            assert!(
                matches!(&e, StoreError::NotRegular { kind: k, target: None, .. } if *k == kind),
                "{e:?}"
            );
            assert!(text.contains(&path.display().to_string()), "{text}");
        };
        refused(store.read().unwrap_err());
        refused(store.load().unwrap_err());
        refused(
            store
                .save(&one_answer(&dir.join("other.json")), &BTreeSet::new())
                .unwrap_err(),
        );
        refused(store.erase().unwrap_err());
    }
    // Nothing was renamed, created or removed beside them.
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(
        &std::fs::symlink_metadata(&fifo).unwrap().file_type()
    ));
    assert_eq!(
        names(&dir),
        [
            "a-directory",
            "other.json",
            "other.json.lock",
            "progress.json"
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_to_a_progress_file_is_followed_and_stays_a_link() {
    let dir = scratch("linked");
    let real = dir.join("real").join("progress.json");
    std::fs::create_dir_all(real.parent().unwrap()).unwrap();
    one_answer(&real);
    let link = dir.join("progress.json");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let store = Store::new(Some(link.clone()));
    let mut p = store.read().unwrap();
    p.answered("bytes", 2, "12", true);
    store.save(&p, &BTreeSet::new()).unwrap();
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(
        Store::new(Some(real.clone()))
            .read()
            .unwrap()
            .solved("bytes", 2),
        2
    );
    // The lock is beside the real file, where every instance finds it.
    assert!(dir.join("real").join("progress.json.lock").exists());
    // Erasing empties the real file and keeps the link.
    assert!(store.erase().unwrap());
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(store.read().unwrap().exercises.is_empty());
    // A link to nothing is refused: no file is created through it.
    let dangling = dir.join("dangling.json");
    let nowhere = dir.join("nowhere.json");
    std::os::unix::fs::symlink(&nowhere, &dangling).unwrap();
    let e = Store::new(Some(dangling.clone()))
        .save(&p, &BTreeSet::new())
        .unwrap_err();
    assert!(
        matches!(
            &e,
            StoreError::NotRegular {
                kind: FileKind::Missing,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("does not exist"), "{e}");
    assert!(!nowhere.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_refused_and_keeps_its_mode_and_bytes() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("read-only");
    let path = dir.join("progress.json");
    one_answer(&path);
    let before = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let store = Store::new(Some(path.clone()));
    let mut p = store.read().unwrap();
    p.answered("bytes", 2, "12", true);
    let e = store.save(&p, &BTreeSet::new()).unwrap_err();
    assert!(matches!(&e, StoreError::ReadOnly { .. }), "{e:?}");
    assert!(e.to_string().contains("read-only"), "{e}");
    assert!(matches!(
        store.erase().unwrap_err(),
        StoreError::ReadOnly { .. }
    ));
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(mode_of(&path), 0o444);
    // A writable file keeps its own mode when replaced.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    store.save(&p, &BTreeSet::new()).unwrap();
    assert_eq!(mode_of(&path), 0o640);
    assert_eq!(store.read().unwrap().solved("bytes", 2), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_that_does_not_look_like_progress_is_never_moved_or_replaced() {
    let dir = scratch("foreign");
    let bashrc = dir.join(".bashrc");
    let shell = "export PATH=$HOME/bin:$PATH\nalias ll='ls -l'\n";
    let package = dir.join("package.json");
    let json = r#"{"name": "app", "version": "1.0.0"}"#;
    std::fs::write(&bashrc, shell).unwrap();
    std::fs::write(&package, json).unwrap();
    for (path, text) in [(&bashrc, shell), (&package, json)] {
        let store = Store::new(Some(path.clone()));
        let foreign = |e: StoreError| {
            assert!(matches!(&e, StoreError::Foreign { .. }), "{e:?}");
            let text = e.to_string();
            assert!(text.contains(&path.display().to_string()), "{text}");
            assert!(text.contains("left as it is"), "{text}");
        };
        foreign(store.read().unwrap_err());
        foreign(store.load().unwrap_err());
        foreign(store.save(&Progress::new(), &BTreeSet::new()).unwrap_err());
        foreign(store.erase().unwrap_err());
        assert_eq!(std::fs::read_to_string(path).unwrap(), text);
    }
    // Damaged progress under another name is still recognised by its start.
    let mine = dir.join("mine.json");
    std::fs::write(
        &mine,
        "{\n  \"version\": 1,\n  \"exercises\": {\n    \"bytes#1\": {",
    )
    .unwrap();
    let (p, notice) = Store::new(Some(mine.clone())).load().unwrap();
    assert!(p.exercises.is_empty());
    assert!(
        matches!(notice, Some(Notice::MovedAside { .. })),
        "{notice:?}"
    );
    assert!(!mine.exists());
    let left: Vec<String> = names(&dir)
        .into_iter()
        .filter(|n| !n.ends_with(".lock"))
        .collect();
    assert_eq!(left.len(), 3, "{left:?}");
    assert!(
        left.iter().any(|n| n.starts_with("mine.json.corrupt-")),
        "{left:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_huge_file_is_not_read_whole() {
    let dir = scratch("huge");
    let path = dir.join("disk.img");
    let f = std::fs::File::create(&path).unwrap();
    // Sparse: no disk space used.
    f.set_len(file::MAX_BYTES + 1).unwrap();
    drop(f);
    let e = Store::new(Some(path.clone())).read().unwrap_err();
    assert!(
        matches!(
            &e,
            StoreError::Foreign {
                damage: Damage::TooLarge { .. },
                ..
            }
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("too large"), "{e}");
    assert!(path.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_fields_survive_a_save() {
    let dir = scratch("unknown");
    let path = dir.join("progress.json");
    std::fs::write(
        &path,
        r#"{"version": 1, "streak": 4, "exercises": {"bytes#1": {"status": "pending",
        "attempts": 1, "hints": 0, "badge": "gold"}}}"#,
    )
    .unwrap();
    let store = Store::new(Some(path.clone()));
    let mut p = store.read().unwrap();
    p.answered("bytes", 1, "36", true);
    store.save(&p, &BTreeSet::new()).unwrap();
    let back: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(back["streak"], 4, "{back}");
    assert_eq!(back["exercises"]["bytes#1"]["badge"], "gold", "{back}");
    assert_eq!(back["exercises"]["bytes#1"]["attempts"], 2, "{back}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn concurrent_writers_on_one_exercise_lose_no_attempt() {
    let dir = scratch("same-exercise");
    let path = dir.join("progress.json");
    // Every thread loads before any saves: the race that lost answers.
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(16));
    let threads: Vec<_> = (0..16)
        .map(|i| {
            let (store, barrier) = (Store::new(Some(path.clone())), barrier.clone());
            std::thread::spawn(move || {
                let mut p = store.read().unwrap();
                barrier.wait();
                p.answered("bytes", 1, if i == 0 { "36" } else { "99" }, i == 0);
                store.save(&p, &BTreeSet::new()).unwrap();
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let saved = Store::new(Some(path)).read().unwrap();
    let r = saved.record("bytes", 1).unwrap();
    assert_eq!((r.attempts, saved.solved("bytes", 1)), (16, 1), "{r:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}
