//! Error messages of the tutor's own parsers and checks in the learner's language.
//!
//! The parsers (mongosh syntax, Extended JSON, JSON, hex, ISO dates, ObjectId, UUID,
//! decimal128), the BSON decoder and encoder (`byte 7: ...`) and the lesson computations
//! build their messages in English with `format!`, and the command line puts the place a
//! text came from in front (`EXPRESSION: `, `--hex: `, `orders.json line 3: `). Threading a
//! language through all of them would touch every parser, so the finished text is
//! translated here instead, with pattern tables: an English pattern whose `{}` slots
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
//! A bare frame, one with no words of its own (`{}: {msg}`, any place before a colon),
//! applies only when its message is known too, and only when its verbatim slots hold no
//! quoted text (a colon inside `` `a: b` `` is the learner's): so `EXPRESSION: line 1, ...`
//! is translated without a list of the command line's places, while `a: b` or the server's
//! `filter.a.$foo: unknown operator: $foo` come back whole, as they were.
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
    /// A frame with no words of its own (`{}: {msg}`): it applies only around a known
    /// message, and its verbatim slots (a place: `EXPRESSION`, `orders.json line 3`) hold
    /// no quoted text.
    bare: bool,
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
        let bare = slots.contains(&Slot::Message)
            && pattern.iter().all(|piece| match piece {
                Piece::Text(t) => !t.chars().any(char::is_alphanumeric),
                Piece::Mark(_) => true,
            });
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
            bare,
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

    /// Whether the verbatim captures read as places (an argument, a file and line) rather
    /// than quoted text: a colon inside `` `a: b` `` or `"a: b"` is the learner's, not a
    /// frame's.
    fn holds_places(&self, caps: &[&str]) -> bool {
        self.slots
            .iter()
            .zip(caps)
            .filter(|(slot, _)| **slot == Slot::Verbatim)
            .all(|(_, cap)| !cap.contains(['`', '"']))
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

    /// `text` translated by the rules of `rules` that match it whole, most specific first:
    /// the first frame (a rule with a `{msg}` slot) whose message is known as well, so that
    /// `your answer: line 1, column 3: NumberInt takes ...` reads as frames around a
    /// message rather than as a message whose first verbatim slot took in the frames; else
    /// the first rule that matches, bare frames excepted (`{}: {msg}` has nothing of its own
    /// to say around a message that is not known). Each rule is rendered at most once.
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
        let mut fallback: Option<(Translated, Vec<&'static str>)> = None;
        for rule in rules {
            let is_frame = rule.slots.contains(&Slot::Message);
            if !is_frame && fallback.is_some() {
                continue;
            }
            let Some(caps) = rule.captures(text) else {
                continue;
            };
            if rule.bare && !rule.holds_places(&caps) {
                continue;
            }
            let mut used = vec![rule.english];
            let translated = self.render(rule, &caps, depth, &mut used);
            if is_frame && translated.complete {
                seen.append(&mut used);
                return Some(translated);
            }
            if fallback.is_none() && !rule.bare {
                fallback = Some((translated, used));
            }
        }
        fallback.map(|(translated, mut used)| {
            seen.append(&mut used);
            translated
        })
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
mod tests;
