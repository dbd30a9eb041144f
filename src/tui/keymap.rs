//! Keys and mouse events to messages: a pure function of the event and of what is on screen,
//! read from the one table of keys ([`bindings::BINDINGS`]), from which the help overlay's
//! lines and the status bar's hints are derived too.

pub mod bindings;
#[cfg(test)]
mod tests;

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::app::{App, Mode};
use super::console::{ConsoleFocus, ConsolePanel};
use super::input::Edit;
use super::message::{Focus, Message};
use super::playground::PlaygroundFocus;
use crate::lesson::progress::Status;
use crate::strings::{Lang, tr};
pub use bindings::{BINDINGS, Binding, Context, Hint, Key, SHADOWS};

/// The mouse, for the help: it is no key, but the learner should know it works.
pub const MOUSE: (&str, &str) = ("click  wheel", "select a lesson, a byte or a panel; scroll");

/// The message for a terminal event, given what is on screen; `None` for events that do
/// nothing here.
pub fn message(app: &App, event: &Event) -> Option<Message> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_message(app, key),
        Event::Mouse(mouse) => mouse_message(mouse),
        Event::Resize(w, h) => Some(Message::Resize(*w, *h)),
        Event::Paste(text) if typing(app) => Some(Message::Edit(Edit::Paste(text.clone()))),
        _ => None,
    }
}

fn mouse_message(mouse: &MouseEvent) -> Option<Message> {
    let (x, y) = (mouse.column, mouse.row);
    match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Message::Click(x, y)),
        MouseEventKind::ScrollDown => Some(Message::Wheel(x, y, 3)),
        MouseEventKind::ScrollUp => Some(Message::Wheel(x, y, -3)),
        _ => None,
    }
}

/// Whether keys are typed into a line rather than taken as commands.
pub fn typing(app: &App) -> bool {
    holds(Context::Typing, app)
}

/// The contexts in force, innermost first (see [`Context::INNERMOST_FIRST`]).
pub fn contexts(app: &App) -> Vec<Context> {
    Context::INNERMOST_FIRST
        .into_iter()
        .filter(|c| holds(*c, app))
        .collect()
}

/// Whether `context` holds for what is on screen.
fn holds(context: Context, app: &App) -> bool {
    let browse = app.mode == Mode::Browse;
    let playground = app.mode == Mode::Playground;
    let console = if app.mode == Mode::Console {
        app.console.as_ref().map(ConsolePanel::focus)
    } else {
        None
    };
    let panel = app
        .playground
        .as_ref()
        .map_or(PlaygroundFocus::Document, |p| p.focus());
    match context {
        Context::Anywhere => true,
        Context::Lessons => browse,
        Context::Commands => browse && app.focus != Focus::Answer,
        Context::List => browse && app.focus == Focus::List,
        Context::Text => browse && app.focus == Focus::Lesson,
        Context::Hex => browse && app.focus == Focus::Hex,
        Context::Bytes => {
            (browse && app.focus == Focus::Hex)
                || (playground && panel == PlaygroundFocus::Hex)
                || console == Some(ConsoleFocus::Hex)
        }
        Context::Exercise => browse && app.focus == Focus::Exercise,
        Context::Choice => {
            browse
                && app.focus == Focus::Exercise
                && app
                    .page
                    .cards
                    .get(app.exercise)
                    .is_some_and(|c| !c.options.is_empty())
        }
        Context::Answer => browse && app.focus == Focus::Answer,
        Context::Typing => {
            (browse && app.focus == Focus::Answer)
                || (playground && panel.is_input())
                || console == Some(ConsoleFocus::Input)
        }
        Context::ConsoleInput => console == Some(ConsoleFocus::Input),
        Context::ConsoleTranscript => console == Some(ConsoleFocus::Transcript),
        Context::ConsoleBytes => console == Some(ConsoleFocus::Hex),
        Context::Playground => playground,
        Context::PlaygroundDocument => playground && panel == PlaygroundFocus::Document,
        Context::PlaygroundFilter => playground && panel == PlaygroundFocus::Filter,
        Context::PlaygroundCollection => playground && panel == PlaygroundFocus::Collection,
        Context::PlaygroundCommands => {
            playground && matches!(panel, PlaygroundFocus::Collection | PlaygroundFocus::Hex)
        }
        Context::Help => matches!(app.mode, Mode::Help(_)),
        Context::Confirm => matches!(app.mode, Mode::Confirm(_)),
        Context::Alert => matches!(app.mode, Mode::Alert(_)),
        Context::Complete => matches!(app.mode, Mode::Complete { .. }),
        Context::Course => app.mode == Mode::Course,
    }
}

/// How closely `pattern` names `key`: a named key (0) before a typed character (1) before
/// any key (2); `None` when it does not.
fn rank(pattern: Key, key: &KeyEvent) -> Option<u8> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match pattern {
        Key::Plain(code) => (code == key.code && !ctrl).then_some(0),
        Key::Ctrl(code) => (code == key.code && ctrl).then_some(0),
        Key::Text => (matches!(key.code, KeyCode::Char(_)) && !ctrl).then_some(1),
        Key::Any => Some(2),
    }
}

/// The message of the closest binding in force for `key`: the closest pattern, then the
/// innermost context (see [`SHADOWS`]), then the first in the table.
fn key_message(app: &App, key: &KeyEvent) -> Option<Message> {
    let active = contexts(app);
    let (_, pattern, message) = BINDINGS
        .iter()
        .filter_map(|b| Some((active.iter().position(|c| *c == b.context)?, b)))
        .flat_map(|(depth, b)| b.keys.iter().map(move |k| (depth, k)))
        .filter_map(|(depth, (pattern, message))| {
            Some(((rank(*pattern, key)?, depth), *pattern, message))
        })
        .min_by_key(|(order, ..)| *order)?;
    Some(match (pattern, message, key.code) {
        (Key::Text, Message::Edit(Edit::Insert(_)), KeyCode::Char(c)) => {
            Message::Edit(Edit::Insert(c))
        }
        _ => message.clone(),
    })
}

impl Key {
    /// The key's name as the help and the status bar write it: `Enter`, `Ctrl-W`, `↑`,
    /// `Space`; the wildcards in `lang`.
    pub fn name(self, lang: Lang) -> String {
        match self {
            Key::Plain(code) => code_name(code),
            Key::Ctrl(KeyCode::Char(c)) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::Ctrl(code) => format!("Ctrl-{}", code_name(code)),
            Key::Text => tr(lang, "any character").into(),
            Key::Any => tr(lang, "any key").into(),
        }
    }

    /// Whether the name is an arrow, written next to its pair without a space: `↑↓`.
    fn is_arrow(self) -> bool {
        matches!(
            self,
            Key::Plain(KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right)
        )
    }
}

fn code_name(code: KeyCode) -> String {
    match code {
        KeyCode::Char(' ') => "Space".into(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        KeyCode::BackTab => "Shift-Tab".into(),
        KeyCode::Delete => "Del".into(),
        KeyCode::PageUp => "PgUp".into(),
        KeyCode::PageDown => "PgDn".into(),
        other => other.to_string(),
    }
}

/// A binding's keys in groups: a key whose message the group already has starts the next
/// group, so `↑ ↓ k j` reads as two ways to make the same two moves.
pub fn groups(keys: &[(Key, Message)]) -> Vec<Vec<(Key, Message)>> {
    let mut out: Vec<Vec<(Key, Message)>> = Vec::new();
    for (key, message) in keys {
        match out.last_mut() {
            Some(group) if !group.iter().any(|(_, m)| m == message) => {
                group.push((*key, message.clone()));
            }
            _ => out.push(vec![(*key, message.clone())]),
        }
    }
    out
}

/// The keys as the help writes them: a space within a group, two between groups
/// (`↑ ↓  k j`, `Backspace  Esc`).
pub fn keys_label(keys: &[(Key, Message)], lang: Lang) -> String {
    groups(keys)
        .iter()
        .map(|group| {
            let names: Vec<String> = group.iter().map(|(k, _)| k.name(lang)).collect();
            names.join(" ")
        })
        .collect::<Vec<_>>()
        .join("  ")
}

/// The keys the status bar names for a binding: its first group (`↑ ↓`, `[ ]`), or its first
/// key only (see [`Hint::first_key`]).
pub fn hinted_keys(binding: &Binding) -> Vec<(Key, Message)> {
    let mut first = groups(binding.keys).into_iter().next().unwrap_or_default();
    if binding.hint.is_some_and(|h| h.first_key) {
        first.truncate(1);
    }
    first
}

/// The keys as the status bar writes them, arrows side by side: `↑↓`, `PgUp PgDn`.
pub fn short_label(keys: &[(Key, Message)], lang: Lang) -> String {
    let mut out = String::new();
    let mut previous: Option<Key> = None;
    for &(key, _) in keys {
        if let Some(p) = previous
            && !(p.is_arrow() && key.is_arrow())
        {
            out.push(' ');
        }
        out.push_str(&key.name(lang));
        previous = Some(key);
    }
    out
}

/// One line of the help overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    /// The section (translated), empty under the first line of a section.
    pub section: String,
    /// The keys, and the part of the section they work in: `Enter (document line)`.
    pub keys: String,
    /// What they do (translated).
    pub what: String,
}

/// The help overlay's lines: every binding of the table in its order, one line per binding,
/// except that neighbours of one section saying the same thing share a line
/// (`Backspace  Esc   out to the enclosing element`); the mouse last.
pub fn help_lines(lang: Lang) -> Vec<HelpLine> {
    /// A line in English, its keys so far.
    struct Entry {
        section: &'static str,
        qualifier: Option<&'static str>,
        what: &'static str,
        keys: String,
    }
    let mut entries: Vec<Entry> = Vec::new();
    for b in BINDINGS {
        let (section, qualifier) = (b.context.section(), b.context.qualifier());
        let keys = keys_label(b.keys, lang);
        match entries.last_mut() {
            Some(last)
                if (last.section, last.qualifier, last.what) == (section, qualifier, b.what) =>
            {
                last.keys.push_str("  ");
                last.keys.push_str(&keys);
            }
            _ => entries.push(Entry {
                section,
                qualifier,
                what: b.what,
                keys,
            }),
        }
    }
    entries.push(Entry {
        section: "mouse",
        qualifier: None,
        what: MOUSE.1,
        keys: MOUSE.0.to_string(),
    });
    let mut section = "";
    entries
        .into_iter()
        .map(|mut e| {
            if let Some(q) = e.qualifier {
                e.keys.push_str(&format!(" ({})", tr(lang, q)));
            }
            let label = if e.section == section {
                ""
            } else {
                tr(lang, e.section)
            };
            section = e.section;
            HelpLine {
                section: label.to_string(),
                keys: e.keys,
                what: tr(lang, e.what).to_string(),
            }
        })
        .collect()
}

/// The bindings the status bar shows for what is on screen, innermost context first (the
/// panel's own keys, then the lessons' or the playground's), each with its
/// [`Hint`]: only those with a hinted key that does something now ([`works`]).
pub fn status_bindings(app: &App) -> Vec<&'static Binding> {
    let active = contexts(app);
    let mut out = Vec::new();
    for context in &active {
        for b in BINDINGS.iter().filter(|b| b.context == *context) {
            if let Some(hint) = b.hint
                && (hint.on.is_empty() || hint.on.iter().any(|c| active.contains(c)))
                && !offered_keys(app, b).is_empty()
            {
                out.push(b);
            }
        }
    }
    out
}

/// The keys the status bar names for `binding` now: its hinted keys ([`hinted_keys`]) that
/// do something ([`works`]), so `a b choose` for a question of two options.
pub fn offered_keys(app: &App, binding: &Binding) -> Vec<(Key, Message)> {
    let mut keys = hinted_keys(binding);
    keys.retain(|(_, message)| works(app, message));
    keys
}

/// The status bar's hints for what is on screen: `(keys, what)`, both in `lang`.
pub fn status_hints(app: &App) -> Vec<(String, &'static str)> {
    let lang = app.settings.lang;
    status_bindings(app)
        .into_iter()
        .filter_map(|b| {
            Some((
                short_label(&offered_keys(app, b), lang),
                tr(lang, b.hint?.text),
            ))
        })
        .collect()
}

/// Whether `message` would do something now, for the status bar, which offers only keys
/// that do: a hint while hints are left, reveal after a wrong attempt (or once solved),
/// reset when there is something to forget, an option that exists, scrolling when the
/// exercise panel holds more than it shows. Other messages always act.
pub fn works(app: &App, message: &Message) -> bool {
    let card = app.page.cards.get(app.exercise);
    let n = app.exercise;
    match message {
        Message::Hint => card.is_some_and(|c| app.hints_shown(n) < c.hints.len()),
        Message::Reveal => {
            card.is_some()
                && !app.revealed
                && (app.attempts(n) > 0 || app.status(app.lesson, n) == Status::Solved)
        }
        Message::AskResetExercise => {
            card.is_some()
                && (app.attempts(n) > 0
                    || app.hints_shown(n) > 0
                    || app.status(app.lesson, n) != Status::Pending)
        }
        Message::Choose(i) => card.is_some_and(|c| *i < c.options.len()),
        Message::Exercise(_) => app.page.cards.len() > 1,
        Message::StartTyping | Message::Submit => card.is_some(),
        Message::ExerciseScroll(_) | Message::ExerciseScrollPage(_) => {
            let area = super::view::areas(app, app.screen()).exercise;
            super::view::exercise::max_scroll(app, area) > 0
        }
        _ => true,
    }
}

/// The name of the first key that sends `message` in `context`, for sentences that name a
/// key (`Press p for the playground.`); empty if none does (a test checks that every key a
/// sentence names is bound).
pub fn key_for(context: Context, message: &Message, lang: Lang) -> String {
    BINDINGS
        .iter()
        .filter(|b| b.context == context)
        .flat_map(|b| b.keys.iter())
        .find(|(_, m)| m == message)
        .map(|(k, _)| k.name(lang))
        .unwrap_or_default()
}
