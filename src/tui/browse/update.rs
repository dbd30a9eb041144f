//! The only place the browser's state changes: one message at a time, each tick a bounded
//! amount of indexing and searching.

use std::io::{Read, Seek};

use super::message::Message;
use super::model::{
    ActiveFilter, Browser, Focus, Goal, INDEX_STEP, Mode, Notice, SEARCH_STEP, Shown, Task, matches,
};
use crate::bson::shell::FixedGenerator;
use crate::bson::text::parse_document;
use crate::query::matcher::Filter;
use crate::strings::localize::Localize;
use crate::strings::{tr, trf};

/// What the binary must do after an update.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// End the browser and give the terminal back.
    Quit,
}

/// Why a jump line does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JumpError {
    /// Nothing typed, or not a number.
    NotANumber,
    /// Document 0: documents count from 1.
    Zero,
}

/// Reads a jump line: `42` is the 42nd document; `@1024`, `@0x400` and `0x400` are the
/// document holding that byte.
///
/// # Errors
/// [`JumpError`] when the line is no number, or is document 0.
///
/// # Examples
/// ```
/// use bson_tutor::tui::browse::model::Goal;
/// use bson_tutor::tui::browse::update::parse_goal;
/// assert_eq!(parse_goal("3"), Ok(Goal::Document(2)));
/// assert_eq!(parse_goal("@0x10"), Ok(Goal::Offset(16)));
/// assert_eq!(parse_goal(" 0x10 "), Ok(Goal::Offset(16)));
/// assert_eq!(parse_goal("@16"), Ok(Goal::Offset(16)));
/// assert!(parse_goal("0").is_err());
/// ```
pub fn parse_goal(text: &str) -> Result<Goal, JumpError> {
    let text = text.trim().replace(['_', ','], "");
    let hex = |s: &str| {
        s.strip_prefix("0x")
            .or_else(|| s.strip_prefix("0X"))
            .map(|h| u64::from_str_radix(h, 16).map_err(|_| JumpError::NotANumber))
    };
    if let Some(at) = text.strip_prefix('@') {
        let at = at.trim();
        return hex(at)
            .unwrap_or_else(|| at.parse().map_err(|_| JumpError::NotANumber))
            .map(Goal::Offset);
    }
    if let Some(offset) = hex(&text) {
        return offset.map(Goal::Offset);
    }
    let n: usize = text.parse().map_err(|_| JumpError::NotANumber)?;
    n.checked_sub(1).map(Goal::Document).ok_or(JumpError::Zero)
}

/// Applies `message`.
pub fn update<R: Read + Seek>(b: &mut Browser<R>, message: Message) -> Option<Effect> {
    let last = b.index.len().saturating_sub(1);
    let page = usize::from(b.size.1.saturating_sub(6)).max(1);
    match message {
        Message::Quit => return Some(Effect::Quit),
        Message::Resize(w, h) => b.size = (w, h),
        Message::Tick => tick(b),
        Message::Down => go(b, (b.current + 1).min(last)),
        Message::Up => go(b, b.current.saturating_sub(1)),
        Message::PageDown => go(b, (b.current + page).min(last)),
        Message::PageUp => go(b, b.current.saturating_sub(page)),
        Message::First => go(b, 0),
        Message::Last => reach(b, Goal::Last),
        Message::Hex(mv) => {
            if let Shown::Hex(model) = &b.shown {
                b.hex.apply(model, mv);
            }
        }
        Message::SwitchFocus => b.focus = b.focus.next(),
        Message::OpenJump => b.mode = Mode::Jump(String::new()),
        Message::OpenFilter => {
            let text = b
                .filter
                .as_ref()
                .map(|f| f.text.clone())
                .unwrap_or_default();
            b.mode = Mode::Filter(text);
        }
        Message::NextMatch => {
            if b.filter.is_some() {
                search_from(b, b.current + 1);
            } else {
                b.notice = Some(Notice {
                    text: tr(b.lang, "no filter yet: press / to type one").into(),
                    error: true,
                });
            }
        }
        Message::Help => {
            b.mode = match b.mode {
                Mode::Help => Mode::Normal,
                _ => Mode::Help,
            }
        }
        Message::Type(c) => {
            if let Mode::Jump(line) | Mode::Filter(line) = &mut b.mode {
                line.push(c);
            }
        }
        Message::Backspace => {
            if let Mode::Jump(line) | Mode::Filter(line) = &mut b.mode {
                line.pop();
            }
        }
        Message::Submit => submit(b),
        Message::Cancel => cancel(b),
    }
    None
}

/// Makes document `n` current, from the list.
fn go<R: Read + Seek>(b: &mut Browser<R>, n: usize) {
    if n != b.current || matches!(b.shown, Shown::Nothing) {
        b.load(n);
    }
    b.notice = None;
}

fn submit<R: Read + Seek>(b: &mut Browser<R>) {
    match std::mem::take(&mut b.mode) {
        Mode::Jump(line) => match parse_goal(&line) {
            Ok(goal) => reach(b, goal),
            Err(e) => {
                let why = match e {
                    JumpError::NotANumber => trf(
                        b.lang,
                        "“{line}” is not a document number, nor @offset or 0x… for a byte",
                        &[&line.trim()],
                    ),
                    JumpError::Zero => tr(b.lang, "documents count from 1").into(),
                };
                b.notice = Some(Notice {
                    text: why,
                    error: true,
                });
                b.mode = Mode::Jump(line);
            }
        },
        Mode::Filter(line) => {
            if line.trim().is_empty() {
                b.filter = None;
                b.verdict = None;
                b.notice = Some(Notice {
                    text: tr(b.lang, "filter cleared").into(),
                    error: false,
                });
                return;
            }
            match parse_filter(&line, b.lang) {
                Ok(filter) => {
                    b.filter = Some(ActiveFilter { text: line, filter });
                    let current = b.current;
                    b.load(current);
                    search_from(b, current + 1);
                }
                Err(why) => {
                    b.notice = Some(Notice {
                        text: why,
                        error: true,
                    });
                    b.mode = Mode::Filter(line);
                }
            }
        }
        other => b.mode = other,
    }
}

/// The filter the text says, or why not, in `lang`.
fn parse_filter(text: &str, lang: crate::strings::Lang) -> Result<Filter, String> {
    // The browser reads no clock: a filter's `new ObjectId()` or `new Date()` gets fixed ones.
    // The parser's first line: the line with a caret under it repeats what the line shows.
    let parsed = parse_document(text, None, &mut FixedGenerator::new(0)).map_err(|e| {
        let text = e.to_string_in(lang);
        text.lines().next().unwrap_or_default().to_owned()
    })?;
    Filter::parse(&parsed.value).map_err(|e| e.to_string_in(lang))
}

fn cancel<R: Read + Seek>(b: &mut Browser<R>) {
    if b.mode != Mode::Normal {
        b.mode = Mode::Normal;
        return;
    }
    match b.task {
        Task::Idle => {
            if b.focus == Focus::Hex {
                b.focus = Focus::List;
            }
        }
        Task::Searching { next } => {
            b.task = Task::Idle;
            b.notice = Some(Notice {
                text: trf(b.lang, "search stopped at document {n}", &[&(next + 1)]),
                error: false,
            });
        }
        Task::Waiting(_) => {
            b.task = Task::Idle;
            b.notice = Some(Notice {
                text: tr(b.lang, "jump cancelled").into(),
                error: false,
            });
        }
    }
}

/// Goes to `goal` now if the index knows it, else after the ticks that index it.
fn reach<R: Read + Seek>(b: &mut Browser<R>, goal: Goal) {
    b.notice = None;
    b.task = Task::Waiting(goal);
    settle(b);
}

/// Starts looking for the next match at document `from`.
fn search_from<R: Read + Seek>(b: &mut Browser<R>, from: usize) {
    b.notice = None;
    b.task = Task::Searching { next: from };
}

/// One tick of work: index further, then reach the goal or search further.
fn tick<R: Read + Seek>(b: &mut Browser<R>) {
    if !b.index.is_done() {
        b.index.step(INDEX_STEP);
        if b.current == 0 && matches!(b.shown, Shown::Nothing) {
            b.load(0);
        }
    }
    match b.task {
        Task::Idle => {}
        Task::Waiting(_) => settle(b),
        Task::Searching { next } => search(b, next),
    }
}

/// Reaches the goal waited for, if the index now knows where it is (or knows it is not).
fn settle<R: Read + Seek>(b: &mut Browser<R>) {
    let Task::Waiting(goal) = b.task else {
        return;
    };
    let done = b.index.is_done();
    let len = b.index.len();
    let found = match goal {
        Goal::Document(n) if n < len => Ok(n),
        Goal::Offset(at) => match b.index.document_at(at) {
            Some(n) => Ok(n),
            // Past the end of the file: no need to wait for the index to say so.
            None if at >= b.index.file_len() => Err(trf(
                b.lang,
                "byte {offset} is past the end of the file ({len} bytes)",
                &[&at, &b.index.file_len()],
            )),
            None if done => Err(trf(
                b.lang,
                "no document holds byte {offset}: the documents end at byte {end}",
                &[&at, &b.index.indexed_bytes()],
            )),
            None => return,
        },
        Goal::Last if done && len > 0 => Ok(len - 1),
        _ if !done => return,
        Goal::Document(n) => Err(trf(
            b.lang,
            "there is no document {n}: the file has {count}",
            &[&(n + 1), &len],
        )),
        Goal::Last => Err(tr(b.lang, "the file holds no document").into()),
    };
    b.task = Task::Idle;
    match found {
        Ok(n) => b.load(n),
        Err(text) => b.notice = Some(Notice { text, error: true }),
    }
}

/// Tests up to [`SEARCH_STEP`] documents from `next`.
fn search<R: Read + Seek>(b: &mut Browser<R>, mut next: usize) {
    let Browser { index, filter, .. } = b;
    let Some(active) = filter else {
        b.task = Task::Idle;
        return;
    };
    for _ in 0..SEARCH_STEP {
        if next >= index.len() {
            if index.is_done() {
                let text = if index.is_empty() {
                    tr(b.lang, "the file holds no document").into()
                } else {
                    trf(
                        b.lang,
                        "no document after document {n} matches the filter",
                        &[&(b.current + 1)],
                    )
                };
                b.task = Task::Idle;
                b.notice = Some(Notice { text, error: true });
                return;
            }
            // Wait for the index.
            break;
        }
        if matches(index, next, &active.filter) {
            b.task = Task::Idle;
            b.load(next);
            return;
        }
        next += 1;
    }
    b.task = Task::Searching { next };
}
