//! One-line text measured in terminal cells: the window of a long line around a column,
//! truncation with `…`, and word wrapping. Each walks only as far as the width it fills, so a
//! 100 KB line costs what the screen shows, not its length.

use unicode_width::UnicodeWidthChar;

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

/// `text` wrapped at spaces into lines of at most `width` cells (a word longer than a line is
/// cut), at most `max_lines` of them, the last ending in `…` when text was left over.
pub fn wrap(text: &str, width: usize, max_lines: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if width == 0 || max_lines == 0 {
        return lines;
    }
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if lines.len() + 1 == max_lines {
            lines.push(fit(rest, width));
            return lines;
        }
        // The longest prefix that fits, then back to the last space in it if the line breaks
        // inside a word.
        let mut used = 0;
        let mut end = 0;
        let mut last_space = None;
        for (i, c) in rest.char_indices() {
            let w = cells(c);
            if used + w > width {
                break;
            }
            if c == ' ' {
                last_space = Some(i);
            }
            used += w;
            end = i + c.len_utf8();
        }
        if end == 0 {
            // Not even one character fits (a wide character in a one-cell width).
            lines.push(fit(rest, width));
            return lines;
        }
        let cut = match last_space {
            Some(space) if end < rest.len() && !rest[end..].starts_with(' ') && space > 0 => space,
            _ => end,
        };
        lines.push(rest[..cut].trim_end().to_owned());
        rest = rest[cut..].trim_start();
    }
    lines
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
}
