//! Date operators: `$dateToString` (the server's format specifiers and time zones, from
//! `crate::bson::datetime`).

use super::{Evaluator, ExprError, err};
use crate::bson::Value;
use crate::bson::datetime;

impl Evaluator<'_> {
    pub(super) fn date_to_string(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                18629,
                "$dateToString only supports an object as its argument",
            );
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
                other => {
                    return err(
                        18534,
                        format!("Unrecognized argument to $dateToString: {other}"),
                    );
                }
            }
        }
        let ms = match date {
            Some(Value::DateTime(ms)) => ms,
            Some(Value::Null | Value::Undefined) | None if date.is_some() => {
                return Ok(Value::Null);
            }
            None => return err(18628, "Missing 'date' parameter to $dateToString"),
            Some(other) => {
                return err(
                    16006,
                    format!(
                        "can't convert from BSON type {} to Date",
                        other.element_type().alias()
                    ),
                );
            }
        };
        let format = match format {
            Some(Value::String(f)) => Some(f),
            None => None,
            Some(_) => return err(18533, "$dateToString requires that 'format' be a string"),
        };
        let timezone = match timezone {
            Some(Value::String(t)) => Some(t),
            None => None,
            Some(_) => return err(40517, "timezone must evaluate to a string"),
        };
        let format = format
            .as_deref()
            .unwrap_or_else(|| datetime::default_format(timezone.as_deref()));
        datetime::date_to_string(ms, format, timezone.as_deref())
            .map(Value::from)
            .map_err(ExprError::Date)
    }
}
