//! Lessons in other languages. A translation file gives, for one lesson, the learner-facing
//! text of its steps in one language: titles, prose, captions, table row labels, prompts,
//! hints, explanations and choice options. Everything the engine computes (documents,
//! filters, expressions, answers) stays in the lesson file, so answers are the same in every
//! language. A string a translation lacks falls back to English, and `check` lists it.
//!
//! Steps are found by their id (the step's `name` in the lesson, or its number from 1 when
//! it has none: [`Lesson::step_id`]), so moving or inserting a step keeps every translation
//! attached. Each entry records the [`fingerprint`] of the English it translates (`source`):
//! when the English changes, the translation is still shown, and `check` says it translates
//! an older text.
//!
//! ```toml
//! lesson = "bytes"        # the id of the lesson translated
//! lang = "vi"
//! source = "5d0c61a8"     # the fingerprint of the English title and summary
//! title = "BSON là byte, không phải JSON"
//! summary = "..."
//!
//! [step.intro]            # the step named `intro` in the lesson
//! source = "3f9a1c2e"     # the fingerprint of its English text
//! text = "..."
//!
//! [step.sizes]            # a table step
//! source = "0b7e44d1"
//! caption = "..."
//! labels = ["...", "..."]
//!
//! [step.size-doc]         # an exercise
//! source = "9c1d2e3f"
//! prompt = "..."
//! hints = ["...", "..."]
//! explanation = "..."
//! ```

use std::collections::BTreeMap;
use std::fmt;

use serde::Deserialize;
use toml::Spanned;

use super::load::{LoadError, LoadErrorKind, line_of, toml_error};
use super::model::{Lesson, Step, is_step_name};
use crate::strings::localize::Localize;

pub use crate::strings::Lang;

/// The text of one step in another language; every field is optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepText {
    /// The [`fingerprint`] of the English step these texts translate.
    pub source: Option<String>,
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
    /// A choice's notes on why each option is wrong, in order (as many as the lesson has).
    pub why_not: Option<Vec<String>>,
    /// A table step's row labels, in order (a label that is a type or field name is copied
    /// as it is: the values and sizes beside it are the engine's in every language).
    pub labels: Option<Vec<String>>,
}

impl StepText {
    /// Whether the entry gives any text (not only a `source`).
    fn gives_text(&self) -> bool {
        self.text.is_some()
            || self.caption.is_some()
            || self.prompt.is_some()
            || self.hints.is_some()
            || self.explanation.is_some()
            || self.options.is_some()
            || self.why_not.is_some()
            || self.labels.is_some()
    }
}

/// A translation file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Translation {
    /// The id of the lesson it translates.
    pub lesson: String,
    /// Its language code.
    pub lang: String,
    /// The [`title_fingerprint`] of the English title and summary translated.
    pub source: Option<String>,
    /// The title.
    pub title: Option<String>,
    /// The summary.
    pub summary: Option<String>,
    /// Steps by id ([`Lesson::step_id`]).
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
    /// The 1-based line of each step's `[step.ID]` header, by id.
    pub step_lines: BTreeMap<String, usize>,
    /// The 1-based line of the top-level `source` (or `title`, or 1).
    pub title_line: usize,
}

impl LoadedTranslation {
    /// The line a gap is about in this file: the step's `[step.ID]` header, or the title's.
    pub fn line(&self, step: Option<&str>) -> usize {
        step.and_then(|id| self.step_lines.get(id))
            .copied()
            .unwrap_or(self.title_line)
    }
}

/// Reads a translation file.
///
/// # Errors
/// TOML errors, unknown keys, an unknown language, a step key that cannot be a step's id or
/// a `source` that is not a fingerprint, at their `line:col`.
pub fn load_translation(file: &str, text: &str) -> Result<LoadedTranslation, LoadError> {
    let translation: Translation = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let spans: Spans = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let at = |spanned: &Option<Spanned<String>>| spanned.as_ref().map(|s| s.span().start);
    let lang = Lang::from_code(&translation.lang).ok_or_else(|| {
        let kind = LoadErrorKind::UnknownLanguage {
            code: translation.lang.clone(),
        };
        LoadError::at(file, text, at(&spans.lang).unwrap_or(0), kind)
    })?;
    for key in spans.step.keys() {
        if !is_step_key(key.get_ref()) {
            let kind = LoadErrorKind::BadStepKey {
                key: key.get_ref().clone(),
            };
            return Err(LoadError::at(file, text, key.span().start, kind));
        }
    }
    let sources = spans
        .source
        .iter()
        .chain(spans.step.values().filter_map(|s| s.source.as_ref()));
    for source in sources {
        if !is_fingerprint(source.get_ref()) {
            let kind = LoadErrorKind::BadFingerprint {
                value: source.get_ref().clone(),
            };
            return Err(LoadError::at(file, text, source.span().start, kind));
        }
    }
    let title_line = at(&spans.source)
        .or(at(&spans.title))
        .map_or(1, |offset| line_of(text, offset));
    Ok(LoadedTranslation {
        file: file.to_string(),
        lang,
        translation,
        step_lines: spans
            .step
            .keys()
            .map(|key| (key.get_ref().clone(), line_of(text, key.span().start)))
            .collect(),
        title_line,
    })
}

/// Where a translation file writes what [`load_translation`] checks, for its errors and
/// for the lines `check` names.
#[derive(Deserialize)]
struct Spans {
    lang: Option<Spanned<String>>,
    source: Option<Spanned<String>>,
    title: Option<Spanned<String>>,
    #[serde(default)]
    step: BTreeMap<Spanned<String>, StepSpans>,
}

#[derive(Deserialize)]
struct StepSpans {
    source: Option<Spanned<String>>,
}

/// A step name, or the number (from 1, as written by `to_string`) of an unnamed step.
fn is_step_key(key: &str) -> bool {
    is_step_name(key)
        || key
            .parse::<usize>()
            .is_ok_and(|n| n > 0 && n.to_string() == key)
}

/// Eight lowercase hex digits, as [`fingerprint`] writes them.
fn is_fingerprint(s: &str) -> bool {
    s.len() == 8
        && s.bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The English texts of a step that a translation replaces, with their field names.
fn english(step: &Step) -> Vec<(&'static str, &str)> {
    let mut out = Vec::new();
    match step {
        Step::Text(s) => out.push(("text", s.text.as_str())),
        Step::Hex(s) => out.extend(s.caption.as_deref().map(|c| ("caption", c))),
        Step::Run(s) => out.extend(s.caption.as_deref().map(|c| ("caption", c))),
        Step::Shell(s) => out.extend(s.caption.as_deref().map(|c| ("caption", c))),
        Step::Table(s) => {
            out.extend(s.caption.as_deref().map(|c| ("caption", c)));
            out.extend(s.rows.iter().map(|r| ("labels", r.label.as_str())));
        }
        Step::Exercise(e) => {
            out.push(("prompt", e.prompt.as_str()));
            out.extend(e.hints.iter().map(|h| ("hints", h.as_str())));
            out.push(("explanation", e.explanation.as_str()));
            out.extend(e.options.iter().map(|o| ("options", o.as_str())));
            out.extend(e.why_not.iter().map(|w| ("why_not", w.as_str())));
        }
    }
    out
}

/// The fingerprint of a step's English learner-facing texts: 8 hex digits of the 32-bit
/// FNV-1a hash of each field's name and words. Re-wrapping lines does not change it; any
/// other edit of a text does. It is the same on every machine and in every build.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::i18n::fingerprint;
/// use bson_tutor::lesson::load_str;
/// let text = "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"s\"\n\
///             [[step]]\nname = \"a\"\nkind = \"text\"\ntext = \"One  line.\"\n\
///             [[step]]\nname = \"b\"\nkind = \"text\"\ntext = \"One\\nline.\"\n";
/// let lesson = load_str("x.toml", text).unwrap().lesson;
/// assert_eq!(fingerprint(&lesson.steps[0]), fingerprint(&lesson.steps[1]));
/// assert_eq!(fingerprint(&lesson.steps[0]).len(), 8);
/// ```
pub fn fingerprint(step: &Step) -> String {
    hash_texts(&english(step))
}

/// The fingerprint of a lesson's English title and summary (see [`fingerprint`]).
pub fn title_fingerprint(lesson: &Lesson) -> String {
    hash_texts(&[
        ("title", lesson.title.as_str()),
        ("summary", lesson.summary.as_str()),
    ])
}

fn hash_texts(texts: &[(&str, &str)]) -> String {
    const OFFSET: u32 = 0x811c_9dc5;
    const PRIME: u32 = 0x0100_0193;
    let mut hash = OFFSET;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            hash = (hash ^ u32::from(b)).wrapping_mul(PRIME);
        }
    };
    for (field, text) in texts {
        eat(field.as_bytes());
        eat(&[0x1f]);
        for (i, word) in text.split_whitespace().enumerate() {
            if i > 0 {
                eat(b" ");
            }
            eat(word.as_bytes());
        }
        eat(&[0x1e]);
    }
    format!("{hash:08x}")
}

/// Something `check` says about a translation: a text it lacks, or gives where the lesson
/// has none, or translates from an older English.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gap {
    /// The step's id, or `None` for the title and summary.
    pub step: Option<String>,
    /// What is wrong.
    pub kind: GapKind,
}

/// See [`Gap`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GapKind {
    /// The translation lacks this text (`text`, `hints[2]`...): the English is shown.
    Missing {
        /// Which text.
        field: String,
    },
    /// The translation gives a text the lesson does not have: it is not shown.
    Misplaced {
        /// Which text.
        field: String,
    },
    /// The translation names a step the lesson does not have: it is not shown.
    NoSuchStep,
    /// The English changed since the translation was written: the translation is shown.
    Stale {
        /// The fingerprint the translation records.
        was: String,
        /// The fingerprint of the English now.
        now: String,
    },
    /// The translation records no fingerprint, so a change of the English goes unnoticed.
    NoSource,
}

impl Gap {
    /// Whether the gap is a text the translation lacks (located in the lesson file); every
    /// other gap is located in the translation file.
    pub fn is_missing(&self) -> bool {
        matches!(self.kind, GapKind::Missing { .. })
    }

    #[cfg(test)]
    fn every_variant() -> Vec<Gap> {
        let step = |id: &str, kind| Gap {
            step: Some(id.to_string()),
            kind,
        };
        let title = |kind| Gap { step: None, kind };
        let field = || "hints[2]".to_string();
        let stale = || GapKind::Stale {
            was: "3f9a1c2e".into(),
            now: "8b0d77aa".into(),
        };
        let all = vec![
            step("hex-doc", GapKind::Missing { field: field() }),
            step("3", GapKind::Missing { field: field() }),
            title(GapKind::Missing {
                field: "summary".into(),
            }),
            step("hex-doc", GapKind::Misplaced { field: field() }),
            step("hex-doc", GapKind::NoSuchStep),
            step("hex-doc", stale()),
            title(stale()),
            step("hex-doc", GapKind::NoSource),
            title(GapKind::NoSource),
        ];
        for gap in &all {
            // A new variant must be added to the list above.
            match gap.kind {
                GapKind::Missing { .. }
                | GapKind::Misplaced { .. }
                | GapKind::NoSuchStep
                | GapKind::Stale { .. }
                | GapKind::NoSource => {}
            }
        }
        all
    }
}

impl Localize for Gap {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use GapKind::*;
        // The step, as the sentence names it (`step intro`); nothing for the title.
        match (lang, &self.step) {
            (_, None) => {}
            (Lang::En, Some(id)) => write!(out, "step {id} ")?,
            (Lang::Vi, Some(id)) => write!(out, "bước {id} ")?,
            (Lang::Zh, Some(id)) if id.bytes().all(|b| b.is_ascii_digit()) => {
                write!(out, "第 {id} 步 ")?
            }
            (Lang::Zh, Some(id)) => write!(out, "步骤 {id} ")?,
        }
        let whole = self.step.is_some();
        match (lang, &self.kind) {
            (Lang::En, Missing { field }) => {
                write!(out, "{field} is not translated (English is shown)")
            }
            (Lang::Vi, Missing { field }) => {
                write!(out, "{field} chưa được dịch (hiện bản tiếng Anh)")
            }
            (Lang::Zh, Missing { field }) => write!(out, "{field} 尚未翻译（显示英文）"),
            (Lang::En, Misplaced { field }) => {
                write!(
                    out,
                    "{field} is translated, but the lesson has no such text"
                )
            }
            (Lang::Vi, Misplaced { field }) => {
                write!(out, "{field} có bản dịch, nhưng bài học không có đoạn này")
            }
            (Lang::Zh, Misplaced { field }) => {
                write!(out, "{field} 有译文，但课程中没有对应的文字")
            }
            (Lang::En, NoSuchStep) => out.write_str(
                "is translated, but the lesson has no such step (the translation is not shown)",
            ),
            (Lang::Vi, NoSuchStep) => out.write_str(
                "có bản dịch, nhưng bài học không có bước này (bản dịch không được hiển thị)",
            ),
            (Lang::Zh, NoSuchStep) => out.write_str("有译文，但课程中没有这一步（译文不会显示）"),
            (Lang::En, Stale { was, now }) => {
                let (subject, verb) = if whole {
                    ("", "translates")
                } else {
                    ("the title and summary ", "translate")
                };
                write!(
                    out,
                    "{subject}{verb} an older English text (source = \"{was}\", the English \
                     is now \"{now}\")"
                )
            }
            (Lang::Vi, Stale { was, now }) => {
                let subject = if whole {
                    ""
                } else {
                    "tiêu đề và tóm tắt "
                };
                write!(
                    out,
                    "{subject}dịch từ một bản tiếng Anh cũ hơn (source = \"{was}\", bản tiếng \
                     Anh hiện là \"{now}\")"
                )
            }
            (Lang::Zh, Stale { was, now }) => {
                let subject = if whole { "" } else { "标题和摘要" };
                write!(
                    out,
                    "{subject}翻译的是较早的英文原文（source = \"{was}\"，英文现为 \"{now}\"）"
                )
            }
            (Lang::En, NoSource) => {
                let (subject, verb) = if whole {
                    ("", "has")
                } else {
                    ("the title and summary ", "have")
                };
                write!(
                    out,
                    "{subject}{verb} no `source` fingerprint: a change to the English will go \
                     unnoticed"
                )
            }
            (Lang::Vi, NoSource) => {
                let subject = if whole {
                    ""
                } else {
                    "tiêu đề và tóm tắt "
                };
                write!(
                    out,
                    "{subject}không có dấu vân tay `source`: thay đổi ở bản tiếng Anh sẽ không \
                     được phát hiện"
                )
            }
            (Lang::Zh, NoSource) => {
                let subject = if whole { "" } else { "标题和摘要" };
                write!(
                    out,
                    "{subject}没有 `source` 指纹：英文原文的改动将无法被发现"
                )
            }
        }
    }
}

impl fmt::Display for Gap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// The lesson with the translation's texts in place, and the [`Gap`]s: texts that fell back
/// to English or had no place, and entries whose English changed since they were written.
/// Without a translation, every text is a gap.
pub fn localize(lesson: &Lesson, translation: Option<&Translation>) -> (Lesson, Vec<Gap>) {
    let mut out = lesson.clone();
    let mut gaps = Vec::new();
    let empty = Translation {
        lesson: lesson.id.clone(),
        lang: String::new(),
        source: None,
        title: None,
        summary: None,
        step: BTreeMap::new(),
    };
    let t = translation.unwrap_or(&empty);
    if t.title.is_some() || t.summary.is_some() {
        pinned(&t.source, &title_fingerprint(lesson), None, &mut gaps);
    }
    let mut at = Place {
        step: None,
        gaps: &mut gaps,
    };
    at.put(&mut out.title, &t.title, "title");
    at.put(&mut out.summary, &t.summary, "summary");
    let none = StepText::default();
    for (i, step) in out.steps.iter_mut().enumerate() {
        let id = lesson.step_id(i);
        let given = t.step.get(&id).unwrap_or(&none);
        if given.gives_text() {
            pinned(
                &given.source,
                &fingerprint(&lesson.steps[i]),
                Some(&id),
                &mut gaps,
            );
        }
        let mut at = Place {
            step: Some(&id),
            gaps: &mut gaps,
        };
        let mut used = Vec::new();
        match step {
            Step::Text(s) => {
                at.put(&mut s.text, &given.text, "text");
                used.push("text");
            }
            Step::Hex(s) => at.caption(&mut s.caption, &given.caption, &mut used),
            Step::Run(s) => at.caption(&mut s.caption, &given.caption, &mut used),
            Step::Shell(s) => at.caption(&mut s.caption, &given.caption, &mut used),
            Step::Table(s) => {
                at.caption(&mut s.caption, &given.caption, &mut used);
                let mut labels: Vec<String> = s.rows.iter().map(|r| r.label.clone()).collect();
                at.list(&mut labels, &given.labels, "labels");
                for (row, label) in s.rows.iter_mut().zip(labels) {
                    row.label = label;
                }
                used.push("labels");
            }
            Step::Exercise(e) => {
                at.put(&mut e.prompt, &given.prompt, "prompt");
                at.put(&mut e.explanation, &given.explanation, "explanation");
                at.list(&mut e.hints, &given.hints, "hints");
                at.list(&mut e.options, &given.options, "options");
                at.list(&mut e.why_not, &given.why_not, "why_not");
                used.extend(["prompt", "explanation", "hints", "options", "why_not"]);
            }
        }
        for (field, present) in [
            ("text", given.text.is_some()),
            ("caption", given.caption.is_some()),
            ("prompt", given.prompt.is_some()),
            ("hints", given.hints.is_some()),
            ("explanation", given.explanation.is_some()),
            ("options", given.options.is_some()),
            ("why_not", given.why_not.is_some()),
            ("labels", given.labels.is_some()),
        ] {
            if present && !used.contains(&field) {
                at.gap(GapKind::Misplaced {
                    field: field.to_string(),
                });
            }
        }
    }
    for id in t.step.keys() {
        if lesson.step_index(id).is_none() {
            gaps.push(Gap {
                step: Some(id.clone()),
                kind: GapKind::NoSuchStep,
            });
        }
    }
    (out, gaps)
}

/// A gap when the translation's `source` is not the English's fingerprint `now`.
fn pinned(source: &Option<String>, now: &str, step: Option<&str>, gaps: &mut Vec<Gap>) {
    let kind = match source {
        None => GapKind::NoSource,
        Some(was) if was != now => GapKind::Stale {
            was: was.clone(),
            now: now.to_string(),
        },
        Some(_) => return,
    };
    gaps.push(Gap {
        step: step.map(str::to_string),
        kind,
    });
}

/// The step being localized, and where its gaps go.
struct Place<'a> {
    step: Option<&'a str>,
    gaps: &'a mut Vec<Gap>,
}

impl Place<'_> {
    fn gap(&mut self, kind: GapKind) {
        self.gaps.push(Gap {
            step: self.step.map(str::to_string),
            kind,
        });
    }

    /// One text: the translation's, or a gap.
    fn put(&mut self, slot: &mut String, given: &Option<String>, field: &str) {
        match given {
            Some(text) => *slot = text.clone(),
            None => self.gap(GapKind::Missing {
                field: field.to_string(),
            }),
        }
    }

    fn caption(&mut self, slot: &mut Option<String>, given: &Option<String>, used: &mut Vec<&str>) {
        used.push("caption");
        let field = "caption".to_string();
        match (slot.as_mut(), given) {
            (Some(s), Some(g)) => *s = g.clone(),
            (Some(_), None) => self.gap(GapKind::Missing { field }),
            (None, Some(_)) => self.gap(GapKind::Misplaced { field }),
            (None, None) => {}
        }
    }

    /// Hints and options: each item falls back on its own; extra items have no place.
    fn list(&mut self, slot: &mut [String], given: &Option<Vec<String>>, field: &str) {
        let given = given.as_deref().unwrap_or_default();
        for (i, item) in slot.iter_mut().enumerate() {
            match given.get(i) {
                Some(text) => *item = text.clone(),
                None => self.gap(GapKind::Missing {
                    field: format!("{field}[{}]", i + 1),
                }),
            }
        }
        if given.len() > slot.len() {
            self.gap(GapKind::Misplaced {
                field: format!("{field}[{}]", slot.len() + 1),
            });
        }
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

    /// `step:kind` of each gap, as the tests compare them.
    fn shown(gaps: &[Gap]) -> Vec<String> {
        gaps.iter()
            .map(|g| {
                let step = g.step.as_deref().unwrap_or("-");
                match &g.kind {
                    GapKind::Missing { field } => format!("{step}:{field}:missing"),
                    GapKind::Misplaced { field } => format!("{step}:{field}:misplaced"),
                    other => format!("{step}:{other:?}"),
                }
            })
            .collect()
    }

    #[test]
    fn a_translation_replaces_texts_and_the_rest_falls_back_to_english() {
        let lesson = load_str("demo.toml", LESSON).unwrap().lesson;
        let t = load_translation(
            "vi/demo.toml",
            &format!(
                r#"
lesson = "demo"
lang = "vi"
source = "{}"
title = "Byte"
[step.1]
source = "{}"
text = "Một tài liệu bắt đầu bằng độ dài của nó."
[step.2]
source = "{}"
prompt = "{{ a: 1 }} dài bao nhiêu byte?"
hints = ["Đếm tiền tố độ dài."]
caption = "không có chỗ"
"#,
                title_fingerprint(&lesson),
                fingerprint(&lesson.steps[0]),
                fingerprint(&lesson.steps[1]),
            ),
        )
        .unwrap();
        assert_eq!(t.lang, Lang::Vi);
        assert_eq!((t.line(Some("2")), t.line(None)), (9, 4));
        let (out, gaps) = localize(&lesson, Some(&t.translation));
        assert_eq!(out.title, "Byte");
        assert_eq!(out.summary, "What a document is.");
        let Step::Exercise(e) = &out.steps[1] else {
            panic!("step 2 is the exercise")
        };
        assert_eq!(e.prompt, "{ a: 1 } dài bao nhiêu byte?");
        assert_eq!(e.hints, ["Đếm tiền tố độ dài.", "And the final NUL."]);
        assert_eq!(e.expect, "12", "answers do not change with the language");
        assert_eq!(
            shown(&gaps),
            [
                "-:summary:missing",
                "2:explanation:missing",
                "2:hints[2]:missing",
                "2:caption:misplaced"
            ]
        );
    }

    const NAMED: &str = r#"
format_version = 1
id = "demo"
title = "Bytes"
order = 1
summary = "What a document is."

[[step]]
name = "intro"
kind = "text"
text = "A document starts with its length."

[[step]]
name = "end"
kind = "text"
text = "And ends with a NUL."
"#;

    fn vi_of(lesson: &Lesson, intro: &str) -> String {
        format!(
            "lesson = \"demo\"\nlang = \"vi\"\n\n[step.intro]\nsource = \"{intro}\"\ntext = \"Mở đầu.\"\n\n\
             [step.end]\nsource = \"{}\"\ntext = \"Kết thúc.\"\n",
            fingerprint(&lesson.steps[1])
        )
    }

    #[test]
    fn a_changed_english_text_is_still_shown_translated_and_flagged() {
        let lesson = load_str("demo.toml", NAMED).unwrap().lesson;
        let old = fingerprint(&lesson.steps[0]);
        let edited = NAMED.replace("starts with its length", "starts with its size");
        let edited = load_str("demo.toml", &edited).unwrap().lesson;
        let t = load_translation("vi/demo.toml", &vi_of(&lesson, &old)).unwrap();
        let (out, gaps) = localize(&edited, Some(&t.translation));
        let Step::Text(intro) = &out.steps[0] else {
            panic!("a text step")
        };
        assert_eq!(intro.text, "Mở đầu.");
        let now = fingerprint(&edited.steps[0]);
        assert_ne!(old, now);
        let stale: Vec<&Gap> = gaps.iter().filter(|g| !g.is_missing()).collect();
        assert_eq!(
            stale,
            [&Gap {
                step: Some("intro".into()),
                kind: GapKind::Stale { was: old, now }
            }]
        );
        assert_eq!(t.line(Some("intro")), 4);
    }

    #[test]
    fn translations_follow_their_step_when_steps_move() {
        let lesson = load_str("demo.toml", NAMED).unwrap().lesson;
        let t = load_translation(
            "vi/demo.toml",
            &vi_of(&lesson, &fingerprint(&lesson.steps[0])),
        )
        .unwrap();
        let moved = NAMED.replacen(
            "[[step]]",
            "[[step]]\nname = \"new\"\nkind = \"text\"\ntext = \"Inserted.\"\n\n[[step]]",
            1,
        );
        let moved = load_str("demo.toml", &moved).unwrap().lesson;
        let (out, gaps) = localize(&moved, Some(&t.translation));
        let texts: Vec<&str> = out
            .steps
            .iter()
            .map(|s| match s {
                Step::Text(t) => t.text.as_str(),
                _ => "",
            })
            .collect();
        assert_eq!(texts, ["Inserted.", "Mở đầu.", "Kết thúc."]);
        assert_eq!(
            shown(&gaps),
            ["-:title:missing", "-:summary:missing", "new:text:missing"]
        );
        // A translated step the lesson lost is reported, not shown.
        let lost = NAMED.replace("name = \"end\"", "name = \"finish\"");
        let lost = load_str("demo.toml", &lost).unwrap().lesson;
        let (_, gaps) = localize(&lost, Some(&t.translation));
        assert!(
            shown(&gaps).contains(&"end:NoSuchStep".to_string()),
            "{gaps:?}"
        );
    }

    #[test]
    fn a_translation_without_fingerprints_says_so() {
        let lesson = load_str("demo.toml", NAMED).unwrap().lesson;
        let t = load_translation(
            "vi/demo.toml",
            "lesson = \"demo\"\nlang = \"vi\"\ntitle = \"T\"\nsummary = \"S\"\n[step.intro]\ntext = \"x\"\n",
        )
        .unwrap();
        let (_, gaps) = localize(&lesson, Some(&t.translation));
        assert_eq!(
            shown(&gaps),
            ["-:NoSource", "intro:NoSource", "end:text:missing"]
        );
    }

    #[test]
    fn fingerprints_are_stable_and_see_every_learner_facing_text() {
        let lesson = load_str("demo.toml", LESSON).unwrap().lesson;
        // FNV-1a of fixed bytes: the same in every build (a changed value would orphan every
        // translation's `source`).
        assert_eq!(
            hash_texts(&[("text", "a  b\nc")]),
            hash_texts(&[("text", "a b c")])
        );
        assert_eq!(hash_texts(&[]), "811c9dc5");
        assert_eq!(hash_texts(&[("text", "a")]), "65cf7ed8");
        let base = fingerprint(&lesson.steps[1]);
        for (from, to) in [
            ("the final NUL", "the last NUL"),
            ("4 + 7 + 1.", "4 + 7 + 1 bytes."),
            ("How many bytes", "How many octets"),
        ] {
            let edited = load_str("demo.toml", &LESSON.replace(from, to))
                .unwrap()
                .lesson;
            assert_ne!(fingerprint(&edited.steps[1]), base, "{from}");
        }
        // What the engine computes is not translated, so it is not fingerprinted.
        let edited = LESSON.replace("expect = \"12\"", "expect = \"13\"");
        let edited = load_str("demo.toml", &edited).unwrap().lesson;
        assert_eq!(fingerprint(&edited.steps[1]), base);
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
            &format!(
                "lesson = \"t\"\nlang = \"zh\"\nsource = \"{}\"\ntitle = \"T\"\nsummary = \"s\"\n\
                 [step.1]\nsource = \"{}\"\ncaption = \"大小：\"\nlabels = [\"ISO 字符串形式的日期\"]\n",
                title_fingerprint(&lesson),
                fingerprint(&lesson.steps[0])
            ),
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
        assert_eq!(shown(&gaps), ["1:labels[2]:missing"]);
    }

    #[test]
    fn bad_translation_files_say_where() {
        let e = load_translation("x.toml", "lesson = \"a\"\nlang = \"fr\"\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert_eq!(e.kind, LoadErrorKind::UnknownLanguage { code: "fr".into() });
        for key in ["0", "03", "Intro", "a_b"] {
            let text = format!("lesson = \"a\"\nlang = \"vi\"\n[step.{key}]\ntext = \"x\"\n");
            let e = load_translation("x.toml", &text).unwrap_err();
            assert_eq!((e.line, e.column), (3, 7), "{key}");
            assert_eq!(e.kind, LoadErrorKind::BadStepKey { key: key.into() });
        }
        let e = load_translation(
            "x.toml",
            "lesson = \"a\"\nlang = \"vi\"\n[step.a]\ntext = \"x\"\nsource = \"3F9A\"\n",
        )
        .unwrap_err();
        assert_eq!((e.line, e.column), (5, 10));
        let e =
            load_translation("x.toml", "lesson = \"a\"\nlang = \"vi\"\nbogus = 1\n").unwrap_err();
        assert_eq!(e.line, 3);
    }

    #[test]
    fn every_gap_speaks_every_language() {
        for gap in Gap::every_variant() {
            let en = gap.to_string_in(Lang::En);
            assert_eq!(gap.to_string(), en);
            for lang in [Lang::Vi, Lang::Zh] {
                let text = gap.to_string_in(lang);
                assert_ne!(text, en, "{gap:?}");
                assert_eq!(
                    crate::strings::localize::english_words(&text),
                    Vec::<String>::new(),
                    "{lang:?}: {text}"
                );
            }
        }
        let stale = Gap {
            step: Some("hex-doc".into()),
            kind: GapKind::Stale {
                was: "3f9a1c2e".into(),
                now: "8b0d77aa".into(),
            },
        };
        assert_eq!(
            stale.to_string(),
            "step hex-doc translates an older English text (source = \"3f9a1c2e\", the English \
             is now \"8b0d77aa\")"
        );
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
