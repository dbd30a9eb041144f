//! `bson-tutor browse`: the document index over a file read by window (offsets, the last
//! document, offset to document, damage, gzip refused, memory bounded by the offsets table),
//! the browser's screens at 80x24 and 120x40 in every language and theme, its keys driving
//! `update` without a terminal, and the real binary on a 200 MB dump in tmux.

use std::io::Cursor;

use bson_tutor::dump::generate::{mixed_documents, write_bson};

mod e2e;
mod index;
mod screens;

/// `n` mixed documents from `seed` as a `.bson` file, with each document's offset.
fn dump(seed: u64, n: u64) -> (Vec<u8>, Vec<u64>) {
    let mut bytes = Vec::new();
    let offsets = write_bson(mixed_documents(seed, n), &mut bytes).unwrap();
    (bytes, offsets)
}

fn cursor(bytes: &[u8]) -> Cursor<Vec<u8>> {
    Cursor::new(bytes.to_vec())
}
