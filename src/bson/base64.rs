//! Standard base64 (RFC 4648, with `=` padding), as Extended JSON's `$binary` and mongosh's
//! `BinData` use it.

use std::fmt;

use crate::strings::Lang;
use crate::strings::localize::Localize;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes with padding.
///
/// # Examples
/// ```
/// assert_eq!(bson_tutor::bson::base64::encode(b"\x34\x0a\x73"), "NApz");
/// assert_eq!(bson_tutor::bson::base64::encode(b"a"), "YQ==");
/// ```
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Why text is not base64.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base64Error {
    /// `=` padding in the middle, more than two of them, or a padded length that is not a
    /// multiple of 4.
    Padding {
        /// The text.
        text: String,
    },
    /// A length that no whole number of bytes encodes to (4n + 1 characters).
    Length {
        /// The text.
        text: String,
    },
    /// A character outside the alphabet.
    Char {
        /// The character.
        found: char,
        /// Its 0-based byte index in the text.
        position: usize,
    },
}

impl Localize for Base64Error {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use Base64Error as E;
        match (lang, self) {
            (Lang::En, E::Padding { text }) => write!(out, "`{text}` has misplaced `=` padding"),
            (Lang::En, E::Length { text }) => write!(
                out,
                "`{text}` is not valid base64: its length cannot encode whole bytes"
            ),
            (Lang::En, E::Char { found, position }) => write!(
                out,
                "`{found}` at position {position} is not a base64 character"
            ),
            (Lang::Vi, E::Padding { text }) => write!(out, "`{text}` có dấu đệm `=` sai vị trí"),
            (Lang::Vi, E::Length { text }) => write!(
                out,
                "`{text}` không phải base64 hợp lệ: độ dài của nó không mã hóa được trọn các byte"
            ),
            (Lang::Vi, E::Char { found, position }) => {
                write!(out, "`{found}` ở vị trí {position} không phải ký tự base64")
            }
            (Lang::Zh, E::Padding { text }) => write!(out, "`{text}` 的 `=` 填充位置不对"),
            (Lang::Zh, E::Length { text }) => write!(
                out,
                "`{text}` 不是有效的 base64：它的长度无法编码成完整的字节"
            ),
            (Lang::Zh, E::Char { found, position }) => {
                write!(out, "位置 {position} 上的 `{found}` 不是 base64 字符")
            }
        }
    }
}

impl fmt::Display for Base64Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for Base64Error {}

/// Decodes padded or unpadded base64.
///
/// # Errors
/// A character outside the alphabet (with its 0-based index), misplaced padding, or a
/// length that cannot come from encoding whole bytes.
pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let bytes = text.as_bytes();
    let body_len = bytes.iter().rposition(|&c| c != b'=').map_or(0, |p| p + 1);
    let padding = bytes.len() - body_len;
    if padding > 2 || (padding > 0 && !bytes.len().is_multiple_of(4)) {
        return Err(Base64Error::Padding { text: text.into() });
    }
    if body_len % 4 == 1 {
        return Err(Base64Error::Length { text: text.into() });
    }
    let mut out = Vec::with_capacity(body_len * 3 / 4);
    let mut acc = 0u32;
    let mut bits = 0;
    for (i, &c) in bytes[..body_len].iter().enumerate() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => {
                return Err(Base64Error::Char {
                    found: text[i..].chars().next().unwrap_or('?'),
                    position: i,
                });
            }
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length() {
        let data: Vec<u8> = (0..=255).collect();
        for n in 0..40 {
            assert_eq!(decode(&encode(&data[..n])).unwrap(), &data[..n]);
        }
    }

    #[test]
    fn matches_mongosh_for_a_uuid() {
        let uuid = crate::bson::hex::decode("340a73e35b2b45a8892d712753c15406").unwrap();
        assert_eq!(encode(&uuid), "NApz41srRaiJLXEnU8FUBg==");
    }

    #[test]
    fn refuses_bad_input() {
        assert!(decode("ab$d").is_err());
        assert!(decode("a===").is_err());
        assert!(decode("abcde").is_err());
        assert_eq!(decode("YQ").unwrap(), b"a");
    }

    impl Base64Error {
        /// One of every variant; the match makes a new variant a compile error here.
        fn every_variant() -> Vec<Self> {
            let all = vec![
                Base64Error::Padding {
                    text: "a===".into(),
                },
                Base64Error::Length {
                    text: "abcde".into(),
                },
                Base64Error::Char {
                    found: '$',
                    position: 1,
                },
            ];
            for e in &all {
                match e {
                    Base64Error::Padding { .. }
                    | Base64Error::Length { .. }
                    | Base64Error::Char { .. } => {}
                }
            }
            all
        }
    }

    #[test]
    fn every_variant_in_every_language() {
        let mut problems = Vec::new();
        for e in Base64Error::every_variant() {
            problems.extend(crate::bson::terms::check_languages(&e));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        assert_eq!(
            decode("a$").unwrap_err().to_string_in(Lang::Zh),
            "位置 1 上的 `$` 不是 base64 字符"
        );
        assert_eq!(
            decode("a===").unwrap_err().to_string_in(Lang::Vi),
            "`a===` có dấu đệm `=` sai vị trí"
        );
    }
}
