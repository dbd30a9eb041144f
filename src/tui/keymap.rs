//! Keys and mouse events to messages: a pure function of the event and of what is on screen,
//! and the table of keys the help overlay and the status bar show.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use super::app::{App, Mode};
use super::hex::HexMove;
use super::input::Edit;
use super::message::{Focus, Message};
use super::playground::PlaygroundFocus;

/// Every key, by where it works: `(section, keys, what they do)`. The help overlay prints this
/// table; the status bar picks from it.
pub const KEYS: &[(&str, &str, &str)] = &[
    ("anywhere", "Tab / Shift-Tab", "next / previous panel"),
    ("anywhere", "?  F1", "this help"),
    ("anywhere", "q  Ctrl-C", "quit (progress is saved)"),
    ("anywhere", "c", "continue at the first unfinished exercise"),
    ("anywhere", "p", "playground: your own document and filter"),
    ("anywhere", "< >", "previous / next lesson"),
    ("anywhere", "[ ]", "previous / next exercise"),
    (
        "anywhere",
        "d D",
        "next / previous document in the hex view",
    ),
    ("lessons", "↑ ↓  j k", "move"),
    ("lessons", "Enter  →", "open the lesson or exercise"),
    ("text", "↑ ↓  j k", "scroll"),
    ("text", "PgUp PgDn  Space", "scroll a page"),
    ("text", "g G  Home End", "top / bottom"),
    ("hex", "← →", "previous / next run of bytes"),
    ("hex", "↑ ↓", "previous / next element"),
    ("hex", "Enter", "into an embedded document or array"),
    ("hex", "Backspace  Esc", "out to the enclosing element"),
    ("hex", "PgUp PgDn  Home End", "scroll, first / last byte"),
    ("exercise", "Enter  i", "type an answer"),
    ("exercise", "h", "next hint"),
    ("exercise", "r", "reveal the answer (after a wrong attempt)"),
    ("exercise", "x  X", "reset this exercise / the whole lesson"),
    ("answer", "Enter", "check the answer"),
    ("answer", "Esc", "stop typing"),
    ("answer", "← → Home End  Ctrl-←/→", "move the cursor"),
    ("answer", "Ctrl-W  Ctrl-U", "delete a word / to the start"),
    (
        "playground",
        "Tab / Shift-Tab",
        "document, filter, collection, bytes",
    ),
    (
        "playground",
        "Enter (document)",
        "add the document to the collection",
    ),
    (
        "playground",
        "Enter  Del (collection)",
        "load / remove the selected document",
    ),
    ("playground", "Esc", "back to the lessons"),
    (
        "mouse",
        "click  wheel",
        "select a lesson, a byte or a panel; scroll",
    ),
];

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
    match app.mode {
        Mode::Browse => app.focus == Focus::Answer,
        Mode::Playground => app.playground.as_ref().is_some_and(|p| {
            matches!(
                p.focus(),
                PlaygroundFocus::Document | PlaygroundFocus::Filter
            )
        }),
        _ => false,
    }
}

fn key_message(app: &App, key: &KeyEvent) -> Option<Message> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c' | 'q')) {
        return Some(Message::Quit);
    }
    if key.code == KeyCode::F(1) {
        return Some(Message::ToggleHelp);
    }
    match &app.mode {
        Mode::Help(_) => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Message::Scroll(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Message::Scroll(1)),
            KeyCode::PageUp => Some(Message::ScrollPage(-1)),
            KeyCode::PageDown | KeyCode::Char(' ') => Some(Message::ScrollPage(1)),
            _ => Some(Message::ToggleHelp),
        },
        Mode::Alert(_) => Some(Message::Back),
        Mode::Confirm(_) => match key.code {
            KeyCode::Char('y' | 'Y') => Some(Message::Confirm(true)),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Message::Confirm(false)),
            _ => None,
        },
        Mode::Complete { .. } => match key.code {
            KeyCode::Enter | KeyCode::Char('n' | '>') => Some(Message::Lesson(1)),
            KeyCode::Char('q') => Some(Message::Quit),
            _ => Some(Message::Back),
        },
        Mode::Playground => playground_key(app, key),
        Mode::Browse if app.focus == Focus::Answer => edit_key(key).or(match key.code {
            KeyCode::Enter => Some(Message::Submit),
            KeyCode::Esc => Some(Message::Back),
            KeyCode::Tab => Some(Message::FocusNext),
            KeyCode::BackTab => Some(Message::FocusPrev),
            _ => None,
        }),
        Mode::Browse => browse_key(app.focus, key),
    }
}

/// Keys that edit a line of text.
fn edit_key(key: &KeyEvent) -> Option<Message> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let edit = match key.code {
        KeyCode::Char('w') if ctrl => Edit::DeleteWord,
        KeyCode::Char('u') if ctrl => Edit::DeleteToStart,
        KeyCode::Char('a') if ctrl => Edit::Home,
        KeyCode::Char('e') if ctrl => Edit::End,
        KeyCode::Char(c) if !ctrl => Edit::Insert(c),
        KeyCode::Backspace => Edit::Backspace,
        KeyCode::Delete => Edit::Delete,
        KeyCode::Left if ctrl => Edit::WordLeft,
        KeyCode::Right if ctrl => Edit::WordRight,
        KeyCode::Left => Edit::Left,
        KeyCode::Right => Edit::Right,
        KeyCode::Home => Edit::Home,
        KeyCode::End => Edit::End,
        _ => return None,
    };
    Some(Message::Edit(edit))
}

fn browse_key(focus: Focus, key: &KeyEvent) -> Option<Message> {
    let global = match key.code {
        KeyCode::Char('q') => Some(Message::Quit),
        KeyCode::Char('?') => Some(Message::ToggleHelp),
        KeyCode::Char('p') => Some(Message::OpenPlayground),
        KeyCode::Char('c') => Some(Message::Continue),
        KeyCode::Char('>') => Some(Message::Lesson(1)),
        KeyCode::Char('<') => Some(Message::Lesson(-1)),
        KeyCode::Char(']') => Some(Message::Exercise(1)),
        KeyCode::Char('[') => Some(Message::Exercise(-1)),
        KeyCode::Char('d') => Some(Message::HexDocument(1)),
        KeyCode::Char('D') => Some(Message::HexDocument(-1)),
        KeyCode::Char('h') => Some(Message::Hint),
        KeyCode::Char('r') => Some(Message::Reveal),
        KeyCode::Char('x') => Some(Message::AskResetExercise),
        KeyCode::Char('X') => Some(Message::AskResetLesson),
        KeyCode::Char('i') => Some(Message::StartTyping),
        KeyCode::Tab => Some(Message::FocusNext),
        KeyCode::BackTab => Some(Message::FocusPrev),
        _ => None,
    };
    if global.is_some() {
        return global;
    }
    match focus {
        Focus::List => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Message::ListMove(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Message::ListMove(1)),
            KeyCode::PageUp => Some(Message::ListMove(-10)),
            KeyCode::PageDown => Some(Message::ListMove(10)),
            KeyCode::Home => Some(Message::ListMove(isize::MIN)),
            KeyCode::End => Some(Message::ListMove(isize::MAX)),
            KeyCode::Enter | KeyCode::Right | KeyCode::Char('l') => Some(Message::ListOpen),
            KeyCode::Esc => Some(Message::Back),
            _ => None,
        },
        Focus::Lesson => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Message::Scroll(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Message::Scroll(1)),
            KeyCode::PageUp => Some(Message::ScrollPage(-1)),
            KeyCode::PageDown | KeyCode::Char(' ') => Some(Message::ScrollPage(1)),
            KeyCode::Home | KeyCode::Char('g') => Some(Message::ScrollEdge(false)),
            KeyCode::End | KeyCode::Char('G') => Some(Message::ScrollEdge(true)),
            KeyCode::Enter => Some(Message::FocusOn(Focus::Exercise)),
            KeyCode::Esc => Some(Message::Back),
            _ => None,
        },
        Focus::Hex => match key.code {
            KeyCode::Esc => Some(Message::Hex(HexMove::Leave)),
            _ => hex_move(key).map(Message::Hex),
        },
        Focus::Exercise | Focus::Answer => match key.code {
            KeyCode::Enter => Some(Message::StartTyping),
            KeyCode::Left => Some(Message::Exercise(-1)),
            KeyCode::Right => Some(Message::Exercise(1)),
            KeyCode::Esc => Some(Message::Back),
            _ => None,
        },
    }
}

fn playground_key(app: &App, key: &KeyEvent) -> Option<Message> {
    let focus = app
        .playground
        .as_ref()
        .map_or(PlaygroundFocus::Document, |p| p.focus());
    match key.code {
        KeyCode::Tab => return Some(Message::PlaygroundFocus(1)),
        KeyCode::BackTab => return Some(Message::PlaygroundFocus(-1)),
        KeyCode::Esc if focus != PlaygroundFocus::Hex => return Some(Message::ClosePlayground),
        _ => {}
    }
    match focus {
        PlaygroundFocus::Document | PlaygroundFocus::Filter => match key.code {
            KeyCode::Enter if focus == PlaygroundFocus::Document => Some(Message::PlaygroundAdd),
            KeyCode::Enter => Some(Message::PlaygroundFocus(1)),
            _ => edit_key(key),
        },
        PlaygroundFocus::Collection => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Message::PlaygroundSelect(-1)),
            KeyCode::Down | KeyCode::Char('j') => Some(Message::PlaygroundSelect(1)),
            KeyCode::Enter => Some(Message::PlaygroundLoad),
            KeyCode::Delete | KeyCode::Char('x') => Some(Message::PlaygroundRemove),
            KeyCode::Char('?') => Some(Message::ToggleHelp),
            KeyCode::Char('q') => Some(Message::ClosePlayground),
            _ => None,
        },
        PlaygroundFocus::Hex => match key.code {
            KeyCode::Esc | KeyCode::Char('q') => Some(Message::ClosePlayground),
            KeyCode::Char('?') => Some(Message::ToggleHelp),
            _ => hex_move(key).map(Message::Hex),
        },
    }
}

/// The keys that move in a hex view, wherever it is (Esc is left to the caller: out of an
/// element in the lessons, out of the playground there).
fn hex_move(key: &KeyEvent) -> Option<HexMove> {
    Some(match key.code {
        KeyCode::Left => HexMove::PrevRun,
        KeyCode::Right => HexMove::NextRun,
        KeyCode::Up | KeyCode::Char('k') => HexMove::PrevElement,
        KeyCode::Down | KeyCode::Char('j') => HexMove::NextElement,
        KeyCode::Enter => HexMove::Enter,
        KeyCode::Backspace => HexMove::Leave,
        KeyCode::PageUp => HexMove::PageUp,
        KeyCode::PageDown => HexMove::PageDown,
        KeyCode::Home => HexMove::First,
        KeyCode::End => HexMove::Last,
        _ => return None,
    })
}
