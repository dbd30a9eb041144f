use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Modifier;
use ratatui::widgets::Widget;

use super::*;
use crate::bson::Value;
use crate::tui::theme::Theme;

const SEED: u64 = 7;
const NOW_MS: i64 = 1_791_431_149_477;

fn playground() -> Playground {
    Playground::new(SEED, NOW_MS)
}

fn draw(p: &Playground, width: u16, height: u16) -> Buffer {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    PlaygroundView {
        playground: p,
        theme: &Theme::default(),
        lang: crate::lesson::i18n::Lang::En,
    }
    .render(area, &mut buf);
    buf
}

fn screen(p: &Playground, width: u16, height: u16) -> String {
    let buf = draw(p, width, height);
    (0..height)
        .map(|y| {
            let line: String = (0..width).map(|x| buf[(x, y)].symbol()).collect();
            line.trim_end().to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Empties the focused line, then types `text` one character at a time.
fn type_in(p: &mut Playground, text: &str) {
    p.edit(Edit::End);
    p.edit(Edit::DeleteToStart);
    for c in text.chars() {
        p.edit(Edit::Insert(c));
    }
}

fn ids(p: &Playground, verdict: impl Fn(&Verdict) -> bool) -> Vec<Value> {
    p.verdicts()
        .filter(|(_, v)| verdict(v))
        .filter_map(|(d, _)| d.get("_id").cloned())
        .collect()
}

fn reason(p: &Playground, id: i32) -> String {
    p.verdicts()
        .find(|(d, _)| d.get("_id") == Some(&Value::Int32(id)))
        .and_then(|(_, v)| match v {
            Verdict::Rejected(why) => Some(why.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[test]
fn typing_a_document_shows_its_size_and_extended_json() {
    let mut p = playground();
    type_in(&mut p, r#"{ _id: 1, name: "An", age: 30 }"#);
    assert_eq!(p.document_text(), r#"{ _id: 1, name: "An", age: 30 }"#);
    assert_eq!(p.syntax(), Syntax::Shell);
    assert_eq!(p.size(), Some(36));
    assert_eq!(
        p.canonical(),
        Some(r#"{"_id":{"$numberInt":"1"},"name":"An","age":{"$numberInt":"30"}}"#)
    );
    assert_eq!(p.relaxed(), Some(r#"{"_id":1,"name":"An","age":30}"#));
    assert_eq!(p.shell(), Some("{ _id: 1, name: 'An', age: 30 }"));
    assert!(p.parse_error().is_none());

    type_in(&mut p, r#"{"n": {"$numberLong": "42"}}"#);
    assert_eq!(p.syntax(), Syntax::Ejson);
    assert_eq!(p.size(), Some(16));
    assert_eq!(p.shell(), Some("{ n: Long('42') }"));
}

#[test]
fn the_same_text_gives_the_same_object_id() {
    let mut p = playground();
    type_in(&mut p, "{ _id: ObjectId(), at: new Date() }");
    let first = p.canonical().map(str::to_owned);
    assert!(first.as_deref().is_some_and(|c| c.contains("$oid")));
    // More keystrokes, same text: the ids do not move on.
    p.edit(Edit::Backspace);
    p.edit(Edit::Insert('}'));
    assert_eq!(p.canonical().map(str::to_owned), first);
    let mut again = playground();
    type_in(&mut again, "{ _id: ObjectId(), at: new Date() }");
    assert_eq!(again.canonical().map(str::to_owned), first);
    let mut other = Playground::new(SEED + 1, NOW_MS);
    type_in(&mut other, "{ _id: ObjectId(), at: new Date() }");
    assert_ne!(other.canonical().map(str::to_owned), first);
}

#[test]
fn adding_uses_up_the_ids_the_document_took() {
    let mut p = playground();
    type_in(&mut p, "{ _id: ObjectId(), v: 1 }");
    let before = p.document().and_then(|d| d.get("_id")).cloned();
    assert_eq!(p.add_document(), Ok(()));
    // As in mongosh, running the same line again makes a new id rather than a duplicate.
    let after = p.document().and_then(|d| d.get("_id")).cloned();
    assert_ne!(before, after);
    assert_eq!(p.add_document(), Ok(()));
    assert_eq!(p.verdicts().len(), 11);
}

#[test]
fn parse_errors_carry_line_and_column() {
    let mut p = playground();
    type_in(&mut p, "{ a: 1");
    let e = p
        .parse_error()
        .cloned()
        .expect("an unclosed document is an error");
    assert_eq!((e.line, e.column), (1, 1));
    assert!(e.message().contains("closing `}`"), "{}", e.message());
    assert_eq!(p.size(), None);

    type_in(&mut p, "{ a: NumberFoo(1) }");
    let e = p
        .parse_error()
        .cloned()
        .expect("an unknown constructor is an error");
    assert_eq!(
        e.to_string(),
        "line 1, column 6: unknown constructor `NumberFoo`"
    );
    let shown = screen(&p, 80, 23);
    assert!(shown.contains("Parse error"), "{shown}");
    assert!(shown.contains("line 1, column 6: unknown constructor `NumberFoo`"));
    assert!(shown.contains("│{ a: NumberFoo(1) }   "), "{shown}");
    assert!(shown.contains("│     ^   "), "{shown}");

    // A good line brings the results back.
    type_in(&mut p, "{ a: 1 }");
    assert_eq!(p.size(), Some(12));
}

#[test]
fn warnings_are_shown_with_the_results() {
    let mut p = playground();
    type_in(&mut p, "{ n: NumberLong(9007199254740993) }");
    assert_eq!(p.warnings().len(), 1);
    assert_eq!(
        p.document().and_then(|d| d.get("n")),
        Some(&Value::Int64(9_007_199_254_740_992))
    );
    assert!(screen(&p, 120, 39).contains("warning   line 1, column"));
}

#[test]
fn the_starting_filter_matches_exactly_the_numeric_user_ids() {
    let p = playground();
    assert_eq!(p.filter_text(), "{ userId: { $gt: 0 } }");
    let int = |n| Value::Int32(n);
    assert_eq!(
        ids(&p, |v| *v == Verdict::Matches),
        [int(1), int(3), int(4), int(5), int(8)]
    );
    assert_eq!(
        reason(&p, 2),
        "userId: '42' is a string; $gt: 0 only compares numbers (type bracketing)"
    );
    assert!(reason(&p, 6).contains("only compares numbers (type bracketing)"));
    assert!(reason(&p, 7).starts_with("userId is missing in this document"));
    assert_eq!(reason(&p, 9), "userId: 0 is not greater than 0");
}

#[test]
fn editing_the_filter_judges_the_collection_again() {
    let mut p = playground();
    p.set_focus(PlaygroundFocus::Filter);
    type_in(&mut p, "{ userId: { $type: 'string' } }");
    assert_eq!(ids(&p, |v| *v == Verdict::Matches), [Value::Int32(2)]);

    type_in(&mut p, "{ userId: { $foo: 1 } }");
    assert_eq!(
        p.filter_error().as_deref(),
        Some("userId.$foo: unknown operator: $foo")
    );
    assert!(p.verdicts().all(|(_, v)| *v == Verdict::Undecided));

    type_in(&mut p, "{ userId: ");
    assert!(
        p.filter_error()
            .is_some_and(|e| e.starts_with("line 1, column"))
    );
    let shown = screen(&p, 100, 30);
    assert!(shown.contains("filter: line 1, column"), "{shown}");
    assert!(!shown.contains('✓'));
}

#[test]
fn adding_a_duplicate_id_returns_the_servers_e11000_message() {
    let mut p = playground();
    assert_eq!(
        p.add_document(),
        Err(
            "E11000 duplicate key error collection: test.playground index: _id_ dup key: { _id: 1 }"
                .to_owned()
        )
    );
    assert_eq!(p.verdicts().len(), 9);
    assert!(matches!(p.notice(), Some(Notice::Refused(m)) if m.starts_with("E11000")));

    type_in(&mut p, "{ _id: [1] }");
    assert_eq!(
        p.add_document(),
        Err("The '_id' value cannot be of type array".to_owned())
    );
    type_in(&mut p, "{ _id: ");
    assert!(
        p.add_document()
            .is_err_and(|e| e.starts_with("the document does not parse"))
    );
}

#[test]
fn adding_a_document_without_id_lets_the_engine_make_one() {
    let mut p = playground();
    type_in(&mut p, "{ userId: 7 }");
    assert_eq!(p.add_document(), Ok(()));
    assert_eq!(p.selected(), 9);
    let (doc, verdict) = p.verdicts().last().expect("the new document");
    assert!(matches!(doc.get("_id"), Some(Value::ObjectId(_))));
    assert_eq!(doc.keys().next(), Some("_id"));
    assert_eq!(*verdict, Verdict::Matches);
    assert!(
        matches!(p.notice(), Some(Notice::Done(m)) if m.starts_with("inserted { _id: ObjectId("))
    );
}

#[test]
fn removing_and_loading_work_on_the_selection() {
    let mut p = playground();
    p.set_focus(PlaygroundFocus::Collection);
    p.select(1);
    p.remove_selected();
    assert_eq!(p.verdicts().len(), 8);
    assert!(ids(&p, |_| true).iter().all(|id| *id != Value::Int32(2)));
    assert_eq!(p.selected(), 1);

    p.load_selected();
    assert_eq!(p.focus(), PlaygroundFocus::Document);
    assert_eq!(p.document_text(), "{ _id: 3, userId: Long('42') }");

    // A whole-number double would come back as an int in mongosh syntax: canonical instead.
    type_in(&mut p, "{ _id: 10, v: Double(42) }");
    assert_eq!(p.add_document(), Ok(()));
    p.load_selected();
    assert_eq!(
        p.document_text(),
        r#"{"_id":{"$numberInt":"10"},"v":{"$numberDouble":"42.0"}}"#
    );
    assert_eq!(
        p.document().and_then(|d| d.get("v")),
        Some(&Value::Double(42.0))
    );

    p.select(-100);
    assert_eq!(p.selected(), 0);
    p.select(100);
    assert_eq!(p.selected(), 8);
    for _ in 0..20 {
        p.remove_selected();
    }
    assert_eq!(p.verdicts().len(), 0);
    p.load_selected();
    assert!(screen(&p, 80, 23).contains("empty: Enter on the document line inserts it"));
}

#[test]
fn focus_cycles_and_edits_go_to_the_focused_line() {
    let mut p = playground();
    let mut seen = vec![p.focus()];
    for _ in 0..4 {
        p.focus_next();
        seen.push(p.focus());
    }
    use PlaygroundFocus::*;
    assert_eq!(seen, [Document, Filter, Collection, Hex, Document]);
    p.focus_prev();
    assert_eq!(p.focus(), Hex);
    assert!(!p.edit(Edit::Insert('x')));
    p.set_focus(Collection);
    assert!(!p.edit(Edit::Insert('x')));
    p.set_focus(Filter);
    assert!(p.edit(Edit::Insert(' ')));
    assert_eq!(p.filter_text(), "{ userId: { $gt: 0 } } ");
    assert_eq!(p.document_text(), r#"{ _id: 1, name: "An", age: 30 }"#);
}

#[test]
fn the_bytes_follow_the_document_and_the_moves() {
    let mut p = playground();
    p.hex_move(HexMove::NextRun);
    p.hex_move(HexMove::NextRun);
    let selected = p.hex_state().selected();
    assert!(selected > 0);
    // A change after the selection keeps it on the same byte.
    p.edit(Edit::Left);
    p.edit(Edit::Left);
    p.edit(Edit::Insert('0'));
    assert_eq!(
        p.document().and_then(|d| d.get("age")),
        Some(&Value::Int32(300))
    );
    assert_eq!(p.hex_state().selected(), selected);
    p.hex_scroll(3);
    p.hex_scroll(-10);
    type_in(&mut p, "{ a: ");
    p.hex_move(HexMove::Last);
    assert!(!p.hex_click(3, 10));
}

#[test]
fn drawing_shows_the_size_and_the_verdicts_at_common_sizes() {
    let mut p = playground();
    for (w, h) in [(80, 23), (100, 30), (120, 39)] {
        let shown = screen(&p, w, h);
        assert!(shown.contains("36 bytes"), "{w}x{h}\n{shown}");
        assert!(
            shown.contains('✓') && shown.contains('✗'),
            "{w}x{h}\n{shown}"
        );
        assert!(
            shown.contains("Bytes") && shown.contains("Filter"),
            "{w}x{h}\n{shown}"
        );
    }
    // At 120x39 every reason is shown in full.
    let shown = screen(&p, 120, 39);
    assert!(shown.contains("userId: null } does)"), "{shown}");
    // In a short list the selected document's reason still gets its lines.
    p.set_focus(PlaygroundFocus::Collection);
    p.select(6);
    let shown = screen(&p, 80, 23);
    assert!(shown.contains("userId: null } does)"), "{shown}");
}

#[test]
fn drawing_never_panics_in_small_areas() {
    let mut p = playground();
    for focus in PlaygroundFocus::ALL {
        p.set_focus(focus);
        for (w, h) in [
            (0, 0),
            (1, 1),
            (10, 3),
            (3, 10),
            (80, 1),
            (200, 5),
            (40, 60),
        ] {
            draw(&p, w, h);
            let area = Rect::new(0, 0, w, h);
            if let Some(at) = p.cursor_position(area) {
                assert!(area.contains(at), "{focus:?} {w}x{h}: {at:?}");
            }
            p.click(area, w / 2, h / 2);
        }
    }
    // An area that is not at the origin, or larger than the buffer.
    let mut buf = Buffer::empty(Rect::new(5, 5, 20, 10));
    PlaygroundView {
        playground: &p,
        theme: &Theme::default(),
        lang: crate::lesson::i18n::Lang::En,
    }
    .render(Rect::new(0, 0, 100, 100), &mut buf);
}

#[test]
fn the_cursor_is_drawn_and_reported_on_the_focused_line() {
    let mut p = playground();
    let area = Rect::new(0, 0, 80, 23);
    let text_width = u16::try_from(p.document_text().len()).unwrap();
    let at = p
        .cursor_position(area)
        .expect("the document line has the cursor");
    assert_eq!(at, Position::new(1 + text_width, 1));
    let buf = draw(&p, 80, 23);
    assert!(buf[(at.x, at.y)].modifier.contains(Modifier::REVERSED));

    p.edit(Edit::Home);
    assert_eq!(p.cursor_position(area), Some(Position::new(1, 1)));
    p.set_focus(PlaygroundFocus::Filter);
    let at = p
        .cursor_position(area)
        .expect("the filter line has the cursor");
    assert_eq!(at.x, 1 + 22);
    assert!(
        screen(&p, 80, 23)
            .lines()
            .nth(usize::from(at.y))
            .is_some_and(|l| l.contains("$gt"))
    );
    p.set_focus(PlaygroundFocus::Hex);
    assert_eq!(p.cursor_position(area), None);
    assert_eq!(p.cursor_position(Rect::new(0, 0, 0, 0)), None);
}

#[test]
fn clicks_focus_panels_and_select_documents() {
    let mut p = playground();
    let area = Rect::new(0, 0, 100, 30);
    let shown = screen(&p, 100, 30);
    let row = shown
        .lines()
        .position(|l| l.contains("{ _id: 4, userId: 42.5 }"))
        .expect("the fourth document is drawn");
    assert!(p.click(area, 10, u16::try_from(row).unwrap()));
    assert_eq!((p.focus(), p.selected()), (PlaygroundFocus::Collection, 3));
    let filter_row = shown
        .lines()
        .position(|l| l.contains("{ userId: { $gt: 0 } }"))
        .unwrap();
    assert!(p.click(area, 5, u16::try_from(filter_row).unwrap()));
    assert_eq!(p.focus(), PlaygroundFocus::Filter);
    assert!(p.click(area, 5, 1));
    assert_eq!(p.focus(), PlaygroundFocus::Document);
    assert!(!p.click(area, 500, 500));
}

/// Whatever is typed or pasted, the playground answers with a message, never a panic.
#[test]
fn hostile_text_is_an_inline_message() {
    let deep_array = format!("{{ a: {}1{} }}", "[".repeat(10_000), "]".repeat(10_000));
    let deep_doc = format!("{{ a: {} }}", "{ b: ".repeat(5_000));
    let long_string = format!("{{ s: '{}' }}", "é世x".repeat(35_000));
    let long_junk = "}{ ,: \u{0}\u{202e}🌍".repeat(10_000);
    let texts = [
        "",
        "   ",
        "{ 名前: '世界🌍', ü: 1, 'a.b': 2, '$x': 3 }",
        "{ a: 1e400, b: 123456789012345678901234567890, c: NumberLong('99999999999999999999') }",
        "{ a: NumberDecimal('1e99999'), b: -0.0, c: NaN, d: new Date(8.64e15 + 1) }",
        "{ \"a\": {\"$numberInt\": \"99999999999\"} }",
        "{ \"$oid\": 1 }",
        "{ a: '\\u0000' }",
        "{ 'a\\u0000b': 1 }",
        "[1, 2, 3]",
        "42",
        deep_array.as_str(),
        deep_doc.as_str(),
        long_string.as_str(),
        long_junk.as_str(),
    ];
    let mut p = playground();
    for text in texts {
        for focus in [PlaygroundFocus::Document, PlaygroundFocus::Filter] {
            p.set_focus(focus);
            p.edit(Edit::End);
            p.edit(Edit::DeleteToStart);
            p.edit(Edit::Paste(text.to_owned()));
            for (w, h) in [(80, 23), (7, 7), (120, 39)] {
                draw(&p, w, h);
                let _ = p.cursor_position(Rect::new(0, 0, w, h));
            }
            let _ = p.add_document();
            p.load_selected();
            p.hex_move(HexMove::Last);
        }
    }
}

#[test]
fn snapshot_of_the_starting_state() {
    insta::assert_snapshot!(screen(&playground(), 100, 30));
}

#[test]
fn snapshot_of_a_parse_error() {
    let mut p = playground();
    type_in(&mut p, "{ _id: 1, name: \"An\", age: NumberFoo(30) }");
    insta::assert_snapshot!(screen(&p, 100, 30));
}
