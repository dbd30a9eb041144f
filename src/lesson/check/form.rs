//! How an answer is written: a short example of the form an exercise reads, shown under its
//! prompt and after an answer that could not be read (a format slip is not an attempt).
//!
//! An example shows the form, never the answer: it is the same for every exercise of a kind
//! and answer type, lists several words where a single one would look like a hint (`int /
//! long / string …`), and is replaced by another when it happens to be the answer.

use crate::bson::Value;
use crate::lesson::compute::Classroom;
use crate::lesson::model::{Exercise, ExerciseType};
use crate::strings::{Lang, tr, trf};

/// The form an exercise's answer is read in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// An example of the form (not the answer): `[ 1, 3 ]`, `0a 1b 2c 3d …`, `a / b / c`.
    pub example: &'static str,
    /// Whether the number's BSON type is judged too (an `eval` exercise with `exact_type`
    /// whose answer is a number).
    pub type_matters: bool,
}

/// What kind of value an exercise's `expect` is, which decides the example's form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Number,
    Boolean,
    Date,
    String,
    Document,
    ObjectId,
    Other,
}

/// The kind of value a text reads as (the `expect` of an exercise; the seed does not change
/// the kind).
fn kind_of(text: &str) -> Kind {
    match Classroom::default().parse_answer(text) {
        Ok(Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_)) => {
            Kind::Number
        }
        Ok(Value::Boolean(_)) => Kind::Boolean,
        Ok(Value::DateTime(_)) => Kind::Date,
        Ok(Value::String(_)) => Kind::String,
        Ok(Value::Document(_)) => Kind::Document,
        Ok(Value::ObjectId(_)) => Kind::ObjectId,
        Ok(Value::Array(items)) => items.first().map_or(Kind::Number, |v| match v {
            Value::String(_) => Kind::String,
            Value::ObjectId(_) => Kind::ObjectId,
            _ => Kind::Number,
        }),
        // A list typed without brackets (`5, 4, 3, 1`), or bare string ids.
        _ if text.contains(['\'', '"']) => Kind::String,
        _ => Kind::Other,
    }
}

/// The example candidates of `ex`, the first one that is not the answer is shown.
fn examples(ex: &Exercise) -> &'static [&'static str] {
    let ask = ex.ask.as_deref();
    let value = |kind: Kind| -> &'static [&'static str] {
        match kind {
            Kind::Boolean => &["yes / no"],
            Kind::Date => &["2026-10-08T03:46:09Z"],
            Kind::String => &["'text'"],
            Kind::Document => &["{ a: 1 }"],
            Kind::ObjectId => &["ObjectId('6ac711ed454f588ca2d05d4b')"],
            Kind::Number | Kind::Other => &["42", "7"],
        }
    };
    match ex.exercise_type {
        ExerciseType::Size => &["123", "45"],
        ExerciseType::Bytes => &["0a 1b 2c 3d …"],
        ExerciseType::Decode => match ask.unwrap_or("role") {
            "type" => &["int / string / object …"],
            "value" => value(kind_of(&ex.expect)),
            _ => &["key / value / type byte …"],
        },
        ExerciseType::Find => match kind_of(&ex.expect) {
            Kind::String => &["[ 'a', 'c' ]", "[ 'b', 'd' ]"],
            _ => &["[ 1, 3 ]", "[ 2, 5 ]"],
        },
        ExerciseType::Sort => match kind_of(&ex.expect) {
            Kind::String => &["[ 'c', 'a', 'b' ]", "[ 'b', 'c', 'a' ]"],
            _ => &["[ 3, 1, 2 ]", "[ 2, 3, 1 ]"],
        },
        ExerciseType::Eval => value(kind_of(&ex.expect)),
        ExerciseType::Type => &["int / long / string …"],
        ExerciseType::Oid => match ask.unwrap_or("timestamp") {
            "timestamp" => &["2026-10-08T03:46:09Z", "2027-01-01T00:00:00Z"],
            "first" => letters(ex.options.len()),
            _ => &["1234", "5678"],
        },
        ExerciseType::Choice => letters(ex.options.len()),
        ExerciseType::Script => &["db.t.insertOne({ a: 1 }); print(db.t.countDocuments())"],
    }
}

/// The letters of `n` options, as one example.
fn letters(n: usize) -> &'static [&'static str] {
    match n {
        0..=2 => &["a / b"],
        3 => &["a / b / c"],
        4 => &["a / b / c / d"],
        5 => &["a / b / c / d / e"],
        _ => &["a / b / c …"],
    }
}

/// A text compared with another as an answer: no spaces, one kind of quote, lowercase.
fn squeeze(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == '"' { '\'' } else { c })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The form of `ex`'s answer.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::check::form;
/// use bson_tutor::lesson::load_str;
/// let text = "format_version = 1\nid = \"x\"\ntitle = \"X\"\norder = 1\nsummary = \"x\"\n\
///             [[step]]\nkind = \"exercise\"\ntype = \"eval\"\nprompt = \"1 + 1?\"\n\
///             expression = \"{ $add: [1, 1] }\"\nexplanation = \"e\"\nexpect = \"2\"\n";
/// let lesson = load_str("x.toml", text).unwrap().lesson;
/// let f = form(lesson.exercises().next().unwrap());
/// assert_eq!((f.example, f.type_matters), ("42", true));
/// ```
pub fn form(ex: &Exercise) -> Form {
    let candidates = examples(ex);
    let answer = squeeze(&ex.expect);
    let example = candidates
        .iter()
        .find(|e| squeeze(e) != answer)
        .or(candidates.first())
        .copied()
        .unwrap_or("42");
    Form {
        example,
        type_matters: ex.exercise_type == ExerciseType::Eval
            && ex.exact_type.unwrap_or(true)
            && kind_of(&ex.expect) == Kind::Number,
    }
}

/// The line shown under a prompt: `answer like: [ 1, 3 ]`, and when the number's type is
/// judged, how each type is written.
pub fn form_note(ex: &Exercise, lang: Lang) -> String {
    let f = form(ex);
    // An example made of words (`yes / no`) is written in the learner's language.
    let like = trf(lang, "answer like: {example}", &[&tr(lang, f.example)]);
    if f.type_matters {
        format!(
            "{like} · {}",
            tr(
                lang,
                "the type counts: 7 and 7.0 are ints; write Double(7), Long('7') or Decimal128('7') for the other types"
            )
        )
    } else {
        like
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::builtin;
    use crate::lesson::load_str;

    #[test]
    fn an_example_is_never_the_answer() {
        for (file, text) in builtin::LESSONS {
            let lesson = load_str(file, text).unwrap().lesson;
            for ex in lesson.exercises() {
                let f = form(ex);
                assert_ne!(
                    squeeze(f.example),
                    squeeze(&ex.expect),
                    "{file}: {}",
                    ex.prompt
                );
            }
        }
    }

    #[test]
    fn examples_follow_the_kind_of_answer() {
        assert_eq!(kind_of("true"), Kind::Boolean);
        assert_eq!(kind_of("'2026-10-09 03:00'"), Kind::String);
        assert_eq!(kind_of("new Date('1970-01-03T00:00:00Z')"), Kind::Date);
        assert_eq!(kind_of("[\"a\", \"b\"]"), Kind::String);
        assert_ne!(kind_of("5, 4, 3, 1"), Kind::String);
        assert_eq!(kind_of("[]"), Kind::Number);
        assert_eq!(kind_of("NumberLong('1')"), Kind::Number);
        assert_eq!(letters(4), ["a / b / c / d"]);
    }
}
