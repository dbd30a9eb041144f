//! Lesson ids: the name a lesson is shown, answered and remembered by. An id names the file
//! `ID.toml` that `new lesson` writes, the argument of `show ID` and `answer ID`, and the key
//! of every progress record (`ID#N`), so it holds nothing a shell, a path or a terminal
//! would read as more than a name: `[a-z0-9][a-z0-9-]*`, at most [`MAX_ID_LEN`] characters.

use std::fmt;

use crate::strings::Lang;
use crate::strings::localize::Localize;
use crate::strings::safe::escape_line;

/// The longest lesson id, in characters: enough for a phrase (`utf8-keys-and-byte-order`),
/// short enough for a file name on every system and one column of `bson-tutor lessons`.
pub const MAX_ID_LEN: usize = 64;

/// Why a text is not a lesson id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdError {
    /// The id is empty.
    Empty,
    /// The id is longer than [`MAX_ID_LEN`] characters.
    TooLong {
        /// Its length, in characters.
        len: usize,
    },
    /// The id starts with `-` (a command would read it as an option: `new lesson -- -rf`).
    DashFirst,
    /// A character other than a lowercase ASCII letter, a digit or `-`.
    BadChar {
        /// Its position, from 1, in characters.
        at: usize,
        /// The character.
        c: char,
    },
}

/// Checks that `id` can name a lesson: `[a-z0-9][a-z0-9-]*`, at most [`MAX_ID_LEN`]
/// characters.
///
/// # Errors
/// The first thing wrong with it, as an [`IdError`].
///
/// # Examples
/// ```
/// use bson_tutor::lesson::load::{IdError, check_id};
/// assert_eq!(check_id("utf8-keys"), Ok(()));
/// assert_eq!(check_id("-rf"), Err(IdError::DashFirst));
/// assert_eq!(check_id("../x"), Err(IdError::BadChar { at: 1, c: '.' }));
/// assert_eq!(check_id("a\u{1b}"), Err(IdError::BadChar { at: 2, c: '\u{1b}' }));
/// ```
pub fn check_id(id: &str) -> Result<(), IdError> {
    if id.is_empty() {
        return Err(IdError::Empty);
    }
    if let Some((i, c)) = id
        .chars()
        .enumerate()
        .find(|&(_, c)| !matches!(c, 'a'..='z' | '0'..='9' | '-'))
    {
        return Err(IdError::BadChar { at: i + 1, c });
    }
    if id.starts_with('-') {
        return Err(IdError::DashFirst);
    }
    // Only ASCII is left: bytes are characters.
    if id.len() > MAX_ID_LEN {
        return Err(IdError::TooLong { len: id.len() });
    }
    Ok(())
}

/// At most 40 characters of a text from a file, for a message: an id of a megabyte is
/// named by its start.
pub(crate) fn clip(text: &str) -> String {
    const KEEP: usize = 40;
    match text.char_indices().nth(KEEP) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

impl Localize for IdError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use IdError::*;
        const M: usize = MAX_ID_LEN;
        match (lang, self) {
            (Lang::En, Empty) => out.write_str("it is empty"),
            (Lang::Vi, Empty) => out.write_str("mã trống"),
            (Lang::Zh, Empty) => out.write_str("它是空的"),
            (Lang::En, TooLong { len }) => {
                write!(out, "it has {len} characters, at most {M} are allowed")
            }
            (Lang::Vi, TooLong { len }) => {
                write!(out, "mã dài {len} ký tự, tối đa cho phép là {M}")
            }
            (Lang::Zh, TooLong { len }) => write!(out, "它有 {len} 个字符，最多允许 {M} 个"),
            (Lang::En, DashFirst) => out.write_str("it starts with `-`, which reads as an option"),
            (Lang::Vi, DashFirst) => {
                out.write_str("mã bắt đầu bằng `-`, dễ bị hiểu nhầm thành một tùy chọn")
            }
            (Lang::Zh, DashFirst) => out.write_str("它以 `-` 开头，会被当作命令选项"),
            (Lang::En, BadChar { at, c }) => write!(
                out,
                "character {at} (`{}`) is not a lowercase letter, a digit or `-`",
                escape_line(&c.to_string())
            ),
            (Lang::Vi, BadChar { at, c }) => write!(
                out,
                "ký tự thứ {at} (`{}`) không phải chữ thường, chữ số hay `-`",
                escape_line(&c.to_string())
            ),
            (Lang::Zh, BadChar { at, c }) => write!(
                out,
                "第 {at} 个字符（`{}`）不是小写字母、数字或 `-`",
                escape_line(&c.to_string())
            ),
        }?;
        match lang {
            Lang::En => write!(
                out,
                "; a lesson id is lowercase letters, digits and `-`, starting with a letter or \
                 a digit (`[a-z0-9][a-z0-9-]*`, e.g. `my-lesson`): it names the file ID.toml, \
                 `bson-tutor show ID` and the progress records"
            ),
            Lang::Vi => write!(
                out,
                "; mã bài học gồm chữ thường, chữ số và `-`, bắt đầu bằng chữ cái hoặc chữ số \
                 (`[a-z0-9][a-z0-9-]*`, ví dụ `my-lesson`): nó đặt tên cho tệp `ID.toml`, cho \
                 `bson-tutor show ID` và cho các bản ghi tiến độ"
            ),
            Lang::Zh => write!(
                out,
                "；课程 id 由小写字母、数字和 `-` 组成，以字母或数字开头（`[a-z0-9][a-z0-9-]*`，\
                 例如 `my-lesson`）：它用作文件名 `ID.toml`、`bson-tutor show ID` 的参数和进度记录的键"
            ),
        }
    }
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for IdError {}

#[cfg(test)]
mod tests {
    use super::*;

    impl IdError {
        fn every_variant() -> Vec<IdError> {
            use IdError::*;
            let all = vec![
                Empty,
                TooLong { len: 65 },
                DashFirst,
                BadChar { at: 2, c: '\u{1b}' },
            ];
            for e in &all {
                // A new variant must be added to the list above.
                match e {
                    Empty | TooLong { .. } | DashFirst | BadChar { .. } => {}
                }
            }
            all
        }
    }

    #[test]
    fn every_id_error_speaks_every_language() {
        for e in IdError::every_variant() {
            crate::lesson::testing::assert_localized(&e, &[]);
            for lang in [Lang::En, Lang::Vi, Lang::Zh] {
                let text = e.to_string_in(lang);
                assert!(
                    !text.chars().any(crate::strings::safe::is_unsafe),
                    "{text:?}"
                );
            }
        }
    }

    #[test]
    fn ids_are_lowercase_slugs_that_cannot_be_options_or_paths() {
        for good in [
            "bytes",
            "a",
            "0",
            "utf8-keys",
            "2-x",
            "a-",
            &"a".repeat(MAX_ID_LEN),
        ] {
            assert_eq!(check_id(good), Ok(()), "{good}");
        }
        assert_eq!(check_id(""), Err(IdError::Empty));
        assert_eq!(check_id("-rf"), Err(IdError::DashFirst));
        assert_eq!(check_id("../../x"), Err(IdError::BadChar { at: 1, c: '.' }));
        assert_eq!(check_id("a/b"), Err(IdError::BadChar { at: 2, c: '/' }));
        assert_eq!(check_id("Bytes"), Err(IdError::BadChar { at: 1, c: 'B' }));
        assert_eq!(check_id("a\0"), Err(IdError::BadChar { at: 2, c: '\0' }));
        assert_eq!(check_id("a#1"), Err(IdError::BadChar { at: 2, c: '#' }));
        assert_eq!(check_id("é"), Err(IdError::BadChar { at: 1, c: 'é' }));
        assert_eq!(
            check_id(&"a".repeat(MAX_ID_LEN + 1)),
            Err(IdError::TooLong {
                len: MAX_ID_LEN + 1
            })
        );
    }

    #[test]
    fn a_control_character_is_named_not_written() {
        let e = check_id("x\u{1b}]0;owned\u{7}").unwrap_err();
        assert_eq!(
            e.to_string().split(';').next(),
            Some("character 2 (`\\u{1b}`) is not a lowercase letter, a digit or `-`")
        );
    }

    #[test]
    fn clip_keeps_the_start_of_a_long_text() {
        assert_eq!(clip("short"), "short");
        let long = "é".repeat(100);
        assert_eq!(clip(&long).chars().count(), 41);
        assert!(clip(&long).ends_with('…'));
    }
}
