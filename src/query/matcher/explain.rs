//! Why a document does not match, in words a learner can act on: the first clause that
//! fails, the values its path reached, and the rule that turned them away (type
//! bracketing, missing fields, arrays, regexes).

use super::{Cmp, Expr, Leaf, Pred, canonical};
use crate::bson::Value;
use crate::bson::shell::print_value;
use crate::query::path::{self, Candidate, Fields};

/// The reason `expr` (known not to match) rejects the document at `fields`.
pub(super) fn why(expr: &Expr, fields: Fields<'_>) -> String {
    match expr {
        Expr::And(children) => children.iter().find(|c| !c.matches(fields)).map_or_else(
            || "the filter does not match".to_owned(),
            |c| why(c, fields),
        ),
        Expr::Or(children) => {
            let reasons: Vec<String> = children
                .iter()
                .enumerate()
                .map(|(i, c)| format!("({}) {}", i + 1, why(c, fields)))
                .collect();
            format!("no clause of $or matches: {}", reasons.join("; "))
        }
        Expr::Nor(children) => {
            let hit = children.iter().position(|c| c.matches(fields)).unwrap_or(0);
            format!(
                "$nor rejects documents that match any of its clauses, and clause {} ({}) matches",
                hit + 1,
                children.get(hit).map(describe).unwrap_or_default()
            )
        }
        Expr::Not(inner) => why_not(inner, fields),
        Expr::Const(_) => "this condition matches no document ($alwaysFalse, or $all: [])".into(),
        Expr::Aggregate(_) => "the $expr expression evaluates to false, null, 0 or missing".into(),
        Expr::Leaf(leaf) => why_leaf(leaf, fields),
    }
}

/// Why a negation (`$ne`, `$nin`, `$exists: false`, `$not`, known to fail) fails: the
/// condition it negates holds, because of this value.
fn why_not(inner: &Expr, fields: Fields<'_>) -> String {
    let Expr::Leaf(leaf) = inner else {
        return format!(
            "{} holds, and $not rejects what it matches",
            describe(inner)
        );
    };
    let path = &leaf.path;
    let mut hit = None;
    path::each_candidate(fields, &leaf.parts, leaf.pred.leaf_arrays(), &mut |c| {
        hit = Some(c);
        leaf.pred.matches(c.value)
    });
    let Some(Candidate { value, from_array }) = hit else {
        return format!(
            "{} holds, and the filter asks for its opposite",
            describe(inner)
        );
    };
    let Some(value) = value else {
        // Only null-like conditions match a missing field.
        return format!(
            "{path} is missing, and {} rejects missing fields as well as nulls",
            describe(&Expr::Not(Box::new(inner.clone())))
        );
    };
    let subject = if from_array {
        format!("an element of {path} ({})", print_value(value))
    } else {
        format!("{path}: {}", print_value(value))
    };
    match &leaf.pred {
        Pred::Cmp(Cmp::Eq, v) => format!(
            "{subject} equals {}, so $ne: {} rejects the document",
            print_value(v),
            print_value(v)
        ),
        Pred::In(_) => format!("{subject} is in the $nin list, so the document is rejected"),
        Pred::Exists => format!("{path} exists, so $exists: false rejects the document"),
        _ => format!(
            "{subject} satisfies {}, and $not rejects what it matches",
            operand(&leaf.pred)
        ),
    }
}

/// A condition in filter syntax, for quoting it back: `qty: { $gt: 5 }`, `status: 'A'`.
fn describe(expr: &Expr) -> String {
    match expr {
        Expr::Leaf(leaf) => match &leaf.pred {
            Pred::Cmp(Cmp::Eq, v) => format!("{}: {}", leaf.path, print_value(v)),
            Pred::Regex(r) => format!("{}: /{}/{}", leaf.path, r.pattern, r.options),
            pred => format!("{}: {{ {} }}", leaf.path, operand(pred)),
        },
        Expr::Not(inner) => match inner.as_ref() {
            Expr::Leaf(leaf) => match &leaf.pred {
                Pred::Cmp(Cmp::Eq, v) => {
                    format!("{}: {{ $ne: {} }}", leaf.path, print_value(v))
                }
                Pred::In(_) => format!(
                    "{}: {{ {} }}",
                    leaf.path,
                    operand(&leaf.pred).replacen("$in", "$nin", 1)
                ),
                Pred::Exists => format!("{}: {{ $exists: false }}", leaf.path),
                pred => format!("{}: {{ $not: {{ {} }} }}", leaf.path, operand(pred)),
            },
            other => format!("not ({})", describe(other)),
        },
        Expr::And(children) => children
            .iter()
            .map(describe)
            .collect::<Vec<_>>()
            .join(" and "),
        Expr::Or(children) => format!(
            "$or of ({})",
            children
                .iter()
                .map(describe)
                .collect::<Vec<_>>()
                .join("), (")
        ),
        Expr::Nor(children) => format!(
            "$nor of ({})",
            children
                .iter()
                .map(describe)
                .collect::<Vec<_>>()
                .join("), (")
        ),
        Expr::Const(b) => format!("{b}"),
        Expr::Aggregate(e) => format!("$expr: {}", print_value(e)),
    }
}

/// The operator and its operand: `$gt: 0`, `$in: [...]`.
fn operand(pred: &Pred) -> String {
    match pred {
        Pred::Cmp(op, v) => format!("{}: {}", op.name(), print_value(v)),
        Pred::In(list) => {
            let mut items: Vec<String> = list.values.iter().map(print_value).collect();
            items.extend(
                list.regexes
                    .iter()
                    .map(|r| format!("/{}/{}", r.pattern, r.options)),
            );
            format!("$in: [ {} ]", items.join(", "))
        }
        Pred::Regex(r) => format!("/{}/{}", r.pattern, r.options),
        Pred::Exists => "$exists: true".into(),
        Pred::Type(set) => {
            let mut names: Vec<&str> = set.types.iter().map(|t| t.alias()).collect();
            if set.all_numbers {
                names.push("number");
            }
            format!("$type: {}", names.join(" or "))
        }
        Pred::Size(n) => format!("$size: {n}"),
        Pred::Mod(d, r) => format!("$mod: [ {d}, {r} ]"),
        Pred::ElemMatchObject(sub) => format!("$elemMatch: {{ {} }}", describe(sub)),
        Pred::ElemMatchValue(subs) => format!(
            "$elemMatch: {{ {} }}",
            subs.iter()
                .map(|s| match s {
                    Expr::Leaf(l) => operand(&l.pred),
                    other => describe(other),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// "a string", "an int", "null": the value's type with its article.
fn type_phrase(v: &Value) -> String {
    let alias = v.element_type().alias();
    match v {
        Value::Null => "null".into(),
        Value::Document(_) => "an embedded document".into(),
        _ if alias.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {alias}"),
        _ => format!("a {alias}"),
    }
}

/// What a bracket holds, for "only compares ...".
fn bracket_phrase(v: &Value) -> &'static str {
    match v {
        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_) => "numbers",
        Value::String(_) | Value::Symbol(_) => "strings",
        Value::Document(_) => "embedded documents",
        Value::Array(_) => "arrays",
        Value::Binary(_) => "binary data",
        Value::ObjectId(_) => "ObjectIds",
        Value::Boolean(_) => "booleans",
        Value::DateTime(_) => "dates",
        Value::Timestamp(_) => "timestamps",
        Value::Regex(_) => "regular expressions",
        Value::Null => "null (and missing fields)",
        Value::Undefined => "undefined",
        Value::DbPointer(_) => "DBPointers",
        Value::JavaScript(_) => "JavaScript code",
        Value::JavaScriptWithScope(_) => "JavaScript code with scope",
        Value::MinKey => "MinKey",
        Value::MaxKey => "MaxKey",
    }
}

fn relation(op: Cmp) -> &'static str {
    match op {
        Cmp::Eq => "equal to",
        Cmp::Lt => "less than",
        Cmp::Lte => "less than or equal to",
        Cmp::Gt => "greater than",
        Cmp::Gte => "greater than or equal to",
    }
}

fn why_leaf(leaf: &Leaf, fields: Fields<'_>) -> String {
    let mut found: Vec<Candidate<'_>> = Vec::new();
    path::each_candidate(fields, &leaf.parts, leaf.pred.leaf_arrays(), &mut |c| {
        found.push(c);
        false
    });
    let path = &leaf.path;
    let op = operand(&leaf.pred);
    let values: Vec<&Value> = found.iter().filter_map(|c| c.value).collect();
    if values.is_empty() {
        return match &leaf.pred {
            Pred::Exists => format!("{path} does not exist in this document"),
            _ => format!(
                "{path} is missing in this document, and {op} never matches a missing field \
                 (only {{ {path}: null }} does)"
            ),
        };
    }
    // The path ends at one value (and perhaps its elements): talk about that value.
    let whole = values[values.len() - 1];
    let shown = format!("{path}: {}", print_value(whole));
    let through_array = found.iter().any(|c| c.from_array);
    match &leaf.pred {
        Pred::Cmp(op_kind, rhs) => {
            if values.len() == 1 && !through_array {
                let v = whole;
                if canonical(Some(v)) != canonical(Some(rhs)) {
                    if matches!(rhs, Value::Null) {
                        return format!("{shown} is {}, not null", type_phrase(v));
                    }
                    return format!(
                        "{shown} is {}; {op} only compares {} (type bracketing)",
                        type_phrase(v),
                        bracket_phrase(rhs)
                    );
                }
                if super::is_nan(v) || super::is_nan(rhs) {
                    return format!(
                        "{shown} — NaN is equal only to NaN and neither less nor greater than any number"
                    );
                }
                return format!("{shown} is not {} {}", relation(*op_kind), print_value(rhs));
            }
            let same_bracket = values
                .iter()
                .any(|v| canonical(Some(v)) == canonical(Some(rhs)));
            if !same_bracket && !matches!(rhs, Value::Null) {
                return format!(
                    "{path} reaches {} value(s) ({}), none of them in the bracket of {op}, which \
                     only compares {} (type bracketing)",
                    values.len(),
                    list(&values),
                    bracket_phrase(rhs)
                );
            }
            let leaf_array = found
                .iter()
                .any(|c| !c.from_array && matches!(c.value, Some(Value::Array(_))));
            if leaf_array {
                format!(
                    "{path} reaches {} ({}): an array matches when any element, or the whole \
                     array, satisfies {op}, and none does",
                    plural(values.len()),
                    list(&values)
                )
            } else if through_array {
                format!(
                    "{path} goes through an array and reaches {} ({}): it matches when any of \
                     them satisfies {op}, and none does",
                    plural(values.len()),
                    list(&values)
                )
            } else {
                format!(
                    "{path} reaches {} ({}), and none satisfies {op}",
                    plural(values.len()),
                    list(&values)
                )
            }
        }
        Pred::Size(n) => match whole {
            Value::Array(items) => format!("{shown} has {} element(s), not {n}", items.len()),
            other => format!(
                "{shown} is {}, and $size only matches arrays",
                type_phrase(other)
            ),
        },
        Pred::ElemMatchObject(_) | Pred::ElemMatchValue(_) => match whole {
            Value::Array(_) => format!("{shown}: no single element satisfies {op}"),
            other => format!(
                "{shown} is {}, and $elemMatch only matches arrays",
                type_phrase(other)
            ),
        },
        Pred::Regex(_)
            if values
                .iter()
                .all(|v| !matches!(v, Value::String(_) | Value::Symbol(_) | Value::Regex(_))) =>
        {
            format!(
                "{shown} is {}, and a regex only matches strings",
                type_phrase(whole)
            )
        }
        Pred::Mod(..) if values.iter().all(|v| !super::is_number(v)) => format!(
            "{shown} is {}, and $mod only matches numbers",
            type_phrase(whole)
        ),
        _ if values.len() == 1 => format!("{shown} does not satisfy {op}"),
        _ => format!(
            "{path} reaches {} ({}), and none satisfies {op}",
            plural(values.len()),
            list(&values)
        ),
    }
}

fn plural(n: usize) -> String {
    if n == 1 {
        "1 value".into()
    } else {
        format!("{n} values")
    }
}

fn list(values: &[&Value]) -> String {
    values
        .iter()
        .map(|v| print_value(v))
        .collect::<Vec<_>>()
        .join(", ")
}
