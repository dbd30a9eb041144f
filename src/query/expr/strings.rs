//! String operators lessons use around ObjectIds and text: `$toUpper`, `$toLower`,
//! `$substrBytes`, `$substrCP`, `$indexOfBytes`, `$split` (mongodb/mongo
//! `src/mongo/db/exec/expression/evaluate_string.cpp` for the rules and words).

use super::arith::{integral, nullish};
use super::{ExprError, err};
use crate::bson::Value;
use crate::bson::num::Number;

/// The string `$toUpper`/`$toLower`/`$substr*` read: null is the empty string, numbers their
/// digits.
fn coerce_to_string(v: &Value) -> Result<String, ExprError> {
    Ok(match v {
        Value::String(s) | Value::Symbol(s) => s.to_string(),
        Value::Null | Value::Undefined => String::new(),
        Value::Int32(i) => i.to_string(),
        Value::Int64(l) => l.to_string(),
        Value::Double(d) => super::convert::format_double(*d),
        Value::Decimal128(d) => d.to_string(),
        other => {
            return err(
                16007,
                format!(
                    "can't convert from BSON type {} to String",
                    other.element_type().alias()
                ),
            );
        }
    })
}

/// `$toUpper` / `$toLower`: ASCII letters only, as the server maps bytes.
pub fn change_case(upper: bool, v: &Value) -> Result<Value, ExprError> {
    let s = coerce_to_string(v)?;
    Ok(Value::from(if upper {
        s.to_ascii_uppercase()
    } else {
        s.to_ascii_lowercase()
    }))
}

fn as_i64(n: Number) -> i64 {
    match n {
        Number::Int(i) => i64::from(i),
        Number::Long(l) => l,
        Number::Double(d) => d as i64,
        Number::Decimal(d) => d.to_i64().unwrap_or(0),
    }
}

/// `$substrBytes: [string, start, length]`: byte offsets that must not cut a UTF-8
/// character; a negative length means "to the end".
pub fn substr_bytes(s: &Value, start: &Value, len: &Value) -> Result<Value, ExprError> {
    let s = coerce_to_string(s)?;
    let Some(start) = Number::of(start) else {
        return err(
            16034,
            format!(
                "$substrBytes: starting index must be a numeric type (is BSON type {})",
                start.element_type().alias()
            ),
        );
    };
    let Some(len) = Number::of(len) else {
        return err(
            16035,
            format!(
                "$substrBytes: length must be a numeric type (is BSON type {})",
                len.element_type().alias()
            ),
        );
    };
    let bytes = s.as_bytes();
    let lower = usize::try_from(as_i64(start)).unwrap_or(usize::MAX);
    if lower >= bytes.len() {
        return Ok(Value::from(""));
    }
    let len = as_i64(len);
    let upper = if len < 0 {
        bytes.len()
    } else {
        lower.saturating_add(len as usize).min(bytes.len())
    };
    let continuation = |i: usize| bytes.get(i).is_some_and(|b| b & 0xc0 == 0x80);
    if continuation(lower) {
        return err(
            28656,
            "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.",
        );
    }
    if continuation(upper) {
        return err(
            28657,
            "$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.",
        );
    }
    Ok(Value::from(&s[lower..upper]))
}

/// `$substrCP: [string, index, count]`: in code points.
pub fn substr_cp(s: &Value, start: &Value, len: &Value) -> Result<Value, ExprError> {
    let s = coerce_to_string(s)?;
    let Some(start_n) = Number::of(start) else {
        return err(
            34450,
            format!(
                "$substrCP: starting index must be a numeric type (is BSON type {})",
                start.element_type().alias()
            ),
        );
    };
    if !integral(start_n) {
        return err(
            34451,
            "$substrCP: starting index cannot be represented as a 32-bit integral value",
        );
    }
    let Some(len_n) = Number::of(len) else {
        return err(
            34452,
            format!(
                "$substrCP: length must be a numeric type (is BSON type {})",
                len.element_type().alias()
            ),
        );
    };
    if !integral(len_n) {
        return err(
            34453,
            "$substrCP: length cannot be represented as a 32-bit integral value",
        );
    }
    let (start, len) = (as_i64(start_n), as_i64(len_n));
    if start < 0 {
        return err(
            34455,
            "$substrCP: the starting index must be nonnegative integer.",
        );
    }
    if len < 0 {
        return err(34454, "$substrCP: length must be a nonnegative integer.");
    }
    Ok(Value::from(
        s.chars()
            .skip(start as usize)
            .take(len as usize)
            .collect::<String>(),
    ))
}

/// `$indexOfBytes: [string, substring, start?, end?]`: the byte offset of the first match in
/// `[start, end)`, or -1.
pub fn index_of_bytes(args: &[Value]) -> Result<Value, ExprError> {
    let (s, sub) = (&args[0], &args[1]);
    if nullish(s) {
        return Ok(Value::Null);
    }
    let Value::String(s) = s else {
        return err(
            40091,
            format!(
                "$indexOfBytes requires a string as the first argument, found: {}",
                s.element_type().alias()
            ),
        );
    };
    let Value::String(sub) = sub else {
        return err(
            40092,
            format!(
                "$indexOfBytes requires a string as the second argument, found: {}",
                sub.element_type().alias()
            ),
        );
    };
    let mut bounds = [0usize, s.len()];
    for (i, v) in args[2..].iter().enumerate() {
        let which = if i == 0 { "starting" } else { "ending" };
        let n = Number::of(v).filter(|n| integral(*n));
        let Some(n) = n else {
            return err(
                40096,
                format!(
                    "$indexOfBytes requires an integral {which} index, found a value of type: {}, with value: {}",
                    v.element_type().alias(),
                    crate::bson::shell::print_value(v)
                ),
            );
        };
        let n = as_i64(n);
        if n < 0 {
            return err(
                40097,
                format!("$indexOfBytes requires a nonnegative {which} index, found: {n}"),
            );
        }
        bounds[i] = (n as usize).min(s.len());
    }
    let [start, end] = bounds;
    if start > end {
        return Ok(Value::Int32(-1));
    }
    let found = s.as_bytes()[start..end]
        .windows(sub.len().max(1))
        .position(|w| w == sub.as_bytes())
        .filter(|_| !sub.is_empty())
        .map(|p| p + start)
        .or((sub.is_empty()).then_some(start));
    Ok(Value::Int32(found.map_or(-1, |p| p as i32)))
}

/// `$split: [string, delimiter]`.
pub fn split(s: &Value, delimiter: &Value) -> Result<Value, ExprError> {
    if nullish(s) {
        return Ok(Value::Null);
    }
    let Value::String(s) = s else {
        return err(
            40085,
            format!(
                "$split requires an expression that evaluates to a string as a first argument, found: {}",
                s.element_type().alias()
            ),
        );
    };
    let Value::String(d) = delimiter else {
        return err(
            40086,
            format!(
                "$split requires an expression that evaluates to a string as a second argument, found: {}",
                delimiter.element_type().alias()
            ),
        );
    };
    if d.is_empty() {
        return err(40087, "$split requires a non-empty separator");
    }
    Ok(Value::Array(s.split(d.as_str()).map(Value::from).collect()))
}
