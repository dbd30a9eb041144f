//! The exercise panel: prompt, the form an answer takes, inputs, options, hints, the feedback
//! (one reason a line), the revealed answer and the explanation, wrapped at the panel's width
//! and scrolled ([`App::exercise_scroll`]) above an answer line that always shows. A border
//! says what is hidden above and below (`▲ 3 more`, `▼ 2 more`) and when keys are typed.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::wrap::{Marks, fill, runs};
use crate::lesson::check::{ByteMarks, Outcome, form, form_note};
use crate::lesson::progress::Status;
use crate::strings::localize::one_other;
use crate::strings::{tr, trf};
use crate::tui::app::App;
use crate::tui::app::Feedback;
use crate::tui::keymap::{Context, key_for, works};
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

/// Where the parts update scrolls to begin in [`Content::lines`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Anchors {
    /// The lines of each hint shown.
    pub hints: Vec<Range<usize>>,
    /// The lines of the feedback on the last answer (its reasons, byte marks and what to do
    /// next).
    pub feedback: Option<Range<usize>>,
    /// The first line of the revealed answer.
    pub revealed: Option<usize>,
}

/// What the panel holds above its answer line, wrapped at one width.
#[derive(Clone, Debug, Default)]
pub struct Content {
    /// Every line, the first at the top of the unscrolled panel.
    pub lines: Vec<Line<'static>>,
    /// Where its parts are.
    pub anchors: Anchors,
}

/// The lines above the answer line, wrapped at `width` columns.
pub fn lines(app: &App, width: usize) -> Vec<Line<'static>> {
    content(app, width).lines
}

/// The panel's content at `width` columns, and where its parts are.
pub fn content(app: &App, width: usize) -> Content {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let marks = Marks {
        text: theme.text,
        emphasis: theme.emphasis,
        code: theme.code,
    };
    let mut c = Content::default();
    let Some(card) = app.page.cards.get(app.exercise) else {
        let text = if app.opening.is_some() {
            tr(lang, "computing the lesson…").to_string()
        } else {
            trf(
                lang,
                "This lesson has no exercises. {key_for} and {key_for2} move between lessons.",
                &[
                    &key_for(Context::Commands, &Message::Lesson(-1), lang),
                    &key_for(Context::Commands, &Message::Lesson(1), lang),
                ],
            )
        };
        c.lines = fill(&[(text, theme.dim)], width, Span::raw(""), "");
        return c;
    };
    let out = &mut c.lines;
    out.extend(fill(&runs(&card.prompt, marks), width, Span::raw(""), ""));
    // The form the answer is read in, so a learner need not guess it; options show theirs
    // (their letters), and an example letter would read as a pick.
    if card.options.is_empty() {
        out.extend(fill(
            &[(form_note(&card.exercise, lang), theme.dim)],
            width,
            Span::raw(""),
            "",
        ));
    }
    for (label, value) in &card.inputs {
        out.extend(fill(
            &[(value.clone(), theme.code)],
            width,
            Span::styled(format!("  {label}: "), theme.dim),
            "    ",
        ));
    }
    for (i, option) in card.options.iter().enumerate() {
        out.extend(fill(
            &runs(option, marks),
            width,
            Span::styled(format!("  ({}) ", option_letter(i)), theme.key),
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
        let start = out.len();
        out.extend(fill(
            &w,
            width,
            Span::styled(
                format!("  {}", trf(lang, "hint {n}: ", &[&(i + 1)])),
                theme.hint,
            ),
            "    ",
        ));
        c.anchors.hints.push(start..out.len());
    }
    if app
        .checking
        .as_ref()
        .is_some_and(|c| (c.lesson, c.exercise) == (app.lesson, app.exercise))
    {
        out.push(Line::styled(tr(lang, "checking the answer…"), theme.dim));
    }
    if let Some(f) = &app.feedback {
        let start = out.len();
        feedback_lines(app, f, width, out);
        c.anchors.feedback = Some(start..out.len());
    }
    if app.revealed {
        c.anchors.revealed = Some(out.len());
        let shown = match &card.solution {
            Ok(s) => s.clone(),
            Err(e) => trf(lang, "(no answer: {error})", &[e]),
        };
        for (k, part) in shown.split('\n').enumerate() {
            let first = if k == 0 {
                Span::styled(tr(lang, "answer: "), theme.hint)
            } else {
                Span::raw("  ")
            };
            out.extend(fill(&[(part.to_string(), theme.code)], width, first, "  "));
        }
    }
    let solved = app.status(app.lesson, app.exercise) == Status::Solved;
    if app.revealed || (solved && app.feedback.as_ref().is_some_and(Feedback::correct)) {
        out.extend(fill(
            &runs(&card.explanation, marks),
            width,
            Span::styled(tr(lang, "why: "), theme.title),
            "  ",
        ));
    }
    // Solved: on to the next one, whose key the status bar leaves out here.
    if app.feedback.as_ref().is_some_and(Feedback::correct)
        && app.exercise + 1 < app.page.cards.len()
    {
        let key = key_for(Context::Commands, &Message::Exercise(1), lang);
        c.lines.extend(fill(
            &[(trf(lang, "{key_for}: next exercise", &[&key]), theme.dim)],
            width,
            Span::raw(""),
            "",
        ));
    }
    c
}

/// The letter of option `i`: `a` for the first.
fn option_letter(i: usize) -> char {
    char::from(b'a' + u8::try_from(i % 26).unwrap_or(0))
}

/// The feedback on the last answer: its mark and its lines (one reason a line, as
/// `bson-tutor answer` prints them), each wrapped; the bytes typed with the wrong ones
/// highlighted; and what to do next.
fn feedback_lines(app: &App, f: &Feedback, width: usize, out: &mut Vec<Line<'static>>) {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let marks = Marks {
        text: theme.text,
        emphasis: theme.emphasis,
        code: theme.code,
    };
    let (mark, style) = match f.outcome {
        Outcome::Right => ("✓ ", theme.right),
        Outcome::Wrong => ("✗ ", theme.wrong),
        Outcome::Unreadable => ("? ", theme.hint),
    };
    for (k, reason) in f
        .text
        .split('\n')
        .filter(|r| !r.trim().is_empty())
        .enumerate()
    {
        let w: Vec<_> = runs(reason, marks)
            .into_iter()
            .map(|(w, _)| (w, style))
            .collect();
        let first = Span::styled(if k == 0 { mark } else { "  " }, style);
        out.extend(fill(&w, width, first, "  "));
    }
    if let Some(m) = f.marks.as_ref().filter(|m| !m.wrong.is_empty()) {
        out.extend(byte_marks(app, m, width));
    }
    match f.outcome {
        Outcome::Wrong if !app.revealed => out.extend(fill(
            &[(next_steps(app), theme.dim)],
            width,
            Span::raw("  "),
            "  ",
        )),
        Outcome::Unreadable => {
            // A format slip: the form expected (unless the feedback shows it) and why the
            // attempt count did not move.
            if let Some(card) = app.page.cards.get(app.exercise)
                && !f.text.contains(form(&card.exercise).example)
            {
                let note = form_note(&card.exercise, lang);
                out.extend(fill(&[(note, theme.hint)], width, Span::raw("  "), "  "));
            }
            let not_counted = tr(lang, "not counted as an attempt");
            out.extend(fill(
                &[(not_counted.to_string(), theme.dim)],
                width,
                Span::raw("  "),
                "  ",
            ));
        }
        _ => {}
    }
}

/// The bytes of a wrong `bytes` answer as typed, in hex, the wrong ones highlighted (the
/// right bytes are not shown: that would give the answer away).
fn byte_marks(app: &App, m: &ByteMarks, width: usize) -> Vec<Line<'static>> {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let wrong = theme.wrong.add_modifier(Modifier::REVERSED);
    let mut bytes = Vec::with_capacity(m.typed.len() * 2);
    for (i, b) in m.typed.iter().enumerate() {
        if i > 0 {
            bytes.push((" ".to_string(), Style::new()));
        }
        let style = if m.wrong.contains(&i) {
            wrong
        } else {
            theme.code
        };
        bytes.push((format!("{b:02x}"), style));
    }
    let label = tr(lang, "your bytes, the wrong ones highlighted: ");
    fill(
        &bytes,
        width,
        Span::styled(format!("  {label}"), theme.dim),
        "    ",
    )
}

/// What to do after a wrong answer, with the keys that do it from where the learner is and
/// only those that work now (no hint once they are all shown).
fn next_steps(app: &App) -> String {
    let lang = app.settings.lang;
    if app.focus == Focus::Answer {
        return trf(
            lang,
            "edit and press {key_for} to check again · {key_for2} stops typing",
            &[
                &key_for(Context::Answer, &Message::Submit, lang),
                &key_for(Context::Answer, &Message::Back, lang),
            ],
        );
    }
    let mut steps = vec![trf(lang, "{key_for}: try again", &[&typing_key(app)])];
    if works(app, &Message::Hint) {
        let key = key_for(Context::Commands, &Message::Hint, lang);
        steps.push(trf(lang, "{key_for}: a hint", &[&key]));
    }
    if works(app, &Message::Reveal) {
        let key = key_for(Context::Commands, &Message::Reveal, lang);
        steps.push(trf(lang, "{key_for}: reveal the answer", &[&key]));
    }
    steps.join(" · ")
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
        let hint = match app.page.cards.get(app.exercise) {
            None => String::new(),
            // The letters choose only where the panel has the keyboard.
            Some(card) if card.options.is_empty() || app.focus != Focus::Exercise => trf(
                app.settings.lang,
                "press {typing_key} to type your answer",
                &[&typing_key(app)],
            ),
            Some(_) => trf(
                app.settings.lang,
                "press {typing_key} to type your answer, or the letter of an option",
                &[&typing_key(app)],
            ),
        };
        spans.push(Span::styled(hint, theme.dim));
    } else {
        let style = if typing { theme.text } else { theme.dim };
        spans.push(Span::styled(shown.to_string(), style));
    }
    let cursor = typing.then(|| u16::try_from(lead_width + col).unwrap_or(u16::MAX));
    (Line::from(spans), cursor)
}

/// The rows of content a panel at `area` shows above its answer line (inside its border).
fn rows(area: Rect) -> usize {
    area.height.saturating_sub(3) as usize
}

/// The last first line of the exercise panel at `area`: 0 when everything fits.
pub fn max_scroll(app: &App, area: Rect) -> usize {
    let width = area.width.saturating_sub(2) as usize;
    lines(app, width).len().saturating_sub(rows(area))
}

/// How far a page of the panel at `area` scrolls: its rows less one, kept for context.
pub fn page(area: Rect) -> usize {
    rows(area).saturating_sub(1).max(1)
}

/// The scroll position that shows `range` of the content (as much of it as fits, its start
/// first), moving as little as possible from `from`, in the panel at `area`.
pub fn scroll_to_show(app: &App, area: Rect, range: Range<usize>, from: usize) -> usize {
    let rows = rows(area).max(1);
    let max = max_scroll(app, area);
    let from = from.min(max);
    let top = if range.start < from || range.len() > rows {
        range.start
    } else if range.end > from + rows {
        range.end - rows
    } else {
        from
    };
    top.min(max)
}

/// `▲ 3 more` / `▼ 2 more`: how many lines are hidden above or below.
fn more(app: &App, up: bool, n: usize) -> String {
    let lang = app.settings.lang;
    if up {
        trf(lang, "▲ {n} more", &[&n])
    } else {
        trf(lang, "▼ {n} more", &[&n])
    }
}

/// The panel at `area` in `block` (its border and title): the content from
/// [`App::exercise_scroll`] (kept within it), the lines hidden above and below named in the
/// border, and the answer line at the bottom, highlighted while keys are typed into it.
pub fn render(app: &App, block: Block<'_>, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let typing = app.focus == Focus::Answer;
    let inner = block.inner(area);
    let lines = lines(app, inner.width as usize);
    let rows = rows(area);
    let max = lines.len().saturating_sub(rows);
    let scroll = app.exercise_scroll.min(max);
    let below = lines.len().saturating_sub(scroll + rows);
    let mut block = block;
    if scroll > 0 {
        block = block.title(
            Line::styled(format!(" {} ", more(app, true, scroll)), theme.key)
                .alignment(Alignment::Right),
        );
    }
    if typing {
        let marker = trf(
            lang,
            "typing: {key_for} checks · {key_for2} stops",
            &[
                &key_for(Context::Answer, &Message::Submit, lang),
                &key_for(Context::Answer, &Message::Back, lang),
            ],
        );
        block = block.title_bottom(Line::styled(format!(" {marker} "), theme.key));
    }
    if below > 0 {
        block = block.title_bottom(
            Line::styled(format!(" {} ", more(app, false, below)), theme.key)
                .alignment(Alignment::Right),
        );
    }
    block.render(area, buf);
    if inner.height == 0 {
        return;
    }
    let content_rows = inner.height.saturating_sub(1);
    for (row, line) in lines
        .iter()
        .skip(scroll)
        .take(content_rows as usize)
        .enumerate()
    {
        buf.set_line(inner.x, inner.y + row as u16, line, inner.width);
    }
    let answer = Rect::new(inner.x, inner.bottom() - 1, inner.width, 1);
    let (line, cursor) = answer_line(app, answer.width as usize);
    if typing {
        buf.set_style(answer, theme.selected);
    }
    buf.set_line(answer.x, answer.y, &line, answer.width);
    if let Some(col) = cursor
        && col < answer.width
    {
        buf.set_style(Rect::new(answer.x + col, answer.y, 1, 1), theme.cursor);
    }
}

/// Where the terminal cursor goes in the exercise panel at `area`, if the learner is typing
/// an answer.
pub fn cursor(app: &App, area: Rect) -> Option<Position> {
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
