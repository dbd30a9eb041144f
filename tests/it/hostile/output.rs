//! Hostile inputs: output. What the binary writes must never be turned against the terminal
//! (findings 8 and 11 of issue 14), a failed write must end the run cleanly (finding 9),
//! what a user points it at must not exhaust it (finding 7: `oid`, `/dev/zero`), a lesson
//! id must not be an option (finding 11), and a slow query or lesson must end at its budget
//! (finding 6).

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bson_tutor::strings::safe::is_unsafe;

use super::{Limits, Outcome, assert_clean, assert_refused, run, run_with, window};
use crate::common::TempDir;

/// Runs the binary with the progress file in `dir` (never the user's own).
fn run_in(dir: &Path, args: &[&str]) -> Outcome {
    let progress = dir.join("progress.json");
    run_with(args, b"", Limits::default(), |c| {
        c.env("BSON_TUTOR_PROGRESS", &progress).current_dir(dir);
    })
}

/// Asserts that neither output of `what` holds a control character a terminal would obey
/// (ESC, BEL, a lone CR, a C1 control, a bidirectional override): only line breaks (CSV's
/// CRLF among them) and tabs.
fn assert_inert(what: &str, outcome: &Outcome) {
    for (stream, text) in [
        ("stdout", outcome.stdout()),
        ("stderr", outcome.stderr.clone()),
    ] {
        let bad: Vec<char> = text
            .replace("\r\n", "\n")
            .chars()
            .filter(|&c| c != '\n' && c != '\t' && is_unsafe(c))
            .collect();
        assert!(
            bad.is_empty(),
            "{what}: {stream} holds {bad:?}: {}",
            window(&text.escape_debug().to_string())
        );
    }
}

/// A lesson whose title changes the window's title and clears the screen, whose text writes
/// the clipboard (OSC 52) and fakes a line with a carriage return, and whose exercise quotes
/// a screen clear in its document, hint and explanation (TOML's `\u001b` escapes).
const EVIL_LESSON: &str = r#"format_version = 1
id = "evil"
title = "Evil\u001b]0;owned\u0007 title\u001b[2J"
order = 1
summary = "s\u001b[2J"

[[step]]
name = "one"
kind = "text"
text = "clipboard \u001b]52;c;cm0gLXJmIH4=\u0007 done\rFAKE \u009b31m red"

[[step]]
name = "ex"
kind = "exercise"
type = "size"
prompt = "How many bytes is { s: '\u001b[2J' }?"
document = "{ s: '\u001b[2J' }"
hints = ["hint \u001b]0;x\u0007"]
explanation = "expl \u001b[2J"
expect = "1"
reject = ["2"]
"#;

#[test]
fn finding_8_escape_sequences_in_data_never_reach_the_terminal() {
    let dir = TempDir::new("hostile-output", "escapes");
    let pack = dir.join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(pack.join("evil.toml"), EVIL_LESSON).unwrap();
    let pack = pack.to_str().unwrap();
    let mut cases: Vec<Vec<&str>> = vec![
        vec!["lessons", "--lessons", pack],
        vec![
            "show",
            "evil",
            "--lessons",
            pack,
            "--color",
            "never",
            "--answers",
        ],
        vec!["check", pack],
        vec!["check", pack, "--format", "json"],
        vec!["answer", "evil", "1", "--hint", "--lessons", pack],
        vec!["answer", "evil", "1", "3", "--lessons", pack],
        vec!["answer", "evil", "1", "--reveal", "--lessons", pack],
        vec!["progress", "--lessons", pack],
    ];
    // Document strings in every view, and an error that quotes the input line.
    let docs = r#"[{ _id: "\u001b]0;owned\u0007", s: "\u001b[2J\u0085\u202e" }]"#;
    for to in ["shell", "ejson", "relaxed"] {
        cases.push(vec!["find", "--docs", docs, "--to", to]);
        cases.push(vec!["aggregate", "--docs", docs, "[]", "--to", to]);
    }
    cases.push(vec!["find", "--docs", docs, "--ids"]);
    let doc = r#"{"s\u001b]0;k\u0007": "\u001b[2J\u0085\u202e"}"#;
    for to in [
        "table",
        "dump",
        "hex",
        "spans",
        "ejson",
        "relaxed",
        "shell",
        "relaxed-js",
        "stringify",
    ] {
        cases.push(vec!["inspect", doc, "--to", to]);
    }
    cases.push(vec![
        "eval",
        r#"{ $concat: ["\u001b]0;owned\u0007", "\u009b2J"] }"#,
    ]);
    cases.push(vec!["eval", "{ a: '\u{1b}[2J', b: ! }"]);
    cases.push(vec![
        "find",
        "--docs",
        "[{ a: 1 }]",
        "{ a: '\u{1b}]0;x\u{7}' ",
    ]);
    cases.push(vec!["show", "\u{1b}]0;owned\u{7}"]);
    for args in &cases {
        let what = args.join(" ");
        let outcome = run_in(&dir, args);
        assert!(
            !outcome.timed_out && matches!(outcome.code, Some(0 | 1)),
            "{what}: {outcome:?}"
        );
        assert_inert(&what, &outcome);
    }
    // The colours `--color always` asks for are the only escapes written.
    let colored = run_in(
        &dir,
        &["show", "evil", "--lessons", pack, "--color", "always"],
    );
    let text = colored.stdout();
    let escapes = text.matches('\u{1b}').count();
    let colours = text.matches("\u{1b}[").count();
    assert!(escapes > 0 && escapes == colours, "{text:?}");
    assert!(!text.contains("\u{1b}]"), "no OSC: {text:?}");
    assert!(
        text.contains(r"\u{1b}]52;c;"),
        "the clipboard write is shown: {text}"
    );

    // class summary: the students' names come from their files.
    let names = [
        "Ana\u{1b}]0;owned\u{7}",
        "Bob\u{1b}[2J",
        "Chi\nFAKE: 0 students",
        "Dũng\r\u{9b}31m",
    ];
    let mut exports = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let outcome = run_in(&dir, &["progress", "--export", "json", "--student", name]);
        assert_eq!(outcome.code, Some(0), "{outcome:?}");
        let file = dir.join(format!("student{i}.json"));
        std::fs::write(&file, &outcome.stdout).unwrap();
        exports.push(file.display().to_string());
        assert_inert("progress --export json", &outcome);
        let csv = run_in(&dir, &["progress", "--export", "csv", "--student", name]);
        assert_inert("progress --export csv", &csv);
    }
    let mut args = vec!["class", "summary"];
    args.extend(exports.iter().map(String::as_str));
    let summary = run_in(&dir, &args);
    assert_eq!(summary.code, Some(0), "{summary:?}");
    assert_inert("class summary", &summary);
    let text = summary.stdout();
    assert!(text.starts_with("4 students: "), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("FAKE")), "{text}");
    assert!(text.contains(r"Ana\u{1b}]0;owned\u{7}"), "{text}");
    args.extend(["--format", "json"]);
    let json = run_in(&dir, &args);
    assert_inert("class summary --format json", &json);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        value["students"][0], names[0],
        "JSON keeps the name exactly"
    );
}

/// Where a run's standard output goes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Sink {
    /// `/dev/full`: every write fails with ENOSPC.
    Full,
    /// A pipe whose reader is gone before the binary writes (`| true`).
    Closed,
    /// A pipe whose reader reads one byte and leaves (`| head -c1`).
    OneByte,
}

/// How a run into a [`Sink`] ended.
#[derive(Debug)]
struct Ended {
    code: Option<i32>,
    signal: Option<i32>,
    timed_out: bool,
    stderr: String,
}

fn run_into(dir: &Path, args: &[&str], sink: Sink) -> Ended {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bson-tutor"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .env("NO_COLOR", "1")
        .env("BSON_TUTOR_PROGRESS", dir.join("progress.json"))
        .stdin(Stdio::null())
        .stderr(Stdio::piped());
    match sink {
        Sink::Full => {
            let full = std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full opens");
            command.stdout(full);
        }
        Sink::Closed | Sink::OneByte => {
            command.stdout(Stdio::piped());
        }
    }
    let mut child = command.spawn().expect("the binary starts");
    if let Some(mut out) = child.stdout.take() {
        if sink == Sink::OneByte {
            let mut byte = [0u8; 1];
            let _ = out.read(&mut byte);
        }
        drop(out);
    }
    let mut err = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = err.read_to_string(&mut text);
        text
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting works") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("a killed child can be waited for");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    use std::os::unix::process::ExitStatusExt;
    Ended {
        code: status.code(),
        signal: status.signal(),
        timed_out,
        stderr: reader.join().unwrap_or_default(),
    }
}

#[test]
fn finding_9_every_command_reports_a_full_disk_and_ends_quietly_on_a_closed_pipe() {
    let dir = TempDir::new("hostile-output", "writes");
    // A pack of one lesson that passes `check`, and one student's export.
    let made = run_in(&dir, &["new", "lesson", "demo", "--dir", "pack"]);
    assert_eq!(made.code, Some(0), "{made:?}");
    let export = run_in(&dir, &["progress", "--export", "json", "--student", "ana"]);
    std::fs::write(dir.join("ana.json"), &export.stdout).unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["inspect", "--hex", "0c 00 00 00 10 61 00 01 00 00 00 00"],
        vec!["inspect", "{ a: 1 }", "--to", "dump"],
        vec!["eval", "{ $add: [1, 2] }"],
        vec!["find", "--docs", "[{ _id: 1 }, { _id: 2 }]"],
        vec!["find", "--docs", "[{ _id: 1 }]", "--ids"],
        vec!["aggregate", "[{ $documents: [{ a: 1 }, { a: 2 }] }]"],
        vec!["oid", "--count", "3"],
        vec!["oid", "6ac711ed454f588ca2d05d4b"],
        vec!["lessons"],
        vec!["show", "bytes"],
        vec!["check", "pack"],
        vec!["check", "pack", "--format", "json"],
        vec!["answer", "bytes", "1", "--hint"],
        vec!["progress"],
        vec!["progress", "--export", "json"],
        vec!["progress", "--export", "csv"],
        vec!["class", "summary", "ana.json"],
        vec!["class", "summary", "ana.json", "--format", "json"],
        vec!["new", "lesson", "NEW", "--dir", "made"],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["help"],
        vec!["help", "find"],
        vec!["--help"],
        vec!["find", "--help"],
        vec!["--version"],
    ];
    let mut runs = 0;
    for (i, args) in commands.iter().enumerate() {
        for sink in [Sink::Full, Sink::Closed, Sink::OneByte] {
            // `new lesson` makes a new file each time.
            let id = format!("made-{i}-{sink:?}").to_lowercase();
            let args: Vec<&str> = args
                .iter()
                .map(|a| if *a == "NEW" { id.as_str() } else { a })
                .collect();
            let what = format!("{} > {sink:?}", args.join(" "));
            let ended = run_into(&dir, &args, sink);
            runs += 1;
            assert!(!ended.timed_out, "{what}: timed out");
            match sink {
                Sink::Full => {
                    assert_eq!(ended.code, Some(1), "{what}: {ended:?}");
                    let lines: Vec<&str> = ended.stderr.lines().collect();
                    assert_eq!(lines.len(), 1, "{what}: one line: {ended:?}");
                    assert_eq!(
                        lines[0],
                        "error: writing to standard output: No space left on device (os error 28)",
                        "{what}"
                    );
                }
                Sink::Closed | Sink::OneByte => {
                    assert_eq!(
                        (ended.code, ended.signal),
                        (Some(0), None),
                        "{what}: a closed pipe ends quietly: {ended:?}"
                    );
                    assert_eq!(ended.stderr, "", "{what}");
                }
            }
        }
    }
    assert_eq!(runs, commands.len() * 3);
    // Output larger than a pipe's buffer, cut after one byte: the write fails for sure.
    for args in [
        vec!["oid", "--count", "200000"],
        vec!["find", "--docs", "big.json"],
        vec!["inspect", "--file", "big.bson", "--to", "table"],
    ] {
        if args.contains(&"big.json") {
            let docs: Vec<String> = (0..20_000).map(|i| format!("{{ _id: {i} }}")).collect();
            std::fs::write(dir.join("big.json"), docs.join("\n")).unwrap();
        }
        if args.contains(&"big.bson") {
            let doc = [0x0cu8, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0];
            std::fs::write(dir.join("big.bson"), doc.repeat(20_000)).unwrap();
        }
        let what = args.join(" ");
        let ended = run_into(&dir, &args, Sink::OneByte);
        assert_eq!(
            (ended.code, ended.signal),
            (Some(0), None),
            "{what}: {ended:?}"
        );
        assert_eq!(ended.stderr, "", "{what}");
    }
    // The message is in the run's language; `check` keeps its verdict on a closed pipe.
    let vi = run_into(&dir, &["--lang", "vi", "eval", "1"], Sink::Full);
    assert_eq!(vi.code, Some(1));
    assert!(
        vi.stderr.starts_with("lỗi: khi ghi ra đầu ra chuẩn: "),
        "{}",
        vi.stderr
    );
    std::fs::write(dir.join("pack/broken.toml"), "id = ").unwrap();
    let failing = run_into(&dir, &["check", "pack"], Sink::Closed);
    assert_eq!(failing.code, Some(1), "{failing:?}");
    assert_eq!(failing.stderr, "");
}

#[test]
fn finding_7_oid_count_is_bounded_and_sort_never_aborts() {
    let refused = run(
        &["oid", "--count", "100000000", "--sort"],
        b"",
        Limits::default(),
    );
    assert_refused("oid --count 100000000 --sort", &refused, "at most 1000000");
    let refused = run(
        &["oid", "--count", "40000", "--processes", "26"],
        b"",
        Limits::default(),
    );
    assert_refused("oid 40000 x 26", &refused, "1040000 ids asked for");
    // The most a run makes, sorted, within 1 GiB of address space.
    let most = run(
        &["oid", "--count", "1000000", "--sort", "--seed", "1"],
        b"",
        Limits::default(),
    );
    assert_clean("oid --count 1000000 --sort", &most);
    assert_eq!(most.code, Some(0));
    assert_eq!(most.stdout().lines().count(), 1_000_000);
}

#[test]
fn finding_7_input_is_read_per_document_with_a_cap() {
    let limits = Limits::default();
    // /dev/zero as raw BSON: a length of 0 at byte 0 (after its first megabyte is read, to
    // see whether the input is small), not a read until memory runs out.
    let zero = run(&["inspect", "--file", "/dev/zero"], b"", limits);
    assert_refused(
        "inspect --file /dev/zero",
        &zero,
        "byte 0: a document's length prefix says 0 bytes",
    );
    // As text: one line of NULs, cut at 64 MiB.
    let text = run(
        &["inspect", "--file", "/dev/zero", "--from", "ejson"],
        b"",
        limits,
    );
    assert_refused(
        "--file /dev/zero --from ejson",
        &text,
        "more than 67108864 bytes",
    );
    // A length prefix over 16 MiB on standard input, in a stream too long to be read whole:
    // refused by its 4 bytes, nothing allocated for it.
    let mut huge = 0x7fff_ffff_i32.to_le_bytes().to_vec();
    huge.extend(std::iter::repeat_n(0u8, 1 << 20));
    let stdin = run(&["inspect", "--file", "-"], &huge, limits);
    assert_refused(
        "inspect --file - (2 GiB prefix)",
        &stdin,
        "length prefix says 2147483647 bytes, but a document has 5 to 16793600 bytes",
    );
    // The same prefix in a short input is read whole, as before: the decoder's words.
    let short = run(&["inspect", "--file", "-"], &huge[..64], limits);
    assert_refused(
        "inspect --file - (2 GiB prefix, short)",
        &short,
        "over the limit of 16777216",
    );
    // A directory as --file is taken for a dump folder, and this one holds none.
    let dir = TempDir::new("hostile-output", "file-dir");
    let path = dir.to_str().unwrap();
    let is_dir = run(&["inspect", "--file", path], b"", limits);
    assert_refused("inspect --file DIR", &is_dir, "is a folder without a dump");
}

#[test]
fn finding_11_docs_must_be_a_file_or_a_literal() {
    let limits = Limits::default();
    let zero = run(&["find", "--docs", "/dev/zero"], b"", limits);
    assert_refused("find --docs /dev/zero", &zero, "/dev/zero is a device");
    let dir = TempDir::new("hostile-output", "docs-dir");
    let path = dir.to_str().unwrap();
    for args in [
        vec!["find", "--docs", path],
        vec!["aggregate", "--docs", path, "[]"],
    ] {
        let outcome = run(&args, b"", limits);
        assert_refused(&args.join(" "), &outcome, &format!("{path} is a directory"));
    }
    let vi = run(&["--lang", "vi", "find", "--docs", path], b"", limits);
    assert_refused("--lang vi", &vi, "là một thư mục");
    // A file over the text cap is refused before it is parsed.
    let big = dir.join("big.json");
    let file = std::fs::File::create(&big).unwrap();
    file.set_len((64 << 20) + 1).unwrap();
    let outcome = run(&["find", "--docs", big.to_str().unwrap()], b"", limits);
    assert_refused("--docs 64 MiB + 1", &outcome, "more than 67108864 bytes");
}

#[test]
fn finding_11_a_parse_error_quotes_a_window_of_a_huge_line() {
    let dir = TempDir::new("hostile-output", "echo");
    let line = format!("{{ a: {}, b: NumberFoo(1) }}\n", "1".repeat(4 << 20));
    let file = dir.join("huge.txt");
    std::fs::write(&file, &line).unwrap();
    let path = file.to_str().unwrap();
    let limits = Limits::default();
    for args in [
        vec!["inspect", "--file", path, "--from", "shell"],
        vec!["find", "--docs", path],
        vec!["inspect", "--file", "-", "--from", "shell"],
    ] {
        let what = args.join(" ");
        let outcome = run(&args, line.as_bytes(), limits);
        assert!(!outcome.timed_out, "{what}");
        assert_eq!(outcome.code, Some(1), "{what}: {}", window(&outcome.stderr));
        // The message, the quoted window and the caret: three short lines, not 4 MB.
        assert!(
            outcome.stderr.len() < 600,
            "{what}: {} bytes: {}",
            outcome.stderr.len(),
            window(&outcome.stderr)
        );
        assert!(
            outcome.stderr.contains("NumberFoo"),
            "{what}: {}",
            outcome.stderr
        );
        assert!(outcome.stderr.contains('…'), "{what}: {}", outcome.stderr);
    }
    // A message that quotes a long token keeps its two ends.
    let token = format!("{{ a: {} }}", "x".repeat(100_000));
    let outcome = run(&["eval", "--from", "shell", &token], b"", limits);
    assert_eq!(outcome.code, Some(1));
    assert!(outcome.stderr.len() < 1_000, "{}", window(&outcome.stderr));
}

#[test]
fn finding_11_a_lesson_id_is_never_an_option() {
    let dir = TempDir::new("hostile-output", "new-id");
    for id in ["-rf", "--help-me", "-"] {
        let outcome = run_in(&dir, &["new", "lesson", "--", id]);
        assert_refused(
            &format!("new lesson -- {id}"),
            &outcome,
            "starting with a letter or a digit",
        );
        assert!(!dir.join(format!("{id}.toml")).exists(), "{id}");
    }
    let zh = run_in(&dir, &["--lang", "zh", "new", "lesson", "--", "-rf"]);
    assert_refused("--lang zh", &zh, "以字母或数字开头");
    let made = run_in(&dir, &["new", "lesson", "2-ok"]);
    assert_eq!(made.code, Some(0), "{made:?}");
}

/// A lesson of `steps` run steps, each a regex that backtracks through thousands of ways
/// at each of 10,000 `a`s (within the server's PCRE2 limits: seconds on each).
fn slow_lesson(steps: usize) -> String {
    // A long run of `a`s for the pattern to work through (the leading `b` changes nothing).
    let subject = format!("b{}", "a".repeat(10_000));
    let mut text = String::from(
        "format_version = 1\nid = \"slow\"\ntitle = \"Slow\"\norder = 2\nsummary = \"s\"\n",
    );
    for i in 0..steps {
        text.push_str(&format!(
            "\n[[step]]\nname = \"s{i}\"\nkind = \"run\"\ncommand = \"find\"\n\
             docs = '[{{ _id: 1, s: \"{subject}\" }}]'\nfilter = '{{ s: /(?:a|aa){{1,12}}\\d/ }}'\n"
        ));
    }
    text
}

const FAST_LESSON: &str = "format_version = 1\nid = \"fast\"\ntitle = \"Fast\"\norder = 1\n\
summary = \"s\"\n\n[[step]]\nname = \"one\"\nkind = \"text\"\ntext = \"{= { $add: [1, 2] } =}\"\n";

#[test]
fn finding_6_a_slow_lesson_fails_at_its_budget_and_the_others_are_checked() {
    let dir = TempDir::new("hostile-output", "slow-check");
    let pack = dir.join("pack");
    std::fs::create_dir_all(&pack).unwrap();
    std::fs::write(pack.join("a-fast.toml"), FAST_LESSON).unwrap();
    std::fs::write(pack.join("b-slow.toml"), slow_lesson(20)).unwrap();
    std::fs::write(
        pack.join("c-fast.toml"),
        FAST_LESSON.replace("fast", "fast2"),
    )
    .unwrap();
    let path = pack.to_str().unwrap();
    let outcome = run(
        &["check", path, "--max-time-ms", "3000"],
        b"",
        Limits::default(),
    );
    assert!(!outcome.timed_out, "{}", window(&outcome.stderr));
    assert_eq!(outcome.code, Some(1), "{}", window(&outcome.stdout()));
    let stdout = outcome.stdout();
    let fails: Vec<&str> = stdout.lines().filter(|l| l.starts_with("FAIL")).collect();
    let [fail] = fails.as_slice() else {
        panic!("one failure: {stdout}")
    };
    let slow = pack.join("b-slow.toml");
    // FAIL <file>:<line>: step N: ... time budget ...
    let prefix = format!("FAIL {}:", slow.display());
    assert!(fail.starts_with(&prefix), "{fail}");
    let line: usize = fail[prefix.len()..]
        .split(':')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a line number: {fail}"));
    let source = std::fs::read_to_string(&slow).unwrap();
    assert_eq!(
        source.lines().nth(line - 1),
        Some("[[step]]"),
        "the line is a step's header: {fail}"
    );
    assert!(fail.contains("time budget ran out"), "{fail}");
    // Both fast lessons were checked (one step each), and the slow one's earlier steps.
    let summary = stdout.lines().last().unwrap_or_default();
    let passed: usize = summary
        .strip_prefix("check: ")
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{summary}"));
    assert!(passed >= 2, "{stdout}");
    assert!(summary.ends_with(", 1 failed"), "{summary}");
    // In JSON, the same failure with its file and line.
    let json = run(
        &["check", path, "--max-time-ms", "3000", "--format", "json"],
        b"",
        Limits::default(),
    );
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(report["failed"], 1, "{report}");
    // Which step the budget ends in depends on the machine's speed: a step's header, again.
    let json_line = report["failures"][0]["line"].as_u64().unwrap_or(0) as usize;
    assert!(json_line > 0, "{report}");
    assert_eq!(
        source.lines().nth(json_line - 1),
        Some("[[step]]"),
        "{report}"
    );
    assert_eq!(
        report["failures"][0]["file"],
        slow.display().to_string(),
        "{report}"
    );
}

/// `/a{30000}b/` over 100,000 `a`s took 32 s in a release build before issue 14 (PCRE2 now
/// answers it at once; `/a{50000}$/` is the slow filter today). With a
/// budget, `find` and `aggregate` answer with the server's error. (Before the engine polls
/// the interrupt, the command line still ends the run a second after the budget.)
#[test]
fn finding_6_find_and_aggregate_stop_at_max_time_ms() {
    let dir = TempDir::new("hostile-output", "deadline");
    let docs = dir.join("a.json");
    std::fs::write(
        &docs,
        // A long run of `a`s for the pattern to work through (the leading `b` changes nothing).
        format!("[{{ _id: 1, s: \"b{}\" }}]", "a".repeat(100_000)),
    )
    .unwrap();
    let docs = docs.to_str().unwrap();
    let limits = Limits::default();
    let cases = [
        vec![
            "find",
            "--docs",
            docs,
            "{ s: /a{50000}$/ }",
            "--max-time-ms",
            "2000",
        ],
        vec![
            "aggregate",
            "--docs",
            docs,
            "[{ $match: { s: /a{50000}$/ } }]",
            "--max-time-ms",
            "2000",
        ],
    ];
    for args in cases {
        let what = args.join(" ");
        let outcome = run(&args, b"", limits);
        assert_refused(&what, &outcome, "operation exceeded time limit");
        assert_eq!(outcome.stdout, b"", "{what}: no answer after the stop");
    }
    let vi = run(
        &[
            "--lang",
            "vi",
            "find",
            "--docs",
            docs,
            "{ s: /a{50000}$/ }",
            "--max-time-ms",
            "500",
        ],
        b"",
        limits,
    );
    assert_refused("--lang vi", &vi, "lỗi: operation exceeded time limit");
}
