//! The benchmark's peer (`scripts/bench-dump.sh`): a `bsondump`-like converter built on the
//! official `bson` crate. It reads a `.bson` file as a stream, one document at a time by its
//! length prefix, and writes each document's canonical Extended JSON on a line of its own:
//! `cargo run --release --example dump-peer -- FILE > out.json`.
//!
//! Every value's text is the crate's (`Bson::into_canonical_extjson`). Only the order of keys
//! is the walk's: this crate builds `serde_json` without `preserve_order`, so a
//! `serde_json::Map` is sorted by key, and a converter that reorders a document's fields (or
//! writes `{"$timestamp": {"i": .., "t": ..}}`) would be wrong. The walk therefore writes
//! documents and arrays itself, in their BSON order, and puts the keys of the crate's type
//! wrappers in the order the Extended JSON spec gives them.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use bson::{Bson, Document};
use serde_json::Value;

/// The largest document mongodump writes: the server's 16 MiB and its 16 KiB of room.
const MAX_DOCUMENT_LEN: usize = 16 * 1024 * 1024 + 16 * 1024;

/// The keys of the spec's type wrappers, in the spec's order; other keys keep the map's.
const WRAPPER_ORDER: &[&str] = &["$ref", "$id", "pattern", "options", "t", "i"];

fn write_json(out: &mut impl Write, value: &Value) -> io::Result<()> {
    match value {
        Value::Object(map) => {
            let rank = |k: &str| WRAPPER_ORDER.iter().position(|w| *w == k);
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by_key(|(k, _)| rank(k).unwrap_or(usize::MAX));
            out.write_all(b"{")?;
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                serde_json::to_writer(&mut *out, k)?;
                out.write_all(b":")?;
                write_json(out, v)?;
            }
            out.write_all(b"}")
        }
        other => Ok(serde_json::to_writer(&mut *out, other)?),
    }
}

fn write_document(out: &mut impl Write, doc: Document) -> io::Result<()> {
    out.write_all(b"{")?;
    for (i, (k, v)) in doc.into_iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        serde_json::to_writer(&mut *out, &k)?;
        out.write_all(b":")?;
        write_value(out, v)?;
    }
    out.write_all(b"}")
}

fn write_value(out: &mut impl Write, value: Bson) -> io::Result<()> {
    match value {
        Bson::Document(doc) => write_document(out, doc),
        Bson::Array(items) => {
            out.write_all(b"[")?;
            for (i, v) in items.into_iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write_value(out, v)?;
            }
            out.write_all(b"]")
        }
        Bson::JavaScriptCodeWithScope(c) => {
            out.write_all(b"{\"$code\":")?;
            serde_json::to_writer(&mut *out, &c.code)?;
            out.write_all(b",\"$scope\":")?;
            write_document(out, c.scope)?;
            out.write_all(b"}")
        }
        leaf => write_json(out, &leaf.into_canonical_extjson()),
    }
}

fn convert(input: impl Read, out: &mut impl Write) -> Result<u64, String> {
    let mut input = BufReader::with_capacity(1 << 20, input);
    let mut buf = Vec::new();
    let mut offset = 0u64;
    let mut count = 0u64;
    loop {
        let mut prefix = [0u8; 4];
        match input.read_exact(&mut prefix) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(count),
            Err(e) => return Err(format!("offset {offset}: {e}")),
        }
        let len = usize::try_from(i32::from_le_bytes(prefix))
            .ok()
            .filter(|n| (5..=MAX_DOCUMENT_LEN).contains(n))
            .ok_or_else(|| format!("offset {offset}: impossible length prefix {prefix:02x?}"))?;
        buf.clear();
        buf.extend_from_slice(&prefix);
        buf.resize(len, 0);
        input
            .read_exact(&mut buf[4..])
            .map_err(|e| format!("offset {offset}: {e}"))?;
        let doc = Document::from_reader(&buf[..]).map_err(|e| format!("offset {offset}: {e}"))?;
        write_document(out, doc)
            .and_then(|()| out.write_all(b"\n"))
            .map_err(|e| format!("writing: {e}"))?;
        offset += len as u64;
        count += 1;
    }
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: dump-peer FILE.bson");
        return ExitCode::from(2);
    };
    let stdout = io::stdout().lock();
    let mut out = BufWriter::with_capacity(1 << 20, stdout);
    let result = File::open(&path)
        .map_err(|e| e.to_string())
        .and_then(|file| convert(file, &mut out))
        .and_then(|n| out.flush().map(|()| n).map_err(|e| format!("writing: {e}")));
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dump-peer: {path}: {e}");
            ExitCode::FAILURE
        }
    }
}
