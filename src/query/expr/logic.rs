//! The boolean and control-flow operators (`$and`, `$or`, `$not`, `$switch`, `$let`) and the
//! type tests `$isNumber`, `$isArray`, read from the server's `ExpressionAnd`, `ExpressionOr`,
//! `ExpressionNot`, `ExpressionSwitch`, `ExpressionLet` and their parsers.
//!
//! Truthiness is the server's `Value::coerceToBool`: false, null, undefined, missing and a
//! zero of any numeric type are false; everything else (an empty string or array too) is true.

use super::{Budget, Evaluator, ExprError, Scope, err, named_args, truthy};
use crate::bson::Value;
use crate::query::server::code;

/// Whether `op` is one of this family's operators.
pub(super) fn handles(op: &str) -> bool {
    matches!(
        op,
        "$and" | "$or" | "$not" | "$switch" | "$let" | "$isNumber" | "$isArray"
    )
}

impl Evaluator<'_> {
    /// Evaluates one of the operators [`handles`] accepts.
    pub(super) fn logic_family(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$and" | "$or" => {
                // Evaluated in order and stopped at the first operand that decides, as the
                // server does: `{ $and: [false, { $divide: [1, 0] }] }` is false, no error.
                let items = match arg {
                    Value::Array(items) => items.as_slice(),
                    single => std::slice::from_ref(single),
                };
                let decides = op == "$or";
                for item in items {
                    if truthy(self.eval_opt(item, depth)?.as_ref()) == decides {
                        return Ok(Some(Value::Boolean(decides)));
                    }
                }
                Ok(Some(Value::Boolean(!decides)))
            }
            "$not" => {
                let v = self.single_opt(op, arg, depth)?;
                Ok(Some(Value::Boolean(!truthy(v.as_ref()))))
            }
            "$isNumber" => {
                let v = self.single_opt(op, arg, depth)?;
                Ok(Some(Value::Boolean(matches!(
                    v,
                    Some(
                        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_)
                    )
                ))))
            }
            "$isArray" => {
                let v = self.single_opt(op, arg, depth)?;
                Ok(Some(Value::Boolean(matches!(v, Some(Value::Array(_))))))
            }
            "$switch" => self.switch(arg, depth),
            _ => self.let_in(arg, depth),
        }
    }

    /// `$switch: { branches: [{ case, then }, ...], default }`: the first branch whose `case`
    /// is true gives the value; then `default`; without one, an error.
    fn switch(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                40060,
                format!(
                    "$switch requires an object as an argument, found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let mut branches: Vec<(&Value, &Value)> = Vec::new();
        let mut default = None;
        // The server checks the fields in the order they are written.
        for (k, v) in spec.iter() {
            match k {
                "branches" => {
                    let Value::Array(list) = v else {
                        return err(
                            40061,
                            format!(
                                "$switch expected an array for 'branches', found: {}",
                                v.element_type().alias()
                            ),
                        );
                    };
                    for branch in list {
                        branches.push(switch_branch(branch)?);
                    }
                }
                "default" => default = Some(v),
                other => {
                    return err(40067, format!("$switch found an unknown argument: {other}"));
                }
            }
        }
        if branches.is_empty() {
            return err(40068, "$switch requires at least one branch.");
        }
        for (case, then) in branches {
            if truthy(self.eval_opt(case, depth)?.as_ref()) {
                return self.eval_opt(then, depth);
            }
        }
        match default {
            Some(d) => self.eval_opt(d, depth),
            // When every case is a constant, the server's optimizer reports this earlier
            // (40069, "Cannot execute a switch statement where all the cases evaluate to
            // false without a default"); an aggregation over documents reports 40066.
            None => err(
                40066,
                "$switch could not find a matching branch for an input, and no default was specified.",
            ),
        }
    }

    /// `$let: { vars: { name: expr, ... }, in: expr }`: every variable is evaluated in the
    /// outer scope first (one cannot see another), then `in` sees them all.
    fn let_in(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(16874, "$let only supports an object as its argument");
        };
        let (mut vars, mut body) = (None, None);
        for (k, v) in spec.iter() {
            match k {
                "vars" => vars = Some(v),
                "in" => body = Some(v),
                other => return err(16875, format!("Unrecognized parameter to $let: {other}")),
            }
        }
        let Some(vars) = vars else {
            return err(16876, "Missing 'vars' parameter to $let");
        };
        let Some(body) = body else {
            return err(16877, "Missing 'in' parameter to $let");
        };
        let Value::Document(vars) = vars else {
            return err(10065, "invalid parameter: expected an object (vars)");
        };
        for name in vars.keys() {
            user_variable_name(name)?;
        }
        // The values held at once are counted: many copies of a large field are refused.
        let mut held = Budget::operands();
        let mut values: Vec<(&str, Value)> = Vec::with_capacity(vars.len());
        for (name, e) in vars.iter() {
            // The server binds a missing value as missing; a binding here holds a value, so
            // it is null (`{ $type: '$$x' }` says "null" where the server says "missing").
            let v = self.eval_opt(e, depth)?.unwrap_or(Value::Null);
            held.add(&v)?;
            values.push((name, v));
        }
        // One frame per variable, each pointing to the one before, held in cells allocated
        // up front: no recursion, however many variables there are.
        let frames: Vec<std::cell::OnceCell<Scope<'_>>> =
            values.iter().map(|_| std::cell::OnceCell::new()).collect();
        let mut parent = self.scope;
        for (cell, (name, value)) in frames.iter().zip(&values) {
            parent = Some(cell.get_or_init(|| Scope {
                name,
                value,
                parent,
            }));
        }
        Evaluator {
            root: self.root,
            scope: parent,
        }
        .eval_opt(body, depth + 1)
    }
}

/// One `{ case, then }` of `$switch`, checked as the server's parser does.
fn switch_branch(branch: &Value) -> Result<(&Value, &Value), ExprError> {
    let Value::Document(b) = branch else {
        return err(
            40062,
            format!(
                "$switch expected each branch to be an object, found: {}",
                branch.element_type().alias()
            ),
        );
    };
    let [case, then] = named_args(b, ["case", "then"], |other| {
        (
            40063,
            format!("$switch found an unknown argument to a branch: {other}"),
        )
    })?;
    let Some(case) = case else {
        return err(
            40064,
            "$switch requires each branch have a 'case' expression",
        );
    };
    let Some(then) = then else {
        return err(
            40065,
            "$switch requires each branch have a 'then' expression.",
        );
    };
    Ok((case, then))
}

/// A name a user may bind (`$let`'s vars, `$filter`'s `as`), as the server's
/// `validateNameForUserWrite` checks it (src/mongo/db/pipeline/variable_validation.cpp, every
/// refusal FailedToParse): not empty; a lowercase ASCII letter or a non-ASCII character
/// first; then ASCII letters, digits, `_` or non-ASCII characters.
/// `CURRENT` is the one system variable a user may rebind: plain field paths then read it.
pub(super) fn user_variable_name(name: &str) -> Result<(), ExprError> {
    if name == "CURRENT" {
        return Ok(());
    }
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return err(
            code::FAILED_TO_PARSE,
            "empty variable names are not allowed",
        );
    };
    if first.is_ascii() && !first.is_ascii_lowercase() {
        return err(
            code::FAILED_TO_PARSE,
            format!("'{name}' starts with an invalid character for a user variable name"),
        );
    }
    if let Some(bad) = chars.find(|c| c.is_ascii() && !(c.is_ascii_alphanumeric() || *c == '_')) {
        return err(
            code::FAILED_TO_PARSE,
            format!("'{name}' contains an invalid character for a variable name: '{bad}'"),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::bson::{Document, Value};
    use crate::query::expr::evaluate;

    #[test]
    fn a_let_with_many_variables_does_not_exhaust_the_stack() {
        let mut vars = Document::new();
        for i in 0..100_000 {
            vars.push(format!("v{i}"), Value::Int32(i));
        }
        let mut spec = Document::new();
        spec.push("vars", vars);
        spec.push("in", "$$v7");
        let mut e = Document::new();
        e.push("$let", spec);
        assert_eq!(evaluate(&Value::Document(e), None), Ok(Value::Int32(7)));
    }
}
