//! `bson-tutor` with no command: the interactive tutorial. This file owns the terminal: it
//! sets it up through ratatui's `init` (which restores it on panic), turns terminal events
//! into messages, runs the computations `update` files on workers under a time budget
//! ([`workers`]), saves progress when the update asks, and restores the terminal on quit,
//! Ctrl-C, every signal that asks for an end and an abort ([`terminal`]).

pub(super) mod terminal;
mod workers;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bson_tutor::strings::localize::Localize;
use bson_tutor::tui::app::{App, Mode, Notice, Settings};
use bson_tutor::tui::keymap;
use bson_tutor::tui::message::Message;
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::{Effect, update};
use bson_tutor::tui::view;
use bson_tutor::tui::work::Work;
use ratatui::crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;

use super::args::parse_now;
use super::error::{CliError, fail};
use super::i18n::{t, tf};
use super::lesson::{ProgressFile, Source, load};
use super::store::Store;
use workers::Workers;

/// Options of the interactive tutorial (`bson-tutor` with no command).
#[derive(Debug, clap::Args)]
pub struct TuiArgs {
    /// Colours: dark, light, high-contrast or mono (NO_COLOR set in the environment means mono).
    #[arg(long, value_name = "THEME", value_parser = ["dark", "light", "high-contrast", "mono"])]
    pub theme: Option<String>,
    /// Fix the seed of generated ObjectIds and UUIDs, so a whole class sees the same ones.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): `new Date()` and the time in
    /// generated ObjectIds read this, the same for a whole class.
    #[arg(long, value_name = "ISO-TIME", value_parser = parse_now)]
    pub now: Option<i64>,
    /// Leave the mouse to the terminal (text selection) instead of clicks and the wheel.
    #[arg(long)]
    pub no_mouse: bool,
    /// Where lessons come from.
    #[command(flatten)]
    pub source: Source,
    /// Where progress is kept.
    #[command(flatten)]
    pub progress: ProgressFile,
}

impl TuiArgs {
    /// The first option given, if any (they belong to the tutorial, not to a command).
    pub fn given(&self) -> Option<&'static str> {
        [
            (self.theme.is_some(), "--theme"),
            (self.seed.is_some(), "--seed"),
            (self.now.is_some(), "--now"),
            (self.no_mouse, "--no-mouse"),
            (self.source.lessons.is_some(), "--lessons"),
            (self.source.with_builtin, "--with-builtin"),
            (self.progress.progress.is_some(), "--progress"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// Runs the tutorial until the learner quits.
pub fn run(args: &TuiArgs) -> ExitCode {
    let started = std::time::Instant::now();
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        let message = format!(
            "{}{}",
            t("error: "),
            t(
                "the tutorial needs a terminal (standard input and output are not one).\nEvery lesson is also plain text: bson-tutor lessons, bson-tutor show ID.\nSee bson-tutor --help for all the commands."
            )
        );
        super::out::eprint_line(&message);
        return ExitCode::from(2);
    }
    let mut broken = Vec::new();
    let lessons = match load(args.source.lessons.as_deref(), args.source.with_builtin) {
        Ok(all) => {
            let mut good = Vec::new();
            for result in all {
                match result {
                    Ok(loaded) => good.push(loaded.lesson),
                    Err(e) => broken.push(e),
                }
            }
            good
        }
        Err(e) => return fail(&e),
    };
    let lang = super::i18n::lang();
    for e in &broken {
        super::out::eprint_line(super::out::safe_lines(&e.to_string_in(lang)));
    }
    let mut problems = Vec::new();
    let lessons =
        super::i18n::localized(lessons, lang, args.source.lessons.as_deref(), &mut problems);
    for p in &problems {
        super::out::eprint_line(super::out::safe_lines(p));
    }
    if lessons.is_empty() {
        return fail(&CliError::NoLessons);
    }
    let store = args.progress.store();
    let (progress, moved) = match store.load() {
        Ok(loaded) => loaded,
        Err(e) => return fail(&e.into()),
    };
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let theme = Theme::pick(
        args.theme.as_deref().and_then(ThemeName::from_name),
        no_color,
    );
    let now_ms = args
        .now
        .unwrap_or_else(|| jiff::Timestamp::now().as_millisecond());
    let settings = Settings {
        theme,
        seed: args.seed.unwrap_or_else(rand::random),
        seed_fixed: args.seed.is_some(),
        now_ms,
        now_fixed: args.now.is_some(),
        lang,
        progress_path: store.path().map(|p| p.display().to_string()),
    };
    // Lesson pages, answers and the playground are computed by workers, the first page too.
    let mut app = App::with_work(lessons, progress, settings, Work::deferred());
    // The console panel's clock, unless --now fixes it: this process's wall clock.
    app.wall_clock = Some(bson_tutor::tui::app::WallClock(std::sync::Arc::new(|| {
        jiff::Timestamp::now().as_millisecond()
    })));
    if let Some(notice) = moved {
        let text = notice.to_string_in(lang);
        // Also on the main screen, whole, for after the tutorial.
        super::out::eprint_line(super::out::safe_lines(&format!("bson-tutor: {text}")));
        app.mode = Mode::Alert(text);
    } else if let Some(first) = broken.first() {
        // The tutorial opens on the lessons that load; the status bar says which did not
        // (`bson-tutor check DIR` lists them all).
        let more = match broken.len() {
            1 => String::new(),
            n => tf(" (and {n} more: bson-tutor check)", &[&(n - 1)]),
        };
        app.notice = Some(Notice {
            text: format!(
                "{}{more}",
                tf(
                    "not loaded: {file}:{line}:{column}: {display_in}",
                    &[
                        &first.file,
                        &first.line,
                        &first.column,
                        &bson_tutor::strings::localize::Localize::display_in(
                            &first.kind,
                            super::i18n::lang()
                        )
                    ]
                )
            ),
            error: true,
        });
    }

    let stop = Arc::new(AtomicBool::new(false));
    if let Err(e) = terminal::watch(&stop) {
        return fail(&CliError::Signals(e));
    }

    let mut terminal = ratatui::init();
    quiet_worker_panics();
    let mouse = !args.no_mouse;
    let _ = execute!(std::io::stdout(), EnableBracketedPaste);
    if mouse {
        let _ = execute!(std::io::stdout(), EnableMouseCapture);
    }
    let result = event_loop(&mut terminal, &mut app, &store, &stop, started);
    // Save before touching the terminal: after a hangup it is gone, and writing to it fails.
    let saved = save(&mut app, &store);
    let alive = execute!(std::io::stdout(), DisableBracketedPaste).is_ok();
    if alive {
        if mouse {
            let _ = execute!(std::io::stdout(), DisableMouseCapture);
        }
        ratatui::restore();
    } else {
        // No terminal to restore: dropping ours would try to show its cursor and report
        // the failure on a standard error that is gone too.
        std::mem::forget(terminal);
    }
    let _ = std::io::stdout().flush();
    match (result, saved) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(e), _) | (_, Err(e)) => {
            // `eprintln!` would panic on a closed terminal.
            let _ = writeln!(std::io::stderr(), "{}{}", t("error: "), e.display_in(lang));
            ExitCode::from(1)
        }
    }
}

/// A panic on a worker thread is the engine's bug in one computation: the worker reports it
/// to the panel (as the computation's failure); the terminal, which ratatui's hook would
/// restore for a panic of the interface's own thread, stays the tutor's.
fn quiet_worker_panics() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() != Some(workers::THREAD_NAME) {
            previous(info);
        }
    }));
}

/// How long the loop waits, after a keystroke that asked for a computation, for its result
/// before drawing: long enough for what takes a millisecond, short enough not to be felt.
const SETTLE: Duration = Duration::from_millis(15);

/// How long the first frame waits for the first lesson's page.
const FIRST_PAGE: Duration = Duration::from_millis(500);

/// Draws when something changed, waits for events without spinning (a blocking poll with a
/// timeout, so signals are noticed within a quarter second, and the workers every
/// [`workers::TICK`] while one runs), and applies them.
fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    store: &Store,
    stop: &AtomicBool,
    started: std::time::Instant,
) -> Result<(), CliError> {
    let size = terminal.size().map_err(CliError::Terminal)?;
    app.size = (size.width, size.height);
    let debug_panic = std::env::var_os("BSON_TUTOR_DEBUG_PANIC").is_some();
    let debug_abort = std::env::var_os("BSON_TUTOR_DEBUG_ABORT").is_some();
    let exit_after_frame = std::env::var_os("BSON_TUTOR_EXIT_AFTER_FIRST_FRAME").is_some();
    let mut workers = Workers::new(workers::BUDGET);
    for job in app.work.take_jobs() {
        workers.submit(job);
    }
    workers.settle(FIRST_PAGE);
    let result = run_loop(
        terminal,
        app,
        store,
        stop,
        started,
        &mut workers,
        (debug_panic, debug_abort, exit_after_frame),
    );
    // Nobody waits for a computation once the tutor ends.
    workers.cancel_all();
    result
}

fn run_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    store: &Store,
    stop: &AtomicBool,
    started: std::time::Instant,
    workers: &mut Workers,
    (debug_panic, debug_abort, exit_after_frame): (bool, bool, bool),
) -> Result<(), CliError> {
    let mut dirty = true;
    loop {
        for done in workers.collect(Instant::now()) {
            dirty = true;
            if let Flow::Quit = apply(app, store, workers, Message::Finished(done.into())) {
                return Ok(());
            }
        }
        if dirty {
            terminal
                .draw(|frame| {
                    // The frame may be newer than the last resize message: the update logic
                    // lays out what was drawn.
                    let area = frame.area();
                    app.size = (area.width, area.height);
                    frame.render_widget(&*app, area);
                    if let Some(at) = view::cursor(app, area) {
                        frame.set_cursor_position(at);
                    }
                })
                .map_err(CliError::Terminal)?;
            dirty = false;
            // A hidden switch for the test that a panic leaves the terminal usable.
            assert!(
                !debug_panic,
                "BSON_TUTOR_DEBUG_PANIC is set: panicking on purpose"
            );
            if debug_abort {
                // The test that an allocation failure leaves the terminal usable: the path
                // a failed allocation takes (a message, then an abort).
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u8; 1 << 20]>());
            }
            if exit_after_frame {
                // For measuring the time to the first frame (see README, Tests).
                super::out::eprint_line(format!(
                    "first frame drawn {} µs after start",
                    started.elapsed().as_micros()
                ));
                return Ok(());
            }
        }
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        let wait = if workers.busy() {
            workers::TICK
        } else {
            Duration::from_millis(250)
        };
        if !event::poll(wait).map_err(CliError::Terminal)? {
            continue;
        }
        let ev = event::read().map_err(CliError::Terminal)?;
        let Some(message) = keymap::message(app, &ev) else {
            continue;
        };
        // Monotonic milliseconds for the time spent on exercises (never 0: 0 means none).
        app.clock_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX) + 1;
        dirty = true;
        if let Flow::Quit = apply(app, store, workers, message) {
            return Ok(());
        }
        if workers.busy() {
            workers.settle(SETTLE);
        }
    }
}

/// Whether the loop goes on.
enum Flow {
    Go,
    Quit,
}

/// Applies `message`, performs the effect the update asks for, and hands the computations it
/// filed to the workers (each superseding the one of its kind).
fn apply(app: &mut App, store: &Store, workers: &mut Workers, message: Message) -> Flow {
    let effect = update(app, message);
    for job in app.work.take_jobs() {
        workers.submit(job);
    }
    for kind in app.work.take_stops() {
        workers.stop(kind);
    }
    match effect {
        Some(Effect::Quit) => return Flow::Quit,
        Some(Effect::Save) => {
            if let Err(e) = save(app, store) {
                app.notice = Some(Notice {
                    text: e.to_string_in(app.settings.lang),
                    error: true,
                });
            }
        }
        None => {}
    }
    Flow::Go
}

/// Saves this instance's changes, merged into whatever another instance saved meanwhile.
fn save(app: &mut App, store: &Store) -> Result<(), CliError> {
    if store.path().is_none() {
        return Ok(());
    }
    let merged = store.save(&app.progress, &app.changed)?;
    app.progress = merged;
    app.changed.clear();
    Ok(())
}
