//! The true answer of an exercise, computed by the engine from the exercise's inputs; a
//! choice's claims are computed too, so the expected option is the engine's, not the author's.

mod error;
mod trap;

pub use error::SolveError;
pub use trap::Mistake;
pub(super) use trap::{Bait, Trap};
use trap::{decode_traps, oid_traps, size_traps};

use std::cmp::Ordering;

use super::compute::{self, Classroom, ComputeError, need};
use super::context::Context;
use super::model::{Exercise, ExerciseType};
use crate::bson::spans::{Meaning, Row, document_spans, rows};
use crate::bson::{Document, ElementType, Value, datetime, hex, shell};
use crate::query::matcher::Filter;
use crate::query::order;
use crate::query::sort::SortSpec;

/// The true answer of an exercise, as the engine computes it.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The answer as a learner would type it, a value printed in the BSON type it has (a
    /// length prefix is `3`, an int32; only an int64 prints `Long('…')`).
    pub text: String,
    pub(super) truth: Truth,
}

impl Solution {
    /// The value the answer is, for an exercise whose answer is a value (`size`, `eval`, a
    /// `decode` of a value, an ObjectId's seconds or counter): the value [`Solution::text`]
    /// prints, with its BSON type.
    pub fn value(&self) -> Option<&Value> {
        match &self.truth {
            Truth::Value { value, .. } => Some(value),
            _ => None,
        }
    }
}

/// What a learner's answer is judged against.
#[derive(Clone, Debug)]
pub(super) enum Truth {
    /// A value; `exact` compares types too; `traps` are wrong answers foreseen.
    Value {
        value: Value,
        exact: bool,
        traps: Vec<Trap>,
    },
    /// Bytes typed as hex; `rows` say what each byte is (offsets from the first byte).
    Hex { bytes: Vec<u8>, rows: Vec<Row> },
    /// `_id`s; with `ordered`, in this order. `docs` and `filter` explain mistakes.
    Ids {
        ids: Vec<Value>,
        ordered: bool,
        docs: Vec<Document>,
        filter: Option<Filter>,
        sort: Option<SortSpec>,
    },
    /// One of several words (already normalised).
    Words(Vec<String>),
    /// A BSON type.
    Type(ElementType),
    /// An instant in milliseconds, typed as ISO-8601.
    Time(i64),
    /// The index of the right option.
    Choice(usize),
    /// What the expected script printed, or left in the databases (`database`), after the
    /// exercise's `setup`.
    Script {
        /// The outcome, as [`script_outcome`] writes it.
        outcome: String,
        /// Whether the databases are compared rather than the output.
        database: bool,
    },
}

/// What a `script` exercise's answer is judged by: what `script` printed after `setup`
/// (`database` false), or every collection's documents afterwards, one `db.collection:`
/// line and its documents in natural order. `Err` holds mongosh's report when a script
/// threw (`setup`'s or the answer's).
pub(super) fn script_outcome(
    room: &Classroom,
    setup: Option<&str>,
    script: &str,
    database: bool,
) -> Result<Result<String, String>, ComputeError> {
    let mut scripts = Vec::new();
    if let Some(setup) = setup {
        scripts.push(("setup.js", setup));
    }
    scripts.push(("answer.js", script));
    let (runs, mut console) = room.run_scripts(&scripts)?;
    if let Some(e) = runs.iter().find_map(|r| r.error.as_ref()) {
        return Ok(Err(e.report()));
    }
    if !database {
        return Ok(Ok(runs
            .last()
            .map(crate::shell::Run::text)
            .unwrap_or_default()));
    }
    let mut out = String::new();
    let databases = console
        .databases()
        .map_err(|report| ComputeError::Script { report })?;
    for (db, colls) in &databases {
        for (name, docs) in colls {
            out.push_str(&format!("{db}.{name}:\n"));
            for d in docs {
                out.push_str(&shell::print_document(d));
                out.push('\n');
            }
        }
    }
    Ok(Ok(out))
}

/// Computes the true answer of an exercise in the classroom of `ctx`, whose seed and clock
/// decide the values `ObjectId()`, `UUID()` and `new Date()` stand for in its inputs.
///
/// # Errors
/// A missing or unparsable input, an engine error, or an exercise that contradicts itself:
/// the exercise cannot be answered.
pub fn solve(ex: &Exercise, ctx: &Context) -> Result<Solution, SolveError> {
    let room = &ctx.room;
    let kind = ex.exercise_type.name();
    let value = |value: Value, exact: bool, traps: Vec<Trap>| Solution {
        text: typed_text(&value, room),
        truth: Truth::Value {
            value,
            exact,
            traps,
        },
    };
    match ex.exercise_type {
        ExerciseType::Script => {
            let database = match ex.judge.as_deref().unwrap_or("output") {
                "output" => false,
                "database" => true,
                other => {
                    return Err(SolveError::ScriptJudge {
                        found: other.to_owned(),
                    });
                }
            };
            match script_outcome(room, ex.setup.as_deref(), &ex.expect, database)? {
                Ok(outcome) => Ok(Solution {
                    text: ex.expect.clone(),
                    truth: Truth::Script { outcome, database },
                }),
                Err(report) => Err(ComputeError::Script { report }.into()),
            }
        }
        ExerciseType::Size => {
            let written = need(ex.document.as_deref(), "document", kind)?;
            let doc = room.parse_document(written, "document")?;
            let bytes = room.bytes_of(written)?;
            let traps = size_traps(written, &doc, &bytes)?;
            // `$bsonSize` returns an int: a document that encodes is at most 16 MiB.
            Ok(value(number(bytes.len() as u64), false, traps))
        }
        ExerciseType::Bytes => {
            let bytes = room.bytes_of(need(ex.document.as_deref(), "document", kind)?)?;
            let spans = document_spans(&bytes).map_err(ComputeError::from)?;
            let (start, len) = match ex.path.as_deref() {
                None => (0, bytes.len()),
                Some(path) => {
                    let e = compute::find_span(&spans.elements, path).ok_or_else(|| {
                        SolveError::NoPath {
                            path: path.to_owned(),
                        }
                    })?;
                    (e.offset, e.len)
                }
            };
            // The rows of the bytes asked for, their offsets from the first of them.
            let rows = rows(&spans)
                .into_iter()
                .filter(|r| start <= r.offset && r.offset + r.len <= start + len)
                .map(|r| Row {
                    offset: r.offset - start,
                    ..r
                })
                .collect();
            let bytes = bytes.get(start..start + len).unwrap_or_default().to_vec();
            Ok(Solution {
                text: hex::encode_spaced(&bytes),
                truth: Truth::Hex { bytes, rows },
            })
        }
        ExerciseType::Decode => solve_decode(ex, room),
        ExerciseType::Find | ExerciseType::Sort => {
            let docs_text = need(ex.docs.as_deref(), "docs", kind)?;
            let docs: Vec<Document> = room
                .collection(room.parse_documents(docs_text, "docs")?)?
                .documents()
                .cloned()
                .collect();
            let ordered = ex.exercise_type == ExerciseType::Sort;
            let (filter_text, sort_text) = if ordered {
                ("{}", Some(need(ex.sort.as_deref(), "sort", kind)?))
            } else {
                (need(ex.filter.as_deref(), "filter", kind)?, None)
            };
            let collation_text = ex.collation.as_deref();
            let found = room.find_in(docs_text, filter_text, sort_text, collation_text)?;
            let ids: Vec<Value> = found.iter().map(compute::id_of).collect();
            let collation = room.collation(collation_text)?;
            let filter = Filter::parse_in(&room.parse_document(filter_text, "filter")?, &collation)
                .map_err(ComputeError::from)?;
            let sort = sort_text
                .map(|s| -> Result<SortSpec, SolveError> {
                    Ok(SortSpec::parse(&room.parse_document(s, "sort")?)
                        .map_err(ComputeError::from)?
                        .collated(&collation))
                })
                .transpose()?;
            Ok(Solution {
                text: shell::print_value(&Value::Array(ids.clone())),
                truth: Truth::Ids {
                    ids,
                    ordered,
                    docs,
                    filter: Some(filter),
                    sort,
                },
            })
        }
        ExerciseType::Eval => {
            let v = room.eval(
                need(ex.expression.as_deref(), "expression", kind)?,
                ex.document.as_deref(),
            )?;
            Ok(value(v, ex.exact_type.unwrap_or(true), Vec::new()))
        }
        ExerciseType::Type => {
            let v = room.eval(
                need(ex.expression.as_deref(), "expression", kind)?,
                ex.document.as_deref(),
            )?;
            let t = v.element_type();
            Ok(Solution {
                text: t.alias().to_string(),
                truth: Truth::Type(t),
            })
        }
        ExerciseType::Oid if ex.ask.as_deref() == Some("first") => {
            // Which of the `options` (ObjectIds) sorts first by `_id`: bytes, big-endian time first.
            if ex.options.len() < 2 {
                return Err(SolveError::FirstNeedsTwo);
            }
            let ids = ex
                .options
                .iter()
                .map(|o| compute::parse_oid(o))
                .collect::<Result<Vec<_>, _>>()?;
            let first = (0..ids.len()).min_by_key(|&i| ids[i].0).unwrap_or(0);
            Ok(Solution {
                text: letter(first),
                truth: Truth::Choice(first),
            })
        }
        ExerciseType::Oid => {
            let id = compute::parse_oid(need(ex.id.as_deref(), "id", kind)?)?;
            match ex.ask.as_deref().unwrap_or("timestamp") {
                "timestamp" => Ok(Solution {
                    text: datetime::format_iso(id.get_timestamp_ms()),
                    truth: Truth::Time(id.get_timestamp_ms()),
                }),
                // Both are unsigned in the id (a uint32 and 24 bits): plain numbers, as
                // mongosh gives them (`getTimestamp()` seconds are a JavaScript number).
                "seconds" => Ok(value(
                    number(u64::from(id.timestamp())),
                    false,
                    oid_traps(&id, 0..4, true),
                )),
                "counter" => Ok(value(
                    number(u64::from(id.counter())),
                    false,
                    oid_traps(&id, 9..12, false),
                )),
                other => Err(SolveError::OidAsk {
                    found: other.to_owned(),
                }),
            }
        }
        ExerciseType::Choice => {
            if ex.options.len() < 2 {
                return Err(SolveError::ChoiceNeedsTwo);
            }
            let i =
                choice_index(&ex.expect, &ex.options).ok_or_else(|| SolveError::NotAnOption {
                    expect: ex.expect.clone(),
                    options: ex.options.len(),
                })?;
            check_claims(ex, i, room)?;
            Ok(Solution {
                text: letter(i),
                truth: Truth::Choice(i),
            })
        }
    }
}

/// A choice's checkable claims: the engine must find the expected option's claim true and
/// every other claim false, so the right answer is computed, not asserted by the author.
fn check_claims(ex: &Exercise, expected: usize, room: &Classroom) -> Result<(), SolveError> {
    if ex.claims.is_empty() {
        return Ok(());
    }
    if ex.claims.len() != ex.options.len() {
        return Err(SolveError::ClaimCount {
            claims: ex.claims.len(),
            options: ex.options.len(),
        });
    }
    for (i, claim) in ex.claims.iter().enumerate() {
        if claim.trim().is_empty() {
            continue;
        }
        let holds = match room.eval(claim, None)? {
            Value::Boolean(b) => b,
            other => {
                return Err(SolveError::ClaimNotBoolean {
                    index: i,
                    claim: claim.clone(),
                    value: shell::print_value(&other),
                });
            }
        };
        if holds != (i == expected) {
            return Err(SolveError::ClaimDisagrees {
                option: letter(i),
                claim: claim.clone(),
                holds,
                expected: letter(expected),
            });
        }
    }
    Ok(())
}

/// A count or an unsigned field as mongosh has it: a JavaScript number, which js-bson stores
/// as an int32 when it fits and as a double otherwise (never an int64).
pub(super) fn number(n: u64) -> Value {
    i32::try_from(n).map_or(Value::Double(n as f64), Value::Int32)
}

/// The value as a learner would type it so that it reads back with its type: mongosh
/// prints the double 1 as `1`, which reads back as an int.
fn typed_text(v: &Value, room: &Classroom) -> String {
    let text = shell::print_value(v);
    let reads_back = room.parse_answer(&text).is_ok_and(|b| same_typed(&b, v));
    match v {
        Value::Double(_) if !reads_back => format!("Double({text})"),
        _ => text,
    }
}

/// The letter of option `i`: `a`, `b`... (its number past `z`).
pub(super) fn letter(i: usize) -> String {
    u8::try_from(i)
        .ok()
        .filter(|&i| i < 26)
        .map_or_else(|| (i + 1).to_string(), |i| char::from(b'a' + i).to_string())
}

/// The option a text names: a letter (`b`, `B`, `(b)`, `b)`, `b.`), a 1-based number, or
/// the option itself.
pub(super) fn choice_index(text: &str, options: &[String]) -> Option<usize> {
    let whole = text.trim().to_lowercase();
    if let Some(i) = options
        .iter()
        .position(|o| o.trim().to_lowercase() == whole)
    {
        return Some(i);
    }
    let t = whole.strip_prefix('(').unwrap_or(&whole);
    let t = t.trim_end_matches([')', '.', ':']).trim();
    let i = if let Ok(n) = t.parse::<usize>() {
        n.checked_sub(1)?
    } else if t.len() == 1 && t.as_bytes()[0].is_ascii_lowercase() {
        usize::from(t.as_bytes()[0] - b'a')
    } else {
        return None;
    };
    (i < options.len()).then_some(i)
}

/// The words that name a byte's role, in every language the tutor speaks (an answer is
/// right in any of them), already in [`normalise_word`] form.
fn role_words(role: crate::bson::spans::ByteRole) -> (&'static str, &'static [&'static str]) {
    use crate::bson::spans::ByteRole;
    match role {
        ByteRole::Length => (
            "length prefix",
            &[
                "length",
                "lengthprefix",
                "stringlength",
                "documentlength",
                "size",
                // Vietnamese: độ dài, tiền tố độ dài, kích thước
                "dodai",
                "tientododai",
                "kichthuoc",
                // Chinese
                "长度",
                "长度前缀",
                "前缀",
                "大小",
            ],
        ),
        ByteRole::TypeByte => (
            "type byte",
            &[
                "type",
                "typebyte",
                "elementtype",
                // byte kiểu, kiểu, kiểu dữ liệu
                "bytekieu",
                "kieu",
                "kieudulieu",
                "类型",
                "类型字节",
            ],
        ),
        ByteRole::Key => (
            "key",
            &[
                "key",
                "fieldname",
                "name",
                "cstring",
                // khóa, tên khóa, tên trường
                "khoa",
                "tenkhoa",
                "tentruong",
                "键",
                "键名",
                "字段名",
            ],
        ),
        ByteRole::Value => (
            "value",
            &["value", "data", "giatri", "dulieu", "值", "数据"],
        ),
        ByteRole::Subtype => (
            "subtype",
            &["subtype", "binarysubtype", "kieucon", "子类型"],
        ),
        ByteRole::Terminator => (
            "terminator",
            &[
                "terminator",
                "nul",
                "end",
                "null",
                // byte kết thúc, kết thúc
                "byteketthuc",
                "ketthuc",
                "结尾",
                "结束符",
                "终止符",
                "结束",
            ],
        ),
    }
}

fn solve_decode(ex: &Exercise, room: &Classroom) -> Result<Solution, SolveError> {
    let bytes = room.bytes_of(need(ex.document.as_deref(), "document", "decode")?)?;
    let offset = need(ex.offset.as_ref(), "offset", "decode")?;
    let spans = document_spans(&bytes).map_err(ComputeError::from)?;
    let all = rows(&spans);
    let row = all
        .iter()
        .find(|r| r.offset <= *offset && *offset < r.offset + r.len)
        .ok_or(SolveError::PastTheEnd {
            offset: *offset,
            len: bytes.len(),
        })?;
    match ex.ask.as_deref().unwrap_or("role") {
        "role" => {
            let (name, words) = role_words(row.meaning.role());
            Ok(Solution {
                // Any language's word is right; the one shown is the same in every language,
                // as every revealed answer is.
                text: name.to_string(),
                truth: Truth::Words(words.iter().map(|w| (*w).to_string()).collect()),
            })
        }
        "type" => {
            let t = match &row.meaning {
                Meaning::TypeByte(t) => *t,
                _ => compute::find_span(&spans.elements, &row.path)
                    .map(|e| e.element_type)
                    .ok_or(SolveError::NoElement { offset: *offset })?,
            };
            Ok(Solution {
                text: t.alias().to_string(),
                truth: Truth::Type(t),
            })
        }
        "value" => {
            let v = match &row.meaning {
                // Length prefixes are int32 in BSON.
                Meaning::DocumentLength { len, .. }
                | Meaning::StringLength(len)
                | Meaning::BinaryLength(len) => number(*len as u64),
                Meaning::Key(k) => Value::from(k.as_str()),
                Meaning::StringBytes(s) => Value::from(s.as_str()),
                Meaning::TypeByte(t) => Value::Int32(i32::from(t.byte())),
                _ => {
                    let doc = crate::bson::decode_document(&bytes).map_err(ComputeError::from)?;
                    get_path(&doc, &row.path).ok_or(SolveError::NoValue { offset: *offset })?
                }
            };
            Ok(Solution {
                text: typed_text(&v, room),
                truth: Truth::Value {
                    value: v,
                    exact: false,
                    traps: decode_traps(row, &bytes),
                },
            })
        }
        other => Err(SolveError::DecodeAsk {
            found: other.to_owned(),
        }),
    }
}

fn get_path(doc: &Document, path: &str) -> Option<Value> {
    let mut parts = path.split('.');
    let mut v = doc.get(parts.next()?)?.clone();
    for p in parts {
        v = match v {
            Value::Document(d) => d.get(p)?.clone(),
            Value::Array(items) => items.get(p.parse::<usize>().ok()?)?.clone(),
            _ => return None,
        };
    }
    Some(v)
}

/// Equal as values and of the same type, all the way down (`1` is not `Long('1')`).
pub fn same_typed(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_typed(a, b))
        }
        (Value::Document(x), Value::Document(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|((ka, va), (kb, vb))| ka == kb && same_typed(va, vb))
        }
        _ => a.element_type() == b.element_type() && order::compare(a, b) == Ordering::Equal,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_numbers_as_mongosh_has_them() {
        assert_eq!(number(3), Value::Int32(3));
        assert_eq!(number(1_791_431_149), Value::Int32(1_791_431_149));
        assert_eq!(number(3_977_365_354), Value::Double(3_977_365_354.0));
    }
}
