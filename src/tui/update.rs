//! The only place the state changes: one message at a time. Returns what the binary must do
//! outside the library (save progress, quit).

mod console;
mod finished;
mod panel;

use crate::lesson::check::Outcome;
use finished::finished;
pub use finished::stopped_text;

use super::app::{App, Checking, Feedback, ListItem, Mode, Notice};
use super::keymap::{Context, key_for};
use super::message::{Confirm, Focus, Message};
use super::playground::Playground;
use super::view;
use super::work::{Kind, Task, run_inline};
use crate::lesson::Context as LessonContext;
use crate::lesson::progress::{Status, key};
use crate::strings::{tr, trf};

/// What the caller must do after an update.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Save the progress (this instance's changes).
    Save,
    /// Save, restore the terminal and exit.
    Quit,
}

/// Applies one message. Never computes anything long itself: the playground's evaluation,
/// a lesson's page and an answer's check are filed as jobs ([`crate::tui::work`]) whose
/// results come back as [`Message::Finished`].
pub fn update(app: &mut App, message: Message) -> Option<Effect> {
    let effect = match message {
        Message::Finished(done) => finished(app, done),
        other => apply(app, other),
    };
    // The playground leaves its evaluation as a request: file it (superseding the last).
    if let Some(request) = app.playground.as_mut().and_then(Playground::take_request)
        && let Some(job) = app
            .work
            .file(Kind::Playground, Task::Playground(Box::new(request)))
    {
        return finished(app, run_inline(job).into()).or(effect);
    }
    effect
}

/// Whether `message` acts on the open lesson's page (its exercises, its documents).
fn needs_page(app: &App, message: &Message) -> bool {
    match message {
        Message::Hex(_) => !matches!(app.mode, Mode::Playground | Mode::Console),
        Message::HexDocument(_)
        | Message::Exercise(_)
        | Message::StartTyping
        | Message::Submit
        | Message::Hint
        | Message::Reveal
        | Message::AskResetExercise
        | Message::AskResetLesson
        | Message::Choose(_) => true,
        _ => false,
    }
}

fn apply(app: &mut App, message: Message) -> Option<Effect> {
    // A notice stays until the learner does something.
    if !matches!(message, Message::Resize(..)) {
        app.notice = None;
    }
    app.account_time();
    if app.opening.is_some() && needs_page(app, &message) {
        notice(app, "the lesson is still being computed: a moment");
        return None;
    }
    match message {
        Message::Finished(done) => return finished(app, done),
        Message::Quit => {
            // Ctrl-C stops a script running in the console, as in mongosh; otherwise it quits.
            if !console::stop(app) {
                return Some(Effect::Quit);
            }
        }
        Message::ToggleHelp => {
            app.help_scroll = 0;
            app.mode = match std::mem::replace(&mut app.mode, Mode::Browse) {
                Mode::Help(back) => *back,
                other => Mode::Help(Box::new(other)),
            };
        }
        Message::Back => back(app),
        Message::Resize(w, h) => app.size = (w, h),
        Message::FocusNext => app.focus = app.next_focus(true),
        Message::FocusPrev => app.focus = app.next_focus(false),
        Message::FocusOn(focus) => app.focus = focus,
        Message::ListMove(delta) => {
            let last = app.list_items().len().saturating_sub(1);
            app.list_selected = step(app.list_selected, delta, last);
            app.focus = Focus::List;
        }
        Message::ListOpen => list_open(app),
        Message::Scroll(delta) | Message::ScrollPage(delta)
            if matches!(app.mode, Mode::Help(_)) =>
        {
            let page = if matches!(message, Message::ScrollPage(_)) {
                10
            } else {
                1
            };
            let max = view::help_max_scroll(app, app.screen());
            app.help_scroll = step(app.help_scroll.min(max), delta * page, max);
        }
        Message::Scroll(delta) => scroll(app, delta),
        Message::ScrollPage(pages) => {
            let page = view::areas(app, app.screen())
                .lesson
                .height
                .saturating_sub(3)
                .max(1) as isize;
            scroll(app, pages * page);
        }
        Message::ScrollEdge(bottom) => {
            app.scroll = if bottom { max_scroll(app) } else { 0 };
        }
        Message::Hex(mv) if app.mode == Mode::Console => {
            if let Some(c) = app.console.as_mut() {
                c.hex_move(mv);
            }
        }
        Message::Hex(mv) => {
            if app.mode == Mode::Playground {
                if let Some(p) = app.playground.as_mut() {
                    p.hex_move(mv);
                }
            } else if let Some(Ok(model)) = app.page.documents.get(app.document).map(|d| &d.model) {
                app.hex.apply(model, mv);
                app.focus = Focus::Hex;
            }
        }
        Message::HexDocument(delta) => {
            let n = app.page.documents.len();
            if n == 0 {
                let lang = app.settings.lang;
                app.notice = Some(Notice {
                    text: trf(
                        lang,
                        "this lesson has no document to walk: try the playground ({key_for})",
                        &[&key_for(Context::Commands, &Message::OpenPlayground, lang)],
                    ),
                    error: false,
                });
            } else {
                app.document = (app.document as isize + delta).rem_euclid(n as isize) as usize;
                app.focus_document();
                app.focus = Focus::Hex;
            }
        }
        Message::Exercise(delta) => {
            if app.page.cards.is_empty() {
                notice(app, "this lesson has no exercises");
            } else {
                let last = app.page.cards.len() - 1;
                app.select_exercise(step(app.exercise, delta, last));
                scroll_to_exercise(app);
                if app.focus == Focus::Answer {
                    app.focus = Focus::Exercise;
                }
            }
        }
        Message::Lesson(1) if app.lesson + 1 == app.lessons.len() => app.mode = Mode::Course,
        Message::Lesson(delta) => {
            let last = app.lessons.len().saturating_sub(1);
            app.mode = Mode::Browse;
            app.open_lesson(step(app.lesson, delta, last));
            app.focus = Focus::Lesson;
        }
        Message::Continue => {
            // Sent from the lesson-complete overlay too, which it closes.
            app.mode = Mode::Browse;
            match app.first_unfinished() {
                Some((lesson, n)) => {
                    app.continue_at(lesson, n);
                    scroll_to_exercise(app);
                }
                // Every exercise solved: the end of the course.
                None => app.mode = Mode::Course,
            }
        }
        Message::StartTyping => {
            if app.page.cards.is_empty() {
                notice(app, "this lesson has no exercises");
            } else {
                app.focus = Focus::Answer;
            }
        }
        Message::Edit(edit) if app.mode == Mode::Console => {
            if let Some(c) = app.console.as_mut() {
                c.edit(edit);
            }
        }
        Message::Edit(edit) => {
            if app.mode == Mode::Playground {
                if let Some(p) = app.playground.as_mut() {
                    p.edit(edit);
                }
            } else if app.focus == Focus::Answer {
                app.answer.apply(edit);
            }
        }
        Message::Submit => return submit(app),
        Message::Hint => return hint(app),
        Message::Reveal => return reveal(app),
        Message::AskResetExercise if !app.page.cards.is_empty() => {
            app.mode = Mode::Confirm(Confirm::ResetExercise {
                lesson: app.lesson,
                exercise: app.exercise,
            });
        }
        Message::AskResetLesson if !app.page.cards.is_empty() => {
            app.mode = Mode::Confirm(Confirm::ResetLesson { lesson: app.lesson });
        }
        Message::AskResetExercise | Message::AskResetLesson => {
            notice(app, "this lesson has no exercises");
        }
        Message::Confirm(yes) => return confirm(app, yes),
        Message::OpenPlayground => {
            let (seed, now) = (app.settings.seed, app.settings.now_ms);
            let deferred = app.work.is_deferred();
            app.playground
                .get_or_insert_with(|| {
                    let mut p = Playground::new(seed, now);
                    p.set_deferred(deferred);
                    p
                })
                .set_lang(app.settings.lang);
            app.mode = Mode::Playground;
        }
        Message::ClosePlayground => app.mode = Mode::Browse,
        Message::PlaygroundFocus(delta) => {
            if let Some(p) = app.playground.as_mut() {
                if delta < 0 {
                    p.focus_prev();
                } else {
                    p.focus_next();
                }
            }
        }
        Message::PlaygroundAdd => {
            if let Some(Err(e)) = app.playground.as_mut().map(Playground::add_document) {
                app.notice = Some(Notice {
                    text: e,
                    error: true,
                });
            }
        }
        Message::PlaygroundRemove => {
            if let Some(p) = app.playground.as_mut() {
                p.remove_selected();
            }
        }
        Message::PlaygroundSelect(delta) => {
            if let Some(p) = app.playground.as_mut() {
                p.select(delta);
            }
        }
        Message::PlaygroundLoad => {
            if let Some(p) = app.playground.as_mut() {
                p.load_selected();
            }
        }
        Message::Click(x, y) => click(app, x, y),
        Message::Wheel(x, y, lines) => wheel(app, x, y, lines),
        Message::ExerciseScroll(delta) => panel::scroll(app, delta),
        Message::ExerciseScrollPage(pages) => panel::scroll_pages(app, pages),
        Message::Choose(n) => return panel::choose(app, n),
        Message::Review => {
            app.review_next();
            scroll_to_exercise(app);
        }
        Message::OpenConsole
        | Message::CloseConsole
        | Message::ConsoleSubmit
        | Message::ConsoleComplete
        | Message::ConsoleHistory(_)
        | Message::ConsoleFocus(_)
        | Message::ConsoleBack
        | Message::ConsoleSelect(_)
        | Message::ConsoleOpenDocument
        | Message::ConsoleCloseHex
        | Message::ConsoleScroll(_)
        | Message::ConsoleScrollPage(_)
        | Message::ConsoleType => return console::apply(app, message),
    }
    None
}

/// A notice in the interface's language.
fn notice(app: &mut App, en: &'static str) {
    app.notice = Some(Notice {
        text: tr(app.settings.lang, en).to_string(),
        error: false,
    });
}

/// `current + delta`, kept within `0..=last`.
fn step(current: usize, delta: isize, last: usize) -> usize {
    current.saturating_add_signed(delta).min(last)
}

fn back(app: &mut App) {
    match &app.mode {
        Mode::Help(_) => {
            update(app, Message::ToggleHelp);
        }
        Mode::Confirm(_) | Mode::Complete { .. } | Mode::Alert(_) | Mode::Course => {
            app.mode = Mode::Browse
        }
        Mode::Playground | Mode::Console => app.mode = Mode::Browse,
        Mode::Browse => {
            app.focus = match app.focus {
                Focus::Answer => Focus::Exercise,
                _ => Focus::List,
            }
        }
    }
}

fn list_open(app: &mut App) {
    match app.list_items().get(app.list_selected).copied() {
        Some(ListItem::Lesson(i)) => {
            app.open_lesson(i);
            app.focus = Focus::Lesson;
        }
        Some(ListItem::Exercise(_, n)) => {
            let selected = app.list_selected;
            app.select_exercise(n);
            scroll_to_exercise(app);
            app.list_selected = selected;
            app.focus = Focus::Exercise;
        }
        Some(ListItem::Review) => {
            app.review_next();
            scroll_to_exercise(app);
        }
        None => {}
    }
}

fn max_scroll(app: &App) -> usize {
    let area = view::areas(app, app.screen()).lesson;
    let text = view::lesson::lesson_text(app, view::lesson::text_width(area));
    text.lines
        .len()
        .saturating_sub(area.height.saturating_sub(2) as usize)
}

fn scroll(app: &mut App, delta: isize) {
    app.scroll = step(app.scroll, delta, max_scroll(app));
    app.focus = Focus::Lesson;
}

fn scroll_to_exercise(app: &mut App) {
    let area = view::areas(app, app.screen()).lesson;
    let text = view::lesson::lesson_text(app, view::lesson::text_width(area));
    if let Some(&line) = text.exercise_lines.get(app.exercise) {
        app.scroll = line.min(max_scroll(app));
    }
}

fn lesson_done(app: &App) -> bool {
    lesson_done_at(app, app.lesson)
}

fn lesson_done_at(app: &App, lesson: usize) -> bool {
    let (_, done) = app.lesson_counts(lesson);
    done == app.exercise_count(lesson) && done > 0
}

fn record_key(app: &App) -> Option<String> {
    Some(key(&app.current()?.id, app.exercise + 1))
}

/// Files the typed answer's check; [`answered`] records it when it comes back.
fn submit(app: &mut App) -> Option<Effect> {
    let card = app.page.cards.get(app.exercise)?;
    let text = app.answer.text().trim().to_string();
    if text.is_empty() {
        app.feedback = Some(Feedback {
            outcome: Outcome::Unreadable,
            text: tr(app.settings.lang, "type an answer first").into(),
            marks: None,
        });
        return None;
    }
    let ctx = LessonContext {
        // A review shows the exercise in the classroom of its own seed: judged there too.
        room: app.room_for(app.lesson),
        lang: app.settings.lang,
    };
    let task = Task::Answer {
        exercise: Box::new(card.exercise.clone()),
        text: text.clone(),
        ctx,
    };
    app.checking = Some(Checking {
        lesson: app.lesson,
        exercise: app.exercise,
        text,
    });
    app.feedback = None;
    // After a check keys are commands again: h, r and x act at once; Enter types again.
    if app.focus == Focus::Answer {
        app.focus = Focus::Exercise;
    }
    let job = app.work.file(Kind::Answer, task)?;
    finished(app, run_inline(job).into())
}

fn hint(app: &mut App) -> Option<Effect> {
    let card = app.page.cards.get(app.exercise)?;
    let shown = app.hints_shown(app.exercise);
    if shown >= card.hints.len() {
        let lang = app.settings.lang;
        let text = if card.hints.is_empty() {
            tr(lang, "this exercise has no hints").to_string()
        } else {
            trf(
                lang,
                "no more hints: {key_for} reveals the answer after a wrong attempt",
                &[&key_for(Context::Commands, &Message::Reveal, lang)],
            )
        };
        app.notice = Some(Notice { text, error: false });
        return None;
    }
    let id = app.current()?.id.clone();
    app.progress.hinted(&id, app.exercise + 1);
    app.changed.insert(record_key(app)?);
    panel::show(app, panel::Part::LastHint);
    Some(Effect::Save)
}

fn reveal(app: &mut App) -> Option<Effect> {
    app.page.cards.get(app.exercise)?;
    let status = app.status(app.lesson, app.exercise);
    if status == Status::Solved {
        app.revealed = true;
        panel::show(app, panel::Part::Revealed);
        return None;
    }
    if app.attempts(app.exercise) == 0 {
        notice(
            app,
            "try an answer first: the answer can be revealed after a wrong attempt",
        );
        return None;
    }
    let was_done = lesson_done(app);
    let id = app.current()?.id.clone();
    app.progress.revealed(&id, app.exercise + 1);
    app.changed.insert(record_key(app)?);
    app.revealed = true;
    if app.focus == Focus::Answer {
        app.focus = Focus::Exercise;
    }
    panel::show(app, panel::Part::Revealed);
    if !was_done && lesson_done(app) {
        app.mode = app.lesson_end(app.lesson);
    }
    Some(Effect::Save)
}

fn confirm(app: &mut App, yes: bool) -> Option<Effect> {
    let Mode::Confirm(what) = std::mem::replace(&mut app.mode, Mode::Browse) else {
        return None;
    };
    if !yes {
        return None;
    }
    match what {
        Confirm::ResetExercise { lesson, exercise } => {
            let id = app.lessons.get(lesson)?.id.clone();
            app.progress.reset_exercise(&id, exercise + 1);
            app.changed.insert(key(&id, exercise + 1));
            app.notice = Some(Notice {
                text: trf(
                    app.settings.lang,
                    "exercise {exercise} reset",
                    &[&(exercise + 1)],
                ),
                error: false,
            });
        }
        Confirm::ResetLesson { lesson } => {
            let id = app.lessons.get(lesson)?.id.clone();
            app.progress.reset_lesson(&id);
            for n in 1..=app.exercise_count(lesson) {
                app.changed.insert(key(&id, n));
            }
            app.notice = Some(Notice {
                text: trf(app.settings.lang, "lesson {id} reset", &[&id]),
                error: false,
            });
        }
    }
    app.answer.set("");
    app.select_exercise(app.exercise);
    Some(Effect::Save)
}

fn click(app: &mut App, x: u16, y: u16) {
    let at = ratatui::layout::Position::new(x, y);
    match app.mode {
        Mode::Playground => {
            let body = view::areas(app, app.screen()).body;
            if let Some(p) = app.playground.as_mut() {
                p.click(body, x, y);
            }
        }
        Mode::Console => {
            let body = view::areas(app, app.screen()).body;
            let lang = app.settings.lang;
            if let Some(c) = app.console.as_mut() {
                c.click(body, lang, x, y);
            }
        }
        Mode::Browse => {
            let areas = view::areas(app, app.screen());
            if areas.list.contains(at) {
                let row = (y - areas.list.y).saturating_sub(1) as usize;
                let index = app.list_offset.get() + row;
                if y > areas.list.y && index < app.list_items().len() {
                    app.list_selected = index;
                    list_open(app);
                }
                app.focus = if app.focus == Focus::Exercise {
                    Focus::Exercise
                } else {
                    Focus::List
                };
            } else if areas.lesson.contains(at) {
                app.focus = Focus::Lesson;
            } else if areas.hex.contains(at) {
                app.focus = Focus::Hex;
                if let Some(Ok(model)) = app.page.documents.get(app.document).map(|d| &d.model) {
                    app.hex.click(model, x, y);
                }
            } else if areas.exercise.contains(at) && !app.page.cards.is_empty() {
                // The answer line types; the rest of the panel takes its keys (a–e, scrolling).
                let answer_row = areas.exercise.bottom().saturating_sub(2);
                app.focus = if y == answer_row {
                    Focus::Answer
                } else {
                    Focus::Exercise
                };
            }
        }
        _ => {}
    }
}

fn wheel(app: &mut App, x: u16, y: u16, lines: i32) {
    let at = ratatui::layout::Position::new(x, y);
    match app.mode {
        Mode::Playground => {
            if let Some(p) = app.playground.as_mut() {
                p.hex_scroll(lines);
            }
        }
        Mode::Console => {
            let body = view::areas(app, app.screen()).body;
            let lang = app.settings.lang;
            if let Some(c) = app.console.as_mut() {
                c.wheel(body, lang, x, y, lines);
            }
        }
        Mode::Browse => {
            let areas = view::areas(app, app.screen());
            // The list first: on a narrow screen it is drawn over the other panels.
            if areas.list.contains(at) {
                let last = app.list_items().len().saturating_sub(1);
                app.list_selected = step(app.list_selected, lines.signum() as isize, last);
            } else if areas.hex.contains(at) {
                app.hex.scroll_by(lines);
            } else if areas.exercise.contains(at) {
                panel::scroll(app, lines as isize);
            } else {
                app.scroll = step(app.scroll, lines as isize, max_scroll(app));
            }
        }
        _ => {}
    }
}
