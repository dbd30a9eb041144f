//! The interactive tutorial, drawn into ratatui's TestBackend: frames at 80x24 and 120x40 as
//! insta snapshots, and key sequences driving `update` without a terminal.

use bson_tutor::lesson::builtin;
use bson_tutor::lesson::progress::{Progress, Status};
use bson_tutor::tui::app::{App, Mode, Settings};
use bson_tutor::tui::keymap;
use bson_tutor::tui::message::Focus;
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::{Effect, update};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

mod console;
mod course;
mod escapes;
mod exercise_panel;
mod layout;
mod property;
mod work;

fn app(width: u16, height: u16) -> App {
    let settings = Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 7,
        seed_fixed: true,
        now_ms: 1_791_431_149_000,
        now_fixed: false,
        lang: bson_tutor::lesson::i18n::Lang::En,
        progress_path: Some("/tmp/progress.json".into()),
    };
    let mut app = App::new(builtin::lessons(), Progress::new(), settings);
    app.size = (width, height);
    app
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Feeds events through the key map and update, as the binary does; returns the effects.
fn press(app: &mut App, events: &[Event]) -> Vec<Effect> {
    let mut effects = Vec::new();
    for event in events {
        if let Some(message) = keymap::message(app, event)
            && let Some(effect) = update(app, message)
        {
            effects.push(effect);
        }
    }
    effects
}

fn typed(text: &str) -> Vec<Event> {
    text.chars().map(|c| key(KeyCode::Char(c))).collect()
}

fn frame(app: &App) -> String {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    let buffer = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..buffer.area.height {
        // A wide character covers the next cell too: skip the cells it covers.
        let mut line = String::new();
        let mut skip = 0;
        for x in 0..buffer.area.width {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = buffer[(x, y)].symbol();
            skip = unicode_width::UnicodeWidthStr::width(symbol).saturating_sub(1);
            line.push_str(symbol);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn answer(app: &mut App, text: &str) -> Vec<Effect> {
    let mut events = vec![key(KeyCode::Char('i'))];
    events.push(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    events.extend(typed(text));
    events.push(key(KeyCode::Enter));
    press(app, &events)
}

#[test]
fn frames_of_the_lesson_list_at_both_sizes() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        press(&mut app, &[key(KeyCode::BackTab), key(KeyCode::Down)]);
        assert_eq!(app.focus, Focus::List);
        insta::assert_snapshot!(format!("list_{w}x{h}"), frame(&app));
    }
}

#[test]
fn frames_of_the_hex_view_focused_on_an_element() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        // Tab to the hex view; the lesson focuses `name`; Right steps onto its key.
        press(
            &mut app,
            &[key(KeyCode::Tab), key(KeyCode::Right), key(KeyCode::Right)],
        );
        assert_eq!(app.focus, Focus::Hex);
        let shown = frame(&app);
        assert!(
            shown.contains("offset 19: string length = 3 (counting the trailing NUL)"),
            "{shown}"
        );
        insta::assert_snapshot!(format!("hex_{w}x{h}"), shown);
    }
}

#[test]
fn frames_of_a_wrong_and_a_right_answer() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        press(&mut app, &[key(KeyCode::Tab), key(KeyCode::Tab)]);
        let effects = answer(&mut app, "37");
        assert_eq!(effects, [Effect::Save]);
        assert_eq!(
            app.focus,
            Focus::Exercise,
            "a check leaves typing: h, r and x act at once"
        );
        let wrong = frame(&app);
        assert!(wrong.contains('✗'), "{wrong}");
        insta::assert_snapshot!(format!("wrong_{w}x{h}"), wrong);
        answer(&mut app, "36");
        let right = frame(&app);
        assert!(right.contains("✓ right"), "{right}");
        insta::assert_snapshot!(format!("right_{w}x{h}"), right);
    }
}

#[test]
fn frames_of_the_help_overlay_and_the_too_small_screen() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        press(&mut app, &[key(KeyCode::Char('?'))]);
        assert!(matches!(app.mode, Mode::Help(_)));
        let shown = frame(&app);
        assert!(shown.contains("next / previous panel"), "{shown}");
        assert!(shown.contains("more lines)"), "{shown}");
        insta::assert_snapshot!(format!("help_{w}x{h}"), shown);
        // The help scrolls to its last line, the progress file, and no further: one line up
        // from there moves at once.
        assert!(!shown.contains("progress is saved in"), "{shown}");
        press(&mut app, &vec![key(KeyCode::Down); 200]);
        let bottom = frame(&app);
        assert!(bottom.contains("progress is saved in"), "{bottom}");
        assert!(bottom.contains("↑ scroll (the end)"), "{bottom}");
        press(&mut app, &[key(KeyCode::Up)]);
        assert!(frame(&app).contains("(1 more line)"));
        assert!(matches!(app.mode, Mode::Help(_)));
        press(&mut app, &[key(KeyCode::Esc)]);
        assert_eq!(app.mode, Mode::Browse);
    }
    let small = app(50, 12);
    let shown = frame(&small);
    assert!(
        shown.contains("make the window larger (needs 60x18, now 50x12)"),
        "{shown}"
    );
    insta::assert_snapshot!("too_small_50x12", shown);
}

/// Draws `app` into a terminal of `width` x `height`, whatever [`App::size`] says.
fn frame_at(app: &App, width: u16, height: u16) -> String {
    let mut sized = Terminal::new(TestBackend::new(width, height)).unwrap();
    sized.draw(|f| f.render_widget(app, f.area())).unwrap();
    let mut out = String::new();
    for y in 0..height {
        let line: String = (0..width)
            .map(|x| sized.backend().buffer()[(x, y)].symbol())
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[test]
fn a_frame_drawn_before_the_resize_message_is_laid_out_for_its_own_area() {
    // The terminal shrank (or grew) and a key arrived before the resize message: the frame
    // is drawn at the new size while the app still holds the old one. Layout comes from the
    // area alone, so the frame is whole and the same as once the message is handled.
    for (old, new) in [
        ((120, 40), (80, 24)),
        ((80, 24), (120, 40)),
        ((80, 24), (50, 12)),
    ] {
        for keys in [
            vec![],
            vec![key(KeyCode::Tab)],
            vec![key(KeyCode::Char('p'))],
        ] {
            let mut app = app(old.0, old.1);
            press(&mut app, &keys);
            let early = frame_at(&app, new.0, new.1);
            press(&mut app, &[Event::Resize(new.0, new.1)]);
            assert_eq!(app.size, new);
            assert_eq!(early, frame_at(&app, new.0, new.1), "{old:?} -> {new:?}");
        }
    }
}

#[test]
fn frames_of_the_playground_valid_and_with_a_parse_error() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        press(&mut app, &[key(KeyCode::Char('p'))]);
        assert_eq!(app.mode, Mode::Playground);
        let valid = frame(&app);
        insta::assert_snapshot!(format!("playground_{w}x{h}"), valid);
        // Break the document: delete its closing brace.
        press(&mut app, &[key(KeyCode::Backspace)]);
        let broken = frame(&app);
        assert_ne!(valid, broken);
        insta::assert_snapshot!(format!("playground_error_{w}x{h}"), broken);
        press(&mut app, &[key(KeyCode::Esc)]);
        assert_eq!(app.mode, Mode::Browse);
    }
}

#[test]
fn key_sequences_move_the_state() {
    let mut app = app(100, 30);
    assert_eq!((app.lesson, app.exercise, app.focus), (0, 0, Focus::Lesson));
    // Down the list to lesson 2 and open it.
    press(&mut app, &[key(KeyCode::BackTab)]);
    let exercises = app.exercise_count(0);
    let downs = vec![key(KeyCode::Down); exercises + 1];
    press(&mut app, &downs);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!((app.lesson, app.focus), (1, Focus::Lesson));
    // Back to lesson 1 with `<`, then `]` twice: the third exercise.
    press(
        &mut app,
        &[
            key(KeyCode::Char('<')),
            key(KeyCode::Char(']')),
            key(KeyCode::Char(']')),
        ],
    );
    assert_eq!((app.lesson, app.exercise), (0, 2));
    // A hint before any attempt is recorded; reveal is refused until a wrong attempt.
    let effects = press(
        &mut app,
        &[key(KeyCode::Char('h')), key(KeyCode::Char('r'))],
    );
    assert_eq!(effects, [Effect::Save]);
    let id = app.lessons[0].id.clone();
    assert_eq!(app.progress.record(&id, 3).unwrap().hints, 1);
    assert_eq!(app.status(0, 2), Status::Pending);
    assert!(
        app.notice
            .as_ref()
            .unwrap()
            .text
            .contains("after a wrong attempt")
    );
    // A wrong answer, then reveal: recorded as revealed, not solved.
    answer(&mut app, "1");
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Char('r'))]);
    assert_eq!(app.status(0, 2), Status::Revealed);
    assert!(app.revealed);
    assert_eq!(app.progress.solved(&id, 6), 0);
    // Reset asks first: `n` keeps, `x` then `y` forgets.
    press(
        &mut app,
        &[key(KeyCode::Char('x')), key(KeyCode::Char('n'))],
    );
    assert_eq!(app.status(0, 2), Status::Revealed);
    let effects = press(
        &mut app,
        &[key(KeyCode::Char('x')), key(KeyCode::Char('y'))],
    );
    assert_eq!(effects, [Effect::Save]);
    assert_eq!(app.status(0, 2), Status::Pending);
    assert!(app.changed.contains(&format!("{id}#3")));
    // `c` goes to the first unfinished exercise and starts typing.
    press(&mut app, &[key(KeyCode::Char('c'))]);
    assert_eq!((app.lesson, app.exercise, app.focus), (0, 0, Focus::Answer));
    // While typing, letters are text, not commands.
    press(&mut app, &typed("qhp"));
    assert_eq!(app.answer.text(), "qhp");
    assert_eq!(app.mode, Mode::Browse);
    // Ctrl-C quits from anywhere.
    let quit = press(
        &mut app,
        &[Event::Key(KeyEvent::new(
            KeyCode::Char('c'),
            KeyModifiers::CONTROL,
        ))],
    );
    assert_eq!(quit, [Effect::Quit]);
}

#[test]
fn finishing_a_lesson_shows_what_comes_next() {
    let mut app = app(120, 40);
    let cards: Vec<String> = app
        .page
        .cards
        .iter()
        .map(|c| c.solution.clone().unwrap())
        .collect();
    for (n, solution) in cards.iter().enumerate() {
        assert_eq!(app.exercise, n);
        answer(&mut app, solution);
        if n + 1 < cards.len() {
            assert_eq!(app.mode, Mode::Browse, "exercise {}", n + 1);
            press(&mut app, &[key(KeyCode::Char(']'))]);
        }
    }
    assert_eq!(app.mode, Mode::Complete { lesson: 0 });
    let shown = frame(&app);
    assert!(shown.contains("complete"), "{shown}");
    assert!(
        shown.contains(&format!("Next: 2. {}", app.lessons[1].title)),
        "{shown}"
    );
    insta::assert_snapshot!("complete_120x40", shown);
    // The overlay's other keys do what the help says: `c` goes on at the first exercise not
    // done (in the next lesson), `p` opens the playground, Esc stays.
    for (code, mode, lesson) in [
        (KeyCode::Char('c'), Mode::Browse, 1),
        (KeyCode::Char('p'), Mode::Playground, 0),
        (KeyCode::Esc, Mode::Browse, 0),
    ] {
        app.mode = Mode::Complete { lesson: 0 };
        app.open_lesson(0);
        press(&mut app, &[key(code)]);
        assert_eq!((app.mode.clone(), app.lesson), (mode, lesson), "{code:?}");
    }
    app.mode = Mode::Complete { lesson: 0 };
    app.open_lesson(0);
    press(&mut app, &[key(KeyCode::Enter)]);
    assert_eq!((app.mode.clone(), app.lesson), (Mode::Browse, 1));
}

#[test]
fn a_saved_position_is_resumed() {
    let mut progress = Progress::new();
    progress.last = Some(bson_tutor::lesson::progress::Position {
        lesson: "numbers".into(),
        exercise: 3,
    });
    let lessons = builtin::lessons();
    let order = lessons.iter().find(|l| l.id == "numbers").map(|l| l.order);
    let settings = app(80, 24).settings;
    let app = App::new(lessons, progress, settings);
    assert_eq!(app.current().map(|l| l.order), order);
    assert_eq!(app.exercise, 2);
    assert!(app.notice.as_ref().unwrap().text.starts_with("resumed"));
}

#[test]
fn a_fixed_seed_and_clock_show_in_the_status_bar_and_fix_the_playground() {
    let mut a = app(100, 30);
    a.settings.now_fixed = true;
    let shown = frame(&a);
    assert!(
        shown.contains("[seed 7 · now 2026-10-08T03:45:49.000Z]"),
        "{shown}"
    );
    // Two classmates with the same seed and clock see the same generated ids.
    let mut b = app(100, 30);
    b.settings.now_fixed = true;
    for app in [&mut a, &mut b] {
        press(app, &[key(KeyCode::Char('p'))]);
        press(
            app,
            &[Event::Key(KeyEvent::new(
                KeyCode::Char('u'),
                KeyModifiers::CONTROL,
            ))],
        );
        press(app, &typed("{ _id: ObjectId(), at: new Date() }"));
    }
    let (fa, fb) = (frame(&a), frame(&b));
    assert!(fa.contains("ObjectId('"), "{fa}");
    assert!(fa.contains("2026-10-08T03:45:49"), "{fa}");
    assert_eq!(fa, fb);
    let mut c = app(100, 30);
    c.settings.seed = 8;
    press(&mut c, &[key(KeyCode::Char('p'))]);
    press(
        &mut c,
        &[Event::Key(KeyEvent::new(
            KeyCode::Char('u'),
            KeyModifiers::CONTROL,
        ))],
    );
    press(&mut c, &typed("{ _id: ObjectId(), at: new Date() }"));
    assert_ne!(frame(&c).lines().nth(4), fa.lines().nth(4));
}

#[test]
fn time_spent_is_counted_on_the_open_exercise_and_capped_when_away() {
    let mut app = app(100, 30);
    let id = app.lessons[0].id.clone();
    let at = |app: &mut App, ms: u64, events: &[Event]| {
        app.clock_ms = ms;
        press(app, events);
    };
    at(&mut app, 1_000, &[key(KeyCode::Char(']'))]); // first message: nothing to count yet
    at(&mut app, 4_500, &[key(KeyCode::Char(']'))]); // 3.5 s on exercise 2
    assert_eq!(app.progress.record(&id, 2).unwrap().seconds, 3);
    assert!(app.changed.contains(&format!("{id}#2")));
    // Twenty minutes away count as five.
    at(&mut app, 4_500 + 20 * 60_000, &[key(KeyCode::Char('['))]);
    assert_eq!(app.progress.record(&id, 3).unwrap().seconds, 300);
    // Time in the playground is not time on an exercise.
    at(&mut app, 2_000_000, &[key(KeyCode::Char('p'))]);
    let before = app.progress.record(&id, 2).map_or(0, |r| r.seconds);
    at(&mut app, 2_100_000, &[key(KeyCode::Esc)]);
    assert_eq!(app.progress.record(&id, 2).map_or(0, |r| r.seconds), before);
}

fn app_in(lang: bson_tutor::lesson::i18n::Lang, width: u16, height: u16) -> App {
    use bson_tutor::lesson::i18n::localize;
    let lessons = builtin::lessons()
        .into_iter()
        .map(|l| localize(&l, builtin::translation(&l.id, lang).as_ref()).0)
        .collect();
    let mut settings = app(width, height).settings;
    settings.lang = lang;
    let mut app = App::new(lessons, Progress::new(), settings);
    app.size = (width, height);
    app
}

#[test]
fn frames_in_vietnamese_and_chinese_keep_their_columns() {
    use bson_tutor::lesson::i18n::Lang;
    use unicode_width::UnicodeWidthStr;
    for lang in [Lang::Vi, Lang::Zh] {
        let mut app = app_in(lang, 80, 24);
        press(&mut app, &[key(KeyCode::BackTab)]);
        let list = frame(&app);
        // Every line is exactly as wide as the screen: wide characters take two cells and
        // nothing spills over the borders.
        for line in list.lines().take(23) {
            assert!(line.width() <= 80, "{lang:?}: {line}");
            if line.starts_with('│') || line.starts_with('┌') || line.starts_with('└') {
                assert!(
                    line.ends_with('│') || line.ends_with('┐') || line.ends_with('┘'),
                    "{lang:?}: {line}"
                );
            }
        }
        insta::assert_snapshot!(format!("list_{}_80x24", lang.code()), list);
        press(&mut app, &[key(KeyCode::Char('?'))]);
        insta::assert_snapshot!(format!("help_{}_80x24", lang.code()), frame(&app));
    }
}

#[test]
fn answer_feedback_speaks_the_learners_language_and_judges_the_same() {
    use bson_tutor::lesson::i18n::Lang;
    for (lang, wrong, right) in [
        (
            Lang::En,
            "is not the value the engine computes",
            "right: `36` (int)",
        ),
        (
            Lang::Vi,
            "không phải giá trị mà engine tính ra",
            "đúng: `36` (int)",
        ),
        (Lang::Zh, "不是引擎算出的值", "正确：`36` (int)"),
    ] {
        let mut app = app_in(lang, 120, 40);
        press(&mut app, &[key(KeyCode::Tab), key(KeyCode::Tab)]);
        answer(&mut app, "37");
        let f = app.feedback.clone().unwrap();
        assert!(
            !f.correct() && f.text.contains(wrong),
            "{lang:?}: {}",
            f.text
        );
        answer(&mut app, "36");
        let f = app.feedback.clone().unwrap();
        assert!(f.correct() && f.text == right, "{lang:?}: {}", f.text);
    }
}

#[test]
fn the_playground_speaks_the_learners_language() {
    use bson_tutor::lesson::i18n::Lang;
    for (lang, reason, parse) in [
        (Lang::Vi, "quy tắc nhóm kiểu", "dòng 1, cột"),
        (Lang::Zh, "只比较", "第 1 行"),
    ] {
        let mut app = app_in(lang, 120, 40);
        press(&mut app, &[key(KeyCode::Char('p'))]);
        let valid = frame(&app);
        assert!(valid.contains(reason), "{lang:?}:\n{valid}");
        // Values, operators and the term learners search for stay as they are.
        assert!(valid.contains("(type bracketing)"), "{lang:?}:\n{valid}");
        insta::assert_snapshot!(format!("playground_{}_120x40", lang.code()), valid);
        press(&mut app, &[key(KeyCode::Backspace)]);
        let broken = frame(&app);
        assert!(broken.contains(parse), "{lang:?}:\n{broken}");
        insta::assert_snapshot!(format!("playground_error_{}_120x40", lang.code()), broken);
    }
}

#[test]
fn an_overlay_cuts_the_chinese_character_under_its_left_border() {
    // A wide character left of the border would be drawn over it by a terminal, and the
    // buffer diff would skip the border cell: the help's rows came out shifted in Chinese.
    let mut app = app_in(bson_tutor::lesson::i18n::Lang::Zh, 200, 60);
    press(&mut app, &[key(KeyCode::Char('?'))]);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    terminal.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let top: Vec<&str> = (0..200).map(|x| buf[(x, 0)].symbol()).collect();
    let title = top.windows(3).position(|w| w == ["┌", " ", "按"]);
    let left = title.expect("the help overlay's top border") as u16;
    let mut wide_before = 0;
    for y in 1..59 {
        if buf[(left, y)].symbol() != "│" {
            break;
        }
        let before = buf[(left - 1, y)].symbol();
        assert!(
            unicode_width::UnicodeWidthStr::width(before) <= 1,
            "row {y}: `{before}` spills over the border"
        );
        wide_before += 1;
    }
    assert!(
        wide_before > 20,
        "the overlay's left border has {wide_before} rows"
    );
}

#[test]
fn an_answer_typed_in_one_lesson_is_not_carried_to_the_next() {
    let mut app = app(100, 30);
    answer(&mut app, "36 bytes");
    assert_eq!(app.answer.text(), "36 bytes");
    // The next lesson opens at its first exercise, as lesson 1's was: the same index, but
    // another exercise, so its line is empty.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Char('>'))]);
    assert_eq!((app.lesson, app.exercise), (1, 0));
    assert_eq!(app.answer.text(), "");
    press(&mut app, &typed("inou"));
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Char('<'))]);
    assert_eq!((app.lesson, app.answer.text()), (0, ""));
}

#[test]
fn the_help_defines_the_claim_labels_in_the_learners_language() {
    use bson_tutor::lesson::i18n::Lang;
    use bson_tutor::lesson::model::Claim;
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let mut app = app_in(lang, 120, 60);
        press(&mut app, &[key(KeyCode::Char('?'))]);
        // Everything the help shows, paged down to its end.
        let mut shown = frame(&app);
        for _ in 0..5 {
            press(&mut app, &[key(KeyCode::PageDown)]);
            shown.push_str(&frame(&app));
        }
        for claim in Claim::ALL {
            let label = claim.label_in(lang);
            let row = shown
                .lines()
                .find(|l| l.contains(label))
                .unwrap_or_else(|| panic!("{lang:?}: {label} is not defined:\n{shown}"));
            let meaning = bson_tutor::strings::tr(lang, claim.meaning());
            let start: String = meaning.chars().take(12).collect();
            assert!(row.contains(&start), "{lang:?}: {row}");
        }
    }
}
