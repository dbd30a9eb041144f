//! The number constructors: `NumberInt`, `NumberLong`, `NumberDecimal`, `Double` and their
//! js-bson spellings. A string argument keeps every digit; a number argument has already
//! been rounded to a double, which mongosh warns about for `NumberLong` and `NumberDecimal`.

use super::super::number::{js_to_string, radix_to_f64};
use super::super::reader::{Call, Js, Parser};
use super::{exactly, number, optional, string, type_error};
use crate::bson::decimal128::Decimal128;
use crate::bson::parse_error::{CallError, ParseError, ParseWarning, Takes};
use crate::bson::value::Value;

/// `-12`, `+7`, `42`, surrounding whitespace allowed: the exact integer, or `None`.
fn integer_text(s: &str) -> Option<i128> {
    let t = s.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || digits.len() > 38 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

pub(super) fn number_int(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let takes = Takes::NumberInt;
    let arg = if call.name == "Int32" {
        Some(&exactly::<1>(p, call, takes)?[0]).cloned()
    } else {
        optional(p, call, takes)?.cloned()
    };
    let Some(arg) = arg else {
        return Ok(Value::Int32(0));
    };
    let out_of_range = |p: &Parser<'_, '_>, value: i128| {
        // js-bson's Int32 does `value | 0`: the low 32 bits, as a signed number.
        let wraps_to = (value.unsigned_abs() < 1 << 53).then_some(value as i32);
        p.error(arg.start, CallError::Int32Range { value, wraps_to })
    };
    if let Some(x) = number(&arg) {
        if !x.is_finite() {
            let e = CallError::NotFinite {
                call: call.name.into(),
                got: js_to_string(x),
            };
            return Err(p.error(arg.start, e));
        }
        let t = x.trunc();
        if t < f64::from(i32::MIN) || t > f64::from(i32::MAX) {
            return Err(out_of_range(p, t as i128));
        }
        if t != x {
            let w = ParseWarning::FractionDropped {
                call: call.name.into(),
                arg: js_to_string(x),
                kept: t.to_string(),
            };
            p.warn(arg.start, w);
        }
        return Ok(Value::Int32(t as i32));
    }
    let (s, _) = string(p, call, &arg).map_err(|_| type_error(p, call, &arg, takes))?;
    let Some(v) = integer_text(s) else {
        let e = CallError::NotInteger {
            call: call.name.into(),
            text: s.into(),
        };
        return Err(p.error(arg.start, e));
    };
    i32::try_from(v)
        .map(Value::Int32)
        .map_err(|_| out_of_range(p, v))
}

pub(super) fn number_long(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let takes = Takes::NumberLong;
    let arg = match call.name {
        "Long.fromString" | "Long.fromNumber" => Some(exactly::<1>(p, call, takes)?[0].clone()),
        _ => optional(p, call, takes)?.cloned(),
    };
    let Some(arg) = arg else {
        return Ok(Value::Int64(0));
    };
    let out_of_range =
        |p: &Parser<'_, '_>, value: i128| p.error(arg.start, CallError::Int64Range { value });
    match &arg.js {
        Js::Number(x) if call.name != "Long.fromString" => {
            if call.name != "Long.fromNumber" {
                let w = ParseWarning::NumberArgument {
                    call: call.name.into(),
                };
                p.warn(arg.start, w);
            }
            // Long.fromNumber: NaN is 0, the fraction is cut, out of range saturates; Rust's
            // `as` does exactly that. The literal already went through a double.
            Ok(Value::Int64(*x as i64))
        }
        Js::BigInt(n) if !call.name.starts_with("Long.") => i64::try_from(*n)
            .map(Value::Int64)
            .map_err(|_| out_of_range(p, *n)),
        Js::Bson(Value::Int32(n)) => Ok(Value::Int64(i64::from(*n))),
        Js::Bson(Value::Int64(n)) => Ok(Value::Int64(*n)),
        Js::String { value, .. } if call.name != "Long.fromNumber" => {
            let Some(v) = integer_text(value) else {
                let e = CallError::NotInteger {
                    call: call.name.into(),
                    text: value.clone(),
                };
                return Err(p.error(arg.start, e));
            };
            i64::try_from(v)
                .map(Value::Int64)
                .map_err(|_| out_of_range(p, v))
        }
        _ => Err(type_error(
            p,
            call,
            &arg,
            if call.name == "Long.fromNumber" {
                Takes::Number
            } else {
                takes
            },
        )),
    }
}

pub(super) fn number_decimal(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let takes = Takes::NumberDecimal;
    let arg = if call.name == "NumberDecimal" {
        optional(p, call, takes)?.cloned()
    } else {
        Some(exactly::<1>(p, call, takes)?[0].clone())
    };
    let Some(arg) = arg else {
        return Ok(Value::Decimal128(
            Decimal128::parse("0").map_err(|e| p.error(call.start, CallError::Decimal(e)))?,
        ));
    };
    let text = match &arg.js {
        Js::Number(x) if call.name == "NumberDecimal" => {
            let w = ParseWarning::NumberArgument {
                call: "NumberDecimal".into(),
            };
            p.warn(arg.start, w);
            // mongosh calls Decimal128.fromString(`${n}`): the double's shortest digits.
            js_to_string(*x)
        }
        Js::Number(_) => {
            let e = CallError::DecimalNumber {
                call: call.name.into(),
            };
            return Err(p.error(arg.start, e));
        }
        Js::Bson(Value::Int32(n)) if call.name == "NumberDecimal" => n.to_string(),
        Js::Bson(Value::Int64(n)) if call.name == "NumberDecimal" => n.to_string(),
        Js::Bson(Value::Decimal128(d)) if call.name == "NumberDecimal" => d.to_string(),
        _ => string(p, call, &arg)
            .map_err(|_| type_error(p, call, &arg, takes))?
            .0
            .to_owned(),
    };
    Decimal128::parse(&text)
        .map(Value::Decimal128)
        .map_err(|e| p.error(arg.start, CallError::Decimal(e)))
}

pub(super) fn double(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let [arg] = exactly::<1>(p, call, Takes::Double)?;
    if let Some(x) = number(&arg) {
        return Ok(Value::Double(x));
    }
    let (s, _) = string(p, call, &arg).map_err(|_| type_error(p, call, &arg, Takes::Number))?;
    match string_to_number(s) {
        Some(x) => Ok(Value::Double(x)),
        None => Err(p.error(arg.start, CallError::DoubleNaN { text: s.into() })),
    }
}

/// JavaScript's `Number(string)`: trimmed, empty is 0, `Infinity`, hex, or a decimal
/// literal without separators.
fn string_to_number(s: &str) -> Option<f64> {
    let t = s.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if t.is_empty() {
        return Some(0.0);
    }
    let (negative, body) = match t.as_bytes()[0] {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    };
    let signed = |x: f64| if negative { -x } else { x };
    if body == "Infinity" {
        return Some(signed(f64::INFINITY));
    }
    if body.contains('_') || body.is_empty() {
        return None;
    }
    let radix = match body.get(..2) {
        Some("0x" | "0X") => Some(16),
        Some("0o" | "0O") => Some(8),
        Some("0b" | "0B") => Some(2),
        _ => None,
    };
    if let Some(radix) = radix {
        let digits = &body[2..];
        if negative
            || t.starts_with('+')
            || digits.is_empty()
            || !digits.chars().all(|c| c.is_digit(radix))
        {
            return None;
        }
        return Some(radix_to_f64(digits, radix));
    }
    let valid = body
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
        && body
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_digit() || b == b'.');
    if !valid {
        return None;
    }
    body.parse::<f64>().ok().map(signed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn string_to_number_follows_javascript() {
        assert_eq!(string_to_number(" 42 "), Some(42.0));
        assert_eq!(string_to_number(""), Some(0.0));
        assert_eq!(string_to_number("-Infinity"), Some(f64::NEG_INFINITY));
        assert_eq!(string_to_number("0x10"), Some(16.0));
        assert_eq!(string_to_number(".5"), Some(0.5));
        assert_eq!(string_to_number("1e3"), Some(1000.0));
        assert_eq!(string_to_number("abc"), None);
        assert_eq!(string_to_number("1_000"), None);
        assert_eq!(string_to_number("-0x10"), None);
        assert_eq!(string_to_number("inf"), None);
    }

    #[test]
    fn integers_are_exact_and_strict() {
        assert_eq!(integer_text(" -42 "), Some(-42));
        assert_eq!(
            integer_text("9223372036854775808"),
            Some(9_223_372_036_854_775_808)
        );
        assert_eq!(integer_text("1.5"), None);
        assert_eq!(integer_text("12abc"), None);
        assert_eq!(integer_text("-"), None);
    }
}
