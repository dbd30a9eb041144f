//! The lesson pane: the open lesson's prose, computed outputs and exercise markers as lines.

use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::wrap::{Marks, fill, runs};
use crate::lesson::progress::Status;
use crate::strings::{tr, trf};
use crate::tui::app::App;
use crate::tui::keymap::{Context, key_for};
use crate::tui::message::Message;
use crate::tui::page::Block;

/// The lesson as lines at a width, and where each exercise starts.
pub struct LessonText {
    /// The lines.
    pub lines: Vec<Line<'static>>,
    /// The line of each exercise's marker.
    pub exercise_lines: Vec<usize>,
}

/// What starts the rest of a code line too long for the pane, under its start.
pub const CONTINUED: &str = "↪ ";

/// A line of code or computed output at `width` columns: indented by two, and when it is too
/// long, broken (after the last space that leaves the line at least half full, or else
/// between characters) and carried on under itself after [`CONTINUED`]. Nothing is cut.
pub fn code_lines(line: &str, width: usize, style: Style, mark: Style) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let lead = if out.is_empty() {
            2
        } else {
            2 + CONTINUED.width()
        };
        let (head, tail) = split_code(rest, width.saturating_sub(lead).max(1));
        let mut spans = vec![Span::raw("  ")];
        if !out.is_empty() {
            spans.push(Span::styled(CONTINUED, mark));
        }
        spans.push(Span::styled(head.to_string(), style));
        out.push(Line::from(spans));
        if tail.is_empty() {
            return out;
        }
        rest = tail;
    }
}

/// `s` split where a line of `room` columns ends: before the last space that leaves the line
/// at least half full (the spaces there are dropped), or after the last character that fits
/// (at least one, so the split always moves on).
fn split_code(s: &str, room: usize) -> (&str, &str) {
    if s.width() <= room {
        return (s, "");
    }
    let mut used = 0;
    let mut end = 0;
    let mut space = None;
    for (i, c) in s.char_indices() {
        let w = c.width().unwrap_or(0);
        if used + w > room && end > 0 {
            if c == ' ' {
                space = Some(i);
            }
            break;
        }
        if c == ' ' && used >= room / 2 {
            space = Some(i);
        }
        used += w;
        end = i + c.len_utf8();
    }
    match space {
        Some(i) if !s[..i].trim().is_empty() => {
            (s[..i].trim_end_matches(' '), s[i..].trim_start_matches(' '))
        }
        _ => (&s[..end], &s[end..]),
    }
}

/// The text width inside the lesson pane's border (one column of margin on the right).
pub fn text_width(area: Rect) -> usize {
    area.width.saturating_sub(3) as usize
}

/// The open lesson's lines at `width` columns.
pub fn lesson_text(app: &App, width: usize) -> LessonText {
    let theme = &app.settings.theme;
    let marks = Marks {
        text: theme.text,
        emphasis: theme.emphasis,
        code: theme.code,
    };
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut exercise_lines = Vec::new();
    if let Some(lesson) = app.current() {
        let title = format!("{}. {}", lesson.order, lesson.title);
        lines.extend(fill(&[(title, theme.title)], width, Span::raw(""), ""));
        let summary = runs(&lesson.summary, marks);
        let summary: Vec<_> = summary.into_iter().map(|(w, _)| (w, theme.dim)).collect();
        lines.extend(fill(&summary, width, Span::raw(""), ""));
        if !lesson.prerequisites.is_empty() {
            let first = trf(
                app.settings.lang,
                "Read first: {lesson}",
                &[&lesson.prerequisites.join(", ")],
            );
            lines.extend(fill(&[(first, theme.dim)], width, Span::raw(""), ""));
        }
        lines.push(Line::raw(""));
    }
    if app.opening.is_some() {
        lines.push(Line::styled(
            tr(app.settings.lang, "computing the lesson…"),
            theme.dim,
        ));
    }
    for block in &app.page.blocks {
        match block {
            Block::Prose {
                text,
                bullet,
                claim,
            } => {
                let mut w = Vec::new();
                if let Some(c) = claim {
                    w.push((format!("{} ", c.label_in(app.settings.lang)), theme.claim));
                }
                w.extend(runs(text, marks));
                let (first, rest) = if *bullet {
                    ("  • ", "    ")
                } else {
                    ("", "")
                };
                lines.extend(fill(&w, width, Span::raw(first), rest));
            }
            Block::Caption(text) => {
                let w: Vec<_> = runs(text, marks)
                    .into_iter()
                    .map(|(w, _)| (w, theme.dim))
                    .collect();
                lines.extend(fill(&w, width, Span::raw(""), ""));
            }
            Block::TryInConsole => {
                let lang = app.settings.lang;
                let key = key_for(Context::Commands, &Message::OpenConsole, lang);
                let text = trf(
                    lang,
                    "{key_for} opens the console: type this script there, change it, run it again",
                    &[&key],
                );
                let w: Vec<_> = runs(&text, marks)
                    .into_iter()
                    .map(|(w, _)| (w, theme.dim))
                    .collect();
                lines.extend(fill(&w, width, Span::raw(""), ""));
            }
            Block::Code(code) => {
                for line in code {
                    lines.extend(code_lines(line, width, theme.code, theme.dim));
                }
            }
            Block::Exercise(n) => {
                exercise_lines.push(lines.len());
                let mark = match app.status(app.lesson, *n) {
                    Status::Solved => {
                        Some((tr(app.settings.lang, " ✓ solved").to_string(), theme.right))
                    }
                    Status::Revealed => {
                        Some((tr(app.settings.lang, " • revealed").to_string(), theme.hint))
                    }
                    Status::Pending => None,
                };
                let pointer = if *n == app.exercise { "▸ " } else { "  " };
                let kind = app
                    .page
                    .cards
                    .get(*n)
                    .map_or("", |c| tr(app.settings.lang, c.kind));
                let mut head = vec![
                    (
                        trf(app.settings.lang, "Exercise {n} ", &[&(n + 1)]),
                        theme.title,
                    ),
                    (format!("({kind})"), theme.dim),
                ];
                if let Some(mark) = mark {
                    head.push(mark);
                }
                lines.extend(fill(&head, width, Span::styled(pointer, theme.title), "  "));
                if let Some(card) = app.page.cards.get(*n) {
                    lines.extend(fill(
                        &runs(&card.prompt, marks),
                        width,
                        Span::raw("  "),
                        "  ",
                    ));
                }
            }
            Block::Error(e) => {
                let w: Vec<_> = runs(
                    &trf(
                        app.settings.lang,
                        "(this step does not compute: {error})",
                        &[e],
                    ),
                    marks,
                )
                .into_iter()
                .map(|(w, _)| (w, theme.error))
                .collect();
                lines.extend(fill(&w, width, Span::raw(""), ""));
            }
            Block::Gap => lines.push(Line::raw("")),
            Block::Stopped(why) => {
                let w: Vec<_> = runs(why, marks)
                    .into_iter()
                    .map(|(w, _)| (w, theme.error))
                    .collect();
                lines.extend(fill(&w, width, Span::raw(""), ""));
            }
        }
    }
    LessonText {
        lines,
        exercise_lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_long_code_line_breaks_at_a_space_or_between_characters_and_keeps_everything() {
        let style = Style::new();
        assert_eq!(
            plain(&code_lines("{ a: 1 }", 20, style, style)),
            ["  { a: 1 }"]
        );
        // After the last space that leaves the line at least half full; the rest carries on.
        assert_eq!(
            plain(&code_lines(
                "0  24 00 00 00  document length",
                20,
                style,
                style
            )),
            ["  0  24 00 00 00", "  ↪ document length"]
        );
        // No space: between characters, by display width (a Chinese one takes two).
        assert_eq!(
            plain(&code_lines("abcdefghijklmnop", 10, style, style)),
            ["  abcdefgh", "  ↪ ijklmn", "  ↪ op"]
        );
        assert_eq!(
            plain(&code_lines("文档文档文档", 8, style, style)),
            ["  文档文", "  ↪ 档文", "  ↪ 档"]
        );
        // Even one column of room moves on by a character.
        assert_eq!(plain(&code_lines("文a", 1, style, style)).len(), 2);
    }
}
