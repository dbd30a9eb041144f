//! Operators whose argument is a form of named parts, evaluated lazily: `$convert` (its
//! `onError` and `onNull` only when needed), `$reduce` (its `in` once per element), and
//! `$range`, which builds an array; `$map` and `$cond`.

use super::arith::{integral, nullish};
use super::{
    Budget, Evaluator, ExprError, Scope, check_variable_name, convert, err, err_uncoded, fmt_g,
    named_args, truthy,
};
use crate::bson::num::Number;
use crate::bson::{ElementType, Value};
use crate::query::interrupt;
use crate::query::server::code;

impl Evaluator<'_> {
    /// `$map: { input, as, in }`: `in` is evaluated once per element with the element bound
    /// to `$$this` (or the name given by `as`); `$field` paths still read the root.
    pub(super) fn map(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(16878, "$map only supports an object as its argument");
        };
        let [input, name, body] = named_args(spec, ["input", "as", "in"], |other| {
            (16879, format!("Unrecognized parameter to $map: {other}"))
        })?;
        let Some(input) = input else {
            return err(16880, "Missing 'input' parameter to $map");
        };
        let Some(body) = body else {
            return err(16882, "Missing 'in' parameter to $map");
        };
        let name = match name {
            None => "this",
            Some(Value::String(s)) => {
                check_variable_name(s)?;
                s.as_str()
            }
            Some(_) => return err_uncoded("$map: 'as' must be a string"),
        };
        let items = match self.eval_opt(input, depth)? {
            None | Some(Value::Null | Value::Undefined) => return Ok(Value::Null),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return err(
                    16883,
                    format!(
                        "input to $map must be an array not {}",
                        other.element_type().alias()
                    ),
                );
            }
        };
        let mut built = Budget::building();
        let mut out = Vec::with_capacity(items.len());
        for item in &items {
            if interrupt::requested() {
                // Any answer will do: the entry point that asked reports the stop.
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
            // A missing result leaves no element behind, as the server serialises arrays.
            if let Some(v) = inner.eval_opt(body, depth + 1)? {
                built.add(&v)?;
                out.push(v);
            }
        }
        Ok(Value::Array(out))
    }

    /// `$cond: [if, then, else]` or `{ if, then, else }`.
    pub(super) fn cond(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let (test, then, otherwise) = match arg {
            Value::Array(items) => match items.as_slice() {
                [a, b, c] => (a, b, c),
                other => {
                    return err(
                        16020,
                        format!(
                            "Expression $cond takes exactly 3 arguments. {} were passed in.",
                            other.len()
                        ),
                    );
                }
            },
            Value::Document(spec) => {
                let (mut test, mut then, mut otherwise) = (None, None, None);
                for (k, v) in spec.iter() {
                    match k {
                        "if" => test = Some(v),
                        "then" => then = Some(v),
                        "else" => otherwise = Some(v),
                        other => {
                            return err(17083, format!("Unrecognized parameter to $cond: {other}"));
                        }
                    }
                }
                match (test, then, otherwise) {
                    (Some(a), Some(b), Some(c)) => (a, b, c),
                    (None, ..) => return err(17080, "Missing 'if' parameter to $cond"),
                    (_, None, _) => return err(17081, "Missing 'then' parameter to $cond"),
                    (.., None) => return err(17082, "Missing 'else' parameter to $cond"),
                }
            }
            _ => {
                return err(
                    16020,
                    "Expression $cond takes exactly 3 arguments. 1 were passed in.",
                );
            }
        };
        let branch = if truthy(self.eval_opt(test, depth)?.as_ref()) {
            then
        } else {
            otherwise
        };
        self.eval_opt(branch, depth)
    }

    /// `$convert: { input, to, onError, onNull }`.
    pub(super) fn convert(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                code::FAILED_TO_PARSE,
                format!(
                    "$convert expects an object of named arguments but found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut input, mut to, mut on_error, mut on_null) = (None, None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "input" => input = Some(v),
                "to" => to = Some(v),
                "onError" => on_error = Some(v),
                "onNull" => on_null = Some(v),
                // Only binData conversions read these; the others ignore them.
                "format" | "byteOrder" => {}
                other => {
                    return err(
                        code::FAILED_TO_PARSE,
                        format!("$convert found an unknown argument: {other}"),
                    );
                }
            }
        }
        let Some(input) = input else {
            return err(
                code::FAILED_TO_PARSE,
                "Missing 'input' parameter to $convert",
            );
        };
        let Some(to) = to else {
            return err(code::FAILED_TO_PARSE, "Missing 'to' parameter to $convert");
        };
        // `to` is checked first: a bad one is an error even when the input is null.
        let target = convert::target(&self.eval(to, depth)?)?;
        let value = self.eval_opt(input, depth)?;
        if value.as_ref().is_none_or(nullish) {
            return match on_null {
                Some(e) => self.eval_opt(e, depth),
                None => Ok(Some(Value::Null)),
            };
        }
        let (Some(target), Some(value)) = (target, value) else {
            return Ok(Some(Value::Null));
        };
        match convert::convert(&value, target) {
            Err(ExprError::Server(e)) if e.code == Some(code::CONVERSION_FAILURE) => match on_error
            {
                Some(handler) => self.eval_opt(handler, depth),
                None => Err(ExprError::Server(e)),
            },
            other => other.map(Some),
        }
    }

    /// `$toInt`, `$toString`, ...: `$convert` with no `onError` or `onNull`.
    pub(super) fn convert_to(
        &self,
        input: Option<Value>,
        to: ElementType,
    ) -> Result<Option<Value>, ExprError> {
        match input {
            None => Ok(Some(Value::Null)),
            Some(v) if nullish(&v) => Ok(Some(Value::Null)),
            Some(v) => convert::convert(&v, to).map(Some),
        }
    }

    /// `$reduce: { input, initialValue, in }`: `in` sees `$$value` (the running result) and
    /// `$$this` (the element).
    pub(super) fn reduce(&self, arg: &Value, depth: usize) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                40075,
                format!(
                    "$reduce requires an object as an argument, found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut input, mut initial, mut body) = (None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "input" => input = Some(v),
                "initialValue" => initial = Some(v),
                "in" => body = Some(v),
                other => {
                    return err(40076, format!("$reduce found an unknown argument: {other}"));
                }
            }
        }
        let Some(input) = input else {
            return err(40077, "$reduce requires 'input' to be specified");
        };
        let Some(initial) = initial else {
            return err(40078, "$reduce requires 'initialValue' to be specified");
        };
        let Some(body) = body else {
            return err(40079, "$reduce requires 'in' to be specified");
        };
        let items = match self.eval_opt(input, depth)? {
            None | Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::Array(items)) => items,
            Some(other) => {
                return err(
                    40080,
                    format!(
                        "$reduce requires that 'input' be an array, found: {}",
                        crate::bson::shell::print_value(&other)
                    ),
                );
            }
        };
        let mut acc = self.eval_opt(initial, depth)?;
        for item in &items {
            if interrupt::requested() {
                break;
            }
            let value = acc.clone().unwrap_or(Value::Null);
            let outer = Scope {
                name: "value",
                value: &value,
                parent: self.scope,
            };
            let inner = Scope {
                name: "this",
                value: item,
                parent: Some(&outer),
            };
            let eval = Evaluator {
                root: self.root,
                scope: Some(&inner),
            };
            acc = eval.eval_opt(body, depth + 1)?;
            if let Some(v) = &acc {
                // The running value is bounded like any value being built.
                Budget::building().add(v)?;
            }
        }
        Ok(acc)
    }

    /// `$range: [start, end, step?]`: ints from `start` toward `end` (excluded).
    pub(super) fn range(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let args = self.args(arg, depth)?;
        if !(2..=3).contains(&args.len()) {
            return err(
                28667,
                format!(
                    "Expression $range takes at least 2 arguments, and at most 3, but {} were passed in.",
                    args.len()
                ),
            );
        }
        let bound = |v: &Value, which: &str, codes: (i32, i32)| -> Result<i64, ExprError> {
            let Some(n) = Number::of(v) else {
                return err(
                    codes.0,
                    format!(
                        "$range requires a numeric {which} value, found value of type: {}",
                        v.element_type().alias()
                    ),
                );
            };
            if !integral(n) {
                let shown = match n {
                    Number::Double(d) => fmt_g(d),
                    _ => crate::bson::shell::print_value(v),
                };
                return err(
                    codes.1,
                    format!(
                        "$range requires a{} {which} value that can be represented as a 32-bit integer, found value: {shown}",
                        if which == "ending" { "n" } else { "" }
                    ),
                );
            }
            Ok(match n {
                Number::Int(i) => i64::from(i),
                Number::Long(l) => l,
                Number::Double(d) => d as i64,
                Number::Decimal(d) => d.to_i64().unwrap_or(0),
            })
        };
        let mut current = bound(&args[0], "starting", (34443, 34444))?;
        let end = bound(&args[1], "ending", (34445, 34446))?;
        let step = match args.get(2) {
            None => 1,
            Some(v) => {
                let Some(n) = Number::of(v) else {
                    return err(
                        34447,
                        format!(
                            "$range requires a numeric step value, found value of type:{}",
                            v.element_type().alias()
                        ),
                    );
                };
                if !integral(n) {
                    return err(
                        34448,
                        format!(
                            "$range requires a step value that can be represented as a 32-bit integer, found value: {}",
                            crate::bson::shell::print_value(v)
                        ),
                    );
                }
                let s = bound(v, "step", (34447, 34448))?;
                if s == 0 {
                    return err(34449, "$range requires a non-zero step value");
                }
                s
            }
        };
        let steps = (end - current) / step;
        let length = if steps >= 0 { 1 + steps } else { 0 };
        // Each int element takes about 12 bytes in a document: refuse before building past
        // what a document can hold.
        let mut built = Budget::building();
        built.add_bytes(
            usize::try_from(length)
                .unwrap_or(usize::MAX)
                .saturating_mul(12),
        )?;
        let mut out = Vec::with_capacity(usize::try_from(length).unwrap_or(0));
        while if step > 0 {
            current < end
        } else {
            current > end
        } {
            out.push(Value::Int32(current as i32));
            current += step;
        }
        Ok(Value::Array(out))
    }
}
