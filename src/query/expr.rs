//! Aggregation expressions, evaluated on literals (and on a document's fields when one is
//! given): the arithmetic of [`crate::bson::num`], comparisons in the server's order, `$type`,
//! `$bsonSize`, conversions and `$dateToString`.

use std::cmp::Ordering;

mod arith;
mod array_forms;
mod arrays;
mod convert;
mod date_parts;
mod dates;
mod error;
mod forms;
mod logic;
mod objects;
mod regex;
mod sets;
mod strings;
pub mod summation;

pub use error::ExprError;

use super::interrupt;
use super::limits;
use super::order;
use super::server::{ServerError, code};
use crate::bson::num;
use crate::bson::{Document, Value, document_size};
use crate::strings::Lang;
use crate::strings::localize::one_other;

/// The server's refusal `text`, reported with `code`.
fn err<T>(code: i32, text: impl Into<String>) -> Result<T, ExprError> {
    Err(ExprError::Server(ServerError::new(code, text)))
}

/// The named arguments of an operator written as an object (`$map: { input, as, in }`): for
/// each of `names`, its value in `spec` (`None` where absent, the last one where repeated),
/// or, at the first field that is none of them, the server's refusal `(code, words)` that
/// `unknown` gives for it.
fn named_args<'a, const N: usize>(
    spec: &'a Document,
    names: [&str; N],
    unknown: impl Fn(&str) -> (i32, String),
) -> Result<[Option<&'a Value>; N], ExprError> {
    let mut found = [None; N];
    for (k, v) in spec.iter() {
        match names.iter().position(|n| *n == k) {
            Some(at) => found[at] = Some(v),
            None => {
                let (code, text) = unknown(k);
                return err(code, text);
            }
        }
    }
    Ok(found)
}

/// The server's refusal `text`, whose code is not known here.
fn err_uncoded<T>(text: impl Into<String>) -> Result<T, ExprError> {
    Err(ExprError::Server(ServerError::uncoded(text)))
}

/// A double as C++'s `ostream` prints it by default (`%g`, 6 significant digits): the
/// server's error messages show numbers this way (`-1`, `0.5`, `1e+20`).
fn fmt_g(x: f64) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let strip = |s: String| {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            s
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{}e{sign}{:02}", strip(mantissa.to_owned()), exp.abs());
    }
    let decimals = (5 - exp).max(0) as usize;
    strip(format!("{x:.decimals$}"))
}

/// How deeply expressions may nest before evaluation stops with an error.
const MAX_DEPTH: usize = 150;

/// The bytes of operand values one operator may hold at once (four documents' worth: `$eq`
/// of two whole documents is fine, a `$concat` of ten thousand copies of one is not).
const OPERAND_BYTES: usize = 4 * limits::MAX_INTERNAL_DOCUMENT;

/// The running size of values being built or held, against a limit.
struct Budget {
    bytes: usize,
    limit: usize,
}

impl Budget {
    /// For a value being built: at most what a document can hold.
    fn building() -> Self {
        Budget {
            bytes: 0,
            limit: limits::MAX_INTERNAL_DOCUMENT,
        }
    }

    /// For an operator's operands.
    fn operands() -> Self {
        Budget {
            bytes: 0,
            limit: OPERAND_BYTES,
        }
    }

    /// Counts `v` (as an element: its value and a short key).
    fn add(&mut self, v: &Value) -> Result<(), ExprError> {
        self.add_bytes(limits::measure_value(v).bson + 8)
    }

    fn add_bytes(&mut self, n: usize) -> Result<(), ExprError> {
        self.bytes = self.bytes.saturating_add(n);
        if self.bytes > self.limit {
            return Err(ExprError::TooLarge { limit: self.limit });
        }
        Ok(())
    }
}

/// Evaluates an aggregation expression. Field paths (`"$qty"`) read from `root`; with no
/// document they are missing, which the operators treat as null.
///
/// # Errors
/// Unknown operators, wrong argument counts or types, division by zero, as the server
/// reports them.
///
/// # Examples
/// ```
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::expr::evaluate;
/// let mut e = bson_tutor::bson::Document::new();
/// e.push("$add", vec![Value::Double(0.1), Value::Double(0.2)]);
/// assert_eq!(evaluate(&Value::Document(e), None).unwrap(), Value::Double(0.30000000000000004));
/// ```
pub fn evaluate(expr: &Value, root: Option<&Document>) -> Result<Value, ExprError> {
    Ok(evaluate_in(expr, root, &[])?.unwrap_or(Value::Null))
}

/// Evaluates an expression with variables (`$$name`, as `$$NOW` or a `$let`'s) besides
/// `$$ROOT`/`$$CURRENT` (the root document) and `$$REMOVE` (missing). `None` is the server's
/// *missing*: a field path that resolves to nothing, an `$arrayElemAt` past the end. A
/// `$project` or `$addFields` leaves such a field out; [`evaluate`] turns it into null.
///
/// Field paths read through arrays as the server does: `"$items.sku"` on
/// `{ items: [{ sku: "A" }, { sku: "B" }] }` is `["A", "B"]`.
///
/// # Errors
/// As [`evaluate`], and "Use of undefined variable: x"; a stop asked for through
/// [`interrupt`], in the server's words.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, parse_value, FixedGenerator};
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::expr::evaluate_in;
/// let mut g = FixedGenerator::new(0);
/// let doc = parse_document("{ _id: 1, n: NumberLong(5) }", &mut g).unwrap().value;
/// let e = parse_value("{ $map: { input: { $objectToArray: '$$ROOT' }, in: { $type: '$$this.v' } } }", &mut g).unwrap().value;
/// assert_eq!(evaluate_in(&e, Some(&doc), &[]).unwrap(),
///            Some(Value::Array(vec![Value::from("int"), Value::from("long")])));
/// assert_eq!(evaluate_in(&Value::from("$nope"), Some(&doc), &[]).unwrap(), None);
/// ```
pub fn evaluate_in(
    expr: &Value,
    root: Option<&Document>,
    vars: &[(&str, Value)],
) -> Result<Option<Value>, ExprError> {
    let value = nest(vars, None, root, expr);
    // A `$map` cut short by a stop answers anything: the stop is what is reported.
    interrupt::check()?;
    value
}

/// Binds the variables one frame at a time (a later one shadows an earlier of the same name),
/// then evaluates.
fn nest(
    vars: &[(&str, Value)],
    parent: Option<&Scope<'_>>,
    root: Option<&Document>,
    expr: &Value,
) -> Result<Option<Value>, ExprError> {
    match vars.split_first() {
        None => Evaluator {
            root,
            scope: parent,
        }
        .eval_opt(expr, 0),
        Some(((name, value), rest)) => {
            let frame = Scope {
                name,
                value,
                parent,
            };
            nest(rest, Some(&frame), root, expr)
        }
    }
}

/// One variable binding; frames chain outward to the enclosing ones.
struct Scope<'s> {
    name: &'s str,
    value: &'s Value,
    parent: Option<&'s Scope<'s>>,
}

impl Scope<'_> {
    fn lookup(&self, name: &str) -> Option<&Value> {
        // A loop, not recursion: a `$let` may bind many thousands of variables.
        let mut frame = Some(self);
        while let Some(f) = frame {
            if f.name == name {
                return Some(f.value);
            }
            frame = f.parent;
        }
        None
    }
}

struct Evaluator<'a> {
    root: Option<&'a Document>,
    scope: Option<&'a Scope<'a>>,
}

impl Evaluator<'_> {
    fn eval(&self, expr: &Value, depth: usize) -> Result<Value, ExprError> {
        Ok(self.eval_opt(expr, depth)?.unwrap_or(Value::Null))
    }

    /// The value of `expr`, `None` when it is missing.
    fn eval_opt(&self, expr: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        if depth > MAX_DEPTH {
            return Err(ExprError::TooDeep { max: MAX_DEPTH });
        }
        match expr {
            Value::String(s) if s.starts_with('$') => self.resolve_path(s),
            // Missing elements of an array literal become null, as on the server.
            Value::Array(items) => {
                let mut built = Budget::building();
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    let v = self.eval(item, depth + 1)?;
                    built.add(&v)?;
                    out.push(v);
                }
                Ok(Some(Value::Array(out)))
            }
            Value::Document(d) => match d.iter().next() {
                Some((op, arg)) if op.starts_with('$') => {
                    if d.len() > 1 {
                        return err(
                            15983,
                            format!(
                                "an expression specification must contain exactly one field, the name of the expression. Found {} fields in {}",
                                d.len(),
                                crate::bson::shell::print_document(d)
                            ),
                        );
                    }
                    self.operator_opt(op, arg, depth + 1)
                }
                _ => {
                    // An object literal leaves out the fields whose value is missing.
                    let mut built = Budget::building();
                    let mut out = Document::with_capacity(d.len());
                    for (k, v) in d.iter() {
                        if let Some(v) = self.eval_opt(v, depth + 1)? {
                            built.add(&v)?;
                            out.push(k, v);
                        }
                    }
                    Ok(Some(Value::Document(out)))
                }
            },
            other => Ok(Some(other.clone())),
        }
    }

    /// `$a.b` against the root document, `$$name.a.b` against a variable (`$$ROOT` and
    /// `$$CURRENT` are the root document, `$$REMOVE` is missing).
    fn resolve_path(&self, path: &str) -> Result<Option<Value>, ExprError> {
        let (var, rest) = match path.strip_prefix("$$") {
            Some(var) => var
                .split_once('.')
                .map_or((Some(var), None), |(n, r)| (Some(n), Some(r))),
            // A plain field path is `$$CURRENT.<path>`.
            None => (None, Some(&path[1..])),
        };
        let parts: Vec<&str> = rest.map_or_else(Vec::new, |r| r.split('.').collect());
        let from_root = || -> Option<Value> {
            let root = self.root?;
            match parts.split_first() {
                None => Some(Value::Document(root.clone())),
                Some((first, tail)) => traverse(root.get(first)?, tail),
            }
        };
        // `$let` may rebind CURRENT: plain field paths then read the new value.
        if matches!(var, None | Some("CURRENT"))
            && let Some(v) = self.scope.and_then(|s| s.lookup("CURRENT"))
        {
            return Ok(traverse(v, &parts));
        }
        Ok(match var {
            None | Some("ROOT" | "CURRENT") => from_root(),
            Some("REMOVE") => None,
            Some(name) => match self.scope.and_then(|s| s.lookup(name)) {
                Some(v) => traverse(v, &parts),
                None => return err(17276, format!("Use of undefined variable: {name}")),
            },
        })
    }

    /// The value at a field path, `None` when missing.
    fn field_path(&self, path: &str) -> Option<Value> {
        self.resolve_path(path).ok().flatten()
    }

    /// The operator's arguments: an array is the list, anything else a single argument.
    fn args(&self, arg: &Value, depth: usize) -> Result<Vec<Value>, ExprError> {
        Ok(self
            .args_opt(arg, depth)?
            .into_iter()
            .map(|v| v.unwrap_or(Value::Null))
            .collect())
    }

    fn exactly<const N: usize>(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<[Value; N], ExprError> {
        let args = self.args(arg, depth)?;
        let n = args.len();
        args.try_into().or_else(|_| {
            // The server's words, so English whatever the learner's language.
            let arguments = one_other(Lang::En, N as u64, "argument", "arguments");
            err(
                16020,
                format!("Expression {op} takes exactly {N} {arguments}. {n} were passed in."),
            )
        })
    }

    fn operator(&self, op: &str, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        match op {
            "$literal" => Ok(arg.clone()),
            "$add" => num::add(&self.args(arg, depth)?).map_err(add_error),
            "$multiply" => arith::multiply(&self.args(arg, depth)?),
            "$subtract" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                arith::subtract(&a, &b)
            }
            "$divide" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                arith::divide(&a, &b)
            }
            "$mod" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                arith::modulo(&a, &b)
            }
            "$pow" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                arith::pow(&a, &b)
            }
            "$log" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                arith::log(&a, &b)
            }
            "$abs" | "$ceil" | "$floor" | "$sqrt" | "$exp" | "$ln" | "$log10" => {
                let [a] = self.exactly(op, arg, depth)?;
                let op = UNARY.iter().find(|u| **u == op).copied().unwrap_or("$abs");
                arith::unary(op, &a)
            }
            "$round" | "$trunc" => {
                let args = self.args(arg, depth)?;
                match args.as_slice() {
                    [v] => arith::round_or_trunc(op, v, None),
                    [v, place] => arith::round_or_trunc(op, v, Some(place)),
                    other => err(
                        28667,
                        format!(
                            "Expression {op} takes at least 1 argument, and at most 2, but {} were passed in.",
                            other.len()
                        ),
                    ),
                }
            }
            "$sum" | "$avg" | "$min" | "$max" => {
                let args = self.args_opt(arg, depth)?;
                // With one argument that is an array, the operator works on its elements.
                let values: Vec<Value> = match args.as_slice() {
                    [Some(Value::Array(items))] => items.clone(),
                    _ => args.into_iter().flatten().collect(),
                };
                Ok(accumulate(op, &values))
            }
            "$toUpper" | "$toLower" => {
                let [a] = self.exactly(op, arg, depth)?;
                strings::change_case(op == "$toUpper", &a)
            }
            "$substrBytes" | "$substr" => {
                let [s, start, len] = self.exactly(op, arg, depth)?;
                strings::substr_bytes(&s, &start, &len)
            }
            "$substrCP" => {
                let [s, start, len] = self.exactly(op, arg, depth)?;
                strings::substr_cp(&s, &start, &len)
            }
            "$indexOfBytes" => {
                let args = self.args(arg, depth)?;
                if !(2..=4).contains(&args.len()) {
                    return err(
                        28667,
                        format!(
                            "Expression $indexOfBytes takes at least 2 arguments, and at most 4, but {} were passed in.",
                            args.len()
                        ),
                    );
                }
                strings::index_of_bytes(&args)
            }
            "$split" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                strings::split(&a, &b)
            }
            "$range" => self.range(arg, depth),
            "$eq" | "$ne" | "$gt" | "$gte" | "$lt" | "$lte" | "$cmp" => {
                // A missing operand compares as the server's EOO, which ranks with undefined,
                // below null (canonicalizeBSONType): { $eq: ['$nope', null] } is false.
                let args = self.args_opt(arg, depth)?;
                let n = args.len();
                let Ok([a, b]) = <[Option<Value>; 2]>::try_from(args) else {
                    return err(
                        16020,
                        format!("Expression {op} takes exactly 2 arguments. {n} were passed in."),
                    );
                };
                let (a, b) = (a.unwrap_or(Value::Undefined), b.unwrap_or(Value::Undefined));
                let o = order::compare(&a, &b);
                Ok(match op {
                    "$cmp" => Value::Int32(match o {
                        Ordering::Less => -1,
                        Ordering::Equal => 0,
                        Ordering::Greater => 1,
                    }),
                    "$eq" => Value::Boolean(o == Ordering::Equal),
                    "$ne" => Value::Boolean(o != Ordering::Equal),
                    "$gt" => Value::Boolean(o == Ordering::Greater),
                    "$gte" => Value::Boolean(o != Ordering::Less),
                    "$lt" => Value::Boolean(o == Ordering::Less),
                    _ => Value::Boolean(o != Ordering::Greater),
                })
            }
            "$type" => {
                let [a] = self.exactly(op, arg, depth)?;
                Ok(Value::from(self.type_alias(arg, &a)))
            }
            "$bsonSize" => {
                let [a] = self.exactly(op, arg, depth)?;
                match a {
                    Value::Document(d) => Ok(size_value(document_size(&d))),
                    Value::Null | Value::Undefined => Ok(Value::Null),
                    other => err(
                        31393,
                        format!(
                            "$bsonSize requires a document input, found: {}",
                            other.element_type().alias()
                        ),
                    ),
                }
            }
            "$dateToString" => self.date_to_string(arg, depth),
            other => err(
                code::INVALID_PIPELINE_OPERATOR,
                format!("Unrecognized expression '{other}'"),
            ),
        }
    }

    /// Operators that can produce *missing* or bind variables; the rest go to
    /// [`Self::operator`].
    fn operator_opt(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$arrayElemAt" => {
                let [array, index] = self.exactly(op, arg, depth)?;
                arrays::array_elem_at(&array, &index)
            }
            "$map" => self.map(arg, depth).map(Some),
            "$reduce" => self.reduce(arg, depth),
            "$dateFromString" => self.date_from_string(arg, depth),
            "$convert" => self.convert(arg, depth),
            "$toInt" | "$toLong" | "$toDouble" | "$toDecimal" | "$toString" | "$toDate"
            | "$toObjectId" | "$toBool" => {
                let input = self.single_opt(op, arg, depth)?;
                self.convert_to(input, shorthand_target(op))
            }
            "$cond" => self.cond(arg, depth),
            "$ifNull" => {
                let Value::Array(items) = arg else {
                    return err(1_257_300, "$ifNull needs at least two arguments, had: 1");
                };
                if items.len() < 2 {
                    return err(
                        1_257_300,
                        format!("$ifNull needs at least two arguments, had: {}", items.len()),
                    );
                }
                let (last, first) = items.split_last().unwrap_or((&Value::Null, &[]));
                for item in first {
                    match self.eval_opt(item, depth)? {
                        None | Some(Value::Null | Value::Undefined) => {}
                        Some(v) => return Ok(Some(v)),
                    }
                }
                self.eval_opt(last, depth)
            }
            "$strLenBytes" | "$strLenCP" => {
                let s = self.single_opt(op, arg, depth)?;
                match s {
                    Some(Value::String(s)) => {
                        let n = if op == "$strLenBytes" {
                            s.len()
                        } else {
                            s.chars().count()
                        };
                        Ok(Some(size_value(n)))
                    }
                    other => err(
                        if op == "$strLenBytes" { 34473 } else { 34471 },
                        format!(
                            "{op} requires a string argument, found: {}",
                            alias_or_missing(other.as_ref())
                        ),
                    ),
                }
            }
            "$size" => match self.single_opt(op, arg, depth)? {
                Some(Value::Array(items)) => Ok(Some(size_value(items.len()))),
                other => err(
                    17124,
                    format!(
                        "The argument to $size must be an array, but was of type: {}",
                        alias_or_missing(other.as_ref())
                    ),
                ),
            },
            "$objectToArray" => match self.single_opt(op, arg, depth)? {
                None | Some(Value::Null | Value::Undefined) => Ok(Some(Value::Null)),
                Some(Value::Document(d)) => Ok(Some(Value::Array(
                    d.iter()
                        .map(|(k, v)| {
                            let mut pair = Document::with_capacity(2);
                            pair.push("k", k);
                            pair.push("v", v.clone());
                            Value::Document(pair)
                        })
                        .collect(),
                ))),
                Some(other) => err(
                    40390,
                    format!(
                        "$objectToArray requires a document input, found: {}",
                        other.element_type().alias()
                    ),
                ),
            },
            "$concat" => {
                // One argument at a time, as the server evaluates them: the first null ends
                // it, the first non-string is refused.
                let items = match arg {
                    Value::Array(items) => items.as_slice(),
                    single => std::slice::from_ref(single),
                };
                let mut out = String::new();
                for item in items {
                    match self.eval_opt(item, depth)? {
                        None | Some(Value::Null | Value::Undefined) => {
                            return Ok(Some(Value::Null));
                        }
                        Some(Value::String(s)) => {
                            if out.len() + s.len() > limits::MAX_INTERNAL_DOCUMENT {
                                return Err(ExprError::TooLarge {
                                    limit: limits::MAX_INTERNAL_DOCUMENT,
                                });
                            }
                            out.push_str(&s);
                        }
                        Some(other) => {
                            return err(
                                16702,
                                format!(
                                    "$concat only supports strings, not {}",
                                    other.element_type().alias()
                                ),
                            );
                        }
                    }
                }
                Ok(Some(Value::from(out)))
            }
            _ if strings::OPS.contains(&op) => self.string_op(op, arg, depth),
            _ if dates::handles(op) => self.date_op(op, arg, depth),
            op if logic::handles(op) => self.logic_family(op, arg, depth),
            op if arrays::handles(op) => self.array_family(op, arg, depth),
            op if array_forms::handles(op) => self.array_form(op, arg, depth),
            op if sets::handles(op) => self.set_family(op, arg, depth),
            op if objects::handles(op) => self.object_family(op, arg, depth),
            _ => self.operator(op, arg, depth).map(Some),
        }
    }

    /// The one argument of a unary operator (`{ $size: "$a" }` or `{ $size: ["$a"] }`),
    /// missing kept apart from null.
    fn single_opt(&self, op: &str, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        match arg {
            Value::Array(items) if items.len() == 1 => self.eval_opt(&items[0], depth),
            Value::Array(items) => err(
                16020,
                format!(
                    "Expression {op} takes exactly 1 argument. {} were passed in.",
                    items.len()
                ),
            ),
            single => self.eval_opt(single, depth),
        }
    }

    /// The operator's arguments, missing kept apart from null. Their sizes are counted:
    /// many copies of a large field are refused before they exhaust memory.
    fn args_opt(&self, arg: &Value, depth: usize) -> Result<Vec<Option<Value>>, ExprError> {
        match arg {
            Value::Array(items) => {
                let mut held = Budget::operands();
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    let v = self.eval_opt(item, depth)?;
                    if let Some(v) = &v {
                        held.add(v)?;
                    }
                    out.push(v);
                }
                Ok(out)
            }
            single => Ok(vec![self.eval_opt(single, depth)?]),
        }
    }

    /// `$type` says "missing" for a field path that resolves to nothing.
    fn type_alias(&self, arg: &Value, value: &Value) -> &'static str {
        let path = match arg {
            Value::Array(items) if items.len() == 1 => &items[0],
            other => other,
        };
        if let Value::String(s) = path
            && s.starts_with('$')
            && self.field_path(s).is_none()
        {
            return "missing";
        }
        value.element_type().alias()
    }
}

/// A field path's value below `base`, reading through arrays: each element that is a
/// document (or an array) contributes its value, missing ones nothing.
fn traverse(base: &Value, parts: &[&str]) -> Option<Value> {
    let Some((part, rest)) = parts.split_first() else {
        return Some(base.clone());
    };
    match base {
        Value::Document(d) => traverse(d.get(part)?, rest),
        Value::Array(items) => Some(Value::Array(
            items
                .iter()
                .filter(|i| matches!(i, Value::Document(_) | Value::Array(_)))
                .filter_map(|i| traverse(i, parts))
                .collect(),
        )),
        _ => None,
    }
}

/// How `$cond`, `$and`, ... read a value as a boolean: false, null, undefined, missing and
/// numeric zero are false; everything else (empty strings and arrays too) is true.
fn truthy(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null | Value::Undefined | Value::Boolean(false)) => false,
        Some(Value::Int32(n)) => *n != 0,
        Some(Value::Int64(n)) => *n != 0,
        Some(Value::Double(d)) => *d != 0.0,
        Some(Value::Decimal128(d)) => !d.is_zero(),
        Some(_) => true,
    }
}

fn alias_or_missing(v: Option<&Value>) -> &'static str {
    v.map_or("missing", |v| v.element_type().alias())
}

/// Variable names a user may bind: a lowercase letter (or non-ASCII) first, then letters,
/// digits and `_`.
fn check_variable_name(name: &str) -> Result<(), ExprError> {
    let mut chars = name.chars();
    let first_ok = chars
        .next()
        .is_some_and(|c| c.is_ascii_lowercase() || !c.is_ascii());
    if !first_ok {
        return err(
            code::FAILED_TO_PARSE,
            format!("'{name}' starts with an invalid character for a user variable name"),
        );
    }
    if chars.any(|c| c.is_ascii() && !(c.is_ascii_alphanumeric() || c == '_')) {
        return err(
            code::FAILED_TO_PARSE,
            format!("'{name}' contains an invalid character for a variable name"),
        );
    }
    Ok(())
}

/// `$bsonSize` is an int, or a long for the (impossible) huge document.
fn size_value(n: usize) -> Value {
    i32::try_from(n).map_or(Value::Int64(n as i64), Value::Int32)
}

/// The one-argument math operators, by name (their names as `'static` strings for errors).
const UNARY: [&str; 7] = ["$abs", "$ceil", "$floor", "$sqrt", "$exp", "$ln", "$log10"];

/// `$add`'s refusal of a non-number carries the server's TypeMismatch code (14).
fn add_error(e: num::NumError) -> ExprError {
    match e {
        num::NumError::NotNumeric { .. } => {
            ExprError::Server(ServerError::new(code::TYPE_MISMATCH, e.to_string()))
        }
        other => ExprError::Num(other),
    }
}

/// `$sum`, `$avg`, `$min` or `$max` over values (non-numbers ignored by `$sum`/`$avg`, null
/// and missing by `$min`/`$max`).
fn accumulate(op: &str, values: &[Value]) -> Value {
    match op {
        "$sum" => {
            let mut s = summation::Sum::default();
            values.iter().for_each(|v| s.push(v));
            s.value()
        }
        "$avg" => {
            let mut a = summation::Avg::default();
            values.iter().for_each(|v| a.push(v));
            a.value()
        }
        _ => {
            let want = if op == "$min" {
                Ordering::Less
            } else {
                Ordering::Greater
            };
            let mut best: Option<&Value> = None;
            for v in values
                .iter()
                .filter(|v| !matches!(v, Value::Null | Value::Undefined))
            {
                if best.is_none_or(|b| order::compare(v, b) == want) {
                    best = Some(v);
                }
            }
            best.cloned().unwrap_or(Value::Null)
        }
    }
}

/// The type a `$toInt`, `$toString`, ... converts to.
fn shorthand_target(op: &str) -> crate::bson::ElementType {
    use crate::bson::ElementType as T;
    match op {
        "$toInt" => T::Int32,
        "$toLong" => T::Int64,
        "$toDouble" => T::Double,
        "$toDecimal" => T::Decimal128,
        "$toString" => T::String,
        "$toDate" => T::DateTime,
        "$toObjectId" => T::ObjectId,
        _ => T::Boolean,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strings::localize::Localize;

    #[test]
    fn every_expr_error_speaks_every_language() {
        for e in ExprError::every_variant() {
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                let text = e.to_string_in(lang);
                match &e {
                    // The server's words, verbatim.
                    ExprError::Server(_) => assert_eq!(text, en),
                    // Another type's words, in the same language.
                    ExprError::Num(inner) => assert_eq!(text, inner.to_string_in(lang)),
                    ExprError::Date(inner) => assert_eq!(text, inner.to_string_in(lang)),
                    ExprError::TooDeep { .. }
                    | ExprError::TooLarge { .. }
                    | ExprError::DecimalMath { .. } => {
                        crate::bson::error::assert_translated(
                            &en,
                            lang,
                            &text,
                            &crate::strings::localize::VI_LOANWORDS,
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_stop_asked_for_is_reported_instead_of_the_value() {
        use crate::query::interrupt::{Interrupt, Stop};
        let mut e = Document::new();
        e.push("$add", vec![Value::Int32(1), Value::Int32(2)]);
        let e = Value::Document(e);
        let flag = Interrupt::new();
        assert_eq!(flag.watch(|| evaluate(&e, None)), Ok(Value::Int32(3)));
        flag.trip(Stop::Cancelled);
        let stopped = flag.watch(|| evaluate(&e, None)).unwrap_err();
        assert_eq!(
            (stopped.code(), stopped.to_string()),
            (Some(11601), "operation was interrupted".to_owned())
        );
    }

    #[test]
    fn server_refusals_carry_the_servers_codes() {
        let eval = |s: &str| {
            let v =
                crate::bson::shell::parse_value(s, &mut crate::bson::shell::FixedGenerator::new(0))
                    .unwrap()
                    .value;
            evaluate(&v, None).unwrap_err()
        };
        for (expr, code, text) in [
            (
                "{ $foo: 1 }",
                code::INVALID_PIPELINE_OPERATOR,
                "Unrecognized expression '$foo'",
            ),
            (
                "{ $size: 1 }",
                17124,
                "The argument to $size must be an array, but was of type: int",
            ),
            (
                "{ $subtract: [1] }",
                16020,
                "Expression $subtract takes exactly 2 arguments. 1 were passed in.",
            ),
            (
                "{ $type: [1, 2] }",
                16020,
                "Expression $type takes exactly 1 argument. 2 were passed in.",
            ),
            ("'$$nope'", 17276, "Use of undefined variable: nope"),
            (
                "{ $toInt: 'x' }",
                code::CONVERSION_FAILURE,
                "Failed to parse number 'x' in $convert with no onError value: Did not consume whole string.",
            ),
        ] {
            let e = eval(expr);
            assert_eq!(
                (e.code(), e.to_string().as_str()),
                (Some(code), text),
                "{expr}"
            );
            assert_eq!(e.to_string_in(Lang::Zh), text);
        }
    }
}
