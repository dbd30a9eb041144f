//! Word wrapping of styled text by display width, for prose in any script.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

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

/// Splits prose into words with their styles: `*...*` is emphasis and `` `...` `` is code.
pub fn words(text: &str, marks: Marks) -> Vec<(String, Style)> {
    let mut out = Vec::new();
    let (mut emphasis, mut code) = (false, false);
    for raw in text.split_whitespace() {
        let mut word = String::new();
        let mut style_at_start = None;
        for c in raw.chars() {
            match c {
                '`' => code = !code,
                '*' if !code => emphasis = !emphasis,
                _ => {
                    if style_at_start.is_none() {
                        style_at_start = Some(if code {
                            marks.code
                        } else if emphasis {
                            marks.emphasis
                        } else {
                            marks.text
                        });
                    }
                    word.push(c);
                }
            }
        }
        if !word.is_empty() {
            out.push((word, style_at_start.unwrap_or(marks.text)));
        }
    }
    out
}

/// Fills lines of at most `width` columns with `words`, the first line after `first`, the
/// others after `rest`. Words break between lines at spaces; a word with wide (CJK)
/// characters, which need no spaces to break, or a word longer than a line, breaks between
/// its characters.
pub fn fill(
    words: &[(String, Style)],
    width: usize,
    first: Span<'static>,
    rest: &str,
) -> Vec<Line<'static>> {
    let width = width.max(4);
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![first];
    let mut used = line[0].content.width();
    let mut empty = true;
    let newline = |lines: &mut Vec<Line<'static>>, line: &mut Vec<Span<'static>>| {
        lines.push(Line::from(std::mem::take(line)));
        line.push(Span::raw(rest.to_string()));
    };
    for (word, style) in words {
        let w = word.width();
        let breakable = w > width.saturating_sub(rest.width())
            || word.chars().any(|c| c.width().unwrap_or(0) > 1);
        if !breakable {
            if !empty && used + 1 + w > width {
                newline(&mut lines, &mut line);
                used = rest.width();
                empty = true;
            }
            if !empty {
                line.push(Span::raw(" "));
                used += 1;
            }
            line.push(Span::styled(word.clone(), *style));
            used += w;
            empty = false;
            continue;
        }
        if !empty {
            if used + 2 > width {
                newline(&mut lines, &mut line);
                used = rest.width();
            } else {
                line.push(Span::raw(" "));
                used += 1;
            }
        }
        let mut piece = String::new();
        for c in word.chars() {
            let cw = c.width().unwrap_or(0);
            if used + cw > width {
                line.push(Span::styled(std::mem::take(&mut piece), *style));
                newline(&mut lines, &mut line);
                used = rest.width();
            }
            piece.push(c);
            used += cw;
        }
        line.push(Span::styled(piece, *style));
        empty = false;
    }
    if !empty || lines.is_empty() {
        lines.push(Line::from(line));
    }
    lines
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

    #[test]
    fn wraps_by_display_width_and_keeps_marks() {
        let marks = Marks {
            text: Style::new(),
            emphasis: Style::new().bold(),
            code: Style::new().italic(),
        };
        let w = words("a *bold move* and `x * y` 文档文档", marks);
        assert_eq!(w[1], ("bold".to_string(), marks.emphasis));
        assert_eq!(w[4], ("x".to_string(), marks.code));
        assert_eq!(w[5], ("*".to_string(), marks.code));
        let lines = fill(&w, 12, Span::raw("- "), "  ");
        assert_eq!(
            plain(&lines),
            ["- a bold", "  move and x", "  * y 文档文", "  档"]
        );
        // Chinese prose has no spaces: it breaks between characters, by display width.
        let zh = words("每个文档都以长度开头，然后是元素。", marks);
        let lines = fill(&zh, 10, Span::raw(""), "");
        assert_eq!(
            plain(&lines),
            ["每个文档都", "以长度开头", "，然后是元", "素。"]
        );
    }
}
