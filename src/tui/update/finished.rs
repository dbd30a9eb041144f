//! The results of the jobs `update` filed (see [`crate::tui::work`]): a lesson's page, the
//! playground's evaluation, an answer's verdict; or why there is none (an overrun), in the
//! server's words and the learner's language.

use crate::lesson::check::Outcome;
use std::sync::Arc;

use super::panel::{Part, show};
use super::{Effect, lesson_done_at, scroll_to_exercise};
use crate::lesson::check::Verdict;
use crate::lesson::progress::key;
use crate::query::QueryErrorKind;
use crate::query::interrupt::Stop;
use crate::strings::localize::Localize;
use crate::strings::safe::{escape_line, escape_text};
use crate::strings::{Lang, trf};
use crate::tui::app::{App, Feedback, Mode};
use crate::tui::page::Page;
use crate::tui::work::{Done, Kind, Output, Stopped};

/// A job's result (or its stop), if it is the one awaited of its kind.
pub(super) fn finished(app: &mut App, done: Done) -> Option<Effect> {
    let finished = Arc::unwrap_or_clone(done.0);
    if !app.work.accept(&finished) {
        return None;
    }
    let lang = app.settings.lang;
    let kind = finished.kind();
    match finished.outcome {
        Ok(Output::Page(page)) => built(app, *page),
        Ok(Output::Playground(evaluation)) => {
            if let Some(p) = app.playground.as_mut() {
                p.apply(*evaluation);
            }
        }
        Ok(Output::Answer(verdict)) => return answered(app, verdict),
        Ok(Output::Console(evaluated)) => {
            if let Some(c) = app.console.as_mut() {
                c.evaluated(*evaluated);
            }
        }
        Ok(Output::Completion(completion)) => match (completion, app.console.as_mut()) {
            (Some(completion), Some(c)) => c.completed(completion),
            (None, _) => {
                app.notice = Some(crate::tui::app::Notice {
                    text: crate::strings::tr(lang, "the console is busy: try Tab again").to_owned(),
                    error: false,
                });
            }
            _ => {}
        },
        Err(stopped) => {
            let why = stopped_text(&stopped, lang);
            match kind {
                Kind::Page => built(app, Page::stopped(why)),
                Kind::Playground => {
                    if let Some(p) = app.playground.as_mut() {
                        p.stopped(why);
                    }
                }
                Kind::Console => {
                    if let Some(c) = app.console.as_mut() {
                        c.failed(&why);
                    }
                }
                Kind::Completion => {}
                Kind::Answer => {
                    // Not an attempt: the engine gave no verdict.
                    if let Some(c) = app.checking.take()
                        && (c.lesson, c.exercise) == (app.lesson, app.exercise)
                    {
                        app.feedback = Some(Feedback {
                            outcome: Outcome::Unreadable,
                            text: why,
                            marks: None,
                        });
                        show(app, Part::Feedback);
                    }
                }
            }
        }
    }
    None
}

/// The page of the lesson being opened has come: show it, at the exercise asked for meanwhile.
fn built(app: &mut App, page: Page) {
    let asked = app.opening.and_then(|o| o.exercise);
    app.page_built(page);
    if asked.is_some() {
        scroll_to_exercise(app);
    }
}

/// What the panel says of a computation stopped before it answered: the server's words
/// (`operation exceeded time limit`, as for `maxTimeMS`) and the tutor's note on its budget.
pub fn stopped_text(stopped: &Stopped, lang: Lang) -> String {
    match stopped {
        Stopped::TimeLimit { budget_ms } => {
            let server = QueryErrorKind::from(Stop::TimeLimit).to_string_in(lang);
            let seconds = if budget_ms % 1000 == 0 {
                (budget_ms / 1000).to_string()
            } else {
                format!("{:.1}", *budget_ms as f64 / 1000.0)
            };
            trf(
                lang,
                "{error} (the tutor stops a computation after {seconds} s)",
                &[&server, &seconds],
            )
        }
        Stopped::Cancelled => QueryErrorKind::from(Stop::Cancelled).to_string_in(lang),
        Stopped::Failed(why) => trf(
            lang,
            "the computation failed: {error}",
            &[&escape_line(why)],
        ),
    }
}

/// The verdict on the answer being checked: recorded against its exercise, shown if the
/// learner is still on it.
fn answered(app: &mut App, verdict: Verdict) -> Option<Effect> {
    let checking = app.checking.take()?;
    let id = app.lessons.get(checking.lesson)?.id.clone();
    let here =
        (checking.lesson, checking.exercise) == (app.lesson, app.exercise) && app.opening.is_none();
    let was_done = lesson_done_at(app, checking.lesson);
    // A format slip is not an attempt: nothing is recorded, the form expected is shown.
    let counts = verdict.counts();
    if counts {
        app.record_answer(
            checking.lesson,
            checking.exercise,
            &checking.text,
            verdict.correct(),
        );
        app.changed.insert(key(&id, checking.exercise + 1));
    }
    if here {
        app.feedback = Some(Feedback {
            outcome: verdict.outcome,
            text: escape_text(&verdict.feedback).into_owned(),
            marks: verdict.marks.clone(),
        });
        // The focus left the answer line when it was checked (`submit`); a learner typing
        // again meanwhile keeps typing: a verdict arriving never turns their letters into
        // commands.
        if verdict.correct()
            && !was_done
            && lesson_done_at(app, checking.lesson)
            && app.mode == Mode::Browse
        {
            app.mode = app.lesson_end(checking.lesson);
        }
        show(app, Part::Feedback);
    }
    counts.then_some(Effect::Save)
}
