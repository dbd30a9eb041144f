//! Lesson prose as styled lines: the inline marks (`*emphasis*`, `` `code` ``) become styled
//! runs, and [`fill`] breaks them into lines by the plan `show` uses
//! ([`crate::lesson::wrap::plan_wrap`]: UAX #14, display widths). The plan is in byte ranges
//! so a line can carry its runs' styles as ratatui spans, which textwrap's strings cannot.

use std::ops::Range;

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::lesson::wrap::{Piece, breaks_line, plan_wrap};

/// Styles for the inline marks of lesson prose.
#[derive(Clone, Copy, Debug)]
pub struct Marks {
    /// Plain text.
    pub text: Style,
    /// `*emphasis*`.
    pub emphasis: Style,
    /// `` `code` ``.
    pub code: Style,
}

/// Splits prose into runs of one style each, spaces included: `*...*` is emphasis and
/// `` `...` `` is code (the marks themselves are dropped). The runs read, one after the
/// other, as the prose does; a mark may open or close inside a word (`为`false`。`).
pub fn runs(text: &str, marks: Marks) -> Vec<(String, Style)> {
    let mut out: Vec<(String, Style)> = Vec::new();
    let (mut emphasis, mut code) = (false, false);
    let mut run = String::new();
    let mut style = marks.text;
    for c in text.chars() {
        let toggled = match c {
            '`' => {
                code = !code;
                true
            }
            '*' if !code => {
                emphasis = !emphasis;
                true
            }
            _ => false,
        };
        if toggled {
            let next = if code {
                marks.code
            } else if emphasis {
                marks.emphasis
            } else {
                marks.text
            };
            if next != style && !run.is_empty() {
                out.push((std::mem::take(&mut run), style));
            }
            style = next;
        } else {
            run.push(c);
        }
    }
    if !run.is_empty() {
        out.push((run, style));
    }
    out
}

/// Fills lines of at most `width` columns with `runs` (read one after the other, runs of
/// whitespace as one space), the first line after `first`, the others after `rest`, as
/// [`plan_wrap`] plans it for `show`. Spaces are unstyled; the text keeps its runs' styles.
pub fn fill(
    runs: &[(String, Style)],
    width: usize,
    first: Span<'static>,
    rest: &str,
) -> Vec<Line<'static>> {
    let mut text = String::new();
    let mut ends: Vec<(usize, Style)> = Vec::with_capacity(runs.len());
    let mut space = false;
    for (run, style) in runs {
        for c in run.chars() {
            if breaks_line(c) {
                space = true;
            } else {
                if space && !text.is_empty() {
                    text.push(' ');
                }
                space = false;
                text.push(c);
            }
        }
        ends.push((text.len(), *style));
    }
    let plan = plan_wrap(&text, width.max(4), first.content.width(), rest.width());
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![first];
    for piece in plan {
        match piece {
            Piece::Space => line.push(Span::raw(" ")),
            Piece::Word(bytes) => push_styled(&mut line, &text, bytes, &ends),
            Piece::Break => {
                lines.push(Line::from(std::mem::take(&mut line)));
                line.push(Span::raw(rest.to_string()));
            }
        }
    }
    lines.push(Line::from(line));
    lines
}

/// Pushes `text[bytes]` as spans in the styles of the runs it crosses (`ends`: where each run
/// ends, and its style); a space inside (UAX #14 glues `{ a`) stays unstyled.
fn push_styled(
    line: &mut Vec<Span<'static>>,
    text: &str,
    bytes: Range<usize>,
    ends: &[(usize, Style)],
) {
    let mut at = bytes.start;
    let mut run = ends.partition_point(|(end, _)| *end <= at);
    while at < bytes.end {
        let Some(&(end, style)) = ends.get(run) else {
            break;
        };
        let to = end.min(bytes.end);
        for (k, part) in text[at..to].split(' ').enumerate() {
            if k > 0 {
                line.push(Span::raw(" "));
            }
            if !part.is_empty() {
                line.push(Span::styled(part.to_string(), style));
            }
        }
        at = to;
        run += 1;
    }
}

/// The longest prefix of `s` that fits in `width` columns.
pub fn cut(s: &str, width: usize) -> String {
    let mut used = 0;
    let mut out = String::new();
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(lines: &[Line<'_>]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    fn marks() -> Marks {
        Marks {
            text: Style::new(),
            emphasis: Style::new().bold(),
            code: Style::new().italic(),
        }
    }

    #[test]
    fn marks_become_runs_even_inside_a_word() {
        let marks = marks();
        let r = runs("a *bold move* and `x * y` 文档", marks);
        assert_eq!(
            r,
            [
                ("a ".to_string(), marks.text),
                ("bold move".to_string(), marks.emphasis),
                (" and ".to_string(), marks.text),
                ("x * y".to_string(), marks.code),
                (" 文档".to_string(), marks.text),
            ]
        );
        // Chinese puts code between characters with no space: the style still changes.
        let lines = fill(&runs("结果为`false`。", marks), 20, Span::raw(""), "");
        let spans: Vec<_> = lines[0]
            .spans
            .iter()
            .map(|s| (s.content.to_string(), s.style))
            .collect();
        assert_eq!(
            spans,
            [
                (String::new(), Style::new()),
                ("结果为".to_string(), marks.text),
                ("false".to_string(), marks.code),
                ("。".to_string(), marks.text),
            ]
        );
    }

    #[test]
    fn wraps_by_display_width_at_unicode_breaks() {
        let marks = marks();
        let lines = fill(
            &runs("a *bold move* and `x * y` 文档文档", marks),
            12,
            Span::raw("- "),
            "  ",
        );
        assert_eq!(
            plain(&lines),
            ["- a bold", "  move and x", "  * y 文档文", "  档"]
        );
        // Chinese prose has no spaces: it breaks between characters, by display width, but
        // never before a closing mark (the `，` takes the `头` with it).
        let zh = runs("每个文档都以长度开头，然后是元素。", marks);
        let lines = fill(&zh, 10, Span::raw(""), "");
        assert_eq!(
            plain(&lines),
            ["每个文档都", "以长度开", "头，然后是", "元素。"]
        );
    }

    #[test]
    fn spaces_stay_unstyled_and_collapse() {
        let marks = marks();
        let lines = fill(&runs("`{ a:   1 }` ok", marks), 40, Span::raw(""), "");
        assert_eq!(plain(&lines), ["{ a: 1 } ok"]);
        assert!(
            lines[0]
                .spans
                .iter()
                .filter(|s| s.content == " ")
                .all(|s| s.style == Style::new())
        );
    }
}
