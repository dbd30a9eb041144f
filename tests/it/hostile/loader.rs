//! Hostile inputs: the lesson loader (finding 10). A pack directory from anyone: ids that
//! are paths, escapes or NULs; two lessons with one id; a link out of the pack to a secret;
//! a FIFO, a directory, a socket and a dangling link named `*.toml`; bytes that are not
//! UTF-8; a file too large to be a lesson. Each is one BROKEN entry in `check` and
//! `lessons`, `show` still shows the good lesson beside it, nothing hangs, and nothing of a
//! refused file (nor any control character from a loaded one) reaches the output.

use std::path::Path;
use std::time::Duration;

use super::{Limits, Outcome, run_with, window};
use crate::common::TempDir;

const GOOD: &str = r#"format_version = 1
id = "good"
title = "Good"
order = 1
summary = "fine"

[[step]]
kind = "exercise"
type = "size"
prompt = "Size of { a: 1 }?"
document = "{ a: 1 }"
explanation = "12"
expect = "12"
reject = ["11"]
"#;

/// A line no output may ever show: it is only in files outside the pack.
const SECRET: &str = "root:x:0:0:SECRET-LINE-7f3a:/root:/bin/sh";

/// A FIFO or a hang is caught well before the harness's default minute.
fn limits() -> Limits {
    Limits {
        timeout: Duration::from_secs(20),
        ..Limits::default()
    }
}

/// The good lesson with another id (written as a TOML basic string's content).
fn with_id(id: &str) -> String {
    GOOD.replace("id = \"good\"", &format!("id = \"{id}\""))
}

/// Ended by itself with 0 or 1: no timeout, no signal, no panic or abort.
fn assert_ended(what: &str, outcome: &Outcome) {
    assert!(
        !outcome.timed_out,
        "{what}: timed out after {:?}",
        outcome.elapsed
    );
    assert!(
        matches!(outcome.code, Some(0 | 1)),
        "{what}: code {:?}, signal {:?}; stderr: {}",
        outcome.code,
        outcome.signal,
        window(&outcome.stderr)
    );
}

/// Nothing from outside the pack and no raw control character in either stream.
fn assert_nothing_leaked(what: &str, outcome: &Outcome) {
    let stdout = outcome.stdout();
    for (name, text) in [("stdout", &stdout), ("stderr", &outcome.stderr)] {
        assert!(
            !text.contains("SECRET-LINE") && !text.contains("root:x"),
            "{what}: {name} quotes the file outside the pack: {}",
            window(text)
        );
        assert!(
            !text
                .chars()
                .any(|c| c != '\n' && bson_tutor::strings::safe::is_unsafe(c)),
            "{what}: {name} has a raw control character: {text:?}"
        );
    }
}

/// Runs `check`, `lessons` and `show good` over `dir` (the good lesson and one hostile
/// entry named `bad`), asserting one BROKEN entry naming `bad` with `reason`, the good
/// lesson checked, listed and shown, and nothing leaked.
fn assert_one_broken(case: &str, dir: &Path, bad: &str, reason: &str) {
    let d = dir.to_str().expect("a UTF-8 scratch path");
    let progress = dir.with_extension("progress.json");
    let p = progress.to_str().expect("a UTF-8 scratch path");

    let check = run_with(&["check", d], b"", limits(), |_| {});
    let what = format!("{case}: check");
    assert_ended(&what, &check);
    assert_nothing_leaked(&what, &check);
    let out = check.stdout();
    assert_eq!(check.code, Some(1), "{what}: {out}");
    let broken: Vec<&str> = out.lines().filter(|l| l.starts_with("BROKEN ")).collect();
    assert_eq!(broken.len(), 1, "{what}: one BROKEN line: {out}");
    assert!(broken[0].contains(bad), "{what}: names {bad}: {out}");
    assert!(broken[0].contains(reason), "{what}: says {reason:?}: {out}");
    assert!(
        out.trim_end().ends_with("check: 1 passed, 1 failed"),
        "{what}: the good lesson still checks: {out}"
    );

    let json = run_with(&["check", d, "--format", "json"], b"", limits(), |_| {});
    let what = format!("{case}: check --format json");
    assert_ended(&what, &json);
    assert_nothing_leaked(&what, &json);
    let report: serde_json::Value =
        serde_json::from_slice(&json.stdout).expect("check --format json prints JSON");
    assert_eq!(report["passed"], 1, "{what}: {report}");
    assert_eq!(report["broken_files"], 1, "{what}: {report}");

    let lessons = run_with(
        &["lessons", "--lessons", d, "--progress", p],
        b"",
        limits(),
        |_| {},
    );
    let what = format!("{case}: lessons");
    assert_ended(&what, &lessons);
    assert_nothing_leaked(&what, &lessons);
    let out = lessons.stdout();
    assert_eq!(lessons.code, Some(1), "{what}: {out}");
    assert!(
        out.lines()
            .any(|l| l.contains("good") && l.contains("Good")),
        "{what}: lists the good lesson: {out}"
    );
    let broken: Vec<&str> = out.lines().filter(|l| l.contains("broken: ")).collect();
    assert_eq!(broken.len(), 1, "{what}: one broken entry: {out}");
    assert!(broken[0].contains(bad), "{what}: names {bad}: {out}");

    let show = run_with(
        &["show", "good", "--lessons", d, "--color", "never"],
        b"",
        limits(),
        |_| {},
    );
    let what = format!("{case}: show");
    assert_ended(&what, &show);
    assert_nothing_leaked(&what, &show);
    assert_eq!(show.code, Some(0), "{what}: {}", window(&show.stderr));
    assert!(
        show.stdout().contains("Size of { a: 1 }?"),
        "{what}: {}",
        show.stdout()
    );
}

/// A pack directory holding the good lesson.
fn pack(case: &str) -> TempDir {
    let dir = TempDir::new("hostile-loader", case);
    std::fs::write(dir.join("good.toml"), GOOD).expect("the scratch directory is writable");
    dir
}

#[test]
fn an_id_that_is_a_path_is_refused() {
    let dir = pack("path-id");
    std::fs::write(dir.join("bad.toml"), with_id("../../x")).unwrap();
    assert_one_broken(
        "id ../../x",
        &dir,
        "bad.toml:2:6: lesson id `../../x`",
        "character 1 (`.`)",
    );
}

#[test]
fn an_id_with_an_escape_or_a_nul_is_refused_and_shown_escaped() {
    for (case, id, shown) in [
        (
            "esc-id",
            "a\\u001b]0;owned\\u0007",
            "character 2 (`\\u{1b}`)",
        ),
        ("nul-id", "a\\u0000b", "character 2 (`\\u{0}`)"),
    ] {
        let dir = pack(case);
        std::fs::write(dir.join("bad.toml"), with_id(id)).unwrap();
        assert_one_broken(case, &dir, "bad.toml:2:6: lesson id `a\\u{", shown);
    }
}

#[test]
fn a_second_lesson_with_an_id_is_refused_naming_both_files() {
    let dir = pack("duplicate");
    // `z-copy.toml` sorts after `good.toml`: the first keeps the id.
    std::fs::write(dir.join("z-copy.toml"), format!("\n{GOOD}")).unwrap();
    let first = format!("{}:2:6", dir.join("good.toml").display());
    assert_one_broken(
        "duplicate id",
        &dir,
        "z-copy.toml:3:6: lesson id `good` is already the id of",
        &first,
    );
}

#[test]
fn a_link_out_of_the_pack_is_not_followed_and_its_target_never_quoted() {
    let dir = pack("link-out");
    let outside = TempDir::new("hostile-loader", "link-out-target");
    // A target that would fail to parse on its first line, as /etc/passwd does.
    std::fs::write(outside.join("passwd"), format!("{SECRET}\n")).unwrap();
    std::os::unix::fs::symlink(outside.join("passwd"), dir.join("passwd.toml")).unwrap();
    assert_one_broken(
        "link to a secret",
        &dir,
        "passwd.toml: ",
        "a link that leads out of the lesson directory",
    );
    // Even a link to a device is refused by where it leads, never opened.
    let dir = pack("link-dev");
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.toml")).unwrap();
    assert_one_broken(
        "link to /dev/zero",
        &dir,
        "zero.toml: ",
        "a link that leads out of the lesson directory",
    );
}

#[test]
fn a_fifo_named_toml_is_never_opened() {
    let dir = pack("fifo");
    let fifo = dir.join("x.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", fifo.display());
    assert_one_broken("fifo", &dir, "x.toml: ", "a named pipe (FIFO), not a file");
}

#[test]
fn a_directory_or_a_socket_named_toml_is_one_broken_entry() {
    let dir = pack("dir");
    std::fs::create_dir(dir.join("x.toml")).unwrap();
    assert_one_broken("directory", &dir, "x.toml: ", "a directory, not a file");
    let dir = pack("socket");
    let _socket = std::os::unix::net::UnixListener::bind(dir.join("s.toml")).unwrap();
    assert_one_broken("socket", &dir, "s.toml: ", "a socket, not a file");
}

#[test]
fn a_dangling_link_is_one_broken_entry() {
    let dir = pack("dangling");
    std::os::unix::fs::symlink(dir.join("gone"), dir.join("x.toml")).unwrap();
    assert_one_broken("dangling link", &dir, "x.toml: ", "a link to nothing");
}

#[test]
fn bytes_that_are_not_utf8_are_one_broken_entry_quoting_nothing() {
    let dir = pack("latin1");
    let mut bytes = with_id("latin").into_bytes();
    bytes.extend_from_slice(b"# caf\xe9 ");
    bytes.extend_from_slice(SECRET.as_bytes());
    std::fs::write(dir.join("x.toml"), bytes).unwrap();
    let at = with_id("latin").len() + 5;
    assert_one_broken(
        "not UTF-8",
        &dir,
        "x.toml: ",
        &format!("not UTF-8 text (byte {at} is not)"),
    );
}

#[test]
fn a_file_over_a_mebibyte_is_not_read() {
    let dir = pack("large");
    let file = std::fs::File::create(dir.join("x.toml")).unwrap();
    // Sparse: the size is what the directory says, and it is refused on that alone.
    file.set_len(64 << 20).unwrap();
    assert_one_broken(
        "64 MiB",
        &dir,
        "x.toml: ",
        "67108864 bytes: a lesson file has at most 1048576 bytes",
    );
}

#[test]
fn a_file_name_with_an_escape_is_shown_escaped() {
    let dir = pack("name");
    std::fs::write(dir.join("\u{1b}]0;owned\u{7}.toml"), "not toml =").unwrap();
    assert_one_broken(
        "escape in the name",
        &dir,
        "\\u{1b}]0;owned\\u{7}.toml:1:",
        "",
    );
}

#[test]
fn a_translation_fifo_or_link_out_does_not_hang_or_leak() {
    let dir = pack("i18n");
    let vi = dir.join("i18n").join("vi");
    std::fs::create_dir_all(&vi).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(vi.join("fifo.toml"))
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let outside = TempDir::new("hostile-loader", "i18n-target");
    std::fs::write(outside.join("passwd"), format!("{SECRET}\n")).unwrap();
    std::os::unix::fs::symlink(outside.join("passwd"), vi.join("good.toml")).unwrap();
    let d = dir.to_str().expect("a UTF-8 scratch path");
    for args in [
        &["show", "good", "--lessons", d, "--color", "never"][..],
        &[
            "lessons",
            "--lessons",
            d,
            "--progress",
            "/nonexistent/p.json",
        ][..],
    ] {
        let outcome = run_with(args, b"", limits(), |c| {
            c.env("LANG", "vi_VN.UTF-8");
        });
        let what = format!("vi {}", args[0]);
        assert_ended(&what, &outcome);
        assert_nothing_leaked(&what, &outcome);
        assert!(
            outcome.stderr.contains("fifo.toml"),
            "{what}: the FIFO is reported: {}",
            window(&outcome.stderr)
        );
    }
}

#[test]
fn new_lesson_refuses_an_option_as_an_id() {
    let dir = TempDir::new("hostile-loader", "new");
    let d = dir.to_str().expect("a UTF-8 scratch path");
    let outcome = run_with(
        &["new", "lesson", "--dir", d, "--", "-rf"],
        b"",
        limits(),
        |_| {},
    );
    super::assert_refused(
        "new lesson -- -rf",
        &outcome,
        "lesson id `-rf`: it starts with `-`",
    );
    assert!(!dir.join("-rf.toml").exists());
}
