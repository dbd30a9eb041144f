//! Decimal128 arithmetic throughput: addition and numeric comparison, in operations per
//! second. There is no peer: the `bson` crate stores decimals but has no arithmetic.
//!
//! Three batches of 1024 operand pairs, built deterministically:
//! 1. prices: two decimal places on both sides (`19.99 + 5.25`), the common case, exact;
//! 2. mixed: exponents -10..=10 on either side, so operands must be aligned first;
//! 3. wide: 34-digit coefficients, so nearly every sum is rounded.
//!
//! Run with `cargo bench --bench decimal`.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::bson::Decimal128;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const PAIRS: usize = 1024;

/// A small deterministic generator (xorshift64), so every run measures the same operands.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn decimal(negative: bool, coefficient: u128, exponent: i32) -> Decimal128 {
    let biased = (exponent + 6176) as u128;
    Decimal128::from_bits((u128::from(negative) << 127) | (biased << 113) | coefficient)
}

fn batch(mut make: impl FnMut(&mut Rng) -> Decimal128) -> Vec<(Decimal128, Decimal128)> {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    (0..PAIRS)
        .map(|_| (make(&mut rng), make(&mut rng)))
        .collect()
}

fn batches() -> [(&'static str, Vec<(Decimal128, Decimal128)>); 3] {
    [
        (
            "prices",
            batch(|r| decimal(false, u128::from(r.next() % 100_000), -2)),
        ),
        (
            "mixed",
            batch(|r| {
                let e = (r.next() % 21) as i32 - 10;
                decimal(r.next() % 2 == 0, u128::from(r.next() % 1_000_000_000), e)
            }),
        ),
        (
            "wide",
            batch(|r| {
                let c = (u128::from(r.next()) << 64 | u128::from(r.next())) % 10u128.pow(34);
                decimal(r.next() % 2 == 0, c, (r.next() % 7) as i32 - 3)
            }),
        ),
    ]
}

fn add(c: &mut Criterion) {
    let mut group = c.benchmark_group("decimal128/add");
    group.throughput(Throughput::Elements(PAIRS as u64));
    for (name, pairs) in batches() {
        group.bench_function(name, |b| {
            b.iter(|| {
                for &(x, y) in &pairs {
                    black_box(black_box(x).add(black_box(y)));
                }
            })
        });
    }
    group.finish();
}

fn compare(c: &mut Criterion) {
    let mut group = c.benchmark_group("decimal128/compare");
    group.throughput(Throughput::Elements(PAIRS as u64));
    for (name, pairs) in batches() {
        group.bench_function(name, |b| {
            b.iter(|| {
                for (x, y) in &pairs {
                    black_box(black_box(x).total_cmp_mongo(black_box(y)));
                }
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = add, compare
}
criterion_main!(benches);
