//! Decoding bytes into [`Value`]s, validating without building anything, and splitting a
//! stream of concatenated documents (a mongodump `.bson` file).

use std::ops::Range;

use super::decimal128::Decimal128;
use super::error::{DecodeError, DecodeErrorKind};
use super::oid::ObjectId;
use super::raw::{Limits, RawDocument, RawValue};
use super::value::{Binary, CodeWithScope, DbPointer, Document, Regex, Timestamp, Value};

/// Decodes one document that fills `bytes` exactly, with the server's limits.
///
/// # Errors
/// The first malformation found, with its byte offset (see [`DecodeErrorKind`]); bytes after
/// the document are an error too.
///
/// # Examples
/// ```
/// use bson_tutor::bson::{decode_document, Value};
/// let doc = decode_document(&[0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0]).unwrap();
/// assert_eq!(doc.get("a"), Some(&Value::Int32(1)));
///
/// let err = decode_document(&[0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0]).unwrap_err();
/// assert_eq!(err.to_string(),
///     "byte 0: the document's length says 12 bytes, but only 10 are here: it is cut short");
/// ```
pub fn decode_document(bytes: &[u8]) -> Result<Document, DecodeError> {
    decode_document_with(bytes, Limits::default())
}

/// Decodes one document that fills `bytes` exactly, with the given limits.
///
/// # Errors
/// As [`decode_document`].
pub fn decode_document_with(bytes: &[u8], limits: Limits) -> Result<Document, DecodeError> {
    let raw = RawDocument::open(bytes, limits)?;
    let doc = to_document(raw)?;
    no_trailing_bytes(bytes, raw)?;
    Ok(doc)
}

/// Checks a document completely (every length, terminator, UTF-8 sequence and nested
/// document) without building any value.
///
/// # Errors
/// As [`decode_document`].
pub fn validate(bytes: &[u8]) -> Result<(), DecodeError> {
    let raw = RawDocument::open(bytes, Limits::default())?;
    walk(raw)?;
    no_trailing_bytes(bytes, raw)
}

pub(crate) fn no_trailing_bytes(bytes: &[u8], raw: RawDocument<'_>) -> Result<(), DecodeError> {
    if raw.end() < bytes.len() {
        return Err(DecodeError::new(
            DecodeErrorKind::TrailingBytes {
                extra: bytes.len() - raw.end(),
            },
            raw.end(),
        ));
    }
    Ok(())
}

fn walk(raw: RawDocument<'_>) -> Result<(), DecodeError> {
    raw.try_for_each_element(|el| {
        let nested = match el.value {
            RawValue::Document(d) | RawValue::Array(d) => d,
            RawValue::JavaScriptWithScope { scope, .. } => scope,
            _ => return Ok(()),
        };
        walk(nested).map_err(|e| e.in_field(el.key))
    })
}

/// Builds a [`Document`] from a checked raw document.
pub(crate) fn to_document(raw: RawDocument<'_>) -> Result<Document, DecodeError> {
    let mut doc = Document::with_capacity(capacity_guess(raw, 12));
    raw.try_for_each_element(|el| {
        let value = to_value(el.value).map_err(|e| e.in_field(el.key))?;
        doc.push(el.key, value);
        Ok(())
    })?;
    Ok(doc)
}

/// Room for the fields a document of this size typically holds, so that vectors rarely
/// grow; bounded so that a document of a few large values does not reserve much.
fn capacity_guess(raw: RawDocument<'_>, bytes_per_field: usize) -> usize {
    (raw.len() / bytes_per_field).min(64)
}

fn to_array(raw: RawDocument<'_>) -> Result<Vec<Value>, DecodeError> {
    let mut items = Vec::with_capacity(capacity_guess(raw, 8));
    // Array keys are positions by convention only; readers ignore them, as drivers do.
    raw.try_for_each_element(|el| {
        items.push(to_value(el.value).map_err(|e| e.in_field(el.key))?);
        Ok(())
    })?;
    Ok(items)
}

/// Only values holding documents can fail (deeper down); the rest convert directly.
#[inline]
fn to_value(raw: RawValue<'_>) -> Result<Value, DecodeError> {
    Ok(match raw {
        RawValue::Document(d) => Value::Document(to_document(d)?),
        RawValue::Array(d) => Value::Array(to_array(d)?),
        RawValue::JavaScriptWithScope { code, scope } => {
            Value::JavaScriptWithScope(Box::new(CodeWithScope {
                code: code.to_owned(),
                scope: to_document(scope)?,
            }))
        }
        leaf => leaf_value(leaf),
    })
}

#[inline]
fn leaf_value(raw: RawValue<'_>) -> Value {
    match raw {
        RawValue::Double(v) => Value::Double(v),
        RawValue::String(s) => Value::String(s.into()),
        RawValue::Binary { subtype, bytes } => Value::Binary(Binary {
            subtype,
            bytes: bytes.to_vec(),
        }),
        RawValue::Undefined => Value::Undefined,
        RawValue::ObjectId(id) => Value::ObjectId(ObjectId(id)),
        RawValue::Boolean(b) => Value::Boolean(b),
        RawValue::DateTime(ms) => Value::DateTime(ms),
        RawValue::Null => Value::Null,
        RawValue::Regex { pattern, options } => {
            Value::Regex(Box::new(Regex::new(pattern, options)))
        }
        RawValue::DbPointer { namespace, id } => Value::DbPointer(Box::new(DbPointer {
            namespace: namespace.to_owned(),
            id: ObjectId(id),
        })),
        RawValue::JavaScript(s) => Value::JavaScript(s.into()),
        RawValue::Symbol(s) => Value::Symbol(s.into()),
        RawValue::Int32(v) => Value::Int32(v),
        RawValue::Timestamp { time, increment } => Value::Timestamp(Timestamp { time, increment }),
        RawValue::Int64(v) => Value::Int64(v),
        RawValue::Decimal128(b) => Value::Decimal128(Decimal128(b)),
        RawValue::MinKey => Value::MinKey,
        RawValue::MaxKey => Value::MaxKey,
        // Handled by `to_value`, which never passes them here.
        RawValue::Document(_) | RawValue::Array(_) | RawValue::JavaScriptWithScope { .. } => {
            Value::Null
        }
    }
}

/// Splits concatenated documents (a mongodump file) into the byte range of each, reading
/// only their length prefixes; decode each range on its own.
///
/// After the first error (a truncated last document, an impossible length) it stops.
pub fn split_stream(bytes: &[u8]) -> DocumentRanges<'_> {
    DocumentRanges {
        bytes,
        pos: 0,
        done: false,
        limits: Limits::default(),
    }
}

/// Iterator returned by [`split_stream`].
#[derive(Clone, Debug)]
pub struct DocumentRanges<'a> {
    bytes: &'a [u8],
    pos: usize,
    done: bool,
    limits: Limits,
}

impl Iterator for DocumentRanges<'_> {
    type Item = Result<Range<usize>, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.pos == self.bytes.len() {
            return None;
        }
        let start = self.pos;
        match RawDocument::open(&self.bytes[start..], self.limits) {
            Ok(raw) => {
                self.pos = start + raw.end();
                Some(Ok(start..self.pos))
            }
            Err(e) => {
                self.done = true;
                Some(Err(e.shifted(start)))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::hex;

    fn bytes(h: &str) -> Vec<u8> {
        hex::decode(h).expect("test hex")
    }

    #[test]
    fn small_document_decodes_to_three_fields() {
        let b = bytes(
            "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 03 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00",
        );
        let doc = decode_document(&b).expect("the small document is valid");
        assert_eq!(doc.keys().collect::<Vec<_>>(), ["_id", "name", "age"]);
        assert_eq!(doc.get("name"), Some(&Value::from("An")));
        assert_eq!(doc.get("age"), Some(&Value::Int32(30)));
    }

    #[test]
    fn string_length_past_the_end_names_byte_and_field() {
        // "name" claims 0x30 bytes in a 36-byte document.
        let b = bytes(
            "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 30 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00",
        );
        let e = decode_document(&b).unwrap_err();
        assert_eq!(e.offset, 19);
        assert_eq!(
            e.to_string(),
            "byte 19: string length 48 runs past the end of the document (36 bytes) (in field `name`)"
        );
    }

    #[test]
    fn nested_errors_carry_the_full_path() {
        // {a: {b: true}} with the boolean byte set to 2.
        let b = bytes("11000000 03 6100 09000000 08 6200 02 00 00");
        let e = decode_document(&b).unwrap_err();
        assert_eq!(e.path.as_deref(), Some("a.b"));
        assert_eq!(e.offset, 14);
        assert!(matches!(e.kind, DecodeErrorKind::BadBoolean { byte: 2 }));
    }

    #[test]
    fn nesting_is_bounded() {
        // 101 nested documents under the top level: {a:{a:{...}}}
        let depth = 101;
        let mut b = Vec::new();
        let total = 5 + depth * 8;
        for level in 0..=depth {
            let len = total - level * 8;
            b.extend_from_slice(&(len as i32).to_le_bytes());
            if level < depth {
                b.extend_from_slice(&[0x03, b'a', 0]);
            }
        }
        b.extend(std::iter::repeat_n(0u8, depth + 1));
        let e = decode_document(&b).unwrap_err();
        assert!(
            matches!(e.kind, DecodeErrorKind::TooDeep { max: 100 }),
            "{e}"
        );
        let limits = Limits {
            max_depth: 200,
            ..Limits::default()
        };
        assert!(decode_document_with(&b, limits).is_ok());
    }

    #[test]
    fn oversized_length_is_refused_before_reading() {
        let mut b = vec![0u8; 16];
        b[..4].copy_from_slice(&(17 * 1024 * 1024i32).to_le_bytes());
        let e = decode_document(&b).unwrap_err();
        assert!(
            matches!(e.kind, DecodeErrorKind::DocumentTooLarge { .. }),
            "{e}"
        );
        assert!(e.to_string().contains("16 MiB"));
    }

    #[test]
    fn stream_splits_concatenated_documents_and_reports_a_cut_one() {
        let mut b = bytes("0500000000 0c0000001061000100000000");
        b.extend_from_slice(&bytes("0c00000010"));
        let ranges: Vec<_> = split_stream(&b).collect();
        assert_eq!(ranges[0], Ok(0..5));
        assert_eq!(ranges[1], Ok(5..17));
        let e = ranges[2].clone().unwrap_err();
        assert_eq!(e.offset, 17);
        assert_eq!(ranges.len(), 3);
    }

    #[test]
    fn validate_agrees_with_decode() {
        let good = bytes("0c0000001061000100000000");
        assert!(validate(&good).is_ok());
        let bad = bytes("0c0000001061000100000001");
        assert_eq!(
            validate(&bad).unwrap_err(),
            decode_document(&bad).unwrap_err()
        );
    }
}
