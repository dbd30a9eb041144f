//! The logic, array, set and object expression operators against the manual's examples and
//! the server's own rules, one table per operator. Each line is `expression => expected` in
//! shell syntax; `!code message` expects the server's refusal with that code and those exact
//! words; `MISSING` expects no value at all (a `$project` would leave the field out). The
//! data and expectations are carried over as facts from the page or file named above each
//! table (manual pages under https://www.mongodb.com/docs/manual/reference/operator/aggregation/,
//! server files in mongodb/mongo); the code under test was written separately.

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value, print_value};
use bson_tutor::query::expr::evaluate_in;

use crate::common::bson_tutor;

fn parse(s: &str) -> bson_tutor::bson::Value {
    parse_value(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("bad test literal {s:?}: {e:?}"))
        .value
}

/// Runs `expr => want` lines against `doc`.
fn table_on(doc: &str, lines: &[(&str, &str)]) {
    let root = parse_document(doc, &mut FixedGenerator::new(0))
        .unwrap()
        .value;
    let mut failures = Vec::new();
    for (expr, want) in lines {
        let got = match evaluate_in(&parse(expr), Some(&root), &[]) {
            Ok(Some(v)) => print_value(&v),
            Ok(None) => "MISSING".to_owned(),
            Err(e) => format!("!{} {e}", e.code().unwrap_or(0)),
        };
        let want = if want.starts_with('!') || *want == "MISSING" {
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
fn and_or_not_read_values_as_coerce_to_bool() {
    // Manual: $and, $or, $not (the tables of example results).
    table(&[
        ("{ $and: [1, 'green'] }", "true"),
        ("{ $and: [] }", "true"),
        ("{ $and: [[null], [false], []] }", "true"),
        ("{ $and: [null, true] }", "false"),
        ("{ $and: [0, true] }", "false"),
        ("{ $or: [true, false] }", "true"),
        ("{ $or: [[false], false] }", "true"),
        ("{ $or: [null, 0, undefined] }", "false"),
        ("{ $or: [] }", "false"),
        ("{ $not: [true] }", "false"),
        ("{ $not: [[false]] }", "false"),
        ("{ $not: [false] }", "true"),
        ("{ $not: [null] }", "true"),
        ("{ $not: [0] }", "true"),
    ]);
    // mongodb/mongo src/mongo/db/pipeline/expression.cpp (ExpressionAnd/Or stop at the
    // first operand that decides; Value::coerceToBool: every numeric zero is false).
    table(&[
        ("{ $and: [false, { $divide: [1, 0] }] }", "false"),
        ("{ $or: [1, { $divide: [1, 0] }] }", "true"),
        ("{ $and: [NumberLong(0)] }", "false"),
        ("{ $and: [NumberDecimal('0.00')] }", "false"),
        ("{ $and: [Double(-0)] }", "false"),
        ("{ $or: ['$nope'] }", "false"),
        ("{ $and: '' }", "true"),
        ("{ $not: '$nope' }", "true"),
        (
            "{ $not: [1, 2] }",
            "!16020 Expression $not takes exactly 1 argument. 2 were passed in.",
        ),
    ]);
}

#[test]
fn and_on_documents_picks_quantities_in_range() {
    // Manual: $and, "Example" (inventory: qty greater than 100 and less than 250).
    for (doc, want) in [
        ("{ _id: 1, item: 'abc1', qty: 300 }", "false"),
        ("{ _id: 2, item: 'abc2', qty: 200 }", "true"),
        ("{ _id: 3, item: 'xyz1', qty: 250 }", "false"),
        ("{ _id: 4, item: 'VWZ1', qty: 300 }", "false"),
        ("{ _id: 5, item: 'VWZ2', qty: 180 }", "true"),
    ] {
        table_on(
            doc,
            &[(
                "{ $and: [{ $gt: ['$qty', 100] }, { $lt: ['$qty', 250] }] }",
                want,
            )],
        );
    }
}

#[test]
fn switch_takes_the_first_true_branch() {
    // Manual: $switch, "Example" (grades).
    let spec = "{ $switch: { branches: [
        { case: { $gte: [{ $avg: '$scores' }, 90] }, then: 'Doing great!' },
        { case: { $and: [{ $gte: [{ $avg: '$scores' }, 80] }, { $lt: [{ $avg: '$scores' }, 90] }] }, then: 'Doing pretty well.' },
        { case: { $lt: [{ $avg: '$scores' }, 80] }, then: 'Needs improvement.' } ],
        default: 'No scores found.' } }";
    for (doc, want) in [
        (
            "{ _id: 1, name: 'Susan Wilkes', scores: [87, 86, 78] }",
            "'Doing pretty well.'",
        ),
        (
            "{ _id: 2, name: 'Bob Hanna', scores: [71, 64, 81] }",
            "'Needs improvement.'",
        ),
        (
            "{ _id: 3, name: 'James Torrence', scores: [91, 84, 97] }",
            "'Doing great!'",
        ),
        // `$avg` of a missing field is null, and null sorts below every number: the third
        // case is true, not the default.
        ("{ _id: 4 }", "'Needs improvement.'"),
    ] {
        table_on(doc, &[(spec, want)]);
    }
    // mongodb/mongo src/mongo/db/pipeline/expression.cpp (ExpressionSwitch::parse and its
    // evaluation).
    table(&[
        (
            "{ $switch: { branches: [{ case: false, then: 1 }] } }",
            "!40066 $switch could not find a matching branch for an input, and no default was specified.",
        ),
        (
            "{ $switch: { branches: [{ case: 0, then: 1 }, { case: 'x', then: 2 }] } }",
            "2",
        ),
        (
            "{ $switch: { branches: [{ case: true, then: '$nope' }] } }",
            "MISSING",
        ),
        (
            "{ $switch: 1 }",
            "!40060 $switch requires an object as an argument, found: int",
        ),
        (
            "{ $switch: { branches: 1 } }",
            "!40061 $switch expected an array for 'branches', found: int",
        ),
        (
            "{ $switch: { branches: [1] } }",
            "!40062 $switch expected each branch to be an object, found: int",
        ),
        (
            "{ $switch: { branches: [{ case: true, then: 1, else: 2 }] } }",
            "!40063 $switch found an unknown argument to a branch: else",
        ),
        (
            "{ $switch: { branches: [{ then: 1 }] } }",
            "!40064 $switch requires each branch have a 'case' expression",
        ),
        (
            "{ $switch: { branches: [{ case: true }] } }",
            "!40065 $switch requires each branch have a 'then' expression.",
        ),
        (
            "{ $switch: { branches: [{ case: true, then: 1 }], other: 1 } }",
            "!40067 $switch found an unknown argument: other",
        ),
        (
            "{ $switch: { branches: [] } }",
            "!40068 $switch requires at least one branch.",
        ),
        (
            "{ $switch: { default: 1 } }",
            "!40068 $switch requires at least one branch.",
        ),
    ]);
}

#[test]
fn let_binds_variables_for_in() {
    // Manual: $let, "Example" (sales: total with tax, discounted).
    let spec = "{ $let: { vars: { total: { $add: ['$price', '$tax'] },
        discounted: { $cond: { if: '$applyDiscount', then: 0.9, else: 1 } } },
        in: { $multiply: ['$$total', '$$discounted'] } } }";
    table_on(
        "{ _id: 1, price: 10, tax: 0.50, applyDiscount: true }",
        &[(spec, "9.450000000000001")],
    );
    table_on(
        "{ _id: 2, price: 10, tax: 0.25, applyDiscount: false }",
        &[(spec, "10.25")],
    );
    // mongodb/mongo jstests/aggregation/expressions/let.js.
    table_on(
        "{ zero: 0, one: 1, two: 2, three: 3, nested: { four: 4 } }",
        &[
            ("{ $let: { vars: { a: 10 }, in: '$$a' } }", "10"),
            ("{ $let: { vars: { a: '$zero' }, in: '$$a' } }", "0"),
            (
                "{ $let: { vars: { a: { $add: ['$one', '$two'] }, b: 10 }, in: { $multiply: ['$$a', '$$b'] } } }",
                "30",
            ),
            (
                "{ $let: { vars: { var1: 1 }, in: { $let: { vars: { var2: '$$var1' }, in: { $sum: ['$$var1', '$$var2'] } } } } }",
                "2",
            ),
            (
                "{ $let: { vars: { var1: '$one' }, in: { $let: { vars: { var2: '$$var1', var1: 3 }, in: { $sum: ['$$var2', '$$var1'] } } } } }",
                "4",
            ),
            (
                "{ $let: { vars: { x: 6, y: 10 }, in: { $let: { vars: { x: '$$y', y: '$$x' }, in: { $subtract: ['$$x', '$$y'] } } } } }",
                "4",
            ),
            ("{ $let: { vars: { '日本語': 10 }, in: '$$日本語' } }", "10"),
            (
                "{ $let: { vars: { CURRENT: '$$ROOT.nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } }",
                "8",
            ),
            (
                "{ $let: { vars: { CURRENT: '$$CURRENT.nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } }",
                "8",
            ),
            (
                "{ $let: { vars: { CURRENT: '$nested' }, in: { $multiply: ['$four', '$$ROOT.two'] } } }",
                "8",
            ),
            (
                "{ $let: { vars: { CURRENT: { $literal: { ten: 10 } } }, in: { $multiply: ['$ten', '$$ROOT.two'] } } }",
                "20",
            ),
            (
                "{ $let: { vars: { CURRENT: '$three' }, in: { $multiply: ['$$CURRENT', '$$ROOT.two'] } } }",
                "6",
            ),
            ("{ $let: { vars: { CURRENT: 3 }, in: '$a' } }", "MISSING"),
            (
                "{ $let: { vars: { ROOT: 1 }, in: '$$ROOT' } }",
                "!9 'ROOT' starts with an invalid character for a user variable name",
            ),
            (
                "{ $let: { vars: { FOO: 1 }, in: '$$FOO' } }",
                "!9 'FOO' starts with an invalid character for a user variable name",
            ),
            (
                "{ $let: { vars: { 'a.b': 1 }, in: '$$FOO' } }",
                "!9 'a.b' contains an invalid character for a variable name: '.'",
            ),
            (
                "{ $let: { vars: { 'a b': 1 }, in: '$$FOO' } }",
                "!9 'a b' contains an invalid character for a variable name: ' '",
            ),
            (
                "{ $let: { vars: { var1: '$one', var2: '$$var1' }, in: '$$var1' } }",
                "!17276 Use of undefined variable: var1",
            ),
        ],
    );
    // mongodb/mongo src/mongo/db/pipeline/expression.cpp (ExpressionLet::parse) and
    // src/mongo/db/pipeline/variable_validation.cpp (the user variable names).
    table(&[
        (
            "{ $let: { vars: { a: 1 }, in: { $let: { vars: { a: 2 }, in: '$$a' } } } }",
            "2",
        ),
        (
            "{ $let: { vars: { a: 1, b: '$$a' }, in: '$$b' } }",
            "!17276 Use of undefined variable: a",
        ),
        ("{ $let: { vars: {}, in: 5 } }", "5"),
        ("{ $let: { vars: { é: 1 }, in: '$$é' } }", "1"),
        (
            "{ $let: 1 }",
            "!16874 $let only supports an object as its argument",
        ),
        (
            "{ $let: { vars: {}, in: 1, x: 1 } }",
            "!16875 Unrecognized parameter to $let: x",
        ),
        (
            "{ $let: { in: 1 } }",
            "!16876 Missing 'vars' parameter to $let",
        ),
        (
            "{ $let: { vars: {} } }",
            "!16877 Missing 'in' parameter to $let",
        ),
        (
            "{ $let: { vars: 1, in: 1 } }",
            "!10065 invalid parameter: expected an object (vars)",
        ),
        (
            "{ $let: { vars: { Upper: 1 }, in: 1 } }",
            "!9 'Upper' starts with an invalid character for a user variable name",
        ),
        (
            "{ $let: { vars: { _a: 1 }, in: 1 } }",
            "!9 '_a' starts with an invalid character for a user variable name",
        ),
        (
            "{ $let: { vars: { 'a-b': 1 }, in: 1 } }",
            "!9 'a-b' contains an invalid character for a variable name: '-'",
        ),
        (
            "{ $let: { vars: { '': 1 }, in: 1 } }",
            "!9 empty variable names are not allowed",
        ),
    ]);
}

#[test]
fn is_number_and_is_array_test_types() {
    // The rules the manual pages state for $isNumber (int, long, double and decimal are
    // numbers; strings and missing are not) and $isArray (one argument: an array literal must
    // be wrapped in another array). The data are ours.
    table(&[
        ("{ $isNumber: 1 }", "true"),
        ("{ $isNumber: NumberLong(1) }", "true"),
        ("{ $isNumber: 1.5 }", "true"),
        ("{ $isNumber: NumberDecimal('2') }", "true"),
        ("{ $isNumber: '1' }", "false"),
        ("{ $isNumber: '$nope' }", "false"),
        ("{ $isNumber: null }", "false"),
        ("{ $isArray: [[1, 2]] }", "true"),
        ("{ $isArray: { $literal: [] } }", "true"),
        ("{ $isArray: 'a' }", "false"),
        ("{ $isArray: '$nope' }", "false"),
        (
            "{ $isArray: [1, 2] }",
            "!16020 Expression $isArray takes exactly 1 argument. 2 were passed in.",
        ),
    ]);
}

#[test]
fn in_compares_values_as_the_server() {
    // Manual: $in (aggregation), the table of examples.
    table(&[
        ("{ $in: [2, [1, 2, 3]] }", "true"),
        ("{ $in: ['abc', ['xyz', 'abc']] }", "true"),
        ("{ $in: ['xy', ['xyz', 'abc']] }", "false"),
        ("{ $in: [['a'], ['a']] }", "false"),
        ("{ $in: [['a'], [['a']]] }", "true"),
        ("{ $in: [/^a/, ['a']] }", "false"),
        ("{ $in: [/^a/, [/^a/]] }", "true"),
    ]);
    // mongodb/mongo jstests/aggregation/expressions/in.js (without the collation cases).
    table(&[
        ("{ $in: [1, { $literal: [1, 2, 3] }] }", "true"),
        ("{ $in: ['A', ['a', 'A', 'a']] }", "true"),
        ("{ $in: [{ a: 1 }, [{ b: 1 }, 2]] }", "false"),
        ("{ $in: [{ a: 1 }, [{ a: 1 }]] }", "true"),
        ("{ $in: [[1, 2], [[2, 1]]] }", "false"),
        ("{ $in: [[1, 2], [[1, 2]]] }", "true"),
        ("{ $in: [7, [7, 10, 7, 10, 2, 5, 3, 7]] }", "true"),
        ("{ $in: [8, [10, 7, 2, 5, 3]] }", "false"),
        ("{ $in: [1, []] }", "false"),
        ("{ $in: ['abc', [/a/, /b/, /c/]] }", "false"),
        ("{ $in: [/a/, ['a', 'b', 'c']] }", "false"),
        ("{ $in: [[], [1, 2, 3]] }", "false"),
        ("{ $in: [[1], [1, 2, 3]] }", "false"),
        (
            "{ $in: [[1, 2], 1] }",
            "!40081 $in requires an array as a second argument, found: int",
        ),
        (
            "{ $in: null }",
            "!16020 Expression $in takes exactly 2 arguments. 1 were passed in.",
        ),
        (
            "{ $in: [] }",
            "!16020 Expression $in takes exactly 2 arguments. 0 were passed in.",
        ),
        (
            "{ $in: [1, 2, 3] }",
            "!16020 Expression $in takes exactly 2 arguments. 3 were passed in.",
        ),
    ]);
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_compare.cpp (ExpressionIn: the
    // ValueComparator; a missing value equals undefined, not null).
    table(&[
        ("{ $in: [NumberLong(2), [1, 2.0]] }", "true"),
        ("{ $in: [null, [null]] }", "true"),
        ("{ $in: ['$nope', [null]] }", "false"),
        (
            "{ $in: [1, 2] }",
            "!40081 $in requires an array as a second argument, found: int",
        ),
        (
            "{ $in: [1, '$nope'] }",
            "!40081 $in requires an array as a second argument, found: missing",
        ),
        (
            "{ $in: [1, null] }",
            "!40081 $in requires an array as a second argument, found: null",
        ),
        (
            "{ $in: [1] }",
            "!16020 Expression $in takes exactly 2 arguments. 1 were passed in.",
        ),
    ]);
}

#[test]
fn filter_keeps_the_elements_cond_accepts() {
    // Manual: $filter, "Filter Based on Number Comparison" and "Use the limit Field"
    // (sales items with a price of at least 100).
    let doc = "{ _id: 0, items: [
        { item_id: 43, quantity: 2, price: 10, name: 'pen' },
        { item_id: 2, quantity: 1, price: 240, name: 'briefcase' } ] }";
    table_on(
        doc,
        &[
            (
                "{ $filter: { input: '$items', as: 'item', cond: { $gte: ['$$item.price', 100] } } }",
                "[{ item_id: 2, quantity: 1, price: 240, name: 'briefcase' }]",
            ),
            (
                "{ $filter: { input: '$items', cond: { $gte: ['$$this.price', 1] }, limit: 1 } }",
                "[{ item_id: 43, quantity: 2, price: 10, name: 'pen' }]",
            ),
        ],
    );
    // mongodb/mongo jstests/aggregation/expressions/filter.js.
    for (doc, gt2, with_let) in [
        (
            "{ _id: 0, c: 1, d: 3, a: [1, 2, 3, 4, 5] }",
            "[3, 4, 5]",
            "[2, 3, 4, 5]",
        ),
        ("{ _id: 1, c: 2, d: 4, a: [1, 2] }", "[]", "[2]"),
        ("{ _id: 2, c: 3, d: 5, a: [] }", "[]", "[]"),
        ("{ _id: 3, c: 4, d: 6, a: [4] }", "[4]", "[4]"),
        ("{ _id: 4, c: 5, d: 7, a: null }", "null", "null"),
        ("{ _id: 5, c: 6, d: 8, a: undefined }", "null", "null"),
        ("{ _id: 6, c: 7, d: 9 }", "null", "null"),
    ] {
        table_on(
            doc,
            &[
                (
                    "{ $filter: { input: '$a', as: 'x', cond: { $gt: ['$$x', 2] } } }",
                    gt2,
                ),
                (
                    "{ $let: { vars: { value: '$d' }, in: { $filter: { input: '$a', cond: { $gte: [{ $add: ['$c', '$$this'] }, '$$value'] } } } } }",
                    with_let,
                ),
            ],
        );
    }
    table(&[
        (
            "{ $filter: { input: [new Date(0), null, undefined, 0, false, NumberDecimal('1'), [], { c: 3 }], as: 'x', cond: '$$x' } }",
            "[new Date(0), NumberDecimal('1'), [], { c: 3 }]",
        ),
        (
            "{ $filter: { input: [{ b: { c: { d: 1 } } }, { b: { c: { d: 3 } } }], cond: { $gt: ['$$this.b.c.d', 2] } } }",
            "[{ b: { c: { d: 3 } } }]",
        ),
        (
            "{ $filter: { input: [[1, 2, 3], null, [4, 5, 6]], cond: { $filter: { input: '$$this', cond: { $gt: ['$$this', 3] } } } } }",
            "[[1, 2, 3], [4, 5, 6]]",
        ),
        (
            "{ $filter: { input: [-1, -2], cond: { $and: [{ $gt: ['$$this', 0] }, { $ln: '$$this' }] } } }",
            "[]",
        ),
        (
            "{ $filter: { input: [-1, -2], cond: { $or: [{ $lt: ['$$this', 0] }, { $ln: '$$this' }] } } }",
            "[-1, -2]",
        ),
        // validateNameForUserWrite lets CURRENT be rebound; field paths then read the element.
        (
            "{ $filter: { input: [{ a: 1 }, { a: 2 }], as: 'CURRENT', cond: { $gt: ['$a', 1] } } }",
            "[{ a: 2 }]",
        ),
        (
            "{ $filter: { input: [1], as: '$x', cond: true } }",
            "!9 '$x' starts with an invalid character for a user variable name",
        ),
        (
            "{ $filter: { input: [1], cond: { $eq: [1, '$$var'] } } }",
            "!17276 Use of undefined variable: var",
        ),
    ]);
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_map_reduce_filter.cpp,
    // ExpressionFilter::parse and src/mongo/db/pipeline/variable_validation.cpp.
    table(&[
        (
            "{ $filter: { input: [1, 'a', 2, null, 3.1, NumberLong(4), '5'], as: 'num', cond: { $isNumber: '$$num' } } }",
            "[1, 2, 3.1, NumberLong(4)]",
        ),
        (
            "{ $filter: { input: [1, 2, 3], cond: true, limit: null } }",
            "[1, 2, 3]",
        ),
        (
            "{ $filter: { input: [1, 2, 3], cond: true, limit: NumberLong(2) } }",
            "[1, 2]",
        ),
        ("{ $filter: { input: null, cond: true } }", "null"),
        ("{ $filter: { input: '$nope', cond: true } }", "null"),
        (
            "{ $filter: 1 }",
            "!28646 $filter only supports an object as its argument",
        ),
        (
            "{ $filter: { input: [], cond: true, x: 1 } }",
            "!28647 Unrecognized parameter to $filter: x",
        ),
        (
            "{ $filter: { cond: true } }",
            "!28648 Missing 'input' parameter to $filter",
        ),
        (
            "{ $filter: { input: [] } }",
            "!28650 Missing 'cond' parameter to $filter",
        ),
        (
            "{ $filter: { input: 'a', cond: true } }",
            "!28651 input to $filter must be an array not string",
        ),
        (
            "{ $filter: { input: [1], cond: true, limit: 1.5 } }",
            "!327391 $filter: limit must be represented as a 32-bit integral value: 1.5",
        ),
        (
            "{ $filter: { input: [1], cond: true, limit: 'a' } }",
            "!327391 $filter: limit must be represented as a 32-bit integral value: \"a\"",
        ),
        (
            "{ $filter: { input: [1], cond: true, limit: 0 } }",
            "!327392 $filter: limit must be greater than 0: 0",
        ),
        (
            "{ $filter: { input: [], as: '', cond: true } }",
            "!9 empty variable names are not allowed",
        ),
        (
            "{ $filter: { input: [], as: 1, cond: true } }",
            "!9 empty variable names are not allowed",
        ),
    ]);
}

#[test]
fn concat_reverse_slice_first_last() {
    // Manual: $concatArrays, $reverseArray, $slice (aggregation), $first and $last (array
    // operators), their tables of examples.
    table(&[
        (
            "{ $concatArrays: [['hello', ' '], ['world']] }",
            "['hello', ' ', 'world']",
        ),
        (
            "{ $concatArrays: [['hello', ' '], [['world'], 'again']] }",
            "['hello', ' ', ['world'], 'again']",
        ),
        ("{ $reverseArray: { $literal: [1, 2, 3] } }", "[3, 2, 1]"),
        (
            "{ $reverseArray: { $slice: [['foo', 'bar', 'baz', 'qux'], 1, 2] } }",
            "['baz', 'bar']",
        ),
        ("{ $reverseArray: null }", "null"),
        ("{ $reverseArray: { $literal: [] } }", "[]"),
        (
            "{ $reverseArray: { $literal: [[1, 2, 3], [4, 5, 6]] } }",
            "[[4, 5, 6], [1, 2, 3]]",
        ),
        ("{ $slice: [[1, 2, 3], 1, 1] }", "[2]"),
        ("{ $slice: [[1, 2, 3], -2] }", "[2, 3]"),
        ("{ $slice: [[1, 2, 3], 15, 2] }", "[]"),
        ("{ $slice: [[1, 2, 3], -15, 2] }", "[1, 2]"),
        ("{ $first: [[1, 2, 3]] }", "1"),
        ("{ $first: [[[]]] }", "[]"),
        ("{ $first: [null] }", "null"),
        ("{ $first: [[]] }", "MISSING"),
        ("{ $last: [[1, 2, 3]] }", "3"),
        ("{ $last: [[[]]] }", "[]"),
        ("{ $last: [null] }", "null"),
        ("{ $last: [[]] }", "MISSING"),
        ("{ $last: '$nope' }", "null"),
    ]);
    // mongodb/mongo jstests/aggregation/expressions/first_last.js.
    for (doc, first, last) in [
        ("{ _id: 0, a: [] }", "MISSING", "MISSING"),
        ("{ _id: 1, a: ['A'] }", "'A'", "'A'"),
        ("{ _id: 2, a: ['A', 'B'] }", "'A'", "'B'"),
        ("{ _id: 3, a: ['A', 'B', 'C'] }", "'A'", "'C'"),
        ("{ _id: 4, a: null }", "null", "null"),
        ("{ _id: 5, a: undefined }", "null", "null"),
        ("{ _id: 6 }", "null", "null"),
    ] {
        table_on(
            doc,
            &[("{ $first: '$a' }", first), ("{ $last: '$a' }", last)],
        );
    }
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_array.cpp (ExpressionConcatArrays,
    // ExpressionReverseArray, ExpressionSlice, arrayElemAt for $first/$last).
    table(&[
        ("{ $concatArrays: [[1], null] }", "null"),
        ("{ $concatArrays: [[1], '$nope'] }", "null"),
        ("{ $concatArrays: [] }", "[]"),
        (
            "{ $concatArrays: [[1], 2] }",
            "!28664 $concatArrays only supports arrays, not int",
        ),
        (
            "{ $reverseArray: 1 }",
            "!34435 The argument to $reverseArray must be an array, but was of type: int",
        ),
        ("{ $slice: [null, 1] }", "null"),
        ("{ $slice: [[1, 2], null] }", "null"),
        ("{ $slice: [[1, 2], 0, null] }", "null"),
        ("{ $slice: [[1, 2, 3], 2.0] }", "[1, 2]"),
        ("{ $slice: [[1, 2, 3], -1, 5] }", "[3]"),
        (
            "{ $slice: [[1]] }",
            "!28667 Expression $slice takes at least 2 arguments, and at most 3, but 1 were passed in.",
        ),
        (
            "{ $slice: [1, 1] }",
            "!28724 First argument to $slice must be an array, but is of type: int",
        ),
        (
            "{ $slice: [[1], 'a'] }",
            "!28725 Second argument to $slice must be a numeric value, but is of type: string",
        ),
        (
            "{ $slice: [[1], 1.5] }",
            "!28726 Second argument to $slice can't be represented as a 32-bit integer: 1.5",
        ),
        (
            "{ $slice: [[1], 0, 'a'] }",
            "!28727 Third argument to $slice must be numeric, but is of type: string",
        ),
        (
            "{ $slice: [[1], 0, 1e10] }",
            "!28728 Third argument to $slice can't be represented as a 32-bit integer: 1e+10",
        ),
        (
            "{ $slice: [[1], 0, 0] }",
            "!28729 Third argument to $slice must be positive: 0",
        ),
        (
            "{ $first: 1 }",
            "!28689 $first's argument must be an array, but is int",
        ),
        (
            "{ $last: 'a' }",
            "!28689 $last's argument must be an array, but is string",
        ),
    ]);
}

#[test]
fn index_of_array_searches_a_range() {
    // Manual: $indexOfArray, the table of examples.
    table(&[
        ("{ $indexOfArray: [['a', 'abc'], 'a'] }", "0"),
        (
            "{ $indexOfArray: [['a', 'abc', 'de', ['de']], ['de']] }",
            "3",
        ),
        ("{ $indexOfArray: [[1, 2], 5] }", "-1"),
        ("{ $indexOfArray: [[1, 2, 3], [1, 2]] }", "-1"),
        ("{ $indexOfArray: [[10, 9, 9], 9, 2] }", "2"),
        ("{ $indexOfArray: [['a', 'abc', 'b'], 'b', 0, 1] }", "-1"),
        ("{ $indexOfArray: [['a', 'abc', 'b'], 'b', 1, 0] }", "-1"),
        ("{ $indexOfArray: [['a', 'abc', 'b'], 'b', 20] }", "-1"),
        ("{ $indexOfArray: [[null, null, null], null] }", "0"),
        ("{ $indexOfArray: [null, 'foo'] }", "null"),
    ]);
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_array.cpp (ExpressionIndexOfArray;
    // the server writes "$indexOfArrayrequires" without a space).
    table(&[
        ("{ $indexOfArray: [[1, 2], 2.0] }", "1"),
        ("{ $indexOfArray: [[1, 2, 1], 1, 1, 100] }", "2"),
        (
            "{ $indexOfArray: ['foo', 'foo'] }",
            "!40090 $indexOfArray requires an array as a first argument, found: string",
        ),
        (
            "{ $indexOfArray: [[1], 1, 'x'] }",
            "!40096 $indexOfArrayrequires an integral starting index, found a value of type: string, with value: \"x\"",
        ),
        (
            "{ $indexOfArray: [[1], 1, 0, 1.5] }",
            "!40096 $indexOfArrayrequires an integral ending index, found a value of type: double, with value: 1.5",
        ),
        (
            "{ $indexOfArray: [[1], 1, -1] }",
            "!40097 $indexOfArray requires a nonnegative starting index, found: -1",
        ),
        (
            "{ $indexOfArray: [[1]] }",
            "!28667 Expression $indexOfArray takes at least 2 arguments, and at most 4, but 1 were passed in.",
        ),
    ]);
}

#[test]
fn all_and_any_element_true() {
    // Manual: $allElementsTrue and $anyElementTrue, their tables of examples.
    table(&[
        ("{ $allElementsTrue: [[true, 1, 'someString']] }", "true"),
        ("{ $allElementsTrue: [[[false]]] }", "true"),
        ("{ $allElementsTrue: [[]] }", "true"),
        ("{ $allElementsTrue: [[null, false, 0]] }", "false"),
        ("{ $anyElementTrue: [[true, false]] }", "true"),
        ("{ $anyElementTrue: [[[false]]] }", "true"),
        ("{ $anyElementTrue: [[null, false, 0]] }", "false"),
        ("{ $anyElementTrue: [[]] }", "false"),
    ]);
    // mongodb/mongo jstests/aggregation/expressions/any_element_true.js (it expects the code
    // 5159200 of the SBE engine for a non-array; the classic evaluate_logical.cpp says 17041).
    table(&[
        ("{ $anyElementTrue: { $literal: [true, 0] } }", "true"),
        (
            "{ $anyElementTrue: { $literal: [false, 0, false] } }",
            "false",
        ),
        ("{ $anyElementTrue: [['$non_existent_field']] }", "false"),
        (
            "{ $anyElementTrue: [['$non_existent_field', true]] }",
            "true",
        ),
        ("{ $anyElementTrue: [[null]] }", "false"),
        ("{ $anyElementTrue: [[undefined, true]] }", "true"),
        (
            "{ $anyElementTrue: ['$non_existent_field'] }",
            "!17041 $anyElementTrue's argument must be an array, but is missing",
        ),
    ]);
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_logical.cpp
    // (ExpressionAllElementsTrue, ExpressionAnyElementTrue).
    table(&[
        (
            "{ $allElementsTrue: [1] }",
            "!17040 $allElementsTrue's argument must be an array, but is int",
        ),
        (
            "{ $anyElementTrue: '$nope' }",
            "!17041 $anyElementTrue's argument must be an array, but is missing",
        ),
    ]);
}

#[test]
fn zip_transposes_arrays() {
    // Manual: $zip, the table of examples and "Matrix Transposition".
    table(&[
        (
            "{ $zip: { inputs: [['a'], ['b'], ['c']] } }",
            "[['a', 'b', 'c']]",
        ),
        ("{ $zip: { inputs: [['a'], ['b', 'c']] } }", "[['a', 'b']]"),
        (
            "{ $zip: { inputs: [[1], [2, 3]], useLongestLength: true } }",
            "[[1, 2], [null, 3]]",
        ),
        (
            "{ $zip: { inputs: [[1], [2, 3], [4]], useLongestLength: true, defaults: ['a', 'b', 'c'] } }",
            "[[1, 2, 4], ['a', 3, 'c']]",
        ),
    ]);
    table_on(
        "{ matrix: [[1, 2], [2, 3], [3, 4]] }",
        &[(
            "{ $zip: { inputs: [{ $arrayElemAt: ['$matrix', 0] }, { $arrayElemAt: ['$matrix', 1] }, { $arrayElemAt: ['$matrix', 2] }] } }",
            "[[1, 2, 3], [2, 3, 4]]",
        )],
    );
    // mongodb/mongo src/mongo/db/pipeline/expression.cpp (ExpressionZip::parse; its 34463
    // names the type of the whole argument) and evaluate_array.cpp.
    table(&[
        ("{ $zip: { inputs: [[1], null] } }", "null"),
        ("{ $zip: { inputs: [[1], '$nope'] } }", "null"),
        (
            "{ $zip: 1 }",
            "!34460 $zip only supports an object as an argument, found int",
        ),
        (
            "{ $zip: { inputs: 1 } }",
            "!34461 inputs must be an array of expressions, found int",
        ),
        (
            "{ $zip: { inputs: [[1]], defaults: 1 } }",
            "!34462 defaults must be an array of expressions, found int",
        ),
        (
            "{ $zip: { inputs: [[1]], useLongestLength: 1 } }",
            "!34463 useLongestLength must be a bool, found object",
        ),
        (
            "{ $zip: { inputs: [[1]], x: 1 } }",
            "!34464 $zip found an unknown argument: x",
        ),
        (
            "{ $zip: { inputs: [] } }",
            "!34465 $zip requires at least one input array",
        ),
        (
            "{ $zip: { inputs: [[1]], defaults: [1] } }",
            "!34466 cannot specify defaults unless useLongestLength is true",
        ),
        (
            "{ $zip: { inputs: [[1], [2]], useLongestLength: true, defaults: [1] } }",
            "!34467 defaults and inputs must have the same length",
        ),
        (
            "{ $zip: { inputs: [[1], 'a'] } }",
            "!34468 $zip found a non-array expression in input: \"a\"",
        ),
    ]);
}

#[test]
fn array_to_object_reads_both_forms() {
    // Manual: $arrayToObject, the table of examples.
    table(&[
        (
            "{ $arrayToObject: [[{ k: 'item', v: 'abc123' }, { k: 'qty', v: 25 }]] }",
            "{ item: 'abc123', qty: 25 }",
        ),
        (
            "{ $arrayToObject: { $literal: [['item', 'abc123'], ['qty', 25]] } }",
            "{ item: 'abc123', qty: 25 }",
        ),
        (
            "{ $arrayToObject: { $literal: [['item', 'abc123'], ['qty', 25], ['item', 'def456']] } }",
            "{ item: 'def456', qty: 25 }",
        ),
        (
            "{ $arrayToObject: { $literal: [{ k: 'price', v: 24 }, { k: 'item', v: 'apple' }, { k: 'price', v: 20 }] } }",
            "{ price: 20, item: 'apple' }",
        ),
    ]);
    // mongodb/mongo jstests/aggregation/expressions/arrayToObject.js.
    table(&[
        (
            "{ $arrayToObject: { $literal: [['price', 24], ['item', 'apple']] } }",
            "{ price: 24, item: 'apple' }",
        ),
        (
            "{ $arrayToObject: { $literal: [{ k: 'price', v: 24 }, { k: 'price', v: 100 }] } }",
            "{ price: 100 }",
        ),
        (
            "{ $arrayToObject: { $literal: [['price', 24], ['price', 100]] } }",
            "{ price: 100 }",
        ),
        ("{ $arrayToObject: { $literal: [] } }", "{}"),
        ("{ $arrayToObject: { $literal: undefined } }", "null"),
        (
            "{ $arrayToObject: { $literal: [{ k: 'price', v: null }] } }",
            "{ price: null }",
        ),
        (
            "{ $arrayToObject: { $literal: [{ k: 'price', v: undefined }] } }",
            "{ price: undefined }",
        ),
        (
            "{ $arrayToObject: { $literal: 'string' } }",
            "!40386 $arrayToObject requires an array input, found: string",
        ),
        (
            "{ $arrayToObject: { $literal: [['missing_value']] } }",
            "!40397 $arrayToObject requires an array of size 2 arrays,found array of size: 1",
        ),
        (
            "{ $arrayToObject: { $literal: [{ k: null, v: 'nullKey' }] } }",
            "!40394 $arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be of type string. Found type: null",
        ),
        (
            "{ $arrayToObject: { $literal: [{ y: 'ignored', k: 'item', v: 'pear' }] } }",
            "!40392 $arrayToObject requires an object keys of 'k' and 'v'. Found incorrect number of keys:3",
        ),
        (
            "{ $arrayToObject: { $literal: [['a\\u0000b', 'abra cadabra']] } }",
            "!4940400 Key field cannot contain an embedded null byte",
        ),
        (
            "{ $arrayToObject: { $literal: [{ k: 'a\\u0000b', v: 'blah' }] } }",
            "!4940401 Key field cannot contain an embedded null byte",
        ),
    ]);
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_array.cpp
    // (ExpressionArrayToObject; the server runs "must" and "all" together, and "arrays," and
    // "found" too).
    table(&[
        ("{ $arrayToObject: null }", "null"),
        ("{ $arrayToObject: '$nope' }", "null"),
        ("{ $arrayToObject: [[]] }", "{}"),
        (
            "{ $arrayToObject: 1 }",
            "!40386 $arrayToObject requires an array input, found: int",
        ),
        (
            "{ $arrayToObject: [[1]] }",
            "!40398 Unrecognised input type format for $arrayToObject: int",
        ),
        (
            "{ $arrayToObject: [[['a', 1], { k: 'b', v: 2 }]] }",
            "!40396 $arrayToObject requires a consistent input format. Elements mustall be arrays or all be objects. Array was detected, now found: object",
        ),
        (
            "{ $arrayToObject: [[['a', 1, 2]]] }",
            "!40397 $arrayToObject requires an array of size 2 arrays,found array of size: 3",
        ),
        (
            "{ $arrayToObject: [[[1, 2]]] }",
            "!40395 $arrayToObject requires an array of key-value pairs, where the key must be of type string. Found key type: int",
        ),
        (
            "{ $arrayToObject: [[{ k: 'a', v: 1 }, ['b', 2]]] }",
            "!40391 $arrayToObject requires a consistent input format. Elements mustall be arrays or all be objects. Object was detected, now found: array",
        ),
        (
            "{ $arrayToObject: [[{ k: 'a' }]] }",
            "!40392 $arrayToObject requires an object keys of 'k' and 'v'. Found incorrect number of keys:1",
        ),
        (
            "{ $arrayToObject: [[{ k: 'a', x: 1 }]] }",
            "!40393 $arrayToObject requires an object with keys 'k' and 'v'. Missing either or both keys from: {k: \"a\", x: 1}",
        ),
        (
            "{ $arrayToObject: [[{ k: 1, v: 1 }]] }",
            "!40394 $arrayToObject requires an object with keys 'k' and 'v', where the value of 'k' must be of type string. Found type: int",
        ),
    ]);
}

#[test]
fn sort_array_by_value_or_by_fields() {
    // Manual: $sortArray, "Sort on a Field", "Sort on a Subfield", "Sort on Multiple Fields",
    // "Sort an Array of Integers", "Sort on Mixed Type Fields".
    let team = "{ team: [
        { name: 'pat', age: 30, address: { street: '12 Baker St', city: 'London' } },
        { name: 'dallas', age: 36, address: { street: '12 Cowper St', city: 'Palo Alto' } },
        { name: 'charlie', age: 42, address: { street: '12 French St', city: 'New Brunswick' } } ] }";
    table_on(
        team,
        &[
            (
                "{ $map: { input: { $sortArray: { input: '$team', sortBy: { name: 1 } } }, in: '$$this.name' } }",
                "['charlie', 'dallas', 'pat']",
            ),
            (
                "{ $map: { input: { $sortArray: { input: '$team', sortBy: { 'address.city': -1 } } }, in: '$$this.name' } }",
                "['dallas', 'charlie', 'pat']",
            ),
            (
                "{ $map: { input: { $sortArray: { input: '$team', sortBy: { age: -1, name: 1 } } }, in: '$$this.name' } }",
                "['charlie', 'dallas', 'pat']",
            ),
        ],
    );
    table(&[
        (
            "{ $sortArray: { input: [1, 4, 1, 6, 12, 5], sortBy: 1 } }",
            "[1, 1, 4, 5, 6, 12]",
        ),
        (
            "{ $sortArray: { input: [1, 4, 1, 6, 12, 5], sortBy: -1 } }",
            "[12, 6, 5, 4, 1, 1]",
        ),
        (
            "{ $sortArray: { input: [20, 4, { a: 'Free' }, 6, 21, 5, 'Gratis', { a: null }, { a: { sale: true, price: 19 } }, NumberDecimal('10.23'), { a: 'On sale' }], sortBy: 1 } }",
            "[4, 5, 6, NumberDecimal('10.23'), 20, 21, 'Gratis', { a: null }, { a: 'Free' }, { a: 'On sale' }, { a: { sale: true, price: 19 } }]",
        ),
    ]);
    // mongodb/mongo jstests/aggregation/expressions/sort_array.js (without the collation
    // cases).
    table(&[
        (
            "{ $sortArray: { input: { $literal: [3, 2, 1] }, sortBy: 1 } }",
            "[1, 2, 3]",
        ),
        ("{ $sortArray: { input: '$notAField', sortBy: 1 } }", "null"),
        (
            "{ $sortArray: { input: { $literal: undefined }, sortBy: 1 } }",
            "null",
        ),
        (
            "{ $sortArray: { input: [[1, 2], [3, 4]], sortBy: -1 } }",
            "[[3, 4], [1, 2]]",
        ),
        (
            "{ $sortArray: { input: { $literal: [] }, sortBy: 1 } }",
            "[]",
        ),
        (
            "{ $sortArray: { input: [{}, [], []], sortBy: -1 } }",
            "[[], [], {}]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1 }, { a: 2 }, { a: 3 }], sortBy: { b: -1 } } }",
            "[{ a: 1 }, { a: 2 }, { a: 3 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1 }, { a: 2 }, { a: 3 }], sortBy: -1 } }",
            "[{ a: 3 }, { a: 2 }, { a: 1 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1 }, { b: 2 }, { c: 3 }], sortBy: -1 } }",
            "[{ c: 3 }, { b: 2 }, { a: 1 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1 }, { b: 2 }, { c: 3 }], sortBy: { a: 1 } } }",
            "[{ b: 2 }, { c: 3 }, { a: 1 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1 }, { b: 2 }, { c: 3 }], sortBy: { b: 1 } } }",
            "[{ a: 1 }, { c: 3 }, { b: 2 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1, b: 3, c: 1 }, { a: 2, b: 2, c: 2 }, { a: 3, b: 1, c: 3 }], sortBy: { b: 1, a: 1 } } }",
            "[{ a: 3, b: 1, c: 3 }, { a: 2, b: 2, c: 2 }, { a: 1, b: 3, c: 1 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1, b: 2, c: 1 }, { a: 1, b: 3, c: 4 }, { a: 1, b: 3, c: 5 }], sortBy: { a: 1, b: 1, c: -1 } } }",
            "[{ a: 1, b: 2, c: 1 }, { a: 1, b: 3, c: 5 }, { a: 1, b: 3, c: 4 }]",
        ),
        (
            "{ $sortArray: { input: [{ a: 1, b: { c: 2 } }, { a: 1, b: { c: 1 } }], sortBy: { 'b.c': 1 } } }",
            "[{ a: 1, b: { c: 1 } }, { a: 1, b: { c: 2 } }]",
        ),
        (
            "{ $sortArray: { input: [1, [1], { a: 1 }, '1'], sortBy: 1 } }",
            "[1, '1', { a: 1 }, [1]]",
        ),
        (
            "{ $sortArray: { input: [2, 1, 'hello', { a: 6 }, { a: 'hello' }, { a: -1 }, null], sortBy: 1 } }",
            "[null, 1, 2, 'hello', { a: -1 }, { a: 6 }, { a: 'hello' }]",
        ),
        (
            "{ $sortArray: { input: [[NumberDecimal('4')], [1, 9, 8]], sortBy: 1 } }",
            "[[1, 9, 8], [NumberDecimal('4')]]",
        ),
        (
            "{ $sortArray: { input: ['2', '10'], sortBy: 1 } }",
            "['10', '2']",
        ),
        (
            "{ $sortArray: '$num' }",
            "!2942500 $sortArray requires an object as an argument, found: string",
        ),
    ]);
    // mongodb/mongo src/mongo/db/pipeline/expression.cpp (ExpressionSortArray::parse) and
    // evaluate_array.cpp.
    table(&[
        ("{ $sortArray: { input: null, sortBy: 1 } }", "null"),
        (
            "{ $sortArray: { input: [1, 1.0, NumberLong(1)], sortBy: -1 } }",
            "[1, 1.0, NumberLong(1)]",
        ),
        (
            "{ $sortArray: 1 }",
            "!2942500 $sortArray requires an object as an argument, found: int",
        ),
        (
            "{ $sortArray: { input: [], sortBy: 1, x: 1 } }",
            "!2942501 $sortArray found an unknown argument: x",
        ),
        (
            "{ $sortArray: { sortBy: 1 } }",
            "!2942502 $sortArray requires 'input' to be specified",
        ),
        (
            "{ $sortArray: { input: [] } }",
            "!2942503 $sortArray requires 'sortBy' to be specified",
        ),
        (
            "{ $sortArray: { input: 1, sortBy: 1 } }",
            "!2942504 The input argument to $sortArray must be an array, but was of type: int",
        ),
        (
            "{ $sortArray: { input: [], sortBy: 2 } }",
            "!2942506 The $sort element value must be either 1 or -1",
        ),
    ]);
}

#[test]
fn n_operators_on_arrays() {
    // The rules the manual pages state for $firstN, $lastN, $maxN and $minN (array operators):
    // null values are left out by $maxN/$minN and kept by the others; n larger than the array
    // gives the whole array. The data are ours.
    table(&[
        ("{ $firstN: { n: 2, input: [10, 20, 30, 40] } }", "[10, 20]"),
        ("{ $firstN: { n: 5, input: [10, null] } }", "[10, null]"),
        ("{ $lastN: { n: 2, input: [10, 20, 30, 40] } }", "[30, 40]"),
        ("{ $lastN: { n: 5, input: [10, 20] } }", "[10, 20]"),
        ("{ $maxN: { n: 2, input: [3, null, 7, 1] } }", "[7, 3]"),
        ("{ $minN: { n: 2, input: [3, null, 7, 1] } }", "[1, 3]"),
        ("{ $maxN: { n: 3, input: [null, null] } }", "[]"),
        ("{ $minN: { n: 2, input: [2, 'a', 1] } }", "[1, 2]"),
        ("{ $firstN: { n: 2.0, input: [1, 2, 3] } }", "[1, 2]"),
    ]);
    // mongodb/mongo src/mongo/db/pipeline/accumulator_multi.cpp (AccumulatorN::parseArgs,
    // validateN) and the expression form's "Input must be an array".
    table(&[
        (
            "{ $firstN: 1 }",
            "!5787900 specification must be an object; found $firstN: 1",
        ),
        (
            "{ $firstN: { n: 1, input: [], x: 1 } }",
            "!5787901 Unknown argument for 'n' operator: x",
        ),
        (
            "{ $lastN: { input: [] } }",
            "!5787906 Missing value for 'n'",
        ),
        ("{ $maxN: { n: 1 } }", "!5787907 Missing value for 'input'"),
        (
            "{ $minN: { n: 'a', input: [] } }",
            "!5787902 Value for 'n' must be of integral type, but found \"a\"",
        ),
        (
            "{ $firstN: { n: 1.5, input: [] } }",
            "!5787903 Value for 'n' must be of integral type, but found 1.5",
        ),
        (
            "{ $firstN: { n: 0, input: [] } }",
            "!5787908 'n' must be greater than 0, found 0",
        ),
        (
            "{ $firstN: { n: 1, input: null } }",
            "!5788200 Input must be an array",
        ),
    ]);
}

#[test]
fn set_operators_compare_as_the_server() {
    // Manual: $setUnion, $setIntersection, $setDifference, $setEquals, $setIsSubset
    // ("Example": the flowers collection).
    let flowers = [
        "{ _id: 1, flowerFieldA: ['rose', 'orchid'], flowerFieldB: ['rose', 'orchid'] }",
        "{ _id: 2, flowerFieldA: ['rose', 'orchid'], flowerFieldB: ['orchid', 'rose', 'orchid'] }",
        "{ _id: 3, flowerFieldA: ['rose', 'orchid'], flowerFieldB: ['rose', 'orchid', 'jasmine'] }",
        "{ _id: 4, flowerFieldA: ['rose', 'orchid'], flowerFieldB: ['jasmine', 'rose'] }",
        "{ _id: 5, flowerFieldA: ['rose', 'orchid'], flowerFieldB: [] }",
        "{ _id: 6, flowerFieldA: ['rose', 'orchid'], flowerFieldB: [['rose'], ['orchid']] }",
        "{ _id: 7, flowerFieldA: ['rose', 'orchid'], flowerFieldB: [['rose', 'orchid']] }",
        "{ _id: 8, flowerFieldA: [], flowerFieldB: [] }",
        "{ _id: 9, flowerFieldA: [], flowerFieldB: ['rose'] }",
    ];
    let wants = [
        ("true", "true", "[]"),
        ("true", "true", "[]"),
        ("false", "true", "['jasmine']"),
        ("false", "false", "['jasmine']"),
        ("false", "false", "[]"),
        ("false", "false", "[['rose'], ['orchid']]"),
        ("false", "false", "[['rose', 'orchid']]"),
        ("true", "true", "[]"),
        ("false", "true", "['rose']"),
    ];
    for (doc, (same, subset, in_b_only)) in flowers.iter().zip(wants) {
        table_on(
            doc,
            &[
                ("{ $setEquals: ['$flowerFieldA', '$flowerFieldB'] }", same),
                (
                    "{ $setIsSubset: ['$flowerFieldA', '$flowerFieldB'] }",
                    subset,
                ),
                (
                    "{ $setDifference: ['$flowerFieldB', '$flowerFieldA'] }",
                    in_b_only,
                ),
            ],
        );
    }
    // The union and intersection come out sorted: the server builds them in an ordered set
    // (mongodb/mongo src/mongo/db/exec/expression/evaluate_array.cpp, makeOrderedValueSet).
    table_on(
        flowers[3],
        &[
            (
                "{ $setUnion: ['$flowerFieldA', '$flowerFieldB'] }",
                "['jasmine', 'orchid', 'rose']",
            ),
            (
                "{ $setIntersection: ['$flowerFieldA', '$flowerFieldB'] }",
                "['rose']",
            ),
        ],
    );
    table(&[
        ("{ $setEquals: [['a', 'b', 'a'], ['b', 'a']] }", "true"),
        ("{ $setEquals: [['a', 'b'], [['a', 'b']]] }", "false"),
        ("{ $setIsSubset: [['a', 'b', 'a'], ['b', 'a']] }", "true"),
        ("{ $setIsSubset: [['a', 'b'], [['a', 'b']]] }", "false"),
        ("{ $setUnion: [[3, 1, 2, 1], [2, 'a']] }", "[1, 2, 3, 'a']"),
        ("{ $setUnion: [[1, 1.0, NumberLong(1)]] }", "[1]"),
        ("{ $setUnion: [] }", "[]"),
        ("{ $setIntersection: [[3, 1, 2], [2, 3.0]] }", "[2, 3.0]"),
        ("{ $setIntersection: [[1, 2], []] }", "[]"),
        ("{ $setIntersection: [[1], null] }", "null"),
        ("{ $setDifference: [[3, 1, 3, 2], [2]] }", "[3, 1]"),
        ("{ $setEquals: [[1], [1.0], [NumberLong(1)]] }", "true"),
        ("{ $setUnion: [[1], null] }", "null"),
        ("{ $setUnion: [[1], '$nope'] }", "null"),
        ("{ $setDifference: [null, [1]] }", "null"),
        (
            "{ $setUnion: [[1], 2] }",
            "!17043 All operands of $setUnion must be arrays. One argument is of type: int",
        ),
        (
            "{ $setIntersection: [[1], 'a'] }",
            "!17047 All operands of $setIntersection must be arrays. One argument is of type: string",
        ),
        (
            "{ $setDifference: [1, [1]] }",
            "!17048 both operands of $setDifference must be arrays. First argument is of type: int",
        ),
        (
            "{ $setDifference: [[1], 1] }",
            "!17049 both operands of $setDifference must be arrays. Second argument is of type: int",
        ),
        (
            "{ $setEquals: [[1]] }",
            "!17045 $setEquals needs at least two arguments had: 1",
        ),
        (
            "{ $setEquals: [[1], null] }",
            "!17044 All operands of $setEquals must be arrays. One argument is of type: null",
        ),
        (
            "{ $setIsSubset: [null, [1]] }",
            "!17046 both operands of $setIsSubset must be arrays. First argument is of type: null",
        ),
        (
            "{ $setIsSubset: [[1], '$nope'] }",
            "!17042 both operands of $setIsSubset must be arrays. Second argument is of type: missing",
        ),
        (
            "{ $setDifference: [[1]] }",
            "!16020 Expression $setDifference takes exactly 2 arguments. 1 were passed in.",
        ),
    ]);
}

#[test]
fn merge_objects_and_fields_by_name() {
    // Manual: $mergeObjects ("$mergeObjects with null operands", the examples of
    // overwriting), $getField, $setField, $unsetField.
    table(&[
        ("{ $mergeObjects: [{ a: 1 }, null] }", "{ a: 1 }"),
        ("{ $mergeObjects: [null, null] }", "{}"),
        (
            "{ $mergeObjects: [{ a: 1 }, { a: 2, b: 2 }, { a: 3, c: 3 }] }",
            "{ a: 3, b: 2, c: 3 }",
        ),
        (
            "{ $mergeObjects: [{ a: 1 }, { a: 2, b: 2 }, { a: 3, b: null, c: 3 }] }",
            "{ a: 3, b: null, c: 3 }",
        ),
    ]);
    let inventory = "{ _id: 1, item: 'sweatshirt', 'price.usd': 45.99, qty: 300, '$price': 45.99, quantity: { '$large': 50, '$small': 25 } }";
    table_on(
        inventory,
        &[
            ("{ $getField: 'price.usd' }", "45.99"),
            ("{ $getField: { $literal: '$price' } }", "45.99"),
            (
                "{ $getField: { field: { $literal: '$small' }, input: '$quantity' } }",
                "25",
            ),
            ("{ $getField: 'nope' }", "MISSING"),
            (
                "{ $setField: { field: 'price.usd', input: '$$ROOT', value: 49.99 } }",
                "{ _id: 1, item: 'sweatshirt', 'price.usd': 49.99, qty: 300, '$price': 45.99, quantity: { '$large': 50, '$small': 25 } }",
            ),
            (
                "{ $setField: { field: { $literal: '$price' }, input: { $literal: { a: 1 } }, value: 2 } }",
                "{ a: 1, '$price': 2 }",
            ),
            (
                "{ $setField: { field: 'price.usd', input: { 'price.usd': 1, b: 2 }, value: '$$REMOVE' } }",
                "{ b: 2 }",
            ),
            (
                "{ $unsetField: { field: 'price.usd', input: { 'price.usd': 1, b: 2 } } }",
                "{ b: 2 }",
            ),
        ],
    );
    // mongodb/mongo jstests/aggregation/expressions/expression_get_field.js (the cases that
    // still hold since 7.2 let 'field' be any expression that evaluates to a string).
    table_on(
        "{ _id: 0, x: 0, 'a$b': 'foo', 'a.b': 'bar', '$a': 10, '$x..$y': { '$a': 1, '$b..$c': 2 }, e: { '$f': 30 } }",
        &[
            ("{ $getField: 'a$b' }", "'foo'"),
            ("{ $getField: 'a.b' }", "'bar'"),
            ("{ $getField: 'x' }", "0"),
            ("{ $getField: 'a' }", "MISSING"),
            ("{ $getField: { $const: '$a' } }", "10"),
            (
                "{ $getField: { field: { $const: '$f' }, input: '$e' } }",
                "30",
            ),
            (
                "{ $getField: { field: { $const: '$a' }, input: { $getField: { $literal: '$x..$y' } } } }",
                "1",
            ),
            (
                "{ $getField: { field: 'a.b.c', input: { a: { b: { c: 5 } } } } }",
                "MISSING",
            ),
            (
                "{ $getField: { field: 'a', input: { a: null, b: 2 } } }",
                "null",
            ),
            ("{ $getField: { field: 'a', input: true } }", "MISSING"),
            (
                "{ $getField: { field: true, input: { a: 'b' } } }",
                "!5654602 $getField requires 'field' to evaluate to type String, but got bool",
            ),
            (
                "{ $getField: { field: null, input: { a: 1 } } }",
                "!5654602 $getField requires 'field' to evaluate to type String, but got null",
            ),
            (
                "{ $getField: { $const: true } }",
                "!5654602 $getField requires 'field' to evaluate to type String, but got bool",
            ),
            (
                "{ $getField: { field: '$a.b', input: { a: 'b' } } }",
                "!5654600 A field path reference which is not allowed in this context. Did you mean {$literal: '$a.b'}?",
            ),
            (
                "{ $getField: { field: '$$CURRENT.a', input: { a: 'b' } } }",
                "!5654600 A field path reference which is not allowed in this context. Did you mean {$literal: '$$CURRENT.a'}?",
            ),
        ],
    );
    // mongodb/mongo jstests/aggregation/expressions/expression_set_field.js ($const written
    // as $literal for the inputs, which bson-tutor evaluates as expressions).
    table_on(
        "{ _id: 0, e: { '$f': 30 } }",
        &[
            (
                "{ $setField: { input: { a: 'b' } } }",
                "!4161102 $setField requires 'field' to be specified",
            ),
            (
                "{ $unsetField: {} }",
                "!4161102 $unsetField requires 'field' to be specified",
            ),
            (
                "{ $setField: { field: 'a', input: { a: 'b' } } }",
                "!4161103 $setField requires 'value' to be specified",
            ),
            (
                "{ $unsetField: { field: 'a', value: null, input: { a: 'b' } } }",
                "!4161101 $unsetField found an unknown argument: value",
            ),
            (
                "{ $setField: { field: null, value: 0 } }",
                "!4161109 $setField requires 'input' to be specified",
            ),
            (
                "{ $unsetField: { field: 'foo' } }",
                "!4161109 $unsetField requires 'input' to be specified",
            ),
            (
                "{ $setField: { field: 33, input: 33, value: 24 } }",
                "!4161107 $setField requires 'field' to evaluate to type String, but got int",
            ),
            (
                "{ $unsetField: { field: 'a', input: true } }",
                "!4161105 $unsetField requires 'input' to evaluate to type Object",
            ),
            (
                "{ $setField: { field: null, input: {}, value: 0 } }",
                "!4161107 $setField requires 'field' to evaluate to type String, but got null",
            ),
            (
                "{ $unsetField: { field: '$field_path', input: {} } }",
                "!4161108 A field path reference which is not allowed in this context. Did you mean {$literal: '$field_path'}?",
            ),
            (
                "{ $setField: { field: { $concat: ['a.b', '.', 'c'] }, input: { $literal: { 'a.b.c': 5 } }, value: 12345 } }",
                "!4161106 $setField requires 'field' to evaluate to a constant, but got a non-constant argument",
            ),
            (
                "{ $setField: 'foo' }",
                "!4161100 $setField only supports an object as its argument",
            ),
            (
                "{ $unsetField: { $add: [2, 3] } }",
                "!4161101 $unsetField found an unknown argument: $add",
            ),
            (
                "{ $setField: { field: 'a', input: { a: 'b' }, value: 24 } }",
                "{ a: 24 }",
            ),
            (
                "{ $setField: { field: 'a', input: { b: 'b' }, value: 24 } }",
                "{ b: 'b', a: 24 }",
            ),
            (
                "{ $setField: { field: 'a', input: { a: 'b' }, value: '$$REMOVE' } }",
                "{}",
            ),
            (
                "{ $unsetField: { field: 'a', input: { b: 'b' } } }",
                "{ b: 'b' }",
            ),
            ("{ $unsetField: { field: 'x', input: null } }", "null"),
            (
                "{ $setField: { field: 'a.b.c', input: { a: { b: { c: 5 } } }, value: 12345 } }",
                "{ a: { b: { c: 5 } }, 'a.b.c': 12345 }",
            ),
            (
                "{ $setField: { field: 'a', input: { $setField: { field: 'b.d', input: { $literal: { 'b.c': { a: 5 } } }, value: 'forget-me-not' } }, value: '$_id' } }",
                "{ 'b.c': { a: 5 }, 'b.d': 'forget-me-not', a: 0 }",
            ),
            (
                "{ $setField: { field: { $literal: '$h.$i' }, input: { $setField: { field: { $literal: '$g..' }, input: '$e', value: 'forget-me-not' } }, value: '$_id' } }",
                "{ '$f': 30, '$g..': 'forget-me-not', '$h.$i': 0 }",
            ),
        ],
    );
    // mongodb/mongo src/mongo/db/exec/expression/evaluate_object.cpp (ExpressionGetField,
    // ExpressionSetField), their parsers in expression.cpp, and the $mergeObjects
    // accumulator's 40400.
    table(&[
        ("{ $getField: { field: 'a', input: null } }", "null"),
        ("{ $getField: { field: 'a', input: '$nope' } }", "MISSING"),
        ("{ $getField: { field: 'a', input: 5 } }", "MISSING"),
        (
            "{ $getField: { field: { $concat: ['a', 'b'] }, input: { ab: 1 } } }",
            "1",
        ),
        (
            "{ $getField: { field: { $add: [1, 2] }, input: {} } }",
            "!3041704 $getField requires 'field' to evaluate to type String, but got int",
        ),
        (
            "{ $getField: { field: 'a', input: {}, x: 1 } }",
            "!3041701 $getField found an unknown argument: x",
        ),
        (
            "{ $getField: { input: {} } }",
            "!3041702 $getField requires 'field' to be specified",
        ),
        (
            "{ $getField: { field: 'a' } }",
            "!3041703 $getField requires 'input' to be specified",
        ),
        (
            "{ $getField: '$a' }",
            "!5654600 A field path reference which is not allowed in this context. Did you mean {$literal: '$a'}?",
        ),
        (
            "{ $getField: 5 }",
            "!5654602 $getField requires 'field' to evaluate to type String, but got int",
        ),
        (
            "{ $setField: { field: 'a', input: null, value: 1 } }",
            "null",
        ),
        (
            "{ $setField: 1 }",
            "!4161100 $setField only supports an object as its argument",
        ),
        (
            "{ $unsetField: { field: 'a', input: {}, value: 1 } }",
            "!4161101 $unsetField found an unknown argument: value",
        ),
        (
            "{ $setField: { input: {}, value: 1 } }",
            "!4161102 $setField requires 'field' to be specified",
        ),
        (
            "{ $setField: { field: 'a', input: {} } }",
            "!4161103 $setField requires 'value' to be specified",
        ),
        (
            "{ $setField: { field: 'a', value: 1 } }",
            "!4161109 $setField requires 'input' to be specified",
        ),
        (
            "{ $setField: { field: 'a', input: true, value: 24 } }",
            "!4161105 $setField requires 'input' to evaluate to type Object",
        ),
        (
            "{ $setField: { field: { a: 1 }, input: {}, value: 1 } }",
            "!4161106 $setField requires 'field' to evaluate to a constant, but got a non-constant argument",
        ),
        (
            "{ $unsetField: { field: true, input: { a: 'b' } } }",
            "!4161107 $unsetField requires 'field' to evaluate to type String, but got bool",
        ),
        (
            "{ $setField: { field: '$a', input: {}, value: 1 } }",
            "!4161108 A field path reference which is not allowed in this context. Did you mean {$literal: '$a'}?",
        ),
        (
            "{ $mergeObjects: [{ a: 1 }, 'x'] }",
            "!40400 $mergeObjects requires object inputs, but input \"x\" is of type string",
        ),
    ]);
}

#[test]
fn eval_prints_the_new_operators_from_the_command_line() {
    let run = |expr: &str| {
        let out = bson_tutor()
            .args(["eval", expr])
            .output()
            .expect("bson-tutor runs");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).trim().to_owned(),
            String::from_utf8_lossy(&out.stderr).trim().to_owned(),
        )
    };
    for (expr, printed) in [
        ("{ $setUnion: [[1,2],[2,3]] }", "[ 1, 2, 3 ]"),
        ("{ $and: [1, 'green'] }", "true"),
        ("{ $in: [2, [1, 2, 3]] }", "true"),
        (
            "{ $filter: { input: [1, 2, 3, 4], cond: { $gt: ['$$this', 2] } } }",
            "[ 3, 4 ]",
        ),
        (
            "{ $mergeObjects: [{ a: 1 }, { a: 2, b: 2 }] }",
            "{ a: 2, b: 2 }",
        ),
        (
            "{ $let: { vars: { x: 2 }, in: { $multiply: ['$$x', 3] } } }",
            "6",
        ),
    ] {
        let (ok, out, _) = run(expr);
        assert!(ok, "{expr}");
        assert_eq!(out, printed, "{expr}");
    }
    let (ok, _, err) = run("{ $switch: { branches: [{ case: false, then: 1 }] } }");
    assert!(!ok);
    assert!(
        err.contains(
            "$switch could not find a matching branch for an input, and no default was specified."
        ),
        "{err}"
    );
}

#[test]
fn arrays_built_from_user_data_stay_within_a_document() {
    // bson-tutor's own limit (no server words): an operator that builds more than a document
    // can hold stops with the tutor's error instead of exhausting memory.
    let big = "{ $range: [0, 1000000] }";
    for expr in [
        format!("{{ $concatArrays: [{big}, {big}] }}"),
        format!("{{ $zip: {{ inputs: [{big}, {big}] }} }}"),
    ] {
        let e = evaluate_in(&parse(&expr), None, &[]).unwrap_err();
        assert_eq!(e.code(), None, "{expr}");
        assert!(
            e.to_string().starts_with("this expression holds more than"),
            "{expr}: {e}"
        );
    }
    // A union of the same large array twice is one copy: within the limit.
    let union = format!("{{ $size: {{ $setUnion: [{big}, {big}] }} }}");
    assert_eq!(
        evaluate_in(&parse(&union), None, &[]).map(|v| v.map(|v| print_value(&v))),
        Ok(Some("1000000".to_owned()))
    );
}
