//! Progress on disk: saved after each answer, shown by `progress`, erased only when the
//! learner says yes, never lost to a damaged file or to a second instance.

use crate::common;

use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use bson_tutor::lesson::progress::{Progress, Status, key};

fn bin() -> Command {
    common::bson_tutor()
}

/// A directory of its own for one test, removed afterwards.
struct Scratch(common::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(common::TempDir::new("progress-test", name))
    }

    fn file(&self) -> PathBuf {
        self.0.join("progress.json")
    }

    /// Runs the binary with `--progress` pointing here, standard input as given.
    fn run(&self, args: &[&str], stdin: &str) -> Output {
        let mut child = bin()
            .args(args)
            .arg("--progress")
            .arg(self.file())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The command may not read at all; a closed pipe is fine.
        let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
        child.wait_with_output().unwrap()
    }

    fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    fn saved(&self) -> Progress {
        Progress::from_json(&std::fs::read_to_string(self.file()).unwrap()).unwrap()
    }
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The one file in the scratch directory whose name starts with `prefix`.
fn only_file_starting(dir: &Scratch, prefix: &str) -> String {
    let found: Vec<String> = dir
        .names()
        .into_iter()
        .filter(|n| n.starts_with(prefix))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found.into_iter().next().unwrap()
}

#[test]
fn an_answer_is_saved_and_progress_shows_it() {
    let dir = Scratch::new("show");
    assert_eq!(
        dir.run(&["answer", "bytes", "2", "13"], "").status.code(),
        Some(1)
    );
    assert_eq!(
        dir.run(&["answer", "bytes", "2", "--hint"], "")
            .status
            .code(),
        Some(0)
    );
    assert_eq!(
        dir.run(&["answer", "bytes", "2", "12"], "").status.code(),
        Some(0)
    );
    let out = dir.run(&["progress"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!("progress file: {}", dir.file().display()),
        "{text}"
    );
    assert_eq!(lines[1], "last position: bytes, exercise 2");
    assert!(
        lines[2].starts_with("  1. ") && lines[2].contains("(bytes)"),
        "{text}"
    );
    assert!(lines[2].ends_with(" 1/6 solved"), "{text}");
    assert_eq!(
        lines[3].split_whitespace().collect::<Vec<_>>(),
        ["exercise", "2", "solved", "2", "attempts,", "1", "hint"],
        "{text}"
    );
    // Lessons without records show their count only, in course order.
    assert!(
        lines[4].starts_with("  2. ") && lines[4].ends_with(" 0/6 solved"),
        "{text}"
    );
    // The same again: the report is deterministic.
    assert_eq!(stdout(&dir.run(&["progress"], "")), text);
    // `lessons` shows the same count.
    let listed = stdout(&dir.run(&["lessons"], ""));
    assert!(
        listed
            .lines()
            .any(|l| l.contains("bytes") && l.contains("(1/6 solved)")),
        "{listed}"
    );
    // Only the file and its lock are left: no temporary file.
    assert_eq!(dir.names(), ["progress.json", "progress.json.lock"]);
}

#[test]
fn records_of_lessons_not_loaded_are_still_shown() {
    let dir = Scratch::new("others");
    std::fs::write(
        dir.file(),
        r#"{"version": 1, "exercises": {"gone#3": {"status": "revealed", "attempts": 1, "hints": 0}}}"#,
    )
    .unwrap();
    let text = stdout(&dir.run(&["progress"], ""));
    assert!(text.contains("last position: none yet"), "{text}");
    let tail: Vec<&str> = text.lines().rev().take(2).collect();
    assert_eq!(tail[1], "records of lessons not loaded:", "{text}");
    assert_eq!(
        tail[0].split_whitespace().collect::<Vec<_>>(),
        ["gone#3", "revealed", "1", "attempt,", "0", "hints"]
    );
}

#[test]
fn a_corrupt_file_is_moved_aside_with_a_message_naming_it() {
    let dir = Scratch::new("corrupt");
    std::fs::write(dir.file(), "{not json").unwrap();
    // A one-shot answer refuses it and leaves it where it is.
    let refused = dir.run(&["answer", "bytes", "1", "36"], "");
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("bson-tutor progress"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(std::fs::read_to_string(dir.file()).unwrap(), "{not json");
    // `lessons` lists anyway, without progress, and warns.
    let listed = dir.run(&["lessons"], "");
    assert_eq!(listed.status.code(), Some(0));
    assert!(
        stderr(&listed).contains("progress not shown"),
        "{}",
        stderr(&listed)
    );
    assert_eq!(std::fs::read_to_string(dir.file()).unwrap(), "{not json");
    // `progress` moves it aside and says where; the bytes survive there.
    let out = dir.run(&["progress"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let aside = only_file_starting(&dir, "progress.json.corrupt-");
    let aside = dir.0.join(aside);
    let message = stderr(&out);
    assert!(message.contains(&aside.display().to_string()), "{message}");
    assert!(
        message.contains("not a bson-tutor progress file"),
        "{message}"
    );
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{not json");
    assert!(!dir.file().exists());
    // And answering starts afresh next to it.
    assert_eq!(
        dir.run(&["answer", "bytes", "1", "36"], "").status.code(),
        Some(0)
    );
    assert_eq!(dir.saved().solved("bytes", 1), 1);
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), "{not json");
}

#[test]
fn a_future_version_file_is_moved_aside_not_overwritten() {
    let dir = Scratch::new("future");
    let future = r#"{"version": 99, "exercises": {}}"#;
    std::fs::write(dir.file(), future).unwrap();
    let refused = dir.run(&["answer", "bytes", "1", "36"], "");
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("newer bson-tutor"),
        "{}",
        stderr(&refused)
    );
    assert_eq!(std::fs::read_to_string(dir.file()).unwrap(), future);
    let out = dir.run(&["progress"], "");
    assert_eq!(out.status.code(), Some(0));
    let aside = dir
        .0
        .join(only_file_starting(&dir, "progress.json.future-"));
    let message = stderr(&out);
    assert!(message.contains(&aside.display().to_string()), "{message}");
    assert!(message.contains("version 99"), "{message}");
    assert_eq!(std::fs::read_to_string(&aside).unwrap(), future);
}

#[test]
fn interleaved_answers_on_different_exercises_are_all_kept() {
    let dir = Scratch::new("interleaved");
    assert_eq!(
        dir.run(&["answer", "bytes", "1", "36"], "").status.code(),
        Some(0)
    );
    assert_eq!(
        dir.run(&["answer", "bytes", "2", "12"], "").status.code(),
        Some(0)
    );
    let saved = dir.saved();
    assert_eq!(saved.solved("bytes", 2), 2);
    // Many at once: every answer survives, the file is whole, no temporary is left.
    let file = dir.file();
    let children: Vec<_> = (1..=6)
        .map(|n| {
            bin()
                // Wrong, and read as an answer of every kind (a format slip is not kept).
                .args(["answer", "dates", &n.to_string(), "0"])
                .arg("--progress")
                .arg(&file)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for c in children {
        let out = c.wait_with_output().unwrap();
        // A wrong answer exits 1; an error would say so on standard error.
        assert_eq!(out.status.code(), Some(1));
        assert!(out.stderr.is_empty(), "{}", stderr(&out));
    }
    let saved = dir.saved();
    for n in 1..=6 {
        let r = saved.record("dates", n).unwrap();
        assert_eq!((r.status, r.attempts), (Status::Pending, 1), "dates#{n}");
    }
    assert_eq!(saved.solved("bytes", 2), 2);
    assert_eq!(dir.names(), ["progress.json", "progress.json.lock"]);
}

#[test]
fn merge_changes_keeps_both_instances_answers() {
    // Two instances loaded the same file; each saves only what it changed.
    let mut start = Progress::new();
    start.answered("bytes", 1, "35", false);
    // As loaded: the file's records are nobody's journal.
    let start = start.settled();
    let (mut a, mut b) = (start.clone(), start.clone());
    a.answered("bytes", 1, "36", true);
    b.answered("bytes", 2, "12", true);
    let disk = a.merge_changes(start, &BTreeSet::from([key("bytes", 1)]), 1);
    let disk = b.merge_changes(disk, &BTreeSet::from([key("bytes", 2)]), 2);
    assert_eq!(disk.record("bytes", 1).unwrap().attempts, 2);
    assert_eq!(disk.solved("bytes", 2), 2);
}

#[test]
fn reset_asks_and_only_yes_erases() {
    let dir = Scratch::new("reset");
    dir.run(&["answer", "bytes", "1", "36"], "");
    let before = std::fs::read_to_string(dir.file()).unwrap();
    let question = format!("Erase all progress in {}? [y/N] ", dir.file().display());
    for no in ["n\n", "\n", "whatever\n"] {
        let out = dir.run(&["progress", "--reset"], no);
        assert_eq!(out.status.code(), Some(0));
        assert!(stderr(&out).starts_with(&question), "{}", stderr(&out));
        assert_eq!(stdout(&out), "nothing erased\n");
        assert_eq!(std::fs::read_to_string(dir.file()).unwrap(), before);
    }
    // No answer at all (end of input) erases nothing either, and says so.
    let eof = dir.run(&["progress", "--reset"], "");
    assert_eq!(eof.status.code(), Some(1));
    assert!(stderr(&eof).contains("nothing erased"), "{}", stderr(&eof));
    assert_eq!(std::fs::read_to_string(dir.file()).unwrap(), before);
    let yes = dir.run(&["progress", "--reset"], "y\n");
    assert_eq!(yes.status.code(), Some(0), "{}", stderr(&yes));
    assert_eq!(stdout(&yes), format!("erased {}\n", dir.file().display()));
    assert!(!dir.file().exists());
    // Again: nothing there, nothing asked.
    let again = dir.run(&["progress", "--reset"], "");
    assert_eq!(again.status.code(), Some(0));
    assert!(
        stdout(&again).starts_with("nothing to erase"),
        "{}",
        stdout(&again)
    );
    dir.run(&["answer", "bytes", "1", "36"], "");
    let forced = dir.run(&["progress", "--reset", "--yes"], "");
    assert_eq!(forced.status.code(), Some(0));
    assert!(stderr(&forced).is_empty(), "{}", stderr(&forced));
    assert!(!dir.file().exists());
    assert_eq!(dir.names(), ["progress.json.lock"]);
}

#[test]
fn reset_of_one_lesson_keeps_the_others() {
    let dir = Scratch::new("reset-lesson");
    dir.run(&["answer", "bytes", "1", "36"], "");
    dir.run(&["answer", "dates", "1", "0"], "");
    let out = dir.run(&["progress", "--reset", "--lesson", "bytes"], "yes\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("lesson `bytes`"), "{}", stderr(&out));
    let saved = dir.saved();
    assert_eq!(saved.record("bytes", 1), None);
    assert!(saved.record("dates", 1).is_some());
    // The resume position is left alone.
    assert_eq!(saved.last.as_ref().unwrap().lesson, "dates");
    let unknown = dir.run(&["progress", "--reset", "--lesson", "nope", "--yes"], "");
    assert_eq!(unknown.status.code(), Some(1));
    assert!(stderr(&unknown).contains("no lesson `nope`"));
    // --lesson and --yes only go with --reset.
    assert_eq!(dir.run(&["progress", "--yes"], "").status.code(), Some(2));
}

#[test]
fn the_default_file_is_in_the_xdg_data_directory() {
    let dir = Scratch::new("xdg");
    let out = bin()
        .args(["answer", "bytes", "1", "36"])
        .env_remove("BSON_TUTOR_PROGRESS")
        .env("XDG_DATA_HOME", &*dir.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let file: &Path = &dir.0.join("bson-tutor").join("progress.json");
    assert_eq!(
        Progress::from_json(&std::fs::read_to_string(file).unwrap())
            .unwrap()
            .solved("bytes", 1),
        1
    );
    // $BSON_TUTOR_PROGRESS comes first, and --progress before it.
    let env_file = dir.0.join("env.json");
    let shown = bin()
        .arg("progress")
        .env("BSON_TUTOR_PROGRESS", &env_file)
        .env("XDG_DATA_HOME", &*dir.0)
        .output()
        .unwrap();
    assert!(stdout(&shown).starts_with(&format!("progress file: {}\n", env_file.display())));
    let flag = bin()
        .arg("progress")
        .arg("--progress")
        .arg(dir.file())
        .env("BSON_TUTOR_PROGRESS", &env_file)
        .output()
        .unwrap();
    assert!(stdout(&flag).starts_with(&format!("progress file: {}\n", dir.file().display())));
}

/// Every built-in exercise solved, except `bytes#2` (revealed) and `numbers#1` (solved after
/// two wrong answers), saved as the file.
fn nearly_all_solved(dir: &Scratch) -> usize {
    let lessons = bson_tutor::lesson::builtin::lessons();
    let mut p = Progress::new();
    for l in &lessons {
        for n in 1..=l.exercises().count() {
            p.answered(&l.id, n, "right", true);
        }
    }
    p.reset_exercise("bytes", 2);
    p.answered("bytes", 2, "13", false);
    p.revealed("bytes", 2);
    p.reset_exercise("numbers", 1);
    p.answered("numbers", 1, "a", false);
    p.answered("numbers", 1, "b", false);
    p.answered("numbers", 1, "right", true);
    p.spent("numbers", 1, 125);
    let saved = p.merge_changes(Progress::new(), &BTreeSet::new(), 1);
    std::fs::write(dir.file(), saved.to_json()).unwrap();
    lessons.iter().map(|l| l.exercises().count()).sum()
}

#[test]
fn progress_ends_with_the_course_summary_and_lists_the_review() {
    let dir = Scratch::new("course");
    let total = nearly_all_solved(&dir);
    let out = dir.run(&["progress"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // Revealed is not solved: bytes is not ✓, numbers is (solved, if after misses).
    let line = |id: &str| {
        text.lines()
            .find(|l| l.contains(&format!("({id})")))
            .unwrap_or_else(|| panic!("{id}: {text}"))
            .to_owned()
    };
    assert!(line("bytes").ends_with(" 5/6 solved, 1 revealed"), "{text}");
    assert!(line("numbers").ends_with(" 6/6 solved ✓"), "{text}");
    let summary: Vec<&str> = text.lines().skip_while(|l| *l != "course:").collect();
    // One answer each, but three for numbers#1.
    let attempts = total + 2;
    assert_eq!(
        summary,
        [
            "course:".to_string(),
            format!("  {} of {total} solved, 1 revealed", total - 1),
            format!("  {attempts} answers, 0 hints, 2 min on exercises"),
            "  Lessons to revisit:".to_string(),
            "    1. BSON is bytes, not JSON: 1 revealed".to_string(),
            "    2. Four kinds of number: 1 solved after wrong answers".to_string(),
            "  2 exercises to review: `bson-tutor progress --review` lists them".to_string(),
        ],
        "{text}"
    );
    // The review list: which, why, and where to review them.
    let review = stdout(&dir.run(&["progress", "--review"], ""));
    assert_eq!(
        review.lines().collect::<Vec<_>>(),
        [
            "2 exercises to review:",
            "  bytes #2    revealed  (1. BSON is bytes, not JSON)",
            "  numbers #1  solved after 2 wrong answers  (2. Four kinds of number)",
            "In the tutorial (`bson-tutor`), R shows them again one by one; a right answer there solves them.",
        ],
        "{review}"
    );
    // In Vietnamese and Chinese.
    let vi = stdout(&dir.run(&["progress", "--lang", "vi"], ""));
    assert!(vi.contains("\nkhóa học:\n"), "{vi}");
    assert!(vi.contains("Các bài nên xem lại:"), "{vi}");
    let zh = stdout(&dir.run(&["progress", "--review", "--lang", "zh"], ""));
    assert!(zh.starts_with("待复习的练习 2 道："), "{zh}");
}

#[test]
fn a_course_solved_through_is_complete_and_has_nothing_to_review() {
    let dir = Scratch::new("complete");
    nearly_all_solved(&dir);
    let mut p = dir.saved();
    p.answered_in_review("bytes", 2, "12", true);
    p.answered_in_review("numbers", 1, "right", true);
    let saved = p.merge_changes(dir.saved(), &BTreeSet::new(), 2);
    std::fs::write(dir.file(), saved.to_json()).unwrap();
    let text = stdout(&dir.run(&["progress"], ""));
    assert!(text.contains("\ncourse complete:\n"), "{text}");
    assert!(text.ends_with("  Nothing left to revisit.\n"), "{text}");
    let review = stdout(&dir.run(&["progress", "--review"], ""));
    assert!(review.starts_with("nothing to review: "), "{review}");
    assert_eq!(
        dir.saved().record("bytes", 2).map(|r| r.status),
        Some(Status::Solved)
    );
}
