//! Conformance against the official BSON corpus (mongodb/specifications, bson-corpus).
//!
//! Reads the directory named by `BSON_CORPUS_DIR` (default `../shared/bson-corpus`). The
//! corpus is test data under a non-commercial licence and is never copied into this project.
//! Run with `-- --nocapture` to see the per-file counts.

use std::path::PathBuf;

use bson_tutor::bson::ejson::{self, Mode};
use bson_tutor::bson::json::{self as tjson, Json as TJson};
use bson_tutor::bson::spans::{document_spans, rows};
use bson_tutor::bson::{Decimal128, Value, decode_document, encode_document, hex, validate};
use serde_json::Value as Json;

fn corpus_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("BSON_CORPUS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/bson-corpus"));
    if dir.is_dir() {
        return Some(dir);
    }
    if std::env::var_os("BSON_CORPUS_REQUIRED").is_some() {
        panic!("BSON corpus directory {} is missing", dir.display());
    }
    eprintln!("\n{}", "*".repeat(72));
    eprintln!("*** SKIPPED: BSON corpus not found at {}", dir.display());
    eprintln!("*** set BSON_CORPUS_DIR to the bson-corpus directory to run conformance");
    eprintln!("{}\n", "*".repeat(72));
    None
}

fn corpus_files(dir: &PathBuf) -> Vec<(String, Json)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("corpus directory is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no .json files in {}", dir.display());
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("corpus file is readable");
            let json = serde_json::from_str(&text).expect("corpus file is JSON");
            (
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                json,
            )
        })
        .collect()
}

fn cases<'a>(file: &'a Json, key: &str) -> impl Iterator<Item = &'a Json> {
    file.get(key).and_then(Json::as_array).into_iter().flatten()
}

fn field<'a>(case: &'a Json, key: &str) -> Option<&'a str> {
    case.get(key).and_then(Json::as_str)
}

/// Checks one valid case; returns a failure description, if any.
fn check_valid(case: &Json) -> Result<(), String> {
    let canonical_hex = field(case, "canonical_bson").ok_or("no canonical_bson")?;
    let canonical = hex::decode(canonical_hex).map_err(|e| e.to_string())?;
    let doc = decode_document(&canonical).map_err(|e| format!("canonical_bson: {e}"))?;
    let again = encode_document(&doc).map_err(|e| format!("re-encode: {e}"))?;
    if again != canonical {
        return Err(format!(
            "canonical_bson re-encodes differently:\n  want {}\n  got  {}",
            hex::encode(&canonical),
            hex::encode(&again)
        ));
    }
    validate(&canonical).map_err(|e| format!("validate: {e}"))?;
    let spans = document_spans(&canonical).map_err(|e| format!("spans: {e}"))?;
    let mut next = 0;
    for row in rows(&spans) {
        if row.offset != next {
            return Err(format!(
                "annotated rows skip or overlap at byte {next}: {row:?}"
            ));
        }
        next += row.len;
    }
    if next != canonical.len() {
        return Err(format!(
            "annotated rows end at {next}, document is {}",
            canonical.len()
        ));
    }
    if let Some(degenerate_hex) = field(case, "degenerate_bson") {
        let degenerate = hex::decode(degenerate_hex).map_err(|e| e.to_string())?;
        let doc = decode_document(&degenerate).map_err(|e| format!("degenerate_bson: {e}"))?;
        let again = encode_document(&doc).map_err(|e| format!("re-encode: {e}"))?;
        if again != canonical {
            return Err(format!(
                "degenerate_bson re-encodes to {}, not the canonical {}",
                hex::encode(&again),
                hex::encode(&canonical)
            ));
        }
    }
    Ok(())
}

fn check_decode_error(case: &Json) -> Result<(), String> {
    let bytes = hex::decode(field(case, "bson").ok_or("no bson")?).map_err(|e| e.to_string())?;
    let decoded = decode_document(&bytes);
    let walked = validate(&bytes);
    let spans = document_spans(&bytes);
    match (decoded, walked, spans) {
        (Err(a), Err(b), Err(c)) if a == b && b == c => {
            if a.offset > bytes.len() {
                return Err(format!(
                    "error offset {} is past the input ({} bytes)",
                    a.offset,
                    bytes.len()
                ));
            }
            Ok(())
        }
        (Err(a), Err(b), Err(c)) => Err(format!("readers disagree: {a} / {b} / {c}")),
        (d, _, _) => Err(format!("accepted: {d:?}")),
    }
}

#[test]
#[cfg_attr(
    bson_corpus_absent,
    ignore = "SKIPPED: the BSON corpus is not at BSON_CORPUS_DIR (default ../shared/bson-corpus)"
)]
fn bson_corpus_binary_conformance() {
    let Some(dir) = corpus_dir() else { return };
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut failures = Vec::new();
    for (name, file) in corpus_files(&dir) {
        let (mut p, mut f) = (0, 0);
        for case in cases(&file, "valid") {
            match check_valid(case) {
                Ok(()) => p += 1,
                Err(e) => {
                    f += 1;
                    failures.push(format!(
                        "{name}: valid: {}: {e}",
                        field(case, "description").unwrap_or("?")
                    ));
                }
            }
        }
        for case in cases(&file, "decodeErrors") {
            match check_decode_error(case) {
                Ok(()) => p += 1,
                Err(e) => {
                    f += 1;
                    failures.push(format!(
                        "{name}: decodeErrors: {}: {e}",
                        field(case, "description").unwrap_or("?")
                    ));
                }
            }
        }
        println!("{name:<32} {p:>4} passed, {f} failed");
        passed += p;
        failed += f;
    }
    println!("bson corpus: {passed} passed, {failed} failed");
    assert!(
        failures.is_empty(),
        "{} corpus cases failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(passed >= 700, "suspiciously few corpus cases ran: {passed}");
}

#[test]
#[cfg_attr(
    bson_corpus_absent,
    ignore = "SKIPPED: the BSON corpus is not at BSON_CORPUS_DIR (default ../shared/bson-corpus)"
)]
fn decimal128_prints_as_the_corpus_says() {
    let Some(dir) = corpus_dir() else { return };
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, file) in corpus_files(&dir) {
        if !name.starts_with("decimal128") {
            continue;
        }
        for case in cases(&file, "valid") {
            let (Some(bson_hex), Some(ext)) = (
                field(case, "canonical_bson"),
                field(case, "canonical_extjson"),
            ) else {
                continue;
            };
            let ext: Json = serde_json::from_str(ext).expect("canonical_extjson is JSON");
            let want = ext["d"]["$numberDecimal"]
                .as_str()
                .expect("a $numberDecimal string");
            let doc =
                decode_document(&hex::decode(bson_hex).expect("hex")).expect("valid case decodes");
            let Some(Value::Decimal128(d)) = doc.get("d") else {
                panic!("{name}: field d is not a decimal128");
            };
            checked += 1;
            if d.to_string() != want {
                failures.push(format!(
                    "{name}: {}: want {want}, got {d}",
                    field(case, "description").unwrap_or("?")
                ));
            }
        }
    }
    println!(
        "decimal128 strings: {} passed, {} failed",
        checked - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 500, "only {checked} decimal128 cases found");
}

/// Two JSON texts are the same value: same keys in the same order, same strings, numbers
/// equal as integers when both are integers and as doubles otherwise.
fn same_json(a: &str, b: &str) -> Result<(), String> {
    let pa = tjson::parse(a).map_err(|e| format!("ours is not JSON: {e}: {a}"))?;
    let pb = tjson::parse(b).map_err(|e| format!("expected is not JSON: {e}"))?;
    if json_eq(&pa.value, &pb.value) {
        Ok(())
    } else {
        Err(format!("\n    want {b}\n    got  {a}"))
    }
}

fn json_eq(a: &TJson, b: &TJson) -> bool {
    match (a, b) {
        (TJson::Number(x), TJson::Number(y)) => match (x.parse::<i128>(), y.parse::<i128>()) {
            (Ok(i), Ok(j)) => i == j,
            _ => x
                .parse::<f64>()
                .ok()
                .zip(y.parse::<f64>().ok())
                .is_some_and(|(f, g)| f == g && f.is_sign_negative() == g.is_sign_negative()),
        },
        (TJson::Array(x), TJson::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(i, j)| json_eq(&i.value, &j.value))
        }
        (TJson::Object(x), TJson::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(m, n)| m.key == n.key && json_eq(&m.value.value, &n.value.value))
        }
        _ => a == b,
    }
}

fn bson_bytes(hex_text: &str) -> Vec<u8> {
    hex::decode(hex_text).expect("corpus hex")
}

/// The Extended JSON checks of one valid case, as the corpus README lists them.
fn check_extjson(case: &Json) -> Vec<Result<(), String>> {
    let mut results = Vec::new();
    let Some(cej) = field(case, "canonical_extjson") else {
        return results;
    };
    let cb = bson_bytes(field(case, "canonical_bson").unwrap_or_default());
    let lossy = case.get("lossy").and_then(Json::as_bool).unwrap_or(false);
    let native = decode_document(&cb).expect("valid bson");
    // canonical_bson -> canonical extjson
    results.push(same_json(&ejson::to_string(&native, Mode::Canonical), cej));
    // canonical extjson -> native -> canonical extjson, and -> canonical_bson
    match ejson::parse_document(cej) {
        Ok(doc) => {
            results.push(same_json(&ejson::to_string(&doc, Mode::Canonical), cej));
            if !lossy {
                results.push(match encode_document(&doc) {
                    Ok(b) if b == cb => Ok(()),
                    Ok(b) => Err(format!(
                        "canonical_extjson encodes to {}, not {}",
                        hex::encode(&b),
                        hex::encode(&cb)
                    )),
                    Err(e) => Err(format!("canonical_extjson does not encode: {e}")),
                });
            }
        }
        Err(e) => results.push(Err(format!("canonical_extjson does not parse: {e}"))),
    }
    if let Some(rej) = field(case, "relaxed_extjson") {
        results.push(same_json(&ejson::to_string(&native, Mode::Relaxed), rej));
        results.push(match ejson::parse_document(rej) {
            Ok(doc) => same_json(&ejson::to_string(&doc, Mode::Relaxed), rej),
            Err(e) => Err(format!("relaxed_extjson does not parse: {e}")),
        });
    }
    if let Some(dej) = field(case, "degenerate_extjson") {
        results.push(match ejson::parse_document(dej) {
            Ok(doc) => {
                let canonical = same_json(&ejson::to_string(&doc, Mode::Canonical), cej);
                match (
                    canonical,
                    lossy || encode_document(&doc).is_ok_and(|b| b == cb),
                ) {
                    (Ok(()), true) => Ok(()),
                    (Ok(()), false) => Err("degenerate_extjson encodes to other bytes".into()),
                    (e, _) => e,
                }
            }
            Err(e) => Err(format!("degenerate_extjson does not parse: {e}")),
        });
    }
    if let Some(db) = field(case, "degenerate_bson") {
        let doc = decode_document(&bson_bytes(db)).expect("degenerate bson decodes");
        results.push(same_json(&ejson::to_string(&doc, Mode::Canonical), cej));
        if let Some(rej) = field(case, "relaxed_extjson") {
            results.push(same_json(&ejson::to_string(&doc, Mode::Relaxed), rej));
        }
    }
    results
}

#[test]
#[cfg_attr(
    bson_corpus_absent,
    ignore = "SKIPPED: the BSON corpus is not at BSON_CORPUS_DIR (default ../shared/bson-corpus)"
)]
fn extended_json_conformance() {
    let Some(dir) = corpus_dir() else { return };
    let (mut passed, mut failed) = (0usize, 0usize);
    let mut failures = Vec::new();
    for (name, file) in corpus_files(&dir) {
        let (mut p, mut f) = (0, 0);
        let mut record = |what: &str, desc: &str, r: Result<(), String>| match r {
            Ok(()) => p += 1,
            Err(e) => {
                f += 1;
                failures.push(format!("{name}: {what}: {desc}: {e}"));
            }
        };
        for case in cases(&file, "valid") {
            let desc = field(case, "description").unwrap_or("?");
            for r in check_extjson(case) {
                record("valid", desc, r);
            }
        }
        let decimal_file = file.get("bson_type").and_then(Json::as_str) == Some("0x13");
        for case in cases(&file, "parseErrors") {
            let desc = field(case, "description").unwrap_or("?");
            let text = field(case, "string").unwrap_or_default();
            // In the decimal128 files the string is a bare decimal, not a document.
            let rejected = if decimal_file {
                Decimal128::parse(text).is_err()
            } else {
                ejson::parse_document(text).is_err()
            };
            record(
                "parseErrors",
                desc,
                if rejected {
                    Ok(())
                } else {
                    Err(format!("accepted {text:?}"))
                },
            );
        }
        println!("{name:<32} {p:>4} passed, {f} failed");
        passed += p;
        failed += f;
    }
    println!("extended json corpus: {passed} passed, {failed} failed");
    assert!(
        failures.is_empty(),
        "{} extjson checks failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        passed >= 2000,
        "suspiciously few extjson checks ran: {passed}"
    );
}
