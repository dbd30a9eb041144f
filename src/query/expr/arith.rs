//! Arithmetic operators with the server's numeric rules (mongodb/mongo
//! `src/mongo/db/exec/expression/evaluate_math.cpp`, read and rewritten): the type of each
//! result, int32 results that overflow becoming longs, longs that overflow becoming doubles,
//! decimals computed in decimal, null (or missing) in, null out.

use super::{ExprError, err, fmt_g};
use crate::bson::decimal128::Rounding;
use crate::bson::num::{self, Number};
use crate::bson::{Decimal128, Value};
use crate::query::server::code;

/// 2^63, exactly a double: every long is below it and at or above its negation.
const TWO_63: f64 = 9_223_372_036_854_775_808.0;

/// `null` and `undefined` (missing arrives here as null).
pub(super) fn nullish(v: &Value) -> bool {
    matches!(v, Value::Null | Value::Undefined)
}

/// An int result, or a long when it does not fit 32 bits (`Value::createIntOrLong`).
fn int_or_long(n: i64) -> Value {
    i32::try_from(n).map_or(Value::Int64(n), Value::Int32)
}

fn as_long(n: Number) -> i64 {
    match n {
        Number::Int(v) => i64::from(v),
        Number::Long(v) => v,
        // Only called on integer operands.
        other => other.to_f64() as i64,
    }
}

fn is_decimal(n: Number) -> bool {
    matches!(n, Number::Decimal(_))
}

fn is_double(n: Number) -> bool {
    matches!(n, Number::Double(_))
}

fn is_long(n: Number) -> bool {
    matches!(n, Number::Long(_))
}

/// `$subtract`: left minus right directly in the wider type of the two (no accumulator
/// starting at 0, so `-0.0 - 0.0` is `-0.0` and decimals keep their exponent); a date minus a
/// date is milliseconds (a long), a date minus a number a date.
///
/// # Errors
/// "can't $subtract string from int" (14), "date overflow" (15).
pub fn subtract(a: &Value, b: &Value) -> Result<Value, ExprError> {
    if let (Some(x), Some(y)) = (Number::of(a), Number::of(b)) {
        return Ok(if is_decimal(x) || is_decimal(y) {
            Value::Decimal128(x.to_decimal().sub(y.to_decimal()))
        } else if is_double(x) || is_double(y) {
            Value::Double(x.to_f64() - y.to_f64())
        } else if is_long(x) || is_long(y) {
            match as_long(x).checked_sub(as_long(y)) {
                Some(r) => Value::Int64(r),
                // A long that overflows carries on in double.
                None => Value::Double(x.to_f64() - y.to_f64()),
            }
        } else {
            int_or_long(as_long(x) - as_long(y))
        });
    }
    if nullish(a) || nullish(b) {
        return Ok(Value::Null);
    }
    let overflow = || err(code::OVERFLOW, "date overflow");
    match (a, b) {
        (Value::DateTime(x), Value::DateTime(y)) => x
            .checked_sub(*y)
            .map(Value::Int64)
            .ok_or(ExprError::Num(num::NumError::DateDifferenceOverflow)),
        (Value::DateTime(ms), n) => {
            let by = match Number::of(n) {
                Some(Number::Int(v)) => Some(i64::from(v)),
                Some(Number::Long(v)) => Some(v),
                // The upper bound is exclusive: 2^63 as a double is past the largest long.
                Some(Number::Double(d)) => {
                    ((-TWO_63..TWO_63).contains(&d)).then(|| d.round() as i64)
                }
                Some(Number::Decimal(d)) => decimal_to_long(d, Rounding::HalfEven),
                None => {
                    return err(
                        code::TYPE_MISMATCH,
                        format!("can't $subtract {} from Date", b.element_type().alias()),
                    );
                }
            };
            match by.and_then(|by| ms.checked_sub(by)) {
                Some(r) => Ok(Value::DateTime(r)),
                None => overflow(),
            }
        }
        _ => err(
            code::TYPE_MISMATCH,
            format!(
                "can't $subtract {} from {}",
                b.element_type().alias(),
                a.element_type().alias()
            ),
        ),
    }
}

/// A decimal made an integer with `mode`; `None` for NaN, infinities and values past 64 bits.
pub(super) fn decimal_to_long(d: Decimal128, mode: Rounding) -> Option<i64> {
    d.quantize(0, mode).to_i64()
}

/// `$multiply`: the product of doubles is kept beside the exact integer product from the
/// start, so an integer product that overflows (or meets a non-finite double) answers with
/// the double product of every operand; the first decimal switches to decimal.
///
/// # Errors
/// "$multiply only supports numeric types, not string" (14).
pub fn multiply(operands: &[Value]) -> Result<Value, ExprError> {
    #[derive(PartialEq, PartialOrd, Clone, Copy)]
    enum T {
        Int,
        Long,
        Double,
        Decimal,
    }
    let mut t = T::Int;
    let (mut double, mut long) = (1.0f64, 1i64);
    let mut decimal = Decimal128::from_i32(1);
    for v in operands {
        if nullish(v) {
            return Ok(Value::Null);
        }
        let Some(n) = Number::of(v) else {
            return err(
                code::TYPE_MISMATCH,
                format!(
                    "$multiply only supports numeric types, not {}",
                    v.element_type().alias()
                ),
            );
        };
        let old = t;
        let kind = match n {
            Number::Int(_) => T::Int,
            Number::Long(_) => T::Long,
            Number::Double(_) => T::Double,
            Number::Decimal(_) => T::Decimal,
        };
        if kind > t {
            t = kind;
        }
        if t == T::Decimal {
            if old != T::Decimal {
                decimal = if old == T::Double {
                    Decimal128::from_f64(double)
                } else {
                    Decimal128::from_i64(long)
                };
            }
            decimal = decimal.mul(n.to_decimal());
        } else {
            double *= n.to_f64();
            if t != T::Double {
                match long.checked_mul(as_long(n)) {
                    Some(p) => long = p,
                    None => t = T::Double,
                }
            }
        }
    }
    Ok(match t {
        T::Int => int_or_long(long),
        T::Long => Value::Int64(long),
        T::Double => Value::Double(double),
        T::Decimal => Value::Decimal128(decimal),
    })
}

/// `$divide`: a double, or a decimal when either side is one.
///
/// # Errors
/// "can't $divide by zero" (2), "$divide only supports numeric types, not string and int" (14).
pub fn divide(a: &Value, b: &Value) -> Result<Value, ExprError> {
    match (Number::of(a), Number::of(b)) {
        (Some(x), Some(y)) => {
            if is_decimal(x) || is_decimal(y) {
                let d = y.to_decimal();
                if d.is_zero() {
                    return err(code::BAD_VALUE, "can't $divide by zero");
                }
                return Ok(Value::Decimal128(x.to_decimal().div(d)));
            }
            let d = y.to_f64();
            if d == 0.0 {
                return err(code::BAD_VALUE, "can't $divide by zero");
            }
            Ok(Value::Double(x.to_f64() / d))
        }
        _ if nullish(a) || nullish(b) => Ok(Value::Null),
        _ => err(
            code::TYPE_MISMATCH,
            format!(
                "$divide only supports numeric types, not {} and {}",
                a.element_type().alias(),
                b.element_type().alias()
            ),
        ),
    }
}

/// `$mod`: the remainder of a division truncated toward zero, so its sign follows the
/// dividend; a decimal if either side is one, else a double if either is one, else a long if
/// either is one, else an int.
///
/// # Errors
/// "can't $mod by zero" (16610, or 5733415 for decimals), "$mod only supports numeric types,
/// not string and int" (16611).
pub fn modulo(a: &Value, b: &Value) -> Result<Value, ExprError> {
    let (Some(x), Some(y)) = (Number::of(a), Number::of(b)) else {
        if nullish(a) || nullish(b) {
            return Ok(Value::Null);
        }
        return err(
            16611,
            format!(
                "$mod only supports numeric types, not {} and {}",
                a.element_type().alias(),
                b.element_type().alias()
            ),
        );
    };
    if is_decimal(x) || is_decimal(y) {
        let d = y.to_decimal();
        if d.is_zero() {
            return err(5_733_415, "can't $mod by zero");
        }
        return Ok(Value::Decimal128(x.to_decimal().modulo(d)));
    }
    if y.to_f64() == 0.0 {
        return err(16610, "can't $mod by zero");
    }
    if is_double(x) || is_double(y) {
        // Rust's `%` on doubles is C's fmod.
        return Ok(Value::Double(x.to_f64() % y.to_f64()));
    }
    // `wrapping_rem`: the minimum modulo -1 is 0, not an overflow.
    if is_long(x) || is_long(y) {
        return Ok(Value::Int64(as_long(x).wrapping_rem(as_long(y))));
    }
    Ok(Value::Int32(
        (as_long(x) as i32).wrapping_rem(as_long(y) as i32),
    ))
}

/// The number a one-argument math operator works on, or why not.
fn numeric(op: &str, v: &Value) -> Result<Option<Number>, ExprError> {
    if nullish(v) {
        return Ok(None);
    }
    match Number::of(v) {
        Some(n) => Ok(Some(n)),
        None => err(
            28765,
            format!(
                "{op} only supports numeric types, not {}",
                v.element_type().alias()
            ),
        ),
    }
}

/// The tutor's refusal for the decimal transcendental functions it does not compute.
fn decimal_math(op: &'static str) -> Result<Value, ExprError> {
    Err(ExprError::DecimalMath { op })
}

/// `$abs`, `$ceil`, `$floor`, `$sqrt`, `$exp`, `$ln`, `$log10` on their one argument.
///
/// # Errors
/// A non-numeric argument (28765), `$abs` of the smallest long (28680), `$sqrt` of a negative
/// number (28714), `$ln`/`$log10` of a number that is not positive (28766, 28761).
pub fn unary(op: &'static str, v: &Value) -> Result<Value, ExprError> {
    let Some(n) = numeric(op, v)? else {
        return Ok(Value::Null);
    };
    match (op, n) {
        ("$abs", Number::Double(d)) => Ok(Value::Double(d.abs())),
        ("$abs", Number::Decimal(d)) => Ok(Value::Decimal128(d.abs())),
        ("$abs", Number::Int(i)) => Ok(int_or_long(i64::from(i).abs())),
        ("$abs", Number::Long(l)) => match l.checked_abs() {
            Some(a) => Ok(Value::Int64(a)),
            None => err(28680, "can't take $abs of long long min"),
        },
        ("$ceil", Number::Double(d)) => Ok(Value::Double(d.ceil())),
        ("$ceil", Number::Decimal(d)) => Ok(Value::Decimal128(d.quantize(0, Rounding::Up))),
        ("$floor", Number::Double(d)) => Ok(Value::Double(d.floor())),
        ("$floor", Number::Decimal(d)) => Ok(Value::Decimal128(d.quantize(0, Rounding::Down))),
        ("$ceil" | "$floor", _) => Ok(v.clone()),
        ("$sqrt", Number::Decimal(d)) => {
            if !d.is_nan() && d.is_negative() && !d.is_zero() {
                return err(28714, "$sqrt's argument must be greater than or equal to 0");
            }
            decimal_math(op)
        }
        ("$sqrt", n) => {
            let x = n.to_f64();
            if x < 0.0 {
                return err(28714, "$sqrt's argument must be greater than or equal to 0");
            }
            Ok(Value::Double(x.sqrt()))
        }
        ("$exp", Number::Decimal(_)) => decimal_math(op),
        ("$exp", n) => Ok(Value::Double(n.to_f64().exp())),
        ("$ln" | "$log10", n) => {
            if let Number::Decimal(d) = n
                && is_positive(d)
            {
                return decimal_math(op);
            }
            let x = n.to_f64();
            if !(x > 0.0 || x.is_nan()) {
                let (code, name) = if op == "$ln" {
                    (28766, "$ln")
                } else {
                    (28761, "$log10")
                };
                return err(
                    code,
                    format!(
                        "{name}'s argument must be a positive number, but is {}",
                        fmt_g(x)
                    ),
                );
            }
            Ok(Value::Double(if op == "$ln" { x.ln() } else { x.log10() }))
        }
        _ => decimal_math(op),
    }
}

fn is_positive(d: Decimal128) -> bool {
    !d.is_nan() && !d.is_negative() && !d.is_zero()
}

/// `$log: [number, base]`.
///
/// # Errors
/// 28756/28757 for non-numbers, 28758/28759 for a number or base out of the domain.
pub fn log(a: &Value, base: &Value) -> Result<Value, ExprError> {
    if nullish(a) || nullish(base) {
        return Ok(Value::Null);
    }
    let Some(x) = Number::of(a) else {
        return err(
            28756,
            format!(
                "$log's argument must be numeric, not {}",
                a.element_type().alias()
            ),
        );
    };
    let Some(b) = Number::of(base) else {
        return err(
            28757,
            format!(
                "$log's base must be numeric, not {}",
                base.element_type().alias()
            ),
        );
    };
    if is_decimal(x) || is_decimal(b) {
        let (xd, bd) = (x.to_decimal(), b.to_decimal());
        if is_positive(xd) && is_positive(bd) && bd != Decimal128::from_i32(1) {
            return decimal_math("$log");
        }
    }
    let (x, b) = (x.to_f64(), b.to_f64());
    if !(x > 0.0 || x.is_nan()) {
        return err(
            28758,
            format!(
                "$log's argument must be a positive number, but is {}",
                fmt_g(x)
            ),
        );
    }
    if !((b > 0.0 && b != 1.0) || b.is_nan()) {
        return err(
            28759,
            format!(
                "$log's base must be a positive number not equal to 1, but is {}",
                fmt_g(b)
            ),
        );
    }
    Ok(Value::Double(x.ln() / b.ln()))
}

/// Whether `base` to the power `exp` (0..=63) fits a long.
fn representable_as_long(base: i64, exp: i64) -> bool {
    // Exact integer arithmetic decides: no table needed.
    let mut r: i128 = 1;
    for _ in 0..exp {
        r *= i128::from(base);
        if r > i128::from(i64::MAX) || r < i128::from(i64::MIN) {
            return false;
        }
    }
    true
}

/// `$pow: [base, exponent]`: an int (or a long when it does not fit) for ints, a long for
/// longs, computed exactly while the result fits; a double otherwise.
///
/// # Errors
/// 28762/28763 for non-numbers, "$pow cannot take a base of 0 and a negative exponent" (28764).
pub fn pow(base: &Value, exp: &Value) -> Result<Value, ExprError> {
    if nullish(base) || nullish(exp) {
        return Ok(Value::Null);
    }
    let Some(b) = Number::of(base) else {
        return err(
            28762,
            format!(
                "$pow's base must be numeric, not {}",
                base.element_type().alias()
            ),
        );
    };
    let Some(e) = Number::of(exp) else {
        return err(
            28763,
            format!(
                "$pow's exponent must be numeric, not {}",
                exp.element_type().alias()
            ),
        );
    };
    let zero_neg = || {
        err(
            28764,
            "$pow cannot take a base of 0 and a negative exponent",
        )
    };
    if is_decimal(b) || is_decimal(e) {
        let (bd, ed) = (b.to_decimal(), e.to_decimal());
        if bd.is_zero() && ed.is_negative() {
            return zero_neg();
        }
        return decimal_math("$pow");
    }
    let (bf, ef) = (b.to_f64(), e.to_f64());
    if bf == 0.0 && ef < 0.0 {
        return zero_neg();
    }
    if is_double(b) || is_double(e) {
        return Ok(Value::Double(bf.powf(ef)));
    }
    let format = |r: i64| {
        if is_long(b) || is_long(e) {
            Value::Int64(r)
        } else {
            int_or_long(r)
        }
    };
    let (bl, el) = (as_long(b), as_long(e));
    let as_double = || Value::Double((bl as f64).powf(el as f64));
    Ok(match bl {
        0 => format(i64::from(el == 0)),
        1 => format(1),
        -1 => format(if el % 2 == 0 { 1 } else { -1 }),
        _ if !(0..=63).contains(&el) => as_double(),
        _ if !representable_as_long(bl, el) => as_double(),
        _ => format((0..el).fold(1i64, |r, _| r.wrapping_mul(bl))),
    })
}

/// `$round` (half to even) and `$trunc` (toward zero), with an optional place between -20
/// and 100: doubles go through a 34-digit decimal and back, integers stay integers (a
/// negative place can make an int a long).
///
/// # Errors
/// A non-numeric value (51081), a place that is not an integer (51082) or out of range
/// (51083).
pub fn round_or_trunc(op: &str, v: &Value, place: Option<&Value>) -> Result<Value, ExprError> {
    if nullish(v) {
        return Ok(Value::Null);
    }
    let Some(n) = Number::of(v) else {
        return err(
            51081,
            format!(
                "{op} only supports numeric types, not {}",
                v.element_type().alias()
            ),
        );
    };
    let mut precision: i64 = 0;
    if let Some(p) = place {
        if nullish(p) {
            return Ok(Value::Null);
        }
        let Some(pn) = Number::of(p) else {
            return err(
                16003,
                format!(
                    "can't convert from BSON type {} to long",
                    p.element_type().alias()
                ),
            );
        };
        precision = match pn {
            Number::Int(i) => i64::from(i),
            Number::Long(l) => l,
            Number::Double(d) => d as i64,
            Number::Decimal(d) => decimal_to_long(d, Rounding::TowardZero).unwrap_or(0),
        };
        if !integral(pn) {
            return err(
                51082,
                format!("precision argument to  {op} must be a integral value"),
            );
        }
        if !(-20..=100).contains(&precision) {
            return err(
                51083,
                format!(
                    "cannot apply {op} with precision value {precision} value must be in [-20, 100]"
                ),
            );
        }
    }
    let mode = if op == "$round" {
        Rounding::HalfEven
    } else {
        Rounding::TowardZero
    };
    let exponent = -(precision as i32);
    Ok(match n {
        Number::Decimal(d) => {
            if is_infinite(d) {
                return Ok(v.clone());
            }
            Value::Decimal128(d.quantize(exponent, mode))
        }
        Number::Double(x) => {
            if x.is_infinite() {
                return Ok(v.clone());
            }
            Value::Double(
                Decimal128::from_f64_34_digits(x)
                    .quantize(exponent, mode)
                    .to_f64(),
            )
        }
        Number::Int(_) | Number::Long(_) => {
            if precision >= 0 {
                return Ok(v.clone());
            }
            let l = as_long(n);
            let Some(out) = Decimal128::from_i64(l).quantize(exponent, mode).to_i64() else {
                return err(
                    51080,
                    format!(
                        "invalid conversion from Decimal128 result in {op} resulting from arguments: [{l}, {precision}]"
                    ),
                );
            };
            if is_long(n) || out > i64::from(i32::MAX) {
                Value::Int64(out)
            } else {
                Value::Int32(out as i32)
            }
        }
    })
}

fn is_infinite(d: Decimal128) -> bool {
    matches!(
        d.decode(),
        crate::bson::decimal128::Decoded::Infinity { .. }
    )
}

/// Whether a number is an integer that fits 32 bits (the server's `Value::integral`).
pub(super) fn integral(n: Number) -> bool {
    match n {
        Number::Int(_) => true,
        Number::Long(l) => i32::try_from(l).is_ok(),
        Number::Double(d) => d.trunc() == d && d >= f64::from(i32::MIN) && d <= f64::from(i32::MAX),
        Number::Decimal(d) => d.to_i64().is_some_and(|l| {
            i32::try_from(l).is_ok() && Decimal128::from_i64(l).total_cmp_mongo(&d).is_eq()
        }),
    }
}
