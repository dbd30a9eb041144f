//! Class results end to end: two simulated students answer with `bson-tutor answer`, export
//! with `progress --export`, and `class summary` merges the exports; bad and mismatched
//! files are named, never skipped in silence.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin() -> Command {
    common::bson_tutor()
}

/// A directory of its own for one test, removed afterwards.
struct Scratch(common::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(common::TempDir::new("class-test", name))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// Runs the binary as `student` (their own progress file), in this directory.
    fn student(&self, student: &str, args: &[&str]) -> Output {
        bin()
            .args(args)
            .arg("--progress")
            .arg(self.path(&format!("{student}.progress.json")))
            .current_dir(&self.0)
            .output()
            .unwrap()
    }

    /// `student` answers exercise `n` of `lesson`; `expect_correct` says what they get.
    fn answer(&self, student: &str, lesson: &str, n: u32, answer: &str, expect_correct: bool) {
        let out = self.student(student, &["answer", lesson, &n.to_string(), answer]);
        assert_eq!(out.status.success(), expect_correct, "{}", text(&out));
    }

    fn reveal(&self, student: &str, lesson: &str, n: u32) {
        let out = self.student(student, &["answer", lesson, &n.to_string(), "--reveal"]);
        assert!(out.status.success(), "{}", text(&out));
    }

    /// Writes `student`'s export to `file` and returns its text.
    fn export(&self, student: &str, format: &str, file: &str) -> String {
        let out = self.student(
            student,
            &["progress", "--export", format, "--student", student],
        );
        assert!(out.status.success(), "{}", text(&out));
        std::fs::write(self.path(file), &out.stdout).unwrap();
        String::from_utf8(out.stdout).unwrap()
    }

    fn summary(&self, args: &[&str]) -> Output {
        bin()
            .args(["class", "summary"])
            .args(args)
            .current_dir(&self.0)
            .output()
            .unwrap()
    }

    /// alice: bytes 1 `37` then `36`; bytes 2 `13`, then reveals it.
    /// bob: bytes 1 `36`; bytes 2 `13` then `12`; bytes 3 `4` then `5`.
    fn two_students(&self) {
        self.answer("alice", "bytes", 1, "37", false);
        self.answer("alice", "bytes", 1, "36", true);
        self.answer("alice", "bytes", 2, "13", false);
        self.reveal("alice", "bytes", 2);
        self.answer("bob", "bytes", 1, "36", true);
        self.answer("bob", "bytes", 2, "13", false);
        self.answer("bob", "bytes", 2, "12", true);
        self.answer("bob", "bytes", 3, "4", false);
        self.answer("bob", "bytes", 3, "5", true);
        self.export("alice", "json", "a.json");
        self.export("bob", "json", "b.json");
    }
}

fn text(out: &Output) -> String {
    format!(
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The cells of the table row of exercise `n` of `lesson`, split on runs of 2+ spaces.
fn row(stdout: &str, lesson: &str, n: usize) -> Vec<String> {
    let mut in_lesson = false;
    for line in stdout.lines() {
        if let Some(l) = line.strip_prefix("lesson ") {
            in_lesson = l == lesson;
        } else if line.is_empty() {
            in_lesson = false;
        } else if in_lesson {
            let cells: Vec<String> = line
                .split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(String::from)
                .collect();
            if cells.first().is_some_and(|c| *c == n.to_string()) {
                return cells;
            }
        }
    }
    panic!("no row for {lesson} #{n} in:\n{stdout}")
}

#[test]
fn two_students_summary_shows_solved_medians_and_the_common_wrong_answer() {
    let s = Scratch::new("two");
    s.two_students();
    let out = s.summary(&["a.json", "b.json"]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.starts_with("2 students: alice, bob\n"), "{stdout}");
    // ex, kind, tried, solved, revealed, attempts, hints, seconds, most common wrong answer
    assert_eq!(
        row(&stdout, "bytes", 1),
        [
            "1",
            "size",
            "2/2",
            "100%",
            "0",
            "1.5",
            "0",
            "-",
            "\"37\" (1)"
        ]
    );
    assert_eq!(
        row(&stdout, "bytes", 2),
        [
            "2",
            "size",
            "2/2",
            "50%",
            "1",
            "1.5",
            "0",
            "-",
            "\"13\" (2)"
        ]
    );
    assert_eq!(
        row(&stdout, "bytes", 3),
        ["3", "size", "1/2", "50%", "0", "2", "0", "-", "\"4\" (1)"]
    );
    assert_eq!(
        row(&stdout, "bytes", 4),
        ["4", "bytes", "0/2", "0%", "0", "-", "-", "-", "-"]
    );
    // Every lesson is there, pending ones too.
    assert!(stdout.contains("\nlesson numbers\n"), "{stdout}");
    // The chart: a full bar for bytes #1, half for #2.
    let bar = |label: &str| {
        stdout
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{label} ")))
            .unwrap_or_else(|| panic!("no bar for {label}:\n{stdout}"))
            .to_owned()
    };
    assert!(bar("bytes #1").contains(&format!("{} 100%", "█".repeat(30))));
    assert!(bar("bytes #2").contains(&format!("{}{}  50%", "█".repeat(15), "·".repeat(15))));

    // The same as JSON.
    let out = s.summary(&["a.json", "b.json", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = &v["exercises"][0];
    assert_eq!(first["lesson"], "bytes");
    assert_eq!(first["solved_percent"], 100);
    assert_eq!(first["median_attempts"], 1.5);
    assert_eq!(first["most_common_wrong"]["answer"], "37");
    assert_eq!(v["left_out"], serde_json::json!([]));
}

#[test]
fn json_export_lists_every_exercise_in_course_order() {
    let s = Scratch::new("export");
    s.answer("alice", "bytes", 1, "37", false);
    s.answer("alice", "bytes", 1, "36", true);
    let text = s.export("alice", "json", "a.json");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "bson-tutor-results");
    assert_eq!(v["version"], 1);
    assert_eq!(v["student"], "alice");
    assert!(v["lessons_digest"].as_str().is_some_and(|d| d.len() == 16));
    let ex = v["exercises"].as_array().unwrap();
    assert_eq!(ex[0]["lesson"], "bytes");
    assert_eq!(ex[0]["exercise"], 1);
    assert_eq!(ex[0]["kind"], "size");
    assert_eq!(ex[0]["status"], "solved");
    assert_eq!(ex[0]["attempts"], 2);
    assert_eq!(ex[0]["last_wrong"], "37");
    assert_eq!(ex[1]["status"], "pending");
    assert_eq!(ex[1]["last_wrong"], serde_json::Value::Null);
    // As many exercises as `lessons` counts.
    let lessons = bin().arg("lessons").output().unwrap();
    let total: usize = String::from_utf8(lessons.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| {
            l.rsplit_once('/')?
                .1
                .split_once(' ')?
                .0
                .parse::<usize>()
                .ok()
        })
        .sum();
    assert_eq!(ex.len(), total);
}

#[test]
fn csv_export_has_a_header_and_quotes_awkward_answers() {
    let s = Scratch::new("csv");
    s.answer("alice", "bytes", 1, "36", true);
    // A wrong answer that reads (a format slip is not recorded), with a comma and quotes.
    s.answer("alice", "bytes", 5, r#"value, "x""#, false);
    let csv = s.export("alice", "csv", "a.csv");
    let mut lines = csv.split("\r\n");
    assert_eq!(
        lines.next(),
        Some("student,lesson,exercise,kind,status,attempts,hints,seconds,last_wrong")
    );
    assert_eq!(lines.next(), Some("alice,bytes,1,size,solved,1,0,0,"));
    let five = csv.split("\r\n").find(|l| l.starts_with("alice,bytes,5,"));
    assert_eq!(
        five,
        Some(r#"alice,bytes,5,decode,pending,1,0,0,"value, ""x""""#)
    );
    // And `class summary` reads CSV exports too, next to JSON ones.
    s.answer("bob", "bytes", 1, "36", true);
    s.export("bob", "json", "b.json");
    let out = s.summary(&["a.csv", "b.json"]);
    assert!(out.status.success(), "{}", text(&out));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(row(&stdout, "bytes", 5)[8], r#""value, \"x\"" (1)"#);
}

#[test]
fn a_corrupt_export_is_named_and_makes_the_exit_code_1() {
    let s = Scratch::new("corrupt");
    s.two_students();
    std::fs::write(s.path("c.json"), "{oops").unwrap();
    let out = s.summary(&["a.json", "c.json", "b.json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("error: c.json: not JSON"), "{stderr}");
    assert!(
        stderr.contains("1 of 3 files left out of the summary: c.json"),
        "{stderr}"
    );
    // The good ones are still summarized.
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("2 students: alice, bob\n"), "{stdout}");

    // A missing file, a progress file, a future version: each named with its reason.
    let future = std::fs::read_to_string(s.path("a.json"))
        .unwrap()
        .replace("\"version\": 1", "\"version\": 2");
    std::fs::write(s.path("future.json"), future).unwrap();
    let out = s.summary(&[
        "a.json",
        "missing.json",
        "alice.progress.json",
        "future.json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("error: missing.json: cannot read it"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: alice.progress.json: a progress file, not an export"),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: future.json: written by a newer bson-tutor"),
        "{stderr}"
    );

    // Nothing usable at all: still exit 1, and every file named.
    let out = s.summary(&["c.json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    assert!(out.stdout.is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("c.json: not JSON"));
}

#[test]
fn an_export_from_another_lesson_set_is_named() {
    let s = Scratch::new("mismatch");
    s.two_students();
    let pack = s.path("pack");
    let out = bin()
        .args(["new", "lesson", "demo", "--dir"])
        .arg(&pack)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    let out = bin()
        .args([
            "progress",
            "--export",
            "json",
            "--student",
            "carol",
            "--lessons",
        ])
        .arg(&pack)
        .arg("--progress")
        .arg(s.path("carol.progress.json"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    std::fs::write(s.path("carol.json"), &out.stdout).unwrap();
    let out = s.summary(&["a.json", "carol.json", "b.json"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "error: carol.json: made from a different lesson set than the other 2 files: \
             it has lesson `demo`, which the class's lack"
        ),
        "{stderr}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("2 students: alice, bob\n"), "{stdout}");
}

#[test]
fn the_same_student_twice_is_warned_about_by_name() {
    let s = Scratch::new("twice");
    s.two_students();
    std::fs::copy(s.path("a.json"), s.path("a-again.json")).unwrap();
    let out = s.summary(&["a.json", "b.json", "a-again.json"]);
    assert!(out.status.success(), "{}", text(&out));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("warning: student `alice` is in both a.json and a-again.json"),
        "{stderr}"
    );
}

#[test]
fn no_files_is_a_usage_error() {
    let out = bin().args(["class", "summary"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
}

#[test]
fn the_student_name_defaults_to_user() {
    let s = Scratch::new("user");
    let out = bin()
        .args(["progress", "--export", "json", "--progress"])
        .arg(s.path("p.json"))
        .env("USER", "dana")
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["student"], "dana");
    let out = bin()
        .args(["progress", "--export", "csv", "--progress"])
        .arg(s.path("p.json"))
        .env_remove("USER")
        .output()
        .unwrap();
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        csv.lines().nth(1).unwrap().starts_with("student,bytes,1,"),
        "{csv}"
    );
}

/// Issue 26: `class summary` waited forever on a FIFO and read `/dev/zero` until memory ran
/// out. Anything but a regular file is refused by kind, a link is not followed, and the
/// run ends (with the usable files summarised) however the others are.
#[test]
fn a_fifo_a_device_and_a_link_are_refused_without_reading_them() {
    let s = Scratch::new("hostile");
    let fifo = s.path("pipe.json");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: `c` is a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let link = s.path("link.json");
    std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
    let started = std::time::Instant::now();
    let out = bin()
        .args(["class", "summary"])
        .arg(&fifo)
        .arg("/dev/zero")
        .arg(&link)
        .arg(s.path("."))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    for (file, why) in [
        (
            fifo.display().to_string(),
            "a named pipe, not a regular file",
        ),
        ("/dev/zero".into(), "a device, not a regular file"),
        (
            link.display().to_string(),
            "a symbolic link: class summary does not follow links",
        ),
        (
            s.path(".").display().to_string(),
            "a directory, not a regular file",
        ),
    ] {
        assert!(
            err.contains(&format!("error: {file}: cannot read it: {why}")),
            "{file}: {err}"
        );
    }
    // Not a wait on the pipe (generous: a loaded machine).
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}
