//! Reading lesson files: TOML syntax, then the format version, then the whole lesson, with
//! every error placed at `file:line:col` and shown with its line and a caret.

use std::fmt;

use super::model::{FORMAT_VERSION, Lesson};

/// A lesson read from a file, with what is needed to point back into it.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file name (as given to the loader).
    pub file: String,
    /// The lesson.
    pub lesson: Lesson,
    /// The 1-based line of each step's `[[step]]` header, in order.
    pub step_lines: Vec<usize>,
}

impl Loaded {
    /// The line of step `i`'s header (1 if unknown).
    pub fn step_line(&self, i: usize) -> usize {
        self.step_lines.get(i).copied().unwrap_or(1)
    }
}

/// Why a lesson file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The offending line.
    pub source_line: String,
}

impl LoadError {
    pub(super) fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(text.len());
        let offset = (0..=offset)
            .rev()
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(0);
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        LoadError {
            file: file.to_string(),
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
            message: message.into(),
            source_line: text[line_start..line_end]
                .trim_end_matches('\r')
                .to_string(),
        }
    }

    /// The offending line and a caret under the column.
    pub fn caret(&self) -> String {
        format!(
            "{}\n{}^",
            self.source_line,
            " ".repeat(self.column.saturating_sub(1))
        )
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}\n{}",
            self.file,
            self.line,
            self.column,
            self.message,
            self.caret()
        )
    }
}

impl std::error::Error for LoadError {}

pub(super) fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> LoadError {
    let offset = e.span().map_or(0, |s| s.start);
    LoadError::at(file, text, offset, e.message().trim().to_string())
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
    match table.get("format_version") {
        None => {
            return Err(LoadError::at(
                file,
                text,
                0,
                format!("missing `format_version` (this bson-tutor reads format {FORMAT_VERSION})"),
            ));
        }
        Some(toml::Value::Integer(v)) if *v > i64::from(FORMAT_VERSION) => {
            return Err(LoadError::at(
                file,
                text,
                version_at,
                format!(
                    "lesson format {v} is newer than this bson-tutor understands \
                     ({FORMAT_VERSION}); update bson-tutor"
                ),
            ));
        }
        Some(toml::Value::Integer(v)) if *v < 1 => {
            return Err(LoadError::at(
                file,
                text,
                version_at,
                format!("`format_version` starts at 1, but found {v}"),
            ));
        }
        Some(toml::Value::Integer(_)) => {}
        Some(other) => {
            return Err(LoadError::at(
                file,
                text,
                version_at,
                format!(
                    "`format_version` must be an integer, but found a {}",
                    other.type_str()
                ),
            ));
        }
    }
    let lesson: Lesson = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
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
    })
}

/// Reads every `(file, text)` pair; a broken lesson is returned as its error and does not
/// stop the others. The result is sorted by lesson order, broken files last.
pub fn load_dir<'a>(
    files: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<Result<Loaded, LoadError>> {
    let mut out: Vec<Result<Loaded, LoadError>> =
        files.into_iter().map(|(f, t)| load_str(f, t)).collect();
    out.sort_by(|a, b| match (a, b) {
        (Ok(x), Ok(y)) => (x.lesson.order, &x.lesson.id).cmp(&(y.lesson.order, &y.lesson.id)),
        (Ok(_), Err(_)) => std::cmp::Ordering::Less,
        (Err(_), Ok(_)) => std::cmp::Ordering::Greater,
        (Err(x), Err(y)) => x.file.cmp(&y.file),
    });
    out
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
        assert!(e.message.starts_with("lesson format 7 is newer"));
    }
}
