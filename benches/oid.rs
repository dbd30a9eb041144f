//! ObjectId generation on one core: [`ObjectIdProcess::next_id`] should cost a few
//! nanoseconds (no allocation, no clock, no system call), well past 20 million ids a second.
//!
//! For scale, the official `bson` crate's `ObjectId::new()` (a peer, for comparison only)
//! reads the system clock and bumps a shared atomic counter for every id.
//!
//! Run with `cargo bench --bench oid`; throughput is reported in ids (elements) per second.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::bson::ObjectId;
use bson_tutor::bson::oid::{ObjectIdProcess, processes_from_seed};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Ids per measured iteration, so the loop, not the timer, dominates.
const BATCH: u32 = 1024;

fn generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("object_id");
    group.throughput(Throughput::Elements(u64::from(BATCH)));
    group.measurement_time(Duration::from_secs(3));

    let mut process: ObjectIdProcess = processes_from_seed(1, 1).remove(0);
    group.bench_function("next_id", |b| {
        b.iter(|| {
            let secs = black_box(1_791_431_149);
            for _ in 0..BATCH {
                black_box(process.next_id(secs));
            }
        })
    });

    // The same ids, all kept: what filling a batch of `_id`s costs.
    let mut ids = vec![ObjectId::default(); BATCH as usize];
    group.bench_function("next_id_into_slice", |b| {
        b.iter(|| {
            let secs = black_box(1_791_431_149);
            for id in &mut ids {
                *id = process.next_id(secs);
            }
            black_box(&ids);
        })
    });

    group.bench_function("bson_crate_new", |b| {
        b.iter(|| {
            for _ in 0..BATCH {
                black_box(bson::oid::ObjectId::new());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, generation);
criterion_main!(benches);
