//! Secondary indexes on the in-memory collection, against what a real server does: the
//! E11000 of a unique index on every write that stores a document (insert, update, replace,
//! pipeline update, upsert, the streamed update's upsert), a missing field indexed as null,
//! arrays indexed element by element, numbers compared across types, the build over stored
//! duplicates, the catalog's answers, and `distinct`. A property: after any sequence of
//! writes, no two stored documents share a key of a unique index.

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::QueryError;
use bson_tutor::query::collection::{Collection, IndexOptions, UpdateOptions};
use bson_tutor::query::order;
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;
use proptest::prelude::*;

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

fn users() -> Collection {
    Collection::new(
        "lab04.users",
        ObjectIdProcess::new([0x45, 0x4f, 0x58, 0x8c, 0xa2], 0xd0_5d4b),
        ObjectIdProcess::new([0x12, 0x02, 0xb5, 0x5b, 0xa5], 0xd6_ca57),
        1_791_431_149,
    )
}

/// `users` with a unique index over `pattern`.
fn unique_on(pattern: &str) -> Collection {
    let mut c = users();
    c.create_index(&doc(pattern), &unique()).unwrap();
    c
}

fn unique() -> IndexOptions {
    IndexOptions {
        unique: true,
        name: None,
    }
}

/// The server's duplicate-key refusal: its words, the same in every language, and 11000.
fn assert_dup(e: &QueryError, dup_key: &str) {
    let want = format!("E11000 duplicate key error collection: lab04.users index: {dup_key}");
    assert_eq!(e.kind.to_string(), want);
    assert_eq!(e.kind.code(), Some(11000));
    assert_eq!(e.kind.to_string_in(Lang::Vi), want);
    assert_eq!(e.kind.to_string_in(Lang::Zh), want);
}

fn all(c: &Collection) -> Vec<Document> {
    c.documents().cloned().collect()
}

#[test]
fn a_second_email_is_refused_with_the_servers_e11000() {
    let mut c = users();
    assert_eq!(
        c.create_index(&doc("{ email: 1 }"), &unique()).unwrap(),
        "email_1"
    );
    c.insert_one(doc("{ _id: 1, email: 'a@x' }")).unwrap();
    let e = c.insert_one(doc("{ _id: 2, email: 'a@x' }")).unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"a@x\" }");
    assert_eq!(e.at, "email");
    assert_eq!(c.len(), 1);
    // A duplicate `_id` is found first: the `_id` index comes first.
    let e = c.insert_one(doc("{ _id: 1, email: 'a@x' }")).unwrap_err();
    assert_dup(&e, "_id_ dup key: { _id: 1 }");
}

#[test]
fn two_documents_without_the_field_collide_on_null() {
    let mut c = unique_on("{ email: 1 }");
    c.insert_one(doc("{ _id: 1 }")).unwrap();
    assert_dup(
        &c.insert_one(doc("{ _id: 2 }")).unwrap_err(),
        "email_1 dup key: { email: null }",
    );
    assert_dup(
        &c.insert_one(doc("{ _id: 3, email: null }")).unwrap_err(),
        "email_1 dup key: { email: null }",
    );
    // An empty array is indexed as undefined, not null.
    c.insert_one(doc("{ _id: 4, email: [] }")).unwrap();
    assert_dup(
        &c.insert_one(doc("{ _id: 5, email: [] }")).unwrap_err(),
        "email_1 dup key: { email: undefined }",
    );
}

#[test]
fn arrays_are_multikey_and_a_document_does_not_collide_with_itself() {
    let mut c = unique_on("{ tags: 1 }");
    c.insert_one(doc("{ _id: 1, tags: [1, 1, 'x'] }")).unwrap();
    assert_dup(
        &c.insert_one(doc("{ _id: 2, tags: ['y', 'x'] }"))
            .unwrap_err(),
        "tags_1 dup key: { tags: \"x\" }",
    );
    // The first taken key in the index's order is reported.
    assert_dup(
        &c.insert_one(doc("{ _id: 3, tags: ['x', 1] }")).unwrap_err(),
        "tags_1 dup key: { tags: 1 }",
    );
    // A nested array is one key, not its elements.
    c.insert_one(doc("{ _id: 4, tags: [[1, 'x']] }")).unwrap();
    assert_dup(
        &c.insert_one(doc("{ _id: 5, tags: [[1, 'x']] }"))
            .unwrap_err(),
        "tags_1 dup key: { tags: [ 1, \"x\" ] }",
    );
}

#[test]
fn numbers_collide_across_types_as_on_the_id_index() {
    let mut c = unique_on("{ n: 1 }");
    c.insert_one(doc("{ _id: 1, n: 1 }")).unwrap();
    c.insert_one(doc("{ _id: 2, n: true }")).unwrap();
    for (dup, shown) in [
        ("Double(1)", "1.0"),
        ("NumberLong(1)", "1"),
        ("NumberDecimal('1.0')", "1.0"),
    ] {
        let e = c
            .insert_one(doc(&format!("{{ _id: 3, n: {dup} }}")))
            .unwrap_err();
        assert_dup(&e, &format!("n_1 dup key: {{ n: {shown} }}"));
    }
}

#[test]
fn compound_keys_collide_only_as_a_whole() {
    let mut c = unique_on("{ a: 1, 'b.c': -1 }");
    c.insert_one(doc("{ _id: 1, a: 1, b: { c: 'x' } }"))
        .unwrap();
    c.insert_one(doc("{ _id: 2, a: 1, b: { c: 'y' } }"))
        .unwrap();
    c.insert_one(doc("{ _id: 3, a: 2, b: { c: 'x' } }"))
        .unwrap();
    let e = c
        .insert_one(doc("{ _id: 4, a: 1, b: [{ c: 'z' }, { c: 'x' }] }"))
        .unwrap_err();
    assert_dup(&e, "a_1_b.c_-1 dup key: { a: 1, b.c: \"x\" }");
    assert_eq!(e.at, "");
    // Two arrays in one compound key cannot be indexed, unique or not.
    let e = c
        .insert_one(doc("{ _id: 5, a: [1, 2], b: [{ c: 'q' }] }"))
        .unwrap_err();
    assert_eq!(e.kind.to_string(), "cannot index parallel arrays [b] [a]");
    assert_eq!(e.kind.code(), Some(171));
    assert_eq!(c.len(), 3);
}

#[test]
fn insert_many_stops_at_the_duplicate_and_keeps_the_documents_before() {
    let mut c = unique_on("{ email: 1 }");
    let e = c
        .insert_many([
            doc("{ _id: 1, email: 'a' }"),
            doc("{ _id: 2, email: 'b' }"),
            doc("{ _id: 3, email: 'a' }"),
            doc("{ _id: 4, email: 'c' }"),
        ])
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"a\" }");
    assert_eq!(e.at, "documents.2.email");
    assert_eq!(c.len(), 2);
}

#[test]
fn updates_that_would_duplicate_a_key_leave_the_document_unchanged() {
    let mut c = unique_on("{ email: 1 }");
    for d in [
        "{ _id: 1, email: 'a', n: 1 }",
        "{ _id: 2, email: 'b', n: 1 }",
        "{ _id: 3, email: 'c', n: 1 }",
    ] {
        c.insert_one(doc(d)).unwrap();
    }
    let before = all(&c);
    let e = c
        .update_one(
            &doc("{ _id: 2 }"),
            &doc("{ $set: { email: 'a' }, $inc: { n: 1 } }"),
            UpdateOptions::default(),
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"a\" }");
    assert_eq!(all(&c), before);
    let e = c
        .replace_one(
            &doc("{ _id: 3 }"),
            &doc("{ email: 'b' }"),
            UpdateOptions::default(),
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"b\" }");
    let pipeline = value("[{ $set: { email: { $concat: ['a', ''] } } }]");
    let e = c
        .update_statement(
            &doc("{ _id: 3 }"),
            &pipeline,
            &[],
            UpdateOptions::default(),
            false,
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"a\" }");
    // Removing the field makes the key null, which nobody holds yet.
    c.update_one(
        &doc("{ _id: 3 }"),
        &doc("{ $unset: { email: 1 } }"),
        UpdateOptions::default(),
    )
    .unwrap();
    let e = c
        .update_one(
            &doc("{ _id: 2 }"),
            &doc("{ $unset: { email: 1 } }"),
            UpdateOptions::default(),
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: null }");
    // An update to the document's own key changes nothing and collides with nothing.
    let r = c
        .update_one(
            &doc("{ _id: 1 }"),
            &doc("{ $set: { email: ['a', 'a'] } }"),
            UpdateOptions::default(),
        )
        .unwrap();
    assert_eq!((r.matched, r.modified), (1, 1));
}

#[test]
fn update_many_keeps_the_documents_updated_before_the_duplicate() {
    let mut c = unique_on("{ email: 1 }");
    for d in [
        "{ _id: 1, email: 'a', g: 1 }",
        "{ _id: 2, email: 'b', g: 1 }",
        "{ _id: 3, email: 'c', g: 1 }",
    ] {
        c.insert_one(doc(d)).unwrap();
    }
    let e = c
        .update_many(
            &doc("{ g: 1 }"),
            &doc("{ $set: { email: 'same' } }"),
            UpdateOptions::default(),
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"same\" }");
    assert_eq!(
        all(&c),
        vec![
            doc("{ _id: 1, email: 'same', g: 1 }"),
            doc("{ _id: 2, email: 'b', g: 1 }"),
            doc("{ _id: 3, email: 'c', g: 1 }"),
        ]
    );
}

#[test]
fn an_upsert_that_would_duplicate_a_key_inserts_nothing() {
    let mut c = unique_on("{ email: 1 }");
    c.insert_one(doc("{ _id: 1, email: 'a' }")).unwrap();
    let upsert = UpdateOptions { upsert: true };
    let e = c
        .update_one(
            &doc("{ email: 'a', _id: 2 }"),
            &doc("{ $set: { n: 1 } }"),
            upsert,
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"a\" }");
    // The streamed update stores only its upsert, which is checked the same way.
    let update = Value::Document(doc("{ $set: { email: 'a' } }"));
    let e = c
        .update_stream(
            &doc("{ _id: 9 }"),
            &update,
            &[],
            upsert,
            false,
            std::iter::empty::<Result<Document, QueryError>>(),
            |_| Ok(()),
        )
        .unwrap_err();
    assert_dup(&e, "email_1 dup key: { email: \"a\" }");
    assert_eq!(c.len(), 1);
}

#[test]
fn a_build_over_stored_duplicates_fails_and_leaves_no_index() {
    let mut c = users();
    c.insert_many([
        doc("{ _id: 1, email: 'b' }"),
        doc("{ _id: 2, email: 'a' }"),
        doc("{ _id: 3, email: 'b' }"),
        doc("{ _id: 4, email: 'a' }"),
    ])
    .unwrap();
    let e = c.create_index(&doc("{ email: 1 }"), &unique()).unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "Index build failed: Collection lab04.users :: caused by :: E11000 duplicate key error collection: lab04.users index: email_1 dup key: { email: \"a\" }"
    );
    assert_eq!(e.kind.code(), Some(11000));
    assert_eq!(c.list_indexes().len(), 1);
    // Not unique, the same index builds.
    assert_eq!(
        c.create_index(&doc("{ email: 1 }"), &IndexOptions::default())
            .unwrap(),
        "email_1"
    );
    assert_eq!(
        c.list_indexes(),
        vec![
            doc("{ v: 2, key: { _id: 1 }, name: '_id_' }"),
            doc("{ v: 2, key: { email: 1 }, name: 'email_1' }"),
        ]
    );
}

#[test]
fn dropping_the_index_lets_the_duplicate_in() {
    let mut c = unique_on("{ email: 1 }");
    c.insert_one(doc("{ _id: 1, email: 'a' }")).unwrap();
    assert!(c.insert_one(doc("{ _id: 2, email: 'a' }")).is_err());
    assert_eq!(c.drop_index("email_1").unwrap(), 2);
    c.insert_one(doc("{ _id: 2, email: 'a' }")).unwrap();
    let e = c.drop_index("email_1").unwrap_err();
    assert_eq!(e.kind.to_string(), "index not found with name [email_1]");
    assert_eq!(e.kind.code(), Some(27));
    // And now the unique index cannot be built again.
    assert!(c.create_index(&doc("{ email: 1 }"), &unique()).is_err());
}

#[test]
fn creating_the_same_index_again_changes_nothing() {
    let mut c = unique_on("{ email: 1 }");
    assert_eq!(
        c.create_index(&doc("{ email: 1 }"), &unique()).unwrap(),
        "email_1"
    );
    let e = c
        .create_index(&doc("{ email: 1 }"), &IndexOptions::default())
        .unwrap_err();
    assert_eq!(e.kind.code(), Some(86));
    assert!(
        e.kind.to_string().ends_with(
            "Requested index: { v: 2, key: { email: 1 }, name: \"email_1\" }, existing index: { v: 2, unique: true, key: { email: 1 }, name: \"email_1\" }"
        ),
        "{e}"
    );
    assert_eq!(c.list_indexes().len(), 2);
}

#[test]
fn distinct_unwinds_one_level_and_sorts_in_bson_order() {
    let mut c = users();
    c.insert_many([
        doc("{ a: [2, 3], g: 1 }"),
        doc("{ a: 1, g: 1 }"),
        doc("{ a: 2, g: 2 }"),
        doc("{ a: [1, [2, 3]], g: 1 }"),
        doc("{ a: [3, 'str'], g: 1 }"),
        doc("{ g: 1 }"),
    ])
    .unwrap();
    let got = c.distinct("a", &doc("{}")).unwrap();
    assert_eq!(Value::Array(got), value("[1, 2, 3, 'str', [2, 3]]"));
    let got = c.distinct("a", &doc("{ g: 2 }")).unwrap();
    assert_eq!(got, vec![Value::Int32(2)]);
    assert!(c.distinct("a", &doc("{ g: { $bad: 1 } }")).is_err());
}

/// One write of the property below.
#[derive(Clone, Debug)]
enum Write {
    Insert(Option<Value>),
    Set(i32, Option<Value>),
    SetMany(i32, Option<Value>),
    Replace(i32, Option<Value>),
    Upsert(i32, Option<Value>),
    Delete(i32),
}

/// Emails from a small set, so that collisions are frequent: numbers of two types that are
/// equal, strings, null, arrays of them (empty, with repeats, nested).
fn email() -> impl Strategy<Value = Option<Value>> {
    let leaf = prop_oneof![
        (0i32..3).prop_map(Value::Int32),
        (0i32..3).prop_map(|n| Value::Double(f64::from(n))),
        prop::sample::select(vec!["a", "b"]).prop_map(Value::from),
        Just(Value::Null),
    ];
    let item = prop_oneof![
        4 => leaf.clone(),
        1 => prop::collection::vec(leaf.clone(), 0..2).prop_map(Value::Array),
    ];
    prop_oneof![
        4 => leaf.prop_map(Some),
        2 => prop::collection::vec(item, 0..3).prop_map(|v| Some(Value::Array(v))),
        1 => Just(None),
    ]
}

/// The `_id` a write aims at: one an insert gave (from 0 up), or one only an upsert makes
/// (from 100).
fn target() -> impl Strategy<Value = i32> {
    prop_oneof![3 => 0i32..8, 1 => 100i32..103]
}

fn write() -> impl Strategy<Value = Write> {
    prop_oneof![
        4 => email().prop_map(Write::Insert),
        3 => (target(), email()).prop_map(|(id, e)| Write::Set(id, e)),
        1 => (0i32..2, email()).prop_map(|(g, e)| Write::SetMany(g, e)),
        1 => (target(), email()).prop_map(|(id, e)| Write::Replace(id, e)),
        1 => (100i32..103, email()).prop_map(|(id, e)| Write::Upsert(id, e)),
        1 => target().prop_map(Write::Delete),
    ]
}

/// A document's keys in an index over `email`, as a reference: null when missing, each
/// element of an array (undefined for an empty one), the value otherwise.
fn reference_keys(d: &Document) -> Vec<Value> {
    match d.get("email") {
        None => vec![Value::Null],
        Some(Value::Array(items)) if items.is_empty() => vec![Value::Undefined],
        Some(Value::Array(items)) => items.clone(),
        Some(v) => vec![v.clone()],
    }
}

fn collide(a: &Document, b: &Document) -> bool {
    let theirs = reference_keys(b);
    reference_keys(a)
        .iter()
        .any(|k| theirs.iter().any(|t| order::equal(k, t)))
}

/// `{ $set: { email } }`, or `{ $unset: { email: 1 } }` for no email.
fn set(email: &Option<Value>) -> Document {
    let mut inner = Document::new();
    let mut d = Document::new();
    match email {
        Some(v) => {
            inner.push("email", v.clone());
            d.push("$set", inner);
        }
        None => {
            inner.push("email", 1);
            d.push("$unset", inner);
        }
    }
    d
}

fn with_email(mut d: Document, email: &Option<Value>) -> Document {
    if let Some(v) = email {
        d.push("email", v.clone());
    }
    d
}

fn by_id(id: i32) -> Document {
    let mut d = Document::new();
    d.push("_id", id);
    d
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_unique_index_never_lets_two_documents_share_a_key(
        writes in prop::collection::vec(write(), 1..40),
        built_first in any::<bool>(),
    ) {
        let mut c = users();
        // A non-unique index too, kept alongside: it must never refuse anything here.
        c.create_index(&doc("{ g: 1 }"), &IndexOptions::default()).unwrap();
        if built_first {
            c.create_index(&doc("{ email: 1 }"), &unique()).unwrap();
        }
        let mut next_id = 0;
        for w in &writes {
            let before = all(&c);
            let result = match w {
                Write::Insert(e) => {
                    let mut d = by_id(next_id);
                    d.push("g", next_id % 2);
                    next_id += 1;
                    let d = with_email(d, e);
                    let expected_clash = built_first && before.iter().any(|o| collide(o, &d));
                    let r = c.insert_one(d).map(|_| ());
                    prop_assert_eq!(r.is_err(), expected_clash, "{:?}", r);
                    r
                }
                Write::Set(id, e) => c
                    .update_one(&by_id(*id), &set(e), UpdateOptions::default())
                    .map(|_| ()),
                Write::SetMany(g, e) => {
                    let mut filter = Document::new();
                    filter.push("g", *g);
                    c.update_many(&filter, &set(e), UpdateOptions::default()).map(|_| ())
                }
                Write::Replace(id, e) => c
                    .replace_one(&by_id(*id), &with_email(Document::new(), e), UpdateOptions::default())
                    .map(|_| ()),
                Write::Upsert(id, e) => c
                    .update_one(&by_id(*id), &set(e), UpdateOptions { upsert: true })
                    .map(|_| ()),
                Write::Delete(id) => c.delete_one(&by_id(*id)).map(|_| ()),
            };
            if let Err(e) = &result {
                prop_assert_eq!(e.kind.code(), Some(11000), "{}", e);
                // Refused whole, except an updateMany's documents before the refusal.
                if !matches!(w, Write::SetMany(..)) {
                    prop_assert_eq!(&all(&c), &before);
                }
            }
            if built_first {
                let docs = all(&c);
                for (i, a) in docs.iter().enumerate() {
                    for b in &docs[i + 1..] {
                        prop_assert!(!collide(a, b), "{:?} and {:?} share a key", a, b);
                    }
                }
            }
        }
        // Built afterwards, the index is refused exactly when two documents share a key.
        if !built_first {
            let docs = all(&c);
            let clash = docs
                .iter()
                .enumerate()
                .any(|(i, a)| docs[i + 1..].iter().any(|b| collide(a, b)));
            let r = c.create_index(&doc("{ email: 1 }"), &unique());
            prop_assert_eq!(r.is_err(), clash, "{:?}", r);
        }
    }
}
