//! `bson-tutor browse FILE`: the binary's half of the browser. It opens the file, refuses
//! what cannot be read by window (gzip, a pipe, a directory) with a typed error, sets the
//! terminal up as the tutorial does (restored on quit, panic, abort and every stopping
//! signal, by [`super::tui::terminal`]), and runs the loop: a key becomes a message, and
//! while the index or a search has work, a tick between keys does a bounded part of it.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bson_tutor::dump::index::{DocumentIndex, OpenError};
use bson_tutor::strings::localize::Localize;
use bson_tutor::tui::browse::view;
use bson_tutor::tui::browse::{Browser, Effect, Message, keymap, update};
use bson_tutor::tui::theme::{Theme, ThemeName};
use ratatui::crossterm::event;

use super::error::{CliError, FileKind, fail};
use super::i18n::t;
use super::tui::terminal;

/// Options of `bson-tutor browse`.
#[derive(Debug, clap::Args)]
pub struct BrowseArgs {
    /// The .bson file: documents back to back, as mongodump writes them. Read by window
    /// (length prefixes, then one document at a time), so its size does not matter; a
    /// .bson.gz must be decompressed first (gunzip -k FILE).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Start with this filter (mongosh syntax or Extended JSON) and go to its first match.
    #[arg(long, value_name = "FILTER")]
    pub filter: Option<String>,
    /// Colours: dark, light, high-contrast or mono (NO_COLOR set in the environment means mono).
    #[arg(long, value_name = "THEME", value_parser = ["dark", "light", "high-contrast", "mono"])]
    pub theme: Option<String>,
}

/// Runs the browser until the reader quits.
pub fn run(args: &BrowseArgs) -> ExitCode {
    let started = Instant::now();
    let shown = args.file.display().to_string();
    let io = |error| CliError::Io {
        path: args.file.clone(),
        error,
    };
    let metadata = match std::fs::metadata(&args.file) {
        Ok(m) => m,
        Err(e) => return fail(&io(e)),
    };
    if let Some(kind) = FileKind::of(&metadata) {
        return fail(&CliError::BrowseNotAFile { path: shown, kind });
    }
    let file = match std::fs::File::open(&args.file) {
        Ok(f) => f,
        Err(e) => return fail(&io(e)),
    };
    let index = match DocumentIndex::open(file) {
        Ok(index) => index,
        Err(OpenError::Compressed) => return fail(&CliError::BrowseCompressed { path: shown }),
        Err(OpenError::Io(e)) => return fail(&io(e)),
        Err(e) => {
            return fail(&CliError::Io {
                path: args.file.clone(),
                error: std::io::Error::other(e.to_string()),
            });
        }
    };
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return fail(&CliError::BrowseNeedsTerminal);
    }
    let lang = super::i18n::lang();
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let theme = Theme::pick(
        args.theme.as_deref().and_then(ThemeName::from_name),
        no_color,
    );
    let mut browser = Browser::new(index, shown, theme, lang);
    if let Some(filter) = &args.filter {
        // As if typed: the filter line, then Enter (a filter that does not parse stays on
        // the line with the reason).
        update(&mut browser, Message::OpenFilter);
        for c in filter.chars() {
            update(&mut browser, Message::Type(c));
        }
        update(&mut browser, Message::Submit);
    }

    let stop = Arc::new(AtomicBool::new(false));
    if let Err(e) = terminal::watch(&stop) {
        return fail(&CliError::Signals(e));
    }
    let mut term = ratatui::init();
    let result = event_loop(&mut term, &mut browser, &stop, started);
    ratatui::restore();
    let _ = std::io::stdout().flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "{}{}", t("error: "), e.display_in(lang));
            ExitCode::from(1)
        }
    }
}

/// Draws when something changed; between keys, ticks while there is work (without waiting),
/// else waits a quarter second at most, so a signal is noticed.
fn event_loop<R: std::io::Read + std::io::Seek>(
    term: &mut ratatui::DefaultTerminal,
    browser: &mut Browser<R>,
    stop: &AtomicBool,
    started: Instant,
) -> Result<(), CliError> {
    let size = term.size().map_err(CliError::Terminal)?;
    browser.size = (size.width, size.height);
    let exit_after_frame = std::env::var_os("BSON_TUTOR_EXIT_AFTER_FIRST_FRAME").is_some();
    let mut dirty = true;
    loop {
        if dirty {
            term.draw(|frame| {
                let area = frame.area();
                browser.size = (area.width, area.height);
                frame.render_widget(&*browser, area);
                if let Some(at) = view::cursor(browser, area) {
                    frame.set_cursor_position(at);
                }
            })
            .map_err(CliError::Terminal)?;
            dirty = false;
            if exit_after_frame {
                // For measuring the time to the first frame (see README).
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
        let busy = browser.busy();
        let wait = if busy {
            Duration::ZERO
        } else {
            Duration::from_millis(250)
        };
        let message = if event::poll(wait).map_err(CliError::Terminal)? {
            let ev = event::read().map_err(CliError::Terminal)?;
            keymap::message(&browser.mode, browser.focus, &ev)
        } else if busy {
            Some(Message::Tick)
        } else {
            None
        };
        if let Some(message) = message {
            dirty = true;
            if update(browser, message) == Some(Effect::Quit) {
                return Ok(());
            }
        }
    }
}
