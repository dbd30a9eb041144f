//! Random interleavings of keys, mouse events, pastes and resizes through the real key map,
//! `update` and `view`, drawn into a `TestBackend` after every event as the binary draws:
//! nothing panics, whatever the order, and the terminal may change size at any moment,
//! before or long after the resize message that reports it.

use std::sync::LazyLock;

use bson_tutor::lesson::i18n::Lang;
use bson_tutor::lesson::progress::Progress;
use bson_tutor::lesson::{Lesson, builtin};
use bson_tutor::tui::app::{App, Settings};
use bson_tutor::tui::keymap::{self, BINDINGS, Key};
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::update;
use proptest::prelude::*;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The built-in lessons in each language, read once.
static LESSONS: LazyLock<Vec<(Lang, Vec<Lesson>)>> = LazyLock::new(|| {
    use bson_tutor::lesson::i18n::localize;
    [Lang::En, Lang::Vi, Lang::Zh]
        .into_iter()
        .map(|lang| {
            let lessons = builtin::lessons()
                .into_iter()
                .map(|l| localize(&l, builtin::translation(&l.id, lang).as_ref()).0)
                .collect();
            (lang, lessons)
        })
        .collect()
});

/// Every key the table names, plus keys it does not (a function key, Insert).
static KEYS: LazyLock<Vec<KeyEvent>> = LazyLock::new(|| {
    let mut keys = Vec::new();
    for binding in BINDINGS {
        for (key, _) in binding.keys {
            let event = match *key {
                Key::Plain(code) => KeyEvent::new(code, KeyModifiers::NONE),
                Key::Ctrl(code) => KeyEvent::new(code, KeyModifiers::CONTROL),
                Key::Text | Key::Any => continue,
            };
            if !keys.contains(&event) {
                keys.push(event);
            }
        }
    }
    keys.push(KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE));
    keys.push(KeyEvent::new(KeyCode::Insert, KeyModifiers::NONE));
    keys
});

/// One thing that happens to the running tutor.
#[derive(Clone, Debug)]
pub enum Step {
    /// A terminal event, through the key map.
    Event(Event),
    /// The terminal changes size; its resize message comes later, as its own step, or never.
    Resize(u16, u16),
}

fn size() -> impl Strategy<Value = (u16, u16)> {
    prop_oneof![
        (1u16..=300, 1u16..=100),
        (1u16..=4, 1u16..=4),
        (55u16..=130, 14u16..=45),
        Just((80, 24)),
        Just((200, 60)),
    ]
}

fn text_char() -> impl Strategy<Value = char> {
    prop_oneof![
        4 => proptest::char::range(' ', '~'),
        1 => prop::sample::select(vec![
            '\u{1b}', '\0', '\n', '\r', '\t', '\u{7f}', '\u{9b}', '\u{202e}', '中', 'é', '😀',
            '\u{301}', '{', '}', '$', '"', '\'', '/',
        ]),
        1 => any::<char>(),
    ]
}

fn paste() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::collection::vec(text_char(), 0..40).prop_map(|c| c.into_iter().collect()),
        1 => Just("\u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}]52;c;aGk=\u{7}".to_string()),
        1 => Just(r#"{ s: "\u001b[31m", r: /a{3000}b/ }"#.to_string()),
        1 => (1usize..200_000, text_char()).prop_map(|(n, c)| c.to_string().repeat(n)),
    ]
}

fn key_event() -> impl Strategy<Value = KeyEvent> {
    let table = (0..KEYS.len()).prop_map(|i| KEYS[i]);
    let modifiers = prop::sample::select(vec![
        KeyModifiers::NONE,
        KeyModifiers::NONE,
        KeyModifiers::SHIFT,
        KeyModifiers::CONTROL,
        KeyModifiers::ALT,
    ]);
    prop_oneof![
        3 => table,
        2 => (text_char(), modifiers).prop_map(|(c, m)| KeyEvent::new(KeyCode::Char(c), m)),
    ]
}

fn mouse_event() -> impl Strategy<Value = MouseEvent> {
    let kind = prop::sample::select(vec![
        MouseEventKind::Down(MouseButton::Left),
        MouseEventKind::Down(MouseButton::Right),
        MouseEventKind::Up(MouseButton::Left),
        MouseEventKind::Drag(MouseButton::Left),
        MouseEventKind::Moved,
        MouseEventKind::ScrollUp,
        MouseEventKind::ScrollDown,
    ]);
    (kind, 0u16..320, 0u16..120).prop_map(|(kind, column, row)| MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

/// One step, keys most often.
pub fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        10 => key_event().prop_map(|k| Step::Event(Event::Key(k))),
        2 => mouse_event().prop_map(|m| Step::Event(Event::Mouse(m))),
        1 => paste().prop_map(|p| Step::Event(Event::Paste(p))),
        2 => size().prop_map(|(w, h)| Step::Resize(w, h)),
        1 => size().prop_map(|(w, h)| Step::Event(Event::Resize(w, h))),
        1 => Just(Step::Event(Event::FocusLost)),
    ]
}

/// A fresh tutor in `lang`, its terminal `w` x `h`.
pub fn tutor(lang: Lang) -> App {
    let lessons = LESSONS
        .iter()
        .find(|(l, _)| *l == lang)
        .map(|(_, lessons)| lessons.clone())
        .unwrap_or_default();
    let settings = Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 7,
        seed_fixed: true,
        now_ms: 1_791_431_149_000,
        now_fixed: false,
        lang,
        progress_path: Some("/tmp/progress.json".into()),
    };
    App::new(lessons, Progress::new(), settings)
}

/// Runs `steps` as the binary would: each event through the key map and `update`, a frame
/// drawn after each at the terminal's current size (the app learns the size from the frame
/// when `frames_tell_size`, as the binary's draw does, or only from resize messages).
pub fn run(app: &mut App, start: (u16, u16), steps: &[Step], frames_tell_size: bool) {
    let mut terminal = Terminal::new(TestBackend::new(start.0, start.1)).expect("a test terminal");
    app.size = start;
    for step in steps {
        match step {
            Step::Resize(w, h) => terminal.backend_mut().resize(*w, *h),
            Step::Event(event) => {
                if let Some(message) = keymap::message(app, event) {
                    update(app, message);
                }
            }
        }
        terminal
            .draw(|frame| {
                let area = frame.area();
                if frames_tell_size {
                    app.size = (area.width, area.height);
                }
                frame.render_widget(&*app, area);
                if let Some(at) = bson_tutor::tui::view::cursor(app, area) {
                    frame.set_cursor_position(at);
                }
            })
            .expect("a test terminal draws");
    }
}

fn config() -> ProptestConfig {
    let cases = std::env::var("BSON_TUTOR_TUI_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    /// ≥ 10,000 sequences in CI (`BSON_TUTOR_TUI_CASES` raises it locally).
    #[test]
    fn no_interleaving_of_keys_mouse_pastes_and_resizes_panics(
        lang in prop::sample::select(vec![Lang::En, Lang::Vi, Lang::Zh]),
        start in size(),
        steps in prop::collection::vec(step(), 1..16),
        frames_tell_size in any::<bool>(),
    ) {
        let mut app = tutor(lang);
        run(&mut app, start, &steps, frames_tell_size);
    }
}

#[test]
fn timing_probe() {
    let t = std::time::Instant::now();
    for _ in 0..20 { let _ = tutor(Lang::En); }
    eprintln!("app new: {:?}", t.elapsed() / 20);
    let mut app = tutor(Lang::En);
    let t = std::time::Instant::now();
    run(&mut app, (300, 100), &vec![Step::Resize(300,100); 10], true);
    eprintln!("10 frames 300x100: {:?}", t.elapsed());
    let t = std::time::Instant::now();
    run(&mut app, (80, 24), &vec![Step::Resize(80,24); 10], true);
    eprintln!("10 frames 80x24: {:?}", t.elapsed());
}
