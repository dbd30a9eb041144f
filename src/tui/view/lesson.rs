//! The lesson pane: the open lesson's prose, computed outputs and exercise markers as lines.

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::wrap::{Marks, fill, runs};
use crate::lesson::progress::Status;
use crate::strings::{tr, trf};
use crate::tui::app::App;
use crate::tui::page::Block;

/// The lesson as lines at a width, and where each exercise starts.
pub struct LessonText {
    /// The lines.
    pub lines: Vec<Line<'static>>,
    /// The line of each exercise's marker.
    pub exercise_lines: Vec<usize>,
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
        lines.push(Line::styled(
            format!("{}. {}", lesson.order, lesson.title),
            theme.title,
        ));
        let summary = runs(&lesson.summary, marks);
        let summary: Vec<_> = summary.into_iter().map(|(w, _)| (w, theme.dim)).collect();
        lines.extend(fill(&summary, width, Span::raw(""), ""));
        if !lesson.prerequisites.is_empty() {
            lines.push(Line::styled(
                trf(
                    app.settings.lang,
                    "Read first: {lesson}",
                    &[&lesson.prerequisites.join(", ")],
                ),
                theme.dim,
            ));
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
            Block::Code(code) => {
                lines.extend(
                    code.iter()
                        .map(|l| Line::styled(format!("  {l}"), theme.code)),
                );
            }
            Block::Exercise(n) => {
                exercise_lines.push(lines.len());
                let mark = match app.status(app.lesson, *n) {
                    Status::Solved => Span::styled(tr(app.settings.lang, " ✓ solved"), theme.right),
                    Status::Revealed => {
                        Span::styled(tr(app.settings.lang, " • revealed"), theme.hint)
                    }
                    Status::Pending => Span::raw(""),
                };
                let pointer = if *n == app.exercise { "▸ " } else { "  " };
                let kind = app
                    .page
                    .cards
                    .get(*n)
                    .map_or("", |c| tr(app.settings.lang, c.kind));
                lines.push(Line::from(vec![
                    Span::styled(
                        format!(
                            "{pointer}{}",
                            trf(app.settings.lang, "Exercise {n} ", &[&(n + 1)])
                        ),
                        theme.title,
                    ),
                    Span::styled(format!("({kind})"), theme.dim),
                    mark,
                ]));
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
