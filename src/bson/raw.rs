//! The validating walker every reader is built on: a document borrowed from a byte buffer,
//! and an iterator over its elements that checks each one as it steps over it.
//!
//! Offsets are always absolute (indices into the buffer that holds the outermost document),
//! so errors, spans and the hex view agree on where a byte is. After its first error an
//! iterator stops for good.

use super::error::{DecodeError, DecodeErrorKind, Part};
use super::spec::{
    BINARY_OLD, ElementType, MAX_DOCUMENT_SIZE, MAX_NESTING_DEPTH, MIN_DOCUMENT_SIZE, TERMINATOR,
};

/// How much a decoder accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Levels of documents and arrays allowed below the top-level document.
    pub max_depth: usize,
    /// The largest top-level document, in bytes.
    pub max_size: usize,
}

impl Default for Limits {
    /// The server's limits: 100 levels, 16 MiB.
    fn default() -> Self {
        Limits {
            max_depth: MAX_NESTING_DEPTH,
            max_size: MAX_DOCUMENT_SIZE,
        }
    }
}

/// A document inside a buffer whose envelope (length prefix, terminator, depth) is checked.
///
/// Offsets are kept as `u32` (a BSON length is an `i32`, so they always fit) to keep the
/// values the walker hands around small.
#[derive(Clone, Copy, Debug)]
pub struct RawDocument<'a> {
    buf: &'a [u8],
    start: u32,
    end: u32,
    depth: u32,
    max_depth: u32,
}

/// One element: where its parts are and its value, not yet copied out of the buffer.
#[derive(Clone, Copy, Debug)]
pub struct RawElement<'a> {
    /// Offset of the type byte.
    pub offset: usize,
    /// The type.
    pub element_type: ElementType,
    /// The key, without its terminating NUL.
    pub key: &'a str,
    /// Offset of the key's first byte.
    pub key_offset: usize,
    /// Offset of the value's first byte.
    pub value_offset: usize,
    /// The value's length in bytes, length prefixes included.
    pub value_len: usize,
    /// The value.
    pub value: RawValue<'a>,
}

impl RawElement<'_> {
    /// Bytes the key takes, its NUL included.
    pub fn key_len(&self) -> usize {
        self.value_offset - self.key_offset
    }

    /// Bytes the whole element takes: type byte, key and value.
    pub fn len(&self) -> usize {
        self.value_offset + self.value_len - self.offset
    }

    /// Always false: an element has at least a type byte and a key terminator.
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// A value read in place.
#[derive(Clone, Copy, Debug)]
pub enum RawValue<'a> {
    /// Double.
    Double(f64),
    /// String.
    String(&'a str),
    /// Embedded document.
    Document(RawDocument<'a>),
    /// Array (a document keyed "0", "1", ...).
    Array(RawDocument<'a>),
    /// Binary; for subtype 2 the bytes exclude the inner length.
    Binary {
        /// Subtype byte.
        subtype: u8,
        /// Payload.
        bytes: &'a [u8],
    },
    /// Undefined.
    Undefined,
    /// ObjectId.
    ObjectId([u8; 12]),
    /// Boolean.
    Boolean(bool),
    /// Date in milliseconds since the epoch.
    DateTime(i64),
    /// Null.
    Null,
    /// Regex.
    Regex {
        /// Pattern.
        pattern: &'a str,
        /// Options as stored.
        options: &'a str,
    },
    /// DBPointer.
    DbPointer {
        /// Namespace.
        namespace: &'a str,
        /// ObjectId bytes.
        id: [u8; 12],
    },
    /// JavaScript code.
    JavaScript(&'a str),
    /// Symbol.
    Symbol(&'a str),
    /// Code with scope.
    JavaScriptWithScope {
        /// Code.
        code: &'a str,
        /// Scope document.
        scope: RawDocument<'a>,
    },
    /// Int32.
    Int32(i32),
    /// Timestamp.
    Timestamp {
        /// Seconds.
        time: u32,
        /// Increment.
        increment: u32,
    },
    /// Int64.
    Int64(i64),
    /// Decimal128 raw bytes.
    Decimal128([u8; 16]),
    /// MinKey.
    MinKey,
    /// MaxKey.
    MaxKey,
}

#[cold]
fn err(kind: DecodeErrorKind, offset: usize) -> DecodeError {
    DecodeError::new(kind, offset)
}

#[inline]
fn array<const N: usize>(buf: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&buf[at..at + N]);
    out
}

#[inline]
fn read_i32(buf: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(array(buf, at))
}

impl<'a> RawDocument<'a> {
    /// Opens the document at the start of `buf`, which may continue past it (a stream of
    /// documents). Checks the length prefix, the size limit and the terminator.
    ///
    /// # Errors
    /// A missing or impossible length, a document larger than the limit or than the buffer,
    /// or a last byte other than 0x00.
    pub fn open(buf: &'a [u8], limits: Limits) -> Result<Self, DecodeError> {
        let available = buf.len();
        if available < 4 {
            return Err(err(DecodeErrorKind::MissingLength { available }, 0));
        }
        let declared = read_i32(buf, 0);
        if declared < MIN_DOCUMENT_SIZE as i32 {
            return Err(err(
                DecodeErrorKind::DocumentLengthTooSmall {
                    declared: declared.into(),
                    what: Part::Document,
                },
                0,
            ));
        }
        let declared = declared as usize;
        if declared > limits.max_size {
            return Err(err(
                DecodeErrorKind::DocumentTooLarge {
                    declared,
                    max: limits.max_size,
                },
                0,
            ));
        }
        if declared > available {
            return Err(err(
                DecodeErrorKind::DocumentTruncated {
                    declared,
                    available,
                },
                0,
            ));
        }
        let max_depth = u32::try_from(limits.max_depth).unwrap_or(u32::MAX);
        Self::checked(buf, 0, declared, 0, max_depth, Part::Document)
    }

    fn checked(
        buf: &'a [u8],
        start: usize,
        end: usize,
        depth: u32,
        max_depth: u32,
        what: Part,
    ) -> Result<Self, DecodeError> {
        let last = buf[end - 1];
        if last != TERMINATOR {
            return Err(err(
                DecodeErrorKind::MissingTerminator { found: last, what },
                end - 1,
            ));
        }
        // Both fit: `end` is at most a positive i32 length past a start that fits.
        Ok(RawDocument {
            buf,
            start: start as u32,
            end: end as u32,
            depth,
            max_depth,
        })
    }

    /// A document nested at `at`, which must end by `limit` (the parent's terminator).
    fn nested(
        &self,
        at: usize,
        limit: usize,
        what: Part,
        container: Part,
    ) -> Result<Self, DecodeError> {
        let ty = if what == Part::Array {
            ElementType::Array
        } else {
            ElementType::Document
        };
        need(ty, MIN_DOCUMENT_SIZE, at, limit)?;
        let available = limit - at;
        let declared = read_i32(self.buf, at);
        if declared < MIN_DOCUMENT_SIZE as i32 {
            return Err(err(
                DecodeErrorKind::DocumentLengthTooSmall {
                    declared: declared.into(),
                    what,
                },
                at,
            ));
        }
        if declared as usize > available {
            return Err(err(
                DecodeErrorKind::LengthPastEnd {
                    what,
                    declared: declared.into(),
                    container,
                    container_len: self.len(),
                },
                at,
            ));
        }
        let depth = self.depth + 1;
        if depth > self.max_depth {
            return Err(err(
                DecodeErrorKind::TooDeep {
                    max: self.max_depth as usize,
                },
                at,
            ));
        }
        Self::checked(
            self.buf,
            at,
            at + declared as usize,
            depth,
            self.max_depth,
            what,
        )
    }

    /// Offset of the length prefix.
    pub fn start(&self) -> usize {
        self.start as usize
    }

    /// Offset one past the terminator.
    pub fn end(&self) -> usize {
        self.end as usize
    }

    /// The document's length in bytes.
    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    /// Whether the document has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == MIN_DOCUMENT_SIZE
    }

    /// How deeply this document is nested (0 for the top level).
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// The document's bytes.
    pub fn as_bytes(&self) -> &'a [u8] {
        &self.buf[self.start()..self.end()]
    }

    /// Calls `f` on each element in order, each validated as it is reached; stops at the
    /// first error, the walker's or `f`'s. The readers use this rather than [`Self::elements`]
    /// because it hands each element over without wrapping it in `Option<Result<_>>`.
    ///
    /// # Errors
    /// The first malformed element, or the first error `f` returns.
    #[inline]
    pub fn try_for_each_element(
        &self,
        mut f: impl FnMut(RawElement<'a>) -> Result<(), DecodeError>,
    ) -> Result<(), DecodeError> {
        let terminator = self.end() - 1;
        let mut pos = self.start() + 4;
        while pos != terminator {
            let el = read_element(self, pos, terminator)?;
            pos = el.value_offset + el.value_len;
            f(el)?;
        }
        Ok(())
    }

    /// The elements, each validated as it is reached.
    pub fn elements(&self) -> Elements<'a> {
        Elements {
            doc: *self,
            pos: self.start() + 4,
            done: false,
        }
    }
}

/// Iterator over a document's elements; yields at most one error, then stops.
#[derive(Clone, Debug)]
pub struct Elements<'a> {
    doc: RawDocument<'a>,
    pos: usize,
    done: bool,
}

impl<'a> Iterator for Elements<'a> {
    type Item = Result<RawElement<'a>, DecodeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let terminator = self.doc.end() - 1;
        if self.pos == terminator {
            self.done = true;
            return None;
        }
        let result = read_element(&self.doc, self.pos, terminator);
        match &result {
            Ok(el) => self.pos = el.value_offset + el.value_len,
            Err(_) => self.done = true,
        }
        Some(result)
    }
}

/// Reads the element whose type byte is at `offset`; `terminator` is the document's last byte.
#[inline(always)]
fn read_element<'a>(
    doc: &RawDocument<'a>,
    offset: usize,
    terminator: usize,
) -> Result<RawElement<'a>, DecodeError> {
    {
        let buf = doc.buf;
        let type_byte = buf[offset];
        if type_byte == TERMINATOR {
            return Err(err(
                DecodeErrorKind::EarlyTerminator { end: terminator },
                offset,
            ));
        }
        let element_type = ElementType::from_u8(type_byte)
            .ok_or_else(|| err(DecodeErrorKind::UnknownType { byte: type_byte }, offset))?;
        let key_offset = offset + 1;
        let key = read_cstr(buf, key_offset, terminator, Part::Key)?;
        let value_offset = key_offset + key.len() + 1;
        let (value, value_len) =
            read_value(doc, element_type, value_offset, terminator).map_err(|e| e.in_field(key))?;
        Ok(RawElement {
            offset,
            element_type,
            key,
            key_offset,
            value_offset,
            value_len,
            value,
        })
    }
}

/// Fails unless at least `needed` bytes remain between `at` and `limit`.
#[inline]
fn need(ty: ElementType, needed: usize, at: usize, limit: usize) -> Result<(), DecodeError> {
    let available = limit - at;
    if available < needed {
        return Err(err(
            DecodeErrorKind::ValueTruncated {
                ty,
                needed,
                available,
            },
            at,
        ));
    }
    Ok(())
}

/// A C string starting at `at` that must end before `limit`.
#[inline]
fn read_cstr(buf: &[u8], at: usize, limit: usize, what: Part) -> Result<&str, DecodeError> {
    let region = &buf[at..limit];
    // One pass finds the NUL and notes whether everything before it is ASCII.
    let mut high = 0u8;
    let mut nul = None;
    for (i, &b) in region.iter().enumerate() {
        if b == TERMINATOR {
            nul = Some(i);
            break;
        }
        high |= b;
    }
    let nul = nul.ok_or_else(|| err(DecodeErrorKind::Unterminated { what }, at))?;
    let bytes = &region[..nul];
    if high < 0x80 {
        // SAFETY: no byte has its high bit set, so this is ASCII, which is valid UTF-8.
        return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    utf8(bytes, at, what)
}

#[inline]
fn utf8(bytes: &[u8], at: usize, what: Part) -> Result<&str, DecodeError> {
    // Keys and most strings are short ASCII; this check inlines, `from_utf8` does not.
    if bytes.is_ascii() {
        // SAFETY: every ASCII byte sequence is valid UTF-8.
        return Ok(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    std::str::from_utf8(bytes)
        .map_err(|e| err(DecodeErrorKind::InvalidUtf8 { what }, at + e.valid_up_to()))
}

/// A length-prefixed string at `at` that must end by `limit`; returns it and its total size.
fn read_string<'a>(
    doc: &RawDocument<'a>,
    at: usize,
    limit: usize,
    what: Part,
    container: Part,
    container_len: usize,
) -> Result<(&'a str, usize), DecodeError> {
    let buf = doc.buf;
    need(ElementType::String, 5, at, limit)?;
    let available = limit - at;
    let declared = read_i32(buf, at);
    if declared < 1 {
        return Err(err(
            DecodeErrorKind::BadLength {
                what,
                declared: declared.into(),
                min: 1,
            },
            at,
        ));
    }
    let len = declared as usize;
    if len > available - 4 {
        return Err(err(
            DecodeErrorKind::LengthPastEnd {
                what,
                declared: declared.into(),
                container,
                container_len,
            },
            at,
        ));
    }
    let last = at + 4 + len - 1;
    if buf[last] != TERMINATOR {
        return Err(err(
            DecodeErrorKind::NotTerminated {
                what,
                found: buf[last],
            },
            last,
        ));
    }
    let text = utf8(&buf[at + 4..last], at + 4, what)?;
    Ok((text, 4 + len))
}

#[inline]
fn fixed<const N: usize>(
    buf: &[u8],
    ty: ElementType,
    at: usize,
    limit: usize,
) -> Result<[u8; N], DecodeError> {
    need(ty, N, at, limit)?;
    Ok(array(buf, at))
}

/// Reads the value of type `ty` at `at` inside `doc`; `limit` is the document's terminator,
/// which no value may use. Returns the value and the bytes it takes.
fn read_value<'a>(
    doc: &RawDocument<'a>,
    ty: ElementType,
    at: usize,
    limit: usize,
) -> Result<(RawValue<'a>, usize), DecodeError> {
    let buf = doc.buf;
    let doc_len = doc.len();
    let value = match ty {
        ElementType::Double => RawValue::Double(f64::from_le_bytes(fixed(buf, ty, at, limit)?)),
        ElementType::Int32 => RawValue::Int32(i32::from_le_bytes(fixed(buf, ty, at, limit)?)),
        ElementType::Int64 => RawValue::Int64(i64::from_le_bytes(fixed(buf, ty, at, limit)?)),
        ElementType::DateTime => RawValue::DateTime(i64::from_le_bytes(fixed(buf, ty, at, limit)?)),
        ElementType::Timestamp => {
            let raw = u64::from_le_bytes(fixed(buf, ty, at, limit)?);
            RawValue::Timestamp {
                time: (raw >> 32) as u32,
                increment: raw as u32,
            }
        }
        ElementType::ObjectId => RawValue::ObjectId(fixed(buf, ty, at, limit)?),
        ElementType::Decimal128 => RawValue::Decimal128(fixed(buf, ty, at, limit)?),
        ElementType::Boolean => match fixed::<1>(buf, ty, at, limit)?[0] {
            0 => RawValue::Boolean(false),
            1 => RawValue::Boolean(true),
            byte => return Err(err(DecodeErrorKind::BadBoolean { byte }, at)),
        },
        ElementType::Undefined => RawValue::Undefined,
        ElementType::Null => RawValue::Null,
        ElementType::MinKey => RawValue::MinKey,
        ElementType::MaxKey => RawValue::MaxKey,
        ElementType::String | ElementType::JavaScript | ElementType::Symbol => {
            let what = match ty {
                ElementType::String => Part::String,
                ElementType::JavaScript => Part::JavaScriptCode,
                _ => Part::Symbol,
            };
            let (s, len) = read_string(doc, at, limit, what, Part::Document, doc_len)?;
            let value = match ty {
                ElementType::String => RawValue::String(s),
                ElementType::JavaScript => RawValue::JavaScript(s),
                _ => RawValue::Symbol(s),
            };
            return Ok((value, len));
        }
        ElementType::Document | ElementType::Array => {
            let is_array = ty == ElementType::Array;
            let what = if is_array {
                Part::Array
            } else {
                Part::EmbeddedDocument
            };
            let sub = doc.nested(at, limit, what, Part::Document)?;
            let len = sub.len();
            let value = if is_array {
                RawValue::Array(sub)
            } else {
                RawValue::Document(sub)
            };
            return Ok((value, len));
        }
        ElementType::Binary => return read_binary(doc, at, limit),
        ElementType::Regex => {
            let pattern = read_cstr(buf, at, limit, Part::RegexPattern)?;
            let options_at = at + pattern.len() + 1;
            let options = read_cstr(buf, options_at, limit, Part::RegexOptions)?;
            let len = pattern.len() + options.len() + 2;
            return Ok((RawValue::Regex { pattern, options }, len));
        }
        ElementType::DbPointer => {
            let (namespace, len) = read_string(
                doc,
                at,
                limit,
                Part::DbPointerNamespace,
                Part::Document,
                doc_len,
            )?;
            let id = fixed(buf, ElementType::ObjectId, at + len, limit)?;
            return Ok((RawValue::DbPointer { namespace, id }, len + 12));
        }
        ElementType::JavaScriptWithScope => return read_code_with_scope(doc, at, limit),
    };
    let len = ty.fixed_size().unwrap_or(0);
    Ok((value, len))
}

fn read_binary<'a>(
    doc: &RawDocument<'a>,
    at: usize,
    limit: usize,
) -> Result<(RawValue<'a>, usize), DecodeError> {
    let buf = doc.buf;
    need(ElementType::Binary, 5, at, limit)?;
    let available = limit - at;
    let declared = read_i32(buf, at);
    if declared < 0 {
        return Err(err(
            DecodeErrorKind::BadLength {
                what: Part::Binary,
                declared: declared.into(),
                min: 0,
            },
            at,
        ));
    }
    let len = declared as usize;
    if len > available - 5 {
        return Err(err(
            DecodeErrorKind::LengthPastEnd {
                what: Part::Binary,
                declared: declared.into(),
                container: Part::Document,
                container_len: doc.len(),
            },
            at,
        ));
    }
    let subtype = buf[at + 4];
    let data = at + 5;
    let bytes = if subtype == BINARY_OLD {
        // The old binary subtype repeats the payload length inside the data.
        let expected = i64::from(declared) - 4;
        let inner = if len >= 4 {
            i64::from(read_i32(buf, data))
        } else {
            return Err(err(
                DecodeErrorKind::BadLength {
                    what: Part::BinaryOld,
                    declared: declared.into(),
                    min: 4,
                },
                at,
            ));
        };
        if inner != expected {
            return Err(err(
                DecodeErrorKind::OldBinaryInnerLength { inner, expected },
                data,
            ));
        }
        &buf[data + 4..data + len]
    } else {
        &buf[data..data + len]
    };
    Ok((RawValue::Binary { subtype, bytes }, 5 + len))
}

fn read_code_with_scope<'a>(
    doc: &RawDocument<'a>,
    at: usize,
    limit: usize,
) -> Result<(RawValue<'a>, usize), DecodeError> {
    // 4 (total) + 5 (shortest string) + 5 (empty scope)
    const MIN: usize = 14;
    let buf = doc.buf;
    need(ElementType::JavaScriptWithScope, 4, at, limit)?;
    let available = limit - at;
    let declared = read_i32(buf, at);
    if declared < MIN as i32 {
        return Err(err(
            DecodeErrorKind::BadLength {
                what: Part::CodeWithScope,
                declared: declared.into(),
                min: MIN as i64,
            },
            at,
        ));
    }
    let total = declared as usize;
    if total > available {
        return Err(err(
            DecodeErrorKind::LengthPastEnd {
                what: Part::CodeWithScope,
                declared: declared.into(),
                container: Part::Document,
                container_len: doc.len(),
            },
            at,
        ));
    }
    let inner_end = at + total;
    let (code, code_len) = read_string(
        doc,
        at + 4,
        inner_end,
        Part::Code,
        Part::CodeWithScopeValue,
        total,
    )?;
    let scope_at = at + 4 + code_len;
    let scope = doc.nested(
        scope_at,
        inner_end,
        Part::ScopeDocument,
        Part::CodeWithScopeValue,
    )?;
    if scope.end() != inner_end {
        return Err(err(
            DecodeErrorKind::CodeWithScopeMismatch {
                declared: total,
                actual: scope.end() - at,
            },
            at,
        ));
    }
    Ok((RawValue::JavaScriptWithScope { code, scope }, total))
}
