//! The lessons in `lessons/`, embedded in the binary: `build.rs` lists every `*.toml` file
//! there, so a new lesson needs no code change.

/// `(file name, text)` of every built-in lesson, sorted by file name.
pub const LESSONS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

/// The built-in lessons, read. A built-in lesson that does not load is a build error in
/// spirit: `bson-tutor check` and the test suite fail on it, so here it is skipped.
pub fn lessons() -> Vec<super::Lesson> {
    LESSONS
        .iter()
        .filter_map(|(file, text)| super::load_str(file, text).ok())
        .map(|loaded| loaded.lesson)
        .collect()
}

/// `(language code, file name, text)` of every built-in translation
/// (`lessons/i18n/<lang>/<file>.toml`), sorted.
pub const TRANSLATIONS: &[(&str, &str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/translations.rs"));

/// The built-in translation of lesson `id` into `lang`, if there is one that loads.
pub fn translation(id: &str, lang: super::i18n::Lang) -> Option<super::i18n::Translation> {
    TRANSLATIONS
        .iter()
        .filter(|(code, _, _)| *code == lang.code())
        .filter_map(|(code, file, text)| {
            super::i18n::load_translation(&format!("lessons/i18n/{code}/{file}"), text).ok()
        })
        .map(|t| t.translation)
        .find(|t| t.lesson == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::i18n::{GapKind, load_translation, localize};

    /// Every built-in translation loads, names a built-in lesson in its own language, and
    /// puts no text where its lesson has none (steps are matched by number).
    #[test]
    fn every_builtin_translation_fits_its_lesson() {
        let lessons = lessons();
        for (code, file, text) in TRANSLATIONS {
            let path = format!("lessons/i18n/{code}/{file}");
            let t = load_translation(&path, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.lang.code(), *code, "{path}: `lang` is not its directory");
            let lesson = lessons
                .iter()
                .find(|l| l.id == t.translation.lesson)
                .unwrap_or_else(|| panic!("{path}: no lesson `{}`", t.translation.lesson));
            let (_, gaps) = localize(lesson, Some(&t.translation));
            let misplaced: Vec<_> = gaps
                .iter()
                .filter(|g| g.kind == GapKind::Misplaced)
                .map(|g| format!("step {} {}", g.step, g.field))
                .collect();
            assert!(
                misplaced.is_empty(),
                "{path}: texts with no place: {misplaced:?}"
            );
        }
    }
}
