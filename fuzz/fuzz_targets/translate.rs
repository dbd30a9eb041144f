//! The error translator on arbitrary text and on the parsers' real errors: no panic, no
//! runaway time, a line for every line, and every backticked fragment of a real error (the
//! learner's text, a key, a value) kept verbatim in Vietnamese and Chinese.
#![no_main]

use bson_tutor::bson::shell::{self, FixedGenerator};
use bson_tutor::strings::Lang;
use bson_tutor::strings::errors::translate_error;
use libfuzzer_sys::fuzz_target;

/// The `...` fragments of `text` (none when a backtick is unpaired, as in a message about
/// the backtick itself: "missing its closing quote (`)").
fn quoted(text: &str) -> Vec<&str> {
    if text.matches('`').count() % 2 == 1 {
        return Vec::new();
    }
    text.split('`').skip(1).step_by(2).collect()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut generator = FixedGenerator::new(1_791_431_149_000);
    let error = shell::parse_document(text, &mut generator)
        .err()
        .map(|e| format!("your answer: {e}\n{}", e.caret()));
    for lang in [Lang::Vi, Lang::Zh] {
        let out = translate_error(lang, text);
        assert_eq!(out.lines().count(), text.lines().count(), "lines lost or added");
        if let Some(message) = &error {
            let said = translate_error(lang, message);
            assert_eq!(said.lines().count(), message.lines().count());
            // Backticks delimit the quoted fragments only when the input holds none itself.
            let first = message.lines().next().unwrap_or_default();
            let fragments = if text.contains('`') { Vec::new() } else { quoted(first) };
            for fragment in fragments {
                assert!(said.contains(fragment), "`{fragment}` lost:\n{message}\n{said}");
            }
            // The source and caret lines are the learner's input: kept exactly.
            assert_eq!(said.lines().skip(1).collect::<Vec<_>>(), message.lines().skip(1).collect::<Vec<_>>());
        }
    }
});
