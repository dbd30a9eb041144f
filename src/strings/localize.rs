//! Messages as data: a value that knows how to write itself in each of the interface's
//! languages.
//!
//! Errors and other sentences the engine produces are typed values (a variant and the facts
//! it carries: position, expected, found, the offending value), never finished English text.
//! Each type implements [`Localize`] with one exhaustive `match` per language, so the compiler
//! makes every language say something for every variant; `Display` is the English rendering.
//! Rust's own `write!` is the template language of those arms (named placeholders, checked
//! when compiled). The interface's table of short words ([`crate::strings::tr`]) uses the same
//! `{name}` placeholders, filled by [`fill`].
//!
//! Counting words follow the CLDR plural rules of each language ([`plural`]): English has
//! `one` and `other`, Vietnamese and Chinese only `other`.
//!
//! The server's own error texts (`E11000 duplicate key error ...`, `unknown operator: $foo`)
//! are written verbatim in every language: a learner must recognise and search for them.

use std::fmt::{self, Display};
use std::sync::OnceLock;

use intl_pluralrules::{PluralRuleType, PluralRules};

pub use intl_pluralrules::PluralCategory;

use super::Lang;

/// A value written in any of the interface's languages. Implementors make `Display` write
/// [`Lang::En`].
pub trait Localize {
    /// Writes the value in `lang`.
    ///
    /// # Errors
    /// Whatever `out` returns.
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result;

    /// The value in `lang`, as a string.
    fn to_string_in(&self, lang: Lang) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_in(lang, &mut out);
        out
    }

    /// A `Display` of the value in `lang` (for `format!` and `write!`).
    fn display_in(&self, lang: Lang) -> InLang<'_, Self>
    where
        Self: Sized,
    {
        InLang { value: self, lang }
    }
}

/// A [`Localize`] value shown in one language; see [`Localize::display_in`].
pub struct InLang<'a, T: ?Sized> {
    value: &'a T,
    lang: Lang,
}

impl<T: Localize + ?Sized> Display for InLang<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.write_in(self.lang, f)
    }
}

impl<T: Localize + ?Sized> Localize for &T {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        (**self).write_in(lang, out)
    }
}

impl<T: Localize + ?Sized> Localize for Box<T> {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        (**self).write_in(lang, out)
    }
}

/// The CLDR plural category of the count `n` in `lang` (cardinal numbers).
///
/// # Examples
/// ```
/// use bson_tutor::strings::Lang;
/// use bson_tutor::strings::localize::{PluralCategory, plural};
/// assert_eq!(plural(Lang::En, 1), PluralCategory::ONE);
/// assert_eq!(plural(Lang::En, 2), PluralCategory::OTHER);
/// assert_eq!(plural(Lang::Vi, 1), PluralCategory::OTHER);
/// assert_eq!(plural(Lang::Zh, 1), PluralCategory::OTHER);
/// ```
pub fn plural(lang: Lang, n: u64) -> PluralCategory {
    static RULES: OnceLock<[Option<PluralRules>; 3]> = OnceLock::new();
    let rules = RULES.get_or_init(|| {
        Lang::ALL.map(|l| {
            let id: unic_langid::LanguageIdentifier = l.code().parse().ok()?;
            PluralRules::create(id, PluralRuleType::CARDINAL).ok()
        })
    });
    let index = Lang::ALL.iter().position(|l| *l == lang).unwrap_or(0);
    rules[index]
        .as_ref()
        .and_then(|r| r.select(n).ok())
        .unwrap_or(PluralCategory::OTHER)
}

/// `one` when `n` is in the `one` category of `lang`, else `other`: for the word forms of a
/// language that has two (English `byte`/`bytes`).
pub fn one_other<'a>(lang: Lang, n: u64, one: &'a str, other: &'a str) -> &'a str {
    if plural(lang, n) == PluralCategory::ONE {
        one
    } else {
        other
    }
}

/// Writes `template` with each `{name}` replaced by the value of that name in `args`; `{{`
/// and `}}` are literal braces. A name `args` lacks, and any other brace, is written as it
/// is (a test checks that every catalog entry uses the names its English uses).
///
/// # Errors
/// Whatever `out` or a value returns.
///
/// # Examples
/// ```
/// use bson_tutor::strings::localize::fill;
/// let mut s = String::new();
/// fill(&mut s, "{n} of {total} · {{ x }}", &[("n", &2), ("total", &7)]).unwrap();
/// assert_eq!(s, "2 of 7 · { x }");
/// ```
pub fn fill(
    out: &mut dyn fmt::Write,
    template: &str,
    args: &[(&str, &dyn Display)],
) -> fmt::Result {
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        out.write_str(&rest[..i])?;
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            out.write_str(&tail[..1])?;
            rest = &tail[2..];
            continue;
        }
        if let Some(name) = placeholder(tail)
            && let Some((_, value)) = args.iter().find(|(n, _)| *n == name)
        {
            write!(out, "{value}")?;
            rest = &tail[name.len() + 2..];
            continue;
        }
        out.write_str(&tail[..1])?;
        rest = &tail[1..];
    }
    out.write_str(rest)
}

/// The name of the placeholder `{name}` that `s` starts with: letters, digits and `_`.
fn placeholder(s: &str) -> Option<&str> {
    let inner = s.strip_prefix('{')?;
    let end = inner.find('}')?;
    let name = &inner[..end];
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then_some(name)
}

/// The placeholder names `template` uses, in order of first use (for catalog tests).
pub fn placeholders(template: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(i) = rest.find(['{', '}']) {
        let tail = &rest[i..];
        if tail.starts_with("{{") || tail.starts_with("}}") {
            rest = &tail[2..];
            continue;
        }
        if let Some(name) = placeholder(tail) {
            if !names.contains(&name) {
                names.push(name);
            }
            rest = &tail[name.len() + 2..];
            continue;
        }
        rest = &tail[1..];
    }
    names
}

/// English words left in `text`, a rendering in another language: common English words
/// outside backquotes, quotes and the server's own texts. For the tests that every message
/// is translated; values, paths, operators and type names are not words of this list.
pub fn english_words(text: &str) -> Vec<String> {
    const WORDS: &[&str] = &[
        "a", "an", "the", "is", "are", "was", "be", "not", "no", "but", "and", "or", "of", "in",
        "at", "on", "to", "from", "with", "without", "for", "by", "it", "its", "this", "that",
        "expected", "found", "must", "cannot", "can", "should", "only", "has", "have", "needs",
        "takes", "missing", "unknown", "invalid", "after", "before", "than", "more", "less",
        "line", "column", "byte", "bytes", "value", "field", "document", "string", "number", "end",
        "input", "there", "which", "what", "where", "here", "did", "you", "mean", "use",
    ];
    let mut out = Vec::new();
    let mut quoted = None::<char>;
    let mut word = String::new();
    // Whether the word being read follows a `$`: an operator (`$where`), not prose.
    let mut operator = false;
    let flush = |word: &mut String, operator: bool, out: &mut Vec<String>| {
        if !operator && WORDS.contains(&word.to_ascii_lowercase().as_str()) {
            out.push(std::mem::take(word));
        }
        word.clear();
    };
    for c in text.chars() {
        match quoted {
            Some(q) if c == q => quoted = None,
            Some(_) => {}
            None if matches!(c, '`' | '"' | '\'') => {
                flush(&mut word, operator, &mut out);
                quoted = Some(c);
            }
            // Whole words only: a Vietnamese syllable (`chưa`, `của`) is one word, not `a`.
            None if c.is_alphabetic() => word.push(c),
            // `a-f`, `zh-CN`: a hyphenated token is one word.
            None if c == '-' && !word.is_empty() => word.push(c),
            None => {
                flush(&mut word, operator, &mut out);
                operator = c == '$';
            }
        }
    }
    flush(&mut word, operator, &mut out);
    out
}

/// English words Vietnamese keeps on purpose, as its tables do (src/strings/ui.rs, walk.rs):
/// "document" and "byte" are the terms a learner meets in MongoDB's own documentation.
#[cfg(test)]
pub(crate) const VI_LOANWORDS: [&str; 2] = ["byte", "document"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_replaces_names_and_keeps_other_braces() {
        let mut s = String::new();
        fill(&mut s, "{b}{a} {c} { t } {}", &[("a", &1), ("b", &"x")]).unwrap();
        assert_eq!(s, "x1 {c} { t } {}");
        assert_eq!(placeholders("{b}{a} {{a}} {b} {}"), ["b", "a"]);
    }

    #[test]
    fn english_words_skip_quoted_values() {
        assert_eq!(
            english_words("dòng 1: `the end` \"is\""),
            Vec::<String>::new()
        );
        assert_eq!(
            english_words("dòng 1: expected a value"),
            ["expected", "a", "value"]
        );
    }

    #[test]
    fn plural_rules_follow_cldr() {
        assert_eq!(one_other(Lang::En, 1, "byte", "bytes"), "byte");
        assert_eq!(one_other(Lang::En, 0, "byte", "bytes"), "bytes");
        assert_eq!(one_other(Lang::Vi, 1, "x", "y"), "y");
        assert_eq!(plural(Lang::Zh, 21), PluralCategory::OTHER);
    }
}
