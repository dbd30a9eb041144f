//! Judging answers and checking lessons: a learner's text is normalised per kind and
//! compared with the engine's answer ([`super::solve`]), with feedback that says why; a
//! lesson holds when every step computes and every exercise accepts its `expect` and refuses
//! its `reject`s.

mod error;
mod form;
mod seeds;

pub use error::{Failure, Problem};
pub use form::{Form, form, form_note};
pub use seeds::check_seeds;

use std::cmp::Ordering;

use super::compute::{self, What};
use super::context::Context;
use super::load::Loaded;
use super::model::{Exercise, Step};
use super::render::{RenderOptions, render_step};
use super::solve::{Truth, choice_index, letter, same_typed, solve};
use crate::bson::datetime::{self, NoOffset};
use crate::bson::{Document, ElementType, Value, hex, shell};
use crate::query::interrupt;
use crate::query::matcher::Filter;
use crate::query::order;
use crate::query::sort::SortSpec;
use crate::strings::localize::{Localize, one_other};
use crate::strings::{tr, trf};

/// How an answer was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The engine's answer.
    Right,
    /// Read as an answer of the exercise's kind, and not the engine's: an attempt.
    Wrong,
    /// Not readable as an answer of the exercise's kind (a format slip): the feedback shows
    /// the form expected; it is not an attempt, not recorded, not in a class summary.
    Unreadable,
}

/// The bytes of a `bytes` answer that was read, and where they differ from the engine's:
/// what a hex view highlights (without showing the right bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByteMarks {
    /// The bytes typed.
    pub typed: Vec<u8>,
    /// Positions in `typed` that differ from the answer (or lie past its end).
    pub wrong: Vec<usize>,
    /// How many bytes the answer has.
    pub expected_len: usize,
}

/// The judgement of one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// How it was read.
    pub outcome: Outcome,
    /// What was right, or why it is wrong, one reason a line; for an unreadable answer, what
    /// was wrong with its form and an example of the form expected.
    pub feedback: String,
    /// For a `bytes` answer that was read: which typed bytes are wrong.
    pub marks: Option<ByteMarks>,
}

impl Verdict {
    fn right(feedback: impl Into<String>) -> Self {
        Verdict {
            outcome: Outcome::Right,
            feedback: feedback.into(),
            marks: None,
        }
    }

    fn wrong(feedback: impl Into<String>) -> Self {
        Verdict {
            outcome: Outcome::Wrong,
            feedback: feedback.into(),
            marks: None,
        }
    }

    fn unreadable(feedback: impl Into<String>) -> Self {
        Verdict {
            outcome: Outcome::Unreadable,
            feedback: feedback.into(),
            marks: None,
        }
    }

    /// Whether the answer is right.
    pub fn correct(&self) -> bool {
        self.outcome == Outcome::Right
    }

    /// Whether the answer counts as an attempt (it was read, right or wrong).
    pub fn counts(&self) -> bool {
        self.outcome != Outcome::Unreadable
    }
}

/// Judges a learner's answer to an exercise in the classroom of `ctx` (the one the exercise
/// was shown in), with the feedback in `ctx.lang` (values, types and the matcher's reasons
/// stay as the engine prints them).
pub fn answer(ex: &Exercise, learner: &str, ctx: &Context) -> Verdict {
    let lang = ctx.lang;
    let text = learner.trim();
    if text.is_empty() {
        return Verdict::unreadable(tr(lang, "type an answer first"));
    }
    match solve(ex, ctx) {
        Ok(solution) => judge(&solution.truth, text, &ex.options, ctx),
        Err(e) => Verdict::wrong(trf(
            lang,
            "this exercise cannot be answered: {display_in}",
            &[&e.display_in(lang)],
        )),
    }
}

/// A word as the checker compares it: lowercase letters and digits only, Vietnamese tone and
/// vowel marks folded away (`Khóa`, `khoá` and `khoa` are one word), CJK kept as it is.
fn normalise_word(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(fold_vietnamese)
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// A Vietnamese letter without its marks: `ộ` → `o`, `đ` → `d`; other characters as they are.
fn fold_vietnamese(c: char) -> char {
    const FOLDS: [(char, &str); 7] = [
        ('a', "àáảãạăằắẳẵặâầấẩẫậ"),
        ('e', "èéẻẽẹêềếểễệ"),
        ('i', "ìíỉĩị"),
        ('o', "òóỏõọôồốổỗộơờớởỡợ"),
        ('u', "ùúủũụưừứửữự"),
        ('y', "ỳýỷỹỵ"),
        ('d', "đ"),
    ];
    FOLDS
        .iter()
        .find(|(_, marked)| marked.contains(c))
        .map_or(c, |(base, _)| *base)
}

fn describe(v: &Value) -> String {
    format!("`{}` ({})", shell::print_value(v), v.element_type().alias())
}

fn judge(truth: &Truth, text: &str, options: &[String], ctx: &Context) -> Verdict {
    let (room, lang) = (&ctx.room, ctx.lang);
    let right = || Verdict::right(tr(lang, "right"));
    match truth {
        Truth::Value { value, exact } => {
            let typed = match room.parse_value(text, What::Answer) {
                Ok(v) => v,
                Err(e) => {
                    return Verdict::wrong(trf(
                        lang,
                        "that is not a value: {display_in}",
                        &[&e.display_in(lang)],
                    ));
                }
            };
            if same_typed(&typed, value) || (!exact && order::equal(&typed, value)) {
                Verdict::right(trf(lang, "right: {value}", &[&describe(value)]))
            } else if order::equal(&typed, value) {
                Verdict::wrong(trf(
                    lang,
                    "the right value, but {value} is {ty}, and the result is {result_ty}: the type matters here",
                    &[
                        &describe(&typed),
                        &typed.element_type().alias(),
                        &value.element_type().alias(),
                    ],
                ))
            } else if order::bracket(&typed) != order::bracket(value) {
                Verdict::wrong(trf(
                    lang,
                    "{value} is not even the right kind of value: the result is {ty}",
                    &[&describe(&typed), &value.element_type().alias()],
                ))
            } else {
                Verdict::wrong(trf(
                    lang,
                    "{value} is not the value the engine computes",
                    &[&describe(&typed)],
                ))
            }
        }
        Truth::Hex(bytes) => match hex::decode(text) {
            Err(e) => Verdict::wrong(trf(
                lang,
                "that is not hex: {display_in}",
                &[&e.display_in(lang)],
            )),
            Ok(typed) if &typed == bytes => {
                let n = bytes.len();
                let key = one_other(lang, n as u64, "right: {right} byte", "right: {n} bytes");
                Verdict::right(trf(lang, key, &[&n]))
            }
            Ok(typed) => {
                let first = typed.iter().zip(bytes).position(|(a, b)| a != b);
                match first {
                    Some(i) => Verdict::wrong(trf(
                        lang,
                        "byte {n} is wrong: you typed {value}",
                        &[&i, &format!("{:02x}", typed.get(i).copied().unwrap_or(0))],
                    )),
                    None => {
                        let key = one_other(
                            lang,
                            typed.len() as u64,
                            "you typed {value} byte, but the answer has {has}",
                            "you typed {value} bytes, but the answer has {len}",
                        );
                        Verdict::wrong(trf(lang, key, &[&typed.len(), &bytes.len()]))
                    }
                }
            }
        },
        Truth::Ids {
            ids,
            ordered,
            docs,
            filter,
            sort,
        } => judge_ids(
            text,
            ids,
            *ordered,
            docs,
            filter.as_ref(),
            sort.as_ref(),
            ctx,
        ),
        Truth::Words(words) => {
            if words.contains(&normalise_word(text)) {
                right()
            } else {
                Verdict::wrong(trf(lang, "`{text}` is not what that byte is", &[&text]))
            }
        }
        Truth::Type(t) => {
            let typed = text.trim_matches(|c| c == '"' || c == '\'');
            let parsed = ElementType::from_alias(typed)
                .or_else(|| {
                    ElementType::ALL
                        .into_iter()
                        .find(|e| e.name().eq_ignore_ascii_case(typed))
                })
                .or_else(|| typed.parse::<i64>().ok().and_then(ElementType::from_number))
                .or_else(|| {
                    typed
                        .strip_prefix("0x")
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                        .and_then(ElementType::from_u8)
                });
            match parsed {
                Some(p) if p == *t => Verdict::right(trf(lang, "right: {value}", &[&t.alias()])),
                Some(p) => Verdict::wrong(trf(
                    lang,
                    "`{value}` is {alias} (type {number}), a different type",
                    &[&typed, &p.alias(), &p.number()],
                )),
                None => Verdict::wrong(trf(
                    lang,
                    "`{value}` is not a type name: use an alias as $type prints it (\"int\", \"long\", \"double\"...)",
                    &[&typed],
                )),
            }
        }
        Truth::Time(ms) => {
            let inner = text
                .strip_prefix("ISODate(")
                .and_then(|r| r.strip_suffix(')'))
                .unwrap_or(text)
                .trim_matches(|c| c == '"' || c == '\'');
            match datetime::parse_iso_with(inner, NoOffset::Refuse) {
                Ok(t) if t == *ms => right(),
                Ok(t) => {
                    let off = (t - ms) / 1000;
                    let key = one_other(
                        lang,
                        off.unsigned_abs(),
                        "{is} is {is2} second off",
                        "{value} is {secs} seconds off",
                    );
                    Verdict::wrong(trf(lang, key, &[&datetime::format_iso(t), &off]))
                }
                Err(e) => Verdict::wrong(trf(
                    lang,
                    "that is not an ISO-8601 time: {display_in}",
                    &[&e.display_in(lang)],
                )),
            }
        }
        Truth::Choice(i) => match choice_index(text, options) {
            Some(j) if j == *i => right(),
            Some(j) => Verdict::wrong(trf(lang, "({letter}) is not right", &[&letter(j)])),
            None => Verdict::wrong(trf(
                lang,
                "answer with a letter from a to {letter}",
                &[&letter(options.len().saturating_sub(1))],
            )),
        },
    }
}

fn judge_ids(
    text: &str,
    ids: &[Value],
    ordered: bool,
    docs: &[Document],
    filter: Option<&Filter>,
    sort: Option<&SortSpec>,
    ctx: &Context,
) -> Verdict {
    let (room, lang) = (&ctx.room, ctx.lang);
    let wrapped;
    let text = if text.starts_with('[') {
        text
    } else {
        wrapped = format!("[{text}]");
        &wrapped
    };
    let typed = match room.parse_value(text, What::Answer) {
        Ok(Value::Array(items)) => items,
        Ok(other) => vec![other],
        Err(e) => {
            return Verdict::wrong(trf(
                lang,
                "type the _ids as a list: {display_in}",
                &[&e.display_in(lang)],
            ));
        }
    };
    let contains = |list: &[Value], v: &Value| list.iter().any(|x| order::equal(x, v));
    let doc_of = |id: &Value| docs.iter().find(|d| order::equal(&compute::id_of(d), id));
    let mut why = Vec::new();
    for t in &typed {
        if !contains(ids, t) {
            match (doc_of(t), filter) {
                (None, _) => why.push(trf(
                    lang,
                    "there is no document with _id {id}",
                    &[&describe(t)],
                )),
                (Some(d), Some(f)) => {
                    let reason = f
                        .explain_mismatch(d, lang)
                        .ok()
                        .flatten()
                        .unwrap_or_else(|| tr(lang, "it is not in the result").into());
                    why.push(trf(
                        lang,
                        "_id {id} does not match: {reason}",
                        &[&describe(t), &reason],
                    ));
                }
                (Some(_), None) => {
                    why.push(trf(lang, "_id {id} is not in the result", &[&describe(t)]));
                }
            }
        }
    }
    for id in ids {
        if !contains(&typed, id) {
            let shown = doc_of(id).map_or_else(|| describe(id), shell::print_document);
            why.push(trf(
                lang,
                "{value} matches too, and you left it out",
                &[&shown],
            ));
        }
    }
    if typed.len() != ids.len() && why.is_empty() {
        why.push(tr(lang, "an _id appears more than once").into());
    }
    if !why.is_empty() {
        return Verdict::wrong(why.join("\n"));
    }
    if ordered && !typed.iter().zip(ids).all(|(a, b)| order::equal(a, b)) {
        // The first pair the learner put the wrong way round.
        for (i, a) in typed.iter().enumerate() {
            for b in &typed[i + 1..] {
                if let (Some(da), Some(db), Some(s)) = (doc_of(a), doc_of(b), sort)
                    && s.compare(da, db) == Ordering::Greater
                {
                    return Verdict::wrong(trf(
                        lang,
                        "{first} sorts after {second}",
                        &[&shell::print_document(da), &shell::print_document(db)],
                    ));
                }
            }
        }
        return Verdict::wrong(tr(lang, "the right _ids, in the wrong order"));
    }
    Verdict::right(trf(
        lang,
        "right: {value}",
        &[&shell::print_value(&Value::Array(ids.to_vec()))],
    ))
}

/// What `bson-tutor check` found in one lesson.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Steps that compute and whose exercises hold.
    pub passed: usize,
    /// Each failure, with its file, line and step.
    pub failures: Vec<Failure>,
}

/// Checks a loaded lesson in the classroom of `ctx` (a lesson a class is shown with its own
/// seed and clock must hold there too): every step computes; every exercise's `expect` is
/// accepted, every `reject`, the empty answer and the prompt typed back are refused. The
/// feedback quoted in a failure is in `ctx.lang`; English is the form machines parse.
///
/// Takes no clock: a caller with a time budget runs it inside
/// [`Interrupt::watch`](crate::query::interrupt::Interrupt::watch) and trips the flag when
/// the budget runs out. The step being checked then fails with [`Problem::Stopped`] (at its
/// file and line, whatever else it found, since its results came after the stop) and the
/// steps after it are not checked.
pub fn check_lesson(loaded: &Loaded, ctx: &Context) -> Report {
    let mut report = Report::default();
    let mut exercise = 0;
    let options = RenderOptions {
        width: 80,
        answers: true,
    };
    for (i, step) in loaded.lesson.steps.iter().enumerate() {
        let mut problems = Vec::new();
        if let Err(e) = render_step(step, options, &mut exercise, ctx) {
            problems.push(Problem::DoesNotCompute(e));
        } else if let Step::Exercise(ex) = step {
            problems.extend(check_exercise(ex, ctx));
            if problems.is_empty() {
                // And in the classroom of every seed it may come back with in review.
                problems.extend(check_seeds(step, ex, ctx));
            }
        }
        let stopped = interrupt::stopped();
        if let Some(why) = stopped {
            problems = vec![Problem::Stopped(why)];
        }
        if problems.is_empty() {
            report.passed += 1;
        }
        for problem in problems {
            report.failures.push(Failure {
                file: loaded.file.clone(),
                line: loaded.step_line(i),
                step: i + 1,
                problem,
            });
        }
        if stopped.is_some() {
            break;
        }
    }
    report
}

/// The problems of one exercise in the classroom of `ctx` (empty when it holds), the
/// feedback quoted in them in `ctx.lang`.
pub fn check_exercise(ex: &Exercise, ctx: &Context) -> Vec<Problem> {
    let mut problems = Vec::new();
    let truth = match solve(ex, ctx) {
        Ok(s) => s.text,
        Err(e) => return vec![Problem::CannotBeAnswered(e)],
    };
    let v = answer(ex, &ex.expect, ctx);
    if !v.correct() {
        problems.push(Problem::ExpectRefused {
            expect: ex.expect.clone(),
            truth,
            feedback: v.feedback,
        });
    }
    for r in &ex.reject {
        let v = answer(ex, r, ctx);
        if v.correct() {
            problems.push(Problem::RejectAccepted {
                reject: r.clone(),
                feedback: v.feedback,
            });
        } else if v.feedback.trim().is_empty() {
            problems.push(Problem::RejectSilent { reject: r.clone() });
        }
    }
    if answer(ex, "", ctx).correct() {
        problems.push(Problem::EmptyAccepted);
    }
    if answer(ex, &ex.prompt, ctx).correct() {
        problems.push(Problem::PromptAccepted);
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::interrupt::{Interrupt, Stop};

    const LESSON: &str = r#"
format_version = 1
id = "three"
title = "Three steps"
order = 1
summary = "s"

[[step]]
name = "one"
kind = "text"
text = "{= { $add: [1, 2] } =}"

[[step]]
name = "two"
kind = "text"
text = "two"

[[step]]
name = "three"
kind = "text"
text = "three"
"#;

    #[test]
    fn a_stop_fails_the_step_it_came_in_and_skips_the_rest() {
        let loaded = crate::lesson::load_str("three.toml", LESSON).unwrap();
        let whole = check_lesson(&loaded, &Context::default());
        assert_eq!((whole.passed, whole.failures.len()), (3, 0));
        let flag = Interrupt::new();
        flag.trip(Stop::TimeLimit);
        let report = flag.watch(|| check_lesson(&loaded, &Context::default()));
        assert_eq!(report.passed, 0);
        let [failure] = report.failures.as_slice() else {
            panic!("{:?}", report.failures)
        };
        assert_eq!(failure.problem, Problem::Stopped(Stop::TimeLimit));
        assert_eq!((failure.step, failure.line), (1, loaded.step_line(0)));
        assert!(failure.to_string().starts_with("three.toml:"), "{failure}");
        assert!(failure.to_string().contains("time limit"), "{failure}");
    }
}
