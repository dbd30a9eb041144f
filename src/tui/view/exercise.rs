//! The exercise panel: prompt, inputs, options, hints, the answer line and the feedback.

use ratatui::layout::Position;
use ratatui::text::{Line, Span};

use super::wrap::{Marks, fill, runs};
use crate::lesson::check::Outcome;
use crate::lesson::progress::Status;
use crate::strings::localize::one_other;
use crate::strings::{tr, trf};
use crate::tui::app::App;
use crate::tui::app::Feedback;
use crate::tui::keymap::{Context, key_for};
use crate::tui::message::{Focus, Message};

/// The panel's title: `Exercise 2/7 · size · 1 attempt · hints 1/2`.
pub fn title(app: &App) -> String {
    let lang = app.settings.lang;
    let Some(card) = app.page.cards.get(app.exercise) else {
        return tr(lang, "Exercise").into();
    };
    let mut t = trf(
        lang,
        "Exercise {n}/{total} · {kind}",
        &[
            &(app.exercise + 1),
            &app.page.cards.len(),
            &tr(app.settings.lang, card.kind),
        ],
    );
    match app.status(app.lesson, app.exercise) {
        Status::Solved => t.push_str(&format!(" · {}", tr(lang, "✓ solved"))),
        Status::Revealed => t.push_str(&format!(" · {}", tr(lang, "revealed"))),
        Status::Pending => {}
    }
    if let Some(note) = app.review_note() {
        t.push_str(&format!(" · {note}"));
    }
    let attempts = app.attempts(app.exercise);
    if attempts > 0 {
        let en = one_other(lang, attempts.into(), "{n} attempt", "{n} attempts");
        t.push_str(&format!(" · {}", trf(lang, en, &[&attempts])));
    }
    if !card.hints.is_empty() {
        let shown = app.hints_shown(app.exercise).min(card.hints.len());
        t.push_str(&format!(
            " · {}",
            trf(lang, "hints {shown}/{total}", &[&shown, &card.hints.len()])
        ));
    }
    t
}

/// The lines above the answer line.
pub fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = &app.settings.theme;
    let marks = Marks {
        text: theme.text,
        emphasis: theme.emphasis,
        code: theme.code,
    };
    let Some(card) = app.page.cards.get(app.exercise) else {
        let lang = app.settings.lang;
        if app.opening.is_some() {
            return vec![Line::styled(tr(lang, "computing the lesson…"), theme.dim)];
        }
        return vec![Line::styled(
            trf(
                lang,
                "This lesson has no exercises. {key_for} and {key_for2} move between lessons.",
                &[
                    &key_for(Context::Commands, &Message::Lesson(-1), lang),
                    &key_for(Context::Commands, &Message::Lesson(1), lang),
                ],
            ),
            theme.dim,
        )];
    };
    let mut out = fill(&runs(&card.prompt, marks), width, Span::raw(""), "");
    for (label, value) in &card.inputs {
        out.extend(fill(
            &[(value.clone(), theme.code)],
            width,
            Span::styled(format!("  {label}: "), theme.dim),
            "    ",
        ));
    }
    for (i, option) in card.options.iter().enumerate() {
        let letter = char::from(b'a' + u8::try_from(i % 26).unwrap_or(0));
        out.extend(fill(
            &runs(option, marks),
            width,
            Span::styled(format!("  ({letter}) "), theme.key),
            "      ",
        ));
    }
    for (i, hint) in card
        .hints
        .iter()
        .take(app.hints_shown(app.exercise))
        .enumerate()
    {
        let w: Vec<_> = runs(hint, marks)
            .into_iter()
            .map(|(w, _)| (w, theme.hint))
            .collect();
        out.extend(fill(
            &w,
            width,
            Span::styled(
                format!("  {}", trf(app.settings.lang, "hint {n}: ", &[&(i + 1)])),
                theme.hint,
            ),
            "    ",
        ));
    }
    if app
        .checking
        .as_ref()
        .is_some_and(|c| (c.lesson, c.exercise) == (app.lesson, app.exercise))
    {
        out.push(Line::styled(
            tr(app.settings.lang, "checking the answer…"),
            theme.dim,
        ));
    }
    if let Some(f) = &app.feedback {
        let (mark, style) = match f.outcome {
            Outcome::Right => ("✓ ", theme.right),
            Outcome::Wrong => ("✗ ", theme.wrong),
            Outcome::Unreadable => ("? ", theme.hint),
        };
        let w: Vec<_> = runs(&f.text, marks)
            .into_iter()
            .map(|(w, _)| (w, style))
            .collect();
        out.extend(fill(&w, width, Span::styled(mark, style), "  "));
        if f.outcome == Outcome::Wrong && !app.revealed {
            out.push(Line::styled(try_again(app), theme.dim));
        }
    }
    if app.revealed {
        let shown = match &card.solution {
            Ok(s) => s.clone(),
            Err(e) => format!("(no answer: {e})"),
        };
        out.push(Line::from(vec![
            Span::styled(tr(app.settings.lang, "answer: "), theme.hint),
            Span::styled(shown, theme.code),
        ]));
    }
    let solved = app.status(app.lesson, app.exercise) == Status::Solved;
    if app.revealed || (solved && app.feedback.as_ref().is_some_and(Feedback::correct)) {
        out.extend(fill(
            &runs(&card.explanation, marks),
            width,
            Span::styled(tr(app.settings.lang, "why: "), theme.title),
            "  ",
        ));
    }
    out
}

/// The key that starts typing an answer from the panel that has the keyboard: Enter in the
/// exercise panel, where elsewhere Enter does something else.
fn typing_key(app: &App) -> String {
    let context = if app.focus == Focus::Exercise {
        Context::Exercise
    } else {
        Context::Commands
    };
    key_for(context, &Message::StartTyping, app.settings.lang)
}

/// What to do after a wrong answer, with the keys that do it from where the learner is: while
/// typing, h and r are letters of the answer, so Esc comes first.
fn try_again(app: &App) -> String {
    let lang = app.settings.lang;
    let hint = key_for(Context::Commands, &Message::Hint, lang);
    let reveal = key_for(Context::Commands, &Message::Reveal, lang);
    if app.focus == Focus::Answer {
        trf(
            lang,
            "  edit and press {key_for} to try again · {key_for2}, then {hint}: a hint · {reveal}: the answer",
            &[
                &key_for(Context::Answer, &Message::Submit, lang),
                &key_for(Context::Answer, &Message::Back, lang),
                &hint,
                &reveal,
            ],
        )
    } else {
        trf(
            lang,
            "  {typing_key}: try again · {hint}: a hint · {reveal}: reveal the answer",
            &[&typing_key(app), &hint, &reveal],
        )
    }
}

/// The answer line: the prompt mark and the visible part of the text, and where the cursor
/// goes when the learner is typing.
pub fn answer_line(app: &App, width: usize) -> (Line<'static>, Option<u16>) {
    let theme = &app.settings.theme;
    let typing = app.focus == Focus::Answer;
    let lead = tr(app.settings.lang, "answer › ");
    let lead_width = unicode_width::UnicodeWidthStr::width(lead);
    let room = width.saturating_sub(lead_width);
    let (shown, col) = app.answer.window(room.saturating_sub(1));
    let mut spans = vec![Span::styled(
        lead,
        if typing { theme.key } else { theme.dim },
    )];
    if app.answer.is_empty() && !typing {
        let hint = if app.page.cards.is_empty() {
            String::new()
        } else {
            trf(
                app.settings.lang,
                "press {typing_key} to type your answer",
                &[&typing_key(app)],
            )
        };
        spans.push(Span::styled(hint, theme.dim));
    } else {
        spans.push(Span::styled(shown.to_string(), theme.text));
    }
    let cursor = typing.then(|| u16::try_from(lead_width + col).unwrap_or(u16::MAX));
    (Line::from(spans), cursor)
}

/// Where the terminal cursor goes in the exercise panel at `area`, if the learner is typing
/// an answer.
pub fn cursor(app: &App, area: ratatui::layout::Rect) -> Option<Position> {
    if area.height < 3 || app.focus != Focus::Answer {
        return None;
    }
    let (_, col) = answer_line(app, area.width.saturating_sub(2) as usize);
    let x = area.x + 1 + col?;
    Some(Position::new(
        x.min(area.right().saturating_sub(2)),
        area.bottom() - 2,
    ))
}
