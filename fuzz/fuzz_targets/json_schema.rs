//! Random `$jsonSchema` filters through the matcher's parser, and random documents through
//! the schemas it accepts. The fuzzer's bytes drive a grammar (`arbitrary::Unstructured`):
//! schema documents built from every keyword the server knows (and a few it refuses:
//! `$ref`, `format`, `integer`, duplicates), their operands mostly of the right shape and
//! sometimes of any BSON type, nested up to a depth the fuzzer picks (past the parser's
//! limit now and then). It asserts: no panic; a refusal renders, non-empty, in every
//! language; on an accepted schema, `explain_mismatch` is `None` exactly when the
//! document matches, and its reason is non-empty in every language.
#![no_main]

use bson_tutor::bson::{Binary, Decimal128, Document, Value};
use bson_tutor::query::matcher::Filter;
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

const KEYWORDS: &[&str] = &[
    "bsonType", "type", "required", "properties", "additionalProperties",
    "patternProperties", "enum", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "minLength", "maxLength", "pattern", "items", "additionalItems",
    "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties", "allOf",
    "anyOf", "oneOf", "not", "dependencies", "title", "description", "multipleOf",
    "$ref", "format", "id", "encrypt", "bogus",
];

const NAMES: &[&str] = &["a", "b", "c", "_id", "a.b", "", "$x", "é"];

const TYPES: &[&str] = &[
    "number", "int", "long", "double", "decimal", "string", "object", "array", "bool",
    "boolean", "null", "date", "binData", "objectId", "regex", "integer", "nope", "minKey",
];

const PATTERNS: &[&str] = &["^a", "b$", "[0-9]+", "(a|b)*c", "(", "\\d{2,}", "", "a{3}"];

fn name(u: &mut Unstructured<'_>) -> Result<String> {
    Ok(if u.ratio(1u8, 8)? {
        u.arbitrary::<&str>()?.chars().take(8).collect()
    } else {
        (*u.choose(NAMES)?).to_owned()
    })
}

/// A scalar or small container of any BSON type the matcher compares.
fn value(u: &mut Unstructured<'_>, depth: usize) -> Result<Value> {
    Ok(match u.int_in_range(0..=13u8)? {
        0 => Value::Int32(u.int_in_range(-3..=5)?),
        1 => Value::Int64(u.arbitrary()?),
        2 => Value::Double(*u.choose(&[0.5, -1.0, 2.0, f64::NAN, f64::INFINITY, 1e19, -0.0])?),
        3 => Value::Decimal128(
            Decimal128::parse(u.choose(&["1", "2.5", "-7", "NaN", "1E+400", "0"])?)
                .unwrap_or_else(|_| Decimal128::from_i64(0)),
        ),
        4 => Value::String(u.choose(&["a", "abc", "b1", "ab12c", "", "ééé"])?.to_string().into()),
        5 => Value::Boolean(u.arbitrary()?),
        6 => Value::Null,
        7 if depth < 4 => {
            let n = u.int_in_range(0..=4usize)?;
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                items.push(value(u, depth + 1)?);
            }
            Value::Array(items)
        }
        8 if depth < 4 => Value::Document(document(u, depth + 1)?),
        9 => {
            let len = u.int_in_range(0..=3usize)?;
            Value::Binary(Binary { subtype: 0, bytes: u.bytes(len)?.to_vec() })
        }
        10 => Value::MinKey,
        _ => Value::Int32(u.int_in_range(0..=3)?),
    })
}

fn document(u: &mut Unstructured<'_>, depth: usize) -> Result<Document> {
    let mut d = Document::new();
    for _ in 0..u.int_in_range(0..=4usize)? {
        d.push(name(u)?, value(u, depth + 1)?);
    }
    Ok(d)
}

fn strings(u: &mut Unstructured<'_>, pool: &[&str]) -> Result<Value> {
    let n = u.int_in_range(0..=3usize)?;
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        items.push(Value::String((*u.choose(pool)?).to_owned().into()));
    }
    Ok(Value::Array(items))
}

/// A schema document: a few keywords, each with an operand of its kind (or not).
fn schema(u: &mut Unstructured<'_>, depth: usize) -> Result<Document> {
    let mut d = Document::new();
    let limit = if depth > 6 { 0 } else { u.int_in_range(0..=4usize)? };
    for _ in 0..limit {
        let keyword = *u.choose(KEYWORDS)?;
        let operand = if u.ratio(1u8, 10)? {
            value(u, 0)?
        } else {
            operand(u, keyword, depth)?
        };
        d.push(keyword, operand);
    }
    Ok(d)
}

fn sub(u: &mut Unstructured<'_>, depth: usize) -> Result<Value> {
    Ok(Value::Document(schema(u, depth + 1)?))
}

fn operand(u: &mut Unstructured<'_>, keyword: &str, depth: usize) -> Result<Value> {
    Ok(match keyword {
        "bsonType" | "type" => {
            if u.arbitrary()? {
                Value::String((*u.choose(TYPES)?).to_owned().into())
            } else {
                strings(u, TYPES)?
            }
        }
        "required" => strings(u, NAMES)?,
        "properties" | "patternProperties" | "dependencies" => {
            let mut d = Document::new();
            for _ in 0..u.int_in_range(0..=3usize)? {
                let key = if keyword == "patternProperties" {
                    (*u.choose(PATTERNS)?).to_owned()
                } else {
                    name(u)?
                };
                let v = if keyword == "dependencies" && u.arbitrary()? {
                    strings(u, NAMES)?
                } else {
                    sub(u, depth)?
                };
                d.push(key, v);
            }
            Value::Document(d)
        }
        "additionalProperties" | "additionalItems" | "uniqueItems" | "exclusiveMinimum"
        | "exclusiveMaximum" => {
            if u.arbitrary()? {
                Value::Boolean(u.arbitrary()?)
            } else {
                sub(u, depth)?
            }
        }
        "items" => {
            if u.arbitrary()? {
                sub(u, depth)?
            } else {
                let n = u.int_in_range(0..=3usize)?;
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(sub(u, depth)?);
                }
                Value::Array(items)
            }
        }
        "allOf" | "anyOf" | "oneOf" => {
            let n = u.int_in_range(0..=3usize)?;
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                items.push(sub(u, depth)?);
            }
            Value::Array(items)
        }
        "not" => sub(u, depth)?,
        "enum" => {
            let n = u.int_in_range(0..=3usize)?;
            let mut items = Vec::with_capacity(n);
            for _ in 0..n {
                items.push(value(u, 0)?);
            }
            Value::Array(items)
        }
        "pattern" => Value::String((*u.choose(PATTERNS)?).to_owned().into()),
        "title" | "description" | "format" | "$ref" | "id" => Value::String("x".to_owned().into()),
        _ => value(u, 0)?,
    })
}

/// A refusal renders to something. It may span lines: the server's words quote the
/// learner's field names verbatim (a name may hold a newline), and the interface escapes
/// control characters when it shows them (`strings::safe`).
fn one_line(text: &str) {
    assert!(!text.is_empty());
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(mut top) = schema(&mut u, 0) else { return };
    if u.ratio(1u8, 20).unwrap_or(false) {
        // Past the parser's depth limit.
        for _ in 0..120 {
            let mut outer = Document::new();
            outer.push("not", Value::Document(top));
            top = outer;
        }
    }
    let mut filter = Document::new();
    filter.push("$jsonSchema", Value::Document(top));
    match Filter::parse(&filter) {
        Err(e) => {
            for lang in Lang::ALL {
                one_line(&e.to_string_in(lang));
            }
        }
        Ok(f) => {
            for _ in 0..4 {
                let Ok(doc) = document(&mut u, 0) else { break };
                let matched = f.matches(&doc);
                for lang in Lang::ALL {
                    let why = f.explain_mismatch(&doc, lang).expect("no stop was asked for");
                    assert_eq!(why.is_none(), matched, "explain disagrees with matches");
                    if let Some(why) = why {
                        assert!(!why.is_empty());
                    }
                }
            }
        }
    }
});
