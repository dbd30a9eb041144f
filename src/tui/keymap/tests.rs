//! The table against the key map, the help and the status bar: every key the map takes is in
//! the help, every key the status bar names does what it says, and no two bindings in force
//! share a key.

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::lesson::builtin;
use crate::lesson::progress::Progress;
use crate::strings::translation;
use crate::tui::app::Settings;
use crate::tui::message::Confirm;
use crate::tui::theme::{Theme, ThemeName};
use crate::tui::update::update;

fn app() -> App {
    let settings = Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 7,
        seed_fixed: false,
        now_ms: 0,
        now_fixed: false,
        progress_path: None,
        lang: Lang::En,
    };
    let mut app = App::new(builtin::lessons(), Progress::new(), settings);
    app.size = (100, 30);
    app
}

/// The app at the first exercise that lists options (a choice), its panel focused.
fn choice_app() -> App {
    let mut a = app();
    let (lesson, n) = (0..a.lessons.len())
        .find_map(|i| {
            a.open_lesson(i);
            let n = a.page.cards.iter().position(|c| !c.options.is_empty())?;
            Some((i, n))
        })
        .expect("a built-in exercise with options");
    a.open_lesson(lesson);
    a.select_exercise(n);
    a.focus = Focus::Exercise;
    a
}

/// Every screen a key can arrive at, named.
fn states() -> Vec<(String, App)> {
    let mut out = Vec::new();
    for focus in [
        Focus::List,
        Focus::Lesson,
        Focus::Hex,
        Focus::Exercise,
        Focus::Answer,
    ] {
        let mut a = app();
        a.focus = focus;
        out.push((format!("lessons, {focus:?}"), a));
    }
    for panel in 0..4 {
        let mut a = app();
        update(&mut a, Message::OpenPlayground);
        for _ in 0..panel {
            update(&mut a, Message::PlaygroundFocus(1));
        }
        let focus = a.playground.as_ref().map(|p| p.focus());
        out.push((format!("playground, {focus:?}"), a));
    }
    for focus in [Focus::Exercise, Focus::Answer] {
        let mut a = choice_app();
        a.focus = focus;
        out.push((format!("a choice, {focus:?}"), a));
    }
    let modes = [
        Mode::Help(Box::new(Mode::Browse)),
        Mode::Help(Box::new(Mode::Playground)),
        Mode::Confirm(Confirm::ResetLesson { lesson: 0 }),
        Mode::Alert("a note".into()),
        Mode::Complete { lesson: 0 },
    ];
    for mode in modes {
        let mut a = app();
        a.mode = mode.clone();
        out.push((format!("{mode:?}"), a));
    }
    out
}

/// Every key worth trying: the printable characters and the named keys, plain and with Ctrl.
fn events() -> Vec<KeyEvent> {
    let mut codes: Vec<KeyCode> = (' '..='~').map(KeyCode::Char).collect();
    codes.extend([
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Backspace,
        KeyCode::Delete,
        KeyCode::Insert,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::PageUp,
        KeyCode::PageDown,
    ]);
    codes.extend((1..=12).map(KeyCode::F));
    let mut out = Vec::new();
    for code in codes {
        out.push(KeyEvent::new(code, KeyModifiers::NONE));
        out.push(KeyEvent::new(code, KeyModifiers::CONTROL));
    }
    out
}

/// The key's name as the help would write it.
fn name(key: &KeyEvent) -> String {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        Key::Ctrl(key.code).name(Lang::En)
    } else {
        Key::Plain(key.code).name(Lang::En)
    }
}

fn press(app: &App, key: KeyEvent) -> Option<Message> {
    message(app, &Event::Key(key))
}

/// The help's lines as (section, qualifier, key names, what), the section carried down.
fn help_table() -> Vec<(String, Option<String>, Vec<String>, String)> {
    let mut section = String::new();
    help_lines(Lang::En)
        .into_iter()
        .map(|line| {
            if !line.section.is_empty() {
                section = line.section.clone();
            }
            let (keys, qualifier) = match line.keys.split_once(" (") {
                Some((keys, q)) => (keys.to_string(), Some(q.trim_end_matches(')').to_string())),
                None => (line.keys.clone(), None),
            };
            // The wildcards are one name of two words.
            let names = keys
                .replace("any key", "any_key")
                .replace("any character", "any_character")
                .split_whitespace()
                .map(|n| n.replace('_', " "))
                .collect();
            (section.clone(), qualifier, names, line.what)
        })
        .collect()
}

#[test]
fn every_key_the_map_takes_is_in_the_help_where_it_works() {
    let help = help_table();
    let mut checked = 0;
    for (state, app) in states() {
        let scopes: Vec<(&str, Option<&str>)> = contexts(&app)
            .iter()
            .map(|c| (c.section(), c.qualifier()))
            .collect();
        let lines_here: Vec<_> = help
            .iter()
            .filter(|(s, q, ..)| scopes.contains(&(s.as_str(), q.as_deref())))
            .collect();
        for key in events() {
            let Some(sent) = press(&app, key) else {
                continue;
            };
            checked += 1;
            let wanted = match sent {
                Message::Edit(Edit::Insert(_)) => "any character".to_string(),
                _ => name(&key),
            };
            let found = lines_here.iter().any(|(_, _, names, _)| {
                names.contains(&wanted) || names.iter().any(|n| n == "any key")
            });
            assert!(
                found,
                "{state}: {wanted} sends {sent:?}, but the help does not name it there"
            );
        }
    }
    assert!(checked > 500, "only {checked} keys were taken");
}

#[test]
fn every_key_the_status_bar_names_does_what_it_says() {
    for (state, app) in states() {
        let shown = status_bindings(&app);
        assert!(!shown.is_empty(), "{state}: no hints");
        assert!(
            shown
                .iter()
                .any(|b| b.hint.is_some_and(|h| h.text == "keys"))
                || matches!(app.mode, Mode::Help(_) | Mode::Confirm(_) | Mode::Alert(_))
                || matches!(app.mode, Mode::Complete { .. }),
            "{state}: the status bar does not say how to get help"
        );
        for b in shown {
            for (key, wanted) in hinted_keys(b) {
                let event = match key {
                    Key::Plain(code) => KeyEvent::new(code, KeyModifiers::NONE),
                    Key::Ctrl(code) => KeyEvent::new(code, KeyModifiers::CONTROL),
                    Key::Text => KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE),
                    // A key nothing names.
                    Key::Any => KeyEvent::new(KeyCode::F(12), KeyModifiers::NONE),
                };
                let wanted = match (key, wanted) {
                    (Key::Text, Message::Edit(Edit::Insert(_))) => Message::Edit(Edit::Insert('z')),
                    (_, m) => m,
                };
                assert_eq!(
                    press(&app, event),
                    Some(wanted),
                    "{state}: the status bar says {} {:?}",
                    key.name(Lang::En),
                    b.hint.map(|h| h.text)
                );
            }
        }
    }
}

#[test]
fn no_two_bindings_in_force_share_a_key() {
    let mut shadowed = 0;
    for (state, app) in states() {
        let active = contexts(&app);
        let mut seen: Vec<(Key, &Binding)> = Vec::new();
        for b in BINDINGS.iter().filter(|b| active.contains(&b.context)) {
            for (key, _) in b.keys {
                if let Some((_, first)) = seen.iter().find(|(k, _)| k == key) {
                    // An inner context declared to shadow an outer one takes the key.
                    let declared = |a: Context, b: Context| SHADOWS.contains(&(a, b));
                    if declared(first.context, b.context) || declared(b.context, first.context) {
                        shadowed += 1;
                        continue;
                    }
                    panic!(
                        "{state}: {} is bound by both {:?} and {:?}",
                        key.name(Lang::En),
                        first.what,
                        b.what
                    );
                }
                seen.push((*key, b));
            }
        }
    }
    assert!(shadowed > 0, "no state shows a choice's letters");
}

#[test]
fn an_inner_context_shadows_the_outer_one_it_declares() {
    for (inner, outer) in SHADOWS {
        let (inner, outer) = (
            Context::INNERMOST_FIRST.iter().position(|c| c == inner),
            Context::INNERMOST_FIRST.iter().position(|c| c == outer),
        );
        assert!(inner < outer, "{inner:?} is not inside {outer:?}");
    }
    // In a choice's panel `c` and `d` choose; elsewhere they continue and turn the document.
    let mut a = choice_app();
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    assert_eq!(press(&a, key('c')), Some(Message::Choose(2)));
    assert_eq!(press(&a, key('d')), Some(Message::Choose(3)));
    assert_eq!(press(&a, key('a')), Some(Message::Choose(0)));
    assert_eq!(press(&a, key('h')), Some(Message::Hint));
    a.focus = Focus::Lesson;
    assert_eq!(press(&a, key('c')), Some(Message::Continue));
    assert_eq!(press(&a, key('d')), Some(Message::HexDocument(1)));
    // While typing, the letters are the answer's.
    a.focus = Focus::Answer;
    assert_eq!(press(&a, key('c')), Some(Message::Edit(Edit::Insert('c'))));
}

#[test]
fn the_status_bar_offers_only_what_works() {
    let words = |a: &App| -> Vec<String> {
        status_hints(a)
            .iter()
            .map(|(k, w)| format!("{k} {w}"))
            .collect()
    };
    // A fresh exercise: nothing to reveal or reset yet; a hint is there to take.
    let mut a = app();
    a.focus = Focus::Exercise;
    let fresh = words(&a);
    assert!(fresh.contains(&"h hint".to_string()), "{fresh:?}");
    assert!(!fresh.iter().any(|w| w.contains("reveal")), "{fresh:?}");
    assert!(!fresh.iter().any(|w| w.contains("reset")), "{fresh:?}");
    assert!(!works(&a, &Message::Reveal) && !works(&a, &Message::AskResetExercise));
    // After a wrong answer: reveal and reset work, at once, without Esc.
    a.focus = Focus::Answer;
    a.answer.set("37");
    update(&mut a, Message::Submit);
    assert_eq!(a.focus, Focus::Exercise, "a check leaves typing");
    let after = words(&a);
    for offer in ["h hint", "r reveal", "x reset"] {
        assert!(after.contains(&offer.to_string()), "{offer}: {after:?}");
    }
    for c in ['h', 'r', 'x'] {
        let sent = press(&a, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        assert!(sent.as_ref().is_some_and(|m| works(&a, m)), "{c}: {sent:?}");
    }
    // Every hint shown: `h` is no longer offered.
    let hints = a.page.cards[0].hints.len();
    for _ in 0..hints {
        update(&mut a, Message::Hint);
    }
    assert!(!words(&a).iter().any(|w| w == "h hint"), "{:?}", words(&a));
    // Revealed: nothing more to reveal.
    update(&mut a, Message::Reveal);
    assert!(a.revealed && !works(&a, &Message::Reveal));
    // A choice of two options offers `a b`, of more `a b c`...
    let mut c = choice_app();
    let options = c.page.cards[c.exercise].options.len();
    let letters: Vec<String> = (0..options.min(5))
        .map(|i| char::from(b'a' + i as u8).to_string())
        .collect();
    let offer = format!("{} choose", letters.join(" "));
    assert!(words(&c).contains(&offer), "{offer}: {:?}", words(&c));
    // Scrolling is offered only when the panel holds more than it shows.
    c.answer.set("zz");
    update(&mut c, Message::Submit);
    for _ in 0..3 {
        update(&mut c, Message::Hint);
    }
    let mut scrolls = 0;
    for size in [(200, 60), (100, 30), (80, 24), (60, 18)] {
        c.size = size;
        let area = crate::tui::view::areas(&c, c.screen()).exercise;
        let more = crate::tui::view::exercise::max_scroll(&c, area) > 0;
        scrolls += usize::from(more);
        assert_eq!(works(&c, &Message::ExerciseScroll(1)), more, "{size:?}");
        let offered = words(&c).contains(&"↑↓ scroll".to_string());
        assert_eq!(offered, more, "{size:?}: {:?}", words(&c));
    }
    assert!(scrolls > 0, "the panel never had more than it shows");
}

#[test]
fn every_word_of_the_table_is_translated() {
    let mut words = vec!["any key", "any character", MOUSE.1, "mouse"];
    for b in BINDINGS {
        words.push(b.what);
        words.push(b.context.section());
        words.extend(b.context.qualifier());
        words.extend(b.hint.map(|h| h.text));
    }
    for lang in [Lang::Vi, Lang::Zh] {
        for word in &words {
            assert!(translation(lang, word).is_some(), "{lang:?}: {word:?}");
        }
    }
}

#[test]
fn the_keys_sentences_name_are_bound() {
    let named = [
        (Context::Commands, Message::Quit),
        (Context::Commands, Message::OpenPlayground),
        (Context::Commands, Message::HexDocument(1)),
        (Context::Commands, Message::Lesson(-1)),
        (Context::Commands, Message::Lesson(1)),
        (Context::Commands, Message::StartTyping),
        (Context::Commands, Message::Hint),
        (Context::Commands, Message::Reveal),
        (Context::Exercise, Message::StartTyping),
        (Context::Answer, Message::Submit),
        (Context::Answer, Message::Back),
        (Context::Complete, Message::Lesson(1)),
        (Context::Complete, Message::Back),
        (Context::Complete, Message::Continue),
        (Context::Complete, Message::OpenPlayground),
    ];
    for (context, message) in named {
        assert!(
            !key_for(context, &message, Lang::En).is_empty(),
            "no key sends {message:?} in {context:?}"
        );
    }
    assert_eq!(
        key_for(Context::Exercise, &Message::StartTyping, Lang::En),
        "Enter"
    );
    assert_eq!(key_for(Context::Commands, &Message::Reveal, Lang::En), "r");
}

#[test]
fn labels_pair_opposites_and_separate_alternatives() {
    let list_move = BINDINGS
        .iter()
        .find(|b| b.context == Context::List && b.what == "move")
        .map(|b| b.keys)
        .unwrap_or_default();
    assert_eq!(keys_label(list_move, Lang::En), "↑ ↓  k j");
    assert_eq!(
        short_label(&groups(list_move)[0], Lang::En),
        "↑↓",
        "arrows side by side in the status bar"
    );
    let help = help_lines(Lang::En);
    let line = |what: &str| {
        help.iter()
            .find(|l| l.what == what)
            .map(|l| l.keys.clone())
            .unwrap_or_default()
    };
    // Two contexts, one line: Backspace in any hex view, Esc in the lessons' one.
    assert_eq!(line("out to the enclosing element"), "Backspace  Esc");
    assert_eq!(
        line("add the document to the collection"),
        "Enter (document line)"
    );
    assert_eq!(line("quit (progress is saved)"), "Ctrl-C  Ctrl-Q");
    assert_eq!(line("typed at the cursor"), "any character");
    assert_eq!(help.last().map(|l| l.section.as_str()), Some("mouse"));
    let vi = help_lines(Lang::Vi);
    assert_eq!(vi.first().map(|l| l.section.as_str()), Some("mọi nơi"));
}

#[test]
fn a_typed_character_is_sent_as_typed() {
    let mut a = app();
    a.focus = Focus::Answer;
    for c in ['q', '?', 'é', '字'] {
        assert_eq!(
            press(&a, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
            Some(Message::Edit(Edit::Insert(c)))
        );
    }
    // Ctrl-C quits even while typing; Ctrl-H is no letter.
    assert_eq!(
        press(&a, KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Some(Message::Quit)
    );
    assert_eq!(
        press(&a, KeyEvent::new(KeyCode::Char('h'), KeyModifiers::CONTROL)),
        None
    );
    // Shift is in the character: `X` resets the lesson, wherever keys are commands.
    a.focus = Focus::List;
    assert_eq!(
        press(&a, KeyEvent::new(KeyCode::Char('X'), KeyModifiers::SHIFT)),
        Some(Message::AskResetLesson)
    );
}

#[test]
fn the_status_bar_shows_the_panels_own_keys_first() {
    let mut a = app();
    a.focus = Focus::Hex;
    let hints = status_hints(&a);
    let words: Vec<String> = hints.iter().map(|(k, w)| format!("{k} {w}")).collect();
    assert_eq!(
        words,
        ["←→ runs", "↑↓ elements", "Enter in", "Esc out", "? keys"]
    );
    a.focus = Focus::Answer;
    let words: Vec<String> = status_hints(&a)
        .iter()
        .map(|(k, w)| format!("{k} {w}"))
        .collect();
    assert_eq!(
        words,
        ["Enter check", "Esc stop typing", "Tab panels", "F1 keys"]
    );
}

#[test]
fn every_printable_character_typed_into_the_answer_stays_there() {
    // Each printable character, and a few beyond ASCII, in every exercise panel that can
    // have the keyboard: the answer line changes, nothing else does.
    let chars: Vec<char> = (' '..='~').chain(['é', '字', 'ộ']).collect();
    for mut a in [app(), choice_app()] {
        a.focus = Focus::Answer;
        let before = (a.lesson, a.exercise, a.mode.clone(), a.scroll, a.document);
        let record = a.progress.clone();
        for c in &chars {
            let sent = press(&a, KeyEvent::new(KeyCode::Char(*c), KeyModifiers::NONE));
            assert_eq!(sent, Some(Message::Edit(Edit::Insert(*c))), "{c:?}");
            update(&mut a, sent.unwrap());
            assert_eq!(a.focus, Focus::Answer, "{c:?} left the answer line");
        }
        let typed: String = chars.iter().collect();
        assert_eq!(a.answer.text(), typed);
        assert_eq!(
            (a.lesson, a.exercise, a.mode.clone(), a.scroll, a.document),
            before
        );
        assert_eq!(a.progress, record);
        assert!(a.playground.is_none() && a.notice.is_none() && a.feedback.is_none());
    }
}
