//! A class's results: one student's progress as an export (JSON or CSV), and many exports
//! merged into a summary per exercise (solved %, median attempts, the most common wrong
//! answer) rendered as an aligned table and a bar chart.
//!
//! Pure: the binary reads the files and prints; here texts become exports, exports become a
//! [`Summary`], and a summary becomes text. Files that cannot be used are never dropped
//! silently: [`gather`] returns each one with the reason, for the binary to report by name.

mod error;
mod export;
mod format;
mod left_out;
mod render;
mod summary;

pub use error::{CsvProblem, ExportError};
pub use export::{ExerciseResult, Export, lessons_digest};
pub use format::{CSV_HEADER, FORMAT, VERSION};
pub use left_out::{Difference, LeftOut, Others, Reason, SameStudent};
pub use render::{render_chart, render_json, render_text};
pub use summary::{
    BAR_WIDTH, ExerciseSummary, Gathered, Summary, gather, median, most_common, summarize,
};

/// Two students' exports, for the submodules' tests.
#[cfg(test)]
mod fixtures {
    use super::export::digest_of;
    use super::format::{FORMAT, VERSION};
    use super::*;
    use crate::lesson::progress::Status;

    pub fn result(lesson: &str, n: usize, kind: &str) -> ExerciseResult {
        ExerciseResult {
            lesson: lesson.into(),
            exercise: n,
            kind: kind.into(),
            status: Status::Pending,
            attempts: 0,
            hints: 0,
            seconds: 0,
            last_wrong: None,
        }
    }

    pub fn export(student: &str, exercises: Vec<ExerciseResult>) -> Export {
        Export {
            format: FORMAT.into(),
            version: VERSION,
            student: student.into(),
            lessons_digest: digest_of(&exercises),
            exercises,
        }
    }

    /// alice solves bytes#1 on the second try (37 first) in 40 s; bob solves it at once in
    /// 20 s; bob has bytes#2 revealed after answering 13; nobody touches bytes#3.
    pub fn class() -> (Export, Export) {
        let mut a = vec![
            result("bytes", 1, "size"),
            result("bytes", 2, "size"),
            result("dates", 1, "eval"),
        ];
        let mut b = a.clone();
        a[0] = ExerciseResult {
            status: Status::Solved,
            attempts: 2,
            seconds: 40,
            last_wrong: Some("37".into()),
            ..a[0].clone()
        };
        b[0] = ExerciseResult {
            status: Status::Solved,
            attempts: 1,
            seconds: 20,
            ..b[0].clone()
        };
        b[1] = ExerciseResult {
            status: Status::Revealed,
            attempts: 1,
            hints: 2,
            last_wrong: Some("13".into()),
            ..b[1].clone()
        };
        (export("alice", a), export("bob", b))
    }
}
