//! The rules of JSON text (RFC 8259).

use std::fmt;

use crate::bson::terms::{Found, zh};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// A rule of JSON syntax broken by the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JsonError {
    /// Text after the value.
    TrailingText,
    /// A key not followed by `:`.
    ExpectedColon {
        /// What was there.
        found: Found,
    },
    /// Something that cannot start a JSON value.
    ExpectedValue {
        /// What was there.
        found: Found,
    },
    /// `tru`, `fals`, `nul`.
    ExpectedWord {
        /// The word: `true`, `false` or `null`.
        word: &'static str,
    },
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A key without double quotes.
    ExpectedKey {
        /// What was there.
        found: Found,
    },
    /// A member not followed by `,` or `}`.
    ExpectedMemberEnd {
        /// What was there.
        found: Found,
    },
    /// An array item not followed by `,` or `]`.
    ExpectedItemEnd {
        /// What was there.
        found: Found,
    },
    /// `01` or `.5`.
    LeadingZero,
    /// `1.`.
    FractionDigits,
    /// `1e`.
    ExponentDigits,
    /// `\u` without four hex digits.
    UnicodeEscape,
    /// A string without its closing quote.
    UnclosedString,
    /// A high surrogate escape without its low half.
    HighSurrogate,
    /// A low surrogate escape alone.
    LowSurrogate,
    /// `\q`.
    BadEscape {
        /// The character after the backslash.
        found: char,
    },
    /// A raw control character inside a string.
    ControlChar,
}

impl JsonError {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use JsonError as E;
        match self {
            E::TrailingText => out.write_str("unexpected text after the end of the JSON value"),
            E::ExpectedColon { found } => {
                write!(out, "expected `:` after the key, but found {found}")
            }
            E::ExpectedValue { found } => write!(out, "expected a JSON value, but found {found}"),
            E::ExpectedWord { word } => write!(out, "expected `{word}`"),
            E::TooDeep { max } => write!(out, "JSON is nested more than {max} levels deep"),
            E::ExpectedKey { found } => {
                write!(out, "expected a key in double quotes, but found {found}")
            }
            E::ExpectedMemberEnd { found } => write!(
                out,
                "expected `,` or `}}` after a member, but found {found}"
            ),
            E::ExpectedItemEnd { found } => write!(
                out,
                "expected `,` or `]` after an array item, but found {found}"
            ),
            E::LeadingZero => {
                out.write_str("a JSON number has digits before any `.` and no leading zeros")
            }
            E::FractionDigits => out.write_str("a JSON number needs digits after `.`"),
            E::ExponentDigits => out.write_str("a JSON number needs digits in its exponent"),
            E::UnicodeEscape => out.write_str("`\\u` must be followed by four hex digits"),
            E::UnclosedString => out.write_str("this string is missing its closing quote"),
            E::HighSurrogate => {
                out.write_str("a high surrogate `\\u` escape must be followed by a low one")
            }
            E::LowSurrogate => out.write_str("a lone low surrogate is not a character"),
            E::BadEscape { found } => write!(
                out,
                "`\\{found}` is not a JSON escape (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)"
            ),
            E::ControlChar => {
                out.write_str("a control character must be escaped inside a JSON string")
            }
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use JsonError as E;
        let vi = |f: &Found| f.to_string_in(Lang::Vi);
        match self {
            E::TrailingText => out.write_str("còn văn bản thừa sau khi giá trị JSON đã kết thúc"),
            E::ExpectedColon { found } => write!(out, "sau khóa cần `:`, nhưng gặp {}", vi(found)),
            E::ExpectedValue { found } => {
                write!(out, "cần một giá trị JSON, nhưng gặp {}", vi(found))
            }
            E::ExpectedWord { word } => write!(out, "cần `{word}`"),
            E::TooDeep { max } => write!(out, "JSON lồng nhau sâu hơn {max} cấp"),
            E::ExpectedKey { found } => write!(
                out,
                "cần một khóa trong dấu nháy kép, nhưng gặp {}",
                vi(found)
            ),
            E::ExpectedMemberEnd { found } => write!(
                out,
                "sau một cặp khóa-giá trị cần `,` hoặc `}}`, nhưng gặp {}",
                vi(found)
            ),
            E::ExpectedItemEnd { found } => write!(
                out,
                "sau một phần tử mảng cần `,` hoặc `]`, nhưng gặp {}",
                vi(found)
            ),
            E::LeadingZero => {
                out.write_str("số JSON phải có chữ số trước `.` và không có số 0 thừa ở đầu")
            }
            E::FractionDigits => out.write_str("số JSON cần chữ số sau `.`"),
            E::ExponentDigits => out.write_str("số JSON cần chữ số trong phần mũ"),
            E::UnicodeEscape => out.write_str("sau `\\u` phải có bốn chữ số hex"),
            E::UnclosedString => out.write_str("chuỗi này thiếu dấu nháy đóng"),
            E::HighSurrogate => {
                out.write_str("chuỗi thóat `\\u` nửa đầu của cặp surrogate phải có nửa sau đi liền")
            }
            E::LowSurrogate => {
                out.write_str("nửa sau của cặp surrogate đứng một mình không phải là ký tự")
            }
            E::BadEscape { found } => write!(
                out,
                "`\\{found}` không phải chuỗi thóat của JSON (hãy dùng \\\" \\\\ \\/ \\b \\f \\n \\r \\t hoặc \\uXXXX)"
            ),
            E::ControlChar => {
                out.write_str("ký tự điều khiển trong chuỗi JSON phải được viết bằng chuỗi thóat")
            }
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use JsonError as E;
        let found_zh = |out: &mut dyn fmt::Write, template: &str, found: &Found| {
            zh(out, template, &[("found", &found.display_in(Lang::Zh))])
        };
        match self {
            E::TrailingText => out.write_str("JSON 值结束之后还有多余的文本"),
            E::ExpectedColon { found } => found_zh(out, "键之后应为 `:`，但找到 {found}", found),
            E::ExpectedValue { found } => found_zh(out, "应为一个 JSON 值，但找到 {found}", found),
            E::ExpectedWord { word } => write!(out, "应为 `{word}`"),
            E::TooDeep { max } => write!(out, "JSON 的嵌套超过了 {max} 层"),
            E::ExpectedKey { found } => {
                found_zh(out, "应为用双引号括起来的键，但找到 {found}", found)
            }
            E::ExpectedMemberEnd { found } => {
                found_zh(out, "成员之后应为 `,` 或 `}`，但找到 {found}", found)
            }
            E::ExpectedItemEnd { found } => {
                found_zh(out, "数组元素之后应为 `,` 或 `]`，但找到 {found}", found)
            }
            E::LeadingZero => out.write_str("JSON 数字在 `.` 之前必须有数字，且不能有前导零"),
            E::FractionDigits => out.write_str("JSON 数字在 `.` 之后需要数字"),
            E::ExponentDigits => out.write_str("JSON 数字的指数部分需要数字"),
            E::UnicodeEscape => out.write_str("`\\u` 后面必须跟四位十六进制数字"),
            E::UnclosedString => out.write_str("这个字符串缺少结尾的引号"),
            E::HighSurrogate => out.write_str("高代理项的 `\\u` 转义后面必须跟一个低代理项"),
            E::LowSurrogate => out.write_str("单独的低代理项不是字符"),
            E::BadEscape { found } => write!(
                out,
                "`\\{found}` 不是 JSON 转义（请使用 \\\" \\\\ \\/ \\b \\f \\n \\r \\t 或 \\uXXXX）"
            ),
            E::ControlChar => out.write_str("JSON 字符串中的控制字符必须转义"),
        }
    }

    /// One of every variant; the match makes a new variant a compile error here.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<Self> {
        use JsonError as E;
        let found = || Found::EndOfText;
        let all = vec![
            E::TrailingText,
            E::ExpectedColon { found: found() },
            E::ExpectedValue {
                found: Found::Text("x".into()),
            },
            E::ExpectedWord { word: "true" },
            E::TooDeep { max: 256 },
            E::ExpectedKey { found: found() },
            E::ExpectedMemberEnd { found: found() },
            E::ExpectedItemEnd { found: found() },
            E::LeadingZero,
            E::FractionDigits,
            E::ExponentDigits,
            E::UnicodeEscape,
            E::UnclosedString,
            E::HighSurrogate,
            E::LowSurrogate,
            E::BadEscape { found: 'q' },
            E::ControlChar,
        ];
        for e in &all {
            match e {
                E::TrailingText
                | E::ExpectedColon { .. }
                | E::ExpectedValue { .. }
                | E::ExpectedWord { .. }
                | E::TooDeep { .. }
                | E::ExpectedKey { .. }
                | E::ExpectedMemberEnd { .. }
                | E::ExpectedItemEnd { .. }
                | E::LeadingZero
                | E::FractionDigits
                | E::ExponentDigits
                | E::UnicodeEscape
                | E::UnclosedString
                | E::HighSurrogate
                | E::LowSurrogate
                | E::BadEscape { .. }
                | E::ControlChar => {}
            }
        }
        all
    }
}

impl Localize for JsonError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
