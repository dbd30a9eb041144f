//! ObjectId: 12 bytes, a big-endian timestamp in seconds, a per-process random value and a
//! big-endian counter.

use std::fmt;

/// A 12-byte ObjectId.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ObjectId(pub [u8; 12]);

impl ObjectId {
    /// The raw bytes.
    pub const fn bytes(&self) -> [u8; 12] {
        self.0
    }

    /// The creation time in seconds since the epoch (bytes 0..4, big-endian).
    pub const fn timestamp(&self) -> u32 {
        u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
    }

    /// The 24 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        super::hex::encode(&self.0)
    }

    /// Parses 24 hex digits.
    ///
    /// # Errors
    /// When the text is not exactly 24 hex digits.
    pub fn parse_hex(text: &str) -> Result<Self, String> {
        if text.len() != 24 {
            return Err(format!(
                "an ObjectId is 24 hex digits, but `{text}` has {}",
                text.chars().count()
            ));
        }
        let bytes = super::hex::decode(text).map_err(|e| e.to_string())?;
        let mut id = [0u8; 12];
        id.copy_from_slice(&bytes);
        Ok(ObjectId(id))
    }
}

impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_is_big_endian_seconds() {
        let id = ObjectId::parse_hex("6ac711ed454f588ca2d05d4b").expect("valid hex");
        assert_eq!(id.timestamp(), 1_791_431_149);
        assert_eq!(id.to_string(), "6ac711ed454f588ca2d05d4b");
        assert!(ObjectId::parse_hex("6ac7").is_err());
    }
}
