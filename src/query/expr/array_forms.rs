//! The array operators whose argument is a form of named parts: `$filter` (`cond` once per
//! element), `$zip`, `$sortArray` and the `n` operators `$firstN`, `$lastN`, `$maxN`,
//! `$minN`, read from the server's parsers and `evaluate_array.cpp`.

use std::cmp::Ordering;

use super::arith::integral;
use super::arrays::{as_i32, value_string};
use super::logic::user_variable_name;
use super::{Budget, Evaluator, ExprError, Scope, err, named_args, truthy};
use crate::bson::num::Number;
use crate::bson::{Document, Value};
use crate::query::{interrupt, order};

/// Whether `op` is one of this file's operators.
pub(super) fn handles(op: &str) -> bool {
    matches!(
        op,
        "$filter" | "$zip" | "$sortArray" | "$firstN" | "$lastN" | "$maxN" | "$minN"
    )
}

impl Evaluator<'_> {
    /// Evaluates one of the operators [`handles`] accepts.
    pub(super) fn array_form(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$filter" => self.filter(arg, depth),
            "$zip" => self.zip(arg, depth),
            "$sortArray" => self.sort_array(arg, depth),
            _ => self.n_elements(op, arg, depth),
        }
    }

    /// `$filter: { input, cond, as?, limit? }`: the elements for which `cond` (with the
    /// element bound to `$$this` or the `as` name) is true, at most `limit` of them.
    fn filter(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(28646, "$filter only supports an object as its argument");
        };
        let [input, name, cond, limit] =
            named_args(spec, ["input", "as", "cond", "limit"], |other| {
                (28647, format!("Unrecognized parameter to $filter: {other}"))
            })?;
        let Some(input) = input else {
            return err(28648, "Missing 'input' parameter to $filter");
        };
        let Some(cond) = cond else {
            return err(28650, "Missing 'cond' parameter to $filter");
        };
        // A non-string `as` reads as the empty name, which the check refuses.
        let name = match name {
            None => "this",
            Some(Value::String(s)) => s.as_str(),
            Some(_) => "",
        };
        user_variable_name(name)?;
        let items = match self.eval_opt(input, depth)? {
            None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return err(
                    28651,
                    format!(
                        "input to $filter must be an array not {}",
                        other.element_type().alias()
                    ),
                );
            }
        };
        let limit = match limit {
            None => None,
            Some(e) => match self.eval_opt(e, depth)? {
                None | Some(Value::Null | Value::Undefined) => None,
                Some(v) => {
                    let n = Number::of(&v).filter(|n| integral(*n));
                    let Some(n) = n else {
                        return err(
                            327_391,
                            format!(
                                "$filter: limit must be represented as a 32-bit integral value: {}",
                                value_string(&v)
                            ),
                        );
                    };
                    let n = as_i32(n);
                    if n < 1 {
                        return err(
                            327_392,
                            format!(
                                "$filter: limit must be greater than 0: {}",
                                value_string(&v)
                            ),
                        );
                    }
                    Some(n as usize)
                }
            },
        };
        let mut out = Vec::new();
        for item in &items {
            if interrupt::requested() || limit.is_some_and(|l| out.len() >= l) {
                break;
            }
            let frame = Scope {
                name,
                value: item,
                parent: self.scope,
            };
            let inner = Evaluator {
                root: self.root,
                scope: Some(&frame),
            };
            if truthy(inner.eval_opt(cond, depth + 1)?.as_ref()) {
                out.push(item.clone());
            }
        }
        Ok(Some(Value::Array(out)))
    }

    /// `$zip: { inputs, useLongestLength?, defaults? }`: the arrays transposed.
    fn zip(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                34460,
                format!(
                    "$zip only supports an object as an argument, found {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut inputs, mut defaults, mut longest): (&[Value], &[Value], bool) = (&[], &[], false);
        for (k, v) in spec.iter() {
            match (k, v) {
                ("inputs", Value::Array(list)) => inputs = list,
                ("inputs", other) => {
                    return err(
                        34461,
                        format!(
                            "inputs must be an array of expressions, found {}",
                            other.element_type().alias()
                        ),
                    );
                }
                ("defaults", Value::Array(list)) => defaults = list,
                ("defaults", other) => {
                    return err(
                        34462,
                        format!(
                            "defaults must be an array of expressions, found {}",
                            other.element_type().alias()
                        ),
                    );
                }
                ("useLongestLength", Value::Boolean(b)) => longest = *b,
                // The server names the type of the whole `$zip` argument here, always
                // "object"; the message is kept as it writes it.
                ("useLongestLength", _) => {
                    return err(34463, "useLongestLength must be a bool, found object");
                }
                (other, _) => {
                    return err(34464, format!("$zip found an unknown argument: {other}"));
                }
            }
        }
        if inputs.is_empty() {
            return err(34465, "$zip requires at least one input array");
        }
        if !longest && !defaults.is_empty() {
            return err(
                34466,
                "cannot specify defaults unless useLongestLength is true",
            );
        }
        if !defaults.is_empty() && defaults.len() != inputs.len() {
            return err(34467, "defaults and inputs must have the same length");
        }
        let mut held = Budget::operands();
        let mut arrays = Vec::with_capacity(inputs.len());
        for e in inputs {
            match self.eval_opt(e, depth)? {
                None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
                Some(Value::Array(a)) => {
                    for v in &a {
                        held.add(v)?;
                    }
                    arrays.push(a);
                }
                Some(other) => {
                    return err(
                        34468,
                        format!(
                            "$zip found a non-array expression in input: {}",
                            value_string(&other)
                        ),
                    );
                }
            }
        }
        let shortest = arrays.iter().map(Vec::len).min().unwrap_or(0);
        let longest_len = arrays.iter().map(Vec::len).max().unwrap_or(0);
        let mut fill = vec![Value::Null; arrays.len()];
        // The defaults are evaluated only when some array is shorter than another.
        if shortest != longest_len {
            for (slot, e) in fill.iter_mut().zip(defaults) {
                *slot = self.eval(e, depth)?;
            }
        }
        let rows = if longest { longest_len } else { shortest };
        let mut built = Budget::building();
        let mut out = Vec::with_capacity(rows);
        for row in 0..rows {
            if interrupt::requested() {
                break;
            }
            let mut tuple = Vec::with_capacity(arrays.len());
            for (array, default) in arrays.iter().zip(&fill) {
                let v = array.get(row).unwrap_or(default);
                built.add(v)?;
                tuple.push(v.clone());
            }
            out.push(Value::Array(tuple));
        }
        Ok(Some(Value::Array(out)))
    }

    /// `$sortArray: { input, sortBy }`: `sortBy` is 1 or -1 (whole values in the server's
    /// order) or a sort pattern of fields (documents by those fields).
    fn sort_array(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                2_942_500,
                format!(
                    "$sortArray requires an object as an argument, found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let [input, sort_by] = named_args(spec, ["input", "sortBy"], |other| {
            (
                2_942_501,
                format!("$sortArray found an unknown argument: {other}"),
            )
        })?;
        let Some(input) = input else {
            return err(2_942_502, "$sortArray requires 'input' to be specified");
        };
        let Some(sort_by) = sort_by else {
            return err(2_942_503, "$sortArray requires 'sortBy' to be specified");
        };
        let pattern = SortBy::parse(sort_by)?;
        let mut items = match self.eval_opt(input, depth)? {
            None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return err(
                    2_942_504,
                    format!(
                        "The input argument to $sortArray must be an array, but was of type: {}",
                        other.element_type().alias()
                    ),
                );
            }
        };
        // Stable sorts: elements the order holds equal (1 and 1.0) keep their places.
        match &pattern {
            SortBy::Whole(up) => items.sort_by(|a, b| directed(order::compare(a, b), *up)),
            SortBy::Fields(fields) => {
                // Each element's keys are read once, not at every comparison.
                let mut keyed: Vec<(Vec<Value>, Value)> = items
                    .into_iter()
                    .map(|v| {
                        let keys = fields.iter().map(|(p, up)| sort_key(&v, p, *up)).collect();
                        (keys, v)
                    })
                    .collect();
                keyed.sort_by(|(ka, _), (kb, _)| {
                    ka.iter()
                        .zip(kb)
                        .zip(fields)
                        .map(|((a, b), (_, up))| directed(order::compare(a, b), *up))
                        .find(|o| o.is_ne())
                        .unwrap_or(Ordering::Equal)
                });
                items = keyed.into_iter().map(|(_, v)| v).collect();
            }
        }
        Ok(Some(Value::Array(items)))
    }

    /// `$firstN`, `$lastN`, `$maxN`, `$minN` on an array: `{ n, input }`.
    fn n_elements(&self, op: &str, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                5_787_900,
                format!(
                    "specification must be an object; found {op}: {}",
                    value_string(arg)
                ),
            );
        };
        let (mut n, mut input) = (None, None);
        for (k, v) in spec.iter() {
            match k {
                "n" => n = Some(v),
                "input" => input = Some(v),
                other => {
                    return err(
                        5_787_901,
                        format!("Unknown argument for 'n' operator: {other}"),
                    );
                }
            }
        }
        let Some(n) = n else {
            return err(5_787_906, "Missing value for 'n'");
        };
        let Some(input) = input else {
            return err(5_787_907, "Missing value for 'input'");
        };
        let n = self.eval(n, depth)?;
        let count = valid_n(&n)?;
        let items = match self.eval_opt(input, depth)? {
            Some(Value::Array(items)) => items,
            _ => return err(5_788_200, "Input must be an array"),
        };
        let take = usize::try_from(count).unwrap_or(usize::MAX);
        let out = match op {
            "$firstN" => items.into_iter().take(take).collect(),
            "$lastN" => {
                let skip = items.len().saturating_sub(take);
                items.into_iter().skip(skip).collect()
            }
            _ => {
                // Null and undefined are left out; the rest in the server's order, largest
                // first for `$maxN`.
                let mut kept: Vec<Value> = items
                    .into_iter()
                    .filter(|v| !matches!(v, Value::Null | Value::Undefined))
                    .collect();
                if op == "$maxN" {
                    kept.sort_by(|a, b| order::compare(b, a));
                } else {
                    kept.sort_by(order::compare);
                }
                kept.truncate(take);
                kept
            }
        };
        Ok(Some(Value::Array(out)))
    }
}

/// `n` of the `n` operators: a whole number above 0 (`AccumulatorN::validateN`).
fn valid_n(n: &Value) -> Result<i64, ExprError> {
    let shown = || value_string(n);
    let Some(num) = Number::of(n) else {
        return err(
            5_787_902,
            format!(
                "Value for 'n' must be of integral type, but found {}",
                shown()
            ),
        );
    };
    let whole = match num {
        Number::Int(i) => Some(i64::from(i)),
        Number::Long(l) => Some(l),
        Number::Double(d) => (d.trunc() == d && d.abs() < 9.2e18).then_some(d as i64),
        Number::Decimal(d) => d.to_i64().filter(|l| num.to_f64() == *l as f64),
    };
    let Some(whole) = whole else {
        return err(
            5_787_903,
            format!(
                "Value for 'n' must be of integral type, but found {}",
                shown()
            ),
        );
    };
    if whole <= 0 {
        return err(
            5_787_908,
            format!("'n' must be greater than 0, found {whole}"),
        );
    }
    Ok(whole)
}

/// How `$sortArray` orders: whole values, or documents by a pattern of fields.
enum SortBy {
    Whole(bool),
    Fields(Vec<(String, bool)>),
}

impl SortBy {
    fn parse(v: &Value) -> Result<SortBy, ExprError> {
        let direction = |v: &Value| -> Option<bool> {
            let d = Number::of(v)?.to_f64();
            (d == 1.0 || d == -1.0).then_some(d > 0.0)
        };
        match v {
            Value::Document(d) => {
                if d.is_empty() {
                    return err(15976, "$sort stage must have at least one sort key");
                }
                let mut fields = Vec::with_capacity(d.len());
                for (k, v) in d.iter() {
                    let Some(up) = direction(v) else {
                        return err(
                            15975,
                            "$sort key ordering must be 1 (for ascending) or -1 (for descending)",
                        );
                    };
                    fields.push((k.to_owned(), up));
                }
                Ok(SortBy::Fields(fields))
            }
            other => match direction(other) {
                Some(up) => Ok(SortBy::Whole(up)),
                None => err(2_942_506, "The $sort element value must be either 1 or -1"),
            },
        }
    }
}

/// `o` for an ascending key, reversed for a descending one.
fn directed(o: Ordering, up: bool) -> Ordering {
    if up { o } else { o.reverse() }
}

/// The value a sort pattern's dotted `path` gives `v`: through arrays, the least element
/// for an ascending key, the greatest for a descending one; an element that is not a
/// document, or lacks the field, sorts as null there.
fn sort_key(v: &Value, path: &str, up: bool) -> Value {
    let mut found = Vec::new();
    if let Value::Document(d) = v {
        collect_path(d, &path.split('.').collect::<Vec<_>>(), &mut found);
    }
    let pick = if up {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    let mut best: Option<Value> = None;
    for v in found {
        if best.as_ref().is_none_or(|b| order::compare(&v, b) == pick) {
            best = Some(v);
        }
    }
    best.unwrap_or(Value::Null)
}

/// Every value at `parts` below `d`, an array's elements counted one by one.
fn collect_path(d: &Document, parts: &[&str], out: &mut Vec<Value>) {
    let Some((first, rest)) = parts.split_first() else {
        return;
    };
    let Some(v) = d.get(first) else {
        return;
    };
    collect_value(v, rest, out);
}

fn collect_value(v: &Value, rest: &[&str], out: &mut Vec<Value>) {
    match (v, rest.is_empty()) {
        (Value::Array(items), true) if !items.is_empty() => out.extend(items.iter().cloned()),
        (_, true) => out.push(v.clone()),
        (Value::Document(inner), false) => collect_path(inner, rest, out),
        (Value::Array(items), false) => {
            for item in items {
                if let Value::Document(inner) = item {
                    collect_path(inner, rest, out);
                }
            }
        }
        _ => {}
    }
}
