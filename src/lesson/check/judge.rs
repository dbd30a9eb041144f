//! Judging an answer that was read against the engine's: right, or wrong with its reasons,
//! one a line, naming the classic mistake when there is one (the type of an equal number,
//! a string for a number, a size without its length prefix, milliseconds off...).

use super::read::{self, TypeRead, is_number};
use super::{Verdict, bytes, describe, ids};
use crate::bson::shell::print_value;
use crate::bson::{ElementType, Value, datetime};
use crate::lesson::context::Context;
use crate::lesson::model::Exercise;
use crate::lesson::solve::{Bait, Trap, Truth, letter, same_typed};
use crate::query::order;
use crate::strings::localize::{Localize, one_other};
use crate::strings::{Lang, tr, trf};

/// Judges `text` (trimmed, not empty) against `truth`, the answer of `ex`.
pub(super) fn judge(ex: &Exercise, truth: &Truth, text: &str, ctx: &Context) -> Verdict {
    let (room, lang) = (&ctx.room, ctx.lang);
    let slip = |reason: String| {
        let like = trf(
            lang,
            "answer like: {example}",
            &[&tr(lang, super::form::form(ex).example)],
        );
        Verdict::unreadable(format!("{reason}\n{like}"))
    };
    match truth {
        Truth::Value {
            value,
            exact,
            traps,
        } => match read::value(text, value, room, lang) {
            Ok(typed) => judge_value(text, &typed, value, *exact, traps, lang),
            // Hex digits typed for a number: read, and wrong.
            Err(reason) => match text_trap(text, traps) {
                Some(t) => Verdict::wrong(t.mistake.to_string_in(lang)),
                None => slip(reason),
            },
        },
        Truth::Hex {
            bytes: answer,
            rows,
        } => match read::bytes(text, lang) {
            Ok(typed) => bytes::judge(&typed, answer, rows, lang),
            Err(reason) => slip(reason),
        },
        Truth::Ids {
            ids,
            ordered,
            docs,
            filter,
            sort,
        } => match read::list(text, room, lang) {
            Ok(typed) => ids::judge(
                &typed,
                &ids::Truth {
                    ids,
                    ordered: *ordered,
                    docs,
                    filter: filter.as_ref(),
                    sort: sort.as_ref(),
                },
                lang,
            ),
            Err(reason) => slip(reason),
        },
        Truth::Words(words) => match read::word(text, lang) {
            Ok(w) if words.contains(&w) => Verdict::right(tr(lang, "right")),
            Ok(_) => Verdict::wrong(trf(lang, "`{text}` is not what that byte is", &[&text])),
            Err(reason) => slip(reason),
        },
        Truth::Type(t) => match read::type_name(text, lang) {
            Ok(read) => judge_type(text, read, *t, lang),
            Err(reason) => slip(reason),
        },
        Truth::Time(ms) => match read::time(text, room, lang) {
            Ok(t) => judge_time(t, *ms, lang),
            Err(reason) => slip(reason),
        },
        Truth::Script { outcome, database } => judge_script(ex, text, outcome, *database, ctx),
        Truth::Choice(i) => match read::choice(text, &ex.options, lang) {
            Ok(j) if j == *i => {
                Verdict::right(trf(lang, "right: {value}", &[&format!("({})", letter(j))]))
            }
            Ok(j) => match ex
                .why_not
                .get(j)
                .map(|w| w.trim())
                .filter(|w| !w.is_empty())
            {
                Some(why) => Verdict::wrong(trf(
                    lang,
                    "({letter}) is not right: {why}",
                    &[&letter(j), &why],
                )),
                None => Verdict::wrong(trf(lang, "({letter}) is not right", &[&letter(j)])),
            },
            Err(reason) => slip(reason),
        },
    }
}

/// The trap a text that is no value falls in (hex digits for a number), if any.
fn text_trap<'a>(text: &str, traps: &'a [Trap]) -> Option<&'a Trap> {
    let typed: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect();
    traps
        .iter()
        .find(|t| matches!(&t.bait, Bait::Text(b) if *b == typed))
}

/// A number as it is written without its type: `42`, `0.3`.
fn bare_number(v: &Value) -> String {
    match v {
        Value::Int64(n) => n.to_string(),
        Value::Decimal128(d) => d.to_string(),
        other => print_value(other),
    }
}

/// A value with its type named, for the feedback of an answer whose type counts: "an int
/// (Int32 42)", "a double (Double 42)".
fn with_type(v: &Value, lang: Lang) -> String {
    let n = bare_number(v);
    match v {
        Value::Int32(_) => trf(lang, "an int ({value})", &[&format!("Int32 {n}")]),
        Value::Int64(_) => trf(lang, "a long ({value})", &[&format!("Int64 {n}")]),
        Value::Double(_) => trf(lang, "a double ({value})", &[&format!("Double {n}")]),
        Value::Decimal128(_) => trf(lang, "a decimal ({value})", &[&format!("Decimal128 {n}")]),
        other => describe(other),
    }
}

/// Whether a text is a whole number written in decimal digits (`2147483648`, `-5`).
fn integer_literal(text: &str) -> Option<&str> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())).then_some(text)
}

fn judge_value(
    text: &str,
    typed: &Value,
    value: &Value,
    exact: bool,
    traps: &[Trap],
    lang: Lang,
) -> Verdict {
    let notes = literal_notes(text, typed, value, lang);
    if same_typed(typed, value) || (!exact && order::equal(typed, value)) {
        let right = trf(lang, "right: {value}", &[&describe(value)]);
        return Verdict::right([vec![right], notes].concat().join("\n"));
    }
    let mut why = Vec::new();
    if order::equal(typed, value) {
        // The right number in another type, where the type counts.
        why.push(trf(
            lang,
            "you wrote {typed}, and the result is {result}: the type counts here",
            &[&with_type(typed, lang), &with_type(value, lang)],
        ));
        why.extend(notes);
        return Verdict::wrong(why.join("\n"));
    }
    for t in traps {
        if let Bait::Value(bait) = &t.bait
            && order::equal(typed, bait)
        {
            why.push(t.mistake.to_string_in(lang));
        }
    }
    if let Value::String(s) = typed
        && is_number(value)
    {
        let line = if s.trim().parse::<f64>().is_ok() {
            "{value} is a string: a number is written without quotes"
        } else {
            "{value} is a string, and the answer is a number"
        };
        why.push(trf(
            lang,
            line,
            &[&format_args!("`{}`", print_value(typed))],
        ));
    }
    let named = !why.is_empty() || !notes.is_empty();
    why.extend(notes);
    if !named {
        why.push(if order::bracket(typed) != order::bracket(value) {
            trf(
                lang,
                "{value} is not even the right kind of value: the result is {ty}",
                &[&describe(typed), &value.element_type().alias()],
            )
        } else {
            trf(
                lang,
                "{value} is not the value the engine computes",
                &[&describe(typed)],
            )
        });
    }
    Verdict::wrong(why.join("\n"))
}

/// What mongosh did to a number as it was typed, when that explains the verdict: `42.0` is
/// an int (where the double 42 is the answer), `9007199254740993` rounds to a double (where
/// the answer is that number exactly, or the rounded double), `2147483648` is a double where
/// the int64 is asked.
fn literal_notes(text: &str, typed: &Value, value: &Value, lang: Lang) -> Vec<String> {
    let mut notes = Vec::new();
    let equal = order::equal(typed, value);
    let types_differ = typed.element_type() != value.element_type();
    match (typed, integer_literal(text)) {
        (Value::Int32(_), None)
            if equal && types_differ && text.contains(['.', 'e', 'E']) && !text.contains('(') =>
        {
            notes.push(trf(
                lang,
                "mongosh reads {text} as an int: a whole number is an int32 whatever decimals it is written with; a double is written Double(…)",
                &[&format_args!("`{text}`")],
            ));
        }
        (Value::Double(d), Some(digits)) => {
            let read = print_value(typed);
            // The number the digits spell, exactly, against the answer.
            let meant = digits.parse::<i64>().ok().map(Value::Int64);
            let meant_answer = meant.is_some_and(|m| order::equal(&m, value));
            if read != digits && (equal || meant_answer) {
                notes.push(trf(
                    lang,
                    "mongosh reads {text} as a double, which keeps 53 bits: it becomes {value}; Long('…') keeps every digit",
                    &[&format_args!("`{text}`"), &read],
                ));
            } else if equal && matches!(value, Value::Int64(_)) && d.abs() > f64::from(i32::MAX) {
                notes.push(trf(
                    lang,
                    "mongosh reads a whole number past the int32 range, such as {text}, as a double; an int64 is written Long('…')",
                    &[&format_args!("`{text}`")],
                ));
            }
        }
        _ => {}
    }
    notes
}

fn judge_type(text: &str, read: TypeRead, t: ElementType, lang: Lang) -> Verdict {
    let typed = text.trim();
    match read {
        TypeRead::Type(p) if p == t => Verdict::right(trf(lang, "right: {value}", &[&t.alias()])),
        TypeRead::Type(p) | TypeRead::Byte(p) if p != t => Verdict::wrong(trf(
            lang,
            "`{value}` is {alias} (type {number}), a different type",
            &[&typed, &p.alias(), &p.number()],
        )),
        TypeRead::Type(_) | TypeRead::Byte(_) => Verdict::wrong(trf(
            lang,
            "{value} is the type byte 0x{hex} read unsigned; $type numbers {alias} {number}, the byte read as a signed number",
            &[
                &format_args!("`{typed}`"),
                &format_args!("{:02x}", t.byte()),
                &t.alias(),
                &t.number(),
            ],
        )),
        TypeRead::NoSuchNumber(n) => {
            Verdict::wrong(trf(lang, "no BSON type has the number {n}", &[&n]))
        }
    }
}

/// Judges an instant against an ObjectId's time (whole seconds, UTC).
fn judge_time(t: i64, ms: i64, lang: Lang) -> Verdict {
    if t == ms {
        return Verdict::right(trf(lang, "right: {value}", &[&datetime::format_iso(ms)]));
    }
    let shown = datetime::format_iso(t);
    let off = (t - ms).unsigned_abs();
    let mut why = Vec::new();
    if !off.is_multiple_of(1000) {
        let key = one_other(
            lang,
            off,
            "{value} differs by {n} millisecond",
            "{value} differs by {n} milliseconds",
        );
        why.push(trf(lang, key, &[&shown, &off]));
    } else if off.is_multiple_of(3_600_000) && off <= 14 * 3_600_000 {
        let hours = off / 3_600_000;
        let key = one_other(
            lang,
            hours,
            "{value} is {n} hour off: an ObjectId's time is UTC (Z), not a local time",
            "{value} is {n} hours off: an ObjectId's time is UTC (Z), not a local time",
        );
        why.push(trf(lang, key, &[&shown, &hours]));
    } else {
        let secs = off / 1000;
        let key = one_other(
            lang,
            secs,
            "{value} is {n} second off",
            "{value} is {n} seconds off",
        );
        why.push(trf(lang, key, &[&shown, &secs]));
    }
    if t.rem_euclid(1000) != 0 {
        why.push(tr(lang, "an ObjectId's time is stored in whole seconds").to_owned());
    }
    Verdict::wrong(why.join("\n"))
}

/// A learner's script, run after the exercise's `setup` in a fresh console of the class:
/// right when it prints (or leaves) what the expected script does; wrong with the first line
/// that differs, or with mongosh's report when it threw.
fn judge_script(
    ex: &Exercise,
    text: &str,
    outcome: &str,
    database: bool,
    ctx: &Context,
) -> Verdict {
    let lang = ctx.lang;
    let got = match crate::lesson::solve::script_outcome(
        &ctx.room,
        ex.setup.as_deref(),
        text,
        database,
    ) {
        Ok(Ok(got)) => got,
        Ok(Err(report)) => {
            return Verdict::wrong(trf(lang, "your script stopped: {report}", &[&report]));
        }
        Err(e) => return Verdict::wrong(e.to_string_in(lang)),
    };
    if got == outcome {
        return Verdict::right(tr(lang, "right"));
    }
    let (got_lines, want_lines): (Vec<&str>, Vec<&str>) =
        (got.lines().collect(), outcome.lines().collect());
    let n = got_lines
        .iter()
        .zip(&want_lines)
        .position(|(a, b)| a != b)
        .unwrap_or(got_lines.len().min(want_lines.len()));
    let shown = |lines: &[&str]| {
        lines
            .get(n)
            .map_or_else(|| tr(lang, "(nothing)").to_owned(), |l| format!("`{l}`"))
    };
    let key = if database {
        "after your script, line {n} of the databases is {got}, but the expected script leaves {want}"
    } else {
        "line {n} of what your script printed is {got}, but the expected script prints {want}"
    };
    Verdict::wrong(trf(
        lang,
        key,
        &[&(n + 1), &shown(&got_lines), &shown(&want_lines)],
    ))
}
