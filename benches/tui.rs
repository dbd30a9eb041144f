//! The interface's cost per frame and per document: a frame must stay far below the 16 ms a
//! 60 Hz terminal allows, whatever the document's size.
//!
//! Corpus: a ~100 KB document built deterministically with our encoder, with every common
//! element type and nested documents and arrays (`_id`, then `items`: an array of sub-documents
//! holding strings, numbers, dates, ObjectIds, binary, booleans, nulls, nested arrays).
//!
//! - `hex_frame_100kb_200x60`: the hex view drawn into a 200x60 buffer with a run in the
//!   middle of the document selected (the widget must cost the visible bytes, not the document);
//! - `hex_model_100kb`: building the view's model (spans, rows, flattened element tree), paid
//!   once per document.
//!
//! - `first_frame_100x30`: what the binary does before its first frame, minus the terminal:
//!   read the embedded lessons, compute the first lesson's page (every step through the
//!   engine), build the app and draw it at 100x30. The process as a whole is measured with
//!   `BSON_TUTOR_EXIT_AFTER_FIRST_FRAME=1` (see README, Tests).
//!
//! Run with `cargo bench --bench tui`. To add a benchmark, write a `fn name(c: &mut Criterion)`
//! and list it in `criterion_group!` below.

use std::hint::black_box;
use std::time::Duration;

use bson_tutor::bson::{Binary, Document, ObjectId, Value, encode_document};
use bson_tutor::tui::hex::{HexModel, HexMove, HexState, HexView};
use bson_tutor::tui::theme::Theme;
use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

// ---------------------------------------------------------------------------------------------
// Corpus

fn oid(n: u32) -> ObjectId {
    let mut b = [0u8; 12];
    b[..4].copy_from_slice(&0x6500_0000u32.to_be_bytes());
    b[4..9].copy_from_slice(&[0xa1, 0xb2, 0xc3, 0xd4, 0xe5]);
    b[9..].copy_from_slice(&n.to_be_bytes()[1..]);
    ObjectId(b)
}

/// About 100 KB of varied elements.
fn hundred_kb() -> Vec<u8> {
    let items = (0..620)
        .map(|i: i32| {
            let mut dims = Document::new();
            dims.push("w", f64::from(i) * 0.5);
            dims.push("h", Value::Int64(i64::from(i) << 33));
            let mut it = Document::new();
            it.push("_id", Value::ObjectId(oid(i as u32)));
            it.push("name", format!("item {i}"));
            it.push("qty", i);
            it.push("active", i % 2 == 0);
            it.push("note", Value::Null);
            it.push("at", Value::DateTime(1_700_000_000_000 + i64::from(i)));
            it.push(
                "blob",
                Value::Binary(Binary {
                    subtype: 0,
                    bytes: vec![i as u8; 8],
                }),
            );
            it.push("dims", dims);
            it.push("tags", vec![Value::from("red"), Value::Int32(i % 7)]);
            Value::Document(it)
        })
        .collect::<Vec<_>>();
    let mut d = Document::new();
    d.push("_id", Value::ObjectId(oid(0)));
    d.push("items", items);
    let bytes = encode_document(&d).expect("corpus encodes");
    assert!(
        (95_000..110_000).contains(&bytes.len()),
        "corpus is {} bytes, not about 100 KB",
        bytes.len()
    );
    eprintln!("corpus: {} bytes", bytes.len());
    bytes
}

// ---------------------------------------------------------------------------------------------
// Benchmarks

fn hex_frame_100kb_200x60(c: &mut Criterion) {
    let model = HexModel::new(hundred_kb()).expect("valid corpus");
    let theme = Theme::default();
    let mut state = HexState::default();
    state.select_byte(&model, model.bytes().len() / 2);
    state.apply(&model, HexMove::NextRun);
    let area = Rect::new(0, 0, 200, 60);
    let mut buf = Buffer::empty(area);
    c.bench_function("hex_frame_100kb_200x60", |b| {
        b.iter(|| {
            buf.reset();
            HexView {
                model: &model,
                state: &state,
                theme: &theme,
                lang: bson_tutor::lesson::i18n::Lang::En,
            }
            .render(area, &mut buf);
            black_box(&buf);
        });
    });
}

fn first_frame_100x30(c: &mut Criterion) {
    use bson_tutor::lesson::builtin;
    use bson_tutor::lesson::progress::Progress;
    use bson_tutor::tui::app::{App, Settings};
    c.bench_function("first_frame_100x30", |b| {
        b.iter(|| {
            let settings = Settings {
                theme: Theme::default(),
                seed: 1,
                seed_fixed: false,
                now_ms: 1_791_431_149_000,
                now_fixed: false,
                lang: bson_tutor::lesson::i18n::Lang::En,
                progress_path: None,
            };
            let mut app = App::new(builtin::lessons(), Progress::new(), settings);
            app.size = (100, 30);
            let area = Rect::new(0, 0, 100, 30);
            let mut buf = Buffer::empty(area);
            (&app).render(area, &mut buf);
            black_box(buf)
        });
    });
}

fn hex_model_100kb(c: &mut Criterion) {
    let bytes = hundred_kb();
    c.bench_function("hex_model_100kb", |b| {
        b.iter(|| HexModel::new(black_box(bytes.clone())).expect("valid corpus"));
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .measurement_time(Duration::from_secs(2))
        .warm_up_time(Duration::from_millis(500))
        .sample_size(30);
    targets = hex_frame_100kb_200x60, hex_model_100kb, first_frame_100x30
}
criterion_main!(benches);
