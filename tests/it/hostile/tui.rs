//! Hostile inputs: the interactive tutorial, driven through its real key map, `update` and
//! view on ratatui's `TestBackend` (the binary needs a terminal, which the harness does not
//! give). The terminal cases of the findings 7 and 11 (an abort, SIGQUIT, SIGUSR1
//! and SIGUSR2 leaving the terminal raw) run the binary in tmux: `e2e_tmux.rs`.

use bson_tutor::lesson::builtin;
use bson_tutor::lesson::progress::Progress;
use bson_tutor::strings::Lang;
use bson_tutor::tui::app::{App, Settings};
use bson_tutor::tui::input::Edit;
use bson_tutor::tui::keymap;
use bson_tutor::tui::message::Message;
use bson_tutor::tui::playground::Results;
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::update;
use bson_tutor::tui::work::{Finished, Kind, Stopped, Work};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

fn tutor(work: Work) -> App {
    let settings = Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 7,
        seed_fixed: true,
        now_ms: 1_791_431_149_000,
        now_fixed: false,
        lang: Lang::Zh,
        progress_path: None,
    };
    App::with_work(builtin::lessons(), Progress::new(), settings, work)
}

fn draw(terminal: &mut Terminal<TestBackend>, app: &mut App) {
    terminal
        .draw(|frame| {
            let area = frame.area();
            app.size = (area.width, area.height);
            frame.render_widget(&*app, area);
        })
        .expect("a test terminal draws");
}

/// Finding 1: a key, then the window one row shorter before its resize message, crashed
/// `render_list` (`index outside of buffer`). Every size around the layout's thresholds,
/// from 1x1 to 300x100, after the keys that change the layout.
#[test]
fn finding_1_a_key_and_a_shrinking_window_never_panic() {
    let widths = [
        1, 2, 3, 10, 40, 59, 60, 61, 79, 80, 99, 100, 109, 110, 120, 200, 300,
    ];
    let heights = [
        1, 2, 3, 10, 17, 18, 19, 23, 24, 29, 30, 33, 34, 35, 40, 60, 100,
    ];
    let keys = [
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Enter,
        KeyCode::Char('p'),
        KeyCode::Char('?'),
    ];
    let start = tutor(Work::inline());
    let mut drawn = 0;
    for &w in &widths {
        for &h in &heights {
            for key in keys {
                let mut app = start.clone();
                let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
                draw(&mut terminal, &mut app);
                let event = Event::Key(KeyEvent::new(key, KeyModifiers::NONE));
                if let Some(message) = keymap::message(&app, &event) {
                    update(&mut app, message);
                }
                terminal.backend_mut().resize(w, h.saturating_sub(1).max(1));
                draw(&mut terminal, &mut app);
                drawn += 2;
            }
        }
    }
    assert_eq!(drawn, widths.len() * heights.len() * keys.len() * 2);
}

/// Finding 6: `/a{30000}b/` over 100,000 a's froze the playground for each keystroke. Now
/// `update` only files the evaluation (a worker runs it under the budget) and returns; the
/// overrun, when the watchdog reports it, is said in the panel.
#[test]
fn finding_6_a_slow_filter_is_left_to_a_worker_and_its_overrun_said() {
    let mut app = tutor(Work::deferred());
    app.work.take_jobs();
    update(&mut app, Message::OpenPlayground);
    update(&mut app, Message::PlaygroundFocus(1));
    update(&mut app, Message::Edit(Edit::DeleteToStart));
    update(
        &mut app,
        Message::Edit(Edit::Paste("{ s: /a{30000}b/ }".into())),
    );
    let jobs = app.work.take_jobs();
    assert_eq!(jobs.len(), 1, "one evaluation, the latest");
    assert_eq!(jobs[0].kind(), Kind::Playground);
    let p = app.playground.as_ref().expect("the playground is open");
    assert_eq!(p.results(), &Results::Evaluating);
    assert_eq!(
        p.filter_text(),
        "{ s: /a{30000}b/ }",
        "the key was echoed at once"
    );
    let overrun = Finished::without_result(
        Kind::Playground,
        jobs[0].generation(),
        Stopped::TimeLimit { budget_ms: 2000 },
    );
    update(&mut app, Message::Finished(overrun.into()));
    let p = app.playground.as_ref().expect("the playground is open");
    let Results::Stopped(why) = p.results() else {
        panic!("not stopped: {:?}", p.results());
    };
    assert_eq!(
        why,
        "operation exceeded time limit（bson-tutor 在 2 秒后停止计算）"
    );
}
