//! Hex text in and out: lowercase encoding, and a decoder that accepts the ways people paste
//! bytes (`24 00 00 00`, `24000000`, `0x24, 0x00`, several lines, `od`-style offsets excluded).

use std::fmt;

use super::terms::one_line;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Lowercase hex digits, two per byte, no separators.
///
/// # Examples
/// ```
/// assert_eq!(bson_tutor::bson::hex::encode(&[0x24, 0x00, 0xff]), "2400ff");
/// ```
pub fn encode(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0x0f)] as char);
    }
    out
}

/// Hex digits two per byte separated by single spaces, as the tables show them.
pub fn encode_spaced(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&encode(&[*b]));
    }
    out
}

/// What is wrong with a piece of hex text, and where (1-based character column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexError {
    /// 1-based column (in characters) of the offending character.
    pub column: usize,
    /// The rule broken.
    pub kind: HexErrorKind,
}

/// The rule a piece of hex text broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexErrorKind {
    /// A separator follows the first digit of a byte.
    OneDigit,
    /// A character that is neither a hex digit nor a separator.
    NotHex(char),
    /// The text ends after the first digit of a byte.
    EndsAfterOne,
}

impl Localize for HexErrorKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use HexErrorKind as K;
        match (lang, self) {
            (Lang::En, K::OneDigit) => {
                out.write_str("a byte needs two hex digits, but this one has only one")
            }
            (Lang::En, K::NotHex(c)) => write!(out, "`{c}` is not a hex digit (0-9, a-f)"),
            (Lang::En, K::EndsAfterOne) => {
                out.write_str("a byte needs two hex digits, but the text ends after one")
            }
            (Lang::Vi, K::OneDigit) => {
                out.write_str("mỗi byte cần hai chữ số hex, nhưng byte này chỉ có một")
            }
            (Lang::Vi, K::NotHex(c)) => write!(out, "`{c}` không phải chữ số hex (0-9, a-f)"),
            (Lang::Vi, K::EndsAfterOne) => {
                out.write_str("mỗi byte cần hai chữ số hex, nhưng văn bản kết thúc sau một chữ số")
            }
            (Lang::Zh, K::OneDigit) => {
                out.write_str("一个字节需要两位十六进制数字，但这里只有一位")
            }
            (Lang::Zh, K::NotHex(c)) => write!(out, "`{c}` 不是十六进制数字（0-9、a-f）"),
            (Lang::Zh, K::EndsAfterOne) => {
                out.write_str("一个字节需要两位十六进制数字，但文本在第一位之后就结束了")
            }
        }
    }
}

impl fmt::Display for HexErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl Localize for HexError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let column = self.column;
        let kind = one_line(&self.kind.to_string_in(lang)).into_owned();
        match lang {
            Lang::En => write!(out, "column {column}: {kind}"),
            Lang::Vi => write!(out, "cột {column}: {kind}"),
            Lang::Zh => write!(out, "第 {column} 列：{kind}"),
        }
    }
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for HexError {}

/// Decodes hex digits, ignoring whitespace, commas and `0x` prefixes between bytes.
///
/// A byte's two digits must be adjacent: `2 4` is refused, so a dropped digit is caught
/// instead of shifting every later byte.
///
/// # Errors
/// A character that is not a hex digit, a byte cut by a separator, or an odd digit count.
///
/// # Examples
/// ```
/// use bson_tutor::bson::hex::decode;
/// assert_eq!(decode("24 00 0x0A,ff").unwrap(), vec![0x24, 0x00, 0x0a, 0xff]);
/// assert!(decode("2 4").is_err());
/// ```
pub fn decode(text: &str) -> Result<Vec<u8>, HexError> {
    let mut out = Vec::with_capacity(text.len() / 2);
    let mut high: Option<(u8, usize)> = None;
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if let Some(v) = c.to_digit(16) {
            match high.take() {
                None => high = Some((v as u8, column)),
                Some((h, _)) => out.push((h << 4) | v as u8),
            }
        } else if c.is_whitespace() || c == ',' {
            if let Some((_, col)) = high {
                return Err(HexError {
                    column: col,
                    kind: HexErrorKind::OneDigit,
                });
            }
        } else if c == 'x' && high == Some((0, column - 1)) && chars.get(i + 1).is_some() {
            // "0x" prefix: drop the pending 0.
            high = None;
        } else {
            return Err(HexError {
                column,
                kind: HexErrorKind::NotHex(c),
            });
        }
        i += 1;
    }
    if let Some((_, col)) = high {
        return Err(HexError {
            column: col,
            kind: HexErrorKind::EndsAfterOne,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_spaced_packed_and_prefixed_forms() {
        assert_eq!(decode("0c000000").unwrap(), [0x0c, 0, 0, 0]);
        assert_eq!(decode("0C 00\n00 00").unwrap(), [0x0c, 0, 0, 0]);
        assert_eq!(decode("0x0c, 0x00").unwrap(), [0x0c, 0]);
        assert_eq!(decode("").unwrap(), Vec::<u8>::new());
    }

    #[test]
    fn errors_name_the_column() {
        let e = decode("24 0g").unwrap_err();
        assert_eq!(e.column, 5);
        assert_eq!(e.kind, HexErrorKind::NotHex('g'));
        assert_eq!(decode("24 0").unwrap_err().column, 4);
        assert_eq!(decode("2 4").unwrap_err().column, 1);
    }

    #[test]
    fn encodes_lowercase() {
        assert_eq!(encode(&[0xAB, 0x01]), "ab01");
        assert_eq!(encode_spaced(&[0xAB, 0x01]), "ab 01");
    }

    impl HexErrorKind {
        /// One of every variant; the match makes a new variant a compile error here.
        fn every_variant() -> Vec<Self> {
            let all = vec![
                HexErrorKind::OneDigit,
                HexErrorKind::NotHex('g'),
                HexErrorKind::EndsAfterOne,
            ];
            for kind in &all {
                match kind {
                    HexErrorKind::OneDigit
                    | HexErrorKind::NotHex(_)
                    | HexErrorKind::EndsAfterOne => {}
                }
            }
            all
        }
    }

    #[test]
    fn every_variant_in_every_language() {
        let mut problems = Vec::new();
        for kind in HexErrorKind::every_variant() {
            problems.extend(crate::bson::terms::check_languages(&HexError {
                column: 3,
                kind,
            }));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn messages_in_three_languages() {
        let e = decode("0c 0").unwrap_err();
        assert_eq!(
            e.to_string(),
            "column 4: a byte needs two hex digits, but the text ends after one"
        );
        assert_eq!(
            e.to_string_in(Lang::Vi),
            "cột 4: mỗi byte cần hai chữ số hex, nhưng văn bản kết thúc sau một chữ số"
        );
        let e = decode("zz").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "第 1 列：`z` 不是十六进制数字（0-9、a-f）"
        );
        let e = decode("a b").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "第 1 列：一个字节需要两位十六进制数字，但这里只有一位"
        );
    }
}
