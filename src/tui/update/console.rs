//! The console panel's messages: opening it (its console made once, for the session), the
//! prompt's keys, the transcript's selection, and the jobs that run in the console.

use super::finished::finished;
use super::{Effect, notice};
use crate::strings::{tr, trf};
use crate::tui::app::{App, Mode, Notice};
use crate::tui::console::{ConsoleFocus, ConsolePanel, Shared};
use crate::tui::message::Message;
use crate::tui::view;
use crate::tui::work::{Kind, Task, run_inline};

/// Applies a console message.
pub(super) fn apply(app: &mut App, message: Message) -> Option<Effect> {
    match message {
        Message::OpenConsole => open(app),
        Message::CloseConsole => app.mode = Mode::Browse,
        Message::ConsoleSubmit => return submit(app),
        Message::ConsoleComplete => complete(app),
        Message::ConsoleBack if app.console.as_ref().is_some_and(ConsolePanel::running) => {
            stop(app);
        }
        Message::ConsoleOpenDocument => {
            if app
                .console
                .as_mut()
                .is_some_and(ConsolePanel::open_selected)
            {
                // The transcript is shorter now: its document still shows, from its start.
                let body = view::areas(app, app.screen()).body;
                let lang = app.settings.lang;
                if let Some(panel) = app.console.as_mut() {
                    panel.reveal_selected(body, lang);
                }
            } else {
                notice(
                    app,
                    "no document is selected: print one (db.t.find()), then ↑ and ↓ select it",
                );
            }
        }
        other => {
            let body = view::areas(app, app.screen()).body;
            let lang = app.settings.lang;
            if let Some(panel) = app.console.as_mut() {
                on_panel(panel, other, body, lang);
            }
        }
    }
    None
}

/// The messages that change the panel alone.
fn on_panel(
    panel: &mut ConsolePanel,
    message: Message,
    body: ratatui::layout::Rect,
    lang: crate::strings::Lang,
) {
    match message {
        Message::ConsoleHistory(delta) => panel.recall(delta),
        Message::ConsoleFocus(delta) => panel.cycle_focus(delta > 0),
        Message::ConsoleBack => {
            // Esc at a `... ` prompt drops the statement; at an empty one it leaves for the
            // transcript, the last document selected.
            if panel.abandon() {
                return;
            }
            panel.set_focus(ConsoleFocus::Transcript);
            panel.select(0);
            panel.reveal_selected(body, lang);
        }
        Message::ConsoleSelect(delta) => {
            match delta {
                isize::MIN => panel.select_edge(false),
                isize::MAX => panel.select_edge(true),
                _ => panel.select(delta),
            }
            panel.reveal_selected(body, lang);
        }
        Message::ConsoleCloseHex => panel.close_hex(),
        Message::ConsoleScroll(lines) => panel.scroll_by(lines, body, lang),
        Message::ConsoleScrollPage(pages) => panel.scroll_pages(pages, body, lang),
        Message::ConsoleType => panel.set_focus(ConsoleFocus::Input),
        _ => {}
    }
}

/// Opens the panel; the first time, makes its console: one client process for the session,
/// the class's seed and clock (`--seed`, `--now`), or the binary's wall clock.
fn open(app: &mut App) {
    if app.console.is_none() {
        let now = app.settings.now_ms;
        let clock: crate::shell::Clock = match (&app.wall_clock, app.settings.now_fixed) {
            (Some(wall), false) => {
                let wall = wall.0.clone();
                Box::new(move || wall())
            }
            _ => Box::new(move || now),
        };
        let fixed = (app.wall_clock.is_none() || app.settings.now_fixed).then_some(now);
        match Shared::new(app.settings.seed, fixed, clock) {
            Ok(console) => app.console = Some(ConsolePanel::new(console, app.settings.lang)),
            Err(e) => {
                app.notice = Some(Notice {
                    text: trf(
                        app.settings.lang,
                        "the console could not start: {error}",
                        &[&e],
                    ),
                    error: true,
                });
                return;
            }
        }
    }
    if let Some(c) = app.console.as_mut() {
        c.set_lang(app.settings.lang);
        c.set_focus(ConsoleFocus::Input);
    }
    app.mode = Mode::Console;
}

/// Runs the typed line (with the lines of an unfinished statement) in the console.
fn submit(app: &mut App) -> Option<Effect> {
    let panel = app.console.as_mut()?;
    if panel.running() {
        notice(app, "a script is still running: Ctrl-C or Esc stops it");
        return None;
    }
    let source = panel.submit()?;
    let task = Task::Console {
        console: panel.console().clone(),
        source,
    };
    let job = app.work.file(Kind::Console, task)?;
    finished(app, run_inline(job).into())
}

/// Asks the console which names complete the line (a job: completing reads names the
/// learner's code may have made getters of).
fn complete(app: &mut App) {
    let Some(panel) = app.console.as_ref() else {
        return;
    };
    if panel.running() {
        notice(app, "a script is still running: Ctrl-C or Esc stops it");
        return;
    }
    let input = panel.input();
    let line = input.text()[..input.cursor()].to_owned();
    let task = Task::Completion {
        console: panel.console().clone(),
        line,
    };
    if let Some(job) = app.work.file(Kind::Completion, task) {
        finished(app, run_inline(job).into());
    }
}

/// Stops the script running in the console, when the console is on screen and one runs:
/// whether it did.
pub(super) fn stop(app: &mut App) -> bool {
    let running = app.mode == Mode::Console && app.console.as_ref().is_some_and(|c| c.running());
    if running {
        app.work.stop(Kind::Console);
        if let Some(c) = app.console.as_mut() {
            c.stopping();
        }
        app.notice = Some(Notice {
            text: tr(app.settings.lang, "stopping the script…").to_owned(),
            error: false,
        });
    }
    running
}
