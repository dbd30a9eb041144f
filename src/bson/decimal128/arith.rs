//! Exact decimal128 arithmetic: add, subtract, multiply and divide as IEEE 754-2008 (and the
//! General Decimal Arithmetic specification's decQuad) define them, in round-half-even.
//!
//! Every operation works the same way: compute the exact result as a coefficient and an
//! exponent (plus a "sticky" note when digits too small to matter were dropped early), then
//! `finish` rounds it to 34 digits once, clamps the exponent and signals overflow as
//! ±Infinity. The exponent an exact result keeps is the "preferred exponent": the smaller
//! operand exponent for a sum (`1.0 + 0` is `1.0`), their sum for a product (`42.00 * 1` is
//! `42.00`) and their difference for a quotient (`2.40 / 2` is `1.20`).

use std::cmp::Ordering;

use super::wide::{POW10, U256, digits_u128};
use super::{Decimal128, Decoded, MAX_COEFFICIENT, MAX_DIGITS, MAX_EXPONENT, MIN_EXPONENT};

/// A finite operand, unpacked.
#[derive(Clone, Copy, Debug)]
struct Parts {
    negative: bool,
    coefficient: u128,
    exponent: i32,
}

/// How far a sum may shift the larger-exponent coefficient left before the smaller operand
/// can only affect rounding (38 digits: the shifted coefficient stays below 10^72).
const ALIGN_LIMIT: i32 = 38;

/// What an operation sees in an operand.
enum Operand {
    NaN,
    Infinity(bool),
    Finite(Parts),
}

impl Decimal128 {
    fn operand(self) -> Operand {
        match self.decode() {
            Decoded::NaN => Operand::NaN,
            Decoded::Infinity { negative } => Operand::Infinity(negative),
            Decoded::Finite {
                negative,
                coefficient,
                exponent,
            } => Operand::Finite(Parts {
                negative,
                coefficient,
                exponent,
            }),
        }
    }

    /// The result of an operation on this NaN: quiet, with the sign and a canonical payload
    /// kept (a signalling NaN becomes quiet; BSON has no use for the difference).
    fn quieted(self) -> Self {
        let bits = self.to_bits();
        let payload = bits & ((1u128 << 110) - 1);
        let payload = if payload < POW10[33] { payload } else { 0 };
        Self::from_bits((bits & (1 << 127)) | Self::NAN.to_bits() | payload)
    }

    /// ±Infinity.
    pub(super) const fn infinity(negative: bool) -> Self {
        Self::from_bits(((negative as u128) << 127) | (0x7800 << 112))
    }

    /// ±0 with the exponent brought into range (a zero loses nothing by clamping).
    fn zero(negative: bool, exponent: i32) -> Self {
        Self::finite(negative, 0, exponent.clamp(MIN_EXPONENT, MAX_EXPONENT))
    }

    /// The sum, rounded half-even to 34 digits. `-0 + 0` is `0`, `-0 + -0` is `-0`, an exact
    /// cancellation such as `1 - 1` is `+0`, `Infinity - Infinity` is NaN.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("0.1").add(d("0.2")).to_string(), "0.3");
    /// assert_eq!(d("1.0").add(d("0")).to_string(), "1.0");
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn add(self, rhs: Self) -> Self {
        match (self.operand(), rhs.operand()) {
            (Operand::NaN, _) => self.quieted(),
            (_, Operand::NaN) => rhs.quieted(),
            (Operand::Infinity(a), Operand::Infinity(b)) if a != b => Self::NAN,
            (Operand::Infinity(negative), _) | (_, Operand::Infinity(negative)) => {
                Self::infinity(negative)
            }
            (Operand::Finite(a), Operand::Finite(b)) => add_finite(a, b),
        }
    }

    /// The difference `self - rhs`: the sum with `rhs` negated (a NaN keeps its sign).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("1").sub(d("1")).to_string(), "0");
    /// assert_eq!(d("1.30").sub(d("1.07")).to_string(), "0.23");
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn sub(self, rhs: Self) -> Self {
        let rhs = if rhs.is_nan() { rhs } else { rhs.neg() };
        self.add(rhs)
    }

    /// The product, rounded half-even to 34 digits; `0 * Infinity` is NaN.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("42.00").mul(d("1")).to_string(), "42.00");
    /// assert_eq!(d("1.20").mul(d("3")).to_string(), "3.60");
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn mul(self, rhs: Self) -> Self {
        match (self.operand(), rhs.operand()) {
            (Operand::NaN, _) => self.quieted(),
            (_, Operand::NaN) => rhs.quieted(),
            (Operand::Infinity(a), Operand::Infinity(b)) => Self::infinity(a != b),
            (Operand::Infinity(a), Operand::Finite(f))
            | (Operand::Finite(f), Operand::Infinity(a)) => {
                if f.coefficient == 0 {
                    Self::NAN
                } else {
                    Self::infinity(a != f.negative)
                }
            }
            (Operand::Finite(a), Operand::Finite(b)) => finish(
                a.negative != b.negative,
                U256::mul(a.coefficient, b.coefficient),
                a.exponent + b.exponent,
                false,
            ),
        }
    }

    /// The quotient, rounded half-even to 34 digits. `x / 0` is ±Infinity, `0 / 0` and
    /// `Infinity / Infinity` are NaN, `x / Infinity` is ±0E-6176. An exact quotient keeps the
    /// exponent closest to `exponent(self) - exponent(rhs)`.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("1").div(d("3")).to_string(), "0.3333333333333333333333333333333333");
    /// assert_eq!(d("2.40").div(d("2")).to_string(), "1.20");
    /// assert_eq!(d("-1").div(d("0")).to_string(), "-Infinity");
    /// assert!(d("0").div(d("0")).is_nan());
    /// ```
    #[allow(clippy::should_implement_trait)]
    pub fn div(self, rhs: Self) -> Self {
        match (self.operand(), rhs.operand()) {
            (Operand::NaN, _) => self.quieted(),
            (_, Operand::NaN) => rhs.quieted(),
            (Operand::Infinity(_), Operand::Infinity(_)) => Self::NAN,
            (Operand::Infinity(a), Operand::Finite(b)) => Self::infinity(a != b.negative),
            (Operand::Finite(a), Operand::Infinity(b)) => Self::zero(a.negative != b, MIN_EXPONENT),
            (Operand::Finite(a), Operand::Finite(b)) => div_finite(a, b),
        }
    }

    /// The value with its sign bit flipped (also for zeros, infinities and NaNs).
    #[allow(clippy::should_implement_trait)]
    pub const fn neg(self) -> Self {
        Self::from_bits(self.to_bits() ^ (1 << 127))
    }
}

fn add_finite(a: Parts, b: Parts) -> Decimal128 {
    // IEEE 754 §6.3: a zero sum of opposite-signed operands is +0 in round-half-even; only
    // -0 + -0 (or a zero of two negatives) is -0.
    let zero_sign = a.negative && b.negative;
    let (hi, lo) = if a.exponent >= b.exponent {
        (a, b)
    } else {
        (b, a)
    };
    if hi.coefficient == 0 {
        // Nothing to add, and `lo` already has the smaller (preferred) exponent.
        return match lo.coefficient {
            0 => Decimal128::zero(zero_sign, lo.exponent),
            c => Decimal128::finite(lo.negative, c, lo.exponent),
        };
    }
    let shift = hi.exponent - lo.exponent;
    // Fast path, the common case (`19.99 + 5.25`): the aligned sum fits 34 digits exactly.
    if shift <= ALIGN_LIMIT
        && let Some(big) = hi.coefficient.checked_mul(POW10[shift as usize])
        && big <= MAX_COEFFICIENT
    {
        let (negative, c) = if hi.negative == lo.negative {
            (hi.negative, big + lo.coefficient)
        } else if big >= lo.coefficient {
            (hi.negative, big - lo.coefficient)
        } else {
            (lo.negative, lo.coefficient - big)
        };
        if c <= MAX_COEFFICIENT {
            let negative = if c == 0 { zero_sign } else { negative };
            return Decimal128::finite(negative, c, lo.exponent);
        }
    }
    let (big, small, exponent, sticky) = if shift <= ALIGN_LIMIT {
        // Exact: line the coefficients up on the smaller exponent.
        let big = U256::mul(hi.coefficient, POW10[shift as usize]);
        (big, lo.coefficient, lo.exponent, false)
    } else {
        // `lo` is so much smaller that only its top digits can reach the rounding digit of
        // the result (which has at least 38 digits): keep those, and remember in `sticky`
        // whether anything non-zero went below them.
        let cut = shift - ALIGN_LIMIT;
        let (kept, sticky) = match POW10.get(cut as usize) {
            Some(&p) => (lo.coefficient / p, lo.coefficient % p != 0),
            None => (0, lo.coefficient != 0),
        };
        let big = U256::mul(hi.coefficient, POW10[ALIGN_LIMIT as usize]);
        (big, kept, lo.exponent + cut, sticky)
    };
    let small = U256::from_u128(small);
    if hi.negative == lo.negative {
        return finish(hi.negative, big.add(small), exponent, sticky);
    }
    match big.cmp(&small) {
        // With `sticky`, the true `lo` is a sliver more than `small`, so the true difference
        // is a sliver more than `big - small - 1`.
        Ordering::Greater => {
            let diff = big.sub(small).sub(U256::from_u128(u128::from(sticky)));
            finish(hi.negative, diff, exponent, sticky)
        }
        // Never with `sticky`: then `big` >= 10^38 > `small`.
        Ordering::Less => finish(lo.negative, small.sub(big), exponent, false),
        Ordering::Equal => Decimal128::zero(zero_sign, exponent),
    }
}

fn div_finite(a: Parts, b: Parts) -> Decimal128 {
    let negative = a.negative != b.negative;
    let ideal = a.exponent - b.exponent;
    match (a.coefficient, b.coefficient) {
        (0, 0) => return Decimal128::NAN,
        (_, 0) => return Decimal128::infinity(negative),
        (0, _) => return Decimal128::zero(negative, ideal),
        _ => {}
    }
    // Long division, one decimal digit at a time, starting at the ideal exponent. Stop when
    // the division is exact (so an exact quotient keeps the exponent nearest the ideal) or
    // once there are 35 digits: 34 to keep and one to round on, with the remainder as sticky.
    let divisor = b.coefficient;
    let mut quotient = a.coefficient / divisor;
    let mut remainder = a.coefficient % divisor;
    let mut exponent = ideal;
    while remainder != 0 && quotient <= MAX_COEFFICIENT {
        // remainder < divisor < 10^34, quotient < 10^34: neither overflows.
        remainder *= 10;
        quotient = quotient * 10 + remainder / divisor;
        remainder %= divisor;
        exponent -= 1;
    }
    finish(
        negative,
        U256::from_u128(quotient),
        exponent,
        remainder != 0,
    )
}

/// Rounds an exact result to a decimal128: `(-1)^negative * coefficient * 10^exponent`, or a
/// sliver more in magnitude when `sticky` (non-zero digits were already dropped somewhere
/// below the rounding digit).
///
/// 1. Drop digits, rounding half-even, until the coefficient has at most 34 digits and the
///    exponent is at least -6176 (below that the result is subnormal, or underflows to 0).
/// 2. Above the largest exponent, pad the coefficient with zeros if it has room ("clamped",
///    or fold-down); if not the result overflows to ±Infinity.
pub(super) fn finish(negative: bool, coefficient: U256, exponent: i32, sticky: bool) -> Decimal128 {
    if !sticky
        && let Some(c) = coefficient.to_u128()
        && c <= MAX_COEFFICIENT
        && (MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent)
    {
        return Decimal128::finite(negative, c, exponent);
    }
    let excess_digits = coefficient.digits() as i32 - MAX_DIGITS as i32;
    let drop = excess_digits.max(MIN_EXPONENT - exponent).max(0);
    debug_assert!(
        drop > 0 || !sticky,
        "a sticky result must have digits to drop"
    );
    let (mut c, mut e) = (coefficient, exponent);
    if drop > 0 {
        c = round_half_even(coefficient, drop as u32, sticky);
        e += drop;
        if c == U256::from_u128(POW10[MAX_DIGITS]) {
            // 9...9 rounded up to 10...0: one digit too many, but the last is a zero.
            c = U256::from_u128(POW10[MAX_DIGITS - 1]);
            e += 1;
        }
    }
    // At most 34 digits now.
    let mut c = c.low_u128();
    if e > MAX_EXPONENT {
        let pad = e - MAX_EXPONENT;
        if c == 0 {
            e = MAX_EXPONENT;
        } else if digits_u128(c) as i32 + pad <= MAX_DIGITS as i32 {
            c *= POW10[pad as usize];
            e = MAX_EXPONENT;
        } else {
            return Decimal128::infinity(negative);
        }
    }
    Decimal128::finite(negative, c, e)
}

/// `c` with its lowest `drop` digits (at least one) removed, rounded half-even; `sticky` says
/// the true value is a sliver more than `c`. The result may carry into one more digit.
pub(super) fn round_half_even(c: U256, drop: u32, sticky: bool) -> U256 {
    let (kept, digit, below) = c.shift_right_digits(drop);
    let round_up = match digit {
        0..=4 => false,
        // Exactly half: to even. More than half: up.
        5 => below || sticky || kept.is_odd(),
        _ => true,
    };
    if round_up {
        kept.add(U256::from_u128(1))
    } else {
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal128 {
        Decimal128::parse(s).unwrap()
    }

    fn finish_str(negative: bool, c: u128, e: i32, sticky: bool) -> String {
        finish(negative, U256::from_u128(c), e, sticky).to_string()
    }

    #[test]
    fn finish_rounds_half_even_at_34_digits() {
        // 35 digits ending in 5: a tie, to even.
        let tie_down = (POW10[33] + 4) * 10 + 5;
        assert_eq!(
            finish_str(false, tie_down, 0, false),
            "1.000000000000000000000000000000004E+34"
        );
        let tie_up = (POW10[33] + 5) * 10 + 5;
        assert_eq!(
            finish_str(false, tie_up, 0, false),
            "1.000000000000000000000000000000006E+34"
        );
        // The same tie with a sliver more goes up.
        assert_eq!(
            finish_str(false, tie_down, 0, true),
            "1.000000000000000000000000000000005E+34"
        );
        // 35 nines: the carry adds a digit, absorbed by the exponent.
        assert_eq!(
            finish_str(true, POW10[35] - 1, 0, false),
            "-1.000000000000000000000000000000000E+35"
        );
    }

    #[test]
    fn finish_clamps_and_overflows_at_the_top() {
        assert_eq!(finish_str(false, 1, 6112, false), "1.0E+6112");
        assert_eq!(
            finish_str(false, 1, 6144, false),
            "1.000000000000000000000000000000000E+6144"
        );
        assert_eq!(finish_str(false, 10, 6144, false), "Infinity");
        assert_eq!(finish_str(true, 1, 6145, false), "-Infinity");
        assert_eq!(finish_str(false, 0, 9000, false), "0E+6111");
    }

    #[test]
    fn finish_rounds_subnormals_once() {
        assert_eq!(finish_str(false, 15, -6177, false), "2E-6176");
        assert_eq!(finish_str(false, 25, -6177, false), "2E-6176");
        assert_eq!(finish_str(false, 5, -6177, false), "0E-6176");
        assert_eq!(finish_str(true, 5, -6177, true), "-1E-6176");
        assert_eq!(finish_str(false, 0, -7000, false), "0E-6176");
        assert_eq!(finish_str(false, 1, -9000, false), "0E-6176");
    }

    #[test]
    fn nan_results_are_quiet_and_keep_sign_and_payload() {
        let snan = Decimal128::from_bits((0xfe00 << 112) | 12);
        let r = snan.add(d("1"));
        assert_eq!(r.to_bits(), (0xfc00 << 112) | 12);
        let huge_payload = Decimal128::from_bits((0x7c00 << 112) | POW10[33]);
        assert_eq!(
            d("1").mul(huge_payload).to_bits(),
            Decimal128::NAN.to_bits()
        );
        // The first NaN wins.
        let n2 = Decimal128::from_bits((0x7c00 << 112) | 2);
        assert_eq!(n2.sub(snan).to_bits(), n2.to_bits());
    }

    #[test]
    fn sums_far_apart_round_on_the_sticky_digits() {
        // 1E+40 - 1E-40 = 9.999...(80 nines)E+39, which rounds back up to 34 digits of 1E+40.
        assert_eq!(
            d("1E+40").sub(d("1E-40")).to_string(),
            "1.000000000000000000000000000000000E+40"
        );
        assert_eq!(
            d("-1E+40").add(d("1E-6176")).to_string(),
            "-1.000000000000000000000000000000000E+40"
        );
        assert_eq!(
            d("1E+40").add(d("1E-40")).to_string(),
            "1.000000000000000000000000000000000E+40"
        );
        // Half an ulp plus a sliver rounds up.
        let x = d("1.000000000000000000000000000000000E+40")
            .add(d("5.000000000000000000000000000000001E+6"));
        assert_eq!(x.to_string(), "1.000000000000000000000000000000001E+40");
    }
}
