//! Errors in text input (Extended JSON, mongosh syntax): where (line, column, a caret under
//! the spot) and which rule was broken, as a typed kind written in each language.

mod call;
mod ejson;
mod json;
pub mod quote;
mod syntax;
mod warning;

use std::fmt;

pub use call::{CallError, Got, HexNeeds, Takes};
pub use ejson::{EjsonError, Wrapper};
pub use json::JsonError;
pub use syntax::{Radix, SyntaxError};
pub use warning::{NUMBER_ARG_WARNING, ParseWarning};

use unicode_width::UnicodeWidthStr;

use super::terms::one_line;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// A problem in text input at one position.
#[derive(Clone, Debug, PartialEq)]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
    /// Byte offset into the input.
    pub offset: usize,
    /// The rule broken (no position in it); boxed, so that results stay small.
    pub kind: Box<ParseErrorKind>,
    /// The input line the problem is on, for the caret display: at most
    /// [`quote::WINDOW`] characters each side of the spot (an ellipsis where the line goes
    /// on), control characters escaped as `\u{1b}`.
    pub source_line: String,
    /// The 1-based column of the spot within [`ParseError::source_line`], in characters.
    pub source_column: usize,
}

/// The rule a text broke, by the reader that found it; warnings are here too, for they
/// have a position and a rule as well.
#[derive(Clone, Debug, PartialEq)]
pub enum ParseErrorKind {
    /// mongosh syntax: tokens, values, documents and arrays.
    Syntax(SyntaxError),
    /// mongosh syntax: a constructor's arguments.
    Call(CallError),
    /// JSON syntax.
    Json(JsonError),
    /// Extended JSON's type wrappers.
    Ejson(EjsonError),
    /// Read, but worth knowing.
    Warning(ParseWarning),
}

impl From<SyntaxError> for ParseErrorKind {
    fn from(e: SyntaxError) -> Self {
        ParseErrorKind::Syntax(e)
    }
}

impl From<CallError> for ParseErrorKind {
    fn from(e: CallError) -> Self {
        ParseErrorKind::Call(e)
    }
}

impl From<JsonError> for ParseErrorKind {
    fn from(e: JsonError) -> Self {
        ParseErrorKind::Json(e)
    }
}

impl From<EjsonError> for ParseErrorKind {
    fn from(e: EjsonError) -> Self {
        ParseErrorKind::Ejson(e)
    }
}

impl From<ParseWarning> for ParseErrorKind {
    fn from(w: ParseWarning) -> Self {
        ParseErrorKind::Warning(w)
    }
}

impl Localize for ParseErrorKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            ParseErrorKind::Syntax(e) => e.write_in(lang, out),
            ParseErrorKind::Call(e) => e.write_in(lang, out),
            ParseErrorKind::Json(e) => e.write_in(lang, out),
            ParseErrorKind::Ejson(e) => e.write_in(lang, out),
            ParseErrorKind::Warning(w) => w.write_in(lang, out),
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl ParseError {
    /// An error at byte `offset` of `source` (clamped to the input).
    pub fn at(source: &str, offset: usize, kind: impl Into<ParseErrorKind>) -> Self {
        let mut offset = offset.min(source.len());
        while !source.is_char_boundary(offset) {
            offset -= 1;
        }
        let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[offset..]
            .find('\n')
            .map_or(source.len(), |i| offset + i);
        let line = &source[line_start..line_end];
        let line = line.strip_suffix('\r').unwrap_or(line);
        let column = source[line_start..offset].chars().count() + 1;
        let (source_line, at) = quote::window(line, column - 1);
        ParseError {
            line: source[..offset].matches('\n').count() + 1,
            column,
            offset,
            kind: Box::new(kind.into()),
            source_line,
            source_column: at + 1,
        }
    }

    /// The rule broken in `lang`, without the position, on one line: control characters
    /// quoted from the learner's text are escaped (`\n`, `\u{1c}`), and a long quote of it
    /// loses its middle ([`quote::short_message`]).
    pub fn message_in(&self, lang: Lang) -> String {
        let message = self.kind.to_string_in(lang);
        quote::short_message(&one_line(&message))
    }

    /// [`ParseError::message_in`] English.
    pub fn message(&self) -> String {
        self.message_in(Lang::En)
    }

    /// The source line (a window of it, see [`ParseError::source_line`]) with a caret under
    /// the spot, two lines of text; the caret counts display columns, so it stays under the
    /// spot after wide characters (CJK takes two).
    pub fn caret(&self) -> String {
        let before: String = self
            .source_line
            .chars()
            .take(self.source_column.saturating_sub(1))
            .collect();
        format!(
            "{}\n{}^",
            self.source_line,
            " ".repeat(UnicodeWidthStr::width(before.as_str()))
        )
    }
}

impl Localize for ParseError {
    /// `line L, column C: message`; use [`ParseError::caret`] for the pointer.
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let (line, column) = (self.line, self.column);
        let message = self.message_in(lang);
        match lang {
            Lang::En => write!(out, "line {line}, column {column}: {message}"),
            Lang::Vi => write!(out, "dòng {line}, cột {column}: {message}"),
            Lang::Zh => write!(out, "第 {line} 行，第 {column} 列：{message}"),
        }
    }
}

impl fmt::Display for ParseError {
    /// `line L, column C: message`; use [`ParseError::caret`] for the pointer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ParseError {}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod translations;
