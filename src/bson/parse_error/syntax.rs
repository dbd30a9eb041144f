//! The rules of mongosh syntax itself: tokens (strings, escapes, numbers, regex literals)
//! and the shape of values, documents and arrays.

use std::fmt;

use crate::bson::terms::{Found, ValueKind, zh};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// The base of a prefixed integer literal (`0x`, `0o`, `0b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Radix {
    /// `0x`.
    Hex,
    /// `0o`.
    Octal,
    /// `0b`.
    Binary,
}

impl Localize for Radix {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(match (lang, self) {
            (Lang::En | Lang::Vi, Radix::Hex) => "hex",
            (Lang::En, Radix::Octal) => "octal",
            (Lang::En, Radix::Binary) => "binary",
            (Lang::Vi, Radix::Octal) => "bát phân",
            (Lang::Vi, Radix::Binary) => "nhị phân",
            (Lang::Zh, Radix::Hex) => "十六进制",
            (Lang::Zh, Radix::Octal) => "八进制",
            (Lang::Zh, Radix::Binary) => "二进制",
        })
    }
}

/// A rule of mongosh syntax broken by the text.
#[derive(Clone, Debug, PartialEq)]
pub enum SyntaxError {
    /// `/*` without `*/`.
    UnclosedComment,
    /// A character no token starts with.
    UnexpectedChar(char),
    /// A string without its closing quote.
    UnclosedString {
        /// The opening quote.
        quote: char,
    },
    /// A line break inside a `'` or `"` string.
    LineBreakInString {
        /// The opening quote.
        quote: char,
    },
    /// `${...}` in a template literal.
    TemplateSubstitution,
    /// A backslash at the end of the input.
    EscapeCutShort,
    /// `\1`: an octal escape.
    OctalEscape {
        /// The digit after the backslash.
        digit: char,
    },
    /// `\x` without two hex digits.
    HexEscape,
    /// `\u` without four hex digits or braces.
    UnicodeEscape,
    /// `\u{...}` above U+10FFFF.
    CodePointTooLarge,
    /// A `_` not between two digits.
    Separator,
    /// `0x` (or `0o`, `0b`) without digits.
    RadixDigits {
        /// The prefix as typed.
        prefix: String,
        /// Its base.
        radix: Radix,
    },
    /// `010`: a leading zero.
    LeadingZero {
        /// The digits as typed.
        digits: String,
    },
    /// `1e` without exponent digits.
    ExponentDigits,
    /// `1.5n`.
    BigIntFraction,
    /// Digits Rust cannot read as a number (a guard).
    UnreadableNumber,
    /// A letter or digit right after a number: `3in`.
    NumberFollowedBy {
        /// The character.
        found: char,
    },
    /// A BigInt too large even for i128.
    BigIntFarOutOfRange,
    /// A regex literal without its closing `/`.
    UnclosedRegex,
    /// [`parse_document`](crate::bson::shell::parse_document) given something else.
    ExpectedDocument {
        /// What was there.
        found: Found,
    },
    /// Text after the value.
    ExpectedEnd {
        /// What was there.
        found: Found,
    },
    /// A BigInt outside int64.
    BigIntOutOfRange,
    /// Nesting deeper than the limit.
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// A regex with NUL in its pattern.
    RegexNul,
    /// More signs in a row than the nesting limit.
    TooManySigns,
    /// `--` or `++`.
    IncrementOperator {
        /// The sign.
        sign: char,
    },
    /// `-'5'`: a sign before something that is not a number.
    UnaryNeedsNumber {
        /// The sign.
        sign: char,
        /// What followed it.
        found: ValueKind,
    },
    /// Something that cannot start a value.
    ExpectedValue {
        /// What was there.
        found: Found,
    },
    /// `new` not followed by a name.
    NewNeedsConstructor {
        /// What was there.
        found: Found,
    },
    /// `Name.` not followed by a name.
    ExpectedMethod {
        /// The name before the dot.
        name: String,
        /// What was there.
        found: Found,
    },
    /// An argument not followed by `,` or `)`.
    ExpectedArgumentEnd {
        /// What was there.
        found: Found,
    },
    /// `[1,,2]`.
    ArrayHole,
    /// An array element not followed by `,` or `]`.
    ExpectedElementEnd {
        /// What was there.
        found: Found,
    },
    /// `{ [k]: 1 }`.
    ComputedKey,
    /// The input ends inside a document.
    UnclosedDocument,
    /// Something that cannot be a key.
    ExpectedKey {
        /// What was there.
        found: Found,
    },
    /// A key with NUL in it.
    KeyNul,
    /// A key not followed by `:`.
    ExpectedColon {
        /// The key.
        key: String,
        /// What was there.
        found: Found,
    },
    /// A field not followed by `,` or `}`.
    ExpectedFieldEnd {
        /// What was there.
        found: Found,
    },
}

/// The digits `010` stands for without its leading zeros.
fn plain(digits: &str) -> &str {
    match digits.trim_start_matches('0') {
        "" => "0",
        rest => rest,
    }
}

/// A character as a message shows it: control characters by their code point.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_control() {
            write!(f, "U+{:04X}", u32::from(self.0))
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl SyntaxError {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use SyntaxError as E;
        match self {
            E::UnclosedComment => out.write_str("a `/*` comment is never closed with `*/`"),
            E::UnexpectedChar(c) => write!(out, "unexpected character `{}`", Shown(*c)),
            E::UnclosedString { quote } => {
                write!(out, "a string is missing its closing quote ({quote})")
            }
            E::LineBreakInString { quote } => write!(
                out,
                "a string is missing its closing quote ({quote}) before the end of the line; a line break inside a string is written \\n"
            ),
            E::TemplateSubstitution => out.write_str(
                "template substitutions `${...}` need variables, which literals cannot have; write a plain string",
            ),
            E::EscapeCutShort => out.write_str("a string ends in the middle of an escape sequence"),
            E::OctalEscape { digit } => write!(
                out,
                "`\\{digit}` is an octal escape, which strict JavaScript forbids; write a hex escape such as `\\x0{digit}`"
            ),
            E::HexEscape => out.write_str("`\\x` needs exactly two hex digits, as in `\\x41`"),
            E::UnicodeEscape => out.write_str(
                "`\\u` needs four hex digits or braces, as in `\\u00e9` or `\\u{1F600}`",
            ),
            E::CodePointTooLarge => {
                out.write_str("`\\u{...}` is above U+10FFFF, the largest code point")
            }
            E::Separator => {
                out.write_str("a `_` separator in a number must sit between two digits")
            }
            E::RadixDigits { prefix, radix } => write!(
                out,
                "`{prefix}` needs {} digits after it",
                radix.display_in(Lang::En)
            ),
            E::LeadingZero { digits } => {
                let plain = plain(digits);
                write!(
                    out,
                    "a number cannot start with 0 followed by digits: old JavaScript reads `{digits}` as octal; write `{plain}`, or `0o{plain}` for octal"
                )
            }
            E::ExponentDigits => {
                out.write_str("an exponent needs digits after the `e`, as in `1e6`")
            }
            E::BigIntFraction => out.write_str("a BigInt literal (`42n`) must be a whole number"),
            E::UnreadableNumber => out.write_str("this number cannot be read"),
            E::NumberFollowedBy { found } => write!(
                out,
                "a number must be followed by a space or punctuation, but found `{found}`"
            ),
            E::BigIntFarOutOfRange => out.write_str("this BigInt is far outside the int64 range"),
            E::UnclosedRegex => {
                out.write_str("a regex literal is missing its closing `/` on this line")
            }
            E::ExpectedDocument { found } => write!(
                out,
                "expected a document starting with `{{`, but found {found}"
            ),
            E::ExpectedEnd { found } => {
                write!(out, "expected the end of the input, but found {found}")
            }
            E::BigIntOutOfRange => out.write_str(
                "this BigInt is outside the int64 range -9223372036854775808..9223372036854775807",
            ),
            E::TooDeep { max } => {
                write!(out, "documents and arrays nest at most {max} levels deep")
            }
            E::RegexNul => out.write_str(
                "a regex cannot contain a NUL character: BSON stores it as a C string",
            ),
            E::TooManySigns => out.write_str("too many signs in a row"),
            E::IncrementOperator { sign } => write!(
                out,
                "`{sign}{sign}` is JavaScript's increment or decrement operator; put a space between the signs"
            ),
            E::UnaryNeedsNumber { sign, found } => {
                write!(out, "unary `{sign}` needs a number after it, but found {found}")
            }
            E::ExpectedValue { found } => write!(out, "expected a value, but found {found}"),
            E::NewNeedsConstructor { found } => write!(
                out,
                "`new` needs a constructor after it, as in `new Date()`, but found {found}"
            ),
            E::ExpectedMethod { name, found } => write!(
                out,
                "expected a method name after `{name}.`, but found {found}"
            ),
            E::ExpectedArgumentEnd { found } => write!(
                out,
                "expected `,` or `)` after an argument, but found {found}"
            ),
            E::ArrayHole => out.write_str(
                "an array element is missing here (two commas in a row make a hole, which mongosh stores as null)",
            ),
            E::ExpectedElementEnd { found } => write!(
                out,
                "expected `,` or `]` after an array element, but found {found}"
            ),
            E::ComputedKey => out
                .write_str("computed keys `[...]` need expressions; write the key itself"),
            E::UnclosedDocument => out.write_str("a document is missing its closing `}`"),
            E::ExpectedKey { found } => write!(out, "expected a key or `}}`, but found {found}"),
            E::KeyNul => out.write_str(
                "a key cannot contain a NUL character: BSON stores keys as C strings",
            ),
            E::ExpectedColon { key, found } => write!(
                out,
                "expected `:` after the key `{key}`, but found {found}"
            ),
            E::ExpectedFieldEnd { found } => write!(
                out,
                "expected `,` or `}}` after a field, but found {found}"
            ),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use SyntaxError as E;
        let vi = |f: &Found| f.to_string_in(Lang::Vi);
        match self {
            E::UnclosedComment => out.write_str("chú thích `/*` thiếu `*/` để đóng lại"),
            E::UnexpectedChar(c) => write!(out, "ký tự `{}` không hợp lệ ở đây", Shown(*c)),
            E::UnclosedString { quote } => write!(out, "chuỗi thiếu dấu nháy đóng ({quote})"),
            E::LineBreakInString { quote } => write!(
                out,
                "chuỗi thiếu dấu nháy đóng ({quote}) trước khi hết dòng; muốn xuống dòng trong chuỗi, hãy viết \\n"
            ),
            E::TemplateSubstitution => out.write_str(
                "phép thay thế `${...}` trong chuỗi mẫu cần biến, mà giá trị viết trực tiếp thì không có biến; hãy viết một chuỗi thường",
            ),
            E::EscapeCutShort => out.write_str("chuỗi kết thúc giữa chừng một chuỗi thóat"),
            E::OctalEscape { digit } => write!(
                out,
                "`\\{digit}` là chuỗi thóat bát phân, bị JavaScript ở chế độ nghiêm ngặt cấm dùng; hãy viết chuỗi thóat hex như `\\x0{digit}`"
            ),
            E::HexEscape => out.write_str("`\\x` cần đúng hai chữ số hex, như `\\x41`"),
            E::UnicodeEscape => out.write_str(
                "`\\u` cần bốn chữ số hex hoặc dấu ngoặc nhọn, như `\\u00e9` hoặc `\\u{1F600}`",
            ),
            E::CodePointTooLarge => {
                out.write_str("`\\u{...}` vượt quá U+10FFFF, mã ký tự lớn nhất")
            }
            E::Separator => out.write_str("dấu phân cách `_` trong số phải nằm giữa hai chữ số"),
            E::RadixDigits { prefix, radix } => write!(
                out,
                "`{prefix}` cần các chữ số {} phía sau",
                radix.display_in(Lang::Vi)
            ),
            E::LeadingZero { digits } => {
                let plain = plain(digits);
                write!(
                    out,
                    "số không được bắt đầu bằng 0 rồi tới chữ số khác: JavaScript cũ đọc `{digits}` là số bát phân; hãy viết `{plain}`, hoặc `0o{plain}` nếu muốn số bát phân"
                )
            }
            E::ExponentDigits => out.write_str("phần mũ cần chữ số sau `e`, như `1e6`"),
            E::BigIntFraction => out.write_str("BigInt viết trực tiếp (`42n`) phải là số nguyên"),
            E::UnreadableNumber => out.write_str("không đọc được số này"),
            E::NumberFollowedBy { found } => write!(
                out,
                "sau một số phải là khoảng trắng hoặc dấu câu, nhưng gặp `{found}`"
            ),
            E::BigIntFarOutOfRange => out.write_str("BigInt này vượt xa phạm vi int64"),
            E::UnclosedRegex => out.write_str("regex viết trực tiếp thiếu dấu `/` đóng trên dòng này"),
            E::ExpectedDocument { found } => write!(
                out,
                "cần một document bắt đầu bằng `{{`, nhưng gặp {}",
                vi(found)
            ),
            E::ExpectedEnd { found } => write!(
                out,
                "ở đây dữ liệu nhập phải kết thúc, nhưng gặp {}",
                vi(found)
            ),
            E::BigIntOutOfRange => out.write_str(
                "BigInt này nằm ngoài phạm vi int64 -9223372036854775808..9223372036854775807",
            ),
            E::TooDeep { max } => write!(out, "document và mảng chỉ lồng nhau tối đa {max} cấp"),
            E::RegexNul => out.write_str(
                "regex không được chứa ký tự NUL: BSON lưu nó dưới dạng chuỗi C",
            ),
            E::TooManySigns => out.write_str("quá nhiều dấu liên tiếp"),
            E::IncrementOperator { sign } => write!(
                out,
                "`{sign}{sign}` là toán tử tăng hoặc giảm của JavaScript; hãy đặt một khoảng trắng giữa hai dấu"
            ),
            E::UnaryNeedsNumber { sign, found } => write!(
                out,
                "dấu `{sign}` một ngôi cần một số phía sau, nhưng gặp {}",
                found.display_in(Lang::Vi)
            ),
            E::ExpectedValue { found } => {
                write!(out, "cần một giá trị, nhưng gặp {}", vi(found))
            }
            E::NewNeedsConstructor { found } => write!(
                out,
                "sau `new` cần một hàm dựng, như `new Date()`, nhưng gặp {}",
                vi(found)
            ),
            E::ExpectedMethod { name, found } => write!(
                out,
                "cần tên phương thức sau `{name}.`, nhưng gặp {}",
                vi(found)
            ),
            E::ExpectedArgumentEnd { found } => write!(
                out,
                "sau một đối số cần `,` hoặc `)`, nhưng gặp {}",
                vi(found)
            ),
            E::ArrayHole => out.write_str(
                "thiếu một phần tử mảng ở đây (hai dấu phẩy liền nhau tạo ra một chỗ trống, mongosh lưu nó thành null)",
            ),
            E::ExpectedElementEnd { found } => write!(
                out,
                "sau một phần tử mảng cần `,` hoặc `]`, nhưng gặp {}",
                vi(found)
            ),
            E::ComputedKey => {
                out.write_str("khóa tính toán `[...]` cần biểu thức; hãy viết thẳng khóa ra")
            }
            E::UnclosedDocument => out.write_str("document thiếu dấu `}` đóng"),
            E::ExpectedKey { found } => write!(
                out,
                "cần một khóa hoặc `}}`, nhưng gặp {}",
                vi(found)
            ),
            E::KeyNul => out.write_str(
                "khóa không được chứa ký tự NUL: BSON lưu khóa dưới dạng chuỗi C",
            ),
            E::ExpectedColon { key, found } => write!(
                out,
                "sau khóa `{key}` cần `:`, nhưng gặp {}",
                vi(found)
            ),
            E::ExpectedFieldEnd { found } => write!(
                out,
                "sau một trường cần `,` hoặc `}}`, nhưng gặp {}",
                vi(found)
            ),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use SyntaxError as E;
        match self {
            E::UnclosedComment => out.write_str("`/*` 注释缺少结尾的 `*/`"),
            E::UnexpectedChar(c) => write!(out, "意外的字符 `{}`", Shown(*c)),
            E::UnclosedString { quote } => write!(out, "字符串缺少结尾的引号（{quote}）"),
            E::LineBreakInString { quote } => write!(
                out,
                "字符串在行尾之前缺少结尾的引号（{quote}）；字符串中的换行要写成 \\n"
            ),
            E::TemplateSubstitution => {
                out.write_str("模板替换 `${...}` 需要变量，而字面量里没有变量；请写成普通字符串")
            }
            E::EscapeCutShort => out.write_str("字符串在转义序列中间就结束了"),
            E::OctalEscape { digit } => write!(
                out,
                "`\\{digit}` 是八进制转义，严格模式的 JavaScript 禁止使用；请改用十六进制转义，如 `\\x0{digit}`"
            ),
            E::HexEscape => out.write_str("`\\x` 后面需要恰好两位十六进制数字，如 `\\x41`"),
            E::UnicodeEscape => out
                .write_str("`\\u` 后面需要四位十六进制数字或花括号，如 `\\u00e9` 或 `\\u{1F600}`"),
            E::CodePointTooLarge => out.write_str("`\\u{...}` 超过了最大的码位 U+10FFFF"),
            E::Separator => out.write_str("数字中的分隔符 `_` 必须位于两个数字之间"),
            E::RadixDigits { prefix, radix } => zh(
                out,
                "`{prefix}` 后面需要 {radix} 数字",
                &[("prefix", prefix), ("radix", &radix.display_in(Lang::Zh))],
            ),
            E::LeadingZero { digits } => {
                let plain = plain(digits);
                write!(
                    out,
                    "数字不能以 0 开头再跟其他数字：旧版 JavaScript 会把 `{digits}` 当作八进制；请写 `{plain}`，要八进制则写 `0o{plain}`"
                )
            }
            E::ExponentDigits => out.write_str("指数在 `e` 之后需要数字，如 `1e6`"),
            E::BigIntFraction => out.write_str("BigInt 字面量（`42n`）必须是整数"),
            E::UnreadableNumber => out.write_str("无法读取这个数字"),
            E::NumberFollowedBy { found } => {
                write!(out, "数字后面必须是空格或标点，但找到 `{found}`")
            }
            E::BigIntFarOutOfRange => out.write_str("这个 BigInt 远远超出了 int64 的范围"),
            E::UnclosedRegex => out.write_str("正则表达式字面量在这一行缺少结尾的 `/`"),
            E::ExpectedDocument { found } => {
                found_zh(out, "应为以 `{` 开头的文档，但找到 {found}", found)
            }
            E::ExpectedEnd { found } => found_zh(out, "此处输入应当结束，但找到 {found}", found),
            E::BigIntOutOfRange => out.write_str(
                "这个 BigInt 超出了 int64 的范围 -9223372036854775808..9223372036854775807",
            ),
            E::TooDeep { max } => write!(out, "文档和数组最多嵌套 {max} 层"),
            E::RegexNul => out.write_str("正则表达式不能包含 NUL 字符：BSON 把它存为 C 字符串"),
            E::TooManySigns => out.write_str("连续的正负号太多了"),
            E::IncrementOperator { sign } => write!(
                out,
                "`{sign}{sign}` 是 JavaScript 的自增或自减运算符；请在两个符号之间加一个空格"
            ),
            E::UnaryNeedsNumber { sign, found } => zh(
                out,
                "一元运算符 `{sign}` 后面需要数字，但找到 {found}",
                &[("sign", sign), ("found", &found.display_in(Lang::Zh))],
            ),
            E::ExpectedValue { found } => found_zh(out, "应为一个值，但找到 {found}", found),
            E::NewNeedsConstructor { found } => found_zh(
                out,
                "`new` 后面需要构造函数，如 `new Date()`，但找到 {found}",
                found,
            ),
            E::ExpectedMethod { name, found } => zh(
                out,
                "`{name}.` 之后应为方法名，但找到 {found}",
                &[("name", name), ("found", &found.display_in(Lang::Zh))],
            ),
            E::ExpectedArgumentEnd { found } => {
                found_zh(out, "参数之后应为 `,` 或 `)`，但找到 {found}", found)
            }
            E::ArrayHole => out
                .write_str("这里缺少一个数组元素（连续两个逗号会留下空位，mongosh 把它存为 null）"),
            E::ExpectedElementEnd { found } => {
                found_zh(out, "数组元素之后应为 `,` 或 `]`，但找到 {found}", found)
            }
            E::ComputedKey => out.write_str("计算键 `[...]` 需要表达式；请直接写出键本身"),
            E::UnclosedDocument => out.write_str("文档缺少结尾的 `}`"),
            E::ExpectedKey { found } => found_zh(out, "应为键或 `}`，但找到 {found}", found),
            E::KeyNul => out.write_str("键不能包含 NUL 字符：BSON 把键存为 C 字符串"),
            E::ExpectedColon { key, found } => zh(
                out,
                "键 `{key}` 之后应为 `:`，但找到 {found}",
                &[("key", key), ("found", &found.display_in(Lang::Zh))],
            ),
            E::ExpectedFieldEnd { found } => {
                found_zh(out, "字段之后应为 `,` 或 `}`，但找到 {found}", found)
            }
        }
    }

    /// One of every variant; the match makes a new variant a compile error here.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<Self> {
        use SyntaxError as E;
        let found = || Found::EndOfInput;
        let all = vec![
            E::UnclosedComment,
            E::UnexpectedChar('#'),
            E::UnclosedString { quote: '\'' },
            E::LineBreakInString { quote: '"' },
            E::TemplateSubstitution,
            E::EscapeCutShort,
            E::OctalEscape { digit: '1' },
            E::HexEscape,
            E::UnicodeEscape,
            E::CodePointTooLarge,
            E::Separator,
            E::RadixDigits {
                prefix: "0o".into(),
                radix: Radix::Octal,
            },
            E::LeadingZero {
                digits: "010".into(),
            },
            E::ExponentDigits,
            E::BigIntFraction,
            E::UnreadableNumber,
            E::NumberFollowedBy { found: 'i' },
            E::BigIntFarOutOfRange,
            E::UnclosedRegex,
            E::ExpectedDocument { found: found() },
            E::ExpectedEnd {
                found: Found::Text("x".into()),
            },
            E::BigIntOutOfRange,
            E::TooDeep { max: 100 },
            E::RegexNul,
            E::TooManySigns,
            E::IncrementOperator { sign: '-' },
            E::UnaryNeedsNumber {
                sign: '-',
                found: ValueKind::String,
            },
            E::ExpectedValue { found: found() },
            E::NewNeedsConstructor { found: found() },
            E::ExpectedMethod {
                name: "ObjectId".into(),
                found: found(),
            },
            E::ExpectedArgumentEnd { found: found() },
            E::ArrayHole,
            E::ExpectedElementEnd { found: found() },
            E::ComputedKey,
            E::UnclosedDocument,
            E::ExpectedKey { found: found() },
            E::KeyNul,
            E::ExpectedColon {
                key: "a".into(),
                found: found(),
            },
            E::ExpectedFieldEnd { found: found() },
        ];
        for e in &all {
            match e {
                E::UnclosedComment
                | E::UnexpectedChar(_)
                | E::UnclosedString { .. }
                | E::LineBreakInString { .. }
                | E::TemplateSubstitution
                | E::EscapeCutShort
                | E::OctalEscape { .. }
                | E::HexEscape
                | E::UnicodeEscape
                | E::CodePointTooLarge
                | E::Separator
                | E::RadixDigits { .. }
                | E::LeadingZero { .. }
                | E::ExponentDigits
                | E::BigIntFraction
                | E::UnreadableNumber
                | E::NumberFollowedBy { .. }
                | E::BigIntFarOutOfRange
                | E::UnclosedRegex
                | E::ExpectedDocument { .. }
                | E::ExpectedEnd { .. }
                | E::BigIntOutOfRange
                | E::TooDeep { .. }
                | E::RegexNul
                | E::TooManySigns
                | E::IncrementOperator { .. }
                | E::UnaryNeedsNumber { .. }
                | E::ExpectedValue { .. }
                | E::NewNeedsConstructor { .. }
                | E::ExpectedMethod { .. }
                | E::ExpectedArgumentEnd { .. }
                | E::ArrayHole
                | E::ExpectedElementEnd { .. }
                | E::ComputedKey
                | E::UnclosedDocument
                | E::ExpectedKey { .. }
                | E::KeyNul
                | E::ExpectedColon { .. }
                | E::ExpectedFieldEnd { .. } => {}
            }
        }
        all
    }
}

/// A Chinese template whose one value is `{found}`.
fn found_zh(out: &mut dyn fmt::Write, template: &str, found: &Found) -> fmt::Result {
    zh(out, template, &[("found", &found.display_in(Lang::Zh))])
}

impl Localize for SyntaxError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
