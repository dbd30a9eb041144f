//! Encoding [`Document`]s and [`Value`]s to BSON bytes.
//!
//! Lengths are written as placeholders and patched once the contents are known, so each
//! value is visited once.

use super::error::{EncodeError, Part};
use super::spec::{BINARY_OLD, MAX_DOCUMENT_SIZE, MAX_NESTING_DEPTH, TERMINATOR};
use super::value::{Document, Value};

/// Encodes a document.
///
/// # Errors
/// A key or regex containing NUL, nesting deeper than 100 levels, or a result over 16 MiB.
///
/// # Examples
/// ```
/// use bson_tutor::bson::{encode_document, Document};
/// let mut doc = Document::new();
/// doc.push("a", 1);
/// assert_eq!(encode_document(&doc).unwrap(), [0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0]);
/// assert_eq!(encode_document(&Document::new()).unwrap(), [5, 0, 0, 0, 0]);
/// ```
pub fn encode_document(doc: &Document) -> Result<Vec<u8>, EncodeError> {
    let mut out = Vec::with_capacity(64);
    encode_document_into(doc, &mut out)?;
    Ok(out)
}

/// Appends the encoding of `doc` to `out`.
///
/// # Errors
/// As [`encode_document`]; on error `out` is left as it was.
pub fn encode_document_into(doc: &Document, out: &mut Vec<u8>) -> Result<(), EncodeError> {
    let start = out.len();
    let result = write_document(out, doc.iter(), 0);
    let result = result.and_then(|()| {
        let size = out.len() - start;
        if size > MAX_DOCUMENT_SIZE {
            Err(EncodeError::TooLarge {
                size,
                max: MAX_DOCUMENT_SIZE,
            })
        } else {
            Ok(())
        }
    });
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// The number of bytes [`encode_document`] would produce, without encoding (`$bsonSize`).
pub fn document_size(doc: &Document) -> usize {
    5 + doc
        .iter()
        .map(|(k, v)| 1 + k.len() + 1 + value_size(v))
        .sum::<usize>()
}

/// The bytes a value takes inside an element (its length prefixes included).
pub fn value_size(value: &Value) -> usize {
    match value {
        Value::String(s) | Value::JavaScript(s) | Value::Symbol(s) => 4 + s.len() + 1,
        Value::Document(d) => document_size(d),
        Value::Array(items) => {
            5 + items
                .iter()
                .enumerate()
                .map(|(i, v)| 1 + decimal_len(i) + 1 + value_size(v))
                .sum::<usize>()
        }
        Value::Binary(b) => 5 + b.bytes.len() + if b.subtype == BINARY_OLD { 4 } else { 0 },
        Value::Regex(r) => r.pattern.len() + 1 + r.options.len() + 1,
        Value::DbPointer(p) => 4 + p.namespace.len() + 1 + 12,
        Value::JavaScriptWithScope(c) => 4 + 4 + c.code.len() + 1 + document_size(&c.scope),
        other => other.element_type().fixed_size().unwrap_or(0),
    }
}

fn decimal_len(mut n: usize) -> usize {
    let mut len = 1;
    while n >= 10 {
        n /= 10;
        len += 1;
    }
    len
}

fn patch_len(out: &mut [u8], at: usize) {
    let len = (out.len() - at) as i32;
    out[at..at + 4].copy_from_slice(&len.to_le_bytes());
}

fn write_cstr(out: &mut Vec<u8>, s: &str, what: Part) -> Result<(), EncodeError> {
    if s.as_bytes().contains(&TERMINATOR) {
        return Err(EncodeError::NulInCString {
            what,
            path: String::new(),
        });
    }
    out.extend_from_slice(s.as_bytes());
    out.push(TERMINATOR);
    Ok(())
}

fn write_string(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&((s.len() + 1) as i32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
    out.push(TERMINATOR);
}

fn write_document<'v>(
    out: &mut Vec<u8>,
    fields: impl Iterator<Item = (&'v str, &'v Value)>,
    depth: usize,
) -> Result<(), EncodeError> {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    for (key, value) in fields {
        write_element(out, key, value, depth).map_err(|e| e.in_field(key))?;
    }
    out.push(TERMINATOR);
    patch_len(out, start);
    Ok(())
}

fn write_array(out: &mut Vec<u8>, items: &[Value], depth: usize) -> Result<(), EncodeError> {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    let mut key = itoa_buf::Buf::new();
    for (i, value) in items.iter().enumerate() {
        let k = key.format(i);
        write_element(out, k, value, depth).map_err(|e| e.in_field(k))?;
    }
    out.push(TERMINATOR);
    patch_len(out, start);
    Ok(())
}

fn write_element(
    out: &mut Vec<u8>,
    key: &str,
    value: &Value,
    depth: usize,
) -> Result<(), EncodeError> {
    out.push(value.element_type().byte());
    write_cstr(out, key, Part::Key)?;
    write_value(out, value, depth)
}

fn nested_depth(depth: usize) -> Result<usize, EncodeError> {
    if depth + 1 > MAX_NESTING_DEPTH {
        return Err(EncodeError::TooDeep {
            max: MAX_NESTING_DEPTH,
            path: String::new(),
        });
    }
    Ok(depth + 1)
}

fn write_value(out: &mut Vec<u8>, value: &Value, depth: usize) -> Result<(), EncodeError> {
    match value {
        Value::Double(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::String(s) | Value::JavaScript(s) | Value::Symbol(s) => write_string(out, s),
        Value::Document(d) => write_document(out, d.iter(), nested_depth(depth)?)?,
        Value::Array(items) => write_array(out, items, nested_depth(depth)?)?,
        Value::Binary(b) => {
            let old = b.subtype == BINARY_OLD;
            let len = b.bytes.len() + if old { 4 } else { 0 };
            out.extend_from_slice(&(len as i32).to_le_bytes());
            out.push(b.subtype);
            if old {
                out.extend_from_slice(&(b.bytes.len() as i32).to_le_bytes());
            }
            out.extend_from_slice(&b.bytes);
        }
        Value::ObjectId(id) => out.extend_from_slice(&id.0),
        Value::Boolean(b) => out.push(u8::from(*b)),
        Value::DateTime(ms) => out.extend_from_slice(&ms.to_le_bytes()),
        Value::Regex(r) => {
            write_cstr(out, &r.pattern, Part::RegexPattern)?;
            write_cstr(out, &r.options, Part::RegexOptions)?;
        }
        Value::DbPointer(p) => {
            write_string(out, &p.namespace);
            out.extend_from_slice(&p.id.0);
        }
        Value::JavaScriptWithScope(c) => {
            let start = out.len();
            out.extend_from_slice(&[0; 4]);
            write_string(out, &c.code);
            write_document(out, c.scope.iter(), nested_depth(depth)?)?;
            patch_len(out, start);
        }
        Value::Int32(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::Timestamp(ts) => {
            let raw = (u64::from(ts.time) << 32) | u64::from(ts.increment);
            out.extend_from_slice(&raw.to_le_bytes());
        }
        Value::Int64(v) => out.extend_from_slice(&v.to_le_bytes()),
        Value::Decimal128(d) => out.extend_from_slice(&d.0),
        Value::Undefined | Value::Null | Value::MinKey | Value::MaxKey => {}
    }
    Ok(())
}

impl EncodeError {
    /// The same error, seen from the document that holds field `key`.
    #[must_use]
    pub fn in_field(self, key: &str) -> Self {
        let join = |path: String| {
            if path.is_empty() {
                key.to_owned()
            } else {
                format!("{key}.{path}")
            }
        };
        match self {
            EncodeError::NulInCString { what, path } => EncodeError::NulInCString {
                what,
                path: join(path),
            },
            EncodeError::TooDeep { max, path } => EncodeError::TooDeep {
                max,
                path: join(path),
            },
            other => other,
        }
    }
}

/// Formatting array indexes as keys without allocating.
mod itoa_buf {
    pub struct Buf([u8; 20]);

    impl Buf {
        pub fn new() -> Self {
            Buf([0; 20])
        }

        pub fn format(&mut self, mut n: usize) -> &str {
            let mut i = self.0.len();
            loop {
                i -= 1;
                self.0[i] = b'0' + (n % 10) as u8;
                n /= 10;
                if n == 0 {
                    break;
                }
            }
            // Only ASCII digits were written.
            std::str::from_utf8(&self.0[i..]).unwrap_or("0")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::decode::decode_document;
    use crate::bson::value::Regex;

    /// `{ _id: 1, name: "An", age: 30 }`: small enough to read byte by byte.
    fn small_doc() -> Document {
        let mut d = Document::new();
        d.push("_id", 1);
        d.push("name", "An");
        d.push("age", 30);
        d
    }

    #[test]
    fn small_document_is_36_bytes() {
        let bytes = encode_document(&small_doc()).unwrap();
        assert_eq!(bytes.len(), 36);
        assert_eq!(document_size(&small_doc()), 36);
        assert_eq!(decode_document(&bytes).unwrap(), small_doc());
    }

    #[test]
    fn a_one_is_12_bytes_and_empty_is_5() {
        let mut d = Document::new();
        d.push("a", 1);
        assert_eq!(encode_document(&d).unwrap().len(), 12);
        assert_eq!(encode_document(&Document::new()).unwrap().len(), 5);
    }

    #[test]
    fn nul_in_key_is_refused_with_its_path() {
        let mut inner = Document::new();
        inner.push("b\0c", 1);
        let mut d = Document::new();
        d.push("a", inner);
        let e = encode_document(&d).unwrap_err();
        assert_eq!(
            e,
            EncodeError::NulInCString {
                what: Part::Key,
                path: "a.b\0c".into()
            }
        );
        let mut d = Document::new();
        d.push("r", Value::Regex(Box::new(Regex::new("a\0", ""))));
        assert!(matches!(
            encode_document(&d),
            Err(EncodeError::NulInCString {
                what: Part::RegexPattern,
                ..
            })
        ));
    }

    #[test]
    fn array_keys_are_decimal_positions() {
        let mut d = Document::new();
        d.push("arr", Value::Array((0..12).map(Value::Int32).collect()));
        let bytes = encode_document(&d).unwrap();
        assert_eq!(bytes.len(), document_size(&d));
        let needle = [0x10, b'1', b'1', 0];
        assert!(bytes.windows(4).any(|w| w == needle));
    }

    #[test]
    fn documents_over_16_mib_are_refused_and_the_buffer_is_left_alone() {
        let mut d = Document::new();
        d.push("big", "x".repeat(MAX_DOCUMENT_SIZE));
        let mut out = vec![1, 2, 3];
        let e = encode_document_into(&d, &mut out).unwrap_err();
        assert!(
            matches!(
                e,
                EncodeError::TooLarge {
                    max: MAX_DOCUMENT_SIZE,
                    ..
                }
            ),
            "{e}"
        );
        assert_eq!(out, [1, 2, 3]);
    }

    #[test]
    fn too_deep_values_are_refused() {
        let mut v = Value::Int32(1);
        for _ in 0..=MAX_NESTING_DEPTH {
            v = Value::Array(vec![v]);
        }
        let mut d = Document::new();
        d.push("a", v);
        assert!(matches!(
            encode_document(&d),
            Err(EncodeError::TooDeep { .. })
        ));
    }
}
