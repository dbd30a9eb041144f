//! Small descriptions that the readers' messages share ("the end of the input", "a string",
//! "2 too many"), each written in every language, and the Chinese template filler the
//! messages use.

use std::fmt::{self, Display, Write as _};

use crate::strings::Lang;
use crate::strings::localize::Localize;

/// What a reader found where something else was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The input ended (the mongosh-syntax reader's words).
    EndOfInput,
    /// The text ended (the JSON and ISO-8601 readers' words).
    EndOfText,
    /// Text as the learner typed it, shown in backquotes.
    Text(String),
}

impl Found {
    /// The character `c`, or the end of the text when there is none.
    pub fn char_or_end(c: Option<char>) -> Self {
        c.map_or(Found::EndOfText, |c| Found::Text(c.to_string()))
    }
}

impl Localize for Found {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, self) {
            (_, Found::Text(t)) => write!(out, "`{t}`"),
            (Lang::En, Found::EndOfInput) => out.write_str("the end of the input"),
            (Lang::En, Found::EndOfText) => out.write_str("the end of the text"),
            (Lang::Vi, Found::EndOfInput) => out.write_str("chỗ kết thúc dữ liệu nhập"),
            (Lang::Vi, Found::EndOfText) => out.write_str("chỗ kết thúc văn bản"),
            (Lang::Zh, Found::EndOfInput) => out.write_str("输入的结尾"),
            (Lang::Zh, Found::EndOfText) => out.write_str("文本的结尾"),
        }
    }
}

impl Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// The kind of a value a reader was given, as a message names it ("but got a document").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueKind {
    /// A number (a JavaScript number, an int32 or a double).
    Number,
    /// A BigInt literal.
    BigInt,
    /// A string.
    String,
    /// JavaScript's `undefined`.
    Undefined,
    /// A document.
    Document,
    /// An array.
    Array,
    /// A JSON object.
    Object,
    /// A `Binary`.
    Binary,
    /// An ObjectId.
    ObjectId,
    /// A boolean.
    Boolean,
    /// A date.
    Date,
    /// `null`.
    Null,
    /// A regex.
    Regex,
    /// A DBPointer.
    DbPointer,
    /// JavaScript code, with or without scope.
    Code,
    /// A symbol.
    Symbol,
    /// A Timestamp.
    Timestamp,
    /// An int64 (`Long`).
    Long,
    /// A Decimal128.
    Decimal128,
    /// MinKey.
    MinKey,
    /// MaxKey.
    MaxKey,
}

impl ValueKind {
    /// Every kind, for tests.
    #[cfg(test)]
    pub const ALL: [ValueKind; 21] = [
        ValueKind::Number,
        ValueKind::BigInt,
        ValueKind::String,
        ValueKind::Undefined,
        ValueKind::Document,
        ValueKind::Array,
        ValueKind::Object,
        ValueKind::Binary,
        ValueKind::ObjectId,
        ValueKind::Boolean,
        ValueKind::Date,
        ValueKind::Null,
        ValueKind::Regex,
        ValueKind::DbPointer,
        ValueKind::Code,
        ValueKind::Symbol,
        ValueKind::Timestamp,
        ValueKind::Long,
        ValueKind::Decimal128,
        ValueKind::MinKey,
        ValueKind::MaxKey,
    ];

    /// The words in `lang` (names such as `null` and `MinKey` stay as they are).
    pub(crate) fn words(self, lang: Lang) -> &'static str {
        use ValueKind as K;
        match (lang, self) {
            (_, K::Undefined) => "undefined",
            (_, K::Null) => "null",
            (_, K::MinKey) => "MinKey",
            (_, K::MaxKey) => "MaxKey",
            (Lang::En, K::Number) => "a number",
            (Lang::En, K::BigInt) => "a BigInt",
            (Lang::En, K::String) => "a string",
            (Lang::En, K::Document) => "a document",
            (Lang::En, K::Array) => "an array",
            (Lang::En, K::Object) => "an object",
            (Lang::En, K::Binary) => "a Binary",
            (Lang::En, K::ObjectId) => "an ObjectId",
            (Lang::En, K::Boolean) => "a boolean",
            (Lang::En, K::Date) => "a date",
            (Lang::En, K::Regex) => "a regex",
            (Lang::En, K::DbPointer) => "a DBPointer",
            (Lang::En, K::Code) => "a Code",
            (Lang::En, K::Symbol) => "a symbol",
            (Lang::En, K::Timestamp) => "a Timestamp",
            (Lang::En, K::Long) => "a Long",
            (Lang::En, K::Decimal128) => "a Decimal128",
            (Lang::Vi, K::Number) => "một số",
            (Lang::Vi, K::BigInt) => "một BigInt",
            (Lang::Vi, K::String) => "một chuỗi",
            (Lang::Vi, K::Document) => "một document",
            (Lang::Vi, K::Array) => "một mảng",
            (Lang::Vi, K::Object) => "một object",
            (Lang::Vi, K::Binary) => "một Binary",
            (Lang::Vi, K::ObjectId) => "một ObjectId",
            (Lang::Vi, K::Boolean) => "một giá trị boolean",
            (Lang::Vi, K::Date) => "một ngày giờ",
            (Lang::Vi, K::Regex) => "một regex",
            (Lang::Vi, K::DbPointer) => "một DBPointer",
            (Lang::Vi, K::Code) => "một Code",
            (Lang::Vi, K::Symbol) => "một Symbol",
            (Lang::Vi, K::Timestamp) => "một Timestamp",
            (Lang::Vi, K::Long) => "một Long",
            (Lang::Vi, K::Decimal128) => "một Decimal128",
            (Lang::Zh, K::Number) => "数字",
            (Lang::Zh, K::BigInt) => "BigInt",
            (Lang::Zh, K::String) => "字符串",
            (Lang::Zh, K::Document) => "文档",
            (Lang::Zh, K::Array) => "数组",
            (Lang::Zh, K::Object) => "对象",
            (Lang::Zh, K::Binary) => "Binary",
            (Lang::Zh, K::ObjectId) => "ObjectId",
            (Lang::Zh, K::Boolean) => "布尔值",
            (Lang::Zh, K::Date) => "日期",
            (Lang::Zh, K::Regex) => "正则表达式",
            (Lang::Zh, K::DbPointer) => "DBPointer",
            (Lang::Zh, K::Code) => "Code",
            (Lang::Zh, K::Symbol) => "Symbol",
            (Lang::Zh, K::Timestamp) => "Timestamp",
            (Lang::Zh, K::Long) => "Long",
            (Lang::Zh, K::Decimal128) => "Decimal128",
        }
    }
}

impl Localize for ValueKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(self.words(lang))
    }
}

impl Display for ValueKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// How far a count of digits is from the one required: "2 too many", "1 too few".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Off {
    /// This many more than required.
    TooMany(usize),
    /// This many fewer than required.
    TooFew(usize),
}

impl Off {
    /// How far `count` is from `required` (which it differs from).
    pub fn of(count: usize, required: usize) -> Self {
        if count > required {
            Off::TooMany(count - required)
        } else {
            Off::TooFew(required - count)
        }
    }
}

impl Localize for Off {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, *self) {
            (Lang::En, Off::TooMany(n)) => write!(out, "{n} too many"),
            (Lang::En, Off::TooFew(n)) => write!(out, "{n} too few"),
            (Lang::Vi, Off::TooMany(n)) => write!(out, "thừa {n}"),
            (Lang::Vi, Off::TooFew(n)) => write!(out, "thiếu {n}"),
            (Lang::Zh, Off::TooMany(n)) => write!(out, "多了 {n} 个"),
            (Lang::Zh, Off::TooFew(n)) => write!(out, "少了 {n} 个"),
        }
    }
}

/// CJK ideographs and punctuation, between which a template's space is dropped.
fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

/// Writes a Chinese `template`, each `{name}` replaced by the value of that name in `args`,
/// and the space between an ideograph and a value dropped when the value's text is Chinese
/// on that side too ("但找到 {found}" reads "但找到输入的结尾", but "但找到 `x`"). Other braces
/// are written as they are.
///
/// # Errors
/// Whatever `out` or a value returns.
pub(crate) fn zh(
    out: &mut dyn fmt::Write,
    template: &str,
    args: &[(&str, &dyn Display)],
) -> fmt::Result {
    let mut text = String::with_capacity(template.len() + 16);
    // Just after a value ending in an ideograph: a template space before one is dropped.
    let mut after_cjk_value = false;
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        push_literal(&mut text, &rest[..i], after_cjk_value);
        after_cjk_value = false;
        let tail = &rest[i..];
        let value = tail
            .find('}')
            .map(|end| &tail[1..end])
            .and_then(|name| args.iter().find(|(n, _)| *n == name));
        let Some((name, value)) = value else {
            text.push('{');
            rest = &tail[1..];
            continue;
        };
        let value = value.to_string();
        if value.starts_with(is_cjk) && text.ends_with(' ') {
            let before = &text[..text.len() - 1];
            if before.ends_with(is_cjk) {
                text.pop();
            }
        }
        after_cjk_value = value.ends_with(is_cjk);
        text.push_str(&value);
        rest = &tail[name.len() + 2..];
    }
    push_literal(&mut text, rest, after_cjk_value);
    out.write_str(&text)
}

fn push_literal(text: &mut String, literal: &str, after_cjk_value: bool) {
    match literal.strip_prefix(' ') {
        Some(rest) if after_cjk_value && rest.starts_with(is_cjk) => text.push_str(rest),
        _ => text.push_str(literal),
    }
}

/// `text` with its control characters escaped (`\n`, `\u{1c}`): a message quotes the
/// learner's text, which may hold them, and must stay one line that is safe to print.
pub(crate) fn one_line(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            let _ = write!(out, "{}", c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// For the every-variant tests: renders `value` in the three languages and checks that
/// English is its `Display`, and that Vietnamese and Chinese differ from English and hold
/// no English words outside quotes (a word with a Vietnamese letter in it is Vietnamese, and
/// `document` and `byte` are the Vietnamese interface's loanwords).
#[cfg(test)]
pub(crate) fn check_languages<T: Localize + Display>(value: &T) -> Vec<String> {
    let mut problems = Vec::new();
    let en = value.to_string_in(Lang::En);
    if value.to_string() != en {
        problems.push(format!("Display is not English: {value} vs {en}"));
    }
    for lang in [Lang::Vi, Lang::Zh] {
        let text = value.to_string_in(lang);
        if text == en {
            problems.push(format!("{lang:?} is English: {en}"));
        }
        let left = foreign_words(&text);
        if !left.is_empty() {
            problems.push(format!("{lang:?}: {left:?} in {text:?} (from {en:?})"));
        }
    }
    problems
}

/// The English words of `text` (see [`check_languages`]).
#[cfg(test)]
pub(crate) fn foreign_words(text: &str) -> Vec<String> {
    // Names made of English words: the hex digit range and JavaScript's Invalid Date.
    let text = text.replace("a-f", "").replace("Invalid Date", "");
    // Words with a letter outside ASCII (Vietnamese) are masked, so that `của` is not read
    // as `c` and the English `a`.
    let mut masked = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, masked: &mut String| {
        if word.is_ascii() {
            masked.push_str(word);
        } else {
            masked.push('·');
        }
        word.clear();
    };
    for c in text.chars() {
        if c.is_alphabetic() {
            word.push(c);
        } else {
            flush(&mut word, &mut masked);
            masked.push(c);
        }
    }
    flush(&mut word, &mut masked);
    crate::strings::localize::english_words(&masked)
        .into_iter()
        .filter(|w| !matches!(w.as_str(), "document" | "byte"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_values_join_ideographs_without_a_space() {
        let mut s = String::new();
        zh(
            &mut s,
            "应为一个值，但找到 {found}",
            &[("found", &"输入的结尾")],
        )
        .unwrap();
        assert_eq!(s, "应为一个值，但找到输入的结尾");
        let mut s = String::new();
        zh(&mut s, "应为一个值，但找到 {found}", &[("found", &"`x`")]).unwrap();
        assert_eq!(s, "应为一个值，但找到 `x`");
        let mut s = String::new();
        zh(
            &mut s,
            "{year} 年 {month} 没有第 {day} 天 {{ t }} `\\u{1F600}`",
            &[("year", &2026), ("month", &"2 月"), ("day", &30)],
        )
        .unwrap();
        assert_eq!(s, "2026 年 2 月没有第 30 天 {{ t }} `\\u{1F600}`");
    }

    #[test]
    fn every_term_is_translated() {
        let mut problems = Vec::new();
        for kind in ValueKind::ALL {
            if !matches!(
                kind,
                ValueKind::Undefined | ValueKind::Null | ValueKind::MinKey | ValueKind::MaxKey
            ) {
                problems.extend(check_languages(&kind));
            } else {
                // Names, the same in every language.
                assert_eq!(kind.to_string_in(Lang::Zh), kind.to_string());
            }
        }
        for found in [Found::EndOfInput, Found::EndOfText] {
            problems.extend(check_languages(&found));
        }
        assert_eq!(Found::Text("x".into()).to_string_in(Lang::Vi), "`x`");
        assert_eq!(Off::TooMany(2).to_string_in(Lang::Vi), "thừa 2");
        assert_eq!(Off::of(22, 24).to_string_in(Lang::Zh), "少了 2 个");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(one_line("a\nb\u{1c}"), "a\\nb\\u{1c}");
        assert_eq!(one_line("é"), "é");
    }
}
