//! Unit tests of the secondary indexes: key generation, key patterns and names, and the
//! catalog's answers.

use super::*;
use crate::bson::oid::ObjectIdProcess;
use crate::bson::shell::{FixedGenerator, parse_document, parse_value};
use crate::query::collection::UpdateOptions;
use crate::strings::Lang;
use crate::strings::localize::Localize;

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn value(s: &str) -> Value {
    parse_value(s, &mut FixedGenerator::new(0)).unwrap().value
}

fn collection() -> Collection {
    Collection::new(
        "lab04.users",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        0,
    )
}

fn unique() -> IndexOptions {
    IndexOptions {
        unique: true,
        name: None,
    }
}

/// The keys `doc` has in an index over `pattern`, each as the array of its values.
fn keys(pattern: &str, d: &str) -> Vec<Value> {
    let index = Index::new(index_name(&doc(pattern)), &doc(pattern), false);
    index
        .keys(&doc(d))
        .unwrap()
        .into_iter()
        .map(|k| Value::Array(k.0.into_iter().map(|p| p.value).collect()))
        .collect()
}

/// The message of the error `f` returns.
fn message<T: std::fmt::Debug>(r: Result<T, QueryError>) -> (Option<i32>, String) {
    let e = r.unwrap_err();
    (e.kind.code(), e.kind.to_string())
}

#[test]
fn a_missing_field_is_null_and_an_empty_array_undefined() {
    assert_eq!(keys("{ a: 1 }", "{}"), vec![value("[null]")]);
    assert_eq!(keys("{ a: 1 }", "{ a: null }"), vec![value("[null]")]);
    // The shell writes `undefined` as null: the value itself.
    let undefined = Value::Array(vec![Value::Undefined]);
    assert_eq!(keys("{ a: 1 }", "{ a: [] }"), vec![undefined]);
    // Where the path goes on past the empty array, null.
    assert_eq!(keys("{ 'a.b': 1 }", "{ a: [] }"), vec![value("[null]")]);
    assert_eq!(keys("{ 'a.b': 1 }", "{ a: 5 }"), vec![value("[null]")]);
}

#[test]
fn arrays_are_unwound_one_level_and_keys_are_a_set() {
    assert_eq!(
        keys("{ a: 1 }", "{ a: [2, 1, 2, [3]] }"),
        vec![value("[1]"), value("[2]"), value("[[3]]")]
    );
    assert_eq!(
        keys(
            "{ 'a.b': 1 }",
            "{ a: [{ b: 1 }, { b: [2, 3] }, { c: 4 }, 5] }"
        ),
        vec![value("[null]"), value("[1]"), value("[2]"), value("[3]")]
    );
    // Numbers are one key across types.
    assert_eq!(
        keys("{ a: 1 }", "{ a: [1, Double(1), NumberLong(1)] }").len(),
        1
    );
    // A numeric component names a position.
    assert_eq!(keys("{ 'a.1': 1 }", "{ a: [5, 6] }"), vec![value("[6]")]);
}

#[test]
fn compound_keys_pair_the_fields_of_one_element() {
    assert_eq!(
        keys(
            "{ 'a.b': 1, 'a.c': 1 }",
            "{ a: [{ b: 1, c: 2 }, { b: 3, c: 4 }] }"
        ),
        vec![value("[1, 2]"), value("[3, 4]")]
    );
    assert_eq!(
        keys("{ x: 1, a: -1 }", "{ x: 'k', a: [1, 2] }"),
        // Descending: the larger value first.
        vec![value("['k', 2]"), value("['k', 1]")]
    );
}

#[test]
fn parallel_arrays_are_refused_with_the_names_of_both() {
    let index = Index::new("a_1_b_1".into(), &doc("{ a: 1, b: 1 }"), false);
    let e = index.keys(&doc("{ a: [1], b: [2] }")).unwrap_err();
    assert_eq!(e.kind.code(), Some(171));
    assert_eq!(e.kind.to_string(), "cannot index parallel arrays [b] [a]");
    let nested = Index::new("n".into(), &doc("{ 'x.b': 1, 'x.c': 1 }"), false);
    assert_eq!(
        nested
            .keys(&doc("{ x: [{ b: [1], c: [2] }] }"))
            .unwrap_err()
            .kind
            .to_string(),
        "cannot index parallel arrays [c] [b]"
    );
    // One array and an empty one are two arrays as well.
    assert!(index.keys(&doc("{ a: [], b: [2] }")).is_err());
    assert!(index.keys(&doc("{ a: [1, 2], b: 2 }")).is_ok());
}

#[test]
fn names_are_the_drivers() {
    for (pattern, name) in [
        ("{ email: 1 }", "email_1"),
        ("{ a: 1, b: -1 }", "a_1_b_-1"),
        ("{ loc: '2dsphere' }", "loc_2dsphere"),
        ("{ a: 1.5 }", "a_1.5"),
        ("{ a: NumberLong(-1) }", "a_-1"),
        ("{ a: NumberDecimal('1.0') }", "a_1.0"),
        ("{ a: Double(1) }", "a_1"),
        ("{ a: true }", "a_true"),
        ("{ a: null }", "a_"),
        ("{ a: { b: 1 } }", "a_[object Object]"),
        ("{}", ""),
    ] {
        assert_eq!(index_name(&doc(pattern)), name, "{pattern}");
    }
}

#[test]
fn bad_key_patterns_get_the_servers_words_around_the_spec_mongosh_sends() {
    let mut c = collection();
    let cases = [
        (
            "{}",
            "Error in specification { name: \"\", key: {} } :: caused by :: Index keys cannot be empty.",
        ),
        (
            "{ a: 0 }",
            "Error in specification { name: \"a_0\", key: { a: 0 } } :: caused by :: Values in the index key pattern cannot be 0.",
        ),
        (
            "{ a: true }",
            "Error in specification { name: \"a_true\", key: { a: true } } :: caused by :: Values in v:2 index key pattern cannot be of type bool. Only numbers > 0, numbers < 0, and strings are allowed.",
        ),
        (
            "{ a: 'foo' }",
            "Error in specification { name: \"a_foo\", key: { a: \"foo\" } } :: caused by :: Unknown index plugin 'foo'",
        ),
        (
            "{ a: 'text', b: '2d' }",
            "Error in specification { name: \"a_text_b_2d\", key: { a: \"text\", b: \"2d\" } } :: caused by :: Can't use more than one index plugin for a single index.",
        ),
        (
            "{ $a: 1 }",
            "Error in specification { name: \"$a_1\", key: { $a: 1 } } :: caused by :: Index key contains an illegal field name: field name starts with '$'.",
        ),
        (
            "{ 'a..b': 1 }",
            "Error in specification { name: \"a..b_1\", key: { a..b: 1 } } :: caused by :: Index keys cannot contain an empty field.",
        ),
        (
            "{ a: '' }",
            "Error in specification { name: \"a_\", key: { a: \"\" } } :: caused by :: Values in the index key pattern cannot be empty strings",
        ),
    ];
    for (pattern, want) in cases {
        let (code, text) = message(c.create_index(&doc(pattern), &IndexOptions::default()));
        assert_eq!(text, want, "{pattern}");
        assert_eq!(code, Some(67), "{pattern}");
    }
    let (code, text) = message(c.create_index(&doc("{ a: NaN }"), &unique()));
    assert_eq!(code, Some(67));
    assert!(
        text.starts_with(
            "Error in specification { unique: true, name: \"a_NaN\", key: { a: nan.0 } }"
        ),
        "{text}"
    );
    // A dotted DBRef field after the first component is fine.
    c.create_index(&doc("{ 'ref.$id': 1 }"), &IndexOptions::default())
        .unwrap();
}

#[test]
fn reserved_and_empty_names_are_refused() {
    let mut c = collection();
    let named = |name: &str| IndexOptions {
        unique: false,
        name: Some(name.into()),
    };
    assert_eq!(
        message(c.create_index(&doc("{ a: 1 }"), &named("_id_"))),
        (
            Some(2),
            "The index name '_id_' is reserved for the _id index, which must have key pattern {_id: 1}, found key: { a: 1 }".into()
        )
    );
    assert_eq!(
        message(c.create_index(&doc("{ a: 1 }"), &named("*"))),
        (Some(2), "The index name '*' is not valid.".into())
    );
    assert_eq!(
        message(c.create_index(&doc("{ a: 1 }"), &named(""))),
        (Some(67), "index name cannot be empty".into())
    );
}

#[test]
fn the_id_pattern_is_the_id_index() {
    let mut c = collection();
    let named = |name: &str| IndexOptions {
        unique: false,
        name: Some(name.into()),
    };
    assert_eq!(
        c.create_index(&doc("{ _id: 1 }"), &named("_id_")).unwrap(),
        "_id_"
    );
    assert_eq!(
        message(c.create_index(&doc("{ _id: 1 }"), &IndexOptions::default())),
        (
            Some(85),
            "Index already exists with a different name: _id_".into()
        )
    );
    assert_eq!(
        message(c.create_index(&doc("{ _id: -1 }"), &IndexOptions::default())),
        (
            Some(2),
            "The field 'key' for an _id index must be {_id: 1}, but got { _id: -1 }".into()
        )
    );
    assert_eq!(
        message(c.create_index(&doc("{ _id: 1 }"), &unique())),
        (
            Some(197),
            "The field 'unique' is not valid for an _id index specification. Specification: { unique: true, name: \"_id_1\", key: { _id: 1 }, v: 2 }".into()
        )
    );
    assert_eq!(c.list_indexes().len(), 1);
}

#[test]
fn other_index_types_are_the_tutors_refusal_after_the_servers_checks() {
    let mut c = collection();
    for (pattern, kind) in [
        ("{ loc: '2dsphere' }", "2dsphere"),
        ("{ title: 'text' }", "text"),
        ("{ a: 'hashed' }", "hashed"),
        ("{ '$**': 1 }", "wildcard"),
    ] {
        let e = c
            .create_index(&doc(pattern), &IndexOptions::default())
            .unwrap_err();
        assert_eq!(
            e.kind,
            QueryErrorKind::IndexTypeNotImplemented { kind: kind.into() },
            "{pattern}"
        );
        assert_eq!(e.kind.code(), None);
        assert_ne!(e.to_string_in(Lang::Vi), e.to_string());
    }
    assert_eq!(
        message(c.create_index(&doc("{ '$**': 1 }"), &unique())),
        (
            Some(67),
            "Index type 'wildcard' does not support the unique option".into()
        )
    );
}

#[test]
fn the_same_index_twice_is_a_no_op_and_conflicts_are_the_catalogs() {
    let mut c = collection();
    assert_eq!(
        c.create_index(&doc("{ email: 1 }"), &IndexOptions::default())
            .unwrap(),
        "email_1"
    );
    // `1.0` is the same pattern as `1`.
    assert_eq!(
        c.create_index(&doc("{ email: Double(1) }"), &IndexOptions::default())
            .unwrap(),
        "email_1"
    );
    assert_eq!(
        message(c.create_index(&doc("{ email: 1 }"), &unique())),
        (
            Some(86),
            "An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, unique: true, key: { email: 1 }, name: \"email_1\" }, existing index: { v: 2, key: { email: 1 }, name: \"email_1\" }".into()
        )
    );
    let named = |name: &str, unique: bool| IndexOptions {
        unique,
        name: Some(name.into()),
    };
    assert_eq!(
        message(c.create_index(&doc("{ email: -1 }"), &named("email_1", false))),
        (
            Some(86),
            "An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: { v: 2, key: { email: -1 }, name: \"email_1\" }, existing index: { v: 2, key: { email: 1 }, name: \"email_1\" }".into()
        )
    );
    assert_eq!(
        message(c.create_index(&doc("{ email: 1 }"), &named("by_email", false))),
        (
            Some(85),
            "Index already exists with a different name: email_1".into()
        )
    );
    // Since 5.0 `unique` tells two indexes apart: this one is new.
    assert_eq!(
        c.create_index(&doc("{ email: 1 }"), &named("email_unique", true))
            .unwrap(),
        "email_unique"
    );
    assert_eq!(c.list_indexes().len(), 3);
}

#[test]
fn dropping_by_name_and_by_key() {
    let mut c = collection();
    c.create_index(&doc("{ email: 1 }"), &IndexOptions::default())
        .unwrap();
    c.create_index(
        &doc("{ email: 1 }"),
        &IndexOptions {
            unique: true,
            name: Some("email_u".into()),
        },
    )
    .unwrap();
    c.create_index(&doc("{ a: 1 }"), &IndexOptions::default())
        .unwrap();
    assert_eq!(
        message(c.drop_index("_id_")),
        (Some(72), "cannot drop _id index".into())
    );
    assert_eq!(
        message(c.drop_index("nope_1")),
        (Some(27), "index not found with name [nope_1]".into())
    );
    assert_eq!(
        message(c.drop_index_by_key(&doc("{ _id: 1 }"))),
        (Some(72), "cannot drop _id index".into())
    );
    assert_eq!(
        message(c.drop_index_by_key(&doc("{ b: 1 }"))),
        (Some(27), "can't find index with key: { b: 1 }".into())
    );
    assert_eq!(
        message(c.drop_index_by_key(&doc("{ email: 1 }"))),
        (
            Some(181),
            "2 indexes found for key: { email: 1 }, identify by name instead. Conflicting indexes: { v: 2, key: { email: 1 }, name: \"email_1\" }, { v: 2, unique: true, key: { email: 1 }, name: \"email_u\" }".into()
        )
    );
    assert_eq!(c.drop_index_by_key(&doc("{ a: Double(1) }")).unwrap(), 4);
    assert_eq!(c.drop_index("email_u").unwrap(), 3);
    assert_eq!(c.drop_index("*").unwrap(), 2);
    assert_eq!(
        c.list_indexes(),
        vec![doc("{ v: 2, key: { _id: 1 }, name: '_id_' }")]
    );
}

#[test]
fn a_unique_index_is_kept_through_updates_and_deletes() {
    let mut c = collection();
    c.create_index(&doc("{ email: 1 }"), &unique()).unwrap();
    c.insert_one(doc("{ _id: 1, email: 'a' }")).unwrap();
    c.insert_one(doc("{ _id: 2, email: 'b' }")).unwrap();
    let e = c
        .update_one(
            &doc("{ _id: 2 }"),
            &doc("{ $set: { email: 'a' } }"),
            UpdateOptions::default(),
        )
        .unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "E11000 duplicate key error collection: lab04.users index: email_1 dup key: { email: \"a\" }"
    );
    assert_eq!(e.at, "email");
    // Unchanged, and still indexed under its old key.
    assert_eq!(
        c.find_one(&doc("{ _id: 2 }")).unwrap(),
        Some(doc("{ _id: 2, email: 'b' }"))
    );
    assert!(c.insert_one(doc("{ _id: 3, email: 'b' }")).is_err());
    // A document updated to its own key again does not collide with itself.
    c.update_one(
        &doc("{ _id: 1 }"),
        &doc("{ $set: { email: ['a', 'a'] } }"),
        UpdateOptions::default(),
    )
    .unwrap();
    c.delete_one(&doc("{ _id: 1 }")).unwrap();
    c.insert_one(doc("{ _id: 4, email: 'a' }")).unwrap();
}

#[test]
fn the_build_reports_the_smallest_duplicate_with_the_later_documents_value() {
    let mut c = collection();
    for d in [
        "{ _id: 1, email: 'b' }",
        "{ _id: 2, email: 1 }",
        "{ _id: 3, email: 'b' }",
        "{ _id: 4, email: Double(1) }",
    ] {
        c.insert_one(doc(d)).unwrap();
    }
    assert_eq!(
        message(c.create_index(&doc("{ email: 1 }"), &unique())),
        (
            Some(11000),
            "Index build failed: Collection lab04.users :: caused by :: E11000 duplicate key error collection: lab04.users index: email_1 dup key: { email: 1.0 }".into()
        )
    );
    // Descending, the larger key comes first.
    assert!(
        message(c.create_index(&doc("{ email: -1 }"), &unique()))
            .1
            .ends_with("index: email_-1 dup key: { email: \"b\" }")
    );
    assert_eq!(c.list_indexes().len(), 1);
    c.insert_one(doc("{ _id: 5, a: [1], b: [2] }")).unwrap();
    assert_eq!(
        message(c.create_index(&doc("{ a: 1, b: 1 }"), &IndexOptions::default())),
        (
            Some(171),
            "Index build failed: Collection lab04.users :: caused by :: cannot index parallel arrays [b] [a]".into()
        )
    );
}
