//! Standard base64 (RFC 4648, with `=` padding), as Extended JSON's `$binary` and mongosh's
//! `BinData` use it.

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

/// Decodes padded or unpadded base64.
///
/// # Errors
/// A character outside the alphabet (with its 0-based index), misplaced padding, or a
/// length that cannot come from encoding whole bytes.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let bytes = text.as_bytes();
    let body_len = bytes.iter().rposition(|&c| c != b'=').map_or(0, |p| p + 1);
    let padding = bytes.len() - body_len;
    if padding > 2 || (padding > 0 && !bytes.len().is_multiple_of(4)) {
        return Err(format!("`{text}` has misplaced `=` padding"));
    }
    if body_len % 4 == 1 {
        return Err(format!(
            "`{text}` is not valid base64: its length cannot encode whole bytes"
        ));
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
                return Err(format!(
                    "`{}` at position {i} is not a base64 character",
                    text[i..].chars().next().unwrap_or('?')
                ));
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
    fn matches_the_seed_uuid() {
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
}
