//! The array operators: `$arrayElemAt`, `$first`, `$last`, `$in`, `$concatArrays`,
//! `$reverseArray`, `$slice`, `$indexOfArray`, `$allElementsTrue`, `$anyElementTrue` and
//! `$arrayToObject`, read from the server's `evaluate_array.cpp`. The operators whose
//! argument is a form of named parts (`$filter`, `$zip`, `$sortArray`, `$firstN`, ...) are
//! in `array_forms.rs`.

use super::arith::integral;
use super::{Budget, Evaluator, ExprError, alias_or_missing, err, fmt_g, truthy};
use crate::bson::num::Number;
use crate::bson::{Document, Value};
use crate::query::order;

/// Whether `op` is one of this file's operators.
pub(super) fn handles(op: &str) -> bool {
    matches!(
        op,
        "$first"
            | "$last"
            | "$in"
            | "$concatArrays"
            | "$reverseArray"
            | "$slice"
            | "$indexOfArray"
            | "$allElementsTrue"
            | "$anyElementTrue"
            | "$arrayToObject"
    )
}

impl Evaluator<'_> {
    /// Evaluates one of the operators [`handles`] accepts.
    pub(super) fn array_family(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$first" | "$last" => {
                let v = self.single_opt(op, arg, depth)?.unwrap_or(Value::Null);
                let at = Value::Int32(if op == "$first" { 0 } else { -1 });
                element_at(op, true, &v, &at)
            }
            "$in" => {
                let [needle, hay] = self.two_opt(op, arg, depth)?;
                let Some(Value::Array(items)) = hay else {
                    return err(
                        40081,
                        format!(
                            "$in requires an array as a second argument, found: {}",
                            alias_or_missing(hay.as_ref())
                        ),
                    );
                };
                // A missing value equals only undefined, never null (the server's canonical
                // type for both is 0): `{ $in: ['$nope', [null]] }` is false.
                let needle = needle.unwrap_or(Value::Undefined);
                let found = items.iter().any(|v| order::equal(v, &needle));
                Ok(Some(Value::Boolean(found)))
            }
            "$concatArrays" => self.concat_arrays(arg, depth),
            "$reverseArray" => match self.single_opt(op, arg, depth)? {
                None | Some(Value::Null | Value::Undefined) => Ok(Some(Value::Null)),
                Some(Value::Array(mut items)) => {
                    items.reverse();
                    Ok(Some(Value::Array(items)))
                }
                Some(other) => err(
                    34435,
                    format!(
                        "The argument to $reverseArray must be an array, but was of type: {}",
                        other.element_type().alias()
                    ),
                ),
            },
            "$slice" => self.slice(arg, depth),
            "$indexOfArray" => self.index_of_array(arg, depth),
            "$allElementsTrue" | "$anyElementTrue" => {
                let v = self.single_opt(op, arg, depth)?;
                let Some(Value::Array(items)) = v else {
                    return err(
                        if op == "$allElementsTrue" {
                            17040
                        } else {
                            17041
                        },
                        format!(
                            "{op}'s argument must be an array, but is {}",
                            alias_or_missing(v.as_ref())
                        ),
                    );
                };
                let result = if op == "$allElementsTrue" {
                    items.iter().all(|v| truthy(Some(v)))
                } else {
                    items.iter().any(|v| truthy(Some(v)))
                };
                Ok(Some(Value::Boolean(result)))
            }
            // `$arrayToObject`.
            _ => match self.single_opt(op, arg, depth)? {
                None | Some(Value::Null | Value::Undefined) => Ok(Some(Value::Null)),
                Some(v) => array_to_object(&v).map(|d| Some(Value::Document(d))),
            },
        }
    }

    /// The two arguments of a binary operator, missing kept apart from null.
    pub(super) fn two_opt(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<[Option<Value>; 2], ExprError> {
        let args = self.args_opt(arg, depth)?;
        let n = args.len();
        args.try_into().or_else(|_| {
            err(
                16020,
                format!("Expression {op} takes exactly 2 arguments. {n} were passed in."),
            )
        })
    }

    /// `$concatArrays`: the arrays one after another; null when any is null or missing.
    fn concat_arrays(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let items = match arg {
            Value::Array(items) => items.as_slice(),
            single => std::slice::from_ref(single),
        };
        let mut built = Budget::building();
        let mut out = Vec::new();
        for item in items {
            match self.eval_opt(item, depth)? {
                None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
                Some(Value::Array(part)) => {
                    for v in &part {
                        built.add(v)?;
                    }
                    out.extend(part);
                }
                Some(other) => {
                    return err(
                        28664,
                        format!(
                            "$concatArrays only supports arrays, not {}",
                            other.element_type().alias()
                        ),
                    );
                }
            }
        }
        Ok(Some(Value::Array(out)))
    }

    /// `$slice: [array, n]` (the first `n`, or the last `-n`) or `[array, position, n]`.
    fn slice(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let items = match arg {
            Value::Array(items) => items.as_slice(),
            single => std::slice::from_ref(single),
        };
        if !(2..=3).contains(&items.len()) {
            return err(
                28667,
                format!(
                    "Expression $slice takes at least 2 arguments, and at most 3, but {} were passed in.",
                    items.len()
                ),
            );
        }
        let array = self.eval_opt(&items[0], depth)?;
        let second = self.eval_opt(&items[1], depth)?;
        let (Some(array), Some(second)) = (array, second) else {
            return Ok(Some(Value::Null));
        };
        if is_nullish(&array) || is_nullish(&second) {
            return Ok(Some(Value::Null));
        }
        let Value::Array(array) = array else {
            return err(
                28724,
                format!(
                    "First argument to $slice must be an array, but is of type: {}",
                    array.element_type().alias()
                ),
            );
        };
        let Some(n2) = Number::of(&second) else {
            return err(
                28725,
                format!(
                    "Second argument to $slice must be a numeric value, but is of type: {}",
                    second.element_type().alias()
                ),
            );
        };
        if !integral(n2) {
            return err(
                28726,
                format!(
                    "Second argument to $slice can't be represented as a 32-bit integer: {}",
                    fmt_g(n2.to_f64())
                ),
            );
        }
        let len = array.len();
        let second = i64::from(as_i32(n2));
        let (start, end) = if items.len() == 2 {
            if second >= 0 {
                (0, len.min(second as usize))
            } else {
                (len.saturating_sub(second.unsigned_abs() as usize), len)
            }
        } else {
            let start = if second < 0 {
                len.saturating_sub(second.unsigned_abs() as usize)
            } else {
                len.min(second as usize)
            };
            let count = match self.eval_opt(&items[2], depth)? {
                None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
                Some(v) => v,
            };
            let Some(n3) = Number::of(&count) else {
                return err(
                    28727,
                    format!(
                        "Third argument to $slice must be numeric, but is of type: {}",
                        count.element_type().alias()
                    ),
                );
            };
            if !integral(n3) {
                return err(
                    28728,
                    format!(
                        "Third argument to $slice can't be represented as a 32-bit integer: {}",
                        fmt_g(n3.to_f64())
                    ),
                );
            }
            let n = as_i32(n3);
            if n <= 0 {
                return err(
                    28729,
                    format!("Third argument to $slice must be positive: {n}"),
                );
            }
            (start, start.saturating_add(n as usize).min(len))
        };
        Ok(Some(Value::Array(array[start..end].to_vec())))
    }

    /// `$indexOfArray: [array, value, start?, end?]`: the first position of `value`, -1 when
    /// it is not there.
    fn index_of_array(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let items = match arg {
            Value::Array(items) => items.as_slice(),
            single => std::slice::from_ref(single),
        };
        if !(2..=4).contains(&items.len()) {
            return err(
                28667,
                format!(
                    "Expression $indexOfArray takes at least 2 arguments, and at most 4, but {} were passed in.",
                    items.len()
                ),
            );
        }
        let array = match self.eval_opt(&items[0], depth)? {
            None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::Array(a)) => a,
            Some(other) => {
                return err(
                    40090,
                    format!(
                        "$indexOfArray requires an array as a first argument, found: {}",
                        other.element_type().alias()
                    ),
                );
            }
        };
        let bound = |e: &Value, which: &str| -> Result<usize, ExprError> {
            let v = self.eval_opt(e, depth)?;
            let n = v.as_ref().and_then(Number::of).filter(|n| integral(*n));
            let Some(n) = n else {
                // The server writes this one without a space after the operator's name.
                return err(
                    40096,
                    format!(
                        "$indexOfArrayrequires an integral {which}, found a value of type: {}, with value: {}",
                        alias_or_missing(v.as_ref()),
                        v.as_ref().map_or(String::new(), value_string)
                    ),
                );
            };
            let i = as_i32(n);
            usize::try_from(i).or_else(|_| {
                err(
                    40097,
                    format!(
                        "$indexOfArray requires a nonnegative {which}, found: {}",
                        v.as_ref().map_or(String::new(), value_string)
                    ),
                )
            })
        };
        let start = match items.get(2) {
            Some(e) => bound(e, "starting index")?,
            None => 0,
        };
        let end = match items.get(3) {
            Some(e) => bound(e, "ending index")?.min(array.len()),
            None => array.len(),
        };
        let needle = self.eval_opt(&items[1], depth)?.unwrap_or(Value::Undefined);
        let found = (start..end).find(|&i| order::equal(&array[i], &needle));
        Ok(Some(Value::Int32(found.map_or(-1, |i| i as i32))))
    }
}

/// `$arrayElemAt`: negative positions count from the end; past either end is missing.
pub(super) fn array_elem_at(array: &Value, index: &Value) -> Result<Option<Value>, ExprError> {
    element_at("$arrayElemAt", false, array, index)
}

/// `$arrayElemAt`, `$first` (position 0) and `$last` (position -1); `unary` words the
/// first refusal for an operator with one argument.
fn element_at(
    op: &str,
    unary: bool,
    array: &Value,
    index: &Value,
) -> Result<Option<Value>, ExprError> {
    if is_nullish(array) || is_nullish(index) {
        return Ok(Some(Value::Null));
    }
    let Value::Array(items) = array else {
        return err(
            28689,
            format!(
                "{op}'s {} must be an array, but is {}",
                if unary { "argument" } else { "first argument" },
                array.element_type().alias()
            ),
        );
    };
    let Some(n) = Number::of(index) else {
        return err(
            28690,
            format!(
                "{op}'s second argument must be a numeric value, but is {}",
                index.element_type().alias()
            ),
        );
    };
    if !integral(n) {
        return err(
            28691,
            format!(
                "{op}'s second argument must be representable as a 32-bit integer: {}",
                fmt_g(n.to_f64())
            ),
        );
    }
    let i = i64::from(as_i32(n));
    let len = items.len() as i64;
    let at = if i < 0 { len + i } else { i };
    Ok(usize::try_from(at)
        .ok()
        .and_then(|at| items.get(at))
        .cloned())
}

/// `$arrayToObject` of an array of `[key, value]` pairs or of `{ k, v }` documents (the
/// first element decides which); a later key replaces an earlier one's value in its place.
fn array_to_object(input: &Value) -> Result<Document, ExprError> {
    let Value::Array(items) = input else {
        return err(
            40386,
            format!(
                "$arrayToObject requires an array input, found: {}",
                input.element_type().alias()
            ),
        );
    };
    let mut out = Document::new();
    let Some(first) = items.first() else {
        return Ok(out);
    };
    let pairs = match first {
        Value::Array(_) => true,
        Value::Document(_) => false,
        other => {
            return err(
                40398,
                format!(
                    "Unrecognised input type format for $arrayToObject: {}",
                    other.element_type().alias()
                ),
            );
        }
    };
    // The server's words run "must" and "all" together; they are kept as it writes them.
    for item in items {
        let (key, value) = if pairs {
            let Value::Array(pair) = item else {
                return err(
                    40396,
                    format!(
                        "$arrayToObject requires a consistent input format. Elements mustall be arrays or all be objects. Array was detected, now found: {}",
                        item.element_type().alias()
                    ),
                );
            };
            if pair.len() != 2 {
                return err(
                    40397,
                    format!(
                        "$arrayToObject requires an array of size 2 arrays,found array of size: {}",
                        pair.len()
                    ),
                );
            }
            let Value::String(key) = &pair[0] else {
                return err(
                    40395,
                    format!(
                        "$arrayToObject requires an array of key-value pairs, where the key must be of type string. Found key type: {}",
                        pair[0].element_type().alias()
                    ),
                );
            };
            (key, &pair[1])
        } else {
            let Value::Document(d) = item else {
                return err(
                    40391,
                    format!(
                        "$arrayToObject requires a consistent input format. Elements mustall be arrays or all be objects. Object was detected, now found: {}",
                        item.element_type().alias()
                    ),
                );
            };
            if d.len() != 2 {
                return err(
                    40392,
                    format!(
                        "$arrayToObject requires an object keys of 'k' and 'v'. Found incorrect number of keys:{}",
                        d.len()
                    ),
                );
            }
            let (Some(k), Some(v)) = (d.get("k"), d.get("v")) else {
                return err(
                    40393,
                    format!(
                        "$arrayToObject requires an object with keys 'k' and 'v'. Missing either or both keys from: {}",
                        value_string(item)
                    ),
                );
            };
            let Value::String(key) = k else {
                return err(
                    40394,
                    format!(
                        "$arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be of type string. Found type: {}",
                        k.element_type().alias()
                    ),
                );
            };
            (key, v)
        };
        if key.contains('\0') {
            return err(
                if pairs { 4_940_400 } else { 4_940_401 },
                "Key field cannot contain an embedded null byte",
            );
        }
        out.insert(key.as_str(), value.clone());
    }
    Ok(out)
}

/// Null or undefined.
fn is_nullish(v: &Value) -> bool {
    matches!(v, Value::Null | Value::Undefined)
}

/// A number the caller has checked is integral and fits 32 bits.
pub(super) fn as_i32(n: Number) -> i32 {
    match n {
        Number::Int(i) => i,
        Number::Long(l) => i32::try_from(l).unwrap_or(0),
        Number::Double(d) => d as i32,
        Number::Decimal(d) => d.to_i32().unwrap_or(0),
    }
}

/// A value as the server's `Value::toString` writes it into a message: strings in double
/// quotes, `{a: 1, b: "x"}`, `[1, 2]`, doubles with six significant digits.
pub(super) fn value_string(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        Value::Double(d) => fmt_g(*d),
        Value::Int32(n) => n.to_string(),
        Value::Int64(n) => n.to_string(),
        Value::Decimal128(d) => d.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Null => "null".into(),
        Value::Undefined => "undefined".into(),
        Value::Document(d) => {
            let fields: Vec<String> = d
                .iter()
                .map(|(k, v)| format!("{k}: {}", value_string(v)))
                .collect();
            format!("{{{}}}", fields.join(", "))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(value_string).collect();
            format!("[{}]", items.join(", "))
        }
        other => crate::bson::shell::print_value(other),
    }
}
