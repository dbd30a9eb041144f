//! Decimal128 arithmetic against the rules of IEEE 754-2008 and the General Decimal
//! Arithmetic specification (decQuad: 34 digits, exponents -6176..=6111, round-half-even).
//!
//! The vectors are written here from the specification's rules, one table per behaviour,
//! each line `a op b = expected` in the decimal128 string form, which shows the exponent
//! (`1.0` is not `1`) and the sign of a zero. Property tests follow at the end.

use std::cmp::Ordering;

use bson_tutor::bson::Decimal128;
use bson_tutor::bson::decimal128::{MAX_COEFFICIENT, MAX_EXPONENT, MIN_EXPONENT};
use proptest::prelude::*;

fn d(s: &str) -> Decimal128 {
    Decimal128::parse(s).unwrap_or_else(|e| panic!("bad test literal {s:?}: {e}"))
}

/// Runs a table of `a op b = expected` lines, one operation per line (`#` starts a comment),
/// in the manner of the specification's dectest files.
fn run(table: &str) {
    let mut failures = Vec::new();
    let lines = table.lines().map(str::trim);
    for line in lines.filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let [a, op, b, "=", want] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            panic!("malformed test line {line:?}");
        };
        let (x, y) = (d(a), d(b));
        let got = match op {
            "+" => x.add(y),
            "-" => x.sub(y),
            "*" => x.mul(y),
            "/" => x.div(y),
            _ => panic!("unknown operator in {line:?}"),
        };
        if got.to_string() != want {
            failures.push(format!("  {a} {op} {b}: expected {want}, got {got}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------------
// Money in decimal: what a wallet credited in tenths shows

#[test]
fn point_one_plus_point_two_is_exactly_point_three() {
    let sum = d("0.1").add(d("0.2"));
    assert_eq!(sum, d("0.3"), "same bits: coefficient 3, exponent -1");
    assert_eq!(sum.to_string(), "0.3");
}

#[test]
fn ten_additions_of_point_one_from_zero_print_one_point_zero() {
    let mut total = Decimal128::ZERO;
    for _ in 0..10 {
        total = total.add(d("0.1"));
    }
    assert_eq!(total.to_string(), "1.0");
    assert_eq!(total, d("1.0"));
}

#[test]
fn forty_two_point_zero_zero_equals_forty_two() {
    assert_eq!(d("42.00").total_cmp_mongo(&d("42")), Ordering::Equal);
    assert_ne!(d("42.00"), d("42"), "different bits");
}

// ---------------------------------------------------------------------------------------------
// Add and subtract

#[test]
fn add_keeps_the_smaller_exponent() {
    run("
        0.1 + 0.2 = 0.3
        1.0 + 0 = 1.0
        1 + 0.00 = 1.00
        0 + 0.1 = 0.1
        1.30 + 1.07 = 2.37
        1E+2 + 1 = 101
        1E+2 + 1E+1 = 1.1E+2
        0E+5 + 0E-3 = 0.000
        12 + 7.00 = 19.00
        1E+6144 + 0 = 1.000000000000000000000000000000000E+6144
        ");
}

#[test]
fn add_rounds_half_even_at_34_digits() {
    run("
        # Ties go to the even neighbour, both ways.
        1234567890123456789012345678901234 + 0.5 = 1234567890123456789012345678901234
        1234567890123456789012345678901235 + 0.5 = 1234567890123456789012345678901236
        -1234567890123456789012345678901235 + -0.5 = -1234567890123456789012345678901236
        -1234567890123456789012345678901234 + -0.5 = -1234567890123456789012345678901234
        # Not ties.
        1234567890123456789012345678901234 + 0.50000001 = 1234567890123456789012345678901235
        1234567890123456789012345678901234 + 0.49999999 = 1234567890123456789012345678901234
        1234567890123456789012345678901234 + -0.5 = 1234567890123456789012345678901234
        1234567890123456789012345678901234 + -0.50000001 = 1234567890123456789012345678901233
        # A small operand far below the last digit leaves the large one as it was.
        1E+40 + 1E-40 = 1.000000000000000000000000000000000E+40
        1E+40 + -1E-40 = 1.000000000000000000000000000000000E+40
        ");
}

#[test]
fn add_carry_that_adds_a_digit_moves_the_exponent() {
    run(
        "
        9999999999999999999999999999999999 + 1 = 1.000000000000000000000000000000000E+34
        9999999999999999999999999999999999 + 0.5 = 1.000000000000000000000000000000000E+34
        9999999999999999999999999999999999 + 0.4 = 9999999999999999999999999999999999
        9.999999999999999999999999999999999 + 0.000000000000000000000000000000001 = 10.00000000000000000000000000000000
        -999 + -1 = -1000
        ",
    );
}

#[test]
fn add_overflows_to_infinity() {
    run(
        "
        9.999999999999999999999999999999999E+6144 + 1E+6111 = Infinity
        9.999999999999999999999999999999999E+6144 + 5E+6110 = Infinity
        9.999999999999999999999999999999999E+6144 + 4E+6110 = 9.999999999999999999999999999999999E+6144
        -9.999999999999999999999999999999999E+6144 + -1E+6111 = -Infinity
        9.999999999999999999999999999999999E+6144 + -1E+6111 = 9.999999999999999999999999999999998E+6144
        ",
    );
}

#[test]
fn add_in_the_subnormal_range_is_exact() {
    run("
        1E-6176 + 1E-6176 = 2E-6176
        1E-6176 + -1E-6176 = 0E-6176
        -1E-6176 + 1E-6176 = 0E-6176
        1E-6143 + -1E-6176 = 9.99999999999999999999999999999999E-6144
        ");
}

#[test]
fn zero_sums_follow_the_sign_rules() {
    run("
        -0 + 0 = 0
        0 + -0 = 0
        -0 + -0 = -0
        -0.00 + -0E+3 = -0.00
        1 + -1 = 0
        1.00 + -1 = 0.00
        -1.5 + 1.5 = 0.0
        ");
    run("
        1 - 1 = 0
        -1 - -1 = 0
        0 - 0 = 0
        -0 - 0 = -0
        0 - -0 = 0
        -0 - -0 = 0
        ");
}

#[test]
fn subtract_is_add_of_the_negation() {
    run("
        1.30 - 1.07 = 0.23
        1.07 - 1.30 = -0.23
        0 - 0.1 = -0.1
        1 - 1E-34 = 0.9999999999999999999999999999999999
        1 - 1E-35 = 1.000000000000000000000000000000000
        1 - 5E-35 = 1.000000000000000000000000000000000
        1 - 6E-35 = 0.9999999999999999999999999999999999
        1E+6111 - -1E+6111 = 2E+6111
        ");
}

#[test]
fn infinities_and_nans_in_sums() {
    run("
        Infinity + -Infinity = NaN
        Infinity + Infinity = Infinity
        -Infinity + -Infinity = -Infinity
        Infinity + 9.999999999999999999999999999999999E+6144 = Infinity
        -1 + -Infinity = -Infinity
        NaN + Infinity = NaN
        1 + NaN = NaN
        NaN + NaN = NaN
        ");
    run("
        Infinity - Infinity = NaN
        -Infinity - Infinity = -Infinity
        1 - -Infinity = Infinity
        NaN - 1 = NaN
        ");
}

// ---------------------------------------------------------------------------------------------
// Multiply

#[test]
fn multiply_adds_the_exponents() {
    run("
        42.00 * 1 = 42.00
        1.20 * 3 = 3.60
        -2 * 0.5 = -1.0
        1.1 * 1.1 = 1.21
        0 * -5 = -0
        -0 * -0 = 0
        0.00 * 1E+3 = 0E+1
        1E+3 * 1E-3 = 1
        2E+3 * 5E+3 = 1.0E+7
        ");
}

#[test]
fn multiply_rounds_half_even_at_34_digits() {
    run(
        "
        3333333333333333333333333333333333 * 3 = 9999999999999999999999999999999999
        5000000000000000000000000000000001 * 3 = 1.500000000000000000000000000000000E+34
        2000000000000000000000000000000001 * 5 = 1.000000000000000000000000000000000E+34
        2000000000000000000000000000000003 * 5 = 1.000000000000000000000000000000002E+34
        -2000000000000000000000000000000003 * 5 = -1.000000000000000000000000000000002E+34
        1234567890123456789012345678901234 * 10 = 1.234567890123456789012345678901234E+34
        9999999999999999999999999999999999 * 9999999999999999999999999999999999 = 9.999999999999999999999999999999998E+67
        ",
    );
}

#[test]
fn multiply_clamps_and_overflows_at_the_top() {
    run("
        1E+6100 * 1E+20 = 1.000000000E+6120
        1E+6100 * 1E+44 = 1.000000000000000000000000000000000E+6144
        1E+6100 * 1E+45 = Infinity
        1E+6144 * 10 = Infinity
        -9.999999999999999999999999999999999E+6144 * 2 = -Infinity
        0E+6111 * 0E+6111 = 0E+6111
        0E+6000 * -1E+6000 = -0E+6111
        ");
}

#[test]
fn multiply_underflows_through_the_subnormal_range() {
    run("
        1E-6176 * 0.1 = 0E-6176
        1E-6176 * 0.5 = 0E-6176
        3E-6176 * 0.5 = 2E-6176
        -1E-6176 * 0.9 = -1E-6176
        -1E-6176 * 0.1 = -0E-6176
        1E-3000 * 1E-3200 = 0E-6176
        1.000000000000000000000000000000001E-6143 * 0.1 = 1.00000000000000000000000000000000E-6144
        1.000000000000000000000000000000150E-6143 * 0.01 = 1.0000000000000000000000000000002E-6145
        0E-6176 * 0E-6176 = 0E-6176
        ");
}

#[test]
fn infinities_and_nans_in_products() {
    run("
        Infinity * 0 = NaN
        -0 * Infinity = NaN
        -Infinity * -2 = Infinity
        -Infinity * Infinity = -Infinity
        NaN * 0 = NaN
        2 * NaN = NaN
        ");
}

// ---------------------------------------------------------------------------------------------
// Divide

#[test]
fn exact_quotients_keep_the_ideal_exponent() {
    run("
        1 / 4 = 0.25
        2.40 / 2 = 1.20
        2.4 / 2.0 = 1.2
        2.400 / 2.0 = 1.20
        1000 / 100 = 10
        1 / 0.1 = 1E+1
        6 / 2 = 3
        12 / 12 = 1
        1 / 8 = 0.125
        1 / 2E+34 = 5E-35
        0 / 5 = 0
        0.00 / 5 = 0.00
        0 / -5 = -0
        -0 / -5 = 0
        0E+6111 / 1E-6176 = 0E+6111
        0E-6176 / 1E+6111 = 0E-6176
        1E+6111 / 1E-10 = 1.0000000000E+6121
        ");
}

#[test]
fn inexact_quotients_round_half_even_at_34_digits() {
    run("
        1 / 3 = 0.3333333333333333333333333333333333
        2 / 3 = 0.6666666666666666666666666666666667
        -1 / 3 = -0.3333333333333333333333333333333333
        1 / 7 = 0.1428571428571428571428571428571429
        1 / 9999999999999999999999999999999999 = 1.000000000000000000000000000000000E-34
        # Exact quotients with 35 digits are ties.
        9999999999999999999999999999999999 / 2 = 5000000000000000000000000000000000
        9999999999999999999999999999999997 / 2 = 4999999999999999999999999999999998
        ");
}

#[test]
fn quotients_near_the_limits() {
    run("
        1E+6144 / 0.1 = Infinity
        1E+6144 / 1 = 1.000000000000000000000000000000000E+6144
        1E-6176 / 2 = 0E-6176
        3E-6176 / 2 = 2E-6176
        1E-6176 / 3 = 0E-6176
        2E-6176 / 3 = 1E-6176
        -1E-6176 / 1E+10 = -0E-6176
        ");
}

#[test]
fn division_by_zero_and_infinity() {
    run("
        1 / 0 = Infinity
        -1 / 0 = -Infinity
        1 / -0 = -Infinity
        1.5E+10 / 0E-6176 = Infinity
        0 / 0 = NaN
        -0 / 0.00 = NaN
        Infinity / Infinity = NaN
        Infinity / -2 = -Infinity
        Infinity / 0 = Infinity
        1 / Infinity = 0E-6176
        -1 / Infinity = -0E-6176
        0 / -Infinity = -0E-6176
        NaN / 0 = NaN
        0 / NaN = NaN
        ");
}

// ---------------------------------------------------------------------------------------------
// Compare, negate, predicates

#[test]
fn compare_is_numeric_across_exponents() {
    let rows: &[(&str, &str, Ordering)] = &[
        ("42.00", "42", Ordering::Equal),
        ("0", "-0", Ordering::Equal),
        ("0E-6176", "0E+6111", Ordering::Equal),
        ("1E+2", "100.0", Ordering::Equal),
        ("0.3", "0.30000000000000000000000000000001", Ordering::Less),
        (
            "-0.3",
            "-0.30000000000000000000000000000001",
            Ordering::Greater,
        ),
        ("1E-6176", "0", Ordering::Greater),
        ("-1E-6176", "-0", Ordering::Less),
        (
            "9.999999999999999999999999999999999E+6144",
            "Infinity",
            Ordering::Less,
        ),
        (
            "-Infinity",
            "-9.999999999999999999999999999999999E+6144",
            Ordering::Less,
        ),
        ("NaN", "-Infinity", Ordering::Less),
        ("NaN", "-NaN", Ordering::Equal),
        ("1", "NaN", Ordering::Greater),
    ];
    for &(a, b, want) in rows {
        assert_eq!(d(a).total_cmp_mongo(&d(b)), want, "{a} vs {b}");
        assert_eq!(d(b).total_cmp_mongo(&d(a)), want.reverse(), "{b} vs {a}");
    }
}

#[test]
fn negation_flips_the_sign_bit_only() {
    assert_eq!(d("0").neg().to_string(), "-0");
    assert_eq!(d("-1.50").neg().to_string(), "1.50");
    assert_eq!(d("Infinity").neg().to_string(), "-Infinity");
    assert!(d("NaN").neg().is_nan());
    assert!(d("NaN").neg().is_negative());
}

#[test]
fn predicates() {
    assert!(d("0E+10").is_zero() && d("-0.00").is_zero());
    assert!(!d("1E-6176").is_zero() && !d("NaN").is_zero() && !d("Infinity").is_zero());
    assert!(d("nan").is_nan() && !d("Infinity").is_nan());
    assert!(d("-0").is_negative() && !d("0").is_negative() && d("-Infinity").is_negative());
    assert_eq!(Decimal128::ZERO.to_string(), "0");
    assert_eq!(Decimal128::ZERO, d("0"));
}

// ---------------------------------------------------------------------------------------------
// Conversions

#[test]
fn integers_convert_exactly() {
    assert_eq!(Decimal128::from_i32(i32::MIN).to_string(), "-2147483648");
    assert_eq!(
        Decimal128::from_i64(i64::MAX).to_string(),
        "9223372036854775807"
    );
    assert_eq!(Decimal128::from_i64(0), Decimal128::ZERO);
}

#[test]
fn doubles_convert_at_15_digits_like_the_server() {
    for (v, want) in [
        (0.1, "0.100000000000000"),
        (0.2, "0.200000000000000"),
        (0.1 + 0.2, "0.300000000000000"),
        (2.5, "2.50000000000000"),
        (1e20, "1.00000000000000E+20"),
        (123456789012345680.0, "1.23456789012346E+17"),
        (-0.0, "-0"),
        (0.0, "0"),
    ] {
        assert_eq!(Decimal128::from_f64(v).to_string(), want, "{v:e}");
    }
}

#[test]
fn truncation_to_integers() {
    assert_eq!(d("-2.7").to_i64(), Some(-2));
    assert_eq!(d("1E+18").to_i64(), Some(1_000_000_000_000_000_000));
    assert_eq!(d("1E+19").to_i64(), None);
    assert_eq!(d("2147483647.999").to_i32(), Some(i32::MAX));
    assert_eq!(d("-2147483649").to_i32(), None);
    assert_eq!(d("NaN").to_i32(), None);
    assert_eq!(d("Infinity").to_i64(), None);
}

// ---------------------------------------------------------------------------------------------
// Properties

fn bits(negative: bool, coefficient: u128, exponent: i32) -> Decimal128 {
    let biased = (exponent - MIN_EXPONENT) as u128;
    Decimal128::from_bits((u128::from(negative) << 127) | (biased << 113) | coefficient)
}

fn coefficient() -> impl Strategy<Value = u128> {
    prop_oneof![
        0..=MAX_COEFFICIENT,
        0u128..1000,
        (1u32..=34).prop_map(|n| 10u128.pow(n) - 1),
        (0u32..=33).prop_map(|n| 5 * 10u128.pow(n)),
    ]
}

fn exponent() -> impl Strategy<Value = i32> {
    prop_oneof![
        MIN_EXPONENT..=MAX_EXPONENT,
        -40..=40,
        MIN_EXPONENT..MIN_EXPONENT + 40,
        MAX_EXPONENT - 40..=MAX_EXPONENT,
    ]
}

/// Canonical finite values.
fn finite() -> impl Strategy<Value = Decimal128> {
    (any::<bool>(), coefficient(), exponent()).prop_map(|(n, c, e)| bits(n, c, e))
}

/// Finite values and the infinities (no NaN).
fn ordered() -> impl Strategy<Value = Decimal128> {
    prop_oneof![
        8 => finite(),
        1 => Just(d("Infinity")),
        1 => Just(d("-Infinity")),
    ]
}

proptest! {
    #[test]
    fn printing_then_parsing_gives_the_same_bits(x in finite()) {
        prop_assert_eq!(Decimal128::parse(&x.to_string()), Ok(x));
    }

    #[test]
    fn addition_commutes(a in ordered(), b in ordered()) {
        prop_assert_eq!(a.add(b).to_bits(), b.add(a).to_bits());
    }

    #[test]
    fn multiplication_commutes(a in ordered(), b in ordered()) {
        prop_assert_eq!(a.mul(b).to_bits(), b.mul(a).to_bits());
    }

    #[test]
    fn adding_zero_keeps_the_value(a in finite()) {
        prop_assert_eq!(a.add(Decimal128::ZERO).total_cmp_mongo(&a), Ordering::Equal);
        prop_assert_eq!(a.sub(Decimal128::ZERO).total_cmp_mongo(&a), Ordering::Equal);
    }

    #[test]
    fn multiplying_by_one_keeps_the_bits(a in finite()) {
        prop_assert_eq!(a.mul(Decimal128::from_i32(1)), a);
    }

    #[test]
    fn subtraction_is_addition_of_the_negation(a in ordered(), b in ordered()) {
        prop_assert_eq!(a.sub(b), a.add(b.neg()));
    }

    #[test]
    fn comparison_agrees_with_the_sign_of_the_difference(a in finite(), b in finite()) {
        let diff = a.sub(b);
        let sign = if diff.is_zero() {
            Ordering::Equal
        } else if diff.is_negative() {
            Ordering::Less
        } else {
            Ordering::Greater
        };
        prop_assert_eq!(a.total_cmp_mongo(&b), sign);
    }

    #[test]
    fn comparison_is_a_total_order(a in ordered(), b in ordered(), c in ordered()) {
        let (ab, bc, ac) = (a.total_cmp_mongo(&b), b.total_cmp_mongo(&c), a.total_cmp_mongo(&c));
        prop_assert_eq!(b.total_cmp_mongo(&a), ab.reverse());
        prop_assert_eq!(a.total_cmp_mongo(&a), Ordering::Equal);
        if ab != Ordering::Greater && bc != Ordering::Greater {
            prop_assert_ne!(ac, Ordering::Greater);
        }
        if ab == Ordering::Equal {
            prop_assert_eq!(ac, bc);
        }
    }

    #[test]
    fn nan_sorts_first(a in ordered()) {
        prop_assert_eq!(Decimal128::NAN.total_cmp_mongo(&a), Ordering::Less);
        prop_assert_eq!(a.total_cmp_mongo(&Decimal128::NAN), Ordering::Greater);
    }

    #[test]
    fn integers_round_trip(v in any::<i64>()) {
        prop_assert_eq!(Decimal128::from_i64(v).to_i64(), Some(v));
        prop_assert_eq!(Decimal128::from_i64(v).to_f64(), v as f64);
        let small = v as i32;
        prop_assert_eq!(Decimal128::from_i32(small).to_i32(), Some(small));
    }

    #[test]
    fn doubles_survive_the_15_digit_conversion(
        x in prop_oneof![any::<f64>(), -1e6f64..1e6]
            .prop_filter("normal", |x| x.is_normal())
    ) {
        let back = Decimal128::from_f64(x).to_f64();
        prop_assert!(((back - x) / x).abs() <= 5e-15, "{x:e} came back as {back:e}");
    }

    #[test]
    fn doubles_of_15_digits_round_trip_exactly(m in 1u64..1_000_000_000_000_000, k in -300i32..=290) {
        let x: f64 = format!("{m}e{k}").parse().unwrap();
        prop_assert_eq!(Decimal128::from_f64(x).to_f64(), x);
    }
}
