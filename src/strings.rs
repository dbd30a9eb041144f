//! The interface's own words in every language. The English text is the key: a string with no
//! translation shows in English, so adding a string never breaks another language. `{name}`
//! marks a value filled in by [`trf`]; a translation may use the names in any order.

use std::collections::HashMap;
use std::fmt::{self, Display};
use std::sync::OnceLock;

mod answers;
mod browse;
mod claims;
mod cli;
mod collation;
mod console;
mod course;
mod dump;
mod exercise;
mod help;
mod layout;
pub mod localize;
mod matcher;
mod matchops;
mod printing;
pub mod safe;
mod stages;
mod ui;
mod walk;

/// The languages of the built-in lessons and the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Lang {
    /// English, the language lessons are written in.
    #[default]
    En,
    /// Vietnamese.
    Vi,
    /// Chinese (simplified).
    Zh,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Vi, Lang::Zh];

    /// The code used by `--lang` and in translation files: `en`, `vi`, `zh`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Vi => "vi",
            Lang::Zh => "zh",
        }
    }

    /// Reads a code (`vi`, `zh`, `en`), case-insensitively.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The language a locale names (`vi_VN.UTF-8`, `zh_CN.UTF-8`, `C.UTF-8`): its language
    /// part if known, English otherwise.
    pub fn from_locale(locale: &str) -> Lang {
        let language = locale
            .split(['_', '.', '@', '-'])
            .next()
            .unwrap_or_default();
        Lang::from_code(language).unwrap_or_default()
    }
}

/// Every table, each a Vietnamese and a Chinese list of (English, translation).
type Table = &'static [(&'static str, &'static str)];
const TABLES: &[(Table, Table)] = &[
    (ui::VI, ui::ZH),
    (walk::VI, walk::ZH),
    (matcher::VI, matcher::ZH),
    (matchops::VI, matchops::ZH),
    (cli::VI, cli::ZH),
    (help::VI, help::ZH),
    (answers::VI, answers::ZH),
    (exercise::VI, exercise::ZH),
    (layout::VI, layout::ZH),
    (course::VI, course::ZH),
    (claims::VI, claims::ZH),
    (printing::VI, printing::ZH),
    (stages::VI, stages::ZH),
    (collation::VI, collation::ZH),
    (dump::VI, dump::ZH),
    (browse::VI, browse::ZH),
    (console::VI, console::ZH),
];

/// `text` followed by spaces up to `width` display columns: a CJK character takes two, so
/// columns of Chinese and Vietnamese text line up as English does.
pub fn pad(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(unicode_width::UnicodeWidthStr::width(text));
    format!("{text}{}", " ".repeat(fill))
}

/// Spaces up to `width` display columns, then `text` (numbers in a right-aligned column).
pub fn pad_left(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(unicode_width::UnicodeWidthStr::width(text));
    format!("{}{text}", " ".repeat(fill))
}

/// `en` in `lang`.
pub fn tr(lang: Lang, en: &'static str) -> &'static str {
    translation(lang, en).unwrap_or(en)
}

/// The translation of `en` into `lang`, if the tables have one (English has none: it is the
/// key). For tests that every string the interface shows is translated.
pub fn translation(lang: Lang, en: &str) -> Option<&'static str> {
    let table = match lang {
        Lang::En => return None,
        Lang::Vi => {
            static VI: OnceLock<HashMap<&str, &str>> = OnceLock::new();
            VI.get_or_init(|| merged(|(vi, _)| vi))
        }
        Lang::Zh => {
            static ZH: OnceLock<HashMap<&str, &str>> = OnceLock::new();
            ZH.get_or_init(|| merged(|(_, zh)| zh))
        }
    };
    table.get(en).copied()
}

/// One language's tables as one map.
fn merged(pick: fn(&(Table, Table)) -> &Table) -> HashMap<&'static str, &'static str> {
    TABLES
        .iter()
        .flat_map(|tables| pick(tables).iter().copied())
        .collect()
}

/// `en` in `lang` with its `{name}` placeholders filled: `args` are bound, in order, to the
/// names as they first appear in the English text, so a translation may put them in any
/// order (see [`localize::fill`]).
///
/// # Examples
/// ```
/// use bson_tutor::strings::{Lang, trf};
/// assert_eq!(trf(Lang::En, "hints {shown}/{total}", &[&1, &3]), "hints 1/3");
/// assert_eq!(trf(Lang::Vi, "hints {shown}/{total}", &[&1, &3]), "gợi ý 1/3");
/// ```
pub fn trf(lang: Lang, en: &'static str, args: &[&dyn Display]) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_trf(&mut out, lang, en, args);
    out
}

/// [`trf`] for a sentence about `n` things: the English `one` form when `n` is in the CLDR
/// `one` category of `lang`, else the `other` form (Vietnamese and Chinese have only
/// `other`), each translated as its own table entry.
///
/// # Examples
/// ```
/// use bson_tutor::strings::{Lang, trn};
/// let more = |lang, n: usize| trn(lang, n as u64, "{n} more line", "{n} more lines", &[&n]);
/// assert_eq!(more(Lang::En, 1), "1 more line");
/// assert_eq!(more(Lang::En, 2), "2 more lines");
/// ```
pub fn trn(
    lang: Lang,
    n: u64,
    one: &'static str,
    other: &'static str,
    args: &[&dyn Display],
) -> String {
    trf(lang, localize::one_other(lang, n, one, other), args)
}

/// [`trf`] written straight into `w` (a bounded writer stops a long value early).
///
/// # Errors
/// Whatever `w` returns.
pub fn write_trf(
    w: &mut dyn fmt::Write,
    lang: Lang,
    en: &'static str,
    args: &[&dyn Display],
) -> fmt::Result {
    debug_assert!(!en.contains("{}"), "{en:?}: a placeholder needs a name");
    let named: Vec<(&str, &dyn Display)> = localize::placeholders(en)
        .into_iter()
        .zip(args.iter().copied())
        .collect();
    localize::fill(w, tr(lang, en), &named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translations_keep_their_placeholders_and_fall_back_to_english() {
        for lang in [Lang::Vi, Lang::Zh] {
            let table: Vec<(&str, &str)> = TABLES
                .iter()
                .flat_map(|(vi, zh)| if lang == Lang::Vi { *vi } else { *zh }.iter().copied())
                .collect();
            for (en, text) in &table {
                let mut names = localize::placeholders(en);
                let mut theirs = localize::placeholders(text);
                names.sort_unstable();
                theirs.sort_unstable();
                assert_eq!(
                    names, theirs,
                    "{lang:?}: {en:?} → {text:?}: other placeholders"
                );
                assert!(!en.contains("{}"), "{en:?}: a placeholder needs a name");
            }
            let mut keys: Vec<&str> = table.iter().map(|(en, _)| *en).collect();
            keys.sort_unstable();
            let twice: Vec<&str> = keys
                .windows(2)
                .filter(|pair| pair[0] == pair[1])
                .map(|pair| pair[0])
                .collect();
            assert!(twice.is_empty(), "{lang:?}: translated twice: {twice:?}");
        }
        assert_eq!(tr(Lang::Vi, "Lessons"), "Bài học");
        assert_eq!(tr(Lang::Zh, "not in any table"), "not in any table");
        assert_eq!(
            trf(
                Lang::Vi,
                "Exercise {n}/{total} · {kind}",
                &[&2, &7, &"size"]
            ),
            "Bài tập 2/7 · size"
        );
    }
}
