//! `$convert` and its shorthands (`$toInt`, `$toLong`, `$toDouble`, `$toDecimal`,
//! `$toString`, `$toDate`, `$toObjectId`, `$toBool`): the manual's conversion table, with the
//! server's checks and words (mongodb/mongo `src/mongo/db/exec/expression/evaluate_math.cpp`,
//! `ConversionTable`, read and rewritten). Only a conversion failure (code 241) is replaced
//! by `onError`; a bad `to` is an error whatever `onError` says.

use super::arith::{decimal_to_long, integral};
use super::{ExprError, err, fmt_g};
use crate::bson::decimal128::{Decoded, Rounding};
use crate::bson::num::Number;
use crate::bson::{Decimal128, ElementType, ObjectId, Value, datetime};
use crate::query::server::code;

/// The type a `to` names: a type alias (`"int"`), a type number (`16`), or (8.0) a document
/// `{ type: ... }`. `None` when it is null or missing (the conversion then gives null).
///
/// # Errors
/// "Unknown type name: x" (2), the server's FailedToParse (9) refusals of other values.
pub fn target(to: &Value) -> Result<Option<ElementType>, ExprError> {
    match to {
        Value::Null | Value::Undefined => Ok(None),
        Value::String(name) => match ElementType::from_alias(name) {
            Some(t) => Ok(Some(t)),
            None => err(code::BAD_VALUE, format!("Unknown type name: {name}")),
        },
        Value::Document(d) => match d.get("type") {
            Some(t) => target(t),
            None => err(
                code::FAILED_TO_PARSE,
                "$convert's 'to' argument must be a string or number, but is object",
            ),
        },
        other => {
            let Some(n) = Number::of(other) else {
                return err(
                    code::FAILED_TO_PARSE,
                    format!(
                        "$convert's 'to' argument must be a string or number, but is {}",
                        other.element_type().alias()
                    ),
                );
            };
            if !integral(n) {
                return err(
                    code::FAILED_TO_PARSE,
                    "In $convert, numeric 'to' argument is not an integer",
                );
            }
            let number = match n {
                Number::Int(i) => i64::from(i),
                Number::Long(l) => l,
                Number::Double(d) => d as i64,
                Number::Decimal(d) => decimal_to_long(d, Rounding::TowardZero).unwrap_or(0),
            };
            match ElementType::from_number(number) {
                Some(t) => Ok(Some(t)),
                _ => err(
                    code::FAILED_TO_PARSE,
                    format!(
                        "In $convert, numeric value for 'to' does not correspond to a BSON type: {number}"
                    ),
                ),
            }
        }
    }
}

/// 2^63, exactly a double: every long is below it and at or above its negation.
const TWO_63: f64 = 9_223_372_036_854_775_808.0;

fn failure<T>(text: impl Into<String>) -> Result<T, ExprError> {
    err(code::CONVERSION_FAILURE, text)
}

const NO_ON_ERROR: &str = "in $convert with no onError value";

/// Converts a value that is not null to `to`, as the conversion table says.
///
/// # Errors
/// Conversion failures (241) in the server's words.
pub fn convert(input: &Value, to: ElementType) -> Result<Value, ExprError> {
    use ElementType as T;
    let unsupported = || {
        failure(format!(
            "Unsupported conversion from {} to {} {NO_ON_ERROR}",
            input.element_type().alias(),
            to.alias()
        ))
    };
    if to == T::Boolean {
        return Ok(Value::Boolean(match input {
            Value::Boolean(b) => *b,
            Value::Int32(i) => *i != 0,
            Value::Int64(l) => *l != 0,
            Value::Double(d) => *d != 0.0,
            Value::Decimal128(d) => !d.is_zero(),
            // Strings (even empty), dates, documents and every other type are true.
            _ => true,
        }));
    }
    let number = Number::of(input);
    match to {
        T::Double => match input {
            Value::Boolean(b) => Ok(Value::Double(if *b { 1.0 } else { 0.0 })),
            Value::DateTime(ms) => Ok(Value::Double(*ms as f64)),
            Value::String(s) => parse_number(s, to),
            Value::Decimal128(d) => {
                let x = d.to_f64();
                let finite = matches!(d.decode(), Decoded::Finite { .. });
                if finite && (x.is_infinite() || (x == 0.0 && !d.is_zero())) {
                    return failure(format!(
                        "Conversion would overflow target type {NO_ON_ERROR}: {d}"
                    ));
                }
                Ok(Value::Double(x))
            }
            _ => number.map_or_else(unsupported, |n| Ok(Value::Double(n.to_f64()))),
        },
        T::Decimal128 => match input {
            Value::Boolean(b) => Ok(Value::Decimal128(Decimal128::from_i32(i32::from(*b)))),
            Value::DateTime(ms) => Ok(Value::Decimal128(Decimal128::from_i64(*ms))),
            Value::String(s) => parse_number(s, to),
            _ => number.map_or_else(unsupported, |n| Ok(Value::Decimal128(n.to_decimal()))),
        },
        T::Int32 | T::Int64 => {
            let long = match input {
                Value::Boolean(b) => i64::from(*b),
                Value::DateTime(ms) if to == T::Int64 => *ms,
                Value::String(s) => return parse_number(s, to),
                _ => match number {
                    Some(n) => to_integer(n, to)?,
                    None => return unsupported(),
                },
            };
            Ok(if to == T::Int64 {
                Value::Int64(long)
            } else {
                Value::Int32(long as i32)
            })
        }
        T::String => match input {
            Value::String(_) => Ok(input.clone()),
            Value::Boolean(b) => Ok(Value::from(if *b { "true" } else { "false" })),
            Value::Int32(i) => Ok(Value::from(i.to_string())),
            Value::Int64(l) => Ok(Value::from(l.to_string())),
            Value::Double(d) => Ok(Value::from(format_double(*d))),
            Value::Decimal128(d) => Ok(Value::from(d.to_string())),
            Value::ObjectId(o) => Ok(Value::from(o.to_hex())),
            Value::DateTime(ms) => datetime::date_to_string(*ms, "%Y-%m-%dT%H:%M:%S.%LZ", None)
                .map(Value::from)
                .map_err(ExprError::Date),
            _ => unsupported(),
        },
        T::DateTime => match input {
            Value::DateTime(_) => Ok(input.clone()),
            Value::Timestamp(t) => Ok(Value::DateTime(i64::from(t.time) * 1000)),
            Value::ObjectId(o) => Ok(Value::DateTime(o.get_timestamp_ms())),
            Value::String(s) => match datetime::parse_iso_with(s, datetime::NoOffset::Utc) {
                Ok(ms) => Ok(Value::DateTime(ms)),
                Err(_) => failure(format!("Error parsing date string '{s}'")),
            },
            // Not an int: the table has no int-to-date conversion.
            Value::Int64(_) | Value::Double(_) | Value::Decimal128(_) => {
                let n = number.map(|n| to_integer(n, T::Int64));
                match n {
                    Some(ms) => Ok(Value::DateTime(ms?)),
                    None => unsupported(),
                }
            }
            _ => unsupported(),
        },
        T::ObjectId => match input {
            Value::ObjectId(_) => Ok(input.clone()),
            Value::String(s) => parse_object_id(s),
            _ => unsupported(),
        },
        _ if input.element_type() == to && !matches!(to, T::MinKey | T::MaxKey) => {
            // Identity conversions of the other types are not in the table either.
            unsupported()
        }
        _ => unsupported(),
    }
}

/// A number truncated toward zero into an int or a long.
fn to_integer(n: Number, to: ElementType) -> Result<i64, ExprError> {
    let int = to == ElementType::Int32;
    let overflow = |shown: String| {
        failure(format!(
            "Conversion would overflow target type {NO_ON_ERROR}: {shown}"
        ))
    };
    let nan = || {
        failure(format!(
            "Attempt to convert NaN value to integer type {NO_ON_ERROR}"
        ))
    };
    let inf = || {
        failure(format!(
            "Attempt to convert infinity value to integer type {NO_ON_ERROR}"
        ))
    };
    match n {
        Number::Int(i) => Ok(i64::from(i)),
        Number::Long(l) => {
            if int && i32::try_from(l).is_err() {
                // The server's words end at the colon for a long.
                return overflow(String::new());
            }
            Ok(l)
        }
        Number::Double(d) => {
            if d.is_nan() {
                return nan();
            }
            if d.is_infinite() {
                return inf();
            }
            let fits = if int {
                d >= f64::from(i32::MIN) && d <= f64::from(i32::MAX)
            } else {
                (-TWO_63..TWO_63).contains(&d)
            };
            if !fits {
                return overflow(fmt_g(d));
            }
            Ok(d as i64)
        }
        Number::Decimal(d) => match d.decode() {
            Decoded::NaN => nan(),
            Decoded::Infinity { .. } => inf(),
            Decoded::Finite { .. } => {
                let v = decimal_to_long(d, Rounding::TowardZero)
                    .filter(|v| !int || i32::try_from(*v).is_ok());
                match v {
                    Some(v) => Ok(v),
                    None => overflow(d.to_string()),
                }
            }
        },
    }
}

/// A string read as a number of type `to` as the server's `NumberParser` reads it for
/// `$convert` (src/mongo/base/parse_number.cpp, with no whitespace skipped and no trailing
/// text allowed): base 10 for integers, an optional sign, no hexadecimal, and its reasons
/// word for word: `" 42"` and `"4 2"` "Did not consume whole string." as an int, "Leading
/// whitespace" as a double; `""` "No digits" as an int, "Empty string" as a double.
fn parse_number(s: &str, to: ElementType) -> Result<Value, ExprError> {
    if s.starts_with("0x") || s.starts_with("0X") {
        return failure(format!("Illegal hexadecimal input {NO_ON_ERROR}: {s}"));
    }
    let bad = |why: &str| failure(format!("Failed to parse number '{s}' {NO_ON_ERROR}: {why}"));
    match to {
        ElementType::Int32 | ElementType::Int64 => {
            let (negative, digits) = match s.as_bytes().first() {
                Some(b'-') => (true, &s[1..]),
                Some(b'+') => (false, &s[1..]),
                _ => (false, s),
            };
            if digits.is_empty() {
                return bad("No digits");
            }
            if !digits.bytes().all(|b| b.is_ascii_digit()) {
                return bad("Did not consume whole string.");
            }
            let mut magnitude: u64 = 0;
            for d in digits.bytes() {
                magnitude = match magnitude
                    .checked_mul(10)
                    .and_then(|m| m.checked_add(u64::from(d - b'0')))
                {
                    Some(m) => m,
                    None => return bad("Overflow"),
                };
            }
            let max = if to == ElementType::Int32 {
                i32::MAX as u64
            } else {
                i64::MAX as u64
            } + u64::from(negative);
            if magnitude > max {
                return bad("Overflow");
            }
            // In range: the negation of at most `max` fits the type.
            let v = if negative {
                0i64.wrapping_sub_unsigned(magnitude)
            } else {
                magnitude as i64
            };
            Ok(match i32::try_from(v) {
                Ok(v) if to == ElementType::Int32 => Value::Int32(v),
                _ => Value::Int64(v),
            })
        }
        ElementType::Decimal128 => {
            if s.is_empty() {
                return bad("Empty string");
            }
            match Decimal128::parse(s) {
                Ok(d) => Ok(Value::Decimal128(d)),
                Err(_) => bad("Failed to parse string to decimal"),
            }
        }
        _ => match parse_double(s) {
            Ok(d) => Ok(Value::Double(d)),
            Err(why) => bad(why),
        },
    }
}

/// A double read as `strtod` reads it, refused where the server's `NumberParser` refuses
/// it: the reason in the server's words.
fn parse_double(s: &str) -> Result<f64, &'static str> {
    let Some(&first) = s.as_bytes().first() else {
        return Err("Empty string");
    };
    // ctype::isSpace: space, \t, \n, \v, \f, \r.
    if matches!(first, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        return Err("Leading whitespace");
    }
    let consumed = strtod_prefix(s.as_bytes());
    if consumed == 0 {
        return Err("Did not consume any digits");
    }
    if consumed != s.len() {
        return Err("Did not consume whole string.");
    }
    let lower = s.to_ascii_lowercase();
    let body = lower.trim_start_matches(['+', '-']);
    if body.starts_with("nan") {
        return Ok(f64::NAN);
    }
    let d: f64 = s.parse().or_else(|_| {
        // Rust reads "infinity" and "inf", not a sign before "nan"; the rest is a number.
        if body.starts_with("inf") {
            Ok(if s.starts_with('-') {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            })
        } else {
            Err("Did not consume whole string.")
        }
    })?;
    let written_zero = !body.starts_with("inf")
        && body
            .split(['e'])
            .next()
            .is_some_and(|m| m.bytes().all(|b| matches!(b, b'0' | b'.')));
    // strtod's ERANGE: a finite text too large, or one too small for a normal double.
    if (d.is_infinite() && !body.starts_with("inf"))
        || (!written_zero && d.abs() < f64::MIN_POSITIVE)
    {
        return Err("Out of range");
    }
    Ok(d)
}

/// How many bytes at the start of `s` `strtod` reads: a sign, then "inf", "infinity" or
/// "nan" in any case, or digits with an optional point and fraction and an optional
/// exponent (taken only when it has digits). 0 when no number starts there.
fn strtod_prefix(s: &[u8]) -> usize {
    let mut i = usize::from(matches!(s.first(), Some(b'+' | b'-')));
    let rest = &s[i..];
    let starts =
        |word: &[u8]| rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word);
    if starts(b"infinity") {
        return i + 8;
    }
    if starts(b"inf") || starts(b"nan") {
        return i + 3;
    }
    let digits = |from: usize| s[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let whole = digits(i);
    i += whole;
    let mut fraction = 0;
    if s.get(i) == Some(&b'.') {
        fraction = digits(i + 1);
        if whole + fraction > 0 {
            i += 1 + fraction;
        }
    }
    if whole + fraction == 0 {
        return 0;
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(s.get(i + 1), Some(b'+' | b'-')));
        let exp = digits(i + 1 + sign);
        if exp > 0 {
            i += 1 + sign + exp;
        }
    }
    i
}

fn parse_object_id(s: &str) -> Result<Value, ExprError> {
    let why = if s.len() != 24 {
        format!(
            "Invalid string length for parsing to OID, expected 24 but found {}",
            s.len()
        )
    } else {
        match ObjectId::parse_hex(s) {
            Ok(o) => return Ok(Value::ObjectId(o)),
            Err(_) => format!("Invalid character found in hex string: {s}"),
        }
    };
    failure(format!(
        "Failed to parse objectId '{s}' {NO_ON_ERROR}: {why}"
    ))
}

/// A double as the server's `$toString` prints it (`{fmt}`'s shortest form): `-0`, `NaN`,
/// `Infinity`, exponent notation below 1e-4 and from 1e16 (`1e+16`, `1.5e-05`).
pub fn format_double(d: f64) -> String {
    if d.is_nan() {
        return "NaN".into();
    }
    if d.is_infinite() {
        return if d < 0.0 { "-Infinity" } else { "Infinity" }.into();
    }
    if d == 0.0 {
        return if d.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Rust's `{:e}` is the shortest round-trip digits: "1.5e-5".
    let sci = format!("{d:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..16).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    format!("{d}")
}
