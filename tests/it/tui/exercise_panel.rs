//! The exercise panel at 80x24, where it gets three to eight rows: long feedback wraps, one
//! reason a line, and scrolls (keys and the wheel) under a border that says what is hidden;
//! the answer line always shows; a check leaves typing so `h`, `r` and `x` act at once; the
//! letters of a choice answer it; a format slip is a note, not an attempt; the wrong bytes of
//! a bytes answer are highlighted.

use bson_tutor::lesson::check::{ByteMarks, Outcome};
use bson_tutor::lesson::i18n::Lang;
use bson_tutor::strings::tr;
use bson_tutor::tui::app::{App, Feedback};
use bson_tutor::tui::message::{Focus, Message};
use bson_tutor::tui::update::update;
use bson_tutor::tui::view;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers, MouseEvent};
use ratatui::style::Modifier;

use super::{answer, app_in, key, press};

/// The app in `lang` at 80x24, on exercise `n` (1-based) of the lesson with order `order`.
fn at(lang: Lang, order: u32, n: usize) -> App {
    let mut app = app_in(lang, 80, 24);
    let lesson = app.lessons.iter().position(|l| l.order == order).unwrap();
    app.open_lesson(lesson);
    app.select_exercise(n - 1);
    app.focus = Focus::Exercise;
    app
}

/// Lesson 3, exercise 2 (which `_id`s does `{ userId: 42 }` find?) answered `1`: three
/// documents left out, three reasons.
fn long_feedback(lang: Lang) -> App {
    let mut app = at(lang, 3, 2);
    answer(&mut app, "1");
    let f = app.feedback.clone().unwrap();
    assert_eq!(f.outcome, Outcome::Wrong, "{}", f.text);
    assert!(f.text.lines().count() >= 3, "{}", f.text);
    app
}

fn buffer(app: &App) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(app.size.0, app.size.1)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal.backend().buffer().clone()
}

/// Row `y` of `buf` as text, a wide character once.
fn row(buf: &Buffer, y: u16) -> String {
    let mut line = String::new();
    let mut skip = 0;
    for x in 0..buf.area.width {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let symbol = buf[(x, y)].symbol();
        skip = unicode_width::UnicodeWidthStr::width(symbol).saturating_sub(1);
        line.push_str(symbol);
    }
    line.trim_end().to_string()
}

/// The exercise panel's rows and the status bar, as drawn.
fn panel(app: &App) -> String {
    let buf = buffer(app);
    let area = view::areas(app, app.screen()).exercise;
    let mut rows: Vec<String> = (area.y..area.bottom()).map(|y| row(&buf, y)).collect();
    rows.push(row(&buf, app.size.1 - 1));
    rows.join("\n") + "\n"
}

/// The panel's content rows (inside the border, above the answer line).
fn content_rows(app: &App) -> Vec<String> {
    let buf = buffer(app);
    let area = view::areas(app, app.screen()).exercise;
    (area.y + 1..area.bottom().saturating_sub(2))
        .map(|y| row(&buf, y))
        .collect()
}

fn squeeze(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '│')
        .collect()
}

#[test]
fn a_long_feedback_scrolls_top_and_bottom_in_every_language() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let mut app = long_feedback(lang);
        let lead = tr(lang, "answer › ").trim_end();
        // The check brought the feedback into view, and left typing.
        assert_eq!(app.focus, Focus::Exercise);
        press(&mut app, &[key(KeyCode::Home)]);
        let top = panel(&app);
        assert!(top.contains('▼') && !top.contains('▲'), "{lang:?}\n{top}");
        assert!(top.contains(lead), "{lang:?}\n{top}");
        insta::assert_snapshot!(format!("exercise_long_top_{}_80x24", lang.code()), top);
        press(&mut app, &[key(KeyCode::End)]);
        let bottom = panel(&app);
        assert!(
            bottom.contains('▲') && !bottom.contains('▼'),
            "{lang:?}\n{bottom}"
        );
        assert!(bottom.contains(lead), "{lang:?}\n{bottom}");
        insta::assert_snapshot!(
            format!("exercise_long_bottom_{}_80x24", lang.code()),
            bottom
        );
    }
}

#[test]
fn every_reason_is_seen_by_paging_down_and_the_answer_line_stays() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        for size in [(80, 24), (100, 30)] {
            let mut app = long_feedback(lang);
            app.size = size;
            press(&mut app, &[key(KeyCode::Home)]);
            let lead = tr(lang, "answer › ").trim_end();
            let mut seen = String::new();
            for _ in 0..20 {
                seen.push_str(&squeeze(&content_rows(&app).join("")));
                let shown = panel(&app);
                assert!(shown.contains(lead), "{lang:?} {size:?}\n{shown}");
                press(&mut app, &[key(KeyCode::PageDown)]);
            }
            let text = app.feedback.clone().unwrap().text;
            for reason in text.lines() {
                assert!(
                    seen.contains(&squeeze(reason)),
                    "{lang:?} {size:?}: {reason}\n{seen}"
                );
            }
        }
    }
}

#[test]
fn scrolling_stays_within_the_content_however_far_it_is_asked() {
    let mut app = long_feedback(Lang::En);
    let area = view::areas(&app, app.screen()).exercise;
    let max = view::exercise::max_scroll(&app, area);
    assert!(max > 0, "the long feedback fits: nothing to test");
    for (message, expect) in [
        (Message::ExerciseScroll(isize::MIN), 0),
        (Message::ExerciseScroll(-1), 0),
        (Message::ExerciseScroll(isize::MAX), max),
        (Message::ExerciseScroll(1), max),
        (Message::ExerciseScrollPage(5), max),
        (Message::ExerciseScrollPage(-5), 0),
        (Message::ExerciseScroll(1), 1),
    ] {
        update(&mut app, message.clone());
        assert_eq!(app.exercise_scroll, expect, "{message:?}");
    }
    // A page keeps a line for context, and moves at least one.
    update(&mut app, Message::ExerciseScroll(isize::MIN));
    update(&mut app, Message::ExerciseScrollPage(1));
    let rows = area.height as usize - 3;
    assert_eq!(app.exercise_scroll, (rows - 1).clamp(1, max));
    // A larger screen holds more: the position is kept within the new content when drawn,
    // and the next scroll starts from there.
    app.exercise_scroll = max;
    app.size = (200, 60);
    let big = view::areas(&app, app.screen()).exercise;
    assert_eq!(view::exercise::max_scroll(&app, big), 0);
    assert!(!panel(&app).contains('▲'));
    update(&mut app, Message::ExerciseScroll(-1));
    assert_eq!(app.exercise_scroll, 0);
    // Another exercise starts at the top.
    app.size = (80, 24);
    app.exercise_scroll = max;
    update(&mut app, Message::Exercise(1));
    assert_eq!(app.exercise_scroll, 0);
}

#[test]
fn the_wheel_over_the_panel_scrolls_it_and_not_the_lesson() {
    let mut app = long_feedback(Lang::En);
    press(&mut app, &[key(KeyCode::Home)]);
    let area = view::areas(&app, app.screen()).exercise;
    let lesson_scroll = app.scroll;
    let wheel = |kind| {
        Event::Mouse(MouseEvent {
            kind,
            column: area.x + 3,
            row: area.y + 2,
            modifiers: KeyModifiers::NONE,
        })
    };
    press(
        &mut app,
        &[wheel(ratatui::crossterm::event::MouseEventKind::ScrollDown)],
    );
    assert!(app.exercise_scroll > 0);
    assert_eq!(app.scroll, lesson_scroll);
    press(
        &mut app,
        &[wheel(ratatui::crossterm::event::MouseEventKind::ScrollUp)],
    );
    assert_eq!(app.exercise_scroll, 0);
}

#[test]
fn after_a_check_h_r_and_x_act_at_once() {
    let mut app = long_feedback(Lang::En);
    let id = app.lessons[app.lesson].id.clone();
    // No Esc first: the check left typing.
    press(&mut app, &[key(KeyCode::Char('h'))]);
    assert_eq!(app.progress.record(&id, 2).unwrap().hints, 1);
    // The new hint is in view.
    let shown = panel(&app);
    assert!(
        shown.contains(&tr(Lang::En, "hint {n}: ").replace("{n}", "1")),
        "{shown}"
    );
    press(&mut app, &[key(KeyCode::Char('r'))]);
    assert!(app.revealed);
    let shown = panel(&app);
    assert!(
        shown.contains("answer: "),
        "the revealed answer is in view\n{shown}"
    );
    press(&mut app, &[key(KeyCode::Char('x'))]);
    assert!(matches!(app.mode, bson_tutor::tui::app::Mode::Confirm(_)));
    // Enter types again, the last answer kept to edit; the panel says keys are typed.
    press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Enter)]);
    assert_eq!(app.focus, Focus::Answer);
    assert_eq!(app.answer.text(), "1");
    let shown = panel(&app);
    assert!(
        shown.contains("typing: Enter checks · Esc stops"),
        "{shown}"
    );
    // PgDn while typing scrolls the panel and leaves the answer alone.
    press(&mut app, &[key(KeyCode::Home), key(KeyCode::PageDown)]);
    assert_eq!(app.answer.text(), "1");
    assert!(app.exercise_scroll > 0);
}

#[test]
fn the_typing_line_is_marked_only_while_keys_are_typed() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let mut app = at(lang, 1, 1);
        let marker = tr(lang, "typing: {key_for} checks · {key_for2} stops")
            .replace("{key_for}", "Enter")
            .replace("{key_for2}", "Esc");
        assert!(!panel(&app).contains(&marker));
        press(&mut app, &[key(KeyCode::Enter)]);
        assert_eq!(app.focus, Focus::Answer);
        let shown = panel(&app);
        assert!(shown.contains(&marker), "{lang:?}\n{shown}");
        // The answer line is highlighted across the panel.
        let buf = buffer(&app);
        let area = view::areas(&app, app.screen()).exercise;
        let y = area.bottom() - 2;
        let selected = app.settings.theme.selected;
        assert_eq!(
            buf[(area.right() - 3, y)].bg,
            selected.bg.unwrap_or_default()
        );
    }
}

#[test]
fn the_letters_of_a_choice_answer_it() {
    // Lesson 9 asks which of two ObjectIds sorts first (`oid`, ask = "first"), then others
    // are choices: every exercise with options takes its letters.
    let mut checked = 0;
    for order in 1..=16 {
        let mut app = at(Lang::En, order, 1);
        for n in 0..app.page.cards.len() {
            app.select_exercise(n);
            app.focus = Focus::Exercise;
            let options = app.page.cards[n].options.len();
            if options == 0 {
                continue;
            }
            let shown = panel(&app);
            assert!(shown.contains("(a) "), "{shown}");
            let before = app.attempts(n);
            press(&mut app, &[key(KeyCode::Char('b'))]);
            assert_eq!(app.answer.text(), "b");
            let f = app.feedback.clone().expect("a verdict");
            assert_ne!(
                f.outcome,
                Outcome::Unreadable,
                "order {order} #{}: {}",
                n + 1,
                f.text
            );
            assert_eq!(app.attempts(n), before + 1);
            assert_eq!(app.focus, Focus::Exercise);
            checked += 1;
            // A letter past the options is refused, nothing recorded.
            if options < 5 {
                let past = char::from(b'a' + options as u8);
                let attempts = app.attempts(n);
                press(&mut app, &[key(KeyCode::Char(past))]);
                assert_eq!(app.attempts(n), attempts);
                let notice = app.notice.clone().expect("a notice").text;
                assert!(notice.contains("there is no option"), "{notice}");
            }
        }
    }
    assert!(checked >= 5, "only {checked} exercises with options");
}

#[test]
fn a_format_slip_is_a_note_with_the_form_not_a_wrong_attempt() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let mut app = at(lang, 3, 2);
        app.size = (100, 40);
        app.feedback = Some(Feedback {
            outcome: Outcome::Unreadable,
            text: "that is not a list of _ids".into(),
            marks: None,
        });
        let shown = panel(&app);
        assert!(shown.contains("? that is not a list of _ids"), "{shown}");
        assert!(!shown.contains('✗'), "{shown}");
        let note = tr(lang, "not counted as an attempt");
        assert!(
            squeeze(&shown).contains(&squeeze(note)),
            "{lang:?}\n{shown}"
        );
        // The form expected, under the prompt and again under the note.
        let like = squeeze(&bson_tutor::lesson::check::form_note(
            &app.page.cards[1].exercise,
            lang,
        ));
        assert_eq!(squeeze(&shown).matches(&like).count(), 2, "{lang:?}");
    }
}

#[test]
fn the_wrong_bytes_of_a_bytes_answer_are_highlighted_and_the_right_ones_not_shown() {
    let mut app = at(Lang::En, 1, 4);
    assert_eq!(app.page.cards[3].kind, "bytes");
    app.feedback = Some(Feedback {
        outcome: Outcome::Wrong,
        text: "byte 4 is wrong: you typed 0a".into(),
        marks: Some(ByteMarks {
            typed: vec![0x0c, 0x00, 0x00, 0x00, 0x0a, 0x61, 0x00],
            wrong: vec![4],
            expected_len: 12,
        }),
    });
    app.size = (100, 40);
    let buf = buffer(&app);
    let area = view::areas(&app, app.screen()).exercise;
    let label = "your bytes, the wrong ones highlighted:";
    let y = (area.y..area.bottom())
        .find(|&y| row(&buf, y).contains(label))
        .expect("the typed bytes");
    let line = row(&buf, y);
    assert!(line.contains("0c 00 00 00 0a 61 00"), "{line}");
    let at = line.find("0a 61").unwrap();
    let x = unicode_width::UnicodeWidthStr::width(&line[..at]) as u16;
    let reversed = |x: u16| buf[(x, y)].modifier.contains(Modifier::REVERSED);
    assert!(
        reversed(x) && reversed(x + 1),
        "the wrong byte is highlighted"
    );
    assert!(
        !reversed(x + 3) && !reversed(x - 3),
        "only the wrong byte is"
    );
    assert!(
        !line.contains("10"),
        "no byte of the answer is shown: {line}"
    );
}

#[test]
fn each_reason_is_its_own_line() {
    let app = long_feedback(Lang::En);
    let text = app.feedback.clone().unwrap().text;
    let area = view::areas(&app, app.screen()).exercise;
    let lines = view::exercise::lines(&app, area.width as usize - 2);
    let plain: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    for (k, reason) in text.lines().enumerate() {
        let mark = if k == 0 { "✗ " } else { "  " };
        assert!(
            plain
                .iter()
                .any(|l| l.starts_with(&format!("{mark}{reason}"))
                    || l.starts_with(&format!("{mark}{}", &reason[..reason.len().min(30)]))),
            "{reason}: {plain:#?}"
        );
    }
}

#[test]
fn a_verdict_arriving_while_typing_again_keeps_the_letters_in_the_answer() {
    use bson_tutor::tui::work::Work;
    let mut app = at(Lang::En, 1, 1);
    app.work = Work::deferred();
    app.focus = Focus::Answer;
    app.answer.set("37");
    update(&mut app, Message::Submit);
    assert_eq!(app.focus, Focus::Exercise);
    // The learner starts typing again before the verdict comes.
    press(&mut app, &[key(KeyCode::Enter), key(KeyCode::Char('x'))]);
    let job = app.work.take_jobs().pop().expect("the check, filed");
    let done = bson_tutor::tui::work::run_inline(job);
    update(&mut app, Message::Finished(done.into()));
    assert!(app.feedback.is_some());
    assert_eq!(app.focus, Focus::Answer, "the verdict did not end typing");
    press(&mut app, &[key(KeyCode::Char('h'))]);
    assert_eq!(app.answer.text(), "37xh");
    assert_eq!(app.mode, bson_tutor::tui::app::Mode::Browse);
}

mod typing {
    use super::*;
    use bson_tutor::tui::input::{Edit, TextInput};
    use proptest::prelude::*;

    fn typed_char() -> impl Strategy<Value = char> {
        prop_oneof![
            4 => proptest::char::range(' ', '~'),
            1 => any::<char>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Whatever characters are typed into the answer line (with Shift or Alt held, too),
        /// they go into it and nowhere else: no panel, lesson, record or mode changes.
        #[test]
        fn typed_characters_only_change_the_answer(
            chars in prop::collection::vec(typed_char(), 1..60),
            alt in any::<bool>(),
            choice in any::<bool>(),
        ) {
            let mut app = if choice { at(Lang::En, 3, 5) } else { at(Lang::En, 1, 1) };
            app.focus = Focus::Answer;
            let before = (app.lesson, app.exercise, app.mode.clone(), app.scroll, app.document);
            let record = app.progress.clone();
            let mut expected = TextInput::default();
            let modifiers = if alt { KeyModifiers::ALT } else { KeyModifiers::SHIFT };
            for c in &chars {
                let event = Event::Key(ratatui::crossterm::event::KeyEvent::new(
                    KeyCode::Char(*c),
                    modifiers,
                ));
                press(&mut app, &[event]);
                expected.apply(Edit::Insert(*c));
                prop_assert_eq!(app.focus, Focus::Answer);
            }
            prop_assert_eq!(app.answer.text(), expected.text());
            let after = (app.lesson, app.exercise, app.mode.clone(), app.scroll, app.document);
            prop_assert_eq!(after, before);
            prop_assert_eq!(&app.progress, &record);
            prop_assert!(app.feedback.is_none() && app.playground.is_none());
        }
    }
}
