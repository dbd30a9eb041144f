//! Errors in text input (Extended JSON, mongosh syntax): where (line, column, a caret under
//! the spot) and which rule was broken.

use std::fmt;

/// A problem in text input at one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// Byte offset into the input.
    pub offset: usize,
    /// The rule broken, as a sentence (no position in it).
    pub message: String,
    /// The input line the problem is on, for the caret display.
    pub source_line: String,
}

impl ParseError {
    /// An error at byte `offset` of `source` (clamped to the input).
    pub fn at(source: &str, offset: usize, message: impl Into<String>) -> Self {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[offset..]
            .find('\n')
            .map_or(source.len(), |i| offset + i);
        ParseError {
            line: source[..offset].matches('\n').count() + 1,
            column: source[line_start..offset].chars().count() + 1,
            offset,
            message: one_line(message.into()),
            source_line: source[line_start..line_end]
                .trim_end_matches('\r')
                .to_owned(),
        }
    }

    /// The source line with a caret under the column, two lines of text.
    pub fn caret(&self) -> String {
        format!(
            "{}\n{}^",
            self.source_line,
            " ".repeat(self.column.saturating_sub(1))
        )
    }
}

/// `message` with its control characters escaped (`\n`, `\u{1c}`): a message quotes the
/// learner's text, which may hold them, and must stay one line that is safe to print.
fn one_line(message: String) -> String {
    if !message.chars().any(char::is_control) {
        return message;
    }
    message
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_debug().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

impl fmt::Display for ParseError {
    /// `line L, column C: message`; use [`ParseError::caret`] for the pointer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_quoting_control_characters_stays_one_line() {
        let src = "{ a: ObjectId(\"ab\\ncd\") }";
        let e = ParseError::at(src, 5, "`ab\ncd\u{1c}` is not an ObjectId");
        assert_eq!(e.message, "`ab\\ncd\\u{1c}` is not an ObjectId");
        assert_eq!(e.to_string().lines().count(), 1);
    }

    #[test]
    fn positions_count_lines_and_characters() {
        let src = "{ a: 1,\n  b: NumberFoo(1) }";
        let e = ParseError::at(
            src,
            src.find("NumberFoo").unwrap(),
            "unknown constructor `NumberFoo`",
        );
        assert_eq!((e.line, e.column), (2, 6));
        assert_eq!(
            e.to_string(),
            "line 2, column 6: unknown constructor `NumberFoo`"
        );
        assert_eq!(e.caret(), "  b: NumberFoo(1) }\n     ^");
        let e = ParseError::at("{ \"é\": x }", 8, "unexpected `x`");
        assert_eq!(e.column, 8);
        let e = ParseError::at("ab", 99, "end");
        assert_eq!((e.line, e.column), (1, 3));
    }
}
