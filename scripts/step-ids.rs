//! Gives every step of the lessons in a directory a `name`, keys their translations
//! (`DIR/i18n/<lang>/*.toml`) by it instead of by number, and records in each translated
//! step the fingerprint of the English it translates (`source = "..."`).
//!
//! ```sh
//! cargo run --example step-ids -- lessons            # migrate; a second run changes nothing
//! cargo run --example step-ids -- --refresh lessons  # and set every `source` to the English now
//! ```
//!
//! A step without a name is named after its kind (`text`, `hex`, `eval`, `size`...), with
//! `-2`, `-3`... where the lesson already has one; rename it before translating. A
//! translation's `[step.N]` becomes `[step.NAME]` of the step that is N-th now. A `source`
//! already written is kept (the `check` warning then says the English changed) unless
//! `--refresh` is given: run that once the translations are brought up to date.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bson_tutor::lesson::i18n::{Translation, fingerprint, title_fingerprint};
use bson_tutor::lesson::model::RunCommand;
use bson_tutor::lesson::{Lesson, Step, load_str};

fn main() -> ExitCode {
    let mut refresh = false;
    let mut dirs = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--refresh" => refresh = true,
            "-h" | "--help" => {
                println!("usage: step-ids [--refresh] DIR...");
                return ExitCode::SUCCESS;
            }
            _ => dirs.push(PathBuf::from(arg)),
        }
    }
    if dirs.is_empty() {
        eprintln!("usage: step-ids [--refresh] DIR...");
        return ExitCode::from(2);
    }
    for dir in &dirs {
        if let Err(e) = migrate_dir(dir, refresh) {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// The `*.toml` files directly in `dir`, sorted.
fn tomls(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| p.is_file() && p.extension().is_some_and(|x| x == "toml"));
    out.sort();
    out
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_if_changed(path: &Path, old: &str, new: &str) -> Result<(), String> {
    if old != new {
        std::fs::write(path, new).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("updated {}", path.display());
    }
    Ok(())
}

fn migrate_dir(dir: &Path, refresh: bool) -> Result<(), String> {
    let translations: Vec<PathBuf> = tomls(&dir.join("i18n"))
        .into_iter()
        .chain(
            std::fs::read_dir(dir.join("i18n"))
                .map(|d| d.flatten().map(|e| e.path()).collect::<Vec<_>>())
                .unwrap_or_default()
                .into_iter()
                .filter(|p| p.is_dir())
                .flat_map(|p| tomls(&p)),
        )
        .collect();
    for path in tomls(dir) {
        let text = read(&path)?;
        let file = path.display().to_string();
        let before = load_str(&file, &text).map_err(|e| e.to_string())?.lesson;
        let named = name_steps(&before, &text);
        let after = load_str(&file, &named).map_err(|e| e.to_string())?.lesson;
        write_if_changed(&path, &text, &named)?;
        for t in &translations {
            let text = read(t)?;
            let Ok(parsed) = toml::from_str::<Translation>(&text) else {
                continue;
            };
            if parsed.lesson == after.id {
                let new = rekey(&after, &parsed, &text, refresh);
                write_if_changed(t, &text, &new)?;
            }
        }
    }
    Ok(())
}

/// The name a step gets when it has none: its kind, or an exercise's type.
fn kind_name(step: &Step) -> &'static str {
    match step {
        Step::Text(_) => "text",
        Step::Hex(_) => "hex",
        Step::Table(_) => "table",
        Step::Shell(_) => "shell",
        Step::Run(r) => match r.command {
            RunCommand::Eval => "eval",
            RunCommand::Find => "find",
            RunCommand::Aggregate => "aggregate",
            RunCommand::Inspect => "inspect",
            RunCommand::Oid => "oid",
            RunCommand::Update => "update",
        },
        Step::Exercise(e) => e.exercise_type.name(),
    }
}

/// `text` (the lesson `lesson` was read from) with a `name = "..."` line after the header of
/// every step that has no name.
fn name_steps(lesson: &Lesson, text: &str) -> String {
    let mut taken: Vec<String> = lesson
        .steps
        .iter()
        .filter_map(|s| s.name().map(str::to_string))
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut steps = lesson.steps.iter();
    for line in text.split_inclusive('\n') {
        out.push_str(line);
        if line.trim() != "[[step]]" {
            continue;
        }
        let Some(step) = steps.next() else { continue };
        if step.name().is_some() {
            continue;
        }
        let base = kind_name(step);
        let name = (1..)
            .map(|n| match n {
                1 => base.to_string(),
                n => format!("{base}-{n}"),
            })
            .find(|n| !taken.contains(n))
            .unwrap_or_default();
        if !line.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("name = \"{name}\"\n"));
        taken.push(name);
    }
    out
}

/// A translation (`text`, read as `parsed`) of `lesson`: `[step.N]` becomes `[step.NAME]` of
/// the lesson's N-th step, and every entry of a step records the fingerprint of its English
/// (`refresh`: even where it recorded an older one).
fn rekey(lesson: &Lesson, parsed: &Translation, text: &str, refresh: bool) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    // The table being copied: `None` before the first header, `Some(id)` in `[step.id]`,
    // `Some("")` in another table.
    let mut table: Option<String> = None;
    let mut wrote_source = false;
    let pending_title = parsed.title.is_some() || parsed.summary.is_some();
    let title_source = format!("source = \"{}\"\n", title_fingerprint(lesson));
    // The delimiter of the multi-line string being copied, if any.
    let mut open: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if let Some(quote) = open {
            out.push_str(line);
            if line.matches(quote).count() % 2 == 1 {
                open = None;
            }
            continue;
        }
        if let Some(key) = header_key(trimmed) {
            // A number is the step's position when the translation was written.
            let id = key
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= lesson.steps.len())
                .map_or_else(|| key.to_string(), |n| lesson.step_id(n - 1));
            if id == key {
                out.push_str(line);
            } else {
                out.push_str(&format!("[step.{id}]\n"));
            }
            wrote_source = false;
            if let Some(i) = lesson.step_index(&id) {
                let given = parsed.step.get(key);
                let now = fingerprint(&lesson.steps[i]);
                let kept = given.and_then(|s| s.source.clone()).filter(|_| !refresh);
                out.push_str(&format!("source = \"{}\"\n", kept.unwrap_or(now)));
                wrote_source = true;
            }
            table = Some(id);
            continue;
        }
        if trimmed.starts_with('[') {
            table = Some(String::new());
        }
        let is_source = trimmed
            .strip_prefix("source")
            .is_some_and(|r| r.trim_start().starts_with('='));
        match &table {
            // The top-level source: rewritten after `lang`, dropped where it was.
            None if is_source => continue,
            None if trimmed.starts_with("lang") && pending_title => {
                out.push_str(line);
                let kept = parsed.source.clone().filter(|_| !refresh);
                match kept {
                    Some(s) => out.push_str(&format!("source = \"{s}\"\n")),
                    None => out.push_str(&title_source),
                }
                continue;
            }
            Some(_) if is_source && wrote_source => continue,
            _ => {}
        }
        out.push_str(line);
        open = ["\"\"\"", "\'\'\'"]
            .into_iter()
            .find(|q| line.matches(q).count() % 2 == 1);
    }
    out
}

/// `KEY` of a `[step.KEY]` header line.
fn header_key(line: &str) -> Option<&str> {
    let line = line.split('#').next().unwrap_or(line).trim();
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    if inner.starts_with('[') {
        return None;
    }
    Some(
        inner
            .strip_prefix("step.")?
            .trim()
            .trim_matches(['"', '\'']),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson_tutor::lesson::builtin::{LESSONS, TRANSLATIONS};
    use bson_tutor::lesson::i18n::{load_translation, localize};

    const LESSON: &str = r#"format_version = 1
id = "tiny"
title = "Tiny"
order = 1
summary = "One fact."

[[step]]
kind = "text"
text = """
A document starts with its length.
"""

[[step]]
name = "size"
kind = "text"
text = "Named already, and by the name the next step would get."

[[step]]
kind = "exercise"
type = "size"
prompt = "How many bytes is { a: 1 }?"
explanation = "4 + 7 + 1."
expect = "12"
document = "{ a: 1 }"
"#;

    const VI: &str = r#"lesson = "tiny"
lang = "vi"
title = "Nhỏ"
summary = "Một điều."

[step.1]
text = """
[step.3]
source = "not a header nor a key"
"""

[step.size]
text = '''
[step.2]
'''

[step.3]
prompt = "{ a: 1 } dài bao nhiêu byte?"
explanation = "4 + 7 + 1."
"#;

    /// Names, re-keys and fingerprints `LESSON` and `VI` once.
    fn migrate(lesson: &str, vi: &str, refresh: bool) -> (String, String) {
        let before = load_str("tiny.toml", lesson).unwrap().lesson;
        let named = name_steps(&before, lesson);
        let after = load_str("tiny.toml", &named).unwrap().lesson;
        let parsed: Translation = toml::from_str(vi).unwrap();
        (named.clone(), rekey(&after, &parsed, vi, refresh))
    }

    #[test]
    fn a_pack_is_named_rekeyed_and_fingerprinted_once() {
        let (lesson, vi) = migrate(LESSON, VI, false);
        assert!(
            lesson.contains("[[step]]\nname = \"text\"\nkind = \"text\""),
            "{lesson}"
        );
        assert!(
            lesson.contains("[[step]]\nname = \"size-2\"\nkind = \"exercise\""),
            "{lesson}"
        );
        assert!(vi.contains("[step.text]\nsource = \""), "{vi}");
        assert!(vi.contains("[step.size-2]\nsource = \""), "{vi}");
        assert!(vi.contains("lang = \"vi\"\nsource = \""), "{vi}");
        assert!(
            vi.contains("\n[step.3]\nsource = \"not a header"),
            "a text is not a header: {vi}"
        );
        assert!(
            vi.contains("\'\'\'\n[step.2]\n\'\'\'"),
            "nor a literal text: {vi}"
        );
        // The result is a complete translation with nothing to warn about.
        let loaded = load_str("tiny.toml", &lesson).unwrap().lesson;
        let t = load_translation("vi.toml", &vi).unwrap();
        let (_, gaps) = localize(&loaded, Some(&t.translation));
        assert_eq!(gaps, []);
        // A second run changes nothing.
        assert_eq!(migrate(&lesson, &vi, false), (lesson.clone(), vi.clone()));
    }

    #[test]
    fn a_recorded_source_is_kept_unless_refreshed() {
        let (lesson, vi) = migrate(LESSON, VI, false);
        let edited = lesson.replace("4 + 7 + 1.", "4 + 7 + 1 = 12.");
        let (_, kept) = migrate(&edited, &vi, false);
        assert_eq!(kept, vi);
        let (_, refreshed) = migrate(&edited, &vi, true);
        assert_ne!(refreshed, vi);
        let loaded = load_str("tiny.toml", &edited).unwrap().lesson;
        let t = load_translation("vi.toml", &refreshed).unwrap();
        assert_eq!(localize(&loaded, Some(&t.translation)).1, []);
        assert_eq!(migrate(&edited, &refreshed, true).1, refreshed);
    }

    /// The built-in lessons and translations are migrated: running the script over them
    /// changes nothing.
    #[test]
    fn the_builtin_lessons_are_already_migrated() {
        for (file, text) in LESSONS {
            let before = load_str(file, text).unwrap().lesson;
            assert!(
                &name_steps(&before, text) == text,
                "{file}: a step has no name"
            );
            for (code, name, vi) in TRANSLATIONS {
                let parsed: Translation = toml::from_str(vi).unwrap();
                if parsed.lesson == before.id {
                    let again = rekey(&before, &parsed, vi, true);
                    assert!(
                        &again == vi,
                        "{code}/{name}: not keyed by name or fingerprinted"
                    );
                }
            }
        }
    }
}
