//! The parsers' typed errors rendered in every language, on arbitrary input: no panic, one
//! line each (the learner's control characters escaped), every backticked fragment of the
//! English message (the learner's text, a key, a value) kept verbatim in Vietnamese and
//! Chinese, and `Display` equal to the English rendering.
#![no_main]

use bson_tutor::bson::shell::{self, FixedGenerator};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;
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
    let Err(error) = shell::parse_document(text, &mut generator) else { return };
    let english = error.to_string();
    assert_eq!(english, error.to_string_in(Lang::En));
    assert_eq!(english.lines().count(), 1, "one line: {english:?}");
    for lang in [Lang::Vi, Lang::Zh] {
        let said = error.to_string_in(lang);
        assert_eq!(said.lines().count(), 1, "one line: {said:?}");
        // Backticks delimit the quoted fragments only when the input holds none itself.
        let fragments = if text.contains('`') { Vec::new() } else { quoted(&english) };
        for fragment in fragments {
            assert!(said.contains(fragment), "`{fragment}` lost:\n{english}\n{said}");
        }
    }
    // The caret line is the learner's input, the same in every language.
    assert!(error.caret().starts_with(&error.source_line));
});
