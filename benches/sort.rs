//! Sorting 100,000 documents by a field of mixed types (the server's cross-type order,
//! array and missing rules), against `slice::sort` of 100,000 `i64` as the floor.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::bson::{Binary, Decimal128, Document, ObjectId, Value};
use bson_tutor::query::sort::SortSpec;
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const N: usize = 100_000;

/// A value of one of the kinds a field of mixed types may hold: numbers of the four types, a
/// string, null, a missing field, arrays (empty too), a boolean, a date, an ObjectId, a UUID.
fn mixed(rng: &mut StdRng) -> Option<Value> {
    let n: i64 = rng.random_range(-1000..1000);
    Some(match rng.random_range(0..12) {
        0 => Value::Int32(n as i32),
        1 => Value::Int64(n * 1_000_000_007),
        2 => Value::Double(n as f64 / 3.0),
        3 => Value::Decimal128(Decimal128::from_i64(n)),
        4 => Value::from(format!("s{n}")),
        5 => Value::Null,
        6 => return None,
        7 => Value::Array(vec![Value::Int32(n as i32), Value::from("x")]),
        8 => Value::Array(vec![]),
        9 => Value::Boolean(n % 2 == 0),
        10 => Value::DateTime(n * 86_400_000),
        _ => {
            if n % 2 == 0 {
                Value::ObjectId(ObjectId([(n & 0xff) as u8; 12]))
            } else {
                Value::Binary(Binary {
                    subtype: 4,
                    bytes: vec![(n & 0xff) as u8; 16],
                })
            }
        }
    })
}

fn documents() -> Vec<Document> {
    let mut rng = StdRng::seed_from_u64(7);
    (0..N)
        .map(|i| {
            let mut d = Document::new();
            d.push("_id", i as i32);
            if let Some(v) = mixed(&mut rng) {
                d.push("v", v);
            }
            d
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let docs = documents();
    let mut spec = Document::new();
    spec.push("v", 1);
    spec.push("_id", 1);
    let spec = SortSpec::parse(&spec).expect("valid sort");
    let mut rng = StdRng::seed_from_u64(7);
    let ints: Vec<i64> = (0..N).map(|_| rng.random()).collect();

    let mut g = c.benchmark_group("sort100k");
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(10)
        .measurement_time(Duration::from_secs(4))
        .warm_up_time(Duration::from_millis(500));
    g.bench_function("mixed_documents", |b| {
        b.iter_batched(
            || docs.clone(),
            |mut d| {
                spec.sort(&mut d).expect("sorts");
                black_box(d)
            },
            BatchSize::LargeInput,
        )
    });
    g.bench_function("i64_slice_sort_floor", |b| {
        b.iter_batched(
            || ints.clone(),
            |mut v| {
                v.sort();
                black_box(v)
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
