//! Aggregation pipelines as a real server runs them: a size reconciliation (`$bsonSize` of
//! `$$ROOT` against our encoder, `$type` names through `$map` over `$objectToArray`), `$group`
//! by type to find mixed types, what field names cost in bytes, and the expression operators.

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value, print_document};
use bson_tutor::bson::{Document, Value, document_size};
use bson_tutor::query::aggregate::{Context, aggregate};
use bson_tutor::query::expr::{evaluate, evaluate_in};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn value(s: &str) -> Value {
    parse_value(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn run(input: &[&str], pipeline: &[&str]) -> Result<Vec<String>, String> {
    let input: Vec<Document> = input.iter().map(|s| doc(s)).collect();
    let pipeline: Vec<Document> = pipeline.iter().map(|s| doc(s)).collect();
    aggregate(&input, &pipeline, &Context::default())
        .map(|out| out.iter().map(print_document).collect())
        .map_err(|e| e.kind.to_string())
}

/// `_id` int32, `name` a string of 11 value bytes, `tags` an array of 23, `n` an int64, `sub`
/// a document of 10: 86 bytes in all, which mongosh's `bsonsize()` and `$bsonSize` agree on.
const RECONCILED: &str =
    "{ _id: 1, name: 'Nguyen', tags: ['a', 'b'], n: NumberLong(5), sub: { ok: true } }";

#[test]
fn bson_size_and_type_names_reconcile_with_the_encoder() {
    assert_eq!(document_size(&doc(RECONCILED)), 86);
    let out = run(
        &[RECONCILED],
        &[
            "{ $project: { _id: 0, size: { $bsonSize: '$$ROOT' }, types: { $map: {
            input: { $objectToArray: '$$ROOT' },
            in: { k: '$$this.k', t: { $type: '$$this.v' } } } } } }",
        ],
    )
    .unwrap();
    assert_eq!(
        out,
        [
            "{ size: 86, types: [ { k: '_id', t: 'int' }, { k: 'name', t: 'string' }, \
          { k: 'tags', t: 'array' }, { k: 'n', t: 'long' }, { k: 'sub', t: 'object' } ] }"
        ]
    );
}

#[test]
fn group_by_type_finds_the_mixed_user_ids() {
    let out = run(
        &[
            "{ _id: 1, userId: 42 }",
            "{ _id: 2, userId: '42' }",
            "{ _id: 3, userId: NumberLong('42') }",
            "{ _id: 4, userId: 42.0 }",
            "{ _id: 5, userId: NumberDecimal('42.00') }",
        ],
        &[
            "{ $group: { _id: { $type: '$userId' }, n: { $sum: 1 } } }",
            "{ $sort: { _id: 1 } }",
        ],
    )
    .unwrap();
    assert_eq!(
        out,
        [
            "{ _id: 'decimal', n: 1 }",
            "{ _id: 'int', n: 2 }",
            "{ _id: 'long', n: 1 }",
            "{ _id: 'string', n: 1 }"
        ]
    );
}

#[test]
fn field_names_cost_bytes() {
    let out = run(
        &[],
        &[
            "{ $documents: [{}] }",
            "{ $project: { _id: 0,
                longNames: { $bsonSize: { $literal: { customerEmailAddress: 'an@x.vn',
                    customerPhoneNumber: '0901234567', customerCreatedAt: new Date(0) } } },
                shortNames: { $bsonSize: { $literal: { email: 'an@x.vn',
                    phone: '0901234567', createdAt: new Date(0) } } } } }",
        ],
    )
    .unwrap();
    assert_eq!(out, ["{ longNames: 102, shortNames: 65 }"]);
}

#[test]
fn sum_is_exact_where_add_drifts() {
    let tenths: Vec<String> = (0..10).map(|i| format!("{{ _id: {i}, x: 0.1 }}")).collect();
    let tenths: Vec<&str> = tenths.iter().map(String::as_str).collect();
    let out = run(
        &tenths,
        &["{ $group: { _id: null, total: { $sum: '$x' }, avg: { $avg: '$x' }, n: { $count: {} } } }"],
    )
    .unwrap();
    assert_eq!(out, ["{ _id: null, total: 1, avg: 0.1, n: 10 }"]);
}

#[test]
fn group_keys_compare_as_values_and_keep_first_seen_order() {
    let out = run(
        &[
            "{ k: 2, v: 'a' }",
            "{ k: 1, v: 'b' }",
            "{ k: Double(2), v: 'c' }",
            "{ v: 'd' }",
            "{ k: NumberLong(1), v: 'e' }",
        ],
        &[
            "{ $group: { _id: '$k', vs: { $push: '$v' }, first: { $first: '$v' },
              last: { $last: '$v' }, lo: { $min: '$v' }, hi: { $max: '$v' } } }",
        ],
    )
    .unwrap();
    assert_eq!(
        out,
        [
            "{ _id: 2, vs: [ 'a', 'c' ], first: 'a', last: 'c', lo: 'a', hi: 'c' }",
            "{ _id: 1, vs: [ 'b', 'e' ], first: 'b', last: 'e', lo: 'b', hi: 'e' }",
            "{ _id: null, vs: [ 'd' ], first: 'd', last: 'd', lo: 'd', hi: 'd' }"
        ]
    );
}

#[test]
fn match_sort_skip_limit_count_unwind() {
    let input = [
        "{ _id: 1, tags: ['a', 'b'], n: 3 }",
        "{ _id: 2, tags: [], n: 1 }",
        "{ _id: 3, n: 2 }",
        "{ _id: 4, tags: 'c', n: 5 }",
    ];
    assert_eq!(
        run(
            &input,
            &["{ $unwind: '$tags' }", "{ $project: { tags: 1 } }"]
        )
        .unwrap(),
        [
            "{ _id: 1, tags: 'a' }",
            "{ _id: 1, tags: 'b' }",
            "{ _id: 4, tags: 'c' }"
        ]
    );
    assert_eq!(
        run(
            &input,
            &[
                "{ $unwind: { path: '$tags', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } }",
                "{ $project: { _id: 1, i: 1 } }",
            ]
        )
        .unwrap(),
        [
            "{ _id: 1, i: Long('0') }",
            "{ _id: 1, i: Long('1') }",
            "{ _id: 2, i: null }",
            "{ _id: 3, i: null }",
            "{ _id: 4, i: null }"
        ]
    );
    assert_eq!(
        run(
            &input,
            &[
                "{ $match: { n: { $gte: 2 } } }",
                "{ $sort: { n: -1 } }",
                "{ $skip: 1 }",
                "{ $limit: 1 }",
                "{ $project: { _id: 1 } }",
            ]
        )
        .unwrap(),
        ["{ _id: 1 }"]
    );
    assert_eq!(
        run(
            &input,
            &["{ $match: { n: { $gt: 1 } } }", "{ $count: 'big' }"]
        )
        .unwrap(),
        ["{ big: 3 }"]
    );
    assert!(
        run(&input, &["{ $match: { n: 99 } }", "{ $count: 'big' }"])
            .unwrap()
            .is_empty()
    );
}

#[test]
fn add_fields_set_and_unset() {
    assert_eq!(
        run(
            &["{ _id: 1, a: { b: 1 }, c: 2 }"],
            &[
                "{ $addFields: { 'a.d': { $add: ['$c', 1] }, e: '$nope' } }",
                "{ $set: { c: 'x' } }",
                "{ $unset: ['a.b'] }",
            ]
        )
        .unwrap(),
        ["{ _id: 1, a: { d: 3 }, c: 'x' }"]
    );
}

#[test]
fn stage_errors_are_the_servers() {
    assert_eq!(
        run(&[], &["{ $foo: {} }"]).unwrap_err(),
        "Unrecognized pipeline stage name: '$foo'"
    );
    assert_eq!(
        run(&[], &["{ $project: { a: 1, b: 0 } }"]).unwrap_err(),
        "Invalid $project :: caused by :: Cannot do exclusion on field b in inclusion projection"
    );
    assert_eq!(
        run(&[], &["{ $sort: { a: 2 } }"]).unwrap_err(),
        "$sort key ordering must be 1 (for ascending) or -1 (for descending)"
    );
    assert_eq!(
        run(&[], &["{ $group: { n: { $sum: 1 } } }"]).unwrap_err(),
        "a group specification must include an _id"
    );
    assert_eq!(
        run(&[], &["{ $group: { _id: null, n: { $foo: 1 } } }"]).unwrap_err(),
        "Unknown group operator '$foo'"
    );
    assert_eq!(
        run(&[], &["{ $limit: 0 }"]).unwrap_err(),
        "the limit must be positive"
    );
    // The whole pipeline is parsed first: a bad last stage fails even with no input.
    assert_eq!(
        run(&[], &["{ $match: {} }", "{ $bogus: 1 }"]).unwrap_err(),
        "Unrecognized pipeline stage name: '$bogus'"
    );
}

#[test]
fn stage_errors_name_their_place_and_keep_the_servers_words_and_codes() {
    let pipeline = |stages: &[&str]| -> Vec<Document> { stages.iter().map(|s| doc(s)).collect() };
    // A $match filter's own place continues the stage's.
    let e = aggregate(
        &[],
        &pipeline(&["{ $match: { a: { $foo: 1 } } }"]),
        &Context::default(),
    )
    .unwrap_err();
    assert_eq!(e.at, "pipeline.0.$match.a.$foo");
    assert_eq!(
        e.to_string(),
        "pipeline.0.$match.a.$foo: unknown operator: $foo"
    );
    assert_eq!(e.kind.code(), Some(2));
    assert_eq!(e.to_string_in(Lang::Vi), e.to_string());
    // The tutor's own sentence is translated; the server's frame around a server message
    // keeps its code.
    let e = aggregate(&[], &pipeline(&["{ $lookup: {} }"]), &Context::default()).unwrap_err();
    assert_eq!(e.kind.code(), None);
    assert_eq!(
        e.to_string_in(Lang::Zh),
        "pipeline.0.$lookup: $lookup 是真实存在的阶段，但本教程没有实现它"
    );
    let e = aggregate(
        &[],
        &pipeline(&["{ $project: { a: 1, b: 0 } }"]),
        &Context::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind.code(), Some(31254));
    assert_eq!(
        e.to_string_in(Lang::Vi),
        "pipeline.0.$project: Invalid $project :: caused by :: Cannot do exclusion on field b in inclusion projection"
    );
}

#[test]
fn string_lengths_in_bytes_and_code_points() {
    let e = |s: &str| evaluate(&value(s), None).map_err(|e| e.to_string());
    // UTF-8: "中文" is 2 code points and 6 bytes, the emoji 1 and 4.
    assert_eq!(e("{ $strLenBytes: '中文' }"), Ok(Value::Int32(6)));
    assert_eq!(e("{ $strLenCP: '中文' }"), Ok(Value::Int32(2)));
    assert_eq!(e("{ $strLenBytes: '😀' }"), Ok(Value::Int32(4)));
    assert_eq!(e("{ $strLenCP: '😀' }"), Ok(Value::Int32(1)));
    // The JSON text of the 36-byte BSON document is 30 bytes: BSON is not smaller.
    assert_eq!(
        e(r#"{ $strLenBytes: '{"_id":1,"name":"An","age":30}' }"#),
        Ok(Value::Int32(30))
    );
    assert_eq!(
        e("{ $strLenCP: 5 }").unwrap_err(),
        "$strLenCP requires a string argument, found: int"
    );
}

#[test]
fn array_and_conditional_operators() {
    let d = doc("{ a: [10, 20, 30], s: 'x', z: null, items: [{ sku: 'A' }, { sku: 'B' }, 5] }");
    let e = |s: &str| evaluate_in(&value(s), Some(&d), &[]).map_err(|e| e.to_string());
    assert_eq!(
        e("{ $arrayElemAt: ['$a', -1] }"),
        Ok(Some(Value::Int32(30)))
    );
    assert_eq!(e("{ $arrayElemAt: ['$a', 3] }"), Ok(None));
    assert_eq!(e("{ $size: '$a' }"), Ok(Some(Value::Int32(3))));
    assert_eq!(
        e("{ $size: '$nope' }").unwrap_err(),
        "The argument to $size must be an array, but was of type: missing"
    );
    assert_eq!(
        e("{ $concat: ['$s', '-', '$s'] }"),
        Ok(Some(Value::from("x-x")))
    );
    assert_eq!(e("{ $concat: ['$s', '$nope'] }"), Ok(Some(Value::Null)));
    assert_eq!(
        e("{ $cond: { if: { $gt: [{ $size: '$a' }, 2] }, then: 'many', else: 'few' } }"),
        Ok(Some(Value::from("many")))
    );
    assert_eq!(e("{ $cond: [0, 1, 2] }"), Ok(Some(Value::Int32(2))));
    assert_eq!(
        e("{ $ifNull: ['$z', '$nope', 'fallback'] }"),
        Ok(Some(Value::from("fallback")))
    );
    assert_eq!(
        e("{ $map: { input: '$a', as: 'x', in: { $multiply: ['$$x', 2] } } }"),
        Ok(Some(value("[20, 40, 60]")))
    );
    // Field paths read through arrays of documents.
    assert_eq!(e("'$items.sku'"), Ok(Some(value("['A', 'B']"))));
    assert_eq!(
        e("'$$nope'").unwrap_err(),
        "Use of undefined variable: nope"
    );
    assert_eq!(
        e("{ $objectToArray: '$s' }").unwrap_err(),
        "$objectToArray requires a document input, found: string"
    );
}
