//! Rounding a decimal to a given exponent (IEEE 754 `quantize`), its absolute value and the
//! remainder of a truncated division: the primitives behind `$round`, `$trunc`, `$ceil`,
//! `$floor`, `$abs` and `$mod` on decimals.

use super::wide::POW10;
use super::{Decimal128, Decoded, MAX_COEFFICIENT, MAX_EXPONENT, MIN_EXPONENT};

/// Which way a dropped fraction goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    /// To the nearest, a tie to the even neighbour (`$round`).
    HalfEven,
    /// Toward zero (`$trunc`, the integer conversions).
    TowardZero,
    /// Toward +Infinity (`$ceil`).
    Up,
    /// Toward -Infinity (`$floor`).
    Down,
}

impl Decimal128 {
    /// The value with exponent `exponent` exactly, rounded by `mode` when digits are dropped.
    /// NaN when the result would need more than 34 digits (IEEE 754's invalid operation) or
    /// when `self` is NaN or infinite (callers keep infinities themselves).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// use bson_tutor::bson::decimal128::Rounding;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("2.5").quantize(0, Rounding::HalfEven).to_string(), "2");
    /// assert_eq!(d("-2.51").quantize(-1, Rounding::TowardZero).to_string(), "-2.5");
    /// assert_eq!(d("1234").quantize(2, Rounding::HalfEven).to_string(), "1.2E+3");
    /// ```
    pub fn quantize(self, exponent: i32, mode: Rounding) -> Decimal128 {
        let Decoded::Finite {
            negative,
            coefficient,
            exponent: e,
        } = self.decode()
        else {
            return Decimal128::NAN;
        };
        if !(MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent) {
            return Decimal128::NAN;
        }
        let c = if e >= exponent {
            let up = (e - exponent) as usize;
            if coefficient == 0 {
                0
            } else {
                match POW10.get(up).and_then(|p| coefficient.checked_mul(*p)) {
                    Some(c) if c <= MAX_COEFFICIENT => c,
                    _ => return Decimal128::NAN,
                }
            }
        } else {
            let drop = (exponent - e) as usize;
            let (q, rest, half) = match POW10.get(drop) {
                // Fewer than 39 digits dropped: the exact quotient and remainder.
                Some(p) if drop <= 38 => (coefficient / p, coefficient % p, Some(*p)),
                // Everything dropped: the quotient is 0 and the rest is below half.
                _ => (0, coefficient, None),
            };
            let above_half =
                |r: u128| half.is_some_and(|p| r > p / 2 || (r == p / 2 && p % 2 == 1));
            let is_half = |r: u128| half.is_some_and(|p| p % 2 == 0 && r == p / 2);
            let bump = rest != 0
                && match mode {
                    Rounding::TowardZero => false,
                    Rounding::Up => !negative,
                    Rounding::Down => negative,
                    Rounding::HalfEven => above_half(rest) || (is_half(rest) && q % 2 == 1),
                };
            let q = q + u128::from(bump);
            if q > MAX_COEFFICIENT {
                return Decimal128::NAN;
            }
            q
        };
        Decimal128::finite(negative, c, exponent)
    }

    /// The absolute value (the sign bit cleared; NaN stays NaN).
    pub const fn abs(self) -> Decimal128 {
        Decimal128::from_bits(self.to_bits() & !(1 << 127))
    }

    /// The remainder of a division truncated toward zero, as C's `fmod`: its sign is the
    /// dividend's, its exponent the smaller of the two. NaN for a NaN operand, an infinite
    /// dividend or a zero divisor; the dividend itself for an infinite divisor.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("-7").modulo(d("2")).to_string(), "-1");
    /// assert_eq!(d("7.5").modulo(d("-2")).to_string(), "1.5");
    /// ```
    pub fn modulo(self, rhs: Decimal128) -> Decimal128 {
        let (x, y) = (self.decode(), rhs.decode());
        let (
            Decoded::Finite {
                negative,
                coefficient: cx,
                exponent: ex,
            },
            Decoded::Finite {
                coefficient: cy,
                exponent: ey,
                ..
            },
        ) = (x, y)
        else {
            return match (x, y) {
                (Decoded::Finite { .. }, Decoded::Infinity { .. }) => self,
                _ => Decimal128::NAN,
            };
        };
        if cy == 0 {
            return Decimal128::NAN;
        }
        let (r, e) = if ex >= ey {
            // cx·10^(ex-ey) mod cy, one digit at a time (cy < 10^34, so r·10 fits).
            let mut r = cx % cy;
            for _ in 0..(ex - ey).min(100_000) {
                if r == 0 {
                    break;
                }
                r = (r * 10) % cy;
            }
            (r, ey)
        } else {
            // The divisor scaled to the dividend's exponent; past 34 digits it is larger.
            let scaled = POW10
                .get((ey - ex) as usize)
                .and_then(|p| cy.checked_mul(*p));
            match scaled {
                Some(m) => (cx % m, ex),
                None => (cx, ex),
            }
        };
        Decimal128::finite(negative, r, e)
    }

    /// The decimal with 34 significant digits nearest a double, as the server's
    /// `Decimal128(double, kRoundTo34Digits)`.
    pub fn from_f64_34_digits(x: f64) -> Decimal128 {
        if x.is_nan() {
            return Decimal128::NAN;
        }
        if x.is_infinite() {
            return Decimal128::infinity(x < 0.0);
        }
        // Rust prints exactly 34 correctly rounded significant digits.
        Decimal128::parse(&format!("{x:.33e}")).unwrap_or(Decimal128::NAN)
    }
}
