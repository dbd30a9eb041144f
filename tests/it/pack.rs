//! Teacher packs and packaging, driven through the real binary: `new lesson` writes a lesson
//! that passes `check`, `check --format json` reports file and line, `completions` and `man`
//! describe the real command line, and every lesson in `lessons/README.md` passes `check`.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

fn bin() -> Command {
    common::bson_tutor()
}

/// A fresh, empty directory of its own, unique to this process and call, removed when dropped.
fn temp_dir(name: &str) -> common::TempDir {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    common::TempDir::new("pack", &format!("{name}-{n}"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `N` of `check: N passed, 0 failed`, the last line of a passing check; panics otherwise.
fn passed_with_no_failures(out: &Output) -> usize {
    let text = stdout(out);
    assert_eq!(out.status.code(), Some(0), "{text}{}", stderr(out));
    let last = text.lines().last().unwrap_or_default();
    let n = last
        .strip_prefix("check: ")
        .and_then(|rest| rest.strip_suffix(" passed, 0 failed"))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("unexpected summary line: {last:?}\n{text}"));
    assert!(n > 0, "nothing was checked: {text}");
    n
}

#[test]
fn new_lesson_writes_a_skeleton_that_passes_check() {
    let dir = temp_dir("new");
    let out = run(&["new", "lesson", "demo", "--dir", path(&dir)]);
    assert!(out.status.success(), "{}", stderr(&out));
    let said = stdout(&out);
    let file = dir.join("demo.toml");
    assert!(
        said.contains(&format!("wrote {}", file.display())),
        "{said}"
    );
    assert!(
        said.contains(&format!("bson-tutor check {}", dir.display())),
        "{said}"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("format_version = 1"), "{text}");
    assert!(text.contains("lessons/README.md"), "{text}");
    assert!(text.contains("order = 100"), "{text}");
    for kind in ["text", "hex", "run", "exercise"] {
        assert!(
            text.contains(&format!("kind = \"{kind}\"")),
            "no {kind} step"
        );
    }
    for t in ["size", "find", "choice"] {
        assert!(text.contains(&format!("type = \"{t}\"")), "no {t} exercise");
    }
    assert!(text.contains("claims = ["), "no claims");
    passed_with_no_failures(&run(&["check", path(&dir)]));
    // The lesson is usable as written.
    let shown = run(&["show", "demo", "--lessons", path(&dir), "--color", "never"]);
    assert!(shown.status.success(), "{}", stderr(&shown));
    assert!(
        stdout(&shown).starts_with("100. Demo"),
        "{}",
        stdout(&shown)
    );
}

#[test]
fn new_lesson_in_the_current_directory_is_id_dot_toml() {
    let dir = temp_dir("cwd");
    let out = bin()
        .args(["new", "lesson", "demo"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(dir.join("demo.toml").is_file());
}

#[test]
fn new_lesson_never_overwrites() {
    let dir = temp_dir("twice");
    let first = run(&["new", "lesson", "demo", "--dir", path(&dir)]);
    assert!(first.status.success(), "{}", stderr(&first));
    let file = dir.join("demo.toml");
    std::fs::write(&file, "# the teacher's edits\n").unwrap();
    let second = run(&["new", "lesson", "demo", "--dir", path(&dir)]);
    assert_eq!(second.status.code(), Some(1));
    let err = stderr(&second);
    assert!(err.starts_with("error: "), "{err}");
    assert!(
        err.contains(&format!("{} already exists", file.display())),
        "{err}"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "# the teacher's edits\n"
    );
}

#[test]
fn new_lesson_refuses_an_id_the_loader_would_refuse() {
    let dir = temp_dir("slug");
    let long = "a".repeat(65);
    for (bad, why) in [
        ("Demo", "character 1 (`D`)"),
        ("my lesson", "character 3 (` `)"),
        ("../escape", "character 1 (`.`)"),
        ("a_b", "character 2 (`_`)"),
        ("é", "character 1 (`é`)"),
        ("-rf", "it starts with `-`"),
        ("a\u{1b}]0;x\u{7}", "character 2 (`\\u{1b}`)"),
        (&long, "it has 65 characters, at most 64"),
    ] {
        // `--` makes `-rf` the id rather than an option.
        let out = run(&["new", "lesson", "--dir", path(&dir), "--", bad]);
        assert_eq!(out.status.code(), Some(1), "{bad}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.starts_with("error: lesson id `"), "{bad}: {err}");
        assert!(err.contains(why), "{bad}: {err}");
        assert!(err.contains("[a-z0-9][a-z0-9-]*"), "{bad}: {err}");
        assert!(!err.contains('\u{1b}'), "escaped: {err:?}");
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    // In the learner's language.
    let out = bin()
        .args(["new", "lesson", "--dir", path(&dir), "--", "-rf"])
        .env("LANG", "vi_VN.UTF-8")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).starts_with("lỗi: mã bài học `-rf`: mã bắt đầu bằng `-`"),
        "{}",
        stderr(&out)
    );
}

const GOOD: &str = r#"format_version = 1
id = "good"
title = "Good"
order = 1
summary = "fine"

[[step]]
kind = "text"
text = "A document."

[[step]]
kind = "exercise"
type = "size"
prompt = "Size of { a: 1 }?"
document = "{ a: 1 }"
explanation = "12"
expect = "12"
reject = ["11"]
"#;

#[test]
fn check_json_counts_failures_and_broken_files_with_their_lines() {
    let dir = temp_dir("json");
    std::fs::write(dir.join("good.toml"), GOOD).unwrap();
    let wrong = GOOD
        .replace("id = \"good\"", "id = \"wrong\"")
        .replace("expect = \"12\"", "expect = \"13\"");
    std::fs::write(dir.join("wrong.toml"), wrong).unwrap();
    std::fs::write(
        dir.join("syntax.toml"),
        "format_version = 1\nid = \"syntax\"\ntitle = \n",
    )
    .unwrap();

    let out = run(&["check", path(&dir), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {}", stdout(&out)));
    // good: 2 steps; wrong: its text step.
    assert_eq!(report["passed"], 3, "{report}");
    assert_eq!(report["failed"], 1, "{report}");
    assert_eq!(report["broken_files"], 1, "{report}");

    let failures = report["failures"].as_array().unwrap();
    assert_eq!(failures.len(), 1, "{report}");
    let f = &failures[0];
    assert_eq!(f["file"], path(&dir.join("wrong.toml")));
    assert_eq!(f["line"], 11, "the exercise's [[step]] line: {report}");
    let message = f["message"].as_str().unwrap();
    assert!(message.starts_with("step 2: expect = \"13\""), "{message}");

    let broken = report["broken"].as_array().unwrap();
    assert_eq!(broken.len(), 1, "{report}");
    let b = &broken[0];
    assert_eq!(b["file"], path(&dir.join("syntax.toml")));
    assert_eq!(
        (b["line"].as_u64(), b["column"].as_u64()),
        (Some(3), Some(9))
    );
    assert!(!b["message"].as_str().unwrap().is_empty());

    // The same pack as text: the same information, the summary counting both.
    let text = run(&["check", path(&dir)]);
    assert_eq!(text.status.code(), Some(1));
    let text = stdout(&text);
    assert!(
        text.contains(&format!(
            "FAIL {}:11: step 2: expect",
            dir.join("wrong.toml").display()
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "BROKEN {}:3:9: ",
            dir.join("syntax.toml").display()
        )),
        "{text}"
    );
    assert!(text.ends_with("check: 3 passed, 2 failed\n"), "{text}");
}

#[test]
fn check_json_on_a_good_pack_exits_0() {
    let dir = temp_dir("json-good");
    std::fs::write(dir.join("good.toml"), GOOD).unwrap();
    let out = run(&["check", path(&dir), "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        report,
        serde_json::json!({
            "passed": 2, "failed": 0, "broken_files": 0, "failures": [], "broken": []
        })
    );
}

#[test]
fn completions_for_every_shell_know_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = run(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", stderr(&out));
        let script = stdout(&out);
        assert!(!script.trim().is_empty(), "{shell}: empty");
        assert!(script.contains("inspect"), "{shell}: no `inspect`");
        assert!(script.contains("completions"), "{shell}: no `completions`");
    }
    let out = run(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
}

#[test]
fn man_prints_a_roff_page_listing_the_subcommands() {
    let out = run(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    // clap_mangen opens with two roff requests defining a quote string, then the header.
    let header = page.lines().take(5).find(|l| l.starts_with(".TH "));
    assert!(
        header.is_some_and(|h| h.starts_with(".TH bson-tutor 1")),
        "{page}"
    );
    assert!(page.starts_with('.'), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    assert!(page.contains("inspect"), "{page}");
}

#[test]
fn no_arguments_still_means_the_tutorial() {
    // Without a terminal the tutorial says it needs one, rather than asking for a command.
    let out = bin().stdin(std::process::Stdio::null()).output().unwrap();
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("needs a terminal"),
        "{}",
        stderr(&out)
    );
}

/// The ```toml blocks of `text` that are complete lessons, with the line each starts on.
fn lesson_examples(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == "```toml" => current = Some((i + 2, String::new())),
            None => {}
            Some(_) if line.trim_end() == "```" => {
                let (start, body) = current.take().unwrap_or_default();
                if body.starts_with("format_version") {
                    out.push((start, body));
                }
            }
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    out
}

/// The body of the one ```toml i18n block of `text` (a translation, not a lesson).
fn translation_example(text: &str) -> String {
    let start = text.find("```toml i18n\n").expect("a ```toml i18n block");
    let body = &text[start + "```toml i18n\n".len()..];
    body[..body.find("\n```").expect("the block ends")].to_owned() + "\n"
}

#[test]
fn the_translation_example_in_the_format_readme_loads_without_warnings() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/README.md");
    let text = std::fs::read_to_string(readme).unwrap();
    let tiny = lesson_examples(&text)
        .into_iter()
        .find(|(_, body)| body.contains("id = \"tiny\""))
        .expect("the README's complete lesson")
        .1;
    let dir = temp_dir("readme-i18n");
    std::fs::write(dir.join("tiny.toml"), &tiny).unwrap();
    std::fs::create_dir_all(dir.join("i18n/vi")).unwrap();
    std::fs::write(dir.join("i18n/vi/tiny.toml"), translation_example(&text)).unwrap();
    let out = run(&["check", path(&dir)]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert_eq!(stderr(&out), "", "the example leaves warnings");
    let shown = run(&["show", "tiny", "--lessons", path(&dir), "--lang", "vi"]);
    let text = stdout(&shown);
    assert!(text.starts_with("99. Một bài học tí hon\n"), "{text}");
    assert!(text.contains("{ v: 42 } tìm được những _id nào?"), "{text}");
    // Without the step's text the English shows, and check names the step's line.
    let example = translation_example(&std::fs::read_to_string(readme).unwrap());
    let costs = example
        .find("[step.costs]")
        .expect("the table step's entry");
    let end = costs + example[costs..].find("\n\n").expect("an entry after it");
    let partial = format!("{}{}", &example[..costs], &example[end + 2..]);
    std::fs::write(dir.join("i18n/vi/tiny.toml"), partial).unwrap();
    let out = run(&["check", path(&dir)]);
    assert!(out.status.success(), "warnings do not fail the check");
    let warnings = stderr(&out);
    let line = tiny.lines().position(|l| l == "name = \"costs\"").unwrap();
    assert!(
        warnings.contains(&format!(
            "tiny.toml:{line}: vi: step costs labels[1] is not translated"
        )),
        "{warnings}"
    );
    // An edited English text: the warning the README shows, at the entry's line.
    let warned = text_readme_stale_warning(&std::fs::read_to_string(readme).unwrap());
    let (from, to) = (
        "A document is a length, elements and a NUL.",
        "A document is its length, its elements and a NUL.",
    );
    std::fs::write(dir.join("tiny.toml"), tiny.replace(from, to)).unwrap();
    std::fs::write(dir.join("i18n/vi/tiny.toml"), &example).unwrap();
    let out = run(&["check", path(&dir)]);
    let warnings = stderr(&out);
    let shown = warnings.replace(&format!("{}/", path(&dir)), "my-pack/");
    assert_eq!(shown, format!("{warned}\n"), "the README's example warning");
}

/// The stale-translation warning the format README shows.
fn text_readme_stale_warning(text: &str) -> String {
    text.lines()
        .find(|l| l.starts_with("warning: ") && l.contains("translates an older English text"))
        .expect("the README shows the warning")
        .to_string()
}

#[test]
fn every_lesson_in_the_format_readme_passes_check() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/README.md");
    let text = std::fs::read_to_string(readme).unwrap();
    let examples = lesson_examples(&text);
    assert!(
        examples.len() >= 3,
        "expected the README's example lessons, found {}",
        examples.len()
    );
    let fenced = text.lines().filter(|l| l.trim_end() == "```toml").count();
    assert_eq!(
        examples.len(),
        fenced,
        "every ```toml block in lessons/README.md should be a complete lesson"
    );
    for (line, body) in examples {
        let dir = temp_dir("readme");
        std::fs::write(dir.join("example.toml"), &body).unwrap();
        let out = run(&["check", path(&dir)]);
        assert!(
            out.status.success(),
            "lessons/README.md:{line}: the example does not pass check:\n{}",
            stdout(&out)
        );
        passed_with_no_failures(&out);
    }
}

#[test]
fn the_format_readme_shows_every_step_and_exercise_kind() {
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons/README.md");
    let text = std::fs::read_to_string(readme).unwrap();
    let examples: String = lesson_examples(&text)
        .into_iter()
        .map(|(_, body)| body)
        .collect();
    for kind in ["text", "hex", "run", "table", "exercise"] {
        assert!(
            examples.contains(&format!("kind = \"{kind}\"")),
            "no example of the {kind} step"
        );
    }
    for command in ["eval", "find", "aggregate", "inspect", "oid"] {
        assert!(
            examples.contains(&format!("command = \"{command}\"")),
            "no example of the run command {command}"
        );
    }
    for t in [
        "size", "bytes", "decode", "find", "sort", "eval", "type", "oid", "choice",
    ] {
        assert!(
            examples.contains(&format!("type = \"{t}\"")),
            "no example of the {t} exercise"
        );
    }
    assert!(
        examples.contains("expect_error = "),
        "no expect_error example"
    );
    assert!(examples.contains("claims = "), "no claims example");
}
