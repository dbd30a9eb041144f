//! The BSON specification as data: element type bytes, `$type` numbers and aliases,
//! binary subtypes and the size limits the server enforces.
//!
//! Nothing else in the crate writes a type byte as a literal: it names an [`ElementType`].

use std::fmt;

/// The largest document the server accepts: 16 MiB.
pub const MAX_DOCUMENT_SIZE: usize = 16 * 1024 * 1024;

/// How many levels of nested documents and arrays the server accepts below the top level.
pub const MAX_NESTING_DEPTH: usize = 100;

/// The smallest possible document, `{}`: a 4-byte length and the terminating NUL.
pub const MIN_DOCUMENT_SIZE: usize = 5;

/// The byte that ends every document (and every C string).
pub const TERMINATOR: u8 = 0x00;

/// One of the 21 element types a BSON document can hold, with its type byte as discriminant.
#[repr(u8)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ElementType {
    /// 64-bit IEEE 754 binary floating point.
    Double = 0x01,
    /// UTF-8 string with a length prefix.
    String = 0x02,
    /// Embedded document.
    Document = 0x03,
    /// Array, encoded as a document whose keys are "0", "1", ...
    Array = 0x04,
    /// Binary data with a subtype.
    Binary = 0x05,
    /// Undefined (deprecated).
    Undefined = 0x06,
    /// 12-byte ObjectId.
    ObjectId = 0x07,
    /// Boolean, one byte 0x00 or 0x01.
    Boolean = 0x08,
    /// UTC datetime: signed milliseconds since the Unix epoch.
    DateTime = 0x09,
    /// Null.
    Null = 0x0A,
    /// Regular expression: pattern and options as two C strings.
    Regex = 0x0B,
    /// DBPointer (deprecated): a namespace string and an ObjectId.
    DbPointer = 0x0C,
    /// JavaScript code.
    JavaScript = 0x0D,
    /// Symbol (deprecated).
    Symbol = 0x0E,
    /// JavaScript code with a scope document (deprecated).
    JavaScriptWithScope = 0x0F,
    /// 32-bit signed integer.
    Int32 = 0x10,
    /// Internal MongoDB timestamp: increment and seconds.
    Timestamp = 0x11,
    /// 64-bit signed integer.
    Int64 = 0x12,
    /// IEEE 754-2008 128-bit decimal floating point (BID encoding).
    Decimal128 = 0x13,
    /// Compares below every other value.
    MinKey = 0xFF,
    /// Compares above every other value.
    MaxKey = 0x7F,
}

/// One row of the type table: the `$type` alias the server uses and the name this crate shows.
struct TypeInfo {
    ty: ElementType,
    alias: &'static str,
    name: &'static str,
}

/// The manual's type table, in type-byte order (0x01..=0x13, then MaxKey, then MinKey).
const TABLE: [TypeInfo; 21] = {
    use ElementType::*;
    const fn row(ty: ElementType, alias: &'static str, name: &'static str) -> TypeInfo {
        TypeInfo { ty, alias, name }
    }
    [
        row(Double, "double", "double"),
        row(String, "string", "string"),
        row(Document, "object", "document"),
        row(Array, "array", "array"),
        row(Binary, "binData", "binary"),
        row(Undefined, "undefined", "undefined"),
        row(ObjectId, "objectId", "objectId"),
        row(Boolean, "bool", "bool"),
        row(DateTime, "date", "date"),
        row(Null, "null", "null"),
        row(Regex, "regex", "regex"),
        row(DbPointer, "dbPointer", "dbPointer"),
        row(JavaScript, "javascript", "javascript"),
        row(Symbol, "symbol", "symbol"),
        row(
            JavaScriptWithScope,
            "javascriptWithScope",
            "javascriptWithScope",
        ),
        row(Int32, "int", "int32"),
        row(Timestamp, "timestamp", "timestamp"),
        row(Int64, "long", "int64"),
        row(Decimal128, "decimal", "decimal128"),
        row(MaxKey, "maxKey", "maxKey"),
        row(MinKey, "minKey", "minKey"),
    ]
};

impl ElementType {
    /// Every element type, in type-byte order (MaxKey and MinKey last).
    pub const ALL: [ElementType; 21] = {
        let mut all = [ElementType::Double; 21];
        let mut i = 0;
        while i < all.len() {
            all[i] = TABLE[i].ty;
            i += 1;
        }
        all
    };

    const fn info(self) -> &'static TypeInfo {
        let index = match self {
            Self::MaxKey => 19,
            Self::MinKey => 20,
            // 0x01..=0x13 are contiguous.
            other => other as usize - 1,
        };
        &TABLE[index]
    }

    /// The type for a type byte, or `None` for a byte the spec does not define.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::ElementType;
    /// assert_eq!(ElementType::from_u8(0x10), Some(ElementType::Int32));
    /// assert_eq!(ElementType::from_u8(0x80), None);
    /// ```
    pub const fn from_u8(byte: u8) -> Option<Self> {
        match byte {
            0x01..=0x13 => Some(TABLE[byte as usize - 1].ty),
            0x7F => Some(Self::MaxKey),
            0xFF => Some(Self::MinKey),
            _ => None,
        }
    }

    /// The byte that announces this type in an element.
    pub const fn byte(self) -> u8 {
        self as u8
    }

    /// The number `$type` uses: the type byte, except MinKey is -1 (its byte 0xFF read as signed).
    pub const fn number(self) -> i32 {
        self as u8 as i8 as i32
    }

    /// The type for a `$type` number (`-1` for MinKey, `127` for MaxKey).
    pub fn from_number(number: i64) -> Option<Self> {
        match number {
            -1 => Some(Self::MinKey),
            0..=127 => Self::from_u8(number as u8),
            _ => None,
        }
    }

    /// The string alias `$type` accepts and returns (`"int"`, `"long"`, `"binData"`, ...).
    pub const fn alias(self) -> &'static str {
        self.info().alias
    }

    /// The type for a `$type` alias; aliases are case-sensitive, as on the server.
    pub fn from_alias(alias: &str) -> Option<Self> {
        TABLE.iter().find(|t| t.alias == alias).map(|t| t.ty)
    }

    /// The name this crate shows for the type in tables and span dumps (`"int32"`, `"document"`).
    pub const fn name(self) -> &'static str {
        self.info().name
    }

    /// Whether the manual marks the type as deprecated.
    pub const fn is_deprecated(self) -> bool {
        matches!(
            self,
            Self::Undefined | Self::DbPointer | Self::Symbol | Self::JavaScriptWithScope
        )
    }

    /// The size of the value in bytes for types whose size never varies.
    pub const fn fixed_size(self) -> Option<usize> {
        match self {
            Self::Double | Self::DateTime | Self::Timestamp | Self::Int64 => Some(8),
            Self::Int32 => Some(4),
            Self::ObjectId => Some(12),
            Self::Decimal128 => Some(16),
            Self::Boolean => Some(1),
            Self::Undefined | Self::Null | Self::MinKey | Self::MaxKey => Some(0),
            _ => None,
        }
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Binary subtype 0x00: generic binary data.
pub const BINARY_GENERIC: u8 = 0x00;
/// Binary subtype 0x01: function.
pub const BINARY_FUNCTION: u8 = 0x01;
/// Binary subtype 0x02: the old binary format, which repeats the length inside the data.
pub const BINARY_OLD: u8 = 0x02;
/// Binary subtype 0x03: UUID in a driver-specific legacy byte order.
pub const BINARY_UUID_OLD: u8 = 0x03;
/// Binary subtype 0x04: UUID (RFC 4122 byte order).
pub const BINARY_UUID: u8 = 0x04;
/// Binary subtype 0x05: MD5 digest.
pub const BINARY_MD5: u8 = 0x05;
/// Binary subtype 0x06: encrypted value (client-side field level encryption).
pub const BINARY_ENCRYPTED: u8 = 0x06;
/// Binary subtype 0x07: compressed time-series column.
pub const BINARY_COLUMN: u8 = 0x07;
/// Binary subtype 0x08: sensitive data, redacted from logs.
pub const BINARY_SENSITIVE: u8 = 0x08;
/// Binary subtype 0x09: packed vector.
pub const BINARY_VECTOR: u8 = 0x09;
/// Binary subtypes from 0x80 up are free for applications.
pub const BINARY_USER_DEFINED_MIN: u8 = 0x80;

/// A short description of a binary subtype, for tables and the hex view.
pub fn binary_subtype_name(subtype: u8) -> &'static str {
    match subtype {
        BINARY_GENERIC => "generic binary",
        BINARY_FUNCTION => "function",
        BINARY_OLD => "old binary",
        BINARY_UUID_OLD => "legacy UUID",
        BINARY_UUID => "UUID",
        BINARY_MD5 => "MD5",
        BINARY_ENCRYPTED => "encrypted",
        BINARY_COLUMN => "compressed column",
        BINARY_SENSITIVE => "sensitive",
        BINARY_VECTOR => "vector",
        BINARY_USER_DEFINED_MIN..=0xFF => "user defined",
        _ => "reserved",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_round_trips_through_its_byte_number_and_alias() {
        for t in ElementType::ALL {
            assert_eq!(ElementType::from_u8(t.byte()), Some(t));
            assert_eq!(ElementType::from_number(t.number().into()), Some(t));
            assert_eq!(ElementType::from_alias(t.alias()), Some(t));
        }
    }

    #[test]
    fn min_and_max_key_use_the_manuals_numbers() {
        assert_eq!(ElementType::MinKey.number(), -1);
        assert_eq!(ElementType::MaxKey.number(), 127);
        assert_eq!(ElementType::from_number(255), None);
        assert_eq!(ElementType::Int64.alias(), "long");
        assert_eq!(ElementType::from_alias("Int"), None);
    }

    #[test]
    fn undefined_bytes_are_not_types() {
        let defined: Vec<_> = (0u8..=255).filter_map(ElementType::from_u8).collect();
        assert_eq!(defined, ElementType::ALL);
        for (i, t) in ElementType::ALL.iter().enumerate() {
            assert_eq!(t.info().ty, *t, "table row {i} is out of order");
        }
        assert_eq!(ElementType::from_u8(0x00), None);
        assert_eq!(ElementType::from_u8(0x14), None);
    }
}
