//! The rules of the shell's constructors: which arguments `NumberLong`, `ObjectId`,
//! `BinData`, `new Date`... take, and what they refuse that mongosh would silently mangle.

use std::fmt;

use crate::bson::base64::Base64Error;
use crate::bson::datetime::IsoDateError;
use crate::bson::decimal128::DecimalError;
use crate::bson::hex::HexErrorKind;
use crate::bson::terms::{ValueKind, zh};
use crate::strings::Lang;
use crate::strings::localize::{Localize, one_other};

/// What a constructor takes, as its error says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// `ObjectId(...)`.
    NothingHexOrSeconds,
    /// `ObjectId.createFromTime(...)`.
    Seconds,
    /// `ObjectId.createFromHexString(...)`.
    Hex24,
    /// `UUID(...)`, `MD5(...)`.
    Hex32,
    /// `BinData(...)`, `HexData(...)`.
    SubtypeAndString,
    /// `Binary.createFromBase64(...)`, `Binary.createFromHexString(...)`.
    StringAndSubtype,
    /// `Timestamp(...)`.
    TimestampFields,
    /// `RegExp(...)`.
    PatternAndFlags,
    /// `Code(...)`.
    CodeAndScope,
    /// `Code`'s second argument.
    ScopeDocument,
    /// `DBRef(...)`.
    DbRef,
    /// A binary subtype.
    SubtypeNumber,
    /// `NumberInt(...)`.
    NumberInt,
    /// `NumberLong(...)`.
    NumberLong,
    /// `NumberDecimal(...)`.
    NumberDecimal,
    /// `Double(...)`.
    Double,
    /// `ISODate(...)`.
    IsoString,
    /// `new Date(...)`.
    IsoOrMillis,
    /// A string.
    String,
    /// A number.
    Number,
    /// `Binary.fromInt8Array(...)` and the other vector helpers.
    TypedArray,
}

impl Takes {
    fn words(self, lang: Lang) -> &'static str {
        use Takes as T;
        match (lang, self) {
            (_, T::String) => ValueKind::String.words(lang),
            (_, T::Number) => ValueKind::Number.words(lang),
            (Lang::En, T::NothingHexOrSeconds) => "nothing, 24 hex digits or a number of seconds",
            (Lang::En, T::Seconds) => "a number of seconds",
            (Lang::En, T::Hex24) => "a string of 24 hex digits",
            (Lang::En, T::Hex32) => "a string of 32 hex digits",
            (Lang::En, T::SubtypeAndString) => "a subtype and a string, as in BinData(0, \"AQID\")",
            (Lang::En, T::StringAndSubtype) => "a string and an optional subtype",
            (Lang::En, T::TimestampFields) => "{ t: seconds, i: increment }",
            (Lang::En, T::PatternAndFlags) => "a pattern string and optional flags",
            (Lang::En, T::CodeAndScope) => "a string of code and an optional scope document",
            (Lang::En, T::ScopeDocument) => "a scope document as its second argument",
            (Lang::En, T::DbRef) => "a collection name, an id and an optional database name",
            (Lang::En, T::SubtypeNumber) => "a subtype number",
            (Lang::En, T::NumberInt) => "a string or a number, as in NumberInt(\"42\")",
            (Lang::En, T::NumberLong) => "a string, as in NumberLong(\"9007199254740993\")",
            (Lang::En, T::NumberDecimal) => "a string, as in NumberDecimal(\"19.99\")",
            (Lang::En, T::Double) => "a number, as in Double(42)",
            (Lang::En, T::IsoString) => {
                "an ISO-8601 string, as in ISODate(\"2026-10-08T10:00:00Z\")"
            }
            (Lang::En, T::IsoOrMillis) => "an ISO-8601 string or milliseconds",
            (Lang::En, T::TypedArray) => "a typed array, as in new Int8Array([1, 2])",
            (Lang::Vi, T::NothingHexOrSeconds) => {
                "hoặc không có đối số, hoặc 24 chữ số hex, hoặc một số giây"
            }
            (Lang::Vi, T::Seconds) => "một số giây",
            (Lang::Vi, T::Hex24) => "một chuỗi 24 chữ số hex",
            (Lang::Vi, T::Hex32) => "một chuỗi 32 chữ số hex",
            (Lang::Vi, T::SubtypeAndString) => "một subtype và một chuỗi, như BinData(0, \"AQID\")",
            (Lang::Vi, T::StringAndSubtype) => "một chuỗi và một subtype (không bắt buộc)",
            (Lang::Vi, T::TimestampFields) => "{ t: số giây, i: số đếm tăng dần }",
            (Lang::Vi, T::PatternAndFlags) => "một chuỗi mẫu và các cờ (không bắt buộc)",
            (Lang::Vi, T::CodeAndScope) => "một chuỗi mã và một document phạm vi (không bắt buộc)",
            (Lang::Vi, T::ScopeDocument) => "một document phạm vi làm đối số thứ hai",
            (Lang::Vi, T::DbRef) => "tên collection, một id và tên cơ sở dữ liệu (không bắt buộc)",
            (Lang::Vi, T::SubtypeNumber) => "một số subtype",
            (Lang::Vi, T::NumberInt) => "một chuỗi hoặc một số, như NumberInt(\"42\")",
            (Lang::Vi, T::NumberLong) => "một chuỗi, như NumberLong(\"9007199254740993\")",
            (Lang::Vi, T::NumberDecimal) => "một chuỗi, như NumberDecimal(\"19.99\")",
            (Lang::Vi, T::Double) => "một số, như Double(42)",
            (Lang::Vi, T::IsoString) => "một chuỗi ISO-8601, như ISODate(\"2026-10-08T10:00:00Z\")",
            (Lang::Vi, T::IsoOrMillis) => "một chuỗi ISO-8601 hoặc số mili giây",
            (Lang::Vi, T::TypedArray) => "một typed array, như new Int8Array([1, 2])",
            (Lang::Zh, T::NothingHexOrSeconds) => "无参数、24 位十六进制数字或秒数",
            (Lang::Zh, T::Seconds) => "秒数",
            (Lang::Zh, T::Hex24) => "由 24 位十六进制数字组成的字符串",
            (Lang::Zh, T::Hex32) => "由 32 位十六进制数字组成的字符串",
            (Lang::Zh, T::SubtypeAndString) => "子类型和字符串，如 BinData(0, \"AQID\")",
            (Lang::Zh, T::StringAndSubtype) => "字符串和可选的子类型",
            (Lang::Zh, T::TimestampFields) => "{ t: 秒数, i: 递增序号 }",
            (Lang::Zh, T::PatternAndFlags) => "模式字符串和可选的标志",
            (Lang::Zh, T::CodeAndScope) => "代码字符串和可选的作用域文档",
            (Lang::Zh, T::ScopeDocument) => "作为第二个参数的作用域文档",
            (Lang::Zh, T::DbRef) => "集合名、id 和可选的数据库名",
            (Lang::Zh, T::SubtypeNumber) => "子类型编号",
            (Lang::Zh, T::NumberInt) => "字符串或数字，如 NumberInt(\"42\")",
            (Lang::Zh, T::NumberLong) => "字符串，如 NumberLong(\"9007199254740993\")",
            (Lang::Zh, T::NumberDecimal) => "字符串，如 NumberDecimal(\"19.99\")",
            (Lang::Zh, T::Double) => "数字，如 Double(42)",
            (Lang::Zh, T::IsoString) => "ISO-8601 字符串，如 ISODate(\"2026-10-08T10:00:00Z\")",
            (Lang::Zh, T::IsoOrMillis) => "ISO-8601 字符串或毫秒数",
            (Lang::Zh, T::TypedArray) => "类型化数组，如 new Int8Array([1, 2])",
        }
    }
}

impl Localize for Takes {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(self.words(lang))
    }
}

/// What a constructor got instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Got {
    /// This many arguments.
    Count(usize),
    /// An argument of this kind.
    Kind(ValueKind),
}

impl Localize for Got {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, *self) {
            (_, Got::Kind(kind)) => kind.write_in(lang, out),
            (Lang::En, Got::Count(0)) => out.write_str("none"),
            (Lang::En, Got::Count(n)) => {
                write!(
                    out,
                    "{n} {}",
                    one_other(lang, n as u64, "argument", "arguments")
                )
            }
            (Lang::Vi, Got::Count(n)) => write!(out, "{n} đối số"),
            (Lang::Zh, Got::Count(n)) => write!(out, "{n} 个参数"),
        }
    }
}

/// The hex digits a constructor needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexNeeds {
    /// `ObjectId("...")`.
    ObjectId,
    /// `MD5("...")`.
    Md5,
    /// `UUID("...")`.
    Uuid,
    /// `HexData(0, "...")`.
    HexData,
    /// `Binary.createFromHexString("...")`.
    CreateFromHexString,
}

impl Localize for HexNeeds {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use HexNeeds as H;
        out.write_str(match (lang, self) {
            (Lang::En, H::ObjectId) => "ObjectId needs 24 hex digits",
            (Lang::En, H::Md5) => "MD5 needs 32 hex digits",
            (Lang::En, H::Uuid) => "UUID needs 32 hex digits (dashes optional)",
            (Lang::En, H::HexData) => "HexData needs hex digits, two per byte",
            (Lang::En, H::CreateFromHexString) => {
                "createFromHexString needs hex digits, two per byte"
            }
            (Lang::Vi, H::ObjectId) => "ObjectId cần 24 chữ số hex",
            (Lang::Vi, H::Md5) => "MD5 cần 32 chữ số hex",
            (Lang::Vi, H::Uuid) => "UUID cần 32 chữ số hex (dấu gạch ngang tùy ý)",
            (Lang::Vi, H::HexData) => "HexData cần các chữ số hex, mỗi byte hai chữ số",
            (Lang::Vi, H::CreateFromHexString) => {
                "createFromHexString cần các chữ số hex, mỗi byte hai chữ số"
            }
            (Lang::Zh, H::ObjectId) => "ObjectId 需要 24 位十六进制数字",
            (Lang::Zh, H::Md5) => "MD5 需要 32 位十六进制数字",
            (Lang::Zh, H::Uuid) => "UUID 需要 32 位十六进制数字（连字符可有可无）",
            (Lang::Zh, H::HexData) => "HexData 需要十六进制数字，每个字节两位",
            (Lang::Zh, H::CreateFromHexString) => {
                "createFromHexString 需要十六进制数字，每个字节两位"
            }
        })
    }
}

/// A constructor call that mongosh would refuse or silently mangle.
#[derive(Clone, Debug, PartialEq)]
pub enum CallError {
    /// A bare constructor name: `ObjectId` without `(...)`.
    NotCalled {
        /// The name.
        name: String,
    },
    /// Bare `Date`.
    BareDate,
    /// `NumberFoo(1)`.
    UnknownConstructor {
        /// The name.
        name: String,
        /// A known name close to it.
        suggestion: Option<&'static str>,
    },
    /// `foo` with nothing close to it: a string without quotes.
    UnquotedString {
        /// The name.
        name: String,
    },
    /// An unknown bare name with a dot, or close to a known one.
    UnknownName {
        /// The name.
        name: String,
        /// A known name close to it.
        suggestion: Option<&'static str>,
    },
    /// The wrong number or kind of arguments.
    Takes {
        /// The call (`NumberInt`, `ObjectId.createFromTime`).
        call: String,
        /// What it takes.
        takes: Takes,
        /// What it got.
        got: Got,
    },
    /// `MinKey(1)`.
    NoArguments {
        /// The call.
        call: String,
        /// How many arguments it got.
        got: usize,
    },
    /// A guard: an argument list of the wrong length after its length was checked.
    WrongArgumentCount,
    /// `ObjectId(1.5)`.
    Seconds {
        /// The call.
        call: String,
        /// The number as JavaScript prints it.
        got: String,
    },
    /// `ObjectId("zz")`: a character that is not a hex digit.
    HexDigit {
        /// What the call needs.
        needs: HexNeeds,
        /// The text.
        text: String,
        /// The character.
        found: char,
    },
    /// `ObjectId("abc")`: the wrong number of digits.
    HexCount {
        /// What the call needs.
        needs: HexNeeds,
        /// The text.
        text: String,
        /// How many digits it has.
        count: usize,
    },
    /// `HexData(0, "abc")`: an odd number of digits.
    HexOdd {
        /// What the call needs.
        needs: HexNeeds,
        /// The text.
        text: String,
        /// How many digits it has.
        count: usize,
    },
    /// A guard: hex that passed the checks above but did not decode.
    Hex(HexErrorKind),
    /// `BinData(256, "")`.
    Subtype {
        /// The call.
        call: String,
        /// The number as JavaScript prints it.
        got: String,
    },
    /// `BinData(0, "a$")`.
    Base64 {
        /// The call.
        call: String,
        /// Why the text is not base64.
        error: Base64Error,
    },
    /// `Timestamp(-1, 0)`.
    TimestampRange {
        /// `t` or `i`.
        part: char,
        /// The number as JavaScript prints it.
        got: String,
    },
    /// `Timestamp("a")`.
    TimestampNumber {
        /// `t` or `i`.
        part: char,
    },
    /// `Timestamp({ t: 1 })`.
    TimestampFields,
    /// `/a/x`: a flag only `BSONRegExp` takes.
    LiteralFlag {
        /// The flag.
        flag: char,
    },
    /// `/a/g`: a JavaScript flag BSON has no room for.
    FlagNotInBson {
        /// The flag.
        flag: char,
    },
    /// `/a/q`.
    NotAFlag {
        /// The character.
        flag: char,
    },
    /// `/a/ii`.
    FlagTwice {
        /// The flag.
        flag: char,
    },
    /// `NumberInt(2147483648)`.
    Int32Range {
        /// The integer.
        value: i128,
        /// What mongosh would silently make of it, when it is exact as a double.
        wraps_to: Option<i32>,
    },
    /// `NumberInt(Infinity)`.
    NotFinite {
        /// The call.
        call: String,
        /// The number as JavaScript prints it.
        got: String,
    },
    /// `NumberInt("12abc")`.
    NotInteger {
        /// The call.
        call: String,
        /// The text.
        text: String,
    },
    /// `NumberLong("9223372036854775808")`.
    Int64Range {
        /// The integer.
        value: i128,
    },
    /// `Decimal128(0.1)`.
    DecimalNumber {
        /// The call.
        call: String,
    },
    /// `Double("abc")`.
    DoubleNaN {
        /// The text.
        text: String,
    },
    /// `NumberDecimal("1.2.3")`.
    Decimal(DecimalError),
    /// `new Date(8.7e15)`.
    DateMillis {
        /// The call.
        call: String,
        /// The number as JavaScript prints it.
        got: String,
    },
    /// `ISODate("+010000-01-01")`.
    IsoDateYears {
        /// The text.
        text: String,
    },
    /// `ISODate` of a date outside years 0000-9999.
    IsoDateRange,
    /// `ISODate("2026-13-01")`.
    IsoDate(IsoDateError),
    /// `new Date("2026-13-01")`.
    NewDateText(IsoDateError),
    /// `new Date(2026, 9, 8)`.
    DateParts,
}

impl CallError {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use CallError as E;
        let en = Lang::En;
        match self {
            E::NotCalled { name } => {
                write!(out, "`{name}` is a constructor; call it, as in {name}(...)")
            }
            E::BareDate => out
                .write_str("`Date` is a constructor; write new Date() for the current date"),
            E::UnknownConstructor { name, suggestion } => match suggestion {
                Some(s) => write!(out, "unknown constructor `{name}`; did you mean `{s}`?"),
                None => write!(out, "unknown constructor `{name}`"),
            },
            E::UnquotedString { name } => write!(
                out,
                "unknown name `{name}`: a string needs quotes, as in '{name}'"
            ),
            E::UnknownName { name, suggestion } => match suggestion {
                Some(s) => write!(out, "unknown name `{name}`; did you mean `{s}`?"),
                None => write!(out, "unknown name `{name}`"),
            },
            E::Takes { call, takes, got } => write!(
                out,
                "{call} takes {}, but got {}",
                takes.display_in(en),
                got.display_in(en)
            ),
            E::NoArguments { call, got } => write!(
                out,
                "{call} takes no arguments, but got {}",
                Got::Count(*got).display_in(en)
            ),
            E::WrongArgumentCount => out.write_str("wrong argument count"),
            E::Seconds { call, got } => write!(
                out,
                "{call} needs whole seconds from 0 to 4294967295 (4 bytes), but got {got}"
            ),
            E::HexDigit { needs, text, found } => write!(
                out,
                "{}, but `{text}` has `{found}`, which is not a hex digit",
                needs.display_in(en)
            ),
            E::HexCount { needs, text, count } => {
                write!(out, "{}, but `{text}` has {count}", needs.display_in(en))
            }
            E::HexOdd { needs, text, count } => write!(
                out,
                "{}, but `{text}` has an odd number of them ({count})",
                needs.display_in(en)
            ),
            E::Hex(e) => e.write_in(en, out),
            E::Subtype { call, got } => {
                write!(out, "{call}'s subtype is one byte, 0 to 255, but got {got}")
            }
            E::Base64 { call, error } => write!(out, "{call}: {}", error.display_in(en)),
            E::TimestampRange { part, got } => write!(
                out,
                "Timestamp's {part} must be a whole number from 0 to 4294967295, but got {got}"
            ),
            E::TimestampNumber { part } => write!(out, "Timestamp's {part} must be a number"),
            E::TimestampFields => {
                out.write_str("Timestamp({ t, i }) needs both t (seconds) and i (increment)")
            }
            E::LiteralFlag { flag } => write!(
                out,
                "a JavaScript regex literal cannot take the `{flag}` flag; write BSONRegExp(\"pattern\", \"{flag}\")"
            ),
            E::FlagNotInBson { flag } => write!(
                out,
                "the regex flag `{flag}` has no BSON equivalent; stored regexes take i, m, s, u (and x, l)"
            ),
            E::NotAFlag { flag } => write!(out, "`{flag}` is not a regex flag"),
            E::FlagTwice { flag } => write!(out, "the regex flag `{flag}` appears twice"),
            E::Int32Range { value, wraps_to } => match wraps_to {
                Some(w) => write!(
                    out,
                    "{value} is out of the int32 range -2147483648..2147483647 (mongosh would silently wrap it to {w}); use NumberLong"
                ),
                None => write!(
                    out,
                    "{value} is out of the int32 range -2147483648..2147483647; use NumberLong"
                ),
            },
            E::NotFinite { call, got } => {
                write!(out, "{call} needs a finite number, but got {got}")
            }
            E::NotInteger { call, text } => {
                write!(out, "{call} needs an integer, but `{text}` is not one")
            }
            E::Int64Range { value } => write!(
                out,
                "{value} is out of the int64 range -9223372036854775808..9223372036854775807"
            ),
            E::DecimalNumber { call } => write!(
                out,
                "{call} takes a string, as in Decimal128(\"0.1\"); a number would already be a rounded double"
            ),
            E::DoubleNaN { text } => write!(
                out,
                "Double(\"{text}\") would be NaN: the string is not a number"
            ),
            E::Decimal(e) => e.write_in(en, out),
            E::DateMillis { call, got } => write!(
                out,
                "{call} needs milliseconds within ±8.64e15 (JavaScript's Date range), but got {got}; that is an Invalid Date"
            ),
            E::IsoDateYears { text } => write!(
                out,
                "ISODate reads years 0000 to 9999; for other years write new Date(\"{text}\")"
            ),
            E::IsoDateRange => {
                out.write_str("ISODate reads dates from 0000-01-01 to 9999-12-31 (UTC)")
            }
            E::IsoDate(e) => e.write_in(en, out),
            E::NewDateText(e) => write!(
                out,
                "{}; new Date() here reads ISO-8601 text such as \"2026-10-08T10:00:00Z\"",
                e.display_in(en)
            ),
            E::DateParts => out.write_str(
                "new Date(year, month, ...) counts months from 0 in the local time zone; write new Date(\"2026-10-08T10:00:00Z\") instead",
            ),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use CallError as E;
        let vi = Lang::Vi;
        match self {
            E::NotCalled { name } => {
                write!(out, "`{name}` là một hàm dựng; hãy gọi nó, như {name}(...)")
            }
            E::BareDate => out.write_str(
                "`Date` là một hàm dựng; hãy viết new Date() để lấy ngày giờ hiện tại",
            ),
            E::UnknownConstructor { name, suggestion } => match suggestion {
                Some(s) => write!(
                    out,
                    "không có hàm dựng `{name}`; có phải bạn muốn viết `{s}`?"
                ),
                None => write!(out, "không có hàm dựng `{name}`"),
            },
            E::UnquotedString { name } => write!(
                out,
                "không có tên `{name}`: chuỗi cần có dấu nháy, như '{name}'"
            ),
            E::UnknownName { name, suggestion } => match suggestion {
                Some(s) => write!(out, "không có tên `{name}`; có phải bạn muốn viết `{s}`?"),
                None => write!(out, "không có tên `{name}`"),
            },
            E::Takes { call, takes, got } => write!(
                out,
                "{call} cần {}, nhưng nhận được {}",
                takes.display_in(vi),
                got.display_in(vi)
            ),
            E::NoArguments { call, got } => write!(
                out,
                "{call} không nhận đối số nào, nhưng nhận được {}",
                Got::Count(*got).display_in(vi)
            ),
            E::WrongArgumentCount => out.write_str("số đối số không đúng"),
            E::Seconds { call, got } => write!(
                out,
                "{call} cần số giây nguyên từ 0 đến 4294967295 (4 byte), nhưng nhận được {got}"
            ),
            E::HexDigit { needs, text, found } => write!(
                out,
                "{}, nhưng `{text}` có `{found}`, không phải chữ số hex",
                needs.display_in(vi)
            ),
            E::HexCount { needs, text, count } => write!(
                out,
                "{}, nhưng `{text}` có {count} chữ số",
                needs.display_in(vi)
            ),
            E::HexOdd { needs, text, count } => write!(
                out,
                "{}, nhưng `{text}` có số chữ số lẻ ({count})",
                needs.display_in(vi)
            ),
            E::Hex(e) => e.write_in(vi, out),
            E::Subtype { call, got } => write!(
                out,
                "subtype của {call} là một byte, từ 0 đến 255, nhưng nhận được {got}"
            ),
            E::Base64 { call, error } => write!(out, "{call}: {}", error.display_in(vi)),
            E::TimestampRange { part, got } => write!(
                out,
                "giá trị {part} của Timestamp phải là số nguyên từ 0 đến 4294967295, nhưng nhận được {got}"
            ),
            E::TimestampNumber { part } => {
                write!(out, "giá trị {part} của Timestamp phải là một số")
            }
            E::TimestampFields => out.write_str(
                "Timestamp({ t, i }) cần cả t (số giây) lẫn i (số đếm tăng dần)",
            ),
            E::LiteralFlag { flag } => write!(
                out,
                "regex viết trực tiếp của JavaScript không nhận cờ `{flag}`; hãy viết BSONRegExp(\"pattern\", \"{flag}\")"
            ),
            E::FlagNotInBson { flag } => write!(
                out,
                "cờ regex `{flag}` không có tương đương trong BSON; regex lưu trong BSON chỉ nhận i, m, s, u (và x, l)"
            ),
            E::NotAFlag { flag } => write!(out, "`{flag}` không phải là cờ regex"),
            E::FlagTwice { flag } => write!(out, "cờ regex `{flag}` xuất hiện hai lần"),
            E::Int32Range { value, wraps_to } => match wraps_to {
                Some(w) => write!(
                    out,
                    "{value} nằm ngoài phạm vi int32 -2147483648..2147483647 (mongosh sẽ lặng lẽ quay vòng nó thành {w}); hãy dùng NumberLong"
                ),
                None => write!(
                    out,
                    "{value} nằm ngoài phạm vi int32 -2147483648..2147483647; hãy dùng NumberLong"
                ),
            },
            E::NotFinite { call, got } => {
                write!(out, "{call} cần một số hữu hạn, nhưng nhận được {got}")
            }
            E::NotInteger { call, text } => write!(
                out,
                "{call} cần một số nguyên, nhưng `{text}` không phải số nguyên"
            ),
            E::Int64Range { value } => write!(
                out,
                "{value} nằm ngoài phạm vi int64 -9223372036854775808..9223372036854775807"
            ),
            E::DecimalNumber { call } => write!(
                out,
                "{call} nhận một chuỗi, như Decimal128(\"0.1\"); một số thì đã là double bị làm tròn rồi"
            ),
            E::DoubleNaN { text } => write!(
                out,
                "Double(\"{text}\") sẽ là NaN: chuỗi này không phải là số"
            ),
            E::Decimal(e) => e.write_in(vi, out),
            E::DateMillis { call, got } => write!(
                out,
                "{call} cần số mili giây trong khoảng ±8.64e15 (phạm vi Date của JavaScript), nhưng nhận được {got}; đó là một Invalid Date"
            ),
            E::IsoDateYears { text } => write!(
                out,
                "ISODate chỉ đọc năm từ 0000 đến 9999; với năm khác, hãy viết new Date(\"{text}\")"
            ),
            E::IsoDateRange => {
                out.write_str("ISODate chỉ đọc ngày từ 0000-01-01 đến 9999-12-31 (UTC)")
            }
            E::IsoDate(e) => e.write_in(vi, out),
            E::NewDateText(e) => write!(
                out,
                "{}; ở đây new Date() đọc văn bản ISO-8601 như \"2026-10-08T10:00:00Z\"",
                e.display_in(vi)
            ),
            E::DateParts => out.write_str(
                "new Date(năm, tháng, ...) đếm tháng từ 0 và theo múi giờ địa phương; hãy viết new Date(\"2026-10-08T10:00:00Z\") thay thế",
            ),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use CallError as E;
        let zh_ = Lang::Zh;
        match self {
            E::NotCalled { name } => write!(out, "`{name}` 是构造函数；请调用它，如 {name}(...)"),
            E::BareDate => out.write_str("`Date` 是构造函数；要得到当前日期，请写 new Date()"),
            E::UnknownConstructor { name, suggestion } => match suggestion {
                Some(s) => write!(out, "未知的构造函数 `{name}`；你是想写 `{s}` 吗？"),
                None => write!(out, "未知的构造函数 `{name}`"),
            },
            E::UnquotedString { name } => write!(
                out,
                "未知的名称 `{name}`：字符串需要加引号，如 '{name}'"
            ),
            E::UnknownName { name, suggestion } => match suggestion {
                Some(s) => write!(out, "未知的名称 `{name}`；你是想写 `{s}` 吗？"),
                None => write!(out, "未知的名称 `{name}`"),
            },
            E::Takes { call, takes, got } => zh(
                out,
                "{call} 接受 {takes}，但收到了 {got}",
                &[
                    ("call", call),
                    ("takes", &takes.display_in(zh_)),
                    ("got", &got.display_in(zh_)),
                ],
            ),
            E::NoArguments { call, got } => zh(
                out,
                "{call} 不接受参数，但收到了 {got}",
                &[("call", call), ("got", &Got::Count(*got).display_in(zh_))],
            ),
            E::WrongArgumentCount => out.write_str("参数个数不对"),
            E::Seconds { call, got } => write!(
                out,
                "{call} 需要 0 到 4294967295 之间的整数秒（4 个字节），但收到了 {got}"
            ),
            E::HexDigit { needs, text, found } => zh(
                out,
                "{needs}，但 `{text}` 中有 `{found}`，它不是十六进制数字",
                &[("needs", &needs.display_in(zh_)), ("text", text), ("found", found)],
            ),
            E::HexCount { needs, text, count } => zh(
                out,
                "{needs}，但 `{text}` 有 {count} 位",
                &[("needs", &needs.display_in(zh_)), ("text", text), ("count", count)],
            ),
            E::HexOdd { needs, text, count } => zh(
                out,
                "{needs}，但 `{text}` 的位数是奇数（{count}）",
                &[("needs", &needs.display_in(zh_)), ("text", text), ("count", count)],
            ),
            E::Hex(e) => e.write_in(zh_, out),
            E::Subtype { call, got } => write!(
                out,
                "{call} 的子类型是一个字节，取值 0 到 255，但收到了 {got}"
            ),
            E::Base64 { call, error } => write!(out, "{call}：{}", error.display_in(zh_)),
            E::TimestampRange { part, got } => write!(
                out,
                "Timestamp 的 {part} 必须是 0 到 4294967295 之间的整数，但收到了 {got}"
            ),
            E::TimestampNumber { part } => write!(out, "Timestamp 的 {part} 必须是数字"),
            E::TimestampFields => out.write_str(
                "Timestamp({ t, i }) 需要同时给出 t（秒数）和 i（递增序号）",
            ),
            E::LiteralFlag { flag } => write!(
                out,
                "JavaScript 正则表达式字面量不能使用 `{flag}` 标志；请写 BSONRegExp(\"pattern\", \"{flag}\")"
            ),
            E::FlagNotInBson { flag } => write!(
                out,
                "正则标志 `{flag}` 在 BSON 中没有对应项；存储的正则表达式只接受 i、m、s、u（以及 x、l）"
            ),
            E::NotAFlag { flag } => write!(out, "`{flag}` 不是正则标志"),
            E::FlagTwice { flag } => write!(out, "正则标志 `{flag}` 出现了两次"),
            E::Int32Range { value, wraps_to } => match wraps_to {
                Some(w) => write!(
                    out,
                    "{value} 超出了 int32 的范围 -2147483648..2147483647（mongosh 会悄悄把它回绕成 {w}）；请使用 NumberLong"
                ),
                None => write!(
                    out,
                    "{value} 超出了 int32 的范围 -2147483648..2147483647；请使用 NumberLong"
                ),
            },
            E::NotFinite { call, got } => write!(out, "{call} 需要有限的数字，但收到了 {got}"),
            E::NotInteger { call, text } => {
                write!(out, "{call} 需要整数，但 `{text}` 不是整数")
            }
            E::Int64Range { value } => write!(
                out,
                "{value} 超出了 int64 的范围 -9223372036854775808..9223372036854775807"
            ),
            E::DecimalNumber { call } => write!(
                out,
                "{call} 接受字符串，如 Decimal128(\"0.1\")；数字在传入之前就已经是舍入过的 double 了"
            ),
            E::DoubleNaN { text } => {
                write!(out, "Double(\"{text}\") 会得到 NaN：这个字符串不是数字")
            }
            E::Decimal(e) => e.write_in(zh_, out),
            E::DateMillis { call, got } => write!(
                out,
                "{call} 需要 ±8.64e15 以内的毫秒数（JavaScript Date 的范围），但收到了 {got}；那是 Invalid Date"
            ),
            E::IsoDateYears { text } => write!(
                out,
                "ISODate 只读取 0000 到 9999 年；其他年份请写 new Date(\"{text}\")"
            ),
            E::IsoDateRange => {
                out.write_str("ISODate 只读取 0000-01-01 到 9999-12-31（UTC）之间的日期")
            }
            E::IsoDate(e) => e.write_in(zh_, out),
            E::NewDateText(e) => write!(
                out,
                "{}；这里的 new Date() 读取 ISO-8601 文本，如 \"2026-10-08T10:00:00Z\"",
                e.display_in(zh_)
            ),
            E::DateParts => out.write_str(
                "new Date(年, 月, ...) 的月份从 0 开始计，并且使用本地时区；请改写为 new Date(\"2026-10-08T10:00:00Z\")",
            ),
        }
    }

    /// One of every variant; the match makes a new variant a compile error here.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<Self> {
        use CallError as E;
        let call = || "NumberInt".to_owned();
        let iso = || crate::bson::datetime::parse_iso("2026-13-01").unwrap_err();
        let mut all = vec![
            E::NotCalled {
                name: "ObjectId".into(),
            },
            E::BareDate,
            E::UnknownConstructor {
                name: "NumberLon".into(),
                suggestion: Some("NumberLong"),
            },
            E::UnknownConstructor {
                name: "NumberFoo".into(),
                suggestion: None,
            },
            E::UnquotedString { name: "foo".into() },
            E::UnknownName {
                name: "objectid".into(),
                suggestion: Some("ObjectId"),
            },
            E::UnknownName {
                name: "foo.bar".into(),
                suggestion: None,
            },
            E::NoArguments {
                call: "MinKey".into(),
                got: 1,
            },
            E::WrongArgumentCount,
            E::Seconds {
                call: "ObjectId".into(),
                got: "1.5".into(),
            },
            E::Hex(HexErrorKind::EndsAfterOne),
            E::Subtype {
                call: "BinData".into(),
                got: "256".into(),
            },
            E::Base64 {
                call: "BinData".into(),
                error: Base64Error::Length {
                    text: "abcde".into(),
                },
            },
            E::TimestampRange {
                part: 't',
                got: "1.5".into(),
            },
            E::TimestampNumber { part: 'i' },
            E::TimestampFields,
            E::LiteralFlag { flag: 'x' },
            E::FlagNotInBson { flag: 'g' },
            E::NotAFlag { flag: 'q' },
            E::FlagTwice { flag: 'i' },
            E::Int32Range {
                value: 2_147_483_648,
                wraps_to: Some(-2_147_483_648),
            },
            E::Int32Range {
                value: 1 << 60,
                wraps_to: None,
            },
            E::NotFinite {
                call: call(),
                got: "Infinity".into(),
            },
            E::NotInteger {
                call: call(),
                text: "12abc".into(),
            },
            E::Int64Range { value: 1 << 63 },
            E::DecimalNumber {
                call: "Decimal128".into(),
            },
            E::DoubleNaN { text: "abc".into() },
            E::DateMillis {
                call: "Date".into(),
                got: "8700000000000000".into(),
            },
            E::IsoDateYears {
                text: "+010000-01-01".into(),
            },
            E::IsoDateRange,
            E::IsoDate(iso()),
            E::NewDateText(iso()),
            E::DateParts,
        ];
        for takes in [Takes::NumberInt, Takes::String, Takes::IsoString] {
            for got in [Got::Count(0), Got::Count(1), Got::Count(2)] {
                all.push(E::Takes {
                    call: call(),
                    takes,
                    got,
                });
            }
            all.push(E::Takes {
                call: call(),
                takes,
                got: Got::Kind(ValueKind::Document),
            });
        }
        for needs in [HexNeeds::ObjectId, HexNeeds::Uuid, HexNeeds::HexData] {
            let text = || "abc".to_owned();
            all.push(E::HexDigit {
                needs,
                text: text(),
                found: 'z',
            });
            all.push(E::HexCount {
                needs,
                text: text(),
                count: 3,
            });
            all.push(E::HexOdd {
                needs,
                text: text(),
                count: 3,
            });
        }
        all.extend(
            crate::bson::decimal128::DecimalError::every_variant()
                .into_iter()
                .map(E::Decimal),
        );
        for e in &all {
            match e {
                E::NotCalled { .. }
                | E::BareDate
                | E::UnknownConstructor { .. }
                | E::UnquotedString { .. }
                | E::UnknownName { .. }
                | E::Takes { .. }
                | E::NoArguments { .. }
                | E::WrongArgumentCount
                | E::Seconds { .. }
                | E::HexDigit { .. }
                | E::HexCount { .. }
                | E::HexOdd { .. }
                | E::Hex(_)
                | E::Subtype { .. }
                | E::Base64 { .. }
                | E::TimestampRange { .. }
                | E::TimestampNumber { .. }
                | E::TimestampFields
                | E::LiteralFlag { .. }
                | E::FlagNotInBson { .. }
                | E::NotAFlag { .. }
                | E::FlagTwice { .. }
                | E::Int32Range { .. }
                | E::NotFinite { .. }
                | E::NotInteger { .. }
                | E::Int64Range { .. }
                | E::DecimalNumber { .. }
                | E::DoubleNaN { .. }
                | E::Decimal(_)
                | E::DateMillis { .. }
                | E::IsoDateYears { .. }
                | E::IsoDateRange
                | E::IsoDate(_)
                | E::NewDateText(_)
                | E::DateParts => {}
            }
        }
        all
    }
}

impl Localize for CallError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
