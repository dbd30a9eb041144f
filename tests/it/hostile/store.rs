//! Hostile inputs: the progress store (issue 14, findings 2, 3 and 4). Concurrent answers
//! on one exercise all count; links planted beside the progress file are neither followed
//! nor created through; a device, a FIFO, a directory or a file that is not progress is
//! refused by name and left where it is; a read-only file stays read-only; fields this build
//! does not know survive an answer.

use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use bson_tutor::lesson::progress::{Progress, Status};
use bson_tutor::lesson::{Context, answer, builtin, solve};
use bson_tutor::strings::Lang;

use super::{Limits, Outcome, assert_clean, assert_refused, run_with};
use crate::common::TempDir;

/// The exercise of the issue's example: the first of lesson `bytes`.
const LESSON: &str = "bytes";
const EXERCISE: usize = 1;

/// A right and a wrong answer to exercise [`EXERCISE`] of [`LESSON`], as the engine judges
/// them in the default classroom (the one `answer` uses without `--seed`/`--now`).
fn right_and_wrong() -> (String, String) {
    let lessons = builtin::lessons();
    let lesson = lessons
        .iter()
        .find(|l| l.id == LESSON)
        .expect("the built-in lesson");
    let ex = lesson
        .exercises()
        .nth(EXERCISE - 1)
        .expect("its first exercise");
    let ctx = Context::in_lang(Lang::En);
    let right = solve(ex, &ctx).expect("the engine solves it").text;
    assert!(answer(ex, &right, &ctx).correct(), "{right}");
    let wrong = ["99", "0", "1", "no"]
        .into_iter()
        .find(|w| !answer(ex, w, &ctx).correct())
        .expect("one of them is wrong")
        .to_owned();
    (right, wrong)
}

/// Runs the binary on the progress file `path`.
fn run_on(path: &Path, args: &[&str]) -> Outcome {
    let mut all: Vec<&str> = args.to_vec();
    let path = path.to_str().expect("a UTF-8 scratch path");
    all.extend(["--progress", path]);
    run_with(&all, b"", Limits::default(), |_| {})
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn saved(path: &Path) -> Progress {
    Progress::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// How many `answer` processes run at once at most: enough that hundreds of read-merge-write
/// windows overlap, few enough for a small CI machine (each is a 12 MB process).
const IN_FLIGHT: usize = 64;

/// Starts `answer LESSON EXERCISE <text>` on `path` for every text, keeping up to
/// [`IN_FLIGHT`] running at once (each next one starts as soon as the oldest ends); returns
/// each process's text and exit code, and how long they took together.
fn answer_all(path: &Path, texts: &[&str]) -> (Vec<(String, Option<i32>, String)>, Duration) {
    let spawn = |text: &str| -> Child {
        Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
            .env("LANG", "C.UTF-8")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .args(["answer", LESSON, &EXERCISE.to_string(), text, "--progress"])
            .arg(path)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts")
    };
    let start = Instant::now();
    let mut running: std::collections::VecDeque<(String, Child)> = Default::default();
    let mut done = Vec::new();
    let mut finish = |(text, child): (String, Child)| {
        let out = child.wait_with_output().expect("waiting works");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        done.push((text, out.status.code(), err));
    };
    for &text in texts {
        if running.len() == IN_FLIGHT {
            finish(running.pop_front().expect("full"));
        }
        running.push_back((text.to_owned(), spawn(text)));
    }
    while let Some(c) = running.pop_front() {
        finish(c);
    }
    (done, start.elapsed())
}

/// Finding 2: 200 concurrent pairs, a right and a wrong answer to the same exercise, end
/// with every attempt counted, the exercise solved once and the right answer kept.
#[test]
fn two_hundred_concurrent_right_and_wrong_pairs_lose_nothing() {
    let dir = TempDir::new("hostile-store", "pairs");
    let path = dir.join("progress.json");
    let (right, wrong) = right_and_wrong();
    let texts: Vec<&str> = (0..200)
        .flat_map(|_| [right.as_str(), wrong.as_str()])
        .collect();
    let (done, took) = answer_all(&path, &texts);
    for (text, code, err) in &done {
        let expected = if text == &right { 0 } else { 1 };
        assert_eq!(*code, Some(expected), "{text}: {err}");
        assert!(err.is_empty(), "{text}: {err}");
    }
    let p = saved(&path);
    let r = p.record(LESSON, EXERCISE).expect("the record");
    eprintln!(
        "200 pairs: attempts {}, status {}, solved {} ({} processes, {IN_FLIGHT} at once, {took:?})",
        r.attempts,
        r.status.label(),
        p.solved(LESSON, 6),
        done.len()
    );
    assert_eq!(r.attempts, 400, "{r:?}");
    assert_eq!(r.status, Status::Solved, "{r:?}");
    assert_eq!(p.solved(LESSON, 6), 1);
    assert_eq!(r.last_wrong.as_deref(), Some(wrong.as_str()));
    assert!(
        [&right, &wrong].contains(&r.last_answer.as_ref().expect("a last answer")),
        "{r:?}"
    );
    assert_eq!(names(&dir), ["progress.json", "progress.json.lock"]);
}

/// Finding 2: 200 concurrent wrong answers count 200 attempts.
#[test]
fn two_hundred_concurrent_wrong_answers_count_two_hundred_attempts() {
    let dir = TempDir::new("hostile-store", "wrongs");
    let path = dir.join("progress.json");
    let (_, wrong) = right_and_wrong();
    let texts = vec![wrong.as_str(); 200];
    let (done, took) = answer_all(&path, &texts);
    for (text, code, err) in &done {
        assert_eq!(*code, Some(1), "{text}: {err}");
        assert!(err.is_empty(), "{text}: {err}");
    }
    let r = saved(&path)
        .record(LESSON, EXERCISE)
        .cloned()
        .expect("the record");
    eprintln!(
        "200 wrong: attempts {}, status {} ({IN_FLIGHT} at once, {took:?})",
        r.attempts,
        r.status.label()
    );
    assert_eq!((r.attempts, r.status), (200, Status::Pending), "{r:?}");
}

/// Finding 3: a link planted at the old predictable temporary name is left alone and its
/// target unchanged; a linked lock file is refused and its target not created.
#[test]
fn planted_links_beside_the_progress_file_are_not_followed() {
    let dir = TempDir::new("hostile-store", "links");
    let path = dir.join("progress.json");
    let (right, _) = right_and_wrong();
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "do not overwrite").unwrap();
    let planted = dir.join("progress.json.tmp");
    std::os::unix::fs::symlink(&victim, &planted).unwrap();
    for _ in 0..3 {
        let out = run_on(&path, &["answer", LESSON, "1", &right]);
        assert_clean("answer beside a planted .tmp link", &out);
        assert_eq!(out.code, Some(0), "{}", out.stderr);
    }
    assert_eq!(
        std::fs::read_to_string(&victim).unwrap(),
        "do not overwrite"
    );
    assert!(std::fs::symlink_metadata(&planted).unwrap().is_symlink());
    assert_eq!(saved(&path).record(LESSON, 1).unwrap().attempts, 3);
    assert_eq!(
        names(&dir),
        [
            "progress.json",
            "progress.json.lock",
            "progress.json.tmp",
            "victim.txt"
        ]
    );

    // The lock file as a link to a file that does not exist yet.
    let other = dir.join("other").join("progress.json");
    std::fs::create_dir(other.parent().unwrap()).unwrap();
    let target = dir.join("created-through-the-lock");
    std::os::unix::fs::symlink(&target, dir.join("other").join("progress.json.lock")).unwrap();
    let out = run_on(&other, &["answer", LESSON, "1", &right]);
    assert_refused("answer with a linked lock", &out, "progress.json.lock");
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    assert!(
        !target.exists(),
        "nothing is created at the lock link's target"
    );
    assert!(!other.exists());
    let out = run_on(&other, &["progress", "--reset", "--yes"]);
    assert_clean("progress --reset with a linked lock", &out);
    assert!(!target.exists());
}

/// Finding 4: a device, a FIFO, a directory or a file that is not progress given as the
/// progress path is an error naming it, and nothing is renamed, replaced or removed.
#[test]
fn only_a_regular_progress_file_is_ever_moved_aside() {
    // /dev/null, read-only: `lessons` only reads the progress (it never moved anything,
    // even before this work), so the machine's /dev/null is never at risk here.
    let out = run_with(
        &["lessons", "--progress", "/dev/null"],
        b"",
        Limits::default(),
        |_| {},
    );
    assert_clean("lessons --progress /dev/null", &out);
    assert!(
        out.stderr.contains("/dev/null") && out.stderr.contains("character device"),
        "{}",
        out.stderr
    );
    let null = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device());
    let renamed = std::fs::read_dir("/dev")
        .unwrap()
        .filter_map(|e| e.ok())
        .any(|e| e.file_name().to_string_lossy().starts_with("null."));
    assert!(!renamed, "nothing beside /dev/null");

    // A FIFO stands in for a device for every command that writes: refused by name,
    // without blocking on it, and left where it is.
    let dir = TempDir::new("hostile-store", "fifo");
    let fifo = dir.join("progress.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (right, _) = right_and_wrong();
    let every: [&[&str]; 5] = [
        &["answer", LESSON, "1", &right],
        &["progress"],
        &["progress", "--reset", "--yes"],
        &["progress", "--export", "json"],
        &["progress", "--reset", "--lesson", LESSON, "--yes"],
    ];
    for args in every {
        let out = run_on(&fifo, args);
        let what = format!("{args:?} on a FIFO");
        assert_refused(&what, &out, &fifo.display().to_string());
        assert!(out.stderr.contains("FIFO"), "{what}: {}", out.stderr);
        assert!(
            out.elapsed < Duration::from_secs(30),
            "{what}: {:?}",
            out.elapsed
        );
    }
    let out = run_on(&fifo, &["lessons"]);
    assert_clean("lessons on a FIFO", &out);
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert_eq!(names(&dir), ["progress.json"]);

    // A directory.
    let sub = dir.join("a-directory");
    std::fs::create_dir(&sub).unwrap();
    let out = run_on(&sub, &["progress"]);
    assert_refused("progress on a directory", &out, "a directory");
    assert!(sub.is_dir());

    // A mistyped ~/.bashrc: a regular file that is not progress and does not look like
    // damaged progress. Not renamed, not replaced.
    let bashrc = dir.join(".bashrc");
    let text = "# ~/.bashrc\nexport PATH=\"$HOME/bin:$PATH\"\nalias ll='ls -l'\n";
    std::fs::write(&bashrc, text).unwrap();
    for args in [&["progress"][..], &["answer", LESSON, "1", &right][..]] {
        let out = run_on(&bashrc, args);
        assert_refused(&format!("{args:?} on .bashrc"), &out, ".bashrc");
        assert!(out.stderr.contains("left as it is"), "{}", out.stderr);
    }
    assert_eq!(std::fs::read_to_string(&bashrc).unwrap(), text);
    // Not even a lock file beside it.
    let mut left = names(&dir);
    left.retain(|n| n.starts_with(".bashrc"));
    assert_eq!(left, [".bashrc"]);
}

/// Finding 4: a `chmod 444` progress file is neither replaced nor erased and keeps its mode;
/// a writable one keeps its own mode when replaced.
#[test]
fn a_read_only_progress_file_stays_read_only() {
    let dir = TempDir::new("hostile-store", "read-only");
    let path = dir.join("progress.json");
    let (right, wrong) = right_and_wrong();
    assert_eq!(
        run_on(&path, &["answer", LESSON, "1", &wrong]).code,
        Some(1)
    );
    let before = std::fs::read(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    for args in [
        &["answer", LESSON, "1", &right][..],
        &["progress", "--reset", "--yes"][..],
    ] {
        let out = run_on(&path, args);
        assert_refused(&format!("{args:?} on a 444 file"), &out, "read-only");
        assert!(
            out.stderr.contains(&path.display().to_string()),
            "{}",
            out.stderr
        );
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o444);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(
        run_on(&path, &["answer", LESSON, "1", &right]).code,
        Some(0)
    );
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640);
    assert_eq!(saved(&path).solved(LESSON, 6), 1);
}

/// Finding 4: fields this build does not know, at the top and inside records, survive
/// `answer`.
#[test]
fn unknown_fields_survive_an_answer() {
    let dir = TempDir::new("hostile-store", "unknown");
    let path: PathBuf = dir.join("progress.json");
    std::fs::write(
        &path,
        r#"{"version": 1, "streak": {"days": 12}, "exercises": {
            "bytes#1": {"status": "pending", "attempts": 2, "hints": 1, "badge": "bronze"},
            "bytes#2": {"status": "solved", "attempts": 1, "hints": 0, "note": [1, 2]}}}"#,
    )
    .unwrap();
    let (right, _) = right_and_wrong();
    let out = run_on(&path, &["answer", LESSON, "1", &right]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let back: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(back["streak"]["days"], 12, "{back}");
    assert_eq!(back["exercises"]["bytes#1"]["badge"], "bronze", "{back}");
    assert_eq!(back["exercises"]["bytes#1"]["attempts"], 3, "{back}");
    assert_eq!(back["exercises"]["bytes#1"]["status"], "solved", "{back}");
    assert_eq!(
        back["exercises"]["bytes#2"]["note"],
        serde_json::json!([1, 2])
    );
}
