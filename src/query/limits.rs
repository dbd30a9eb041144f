//! The server's size and memory limits, with its numbers, and the tutor's own limits where
//! the server has none (it streams documents from stage to stage; the tutor holds each
//! stage's whole output in memory).
//!
//! Sizes are measured by walking the values, never by encoding them: [`measure`] gives the
//! BSON size (exact), an estimate of the memory the value takes here (as the server's
//! `Value::getApproximateSize` estimates its own), and the nesting depth, in one walk that
//! stops descending past [`MAX_BSON_DEPTH`].

use crate::bson::encode::value_size;
use crate::bson::spec::MAX_DOCUMENT_SIZE;
use crate::bson::value::CompactString;
use crate::bson::{Document, Value};
use crate::query::server::{ServerError, code};
use crate::query::update::server_fmt::server_element;

/// The largest document a user may store: 16 MiB (`BSONObjMaxUserSize`, 16,777,216 bytes).
pub const MAX_USER_DOCUMENT: usize = MAX_DOCUMENT_SIZE;

/// The largest document the server builds for itself, results included: 16 MiB + 16 KiB
/// (`BSONObjMaxInternalSize`, 16,793,600 bytes: the 16 KiB leave room for the server's own
/// fields around a user document). An aggregation result past it is refused with
/// `BSONObjectTooLarge`.
pub const MAX_INTERNAL_DOCUMENT: usize = MAX_USER_DOCUMENT + 16 * 1024;

/// The memory a blocking stage (`$group`, `$sort`) and each `$push`/`$addToSet`
/// accumulator may use: 100 MB (104,857,600 bytes), the server's
/// `internalDocumentSourceGroupMaxMemoryBytes`, `internalQueryMaxBlockingSortMemoryUsageBytes`,
/// `internalQueryMaxPushBytes` and `internalQueryMaxAddToSetBytes`.
pub const BLOCKING_MEMORY: usize = 100 * 1024 * 1024;

/// The server's hard nesting limit for BSON it builds: `BSONDepth::kDefaultMaxAllowableDepth`
/// (mongodb/mongo `src/mongo/bson/bson_depth.h`), 200 levels. Stored documents have a lower
/// one (`getMaxDepthForUserStorage`, 200 − 20 = 180); the manual documents 100, the limit the
/// tutor's readers and encoder hold to ([`crate::bson::spec::MAX_NESTING_DEPTH`]).
pub const MAX_BSON_DEPTH: usize = 200;

/// How deep a document may nest to be stored: `BSONDepth::getMaxDepthForUserStorage`, the
/// hard limit [`MAX_BSON_DEPTH`] less the 20 levels the server keeps for its own wrappers
/// (oplog entries): 180. The manual's "Nested Depth for BSON Documents" documents 100;
/// the server's insert path (`fixDocumentForInsert`, mongodb/mongo
/// `src/mongo/db/ops/insert.cpp`) enforces 180, counting the document itself as level 1 and
/// not counting an empty document or array.
pub const MAX_STORAGE_DEPTH: usize = MAX_BSON_DEPTH - 20;

/// The tutor's own limit, labelled as such: the estimated memory one stage's whole output
/// (or a `find`'s matches) may take. The server streams documents one at a time and has
/// no such limit; here every stage's output is held in memory, and two of them live at
/// once, so this keeps a run well inside a 1 GiB address space.
pub const STAGE_OUTPUT_MEMORY: usize = 192 * 1024 * 1024;

/// The sizes of one value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measure {
    /// Its size as BSON: the whole document for a document; the value's own bytes (its
    /// length prefixes included, not its key) for a value.
    pub bson: usize,
    /// An estimate of the memory it takes here, heap and inline parts.
    pub memory: usize,
    /// How many documents and arrays nest in it, itself included (0 for a scalar, 1 for a
    /// flat document); not counted past [`MAX_BSON_DEPTH`] + 1.
    pub depth: usize,
}

/// What one allocation costs beyond its bytes (the allocator's header, rounding).
const ALLOCATION: usize = 16;

/// The sizes of `doc`.
///
/// # Examples
/// ```
/// use bson_tutor::bson::{Document, Value, document_size};
/// use bson_tutor::query::limits::measure;
/// let mut d = Document::new();
/// d.push("a", vec![Value::Int32(1), Value::Int32(2)]);
/// let m = measure(&d);
/// assert_eq!((m.bson, m.depth), (document_size(&d), 2));
/// ```
pub fn measure(doc: &Document) -> Measure {
    let mut m = Measure::default();
    walk_document(doc, 0, &mut m);
    m.bson = 5 + doc
        .iter()
        .map(|(k, v)| 1 + k.len() + 1 + value_size_capped(v, 0))
        .sum::<usize>();
    m
}

/// The sizes of one value (as an element's value: [`Measure::bson`] without the key).
pub fn measure_value(v: &Value) -> Measure {
    let mut m = Measure {
        memory: std::mem::size_of::<Value>(),
        ..Measure::default()
    };
    walk_value(v, 0, &mut m);
    m.bson = value_size_capped(v, 0);
    m
}

/// The BSON size of `v`, without recursing past [`MAX_BSON_DEPTH`] (a value that deep is
/// refused for its depth before its size matters).
fn value_size_capped(v: &Value, depth: usize) -> usize {
    if depth > MAX_BSON_DEPTH {
        return 0;
    }
    match v {
        Value::Document(d) => {
            5 + d
                .iter()
                .map(|(k, v)| 1 + k.len() + 1 + value_size_capped(v, depth + 1))
                .sum::<usize>()
        }
        Value::Array(items) => {
            5 + items
                .iter()
                .enumerate()
                .map(|(i, v)| 1 + decimal_len(i) + 1 + value_size_capped(v, depth + 1))
                .sum::<usize>()
        }
        Value::JavaScriptWithScope(c) => {
            4 + 4 + c.code.len() + 1 + value_size_capped_doc(&c.scope, depth + 1)
        }
        other => value_size(other),
    }
}

fn value_size_capped_doc(d: &Document, depth: usize) -> usize {
    if depth > MAX_BSON_DEPTH {
        return 0;
    }
    5 + d
        .iter()
        .map(|(k, v)| 1 + k.len() + 1 + value_size_capped(v, depth + 1))
        .sum::<usize>()
}

fn decimal_len(mut n: usize) -> usize {
    let mut len = 1;
    while n >= 10 {
        n /= 10;
        len += 1;
    }
    len
}

/// Heap bytes of a string kept inline when short (`CompactString` holds 24 bytes inline).
fn string_heap(len: usize) -> usize {
    if len > 24 { len + ALLOCATION } else { 0 }
}

/// Adds the memory and depth of `doc`'s contents (its fields' slots and what they own).
fn walk_document(doc: &Document, depth: usize, m: &mut Measure) {
    let depth = depth + 1;
    m.depth = m.depth.max(depth);
    if depth > MAX_BSON_DEPTH {
        return;
    }
    m.memory += ALLOCATION + doc.len() * std::mem::size_of::<(CompactString, Value)>();
    for (k, v) in doc.iter() {
        m.memory += string_heap(k.len());
        walk_value(v, depth, m);
    }
}

/// Adds the memory `v` owns beyond its slot, and its depth.
fn walk_value(v: &Value, depth: usize, m: &mut Measure) {
    match v {
        Value::String(s) | Value::JavaScript(s) | Value::Symbol(s) => {
            m.memory += string_heap(s.len());
        }
        Value::Document(d) => walk_document(d, depth, m),
        Value::Array(items) => {
            let depth = depth + 1;
            m.depth = m.depth.max(depth);
            if depth > MAX_BSON_DEPTH {
                return;
            }
            m.memory += ALLOCATION + items.len() * std::mem::size_of::<Value>();
            for item in items {
                walk_value(item, depth, m);
            }
        }
        Value::Binary(b) => m.memory += ALLOCATION + b.bytes.len(),
        Value::Regex(r) => {
            m.memory +=
                ALLOCATION * 3 + std::mem::size_of_val(&**r) + r.pattern.len() + r.options.len();
        }
        Value::DbPointer(p) => {
            m.memory += ALLOCATION * 2 + std::mem::size_of_val(&**p) + p.namespace.len();
        }
        Value::JavaScriptWithScope(c) => {
            m.memory += ALLOCATION * 2 + std::mem::size_of_val(&**c) + c.code.len();
            walk_document(&c.scope, depth, m);
        }
        _ => {}
    }
}

/// The server's refusal of a result document over [`MAX_INTERNAL_DOCUMENT`]
/// (`BSONObj::_assertInvalid`, mongodb/mongo `src/mongo/bson/bsonobj.cpp`, code 10334
/// `BSONObjectTooLarge`): "BSONObj size: 18874467 (0x1200063) is invalid. Size must be
/// between 0 and 16793600(16MB) First element: _id: 1".
pub fn object_too_large(doc: &Document, size: usize) -> ServerError {
    let first = doc
        .iter()
        .next()
        .map(|(k, v)| format!(" First element: {}", server_element(k, v)))
        .unwrap_or_default();
    ServerError::new(
        code::BSON_OBJECT_TOO_LARGE,
        format!(
            "BSONObj size: {size} (0x{size:X}) is invalid. Size must be between 0 and {MAX_INTERNAL_DOCUMENT}(16MB){first}"
        ),
    )
}

/// The server's refusal of a result nested past [`MAX_BSON_DEPTH`] (`Document::toBson`,
/// mongodb/mongo `src/mongo/db/exec/document_value/document.cpp`, code 15 `Overflow`).
pub fn too_deep() -> ServerError {
    ServerError::new(
        code::OVERFLOW,
        format!(
            "cannot convert document to BSON because it exceeds the limit of {MAX_BSON_DEPTH} levels of nesting"
        ),
    )
}

/// The server's check of one result document: not past [`MAX_BSON_DEPTH`] levels, not
/// over [`MAX_INTERNAL_DOCUMENT`] bytes.
///
/// # Errors
/// The server's `Overflow` or `BSONObjectTooLarge`.
pub fn check_result(doc: &Document) -> Result<Measure, ServerError> {
    let m = measure(doc);
    if m.depth > MAX_BSON_DEPTH {
        return Err(too_deep());
    }
    if m.bson > MAX_INTERNAL_DOCUMENT {
        return Err(object_too_large(doc, m.bson));
    }
    Ok(m)
}

/// The server's check of a document's nesting on insert: a non-empty document or array
/// one level past [`MAX_STORAGE_DEPTH`] is refused; an empty one there is not counted.
/// Walks no deeper than the limit, however deep the document goes.
///
/// # Errors
/// The server's `Overflow` (15): "cannot insert document because it exceeds 180 levels of
/// nesting".
///
/// # Examples
/// ```
/// use bson_tutor::bson::{Document, Value};
/// use bson_tutor::query::limits::check_insert_depth;
/// let mut d = Document::new();
/// d.push("a", Value::Document(Document::new()));
/// assert!(check_insert_depth(&d).is_ok());
/// ```
pub fn check_insert_depth(doc: &Document) -> Result<(), ServerError> {
    fn container_fits(v: &Value, level: usize) -> bool {
        let children: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Document(d) => Box::new(d.iter().map(|(_, v)| v)),
            Value::Array(items) => Box::new(items.iter()),
            _ => return true,
        };
        children.into_iter().all(|child| match child {
            Value::Document(d) if d.is_empty() => true,
            Value::Array(items) if items.is_empty() => true,
            Value::Document(_) | Value::Array(_) => {
                level < MAX_STORAGE_DEPTH && container_fits(child, level + 1)
            }
            _ => true,
        })
    }
    // The document is level 1; its fields' documents and arrays are level 2.
    let fits = doc.iter().all(|(_, v)| match v {
        Value::Document(d) if d.is_empty() => true,
        Value::Array(items) if items.is_empty() => true,
        Value::Document(_) | Value::Array(_) => 1 < MAX_STORAGE_DEPTH && container_fits(v, 2),
        _ => true,
    });
    if fits {
        Ok(())
    } else {
        Err(ServerError::new(
            code::OVERFLOW,
            format!(
                "cannot insert document because it exceeds {MAX_STORAGE_DEPTH} levels of nesting"
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::document_size;

    fn nested(levels: usize) -> Document {
        let mut d = Document::new();
        d.push("x", 1);
        for _ in 1..levels {
            let mut outer = Document::new();
            outer.push("a", d);
            d = outer;
        }
        d
    }

    #[test]
    fn measures_agree_with_the_encoder_and_count_levels() {
        let mut d = nested(3);
        d.push("s", "a string longer than the inline twenty-four bytes");
        d.push("arr", vec![Value::Int32(1), Value::Array(vec![])]);
        let m = measure(&d);
        assert_eq!(m.bson, document_size(&d));
        assert_eq!(m.depth, 3);
        assert!(m.memory > m.bson, "{m:?}");
        assert_eq!(
            measure_value(&Value::Document(d.clone())).bson,
            document_size(&d)
        );
    }

    #[test]
    fn results_past_the_servers_limits_get_its_words() {
        assert_eq!(
            check_result(&nested(MAX_BSON_DEPTH)).map(|m| m.depth),
            Ok(200)
        );
        let e = check_result(&nested(MAX_BSON_DEPTH + 1)).unwrap_err();
        assert_eq!(
            (e.code, e.text.as_str()),
            (
                Some(15),
                "cannot convert document to BSON because it exceeds the limit of 200 levels of nesting"
            )
        );
        let mut big = Document::new();
        big.push("_id", 1);
        big.push("s", "x".repeat(MAX_INTERNAL_DOCUMENT));
        let size = document_size(&big);
        let e = check_result(&big).unwrap_err();
        assert_eq!(e.code, Some(10334));
        assert_eq!(
            e.text,
            format!(
                "BSONObj size: {size} (0x{size:X}) is invalid. Size must be between 0 and 16793600(16MB) First element: _id: 1"
            )
        );
        // Exactly at the internal limit is still a valid result.
        let mut empty = Document::new();
        empty.push("s", "");
        let room = MAX_INTERNAL_DOCUMENT - document_size(&empty);
        let mut exact = Document::new();
        exact.push("s", "x".repeat(room));
        assert_eq!(document_size(&exact), MAX_INTERNAL_DOCUMENT);
        assert!(check_result(&exact).is_ok());
    }
}
