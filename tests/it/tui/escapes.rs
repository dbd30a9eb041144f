//! Control characters from data never reach the terminal: a lesson whose title, summary,
//! prose, code, caption, exercise, hint and documents hold ESC sequences (a window retitle,
//! a screen clear, an OSC 52 clipboard write) and a bidi override, and ESC sequences pasted
//! and typed into the answer and the playground, are drawn as visible escapes (`\u{1b}`). No
//! cell of any frame holds a control character.

use bson_tutor::lesson::load_str;
use bson_tutor::lesson::progress::Progress;
use bson_tutor::strings::safe::is_unsafe;
use bson_tutor::tui::app::{App, Mode, Settings};
use bson_tutor::tui::input::Edit;
use bson_tutor::tui::message::{Focus, Message};
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::update;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A lesson file with control characters in every text a learner reads. TOML's `\u001b` is
/// an ESC; `\u202e` reverses what follows.
const HOSTILE: &str = r#"
format_version = 1
id = "hostile"
title = "Title \u001b]0;owned\u0007 end"
order = 1
summary = "Summary \u001b[2J cleared \u202e reversed"
prerequisites = []

[[step]]
name = "intro"
kind = "text"
text = """
Prose \u001b]52;c;aGk=\u0007 clipboard and a fake
line \u001b[1A\u001b[2K here.

```
code \u001b[31m red
```
"""

[[step]]
name = "hex-doc"
kind = "hex"
caption = "Caption \u001b[5m blink"
document = '{ "k\u001b[0m": "v\u001b]0;x\u0007", s: "\u202e" }'
focus = "s"

[[step]]
name = "size-doc"
kind = "exercise"
type = "size"
prompt = "Prompt \u001b[2J how many bytes?"
document = '{ a: "\u001b" }'
hints = ["Hint \u001b]0;owned\u0007 one"]
explanation = "Explanation \u001b[8m hidden"
expect = "13"
"#;

fn settings(progress_path: &str) -> Settings {
    Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 7,
        seed_fixed: true,
        now_ms: 1_791_431_149_000,
        now_fixed: false,
        lang: bson_tutor::strings::Lang::En,
        progress_path: Some(progress_path.into()),
    }
}

fn hostile_app() -> App {
    let loaded = load_str("hostile.toml", HOSTILE).expect("the hostile lesson loads");
    let mut app = App::new(
        vec![loaded.lesson],
        Progress::new(),
        settings("/tmp/\u{1b}]0;path\u{7}/progress.json"),
    );
    app.size = (200, 100);
    app
}

/// Draws `app` at 200x100 and fails on any cell holding a control character; returns the
/// screen's text.
fn clean_frame(app: &App, what: &str) -> String {
    let mut terminal = Terminal::new(TestBackend::new(200, 100)).expect("a test terminal");
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .expect("a test terminal draws");
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..buffer.area.height {
        for x in 0..buffer.area.width {
            let symbol = buffer[(x, y)].symbol();
            assert!(
                !symbol.chars().any(is_unsafe),
                "{what}: cell ({x}, {y}) holds {symbol:?}"
            );
            text.push_str(symbol);
        }
        text.push('\n');
    }
    text
}

fn send(app: &mut App, messages: impl IntoIterator<Item = Message>) {
    for m in messages {
        update(app, m);
    }
}

fn typed(text: &str) -> Vec<Message> {
    text.chars()
        .map(|c| Message::Edit(Edit::Insert(c)))
        .collect()
}

#[test]
fn a_lesson_full_of_escape_sequences_is_drawn_with_them_visible() {
    let mut app = hostile_app();
    let lesson = clean_frame(&app, "the lesson");
    for shown in [
        "Title \\u{1b}]0;owned\\u{7} end",
        "Summary \\u{1b}[2J cleared \\u{202e} reversed",
        "Prose \\u{1b}]52;c;aGk=\\u{7} clipboard",
        "code \\u{1b}[31m red",
        "Caption \\u{1b}[5m blink",
        "Prompt \\u{1b}[2J how many bytes?",
    ] {
        assert!(
            lesson.contains(shown),
            "{shown} is not on screen:\n{lesson}"
        );
    }
    // The list, the hex view on the string, a hint, a wrong answer, the answer revealed.
    send(&mut app, [Message::FocusOn(Focus::List)]);
    clean_frame(&app, "the list");
    send(&mut app, [Message::FocusOn(Focus::Hex)]);
    for _ in 0..12 {
        send(
            &mut app,
            [Message::Hex(bson_tutor::tui::hex::HexMove::NextRun)],
        );
        clean_frame(&app, "the hex view");
    }
    send(&mut app, [Message::Hint, Message::StartTyping]);
    // A wrong answer first (one that reads, so that it counts and the answer may be
    // revealed), then one full of escapes (a format slip).
    send(&mut app, typed("12"));
    send(
        &mut app,
        [Message::Submit, Message::Edit(Edit::DeleteToStart)],
    );
    send(&mut app, typed("1\u{1b}[2J"));
    send(
        &mut app,
        [Message::Edit(Edit::Paste("\u{1b}]0;x\u{7}".into()))],
    );
    assert!(!app.answer.text().chars().any(is_unsafe));
    send(&mut app, [Message::Submit, Message::Back, Message::Reveal]);
    assert!(app.revealed);
    let exercise = clean_frame(&app, "the exercise, hinted, answered and revealed");
    assert!(
        exercise.contains("Hint \\u{1b}]0;owned\\u{7} one"),
        "{exercise}"
    );
    assert!(exercise.contains("\\u{1b}]0;x\\u{7}"), "{exercise}");
    // The overlays: the help (the progress path), a reset question (the title).
    // The progress path is the help's last line.
    send(&mut app, [Message::ToggleHelp, Message::ScrollPage(100)]);
    let help = clean_frame(&app, "the help");
    assert!(
        help.contains("/tmp/\\u{1b}]0;path\\u{7}/progress.json"),
        "{help}"
    );
    send(&mut app, [Message::ToggleHelp, Message::AskResetLesson]);
    assert!(matches!(app.mode, Mode::Confirm(_)));
    clean_frame(&app, "the reset question");
}

#[test]
fn escape_sequences_typed_and_pasted_in_the_playground_stay_visible() {
    let mut app = hostile_app();
    send(&mut app, [Message::OpenPlayground]);
    // A document whose string holds an ESC (the shell reads `\u001b` in a string as one),
    // pasted raw ESCs around it, added to the collection, then a filter that rejects it
    // quoting its value.
    send(
        &mut app,
        [
            Message::Edit(Edit::DeleteToStart),
            Message::Edit(Edit::Paste(
                "\u{1b}[2J{ _id: 'e\\u001b]0;t\\u0007', s: 'x\\u001b[31m' }".into(),
            )),
        ],
    );
    let p = app.playground.as_ref().expect("the playground is open");
    assert!(p.document_text().starts_with("\\u{1b}[2J"));
    clean_frame(&app, "the playground with a pasted escape");
    send(
        &mut app,
        [
            Message::Edit(Edit::Home),
            // Deleting the visible escape `\u{1b}[2J` leaves a document that parses.
            Message::Edit(Edit::Delete),
        ],
    );
    for _ in 0..8 {
        send(&mut app, [Message::Edit(Edit::Delete)]);
    }
    let p = app.playground.as_ref().expect("the playground is open");
    assert!(p.parse_error().is_none(), "{}", p.document_text());
    send(&mut app, [Message::PlaygroundAdd]);
    let added = clean_frame(&app, "the playground after adding");
    // The engine prints the stored strings as mongosh does, escapes and all.
    assert!(added.contains("{ _id: 'e\\x1B]0;t\\x07' }"), "{added}");
    send(
        &mut app,
        [
            Message::PlaygroundFocus(1),
            Message::Edit(Edit::DeleteToStart),
        ],
    );
    send(&mut app, typed("{ s: { $gt: 'y\u{1b}' } }"));
    // The typed ESC is the text `\u{1b}`, which the shell reads in a string as an ESC.
    let p = app.playground.as_ref().expect("open");
    assert!(p.filter_error().is_none(), "{:?}", p.filter_error());
    let judged = clean_frame(&app, "the playground judging");
    assert!(judged.contains("{ s: { $gt: 'y\\u{1b}' } }"), "{judged}");
    assert!(judged.contains("s: 'x\\x1B[31m'"), "{judged}");
    for (_, verdict) in app.playground.as_ref().expect("open").verdicts() {
        if let bson_tutor::tui::playground::Verdict::Rejected(why) = verdict {
            assert!(!why.chars().any(is_unsafe), "{why}");
        }
    }
}
