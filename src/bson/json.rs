//! A strict JSON reader (RFC 8259) that keeps key order, duplicate keys, the exact text of
//! numbers and the byte offset of every value, so Extended JSON errors can point at the spot.

use super::parse_error::{JsonError, ParseError};
use super::terms::{Found, ValueKind};

/// How deeply arrays and objects may nest in JSON text before the reader refuses it.
pub const MAX_JSON_DEPTH: usize = 256;

/// A JSON value with the byte offset where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Byte offset of the value's first character.
    pub offset: usize,
    /// The value.
    pub value: Json,
}

/// A JSON value. Numbers keep their text, so `9007199254740993` and `1.0` survive.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as written.
    Number(String),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<Node>),
    /// An object: members in order, duplicates kept, each with its key's offset.
    Object(Vec<Member>),
}

/// One `"key": value` pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// Byte offset of the key's opening quote.
    pub key_offset: usize,
    /// The key, unescaped.
    pub key: String,
    /// The value.
    pub value: Node,
}

impl Json {
    /// What kind of value this is, for messages: "an object", "a string", ...
    pub fn kind(&self) -> ValueKind {
        match self {
            Json::Null => ValueKind::Null,
            Json::Bool(_) => ValueKind::Boolean,
            Json::Number(_) => ValueKind::Number,
            Json::String(_) => ValueKind::String,
            Json::Array(_) => ValueKind::Array,
            Json::Object(_) => ValueKind::Object,
        }
    }
}

/// Parses one JSON value filling `text` (surrounding whitespace allowed).
///
/// # Errors
/// The first syntax error, with line, column and what was expected.
pub fn parse(text: &str) -> Result<Node, ParseError> {
    let mut p = Reader { src: text, pos: 0 };
    let node = p.value(0)?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.error(JsonError::TrailingText));
    }
    Ok(node)
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
}

impl Reader<'_> {
    fn error(&self, kind: JsonError) -> ParseError {
        ParseError::at(self.src, self.pos, kind)
    }

    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    fn found(&self) -> Found {
        Found::char_or_end(self.src[self.pos..].chars().next())
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn colon(&mut self) -> Result<(), ParseError> {
        self.skip_ws();
        if self.peek() == Some(b':') {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(JsonError::ExpectedColon {
                found: self.found(),
            }))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node, ParseError> {
        self.skip_ws();
        let offset = self.pos;
        let value = match self.peek() {
            Some(b'{') => self.object(depth)?,
            Some(b'[') => self.array(depth)?,
            Some(b'"') => Json::String(self.string()?),
            Some(b'-' | b'0'..=b'9') => Json::Number(self.number()?),
            Some(b't') => self.word("true", Json::Bool(true))?,
            Some(b'f') => self.word("false", Json::Bool(false))?,
            Some(b'n') => self.word("null", Json::Null)?,
            _ => {
                return Err(self.error(JsonError::ExpectedValue {
                    found: self.found(),
                }));
            }
        };
        Ok(Node { offset, value })
    }

    fn word(&mut self, word: &'static str, value: Json) -> Result<Json, ParseError> {
        if self.src[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error(JsonError::ExpectedWord { word }))
        }
    }

    fn nest(&self, depth: usize) -> Result<usize, ParseError> {
        if depth >= MAX_JSON_DEPTH {
            return Err(self.error(JsonError::TooDeep {
                max: MAX_JSON_DEPTH,
            }));
        }
        Ok(depth + 1)
    }

    fn object(&mut self, depth: usize) -> Result<Json, ParseError> {
        let depth = self.nest(depth)?;
        self.pos += 1;
        let mut members = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Json::Object(members));
        }
        loop {
            self.skip_ws();
            let key_offset = self.pos;
            if self.peek() != Some(b'"') {
                return Err(self.error(JsonError::ExpectedKey {
                    found: self.found(),
                }));
            }
            let key = self.string()?;
            self.colon()?;
            let value = self.value(depth)?;
            members.push(Member {
                key_offset,
                key,
                value,
            });
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Json::Object(members));
                }
                _ => {
                    return Err(self.error(JsonError::ExpectedMemberEnd {
                        found: self.found(),
                    }));
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json, ParseError> {
        let depth = self.nest(depth)?;
        self.pos += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value(depth)?);
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Json::Array(items));
                }
                _ => {
                    return Err(self.error(JsonError::ExpectedItemEnd {
                        found: self.found(),
                    }));
                }
            }
        }
    }

    fn number(&mut self) -> Result<String, ParseError> {
        let start = self.pos;
        let bytes = self.src.as_bytes();
        let digits = |p: &mut usize| {
            let s = *p;
            while bytes.get(*p).is_some_and(u8::is_ascii_digit) {
                *p += 1;
            }
            *p - s
        };
        let mut p = self.pos;
        if bytes.get(p) == Some(&b'-') {
            p += 1;
        }
        let int_start = p;
        let n = digits(&mut p);
        if n == 0 || (n > 1 && bytes[int_start] == b'0') {
            self.pos = int_start;
            return Err(self.error(JsonError::LeadingZero));
        }
        if bytes.get(p) == Some(&b'.') {
            p += 1;
            if digits(&mut p) == 0 {
                self.pos = p;
                return Err(self.error(JsonError::FractionDigits));
            }
        }
        if let Some(b'e' | b'E') = bytes.get(p) {
            p += 1;
            if let Some(b'+' | b'-') = bytes.get(p) {
                p += 1;
            }
            if digits(&mut p) == 0 {
                self.pos = p;
                return Err(self.error(JsonError::ExponentDigits));
            }
        }
        self.pos = p;
        Ok(self.src[start..p].to_owned())
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let digits = self.src.get(self.pos..self.pos + 4).unwrap_or("");
        match u32::from_str_radix(digits, 16) {
            Ok(v) if digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_hexdigit()) => {
                self.pos += 4;
                Ok(v)
            }
            _ => Err(self.error(JsonError::UnicodeEscape)),
        }
    }

    fn string(&mut self) -> Result<String, ParseError> {
        let open = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.src[self.pos..].chars().next() else {
                self.pos = open;
                return Err(self.error(JsonError::UnclosedString));
            };
            match c {
                '"' => {
                    self.pos += 1;
                    return Ok(out);
                }
                '\\' => {
                    self.pos += 1;
                    let esc = self.peek();
                    self.pos += 1;
                    match esc {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let at = self.pos - 2;
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !self.src[self.pos..].starts_with("\\u") {
                                    self.pos = at;
                                    return Err(self.error(JsonError::HighSurrogate));
                                }
                                self.pos += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    self.pos = at;
                                    return Err(self.error(JsonError::HighSurrogate));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            match char::from_u32(code) {
                                Some(ch) => out.push(ch),
                                None => {
                                    self.pos = at;
                                    return Err(self.error(JsonError::LowSurrogate));
                                }
                            }
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.error(JsonError::BadEscape {
                                found: self.src[self.pos..].chars().next().unwrap_or(' '),
                            }));
                        }
                    }
                }
                c if (c as u32) < 0x20 => {
                    return Err(self.error(JsonError::ControlChar));
                }
                c => {
                    out.push(c);
                    self.pos += c.len_utf8();
                }
            }
        }
    }
}

/// Writes `s` as a JSON string literal (quotes included), escaping what JSON requires.
pub fn write_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    // Only ASCII bytes are escaped, so runs between them are whole characters: copied at once.
    let bytes = s.as_bytes();
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..0x20 => "",
            _ => continue,
        };
        out.push_str(&s[run..i]);
        if escape.is_empty() {
            out.push_str(&format!("\\u{b:04x}"));
        } else {
            out.push_str(escape);
        }
        run = i + 1;
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// Writes a JSON value indented by two spaces per level, `"key": value` with one space, and
/// empty objects and arrays as `{}` and `[]`; number text is kept as it was read.
pub fn write_pretty(out: &mut String, json: &Json, indent: usize) {
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n("  ", n));
    match json {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Number(n) => out.push_str(n),
        Json::String(s) => write_string(out, s),
        Json::Array(items) if items.is_empty() => out.push_str("[]"),
        Json::Object(members) if members.is_empty() => out.push_str("{}"),
        Json::Array(items) => {
            out.push_str("[\n");
            for (i, item) in items.iter().enumerate() {
                pad(out, indent + 1);
                write_pretty(out, &item.value, indent + 1);
                out.push_str(if i + 1 < items.len() { ",\n" } else { "\n" });
            }
            pad(out, indent);
            out.push(']');
        }
        Json::Object(members) => {
            out.push_str("{\n");
            for (i, m) in members.iter().enumerate() {
                pad(out, indent + 1);
                write_string(out, &m.key);
                out.push_str(": ");
                write_pretty(out, &m.value.value, indent + 1);
                out.push_str(if i + 1 < members.len() { ",\n" } else { "\n" });
            }
            pad(out, indent);
            out.push('}');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_duplicates_and_number_text() {
        let n = parse(r#"{"b": 9007199254740993, "a": [1.0, "x\u00e9\ud83d\ude00"], "b": null}"#)
            .unwrap();
        let Json::Object(m) = n.value else { panic!() };
        assert_eq!(
            m.iter().map(|m| m.key.as_str()).collect::<Vec<_>>(),
            ["b", "a", "b"]
        );
        assert_eq!(m[0].value.value, Json::Number("9007199254740993".into()));
        let Json::Array(items) = &m[1].value.value else {
            panic!()
        };
        assert_eq!(items[1].value, Json::String("xé😀".into()));
    }

    #[test]
    fn pretty_printing_indents_and_keeps_number_text() {
        let n = parse(r#"{"a":{"$numberLong":"1"},"b":[1.0,{}],"c":[]}"#).unwrap();
        let mut out = String::new();
        write_pretty(&mut out, &n.value, 0);
        assert_eq!(
            out,
            "{\n  \"a\": {\n    \"$numberLong\": \"1\"\n  },\n  \"b\": [\n    1.0,\n    {}\n  ],\n  \"c\": []\n}"
        );
    }

    #[test]
    fn errors_point_at_the_problem() {
        let e = parse("{\"a\": 1,}").unwrap_err();
        assert_eq!(e.column, 9);
        assert!(e.to_string().contains("key in double quotes"), "{e}");
        assert_eq!(parse("[01]").unwrap_err().column, 2);
        assert!(
            parse("\"abc")
                .unwrap_err()
                .to_string()
                .contains("closing quote")
        );
        assert!(parse("[1] x").is_err());
        assert!(
            parse(&"[".repeat(300))
                .unwrap_err()
                .to_string()
                .contains("nested")
        );
        assert!(parse("\"\\ud800\"").is_err());
    }
}
