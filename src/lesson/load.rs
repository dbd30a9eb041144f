//! Reading lesson files: TOML syntax, then the format version, then the whole lesson, with
//! every error placed at `file:line:col` and shown with its line and a caret.
//!
//! A loader that trusts nothing: [`read_pack`] reads a directory without following a link
//! out of it or opening anything but a regular file; [`load_files`] turns every file into a
//! lesson or one error, refusing ids that are not `[a-z0-9][a-z0-9-]*` ([`check_id`]) and a
//! second lesson with an id already taken. One bad file never stops the others.

mod error;
mod id;
mod pack;

use std::collections::HashMap;

use serde::Deserialize;

pub(super) use self::error::toml_error;
pub use self::error::{Entry, LoadError, LoadErrorKind, Place};
pub use self::id::{IdError, MAX_ID_LEN, check_id};
pub use self::pack::{MAX_LESSON_BYTES, PackFile, read_pack, read_pack_file, read_toml_files};
use super::model::{FORMAT_VERSION, Lesson, is_step_name};

/// A lesson read from a file, with what is needed to point back into it.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file name (as given to the loader).
    pub file: String,
    /// The lesson.
    pub lesson: Lesson,
    /// The 1-based line of each step's `[[step]]` header, in order.
    pub step_lines: Vec<usize>,
    /// The 1-based line and column of the lesson's `id` value.
    pub id_at: (usize, usize),
}

impl Loaded {
    /// The line of step `i`'s header (1 if unknown).
    pub fn step_line(&self, i: usize) -> usize {
        self.step_lines.get(i).copied().unwrap_or(1)
    }
}

/// Reads one lesson from its text; `file` names it in errors.
///
/// The format version is checked before the rest, so a lesson written for a newer
/// bson-tutor says so instead of failing on a field this build does not know.
///
/// # Errors
/// A TOML syntax error, a missing or newer `format_version`, an unknown key, a missing
/// field or a value of the wrong type, each at its `line:col`.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::load_str;
/// let e = load_str("x.toml", "format_version = 2\nid = \"x\"\n").unwrap_err();
/// assert_eq!(e.to_string().lines().next(), Some(
///     "x.toml:1:1: lesson format 2 is newer than this bson-tutor understands (1); update bson-tutor"));
/// ```
pub fn load_str(file: &str, text: &str) -> Result<Loaded, LoadError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let version_at = text
        .lines()
        .scan(0, |pos, line| {
            let start = *pos;
            *pos += line.len() + 1;
            Some((start, line))
        })
        .find(|(_, l)| l.trim_start().starts_with("format_version"))
        .map_or(0, |(start, l)| start + (l.len() - l.trim_start().len()));
    let kind = match table.get("format_version") {
        None => Some((0, LoadErrorKind::MissingFormatVersion)),
        Some(toml::Value::Integer(v)) if *v > i64::from(FORMAT_VERSION) => {
            Some((version_at, LoadErrorKind::NewerFormat { found: *v }))
        }
        Some(toml::Value::Integer(v)) if *v < 1 => {
            Some((version_at, LoadErrorKind::FormatBelowOne { found: *v }))
        }
        Some(toml::Value::Integer(_)) => None,
        Some(other) => Some((
            version_at,
            LoadErrorKind::FormatNotInteger {
                found: other.type_str().to_string(),
            },
        )),
    };
    if let Some((offset, kind)) = kind {
        return Err(LoadError::at(file, text, offset, kind));
    }
    let lesson: Lesson = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let id_offset = check_names(file, text)?;
    let step_lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim() == "[[step]]")
        .map(|(i, _)| i + 1)
        .collect();
    Ok(Loaded {
        file: file.to_string(),
        lesson,
        step_lines,
        id_at: line_col(text, id_offset),
    })
}

/// The `id`, the `prerequisites` and the steps' `name`s where the file writes them, for
/// errors that point at one.
#[derive(Deserialize)]
struct NamesAt {
    id: toml::Spanned<String>,
    #[serde(default)]
    prerequisites: Vec<toml::Spanned<String>>,
    #[serde(default)]
    step: Vec<NameAt>,
}

#[derive(Deserialize)]
struct NameAt {
    name: Option<toml::Spanned<String>>,
    /// An exercise's seed range (other kinds of step refuse the key).
    vary: Option<toml::Spanned<[u64; 2]>>,
}

/// The lesson's `id` and `prerequisites` are ids ([`check_id`]), every step `name` is well
/// formed and unique in the lesson, and every `vary` range is one `check` can prove
/// ([`super::vary::range_problem`]). Gives the offset of the `id`.
fn check_names(file: &str, text: &str) -> Result<usize, LoadError> {
    let names: NamesAt = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
    let id_at = names.id.span().start;
    if let Err(problem) = check_id(names.id.get_ref()) {
        let id = names.id.into_inner();
        return Err(LoadError::at(
            file,
            text,
            id_at,
            LoadErrorKind::BadId { id, problem },
        ));
    }
    for prerequisite in &names.prerequisites {
        if let Err(problem) = check_id(prerequisite.get_ref()) {
            let id = prerequisite.get_ref().clone();
            let kind = LoadErrorKind::BadPrerequisite { id, problem };
            return Err(LoadError::at(file, text, prerequisite.span().start, kind));
        }
    }
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for name in names.step.iter().filter_map(|s| s.name.as_ref()) {
        let at = name.span().start;
        let value = name.get_ref().as_str();
        if !is_step_name(value) {
            let kind = LoadErrorKind::BadStepName {
                name: value.to_string(),
            };
            return Err(LoadError::at(file, text, at, kind));
        }
        if let Some((_, first)) = seen.iter().find(|(n, _)| *n == value) {
            let kind = LoadErrorKind::DuplicateStepName {
                name: value.to_string(),
                first_line: line_of(text, *first),
            };
            return Err(LoadError::at(file, text, at, kind));
        }
        seen.push((value, at));
    }
    for vary in names.step.iter().filter_map(|s| s.vary.as_ref()) {
        let range = *vary.get_ref();
        if let Some(problem) = super::vary::range_problem(range) {
            let kind = LoadErrorKind::BadVary { range, problem };
            return Err(LoadError::at(file, text, vary.span().start, kind));
        }
    }
    Ok(id_at)
}

/// The 1-based line and column (in characters) of byte `offset` of `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let e = LoadError::at("", text, offset, LoadErrorKind::MissingFormatVersion);
    (e.line, e.column)
}

/// The 1-based line of byte `offset` of `text`.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text.bytes().take(offset).filter(|&b| b == b'\n').count() + 1
}

/// Reads every `(file, text)` pair with [`load_files`].
pub fn load_dir<'a>(
    files: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<Result<Loaded, LoadError>> {
    load_files(files.into_iter().map(|(f, t)| PackFile::text(f, t)))
}

/// Loads every file (built-in lessons first, then a pack's, as [`read_pack`] gives them): a
/// file refused while read, a lesson that does not load, and a lesson whose `id` an earlier
/// file already has are each returned as one error and do not stop the others. The result
/// is sorted by lesson order, broken files last.
///
/// The first lesson with an id keeps it, so a pack cannot take over a built-in lesson's
/// progress records; the error of the second names the first's `file:line:col`.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::load::{LoadErrorKind, PackFile, load_files};
/// let lesson = "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"s\"\n";
/// let all = load_files([PackFile::text("a.toml", lesson), PackFile::text("b.toml", lesson)]);
/// assert_eq!(all[0].as_ref().map(|l| l.file.as_str()).ok(), Some("a.toml"));
/// let second = all[1].as_ref().unwrap_err();
/// assert!(matches!(&second.kind, LoadErrorKind::DuplicateId { first, .. } if first.file == "a.toml"));
/// ```
pub fn load_files(files: impl IntoIterator<Item = PackFile>) -> Vec<Result<Loaded, LoadError>> {
    let mut owners: HashMap<String, Place> = HashMap::new();
    let mut out: Vec<Result<Loaded, LoadError>> = files
        .into_iter()
        .map(|f| {
            let text = f.text?;
            let loaded = load_str(&f.name, &text)?;
            let id = &loaded.lesson.id;
            if let Some(first) = owners.get(id) {
                let kind = LoadErrorKind::DuplicateId {
                    id: id.clone(),
                    first: Box::new(first.clone()),
                };
                return Err(at_line_col(&f.name, &text, loaded.id_at, kind));
            }
            let (line, column) = loaded.id_at;
            owners.insert(
                id.clone(),
                Place {
                    file: f.name.clone(),
                    line,
                    column,
                },
            );
            Ok(loaded)
        })
        .collect();
    out.sort_by(|a, b| match (a, b) {
        (Ok(x), Ok(y)) => (x.lesson.order, &x.lesson.id).cmp(&(y.lesson.order, &y.lesson.id)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(x), Err(y)) => x.file.cmp(&y.file),
    });
    out
}

/// The error `kind` at `line:column` of `text`.
fn at_line_col(
    file: &str,
    text: &str,
    (line, column): (usize, usize),
    kind: LoadErrorKind,
) -> LoadError {
    let source_line = text
        .lines()
        .nth(line.saturating_sub(1))
        .unwrap_or_default()
        .trim_end_matches('\r')
        .to_string();
    LoadError {
        file: file.to_string(),
        line,
        column,
        kind,
        source_line,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_error_has_line_and_column() {
        let e = load_str("a.toml", "format_version = 1\nid = \n").unwrap_err();
        assert_eq!((e.line, e.file.as_str()), (2, "a.toml"));
    }

    #[test]
    fn newer_format_is_named_not_parsed() {
        let e = load_str("a.toml", "title = 3\nformat_version = 7\nbogus = 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert_eq!(e.kind, LoadErrorKind::NewerFormat { found: 7 });
    }

    const HEAD: &str =
        "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"s\"\n";

    #[test]
    fn a_malformed_step_name_is_refused_where_it_is_written() {
        let text = format!("{HEAD}\n[[step]]\nkind = \"text\"\nname = \"Hex Doc\"\ntext = \"a\"\n");
        let e = load_str("x.toml", &text).unwrap_err();
        assert_eq!((e.line, e.column), (9, 8), "{e}");
        assert_eq!(
            e.kind,
            LoadErrorKind::BadStepName {
                name: "Hex Doc".into()
            }
        );
        // A number would be confused with the id of an unnamed step.
        let text = format!("{HEAD}[[step]]\nname = \"3\"\nkind = \"text\"\ntext = \"a\"\n");
        assert!(load_str("x.toml", &text).is_err());
    }

    #[test]
    fn two_steps_with_one_name_are_refused_at_the_second() {
        let step = "[[step]]\nname = \"intro\"\nkind = \"text\"\ntext = \"a\"\n";
        let text = format!("{HEAD}{step}{step}");
        let e = load_str("x.toml", &text).unwrap_err();
        assert_eq!((e.line, e.column), (11, 8), "{e}");
        assert_eq!(
            e.to_string().lines().next(),
            Some(
                "x.toml:11:8: two steps are named `intro` (the first on line 7): translations \
                 find a step by its name"
            )
        );
    }

    #[test]
    fn unnamed_steps_are_numbered_and_named_ones_keep_their_name() {
        let text = format!(
            "{HEAD}[[step]]\nkind = \"text\"\ntext = \"a\"\n\
             [[step]]\nname = \"b\"\nkind = \"text\"\ntext = \"b\"\n"
        );
        let lesson = load_str("x.toml", &text).unwrap().lesson;
        assert_eq!(
            (lesson.step_id(0), lesson.step_id(1)),
            ("1".into(), "b".into())
        );
        assert_eq!(lesson.step_index("b"), Some(1));
        assert_eq!(lesson.step_index("2"), None, "a named step has no number");
    }
}

#[cfg(test)]
mod id_tests {
    use super::*;
    use crate::strings::Lang;
    use crate::strings::localize::Localize;

    fn lesson(id: &str) -> String {
        format!("format_version = 1\nid = \"{id}\"\ntitle = \"T\"\norder = 1\nsummary = \"s\"\n")
    }

    #[test]
    fn an_id_that_is_not_a_slug_is_refused_where_it_is_written() {
        for (id, problem) in [
            ("../../x", IdError::BadChar { at: 1, c: '.' }),
            (
                "a\\u001b]0;x\\u0007",
                IdError::BadChar { at: 2, c: '\u{1b}' },
            ),
            ("a\\u0000", IdError::BadChar { at: 2, c: '\0' }),
            ("-rf", IdError::DashFirst),
            ("", IdError::Empty),
        ] {
            let e = load_str("x.toml", &lesson(id)).unwrap_err();
            assert_eq!((e.line, e.column), (2, 6), "{id}: {e}");
            assert!(
                matches!(&e.kind, LoadErrorKind::BadId { problem: p, .. } if *p == problem),
                "{id}: {e}"
            );
            assert!(
                e.to_string()
                    .lines()
                    .all(|l| !l.chars().any(crate::strings::safe::is_unsafe)),
                "{e:?}"
            );
        }
    }

    /// Found by the `lesson_check` fuzz target: two steps with one valid 9,000-character
    /// name made a 9,195-character error line. A name is at most 64 characters, and an
    /// error quotes 40 of any name.
    #[test]
    fn a_long_step_name_is_refused_and_quoted_clipped() {
        let long = "x".repeat(9_000);
        let step = format!("[[step]]\nname = \"{long}\"\nkind = \"text\"\ntext = \"a\"\n");
        let e = load_str("x.toml", &format!("{}{step}{step}", lesson("x"))).unwrap_err();
        assert!(matches!(e.kind, LoadErrorKind::BadStepName { .. }), "{e:?}");
        let first = e.to_string().lines().next().unwrap_or_default().to_owned();
        assert!(first.chars().count() < 250, "{first}");
        let kind = LoadErrorKind::DuplicateStepName {
            name: long,
            first_line: 7,
        };
        for lang in [Lang::En, Lang::Vi, Lang::Zh] {
            assert!(kind.to_string_in(lang).chars().count() < 200, "{lang:?}");
        }
    }

    #[test]
    fn a_prerequisite_must_be_an_id_too() {
        let text = format!("{}prerequisites = [\"bytes\", \"../etc\"]\n", lesson("x"));
        let e = load_str("x.toml", &text).unwrap_err();
        assert_eq!((e.line, e.column), (6, 27), "{e}");
        assert!(
            matches!(e.kind, LoadErrorKind::BadPrerequisite { .. }),
            "{e}"
        );
    }

    #[test]
    fn a_second_lesson_with_an_id_is_refused_naming_both_places() {
        let all = load_files([
            PackFile::text("lessons/01-a.toml", lesson("a")),
            PackFile::text("pack/b.toml", lesson("b")),
            PackFile::text("pack/c.toml", format!("\n\n{}", lesson("a"))),
        ]);
        let ok: Vec<&str> = all.iter().flatten().map(|l| l.lesson.id.as_str()).collect();
        assert_eq!(ok, ["a", "b"]);
        let e = all[2].as_ref().unwrap_err();
        assert_eq!((e.file.as_str(), e.line, e.column), ("pack/c.toml", 4, 6));
        assert_eq!(e.source_line, "id = \"a\"");
        assert_eq!(
            e.to_string().lines().next(),
            Some(
                "pack/c.toml:4:6: lesson id `a` is already the id of lessons/01-a.toml:2:6; \
                 this lesson is not loaded: progress is kept by lesson id, so every lesson \
                 needs its own"
            )
        );
    }

    #[test]
    fn a_refused_file_is_one_broken_entry_among_the_loaded() {
        let refused = PackFile {
            name: "pack/fifo.toml".into(),
            text: Err(LoadError::whole(
                "pack/fifo.toml",
                LoadErrorKind::NotAFile { what: Entry::Fifo },
            )),
        };
        let all = load_files([refused, PackFile::text("pack/a.toml", lesson("a"))]);
        assert!(all[0].is_ok());
        assert_eq!(
            all[1].as_ref().unwrap_err().to_string(),
            "pack/fifo.toml: a named pipe (FIFO), not a file: not opened (a lesson is a \
             regular `.toml` file)"
        );
    }
}
