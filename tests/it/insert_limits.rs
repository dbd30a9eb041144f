//! What an insert refuses and what it changes, as the server's insert path does it
//! (`fixDocumentForInsert`, mongodb/mongo `src/mongo/db/ops/insert.cpp`): 16 MiB documents,
//! 180 levels of nesting for storage, `_id` checks, `$`-prefixed and dotted names allowed
//! since 5.0 (jstests/core/field_name_validation.js), `_id` moved to the front.

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document, print_document};
use bson_tutor::bson::{Document, Value, document_size};
use bson_tutor::query::collection::Collection;
use bson_tutor::query::limits::{MAX_STORAGE_DEPTH, MAX_USER_DOCUMENT};

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn collection() -> Collection {
    Collection::new(
        "lab04.t",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        1_791_431_149,
    )
}

/// The server's words and code for an insert of `d`, or the stored document.
fn insert(d: Document) -> Result<String, (Option<i32>, String)> {
    let mut c = collection();
    c.insert_one(d)
        .map_err(|e| (e.kind.code(), e.kind.to_string()))?;
    Ok(c.documents().map(print_document).collect())
}

/// `{ _id: 1, a: { a: ... { x: 1 } } }`, nested `levels` deep, the document itself counted.
fn nested(levels: usize) -> Document {
    let mut d = Document::new();
    d.push("x", 1);
    for _ in 2..levels {
        let mut outer = Document::new();
        outer.push("a", d);
        d = outer;
    }
    let mut top = Document::new();
    top.push("_id", 1);
    top.push("a", d);
    top
}

#[test]
fn a_document_over_16_mib_is_refused_with_the_servers_words() {
    // insert.cpp: BadValue, "object to insert too large. size in bytes: N, max size: 16777216".
    let mut empty = Document::new();
    empty.push("_id", 1);
    empty.push("s", "");
    let room = MAX_USER_DOCUMENT - document_size(&empty);
    let mut exact = Document::new();
    exact.push("_id", 1);
    exact.push("s", "x".repeat(room));
    assert_eq!(document_size(&exact), 16_777_216);
    assert!(insert(exact).is_ok(), "exactly 16 MiB is stored");
    let mut over = Document::new();
    over.push("_id", 1);
    over.push("s", "x".repeat(room + 1));
    assert_eq!(
        insert(over),
        Err((
            Some(2),
            "object to insert too large. size in bytes: 16777217, max size: 16777216".into()
        ))
    );
}

#[test]
fn nesting_past_180_levels_is_refused_and_empty_containers_do_not_count() {
    // bson_depth.h: kDefaultMaxAllowableDepth 200 less kExtraSystemDepthLevels 20.
    assert_eq!(MAX_STORAGE_DEPTH, 180);
    assert!(insert(nested(180)).is_ok());
    assert_eq!(
        insert(nested(181)),
        Err((
            Some(15),
            "cannot insert document because it exceeds 180 levels of nesting".into()
        ))
    );
    // An empty document at level 181 is not counted (insert.cpp, validateDepth).
    let mut with_empty = nested(180);
    let mut inner = &mut with_empty;
    for _ in 2..180 {
        let Some(Value::Document(d)) = inner.get_mut("a") else {
            panic!("nested")
        };
        inner = d;
    }
    inner.insert("x", Value::Document(Document::new()));
    assert!(insert(with_empty.clone()).is_ok());
    inner_most(&mut with_empty).insert("x", Value::Array(vec![Value::Int32(1)]));
    assert!(insert(with_empty).is_err(), "a non-empty array there is");
    // Arrays count as levels too, and the check does not walk past the limit.
    let mut deep = Value::Int32(1);
    for _ in 0..1_000 {
        deep = Value::Array(vec![deep]);
    }
    let mut d = Document::new();
    d.push("a", deep);
    assert_eq!(insert(d).map_err(|e| e.0), Err(Some(15)));
}

/// The innermost document of [`nested`].
fn inner_most(d: &mut Document) -> &mut Document {
    match d.get_mut("a") {
        Some(Value::Document(_)) => {}
        _ => return d,
    }
    let Some(Value::Document(inner)) = d.get_mut("a") else {
        unreachable!()
    };
    inner_most(inner)
}

#[test]
fn dollar_prefixed_and_dotted_names_are_stored_since_5_0() {
    // jstests/core/field_name_validation.js, "Insert command field name validation".
    for ok in [
        "{ 'a.b': 1 }",
        "{ '_id.a': 1 }",
        "{ a: { 'a.b': 1 } }",
        "{ _id: { 'a.b': 1 } }",
        "{ a: { $b: 1 } }",
        "{ a: { _id: [9] } }",
        "{ a: { _id: /a/ } }",
        "{ a: { _id: { $b: 1 } } }",
        "{ $a: 1 }",
        "{ valid: 1, $a: 1 }",
        "{ $a: { $b: 1 } }",
        "{ $ref: 1 }",
        "{ $id: 1 }",
        "{ $db: 1 }",
        "{ _id: 1, $valid: 1, $id: 1 }",
        "{ '_id.$gt': 4 }",
    ] {
        assert!(insert(doc(ok)).is_ok(), "{ok}");
    }
    assert_eq!(
        insert(doc("{ _id: 0, $valid: 1, a: 1 }")).as_deref(),
        Ok("{ _id: 0, '$valid': 1, a: 1 }")
    );
}

#[test]
fn an_id_holding_dollar_prefixed_names_or_an_array_regex_undefined_is_refused() {
    // field_name_validation.js: DollarPrefixedFieldName (52), at any depth of the _id.
    for (bad, name) in [
        ("{ _id: { $b: 1 } }", "$b"),
        ("{ _id: { a: 1, $b: 1 } }", "$b"),
        ("{ _id: { a: { $c: 1 } } }", "$c"),
    ] {
        assert_eq!(
            insert(doc(bad)),
            Err((
                Some(52),
                format!(
                    "_id fields may not contain '$'-prefixed fields: {name} is not valid for storage."
                )
            )),
            "{bad}"
        );
    }
    // storage_validation.cpp, storageValidIdField: InvalidIdField (53).
    assert_eq!(
        insert(doc("{ _id: /a/ }")),
        Err((Some(53), "The '_id' value cannot be of type regex".into()))
    );
    assert_eq!(
        insert(doc("{ _id: [9] }")),
        Err((Some(53), "The '_id' value cannot be of type array".into()))
    );
    let mut undefined = Document::new();
    undefined.push("_id", Value::Undefined);
    assert_eq!(
        insert(undefined),
        Err((
            Some(53),
            "The '_id' value cannot be of type undefined".into()
        ))
    );
    assert_eq!(
        insert(doc("{ _id: 1, a: 1, _id: 2 }"))
            .map_err(|e| e.1)
            .err(),
        // The shell keeps the last of two equal keys, as JavaScript does: one _id, 2.
        None
    );
}

#[test]
fn the_id_is_moved_to_the_front_of_an_inserted_document() {
    // insert.cpp: the _id is appended first, then the other fields in their order.
    assert_eq!(
        insert(doc("{ a: 1, b: { c: 2 }, _id: 7 }")).as_deref(),
        Ok("{ _id: 7, a: 1, b: { c: 2 } }")
    );
    let mut twice = Document::new();
    twice.push("_id", 1);
    twice.push("a", 1);
    twice.push("_id", 2);
    assert_eq!(
        insert(twice),
        Err((
            Some(2),
            "can't have multiple _id fields in one document".into()
        ))
    );
}
