//! Arbitrary text through the update parser and applier: the first line is the update (a
//! document of modifiers, a replacement, or an array: a pipeline), the second (optional) the
//! array filters, the rest the document. No panic, no hang; an update
//! that fails leaves the document as it was; errors say something in every language; what an
//! update produces encodes.
#![no_main]

use bson_tutor::bson::shell::{self, FixedGenerator};
use bson_tutor::bson::{Document, Timestamp, Value, encode_document};
use bson_tutor::query::update::{Update, UpdateContext};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;
use libfuzzer_sys::fuzz_target;

fn document(text: &str, generator: &mut FixedGenerator) -> Option<Document> {
    shell::parse_document(text, generator).ok().map(|p| p.value)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.splitn(3, '\n');
    let mut generator = FixedGenerator::new(1_791_431_149_000);
    let Some(update) = lines
        .next()
        .and_then(|l| shell::parse_value(l, &mut generator).ok())
        .map(|p| p.value)
    else {
        return;
    };
    let filters: Vec<Document> = match lines.next().map(|l| shell::parse_document(&format!("{{ f: {l} }}"), &mut generator)) {
        Some(Ok(p)) => match p.value.get("f") {
            Some(Value::Array(items)) => items
                .iter()
                .filter_map(|v| match v {
                    Value::Document(d) => Some(d.clone()),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    };
    let original = lines
        .next()
        .and_then(|l| document(l, &mut generator))
        .unwrap_or_default();
    let parsed = match Update::parse_value(&update, &filters) {
        Ok(u) => u,
        Err(e) => {
            for lang in [Lang::En, Lang::Vi, Lang::Zh] {
                assert!(!e.to_string_in(lang).is_empty());
            }
            return;
        }
    };
    for (matched, insert) in [(None, false), (Some(0), false), (Some(1), false), (None, true)] {
        let mut doc = original.clone();
        let mut context = UpdateContext {
            matched,
            now_ms: 1_791_431_149_000,
            timestamp: Timestamp { time: 1_791_431_149, increment: 1 },
        };
        let result = if insert {
            parsed.apply_for_insert_with(&mut doc, &mut context)
        } else {
            parsed.apply_with(&mut doc, &mut context)
        };
        match result {
            Ok(_) => {
                let _ = encode_document(&doc);
            }
            Err(e) => {
                assert_eq!(doc, original, "a failed update changed the document");
                for lang in [Lang::En, Lang::Vi, Lang::Zh] {
                    assert!(!e.to_string_in(lang).is_empty());
                }
            }
        }
    }
});
