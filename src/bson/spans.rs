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
use super::uuid::format_uuid;
use crate::strings::localize::one_other;
use crate::strings::{Lang, tr, write_trf};

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

/// What a run of bytes means. `Display` gives the English sentence the table shows;
/// [`Meaning::write_in`] gives it in any language.
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
    /// A datetime: milliseconds since the epoch (shown with its ISO-8601 form).
    DateTime(i64),
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

impl Meaning {
    /// The sentence in `lang`: the words are translated, the engine's values (numbers, keys,
    /// strings, hex, type names such as `int32`) are written as they are, straight into `w`,
    /// so a bounded writer stops a 100 KB string early. In English it is the `Display` text.
    ///
    /// # Errors
    /// Whatever `w` returns.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::spans::Meaning;
    /// use bson_tutor::strings::Lang;
    /// let m = Meaning::StringLength(3);
    /// let mut vi = String::new();
    /// m.write_in(Lang::Vi, &mut vi).unwrap();
    /// assert_eq!(vi, "độ dài chuỗi = 3 (tính cả NUL ở cuối)");
    /// assert_eq!(m.to_string(), "string length = 3 (counting the trailing NUL)");
    /// ```
    pub fn write_in(&self, lang: Lang, w: &mut dyn fmt::Write) -> fmt::Result {
        let container = |c: &Container| tr(lang, container_name(*c));
        match self {
            Meaning::DocumentLength { container: c, len } => write_trf(
                w,
                lang,
                "{container} length = 0x{hex} = {len} bytes",
                &[&container(c), &format_args!("{len:x}"), len],
            ),
            Meaning::DocumentEnd { container: c } => {
                write_trf(w, lang, "end of {container}", &[&container(c)])
            }
            Meaning::TypeByte(t) => write_trf(
                w,
                lang,
                "type 0x{hex} = {name}",
                &[&format_args!("{:02x}", t.byte()), &t.name()],
            ),
            Meaning::Key(k) => write_trf(w, lang, "key {text} + NUL", &[&format_args!("{k:?}")]),
            Meaning::StringLength(n) => write_trf(
                w,
                lang,
                "string length = {n} (counting the trailing NUL)",
                &[n],
            ),
            Meaning::StringBytes(s) => {
                write_trf(w, lang, "{text} + NUL", &[&format_args!("{s:?}")])
            }
            Meaning::Scalar { text, .. } => write_trf(w, lang, "value {value}", &[text]),
            Meaning::DateTime(ms) => write_trf(
                w,
                lang,
                "value {date} ({ms} ms since 1970)",
                &[&format_iso(*ms), ms],
            ),
            Meaning::OidTime(secs) => write_trf(
                w,
                lang,
                "ObjectId time 0x{hex} = {secs} s = {date} (big-endian)",
                &[
                    &format_args!("{secs:08x}"),
                    secs,
                    &format_iso(i64::from(*secs) * 1000),
                ],
            ),
            Meaning::OidRandom(h) => write_trf(
                w,
                lang,
                "ObjectId random value {hex} (one per process)",
                &[h],
            ),
            Meaning::OidCounter(c) => write_trf(
                w,
                lang,
                "ObjectId counter 0x{hex} = {counter} (big-endian)",
                &[&format_args!("{c:06x}"), c],
            ),
            Meaning::TimestampIncrement(i) => write_trf(w, lang, "timestamp increment {n}", &[i]),
            Meaning::TimestampTime(t) => write_trf(w, lang, "timestamp seconds {secs}", &[t]),
            Meaning::BinaryLength(n) => write_trf(
                w,
                lang,
                one_other(
                    lang,
                    *n as u64,
                    "binary length = {n} byte of data",
                    "binary length = {n} bytes of data",
                ),
                &[n],
            ),
            Meaning::BinarySubtype(s) => write_trf(
                w,
                lang,
                "subtype 0x{hex} = {name}",
                &[&format_args!("{s:02x}"), &tr(lang, binary_subtype_name(*s))],
            ),
            Meaning::OldBinaryLength(n) => {
                write_trf(w, lang, "old binary inner length = {n}", &[n])
            }
            Meaning::BinaryData { len, uuid: Some(u) } => {
                write_trf(w, lang, "{n} bytes: UUID {uuid}", &[len, u])
            }
            Meaning::BinaryData { len, uuid: None } => write_trf(
                w,
                lang,
                one_other(lang, *len as u64, "{n} byte of data", "{n} bytes of data"),
                &[len],
            ),
            Meaning::RegexPattern(p) => {
                write_trf(w, lang, "pattern {text} + NUL", &[&format_args!("{p:?}")])
            }
            Meaning::RegexOptions(o) => {
                write_trf(w, lang, "options {text} + NUL", &[&format_args!("{o:?}")])
            }
            Meaning::CodeWithScopeLength(n) => write_trf(
                w,
                lang,
                "code-with-scope length = {n} bytes (code and scope)",
                &[n],
            ),
        }
    }

    /// [`Meaning::write_in`] as a string.
    pub fn to_string_in(&self, lang: Lang) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_in(lang, &mut out);
        out
    }
}

impl fmt::Display for Meaning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
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
        RawValue::DateTime(ms) => part(at, 8, Meaning::DateTime(ms)),
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

    /// `{ _id: 1, name: "An", age: 30 }`.
    const SMALL_DOC: &str = "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 03 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00";

    #[test]
    fn small_document_rows_match_the_hand_made_table() {
        let bytes = hex::decode(SMALL_DOC).unwrap();
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

    /// One meaning of every kind, each with its English sentence as `Display` has always
    /// written it. The match has no wildcard: a new variant does not compile until it is here.
    fn every_meaning() -> Vec<(Meaning, &'static str)> {
        let all = vec![
            (
                Meaning::DocumentLength {
                    container: Container::Array,
                    len: 23,
                },
                "array length = 0x17 = 23 bytes",
            ),
            (
                Meaning::DocumentEnd {
                    container: Container::Document,
                },
                "end of embedded document",
            ),
            (Meaning::TypeByte(ElementType::Int64), "type 0x12 = int64"),
            (Meaning::Key("qty".into()), "key \"qty\" + NUL"),
            (
                Meaning::StringLength(4),
                "string length = 4 (counting the trailing NUL)",
            ),
            (Meaning::StringBytes("中文".into()), "\"中文\" + NUL"),
            (
                Meaning::Scalar {
                    ty: ElementType::Double,
                    text: "0.1".into(),
                },
                "value 0.1",
            ),
            (
                Meaning::DateTime(-86_400_000),
                "value 1969-12-31T00:00:00.000Z (-86400000 ms since 1970)",
            ),
            (
                Meaning::OidTime(0x6ac711ed),
                "ObjectId time 0x6ac711ed = 1791431149 s = 2026-10-08T03:45:49.000Z (big-endian)",
            ),
            (
                Meaning::OidRandom("454f588ca2".into()),
                "ObjectId random value 454f588ca2 (one per process)",
            ),
            (
                Meaning::OidCounter(0xd05d4b),
                "ObjectId counter 0xd05d4b = 13655371 (big-endian)",
            ),
            (Meaning::TimestampIncrement(7), "timestamp increment 7"),
            (
                Meaning::TimestampTime(1_700_000_000),
                "timestamp seconds 1700000000",
            ),
            (
                Meaning::BinaryLength(16),
                "binary length = 16 bytes of data",
            ),
            (Meaning::BinarySubtype(0), "subtype 0x00 = generic binary"),
            (Meaning::OldBinaryLength(3), "old binary inner length = 3"),
            (
                Meaning::BinaryData {
                    len: 16,
                    uuid: Some("00112233-4455-6677-8899-aabbccddeeff".into()),
                },
                "16 bytes: UUID 00112233-4455-6677-8899-aabbccddeeff",
            ),
            (
                Meaning::BinaryData { len: 3, uuid: None },
                "3 bytes of data",
            ),
            (Meaning::RegexPattern("^a".into()), "pattern \"^a\" + NUL"),
            (Meaning::RegexOptions("i".into()), "options \"i\" + NUL"),
            (
                Meaning::CodeWithScopeLength(30),
                "code-with-scope length = 30 bytes (code and scope)",
            ),
        ];
        let kinds: std::collections::BTreeSet<u8> = all
            .iter()
            .map(|(m, _)| match m {
                Meaning::DocumentLength { .. } => 0,
                Meaning::DocumentEnd { .. } => 1,
                Meaning::TypeByte(_) => 2,
                Meaning::Key(_) => 3,
                Meaning::StringLength(_) => 4,
                Meaning::StringBytes(_) => 5,
                Meaning::Scalar { .. } => 6,
                Meaning::DateTime(_) => 7,
                Meaning::OidTime(_) => 8,
                Meaning::OidRandom(_) => 9,
                Meaning::OidCounter(_) => 10,
                Meaning::TimestampIncrement(_) => 11,
                Meaning::TimestampTime(_) => 12,
                Meaning::BinaryLength(_) => 13,
                Meaning::BinarySubtype(_) => 14,
                Meaning::OldBinaryLength(_) => 15,
                Meaning::BinaryData { .. } => 16,
                Meaning::RegexPattern(_) => 17,
                Meaning::RegexOptions(_) => 18,
                Meaning::CodeWithScopeLength(_) => 19,
            })
            .collect();
        assert_eq!(kinds.len(), 20, "a variant is missing from the list");
        all
    }

    #[test]
    fn english_is_the_display_text_of_every_meaning() {
        for (m, en) in every_meaning() {
            assert_eq!(m.to_string(), en);
            assert_eq!(m.to_string_in(Lang::En), en);
        }
    }

    #[test]
    fn every_meaning_is_translated_and_keeps_its_values() {
        for lang in [Lang::Vi, Lang::Zh] {
            for (m, en) in every_meaning() {
                let got = m.to_string_in(lang);
                // A string's bytes are only the string and its NUL, in every language.
                if matches!(m, Meaning::StringBytes(_)) {
                    assert_eq!(got, en);
                    continue;
                }
                assert_ne!(got, en, "{lang:?}: {m:?} is still English");
                for word in [
                    "length", "bytes", "end of", "key ", "value ", "counting", "since",
                ] {
                    assert!(!got.contains(word), "{lang:?}: {got:?} has {word:?}");
                }
            }
        }
    }

    #[test]
    fn meanings_in_vietnamese_and_chinese_write_the_values_as_the_engine_prints_them() {
        let cases = [
            (
                Meaning::DocumentLength {
                    container: Container::Top,
                    len: 36,
                },
                "độ dài document = 0x24 = 36 byte",
                "文档长度 = 0x24 = 36 字节",
            ),
            (
                Meaning::DocumentEnd {
                    container: Container::Array,
                },
                "kết thúc mảng",
                "数组结束",
            ),
            (
                Meaning::TypeByte(ElementType::Int32),
                "kiểu 0x10 = int32",
                "类型 0x10 = int32",
            ),
            (
                Meaning::Key("name".into()),
                "khóa \"name\" + NUL",
                "键名 \"name\" + NUL",
            ),
            (
                Meaning::DateTime(1_791_453_600_000),
                "giá trị 2026-10-08T10:00:00.000Z (1791453600000 ms kể từ 1970)",
                "值 2026-10-08T10:00:00.000Z（自 1970 年起 1791453600000 毫秒）",
            ),
            (
                Meaning::OidCounter(0xd05d4b),
                "bộ đếm ObjectId 0xd05d4b = 13655371 (big-endian)",
                "ObjectId 计数器 0xd05d4b = 13655371（大端）",
            ),
            (
                Meaning::BinarySubtype(4),
                "subtype 0x04 = UUID",
                "子类型 0x04 = UUID",
            ),
            (
                Meaning::BinarySubtype(0x80),
                "subtype 0x80 = do người dùng định nghĩa",
                "子类型 0x80 = 用户自定义",
            ),
            (
                Meaning::RegexOptions("im".into()),
                "tùy chọn \"im\" + NUL",
                "正则选项 \"im\" + NUL",
            ),
        ];
        for (m, vi, zh) in cases {
            assert_eq!(m.to_string_in(Lang::Vi), vi);
            assert_eq!(m.to_string_in(Lang::Zh), zh);
        }
    }

    #[test]
    fn a_datetime_is_one_run_with_its_milliseconds() {
        // { d: new Date(-86400000) }
        let bytes = hex::decode("10000000 09 6400 00a4d9faffffffff 00").unwrap();
        let spans = document_spans(&bytes).unwrap();
        assert_eq!(
            spans.elements[0].parts[0].meaning,
            Meaning::DateTime(-86_400_000)
        );
    }

    #[test]
    fn one_byte_of_binary_data_is_singular_in_english() {
        assert_eq!(
            Meaning::BinaryLength(1).to_string_in(Lang::En),
            "binary length = 1 byte of data"
        );
        let one = Meaning::BinaryData { len: 1, uuid: None };
        assert_eq!(one.to_string_in(Lang::En), "1 byte of data");
        // Vietnamese and Chinese have no singular form: the plural's translation.
        assert_eq!(one.to_string_in(Lang::Vi), "1 byte dữ liệu");
        assert_eq!(one.to_string_in(Lang::Zh), "1 字节数据");
    }
}
