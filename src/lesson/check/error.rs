//! What `check` finds wrong with a lesson: a step that does not compute, an exercise whose
//! `expect` or `reject` the engine judges otherwise.

use std::fmt;

use crate::lesson::render::RenderError;
use crate::lesson::solve::SolveError;
use crate::query::interrupt::Stop;
use crate::strings::localize::Localize;
use crate::strings::{Lang, write_trf};

/// One problem of one step.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The step does not compute.
    DoesNotCompute(RenderError),
    /// The exercise has no answer the engine can compute.
    CannotBeAnswered(SolveError),
    /// The engine refuses the exercise's `expect`.
    ExpectRefused {
        /// The `expect` as written.
        expect: String,
        /// The engine's answer, as a learner would type it.
        truth: String,
        /// Why the `expect` is refused (in the language the lesson was checked in).
        feedback: String,
    },
    /// The engine accepts one of the `reject`s.
    RejectAccepted {
        /// The `reject` as written.
        reject: String,
        /// What the engine said (in the language the lesson was checked in).
        feedback: String,
    },
    /// A `reject` is refused, but with no word of why.
    RejectSilent {
        /// The `reject` as written.
        reject: String,
    },
    /// A `reject` cannot be read as an answer of the exercise's kind: a learner typing it
    /// would be shown the form, not told why it is wrong. A reject stands for a plausible
    /// wrong answer, so this is a lesson bug.
    RejectUnreadable {
        /// The `reject` as written.
        reject: String,
        /// What the engine said (in the language the lesson was checked in).
        feedback: String,
    },
    /// A choice's `why_not` notes are not one per option.
    WhyNotCount {
        /// How many notes.
        why_not: usize,
        /// How many options.
        options: usize,
    },
    /// The engine accepts the empty answer.
    EmptyAccepted,
    /// The engine accepts the prompt typed back.
    PromptAccepted,
    /// Checking was stopped during this step (the lesson's time budget ran out, or the run
    /// was cancelled); the steps after it were not checked.
    Stopped(Stop),
    /// The exercise breaks in the classroom of a seed of its `vary` range.
    Varied {
        /// The first seed of the range at which it breaks.
        seed: u64,
        /// The range, both ends included.
        range: [u64; 2],
        /// How many seeds of the range break it.
        failing: u64,
        /// What is wrong at `seed`.
        problem: Box<Problem>,
    },
}

impl Localize for Problem {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Problem::DoesNotCompute(e) => write_trf(
                out,
                lang,
                "does not compute: {display_in}",
                &[&e.display_in(lang)],
            ),
            Problem::CannotBeAnswered(e) => write_trf(
                out,
                lang,
                "cannot be answered: {display_in}",
                &[&e.display_in(lang)],
            ),
            Problem::ExpectRefused {
                expect,
                truth,
                feedback,
            } => write_trf(
                out,
                lang,
                "expect = {expect}, but the engine's answer is `{truth}` ({feedback})",
                &[&format_args!("{expect:?}"), truth, feedback],
            ),
            Problem::RejectAccepted { reject, feedback } => write_trf(
                out,
                lang,
                "reject {value} is accepted: {feedback}",
                &[&format_args!("{reject:?}"), feedback],
            ),
            Problem::RejectSilent { reject } => write_trf(
                out,
                lang,
                "reject {value} is refused without feedback",
                &[&format_args!("{reject:?}")],
            ),
            Problem::RejectUnreadable { reject, feedback } => write_trf(
                out,
                lang,
                "reject {value} is not read as an answer, so a learner would not learn why it is wrong: {feedback}",
                &[&format_args!("{reject:?}"), &feedback.replace('\n', "; ")],
            ),
            Problem::WhyNotCount { why_not, options } => write_trf(
                out,
                lang,
                "`why_not` has {why_not} notes for {options} options: give one per option (\"\" for the right one)",
                &[why_not, options],
            ),
            Problem::EmptyAccepted => write_trf(out, lang, "the empty answer is accepted", &[]),
            Problem::PromptAccepted => {
                write_trf(out, lang, "the prompt typed back is accepted", &[])
            }
            Problem::Stopped(Stop::TimeLimit) => write_trf(
                out,
                lang,
                "the lesson's time budget ran out while checking this step (`operation exceeded time limit`); the steps after it were not checked",
                &[],
            ),
            Problem::Stopped(Stop::Cancelled) => write_trf(
                out,
                lang,
                "checking was interrupted at this step (`operation was interrupted`); the steps after it were not checked",
                &[],
            ),
            Problem::Varied {
                seed,
                range: [lo, hi],
                failing,
                problem,
            } => {
                write_trf(
                    out,
                    lang,
                    "with seed {seed} of vary = [{lo}, {hi}] ({failing} of {count} seeds fail; `check --seed {seed}` shows it): ",
                    &[
                        seed,
                        lo,
                        hi,
                        failing,
                        &crate::lesson::vary::count([*lo, *hi]),
                    ],
                )?;
                problem.write_in(lang, out)
            }
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for Problem {}

/// A problem placed in its lesson file: `file:line: step N: problem`, the line that of the
/// step's `[[step]]` header.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The lesson file.
    pub file: String,
    /// The line of the step's `[[step]]` header.
    pub line: usize,
    /// The step's number (1-based).
    pub step: usize,
    /// What is wrong.
    pub problem: Problem,
}

impl Failure {
    /// Writes `step N: problem`, the failure without its file and line.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_message(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        write_trf(out, lang, "step {step}", &[&self.step])?;
        write!(out, ": {}", self.problem.display_in(lang))
    }

    /// `step N: problem` in `lang`.
    pub fn message_in(&self, lang: Lang) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_message(lang, &mut out);
        out
    }
}

impl Localize for Failure {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}:{}: ", self.file, self.line)?;
        self.write_message(lang, out)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for Failure {}

#[cfg(test)]
impl Problem {
    /// One value of every variant.
    pub(crate) fn every_variant() -> Vec<Self> {
        let render = crate::lesson::render::RenderError::every_variant();
        let solve = SolveError::every_variant();
        let all = vec![
            Problem::DoesNotCompute(render[0].clone()),
            Problem::CannotBeAnswered(solve[2].clone()),
            Problem::ExpectRefused {
                expect: "13".into(),
                truth: "12".into(),
                feedback: "`13` (int)".into(),
            },
            Problem::RejectAccepted {
                reject: "12".into(),
                feedback: "`12` (int)".into(),
            },
            Problem::RejectSilent {
                reject: "11".into(),
            },
            Problem::RejectUnreadable {
                reject: "twelve".into(),
                feedback: "`twelve`".into(),
            },
            Problem::WhyNotCount {
                why_not: 2,
                options: 3,
            },
            Problem::EmptyAccepted,
            Problem::PromptAccepted,
            Problem::Stopped(Stop::TimeLimit),
            Problem::Stopped(Stop::Cancelled),
            Problem::Varied {
                seed: 17,
                range: [1, 50],
                failing: 1,
                problem: Box::new(Problem::EmptyAccepted),
            },
        ];
        for p in &all {
            // A new variant must be added above.
            match p {
                Problem::DoesNotCompute(_)
                | Problem::CannotBeAnswered(_)
                | Problem::ExpectRefused { .. }
                | Problem::RejectAccepted { .. }
                | Problem::RejectSilent { .. }
                | Problem::RejectUnreadable { .. }
                | Problem::WhyNotCount { .. }
                | Problem::EmptyAccepted
                | Problem::PromptAccepted
                | Problem::Stopped(_)
                | Problem::Varied { .. } => {}
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::testing::assert_localized;

    #[test]
    fn every_variant_speaks_every_language() {
        for p in Problem::every_variant() {
            assert_localized(&p, &[]);
            let failure = Failure {
                file: "lessons/01-x.toml".into(),
                line: 12,
                step: 3,
                problem: p,
            };
            assert_localized(&failure, &[]);
        }
    }

    #[test]
    fn a_failure_names_its_file_line_and_step() {
        let f = Failure {
            file: "a:b.toml".into(),
            line: 12,
            step: 3,
            problem: Problem::EmptyAccepted,
        };
        assert_eq!(
            f.to_string(),
            "a:b.toml:12: step 3: the empty answer is accepted"
        );
        assert_eq!(
            f.message_in(Lang::Vi),
            "bước 3: câu trả lời rỗng lại được chấp nhận"
        );
    }
}
