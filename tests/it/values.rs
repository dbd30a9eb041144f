//! The numeric experiments (0.1 + 0.2, `$sum` against chained `$add`, the wallet, int32
//! overflow), run through `bson-tutor eval` as a learner would,
//! and the numeric order checked as a property.

use std::cmp::Ordering;
use std::process::{Command, Output};

use bson_tutor::bson::num::{self, Number};
use bson_tutor::bson::{Decimal128, Value};
use proptest::prelude::*;

fn eval(expr: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
        .args(["eval", expr])
        .output()
        .expect("binary runs")
}

fn result(expr: &str) -> String {
    let out = eval(expr);
    assert!(
        out.status.success(),
        "{expr}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim_end().to_owned()
}

fn error(expr: &str) -> String {
    let out = eval(expr);
    assert_eq!(out.status.code(), Some(1), "{expr} should fail");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn point_one_plus_point_two_in_double_and_decimal() {
    assert_eq!(result("{ $add: [0.1, 0.2] }"), "0.30000000000000004");
    assert_eq!(
        result(r#"{ $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] }"#),
        "Decimal128('0.3')"
    );
    assert_eq!(result("{ $eq: [{ $add: [0.1, 0.2] }, 0.3] }"), "false");
    assert_eq!(
        result(
            r#"{ $eq: [{ $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] }, NumberDecimal("0.3")] }"#
        ),
        "true"
    );
}

#[test]
fn sum_is_exact_where_chained_add_drifts() {
    let tenths = ["0.1"; 10].join(", ");
    assert_eq!(result(&format!("{{ $sum: [[{tenths}]] }}")), "1");
    assert_eq!(
        result(&format!("{{ $add: [{tenths}] }}")),
        "0.9999999999999999"
    );
}

#[test]
fn the_wallet_credited_ten_times() {
    let mut dbl = Value::Int32(0);
    let mut dec = Value::Decimal128(Decimal128::parse("0").unwrap());
    let tenth = Value::Decimal128(Decimal128::parse("0.1").unwrap());
    for _ in 0..10 {
        dbl = num::inc(Some(&dbl), &Value::Double(0.1)).unwrap();
        dec = num::inc(Some(&dec), &tenth).unwrap();
    }
    assert_eq!(dbl, Value::Double(0.9999999999999999));
    let Value::Decimal128(d) = &dec else {
        panic!("decimal stays decimal")
    };
    assert_eq!(d.to_string(), "1.0");
    // countDocuments({dbl: 1}) is 0 and countDocuments({dec: 1}) is 1.
    assert_ne!(num::compare(&dbl, &Value::Int32(1)), Some(Ordering::Equal));
    assert_eq!(num::compare(&dec, &Value::Int32(1)), Some(Ordering::Equal));
}

#[test]
fn an_int32_at_its_maximum_overflows_into_a_long() {
    assert_eq!(
        result(r#"{ $add: [NumberInt("2147483647"), NumberInt("1")] }"#),
        "Long('2147483648')"
    );
    let n = num::inc(Some(&Value::Int32(i32::MAX)), &Value::Int32(1)).unwrap();
    assert_eq!(n, Value::Int64(2_147_483_648));
    assert_eq!(
        result(r#"{ $type: { $add: [NumberInt("2147483647"), NumberInt("1")] } }"#),
        "'long'"
    );
}

#[test]
fn types_sizes_and_conversions() {
    assert_eq!(result("{ $type: 42.0 }"), "'int'");
    assert_eq!(result("{ $type: Double(42) }"), "'double'");
    assert_eq!(
        result(
            r#"{ $bsonSize: { $literal: { customerEmailAddress: "an@x.vn", customerPhoneNumber: "0901234567", customerCreatedAt: new Date(0) } } }"#
        ),
        "102"
    );
    assert_eq!(
        result(
            r#"{ $bsonSize: { $literal: { email: "an@x.vn", phone: "0901234567", createdAt: new Date(0) } } }"#
        ),
        "65"
    );
    assert_eq!(
        result(r#"{ $toLong: NumberDecimal("42.9") }"#),
        "Long('42')"
    );
    assert_eq!(
        result("{ $toDecimal: 0.1 }"),
        "Decimal128('0.100000000000000')"
    );
    assert_eq!(
        result(
            r#"{ $dateToString: { date: ISODate("2026-10-08T10:00:00Z"), format: "%Y-%m-%d %H:%M", timezone: "Asia/Ho_Chi_Minh" } }"#
        ),
        "'2026-10-08 17:00'"
    );
}

#[test]
fn bad_values_are_clear_errors() {
    assert!(
        error(r#"{ $literal: NumberDecimal("1e99999") }"#).contains("too large for decimal128")
    );
    assert!(error(r#"{ $literal: NumberDecimal("abc") }"#).contains("is not a decimal number"));
    assert!(
        error(r#"{ $literal: ObjectId("6ac711ed454f588ca2d05d4b0") }"#).contains("24 hex digits")
    );
    assert!(error(r#"{ $literal: ISODate("2026-02-30") }"#).contains("day 30"));
    assert!(error("{ $foo: 1 }").contains("Unrecognized expression '$foo'"));
    assert!(
        error(r#"{ $add: [1, "x"] }"#)
            .contains("$add only supports numeric or date types, not string")
    );
    assert!(error("{ $divide: [1, 0] }").contains("can't $divide by zero"));
}

fn any_number() -> impl Strategy<Value = Number> {
    let decimal = (any::<i64>(), -20i32..20)
        .prop_map(|(c, e)| Number::Decimal(Decimal128::parse(&format!("{c}E{e}")).unwrap()));
    prop_oneof![
        any::<i32>().prop_map(Number::Int),
        any::<i64>().prop_map(Number::Long),
        any::<f64>().prop_map(Number::Double),
        (-1_000_000i64..1_000_000).prop_map(|v| Number::Double(v as f64 / 4.0)),
        decimal,
        Just(Number::Double(f64::NAN)),
        Just(Number::Decimal(Decimal128::NAN)),
    ]
}

proptest! {
    /// Comparison across the four numeric types is a total order consistent with equality.
    #[test]
    fn numeric_comparison_is_a_total_order(a in any_number(), b in any_number(), c in any_number()) {
        let ab = num::compare_numbers(a, b);
        prop_assert_eq!(ab, num::compare_numbers(b, a).reverse());
        prop_assert_eq!(num::compare_numbers(a, a), Ordering::Equal);
        let bc = num::compare_numbers(b, c);
        if ab != Ordering::Greater && bc != Ordering::Greater {
            prop_assert_ne!(num::compare_numbers(a, c), Ordering::Greater, "{:?} <= {:?} <= {:?}", a, b, c);
        }
    }

    /// An int32, the same value as int64, double and decimal: all equal.
    #[test]
    fn one_value_in_four_types_is_equal(v in any::<i32>()) {
        let forms = [
            Number::Int(v),
            Number::Long(i64::from(v)),
            Number::Double(f64::from(v)),
            Number::Decimal(Decimal128::from_i32(v)),
        ];
        for x in forms {
            for y in forms {
                prop_assert_eq!(num::compare_numbers(x, y), Ordering::Equal);
            }
        }
    }
}
