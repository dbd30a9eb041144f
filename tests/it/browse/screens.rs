//! The browser drawn into a TestBackend (insta snapshots at 80x24 and 120x40, in English,
//! Vietnamese and Chinese) and driven by keys through the keymap and `update`, ticks
//! standing in for the event loop's idle time.

use std::io::Cursor;

use bson_tutor::dump::index::DocumentIndex;
use bson_tutor::strings::{Lang, translation};
use bson_tutor::tui::browse::keymap::{self, HELP};
use bson_tutor::tui::browse::model::{Focus, Mode, Task, Verdict};
use bson_tutor::tui::browse::{Browser, Effect, Message, update};
use bson_tutor::tui::theme::{Theme, ThemeName};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};

use super::{cursor, dump};

type B = Browser<Cursor<Vec<u8>>>;

fn browser_on(bytes: &[u8], lang: Lang, theme: ThemeName) -> B {
    let index = DocumentIndex::open(cursor(bytes)).unwrap();
    Browser::new(
        index,
        "dump/shop/orders.bson".into(),
        Theme::new(theme),
        lang,
    )
}

/// A browser on 60 mixed documents, indexed.
fn browser(lang: Lang) -> B {
    let (bytes, _) = dump(11, 60);
    let mut b = browser_on(&bytes, lang, ThemeName::Dark);
    settle(&mut b);
    b
}

/// Ticks until the browser has nothing left to do.
fn settle(b: &mut B) {
    for _ in 0..100_000 {
        if !b.busy() {
            return;
        }
        update(b, Message::Tick);
    }
    panic!("still busy: {:?}", b.task);
}

fn press(b: &mut B, code: KeyCode) -> Option<Effect> {
    let ev = Event::Key(KeyEvent::from(code));
    let message = keymap::message(&b.mode, b.focus, &ev)?;
    update(b, message)
}

fn type_line(b: &mut B, text: &str) {
    for c in text.chars() {
        press(b, KeyCode::Char(c));
    }
}

fn screen(b: &B, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| f.render_widget(b, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    let mut out = String::new();
    for y in 0..height {
        let mut skip = 0;
        for x in 0..width {
            if skip > 0 {
                skip -= 1;
                continue;
            }
            let symbol = buf[(x, y)].symbol();
            skip = unicode_width::UnicodeWidthStr::width(symbol).saturating_sub(1);
            out.push_str(symbol);
        }
        out.push('\n');
    }
    out
}

#[test]
fn the_first_screen_lists_documents_and_walks_the_first() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Vi, "vi"), (Lang::Zh, "zh")] {
        let b = browser(lang);
        let shown = screen(&b, 80, 24);
        // The keys' line is whole at 80 columns.
        let hint = bson_tutor::strings::tr(
            lang,
            "↑↓ documents · Tab bytes · g go to · / filter · n next · ? keys · q quit",
        );
        assert!(shown.contains(hint), "{code}: {shown}");
        insta::assert_snapshot!(format!("browse_first_{code}_80x24"), shown);
    }
    let b = browser(Lang::En);
    let shown = screen(&b, 120, 40);
    assert!(shown.contains("60 documents"), "{shown}");
    assert!(shown.contains("Document 1 · byte 0 (0x0)"), "{shown}");
    insta::assert_snapshot!("browse_first_en_120x40", shown);
    // Wider, the document as the shell prints it beside the bytes.
    let shown = screen(&b, 160, 30);
    assert!(shown.contains("As the shell prints it"), "{shown}");
    assert!(shown.contains("  n: Long('0'),"), "{shown}");
    insta::assert_snapshot!("browse_first_en_160x30", shown);
}

#[test]
fn a_filter_moves_to_the_next_match_and_says_why_others_fail() {
    let mut b = browser(Lang::En);
    press(&mut b, KeyCode::Char('/'));
    assert_eq!(b.mode, Mode::Filter(String::new()));
    type_line(&mut b, "{ n: { $in: [40, 45] } }");
    press(&mut b, KeyCode::Enter);
    assert!(matches!(b.task, Task::Searching { next: 1 }));
    settle(&mut b);
    assert_eq!(b.current, 40);
    assert_eq!(b.verdict, Some(Verdict::Matches));
    insta::assert_snapshot!("browse_match_en_120x40", screen(&b, 120, 40));
    // `n` again, then past the last match.
    press(&mut b, KeyCode::Char('n'));
    settle(&mut b);
    assert_eq!(b.current, 45);
    press(&mut b, KeyCode::Char('n'));
    settle(&mut b);
    assert_eq!(b.current, 45);
    let notice = b.notice.clone().unwrap();
    assert!(notice.error && notice.text.contains("no document after document 46"));
    // One up: the matcher's reason.
    press(&mut b, KeyCode::Up);
    assert_eq!(b.current, 44);
    let Some(Verdict::Fails(why)) = &b.verdict else {
        panic!("{:?}", b.verdict);
    };
    assert_eq!(why, "n: Long('44') does not satisfy $in: [ 40, 45 ]");
    insta::assert_snapshot!("browse_reason_en_80x24", screen(&b, 80, 24));
}

#[test]
fn a_filter_that_does_not_parse_stays_on_the_line_with_the_reason() {
    let mut b = browser(Lang::Vi);
    press(&mut b, KeyCode::Char('/'));
    type_line(&mut b, "{ n: { $foo: 1 } }");
    press(&mut b, KeyCode::Enter);
    assert!(matches!(b.mode, Mode::Filter(_)));
    let notice = b.notice.clone().unwrap();
    assert!(notice.error && notice.text.contains("$foo"), "{notice:?}");
    press(&mut b, KeyCode::Esc);
    assert_eq!(b.mode, Mode::Normal);
    assert!(b.filter.is_none());
}

#[test]
fn g_jumps_to_a_document_number_or_a_byte_offset() {
    let (bytes, offsets) = dump(11, 60);
    let mut b = browser_on(&bytes, Lang::En, ThemeName::Dark);
    settle(&mut b);
    press(&mut b, KeyCode::Char('g'));
    type_line(&mut b, "17");
    press(&mut b, KeyCode::Enter);
    assert_eq!((b.current, &b.mode), (16, &Mode::Normal));
    // A byte inside document 31, in hex.
    press(&mut b, KeyCode::Char('g'));
    type_line(&mut b, &format!("0x{:x}", offsets[30] + 3));
    press(&mut b, KeyCode::Enter);
    assert_eq!(b.current, 30);
    press(&mut b, KeyCode::Char('g'));
    type_line(&mut b, &format!("@{}", offsets[5]));
    press(&mut b, KeyCode::Enter);
    assert_eq!(b.current, 5);
    // Past the end: said, not a crash.
    press(&mut b, KeyCode::Char('g'));
    type_line(&mut b, "61");
    press(&mut b, KeyCode::Enter);
    assert_eq!(b.current, 5);
    let text = b.notice.clone().unwrap().text;
    assert_eq!(text, "there is no document 61: the file has 60");
    // Past the end of the file, said at once.
    press(&mut b, KeyCode::Char('g'));
    type_line(&mut b, "@99999999");
    press(&mut b, KeyCode::Enter);
    let text = b.notice.clone().unwrap().text;
    assert_eq!(
        text,
        format!(
            "byte 99999999 is past the end of the file ({} bytes)",
            bytes.len()
        )
    );
    // Not a number: the line stays open with the reason.
    press(&mut b, KeyCode::Char('g'));
    type_line(&mut b, "abc");
    press(&mut b, KeyCode::Enter);
    assert_eq!(b.mode, Mode::Jump("abc".into()));
    // The cursor after what was typed: " go to › abc".
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let at = bson_tutor::tui::browse::view::cursor(&b, area).unwrap();
    assert_eq!((at.x, at.y), (12, 23));
    insta::assert_snapshot!("browse_bad_jump_en_80x24", screen(&b, 80, 24));
}

#[test]
fn end_waits_for_the_index_and_the_first_screen_does_not() {
    // 200 000 empty documents: more than one tick of indexing.
    let bytes = [5u8, 0, 0, 0, 0].repeat(200_000);
    let mut b = browser_on(&bytes, Lang::En, ThemeName::Dark);
    assert_eq!(b.index.len(), 1, "the first screen needs one document");
    let first = screen(&b, 80, 24);
    assert!(first.contains("indexing… 1 document so far"), "{first}");
    press(&mut b, KeyCode::End);
    assert_eq!(b.current, 0);
    let waiting = screen(&b, 80, 24);
    assert!(
        waiting.contains("waiting for the index to reach the last document"),
        "{waiting}"
    );
    update(&mut b, Message::Tick);
    assert!(b.index.len() > 1 && !b.index.is_done());
    settle(&mut b);
    assert_eq!(b.current, 199_999);
    let last = screen(&b, 80, 24);
    assert!(last.contains("200000 documents"), "{last}");
    assert!(last.contains("Document 200000 · byte 999995"), "{last}");
}

#[test]
fn esc_stops_a_search() {
    let bytes = [5u8, 0, 0, 0, 0].repeat(50_000);
    let mut b = browser_on(&bytes, Lang::En, ThemeName::Dark);
    settle(&mut b);
    press(&mut b, KeyCode::Char('/'));
    type_line(&mut b, "{ a: 1 }");
    press(&mut b, KeyCode::Enter);
    update(&mut b, Message::Tick);
    let Task::Searching { next } = b.task else {
        panic!("{:?}", b.task);
    };
    assert!(next > 1 && next < 50_000);
    assert!(screen(&b, 80, 24).contains(&format!("searching… document {}", next + 1)));
    press(&mut b, KeyCode::Esc);
    assert_eq!(b.task, Task::Idle);
    assert_eq!(
        b.notice.clone().unwrap().text,
        format!("search stopped at document {}", next + 1)
    );
}

#[test]
fn tab_gives_the_arrows_to_the_bytes_and_q_quits() {
    let mut b = browser(Lang::En);
    press(&mut b, KeyCode::Tab);
    assert_eq!(b.focus, Focus::Hex);
    press(&mut b, KeyCode::Down);
    assert_eq!(b.current, 0, "the arrows walk the bytes now");
    let shown = screen(&b, 80, 24);
    assert!(shown.contains("_id · objectId"), "{shown}");
    press(&mut b, KeyCode::Tab);
    press(&mut b, KeyCode::Down);
    assert_eq!(b.current, 1);
    assert_eq!(press(&mut b, KeyCode::Char('q')), Some(Effect::Quit));
}

#[test]
fn the_help_lists_every_key_in_every_language() {
    for (lang, code) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
        let mut b = browser(lang);
        press(&mut b, KeyCode::Char('?'));
        assert_eq!(b.mode, Mode::Help);
        insta::assert_snapshot!(format!("browse_help_{code}_80x24"), screen(&b, 80, 24));
        press(&mut b, KeyCode::Char('x'));
        assert_eq!(b.mode, Mode::Normal);
    }
    for lang in [Lang::Vi, Lang::Zh] {
        for (_, what) in HELP {
            assert!(translation(lang, what).is_some(), "{lang:?}: {what}");
        }
    }
}

#[test]
fn the_light_theme_draws_the_selection_in_its_own_style() {
    let (bytes, _) = dump(11, 60);
    let b = browser_on(&bytes, Lang::En, ThemeName::Light);
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|f| f.render_widget(&b, f.area())).unwrap();
    let buf = terminal.backend().buffer();
    // The first document's row of the list (under the border and the header).
    let cell = &buf[(2, 3)];
    assert_eq!(cell.bg, Theme::new(ThemeName::Light).selected.bg.unwrap());
}

#[test]
fn a_damaged_file_shows_what_was_indexed_and_where_it_stops() {
    let (mut bytes, _) = dump(11, 5);
    let end = bytes.len();
    bytes.extend((-7i32).to_le_bytes());
    let mut b = browser_on(&bytes, Lang::En, ThemeName::Dark);
    settle(&mut b);
    let shown = screen(&b, 80, 24);
    assert!(shown.contains("5 documents, then damage"), "{shown}");
    assert!(
        shown.contains(&format!("the index stops at the damage: byte {end}")),
        "{shown}"
    );
    // The whole reason, on two lines at 80 columns.
    let last = shown.lines().last().unwrap();
    assert!(last.trim_end().ends_with("to 16793600 bytes"), "{shown}");
    insta::assert_snapshot!("browse_damage_en_80x24", shown);
}

#[test]
fn an_empty_file_says_so() {
    let mut b = browser_on(&[], Lang::En, ThemeName::Dark);
    assert!(screen(&b, 80, 24).contains("no documents"));
    press(&mut b, KeyCode::End);
    assert_eq!(b.notice.clone().unwrap().text, "the file holds no document");
    press(&mut b, KeyCode::Down);
    press(&mut b, KeyCode::Char('/'));
    type_line(&mut b, "{}");
    press(&mut b, KeyCode::Enter);
    settle(&mut b);
    let shown = screen(&b, 80, 24);
    assert!(shown.contains("the file holds no document"), "{shown}");
}

#[test]
fn a_document_that_does_not_decode_shows_why_and_matches_nothing() {
    let (good, _) = dump(11, 2);
    // A whole document by its length, with a type byte no BSON type has.
    let bad = [8u8, 0, 0, 0, 0x99, b'a', 0, 0];
    let bytes = [&good[..], &bad[..], &good[..]].concat();
    let mut b = browser_on(&bytes, Lang::En, ThemeName::Dark);
    settle(&mut b);
    assert_eq!(b.index.len(), 5);
    press(&mut b, KeyCode::Char('/'));
    type_line(&mut b, "{ n: 1 }");
    press(&mut b, KeyCode::Enter);
    settle(&mut b);
    assert_eq!(b.current, 1);
    press(&mut b, KeyCode::Char('n'));
    settle(&mut b);
    assert_eq!(b.current, 4, "the broken document is passed over");
    press(&mut b, KeyCode::Up);
    press(&mut b, KeyCode::Up);
    assert_eq!(b.current, 2);
    assert_eq!(b.verdict, Some(Verdict::Undecodable));
    let shown = screen(&b, 80, 24);
    assert!(shown.contains("0x99"), "{shown}");
    assert!(shown.contains("✗ document 3 does not decode"), "{shown}");
}

#[test]
fn control_characters_of_a_document_are_shown_not_obeyed() {
    let mut doc = bson_tutor::bson::Document::new();
    doc.push("s", "a\u{1b}[2Jb");
    let bytes = bson_tutor::bson::encode_document(&doc).unwrap();
    let mut b = browser_on(&bytes, Lang::En, ThemeName::Dark);
    settle(&mut b);
    press(&mut b, KeyCode::Char('/'));
    type_line(&mut b, "{ s: 'x' }");
    press(&mut b, KeyCode::Enter);
    settle(&mut b);
    for (w, h) in [(80, 24), (160, 30)] {
        let shown = screen(&b, w, h);
        assert!(!shown.contains('\u{1b}'), "{shown}");
    }
    let shown = screen(&b, 160, 30);
    assert!(shown.contains("✗ document 1: s: "), "{shown}");
}
