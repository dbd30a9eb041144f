//! The shell view reads back: every document `print_document` (and its pretty layout) prints
//! is read by the shell parser to the same BSON, byte for byte, unless the printer noted a
//! change. A note is never spurious: a document printed with no note other than "mongosh
//! cannot build this regex" (whose `BSONRegExp` form reads back exactly) must read back the
//! same, and a document that reads back differently must carry a note.
//!
//! The documents come from a generator in the spirit of `differential.rs` (every BSON type,
//! edge values, nesting), widened with what mongosh's printing is about: integer-like and
//! repeated keys, `__proto__`, `$ref`/`$id`/`$db` shapes, vectors, MD5, symbols, regexes with
//! every option letter.

use bson_tutor::bson::shell::{FixedGenerator, PrintNote, parse_document, print_document_noted};
use bson_tutor::bson::{
    Binary, CodeWithScope, DbPointer, Decimal128, Document, ObjectId, Regex, Timestamp, Value,
    encode_document,
};
use proptest::prelude::*;

const EDGE_DOUBLES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    42.0,
    -1.5,
    2_147_483_648.0,
    -2_147_483_649.0,
    9_007_199_254_740_993.0,
    1e21,
    5e-324,
    f64::MAX,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::NAN,
];

fn double() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<u64>().prop_map(f64::from_bits),
        prop::sample::select(EDGE_DOUBLES),
        (-1000i32..1000).prop_map(f64::from),
    ]
}

fn datetime() -> impl Strategy<Value = i64> {
    prop_oneof![
        any::<i64>(),
        -62_135_596_800_000i64..253_402_300_800_000,
        prop::sample::select(
            &[
                i64::MIN,
                i64::MAX,
                0,
                -1,
                -62_167_219_200_001,
                253_402_300_800_000,
                8_640_000_000_000_000,
                8_640_000_000_000_001,
            ][..]
        ),
    ]
}

/// Keys: plain, integer-like, `$`-keys of a DBRef, `__proto__`, odd text.
fn key() -> BoxedStrategy<String> {
    prop_oneof![
        3 => prop::sample::select(
            &[
                "a", "b", "_id", "0", "1", "10", "01", "4294967294", "4294967295", "-1",
                "__proto__", "$ref", "$id", "$db", "$x", "", "a.b", "é",
            ][..]
        )
        .prop_map(str::to_owned),
        1 => r"[^\x00]{0,6}",
    ]
    .boxed()
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => r"(?s).{0,10}",
        1 => prop::sample::select(&["a.b", "db.coll", "a.b.c", "", "it's \"x\" `y`", "\u{2028}"][..])
            .prop_map(str::to_owned),
    ]
}

/// Regex patterns: JavaScript ones, PCRE-only ones, slashes, line breaks.
fn pattern() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => r"[a-z./\\\[\]()*+?{}|^$\n]{0,8}".prop_filter("no NUL", |s| !s.contains('\0')),
        1 => prop::sample::select(
            &["", "a/b", "[/]", "(?i)a", "a++", "\\Qa\\E", "(?<n>a)\\k<n>", "^a.c$", "a\\\n"][..]
        )
        .prop_map(str::to_owned),
    ]
}

fn regex() -> impl Strategy<Value = Regex> {
    let letters = prop::collection::vec(
        prop::sample::select(&['i', 'l', 'm', 's', 'u', 'x'][..]),
        0..4,
    );
    (pattern(), letters).prop_map(|(pattern, options)| Regex {
        pattern,
        // Stored as given: BSON from elsewhere need not be sorted or free of repeats.
        options: options.into_iter().collect(),
    })
}

fn binary() -> impl Strategy<Value = Binary> {
    let vector = (
        prop::sample::select(&[0x03u8, 0x27, 0x10, 0x00][..]),
        prop_oneof![Just(0u8), 0u8..9],
        prop::collection::vec(any::<u8>(), 0..13),
    )
        .prop_map(|(dtype, padding, data)| {
            let mut bytes = vec![dtype, padding];
            bytes.extend(data);
            Binary { subtype: 9, bytes }
        });
    prop_oneof![
        (
            prop::sample::select(&[0u8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x80, 0xff][..]),
            prop_oneof![
                prop::collection::vec(any::<u8>(), 0..20),
                prop::collection::vec(any::<u8>(), 16..=16),
            ],
        )
            .prop_map(|(subtype, bytes)| Binary { subtype, bytes }),
        vector,
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        double().prop_map(Value::Double),
        text().prop_map(|s| Value::String(s.into())),
        binary().prop_map(Value::Binary),
        Just(Value::Undefined),
        any::<[u8; 12]>().prop_map(|b| Value::ObjectId(ObjectId(b))),
        any::<bool>().prop_map(Value::Boolean),
        datetime().prop_map(Value::DateTime),
        Just(Value::Null),
        regex().prop_map(|r| Value::Regex(Box::new(r))),
        (text(), any::<[u8; 12]>()).prop_map(|(namespace, id)| Value::DbPointer(Box::new(
            DbPointer {
                namespace: namespace.replace('\0', ""),
                id: ObjectId(id),
            }
        ))),
        text().prop_map(|s| Value::JavaScript(s.into())),
        text().prop_map(|s| Value::Symbol(s.into())),
        any::<i32>().prop_map(Value::Int32),
        (any::<u32>(), any::<u32>())
            .prop_map(|(time, increment)| Value::Timestamp(Timestamp { time, increment })),
        any::<i64>().prop_map(Value::Int64),
        prop_oneof![
            any::<[u8; 16]>().prop_map(Decimal128),
            prop::sample::select(&["0", "-0", "1.50", "1E+3", "NaN", "-Infinity", "19.99"][..])
                .prop_map(|s| Decimal128::parse(s).expect("a decimal")),
        ]
        .prop_map(Value::Decimal128),
        Just(Value::MinKey),
        Just(Value::MaxKey),
    ]
}

fn document_of(fields: Vec<(String, Value)>) -> Document {
    let mut doc = Document::new();
    for (key, value) in fields {
        doc.push(key, value);
    }
    doc
}

/// A DBRef-shaped document: `$ref`, `$id` and maybe `$db` in some order, maybe more fields.
fn dbref_like(inner: BoxedStrategy<Value>) -> impl Strategy<Value = Document> {
    (
        prop::sample::select(&["users", "app.users", "a.b.c", ""][..]),
        inner.clone(),
        prop::option::of(prop::sample::select(&["app", ""][..])),
        prop::collection::vec((key(), inner), 0..3),
        any::<bool>(),
    )
        .prop_map(|(reference, id, db, extra, id_first)| {
            let mut fields = vec![
                ("$ref".to_owned(), Value::from(reference)),
                ("$id".to_owned(), id),
            ];
            if id_first {
                fields.swap(0, 1);
            }
            if let Some(db) = db {
                fields.push(("$db".to_owned(), Value::from(db)));
            }
            fields.extend(extra);
            document_of(fields)
        })
}

fn value() -> BoxedStrategy<Value> {
    leaf()
        .prop_recursive(3, 32, 5, |inner| {
            let fields = prop::collection::vec((key(), inner.clone()), 0..5).prop_map(document_of);
            prop_oneof![
                fields.clone().prop_map(Value::Document),
                dbref_like(inner.clone()).prop_map(Value::Document),
                prop::collection::vec(inner, 0..5).prop_map(Value::Array),
                (text(), fields).prop_map(|(code, scope)| Value::JavaScriptWithScope(Box::new(
                    CodeWithScope { code, scope }
                ))),
            ]
        })
        .boxed()
}

fn document() -> impl Strategy<Value = Document> {
    prop_oneof![
        prop::collection::vec((key(), value()), 0..6).prop_map(document_of),
        dbref_like(value()),
    ]
}

/// What reading `text` back stores, as bytes; `None` when it does not read.
fn read_back(text: &str) -> Option<Vec<u8>> {
    let parsed = parse_document(text, &mut FixedGenerator::new(0)).ok()?;
    encode_document(&parsed.value).ok()
}

fn check(doc: &Document, pretty: bool) -> Result<(), TestCaseError> {
    let (text, notes) = print_document_noted(doc, pretty);
    let stored = encode_document(doc).expect("generated documents encode");
    let back = read_back(&text);
    let silent = notes
        .iter()
        .all(|n| matches!(n, PrintNote::RegexNotJs { .. }));
    if back.as_deref() == Some(stored.as_slice()) {
        prop_assert!(
            silent
                || notes.iter().all(|n| matches!(
                    n,
                    PrintNote::RegexNotJs { .. } | PrintNote::DbRefShape { .. }
                )),
            "reads back the same, yet noted {notes:?}\n{text}"
        );
    } else {
        prop_assert!(
            !silent,
            "reads back {} without a note\n{text}\n{doc:?}",
            if back.is_some() {
                "differently"
            } else {
                "with an error"
            }
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 768,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn printed_documents_read_back_or_say_why(doc in document()) {
        check(&doc, false)?;
        check(&doc, true)?;
    }
}

#[test]
fn every_note_kind_is_reached() {
    // One document per note kind, to make sure the property exercises them.
    let mut d = Document::new();
    d.push("s", Value::Symbol("x".into()));
    d.push("y", Value::Symbol("x".into()));
    d.push("d", Value::Double(42.0));
    d.push("u", Value::Undefined);
    d.push("2", Value::Int32(1));
    d.push("s", Value::Int32(2));
    let (_, notes) = print_document_noted(&d, false);
    assert_eq!(notes.len(), 5, "{notes:?}");
    assert!(read_back(&print_document_noted(&d, false).0).is_some());
}
