//! The tagged JSON values cross the console's border in, both ways.
//!
//! A string, a boolean and null are themselves; everything else is an array whose first
//! element names the BSON type: `["i", 42]` an int32, `["d", "0.1"]` a double (as
//! JavaScript prints it, so `-0`, `NaN` and `Infinity` survive), `["l", "9007199254740993"]`
//! an int64, `["D", [["_id", ["i", 1]], ...]]` a document with its keys in order. No user key
//! is ever read as an Extended JSON wrapper, so a filter's `{ $regex: ... }` stays the
//! operator it is.

use serde_json::Value as Json;

use crate::bson::base64;
use crate::bson::decimal128::Decimal128;
use crate::bson::oid::ObjectId;
use crate::bson::value::{Binary, CodeWithScope, Document, Regex, Timestamp, Value};

/// How deep a value may nest when it crosses: the server's own limit is far below this.
const MAX_DEPTH: usize = 256;

/// Why a tagged value could not be read (a bug in the prelude, or a value out of range).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagError(pub String);

fn bad(what: impl Into<String>) -> TagError {
    TagError(what.into())
}

/// Reads one tagged value.
///
/// # Errors
/// A tag this module does not write, or a payload out of its type's range.
pub fn to_value(j: &Json) -> Result<Value, TagError> {
    value_at(j, 0)
}

fn value_at(j: &Json, depth: usize) -> Result<Value, TagError> {
    if depth > MAX_DEPTH {
        return Err(bad("value nested too deeply"));
    }
    let items = match j {
        Json::Null => return Ok(Value::Null),
        Json::Bool(b) => return Ok(Value::Boolean(*b)),
        Json::String(s) => return Ok(Value::String(s.as_str().into())),
        Json::Number(n) => return Ok(Value::Double(n.as_f64().unwrap_or(f64::NAN))),
        Json::Object(_) => return Err(bad("an object where a tagged value belongs")),
        Json::Array(items) => items,
    };
    let tag = items.first().and_then(Json::as_str).unwrap_or("");
    let s = |i: usize| items.get(i).and_then(Json::as_str).unwrap_or("");
    let n = |i: usize| items.get(i).and_then(Json::as_f64).unwrap_or(0.0);
    Ok(match tag {
        "i" => Value::Int32(n(1) as i32),
        "d" => Value::Double(parse_double(s(1))),
        "l" => Value::Int64(s(1).parse().map_err(|_| bad(format!("int64 {}", s(1))))?),
        "m" => Value::Decimal128(Decimal128::parse(s(1)).map_err(|e| bad(e.to_string()))?),
        "o" => Value::ObjectId(ObjectId::parse_hex(s(1)).map_err(|e| bad(e.to_string()))?),
        "t" => Value::DateTime(s(1).parse().map_err(|_| bad(format!("date {}", s(1))))?),
        "a" => {
            let list = items
                .get(1)
                .and_then(Json::as_array)
                .map_or(&[][..], Vec::as_slice);
            Value::Array(
                list.iter()
                    .map(|x| value_at(x, depth + 1))
                    .collect::<Result<_, _>>()?,
            )
        }
        "D" => Value::Document(document_at(items.get(1).unwrap_or(&Json::Null), depth)?),
        "b" => Value::Binary(Binary {
            subtype: n(2) as u8,
            bytes: base64::decode(s(1)).map_err(|e| bad(e.to_string()))?,
        }),
        "T" => Value::Timestamp(Timestamp {
            time: n(1) as u32,
            increment: n(2) as u32,
        }),
        "r" => Value::Regex(Box::new(Regex {
            pattern: s(1).to_owned(),
            options: s(2).to_owned(),
        })),
        "c" => Value::JavaScript(s(1).into()),
        "C" => Value::JavaScriptWithScope(Box::new(CodeWithScope {
            code: s(1).to_owned(),
            scope: match value_at(items.get(2).unwrap_or(&Json::Null), depth + 1)? {
                Value::Document(d) => d,
                _ => Document::new(),
            },
        })),
        "y" => Value::Symbol(s(1).into()),
        "min" => Value::MinKey,
        "max" => Value::MaxKey,
        "u" => Value::Undefined,
        other => return Err(bad(format!("unknown tag {other:?}"))),
    })
}

fn document_at(j: &Json, depth: usize) -> Result<Document, TagError> {
    let pairs = j.as_array().map_or(&[][..], Vec::as_slice);
    let mut d = Document::with_capacity(pairs.len());
    for pair in pairs {
        let key = pair.get(0).and_then(Json::as_str).unwrap_or("");
        let v = value_at(pair.get(1).unwrap_or(&Json::Null), depth + 1)?;
        d.push(key, v);
    }
    Ok(d)
}

/// A double as JavaScript's `String(x)` wrote it.
fn parse_double(s: &str) -> f64 {
    match s {
        "NaN" => f64::NAN,
        "Infinity" => f64::INFINITY,
        "-Infinity" => f64::NEG_INFINITY,
        s => s.parse().unwrap_or(f64::NAN),
    }
}

/// The tagged form of a value.
pub fn from_value(v: &Value) -> Json {
    let tagged = |tag: &str, rest: Vec<Json>| {
        let mut a = vec![Json::from(tag)];
        a.extend(rest);
        Json::Array(a)
    };
    match v {
        Value::Null => Json::Null,
        Value::Boolean(b) => Json::Bool(*b),
        Value::String(s) => Json::String(s.to_string()),
        Value::Int32(n) => tagged("i", vec![Json::from(*n)]),
        Value::Double(x) => tagged("d", vec![Json::from(crate::bson::ejson::js_number(*x))]),
        Value::Int64(n) => tagged("l", vec![Json::from(n.to_string())]),
        Value::Decimal128(d) => tagged("m", vec![Json::from(d.to_string())]),
        Value::ObjectId(o) => tagged("o", vec![Json::from(o.to_hex())]),
        Value::DateTime(ms) => tagged("t", vec![Json::from(ms.to_string())]),
        Value::Array(items) => tagged(
            "a",
            vec![Json::Array(items.iter().map(from_value).collect())],
        ),
        Value::Document(d) => tagged("D", vec![document(d)]),
        Value::Binary(b) => tagged(
            "b",
            vec![Json::from(base64::encode(&b.bytes)), Json::from(b.subtype)],
        ),
        Value::Timestamp(ts) => tagged("T", vec![Json::from(ts.time), Json::from(ts.increment)]),
        Value::Regex(r) => tagged(
            "r",
            vec![Json::from(r.pattern.clone()), Json::from(r.options.clone())],
        ),
        Value::JavaScript(c) => tagged("c", vec![Json::from(c.to_string())]),
        Value::JavaScriptWithScope(c) => tagged(
            "C",
            vec![
                Json::from(c.code.clone()),
                tagged("D", vec![document(&c.scope)]),
            ],
        ),
        Value::Symbol(s) => tagged("y", vec![Json::from(s.to_string())]),
        Value::MinKey => tagged("min", vec![]),
        Value::MaxKey => tagged("max", vec![]),
        Value::Undefined => tagged("u", vec![]),
        Value::DbPointer(p) => tagged(
            "p",
            vec![Json::from(p.namespace.clone()), Json::from(p.id.to_hex())],
        ),
    }
}

fn document(d: &Document) -> Json {
    Json::Array(
        d.iter()
            .map(|(k, v)| Json::Array(vec![Json::from(k), from_value(v)]))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::shell::{FixedGenerator, parse_document};

    #[test]
    fn every_type_crosses_both_ways() {
        let src = "{ i: 1, d: 0.5, z: Double(-0), l: NumberLong('9007199254740993'), \
                   m: NumberDecimal('0.1'), o: ObjectId('6ac71201a9fded4f0c2e7ec8'), \
                   t: new Date(5), a: [1, 'x', null], s: 'é', b: BinData(4, 'NApz41srRaiJLXEnU8FUBg=='), \
                   ts: Timestamp(1, 2), r: /a.b/i, c: Code('x'), y: MinKey(), Y: MaxKey() }";
        let doc = parse_document(src, &mut FixedGenerator::new(0))
            .unwrap()
            .value;
        let back = to_value(&from_value(&Value::Document(doc.clone()))).unwrap();
        assert_eq!(back, Value::Document(doc));
    }

    #[test]
    fn a_dollar_key_stays_a_key() {
        let j: Json = serde_json::from_str(r#"["D", [["$oid", "x"], ["$regex", "^a"]]]"#).unwrap();
        let d = to_value(&j).unwrap();
        let d = d.as_document().unwrap();
        assert_eq!(d.keys().collect::<Vec<_>>(), ["$oid", "$regex"]);
    }

    #[test]
    fn bad_tags_are_errors_not_panics() {
        for text in [
            r#"["q"]"#,
            r#"["l", "x"]"#,
            r#"["o", "12"]"#,
            r#"{"a": 1}"#,
            "[]",
        ] {
            let j: Json = serde_json::from_str(text).unwrap();
            assert!(to_value(&j).is_err(), "{text}");
        }
    }
}
