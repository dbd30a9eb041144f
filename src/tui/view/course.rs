//! The end of the course, over the lessons: solved, revealed, answers, hints and time, the
//! lessons to revisit, and the keys that go on (review, continue, playground). And the
//! list's `Review (N)` line.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;

use super::{keys, overlay, wrap};
use crate::strings::{tr, trf};
use crate::tui::app::App;
use crate::tui::keymap::{self, Context};
use crate::tui::message::Message;

/// The course summary overlay: `Course complete` when every exercise is solved, `End of the
/// course` otherwise. Lessons to revisit that do not fit are counted on one line.
pub fn render_course(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let course = app.course();
    let key = |message: &Message| keymap::key_for(Context::Course, message, lang);
    let mut text = course.lines(lang);
    // The border, a gap and the keys; the rest holds the summary.
    let room = usize::from(area.height).saturating_sub(4).max(3);
    if text.len() > room {
        let hidden = text.len() - (room - 1);
        text.truncate(room - 1);
        text.push(format!(
            "  {}",
            trf(lang, "… and {n} more lessons", &[&hidden])
        ));
    }
    let mut lines: Vec<Line<'static>> = text
        .into_iter()
        .enumerate()
        .map(|(i, l)| {
            let style = match i {
                0 if course.complete() => theme.right,
                0 => theme.title,
                _ => theme.text,
            };
            Line::styled(l, style)
        })
        .collect();
    lines.push(Line::raw(""));
    let review = course.review();
    let mut hints = Vec::new();
    if review > 0 {
        hints.push((key(&Message::Review), trf(lang, "review ({n})", &[&review])));
    }
    if !course.complete() {
        hints.push((key(&Message::Continue), tr(lang, "continue").to_owned()));
    }
    hints.push((
        key(&Message::OpenPlayground),
        tr(lang, "playground").to_owned(),
    ));
    hints.push((key(&Message::Back), tr(lang, "close").to_owned()));
    let hints: Vec<(String, &str)> = hints.iter().map(|(k, w)| (k.clone(), w.as_str())).collect();
    lines.push(keys::key_line(app, &hints));
    let max = usize::from(area.width.saturating_sub(8));
    let lines = lines
        .into_iter()
        .map(|l| {
            if l.width() > max {
                Line::styled(wrap::cut(&l.to_string(), max), l.style)
            } else {
                l
            }
        })
        .collect();
    let title = if course.complete() {
        "Course complete"
    } else {
        "End of the course"
    };
    overlay(app, tr(lang, title), lines, area, buf);
}

/// The lesson list's line for review: `↻ Review (3)`, `↻ Review 1/3` while one is shown.
pub fn review_item(app: &App) -> (String, String, Style) {
    let lang = app.settings.lang;
    let items = app.review_items();
    let theme = &app.settings.theme;
    let at = app.reviewing.and_then(|r| {
        items
            .iter()
            .position(|i| (i.lesson, i.exercise) == (r.lesson, r.exercise + 1))
    });
    let label = match at {
        Some(at) => trf(lang, "Review {n}/{total}", &[&(at + 1), &items.len()]),
        None => trf(lang, "Review ({n})", &[&items.len()]),
    };
    (format!(" ↻ {label}"), String::new(), theme.title)
}
