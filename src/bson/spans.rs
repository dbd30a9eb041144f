//! Element spans: where every element of a document sits in its bytes, and what each run of
//! bytes means. The hex view, the `inspect` table and the span dump are all drawn from this.

use std::fmt;

use serde::Serialize;

use super::datetime::format_iso;
use super::decimal128::Decimal128;
use super::decode::no_trailing_bytes;
use super::error::DecodeError;
use super::hex;
use super::raw::{Limits, RawDocument, RawElement, RawValue};
use super::spec::{BINARY_OLD, BINARY_UUID, ElementType, binary_subtype_name};

/// The spans of a whole document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DocumentSpans {
    /// The document's length in bytes.
    pub len: usize,
    /// The top-level elements.
    pub elements: Vec<ElementSpan>,
}

/// Where one element sits, its value's parts, and its children (for documents, arrays and
/// code-with-scope). Offsets count from the first byte of the outermost document.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ElementSpan {
    /// Dotted path from the top (`items.0.sku`).
    pub path: String,
    /// The element type.
    #[serde(rename = "type")]
    pub element_type: ElementType,
    /// Offset of the type byte.
    pub offset: usize,
    /// Bytes of the whole element: type byte, key and value.
    pub len: usize,
    /// Offset of the key.
    pub key_offset: usize,
    /// Offset of the value (its length prefix, if it has one).
    pub value_offset: usize,
    /// Bytes of the value, length prefixes and terminators included.
    pub value_len: usize,
    /// The elements inside a document, array or code-with-scope scope.
    pub children: Vec<ElementSpan>,
    /// The key as written (an array element's key is its position).
    pub key: String,
    /// Bytes of the key, its NUL included.
    pub key_len: usize,
    /// The value's byte runs in order (length prefix, data, terminator...), children excluded.
    #[serde(skip)]
    pub parts: Vec<Part>,
}

/// A run of bytes inside a value and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// First byte.
    pub offset: usize,
    /// Number of bytes.
    pub len: usize,
    /// What they mean.
    pub meaning: Meaning,
}

/// The role a byte plays, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ByteRole {
    /// A length prefix (document, string, binary...).
    Length,
    /// An element's type byte.
    TypeByte,
    /// A key and its NUL.
    Key,
    /// Value data.
    Value,
    /// A binary subtype byte.
    Subtype,
    /// The NUL that closes a document.
    Terminator,
}

/// Which kind of document a length or terminator belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Container {
    /// The outermost document.
    Top,
    /// An embedded document.
    Document,
    /// An array.
    Array,
    /// The scope of a code-with-scope value.
    Scope,
}

/// What a run of bytes means. `Display` gives the English sentence the table shows.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Meaning {
    /// A document's length prefix.
    DocumentLength {
        /// Which document.
        container: Container,
        /// Its length.
        len: usize,
    },
    /// A document's closing NUL.
    DocumentEnd {
        /// Which document.
        container: Container,
    },
    /// An element's type byte.
    TypeByte(ElementType),
    /// A key and its NUL.
    Key(String),
    /// A string's length prefix (which counts the trailing NUL).
    StringLength(usize),
    /// A string's bytes and its NUL.
    StringBytes(String),
    /// A whole fixed-size value, shown as text.
    Scalar {
        /// Its type.
        ty: ElementType,
        /// The value as text.
        text: String,
    },
    /// ObjectId bytes 0..4: seconds since the epoch, big-endian.
    OidTime(u32),
    /// ObjectId bytes 4..9: the per-process random value.
    OidRandom(String),
    /// ObjectId bytes 9..12: the counter, big-endian.
    OidCounter(u32),
    /// Timestamp bytes 0..4: the increment.
    TimestampIncrement(u32),
    /// Timestamp bytes 4..8: the seconds.
    TimestampTime(u32),
    /// A binary value's length prefix.
    BinaryLength(usize),
    /// A binary subtype byte.
    BinarySubtype(u8),
    /// The inner length binary subtype 0x02 repeats.
    OldBinaryLength(usize),
    /// Binary payload.
    BinaryData {
        /// Number of bytes.
        len: usize,
        /// The UUID it spells, for subtype 4 with 16 bytes.
        uuid: Option<String>,
    },
    /// A regex pattern C string.
    RegexPattern(String),
    /// A regex options C string.
    RegexOptions(String),
    /// The total length of a code-with-scope value.
    CodeWithScopeLength(usize),
}

impl Meaning {
    /// The colour class of these bytes.
    pub fn role(&self) -> ByteRole {
        match self {
            Meaning::DocumentLength { .. }
            | Meaning::StringLength(_)
            | Meaning::BinaryLength(_)
            | Meaning::OldBinaryLength(_)
            | Meaning::CodeWithScopeLength(_) => ByteRole::Length,
            Meaning::DocumentEnd { .. } => ByteRole::Terminator,
            Meaning::TypeByte(_) => ByteRole::TypeByte,
            Meaning::Key(_) => ByteRole::Key,
            Meaning::BinarySubtype(_) => ByteRole::Subtype,
            _ => ByteRole::Value,
        }
    }
}

fn container_name(c: Container) -> &'static str {
    match c {
        Container::Top => "document",
        Container::Document => "embedded document",
        Container::Array => "array",
        Container::Scope => "scope document",
    }
}

impl fmt::Display for Meaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Meaning::DocumentLength { container, len } => {
                write!(
                    f,
                    "{} length = 0x{len:x} = {len} bytes",
                    container_name(*container)
                )
            }
            Meaning::DocumentEnd { container } => {
                write!(f, "end of {}", container_name(*container))
            }
            Meaning::TypeByte(t) => write!(f, "type 0x{:02x} = {}", t.byte(), t.name()),
            Meaning::Key(k) => write!(f, "key {k:?} + NUL"),
            Meaning::StringLength(n) => {
                write!(f, "string length = {n} (counting the trailing NUL)")
            }
            Meaning::StringBytes(s) => write!(f, "{s:?} + NUL"),
            Meaning::Scalar { text, .. } => write!(f, "value {text}"),
            Meaning::OidTime(secs) => write!(
                f,
                "ObjectId time 0x{secs:08x} = {secs} s = {} (big-endian)",
                format_iso(i64::from(*secs) * 1000)
            ),
            Meaning::OidRandom(h) => write!(f, "ObjectId random value {h} (one per process)"),
            Meaning::OidCounter(c) => write!(f, "ObjectId counter 0x{c:06x} = {c} (big-endian)"),
            Meaning::TimestampIncrement(i) => write!(f, "timestamp increment {i}"),
            Meaning::TimestampTime(t) => write!(f, "timestamp seconds {t}"),
            Meaning::BinaryLength(n) => write!(f, "binary length = {n} bytes of data"),
            Meaning::BinarySubtype(s) => {
                write!(f, "subtype 0x{s:02x} = {}", binary_subtype_name(*s))
            }
            Meaning::OldBinaryLength(n) => write!(f, "old binary inner length = {n}"),
            Meaning::BinaryData { len, uuid } => match uuid {
                Some(u) => write!(f, "{len} bytes: UUID {u}"),
                None => write!(f, "{len} bytes of data"),
            },
            Meaning::RegexPattern(p) => write!(f, "pattern {p:?} + NUL"),
            Meaning::RegexOptions(o) => write!(f, "options {o:?} + NUL"),
            Meaning::CodeWithScopeLength(n) => {
                write!(f, "code-with-scope length = {n} bytes (code and scope)")
            }
        }
    }
}

impl serde::Serialize for ElementType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The spans of the one document that fills `bytes`, validating it as [`super::decode_document`] does.
///
/// # Errors
/// As [`super::decode_document`].
///
/// # Examples
/// ```
/// use bson_tutor::bson::spans::document_spans;
/// let spans = document_spans(&[0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0]).unwrap();
/// let a = &spans.elements[0];
/// assert_eq!((a.offset, a.key_offset, a.value_offset, a.value_len), (4, 5, 7, 4));
/// ```
pub fn document_spans(bytes: &[u8]) -> Result<DocumentSpans, DecodeError> {
    let raw = RawDocument::open(bytes, Limits::default())?;
    let elements = collect(raw, "")?;
    no_trailing_bytes(bytes, raw)?;
    Ok(DocumentSpans {
        len: raw.len(),
        elements,
    })
}

fn collect(raw: RawDocument<'_>, prefix: &str) -> Result<Vec<ElementSpan>, DecodeError> {
    let mut out = Vec::new();
    for el in raw.elements() {
        let el = el?;
        let path = if prefix.is_empty() {
            el.key.to_owned()
        } else {
            format!("{prefix}.{}", el.key)
        };
        let span = element_span(&el, path).map_err(|e| e.in_field(el.key))?;
        out.push(span);
    }
    Ok(out)
}

fn element_span(el: &RawElement<'_>, path: String) -> Result<ElementSpan, DecodeError> {
    let at = el.value_offset;
    let mut parts = Vec::new();
    let mut children = Vec::new();
    let mut part = |offset: usize, len: usize, meaning: Meaning| {
        parts.push(Part {
            offset,
            len,
            meaning,
        })
    };
    let mut nested = |doc: RawDocument<'_>,
                      container: Container,
                      part: &mut dyn FnMut(usize, usize, Meaning)|
     -> Result<(), DecodeError> {
        part(
            doc.start(),
            4,
            Meaning::DocumentLength {
                container,
                len: doc.len(),
            },
        );
        children.extend(collect(doc, &path)?);
        part(doc.end() - 1, 1, Meaning::DocumentEnd { container });
        Ok(())
    };
    let scalar = |ty: ElementType, text: String| Meaning::Scalar { ty, text };
    match el.value {
        RawValue::Double(v) => part(at, 8, scalar(el.element_type, format_double(v))),
        RawValue::Int32(v) => part(at, 4, scalar(el.element_type, v.to_string())),
        RawValue::Int64(v) => part(at, 8, scalar(el.element_type, v.to_string())),
        RawValue::DateTime(ms) => part(
            at,
            8,
            scalar(
                el.element_type,
                format!("{} ({ms} ms since 1970)", format_iso(ms)),
            ),
        ),
        RawValue::Decimal128(b) => part(at, 16, scalar(el.element_type, Decimal128(b).to_string())),
        RawValue::Boolean(b) => part(at, 1, scalar(el.element_type, b.to_string())),
        RawValue::ObjectId(id) => oid_parts(at, &id, &mut part),
        RawValue::Timestamp { time, increment } => {
            part(at, 4, Meaning::TimestampIncrement(increment));
            part(at + 4, 4, Meaning::TimestampTime(time));
        }
        RawValue::String(s) | RawValue::JavaScript(s) | RawValue::Symbol(s) => {
            string_parts(at, s, &mut part)
        }
        RawValue::Document(d) => nested(d, Container::Document, &mut part)?,
        RawValue::Array(d) => nested(d, Container::Array, &mut part)?,
        RawValue::Binary { subtype, bytes } => {
            let old = subtype == BINARY_OLD;
            part(
                at,
                4,
                Meaning::BinaryLength(bytes.len() + if old { 4 } else { 0 }),
            );
            part(at + 4, 1, Meaning::BinarySubtype(subtype));
            let mut data = at + 5;
            if old {
                part(data, 4, Meaning::OldBinaryLength(bytes.len()));
                data += 4;
            }
            if !bytes.is_empty() {
                let uuid =
                    (subtype == BINARY_UUID && bytes.len() == 16).then(|| format_uuid(bytes));
                part(
                    data,
                    bytes.len(),
                    Meaning::BinaryData {
                        len: bytes.len(),
                        uuid,
                    },
                );
            }
        }
        RawValue::Regex { pattern, options } => {
            part(
                at,
                pattern.len() + 1,
                Meaning::RegexPattern(pattern.to_owned()),
            );
            part(
                at + pattern.len() + 1,
                options.len() + 1,
                Meaning::RegexOptions(options.to_owned()),
            );
        }
        RawValue::DbPointer { namespace, id } => {
            string_parts(at, namespace, &mut part);
            oid_parts(at + 4 + namespace.len() + 1, &id, &mut part);
        }
        RawValue::JavaScriptWithScope { code, scope } => {
            part(at, 4, Meaning::CodeWithScopeLength(el.value_len));
            string_parts(at + 4, code, &mut part);
            nested(scope, Container::Scope, &mut part)?;
        }
        RawValue::Undefined | RawValue::Null | RawValue::MinKey | RawValue::MaxKey => {}
    }
    parts.sort_by_key(|p| p.offset);
    Ok(ElementSpan {
        path,
        element_type: el.element_type,
        offset: el.offset,
        len: el.len(),
        key_offset: el.key_offset,
        value_offset: el.value_offset,
        value_len: el.value_len,
        children,
        key: el.key.to_owned(),
        key_len: el.key_len(),
        parts,
    })
}

fn string_parts(at: usize, s: &str, part: &mut dyn FnMut(usize, usize, Meaning)) {
    part(at, 4, Meaning::StringLength(s.len() + 1));
    part(at + 4, s.len() + 1, Meaning::StringBytes(s.to_owned()));
}

fn oid_parts(at: usize, id: &[u8; 12], part: &mut dyn FnMut(usize, usize, Meaning)) {
    part(
        at,
        4,
        Meaning::OidTime(u32::from_be_bytes([id[0], id[1], id[2], id[3]])),
    );
    part(at + 4, 5, Meaning::OidRandom(hex::encode(&id[4..9])));
    part(
        at + 9,
        3,
        Meaning::OidCounter(u32::from_be_bytes([0, id[9], id[10], id[11]])),
    );
}

/// A double as the shell shows it: shortest round-trip digits, `-0`, `NaN`, `Infinity`.
pub fn format_double(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        format!("{v}")
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

/// One row of an annotated byte walk.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// First byte.
    pub offset: usize,
    /// Number of bytes.
    pub len: usize,
    /// Nesting level (0 for the top-level document's own bytes and elements).
    pub depth: usize,
    /// Path of the element the bytes belong to (empty for the top-level envelope).
    pub path: String,
    /// What the bytes mean.
    pub meaning: Meaning,
}

/// Every byte of the document as rows in offset order: the top-level length, each element's
/// type byte, key and value parts (nested documents' rows in place), and the final NUL.
pub fn rows(spans: &DocumentSpans) -> Vec<Row> {
    let mut out = Vec::new();
    let top = |offset, len, meaning| Row {
        offset,
        len,
        depth: 0,
        path: String::new(),
        meaning,
    };
    out.push(top(
        0,
        4,
        Meaning::DocumentLength {
            container: Container::Top,
            len: spans.len,
        },
    ));
    for el in &spans.elements {
        element_rows(el, 0, &mut out);
    }
    out.push(top(
        spans.len - 1,
        1,
        Meaning::DocumentEnd {
            container: Container::Top,
        },
    ));
    out
}

fn element_rows(el: &ElementSpan, depth: usize, out: &mut Vec<Row>) {
    let row = |offset, len, meaning| Row {
        offset,
        len,
        depth,
        path: el.path.clone(),
        meaning,
    };
    out.push(row(el.offset, 1, Meaning::TypeByte(el.element_type)));
    out.push(row(el.key_offset, el.key_len, Meaning::Key(el.key.clone())));
    let mut children = el.children.iter().peekable();
    for part in &el.parts {
        while let Some(child) = children.next_if(|c| c.offset < part.offset) {
            element_rows(child, depth + 1, out);
        }
        out.push(row(part.offset, part.len, part.meaning.clone()));
    }
    for child in children {
        element_rows(child, depth + 1, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::hex;

    const SEED: &str = "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 03 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00";

    #[test]
    fn seed_rows_match_the_hand_made_table() {
        let bytes = hex::decode(SEED).unwrap();
        let spans = document_spans(&bytes).unwrap();
        let got: Vec<(usize, String)> = rows(&spans)
            .iter()
            .map(|r| (r.offset, r.meaning.to_string()))
            .collect();
        let want = [
            (0, "document length = 0x24 = 36 bytes"),
            (4, "type 0x10 = int32"),
            (5, "key \"_id\" + NUL"),
            (9, "value 1"),
            (13, "type 0x02 = string"),
            (14, "key \"name\" + NUL"),
            (19, "string length = 3 (counting the trailing NUL)"),
            (23, "\"An\" + NUL"),
            (26, "type 0x10 = int32"),
            (27, "key \"age\" + NUL"),
            (31, "value 30"),
            (35, "end of document"),
        ];
        let want: Vec<(usize, String)> = want.iter().map(|(o, s)| (*o, s.to_string())).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn rows_cover_every_byte_exactly_once() {
        // {arr: ["x", "y"], o: {b: true}, id: ObjectId, c: Code w/ scope {x: 1}}
        let bytes = hex::decode(
            "21000000 04 61727200 17000000 02 3000 02000000 7800 02 3100 02000000 7900 00 00",
        )
        .unwrap();
        let spans = document_spans(&bytes).unwrap();
        let mut next = 0;
        for r in rows(&spans) {
            assert_eq!(r.offset, next, "gap or overlap at {r:?}");
            next += r.len;
        }
        assert_eq!(next, bytes.len());
        assert_eq!(spans.elements[0].children[1].path, "arr.1");
    }

    #[test]
    fn object_id_is_split_into_its_three_parts() {
        let bytes = hex::decode("16000000 07 5f696400 6ac711ed454f588ca2d05d4b 00").unwrap();
        let spans = document_spans(&bytes).unwrap();
        let parts = &spans.elements[0].parts;
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].meaning, Meaning::OidTime(0x6ac711ed));
        assert!(
            parts[0]
                .meaning
                .to_string()
                .contains("2026-10-08T03:45:49.000Z")
        );
        assert_eq!(parts[2].meaning, Meaning::OidCounter(0xd05d4b));
    }
}
