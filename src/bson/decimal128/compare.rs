//! Numeric comparison in the server's sort order.

use std::cmp::Ordering;

use super::wide::{POW10, digits_u128};
use super::{Decimal128, Decoded};

impl Decimal128 {
    /// Numeric comparison; NaN == NaN and NaN < everything else (MongoDB's sort order, not
    /// IEEE's). Different encodings of one number are equal: `42.00` equals `42`, `-0` equals
    /// `0E+5`. This is why `Decimal128` has no `Ord`: its derived `==` compares bits.
    ///
    /// # Examples
    /// ```
    /// use std::cmp::Ordering;
    /// use bson_tutor::bson::Decimal128;
    /// let d = |s| Decimal128::parse(s).unwrap();
    /// assert_eq!(d("42.00").total_cmp_mongo(&d("42")), Ordering::Equal);
    /// assert_eq!(d("NaN").total_cmp_mongo(&d("-Infinity")), Ordering::Less);
    /// assert_eq!(d("-0.1").total_cmp_mongo(&d("-0.01")), Ordering::Less);
    /// ```
    pub fn total_cmp_mongo(&self, other: &Self) -> Ordering {
        match (self.decode(), other.decode()) {
            (Decoded::NaN, Decoded::NaN) => Ordering::Equal,
            (Decoded::NaN, _) => Ordering::Less,
            (_, Decoded::NaN) => Ordering::Greater,
            (a, b) => {
                let (sa, sb) = (signum(a), signum(b));
                if sa != sb || sa == 0 {
                    return sa.cmp(&sb);
                }
                let magnitude = match (a, b) {
                    (
                        Decoded::Finite {
                            coefficient: ca,
                            exponent: ea,
                            ..
                        },
                        Decoded::Finite {
                            coefficient: cb,
                            exponent: eb,
                            ..
                        },
                    ) => compare_magnitudes(ca, ea, cb, eb),
                    (Decoded::Infinity { .. }, Decoded::Infinity { .. }) => Ordering::Equal,
                    (Decoded::Infinity { .. }, _) => Ordering::Greater,
                    (_, Decoded::Infinity { .. }) => Ordering::Less,
                    // NaNs were handled above.
                    _ => Ordering::Equal,
                };
                if sa < 0 {
                    magnitude.reverse()
                } else {
                    magnitude
                }
            }
        }
    }
}

/// -1, 0 or 1; zeros of either sign are 0.
fn signum(d: Decoded) -> i8 {
    match d {
        Decoded::Finite { coefficient: 0, .. } | Decoded::NaN => 0,
        Decoded::Finite { negative, .. } | Decoded::Infinity { negative } => {
            if negative {
                -1
            } else {
                1
            }
        }
    }
}

/// Compares `ca * 10^ea` with `cb * 10^eb`, both coefficients non-zero.
fn compare_magnitudes(ca: u128, ea: i32, cb: u128, eb: i32) -> Ordering {
    if ea == eb {
        return ca.cmp(&cb);
    }
    // The adjusted exponent (that of the leading digit) decides, unless it is the same;
    // then the exponents differ by at most 33 and the scaled coefficient still fits.
    let (da, db) = (digits_u128(ca) as i32, digits_u128(cb) as i32);
    match (ea + da).cmp(&(eb + db)) {
        Ordering::Equal if ea > eb => (ca * POW10[(ea - eb) as usize]).cmp(&cb),
        Ordering::Equal => ca.cmp(&(cb * POW10[(eb - ea) as usize])),
        decided => decided,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal128 {
        Decimal128::parse(s).unwrap()
    }

    #[test]
    fn orders_like_the_server() {
        let ascending = [
            "NaN",
            "-Infinity",
            "-1E+6144",
            "-2",
            "-1.5",
            "-1E-6176",
            "0",
            "1E-6176",
            "0.999999999999999999999999999999999",
            "1",
            "1.000000000000000000000000000000001",
            "9.999999999999999999999999999999999E+6144",
            "Infinity",
        ];
        for (i, a) in ascending.iter().enumerate() {
            for (j, b) in ascending.iter().enumerate() {
                assert_eq!(d(a).total_cmp_mongo(&d(b)), i.cmp(&j), "{a} vs {b}");
            }
        }
    }

    #[test]
    fn equal_values_in_different_cohorts() {
        for (a, b) in [
            ("42.00", "42"),
            ("-0", "0E+300"),
            ("1E+3", "1000.000"),
            ("-NaN", "NaN"),
            ("-Infinity", "-inf"),
        ] {
            assert_eq!(d(a).total_cmp_mongo(&d(b)), Ordering::Equal, "{a} vs {b}");
        }
    }
}
