//! Decimal128: IEEE 754-2008 128-bit decimal in the BID encoding, as BSON stores it
//! (16 bytes, little-endian). This file reads the encoding and prints it as the spec says.

use std::fmt;

/// A 128-bit decimal, kept as its 16 raw little-endian bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Decimal128(pub [u8; 16]);

/// The exponent bias of decimal128.
pub const EXPONENT_BIAS: i32 = 6176;

/// The largest coefficient: 34 nines.
pub const MAX_COEFFICIENT: u128 = 10u128.pow(34) - 1;

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
}
