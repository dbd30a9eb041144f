//! Writes a deterministic `.bson` dump of mixed documents for the benchmark
//! (`scripts/bench-dump.sh`): `cargo run --release --example gen-dump -- OUT MEGABYTES [SEED]`.
//! The same arguments write the same bytes: the documents come from
//! `bson_tutor::dump::generate`, drawn from the seed (default 17).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

use bson_tutor::bson::document_size;
use bson_tutor::dump::generate::{mixed_documents, write_bson};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(out), Some(Ok(megabytes))) = (args.first(), args.get(1).map(|m| m.parse::<u64>()))
    else {
        eprintln!("usage: gen-dump OUT MEGABYTES [SEED]");
        return ExitCode::from(2);
    };
    let seed = match args.get(2).map(|s| s.parse::<u64>()) {
        None => 17,
        Some(Ok(seed)) => seed,
        Some(Err(e)) => {
            eprintln!("gen-dump: SEED: {e}");
            return ExitCode::from(2);
        }
    };
    let target = megabytes * 1_000_000;
    let mut written = 0u64;
    // Documents until the file holds at least `target` bytes.
    let docs = mixed_documents(seed, u64::MAX).take_while(|doc| {
        let more = written < target;
        written += document_size(doc) as u64;
        more
    });
    let result = File::create(out).and_then(|file| {
        let mut file = BufWriter::new(file);
        let offsets = write_bson(docs, &mut file)?;
        file.flush()?;
        Ok(offsets.len())
    });
    match result {
        Ok(n) => {
            eprintln!("gen-dump: {out}: {n} documents");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("gen-dump: {out}: {e}");
            ExitCode::FAILURE
        }
    }
}
