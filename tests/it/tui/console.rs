//! The console panel (`:`): mongosh typed over the engine, a `find` printed, one of its
//! documents opened in the hex view; frames at 80x24 and 120x40, and in Vietnamese and
//! Chinese.

use super::{app, app_in, frame, key, press, typed};
use bson_tutor::lesson::i18n::Lang;
use bson_tutor::tui::app::Mode;
use bson_tutor::tui::console::ConsoleFocus;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

fn run(app: &mut bson_tutor::tui::app::App, line: &str) {
    press(app, &typed(line));
    press(app, &[key(KeyCode::Enter)]);
}

/// The console with two people inserted and a `find` printed.
fn with_find(app: &mut bson_tutor::tui::app::App) {
    press(app, &[key(KeyCode::Char(':'))]);
    assert_eq!(app.mode, Mode::Console);
    run(app, "use lab04");
    run(
        app,
        "db.people.insertMany([{ _id: 1, name: 'An', age: 30 }, { _id: 2, name: 'Bình', age: NumberLong(41) }])",
    );
    run(app, "db.people.find({ age: { $gt: 18 } })");
}

#[test]
fn a_find_in_the_console_and_a_document_opened_in_the_hex_view() {
    for (w, h) in [(80, 24), (120, 40)] {
        let mut app = app(w, h);
        with_find(&mut app);
        let shown = frame(&app);
        assert!(
            shown.contains("lab04> db.people.find({ age: { $gt: 18 } })"),
            "{shown}"
        );
        assert!(
            shown.contains("{ _id: 2, name: 'Bình', age: Long('41') }"),
            "{shown}"
        );
        insta::assert_snapshot!(format!("console_find_{w}x{h}"), shown);
        // Esc leaves the prompt with the last document selected; ↑ the one before; Enter
        // opens it: `{ _id: 1, name: 'An', age: 30 }`, the 36 bytes of lesson 1.
        press(
            &mut app,
            &[key(KeyCode::Esc), key(KeyCode::Up), key(KeyCode::Enter)],
        );
        let panel = app.console.as_ref().unwrap();
        assert_eq!(panel.focus(), ConsoleFocus::Hex);
        let shown = frame(&app);
        assert!(shown.contains("Bytes of document 2 · 36 bytes"), "{shown}");
        assert!(shown.contains("0000  24 00 00 00 10 5f 69 64"), "{shown}");
        // The document's line is marked in the transcript's gutter.
        assert!(
            shown.contains("│▌  { _id: 1, name: 'An', age: 30 },"),
            "{shown}"
        );
        insta::assert_snapshot!(format!("console_hex_{w}x{h}"), shown);
        // → walks the bytes: the type byte of `_id`.
        press(&mut app, &[key(KeyCode::Right)]);
        assert!(frame(&app).contains("offset 4:"), "{}", frame(&app));
        // Esc closes the bytes; Esc again leaves the console, which keeps its transcript.
        press(&mut app, &[key(KeyCode::Esc), key(KeyCode::Esc)]);
        assert_eq!(app.mode, Mode::Browse);
        press(&mut app, &[key(KeyCode::Char(':'))]);
        assert!(frame(&app).contains("lab04> "), "{}", frame(&app));
    }
}

#[test]
fn the_console_speaks_vietnamese_and_chinese() {
    for lang in [Lang::Vi, Lang::Zh] {
        let mut app = app_in(lang, 80, 24);
        with_find(&mut app);
        press(
            &mut app,
            &[key(KeyCode::Esc), key(KeyCode::Up), key(KeyCode::Enter)],
        );
        insta::assert_snapshot!(format!("console_hex_{}_80x24", lang.code()), frame(&app));
    }
}

#[test]
fn ctrl_c_quits_when_no_script_runs_and_the_help_lists_the_console_keys() {
    let mut app = app(120, 40);
    with_find(&mut app);
    press(
        &mut app,
        &[Event::Key(KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE))],
    );
    let help = frame(&app);
    assert!(
        help.contains("complete a name (prompt)") || help.contains("console"),
        "{help}"
    );
    press(&mut app, &[key(KeyCode::Esc)]);
    assert_eq!(app.mode, Mode::Console);
    let effects = press(
        &mut app,
        &[Event::Key(KeyEvent::new(
            KeyCode::Char('c'),
            KeyModifiers::CONTROL,
        ))],
    );
    assert_eq!(effects, [bson_tutor::tui::update::Effect::Quit]);
}

#[test]
fn a_statement_over_lines_and_tab_completion_at_the_prompt() {
    let mut app = app(80, 24);
    press(&mut app, &[key(KeyCode::Char(':'))]);
    run(
        &mut app,
        "db.wallet.insertOne({ _id: 'w1', dec: NumberDecimal('0') })",
    );
    run(&mut app, "for (let i = 0; i < 10; i++) {");
    run(
        &mut app,
        "  db.wallet.updateOne({ _id: 'w1' }, { $inc: { dec: NumberDecimal('0.1') } })",
    );
    run(&mut app, "}");
    press(&mut app, &typed("db.wal"));
    press(&mut app, &[key(KeyCode::Tab)]);
    press(&mut app, &typed(".findO"));
    press(&mut app, &[key(KeyCode::Tab)]);
    let panel = app.console.as_ref().unwrap();
    assert!(
        panel.input().text().starts_with("db.wallet.findOne"),
        "{:?}",
        panel.input()
    );
    press(&mut app, &[key(KeyCode::End)]);
    run(&mut app, "()");
    let shown = frame(&app);
    assert!(shown.contains("... }"), "{shown}");
    assert!(
        shown.contains("{ _id: 'w1', dec: Decimal128('1.0') }"),
        "{shown}"
    );
}
