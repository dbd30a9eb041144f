//! Applying the parsed modifiers to one document, with the server's no-op rules, the `_id`
//! guard and the messages it gives.

use std::cmp::Ordering;

use super::{
    Action, BitOp, MAX_DOCUMENT_SIZE, Mode, Op, Pull, Push, PushSort, UpdateContext, check_id_type,
    identical, server_element, server_value,
};
use crate::bson::num::{self, Number};
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::limits::{MAX_STORAGE_DEPTH, check_insert_depth, measure};
use crate::query::order;
use crate::query::path::{self, array_index};

/// How far past its end an update may pad an array with nulls (`a.1500001`).
const MAX_PADDING: usize = 1_500_000;

/// `{_id: 1}` as the server quotes the document in error messages.
fn id_text(doc: &Document) -> String {
    match doc.get("_id") {
        Some(id) => format!("{{{}}}", server_element("_id", id)),
        None => "{no id}".into(),
    }
}

fn last_part(path: &str) -> &str {
    path.rsplit('.').next().unwrap_or(path)
}

/// Refuses a change under `_id` (the caller knows the change is not a no-op).
fn guard_id(doc: &Document, path: &str) -> Result<(), QueryErrorKind> {
    if path != "_id" && !path.starts_with("_id.") {
        return Ok(());
    }
    if path::get(doc, path).is_some() || path == "_id" {
        return Err(QueryErrorKind::server(
            code::IMMUTABLE_FIELD,
            format!(
                "Performing an update on the path '{path}' would modify the immutable field '_id'"
            ),
        ));
    }
    // Creating a field inside `_id`: the server quotes the deepest element that exists.
    let parts: Vec<&str> = path.split('.').collect();
    let mut deepest = ("_id", doc.get("_id"));
    for i in 2..parts.len() {
        match path::get(doc, &parts[..i].join(".")) {
            Some(v) => deepest = (parts[i - 1], Some(v)),
            None => break,
        }
    }
    // Under a value that is not a document, creation itself fails first ("Cannot create
    // field 'x' in element {_id: 1}"), which `write` reports.
    let element = match deepest {
        (key, Some(v @ Value::Document(_))) => server_element(key, v),
        _ => return Ok(()),
    };
    Err(QueryErrorKind::server(
        code::IMMUTABLE_FIELD,
        format!("Updating the path '{path}' to {element} would modify the immutable field '_id'"),
    ))
}

/// Writes `value` at `path`, creating documents on the way.
///
/// # Errors
/// A step through a value that is neither a document nor an array, or a non-numeric step into
/// an array: "Cannot create field 'b' in element {a: 1}", the element quoted as the server
/// quotes it; padding an array by more than the server allows.
fn write(doc: &mut Document, path: &str, value: Value) -> Result<(), QueryErrorKind> {
    let parts: Vec<&str> = path.split('.').collect();
    let mut current = doc.get(parts[0]);
    for (i, part) in parts.iter().enumerate().skip(1) {
        let Some(v) = current else {
            break;
        };
        let blocked = || {
            QueryErrorKind::server(
                code::PATH_NOT_VIABLE,
                format!(
                    "Cannot create field '{part}' in element {{{}}}",
                    server_element(parts[i - 1], v)
                ),
            )
        };
        current = match v {
            Value::Document(d) => d.get(part),
            Value::Array(items) => match array_index(part) {
                Some(index) if index > items.len() + MAX_PADDING => {
                    // The server's code for this one is not known here.
                    return Err(QueryErrorKind::server_uncoded(format!(
                        "can't backfill array to larger than {MAX_PADDING} elements"
                    )));
                }
                Some(index) => items.get(index),
                None => return Err(blocked()),
            },
            _ => return Err(blocked()),
        };
    }
    let slot = path::get_mut_or_create(doc, path)?;
    *slot = value;
    Ok(())
}

/// Applies `op` at `path` (its own path, or a concrete one its positional path stands for).
pub(super) fn apply_op(
    doc: &mut Document,
    op: &Op,
    path: &str,
    mode: Mode,
    context: &mut UpdateContext,
) -> Result<bool, QueryError> {
    let at = || format!("update.{}.{}", op.modifier, op.path);
    apply_action(doc, op, path, mode, context).map_err(|e| QueryError::new(at(), e))
}

fn apply_action(
    doc: &mut Document,
    op: &Op,
    path: &str,
    mode: Mode,
    context: &mut UpdateContext,
) -> Result<bool, QueryErrorKind> {
    let current = path::get(doc, path).cloned();
    let new_value = match (&op.action, current) {
        (Action::SetOnInsert(_), _) if mode == Mode::Update => return Ok(false),
        (Action::RenameSource, _) => return Ok(false),
        (Action::Set(v) | Action::SetOnInsert(v), current) => {
            if current.is_some_and(|c| identical(&c, v)) {
                return Ok(false);
            }
            v.clone()
        }
        (Action::Unset, None) => return Ok(false),
        (Action::Unset, Some(_)) => {
            guard_id(doc, path)?;
            path::unset(doc, path);
            return Ok(true);
        }
        (Action::Inc(by), None) => by.clone(),
        (Action::Mul(by), None) => num::multiply(&[by.clone(), Value::Int32(0)])?,
        (Action::Inc(by) | Action::Mul(by), Some(current)) => {
            let (name, result) = match op.action {
                Action::Inc(_) => ("$inc", num::add(&[current.clone(), by.clone()])),
                _ => ("$mul", num::multiply(&[current.clone(), by.clone()])),
            };
            if Number::of(&current).is_none() {
                return Err(QueryErrorKind::server(
                    code::TYPE_MISMATCH,
                    format!(
                        "Cannot apply {name} to a value of non-numeric type. {} has the field '{}' of non-numeric type {}",
                        id_text(doc),
                        last_part(path),
                        current.element_type().alias()
                    ),
                ));
            }
            let result = result?;
            // The server's SafeNum turns a long overflow into an error, not a double.
            let integers = |v: &Value| matches!(v, Value::Int32(_) | Value::Int64(_));
            if integers(&current) && integers(by) && !integers(&result) {
                return Err(QueryErrorKind::server(
                    code::BAD_VALUE,
                    format!(
                        "Failed to apply {name} operations to current value ({}) for document {}",
                        safe_num_text(&current),
                        id_text(doc)
                    ),
                ));
            }
            if identical(&result, &current) {
                return Ok(false);
            }
            result
        }
        (Action::Min(v) | Action::Max(v), None) => v.clone(),
        (Action::Min(v) | Action::Max(v), Some(current)) => {
            let o = order::compare(&current, v);
            let keep = match op.action {
                Action::Min(_) => o != Ordering::Greater,
                _ => o != Ordering::Less,
            };
            if keep {
                return Ok(false);
            }
            v.clone()
        }
        (Action::Push(push), current) => {
            let mut items = match current {
                None => Vec::new(),
                Some(Value::Array(items)) => items,
                Some(other) => {
                    return Err(QueryErrorKind::server(
                        code::BAD_VALUE,
                        format!(
                            "The field '{path}' must be an array but is of type {} in document {}",
                            other.element_type().alias(),
                            id_text(doc)
                        ),
                    ));
                }
            };
            let created = path::get(doc, path).is_none();
            if !perform_push(&mut items, push) && !created {
                return Ok(false);
            }
            Value::Array(items)
        }
        (Action::AddToSet(values), current) => {
            let created = current.is_none();
            let mut items = match current {
                None => Vec::new(),
                Some(Value::Array(items)) => items,
                Some(other) => {
                    return Err(QueryErrorKind::server(
                        code::BAD_VALUE,
                        format!(
                            "Cannot apply $addToSet to non-array field. Field named '{}' has non-array type {}",
                            last_part(path),
                            other.element_type().alias()
                        ),
                    ));
                }
            };
            let before = items.len();
            for v in values {
                if !items.iter().any(|i| order::equal(i, v)) {
                    items.push(v.clone());
                }
            }
            if items.len() == before && !created {
                return Ok(false);
            }
            Value::Array(items)
        }
        (Action::Rename { from }, _) => return rename(doc, from, path),
        (Action::Pull(_) | Action::PullAll(_), None) => return Ok(false),
        (Action::Pull(_) | Action::PullAll(_), Some(Value::Array(items))) => {
            let before = items.len();
            let kept: Vec<Value> = items
                .into_iter()
                .filter(|item| !pulls(&op.action, item))
                .collect();
            if kept.len() == before {
                return Ok(false);
            }
            Value::Array(kept)
        }
        (Action::Pull(_) | Action::PullAll(_), Some(_)) => {
            // $pullAll shares $pull's node on the server, and its message.
            return Err(QueryErrorKind::server(
                code::BAD_VALUE,
                "Cannot apply $pull to a non-array value",
            ));
        }
        (Action::Pop { .. }, None) => return pop_missing(doc, path),
        (Action::Pop { first }, Some(Value::Array(mut items))) => {
            if items.is_empty() {
                return Ok(false);
            }
            if *first {
                items.remove(0);
            } else {
                items.pop();
            }
            Value::Array(items)
        }
        (Action::Pop { .. }, Some(other)) => {
            return Err(QueryErrorKind::server(
                code::TYPE_MISMATCH,
                format!(
                    "Path '{path}' contains an element of non-array type '{}'",
                    other.element_type().alias()
                ),
            ));
        }
        (Action::Bit(ops), None) => apply_bits(Value::Int32(0), ops),
        (Action::Bit(ops), Some(current @ (Value::Int32(_) | Value::Int64(_)))) => {
            let result = apply_bits(current.clone(), ops);
            if identical(&result, &current) {
                return Ok(false);
            }
            result
        }
        (Action::Bit(_), Some(other)) => {
            // The server writes the `_id` element right after the period.
            let id = doc
                .get("_id")
                .map(|id| server_element("_id", id))
                .unwrap_or_default();
            return Err(QueryErrorKind::server(
                code::BAD_VALUE,
                format!(
                    "Cannot apply $bit to a value of non-integral type.{id} has the field {} of non-integer type {}",
                    last_part(path),
                    other.element_type().alias()
                ),
            ));
        }
        (Action::CurrentDate { timestamp }, _) => {
            if *timestamp {
                let t = context.timestamp;
                context.timestamp.increment = t.increment.wrapping_add(1);
                Value::Timestamp(t)
            } else {
                Value::DateTime(context.now_ms)
            }
        }
    };
    guard_id(doc, path)?;
    write(doc, path, new_value)?;
    Ok(true)
}

/// `$bit`'s operations on an int or a long, as the server's `SafeNum` does them: two ints
/// give an int; a long on either side gives a long (the int sign-extended).
fn apply_bits(value: Value, ops: &[(BitOp, Value)]) -> Value {
    let long = |v: &Value| match v {
        Value::Int32(i) => i64::from(*i),
        Value::Int64(l) => *l,
        _ => 0,
    };
    ops.iter().fold(value, |acc, (op, operand)| {
        let f = |a: i64, b: i64| match op {
            BitOp::And => a & b,
            BitOp::Or => a | b,
            BitOp::Xor => a ^ b,
        };
        match (&acc, operand) {
            (Value::Int32(a), Value::Int32(b)) => {
                // Bitwise operations on two 32-bit values stay within 32 bits.
                Value::Int32(f(i64::from(*a), i64::from(*b)) as i32)
            }
            _ => Value::Int64(f(long(&acc), long(operand))),
        }
    })
}

/// Whether `$pull` or `$pullAll` removes `item`.
fn pulls(action: &Action, item: &Value) -> bool {
    match action {
        Action::PullAll(values) => values.iter().any(|v| order::equal(item, v)),
        Action::Pull(Pull::Equal(v)) => order::equal(item, v),
        Action::Pull(Pull::Value(c)) => {
            let mut wrapped = Document::with_capacity(1);
            wrapped.push(super::parse::WRAP_KEY, item.clone());
            c.filter.matches(&wrapped)
        }
        Action::Pull(Pull::Document(c)) => match item {
            Value::Document(d) => c.filter.matches(d),
            _ => false,
        },
        _ => false,
    }
}

/// `$pop` where the path reaches nothing: a no-op under a document or past an array's end,
/// an error when a value that is neither blocks the path.
fn pop_missing(doc: &Document, path: &str) -> Result<bool, QueryErrorKind> {
    let parts: Vec<&str> = path.split('.').collect();
    // The deepest prefix that exists, and the value there.
    let mut taken = 0;
    let mut element: Option<&Value> = None;
    for i in 1..parts.len() {
        match path::get(doc, &parts[..i].join(".")) {
            Some(v) => {
                taken = i;
                element = Some(v);
            }
            None => break,
        }
    }
    let Some(element) = element else {
        return Ok(false);
    };
    let next = parts[taken];
    let viable = match element {
        Value::Document(_) => true,
        Value::Array(_) => array_index(next).is_some(),
        _ => false,
    };
    if viable {
        return Ok(false);
    }
    Err(QueryErrorKind::server(
        code::PATH_NOT_VIABLE,
        format!(
            "Cannot use the part ({next}) of ({path}) to traverse the element ({{{}}})",
            server_element(parts[taken - 1], element)
        ),
    ))
}

/// `$rename`: the value moves from `from` to `to`; neither may pass through an array.
fn rename(doc: &mut Document, from: &str, to: &str) -> Result<bool, QueryErrorKind> {
    let Some(value) = path::get(doc, from).cloned() else {
        return Ok(false);
    };
    for (path, role) in [(from, "source"), (to, "destination")] {
        if let Some(array) = array_prefix(doc, path) {
            return Err(QueryErrorKind::server(
                code::BAD_VALUE,
                format!(
                    "The {role} field cannot be an array element, '{path}' in doc with {} has an array field called '{array}'",
                    doc.get("_id")
                        .map_or_else(|| "no id".to_owned(), |id| server_element("_id", id))
                ),
            ));
        }
    }
    guard_id(doc, from)?;
    guard_id(doc, to)?;
    path::unset(doc, from);
    write(doc, to, value)?;
    Ok(true)
}

/// The first proper prefix of `path` that holds an array in `doc`, if any.
fn array_prefix(doc: &Document, path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split('.').collect();
    (1..parts.len()).find_map(|i| {
        let prefix = parts[..i].join(".");
        matches!(path::get(doc, &prefix), Some(Value::Array(_))).then_some(prefix)
    })
}

/// Pushes with `$position`, `$sort` and `$slice`; returns whether the array changed.
fn perform_push(items: &mut Vec<Value>, push: &Push) -> bool {
    let before = items.clone();
    let len = items.len() as i64;
    let at = match push.position {
        None => len,
        Some(p) if p >= 0 => p.min(len),
        Some(p) => (len + p).max(0),
    };
    // `at` is within 0..=len here.
    let at = at as usize;
    items.splice(at..at, push.values.iter().cloned());
    if let Some(sort) = &push.sort {
        items.sort_by(|a, b| compare_for_push(a, b, sort));
    }
    if let Some(slice) = push.slice {
        let keep = slice.unsigned_abs().min(items.len() as u64) as usize;
        if slice >= 0 {
            items.truncate(keep);
        } else {
            items.drain(..items.len() - keep);
        }
    }
    !identical(&Value::Array(before), &Value::Array(items.clone()))
}

fn compare_for_push(a: &Value, b: &Value, sort: &PushSort) -> Ordering {
    match sort {
        PushSort::Whole { ascending } => {
            let o = order::compare(a, b);
            if *ascending { o } else { o.reverse() }
        }
        PushSort::Fields(keys) => {
            let field = |v: &Value, path: &str| -> Value {
                match v {
                    Value::Document(d) => path::get(d, path).cloned().unwrap_or(Value::Null),
                    _ => Value::Null,
                }
            };
            for (path, ascending) in keys {
                let o = order::compare(&field(a, path), &field(b, path));
                let o = if *ascending { o } else { o.reverse() };
                if o != Ordering::Equal {
                    return o;
                }
            }
            Ordering::Equal
        }
    }
}

/// A replacement: the new fields, and the old `_id`, first if the replacement has none.
pub(super) fn replace(old: &Document, replacement: &Document) -> Result<Document, QueryError> {
    let mut new = Document::with_capacity(replacement.len() + 1);
    match (old.get("_id"), replacement.get("_id")) {
        (Some(old_id), Some(new_id)) if !order::equal(old_id, new_id) => {
            return Err(QueryError::new(
                "update._id",
                QueryErrorKind::server(
                    code::IMMUTABLE_FIELD,
                    format!(
                        "After applying the update, the (immutable) field '_id' was found to have been altered to {}",
                        server_element("_id", new_id)
                    ),
                ),
            ));
        }
        (Some(old_id), None) => new.push("_id", old_id.clone()),
        _ => {}
    }
    for (k, v) in replacement.iter() {
        new.push(k, v.clone());
    }
    Ok(new)
}

/// What the server checks before storing an updated document (its storage validation,
/// mongodb/mongo `src/mongo/db/update/storage_validation.cpp`, then the update stage's size
/// check): an `_id` of a storable type, at most [`MAX_STORAGE_DEPTH`] levels of nesting,
/// and, for a stored document, at most 16 MiB. The document an upsert builds is measured by
/// the collection once its `_id` is in place, with the upsert's words.
pub(super) fn validate_for_storage(doc: &Document, mode: Mode) -> Result<(), QueryError> {
    if let Some(id) = doc.get("_id") {
        check_id_type(id)?;
    }
    // The server counts a top-level field as level 1 and refuses an element past level 180:
    // a non-empty document or array at level 181, as the insert path counts them.
    if check_insert_depth(doc).is_err() {
        return Err(QueryError::new(
            "",
            QueryErrorKind::server(
                code::OVERFLOW,
                format!("Document exceeds maximum nesting depth of {MAX_STORAGE_DEPTH}"),
            ),
        ));
    }
    if mode == Mode::Insert {
        return Ok(());
    }
    let size = measure(doc).bson;
    if size > MAX_DOCUMENT_SIZE {
        // BSONObjectTooLarge since the update stage's rewrite (mongodb/mongo
        // src/mongo/db/exec/update_stage.cpp); 17419 in servers before it.
        return Err(QueryError::new(
            "",
            QueryErrorKind::server(
                code::BSON_OBJECT_TOO_LARGE,
                format!("Resulting document after update is larger than {MAX_DOCUMENT_SIZE}"),
            ),
        ));
    }
    Ok(())
}

/// The server's `SafeNum::debugString`: `(NumberLong)9223372036854775807`.
fn safe_num_text(v: &Value) -> String {
    match v {
        Value::Int32(n) => format!("(NumberInt){n}"),
        Value::Int64(n) => format!("(NumberLong){n}"),
        other => server_value(other),
    }
}
