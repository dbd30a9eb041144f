//! Error messages of the tutor's own parsers and checks in the learner's language.
//!
//! The parsers (mongosh syntax, Extended JSON, JSON, hex, ISO dates, ObjectId, UUID,
//! decimal128) and the lesson computations build their messages in English with `format!`.
//! Threading a language through all of them would touch every parser, so the finished text
//! is translated here instead, with pattern tables: an English pattern whose `{}` slots
//! match any text, and its translation.
//!
//! In an English pattern a slot says what it holds:
//! - `{}`: text copied verbatim (what the learner typed, a key, a value, a type name);
//! - `{msg}`: a message of its own (`line 1, column 5: {msg}`), translated the same way;
//! - `{term}`: a fragment from the term tables ("the end of the input", "a string",
//!   "February"...), translated when known and copied verbatim otherwise.
//!
//! A translation writes its slots as `{}`, `{msg}`, `{term}` in the English order, or as
//! `{0}`, `{1}`... when its word order differs. Only those exact spellings are slots: other
//! braces (`{ t, i }`, `\u{1F600}`) are literal text. The tables are in `errors/vi.rs` and
//! `errors/zh.rs`.
//!
//! Matching is deterministic and linear in the text for each pattern: a pattern matches
//! the whole text (or line), its literal pieces found left to right (the first occurrence),
//! the last one anchored at the end. Patterns are tried most literal text first; frames
//! (patterns with a `{msg}` slot) whose inner message is known win over the rest, so a
//! leading verbatim slot never swallows `your answer: line 1, column 3: ...`.
//!
//! The server's own error text (E11000 duplicate key, `unknown operator: $foo`) is not in
//! the tables on purpose: learners must recognize the server's words. mongosh's deprecation
//! warning for `NumberLong(1)` stays English for the same reason.

mod vi;
mod zh;

use std::sync::OnceLock;

use super::Lang;

/// How deep `{msg}` slots are followed (`your answer: line 1, column 2: ...` is two deep).
const MAX_DEPTH: usize = 8;

/// `text`, an error message built in English, in `lang`.
///
/// Each line is translated on its own, except a source line followed by its caret line
/// (`ParseError::caret`), which are the learner's input and stay as they are. Text that no
/// pattern matches stays English; nothing is ever dropped.
///
/// # Examples
/// ```
/// use bson_tutor::strings::Lang;
/// use bson_tutor::strings::errors::translate_error;
/// let e = "line 1, column 7: unknown constructor `NumberLon`; did you mean `NumberLong`?";
/// assert_eq!(
///     translate_error(Lang::Vi, e),
///     "dòng 1, cột 7: không có hàm dựng `NumberLon`; có phải bạn muốn viết `NumberLong`?"
/// );
/// assert_eq!(
///     translate_error(Lang::Zh, "expected a value, but found the end of the input"),
///     "应为一个值，但找到输入的结尾"
/// );
/// assert_eq!(translate_error(Lang::En, e), e);
/// assert_eq!(translate_error(Lang::Vi, "no such pattern"), "no such pattern");
/// ```
pub fn translate_error(lang: Lang, text: &str) -> String {
    match rules(lang) {
        Some(rules) => rules.text(text, &mut Vec::new()),
        None => text.to_owned(),
    }
}

/// One language's (English pattern, translation) pairs.
type Table = &'static [(&'static str, &'static str)];

/// What an English slot holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// Copied verbatim.
    Verbatim,
    /// Translated as a message.
    Message,
    /// Translated as a term.
    Term,
}

/// A placeholder as written in a pattern or a translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    /// `{}`, `{msg}` or `{term}`: the next slot, of this kind.
    Next(Slot),
    /// `{0}`..`{9}` (translations only): slot number n.
    At(usize),
}

/// A piece of a pattern or a translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    Text(&'static str),
    Mark(Mark),
}

/// `s` cut into literal text and placeholders; `numbered` accepts `{0}`..`{9}`.
fn pieces(s: &'static str, numbered: bool) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut literal_start = 0;
    let mut i = 0;
    while let Some(found) = s[i..].find('{') {
        let at = i + found;
        let rest = &s[at..];
        let mark = if rest.starts_with("{}") {
            Some((Mark::Next(Slot::Verbatim), 2))
        } else if rest.starts_with("{msg}") {
            Some((Mark::Next(Slot::Message), 5))
        } else if rest.starts_with("{term}") {
            Some((Mark::Next(Slot::Term), 6))
        } else {
            match rest.as_bytes() {
                [b'{', d @ b'0'..=b'9', b'}', ..] if numbered => {
                    Some((Mark::At(usize::from(d - b'0')), 3))
                }
                _ => None,
            }
        };
        match mark {
            Some((mark, len)) => {
                if literal_start < at {
                    out.push(Piece::Text(&s[literal_start..at]));
                }
                out.push(Piece::Mark(mark));
                i = at + len;
                literal_start = i;
            }
            None => i = at + 1,
        }
    }
    if literal_start < s.len() {
        out.push(Piece::Text(&s[literal_start..]));
    }
    out
}

/// A compiled table entry.
struct Rule {
    /// The English pattern as written, for tests and tracing.
    english: &'static str,
    /// Literal text and slots, never two slots in a row.
    pattern: Vec<Piece>,
    /// The slots' kinds, in order.
    slots: Vec<Slot>,
    /// Literal text and slot numbers.
    translation: Vec<Output>,
    /// Bytes of literal text in the pattern: the longer, the more specific.
    literal_len: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Output {
    Text(&'static str),
    Slot(usize),
}

impl Rule {
    /// The rule, or `None` for an entry the tests would reject (a slot without literal text
    /// between it and the next, a translation that does not use every slot exactly once).
    fn new(english: &'static str, translated: &'static str) -> Option<Rule> {
        let pattern = pieces(english, false);
        let mut slots = Vec::new();
        let mut literal_len = 0;
        let mut last_was_slot = false;
        for piece in &pattern {
            match piece {
                Piece::Text(t) => {
                    literal_len += t.len();
                    last_was_slot = false;
                }
                Piece::Mark(Mark::Next(slot)) => {
                    if last_was_slot {
                        return None;
                    }
                    slots.push(*slot);
                    last_was_slot = true;
                }
                Piece::Mark(Mark::At(_)) => return None,
            }
        }
        if literal_len == 0 {
            return None;
        }
        let mut translation = Vec::new();
        let mut used = vec![false; slots.len()];
        let mut next = 0;
        for piece in pieces(translated, true) {
            let n = match piece {
                Piece::Text(t) => {
                    translation.push(Output::Text(t));
                    continue;
                }
                Piece::Mark(Mark::Next(slot)) => {
                    next += 1;
                    (slots.get(next - 1) == Some(&slot)).then_some(next - 1)?
                }
                Piece::Mark(Mark::At(n)) => n,
            };
            if std::mem::replace(used.get_mut(n)?, true) {
                return None;
            }
            translation.push(Output::Slot(n));
        }
        if used.contains(&false) {
            return None;
        }
        Some(Rule {
            english,
            pattern,
            slots,
            translation,
            literal_len,
        })
    }

    /// The text each slot matches, when the whole of `text` matches the pattern. Literal
    /// pieces are found left to right, the first occurrence each time; the last one is
    /// anchored at the end of the text.
    fn captures<'t>(&self, text: &'t str) -> Option<Vec<&'t str>> {
        let mut rest = text;
        let mut caps = Vec::with_capacity(self.slots.len());
        let mut open_slot = false;
        let last = self.pattern.len() - 1;
        for (i, piece) in self.pattern.iter().enumerate() {
            match piece {
                Piece::Mark(_) => open_slot = true,
                Piece::Text(lit) if !open_slot => rest = rest.strip_prefix(lit)?,
                Piece::Text(lit) if i == last => {
                    caps.push(rest.strip_suffix(lit)?);
                    rest = "";
                }
                Piece::Text(lit) => {
                    let at = rest.find(lit)?;
                    caps.push(&rest[..at]);
                    rest = &rest[at + lit.len()..];
                    open_slot = false;
                }
            }
        }
        if matches!(self.pattern.last(), Some(Piece::Mark(_))) {
            caps.push(rest);
        } else if !rest.is_empty() {
            return None;
        }
        Some(caps)
    }
}

/// One language's compiled tables, most specific pattern first.
struct Rules {
    messages: Vec<Rule>,
    terms: Vec<Rule>,
}

fn compile(table: Table) -> Vec<Rule> {
    let mut rules: Vec<Rule> = table
        .iter()
        .filter_map(|&(en, tr)| Rule::new(en, tr))
        .collect();
    // Deterministic: longest literal text first, ties by the pattern itself.
    rules.sort_by(|a, b| {
        b.literal_len
            .cmp(&a.literal_len)
            .then_with(|| a.english.cmp(b.english))
    });
    rules
}

fn rules(lang: Lang) -> Option<&'static Rules> {
    static VI: OnceLock<Rules> = OnceLock::new();
    static ZH: OnceLock<Rules> = OnceLock::new();
    let (cell, messages, terms) = match lang {
        Lang::En => return None,
        Lang::Vi => (&VI, vi::MESSAGES, vi::TERMS),
        Lang::Zh => (&ZH, zh::MESSAGES, zh::TERMS),
    };
    Some(cell.get_or_init(|| Rules {
        messages: compile(messages),
        terms: compile(terms),
    }))
}

/// A line the learner typed, shown above its caret line: `   ^`.
fn is_caret_line(line: &str) -> bool {
    line.trim() == "^"
}

/// CJK ideographs and punctuation, between which a template's spaces are dropped.
fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

impl Rules {
    /// Every line of `text`; `seen` collects the patterns used.
    fn text(&self, text: &str, seen: &mut Vec<&'static str>) -> String {
        let lines: Vec<&str> = text.split('\n').collect();
        let mut out = String::with_capacity(text.len() + text.len() / 2);
        for (i, line) in lines.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            if is_caret_line(line) || lines.get(i + 1).is_some_and(|l| is_caret_line(l)) {
                out.push_str(line);
                continue;
            }
            let body = line.trim_end_matches('\r');
            let core = body.trim_start();
            match self.apply(&self.messages, core, 0, seen) {
                Some(translated) => {
                    out.push_str(&body[..body.len() - core.len()]);
                    out.push_str(&translated.text);
                    out.push_str(&line[body.len()..]);
                }
                None => out.push_str(line),
            }
        }
        out
    }

    /// `text` translated by the first rule of `rules` that matches it whole, in two passes.
    /// First the frames (rules with a `{msg}` slot) whose message is known as well, so that
    /// `your answer: line 1, column 3: NumberInt takes ...` reads as frames around a
    /// message rather than as a message whose first verbatim slot took in the frames; then
    /// every rule, most specific first.
    fn apply(
        &self,
        rules: &[Rule],
        text: &str,
        depth: usize,
        seen: &mut Vec<&'static str>,
    ) -> Option<Translated> {
        if depth > MAX_DEPTH {
            return None;
        }
        for frames_only in [true, false] {
            for rule in rules {
                if frames_only && !rule.slots.contains(&Slot::Message) {
                    continue;
                }
                let Some(caps) = rule.captures(text) else {
                    continue;
                };
                let mut used = vec![rule.english];
                let translated = self.render(rule, &caps, depth, &mut used);
                if frames_only && !translated.complete {
                    continue;
                }
                seen.append(&mut used);
                return Some(translated);
            }
        }
        None
    }

    /// The translation of `rule` with the slots filled from `caps`.
    fn render(
        &self,
        rule: &Rule,
        caps: &[&str],
        depth: usize,
        seen: &mut Vec<&'static str>,
    ) -> Translated {
        let mut out = String::new();
        let mut complete = true;
        let mut drop_space = false;
        for piece in &rule.translation {
            match *piece {
                Output::Text(t) => {
                    let t = match t.strip_prefix(' ') {
                        Some(rest) if drop_space && rest.starts_with(is_cjk) => rest,
                        _ => t,
                    };
                    out.push_str(t);
                    drop_space = false;
                }
                Output::Slot(n) => {
                    let (Some(&cap), Some(&slot)) = (caps.get(n), rule.slots.get(n)) else {
                        continue;
                    };
                    let value = match slot {
                        Slot::Verbatim => cap.to_owned(),
                        Slot::Term => self
                            .apply(&self.terms, cap, depth + 1, seen)
                            .map_or_else(|| cap.to_owned(), |t| t.text),
                        Slot::Message => match self.apply(&self.messages, cap, depth + 1, seen) {
                            Some(t) => {
                                complete &= t.complete;
                                t.text
                            }
                            None => {
                                complete = false;
                                cap.to_owned()
                            }
                        },
                    };
                    // "但找到 {term}" with a Chinese term: no space between the ideographs.
                    if value.starts_with(is_cjk)
                        && out.ends_with(' ')
                        && out[..out.len() - 1].ends_with(is_cjk)
                    {
                        out.pop();
                    }
                    drop_space = value.ends_with(is_cjk);
                    out.push_str(&value);
                }
            }
        }
        Translated {
            text: out,
            complete,
        }
    }
}

/// A translated text, and whether every `{msg}` slot in it was known too.
struct Translated {
    text: String,
    complete: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::datetime::{date_to_string, parse_iso, parse_timezone};
    use crate::bson::oid::ObjectId;
    use crate::bson::shell::{FixedGenerator, parse_document, parse_value};
    use crate::bson::uuid::{LegacyOrder, Uuid};
    use crate::bson::value::{Binary, Value};
    use crate::bson::{ejson, hex, text};
    use crate::lesson::compute;

    const LANGS: [Lang; 2] = [Lang::Vi, Lang::Zh];

    fn tables(lang: Lang) -> [Table; 2] {
        match lang {
            Lang::Vi => [vi::MESSAGES, vi::TERMS],
            _ => [zh::MESSAGES, zh::TERMS],
        }
    }

    #[test]
    fn every_entry_compiles_with_the_same_slots_and_no_pattern_twice() {
        let english = |lang| {
            let mut all: Vec<&str> = tables(lang)
                .iter()
                .flat_map(|t| t.iter().map(|(en, _)| *en))
                .collect();
            all.sort_unstable();
            all
        };
        for lang in LANGS {
            for table in tables(lang) {
                for &(en, tr) in table {
                    let rule = Rule::new(en, tr);
                    assert!(
                        rule.is_some(),
                        "{lang:?}: {en:?} → {tr:?}: slots differ, or two slots touch"
                    );
                }
                let mut keys: Vec<&str> = table.iter().map(|(en, _)| *en).collect();
                keys.sort_unstable();
                let before = keys.len();
                keys.dedup();
                assert_eq!(before, keys.len(), "{lang:?}: a pattern is there twice");
            }
        }
        assert_eq!(
            english(Lang::Vi),
            english(Lang::Zh),
            "vi and zh cover other patterns"
        );
        // The slot syntax: only `{}`, `{msg}`, `{term}` (and `{0}`.. in translations).
        let rule = Rule::new(
            "a {} b {msg} c {term} d { t, i } \\u{1F600}",
            "{2} {1} {0} {9}",
        );
        assert!(rule.is_none(), "{{9}} is not a slot of the pattern");
        let rule = Rule::new("x {} {msg}", "{msg} {}");
        assert!(rule.is_none(), "sequential slots keep their kinds in order");
        let rule = Rule::new("x {} y {msg}", "{1} {0}").unwrap();
        assert_eq!(rule.slots, [Slot::Verbatim, Slot::Message]);
        assert_eq!(
            pieces("{ t, i } `\\u{...}` {}", false),
            [
                Piece::Text("{ t, i } `\\u{...}` "),
                Piece::Mark(Mark::Next(Slot::Verbatim))
            ]
        );
    }

    #[test]
    fn exact_translations() {
        let e = "line 2, column 6: unknown constructor `NumberFoo`";
        assert_eq!(
            translate_error(Lang::Vi, e),
            "dòng 2, cột 6: không có hàm dựng `NumberFoo`"
        );
        assert_eq!(
            translate_error(Lang::Zh, e),
            "第 2 行，第 6 列：未知的构造函数 `NumberFoo`"
        );
        let e = "your answer: line 1, column 11: NumberInt takes a string or a number, as in NumberInt(\"42\"), but got a document";
        assert_eq!(
            translate_error(Lang::Vi, e),
            "câu trả lời của bạn: dòng 1, cột 11: NumberInt cần một chuỗi hoặc một số, như NumberInt(\"42\"), nhưng nhận được một document"
        );
        assert_eq!(
            translate_error(Lang::Zh, e),
            "你的答案：第 1 行，第 11 列：NumberInt 接受字符串或数字，如 NumberInt(\"42\")，但收到了文档"
        );
        let e = "day 30 is out of range for February 2026 (1-28)";
        assert_eq!(
            translate_error(Lang::Vi, e),
            "tháng 2 năm 2026 không có ngày 30 (1-28)"
        );
        assert_eq!(
            translate_error(Lang::Zh, e),
            "2026 年 2 月没有第 30 天（1-28）"
        );
        let e = "expected 2 digits for the month, but found the end of the text";
        assert_eq!(
            translate_error(Lang::Vi, e),
            "cần 2 chữ số cho tháng, nhưng gặp chỗ kết thúc văn bản"
        );
        assert_eq!(
            translate_error(Lang::Zh, e),
            "月份应为 2 位数字，但找到文本的结尾"
        );
        let e = "an ObjectId is 24 hex digits, but `6ac711ed454f588ca2d05d4g` has `g` at column 24, which is not a hex digit (0-9, a-f)";
        assert_eq!(
            translate_error(Lang::Zh, e),
            "ObjectId 是 24 位十六进制数字，但 `6ac711ed454f588ca2d05d4g` 的第 24 列是 `g`，它不是十六进制数字（0-9、a-f）"
        );
        assert_eq!(
            translate_error(Lang::Vi, "`0x` needs hex digits after it"),
            "`0x` cần các chữ số hex phía sau"
        );
        assert_eq!(
            translate_error(Lang::Zh, "`0x` needs hex digits after it"),
            "`0x` 后面需要十六进制数字"
        );
    }

    #[test]
    fn english_and_unknown_text_come_back_unchanged() {
        for text in [
            "",
            "\n",
            "no pattern says this",
            "E11000 duplicate key error collection: lesson.docs index: _id_ dup key: { _id: 1 }",
            "unknown operator: $foo",
            "NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead",
            "line 1, column",
            "日本語 ¿qué? \u{0}\u{fffd}",
        ] {
            assert_eq!(translate_error(Lang::En, text), text);
            for lang in LANGS {
                assert_eq!(translate_error(lang, text), text, "{lang:?}");
            }
        }
        let e = "line 1, column 3: unknown constructor `NumberLon`; did you mean `NumberLong`?";
        assert_eq!(translate_error(Lang::En, e), e);
        // A frame around a message no table knows: the frame is translated, the rest kept.
        assert_eq!(
            translate_error(Lang::Vi, "line 4, column 1: something new"),
            "dòng 4, cột 1: something new"
        );
    }

    #[test]
    fn the_learners_text_is_never_translated() {
        // Keys and values that look like messages, inside messages.
        let e = shell("{ expected: 1, expected: 2 }");
        assert!(translate_error(Lang::Vi, &e).contains("`expected`"), "{e}");
        let e = "duplicate key `line 1, column 2: too many signs in a row`: JavaScript keeps the last value, in the first key's place";
        assert_eq!(
            translate_error(Lang::Zh, e),
            "重复的键 `line 1, column 2: too many signs in a row`：JavaScript 保留最后一个值，放在第一个键的位置上"
        );
        let e = shell("{ 'expected a value, but found the end of the input' 1 }");
        for lang in LANGS {
            assert!(
                translate_error(lang, &e)
                    .contains("`expected a value, but found the end of the input`"),
                "{e}"
            );
        }
        // A verbatim slot holding a term is still copied as it is.
        let e = "unknown name `none`";
        assert_eq!(translate_error(Lang::Vi, e), "không có tên `none`");
        // The source line and the caret under it stay as typed, whatever they say.
        let src = "expected a value, but found the end of the input";
        let err = parse_value(src, &mut FixedGenerator::new(0)).unwrap_err();
        let shown = format!("{err}\n{}", err.caret());
        for lang in LANGS {
            let out = translate_error(lang, &shown);
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 3, "{out}");
            assert_ne!(lines[0], shown.lines().next().unwrap_or(""));
            assert_eq!(lines[1..], shown.lines().collect::<Vec<_>>()[1..], "{out}");
        }
        // Indentation and CRLF around a message stay.
        assert_eq!(
            translate_error(Lang::Vi, "  too many signs in a row\r\n  x\r\n  ^\r"),
            "  quá nhiều dấu liên tiếp\r\n  x\r\n  ^\r"
        );
    }

    #[test]
    fn matching_is_anchored_and_never_panics() {
        // The last literal is anchored at the end: a longer text does not match.
        assert_eq!(
            translate_error(Lang::Vi, "too many signs in a row!"),
            "too many signs in a row!"
        );
        // Deep nesting of `{msg}` slots stops at a bound and keeps the rest.
        let deep = format!("{}too many signs in a row", "your answer: ".repeat(50));
        let out = translate_error(Lang::Vi, &deep);
        assert!(out.starts_with("câu trả lời của bạn: "), "{out}");
        assert!(
            out.ends_with("your answer: too many signs in a row"),
            "{out}"
        );
        // Multibyte text next to literals.
        for text in [
            "line é, column ü: 名",
            "`é` is not a hex digit (0-9, a-f)",
            "`",
        ] {
            for lang in LANGS {
                let _ = translate_error(lang, text);
            }
        }
        let big = format!("unknown name `{}`", "`a` ".repeat(20_000));
        assert!(translate_error(Lang::Zh, &big).starts_with("未知的名称 `"));
    }

    // The real parsers' messages.

    fn shell(src: &str) -> String {
        match parse_value(src, &mut FixedGenerator::new(0)) {
            Err(e) => e.to_string(),
            Ok(p) => match p.warnings.first() {
                Some(w) => w.to_string(),
                None => panic!("{src}: no error and no warning"),
            },
        }
    }

    fn shell_doc(src: &str) -> String {
        match parse_document(src, &mut FixedGenerator::new(0)) {
            Err(e) => e.to_string(),
            Ok(p) => match p.warnings.first() {
                Some(w) => w.to_string(),
                None => panic!("{src}: no error and no warning"),
            },
        }
    }

    fn ejson(src: &str) -> String {
        match ejson::parse_value(src) {
            Err(e) => e.to_string(),
            Ok(v) => panic!("{src}: reads as {v:?}"),
        }
    }

    fn err<T: std::fmt::Debug, E: ToString>(input: &str, r: Result<T, E>) -> String {
        match r {
            Err(e) => e.to_string(),
            Ok(v) => panic!("{input}: gives {v:?}"),
        }
    }

    /// (input, English message): one or more per template of every parser.
    fn cases() -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        let mut add = |input: &str, message: String| out.push((input.to_owned(), message));
        // mongosh syntax: tokens
        for src in [
            "/* open",
            "#",
            "'abc",
            "'abc\n'",
            "`${x}`",
            "'\\",
            r"'\1'",
            r"'\x4'",
            r"'\uD800x'",
            r"'\u{110000}'",
            r"'\u12'",
            "1__0",
            "0x",
            "0o",
            "0b",
            "010",
            "1e",
            "1.5n",
            "3in",
            "99999999999999999999999999999999999999999n",
            "/a",
        ] {
            add(src, shell(src));
        }
        // mongosh syntax: values, documents, arrays
        add("[1]", shell_doc("[1]"));
        let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
        add(&deep, shell(&deep));
        let signs = format!("{}1", "- ".repeat(150));
        add(&signs, shell(&signs));
        for src in [
            "{ a: 1 } x",
            "9223372036854775808n",
            "[undefined]",
            "/a\u{0}/",
            "--5",
            "-'5'",
            "+1n",
            "-[1]",
            "-{}",
            "-true",
            "-ObjectId()",
            "-new Date()",
            "-/a/",
            "-Code('x')",
            "-BSONSymbol('s')",
            "-Timestamp()",
            "-NumberLong('1')",
            "-NumberDecimal('1')",
            "-BinData(0, '')",
            "",
            ")",
            "new 5",
            "ObjectId.(",
            "NumberInt(1 2)",
            "[1,,2]",
            "[1 2]",
            "{ [k]: 1 }",
            "{ a: 1",
            "{ ) }",
            "{ 'a\\0': 1 }",
            "{ a 1 }",
            "{ __proto__: 1 }",
            "{ a: 1 b: 2 }",
            "{ a: 1, a: 2 }",
            "{ b: 1, 1: 2 }",
        ] {
            add(src, shell(src));
        }
        // mongosh syntax: constructors
        for src in [
            "Date",
            "ObjectId",
            "NumberLon('1')",
            "NumberFoo(1)",
            "foo",
            "objectid",
            "foo.bar",
            "ObjectId('a', 'b')",
            "ObjectId(true)",
            "ObjectId.createFromTime()",
            "ObjectId.createFromHexString()",
            "MD5()",
            "BinData(0)",
            "Binary.createFromBase64()",
            "Timestamp(1, 2, 3)",
            "RegExp()",
            "Code(1, 2, 3)",
            "Code('x', 1)",
            "DBRef()",
            "BinData('x', '')",
            "Int32()",
            "Long.fromString()",
            "Long.fromNumber('1')",
            "Decimal128()",
            "Double()",
            "ISODate(1, 2)",
            "ISODate({})",
            "new Date(true)",
            "BSONSymbol(1)",
            "MinKey(1)",
            "NumberLong({})",
            "ObjectId(1.5)",
            "ObjectId('zz')",
            "ObjectId('abc')",
            "MD5('zz')",
            "UUID('12-zz')",
            "UUID('1234')",
            "HexData(0, 'abc')",
            "Binary.createFromHexString('abc')",
            "BinData(256, '')",
            "BinData(0, 'a$')",
            "Binary.createFromBase64('a===')",
            "BinData(0, 'abcde')",
            "Timestamp({ t: 1.5, i: 0 })",
            "Timestamp('a')",
            "Timestamp({ t: 1 })",
            "/a/x",
            "/a/g",
            "/a/q",
            "/a/ii",
            "RegExp('a', 'q')",
            "RegExp('a\\0')",
        ] {
            add(src, shell(src));
        }
        // mongosh syntax: numbers, decimals, dates
        for src in [
            "NumberInt(2147483648)",
            "NumberInt('99999999999999999999')",
            "NumberInt(Infinity)",
            "NumberInt(42.7)",
            "NumberInt('12abc')",
            "NumberLong('9223372036854775808')",
            "Decimal128(0.1)",
            "Double('abc')",
            "NumberDecimal('1.2.3')",
            "NumberDecimal('1e')",
            "NumberDecimal('1234567890123456789012345678901234567')",
            "NumberDecimal('1e9999')",
            "new Date(8.7e15)",
            "ISODate('+010000-01-01')",
            "ISODate('0000-01-01T00:00:00+01:00')",
            "new Date('2026-13-01')",
            "new Date('2026-10-08T10:00:00')",
            "new Date(2026, 9, 8)",
            "Date()",
        ] {
            add(src, shell(src));
        }
        // ISO-8601 dates
        for src in [
            "",
            "20x6",
            "+01",
            "-000000-01-01",
            "2026-1x",
            "2026-10x08",
            "2026-10-0x",
            "2026-13-01",
            "2026-10-08X",
            "2026-10-08T1x",
            "2026-10-08T24:00Z",
            "2026-10-08T10:",
            "2026-10-08T10:60Z",
            "2026-10-08T10:00:",
            "2026-10-08T10:00:60Z",
            "2026-10-08T10:00:61Z",
            "2026-10-08T10:00:00.Z",
            "2026-10-08T10:00:00.1234567890Z",
            "2026-10-08T10:00:00",
            "2026-10-08T10:00+1",
            "2026-10-08T10:00+25:00",
            "2026-10-08T10:00+07:",
            "2026-10-08T10:00+07:61",
            "2026-10-08T10:00X",
            "2026-10-08T10:00Zx",
        ] {
            add(src, err(src, parse_iso(src)));
        }
        for month in 1..=12 {
            let src = format!("2026-{month:02}-32");
            add(&src, err(&src, parse_iso(&src)));
        }
        let far = 400_000_000_000_000;
        add(
            "far date",
            err(
                "far date",
                date_to_string(far, "%m", Some("Asia/Ho_Chi_Minh")),
            ),
        );
        add("+99:99", err("+99:99", parse_timezone("+99:99")));
        // JSON
        let deep = "[".repeat(300);
        add(&deep, ejson(&deep));
        for src in [
            "1 2",
            "{\"a\" 1}",
            "x",
            "tru",
            "fals",
            "nul",
            "{a: 1}",
            "{\"a\": 1 x",
            "[1 x",
            "01",
            "1.",
            "1e",
            "\"\\u12\"",
            "\"abc",
            "\"\\uD800\"",
            "\"\\uDC00\"",
            "\"\\q\"",
            "\"a\tb\"",
        ] {
            add(src, ejson(src));
        }
        // Extended JSON
        add("[1]", err("[1]", ejson::parse_document("[1]")));
        let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
        add(&deep, ejson(&deep));
        for src in [
            r#"{"a\u0000": 1}"#,
            r#"{"$symbol": 1}"#,
            r#"{"$symbol": {}}"#,
            r#"{"$symbol": null}"#,
            r#"{"$oid": "x", "y": 1}"#,
            r#"{"$timestamp": {"t": 1, "x": 2}}"#,
            r#"{"$numberInt": "x"}"#,
            r#"{"$numberLong": "x"}"#,
            r#"{"$numberDouble": "x"}"#,
            r#"{"$numberDecimal": "1.2.3"}"#,
            r#"{"$uuid": "x"}"#,
            r#"{"$code": "x", "$scope": 1}"#,
            r#"{"$code": "x", "$scope": {}, "z": 1}"#,
            r#"{"$timestamp": 1}"#,
            r#"{"$regularExpression": 1}"#,
            r#"{"$regularExpression": {"pattern": "a", "options": "q"}}"#,
            r#"{"$regularExpression": {"pattern": "a\u0000", "options": ""}}"#,
            r#"{"$dbPointer": 1}"#,
            r#"{"$dbPointer": {"$ref": "a", "$id": 1}}"#,
            r#"{"$minKey": 2}"#,
            r#"{"$maxKey": 2}"#,
            r#"{"$undefined": false}"#,
            r#"{"$scope": {}}"#,
            r#"{"$oid": "xyz"}"#,
            r#"{"$timestamp": {"t": -1, "i": 0}}"#,
            r#"{"$timestamp": {"t": "1", "i": 0}}"#,
            r#"{"$date": "2026-13-01"}"#,
            r#"{"$date": true}"#,
            r#"{"$binary": 1}"#,
            r#"{"$binary": {"base64": "", "subType": "xyz"}}"#,
            r#"{"$binary": {"base64": 1, "subType": "00"}}"#,
            r#"{"$binary": 1, "$type": "00"}"#,
            r#"{"$binary": "", "$type": 1}"#,
            r#"{"$binary": {"base64": "a$cd", "subType": "00"}}"#,
        ] {
            add(src, ejson(src));
        }
        // hex, ObjectId, UUID
        for src in ["a", "a b", "zz"] {
            add(src, err(src, hex::decode(src)));
        }
        for src in [
            "abc",
            "abcxyz",
            "6ac711ed454f588ca2d05d4b0",
            "6ac711ed454f588ca2d05d4g",
        ] {
            add(src, err(src, ObjectId::parse_hex(src)));
        }
        for src in [
            "340a73e3-5b2b-45a8-892d-712753c1540z",
            "340a73e3-5b2b-45a8-892d-712753c1540",
            "340a73e35b2b-45a8-892d-712753c15406",
        ] {
            add(src, err(src, Uuid::parse(src)));
        }
        let bin = |subtype, len| Binary {
            subtype,
            bytes: vec![0; len],
        };
        add("subtype 3", err("", Uuid::from_binary(&bin(3, 16))));
        add("subtype 0", err("", Uuid::from_binary(&bin(0, 16))));
        add("15 bytes", err("", Uuid::from_binary(&bin(4, 15))));
        add(
            "subtype 4",
            err("", Uuid::from_legacy_binary(&bin(4, 16), LegacyOrder::Java)),
        );
        // Lesson values and computations
        add("1", err("1", text::documents(Value::Int32(1), "docs")));
        add(
            "[1]",
            err(
                "[1]",
                text::documents(Value::Array(vec![1.into()]), "pipeline"),
            ),
        );
        add("1", err("1", compute::parse_document("1", "filter")));
        for what in [
            "your answer",
            "docs",
            "filter",
            "sort",
            "document",
            "expression",
            "pipeline",
        ] {
            add("{", err("{", compute::parse_value("{", what)));
        }
        add("b", err("b", compute::hex_walk("{ a: 1 }", Some("b"))));
        add("", err("", compute::need::<str>(None, "docs", "find")));
        add("x", err("x", compute::make_oids(0, "x", 1, 1)));
        let at = "1960-01-01T00:00:00Z";
        add(at, err(at, compute::make_oids(0, at, 1, 1)));
        // Messages no input reaches today (guards, or forms the reader never builds), in
        // the shape the code would give them.
        for message in [
            "line 1, column 1: this number cannot be read",
            "line 1, column 1: wrong argument count",
            "line 1, column 9: `1e999x` is not a number",
            "line 1, column 1: `$oid` has duplicate keys",
            "line 1, column 1: legacy `$regex` must have exactly the keys `$regex`, `$options`",
            "line 1, column 1: unary `-` needs a number after it, but found a DBPointer",
        ] {
            add("", message.to_owned());
        }
        out
    }

    /// `s` without its `code` and "quoted" fragments.
    fn prose(s: &str) -> String {
        let mut out = String::new();
        let (mut in_code, mut in_quote) = (false, false);
        for c in s.chars() {
            match c {
                '`' if !in_quote => in_code = !in_code,
                '"' if !in_code => in_quote = !in_quote,
                c if !in_code && !in_quote => out.push(c),
                _ => {}
            }
        }
        out
    }

    /// Lowercase ASCII words of three letters or more.
    fn words(s: &str) -> Vec<&str> {
        s.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase()))
            .collect()
    }

    /// `code` fragments.
    fn code(s: &str) -> Vec<&str> {
        s.split('`').skip(1).step_by(2).collect()
    }

    /// Words a translation may share with the English: names and loanwords.
    const SHARED: [&str; 27] = [
        "hex",
        "int",
        "bit",
        "jiff",
        "byte",
        "collection",
        "mongosh",
        "null",
        "true",
        "false",
        "undefined",
        "new",
        "docs",
        "filter",
        "sort",
        "document",
        "expression",
        "pipeline",
        "focus",
        "regex",
        "subtype",
        "surrogate",
        "driver",
        "double",
        "boolean",
        "object",
        "prototype",
    ];

    #[test]
    fn every_parser_message_is_translated() {
        let cases = cases();
        let mut problems = Vec::new();
        for lang in LANGS {
            let Some(rules) = rules(lang) else {
                panic!("no rules for {lang:?}")
            };
            let mut seen = Vec::new();
            for (input, english) in &cases {
                let out = rules.text(english, &mut seen);
                if &out == english {
                    problems.push(format!(
                        "{lang:?}: {input:?} gives {english:?}, untranslated"
                    ));
                }
                for fragment in code(english) {
                    if !out.contains(&format!("`{fragment}`")) {
                        problems.push(format!(
                            "{lang:?}: `{fragment}` lost: {english:?} → {out:?}"
                        ));
                    }
                }
                let typed = words(input);
                let (english_prose, out_prose) = (prose(english), prose(&out));
                let translated = words(&out_prose);
                let left: Vec<&str> = words(&english_prose)
                    .into_iter()
                    .filter(|w| !typed.contains(w) && !SHARED.contains(w))
                    .filter(|w| translated.contains(w))
                    .collect();
                if !left.is_empty() {
                    problems.push(format!(
                        "{lang:?}: {left:?} still English: {english:?} → {out:?}"
                    ));
                }
            }
            // Checked by `the_servers_words_stay_english`: the frame around the server's text.
            rules.text(&duplicate_id_error(), &mut seen);
            let unused: Vec<&str> = tables(lang)
                .iter()
                .flat_map(|t| t.iter().map(|(en, _)| *en))
                .filter(|en| !seen.contains(en))
                .collect();
            if !unused.is_empty() {
                problems.push(format!("{lang:?}: no case reaches {unused:#?}"));
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    /// `docs: document 1: E11000 duplicate key error ...`.
    fn duplicate_id_error() -> String {
        let mut d = crate::bson::value::Document::new();
        d.push("_id", 1);
        err("dup", compute::collection(vec![d.clone(), d]).map(|_| ()))
    }

    #[test]
    fn the_servers_words_stay_english() {
        let e = duplicate_id_error();
        let server = e
            .strip_prefix("docs: document 1: ")
            .unwrap_or_else(|| panic!("{e}"));
        assert_eq!(
            translate_error(Lang::Vi, &e),
            format!("docs: document số 1: {server}")
        );
        assert_eq!(
            translate_error(Lang::Zh, &e),
            format!("docs：第 1 个文档：{server}")
        );
    }
}
