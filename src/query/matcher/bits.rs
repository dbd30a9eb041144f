//! `$bitsAllSet`, `$bitsAllClear`, `$bitsAnySet`, `$bitsAnyClear`: bit tests on integers
//! and binary data, as the server's `BitTestMatchExpression` runs them.
//!
//! The rules the manual states and the server's source confirms:
//! - the operand is a non-negative integer bitmask, an array of bit positions, or a BinData
//!   whose bytes are read least significant first;
//! - numbers are tested in 64-bit two's complement, sign-extended: position 100 of a
//!   negative number is set, of a positive one clear;
//! - a double that is NaN, not integral, or outside the 64-bit range never matches; a
//!   decimal never matches (jstests/core/query/bittest.js counts none among its results);
//! - BinData values are tested bit by bit, zero-extended past their last byte.

use crate::bson::Value;
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::update::server_fmt::server_element;

/// Which of the four tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BitOp {
    AllSet,
    AllClear,
    AnySet,
    AnyClear,
}

impl BitOp {
    /// The operator for `key`, when `key` is one of the four.
    pub(super) fn from_key(key: &str) -> Option<BitOp> {
        Some(match key {
            "$bitsAllSet" => BitOp::AllSet,
            "$bitsAllClear" => BitOp::AllClear,
            "$bitsAnySet" => BitOp::AnySet,
            "$bitsAnyClear" => BitOp::AnyClear,
            _ => return None,
        })
    }

    pub(super) fn name(self) -> &'static str {
        match self {
            BitOp::AllSet => "$bitsAllSet",
            BitOp::AllClear => "$bitsAllClear",
            BitOp::AnySet => "$bitsAnySet",
            BitOp::AnyClear => "$bitsAnyClear",
        }
    }

    /// Whether the test wants the bits set (`AllSet`, `AnySet`) or clear.
    fn wants_set(self) -> bool {
        matches!(self, BitOp::AllSet | BitOp::AnySet)
    }

    fn is_all(self) -> bool {
        matches!(self, BitOp::AllSet | BitOp::AllClear)
    }
}

/// A parsed bit test: the operand as written (for quoting it back), the 64-bit mask numbers
/// are tested with, and the positions BinData values are tested at.
#[derive(Clone, Debug)]
pub(super) struct BitTest {
    pub(super) op: BitOp,
    pub(super) operand: Value,
    mask: u64,
    positions: Vec<u32>,
}

impl BitTest {
    /// Parses the operand of `op` (the server's `parseBitTest`), with its messages.
    pub(super) fn parse(op: BitOp, operand: &Value, at: &str) -> Result<BitTest, QueryError> {
        let bad =
            |code: i32, text: String| Err(QueryError::new(at, QueryErrorKind::server(code, text)));
        let mut test = BitTest {
            op,
            operand: operand.clone(),
            mask: 0,
            positions: Vec::new(),
        };
        match operand {
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    let position = match non_negative_int(&i.to_string(), item) {
                        Ok(p) => p,
                        Err(reason) => {
                            return bad(
                                code::BAD_VALUE,
                                format!("Failed to parse bit position. {reason}"),
                            );
                        }
                    };
                    // Positions past 63 test the sign bit: numbers are sign-extended.
                    test.mask |= 1 << position.min(63);
                    test.positions.push(position);
                }
            }
            Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_) => {
                let mask = match integer(op.name(), operand) {
                    Ok(n) if n < 0 => {
                        return bad(
                            code::FAILED_TO_PARSE,
                            format!(
                                "Expected a non-negative number in: {}",
                                server_element(op.name(), operand)
                            ),
                        );
                    }
                    Ok(n) => n as u64,
                    Err(reason) => return bad(code::FAILED_TO_PARSE, reason),
                };
                test.mask = mask;
                test.positions = (0..64).filter(|b| mask & (1 << b) != 0).collect();
            }
            Value::Binary(bin) => {
                for (i, &byte) in bin.bytes.iter().enumerate() {
                    if byte == 0 {
                        continue;
                    }
                    if i < 8 {
                        // The server widens each byte as a signed char: a byte of 0x80 or more
                        // sets every higher bit of the mask numbers are tested with.
                        test.mask |= (i64::from(byte as i8) as u64) << (i * 8);
                    } else {
                        test.mask |= 1 << 63;
                    }
                    let base = u32::try_from(i * 8).unwrap_or(u32::MAX - 8);
                    test.positions
                        .extend((0..8).filter(|b| byte & (1 << b) != 0).map(|b| base + b));
                }
            }
            other => {
                return bad(
                    code::BAD_VALUE,
                    format!(
                        "{} takes an Array, a number, or a BinData but received: {}",
                        op.name(),
                        server_element(op.name(), other)
                    ),
                );
            }
        }
        Ok(test)
    }

    /// Whether one value passes the test (`matchesSingleElement`).
    pub(super) fn matches(&self, v: &Value) -> bool {
        match v {
            Value::Binary(bin) => self.matches_bytes(&bin.bytes),
            _ => bit_value(v).is_some_and(|n| self.matches_number(n)),
        }
    }

    fn matches_number(&self, n: i64) -> bool {
        let bits = n as u64;
        match self.op {
            BitOp::AllSet => bits & self.mask == self.mask,
            BitOp::AllClear => !bits & self.mask == self.mask,
            BitOp::AnySet => bits & self.mask != 0,
            BitOp::AnyClear => !bits & self.mask != 0,
        }
    }

    fn matches_bytes(&self, bytes: &[u8]) -> bool {
        let is_set = |p: u32| {
            bytes
                .get((p / 8) as usize)
                .is_some_and(|byte| byte & (1 << (p % 8)) != 0)
        };
        let wanted = |p: &u32| is_set(*p) == self.op.wants_set();
        if self.op.is_all() {
            self.positions.iter().all(wanted)
        } else {
            self.positions.iter().any(wanted)
        }
    }
}

/// The integer a bit test reads from a value: ints and longs as they are, integral doubles
/// within 64 bits; `None` for everything else (decimals included).
pub(super) fn bit_value(v: &Value) -> Option<i64> {
    match *v {
        Value::Int32(n) => Some(i64::from(n)),
        Value::Int64(n) => Some(n),
        Value::Double(x)
            if x.fract() == 0.0 && (super::I64_MIN_F64..-super::I64_MIN_F64).contains(&x) =>
        {
            Some(x as i64)
        }
        _ => None,
    }
}

/// A number read as a 64-bit integer (`parseIntegerElementToLong`), or the server's reason.
pub(super) fn integer(key: &str, v: &Value) -> Result<i64, String> {
    let shown = || server_element(key, v);
    match *v {
        Value::Int32(n) => Ok(i64::from(n)),
        Value::Int64(n) => Ok(n),
        Value::Double(x) if x.is_nan() => Err(format!(
            "Expected an integer, but found NaN in: {}",
            shown()
        )),
        Value::Double(x) if !(super::I64_MIN_F64..-super::I64_MIN_F64).contains(&x) => {
            Err(format!("Cannot represent as a 64-bit integer: {}", shown()))
        }
        Value::Double(x) if x.fract() != 0.0 => Err(format!("Expected an integer: {}", shown())),
        Value::Double(x) => Ok(x as i64),
        Value::Decimal128(d) => d
            .to_i64()
            .filter(|n| {
                crate::bson::Decimal128::from_i64(*n)
                    .total_cmp_mongo(&d)
                    .is_eq()
            })
            .ok_or_else(|| format!("Cannot represent as a 64-bit integer: {}", shown())),
        _ => Err(format!("Expected a number in: {}", shown())),
    }
}

/// A bit position (`parseIntegerElementToNonNegativeInt`), or the server's reason.
fn non_negative_int(key: &str, v: &Value) -> Result<u32, String> {
    let n = integer(key, v)?;
    let n = i32::try_from(n)
        .map_err(|_| format!("Cannot represent {} in an int", server_element(key, v)))?;
    u32::try_from(n).map_err(|_| {
        format!(
            "Expected a non-negative number in: {}",
            server_element(key, v)
        )
    })
}
