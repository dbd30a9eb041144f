//! Drawing: the hex and ASCII lines, the meaning, element and legend lines.

#[allow(clippy::wildcard_imports)]
use super::*;
use crate::strings::localize::one_other;
use crate::strings::safe::{escape_line, is_unsafe};
use crate::tui::playground::text::wrap;

/// The sentence under the bytes: `offset 19: string length = 3 (counting the trailing NUL)`.
///
/// # Examples
/// ```
/// use bson_tutor::tui::hex::{HexModel, HexState, meaning_line};
/// let model = HexModel::new(vec![0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0]).unwrap();
/// let mut state = HexState::default();
/// state.select_byte(&model, 8);
/// assert_eq!(meaning_line(&model, &state), "offset 7: value 1");
/// ```
pub fn meaning_line(model: &HexModel, state: &HexState) -> String {
    bounded(usize::MAX, |w| write_meaning_in(model, state, Lang::En, w))
}

/// The meaning line in `lang`: [`Meaning::write_in`] after the offset, written straight into
/// the bounded writer.
pub(super) fn write_meaning_in(
    model: &HexModel,
    state: &HexState,
    lang: Lang,
    w: &mut dyn fmt::Write,
) -> fmt::Result {
    let r = &model.rows[state.run(model)];
    write_trf(w, lang, "offset {offset}: ", &[&r.offset])?;
    r.meaning.write_in(lang, w)
}

/// The element the selected run belongs to:
/// `name · string · bytes 13–25 (13 bytes) · depth 0`, or `document · bytes 0–35 (36 bytes)`
/// on the top-level length prefix and NUL.
pub fn selected_element_line(model: &HexModel, state: &HexState) -> String {
    bounded(usize::MAX, |w| write_element_in(model, state, Lang::En, w))
}

pub(super) fn write_element_in(
    model: &HexModel,
    state: &HexState,
    lang: Lang,
    w: &mut dyn fmt::Write,
) -> fmt::Result {
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
            write_range(w, n.offset, n.len, lang)?;
            w.write_str(" · ")?;
            write_trf(w, lang, "depth {depth}", &[&n.depth])
        }
        None => {
            write!(w, "{} · ", tr(lang, "document"))?;
            write_range(w, 0, model.bytes.len(), lang)
        }
    }
}

pub(super) fn write_range(
    w: &mut dyn fmt::Write,
    offset: usize,
    len: usize,
    lang: Lang,
) -> fmt::Result {
    let last = offset + len.saturating_sub(1);
    let en = one_other(
        lang,
        u64::try_from(len).unwrap_or(u64::MAX),
        "bytes {first}–{last} ({len} byte)",
        "bytes {first}–{last} ({len} bytes)",
    );
    write_trf(w, lang, en, &[&offset, &last, &len])
}

/// Text written through `f`, control characters escaped (`\u{1b}`), cut at `max` characters
/// with an ellipsis: a 100 KB string's meaning costs the width of the screen, not the string.
pub(super) fn bounded(max: usize, f: impl FnOnce(&mut dyn fmt::Write) -> fmt::Result) -> String {
    struct Cut {
        text: String,
        left: usize,
    }
    impl Cut {
        fn push(&mut self, c: char) -> fmt::Result {
            if self.left == 0 {
                self.text.pop();
                self.text.push('…');
                return Err(fmt::Error);
            }
            self.left -= 1;
            self.text.push(c);
            Ok(())
        }
    }
    impl fmt::Write for Cut {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            for c in s.chars() {
                if is_unsafe(c) {
                    // A key or a string of the document may hold an ESC: shown, not obeyed.
                    for e in escape_line(c.encode_utf8(&mut [0; 4])).chars() {
                        self.push(e)?;
                    }
                } else {
                    self.push(c)?;
                }
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

/// [`legend`] in `lang`.
pub fn legend(theme: &Theme, lang: Lang) -> Line<'static> {
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
        spans.push(Span::styled(
            tr(lang, name),
            theme.text.patch(theme.roles.of(role)),
        ));
    }
    Line::from(spans)
}

// ---------------------------------------------------------------------------------------------
// Hex lines

/// `"000102...ff"`: every byte's two hex digits, sliced instead of formatted.
pub(super) const HEX_PAIRS: &str = {
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
pub(super) const PRINTABLE: &str = {
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

pub(super) const SPACES: &str = "                                                                ";

pub(super) fn hex_pair(b: u8) -> &'static str {
    let i = 2 * usize::from(b);
    &HEX_PAIRS[i..i + 2]
}

pub(super) fn ascii(b: u8) -> &'static str {
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
        let start = line.saturating_mul(per);
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

/// Draws a line of ASCII spans cell by cell up to column `right`: what [`Buffer::set_line`]
/// does, without its grapheme segmentation, which costs more than the rest of the frame.
pub(super) fn put_ascii_line(buf: &mut Buffer, x: u16, y: u16, line: &Line<'_>, right: u16) {
    let mut x = x;
    for span in line {
        if !span.content.is_ascii() {
            x = buf.set_span(x, y, span, right.saturating_sub(x)).0;
            continue;
        }
        let style = line.style.patch(span.style);
        for c in span.content.chars() {
            if x >= right {
                return;
            }
            buf[(x, y)].set_char(c).set_style(style);
            x += 1;
        }
    }
}

/// The lines under the bytes at `width` columns, most needed first: the meaning of the
/// selected run (wrapped, up to three lines), the element it belongs to (wrapped, up to two)
/// and the legend (wrapped between its names). A line that cannot hold the rest ends in `…`.
pub fn footer(
    model: &HexModel,
    state: &HexState,
    theme: &Theme,
    lang: Lang,
    width: usize,
) -> [Vec<Line<'static>>; 3] {
    let wrapped = |max_lines: usize, style, write: &dyn Fn(&mut dyn fmt::Write) -> fmt::Result| {
        // Enough characters for the lines shown and one more, so the last can say `…`.
        let text = bounded(max_lines * (width + 1) + 1, |w| write(w));
        wrap(&text, width, max_lines)
            .into_iter()
            .map(|l| Line::styled(l, style))
            .collect::<Vec<_>>()
    };
    let meaning = wrapped(3, theme.text, &|w| write_meaning_in(model, state, lang, w));
    let element = wrapped(2, theme.dim, &|w| write_element_in(model, state, lang, w));
    // The legend breaks between its names, never inside one.
    let mut legend: Vec<Line<'static>> = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for span in super::legend(theme, lang).spans {
        let w = span.width();
        if span.content == " " {
            continue;
        }
        if used > 0 && used + 1 + w > width {
            legend.push(Line::from(std::mem::take(&mut line)));
            used = 0;
        }
        if used > 0 {
            line.push(Span::styled(" ", theme.text));
            used += 1;
        }
        line.push(span);
        used += w;
    }
    if !line.is_empty() {
        legend.push(Line::from(line));
    }
    [meaning, element, legend]
}

/// Rows the hex view needs at `width` columns to show every byte line and, with `full`, the
/// element line and the legend as well as the meaning (without, the meaning only).
pub fn rows_wanted(
    model: &HexModel,
    state: &HexState,
    lang: Lang,
    width: u16,
    full: bool,
) -> usize {
    let per = model.bytes_per_line(width);
    let lines = model.bytes.len().div_ceil(per.max(1));
    let [meaning, element, legend] = footer(model, state, &Theme::default(), lang, width.into());
    let extra = if full {
        element.len() + legend.len()
    } else {
        0
    };
    lines + meaning.len() + extra
}

/// The hex view: offsets, bytes coloured by role, ASCII, and under them the meaning of the
/// selected run, its element and a legend ([`footer`]). The caller draws any border. Every
/// byte line and the meaning come first: the element line and the legend are drawn when
/// every byte line still fits beside them (or at least four do, for a long document); a
/// narrow area shows 8 or 4 bytes per line.
pub struct HexView<'a> {
    /// The document.
    pub model: &'a HexModel,
    /// Selection and scroll.
    pub state: &'a HexState,
    /// Styles.
    pub theme: &'a Theme,
    /// The language of the meaning, element and legend lines.
    pub lang: Lang,
}

/// Byte lines that a long document keeps on screen before the element line and the legend.
const KEEP_LINES: usize = 4;

impl Widget for HexView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let HexView {
            model,
            state,
            theme,
            lang,
        } = self;
        let area = area.intersection(buf.area);
        if area.is_empty() {
            state.geometry.set(Geometry::default());
            return;
        }
        let per = model.bytes_per_line(area.width);
        let total = model.bytes.len().div_ceil(per);
        let height = usize::from(area.height);
        let [meaning, element, legend] = footer(model, state, theme, lang, area.width.into());
        // The meaning first (one byte line always stays), then the others while the byte
        // lines keep their room.
        let mut below: Vec<Line<'static>> = meaning;
        below.truncate(height - 1);
        for group in [element, legend] {
            let left = (height - below.len()).saturating_sub(group.len());
            if left >= total.clamp(1, KEEP_LINES) {
                below.extend(group);
            }
        }
        let rows = (height - below.len()).min(total).max(1);
        let lines = Rect {
            height: u16::try_from(rows).unwrap_or(area.height),
            ..area
        };
        let sel = state.run(model);
        let max_scroll = total.saturating_sub(rows);
        let mut scroll = state.scroll.get();
        if !state.free_scroll.get() {
            let sel_line = model.rows[sel].offset / per;
            if sel_line < scroll {
                scroll = sel_line;
            } else if sel_line >= scroll + rows {
                scroll = sel_line + 1 - rows;
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

        let shown = scroll..(scroll + rows).min(total);
        for (y, line) in (lines.y..).zip(hex_lines(model, sel, theme, per, shown)) {
            put_ascii_line(buf, lines.x, y, &line, lines.right());
        }
        for (y, line) in (lines.bottom()..area.bottom()).zip(below) {
            buf.set_line(area.x, y, &line, area.width);
        }
    }
}

/// A document's bytes drawn in the panel `area` (its border drawn already, `inner` inside
/// it) with the scroll marks on the border; or, when it has no bytes, why, wrapped in the
/// error style. The lessons', the playground's and the console's hex panels draw this.
pub fn render_model(
    model: &Result<HexModel, String>,
    state: &HexState,
    theme: &Theme,
    lang: Lang,
    (area, inner): (Rect, Rect),
    buf: &mut Buffer,
) {
    match model {
        Ok(model) => {
            HexView {
                model,
                state,
                theme,
                lang,
            }
            .render(inner, buf);
            crate::tui::view::marks::scroll_marks(theme, lang, area, state.hidden_lines(), buf);
        }
        Err(e) => {
            let lines = wrap(e, usize::from(inner.width), usize::from(inner.height));
            for (y, line) in (inner.top()..inner.bottom()).zip(lines) {
                buf.set_string(inner.x, y, line, theme.error);
            }
        }
    }
}
