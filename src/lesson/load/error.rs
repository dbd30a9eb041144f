//! Why a lesson or translation file did not load: where ([`LoadError`]) and what
//! ([`LoadErrorKind`]), said in every language. Everything quoted from a file (a name, an
//! id, a line) is escaped and clipped: a file must not be able to write to the terminal of
//! whoever checks it, nor fill a CI log.

use std::fmt;

use super::id::{IdError, clip};
use crate::lesson::model::FORMAT_VERSION;
use crate::lesson::vary::{MAX_SEEDS, RangeProblem};
use crate::strings::Lang;
use crate::strings::localize::Localize;
use crate::strings::safe::escape_line;

/// Why a lesson or translation file could not be read: where, and what ([`LoadErrorKind`]).
///
/// A file refused before or while it is read (a link out of the pack, a FIFO, a file too
/// large, bytes that are not UTF-8) has `line` and `column` 0 and no `source_line`: nothing
/// of it is quoted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// The file name (escaped when it came from a directory listing).
    pub file: String,
    /// 1-based line; 0 for the whole file.
    pub line: usize,
    /// 1-based column, in characters; 0 for the whole file.
    pub column: usize,
    /// What is wrong.
    pub kind: LoadErrorKind,
    /// The offending line (empty for the whole file).
    pub source_line: String,
}

/// What kind of thing a directory entry named `*.toml` is, when it is not a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A directory.
    Directory,
    /// A named pipe: opening it would wait for a writer.
    Fifo,
    /// A Unix socket.
    Socket,
    /// A character or block device.
    Device,
    /// Anything else the system has.
    Other,
}

/// A place in a file: `file:line:column`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
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
    /// An exercise's `vary` range is reversed or holds more seeds than `check` proves.
    BadVary {
        /// The range as written.
        range: [u64; 2],
        /// What is wrong with it.
        problem: RangeProblem,
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
    /// The lesson's `id` is not an id ([`super::check_id`]).
    BadId {
        /// The id as written.
        id: String,
        /// What is wrong with it.
        problem: IdError,
    },
    /// One of the lesson's `prerequisites` is not an id.
    BadPrerequisite {
        /// The id as written.
        id: String,
        /// What is wrong with it.
        problem: IdError,
    },
    /// Another lesson loaded before this one has the same `id`.
    DuplicateId {
        /// The id.
        id: String,
        /// Where the lesson that keeps it writes it.
        first: Box<Place>,
    },
    /// A link that leads out of the pack directory: not followed.
    LinkLeavesPack,
    /// A link whose target does not exist (or a loop of links).
    DanglingLink,
    /// Not a regular file: not opened.
    NotAFile {
        /// What it is.
        what: Entry,
    },
    /// Larger than [`super::MAX_LESSON_BYTES`]: not read.
    TooLarge {
        /// Its size, in bytes (at least the limit plus one when it grew while read).
        size: u64,
    },
    /// Bytes that are not UTF-8.
    NotUtf8 {
        /// The offset of the first byte that is not UTF-8.
        at: usize,
    },
    /// The system refused to read it.
    Unreadable {
        /// The system's message, as it gives it.
        error: String,
    },
}

impl LoadError {
    /// The error `kind` at byte `offset` of `text`, with its line for the caret.
    pub(crate) fn at(file: &str, text: &str, offset: usize, kind: LoadErrorKind) -> Self {
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

    /// The error `kind` about the file as a whole, which is not quoted.
    pub(crate) fn whole(file: &str, kind: LoadErrorKind) -> Self {
        LoadError {
            file: file.to_string(),
            line: 0,
            column: 0,
            kind,
            source_line: String::new(),
        }
    }

    /// The offending line and a caret under the column: at most a window of the line
    /// around the column, its control characters escaped (empty for the whole file).
    pub fn caret(&self) -> String {
        const BEFORE: usize = 40;
        const AFTER: usize = 40;
        if self.line == 0 {
            return String::new();
        }
        let at = self.column.saturating_sub(1);
        let chars: Vec<char> = self.source_line.chars().collect();
        let start = at.saturating_sub(BEFORE);
        let end = chars.len().min(at.saturating_add(AFTER));
        let lead = if start > 0 { "…" } else { "" };
        let tail = if end < chars.len() { "…" } else { "" };
        let slice = |from: usize, to: usize| -> String {
            chars
                .get(from..to.max(from))
                .unwrap_or_default()
                .iter()
                .collect()
        };
        let before = escape_line(&slice(start, at.min(chars.len()))).into_owned();
        let rest = escape_line(&slice(at.min(chars.len()), end)).into_owned();
        let pad = lead.chars().count() + before.chars().count();
        format!("{lead}{before}{rest}{tail}\n{}^", " ".repeat(pad))
    }
}

impl Localize for LoadErrorKind {
    /// The message, every quoted piece of a file clipped and its control characters
    /// escaped.
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let mut raw = String::new();
        self.write_raw(lang, &mut raw)?;
        out.write_str(&escape_line(&raw))
    }
}

impl LoadErrorKind {
    fn write_raw(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use LoadErrorKind::*;
        const V: u32 = FORMAT_VERSION;
        const MAX: u64 = super::MAX_LESSON_BYTES;
        const NAME: usize = crate::lesson::model::MAX_STEP_NAME_LEN;
        match (lang, self) {
            // The TOML reader may quote a value of any length: its first 200 characters.
            (_, Toml(message)) => match message.char_indices().nth(200) {
                Some((cut, _)) => write!(out, "{}…", &message[..cut]),
                None => out.write_str(message),
            },
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
                "step name `{}`: use lowercase letters, digits and dashes, with at least \
                 one letter and at most {NAME} characters (`hex-doc`)",
                clip(name)
            ),
            (Lang::Vi, BadStepName { name }) => write!(
                out,
                "tên bước `{}`: hãy dùng chữ thường, chữ số và dấu gạch ngang, có ít nhất \
                 một chữ cái và tối đa {NAME} ký tự (`hex-doc`)",
                clip(name)
            ),
            (Lang::Zh, BadStepName { name }) => write!(
                out,
                "步骤名 `{}`：请使用小写字母、数字和连字符，至少含一个字母，最多 {NAME} 个字符（`hex-doc`）",
                clip(name)
            ),
            (Lang::En, DuplicateStepName { name, first_line }) => write!(
                out,
                "two steps are named `{}` (the first on line {first_line}): \
                 translations find a step by its name",
                clip(name)
            ),
            (Lang::Vi, DuplicateStepName { name, first_line }) => write!(
                out,
                "có hai bước cùng tên `{}` (bước đầu ở dòng {first_line}): \
                 bản dịch tìm bước theo tên của nó",
                clip(name)
            ),
            (Lang::Zh, DuplicateStepName { name, first_line }) => write!(
                out,
                "有两个步骤都叫 `{}`（第一个在第 {first_line} 行）：译文按名称查找步骤",
                clip(name)
            ),
            (
                Lang::En,
                BadVary {
                    range: [lo, hi],
                    problem: RangeProblem::Reversed,
                },
            ) => write!(
                out,
                "vary = [{lo}, {hi}]: the first seed is above the last (write `vary = [{hi}, {lo}]`)"
            ),
            (
                Lang::Vi,
                BadVary {
                    range: [lo, hi],
                    problem: RangeProblem::Reversed,
                },
            ) => write!(
                out,
                "vary = [{lo}, {hi}]: seed đầu lớn hơn seed cuối (hãy viết `vary = [{hi}, {lo}]`)"
            ),
            (
                Lang::Zh,
                BadVary {
                    range: [lo, hi],
                    problem: RangeProblem::Reversed,
                },
            ) => write!(
                out,
                "vary = [{lo}, {hi}]：第一个种子大于最后一个（请写 `vary = [{hi}, {lo}]`）"
            ),
            (
                Lang::En,
                BadVary {
                    range: [lo, hi],
                    problem: RangeProblem::TooMany { count },
                },
            ) => {
                write!(
                    out,
                    "vary = [{lo}, {hi}] holds {count} seeds, at most {MAX_SEEDS}: check proves \
                     the exercise at every one"
                )
            }
            (
                Lang::Vi,
                BadVary {
                    range: [lo, hi],
                    problem: RangeProblem::TooMany { count },
                },
            ) => {
                write!(
                    out,
                    "vary = [{lo}, {hi}] chứa {count} seed, tối đa là {MAX_SEEDS}: check \
                     kiểm chứng bài tập với từng seed"
                )
            }
            (
                Lang::Zh,
                BadVary {
                    range: [lo, hi],
                    problem: RangeProblem::TooMany { count },
                },
            ) => {
                write!(
                    out,
                    "vary = [{lo}, {hi}] 含 {count} 个种子，最多 {MAX_SEEDS} 个：check 会用每个种子验证这道练习"
                )
            }
            (Lang::En, UnknownLanguage { code }) => write!(
                out,
                "unknown language `{}` (bson-tutor knows en, vi and zh)",
                clip(code)
            ),
            (Lang::Vi, UnknownLanguage { code }) => write!(
                out,
                "ngôn ngữ không xác định `{}` (bson-tutor biết `en`, `vi` và `zh`)",
                clip(code)
            ),
            (Lang::Zh, UnknownLanguage { code }) => {
                write!(
                    out,
                    "未知语言 `{}`（bson-tutor 支持 `en`、`vi` 和 `zh`）",
                    clip(code)
                )
            }
            (Lang::En, BadStepKey { key }) => write!(
                out,
                "`step.{}`: a step is named by its `name` in the lesson, or numbered from 1 \
                 if it has none",
                clip(key)
            ),
            (Lang::Vi, BadStepKey { key }) => write!(
                out,
                "`step.{}`: mỗi bước được gọi bằng `name` của nó trong bài học, hoặc đánh số \
                 từ 1 nếu không có tên",
                clip(key)
            ),
            (Lang::Zh, BadStepKey { key }) => write!(
                out,
                "`step.{}`：步骤以课程中的 `name` 命名，没有名称的步骤从 1 开始编号",
                clip(key)
            ),
            (Lang::En, BadFingerprint { value }) => write!(
                out,
                "`source = \"{}\"`: a fingerprint is 8 hex digits, as `bson-tutor check` \
                 prints them",
                clip(value)
            ),
            (Lang::Vi, BadFingerprint { value }) => write!(
                out,
                "`source = \"{}\"`: dấu vân tay gồm 8 chữ số hex, như `bson-tutor check` \
                 hiển thị",
                clip(value)
            ),
            (Lang::Zh, BadFingerprint { value }) => write!(
                out,
                "`source = \"{}\"`：指纹是 8 位十六进制数字，与 `bson-tutor check` 打印的一致",
                clip(value)
            ),
            (Lang::En, BadId { id, problem }) => {
                write!(out, "lesson id `{}`: ", clip(id))?;
                problem.write_in(lang, out)
            }
            (Lang::Vi, BadId { id, problem }) => {
                write!(out, "mã bài học `{}`: ", clip(id))?;
                problem.write_in(lang, out)
            }
            (Lang::Zh, BadId { id, problem }) => {
                write!(out, "课程 id `{}`：", clip(id))?;
                problem.write_in(lang, out)
            }
            (Lang::En, BadPrerequisite { id, problem }) => {
                write!(out, "prerequisite `{}`: ", clip(id))?;
                problem.write_in(lang, out)
            }
            (Lang::Vi, BadPrerequisite { id, problem }) => {
                write!(out, "bài cần học trước `{}`: ", clip(id))?;
                problem.write_in(lang, out)
            }
            (Lang::Zh, BadPrerequisite { id, problem }) => {
                write!(out, "先修课程 `{}`：", clip(id))?;
                problem.write_in(lang, out)
            }
            (Lang::En, DuplicateId { id, first }) => write!(
                out,
                "lesson id `{id}` is already the id of {first}; \
                 this lesson is not loaded: progress is kept by lesson id, so every lesson \
                 needs its own"
            ),
            (Lang::Vi, DuplicateId { id, first }) => write!(
                out,
                "mã bài học `{id}` đã là mã của `{first}`; \
                 bài này không được nạp: tiến độ được lưu theo mã bài học, nên mỗi bài cần \
                 một mã riêng"
            ),
            (Lang::Zh, DuplicateId { id, first }) => write!(
                out,
                "课程 id `{id}` 已被 `{first}` 使用；\
                 未加载本课程：进度按课程 id 记录，每个课程都需要自己的 id"
            ),
            (Lang::En, LinkLeavesPack) => out.write_str(
                "a link that leads out of the lesson directory: not followed, nothing of its \
                 target is read",
            ),
            (Lang::Vi, LinkLeavesPack) => out.write_str(
                "một liên kết dẫn ra ngoài thư mục bài học: không đi theo, không đọc gì từ \
                 đích của nó",
            ),
            (Lang::Zh, LinkLeavesPack) => {
                out.write_str("指向课程目录之外的链接：不跟随，也不读取其目标的任何内容")
            }
            (Lang::En, DanglingLink) => {
                out.write_str("a link to nothing: its target does not exist (or links loop)")
            }
            (Lang::Vi, DanglingLink) => out.write_str(
                "một liên kết không dẫn tới đâu: đích của nó không tồn tại (hoặc các liên kết \
                 vòng lặp)",
            ),
            (Lang::Zh, DanglingLink) => out.write_str("悬空链接：其目标不存在（或链接成环）"),
            (Lang::En, NotAFile { what }) => {
                let what = match what {
                    Entry::Directory => "a directory",
                    Entry::Fifo => "a named pipe (FIFO)",
                    Entry::Socket => "a socket",
                    Entry::Device => "a device",
                    Entry::Other => "a special file",
                };
                write!(
                    out,
                    "{what}, not a file: not opened (a lesson is a regular `.toml` file)"
                )
            }
            (Lang::Vi, NotAFile { what }) => {
                let what = match what {
                    Entry::Directory => "một thư mục",
                    Entry::Fifo => "một đường ống có tên (FIFO)",
                    Entry::Socket => "một socket",
                    Entry::Device => "một thiết bị",
                    Entry::Other => "một tệp đặc biệt",
                };
                write!(
                    out,
                    "{what}, không phải tệp thường: không mở (bài học là một tệp `.toml` thường)"
                )
            }
            (Lang::Zh, NotAFile { what }) => {
                let what = match what {
                    Entry::Directory => "目录",
                    Entry::Fifo => "命名管道（FIFO）",
                    Entry::Socket => "套接字",
                    Entry::Device => "设备",
                    Entry::Other => "特殊文件",
                };
                write!(
                    out,
                    "这是{what}，不是普通文件：未打开（课程是普通的 `.toml` 文件）"
                )
            }
            (Lang::En, TooLarge { size }) => write!(
                out,
                "{size} bytes: a lesson file has at most {MAX} bytes (1 MiB); not read"
            ),
            (Lang::Vi, TooLarge { size }) => write!(
                out,
                "{size} byte: tệp bài học dài tối đa {MAX} byte (1 MiB); không đọc"
            ),
            (Lang::Zh, TooLarge { size }) => {
                write!(out, "{size} 字节：课程文件最多 {MAX} 字节（1 MiB）；未读取")
            }
            (Lang::En, NotUtf8 { at }) => write!(
                out,
                "not UTF-8 text (byte {at} is not); a lesson file is UTF-8"
            ),
            (Lang::Vi, NotUtf8 { at }) => write!(
                out,
                "không phải văn bản UTF-8 (byte thứ {at} sai); tệp bài học phải là UTF-8"
            ),
            (Lang::Zh, NotUtf8 { at }) => write!(
                out,
                "不是 UTF-8 文本（第 {at} 字节出错）；课程文件必须是 UTF-8"
            ),
            (Lang::En, Unreadable { error }) => write!(out, "cannot be read: {error}"),
            (Lang::Vi, Unreadable { error }) => write!(out, "không đọc được: `{error}`"),
            (Lang::Zh, Unreadable { error }) => write!(out, "无法读取：`{error}`"),
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
        let file = escape_line(&self.file);
        if self.line == 0 {
            write!(out, "{file}: ")?;
            return self.kind.write_in(lang, out);
        }
        write!(out, "{file}:{}:{}: ", self.line, self.column)?;
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

/// The TOML reader's error `e` placed in `text`.
pub(crate) fn toml_error(file: &str, text: &str, e: &toml::de::Error) -> LoadError {
    let offset = e.span().map_or(0, |s| s.start);
    LoadError::at(
        file,
        text,
        offset,
        LoadErrorKind::Toml(e.message().trim().to_string()),
    )
}

#[cfg(test)]
mod tests;
