//! What mongosh syntax reads without an error but a learner should know: a value changed on
//! the way to BSON, or a habit JavaScript would punish.

use std::fmt;

use crate::strings::Lang;
use crate::strings::localize::Localize;

/// mongosh's own deprecation warning for a number given to `NumberLong` or `NumberDecimal`,
/// after the constructor's name.
pub const NUMBER_ARG_WARNING: &str = "specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead";

/// A warning about text that was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseWarning {
    /// `\uD800` alone: it becomes U+FFFD.
    LoneSurrogate {
        /// The UTF-16 code unit.
        unit: u32,
    },
    /// `undefined` is stored as null.
    UndefinedAsNull,
    /// `__proto__:` sets the prototype instead of making a field.
    ProtoKey,
    /// A key given twice.
    DuplicateKey {
        /// The key.
        key: String,
    },
    /// An integer key that JavaScript moves before the others.
    IntegerKeyMoved {
        /// The first key moved.
        key: String,
    },
    /// `NumberInt(42.7)` keeps 42.
    FractionDropped {
        /// The constructor.
        call: String,
        /// The argument as JavaScript prints it.
        arg: String,
        /// What is kept.
        kept: String,
    },
    /// mongosh's deprecation warning (its own English words, in every language).
    NumberArgument {
        /// The constructor.
        call: String,
    },
    /// `new Date("2026-10-08T10:00:00")`: JavaScript reads local time.
    LocalTime,
    /// `Date()` without `new` makes a string.
    DateString,
    /// A JavaScript regex flag js-bson stores differently (`g` as BSON `s`) or drops.
    RegexFlag {
        /// The flag.
        flag: char,
    },
}

impl ParseWarning {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use ParseWarning as W;
        match self {
            W::LoneSurrogate { unit } => write!(
                out,
                "`\\u{unit:04X}` is half of a surrogate pair; UTF-8 cannot store it alone, so it becomes U+FFFD"
            ),
            W::UndefinedAsNull => out.write_str("mongosh stores `undefined` as null"),
            W::ProtoKey => out.write_str(
                "`__proto__:` in an object literal sets the prototype; it does not become a field",
            ),
            W::DuplicateKey { key } => write!(
                out,
                "duplicate key `{key}`: JavaScript keeps the last value, in the first key's place"
            ),
            W::IntegerKeyMoved { key } => write!(
                out,
                "JavaScript puts integer keys first, in ascending order, so `{key}` moves forward"
            ),
            W::FractionDropped { call, arg, kept } => {
                write!(out, "{call}({arg}) keeps {kept}: the fraction is dropped")
            }
            W::NumberArgument { call } => write!(out, "{call}: {NUMBER_ARG_WARNING}"),
            W::LocalTime => out.write_str(
                "JavaScript reads a date-time without `Z` or an offset in the local time zone; it is read as UTC here, so add `Z` to say so",
            ),
            W::DateString => out.write_str(
                "Date() without `new` makes a string, not a date; write new Date() to store a BSON date",
            ),
            W::RegexFlag { flag: 'g' } => out.write_str(
                "mongosh stores the `g` flag as BSON option `s`, so `.` also matches line breaks on the server",
            ),
            W::RegexFlag { flag } => write!(
                out,
                "mongosh drops the `{flag}` flag: it stores only i, m and g (as s); write BSONRegExp(\"pattern\", \"{flag}\") to keep a BSON option"
            ),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use ParseWarning as W;
        match self {
            W::LoneSurrogate { unit } => write!(
                out,
                "`\\u{unit:04X}` chỉ là một nửa của cặp surrogate; UTF-8 không lưu được nó một mình, nên nó trở thành U+FFFD"
            ),
            W::UndefinedAsNull => out.write_str("mongosh lưu `undefined` thành null"),
            W::ProtoKey => out.write_str(
                "`__proto__:` trong một object viết trực tiếp sẽ đặt prototype; nó không trở thành một trường",
            ),
            W::DuplicateKey { key } => write!(
                out,
                "khóa `{key}` bị trùng: JavaScript giữ giá trị cuối cùng, ở vị trí của khóa đầu tiên"
            ),
            W::IntegerKeyMoved { key } => write!(
                out,
                "JavaScript đặt các khóa số nguyên lên đầu theo thứ tự tăng dần, nên `{key}` được chuyển lên trước"
            ),
            W::FractionDropped { call, arg, kept } => {
                write!(out, "{call}({arg}) chỉ giữ {kept}: phần thập phân bị bỏ đi")
            }
            W::NumberArgument { .. } => self.en(out),
            W::LocalTime => out.write_str(
                "JavaScript đọc ngày giờ không có `Z` hay độ lệch theo múi giờ địa phương; ở đây nó được đọc là UTC, nên hãy thêm `Z` để nói rõ",
            ),
            W::DateString => out.write_str(
                "Date() không có `new` tạo ra một chuỗi, không phải ngày giờ; hãy viết new Date() để lưu một ngày giờ BSON",
            ),
            W::RegexFlag { flag: 'g' } => out.write_str(
                "mongosh lưu cờ `g` thành tùy chọn BSON `s`, nên trên server `.` khớp cả ký tự xuống dòng",
            ),
            W::RegexFlag { flag } => write!(
                out,
                "mongosh bỏ cờ `{flag}`: nó chỉ lưu i, m và g (thành s); hãy viết BSONRegExp(\"pattern\", \"{flag}\") để giữ một tùy chọn BSON"
            ),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use ParseWarning as W;
        match self {
            W::LoneSurrogate { unit } => write!(
                out,
                "`\\u{unit:04X}` 只是代理对的一半；UTF-8 无法单独存储它，因此它变成了 U+FFFD"
            ),
            W::UndefinedAsNull => out.write_str("mongosh 会把 `undefined` 存为 null"),
            W::ProtoKey => {
                out.write_str("对象字面量中的 `__proto__:` 设置的是原型；它不会成为字段")
            }
            W::DuplicateKey { key } => write!(
                out,
                "重复的键 `{key}`：JavaScript 保留最后一个值，放在第一个键的位置上"
            ),
            W::IntegerKeyMoved { key } => write!(
                out,
                "JavaScript 会把整数键按升序排在最前面，所以 `{key}` 被移到了前面"
            ),
            W::FractionDropped { call, arg, kept } => {
                write!(out, "{call}({arg}) 只保留 {kept}：小数部分被舍去")
            }
            W::NumberArgument { .. } => self.en(out),
            W::LocalTime => out.write_str(
                "JavaScript 会按本地时区读取不带 `Z` 或时差的日期时间；这里按 UTC 读取，所以请加上 `Z` 明确表示",
            ),
            W::DateString => out.write_str(
                "不带 `new` 的 Date() 生成的是字符串而不是日期；要存储 BSON 日期，请写 new Date()",
            ),
            W::RegexFlag { flag: 'g' } => out.write_str(
                "mongosh 把 `g` 标志存为 BSON 选项 `s`，因此在服务器上 `.` 也会匹配换行符",
            ),
            W::RegexFlag { flag } => write!(
                out,
                "mongosh 会丢弃 `{flag}` 标志：它只存储 i、m 和 g（存为 s）；要保留 BSON 选项，请写 BSONRegExp(\"pattern\", \"{flag}\")"
            ),
        }
    }

    /// One of every variant; the match makes a new variant a compile error here.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<Self> {
        use ParseWarning as W;
        let all = vec![
            W::LoneSurrogate { unit: 0xd800 },
            W::UndefinedAsNull,
            W::ProtoKey,
            W::DuplicateKey { key: "a".into() },
            W::IntegerKeyMoved { key: "1".into() },
            W::FractionDropped {
                call: "NumberInt".into(),
                arg: "42.7".into(),
                kept: "42".into(),
            },
            W::NumberArgument {
                call: "NumberLong".into(),
            },
            W::LocalTime,
            W::DateString,
            W::RegexFlag { flag: 'g' },
            W::RegexFlag { flag: 'u' },
        ];
        for w in &all {
            match w {
                W::LoneSurrogate { .. }
                | W::UndefinedAsNull
                | W::ProtoKey
                | W::DuplicateKey { .. }
                | W::IntegerKeyMoved { .. }
                | W::FractionDropped { .. }
                | W::NumberArgument { .. }
                | W::LocalTime
                | W::DateString
                | W::RegexFlag { .. } => {}
            }
        }
        all
    }
}

impl Localize for ParseWarning {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for ParseWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
