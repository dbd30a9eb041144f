//! The rules of Extended JSON's type wrappers, and of JSON that BSON cannot hold.

use std::fmt;

use crate::bson::base64::Base64Error;
use crate::bson::datetime::IsoDateError;
use crate::bson::decimal128::DecimalError;
use crate::bson::oid::ObjectIdError;
use crate::bson::terms::{ValueKind, zh};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// The type wrapper (or part of one) an Extended JSON message is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrapper {
    /// A key, shown in backquotes: `` `$oid` ``, `` `pattern` ``.
    Key(&'static str),
    /// `$code` with `$scope`.
    CodeWithScope,
    /// The legacy `{"$regex": ..., "$options": ...}`.
    LegacyRegex,
    /// The legacy `{"$binary": ..., "$type": ...}`.
    LegacyBinary,
    /// A `$binary`'s subtype.
    BinarySubtype,
}

impl Localize for Wrapper {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, self) {
            (_, Wrapper::Key(key)) => write!(out, "`{key}`"),
            (Lang::En, Wrapper::CodeWithScope) => out.write_str("`$code` with `$scope`"),
            (Lang::En, Wrapper::LegacyRegex) => out.write_str("legacy `$regex`"),
            (Lang::En, Wrapper::LegacyBinary) => out.write_str("legacy `$binary`"),
            (Lang::En, Wrapper::BinarySubtype) => out.write_str("the binary subtype"),
            (Lang::Vi, Wrapper::CodeWithScope) => out.write_str("`$code` kèm `$scope`"),
            (Lang::Vi, Wrapper::LegacyRegex) => out.write_str("`$regex` kiểu cũ"),
            (Lang::Vi, Wrapper::LegacyBinary) => out.write_str("`$binary` kiểu cũ"),
            (Lang::Vi, Wrapper::BinarySubtype) => out.write_str("subtype của Binary"),
            (Lang::Zh, Wrapper::CodeWithScope) => out.write_str("带 `$scope` 的 `$code`"),
            (Lang::Zh, Wrapper::LegacyRegex) => out.write_str("旧式 `$regex`"),
            (Lang::Zh, Wrapper::LegacyBinary) => out.write_str("旧式 `$binary`"),
            (Lang::Zh, Wrapper::BinarySubtype) => out.write_str("二进制子类型"),
        }
    }
}

/// A broken Extended JSON type wrapper, or JSON that BSON cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EjsonError {
    /// [`parse_document`](crate::bson::ejson::parse_document) given something else.
    ExpectedDocument {
        /// What the text holds.
        found: ValueKind,
    },
    /// A key with NUL in it.
    KeyNul,
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A JSON number no double reads (a guard).
    NotANumber {
        /// The number's text.
        text: String,
    },
    /// A wrapper's value that must be a string.
    NotAString {
        /// The wrapper or key.
        what: Wrapper,
        /// What it holds.
        found: ValueKind,
    },
    /// A wrapper with other keys than its own.
    ExactKeys {
        /// The wrapper.
        what: Wrapper,
        /// Its keys.
        keys: Vec<&'static str>,
    },
    /// A wrapper without one of its keys.
    MissingKey {
        /// The wrapper.
        what: Wrapper,
        /// The key.
        key: &'static str,
    },
    /// A wrapper with a key twice (a guard).
    DuplicateKeys {
        /// The wrapper.
        what: Wrapper,
    },
    /// `{"$numberInt": "x"}`.
    NumberInt {
        /// The text.
        text: String,
    },
    /// `{"$numberLong": "x"}`.
    NumberLong {
        /// The text.
        text: String,
    },
    /// `{"$numberDouble": "x"}`.
    NumberDouble {
        /// The text.
        text: String,
    },
    /// `{"$numberDecimal": "1.2.3"}`.
    Decimal(DecimalError),
    /// `{"$uuid": "x"}`.
    Uuid {
        /// The text.
        text: String,
    },
    /// `$scope` that is not a document.
    ScopeNotDocument,
    /// `$timestamp` that is not an object.
    TimestampShape,
    /// `$regularExpression` that is not an object.
    RegexShape,
    /// `$dbPointer` that is not an object.
    DbPointerShape,
    /// `$dbPointer.$id` that is not an ObjectId.
    DbPointerId,
    /// `$minKey` or `$maxKey` other than 1.
    MustBeOne {
        /// The key.
        key: &'static str,
    },
    /// `$undefined` other than true.
    UndefinedTrue,
    /// A wrapper key without the rest of its wrapper (`$scope` alone).
    Orphan {
        /// The key.
        key: String,
    },
    /// `{"$oid": "xyz"}`.
    Oid {
        /// The text.
        text: String,
    },
    /// An ObjectId the reader refused (a guard).
    ObjectId(ObjectIdError),
    /// `$timestamp`'s `t` or `i` outside u32.
    TimestampU32 {
        /// `t` or `i`.
        part: &'static str,
        /// The number's text.
        text: String,
    },
    /// `$timestamp`'s `t` or `i` not a number.
    TimestampNumber {
        /// `t` or `i`.
        part: &'static str,
        /// What it holds.
        found: ValueKind,
    },
    /// A regex pattern with NUL.
    RegexNul,
    /// A regex option outside `ilmsux`.
    RegexOption {
        /// The option.
        found: char,
    },
    /// A `$date` string that is not ISO-8601.
    DateString(IsoDateError),
    /// A `$date` that is neither a string nor `{"$numberLong": ...}`.
    DateShape {
        /// What it holds.
        found: ValueKind,
    },
    /// `$binary` that is not an object.
    BinaryShape,
    /// A binary subtype that is not one or two hex digits.
    BinarySubtype {
        /// The text.
        text: String,
    },
    /// Base64 data that does not decode.
    Base64(Base64Error),
}

impl EjsonError {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use EjsonError as E;
        let en = Lang::En;
        match self {
            E::ExpectedDocument { found } => write!(
                out,
                "expected a document (a JSON object), but found {found}"
            ),
            E::KeyNul => {
                out.write_str("a key cannot contain a NUL character (BSON keys are C strings)")
            }
            E::TooDeep { max } => write!(
                out,
                "documents and arrays are nested more than {max} levels deep"
            ),
            E::NotANumber { text } => write!(out, "`{text}` is not a number"),
            E::NotAString { what, found } => {
                write!(out, "{} must be a string, not {found}", what.display_in(en))
            }
            E::ExactKeys { what, keys } => write!(
                out,
                "{} must have exactly the keys {}",
                what.display_in(en),
                key_list(keys)
            ),
            E::MissingKey { what, key } => {
                write!(out, "{} is missing `{key}`", what.display_in(en))
            }
            E::DuplicateKeys { what } => write!(out, "{} has duplicate keys", what.display_in(en)),
            E::NumberInt { text } => write!(
                out,
                "`$numberInt` must be a string of digits within the int32 range, not `{text}`"
            ),
            E::NumberLong { text } => write!(
                out,
                "`$numberLong` must be a string of digits within the int64 range, not `{text}`"
            ),
            E::NumberDouble { text } => write!(
                out,
                "`$numberDouble` must be a decimal number, `Infinity`, `-Infinity` or `NaN`, not `{text}`"
            ),
            E::Decimal(e) => e.write_in(en, out),
            E::Uuid { text } => write!(
                out,
                "`$uuid` must be 32 hex digits in 8-4-4-4-12 groups, not `{text}`"
            ),
            E::ScopeNotDocument => out.write_str("`$scope` must be a document"),
            E::TimestampShape => {
                out.write_str("`$timestamp` must be an object {\"t\": ..., \"i\": ...}")
            }
            E::RegexShape => out.write_str(
                "`$regularExpression` must be an object {\"pattern\": ..., \"options\": ...}",
            ),
            E::DbPointerShape => {
                out.write_str("`$dbPointer` must be an object {\"$ref\": ..., \"$id\": ...}")
            }
            E::DbPointerId => {
                out.write_str("`$dbPointer.$id` must be an ObjectId ({\"$oid\": ...})")
            }
            E::MustBeOne { key } => write!(out, "`{key}` must be 1"),
            E::UndefinedTrue => out.write_str("`$undefined` must be true"),
            E::Orphan { key } => write!(
                out,
                "`{key}` cannot appear here without the rest of its type wrapper"
            ),
            E::Oid { text } => write!(out, "`$oid` must be 24 hex digits, not `{text}`"),
            E::ObjectId(e) => e.write_in(en, out),
            E::TimestampU32 { part, text } => write!(
                out,
                "timestamp `{part}` must be an unsigned 32-bit integer, not {text}"
            ),
            E::TimestampNumber { part, found } => {
                write!(out, "timestamp `{part}` must be a number, not {found}")
            }
            E::RegexNul => {
                out.write_str("a regex pattern cannot contain NUL (it is stored as a C string)")
            }
            E::RegexOption { found } => write!(
                out,
                "`{found}` is not a regex option (use i, l, m, s, u, x)"
            ),
            E::DateString(e) => write!(out, "`$date` string: {}", e.display_in(en)),
            E::DateShape { found } => write!(
                out,
                "`$date` must be an ISO-8601 string or {{\"$numberLong\": ...}}, not {found}"
            ),
            E::BinaryShape => {
                out.write_str("`$binary` must be an object {\"base64\": ..., \"subType\": ...}")
            }
            E::BinarySubtype { text } => write!(
                out,
                "the binary subtype must be one or two hex digits, not `{text}`"
            ),
            E::Base64(e) => e.write_in(en, out),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use EjsonError as E;
        let vi = Lang::Vi;
        match self {
            E::ExpectedDocument { found } => write!(
                out,
                "cần một document (một object JSON), nhưng gặp {}",
                found.display_in(vi)
            ),
            E::KeyNul => out.write_str("khóa không được chứa ký tự NUL (khóa BSON là chuỗi C)"),
            E::TooDeep { max } => write!(out, "document và mảng lồng nhau sâu hơn {max} cấp"),
            E::NotANumber { text } => write!(out, "`{text}` không phải là số"),
            E::NotAString { what, found } => write!(
                out,
                "{} phải là một chuỗi, không phải {}",
                what.display_in(vi),
                found.display_in(vi)
            ),
            E::ExactKeys { what, keys } => write!(
                out,
                "{} phải có đúng các khóa {}",
                what.display_in(vi),
                key_list(keys)
            ),
            E::MissingKey { what, key } => write!(out, "{} thiếu `{key}`", what.display_in(vi)),
            E::DuplicateKeys { what } => write!(out, "{} có khóa bị trùng", what.display_in(vi)),
            E::NumberInt { text } => write!(
                out,
                "`$numberInt` phải là một chuỗi chữ số trong phạm vi int32, không phải `{text}`"
            ),
            E::NumberLong { text } => write!(
                out,
                "`$numberLong` phải là một chuỗi chữ số trong phạm vi int64, không phải `{text}`"
            ),
            E::NumberDouble { text } => write!(
                out,
                "`$numberDouble` phải là một số thập phân, `Infinity`, `-Infinity` hoặc `NaN`, không phải `{text}`"
            ),
            E::Decimal(e) => e.write_in(vi, out),
            E::Uuid { text } => write!(
                out,
                "`$uuid` phải là 32 chữ số hex chia nhóm 8-4-4-4-12, không phải `{text}`"
            ),
            E::ScopeNotDocument => out.write_str("`$scope` phải là một document"),
            E::TimestampShape => {
                out.write_str("`$timestamp` phải là một object {\"t\": ..., \"i\": ...}")
            }
            E::RegexShape => out.write_str(
                "`$regularExpression` phải là một object {\"pattern\": ..., \"options\": ...}",
            ),
            E::DbPointerShape => {
                out.write_str("`$dbPointer` phải là một object {\"$ref\": ..., \"$id\": ...}")
            }
            E::DbPointerId => {
                out.write_str("`$dbPointer.$id` phải là một ObjectId ({\"$oid\": ...})")
            }
            E::MustBeOne { key } => write!(out, "`{key}` phải bằng 1"),
            E::UndefinedTrue => out.write_str("`$undefined` phải là true"),
            E::Orphan { key } => write!(
                out,
                "`{key}` không thể đứng ở đây khi thiếu phần còn lại của dạng bọc kiểu"
            ),
            E::Oid { text } => write!(out, "`$oid` phải là 24 chữ số hex, không phải `{text}`"),
            E::ObjectId(e) => e.write_in(vi, out),
            E::TimestampU32 { part, text } => write!(
                out,
                "giá trị `{part}` của Timestamp phải là số nguyên không dấu 32 bit, không phải {text}"
            ),
            E::TimestampNumber { part, found } => write!(
                out,
                "giá trị `{part}` của Timestamp phải là một số, không phải {}",
                found.display_in(vi)
            ),
            E::RegexNul => {
                out.write_str("mẫu regex không được chứa NUL (nó được lưu dưới dạng chuỗi C)")
            }
            E::RegexOption { found } => write!(
                out,
                "`{found}` không phải tùy chọn regex (hãy dùng i, l, m, s, u, x)"
            ),
            E::DateString(e) => write!(out, "chuỗi `$date`: {}", e.display_in(vi)),
            E::DateShape { found } => write!(
                out,
                "`$date` phải là một chuỗi ISO-8601 hoặc {{\"$numberLong\": ...}}, không phải {}",
                found.display_in(vi)
            ),
            E::BinaryShape => {
                out.write_str("`$binary` phải là một object {\"base64\": ..., \"subType\": ...}")
            }
            E::BinarySubtype { text } => write!(
                out,
                "subtype của Binary phải là một hoặc hai chữ số hex, không phải `{text}`"
            ),
            E::Base64(e) => e.write_in(vi, out),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use EjsonError as E;
        let zh_ = Lang::Zh;
        match self {
            E::ExpectedDocument { found } => zh(
                out,
                "应为文档（JSON 对象），但找到 {found}",
                &[("found", &found.display_in(zh_))],
            ),
            E::KeyNul => out.write_str("键不能包含 NUL 字符（BSON 的键是 C 字符串）"),
            E::TooDeep { max } => write!(out, "文档和数组的嵌套超过了 {max} 层"),
            E::NotANumber { text } => write!(out, "`{text}` 不是数字"),
            E::NotAString { what, found } => zh(
                out,
                "{what} 必须是字符串，而不是 {found}",
                &[
                    ("what", &what.display_in(zh_)),
                    ("found", &found.display_in(zh_)),
                ],
            ),
            E::ExactKeys { what, keys } => zh(
                out,
                "{what} 必须恰好包含这些键：{keys}",
                &[("what", &what.display_in(zh_)), ("keys", &key_list(keys))],
            ),
            E::MissingKey { what, key } => zh(
                out,
                "{what} 缺少 `{key}`",
                &[("what", &what.display_in(zh_)), ("key", key)],
            ),
            E::DuplicateKeys { what } => {
                zh(out, "{what} 有重复的键", &[("what", &what.display_in(zh_))])
            }
            E::NumberInt { text } => write!(
                out,
                "`$numberInt` 必须是 int32 范围内的数字字符串，而不是 `{text}`"
            ),
            E::NumberLong { text } => write!(
                out,
                "`$numberLong` 必须是 int64 范围内的数字字符串，而不是 `{text}`"
            ),
            E::NumberDouble { text } => write!(
                out,
                "`$numberDouble` 必须是十进制数、`Infinity`、`-Infinity` 或 `NaN`，而不是 `{text}`"
            ),
            E::Decimal(e) => e.write_in(zh_, out),
            E::Uuid { text } => write!(
                out,
                "`$uuid` 必须是按 8-4-4-4-12 分组的 32 位十六进制数字，而不是 `{text}`"
            ),
            E::ScopeNotDocument => out.write_str("`$scope` 必须是文档"),
            E::TimestampShape => out.write_str("`$timestamp` 必须是对象 {\"t\": ..., \"i\": ...}"),
            E::RegexShape => out
                .write_str("`$regularExpression` 必须是对象 {\"pattern\": ..., \"options\": ...}"),
            E::DbPointerShape => {
                out.write_str("`$dbPointer` 必须是对象 {\"$ref\": ..., \"$id\": ...}")
            }
            E::DbPointerId => out.write_str("`$dbPointer.$id` 必须是 ObjectId（{\"$oid\": ...}）"),
            E::MustBeOne { key } => write!(out, "`{key}` 必须是 1"),
            E::UndefinedTrue => out.write_str("`$undefined` 必须是 true"),
            E::Orphan { key } => write!(
                out,
                "`{key}` 不能单独出现在这里：缺少它所属类型包装的其余部分"
            ),
            E::Oid { text } => write!(out, "`$oid` 必须是 24 位十六进制数字，而不是 `{text}`"),
            E::ObjectId(e) => e.write_in(zh_, out),
            E::TimestampU32 { part, text } => write!(
                out,
                "Timestamp 的 `{part}` 必须是 32 位无符号整数，而不是 {text}"
            ),
            E::TimestampNumber { part, found } => zh(
                out,
                "Timestamp 的 `{part}` 必须是数字，而不是 {found}",
                &[("part", part), ("found", &found.display_in(zh_))],
            ),
            E::RegexNul => out.write_str("正则表达式的模式不能包含 NUL（它以 C 字符串存储）"),
            E::RegexOption { found } => {
                write!(out, "`{found}` 不是正则选项（请使用 i、l、m、s、u、x）")
            }
            E::DateString(e) => write!(out, "`$date` 字符串：{}", e.display_in(zh_)),
            E::DateShape { found } => zh(
                out,
                "`$date` 必须是 ISO-8601 字符串或 {\"$numberLong\": ...}，而不是 {found}",
                &[("found", &found.display_in(zh_))],
            ),
            E::BinaryShape => {
                out.write_str("`$binary` 必须是对象 {\"base64\": ..., \"subType\": ...}")
            }
            E::BinarySubtype { text } => write!(
                out,
                "二进制子类型必须是一到两位十六进制数字，而不是 `{text}`"
            ),
            E::Base64(e) => e.write_in(zh_, out),
        }
    }

    /// One of every variant; the match makes a new variant a compile error here.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<Self> {
        use EjsonError as E;
        let text = || "x".to_owned();
        let iso = || crate::bson::datetime::parse_iso("2026-13-01").unwrap_err();
        let oid = || crate::bson::oid::ObjectId::parse_hex("abc").unwrap_err();
        let mut all = vec![
            E::ExpectedDocument {
                found: ValueKind::Array,
            },
            E::KeyNul,
            E::TooDeep { max: 100 },
            E::NotANumber {
                text: "1e999x".into(),
            },
            E::ExactKeys {
                what: Wrapper::LegacyRegex,
                keys: vec!["$regex", "$options"],
            },
            E::MissingKey {
                what: Wrapper::Key("$timestamp"),
                key: "i",
            },
            E::DuplicateKeys {
                what: Wrapper::Key("$oid"),
            },
            E::NumberInt { text: text() },
            E::NumberLong { text: text() },
            E::NumberDouble { text: text() },
            E::Decimal(DecimalError::NotANumber { text: text() }),
            E::Uuid { text: text() },
            E::ScopeNotDocument,
            E::TimestampShape,
            E::RegexShape,
            E::DbPointerShape,
            E::DbPointerId,
            E::MustBeOne { key: "$minKey" },
            E::UndefinedTrue,
            E::Orphan {
                key: "$scope".into(),
            },
            E::Oid { text: text() },
            E::ObjectId(oid()),
            E::TimestampU32 {
                part: "t",
                text: "-1".into(),
            },
            E::TimestampNumber {
                part: "t",
                found: ValueKind::String,
            },
            E::RegexNul,
            E::RegexOption { found: 'q' },
            E::DateString(iso()),
            E::DateShape {
                found: ValueKind::Boolean,
            },
            E::BinaryShape,
            E::BinarySubtype { text: "xyz".into() },
            E::Base64(Base64Error::Char {
                found: '$',
                position: 1,
            }),
        ];
        for what in [
            Wrapper::Key("$symbol"),
            Wrapper::CodeWithScope,
            Wrapper::LegacyRegex,
            Wrapper::LegacyBinary,
            Wrapper::BinarySubtype,
        ] {
            all.push(E::NotAString {
                what,
                found: ValueKind::Number,
            });
        }
        for e in &all {
            match e {
                E::ExpectedDocument { .. }
                | E::KeyNul
                | E::TooDeep { .. }
                | E::NotANumber { .. }
                | E::NotAString { .. }
                | E::ExactKeys { .. }
                | E::MissingKey { .. }
                | E::DuplicateKeys { .. }
                | E::NumberInt { .. }
                | E::NumberLong { .. }
                | E::NumberDouble { .. }
                | E::Decimal(_)
                | E::Uuid { .. }
                | E::ScopeNotDocument
                | E::TimestampShape
                | E::RegexShape
                | E::DbPointerShape
                | E::DbPointerId
                | E::MustBeOne { .. }
                | E::UndefinedTrue
                | E::Orphan { .. }
                | E::Oid { .. }
                | E::ObjectId(_)
                | E::TimestampU32 { .. }
                | E::TimestampNumber { .. }
                | E::RegexNul
                | E::RegexOption { .. }
                | E::DateString(_)
                | E::DateShape { .. }
                | E::BinaryShape
                | E::BinarySubtype { .. }
                | E::Base64(_) => {}
            }
        }
        all
    }
}

/// `` `a`, `b` ``.
fn key_list(keys: &[&str]) -> String {
    keys.iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Localize for EjsonError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for EjsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
