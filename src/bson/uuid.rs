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

use super::hex;
use super::spec::{BINARY_UUID, BINARY_UUID_OLD};
use super::terms::Off;
use super::value::Binary;
use crate::strings::Lang;
use crate::strings::localize::Localize;

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
                    kind: UuidErrorKind::NotHex {
                        text: text.into(),
                        found: c,
                        column,
                    },
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
            let column = if digits > 32 { digit_columns[32] } else { end };
            return Err(UuidError {
                column,
                kind: UuidErrorKind::Count {
                    text: text.into(),
                    digits,
                },
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
                kind: UuidErrorKind::Dashes {
                    text: text.into(),
                    groups: shape.join("-"),
                },
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
            return Err(UuidError::binary(UuidErrorKind::Legacy));
        }
        if binary.subtype != BINARY_UUID {
            return Err(UuidError::binary(UuidErrorKind::Subtype {
                subtype: binary.subtype,
            }));
        }
        Self::sixteen(binary).map(Uuid)
    }

    /// The UUID in a binary subtype 3 written by a driver using `order`.
    ///
    /// # Errors
    /// When the subtype is not 3 or the data is not 16 bytes.
    pub fn from_legacy_binary(binary: &Binary, order: LegacyOrder) -> Result<Self, UuidError> {
        if binary.subtype != BINARY_UUID_OLD {
            return Err(UuidError::binary(UuidErrorKind::LegacySubtype {
                order,
                subtype: binary.subtype,
            }));
        }
        Self::sixteen(binary).map(|b| Uuid(from_legacy(b, order)))
    }

    fn sixteen(binary: &Binary) -> Result<[u8; 16], UuidError> {
        binary.bytes.as_slice().try_into().map_err(|_| {
            UuidError::binary(UuidErrorKind::Length {
                len: binary.bytes.len(),
            })
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
    pub kind: UuidErrorKind,
}

/// What is wrong with a text or binary value that should be a UUID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UuidErrorKind {
    /// A character that is neither a hex digit nor a dash.
    NotHex {
        /// The text.
        text: String,
        /// The character.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
    /// Not 32 digits.
    Count {
        /// The text.
        text: String,
        /// How many digits it has.
        digits: usize,
    },
    /// Dashes that do not split the digits 8-4-4-4-12.
    Dashes {
        /// The text.
        text: String,
        /// How they split them: `12-4-4-12`.
        groups: String,
    },
    /// Binary subtype 3: which legacy order is unknown.
    Legacy,
    /// Another subtype than 4.
    Subtype {
        /// The subtype.
        subtype: u8,
    },
    /// Another subtype than 3 for a legacy read.
    LegacySubtype {
        /// The order asked for.
        order: LegacyOrder,
        /// The subtype.
        subtype: u8,
    },
    /// Not 16 bytes.
    Length {
        /// How many bytes there are.
        len: usize,
    },
}

impl UuidError {
    fn binary(kind: UuidErrorKind) -> Self {
        UuidError { column: 0, kind }
    }
}

impl UuidErrorKind {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use UuidErrorKind as K;
        match self {
            K::NotHex {
                text,
                found,
                column,
            } => write!(
                out,
                "a UUID is 32 hex digits, but `{text}` has `{found}` at column {column}, \
                 which is neither a hex digit (0-9, a-f) nor a dash"
            ),
            K::Count { text, digits } => write!(
                out,
                "a UUID is 32 hex digits, but `{text}` has {digits} ({})",
                Off::of(*digits, 32).display_in(Lang::En)
            ),
            K::Dashes { text, groups } => write!(
                out,
                "a UUID's dashes split its digits 8-4-4-4-12, but `{text}` splits them {groups}"
            ),
            K::Legacy => out.write_str(
                "this is binary subtype 3, a legacy UUID whose byte order depends on the \
                 driver that wrote it: read it with the writer's legacy order (Java, C# or \
                 Python)",
            ),
            K::Subtype { subtype } => write!(
                out,
                "a UUID is binary subtype 4, but this is subtype {subtype}"
            ),
            K::LegacySubtype { order, subtype } => write!(
                out,
                "a legacy ({order}) UUID is binary subtype 3, but this is subtype {subtype}"
            ),
            K::Length { len } => write!(out, "a UUID is 16 bytes, but this binary has {len}"),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use UuidErrorKind as K;
        match self {
            K::NotHex {
                text,
                found,
                column,
            } => write!(
                out,
                "UUID gồm 32 chữ số hex, nhưng `{text}` có `{found}` ở cột {column}, \
                 không phải chữ số hex (0-9, a-f) cũng không phải dấu gạch ngang"
            ),
            K::Count { text, digits } => write!(
                out,
                "UUID gồm 32 chữ số hex, nhưng `{text}` có {digits} ({})",
                Off::of(*digits, 32).display_in(Lang::Vi)
            ),
            K::Dashes { text, groups } => write!(
                out,
                "dấu gạch ngang của UUID chia các chữ số thành 8-4-4-4-12, nhưng `{text}` lại \
                 chia thành {groups}"
            ),
            K::Legacy => out.write_str(
                "đây là Binary subtype 3, một UUID kiểu cũ có thứ tự byte tùy vào driver đã \
                 ghi nó: hãy đọc bằng thứ tự kiểu cũ của driver đó (Java, C# hoặc Python)",
            ),
            K::Subtype { subtype } => write!(
                out,
                "UUID là Binary subtype 4, nhưng đây là subtype {subtype}"
            ),
            K::LegacySubtype { order, subtype } => write!(
                out,
                "UUID kiểu cũ ({order}) là Binary subtype 3, nhưng đây là subtype {subtype}"
            ),
            K::Length { len } => write!(out, "UUID dài 16 byte, nhưng Binary này có {len}"),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use UuidErrorKind as K;
        match self {
            K::NotHex {
                text,
                found,
                column,
            } => write!(
                out,
                "UUID 是 32 位十六进制数字，但 `{text}` 的第 {column} 列是 `{found}`，\
                 它既不是十六进制数字（0-9、a-f）也不是连字符"
            ),
            K::Count { text, digits } => write!(
                out,
                "UUID 是 32 位十六进制数字，但 `{text}` 有 {digits} 位（{}）",
                Off::of(*digits, 32).display_in(Lang::Zh)
            ),
            K::Dashes { text, groups } => write!(
                out,
                "UUID 的连字符把数字分成 8-4-4-4-12，但 `{text}` 分成了 {groups}"
            ),
            K::Legacy => out.write_str(
                "这是二进制子类型 3，即旧式 UUID，它的字节顺序取决于写入它的驱动程序：\
                 请按写入方的旧式顺序（Java、C# 或 Python）读取",
            ),
            K::Subtype { subtype } => {
                write!(out, "UUID 是二进制子类型 4，但这里是子类型 {subtype}")
            }
            K::LegacySubtype { order, subtype } => write!(
                out,
                "旧式（{order}）UUID 是二进制子类型 3，但这里是子类型 {subtype}"
            ),
            K::Length { len } => write!(out, "UUID 是 16 个字节，但这个二进制值有 {len} 个"),
        }
    }
}

impl Localize for UuidError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.kind.en(out),
            Lang::Vi => self.kind.vi(out),
            Lang::Zh => self.kind.zh(out),
        }
    }
}

impl fmt::Display for UuidError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for UuidError {}

impl From<UuidError> for String {
    fn from(e: UuidError) -> Self {
        e.to_string()
    }
}

/// A 16-byte UUID in its 8-4-4-4-12 hex form.
pub fn format_uuid(bytes: &[u8]) -> String {
    let h = hex::encode(bytes);
    if h.len() != 32 {
        return h;
    }
    format!(
        "{}-{}-{}-{}-{}",
        &h[..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &str = "00112233-4455-6677-8899-aabbccddeeff";

    #[test]
    fn bad_character_is_named_with_its_column() {
        let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c1540z").unwrap_err();
        assert_eq!(e.column, 36);
        assert!(e.to_string().contains("`z` at column 36"), "{e}");
    }

    #[test]
    fn extra_digit_is_pointed_at() {
        let e = Uuid::parse("340a73e35b2b45a8892d712753c154061").unwrap_err();
        assert_eq!(e.column, 33);
        assert!(e.to_string().ends_with("has 33 (1 too many)"), "{e}");
    }

    #[test]
    fn misplaced_dash_is_pointed_at() {
        let e = Uuid::parse("340a73e-35b2b-45a8-892d-712753c15406").unwrap_err();
        assert!(e.to_string().ends_with("splits them 7-5-4-4-12"), "{e}");
        assert_eq!(e.column, 8);
        let e = Uuid::parse("340a73e3-5b2b-45a8-892d712753c15406").unwrap_err();
        assert!(e.to_string().ends_with("splits them 8-4-4-16"), "{e}");
        assert_eq!(e.column, 24);
    }

    #[test]
    fn empty_text_is_too_short() {
        let e = Uuid::parse("").unwrap_err();
        assert_eq!(
            (e.column, e.to_string().as_str()),
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
                .to_string()
                .contains("legacy")
        );
        assert!(
            Uuid::from_legacy_binary(&u.to_binary(), LegacyOrder::Python)
                .unwrap_err()
                .to_string()
                .contains("subtype 4")
        );
        let short = Binary {
            subtype: BINARY_UUID,
            bytes: vec![0; 15],
        };
        assert_eq!(
            Uuid::from_binary(&short).unwrap_err().to_string(),
            "a UUID is 16 bytes, but this binary has 15"
        );
    }

    impl UuidErrorKind {
        /// One of every variant; the match makes a new variant a compile error here.
        fn every_variant() -> Vec<Self> {
            use UuidErrorKind as K;
            let text = || "12-zz".to_owned();
            let all = vec![
                K::NotHex {
                    text: text(),
                    found: 'z',
                    column: 4,
                },
                K::Count {
                    text: text(),
                    digits: 33,
                },
                K::Count {
                    text: text(),
                    digits: 2,
                },
                K::Dashes {
                    text: text(),
                    groups: "12-4-4-12".into(),
                },
                K::Legacy,
                K::Subtype { subtype: 0 },
                K::LegacySubtype {
                    order: LegacyOrder::Java,
                    subtype: 4,
                },
                K::Length { len: 15 },
            ];
            for kind in &all {
                match kind {
                    K::NotHex { .. }
                    | K::Count { .. }
                    | K::Dashes { .. }
                    | K::Legacy
                    | K::Subtype { .. }
                    | K::LegacySubtype { .. }
                    | K::Length { .. } => {}
                }
            }
            all
        }
    }

    #[test]
    fn every_variant_in_every_language() {
        let mut problems = Vec::new();
        for kind in UuidErrorKind::every_variant() {
            problems.extend(crate::bson::terms::check_languages(&UuidError {
                column: 1,
                kind,
            }));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn messages_in_three_languages() {
        use crate::strings::localize::Localize;
        let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c1540z").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "UUID 是 32 位十六进制数字，但 `340a73e3-5b2b-45a8-892d-712753c1540z` 的第 36 列是 `z`，\
             它既不是十六进制数字（0-9、a-f）也不是连字符"
        );
        let e = Uuid::parse("340a73e3-5b2b-45a8-892d-712753c1540").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Vi),
            "UUID gồm 32 chữ số hex, nhưng `340a73e3-5b2b-45a8-892d-712753c1540` có 31 (thiếu 1)"
        );
        let e = Uuid::parse("340a73e35b2b-45a8-892d-712753c15406").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "UUID 的连字符把数字分成 8-4-4-4-12，但 `340a73e35b2b-45a8-892d-712753c15406` 分成了 12-4-4-12"
        );
        let bin = |subtype, len| Binary {
            subtype,
            bytes: vec![0; len],
        };
        assert_eq!(
            Uuid::from_binary(&bin(0, 16))
                .unwrap_err()
                .to_string_in(Lang::Vi),
            "UUID là Binary subtype 4, nhưng đây là subtype 0"
        );
        assert_eq!(
            Uuid::from_binary(&bin(4, 15))
                .unwrap_err()
                .to_string_in(Lang::Zh),
            "UUID 是 16 个字节，但这个二进制值有 15 个"
        );
        assert_eq!(
            Uuid::from_legacy_binary(&bin(4, 16), LegacyOrder::Java)
                .unwrap_err()
                .to_string_in(Lang::Vi),
            "UUID kiểu cũ (javaLegacy) là Binary subtype 3, nhưng đây là subtype 4"
        );
    }
}
