//! Tokens of the mongosh literal subset: punctuation, strings with JavaScript escapes,
//! numeric literals, identifiers and regex literals, with comments and whitespace skipped.
//! Every token keeps its byte range so errors can point at it.

use super::number::radix_to_f64;
use crate::bson::parse_error::{ParseError, ParseErrorKind, ParseWarning, Radix, SyntaxError};
use crate::bson::terms::Found;

/// What a token is.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok<'a> {
    /// One of `{ } [ ] ( ) , : . ; + -`.
    Punct(char),
    /// A quoted string, escapes resolved. `verbatim` when the value is the source text
    /// between the quotes byte for byte (no escapes), so offsets inside it map to the source.
    Str { value: String, verbatim: bool },
    /// A numeric literal, always non-negative (a minus sign is its own token).
    Num(f64),
    /// A BigInt literal such as `42n`.
    BigInt(i128),
    /// A name: `ObjectId`, `true`, `new`, an unquoted key.
    Ident(&'a str),
    /// `/pattern/flags`, pattern as written (escapes kept).
    Regex { pattern: &'a str, flags: &'a str },
    /// The end of the input.
    Eof,
}

/// A token and where it is.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Token<'a> {
    pub tok: Tok<'a>,
    pub start: usize,
    pub end: usize,
}

impl Token<'_> {
    /// The token as a learner typed it (its first 24 characters), for "but found ..."
    /// messages.
    pub fn describe(&self, src: &str) -> Found {
        if self.tok == Tok::Eof {
            return Found::EndOfInput;
        }
        let text = src.get(self.start..self.end).unwrap_or("");
        let mut shown: String = text.chars().take(24).collect();
        if shown.len() < text.len() {
            shown.push('…');
        }
        Found::Text(shown)
    }
}

/// Scans `src` on demand; the parser says whether a `/` may start a regex (only where a
/// value is expected), as JavaScript's grammar does.
pub(super) struct Lexer<'a> {
    pub src: &'a str,
    pub pos: usize,
    /// Things worth telling that do not stop parsing (a lone surrogate replaced, ...).
    pub warnings: Vec<ParseError>,
}

fn is_id_start(c: char) -> bool {
    c == '$' || c == '_' || c.is_alphabetic()
}

fn is_id_continue(c: char) -> bool {
    is_id_start(c) || c.is_alphanumeric() || c == '\u{200c}' || c == '\u{200d}'
}

fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

impl<'a> Lexer<'a> {
    pub fn new(src: &'a str) -> Self {
        Lexer {
            src,
            pos: 0,
            warnings: Vec::new(),
        }
    }

    pub fn error(&self, at: usize, kind: impl Into<ParseErrorKind>) -> ParseError {
        ParseError::at(self.src, at, kind)
    }

    fn peek_char(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    fn char_at(&self, at: usize) -> Option<char> {
        self.src.get(at..).and_then(|s| s.chars().next())
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn skip_trivia(&mut self) -> Result<(), ParseError> {
        loop {
            let rest = self.src.get(self.pos..).unwrap_or("");
            if rest.starts_with("//") {
                let len = rest.find(is_line_terminator).unwrap_or(rest.len());
                self.pos += len;
            } else if let Some(body) = rest.strip_prefix("/*") {
                match body.find("*/") {
                    Some(i) => self.pos += i + 4,
                    None => {
                        return Err(self.error(self.pos, SyntaxError::UnclosedComment));
                    }
                }
            } else {
                match rest.chars().next() {
                    Some(c) if c.is_whitespace() || c == '\u{feff}' => self.pos += c.len_utf8(),
                    _ => return Ok(()),
                }
            }
        }
    }

    /// The next token without consuming it.
    pub fn peek(&mut self, regex_ok: bool) -> Result<Token<'a>, ParseError> {
        let (pos, warned) = (self.pos, self.warnings.len());
        let token = self.next(regex_ok);
        self.pos = pos;
        self.warnings.truncate(warned);
        token
    }

    /// The next token; `regex_ok` when a value is expected, so `/` starts a regex literal.
    pub fn next(&mut self, regex_ok: bool) -> Result<Token<'a>, ParseError> {
        self.skip_trivia()?;
        let start = self.pos;
        let Some(c) = self.peek_char() else {
            return Ok(Token {
                tok: Tok::Eof,
                start,
                end: start,
            });
        };
        let tok = match c {
            '{' | '}' | '[' | ']' | '(' | ')' | ',' | ':' | ';' | '+' | '-' => {
                self.pos += 1;
                Tok::Punct(c)
            }
            '.' if !matches!(self.char_at(start + 1), Some('0'..='9')) => {
                self.pos += 1;
                Tok::Punct('.')
            }
            '\'' | '"' | '`' => self.string(c)?,
            '0'..='9' | '.' => self.number()?,
            '/' if regex_ok => self.regex()?,
            c if is_id_start(c) => {
                while self.peek_char().is_some_and(is_id_continue) {
                    self.bump();
                }
                Tok::Ident(&self.src[start..self.pos])
            }
            _ => return Err(self.error(start, SyntaxError::UnexpectedChar(c))),
        };
        Ok(Token {
            tok,
            start,
            end: self.pos,
        })
    }

    fn string(&mut self, quote: char) -> Result<Tok<'a>, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut value = String::new();
        let mut verbatim = true;
        loop {
            let at = self.pos;
            let Some(c) = self.bump() else {
                return Err(self.error(start, SyntaxError::UnclosedString { quote }));
            };
            match c {
                c if c == quote => break,
                '\n' | '\r' if quote != '`' => {
                    return Err(self.error(start, SyntaxError::LineBreakInString { quote }));
                }
                '\r' => {
                    // Template literals turn CR and CRLF into LF.
                    verbatim = false;
                    if self.peek_char() == Some('\n') {
                        self.pos += 1;
                    }
                    value.push('\n');
                }
                '$' if quote == '`' && self.peek_char() == Some('{') => {
                    return Err(self.error(at, SyntaxError::TemplateSubstitution));
                }
                '\\' => {
                    verbatim = false;
                    self.escape(at, &mut value)?;
                }
                c => value.push(c),
            }
        }
        Ok(Tok::Str { value, verbatim })
    }

    /// One escape sequence after its backslash (at `at`).
    fn escape(&mut self, at: usize, out: &mut String) -> Result<(), ParseError> {
        let Some(c) = self.bump() else {
            return Err(self.error(at, SyntaxError::EscapeCutShort));
        };
        match c {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'v' => out.push('\u{b}'),
            '0' if !matches!(self.peek_char(), Some('0'..='9')) => out.push('\0'),
            '0'..='9' => return Err(self.error(at, SyntaxError::OctalEscape { digit: c })),
            'x' => {
                let unit = self.hex_digits(at, 2, SyntaxError::HexEscape)?;
                out.push(char::from_u32(unit).unwrap_or('\u{fffd}'));
            }
            'u' => {
                let unit = self.unicode_escape(at)?;
                if (0xd800..0xdc00).contains(&unit) {
                    // A high surrogate: JavaScript strings are UTF-16, so a pair of escapes
                    // makes one character.
                    let save = self.pos;
                    if self
                        .src
                        .get(self.pos..)
                        .is_some_and(|r| r.starts_with("\\u"))
                    {
                        let low_at = self.pos;
                        self.pos += 2;
                        let low = self.unicode_escape(low_at)?;
                        if (0xdc00..0xe000).contains(&low) {
                            let code = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
                            out.push(char::from_u32(code).unwrap_or('\u{fffd}'));
                            return Ok(());
                        }
                    }
                    self.pos = save;
                    self.lone_surrogate(at, unit, out);
                } else if (0xdc00..0xe000).contains(&unit) {
                    self.lone_surrogate(at, unit, out);
                } else {
                    out.push(char::from_u32(unit).unwrap_or('\u{fffd}'));
                }
            }
            '\r' => {
                if self.peek_char() == Some('\n') {
                    self.pos += 1;
                }
            }
            '\n' | '\u{2028}' | '\u{2029}' => {}
            // Any other escaped character stands for itself: `\'`, `\"`, `\\`, `\/`, `\a`.
            c => out.push(c),
        }
        Ok(())
    }

    fn lone_surrogate(&mut self, at: usize, unit: u32, out: &mut String) {
        out.push('\u{fffd}');
        self.warnings
            .push(self.error(at, ParseWarning::LoneSurrogate { unit }));
    }

    /// After `\u`: four hex digits or `{...}`.
    fn unicode_escape(&mut self, at: usize) -> Result<u32, ParseError> {
        if self.peek_char() == Some('{') {
            self.pos += 1;
            let digits_at = self.pos;
            let mut value: u32 = 0;
            while let Some(d) = self.peek_char().and_then(|c| c.to_digit(16)) {
                self.pos += 1;
                value = value.saturating_mul(16).saturating_add(d);
            }
            if self.pos == digits_at || self.peek_char() != Some('}') {
                return Err(self.error(at, SyntaxError::UnicodeEscape));
            }
            self.pos += 1;
            if value > 0x10ffff {
                return Err(self.error(at, SyntaxError::CodePointTooLarge));
            }
            Ok(value)
        } else {
            self.hex_digits(at, 4, SyntaxError::UnicodeEscape)
        }
    }

    fn hex_digits(&mut self, at: usize, n: usize, rule: SyntaxError) -> Result<u32, ParseError> {
        let mut value = 0;
        for _ in 0..n {
            match self.peek_char().and_then(|c| c.to_digit(16)) {
                Some(d) => {
                    self.pos += 1;
                    value = value * 16 + d;
                }
                None => return Err(self.error(at, rule)),
            }
        }
        Ok(value)
    }

    /// A run of digits in `radix` with `_` separators between digits; returns the digits.
    fn digit_run(&mut self, radix: u32) -> Result<String, ParseError> {
        let mut digits = String::new();
        let mut last_was_digit = false;
        while let Some(c) = self.peek_char() {
            if c.is_digit(radix) {
                digits.push(c);
                last_was_digit = true;
            } else if c == '_' {
                let next_is_digit = self
                    .char_at(self.pos + 1)
                    .is_some_and(|n| n.is_digit(radix));
                if !last_was_digit || !next_is_digit {
                    return Err(self.error(self.pos, SyntaxError::Separator));
                }
                last_was_digit = false;
            } else {
                break;
            }
            self.pos += 1;
        }
        Ok(digits)
    }

    fn number(&mut self) -> Result<Tok<'a>, ParseError> {
        let start = self.pos;
        let rest = &self.src[start..];
        let radix = match rest.as_bytes() {
            [b'0', b'x' | b'X', ..] => Some((16, Radix::Hex)),
            [b'0', b'o' | b'O', ..] => Some((8, Radix::Octal)),
            [b'0', b'b' | b'B', ..] => Some((2, Radix::Binary)),
            _ => None,
        };
        let tok = if let Some((radix, name)) = radix {
            self.pos += 2;
            let digits = self.digit_run(radix)?;
            if digits.is_empty() {
                let prefix = rest[..2].to_owned();
                return Err(self.error(
                    start,
                    SyntaxError::RadixDigits {
                        prefix,
                        radix: name,
                    },
                ));
            }
            if self.peek_char() == Some('n') {
                self.pos += 1;
                Tok::BigInt(self.big(start, &digits, radix)?)
            } else {
                Tok::Num(radix_to_f64(&digits, radix))
            }
        } else {
            let int = self.digit_run(10)?;
            if int.len() > 1 && int.starts_with('0') {
                return Err(self.error(start, SyntaxError::LeadingZero { digits: int }));
            }
            let mut frac = None;
            if self.peek_char() == Some('.') {
                self.pos += 1;
                if self.peek_char() == Some('_') {
                    return Err(self.error(self.pos, SyntaxError::Separator));
                }
                frac = Some(self.digit_run(10)?);
            }
            let mut exp = None;
            if let Some('e' | 'E') = self.peek_char() {
                let e_at = self.pos;
                self.pos += 1;
                let sign = match self.peek_char() {
                    Some(s @ ('+' | '-')) => {
                        self.pos += 1;
                        s
                    }
                    _ => '+',
                };
                let digits = self.digit_run(10)?;
                if digits.is_empty() {
                    return Err(self.error(e_at, SyntaxError::ExponentDigits));
                }
                exp = Some(format!("{sign}{digits}"));
            }
            if self.peek_char() == Some('n') {
                if frac.is_some() || exp.is_some() {
                    return Err(self.error(start, SyntaxError::BigIntFraction));
                }
                self.pos += 1;
                Tok::BigInt(self.big(start, &int, 10)?)
            } else {
                let text = format!(
                    "{}.{}e{}",
                    if int.is_empty() { "0" } else { &int },
                    frac.as_deref().filter(|f| !f.is_empty()).unwrap_or("0"),
                    exp.as_deref().unwrap_or("0")
                );
                // Rust reads decimal text to the nearest double, exactly as JavaScript does.
                Tok::Num(
                    text.parse::<f64>()
                        .map_err(|_| self.error(start, SyntaxError::UnreadableNumber))?,
                )
            }
        };
        if let Some(c) = self.peek_char()
            && (is_id_continue(c) || c == '.' && matches!(tok, Tok::BigInt(_)))
        {
            return Err(self.error(self.pos, SyntaxError::NumberFollowedBy { found: c }));
        }
        Ok(tok)
    }

    fn big(&self, start: usize, digits: &str, radix: u32) -> Result<i128, ParseError> {
        i128::from_str_radix(digits, radix)
            .map_err(|_| self.error(start, SyntaxError::BigIntFarOutOfRange))
    }

    fn regex(&mut self) -> Result<Tok<'a>, ParseError> {
        let start = self.pos;
        self.pos += 1;
        let mut in_class = false;
        let unclosed = || SyntaxError::UnclosedRegex;
        loop {
            let Some(c) = self.bump() else {
                return Err(self.error(start, unclosed()));
            };
            match c {
                c if is_line_terminator(c) => return Err(self.error(start, unclosed())),
                '\\' => match self.bump() {
                    Some(c) if !is_line_terminator(c) => {}
                    _ => return Err(self.error(start, unclosed())),
                },
                '[' => in_class = true,
                ']' => in_class = false,
                '/' if !in_class => break,
                _ => {}
            }
        }
        let pattern = &self.src[start + 1..self.pos - 1];
        let flags_at = self.pos;
        while self.peek_char().is_some_and(is_id_continue) {
            self.bump();
        }
        Ok(Tok::Regex {
            pattern,
            flags: &self.src[flags_at..self.pos],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(src: &str) -> Vec<Tok<'_>> {
        let mut lexer = Lexer::new(src);
        let mut out = Vec::new();
        loop {
            let t = lexer.next(true).unwrap();
            if t.tok == Tok::Eof {
                return out;
            }
            out.push(t.tok);
        }
    }

    fn string(src: &str) -> String {
        match Lexer::new(src).next(true).unwrap().tok {
            Tok::Str { value, .. } => value,
            other => panic!("not a string: {other:?}"),
        }
    }

    fn number(src: &str) -> f64 {
        match Lexer::new(src).next(true).unwrap().tok {
            Tok::Num(x) => x,
            other => panic!("not a number: {other:?}"),
        }
    }

    #[test]
    fn skips_comments_and_whitespace() {
        assert_eq!(
            tokens("{ // a comment\n a /* another */ :\u{a0}1 }"),
            [
                Tok::Punct('{'),
                Tok::Ident("a"),
                Tok::Punct(':'),
                Tok::Num(1.0),
                Tok::Punct('}')
            ]
        );
        let e = Lexer::new("  /* open").next(true).unwrap_err();
        assert_eq!(e.column, 3);
    }

    #[test]
    fn reads_javascript_escapes() {
        assert_eq!(string(r#""a\nb\t\\\'\"""#), "a\nb\t\\'\"");
        assert_eq!(string(r"'\x41\u00e9\u{1F600}\uD83D\uDE00\0'"), "Aé😀😀\0");
        assert_eq!(string("'line\\\ncontinued'"), "linecontinued");
        assert_eq!(string("`two\nlines`"), "two\nlines");
        let mut lexer = Lexer::new(r"'\uD800x'");
        assert!(
            matches!(lexer.next(true).unwrap().tok, Tok::Str { ref value, .. } if value == "\u{fffd}x")
        );
        assert_eq!(lexer.warnings.len(), 1);
        assert!(matches!(
            Lexer::new("'abc'").next(true).unwrap().tok,
            Tok::Str { verbatim: true, .. }
        ));
    }

    #[test]
    fn string_errors_point_at_the_opening_quote() {
        for src in [
            "  'abc",
            "  \"abc\n\"",
            r"  '\x4'",
            r"  '\u{110000}'",
            r"  '\1'",
            "  `${x}`",
        ] {
            let e = Lexer::new(src).next(true).unwrap_err();
            assert!(e.column >= 3, "{src}: {e}");
        }
        let e = Lexer::new("  'abc").next(true).unwrap_err();
        assert_eq!(e.message(), "a string is missing its closing quote (')");
        assert_eq!(e.column, 3);
    }

    #[test]
    fn numbers_are_doubles() {
        assert_eq!(number("42"), 42.0);
        assert_eq!(number("42.0"), 42.0);
        assert_eq!(number(".5"), 0.5);
        assert_eq!(number("5."), 5.0);
        assert_eq!(number("1e3"), 1000.0);
        assert_eq!(number("1E-3"), 0.001);
        assert_eq!(number("1_000_000"), 1e6);
        assert_eq!(number("0x1F"), 31.0);
        assert_eq!(number("0o17"), 15.0);
        assert_eq!(number("0b101"), 5.0);
        assert_eq!(number("9007199254740993"), 9_007_199_254_740_992.0);
        assert_eq!(number("1e400"), f64::INFINITY);
        assert_eq!(Lexer::new("42n").next(true).unwrap().tok, Tok::BigInt(42));
        for bad in ["010", "1_", "1__0", "0x", "1e", "3in", "1.5n", "0x_1"] {
            assert!(Lexer::new(bad).next(true).is_err(), "{bad}");
        }
    }

    #[test]
    fn regex_literals_only_where_values_go() {
        assert_eq!(
            Lexer::new(r"/a\/b[/]c/im").next(true).unwrap().tok,
            Tok::Regex {
                pattern: r"a\/b[/]c",
                flags: "im"
            }
        );
        assert!(Lexer::new("/a").next(true).is_err());
        assert!(Lexer::new("/a").next(false).is_err());
    }
}
