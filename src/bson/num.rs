//! The server's numeric rules: which type an arithmetic result has, how sums are kept exact,
//! and how numbers of different types compare.
//!
//! - `$add`/`$subtract`/`$multiply`: the widest operand type wins (int32 < int64 < double <
//!   decimal128); int32 results that overflow become int64, int64 results that overflow
//!   become double. `$divide` gives a double, or a decimal when a decimal is involved.
//! - `$sum` keeps doubles in double-double (compensated) form, so ten `0.1`s sum to `1`,
//!   while ten chained `$add`s give `0.9999999999999999` (as a real server does; the
//!   compensated sum is how the server implements `$sum`, not a documented promise).
//! - Comparison across numeric types is exact: no cast to f64 loses the last digit of
//!   `Long("9007199254740993")`. NaN equals NaN and sorts below every other number.

use std::cmp::Ordering;
use std::fmt;

use super::decimal128::Decimal128;
use super::value::Value;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Why an arithmetic expression has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumError {
    /// An operand that is neither a number nor (where allowed) a date.
    NotNumeric {
        /// The operator (`$add`, ...).
        op: &'static str,
        /// The `$type` alias of the offending operand.
        found: &'static str,
    },
    /// Division (or `$mod`) by zero.
    DivideByZero {
        /// The operator.
        op: &'static str,
    },
    /// More than one date in `$add`.
    TwoDates,
    /// A date moved past the range of a date (64 bits of milliseconds): the server's
    /// "date overflow" (`Overflow`, 15), in `$add` and in `$subtract` of a number.
    DateOverflow {
        /// The operator.
        op: &'static str,
    },
    /// Date − Date past 64 bits of milliseconds. The tutor's own refusal: the server
    /// computes `millis - other.millis` without a check (`Date_t::operator-`, mongodb/mongo
    /// `src/mongo/util/time_support.h`) and its answer wraps around to a wrong number.
    DateDifferenceOverflow,
}

impl NumError {
    /// The server's error code for this error, where the server has one of its own
    /// (`$inc` answers with the generic codes of its command).
    pub fn code(&self) -> Option<i32> {
        match self {
            NumError::NotNumeric { op: "$add", .. } => Some(16554),
            NumError::NotNumeric {
                op: "$multiply", ..
            } => Some(16555),
            NumError::NotNumeric {
                op: "$subtract", ..
            } => Some(16556),
            NumError::NotNumeric { op: "$divide", .. } => Some(16609),
            NumError::DivideByZero { op: "$divide" } => Some(16608),
            NumError::DivideByZero { op: "$mod" } => Some(16610),
            NumError::TwoDates => Some(16612),
            // ErrorCodes::Overflow (mongodb/mongo src/mongo/base/error_codes.yml).
            NumError::DateOverflow { .. } => Some(15),
            NumError::NotNumeric { .. }
            | NumError::DivideByZero { .. }
            | NumError::DateDifferenceOverflow => None,
        }
    }
}

impl Localize for NumError {
    /// The server's own words, in every language: a learner searches for them. The one
    /// refusal the server does not make is the tutor's, translated.
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (self, lang) {
            (NumError::NotNumeric { op, found }, _) => {
                write!(out, "{op} only supports numeric or date types, not {found}")
            }
            (NumError::DivideByZero { op }, _) => write!(out, "can't {op} by zero"),
            (NumError::TwoDates, _) => out.write_str("only one date allowed in an $add expression"),
            // The server's words in `$add` and `$subtract` (mongodb/mongo
            // src/mongo/db/exec/expression/evaluate_math.cpp): "date overflow", nothing more.
            (NumError::DateOverflow { .. }, _) => out.write_str("date overflow"),
            (NumError::DateDifferenceOverflow, Lang::En) => out.write_str(
                "the difference between these dates does not fit in 64 bits of milliseconds: \
                 the server does not check this and gives a wrong number; bson-tutor refuses",
            ),
            (NumError::DateDifferenceOverflow, Lang::Vi) => out.write_str(
                "hiệu của hai ngày này vượt quá 64 bit mili giây: server không kiểm tra điều này \
                 và cho ra một con số sai; bson-tutor từ chối",
            ),
            (NumError::DateDifferenceOverflow, Lang::Zh) => out.write_str(
                "这两个日期之差超出了 64 位毫秒数的范围：服务器不检查这一点，会给出错误的数字；\
                 bson-tutor 拒绝计算",
            ),
        }
    }
}

impl fmt::Display for NumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for NumError {}

/// The numeric types in widening order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Width {
    Int,
    Long,
    Double,
    Decimal,
}

/// A running `$add` or `$multiply`: totals kept in the widest type seen so far.
#[derive(Clone, Copy, Debug)]
struct Accumulator {
    width: Width,
    long: i64,
    double: f64,
    decimal: Decimal128,
}

/// A number read out of a value, or `None` when the value is not numeric.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Number {
    /// int32
    Int(i32),
    /// int64
    Long(i64),
    /// double
    Double(f64),
    /// decimal128
    Decimal(Decimal128),
}

impl Number {
    /// The number in `v`, if `v` is one of the four numeric types.
    pub fn of(v: &Value) -> Option<Number> {
        match *v {
            Value::Int32(n) => Some(Number::Int(n)),
            Value::Int64(n) => Some(Number::Long(n)),
            Value::Double(n) => Some(Number::Double(n)),
            Value::Decimal128(d) => Some(Number::Decimal(d)),
            _ => None,
        }
    }

    fn width(self) -> Width {
        match self {
            Number::Int(_) => Width::Int,
            Number::Long(_) => Width::Long,
            Number::Double(_) => Width::Double,
            Number::Decimal(_) => Width::Decimal,
        }
    }

    /// The value as a double, as the server coerces it.
    pub fn to_f64(self) -> f64 {
        match self {
            Number::Int(n) => f64::from(n),
            Number::Long(n) => n as f64,
            Number::Double(n) => n,
            Number::Decimal(d) => d.to_f64(),
        }
    }

    /// The value as a decimal128, as the server coerces it (doubles to 15 digits).
    pub fn to_decimal(self) -> Decimal128 {
        match self {
            Number::Int(n) => Decimal128::from_i32(n),
            Number::Long(n) => Decimal128::from_i64(n),
            Number::Double(n) => Decimal128::from_f64(n),
            Number::Decimal(d) => d,
        }
    }

    /// Back into a value of its own type.
    pub fn into_value(self) -> Value {
        match self {
            Number::Int(n) => Value::Int32(n),
            Number::Long(n) => Value::Int64(n),
            Number::Double(n) => Value::Double(n),
            Number::Decimal(d) => Value::Decimal128(d),
        }
    }
}

#[derive(Clone, Copy)]
enum Op {
    Add,
    Mul,
}

impl Accumulator {
    fn new(op: Op) -> Self {
        let one = matches!(op, Op::Mul);
        Accumulator {
            width: Width::Int,
            long: i64::from(one),
            double: f64::from(u8::from(one)),
            decimal: if one {
                Decimal128::from_i32(1)
            } else {
                Decimal128::from_i32(0)
            },
        }
    }

    fn push(&mut self, n: Number, op: Op) {
        let width = self.width.max(n.width());
        // Widen what has been accumulated so far.
        if width == Width::Decimal && self.width != Width::Decimal {
            self.decimal = match self.width {
                Width::Double => Decimal128::from_f64(self.double),
                _ => Decimal128::from_i64(self.long),
            };
        } else if width == Width::Double && self.width < Width::Double {
            self.double = self.long as f64;
        }
        self.width = width;
        match self.width {
            Width::Int | Width::Long => {
                let v = match n {
                    Number::Int(v) => i64::from(v),
                    Number::Long(v) => v,
                    // Unreachable: a double or decimal would have widened.
                    other => other.to_f64() as i64,
                };
                let result = match op {
                    Op::Add => self.long.checked_add(v),
                    Op::Mul => self.long.checked_mul(v),
                };
                match result {
                    Some(r) => self.long = r,
                    None => {
                        // int64 overflow: the server carries on in double.
                        self.width = Width::Double;
                        self.double = apply(self.long as f64, v as f64, op);
                    }
                }
            }
            Width::Double => self.double = apply(self.double, n.to_f64(), op),
            Width::Decimal => {
                let d = n.to_decimal();
                self.decimal = match op {
                    Op::Add => self.decimal.add(d),
                    Op::Mul => self.decimal.mul(d),
                };
            }
        }
    }

    fn result(&self) -> Value {
        match self.width {
            Width::Int => match i32::try_from(self.long) {
                Ok(n) => Value::Int32(n),
                Err(_) => Value::Int64(self.long),
            },
            Width::Long => Value::Int64(self.long),
            Width::Double => Value::Double(self.double),
            Width::Decimal => Value::Decimal128(self.decimal),
        }
    }
}

fn apply(a: f64, b: f64, op: Op) -> f64 {
    match op {
        Op::Add => a + b,
        Op::Mul => a * b,
    }
}

fn number(op: &'static str, v: &Value) -> Result<Number, NumError> {
    Number::of(v).ok_or(NumError::NotNumeric {
        op,
        found: v.element_type().alias(),
    })
}

/// `$add`: numbers, and at most one date (the result is then a date).
///
/// # Errors
/// A non-numeric operand, two dates, or a date out of range.
///
/// # Examples
/// ```
/// use bson_tutor::bson::{num, Value};
/// let sum = num::add(&[Value::Int32(i32::MAX), Value::Int32(1)]).unwrap();
/// assert_eq!(sum, Value::Int64(2_147_483_648));
/// ```
pub fn add(operands: &[Value]) -> Result<Value, NumError> {
    let mut acc = Accumulator::new(Op::Add);
    // Once a date is met, the total is its milliseconds and every operand is added to it
    // one at a time, as the server's `AddState` does.
    let mut date: Option<i64> = None;
    for v in operands {
        match v {
            Value::DateTime(ms) => {
                if date.is_some() {
                    return Err(NumError::TwoDates);
                }
                let before = date_delta(0, &acc.result(), "$add")?;
                date = Some(before.checked_add(*ms).ok_or(overflow("$add"))?);
            }
            Value::Null | Value::Undefined => return Ok(Value::Null),
            v => {
                let n = number("$add", v)?;
                match &mut date {
                    Some(total) => *total = date_delta(*total, v, "$add")?,
                    None => acc.push(n, Op::Add),
                }
            }
        }
    }
    Ok(match date {
        None => acc.result(),
        Some(ms) => Value::DateTime(ms),
    })
}

fn overflow(op: &'static str) -> NumError {
    NumError::DateOverflow { op }
}

/// `total` milliseconds plus the number `v`, as the server adds a number to a date
/// (`addToDateValue`): integers exactly; a double rounded half away from zero (`llround`)
/// once it is known to fit 64 bits; a decimal rounded half to even (`Decimal128::toLong`).
///
/// # Errors
/// "date overflow" when the number or the sum leaves 64 bits.
fn date_delta(total: i64, v: &Value, op: &'static str) -> Result<i64, NumError> {
    let n = match Number::of(v) {
        Some(Number::Int(n)) => Some(i64::from(n)),
        Some(Number::Long(n)) => Some(n),
        // The upper bound is exclusive: 2^63 as a double is past the largest i64.
        Some(Number::Double(x)) if (I64_MIN_F64..-I64_MIN_F64).contains(&x) => {
            Some(x.round() as i64)
        }
        Some(Number::Double(_)) => None,
        Some(Number::Decimal(d)) => decimal_to_i64_half_even(d),
        None => Some(0),
    };
    n.and_then(|n| total.checked_add(n)).ok_or(overflow(op))
}

/// -2^63, exact as a double.
const I64_MIN_F64: f64 = i64::MIN as f64;

/// A decimal rounded half to even to an integer, `None` for NaN, the infinities and values
/// past 64 bits.
fn decimal_to_i64_half_even(d: Decimal128) -> Option<i64> {
    let super::decimal128::Decoded::Finite {
        negative,
        coefficient,
        exponent,
    } = d.decode()
    else {
        return None;
    };
    let magnitude: u128 = if exponent >= 0 {
        let mut m = coefficient;
        for _ in 0..exponent {
            if m == 0 {
                break;
            }
            m = m.checked_mul(10)?;
        }
        m
    } else if exponent < -36 {
        // At most 34 digits: the value is below 0.01 and rounds to 0.
        0
    } else {
        let p = 10u128.pow(exponent.unsigned_abs());
        let (q, r) = (coefficient / p, coefficient % p);
        match (2 * r).cmp(&p) {
            Ordering::Greater => q + 1,
            Ordering::Equal if q % 2 == 1 => q + 1,
            _ => q,
        }
    };
    let magnitude = i128::try_from(magnitude).ok()?;
    i64::try_from(if negative { -magnitude } else { magnitude }).ok()
}

/// `$multiply`.
///
/// # Errors
/// A non-numeric operand.
pub fn multiply(operands: &[Value]) -> Result<Value, NumError> {
    let mut acc = Accumulator::new(Op::Mul);
    for v in operands {
        if matches!(v, Value::Null | Value::Undefined) {
            return Ok(Value::Null);
        }
        acc.push(number("$multiply", v)?, Op::Mul);
    }
    Ok(acc.result())
}

/// `$subtract`: two numbers, a date minus a number (a date), or two dates (milliseconds).
///
/// # Errors
/// Operands of other types, or a date out of range.
pub fn subtract(a: &Value, b: &Value) -> Result<Value, NumError> {
    match (a, b) {
        (Value::Null | Value::Undefined, _) | (_, Value::Null | Value::Undefined) => {
            Ok(Value::Null)
        }
        (Value::DateTime(x), Value::DateTime(y)) => x
            .checked_sub(*y)
            .map(Value::Int64)
            .ok_or(NumError::DateDifferenceOverflow),
        (Value::DateTime(ms), n) => {
            // A number taken from a date, as the server does: the number made an integer
            // first (its rules as for `$add`), then subtracted with a check.
            number("$subtract", n)?;
            let n = date_delta(0, n, "$subtract")?;
            ms.checked_sub(n)
                .map(Value::DateTime)
                .ok_or(overflow("$subtract"))
        }
        (x, y) => {
            let (x, y) = (number("$subtract", x)?, number("$subtract", y)?);
            let neg = match y {
                Number::Int(v) => Number::Long(-i64::from(v)),
                Number::Long(v) => match v.checked_neg() {
                    Some(n) => Number::Long(n),
                    None => Number::Double(-(v as f64)),
                },
                Number::Double(v) => Number::Double(-v),
                Number::Decimal(d) => Number::Decimal(d.neg()),
            };
            let mut acc = Accumulator::new(Op::Add);
            acc.push(x, Op::Add);
            acc.push(neg, Op::Add);
            // Subtracting an int32 from an int32 stays int32 when it fits.
            let narrow = x.width().max(y.width());
            Ok(match (narrow, acc.result()) {
                (Width::Int, Value::Int64(v)) => {
                    i32::try_from(v).map_or(Value::Int64(v), Value::Int32)
                }
                (Width::Long, Value::Int32(v)) => Value::Int64(i64::from(v)),
                (_, r) => r,
            })
        }
    }
}

/// `$divide`: a double, or a decimal when either operand is a decimal.
///
/// # Errors
/// A non-numeric operand or a zero divisor.
pub fn divide(a: &Value, b: &Value) -> Result<Value, NumError> {
    if matches!(a, Value::Null | Value::Undefined) || matches!(b, Value::Null | Value::Undefined) {
        return Ok(Value::Null);
    }
    let (x, y) = (number("$divide", a)?, number("$divide", b)?);
    if x.width() == Width::Decimal || y.width() == Width::Decimal {
        let d = y.to_decimal();
        if d.is_zero() {
            return Err(NumError::DivideByZero { op: "$divide" });
        }
        return Ok(Value::Decimal128(x.to_decimal().div(d)));
    }
    let d = y.to_f64();
    if d == 0.0 {
        return Err(NumError::DivideByZero { op: "$divide" });
    }
    Ok(Value::Double(x.to_f64() / d))
}

/// `$inc` in an update: the field's current value plus the increment, with `$add`'s rules
/// (an int32 that overflows becomes an int64). A missing field takes the increment.
///
/// # Errors
/// A non-numeric field or increment.
pub fn inc(current: Option<&Value>, by: &Value) -> Result<Value, NumError> {
    number("$inc", by)?;
    match current {
        None => Ok(by.clone()),
        Some(v) => {
            number("$inc", v).map_err(|_| NumError::NotNumeric {
                op: "$inc",
                found: v.element_type().alias(),
            })?;
            add(&[v.clone(), by.clone()])
        }
    }
}

/// A double-double running sum (Dekker/Knuth two-sum), as the server's `$sum` keeps it.
#[derive(Clone, Copy, Debug, Default)]
struct DoubleDouble {
    hi: f64,
    lo: f64,
}

impl DoubleDouble {
    fn add(&mut self, x: f64) {
        if !x.is_finite() || !self.hi.is_finite() {
            self.hi += x;
            self.lo = 0.0;
            return;
        }
        let s = self.hi + x;
        let bp = s - self.hi;
        let err = (self.hi - (s - bp)) + (x - bp);
        self.hi = s;
        self.lo += err;
    }

    fn value(&self) -> f64 {
        if self.hi.is_finite() {
            self.hi + self.lo
        } else {
            self.hi
        }
    }
}

/// `$sum` over values: non-numeric values are ignored; integers stay integers while they
/// fit, doubles are summed with compensation, any decimal makes the result a decimal.
///
/// # Examples
/// ```
/// use bson_tutor::bson::{num, Value};
/// let tenths = vec![Value::Double(0.1); 10];
/// assert_eq!(num::sum(&tenths), Value::Double(1.0));
/// assert_eq!(num::add(&tenths).unwrap(), Value::Double(0.9999999999999999));
/// ```
pub fn sum(values: &[Value]) -> Value {
    let mut width = Width::Int;
    let mut long: i64 = 0;
    let mut long_overflowed = false;
    let mut dd = DoubleDouble::default();
    let mut decimal = Decimal128::from_i32(0);
    for v in values {
        let Some(n) = Number::of(v) else { continue };
        width = width.max(n.width());
        match n {
            Number::Int(x) => add_long(&mut long, &mut long_overflowed, &mut dd, i64::from(x)),
            Number::Long(x) => add_long(&mut long, &mut long_overflowed, &mut dd, x),
            Number::Double(x) => dd.add(x),
            Number::Decimal(d) => decimal = decimal.add(d),
        }
    }
    if long_overflowed && width < Width::Double {
        width = Width::Double;
    }
    match width {
        Width::Int => i32::try_from(long).map_or(Value::Int64(long), Value::Int32),
        Width::Long => Value::Int64(long),
        Width::Double => {
            let mut total = dd;
            total.add(long as f64);
            Value::Double(total.value())
        }
        Width::Decimal => {
            let mut total = decimal.add(Decimal128::from_i64(long));
            let doubles = dd.value();
            if doubles != 0.0 || doubles.is_nan() {
                total = total.add(Decimal128::from_f64(doubles));
            }
            Value::Decimal128(total)
        }
    }
}

fn add_long(long: &mut i64, overflowed: &mut bool, dd: &mut DoubleDouble, x: i64) {
    if *overflowed {
        dd.add(x as f64);
        return;
    }
    match long.checked_add(x) {
        Some(v) => *long = v,
        None => {
            // Carry on in double-double from here, as the server does.
            *overflowed = true;
            dd.add(*long as f64);
            dd.add(x as f64);
            *long = 0;
        }
    }
}

/// Compares two numbers exactly, whatever their types; NaN equals NaN and is below all
/// other numbers. `None` if either value is not a number.
///
/// # Examples
/// ```
/// use std::cmp::Ordering;
/// use bson_tutor::bson::{num, Value};
/// let long = Value::Int64(9_007_199_254_740_993);
/// let double = Value::Double(9_007_199_254_740_992.0);
/// assert_eq!(num::compare(&long, &double), Some(Ordering::Greater));
/// ```
pub fn compare(a: &Value, b: &Value) -> Option<Ordering> {
    Some(compare_numbers(Number::of(a)?, Number::of(b)?))
}

/// [`compare`] on numbers already read out.
pub fn compare_numbers(a: Number, b: Number) -> Ordering {
    use Number::*;
    match (a, b) {
        (Int(x), Int(y)) => x.cmp(&y),
        (Int(x), Long(y)) => i64::from(x).cmp(&y),
        (Long(x), Int(y)) => x.cmp(&i64::from(y)),
        (Long(x), Long(y)) => x.cmp(&y),
        (Int(x), Double(y)) => cmp_long_double(i64::from(x), y),
        (Long(x), Double(y)) => cmp_long_double(x, y),
        (Double(x), Int(y)) => cmp_long_double(i64::from(y), x).reverse(),
        (Double(x), Long(y)) => cmp_long_double(y, x).reverse(),
        (Double(x), Double(y)) => cmp_doubles(x, y),
        (Decimal(x), Decimal(y)) => x.total_cmp_mongo(&y),
        (Decimal(x), Double(y)) => x.total_cmp_mongo(&exact_decimal(y)),
        (Double(x), Decimal(y)) => exact_decimal(x).total_cmp_mongo(&y),
        (Decimal(x), other) => x.total_cmp_mongo(&other.to_decimal()),
        (other, Decimal(y)) => other.to_decimal().total_cmp_mongo(&y),
    }
}

/// Doubles as the server orders them: NaN first and equal to itself, -0 equal to 0.
fn cmp_doubles(x: f64, y: f64) -> Ordering {
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        // Neither is NaN, so partial_cmp always answers.
        _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}

/// An integer against a double with no rounding: the server never casts the long to f64.
fn cmp_long_double(x: i64, y: f64) -> Ordering {
    if y.is_nan() {
        return Ordering::Greater;
    }
    // 2^63 is exactly representable; every i64 is below it and at or above -2^63.
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if y >= TWO_63 {
        return Ordering::Less;
    }
    if y < -TWO_63 {
        return Ordering::Greater;
    }
    let t = y.trunc();
    // `t` is integral and within i64 range here, so the cast is exact.
    match x.cmp(&(t as i64)) {
        Ordering::Equal => 0.0.partial_cmp(&(y - t)).unwrap_or(Ordering::Equal),
        other => other,
    }
}

/// A double as a decimal128 with 34 significant digits, as the server converts a double
/// when it compares it with a decimal (`kRoundTo34Digits`): exact for every double that
/// has at most 34 significant decimal digits, which covers the values people type.
fn exact_decimal(x: f64) -> Decimal128 {
    if x.is_nan() {
        return Decimal128::NAN;
    }
    if x.is_infinite() {
        let inf = if x > 0.0 { "Infinity" } else { "-Infinity" };
        return Decimal128::parse(inf).unwrap_or(Decimal128::NAN);
    }
    // Rust prints exactly 34 correctly rounded significant digits.
    Decimal128::parse(&format!("{x:.33e}")).unwrap_or_else(|_| Decimal128::from_f64(x))
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_error_is_the_servers_words_in_every_language() {
        use crate::strings::localize::Localize;
        let all = [
            NumError::NotNumeric {
                op: "$add",
                found: "string",
            },
            NumError::DivideByZero { op: "$divide" },
            NumError::TwoDates,
            NumError::DateOverflow { op: "$add" },
            NumError::DateDifferenceOverflow,
        ];
        for e in &all {
            // A new variant must be added above.
            let servers_words = match e {
                NumError::NotNumeric { .. }
                | NumError::DivideByZero { .. }
                | NumError::TwoDates
                | NumError::DateOverflow { .. } => true,
                NumError::DateDifferenceOverflow => false,
            };
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                if servers_words {
                    assert_eq!(e.to_string_in(lang), en);
                } else {
                    crate::bson::error::assert_translated(&en, lang, &e.to_string_in(lang), &[]);
                }
            }
        }
        assert_eq!(all[2].code(), Some(16612));
        assert_eq!(
            (all[3].to_string(), all[3].code()),
            ("date overflow".into(), Some(15))
        );
        assert_eq!(all[4].code(), None, "the server does not refuse it");
    }

    #[test]
    fn date_arithmetic_overflows_with_the_servers_words_never_wraps() {
        let date = Value::DateTime;
        let overflow = |op| Err(NumError::DateOverflow { op });
        // Date − Date past 64 bits: refused, not wrapped.
        assert_eq!(
            subtract(&date(i64::MAX), &date(-1)),
            Err(NumError::DateDifferenceOverflow)
        );
        assert_eq!(
            subtract(&date(i64::MIN), &date(1)),
            Err(NumError::DateDifferenceOverflow)
        );
        assert_eq!(
            subtract(&date(i64::MAX), &date(0)),
            Ok(Value::Int64(i64::MAX))
        );
        assert_eq!(
            subtract(&date(-1), &date(i64::MAX)),
            Ok(Value::Int64(i64::MIN))
        );
        // Date ± number at the ends of the range.
        assert_eq!(add(&[date(i64::MAX), Value::Int32(1)]), overflow("$add"));
        assert_eq!(add(&[Value::Int64(-1), date(i64::MIN)]), overflow("$add"));
        assert_eq!(add(&[date(i64::MAX), Value::Int32(0)]), Ok(date(i64::MAX)));
        assert_eq!(add(&[date(0), Value::Double(9.3e18)]), overflow("$add"));
        assert_eq!(add(&[date(0), Value::Double(f64::NAN)]), overflow("$add"));
        assert_eq!(add(&[date(0), dec("1e30")]), overflow("$add"));
        assert_eq!(
            subtract(&date(i64::MIN), &Value::Int32(1)),
            overflow("$subtract")
        );
        assert_eq!(
            subtract(&date(0), &Value::Double(f64::INFINITY)),
            overflow("$subtract")
        );
        assert_eq!(subtract(&date(10), &dec("2.5")), Ok(date(8)));
        // The server's rounding: each double half away from zero as it is added to the
        // date, a decimal half to even.
        assert_eq!(
            add(&[date(0), Value::Double(0.5), Value::Double(0.5)]),
            Ok(date(2))
        );
        assert_eq!(
            add(&[Value::Double(0.5), Value::Double(0.5), date(0)]),
            Ok(date(1))
        );
        assert_eq!(add(&[date(0), Value::Double(-2.5)]), Ok(date(-3)));
        assert_eq!(add(&[date(0), dec("2.5")]), Ok(date(2)));
        assert_eq!(add(&[date(0), dec("3.5")]), Ok(date(4)));
        assert_eq!(add(&[date(0), dec("-0.51")]), Ok(date(-1)));
    }
    use super::*;

    fn dec(s: &str) -> Value {
        Value::Decimal128(Decimal128::parse(s).unwrap())
    }

    #[test]
    fn point_one_plus_point_two() {
        assert_eq!(
            add(&[Value::Double(0.1), Value::Double(0.2)]).unwrap(),
            Value::Double(0.30000000000000004)
        );
        assert_eq!(
            add(&[dec("0.1"), dec("0.2")]).unwrap().to_owned(),
            dec("0.3")
        );
    }

    #[test]
    fn result_types_widen() {
        assert_eq!(
            add(&[Value::Int32(1), Value::Int32(2)]).unwrap(),
            Value::Int32(3)
        );
        assert_eq!(
            add(&[Value::Int32(1), Value::Int64(2)]).unwrap(),
            Value::Int64(3)
        );
        assert_eq!(
            add(&[Value::Int32(1), Value::Double(2.0)]).unwrap(),
            Value::Double(3.0)
        );
        assert_eq!(
            add(&[Value::Int64(i64::MAX), Value::Int32(1)]).unwrap(),
            Value::Double(9.223372036854776e18)
        );
        assert_eq!(
            multiply(&[Value::Int32(65536), Value::Int32(65536)]).unwrap(),
            Value::Int64(1 << 32)
        );
        assert_eq!(
            subtract(&Value::Int32(5), &Value::Int32(7)).unwrap(),
            Value::Int32(-2)
        );
        assert_eq!(
            subtract(&Value::Int32(i32::MIN), &Value::Int32(1)).unwrap(),
            Value::Int64(-2_147_483_649)
        );
        assert_eq!(
            divide(&Value::Int32(1), &Value::Int32(4)).unwrap(),
            Value::Double(0.25)
        );
        assert_eq!(
            divide(&Value::Int32(1), &Value::Int32(0)),
            Err(NumError::DivideByZero { op: "$divide" })
        );
        assert!(matches!(
            add(&[Value::from("1")]),
            Err(NumError::NotNumeric {
                found: "string",
                ..
            })
        ));
    }

    #[test]
    fn the_wallet_and_the_counter() {
        let mut dbl = Value::Int32(0);
        for _ in 0..10 {
            dbl = inc(Some(&dbl), &Value::Double(0.1)).unwrap();
        }
        assert_eq!(dbl, Value::Double(0.9999999999999999));
        let n = inc(Some(&Value::Int32(i32::MAX)), &Value::Int32(1)).unwrap();
        assert_eq!(n, Value::Int64(2_147_483_648));
        assert_eq!(inc(None, &Value::Int32(5)).unwrap(), Value::Int32(5));
    }

    #[test]
    fn sum_is_compensated_and_add_is_not() {
        let tenths = vec![Value::Double(0.1); 10];
        assert_eq!(sum(&tenths), Value::Double(1.0));
        assert_eq!(add(&tenths).unwrap(), Value::Double(0.9999999999999999));
        assert_eq!(
            sum(&[Value::Int32(1), Value::from("x"), Value::Int64(2)]),
            Value::Int64(3)
        );
        assert_eq!(
            sum(&[Value::Int32(i32::MAX), Value::Int32(1)]),
            Value::Int64(2_147_483_648)
        );
        assert_eq!(sum(&[]), Value::Int32(0));
    }

    #[test]
    fn comparison_is_exact_across_types() {
        use Ordering::*;
        let c = |a: &Value, b: &Value| compare(a, b).unwrap();
        assert_eq!(
            c(
                &Value::Int64(9_007_199_254_740_993),
                &Value::Double(9_007_199_254_740_992.0)
            ),
            Greater
        );
        assert_eq!(
            c(
                &Value::Int64(i64::MAX),
                &Value::Double(9_223_372_036_854_775_808.0)
            ),
            Less
        );
        assert_eq!(c(&dec("42.00"), &Value::Int32(42)), Equal);
        assert_eq!(c(&Value::Double(f64::NAN), &Value::Double(f64::NAN)), Equal);
        assert_eq!(
            c(&Value::Double(f64::NAN), &Value::Double(f64::NEG_INFINITY)),
            Less
        );
        assert_eq!(c(&Value::Double(-0.0), &Value::Int32(0)), Equal);
        assert_eq!(c(&Value::Double(0.1), &dec("0.1")), Greater);
        assert_eq!(c(&Value::Double(2.5), &Value::Int32(2)), Greater);
        assert_eq!(c(&Value::Double(-2.5), &Value::Int32(-2)), Less);
        assert_eq!(compare(&Value::from("1"), &Value::Int32(1)), None);
    }
}
