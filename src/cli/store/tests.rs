//! The store's own tests: merging writers, damaged files, what it refuses to touch.

use super::*;
use bson_tutor::lesson::progress::key;

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("bson-tutor-store-{name}-{}", std::process::id()));
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
