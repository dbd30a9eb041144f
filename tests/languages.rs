//! Lessons in three languages: `show --lang vi|zh` snapshots, byte-identical runs for a class
//! in every language, the locale as the default, English fallback per string, and `check`
//! naming untranslated texts as warnings with `file:line`.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use bson_tutor::lesson::builtin;

const NOW: &str = "2026-10-08T03:45:49Z";

fn bin() -> Command {
    common::bson_tutor()
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn show(id: &str, lang: &str, seed: &str) -> Output {
    run(&[
        "show",
        id,
        "--lang",
        lang,
        "--answers",
        "--color",
        "never",
        "--seed",
        seed,
        "--now",
        NOW,
    ])
}

#[test]
fn three_lessons_in_vietnamese_and_chinese() {
    for id in ["bytes", "numbers", "order"] {
        for lang in ["vi", "zh"] {
            let out = show(id, lang, "7");
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            insta::assert_snapshot!(format!("show_{id}_{lang}"), text(&out));
        }
    }
}

#[test]
fn a_class_sees_the_same_text_in_every_language_and_answers_do_not_change() {
    let ids: Vec<String> = builtin::lessons().into_iter().map(|l| l.id).collect();
    for id in &ids {
        for lang in ["en", "vi", "zh"] {
            let a = show(id, lang, "7");
            let b = show(id, lang, "7");
            assert!(a.status.success(), "{id} {lang}");
            assert_eq!(
                a.stdout, b.stdout,
                "{id} in {lang} differs between two runs"
            );
        }
        // The answers are the engine's, whatever the language.
        let answers = |lang: &str| -> Vec<String> {
            text(&show(id, lang, "7"))
                .lines()
                .filter_map(|l| {
                    ["  answer: ", "  đáp án: ", "  答案："]
                        .iter()
                        .find_map(|p| l.strip_prefix(p))
                        .map(str::to_owned)
                })
                .collect()
        };
        let en = answers("en");
        assert!(!en.is_empty() || id == "none", "{id}: no answers shown");
        assert_eq!(answers("vi"), en, "{id}: vi answers differ");
        assert_eq!(answers("zh"), en, "{id}: zh answers differ");
    }
    // Another seed changes the generated ids in every language.
    for lang in ["en", "vi", "zh"] {
        assert_ne!(
            show("choosing-an-id", lang, "7").stdout,
            show("choosing-an-id", lang, "8").stdout
        );
    }
}

#[test]
fn the_locale_picks_the_language_and_lang_overrides_it() {
    let vi = bin()
        .args(["show", "bytes", "--color", "never"])
        .env("LANG", "vi_VN.UTF-8")
        .output()
        .unwrap();
    let explicit = run(&["show", "bytes", "--color", "never", "--lang", "vi"]);
    assert_eq!(vi.stdout, explicit.stdout);
    let en = bin()
        .args(["show", "bytes", "--color", "never", "--lang", "en"])
        .env("LC_ALL", "zh_CN.UTF-8")
        .output()
        .unwrap();
    assert!(
        text(&en).contains("BSON is bytes, not JSON"),
        "{}",
        text(&en)
    );
    let bad = run(&["show", "bytes", "--lang", "fr"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown language `fr`"));
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bson-tutor-lang-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("i18n/vi")).unwrap();
    dir
}

const LESSON: &str = r#"format_version = 1
id = "tiny"
title = "Tiny"
order = 1
summary = "One fact."

[[step]]
kind = "text"
text = "A document starts with its length."

[[step]]
kind = "exercise"
type = "size"
prompt = "How many bytes is { a: 1 }?"
hints = ["Count the length prefix."]
explanation = "4 + 7 + 1."
expect = "12"
document = "{ a: 1 }"
"#;

#[test]
fn untranslated_texts_fall_back_and_check_names_them() {
    let dir = temp_dir("pack");
    std::fs::write(dir.join("tiny.toml"), LESSON).unwrap();
    std::fs::write(
        dir.join("i18n/vi/tiny.toml"),
        "lesson = \"tiny\"\nlang = \"vi\"\ntitle = \"Nhỏ\"\nsummary = \"Một điều.\"\n\n[step.2]\nprompt = \"{ a: 1 } dài bao nhiêu byte?\"\nexplanation = \"4 + 7 + 1.\"\n",
    )
    .unwrap();
    let d = dir.display().to_string();
    let out = run(&["check", &d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("tiny.toml:7: vi: step 1 text is not translated (English is shown)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tiny.toml:11: vi: step 2 hints[1] is not translated"),
        "{stderr}"
    );
    assert!(text(&out).contains("check: "), "{}", text(&out));
    // The show falls back per string: the Vietnamese prompt, the English text and hint.
    let shown = text(&run(&[
        "show",
        "tiny",
        "--lessons",
        &d,
        "--lang",
        "vi",
        "--color",
        "never",
    ]));
    assert!(shown.contains("1. Nhỏ"), "{shown}");
    assert!(
        shown.contains("A document starts with its length."),
        "{shown}"
    );
    assert!(shown.contains("{ a: 1 } dài bao nhiêu byte?"), "{shown}");
    assert!(shown.contains("Count the length prefix."), "{shown}");
    // A broken translation file is named with its line.
    std::fs::write(
        dir.join("i18n/vi/tiny.toml"),
        "lesson = \"tiny\"\nlang = \"vi\"\nbogus = 1\n",
    )
    .unwrap();
    let out = run(&["check", &d]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("i18n/vi/tiny.toml:3:"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_builtin_lessons_are_fully_translated() {
    let out = run(&["check"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert!(warnings.is_empty(), "{warnings:#?}");
}
