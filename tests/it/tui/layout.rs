//! Nothing cut off at 80x24 (issue 15): lesson text wraps its long code lines, every panel
//! says how much it hides, the list opens over the lesson without moving it and shows every
//! title whole, the hex view shows a small document whole unfocused and an empty one not at
//! all, the playground wraps its views and reasons, and the help keeps its width and its
//! border in Chinese.

use bson_tutor::lesson::i18n::Lang;
use bson_tutor::tui::app::ListItem;
use bson_tutor::tui::message::Message;
use bson_tutor::tui::page::Block;
use bson_tutor::tui::view::lesson::{CONTINUED, lesson_text, text_width};
use bson_tutor::tui::view::wrap::{Marks, runs};
use bson_tutor::tui::view::{self, Areas};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;

use super::*;

fn draw_at(app: &App, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| f.render_widget(app, f.area())).unwrap();
    terminal.backend().buffer().clone()
}

fn draw(app: &App) -> Buffer {
    draw_at(app, app.size.0, app.size.1)
}

fn areas(app: &App) -> Areas {
    view::areas(app, app.screen())
}

/// Row `y` of `buf` from column `x` for `width` columns, a wide character once.
fn row_text(buf: &Buffer, x: u16, y: u16, width: u16) -> String {
    let mut out = String::new();
    let mut skip = 0;
    for x in x..x + width {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let symbol = buf[(x, y)].symbol();
        skip = symbol.width().saturating_sub(1);
        out.push_str(symbol);
    }
    out
}

/// The rows inside `rect`'s border.
fn inside(buf: &Buffer, rect: Rect) -> Vec<String> {
    (rect.y + 1..rect.bottom().saturating_sub(1))
        .map(|y| row_text(buf, rect.x + 1, y, rect.width.saturating_sub(2)))
        .collect()
}

/// The characters of `s` that are not spaces: what a reader reads, wherever lines break.
fn ink(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fn plain(line: &Line<'_>) -> String {
    line.to_string()
}

/// A lesson line without the mark that carries on a code line.
fn unmarked(line: &Line<'_>) -> String {
    let text = plain(line);
    match text.strip_prefix("  ") {
        Some(rest) if rest.starts_with(CONTINUED) => rest[CONTINUED.len()..].to_string(),
        _ => text,
    }
}

#[test]
fn every_lesson_page_wraps_at_80x24_in_every_language_and_loses_nothing() {
    let marks = Marks {
        text: Style::new(),
        emphasis: Style::new(),
        code: Style::new(),
    };
    let mut continued = 0;
    for lang in Lang::ALL {
        let mut app = app_in(lang, 80, 24);
        for i in 0..app.lessons.len() {
            app.open_lesson(i);
            let id = format!("{lang:?} {}", app.lessons[i].id);
            let pane = areas(&app).lesson;
            let width = text_width(pane);
            let narrow = lesson_text(&app, width).lines;
            let wide = lesson_text(&app, 100_000).lines;
            // Every line fits the pane, margin kept.
            for line in &narrow {
                assert!(
                    line.width() <= width,
                    "{id}: `{line}` is wider than {width}"
                );
            }
            continued += narrow
                .iter()
                .filter(|l| plain(l).starts_with(&format!("  {CONTINUED}")))
                .count();
            // The wrapped lines read as the unwrapped ones: the same characters in the same
            // order, the continuation marks aside.
            let narrow_ink: String = narrow.iter().map(|l| ink(&unmarked(l))).collect();
            let wide_ink: String = wide.iter().map(|l| ink(&plain(l))).collect();
            assert_eq!(narrow_ink, wide_ink, "{id}");
            // And the unwrapped ones hold the whole source, block after block.
            let mut at = 0;
            for block in &app.page.blocks {
                let text = |t: &str| runs(t, marks).into_iter().map(|(s, _)| s).collect();
                let source: String = match block {
                    Block::Code(lines) => lines.concat(),
                    Block::Prose { text: t, .. } | Block::Caption(t) => text(t),
                    Block::Exercise(n) => text(&app.page.cards[*n].prompt),
                    _ => continue,
                };
                let source = ink(&source);
                let found = wide_ink[at..].find(&source);
                assert!(found.is_some(), "{id}: `{source}` is not shown");
                at += found.unwrap_or(0) + source.len();
            }
            // On screen, page after page: each row of the pane is its line, whole.
            let height = usize::from(pane.height - 2);
            let last = narrow.len().saturating_sub(height);
            let mut scroll = 0;
            loop {
                app.scroll = scroll;
                let rows = inside(&draw(&app), pane);
                for (row, line) in rows.iter().zip(&narrow[scroll..]) {
                    assert_eq!(row.trim_end(), plain(line).trim_end(), "{id}");
                }
                if scroll == last {
                    break;
                }
                scroll = (scroll + height).min(last);
            }
            app.scroll = 0;
        }
    }
    assert!(
        continued > 0,
        "no code line was long enough to wrap at 80x24"
    );
}

#[test]
fn a_long_code_line_carries_on_under_itself() {
    // The walk of lesson 16's document is wider than 80 columns in Chinese.
    let mut app = app_in(Lang::Zh, 80, 24);
    let (i, line) = (0..app.lessons.len())
        .find_map(|i| {
            app.open_lesson(i);
            let width = text_width(areas(&app).lesson);
            let lines = lesson_text(&app, width).lines;
            let n = lines
                .iter()
                .position(|l| plain(l).starts_with(&format!("  {CONTINUED}")))?;
            Some((i, n - 1))
        })
        .expect("a lesson with a code line wider than the pane");
    app.open_lesson(i);
    app.scroll = line;
    let shown = frame(&app);
    assert!(shown.contains(CONTINUED.trim_end()), "{shown}");
    insta::assert_snapshot!("lesson_code_wraps_zh_80x24", shown);
    let mut wide = app_in(Lang::Zh, 120, 40);
    wide.open_lesson(i);
    wide.scroll = line;
    insta::assert_snapshot!("lesson_code_wraps_zh_120x40", frame(&wide));
}

#[test]
fn the_seed_document_shows_whole_in_the_unfocused_hex_view() {
    for (w, h) in [(100, 30), (80, 24)] {
        let app = app(w, h);
        assert_eq!(app.focus, Focus::Lesson);
        let buf = draw(&app);
        let hex = inside(&buf, areas(&app).hex);
        let rows = [
            "0000  24 00 00 00 10 5f 69 64  00 01 00 00 00 02 6e 61  |$...._id......na|",
            "0010  6d 65 00 03 00 00 00 41  6e 00 10 61 67 65 00 1e  |me.....An..age..|",
            "0020  00 00 00 00                                       |....|",
        ];
        for (shown, row) in hex.iter().zip(rows) {
            assert_eq!(shown.trim_end(), row, "{w}x{h}:\n{}", hex.join("\n"));
        }
        assert_eq!(
            hex[3].trim_end(),
            "offset 13: type 0x02 = string",
            "{w}x{h}"
        );
        if (w, h) == (100, 30) {
            // With room, the element and the legend too, and nothing said to be hidden.
            assert!(hex[5].starts_with("length type key value"), "{hex:?}");
            let border = row_text(&buf, 0, areas(&app).hex.bottom() - 1, w);
            assert!(!border.contains('▼'), "{border}");
            insta::assert_snapshot!("hex_unfocused_100x30", frame(&app));
        }
    }
}

#[test]
fn a_lesson_without_documents_has_no_hex_panel_and_tab_passes_it() {
    let mut app = app(80, 24);
    let i = (0..app.lessons.len())
        .find(|&i| {
            app.open_lesson(i);
            app.page.documents.is_empty()
        })
        .expect("a lesson that walks no document");
    app.open_lesson(i);
    assert_eq!(areas(&app).hex.height, 0);
    let shown = frame(&app);
    assert!(!shown.contains("Bytes"), "{shown}");
    app.focus = Focus::Lesson;
    press(&mut app, &[key(KeyCode::Tab)]);
    assert_eq!(app.focus, Focus::Exercise);
    press(&mut app, &[key(KeyCode::BackTab)]);
    assert_eq!(app.focus, Focus::Lesson);
    // A lesson with a document has the stop.
    app.open_lesson(0);
    press(&mut app, &[key(KeyCode::Tab)]);
    assert_eq!(app.focus, Focus::Hex);
}

#[test]
fn hex_titles_name_the_document_in_the_learners_language() {
    for (lang, title, not) in [
        (
            Lang::En,
            "Bytes of { _id: 1, name: \"An\", age: 30 } · 36 bytes",
            "hex step",
        ),
        (
            Lang::Vi,
            "Các byte của { _id: 1, name: \"An\", age: 30 } · 36 byte",
            "bước 3",
        ),
        (
            Lang::Zh,
            "{ _id: 1, name: \"An\", age: 30 } 的字节 · 36 字节",
            "第 3 步",
        ),
    ] {
        let shown = frame(&app_in(lang, 80, 24));
        assert!(shown.contains(title), "{lang:?}:\n{shown}");
        assert!(!shown.contains(not), "{lang:?}:\n{shown}");
    }
}

#[test]
fn the_list_opens_over_the_lesson_at_80x24_moves_nothing_and_shows_every_title_whole() {
    for lang in Lang::ALL {
        let mut app = app_in(lang, 80, 24);
        let before = areas(&app);
        let under = draw(&app);
        // Esc from the lesson text reaches the list, as the help says.
        press(&mut app, &[key(KeyCode::Esc)]);
        assert_eq!(app.focus, Focus::List, "{lang:?}");
        let after = areas(&app);
        assert_eq!(
            (before.lesson, before.hex, before.exercise),
            (after.lesson, after.hex, after.exercise),
            "{lang:?}: the list moved the other panels"
        );
        let over = draw(&app);
        for y in 0..23 {
            let right = after.list.right();
            assert_eq!(
                row_text(&over, right, y, 80 - right),
                row_text(&under, right, y, 80 - right),
                "{lang:?}: row {y} changed right of the list"
            );
        }
        for (i, lesson) in app.lessons.clone().iter().enumerate() {
            app.list_selected = app
                .list_items()
                .iter()
                .position(|item| *item == ListItem::Lesson(i))
                .unwrap();
            let buf = draw(&app);
            let a = areas(&app);
            let mut shown = inside(&buf, a.list.union(a.list_footer)).join("");
            if a.list_footer.height > 0 {
                // The selected title under the list, in full.
                shown = inside(&buf, a.list_footer).join("");
            }
            assert!(
                ink(&shown).contains(&ink(&lesson.title)),
                "{lang:?}: `{}` is not whole in\n{}",
                lesson.title,
                inside(&buf, a.list.union(a.list_footer)).join("\n")
            );
        }
        if lang == Lang::Vi {
            // The longest Vietnamese title does not fit 80 columns beside its count.
            let long = app
                .lessons
                .iter()
                .position(|l| l.title.width() > 70)
                .expect("a long Vietnamese title");
            app.list_selected = app
                .list_items()
                .iter()
                .position(|item| *item == ListItem::Lesson(long))
                .unwrap();
            assert!(areas(&app).list_footer.height > 0);
            insta::assert_snapshot!("list_title_in_full_vi_80x24", frame(&app));
        }
        // Esc closes it again.
        press(&mut app, &[key(KeyCode::Esc)]);
        assert_eq!(app.focus, Focus::Lesson, "{lang:?}");
        assert_eq!(draw(&app), under, "{lang:?}");
    }
}

#[test]
fn panels_say_how_many_lines_they_hide() {
    let mut app = app(80, 24);
    let a = areas(&app);
    let lines = lesson_text(&app, text_width(a.lesson)).lines.len();
    let hidden = lines - usize::from(a.lesson.height - 2);
    let border = |app: &App, y: u16| row_text(&draw(app), 0, y, 80);
    assert!(border(&app, a.lesson.bottom() - 1).contains(&format!("▼ {hidden} more")));
    assert!(!border(&app, a.lesson.y).contains('▲'));
    press(&mut app, &[key(KeyCode::Char('G'))]);
    assert!(border(&app, a.lesson.y).contains(&format!("▲ {hidden} more")));
    assert!(!border(&app, a.lesson.bottom() - 1).contains('▼'));
    // The list at 80x24 holds more lessons than rows.
    press(&mut app, &[key(KeyCode::Esc)]);
    let list = areas(&app).list;
    let rows = usize::from(list.height - 2);
    let items = app.list_items().len();
    assert!(
        border(&app, list.bottom() - 1).contains(&format!("▼ {} more", items - rows)),
        "{}",
        frame(&app)
    );
    // A document longer than the unfocused hex view: lesson 16's.
    let i = app
        .lessons
        .iter()
        .position(|l| l.id == "bsonsize")
        .expect("the reconciliation lesson");
    app.open_lesson(i);
    app.focus = Focus::Lesson;
    let hex = areas(&app).hex;
    let shown = border(&app, hex.bottom() - 1);
    assert!(shown.contains("more"), "{}", frame(&app));
    // In Vietnamese and Chinese too.
    let zh = app_in(Lang::Zh, 80, 24);
    let lesson = areas(&zh).lesson;
    assert!(border(&zh, lesson.bottom() - 1).contains("▼ 还有"));
}

#[test]
fn the_playground_wraps_its_views_and_the_selected_reason() {
    let mut app = app(80, 24);
    press(&mut app, &[key(KeyCode::Char('p'))]);
    press(
        &mut app,
        &[Event::Key(KeyEvent::new(
            KeyCode::Char('u'),
            KeyModifiers::CONTROL,
        ))],
    );
    press(
        &mut app,
        &typed("{ _id: 1, name: \"a name long enough to wrap\", tags: [\"x\", \"y\"], n: 2.5 }"),
    );
    let shown = frame(&app);
    let canonical = r#"{"_id":{"$numberInt":"1"},"name":"a name long enough to wrap","tags":["x","y"],"n":{"$numberDouble":"2.5"}}"#;
    assert!(
        ink(&shown).contains(&ink(canonical)),
        "the canonical view is cut:\n{shown}"
    );
    insta::assert_snapshot!("playground_wraps_80x24", shown);
    // The collection holds more documents than rows, and says so; the selected document's
    // reason is whole.
    press(
        &mut app,
        &[key(KeyCode::Tab), key(KeyCode::Tab), key(KeyCode::Down)],
    );
    let shown = frame(&app);
    assert!(shown.contains("▼ "), "{shown}");
    // Read without the panel's borders, row after row.
    let read = ink(&shown.replace('│', ""));
    assert!(
        read.contains(&ink(
            "userId: '42' is a string; $gt: 0 only compares numbers (type bracketing)"
        )),
        "{shown}"
    );
}

#[test]
fn the_help_keeps_its_width_and_its_border_at_every_size() {
    // The help's top-left corner: `┌ Keys` in the language of `app`.
    let corner = |app: &App, buf: &Buffer| {
        let title = format!("┌ {}", bson_tutor::strings::tr(app.settings.lang, "Keys"));
        let area = buf.area;
        (0..area.height).find_map(|y| {
            (0..area.width.saturating_sub(2)).find_map(|x| {
                let here = row_text(buf, x, y, (area.width - x).min(title.width() as u16));
                (here == title).then_some((x, y))
            })
        })
    };
    // Over the lessons and over the playground, in every language. (The break was a Chinese
    // character left of the border, whose second half a terminal drew over it: 81x18 showed
    // it before the overlay cut such characters; every size is checked here.)
    for (lang, playground) in Lang::ALL
        .into_iter()
        .flat_map(|lang| [(lang, false), (lang, true)])
    {
        let mut app = app_in(lang, 80, 24);
        app.settings.progress_path =
            Some("/home/a-learner-with-a-long-name/.local/share/bson-tutor/progress.json".into());
        if playground {
            press(&mut app, &[key(KeyCode::Char('p'))]);
        }
        press(&mut app, &[key(KeyCode::F(1))]);
        assert!(matches!(app.mode, Mode::Help(_)), "{lang:?}");
        for (w, h) in (60..=200)
            .step_by(7)
            .flat_map(|w| [(w, 18), (w, 24), (w, 40)])
            .chain([(80, 24), (100, 30), (200, 60)])
        {
            app.size = (w, h);
            let mut width = None;
            app.help_scroll = 0;
            let last = view::help_max_scroll(&app, app.screen());
            for scroll in [0, last / 2, last] {
                app.help_scroll = scroll;
                let buf = draw(&app);
                let (left, top) = corner(&app, &buf).expect("the help's top border");
                let right = (left + 1..w)
                    .find(|&x| buf[(x, top)].symbol() == "┐")
                    .expect("the help's top-right corner");
                // The same width, top to bottom.
                assert_eq!(
                    *width.get_or_insert(right - left),
                    right - left,
                    "{lang:?} {w}x{h}"
                );
                let mut y = top + 1;
                while buf[(left, y)].symbol() != "└" {
                    let row = row_text(&buf, 0, y, w);
                    assert_eq!(buf[(left, y)].symbol(), "│", "{lang:?} {w}x{h}: {row}");
                    assert_eq!(buf[(right, y)].symbol(), "│", "{lang:?} {w}x{h}: {row}");
                    // Nothing wide hangs over either border.
                    if left > 0 {
                        assert!(buf[(left - 1, y)].symbol().width() <= 1, "{row}");
                    }
                    assert!(buf[(right - 1, y)].symbol().width() <= 1, "{row}");
                    y += 1;
                }
                assert_eq!(buf[(right, y)].symbol(), "┘", "{lang:?} {w}x{h}");
            }
        }
        // The progress file's path is whole at the bottom, wrapped.
        app.size = (80, 24);
        app.help_scroll = view::help_max_scroll(&app, app.screen());
        let buf = draw(&app);
        let (left, top) = corner(&app, &buf).expect("the help's top border");
        let right = (left + 1..80)
            .find(|&x| buf[(left, top)].symbol() == "┌" && buf[(x, top)].symbol() == "┐")
            .expect("the help's top-right corner");
        let help = Rect::new(left, top, right + 1 - left, 24 - 1 - top);
        let shown = inside(&buf, help).join("");
        assert!(
            ink(&shown)
                .contains("/home/a-learner-with-a-long-name/.local/share/bson-tutor/progress.json"),
            "{lang:?}:\n{}",
            frame(&app)
        );
    }
}

#[test]
fn the_wheel_over_the_list_drawn_over_the_panels_moves_the_list_not_the_hex() {
    let mut app = app(80, 24);
    // The list takes the keys: on a narrow screen it is drawn over the lesson and the hex.
    press(&mut app, &[key(KeyCode::BackTab)]);
    let a = areas(&app);
    assert!(a.list.intersects(a.hex), "{a:?}");
    let over_both = a.list.intersection(a.hex);
    let (selected, hex) = (app.list_selected, app.hex.scroll());
    update(
        &mut app,
        Message::Wheel(over_both.x + 1, over_both.y + 1, 3),
    );
    assert_eq!(app.list_selected, selected + 1);
    assert_eq!(
        app.hex.scroll(),
        hex,
        "the hex view beneath the list scrolled"
    );
}
