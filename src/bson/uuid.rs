//! UUIDs: the 8-4-4-4-12 text form, random version 4 UUIDs, and the two ways BSON stores
//! them: binary subtype 4 (the standard byte order) and the legacy subtype 3, whose byte order
//! depends on which driver wrote it.
//!
//! The legacy orders, from the drivers' "Handling of Native UUID Types" spec
//! (mongodb/specifications `source/uuid.rst`), with its test vector for
//! `00112233-4455-6677-8899-aabbccddeeff`:
//!
//! | order (subtype)   | rule                                | stored bytes                       |
//! |-------------------|-------------------------------------|------------------------------------|
//! | standard (4)      | RFC 4122 order                      | `00112233445566778899aabbccddeeff` |
//! | C# legacy (3)     | reverse bytes 0-3, 4-5 and 6-7      | `33221100554477668899aabbccddeeff` |
//! | Java legacy (3)   | reverse bytes 0-7 and 8-15          | `7766554433221100ffeeddccbbaa9988` |
//! | Python legacy (3) | the standard order                  | `00112233445566778899aabbccddeeff` |
//!
//! The same 16 stored bytes therefore read as different UUIDs depending on the order assumed:
//! subtype 3 data can only be read correctly by knowing which driver wrote it.

use std::fmt;

use rand::Rng;

use super::spans::format_uuid;
use super::spec::{BINARY_UUID, BINARY_UUID_OLD};
use super::value::Binary;

/// A UUID, its 16 bytes in the standard (RFC 4122 / RFC 9562) order: the order of the hex
/// digits in its text form and of BSON binary subtype 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Uuid(pub [u8; 16]);

/// A driver's legacy byte order for UUIDs stored as binary subtype 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LegacyOrder {
    /// The Java driver's: each 8-byte half reversed (it wrote two little-endian longs).
    Java,
    /// The C# driver's (.NET `Guid` layout): the first 4 bytes, the next 2 and the next 2
    /// each reversed; the last 8 as they are.
    CSharp,
    /// The Python driver's: the standard order, only the subtype (3) differs.
    Python,
}

impl LegacyOrder {
    /// The three orders.
    pub const ALL: [LegacyOrder; 3] = [LegacyOrder::Java, LegacyOrder::CSharp, LegacyOrder::Python];

    /// The `uuidRepresentation` connection-string value that selects this order
    /// (`javaLegacy`, `csharpLegacy`, `pythonLegacy`).
    pub const fn name(self) -> &'static str {
        match self {
            LegacyOrder::Java => "javaLegacy",
            LegacyOrder::CSharp => "csharpLegacy",
            LegacyOrder::Python => "pythonLegacy",
        }
    }
}

impl fmt::Display for LegacyOrder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The bytes a driver using `order` stores (subtype 3) for the standard-order `bytes`.
///
/// Every legacy order only reverses groups of bytes, so applying it twice gives the bytes
/// back: [`from_legacy`] is the same permutation.
///
/// # Examples
/// ```
/// use bson_tutor::bson::hex;
/// use bson_tutor::bson::uuid::{LegacyOrder, Uuid, to_legacy};
/// let u = Uuid::parse("00112233-4455-6677-8899-aabbccddeeff").unwrap();
/// let stored = |order| hex::encode(&to_legacy(u.0, order));
/// assert_eq!(stored(LegacyOrder::Java), "7766554433221100ffeeddccbbaa9988");
/// assert_eq!(stored(LegacyOrder::CSharp), "33221100554477668899aabbccddeeff");
/// assert_eq!(stored(LegacyOrder::Python), "00112233445566778899aabbccddeeff");
/// ```
pub fn to_legacy(bytes: [u8; 16], order: LegacyOrder) -> [u8; 16] {
    let mut b = bytes;
    match order {
        LegacyOrder::Java => {
            b[..8].reverse();
            b[8..].reverse();
        }
        LegacyOrder::CSharp => {
            b[..4].reverse();
            b[4..6].reverse();
            b[6..8].reverse();
        }
        LegacyOrder::Python => {}
    }
    b
}

/// The standard-order bytes of a UUID a driver using `order` stored as `bytes` (subtype 3).
///
/// # Examples
/// ```
/// use bson_tutor::bson::hex;
/// use bson_tutor::bson::uuid::{LegacyOrder, Uuid, from_legacy};
/// let stored: [u8; 16] =
///     hex::decode("33221100554477668899aabbccddeeff").unwrap().try_into().unwrap();
/// assert_eq!(Uuid(from_legacy(stored, LegacyOrder::CSharp)).to_string(),
///            "00112233-4455-6677-8899-aabbccddeeff");
/// ```
pub fn from_legacy(bytes: [u8; 16], order: LegacyOrder) -> [u8; 16] {
    // Each order reverses fixed groups, so it is its own inverse.
    to_legacy(bytes, order)
}

impl Uuid {
    /// The all-zero UUID.
    pub const NIL: Uuid = Uuid([0; 16]);

    /// Reads a UUID: 32 hex digits (either case), either all together or in the 8-4-4-4-12
    /// groups of the usual form, `340a73e3-5b2b-45a8-892d-712753c15406`.
    ///
    /// # Errors
    /// A character that is neither a hex digit nor a dash, a digit count other than 32, or
    /// dashes anywhere but between the 8-4-4-4-12 groups; the column points at the culprit.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::uuid::Uuid;
    /// let a = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c15406").unwrap();
    /// assert_eq!(Uuid::parse("340A73E35B2B45A8892D712753C15406"), Ok(a));
    /// let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c1540").unwrap_err();
    /// assert_eq!(e.to_string(), "a UUID is 32 hex digits, but \
    ///     `340a73e3-5b2b-45a8-892d-712753c1540` has 31 (1 too few)");
    /// let e = Uuid::parse("340a73e35b2b-45a8-892d-712753c15406").unwrap_err();
    /// assert_eq!(e.to_string(), "a UUID's dashes split its digits 8-4-4-4-12, but \
    ///     `340a73e35b2b-45a8-892d-712753c15406` splits them 12-4-4-12");
    /// ```
    pub fn parse(text: &str) -> Result<Self, UuidError> {
        const DASHES_AFTER: [usize; 4] = [8, 12, 16, 20];
        let mut bytes = [0u8; 16];
        let mut digits = 0usize;
        // Columns (1-based) of the first 33 digits, and (column, digits before it) per dash.
        let mut digit_columns = [0usize; 33];
        let mut dashes: Vec<(usize, usize)> = Vec::new();
        for (i, c) in text.chars().enumerate() {
            let column = i + 1;
            if c == '-' {
                dashes.push((column, digits));
                continue;
            }
            let Some(d) = c.to_digit(16) else {
                return Err(UuidError {
                    column,
                    message: format!(
                        "a UUID is 32 hex digits, but `{text}` has `{c}` at column {column}, \
                         which is neither a hex digit (0-9, a-f) nor a dash"
                    ),
                });
            };
            if digits < 32 {
                // `d < 16`, so it fits in the nibble.
                bytes[digits / 2] |= (d as u8) << if digits.is_multiple_of(2) { 4 } else { 0 };
            }
            if digits <= 32 {
                digit_columns[digits] = column;
            }
            digits += 1;
        }
        if digits != 32 {
            let end = text.chars().count() + 1;
            let (what, column) = if digits > 32 {
                (format!("{} too many", digits - 32), digit_columns[32])
            } else {
                (format!("{} too few", 32 - digits), end)
            };
            return Err(UuidError {
                column,
                message: format!("a UUID is 32 hex digits, but `{text}` has {digits} ({what})"),
            });
        }
        let placed: Vec<usize> = dashes.iter().map(|&(_, before)| before).collect();
        if !placed.is_empty() && placed != DASHES_AFTER {
            // Point at the first dash out of place, or where the first missing one belongs.
            let column = match placed.iter().zip(DASHES_AFTER).position(|(p, e)| *p != e) {
                Some(k) => dashes[k].0,
                None if placed.len() > DASHES_AFTER.len() => dashes[DASHES_AFTER.len()].0,
                None => digit_columns[DASHES_AFTER[placed.len()]],
            };
            let mut shape = Vec::new();
            let mut before = 0;
            for p in placed.iter().chain(std::iter::once(&32)) {
                shape.push((p - before).to_string());
                before = *p;
            }
            return Err(UuidError {
                column,
                message: format!(
                    "a UUID's dashes split its digits 8-4-4-4-12, but `{text}` splits them {}",
                    shape.join("-")
                ),
            });
        }
        Ok(Uuid(bytes))
    }

    /// A random (version 4) UUID: 122 random bits from `rng`, then the version nibble set to 4
    /// (high nibble of byte 6) and the variant bits to `10` (top of byte 8), as mongosh's
    /// `UUID()` makes them.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::seeded_rng;
    /// use bson_tutor::bson::uuid::Uuid;
    /// let u = Uuid::new_v4(&mut seeded_rng(1));
    /// assert_eq!(u.version(), 4);
    /// assert!(u.is_rfc_variant());
    /// assert_eq!(u, Uuid::new_v4(&mut seeded_rng(1)));
    /// ```
    pub fn new_v4<R: Rng + ?Sized>(rng: &mut R) -> Self {
        let mut b = [0u8; 16];
        rng.fill_bytes(&mut b);
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        Uuid(b)
    }

    /// The version: the high nibble of byte 6 (4 for random UUIDs, 7 for time-ordered ones).
    pub const fn version(&self) -> u8 {
        self.0[6] >> 4
    }

    /// Whether the variant bits (top of byte 8) are `10`, the variant RFC 4122 and RFC 9562
    /// define (every UUID `UUID()` makes).
    pub const fn is_rfc_variant(&self) -> bool {
        self.0[8] >> 6 == 0b10
    }

    /// Binary subtype 4 with the 16 bytes in standard order: how `UUID()` stores it.
    pub fn to_binary(&self) -> Binary {
        Binary {
            subtype: BINARY_UUID,
            bytes: self.0.to_vec(),
        }
    }

    /// Binary subtype 3 with the bytes in the legacy `order`: how an old driver stored it.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::uuid::{LegacyOrder, Uuid};
    /// let u = Uuid::parse("00112233-4455-6677-8899-aabbccddeeff").unwrap();
    /// let b = u.to_legacy_binary(LegacyOrder::Java);
    /// assert_eq!(b.subtype, 3);
    /// assert_eq!(Uuid::from_legacy_binary(&b, LegacyOrder::Java), Ok(u));
    /// // Read with the wrong order, the same bytes are another UUID:
    /// assert_eq!(Uuid::from_legacy_binary(&b, LegacyOrder::CSharp).unwrap().to_string(),
    ///            "44556677-2233-0011-ffee-ddccbbaa9988");
    /// ```
    pub fn to_legacy_binary(&self, order: LegacyOrder) -> Binary {
        Binary {
            subtype: BINARY_UUID_OLD,
            bytes: to_legacy(self.0, order).to_vec(),
        }
    }

    /// The UUID in a binary subtype 4.
    ///
    /// # Errors
    /// When the subtype is not 4 (subtype 3 names the legacy reader to use instead) or the
    /// data is not 16 bytes.
    pub fn from_binary(binary: &Binary) -> Result<Self, UuidError> {
        if binary.subtype == BINARY_UUID_OLD {
            return Err(UuidError::binary(
                "this is binary subtype 3, a legacy UUID whose byte order depends on the \
                 driver that wrote it: read it with the writer's legacy order (Java, C# or \
                 Python)"
                    .into(),
            ));
        }
        if binary.subtype != BINARY_UUID {
            return Err(UuidError::binary(format!(
                "a UUID is binary subtype 4, but this is subtype {}",
                binary.subtype
            )));
        }
        Self::sixteen(binary).map(Uuid)
    }

    /// The UUID in a binary subtype 3 written by a driver using `order`.
    ///
    /// # Errors
    /// When the subtype is not 3 or the data is not 16 bytes.
    pub fn from_legacy_binary(binary: &Binary, order: LegacyOrder) -> Result<Self, UuidError> {
        if binary.subtype != BINARY_UUID_OLD {
            return Err(UuidError::binary(format!(
                "a legacy ({order}) UUID is binary subtype 3, but this is subtype {}",
                binary.subtype
            )));
        }
        Self::sixteen(binary).map(|b| Uuid(from_legacy(b, order)))
    }

    fn sixteen(binary: &Binary) -> Result<[u8; 16], UuidError> {
        binary.bytes.as_slice().try_into().map_err(|_| {
            UuidError::binary(format!(
                "a UUID is 16 bytes, but this binary has {}",
                binary.bytes.len()
            ))
        })
    }

    /// The way mongosh prints it: `UUID('340a73e3-5b2b-45a8-892d-712753c15406')`.
    pub fn to_shell(&self) -> String {
        format!("UUID('{self}')")
    }
}

impl fmt::Display for Uuid {
    /// The 8-4-4-4-12 lowercase form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_uuid(&self.0))
    }
}

impl std::str::FromStr for Uuid {
    type Err = UuidError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse(s)
    }
}

/// Why a text or a binary value is not a UUID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UuidError {
    /// 1-based column of the offending character in the text (0 for a binary value).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl UuidError {
    fn binary(message: String) -> Self {
        UuidError { column: 0, message }
    }
}

impl fmt::Display for UuidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for UuidError {}

impl From<UuidError> for String {
    fn from(e: UuidError) -> Self {
        e.message
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = "00112233-4455-6677-8899-aabbccddeeff";

    #[test]
    fn bad_character_is_named_with_its_column() {
        let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c1540z").unwrap_err();
        assert_eq!(e.column, 36);
        assert!(e.message.contains("`z` at column 36"), "{e}");
    }

    #[test]
    fn extra_digit_is_pointed_at() {
        let e = Uuid::parse("340a73e35b2b45a8892d712753c154061").unwrap_err();
        assert_eq!(e.column, 33);
        assert!(e.message.ends_with("has 33 (1 too many)"), "{e}");
    }

    #[test]
    fn misplaced_dash_is_pointed_at() {
        let e = Uuid::parse("340a73e-35b2b-45a8-892d-712753c15406").unwrap_err();
        assert!(e.message.ends_with("splits them 7-5-4-4-12"), "{e}");
        assert_eq!(e.column, 8);
        let e = Uuid::parse("340a73e3-5b2b-45a8-892d712753c15406").unwrap_err();
        assert!(e.message.ends_with("splits them 8-4-4-16"), "{e}");
        assert_eq!(e.column, 24);
    }

    #[test]
    fn empty_text_is_too_short() {
        let e = Uuid::parse("").unwrap_err();
        assert_eq!(
            (e.column, e.message.as_str()),
            (1, "a UUID is 32 hex digits, but `` has 0 (32 too few)")
        );
    }

    #[test]
    fn legacy_orders_are_their_own_inverse() {
        let u = Uuid::parse(SPEC).unwrap();
        for order in LegacyOrder::ALL {
            assert_eq!(from_legacy(to_legacy(u.0, order), order), u.0, "{order}");
        }
    }

    #[test]
    fn subtype_mismatch_says_which_reader_to_use() {
        let u = Uuid::parse(SPEC).unwrap();
        let legacy = u.to_legacy_binary(LegacyOrder::Python);
        assert!(
            Uuid::from_binary(&legacy)
                .unwrap_err()
                .message
                .contains("legacy")
        );
        assert!(
            Uuid::from_legacy_binary(&u.to_binary(), LegacyOrder::Python)
                .unwrap_err()
                .message
                .contains("subtype 4")
        );
        let short = Binary {
            subtype: BINARY_UUID,
            bytes: vec![0; 15],
        };
        assert_eq!(
            Uuid::from_binary(&short).unwrap_err().message,
            "a UUID is 16 bytes, but this binary has 15"
        );
    }
}
