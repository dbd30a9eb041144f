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
    loaded_translation(id, lang).map(|t| t.translation)
}

/// The built-in translation of lesson `id` into `lang` with its file name and lines, if
/// there is one that loads.
pub fn loaded_translation(
    id: &str,
    lang: super::i18n::Lang,
) -> Option<super::i18n::LoadedTranslation> {
    TRANSLATIONS
        .iter()
        .filter(|(code, _, _)| *code == lang.code())
        .filter_map(|(code, file, text)| {
            super::i18n::load_translation(&format!("lessons/i18n/{code}/{file}"), text).ok()
        })
        .find(|t| t.translation.lesson == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::i18n::{load_translation, localize};
    use crate::lesson::load_str;

    /// Every built-in lesson names every step, so that its translations follow the step
    /// wherever it moves.
    #[test]
    fn every_builtin_step_has_a_name() {
        for (file, text) in LESSONS {
            let lesson = load_str(file, text)
                .unwrap_or_else(|e| panic!("{e}"))
                .lesson;
            let unnamed: Vec<usize> = (0..lesson.steps.len())
                .filter(|&i| lesson.steps[i].name().is_none())
                .map(|i| i + 1)
                .collect();
            assert!(
                unnamed.is_empty(),
                "{file}: steps without a name: {unnamed:?}"
            );
        }
    }

    /// Every built-in translation loads, names a built-in lesson in its own language, and
    /// leaves no gap: every text translated, none without a place, every fingerprint that
    /// of the English as it is now.
    #[test]
    fn every_builtin_translation_fits_its_lesson() {
        let lessons = lessons();
        assert_eq!(
            lessons.len(),
            LESSONS.len(),
            "a built-in lesson does not load"
        );
        for (code, file, text) in TRANSLATIONS {
            let path = format!("lessons/i18n/{code}/{file}");
            let t = load_translation(&path, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t.lang.code(), *code, "{path}: `lang` is not its directory");
            let lesson = lessons
                .iter()
                .find(|l| l.id == t.translation.lesson)
                .unwrap_or_else(|| panic!("{path}: no lesson `{}`", t.translation.lesson));
            let (_, gaps) = localize(lesson, Some(&t.translation));
            let gaps: Vec<String> = gaps
                .iter()
                .map(|g| format!("{}: {g}", t.line(g.step.as_deref())))
                .collect();
            assert!(gaps.is_empty(), "{path}: {gaps:#?}");
        }
    }
}
