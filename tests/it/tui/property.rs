//! Random interleavings of keys, mouse events, pastes and resizes through the real key map,
//! `update` and `view`, drawn into a `TestBackend` after every event as the binary draws:
//! nothing panics, whatever the order, and the terminal may change size at any moment,
//! before or long after the resize message that reports it. Half the runs defer the long
//! computations as the binary does: their results (or their overruns) come back late, out of
//! order, after newer ones, or never.

use std::sync::LazyLock;

use bson_tutor::lesson::i18n::Lang;
use bson_tutor::lesson::progress::Progress;
use bson_tutor::lesson::{Lesson, builtin};
use bson_tutor::tui::app::{App, Settings};
use bson_tutor::tui::keymap::{self, BINDINGS, Key};
use bson_tutor::tui::message::Message;
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::update;
use bson_tutor::tui::work::{Finished, Job, Stopped, Work, run_inline};
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
    /// A computation asked for (the `n`th still running, modulo their number) ends with its
    /// result.
    Finish(usize),
    /// A computation runs out of time: the watchdog reports the overrun.
    Overrun(usize),
}

fn size() -> impl Strategy<Value = (u16, u16)> {
    // The sizes learners use, tiny ones, ones just too small, and any up to 300x100.
    prop_oneof![
        2 => (1u16..=300, 1u16..=100),
        2 => (1u16..=4, 1u16..=4),
        2 => (5u16..=70, 1u16..=20),
        3 => (55u16..=130, 14u16..=45),
        1 => Just((80, 24)),
        1 => Just((200, 60)),
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
        8 => prop::collection::vec(text_char(), 0..40).prop_map(|c| c.into_iter().collect()),
        2 => Just("\u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}]52;c;aGk=\u{7}".to_string()),
        2 => Just(r#"{ s: "\u001b[31m", r: /a{3000}b/ }"#.to_string()),
        2 => (1usize..5_000, text_char()).prop_map(|(n, c)| c.to_string().repeat(n)),
        1 => Just("{ s: '".to_string() + &"a".repeat(100_000) + "' }"),
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
        12 => key_event().prop_map(|k| Step::Event(Event::Key(k))),
        2 => mouse_event().prop_map(|m| Step::Event(Event::Mouse(m))),
        1 => paste().prop_map(|p| Step::Event(Event::Paste(p))),
        3 => size().prop_map(|(w, h)| Step::Resize(w, h)),
        1 => size().prop_map(|(w, h)| Step::Event(Event::Resize(w, h))),
        1 => Just(Step::Event(Event::FocusLost)),
        3 => any::<usize>().prop_map(Step::Finish),
        1 => any::<usize>().prop_map(Step::Overrun),
    ]
}

/// How a tutor computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// On the spot, inside `update` (no runtime).
    Inline,
    /// As the binary does: jobs wait for a worker (here, a `Finish` or `Overrun` step).
    Deferred,
    /// Deferred, and the first lesson's page not computed yet.
    FirstPage,
}

/// A fresh tutor in `lang`, computing as `mode` says.
pub fn tutor(lang: Lang, mode: Mode) -> App {
    thread_local! {
    /// The starting state of each language and mode, built once.
    static STARTS: Vec<(Lang, Mode, App)> = {
        let mut starts = Vec::new();
        for (lang, lessons) in LESSONS.iter() {
            for mode in [Mode::Inline, Mode::Deferred, Mode::FirstPage] {
                let settings = Settings {
                    theme: Theme::new(ThemeName::Dark),
                    seed: 7,
                    seed_fixed: true,
                    now_ms: 1_791_431_149_000,
                    now_fixed: false,
                    lang: *lang,
                    progress_path: Some("/tmp/progress.json".into()),
                };
                let work = if mode == Mode::Inline {
                    Work::inline()
                } else {
                    Work::deferred()
                };
                let mut app = App::with_work(lessons.clone(), Progress::new(), settings, work);
                if mode == Mode::Deferred {
                    for job in app.work.take_jobs() {
                        update(&mut app, Message::Finished(run_inline(job).into()));
                    }
                }
                starts.push((*lang, mode, app));
            }
        }
        starts
    };
    }
    STARTS.with(|starts| {
        starts
            .iter()
            .find(|(l, m, _)| (*l, *m) == (lang, mode))
            .map(|(_, _, app)| app.clone())
            .expect("a start for every language and mode")
    })
}

/// Runs `steps` as the binary would: each event through the key map and `update`, a frame
/// drawn after each at the terminal's current size (the app learns the size from the frame
/// when `frames_tell_size`, as the binary's draw does, or only from resize messages). Jobs
/// filed by a deferred app wait for a `Finish` or `Overrun` step, as they wait for a worker;
/// the ones left at the end finish then.
pub fn run(app: &mut App, start: (u16, u16), steps: &[Step], frames_tell_size: bool) {
    let mut terminal = Terminal::new(TestBackend::new(start.0, start.1)).expect("a test terminal");
    app.size = start;
    let mut jobs: Vec<Job> = app.work.take_jobs();
    let deliver = |app: &mut App, jobs: &mut Vec<Job>, done: Finished| {
        update(app, Message::Finished(done.into()));
        jobs.extend(app.work.take_jobs());
    };
    for step in steps {
        match step {
            Step::Resize(w, h) => terminal.backend_mut().resize(*w, *h),
            Step::Event(event) => {
                if let Some(message) = keymap::message(app, event) {
                    update(app, message);
                }
                jobs.extend(app.work.take_jobs());
            }
            Step::Finish(n) if !jobs.is_empty() => {
                let job = jobs.remove(n % jobs.len());
                deliver(app, &mut jobs, run_inline(job));
            }
            Step::Overrun(n) if !jobs.is_empty() => {
                let job = jobs.remove(n % jobs.len());
                let done = Finished::without_result(
                    job.kind(),
                    job.generation(),
                    Stopped::TimeLimit { budget_ms: 2000 },
                );
                deliver(app, &mut jobs, done);
            }
            Step::Finish(_) | Step::Overrun(_) => {}
        }
        draw(&mut terminal, app, frames_tell_size);
    }
    while let Some(job) = jobs.pop() {
        deliver(app, &mut jobs, run_inline(job));
    }
    draw(&mut terminal, app, frames_tell_size);
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &mut App, frames_tell_size: bool) {
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

/// Sequences run in CI: at least 10,000, shared by the three languages (each its own test,
/// so they run side by side). `BSON_TUTOR_TUI_CASES` sets another total.
fn cases() -> u32 {
    std::env::var("BSON_TUTOR_TUI_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_002)
}

/// The longest sequence plus one: short in CI (4 steps), `BSON_TUTOR_TUI_STEPS` for more.
fn longest() -> usize {
    std::env::var("BSON_TUTOR_TUI_STEPS")
        .ok()
        .and_then(|n| n.parse::<usize>().ok())
        .map_or(5, |n| n.max(1) + 1)
}

/// Runs `cases() / 3` random sequences in `lang`; on a panic, proptest shrinks the sequence
/// and the failure names the smallest one it found.
fn sequences(lang: Lang) {
    use proptest::test_runner::{Config, TestRunner};
    let config = Config {
        cases: cases().div_ceil(3),
        failure_persistence: None,
        ..Config::default()
    };
    // Computing on the spot, deferred, or deferred with the first page still awaited.
    let mode =
        prop_oneof![4 => Just(Mode::Inline), 3 => Just(Mode::Deferred), 1 => Just(Mode::FirstPage)];
    let strategy = (
        mode,
        size(),
        prop::collection::vec(step(), 1..longest()),
        any::<bool>(),
    );
    let result =
        TestRunner::new(config).run(&strategy, |(mode, start, steps, frames_tell_size)| {
            let mut app = tutor(lang, mode);
            run(&mut app, start, &steps, frames_tell_size);
            Ok(())
        });
    if let Err(e) = result {
        panic!("{lang:?}: {e}");
    }
}

#[test]
fn no_interleaving_of_events_and_results_panics_in_english() {
    sequences(Lang::En);
}

#[test]
fn no_interleaving_of_events_and_results_panics_in_vietnamese() {
    sequences(Lang::Vi);
}

#[test]
fn no_interleaving_of_events_and_results_panics_in_chinese() {
    sequences(Lang::Zh);
}

fn key(code: KeyCode) -> Step {
    Step::Event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

/// The issue's finding 1: `Tab`, then the window one row shorter before its resize message
/// (`index outside of buffer ... render_list`), at the sizes learners use.
#[test]
fn a_key_then_a_window_one_row_shorter_draws_whole() {
    for (w, h) in [(80, 24), (100, 30), (120, 40), (200, 60), (60, 18)] {
        for keys in [vec![key(KeyCode::Tab)], vec![key(KeyCode::BackTab)]] {
            for frames_tell_size in [false, true] {
                let mut app = tutor(Lang::En, Mode::Inline);
                let mut steps = keys.clone();
                steps.push(Step::Resize(w, h - 1));
                steps.extend(keys.clone());
                steps.push(Step::Event(Event::Resize(w, h - 1)));
                steps.push(Step::Resize(w, h - 2));
                run(&mut app, (w, h), &steps, frames_tell_size);
                assert_eq!(app.size, (w, h - 1 - u16::from(frames_tell_size)));
            }
        }
    }
}

/// Found by the property test: the too-small note in Chinese, two columns wide, wrote a
/// character past the right edge.
#[test]
fn the_too_small_note_fits_any_width_in_every_language() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        for w in 1..=8 {
            for h in [1, 2, 3, 32] {
                let mut app = tutor(lang, Mode::Inline);
                run(&mut app, (1, 1), &[Step::Resize(w, h)], false);
            }
        }
    }
}
