//! Text from data (a student's name, a lesson's prose, a document's string) made safe to
//! write to a terminal: a control character in it must be seen, not obeyed. An `ESC` that
//! reached the terminal could retitle the window, clear the screen, move the cursor to
//! fake a line, or write the clipboard (OSC 52).
//!
//! Every control character becomes a visible escape in Rust's and JavaScript's spelling,
//! `\u{1b}`: the C0 controls, DEL, the C1 controls (a terminal may read U+009B as `ESC [`),
//! and the bidirectional overrides and isolates that can reorder what a line appears to say.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` is escaped by [`escape_line`].
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}')
}

/// `text` for one line of output: every unsafe character, line breaks and tabs included,
/// as `\u{..}`. Borrowed when nothing needed escaping.
///
/// # Examples
/// ```
/// use bson_tutor::strings::safe::escape_line;
/// assert_eq!(escape_line("Ana\x1b]0;owned\x07"), "Ana\\u{1b}]0;owned\\u{7}");
/// assert_eq!(escape_line("Lê Văn An"), "Lê Văn An");
/// assert_eq!(escape_line("two\nlines"), "two\\u{a}lines");
/// ```
pub fn escape_line(text: &str) -> Cow<'_, str> {
    escape_where(text, is_unsafe)
}

/// `text` for prose that may span lines: like [`escape_line`], but `\n` and `\t` stay.
///
/// # Examples
/// ```
/// use bson_tutor::strings::safe::escape_text;
/// assert_eq!(escape_text("a\n\tb\x1b[2J"), "a\n\tb\\u{1b}[2J");
/// ```
pub fn escape_text(text: &str) -> Cow<'_, str> {
    escape_where(text, |c| c != '\n' && c != '\t' && is_unsafe(c))
}

fn escape_where(text: &str, unsafe_char: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_control_is_escaped_and_nothing_else() {
        for c in (0u32..0x3000).filter_map(char::from_u32) {
            let s = c.to_string();
            let out = escape_line(&s);
            if is_unsafe(c) {
                assert!(out.starts_with("\\u{"), "{c:?} -> {out}");
                assert!(!out.chars().any(is_unsafe));
            } else {
                assert_eq!(out, s);
            }
        }
        assert!(is_unsafe('\u{9b}'), "C1 CSI");
        assert!(is_unsafe('\u{202e}'), "right-to-left override");
        assert!(!is_unsafe('é') && !is_unsafe('中'));
    }
}
