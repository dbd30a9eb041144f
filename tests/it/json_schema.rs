//! `$jsonSchema` against the facts of jstests/core/json_schema/*.js and the manual's
//! `$jsonSchema` page (data and expectations carried over, code written fresh), and the
//! parse errors of the server's `json_schema_parser.cpp`.
//!
//! The jstests check a schema by inserting the document first, so a document without `_id`
//! is given one here too (it matters to a top-level `enum` or `additionalProperties`).

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::error::code;
use bson_tutor::query::matcher::Filter;
use bson_tutor::strings::Lang;

fn doc(src: &str) -> Document {
    parse_document(src, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{src}: {e}"))
        .value
}

/// The document as the server stores it: `_id` first, added when missing.
fn stored(src: &str) -> Document {
    let d = doc(src);
    if d.contains_key("_id") {
        return d;
    }
    let mut out = Document::new();
    out.push("_id", Value::Int32(1));
    for (k, v) in d.iter() {
        out.push(k, v.clone());
    }
    out
}

fn schema_filter(schema: &str) -> Filter {
    let text = format!("{{ $jsonSchema: {schema} }}");
    Filter::parse(&doc(&text)).unwrap_or_else(|e| panic!("{schema}: {e}"))
}

/// `assertSchemaMatch(coll, schema, doc, valid)` of jstests/libs/assert_schema_match.js.
#[rustfmt::skip]
const CASES: &[(&str, &str, &str, bool)] = &[
    // additional_properties.js
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: false }", "{ _id: 1 }", true),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: false }", "{ _id: 1, a: 1 }", true),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: false }", "{ _id: 1, b: 1 }", false),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: false }", "{ _id: 1, a: 1, b: 1 }", false),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: true }", "{ _id: 1, a: 1, b: 1 }", true),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: { type: 'number' } }", "{ _id: 1, b: 1 }", true),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, additionalProperties: { type: 'number' } }", "{ _id: 1, b: 'str' }", false),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: { type: 'number' } }", "{ _id: 1, a: 1, ba: 'str', other: 1 }", true),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: { type: 'number' } }", "{ _id: 1, a: 1, ba: 'str', other: 'str' }", false),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: { type: 'number' } }", "{ _id: 1, a: 1, ba: 1, other: 1 }", false),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: false }", "{ _id: 1, a: 1, ba: 'str' }", true),
    ("additional_properties.js", "{ properties: { _id: {}, a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: false }", "{ _id: 1, a: 1, ba: 'str', other: 1 }", false),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, additionalProperties: false } } }", "{}", true),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, additionalProperties: false } } }", "{ obj: 1 }", true),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, additionalProperties: false } } }", "{ obj: { a: 1 } }", true),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, additionalProperties: false } } }", "{ obj: { a: 1, b: 1 } }", false),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, additionalProperties: false } } }", "{ obj: { b: 1 } }", false),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, additionalProperties: { type: 'number' } } } }", "{ obj: { a: 1, b: 'str' } }", false),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: { type: 'number' } } } }", "{ obj: { a: 1, ba: 'str', c: 1 } }", true),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: { type: 'number' } } } }", "{ obj: { a: 1, ba: 1, c: 1 } }", false),
    ("additional_properties.js", "{ properties: { obj: { properties: { a: {} }, patternProperties: { '^b': { type: 'string' } }, additionalProperties: { type: 'number' } } } }", "{ obj: { a: 1, ba: 1, c: 'str' } }", false),
    // items.js
    ("items.js", "{ items: { type: 'number' } }", "{}", true),
    ("items.js", "{ items: [ { type: 'number' } ] }", "{}", true),
    ("items.js", "{ properties: { a: { items: { minimum: 0 } } } }", "{ a: -1 }", true),
    ("items.js", "{ properties: { a: { items: [ { minimum: 0 } ] } } }", "{ a: -1 }", true),
    ("items.js", "{ properties: { a: { items: { pattern: 'a+b' } } } }", "{ a: [] }", true),
    ("items.js", "{ properties: { a: { items: { pattern: 'a+b' } } } }", "{ a: [ 7 ] }", true),
    ("items.js", "{ properties: { a: { items: { pattern: 'a+b' } } } }", "{ a: [ null ] }", true),
    ("items.js", "{ properties: { a: { items: { pattern: 'a+b' } } } }", "{ a: [ 'cab', 'caab' ] }", true),
    ("items.js", "{ properties: { a: { items: { pattern: 'a+b' } } } }", "{ a: [ 'cab', 'caab', 'b' ] }", false),
    ("items.js", "{ properties: { a: { items: [ { multipleOf: 2 } ] } } }", "{ a: [ 2, 3 ] }", true),
    ("items.js", "{ properties: { a: { items: [ { multipleOf: 2 } ] } } }", "{ a: [ 3 ] }", false),
    ("items.js", "{ properties: { a: { items: [ { maxLength: 1 }, { maxLength: 2 } ] } } }", "{ a: [ '1', '12', '123' ] }", true),
    ("items.js", "{ properties: { a: { items: [ { maxLength: 1 }, { maxLength: 2 } ] } } }", "{ a: [ '12' ] }", false),
    ("items.js", "{ properties: { a: { items: [ { maxLength: 1 }, { maxLength: 2 } ] } } }", "{ a: [ '1', '123' ] }", false),
    ("items.js", "{ properties: { a: { items: [] } } }", "{ a: [ 1, 'foo', {} ] }", true),
    // logical_keywords.js
    ("logical_keywords.js", "{ properties: { foo: { allOf: [ { minimum: 1 } ] } } }", "{ foo: 0 }", false),
    ("logical_keywords.js", "{ properties: { foo: { allOf: [ { minimum: 1 } ] } } }", "{ foo: 'string' }", true),
    ("logical_keywords.js", "{ properties: { foo: { allOf: [ { type: 'number' }, { minimum: 0 } ] } } }", "{ foo: [ 0 ] }", false),
    ("logical_keywords.js", "{ allOf: [ { type: 'string' } ] }", "{}", false),
    ("logical_keywords.js", "{ allOf: [ { properties: { foo: { type: 'string' } } } ] }", "{ foo: 1 }", false),
    ("logical_keywords.js", "{ properties: { foo: { anyOf: [ { type: 'string' }, { type: 'number', minimum: 1 } ] } } }", "{ foo: 1 }", true),
    ("logical_keywords.js", "{ properties: { foo: { anyOf: [ { type: 'string' }, { type: 'number', minimum: 1 } ] } } }", "{ foo: 0 }", false),
    ("logical_keywords.js", "{ properties: { foo: { anyOf: [ { type: 'string' }, { type: 'object' } ] } } }", "{ foo: [ {} ] }", false),
    ("logical_keywords.js", "{ anyOf: [ { properties: { foo: { type: 'string' } } } ] }", "{}", true),
    ("logical_keywords.js", "{ properties: { foo: { oneOf: [ { minimum: 0 }, { maximum: 3 } ] } } }", "{ foo: 4 }", true),
    ("logical_keywords.js", "{ properties: { foo: { oneOf: [ { minimum: 0 }, { maximum: 3 } ] } } }", "{ foo: 1 }", false),
    ("logical_keywords.js", "{ properties: { foo: { oneOf: [ { minimum: 0 }, { maximum: 3 } ] } } }", "{ foo: 'str' }", false),
    ("logical_keywords.js", "{ properties: { foo: { oneOf: [ { type: 'string' }, { pattern: 'ing' } ] } } }", "{ foo: 'str' }", true),
    ("logical_keywords.js", "{ properties: { foo: { oneOf: [ { type: 'string' }, { pattern: 'ing' } ] } } }", "{ foo: 'string' }", false),
    ("logical_keywords.js", "{ oneOf: [ {}, {} ] }", "{}", false),
    ("logical_keywords.js", "{ properties: { foo: { type: 'number', oneOf: [ { minimum: 4 } ] } } }", "{}", true),
    ("logical_keywords.js", "{ properties: { foo: { not: { type: 'number' } } } }", "{ foo: 'str' }", true),
    ("logical_keywords.js", "{ properties: { foo: { not: { type: 'number' } } } }", "{ foo: 1 }", false),
    ("logical_keywords.js", "{ properties: { foo: { not: {} } } }", "{}", true),
    ("logical_keywords.js", "{ properties: { foo: { not: {} } } }", "{ foo: 1 }", false),
    ("logical_keywords.js", "{ not: {} }", "{}", false),
    ("logical_keywords.js", "{ not: { properties: { foo: { type: 'string' } } } }", "{ foo: 1 }", true),
    ("logical_keywords.js", "{ not: { properties: { foo: { type: 'string' } } } }", "{}", false),
    ("logical_keywords.js", "{ properties: { foo: { type: 'string', not: { maxLength: 4 } } } }", "{ foo: 'string' }", true),
    ("logical_keywords.js", "{ properties: { foo: { type: 'string', not: { maxLength: 4 } } } }", "{ foo: 'str' }", false),
    ("logical_keywords.js", "{ properties: { a: { enum: [ 'str', 5 ] } } }", "{ a: 5 }", true),
    ("logical_keywords.js", "{ properties: { a: { enum: [ 'str', 5 ] } } }", "{ a: [ 'str' ] }", false),
    ("logical_keywords.js", "{ properties: { a: { enum: [ null ] } } }", "{ a: null }", true),
    ("logical_keywords.js", "{ properties: { a: { enum: [ null ] } }, required: [ 'a' ] }", "{}", false),
    ("logical_keywords.js", "{ properties: { a: { enum: [ [ 1, 2, '3' ] ] } } }", "{ a: [ 1, 2, '3' ] }", true),
    ("logical_keywords.js", "{ properties: { a: { enum: [ [ 1, 2, '3' ] ] } } }", "{ a: [ 2, '3', 1 ] }", false),
    ("logical_keywords.js", "{ properties: { a: { enum: [ { name: 'tiny', size: 'large' } ] } } }", "{ a: { size: 'large', name: 'tiny' } }", true),
    ("logical_keywords.js", "{ properties: { a: { enum: [ { name: 'tiny' } ] } } }", "{ a: { size: 'large', name: 'tiny' } }", false),
    ("logical_keywords.js", "{ enum: [ { _id: 0 } ] }", "{ _id: 0 }", true),
    ("logical_keywords.js", "{ enum: [ {} ] }", "{}", false),
    ("logical_keywords.js", "{ enum: [ null ] }", "{}", false),
    ("logical_keywords.js", "{ enum: [ { _id: 0, a: 'str' } ] }", "{ _id: 0, a: 'str', b: 1 }", false),
    // json_schema.js
    ("json_schema.js", "{ description: 'test' }", "{}", true),
    ("json_schema.js", "{ properties: { a: { title: \"this is a's title\" } } }", "{ a: {} }", true),
];

#[test]
fn enum_null_does_not_take_undefined() {
    // logical_keywords.js: "enum with a null value correctly matches literal null elements,
    // but not 'missing' or 'undefined'".
    let f = schema_filter("{ properties: { a: { enum: [ null ] } } }");
    let mut d = Document::new();
    d.push("_id", 1);
    d.push("a", Value::Undefined);
    assert!(!f.matches(&d));
}

#[test]
fn jstests_facts() {
    let mut failures = Vec::new();
    for (source, schema, document, want) in CASES {
        let got = schema_filter(schema).matches(&stored(document));
        if got != *want {
            failures.push(format!(
                "[{source}] {schema} on {document}: expected {want}, got {got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn ids(collection: &str, filter: &str) -> Vec<i32> {
    let f = Filter::parse(&doc(filter)).unwrap_or_else(|e| panic!("{filter}: {e}"));
    let Value::Array(items) = parse_value(collection, &mut FixedGenerator::new(0))
        .unwrap()
        .value
    else {
        panic!("not an array")
    };
    items
        .iter()
        .filter_map(|v| match v {
            Value::Document(d) if f.matches(d) => match d.get("_id") {
                Some(Value::Int32(n)) => Some(*n),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

/// json_schema.js: the collection of numbers, documents and strings in `num`.
const NUMS: &str = "[ { _id: 0, num: 3 }, { _id: 1, num: -3 }, { _id: 2, num: NumberInt(2) },
  { _id: 3, num: NumberInt(-2) }, { _id: 4, num: NumberLong(1) }, { _id: 5, num: NumberLong(-1) },
  { _id: 6, num: {} }, { _id: 7, num: 'str' }, { _id: 8, num: 'string' }, { _id: 9 } ]";

#[test]
fn json_schema_js_queries() {
    #[rustfmt::skip]
    let cases: &[(&str, &[i32])] = &[
        ("{ $jsonSchema: {} }", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ("{ $jsonSchema: { type: 'object' } }", &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
        ("{ $jsonSchema: { type: 'string' } }", &[]),
        ("{ $jsonSchema: { bsonType: 'long' } }", &[]),
        ("{ $jsonSchema: { bsonType: 'objectId' } }", &[]),
        ("{ $jsonSchema: { properties: { num: { type: 'number' } } } }", &[0, 1, 2, 3, 4, 5, 9]),
        ("{ $jsonSchema: { properties: { num: { type: 'number', maximum: -1 } } } }", &[1, 3, 5, 9]),
        ("{ $jsonSchema: { type: 'object', properties: { num: { type: 'number', maximum: -1 } } } }", &[1, 3, 5, 9]),
        ("{ $jsonSchema: { properties: { num: { bsonType: 'long' } } } }", &[4, 5, 9]),
        ("{ $jsonSchema: { properties: { num: { bsonType: 'long', maximum: 0 } } } }", &[5, 9]),
        ("{ $jsonSchema: { properties: { num: { maximum: 0 } } } }", &[1, 3, 5, 6, 7, 8, 9]),
        ("{ $jsonSchema: { properties: { num: { type: 'string', maximum: 0 } } } }", &[7, 8, 9]),
        ("{ $jsonSchema: { properties: { num: { type: 'string', maxLength: 2 } } } }", &[9]),
        ("{ $jsonSchema: { properties: { num: { type: 'string', maxLength: 3 } } } }", &[7, 9]),
        ("{ $jsonSchema: { properties: { num: { type: 'string', minLength: 4 } } } }", &[8, 9]),
        ("{ $jsonSchema: { properties: { num: { type: 'string', minLength: 3 } } } }", &[7, 8, 9]),
        ("{ $jsonSchema: { properties: { num: { type: 'string', pattern: 'ing' } } } }", &[8, 9]),
    ];
    for (filter, want) in cases {
        assert_eq!(ids(NUMS, filter), *want, "{filter}");
    }
    // "properties keyword can be used recursively, and ... does not apply when the field
    // does not contain an object"; "$jsonSchema can be combined with other operators".
    let objs = "[ { _id: 0, obj: 3 }, { _id: 1, obj: { f1: { f3: 'str' }, f2: 'str' } },
      { _id: 2, obj: { f1: 'str', f2: 'str' } }, { _id: 3, obj: { f1: 1, f2: 'str' } } ]";
    let nested = "{ properties: { obj: { properties: { f1: { type: 'object', properties: { f3: { type: 'string' } } }, f2: { type: 'string' } } } } }";
    assert_eq!(ids(objs, &format!("{{ $jsonSchema: {nested} }}")), [0, 1]);
    assert_eq!(
        ids(
            objs,
            &format!("{{ $or: [ {{ 'obj.f1': 'str' }}, {{ $jsonSchema: {nested} }} ] }}")
        ),
        [0, 1, 2]
    );
    // "type:'array'" and "type:'number' works correctly in the presence of arrays".
    let arrs = "[ { _id: 0, arr: 3 }, { _id: 1, arr: [ 1, 'foo' ] }, { _id: 2, arr: [ { a: 1 }, { b: 2 } ] },
      { _id: 3, arr: [] }, { _id: 4, arr: { a: [] } } ]";
    assert_eq!(
        ids(
            arrs,
            "{ $jsonSchema: { properties: { arr: { type: 'array' } } } }"
        ),
        [1, 2, 3]
    );
    assert_eq!(
        ids(
            arrs,
            "{ $jsonSchema: { properties: { arr: { type: 'number' } } } }"
        ),
        [0]
    );
    // Sibling predicates.
    let two = "[ { _id: 1, a: 1, b: 1 }, { _id: 2, a: 2, b: 2 } ]";
    assert_eq!(
        ids(
            two,
            "{ $jsonSchema: { properties: { a: { type: 'number' } }, required: [ 'a' ] }, b: 1 }"
        ),
        [1]
    );
    assert_eq!(
        ids(two, "{ $or: [ { $jsonSchema: {}, a: 1 }, { b: 1 } ] }"),
        [1]
    );
}

/// The manual's `$jsonSchema` page, "Query Conditions": the inventory and `myschema`; the
/// `$nor` form finds the documents that do not satisfy it. In mongosh an integral number
/// such as `14` is stored as an int, so every `size` fails `bsonType: "double"`: only
/// apple and pears, which have no `size`, match.
#[test]
fn the_manual_query_conditions_example() {
    let inventory = r#"[
      { _id: 1, item: "journal", qty: NumberInt(25), size: { h: 14, w: 21, uom: "cm" }, instock: true },
      { _id: 2, item: "notebook", qty: NumberInt(50), size: { h: 8.5, w: 11, uom: "in" }, instock: true },
      { _id: 3, item: "paper", qty: NumberInt(100), size: { h: 8.5, w: 11, uom: "in" }, instock: 1 },
      { _id: 4, item: "planner", qty: NumberInt(75), size: { h: 22.85, w: 30, uom: "cm" }, instock: 1 },
      { _id: 5, item: "postcard", qty: NumberInt(45), size: { h: 10, w: 15.25, uom: "cm" }, instock: true },
      { _id: 6, item: "apple", qty: NumberInt(45), status: "A", instock: true },
      { _id: 7, item: "pears", qty: NumberInt(50), status: "A", instock: true }
    ]"#;
    let myschema = r#"{
      required: [ "item", "qty", "instock" ],
      properties: {
        item: { bsonType: "string" },
        qty: { bsonType: "int" },
        size: { bsonType: "object", required: [ "uom" ],
                properties: { uom: { bsonType: "string" }, h: { bsonType: "double" }, w: { bsonType: "double" } } },
        instock: { bsonType: "bool" }
      }
    }"#;
    assert_eq!(
        ids(inventory, &format!("{{ $jsonSchema: {myschema} }}")),
        [6, 7]
    );
    assert_eq!(
        ids(
            inventory,
            &format!("{{ $nor: [ {{ $jsonSchema: {myschema} }} ] }}")
        ),
        [1, 2, 3, 4, 5]
    );
}

/// The manual's validation example ("Specify JSON Schema Validation"): `gpa` must be a
/// double, so `NumberInt(3)` fails and `3.0` passes; `bsonType: "number"` takes both.
#[test]
fn the_manual_students_validator() {
    let students = r#"{
      bsonType: "object",
      title: "Student Object Validation",
      required: [ "address", "major", "name", "year" ],
      properties: {
        name: { bsonType: "string", description: "'name' must be a string and is required" },
        year: { bsonType: "int", minimum: 2017, maximum: 3017, description: "'year' must be an integer in [ 2017, 3017 ] and is required" },
        gpa: { bsonType: [ "double" ], description: "'gpa' must be a double if the field exists" }
      }
    }"#;
    let f = schema_filter(students);
    let alice = |gpa: &str| {
        stored(&format!(
            "{{ name: 'Alice', year: NumberInt(2019), major: 'History', gpa: {gpa}, address: {{ city: 'NYC', street: '33rd Street' }} }}"
        ))
    };
    assert!(!f.matches(&alice("NumberInt(3)")));
    assert!(f.matches(&alice("Double(3.0)")));
    let why = f
        .explain_mismatch(&alice("NumberInt(3)"), Lang::En)
        .unwrap()
        .unwrap();
    assert_eq!(
        why,
        "$jsonSchema: gpa: 3 is of type int, but 'bsonType' asks for double"
    );
    let number = schema_filter("{ properties: { gpa: { bsonType: 'number' } } }");
    assert!(number.matches(&alice("NumberInt(3)")) && number.matches(&alice("NumberDecimal('3')")));
    assert!(!number.matches(&alice("'3'")));
}

#[test]
fn unique_items_and_dependencies_and_property_counts() {
    // unique_items.js: field order is ignored and 1 equals 1.0.
    let unique = schema_filter("{ properties: { a: { uniqueItems: true } } }");
    for (d, want) in [
        ("{ a: [ 1, 2, 3 ] }", true),
        ("{ a: [ 1, 1.0 ] }", false),
        ("{ a: [ { x: 1, y: 1 }, { y: 1, x: 1 } ] }", false),
        ("{ a: [ [ 1, 2 ], [ 2, 1 ] ] }", true),
        ("{ a: 'not an array' }", true),
    ] {
        assert_eq!(unique.matches(&stored(d)), want, "{d}");
    }
    // dependencies.js: a property dependency and a schema dependency.
    let deps = schema_filter("{ dependencies: { a: [ 'b', 'c' ], d: { required: [ 'e' ] } } }");
    for (d, want) in [
        ("{}", true),
        ("{ a: 1, b: 1, c: 1 }", true),
        ("{ a: 1, b: 1 }", false),
        ("{ d: 1 }", false),
        ("{ d: 1, e: 1 }", true),
    ] {
        assert_eq!(deps.matches(&stored(d)), want, "{d}");
    }
    // min_max_properties.js: at the top level `_id` counts.
    let counts = schema_filter("{ minProperties: 2, maxProperties: 3 }");
    assert!(!counts.matches(&stored("{}")));
    assert!(counts.matches(&stored("{ a: 1 }")));
    assert!(!counts.matches(&stored("{ a: 1, b: 1, c: 1 }")));
    let items = schema_filter("{ properties: { a: { minItems: 1, maxItems: 2 } } }");
    assert!(!items.matches(&stored("{ a: [] }")) && items.matches(&stored("{ a: 'x' }")));
    // multipleOf divides in decimal as the server does: 0.3 is a multiple of 0.1.
    let tenths = schema_filter("{ properties: { a: { multipleOf: 0.1 } } }");
    assert!(tenths.matches(&stored("{ a: 0.3 }")) && !tenths.matches(&stored("{ a: 0.35 }")));
    let halves = schema_filter("{ properties: { a: { multipleOf: NumberDecimal('1.5') } } }");
    assert!(halves.matches(&stored("{ a: 4.5 }")) && !halves.matches(&stored("{ a: 5 }")));
    // additional_items.js
    let extra = schema_filter("{ properties: { a: { items: [ {} ], additionalItems: false } } }");
    assert!(extra.matches(&stored("{ a: [ 1 ] }")) && !extra.matches(&stored("{ a: [ 1, 2 ] }")));
    let ignored = schema_filter("{ properties: { a: { additionalItems: false } } }");
    assert!(ignored.matches(&stored("{ a: [ 1, 2 ] }")));
}

/// Schemas the server refuses, where, with its words and code.
#[rustfmt::skip]
const ERRORS: &[(&str, &str, i32, &str)] = &[
    ("{ $jsonSchema: 'foo' }", "$jsonSchema", code::TYPE_MISMATCH, "$jsonSchema must be an object"),
    ("{ $jsonSchema: { type: 3 } }", "$jsonSchema.type", code::TYPE_MISMATCH, "$jsonSchema keyword 'type' must be either a string or an array of strings"),
    ("{ $jsonSchema: { type: 'integer' } }", "$jsonSchema.type", code::FAILED_TO_PARSE, "$jsonSchema type 'integer' is not currently supported."),
    ("{ $jsonSchema: { bsonType: 'foo' } }", "$jsonSchema.bsonType", code::BAD_VALUE, "Unknown type name alias: foo"),
    ("{ $jsonSchema: { type: 'int' } }", "$jsonSchema.type", code::BAD_VALUE, "Unknown type name alias: int"),
    ("{ $jsonSchema: { type: [ 'string', 'string' ] } }", "$jsonSchema.type", code::FAILED_TO_PARSE, "$jsonSchema keyword 'type' has duplicate value: string"),
    ("{ $jsonSchema: { type: [] } }", "$jsonSchema.type", code::FAILED_TO_PARSE, "$jsonSchema keyword 'type' must name at least one type"),
    ("{ $jsonSchema: { type: 'object', bsonType: 'object' } }", "$jsonSchema", code::FAILED_TO_PARSE, "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'"),
    ("{ $jsonSchema: { properties: 3 } }", "$jsonSchema.properties", code::TYPE_MISMATCH, "$jsonSchema keyword 'properties' must be an object"),
    ("{ $jsonSchema: { properties: { num: 'number' } } }", "$jsonSchema.properties.num", code::TYPE_MISMATCH, "Nested schema for $jsonSchema property 'num' must be an object"),
    ("{ $jsonSchema: { properties: { num: { maximum: '0' } } } }", "$jsonSchema.properties.num.maximum", code::TYPE_MISMATCH, "$jsonSchema keyword 'maximum' must be a number"),
    ("{ $jsonSchema: { properties: { num: { maxLength: '0' } } } }", "$jsonSchema.properties.num.maxLength", code::FAILED_TO_PARSE, "Expected a number in: maxLength: \"0\""),
    ("{ $jsonSchema: { properties: { num: { minLength: -1 } } } }", "$jsonSchema.properties.num.minLength", code::FAILED_TO_PARSE, "Expected a non-negative number in: minLength: -1"),
    ("{ $jsonSchema: { properties: { num: { pattern: 0 } } } }", "$jsonSchema.properties.num.pattern", code::TYPE_MISMATCH, "$jsonSchema keyword 'pattern' must be a string"),
    ("{ $jsonSchema: { format: 'email' } }", "$jsonSchema", code::FAILED_TO_PARSE, "$jsonSchema keyword 'format' is not currently supported"),
    ("{ $jsonSchema: { properties: { a: { $ref: '#/definitions/positiveInt' } } } }", "$jsonSchema.properties.a", code::FAILED_TO_PARSE, "$jsonSchema keyword '$ref' is not currently supported"),
    ("{ $jsonSchema: { $schema: 'hyper-schema' } }", "$jsonSchema", code::FAILED_TO_PARSE, "$jsonSchema keyword '$schema' is not currently supported"),
    ("{ $jsonSchema: { foo: 1 } }", "$jsonSchema", code::FAILED_TO_PARSE, "Unknown $jsonSchema keyword: foo"),
    ("{ $jsonSchema: { title: 1 } }", "$jsonSchema.title", code::TYPE_MISMATCH, "$jsonSchema keyword 'title' must be of type string"),
    ("{ $jsonSchema: { required: [] } }", "$jsonSchema.required", code::FAILED_TO_PARSE, "$jsonSchema keyword 'required' cannot be an empty array"),
    ("{ $jsonSchema: { required: [ 'a', 'a' ] } }", "$jsonSchema.required", code::FAILED_TO_PARSE, "$jsonSchema keyword 'required' array cannot contain duplicate values"),
    ("{ $jsonSchema: { required: [ 1 ] } }", "$jsonSchema.required", code::TYPE_MISMATCH, "$jsonSchema keyword 'required' must be an array of strings, but found an element of type: int"),
    ("{ $jsonSchema: { enum: [] } }", "$jsonSchema.enum", code::FAILED_TO_PARSE, "$jsonSchema keyword 'enum' cannot be an empty array"),
    ("{ $jsonSchema: { enum: [ 1, 1.0 ] } }", "$jsonSchema.enum", code::FAILED_TO_PARSE, "$jsonSchema keyword 'enum' array cannot contain duplicate values."),
    ("{ $jsonSchema: { allOf: [] } }", "$jsonSchema.allOf", code::BAD_VALUE, "$jsonSchema keyword 'allOf' must be a non-empty array"),
    ("{ $jsonSchema: { properties: { foo: { allOf: [ 0 ] } } } }", "$jsonSchema.properties.foo.allOf.0", code::TYPE_MISMATCH, "$jsonSchema keyword 'allOf' must be an array of objects, but found an element of type int"),
    ("{ $jsonSchema: { properties: { foo: { not: [ 0 ] } } } }", "$jsonSchema.properties.foo.not", code::TYPE_MISMATCH, "$jsonSchema keyword 'not' must be an object, but found an element of type array"),
    ("{ $jsonSchema: { items: 1 } }", "$jsonSchema.items", code::TYPE_MISMATCH, "$jsonSchema keyword 'items' must be an array or an object, not int"),
    ("{ $jsonSchema: { properties: { a: { exclusiveMaximum: true } } } }", "$jsonSchema.properties.a.exclusiveMaximum", code::FAILED_TO_PARSE, "$jsonSchema keyword 'maximum' must be a present if exclusiveMaximum is present"),
    ("{ $jsonSchema: { uniqueItems: 1 } }", "$jsonSchema.uniqueItems", code::TYPE_MISMATCH, "$jsonSchema keyword 'uniqueItems' must be a boolean"),
    ("{ $jsonSchema: { dependencies: { a: [] } } }", "$jsonSchema.dependencies.a", code::FAILED_TO_PARSE, "property 'a' in $jsonSchema keyword 'dependencies' cannot be an empty array"),
    ("{ $jsonSchema: { dependencies: { a: 1 } } }", "$jsonSchema.dependencies.a", code::TYPE_MISMATCH, "property 'a' in $jsonSchema keyword 'dependencies' must be either an object or an array"),
    ("{ $jsonSchema: { multipleOf: 0 } }", "$jsonSchema.multipleOf", code::FAILED_TO_PARSE, "$jsonSchema keyword 'multipleOf' must have a positive value"),
    ("{ $jsonSchema: { additionalProperties: 1 } }", "$jsonSchema.additionalProperties", code::TYPE_MISMATCH, "$jsonSchema keyword 'additionalProperties' must be an object or a boolean"),
];

#[test]
fn bad_schemas_fail_with_the_servers_words() {
    let mut failures = Vec::new();
    for (src, at, want_code, message) in ERRORS {
        match Filter::parse(&doc(src)) {
            Ok(_) => failures.push(format!("{src}: accepted")),
            Err(e) => {
                let got = (e.at.as_str(), e.kind.code(), e.kind.to_string());
                if got != (*at, Some(*want_code), (*message).to_owned()) {
                    failures.push(format!("{src}: got {got:?}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn encryption_keywords_are_refused_plainly() {
    let e = Filter::parse(&doc(
        "{ $jsonSchema: { properties: { ssn: { encrypt: {} } } } }",
    ))
    .unwrap_err();
    assert_eq!(e.at, "$jsonSchema.properties.ssn.encrypt");
    assert!(
        e.to_string().contains("client-side field level encryption"),
        "{e}"
    );
}

#[test]
fn a_mismatch_names_the_keyword_in_three_languages() {
    let f = schema_filter(
        "{ required: [ 'name' ], properties: { _id: {}, name: {}, age: { bsonType: 'int', minimum: 0 } }, additionalProperties: false }",
    );
    let cases = [
        (
            "{ _id: 1, age: 3 }",
            [
                "$jsonSchema: the document lacks the field name, which 'required' lists",
                "$jsonSchema: document thiếu trường name, trường mà 'required' liệt kê",
                "$jsonSchema：文档 缺少 'required' 列出的字段 name",
            ],
        ),
        (
            "{ _id: 1, name: 'x', age: NumberInt(-1) }",
            [
                "$jsonSchema: age: -1 fails the keyword 'minimum'",
                "$jsonSchema: age: -1 không thỏa từ khóa 'minimum'",
                "$jsonSchema：age: -1 不满足关键字 'minimum'",
            ],
        ),
    ];
    for (d, want) in cases {
        let got = Lang::ALL.map(|l| f.explain_mismatch(&doc(d), l).unwrap().unwrap());
        assert_eq!(got, want, "{d}");
    }
    let no_id = schema_filter("{ properties: { a: {} }, additionalProperties: false }");
    let why = no_id
        .explain_mismatch(&doc("{ _id: 1, a: 1 }"), Lang::En)
        .unwrap()
        .unwrap();
    assert!(why.contains("_id counts as a property too"), "{why}");
    assert_eq!(
        f.explain_mismatch(&doc("{ _id: 1, name: 'x' }"), Lang::En)
            .unwrap(),
        None
    );
}
