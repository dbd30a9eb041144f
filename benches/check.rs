//! `bson-tutor check` over every built-in lesson: load, compute every step and exercise,
//! try every expected and rejected answer. Target: under 50 ms for the whole set.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::lesson::builtin::LESSONS;
use bson_tutor::lesson::check::check_lesson;
use bson_tutor::lesson::load::load_str;
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("check");
    g.sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    g.bench_function("all_builtin_lessons", |b| {
        b.iter(|| {
            for (file, text) in LESSONS {
                let loaded = load_str(file, text).expect("built-in lessons load");
                black_box(check_lesson(&loaded, &Default::default()));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
