//! The language to show: `--lang`, else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`, then the
//! operating system's), else English; and lessons put in it, from the built-in translations
//! or a pack's `i18n/<lang>/*.toml`.

use std::path::Path;
use std::sync::OnceLock;

use bson_tutor::lesson::builtin;
use bson_tutor::lesson::i18n::{Lang, LoadedTranslation, load_translation, localize};
use bson_tutor::lesson::{Lesson, Loaded};
use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::{tr, trf};

/// `--lang` values.
pub fn parse_lang(code: &str) -> Result<Lang, String> {
    Lang::from_code(code).ok_or_else(|| tf("unknown language `{code}`: use en, vi or zh", &[&code]))
}

/// The language of this run, chosen once by [`set`] before any command runs.
static LANG: OnceLock<Lang> = OnceLock::new();

/// Fixes the language of this run (the first call wins).
pub fn set(lang: Lang) {
    let _ = LANG.set(lang);
}

/// The language of this run: what [`set`] chose, or the locale's if nothing was set.
pub fn lang() -> Lang {
    // Not get_or_init: a message made while the command line is parsed must not fix the
    // language before `--lang` is read.
    LANG.get().copied().unwrap_or_else(|| pick(None))
}

/// `en` in the language of this run.
pub fn t(en: &'static str) -> &'static str {
    tr(lang(), en)
}

/// `en` in the language of this run, each `{}` replaced by the next of `args`.
pub fn tf(en: &'static str, args: &[&dyn std::fmt::Display]) -> String {
    trf(lang(), en, args)
}

/// [`tf`] for a phrase about `n` things, in the plural form `n` takes in this run's language.
pub fn tn(n: u64, one: &'static str, other: &'static str) -> String {
    bson_tutor::strings::trn(lang(), n, one, other, &[&n])
}

/// Prints `warning: message` on standard error, in the language of this run, what it quotes
/// from data shown escaped.
pub fn warn(message: &str) {
    let line = format!("{}{message}", t("warning: "));
    super::out::eprint_line(super::out::safe_lines(&line));
}

/// Prints `note: message` on standard error, in the language of this run, what it quotes
/// from data shown escaped.
pub fn note(message: &str) {
    let line = format!("{}{message}", t("note: "));
    super::out::eprint_line(super::out::safe_lines(&line));
}

/// The language asked for, or the one the locale names: the environment's (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`, as on Unix), else the operating system's (macOS and Windows often
/// set none of those), else English.
pub fn pick(requested: Option<Lang>) -> Lang {
    requested.unwrap_or_else(|| {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.is_empty())
            .or_else(sys_locale::get_locale)
            .map_or(Lang::En, |locale| Lang::from_locale(&locale))
    })
}

/// The translations of a pack directory (`DIR/i18n/<lang>/*.toml`) into `lang`; files that
/// do not load are reported in `problems`.
fn pack_translations(dir: &Path, lang: Lang, problems: &mut Vec<String>) -> Vec<LoadedTranslation> {
    let sub = dir.join("i18n").join(lang.code());
    // Read as the lessons are: no link out of the pack followed, no FIFO opened.
    let Ok(files) = bson_tutor::lesson::load::read_toml_files(&sub, dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for file in files {
        match file
            .text
            .and_then(|text| load_translation(&file.name, &text))
        {
            Ok(t) => out.push(t),
            Err(e) => problems.push(e.to_string_in(self::lang())),
        }
    }
    out
}

/// `lessons` in `lang`: each text from its translation where there is one, English where
/// not (and where the English changed since, the older translation: better than none).
/// Translations come from the pack directory first, then the built-ins.
pub fn localized(
    lessons: Vec<Lesson>,
    lang: Lang,
    dir: Option<&Path>,
    problems: &mut Vec<String>,
) -> Vec<Lesson> {
    if lang == Lang::En {
        return lessons;
    }
    let pack = dir.map_or_else(Vec::new, |d| pack_translations(d, lang, problems));
    lessons
        .into_iter()
        .map(|lesson| {
            let t = pack
                .iter()
                .find(|t| t.translation.lesson == lesson.id)
                .map(|t| t.translation.clone())
                .or_else(|| builtin::translation(&lesson.id, lang));
            localize(&lesson, t.as_ref()).0
        })
        .collect()
}

/// For `check`: every text a translation lacks (at the `file:line` of the step in the lesson
/// file); every text or step a translation gives where the lesson has none, every step whose
/// English changed since it was translated, and every step translated without a fingerprint
/// of its English (at the `file:line` of the step in the translation file); and every lesson
/// with no translation into a language that the source (the pack, or the built-ins)
/// translates into.
pub fn translation_warnings(lessons: &[&Loaded], dir: Option<&Path>) -> Vec<String> {
    let mut out = Vec::new();
    for lang in [Lang::Vi, Lang::Zh] {
        let mut problems = Vec::new();
        let pack = dir.map_or_else(Vec::new, |d| pack_translations(d, lang, &mut problems));
        out.extend(problems);
        let source_translates = match dir {
            Some(_) => !pack.is_empty(),
            None => builtin::TRANSLATIONS
                .iter()
                .any(|(code, _, _)| *code == lang.code()),
        };
        if !source_translates {
            continue;
        }
        for loaded in lessons {
            let lesson = &loaded.lesson;
            let translation = match dir {
                Some(_) => pack
                    .iter()
                    .find(|t| t.translation.lesson == lesson.id)
                    .cloned(),
                None => builtin::loaded_translation(&lesson.id, lang),
            };
            let Some(translation) = translation else {
                out.push(tf(
                    "{file}:1: no {lang_code} translation of lesson `{id}` (it shows in English)",
                    &[&loaded.file, &lang.code(), &lesson.id],
                ));
                continue;
            };
            let (_, gaps) = localize(lesson, Some(&translation.translation));
            for gap in gaps {
                let step = gap.step.as_deref();
                // A missing text is fixed in the translation, but found by the lesson's step;
                // everything else is a line of the translation.
                let (file, line) = if gap.is_missing() {
                    let index = step.and_then(|id| lesson.step_index(id));
                    (&loaded.file, index.map_or(1, |i| loaded.step_line(i)))
                } else {
                    (&translation.file, translation.line(step))
                };
                out.push(format!(
                    "{file}:{line}: {}: {}",
                    lang.code(),
                    gap.display_in(self::lang())
                ));
            }
        }
    }
    out
}
