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
