//! Arbitrary text through the mongosh-syntax reader: no panic, no runaway nesting, errors
//! and warnings point inside the input, and what it accepts prints as shell text that reads
//! back and prints the same (a text fixed point).
#![no_main]

use bson_tutor::bson::encode_document;
use bson_tutor::bson::shell::{self, FixedGenerator};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut generator = FixedGenerator::new(1_791_431_149_000);
    match shell::parse_document(text, &mut generator) {
        Err(e) => {
            assert!(e.offset <= text.len(), "error offset past the input: {e}");
            assert!(!e.message().is_empty());
            let _ = e.caret();
        }
        Ok(parsed) => {
            for w in &parsed.warnings {
                assert!(w.offset <= text.len(), "warning offset past the input: {w}");
            }
            let _ = encode_document(&parsed.value);
            let printed = shell::print_document(&parsed.value);
            let again = shell::parse_document(&printed, &mut generator)
                .unwrap_or_else(|e| panic!("our printed shell text does not parse: {e}\n{printed}"));
            assert_eq!(shell::print_document(&again.value), printed, "shell printing is not a fixed point");
            let _ = shell::print_document_pretty(&parsed.value);
        }
    }
});
