//! Sorting documents as the server does: `sort({ v: 1, _id: 1 })`.
//!
//! Each key of the specification turns a document into one *sort key* value:
//! - a missing field sorts as null, so `missing` and `null` tie and the next key decides;
//! - an array (or the values reached through arrays, `items.qty`) is represented by its
//!   smallest element when ascending and its largest when descending, as an index over the
//!   field would hold one entry per element and the sort uses the first one; with several
//!   keys, the entries are those of a compound index, so keys through the same array take
//!   their values from the same element, and keys through two different arrays are refused;
//! - an empty array at the end of the path is indexed as `undefined`, which sorts before null
//!   in both directions (by `v`, `{ v: [] }` sorts before `{}` and `{ v: null }`, which tie);
//! - the keys then compare in the server's order ([`crate::query::order::compare`]).
//!
//! Sorting is stable: documents whose keys all tie keep their input order. The server does
//! not promise that (manual, `cursor.sort()`, "Sort Consistency": end the sort on a unique
//! field such as `_id`), which is why the lessons sort by `{ v: 1, _id: 1 }`.

use std::cmp::Ordering;

use super::collation::Collation;
use super::error::{QueryError, QueryErrorKind, code};
use super::keys::{Leaf, for_each_key};
use super::limits;
use super::order;
use crate::bson::{Document, Value};

/// One key of a sort specification.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SortKey {
    /// The dotted path sorted on.
    pub path: String,
    /// `true` for `1`, `false` for `-1`.
    pub ascending: bool,
}

/// A parsed sort specification such as `{ v: 1, _id: -1 }`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SortSpec {
    /// The keys in order of precedence.
    pub keys: Vec<SortKey>,
    /// How strings compare (`simple`: byte by byte).
    pub collation: Collation,
}

/// The value a document sorts by for one key. `Undefined` stands for an empty array (and a
/// stored `undefined`): the index format puts it below null.
#[derive(Clone, Debug)]
enum KeyValue<'a> {
    Undefined,
    Value(&'a Value),
    Null,
}

impl KeyValue<'_> {
    fn cmp(&self, other: &Self, collation: &Collation) -> Ordering {
        match (self, other) {
            (KeyValue::Undefined, KeyValue::Undefined) => Ordering::Equal,
            (KeyValue::Undefined, _) => Ordering::Less,
            (_, KeyValue::Undefined) => Ordering::Greater,
            (a, b) => order::compare_in(a.value(), b.value(), collation),
        }
    }

    fn value(&self) -> &Value {
        match self {
            KeyValue::Value(v) => v,
            _ => &Value::Null,
        }
    }
}

impl SortSpec {
    /// Reads a sort specification. Directions may be any numeric type; the server truncates
    /// them to an integer, so `1.5` means ascending and `0.5` is refused.
    ///
    /// # Errors
    /// The server's messages: a non-numeric direction ("Illegal key in $sort specification:
    /// a: \"asc\""), a direction other than 1 or -1 ("$sort key ordering must be 1 (for
    /// ascending) or -1 (for descending)"), a repeated key, or `{ $meta: ... }` (not
    /// supported here).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::sort::SortSpec;
    /// let spec = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// assert!(SortSpec::parse(&spec("{ v: 1, _id: NumberLong(-1) }")).is_ok());
    /// let e = SortSpec::parse(&spec("{ v: 2 }")).unwrap_err();
    /// assert_eq!(e.kind.to_string(), "$sort key ordering must be 1 (for ascending) or -1 (for descending)");
    /// assert_eq!(e.kind.code(), Some(15975));
    /// ```
    pub fn parse(spec: &Document) -> Result<SortSpec, QueryError> {
        let mut keys: Vec<SortKey> = Vec::with_capacity(spec.len());
        for (path, direction) in spec.iter() {
            let at = format!("sort.{path}");
            if let Value::Document(meta) = direction {
                let kind = match meta.keys().next() {
                    Some("$meta") => QueryErrorKind::SortByMeta,
                    _ => QueryErrorKind::server(
                        17312,
                        "$meta is the only expression supported by $sort right now",
                    ),
                };
                return Err(QueryError::new(at, kind));
            }
            let n = match direction {
                Value::Int32(n) => i64::from(*n),
                Value::Int64(n) => *n,
                // safeNumberLong: truncation toward zero, NaN to 0.
                Value::Double(d) if d.is_nan() => 0,
                Value::Double(d) => d.trunc().clamp(i64::MIN as f64, i64::MAX as f64) as i64,
                Value::Decimal128(d) => d.to_i64().unwrap_or_else(|| d.to_f64().trunc() as i64),
                other => {
                    return Err(QueryError::new(
                        at,
                        QueryErrorKind::server(
                            15974,
                            format!(
                                "Illegal key in $sort specification: {}",
                                crate::query::update::server_element(path, other)
                            ),
                        ),
                    ));
                }
            };
            if n != 1 && n != -1 {
                return Err(QueryError::new(
                    at,
                    QueryErrorKind::server(
                        15975,
                        "$sort key ordering must be 1 (for ascending) or -1 (for descending)",
                    ),
                ));
            }
            crate::query::path::check_field_path(path)
                .map_err(|e| QueryError::new(format!("sort.{path}"), e))?;
            if keys.iter().any(|k| k.path == path) {
                // The server's code for this one is not known here.
                return Err(QueryError::new(
                    at,
                    QueryErrorKind::server_uncoded(format!(
                        "$sort key must not contain duplicate keys (duplicate: '{path}')"
                    )),
                ));
            }
            keys.push(SortKey {
                path: path.to_owned(),
                ascending: n == 1,
            });
        }
        Ok(SortSpec {
            keys,
            collation: Collation::Simple,
        })
    }

    /// The same specification, strings compared by `collation` (`{ v: 1 }` with
    /// `{ locale: "en", numericOrdering: true }` puts "9" before "10").
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collation::Collation;
    /// use bson_tutor::query::sort::SortSpec;
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let numeric = Collation::parse(&doc("{ locale: 'en', numericOrdering: true }")).unwrap();
    /// let spec = SortSpec::parse(&doc("{ v: 1 }")).unwrap().collated(&numeric);
    /// let mut docs = vec![doc("{ v: '10' }"), doc("{ v: '9' }")];
    /// spec.sort(&mut docs).unwrap();
    /// assert_eq!(docs[0], doc("{ v: '9' }"));
    /// ```
    pub fn collated(self, collation: &Collation) -> SortSpec {
        SortSpec {
            collation: collation.clone(),
            ..self
        }
    }

    /// Whether the specification has no keys (`sort({})` leaves the natural order).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Compares two documents by the specification: key by key, the first difference wins.
    ///
    /// # Examples
    /// ```
    /// use std::cmp::Ordering;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::sort::SortSpec;
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let spec = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
    /// // An empty array sorts before a missing field.
    /// assert_eq!(spec.compare(&doc("{ v: [] }"), &doc("{}")), Ordering::Less);
    /// // [5, "x"] sorts by its smallest element, 5, so before 9.5.
    /// assert_eq!(spec.compare(&doc("{ v: [5, 'x'] }"), &doc("{ v: 9.5 }")), Ordering::Less);
    /// ```
    pub fn compare(&self, a: &Document, b: &Document) -> Ordering {
        match (
            document_key(a, &self.keys, &self.collation),
            document_key(b, &self.keys, &self.collation),
        ) {
            (Some(ka), Some(kb)) => compare_keys(&self.keys, &self.collation, &ka, &kb),
            // Parallel arrays have no key: `sort` refuses them.
            _ => Ordering::Equal,
        }
    }

    /// Whether `doc` has a sort key: the server's "cannot sort with keys that are parallel
    /// arrays" when its keys go through two different arrays (see [`SortSpec::sort`]).
    ///
    /// # Errors
    /// That refusal.
    pub fn check_key(&self, doc: &Document) -> Result<(), QueryError> {
        if self.is_empty() || document_key(doc, &self.keys, &self.collation).is_some() {
            return Ok(());
        }
        Err(parallel_arrays())
    }

    /// Sorts documents in place (stably).
    ///
    /// # Errors
    /// "cannot sort with keys that are parallel arrays" when the keys of one document go
    /// through two *different* arrays, as the server refuses: an index entry cannot hold two
    /// arrays. Keys that share an array (`{ "a.c": 1, "a.b": 1 }` over `a: [{ b, c }]`) are
    /// sorted, each key taking its values from one element.
    pub fn sort(&self, docs: &mut [Document]) -> Result<(), QueryError> {
        if self.is_empty() {
            return Ok(());
        }
        // Each document's keys are computed once (not once per comparison), the positions
        // sorted stably by them, and the documents then moved into that order.
        let order: Vec<usize> = {
            let mut keys: Vec<Vec<KeyValue<'_>>> = Vec::with_capacity(docs.len());
            for d in docs.iter() {
                let Some(key) = document_key(d, &self.keys, &self.collation) else {
                    return Err(parallel_arrays());
                };
                keys.push(key);
            }
            let mut positions: Vec<usize> = (0..docs.len()).collect();
            let mut comparisons = 0u32;
            let mut stopped = false;
            positions.sort_by(|&i, &j| {
                // Once an interrupt is asked for, every comparison is a tie: the sort ends
                // quickly, and the stop is reported below instead of its order.
                comparisons += 1;
                if comparisons.is_multiple_of(1024) {
                    stopped = stopped || crate::query::interrupt::requested();
                }
                if stopped {
                    return Ordering::Equal;
                }
                compare_keys(&self.keys, &self.collation, &keys[i], &keys[j])
            });
            positions
        };
        crate::query::interrupt::check()?;
        let mut taken: Vec<Option<Document>> =
            docs.iter_mut().map(|d| Some(std::mem::take(d))).collect();
        for (slot, i) in docs.iter_mut().zip(order) {
            *slot = taken[i].take().unwrap_or_default();
        }
        Ok(())
    }
}

/// A blocking sort's memory: the documents' estimated memory against the server's 100 MB.
///
/// # Errors
/// Past the limit, the server's refusal (`Sort exceeded memory limit of 104857600 bytes, but
/// did not opt in to external sorting.`, `QueryExceededMemoryLimitNoDiskUseAllowed`; the
/// sorter's words in mongodb/mongo `src/mongo/db/sorter/sorter.cpp`) without
/// `allowDiskUse`; with it, the tutor's [`QueryErrorKind::WouldSpill`].
pub fn check_memory(docs: &[Document], allow_disk_use: bool) -> Result<(), QueryErrorKind> {
    let mut memory = 0usize;
    for d in docs {
        memory = memory.saturating_add(limits::measure(d).memory + std::mem::size_of::<Document>());
        if memory > limits::BLOCKING_MEMORY {
            return Err(memory_exceeded(allow_disk_use, limits::BLOCKING_MEMORY));
        }
    }
    Ok(())
}

/// A sort past its memory `limit`: without `allowDiskUse`, the server's refusal
/// (`QueryExceededMemoryLimitNoDiskUseAllowed`, "Sort exceeded memory limit of {limit}
/// bytes, but did not opt in to external sorting."); with it but nowhere to spill, the
/// tutor's [`QueryErrorKind::WouldSpill`].
pub fn memory_exceeded(allow_disk_use: bool, limit: usize) -> QueryErrorKind {
    if allow_disk_use {
        QueryErrorKind::WouldSpill {
            stage: "$sort".into(),
            limit,
        }
    } else {
        QueryErrorKind::server(
            code::QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED,
            format!(
                "Sort exceeded memory limit of {limit} bytes, but did not opt in to external sorting."
            ),
        )
    }
}

/// The server's sort key generator, when the key generator finds two different arrays
/// (src/mongo/db/exec/sort_key_generator.cpp).
fn parallel_arrays() -> QueryError {
    QueryError::new(
        "sort",
        QueryErrorKind::server(
            code::BAD_VALUE,
            "cannot sort with keys that are parallel arrays",
        ),
    )
}

/// A value ordered by the server's comparison ([`order::compare`]), for ordered maps: the
/// `_id` index and `$group` keys. `1`, `1.0`, `NumberLong(1)` and `NumberDecimal("1.0")` are
/// one key; `true` and `1` are two.
#[derive(Clone, Debug)]
pub struct OrderedValue(pub Value);

impl PartialEq for OrderedValue {
    fn eq(&self, other: &Self) -> bool {
        order::equal(&self.0, &other.0)
    }
}

impl Eq for OrderedValue {}

impl PartialOrd for OrderedValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedValue {
    fn cmp(&self, other: &Self) -> Ordering {
        order::compare(&self.0, &other.0)
    }
}

/// The smallest key of `doc` under `keys` in their order (the largest for a descending
/// key is the smallest in that key's order), as the server sorts by the index keys a
/// document would have ([`crate::query::keys::for_each_key`]); `None` for parallel arrays.
fn document_key<'a>(
    doc: &'a Document,
    keys: &[SortKey],
    collation: &Collation,
) -> Option<Vec<KeyValue<'a>>> {
    let parts: Vec<Vec<&str>> = keys.iter().map(|k| k.path.split('.').collect()).collect();
    let parts: Vec<&[&str]> = parts.iter().map(Vec::as_slice).collect();
    let mut best: Option<Vec<KeyValue<'a>>> = None;
    for_each_key(doc, &parts, &mut |leaves| {
        let key: Vec<KeyValue<'a>> = leaves.iter().map(|l| key_value(*l)).collect();
        if best
            .as_ref()
            .is_none_or(|b| compare_keys(keys, collation, &key, b) == Ordering::Less)
        {
            best = Some(key);
        }
    })
    .ok()?;
    best
}

/// Two keys in the specification's order: component by component, each in its direction.
fn compare_keys(
    keys: &[SortKey],
    collation: &Collation,
    a: &[KeyValue<'_>],
    b: &[KeyValue<'_>],
) -> Ordering {
    for ((key, x), y) in keys.iter().zip(a).zip(b) {
        let o = x.cmp(y, collation);
        let o = if key.ascending { o } else { o.reverse() };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// What one path gives a sort key: a stored `undefined` sorts with the empty array.
fn key_value(leaf: Leaf<'_>) -> KeyValue<'_> {
    match leaf {
        Leaf::Value(Value::Undefined) | Leaf::Undefined => KeyValue::Undefined,
        Leaf::Value(v) => KeyValue::Value(v),
        Leaf::Null => KeyValue::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::shell::{FixedGenerator, parse_document};

    fn doc(s: &str) -> Document {
        parse_document(s, &mut FixedGenerator::new(0))
            .unwrap()
            .value
    }

    #[test]
    fn empty_array_sorts_before_null_in_both_directions() {
        let up = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
        let down = SortSpec::parse(&doc("{ v: -1 }")).unwrap();
        let empty = doc("{ v: [] }");
        let null = doc("{ v: null }");
        assert_eq!(up.compare(&empty, &null), Ordering::Less);
        assert_eq!(down.compare(&empty, &null), Ordering::Greater);
        assert_eq!(up.compare(&doc("{}"), &null), Ordering::Equal);
    }

    #[test]
    fn arrays_sort_by_min_ascending_and_max_descending() {
        let up = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
        let down = SortSpec::parse(&doc("{ v: -1 }")).unwrap();
        let arr = doc("{ v: [1, 10] }");
        let five = doc("{ v: 5 }");
        assert_eq!(up.compare(&arr, &five), Ordering::Less);
        assert_eq!(down.compare(&arr, &five), Ordering::Less);
        let through = SortSpec::parse(&doc("{ 'a.b': 1 }")).unwrap();
        assert_eq!(
            through.compare(&doc("{ a: [{ b: 3 }, { b: 0 }] }"), &doc("{ a: { b: 1 } }")),
            Ordering::Less
        );
    }

    #[test]
    fn directions_are_checked_like_the_server() {
        assert_eq!(
            SortSpec::parse(&doc("{ a: 'asc' }"))
                .unwrap_err()
                .kind
                .to_string(),
            "Illegal key in $sort specification: a: \"asc\""
        );
        assert!(SortSpec::parse(&doc("{ a: 0 }")).is_err());
        assert!(SortSpec::parse(&doc("{ a: 1.5 }")).unwrap().keys[0].ascending);
        assert!(SortSpec::parse(&doc("{ a: 1, a: -1 }")).is_ok()); // JS keeps the last one
    }

    #[test]
    fn parallel_arrays_are_refused() {
        let spec = SortSpec::parse(&doc("{ a: 1, b: 1 }")).unwrap();
        let mut docs = vec![doc("{ a: [1], b: [2] }")];
        assert_eq!(
            spec.sort(&mut docs).unwrap_err().kind.to_string(),
            "cannot sort with keys that are parallel arrays"
        );
    }
}
