//! For the tests of the lesson layer's errors: every variant said in every language.

use std::fmt::{Debug, Display};

use crate::strings::Lang;
use crate::strings::localize::{Localize, VI_LOANWORDS, english_words};

/// The English words of `text` that `lang` does not keep on purpose.
fn english_left(lang: Lang, text: &str) -> Vec<String> {
    english_words(text)
        .into_iter()
        .filter(|w| !(lang == Lang::Vi && VI_LOANWORDS.contains(&w.to_lowercase().as_str())))
        .collect()
}

/// `value` in English is its `Display`; in Vietnamese and Chinese it has no English words
/// left once the texts in `english` (the server's own words, a system's message) are taken
/// out, and it differs from English wherever English has words of its own there.
pub(crate) fn assert_localized<T: Localize + Display + Debug>(value: &T, english: &[String]) {
    let en = value.to_string();
    assert_eq!(en, value.to_string_in(Lang::En), "{value:?}");
    let strip = |text: &str| {
        english
            .iter()
            .fold(text.to_owned(), |t, e| t.replace(e.as_str(), ""))
    };
    for lang in [Lang::Vi, Lang::Zh] {
        let text = value.to_string_in(lang);
        if !english_left(lang, &strip(&en)).is_empty() {
            assert_ne!(text, en, "{lang:?}: {value:?}");
        }
        let left = english_left(lang, &strip(&text));
        assert!(left.is_empty(), "{lang:?}: {left:?} in {text:?}");
    }
}
