//! `$arrayElemAt`.

use super::{ExprError, err};
use crate::bson::Value;
use crate::bson::num::Number;

/// `$arrayElemAt`: negative positions count from the end; past either end is missing.
pub(super) fn array_elem_at(array: &Value, index: &Value) -> Result<Option<Value>, ExprError> {
    if matches!(array, Value::Null | Value::Undefined)
        || matches!(index, Value::Null | Value::Undefined)
    {
        return Ok(Some(Value::Null));
    }
    let Value::Array(items) = array else {
        return err(
            28689,
            format!(
                "$arrayElemAt's first argument must be an array, but is {}",
                array.element_type().alias()
            ),
        );
    };
    let Some(n) = Number::of(index) else {
        return err(
            28690,
            format!(
                "$arrayElemAt's second argument must be a numeric value, but is {}",
                index.element_type().alias()
            ),
        );
    };
    let i = match n {
        Number::Int(i) => Some(i),
        Number::Long(l) => i32::try_from(l).ok(),
        Number::Double(d) => {
            (d.fract() == 0.0 && d.abs() <= f64::from(i32::MAX)).then_some(d as i32)
        }
        Number::Decimal(d) => d.to_i32(),
    };
    let Some(i) = i else {
        return err(
            28691,
            format!(
                "$arrayElemAt's second argument must be representable as a 32-bit integer: {}",
                crate::bson::shell::print_value(index)
            ),
        );
    };
    let len = items.len() as i64;
    let at = if i < 0 {
        len + i64::from(i)
    } else {
        i64::from(i)
    };
    Ok(usize::try_from(at)
        .ok()
        .and_then(|at| items.get(at))
        .cloned())
}
