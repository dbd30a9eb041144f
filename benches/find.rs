//! The matcher's inner loop: a three-clause filter (an equality, a range, a dotted path)
//! over 100,000 small documents on one core. Target: at least 2 million documents a second.
//!
//! Run with `cargo bench --bench find`; throughput is reported in documents (elements) per
//! second.
//!
//! `nested_numeric_path` is issue 14's finding 5: `{ "a.0.0...": 1 }` over
//! `a: [{ "0": [{ "0": ... }] }]`, where every "0" is a field name and a position at once
//! (2^n routes for a reader that follows each). Before the fix, in release: 24 levels 0.31 s,
//! 30 levels 21 s, 40 levels over a minute; the issue asks for 40 levels under 10 ms.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::bson::shell::{FixedGenerator, parse_document};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::matcher::Filter;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const DOCUMENTS: usize = 100_000;

/// Small documents in the shape of the manual's inventory: a status, a quantity (mixed
/// numeric types, sometimes a string), a nested size, and tags.
fn documents() -> Vec<Document> {
    let statuses = ["A", "B", "D"];
    let units = ["cm", "in"];
    (0..DOCUMENTS)
        .map(|i| {
            let mut size = Document::new();
            size.push("h", Value::Double(8.5 + (i % 7) as f64));
            size.push("w", (i % 30) as i32);
            size.push("uom", units[i % 2]);
            let qty = match i % 4 {
                0 => Value::Int32((i % 100) as i32),
                1 => Value::Int64((i % 100) as i64),
                2 => Value::Double((i % 100) as f64 + 0.5),
                _ => Value::from(format!("{}", i % 100)),
            };
            let mut d = Document::with_capacity(5);
            d.push("_id", i as i32);
            d.push("status", statuses[i % 3]);
            d.push("qty", qty);
            d.push("size", size);
            d.push("tags", vec![Value::from("red"), Value::from("blank")]);
            d
        })
        .collect()
}

fn find(c: &mut Criterion) {
    let docs = documents();
    let mut g = FixedGenerator::new(0);
    let mut group = c.benchmark_group("find");
    group.throughput(Throughput::Elements(DOCUMENTS as u64));
    group.measurement_time(Duration::from_secs(5));
    for (name, src) in [
        (
            "eq_range_dotted",
            r#"{ status: "A", qty: { $gt: 20 }, "size.uom": "cm" }"#,
        ),
        (
            "in_array_elem_regex",
            r#"{ tags: "blank", qty: { $in: [ 5, 15, 25, 35 ] }, status: /^[AD]$/ }"#,
        ),
    ] {
        let filter = Filter::parse(&parse_document(src, &mut g).expect("filter").value)
            .expect("valid filter");
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0usize;
                for d in &docs {
                    n += usize::from(filter.matches(black_box(d)));
                }
                black_box(n)
            })
        });
    }
    group.finish();
}

/// `a: [{ "0": [{ "0": ... 2 }] }]`, `levels` arrays deep: no path reaches a 1, so every
/// route is tried.
fn zeros(levels: usize) -> Document {
    let mut v = Value::Int32(2);
    for _ in 0..levels {
        let mut d = Document::new();
        d.push("0", v);
        v = Value::Array(vec![Value::Document(d)]);
    }
    let mut doc = Document::new();
    doc.push("a", v);
    doc
}

fn nested_numeric_path(c: &mut Criterion) {
    let mut group = c.benchmark_group("nested_numeric_path");
    group.measurement_time(Duration::from_secs(3));
    for levels in [24, 30, 40] {
        let doc = zeros(levels);
        // Half again as many components as levels: the most routes for the old reader.
        let mut spec = Document::new();
        spec.push(format!("a{}", ".0".repeat(levels * 3 / 2)), 1);
        let filter = Filter::parse(&spec).expect("a plain equality");
        group.bench_function(format!("{levels}_levels"), |b| {
            b.iter(|| black_box(filter.matches(black_box(&doc))))
        });
    }
    group.finish();
}

criterion_group!(benches, find, nested_numeric_path);
criterion_main!(benches);
