//! From a filter document to an [`Expr`] tree, following the server's parser
//! (`src/mongo/db/matcher/expression_parser.cpp`) decision for decision, and its messages.

use super::bits::{BitOp, BitTest};
use super::regex::Regex;
use super::schema::Schema;
use super::{Cmp, Expr, InList, Leaf, Pred, RegexPred, TypeSet, total_cmp, true_value};
use crate::bson::decimal128::Decoded;
use crate::bson::spec::ElementType;
use crate::bson::{Document, Value};
use crate::query::error::{MatcherFeature, QueryError, QueryErrorKind, code};
use crate::query::expr;

/// How deeply filters may nest (`$and` in `$or` in `$elemMatch` ...).
const MAX_DEPTH: usize = 100;

type Result<T> = std::result::Result<T, QueryError>;

fn fail<T>(at: &str, kind: impl Into<QueryErrorKind>) -> Result<T> {
    Err(QueryError::new(at, kind))
}

/// The server's refusal `text` with its code (most of the parser's are `BadValue`).
fn server<T>(at: &str, code: i32, text: impl Into<String>) -> Result<T> {
    fail(at, QueryErrorKind::server(code, text))
}

/// The server's `BadValue` refusal `text`, as `expression_parser.cpp` gives most of them.
fn bad_value<T>(at: &str, text: impl Into<String>) -> Result<T> {
    server(at, code::BAD_VALUE, text)
}

/// Where the parser stands: the whole document, or inside `$elemMatch`, where `$expr` and
/// `$text` may not appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    Document,
    Element,
}

pub(super) fn filter(doc: &Document) -> Result<Expr> {
    parse_doc(doc, "", Level::Document, 0)
}

fn join(at: &str, key: &str) -> String {
    if at.is_empty() {
        key.to_owned()
    } else {
        format!("{at}.{key}")
    }
}

fn and_of(mut children: Vec<Expr>) -> Expr {
    if children.len() == 1 {
        children.pop().unwrap_or(Expr::Const(true))
    } else {
        Expr::And(children)
    }
}

fn leaf(path: &str, pred: Pred) -> Expr {
    // Inside `$elemMatch` on values the path is empty and unused: the condition is
    // tested on each element directly.
    let parts = path.split('.').map(str::to_owned).collect();
    Expr::Leaf(Box::new(Leaf {
        path: path.to_owned(),
        parts,
        pred,
        collation: crate::query::collation::Collation::Simple,
    }))
}

/// `{ $lt: 5 }` is an operator document; `{ a: 5 }`, `{}` and DBRefs (`{ $ref, $id }`) are
/// values to compare whole.
fn is_expression_document(v: &Value, allow_incomplete_dbref: bool) -> bool {
    let Value::Document(d) = v else {
        return false;
    };
    let Some(first) = d.keys().next() else {
        return false;
    };
    if !first.starts_with('$') {
        return false;
    }
    let has = |k: &str| d.contains_key(k);
    let dbref = if allow_incomplete_dbref {
        has("$ref") || has("$id") || has("$db")
    } else {
        has("$ref") && has("$id")
    };
    !dbref
}

/// Operators that stand where a field name would (`$and`, `$expr`, ...).
fn is_pathless(name: &str) -> bool {
    matches!(
        name,
        "and"
            | "or"
            | "nor"
            | "comment"
            | "where"
            | "expr"
            | "text"
            | "jsonSchema"
            | "alwaysTrue"
            | "alwaysFalse"
            | "id"
            | "ref"
            | "db"
            | "sampleRate"
    )
}

/// Operators that take a path (`{ a: { $gt: 1 } }`); `$not` is handled on its own.
fn is_path_operator(key: &str) -> bool {
    matches!(
        key,
        "$eq"
            | "$ne"
            | "$gt"
            | "$gte"
            | "$lt"
            | "$lte"
            | "$in"
            | "$nin"
            | "$all"
            | "$elemMatch"
            | "$exists"
            | "$type"
            | "$size"
            | "$mod"
            | "$regex"
            | "$options"
            | "$bitsAllSet"
            | "$bitsAllClear"
            | "$bitsAnySet"
            | "$bitsAnyClear"
            | "$geoWithin"
            | "$geoIntersects"
            | "$near"
            | "$nearSphere"
            | "$within"
    )
}

fn parse_doc(doc: &Document, at: &str, level: Level, depth: usize) -> Result<Expr> {
    if depth > MAX_DEPTH {
        // The server's code for this one is not known here.
        return fail(
            at,
            QueryErrorKind::server_uncoded(format!(
                "exceeded depth limit of {MAX_DEPTH} when parsing the filter"
            )),
        );
    }
    let mut children = Vec::new();
    for (key, value) in doc.iter() {
        let here = join(at, key);
        if let Some(name) = key.strip_prefix('$') {
            if let Some(e) = top_operator(name, key, value, &here, level, depth)? {
                children.push(e);
            }
        } else if let (true, Value::Document(sub)) = (is_expression_document(value, false), value) {
            operators(key, sub, &here, level, depth, &mut children)?;
        } else if let Value::Regex(r) = value {
            children.push(leaf(
                key,
                Pred::Regex(Box::new(regex(&r.pattern, &r.options, &here)?)),
            ));
        } else {
            children.push(leaf(key, comparison(Cmp::Eq, value, key, &here)?));
        }
    }
    Ok(and_of(children))
}

/// `$and`, `$or`, `$comment`, `$expr`, ... at the place of a field.
fn top_operator(
    name: &str,
    key: &str,
    value: &Value,
    at: &str,
    level: Level,
    depth: usize,
) -> Result<Option<Expr>> {
    let unsupported = |feature| {
        fail(
            at,
            QueryErrorKind::NotRun {
                operator: key.to_owned(),
                feature,
            },
        )
    };
    Ok(Some(match name {
        "and" | "or" | "nor" => {
            let Value::Array(items) = value else {
                return bad_value(at, format!("{key} must be an array"));
            };
            if items.is_empty() {
                return bad_value(at, "$and/$or/$nor must be a nonempty array");
            }
            let mut children = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let item_at = join(at, &i.to_string());
                let Value::Document(d) = item else {
                    return bad_value(&item_at, "$or/$and/$nor entries need to be full objects");
                };
                children.push(parse_doc(d, &item_at, level, depth + 1)?);
            }
            match name {
                "and" => Expr::And(children),
                "or" => Expr::Or(children),
                _ => Expr::Nor(children),
            }
        }
        // "$comment" is for logs and profilers; the matcher ignores it.
        "comment" => return Ok(None),
        "alwaysTrue" | "alwaysFalse" => {
            match integer(value) {
                Some(1) => {}
                Some(_) => {
                    return server(
                        at,
                        code::FAILED_TO_PARSE,
                        format!("{key} must be an integer value of 1"),
                    );
                }
                None => {
                    return server(
                        at,
                        code::FAILED_TO_PARSE,
                        format!(
                            "Expected a number in: {key}: {}",
                            crate::bson::shell::print_value(value)
                        ),
                    );
                }
            }
            Expr::Const(name == "alwaysTrue")
        }
        "expr" => {
            if level == Level::Element {
                return bad_value(at, "$expr can only be applied to the top-level document");
            }
            // Unknown expression operators are found now, not document by document.
            if let Err(e) = expr::evaluate(value, Some(&Document::new()))
                && e.code() == Some(code::INVALID_PIPELINE_OPERATOR)
            {
                return fail(at, e);
            }
            Expr::Aggregate(value.clone())
        }
        "text" if level == Level::Element => {
            return bad_value(at, "$text can only be applied to the top-level document");
        }
        "text" => return unsupported(MatcherFeature::TextSearch),
        "where" => return unsupported(MatcherFeature::JavaScript),
        "jsonSchema" => Expr::Schema(Box::new(Schema::parse_top(value, at)?)),
        "sampleRate" => return unsupported(MatcherFeature::Sampling),
        // DBRef fields inside $elemMatch: plain equality on the field "$id" etc.
        "id" | "ref" | "db" => leaf(key, comparison(Cmp::Eq, value, key, at)?),
        _ => return bad_value(at, format!("unknown top level operator: {key}")),
    }))
}

/// The operator document of one path: `{ $gt: 1, $lt: 5 }` gives two conditions.
fn operators(
    name: &str,
    sub: &Document,
    at: &str,
    level: Level,
    depth: usize,
    out: &mut Vec<Expr>,
) -> Result<()> {
    for (key, value) in sub.iter() {
        let here = join(at, key);
        if let Some(e) = operator(sub, name, key, value, &here, level, depth)? {
            out.push(e);
        }
    }
    Ok(())
}

/// One operator of a path (the server's `parseSubField`).
fn operator(
    context: &Document,
    name: &str,
    key: &str,
    value: &Value,
    at: &str,
    level: Level,
    depth: usize,
) -> Result<Option<Expr>> {
    Ok(Some(match key {
        "$eq" => leaf(name, comparison(Cmp::Eq, value, name, at)?),
        "$lt" => leaf(name, comparison(Cmp::Lt, value, name, at)?),
        "$lte" => leaf(name, comparison(Cmp::Lte, value, name, at)?),
        "$gt" => leaf(name, comparison(Cmp::Gt, value, name, at)?),
        "$gte" => leaf(name, comparison(Cmp::Gte, value, name, at)?),
        "$ne" => {
            // $ne is "not $eq", but not of a regex (SERVER-1705).
            if matches!(value, Value::Regex(_)) {
                return bad_value(at, "Can't have regex as arg to $ne.");
            }
            Expr::Not(Box::new(leaf(name, comparison(Cmp::Eq, value, name, at)?)))
        }
        "$not" => not(name, value, at, level, depth)?,
        "$in" | "$nin" => {
            let Value::Array(items) = value else {
                return bad_value(at, format!("{key} needs an array"));
            };
            let list = in_list(items, at)?;
            let e = leaf(name, Pred::In(list));
            if key == "$in" {
                e
            } else {
                Expr::Not(Box::new(e))
            }
        }
        "$size" => leaf(name, Pred::Size(size(value, at)?)),
        "$exists" => {
            let e = leaf(name, Pred::Exists);
            if true_value(value) {
                e
            } else {
                Expr::Not(Box::new(e))
            }
        }
        "$type" => leaf(name, Pred::Type(type_set(value, name, at)?)),
        "$mod" => leaf(name, modulo(value, at)?),
        "$regex" => leaf(name, Pred::Regex(Box::new(regex_document(context, at)?))),
        "$options" => {
            // Read together with $regex, wherever that stands.
            if context.contains_key("$regex") {
                return Ok(None);
            }
            return bad_value(at, "$options needs a $regex");
        }
        "$elemMatch" => elem_match(name, value, at, depth)?,
        "$all" => all(name, value, at, depth)?,
        "$bitsAllSet" | "$bitsAllClear" | "$bitsAnySet" | "$bitsAnyClear" => {
            let op = BitOp::from_key(key).unwrap_or(BitOp::AllSet);
            leaf(name, Pred::Bits(Box::new(BitTest::parse(op, value, at)?)))
        }
        "$geoWithin" | "$geoIntersects" | "$near" | "$nearSphere" | "$within" | "$maxDistance"
        | "$minDistance" => {
            return fail(
                at,
                QueryErrorKind::NotRun {
                    operator: key.to_owned(),
                    feature: MatcherFeature::Geospatial,
                },
            );
        }
        "$where" => return bad_value(at, "$where cannot be applied to a field"),
        _ => return bad_value(at, format!("unknown operator: {key}")),
    }))
}

/// `$eq`, `$lt`, ... and implicit equality.
fn comparison(op: Cmp, value: &Value, name: &str, at: &str) -> Result<Pred> {
    if op != Cmp::Eq && matches!(value, Value::Regex(_)) {
        return bad_value(
            at,
            format!("Can't have RegEx as arg to predicate over field '{name}'."),
        );
    }
    if matches!(value, Value::Undefined) {
        return bad_value(at, "cannot compare to undefined");
    }
    Ok(Pred::Cmp(op, value.clone()))
}

fn not(name: &str, value: &Value, at: &str, level: Level, depth: usize) -> Result<Expr> {
    if depth > MAX_DEPTH {
        // The server's code for this one is not known here.
        return fail(
            at,
            QueryErrorKind::server_uncoded(format!(
                "exceeded depth limit of {MAX_DEPTH} when parsing the filter"
            )),
        );
    }
    match value {
        Value::Regex(r) => Ok(Expr::Not(Box::new(leaf(
            name,
            Pred::Regex(Box::new(regex(&r.pattern, &r.options, at)?)),
        )))),
        Value::Document(d) if d.is_empty() => bad_value(at, "$not cannot be empty"),
        Value::Document(d) => {
            let mut children = Vec::new();
            operators(name, d, at, level, depth + 1, &mut children)?;
            Ok(Expr::Not(Box::new(and_of(children))))
        }
        _ => bad_value(at, "$not needs a regex or a document"),
    }
}

fn in_list(items: &[Value], at: &str) -> Result<InList> {
    let mut list = InList::default();
    for (i, item) in items.iter().enumerate() {
        let item_at = join(at, &i.to_string());
        if is_expression_document(item, false) {
            return bad_value(&item_at, "cannot nest $ under $in");
        }
        match item {
            Value::Regex(r) => list.regexes.push(regex(&r.pattern, &r.options, &item_at)?),
            Value::Undefined => {
                return bad_value(&item_at, "InMatchExpression equality cannot be undefined");
            }
            other => {
                list.has_null |= matches!(other, Value::Null);
                list.values.push(other.clone());
            }
        }
    }
    list.values.sort_by(total_cmp);
    list.values.dedup_by(|a, b| total_cmp(a, b).is_eq());
    Ok(list)
}

fn size(value: &Value, at: &str) -> Result<i64> {
    let n = match *value {
        Value::Int32(n) => i64::from(n),
        Value::Int64(n) => match i32::try_from(n) {
            Ok(n) => i64::from(n),
            Err(_) => return bad_value(at, "$size must be representable as a 32-bit integer"),
        },
        Value::Double(x) => {
            if x.fract() == 0.0 && x.abs() <= f64::from(i32::MAX) {
                x as i64
            } else {
                return bad_value(at, "$size must be a whole number");
            }
        }
        _ => return bad_value(at, "$size needs a number"),
    };
    if n < 0 {
        return bad_value(at, "$size may not be negative");
    }
    Ok(n)
}

/// An integer the way the server reads one from a number (`parseIntegerElementToLong`).
fn integer(value: &Value) -> Option<i64> {
    match *value {
        Value::Int32(n) => Some(i64::from(n)),
        Value::Int64(n) => Some(n),
        Value::Double(x)
            if x.fract() == 0.0 && (super::I64_MIN_F64..-super::I64_MIN_F64).contains(&x) =>
        {
            Some(x as i64)
        }
        Value::Decimal128(d) => d.to_i64().filter(|n| {
            crate::bson::Decimal128::from_i64(*n)
                .total_cmp_mongo(&d)
                .is_eq()
        }),
        _ => None,
    }
}

fn number_text(value: &Value) -> String {
    match value {
        Value::Int32(n) => n.to_string(),
        Value::Int64(n) => n.to_string(),
        Value::Double(x) => x.to_string(),
        Value::Decimal128(d) => d.to_string(),
        other => crate::bson::shell::print_value(other),
    }
}

fn type_set(value: &Value, name: &str, at: &str) -> Result<TypeSet> {
    let mut set = TypeSet::default();
    match value {
        Value::Array(items) => {
            for item in items {
                one_type(item, at, &mut set)?;
            }
        }
        other => one_type(other, at, &mut set)?,
    }
    if set.is_empty() {
        return server(
            at,
            code::FAILED_TO_PARSE,
            format!("{name} must match at least one type"),
        );
    }
    Ok(set)
}

/// A `$type` entry: a type number, an alias (`"string"`), or `"number"` for all four
/// numeric types ("$type", manual).
fn one_type(value: &Value, at: &str, set: &mut TypeSet) -> Result<()> {
    match value {
        Value::String(alias) if alias == "number" => set.all_numbers = true,
        Value::String(alias) => match ElementType::from_alias(alias) {
            Some(t) => set.types.push(t),
            None => return bad_value(at, format!("Unknown type name alias: {alias}")),
        },
        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_) => {
            match integer(value).and_then(ElementType::from_number) {
                Some(t) => set.types.push(t),
                None => {
                    return bad_value(
                        at,
                        format!("Invalid numerical type code: {}", number_text(value)),
                    );
                }
            }
        }
        _ => {
            return server(
                at,
                code::TYPE_MISMATCH,
                "type must be represented as a number or a string",
            );
        }
    }
    Ok(())
}

/// `$mod: [divisor, remainder]`: two numbers, truncated toward zero, divisor not 0.
fn modulo(value: &Value, at: &str) -> Result<Pred> {
    let Value::Array(items) = value else {
        return bad_value(at, "malformed mod, needs to be an array");
    };
    let mut it = items.iter();
    let Some(divisor) = it.next() else {
        return bad_value(at, "malformed mod, not enough elements");
    };
    if !is_numeric(divisor) {
        return bad_value(at, "malformed mod, divisor not a number");
    }
    let Some(remainder) = it.next() else {
        return bad_value(at, "malformed mod, not enough elements");
    };
    if !is_numeric(remainder) {
        return bad_value(at, "malformed mod, remainder not a number");
    }
    if it.next().is_some() {
        return bad_value(at, "malformed mod, too many elements");
    }
    let coerce = |v: &Value, what: &str| -> Result<i64> {
        let reason = match *v {
            Value::Int32(n) => return Ok(i64::from(n)),
            Value::Int64(n) => return Ok(n),
            Value::Double(x) if !x.is_finite() => "Unable to coerce NaN/Inf to integral type",
            Value::Decimal128(d) if !matches!(d.decode(), Decoded::Finite { .. }) => {
                "Unable to coerce NaN/Inf to integral type"
            }
            _ => match super::dividend(v) {
                Some(n) => return Ok(n),
                None => "Out of bounds coercing to integral value",
            },
        };
        bad_value(
            at,
            format!("malformed mod, {what} value is invalid :: caused by :: {reason}"),
        )
    };
    let divisor = coerce(divisor, "divisor")?;
    let remainder = coerce(remainder, "remainder")?;
    if divisor == 0 {
        return bad_value(at, "divisor cannot be 0");
    }
    Ok(Pred::Mod(divisor, remainder))
}

fn is_numeric(v: &Value) -> bool {
    super::is_number(v)
}

/// `{ $regex: ..., $options: ... }`, read from the whole operator document as the server
/// does: the options may come from a regex literal or from `$options`, not both.
fn regex_document(context: &Document, at: &str) -> Result<RegexPred> {
    // Errors name the key at fault: `at` is the `$regex` key, its siblings share the parent.
    let parent = at.rsplit_once('.').map_or("", |(p, _)| p);
    let mut pattern = "";
    let mut options = "";
    for (key, value) in context.iter() {
        let at = &join(parent, key);
        match key {
            "$regex" => match value {
                Value::String(s) => pattern = s,
                Value::Regex(r) => {
                    pattern = &r.pattern;
                    if !r.options.is_empty() {
                        if !options.is_empty() {
                            return server(at, 51074, "options set in both $regex and $options");
                        }
                        options = &r.options;
                    }
                }
                _ => return bad_value(at, "$regex has to be a string"),
            },
            "$options" => {
                let Value::String(s) = value else {
                    return bad_value(at, "$options has to be a string");
                };
                if !options.is_empty() {
                    return server(at, 51075, "options set in both $regex and $options");
                }
                options = s;
            }
            _ => {}
        }
    }
    regex(pattern, options, &join(parent, "$regex"))
}

fn regex(pattern: &str, options: &str, at: &str) -> Result<RegexPred> {
    // The server reads the options first (51108), then refuses a null byte, then PCRE2's
    // verdict (jstests/core/query/regex/regex_error.js).
    if let Err(e) = super::regex::compile_options(options) {
        return fail(at, e);
    }
    if pattern.contains('\0') {
        return bad_value(
            at,
            "Regular expression cannot contain an embedded null byte",
        );
    }
    match Regex::new(pattern, options) {
        Ok(re) => Ok(RegexPred {
            pattern: pattern.to_owned(),
            options: options.to_owned(),
            re,
        }),
        Err(e) => fail(at, e),
    }
}

/// `$elemMatch`: on values when its conditions are operators (`{ $gte: 80, $lt: 85 }`),
/// on documents otherwise (`{ product: "xyz", score: { $gte: 8 } }`).
fn elem_match(name: &str, value: &Value, at: &str, depth: usize) -> Result<Expr> {
    let Value::Document(obj) = value else {
        return bad_value(at, "$elemMatch needs an Object");
    };
    let on_values = is_expression_document(value, true)
        && obj.keys().next().is_some_and(|k| !is_pathless(&k[1..]));
    if on_values {
        let mut subs = Vec::new();
        operators("", obj, at, Level::Element, depth + 1, &mut subs)?;
        Ok(leaf(name, Pred::ElemMatchValue(subs)))
    } else {
        let sub = parse_doc(obj, at, Level::Element, depth + 1)?;
        Ok(leaf(name, Pred::ElemMatchObject(Box::new(sub))))
    }
}

/// `$all: [a, b]` is `a` and `b` each matched like `{ path: a }`; `$all` of `$elemMatch`es
/// is their conjunction; `$all: []` matches nothing.
fn all(name: &str, value: &Value, at: &str, depth: usize) -> Result<Expr> {
    let Value::Array(items) = value else {
        return bad_value(at, "$all needs an array");
    };
    let first_key = |v: &Value| match v {
        Value::Document(d) => d.keys().next().map(str::to_owned),
        _ => None,
    };
    let mut children = Vec::with_capacity(items.len());
    if items.first().and_then(first_key).as_deref() == Some("$elemMatch") {
        for (i, item) in items.iter().enumerate() {
            let item_at = join(at, &i.to_string());
            let inner = match item {
                Value::Document(d) if d.keys().next() == Some("$elemMatch") => {
                    d.iter().next().map(|(_, v)| v)
                }
                _ => None,
            };
            let Some(inner) = inner else {
                return bad_value(&item_at, "$all/$elemMatch has to be consistent");
            };
            children.push(elem_match(
                name,
                inner,
                &join(&item_at, "$elemMatch"),
                depth,
            )?);
        }
        return Ok(Expr::And(children));
    }
    for (i, item) in items.iter().enumerate() {
        let item_at = join(at, &i.to_string());
        match item {
            Value::Regex(r) => children.push(leaf(
                name,
                Pred::Regex(Box::new(regex(&r.pattern, &r.options, &item_at)?)),
            )),
            Value::Document(_) if first_key(item).is_some_and(|k| is_path_operator(&k)) => {
                return bad_value(&item_at, "no $ expressions in $all");
            }
            other => children.push(leaf(name, comparison(Cmp::Eq, other, name, &item_at)?)),
        }
    }
    if children.is_empty() {
        return Ok(Expr::Const(false));
    }
    Ok(Expr::And(children))
}
