//! Conversions between decimal128 and Rust's numbers, as the server performs them.

use super::arith::round_half_even;
use super::wide::{POW10, U256};
use super::{Decimal128, Decoded};

/// The largest 15-digit coefficient.
const MAX_15_DIGITS: u128 = 999_999_999_999_999;

impl Decimal128 {
    /// The integer exactly, with exponent 0.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// assert_eq!(Decimal128::from_i32(-7).to_string(), "-7");
    /// ```
    pub fn from_i32(v: i32) -> Self {
        Self::from_i64(v.into())
    }

    /// The integer exactly, with exponent 0.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// assert_eq!(Decimal128::from_i64(i64::MIN).to_string(), "-9223372036854775808");
    /// ```
    pub fn from_i64(v: i64) -> Self {
        Self::finite(v < 0, v.unsigned_abs().into(), 0)
    }

    /// As the server converts a double to decimal (`$toDecimal`, or `$add` of a double and a
    /// decimal): round to 15 significant digits, the precision a double guarantees, and keep
    /// all 15 (`Decimal128(double)` with the default `kRoundTo15Digits`). So `0.1` becomes
    /// `0.100000000000000`, not the double's exact `0.1000000000000000055511151231257827…`.
    ///
    /// The server first converts the double exactly to 34 digits, then quantizes that to
    /// 15 significant digits, both half-even; this does the same two steps, so a value that
    /// only ties at 15 digits after the first rounding comes out as the server's does.
    /// Zeros keep their sign with exponent 0; infinities and NaN stay what they are.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// assert_eq!(Decimal128::from_f64(0.1).to_string(), "0.100000000000000");
    /// assert_eq!(Decimal128::from_f64(-1.0).to_string(), "-1.00000000000000");
    /// assert_eq!(Decimal128::from_f64(2f64.powi(1000)).to_string(), "1.07150860718627E+301");
    /// assert_eq!(Decimal128::from_f64(-0.0).to_string(), "-0");
    /// ```
    pub fn from_f64(v: f64) -> Self {
        let bits = v.to_bits();
        let negative = v.is_sign_negative();
        if v.is_nan() {
            // The Intel library moves the payload below the quiet bit up into the decimal
            // payload, dropping it when it is not canonical.
            let payload = u128::from(bits & ((1 << 51) - 1)) << 59;
            let payload = if payload < POW10[33] { payload } else { 0 };
            return Self::from_bits((u128::from(negative) << 127) | Self::NAN.to_bits() | payload);
        }
        if v.is_infinite() {
            return Self::infinity(negative);
        }
        if v == 0.0 {
            return Self::finite(negative, 0, 0);
        }
        // Step 1: the nearest 34-digit decimal. Rust's `{:e}` with a precision prints the
        // exactly rounded digits, ties to even, as the Intel library's binary64_to_bid128.
        let Ok(Decoded::Finite {
            coefficient,
            exponent,
            ..
        }) = Self::parse(&format!("{:.33e}", v.abs())).map(|d| d.decode())
        else {
            // Unreachable: the formatted text is always 34 digits and an exponent in range.
            return Self::NAN;
        };
        // Step 2: quantize to 15 digits. The server guesses the decimal exponent of the
        // leading digit from the binary one (floor(log10(2^e)) as e * 30103 / 100000), and
        // tries one higher when the guess leaves 16 digits.
        let biased = ((bits >> 52) & 0x7ff) as i32;
        let base2 = if biased == 0 {
            // Subnormal: the exponent of the mantissa's top bit.
            63 - (bits & ((1 << 52) - 1)).leading_zeros() as i32 - 1074
        } else {
            biased - 1023
        };
        let mut base10 = base2 * 30103 / 100_000;
        if base2 < 0 {
            base10 -= 1;
        }
        let mut quantum = base10 - 14;
        let mut c = quantize(coefficient, exponent, quantum);
        if c > MAX_15_DIGITS {
            quantum += 1;
            c = quantize(coefficient, exponent, quantum);
        }
        Self::finite(negative, c, quantum)
    }

    /// The nearest double, ties to even, as the server's `Decimal128::toDouble`: values past
    /// the double range become ±infinity, values below half the smallest subnormal ±0.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("0.1").to_f64(), 0.1);
    /// assert_eq!(d("1E+400").to_f64(), f64::INFINITY);
    /// assert_eq!(d("-1E-400").to_f64(), -0.0);
    /// ```
    pub fn to_f64(&self) -> f64 {
        let sign = if self.is_negative() { -1.0 } else { 1.0 };
        match self.decode() {
            Decoded::NaN => f64::NAN.copysign(sign),
            Decoded::Infinity { .. } => f64::INFINITY.copysign(sign),
            Decoded::Finite {
                coefficient,
                exponent,
                ..
            } => {
                // Exact operands and one correctly rounded operation when both fit a double.
                if coefficient < 1 << 53 && (-22..=22).contains(&exponent) {
                    let c = coefficient as f64;
                    let scale = POW10[exponent.unsigned_abs() as usize] as f64;
                    let magnitude = if exponent >= 0 { c * scale } else { c / scale };
                    return magnitude.copysign(sign);
                }
                // Otherwise let the standard library's correctly rounded (ties-to-even)
                // decimal parser do it.
                format!("{coefficient}e{exponent}")
                    .parse::<f64>()
                    .map_or(f64::NAN, |m| m.copysign(sign))
            }
        }
    }

    /// As `$toLong` converts a decimal: truncated toward zero (`-2.7` gives `-2`); `None`
    /// for NaN, the infinities, and values whose integer part does not fit an i64.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("-4294967296.7").to_i64(), Some(-4294967296));
    /// assert_eq!(d("9223372036854775808").to_i64(), None);
    /// assert_eq!(d("NaN").to_i64(), None);
    /// ```
    pub fn to_i64(&self) -> Option<i64> {
        let Decoded::Finite {
            negative,
            coefficient,
            exponent,
        } = self.decode()
        else {
            return None;
        };
        let magnitude = if coefficient == 0 {
            0
        } else if exponent >= 0 {
            coefficient.checked_mul(*POW10.get(exponent as usize)?)?
        } else {
            POW10
                .get(exponent.unsigned_abs() as usize)
                .map_or(0, |p| coefficient / p)
        };
        let magnitude = i128::try_from(magnitude).ok()?;
        i64::try_from(if negative { -magnitude } else { magnitude }).ok()
    }

    /// As `$toInt` converts a decimal: truncated toward zero; `None` for NaN, the
    /// infinities, and values whose integer part does not fit an i32.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("2.7").to_i32(), Some(2));
    /// assert_eq!(d("-2147483648.9").to_i32(), Some(i32::MIN));
    /// assert_eq!(d("2147483648").to_i32(), None);
    /// ```
    pub fn to_i32(&self) -> Option<i32> {
        // Truncation first, range second: the same integer either way.
        self.to_i64().and_then(|v| i32::try_from(v).ok())
    }
}

/// `coefficient * 10^exponent` rounded half-even to a multiple of `10^quantum`, as the
/// coefficient of that quantum (IEEE 754 quantize; here it only ever drops digits).
fn quantize(coefficient: u128, exponent: i32, quantum: i32) -> u128 {
    match u32::try_from(quantum - exponent) {
        Ok(0) => coefficient,
        Ok(drop) => round_half_even(U256::from_u128(coefficient), drop, false).low_u128(),
        // A finer quantum only appends zeros (never needed for 15 of 34 digits).
        Err(_) => coefficient * POW10[(exponent - quantum) as usize],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_f64_matches_the_server_unit_tests() {
        // The expectations of the server's decimal128_test.cpp (TestDoubleConstructor*).
        let cases: [(f64, &str); 15] = [
            (0.1 / 10.0, "0.0100000000000000"),
            (0.1 / 10000.0, "0.0000100000000000000"),
            (0.1 / 1e18, "1.00000000000000E-19"),
            (0.01 * 1e18, "1.00000000000000E+16"),
            (0.0127, "0.0127000000000000"),
            (1234567890.12709, "1234567890.12709"),
            (0.1129857 / 1e18, "1.12985700000000E-19"),
            (724.8799725651578, "724.879972565158"),
            (-0.09645061728395, "-0.0964506172839500"),
            (2f64.powi(1000), "1.07150860718627E+301"),
            (1.0, "1.00000000000000"),
            (-1.0, "-1.00000000000000"),
            (-f64::MAX, "-1.79769313486232E+308"),
            (f64::MIN_POSITIVE, "2.22507385850720E-308"),
            (0.9999999999999994, "0.999999999999999"),
        ];
        for (v, want) in cases {
            assert_eq!(Decimal128::from_f64(v).to_string(), want, "{v:e}");
        }
    }

    #[test]
    fn from_f64_edges() {
        assert_eq!(
            Decimal128::from_f64(0.0).to_bits(),
            Decimal128::ZERO.to_bits()
        );
        assert_eq!(
            Decimal128::from_f64(5e-324).to_string(),
            "4.94065645841247E-324"
        );
        assert_eq!(Decimal128::from_f64(f64::INFINITY).to_string(), "Infinity");
        assert_eq!(
            Decimal128::from_f64(f64::NEG_INFINITY).to_string(),
            "-Infinity"
        );
        assert_eq!(
            Decimal128::from_f64(f64::NAN).to_bits(),
            Decimal128::NAN.to_bits()
        );
        assert!(Decimal128::from_f64(-f64::NAN).is_negative());
        // 1 - 2^-53 is 0.99999999999999988898: 15 nines round up to sixteen digits, so the
        // second guess of the exponent applies.
        assert_eq!(
            Decimal128::from_f64(1.0 - f64::EPSILON / 2.0).to_string(),
            "1.00000000000000"
        );
        assert_eq!(
            Decimal128::from_f64(100000.0).to_string(),
            "100000.000000000"
        );
    }

    #[test]
    fn to_integers_truncate_toward_zero() {
        let d = |s| Decimal128::parse(s).unwrap();
        for (s, want) in [
            ("-2.7", -2),
            ("-2.5", -2),
            ("-2.2", -2),
            ("2.2", 2),
            ("2.5", 2),
            ("2.7", 2),
        ] {
            assert_eq!(d(s).to_i32(), Some(want), "{s}");
        }
        assert_eq!(d("-0.9").to_i64(), Some(0));
        assert_eq!(d("0E+6111").to_i64(), Some(0));
        assert_eq!(d("1E-6176").to_i64(), Some(0));
        assert_eq!(d("1E+19").to_i64(), None);
        assert_eq!(d("9.223372036854775807E+18").to_i64(), Some(i64::MAX));
        assert_eq!(d("-9223372036854775808.99").to_i64(), Some(i64::MIN));
        assert_eq!(d("-9223372036854775809").to_i64(), None);
        assert_eq!(d("9999999999999999999999999999999999E+6111").to_i64(), None);
        assert_eq!(d("-Infinity").to_i32(), None);
    }

    #[test]
    fn to_f64_rounds_to_nearest() {
        let d = |s| Decimal128::parse(s).unwrap();
        assert_eq!(d("1.0").to_f64(), 1.0);
        assert!(d("-0").to_f64().is_sign_negative());
        assert_eq!(d("0.1000000000000000055511151231257827").to_f64(), 0.1);
        assert_eq!(d("9007199254740993").to_f64(), 9007199254740992.0); // tie, to even
        assert_eq!(d("9007199254740995").to_f64(), 9007199254740996.0);
        // Half an ulp above f64::MAX is 1.7976931348623158079372897140530341507...E+308.
        assert_eq!(
            d("1.797693134862315807937289714053035E+308").to_f64(),
            f64::INFINITY
        );
        assert_eq!(
            d("1.797693134862315807937289714053034E+308").to_f64(),
            f64::MAX
        );
        assert_eq!(
            d("1.797693134862315708145274237317044E+308").to_f64(),
            f64::MAX
        );
        // Half the smallest subnormal is 2.4703282292062327208828439643411068618...E-324.
        assert_eq!(
            d("2.470328229206232720882843964341107E-324").to_f64(),
            5e-324
        );
        assert_eq!(d("2.470328229206232720882843964341106E-324").to_f64(), 0.0);
        assert!(d("NaN").to_f64().is_nan());
        assert_eq!(d("-Infinity").to_f64(), f64::NEG_INFINITY);
    }
}
