//! Drawing: `impl Widget for &App`, one small function per area. Nothing here computes a BSON
//! fact; every figure comes from the page the engine computed or from the hex model.

pub mod course;
pub mod exercise;
pub mod keys;
pub mod lesson;
pub mod marks;
pub mod wrap;

pub use keys::help_max_scroll;
pub use marks::scroll_marks;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

use unicode_width::UnicodeWidthStr;

use super::app::{App, ListItem, Mode};
use super::console::ConsoleView;
use super::hex;
use super::keymap::{self, Context};
use super::message::{Confirm, Focus, Message};
use super::playground::PlaygroundView;
use super::playground::text::{fit, wrap};
use crate::lesson::progress::Status;
use crate::strings::{tr, trf};

/// The smallest terminal the interface draws in.
pub const MIN_SIZE: (u16, u16) = (60, 18);

/// Where each panel goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    /// The lesson list: a column on a wide screen; while it has the keyboard, drawn over the
    /// lesson as wide as its titles need (the other panels keep their places).
    pub list: Rect,
    /// Under the list while it has the keyboard, when the selected title does not fit on its
    /// line: the title in full (empty otherwise).
    pub list_footer: Rect,
    /// The lesson text.
    pub lesson: Rect,
    /// The hex view.
    pub hex: Rect,
    /// The exercise panel.
    pub exercise: Rect,
    /// Everything but the status bar (the playground's area).
    pub body: Rect,
    /// The status bar.
    pub status: Rect,
}

/// The panels in `area`, the whole screen. The focused panel gets the room on short screens.
pub fn areas(app: &App, area: Rect) -> Areas {
    let [body, status] = area.layout(&Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(1),
    ]));
    // On a narrow screen the list has no column: the lesson text and the hex view (16 bytes a
    // line needs 75 columns) keep the whole width, and the list is drawn over them while it
    // has the keyboard, so nothing else moves when it opens.
    let column = match body.width {
        110.. => 30,
        100..110 => 22,
        _ => 0,
    };
    let [list, right] = body.layout(&Layout::horizontal([
        Constraint::Length(column),
        Constraint::Fill(1),
    ]));
    let (list, list_footer) = if app.focus == Focus::List {
        list_overlay(app, body, column)
    } else {
        (list, Rect::default())
    };
    let tall = right.height >= 34;
    let hex_width = right.width.saturating_sub(2);
    let hex_height = match app.page.documents.get(app.document).map(|d| &d.model) {
        // No document to walk: no panel (and no Tab stop, see `App::next_focus`).
        None => 0,
        Some(Err(e)) => wrap(e, usize::from(hex_width), 3).len().max(1) as u16 + 2,
        Some(Ok(model)) => {
            let lang = app.settings.lang;
            let wanted = |full| {
                let rows = hex::rows_wanted(model, &app.hex, lang, hex_width, full);
                u16::try_from(rows).unwrap_or(u16::MAX).saturating_add(2)
            };
            let cap = if tall {
                16
            } else if app.focus == Focus::Hex {
                right.height / 2
            } else {
                // A document of a few lines shows whole (the 36 bytes of lesson 1 at 100x30);
                // a long one leaves the lesson text its room.
                (right.height / 3).max(6)
            };
            let full = wanted(true);
            if full <= cap {
                full
            } else {
                wanted(false).min(cap)
            }
        }
    };
    let inner = right.width.saturating_sub(2) as usize;
    let content = exercise::lines(app, inner).len() as u16 + 3;
    let exercise_cap = if tall {
        16
    } else if matches!(app.focus, Focus::Exercise | Focus::Answer) {
        right.height / 2
    } else {
        6
    };
    let exercise_height = content.min(exercise_cap).max(4);
    let [lesson, hex, exercise] = right.layout(&Layout::vertical([
        Constraint::Min(4),
        Constraint::Length(hex_height),
        Constraint::Length(exercise_height),
    ]));
    Areas {
        list,
        list_footer,
        lesson,
        hex,
        exercise,
        body,
        status,
    }
}

/// The list with the keyboard: from the left of `body`, as wide as its longest line (at
/// least its `column`, at most the screen), and under it the selected title in full when it
/// is cut.
fn list_overlay(app: &App, body: Rect, column: u16) -> (Rect, Rect) {
    let widest = (0..app.lessons.len())
        .map(|i| {
            let (left, right) = lesson_row(app, i);
            UnicodeWidthStr::width(left.as_str()) + 1 + UnicodeWidthStr::width(right.as_str())
        })
        .max()
        .unwrap_or(0);
    let width = u16::try_from(widest + 2)
        .unwrap_or(u16::MAX)
        .max(column)
        .min(body.width);
    let frame = Rect { width, ..body };
    let footer = list_footer_lines(app, usize::from(width.saturating_sub(2)));
    // A rule, the title and the bottom border; a third of the height at most.
    let rows = if footer.is_empty() {
        0
    } else {
        (footer.len() as u16 + 2).min(frame.height / 3)
    };
    let list = Rect {
        height: frame.height - rows,
        ..frame
    };
    let footer = Rect {
        y: list.bottom(),
        height: rows,
        ..frame
    };
    (list, footer)
}

/// A lesson's line in the list: `✓ 3 Order and type bracketing`, and its count `2/5`.
fn lesson_row(app: &App, i: usize) -> (String, String) {
    let (solved, done) = app.lesson_counts(i);
    let count = app.exercise_count(i);
    // ✓ only when every exercise is solved; • when each is answered or revealed.
    let mark = if app.lesson_complete(i) {
        "✓"
    } else if count > 0 && done == count {
        "•"
    } else {
        " "
    };
    let lesson = &app.lessons[i];
    (
        format!("{mark}{:>2} {}", lesson.order, lesson.title),
        format!("{solved}/{count}"),
    )
}

/// The selected lesson's title in full, wrapped at `width`, when its line in the list cuts it
/// (nothing otherwise).
fn list_footer_lines(app: &App, width: usize) -> Vec<String> {
    let Some(ListItem::Lesson(i)) = app.list_items().get(app.list_selected).copied() else {
        return Vec::new();
    };
    let (left, right) = lesson_row(app, i);
    let fits =
        UnicodeWidthStr::width(left.as_str()) + 1 + UnicodeWidthStr::width(right.as_str()) <= width;
    if fits {
        return Vec::new();
    }
    let lesson = &app.lessons[i];
    wrap(&format!("{}. {}", lesson.order, lesson.title), width, 3)
}

/// Where the terminal cursor goes in a frame of `area` (the answer line or a playground
/// line), if anywhere.
pub fn cursor(app: &App, area: Rect) -> Option<Position> {
    if too_small(area) {
        return None;
    }
    match app.mode {
        Mode::Browse => exercise::cursor(app, areas(app, area).exercise),
        Mode::Playground => app
            .playground
            .as_ref()
            .and_then(|p| p.cursor_position(areas(app, area).body)),
        Mode::Console => app
            .console
            .as_ref()
            .and_then(|c| c.cursor_position(areas(app, area).body, app.settings.lang)),
        _ => None,
    }
}

fn too_small(area: Rect) -> bool {
    area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1
}

/// Drawn from the model and the `area` given, never from [`App::size`]: between a resize
/// and the message that reports it, the frame is already the new size.
impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if too_small(area) {
            render_too_small(self, area, buf);
            return;
        }
        let a = areas(self, area);
        match &self.mode {
            Mode::Playground => render_playground(self, a.body, buf),
            Mode::Help(back) if **back == Mode::Playground => render_playground(self, a.body, buf),
            Mode::Console => render_console(self, a.body, buf),
            Mode::Help(back) if **back == Mode::Console => render_console(self, a.body, buf),
            _ => {
                render_lesson(self, a.lesson, buf);
                render_hex(self, a.hex, buf);
                render_exercise(self, a.exercise, buf);
                // Last: with the keyboard it is drawn over the others.
                render_list(self, a.list, a.list_footer, buf);
            }
        }
        keys::render_status(self, a.status, buf);
        match &self.mode {
            Mode::Help(_) => keys::render_help(self, a.body, buf),
            Mode::Confirm(what) => render_confirm(self, what, a.body, buf),
            Mode::Complete { lesson } => render_complete(self, *lesson, a.body, buf),
            Mode::Alert(text) => render_alert(self, text, a.body, buf),
            Mode::Course => course::render_course(self, a.body, buf),
            _ => {}
        }
    }
}

fn render_console(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(panel) = &app.console {
        ConsoleView {
            panel,
            theme: &app.settings.theme,
            lang: app.settings.lang,
        }
        .render(area, buf);
    }
}

fn panel<'a>(app: &App, title: impl Into<Line<'a>>, focused: bool) -> Block<'a> {
    let theme = &app.settings.theme;
    Block::new()
        .borders(Borders::ALL)
        .border_style(if focused {
            theme.focus_border
        } else {
            theme.border
        })
        .title(title)
        .title_style(if focused { theme.title } else { theme.text })
}

fn render_too_small(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let paragraphs = [
        ("bson-tutor".to_string(), theme.title),
        (
            trf(
                lang,
                "make the window larger (needs {min_width}x{min_height}, now {width}x{height})",
                &[&MIN_SIZE.0, &MIN_SIZE.1, &area.width, &area.height],
            ),
            theme.text,
        ),
        (
            // Ctrl-C, not q: on this screen the learner may be typing an answer.
            trf(
                lang,
                "{key_for} quits",
                &[&keymap::key_for(Context::Anywhere, &Message::Quit, lang)],
            ),
            theme.dim,
        ),
    ];
    // Wrapped and centred here, by display width, down to one cell: ratatui's paragraph
    // wrote a Chinese character past the right edge of a two-column window.
    let width = usize::from(area.width);
    let rows = usize::from(area.height);
    let mut lines = Vec::new();
    for (text, style) in &paragraphs {
        let left = rows.saturating_sub(lines.len());
        lines.extend(wrap(text, width, left).into_iter().map(|l| (l, *style)));
    }
    let top = area.height.saturating_sub(lines.len() as u16) / 2;
    for ((line, style), y) in lines.into_iter().zip(area.y + top..area.bottom()) {
        let used = unicode_width::UnicodeWidthStr::width(line.as_str()).min(width);
        let x = area.x + ((width - used) / 2) as u16;
        buf.set_stringn(x, y, &line, usize::from(area.right() - x), style);
    }
}

fn render_list(app: &App, area: Rect, footer: Rect, buf: &mut Buffer) {
    if area.width == 0 || area.height == 0 {
        return;
    }
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let focused = app.focus == Focus::List;
    let frame = area.union(footer);
    if focused {
        Clear.render(frame, buf);
    }
    let total: usize = (0..app.lessons.len()).map(|i| app.exercise_count(i)).sum();
    let solved: usize = (0..app.lessons.len()).map(|i| app.lesson_counts(i).0).sum();
    let title = format!(" {} {solved}/{total} ", tr(lang, "Lessons"));
    let mut block = panel(app, title, focused);
    if footer.height > 0 {
        block = block.borders(Borders::TOP | Borders::LEFT | Borders::RIGHT);
    }
    let inner = block.inner(area);
    block.render(area, buf);
    let items = app.list_items();
    let height = inner.height as usize;
    let mut offset = app.list_offset.get();
    if app.list_selected < offset {
        offset = app.list_selected;
    } else if height > 0 && app.list_selected >= offset + height {
        offset = app.list_selected + 1 - height;
    }
    offset = offset.min(items.len().saturating_sub(height));
    app.list_offset.set(offset);
    let width = inner.width as usize;
    for (row, (index, item)) in items
        .iter()
        .enumerate()
        .skip(offset)
        .take(height)
        .enumerate()
    {
        let (left, right, style) = match *item {
            ListItem::Lesson(i) => {
                let (left, right) = lesson_row(app, i);
                let style = if i == app.lesson {
                    theme.title
                } else {
                    theme.text
                };
                (left, right, style)
            }
            ListItem::Exercise(i, n) => {
                let mark = match app.status(i, n) {
                    Status::Solved => "✓",
                    Status::Revealed => "•",
                    Status::Pending => " ",
                };
                let pointer = if n == app.exercise { "▸" } else { " " };
                let kind = app.page.cards.get(n).map_or("", |c| tr(lang, c.kind));
                (
                    format!("   {pointer}{mark} {} {kind}", n + 1),
                    String::new(),
                    theme.dim,
                )
            }
            ListItem::Review => course::review_item(app),
        };
        let right_width = UnicodeWidthStr::width(right.as_str());
        // A title too long for the line ends in `…`; the footer shows the selected one whole.
        let left = fit(&left, width.saturating_sub(right_width + 1));
        let pad = width.saturating_sub(UnicodeWidthStr::width(left.as_str()) + right_width);
        let selected = index == app.list_selected && focused;
        // The selected line is one colour on its background (checked for contrast).
        let pick = |s: Style| if selected { s.patch(theme.selected) } else { s };
        let line = Line::from(vec![
            Span::styled(left, pick(style)),
            Span::styled(" ".repeat(pad), pick(Style::new())),
            Span::styled(right, pick(theme.dim)),
        ]);
        let y = inner.y + row as u16;
        buf.set_line(inner.x, y, &line, inner.width);
    }
    let hidden = (offset, items.len().saturating_sub(offset + height));
    if footer.height == 0 {
        scroll_marks(theme, lang, area, hidden, buf);
        return;
    }
    let rule = format!(
        "├{}┤",
        "─".repeat(usize::from(footer.width.saturating_sub(2)))
    );
    let border = if focused {
        theme.focus_border
    } else {
        theme.border
    };
    buf.set_string(footer.x, footer.y, rule, border);
    let block = Block::new()
        .borders(Borders::LEFT | Borders::RIGHT | Borders::BOTTOM)
        .border_style(border);
    let below = Rect {
        y: footer.y + 1,
        height: footer.height - 1,
        ..footer
    };
    let inner = block.inner(below);
    block.render(below, buf);
    for (y, text) in (inner.top()..inner.bottom()).zip(list_footer_lines(app, inner.width.into())) {
        buf.set_string(inner.x, y, text, theme.title);
    }
    scroll_marks(
        theme,
        lang,
        Rect {
            height: area.height + 1,
            ..area
        },
        hidden,
        buf,
    );
}

fn render_lesson(app: &App, area: Rect, buf: &mut Buffer) {
    let title = app.current().map_or_else(
        || format!(" {} ", tr(app.settings.lang, "no lessons")),
        |l| format!(" {} ", l.title),
    );
    let block = panel(app, title, app.focus == Focus::Lesson);
    let inner = block.inner(area);
    block.render(area, buf);
    let text = lesson::lesson_text(app, lesson::text_width(area));
    let height = inner.height as usize;
    let max = text.lines.len().saturating_sub(height);
    let scroll = app.scroll.min(max);
    for (row, line) in text.lines.iter().skip(scroll).take(height).enumerate() {
        buf.set_line(inner.x, inner.y + row as u16, line, inner.width);
    }
    scroll_marks(
        &app.settings.theme,
        app.settings.lang,
        area,
        (scroll, max - scroll),
        buf,
    );
}

fn render_hex(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let focused = app.focus == Focus::Hex;
    // No document, no panel: `areas` gives it no rows.
    let Some(doc) = app.page.documents.get(app.document) else {
        return;
    };
    if area.height == 0 {
        return;
    }
    let lang = app.settings.lang;
    let count = app.page.documents.len();
    // `Bytes of { _id: 1, name: "An", age: 30 } · 36 bytes · 1/2 (d: next)`: the document
    // as the lesson writes it, cut to the room its figures leave.
    let mut figures = String::new();
    if let Ok(model) = &doc.model {
        let n = model.bytes().len();
        figures.push_str(&format!(" · {n} {}", tr(lang, "bytes")));
    }
    if count > 1 {
        figures.push_str(&format!(
            " · {}/{count} ({})",
            app.document + 1,
            trf(
                lang,
                "{key_for}: next",
                &[&keymap::key_for(
                    Context::Commands,
                    &Message::HexDocument(1),
                    lang
                )]
            )
        ));
    }
    let room = usize::from(area.width.saturating_sub(4))
        .saturating_sub(UnicodeWidthStr::width(figures.as_str()) + 2);
    let name = trf(lang, "Bytes of {document}", &[&doc.written]);
    let title = format!(" {}{figures} ", fit(&name, room));
    let block = panel(app, title, focused);
    let inner = block.inner(area);
    block.render(area, buf);
    // The panel is sized for three lines of an error (see `areas`).
    hex::render_model(&doc.model, &app.hex, theme, lang, (area, inner), buf);
}

fn render_exercise(app: &App, area: Rect, buf: &mut Buffer) {
    let focused = matches!(app.focus, Focus::Exercise | Focus::Answer);
    let block = panel(app, format!(" {} ", exercise::title(app)), focused);
    exercise::render(app, block, area, buf);
}

fn render_playground(app: &App, area: Rect, buf: &mut Buffer) {
    if let Some(playground) = &app.playground {
        PlaygroundView {
            playground,
            theme: &app.settings.theme,
            lang: app.settings.lang,
        }
        .render(area, buf);
    }
}

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
}

fn overlay(app: &App, title: &str, lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    overlay_at_least(app, title, lines, 0, area, buf);
}

/// An overlay at least `min_width` columns of text wide (the help keeps its width while it
/// scrolls).
fn overlay_at_least(
    app: &App,
    title: &str,
    lines: Vec<Line<'static>>,
    min_width: usize,
    area: Rect,
    buf: &mut Buffer,
) {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(min_width)
        .max(unicode_width::UnicodeWidthStr::width(title) + 4) as u16
        + 4;
    let rect = centered(area, width, lines.len() as u16 + 2);
    Clear.render(rect, buf);
    cut_wide_characters_at(rect, buf);
    let block = panel(app, format!(" {title} "), true);
    let inner = block.inner(rect);
    block.render(rect, buf);
    for (row, line) in lines.iter().take(inner.height as usize).enumerate() {
        buf.set_line(
            inner.x + 1,
            inner.y + row as u16,
            line,
            inner.width.saturating_sub(1),
        );
    }
}

fn render_alert(app: &App, text: &str, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let width = area.width.saturating_sub(8).min(76) as usize;
    let marks = wrap::Marks {
        text: theme.text,
        emphasis: theme.text,
        code: theme.text,
    };
    let text = crate::strings::safe::escape_text(text);
    let mut lines = wrap::fill(&wrap::runs(&text, marks), width, Span::raw(""), "");
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        tr(app.settings.lang, "Press any key to go on."),
        theme.dim,
    ));
    overlay(app, tr(app.settings.lang, "Note"), lines, area, buf);
}

fn render_confirm(app: &App, what: &Confirm, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let lang = app.settings.lang;
    let title = |lesson: &usize| app.lessons.get(*lesson).map_or("", |l| l.title.as_str());
    let question = match what {
        Confirm::ResetExercise { lesson, exercise } => trf(
            lang,
            "Reset exercise {exercise} of “{title}”?",
            &[&(exercise + 1), &title(lesson)],
        ),
        Confirm::ResetLesson { lesson } => trf(
            lang,
            "Reset every exercise of “{title}”?",
            &[&title(lesson)],
        ),
    };
    let lines = vec![
        Line::raw(question),
        Line::styled(
            tr(lang, "Attempts, hints and answers are forgotten."),
            theme.dim,
        ),
        keys::key_line(app, &keymap::status_hints(app)),
    ];
    overlay(app, tr(lang, "Reset"), lines, area, buf);
}

fn render_complete(app: &App, lesson: usize, area: Rect, buf: &mut Buffer) {
    let theme = &app.settings.theme;
    let Some(l) = app.lessons.get(lesson) else {
        return;
    };
    let (solved, done) = app.lesson_counts(lesson);
    let count = app.exercise_count(lesson);
    let lang = app.settings.lang;
    let key = |message: &Message| keymap::key_for(Context::Complete, message, lang);
    // Revealed is not solved: the lesson is complete only when every exercise is.
    let complete = app.lesson_complete(lesson);
    let head = if complete {
        trf(lang, "{order}. {title}: complete", &[&l.order, &l.title])
    } else {
        trf(
            lang,
            "{order}. {title}: end of the lesson",
            &[&l.order, &l.title],
        )
    };
    let mut lines = vec![
        Line::styled(head, if complete { theme.right } else { theme.title }),
        Line::raw(trf(
            lang,
            "{solved} of {total} solved, {revealed} revealed.",
            &[&solved, &count, &(done - solved)],
        )),
    ];
    if !complete {
        lines.push(Line::styled(
            trf(
                lang,
                "A revealed answer is not solved: {key_for} brings it back to solve.",
                &[&key(&Message::Review)],
            ),
            theme.dim,
        ));
    }
    match app.lessons.get(lesson + 1) {
        Some(next) => {
            lines.push(Line::raw(trf(
                lang,
                "Next: {order}. {title}",
                &[&next.order, &next.title],
            )));
            lines.push(Line::styled(next.summary.clone(), theme.dim));
            let mut hints = vec![
                (key(&Message::Lesson(1)), tr(lang, "next lesson")),
                (key(&Message::Back), tr(lang, "stay here")),
            ];
            if !complete {
                hints.insert(1, (key(&Message::Review), tr(lang, "review")));
            }
            lines.push(keys::key_line(app, &hints));
        }
        None => {
            lines.push(Line::raw(tr(
                lang,
                "That was the last lesson of the course.",
            )));
            lines.push(keys::key_line(
                app,
                &[
                    (key(&Message::Continue), tr(lang, "any exercise left")),
                    (key(&Message::OpenPlayground), tr(lang, "playground")),
                    (key(&Message::Back), tr(lang, "close")),
                ],
            ));
        }
    }
    let max = area.width.saturating_sub(8) as usize;
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
    let title = if complete {
        "Lesson complete"
    } else {
        "End of the lesson"
    };
    overlay(app, tr(lang, title), lines, area, buf);
}

/// A wide (CJK) character just left of `rect` would spill its second column over the
/// overlay's border: a terminal draws it two columns wide and the diff skips the border cell
/// it covers. The overlay hides it, so it becomes a space.
fn cut_wide_characters_at(rect: Rect, buf: &mut Buffer) {
    if rect.x == 0 {
        return;
    }
    for y in rect.top()..rect.bottom() {
        if let Some(cell) = buf.cell_mut((rect.x - 1, y))
            && unicode_width::UnicodeWidthStr::width(cell.symbol()) > 1
        {
            cell.set_symbol(" ");
        }
    }
}
