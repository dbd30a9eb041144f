//! One student's export: built from progress, written and read as JSON or CSV.

use serde::{Deserialize, Serialize};

use super::error::{CsvProblem, ExportError};
use super::format::{CSV_HEADER, FORMAT, VERSION};
use crate::lesson::model::Lesson;
use crate::lesson::progress::{Progress, Status};

/// One student's results: every exercise of the lessons it was made from, in course order,
/// answered or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Export {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] for exports this build writes.
    pub version: u32,
    /// Whose results these are.
    pub student: String,
    /// Identifies the lesson set (each lesson's id, its exercises' numbers and kinds), so
    /// exports from different lesson sets are not merged: see [`lessons_digest`].
    pub lessons_digest: String,
    /// One entry per exercise.
    pub exercises: Vec<ExerciseResult>,
}

/// One student's result on one exercise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExerciseResult {
    /// The lesson's id.
    pub lesson: String,
    /// The exercise number in the lesson (1-based).
    pub exercise: usize,
    /// The exercise kind (`size`, `bytes`, `decode`, ...).
    pub kind: String,
    /// Solved, revealed or pending.
    pub status: Status,
    /// Answers given.
    pub attempts: u32,
    /// Hints shown.
    pub hints: u32,
    /// Seconds spent on it in the tutorial (the `answer` command does not count time).
    pub seconds: u64,
    /// The last wrong answer, if there was one.
    pub last_wrong: Option<String>,
}

/// The digest of a lesson set: FNV-1a (64 bits, hex) over one `lesson\tnumber\tkind` line per
/// exercise. Two exports have the same digest when they list the same exercises of the same
/// kinds in the same order; texts, hints and languages do not count.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::class::lessons_digest;
/// let a = lessons_digest([("bytes", 1, "size"), ("bytes", 2, "size")]);
/// let b = lessons_digest([("bytes", 1, "size"), ("bytes", 2, "bytes")]);
/// assert_eq!(a.len(), 16);
/// assert_ne!(a, b);
/// ```
pub fn lessons_digest<'a>(
    exercises: impl IntoIterator<Item = (&'a str, usize, &'a str)>,
) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (lesson, n, kind) in exercises {
        for b in format!("{lesson}\t{n}\t{kind}\n").bytes() {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{hash:016x}")
}

impl Export {
    /// One student's export: every exercise of `lessons` (in the order given: course order),
    /// with its record in `progress` or as pending. Records of other lessons are left out.
    pub fn new(student: &str, lessons: &[&Lesson], progress: &Progress) -> Export {
        let mut exercises = Vec::new();
        for lesson in lessons {
            for (i, ex) in lesson.exercises().enumerate() {
                let n = i + 1;
                let r = progress.record(&lesson.id, n).cloned().unwrap_or_default();
                exercises.push(ExerciseResult {
                    lesson: lesson.id.clone(),
                    exercise: n,
                    kind: ex.exercise_type.name().to_owned(),
                    status: r.status,
                    attempts: r.attempts,
                    hints: r.hints,
                    seconds: r.seconds,
                    last_wrong: r.last_wrong,
                });
            }
        }
        Export {
            format: FORMAT.to_owned(),
            version: VERSION,
            student: student.to_owned(),
            lessons_digest: digest_of(&exercises),
            exercises,
        }
    }

    /// The export as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|_| "{}".into()) + "\n"
    }

    /// The export as CSV: [`CSV_HEADER`], then one row per exercise, fields quoted as RFC 4180
    /// says (a field with a comma, a quote or a line break is put in quotes, its quotes
    /// doubled), lines ended by CRLF. A missing wrong answer is an empty field.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::class::{Export, ExerciseResult};
    /// use bson_tutor::lesson::progress::Status;
    /// let mut e = Export::new("an", &[], &Default::default());
    /// e.exercises.push(ExerciseResult {
    ///     lesson: "bytes".into(), exercise: 1, kind: "size".into(), status: Status::Pending,
    ///     attempts: 1, hints: 0, seconds: 0, last_wrong: Some(r#"{ a: "x" }"#.into()),
    /// });
    /// assert!(e.to_csv().ends_with("\r\nan,bytes,1,size,pending,1,0,0,\"{ a: \"\"x\"\" }\"\r\n"));
    /// ```
    pub fn to_csv(&self) -> String {
        let mut out = format!("{CSV_HEADER}\r\n");
        for e in &self.exercises {
            let fields = [
                csv_field(&self.student),
                csv_field(&e.lesson),
                e.exercise.to_string(),
                csv_field(&e.kind),
                e.status.label().to_owned(),
                e.attempts.to_string(),
                e.hints.to_string(),
                e.seconds.to_string(),
                csv_field(e.last_wrong.as_deref().unwrap_or_default()),
            ];
            out.push_str(&fields.join(","));
            out.push_str("\r\n");
        }
        out
    }

    /// Reads an export, JSON or CSV (told apart by the first character: `{` is JSON).
    ///
    /// # Errors
    /// Why the text is not a usable export, in a learner's words: not JSON (with line and
    /// column), not a results export (a progress file is recognised and named as one), a
    /// newer version, a malformed field, a CSV row that does not parse (with its line), or a
    /// digest that does not match the exercises listed.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::lesson::class::Export;
    /// let e = Export::new("an", &[], &Default::default());
    /// assert_eq!(Export::parse(&e.to_json()).unwrap(), e);
    /// let no_rows = Export::parse(&e.to_csv()).unwrap_err().to_string();
    /// assert_eq!(no_rows, "a CSV export with no rows: no student or exercise in it");
    /// assert!(Export::parse("{oops").unwrap_err().to_string().starts_with("not JSON"));
    /// ```
    pub fn parse(text: &str) -> Result<Export, ExportError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim_start().starts_with('{') {
            Self::from_json(text)
        } else if text.starts_with(CSV_HEADER) {
            Self::from_csv(text)
        } else {
            Err(ExportError::Neither {
                start: text.trim_start().chars().take(20).collect(),
            })
        }
    }

    fn from_json(text: &str) -> Result<Export, ExportError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ExportError::NotJson {
                detail: e.to_string(),
            })?;
        // Format and version first: a newer export may have fields this build cannot read,
        // and "written by a newer bson-tutor" is the useful thing to say then.
        match value.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => {
                return Err(ExportError::OtherFormat {
                    format: other.to_owned(),
                });
            }
            None if value.get("exercises").is_some_and(|e| e.is_object()) => {
                return Err(ExportError::ProgressFile);
            }
            None => return Err(ExportError::NoFormat),
        }
        match value.get("version").and_then(serde_json::Value::as_u64) {
            Some(v) if v > u64::from(VERSION) => {
                return Err(ExportError::Newer { version: v });
            }
            Some(_) => {}
            None => return Err(ExportError::NoVersion),
        }
        let export: Export = serde_json::from_value(value).map_err(|e| ExportError::Malformed {
            detail: e.to_string(),
        })?;
        let computed = digest_of(&export.exercises);
        if export.lessons_digest != computed {
            return Err(ExportError::Digest {
                found: export.lessons_digest,
                computed,
            });
        }
        Ok(export)
    }

    fn from_csv(text: &str) -> Result<Export, ExportError> {
        let rows = parse_csv(text)?;
        let mut rows = rows.into_iter();
        match rows.next() {
            Some((_, header)) if header.join(",") == CSV_HEADER => {}
            _ => return Err(ExportError::CsvHeader),
        }
        let mut student: Option<String> = None;
        let mut exercises = Vec::new();
        for (line, fields) in rows {
            let at = |problem: CsvProblem| ExportError::Csv { line, problem };
            let [
                name,
                lesson,
                exercise,
                kind,
                status,
                attempts,
                hints,
                seconds,
                wrong,
            ] = <[String; 9]>::try_from(fields)
                .map_err(|f| at(CsvProblem::FieldCount { found: f.len() }))?;
            match &student {
                None => student = Some(name),
                Some(s) if *s == name => {}
                Some(s) => {
                    return Err(at(CsvProblem::OtherStudent {
                        name,
                        before: s.clone(),
                    }));
                }
            }
            let number = |field: &'static str, text: &str| {
                text.parse::<u64>().map_err(|_| {
                    at(CsvProblem::NotWhole {
                        field,
                        text: text.to_owned(),
                    })
                })
            };
            let status = match status.as_str() {
                "solved" => Status::Solved,
                "revealed" => Status::Revealed,
                "pending" => Status::Pending,
                other => {
                    return Err(at(CsvProblem::BadStatus {
                        text: other.to_owned(),
                    }));
                }
            };
            let too_large = |field: &'static str, text: &str| {
                at(CsvProblem::TooLarge {
                    field,
                    text: text.to_owned(),
                })
            };
            let small = |field: &'static str, text: &str| {
                u32::try_from(number(field, text)?).map_err(|_| too_large(field, text))
            };
            exercises.push(ExerciseResult {
                exercise: usize::try_from(number("exercise", &exercise)?)
                    .map_err(|_| too_large("exercise", &exercise))?,
                lesson,
                kind,
                status,
                attempts: small("attempts", &attempts)?,
                hints: small("hints", &hints)?,
                seconds: number("seconds", &seconds)?,
                last_wrong: Some(wrong).filter(|w| !w.is_empty()),
            });
        }
        let student = student.ok_or(ExportError::NoRows)?;
        Ok(Export {
            format: FORMAT.to_owned(),
            version: VERSION,
            student,
            lessons_digest: digest_of(&exercises),
            exercises,
        })
    }
}

pub(super) fn digest_of(exercises: &[ExerciseResult]) -> String {
    lessons_digest(
        exercises
            .iter()
            .map(|e| (e.lesson.as_str(), e.exercise, e.kind.as_str())),
    )
}

/// A CSV field, quoted when RFC 4180 requires it.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_owned()
    }
}

/// RFC 4180 records (CRLF or LF line ends), each with the line it starts on. Blank lines are
/// skipped.
fn parse_csv(text: &str) -> Result<Vec<(usize, Vec<String>)>, ExportError> {
    let mut records = Vec::new();
    let mut fields: Vec<String> = Vec::new();
    let mut field = String::new();
    let (mut line, mut start) = (1, 1);
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    // Whether the current record has anything in it (so blank lines are skipped).
    let mut begun = false;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => {
                    quoted = false;
                    if !matches!(chars.peek(), None | Some(',' | '\r' | '\n')) {
                        return Err(ExportError::Csv {
                            line,
                            problem: CsvProblem::ClosingQuote,
                        });
                    }
                }
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => {
                quoted = true;
                begun = true;
            }
            '"' => {
                return Err(ExportError::Csv {
                    line,
                    problem: CsvProblem::QuoteInside,
                });
            }
            ',' => {
                fields.push(std::mem::take(&mut field));
                begun = true;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                if begun || !field.is_empty() {
                    fields.push(std::mem::take(&mut field));
                    records.push((start, std::mem::take(&mut fields)));
                }
                begun = false;
                line += 1;
                start = line;
            }
            _ => {
                field.push(c);
                begun = true;
            }
        }
    }
    if quoted {
        return Err(ExportError::Csv {
            line: start,
            problem: CsvProblem::Unclosed,
        });
    }
    if begun || !field.is_empty() {
        fields.push(field);
        records.push((start, fields));
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::class;
    use super::*;

    #[test]
    fn json_and_csv_round_trip_with_awkward_answers() {
        let (mut a, _) = class();
        a.exercises[1].last_wrong = Some("{ a: \"1, 2\" }\nsecond line".into());
        assert_eq!(Export::parse(&a.to_json()).unwrap(), a);
        let csv = a.to_csv();
        assert!(csv.starts_with(&format!("{CSV_HEADER}\r\n")));
        assert!(
            csv.contains("\"{ a: \"\"1, 2\"\" }\nsecond line\""),
            "{csv}"
        );
        assert_eq!(Export::parse(&csv).unwrap(), a);
        // LF line ends read as well.
        assert_eq!(Export::parse(&csv.replace("\r\n", "\n")).unwrap(), a);
    }

    #[test]
    fn bad_exports_say_why() {
        let (a, _) = class();
        let e = |t: &str| Export::parse(t).unwrap_err().to_string();
        assert!(e("{oops").starts_with("not JSON"));
        assert!(e("hello").contains("neither JSON nor CSV"));
        assert!(e(r#"{"version": 1, "exercises": {}}"#).contains("progress file"));
        assert!(e(r#"{"format": "other"}"#).contains("`other`"));
        let future = a.to_json().replace("\"version\": 1", "\"version\": 7");
        assert!(e(&future).contains("newer bson-tutor"), "{}", e(&future));
        let edited = a.to_json().replace("\"eval\"", "\"size\"");
        assert!(e(&edited).contains("edited by hand"));
        let csv = format!("{CSV_HEADER}\nalice,bytes,1,size,done,1,0,0,\n");
        assert!(e(&csv).contains("line 2: status"), "{}", e(&csv));
        let two =
            format!("{CSV_HEADER}\na,bytes,1,size,solved,1,0,0,\nb,bytes,2,size,solved,1,0,0,\n");
        assert!(e(&two).contains("line 3: student `b`"), "{}", e(&two));
        let open = format!("{CSV_HEADER}\na,bytes,1,size,solved,1,0,0,\"37\n");
        assert!(e(&open).contains("not closed"));
    }
}
