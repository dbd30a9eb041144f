//! Exercises: the engine computes the true answer from the exercise's inputs, and judges a
//! learner's text against it, normalised per kind, with feedback that says why.

use std::cmp::Ordering;

use super::compute::{self, Classroom, need};
use super::i18n::Lang;
use super::model::{Exercise, ExerciseType};
use crate::bson::spans::{Meaning, document_spans, rows};
use crate::bson::{Document, ElementType, Value, datetime, document_size, hex, shell};
use crate::query::matcher::Filter;
use crate::query::order;
use crate::query::sort::SortSpec;
use crate::strings::{tr, trf};

/// The judgement of one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer is right.
    pub correct: bool,
    /// What was right, or why it is wrong.
    pub feedback: String,
}

impl Verdict {
    fn right(feedback: impl Into<String>) -> Self {
        Verdict {
            correct: true,
            feedback: feedback.into(),
        }
    }

    fn wrong(feedback: impl Into<String>) -> Self {
        Verdict {
            correct: false,
            feedback: feedback.into(),
        }
    }
}

/// The true answer of an exercise, as the engine computes it.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The answer as a learner would type it.
    pub text: String,
    truth: Truth,
}

#[derive(Clone, Debug)]
enum Truth {
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

/// Computes the true answer of an exercise in the default [`Classroom`].
///
/// # Errors
/// A missing or unparsable input, or an engine error: the exercise cannot be answered.
pub fn solve(ex: &Exercise) -> Result<Solution, String> {
    solve_with(ex, &Classroom::default())
}

/// Computes the true answer of an exercise in `room`, whose seed and clock decide the values
/// `ObjectId()`, `UUID()` and `new Date()` stand for in its inputs.
///
/// # Errors
/// A missing or unparsable input, or an engine error: the exercise cannot be answered.
pub fn solve_with(ex: &Exercise, room: &Classroom) -> Result<Solution, String> {
    let kind = ex.exercise_type.name();
    let value = |value: Value, exact: bool| Solution {
        text: typed_text(&value, room),
        truth: Truth::Value { value, exact },
    };
    match ex.exercise_type {
        ExerciseType::Size => {
            let doc =
                room.parse_document(need(ex.document.as_deref(), "document", kind)?, "document")?;
            let size = i32::try_from(document_size(&doc)).map_err(|e| e.to_string())?;
            Ok(value(Value::Int32(size), false))
        }
        ExerciseType::Bytes => {
            let bytes = room.bytes_of(need(ex.document.as_deref(), "document", kind)?)?;
            let bytes = match ex.path.as_deref() {
                None => bytes,
                Some(path) => {
                    let spans = document_spans(&bytes).map_err(|e| e.to_string())?;
                    let e = compute::find_span(&spans.elements, path)
                        .ok_or_else(|| format!("path: the document has no element `{path}`"))?;
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
                .map_err(|e| e.to_string())?;
            let sort = sort_text
                .map(|s| {
                    SortSpec::parse(&room.parse_document(s, "sort")?).map_err(|e| e.to_string())
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
                return Err("`ask = \"first\"` needs at least two ObjectIds in `options`".into());
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
                other => Err(format!(
                    "ask: expected `timestamp`, `seconds`, `counter` or `first`, but found `{other}`"
                )),
            }
        }
        ExerciseType::Choice => {
            if ex.options.len() < 2 {
                return Err("a `choice` needs at least two `options`".into());
            }
            let i = choice_index(&ex.expect, &ex.options).ok_or_else(|| {
                format!(
                    "expect: `{}` is not one of the {} options (a letter or a number)",
                    ex.expect,
                    ex.options.len()
                )
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
fn check_claims(ex: &Exercise, expected: usize, room: &Classroom) -> Result<(), String> {
    if ex.claims.is_empty() {
        return Ok(());
    }
    if ex.claims.len() != ex.options.len() {
        return Err(format!(
            "claims: {} claims for {} options (use \"\" for an option with no claim)",
            ex.claims.len(),
            ex.options.len()
        ));
    }
    for (i, claim) in ex.claims.iter().enumerate() {
        if claim.trim().is_empty() {
            continue;
        }
        let holds = match room.eval(claim, None)? {
            Value::Boolean(b) => b,
            other => {
                return Err(format!(
                    "claims[{i}]: `{claim}` must evaluate to true or false, not {}",
                    shell::print_value(&other)
                ));
            }
        };
        if holds != (i == expected) {
            return Err(format!(
                "option {} claims `{claim}`, which the engine finds {holds}, but `expect` says the answer is {}",
                letter(i),
                letter(expected)
            ));
        }
    }
    Ok(())
}

/// The value as a learner would type it so that it reads back with its type: mongosh
/// prints the double 1 as `1`, which reads back as an int.
fn typed_text(v: &Value, room: &Classroom) -> String {
    let text = shell::print_value(v);
    let reads_back = room.parse_value(&text, "").is_ok_and(|b| same_typed(&b, v));
    match v {
        Value::Double(_) if !reads_back => format!("Double({text})"),
        _ => text,
    }
}

fn letter(i: usize) -> String {
    u8::try_from(i)
        .ok()
        .filter(|&i| i < 26)
        .map_or_else(|| (i + 1).to_string(), |i| char::from(b'a' + i).to_string())
}

fn choice_index(text: &str, options: &[String]) -> Option<usize> {
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

/// A word as the checker compares it: lowercase letters and digits only, Vietnamese tone and
/// vowel marks folded away (`Khóa`, `khoá` and `khoa` are one word), CJK kept as it is.
fn normalise_word(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .map(fold_vietnamese)
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// A Vietnamese letter without its marks: `ộ` → `o`, `đ` → `d`; other characters as they are.
fn fold_vietnamese(c: char) -> char {
    const FOLDS: [(char, &str); 7] = [
        ('a', "àáảãạăằắẳẵặâầấẩẫậ"),
        ('e', "èéẻẽẹêềếểễệ"),
        ('i', "ìíỉĩị"),
        ('o', "òóỏõọôồốổỗộơờớởỡợ"),
        ('u', "ùúủũụưừứửữự"),
        ('y', "ỳýỷỹỵ"),
        ('d', "đ"),
    ];
    FOLDS
        .iter()
        .find(|(_, marked)| marked.contains(c))
        .map_or(c, |(base, _)| *base)
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

fn solve_decode(ex: &Exercise, room: &Classroom) -> Result<Solution, String> {
    let bytes = room.bytes_of(need(ex.document.as_deref(), "document", "decode")?)?;
    let offset = need(ex.offset.as_ref(), "offset", "decode")?;
    let spans = document_spans(&bytes).map_err(|e| e.to_string())?;
    let all = rows(&spans);
    let row = all
        .iter()
        .find(|r| r.offset <= *offset && *offset < r.offset + r.len)
        .ok_or_else(|| format!("offset: {offset} is past the end ({} bytes)", bytes.len()))?;
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
                    .ok_or_else(|| format!("offset: byte {offset} belongs to no element"))?,
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
                    let doc = crate::bson::decode_document(&bytes).map_err(|e| e.to_string())?;
                    get_path(&doc, &row.path)
                        .ok_or_else(|| format!("offset: byte {offset} has no value to ask for"))?
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
        other => Err(format!(
            "ask: expected `role`, `type` or `value`, but found `{other}`"
        )),
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

/// Judges a learner's answer to an exercise in the default [`Classroom`].
pub fn answer(ex: &Exercise, learner: &str) -> Verdict {
    answer_with(ex, learner, &Classroom::default())
}

/// Judges a learner's answer to an exercise in `room` (the one the exercise was shown in).
pub fn answer_with(ex: &Exercise, learner: &str, room: &Classroom) -> Verdict {
    answer_in(ex, learner, room, Lang::En)
}

/// Judges a learner's answer, with the feedback in `lang` (values, types and the matcher's
/// reasons stay as the engine prints them).
pub fn answer_in(ex: &Exercise, learner: &str, room: &Classroom, lang: Lang) -> Verdict {
    let text = learner.trim();
    if text.is_empty() {
        return Verdict::wrong(tr(lang, "type an answer first"));
    }
    match solve_with(ex, room) {
        Ok(solution) => judge(&solution.truth, text, &ex.options, room, lang),
        Err(e) => Verdict::wrong(trf(
            lang,
            "this exercise cannot be answered: {}",
            &[&said(lang, &e)],
        )),
    }
}

/// One of the engine's messages in `lang`: the tutor's own sentences translated, values,
/// the learner's text and the server's words as they are.
fn said(lang: Lang, e: &dyn std::fmt::Display) -> String {
    crate::strings::errors::translate_error(lang, &e.to_string())
}

fn describe(v: &Value) -> String {
    format!("`{}` ({})", shell::print_value(v), v.element_type().alias())
}

fn judge(truth: &Truth, text: &str, options: &[String], room: &Classroom, lang: Lang) -> Verdict {
    let right = || Verdict::right(tr(lang, "right"));
    match truth {
        Truth::Value { value, exact } => {
            let typed = match room.parse_value(text, "your answer") {
                Ok(v) => v,
                Err(e) => {
                    return Verdict::wrong(trf(
                        lang,
                        "that is not a value: {}",
                        &[&said(lang, &e)],
                    ));
                }
            };
            if same_typed(&typed, value) || (!exact && order::equal(&typed, value)) {
                Verdict::right(trf(lang, "right: {}", &[&describe(value)]))
            } else if order::equal(&typed, value) {
                Verdict::wrong(trf(
                    lang,
                    "the right value, but {} is {}, and the result is {}: the type matters here",
                    &[
                        &describe(&typed),
                        &typed.element_type().alias(),
                        &value.element_type().alias(),
                    ],
                ))
            } else if order::bracket(&typed) != order::bracket(value) {
                Verdict::wrong(trf(
                    lang,
                    "{} is not even the right kind of value: the result is {}",
                    &[&describe(&typed), &value.element_type().alias()],
                ))
            } else {
                Verdict::wrong(trf(
                    lang,
                    "{} is not the value the engine computes",
                    &[&describe(&typed)],
                ))
            }
        }
        Truth::Hex(bytes) => match hex::decode(text) {
            Err(e) => Verdict::wrong(trf(lang, "that is not hex: {}", &[&said(lang, &e)])),
            Ok(typed) if &typed == bytes => {
                Verdict::right(trf(lang, "right: {} bytes", &[&bytes.len()]))
            }
            Ok(typed) => {
                let first = typed.iter().zip(bytes).position(|(a, b)| a != b);
                match first {
                    Some(i) => Verdict::wrong(trf(
                        lang,
                        "byte {} is wrong: you typed {}",
                        &[&i, &format!("{:02x}", typed.get(i).copied().unwrap_or(0))],
                    )),
                    None => Verdict::wrong(trf(
                        lang,
                        "you typed {} bytes, but the answer has {}",
                        &[&typed.len(), &bytes.len()],
                    )),
                }
            }
        },
        Truth::Ids {
            ids,
            ordered,
            docs,
            filter,
            sort,
        } => judge_ids(
            text,
            ids,
            *ordered,
            docs,
            filter.as_ref(),
            sort.as_ref(),
            (room, lang),
        ),
        Truth::Words(words) => {
            if words.contains(&normalise_word(text)) {
                right()
            } else {
                Verdict::wrong(trf(lang, "`{}` is not what that byte is", &[&text]))
            }
        }
        Truth::Type(t) => {
            let typed = text.trim_matches(|c| c == '"' || c == '\'');
            let parsed = ElementType::from_alias(typed)
                .or_else(|| {
                    ElementType::ALL
                        .into_iter()
                        .find(|e| e.name().eq_ignore_ascii_case(typed))
                })
                .or_else(|| typed.parse::<i64>().ok().and_then(ElementType::from_number))
                .or_else(|| {
                    typed
                        .strip_prefix("0x")
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                        .and_then(ElementType::from_u8)
                });
            match parsed {
                Some(p) if p == *t => Verdict::right(trf(lang, "right: {}", &[&t.alias()])),
                Some(p) => Verdict::wrong(trf(
                    lang,
                    "`{}` is {} (type {}), a different type",
                    &[&typed, &p.alias(), &p.number()],
                )),
                None => Verdict::wrong(trf(
                    lang,
                    "`{}` is not a type name: use an alias as $type prints it (\"int\", \"long\", \"double\"...)",
                    &[&typed],
                )),
            }
        }
        Truth::Time(ms) => {
            let inner = text
                .strip_prefix("ISODate(")
                .and_then(|r| r.strip_suffix(')'))
                .unwrap_or(text)
                .trim_matches(|c| c == '"' || c == '\'');
            match datetime::parse_iso(inner) {
                Ok(t) if t == *ms => right(),
                Ok(t) => Verdict::wrong(trf(
                    lang,
                    "{} is {} seconds off",
                    &[&datetime::format_iso(t), &((t - ms) / 1000)],
                )),
                Err(e) => Verdict::wrong(trf(
                    lang,
                    "that is not an ISO-8601 time: {}",
                    &[&said(lang, &e)],
                )),
            }
        }
        Truth::Choice(i) => match choice_index(text, options) {
            Some(j) if j == *i => right(),
            Some(j) => Verdict::wrong(trf(lang, "({}) is not right", &[&letter(j)])),
            None => Verdict::wrong(trf(
                lang,
                "answer with a letter from a to {}",
                &[&letter(options.len().saturating_sub(1))],
            )),
        },
    }
}

fn judge_ids(
    text: &str,
    ids: &[Value],
    ordered: bool,
    docs: &[Document],
    filter: Option<&Filter>,
    sort: Option<&SortSpec>,
    (room, lang): (&Classroom, Lang),
) -> Verdict {
    let wrapped;
    let text = if text.starts_with('[') {
        text
    } else {
        wrapped = format!("[{text}]");
        &wrapped
    };
    let typed = match room.parse_value(text, "your answer") {
        Ok(Value::Array(items)) => items,
        Ok(other) => vec![other],
        Err(e) => {
            return Verdict::wrong(trf(lang, "type the _ids as a list: {}", &[&said(lang, &e)]));
        }
    };
    let contains = |list: &[Value], v: &Value| list.iter().any(|x| order::equal(x, v));
    let doc_of = |id: &Value| docs.iter().find(|d| order::equal(&compute::id_of(d), id));
    let mut why = Vec::new();
    for t in &typed {
        if !contains(ids, t) {
            match (doc_of(t), filter) {
                (None, _) => why.push(trf(
                    lang,
                    "there is no document with _id {}",
                    &[&describe(t)],
                )),
                (Some(d), Some(f)) => {
                    let reason = f
                        .explain_mismatch(d, lang)
                        .unwrap_or_else(|| tr(lang, "it is not in the result").into());
                    why.push(trf(
                        lang,
                        "_id {} does not match: {}",
                        &[&describe(t), &reason],
                    ));
                }
                (Some(_), None) => {
                    why.push(trf(lang, "_id {} is not in the result", &[&describe(t)]));
                }
            }
        }
    }
    for id in ids {
        if !contains(&typed, id) {
            let shown = doc_of(id).map_or_else(|| describe(id), shell::print_document);
            why.push(trf(lang, "{} matches too, and you left it out", &[&shown]));
        }
    }
    if typed.len() != ids.len() && why.is_empty() {
        why.push(tr(lang, "an _id appears more than once").into());
    }
    if !why.is_empty() {
        return Verdict::wrong(why.join("\n"));
    }
    if ordered && !typed.iter().zip(ids).all(|(a, b)| order::equal(a, b)) {
        // The first pair the learner put the wrong way round.
        for (i, a) in typed.iter().enumerate() {
            for b in &typed[i + 1..] {
                if let (Some(da), Some(db), Some(s)) = (doc_of(a), doc_of(b), sort)
                    && s.compare(da, db) == Ordering::Greater
                {
                    return Verdict::wrong(trf(
                        lang,
                        "{} sorts after {}",
                        &[&shell::print_document(da), &shell::print_document(db)],
                    ));
                }
            }
        }
        return Verdict::wrong(tr(lang, "the right _ids, in the wrong order"));
    }
    Verdict::right(trf(
        lang,
        "right: {}",
        &[&shell::print_value(&Value::Array(ids.to_vec()))],
    ))
}

/// What `bson-tutor check` found in one lesson.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Steps that compute and whose exercises hold.
    pub passed: usize,
    /// Each failure as `file:line: step N: message`.
    pub failures: Vec<String>,
}

/// Checks a loaded lesson in the default [`Classroom`]: every step computes; every
/// exercise's `expect` is accepted, every `reject`, the empty answer and the prompt typed back
/// are refused.
pub fn check_lesson(loaded: &super::Loaded) -> Report {
    check_lesson_with(loaded, &Classroom::default())
}

/// [`check_lesson`] in `room`: a lesson a class is shown with its own seed and clock must
/// hold there too.
pub fn check_lesson_with(loaded: &super::Loaded, room: &Classroom) -> Report {
    check_lesson_in(loaded, room, Lang::En)
}

/// [`check_lesson_with`] with the failures in `lang` (the lesson's own texts, the engine's
/// values and its messages as they are). English is the form machines parse.
pub fn check_lesson_in(loaded: &super::Loaded, room: &Classroom, lang: Lang) -> Report {
    let mut report = Report::default();
    let mut exercise = 0;
    for (i, step) in loaded.lesson.steps.iter().enumerate() {
        let mut problems = Vec::new();
        if let Err(e) = super::render::render_step_with(step, 80, true, &mut exercise, room) {
            problems.push(trf(lang, "does not compute: {}", &[&said(lang, &e)]));
        } else if let super::Step::Exercise(ex) = step {
            problems.extend(check_exercise_in(ex, room, lang));
        }
        if problems.is_empty() {
            report.passed += 1;
        } else {
            for p in problems {
                let step = trf(lang, "step {}", &[&(i + 1)]);
                report.failures.push(format!(
                    "{}:{}: {step}: {p}",
                    loaded.file,
                    loaded.step_line(i),
                ));
            }
        }
    }
    report
}

/// The problems of one exercise in the default [`Classroom`] (empty when it holds).
pub fn check_exercise(ex: &Exercise) -> Vec<String> {
    check_exercise_with(ex, &Classroom::default())
}

/// The problems of one exercise in `room` (empty when it holds).
pub fn check_exercise_with(ex: &Exercise, room: &Classroom) -> Vec<String> {
    check_exercise_in(ex, room, Lang::En)
}

/// [`check_exercise_with`] with the problems (and the feedback quoted in them) in `lang`.
pub fn check_exercise_in(ex: &Exercise, room: &Classroom, lang: Lang) -> Vec<String> {
    let mut problems = Vec::new();
    let truth = match solve_with(ex, room) {
        Ok(s) => s.text,
        Err(e) => return vec![trf(lang, "cannot be answered: {}", &[&said(lang, &e)])],
    };
    let v = answer_in(ex, &ex.expect, room, lang);
    if !v.correct {
        problems.push(trf(
            lang,
            "expect = {}, but the engine's answer is `{}` ({})",
            &[&format_args!("{:?}", ex.expect), &truth, &v.feedback],
        ));
    }
    for r in &ex.reject {
        let v = answer_in(ex, r, room, lang);
        let quoted = format!("{r:?}");
        if v.correct {
            problems.push(trf(
                lang,
                "reject {} is accepted: {}",
                &[&quoted, &v.feedback],
            ));
        } else if v.feedback.trim().is_empty() {
            problems.push(trf(
                lang,
                "reject {} is refused without feedback",
                &[&quoted],
            ));
        }
    }
    if answer_in(ex, "", room, lang).correct {
        problems.push(tr(lang, "the empty answer is accepted").into());
    }
    if answer_in(ex, &ex.prompt, room, lang).correct {
        problems.push(tr(lang, "the prompt typed back is accepted").into());
    }
    problems
}
