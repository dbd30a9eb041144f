//! The picture in the README is the real app: lesson 1 at 100x30 with the hex view on the
//! string length of `name` and a wrong answer, drawn into a buffer and written as SVG. This
//! test fails when `assets/tui.svg` no longer matches the app; regenerate it with
//! `UPDATE_SCREENSHOT=1 cargo test --test it screenshot`.

use bson_tutor::lesson::builtin;
use bson_tutor::lesson::i18n::Lang;
use bson_tutor::lesson::progress::Progress;
use bson_tutor::tui::app::{App, Settings};
use bson_tutor::tui::keymap;
use bson_tutor::tui::svg::buffer_to_svg;
use bson_tutor::tui::theme::{Theme, ThemeName};
use bson_tutor::tui::update::update;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

fn press(app: &mut App, codes: &[KeyCode]) {
    for code in codes {
        let event = Event::Key(KeyEvent::new(*code, KeyModifiers::NONE));
        if let Some(message) = keymap::message(app, &event) {
            update(app, message);
        }
    }
}

#[test]
fn the_readme_picture_is_the_current_app() {
    let settings = Settings {
        theme: Theme::new(ThemeName::Dark),
        seed: 1,
        seed_fixed: false,
        now_ms: 1_791_431_149_000,
        now_fixed: false,
        progress_path: None,
        lang: Lang::En,
    };
    let mut app = App::new(builtin::lessons(), Progress::new(), settings);
    app.size = (100, 30);
    // An answer typed and checked, then the hex view on `name`'s string length.
    press(&mut app, &[KeyCode::Tab, KeyCode::Tab, KeyCode::Enter]);
    press(
        &mut app,
        &[KeyCode::Char('3'), KeyCode::Char('7'), KeyCode::Enter],
    );
    press(
        &mut app,
        // The check left typing: Shift-Tab goes straight on to the hex view.
        &[KeyCode::BackTab, KeyCode::Right, KeyCode::Right],
    );
    let area = Rect::new(0, 0, 100, 30);
    let mut buf = Buffer::empty(area);
    (&app).render(area, &mut buf);
    let svg = buffer_to_svg(&buf);
    assert!(
        svg.contains("string length = 3"),
        "the picture lost the hex view"
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/tui.svg");
    if std::env::var_os("UPDATE_SCREENSHOT").is_some() {
        std::fs::write(path, &svg).expect("assets/ is writable");
        return;
    }
    let saved = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        saved == svg,
        "assets/tui.svg is not the current app: regenerate it with \
         `UPDATE_SCREENSHOT=1 cargo test --test it screenshot` and commit it"
    );
}
