//! Quoting the learner's input in an error: a window of it around the spot, its control
//! characters made visible, never the whole line (a 4 MB line in must not be 4 MB of error
//! out, nor an `ESC` that the terminal obeys).

use std::fmt::Write as _;

use crate::strings::safe::is_unsafe;

/// Characters of input quoted on each side of an error's position.
pub const WINDOW: usize = 40;

/// Marks input left out of a quote.
pub const ELLIPSIS: &str = "…";

/// The longest quote of a value inside a message (a name, a token), in characters.
const QUOTE_MAX: usize = 2 * WINDOW;

/// The longest message, in characters, whatever it quotes.
const MESSAGE_MAX: usize = 16 * QUOTE_MAX;

/// One character as it is shown: itself, or `\u{..}` for a control character.
fn push_shown(out: &mut String, c: char) {
    if is_unsafe(c) {
        let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
    } else {
        out.push(c);
    }
}

/// The part of `line` around its character `at` (0-based): at most [`WINDOW`] characters
/// each side, an ellipsis where some were left out, control characters escaped. Gives the
/// text and the 0-based character column of `at` within it.
///
/// # Examples
/// ```
/// use bson_tutor::bson::parse_error::quote::window;
/// assert_eq!(window("{ a: \x1b }", 5), ("{ a: \\u{1b} }".to_owned(), 5));
/// let long = "x".repeat(1000);
/// let (shown, column) = window(&long, 500);
/// assert_eq!(shown.chars().count(), 2 + 2 * 40 + 1);
/// assert_eq!(column, 41);
/// ```
pub fn window(line: &str, at: usize) -> (String, usize) {
    let start = at.saturating_sub(WINDOW);
    let mut shown = String::new();
    let mut column = None;
    if start > 0 {
        shown.push_str(ELLIPSIS);
    }
    for (i, c) in line.chars().enumerate().skip(start) {
        if i > at + WINDOW {
            shown.push_str(ELLIPSIS);
            break;
        }
        if i == at {
            column = Some(shown.chars().count());
        }
        push_shown(&mut shown, c);
    }
    // A spot past the last character (the input ended): the caret goes after it.
    let column = column.unwrap_or_else(|| shown.chars().count());
    (shown, column)
}

/// `text` with control characters escaped and, when it is longer than `max` characters,
/// its middle replaced by an ellipsis.
///
/// # Examples
/// ```
/// use bson_tutor::bson::parse_error::quote::clip;
/// assert_eq!(clip("abcdefghij", 4), "ab…ij");
/// assert_eq!(clip("a\nb", 10), "a\\u{a}b");
/// ```
pub fn clip(text: &str, max: usize) -> String {
    let count = text.chars().count();
    let mut out = String::new();
    if count <= max {
        text.chars().for_each(|c| push_shown(&mut out, c));
        return out;
    }
    let head = max.div_ceil(2);
    let tail = max - head;
    text.chars()
        .take(head)
        .for_each(|c| push_shown(&mut out, c));
    out.push_str(ELLIPSIS);
    text.chars()
        .skip(count - tail)
        .for_each(|c| push_shown(&mut out, c));
    out
}

/// A message that quotes input, kept short: every quote in backquotes, and every run of
/// characters without a space (a token quoted some other way), longer than
/// [`WINDOW`]` * 2` characters loses its middle; the whole message is cut at a few lines'
/// worth. Control characters are escaped.
///
/// # Examples
/// ```
/// use bson_tutor::bson::parse_error::quote::short_message;
/// let long = format!("unknown name `{}`", "x".repeat(10_000));
/// assert!(short_message(&long).chars().count() < 100);
/// assert_eq!(short_message("unknown name `ab`"), "unknown name `ab`");
/// ```
pub fn short_message(message: &str) -> String {
    let mut out = String::new();
    for (i, segment) in message.split('`').enumerate() {
        if i > 0 {
            out.push('`');
        }
        if i % 2 == 1 {
            out.push_str(&clip(segment, QUOTE_MAX));
            continue;
        }
        for (j, word) in segment.split(' ').enumerate() {
            if j > 0 {
                out.push(' ');
            }
            out.push_str(&clip(word, QUOTE_MAX));
        }
    }
    if out.chars().count() > MESSAGE_MAX {
        out = clip(&out, MESSAGE_MAX);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_keeps_the_spot_under_the_caret() {
        let line: String = ('a'..='z').cycle().take(500).collect();
        for at in [0, 1, 39, 40, 41, 250, 459, 460, 499, 500] {
            let (shown, column) = window(&line, at);
            let expected = line.chars().nth(at);
            assert_eq!(shown.chars().nth(column), expected, "at {at}: {shown}");
            assert!(shown.chars().count() <= 2 * WINDOW + 3, "at {at}: {shown}");
        }
        assert_eq!(window("ab", 2), ("ab".to_owned(), 2));
        assert_eq!(window("", 0), (String::new(), 0));
        assert_eq!(window("ab", 0), ("ab".to_owned(), 0));
    }

    #[test]
    fn control_characters_before_the_spot_move_the_caret() {
        let (shown, column) = window("\x1b[2J x", 5);
        assert_eq!(shown, "\\u{1b}[2J x");
        assert_eq!(shown.chars().nth(column), Some('x'));
    }

    #[test]
    fn long_quotes_lose_their_middle() {
        let message = format!(
            "ObjectId needs 24 hex digits, but `{}` has 200",
            "a".repeat(200)
        );
        let short = short_message(&message);
        assert!(
            short.starts_with("ObjectId needs 24 hex digits, but `aaaa"),
            "{short}"
        );
        assert!(short.ends_with("aaaa` has 200"), "{short}");
        assert!(short.contains(ELLIPSIS), "{short}");
        let bare = format!("as in '{}'", "x".repeat(300));
        assert!(short_message(&bare).chars().count() < 100);
        let spaced = format!("`{}`", "a b ".repeat(10_000));
        assert!(short_message(&spaced).chars().count() <= QUOTE_MAX + 3);
        let words = "word ".repeat(10_000);
        assert!(short_message(&words).chars().count() <= MESSAGE_MAX + 1);
    }
}
