//! JavaScript numbers: reading numeric literals the way a JS engine does (every literal is an
//! IEEE double first), writing them back as `Number.prototype.toString` does, and the rule
//! js-bson uses to store a JS number as BSON int32 or double.

use crate::bson::value::Value;

/// How js-bson stores a JavaScript number (`serializeNumber` in js-bson's `serializer.ts`):
/// int32 when the value is a safe integer within the int32 range and is not `-0`, otherwise
/// double. JavaScript has no separate integer type, so `42.0` is the same number as `42` and
/// becomes int32, while `-0`, `42.5`, `2147483648` and `NaN` become doubles.
pub(crate) fn number_value(x: f64) -> Value {
    let negative_zero = x == 0.0 && x.is_sign_negative();
    if !negative_zero
        && x.fract() == 0.0
        && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&x)
    {
        Value::Int32(x as i32)
    } else {
        Value::Double(x)
    }
}

/// A double as JavaScript's `String(x)` writes it: the shortest digits that read back as the
/// same double, in plain notation for exponents -7 < e < 21 and `1e+21` style outside.
/// `-0` is written `0`, as JavaScript does (the shell printer writes `-0` itself).
pub(crate) fn js_to_string(x: f64) -> String {
    if x.is_nan() {
        return "NaN".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let sign = if x < 0.0 { "-" } else { "" };
    // Rust's `{:e}` gives the shortest round-trip digits, as ECMAScript's Number::toString
    // requires; only the layout differs.
    let sci = format!("{:e}", x.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let k = digits.len() as i32;
    let n = exp.parse::<i32>().unwrap_or(0) + 1;
    let body = if k <= n && n <= 21 {
        format!("{digits}{}", "0".repeat((n - k) as usize))
    } else if 0 < n && n <= 21 {
        let (int, frac) = digits.split_at(n as usize);
        format!("{int}.{frac}")
    } else if -6 < n && n <= 0 {
        format!("0.{}{digits}", "0".repeat((-n) as usize))
    } else {
        let (first, rest) = digits.split_at(1);
        let point = if rest.is_empty() { "" } else { "." };
        let e = n - 1;
        let e_sign = if e >= 0 { '+' } else { '-' };
        format!("{first}{point}{rest}e{e_sign}{}", e.abs())
    };
    format!("{sign}{body}")
}

/// Reads unsigned digits in a power-of-two radix (hex, octal, binary literals) to the
/// nearest double, ties to even, as JavaScript does for `0x20000000000001`.
pub(crate) fn radix_to_f64(digits: &str, radix: u32) -> f64 {
    let bits_per_digit = radix.trailing_zeros() as i32;
    let mut acc: u128 = 0;
    let mut extra_digits = 0i32;
    let mut sticky = false;
    for c in digits.chars() {
        let d = c.to_digit(radix).unwrap_or(0);
        if acc >> (128 - bits_per_digit) == 0 {
            acc = (acc << bits_per_digit) | u128::from(d);
        } else {
            // 128 bits are far more than a double's 53: later digits only decide rounding,
            // so remember whether any of them was non-zero.
            extra_digits += 1;
            sticky |= d != 0;
        }
    }
    if sticky {
        acc |= 1;
    }
    // `as f64` rounds a u128 to nearest, ties to even; scaling by a power of two is exact.
    (acc as f64) * 2f64.powi(extra_digits.saturating_mul(bits_per_digit))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integral_numbers_in_int32_range_become_int32() {
        assert_eq!(number_value(42.0), Value::Int32(42));
        assert_eq!(number_value(-2_147_483_648.0), Value::Int32(i32::MIN));
        assert_eq!(
            number_value(2_147_483_648.0),
            Value::Double(2_147_483_648.0)
        );
        assert_eq!(number_value(42.5), Value::Double(42.5));
        assert!(matches!(number_value(-0.0), Value::Double(z) if z == 0.0 && z.is_sign_negative()));
        assert!(matches!(number_value(f64::NAN), Value::Double(z) if z.is_nan()));
        assert_eq!(number_value(f64::INFINITY), Value::Double(f64::INFINITY));
    }

    #[test]
    fn writes_numbers_like_javascript() {
        let cases = [
            (0.1 + 0.2, "0.30000000000000004"),
            (0.9999999999999999, "0.9999999999999999"),
            (9_007_199_254_740_992.0, "9007199254740992"),
            (1e21, "1e+21"),
            (1e20, "100000000000000000000"),
            (123e-20, "1.23e-18"),
            (0.000001, "0.000001"),
            (0.0000001, "1e-7"),
            (-1.5, "-1.5"),
            (42.0, "42"),
            (-0.0, "0"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::NEG_INFINITY, "-Infinity"),
        ];
        for (x, s) in cases {
            assert_eq!(js_to_string(x), s);
        }
    }

    #[test]
    fn radix_literals_round_like_javascript() {
        assert_eq!(radix_to_f64("ff", 16), 255.0);
        assert_eq!(radix_to_f64("20000000000001", 16), 9_007_199_254_740_992.0);
        assert_eq!(radix_to_f64("20000000000003", 16), 9_007_199_254_740_996.0);
        assert_eq!(radix_to_f64("777", 8), 511.0);
        assert_eq!(radix_to_f64("101", 2), 5.0);
        let long = format!("1{}", "0".repeat(40));
        assert_eq!(radix_to_f64(&long, 16), 2f64.powi(160));
        assert_eq!(radix_to_f64(&"f".repeat(300), 16), f64::INFINITY);
    }
}
