//! The hex view's tests: exact lines, styles, moves, clicks and sizes.

use ratatui::buffer::Cell as BufCell;
use ratatui::style::Style;

use super::*;
use crate::bson::shell::FixedGenerator;
use crate::bson::text::{Syntax, parse_document};
use crate::bson::{Document, Value, encode_document, hex};

/// `{ _id: 1, name: "An", age: 30 }`: 36 bytes.
const SMALL_DOC: &str = "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 03 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00";

fn small() -> HexModel {
    HexModel::new(hex::decode(SMALL_DOC).unwrap()).unwrap()
}

fn shell(text: &str) -> HexModel {
    let doc = parse_document(text, Some(Syntax::Shell), &mut FixedGenerator::new(0))
        .unwrap()
        .value;
    HexModel::new(encode_document(&doc).unwrap()).unwrap()
}

/// About 100 KB: many elements of varied types, with nested documents and arrays.
fn big() -> HexModel {
    let mut d = Document::new();
    for i in 0..1500 {
        let mut item = Document::new();
        item.push("i", i);
        item.push("name", format!("item number {i}"));
        item.push("price", f64::from(i) * 0.5);
        item.push("tags", vec![Value::from("a"), Value::Int64(i64::from(i))]);
        d.push(format!("k{i}"), item);
    }
    HexModel::new(encode_document(&d).unwrap()).unwrap()
}

fn render(model: &HexModel, state: &HexState, width: u16, height: u16) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    let theme = Theme::default();
    HexView {
        model,
        state,
        theme: &theme,
        lang: crate::lesson::i18n::Lang::En,
    }
    .render(buf.area, &mut buf);
    buf
}

fn text(buf: &Buffer) -> Vec<String> {
    let w = usize::from(buf.area.width);
    let cells = buf.content();
    (0..usize::from(buf.area.height))
        .map(|y| {
            let row: String = cells[y * w..(y + 1) * w]
                .iter()
                .map(|c| c.symbol())
                .collect();
            row.trim_end().to_owned()
        })
        .collect()
}

/// What a blank cell looks like after `style` is drawn on it.
fn drawn(style: Style) -> Style {
    let mut c = BufCell::default();
    c.set_style(style);
    c.style()
}

fn selected_offset(model: &HexModel, state: &HexState) -> usize {
    model.rows()[state.selected()].offset
}

fn moves(model: &HexModel, state: &mut HexState, moves: &[HexMove]) -> Vec<usize> {
    moves
        .iter()
        .map(|&mv| {
            state.apply(model, mv);
            selected_offset(model, state)
        })
        .collect()
}

#[test]
fn small_document_renders_offsets_hex_ascii_meaning_element_and_legend() {
    let model = small();
    let state = HexState::default();
    assert_eq!(
        text(&render(&model, &state, 80, 7)),
        [
            "0000  24 00 00 00 10 5f 69 64  00 01 00 00 00 02 6e 61  |$...._id......na|",
            "0010  6d 65 00 03 00 00 00 41  6e 00 10 61 67 65 00 1e  |me.....An..age..|",
            "0020  00 00 00 00                                       |....|",
            "offset 0: document length = 0x24 = 36 bytes",
            "document · bytes 0–35 (36 bytes)",
            "length type key value subtype end",
            "",
        ]
    );
    assert_eq!(model.preferred_width(), 74);
}

#[test]
fn a_byte_has_its_role_style_in_both_columns_and_the_selection_on_top() {
    let model = small();
    let theme = Theme::default();
    let mut state = HexState::default();
    state.select_byte(&model, 19);
    let buf = render(&model, &state, 80, 7);
    let at = |offset: usize| {
        let (line, i) = (offset / 16, offset % 16);
        let y = line as u16;
        let hex = &buf[(hex_x(4, i) as u16, y)];
        let ascii = &buf[((ascii_bar_x(4, 16) + 1 + i) as u16, y)];
        assert_eq!(hex.style(), ascii.style(), "byte {offset}");
        hex.style()
    };
    let base = |role| theme.text.patch(theme.roles.of(role));
    // The selected run: the string length of `name`.
    assert_eq!(
        at(19),
        drawn(
            base(ByteRole::Length)
                .patch(theme.element)
                .patch(theme.cursor)
        )
    );
    // The rest of `name` (bytes 13-25) carries the element style.
    assert_eq!(at(13), drawn(base(ByteRole::TypeByte).patch(theme.element)));
    assert_eq!(at(14), drawn(base(ByteRole::Key).patch(theme.element)));
    assert_eq!(at(23), drawn(base(ByteRole::Value).patch(theme.element)));
    // Other elements and the envelope: their role only.
    assert_eq!(at(0), drawn(base(ByteRole::Length)));
    assert_eq!(at(4), drawn(base(ByteRole::TypeByte)));
    assert_eq!(at(5), drawn(base(ByteRole::Key)));
    assert_eq!(at(9), drawn(base(ByteRole::Value)));
    assert_eq!(at(35), drawn(base(ByteRole::Terminator)));
    assert_ne!(at(4), at(5));
    // The legend names each role in its style.
    let legend_y = 5;
    assert_eq!(buf[(0, legend_y)].style(), drawn(base(ByteRole::Length)));
    assert_eq!(buf[(7, legend_y)].style(), drawn(base(ByteRole::TypeByte)));
    assert_eq!(
        buf[(30, legend_y)].style(),
        drawn(base(ByteRole::Terminator))
    );
}

#[test]
fn selecting_byte_19_explains_the_string_length() {
    let model = small();
    let mut state = HexState::default();
    state.select_byte(&model, 19);
    assert_eq!(
        meaning_line(&model, &state),
        "offset 19: string length = 3 (counting the trailing NUL)"
    );
    assert_eq!(
        selected_element_line(&model, &state),
        "name · string · bytes 13–25 (13 bytes) · depth 0"
    );
    let lines = text(&render(&model, &state, 80, 7));
    assert_eq!(
        lines[3],
        "offset 19: string length = 3 (counting the trailing NUL)"
    );
    assert_eq!(lines[4], "name · string · bytes 13–25 (13 bytes) · depth 0");
}

#[test]
fn up_and_down_walk_the_top_level_elements() {
    let model = small();
    let mut state = HexState::default();
    use HexMove::*;
    assert_eq!(
        moves(
            &model,
            &mut state,
            &[
                NextElement,
                NextElement,
                NextElement,
                NextElement,
                PrevElement
            ]
        ),
        [4, 13, 26, 26, 13]
    );
    assert_eq!(
        moves(&model, &mut state, &[PrevElement, PrevElement]),
        [4, 4]
    );
    // From the closing NUL, down goes to the first element and up to the last.
    assert_eq!(moves(&model, &mut state, &[Last, NextElement]), [35, 4]);
    assert_eq!(moves(&model, &mut state, &[Last, PrevElement]), [35, 26]);
}

#[test]
fn left_and_right_step_through_runs() {
    let model = small();
    let mut state = HexState::default();
    use HexMove::*;
    assert_eq!(
        moves(
            &model,
            &mut state,
            &[NextRun, NextRun, NextRun, NextRun, PrevRun]
        ),
        [4, 5, 9, 13, 9]
    );
    assert_eq!(moves(&model, &mut state, &[First, PrevRun]), [0, 0]);
    assert_eq!(moves(&model, &mut state, &[Last, NextRun]), [35, 35]);
}

#[test]
fn enter_and_leave_nested_documents_and_arrays() {
    let model = shell("{ a: { b: [1, 2] } }");
    let mut state = HexState::default();
    use HexMove::*;
    let path = |s: &HexState| model.rows()[s.selected()].path.clone();
    assert_eq!(moves(&model, &mut state, &[NextElement, Enter]), [4, 11]);
    assert_eq!(path(&state), "a.b");
    assert_eq!(moves(&model, &mut state, &[Enter, NextElement]), [18, 25]);
    assert_eq!(path(&state), "a.b.1");
    assert_eq!(
        selected_element_line(&model, &state),
        "a.b.1 · int32 · bytes 25–31 (7 bytes) · depth 2"
    );
    // Enter on a number does nothing.
    assert_eq!(moves(&model, &mut state, &[Enter]), [25]);
    assert_eq!(
        moves(&model, &mut state, &[Leave, Leave, Leave, Leave]),
        [11, 4, 0, 0]
    );
    // From inside a value (the array's own NUL), up and down stay in that array.
    state.select_byte(&model, 32);
    assert_eq!(moves(&model, &mut state, &[PrevElement]), [25]);
    state.select_byte(&model, 14);
    assert_eq!(moves(&model, &mut state, &[NextElement]), [18]);
    state.select_byte(&model, 14);
    assert_eq!(moves(&model, &mut state, &[Leave]), [11]);
}

#[test]
fn entering_an_empty_document_lands_on_its_length() {
    let model = shell("{ e: {}, f: 1 }");
    let mut state = HexState::default();
    use HexMove::*;
    assert_eq!(moves(&model, &mut state, &[NextElement, Enter]), [4, 7]);
    assert_eq!(
        meaning_line(&model, &state),
        "offset 7: embedded document length = 0x5 = 5 bytes"
    );
    assert_eq!(
        moves(&model, &mut state, &[NextElement, Leave, NextElement]),
        [7, 4, 12]
    );
}

#[test]
fn code_with_scope_can_be_entered() {
    let doc = parse_document(
        r#"{"c": {"$code": "x", "$scope": {"x": 1}}}"#,
        Some(Syntax::Ejson),
        &mut FixedGenerator::new(0),
    )
    .unwrap()
    .value;
    let model = HexModel::new(encode_document(&doc).unwrap()).unwrap();
    let mut state = HexState::default();
    use HexMove::*;
    moves(&model, &mut state, &[NextElement, Enter]);
    assert_eq!(model.rows()[state.selected()].path, "c.x");
    moves(&model, &mut state, &[Leave]);
    assert_eq!(model.rows()[state.selected()].path, "c");
}

#[test]
fn focus_path_selects_the_type_byte() {
    let model = shell("{ a: { b: [1, 2] } }");
    let mut state = HexState::default();
    assert!(state.focus_path(&model, "a.b.1"));
    assert_eq!(selected_offset(&model, &state), 25);
    assert!(!state.focus_path(&model, "a.c"));
    assert_eq!(selected_offset(&model, &state), 25);
}

#[test]
fn clicks_on_hex_or_ascii_select_the_run_under_them() {
    let model = small();
    let mut state = HexState::default();
    // Drawn at (2, 1) inside a larger buffer, as inside a border.
    let mut buf = Buffer::empty(Rect::new(0, 0, 84, 9));
    let theme = Theme::default();
    let area = Rect::new(2, 1, 80, 7);
    HexView {
        model: &model,
        state: &state,
        theme: &theme,
        lang: crate::lesson::i18n::Lang::En,
    }
    .render(area, &mut buf);
    let hex = |i: usize| 2 + hex_x(4, i) as u16;
    let ascii = |i: usize| 2 + (ascii_bar_x(4, 16) + 1 + i) as u16;
    assert!(state.click(&model, hex(3) + 1, 2));
    assert_eq!(selected_offset(&model, &state), 19);
    assert!(state.click(&model, ascii(8), 2)); // byte 24, inside "An\0"
    assert_eq!(selected_offset(&model, &state), 23);
    assert!(state.click(&model, hex(0), 1));
    assert_eq!(selected_offset(&model, &state), 0);
    // A gap, the offset column, past the last byte, the footer, outside the area.
    assert!(!state.click(&model, hex(0) + 2, 1));
    assert!(!state.click(&model, 3, 1));
    assert!(!state.click(&model, hex(4), 3));
    assert!(!state.click(&model, hex(0), 5));
    assert!(!state.click(&model, 0, 0));
    assert_eq!(selected_offset(&model, &state), 0);
}

#[test]
fn narrow_areas_show_8_or_4_bytes_per_line() {
    let model = small();
    let state = HexState::default();
    assert_eq!(
        text(&render(&model, &state, 41, 8))[..2],
        [
            "0000  24 00 00 00 10 5f 69 64  |$...._id|",
            "0008  00 01 00 00 00 02 6e 61  |......na|",
        ]
    );
    assert_eq!(
        text(&render(&model, &state, MIN_WIDTH, 4))[0],
        "0000  24 00 00 00  |$...|"
    );
    assert_eq!(model.bytes_per_line(40), 4);
}

#[test]
fn a_100kb_document_scrolls_to_keep_the_selection_visible() {
    let model = big();
    assert!(model.bytes().len() > 90_000, "{}", model.bytes().len());
    let mut state = HexState::default();
    let (width, height) = (80, 20);
    let visible = |state: &HexState, model: &HexModel| {
        let line = selected_offset(model, state) / 16;
        let scroll = state.scroll();
        (scroll..scroll + usize::from(height) - 3).contains(&line)
    };
    state.apply(&model, HexMove::Last);
    let buf = render(&model, &state, width, height);
    assert!(visible(&state, &model));
    let last = model.bytes().len() - 1;
    let offset = format!("{:05x}", last / 16 * 16);
    assert!(text(&buf)[16].starts_with(&offset), "{:?}", text(&buf));
    for _ in 0..50 {
        state.apply(&model, HexMove::PageUp);
        render(&model, &state, width, height);
        assert!(visible(&state, &model));
    }
    for mv in [HexMove::First, HexMove::PageDown, HexMove::PageDown] {
        state.apply(&model, mv);
        render(&model, &state, width, height);
        assert!(visible(&state, &model));
    }
    for _ in 0..500 {
        state.apply(&model, HexMove::NextElement);
        render(&model, &state, width, height);
        assert!(visible(&state, &model));
    }
    // The wheel looks elsewhere without moving the selection, until the selection moves.
    let selected = state.selected();
    state.scroll_by(-10_000);
    render(&model, &state, width, height);
    assert_eq!((state.scroll(), state.selected()), (0, selected));
    state.scroll_by(3);
    render(&model, &state, width, height);
    assert_eq!(state.scroll(), 3);
    state.apply(&model, HexMove::NextRun);
    render(&model, &state, width, height);
    assert!(visible(&state, &model));
}

#[test]
fn long_meanings_wrap_then_are_cut_at_the_width() {
    let model = shell(&format!("{{ s: \"{}\" }}", "x".repeat(10_000)));
    let mut state = HexState::default();
    state.select_byte(&model, 11);
    assert!(meaning_line(&model, &state).len() > 10_000);
    let lines = text(&render(&model, &state, 60, 12));
    // Three lines of meaning under the bytes shown, the last cut.
    let first = lines
        .iter()
        .position(|l| l.starts_with("offset 11:"))
        .unwrap();
    assert!(lines[first + 1].starts_with("\"xxxx"), "{lines:?}");
    assert_eq!(lines[first + 2].chars().count(), 60);
    assert!(lines[first + 2].ends_with('…'));
    assert!(lines[first + 3].starts_with("s · string"), "{lines:?}");
}

#[test]
fn short_areas_keep_the_bytes_and_the_meaning_before_the_element_line_and_legend() {
    let model = small();
    let state = HexState::default();
    // Three rows: two byte lines and the meaning.
    let lines = text(&render(&model, &state, 80, 3));
    assert!(lines[0].starts_with("0000  24"));
    assert!(lines[1].starts_with("0010  6d"));
    assert_eq!(lines[2], "offset 0: document length = 0x24 = 36 bytes");
    // Four: every byte line and the meaning, nothing more.
    let lines = text(&render(&model, &state, 80, 4));
    assert!(lines[2].starts_with("0020  00"));
    assert_eq!(lines[3], "offset 0: document length = 0x24 = 36 bytes");
    // Five: the element line too; six: the legend.
    assert_eq!(
        text(&render(&model, &state, 80, 5))[4],
        "document · bytes 0–35 (36 bytes)"
    );
    assert_eq!(
        text(&render(&model, &state, 80, 6))[5],
        "length type key value subtype end"
    );
    assert!(text(&render(&model, &state, 80, 1))[0].starts_with("0000  24"));
    // A long document keeps four byte lines before the element line and legend.
    let model = big();
    let lines = text(&render(&model, &state, 80, 7));
    assert!(lines[3].starts_with("00030"), "{lines:?}");
    assert!(lines[4].starts_with("offset 0"), "{lines:?}");
    assert!(lines[5].starts_with("document"), "{lines:?}");
    assert!(lines[6].starts_with("length type"), "{lines:?}");
}

#[test]
fn the_legend_wraps_between_its_names() {
    let model = small();
    let state = HexState::default();
    let [_, _, legend] = footer(
        &model,
        &state,
        &Theme::default(),
        crate::lesson::i18n::Lang::En,
        20,
    );
    let legend: Vec<String> = legend.iter().map(ToString::to_string).collect();
    assert_eq!(legend, ["length type key", "value subtype end"]);
}

#[test]
fn no_area_or_document_is_too_small() {
    let models = [small(), HexModel::new(vec![5, 0, 0, 0, 0]).unwrap()];
    for model in &models {
        let mut state = HexState::default();
        for w in 0..30 {
            for h in 0..6 {
                render(model, &state, w, h);
                state.click(model, w / 2, h / 2);
                state.scroll_by(1);
                for mv in [
                    HexMove::NextRun,
                    HexMove::PrevElement,
                    HexMove::NextElement,
                    HexMove::Enter,
                    HexMove::Leave,
                    HexMove::PageDown,
                    HexMove::PageUp,
                ] {
                    state.apply(model, mv);
                }
            }
        }
    }
    // A state that outlived a larger document.
    let mut state = HexState::default();
    state.apply(&big(), HexMove::Last);
    let model = &models[1];
    render(model, &state, 40, 10);
    assert_eq!(meaning_line(model, &state), "offset 4: end of document");
    state.apply(model, HexMove::PrevRun);
    assert_eq!(state.selected(), 0);
}

#[test]
fn the_deepest_document_can_be_walked() {
    let mut doc = Document::new();
    doc.push("x", 1);
    for _ in 0..98 {
        let mut outer = Document::new();
        outer.push("d", doc);
        doc = outer;
    }
    let model = HexModel::new(encode_document(&doc).unwrap()).unwrap();
    let mut state = HexState::default();
    state.apply(&model, HexMove::NextElement);
    for _ in 0..120 {
        state.apply(&model, HexMove::Enter);
    }
    assert_eq!(model.rows()[state.selected()].path.matches('.').count(), 98);
    render(&model, &state, 80, 10);
    for _ in 0..120 {
        state.apply(&model, HexMove::Leave);
    }
    assert_eq!(state.selected(), 0);
}
