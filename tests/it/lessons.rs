//! The lessons and the lesson engine: `check` passes on `lessons/`, reports broken files at
//! `file:line:col`, and every exercise accepts its answer and refuses its rejects.

use crate::common;

use std::process::Command;

use bson_tutor::lesson::{Context, answer, builtin, load_str, solve};

fn bin() -> Command {
    common::bson_tutor()
}

#[test]
fn check_passes_on_the_builtin_lessons() {
    let out = bin().arg("check").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.trim_end().ends_with("0 failed"), "{text}");
}

#[test]
fn check_passes_on_the_lessons_directory() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons");
    let out = bin().args(["check", dir]).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn builtin_list_matches_the_lessons_directory() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/lessons");
    let mut on_disk: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".toml"))
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = builtin::LESSONS
        .iter()
        .map(|(f, _)| f.to_string())
        .collect();
    embedded.sort();
    assert_eq!(embedded, on_disk, "update src/lesson/builtin.rs");
    for (f, text) in builtin::LESSONS {
        let disk = std::fs::read_to_string(format!("{dir}/{f}")).unwrap();
        assert_eq!(&disk, text, "{f}");
    }
}

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

#[test]
fn broken_lessons_are_reported_and_the_good_one_still_passes() {
    let dir = crate::common::TempDir::new("lessons", "broken");
    let wrong = GOOD
        .replace("id = \"good\"", "id = \"wrong\"")
        .replace("expect = \"12\"", "expect = \"13\"");
    let syntax = "format_version = 1\nid = \"syntax\"\ntitle = \n";
    let unknown_key = GOOD
        .replace("id = \"good\"", "id = \"key\"")
        .replace("summary = \"fine\"", "summary = \"fine\"\ncolour = \"red\"");
    let unknown_type = GOOD
        .replace("id = \"good\"", "id = \"kind\"")
        .replace("type = \"size\"", "type = \"essay\"");
    for (name, text) in [
        ("a-good.toml", GOOD.to_string()),
        ("b-wrong.toml", wrong),
        ("c-syntax.toml", syntax.to_string()),
        ("d-key.toml", unknown_key),
        ("e-type.toml", unknown_type),
    ] {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let out = bin().arg("check").arg(&dir).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("b-wrong.toml:7: step 1: expect = \"13\""),
        "{text}"
    );
    assert!(text.contains("c-syntax.toml:3:9:"), "{text}");
    assert!(text.contains("d-key.toml:6:1:"), "{text}");
    assert!(text.contains("e-type.toml:7:1:"), "{text}");
    assert!(text.contains("essay"), "{text}");
    assert!(!text.contains("a-good.toml"), "{text}");
    assert!(
        text.trim_end().ends_with("check: 1 passed, 4 failed"),
        "{text}"
    );
}

/// A pack lesson cannot take over a built-in lesson's id (and with it the learner's
/// progress records): with `--with-builtin` the built-in keeps it and the pack's is one
/// broken entry naming both files.
#[test]
fn a_pack_lesson_with_a_builtin_id_is_refused_naming_the_builtin() {
    let dir = crate::common::TempDir::new("lessons", "takeover");
    std::fs::write(dir.join("a-good.toml"), GOOD).unwrap();
    std::fs::write(
        dir.join("bytes.toml"),
        GOOD.replace("id = \"good\"", "id = \"bytes\""),
    )
    .unwrap();
    let progress = dir.join("progress.json");
    let out = bin()
        .args(["lessons", "--with-builtin", "--lessons"])
        .arg(&*dir)
        .arg("--progress")
        .arg(&progress)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{text}");
    let broken: Vec<&str> = text.lines().filter(|l| l.contains("broken: ")).collect();
    assert_eq!(broken.len(), 1, "{text}");
    assert!(
        broken[0].contains(&format!(
            "{}:2:6: lesson id `bytes` is already the id of lessons/01-bytes.toml:2:6",
            dir.join("bytes.toml").display()
        )),
        "{text}"
    );
    let bytes_rows = text
        .lines()
        .filter(|l| l.split_whitespace().nth(1) == Some("bytes"))
        .count();
    assert_eq!(bytes_rows, 1, "the built-in is listed once: {text}");
    assert!(text.lines().any(|l| l.contains(" good ")), "{text}");
}

#[test]
fn every_exercise_accepts_its_answer_and_refuses_its_rejects() {
    for (file, text) in builtin::LESSONS {
        let loaded = load_str(file, text).unwrap();
        for ex in loaded.lesson.exercises() {
            let truth = solve(ex, &Context::default()).unwrap();
            let v = answer(ex, &truth.text, &Context::default());
            assert!(
                v.correct(),
                "{file}: {}: {} -> {}",
                ex.prompt,
                truth.text,
                v.feedback
            );
            assert!(
                answer(ex, &ex.expect, &Context::default()).correct(),
                "{file}: {}",
                ex.prompt
            );
            for r in &ex.reject {
                let v = answer(ex, r, &Context::default());
                assert!(!v.correct(), "{file}: {}: {r} accepted", ex.prompt);
                assert!(!v.feedback.is_empty());
            }
            assert!(!answer(ex, "", &Context::default()).correct());
        }
    }
}

#[test]
fn wrong_find_answer_explains_type_bracketing() {
    let (_, text) = builtin::LESSONS
        .iter()
        .find(|(f, _)| f.starts_with("03"))
        .unwrap();
    let loaded = load_str("03", text).unwrap();
    let ex = loaded
        .lesson
        .exercises()
        .find(|e| e.filter.as_deref() == Some("{ userId: 42 }"))
        .unwrap();
    let v = answer(ex, "[1, 2, 3, 4, 5]", &Context::default());
    assert!(!v.correct());
    assert!(v.feedback.contains("_id `2`"), "{}", v.feedback);
}

#[test]
fn show_with_answers_snapshots() {
    for (file, text) in builtin::LESSONS {
        let id = load_str(file, text).unwrap().lesson.id;
        let out = bin()
            .args(["show", &id, "--answers", "--width", "80"])
            .output()
            .unwrap();
        assert!(out.status.success());
        insta::assert_snapshot!(format!("show_{id}"), String::from_utf8(out.stdout).unwrap());
    }
}

#[test]
fn choice_claims_and_first_ids_are_computed_by_the_engine() {
    let lesson = |claims: &str, expect: &str| {
        format!(
            r#"format_version = 1
id = "claims"
title = "Claims"
order = 1
summary = "s"

[[step]]
kind = "exercise"
type = "choice"
prompt = "Which is true?"
options = ["0.1 + 0.2 is exactly 0.3 in doubles", "0.1 + 0.2 is exactly 0.3 in decimal128"]
claims = {claims}
explanation = "e"
expect = "{expect}"
reject = ["a"]

[[step]]
kind = "exercise"
type = "oid"
ask = "first"
prompt = "Which sorts first?"
options = ["6ac711ed454f588ca2d05d4b", "6ac711ed174cbaf76ff1a390"]
explanation = "e"
expect = "b"
reject = ["a"]
"#
        )
    };
    let claims = r#"['{ $eq: [{ $add: [0.1, 0.2] }, 0.3] }', '{ $eq: [{ $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] }, NumberDecimal("0.3")] }']"#;
    let good = load_str("claims.toml", &lesson(claims, "b")).unwrap();
    for ex in good.lesson.exercises() {
        let solved = solve(ex, &Context::default()).unwrap();
        assert_eq!(solved.text, "b");
        assert!(answer(ex, "b", &Context::default()).correct());
        assert!(!answer(ex, "a", &Context::default()).correct());
    }
    // An author who picks the option the engine refutes is caught.
    let wrong = load_str("claims.toml", &lesson(claims, "a")).unwrap();
    let ex = wrong.lesson.exercises().next().unwrap();
    let e = solve(ex, &Context::default()).unwrap_err();
    assert!(
        e.to_string()
            .contains("which the engine finds false, but `expect` says the answer is a"),
        "{e}"
    );
}

#[test]
fn show_colours_only_when_asked() {
    let plain = bin()
        .args(["show", "numbers", "--answers"])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8_lossy(&plain.stdout).contains('\u{1b}'),
        "piped output stays plain"
    );
    let coloured = bin()
        .args(["show", "numbers", "--answers", "--color", "always"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&coloured.stdout);
    assert!(text.contains("\u{1b}[33m[documented]\u{1b}[0m"), "{text}");
    assert!(text.contains("\u{1b}[32manswer:\u{1b}[0m"), "{text}");
}

#[test]
fn a_run_step_can_show_the_engine_refusing() {
    let lesson = |expect_error: &str| {
        format!(
            r#"format_version = 1
id = "refusal"
title = "Refusal"
order = 1
summary = "s"

[[step]]
kind = "run"
command = "find"
docs = '[{{ _id: 1 }}, {{ _id: Double(1) }}]'
expect_error = "{expect_error}"
"#
        )
    };
    let dir = crate::common::TempDir::new("lessons", "refusal");
    std::fs::write(dir.join("refusal.toml"), lesson("E11000")).unwrap();
    let out = bin()
        .args(["show", "refusal", "--lessons"])
        .arg(&dir)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("error: ") && text.contains("E11000 duplicate key error"),
        "{text}"
    );
    let ok = bin().arg("check").arg(&dir).output().unwrap();
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    // A refusal that does not happen, or says something else, fails check.
    std::fs::write(dir.join("refusal.toml"), lesson("cannot be of type array")).unwrap();
    let bad = bin().arg("check").arg(&dir).output().unwrap();
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stdout).contains("expect_error"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn answers_are_checked_recorded_and_shown_as_progress() {
    let dir = crate::common::TempDir::new("lessons", "progress");
    let path = dir.join("progress.json");
    let run = |args: &[&str]| {
        bin()
            .args(args)
            .arg("--progress")
            .arg(&path)
            .output()
            .unwrap()
    };
    // Revealing needs a wrong attempt first.
    assert_eq!(
        run(&["answer", "bytes", "2", "--reveal"]).status.code(),
        Some(1)
    );
    let wrong = run(&["answer", "bytes", "2", "13"]);
    assert_eq!(wrong.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&wrong.stdout).contains("not yet:"));
    let right = run(&["answer", "bytes", "2", "12"]);
    assert_eq!(
        right.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&right.stdout)
    );
    assert!(String::from_utf8_lossy(&right.stdout).starts_with("correct."));
    let listed = String::from_utf8_lossy(&run(&["lessons"]).stdout).into_owned();
    assert!(
        listed
            .lines()
            .any(|l| l.contains("bytes") && l.contains("(1/")),
        "{listed}"
    );
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.contains("\"bytes#2\"") && saved.contains("\"solved\"") && saved.contains("\"13\""),
        "{saved}"
    );
    // A damaged progress file is reported, never overwritten.
    std::fs::write(&path, "not json").unwrap();
    let damaged = run(&["answer", "bytes", "2", "12"]);
    assert_eq!(damaged.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "not json");
    std::fs::remove_file(&path).unwrap();
}

/// A decode exercise asking for a byte's role takes the role's name in any of the tutor's
/// languages (answers are language-independent), with or without Vietnamese marks.
#[test]
fn role_answers_are_right_in_every_language() {
    let (_, text) = builtin::LESSONS
        .iter()
        .find(|(f, _)| f.starts_with("01-"))
        .unwrap();
    let lesson = load_str("lessons/01-bytes.toml", text).unwrap().lesson;
    let ex = lesson
        .exercises()
        .find(|e| e.ask.as_deref() == Some("role"))
        .expect("lesson 1 asks for a role");
    assert_eq!(
        solve(ex, &Context::default()).unwrap().text,
        "length prefix"
    );
    // `độ dài` typed with combining marks (decomposed), as some input methods send it.
    let decomposed = "\u{111}o\u{323}\u{302} da\u{300}i";
    for right in [
        "length prefix",
        "Length",
        "độ dài",
        "Tiền tố độ dài",
        "do dai",
        decomposed,
        "长度前缀",
        "长度",
    ] {
        assert!(
            answer(ex, right, &Context::default()).correct(),
            "{right:?} should be right"
        );
    }
    for wrong in ["khóa", "khoá", "键", "类型字节", "giá trị", "độ"] {
        let v = answer(ex, wrong, &Context::default());
        assert!(!v.correct(), "{wrong:?} should be wrong");
        assert!(v.feedback.contains(wrong), "{}", v.feedback);
    }
}

/// Every `$ bson-tutor …` line a lesson shows prints, when run, exactly what the lesson shows
/// under it, in each language: the lessons never show a command's output that the command
/// would not print.
/// (Outputs holding ObjectIds the command generates are skipped: a fresh run draws new ones.)
#[test]
fn every_command_a_lesson_shows_prints_what_the_lesson_shows() {
    let exe = env!("CARGO_BIN_EXE_bson-tutor");
    let listing = bin().arg("lessons").output().unwrap();
    let ids: Vec<String> = String::from_utf8(listing.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1).map(str::to_owned))
        .collect();
    assert!(ids.len() >= 16, "{ids:?}");
    let (mut compared, mut skipped) = (0, 0);
    for (id, lang) in ids
        .iter()
        .flat_map(|id| ["en", "vi", "zh"].map(|lang| (id, lang)))
    {
        let shown = bin()
            .args([
                "show", id, "--color", "never", "--width", "1000", "--lang", lang,
            ])
            .output()
            .unwrap();
        let text = String::from_utf8(shown.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let Some(first) = lines[i].strip_prefix("$ bson-tutor ") else {
                i += 1;
                continue;
            };
            // A command continues while a single quote is open.
            let mut command = first.to_owned();
            i += 1;
            while command.matches('\'').count() % 2 == 1 && i < lines.len() {
                command.push('\n');
                command.push_str(lines[i]);
                i += 1;
            }
            let mut output = Vec::new();
            while i < lines.len() && !lines[i].trim().is_empty() && !lines[i].starts_with("$ ") {
                output.push(lines[i]);
                i += 1;
            }
            let generated = output.iter().any(|l| {
                l.match_indices("ObjectId('")
                    .any(|(at, _)| !command.contains(&l[at + 10..(at + 34).min(l.len())]))
            });
            if generated {
                skipped += 1;
                continue;
            }
            let run = Command::new("sh")
                .arg("-c")
                .arg(format!("\"$BSON_TUTOR\" --lang {lang} {command}"))
                .env("BSON_TUTOR", exe)
                .env_remove("LC_ALL")
                .env_remove("LC_MESSAGES")
                .env("LANG", "C.UTF-8")
                .output()
                .unwrap();
            // A refusal is shown as the error line the command prints.
            // `update` prints the collection, then mongosh's result line on standard error,
            // and the lesson shows both in that order, as a terminal does.
            let printed = if run.status.success() && command.starts_with("update ") {
                String::from_utf8(run.stdout).unwrap() + &String::from_utf8(run.stderr).unwrap()
            } else if run.status.success() {
                String::from_utf8(run.stdout).unwrap()
            } else {
                String::from_utf8(run.stderr).unwrap()
            };
            assert_eq!(
                printed.trim_end().lines().collect::<Vec<_>>(),
                output,
                "lesson `{id}` in {lang}: $ bson-tutor {command}"
            );
            compared += 1;
        }
    }
    assert!(
        compared >= 25,
        "only {compared} commands compared ({skipped} skipped)"
    );
}

#[test]
fn a_lesson_is_named_by_its_id_or_the_number_lessons_lists() {
    // `lessons` lists `  1  bytes ...`: `show 1` is `show bytes`, `answer 1 ...` answers it.
    let show = |key: &str| bin().args(["show", key]).output().unwrap();
    let (by_number, by_id) = (show("1"), show("bytes"));
    assert!(
        by_number.status.success(),
        "{}",
        String::from_utf8_lossy(&by_number.stderr)
    );
    assert_eq!(by_number.stdout, by_id.stdout);
    assert!(!show("999").status.success(), "no lesson 999");
    let dir = common::TempDir::new("lessons", "by-number");
    let answer = |args: &[&str]| {
        let out = bin()
            .arg("answer")
            .args(args)
            .arg("--progress")
            .arg(dir.join("progress.json"))
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    assert!(answer(&["1", "1", "36"]).starts_with("correct"));
    // A negative number is an answer, not an option (no `--` needed): `-1` is minKey's
    // type number, read and judged.
    let text = answer(&["types", "1", "-1"]);
    assert!(text.contains("minKey"), "{text}");
}
