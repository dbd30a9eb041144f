//! Sorting, checked against an independent reading of the manual's rules: the output is a
//! permutation of the input, ordered by each document's sort key, stable on ties.
//!
//! Manual, "Comparison/Sort Order": an ascending sort compares an array by its smallest
//! element, a descending sort by its largest; an empty array sorts before null; a missing
//! field sorts as null.

use std::cmp::Ordering;

use bson_tutor::bson::{Document, Value};
use bson_tutor::query::order;
use bson_tutor::query::sort::SortSpec;
use proptest::prelude::*;

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i32>().prop_map(|n| Value::Int32(n % 50)),
        (-50i64..50).prop_map(Value::Int64),
        (-200i32..200).prop_map(|n| Value::Double(f64::from(n) / 4.0)),
        "[a-c]{0,2}".prop_map(Value::from),
        Just(Value::Null),
        any::<bool>().prop_map(Value::Boolean),
        (-5i64..5).prop_map(|d| Value::DateTime(d * 1000)),
    ]
}

fn field() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        4 => leaf().prop_map(Some),
        2 => proptest::collection::vec(leaf(), 0..4).prop_map(|v| Some(Value::Array(v))),
        1 => Just(None),
    ]
}

/// The reference key: `None` stands for "below null" (the empty array).
fn key(doc: &Document, ascending: bool) -> Option<Value> {
    match doc.get("v") {
        None => Some(Value::Null),
        Some(Value::Array(items)) if items.is_empty() => None,
        Some(Value::Array(items)) => {
            let pick = |a: &&Value, b: &&Value| order::compare(a, b);
            let best = if ascending {
                items.iter().min_by(pick)
            } else {
                items.iter().max_by(pick)
            };
            best.cloned()
        }
        Some(v) => Some(v.clone()),
    }
}

fn key_cmp(a: &Option<Value>, b: &Option<Value>) -> Ordering {
    match (a, b) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some(x), Some(y)) => order::compare(x, y),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sort_is_an_ordered_stable_permutation(fields in proptest::collection::vec(field(), 0..30), ascending in any::<bool>()) {
        let docs: Vec<Document> = fields
            .into_iter()
            .enumerate()
            .map(|(i, v)| {
                let mut d = Document::new();
                d.push("_id", i as i32);
                if let Some(v) = v {
                    d.push("v", v);
                }
                d
            })
            .collect();
        let mut spec = Document::new();
        spec.push("v", if ascending { 1 } else { -1 });
        let spec = SortSpec::parse(&spec).expect("valid spec");
        let mut sorted = docs.clone();
        spec.sort(&mut sorted).expect("sorts");

        let id = |d: &Document| match d.get("_id") { Some(Value::Int32(n)) => *n, _ => -1 };
        let mut ids: Vec<i32> = sorted.iter().map(id).collect();
        ids.sort_unstable();
        prop_assert_eq!(ids, (0..docs.len() as i32).collect::<Vec<_>>());

        for pair in sorted.windows(2) {
            let (ka, kb) = (key(&pair[0], ascending), key(&pair[1], ascending));
            let o = key_cmp(&ka, &kb);
            let o = if ascending { o } else { o.reverse() };
            prop_assert_ne!(o, Ordering::Greater, "{:?} before {:?}", pair[0], pair[1]);
            if o == Ordering::Equal {
                prop_assert!(id(&pair[0]) < id(&pair[1]), "ties keep input order");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// jstests/core/query/sort/sort_dotted_paths.js: the server's orders, carried over as facts.

/// The `_id`s of `docs` (mongosh syntax) sorted by `spec`, or the error's words.
fn sorted_ids(docs: &[&str], spec: &str) -> Result<Vec<i32>, String> {
    let parse = |s: &str| {
        bson_tutor::bson::shell::parse_document(
            s,
            &mut bson_tutor::bson::shell::FixedGenerator::new(0),
        )
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
    };
    fn undefined(v: Value) -> Value {
        match v {
            Value::String(s) if s.as_str() == "UNDEFINED" => Value::Undefined,
            Value::Array(items) => Value::Array(items.into_iter().map(undefined).collect()),
            other => other,
        }
    }
    let mut docs: Vec<Document> = docs
        .iter()
        .map(|s| {
            parse(s)
                .into_iter()
                .map(|(k, v)| (k, undefined(v)))
                .collect()
        })
        .collect();
    let spec = SortSpec::parse(&parse(spec)).map_err(|e| e.to_string())?;
    spec.sort(&mut docs).map_err(|e| e.kind.to_string())?;
    Ok(docs
        .iter()
        .map(|d| match d.get("_id") {
            Some(Value::Int32(n)) => *n,
            other => panic!("_id {other:?}"),
        })
        .collect())
}

/// Runs each `(spec, expected _ids)` over `docs`.
fn check_orders(docs: &[&str], cases: &[(&str, [i32; 9])]) {
    for (spec, want) in cases {
        assert_eq!(sorted_ids(docs, spec).as_deref(), Ok(&want[..]), "{spec}");
    }
}

#[test]
fn undefined_null_missing_and_nested_arrays_sort_as_the_server_sorts_them() {
    let docs = [
        "{ _id: 1, a: 1 }",
        // The legacy shell of the jstests stores `undefined`; mongosh stores null, so the
        // BSON undefined is marked here and put in by `sorted_ids`.
        "{ _id: 2, a: 'UNDEFINED' }",
        "{ _id: 3, a: null }",
        "{ _id: 4, a: {} }",
        "{ _id: 5, a: [] }",
        "{ _id: 6, a: [1] }",
        "{ _id: 7, a: [[1]] }",
        "{ _id: 8 }",
        "{ _id: 9, a: ['UNDEFINED'] }",
    ];
    check_orders(
        &docs,
        &[
            ("{ a: 1, _id: 1 }", [2, 5, 9, 3, 8, 1, 6, 4, 7]),
            ("{ a: -1, _id: 1 }", [7, 4, 1, 6, 3, 8, 2, 5, 9]),
        ],
    );
}

#[test]
fn two_keys_each_an_array_in_other_documents_sort() {
    let docs = [
        "{ _id: 1, a: 1, b: [2] }",
        "{ _id: 2, a: 2, b: [] }",
        "{ _id: 3, a: [], b: 4 }",
        "{ _id: 4, a: [1], b: 4 }",
        "{ _id: 5, a: [2, 3], b: 2 }",
        "{ _id: 6, a: 2, b: [3, 5] }",
        "{ _id: 7, a: 1, b: [1, 3] }",
        "{ _id: 8, a: [1, 2], b: 3 }",
        "{ _id: 9, a: 2, b: 3 }",
    ];
    check_orders(
        &docs,
        &[
            ("{ a: 1, b: 1, _id: 1 }", [3, 7, 1, 8, 4, 2, 5, 6, 9]),
            ("{ a: 1, b: -1, _id: 1 }", [3, 4, 7, 8, 1, 6, 9, 5, 2]),
            ("{ a: -1, b: 1, _id: 1 }", [5, 2, 6, 8, 9, 7, 1, 4, 3]),
            ("{ a: -1, b: -1, _id: 1 }", [5, 6, 8, 9, 2, 4, 7, 1, 3]),
        ],
    );
}

#[test]
fn a_path_of_length_two_sorts_through_arrays() {
    let docs = [
        "{ _id: 1, a: { b: 2 } }",
        "{ _id: 2, a: { b: [] } }",
        "{ _id: 3, a: { b: [2, 3] } }",
        "{ _id: 4, a: { c: 1 } }",
        "{ _id: 5, a: [] }",
        "{ _id: 6, a: [{ b: [5] }] }",
        "{ _id: 7, a: [{ b: [4, 5] }, { b: 7 }] }",
        "{ _id: 8, a: [{ b: [1, 3] }, { b: [2, 5] }] }",
        "{ _id: 9, a: [{ b: [] }, { b: [1, 3] }] }",
    ];
    check_orders(
        &docs,
        &[
            ("{ 'a.b': 1, _id: 1 }", [2, 9, 4, 5, 8, 1, 3, 7, 6]),
            ("{ 'a.b': 1, _id: -1 }", [9, 2, 5, 4, 8, 3, 1, 7, 6]),
            ("{ 'a.b': -1, _id: 1 }", [7, 6, 8, 3, 9, 1, 4, 5, 2]),
            ("{ 'a.b': -1, _id: -1 }", [7, 8, 6, 9, 3, 1, 5, 4, 2]),
        ],
    );
}

#[test]
fn keys_with_a_common_array_prefix_take_their_values_from_one_element() {
    let docs = [
        "{ _id: 1, a: [{ b: 4, c: 1 }, { b: 1, c: 2 }] }",
        "{ _id: 2, a: [{ b: 2, c: 1 }, { b: 4, c: 2 }] }",
        "{ _id: 3, a: [{ b: 6, c: 1 }, { b: 9, c: 2 }] }",
        "{ _id: 4, a: [{ b: 4, c: 1 }, { b: 5, c: 3 }] }",
        "{ _id: 5, a: [{ b: 2, c: 1 }, { b: 7, c: 3 }] }",
        "{ _id: 6, a: [{ b: 5, c: 1 }, { b: 3, c: 3 }] }",
        "{ _id: 7, a: [{ b: 7, c: 2 }, { b: 2, c: 3 }] }",
        "{ _id: 8, a: [{ b: 3, c: 2 }, { b: 8, c: 3 }] }",
        "{ _id: 9, a: [{ b: 8, c: 2 }, { b: 6, c: 3 }] }",
    ];
    check_orders(
        &docs,
        &[
            (
                "{ 'a.c': 1, 'a.b': 1, _id: 1 }",
                [2, 5, 1, 4, 6, 3, 8, 7, 9],
            ),
            (
                "{ 'a.c': 1, 'a.b': -1, _id: 1 }",
                [3, 6, 1, 4, 2, 5, 9, 7, 8],
            ),
            (
                "{ 'a.c': -1, 'a.b': 1, _id: 1 }",
                [7, 6, 4, 9, 5, 8, 1, 2, 3],
            ),
            (
                "{ 'a.c': -1, 'a.b': -1, _id: 1 }",
                [8, 5, 9, 4, 6, 7, 3, 2, 1],
            ),
            // One path a prefix of the other: `a` is the element itself.
            ("{ 'a.c': 1, a: 1, _id: 1 }", [2, 5, 1, 4, 6, 3, 8, 7, 9]),
            ("{ 'a.c': 1, a: -1, _id: 1 }", [3, 6, 1, 4, 2, 5, 9, 7, 8]),
            ("{ 'a.c': -1, a: 1, _id: 1 }", [7, 6, 4, 9, 5, 8, 1, 2, 3]),
            ("{ 'a.c': -1, a: -1, _id: 1 }", [8, 5, 9, 4, 6, 7, 3, 2, 1]),
        ],
    );
}

#[test]
fn keys_with_a_common_prefix_over_nested_arrays() {
    let docs = [
        "{ _id: 1, a: [{ b: [4, 1], c: 1 }, { b: [1, 5], c: 2 }] }",
        "{ _id: 2, a: [{ b: 2, c: [1, 3] }, { b: 4, c: [2, 4] }] }",
        "{ _id: 3, a: [{ b: [6, 4], c: 1 }, { b: [9, 7], c: 2 }] }",
        "{ _id: 4, a: [{ b: 4, c: [1, 2] }, { b: 5, c: [3, 2] }] }",
        "{ _id: 5, a: [{ b: [2, 3], c: 1 }, { b: [7, 6], c: 3 }] }",
        "{ _id: 6, a: [{ b: 5, c: [] }, { b: 3, c: 3 }] }",
        "{ _id: 7, a: [{ b: [], c: 2 }, { b: 2, c: 3 }] }",
        "{ _id: 8, a: [{ b: 3, c: [2] }, { b: 8, c: [3] }] }",
        "{ _id: 9, a: [{ b: [8], c: 2 }, { b: [6], c: 3 }] }",
    ];
    check_orders(
        &docs,
        &[
            (
                "{ 'a.c': 1, 'a.b': 1, _id: 1 }",
                [6, 1, 2, 5, 3, 4, 7, 8, 9],
            ),
            (
                "{ 'a.c': 1, 'a.b': -1, _id: 1 }",
                [6, 3, 1, 4, 5, 2, 9, 8, 7],
            ),
            (
                "{ 'a.c': -1, 'a.b': 1, _id: 1 }",
                [2, 7, 6, 4, 5, 9, 8, 1, 3],
            ),
            (
                "{ 'a.c': -1, 'a.b': -1, _id: 1 }",
                [2, 8, 5, 9, 4, 6, 7, 3, 1],
            ),
            ("{ 'a.b': 1, a: 1, _id: 1 }", [7, 1, 2, 5, 6, 8, 4, 3, 9]),
            ("{ 'a.b': 1, a: -1, _id: 1 }", [7, 1, 5, 2, 8, 6, 3, 4, 9]),
            ("{ 'a.b': -1, a: 1, _id: 1 }", [3, 8, 9, 5, 6, 4, 1, 2, 7]),
            ("{ 'a.b': -1, a: -1, _id: 1 }", [3, 9, 8, 5, 1, 4, 6, 2, 7]),
        ],
    );
}

#[test]
fn keys_through_two_different_arrays_in_different_documents_sort() {
    let docs = [
        "{ _id: 1, a: { b: 1 }, c: [{ d: [4, 1] }, { d: [1, 5] }] }",
        "{ _id: 2, a: [{ b: [1, 3] }, { b: [2, 4] }], c: { d: 2 } }",
        "{ _id: 3, a: { b: 1 }, c: [{ d: [6, 4] }, { d: [9, 7] }] }",
        "{ _id: 4, a: [{ b: [2] }, { b: [3, 2] }], c: { d: 4 } }",
        "{ _id: 5, a: { b: 1 }, c: [{ d: [2, 3] }, { d: [7, 6] }] }",
        "{ _id: 6, a: [{ b: [] }, { b: 3 }], c: { d: 4 } }",
        "{ _id: 7, a: { b: 2 }, c: [{ d: [] }, { d: 2 }] }",
        "{ _id: 8, a: [{ b: [2] }, { b: [3] }], c: { d: 3 } }",
        "{ _id: 9, a: { b: 3 }, c: [{ d: [8] }, { d: [6] }] }",
    ];
    check_orders(
        &docs,
        &[
            (
                "{ 'a.b': 1, 'c.d': 1, _id: 1 }",
                [6, 1, 2, 5, 3, 7, 8, 4, 9],
            ),
            (
                "{ 'a.b': 1, 'c.d': -1, _id: 1 }",
                [6, 3, 5, 1, 2, 4, 8, 7, 9],
            ),
            (
                "{ 'a.b': -1, 'c.d': 1, _id: 1 }",
                [2, 8, 4, 6, 9, 7, 1, 5, 3],
            ),
            (
                "{ 'a.b': -1, 'c.d': -1, _id: 1 }",
                [2, 9, 4, 6, 8, 7, 3, 5, 1],
            ),
        ],
    );
}

#[test]
fn a_path_of_length_three_sorts_through_arrays() {
    let docs = [
        "{ _id: 1, a: { b: { c: 2 } } }",
        "{ _id: 2, a: { b: { c: [] } } }",
        "{ _id: 3, a: [{ b: [] }, { b: { c: [] } }] }",
        "{ _id: 4, a: [{ b: { c: 1 } }] }",
        "{ _id: 5, a: { b: [{ c: 3 }, { d: 1 }] } }",
        "{ _id: 6, a: { b: [{ c: [5] }] } }",
        "{ _id: 7, a: [] }",
        "{ _id: 8, a: { b: [{ c: [1, 3] }, { c: [2, 5] }] } }",
        "{ _id: 9, a: [{ b: [{ c: [] }, { c: [1, 3] }] }] }",
    ];
    check_orders(
        &docs,
        &[
            ("{ 'a.b.c': 1, _id: 1 }", [2, 3, 9, 5, 7, 4, 8, 1, 6]),
            ("{ 'a.b.c': 1, _id: -1 }", [9, 3, 2, 7, 5, 8, 4, 1, 6]),
            ("{ 'a.b.c': -1, _id: 1 }", [6, 8, 5, 9, 1, 4, 3, 7, 2]),
            ("{ 'a.b.c': -1, _id: -1 }", [8, 6, 9, 5, 1, 4, 7, 3, 2]),
        ],
    );
}

#[test]
fn parallel_arrays_are_refused_only_when_two_different_arrays_are_traversed() {
    // sort_dotted_paths.js: documents where both are arrays are refused (the test filters
    // them out to sort the rest).
    let refused = sorted_ids(&["{ _id: 3, a: [], b: [] }"], "{ a: 1, b: 1 }");
    assert_eq!(
        refused,
        Err("cannot sort with keys that are parallel arrays".to_owned())
    );
    assert_eq!(
        sorted_ids(
            &["{ _id: 1, a: [], b: 1 }", "{ _id: 2, a: 1, b: [] }"],
            "{ a: 1, b: 1 }"
        ),
        Ok(vec![1, 2])
    );
    // Two arrays met inside one element are parallel too.
    assert_eq!(
        sorted_ids(
            &["{ _id: 1, a: [{ b: [1], c: [2] }] }"],
            "{ 'a.b': 1, 'a.c': 1 }"
        ),
        Err("cannot sort with keys that are parallel arrays".to_owned())
    );
    // The same array under two keys is not.
    assert_eq!(
        sorted_ids(&["{ _id: 1, a: [2, 1] }"], "{ a: 1, 'a.x': 1 }"),
        Ok(vec![1])
    );
}
