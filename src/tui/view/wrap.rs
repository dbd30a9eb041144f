//! Word wrapping of styled text by display width, for prose in any script.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::lesson::render::{Piece, plan_wrap};

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
/// others after `rest`, as [`plan_wrap`] plans it for `show`: at spaces, and between the
/// characters of a word with wide (CJK) characters or one longer than a line.
pub fn fill(
    words: &[(String, Style)],
    width: usize,
    first: Span<'static>,
    rest: &str,
) -> Vec<Line<'static>> {
    let texts: Vec<&str> = words.iter().map(|(w, _)| w.as_str()).collect();
    let plan = plan_wrap(&texts, width.max(4), first.content.width(), rest.width());
    let mut lines = Vec::new();
    let mut line: Vec<Span<'static>> = vec![first];
    for piece in plan {
        match piece {
            Piece::Space => line.push(Span::raw(" ")),
            Piece::Word(i, bytes) => {
                let (word, style) = &words[i];
                line.push(Span::styled(word[bytes].to_string(), *style));
            }
            Piece::Break => {
                lines.push(Line::from(std::mem::take(&mut line)));
                line.push(Span::raw(rest.to_string()));
            }
        }
    }
    lines.push(Line::from(line));
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
