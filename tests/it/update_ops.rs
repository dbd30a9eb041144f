//! Update modifiers against the manual's examples and the server's jstests: `$pull`,
//! `$pullAll`, `$pop`, the positional `$`, `$[]`, `$[<identifier>]` with `arrayFilters`,
//! `$push`/`$addToSet` modifiers and `$currentDate`, with the server's errors word for word.
//! Data and expected results are carried over as facts; each table names its source.

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document};
use bson_tutor::bson::{Document, Timestamp, Value};
use bson_tutor::query::collection::{Collection, UpdateOptions};
use bson_tutor::query::update::{Update, UpdateContext};

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e:?}"))
        .value
}

fn docs(s: &str) -> Vec<Document> {
    match parse_document(&format!("{{ d: {s} }}"), &mut FixedGenerator::new(0))
        .unwrap()
        .value
        .get("d")
    {
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::Document(d) => d.clone(),
                other => panic!("not a document: {other:?}"),
            })
            .collect(),
        other => panic!("not an array: {other:?}"),
    }
}

/// Now: 2026-10-08T03:46:09Z.
const NOW_SECS: u32 = 1_791_431_169;

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

/// `updateMany(filter, update, { arrayFilters })` on `seed`: the documents after, or the
/// server's message.
fn many(seed: &str, filter: &str, update: &str, filters: &[&str]) -> Result<Vec<Document>, String> {
    let mut c = collection(seed);
    let filters: Vec<Document> = filters.iter().map(|f| doc(f)).collect();
    c.update_many_filtered(
        &doc(filter),
        &doc(update),
        &filters,
        UpdateOptions::default(),
    )
    .map_err(|e| e.kind.to_string())?;
    Ok(all(&c))
}

/// As [`many`], `updateOne`.
fn one(seed: &str, filter: &str, update: &str, filters: &[&str]) -> Result<Vec<Document>, String> {
    let mut c = collection(seed);
    let filters: Vec<Document> = filters.iter().map(|f| doc(f)).collect();
    c.update_one_filtered(
        &doc(filter),
        &doc(update),
        &filters,
        UpdateOptions::default(),
    )
    .map_err(|e| e.kind.to_string())?;
    Ok(all(&c))
}

/// The error of an update on one document, with its code.
fn error(before: &str, filter: &str, update: &str, filters: &[&str]) -> (String, Option<i32>) {
    let mut c = collection(&format!("[{before}]"));
    let filters: Vec<Document> = filters.iter().map(|f| doc(f)).collect();
    let e = c
        .update_one_filtered(
            &doc(filter),
            &doc(update),
            &filters,
            UpdateOptions::default(),
        )
        .expect_err(update);
    assert_eq!(all(&c), docs(&format!("[{before}]")), "all or nothing");
    (e.kind.to_string(), e.kind.code())
}

// ---- $pull: every example of the manual's $pull page (MongoDB 8.0,
// reference/operator/update/pull). ----

#[test]
fn pull_manual_remove_all_items_that_equal_a_specified_value() {
    let seed = r#"[
      { _id: 1, fruits: [ "apples", "pears", "oranges", "grapes", "bananas" ],
        vegetables: [ "carrots", "celery", "squash", "carrots" ] },
      { _id: 2, fruits: [ "plums", "kiwis", "oranges", "bananas", "apples" ],
        vegetables: [ "broccoli", "zucchini", "carrots", "onions" ] } ]"#;
    let after = many(
        seed,
        "{}",
        r#"{ $pull: { fruits: { $in: [ "apples", "oranges" ] }, vegetables: "carrots" } }"#,
        &[],
    );
    assert_eq!(
        after.unwrap(),
        docs(
            r#"[
      { _id: 1, fruits: [ "pears", "grapes", "bananas" ], vegetables: [ "celery", "squash" ] },
      { _id: 2, fruits: [ "plums", "kiwis", "bananas" ], vegetables: [ "broccoli", "zucchini", "onions" ] } ]"#
        )
    );
}

#[test]
fn pull_manual_remove_all_items_that_match_a_condition() {
    let after = one(
        "[{ _id: 1, votes: [ 3, 5, 6, 7, 7, 8 ] }]",
        "{ _id: 1 }",
        "{ $pull: { votes: { $gte: 6 } } }",
        &[],
    );
    assert_eq!(after.unwrap(), docs("[{ _id: 1, votes: [ 3, 5 ] }]"));
}

#[test]
fn pull_manual_condition_with_bulk_write() {
    // The same condition sent through bulkWrite's updateOne: the engine sees one update.
    let after = one(
        "[{ _id: 1, votes: [ 3, 5, 6, 7, 7, 8 ] }]",
        "{ _id: 1 }",
        "{ $pull: { votes: { $gte: 6 } } }",
        &[],
    );
    assert_eq!(after.unwrap(), docs("[{ _id: 1, votes: [ 3, 5 ] }]"));
}

#[test]
fn pull_manual_remove_items_from_an_array_of_documents() {
    let seed = r#"[
      { _id: 1, results: [ { item: "A", score: 5 }, { item: "B", score: 8 } ] },
      { _id: 2, results: [ { item: "C", score: 8 }, { item: "B", score: 4 } ] } ]"#;
    let after = many(
        seed,
        "{}",
        r#"{ $pull: { results: { score: 8, item: "B" } } }"#,
        &[],
    );
    assert_eq!(
        after.unwrap(),
        docs(
            r#"[
      { _id: 1, results: [ { item: "A", score: 5 } ] },
      { _id: 2, results: [ { item: "C", score: 8 }, { item: "B", score: 4 } ] } ]"#
        )
    );
}

#[test]
fn pull_manual_remove_documents_from_nested_arrays() {
    let seed = r#"[
      { _id: 1, results: [
          { item: "A", score: 5, answers: [ { q: 1, a: 4 }, { q: 2, a: 6 } ] },
          { item: "B", score: 8, answers: [ { q: 1, a: 8 }, { q: 2, a: 9 } ] } ] },
      { _id: 2, results: [
          { item: "C", score: 8, answers: [ { q: 1, a: 8 }, { q: 2, a: 7 } ] },
          { item: "B", score: 4, answers: [ { q: 1, a: 0 }, { q: 2, a: 8 } ] } ] } ]"#;
    let after = many(
        seed,
        "{}",
        "{ $pull: { results: { answers: { $elemMatch: { q: 2, a: { $gte: 8 } } } } } }",
        &[],
    );
    assert_eq!(
        after.unwrap(),
        docs(
            r#"[
      { _id: 1, results: [ { item: "A", score: 5, answers: [ { q: 1, a: 4 }, { q: 2, a: 6 } ] } ] },
      { _id: 2, results: [ { item: "C", score: 8, answers: [ { q: 1, a: 8 }, { q: 2, a: 7 } ] } ] } ]"#
        )
    );
}

#[test]
fn pull_as_the_server_applies_it() {
    // (before, update, after): src/mongo/db/update/pull_node.cpp's three matchers and
    // jstests/core/write/update/update_pull*.js.
    let table = [
        // A value equal to the element (numbers across types are equal).
        (
            "{ _id: 1, a: [1, 2, 1.0, NumberLong(1), '1'] }",
            "{ $pull: { a: 1 } }",
            "{ _id: 1, a: [2, '1'] }",
        ),
        // An array value: elements equal to it, in order.
        (
            "{ _id: 1, a: [[1, 2], [2, 1], 1] }",
            "{ $pull: { a: [1, 2] } }",
            "{ _id: 1, a: [[2, 1], 1] }",
        ),
        // A document whose first field is not an operator is a query on document elements:
        // extra fields still match, field order does not matter, scalars stay.
        (
            "{ _id: 1, a: [{ x: 1, y: 2 }, { y: 2, x: 1 }, { x: 1 }, 5] }",
            "{ $pull: { a: { x: 1, y: 2 } } }",
            "{ _id: 1, a: [{ x: 1 }, 5] }",
        ),
        // A regex tests each element as a value.
        (
            "{ _id: 1, a: ['apple', 'banana', 'avocado'] }",
            "{ $pull: { a: /^a/ } }",
            "{ _id: 1, a: ['banana'] }",
        ),
        // A condition on an element that is an array matches when one of its elements does.
        (
            "{ _id: 1, a: [[1, 9], [2, 3], 10] }",
            "{ $pull: { a: { $gt: 8 } } }",
            "{ _id: 1, a: [[2, 3]] }",
        ),
        // Missing field: nothing to do.
        ("{ _id: 1 }", "{ $pull: { a: 1 } }", "{ _id: 1 }"),
        // Through an embedded document.
        (
            "{ _id: 1, o: { a: [1, 2] } }",
            "{ $pull: { 'o.a': 2 } }",
            "{ _id: 1, o: { a: [1] } }",
        ),
        // $pullAll: each value, by equality.
        (
            "{ _id: 1, scores: [ 0, 2, 5, 5, 1, 0 ] }",
            "{ $pullAll: { scores: [ 0, 5 ] } }",
            "{ _id: 1, scores: [ 2, 1 ] }",
        ),
        (
            "{ _id: 1, a: [{ x: 1 }, { x: 1, y: 2 }] }",
            "{ $pullAll: { a: [{ x: 1 }] } }",
            "{ _id: 1, a: [{ x: 1, y: 2 }] }",
        ),
    ];
    for (before, update, after) in table {
        assert_eq!(
            one(&format!("[{before}]"), "{}", update, &[]).unwrap(),
            docs(&format!("[{after}]")),
            "{before} {update}"
        );
    }
}

#[test]
fn pull_all_manual_example() {
    // reference/operator/update/pullAll.
    let after = one(
        "[{ _id: 1, scores: [ 0, 2, 5, 5, 1, 0 ] }]",
        "{ _id: 1 }",
        "{ $pullAll: { scores: [ 0, 5 ] } }",
        &[],
    );
    assert_eq!(after.unwrap(), docs("[{ _id: 1, scores: [ 2, 1 ] }]"));
}

// ---- $pop: reference/operator/update/pop, src/mongo/db/update/pop_node.cpp. ----

#[test]
fn pop_first_and_last() {
    let seed = "[{ _id: 1, scores: [ 8, 9, 10 ] }]";
    assert_eq!(
        one(seed, "{ _id: 1 }", "{ $pop: { scores: -1 } }", &[]).unwrap(),
        docs("[{ _id: 1, scores: [ 9, 10 ] }]")
    );
    assert_eq!(
        one(seed, "{ _id: 1 }", "{ $pop: { scores: 1 } }", &[]).unwrap(),
        docs("[{ _id: 1, scores: [ 8, 9 ] }]")
    );
    // An empty array or a missing field: a no-op; `1.0` is an integer.
    let mut c = collection("[{ _id: 1, a: [] }]");
    let r = c
        .update_one(
            &doc("{}"),
            &doc("{ $pop: { a: 1.0, b: 1 } }"),
            UpdateOptions::default(),
        )
        .unwrap();
    assert_eq!((r.matched, r.modified), (1, 0));
}

// ---- $currentDate: reference/operator/update/currentDate, from the caller's clock. ----

#[test]
fn current_date_reads_the_injected_clock() {
    let mut c =
        collection("[{ _id: 1, status: 'a', lastModified: ISODate('2013-10-02T01:11:18.965Z') }]");
    c.update_one(
        &doc("{ _id: 1 }"),
        &doc("{ $currentDate: { lastModified: true, 'cancellation.date': { $type: 'timestamp' } }, $set: { 'cancellation.reason': 'user request', status: 'D' } }"),
        UpdateOptions::default(),
    )
    .unwrap();
    let d = all(&c).remove(0);
    assert_eq!(
        d.get("lastModified"),
        Some(&Value::DateTime(i64::from(NOW_SECS) * 1000))
    );
    let cancellation = match d.get("cancellation") {
        Some(Value::Document(c)) => c.clone(),
        other => panic!("{other:?}"),
    };
    assert!(matches!(
        cancellation.get("date"),
        Some(Value::Timestamp(Timestamp { time: NOW_SECS, .. }))
    ));
    assert_eq!(
        cancellation.get("reason"),
        Some(&Value::from("user request"))
    );
    // Setting the same date again still counts as a modification (the server never
    // treats $currentDate as a no-op).
    let u = Update::parse(&doc("{ $currentDate: { t: true } }")).unwrap();
    let mut d = doc("{ _id: 1, t: ISODate('1970-01-01T00:00:00Z') }");
    assert!(u.apply_with(&mut d, &mut UpdateContext::default()).unwrap());
}

// ---- positional $: reference/operator/update/positional. ----

#[test]
fn positional_manual_examples() {
    // Update values in an array.
    let seed = "[{ _id: 1, grades: [ 85, 80, 80 ] }, { _id: 2, grades: [ 88, 90, 92 ] }, { _id: 3, grades: [ 85, 100, 90 ] }]";
    assert_eq!(
        one(
            seed,
            "{ _id: 1, grades: 80 }",
            "{ $set: { 'grades.$': 82 } }",
            &[]
        )
        .unwrap(),
        docs(
            "[{ _id: 1, grades: [ 85, 82, 80 ] }, { _id: 2, grades: [ 88, 90, 92 ] }, { _id: 3, grades: [ 85, 100, 90 ] }]"
        )
    );
    // Update documents in an array.
    let seed = r#"[{ _id: 4, grades: [ { grade: 80, mean: 75, std: 8 }, { grade: 85, mean: 90, std: 5 }, { grade: 85, mean: 85, std: 8 } ] }]"#;
    assert_eq!(
        one(
            seed,
            "{ _id: 4, 'grades.grade': 85 }",
            "{ $set: { 'grades.$.std': 6 } }",
            &[]
        )
        .unwrap(),
        docs(
            r#"[{ _id: 4, grades: [ { grade: 80, mean: 75, std: 8 }, { grade: 85, mean: 90, std: 6 }, { grade: 85, mean: 85, std: 8 } ] }]"#
        )
    );
    // Update embedded documents using multiple field matches ($elemMatch).
    let seed = r#"[{ _id: 5, grades: [ { grade: 80, mean: 75, std: 8 }, { grade: 85, mean: 90, std: 5 }, { grade: 90, mean: 85, std: 3 } ] }]"#;
    assert_eq!(
        one(
            seed,
            "{ _id: 5, grades: { $elemMatch: { grade: { $lte: 90 }, mean: { $gt: 80 } } } }",
            "{ $set: { 'grades.$.std': 6 } }",
            &[]
        )
        .unwrap(),
        docs(
            r#"[{ _id: 5, grades: [ { grade: 80, mean: 75, std: 8 }, { grade: 85, mean: 90, std: 6 }, { grade: 90, mean: 85, std: 3 } ] }]"#
        )
    );
    // Nested arrays: the position is the first array's the path expanded
    // (reference/operator/update/positional, "Nested Arrays").
    let seed = "[{ _id: 6, a: [{ b: [1, 2] }, { b: [3, 4] }] }]";
    assert_eq!(
        one(seed, "{ 'a.b': 4 }", "{ $set: { 'a.$.c': 1 } }", &[]).unwrap(),
        docs("[{ _id: 6, a: [{ b: [1, 2] }, { b: [3, 4], c: 1 }] }]")
    );
}

#[test]
fn positional_errors_in_the_servers_words() {
    assert_eq!(
        error(
            "{ _id: 1, a: [1, 2] }",
            "{ _id: 1 }",
            "{ $set: { 'a.$': 0 } }",
            &[]
        ),
        (
            "The positional operator did not find the match needed from the query.".into(),
            Some(2)
        )
    );
    assert_eq!(
        error(
            "{ _id: 1, a: [[1]] }",
            "{ a: 1 }",
            "{ $set: { 'a.$.$': 0 } }",
            &[]
        ),
        (
            "Too many positional (i.e. '$') elements found in path 'a.$.$'".into(),
            Some(2)
        )
    );
    assert_eq!(
        error(
            "{ _id: 1, a: [1] }",
            "{ a: 1 }",
            "{ $set: { '$': 0 } }",
            &[]
        ),
        (
            "Cannot have positional (i.e. '$') element in the first position in path '$'".into(),
            Some(2)
        )
    );
}

// ---- $[]: reference/operator/update/positional-all. ----

#[test]
fn all_positional_manual_examples() {
    let seed = "[{ _id: 1, grades: [ 85, 82, 80 ] }, { _id: 2, grades: [ 88, 90, 92 ] }, { _id: 3, grades: [ 85, 100, 90 ] }]";
    assert_eq!(
        many(seed, "{}", "{ $inc: { 'grades.$[]': 10 } }", &[]).unwrap(),
        docs(
            "[{ _id: 1, grades: [ 95, 92, 90 ] }, { _id: 2, grades: [ 98, 100, 102 ] }, { _id: 3, grades: [ 95, 110, 100 ] }]"
        )
    );
    let seed = r#"[{ _id: 1, grades: [ { grade: 80, mean: 75, std: 8 }, { grade: 85, mean: 90, std: 6 }, { grade: 85, mean: 85, std: 8 } ] }]"#;
    assert_eq!(
        many(seed, "{}", "{ $inc: { 'grades.$[].std': -2 } }", &[]).unwrap(),
        docs(
            r#"[{ _id: 1, grades: [ { grade: 80, mean: 75, std: 6 }, { grade: 85, mean: 90, std: 4 }, { grade: 85, mean: 85, std: 6 } ] }]"#
        )
    );
    // With the negation query operator: the filter selects documents, $[] every element.
    let seed = "[{ _id: 1, results: [ { item: 'A', score: 5 }, { item: 'B', score: 8 } ] }]";
    assert_eq!(
        many(
            seed,
            "{ 'results.score': { $ne: 100 } }",
            "{ $inc: { 'results.$[].score': 10 } }",
            &[]
        )
        .unwrap(),
        docs("[{ _id: 1, results: [ { item: 'A', score: 15 }, { item: 'B', score: 18 } ] }]")
    );
}

#[test]
fn array_update_errors_in_the_servers_words() {
    // src/mongo/db/update/update_array_node.cpp.
    assert_eq!(
        error("{ _id: 1 }", "{}", "{ $set: { 'a.$[]': 0 } }", &[]),
        (
            "The path 'a' must exist in the document in order to apply array updates.".into(),
            Some(2)
        )
    );
    assert_eq!(
        error("{ _id: 1, a: 1 }", "{}", "{ $set: { 'a.$[]': 0 } }", &[]),
        (
            "Cannot apply array updates to non-array element a: 1".into(),
            Some(2)
        )
    );
}

// ---- $[<identifier>]: every example of reference/operator/update/positional-filtered. ----

#[test]
fn filtered_manual_update_all_array_elements_that_match() {
    let seed = "[{ _id: 1, grades: [ 95, 92, 90 ] }, { _id: 2, grades: [ 98, 100, 102 ] }, { _id: 3, grades: [ 95, 110, 100 ] }]";
    assert_eq!(
        many(
            seed,
            "{}",
            "{ $set: { 'grades.$[element]': 100 } }",
            &["{ element: { $gte: 100 } }"]
        )
        .unwrap(),
        docs(
            "[{ _id: 1, grades: [ 95, 92, 90 ] }, { _id: 2, grades: [ 98, 100, 100 ] }, { _id: 3, grades: [ 95, 100, 100 ] }]"
        )
    );
}

#[test]
fn filtered_manual_update_documents_in_an_array() {
    let seed = r#"[
      { _id: 1, grades: [ { grade: 80, mean: 75, std: 6 }, { grade: 85, mean: 90, std: 4 }, { grade: 85, mean: 85, std: 6 } ] },
      { _id: 2, grades: [ { grade: 90, mean: 75, std: 6 }, { grade: 87, mean: 90, std: 3 }, { grade: 85, mean: 85, std: 4 } ] } ]"#;
    assert_eq!(
        many(
            seed,
            "{}",
            "{ $set: { 'grades.$[elem].mean': 100 } }",
            &["{ 'elem.grade': { $gte: 85 } }"]
        )
        .unwrap(),
        docs(
            r#"[
      { _id: 1, grades: [ { grade: 80, mean: 75, std: 6 }, { grade: 85, mean: 100, std: 4 }, { grade: 85, mean: 100, std: 6 } ] },
      { _id: 2, grades: [ { grade: 90, mean: 100, std: 6 }, { grade: 87, mean: 100, std: 3 }, { grade: 85, mean: 100, std: 4 } ] } ]"#
        )
    );
}

#[test]
fn filtered_manual_multiple_conditions() {
    let seed = r#"[
      { _id: 1, grades: [ { grade: 80, mean: 75, std: 6 }, { grade: 85, mean: 100, std: 4 }, { grade: 85, mean: 100, std: 6 } ] },
      { _id: 2, grades: [ { grade: 90, mean: 100, std: 6 }, { grade: 87, mean: 100, std: 3 }, { grade: 85, mean: 100, std: 4 } ] } ]"#;
    assert_eq!(
        many(
            seed,
            "{}",
            "{ $inc: { 'grades.$[elem].std': -1 } }",
            &["{ 'elem.grade': { $gte: 80 }, 'elem.std': { $gt: 5 } }"]
        )
        .unwrap(),
        docs(
            r#"[
      { _id: 1, grades: [ { grade: 80, mean: 75, std: 5 }, { grade: 85, mean: 100, std: 4 }, { grade: 85, mean: 100, std: 5 } ] },
      { _id: 2, grades: [ { grade: 90, mean: 100, std: 5 }, { grade: 87, mean: 100, std: 3 }, { grade: 85, mean: 100, std: 4 } ] } ]"#
        )
    );
}

#[test]
fn filtered_manual_negation_operator() {
    let seed = r#"[
      { _id: 1, name: "Christine Franklin", degrees: [ { level: "Master" }, { level: "Bachelor" } ] },
      { _id: 2, name: "Reyansh Sengupta", degrees: [ { level: "Bachelor" } ] } ]"#;
    assert_eq!(
        many(
            seed,
            "{}",
            "{ $set: { 'degrees.$[degree].gradcampaign': 1 } }",
            &[r#"{ "degree.level": { $ne: "Bachelor" } }"#]
        )
        .unwrap(),
        docs(
            r#"[
      { _id: 1, name: "Christine Franklin", degrees: [ { level: "Master", gradcampaign: 1 }, { level: "Bachelor" } ] },
      { _id: 2, name: "Reyansh Sengupta", degrees: [ { level: "Bachelor" } ] } ]"#
        )
    );
}

#[test]
fn filtered_manual_nested_arrays_with_all_positional() {
    let seed = r#"[{ _id: 1, grades: [
        { type: "quiz", questions: [ 10, 8, 5 ] }, { type: "quiz", questions: [ 8, 9, 6 ] },
        { type: "hw", questions: [ 5, 4, 3 ] }, { type: "exam", questions: [ 25, 10, 23, 0 ] } ] }]"#;
    assert_eq!(
        many(
            seed,
            "{}",
            "{ $inc: { 'grades.$[t].questions.$[score]': 2 } }",
            &[r#"{ "t.type": "quiz" }"#, "{ score: { $gte: 8 } }"]
        )
        .unwrap(),
        docs(
            r#"[{ _id: 1, grades: [
        { type: "quiz", questions: [ 12, 10, 5 ] }, { type: "quiz", questions: [ 10, 11, 6 ] },
        { type: "hw", questions: [ 5, 4, 3 ] }, { type: "exam", questions: [ 25, 10, 23, 0 ] } ] }]"#
        )
    );
    assert_eq!(
        many(
            seed,
            "{}",
            "{ $inc: { 'grades.$[].questions.$[score]': 2 } }",
            &["{ score: { $gte: 8 } }"]
        )
        .unwrap(),
        docs(
            r#"[{ _id: 1, grades: [
        { type: "quiz", questions: [ 12, 10, 5 ] }, { type: "quiz", questions: [ 10, 11, 6 ] },
        { type: "hw", questions: [ 5, 4, 3 ] }, { type: "exam", questions: [ 27, 12, 25, 0 ] } ] }]"#
        )
    );
}

#[test]
fn filtered_manual_upsert() {
    // An upsert whose filter gives the array: the array filter matches no element.
    let mut c = collection("[]");
    let r = c
        .update_one_filtered(
            &doc("{ myArray: [ 5, 8 ] }"),
            &doc("{ $set: { 'myArray.$[element]': 2 } }"),
            &[doc("{ element: 0 }")],
            UpdateOptions { upsert: true },
        )
        .unwrap();
    assert!(r.upserted_id.is_some());
    let d = all(&c).remove(0);
    assert_eq!(
        d.get("myArray"),
        Some(&Value::Array(vec![Value::Int32(5), Value::Int32(8)]))
    );
    // Without the array in the filter, the path does not exist: the server's error.
    let e = c
        .update_one_filtered(
            &doc("{ other: 1 }"),
            &doc("{ $set: { 'myArray.$[element]': 2 } }"),
            &[doc("{ element: 0 }")],
            UpdateOptions { upsert: true },
        )
        .unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "The path 'myArray' must exist in the document in order to apply array updates."
    );
}

#[test]
fn array_filter_errors_in_the_servers_words() {
    // jstests/core/write/update/update_arrayFilters.js.
    let d = "{ _id: 0, a: [0, 1] }";
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $set: { 'a.$[i]': 0 } }", &[]),
        (
            "No array filter found for identifier 'i' in path 'a.$[i]'".into(),
            Some(2)
        )
    );
    assert_eq!(
        error(
            d,
            "{ _id: 0 }",
            "{ $set: { 'a.$[i]': 5, 'a.$[j]': 6 } }",
            &["{ i: 0 }", "{ j: 0 }", "{ i: 1 }"]
        ),
        (
            "Found multiple array filters with the same top-level field name i".into(),
            Some(9)
        )
    );
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $set: { 'a.$[i]': 5 } }", &["{ i: 0 }", "{ j: 0 }"]),
        ("The array filter for identifier 'j' was not used in the update { $set: { a.$[i]: 5 } }".into(), Some(9))
    );
    assert_eq!(
        error(
            d,
            "{ _id: 0 }",
            "{ $rename: { 'a.$[i]': 'b' } }",
            &["{ i: 0 }"]
        ),
        (
            "The source field for $rename may not be dynamic: a.$[i]".into(),
            Some(2)
        )
    );
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $rename: { a: 'b' } }", &["{ i: 0 }"]),
        ("The array filter for identifier 'i' was not used in the update { $rename: { a: \"b\" } }".into(), Some(9))
    );
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $set: { '$[i]': 0 } }", &["{ i: 0 }"]),
        ("Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '$[i]'".into(), Some(2))
    );
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $set: { 'a.$[i]': 0 } }", &["{ 'i.a': 1, 'j.b': 1 }"]),
        ("Error parsing array filter :: caused by :: Expected a single top-level field name, found 'i' and 'j'".into(), Some(9))
    );
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $set: { 'a.$[i]': 0 } }", &["{}"]),
        (
            "Cannot use an expression without a top-level field name in arrayFilters".into(),
            Some(9)
        )
    );
    assert_eq!(
        error(d, "{ _id: 0 }", "{ $set: { 'a.$[I]': 0 } }", &["{ I: 0 }"]),
        ("Error parsing array filter :: caused by :: The top-level field name must be an alphanumeric string beginning with a lowercase letter, found 'I'".into(), Some(2))
    );
}

// ---- Conflicts: src/mongo/db/update/update_object_node.cpp, update_node.cpp. ----

#[test]
fn conflicts_in_the_servers_words() {
    let d = "{ _id: 0, a: [{ b: 1 }, { b: 2 }] }";
    for (update, filters, message) in [
        (
            "{ $set: { a: 1 }, $inc: { a: 1 } }",
            &[][..],
            "Updating the path 'a' would create a conflict at 'a'",
        ),
        (
            "{ $set: { 'a.0': 1, 'a.$[]': 2 } }",
            &[][..],
            "Updating the path 'a.$[]' would create a conflict at 'a'",
        ),
        (
            "{ $pull: { a: 1 }, $set: { 'a.$[]': 2 } }",
            &[][..],
            "Updating the path 'a.$[]' would create a conflict at 'a'",
        ),
        (
            "{ $set: { 'a.$[i]': 1, 'a.$[j]': 2 } }",
            &["{ i: { $exists: true } }", "{ j: { b: 2 } }"][..],
            "Update created a conflict at 'a.1'",
        ),
        (
            "{ $set: { 'a.$[i].b': 1, 'a.$[].b': 2 } }",
            &["{ 'i.b': 1 }"][..],
            "Update created a conflict at 'a.0.b'",
        ),
    ] {
        assert_eq!(
            error(d, "{ _id: 0 }", update, filters),
            (message.to_owned(), Some(40)),
            "{update}"
        );
    }
    // Two filters on different fields of one element merge.
    assert_eq!(
        one(
            &format!("[{d}]"),
            "{}",
            "{ $set: { 'a.$[i].c': 1, 'a.$[j].d': 2 } }",
            &["{ 'i.b': 1 }", "{ 'j.b': 1 }"]
        )
        .unwrap(),
        docs("[{ _id: 0, a: [{ b: 1, c: 1, d: 2 }, { b: 2 }] }]")
    );
}

#[test]
fn modifier_argument_errors_in_the_servers_words() {
    // pop_node.cpp, pullall_node.cpp, array_culling_node.cpp, current_date_node.cpp.
    let d = "{ _id: 1, a: 5, s: [1] }";
    for (update, message, code) in [
        ("{ $pop: { s: 2 } }", "$pop expects 1 or -1, found: 2", 9),
        ("{ $pop: { s: 'x' } }", "Expected a number in: s: \"x\"", 9),
        ("{ $pop: { s: 1.5 } }", "Expected an integer: s: 1.5", 9),
        (
            "{ $pop: { a: 1 } }",
            "Path 'a' contains an element of non-array type 'int'",
            14,
        ),
        (
            "{ $pop: { 'a.b': 1 } }",
            "Cannot use the part (b) of (a.b) to traverse the element ({a: 5})",
            28,
        ),
        (
            "{ $pullAll: { s: 1 } }",
            "$pullAll requires an array argument but was given a int",
            2,
        ),
        (
            "{ $pull: { a: 1 } }",
            "Cannot apply $pull to a non-array value",
            2,
        ),
        (
            "{ $pullAll: { a: [1] } }",
            "Cannot apply $pull to a non-array value",
            2,
        ),
        (
            "{ $currentDate: { t: 1 } }",
            "int is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).",
            2,
        ),
        (
            "{ $currentDate: { t: { $type: 'x' } } }",
            "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}",
            2,
        ),
        (
            "{ $currentDate: { t: { x: 1 } } }",
            "Unrecognized $currentDate option: x",
            2,
        ),
        (
            "{ $pull: { s: { $gt: 1, $foo: 1 } } }",
            "unknown operator: $foo",
            2,
        ),
    ] {
        assert_eq!(
            error(d, "{}", update, &[]),
            (message.to_owned(), Some(code)),
            "{update}"
        );
    }
}

#[test]
fn push_and_add_to_set_modifiers() {
    // reference/operator/update/push, each, position, slice, sort; addToSet.
    let table = [
        (
            "{ _id: 1, scores: [ 44, 78, 38, 80 ] }",
            "{ $push: { scores: { $each: [ 90, 92, 85 ] } } }",
            "{ _id: 1, scores: [ 44, 78, 38, 80, 90, 92, 85 ] }",
        ),
        (
            "{ _id: 1, scores: [ 100 ] }",
            "{ $push: { scores: { $each: [ 50, 60, 70 ], $position: 0 } } }",
            "{ _id: 1, scores: [ 50, 60, 70, 100 ] }",
        ),
        (
            "{ _id: 1, scores: [ 50, 60, 70, 100 ] }",
            "{ $push: { scores: { $each: [ 20, 30 ], $position: 2 } } }",
            "{ _id: 1, scores: [ 50, 60, 20, 30, 70, 100 ] }",
        ),
        (
            "{ _id: 1, scores: [ 50, 60, 20, 30, 70, 100 ] }",
            "{ $push: { scores: { $each: [ 90, 80 ], $position: -2 } } }",
            "{ _id: 1, scores: [ 50, 60, 20, 30, 90, 80, 70, 100 ] }",
        ),
        (
            "{ _id: 1, scores: [ 40, 50, 60 ] }",
            "{ $push: { scores: { $each: [ 80, 78, 86 ], $slice: -5 } } }",
            "{ _id: 1, scores: [ 50, 60, 80, 78, 86 ] }",
        ),
        (
            "{ _id: 2, scores: [ 89, 90 ] }",
            "{ $push: { scores: { $each: [ 100, 20 ], $slice: 3 } } }",
            "{ _id: 2, scores: [ 89, 90, 100 ] }",
        ),
        (
            "{ _id: 3, scores: [ 89, 70, 100, 20 ] }",
            "{ $push: { scores: { $each: [ ], $slice: -3 } } }",
            "{ _id: 3, scores: [ 70, 100, 20 ] }",
        ),
        (
            "{ _id: 1, quizzes: [ { id: 1, score: 6 }, { id: 2, score: 9 } ] }",
            "{ $push: { quizzes: { $each: [ { id: 3, score: 8 }, { id: 4, score: 7 }, { id: 5, score: 6 } ], $sort: { score: 1 } } } }",
            "{ _id: 1, quizzes: [ { id: 1, score: 6 }, { id: 5, score: 6 }, { id: 4, score: 7 }, { id: 3, score: 8 }, { id: 2, score: 9 } ] }",
        ),
        (
            "{ _id: 2, tests: [ 89, 70, 89, 50 ] }",
            "{ $push: { tests: { $each: [ 40, 60 ], $sort: 1 } } }",
            "{ _id: 2, tests: [ 40, 50, 60, 70, 89, 89 ] }",
        ),
        (
            "{ _id: 3, tests: [ 89, 70, 100, 20 ] }",
            "{ $push: { tests: { $each: [ ], $sort: -1 } } }",
            "{ _id: 3, tests: [ 100, 89, 70, 20 ] }",
        ),
        (
            "{ _id: 5, quizzes: [ { wk: 1, score: 10 }, { wk: 2, score: 8 }, { wk: 3, score: 5 }, { wk: 4, score: 6 } ] }",
            "{ $push: { quizzes: { $each: [ { wk: 5, score: 8 }, { wk: 6, score: 7 }, { wk: 7, score: 6 } ], $sort: { score: -1 }, $slice: 3 } } }",
            "{ _id: 5, quizzes: [ { wk: 1, score: 10 }, { wk: 2, score: 8 }, { wk: 5, score: 8 } ] }",
        ),
        (
            "{ _id: 1, letters: ['a', 'b'] }",
            "{ $addToSet: { letters: [ 'c', 'd' ] } }",
            "{ _id: 1, letters: [ 'a', 'b', [ 'c', 'd' ] ] }",
        ),
        (
            "{ _id: 1, item: 'polarizing_filter', tags: [ 'electronics', 'camera' ] }",
            "{ $addToSet: { tags: 'accessories' } }",
            "{ _id: 1, item: 'polarizing_filter', tags: [ 'electronics', 'camera', 'accessories' ] }",
        ),
        (
            "{ _id: 2, item: 'cable', tags: [ 'electronics', 'supplies' ] }",
            "{ $addToSet: { tags: { $each: [ 'camera', 'electronics', 'accessories' ] } } }",
            "{ _id: 2, item: 'cable', tags: [ 'electronics', 'supplies', 'camera', 'accessories' ] }",
        ),
        // Through a positional path (jstests/core/write/update/update_arrayFilters.js).
        (
            "{ _id: 1, a: [ { b: [ 1 ] }, { b: [ 2 ] } ] }",
            "{ $push: { 'a.$[].b': { $each: [ 0 ], $position: 0 } } }",
            "{ _id: 1, a: [ { b: [ 0, 1 ] }, { b: [ 0, 2 ] } ] }",
        ),
    ];
    for (before, update, after) in table {
        assert_eq!(
            one(&format!("[{before}]"), "{}", update, &[]).unwrap(),
            docs(&format!("[{after}]")),
            "{before} {update}"
        );
    }
}

#[test]
fn a_modifier_may_not_write_a_dollar_prefixed_top_level_field_of_a_stored_document() {
    // The manual's "Dollar-Prefixed Field Names": an upsert that inserts may create
    // `$hotel`, the same update on an existing document fails; jstests/core/
    // field_name_validation.js: nested `$` names and pipeline updates are allowed. The
    // words are storage_validation.cpp's (DollarPrefixedFieldName, 52).
    let refused = "The dollar ($) prefixed field '$hotel' in '$hotel' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.";
    let update = doc("{ $set: { phone: 25.17, $hotel: 320.10 } }");
    let mut c = collection("[{ _id: 1, date: '2021-07-07' }]");
    let e = c
        .update_one(
            &doc("{ date: '2021-07-07' }"),
            &update,
            UpdateOptions::default(),
        )
        .unwrap_err();
    assert_eq!(
        (e.kind.code(), e.kind.to_string().as_str()),
        (Some(52), refused)
    );
    assert_eq!(
        all(&c),
        docs("[{ _id: 1, date: '2021-07-07' }]"),
        "left unchanged"
    );
    let mut c = collection("[]");
    c.update_one(
        &doc("{ date: '2021-07-07' }"),
        &update,
        UpdateOptions { upsert: true },
    )
    .unwrap();
    assert_eq!(
        c.documents().next().and_then(|d| d.get("$hotel").cloned()),
        Some(Value::Double(320.10)),
        "an upsert's insert may create it"
    );
    // Nested `$` names, and fields the update does not touch, are fine.
    assert_eq!(
        many("[{ _id: 1, $a: 1 }]", "{}", "{ $set: { 'b.$c': 1 } }", &[]),
        Ok(docs("[{ _id: 1, $a: 1, b: { $c: 1 } }]"))
    );
    assert_eq!(
        many("[{ _id: 1, $a: 1 }]", "{}", "{ $unset: { $a: 1 } }", &[]),
        Ok(docs("[{ _id: 1 }]"))
    );
}
