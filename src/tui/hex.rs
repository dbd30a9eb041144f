//! The annotated hex view: offsets, every byte coloured by the role the engine gave it, an
//! ASCII column, and under them the meaning of the selected run, its element and a legend.
//!
//! Nothing here decodes BSON: [`HexModel::new`] asks the engine for the spans and rows once and
//! flattens the element tree into sibling and parent links, so moving the selection and drawing
//! a frame cost the visible bytes, not the document.

use std::cell::Cell;
use std::fmt;
use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::theme::Theme;
use crate::bson::DecodeError;
use crate::bson::spans::{
    ByteRole, DocumentSpans, ElementSpan, Meaning, Row, document_spans, rows,
};
use crate::bson::spec::ElementType;

/// The narrowest area that shows whole lines (4 bytes per line, 4-digit offsets).
pub const MIN_WIDTH: u16 = line_width(4, 4);

/// Lines under the bytes when there is room: meaning, element, legend.
const FOOTER: u16 = 3;
/// Page size and bytes per line before the first frame tells the real ones.
const DEFAULT_PAGE: usize = 8;
const DEFAULT_BYTES_PER_LINE: usize = 16;

/// The width of a hex line: offset, two spaces, the hex column (an extra space every 8
/// bytes), two spaces, `|ascii|`.
const fn line_width(offset_width: usize, bytes_per_line: usize) -> u16 {
    let hex = 3 * bytes_per_line - 1 + (bytes_per_line - 1) / 8;
    (offset_width + 2 + hex + 2 + bytes_per_line + 2) as u16
}

/// Column of byte `i`'s first hex digit, counted from the start of the line.
fn hex_x(offset_width: usize, i: usize) -> usize {
    offset_width + 2 + 3 * i + i / 8
}

/// Column of the ASCII column's opening `|`.
fn ascii_bar_x(offset_width: usize, bytes_per_line: usize) -> usize {
    hex_x(offset_width, bytes_per_line - 1) + 2 + 2
}

// ---------------------------------------------------------------------------------------------
// The model

/// One element of the flattened tree; indexes point into [`HexModel::nodes`], which is in
/// pre-order (so in offset order).
#[derive(Clone, Debug)]
struct Node {
    parent: Option<usize>,
    prev: Option<usize>,
    next: Option<usize>,
    first_child: Option<usize>,
    last_child: Option<usize>,
    depth: usize,
    element_type: ElementType,
    offset: usize,
    len: usize,
    /// The run of its type byte.
    type_run: usize,
    /// The run of its value's inner document length (documents, arrays, code-with-scope).
    inner_run: Option<usize>,
}

/// A document's bytes with their spans and rows, computed once, and the element tree
/// flattened for navigation.
#[derive(Clone, Debug)]
pub struct HexModel {
    bytes: Vec<u8>,
    spans: DocumentSpans,
    rows: Vec<Row>,
    nodes: Vec<Node>,
    /// For each run, the innermost element holding it (`None` for the top-level envelope).
    run_node: Vec<Option<usize>>,
    top_first: Option<usize>,
    top_last: Option<usize>,
}

impl HexModel {
    /// Walks `bytes` with the engine and prepares them for display.
    ///
    /// # Errors
    /// The engine's error when `bytes` is not exactly one valid document.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::tui::hex::HexModel;
    /// let model = HexModel::new(vec![0x05, 0, 0, 0, 0]).unwrap();
    /// assert_eq!(model.rows().len(), 2);
    /// assert!(HexModel::new(vec![0x06, 0, 0, 0, 0]).is_err());
    /// ```
    pub fn new(bytes: Vec<u8>) -> Result<Self, DecodeError> {
        let spans = document_spans(&bytes)?;
        let rows = rows(&spans);
        let mut nodes = Vec::new();
        let (top_first, top_last) = flatten(&spans.elements, None, 0, &mut nodes);
        let run_node = link_runs(&rows, &mut nodes);
        Ok(HexModel {
            bytes,
            spans,
            rows,
            nodes,
            run_node,
            top_first,
            top_last,
        })
    }

    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The spans.
    pub fn spans(&self) -> &DocumentSpans {
        &self.spans
    }

    /// The annotated runs in offset order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// Hex digits of the offset column: enough for the last offset, at least 4.
    pub fn offset_width(&self) -> usize {
        let last = self.bytes.len().saturating_sub(1);
        let digits = (usize::BITS - last.leading_zeros()).div_ceil(4) as usize;
        digits.max(4)
    }

    /// How many bytes a line shows in an area `width` columns wide: 16, 8 or 4.
    pub fn bytes_per_line(&self, width: u16) -> usize {
        let w = self.offset_width();
        [16, 8]
            .into_iter()
            .find(|&n| width >= line_width(w, n))
            .unwrap_or(4)
    }

    /// The width that shows 16 bytes per line, for sizing the panel.
    pub fn preferred_width(&self) -> u16 {
        line_width(self.offset_width(), 16)
    }

    /// The index of the run holding byte `offset` (the last run for offsets past the end).
    fn run_at(&self, offset: usize) -> usize {
        self.rows
            .partition_point(|r| r.offset <= offset)
            .saturating_sub(1)
    }

    fn last_run(&self) -> usize {
        self.rows.len() - 1
    }

    /// The element a run belongs to: the innermost one holding its bytes.
    fn node_of(&self, run: usize) -> Option<&Node> {
        self.run_node
            .get(run)
            .copied()
            .flatten()
            .map(|n| &self.nodes[n])
    }
}

/// Appends `elements` (and their descendants) to `nodes` in pre-order, linking siblings and
/// parents; returns the first and last of them.
fn flatten(
    elements: &[ElementSpan],
    parent: Option<usize>,
    depth: usize,
    nodes: &mut Vec<Node>,
) -> (Option<usize>, Option<usize>) {
    let (mut first, mut prev) = (None, None::<usize>);
    for el in elements {
        let me = nodes.len();
        nodes.push(Node {
            parent,
            prev,
            next: None,
            first_child: None,
            last_child: None,
            depth,
            element_type: el.element_type,
            offset: el.offset,
            len: el.len,
            type_run: 0,
            inner_run: None,
        });
        if let Some(p) = prev {
            nodes[p].next = Some(me);
        }
        first.get_or_insert(me);
        prev = Some(me);
        let (fc, lc) = flatten(&el.children, Some(me), depth + 1, nodes);
        nodes[me].first_child = fc;
        nodes[me].last_child = lc;
    }
    (first, prev)
}

/// Finds, for every run, the innermost element holding it, and records each element's type
/// byte run and inner length run. Runs and pre-order elements are both in offset order, so
/// one pass with a stack of open elements does it.
fn link_runs(rows: &[Row], nodes: &mut [Node]) -> Vec<Option<usize>> {
    let mut open: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut out = Vec::with_capacity(rows.len());
    for (run, row) in rows.iter().enumerate() {
        while let Some(&n) = open.last()
            && nodes[n].offset + nodes[n].len <= row.offset
        {
            open.pop();
        }
        if matches!(row.meaning, Meaning::TypeByte(_))
            && let Some(node) = nodes.get_mut(next)
            && node.offset == row.offset
        {
            node.type_run = run;
            open.push(next);
            next += 1;
        }
        let inner = open.last().copied();
        if let Some(n) = inner
            && matches!(row.meaning, Meaning::DocumentLength { .. })
        {
            nodes[n].inner_run.get_or_insert(run);
        }
        out.push(inner);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Selection and scrolling

/// How the selection moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexMove {
    /// The next run of bytes (the next row of the walk).
    NextRun,
    /// The previous run.
    PrevRun,
    /// The next element at the current level.
    NextElement,
    /// The previous element at the current level.
    PrevElement,
    /// Into the selected embedded document or array (its first element).
    Enter,
    /// Out to the enclosing element.
    Leave,
    /// A page of lines down.
    PageDown,
    /// A page of lines up.
    PageUp,
    /// The first run.
    First,
    /// The last run.
    Last,
}

/// Where the last frame drew the byte lines, for clicks, paging and the wheel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Geometry {
    /// The area of the byte lines (the footer excluded).
    lines: Rect,
    bytes_per_line: usize,
    offset_width: usize,
    /// The display line at the top of `lines`.
    first_line: usize,
    max_scroll: usize,
}

/// The selection and scroll position of a hex view.
///
/// The selection is one run (an index into [`HexModel::rows`]). Rendering scrolls so the
/// selected run's first byte is visible, except after [`HexState::scroll_by`] (the wheel),
/// which lets the learner look elsewhere until the selection next moves.
#[derive(Clone, Debug, Default)]
pub struct HexState {
    selected: usize,
    /// The first display line.
    scroll: Cell<usize>,
    /// Set by the wheel: rendering keeps the scroll even if the selection is off screen.
    free_scroll: Cell<bool>,
    geometry: Cell<Geometry>,
}

/// Where the selection sits in the tree: the document whose elements Up and Down walk, and
/// the element of that document it is on (`None` on the document's own length or NUL).
struct Level {
    container: Option<usize>,
    current: Option<usize>,
}

/// The level of run `run`.
fn level(model: &HexModel, run: usize) -> Level {
    let node = model.run_node[run];
    match model.rows[run].meaning {
        // A document's own length or NUL: the level is that document's elements.
        Meaning::DocumentLength { .. } | Meaning::DocumentEnd { .. } => Level {
            container: node,
            current: None,
        },
        _ => Level {
            container: node.and_then(|n| model.nodes[n].parent),
            current: node,
        },
    }
}

impl HexState {
    /// Moves the selection.
    pub fn apply(&mut self, model: &HexModel, mv: HexMove) {
        let sel = self.run(model);
        let level = level(model, sel);
        let (first_child, last_child) = match level.container {
            Some(c) => (model.nodes[c].first_child, model.nodes[c].last_child),
            None => (model.top_first, model.top_last),
        };
        let type_run = |n: Option<usize>| n.map(|n| model.nodes[n].type_run);
        let on_end = matches!(model.rows[sel].meaning, Meaning::DocumentEnd { .. });
        let geometry = self.geometry.get();
        let page = match geometry.lines.height {
            0 => DEFAULT_PAGE,
            h => usize::from(h),
        };
        let per_line = match geometry.bytes_per_line {
            0 => DEFAULT_BYTES_PER_LINE,
            n => n,
        };
        let target = match mv {
            HexMove::NextRun => Some((sel + 1).min(model.last_run())),
            HexMove::PrevRun => Some(sel.saturating_sub(1)),
            HexMove::NextElement => match level.current {
                Some(e) => type_run(model.nodes[e].next),
                None => type_run(first_child),
            },
            HexMove::PrevElement => match level.current {
                Some(e) => type_run(model.nodes[e].prev),
                None if on_end => type_run(last_child),
                None => None,
            },
            HexMove::Enter => match level.current {
                Some(e) => {
                    let node = &model.nodes[e];
                    type_run(node.first_child).or(node.inner_run)
                }
                None => type_run(first_child),
            },
            HexMove::Leave => Some(level.container.map_or(0, |c| model.nodes[c].type_run)),
            HexMove::PageDown => {
                let run = model.run_at(model.rows[sel].offset + page * per_line);
                self.scroll.set(self.scroll.get() + page);
                Some(if run == sel { sel + 1 } else { run }.min(model.last_run()))
            }
            HexMove::PageUp => {
                let run = model.run_at(model.rows[sel].offset.saturating_sub(page * per_line));
                self.scroll.set(self.scroll.get().saturating_sub(page));
                Some(if run == sel {
                    sel.saturating_sub(1)
                } else {
                    run
                })
            }
            HexMove::First => Some(0),
            HexMove::Last => Some(model.last_run()),
        };
        self.select(target.unwrap_or(sel));
    }

    /// The selected run, within the model's runs even if the state outlived another model.
    fn run(&self, model: &HexModel) -> usize {
        self.selected.min(model.last_run())
    }

    fn select(&mut self, run: usize) {
        self.selected = run;
        self.free_scroll.set(false);
    }

    /// Selects the run holding byte `offset` (the last run for offsets past the end).
    pub fn select_byte(&mut self, model: &HexModel, offset: usize) {
        self.select(model.run_at(offset));
    }

    /// Selects the first run (the type byte) of the element at dotted `path`; false if there
    /// is none. The empty path is the document itself: its length prefix.
    pub fn focus_path(&mut self, model: &HexModel, path: &str) -> bool {
        match model.rows.iter().position(|r| r.path == path) {
            Some(i) => {
                self.select(i);
                true
            }
            None => false,
        }
    }

    /// Handles a mouse click at a screen cell of the last rendered frame; true if it hit a
    /// byte (in the hex or the ASCII column), whose run is then selected.
    pub fn click(&mut self, model: &HexModel, column: u16, row: u16) -> bool {
        let g = self.geometry.get();
        if g.bytes_per_line == 0 || !g.lines.contains((column, row).into()) {
            return false;
        }
        let x = usize::from(column - g.lines.x);
        let bar = ascii_bar_x(g.offset_width, g.bytes_per_line);
        let hit = (0..g.bytes_per_line).find(|&i| {
            let hx = hex_x(g.offset_width, i);
            (hx..hx + 2).contains(&x) || x == bar + 1 + i
        });
        let line = g.first_line + usize::from(row - g.lines.y);
        match hit.map(|i| line * g.bytes_per_line + i) {
            Some(offset) if offset < model.bytes.len() => {
                self.select_byte(model, offset);
                true
            }
            _ => false,
        }
    }

    /// Scrolls by `lines` (mouse wheel) without moving the selection.
    pub fn scroll_by(&mut self, lines: i32) {
        let g = self.geometry.get();
        let s = self.scroll.get().saturating_add_signed(lines as isize);
        let s = if g.bytes_per_line == 0 {
            s
        } else {
            s.min(g.max_scroll)
        };
        self.scroll.set(s);
        self.free_scroll.set(true);
    }

    /// The index of the selected run in [`HexModel::rows`].
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The first display line of the last frame (or the one the next frame starts from).
    pub fn scroll(&self) -> usize {
        self.scroll.get()
    }
}

// ---------------------------------------------------------------------------------------------
// Text

/// The sentence under the bytes: `offset 19: string length = 3 (counting the trailing NUL)`.
pub fn meaning_line(model: &HexModel, state: &HexState) -> String {
    bounded(usize::MAX, |w| write_meaning(model, state, w))
}

fn write_meaning(model: &HexModel, state: &HexState, w: &mut dyn fmt::Write) -> fmt::Result {
    let r = &model.rows[state.run(model)];
    write!(w, "offset {}: {}", r.offset, r.meaning)
}

/// The element the selected run belongs to:
/// `name · string · bytes 13–25 (13 bytes) · depth 0`, or `document · bytes 0–35 (36 bytes)`
/// on the top-level length prefix and NUL.
pub fn selected_element_line(model: &HexModel, state: &HexState) -> String {
    bounded(usize::MAX, |w| write_element(model, state, w))
}

fn write_element(model: &HexModel, state: &HexState, w: &mut dyn fmt::Write) -> fmt::Result {
    match model.node_of(state.run(model)) {
        Some(n) => {
            // The type byte's row carries the element's own path.
            let path = &model.rows[n.type_run].path;
            if path.is_empty() {
                w.write_str("\"\"")?;
            } else {
                w.write_str(path)?;
            }
            write!(w, " · {} · ", n.element_type.name())?;
            write_range(w, n.offset, n.len)?;
            write!(w, " · depth {}", n.depth)
        }
        None => {
            w.write_str("document · ")?;
            write_range(w, 0, model.bytes.len())
        }
    }
}

fn write_range(w: &mut dyn fmt::Write, offset: usize, len: usize) -> fmt::Result {
    let last = offset + len.saturating_sub(1);
    let unit = if len == 1 { "byte" } else { "bytes" };
    write!(w, "bytes {offset}–{last} ({len} {unit})")
}

/// Text written through `f`, cut at `max` characters with an ellipsis: a 100 KB string's
/// meaning costs the width of the screen, not the string.
fn bounded(max: usize, f: impl FnOnce(&mut dyn fmt::Write) -> fmt::Result) -> String {
    struct Cut {
        text: String,
        left: usize,
    }
    impl fmt::Write for Cut {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            for c in s.chars() {
                if self.left == 0 {
                    self.text.pop();
                    self.text.push('…');
                    return Err(fmt::Error);
                }
                self.left -= 1;
                self.text.push(c);
            }
            Ok(())
        }
    }
    let mut cut = Cut {
        text: String::new(),
        left: max,
    };
    // An error only means the text was cut.
    let _ = f(&mut cut);
    cut.text
}

/// The role colours, each name in its own style: `length type key value subtype end`.
pub fn legend(theme: &Theme) -> Line<'static> {
    let roles = [
        (ByteRole::Length, "length"),
        (ByteRole::TypeByte, "type"),
        (ByteRole::Key, "key"),
        (ByteRole::Value, "value"),
        (ByteRole::Subtype, "subtype"),
        (ByteRole::Terminator, "end"),
    ];
    let mut spans = Vec::with_capacity(2 * roles.len());
    for (i, (role, name)) in roles.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(" ", theme.text));
        }
        spans.push(Span::styled(name, theme.text.patch(theme.roles.of(role))));
    }
    Line::from(spans)
}

// ---------------------------------------------------------------------------------------------
// Hex lines

/// `"000102...ff"`: every byte's two hex digits, sliced instead of formatted.
const HEX_PAIRS: &str = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    const PAIRS: [u8; 512] = {
        let mut out = [0; 512];
        let mut b = 0;
        while b < 256 {
            out[2 * b] = DIGITS[b >> 4];
            out[2 * b + 1] = DIGITS[b & 15];
            b += 1;
        }
        out
    };
    match std::str::from_utf8(&PAIRS) {
        Ok(s) => s,
        Err(_) => panic!("hex digits are ASCII"),
    }
};

/// Every printable ASCII character, from the space to `~`.
const PRINTABLE: &str = {
    const CHARS: [u8; 95] = {
        let mut out = [0; 95];
        let mut i = 0;
        while i < 95 {
            out[i] = b' ' + i as u8;
            i += 1;
        }
        out
    };
    match std::str::from_utf8(&CHARS) {
        Ok(s) => s,
        Err(_) => panic!("printable ASCII"),
    }
};

const SPACES: &str = "                                                                ";

fn hex_pair(b: u8) -> &'static str {
    let i = 2 * usize::from(b);
    &HEX_PAIRS[i..i + 2]
}

fn ascii(b: u8) -> &'static str {
    match b {
        b' '..=b'~' => {
            let i = usize::from(b - b' ');
            &PRINTABLE[i..i + 1]
        }
        _ => ".",
    }
}

/// The display lines `lines` (each `bytes_per_line` bytes) of the model with run `selected`
/// highlighted: `0010  6d 65 00 03 ...  |me.....An..age..|`. A byte has the same style in the
/// hex and ASCII columns: its role's, plus the theme's element style when it belongs to the
/// selected element, plus the cursor style when it belongs to the selected run.
pub fn hex_lines(
    model: &HexModel,
    selected: usize,
    theme: &Theme,
    bytes_per_line: usize,
    lines: Range<usize>,
) -> Vec<Line<'static>> {
    let per = bytes_per_line.clamp(1, 16);
    let len = model.bytes.len();
    let ow = model.offset_width();
    let sel = selected.min(model.last_run());
    let run = &model.rows[sel];
    let run = run.offset..run.offset + run.len;
    let element = model
        .node_of(sel)
        .map_or(0..0, |n| n.offset..n.offset + n.len);
    let style_of = |offset: usize, role: ByteRole| {
        let mut s = theme.text.patch(theme.roles.of(role));
        if element.contains(&offset) {
            s = s.patch(theme.element);
        }
        if run.contains(&offset) {
            s = s.patch(theme.cursor);
        }
        s
    };
    let first = lines.start.saturating_mul(per);
    let mut r = model.run_at(first);
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let start = line * per;
        if start >= len {
            break;
        }
        let end = (start + per).min(len);
        let mut spans = Vec::with_capacity(4 * per + 6);
        let mut ascii_spans = Vec::with_capacity(per + 2);
        spans.push(Span::styled(format!("{start:0ow$x}"), theme.dim));
        spans.push(Span::styled("  ", theme.text));
        ascii_spans.push(Span::styled("|", theme.dim));
        for offset in start..end {
            while model.rows[r].offset + model.rows[r].len <= offset {
                r += 1;
            }
            let row = &model.rows[r];
            let style = style_of(offset, row.meaning.role());
            let b = model.bytes[offset];
            spans.push(Span::styled(hex_pair(b), style));
            ascii_spans.push(Span::styled(ascii(b), style));
            let i = offset - start;
            if offset + 1 < end {
                let gap = if i % 8 == 7 { "  " } else { " " };
                // The gap inside a run takes the run's look, so a selection reads as one block.
                let gap_style = if offset + 1 < row.offset + row.len {
                    style
                } else if element.contains(&offset) && element.contains(&(offset + 1)) {
                    theme.text.patch(theme.element)
                } else {
                    theme.text
                };
                spans.push(Span::styled(gap, gap_style));
            }
        }
        let pad = ascii_bar_x(ow, per) - hex_x(ow, end - start - 1) - 2;
        spans.push(Span::styled(&SPACES[..pad.min(SPACES.len())], theme.text));
        ascii_spans.push(Span::styled("|", theme.dim));
        spans.append(&mut ascii_spans);
        out.push(Line::from(spans));
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The widget

/// The hex view: offsets, bytes coloured by role, ASCII, the meaning line, the element line and
/// a legend. The caller draws any border. A short area drops the legend first, then the
/// element line; a narrow one shows 8 or 4 bytes per line.
pub struct HexView<'a> {
    /// The document.
    pub model: &'a HexModel,
    /// Selection and scroll.
    pub state: &'a HexState,
    /// Styles.
    pub theme: &'a Theme,
}

impl Widget for HexView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let HexView {
            model,
            state,
            theme,
        } = self;
        let area = area.intersection(buf.area);
        if area.is_empty() {
            state.geometry.set(Geometry::default());
            return;
        }
        let footer = FOOTER.min(area.height - 1);
        let lines = Rect {
            height: area.height - footer,
            ..area
        };
        let per = model.bytes_per_line(area.width);
        let sel = state.run(model);
        let total = model.bytes.len().div_ceil(per);
        let height = usize::from(lines.height);
        let max_scroll = total.saturating_sub(height);
        let mut scroll = state.scroll.get();
        if !state.free_scroll.get() {
            let sel_line = model.rows[sel].offset / per;
            if sel_line < scroll {
                scroll = sel_line;
            } else if sel_line >= scroll + height {
                scroll = sel_line + 1 - height;
            }
        }
        let scroll = scroll.min(max_scroll);
        state.scroll.set(scroll);
        state.geometry.set(Geometry {
            lines,
            bytes_per_line: per,
            offset_width: model.offset_width(),
            first_line: scroll,
            max_scroll,
        });

        let shown = scroll..(scroll + height).min(total);
        for (y, line) in (lines.y..).zip(hex_lines(model, sel, theme, per, shown)) {
            buf.set_line(lines.x, y, &line, lines.width);
        }

        let width = usize::from(area.width);
        let mut y = lines.bottom();
        if footer >= 1 {
            let text = bounded(width, |w| write_meaning(model, state, w));
            buf.set_stringn(area.x, y, text, width, theme.text);
            y += 1;
        }
        if footer >= 2 {
            let text = bounded(width, |w| write_element(model, state, w));
            buf.set_stringn(area.x, y, text, width, theme.dim);
            y += 1;
        }
        if footer >= 3 {
            buf.set_line(area.x, y, &legend(theme), area.width);
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Cell as BufCell;
    use ratatui::style::Style;

    use super::*;
    use crate::bson::shell::FixedGenerator;
    use crate::bson::text::{Syntax, parse_document};
    use crate::bson::{Document, Value, encode_document, hex};

    const SEED: &str = "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 03 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00";

    fn seed() -> HexModel {
        HexModel::new(hex::decode(SEED).unwrap()).unwrap()
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
    fn seed_renders_offsets_hex_ascii_meaning_element_and_legend() {
        let model = seed();
        let state = HexState::default();
        assert_eq!(
            text(&render(&model, &state, 80, 7)),
            [
                "0000  24 00 00 00 10 5f 69 64  00 01 00 00 00 02 6e 61  |$...._id......na|",
                "0010  6d 65 00 03 00 00 00 41  6e 00 10 61 67 65 00 1e  |me.....An..age..|",
                "0020  00 00 00 00                                       |....|",
                "",
                "offset 0: document length = 0x24 = 36 bytes",
                "document · bytes 0–35 (36 bytes)",
                "length type key value subtype end",
            ]
        );
        assert_eq!(model.preferred_width(), 74);
    }

    #[test]
    fn a_byte_has_its_role_style_in_both_columns_and_the_selection_on_top() {
        let model = seed();
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
        let legend_y = 6;
        assert_eq!(buf[(0, legend_y)].style(), drawn(base(ByteRole::Length)));
        assert_eq!(buf[(7, legend_y)].style(), drawn(base(ByteRole::TypeByte)));
        assert_eq!(
            buf[(30, legend_y)].style(),
            drawn(base(ByteRole::Terminator))
        );
    }

    #[test]
    fn selecting_byte_19_explains_the_string_length() {
        let model = seed();
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
            lines[4],
            "offset 19: string length = 3 (counting the trailing NUL)"
        );
        assert_eq!(lines[5], "name · string · bytes 13–25 (13 bytes) · depth 0");
    }

    #[test]
    fn up_and_down_walk_the_top_level_elements() {
        let model = seed();
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
        let model = seed();
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
        let model = seed();
        let mut state = HexState::default();
        // Drawn at (2, 1) inside a larger buffer, as inside a border.
        let mut buf = Buffer::empty(Rect::new(0, 0, 84, 9));
        let theme = Theme::default();
        let area = Rect::new(2, 1, 80, 7);
        HexView {
            model: &model,
            state: &state,
            theme: &theme,
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
        let model = seed();
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
    fn long_meanings_are_cut_at_the_width() {
        let model = shell(&format!("{{ s: \"{}\" }}", "x".repeat(10_000)));
        let mut state = HexState::default();
        state.select_byte(&model, 11);
        assert!(meaning_line(&model, &state).len() > 10_000);
        let lines = text(&render(&model, &state, 60, 10));
        assert_eq!(lines[7].chars().count(), 60);
        assert!(lines[7].starts_with("offset 11: \"xxx"));
        assert!(lines[7].ends_with('…'));
    }

    #[test]
    fn short_areas_drop_the_legend_then_the_element_line() {
        let model = seed();
        let state = HexState::default();
        let lines = text(&render(&model, &state, 80, 3));
        assert_eq!(lines[1], "offset 0: document length = 0x24 = 36 bytes");
        assert_eq!(lines[2], "document · bytes 0–35 (36 bytes)");
        assert_eq!(
            text(&render(&model, &state, 80, 2))[1],
            "offset 0: document length = 0x24 = 36 bytes"
        );
        assert!(text(&render(&model, &state, 80, 1))[0].starts_with("0000  24"));
    }

    #[test]
    fn no_area_or_document_is_too_small() {
        let models = [seed(), HexModel::new(vec![5, 0, 0, 0, 0]).unwrap()];
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
}
