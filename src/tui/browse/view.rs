//! Drawing the browser from a borrowed model: the title bar, the document list, the hex walk
//! of the current document, the filter's verdict and the status line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use super::keymap::HELP;
use super::model::{Browser, Focus, Goal, Mode, Shown, Task, Verdict};
use crate::dump::index::IndexState;
use crate::strings::localize::Localize;
use crate::strings::safe::escape_line;
use crate::strings::{pad, tr, trf, trn};
use crate::tui::hex::HexView;
use crate::tui::playground::text::wrap;

/// The smallest window the browser draws in.
pub const MIN_SIZE: (u16, u16) = (40, 12);

/// The narrowest pane that shows the document as the shell prints it.
pub const PRINTED_MIN_WIDTH: u16 = 30;

/// Where each part goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    /// The file, its documents and the index's progress.
    pub title: Rect,
    /// The document list.
    pub list: Rect,
    /// The hex walk.
    pub hex: Rect,
    /// The document as mongosh prints it, on a screen wide enough (empty otherwise).
    pub printed: Rect,
    /// The filter and its verdict on the current document (empty without a filter).
    pub verdict: Rect,
    /// Keys, the line being typed, or the last notice.
    pub status: Rect,
}

/// Digits of `n` in decimal.
fn digits(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The list's columns: document number, byte offset, size.
fn columns<R>(b: &Browser<R>) -> (usize, usize, usize) {
    let len = b.index.len().max(1) as u64;
    let header = |en| tr(b.lang, en).width();
    (
        digits(len).max(2),
        digits(b.index.file_len()).max(header("byte")),
        5.max(header("size")),
    )
}

/// Lays out a frame of `area`.
pub fn areas<R>(b: &Browser<R>, area: Rect) -> Areas {
    let verdict_rows = verdict_text(b).map_or(0, |(text, _)| {
        1 + verdict_lines(&text, area.width.into()).len()
    });
    let status_rows = status_lines(b, area.width).0.len().max(1);
    let [title, body, verdict, status] = area.layout(&Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(u16::try_from(verdict_rows).unwrap_or(3)),
        Constraint::Length(u16::try_from(status_rows).unwrap_or(2)),
    ]));
    let (n, o, s) = columns(b);
    let list_width = u16::try_from(n + o + s + 4 + 2).unwrap_or(30);
    let list_width = list_width.min(body.width / 2);
    let [list, rest] = body.layout(&Layout::horizontal([
        Constraint::Length(list_width),
        Constraint::Min(10),
    ]));
    // The hex walk as wide as 16 bytes a line need; what is left, if enough, shows the
    // document as the shell prints it.
    let hex_width = match &b.shown {
        Shown::Hex(model) => model.preferred_width() + 2,
        _ => rest.width,
    };
    let (hex, printed) = if rest.width >= hex_width + PRINTED_MIN_WIDTH {
        let [hex, printed] = rest.layout(&Layout::horizontal([
            Constraint::Length(hex_width),
            Constraint::Min(PRINTED_MIN_WIDTH),
        ]));
        (hex, printed)
    } else {
        (rest, Rect::default())
    };
    Areas {
        title,
        list,
        hex,
        printed,
        verdict,
        status,
    }
}

/// Where the terminal's cursor goes: at the end of the line being typed.
pub fn cursor<R>(b: &Browser<R>, area: Rect) -> Option<Position> {
    let (prompt, line) = prompt(b)?;
    let a = areas(b, area);
    // After the space that starts the status line.
    let x = a.status.x as usize + 1 + prompt.width() + line.width();
    Some(Position {
        x: u16::try_from(x)
            .unwrap_or(u16::MAX)
            .min(a.status.right().saturating_sub(1)),
        y: a.status.y,
    })
}

/// The prompt and text of the line being typed.
fn prompt<R>(b: &Browser<R>) -> Option<(String, &str)> {
    match &b.mode {
        Mode::Jump(line) => Some((format!("{} › ", tr(b.lang, "go to")), line)),
        Mode::Filter(line) => Some((format!("{} › ", tr(b.lang, "filter")), line)),
        _ => None,
    }
}

impl<R> Widget for &Browser<R> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            let text = trf(
                self.lang,
                "the window is {width}x{height}; browse needs at least {min_width}x{min_height}",
                &[&area.width, &area.height, &MIN_SIZE.0, &MIN_SIZE.1],
            );
            Paragraph::new(text)
                .style(self.theme.text)
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return;
        }
        let a = areas(self, area);
        render_title(self, a.title, buf);
        render_list(self, a.list, buf);
        render_hex(self, a.hex, buf);
        render_printed(self, a.printed, buf);
        render_verdict(self, a.verdict, buf);
        render_status(self, a.status, buf);
        if self.mode == Mode::Help {
            render_help(self, area, buf);
        }
    }
}

fn render_title<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    let lang = b.lang;
    let count = b.index.len();
    let n = count as u64;
    let progress = match b.index.state() {
        IndexState::Indexing => trn(
            lang,
            n,
            "indexing… {n} document so far",
            "indexing… {n} documents so far",
            &[&count],
        ),
        IndexState::Complete => trn(lang, n, "{n} document", "{n} documents", &[&count]),
        IndexState::Damaged(_) => trn(
            lang,
            n,
            "{n} document, then damage",
            "{n} documents, then damage",
            &[&count],
        ),
    };
    let len = b.index.file_len();
    // The counts first: a long path is what gets cut.
    let text = format!(
        " {progress} · {} · {}",
        trn(lang, len, "{n} byte", "{n} bytes", &[&len]),
        // A file name may hold an ESC: shown, not obeyed.
        escape_line(&b.path),
    );
    buf.set_style(area, b.theme.status);
    buf.set_stringn(area.x, area.y, text, area.width.into(), b.theme.status);
}

fn block<'a, R>(b: &Browser<R>, title: String, focused: bool) -> Block<'a> {
    let border = if focused {
        b.theme.focus_border
    } else {
        b.theme.border
    };
    Block::default()
        .borders(Borders::ALL)
        .border_style(border)
        .title(Span::styled(title, b.theme.title))
}

fn render_list<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    let focused = b.focus == Focus::List && b.mode != Mode::Help;
    let outer = block(b, tr(b.lang, "Documents").into(), focused);
    let inner = outer.inner(area);
    outer.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let (wn, wo, ws) = columns(b);
    let header = format!(
        "{:>wn$}  {}  {}",
        "#",
        crate::strings::pad_left(tr(b.lang, "byte"), wo),
        crate::strings::pad_left(tr(b.lang, "size"), ws),
    );
    buf.set_stringn(inner.x, inner.y, header, inner.width.into(), b.theme.dim);
    let rows = usize::from(inner.height - 1);
    let len = b.index.len();
    if len == 0 {
        let text = tr(b.lang, "no documents");
        buf.set_stringn(inner.x, inner.y + 1, text, inner.width.into(), b.theme.dim);
        return;
    }
    let top = b
        .current
        .saturating_sub(rows / 2)
        .min(len.saturating_sub(rows));
    for (y, n) in (inner.y + 1..inner.bottom()).zip(top..len) {
        let (offset, size) = (b.index.offset(n), b.index.size(n));
        let text = format!(
            "{:>wn$}  {:>wo$}  {:>ws$}",
            n + 1,
            offset.unwrap_or(0),
            size.unwrap_or(0)
        );
        let style = if n == b.current {
            b.theme.selected
        } else {
            b.theme.text
        };
        let line = pad(&text, inner.width.into());
        buf.set_stringn(inner.x, y, line, inner.width.into(), style);
    }
}

fn render_hex<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    let focused = b.focus == Focus::Hex && b.mode != Mode::Help;
    let title = match (b.index.offset(b.current), b.index.size(b.current)) {
        (Some(offset), Some(size)) => {
            let n = b.current + 1;
            let hex = format!("{offset:x}");
            let full = trf(
                b.lang,
                "Document {n} · byte {offset} (0x{hex}) · {size} bytes",
                &[&n, &offset, &hex, &size],
            );
            // The offset in hex goes first when the border is too short for it.
            let title = if full.width() + 4 <= usize::from(area.width) {
                full
            } else {
                trf(
                    b.lang,
                    "Document {n} · byte {offset} · {size} bytes",
                    &[&n, &offset, &size],
                )
            };
            format!(" {title} ")
        }
        _ => format!(" {} ", tr(b.lang, "Bytes")),
    };
    let outer = block(b, title, focused);
    let inner = outer.inner(area);
    outer.render(area, buf);
    match &b.shown {
        Shown::Hex(model) => HexView {
            model,
            state: &b.hex,
            theme: &b.theme,
            lang: b.lang,
        }
        .render(inner, buf),
        Shown::Broken(why) => Paragraph::new(why.as_str())
            .style(b.theme.error)
            .wrap(Wrap { trim: false })
            .render(inner, buf),
        Shown::Nothing => {
            let text = if b.index.is_done() {
                tr(b.lang, "no documents")
            } else {
                tr(b.lang, "indexing…")
            };
            buf.set_stringn(inner.x, inner.y, text, inner.width.into(), b.theme.dim);
        }
    }
}

fn render_printed<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    if area.is_empty() {
        return;
    }
    let outer = block(
        b,
        format!(" {} ", tr(b.lang, "As the shell prints it")),
        false,
    );
    let inner = outer.inner(area);
    outer.render(area, buf);
    let Some(text) = &b.printed else {
        return;
    };
    // Lines are cut, not wrapped, as the shell's own layout has them; a key or a string
    // holding a control character shows it escaped.
    for (y, line) in (inner.y..inner.bottom()).zip(text.lines()) {
        let line = escape_line(line);
        buf.set_stringn(inner.x, y, line.as_ref(), inner.width.into(), b.theme.code);
    }
}

fn render_verdict<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    let (Some(filter), true) = (&b.filter, area.height > 0) else {
        return;
    };
    let width = usize::from(area.width);
    let head = Line::from(vec![
        Span::styled(format!(" {}", tr(b.lang, "filter: ")), b.theme.dim),
        Span::styled(filter.text.replace(['\n', '\r'], " "), b.theme.code),
    ]);
    buf.set_line(area.x, area.y, &head, area.width);
    let Some((text, matches)) = verdict_text(b) else {
        return;
    };
    let style = if matches {
        b.theme.right
    } else {
        b.theme.wrong
    };
    for (y, line) in (area.y + 1..area.bottom()).zip(verdict_lines(&text, width)) {
        buf.set_stringn(area.x, y, format!(" {line}"), width, style);
    }
}

/// The filter's verdict on the current document, and whether it matches.
fn verdict_text<R>(b: &Browser<R>) -> Option<(String, bool)> {
    b.filter.as_ref()?;
    let n = b.current + 1;
    Some(match &b.verdict {
        Some(Verdict::Matches) => (trf(b.lang, "✓ document {n} matches", &[&n]), true),
        Some(Verdict::Fails(why)) => (trf(b.lang, "✗ document {n}: {why}", &[&n, why]), false),
        Some(Verdict::Undecodable) | None => (
            trf(
                b.lang,
                "✗ document {n} does not decode, so it matches nothing",
                &[&n],
            ),
            false,
        ),
    })
}

/// The verdict wrapped under the filter, two lines at most.
fn verdict_lines(text: &str, width: usize) -> Vec<String> {
    // A value of the document may hold an ESC: shown, not obeyed.
    wrap(
        &escape_line(&text.replace(['\n', '\r'], " ")),
        width.saturating_sub(1),
        2,
    )
}

/// The status line's text, wrapped to `width` (two lines at most), and whether it reports
/// something wrong.
fn status_lines<R>(b: &Browser<R>, width: u16) -> (Vec<String>, bool) {
    let lang = b.lang;
    if let Some((prompt, line)) = prompt(b) {
        // A notice about the line (why it does not read) goes after it.
        let mut text = format!("{prompt}{line}");
        let error = b.notice.as_ref().is_some_and(|n| n.error);
        if let Some(n) = &b.notice {
            text.push_str("   ");
            text.push_str(&n.text);
        }
        return (vec![text], error);
    }
    let text = match (b.task, &b.notice) {
        (Task::Searching { next }, _) => {
            trf(lang, "searching… document {n} (Esc stops)", &[&(next + 1)])
        }
        (Task::Waiting(goal), _) => {
            let what = match goal {
                Goal::Last => tr(lang, "the last document").to_string(),
                Goal::Document(n) => trf(lang, "document {n}", &[&(n + 1)]),
                Goal::Offset(at) => trf(lang, "byte {offset}", &[&at]),
            };
            trf(
                lang,
                "waiting for the index to reach {what}… {n} documents so far (Esc stops)",
                &[&what, &b.index.len()],
            )
        }
        (Task::Idle, Some(notice)) => notice.text.clone(),
        (Task::Idle, None) => match b.index.damage() {
            Some(damage) => trf(
                lang,
                "the index stops at the damage: {reason}",
                &[&damage.to_string_in(lang)],
            ),
            None => tr(
                lang,
                "↑↓ documents · Tab bytes · g go to · / filter · n next · ? keys · q quit",
            )
            .to_string(),
        },
    };
    let error = matches!(b.task, Task::Idle)
        && (b.notice.as_ref().is_some_and(|n| n.error)
            || (b.notice.is_none() && b.index.damage().is_some()));
    let text = escape_line(&text.replace(['\n', '\r'], " ")).into_owned();
    let lines = wrap(&text, usize::from(width.saturating_sub(1)), 2);
    (lines, error)
}

fn render_status<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    buf.set_style(area, b.theme.status);
    let (lines, error) = status_lines(b, area.width);
    let style = if error {
        b.theme.status.patch(b.theme.error)
    } else {
        b.theme.status
    };
    for (y, line) in (area.y..area.bottom()).zip(lines) {
        buf.set_stringn(area.x, y, format!(" {line}"), area.width.into(), style);
    }
}

fn render_help<R>(b: &Browser<R>, area: Rect, buf: &mut Buffer) {
    let lang = b.lang;
    let key_width = HELP.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    let lines: Vec<Line> = HELP
        .iter()
        .map(|(keys, what)| {
            Line::from(vec![
                Span::styled(format!(" {}  ", pad(keys, key_width)), b.theme.key),
                Span::styled(tr(lang, what), b.theme.text),
            ])
        })
        .collect();
    let want = lines.iter().map(Line::width).max().unwrap_or(0) + 3;
    let width = u16::try_from(want).unwrap_or(u16::MAX).min(area.width);
    let height = u16::try_from(lines.len() + 2)
        .unwrap_or(u16::MAX)
        .min(area.height);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    Clear.render(rect, buf);
    let outer = block(b, format!(" {} ", tr(lang, "Keys")), true);
    Paragraph::new(lines)
        .style(b.theme.text)
        .wrap(Wrap { trim: false })
        .block(outer)
        .render(rect, buf);
}
