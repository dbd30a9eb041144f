//! Codec throughput: our decoder, validating walk and encoder against the official `bson`
//! crate (a peer, for comparison only), with a plain memcpy of the same bytes as the ceiling.
//!
//! Three corpora, built deterministically with our encoder; the peer must encode each one to
//! the same bytes before anything is measured:
//! 1. the 36-byte document `{_id: 1, name: "An", age: 30}`;
//! 2. a ~1 KB document holding every common element type;
//! 3. a large document: an array of 2000 small sub-documents.
//!
//! Run with `cargo bench --bench codec`. Every group reports bytes per second; divide by the
//! corpus size for documents per second.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::bson::raw::{RawDocument as OurRaw, RawValue};
use bson_tutor::bson::{
    Binary, Decimal128, Document, Limits, ObjectId, Regex, Timestamp, Value, decode_document,
    encode_document, validate,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

// ---------------------------------------------------------------------------------------------
// Corpora

fn tiny() -> Document {
    let mut d = Document::new();
    d.push("_id", 1);
    d.push("name", "An");
    d.push("age", 30);
    d
}

fn oid(n: u32) -> ObjectId {
    let mut b = [0u8; 12];
    b[..4].copy_from_slice(&0x6500_0000u32.to_be_bytes());
    b[4..9].copy_from_slice(&[0xa1, 0xb2, 0xc3, 0xd4, 0xe5]);
    b[9..].copy_from_slice(&n.to_be_bytes()[1..]);
    ObjectId(b)
}

fn mixed() -> Document {
    let mut address = Document::new();
    address.push("street", "221B Baker Street");
    address.push("city", "London");
    address.push("zip", 10115);
    let mut geo = Document::new();
    geo.push("type", "Point");
    geo.push(
        "coordinates",
        vec![Value::Double(-0.1585), Value::Double(51.5237)],
    );
    address.push("geo", geo);

    let mut inner = Document::new();
    inner.push("k", "v");
    let mixed_array = vec![
        Value::Int32(1),
        Value::from("two"),
        Value::Double(3.0),
        Value::Boolean(true),
        Value::Null,
        Value::Int64(1 << 40),
        Value::DateTime(1_700_000_000_000),
        Value::Document(inner),
        Value::Array(vec![Value::Int32(7), Value::from("nested")]),
    ];

    let items = (0..4)
        .map(|i| {
            let mut it = Document::new();
            it.push("sku", format!("SKU-{:05}", 1000 + i * 37));
            it.push("qty", i + 1);
            it.push("price", 9.99 + f64::from(i) * 2.5);
            it.push("tags", vec![Value::from("red"), Value::from("sale")]);
            Value::Document(it)
        })
        .collect::<Vec<_>>();

    let mut d = Document::new();
    d.push("_id", Value::ObjectId(oid(1)));
    d.push("int32", 42);
    d.push("int64", Value::Int64(9_007_199_254_740_993));
    d.push("double", -273.15);
    d.push("name", "Ada Lovelace");
    d.push("unicode", "Grüße, 世界! Ωμέγα — ünïcödé 🌍🚀 naïve café");
    d.push(
        "bio",
        "Augusta Ada King, Countess of Lovelace, was an English mathematician and writer, \
         chiefly known for her work on Charles Babbage's proposed mechanical general-purpose \
         computer, the Analytical Engine.",
    );
    d.push("active", true);
    d.push("deleted", false);
    d.push("nothing", Value::Null);
    d.push("created", Value::DateTime(1_700_000_000_123));
    d.push(
        "balance",
        Value::Decimal128(Decimal128([
            0x39, 0x30, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x3c, 0x30,
        ])),
    );
    d.push(
        "blob",
        Value::Binary(Binary {
            subtype: 0,
            bytes: (0u8..64).map(|b| b.wrapping_mul(37)).collect(),
        }),
    );
    d.push(
        "uuid",
        Value::Binary(Binary {
            subtype: 4,
            bytes: (0u8..16)
                .map(|b| b.wrapping_mul(17).wrapping_add(3))
                .collect(),
        }),
    );
    d.push(
        "pattern",
        Value::Regex(Box::new(Regex::new("^ada.*lace$", "mi"))),
    );
    d.push(
        "ts",
        Value::Timestamp(Timestamp {
            time: 1_700_000_000,
            increment: 7,
        }),
    );
    d.push("address", address);
    d.push("mixed", mixed_array);
    d.push("items", items);
    d.push(
        "scores",
        (0..16).map(|i| Value::Int32(i * 3)).collect::<Vec<_>>(),
    );
    d
}

fn catalog() -> Document {
    let items = (0..2000)
        .map(|i: i32| {
            let mut it = Document::new();
            it.push("i", i);
            it.push("name", format!("n{i}"));
            it.push("price", f64::from(i) * 0.25 + 1.0);
            it.push(
                "tags",
                vec![
                    Value::from(["x", "y", "z"][(i % 3) as usize]),
                    Value::from(format!("c{}", i % 10)),
                ],
            );
            it.push(
                "at",
                Value::DateTime(1_700_000_000_000 + i64::from(i) * 1000),
            );
            Value::Document(it)
        })
        .collect::<Vec<_>>();
    let mut d = Document::new();
    d.push("_id", Value::ObjectId(oid(2)));
    d.push("name", "catalog");
    d.push("items", items);
    d
}

// ---------------------------------------------------------------------------------------------
// The peer's model, built independently of our decoder

fn peer_doc(d: &Document) -> bson::Document {
    d.iter().map(|(k, v)| (k.to_owned(), peer(v))).collect()
}

fn peer(v: &Value) -> bson::Bson {
    use bson::Bson as B;
    match v {
        Value::Double(x) => B::Double(*x),
        Value::String(s) => B::String(s.to_string()),
        Value::Document(d) => B::Document(peer_doc(d)),
        Value::Array(a) => B::Array(a.iter().map(peer).collect()),
        Value::Binary(b) => B::Binary(bson::Binary {
            subtype: b.subtype.into(),
            bytes: b.bytes.clone(),
        }),
        Value::Undefined => B::Undefined,
        Value::ObjectId(id) => B::ObjectId(bson::oid::ObjectId::from_bytes(id.0)),
        Value::Boolean(b) => B::Boolean(*b),
        Value::DateTime(ms) => B::DateTime(bson::DateTime::from_millis(*ms)),
        Value::Null => B::Null,
        Value::Regex(r) => B::RegularExpression(bson::Regex {
            pattern: r.pattern.as_str().try_into().expect("regex pattern"),
            options: r.options.as_str().try_into().expect("regex options"),
        }),
        Value::JavaScript(s) => B::JavaScriptCode(s.to_string()),
        Value::Symbol(s) => B::Symbol(s.to_string()),
        Value::JavaScriptWithScope(c) => {
            B::JavaScriptCodeWithScope(bson::JavaScriptCodeWithScope {
                code: c.code.clone(),
                scope: peer_doc(&c.scope),
            })
        }
        Value::Int32(n) => B::Int32(*n),
        Value::Timestamp(t) => B::Timestamp(bson::Timestamp {
            time: t.time,
            increment: t.increment,
        }),
        Value::Int64(n) => B::Int64(*n),
        Value::Decimal128(d) => B::Decimal128(bson::Decimal128::from_bytes(d.0)),
        Value::MinKey => B::MinKey,
        Value::MaxKey => B::MaxKey,
        Value::DbPointer(_) => unreachable!("no DBPointer in the corpora"),
    }
}

// ---------------------------------------------------------------------------------------------
// Validating walks

/// The peer's full walk: every element's value is parsed (strings produced as &str, which
/// checks their UTF-8), and every document, array and code-with-scope scope is entered.
/// Returns the number of elements visited.
fn peer_walk(doc: &bson::RawDocument) -> bson::error::Result<usize> {
    let mut n = 0;
    for el in doc.iter() {
        let (key, value) = el?;
        black_box(key.as_str());
        n += 1 + peer_walk_value(value)?;
    }
    Ok(n)
}

fn peer_walk_value(value: bson::RawBsonRef<'_>) -> bson::error::Result<usize> {
    use bson::RawBsonRef as R;
    Ok(match value {
        R::Document(d) => peer_walk(d)?,
        R::Array(a) => {
            let mut n = 0;
            for v in a {
                n += 1 + peer_walk_value(v?)?;
            }
            n
        }
        R::JavaScriptCodeWithScope(c) => {
            black_box(c.code);
            peer_walk(c.scope)?
        }
        R::String(s) | R::JavaScriptCode(s) | R::Symbol(s) => {
            black_box(s);
            0
        }
        R::RegularExpression(r) => {
            black_box((r.pattern.as_str(), r.options.as_str()));
            0
        }
        other => {
            black_box(other);
            0
        }
    })
}

/// Elements counted with our raw walker, to check the peer walk misses nothing.
fn our_count(doc: OurRaw<'_>) -> usize {
    doc.elements()
        .map(|el| {
            let el = el.expect("valid corpus");
            1 + match el.value {
                RawValue::Document(d) | RawValue::Array(d) => our_count(d),
                RawValue::JavaScriptWithScope { scope, .. } => our_count(scope),
                _ => 0,
            }
        })
        .sum()
}

/// Elements counted in our value tree.
fn tree_count(d: &Document) -> usize {
    fn value(v: &Value) -> usize {
        match v {
            Value::Document(d) => tree_count(d),
            Value::Array(a) => a.iter().map(|v| 1 + value(v)).sum(),
            Value::JavaScriptWithScope(c) => tree_count(&c.scope),
            _ => 0,
        }
    }
    d.iter().map(|(_, v)| 1 + value(v)).sum()
}

// ---------------------------------------------------------------------------------------------
// Benchmarks

struct Corpus {
    name: &'static str,
    doc: Document,
    peer: bson::Document,
    bytes: Vec<u8>,
}

fn corpora() -> Vec<Corpus> {
    [("tiny", tiny()), ("mixed", mixed()), ("catalog", catalog())]
        .into_iter()
        .map(|(name, doc)| {
            let bytes = encode_document(&doc).expect("corpus encodes");
            let peer = peer_doc(&doc);
            let peer_bytes = peer.to_vec().expect("peer encodes");
            assert!(peer_bytes == bytes, "{name}: peer encodes different bytes");
            assert_eq!(decode_document(&bytes).expect("we decode"), doc, "{name}");
            let from_peer = bson::Document::from_reader(&bytes[..]).expect("peer decodes");
            assert_eq!(from_peer, peer, "{name}: peer decodes a different document");
            validate(&bytes).expect("we validate");
            let raw = bson::RawDocument::from_bytes(&bytes).expect("peer opens");
            let visited = peer_walk(raw).expect("peer walks");
            let ours = our_count(OurRaw::open(&bytes, Limits::default()).expect("we open"));
            assert_eq!(
                visited, ours,
                "{name}: walks visit different element counts"
            );
            assert_eq!(visited, tree_count(&doc), "{name}: walk misses elements");
            eprintln!("corpus {name}: {} bytes, {visited} elements", bytes.len());
            Corpus {
                name,
                doc,
                peer,
                bytes,
            }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let corpora = corpora();
    if corpora[0].bytes.len() != 36 {
        panic!("tiny document is {} bytes, not 36", corpora[0].bytes.len());
    }
    for corpus in &corpora {
        let bytes = &corpus.bytes[..];
        let throughput = Throughput::Bytes(bytes.len() as u64);

        let mut g = c.benchmark_group(format!("decode/{}", corpus.name));
        g.throughput(throughput.clone());
        g.bench_function("ours", |b| {
            b.iter(|| decode_document(black_box(bytes)).expect("decodes"));
        });
        g.bench_function("peer_from_reader", |b| {
            b.iter(|| bson::Document::from_reader(black_box(bytes)).expect("decodes"));
        });
        g.bench_function("peer_from_raw", |b| {
            b.iter(|| {
                let raw = bson::RawDocument::from_bytes(black_box(bytes)).expect("opens");
                bson::Document::try_from(raw).expect("decodes")
            });
        });
        g.finish();

        let mut g = c.benchmark_group(format!("validate/{}", corpus.name));
        g.throughput(throughput.clone());
        g.bench_function("ours", |b| {
            b.iter(|| validate(black_box(bytes)).expect("valid"));
        });
        g.bench_function("peer_raw_walk", |b| {
            b.iter(|| {
                let raw = bson::RawDocument::from_bytes(black_box(bytes)).expect("opens");
                peer_walk(raw).expect("valid")
            });
        });
        g.finish();

        let mut g = c.benchmark_group(format!("encode/{}", corpus.name));
        g.throughput(throughput.clone());
        g.bench_function("ours", |b| {
            b.iter(|| encode_document(black_box(&corpus.doc)).expect("encodes"));
        });
        g.bench_function("peer_to_vec", |b| {
            b.iter(|| black_box(&corpus.peer).to_vec().expect("encodes"));
        });
        g.finish();

        let mut g = c.benchmark_group(format!("memcpy/{}", corpus.name));
        g.throughput(throughput);
        g.bench_function("to_vec", |b| b.iter(|| black_box(bytes).to_vec()));
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(30);
    targets = bench
}
criterion_main!(benches);
