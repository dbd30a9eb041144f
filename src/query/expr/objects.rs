//! The object operators `$mergeObjects` (the expression form), `$getField`, `$setField` and
//! `$unsetField`, read from the server's `evaluate_object.cpp`, its `$mergeObjects`
//! accumulator and the operators' parsers. `$getField`/`$setField` reach fields whose names
//! a field path cannot spell (`"a.b"`, `"$price"`).

use super::arrays::value_string;
use super::{Budget, Evaluator, ExprError, err, named_args};
use crate::bson::{Document, Value};

/// Whether `op` is one of this family's operators.
pub(super) fn handles(op: &str) -> bool {
    matches!(
        op,
        "$mergeObjects" | "$getField" | "$setField" | "$unsetField"
    )
}

impl Evaluator<'_> {
    /// Evaluates one of the operators [`handles`] accepts.
    pub(super) fn object_family(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$mergeObjects" => self.merge_objects(arg, depth),
            "$getField" => self.get_field(arg, depth),
            _ => self.set_field(op, arg, depth),
        }
    }

    /// `$mergeObjects: [doc, ...]`: the fields of each in turn, a later value replacing an
    /// earlier one in its place; null and missing operands are skipped.
    fn merge_objects(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let items = match arg {
            Value::Array(items) => items.as_slice(),
            single => std::slice::from_ref(single),
        };
        let mut built = Budget::building();
        let mut out = Document::new();
        for item in items {
            match self.eval_opt(item, depth)? {
                None | Some(Value::Null | Value::Undefined) => {}
                Some(Value::Document(d)) => {
                    for (k, v) in d.iter() {
                        built.add(v)?;
                        out.insert(k, v.clone());
                    }
                }
                Some(other) => {
                    return err(
                        40400,
                        format!(
                            "$mergeObjects requires object inputs, but input {} is of type {}",
                            value_string(&other),
                            other.element_type().alias()
                        ),
                    );
                }
            }
        }
        Ok(Some(Value::Document(out)))
    }

    /// `$getField: { field, input }`, or `$getField: field` for the current document: the
    /// field's value, missing when `input` is not a document or lacks the field.
    fn get_field(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let named = matches!(arg, Value::Document(d)
            if d.iter().next().is_some_and(|(k, _)| !k.starts_with('$')));
        let (field, input) = match arg {
            Value::Document(spec) if named => {
                let [field, input] = named_args(spec, ["field", "input"], |other| {
                    (
                        3_041_701,
                        format!("$getField found an unknown argument: {other}"),
                    )
                })?;
                let Some(field) = field else {
                    return err(3_041_702, "$getField requires 'field' to be specified");
                };
                let Some(input) = input else {
                    return err(3_041_703, "$getField requires 'input' to be specified");
                };
                (field, Some(input))
            }
            shorthand => (shorthand, None),
        };
        let name = match field_name("$getField", field, (5_654_600, 5_654_602))? {
            Some(name) => name,
            // An expression: its value must be a string when evaluated.
            None => match self.eval_opt(field, depth)? {
                Some(Value::String(s)) => s.to_string(),
                other => {
                    return err(
                        3_041_704,
                        format!(
                            "$getField requires 'field' to evaluate to type String, but got {}",
                            super::alias_or_missing(other.as_ref())
                        ),
                    );
                }
            },
        };
        let input = match input {
            Some(e) => self.eval_opt(e, depth)?,
            None => self.root.map(|r| Value::Document(r.clone())),
        };
        Ok(match input {
            None => None,
            Some(Value::Null | Value::Undefined) => Some(Value::Null),
            Some(Value::Document(d)) => d.get(&name).cloned(),
            Some(_) => None,
        })
    }

    /// `$setField: { field, input, value }` (a missing value, as `$$REMOVE`, removes the
    /// field) and `$unsetField: { field, input }`.
    fn set_field(&self, op: &str, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                4_161_100,
                format!("{op} only supports an object as its argument"),
            );
        };
        let unset = op == "$unsetField";
        let (mut field, mut input, mut value) = (None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "field" => field = Some(v),
                "input" => input = Some(v),
                "value" if !unset => value = Some(v),
                other => {
                    return err(
                        4_161_101,
                        format!("{op} found an unknown argument: {other}"),
                    );
                }
            }
        }
        let Some(field) = field else {
            return err(4_161_102, format!("{op} requires 'field' to be specified"));
        };
        if !unset && value.is_none() {
            return err(4_161_103, format!("{op} requires 'value' to be specified"));
        }
        let Some(input) = input else {
            return err(4_161_109, format!("{op} requires 'input' to be specified"));
        };
        let Some(name) = field_name(op, field, (4_161_108, 4_161_107))? else {
            return err(
                4_161_106,
                format!(
                    "{op} requires 'field' to evaluate to a constant, but got a non-constant argument"
                ),
            );
        };
        let mut doc = match self.eval_opt(input, depth)? {
            None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::Document(d)) => d,
            Some(_) => {
                return err(
                    4_161_105,
                    format!("{op} requires 'input' to evaluate to type Object"),
                );
            }
        };
        match value {
            Some(e) => match self.eval_opt(e, depth)? {
                Some(v) => {
                    doc.insert(name, v);
                }
                None => {
                    doc.remove(&name);
                }
            },
            None => {
                doc.remove(&name);
            }
        }
        Budget::building().add_bytes(crate::query::limits::measure(&doc).bson)?;
        Ok(Some(Value::Document(doc)))
    }
}

/// The field name of `$getField`/`$setField` when `field` is a constant (a string, or a
/// `$literal`); `None` for an expression (`$getField` evaluates it, as the server does
/// since 7.2; `$setField` refuses it). A `"$..."` string is a field path, refused with
/// the first code; a constant that is not a string with the second.
fn field_name(op: &str, field: &Value, codes: (i32, i32)) -> Result<Option<String>, ExprError> {
    let constant = match field {
        Value::String(s) if s.starts_with('$') => {
            return err(
                codes.0,
                format!(
                    "A field path reference which is not allowed in this context. Did you mean {{$literal: '{s}'}}?"
                ),
            );
        }
        // `{ $literal: ... }` (or its old name `$const`) is a constant; any other object is an expression (an object
        // literal too, before the server's optimizer folds it).
        Value::Document(d) => match d.iter().next() {
            Some(("$literal" | "$const", v)) if d.len() == 1 => v,
            _ => return Ok(None),
        },
        other => other,
    };
    match constant {
        Value::String(s) => Ok(Some(s.to_string())),
        other => err(
            codes.1,
            format!(
                "{op} requires 'field' to evaluate to type String, but got {}",
                other.element_type().alias()
            ),
        ),
    }
}
