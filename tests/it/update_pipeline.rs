//! Pipeline-style updates and the limits on an update's result, as MongoDB 8.0 applies them:
//! the manual's "Updates with Aggregation Pipeline" examples, the facts of
//! jstests/core/write/update/update_with_pipeline.js and jstests/core/max_doc_size.js, and the
//! storage limits of src/mongo/db/update/storage_validation.cpp. Data and expected results
//! are carried over as facts; each test names its source. The manual's `new Date("01/05/2020")`
//! (a local time in mongosh) is written here as the UTC `ISODate`.

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value};
use bson_tutor::bson::{Document, Timestamp, Value, document_size};
use bson_tutor::query::collection::{Collection, UpdateOptions, UpdateResult};
use bson_tutor::query::limits::{MAX_STORAGE_DEPTH, MAX_USER_DOCUMENT};

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e:?}"))
        .value
}

fn value(s: &str) -> Value {
    parse_value(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e:?}"))
        .value
}

fn docs(s: &str) -> Vec<Document> {
    match value(s) {
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::Document(d) => d,
                other => panic!("not a document: {other:?}"),
            })
            .collect(),
        other => panic!("not an array: {other:?}"),
    }
}

/// Now: 2026-10-08T03:46:09Z.
const NOW_SECS: u32 = 1_791_431_169;
const NOW_MS: i64 = NOW_SECS as i64 * 1000;

fn collection(seed: &str) -> Collection {
    let mut c = Collection::new(
        "test.c",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        NOW_SECS,
    );
    c.insert_many(docs(seed)).unwrap();
    c
}

fn all(c: &Collection) -> Vec<Document> {
    c.documents().cloned().collect()
}

/// The server's code and words for a failed update.
type Refusal = (Option<i32>, String);

/// One `update` statement (`multi` for updateMany) on `c`.
fn run(
    c: &mut Collection,
    filter: &str,
    update: Value,
    multi: bool,
    upsert: bool,
) -> Result<UpdateResult, Refusal> {
    c.update_statement(&doc(filter), &update, &[], UpdateOptions { upsert }, multi)
        .map_err(|e| (e.kind.code(), e.kind.to_string()))
}

/// The documents after an update of `seed`, or the server's refusal.
fn after(seed: &str, filter: &str, update: &str, multi: bool) -> Result<Vec<Document>, Refusal> {
    let mut c = collection(seed);
    run(&mut c, filter, value(update), multi, false)?;
    Ok(all(&c))
}

/// The refusal of an update of `seed` that must fail, checking it changed nothing.
fn refused(seed: &str, filter: &str, update: &str) -> Refusal {
    let mut c = collection(seed);
    let before = all(&c);
    let e = run(&mut c, filter, value(update), false, false).unwrap_err();
    assert_eq!(all(&c), before, "{update}: a failed update changes nothing");
    e
}

fn with_now(mut d: Document, field: &str) -> Document {
    d.insert(field, Value::DateTime(NOW_MS));
    d
}

#[test]
fn manual_example_1_set_with_now() {
    // Manual, "Updates with Aggregation Pipeline", Example 1 (updateOne with $set).
    let seed = r#"[
      { _id: 1, test1: 95, test2: 92, test3: 90, modified: ISODate("2020-01-05T00:00:00Z") },
      { _id: 2, test1: 98, test2: 100, test3: 102, modified: ISODate("2020-01-05T00:00:00Z") },
      { _id: 3, test1: 95, test2: 110, modified: ISODate("2020-01-04T00:00:00Z") }
    ]"#;
    let mut c = collection(seed);
    let r = run(
        &mut c,
        "{ _id: 3 }",
        value(r#"[ { $set: { "test3": 98, modified: "$$NOW"} } ]"#),
        false,
        false,
    )
    .unwrap();
    assert_eq!((r.matched, r.modified), (1, 1));
    let mut expected = docs(seed);
    // `modified` keeps its place; `test3` is new, so it comes last.
    expected[2] = with_now(
        doc("{ _id: 3, test1: 95, test2: 110, modified: 0, test3: 98 }"),
        "modified",
    );
    assert_eq!(all(&c), expected);
}

#[test]
fn manual_example_2_replace_root_with_defaults() {
    // Manual, Example 2 (updateMany with $replaceRoot and $set): $mergeObjects puts the
    // defaults' fields first; the server then moves `_id` to the front of the stored document.
    let seed = r#"[
      { "_id" : 1, quiz1: 8, test2: 100, quiz2: 9, modified: ISODate("2020-01-05T00:00:00Z") },
      { "_id" : 2, quiz2: 5, test1: 80, test2: 89, modified: ISODate("2020-01-05T00:00:00Z") }
    ]"#;
    let got = after(
        seed,
        "{}",
        r#"[
          { $replaceRoot: { newRoot:
             { $mergeObjects: [ { quiz1: 0, quiz2: 0, test1: 0, test2: 0 }, "$$ROOT" ] }
          } },
          { $set: { modified: "$$NOW"}  }
        ]"#,
        true,
    )
    .unwrap();
    assert_eq!(
        got,
        vec![
            with_now(
                doc("{ _id: 1, quiz1: 8, quiz2: 9, test1: 0, test2: 100, modified: 0 }"),
                "modified"
            ),
            with_now(
                doc("{ _id: 2, quiz1: 0, quiz2: 5, test1: 80, test2: 89, modified: 0 }"),
                "modified"
            ),
        ]
    );
}

#[test]
fn manual_example_3_average_and_grade() {
    // Manual, Example 3 (updateMany with two $set stages, $trunc of $avg, $switch); the
    // `$switch` written as the nested `$cond` it stands for, as the tutor has no `$switch` yet.
    let seed = r#"[
      { "_id" : 1, "tests" : [ 95, 92, 90 ], "modified" : ISODate("2019-01-01T00:00:00Z") },
      { "_id" : 2, "tests" : [ 94, 88, 90 ], "modified" : ISODate("2019-01-01T00:00:00Z") },
      { "_id" : 3, "tests" : [ 70, 75, 82 ], "modified" : ISODate("2019-01-01T00:00:00Z") }
    ]"#;
    let got = after(
        seed,
        "{ }",
        r#"[
          { $set: { average : { $trunc: [ { $avg: "$tests" }, 0 ] }, modified: "$$NOW" } },
          { $set: { grade:
                { $cond: [ { $gte: [ "$average", 90 ] }, "A",
                { $cond: [ { $gte: [ "$average", 80 ] }, "B",
                { $cond: [ { $gte: [ "$average", 70 ] }, "C",
                { $cond: [ { $gte: [ "$average", 60 ] }, "D", "F" ] } ] } ] } ] }
          } }
        ]"#,
        true,
    )
    .unwrap();
    let expect = |id: i32, tests: &str, average: f64, grade: &str| {
        let mut d = doc(&format!("{{ _id: {id}, tests: {tests}, modified: 0 }}"));
        d.insert("modified", Value::DateTime(NOW_MS));
        d.push("average", average);
        d.push("grade", grade);
        d
    };
    assert_eq!(
        got,
        vec![
            expect(1, "[ 95, 92, 90 ]", 92.0, "A"),
            expect(2, "[ 94, 88, 90 ]", 90.0, "A"),
            expect(3, "[ 70, 75, 82 ]", 75.0, "C"),
        ]
    );
}

#[test]
fn manual_example_4_concat_arrays() {
    // Manual, Example 4 (updateOne with $set and $concatArrays).
    let got = after(
        r#"[{ "_id" : 1, "quizzes" : [ 4, 6, 7 ] }, { "_id" : 2, "quizzes" : [ 5 ] }, { "_id" : 3, "quizzes" : [ 10, 10, 10 ] }]"#,
        "{ _id: 2 }",
        r#"[ { $set: { quizzes: { $concatArrays: [ "$quizzes", [ 8, 6 ]  ] } } } ]"#,
        false,
    )
    .unwrap();
    assert_eq!(
        got,
        docs(
            "[{ _id: 1, quizzes: [ 4, 6, 7 ] }, { _id: 2, quizzes: [ 5, 8, 6 ] }, { _id: 3, quizzes: [ 10, 10, 10 ] }]"
        )
    );
}

#[test]
fn manual_example_5_add_fields_with_map() {
    // Manual, Example 5 (updateMany with $addFields and $map): Celsius to Fahrenheit, as the
    // server computes it in doubles (mongosh reads 9/5 as the double 1.8).
    let got = after(
        r#"[
          { "_id" : 1, "date" : ISODate("2019-06-23"), "tempsC" : [ 4, 12, 17 ] },
          { "_id" : 2, "date" : ISODate("2019-07-07"), "tempsC" : [ 14, 24, 11 ] },
          { "_id" : 3, "date" : ISODate("2019-10-30"), "tempsC" : [ 18, 6, 8 ] }
        ]"#,
        "{ }",
        r#"[
          { $addFields: { "tempsF": {
                $map: {
                   input: "$tempsC",
                   as: "celsius",
                   in: { $add: [ { $multiply: ["$$celsius", 1.8 ] }, 32 ] }
                }
          } } }
        ]"#,
        true,
    )
    .unwrap();
    for (d, celsius) in got.iter().zip([[4, 12, 17], [14, 24, 11], [18, 6, 8]]) {
        let expected: Vec<Value> = celsius
            .iter()
            .map(|&c| Value::Double(f64::from(c) * 1.8 + 32.0))
            .collect();
        assert_eq!(d.get("tempsF"), Some(&Value::Array(expected)), "{d:?}");
    }
}

#[test]
fn manual_literal_keeps_a_dollar_string() {
    // Manual, the note "Dollar Characters in Field Values".
    let got = after(
        "[{ _id: 1 }]",
        "{ _id: 1 }",
        r#"[ { $set: { "cost": { $literal: "$27" } } } ]"#,
        false,
    )
    .unwrap();
    assert_eq!(got, docs("[{ _id: 1, cost: '$27' }]"));
}

#[test]
fn jstests_update_with_pipeline_stages() {
    // jstests/core/write/update/update_with_pipeline.js, "Update with existing document".
    let large = "x".repeat(1000);
    let seed = format!("[{{ _id: 1, x: 1, largeStr: '{large}' }}]");
    assert_eq!(
        after(&seed, "{ _id: 1 }", "[{ $set: { foo: 4 } }]", false).unwrap(),
        docs(&format!(
            "[{{ _id: 1, x: 1, largeStr: '{large}', foo: 4 }}]"
        ))
    );
    assert_eq!(
        after(
            "[{ _id: 1, x: 1, y: 1 }]",
            "{ _id: 1 }",
            "[{ $project: { x: 1 } }]",
            false
        )
        .unwrap(),
        docs("[{ _id: 1, x: 1 }]")
    );
    assert_eq!(
        after(
            "[{ _id: 1, x: 1, y: [{ z: 1, foo: 1 }] }]",
            "{ _id: 1 }",
            "[{ $unset: ['x', 'y.z'] }]",
            false
        )
        .unwrap(),
        docs("[{ _id: 1, y: [{ foo: 1 }] }]")
    );
    // The result has no `_id`: the old one stays.
    assert_eq!(
        after(
            "[{ _id: 1, x: 1, t: { u: { v: 1 } } }]",
            "{ _id: 1 }",
            "[{ $replaceWith: '$t' }]",
            false
        )
        .unwrap(),
        docs("[{ _id: 1, u: { v: 1 } }]")
    );
    // Multi-update; and without multi only the first matching document changes.
    assert_eq!(
        after(
            "[{ _id: 1, x: 1 }, { _id: 2, x: 1 }]",
            "{ x: 1 }",
            "[{ $set: { bar: 4 } }]",
            true
        )
        .unwrap(),
        docs("[{ _id: 1, x: 1, bar: 4 }, { _id: 2, x: 1, bar: 4 }]")
    );
    assert_eq!(
        after(
            "[{ _id: 1, x: 1 }, { _id: 2, x: 2 }]",
            "{ _id: { $in: [1, 2] } }",
            "[{ $set: { bar: 4 } }]",
            false
        )
        .unwrap(),
        docs("[{ _id: 1, x: 1, bar: 4 }, { _id: 2, x: 2 }]")
    );
}

#[test]
fn jstests_upsert_with_a_pipeline() {
    // update_with_pipeline.js, "Upsert performs insert": the filter's equalities, then the
    // pipeline over them.
    for (filter, pipeline, expected) in [
        (
            "{ _id: 1, x: 1 }",
            "[{ $set: { foo: 4 } }]",
            "{ _id: 1, x: 1, foo: 4 }",
        ),
        (
            "{ _id: 1, x: 1 }",
            "[{ $project: { x: 1 } }]",
            "{ _id: 1, x: 1 }",
        ),
        (
            "{ _id: 1, x: 1 }",
            "[{ $project: { x: 'foo' } }]",
            "{ _id: 1, x: 'foo' }",
        ),
        (
            "{ _id: 1, x: 1, y: 1 }",
            "[{ $unset: ['x'] }]",
            "{ _id: 1, y: 1 }",
        ),
    ] {
        let mut c = collection("[]");
        let r = run(&mut c, filter, value(pipeline), false, true).unwrap();
        assert_eq!(r.upserted_id, Some(Value::Int32(1)), "{pipeline}");
        assert_eq!(all(&c), vec![doc(expected)], "{pipeline}");
    }
    // Without an `_id` in the filter, mongod makes one, first.
    let mut c = collection("[]");
    let r = run(
        &mut c,
        "{ x: 1 }",
        value("[{ $set: { y: '$x' } }]"),
        false,
        true,
    )
    .unwrap();
    let stored = all(&c);
    assert_eq!(stored[0].keys().collect::<Vec<_>>(), ["_id", "x", "y"]);
    assert_eq!(stored[0].get("_id"), r.upserted_id.as_ref());
    assert!(matches!(r.upserted_id, Some(Value::ObjectId(_))));
}

#[test]
fn jstests_stages_an_update_refuses() {
    // update_with_pipeline.js, "Update fails when invalid stage is specified": InvalidOptions.
    for (stage, name) in [
        ("{ $match: { x: 1 } }", "$match"),
        ("{ $sort: { x: 1 } }", "$sort"),
        ("{ $facet: { a: [{ $match: { x: 1 } }] } }", "$facet"),
        (
            "{ $bucket: { groupBy: '$a', boundaries: [0, 1], default: 'foo', output: { count: { $sum: 1 } } } }",
            "$group",
        ),
        (
            "{ $lookup: { from: 'foo', as: 'as', localField: 'a', foreignField: 'b' } }",
            "$lookup",
        ),
        (
            "{ $graphLookup: { from: 'foo', startWith: '$a', connectFromField: 'a', connectToField: 'b', as: 'as' } }",
            "$graphLookup",
        ),
        ("{ $indexStats: {} }", "$indexStats"),
        ("{ $limit: 1 }", "$limit"),
        ("{ $group: { _id: null } }", "$group"),
    ] {
        assert_eq!(
            refused(
                "[{ _id: 1, x: 1, z: 1 }]",
                "{ x: 1 }",
                &format!("[{{ $set: {{ a: 1 }} }}, {stage}]")
            ),
            (
                Some(72),
                format!("{name} is not allowed to be used within an update")
            ),
            "{stage}"
        );
    }
    // A stage's own parse error comes first, wherever it is: the whole pipeline is parsed
    // before any stage is checked for its place in an update.
    assert_eq!(
        refused("[{ _id: 1 }]", "{}", "[{ $match: {} }, { $unset: [] }]"),
        (
            Some(31119),
            "$unset specification must be a string or an array with at least one field".into()
        )
    );
    // An unknown stage is the aggregation parser's error.
    assert_eq!(
        refused("[{ _id: 1 }]", "{}", "[{ $foo: {} }]").1,
        "Unrecognized pipeline stage name: '$foo'"
    );
}

#[test]
fn jstests_what_the_update_argument_may_be() {
    let mut c = collection("[{ _id: 1, x: 1 }]");
    // update_with_pipeline.js: "The 'arrayFilters' option is not valid for pipeline updates."
    let e = c
        .update_statement(
            &doc("{ _id: 1 }"),
            &value("[{ $set: { x: 1 } }]"),
            &[doc("{ x: { $eq: 1 } }")],
            UpdateOptions::default(),
            false,
        )
        .unwrap_err();
    assert_eq!(
        (e.kind.code(), e.kind.to_string()),
        (
            Some(9),
            "arrayFilters may not be specified for pipeline-style updates".into()
        )
    );
    // "Update fails when supported agg stage is specified outside of pipeline."
    assert_eq!(
        run(
            &mut c,
            "{ _id: 1 }",
            value("{ $addFields: { x: 1 } }"),
            false,
            false
        )
        .unwrap_err()
        .0,
        Some(9)
    );
    // write_ops_parsers.cpp: neither a document nor an array; an element not a document.
    assert_eq!(
        run(&mut c, "{ _id: 1 }", value("5"), false, false).unwrap_err(),
        (
            Some(9),
            "Update argument must be either an object or an array".into()
        )
    );
    assert_eq!(
        run(&mut c, "{ _id: 1 }", value("[1, 2]"), false, false).unwrap_err(),
        (
            Some(14),
            "Each element of the 'pipeline' array must be an object".into()
        )
    );
    assert_eq!(all(&c), docs("[{ _id: 1, x: 1 }]"));
}

#[test]
fn the_id_may_not_change_but_may_be_dropped_or_moved() {
    // object_replace_executor.cpp: the immutable `_id`, compared by value.
    assert_eq!(
        refused("[{ _id: 1, a: 1 }]", "{}", "[{ $set: { _id: 2 } }]"),
        (
            Some(66),
            "After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2".into()
        )
    );
    assert_eq!(
        refused(
            "[{ _id: 1, a: 1 }]",
            "{}",
            "[{ $replaceWith: { a: 2 } }, { $set: { _id: 'x' } }]"
        )
        .0,
        Some(66)
    );
    // A result without `_id` keeps the stored one; `_id` is put first (update_stage.cpp,
    // ensureIdFieldIsFirst); the same value as another number type is not a change.
    assert_eq!(
        after(
            "[{ _id: 1, a: 1 }]",
            "{}",
            "[{ $project: { _id: 0, b: '$a' } }]",
            false
        )
        .unwrap(),
        docs("[{ _id: 1, b: 1 }]")
    );
    assert_eq!(
        after(
            "[{ _id: 1, a: 1 }]",
            "{}",
            "[{ $replaceWith: { a: 5, _id: 1 } }]",
            false
        )
        .unwrap(),
        docs("[{ _id: 1, a: 5 }]")
    );
    assert_eq!(
        after(
            "[{ _id: 1, a: 1 }]",
            "{}",
            "[{ $set: { _id: NumberLong(1) } }]",
            false
        )
        .unwrap(),
        docs("[{ _id: NumberLong(1), a: 1 }]")
    );
    // storage_validation.cpp: an `_id` of a type that cannot be stored.
    assert_eq!(
        refused("[{ _id: 1 }]", "{}", "[{ $set: { _id: [1] } }]"),
        (Some(53), "The '_id' value cannot be of type array".into())
    );
    // In an upsert, `_id` is immutable only while the filter's equalities are copied
    // (upsert_stage.cpp): the pipeline may then change it.
    let mut c = collection("[]");
    let r = run(
        &mut c,
        "{ _id: 1 }",
        value("[{ $set: { _id: 2 } }]"),
        false,
        true,
    )
    .unwrap();
    assert_eq!(r.upserted_id, Some(Value::Int32(2)));
}

#[test]
fn no_change_is_not_a_modification() {
    // object_replace_executor.cpp: a result byte-for-byte equal to the document is a no-op.
    let mut c = collection("[{ _id: 1, a: 1 }, { _id: 2, a: 1 }]");
    let r = run(&mut c, "{}", value("[{ $set: { a: 1 } }]"), true, false).unwrap();
    assert_eq!((r.matched, r.modified), (2, 0));
    let r = run(&mut c, "{}", value("[]"), true, false).unwrap();
    assert_eq!((r.matched, r.modified), (2, 0));
    let r = run(
        &mut c,
        "{}",
        value("[{ $set: { a: 1.0 } }, { $set: { a: Double(1) } }]"),
        true,
        false,
    )
    .unwrap();
    assert_eq!(
        (r.matched, r.modified),
        (2, 2),
        "an int and a double differ"
    );
}

#[test]
fn now_and_clock_time_come_from_the_callers_clock() {
    // The manual's NOW and CLOCK_TIME system variables, from the collection's clock.
    let got = after(
        "[{ _id: 1 }]",
        "{}",
        "[{ $set: { now: '$$NOW', clock: '$$CLOCK_TIME' } }]",
        false,
    )
    .unwrap();
    let mut expected = doc("{ _id: 1 }");
    expected.push("now", Value::DateTime(NOW_MS));
    expected.push(
        "clock",
        Value::Timestamp(Timestamp {
            time: NOW_SECS,
            increment: 1,
        }),
    );
    assert_eq!(got, vec![expected]);
}

/// A document value nested `levels` deep, itself counted (a flat document is 1).
fn nest(levels: usize) -> Value {
    let mut v = Value::Int32(1);
    for _ in 0..levels {
        let mut d = Document::new();
        d.push("a", v);
        v = Value::Document(d);
    }
    v
}

fn set(field: &str, v: Value) -> Value {
    let mut fields = Document::new();
    fields.push(field, v);
    let mut u = Document::new();
    u.push("$set", fields);
    Value::Document(u)
}

fn pipeline_set(field: &str, v: Value) -> Value {
    let mut literal = Document::new();
    literal.push("$literal", v);
    let mut fields = Document::new();
    fields.push(field, literal);
    let mut stage = Document::new();
    stage.push("$set", fields);
    Value::Array(vec![Value::Document(stage)])
}

#[test]
fn nesting_past_180_levels_is_refused_after_an_update() {
    // storage_validation.cpp: an element past getMaxDepthForUserStorage() (180) levels, a
    // top-level field being level 1: Overflow, "Document exceeds maximum nesting depth of
    // 180". `{ _id: 1, d: <nest(k)> }` is nested k + 1 levels deep.
    assert_eq!(MAX_STORAGE_DEPTH, 180);
    let too_deep = (
        Some(15),
        "Document exceeds maximum nesting depth of 180".to_owned(),
    );
    for make in [set, pipeline_set] {
        let mut c = collection("[{ _id: 1 }]");
        assert!(run(&mut c, "{}", make("d", nest(179)), false, false).is_ok());
        let mut c = collection("[{ _id: 1 }]");
        assert_eq!(
            run(&mut c, "{}", make("d", nest(180)), false, false),
            Err(too_deep.clone())
        );
        assert_eq!(all(&c), docs("[{ _id: 1 }]"));
        // An upsert's document is checked the same way.
        let mut c = collection("[]");
        assert_eq!(
            run(&mut c, "{ _id: 1 }", make("d", nest(180)), false, true),
            Err(too_deep.clone())
        );
        assert!(c.is_empty());
    }
    // Past 200 levels a pipeline's result cannot even be made into BSON (document.cpp,
    // toBson), before the storage check.
    let mut c = collection("[{ _id: 1 }]");
    assert_eq!(
        run(&mut c, "{}", pipeline_set("d", nest(200)), false, false),
        Err((
            Some(15),
            "cannot convert document to BSON because it exceeds the limit of 200 levels of nesting"
                .into()
        ))
    );
    // Growing deeper by a path: `$set` of `a.a...` under an existing 179-level value.
    let mut stored = Document::new();
    stored.push("_id", 1);
    stored.push("d", nest(179));
    let mut c = collection("[]");
    c.insert_one(stored).unwrap();
    let path = format!("d{}", ".a".repeat(179));
    assert_eq!(
        run(&mut c, "{}", set(&path, nest(1)), false, false),
        Err(too_deep)
    );
}

#[test]
fn a_result_over_16_mib_is_refused_with_the_servers_words() {
    // jstests/core/max_doc_size.js: a document of exactly 16 MiB is written by `$set`; one
    // byte more is refused (update_stage.cpp: "Resulting document after update is larger
    // than 16777216").
    let overhead = document_size(&doc("{ _id: 1, x: '' }"));
    let max = "a".repeat(MAX_USER_DOCUMENT - overhead);
    let mut c = collection("[{ _id: 1 }]");
    run(
        &mut c,
        "{}",
        set("x", Value::from(max.as_str())),
        false,
        false,
    )
    .unwrap();
    assert_eq!(document_size(&all(&c)[0]), MAX_USER_DOCUMENT);
    let mut c = collection("[{ _id: 1 }]");
    let e = run(
        &mut c,
        "{}",
        set("x", Value::from(format!("{max}a"))),
        false,
        false,
    )
    .unwrap_err();
    assert_eq!(
        e.1,
        "Resulting document after update is larger than 16777216"
    );
    assert_eq!(all(&c), docs("[{ _id: 1 }]"));
    // max_doc_size.js: a replacement upsert one byte over: 17420 (upsert_stage.cpp).
    let mut c = collection("[]");
    let mut replacement = doc("{ _id: 1 }");
    replacement.push("x", format!("{max}a"));
    assert_eq!(
        run(
            &mut c,
            "{ _id: 1 }",
            Value::Document(replacement),
            false,
            true
        ),
        Err((
            Some(17420),
            "Document to upsert is larger than 16777216".into()
        ))
    );
    assert!(c.is_empty());
}

#[test]
fn push_growing_an_array_past_16_mib_is_refused() {
    let half = "x".repeat(8 << 20);
    let mut stored = doc("{ _id: 1 }");
    stored.push("a", Value::Array(vec![Value::from(half.as_str())]));
    let mut c = collection("[]");
    c.insert_one(stored.clone()).unwrap();
    let mut push = Document::new();
    let mut fields = Document::new();
    fields.push("a", half.as_str());
    push.push("$push", fields);
    let e = run(&mut c, "{}", Value::Document(push), false, false).unwrap_err();
    assert_eq!(
        e.1,
        "Resulting document after update is larger than 16777216"
    );
    assert_eq!(all(&c), vec![stored]);
}

/// `$reduce` doubling `$s` `times` times with `$concat`.
fn doubling(times: usize) -> String {
    let steps: Vec<String> = (0..times).map(|i| i.to_string()).collect();
    format!(
        "[{{ $set: {{ s: {{ $reduce: {{ input: [{}], initialValue: '$s', in: {{ $concat: ['$$value', '$$value'] }} }} }} }} }}]",
        steps.join(", ")
    )
}

#[test]
fn a_pipeline_doubling_a_string_past_16_mib_is_refused() {
    // The update stage's size check applies to a pipeline's result as to a modifier's:
    // 'x' doubled 24 times is a 16 MiB string, and the document holding it is over 16 MiB
    // (but under the 16 MiB + 16 KiB the server lets a pipeline build).
    let mut c = collection("[{ _id: 1, s: 'x' }]");
    let e = run(&mut c, "{}", value(&doubling(24)), false, false).unwrap_err();
    assert_eq!(
        e.1,
        "Resulting document after update is larger than 16777216"
    );
    assert_eq!(all(&c), docs("[{ _id: 1, s: 'x' }]"));
    // 23 times: 8 MiB, stored.
    run(&mut c, "{}", value(&doubling(23)), false, false).unwrap();
    assert_eq!(
        all(&c)[0].get("s").and_then(Value::as_str).map(str::len),
        Some(8 << 20)
    );
    // An upsert's document: the upsert's words (upsert_stage.cpp, 17420).
    let mut c = collection("[]");
    assert_eq!(
        run(
            &mut c,
            "{ _id: 1, s: 'x' }",
            value(&doubling(24)),
            false,
            true
        ),
        Err((
            Some(17420),
            "Document to upsert is larger than 16777216".into()
        ))
    );
    assert!(c.is_empty());
}

#[test]
fn errors_name_the_stage_they_come_from() {
    // A stage's parse or evaluation error is placed at its index in the update.
    let mut c = collection("[{ _id: 1 }]");
    for (pipeline, at) in [
        (
            "[{ $set: { a: 1 } }, { $project: {} }]",
            "update.1.$project",
        ),
        (
            "[{ $set: { a: 1 } }, { $set: { b: { $add: ['x', 1] } } }]",
            "update.1.$set",
        ),
        (
            "[{ $set: { a: 1 } }, { $replaceWith: 5 }]",
            "update.1.$replaceWith",
        ),
        ("[{ $set: { a: 1 } }, { $match: {} }]", "update.1.$match"),
    ] {
        let e = c
            .update_statement(
                &doc("{}"),
                &value(pipeline),
                &[],
                UpdateOptions::default(),
                false,
            )
            .unwrap_err();
        assert_eq!(e.at, at, "{pipeline}: {e}");
    }
    assert_eq!(all(&c), docs("[{ _id: 1 }]"));
}
