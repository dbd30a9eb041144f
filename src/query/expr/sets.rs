//! The set operators `$setUnion`, `$setIntersection`, `$setDifference`, `$setEquals` and
//! `$setIsSubset`, read from the server's `evaluate_array.cpp`. Values are compared as the
//! server compares them (numbers across types: `1`, `NumberLong(1)` and `1.0` are one
//! element).
//!
//! Order of the results: the manual promises none, but the server builds `$setUnion` and
//! `$setIntersection` in an ordered set, so they come out sorted in its comparison order
//! (the first of equal values kept); `$setDifference` keeps the first array's order, each
//! value once. bson-tutor gives the same.

use std::cmp::Ordering;

use super::{Budget, Evaluator, ExprError, alias_or_missing, err};
use crate::bson::Value;
use crate::query::order;

/// Whether `op` is one of this family's operators.
pub(super) fn handles(op: &str) -> bool {
    matches!(
        op,
        "$setUnion" | "$setIntersection" | "$setDifference" | "$setEquals" | "$setIsSubset"
    )
}

impl Evaluator<'_> {
    /// Evaluates one of the operators [`handles`] accepts.
    pub(super) fn set_family(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$setUnion" | "$setIntersection" => self.union_or_intersection(op, arg, depth),
            "$setDifference" => {
                let [a, b] = self.two_opt(op, arg, depth)?;
                let (Some(a), Some(b)) = (a, b) else {
                    return Ok(Some(Value::Null));
                };
                if nullish(&a) || nullish(&b) {
                    return Ok(Some(Value::Null));
                }
                let a = operand(
                    a,
                    17048,
                    "both operands of $setDifference must be arrays. First argument is of type: ",
                )?;
                let b = operand(
                    b,
                    17049,
                    "both operands of $setDifference must be arrays. Second argument is of type: ",
                )?;
                let mut seen = sorted_set(b);
                let mut out = Vec::new();
                for v in a {
                    if let Err(at) = seen.binary_search_by(|s| order::compare(s, &v)) {
                        seen.insert(at, v.clone());
                        out.push(v);
                    }
                }
                Ok(Some(Value::Array(out)))
            }
            "$setEquals" => {
                let args = self.args_opt(arg, depth)?;
                if args.len() < 2 {
                    return err(
                        17045,
                        format!(
                            "$setEquals needs at least two arguments had: {}",
                            args.len()
                        ),
                    );
                }
                let mut sets = Vec::with_capacity(args.len());
                for a in args {
                    let Some(Value::Array(items)) = a else {
                        return err(
                            17044,
                            format!(
                                "All operands of $setEquals must be arrays. One argument is of type: {}",
                                alias_or_missing(a.as_ref())
                            ),
                        );
                    };
                    sets.push(sorted_set(items));
                }
                let first = &sets[0];
                let equal = sets[1..].iter().all(|s| {
                    s.len() == first.len() && s.iter().zip(first).all(|(x, y)| order::equal(x, y))
                });
                Ok(Some(Value::Boolean(equal)))
            }
            _ => {
                let [a, b] = self.two_opt(op, arg, depth)?;
                let Some(Value::Array(a)) = a else {
                    return err(
                        17046,
                        format!(
                            "both operands of $setIsSubset must be arrays. First argument is of type: {}",
                            alias_or_missing(a.as_ref())
                        ),
                    );
                };
                let Some(Value::Array(b)) = b else {
                    return err(
                        17042,
                        format!(
                            "both operands of $setIsSubset must be arrays. Second argument is of type: {}",
                            alias_or_missing(b.as_ref())
                        ),
                    );
                };
                let b = sorted_set(b);
                let subset = a
                    .iter()
                    .all(|v| b.binary_search_by(|s| order::compare(s, v)).is_ok());
                Ok(Some(Value::Boolean(subset)))
            }
        }
    }

    /// `$setUnion` and `$setIntersection` of any number of arrays; null when any is null or
    /// missing.
    fn union_or_intersection(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        let items = match arg {
            Value::Array(items) => items.as_slice(),
            single => std::slice::from_ref(single),
        };
        let union = op == "$setUnion";
        let mut held = Budget::operands();
        let mut current: Option<Vec<Value>> = None;
        for item in items {
            let array = match self.eval_opt(item, depth)? {
                None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
                Some(Value::Array(a)) => a,
                Some(other) => {
                    return err(
                        if union { 17043 } else { 17047 },
                        format!(
                            "All operands of {op} must be arrays. One argument is of type: {}",
                            other.element_type().alias()
                        ),
                    );
                }
            };
            for v in &array {
                held.add(v)?;
            }
            current = Some(match current {
                None => sorted_set(array),
                Some(mut acc) if union => {
                    acc.extend(array);
                    sorted_set(acc)
                }
                Some(acc) if acc.is_empty() => acc,
                Some(acc) => {
                    // The server walks the smaller of the two sets and keeps its values.
                    let next = sorted_set(array);
                    let (mut small, large) = if acc.len() > next.len() {
                        (next, acc)
                    } else {
                        (acc, next)
                    };
                    small.retain(|v| large.binary_search_by(|s| order::compare(s, v)).is_ok());
                    small
                }
            });
        }
        Ok(Some(Value::Array(current.unwrap_or_default())))
    }
}

/// The values sorted in the server's order, the first of equal ones kept.
fn sorted_set(mut values: Vec<Value>) -> Vec<Value> {
    values.sort_by(order::compare);
    values.dedup_by(|later, earlier| order::compare(later, earlier) == Ordering::Equal);
    values
}

fn nullish(v: &Value) -> bool {
    matches!(v, Value::Null | Value::Undefined)
}

/// An operand that must be an array, refused with `code` and `words` and its type.
fn operand(v: Value, code: i32, words: &str) -> Result<Vec<Value>, ExprError> {
    match v {
        Value::Array(items) => Ok(items),
        other => err(code, format!("{words}{}", other.element_type().alias())),
    }
}
