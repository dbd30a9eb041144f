//! Reading an update document into the server's update tree: the modifiers' arguments
//! checked, the paths checked for conflicts, and sorted in the order the tree applies them.

use std::cmp::Ordering;

use super::{
    Action, ArrayFilter, BitOp, Condition, Kind, Op, Pull, Push, PushSort, server_document,
    server_element,
};
use crate::bson::num::Number;
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::matcher::Filter;

pub(super) fn parse_modifiers(
    update: &Document,
    filters: &[ArrayFilter],
) -> Result<Kind, QueryError> {
    const KNOWN: [&str; 15] = [
        "$set",
        "$unset",
        "$inc",
        "$mul",
        "$min",
        "$max",
        "$push",
        "$addToSet",
        "$setOnInsert",
        "$rename",
        "$pull",
        "$pullAll",
        "$pop",
        "$currentDate",
        "$bit",
    ];
    let mut ops: Vec<Op> = Vec::new();
    for (name, arg) in update.iter() {
        let at = format!("update.{name}");
        let Some(&modifier) = KNOWN.iter().find(|m| **m == name) else {
            return Err(QueryError::new(
                at,
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    format!(
                        "Unknown modifier: {name}. Expected a valid update modifier or pipeline-style update specified as an array"
                    ),
                ),
            ));
        };
        let Value::Document(fields) = arg else {
            return Err(QueryError::new(
                at,
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    format!(
                        "Modifiers operate on fields but we found type {} instead. For example: {{$mod: {{<field>: ...}}}} not {{{}}}",
                        arg.element_type().alias(),
                        server_element(name, arg)
                    ),
                ),
            ));
        };
        for (field, value) in fields.iter() {
            let at = format!("{at}.{field}");
            check_update_path(field).map_err(|m| QueryError::new(&at, m))?;
            let action = parse_action(modifier, field, value).map_err(|e| e.within_update(&at))?;
            check_identifiers(field, filters).map_err(|m| QueryError::new(&at, m))?;
            if let Action::Rename { from } = &action {
                // The source holds its place in the tree so that nothing else touches it.
                add_op(&mut ops, modifier, from, Action::RenameSource, &at)?;
                let to = match value {
                    Value::String(s) => s.to_string(),
                    _ => String::new(),
                };
                add_op(
                    &mut ops,
                    modifier,
                    &to,
                    Action::Rename { from: from.clone() },
                    &at,
                )?;
            } else {
                add_op(&mut ops, modifier, field, action, &at)?;
            }
        }
    }
    ops.sort_by(|a, b| compare_paths(&a.path, &b.path));
    Ok(Kind::Modifiers(ops))
}

/// An error while reading one modifier's argument: the server's words, or a `$pull`
/// condition's filter error, which already says where in the condition it is.
enum ArgError {
    Kind(QueryErrorKind),
    Filter(QueryError),
}

impl From<QueryErrorKind> for ArgError {
    fn from(kind: QueryErrorKind) -> Self {
        ArgError::Kind(kind)
    }
}

impl ArgError {
    fn within_update(self, at: &str) -> QueryError {
        match self {
            ArgError::Kind(kind) => QueryError::new(at, kind),
            ArgError::Filter(e) => e.within(at),
        }
    }
}

/// A component `$[...]`: the all-elements `$[]` or an array filter's `$[<identifier>]`.
pub(super) fn array_filter_part(part: &str) -> Option<&str> {
    part.strip_prefix("$[")?.strip_suffix(']')
}

/// `$[<identifier>]` components: not first in the path, each naming a filter given.
fn check_identifiers(path: &str, filters: &[ArrayFilter]) -> Result<(), QueryErrorKind> {
    for (i, part) in path.split('.').enumerate() {
        let Some(id) = array_filter_part(part) else {
            continue;
        };
        if i == 0 {
            return Err(bad_value(format!(
                "Cannot have array filter identifier (i.e. '$[<id>]') element in the first position in path '{path}'"
            )));
        }
        if !id.is_empty() && !filters.iter().any(|f| f.identifier == id) {
            return Err(bad_value(format!(
                "No array filter found for identifier '{id}' in path '{path}'"
            )));
        }
    }
    Ok(())
}

/// Adds a path to the tree, refusing one that equals or contains (or is contained by) a path
/// already there, as the server's `UpdateObjectNode::parseAndMerge` does.
fn add_op(
    ops: &mut Vec<Op>,
    modifier: &'static str,
    path: &str,
    action: Action,
    at: &str,
) -> Result<(), QueryError> {
    let parts: Vec<&str> = path.split('.').collect();
    for op in ops.iter() {
        let existing: Vec<&str> = op.path.split('.').collect();
        let common = parts
            .iter()
            .zip(&existing)
            .take_while(|(a, b)| a == b)
            .count();
        // Below a common prefix, a node is a document's (named fields, `$`) or an array's
        // (`$[]`, `$[x]`): the two kinds cannot share it.
        let kinds_differ = common > 0
            && common < parts.len()
            && common < existing.len()
            && array_filter_part(parts[common]).is_some()
                != array_filter_part(existing[common]).is_some();
        if common == existing.len() || common == parts.len() || kinds_differ {
            let conflict = parts[..common.min(parts.len())].join(".");
            return Err(QueryError::new(
                at,
                QueryErrorKind::server(
                    code::CONFLICTING_UPDATE_OPERATORS,
                    format!("Updating the path '{path}' would create a conflict at '{conflict}'"),
                ),
            ));
        }
    }
    ops.push(Op {
        modifier,
        path: path.to_owned(),
        action,
    });
    Ok(())
}

/// The server's `fieldchecker::isUpdatable`, and at most one `$`, not first.
fn check_update_path(path: &str) -> Result<(), QueryErrorKind> {
    if path.is_empty() {
        return Err(QueryErrorKind::server(
            code::EMPTY_FIELD_NAME,
            "An empty update path is not valid.",
        ));
    }
    if path.split('.').any(str::is_empty) {
        return Err(QueryErrorKind::server(
            code::EMPTY_FIELD_NAME,
            format!("The update path '{path}' contains an empty field name, which is not allowed."),
        ));
    }
    let positional: Vec<usize> = path
        .split('.')
        .enumerate()
        .filter(|(_, p)| *p == "$")
        .map(|(i, _)| i)
        .collect();
    if positional.len() > 1 {
        return Err(bad_value(format!(
            "Too many positional (i.e. '$') elements found in path '{path}'"
        )));
    }
    if positional.first() == Some(&0) {
        return Err(bad_value(format!(
            "Cannot have positional (i.e. '$') element in the first position in path '{path}'"
        )));
    }
    Ok(())
}

/// The server's `BadValue` refusal `text`, as the update nodes give most of theirs.
fn bad_value(text: impl Into<String>) -> QueryErrorKind {
    QueryErrorKind::server(code::BAD_VALUE, text)
}

fn parse_action(modifier: &str, field: &str, value: &Value) -> Result<Action, ArgError> {
    let number = |verb: &str| {
        if Number::of(value).is_some() {
            Ok(())
        } else {
            Err(QueryErrorKind::server(
                code::TYPE_MISMATCH,
                format!(
                    "Cannot {verb} with non-numeric argument: {{{}}}",
                    server_element(field, value)
                ),
            ))
        }
    };
    Ok(match modifier {
        "$set" => Action::Set(value.clone()),
        "$setOnInsert" => Action::SetOnInsert(value.clone()),
        "$unset" => Action::Unset,
        "$inc" => {
            number("increment")?;
            Action::Inc(value.clone())
        }
        "$mul" => {
            number("multiply")?;
            Action::Mul(value.clone())
        }
        "$min" => Action::Min(value.clone()),
        "$max" => Action::Max(value.clone()),
        "$push" => Action::Push(parse_push(value)?),
        "$addToSet" => Action::AddToSet(parse_add_to_set(value)?),
        "$pull" => Action::Pull(parse_pull(value).map_err(ArgError::Filter)?),
        "$pullAll" => match value {
            Value::Array(items) => Action::PullAll(items.clone()),
            other => {
                return Err(bad_value(format!(
                    "$pullAll requires an array argument but was given a {}",
                    other.element_type().alias()
                ))
                .into());
            }
        },
        "$pop" => Action::Pop {
            first: parse_pop(field, value)? == -1,
        },
        "$currentDate" => Action::CurrentDate {
            timestamp: parse_current_date(value)?,
        },
        "$bit" => Action::Bit(parse_bit(value)?),
        "$rename" => {
            let Value::String(to) = value else {
                return Err(bad_value(format!(
                    "The 'to' field for $rename must be a string: {}",
                    server_element(field, value)
                ))
                .into());
            };
            if to.as_str() == field {
                return Err(bad_value(format!(
                    "The source and target field for $rename must differ: {}",
                    server_element(field, value)
                ))
                .into());
            }
            let (short, long) = if to.len() < field.len() {
                (to.as_str(), field)
            } else {
                (field, to.as_str())
            };
            if long.starts_with(short) && long.as_bytes().get(short.len()) == Some(&b'.') {
                return Err(bad_value(format!(
                    "The source and target field for $rename must not be on the same path: {}",
                    server_element(field, value)
                ))
                .into());
            }
            check_update_path(to)?;
            for (path, role) in [(field, "source"), (to.as_str(), "destination")] {
                if path
                    .split('.')
                    .any(|p| p == "$" || array_filter_part(p).is_some())
                {
                    return Err(bad_value(format!(
                        "The {role} field for $rename may not be dynamic: {path}"
                    ))
                    .into());
                }
            }
            Action::Rename {
                from: field.to_owned(),
            }
        }
        // Unreachable: the caller knows the modifier.
        other => {
            return Err(
                QueryErrorKind::server_uncoded(format!("Unknown modifier: {other}")).into(),
            );
        }
    })
}

/// `$bit`'s argument: `{ and: 5 }`, `{ or: NumberLong(1), xor: 2 }`, applied in order
/// (mongodb/mongo `src/mongo/db/update/bit_node.cpp`).
fn parse_bit(value: &Value) -> Result<Vec<(BitOp, Value)>, QueryErrorKind> {
    const FORMAT: &str = "{$bit: {field: {and/or/xor: #}}";
    let Value::Document(spec) = value else {
        return Err(bad_value(format!(
            "The $bit modifier is not compatible with a {}. You must pass in an embedded document: {FORMAT}",
            value.element_type().alias()
        )));
    };
    let mut ops = Vec::with_capacity(spec.len());
    for (name, operand) in spec.iter() {
        let op = match name {
            "and" => BitOp::And,
            "or" => BitOp::Or,
            "xor" => BitOp::Xor,
            _ => {
                return Err(bad_value(format!(
                    "The $bit modifier only supports 'and', 'or', and 'xor', not '{name}' which is an unknown operator: {{{}}}",
                    server_element(name, operand)
                )));
            }
        };
        if !matches!(operand, Value::Int32(_) | Value::Int64(_)) {
            return Err(bad_value(format!(
                "The $bit modifier field must be an Integer(32/64 bit); a '{}' is not supported here: {{{}}}",
                operand.element_type().alias(),
                server_element(name, operand)
            )));
        }
        ops.push((op, operand.clone()));
    }
    if ops.is_empty() {
        return Err(bad_value(format!(
            "You must pass in at least one bitwise operation. The format is: {FORMAT}"
        )));
    }
    Ok(ops)
}

/// The path-accepting operators: a `$pull` argument that starts with one of them is a
/// condition on the element itself; any other document is a query on document elements
/// (the server's `parsePathAcceptingKeyword`).
const ELEMENT_OPERATORS: [&str; 27] = [
    "$eq",
    "$ne",
    "$gt",
    "$gte",
    "$lt",
    "$lte",
    "$in",
    "$nin",
    "$exists",
    "$type",
    "$size",
    "$regex",
    "$options",
    "$mod",
    "$all",
    "$elemMatch",
    "$not",
    "$bitsAllSet",
    "$bitsAllClear",
    "$bitsAnySet",
    "$bitsAnyClear",
    "$geoWithin",
    "$geoIntersects",
    "$near",
    "$nearSphere",
    "$within",
    "$geoNear",
];

/// The key an element is wrapped under to test a condition on it as a field's value.
pub(super) const WRAP_KEY: &str = "x";

fn parse_pull(value: &Value) -> Result<Pull, QueryError> {
    let condition = |source: Document| -> Result<Condition, QueryError> {
        let filter = Filter::parse(&source)?;
        Ok(Condition { source, filter })
    };
    let wrapped = |v: &Value| -> Result<Pull, QueryError> {
        let mut source = Document::with_capacity(1);
        source.push(WRAP_KEY, v.clone());
        // The wrapping key is not the learner's: errors say where in the condition.
        let c = condition(source).map_err(|e| {
            let at = e.at.strip_prefix(WRAP_KEY).unwrap_or(&e.at);
            QueryError::new(at.trim_start_matches('.'), e.kind)
        })?;
        Ok(Pull::Value(c))
    };
    match value {
        Value::Document(d) => match d.keys().next() {
            Some(first) if ELEMENT_OPERATORS.contains(&first) => wrapped(value),
            _ => Ok(Pull::Document(condition(d.clone())?)),
        },
        Value::Regex(_) => wrapped(value),
        other => Ok(Pull::Equal(other.clone())),
    }
}

/// `$pop`'s argument: an integral number, 1 or -1 (`parseIntegerElementToLong`).
fn parse_pop(field: &str, value: &Value) -> Result<i64, QueryErrorKind> {
    let failed = |text: String| QueryErrorKind::server(code::FAILED_TO_PARSE, text);
    let n = match Number::of(value) {
        None => {
            return Err(failed(format!(
                "Expected a number in: {}",
                server_element(field, value)
            )));
        }
        Some(_) => integer(value).ok_or_else(|| {
            failed(format!(
                "Expected an integer: {}",
                server_element(field, value)
            ))
        })?,
    };
    if n != 1 && n != -1 {
        return Err(failed(format!("$pop expects 1 or -1, found: {n}")));
    }
    Ok(n)
}

/// `$currentDate`'s argument: `true`/`false` (a date) or `{ $type: "date" | "timestamp" }`;
/// returns whether a timestamp.
fn parse_current_date(value: &Value) -> Result<bool, QueryErrorKind> {
    match value {
        Value::Boolean(_) => Ok(false),
        Value::Document(spec) => {
            let mut found = None;
            for (key, v) in spec.iter() {
                if key != "$type" {
                    return Err(bad_value(format!(
                        "Unrecognized $currentDate option: {key}"
                    )));
                }
                match v {
                    Value::String(s) if s.as_str() == "date" => found = Some(false),
                    Value::String(s) if s.as_str() == "timestamp" => found = Some(true),
                    _ => {}
                }
            }
            found.ok_or_else(|| {
                bad_value(
                    "The '$type' string field is required to be 'date' or 'timestamp': {$currentDate: {field : {$type: 'date'}}}",
                )
            })
        }
        other => Err(bad_value(format!(
            "{} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({{$type: 'timestamp/date'}}).",
            other.element_type().alias()
        ))),
    }
}

fn parse_push(value: &Value) -> Result<Push, QueryErrorKind> {
    let Value::Document(spec) = value else {
        return Ok(push_one(value));
    };
    if !spec.contains_key("$each") {
        return Ok(push_one(value));
    }
    let mut push = Push {
        values: Vec::new(),
        position: None,
        slice: None,
        sort: None,
    };
    let mut seen: Vec<&str> = Vec::new();
    for (clause, arg) in spec.iter() {
        if seen.contains(&clause) {
            return Err(bad_value(format!("Only one {clause} is supported.")));
        }
        seen.push(clause);
        match clause {
            "$each" => match arg {
                Value::Array(items) => push.values = items.clone(),
                other => {
                    return Err(bad_value(format!(
                        "The argument to $each in $push must be an array but it was of type: {}",
                        other.element_type().alias()
                    )));
                }
            },
            "$slice" => {
                push.slice = Some(integer(arg).ok_or_else(|| {
                    bad_value(format!(
                        "The value for $slice must be an integer value but was given type: {}",
                        arg.element_type().alias()
                    ))
                })?);
            }
            "$position" => {
                push.position = Some(integer(arg).ok_or_else(|| {
                    bad_value(format!(
                        "The value for $position must be an integer value, not of type: {}",
                        arg.element_type().alias()
                    ))
                })?);
            }
            "$sort" => push.sort = Some(parse_push_sort(arg)?),
            other => return Err(bad_value(format!("Unrecognized clause in $push: {other}"))),
        }
    }
    Ok(push)
}

fn push_one(value: &Value) -> Push {
    Push {
        values: vec![value.clone()],
        position: None,
        slice: None,
        sort: None,
    }
}

fn parse_push_sort(arg: &Value) -> Result<PushSort, QueryErrorKind> {
    let direction = |v: &Value| {
        let d = Number::of(v).map(Number::to_f64);
        if d == Some(1.0) {
            Ok(true)
        } else if d == Some(-1.0) {
            Ok(false)
        } else {
            Err(bad_value("The $sort element value must be either 1 or -1"))
        }
    };
    match arg {
        Value::Document(fields) => {
            if fields.is_empty() {
                return Err(bad_value(
                    "The $sort pattern is empty when it should be a set of fields.",
                ));
            }
            let mut keys = Vec::new();
            for (field, d) in fields.iter() {
                let ascending = direction(d)?;
                if field.split('.').any(str::is_empty) {
                    return Err(bad_value(format!(
                        "The $sort field is a dotted field but has an empty part: {field}"
                    )));
                }
                keys.push((field.to_owned(), ascending));
            }
            Ok(PushSort::Fields(keys))
        }
        v if Number::of(v).is_some() => Ok(PushSort::Whole {
            ascending: direction(v)?,
        }),
        _ => Err(bad_value(
            "The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields",
        )),
    }
}

fn parse_add_to_set(value: &Value) -> Result<Vec<Value>, QueryErrorKind> {
    if let Value::Document(spec) = value
        && spec.keys().next() == Some("$each")
    {
        if spec.len() > 1 {
            return Err(bad_value(format!(
                "Found unexpected fields after $each in $addToSet: {}",
                server_document(spec)
            )));
        }
        return match spec.get("$each") {
            Some(Value::Array(items)) => Ok(items.clone()),
            Some(other) => Err(QueryErrorKind::server(
                code::TYPE_MISMATCH,
                format!(
                    "The argument to $each in $addToSet must be an array but it was of type {}",
                    other.element_type().alias()
                ),
            )),
            None => Ok(Vec::new()),
        };
    }
    Ok(vec![value.clone()])
}

/// An integral number as a long (`2.0` counts, `2.5` does not).
fn integer(v: &Value) -> Option<i64> {
    match Number::of(v)? {
        Number::Int(n) => Some(i64::from(n)),
        Number::Long(n) => Some(n),
        Number::Double(d) if d.fract() == 0.0 && d.abs() < 9.2e18 => Some(d as i64),
        Number::Decimal(d) => d.to_i64(),
        Number::Double(_) => None,
    }
}

/// The server's `cmpPathsAndArrayIndexes`, component by component: numeric components
/// compare as numbers (by length, then digits), others byte by byte.
pub(super) fn compare_paths(a: &str, b: &str) -> Ordering {
    let mut left = a.split('.');
    let mut right = b.split('.');
    loop {
        match (left.next(), right.next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) => {
                let o = compare_components(x, y);
                if o != Ordering::Equal {
                    return o;
                }
            }
        }
    }
}

fn compare_components(a: &str, b: &str) -> Ordering {
    let numeric_like = |s: &str| {
        s.as_bytes().first().is_some_and(u8::is_ascii_digit) && !(s.starts_with('0') && s.len() > 1)
    };
    if !numeric_like(a) || !numeric_like(b) || a.len() == b.len() {
        return a.as_bytes().cmp(b.as_bytes());
    }
    a.len().cmp(&b.len())
}
