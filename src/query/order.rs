//! MongoDB's total order over BSON values: first the type bracket, then the value.
//!
//! MinKey < null < numbers < symbol, string < object < array < binData < ObjectId < bool
//! < Date < Timestamp < regex < DBPointer < JavaScript < JavaScript with scope < MaxKey.
//! `undefined` sits between MinKey and null (the server's canonical type 0, which it shares
//! with "end of object").
//! Numbers are one bracket compared exactly (see [`crate::bson::num`]); strings compare
//! byte by byte, or by a collation's rules ([`compare_in`]; field names always byte by byte);
//! documents field by field (type, then key, then value).

use std::cmp::Ordering;

use super::collation::Collation;
use crate::bson::num;
use crate::bson::{Document, Value};

/// The canonical type rank the server sorts by. Types with equal rank compare by value.
///
/// # Examples
/// ```
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::order::bracket;
/// assert!(bracket(&Value::Null) < bracket(&Value::Int32(0)));
/// assert_eq!(bracket(&Value::Int32(0)), bracket(&Value::Double(0.5)));
/// ```
pub fn bracket(v: &Value) -> u8 {
    match v {
        Value::MinKey => 0,
        Value::Undefined => 1,
        Value::Null => 5,
        Value::Double(_) | Value::Int32(_) | Value::Int64(_) | Value::Decimal128(_) => 10,
        Value::String(_) | Value::Symbol(_) => 15,
        Value::Document(_) => 20,
        Value::Array(_) => 25,
        Value::Binary(_) => 30,
        Value::ObjectId(_) => 35,
        Value::Boolean(_) => 40,
        Value::DateTime(_) => 45,
        Value::Timestamp(_) => 47,
        Value::Regex(_) => 50,
        Value::DbPointer(_) => 55,
        Value::JavaScript(_) => 60,
        Value::JavaScriptWithScope(_) => 65,
        Value::MaxKey => 100,
    }
}

/// Compares two values in the server's order.
///
/// # Examples
/// ```
/// use std::cmp::Ordering;
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::order::compare;
/// // "10" < "9": strings compare byte by byte.
/// assert_eq!(compare(&Value::from("10"), &Value::from("9")), Ordering::Less);
/// // Every number sorts before every string.
/// assert_eq!(compare(&Value::Int32(100), &Value::from("1")), Ordering::Less);
/// ```
pub fn compare(a: &Value, b: &Value) -> Ordering {
    compare_in(a, b, &Collation::Simple)
}

/// Compares two values in the server's order, strings (and symbols, at any depth inside
/// documents and arrays) by `collation`'s rules.
///
/// # Examples
/// ```
/// use std::cmp::Ordering;
/// use bson_tutor::bson::{Document, Value};
/// use bson_tutor::query::collation::Collation;
/// use bson_tutor::query::order::compare_in;
/// let mut spec = Document::new();
/// spec.push("locale", Value::from("en"));
/// spec.push("numericOrdering", Value::Boolean(true));
/// let numeric = Collation::parse(&spec).unwrap();
/// assert_eq!(compare_in(&Value::from("10"), &Value::from("9"), &numeric), Ordering::Greater);
/// // The type bracket still comes first: every number before every string.
/// assert_eq!(compare_in(&Value::Int32(100), &Value::from("1"), &numeric), Ordering::Less);
/// ```
pub fn compare_in(a: &Value, b: &Value, collation: &Collation) -> Ordering {
    let by_bracket = bracket(a).cmp(&bracket(b));
    if by_bracket != Ordering::Equal {
        return by_bracket;
    }
    match (a, b) {
        (Value::String(x) | Value::Symbol(x), Value::String(y) | Value::Symbol(y)) => {
            collation.compare_str(x, y)
        }
        (Value::Document(x), Value::Document(y)) => compare_documents_in(x, y, collation),
        (Value::Array(x), Value::Array(y)) => compare_arrays_in(x, y, collation),
        (Value::Binary(x), Value::Binary(y)) => x
            .bytes
            .len()
            .cmp(&y.bytes.len())
            .then(x.subtype.cmp(&y.subtype))
            .then_with(|| x.bytes.cmp(&y.bytes)),
        (Value::ObjectId(x), Value::ObjectId(y)) => x.0.cmp(&y.0),
        (Value::Boolean(x), Value::Boolean(y)) => x.cmp(y),
        (Value::DateTime(x), Value::DateTime(y)) => x.cmp(y),
        (Value::Timestamp(x), Value::Timestamp(y)) => x.cmp(y),
        (Value::Regex(x), Value::Regex(y)) => x
            .pattern
            .as_bytes()
            .cmp(y.pattern.as_bytes())
            .then_with(|| x.options.as_bytes().cmp(y.options.as_bytes())),
        (Value::DbPointer(x), Value::DbPointer(y)) => x
            .namespace
            .len()
            .cmp(&y.namespace.len())
            .then_with(|| x.namespace.as_bytes().cmp(y.namespace.as_bytes()))
            .then_with(|| x.id.0.cmp(&y.id.0)),
        (Value::JavaScript(x), Value::JavaScript(y)) => x.as_bytes().cmp(y.as_bytes()),
        (Value::JavaScriptWithScope(x), Value::JavaScriptWithScope(y)) => x
            .code
            .as_bytes()
            .cmp(y.code.as_bytes())
            .then_with(|| compare_documents_in(&x.scope, &y.scope, collation)),
        // Numbers, and the brackets with a single value (null, MinKey, MaxKey).
        _ => num::compare(a, b).unwrap_or(Ordering::Equal),
    }
}

/// Documents compare field by field: the field's type bracket, then its key, then its value;
/// a document that runs out of fields first is smaller.
pub fn compare_documents(a: &Document, b: &Document) -> Ordering {
    compare_documents_in(a, b, &Collation::Simple)
}

/// [`compare_documents`] with string values compared by `collation` (keys stay binary).
pub fn compare_documents_in(a: &Document, b: &Document, collation: &Collation) -> Ordering {
    let mut left = a.iter();
    let mut right = b.iter();
    loop {
        match (left.next(), right.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some((ka, va)), Some((kb, vb))) => {
                let o = bracket(va)
                    .cmp(&bracket(vb))
                    .then_with(|| ka.as_bytes().cmp(kb.as_bytes()))
                    .then_with(|| compare_in(va, vb, collation));
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

/// Arrays compare as the documents they are encoded as: element by element.
pub fn compare_arrays(a: &[Value], b: &[Value]) -> Ordering {
    compare_arrays_in(a, b, &Collation::Simple)
}

/// [`compare_arrays`] with strings compared by `collation`.
pub fn compare_arrays_in(a: &[Value], b: &[Value], collation: &Collation) -> Ordering {
    for (x, y) in a.iter().zip(b) {
        // Keys are "0", "1", ... on both sides, so only type and value decide.
        let o = bracket(x)
            .cmp(&bracket(y))
            .then_with(|| compare_in(x, y, collation));
        if o != Ordering::Equal {
            return o;
        }
    }
    a.len().cmp(&b.len())
}

/// Equality as `$eq` in an expression sees it: equal in the order above (so `42` equals
/// `42.0` and `Decimal128("42.00")`, and NaN equals NaN).
pub fn equal(a: &Value, b: &Value) -> bool {
    compare(a, b) == Ordering::Equal
}

/// [`equal`] under `collation`: with `{ locale: "en", strength: 2 }`, `"a"` equals `"A"`.
pub fn equal_in(a: &Value, b: &Value, collation: &Collation) -> bool {
    compare_in(a, b, collation) == Ordering::Equal
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::{Binary, ObjectId};

    #[test]
    fn brackets_follow_the_manual() {
        let ascending = [
            Value::MinKey,
            Value::Null,
            Value::Int32(1),
            Value::from("a"),
            Value::Document(Document::new()),
            Value::Array(vec![]),
            Value::Binary(Binary {
                subtype: 0,
                bytes: vec![],
            }),
            Value::ObjectId(ObjectId([0; 12])),
            Value::Boolean(false),
            Value::DateTime(0),
            Value::Timestamp(crate::bson::Timestamp {
                time: 0,
                increment: 0,
            }),
            Value::Regex(Box::new(crate::bson::Regex::new("a", ""))),
            Value::MaxKey,
        ];
        for pair in ascending.windows(2) {
            assert_eq!(
                compare(&pair[0], &pair[1]),
                Ordering::Less,
                "{:?} < {:?}",
                pair[0],
                pair[1]
            );
        }
    }

    #[test]
    fn bin_data_by_length_then_subtype_then_bytes() {
        let b = |subtype, bytes: &[u8]| {
            Value::Binary(Binary {
                subtype,
                bytes: bytes.to_vec(),
            })
        };
        assert_eq!(compare(&b(5, &[9]), &b(0, &[0, 0])), Ordering::Less);
        assert_eq!(compare(&b(0, &[9]), &b(5, &[0])), Ordering::Less);
        assert_eq!(compare(&b(0, &[1]), &b(0, &[2])), Ordering::Less);
    }

    #[test]
    fn documents_compare_type_then_key_then_value() {
        let d = |k: &str, v: Value| {
            let mut doc = Document::new();
            doc.push(k, v);
            Value::Document(doc)
        };
        assert_eq!(
            compare(&d("b", Value::Int32(1)), &d("a", Value::from("x"))),
            Ordering::Less
        );
        assert_eq!(
            compare(&d("a", Value::Int32(2)), &d("b", Value::Int32(1))),
            Ordering::Less
        );
        assert!(equal(&d("a", Value::Int32(1)), &d("a", Value::Double(1.0))));
    }
}
