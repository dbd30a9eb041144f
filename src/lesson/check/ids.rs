//! Judging `_id`s typed for a `find` (a set) or a `sort` (an order): which ids are missing or
//! extra and why the filter does not match them, which pair is the wrong way round, and for a
//! sort the rule that was missed: types first, arrays by their smallest element, strings
//! byte by byte.

use std::cmp::Ordering;

use super::{Verdict, describe};
use crate::bson::shell::{print_document, print_value};
use crate::bson::{Document, Value};
use crate::lesson::compute;
use crate::query::matcher::Filter;
use crate::query::order;
use crate::query::sort::SortSpec;
use crate::strings::{Lang, tr, trf};

/// The answer of a `find` or `sort` exercise.
pub(super) struct Truth<'a> {
    /// The `_id`s, in order for a sort.
    pub ids: &'a [Value],
    /// Whether the order counts.
    pub ordered: bool,
    /// The collection's documents.
    pub docs: &'a [Document],
    /// The filter, to explain a mismatch.
    pub filter: Option<&'a Filter>,
    /// The sort, to explain an order.
    pub sort: Option<&'a SortSpec>,
}

/// Judges the `_id`s typed.
pub(super) fn judge(typed: &[Value], truth: &Truth<'_>, lang: Lang) -> Verdict {
    let Truth {
        ids,
        ordered,
        docs,
        filter,
        sort,
    } = *truth;
    let contains = |list: &[Value], v: &Value| list.iter().any(|x| order::equal(x, v));
    let doc_of = |id: &Value| docs.iter().find(|d| order::equal(&compute::id_of(d), id));
    let mut why = Vec::new();
    for t in typed {
        if !contains(ids, t) {
            match (doc_of(t), filter) {
                (None, _) => why.push(trf(
                    lang,
                    "there is no document with _id {id}",
                    &[&describe(t)],
                )),
                (Some(d), Some(f)) => {
                    let reason = f
                        .explain_mismatch(d, lang)
                        .ok()
                        .flatten()
                        .unwrap_or_else(|| tr(lang, "it is not in the result").into());
                    why.push(trf(
                        lang,
                        "_id {id} does not match: {reason}",
                        &[&describe(t), &reason],
                    ));
                }
                (Some(_), None) => {
                    why.push(trf(lang, "_id {id} is not in the result", &[&describe(t)]));
                }
            }
        }
    }
    for id in ids {
        if !contains(typed, id) {
            let shown = doc_of(id).map_or_else(|| describe(id), print_document);
            why.push(trf(
                lang,
                "{value} matches too, and you left it out",
                &[&shown],
            ));
        }
    }
    if typed.len() != ids.len() && why.is_empty() {
        why.push(tr(lang, "an _id appears more than once").into());
    }
    if !why.is_empty() {
        return Verdict::wrong(why.join("\n"));
    }
    if ordered && !typed.iter().zip(ids).all(|(a, b)| order::equal(a, b)) {
        if typed.len() > 2 && typed.iter().rev().zip(ids).all(|(a, b)| order::equal(a, b)) {
            return Verdict::wrong(tr(
                lang,
                "that is the reverse order: in a sort, 1 is ascending and -1 descending",
            ));
        }
        // The first pair the learner put the wrong way round.
        for (i, a) in typed.iter().enumerate() {
            for b in &typed[i + 1..] {
                if let (Some(da), Some(db), Some(s)) = (doc_of(a), doc_of(b), sort)
                    && s.compare(da, db) == Ordering::Greater
                {
                    let mut lines = vec![trf(
                        lang,
                        "{first} sorts after {second}",
                        &[&print_document(da), &print_document(db)],
                    )];
                    lines.extend(order_rules(da, db, s, docs, lang));
                    return Verdict::wrong(lines.join("\n"));
                }
            }
        }
        return Verdict::wrong(tr(lang, "the right _ids, in the wrong order"));
    }
    Verdict::right(trf(
        lang,
        "right: {value}",
        &[&print_value(&Value::Array(ids.to_vec()))],
    ))
}

/// The value a document sorts by for one key, and whether it came out of an array: an
/// array sorts by its smallest element (its largest in a descending sort), a missing field
/// as null. An empty array gives `None` (it sorts below null, a rule of its own).
fn sort_value(doc: &Document, path: &str, ascending: bool) -> Option<(Value, bool)> {
    let mut v = Value::Document(doc.clone());
    for part in path.split('.') {
        v = match v {
            Value::Document(d) => d.get(part).cloned().unwrap_or(Value::Null),
            Value::Array(items) => part
                .parse::<usize>()
                .ok()
                .and_then(|i| items.get(i).cloned())
                .unwrap_or(Value::Null),
            _ => Value::Null,
        };
    }
    match v {
        Value::Array(items) => {
            let pick = if ascending {
                items.into_iter().min_by(order::compare)
            } else {
                items.into_iter().max_by(order::compare)
            };
            pick.map(|v| (v, true))
        }
        other => Some((other, false)),
    }
}

/// The sort rules that decide between `a` and `b` which a learner who put them the other
/// way round may have missed.
fn order_rules(
    a: &Document,
    b: &Document,
    sort: &SortSpec,
    docs: &[Document],
    lang: Lang,
) -> Vec<String> {
    let mut rules = Vec::new();
    for key in &sort.keys {
        let (Some((va, array_a)), Some((vb, array_b))) = (
            sort_value(a, &key.path, key.ascending),
            sort_value(b, &key.path, key.ascending),
        ) else {
            return rules;
        };
        if order::compare(&va, &vb) == Ordering::Equal {
            continue;
        }
        if array_a || array_b {
            rules.push(
                tr(
                    lang,
                    "an array sorts by its smallest element (by its largest in a descending sort)",
                )
                .to_owned(),
            );
        }
        if order::bracket(&va) != order::bracket(&vb) {
            let mut brackets: Vec<u8> = docs
                .iter()
                .filter_map(|d| sort_value(d, &key.path, key.ascending))
                .map(|(v, _)| order::bracket(&v))
                .collect();
            brackets.sort_unstable();
            brackets.dedup();
            let names: Vec<&str> = brackets
                .iter()
                .map(|b| tr(lang, bracket_name(*b)))
                .collect();
            rules.push(trf(
                lang,
                "sort compares types first: {order}",
                &[&names.join(" < ")],
            ));
        } else if let (Value::String(x), Value::String(y)) = (&va, &vb)
            && natural_order(x, y) != x.as_bytes().cmp(y.as_bytes())
        {
            rules.push(
                tr(
                    lang,
                    "strings compare byte by byte, not as the numbers or dates they spell",
                )
                .to_owned(),
            );
        }
        return rules;
    }
    rules
}

/// The order of two strings read as a person reads them, runs of digits as numbers
/// (`2026-9-30` before `2026-10-15`): where it differs from the byte order, a learner may
/// have sorted the numbers or dates the strings spell.
fn natural_order(a: &str, b: &str) -> Ordering {
    fn runs(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, c) in s.char_indices().skip(1) {
            let prev = s[..i]
                .chars()
                .next_back()
                .is_some_and(|p| p.is_ascii_digit());
            if prev != c.is_ascii_digit() {
                out.push((prev, &s[start..i]));
                start = i;
            }
        }
        if !s.is_empty() {
            let last = s[start..].starts_with(|c: char| c.is_ascii_digit());
            out.push((last, &s[start..]));
        }
        out
    }
    for (x, y) in runs(a).into_iter().zip(runs(b)) {
        let o = match (x, y) {
            ((true, dx), (true, dy)) => {
                let (dx, dy) = (dx.trim_start_matches('0'), dy.trim_start_matches('0'));
                dx.len().cmp(&dy.len()).then_with(|| dx.cmp(dy))
            }
            ((_, tx), (_, ty)) => tx.cmp(ty),
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// The name of a type bracket of [`order::bracket`], for the order of types: the words the
/// matcher uses for a bracket (translated in its table), BSON's own names as they are.
fn bracket_name(bracket: u8) -> &'static str {
    match bracket {
        0 => "MinKey",
        1 => "undefined",
        5 => "null",
        10 => "numbers",
        15 => "strings",
        20 => "embedded documents",
        25 => "arrays",
        30 => "binary data",
        35 => "ObjectIds",
        40 => "booleans",
        45 => "dates",
        47 => "timestamps",
        50 => "regular expressions",
        55 => "DBPointers",
        60 => "JavaScript code",
        65 => "JavaScript code with scope",
        _ => "MaxKey",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::Value;

    #[test]
    fn natural_order_reads_digit_runs_as_numbers() {
        assert_eq!(natural_order("2026-9-30", "2026-10-15"), Ordering::Less);
        assert_eq!("2026-9-30".cmp("2026-10-15"), Ordering::Greater);
        assert_eq!(natural_order("2026-10-01", "2026-10-15"), Ordering::Less);
        assert_eq!(natural_order("a", "b"), Ordering::Less);
        assert_eq!(natural_order("x10", "x9"), Ordering::Greater);
        assert_eq!(natural_order("", "a"), Ordering::Less);
    }

    #[test]
    fn every_bracket_has_a_name() {
        let values = [
            Value::MinKey,
            Value::Undefined,
            Value::Null,
            Value::Int32(1),
            Value::from("a"),
            Value::Document(Document::new()),
            Value::Array(vec![]),
            Value::Boolean(true),
            Value::DateTime(0),
            Value::MaxKey,
        ];
        let names: Vec<&str> = values
            .iter()
            .map(|v| bracket_name(order::bracket(v)))
            .collect();
        assert_eq!(
            names,
            [
                "MinKey",
                "undefined",
                "null",
                "numbers",
                "strings",
                "embedded documents",
                "arrays",
                "booleans",
                "dates",
                "MaxKey"
            ]
        );
        // Words are translated; BSON's own names stay as they are.
        for b in 0..=100 {
            let name = bracket_name(b);
            if !["MinKey", "undefined", "null", "MaxKey"].contains(&name) {
                for lang in [Lang::Vi, Lang::Zh] {
                    assert!(crate::strings::translation(lang, name).is_some(), "{name}");
                }
            }
        }
    }
}
