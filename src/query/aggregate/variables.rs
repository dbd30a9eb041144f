//! Variables inside a `$match`: a `$lookup` sub-pipeline's `$match` reads the outer
//! document through `let` variables, in `$expr` (`{ $expr: { $eq: ["$sku", "$$item"] } }`).
//!
//! The matcher evaluates `$expr` without variables, so before a `$match` runs with variables
//! in scope, each `$$name` (or `$$name.path`) inside its `$expr`s is replaced by the value it
//! stands for, as a `$literal` (or `$$REMOVE` when it is missing). The filter is the same
//! filter with the variables' values written in; names that a `$map`, `$filter` or `$reduce`
//! binds inside the expression are left alone there.

use crate::bson::{Document, Value};
use crate::query::expr;

/// Names the server sets itself, never substituted.
const SYSTEM: [&str; 3] = ["ROOT", "CURRENT", "REMOVE"];

/// `filter` with the variables of `vars` written into its `$expr`s; `None` when it has no
/// `$expr` that uses one (the filter can then run as parsed).
pub fn bind(filter: &Document, vars: &[(&str, Value)]) -> Option<Document> {
    let mut changed = false;
    let out = bind_filter(filter, vars, &mut changed);
    changed.then_some(out)
}

fn bind_filter(filter: &Document, vars: &[(&str, Value)], changed: &mut bool) -> Document {
    filter
        .iter()
        .map(|(k, v)| {
            let v = match (k, v) {
                ("$expr", e) => bind_expr(e, vars, &[], changed),
                ("$and" | "$or" | "$nor", Value::Array(clauses)) => Value::Array(
                    clauses
                        .iter()
                        .map(|c| match c {
                            Value::Document(d) => Value::Document(bind_filter(d, vars, changed)),
                            other => other.clone(),
                        })
                        .collect(),
                ),
                (_, other) => other.clone(),
            };
            (k, v)
        })
        .collect()
}

/// The variable a `$$name...` string names, if it is one in scope and not bound inside.
fn variable<'s>(s: &'s str, vars: &[(&str, Value)], bound: &[String]) -> Option<&'s str> {
    let rest = s.strip_prefix("$$")?;
    let name = rest.split('.').next().unwrap_or(rest);
    let known = vars.iter().any(|(n, _)| *n == name);
    (known && !SYSTEM.contains(&name) && !bound.iter().any(|b| b == name)).then_some(name)
}

fn literal(v: Value) -> Value {
    let mut d = Document::new();
    d.push("$literal", v);
    Value::Document(d)
}

fn bind_expr(e: &Value, vars: &[(&str, Value)], bound: &[String], changed: &mut bool) -> Value {
    match e {
        Value::String(s) if variable(s, vars, bound).is_some() => {
            *changed = true;
            match expr::evaluate_in(e, None, vars) {
                Ok(Some(v)) => literal(v),
                // Missing, or an error the unbound expression would give too.
                _ => Value::from("$$REMOVE"),
            }
        }
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|i| bind_expr(i, vars, bound, changed))
                .collect(),
        ),
        Value::Document(d) if d.keys().next() == Some("$literal") => e.clone(),
        Value::Document(d) => {
            let mut inner = bound.to_vec();
            for (op, arg) in d.iter() {
                if let ("$map" | "$filter", Value::Document(spec)) = (op, arg) {
                    inner.push(
                        spec.get("as")
                            .and_then(Value::as_str)
                            .unwrap_or("this")
                            .to_owned(),
                    );
                }
                if op == "$reduce" {
                    inner.extend(["this".to_owned(), "value".to_owned()]);
                }
            }
            Value::Document(
                d.iter()
                    .map(|(k, v)| (k, bind_expr(v, vars, &inner, changed)))
                    .collect(),
            )
        }
        other => other.clone(),
    }
}
