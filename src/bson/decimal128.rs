//! Decimal128: IEEE 754-2008 128-bit decimal in the BID encoding, as BSON stores it
//! (16 bytes, little-endian). This file reads the encoding and prints it as the spec says;
//! `arith` adds, subtracts, multiplies and divides exactly as IEEE 754 does (34 digits,
//! round-half-even, preferred exponents), `compare` orders values as the server sorts them,
//! `convert` casts to and from Rust numbers as the server's `$toDecimal`, `$toDouble`,
//! `$toLong` and `$toInt` do.
//!
//! The arithmetic is our own, on u128 coefficients with a 256-bit intermediate (`wide`).
//! The alternatives: `decmathlib-rs`, a Rust port of Intel's BID library (the one the server
//! links), is about 90,000 lines machine-translated from C with `unsafe` throughout, from a
//! self-described learning project with one author, and relies on wrapping arithmetic
//! (its double conversion panics on overflow in a debug build); `dec` wraps libdecnumber's C
//! (a C toolchain for every build) and works in the DPD encoding, so every operation would
//! convert from and back to BSON's BID. The four operations need a few hundred lines, which a
//! learner can read next to the lessons and which cost nothing to build. While this was
//! written, the Intel port served as an oracle outside the crate: over ten million random
//! operand pairs (near ties, cancellations, subnormal, clamped and overflowing results,
//! NaN payloads) gave the same bits for add, sub, mul, div, compare and `from_f64`.

use std::fmt;

use crate::strings::Lang;
use crate::strings::localize::Localize;

mod arith;
mod compare;
mod convert;
mod rounding;
mod wide;

pub use rounding::Rounding;

/// A 128-bit decimal, kept as its 16 raw little-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Decimal128(pub [u8; 16]);

/// The exponent bias of decimal128.
pub const EXPONENT_BIAS: i32 = 6176;

/// The largest coefficient: 34 nines.
pub const MAX_COEFFICIENT: u128 = 10u128.pow(34) - 1;

/// Why text is not a decimal128 value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecimalError {
    /// Not a decimal number at all.
    NotANumber {
        /// The text.
        text: String,
    },
    /// An `e` without a proper exponent after it.
    Exponent {
        /// The text.
        text: String,
    },
    /// More significant digits than 34, or a value too small to keep exactly.
    Inexact {
        /// The text.
        text: String,
    },
    /// An exponent too large for decimal128.
    Overflow {
        /// The text.
        text: String,
    },
}

impl Localize for DecimalError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use DecimalError as E;
        match (lang, self) {
            (Lang::En, E::NotANumber { text }) => write!(out, "`{text}` is not a decimal number"),
            (Lang::En, E::Exponent { text }) => write!(out, "`{text}` has a malformed exponent"),
            (Lang::En, E::Inexact { text }) => write!(
                out,
                "`{text}` cannot be stored exactly: decimal128 holds 34 significant digits"
            ),
            (Lang::En, E::Overflow { text }) => {
                write!(out, "`{text}` is too large for decimal128 (overflow)")
            }
            (Lang::Vi, E::NotANumber { text }) => {
                write!(out, "`{text}` không phải là số thập phân")
            }
            (Lang::Vi, E::Exponent { text }) => write!(out, "`{text}` có phần mũ sai định dạng"),
            (Lang::Vi, E::Inexact { text }) => write!(
                out,
                "không lưu được `{text}` một cách chính xác: decimal128 chỉ chứa 34 chữ số có nghĩa"
            ),
            (Lang::Vi, E::Overflow { text }) => {
                write!(out, "`{text}` quá lớn đối với decimal128 (tràn số)")
            }
            (Lang::Zh, E::NotANumber { text }) => write!(out, "`{text}` 不是十进制数"),
            (Lang::Zh, E::Exponent { text }) => write!(out, "`{text}` 的指数格式不正确"),
            (Lang::Zh, E::Inexact { text }) => write!(
                out,
                "`{text}` 无法被精确存储：decimal128 最多保存 34 位有效数字"
            ),
            (Lang::Zh, E::Overflow { text }) => {
                write!(out, "`{text}` 对 decimal128 来说太大了（溢出）")
            }
        }
    }
}

impl fmt::Display for DecimalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for DecimalError {}

#[cfg(test)]
impl DecimalError {
    /// One of every variant; the match makes a new variant a compile error here.
    pub(crate) fn every_variant() -> Vec<Self> {
        let text = || "1.2.3".to_owned();
        let all = vec![
            DecimalError::NotANumber { text: text() },
            DecimalError::Exponent { text: text() },
            DecimalError::Inexact { text: text() },
            DecimalError::Overflow { text: text() },
        ];
        for e in &all {
            match e {
                DecimalError::NotANumber { .. }
                | DecimalError::Exponent { .. }
                | DecimalError::Inexact { .. }
                | DecimalError::Overflow { .. } => {}
            }
        }
        all
    }
}

/// What the 128 bits mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// A finite number `(-1)^negative * coefficient * 10^exponent`.
    Finite {
        /// Sign bit.
        negative: bool,
        /// The coefficient, at most 34 digits (a non-canonical encoding reads as 0).
        coefficient: u128,
        /// The unbiased exponent, -6176..=6111.
        exponent: i32,
    },
    /// Positive or negative infinity.
    Infinity {
        /// Sign bit.
        negative: bool,
    },
    /// Not a number (quiet or signalling; BSON prints both as `NaN`).
    NaN,
}

impl Decimal128 {
    /// The raw little-endian bytes.
    pub const fn bytes(&self) -> [u8; 16] {
        self.0
    }

    /// The sign, coefficient and exponent the bits encode.
    pub fn decode(&self) -> Decoded {
        let bits = u128::from_le_bytes(self.0);
        let negative = bits >> 127 == 1;
        let high = (bits >> 64) as u64;
        if high & 0x7c00_0000_0000_0000 == 0x7c00_0000_0000_0000 {
            return Decoded::NaN;
        }
        if high & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 {
            return Decoded::Infinity { negative };
        }
        let (exponent, coefficient) = if high & 0x6000_0000_0000_0000 == 0x6000_0000_0000_0000 {
            // The "11" form implies a coefficient of at least 2^113, above 34 digits:
            // IEEE 754 says such encodings are non-canonical and read as zero.
            (((high >> 47) & 0x3fff) as i32, 0)
        } else {
            let c = bits & ((1u128 << 113) - 1);
            (
                ((high >> 49) & 0x3fff) as i32,
                if c > MAX_COEFFICIENT { 0 } else { c },
            )
        };
        Decoded::Finite {
            negative,
            coefficient,
            exponent: exponent - EXPONENT_BIAS,
        }
    }
}

/// The smallest unbiased exponent.
pub const MIN_EXPONENT: i32 = -6176;
/// The largest unbiased exponent.
pub const MAX_EXPONENT: i32 = 6111;
/// Significant digits a decimal128 holds.
pub const MAX_DIGITS: usize = 34;

impl Decimal128 {
    /// The canonical NaN.
    pub const NAN: Decimal128 = Decimal128::from_bits(0x7c00 << 112);

    /// Zero with exponent 0 (`0`, not `0.0`).
    pub const ZERO: Decimal128 = Decimal128::from_bits(0x3040 << 112);

    /// Whether this is a NaN (quiet or signalling).
    pub fn is_nan(&self) -> bool {
        matches!(self.decode(), Decoded::NaN)
    }

    /// Whether this is a zero of either sign and any exponent (`0`, `-0`, `0.00`, `0E+10`).
    pub fn is_zero(&self) -> bool {
        matches!(self.decode(), Decoded::Finite { coefficient: 0, .. })
    }

    /// The sign bit: true for `-0`, negative numbers, `-Infinity`, and a NaN with its sign
    /// bit set.
    pub const fn is_negative(&self) -> bool {
        self.to_bits() >> 127 == 1
    }

    /// The value for these 128 bits (the BID encoding, most significant bit = sign).
    pub const fn from_bits(bits: u128) -> Self {
        Decimal128(bits.to_le_bytes())
    }

    /// The 128 bits.
    pub const fn to_bits(&self) -> u128 {
        u128::from_le_bytes(self.0)
    }

    /// A finite value from its parts. The coefficient must have at most 34 digits and the
    /// exponent lie in -6176..=6111 (callers clamp first).
    fn finite(negative: bool, coefficient: u128, exponent: i32) -> Self {
        let biased = (exponent - MIN_EXPONENT) as u128;
        Self::from_bits((u128::from(negative) << 127) | (biased << 113) | coefficient)
    }

    /// Parses the decimal128 string forms: `19.99`, `-0`, `1.0E+3`, `.5`, `Infinity`, `inf`,
    /// `NaN` (case-insensitive), with an optional sign. The value must be exact: trailing
    /// zeros beyond 34 digits are dropped and the exponent is clamped when that loses
    /// nothing, as the spec requires; anything else is refused rather than rounded.
    ///
    /// # Errors
    /// Text that is not a number, more than 34 significant digits, or an exponent out of range.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Decimal128;
    /// assert_eq!(Decimal128::parse("42.00").unwrap().to_string(), "42.00");
    /// assert_eq!(Decimal128::parse("-inf").unwrap().to_string(), "-Infinity");
    /// assert!(Decimal128::parse("1.2.3").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Self, DecimalError> {
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let lower = body.to_ascii_lowercase();
        if lower == "inf" || lower == "infinity" {
            let sign = u128::from(negative) << 127;
            return Ok(Self::from_bits(sign | (0x7800 << 112)));
        }
        if lower == "nan" {
            let sign = u128::from(negative) << 127;
            return Ok(Self::from_bits(sign | (0x7c00 << 112)));
        }
        let not_a_number = || DecimalError::NotANumber { text: text.into() };
        let (mantissa, exponent_text) = match body.find(['e', 'E']) {
            Some(i) => (&body[..i], Some(&body[i + 1..])),
            None => (body, None),
        };
        let (int_part, frac_part) = match mantissa.split_once('.') {
            Some((i, f)) => (i, f),
            None => (mantissa, ""),
        };
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(int_part) || !all_digits(frac_part) || int_part.len() + frac_part.len() == 0
        {
            return Err(not_a_number());
        }
        let mut exponent: i64 = match exponent_text {
            None => 0,
            Some(e) => {
                let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
                if digits.is_empty() || !all_digits(digits) {
                    return Err(DecimalError::Exponent { text: text.into() });
                }
                // Saturate: anything this large is out of range either way.
                let magnitude = digits
                    .bytes()
                    .fold(0i64, |acc, b| (acc * 10 + i64::from(b - b'0')).min(1 << 40));
                if e.starts_with('-') {
                    -magnitude
                } else {
                    magnitude
                }
            }
        };
        exponent -= frac_part.len() as i64;
        let mut digits: Vec<u8> = int_part
            .bytes()
            .chain(frac_part.bytes())
            .skip_while(|&b| b == b'0')
            .map(|b| b - b'0')
            .collect();
        let inexact = || DecimalError::Inexact { text: text.into() };
        if digits.is_empty() {
            // Zero: clamping its exponent loses nothing.
            let e = exponent.clamp(MIN_EXPONENT.into(), MAX_EXPONENT.into()) as i32;
            return Ok(Self::finite(negative, 0, e));
        }
        // Trailing zeros beyond 34 digits, or below the smallest exponent, go exactly.
        while digits.len() > MAX_DIGITS || exponent < i64::from(MIN_EXPONENT) {
            if digits.last() != Some(&0) {
                return Err(inexact());
            }
            digits.pop();
            exponent += 1;
        }
        // Above the largest exponent, pad the coefficient with zeros while there is room.
        while exponent > i64::from(MAX_EXPONENT) && digits.len() < MAX_DIGITS {
            digits.push(0);
            exponent -= 1;
        }
        if exponent > i64::from(MAX_EXPONENT) {
            return Err(DecimalError::Overflow { text: text.into() });
        }
        let coefficient = digits
            .iter()
            .fold(0u128, |acc, &d| acc * 10 + u128::from(d));
        Ok(Self::finite(negative, coefficient, exponent as i32))
    }
}

impl std::str::FromStr for Decimal128 {
    type Err = DecimalError;
    fn from_str(s: &str) -> Result<Self, DecimalError> {
        Self::parse(s)
    }
}

impl fmt::Display for Decimal128 {
    /// The string form of the decimal128 spec: plain notation when the exponent is at most 0
    /// and the adjusted exponent at least -6, scientific otherwise. `1.0` stays `1.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (negative, coefficient, exponent) = match self.decode() {
            Decoded::NaN => return f.write_str("NaN"),
            Decoded::Infinity { negative } => {
                return f.write_str(if negative { "-Infinity" } else { "Infinity" });
            }
            Decoded::Finite {
                negative,
                coefficient,
                exponent,
            } => (negative, coefficient, exponent),
        };
        if negative {
            f.write_str("-")?;
        }
        let digits = coefficient.to_string();
        let adjusted = exponent + digits.len() as i32 - 1;
        if exponent <= 0 && adjusted >= -6 {
            if exponent == 0 {
                return f.write_str(&digits);
            }
            let point = digits.len() as i32 + exponent;
            if point > 0 {
                let (int, frac) = digits.split_at(point as usize);
                write!(f, "{int}.{frac}")
            } else {
                write!(f, "0.{}{digits}", "0".repeat((-point) as usize))
            }
        } else {
            let (first, rest) = digits.split_at(1);
            f.write_str(first)?;
            if !rest.is_empty() {
                write!(f, ".{rest}")?;
            }
            write!(f, "E{}{adjusted}", if adjusted >= 0 { "+" } else { "" })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(high: u64, low: u64) -> Decimal128 {
        Decimal128(((u128::from(high) << 64) | u128::from(low)).to_le_bytes())
    }

    #[test]
    fn prints_like_the_spec() {
        assert_eq!(dec(0x3040_0000_0000_0000, 0).to_string(), "0");
        assert_eq!(dec(0xb040_0000_0000_0000, 0).to_string(), "-0");
        assert_eq!(dec(0x303e_0000_0000_0000, 10).to_string(), "1.0");
        assert_eq!(dec(0x303c_0000_0000_0000, 1999).to_string(), "19.99");
        assert_eq!(dec(0x3032_0000_0000_0000, 1).to_string(), "1E-7");
        assert_eq!(dec(0x3034_0000_0000_0000, 1).to_string(), "0.000001");
        assert_eq!(dec(0x3042_0000_0000_0000, 1).to_string(), "1E+1");
        assert_eq!(dec(0x7c00_0000_0000_0000, 0).to_string(), "NaN");
        assert_eq!(dec(0xf800_0000_0000_0000, 0).to_string(), "-Infinity");
    }

    #[test]
    fn parses_what_it_prints() {
        for s in [
            "0", "-0", "1.0", "19.99", "42.00", "1E+1", "1E-7", "0.000001", "Infinity", "NaN",
        ] {
            assert_eq!(Decimal128::parse(s).unwrap().to_string(), s);
        }
        assert_eq!(Decimal128::parse("0E+9999").unwrap().to_string(), "0E+6111");
        assert_eq!(
            Decimal128::parse("1E+6144").unwrap().to_string(),
            "1.000000000000000000000000000000000E+6144"
        );
        assert!(Decimal128::parse("1E+6145").is_err());
        assert!(Decimal128::parse("1E-6177").is_err());
        assert!(Decimal128::parse("1.11111111111111111111111111111234549").is_err());
        for bad in [
            "", ".", "1e", "e1", " 1", "1 ", "--1", "Infi", "1,5", "0x10",
        ] {
            assert!(Decimal128::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn parse_errors_in_every_language() {
        let mut problems = Vec::new();
        for e in DecimalError::every_variant() {
            problems.extend(crate::bson::terms::check_languages(&e));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        let e = Decimal128::parse("1234567890123456789012345678901234567").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Vi),
            "không lưu được `1234567890123456789012345678901234567` một cách chính xác: \
             decimal128 chỉ chứa 34 chữ số có nghĩa"
        );
        assert_eq!(
            Decimal128::parse("1e9999")
                .unwrap_err()
                .to_string_in(Lang::Zh),
            "`1e9999` 对 decimal128 来说太大了（溢出）"
        );
        assert_eq!(
            Decimal128::parse("1e").unwrap_err().to_string_in(Lang::Vi),
            "`1e` có phần mũ sai định dạng"
        );
    }
}
