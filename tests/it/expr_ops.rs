//! The expression operators of issue 16 against the manual's examples and the server's own
//! rules, one table per operator. Each line is `expression => expected` in shell syntax;
//! `!code message` expects the server's refusal with that code and those exact words. The
//! data and expectations are carried over as facts from the page or jstests file named
//! above each table; the code under test was written separately.

use std::process::Command;

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value, print_value};
use bson_tutor::query::expr::evaluate;

use crate::common::bson_tutor;

fn parse(s: &str) -> bson_tutor::bson::Value {
    parse_value(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("bad test literal {s:?}: {e:?}"))
        .value
}

/// Runs `expr => want` lines against `doc` (`{}` when none).
fn table_on(doc: &str, lines: &[(&str, &str)]) {
    let root = parse_document(doc, &mut FixedGenerator::new(0))
        .unwrap()
        .value;
    let mut failures = Vec::new();
    for (expr, want) in lines {
        let got = evaluate(&parse(expr), Some(&root));
        let got = match &got {
            Ok(v) => print_value(v),
            Err(e) => format!("!{} {e}", e.code().unwrap_or(0)),
        };
        let want = if want.starts_with('!') {
            (*want).to_owned()
        } else {
            print_value(&parse(want))
        };
        if got != want {
            failures.push(format!("  {expr}\n    expected {want}\n    got      {got}"));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn table(lines: &[(&str, &str)]) {
    table_on("{}", lines);
}

#[test]
fn subtract_is_left_minus_right_in_the_wider_type() {
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_math.cpp (evaluateSubtract) and
    // issue 16's measurements; the manual's $subtract page for the dates.
    table(&[
        (
            "{ $subtract: [NumberDecimal('7E+5'), NumberDecimal('1E+3')] }",
            "NumberDecimal('6.99E+5')",
        ),
        ("{ $subtract: [Double(-0), Double(0)] }", "Double(-0)"),
        ("{ $subtract: [5, 7] }", "-2"),
        ("{ $subtract: [-2147483648, 1] }", "NumberLong(-2147483649)"),
        ("{ $subtract: [NumberLong(5), 7] }", "NumberLong(-2)"),
        (
            "{ $subtract: [NumberLong('-9223372036854775808'), 1] }",
            "-9223372036854775809.0",
        ),
        ("{ $subtract: [5, null] }", "null"),
        (
            "{ $subtract: [ISODate('2014-03-01T08:00:00Z'), ISODate('2014-03-01T07:00:00Z')] }",
            "NumberLong(3600000)",
        ),
        (
            "{ $subtract: [ISODate('2014-03-01T08:00:00Z'), 300000] }",
            "ISODate('2014-03-01T07:55:00Z')",
        ),
        (
            "{ $subtract: [ISODate('2014-03-01T08:00:00Z'), 2.5] }",
            "ISODate('2014-03-01T07:59:59.997Z')",
        ),
        (
            "{ $subtract: ['a', 1] }",
            "!14 can't $subtract int from string",
        ),
        (
            "{ $subtract: [ISODate('2014-03-01T08:00:00Z'), 'a'] }",
            "!14 can't $subtract string from Date",
        ),
        (
            "{ $toLong: { $subtract: [ISODate('1970-01-01T00:00:00Z'), NumberLong('9223372036854775807')] } }",
            "NumberLong('-9223372036854775807')",
        ),
        (
            "{ $subtract: [ISODate('1970-01-01T00:00:00Z'), NumberLong('-9223372036854775808')] }",
            "!15 date overflow",
        ),
        (
            "{ $subtract: [ISODate('1970-01-01T00:00:00Z'), 1e19] }",
            "!15 date overflow",
        ),
    ]);
}

#[test]
fn overflow_promotes_int_to_long_and_long_to_double() {
    // jstests/aggregation/expressions/arith_overflow.js.
    table(&[
        (
            "{ $add: [NumberInt(2000000000), NumberInt(2000000000)] }",
            "NumberLong(4000000000)",
        ),
        (
            "{ $add: [NumberLong('9000000000000000000'), NumberLong('9000000000000000000')] }",
            "1.8e+19",
        ),
        (
            "{ $subtract: [NumberInt(2000000000), NumberInt(-2000000000)] }",
            "NumberLong(4000000000)",
        ),
        (
            "{ $subtract: [NumberLong('9000000000000000000'), NumberLong('-9000000000000000000')] }",
            "1.8e+19",
        ),
        (
            "{ $multiply: [NumberInt(2000000000), NumberInt(-2000000000)] }",
            "NumberLong('-4000000000000000000')",
        ),
        (
            "{ $multiply: [NumberLong('9000000000000000000'), NumberLong('-9000000000000000000')] }",
            "-8.1e+37",
        ),
    ]);
}

#[test]
fn sum_and_avg_follow_the_double_double_summation() {
    // Issue 16 (a server answer) and mongodb/mongo src/mongo/util/summation.h; the manual's
    // $sum and $avg pages for the array forms (quizzes [10, 6, 7]).
    table_on(
        "{ quizzes: [10, 6, 7], labs: [5, 8] }",
        &[
            (
                "{ $sum: [NumberLong('9007199254740993'), 1e-10] }",
                "9007199254740994.0",
            ),
            ("{ $sum: '$quizzes' }", "23"),
            ("{ $avg: '$quizzes' }", "7.666666666666667"),
            ("{ $max: '$quizzes' }", "10"),
            ("{ $min: '$quizzes' }", "6"),
            ("{ $sum: ['$quizzes', 1] }", "1"),
            ("{ $sum: [] }", "0"),
            ("{ $avg: [] }", "null"),
            ("{ $avg: ['a', null] }", "null"),
            ("{ $sum: [2147483647, 1] }", "NumberLong(2147483648)"),
            (
                "{ $sum: [NumberLong('9223372036854775807'), 1] }",
                "9223372036854775808.0",
            ),
            (
                "{ $sum: [0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1] }",
                "Double(1)",
            ),
            ("{ $sum: [Infinity, -Infinity] }", "NaN"),
            ("{ $sum: [Infinity, 1] }", "Infinity"),
            ("{ $min: [null, 'a', 1] }", "1"),
            ("{ $max: [null, 'a', 1] }", "'a'"),
            ("{ $max: [] }", "null"),
            ("{ $max: [null] }", "null"),
        ],
    );
}

#[test]
fn mod_sign_follows_the_dividend() {
    // The manual's $mod page (hours/tasks, and the negative dividend example) and
    // evaluate_math.cpp (evaluateMod) for the types and codes.
    table(&[
        ("{ $mod: [80, 7] }", "3"),
        ("{ $mod: [40, 4] }", "0"),
        ("{ $mod: [-5, 3] }", "-2"),
        ("{ $mod: [5, -3] }", "2"),
        ("{ $mod: [5.5, 2] }", "1.5"),
        ("{ $mod: [NumberLong(7), 2] }", "NumberLong(1)"),
        (
            "{ $mod: [NumberDecimal('-7.5'), 2] }",
            "NumberDecimal('-1.5')",
        ),
        ("{ $mod: [-2147483648, -1] }", "0"),
        ("{ $mod: [1, 0] }", "!16610 can't $mod by zero"),
        (
            "{ $mod: [NumberDecimal('1'), 0] }",
            "!5733415 can't $mod by zero",
        ),
        (
            "{ $mod: ['a', 1] }",
            "!16611 $mod only supports numeric types, not string and int",
        ),
        ("{ $mod: [null, 1] }", "null"),
    ]);
}

#[test]
fn abs_ceil_floor() {
    // The manual's $abs (start/end), $ceil and $floor pages.
    table(&[
        ("{ $abs: { $subtract: [5, 8] } }", "3"),
        ("{ $abs: { $subtract: [9, 7] } }", "2"),
        ("{ $abs: { $subtract: [6, null] } }", "null"),
        ("{ $abs: -2147483648 }", "NumberLong(2147483648)"),
        (
            "{ $abs: NumberLong('-9223372036854775808') }",
            "!28680 can't take $abs of long long min",
        ),
        ("{ $abs: NumberDecimal('-1.50') }", "NumberDecimal('1.50')"),
        (
            "{ $abs: 'a' }",
            "!28765 $abs only supports numeric types, not string",
        ),
        ("{ $ceil: 9.25 }", "10.0"),
        ("{ $ceil: 8.73 }", "9.0"),
        ("{ $ceil: -5.34 }", "-5.0"),
        ("{ $ceil: 4 }", "4"),
        ("{ $ceil: NumberDecimal('1.1') }", "NumberDecimal('2')"),
        ("{ $floor: 9.25 }", "9.0"),
        ("{ $floor: -5.34 }", "-6.0"),
        ("{ $floor: NumberDecimal('-1.1') }", "NumberDecimal('-2')"),
    ]);
}

#[test]
fn round_is_half_to_even_and_trunc_toward_zero() {
    // The manual's $round and $trunc pages (19.25, 28.73, 34.32, -45.39 to one place;
    // 1234.5678 at places 2, 0, -2; 10.5 ... 13.5 round half to even), evaluate_math.cpp
    // (evaluateRoundOrTrunc) for integers, decimals and the errors.
    table(&[
        ("{ $round: [19.25, 1] }", "19.2"),
        ("{ $round: [28.73, 1] }", "28.7"),
        ("{ $round: [34.32, 1] }", "34.3"),
        ("{ $round: [-45.39, 1] }", "-45.4"),
        ("{ $round: [1234.5678, 2] }", "1234.57"),
        ("{ $round: [1234.5678, 0] }", "1235.0"),
        ("{ $round: [1234.5678, -2] }", "1200.0"),
        ("{ $round: [10.5] }", "10.0"),
        ("{ $round: [11.5] }", "12.0"),
        ("{ $round: [12.5] }", "12.0"),
        ("{ $round: [13.5] }", "14.0"),
        (
            "{ $round: [NumberDecimal('2.345'), 2] }",
            "NumberDecimal('2.34')",
        ),
        ("{ $round: [NumberDecimal('-1.5')] }", "NumberDecimal('-2')"),
        ("{ $round: [1234, -2] }", "1200"),
        ("{ $round: [NumberLong(1250), -2] }", "NumberLong(1200)"),
        ("{ $round: [2147483647, -1] }", "NumberLong(2147483650)"),
        ("{ $round: [7, 3] }", "7"),
        ("{ $round: [7, null] }", "null"),
        ("{ $round: [Infinity, 1] }", "Infinity"),
        (
            "{ $round: [1, 101] }",
            "!51083 cannot apply $round with precision value 101 value must be in [-20, 100]",
        ),
        (
            "{ $round: [1, 1.5] }",
            "!51082 precision argument to  $round must be a integral value",
        ),
        (
            "{ $round: ['a'] }",
            "!51081 $round only supports numeric types, not string",
        ),
        ("{ $trunc: [19.25, 1] }", "19.2"),
        ("{ $trunc: [-45.39, 1] }", "-45.3"),
        ("{ $trunc: [1234.5678, 2] }", "1234.56"),
        ("{ $trunc: [1234.5678, -2] }", "1200.0"),
        ("{ $trunc: [-2.7] }", "-2.0"),
        (
            "{ $trunc: [NumberDecimal('-2.79'), 1] }",
            "NumberDecimal('-2.7')",
        ),
    ]);
}

#[test]
fn exponents_logarithms_and_roots() {
    // The manual's $exp, $ln, $log, $log10, $sqrt and $pow pages (their tables of values),
    // evaluate_math.cpp for $pow's integer results and the errors.
    table(&[
        ("{ $exp: 0 }", "1.0"),
        ("{ $exp: 2 }", "7.38905609893065"),
        ("{ $exp: -2 }", "0.1353352832366127"),
        ("{ $ln: 1 }", "0.0"),
        ("{ $ln: 10 }", "2.302585092994046"),
        (
            "{ $ln: -1 }",
            "!28766 $ln's argument must be a positive number, but is -1",
        ),
        ("{ $log: [100, 10] }", "2.0"),
        ("{ $log: [100, 2.718281828459045] }", "4.605170185988092"),
        (
            "{ $log: [100, 1] }",
            "!28759 $log's base must be a positive number not equal to 1, but is 1",
        ),
        (
            "{ $log: [-0.5, 10] }",
            "!28758 $log's argument must be a positive number, but is -0.5",
        ),
        ("{ $log10: 1 }", "0.0"),
        ("{ $log10: 1000 }", "3.0"),
        (
            "{ $log10: 0 }",
            "!28761 $log10's argument must be a positive number, but is 0",
        ),
        ("{ $sqrt: 25 }", "5.0"),
        (
            "{ $sqrt: -1 }",
            "!28714 $sqrt's argument must be greater than or equal to 0",
        ),
        ("{ $sqrt: null }", "null"),
        ("{ $pow: [5, 0] }", "1"),
        ("{ $pow: [5, 2] }", "25"),
        ("{ $pow: [5, -2] }", "0.04"),
        ("{ $pow: [-5, 0.5] }", "NaN"),
        ("{ $pow: [2, 31] }", "NumberLong(2147483648)"),
        ("{ $pow: [NumberLong(2), 3] }", "NumberLong(8)"),
        ("{ $pow: [3, 40] }", "12157665459056928801.0"),
        ("{ $pow: [-1, 5] }", "-1"),
        (
            "{ $pow: [0, -1] }",
            "!28764 $pow cannot take a base of 0 and a negative exponent",
        ),
        (
            "{ $pow: ['a', 1] }",
            "!28762 $pow's base must be numeric, not string",
        ),
    ]);
    // A decimal's transcendental function is the tutor's own refusal, never a guess.
    let e = evaluate(&parse("{ $sqrt: NumberDecimal('2') }"), None).unwrap_err();
    assert_eq!(e.code(), None);
    assert!(e.to_string().contains("$sqrt"), "{e}");
}

#[test]
fn convert_follows_the_manual_conversion_table() {
    // The manual's $convert, $toBool, $toInt, $toLong, $toDouble, $toDecimal, $toString,
    // $toDate and $toObjectId pages (their example tables), evaluate_math.cpp
    // (ConversionTable) for the error words.
    table(&[
        ("{ $toBool: false }", "false"),
        ("{ $toBool: 1.99999 }", "true"),
        ("{ $toBool: NumberDecimal('5') }", "true"),
        ("{ $toBool: NumberDecimal('0') }", "false"),
        ("{ $toBool: ISODate('2018-03-26T04:38:28.044Z') }", "true"),
        ("{ $toBool: 'false' }", "true"),
        ("{ $toBool: '' }", "true"),
        ("{ $toBool: null }", "null"),
        ("{ $toInt: true }", "1"),
        ("{ $toInt: 1.99999 }", "1"),
        ("{ $toInt: NumberDecimal('5.5000') }", "5"),
        (
            "{ $toInt: NumberDecimal('9223372036000.000') }",
            "!241 Conversion would overflow target type in $convert with no onError value: 9223372036000.000",
        ),
        ("{ $toInt: NumberLong('5000') }", "5000"),
        (
            "{ $toInt: NumberLong('922337203600') }",
            "!241 Conversion would overflow target type in $convert with no onError value: ",
        ),
        ("{ $toInt: '-2' }", "-2"),
        (
            "{ $toInt: '2.5' }",
            "!241 Failed to parse number '2.5' in $convert with no onError value: Did not consume whole string.",
        ),
        (
            "{ $toLong: NumberDecimal('9223372036854775808.0') }",
            "!241 Conversion would overflow target type in $convert with no onError value: 9223372036854775808.0",
        ),
        (
            "{ $toLong: ISODate('2018-03-26T04:38:28.044Z') }",
            "NumberLong('1522039108044')",
        ),
        (
            "{ $toLong: NaN }",
            "!241 Attempt to convert NaN value to integer type in $convert with no onError value",
        ),
        ("{ $toDecimal: true }", "NumberDecimal('1')"),
        ("{ $toDecimal: 2.5 }", "NumberDecimal('2.50000000000000')"),
        ("{ $toDecimal: '-5.5' }", "NumberDecimal('-5.5')"),
        (
            "{ $toDecimal: ISODate('2018-03-27T05:04:47.890Z') }",
            "NumberDecimal('1522127087890')",
        ),
        ("{ $toDouble: true }", "1.0"),
        ("{ $toDouble: '-5.5' }", "-5.5"),
        ("{ $toDouble: '5e10' }", "50000000000.0"),
        ("{ $toString: true }", "'true'"),
        ("{ $toString: 2.5 }", "'2.5'"),
        ("{ $toString: NumberLong(1000) }", "'1000'"),
        (
            "{ $toString: ObjectId('5ab9c3da31c2ab715d421285') }",
            "'5ab9c3da31c2ab715d421285'",
        ),
        (
            "{ $toString: ISODate('2018-03-27T16:58:51.538Z') }",
            "'2018-03-27T16:58:51.538Z'",
        ),
        ("{ $toString: NumberDecimal('1.50') }", "'1.50'"),
        (
            "{ $toDate: 120000000000.5 }",
            "ISODate('1973-10-20T21:20:00.000Z')",
        ),
        (
            "{ $toDate: NumberDecimal('1253372036000.50') }",
            "ISODate('2009-09-19T14:53:56.000Z')",
        ),
        (
            "{ $toDate: NumberLong('1100000000000') }",
            "ISODate('2004-11-09T11:33:20.000Z')",
        ),
        (
            "{ $toDate: NumberLong('-1100000000000') }",
            "ISODate('1935-02-22T12:26:40.000Z')",
        ),
        (
            "{ $toDate: ObjectId('5ab9c3da31c2ab715d421285') }",
            "ISODate('2018-03-27T04:08:58.000Z')",
        ),
        (
            "{ $toDate: '2018-03-03' }",
            "ISODate('2018-03-03T00:00:00.000Z')",
        ),
        (
            "{ $toDate: 5 }",
            "!241 Unsupported conversion from int to date in $convert with no onError value",
        ),
        (
            "{ $toObjectId: '5ab9cbfa31c2ab715d42129e' }",
            "ObjectId('5ab9cbfa31c2ab715d42129e')",
        ),
        (
            "{ $toObjectId: 'abc' }",
            "!241 Failed to parse objectId 'abc' in $convert with no onError value: Invalid string length for parsing to OID, expected 24 but found 3",
        ),
        (
            "{ $convert: { input: 'abc', to: 'int', onError: 'bad' } }",
            "'bad'",
        ),
        ("{ $convert: { input: null, to: 'int', onNull: 0 } }", "0"),
        (
            "{ $convert: { input: '$nope', to: 'int', onNull: 'missing' } }",
            "'missing'",
        ),
        ("{ $convert: { input: 5, to: 18 } }", "NumberLong(5)"),
        ("{ $convert: { input: 5, to: { type: 'double' } } }", "5.0"),
        ("{ $convert: { input: 5, to: null } }", "null"),
        (
            "{ $convert: { input: 5, to: 'bogus', onError: 0 } }",
            "!2 Unknown type name: bogus",
        ),
        (
            "{ $convert: { input: 5, to: 3.5, onError: 0 } }",
            "!9 In $convert, numeric 'to' argument is not an integer",
        ),
        (
            "{ $convert: { input: 5, to: 100 } }",
            "!9 In $convert, numeric value for 'to' does not correspond to a BSON type: 100",
        ),
        (
            "{ $convert: { input: 5 } }",
            "!9 Missing 'to' parameter to $convert",
        ),
        (
            "{ $convert: { to: 'int' } }",
            "!9 Missing 'input' parameter to $convert",
        ),
        (
            "{ $convert: { input: [1], to: 'int', onError: 'no' } }",
            "'no'",
        ),
    ]);
}

#[test]
fn a_missing_operand_compares_below_null() {
    // bsontypes.h canonicalizeBSONType: EOO (a missing field) ranks with undefined, below
    // null, so in an expression a missing field is not equal to null (unlike a query's
    // { a: null }, which matches a missing a).
    table(&[
        ("{ $eq: ['$nope', null] }", "false"),
        ("{ $ne: ['$nope', null] }", "true"),
        ("{ $lt: ['$nope', null] }", "true"),
        ("{ $gte: [null, '$nope'] }", "true"),
        ("{ $eq: ['$nope', '$other'] }", "true"),
        ("{ $cmp: ['$nope', MinKey()] }", "1"),
        (
            "{ $eq: ['$nope'] }",
            "!16020 Expression $eq takes exactly 2 arguments. 1 were passed in.",
        ),
    ]);
}

#[test]
fn strings_become_numbers_as_the_servers_number_parser_reads_them() {
    // src/mongo/base/parse_number.cpp, as $convert calls it (NumberParser().base(10) for
    // integers, base 0 for doubles): no leading whitespace skipped, no trailing text, an
    // optional sign; each refusal's reason word for word. The strings a web form sends.
    let failed = |s: &str, why: &str| {
        format!("!241 Failed to parse number '{s}' in $convert with no onError value: {why}")
    };
    let lines: Vec<(String, String)> = vec![
        ("{ $toInt: '42' }".into(), "42".into()),
        ("{ $toInt: '+42' }".into(), "42".into()),
        ("{ $toInt: '-2147483648' }".into(), "-2147483648".into()),
        (
            "{ $toInt: ' 42' }".into(),
            failed(" 42", "Did not consume whole string."),
        ),
        (
            "{ $toInt: '42 ' }".into(),
            failed("42 ", "Did not consume whole string."),
        ),
        (
            "{ $toInt: 'x' }".into(),
            failed("x", "Did not consume whole string."),
        ),
        ("{ $toInt: '' }".into(), failed("", "No digits")),
        ("{ $toInt: '-' }".into(), failed("-", "No digits")),
        (
            "{ $toInt: '2147483648' }".into(),
            failed("2147483648", "Overflow"),
        ),
        (
            "{ $toLong: '2147483648' }".into(),
            "NumberLong('2147483648')".into(),
        ),
        (
            "{ $toLong: '9223372036854775808' }".into(),
            failed("9223372036854775808", "Overflow"),
        ),
        (
            "{ $toLong: '-9223372036854775808' }".into(),
            "NumberLong('-9223372036854775808')".into(),
        ),
        ("{ $toDouble: '4.2' }".into(), "4.2".into()),
        ("{ $toDouble: '.5' }".into(), "0.5".into()),
        ("{ $toDouble: '1e5' }".into(), "100000".into()),
        ("{ $toDouble: '-Infinity' }".into(), "-Infinity".into()),
        (
            "{ $toDouble: ' 4.2' }".into(),
            failed(" 4.2", "Leading whitespace"),
        ),
        ("{ $toDouble: '' }".into(), failed("", "Empty string")),
        (
            "{ $toDouble: 'x' }".into(),
            failed("x", "Did not consume any digits"),
        ),
        (
            "{ $toDouble: '4,2' }".into(),
            failed("4,2", "Did not consume whole string."),
        ),
        (
            "{ $toDouble: '1e400' }".into(),
            failed("1e400", "Out of range"),
        ),
        // Subnormal results are out of range before 8.3 (the manual's $convert page).
        (
            "{ $toDouble: '7.08263e-317' }".into(),
            failed("7.08263e-317", "Out of range"),
        ),
        (
            "{ $toDouble: '0x1A' }".into(),
            "!241 Illegal hexadecimal input in $convert with no onError value: 0x1A".into(),
        ),
        ("{ $toDecimal: '' }".into(), failed("", "Empty string")),
        (
            "{ $convert: { input: ' 42', to: 'int', onError: 'not a number' } }".into(),
            "'not a number'".into(),
        ),
    ];
    let lines: Vec<(&str, &str)> = lines
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    table(&lines);
}

#[test]
fn date_from_string_reads_iso_dates_formats_and_zones() {
    // The manual's $dateFromString page (America/New_York, '%m-%d-%Y' and '%d-%m-%Y',
    // onError and onNull).
    table(&[
        (
            "{ $dateFromString: { dateString: '2017-02-08T12:10:40.787', timezone: 'America/New_York' } }",
            "ISODate('2017-02-08T17:10:40.787Z')",
        ),
        (
            "{ $dateFromString: { dateString: '2017-02-08' } }",
            "ISODate('2017-02-08T00:00:00.000Z')",
        ),
        (
            "{ $dateFromString: { dateString: '06-15-2018', format: '%m-%d-%Y' } }",
            "ISODate('2018-06-15T00:00:00.000Z')",
        ),
        (
            "{ $dateFromString: { dateString: '15-06-2018', format: '%d-%m-%Y' } }",
            "ISODate('2018-06-15T00:00:00.000Z')",
        ),
        (
            "{ $dateFromString: { dateString: 'oops', onError: 'bad' } }",
            "'bad'",
        ),
        (
            "{ $dateFromString: { dateString: null, onNull: 'none' } }",
            "'none'",
        ),
        ("{ $dateFromString: { dateString: '$missing' } }", "null"),
        ("{ $dateFromString: { dateString: 5, onError: 0 } }", "0"),
        (
            "{ $dateFromString: { } }",
            "!40542 Missing 'dateString' parameter to $dateFromString",
        ),
        (
            "{ $dateFromString: { dateString: 'x', foo: 1 } }",
            "!40541 Unrecognized argument to $dateFromString: foo",
        ),
    ]);
}

#[test]
fn array_and_string_helpers() {
    // The manual's $range, $reduce, $split, $indexOfBytes, $substrBytes, $substrCP,
    // $toUpper and $toLower pages (their example tables).
    table(&[
        ("{ $range: [0, 10, 2] }", "[0, 2, 4, 6, 8]"),
        ("{ $range: [10, 0, -2] }", "[10, 8, 6, 4, 2]"),
        ("{ $range: [0, 10, -2] }", "[]"),
        ("{ $range: [0, 5] }", "[0, 1, 2, 3, 4]"),
        ("{ $range: [0, 100, 25] }", "[0, 25, 50, 75]"),
        (
            "{ $range: [0, 5, 0] }",
            "!34449 $range requires a non-zero step value",
        ),
        (
            "{ $range: [0, 2000000000] }",
            "!0 this expression holds more than 16793600 bytes of values at once, more than a document can hold (16793600 bytes): the server would compute on and then refuse the document; bson-tutor stops here so as not to run out of memory",
        ),
        (
            "{ $reduce: { input: ['a', 'b', 'c'], initialValue: '', in: { $concat: ['$$value', '$$this'] } } }",
            "'abc'",
        ),
        (
            "{ $reduce: { input: [1, 2, 3, 4], initialValue: { sum: 5, product: 2 }, in: { sum: { $add: ['$$value.sum', '$$this'] }, product: { $multiply: ['$$value.product', '$$this'] } } } }",
            "{ sum: 15, product: 48 }",
        ),
        (
            "{ $reduce: { input: null, initialValue: 0, in: 1 } }",
            "null",
        ),
        (
            "{ $split: ['June-15-2013', '-'] }",
            "['June', '15', '2013']",
        ),
        (
            "{ $split: ['banana split', 'a'] }",
            "['b', 'n', 'n', ' split']",
        ),
        ("{ $split: ['astronomical', 'astro'] }", "['', 'nomical']"),
        (
            "{ $split: ['pea green boat', 'owl'] }",
            "['pea green boat']",
        ),
        (
            "{ $split: ['headphone jack', 7] }",
            "!40086 $split requires an expression that evaluates to a string as a second argument, found: int",
        ),
        ("{ $indexOfBytes: ['cafeteria', 'e'] }", "3"),
        ("{ $indexOfBytes: ['cafétéria', 'é'] }", "3"),
        ("{ $indexOfBytes: ['cafétéria', 'e'] }", "-1"),
        ("{ $indexOfBytes: ['cafétéria', 't'] }", "5"),
        ("{ $indexOfBytes: ['foo.bar.fighters', '.', 5] }", "7"),
        ("{ $indexOfBytes: ['vanilla', 'll', 0, 2] }", "-1"),
        ("{ $indexOfBytes: ['vanilla', 'll', 12] }", "-1"),
        ("{ $indexOfBytes: ['vanilla', 'll', 5, 2] }", "-1"),
        ("{ $indexOfBytes: ['vanilla', 'nilla', 3] }", "-1"),
        ("{ $indexOfBytes: [null, 'foo'] }", "null"),
        ("{ $substrBytes: ['abcde', 1, 2] }", "'bc'"),
        ("{ $substrBytes: ['Hello World!', 6, 5] }", "'World'"),
        ("{ $substrBytes: ['cafétéria', 0, 5] }", "'café'"),
        ("{ $substrBytes: ['cafétéria', 5, 4] }", "'tér'"),
        ("{ $substrCP: ['abcde', 1, 2] }", "'bc'"),
        ("{ $substrCP: ['cafétéria', 0, 5] }", "'cafét'"),
        ("{ $substrCP: ['cafétéria', 5, 4] }", "'éria'"),
        ("{ $substrCP: ['cafétéria', 7, 3] }", "'ia'"),
        ("{ $substrCP: ['cafétéria', 3, 1] }", "'é'"),
        ("{ $toUpper: 'abc' }", "'ABC'"),
        ("{ $toLower: 'ABC1' }", "'abc1'"),
        ("{ $toUpper: null }", "''"),
    ]);
}

#[test]
fn eval_runs_the_new_operators_from_the_command_line() {
    let run = |expr: &str| {
        let out = bson_tutor()
            .args(["eval", expr])
            .output()
            .expect("bson-tutor runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        )
    };
    assert_eq!(run("{ $round: [12.5] }"), (true, "12".to_owned()));
    assert_eq!(
        run("{ $subtract: [NumberDecimal('7E+5'), NumberDecimal('1E+3')] }"),
        (true, "Decimal128('6.99E+5')".to_owned())
    );
    assert_eq!(
        run("{ $sum: [NumberLong('9007199254740993'), 1e-10] }"),
        (true, "9007199254740994".to_owned())
    );
    assert_eq!(
        run("{ $convert: { input: 'x', to: 'int', onError: -1 } }"),
        (true, "-1".to_owned())
    );
    let (ok, _) = run("{ $pow: [0, -1] }");
    assert!(!ok);
    let _: Option<Command> = None;
}
