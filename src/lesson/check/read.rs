//! Reading a learner's text as an answer of an exercise's kind, in the lessons' own language
//! (mongosh syntax), with the common forms whose meaning is clear: `36 bytes`, `yes`, `z, a`
//! for string `_id`s, `(b)`, a bare ISO time, hex with `0x`. A text that cannot be read is a
//! format slip: the error says what is wrong with its form (not whether it is right).

use crate::bson::datetime::{self, NoOffset};
use crate::bson::parse_error::ParseErrorKind;
use crate::bson::{ElementType, Value, hex};
use crate::lesson::compute::{Classroom, ComputeError};
use crate::lesson::solve::{choice_index, letter};
use crate::strings::localize::Localize;
use crate::strings::{Lang, tr, trf};

/// Why a text is not an answer of the kind asked: what is wrong with its form, in the
/// learner's language.
pub(super) type Slip = String;

/// A value: mongosh syntax, and for a number `36 bytes`, for a boolean `yes`/`no` (in every
/// language the tutor speaks), for a date a bare ISO time.
pub(super) fn value(
    text: &str,
    expected: &Value,
    room: &Classroom,
    lang: Lang,
) -> Result<Value, Slip> {
    if is_number(expected)
        && let Some(n) = without_unit(text)
        && let Ok(v) = room.parse_answer(n)
        && is_number(&v)
    {
        return Ok(v);
    }
    if let Value::Boolean(_) = expected
        && let Some(b) = yes_no(text)
    {
        return Ok(Value::Boolean(b));
    }
    if let Value::DateTime(_) = expected
        && looks_iso(text)
    {
        return datetime::parse_iso_with(text, NoOffset::Refuse)
            .map(Value::DateTime)
            .map_err(|e| {
                trf(
                    lang,
                    "that is not an ISO-8601 time: {display_in}",
                    &[&e.display_in(lang)],
                )
            });
    }
    room.parse_answer(text).map_err(|e| {
        // A constructor's own error (`Long('x')`: its argument) says more than "not a
        // number"; a bare word is an "unknown name" to the parser, which is no help here.
        let call = text.contains('(')
            && matches!(&e, ComputeError::Parse { error, .. } if matches!(*error.kind, ParseErrorKind::Call(_)));
        match expected {
            _ if call => parse_slip(&e, lang),
            v if is_number(v) => trf(lang, "`{text}` is not a number", &[&text]),
            Value::Boolean(_) => trf(
                lang,
                "`{text}` is neither yes nor no (true or false)",
                &[&text],
            ),
            _ => parse_slip(&e, lang),
        }
    })
}

/// The parser's message on a one-line answer: the column and the rule broken.
fn parse_slip(e: &ComputeError, lang: Lang) -> Slip {
    match e {
        ComputeError::Parse { error, .. } => trf(
            lang,
            "column {column}: {message}",
            &[&error.column, &error.message_in(lang)],
        ),
        other => other.to_string_in(lang),
    }
}

/// Whether a value is a number (any of the four numeric types).
pub(super) fn is_number(v: &Value) -> bool {
    matches!(
        v,
        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_)
    )
}

/// A number followed by a unit of bytes (`36 bytes`, `36 B`, `36 byte`, `36 字节`): the
/// number's text.
fn without_unit(text: &str) -> Option<&str> {
    const UNITS: [&str; 4] = ["bytes", "byte", "字节", "b"];
    let t = text.trim();
    UNITS.iter().find_map(|u| {
        let cut = t.len().checked_sub(u.len())?;
        let (number, unit) = (t.get(..cut)?, t.get(cut..)?);
        let number = number.trim_end();
        // Decimal digits only: `0x1b` is a number in hex, not 1 byte.
        let decimal = number.starts_with(|c: char| c.is_ascii_digit())
            && number.chars().all(|c| c.is_ascii_digit() || c == '.');
        (unit.eq_ignore_ascii_case(u) && decimal).then_some(number)
    })
}

/// `yes` or `no` in a word of any language the tutor speaks (`true`, `có`, `không`, `是`,
/// `否`...), with or without Vietnamese marks.
pub(super) fn yes_no(text: &str) -> Option<bool> {
    const YES: [&str; 9] = ["yes", "y", "true", "co", "dung", "是", "对", "是的", "真"];
    const NO: [&str; 10] = [
        "no", "n", "false", "khong", "sai", "否", "不", "不是", "错", "假",
    ];
    let w = super::normalise_word(text);
    if YES.contains(&w.as_str()) {
        Some(true)
    } else if NO.contains(&w.as_str()) {
        Some(false)
    } else {
        None
    }
}

/// Whether a text starts like an ISO-8601 date (`2026-10-08...`).
fn looks_iso(text: &str) -> bool {
    let b = text.trim().as_bytes();
    b.len() >= 8 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-'
}

/// Bytes typed as hex: spaces, commas and `0x` prefixes between bytes are fine, and so are
/// brackets around them.
pub(super) fn bytes(text: &str, lang: Lang) -> Result<Vec<u8>, Slip> {
    let t = text.trim();
    let t = t
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .unwrap_or(t)
        .replace("0X", "0x");
    match hex::decode(&t) {
        Ok(b) if b.is_empty() => Err(tr(lang, "type the bytes as hex digits").to_owned()),
        Ok(b) => Ok(b),
        Err(e) => Err(trf(
            lang,
            "that is not hex: {display_in}",
            &[&e.display_in(lang)],
        )),
    }
}

/// A list of values: `[1, 3]`, `1, 3`, `1 3`, and for string `_id`s without quotes
/// (`z, a, n`, `[z, a]`).
pub(super) fn list(text: &str, room: &Classroom, lang: Lang) -> Result<Vec<Value>, Slip> {
    let t = text.trim();
    let whole = if t.starts_with('[') {
        t.to_owned()
    } else {
        format!("[{t}]")
    };
    let first_error = match room.parse_answer(&whole) {
        Ok(Value::Array(items)) => return Ok(items),
        Ok(other) => return Ok(vec![other]),
        Err(e) => e,
    };
    let inner = t
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .unwrap_or(t);
    let items = split_items(inner);
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        match room.parse_answer(item) {
            Ok(v) => out.push(v),
            Err(_) if is_bare_word(item) => out.push(Value::from(item)),
            Err(_) => {
                return Err(trf(
                    lang,
                    "type the _ids as a list: {display_in}",
                    &[&parse_slip(&first_error, lang)],
                ));
            }
        }
    }
    Ok(out)
}

/// The items of a list's inside: split at commas outside quotes and brackets, or (when it
/// has no comma and nothing nested) at spaces. An empty last item (a trailing comma) is
/// dropped.
fn split_items(inner: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0);
    for (i, c) in inner.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '[' | '{' | '(') => depth += 1,
            (None, ']' | '}' | ')') => depth -= 1,
            (None, ',') if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(inner[start..].trim());
    if items.len() == 1 && !inner.contains(['[', '{', '(', '\'', '"']) {
        return inner.split_whitespace().collect();
    }
    if items.last().is_some_and(|i| i.is_empty()) {
        items.pop();
    }
    items
}

/// A word that can only be a string `_id` typed without quotes: letters, digits, `-`, `_`
/// and `.`, with at least one letter.
fn is_bare_word(item: &str) -> bool {
    !item.is_empty()
        && item.chars().any(char::is_alphabetic)
        && item
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// A type as the learner named it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TypeRead {
    /// A `$type` alias, a type name, a constructor's name or a `$type` number.
    Type(ElementType),
    /// A type byte written unsigned where `$type` numbers it signed (255 for MinKey's -1).
    Byte(ElementType),
    /// A number no type has.
    NoSuchNumber(i64),
}

/// A type: an alias as `$type` prints it (`int`, `objectId`, in any case), a type's name
/// (`int32`), the shell's constructor (`NumberLong`, `Double`), or a number (`16`, `0x10`).
pub(super) fn type_name(text: &str, lang: Lang) -> Result<TypeRead, Slip> {
    let t = text.trim().trim_matches(|c| c == '"' || c == '\'');
    let t = t.strip_suffix("()").unwrap_or(t);
    let by_name = ElementType::ALL
        .into_iter()
        .find(|e| e.alias().eq_ignore_ascii_case(t) || e.name().eq_ignore_ascii_case(t))
        .or_else(|| constructor_type(t));
    if let Some(ty) = by_name {
        return Ok(TypeRead::Type(ty));
    }
    let number = t.parse::<i64>().ok().or_else(|| {
        t.strip_prefix("0x")
            .or_else(|| t.strip_prefix("0X"))
            .and_then(|h| i64::from_str_radix(h, 16).ok())
    });
    match number {
        Some(n) => Ok(match ElementType::from_number(n) {
            Some(ty) => TypeRead::Type(ty),
            None => u8::try_from(n)
                .ok()
                .and_then(ElementType::from_u8)
                .map_or(TypeRead::NoSuchNumber(n), TypeRead::Byte),
        }),
        None => Err(trf(
            lang,
            "`{value}` is not a type name: use an alias as $type prints it (\"int\", \"long\", \"double\"...)",
            &[&t],
        )),
    }
}

/// The type a mongosh constructor makes (`NumberLong` → long), for a type named that way.
fn constructor_type(name: &str) -> Option<ElementType> {
    let lower = name.to_ascii_lowercase();
    Some(match lower.as_str() {
        "numberint" => ElementType::Int32,
        "numberlong" | "int64" => ElementType::Int64,
        "numberdecimal" | "decimal128" => ElementType::Decimal128,
        "isodate" | "datetime" => ElementType::DateTime,
        "boolean" => ElementType::Boolean,
        "object" | "document" => ElementType::Document,
        "bindata" | "binary" => ElementType::Binary,
        _ => return None,
    })
}

/// An instant: a bare ISO-8601 time with its zone (`2026-10-08T03:46:09Z`), quoted or in
/// `ISODate(...)` or `new Date(...)`.
pub(super) fn time(text: &str, room: &Classroom, lang: Lang) -> Result<i64, Slip> {
    let t = text.trim();
    if t.starts_with("ISODate(") || t.starts_with("new Date(") {
        return match room.parse_answer(t) {
            Ok(Value::DateTime(ms)) => Ok(ms),
            Ok(_) => Err(tr(lang, "that is not a time").to_owned()),
            Err(e) => Err(parse_slip(&e, lang)),
        };
    }
    let t = t.trim_matches(|c| c == '"' || c == '\'');
    datetime::parse_iso_with(t, NoOffset::Refuse).map_err(|e| {
        trf(
            lang,
            "that is not an ISO-8601 time: {display_in}",
            &[&e.display_in(lang)],
        )
    })
}

/// The option a text picks: a letter (`b`, `B`, `(b)`, `b)`, `b.`), a 1-based number, the
/// option's own text, or, where exactly one option says yes (or no), that word.
pub(super) fn choice(text: &str, options: &[String], lang: Lang) -> Result<usize, Slip> {
    let last = letter(options.len().saturating_sub(1));
    let range = || trf(lang, "answer with a letter from a to {letter}", &[&last]);
    if let Some(i) = choice_index(text, options) {
        return Ok(i);
    }
    let Some(yes) = yes_no(text) else {
        return Err(range());
    };
    let saying: Vec<usize> = (0..options.len())
        .filter(|&i| option_says(&options[i]) == Some(yes))
        .collect();
    match saying.as_slice() {
        [i] => Ok(*i),
        [] => Err(range()),
        _ => Err(trf(
            lang,
            "several options say `{text}`: answer with a letter from a to {letter}",
            &[&text.trim(), &last],
        )),
    }
}

/// Whether an option starts by saying yes or no (`Yes: ...`, `No, ...`, `Có`).
fn option_says(option: &str) -> Option<bool> {
    let first = option
        .split(|c: char| c.is_whitespace() || matches!(c, ':' | ',' | '.' | ';'))
        .next()?;
    yes_no(first)
}

/// A word naming a part of BSON: anything with a letter in it (a word that names no part is
/// a wrong answer, not a slip); digits or signs alone are not a word.
pub(super) fn word(text: &str, lang: Lang) -> Result<String, Slip> {
    if text.chars().any(char::is_alphabetic) {
        Ok(super::normalise_word(text))
    } else {
        Err(tr(
            lang,
            "answer with the name of the part the byte belongs to, in words",
        )
        .to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_of_bytes_are_cut_from_a_number() {
        for (text, number) in [
            ("36 bytes", Some("36")),
            ("36 B", Some("36")),
            ("36b", Some("36")),
            ("36 byte", Some("36")),
            ("36 字节", Some("36")),
            ("36字节", Some("36")),
            ("36", None),
            ("0x1b", None),
            ("bytes", None),
            ("ab", None),
        ] {
            assert_eq!(without_unit(text), number, "{text}");
        }
    }

    #[test]
    fn yes_and_no_in_every_language() {
        for yes in ["yes", "Yes", "true", "có", "Có", "đúng", "是", "对"] {
            assert_eq!(yes_no(yes), Some(true), "{yes}");
        }
        for no in [
            "no", "NO", "false", "không", "khong", "sai", "否", "不是", "错",
        ] {
            assert_eq!(yes_no(no), Some(false), "{no}");
        }
        assert_eq!(yes_no("maybe"), None);
    }

    #[test]
    fn list_items_split_at_top_level_commas_or_spaces() {
        assert_eq!(split_items("z, a, n"), ["z", "a", "n"]);
        assert_eq!(split_items("z a n"), ["z", "a", "n"]);
        assert_eq!(split_items("'a, b', [1, 2], c,"), ["'a, b'", "[1, 2]", "c"]);
        assert_eq!(
            split_items("ObjectId('6ac711ed454f588ca2d05d4b') x"),
            ["ObjectId('6ac711ed454f588ca2d05d4b') x"]
        );
        assert!(is_bare_word("late-evening") && is_bare_word("A1"));
        assert!(!is_bare_word("12") && !is_bare_word("{a") && !is_bare_word("a b"));
    }

    #[test]
    fn choices_read_letters_in_every_common_form() {
        let options: Vec<String> = ["x", "y", "z"].map(String::from).into();
        for (text, i) in [
            ("b", 1),
            ("B", 1),
            ("(b)", 1),
            ("b)", 1),
            ("b.", 1),
            ("2", 1),
            ("z", 2),
        ] {
            assert_eq!(choice(text, &options, Lang::En), Ok(i), "{text}");
        }
        for slip in ["d", "4", "0", "bb", "(", "maybe"] {
            assert!(choice(slip, &options, Lang::En).is_err(), "{slip}");
        }
        let yes_no: Vec<String> = ["Yes, it does", "No: it does not"].map(String::from).into();
        assert_eq!(choice("no", &yes_no, Lang::En), Ok(1));
        assert_eq!(choice("có", &yes_no, Lang::En), Ok(0));
        let two_noes: Vec<String> = ["Yes", "No: a", "No: b"].map(String::from).into();
        let e = choice("no", &two_noes, Lang::En).unwrap_err();
        assert!(e.contains("several options"), "{e}");
    }

    #[test]
    fn types_read_by_alias_name_constructor_and_number() {
        for (text, ty) in [
            ("int", ElementType::Int32),
            ("'int'", ElementType::Int32),
            ("Int32", ElementType::Int32),
            ("NumberLong", ElementType::Int64),
            ("long", ElementType::Int64),
            ("objectid", ElementType::ObjectId),
            ("Double()", ElementType::Double),
            ("16", ElementType::Int32),
            ("0x12", ElementType::Int64),
            ("-1", ElementType::MinKey),
        ] {
            assert_eq!(type_name(text, Lang::En), Ok(TypeRead::Type(ty)), "{text}");
        }
        assert_eq!(
            type_name("255", Lang::En),
            Ok(TypeRead::Byte(ElementType::MinKey))
        );
        assert_eq!(type_name("42", Lang::En), Ok(TypeRead::NoSuchNumber(42)));
        assert!(type_name("integr", Lang::En).is_err());
    }
}
