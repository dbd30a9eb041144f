//! What a summary says about its files: the ones left out and why, and the student counted
//! twice.

use std::fmt;

use serde::Serialize;

use super::error::ExportError;
use crate::strings::Lang;
use crate::strings::localize::{Localize, one_other};

/// A file left out of a summary, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LeftOut {
    /// The file's name as given.
    pub file: String,
    /// Why it was left out (in JSON, in English).
    pub reason: Reason,
}

/// Why a file was left out of a summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The file could not be read.
    Unreadable {
        /// The system's message, as it gives it.
        message: String,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The first byte that is not.
        at: usize,
    },
    /// The text is not a usable export.
    Export(ExportError),
    /// An export made from a different lesson set than the class's.
    OtherLessons {
        /// The files of the class's set.
        than: Others,
        /// The first few differences.
        differences: Vec<Difference>,
        /// How many more differences there are.
        more: usize,
    },
}

/// The files a mismatched export is compared with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Others {
    /// The one file of the class's lesson set.
    File(String),
    /// The other files, this many.
    Files(usize),
}

/// How one export's lesson set differs from the class's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// A lesson the class's exports lack.
    ExtraLesson {
        /// The lesson's id.
        id: String,
    },
    /// A lesson with another number of exercises.
    ExerciseCount {
        /// The lesson's id.
        id: String,
        /// Its exercises in this export.
        mine: usize,
        /// Its exercises in the class's.
        theirs: usize,
    },
    /// An exercise of another kind.
    OtherKind {
        /// The lesson's id.
        id: String,
        /// The exercise's number (1-based).
        exercise: usize,
        /// Its kind in this export.
        mine: String,
        /// Its kind in the class's.
        theirs: String,
    },
    /// A lesson of the class's exports this one lacks.
    MissingLesson {
        /// The lesson's id.
        id: String,
    },
    /// The same lessons in another order.
    Reordered,
}

/// A student whose exports are in two files (both are counted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SameStudent {
    /// The student.
    pub student: String,
    /// The first file.
    pub before: String,
    /// The second file.
    pub file: String,
}

impl Localize for Reason {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use Lang::{En, Vi, Zh};
        match (lang, self) {
            (En, Reason::Unreadable { message }) => write!(out, "cannot read it: {message}"),
            (Vi, Reason::Unreadable { message }) => write!(out, "không đọc được: {message}"),
            (Zh, Reason::Unreadable { message }) => write!(out, "无法读取：{message}"),
            (En, Reason::NotUtf8 { at }) => write!(
                out,
                "not a bson-tutor results export: not UTF-8 text at byte {at}"
            ),
            (Vi, Reason::NotUtf8 { at }) => write!(
                out,
                "không phải tệp kết quả xuất từ bson-tutor: không phải văn bản UTF-8 ở byte {at}"
            ),
            (Zh, Reason::NotUtf8 { at }) => write!(
                out,
                "不是 bson-tutor 导出的成绩文件：第 {at} 字节处不是 UTF-8 文本"
            ),
            (_, Reason::Export(e)) => e.write_in(lang, out),
            (
                _,
                Reason::OtherLessons {
                    than,
                    differences,
                    more,
                },
            ) => {
                let separator = match lang {
                    Lang::Zh => "；",
                    _ => "; ",
                };
                match (lang, than) {
                    (En, Others::File(f)) => {
                        write!(out, "made from a different lesson set than {f}: ")?
                    }
                    (En, Others::Files(n)) => write!(
                        out,
                        "made from a different lesson set than the other {n} {}: ",
                        one_other(lang, *n as u64, "file", "files")
                    )?,
                    (Vi, Others::File(f)) => {
                        write!(out, "được tạo từ một bộ bài học khác với {f}: ")?;
                    }
                    (Vi, Others::Files(n)) => {
                        write!(out, "được tạo từ một bộ bài học khác với {n} tệp còn lại: ")?;
                    }
                    (Zh, Others::File(f)) => write!(out, "所用的课程集与 {f} 不同：")?,
                    (Zh, Others::Files(n)) => write!(out, "所用的课程集与其他 {n} 个文件不同：")?,
                }
                for (i, d) in differences.iter().enumerate() {
                    if i > 0 {
                        out.write_str(separator)?;
                    }
                    d.write_in(lang, out)?;
                }
                if *more > 0 {
                    out.write_str(separator)?;
                    match lang {
                        En => write!(
                            out,
                            "and {more} more {}",
                            one_other(lang, *more as u64, "difference", "differences")
                        )?,
                        Vi => write!(out, "và còn {more} điểm khác nữa")?,
                        Zh => write!(out, "另有 {more} 处不同")?,
                    }
                }
                Ok(())
            }
        }
    }
}

impl Localize for Difference {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use Difference as D;
        use Lang::{En, Vi, Zh};
        match (lang, self) {
            (En, D::ExtraLesson { id }) => {
                write!(out, "it has lesson `{id}`, which the class's lack")
            }
            (Vi, D::ExtraLesson { id }) => write!(
                out,
                "tệp này có bài học `{id}`, mà các tệp của lớp không có"
            ),
            (Zh, D::ExtraLesson { id }) => write!(out, "它有课程 `{id}`，而全班的文件没有"),
            (En, D::ExerciseCount { id, mine, theirs }) => write!(
                out,
                "lesson `{id}` has {mine} {} in it, {theirs} in the class's",
                one_other(lang, *mine as u64, "exercise", "exercises")
            ),
            (Vi, D::ExerciseCount { id, mine, theirs }) => write!(
                out,
                "bài học `{id}` có {mine} bài tập trong tệp này, {theirs} bài tập trong tệp của lớp"
            ),
            (Zh, D::ExerciseCount { id, mine, theirs }) => write!(
                out,
                "课程 `{id}` 在它里面有 {mine} 道练习，在全班的文件里有 {theirs} 道"
            ),
            (
                En,
                D::OtherKind {
                    id,
                    exercise,
                    mine,
                    theirs,
                },
            ) => write!(
                out,
                "exercise {exercise} of `{id}` is a `{mine}` exercise in it, `{theirs}` in the class's"
            ),
            (
                Vi,
                D::OtherKind {
                    id,
                    exercise,
                    mine,
                    theirs,
                },
            ) => write!(
                out,
                "bài tập {exercise} của `{id}` là bài tập `{mine}` trong tệp này, `{theirs}` trong tệp của lớp"
            ),
            (
                Zh,
                D::OtherKind {
                    id,
                    exercise,
                    mine,
                    theirs,
                },
            ) => write!(
                out,
                "`{id}` 的练习 {exercise} 在它里面是 `{mine}` 练习，在全班的文件里是 `{theirs}`"
            ),
            (En, D::MissingLesson { id }) => write!(out, "it lacks lesson `{id}`"),
            (Vi, D::MissingLesson { id }) => write!(out, "tệp này thiếu bài học `{id}`"),
            (Zh, D::MissingLesson { id }) => write!(out, "它缺少课程 `{id}`"),
            (En, D::Reordered) => write!(out, "the same lessons in a different order"),
            (Vi, D::Reordered) => write!(out, "cùng các bài học, nhưng theo thứ tự khác"),
            (Zh, D::Reordered) => write!(out, "课程相同，但顺序不同"),
        }
    }
}

impl Localize for SameStudent {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let SameStudent {
            student,
            before,
            file,
        } = self;
        match lang {
            Lang::En => write!(
                out,
                "student `{student}` is in both {before} and {file}: both are counted"
            ),
            Lang::Vi => write!(
                out,
                "học viên `{student}` có trong cả {before} và {file}: cả hai đều được tính"
            ),
            Lang::Zh => write!(
                out,
                "学生 `{student}` 同时出现在 {before} 和 {file} 中：两份都会计入"
            ),
        }
    }
}

/// `Display` is English, and so is the JSON summary: it is for machines.
macro_rules! english {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.write_in(Lang::En, f)
            }
        }

        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
    )*};
}

english!(Reason, Difference, SameStudent);

#[cfg(test)]
impl Reason {
    /// One value of every variant, and of every [`Difference`] and [`Others`].
    pub(crate) fn every_variant() -> Vec<Self> {
        let differences = vec![
            Difference::ExtraLesson { id: "sizes".into() },
            Difference::ExerciseCount {
                id: "dates".into(),
                mine: 1,
                theirs: 3,
            },
            Difference::OtherKind {
                id: "dates".into(),
                exercise: 2,
                mine: "eval".into(),
                theirs: "size".into(),
            },
            Difference::MissingLesson { id: "oid".into() },
            Difference::Reordered,
        ];
        let all = vec![
            Reason::Unreadable {
                message: "No such file or directory (os error 2)".into(),
            },
            Reason::NotUtf8 { at: 3 },
            Reason::Export(ExportError::NoRows),
            Reason::OtherLessons {
                than: Others::File("alice.json".into()),
                differences: differences.clone(),
                more: 2,
            },
            Reason::OtherLessons {
                than: Others::Files(3),
                differences: differences[..1].to_vec(),
                more: 0,
            },
        ];
        for r in &all {
            // A new variant must be added above.
            match r {
                Reason::Unreadable { .. } | Reason::NotUtf8 { .. } | Reason::Export(_) => {}
                Reason::OtherLessons {
                    than, differences, ..
                } => {
                    match than {
                        Others::File(_) | Others::Files(_) => {}
                    }
                    for d in differences {
                        match d {
                            Difference::ExtraLesson { .. }
                            | Difference::ExerciseCount { .. }
                            | Difference::OtherKind { .. }
                            | Difference::MissingLesson { .. }
                            | Difference::Reordered => {}
                        }
                    }
                }
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
    fn every_reason_speaks_every_language() {
        for r in Reason::every_variant() {
            // The system's message is the system's own English.
            let system = match &r {
                Reason::Unreadable { message } => vec![message.clone()],
                _ => Vec::new(),
            };
            assert_localized(&r, &system);
        }
        assert_localized(
            &SameStudent {
                student: "alice".into(),
                before: "alice.json".into(),
                file: "alice2.json".into(),
            },
            &[],
        );
    }

    #[test]
    fn counts_of_one_are_singular() {
        let one = Difference::ExerciseCount {
            id: "x".into(),
            mine: 1,
            theirs: 2,
        };
        assert_eq!(
            one.to_string(),
            "lesson `x` has 1 exercise in it, 2 in the class's"
        );
        let r = Reason::OtherLessons {
            than: Others::Files(2),
            differences: vec![Difference::Reordered],
            more: 1,
        };
        assert_eq!(
            r.to_string(),
            "made from a different lesson set than the other 2 files: the same lessons in a \
             different order; and 1 more difference"
        );
    }
}
