//! Hex text in and out: lowercase encoding, and a decoder that accepts the ways people paste
//! bytes (`24 00 00 00`, `24000000`, `0x24, 0x00`, several lines, `od`-style offsets excluded).

use std::fmt;

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
    /// 1-based column of the offending character (or of the end of the text).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
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
                    message: "a byte needs two hex digits, but this one has only one".into(),
                });
            }
        } else if c == 'x' && high == Some((0, column - 1)) && chars.get(i + 1).is_some() {
            // "0x" prefix: drop the pending 0.
            high = None;
        } else {
            return Err(HexError {
                column,
                message: format!("`{c}` is not a hex digit (0-9, a-f)"),
            });
        }
        i += 1;
    }
    if let Some((_, col)) = high {
        return Err(HexError {
            column: col,
            message: "a byte needs two hex digits, but the text ends after one".into(),
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
        assert!(e.message.contains("`g`"));
        assert_eq!(decode("24 0").unwrap_err().column, 4);
        assert_eq!(decode("2 4").unwrap_err().column, 1);
    }

    #[test]
    fn encodes_lowercase() {
        assert_eq!(encode(&[0xAB, 0x01]), "ab01");
        assert_eq!(encode_spaced(&[0xAB, 0x01]), "ab 01");
    }
}
