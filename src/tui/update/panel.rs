//! The exercise panel's own state changes: its scrolling, and choosing an option by its
//! letter. The panel keeps in view what just changed (a new hint, the feedback, the revealed
//! answer) and scrolls within what it holds, however the screen was resized since.

use super::{Effect, submit};
use crate::strings::trf;
use crate::tui::app::{App, Notice};
use crate::tui::view;
use crate::tui::view::exercise::{content, max_scroll, page, scroll_to_show};

/// A part of the exercise panel to bring into view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Part {
    /// The feedback on the last answer, and what follows it.
    Feedback,
    /// The last hint shown.
    LastHint,
    /// The revealed answer (and the explanation after it, as much as fits).
    Revealed,
}

/// The exercise panel's place on the screen as [`App::size`] last saw it.
fn area(app: &App) -> ratatui::layout::Rect {
    view::areas(app, app.screen()).exercise
}

/// Scrolls the panel by `delta` lines, within its content.
pub(super) fn scroll(app: &mut App, delta: isize) {
    let max = max_scroll(app, area(app));
    app.exercise_scroll = app
        .exercise_scroll
        .min(max)
        .saturating_add_signed(delta)
        .min(max);
}

/// Scrolls the panel by `pages` of its height (less a line kept for context).
pub(super) fn scroll_pages(app: &mut App, pages: isize) {
    let rows = page(area(app)) as isize;
    scroll(app, pages.saturating_mul(rows));
}

/// Scrolls the panel, as little as it can, so that `part` is in view (its start first when
/// it does not fit); nothing when the panel does not hold it.
pub(super) fn show(app: &mut App, part: Part) {
    let area = area(app);
    let shown = content(app, area.width.saturating_sub(2) as usize);
    let (anchors, len) = (shown.anchors, shown.lines.len());
    let range = match part {
        // The feedback and what follows it (the explanation, what to do next).
        Part::Feedback => anchors.feedback.map(|r| r.start..len),
        Part::LastHint => anchors.hints.last().cloned(),
        Part::Revealed => anchors.revealed.map(|at| at..len),
    };
    if let Some(range) = range {
        app.exercise_scroll = scroll_to_show(app, area, range, app.exercise_scroll);
    }
}

/// Answers the exercise with its option `n` (`a` is 0), as if its letter were typed and
/// checked; a letter past the options is refused with the ones there are.
pub(super) fn choose(app: &mut App, n: usize) -> Option<Effect> {
    let lang = app.settings.lang;
    let options = app.page.cards.get(app.exercise)?.options.len();
    let letter = |i: usize| char::from(b'a' + u8::try_from(i % 26).unwrap_or(0));
    if n >= options {
        let text = if options == 0 {
            crate::strings::tr(lang, "this exercise has no options: type the answer").to_string()
        } else {
            trf(
                lang,
                "there is no option {letter}: the options are a to {last}",
                &[&letter(n), &letter(options - 1)],
            )
        };
        app.notice = Some(Notice { text, error: false });
        return None;
    }
    app.answer.set(letter(n).to_string());
    submit(app)
}
