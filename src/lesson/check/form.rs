//! How an answer is written: a short example of the form an exercise reads, shown under its
//! prompt and after an answer that could not be read (a format slip is not an attempt).

use crate::lesson::model::{Exercise, ExerciseType};
use crate::strings::{Lang, tr, trf};

/// The form an exercise's answer is read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// An example of the form (not the answer): `[ 1, 3 ]`, `0a 61 00`, `b`.
    pub example: &'static str,
    /// Whether the value's BSON type is judged too (an `eval` exercise with `exact_type`).
    pub type_matters: bool,
}

/// The form of `ex`'s answer.
pub fn form(ex: &Exercise) -> Form {
    let ask = ex.ask.as_deref();
    let example = match ex.exercise_type {
        ExerciseType::Size => "36",
        ExerciseType::Bytes => "10 61 00 01 00 00 00",
        ExerciseType::Decode => match ask.unwrap_or("role") {
            "type" => "int",
            "value" => "30",
            _ => "type byte",
        },
        ExerciseType::Find => "[ 1, 3 ]",
        ExerciseType::Sort => "[ 3, 1, 2 ]",
        ExerciseType::Eval => "42",
        ExerciseType::Type => "int",
        ExerciseType::Oid => match ask.unwrap_or("timestamp") {
            "timestamp" => "2026-10-08T03:46:09Z",
            "first" => "b",
            _ => "1234",
        },
        ExerciseType::Choice => "b",
    };
    Form {
        example,
        type_matters: ex.exercise_type == ExerciseType::Eval && ex.exact_type.unwrap_or(true),
    }
}

/// The line shown under a prompt: `answer like: [ 1, 3 ]`, and when the type is judged, how
/// to write one.
pub fn form_note(ex: &Exercise, lang: Lang) -> String {
    let f = form(ex);
    let like = trf(lang, "answer like: {example}", &[&f.example]);
    if f.type_matters {
        format!(
            "{like} · {}",
            tr(
                lang,
                "the type counts: write Double(7), Long('5'), Decimal128('0.3') for those types"
            )
        )
    } else {
        like
    }
}
