//! Keys to messages: a pure function of the key and of what the keyboard is doing, with the
//! keys' table the help overlay is drawn from.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::message::Message;
use super::model::{Focus, Mode};
use crate::tui::hex::HexMove;

/// The keys as the help shows them: keys, what they do (English, translated when drawn).
pub const HELP: &[(&str, &str)] = &[
    (
        "↑ ↓  j k",
        "previous / next document (in the bytes: element)",
    ),
    ("← →", "in the bytes: previous / next run"),
    ("PgUp PgDn", "a page up / down"),
    (
        "Home End",
        "first / last document (End waits for the index)",
    ),
    ("Tab", "switch between the list and the bytes"),
    ("Enter Esc", "in the bytes: into / out of a nested document"),
    ("g", "go to a document number, or @offset / 0x… for a byte"),
    ("/", "filter: Enter finds the next matching document"),
    ("n", "the next match again"),
    ("Esc", "stop a search; close a line or this help"),
    ("?", "this help"),
    ("q", "quit"),
];

/// The message for a terminal event, given the mode and focus; `None` for events that do
/// nothing here.
pub fn message(mode: &Mode, focus: Focus, event: &Event) -> Option<Message> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_message(mode, focus, key),
        Event::Resize(w, h) => Some(Message::Resize(*w, *h)),
        _ => None,
    }
}

fn key_message(mode: &Mode, focus: Focus, key: &KeyEvent) -> Option<Message> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c' | 'q')) {
        return Some(Message::Quit);
    }
    match mode {
        Mode::Jump(_) | Mode::Filter(_) => line_key(key),
        Mode::Help => Some(match key.code {
            KeyCode::Char('q') => Message::Quit,
            _ => Message::Help,
        }),
        Mode::Normal => normal_key(focus, key),
    }
}

fn line_key(key: &KeyEvent) -> Option<Message> {
    Some(match key.code {
        KeyCode::Enter => Message::Submit,
        KeyCode::Esc => Message::Cancel,
        KeyCode::Backspace => Message::Backspace,
        KeyCode::Char(c) => Message::Type(c),
        _ => return None,
    })
}

fn normal_key(focus: Focus, key: &KeyEvent) -> Option<Message> {
    let shared = match key.code {
        KeyCode::Char('q') => Some(Message::Quit),
        KeyCode::Char('?') => Some(Message::Help),
        KeyCode::Char('g') => Some(Message::OpenJump),
        KeyCode::Char('/') => Some(Message::OpenFilter),
        KeyCode::Char('n') => Some(Message::NextMatch),
        KeyCode::Tab | KeyCode::BackTab => Some(Message::SwitchFocus),
        _ => None,
    };
    if shared.is_some() {
        return shared;
    }
    match focus {
        Focus::List => Some(match key.code {
            KeyCode::Down | KeyCode::Char('j') => Message::Down,
            KeyCode::Up | KeyCode::Char('k') => Message::Up,
            KeyCode::PageDown => Message::PageDown,
            KeyCode::PageUp => Message::PageUp,
            KeyCode::Home => Message::First,
            KeyCode::End => Message::Last,
            KeyCode::Enter | KeyCode::Right => Message::SwitchFocus,
            KeyCode::Esc => Message::Cancel,
            _ => return None,
        }),
        Focus::Hex => Some(Message::Hex(match key.code {
            KeyCode::Down | KeyCode::Char('j') => HexMove::NextElement,
            KeyCode::Up | KeyCode::Char('k') => HexMove::PrevElement,
            KeyCode::Right | KeyCode::Char('l') => HexMove::NextRun,
            KeyCode::Left | KeyCode::Char('h') => HexMove::PrevRun,
            KeyCode::PageDown => HexMove::PageDown,
            KeyCode::PageUp => HexMove::PageUp,
            KeyCode::Home => HexMove::First,
            KeyCode::End => HexMove::Last,
            KeyCode::Enter => HexMove::Enter,
            KeyCode::Esc | KeyCode::Backspace => HexMove::Leave,
            _ => return None,
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(mode: &Mode, focus: Focus, code: KeyCode) -> Option<Message> {
        message(mode, focus, &Event::Key(KeyEvent::from(code)))
    }

    #[test]
    fn arrows_move_documents_in_the_list_and_elements_in_the_bytes() {
        assert_eq!(
            press(&Mode::Normal, Focus::List, KeyCode::Down),
            Some(Message::Down)
        );
        assert_eq!(
            press(&Mode::Normal, Focus::Hex, KeyCode::Down),
            Some(Message::Hex(HexMove::NextElement))
        );
    }

    #[test]
    fn a_line_takes_every_character_even_q() {
        let line = Mode::Filter(String::new());
        assert_eq!(
            press(&line, Focus::List, KeyCode::Char('q')),
            Some(Message::Type('q'))
        );
        assert_eq!(
            press(&Mode::Normal, Focus::List, KeyCode::Char('q')),
            Some(Message::Quit)
        );
    }
}
