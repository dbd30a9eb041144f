//! Reading lesson files: TOML syntax, then the format version, then the whole lesson, with
//! every error placed at `file:line:col` and shown with its line and a caret.

use std::fmt;

use serde::Deserialize;

use super::model::{FORMAT_VERSION, Lesson, is_step_name};
use crate::strings::Lang;
use crate::strings::localize::Localize;

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

/// Why a lesson or translation file could not be read: where, and what ([`LoadErrorKind`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub kind: LoadErrorKind,
    /// The offending line.
    pub source_line: String,
}

/// What is wrong with a lesson or translation file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadErrorKind {
    /// The TOML reader's own message (a syntax error, an unknown key, a missing field, a
    /// value of the wrong type), verbatim: it quotes the file's keys and TOML's terms.
    Toml(String),
    /// The file has no `format_version`.
    MissingFormatVersion,
    /// The file is written for a newer bson-tutor.
    NewerFormat {
        /// The file's `format_version`.
        found: i64,
    },
    /// `format_version` is 0 or negative.
    FormatBelowOne {
        /// The file's `format_version`.
        found: i64,
    },
    /// `format_version` is not an integer.
    FormatNotInteger {
        /// The TOML type it has (`string`, `float`...).
        found: String,
    },
    /// A step's `name` is not lowercase letters, digits and dashes with a letter.
    BadStepName {
        /// The name.
        name: String,
    },
    /// Two steps of a lesson have the same `name`.
    DuplicateStepName {
        /// The name.
        name: String,
        /// The line of the first step that has it.
        first_line: usize,
    },
    /// A translation's `lang` is not a language bson-tutor speaks.
    UnknownLanguage {
        /// The code given.
        code: String,
    },
    /// A translation's `[step.KEY]` cannot be a step's id.
    BadStepKey {
        /// The key.
        key: String,
    },
    /// A translation's `source` is not a fingerprint (8 hex digits).
    BadFingerprint {
        /// The value given.
        value: String,
    },
}

impl LoadError {
    pub(super) fn at(file: &str, text: &str, offset: usize, kind: LoadErrorKind) -> Self {
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
            kind,
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

    #[cfg(test)]
    fn every_variant() -> Vec<LoadErrorKind> {
        use LoadErrorKind::*;
        let all = vec![
            Toml("invalid type: integer `3`, expected a string".into()),
            MissingFormatVersion,
            NewerFormat { found: 7 },
            FormatBelowOne { found: 0 },
            FormatNotInteger {
                found: "string".into(),
            },
            BadStepName {
                name: "Hex Doc".into(),
            },
            DuplicateStepName {
                name: "intro".into(),
                first_line: 8,
            },
            UnknownLanguage { code: "fr".into() },
            BadStepKey { key: "0".into() },
            BadFingerprint {
                value: "xyz".into(),
            },
        ];
        for kind in &all {
            // A new variant must be added to the list above.
            match kind {
                Toml(_)
                | MissingFormatVersion
                | NewerFormat { .. }
                | FormatBelowOne { .. }
                | FormatNotInteger { .. }
                | BadStepName { .. }
                | DuplicateStepName { .. }
                | UnknownLanguage { .. }
                | BadStepKey { .. }
                | BadFingerprint { .. } => {}
            }
        }
        all
    }
}

impl Localize for LoadErrorKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use LoadErrorKind::*;
        const V: u32 = FORMAT_VERSION;
        match (lang, self) {
            (_, Toml(message)) => out.write_str(message),
            (Lang::En, MissingFormatVersion) => {
                write!(
                    out,
                    "missing `format_version` (this bson-tutor reads format {V})"
                )
            }
            (Lang::Vi, MissingFormatVersion) => {
                write!(
                    out,
                    "thiếu `format_version` (bson-tutor này đọc định dạng {V})"
                )
            }
            (Lang::Zh, MissingFormatVersion) => {
                write!(
                    out,
                    "缺少 `format_version`（此版本 bson-tutor 读取格式 {V}）"
                )
            }
            (Lang::En, NewerFormat { found }) => write!(
                out,
                "lesson format {found} is newer than this bson-tutor understands ({V}); \
                 update bson-tutor"
            ),
            (Lang::Vi, NewerFormat { found }) => write!(
                out,
                "định dạng bài học {found} mới hơn định dạng bson-tutor này hiểu ({V}); \
                 hãy cập nhật bson-tutor"
            ),
            (Lang::Zh, NewerFormat { found }) => write!(
                out,
                "课程格式 {found} 比此版本 bson-tutor 能理解的格式（{V}）更新；请更新 bson-tutor"
            ),
            (Lang::En, FormatBelowOne { found }) => {
                write!(out, "`format_version` starts at 1, but found {found}")
            }
            (Lang::Vi, FormatBelowOne { found }) => {
                write!(out, "`format_version` bắt đầu từ 1, nhưng gặp {found}")
            }
            (Lang::Zh, FormatBelowOne { found }) => {
                write!(out, "`format_version` 从 1 开始，但遇到的是 {found}")
            }
            (Lang::En, FormatNotInteger { found }) => {
                write!(
                    out,
                    "`format_version` must be an integer, but found a {found}"
                )
            }
            (Lang::Vi, FormatNotInteger { found }) => {
                write!(
                    out,
                    "`format_version` phải là số nguyên, nhưng gặp kiểu `{found}`"
                )
            }
            (Lang::Zh, FormatNotInteger { found }) => {
                write!(
                    out,
                    "`format_version` 必须是整数，但遇到的是 `{found}` 类型"
                )
            }
            (Lang::En, BadStepName { name }) => write!(
                out,
                "step name `{name}`: use lowercase letters, digits and dashes, with at least \
                 one letter (`hex-doc`)"
            ),
            (Lang::Vi, BadStepName { name }) => write!(
                out,
                "tên bước `{name}`: hãy dùng chữ thường, chữ số và dấu gạch ngang, có ít nhất \
                 một chữ cái (`hex-doc`)"
            ),
            (Lang::Zh, BadStepName { name }) => write!(
                out,
                "步骤名 `{name}`：请使用小写字母、数字和连字符，且至少含一个字母（`hex-doc`）"
            ),
            (Lang::En, DuplicateStepName { name, first_line }) => write!(
                out,
                "two steps are named `{name}` (the first on line {first_line}): \
                 translations find a step by its name"
            ),
            (Lang::Vi, DuplicateStepName { name, first_line }) => write!(
                out,
                "có hai bước cùng tên `{name}` (bước đầu ở dòng {first_line}): \
                 bản dịch tìm bước theo tên của nó"
            ),
            (Lang::Zh, DuplicateStepName { name, first_line }) => write!(
                out,
                "有两个步骤都叫 `{name}`（第一个在第 {first_line} 行）：译文按名称查找步骤"
            ),
            (Lang::En, UnknownLanguage { code }) => write!(
                out,
                "unknown language `{code}` (bson-tutor knows en, vi and zh)"
            ),
            (Lang::Vi, UnknownLanguage { code }) => write!(
                out,
                "ngôn ngữ không xác định `{code}` (bson-tutor biết `en`, `vi` và `zh`)"
            ),
            (Lang::Zh, UnknownLanguage { code }) => {
                write!(
                    out,
                    "未知语言 `{code}`（bson-tutor 支持 `en`、`vi` 和 `zh`）"
                )
            }
            (Lang::En, BadStepKey { key }) => write!(
                out,
                "`step.{key}`: a step is named by its `name` in the lesson, or numbered from 1 \
                 if it has none"
            ),
            (Lang::Vi, BadStepKey { key }) => write!(
                out,
                "`step.{key}`: mỗi bước được gọi bằng `name` của nó trong bài học, hoặc đánh số \
                 từ 1 nếu không có tên"
            ),
            (Lang::Zh, BadStepKey { key }) => write!(
                out,
                "`step.{key}`：步骤以课程中的 `name` 命名，没有名称的步骤从 1 开始编号"
            ),
            (Lang::En, BadFingerprint { value }) => write!(
                out,
                "`source = \"{value}\"`: a fingerprint is 8 hex digits, as `bson-tutor check` \
                 prints them"
            ),
            (Lang::Vi, BadFingerprint { value }) => write!(
                out,
                "`source = \"{value}\"`: dấu vân tay gồm 8 chữ số hex, như `bson-tutor check` \
                 hiển thị"
            ),
            (Lang::Zh, BadFingerprint { value }) => write!(
                out,
                "`source = \"{value}\"`：指纹是 8 位十六进制数字，与 `bson-tutor check` 打印的一致"
            ),
        }
    }
}

impl fmt::Display for LoadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl Localize for LoadError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        write!(out, "{}:{}:{}: ", self.file, self.line, self.column)?;
        self.kind.write_in(lang, out)?;
        write!(out, "\n{}", self.caret())
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for LoadError {}

pub(super) fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> LoadError {
    let offset = e.span().map_or(0, |s| s.start);
    LoadError::at(
        file,
        text,
        offset,
        LoadErrorKind::Toml(e.message().trim().to_string()),
    )
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
    check_step_names(file, text)?;
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

/// The steps' `name`s where the file writes them, for errors that point at one.
#[derive(Deserialize)]
struct NamesAt {
    #[serde(default)]
    step: Vec<NameAt>,
}

#[derive(Deserialize)]
struct NameAt {
    name: Option<toml::Spanned<String>>,
}

/// Every step `name` is well formed and unique in the lesson.
fn check_step_names(file: &str, text: &str) -> Result<(), LoadError> {
    let names: NamesAt = toml::from_str(text).map_err(|e| toml_error(file, text, &e))?;
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
    Ok(())
}

/// The 1-based line of byte `offset` of `text`.
pub(super) fn line_of(text: &str, offset: usize) -> usize {
    text.bytes().take(offset).filter(|&b| b == b'\n').count() + 1
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

    #[test]
    fn every_load_error_speaks_every_language() {
        for kind in LoadError::every_variant() {
            let e = LoadError {
                file: "x.toml".into(),
                line: 3,
                column: 9,
                kind: kind.clone(),
                source_line: "title = ".into(),
            };
            assert_eq!(e.to_string(), e.to_string_in(Lang::En));
            assert!(e.to_string().starts_with("x.toml:3:9: "), "{e}");
            let en = kind.to_string_in(Lang::En);
            for lang in [Lang::Vi, Lang::Zh] {
                let text = kind.to_string_in(lang);
                if let LoadErrorKind::Toml(message) = &kind {
                    // The TOML reader's words are its own, in every language.
                    assert_eq!(&text, message);
                    continue;
                }
                assert_ne!(text, en, "{kind:?}");
                assert_eq!(
                    crate::strings::localize::english_words(&text),
                    Vec::<String>::new(),
                    "{lang:?}: {text}"
                );
            }
        }
    }
}
