//! Drawing the playground from a borrowed [`Playground`]: the document line, the engine's
//! answers (or the parse error with its caret), the bytes, the filter line and the collection
//! with a verdict per document. The layout is one pure function of the state and the area, so
//! the cursor position and mouse clicks agree with what was drawn.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::text::{fit, width_capped, window, wrap};
use super::{FilterReading, Notice, Playground, PlaygroundFocus, Results, Verdict};
use crate::bson::ParseError;
use crate::bson::text::Syntax;
use crate::lesson::i18n::Lang;
use crate::strings::localize::Localize;
use crate::strings::{tr, trf};
use crate::tui::input::TextInput;
use crate::tui::theme::Theme;
use crate::tui::view::marks::scroll_marks;

/// The playground drawn in the area given (the whole screen but the status bar).
pub struct PlaygroundView<'a> {
    /// The state drawn.
    pub playground: &'a Playground,
    /// Styles.
    pub theme: &'a Theme,
    /// The language of the labels.
    pub lang: Lang,
}

/// Rows of a bordered one-line input.
const INPUT_HEIGHT: u16 = 3;
/// Rows the results and the bytes keep before the collection gets more (36 bytes in full),
/// or three fifths of the height on a small screen.
const BODY_MIN: u16 = 12;
/// Rows the bytes should get before the collection is laid out in full.
const HEX_WANT: u16 = 8;
/// Width of the labels before the results.
const LABEL_WIDTH: usize = 10;

/// A label padded to the label column by display width (labels may be Chinese).
fn label_cell(label: &str, cell: usize) -> String {
    format!(" {}", crate::strings::pad(label, cell))
}

/// The results' labels, in English (the keys of their translations).
const RESULT_LABELS: [&str; 5] = ["size", "canonical", "relaxed", "shell", "warning"];

/// Columns of the label cell in `lang`: [`LABEL_WIDTH`], or more when a translated label
/// needs it, always with a space before the value.
fn label_width(lang: Lang) -> usize {
    RESULT_LABELS
        .iter()
        .map(|l| unicode_width::UnicodeWidthStr::width(tr(lang, l)) + 1)
        .fold(LABEL_WIDTH, usize::max)
}
/// Reason lines of one document when the list has room for all of them (the selected
/// document's reason is shown whole).
const REASON_LINES: usize = 3;
/// Lines each Extended JSON or shell view wraps to at most.
const VALUE_LINES: usize = 4;
/// Rows the bytes keep when the results wrap: the border and one line (the bytes scroll,
/// the views do not).
const HEX_MIN: u16 = 3;

/// Where each panel goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Areas {
    document: Rect,
    /// Size, Extended JSON, shell printing and warnings.
    results: Rect,
    hex: Rect,
    filter: Rect,
    collection: Rect,
}

impl Areas {
    /// The results and the bytes together: where a parse error goes.
    fn body(&self) -> Rect {
        self.results.union(self.hex)
    }
}

/// One line of the collection panel, with the document it belongs to.
struct ListLine {
    line: Line<'static>,
    entry: Option<usize>,
}

/// A bordered panel titled `title`, its border lit when it has the keys (the console's
/// panels too).
pub(crate) fn bordered<'a>(title: &'a str, focused: bool, theme: &Theme) -> Block<'a> {
    Block::bordered()
        .border_style(if focused {
            theme.focus_border
        } else {
            theme.border
        })
        .title(Span::styled(format!(" {title} "), theme.title))
}

/// `rows` rows of `area` starting at its top, and what is left below.
fn take_top(area: Rect, rows: u16) -> (Rect, Rect) {
    let rows = rows.min(area.height);
    let top = Rect {
        height: rows,
        ..area
    };
    let rest = Rect {
        y: area.y + rows,
        height: area.height - rows,
        ..area
    };
    (top, rest)
}

fn inner_width(area: Rect) -> usize {
    usize::from(area.width.saturating_sub(2))
}

impl Playground {
    fn areas(&self, area: Rect) -> Areas {
        let (document, rest) = take_top(area, INPUT_HEIGHT);
        let rem = rest.height.saturating_sub(INPUT_HEIGHT);
        let width = inner_width(area);
        let header = u16::try_from(self.header_lines(&Theme::default(), width).len()).unwrap_or(0);
        let entries = u16::try_from(self.entries.len()).unwrap_or(u16::MAX);
        let expanded = header
            .saturating_add(u16::try_from(self.expanded_rows(width)).unwrap_or(u16::MAX))
            .saturating_add(2);
        // One row per document, and a few for the selected reason and the first others.
        let compact = header.saturating_add(entries.max(1)).saturating_add(2 + 2);
        let results_want = 4 + u16::try_from(self.warnings().len().min(2)).unwrap_or(2);
        let collection = if rem >= expanded.saturating_add(results_want + HEX_WANT) {
            expanded
        } else {
            let three_fifths = u16::try_from(u32::from(rem) * 3 / 5).unwrap_or(rem);
            compact.min(rem - BODY_MIN.min(three_fifths))
        };
        let body_rows = rem - collection;
        // The Extended JSON and shell views wrap, as many lines each as leave the bytes
        // their rows.
        let results_rows = (1..=VALUE_LINES)
            .rev()
            .map(|n| {
                self.result_lines(&Theme::default(), area.width.into(), n)
                    .len()
            })
            .map(|n| u16::try_from(n).unwrap_or(u16::MAX))
            .find(|&n| n + HEX_MIN <= body_rows)
            .unwrap_or(results_want);
        let (body, rest) = take_top(rest, body_rows);
        let (results, hex) = take_top(body, results_rows);
        let (filter, rest) = take_top(rest, INPUT_HEIGHT);
        let (collection, _) = take_top(rest, collection);
        Areas {
            document,
            results,
            hex,
            filter,
            collection,
        }
    }

    /// Where the terminal cursor goes when the document or filter line has the focus, for a
    /// playground drawn in `area` (`frame.set_cursor_position`).
    pub fn cursor_position(&self, area: Rect) -> Option<Position> {
        let areas = self.areas(area);
        let (rect, input) = match self.focus {
            PlaygroundFocus::Document => (areas.document, &self.document),
            PlaygroundFocus::Filter => (areas.filter, &self.filter),
            PlaygroundFocus::Hex | PlaygroundFocus::Collection => return None,
        };
        let inner = Block::bordered().inner(rect);
        if inner.width == 0 || inner.height == 0 {
            return None;
        }
        let (_, column) = window(input.text(), input.cursor(), usize::from(inner.width));
        let column = u16::try_from(column).unwrap_or(0);
        Some(Position::new(inner.x + column, inner.y))
    }

    /// A mouse click at a screen cell of a playground drawn in `area`: focuses the panel under
    /// it, selects the document or byte clicked. Returns whether it hit a panel.
    pub fn click(&mut self, area: Rect, column: u16, row: u16) -> bool {
        let areas = self.areas(area);
        let at = Position::new(column, row);
        if areas.document.contains(at) {
            self.focus = PlaygroundFocus::Document;
        } else if areas.filter.contains(at) {
            self.focus = PlaygroundFocus::Filter;
        } else if areas.hex.contains(at) && self.hex_model().is_some() {
            self.focus = PlaygroundFocus::Hex;
            self.hex_click(column, row);
        } else if areas.collection.contains(at) {
            self.focus = PlaygroundFocus::Collection;
            let inner = Block::bordered().inner(areas.collection);
            let lines = self.list_lines(&Theme::default(), inner);
            if let Some(index) = row
                .checked_sub(inner.y)
                .and_then(|i| lines.get(usize::from(i)))
                .and_then(|l| l.entry)
            {
                self.selected = index;
            }
        } else {
            return false;
        }
        true
    }

    /// The size, Extended JSON, shell and warning rows at `width` columns: each value wrapped
    /// under itself to at most `max_lines` lines (the last ending in `…` when it goes on).
    fn result_lines(&self, theme: &Theme, width: usize, max_lines: usize) -> Vec<Line<'static>> {
        let lang = self.lang;
        let cell = label_width(lang);
        let room = width.saturating_sub(1 + cell);
        let mut lines = Vec::new();
        let mut row = |label: &'static str, value: &str, style: Style, max: usize| {
            let mut parts = wrap(value, room, max).into_iter();
            lines.push(Line::from(vec![
                Span::styled(label_cell(tr(lang, label), cell), theme.dim),
                Span::styled(parts.next().unwrap_or_default(), style),
            ]));
            for part in parts {
                lines.push(Line::from(vec![
                    Span::raw(" ".repeat(1 + cell)),
                    Span::styled(part, style),
                ]));
            }
        };
        match self.analysis().map(|a| &a.bytes) {
            Some(Ok(model)) => row(
                "size",
                &format!("{} {}", model.bytes().len(), tr(lang, "bytes")),
                theme.code,
                1,
            ),
            Some(Err(e)) => row("size", e, theme.error, max_lines),
            None => row("size", "", theme.dim, 1),
        }
        row(
            "canonical",
            self.canonical().unwrap_or_default(),
            theme.code,
            max_lines,
        );
        row(
            "relaxed",
            self.relaxed().unwrap_or_default(),
            theme.code,
            max_lines,
        );
        row(
            "shell",
            self.shell().unwrap_or_default(),
            theme.code,
            max_lines,
        );
        let warnings = self.warnings();
        for (i, w) in warnings.iter().take(2).enumerate() {
            let more = if i == 1 && warnings.len() > 2 {
                trf(lang, " (+{n} more)", &[&(warnings.len() - 2)])
            } else {
                String::new()
            };
            let w = w.to_string_in(lang);
            row("warning", &format!("{w}{more}"), theme.hint, 1);
        }
        lines
    }

    /// The lines above the list: the last add or remove, and what is wrong with the filter.
    fn header_lines(&self, theme: &Theme, width: usize) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        // While evaluating, the document line's title says so; the layout stays put.
        if let Results::Stopped(why) = &self.results {
            lines.extend(
                wrap(why, width, 2)
                    .into_iter()
                    .map(|l| Line::styled(l, theme.error)),
            );
        }
        match &self.notice {
            Some(Notice::Done(done)) => lines.push(Line::styled(fit(done, width), theme.hint)),
            Some(Notice::Refused(refused)) => lines.extend(
                wrap(refused, width, 2)
                    .into_iter()
                    .map(|l| Line::styled(l, theme.error)),
            ),
            None => {}
        }
        match &self.filter_reading {
            FilterReading::Unparsed(e) => {
                lines.extend(
                    wrap(&format!("filter: {}", e.display_in(self.lang)), width, 2)
                        .into_iter()
                        .map(|l| Line::styled(l, theme.error)),
                );
                lines.extend(caret_lines(e, width, theme));
            }
            FilterReading::Refused(e) => lines.extend(
                wrap(&trf(self.lang, "not a filter: {error}", &[&e]), width, 2)
                    .into_iter()
                    .map(|l| Line::styled(l, theme.error)),
            ),
            FilterReading::Valid { warnings, .. } => {
                if let Some(w) = warnings.first() {
                    lines.push(Line::styled(
                        fit(
                            &format!("{}{}", tr(self.lang, "warning: "), w.display_in(self.lang)),
                            width,
                        ),
                        theme.hint,
                    ));
                }
            }
        }
        lines
    }

    /// The width of the documents' column: the longest rejected document (the others have no
    /// reason beside them), at most half the width (the reasons need the rest).
    fn document_column(&self, width: usize) -> usize {
        let room = width.saturating_sub(2);
        self.entries
            .iter()
            .filter(|e| matches!(e.verdict, Verdict::Rejected(_)))
            .map(|e| width_capped(&e.shell, room))
            .max()
            .unwrap_or(0)
            .min(room / 2)
    }

    /// Width of the reasons' column.
    fn reason_column(&self, width: usize) -> usize {
        width.saturating_sub(2 + self.document_column(width) + 2)
    }

    /// Rows each document needs for its reason in full (up to [`REASON_LINES`]).
    fn rows_needed(&self, width: usize) -> Vec<usize> {
        let reasons = self.reason_column(width);
        self.entries
            .iter()
            .map(|e| match &e.verdict {
                Verdict::Rejected(why) => wrap(why, reasons, REASON_LINES).len().max(1),
                _ => 1,
            })
            .collect()
    }

    /// Rows the list takes with every reason in full.
    fn expanded_rows(&self, width: usize) -> usize {
        self.rows_needed(width).iter().sum::<usize>().max(1)
    }

    /// Rows each document gets in `rows`: one each, then the selected document's reason in
    /// full, then the others' in list order while rows are left.
    fn rows_given(&self, width: usize, rows: usize) -> Vec<usize> {
        let mut needed = self.rows_needed(width);
        // The selected document's reason whole, however long.
        if let Some(Verdict::Rejected(why)) = self.entries.get(self.selected).map(|e| &e.verdict) {
            needed[self.selected] = wrap(why, self.reason_column(width), rows.max(1))
                .len()
                .max(1);
        }
        let mut given = vec![1; needed.len()];
        let mut spare = rows.saturating_sub(needed.len());
        if let Some(&need) = needed.get(self.selected) {
            // The selected reason is shown in full even if the list must scroll for it.
            given[self.selected] = need.min(rows.max(1));
            spare = spare.saturating_sub(given[self.selected] - 1);
        }
        for (i, need) in needed.iter().enumerate() {
            if i != self.selected {
                let extra = (need - 1).min(spare);
                given[i] += extra;
                spare -= extra;
            }
        }
        given
    }

    /// The lines of the collection panel's inner area, each with its document.
    fn list_lines(&self, theme: &Theme, inner: Rect) -> Vec<ListLine> {
        let width = usize::from(inner.width);
        let height = usize::from(inner.height);
        let mut out: Vec<ListLine> = self
            .header_lines(theme, width)
            .into_iter()
            .map(|line| ListLine { line, entry: None })
            .collect();
        if self.entries.is_empty() {
            out.push(ListLine {
                line: Line::styled(
                    fit("empty: Enter on the document line inserts it", width),
                    theme.dim,
                ),
                entry: None,
            });
            out.truncate(height);
            return out;
        }
        let rows = height.saturating_sub(out.len());
        let doc_column = self.document_column(width);
        let reasons = self.reason_column(width);
        let given = self.rows_given(width, rows);
        // Scroll as little as keeps the selected document's lines in view.
        let mut first = self.selected.min(given.len() - 1);
        let mut used = given[first];
        while first > 0 && used + given[first - 1] <= rows {
            first -= 1;
            used += given[first];
        }
        let mut list = Vec::new();
        for (index, entry) in self.entries.iter().enumerate().skip(first) {
            if list.len() >= rows {
                break;
            }
            let (marker, marker_style) = match entry.verdict {
                Verdict::Matches => ("✓ ", theme.right),
                Verdict::Rejected(_) => ("✗ ", theme.wrong),
                Verdict::Undecided => ("  ", theme.dim),
            };
            let mut spans = vec![Span::styled(marker, marker_style)];
            let Verdict::Rejected(why) = &entry.verdict else {
                spans.push(Span::styled(
                    fit(&entry.shell, width.saturating_sub(2)),
                    theme.code,
                ));
                list.push(ListLine {
                    line: Line::from(spans),
                    entry: Some(index),
                });
                continue;
            };
            let shown = fit(&entry.shell, doc_column);
            let pad = doc_column.saturating_sub(width_capped(&shown, doc_column));
            spans.push(Span::styled(shown, theme.code));
            spans.push(Span::raw(" ".repeat(pad + 2)));
            let mut lines = wrap(why, reasons, given[index]);
            if lines.is_empty() {
                lines.push(String::new());
            }
            for (i, reason) in lines.into_iter().enumerate() {
                if i > 0 {
                    spans = vec![Span::raw(" ".repeat(2 + doc_column + 2))];
                }
                spans.push(Span::styled(reason, theme.dim));
                list.push(ListLine {
                    line: Line::from(std::mem::take(&mut spans)),
                    entry: Some(index),
                });
            }
        }
        list.truncate(rows);
        out.extend(list);
        out
    }
}

/// The source line around the error and a caret under its column.
fn caret_lines(e: &ParseError, width: usize, theme: &Theme) -> [Line<'static>; 2] {
    let at = e
        .source_line
        .char_indices()
        .nth(e.source_column.saturating_sub(1))
        .map_or(e.source_line.len(), |(i, _)| i);
    let (shown, column) = window(&e.source_line, at, width);
    [
        Line::styled(shown.to_owned(), theme.code),
        Line::styled(format!("{}^", " ".repeat(column)), theme.error),
    ]
}

fn render_lines<'a>(lines: impl IntoIterator<Item = Line<'a>>, area: Rect, buf: &mut Buffer) {
    for (line, y) in lines.into_iter().zip(area.top()..area.bottom()) {
        line.render(
            Rect {
                y,
                height: 1,
                ..area
            },
            buf,
        );
    }
}

impl PlaygroundView<'_> {
    fn render_input(
        &self,
        area: Rect,
        buf: &mut Buffer,
        block: Block<'_>,
        input: &TextInput,
        focused: bool,
        placeholder: &str,
    ) {
        let theme = self.theme;
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.width == 0 || inner.height == 0 {
            return;
        }
        let width = usize::from(inner.width);
        let (shown, column) = window(input.text(), input.cursor(), width);
        let line = if input.is_empty() {
            Line::styled(fit(placeholder, width), theme.dim)
        } else {
            Line::styled(shown, theme.text)
        };
        line.render(inner, buf);
        if focused {
            let column = u16::try_from(column).unwrap_or(0);
            if let Some(cell) = buf.cell_mut((inner.x + column, inner.y)) {
                cell.set_style(theme.cursor);
            }
        }
    }

    fn render_results(&self, area: Rect, buf: &mut Buffer) {
        let p = self.playground;
        let lines = p.result_lines(self.theme, usize::from(area.width), VALUE_LINES);
        // `areas` gave the room for `VALUE_LINES` or fewer: draw at the count that fits.
        let lines = (1..=VALUE_LINES)
            .rev()
            .map(|n| p.result_lines(self.theme, usize::from(area.width), n))
            .find(|l| l.len() <= usize::from(area.height))
            .unwrap_or(lines);
        render_lines(lines, area, buf);
    }

    fn render_parse_error(&self, area: Rect, buf: &mut Buffer, e: &ParseError) {
        let theme = self.theme;
        let block = Block::bordered()
            .border_style(theme.border)
            .title(Span::styled(
                format!(" {} ", tr(self.lang, "Parse error")),
                theme.error,
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let width = usize::from(inner.width);
        let mut lines: Vec<Line<'static>> = wrap(&e.to_string_in(self.lang), width, 3)
            .into_iter()
            .map(|l| Line::styled(l, theme.error))
            .collect();
        lines.extend(caret_lines(e, width, theme));
        lines.push(Line::styled(
            fit(
                tr(
                    self.lang,
                    "the size, Extended JSON and bytes come back when it parses",
                ),
                width,
            ),
            theme.dim,
        ));
        render_lines(lines, inner, buf);
    }

    /// In place of the results: the evaluation was stopped (its budget ran out).
    fn render_stopped(&self, area: Rect, buf: &mut Buffer, why: &str) {
        let theme = self.theme;
        let block = Block::bordered()
            .border_style(theme.border)
            .title(Span::styled(
                format!(" {} ", tr(self.lang, "Stopped")),
                theme.error,
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let width = usize::from(inner.width);
        let mut lines: Vec<Line<'static>> = wrap(why, width, 3)
            .into_iter()
            .map(|l| Line::styled(l, theme.error))
            .collect();
        lines.push(Line::styled(
            fit(
                tr(
                    self.lang,
                    "edit the document or the filter to evaluate again",
                ),
                width,
            ),
            theme.dim,
        ));
        render_lines(lines, inner, buf);
    }

    fn render_hex(&self, area: Rect, buf: &mut Buffer) {
        let (p, theme) = (self.playground, self.theme);
        let block = bordered(
            tr(self.lang, "Bytes"),
            p.focus == PlaygroundFocus::Hex,
            theme,
        );
        let inner = block.inner(area);
        block.render(area, buf);
        if let Some(bytes) = p.analysis().map(|a| &a.bytes) {
            crate::tui::hex::render_model(bytes, &p.hex, theme, self.lang, (area, inner), buf);
        }
    }

    fn render_collection(&self, area: Rect, buf: &mut Buffer) {
        let (p, theme) = (self.playground, self.theme);
        let focused = p.focus == PlaygroundFocus::Collection;
        let title = trf(self.lang, "Collection {namespace}", &[&super::NAMESPACE]);
        let block = bordered(&title, focused, theme);
        let inner = block.inner(area);
        block.render(area, buf);
        let lines = p.list_lines(theme, inner);
        let shown = lines.iter().filter_map(|l| l.entry);
        let (first, last) = (shown.clone().min(), shown.max());
        let hidden = match (first, last) {
            (Some(first), Some(last)) => (first, p.entries.len().saturating_sub(last + 1)),
            _ => (0, 0),
        };
        for (line, y) in lines.into_iter().zip(inner.top()..inner.bottom()) {
            let row = Rect {
                y,
                height: 1,
                ..inner
            };
            line.line.render(row, buf);
            if focused && line.entry == Some(p.selected) {
                buf.set_style(row, theme.selected);
            }
        }
        scroll_marks(theme, self.lang, area, hidden, buf);
    }
}

impl Widget for PlaygroundView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let (p, theme) = (self.playground, self.theme);
        let areas = p.areas(area);

        let syntax = match (&p.results, p.syntax()) {
            (Results::Evaluating, _) => tr(self.lang, " evaluating… "),
            (_, Syntax::Shell) => tr(self.lang, " mongosh syntax "),
            (_, Syntax::Ejson) => " Extended JSON ",
        };
        let document = bordered(
            tr(self.lang, "Document"),
            p.focus == PlaygroundFocus::Document,
            theme,
        )
        .title_top(Line::styled(syntax, theme.dim).right_aligned());
        self.render_input(
            areas.document,
            buf,
            document,
            &p.document,
            p.focus == PlaygroundFocus::Document,
            tr(
                self.lang,
                "type a document: { a: 1 } or {\"a\": {\"$numberInt\": \"1\"}}",
            ),
        );

        match (&p.results, p.parse_error()) {
            (Results::Stopped(why), _) => self.render_stopped(areas.body(), buf, why),
            (_, Some(e)) => self.render_parse_error(areas.body(), buf, e),
            (_, None) => {
                self.render_results(areas.results, buf);
                self.render_hex(areas.hex, buf);
            }
        }

        let matching = p
            .entries
            .iter()
            .filter(|e| e.verdict == Verdict::Matches)
            .count();
        let mut filter = bordered(
            tr(self.lang, "Filter"),
            p.focus == PlaygroundFocus::Filter,
            theme,
        );
        if matches!(p.filter_reading, FilterReading::Valid { .. })
            && !matches!(p.results, Results::Stopped(_))
        {
            filter = filter.title_top(
                Line::styled(
                    format!(
                        " {} ",
                        trf(
                            self.lang,
                            "{matching} of {total} match",
                            &[&matching, &p.entries.len()]
                        )
                    ),
                    theme.dim,
                )
                .right_aligned(),
            );
        }
        self.render_input(
            areas.filter,
            buf,
            filter,
            &p.filter,
            p.focus == PlaygroundFocus::Filter,
            tr(self.lang, "type a filter: { userId: { $gt: 0 } }"),
        );

        self.render_collection(areas.collection, buf);
    }
}
