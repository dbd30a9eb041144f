//! `Filter::matches` against a brute-force reference written from the manual's rules alone:
//! read every candidate a path reaches ("Query an Array", "Query on Embedded/Nested
//! Documents"), test each with the comparison's type-bracket rule ("Comparison/Sort
//! Order"), and let any candidate decide ("Query for Null or Missing Fields" for nulls).
//! Plus: no input, however odd, makes parsing or matching panic.

use std::cmp::Ordering;

use bson_tutor::bson::{Decimal128, Document, Value};
use bson_tutor::query::matcher::Filter;
use bson_tutor::query::matcher::regex::Regex;
use bson_tutor::query::order;
use bson_tutor::strings::Lang;
use proptest::prelude::*;

fn doc(fields: &[(&str, Value)]) -> Value {
    let mut d = Document::new();
    for (k, v) in fields {
        d.push(*k, v.clone());
    }
    Value::Document(d)
}

fn dec(s: &str) -> Value {
    Value::Decimal128(Decimal128::parse(s).expect("decimal"))
}

/// Scalars that exercise brackets, cross-type numbers and NaN.
fn scalars() -> Vec<Value> {
    vec![
        Value::Int32(1),
        Value::Int32(2),
        Value::Int64(2),
        Value::Double(2.0),
        Value::Double(2.5),
        Value::Double(f64::NAN),
        dec("2.00"),
        dec("-1"),
        Value::from("a"),
        Value::from("b"),
        Value::from("2"),
        Value::Null,
        Value::Boolean(true),
        Value::Boolean(false),
        Value::DateTime(0),
        Value::DateTime(86_400_000),
    ]
}

/// Values stored in documents: the scalars, embedded documents and arrays.
fn stored() -> Vec<Value> {
    let mut pool = scalars();
    pool.extend([
        doc(&[("g", Value::Int32(1))]),
        doc(&[("g", Value::from("a"))]),
        doc(&[("g", Value::Null)]),
        doc(&[("g", Value::Array(vec![Value::Int32(1), Value::Int32(2)]))]),
        doc(&[("h", Value::Int32(1))]),
        doc(&[]),
        doc(&[("g", Value::Double(2.0)), ("h", Value::Int32(1))]),
        Value::Array(vec![]),
        Value::Array(vec![Value::Int32(1), Value::from("a")]),
        Value::Array(vec![Value::Null, Value::Int32(2)]),
        Value::Array(vec![Value::Array(vec![Value::Int32(1)])]),
        Value::Array(vec![
            doc(&[("g", Value::Int32(1))]),
            doc(&[("g", Value::Int32(2))]),
        ]),
        Value::Array(vec![doc(&[("h", Value::Int32(1))]), Value::Int32(2)]),
        Value::Array(vec![doc(&[("g", Value::Array(vec![Value::from("a")]))])]),
    ]);
    pool
}

/// Operands: the scalars, a few containers, MinKey and MaxKey.
fn operands() -> Vec<Value> {
    let mut pool = scalars();
    pool.extend([
        doc(&[("g", Value::Int32(1))]),
        doc(&[]),
        Value::Array(vec![Value::Int32(1), Value::from("a")]),
        Value::Array(vec![Value::Int32(1), Value::Int32(2)]),
        Value::Array(vec![]),
        Value::MinKey,
        Value::MaxKey,
    ]);
    pool
}

// ---- the reference ---------------------------------------------------------------------

/// The type brackets, from the manual's "Comparison/Sort Order" list.
fn bracket(v: &Value) -> u8 {
    match v {
        Value::MinKey => 0,
        Value::Null => 1,
        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_) => 2,
        Value::String(_) | Value::Symbol(_) => 3,
        Value::Document(_) => 4,
        Value::Array(_) => 5,
        Value::Binary(_) => 6,
        Value::ObjectId(_) => 7,
        Value::Boolean(_) => 8,
        Value::DateTime(_) => 9,
        Value::Timestamp(_) => 10,
        Value::Regex(_) => 11,
        Value::MaxKey => 20,
        _ => 15,
    }
}

fn nan(v: &Value) -> bool {
    match v {
        Value::Double(x) => x.is_nan(),
        Value::Decimal128(d) => d.is_nan(),
        _ => false,
    }
}

/// Every candidate `path` reaches; `None` is "missing". A path ending at an array gives the
/// elements and the array; an array in the middle gives what each document element holds.
fn candidates<'a>(value: Option<&'a Value>, rest: &[&str], out: &mut Vec<Option<&'a Value>>) {
    let Some((first, tail)) = rest.split_first() else {
        if let Some(Value::Array(items)) = value {
            out.extend(items.iter().map(Some));
        }
        out.push(value);
        return;
    };
    match value {
        Some(Value::Document(d)) => candidates(d.get(first), tail, out),
        Some(Value::Array(items)) => {
            for item in items {
                if let Value::Document(d) = item {
                    candidates(d.get(first), tail, out);
                }
            }
        }
        _ => out.push(None),
    }
}

#[derive(Clone, Copy, Debug)]
enum Op {
    Eq,
    Ne,
    Gt,
    Gte,
    Lt,
    Lte,
    In,
    Nin,
}

/// One candidate against one comparison.
fn compare(op: Op, candidate: Option<&Value>, operand: &Value) -> bool {
    let Some(v) = candidate else {
        // Missing counts as null for $eq/$gte/$lte null, and everything sits above MinKey
        // and below MaxKey.
        return match operand {
            Value::Null => matches!(op, Op::Eq | Op::Gte | Op::Lte),
            Value::MinKey => matches!(op, Op::Gt | Op::Gte),
            Value::MaxKey => matches!(op, Op::Lt | Op::Lte),
            _ => false,
        };
    };
    if bracket(v) != bracket(operand) {
        return match operand {
            Value::MinKey => matches!(op, Op::Gt | Op::Gte),
            Value::MaxKey => matches!(op, Op::Lt | Op::Lte),
            _ => false,
        };
    }
    if !matches!(op, Op::Eq) && (nan(v) || nan(operand)) {
        return matches!(op, Op::Gte | Op::Lte) && nan(v) && nan(operand);
    }
    let o = order::compare(v, operand);
    match op {
        Op::Eq => o == Ordering::Equal,
        Op::Gt => o == Ordering::Greater,
        Op::Gte => o != Ordering::Less,
        Op::Lt => o == Ordering::Less,
        Op::Lte => o != Ordering::Greater,
        _ => unreachable!(),
    }
}

fn reference(d: &Document, path: &str, op: Op, operand: &Value) -> bool {
    let parts: Vec<&str> = path.split('.').collect();
    let mut found = Vec::new();
    candidates(d.get(parts[0]), &parts[1..], &mut found);
    let any = |op: Op, operand: &Value| found.iter().any(|c| compare(op, *c, operand));
    let any_in = || match operand {
        Value::Array(list) => list.iter().any(|item| any(Op::Eq, item)),
        _ => unreachable!(),
    };
    match op {
        Op::Ne => !any(Op::Eq, operand),
        Op::In => any_in(),
        Op::Nin => !any_in(),
        _ => any(op, operand),
    }
}

// ---- strategies ------------------------------------------------------------------------

fn document() -> impl Strategy<Value = Document> {
    prop::collection::vec(
        (
            prop::sample::select(vec!["a", "b"]),
            prop::sample::select(stored()),
        ),
        0..3,
    )
    .prop_map(|fields| {
        let mut d = Document::new();
        for (k, v) in fields {
            d.insert(k, v);
        }
        d
    })
}

fn operation() -> impl Strategy<Value = (String, Op, Value)> {
    let op = prop::sample::select(vec![
        Op::Eq,
        Op::Ne,
        Op::Gt,
        Op::Gte,
        Op::Lt,
        Op::Lte,
        Op::In,
        Op::Nin,
    ]);
    let path = prop::sample::select(vec!["a", "a.g", "b", "a.g.h"]).prop_map(str::to_owned);
    let list = prop::collection::vec(prop::sample::select(operands()), 0..4)
        .prop_filter("no MinKey/MaxKey in $in", |l| {
            l.iter()
                .all(|v| !matches!(v, Value::MinKey | Value::MaxKey))
        })
        .prop_map(Value::Array);
    (path, op, prop::sample::select(operands()), list).prop_map(|(path, op, single, list)| {
        let operand = if matches!(op, Op::In | Op::Nin) {
            list
        } else {
            single
        };
        (path, op, operand)
    })
}

fn filter_for(path: &str, op: Op, operand: &Value, implicit: bool) -> Document {
    let mut f = Document::new();
    let name = match op {
        Op::Eq => "$eq",
        Op::Ne => "$ne",
        Op::Gt => "$gt",
        Op::Gte => "$gte",
        Op::Lt => "$lt",
        Op::Lte => "$lte",
        Op::In => "$in",
        Op::Nin => "$nin",
    };
    let operator_document = matches!(operand, Value::Document(d) if d.keys().next().is_some_and(|k| k.starts_with('$')));
    if implicit && matches!(op, Op::Eq) && !operator_document {
        f.push(path, operand.clone());
    } else {
        let mut inner = Document::new();
        inner.push(name, operand.clone());
        f.push(path, inner);
    }
    f
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn matches_agree_with_the_reference(
        docs in prop::collection::vec(document(), 1..6),
        (path, op, operand) in operation(),
        implicit in any::<bool>(),
    ) {
        let filter = Filter::parse(&filter_for(&path, op, &operand, implicit))
            .expect("simple filters parse");
        for d in &docs {
            prop_assert_eq!(
                filter.matches(d),
                reference(d, &path, op, &operand),
                "doc {:?} path {} op {:?} operand {:?}", d, path, op, operand
            );
        }
    }

    #[test]
    fn conjunctions_are_intersections(
        d in document(),
        (p1, op1, v1) in operation(),
        (p2, op2, v2) in operation(),
    ) {
        let mut both = filter_for(&p1, op1, &v1, false);
        let second = filter_for(&p2, op2, &v2, false);
        let mut and = Document::new();
        and.push("$and", vec![Value::Document(both.clone()), Value::Document(second.clone())]);
        for (k, v) in second.iter() {
            both.push(k, v.clone());
        }
        let expected = reference(&d, &p1, op1, &v1) && reference(&d, &p2, op2, &v2);
        prop_assert_eq!(Filter::parse(&both).unwrap().matches(&d), expected);
        prop_assert_eq!(Filter::parse(&and).unwrap().matches(&d), expected);
        let mut nor = Document::new();
        nor.push("$nor", vec![Value::Document(filter_for(&p1, op1, &v1, false))]);
        prop_assert_eq!(Filter::parse(&nor).unwrap().matches(&d), !reference(&d, &p1, op1, &v1));
    }
}

// ---- robustness ------------------------------------------------------------------------

fn keys() -> Vec<&'static str> {
    vec![
        "a",
        "a.b",
        "a.0",
        "0",
        "",
        "$and",
        "$or",
        "$nor",
        "$not",
        "$eq",
        "$ne",
        "$gt",
        "$in",
        "$nin",
        "$all",
        "$size",
        "$exists",
        "$type",
        "$mod",
        "$regex",
        "$options",
        "$elemMatch",
        "$expr",
        "$comment",
        "$foo",
        "$where",
        "$alwaysTrue",
        "$ref",
        "$id",
    ]
}

fn any_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        prop::sample::select(operands()),
        any::<i32>().prop_map(Value::Int32),
        any::<f64>().prop_map(Value::Double),
        "[a-z(\\[\\].*+?|^$\\\\]{0,6}".prop_map(Value::from),
        ("[a-z.*()\\[\\]]{0,5}", "[imsxg]{0,2}")
            .prop_map(|(p, o)| { Value::Regex(Box::new(bson_tutor::bson::Regex::new(p, &o))) }),
        Just(Value::Undefined),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec((prop::sample::select(keys()), inner), 0..4).prop_map(|fields| {
                let mut d = Document::new();
                for (k, v) in fields {
                    d.push(k, v);
                }
                Value::Document(d)
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn no_filter_makes_the_matcher_panic(
        fields in prop::collection::vec((prop::sample::select(keys()), any_value()), 0..4),
        target in any_value(),
    ) {
        let mut filter = Document::new();
        for (k, v) in fields {
            filter.push(k, v);
        }
        let mut d = Document::new();
        d.push("a", target.clone());
        d.push("_id", 1);
        if let Ok(f) = Filter::parse(&filter) {
            let matched = f.matches(&d);
            prop_assert_eq!(
                f.explain_mismatch(&d, Lang::En).expect("no stop asked for").is_none(),
                matched
            );
        }
    }

    #[test]
    fn no_pattern_makes_the_regex_engine_panic(
        pattern in "[a-c.*+?|()\\[\\]{}^$\\\\0-9dws,:-]{0,12}",
        options in "[imsx]{0,2}",
        text in "[a-c0-9 \n]{0,12}",
    ) {
        if let Ok(re) = Regex::new(&pattern, &options) {
            re.is_match(&text);
        }
    }
}
