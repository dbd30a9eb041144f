//! Why a text is not a usable results export.

use std::fmt;

use super::format::{CSV_HEADER, FORMAT, VERSION};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Why a text is not a usable export, in a teacher's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// Neither JSON nor CSV with the export's header.
    Neither {
        /// The first characters of the text.
        start: String,
    },
    /// Text that starts like JSON but is not.
    NotJson {
        /// serde's reason, with line and column (its own English).
        detail: String,
    },
    /// JSON with another `format`.
    OtherFormat {
        /// The `format` it has.
        format: String,
    },
    /// A progress file given where an export was expected.
    ProgressFile,
    /// JSON without a `format`.
    NoFormat,
    /// An export written by a newer bson-tutor.
    Newer {
        /// Its version.
        version: u64,
    },
    /// An export without a `version` number.
    NoVersion,
    /// An export with a field this build cannot read.
    Malformed {
        /// serde's reason (its own English).
        detail: String,
    },
    /// An export whose `lessons_digest` is not that of the exercises it lists.
    Digest {
        /// The digest written in it.
        found: String,
        /// The digest of its exercises.
        computed: String,
    },
    /// A CSV export whose first line is not the header.
    CsvHeader,
    /// A CSV line that cannot be read.
    Csv {
        /// The line (1-based).
        line: usize,
        /// What is wrong with it.
        problem: CsvProblem,
    },
    /// A CSV export with the header only.
    NoRows,
}

/// What is wrong with one line of a CSV export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsvProblem {
    /// Not the 9 fields of a row.
    FieldCount {
        /// How many it has.
        found: usize,
    },
    /// A second student in one file.
    OtherStudent {
        /// This row's student.
        name: String,
        /// The student of the rows above.
        before: String,
    },
    /// A number field that is not a whole number.
    NotWhole {
        /// The column.
        field: &'static str,
        /// Its text.
        text: String,
    },
    /// A status other than solved, revealed or pending.
    BadStatus {
        /// Its text.
        text: String,
    },
    /// A number too large for its column.
    TooLarge {
        /// The column.
        field: &'static str,
        /// Its text.
        text: String,
    },
    /// Text after a closing quote.
    ClosingQuote,
    /// A quote in a field that is not quoted.
    QuoteInside,
    /// A quoted field still open at the end of the file.
    Unclosed,
}

impl Localize for ExportError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use ExportError as E;
        use Lang::{En, Vi, Zh};
        match (lang, self) {
            (En, E::Neither { start }) => write!(
                out,
                "not a bson-tutor results export: neither JSON nor CSV with the header \
                 `{CSV_HEADER}` (it starts with `{}`)",
                start.escape_debug()
            ),
            (Vi, E::Neither { start }) => write!(
                out,
                "không phải tệp kết quả xuất từ bson-tutor: không phải JSON, cũng không phải CSV \
                 có dòng tiêu đề `{CSV_HEADER}` (tệp bắt đầu bằng `{}`)",
                start.escape_debug()
            ),
            (Zh, E::Neither { start }) => write!(
                out,
                "不是 bson-tutor 导出的成绩文件：既不是 JSON，也不是带有表头 `{CSV_HEADER}` 的 \
                 CSV（文件开头是 `{}`）",
                start.escape_debug()
            ),
            (En, E::NotJson { detail }) => write!(out, "not JSON ({detail})"),
            (Vi, E::NotJson { detail }) => write!(out, "không phải JSON ({detail})"),
            (Zh, E::NotJson { detail }) => write!(out, "不是 JSON（{detail}）"),
            (En, E::OtherFormat { format }) => write!(
                out,
                "not a bson-tutor results export: its format is `{format}`, not `{FORMAT}`"
            ),
            (Vi, E::OtherFormat { format }) => write!(
                out,
                "không phải tệp kết quả xuất từ bson-tutor: định dạng của nó là `{format}`, \
                 không phải `{FORMAT}`"
            ),
            (Zh, E::OtherFormat { format }) => write!(
                out,
                "不是 bson-tutor 导出的成绩文件：它的格式是 `{format}`，而不是 `{FORMAT}`"
            ),
            (En, E::ProgressFile) => write!(
                out,
                "a progress file, not an export: make the export with \
                 `bson-tutor progress --export json --student NAME`"
            ),
            (Vi, E::ProgressFile) => write!(
                out,
                "đây là tệp tiến độ, không phải tệp xuất: hãy tạo tệp xuất bằng \
                 `bson-tutor progress --export json --student NAME`"
            ),
            (Zh, E::ProgressFile) => write!(
                out,
                "这是进度文件，不是导出文件：请用 \
                 `bson-tutor progress --export json --student NAME` 生成导出文件"
            ),
            (En, E::NoFormat) => write!(
                out,
                "not a bson-tutor results export (no \"format\": \"{FORMAT}\")"
            ),
            (Vi, E::NoFormat) => write!(
                out,
                "không phải tệp kết quả xuất từ bson-tutor (không có \"format\": \"{FORMAT}\")"
            ),
            (Zh, E::NoFormat) => write!(
                out,
                "不是 bson-tutor 导出的成绩文件（没有 \"format\": \"{FORMAT}\"）"
            ),
            (En, E::Newer { version }) => write!(
                out,
                "written by a newer bson-tutor (results version {version}, but this one reads \
                 up to version {VERSION})"
            ),
            (Vi, E::Newer { version }) => write!(
                out,
                "được ghi bởi một bson-tutor mới hơn (phiên bản kết quả {version}, nhưng bản này \
                 chỉ đọc tới phiên bản {VERSION})"
            ),
            (Zh, E::Newer { version }) => write!(
                out,
                "由更新版本的 bson-tutor 写入（成绩文件版本 {version}，而本程序最多读取版本 {VERSION}）"
            ),
            (En, E::NoVersion) => write!(out, "malformed export: no \"version\" number"),
            (Vi, E::NoVersion) => write!(out, "tệp xuất bị hỏng: không có số \"version\""),
            (Zh, E::NoVersion) => write!(out, "导出文件格式错误：没有 \"version\" 数字"),
            (En, E::Malformed { detail }) => write!(out, "malformed export: {detail}"),
            (Vi, E::Malformed { detail }) => write!(out, "tệp xuất bị hỏng: {detail}"),
            (Zh, E::Malformed { detail }) => write!(out, "导出文件格式错误：{detail}"),
            (En, E::Digest { found, computed }) => write!(
                out,
                "malformed export: its lessons_digest {found} does not match the exercises it \
                 lists ({computed}); was it edited by hand?"
            ),
            (Vi, E::Digest { found, computed }) => write!(
                out,
                "tệp xuất bị hỏng: lessons_digest {found} của nó không khớp với các bài tập nó \
                 liệt kê ({computed}); tệp đã bị sửa tay chăng?"
            ),
            (Zh, E::Digest { found, computed }) => write!(
                out,
                "导出文件格式错误：它的 lessons_digest {found} 与其中列出的练习不符（{computed}）；\
                 是否被手动编辑过？"
            ),
            (En, E::CsvHeader) => write!(out, "CSV: the first line must be `{CSV_HEADER}`"),
            (Vi, E::CsvHeader) => write!(out, "CSV: dòng đầu tiên phải là `{CSV_HEADER}`"),
            (Zh, E::CsvHeader) => write!(out, "CSV：第一行必须是 `{CSV_HEADER}`"),
            (En, E::Csv { line, problem }) => {
                write!(out, "CSV line {line}: {}", problem.display_in(lang))
            }
            (Vi, E::Csv { line, problem }) => {
                write!(out, "CSV dòng {line}: {}", problem.display_in(lang))
            }
            (Zh, E::Csv { line, problem }) => {
                write!(out, "CSV 第 {line} 行：{}", problem.display_in(lang))
            }
            (En, E::NoRows) => write!(
                out,
                "a CSV export with no rows: no student or exercise in it"
            ),
            (Vi, E::NoRows) => write!(
                out,
                "tệp xuất CSV không có dòng nào: không có học viên hay bài tập nào"
            ),
            (Zh, E::NoRows) => write!(out, "CSV 导出文件没有数据行：其中没有学生，也没有练习"),
        }
    }
}

impl Localize for CsvProblem {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use CsvProblem as P;
        use Lang::{En, Vi, Zh};
        match (lang, self) {
            (En, P::FieldCount { found }) => {
                write!(out, "expected 9 fields, but found {found}")
            }
            (Vi, P::FieldCount { found }) => write!(out, "cần 9 trường, nhưng gặp {found}"),
            (Zh, P::FieldCount { found }) => write!(out, "应为 9 个字段，但找到 {found} 个"),
            (En, P::OtherStudent { name, before }) => write!(
                out,
                "student `{name}`, but the rows above are `{before}`'s: one student per file"
            ),
            (Vi, P::OtherStudent { name, before }) => write!(
                out,
                "học viên `{name}`, nhưng các dòng phía trên là của `{before}`: mỗi tệp một học viên"
            ),
            (Zh, P::OtherStudent { name, before }) => write!(
                out,
                "学生 `{name}`，但上面的行属于 `{before}`：每个文件只能有一名学生"
            ),
            (En, P::NotWhole { field, text }) => {
                write!(out, "{field} must be a whole number, not `{text}`")
            }
            (Vi, P::NotWhole { field, text }) => {
                write!(out, "{field} phải là số nguyên, không phải `{text}`")
            }
            (Zh, P::NotWhole { field, text }) => {
                write!(out, "{field} 必须是整数，而不是 `{text}`")
            }
            (En, P::BadStatus { text }) => write!(
                out,
                "status must be solved, revealed or pending, not `{text}`"
            ),
            (Vi, P::BadStatus { text }) => write!(
                out,
                "status phải là solved, revealed hoặc pending, không phải `{text}`"
            ),
            (Zh, P::BadStatus { text }) => write!(
                out,
                "status 必须是 solved、revealed 或 pending，而不是 `{text}`"
            ),
            (En, P::TooLarge { field, text }) => write!(out, "{field} `{text}` is too large"),
            (Vi, P::TooLarge { field, text }) => write!(out, "{field} `{text}` quá lớn"),
            (Zh, P::TooLarge { field, text }) => write!(out, "{field} `{text}` 太大"),
            (En, P::ClosingQuote) => write!(out, "a closing quote must end the field"),
            (Vi, P::ClosingQuote) => write!(out, "dấu nháy đóng phải nằm ở cuối trường"),
            (Zh, P::ClosingQuote) => write!(out, "右引号必须位于字段末尾"),
            (En, P::QuoteInside) => write!(
                out,
                "a quote inside an unquoted field (quote the field and double its quotes)"
            ),
            (Vi, P::QuoteInside) => write!(
                out,
                "có dấu nháy bên trong một trường không đặt trong nháy (hãy đặt cả trường trong \
                 nháy và viết đôi các dấu nháy của nó)"
            ),
            (Zh, P::QuoteInside) => write!(
                out,
                "未加引号的字段中出现了引号（请给整个字段加上引号，并把其中的引号写两遍）"
            ),
            (En, P::Unclosed) => write!(
                out,
                "a quoted field is not closed before the end of the file"
            ),
            (Vi, P::Unclosed) => write!(
                out,
                "một trường trong nháy chưa được đóng trước khi hết tệp"
            ),
            (Zh, P::Unclosed) => write!(out, "带引号的字段直到文件结尾都没有闭合"),
        }
    }
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl fmt::Display for CsvProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ExportError {}

#[cfg(test)]
impl ExportError {
    /// One value of every variant (a CSV line with every problem).
    pub(crate) fn every_variant() -> Vec<Self> {
        let csv = |problem| ExportError::Csv { line: 2, problem };
        let all = vec![
            ExportError::Neither {
                start: "hello\tthere".into(),
            },
            ExportError::NotJson {
                detail: match serde_json::from_str::<serde_json::Value>("{oops") {
                    Err(e) => e.to_string(),
                    Ok(v) => panic!("{v}"),
                },
            },
            ExportError::OtherFormat {
                format: "other".into(),
            },
            ExportError::ProgressFile,
            ExportError::NoFormat,
            ExportError::Newer { version: 7 },
            ExportError::NoVersion,
            ExportError::Malformed {
                detail: "missing field `student`".into(),
            },
            ExportError::Digest {
                found: "0123456789abcdef".into(),
                computed: "fedcba9876543210".into(),
            },
            ExportError::CsvHeader,
            csv(CsvProblem::FieldCount { found: 3 }),
            csv(CsvProblem::OtherStudent {
                name: "b".into(),
                before: "a".into(),
            }),
            csv(CsvProblem::NotWhole {
                field: "attempts",
                text: "x".into(),
            }),
            csv(CsvProblem::BadStatus {
                text: "done".into(),
            }),
            csv(CsvProblem::TooLarge {
                field: "hints",
                text: "99999999999".into(),
            }),
            csv(CsvProblem::ClosingQuote),
            csv(CsvProblem::QuoteInside),
            csv(CsvProblem::Unclosed),
            ExportError::NoRows,
        ];
        for e in &all {
            // A new variant must be added above.
            match e {
                ExportError::Neither { .. }
                | ExportError::NotJson { .. }
                | ExportError::OtherFormat { .. }
                | ExportError::ProgressFile
                | ExportError::NoFormat
                | ExportError::Newer { .. }
                | ExportError::NoVersion
                | ExportError::Malformed { .. }
                | ExportError::Digest { .. }
                | ExportError::CsvHeader
                | ExportError::NoRows => {}
                ExportError::Csv { problem, .. } => match problem {
                    CsvProblem::FieldCount { .. }
                    | CsvProblem::OtherStudent { .. }
                    | CsvProblem::NotWhole { .. }
                    | CsvProblem::BadStatus { .. }
                    | CsvProblem::TooLarge { .. }
                    | CsvProblem::ClosingQuote
                    | CsvProblem::QuoteInside
                    | CsvProblem::Unclosed => {}
                },
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::testing::assert_localized;

    #[test]
    fn every_variant_speaks_every_language() {
        for e in ExportError::every_variant() {
            // serde's reasons are serde's own English.
            let serde = match &e {
                ExportError::NotJson { detail } | ExportError::Malformed { detail } => {
                    vec![detail.clone()]
                }
                _ => Vec::new(),
            };
            assert_localized(&e, &serde);
        }
    }
}
