//! Lessons in three languages: `show --lang vi|zh` snapshots, byte-identical runs for a class
//! in every language, the locale as the default, English fallback per string, and `check`
//! naming untranslated texts as warnings with `file:line`.

use crate::common;

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
fn six_lessons_in_vietnamese_and_chinese() {
    // The first three, and the three on real data (limits, mixed types, Unicode), whose
    // English snapshots are in lessons.rs.
    for id in [
        "bytes",
        "numbers",
        "order",
        "limits",
        "mixed-types",
        "unicode",
    ] {
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

fn temp_dir(name: &str) -> crate::common::TempDir {
    let dir = crate::common::TempDir::new("lang", name);
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

/// The byte-walk tables of `show`'s output: the header line and, for each row, its offset
/// and its meaning (empty on a line that only continues a row's bytes).
fn walk_tables(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    use unicode_width::UnicodeWidthStr;
    let lines: Vec<&str> = text.lines().collect();
    let mut tables = Vec::new();
    for (i, pair) in lines.windows(2).enumerate() {
        let [header, rule] = pair else { continue };
        if !rule.starts_with("--")
            || !rule.contains("  --")
            || rule.contains(|c| c != '-' && c != ' ')
        {
            continue;
        }
        // The meaning column starts after the rule's last gap; the rows are ASCII before it.
        let column = rule.rfind(' ').unwrap_or(0) + 1;
        // A walk starts at the document's length, offset 0; a table step's rows are labels.
        if header.width() <= column || !lines.get(i + 2).is_some_and(|l| l.starts_with("0 ")) {
            continue;
        }
        let rows = lines[i + 2..]
            .iter()
            .take_while(|l| l.starts_with(|c: char| c.is_ascii_digit()))
            .map(|l| {
                let offset = l.split_whitespace().next().unwrap_or_default().to_string();
                let meaning = l.get(column..).unwrap_or_default().trim().to_string();
                (offset, meaning)
            })
            .collect();
        tables.push((header.to_string(), rows));
    }
    tables
}

#[test]
fn show_walks_bytes_in_the_learners_language_with_the_engines_values() {
    // Words of the English meanings that no translated meaning may keep.
    const ENGLISH: [&str; 10] = [
        "length =",
        "end of",
        "counting",
        " bytes",
        "ms since",
        "random value",
        "counter",
        "increment",
        "pattern",
        "options",
    ];
    // And these as whole words (`subtype` stays a BSON term in Vietnamese).
    let english = |m: &str| {
        ENGLISH.iter().any(|w| m.contains(w))
            || m.split_whitespace()
                .any(|w| ["type", "key", "value"].contains(&w))
    };
    let mut compared = 0;
    for id in [
        "bytes",
        "dates",
        "objectid-anatomy",
        "strings",
        "arrays",
        "types",
    ] {
        let en = walk_tables(&text(&show(id, "en", "7")));
        for (lang, header, focus) in [
            ("vi", ["offset", "byte (hex)", "ý nghĩa"], "chú ý: `"),
            ("zh", ["偏移", "字节（十六进制）", "含义"], "重点：`"),
        ] {
            let out = text(&show(id, lang, "7"));
            let tables = walk_tables(&out);
            assert_eq!(tables.len(), en.len(), "{id} {lang}: {out}");
            for ((head, rows), (_, en_rows)) in tables.iter().zip(&en) {
                let words: Vec<&str> = head
                    .split("  ")
                    .map(str::trim)
                    .filter(|w| !w.is_empty())
                    .collect();
                assert_eq!(words, header, "{id} {lang}");
                assert_eq!(rows.len(), en_rows.len(), "{id} {lang}");
                for ((offset, meaning), (en_offset, en_meaning)) in rows.iter().zip(en_rows) {
                    assert_eq!(offset, en_offset, "{id} {lang}");
                    assert!(!english(meaning), "{id} {lang}: {meaning:?} is English");
                    // Only a string's own bytes (`"An" + NUL`) read the same in every language.
                    if english(en_meaning) {
                        assert_ne!(meaning, en_meaning, "{id} {lang}");
                        compared += 1;
                    }
                }
            }
            assert!(!out.contains("focus: `"), "{id} {lang}");
            if id == "bytes" {
                assert!(out.contains(focus), "{id} {lang}");
            }
        }
    }
    assert!(compared > 100, "only {compared} meanings compared");
}
