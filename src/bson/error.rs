//! Decode and encode errors: what went wrong, at which byte, in which field, in words a
//! learner can act on, in each of the interface's languages.

use std::fmt;

use super::spec::{ElementType, MAX_DOCUMENT_SIZE};
use crate::strings::Lang;
use crate::strings::localize::{Localize, one_other};

/// A document that could not be decoded: the first problem found, with its byte offset.
///
/// Offsets count from the first byte of the outermost document. The details live behind a
/// box (read them through `Deref`: `err.offset`, `err.kind`) so that the `Result`s of the hot
/// decoding path stay small.
///
/// # Examples
/// ```
/// use bson_tutor::bson::decode_document;
/// use bson_tutor::strings::Lang;
/// use bson_tutor::strings::localize::Localize;
/// let e = decode_document(&[0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0]).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "byte 0: the document's length says 12 bytes, but only 11 are here: it is cut short"
/// );
/// assert_eq!(
///     e.to_string_in(Lang::Zh),
///     "第 0 字节：文档的长度表明有 12 字节，但这里只有 11 字节：文档被截断了"
/// );
/// ```
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

/// What the decoder or the encoder was reading or writing when it stopped, named as the byte
/// walk names the parts of a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The outermost document.
    Document,
    /// A document inside another.
    EmbeddedDocument,
    /// An array.
    Array,
    /// The scope of a code-with-scope value.
    ScopeDocument,
    /// An element's key.
    Key,
    /// A string value.
    String,
    /// JavaScript code.
    JavaScriptCode,
    /// A symbol.
    Symbol,
    /// The namespace of a DBPointer.
    DbPointerNamespace,
    /// The code string of a code-with-scope value.
    Code,
    /// A whole code-with-scope value (as the container of its parts).
    CodeWithScopeValue,
    /// A code-with-scope value's length.
    CodeWithScope,
    /// Binary data.
    Binary,
    /// Binary data of the old subtype 0x02.
    BinaryOld,
    /// A regex's pattern.
    RegexPattern,
    /// A regex's options.
    RegexOptions,
}

impl Part {
    /// Every part, for tests.
    #[cfg(test)]
    pub(crate) const ALL: [Part; 16] = [
        Part::Document,
        Part::EmbeddedDocument,
        Part::Array,
        Part::ScopeDocument,
        Part::Key,
        Part::String,
        Part::JavaScriptCode,
        Part::Symbol,
        Part::DbPointerNamespace,
        Part::Code,
        Part::CodeWithScopeValue,
        Part::CodeWithScope,
        Part::Binary,
        Part::BinaryOld,
        Part::RegexPattern,
        Part::RegexOptions,
    ];

    /// The part's name in `lang`. Vietnamese keeps "document" and the BSON names
    /// (binary, code-with-scope), as the byte walk does.
    pub fn name(self, lang: Lang) -> &'static str {
        use Part::*;
        match (lang, self) {
            (Lang::En, Document) => "document",
            (Lang::En, EmbeddedDocument) => "embedded document",
            (Lang::En, Array) => "array",
            (Lang::En, ScopeDocument) => "scope document",
            (Lang::En, Key) => "key",
            (Lang::En, String) => "string",
            (Lang::En, JavaScriptCode) => "JavaScript code",
            (Lang::En, Symbol) => "symbol",
            (Lang::En, DbPointerNamespace) => "DBPointer namespace",
            (Lang::En, Code) => "code",
            (Lang::En, CodeWithScopeValue) => "code-with-scope value",
            (Lang::En | Lang::Vi | Lang::Zh, CodeWithScope) => "code-with-scope",
            (Lang::En | Lang::Vi | Lang::Zh, Binary) => "binary",
            (Lang::En | Lang::Vi, BinaryOld) => "binary subtype 0x02",
            (Lang::En, RegexPattern) => "regex pattern",
            (Lang::En, RegexOptions) => "regex options",
            (Lang::Vi, Document) => "document",
            (Lang::Vi, EmbeddedDocument) => "document con",
            (Lang::Vi, Array) => "mảng",
            (Lang::Vi, ScopeDocument) => "document phạm vi",
            (Lang::Vi, Key) => "khóa",
            (Lang::Vi, String) => "chuỗi",
            (Lang::Vi, JavaScriptCode) => "mã JavaScript",
            (Lang::Vi, Symbol) => "Symbol",
            (Lang::Vi, DbPointerNamespace) => "namespace của DBPointer",
            (Lang::Vi, Code) => "chuỗi mã",
            (Lang::Vi, CodeWithScopeValue) => "giá trị code-with-scope",
            (Lang::Vi, RegexPattern) => "mẫu regex",
            (Lang::Vi, RegexOptions) => "tùy chọn regex",
            (Lang::Zh, Document) => "文档",
            (Lang::Zh, EmbeddedDocument) => "嵌入文档",
            (Lang::Zh, Array) => "数组",
            (Lang::Zh, ScopeDocument) => "作用域文档",
            (Lang::Zh, Key) => "键",
            (Lang::Zh, String) => "字符串",
            (Lang::Zh, JavaScriptCode) => "JavaScript 代码",
            (Lang::Zh, Symbol) => "Symbol",
            (Lang::Zh, DbPointerNamespace) => "DBPointer 命名空间",
            (Lang::Zh, Code) => "代码字符串",
            (Lang::Zh, CodeWithScopeValue) => "code-with-scope 值",
            (Lang::Zh, BinaryOld) => "binary 子类型 0x02",
            (Lang::Zh, RegexPattern) => "正则模式",
            (Lang::Zh, RegexOptions) => "正则选项",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name(Lang::En))
    }
}

/// A type's name in a decoder message ("a date value takes 8 bytes"): the crate's name for
/// it, the few that are words translated as the byte walk translates them.
fn type_name(ty: ElementType, lang: Lang) -> &'static str {
    match (lang, ty) {
        (Lang::Vi, ElementType::DateTime) => "ngày giờ",
        (Lang::Vi, ElementType::Boolean) => "boolean",
        (Lang::Vi, ElementType::String) => "chuỗi",
        (Lang::Vi, ElementType::Array) => "mảng",
        (Lang::Vi, ElementType::Symbol) => "Symbol",
        (Lang::Zh, ElementType::DateTime) => "日期",
        (Lang::Zh, ElementType::Boolean) => "布尔",
        (Lang::Zh, ElementType::String) => "字符串",
        (Lang::Zh, ElementType::Array) => "数组",
        (Lang::Zh, ElementType::Document) => "文档",
        (Lang::Zh, ElementType::Symbol) => "Symbol",
        _ => ty.name(),
    }
}

/// Whether `c` is a CJK ideograph or full-width punctuation.
fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

/// The space Chinese text puts between `before` and `after`: none between two ideographs,
/// one next to Latin letters or digits (`int32 值`, `文档长度`).
pub(crate) fn zh_gap(before: &str, after: &str) -> &'static str {
    let cjk_end = before.chars().next_back().is_some_and(is_cjk);
    let cjk_start = after.chars().next().is_some_and(is_cjk);
    if cjk_end && cjk_start { "" } else { " " }
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
        /// The document, array, ... whose length it is.
        what: Part,
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
        /// The document, array, ... it ends.
        what: Part,
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
        what: Part,
    },
    /// Bytes that are not UTF-8 where text must be.
    InvalidUtf8 {
        /// What the text is.
        what: Part,
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
        what: Part,
        /// The length read.
        declared: i64,
        /// The smallest valid length.
        min: i64,
    },
    /// A length prefix that runs past the end of what contains it.
    LengthPastEnd {
        /// What the length is of.
        what: Part,
        /// The length read.
        declared: i64,
        /// What contains it (the document, a code-with-scope value).
        container: Part,
        /// The container's size in bytes.
        container_len: usize,
    },
    /// A length-prefixed string whose last byte is not 0x00.
    NotTerminated {
        /// What the string is.
        what: Part,
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

    /// One error of every kind, for the tests that render them all.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<DecodeError> {
        let mut out: Vec<DecodeError> = DecodeErrorKind::every_variant()
            .into_iter()
            .enumerate()
            .map(|(i, kind)| DecodeError::new(kind, i))
            .collect();
        out.push(DecodeError::new(DecodeErrorKind::BadBoolean { byte: 7 }, 14).in_field("a.b"));
        out
    }
}

impl Localize for DecodeError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let (offset, kind) = (self.offset, self.kind.display_in(lang));
        match (lang, &self.path) {
            (Lang::En, None) => write!(out, "byte {offset}: {kind}"),
            (Lang::En, Some(path)) => write!(out, "byte {offset}: {kind} (in field `{path}`)"),
            (Lang::Vi, None) => write!(out, "byte {offset}: {kind}"),
            (Lang::Vi, Some(path)) => {
                write!(out, "byte {offset}: {kind} (trong trường `{path}`)")
            }
            (Lang::Zh, None) => write!(out, "第 {offset} 字节：{kind}"),
            (Lang::Zh, Some(path)) => write!(out, "第 {offset} 字节：{kind}（在字段 `{path}` 中）"),
        }
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for DecodeError {}

impl DecodeErrorKind {
    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<DecodeErrorKind> {
        use DecodeErrorKind::*;
        let all = vec![
            MissingLength { available: 0 },
            MissingLength { available: 1 },
            DocumentLengthTooSmall {
                declared: 4,
                what: Part::Document,
            },
            DocumentTooLarge {
                declared: 20_000_000,
                max: MAX_DOCUMENT_SIZE,
            },
            DocumentTooLarge {
                declared: 12,
                max: 10,
            },
            DocumentTruncated {
                declared: 12,
                available: 11,
            },
            TrailingBytes { extra: 1 },
            TrailingBytes { extra: 2 },
            MissingTerminator {
                found: 1,
                what: Part::Array,
            },
            EarlyTerminator { end: 9 },
            UnknownType { byte: 0x14 },
            Unterminated {
                what: Part::RegexPattern,
            },
            InvalidUtf8 { what: Part::Key },
            ValueTruncated {
                ty: ElementType::Boolean,
                needed: 1,
                available: 0,
            },
            ValueTruncated {
                ty: ElementType::DateTime,
                needed: 8,
                available: 1,
            },
            ValueTruncated {
                ty: ElementType::Binary,
                needed: 5,
                available: 1,
            },
            BadLength {
                what: Part::String,
                declared: 0,
                min: 1,
            },
            BadLength {
                what: Part::CodeWithScope,
                declared: 5,
                min: 14,
            },
            LengthPastEnd {
                what: Part::Code,
                declared: 16,
                container: Part::CodeWithScopeValue,
                container_len: 14,
            },
            NotTerminated {
                what: Part::Symbol,
                found: 0x62,
            },
            BadBoolean { byte: 2 },
            OldBinaryInnerLength {
                inner: 0,
                expected: 1,
            },
            CodeWithScopeMismatch {
                declared: 24,
                actual: 23,
            },
            TooDeep { max: 100 },
        ];
        for kind in &all {
            match kind {
                MissingLength { .. }
                | DocumentLengthTooSmall { .. }
                | DocumentTooLarge { .. }
                | DocumentTruncated { .. }
                | TrailingBytes { .. }
                | MissingTerminator { .. }
                | EarlyTerminator { .. }
                | UnknownType { .. }
                | Unterminated { .. }
                | InvalidUtf8 { .. }
                | ValueTruncated { .. }
                | BadLength { .. }
                | LengthPastEnd { .. }
                | NotTerminated { .. }
                | BadBoolean { .. }
                | OldBinaryInnerLength { .. }
                | CodeWithScopeMismatch { .. }
                | TooDeep { .. } => {}
            }
        }
        all
    }

    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use DecodeErrorKind::*;
        let lang = Lang::En;
        let bytes = |n: usize| one_other(lang, n as u64, "byte", "bytes");
        match *self {
            MissingLength { available } => write!(
                out,
                "a document starts with a 4-byte little-endian length, but only {available} {} are here",
                bytes(available)
            ),
            DocumentLengthTooSmall { declared, what } => write!(
                out,
                "{what} length {declared} is impossible: even an empty one takes 5 bytes (the length itself and the closing 00)"
            ),
            DocumentTooLarge { declared, max } => {
                write!(
                    out,
                    "document length {declared} is over the limit of {max} bytes"
                )?;
                if max == MAX_DOCUMENT_SIZE {
                    out.write_str(" (16 MiB)")?;
                }
                Ok(())
            }
            DocumentTruncated {
                declared,
                available,
            } => write!(
                out,
                "the document's length says {declared} bytes, but only {available} are here: it is cut short"
            ),
            TrailingBytes { extra } => write!(
                out,
                "the document ends here, but {extra} more {} follow it",
                bytes(extra)
            ),
            MissingTerminator { found, what } => write!(
                out,
                "a {what} must end with the byte 00, but its last byte is {found:02x}: its length and its contents disagree"
            ),
            EarlyTerminator { end } => write!(
                out,
                "the byte 00 closes the document here, but its length says it runs to byte {end}"
            ),
            UnknownType { byte } => write!(
                out,
                "0x{byte:02x} is not a BSON type byte (types are 0x01-0x13, 0x7f MaxKey and 0xff MinKey)"
            ),
            Unterminated { what } => write!(
                out,
                "the {what} never ends: there is no 00 byte before the end of the document"
            ),
            InvalidUtf8 { what } => write!(out, "the {what} is not valid UTF-8 from this byte on"),
            ValueTruncated {
                ty,
                needed,
                available,
            } => write!(
                out,
                "a {ty} value takes {needed} {}, but only {available} remain before the end of the document",
                bytes(needed)
            ),
            BadLength {
                what,
                declared,
                min,
            } => {
                write!(out, "{what} length {declared} is impossible: ")?;
                if min == 1 {
                    out.write_str("the length counts the trailing 00, so it is at least 1")
                } else {
                    write!(out, "it is at least {min}")
                }
            }
            LengthPastEnd {
                what,
                declared,
                container,
                container_len,
            } => write!(
                out,
                "{what} length {declared} runs past the end of the {container} ({container_len} bytes)"
            ),
            NotTerminated { what, found } => write!(
                out,
                "the {what} should end with the byte 00 where its length says, but that byte is {found:02x}"
            ),
            BadBoolean { byte } => write!(
                out,
                "a boolean is the byte 00 (false) or 01 (true), not {byte:02x}"
            ),
            OldBinaryInnerLength { inner, expected } => write!(
                out,
                "binary subtype 0x02 repeats its length inside the data: it should be {expected}, but it is {inner}"
            ),
            CodeWithScopeMismatch { declared, actual } => write!(
                out,
                "code-with-scope length {declared} does not match its parts, which take {actual} bytes (length, code string, scope document)"
            ),
            TooDeep { max } => write!(
                out,
                "documents and arrays are nested more than {max} levels deep"
            ),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use DecodeErrorKind::*;
        let name = |p: Part| p.name(Lang::Vi);
        match *self {
            MissingLength { available } => write!(
                out,
                "một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có {available} byte"
            ),
            DocumentLengthTooSmall { declared, what } => write!(
                out,
                "độ dài {} bằng {declared} là không thể: ngay cả khi rỗng cũng cần 5 byte (chính phần độ dài và byte 00 đóng lại)",
                name(what)
            ),
            DocumentTooLarge { declared, max } => {
                write!(
                    out,
                    "độ dài document là {declared}, vượt quá giới hạn {max} byte"
                )?;
                if max == MAX_DOCUMENT_SIZE {
                    out.write_str(" (16 MiB)")?;
                }
                Ok(())
            }
            DocumentTruncated {
                declared,
                available,
            } => write!(
                out,
                "độ dài của document ghi {declared} byte, nhưng ở đây chỉ có {available} byte: document bị cắt cụt"
            ),
            TrailingBytes { extra } => write!(
                out,
                "document kết thúc ở đây, nhưng phía sau còn {extra} byte nữa"
            ),
            MissingTerminator { found, what } => write!(
                out,
                "{} phải kết thúc bằng byte 00, nhưng byte cuối của nó là {found:02x}: độ dài và nội dung của nó không khớp nhau",
                name(what)
            ),
            EarlyTerminator { end } => write!(
                out,
                "byte 00 đóng document ở đây, nhưng độ dài của document cho biết nó kéo dài đến byte {end}"
            ),
            UnknownType { byte } => write!(
                out,
                "0x{byte:02x} không phải byte kiểu của BSON (các kiểu là 0x01-0x13, 0x7f MaxKey và 0xff MinKey)"
            ),
            Unterminated { what } => write!(
                out,
                "{} không có điểm kết thúc: không có byte 00 nào trước khi hết document",
                name(what)
            ),
            InvalidUtf8 { what } => write!(
                out,
                "{} không còn là UTF-8 hợp lệ kể từ byte này",
                name(what)
            ),
            ValueTruncated {
                ty,
                needed,
                available,
            } => write!(
                out,
                "một giá trị {} chiếm {needed} byte, nhưng chỉ còn {available} byte trước khi hết document",
                type_name(ty, Lang::Vi)
            ),
            BadLength {
                what,
                declared,
                min,
            } => {
                write!(out, "độ dài {} bằng {declared} là không thể: ", name(what))?;
                if min == 1 {
                    out.write_str("độ dài tính cả byte 00 ở cuối, nên ít nhất là 1")
                } else {
                    write!(out, "độ dài ít nhất là {min}")
                }
            }
            LengthPastEnd {
                what,
                declared,
                container,
                container_len,
            } => write!(
                out,
                "độ dài {} là {declared}, vượt quá điểm cuối của {} ({container_len} byte)",
                name(what),
                name(container)
            ),
            NotTerminated { what, found } => write!(
                out,
                "{} phải kết thúc bằng byte 00 ở vị trí mà độ dài của nó chỉ ra, nhưng byte ở đó là {found:02x}",
                name(what)
            ),
            BadBoolean { byte } => write!(
                out,
                "giá trị boolean là byte 00 (false) hoặc 01 (true), không phải {byte:02x}"
            ),
            OldBinaryInnerLength { inner, expected } => write!(
                out,
                "binary subtype 0x02 lặp lại độ dài của nó bên trong dữ liệu: độ dài đó phải là {expected}, nhưng lại là {inner}"
            ),
            CodeWithScopeMismatch { declared, actual } => write!(
                out,
                "độ dài code-with-scope là {declared}, không khớp với các phần bên trong, vốn chiếm tổng cộng {actual} byte (độ dài, chuỗi mã, document phạm vi)"
            ),
            TooDeep { max } => write!(out, "document và mảng lồng nhau sâu hơn {max} cấp"),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use DecodeErrorKind::*;
        let name = |p: Part| p.name(Lang::Zh);
        // "{name} 长度为": no space after a name that ends in an ideograph.
        let lead = |p: Part, rest: &str| {
            let n = name(p);
            format!("{n}{}{rest}", zh_gap(n, rest))
        };
        match *self {
            MissingLength { available } => write!(
                out,
                "文档以 4 字节的小端序长度开头，但这里只有 {available} 字节"
            ),
            DocumentLengthTooSmall { declared, what } => write!(
                out,
                "{}，这不可能：即使为空也要占 5 字节（长度本身和结尾的 00）",
                lead(what, &format!("长度为 {declared}"))
            ),
            DocumentTooLarge { declared, max } => {
                if max == MAX_DOCUMENT_SIZE {
                    write!(
                        out,
                        "文档长度为 {declared}，超过了 {max} 字节（16 MiB）的上限"
                    )
                } else {
                    write!(out, "文档长度为 {declared}，超过了 {max} 字节的上限")
                }
            }
            DocumentTruncated {
                declared,
                available,
            } => write!(
                out,
                "文档的长度表明有 {declared} 字节，但这里只有 {available} 字节：文档被截断了"
            ),
            TrailingBytes { extra } => write!(out, "文档在这里结束，但后面还有 {extra} 字节"),
            MissingTerminator { found, what } => write!(
                out,
                "{}，但它的最后一个字节是 {found:02x}：它的长度与内容不一致",
                lead(what, "必须以字节 00 结尾")
            ),
            EarlyTerminator { end } => write!(
                out,
                "字节 00 在这里结束了文档，但文档的长度表明它一直延续到第 {end} 字节"
            ),
            UnknownType { byte } => write!(
                out,
                "0x{byte:02x} 不是 BSON 类型字节（类型为 0x01-0x13、0x7f MaxKey 和 0xff MinKey）"
            ),
            Unterminated { what } => {
                write!(out, "{}：文档结束之前没有 00 字节", lead(what, "没有结尾"))
            }
            InvalidUtf8 { what } => {
                write!(out, "{}", lead(what, "从这个字节起不是有效的 UTF-8"))
            }
            ValueTruncated {
                ty,
                needed,
                available,
            } => {
                let ty = type_name(ty, Lang::Zh);
                let rest = format!("值占 {needed} 字节");
                write!(
                    out,
                    "{ty}{}{rest}，但文档结束之前只剩 {available} 字节",
                    zh_gap(ty, &rest)
                )
            }
            BadLength {
                what,
                declared,
                min,
            } => {
                write!(
                    out,
                    "{}，这不可能：",
                    lead(what, &format!("长度为 {declared}"))
                )?;
                if min == 1 {
                    out.write_str("长度包含结尾的 00，所以至少为 1")
                } else {
                    write!(out, "长度至少为 {min}")
                }
            }
            LengthPastEnd {
                what,
                declared,
                container,
                container_len,
            } => {
                let container = name(container);
                write!(
                    out,
                    "{}，超出了{}{container}（{container_len} 字节）的末尾",
                    lead(what, &format!("长度为 {declared}")),
                    zh_gap("了", container)
                )
            }
            NotTerminated { what, found } => write!(
                out,
                "{}，但那个字节是 {found:02x}",
                lead(what, "应在其长度指明的位置以字节 00 结尾")
            ),
            BadBoolean { byte } => write!(
                out,
                "布尔值是字节 00（false）或 01（true），而不是 {byte:02x}"
            ),
            OldBinaryInnerLength { inner, expected } => write!(
                out,
                "binary 子类型 0x02 在数据内部重复自身的长度：它应为 {expected}，但实际是 {inner}"
            ),
            CodeWithScopeMismatch { declared, actual } => write!(
                out,
                "code-with-scope 长度为 {declared}，与其各部分不符，这些部分共占 {actual} 字节（长度、代码字符串、作用域文档）"
            ),
            TooDeep { max } => write!(out, "文档和数组的嵌套超过了 {max} 层"),
        }
    }
}

impl Localize for DecodeErrorKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// A value that cannot be written as BSON.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EncodeError {
    /// A key, regex pattern or regex options containing NUL, which C strings cannot hold.
    NulInCString {
        /// What the string is: a key, a regex pattern or regex options.
        what: Part,
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

impl EncodeError {
    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<EncodeError> {
        let all = vec![
            EncodeError::NulInCString {
                what: Part::Key,
                path: "a.b\0c".into(),
            },
            EncodeError::NulInCString {
                what: Part::RegexOptions,
                path: "r".into(),
            },
            EncodeError::TooLarge {
                size: 16_777_230,
                max: MAX_DOCUMENT_SIZE,
            },
            EncodeError::TooDeep {
                max: 100,
                path: "a.0.0".into(),
            },
        ];
        for e in &all {
            match e {
                EncodeError::NulInCString { .. }
                | EncodeError::TooLarge { .. }
                | EncodeError::TooDeep { .. } => {}
            }
        }
        all
    }
}

impl Localize for EncodeError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, self) {
            (Lang::En, EncodeError::NulInCString { what, path }) => write!(
                out,
                "field `{path}`: a {what} is written as a C string, which ends at the first 00 byte, so it cannot contain NUL"
            ),
            (Lang::En, EncodeError::TooLarge { size, max }) => write!(
                out,
                "the document would take {size} bytes, over the limit of {max} bytes"
            ),
            (Lang::En, EncodeError::TooDeep { max, path }) => write!(
                out,
                "field `{path}`: documents and arrays are nested more than {max} levels deep"
            ),
            (Lang::Vi, EncodeError::NulInCString { what, path }) => write!(
                out,
                "trường `{path}`: {} được ghi dưới dạng chuỗi C, vốn kết thúc ở byte 00 đầu tiên, nên không thể chứa NUL",
                what.name(Lang::Vi)
            ),
            (Lang::Vi, EncodeError::TooLarge { size, max }) => write!(
                out,
                "document sẽ chiếm {size} byte, vượt quá giới hạn {max} byte"
            ),
            (Lang::Vi, EncodeError::TooDeep { max, path }) => write!(
                out,
                "trường `{path}`: document và mảng lồng nhau sâu hơn {max} cấp"
            ),
            (Lang::Zh, EncodeError::NulInCString { what, path }) => {
                let what = what.name(Lang::Zh);
                write!(
                    out,
                    "字段 `{path}`：{what}{}以 C 字符串写入，C 字符串在第一个 00 字节处结束，所以不能包含 NUL",
                    zh_gap(what, "以")
                )
            }
            (Lang::Zh, EncodeError::TooLarge { size, max }) => {
                write!(out, "文档将占 {size} 字节，超过了 {max} 字节的上限")
            }
            (Lang::Zh, EncodeError::TooDeep { max, path }) => {
                write!(out, "字段 `{path}`：文档和数组的嵌套超过了 {max} 层")
            }
        }
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for EncodeError {}

/// Test support shared by the error types of the crate: `text`, the rendering in `lang` of a
/// message whose English is `en`, is translated. BSON's names made of English words
/// (`code-with-scope`) are kept by every language; `allowed` are the English-looking words
/// the language keeps on purpose (Vietnamese "byte", "document").
#[cfg(test)]
pub(crate) fn assert_translated(en: &str, lang: Lang, text: &str, allowed: &[&str]) {
    assert_ne!(text, en, "{lang:?}: not translated");
    let text = &["code-with-scope", "little-endian"]
        .iter()
        .fold(text.to_owned(), |t, name| t.replace(name, " "));
    let left: Vec<String> = crate::strings::localize::english_words(text)
        .into_iter()
        .filter(|w| !allowed.contains(&w.as_str()))
        .collect();
    assert!(left.is_empty(), "{lang:?}: {left:?} left in {text}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_translated(en: &str, lang: Lang, text: &str) {
        let allowed: &[&str] = if lang == Lang::Vi {
            &crate::strings::localize::VI_LOANWORDS
        } else {
            &[]
        };
        super::assert_translated(en, lang, text, allowed);
    }

    #[test]
    fn every_decode_error_speaks_every_language() {
        for e in DecodeError::every_variant() {
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                assert_translated(&en, lang, &e.to_string_in(lang));
            }
        }
    }

    #[test]
    fn every_encode_error_speaks_every_language() {
        for e in EncodeError::every_variant() {
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                assert_translated(&en, lang, &e.to_string_in(lang));
            }
        }
    }

    #[test]
    fn every_part_has_a_name_in_every_language() {
        for part in Part::ALL {
            for lang in Lang::ALL {
                assert!(!part.name(lang).is_empty());
            }
        }
    }

    #[test]
    fn counted_bytes_follow_the_plural_rules() {
        let one = DecodeErrorKind::MissingLength { available: 1 };
        assert_eq!(
            one.to_string(),
            "a document starts with a 4-byte little-endian length, but only 1 byte are here"
        );
        assert_eq!(
            one.to_string_in(Lang::Vi),
            "một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có 1 byte"
        );
        let two = DecodeErrorKind::TrailingBytes { extra: 2 };
        assert_eq!(
            two.to_string(),
            "the document ends here, but 2 more bytes follow it"
        );
        assert_eq!(
            two.to_string_in(Lang::Zh),
            "文档在这里结束，但后面还有 2 字节"
        );
    }

    #[test]
    fn chinese_drops_the_space_between_ideographs_only() {
        let e = DecodeErrorKind::ValueTruncated {
            ty: ElementType::DateTime,
            needed: 8,
            available: 1,
        };
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "日期值占 8 字节，但文档结束之前只剩 1 字节"
        );
        let e = DecodeErrorKind::ValueTruncated {
            ty: ElementType::Int32,
            needed: 4,
            available: 1,
        };
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "int32 值占 4 字节，但文档结束之前只剩 1 字节"
        );
        let e = DecodeErrorKind::LengthPastEnd {
            what: Part::String,
            declared: 16,
            container: Part::Document,
            container_len: 14,
        };
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "字符串长度为 16，超出了文档（14 字节）的末尾"
        );
    }

    /// The exact words of every variant in the three languages (the wording the learners saw
    /// before the errors were typed, kept).
    #[test]
    fn every_error_in_three_languages() {
        let expected: &[(&str, &str, &str)] = &[
            (
                "byte 0: a document starts with a 4-byte little-endian length, but only 0 bytes are here",
                "byte 0: một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có 0 byte",
                "第 0 字节：文档以 4 字节的小端序长度开头，但这里只有 0 字节",
            ),
            (
                "byte 1: a document starts with a 4-byte little-endian length, but only 1 byte are here",
                "byte 1: một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có 1 byte",
                "第 1 字节：文档以 4 字节的小端序长度开头，但这里只有 1 字节",
            ),
            (
                "byte 2: document length 4 is impossible: even an empty one takes 5 bytes (the length itself and the closing 00)",
                "byte 2: độ dài document bằng 4 là không thể: ngay cả khi rỗng cũng cần 5 byte (chính phần độ dài và byte 00 đóng lại)",
                "第 2 字节：文档长度为 4，这不可能：即使为空也要占 5 字节（长度本身和结尾的 00）",
            ),
            (
                "byte 3: document length 20000000 is over the limit of 16777216 bytes (16 MiB)",
                "byte 3: độ dài document là 20000000, vượt quá giới hạn 16777216 byte (16 MiB)",
                "第 3 字节：文档长度为 20000000，超过了 16777216 字节（16 MiB）的上限",
            ),
            (
                "byte 4: document length 12 is over the limit of 10 bytes",
                "byte 4: độ dài document là 12, vượt quá giới hạn 10 byte",
                "第 4 字节：文档长度为 12，超过了 10 字节的上限",
            ),
            (
                "byte 5: the document's length says 12 bytes, but only 11 are here: it is cut short",
                "byte 5: độ dài của document ghi 12 byte, nhưng ở đây chỉ có 11 byte: document bị cắt cụt",
                "第 5 字节：文档的长度表明有 12 字节，但这里只有 11 字节：文档被截断了",
            ),
            (
                "byte 6: the document ends here, but 1 more byte follow it",
                "byte 6: document kết thúc ở đây, nhưng phía sau còn 1 byte nữa",
                "第 6 字节：文档在这里结束，但后面还有 1 字节",
            ),
            (
                "byte 7: the document ends here, but 2 more bytes follow it",
                "byte 7: document kết thúc ở đây, nhưng phía sau còn 2 byte nữa",
                "第 7 字节：文档在这里结束，但后面还有 2 字节",
            ),
            (
                "byte 8: a array must end with the byte 00, but its last byte is 01: its length and its contents disagree",
                "byte 8: mảng phải kết thúc bằng byte 00, nhưng byte cuối của nó là 01: độ dài và nội dung của nó không khớp nhau",
                "第 8 字节：数组必须以字节 00 结尾，但它的最后一个字节是 01：它的长度与内容不一致",
            ),
            (
                "byte 9: the byte 00 closes the document here, but its length says it runs to byte 9",
                "byte 9: byte 00 đóng document ở đây, nhưng độ dài của document cho biết nó kéo dài đến byte 9",
                "第 9 字节：字节 00 在这里结束了文档，但文档的长度表明它一直延续到第 9 字节",
            ),
            (
                "byte 10: 0x14 is not a BSON type byte (types are 0x01-0x13, 0x7f MaxKey and 0xff MinKey)",
                "byte 10: 0x14 không phải byte kiểu của BSON (các kiểu là 0x01-0x13, 0x7f MaxKey và 0xff MinKey)",
                "第 10 字节：0x14 不是 BSON 类型字节（类型为 0x01-0x13、0x7f MaxKey 和 0xff MinKey）",
            ),
            (
                "byte 11: the regex pattern never ends: there is no 00 byte before the end of the document",
                "byte 11: mẫu regex không có điểm kết thúc: không có byte 00 nào trước khi hết document",
                "第 11 字节：正则模式没有结尾：文档结束之前没有 00 字节",
            ),
            (
                "byte 12: the key is not valid UTF-8 from this byte on",
                "byte 12: khóa không còn là UTF-8 hợp lệ kể từ byte này",
                "第 12 字节：键从这个字节起不是有效的 UTF-8",
            ),
            (
                "byte 13: a bool value takes 1 byte, but only 0 remain before the end of the document",
                "byte 13: một giá trị boolean chiếm 1 byte, nhưng chỉ còn 0 byte trước khi hết document",
                "第 13 字节：布尔值占 1 字节，但文档结束之前只剩 0 字节",
            ),
            (
                "byte 14: a date value takes 8 bytes, but only 1 remain before the end of the document",
                "byte 14: một giá trị ngày giờ chiếm 8 byte, nhưng chỉ còn 1 byte trước khi hết document",
                "第 14 字节：日期值占 8 字节，但文档结束之前只剩 1 字节",
            ),
            (
                "byte 15: a binary value takes 5 bytes, but only 1 remain before the end of the document",
                "byte 15: một giá trị binary chiếm 5 byte, nhưng chỉ còn 1 byte trước khi hết document",
                "第 15 字节：binary 值占 5 字节，但文档结束之前只剩 1 字节",
            ),
            (
                "byte 16: string length 0 is impossible: the length counts the trailing 00, so it is at least 1",
                "byte 16: độ dài chuỗi bằng 0 là không thể: độ dài tính cả byte 00 ở cuối, nên ít nhất là 1",
                "第 16 字节：字符串长度为 0，这不可能：长度包含结尾的 00，所以至少为 1",
            ),
            (
                "byte 17: code-with-scope length 5 is impossible: it is at least 14",
                "byte 17: độ dài code-with-scope bằng 5 là không thể: độ dài ít nhất là 14",
                "第 17 字节：code-with-scope 长度为 5，这不可能：长度至少为 14",
            ),
            (
                "byte 18: code length 16 runs past the end of the code-with-scope value (14 bytes)",
                "byte 18: độ dài chuỗi mã là 16, vượt quá điểm cuối của giá trị code-with-scope (14 byte)",
                "第 18 字节：代码字符串长度为 16，超出了 code-with-scope 值（14 字节）的末尾",
            ),
            (
                "byte 19: the symbol should end with the byte 00 where its length says, but that byte is 62",
                "byte 19: Symbol phải kết thúc bằng byte 00 ở vị trí mà độ dài của nó chỉ ra, nhưng byte ở đó là 62",
                "第 19 字节：Symbol 应在其长度指明的位置以字节 00 结尾，但那个字节是 62",
            ),
            (
                "byte 20: a boolean is the byte 00 (false) or 01 (true), not 02",
                "byte 20: giá trị boolean là byte 00 (false) hoặc 01 (true), không phải 02",
                "第 20 字节：布尔值是字节 00（false）或 01（true），而不是 02",
            ),
            (
                "byte 21: binary subtype 0x02 repeats its length inside the data: it should be 1, but it is 0",
                "byte 21: binary subtype 0x02 lặp lại độ dài của nó bên trong dữ liệu: độ dài đó phải là 1, nhưng lại là 0",
                "第 21 字节：binary 子类型 0x02 在数据内部重复自身的长度：它应为 1，但实际是 0",
            ),
            (
                "byte 22: code-with-scope length 24 does not match its parts, which take 23 bytes (length, code string, scope document)",
                "byte 22: độ dài code-with-scope là 24, không khớp với các phần bên trong, vốn chiếm tổng cộng 23 byte (độ dài, chuỗi mã, document phạm vi)",
                "第 22 字节：code-with-scope 长度为 24，与其各部分不符，这些部分共占 23 字节（长度、代码字符串、作用域文档）",
            ),
            (
                "byte 23: documents and arrays are nested more than 100 levels deep",
                "byte 23: document và mảng lồng nhau sâu hơn 100 cấp",
                "第 23 字节：文档和数组的嵌套超过了 100 层",
            ),
            (
                "byte 14: a boolean is the byte 00 (false) or 01 (true), not 07 (in field `a.b`)",
                "byte 14: giá trị boolean là byte 00 (false) hoặc 01 (true), không phải 07 (trong trường `a.b`)",
                "第 14 字节：布尔值是字节 00（false）或 01（true），而不是 07（在字段 `a.b` 中）",
            ),
            (
                "field `a.b\0c`: a key is written as a C string, which ends at the first 00 byte, so it cannot contain NUL",
                "trường `a.b\0c`: khóa được ghi dưới dạng chuỗi C, vốn kết thúc ở byte 00 đầu tiên, nên không thể chứa NUL",
                "字段 `a.b\0c`：键以 C 字符串写入，C 字符串在第一个 00 字节处结束，所以不能包含 NUL",
            ),
            (
                "field `r`: a regex options is written as a C string, which ends at the first 00 byte, so it cannot contain NUL",
                "trường `r`: tùy chọn regex được ghi dưới dạng chuỗi C, vốn kết thúc ở byte 00 đầu tiên, nên không thể chứa NUL",
                "字段 `r`：正则选项以 C 字符串写入，C 字符串在第一个 00 字节处结束，所以不能包含 NUL",
            ),
            (
                "the document would take 16777230 bytes, over the limit of 16777216 bytes",
                "document sẽ chiếm 16777230 byte, vượt quá giới hạn 16777216 byte",
                "文档将占 16777230 字节，超过了 16777216 字节的上限",
            ),
            (
                "field `a.0.0`: documents and arrays are nested more than 100 levels deep",
                "trường `a.0.0`: document và mảng lồng nhau sâu hơn 100 cấp",
                "字段 `a.0.0`：文档和数组的嵌套超过了 100 层",
            ),
        ];
        let got: Vec<[String; 3]> = DecodeError::every_variant()
            .iter()
            .map(|e| Lang::ALL.map(|l| e.to_string_in(l)))
            .chain(
                EncodeError::every_variant()
                    .iter()
                    .map(|e| Lang::ALL.map(|l| e.to_string_in(l))),
            )
            .collect();
        assert_eq!(got.len(), expected.len());
        for (got, (en, vi, zh)) in got.iter().zip(expected) {
            assert_eq!(
                [got[0].as_str(), got[1].as_str(), got[2].as_str()],
                [*en, *vi, *zh]
            );
        }
    }
}
