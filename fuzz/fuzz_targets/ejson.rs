//! Arbitrary text through the Extended JSON reader: it must never panic, errors must point
//! inside the input, and whatever it accepts must print and read back to the same text.
//! (Text, not bytes: NaN signs and payloads are lossy in Extended JSON by the spec.)
#![no_main]

use bson_tutor::bson::ejson::{self, Mode};
use bson_tutor::bson::encode_document;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match ejson::parse_document(text) {
        Err(e) => {
            assert!(e.offset <= text.len(), "error offset past the input: {e}");
            assert!(!e.message().is_empty());
            let _ = e.caret();
        }
        Ok(doc) => {
            // Depth is bounded by the reader, so encoding can only fail on size.
            let Ok(bytes) = encode_document(&doc) else { return };
            let canonical = ejson::to_string(&doc, Mode::Canonical);
            let again = ejson::parse_document(&canonical)
                .unwrap_or_else(|e| panic!("our canonical output does not parse: {e}\n{canonical}"));
            assert_eq!(ejson::to_string(&again, Mode::Canonical), canonical, "canonical text is not a fixed point");
            assert_eq!(encode_document(&again).map(|b| b.len()).ok(), Some(bytes.len()));
            let relaxed = ejson::to_string(&doc, Mode::Relaxed);
            ejson::parse_document(&relaxed)
                .unwrap_or_else(|e| panic!("our relaxed output does not parse: {e}\n{relaxed}"));
            let _ = ejson::to_string(&doc, Mode::Stringify);
            let _ = ejson::to_string(&doc, Mode::RelaxedJs);
        }
    }
});
