//! A one-line text input: a cursor that moves by characters and words, insertion, deletion and
//! pasted text (newlines become spaces), with horizontal scrolling by display width.

use unicode_width::UnicodeWidthChar;

use crate::strings::safe::{escape_line, is_unsafe};

/// The text and the cursor (a byte index on a character boundary).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextInput {
    text: String,
    cursor: usize,
}

/// An edit of a [`TextInput`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Insert one character at the cursor.
    Insert(char),
    /// Insert text at the cursor (a paste); line breaks and tabs become spaces.
    Paste(String),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Delete the word before the cursor (Ctrl-W).
    DeleteWord,
    /// Delete everything before the cursor (Ctrl-U).
    DeleteToStart,
    /// Move one character left.
    Left,
    /// Move one character right.
    Right,
    /// Move to the start of the previous word.
    WordLeft,
    /// Move past the end of the next word.
    WordRight,
    /// Move to the start.
    Home,
    /// Move to the end.
    End,
}

impl TextInput {
    /// An input holding `text`, the cursor at its end (line breaks and tabs as spaces,
    /// other control characters as visible escapes, see [`Edit::Paste`]).
    pub fn new(text: impl Into<String>) -> Self {
        let text: String = text.into();
        let text = if text.chars().any(|c| c.is_whitespace() || is_unsafe(c)) {
            visible(&text, char::is_whitespace)
        } else {
            text
        };
        TextInput {
            cursor: text.len(),
            text,
        }
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cursor as a byte index into [`TextInput::text`].
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Replaces the text; the cursor goes to its end.
    pub fn set(&mut self, text: impl Into<String>) {
        *self = TextInput::new(text);
    }

    /// Whether there is no text.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Applies an edit; returns whether the text changed.
    pub fn apply(&mut self, edit: Edit) -> bool {
        let before = self.text.len();
        match edit {
            Edit::Insert(c) => {
                let clean = visible(c.encode_utf8(&mut [0; 4]), |c| {
                    matches!(c, '\n' | '\t' | '\r')
                });
                self.text.insert_str(self.cursor, &clean);
                self.cursor += clean.len();
                return true;
            }
            Edit::Paste(s) => {
                let clean = visible(&s, char::is_whitespace);
                self.text.insert_str(self.cursor, &clean);
                self.cursor += clean.len();
                return !clean.is_empty();
            }
            Edit::Backspace => {
                if let Some(prev) = self.prev_boundary() {
                    self.text.replace_range(prev..self.cursor, "");
                    self.cursor = prev;
                }
            }
            Edit::Delete => {
                if let Some(next) = self.next_boundary() {
                    self.text.replace_range(self.cursor..next, "");
                }
            }
            Edit::DeleteWord => {
                let start = self.word_start();
                self.text.replace_range(start..self.cursor, "");
                self.cursor = start;
            }
            Edit::DeleteToStart => {
                self.text.replace_range(..self.cursor, "");
                self.cursor = 0;
            }
            Edit::Left => self.cursor = self.prev_boundary().unwrap_or(0),
            Edit::Right => self.cursor = self.next_boundary().unwrap_or(self.text.len()),
            Edit::WordLeft => self.cursor = self.word_start(),
            Edit::WordRight => self.cursor = self.word_end(),
            Edit::Home => self.cursor = 0,
            Edit::End => self.cursor = self.text.len(),
        }
        self.text.len() != before
    }

    fn prev_boundary(&self) -> Option<usize> {
        self.text[..self.cursor]
            .char_indices()
            .next_back()
            .map(|(i, _)| i)
    }

    fn next_boundary(&self) -> Option<usize> {
        self.text[self.cursor..]
            .chars()
            .next()
            .map(|c| self.cursor + c.len_utf8())
    }

    fn word_start(&self) -> usize {
        let head = &self.text[..self.cursor];
        let trimmed = head.trim_end_matches(|c: char| !c.is_alphanumeric());
        trimmed
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_alphanumeric())
            .map_or(0, |(i, c)| i + c.len_utf8())
    }

    fn word_end(&self) -> usize {
        let tail = &self.text[self.cursor..];
        let skip = tail.len()
            - tail
                .trim_start_matches(|c: char| !c.is_alphanumeric())
                .len();
        let rest = &tail[skip..];
        let word = rest
            .find(|c: char| !c.is_alphanumeric())
            .unwrap_or(rest.len());
        self.cursor + skip + word
    }

    /// The part of the text that fits in `width` columns with the cursor visible, and the
    /// cursor's column within it.
    pub fn window(&self, width: usize) -> (&str, usize) {
        window(&self.text, self.cursor, width)
    }
}

/// `text` with the characters `space` picks as spaces, and every other control character
/// (an `ESC` pasted from a terminal, a bidi override) as its visible escape `\u{1b}`: a line
/// being typed holds only what it shows, so its cursor column is the text's width and no
/// control character reaches the terminal when it is echoed. In mongosh syntax the escape
/// reads back, inside a string, as the character it stands for.
fn visible(text: &str, space: impl Fn(char) -> bool) -> String {
    let spaced: String = text
        .chars()
        .map(|c| if space(c) { ' ' } else { c })
        .collect();
    escape_line(&spaced).into_owned()
}

/// The part of `text` that fits in `width` cells with byte index `at` visible (and one cell
/// after it, for a cursor), and the cell column of `at` within it. Linear in what is shown,
/// whatever the length of the text.
pub fn window(text: &str, at: usize, width: usize) -> (&str, usize) {
    let cells = |c: char| c.width().unwrap_or(0);
    let width = width.max(1);
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let mut start = at;
    let mut column = 0;
    for (i, c) in text[..at].char_indices().rev() {
        let w = cells(c);
        if column + w >= width {
            break;
        }
        column += w;
        start = i;
    }
    let mut end = start;
    let mut used = 0;
    for c in text[start..].chars() {
        let w = cells(c);
        if used + w > width {
            break;
        }
        used += w;
        end += c.len_utf8();
    }
    (&text[start..end], column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(s: &str) -> TextInput {
        let mut t = TextInput::default();
        for c in s.chars() {
            t.apply(Edit::Insert(c));
        }
        t
    }

    #[test]
    fn editing_keeps_the_cursor_on_character_boundaries() {
        let mut t = typed("héllo 世界");
        t.apply(Edit::Left);
        t.apply(Edit::Backspace);
        assert_eq!(t.text(), "héllo 界");
        t.apply(Edit::Home);
        t.apply(Edit::Right);
        t.apply(Edit::Delete);
        assert_eq!(t.text(), "hllo 界");
        t.apply(Edit::End);
        t.apply(Edit::DeleteWord);
        assert_eq!(t.text(), "hllo ");
        t.apply(Edit::Paste("a\nb\tc".into()));
        assert_eq!(t.text(), "hllo a b c");
        // Other control characters stay visible, as escapes: the line holds what it shows.
        t.apply(Edit::Paste("\u{1b}[2J".into()));
        t.apply(Edit::Insert('\u{202e}'));
        assert_eq!(t.text(), "hllo a b c\\u{1b}[2J\\u{202e}");
        assert!(!t.text().chars().any(is_unsafe));
        t.apply(Edit::End);
        for _ in 0..17 {
            t.apply(Edit::Backspace);
        }
        assert_eq!(t.text(), "hllo a b c");
        t.apply(Edit::WordLeft);
        assert_eq!(&t.text()[t.cursor()..], "c");
        t.apply(Edit::DeleteToStart);
        assert_eq!(t.text(), "c");
    }

    #[test]
    fn the_window_scrolls_to_keep_the_cursor_visible() {
        let t = typed("0123456789");
        assert_eq!(t.window(5), ("6789", 4));
        let mut t = t;
        t.apply(Edit::Home);
        assert_eq!(t.window(5), ("01234", 0));
        let wide = typed("世界世界");
        let (shown, col) = wide.window(4);
        assert_eq!((shown, col), ("界", 2));
    }
}
