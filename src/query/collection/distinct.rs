//! `distinct`: the values found at a dotted path in the matching documents, each once, in
//! the server's order.

use std::collections::BTreeSet;

use super::{Collection, parse_filter};
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::sort::OrderedValue;

impl Collection {
    /// The distinct values at `key` in the documents `filter` matches (mongosh's
    /// `db.c.distinct('a.b', { ... })`), as the server's `distinct` finds them by scanning
    /// the collection (`dotted_path_support::extractAllElementsAlongPath`):
    /// - the path is followed through documents, and through every element of an array on
    ///   the way (a numeric component such as `a.0` names a position instead);
    /// - an array at the end of the path gives its elements, one level deep: `{ a: [1, [2,
    ///   3]] }` gives `1` and `[2, 3]`, `{ a: [[]] }` gives `[]`, and `{ a: [] }` nothing;
    /// - a document where the path is missing gives nothing (null only where it is stored);
    /// - the filter matches a whole document, before its values are taken;
    /// - values are one when the `_id` index would take them for one (`1`, `1.0` and
    ///   `NumberDecimal("1")`: the first one met is kept), and come back in BSON order
    ///   (jstests/core/query/distinct/distinct_semantics.js).
    ///
    /// A real server that answers from an index on `key` can differ: it may add `null` for
    /// documents without the path and `undefined` for an empty array (SERVER-14832,
    /// SERVER-31343), and leave out nested arrays (SERVER-83620). The result's 16 MB limit is
    /// not checked here.
    ///
    /// # Errors
    /// An invalid filter (`at` starts with `filter`); "Key field cannot contain an embedded
    /// null byte" (31032).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, parse_value, FixedGenerator};
    /// use bson_tutor::query::collection::Collection;
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let mut c = Collection::new("test.c", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 0);
    /// c.insert_many([doc("{ a: [2, 3] }"), doc("{ a: 1 }"), doc("{ a: [1, [2, 3]] }"),
    ///                doc("{ a: 'str' }"), doc("{}")]).unwrap();
    /// let values = c.distinct("a", &doc("{}")).unwrap();
    /// let want = parse_value("[1, 2, 3, 'str', [2, 3]]", &mut FixedGenerator::new(0)).unwrap();
    /// assert_eq!(bson_tutor::bson::Value::Array(values), want.value);
    /// ```
    pub fn distinct(&self, key: &str, filter: &Document) -> Result<Vec<Value>, QueryError> {
        if key.contains('\0') {
            return Err(QueryError::new(
                "key",
                QueryErrorKind::server(
                    code::DISTINCT_KEY_NULL_BYTE,
                    "Key field cannot contain an embedded null byte",
                ),
            ));
        }
        let filter = parse_filter(filter)?;
        let mut seen = BTreeSet::new();
        for (_, doc) in self.scan(&filter, usize::MAX)? {
            let mut found = Vec::new();
            collect(Node::Document(doc), key, &mut found);
            for v in found {
                // The first of equal values stays: `insert` does not replace it.
                seen.insert(OrderedValue(v.clone()));
            }
        }
        Ok(seen.into_iter().map(|v| v.0).collect())
    }
}

/// A document, or an array read as the document `{ '0': ..., '1': ... }` it is stored as.
#[derive(Clone, Copy)]
enum Node<'a> {
    Document(&'a Document),
    Array(&'a [Value]),
}

impl<'a> Node<'a> {
    fn get(self, field: &str) -> Option<&'a Value> {
        match self {
            Node::Document(d) => d.get(field),
            // Only the canonical position: `01` is not a field of an array.
            Node::Array(items) => field
                .parse::<usize>()
                .ok()
                .filter(|i| i.to_string() == field)
                .and_then(|i| items.get(i)),
        }
    }
}

/// The values at `path` in `node`, into `out`.
fn collect<'a>(node: Node<'a>, path: &str, out: &mut Vec<&'a Value>) {
    // The whole rest of the path is tried as one field name first, as the server does
    // (a stored field may be named `a.b`).
    if let Some(v) = node.get(path) {
        match v {
            Value::Array(items) => out.extend(items),
            v => out.push(v),
        }
        return;
    }
    let Some((left, next)) = path.split_once('.') else {
        return;
    };
    match node.get(left) {
        Some(Value::Document(d)) => collect(Node::Document(d), next, out),
        Some(Value::Array(items)) if starts_with_position(next) => {
            collect(Node::Array(items), next, out);
        }
        Some(Value::Array(items)) => {
            for item in items {
                match item {
                    Value::Document(d) => collect(Node::Document(d), next, out),
                    Value::Array(inner) => collect(Node::Array(inner), next, out),
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

/// Whether the path's next component is all digits (`0`, `1.c`): a position in the array.
fn starts_with_position(path: &str) -> bool {
    let first = path.split('.').next().unwrap_or("");
    !first.is_empty() && first.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::oid::ObjectIdProcess;
    use crate::bson::shell::{FixedGenerator, parse_document, parse_value};

    fn doc(s: &str) -> Document {
        parse_document(s, &mut FixedGenerator::new(0))
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .value
    }

    fn values(s: &str) -> Vec<Value> {
        match parse_value(s, &mut FixedGenerator::new(0)).unwrap().value {
            Value::Array(items) => items,
            other => panic!("{other:?}"),
        }
    }

    /// `distinct(field)` over `docs`, as the server's collection scan answers it.
    fn distinct(docs: &[&str], field: &str, filter: &str) -> Vec<Value> {
        let mut c = Collection::new(
            "test.distinct",
            ObjectIdProcess::new([1; 5], 0),
            ObjectIdProcess::new([2; 5], 0),
            0,
        );
        c.insert_many(docs.iter().map(|d| doc(d))).unwrap();
        c.distinct(field, &doc(filter)).unwrap()
    }

    #[test]
    fn missing_and_empty_arrays_give_nothing_but_null_and_undefined_are_values() {
        assert!(distinct(&["{}"], "a", "{}").is_empty());
        assert!(distinct(&["{ a: [] }"], "a", "{}").is_empty());
        assert_eq!(distinct(&["{ a: null }"], "a", "{}"), values("[null]"));
        assert_eq!(distinct(&["{ a: {} }"], "a", "{}"), values("[{}]"));
        assert_eq!(distinct(&["{ a: [[]] }"], "a", "{}"), values("[[]]"));
        // A stored `undefined` (the shell writes `undefined` as null, so it is built here).
        let mut c = Collection::new(
            "test.distinct",
            ObjectIdProcess::new([1; 5], 0),
            ObjectIdProcess::new([2; 5], 0),
            0,
        );
        let mut d = Document::new();
        d.push("a", Value::Undefined);
        c.insert_one(d).unwrap();
        assert_eq!(
            c.distinct("a", &Document::new()).unwrap(),
            [Value::Undefined]
        );
    }

    #[test]
    fn numbers_are_one_value_across_types_and_the_first_stays() {
        let got = distinct(
            &[
                "{ a: Double(2) }",
                "{ a: 3 }",
                "{ a: 1 }",
                "{ a: NumberDecimal('1') }",
                "{ a: NumberInt(2) }",
            ],
            "a",
            "{}",
        );
        assert_eq!(got, values("[1, Double(2), 3]"));
        assert!(matches!(got[1], Value::Double(_)));
    }

    #[test]
    fn only_the_first_level_of_an_array_is_unwound() {
        let got = distinct(
            &[
                "{ a: [2, 3] }",
                "{ a: 1 }",
                "{ a: 2 }",
                "{ a: [1, [2, 3]] }",
                "{ a: [3, 'str'] }",
            ],
            "a",
            "{}",
        );
        assert_eq!(got, values("[1, 2, 3, 'str', [2, 3]]"));
    }

    #[test]
    fn the_filter_sees_the_whole_array() {
        let got = distinct(
            &[
                "{ a: 0 }",
                "{ a: [1, 2] }",
                "{ a: [-1, 3] }",
                "{ a: [-2, [3]] }",
                "{ a: [3, 'str'] }",
                "{ a: [3, null] }",
            ],
            "a",
            "{ a: { $gt: 2 } }",
        );
        assert_eq!(got, values("[null, -1, 3, 'str']"));
    }

    #[test]
    fn numeric_components_name_positions() {
        let got = distinct(
            &[
                "{ a: 0 }",
                "{ a: [1, 2] }",
                "{ a: [1, 3] }",
                "{ a: [[2, 3], 'str'] }",
                "{ a: [[[4]], null] }",
            ],
            "a.0",
            "{}",
        );
        assert_eq!(got, values("[1, 2, 3, [4]]"));
        let got = distinct(
            &[
                "{ a: [{ b: [{ c: 2 }, { c: [1, 10] }] }, { b: [{ c: 3 }, { c: 4 }] }] }",
                "{ a: [{ b: [{ c: 5 }, { c: 10 }] }] }",
                "{ a: [{ b: [{ c: 6 }] }] }",
                "{ a: { b: { c: 7 } } }",
            ],
            "a.0.b.1.c",
            "{}",
        );
        assert_eq!(got, values("[1, 10]"));
    }

    #[test]
    fn arrays_on_the_path_are_walked_through() {
        let got = distinct(
            &[
                "{ a: [{ b: { c: 1 } }, { b: { c: [2, 20] } }, { b: { c: [3] } }] }",
                "{ a: { b: [{ c: [3, 30] }, { c: [4] }] } }",
                "{ a: { b: { c: [1, 10] } } }",
            ],
            "a.b.c",
            "{}",
        );
        assert_eq!(got, values("[1, 2, 3, 4, 10, 20, 30]"));
        let missing = distinct(
            &[
                "{ a: { b: { c: 0 } } }",
                "{ x: 0 }",
                "{ a: 1 }",
                "{ a: null }",
                "{ a: [] }",
                "{ a: { x: 2 } }",
                "{ a: { b: 3 } }",
                "{ a: { b: null } }",
                "{ a: { b: { x: 4 } } }",
                "{ a: { b: [] } }",
            ],
            "a.b.c",
            "{}",
        );
        assert_eq!(missing, values("[0]"));
    }

    #[test]
    fn a_null_byte_in_the_key_is_refused() {
        let c = Collection::new(
            "test.c",
            ObjectIdProcess::new([1; 5], 0),
            ObjectIdProcess::new([2; 5], 0),
            0,
        );
        let e = c.distinct("a\0b", &Document::new()).unwrap_err();
        assert_eq!(e.kind.code(), Some(31032));
    }
}
