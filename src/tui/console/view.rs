//! Drawing the console panel from a borrowed [`ConsolePanel`]: the transcript (the selected
//! document's lines marked), the prompt, and the opened document's bytes beside them on a
//! wide screen or under the transcript on a narrow one. The layout is one pure function of
//! the state and the area, so scrolling, the cursor and clicks agree with what was drawn.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line as TextLine, Span};
use ratatui::widgets::{Block, Widget};
use unicode_width::UnicodeWidthChar;

use super::{ConsoleFocus, ConsolePanel, Role};
use crate::lesson::i18n::Lang;
use crate::strings::{tr, trf};
use crate::tui::hex;
use crate::tui::playground::text::wrap;
use crate::tui::playground::view::bordered;
use crate::tui::theme::Theme;
use crate::tui::view::marks::scroll_marks;

/// The console panel drawn in the area given (the whole screen but the status bar).
pub struct ConsoleView<'a> {
    /// The state drawn.
    pub panel: &'a ConsolePanel,
    /// Styles.
    pub theme: &'a Theme,
    /// The language of the labels.
    pub lang: Lang,
}

/// Rows of the bordered prompt line.
const INPUT_HEIGHT: u16 = 3;

/// Width from which the bytes go beside the transcript rather than under it.
const SIDE_BY_SIDE: u16 = 150;

/// Where each part goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Areas {
    pub(crate) transcript: Rect,
    pub(crate) hex: Rect,
    pub(crate) input: Rect,
}

/// One line on screen: a piece of a transcript line.
pub(crate) struct Row {
    text: String,
    role: Role,
    /// The transcript line it is a piece of (numbered from the session's first).
    line: usize,
}

/// `text` cut into pieces of at most `width` cells (a character wider than the width gets
/// a piece of its own).
fn pieces(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = vec![String::new()];
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width && used > 0 {
            out.push(String::new());
            used = 0;
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
        used += w;
    }
    out
}

impl ConsolePanel {
    /// The parts of a panel drawn in `area`.
    pub(crate) fn areas(&self, area: Rect, lang: Lang) -> Areas {
        let input_rows = INPUT_HEIGHT.min(area.height);
        let input = Rect {
            y: area.bottom() - input_rows,
            height: input_rows,
            ..area
        };
        let above = Rect {
            height: area.height - input_rows,
            ..area
        };
        let Some(opened) = &self.opened else {
            return Areas {
                transcript: above,
                hex: Rect::default(),
                input,
            };
        };
        if area.width >= SIDE_BY_SIDE {
            let want = match &opened.model {
                Ok(model) => model.preferred_width() + 2,
                Err(_) => 50,
            };
            let width = want.min(area.width / 2);
            let left = Rect {
                width: area.width - width,
                ..area
            };
            return Areas {
                transcript: Rect {
                    height: above.height,
                    ..left
                },
                hex: Rect {
                    x: left.right(),
                    width,
                    ..area
                },
                input: Rect {
                    width: left.width,
                    ..input
                },
            };
        }
        let inner = above.width.saturating_sub(2);
        let wanted = match &opened.model {
            Ok(model) => {
                let full = hex::rows_wanted(model, &opened.state, lang, inner, true);
                let short = hex::rows_wanted(model, &opened.state, lang, inner, false);
                let cap = usize::from(above.height / 2).max(4);
                (if full + 2 <= cap { full } else { short }) + 2
            }
            Err(e) => wrap(e, usize::from(inner), 3).len() + 2,
        };
        let rows = u16::try_from(wanted)
            .unwrap_or(u16::MAX)
            .min(above.height / 2 + 2)
            .min(above.height);
        Areas {
            transcript: Rect {
                height: above.height - rows,
                ..above
            },
            hex: Rect {
                y: above.y + above.height - rows,
                height: rows,
                ..above
            },
            input,
        }
    }

    /// The transcript's lines cut to fit a transcript `width` cells wide (its first column
    /// marks the selected document's lines), oldest first.
    pub(crate) fn rows(&self, width: usize) -> Vec<Row> {
        let width = width.saturating_sub(1);
        let mut out = Vec::new();
        for (i, line) in self.lines.iter().enumerate() {
            for text in pieces(&line.text, width) {
                out.push(Row {
                    text,
                    role: line.role,
                    line: self.first_line + i,
                });
            }
        }
        out
    }

    /// The rows shown in a transcript `height` rows high, out of `total`: `start..end`.
    fn window(&self, total: usize, height: usize) -> (usize, usize) {
        let scroll = self.scroll.min(total.saturating_sub(height));
        let end = total - scroll;
        (end.saturating_sub(height), end)
    }

    /// Scrolls the transcript of a panel drawn in `area` by `delta` rows (negative: up).
    pub fn scroll_by(&mut self, delta: isize, area: Rect, lang: Lang) {
        let t = Block::bordered().inner(self.areas(area, lang).transcript);
        let total = self.rows(usize::from(t.width)).len();
        let max = total.saturating_sub(usize::from(t.height));
        self.scroll = self.scroll.min(max).saturating_add_signed(-delta).min(max);
    }

    /// Scrolls by pages of the transcript's height.
    pub fn scroll_pages(&mut self, pages: isize, area: Rect, lang: Lang) {
        let t = Block::bordered().inner(self.areas(area, lang).transcript);
        let page = t.height.saturating_sub(1).max(1) as isize;
        self.scroll_by(pages * page, area, lang);
    }

    /// Scrolls so that the selected document's first line shows.
    pub fn reveal_selected(&mut self, area: Rect, lang: Lang) {
        let Some(lines) = self.selected_lines() else {
            return;
        };
        let t = Block::bordered().inner(self.areas(area, lang).transcript);
        let rows = self.rows(usize::from(t.width));
        let height = usize::from(t.height);
        let Some(first) = rows.iter().position(|r| r.line == lines.start) else {
            return;
        };
        let last = rows
            .iter()
            .rposition(|r| lines.contains(&r.line))
            .unwrap_or(first);
        let (start, end) = self.window(rows.len(), height);
        if first < start {
            self.scroll = rows.len() - (first + height).min(rows.len());
        } else if last >= end {
            // Its end shows, or its start when it is taller than the panel.
            let bottom = (last + 1).min(first + height);
            self.scroll = rows.len() - bottom;
        }
    }

    /// Where the terminal cursor goes while the prompt has the keys, for a panel drawn in
    /// `area`.
    pub fn cursor_position(&self, area: Rect, lang: Lang) -> Option<Position> {
        if self.focus != ConsoleFocus::Input || self.running {
            return None;
        }
        let inner = Block::bordered().inner(self.areas(area, lang).input);
        if inner.width == 0 || inner.height == 0 {
            return None;
        }
        let prompt = unicode_width::UnicodeWidthStr::width(self.prompt().as_str());
        let room = usize::from(inner.width).saturating_sub(prompt).max(1);
        let (_, column) = self.input.window(room);
        let x = (prompt + column).min(usize::from(inner.width) - 1);
        Some(Position::new(
            inner.x + u16::try_from(x).unwrap_or(0),
            inner.y,
        ))
    }

    /// A click at a screen cell of a panel drawn in `area`: the keys go to the part under
    /// it; a byte clicked is selected.
    pub fn click(&mut self, area: Rect, lang: Lang, column: u16, row: u16) {
        let areas = self.areas(area, lang);
        let at = Position::new(column, row);
        if areas.input.contains(at) {
            self.focus = ConsoleFocus::Input;
        } else if areas.hex.contains(at) {
            self.focus = ConsoleFocus::Hex;
            self.hex_click(column, row);
        } else if areas.transcript.contains(at) {
            self.focus = ConsoleFocus::Transcript;
        }
    }

    /// The mouse wheel at a screen cell: the bytes or the transcript scroll.
    pub fn wheel(&mut self, area: Rect, lang: Lang, column: u16, row: u16, lines: i32) {
        let areas = self.areas(area, lang);
        if areas.hex.contains(Position::new(column, row)) {
            self.hex_scroll(lines);
        } else {
            self.scroll_by(lines as isize, area, lang);
        }
    }
}

impl Widget for ConsoleView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let areas = self.panel.areas(area, self.lang);
        self.render_transcript(areas.transcript, buf);
        self.render_hex(areas.hex, buf);
        self.render_input(areas.input, buf);
    }
}

impl ConsoleView<'_> {
    fn style(&self, role: Role) -> Style {
        let theme = self.theme;
        match role {
            Role::Input => theme.code,
            Role::Output => theme.text,
            Role::Warning => theme.hint,
            Role::Error => theme.error,
            Role::Note => theme.dim,
        }
    }

    fn render_transcript(&self, area: Rect, buf: &mut Buffer) {
        if area.height < 2 {
            return;
        }
        let (p, theme, lang) = (self.panel, self.theme, self.lang);
        let count = p.shown.len();
        let title = match p.selected() {
            Some(n) => trf(
                lang,
                "Console · document {n} of {count} (Enter: bytes)",
                &[&(n + 1), &count],
            ),
            None if count > 0 => trf(lang, "Console · {count} documents (↑↓ select)", &[&count]),
            None => tr(lang, "Console").to_owned(),
        };
        let block = bordered(&title, p.focus == ConsoleFocus::Transcript, theme);
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = p.rows(usize::from(inner.width));
        let (start, end) = p.window(rows.len(), usize::from(inner.height));
        let marked = p.selected_lines();
        for (y, row) in (inner.y..).zip(&rows[start..end]) {
            let mut style = self.style(row.role);
            if marked.as_ref().is_some_and(|r| r.contains(&row.line)) {
                // Marked in the gutter too, for a theme without colours.
                buf.set_string(inner.x, y, "▌", theme.title);
                style = style.patch(theme.selected);
                buf.set_style(
                    Rect::new(inner.x + 1, y, inner.width - 1, 1),
                    theme.selected,
                );
            }
            let room = usize::from(inner.width.saturating_sub(1));
            buf.set_stringn(inner.x + 1, y, &row.text, room, style);
        }
        if rows.is_empty() {
            let welcome = tr(
                lang,
                "mongosh over the tutorial's engine: type JavaScript and press Enter (try db.t.insertOne({ a: 1 }) then db.t.find()). Tab completes, ↑ recalls, Esc leaves the prompt.",
            );
            for (y, line) in (inner.y..inner.bottom()).zip(wrap(
                welcome,
                usize::from(inner.width),
                usize::from(inner.height),
            )) {
                buf.set_string(inner.x, y, line, theme.dim);
            }
        }
        scroll_marks(theme, lang, area, (start, rows.len() - end), buf);
    }

    fn render_hex(&self, area: Rect, buf: &mut Buffer) {
        let Some(opened) = &self.panel.opened else {
            return;
        };
        if area.height < 2 {
            return;
        }
        let (theme, lang) = (self.theme, self.lang);
        let focused = self.panel.focus == ConsoleFocus::Hex;
        let title = match &opened.model {
            Ok(model) => trf(
                lang,
                "Bytes of document {n} · {size} bytes",
                &[
                    &(opened.number - self.panel.first_shown + 1),
                    &model.bytes().len(),
                ],
            ),
            Err(_) => trf(
                lang,
                "Bytes of document {n}",
                &[&(opened.number.saturating_sub(self.panel.first_shown) + 1)],
            ),
        };
        let block = bordered(&title, focused, theme);
        let inner = block.inner(area);
        block.render(area, buf);
        hex::render_model(
            &opened.model,
            &opened.state,
            theme,
            lang,
            (area, inner),
            buf,
        );
    }

    fn render_input(&self, area: Rect, buf: &mut Buffer) {
        let (p, theme, lang) = (self.panel, self.theme, self.lang);
        let title = if p.running {
            tr(lang, "running… (Ctrl-C stops it)")
        } else {
            // The program's name, the same in every language.
            "mongosh"
        };
        let block = bordered(title, p.focus == ConsoleFocus::Input, theme);
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.height == 0 {
            return;
        }
        let prompt = p.prompt();
        let width = unicode_width::UnicodeWidthStr::width(prompt.as_str());
        let room = usize::from(inner.width).saturating_sub(width).max(1);
        let (shown, _) = p.input.window(room);
        let line = TextLine::from(vec![
            Span::styled(prompt, theme.code),
            Span::styled(shown.to_owned(), theme.text),
        ]);
        buf.set_line(inner.x, inner.y, &line, inner.width);
    }
}
