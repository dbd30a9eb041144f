//! Judging answers and checking lessons: a learner's text is normalised per kind and
//! compared with the engine's answer ([`super::solve`]), with feedback that says why; a
//! lesson holds when every step computes and every exercise accepts its `expect` and refuses
//! its `reject`s.

mod bytes;
mod error;
/// Shared with [`super::render`], which shows the form under each prompt.
pub(super) mod form;
mod ids;
mod judge;
mod read;
mod seeds;

pub use error::{Failure, Problem};
pub use form::{Form, form, form_note};
pub use seeds::check_seeds;

use super::context::Context;
use super::load::Loaded;
use super::model::{Exercise, ExerciseType, Step};
use super::render::{RenderOptions, render_step};
use super::solve::solve;
use crate::query::interrupt;
use crate::strings::localize::Localize;
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
///
/// The answer is read as mongosh reads it (`42.0` is an int, `2147483648` a double,
/// `Long('5')` an int64), with the common forms whose meaning is clear: `36 bytes`, `yes` for
/// a yes-or-no question, string `_id`s without quotes, `(b)`, a bare ISO time, hex with
/// `0x`. A text that cannot be read as an answer of the exercise's kind is
/// [`Outcome::Unreadable`]: its feedback says what is wrong with the form and ends with
/// `answer like: …`. A wrong answer's feedback has one reason a line, naming the classic
/// mistake when there is one; a wrong `bytes` answer has [`Verdict::marks`].
///
/// # Examples
/// ```
/// use bson_tutor::lesson::{Context, answer, load_str};
/// use bson_tutor::lesson::check::Outcome;
/// let text = "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"x\"\n\
///             [[step]]\nkind = \"exercise\"\ntype = \"size\"\nprompt = \"Size?\"\n\
///             document = \"{ a: 1 }\"\nexplanation = \"e\"\nexpect = \"12\"\n";
/// let lesson = load_str("x.toml", text).unwrap().lesson;
/// let ex = lesson.exercises().next().unwrap();
/// let ctx = Context::default();
/// assert_eq!(answer(ex, "12 bytes", &ctx).outcome, Outcome::Right);
/// let short = answer(ex, "8", &ctx);
/// assert_eq!(short.outcome, Outcome::Wrong);
/// assert!(short.feedback.contains("4-byte length prefix"), "{}", short.feedback);
/// let slip = answer(ex, "twelve", &ctx);
/// assert_eq!(slip.outcome, Outcome::Unreadable);
/// assert!(slip.feedback.ends_with("answer like: 123"), "{}", slip.feedback);
/// ```
pub fn answer(ex: &Exercise, learner: &str, ctx: &Context) -> Verdict {
    let lang = ctx.lang;
    let text = learner.trim();
    if text.is_empty() {
        return Verdict::unreadable(tr(lang, "type an answer first"));
    }
    match solve(ex, ctx) {
        Ok(solution) => judge::judge(ex, &solution.truth, text, ctx),
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

/// A value as mongosh prints it, with its `$type` alias: `` `42` (int) ``.
fn describe(v: &crate::bson::Value) -> String {
    format!(
        "`{}` ({})",
        crate::bson::shell::print_value(v),
        v.element_type().alias()
    )
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
        match v.outcome {
            Outcome::Right => problems.push(Problem::RejectAccepted {
                reject: r.clone(),
                feedback: v.feedback,
            }),
            // A reject stands for a plausible wrong answer: it must be read and judged
            // wrong (an attempt, with its reasons), not turned away as a format slip.
            Outcome::Unreadable => problems.push(Problem::RejectUnreadable {
                reject: r.clone(),
                feedback: v.feedback,
            }),
            Outcome::Wrong if v.feedback.trim().is_empty() => {
                problems.push(Problem::RejectSilent { reject: r.clone() });
            }
            Outcome::Wrong => {}
        }
    }
    if ex.exercise_type == ExerciseType::Choice
        && !ex.why_not.is_empty()
        && ex.why_not.len() != ex.options.len()
    {
        problems.push(Problem::WhyNotCount {
            why_not: ex.why_not.len(),
            options: ex.options.len(),
        });
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

    fn one_exercise(fields: &str) -> Exercise {
        let text = format!(
            "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"s\"\n\
             [[step]]\nkind = \"exercise\"\nprompt = \"?\"\nexplanation = \"e\"\n{fields}\n"
        );
        let loaded = crate::lesson::load_str("x.toml", &text).unwrap();
        loaded.lesson.exercises().next().unwrap().clone()
    }

    #[test]
    fn a_reject_that_is_not_read_is_a_lesson_bug() {
        let ex = one_exercise(
            "type = \"size\"\ndocument = \"{ a: 1 }\"\nexpect = \"12\"\nreject = [\"8\", \"twelve\"]",
        );
        let problems = check_exercise(&ex, &Context::default());
        let [Problem::RejectUnreadable { reject, feedback }] = problems.as_slice() else {
            panic!("{problems:?}")
        };
        assert_eq!(reject, "twelve");
        assert!(feedback.contains("answer like:"), "{feedback}");
    }

    #[test]
    fn why_not_notes_are_one_per_option_when_given() {
        let fields = |why_not: &str| {
            format!(
                "type = \"choice\"\noptions = [\"x\", \"y\", \"z\"]\nexpect = \"b\"\nreject = [\"a\"]\n{why_not}"
            )
        };
        let ctx = Context::default();
        assert_eq!(check_exercise(&one_exercise(&fields("")), &ctx), vec![]);
        let three = fields("why_not = [\"no x\", \"\", \"no z\"]");
        assert_eq!(check_exercise(&one_exercise(&three), &ctx), vec![]);
        let two = fields("why_not = [\"no x\", \"\"]");
        assert_eq!(
            check_exercise(&one_exercise(&two), &ctx),
            vec![Problem::WhyNotCount {
                why_not: 2,
                options: 3
            }]
        );
    }

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
