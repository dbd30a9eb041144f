//! Aggregation expressions, evaluated on literals (and on a document's fields when one is
//! given): the arithmetic of [`crate::bson::num`], comparisons in the server's order, `$type`,
//! `$bsonSize`, conversions and `$dateToString`.

use std::cmp::Ordering;
use std::fmt;

use super::order;
use crate::bson::datetime;
use crate::bson::num::{self, Number};
use crate::bson::{Decimal128, Document, Value, document_size};

/// Why an expression has no value, in the server's words where it has some.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError(pub String);

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ExprError {}

impl From<num::NumError> for ExprError {
    fn from(e: num::NumError) -> Self {
        ExprError(e.to_string())
    }
}

fn err<T>(message: impl Into<String>) -> Result<T, ExprError> {
    Err(ExprError(message.into()))
}

/// How deeply expressions may nest before evaluation stops with an error.
const MAX_DEPTH: usize = 150;

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
    Evaluator { root }.eval(expr, 0)
}

struct Evaluator<'a> {
    root: Option<&'a Document>,
}

impl Evaluator<'_> {
    fn eval(&self, expr: &Value, depth: usize) -> Result<Value, ExprError> {
        if depth > MAX_DEPTH {
            return err(format!(
                "expression nested more than {MAX_DEPTH} levels deep"
            ));
        }
        match expr {
            Value::String(s) if s.starts_with('$') => Ok(self.field_path(s).unwrap_or(Value::Null)),
            Value::Array(items) => Ok(Value::Array(
                items
                    .iter()
                    .map(|i| self.eval(i, depth + 1))
                    .collect::<Result<_, _>>()?,
            )),
            Value::Document(d) => match d.iter().next() {
                Some((op, arg)) if op.starts_with('$') => {
                    if d.len() > 1 {
                        return err(format!(
                            "an expression specification must contain exactly one field, the name of the expression. Found {} fields in {}",
                            d.len(),
                            crate::bson::shell::print_document(d)
                        ));
                    }
                    self.operator(op, arg, depth + 1)
                }
                _ => {
                    let mut out = Document::with_capacity(d.len());
                    for (k, v) in d.iter() {
                        out.push(k, self.eval(v, depth + 1)?);
                    }
                    Ok(Value::Document(out))
                }
            },
            other => Ok(other.clone()),
        }
    }

    /// `$a.b` against the root document (`$$ROOT` is the document itself).
    fn field_path(&self, path: &str) -> Option<Value> {
        let root = self.root?;
        if path == "$$ROOT" || path == "$$CURRENT" {
            return Some(Value::Document(root.clone()));
        }
        let mut parts = path.strip_prefix('$')?.split('.');
        let mut current = root.get(parts.next()?)?;
        for part in parts {
            current = current.as_document()?.get(part)?;
        }
        Some(current.clone())
    }

    /// The operator's arguments: an array is the list, anything else a single argument.
    fn args(&self, arg: &Value, depth: usize) -> Result<Vec<Value>, ExprError> {
        match arg {
            Value::Array(items) => items.iter().map(|i| self.eval(i, depth)).collect(),
            single => Ok(vec![self.eval(single, depth)?]),
        }
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
            err(format!(
                "Expression {op} takes exactly {N} argument{}. {n} were passed in.",
                if N == 1 { "" } else { "s" }
            ))
        })
    }

    fn operator(&self, op: &str, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        match op {
            "$literal" => Ok(arg.clone()),
            "$add" => Ok(num::add(&self.args(arg, depth)?)?),
            "$multiply" => Ok(num::multiply(&self.args(arg, depth)?)?),
            "$subtract" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                Ok(num::subtract(&a, &b)?)
            }
            "$divide" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                Ok(num::divide(&a, &b)?)
            }
            "$sum" => {
                let args = self.args(arg, depth)?;
                // With one argument that is an array, $sum adds up its elements.
                Ok(match args.as_slice() {
                    [Value::Array(items)] => num::sum(items),
                    _ => num::sum(&args),
                })
            }
            "$eq" | "$ne" | "$gt" | "$gte" | "$lt" | "$lte" | "$cmp" => {
                let [a, b] = self.exactly(op, arg, depth)?;
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
                    other => err(format!(
                        "$bsonSize requires a document input, found: {}",
                        other.element_type().alias()
                    )),
                }
            }
            "$toDecimal" | "$toLong" | "$toInt" | "$toDouble" => {
                let [a] = self.exactly(op, arg, depth)?;
                convert(op, &a)
            }
            "$dateToString" => self.date_to_string(arg, depth),
            other => err(format!("Unrecognized expression '{other}'")),
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

    fn date_to_string(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err("$dateToString only supports an object as its argument");
        };
        let mut date = None;
        let mut format = None;
        let mut timezone = None;
        for (k, v) in spec.iter() {
            let v = self.eval(v, depth)?;
            match k {
                "date" => date = Some(v),
                "format" => format = Some(v),
                "timezone" => timezone = Some(v),
                "onNull" => {}
                other => return err(format!("Unrecognized argument to $dateToString: {other}")),
            }
        }
        let ms = match date {
            Some(Value::DateTime(ms)) => ms,
            Some(Value::Null | Value::Undefined) | None if date.is_some() => {
                return Ok(Value::Null);
            }
            None => return err("Missing 'date' parameter to $dateToString"),
            Some(other) => {
                return err(format!(
                    "can't convert from BSON type {} to Date",
                    other.element_type().alias()
                ));
            }
        };
        let format = match format {
            Some(Value::String(f)) => Some(f),
            None => None,
            Some(_) => return err("$dateToString requires that 'format' be a string"),
        };
        let timezone = match timezone {
            Some(Value::String(t)) => Some(t),
            None => None,
            Some(_) => return err("timezone must evaluate to a string"),
        };
        let format = format
            .as_deref()
            .unwrap_or_else(|| datetime::default_format(timezone.as_deref()));
        datetime::date_to_string(ms, format, timezone.as_deref())
            .map(Value::from)
            .map_err(|e| ExprError(e.to_string()))
    }
}

/// `$bsonSize` is an int, or a long for the (impossible) huge document.
fn size_value(n: usize) -> Value {
    i32::try_from(n).map_or(Value::Int64(n as i64), Value::Int32)
}

fn convert(op: &str, v: &Value) -> Result<Value, ExprError> {
    if matches!(v, Value::Null | Value::Undefined) {
        return Ok(Value::Null);
    }
    let overflow = || {
        err(format!(
            "Failed to convert {} to the target type in {op}: conversion would overflow the target type",
            crate::bson::shell::print_value(v)
        ))
    };
    let n = match v {
        Value::Boolean(b) => Number::Int(i32::from(*b)),
        Value::DateTime(ms) => Number::Long(*ms),
        Value::String(s) => parse_number(op, s)?,
        other => match Number::of(other) {
            Some(n) => n,
            None => {
                return err(format!(
                    "Unsupported conversion from {} to {} in $convert with no onError value",
                    other.element_type().alias(),
                    &op[3..].to_lowercase()
                ));
            }
        },
    };
    Ok(match op {
        "$toDecimal" => Value::Decimal128(n.to_decimal()),
        "$toDouble" => Value::Double(n.to_f64()),
        "$toLong" => match to_i64(n) {
            Some(v) => Value::Int64(v),
            None => return overflow(),
        },
        _ => match to_i64(n).and_then(|v| i32::try_from(v).ok()) {
            Some(v) => Value::Int32(v),
            None => return overflow(),
        },
    })
}

/// Truncation toward zero, as `$toLong`/`$toInt` do; NaN, infinities and out-of-range
/// values have no integer.
fn to_i64(n: Number) -> Option<i64> {
    match n {
        Number::Int(v) => Some(i64::from(v)),
        Number::Long(v) => Some(v),
        Number::Double(d) => {
            let t = d.trunc();
            (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0)
                .contains(&t)
                .then_some(t as i64)
        }
        Number::Decimal(d) => d.to_i64(),
    }
}

fn parse_number(op: &str, s: &str) -> Result<Number, ExprError> {
    let bad = || {
        err(format!(
            "Failed to parse number '{s}' in {op} with no onError value"
        ))
    };
    match op {
        "$toDecimal" => Decimal128::parse(s).map(Number::Decimal).or_else(|_| bad()),
        "$toDouble" => s.parse::<f64>().map(Number::Double).or_else(|_| bad()),
        _ => s.parse::<i64>().map(Number::Long).or_else(|_| bad()),
    }
}
