//! Differential tests: our BSON codec against the official `bson` crate (3.1).
//!
//! Random documents covering all 21 element types are encoded by both codecs and must give
//! the same bytes; each side must decode the other's bytes and re-encode them unchanged; and
//! our own decode/encode round trip must be byte-exact, duplicate keys included.
//!
//! Bytes are compared rather than values, since a NaN is not equal to itself.

use bson::spec::BinarySubtype;
use bson_tutor::bson::{
    Binary, CodeWithScope, DbPointer, Decimal128, Document, ObjectId, Regex, Timestamp, Value,
    decode_document, encode_document,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

// ---------------------------------------------------------------------------------------------
// Mapping our values to the peer's.

/// The peer's equivalent of one of our documents. Keys must be unique: the peer's document
/// is a map.
fn to_peer_doc(doc: &Document) -> bson::Document {
    let mut out = bson::Document::new();
    for (key, value) in doc.iter() {
        let old = out.insert(key, to_peer(value));
        assert!(
            old.is_none(),
            "duplicate key {key:?} cannot be mapped to the peer"
        );
    }
    out
}

/// The peer's equivalent of one of our values.
fn to_peer(value: &Value) -> bson::Bson {
    use bson::Bson;
    match value {
        Value::Double(v) => Bson::Double(*v),
        Value::String(s) => Bson::String(s.to_string()),
        Value::Document(d) => Bson::Document(to_peer_doc(d)),
        Value::Array(items) => Bson::Array(items.iter().map(to_peer).collect()),
        Value::Binary(b) => Bson::Binary(bson::Binary {
            subtype: BinarySubtype::from(b.subtype),
            bytes: b.bytes.clone(),
        }),
        Value::Undefined => Bson::Undefined,
        Value::ObjectId(id) => Bson::ObjectId(bson::oid::ObjectId::from_bytes(id.0)),
        Value::Boolean(b) => Bson::Boolean(*b),
        Value::DateTime(ms) => Bson::DateTime(bson::DateTime::from_millis(*ms)),
        Value::Null => Bson::Null,
        Value::Regex(r) => Bson::RegularExpression(bson::Regex {
            pattern: bson::raw::CString::try_from(r.pattern.as_str()).expect("pattern has no NUL"),
            options: bson::raw::CString::try_from(r.options.as_str()).expect("options have no NUL"),
        }),
        Value::DbPointer(p) => peer_db_pointer(&p.namespace, &p.id),
        Value::JavaScript(s) => Bson::JavaScriptCode(s.to_string()),
        Value::Symbol(s) => Bson::Symbol(s.to_string()),
        Value::JavaScriptWithScope(c) => {
            Bson::JavaScriptCodeWithScope(bson::JavaScriptCodeWithScope {
                code: c.code.clone(),
                scope: to_peer_doc(&c.scope),
            })
        }
        Value::Int32(v) => Bson::Int32(*v),
        Value::Timestamp(ts) => Bson::Timestamp(bson::Timestamp {
            time: ts.time,
            increment: ts.increment,
        }),
        Value::Int64(v) => Bson::Int64(*v),
        Value::Decimal128(d) => Bson::Decimal128(bson::Decimal128::from_bytes(d.0)),
        Value::MinKey => Bson::MinKey,
        Value::MaxKey => Bson::MaxKey,
    }
}

/// The peer's `DbPointer` has private fields, so one is obtained by letting the peer decode
/// `{"x": DBPointer(namespace, id)}`, written out by hand from the spec.
fn peer_db_pointer(namespace: &str, id: &ObjectId) -> bson::Bson {
    let mut bytes = vec![0; 4];
    bytes.extend_from_slice(&[0x0c, b'x', 0]);
    bytes.extend_from_slice(&(namespace.len() as i32 + 1).to_le_bytes());
    bytes.extend_from_slice(namespace.as_bytes());
    bytes.push(0);
    bytes.extend_from_slice(&id.0);
    bytes.push(0);
    let len = bytes.len() as i32;
    bytes[..4].copy_from_slice(&len.to_le_bytes());
    let mut doc = bson::Document::from_reader(bytes.as_slice()).expect("peer reads a DBPointer");
    let value = doc.remove("x").expect("the field just written");
    assert!(matches!(value, bson::Bson::DbPointer(_)));
    value
}

fn peer_encode(doc: &bson::Document) -> Vec<u8> {
    doc.to_vec().expect("peer encodes")
}

fn peer_decode(bytes: &[u8]) -> Result<bson::Document, String> {
    // Both of the peer's entry points: the reader, and the raw view converted to a document.
    let doc = bson::Document::from_reader(bytes).map_err(|e| format!("from_reader: {e}"))?;
    let raw = bson::RawDocument::from_bytes(bytes).map_err(|e| format!("from_bytes: {e}"))?;
    let via_raw =
        bson::Document::try_from(raw).map_err(|e| format!("RawDocument -> Document: {e}"))?;
    if peer_encode(&via_raw) != peer_encode(&doc) {
        return Err("the peer's two decoders disagree".into());
    }
    Ok(doc)
}

fn hex(bytes: &[u8]) -> String {
    const MAX: usize = 512;
    let shown: String = bytes.iter().take(MAX).map(|b| format!("{b:02x}")).collect();
    if bytes.len() > MAX {
        format!("{shown}... ({} bytes)", bytes.len())
    } else {
        shown
    }
}

/// The first differing offset, for readable failures.
fn diff_at(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

fn assert_same_bytes(what: &str, ours: &[u8], peer: &[u8]) -> Result<(), TestCaseError> {
    prop_assert!(
        ours == peer,
        "{what}: bytes differ at offset {}\n ours: {}\n peer: {}",
        diff_at(ours, peer),
        hex(ours),
        hex(peer)
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Generators.

const EDGE_DOUBLES: &[f64] = &[
    0.0,
    -0.0,
    1.0,
    -1.0,
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    f64::MIN_POSITIVE,
    f64::MAX,
    f64::MIN,
    f64::EPSILON,
    // 2^53 + 1 is not representable; the literal rounds to 2^53.
    9_007_199_254_740_993.0,
    9_007_199_254_740_992.0,
];

/// Bit patterns: subnormals, and NaNs with other signs and payloads.
const EDGE_DOUBLE_BITS: &[u64] = &[
    0x0000_0000_0000_0001, // smallest subnormal
    0x000f_ffff_ffff_ffff, // largest subnormal
    0x8000_0000_0000_0001, // negative subnormal
    0x7ff8_0000_0000_0000, // quiet NaN
    0xfff8_0000_0000_0000, // negative quiet NaN
    0x7ff0_0000_0000_0001, // signalling NaN
    0x7fff_ffff_ffff_ffff, // NaN, all payload bits
];

const TWO_53_PLUS_1: i64 = (1 << 53) + 1;

fn double() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>(),
        any::<u64>().prop_map(f64::from_bits),
        prop::sample::select(EDGE_DOUBLES),
        prop::sample::select(EDGE_DOUBLE_BITS).prop_map(f64::from_bits),
    ]
}

fn int32() -> impl Strategy<Value = i32> {
    prop_oneof![
        any::<i32>(),
        prop::sample::select(&[i32::MIN, i32::MAX, 0, -1, 1][..]),
    ]
}

const EDGE_I64: &[i64] = &[
    i64::MIN,
    i64::MAX,
    0,
    -1,
    TWO_53_PLUS_1,
    -TWO_53_PLUS_1,
    i32::MAX as i64 + 1,
];

fn int64() -> impl Strategy<Value = i64> {
    prop_oneof![any::<i64>(), prop::sample::select(EDGE_I64)]
}

fn datetime() -> impl Strategy<Value = i64> {
    prop_oneof![
        any::<i64>(),
        -62_135_596_800_000i64..253_402_300_800_000, // years 1 to 9999
        prop::sample::select(
            &[
                i64::MIN,
                i64::MAX,
                0,
                -1,
                -62_135_596_800_000, // 0001-01-01
                253_402_300_799_999, // 9999-12-31T23:59:59.999
            ][..]
        ),
    ]
}

fn u32_edge() -> impl Strategy<Value = u32> {
    prop_oneof![
        any::<u32>(),
        prop::sample::select(&[0, 1, u32::MAX, u32::MAX - 1, 1 << 31][..]),
    ]
}

/// Unicode text without NUL (keys, regex patterns).
fn cstring() -> BoxedStrategy<String> {
    prop_oneof![
        r"[^\x00]{0,8}",
        r"[a-z_$.]{0,6}",
        prop::sample::select(
            &[
                "",
                "_id",
                "$gt",
                "a.b",
                "0",
                "é",
                "日本",
                "🦀",
                "\u{10ffff}"
            ][..]
        )
        .prop_map(str::to_owned),
    ]
    .boxed()
}

/// Unicode text that may contain NUL (string values).
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => r"(?s).{0,12}",
        1 => prop::collection::vec(prop_oneof![r"[^\x00]{0,4}", Just("\0".to_owned())], 0..5)
            .prop_map(|parts| parts.concat()),
    ]
}

fn binary() -> impl Strategy<Value = Binary> {
    let subtype = prop_oneof![
        prop::sample::select(
            &[
                0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x80, 0xff
            ][..]
        ),
        any::<u8>(),
    ];
    (
        subtype,
        prop_oneof![
            prop::collection::vec(any::<u8>(), 0..24),
            prop::collection::vec(any::<u8>(), 16..=16),
        ],
    )
        .prop_map(|(subtype, bytes)| Binary { subtype, bytes })
}

fn regex() -> impl Strategy<Value = Regex> {
    let letters = vec!['i', 'l', 'm', 's', 'u', 'x'];
    (cstring(), prop::sample::subsequence(letters, 0..=6)).prop_map(|(pattern, options)| {
        Regex::new(pattern, &options.into_iter().collect::<String>())
    })
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
                namespace,
                id: ObjectId(id),
            }
        ))),
        text().prop_map(|s| Value::JavaScript(s.into())),
        text().prop_map(|s| Value::Symbol(s.into())),
        int32().prop_map(Value::Int32),
        (u32_edge(), u32_edge())
            .prop_map(|(time, increment)| Value::Timestamp(Timestamp { time, increment })),
        int64().prop_map(Value::Int64),
        any::<[u8; 16]>().prop_map(|b| Value::Decimal128(Decimal128(b))),
        Just(Value::MinKey),
        Just(Value::MaxKey),
    ]
}

/// A document of `fields`; with `unique`, later fields whose key was already used are
/// dropped.
fn document_of(
    fields: impl Strategy<Value = Vec<(String, Value)>>,
    unique: bool,
) -> impl Strategy<Value = Document> {
    fields.prop_map(move |fields| {
        let mut doc = Document::new();
        for (key, value) in fields {
            if !(unique && doc.contains_key(&key)) {
                doc.push(key, value);
            }
        }
        doc
    })
}

/// Values of every type, nested up to 4 levels deep; keys come from `keys`.
fn value<K>(keys: K, unique: bool) -> BoxedStrategy<Value>
where
    K: Strategy<Value = String> + Clone + 'static,
{
    leaf()
        .prop_recursive(4, 48, 6, move |inner| {
            let doc = document_of(
                prop::collection::vec((keys.clone(), inner.clone()), 0..6),
                unique,
            )
            .boxed();
            prop_oneof![
                doc.clone().prop_map(Value::Document),
                prop::collection::vec(inner, 0..6).prop_map(Value::Array),
                (text(), doc).prop_map(|(code, scope)| Value::JavaScriptWithScope(Box::new(
                    CodeWithScope { code, scope }
                ))),
            ]
        })
        .boxed()
}

/// Documents with unique keys at every level, so that the peer's map can hold them.
fn unique_document() -> impl Strategy<Value = Document> {
    document_of(
        prop::collection::vec((cstring(), value(cstring(), true)), 0..8),
        true,
    )
}

/// Documents drawing keys from a tiny alphabet, so that duplicates are common at every level.
fn duplicate_document() -> impl Strategy<Value = Document> {
    let keys = prop::sample::select(&["a", "b", ""][..]).prop_map(str::to_owned);
    document_of(
        prop::collection::vec((keys.clone(), value(keys, false)), 0..8),
        false,
    )
}

const CASES: u32 = 512;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: CASES,
        // Do not write proptest-regressions files into the tree; failures print the input.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Properties.

proptest! {
    #![proptest_config(config())]

    /// 1. Our encoder and the peer's give the same bytes.
    #[test]
    fn encoders_agree(doc in unique_document()) {
        let ours = encode_document(&doc).expect("our encoder accepts generated documents");
        let peer = peer_encode(&to_peer_doc(&doc));
        assert_same_bytes("encode", &ours, &peer)?;
    }

    /// 2. Each codec decodes the other's bytes and re-encodes them unchanged.
    #[test]
    fn each_decodes_the_other(doc in unique_document()) {
        let ours = encode_document(&doc).expect("our encoder accepts generated documents");
        let decoded = peer_decode(&ours)
            .map_err(|e| TestCaseError::fail(format!("peer rejects our bytes {}: {e}", hex(&ours))))?;
        assert_same_bytes("peer re-encoding our bytes", &peer_encode(&decoded), &ours)?;

        let peer = peer_encode(&to_peer_doc(&doc));
        let decoded = decode_document(&peer)
            .map_err(|e| TestCaseError::fail(format!("we reject peer bytes {}: {e}", hex(&peer))))?;
        let again = encode_document(&decoded).expect("our encoder accepts what we decoded");
        assert_same_bytes("our re-encoding of peer bytes", &again, &peer)?;
    }

    /// 3. Our own round trip is byte-exact.
    #[test]
    fn our_round_trip_is_exact(doc in unique_document()) {
        let bytes = encode_document(&doc).expect("our encoder accepts generated documents");
        let decoded = decode_document(&bytes)
            .map_err(|e| TestCaseError::fail(format!("we reject our bytes {}: {e}", hex(&bytes))))?;
        let again = encode_document(&decoded).expect("our encoder accepts what we decoded");
        assert_same_bytes("our round trip", &again, &bytes)?;
    }

    /// Duplicate keys survive our round trip, and the peer's raw reader (which does not fold
    /// them into a map) sees the same keys in the same order.
    #[test]
    fn duplicate_keys_round_trip(doc in duplicate_document()) {
        let bytes = encode_document(&doc).expect("our encoder accepts generated documents");
        let decoded = decode_document(&bytes)
            .map_err(|e| TestCaseError::fail(format!("we reject our bytes {}: {e}", hex(&bytes))))?;
        prop_assert_eq!(decoded.keys().collect::<Vec<_>>(), doc.keys().collect::<Vec<_>>());
        let again = encode_document(&decoded).expect("our encoder accepts what we decoded");
        assert_same_bytes("our round trip", &again, &bytes)?;

        let raw = bson::RawDocument::from_bytes(&bytes)
            .map_err(|e| TestCaseError::fail(format!("peer rejects {}: {e}", hex(&bytes))))?;
        let mut peer_keys = Vec::new();
        for element in raw {
            let (key, _) = element
                .map_err(|e| TestCaseError::fail(format!("peer rejects {}: {e}", hex(&bytes))))?;
            peer_keys.push(key.as_str().to_owned());
        }
        prop_assert_eq!(peer_keys, doc.keys().map(str::to_owned).collect::<Vec<_>>());
    }
}

// ---------------------------------------------------------------------------------------------
// Fixed edge cases.

/// Encodes with both, compares, and checks that each side decodes and re-encodes the bytes.
fn check_both_ways(doc: &Document) -> Vec<u8> {
    let ours = encode_document(doc).expect("our encoder");
    let peer = peer_encode(&to_peer_doc(doc));
    assert!(
        ours == peer,
        "differ at {}\n ours: {}\n peer: {}",
        diff_at(&ours, &peer),
        hex(&ours),
        hex(&peer)
    );
    let theirs = peer_decode(&ours).expect("peer decodes our bytes");
    assert!(peer_encode(&theirs) == ours, "peer re-encoding differs");
    let mine = decode_document(&peer).expect("we decode peer bytes");
    assert!(
        encode_document(&mine).expect("our encoder") == peer,
        "our re-encoding differs"
    );
    ours
}

#[test]
fn empty_document() {
    let bytes = check_both_ways(&Document::new());
    assert_eq!(bytes, [5, 0, 0, 0, 0]);
    assert!(decode_document(&bytes).unwrap().is_empty());
}

#[test]
fn every_type_once() {
    let mut scope = Document::new();
    scope.push("x", 1);
    let values = vec![
        Value::Double(-0.0),
        Value::String("a\0b".into()),
        Value::Document(scope.clone()),
        Value::Array(vec![Value::Int32(1), Value::Null]),
        Value::Binary(Binary {
            subtype: 0x02,
            bytes: vec![1, 2, 3],
        }),
        Value::Undefined,
        Value::ObjectId(ObjectId([0xab; 12])),
        Value::Boolean(true),
        Value::DateTime(i64::MIN),
        Value::Null,
        Value::Regex(Box::new(Regex::new("^a.*", "xsmi"))),
        Value::DbPointer(Box::new(DbPointer {
            namespace: "db.c".into(),
            id: ObjectId([1; 12]),
        })),
        Value::JavaScript("f()".into()),
        Value::Symbol("sym".into()),
        Value::JavaScriptWithScope(Box::new(CodeWithScope {
            code: "x".into(),
            scope,
        })),
        Value::Int32(i32::MIN),
        Value::Timestamp(Timestamp {
            time: u32::MAX,
            increment: 1,
        }),
        Value::Int64(i64::MAX),
        Value::Decimal128(Decimal128([0xff; 16])),
        Value::MinKey,
        Value::MaxKey,
    ];
    let mut doc = Document::new();
    for (i, v) in values.into_iter().enumerate() {
        doc.push(format!("k{i}"), v);
    }
    let mut types: Vec<u8> = doc.iter().map(|(_, v)| v.element_type().byte()).collect();
    types.sort_unstable();
    types.dedup();
    assert_eq!(types.len(), 21);
    check_both_ways(&doc);
}

/// `levels` documents and arrays nested below the top-level document, alternating.
fn nested(levels: usize) -> Document {
    let mut value = Value::Int32(7);
    for level in 0..levels {
        value = if level % 2 == 0 {
            Value::Array(vec![value])
        } else {
            let mut d = Document::new();
            d.push("d", value);
            Value::Document(d)
        };
    }
    let mut doc = Document::new();
    doc.push("top", value);
    doc
}

#[test]
fn nesting_100_levels_works_in_both() {
    let doc = nested(100);
    let bytes = check_both_ways(&doc);
    assert!(decode_document(&bytes).is_ok());
}

#[test]
fn nesting_101_levels_is_refused_by_us() {
    // Our encoder applies the server's limit of 100 levels; the peer has none.
    let doc = nested(101);
    assert!(encode_document(&doc).is_err());
    let peer = peer_encode(&to_peer_doc(&doc));
    assert!(decode_document(&peer).is_err());
}

#[test]
fn one_megabyte_string() {
    let mut s = "é🦀x".repeat(1024 * 1024 / 7);
    s.push('\0');
    s.push_str("tail");
    assert!(s.len() >= 1024 * 1024 - 7);
    let mut doc = Document::new();
    doc.push("big", s.clone());
    doc.push("after", 1);
    let bytes = check_both_ways(&doc);
    assert_eq!(bytes.len(), 4 + (1 + 4 + 4 + s.len() + 1) + (1 + 6 + 4) + 1);
    assert_eq!(
        decode_document(&bytes).unwrap().get("big"),
        Some(&Value::String(s.into()))
    );
}

#[test]
fn duplicate_keys_are_kept_by_us() {
    let mut doc = Document::new();
    doc.push("a", 1);
    doc.push("a", "two");
    doc.push("b", Value::Array(vec![]));
    doc.push("a", 3.0);
    let bytes = encode_document(&doc).unwrap();
    let decoded = decode_document(&bytes).unwrap();
    assert_eq!(decoded, doc);
    assert_eq!(encode_document(&decoded).unwrap(), bytes);
}

/// The generators really produce all 21 types, and NUL inside strings.
#[test]
fn generators_cover_every_type() {
    fn visit(v: &Value, seen: &mut [bool; 256], nul: &mut bool) {
        seen[usize::from(v.element_type().byte())] = true;
        match v {
            Value::String(s) => *nul |= s.contains('\0'),
            Value::Document(d) => d.iter().for_each(|(_, v)| visit(v, seen, nul)),
            Value::Array(items) => items.iter().for_each(|v| visit(v, seen, nul)),
            Value::JavaScriptWithScope(c) => c.scope.iter().for_each(|(_, v)| visit(v, seen, nul)),
            _ => {}
        }
    }
    let mut runner = TestRunner::deterministic();
    let strategy = unique_document();
    let mut seen = [false; 256];
    let mut nul = false;
    for _ in 0..300 {
        let doc = strategy.new_tree(&mut runner).unwrap().current();
        doc.iter().for_each(|(_, v)| visit(v, &mut seen, &mut nul));
    }
    let count = seen.iter().filter(|&&s| s).count();
    assert_eq!(count, 21, "types seen: {count}");
    assert!(nul, "no string with NUL was generated");
}
