//! `$sum` and `$avg` as the server computes them (`DoubleDoubleSummation`,
//! mongodb/mongo `src/mongo/util/summation.h`), written here from its description.
//!
//! The non-decimal total is an unevaluated pair of doubles, a rounded sum and the part of the
//! exact sum that did not fit in it (a compensation term). Each double is added with the
//! 2Sum and Fast2Sum error-free transformations; a long is added as two doubles, its high
//! 32-bit part (a multiple of 2^32) and the rest, both exact, so sums of 64-bit integers stay
//! exact up to about 2^106. Infinities and NaN would turn the compensation into NaN, so a
//! plain running sum is kept beside it and answers when the rounded sum is NaN. Decimals are
//! added exactly in a separate decimal total.

use crate::bson::num::Number;
use crate::bson::{Decimal128, Value};

/// A compensated (double-double) running sum.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DoubleDouble {
    sum: f64,
    addend: f64,
    /// The plain sum, for when `sum` has become NaN through infinities.
    special: f64,
}

/// The exact sum of `a` and `b` as the double nearest it and the remainder (Knuth's 2Sum).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let a1 = s - b;
    let b1 = s - a1;
    (s, (a - a1) + (b - b1))
}

/// As [`two_sum`] when `|b| <= |a|`, in three operations (Dekker's Fast2Sum).
fn fast_two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    (s, b - (s - a))
}

/// -2^63 and 2^63 as doubles.
const LONG_MIN_F: f64 = -9_223_372_036_854_775_808.0;
const LONG_MAX_PLUS_ONE_F: f64 = 9_223_372_036_854_775_808.0;

impl DoubleDouble {
    /// Adds a double.
    pub fn add_double(&mut self, x: f64) {
        self.special += x;
        // The new value first meets the small compensation term, then the rounded sum.
        let (x, addend) = fast_two_sum(x, self.addend);
        self.addend = addend;
        let (sum, rest) = two_sum(self.sum, x);
        self.sum = sum;
        self.addend += rest;
    }

    /// Adds a long as two exact doubles: its high part (a multiple of 2^32, truncated toward
    /// zero) after its low part.
    pub fn add_long(&mut self, x: i64) {
        let high = x / (1 << 32) * (1 << 32);
        let low = x - high;
        self.add_double(low as f64);
        self.add_double(high as f64);
    }

    /// The double nearest the sum.
    pub fn double(&self) -> f64 {
        if self.sum.is_nan() {
            self.special
        } else {
            self.sum
        }
    }

    /// The rounded sum and its compensation.
    pub fn pair(&self) -> (f64, f64) {
        if self.sum.is_nan() {
            (self.special, 0.0)
        } else {
            (self.sum, self.addend)
        }
    }

    /// Whether the sum rounds to an integer that fits 64 bits.
    pub fn fits_long(&self) -> bool {
        if self.sum > LONG_MIN_F && self.sum < LONG_MAX_PLUS_ONE_F {
            return true;
        }
        // At the edges the compensation decides which integer the sum rounds to.
        if self.sum == LONG_MAX_PLUS_ONE_F {
            return self.addend < -0.5;
        }
        if self.sum == LONG_MIN_F {
            return self.addend >= -0.5;
        }
        false
    }

    /// The sum rounded to the nearest integer, halves away from zero; `None` when it does not
    /// fit 64 bits.
    pub fn long(&self) -> Option<i64> {
        if !self.fits_long() {
            return None;
        }
        if self.sum == LONG_MAX_PLUS_ONE_F {
            // 2^63 itself does not fit: start from the compensation, which is below -0.5.
            return Some((self.addend.round() as i64).wrapping_sub(i64::MIN));
        }
        let rounded = self.sum.round() as i64;
        let rest = (self.sum - rounded as f64) + self.addend;
        Some(rounded.wrapping_add(rest.round() as i64))
    }

    /// The sum as a decimal: both doubles to 34 digits, added.
    pub fn decimal(&self) -> Decimal128 {
        if !self.sum.is_finite() {
            return Decimal128::from_f64_34_digits(self.special);
        }
        Decimal128::from_f64_34_digits(self.sum).add(Decimal128::from_f64_34_digits(self.addend))
    }
}

/// The numeric types in widening order, as the server's `getWidestNumeric` ranks them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Width {
    #[default]
    Int,
    Long,
    Double,
    Decimal,
}

fn width(n: Number) -> Width {
    match n {
        Number::Int(_) => Width::Int,
        Number::Long(_) => Width::Long,
        Number::Double(_) => Width::Double,
        Number::Decimal(_) => Width::Decimal,
    }
}

/// A running `$sum`: values that are not numbers are ignored.
///
/// # Examples
/// ```
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::expr::summation::Sum;
/// let mut s = Sum::default();
/// s.push(&Value::Int64(9_007_199_254_740_993));
/// s.push(&Value::Double(1e-10));
/// assert_eq!(s.value(), Value::Double(9_007_199_254_740_994.0));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sum {
    width: Width,
    total: DoubleDouble,
    decimal: Decimal128Total,
}

/// The decimal part of a sum, starting at `0`.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Decimal128Total(Decimal128);

impl Default for Decimal128Total {
    fn default() -> Self {
        Decimal128Total(Decimal128::ZERO)
    }
}

impl Sum {
    /// Adds `v` when it is a number.
    pub fn push(&mut self, v: &Value) {
        let Some(n) = Number::of(v) else { return };
        self.width = self.width.max(width(n));
        match n {
            Number::Int(x) => self.total.add_double(f64::from(x)),
            Number::Long(x) => self.total.add_long(x),
            Number::Double(x) => self.total.add_double(x),
            Number::Decimal(d) => self.decimal.0 = self.decimal.0.add(d),
        }
    }

    /// The total: an int while ints fit, a long while integers fit 64 bits, else a double;
    /// a decimal once any decimal was added.
    pub fn value(&self) -> Value {
        match self.width {
            Width::Int | Width::Long => match self.total.long() {
                Some(n) if self.width == Width::Int => {
                    i32::try_from(n).map_or(Value::Int64(n), Value::Int32)
                }
                Some(n) => Value::Int64(n),
                None => Value::Double(self.total.double()),
            },
            Width::Double => Value::Double(self.total.double()),
            Width::Decimal => {
                let (sum, addend) = self.total.pair();
                let mut total = Decimal128::ZERO;
                if sum != 0.0 {
                    total = total
                        .add(Decimal128::from_f64_34_digits(sum))
                        .add(Decimal128::from_f64_34_digits(addend));
                }
                Value::Decimal128(total.add(self.decimal.0))
            }
        }
    }
}

/// A running `$avg`: the numbers' sum and count.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Avg {
    decimal_seen: bool,
    total: DoubleDouble,
    decimal: Decimal128Total,
    count: i64,
}

impl Avg {
    /// Counts `v` when it is a number.
    pub fn push(&mut self, v: &Value) {
        let Some(n) = Number::of(v) else { return };
        match n {
            Number::Decimal(d) => {
                self.decimal_seen = true;
                self.decimal.0 = self.decimal.0.add(d);
            }
            // A long is kept exact; an int goes in as a double (it is exact too).
            Number::Long(x) => self.total.add_long(x),
            Number::Int(x) => self.total.add_double(f64::from(x)),
            Number::Double(x) => self.total.add_double(x),
        }
        self.count += 1;
    }

    /// Null for no numbers; the decimal quotient once a decimal was seen, else the double.
    pub fn value(&self) -> Value {
        if self.count == 0 {
            return Value::Null;
        }
        if self.decimal_seen {
            let total = self.decimal.0.add(self.total.decimal());
            return Value::Decimal128(total.div(Decimal128::from_i64(self.count)));
        }
        Value::Double(self.total.double() / self.count as f64)
    }
}
