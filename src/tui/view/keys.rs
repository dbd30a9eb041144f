//! The key table's two readings on screen: the help overlay (every binding, by section) and
//! the status bar (the hints for what has the keyboard, or a notice).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{areas, overlay_at_least, wrap};
use crate::lesson::model::Claim;
use crate::strings::safe::escape_line;
use crate::strings::{tr, trf, trn};
use crate::tui::app::App;
use crate::tui::keymap;
use crate::tui::playground::text::fit;

/// The status bar's key hints (`↑↓ move · Enter open · ? keys`): as many as fit in `width`
/// columns, whole; the key to the help always among them, last when others had to go.
fn status_keys(app: &App, width: usize) -> String {
    let wide = unicode_width::UnicodeWidthStr::width;
    let help_word = tr(app.settings.lang, "keys");
    let all = keymap::status_hints(app);
    let help = all.iter().position(|(_, what)| *what == help_word);
    let hints: Vec<String> = all
        .iter()
        .map(|(keys, what)| format!("{keys} {what}"))
        .collect();
    let reserved = help.map_or(0, |i| wide(hints[i].as_str()) + wide(" · "));
    let mut shown: Vec<&str> = Vec::new();
    let mut used = 0;
    for (i, hint) in hints.iter().enumerate() {
        let sep = if shown.is_empty() { 0 } else { wide(" · ") };
        let helped = help.is_some_and(|h| h < i);
        let room = if Some(i) == help || helped {
            width
        } else {
            width.saturating_sub(reserved)
        };
        if used + sep + wide(hint.as_str()) > room {
            if let Some(h) = help.filter(|h| *h > i)
                && used + sep + wide(hints[h].as_str()) <= width
            {
                shown.push(&hints[h]);
            }
            break;
        }
        used += sep + wide(hint.as_str());
        shown.push(hint);
    }
    shown.join(" · ")
}

/// The status bar: a notice, or the key hints; the fixed seed and clock on the right.
pub(super) fn render_status(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    buf.set_style(area, theme.status);
    let right = app
        .fixed_settings()
        .map(|fixed| Span::styled(format!(" [{fixed}] "), theme.key))
        .unwrap_or_default();
    let right_width = right.width() as u16;
    let left_width = area.width.saturating_sub(right_width) as usize;
    // A notice replaces the key hints until the next key: it is what the learner needs now.
    let left = match &app.notice {
        Some(n) => Span::styled(
            // A notice may quote data (a file name, an id): shown, not obeyed.
            format!(
                " {}",
                fit(&escape_line(&n.text), left_width.saturating_sub(2))
            ),
            if n.error { theme.error } else { theme.hint },
        ),
        None => Span::styled(
            format!(" {}", status_keys(app, left_width.saturating_sub(2))),
            theme.status,
        ),
    };
    buf.set_span(area.x, area.y, &left, left_width as u16);
    let x = area.right().saturating_sub(right_width.min(area.width));
    buf.set_span(x, area.y, &right, right_width.min(area.width));
}

/// The help's lines for an overlay in `area`, the progress file last. A description too
/// long for the screen goes on under itself.
fn help_lines(app: &App, area: Rect) -> Vec<Line<'static>> {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let rows = keymap::help_lines(lang);
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    let section_width = rows.iter().map(|r| width(&r.section)).max().unwrap_or(0);
    let key_width = rows.iter().map(|r| width(&r.keys)).max().unwrap_or(0);
    // Padded by display width, so Chinese and Vietnamese labels keep the columns straight.
    let pad = |s: &str, to: usize| format!("{}  ", crate::strings::pad(s, to));
    let lead = section_width + 2 + key_width + 2;
    // The overlay's borders and margins take four columns.
    let room = (area.width as usize).saturating_sub(4 + lead);
    let marks = wrap::Marks {
        text: theme.text,
        emphasis: theme.text,
        code: theme.text,
    };
    let mut lines = Vec::new();
    for r in &rows {
        let parts = wrap::fill(&wrap::runs(&r.what, marks), room, Span::raw(""), "");
        for (i, part) in parts.into_iter().enumerate() {
            let mut spans = if i == 0 {
                vec![
                    Span::styled(pad(&r.section, section_width), theme.title),
                    Span::styled(pad(&r.keys, key_width), theme.key),
                ]
            } else {
                vec![Span::raw(" ".repeat(lead))]
            };
            spans.extend(part.spans);
            lines.push(Line::from(spans));
        }
    }
    // What the lessons' claim labels mean, defined once here (and in the first lesson).
    let full = (area.width as usize).saturating_sub(4);
    lines.push(Line::raw(""));
    lines.extend(wrap::fill(
        &[(
            tr(
                lang,
                "Lessons mark how sure a statement is with a label before it:",
            )
            .into(),
            theme.title,
        )],
        full,
        Span::raw(""),
        "",
    ));
    for claim in Claim::ALL {
        let runs = [
            (claim.label_in(lang).to_string(), theme.key),
            (format!(" {}", tr(lang, claim.meaning())), theme.text),
        ];
        lines.extend(wrap::fill(&runs, full, Span::raw("  "), "    "));
    }
    if let Some(path) = &app.settings.progress_path {
        // Wrapped (after a `/`, say) rather than cut: a long home directory made the help as
        // wide as the screen and hid the file's name.
        let text = trf(lang, "progress is saved in {path}", &[&escape_line(path)]);
        let width = (area.width as usize).saturating_sub(4);
        lines.extend(wrap::fill(&[(text, theme.dim)], width, Span::raw(""), ""));
    }
    lines
}

/// The rows of help lines an overlay of `height` shows, and the last scroll position: when
/// they do not all fit, the bottom row says how many are left.
fn help_window(lines: usize, height: u16) -> (usize, usize) {
    let rows = height.saturating_sub(2) as usize;
    if lines <= rows {
        return (rows, 0);
    }
    let shown = rows.saturating_sub(1);
    (shown, lines - shown)
}

/// The help's last scroll position in a frame of `area` (update keeps
/// [`App::help_scroll`] within it).
pub fn help_max_scroll(app: &App, area: Rect) -> usize {
    let body = areas(app, area).body;
    help_window(help_lines(app, body).len(), body.height).1
}

/// The help overlay, from [`App::help_scroll`] on.
pub(super) fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let lang = app.settings.lang;
    let lines = help_lines(app, area);
    let widest = lines.iter().map(Line::width).max().unwrap_or(0);
    let (rows, max) = help_window(lines.len(), area.height);
    let scroll = app.help_scroll.min(max);
    let mut shown: Vec<Line<'static>> = lines.into_iter().skip(scroll).take(rows).collect();
    if max > 0 && scroll >= max {
        shown.push(Line::styled(
            tr(lang, "↑ scroll (the end)"),
            app.settings.theme.dim,
        ));
    } else if max > 0 {
        shown.push(Line::styled(
            trn(
                lang,
                (max - scroll) as u64,
                "↑↓ scroll ({n} more line)",
                "↑↓ scroll ({n} more lines)",
                &[&(max - scroll)],
            ),
            app.settings.theme.dim,
        ));
    }
    overlay_at_least(app, tr(lang, "Keys"), shown, widest, area, buf);
}

/// `key what   key what`: the keys an overlay takes, as its last line.
pub(super) fn key_line(app: &App, hints: &[(String, &str)]) -> Line<'static> {
    let theme = &app.settings.theme;
    let mut spans = Vec::new();
    for (i, (keys, what)) in hints.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("   "));
        }
        spans.push(Span::styled(keys.clone(), theme.key));
        spans.push(Span::raw(format!(" {what}")));
    }
    Line::from(spans)
}
