//! One-line text measured in terminal cells: the window of a long line around a column,
//! truncation with `…`, and word wrapping. Each walks only as far as the width it fills, so a
//! 100 KB line costs what the screen shows, not its length.

use unicode_width::UnicodeWidthChar;

use crate::lesson::wrap::{Piece, breaks_line, plan_wrap};

fn cells(c: char) -> usize {
    c.width().unwrap_or(0)
}

pub use crate::tui::input::window;

/// `text` cut to `width` cells, ending in `…` when it was longer.
pub fn fit(text: &str, width: usize) -> String {
    let mut used = 0;
    for (i, c) in text.char_indices() {
        let w = cells(c);
        if used + w > width {
            // Too long: keep what fits in one cell less, then the ellipsis.
            let mut kept = 0;
            let mut end = 0;
            for (j, c) in text[..i].char_indices() {
                let w = cells(c);
                if kept + w + 1 > width {
                    break;
                }
                kept += w;
                end = j + c.len_utf8();
            }
            return if width == 0 {
                String::new()
            } else {
                format!("{}…", &text[..end])
            };
        }
        used += w;
    }
    text.to_owned()
}

/// The width of `text` in cells, counting no further than `cap`.
pub fn width_capped(text: &str, cap: usize) -> usize {
    let mut used = 0;
    for c in text.chars() {
        used += cells(c);
        if used >= cap {
            return cap;
        }
    }
    used
}

/// `text` wrapped into lines of at most `width` cells where UAX #14 allows a break, as lesson
/// prose is ([`plan_wrap`]: at spaces, between CJK characters, never before `，`; a token
/// wider than a line is cut), runs of whitespace as one space, at most `max_lines` lines, the
/// last ending in `…` when text was left over. Only the start of `text` that those lines can
/// hold is planned.
pub fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if width == 0 || max_lines == 0 {
        return lines;
    }
    // Each line holds at most `width` cells and drops at most one space at its break, so
    // text past this many cells cannot show.
    let (shown, cut) = collapsed_prefix(text, max_lines.saturating_mul(width + 1));
    let plan = plan_wrap(&shown, width, 0, 0);
    let mut line = String::new();
    let mut start = None;
    let mut pieces = plan.into_iter().peekable();
    while let Some(piece) = pieces.next() {
        match piece {
            Piece::Space => line.push(' '),
            Piece::Word(bytes) => {
                start.get_or_insert(bytes.start);
                line.push_str(&shown[bytes]);
            }
            Piece::Break => {}
        }
        let ends = matches!(pieces.peek(), None | Some(Piece::Break));
        if !ends {
            continue;
        }
        let from = start.take().unwrap_or(0);
        let last = lines.len() + 1 == max_lines;
        let more = pieces.peek().is_some() || cut;
        if width_capped(&line, width + 1) > width {
            // Not even one character fits (a wide character in a one-cell width).
            lines.push(fit(&shown[from..], width));
            return lines;
        }
        if last && more {
            lines.push(ellipsis(&shown[from..], width));
            return lines;
        }
        lines.push(std::mem::take(&mut line));
    }
    lines
}

/// `text` with runs of whitespace as one space, up to `room` cells, and whether text was
/// left after them.
fn collapsed_prefix(text: &str, room: usize) -> (String, bool) {
    let mut out = String::new();
    let mut used = 0;
    let mut space = false;
    for c in text.chars() {
        if breaks_line(c) {
            space = !out.is_empty();
            continue;
        }
        let w = usize::from(space) + cells(c);
        if used + w > room {
            return (out, true);
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
        used += w;
    }
    (out, false)
}

/// What of `text` fits in `width` cells with a `…` after it, for a line that has more after.
fn ellipsis(text: &str, width: usize) -> String {
    let mut kept = 0;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        let w = cells(c);
        if kept + w + 1 > width {
            break;
        }
        kept += w;
        end = i + c.len_utf8();
    }
    format!("{}…", &text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_keeps_the_spot_and_one_cell_after_it_visible() {
        assert_eq!(window("0123456789", 10, 5), ("6789", 4));
        assert_eq!(window("0123456789", 0, 5), ("01234", 0));
        assert_eq!(window("世界世界", 12, 4), ("界", 2));
        assert_eq!(window("abc", 1, 0), ("b", 0));
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis_by_display_width() {
        assert_eq!(fit("hello", 5), "hello");
        assert_eq!(fit("hello!", 5), "hell…");
        assert_eq!(fit("世界世界", 5), "世界…");
        assert_eq!(fit("hello", 0), "");
        assert_eq!(fit("hello", 1), "…");
        assert_eq!(width_capped("世界", 10), 4);
        assert_eq!(width_capped(&"x".repeat(100_000), 80), 80);
    }

    #[test]
    fn wrapping_breaks_at_spaces_and_marks_what_is_left_over() {
        assert_eq!(wrap("aa bb cc", 5, 3), ["aa bb", "cc"]);
        assert_eq!(wrap("aa bb cc dd", 5, 2), ["aa bb", "cc dd"]);
        assert_eq!(wrap("aa bb cc dd ee", 5, 2), ["aa bb", "cc d…"]);
        assert_eq!(wrap("abcdefgh", 3, 5), ["abc", "def", "gh"]);
        assert!(wrap("x", 0, 3).is_empty());
        assert_eq!(wrap("世", 1, 3), ["…"]);
    }

    #[test]
    fn wrapping_follows_the_unicode_rules_of_lesson_prose() {
        // Chinese breaks between characters, never before `，`, nor inside `false`.
        assert_eq!(
            wrap("每个文档都以长度开头，值为 false。", 10, 4),
            ["每个文档都", "以长度开", "头，值为", "false。"]
        );
        assert_eq!(
            wrap("每个文档都以长度开头，值为 false。", 10, 3),
            ["每个文档都", "以长度开", "头，值为 …"]
        );
        // No line ends with `{` nor starts with `}`.
        assert_eq!(
            wrap("(only { userId: null } does)", 12, 3),
            ["(only", "{ userId:", "null } does)"]
        );
        // A long line costs what the lines show: only their worth of text is planned.
        let long = "word ".repeat(20_000);
        assert_eq!(wrap(&long, 9, 2), ["word word", "word wor…"]);
    }
}
