//! The true answer of an exercise, computed by the engine from the exercise's inputs; a
//! choice's claims are computed too, so the expected option is the engine's, not the author's.

mod error;

pub use error::SolveError;

use std::cmp::Ordering;

use super::compute::{self, Classroom, ComputeError, What, need};
use super::context::Context;
use super::model::{Exercise, ExerciseType};
use crate::bson::spans::{Meaning, document_spans, rows};
use crate::bson::{Document, ElementType, Value, datetime, document_size, hex, shell};
use crate::query::matcher::Filter;
use crate::query::order;
use crate::query::sort::SortSpec;

/// The true answer of an exercise, as the engine computes it.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The answer as a learner would type it.
    pub text: String,
    pub(super) truth: Truth,
}

/// What a learner's answer is judged against.
#[derive(Clone, Debug)]
pub(super) enum Truth {
    /// A value; `exact` compares types too.
    Value { value: Value, exact: bool },
    /// Bytes typed as hex.
    Hex(Vec<u8>),
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
    let value = |value: Value, exact: bool| Solution {
        text: typed_text(&value, room),
        truth: Truth::Value { value, exact },
    };
    match ex.exercise_type {
        ExerciseType::Size => {
            let doc =
                room.parse_document(need(ex.document.as_deref(), "document", kind)?, "document")?;
            // A document that encodes is at most 16 MiB: its size is an int.
            let size = document_size(&doc);
            let size = i32::try_from(size).map_or_else(
                |_| Value::Int64(i64::try_from(size).unwrap_or(i64::MAX)),
                Value::Int32,
            );
            Ok(value(size, false))
        }
        ExerciseType::Bytes => {
            let bytes = room.bytes_of(need(ex.document.as_deref(), "document", kind)?)?;
            let bytes = match ex.path.as_deref() {
                None => bytes,
                Some(path) => {
                    let spans = document_spans(&bytes).map_err(ComputeError::from)?;
                    let e = compute::find_span(&spans.elements, path).ok_or_else(|| {
                        SolveError::NoPath {
                            path: path.to_owned(),
                        }
                    })?;
                    bytes
                        .get(e.offset..e.offset + e.len)
                        .unwrap_or_default()
                        .to_vec()
                }
            };
            Ok(Solution {
                text: hex::encode_spaced(&bytes),
                truth: Truth::Hex(bytes),
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
            let found = room.find(docs_text, filter_text, sort_text)?;
            let ids: Vec<Value> = found.iter().map(compute::id_of).collect();
            let filter = Filter::parse(&room.parse_document(filter_text, "filter")?)
                .map_err(ComputeError::from)?;
            let sort = sort_text
                .map(|s| -> Result<SortSpec, SolveError> {
                    Ok(SortSpec::parse(&room.parse_document(s, "sort")?)
                        .map_err(ComputeError::from)?)
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
            Ok(value(v, ex.exact_type.unwrap_or(true)))
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
                "seconds" => Ok(value(Value::Int64(i64::from(id.timestamp())), false)),
                "counter" => Ok(value(Value::Int64(i64::from(id.counter())), false)),
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

/// The value as a learner would type it so that it reads back with its type: mongosh
/// prints the double 1 as `1`, which reads back as an int.
fn typed_text(v: &Value, room: &Classroom) -> String {
    let text = shell::print_value(v);
    let reads_back = room
        .parse_value(&text, What::Answer)
        .is_ok_and(|b| same_typed(&b, v));
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

/// The option a text names: a letter, a 1-based number, or the option itself.
pub(super) fn choice_index(text: &str, options: &[String]) -> Option<usize> {
    let t = text.trim().trim_end_matches([')', '.']).to_lowercase();
    let i = if let Ok(n) = t.parse::<usize>() {
        n.checked_sub(1)?
    } else if t.len() == 1 {
        usize::from(t.bytes().next()?.checked_sub(b'a')?)
    } else {
        options.iter().position(|o| o.trim().to_lowercase() == t)?
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
                Meaning::DocumentLength { len, .. }
                | Meaning::StringLength(len)
                | Meaning::BinaryLength(len) => Value::Int64(i64::try_from(*len).unwrap_or(0)),
                Meaning::Key(k) => Value::from(k.as_str()),
                Meaning::StringBytes(s) => Value::from(s.as_str()),
                Meaning::TypeByte(t) => Value::Int32(i32::from(t.byte())),
                _ => {
                    let doc = crate::bson::decode_document(&bytes).map_err(ComputeError::from)?;
                    get_path(&doc, &row.path).ok_or(SolveError::NoValue { offset: *offset })?
                }
            };
            Ok(Solution {
                text: shell::print_value(&v),
                truth: Truth::Value {
                    value: v,
                    exact: false,
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
