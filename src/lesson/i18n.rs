//! Lessons in other languages. A translation file gives, for one lesson, the learner-facing
//! text of its steps in one language: titles, prose, captions, table row labels, prompts,
//! hints, explanations and choice options. Everything the engine computes (documents, filters, expressions,
//! answers) stays in the lesson file, so answers are the same in every language. A string a
//! translation lacks falls back to English, and `check` lists it.
//!
//! ```toml
//! lesson = "bytes"        # the id of the lesson translated
//! lang = "vi"
//! title = "BSON là byte, không phải JSON"
//! summary = "..."
//!
//! [step.1]                # steps are numbered from 1, as in the lesson file
//! text = "..."
//!
//! [step.2]              # a table step
//! caption = "..."
//! labels = ["...", "..."]
//!
//! [step.4]
//! prompt = "..."
//! hints = ["...", "..."]
//! explanation = "..."
//! ```

use std::collections::BTreeMap;

use serde::Deserialize;

use super::load::{LoadError, toml_error};
use super::model::{Lesson, Step};

pub use crate::strings::Lang;

/// The text of one step in another language; every field is optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepText {
    /// A text step's prose.
    pub text: Option<String>,
    /// A hex, run or table step's caption.
    pub caption: Option<String>,
    /// An exercise's question.
    pub prompt: Option<String>,
    /// An exercise's hints, in order.
    pub hints: Option<Vec<String>>,
    /// An exercise's explanation.
    pub explanation: Option<String>,
    /// A choice's options, in order (as many as the lesson has).
    pub options: Option<Vec<String>>,
    /// A table step's row labels, in order (a label that is a type or field name is copied
    /// as it is: the values and sizes beside it are the engine's in every language).
    pub labels: Option<Vec<String>>,
}

/// A translation file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    /// The id of the lesson it translates.
    pub lesson: String,
    /// Its language code.
    pub lang: String,
    /// The title.
    pub title: Option<String>,
    /// The summary.
    pub summary: Option<String>,
    /// Steps by number (from 1).
    #[serde(default)]
    pub step: BTreeMap<String, StepText>,
}

/// A translation read from a file, with what is needed to point back into it.
#[derive(Clone, Debug)]
pub struct LoadedTranslation {
    /// The file name.
    pub file: String,
    /// The language.
    pub lang: Lang,
    /// The translation.
    pub translation: Translation,
}

/// Reads a translation file.
///
/// # Errors
/// TOML errors, unknown keys, an unknown language or a step number that is not a number, at
/// their `line:col`.
pub fn load_translation(file: &str, text: &str) -> Result<LoadedTranslation, LoadError> {
    let translation: Translation = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let at = |needle: &str| text.find(needle).unwrap_or(0);
    let lang = Lang::from_code(&translation.lang).ok_or_else(|| {
        LoadError::at(
            file,
            text,
            at("lang"),
            format!(
                "unknown language `{}` (bson-tutor knows en, vi and zh)",
                translation.lang
            ),
        )
    })?;
    for key in translation.step.keys() {
        if key.parse::<usize>().map_or(true, |n| n == 0) {
            return Err(LoadError::at(
                file,
                text,
                at(&format!("[step.{key}]")),
                format!("`step.{key}`: steps are numbered from 1"),
            ));
        }
    }
    Ok(LoadedTranslation {
        file: file.to_string(),
        lang,
        translation,
    })
}

/// A string a translation does not give, or gives where the lesson has no such text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap {
    /// The step (from 1), or 0 for the title and summary.
    pub step: usize,
    /// Which text (`text`, `hints[2]`...).
    pub field: String,
    /// Missing (fell back to English) or misplaced (the lesson has no such text: ignored).
    pub kind: GapKind,
}

/// See [`Gap`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GapKind {
    /// The English text is shown.
    Missing,
    /// The translation gives a text the lesson does not have; it is not shown.
    Misplaced,
}

/// The lesson with the translation's texts in place, and the texts that fell back to English
/// or had no place. Without a translation, every text is a gap.
pub fn localize(lesson: &Lesson, translation: Option<&Translation>) -> (Lesson, Vec<Gap>) {
    let mut out = lesson.clone();
    let mut gaps = Vec::new();
    let empty = Translation {
        lesson: lesson.id.clone(),
        lang: String::new(),
        title: None,
        summary: None,
        step: BTreeMap::new(),
    };
    let t = translation.unwrap_or(&empty);
    put(&mut out.title, &t.title, 0, "title", &mut gaps);
    put(&mut out.summary, &t.summary, 0, "summary", &mut gaps);
    let none = StepText::default();
    for (i, step) in out.steps.iter_mut().enumerate() {
        let n = i + 1;
        let given = t.step.get(&n.to_string()).unwrap_or(&none);
        let mut used = Vec::new();
        match step {
            Step::Text(s) => {
                put(&mut s.text, &given.text, n, "text", &mut gaps);
                used.push("text");
            }
            Step::Hex(s) => caption(&mut s.caption, &given.caption, n, &mut gaps, &mut used),
            Step::Run(s) => caption(&mut s.caption, &given.caption, n, &mut gaps, &mut used),
            Step::Table(s) => {
                caption(&mut s.caption, &given.caption, n, &mut gaps, &mut used);
                let mut labels: Vec<String> = s.rows.iter().map(|r| r.label.clone()).collect();
                list(&mut labels, &given.labels, n, "labels", &mut gaps);
                for (row, label) in s.rows.iter_mut().zip(labels) {
                    row.label = label;
                }
                used.push("labels");
            }
            Step::Exercise(e) => {
                put(&mut e.prompt, &given.prompt, n, "prompt", &mut gaps);
                put(
                    &mut e.explanation,
                    &given.explanation,
                    n,
                    "explanation",
                    &mut gaps,
                );
                list(&mut e.hints, &given.hints, n, "hints", &mut gaps);
                list(&mut e.options, &given.options, n, "options", &mut gaps);
                used.extend(["prompt", "explanation", "hints", "options"]);
            }
        }
        for (field, present) in [
            ("text", given.text.is_some()),
            ("caption", given.caption.is_some()),
            ("prompt", given.prompt.is_some()),
            ("hints", given.hints.is_some()),
            ("explanation", given.explanation.is_some()),
            ("options", given.options.is_some()),
            ("labels", given.labels.is_some()),
        ] {
            if present && !used.contains(&field) {
                gaps.push(Gap {
                    step: n,
                    field: field.to_string(),
                    kind: GapKind::Misplaced,
                });
            }
        }
    }
    for key in t.step.keys() {
        if key.parse::<usize>().is_ok_and(|n| n > lesson.steps.len()) {
            gaps.push(Gap {
                step: key.parse().unwrap_or(0),
                field: "step".into(),
                kind: GapKind::Misplaced,
            });
        }
    }
    (out, gaps)
}

/// One text: the translation's, or a gap.
fn put(slot: &mut String, given: &Option<String>, step: usize, field: &str, gaps: &mut Vec<Gap>) {
    match given {
        Some(text) => *slot = text.clone(),
        None => gaps.push(Gap {
            step,
            field: field.to_string(),
            kind: GapKind::Missing,
        }),
    }
}

fn caption(
    slot: &mut Option<String>,
    given: &Option<String>,
    n: usize,
    gaps: &mut Vec<Gap>,
    used: &mut Vec<&str>,
) {
    used.push("caption");
    match (slot.as_mut(), given) {
        (Some(s), Some(g)) => *s = g.clone(),
        (Some(_), None) => gaps.push(Gap {
            step: n,
            field: "caption".into(),
            kind: GapKind::Missing,
        }),
        (None, Some(_)) => gaps.push(Gap {
            step: n,
            field: "caption".into(),
            kind: GapKind::Misplaced,
        }),
        (None, None) => {}
    }
}

/// Hints and options: each item falls back on its own; extra items have no place.
fn list(
    slot: &mut [String],
    given: &Option<Vec<String>>,
    n: usize,
    field: &str,
    gaps: &mut Vec<Gap>,
) {
    let given = given.as_deref().unwrap_or_default();
    for (i, item) in slot.iter_mut().enumerate() {
        match given.get(i) {
            Some(text) => *item = text.clone(),
            None => gaps.push(Gap {
                step: n,
                field: format!("{field}[{}]", i + 1),
                kind: GapKind::Missing,
            }),
        }
    }
    if given.len() > slot.len() {
        gaps.push(Gap {
            step: n,
            field: format!("{field}[{}]", slot.len() + 1),
            kind: GapKind::Misplaced,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::load_str;

    const LESSON: &str = r#"
format_version = 1
id = "demo"
title = "Bytes"
order = 1
summary = "What a document is."

[[step]]
kind = "text"
text = "A document starts with its length."

[[step]]
kind = "exercise"
type = "size"
prompt = "How many bytes is { a: 1 }?"
hints = ["Count the length prefix.", "And the final NUL."]
explanation = "4 + 7 + 1."
expect = "12"
document = "{ a: 1 }"
"#;

    #[test]
    fn a_translation_replaces_texts_and_the_rest_falls_back_to_english() {
        let lesson = load_str("demo.toml", LESSON).unwrap().lesson;
        let t = load_translation(
            "vi/demo.toml",
            r#"
lesson = "demo"
lang = "vi"
title = "Byte"
[step.1]
text = "Một tài liệu bắt đầu bằng độ dài của nó."
[step.2]
prompt = "{ a: 1 } dài bao nhiêu byte?"
hints = ["Đếm tiền tố độ dài."]
caption = "không có chỗ"
"#,
        )
        .unwrap();
        assert_eq!(t.lang, Lang::Vi);
        let (out, gaps) = localize(&lesson, Some(&t.translation));
        assert_eq!(out.title, "Byte");
        assert_eq!(out.summary, "What a document is.");
        let Step::Exercise(e) = &out.steps[1] else {
            panic!("step 2 is the exercise")
        };
        assert_eq!(e.prompt, "{ a: 1 } dài bao nhiêu byte?");
        assert_eq!(e.hints, ["Đếm tiền tố độ dài.", "And the final NUL."]);
        assert_eq!(e.expect, "12", "answers do not change with the language");
        let shown: Vec<String> = gaps
            .iter()
            .map(|g| format!("{}:{}:{:?}", g.step, g.field, g.kind))
            .collect();
        assert_eq!(
            shown,
            [
                "0:summary:Missing",
                "2:explanation:Missing",
                "2:hints[2]:Missing",
                "2:caption:Misplaced"
            ]
        );
    }

    #[test]
    fn table_labels_are_translated_one_by_one_and_the_figures_stay() {
        let lesson = load_str(
            "t.toml",
            r#"
format_version = 1
id = "t"
title = "T"
order = 1
summary = "s"

[[step]]
kind = "table"
caption = "Sizes:"
rows = [{ label = "date as ISO string", value = "'2026'" }, { label = "int32", value = "1" }]
"#,
        )
        .unwrap()
        .lesson;
        let t = load_translation(
            "zh/t.toml",
            "lesson = \"t\"\nlang = \"zh\"\ntitle = \"T\"\nsummary = \"s\"\n\
             [step.1]\ncaption = \"大小：\"\nlabels = [\"ISO 字符串形式的日期\"]\n",
        )
        .unwrap();
        let (out, gaps) = localize(&lesson, Some(&t.translation));
        let Step::Table(table) = &out.steps[0] else {
            panic!("step 1 is the table")
        };
        let rows: Vec<(&str, &str)> = table
            .rows
            .iter()
            .map(|r| (r.label.as_str(), r.value.as_str()))
            .collect();
        assert_eq!(rows, [("ISO 字符串形式的日期", "'2026'"), ("int32", "1")]);
        let shown: Vec<String> = gaps
            .iter()
            .map(|g| format!("{}:{}", g.step, g.field))
            .collect();
        assert_eq!(shown, ["1:labels[2]"]);
    }

    #[test]
    fn bad_translation_files_say_where() {
        let e = load_translation("x.toml", "lesson = \"a\"\nlang = \"fr\"\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("unknown language `fr`"));
        let e = load_translation(
            "x.toml",
            "lesson = \"a\"\nlang = \"vi\"\n[step.0]\ntext = \"x\"\n",
        )
        .unwrap_err();
        assert_eq!(e.line, 3);
        let e =
            load_translation("x.toml", "lesson = \"a\"\nlang = \"vi\"\nbogus = 1\n").unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn locales_pick_a_language() {
        assert_eq!(Lang::from_locale("vi_VN.UTF-8"), Lang::Vi);
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Lang::Zh);
        assert_eq!(Lang::from_locale("C.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        assert_eq!(Lang::from_code("ZH"), Some(Lang::Zh));
    }
}
