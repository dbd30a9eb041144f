//! Decode and encode errors: what went wrong, at which byte, in which field, in words a
//! learner can act on.

use std::fmt;

use super::spec::{ElementType, MAX_DOCUMENT_SIZE};

/// A document that could not be decoded: the first problem found, with its byte offset.
///
/// Offsets count from the first byte of the outermost document. The details live behind a
/// box (read them through `Deref`: `err.offset`, `err.kind`) so that the `Result`s of the hot
/// decoding path stay small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError(Box<DecodeErrorInfo>);

/// What a [`DecodeError`] says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeErrorInfo {
    /// What is wrong.
    pub kind: DecodeErrorKind,
    /// The byte where the problem is.
    pub offset: usize,
    /// The dotted path of the field being read, when the problem is inside one.
    pub path: Option<String>,
}

impl std::ops::Deref for DecodeError {
    type Target = DecodeErrorInfo;
    fn deref(&self) -> &DecodeErrorInfo {
        &self.0
    }
}

impl std::ops::DerefMut for DecodeError {
    fn deref_mut(&mut self) -> &mut DecodeErrorInfo {
        &mut self.0
    }
}

/// The kinds of malformed BSON the decoder refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeErrorKind {
    /// Fewer than 4 bytes where a document's length should be.
    MissingLength {
        /// Bytes present.
        available: usize,
    },
    /// A document length below 5 (the size of `{}`).
    DocumentLengthTooSmall {
        /// The length read.
        declared: i64,
        /// `"document"`, `"array"`, ...
        what: &'static str,
    },
    /// A document length above the 16 MiB limit.
    DocumentTooLarge {
        /// The length read.
        declared: usize,
        /// The limit in force.
        max: usize,
    },
    /// The top-level length says more bytes than there are.
    DocumentTruncated {
        /// The length read.
        declared: usize,
        /// Bytes present.
        available: usize,
    },
    /// Bytes left over after the top-level document.
    TrailingBytes {
        /// How many.
        extra: usize,
    },
    /// The last byte of a document is not 0x00.
    MissingTerminator {
        /// The byte found instead.
        found: u8,
        /// `"document"`, `"array"`, ...
        what: &'static str,
    },
    /// A 0x00 type byte before the end the length announced.
    EarlyTerminator {
        /// Where the length says the document ends.
        end: usize,
    },
    /// A type byte the spec does not define.
    UnknownType {
        /// The byte.
        byte: u8,
    },
    /// A C string (key, regex pattern or options) with no 0x00 before the document ends.
    Unterminated {
        /// What the string is.
        what: &'static str,
    },
    /// Bytes that are not UTF-8 where text must be.
    InvalidUtf8 {
        /// What the text is.
        what: &'static str,
    },
    /// A fixed-size value cut short by the end of its document.
    ValueTruncated {
        /// The type being read.
        ty: ElementType,
        /// Bytes the type needs.
        needed: usize,
        /// Bytes left before the end of the document.
        available: usize,
    },
    /// A length prefix too small to be valid.
    BadLength {
        /// What the length is of.
        what: &'static str,
        /// The length read.
        declared: i64,
        /// The smallest valid length.
        min: i64,
    },
    /// A length prefix that runs past the end of what contains it.
    LengthPastEnd {
        /// What the length is of.
        what: &'static str,
        /// The length read.
        declared: i64,
        /// What contains it (`"document"`, `"code-with-scope value"`).
        container: &'static str,
        /// The container's size in bytes.
        container_len: usize,
    },
    /// A length-prefixed string whose last byte is not 0x00.
    NotTerminated {
        /// What the string is.
        what: &'static str,
        /// The byte found where 0x00 should be.
        found: u8,
    },
    /// A boolean byte other than 0x00 or 0x01.
    BadBoolean {
        /// The byte.
        byte: u8,
    },
    /// Binary subtype 0x02 whose inner length does not match its outer length.
    OldBinaryInnerLength {
        /// The inner length read.
        inner: i64,
        /// The inner length the outer one implies.
        expected: i64,
    },
    /// A code-with-scope length that does not match the string and document inside it.
    CodeWithScopeMismatch {
        /// The length read.
        declared: usize,
        /// The bytes its parts take.
        actual: usize,
    },
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit in force.
        max: usize,
    },
}

impl DecodeError {
    pub(crate) fn new(kind: DecodeErrorKind, offset: usize) -> Self {
        DecodeError(Box::new(DecodeErrorInfo {
            kind,
            offset,
            path: None,
        }))
    }

    /// The same error, seen from the document that holds field `key`.
    #[must_use]
    pub fn in_field(mut self, key: &str) -> Self {
        self.path = Some(match self.path.take() {
            Some(inner) => format!("{key}.{inner}"),
            None => key.to_owned(),
        });
        self
    }

    /// The same error with its offset moved by `by` bytes (for documents inside a stream).
    #[must_use]
    pub fn shifted(mut self, by: usize) -> Self {
        self.offset += by;
        self
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}: {}", self.offset, self.kind)?;
        if let Some(path) = &self.path {
            write!(f, " (in field `{path}`)")?;
        }
        Ok(())
    }
}

impl std::error::Error for DecodeError {}

fn plural(n: impl Into<i64>) -> &'static str {
    if n.into() == 1 { "" } else { "s" }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DecodeErrorKind::*;
        match *self {
            MissingLength { available } => write!(
                f,
                "a document starts with a 4-byte little-endian length, but only {available} byte{} are here",
                plural(available as i64)
            ),
            DocumentLengthTooSmall { declared, what } => write!(
                f,
                "{what} length {declared} is impossible: even an empty one takes 5 bytes (the length itself and the closing 00)"
            ),
            DocumentTooLarge { declared, max } => {
                write!(
                    f,
                    "document length {declared} is over the limit of {max} bytes"
                )?;
                if max == MAX_DOCUMENT_SIZE {
                    f.write_str(" (16 MiB)")?;
                }
                Ok(())
            }
            DocumentTruncated {
                declared,
                available,
            } => write!(
                f,
                "the document's length says {declared} bytes, but only {available} are here: it is cut short"
            ),
            TrailingBytes { extra } => write!(
                f,
                "the document ends here, but {extra} more byte{} follow it",
                plural(extra as i64)
            ),
            MissingTerminator { found, what } => write!(
                f,
                "a {what} must end with the byte 00, but its last byte is {found:02x}: its length and its contents disagree"
            ),
            EarlyTerminator { end } => write!(
                f,
                "the byte 00 closes the document here, but its length says it runs to byte {end}"
            ),
            UnknownType { byte } => write!(
                f,
                "0x{byte:02x} is not a BSON type byte (types are 0x01-0x13, 0x7f MaxKey and 0xff MinKey)"
            ),
            Unterminated { what } => write!(
                f,
                "the {what} never ends: there is no 00 byte before the end of the document"
            ),
            InvalidUtf8 { what } => write!(f, "the {what} is not valid UTF-8 from this byte on"),
            ValueTruncated {
                ty,
                needed,
                available,
            } => write!(
                f,
                "a {ty} value takes {needed} byte{}, but only {available} remain before the end of the document",
                plural(needed as i64)
            ),
            BadLength {
                what,
                declared,
                min,
            } => {
                write!(f, "{what} length {declared} is impossible: ")?;
                if min == 1 {
                    f.write_str("the length counts the trailing 00, so it is at least 1")
                } else {
                    write!(f, "it is at least {min}")
                }
            }
            LengthPastEnd {
                what,
                declared,
                container,
                container_len,
            } => write!(
                f,
                "{what} length {declared} runs past the end of the {container} ({container_len} bytes)"
            ),
            NotTerminated { what, found } => write!(
                f,
                "the {what} should end with the byte 00 where its length says, but that byte is {found:02x}"
            ),
            BadBoolean { byte } => {
                write!(
                    f,
                    "a boolean is the byte 00 (false) or 01 (true), not {byte:02x}"
                )
            }
            OldBinaryInnerLength { inner, expected } => write!(
                f,
                "binary subtype 0x02 repeats its length inside the data: it should be {expected}, but it is {inner}"
            ),
            CodeWithScopeMismatch { declared, actual } => write!(
                f,
                "code-with-scope length {declared} does not match its parts, which take {actual} bytes (length, code string, scope document)"
            ),
            TooDeep { max } => write!(
                f,
                "documents and arrays are nested more than {max} levels deep"
            ),
        }
    }
}

/// A value that cannot be written as BSON.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A key, regex pattern or regex options containing NUL, which C strings cannot hold.
    NulInCString {
        /// What the string is (`"key"`, `"regex pattern"`, ...).
        what: &'static str,
        /// The dotted path of the field.
        path: String,
    },
    /// The encoded document is larger than the limit.
    TooLarge {
        /// The encoded size.
        size: usize,
        /// The limit in force.
        max: usize,
    },
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit in force.
        max: usize,
        /// The dotted path where the limit was crossed.
        path: String,
    },
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EncodeError::NulInCString { what, path } => write!(
                f,
                "field `{path}`: a {what} is written as a C string, which ends at the first 00 byte, so it cannot contain NUL"
            ),
            EncodeError::TooLarge { size, max } => write!(
                f,
                "the document would take {size} bytes, over the limit of {max} bytes"
            ),
            EncodeError::TooDeep { max, path } => write!(
                f,
                "field `{path}`: documents and arrays are nested more than {max} levels deep"
            ),
        }
    }
}

impl std::error::Error for EncodeError {}
