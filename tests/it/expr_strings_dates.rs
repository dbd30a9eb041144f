//! The string, regex and date expression operators against the manual's examples, the
//! server's jstests and its source's rules, one table per operator. Each line is
//! `expression => expected` in shell syntax; `!code message` expects the server's refusal
//! with that code and those exact words. The data and expectations are carried over as
//! facts from the page or file named above each table; the code under test was written
//! separately.

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value, print_value};
use bson_tutor::query::expr::evaluate;

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
        let got = match evaluate(&parse(expr), Some(&root)) {
            Ok(v) => print_value(&v),
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
fn trim_removes_whitespace_or_the_given_code_points() {
    // The manual's $trim, $ltrim and $rtrim pages (the whitespace list, `chars` as code
    // points); mongodb/mongo evaluate_string.cpp for the errors.
    table(&[
        (
            "{ $trim: { input: '  \\n good  bye \\t  ' } }",
            "'good  bye'",
        ),
        (
            "{ $ltrim: { input: '  \\n good  bye \\t  ' } }",
            "'good  bye \\t  '",
        ),
        (
            "{ $rtrim: { input: '  \\n good  bye \\t  ' } }",
            "'  \\n good  bye'",
        ),
        (
            "{ $trim: { input: '\\u00a0\\u3000x\\u2028\\u0000' } }",
            "'x'",
        ),
        // U+200B (zero width space) is not in the list.
        ("{ $trim: { input: '\\u200bx' } }", "'\\u200bx'"),
        (
            "{ $trim: { input: 'ggggoodbyeeeee', chars: 'ge' } }",
            "'oodby'",
        ),
        (
            "{ $ltrim: { input: 'ggggoodbyeeeee', chars: 'ge' } }",
            "'oodbyeeeee'",
        ),
        (
            "{ $rtrim: { input: 'ggggoodbyeeeee', chars: 'ge' } }",
            "'ggggoodby'",
        ),
        ("{ $trim: { input: 'éaé', chars: 'é' } }", "'a'"),
        ("{ $trim: { input: null } }", "null"),
        ("{ $trim: { input: '$missing' } }", "null"),
        ("{ $trim: { input: ' a ', chars: null } }", "null"),
        (
            "{ $trim: { input: 5 } }",
            "!50699 $trim requires its input to be a string, got 5 (of type int) instead.",
        ),
        (
            "{ $ltrim: { input: 'a', chars: 1.5 } }",
            "!50700 $ltrim requires 'chars' to be a string, got 1.5 (of type double) instead.",
        ),
        (
            "{ $trim: 'a' }",
            "!50696 $trim only supports an object as an argument, found string",
        ),
        (
            "{ $rtrim: { input: 'a', char: 'a' } }",
            "!50694 $rtrim found an unknown argument: char",
        ),
        (
            "{ $trim: { chars: 'a' } }",
            "!50695 $trim requires an 'input' field",
        ),
    ]);
}

#[test]
fn replace_one_and_all_are_literal_and_null_propagating() {
    // The manual's $replaceOne and $replaceAll pages (the inventory of paint items);
    // mongodb/mongo expression.cpp (ExpressionReplaceBase) for the errors.
    table(&[
        (
            "{ $replaceOne: { input: 'blue paint with blue paintbrush', find: 'blue paint', replacement: 'red paint' } }",
            "'red paint with blue paintbrush'",
        ),
        (
            "{ $replaceAll: { input: 'blue paint with blue paintbrush', find: 'blue paint', replacement: 'red paint' } }",
            "'red paint with red paintbrush'",
        ),
        (
            "{ $replaceAll: { input: 'blue and green paint', find: 'blue paint', replacement: 'red paint' } }",
            "'blue and green paint'",
        ),
        // The find string is not a pattern.
        (
            "{ $replaceAll: { input: 'a.b.c', find: '.', replacement: '' } }",
            "'abc'",
        ),
        (
            "{ $replaceAll: { input: 'abc', find: '', replacement: '-' } }",
            "'-a-b-c-'",
        ),
        (
            "{ $replaceOne: { input: 'abc', find: '', replacement: '-' } }",
            "'-abc'",
        ),
        (
            "{ $replaceAll: { input: null, find: 'a', replacement: 'b' } }",
            "null",
        ),
        (
            "{ $replaceOne: { input: 'a', find: '$nope', replacement: 'b' } }",
            "null",
        ),
        // Every argument's type is checked before a null makes the result null.
        (
            "{ $replaceAll: { input: null, find: 5, replacement: 'b' } }",
            "!51745 $replaceAll requires that 'find' be a string, found: 5",
        ),
        (
            "{ $replaceOne: { input: 1, find: 'a', replacement: 'b' } }",
            "!51746 $replaceOne requires that 'input' be a string, found: 1",
        ),
        (
            "{ $replaceOne: { input: 'a', find: 'a', replacement: ['b'] } }",
            "!51744 $replaceOne requires that 'replacement' be a string, found: [ \"b\" ]",
        ),
        (
            "{ $replaceAll: { input: 'a', find: 'a' } }",
            "!51747 $replaceAll requires 'replacement' to be specified",
        ),
        (
            "{ $replaceAll: { input: 'a', replacement: 'a' } }",
            "!51748 $replaceAll requires 'find' to be specified",
        ),
        (
            "{ $replaceAll: { find: 'a', replacement: 'a' } }",
            "!51749 $replaceAll requires 'input' to be specified",
        ),
        (
            "{ $replaceAll: { input: 'a', find: 'a', replacement: 'a', x: 1 } }",
            "!51750 $replaceAll found an unknown argument: x",
        ),
        (
            "{ $replaceOne: 'a' }",
            "!51751 $replaceOne requires an object as an argument, found: string",
        ),
    ]);
}

#[test]
fn replace_all_results_are_bounded() {
    // 2,000 copies of 'x' replaced by 10,000 bytes each would be 20 MB: past what a
    // document holds, the tutor stops instead of building it.
    let input = "x".repeat(2000);
    let replacement = "y".repeat(10_000);
    let e = evaluate(
        &parse(&format!(
            "{{ $replaceAll: {{ input: '{input}', find: 'x', replacement: '{replacement}' }} }}"
        )),
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("bson-tutor stops here"), "{e}");
}

#[test]
fn strcasecmp_compares_ascii_case_insensitively() {
    // The manual's $strcasecmp page (quarters "13Q1", "13Q4", "14Q2" against "13q4").
    table(&[
        ("{ $strcasecmp: ['13Q1', '13q4'] }", "-1"),
        ("{ $strcasecmp: ['13Q4', '13q4'] }", "0"),
        ("{ $strcasecmp: ['14Q2', '13q4'] }", "1"),
        ("{ $strcasecmp: [null, ''] }", "0"),
        ("{ $strcasecmp: [1, '1'] }", "0"),
        // Dates read as their ISO form (Value::coerceToString in mongodb/mongo value.cpp).
        (
            "{ $strcasecmp: [ISODate('2014-01-01T08:15:39.736Z'), '2014-01-01t08:15:39.736z'] }",
            "0",
        ),
        (
            "{ $substr: [ISODate('2014-01-01T08:15:39.736Z'), 0, 10] }",
            "'2014-01-01'",
        ),
        // Only ASCII letters fold, as the server's byte-wise upper-casing.
        ("{ $strcasecmp: ['é', 'É'] }", "1"),
        (
            "{ $strcasecmp: ['a'] }",
            "!16020 Expression $strcasecmp takes exactly 2 arguments. 1 were passed in.",
        ),
        (
            "{ $strcasecmp: ['a', ['b']] }",
            "!16007 can't convert from BSON type array to String",
        ),
    ]);
}

#[test]
fn index_of_cp_counts_code_points() {
    // The manual's $indexOfCP page and jstests/aggregation/expressions/indexof_codepoints.js.
    table(&[
        ("{ $indexOfCP: ['cafeteria', 'e'] }", "3"),
        ("{ $indexOfCP: ['cafétéria', 'é'] }", "3"),
        ("{ $indexOfCP: ['cafétéria', 't'] }", "4"),
        ("{ $indexOfCP: ['cafétéria', 'é', 4] }", "5"),
        ("{ $indexOfCP: ['cafétéria', 'é', 1, 3] }", "-1"),
        ("{ $indexOfCP: ['∫aƒ', 'ƒ'] }", "2"),
        ("{ $indexOfCP: ['abc', 'b', 0, 10] }", "1"),
        ("{ $indexOfCP: ['abc', 'b', 3] }", "-1"),
        ("{ $indexOfCP: ['', ''] }", "0"),
        ("{ $indexOfCP: ['abc', '', 1] }", "1"),
        ("{ $indexOfCP: ['abc', 'a', 2, 1] }", "-1"),
        ("{ $indexOfCP: [null, 'a'] }", "null"),
        ("{ $indexOfCP: ['$missing', 'a'] }", "null"),
        (
            "{ $indexOfCP: [1, 'a'] }",
            "!40093 $indexOfCP requires a string as the first argument, found: int",
        ),
        (
            "{ $indexOfCP: ['a', null] }",
            "!40094 $indexOfCP requires a string as the second argument, found: null",
        ),
        (
            "{ $indexOfCP: ['abc', 'b', -1] }",
            "!40097 $indexOfCP requires a nonnegative starting index, found: -1",
        ),
        (
            "{ $indexOfCP: ['abc', 'b', 0, 'x'] }",
            "!40096 $indexOfCPrequires an integral ending index, found a value of type: string, with value: \"x\"",
        ),
        (
            "{ $indexOfCP: ['abc'] }",
            "!28667 Expression $indexOfCP takes at least 2 arguments, and at most 4, but 1 were passed in.",
        ),
    ]);
}

#[test]
fn binary_size_counts_bytes() {
    // The manual's $binarySize page and jstests/aggregation/expressions/binarySize.js.
    table(&[
        ("{ $binarySize: 'Hello World!' }", "12"),
        ("{ $binarySize: 'héllo wórld!' }", "14"),
        ("{ $binarySize: BinData(0, 'AAAA') }", "3"),
        ("{ $binarySize: '' }", "0"),
        ("{ $binarySize: null }", "null"),
        ("{ $binarySize: '$missing' }", "null"),
        (
            "{ $binarySize: 5 }",
            "!51276 $binarySize requires a string or BinData argument, found: int",
        ),
    ]);
}

#[test]
fn regex_match_find_and_find_all() {
    // The manual's $regexMatch, $regexFind and $regexFindAll pages (the products with
    // "First lines\nsecond line", "Single LINE description.", "cafétéria" examples).
    table(&[
        (
            "{ $regexMatch: { input: 'First lines\\nsecond line', regex: /line/ } }",
            "true",
        ),
        (
            "{ $regexMatch: { input: 'Single LINE description.', regex: /line/ } }",
            "false",
        ),
        (
            "{ $regexMatch: { input: 'Single LINE description.', regex: /line/i } }",
            "true",
        ),
        (
            "{ $regexMatch: { input: 'Single LINE description.', regex: 'line', options: 'i' } }",
            "true",
        ),
        ("{ $regexMatch: { input: null, regex: /a/ } }", "false"),
        ("{ $regexMatch: { input: 'a', regex: null } }", "false"),
        (
            "{ $regexFind: { input: 'First lines\\nsecond line', regex: /line/ } }",
            "{ match: 'line', idx: 6, captures: [] }",
        ),
        (
            "{ $regexFind: { input: 'Single LINE description.', regex: /line/ } }",
            "null",
        ),
        (
            "{ $regexFind: { input: 'Single LINE description.', regex: /line/i } }",
            "{ match: 'LINE', idx: 7, captures: [] }",
        ),
        // `idx` counts code points: 'é' is two bytes but one step.
        (
            "{ $regexFind: { input: 'cafétéria', regex: /té/ } }",
            "{ match: 'té', idx: 4, captures: [] }",
        ),
        // Groups that take no part are null.
        (
            "{ $regexFind: { input: 'ab', regex: /(a)(x)?(b)/ } }",
            "{ match: 'ab', idx: 0, captures: ['a', null, 'b'] }",
        ),
        // `m` makes `^` match after a newline; `s` lets `.` match one.
        (
            "{ $regexFind: { input: 'x\\nline', regex: '^line', options: 'm' } }",
            "{ match: 'line', idx: 2, captures: [] }",
        ),
        (
            "{ $regexMatch: { input: 'a\\nb', regex: 'a.b', options: 's' } }",
            "true",
        ),
        (
            "{ $regexMatch: { input: 'ab', regex: 'a b # comment', options: 'x' } }",
            "true",
        ),
        (
            "{ $regexFindAll: { input: 'First lines\\nsecond line', regex: /line/ } }",
            "[{ match: 'line', idx: 6, captures: [] }, { match: 'line', idx: 19, captures: [] }]",
        ),
        (
            "{ $regexFindAll: { input: 'cafétéria', regex: /(é)/ } }",
            "[{ match: 'é', idx: 3, captures: ['é'] }, { match: 'é', idx: 5, captures: ['é'] }]",
        ),
        // Empty matches move one code point on; none at the very end.
        (
            "{ $regexFindAll: { input: 'ée', regex: /x*/ } }",
            "[{ match: '', idx: 0, captures: [] }, { match: '', idx: 1, captures: [] }]",
        ),
        (
            "{ $regexFindAll: { input: '', regex: /x*/ } }",
            "[{ match: '', idx: 0, captures: [] }]",
        ),
        // A later match still sees the whole subject: `^` does not match mid-string.
        (
            "{ $regexFindAll: { input: 'aaa', regex: /^a/ } }",
            "[{ match: 'a', idx: 0, captures: [] }]",
        ),
        ("{ $regexFindAll: { input: null, regex: /a/ } }", "[]"),
        ("{ $regexFind: { input: '$missing', regex: /a/ } }", "null"),
    ]);
}

#[test]
fn regex_errors_are_the_servers() {
    // mongodb/mongo evaluate_regex.cpp, expression.cpp (ExpressionRegex::parse) and
    // pcre_util.cpp (flagsToOptions) for the codes and words.
    table(&[
        (
            "{ $regexFind: { input: 'a', regex: 'a', options: 'g' } }",
            "!51108 $regexFind invalid flag in regex options: g",
        ),
        (
            "{ $regexMatch: { input: 'a', regex: '(' } }",
            "!51111 Invalid Regex in $regexMatch: missing closing parenthesis",
        ),
        (
            "{ $regexFind: { input: 'a', regex: /a/i, options: 'm' } }",
            "!51107 $regexFind: found regex option(s) specified in both 'regex' and 'option' fields",
        ),
        (
            "{ $regexFind: { input: 5, regex: /a/ } }",
            "!51104 $regexFind needs 'input' to be of type string",
        ),
        (
            "{ $regexFindAll: { input: 'a', regex: 5 } }",
            "!51105 $regexFindAll needs 'regex' to be of type string or regex",
        ),
        (
            "{ $regexMatch: { input: 'a', regex: 'a', options: 1 } }",
            "!51106 $regexMatch needs 'options' to be of type string",
        ),
        (
            "{ $regexMatch: { input: 'a', regex: 'a\\u0000' } }",
            "!51109 $regexMatch: regular expression cannot contain an embedded null byte",
        ),
        (
            "{ $regexMatch: 'a' }",
            "!51103 $regexMatch expects an object of named arguments but found: string",
        ),
        (
            "{ $regexMatch: { input: 'a', regex: 'a', flags: 'i' } }",
            "!31024 $regexMatch found an unknown argument: flags",
        ),
        (
            "{ $regexFind: { regex: 'a' } }",
            "!31022 $regexFind requires 'input' parameter",
        ),
        (
            "{ $regexFind: { input: 'a' } }",
            "!31023 $regexFind requires 'regex' parameter",
        ),
        // A regex that is null still checks the input's type, and options' letters.
        (
            "{ $regexMatch: { input: 1, regex: null } }",
            "!51104 $regexMatch needs 'input' to be of type string",
        ),
    ]);
}

#[test]
fn date_parts_in_utc_and_in_zones() {
    // The manual's $year ... $week pages (ISODate("2014-01-01T08:15:39.736Z"), a
    // Wednesday, in week 0), $isoWeek/$isoWeekYear/$isoDayOfWeek pages
    // (2016-01-01 is a Friday in ISO week 53 of 2015), and
    // jstests/aggregation/expressions/date_expressions_with_timezones.js for the forms.
    let d = "ISODate('2014-01-01T08:15:39.736Z')";
    let lines: Vec<(String, &str)> = [
        ("$year", "2014"),
        ("$month", "1"),
        ("$dayOfMonth", "1"),
        ("$hour", "8"),
        ("$minute", "15"),
        ("$second", "39"),
        ("$millisecond", "736"),
        ("$dayOfYear", "1"),
        ("$dayOfWeek", "4"),
        ("$week", "0"),
        ("$isoWeek", "1"),
        ("$isoWeekYear", "2014"),
        ("$isoDayOfWeek", "3"),
    ]
    .iter()
    .map(|(op, want)| (format!("{{ {op}: {d} }}"), *want))
    .collect();
    let borrowed: Vec<(&str, &str)> = lines.iter().map(|(e, w)| (e.as_str(), *w)).collect();
    table(&borrowed);
    table(&[
        ("{ $isoWeek: ISODate('2016-01-01T00:00:00Z') }", "53"),
        ("{ $isoWeekYear: ISODate('2016-01-01T00:00:00Z') }", "2015"),
        ("{ $isoDayOfWeek: ISODate('2016-01-01T00:00:00Z') }", "5"),
        ("{ $week: ISODate('2016-01-03T00:00:00Z') }", "1"),
        ("{ $week: ISODate('2016-12-31T00:00:00Z') }", "52"),
        ("{ $dayOfYear: ISODate('2016-12-31T00:00:00Z') }", "366"),
        // The same instant on other wall clocks: New York is 5 hours behind in winter.
        (
            "{ $dayOfMonth: { date: ISODate('2017-01-01T01:29:09Z'), timezone: 'America/New_York' } }",
            "31",
        ),
        (
            "{ $year: { date: ISODate('2017-01-01T01:29:09Z'), timezone: 'America/New_York' } }",
            "2016",
        ),
        (
            "{ $hour: { date: ISODate('2017-01-01T01:29:09Z'), timezone: '+05:30' } }",
            "6",
        ),
        (
            "{ $minute: { date: ISODate('2017-01-01T01:29:09Z'), timezone: '+0530' } }",
            "59",
        ),
        // Paris moves from UTC+1 to UTC+2 at 01:00Z on 2026-03-29.
        (
            "{ $hour: { date: ISODate('2026-03-29T00:59:59Z'), timezone: 'Europe/Paris' } }",
            "1",
        ),
        (
            "{ $hour: { date: ISODate('2026-03-29T01:00:00Z'), timezone: 'Europe/Paris' } }",
            "3",
        ),
        // Before 1970, milliseconds still count up from the second's start.
        ("{ $millisecond: new Date(-1) }", "999"),
        ("{ $year: new Date(-1) }", "1969"),
        // The array and object forms; timestamps and ObjectIds are dates too.
        ("{ $month: [ISODate('2014-03-01T00:00:00Z')] }", "3"),
        ("{ $month: { date: ISODate('2014-03-01T00:00:00Z') } }", "3"),
        ("{ $year: Timestamp(1500000000, 1) }", "2017"),
        ("{ $year: ObjectId('5ab9cbfa31c2ab715d42129e') }", "2018"),
        ("{ $year: null }", "null"),
        ("{ $year: '$missing' }", "null"),
        ("{ $year: { date: new Date(0), timezone: null } }", "null"),
    ]);
}

#[test]
fn date_part_errors_are_the_servers() {
    // mongodb/mongo expression.cpp (DateExpressionAcceptingTimeZone) and
    // evaluate_date.cpp (makeTimeZone) for the codes and words.
    table(&[
        (
            "{ $year: 'abc' }",
            "!16006 can't convert from BSON type string to Date",
        ),
        (
            "{ $year: { date: new Date(0), timezone: 5 } }",
            "!40517 timezone must evaluate to a string, found int",
        ),
        (
            "{ $hour: { date: new Date(0), timezone: 'Mars/Base' } }",
            "!40485 unrecognized time zone identifier: \"Mars/Base\"",
        ),
        (
            "{ $year: [1, 2] }",
            "!40536 $year accepts exactly one argument if given an array, but was given 2",
        ),
        (
            "{ $week: { date: new Date(0), foo: 1 } }",
            "!40535 unrecognized option to $week: \"foo\"",
        ),
        (
            "{ $year: { timezone: 'UTC' } }",
            "!40539 missing 'date' argument to $year, provided: $year: { timezone: \"UTC\" }",
        ),
    ]);
}

#[test]
fn date_to_parts_in_both_calendars() {
    // The manual's $dateToParts page (ISODate("2017-01-01T01:29:09.123Z"), in UTC, as ISO
    // week parts, and in America/New_York); jstests/aggregation/expressions/date_to_parts.js.
    let d = "ISODate('2017-01-01T01:29:09.123Z')";
    let expr = |rest: &str| format!("{{ $dateToParts: {{ date: {d}{rest} }} }}");
    let (utc, iso, ny) = (
        expr(""),
        expr(", iso8601: true"),
        expr(", timezone: 'America/New_York'"),
    );
    let (iso_ny, bad_iso, bad_zone) = (
        expr(", timezone: 'America/New_York', iso8601: true"),
        expr(", iso8601: 1"),
        expr(", timezone: 'Nowhere'"),
    );
    let null_iso = expr(", iso8601: null");
    table(&[
        (
            utc.as_str(),
            "{ year: 2017, month: 1, day: 1, hour: 1, minute: 29, second: 9, millisecond: 123 }",
        ),
        (
            iso.as_str(),
            "{ isoWeekYear: 2016, isoWeek: 52, isoDayOfWeek: 7, hour: 1, minute: 29, second: 9, millisecond: 123 }",
        ),
        (
            ny.as_str(),
            "{ year: 2016, month: 12, day: 31, hour: 20, minute: 29, second: 9, millisecond: 123 }",
        ),
        (
            iso_ny.as_str(),
            "{ isoWeekYear: 2016, isoWeek: 52, isoDayOfWeek: 6, hour: 20, minute: 29, second: 9, millisecond: 123 }",
        ),
        (null_iso.as_str(), "null"),
        ("{ $dateToParts: { date: null } }", "null"),
        (
            bad_iso.as_str(),
            "!40521 iso8601 must evaluate to a bool, found int",
        ),
        (
            bad_zone.as_str(),
            "!40485 unrecognized time zone identifier: \"Nowhere\"",
        ),
        (
            "{ $dateToParts: { date: 'x' } }",
            "!16006 can't convert from BSON type string to Date",
        ),
        (
            "{ $dateToParts: {} }",
            "!40522 Missing 'date' parameter to $dateToParts",
        ),
        (
            "{ $dateToParts: { date: new Date(0), zone: 'UTC' } }",
            "!40520 Unrecognized argument to $dateToParts: zone",
        ),
        (
            "{ $dateToParts: 1 }",
            "!40524 $dateToParts only supports an object as its argument",
        ),
    ]);
}

#[test]
fn date_from_parts_carries_out_of_range_parts() {
    // The manual's $dateFromParts page (2017-02-08T12:00:00Z from calendar and ISO parts,
    // New Year's Eve in New York, month 14 and month 0); jstests/aggregation/expressions/
    // date_from_parts.js for the errors.
    table(&[
        (
            "{ $dateFromParts: { year: 2017, month: 2, day: 8, hour: 12 } }",
            "ISODate('2017-02-08T12:00:00Z')",
        ),
        (
            "{ $dateFromParts: { isoWeekYear: 2017, isoWeek: 6, isoDayOfWeek: 3, hour: 12 } }",
            "ISODate('2017-02-08T12:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2016, month: 12, day: 31, hour: 23, minute: 46, second: 12, timezone: 'America/New_York' } }",
            "ISODate('2017-01-01T04:46:12Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, month: 14, day: 1, hour: 12 } }",
            "ISODate('2018-02-01T12:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, month: 0, day: 1, hour: 12 } }",
            "ISODate('2016-12-01T12:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, month: -1, day: 1 } }",
            "ISODate('2016-11-01T00:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, month: 3, day: 0 } }",
            "ISODate('2017-02-28T00:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, hour: 25, minute: -1, millisecond: 1500 } }",
            "ISODate('2017-01-02T00:59:01.500Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017 } }",
            "ISODate('2017-01-01T00:00:00Z')",
        ),
        (
            "{ $dateFromParts: { isoWeekYear: 2017 } }",
            "ISODate('2017-01-02T00:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, month: 2.0 } }",
            "ISODate('2017-02-01T00:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2017, timezone: '+05:00' } }",
            "ISODate('2016-12-31T19:00:00Z')",
        ),
        // Across Paris's change to summer time: midnight is still UTC+1, noon is UTC+2.
        (
            "{ $dateFromParts: { year: 2026, month: 3, day: 29, timezone: 'Europe/Paris' } }",
            "ISODate('2026-03-28T23:00:00Z')",
        ),
        (
            "{ $dateFromParts: { year: 2026, month: 3, day: 29, hour: 12, timezone: 'Europe/Paris' } }",
            "ISODate('2026-03-29T10:00:00Z')",
        ),
        ("{ $dateFromParts: { year: null } }", "null"),
        (
            "{ $dateFromParts: { year: 2017, month: '$missing' } }",
            "null",
        ),
        ("{ $dateFromParts: { year: 2017, timezone: null } }", "null"),
        (
            "{ $dateFromParts: { year: 2017, month: 1.5 } }",
            "!40515 'month' must evaluate to an integer, found double with value 1.5",
        ),
        (
            "{ $dateFromParts: { year: '2017' } }",
            "!40515 'year' must evaluate to an integer, found string with value \"2017\"",
        ),
        (
            "{ $dateFromParts: { year: 2017, month: 40000 } }",
            "!31034 'month' must evaluate to a value in the range [-32768, 32767]; value 40000 is not in range",
        ),
        (
            "{ $dateFromParts: { year: 0 } }",
            "!40523 'year' must evaluate to an integer in the range 1 to 9999, found 0",
        ),
        (
            "{ $dateFromParts: { isoWeekYear: 10000 } }",
            "!31095 'isoWeekYear' must evaluate to an integer in the range 1 to 9999, found 10000",
        ),
        (
            "{ $dateFromParts: { month: 1 } }",
            "!40516 $dateFromParts requires either 'year' or 'isoWeekYear' to be present",
        ),
        (
            "{ $dateFromParts: { year: 2017, isoWeek: 1 } }",
            "!40489 $dateFromParts does not allow mixing natural dates with ISO dates",
        ),
        (
            "{ $dateFromParts: { isoWeekYear: 2017, month: 1 } }",
            "!40525 $dateFromParts does not allow mixing ISO dates with natural dates",
        ),
        (
            "{ $dateFromParts: { year: 2017, months: 1 } }",
            "!40518 Unrecognized argument to $dateFromParts: months",
        ),
        (
            "{ $dateFromParts: 2017 }",
            "!40519 $dateFromParts only supports an object as its argument",
        ),
    ]);
}

#[test]
fn date_add_and_subtract_on_the_wall_clock() {
    // jstests/aggregation/expressions/date_add_subtract.js (its document: date
    // 2020-12-31T12:10:05Z, unit "month", timezone "Europe/Paris").
    table_on(
        "{ _id: 1, date: ISODate('2020-12-31T12:10:05Z'), unit: 'month', timezone: 'Europe/Paris' }",
        &[
            (
                "{ $dateAdd: { startDate: ISODate('2020-11-30T12:10:05Z'), unit: 'day', amount: 1 } }",
                "ISODate('2020-12-01T12:10:05Z')",
            ),
            // Across the end of summer time: 24 hours are 24 elapsed hours, a day is the
            // same wall-clock time the next day.
            (
                "{ $dateAdd: { startDate: ISODate('2020-10-24T18:10:00Z'), unit: 'hour', amount: 24, timezone: 'Europe/Paris' } }",
                "ISODate('2020-10-25T18:10:00Z')",
            ),
            (
                "{ $dateAdd: { startDate: ISODate('2020-10-24T18:10:00Z'), unit: 'day', amount: 1, timezone: 'Europe/Paris' } }",
                "ISODate('2020-10-25T19:10:00Z')",
            ),
            (
                "{ $dateAdd: { startDate: ISODate('2021-01-30T23:30:00Z'), unit: 'month', amount: 1, timezone: 'Europe/Paris' } }",
                "ISODate('2021-02-27T23:30:00Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$dateSent', unit: 'day', amount: 1 } }",
                "null",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'day', amount: 1 } }",
                "ISODate('2021-01-01T12:10:05Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'week', amount: 1 } }",
                "ISODate('2021-01-07T12:10:05Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'hour', amount: 2 } }",
                "ISODate('2020-12-31T14:10:05Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'minute', amount: 50 } }",
                "ISODate('2020-12-31T13:00:05Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'millisecond', amount: 1050 } }",
                "ISODate('2020-12-31T12:10:06.050Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: '$unit', amount: 1 } }",
                "ISODate('2021-01-31T12:10:05Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'hour', amount: 2, timezone: '$timezone' } }",
                "ISODate('2020-12-31T14:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'year', amount: 1 } }",
                "ISODate('2019-12-31T12:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'quarter', amount: 2 } }",
                "ISODate('2020-06-30T12:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: '$unit', amount: 1 } }",
                "ISODate('2020-11-30T12:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: '$unit', amount: 3, timezone: '$timezone' } }",
                "ISODate('2020-09-30T11:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'day', amount: 15 } }",
                "ISODate('2020-12-16T12:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'hour', amount: 48 } }",
                "ISODate('2020-12-29T12:10:05Z')",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'second', amount: 125 } }",
                "ISODate('2020-12-31T12:08:00Z')",
            ),
            (
                "{ $dateSubtract: { startDate: ISODate('2021-01-31T03:00:00Z'), unit: 'month', amount: 2 } }",
                "ISODate('2020-11-30T03:00:00Z')",
            ),
            (
                "{ $dateSubtract: { startDate: ISODate('2021-01-31T03:00:00Z'), unit: 'month', amount: 2, timezone: 'America/New_York' } }",
                "ISODate('2020-12-01T03:00:00Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'day', amount: 1.0 } }",
                "ISODate('2021-01-01T12:10:05Z')",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: null, amount: 1 } }",
                "null",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'day', amount: null } }",
                "null",
            ),
            (
                "{ $dateAdd: { unit: 'second', amount: 120 } }",
                "!5166402 $dateAdd requires startDate, unit, and amount to be present",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', amount: 1 } }",
                "!5166402 $dateSubtract requires startDate, unit, and amount to be present",
            ),
            (
                "{ $dateAdd: { startDate: '$date', units: 'day', amount: 1 } }",
                "!5166401 Unrecognized argument to $dateAdd: units. Expected arguments are startDate, unit, amount, and optionally timezone.",
            ),
            (
                "{ $dateSubtract: { startDate: 'myBirthDate', unit: 'year', amount: 10 } }",
                "!5166403 $dateSubtract requires startDate to be convertible to a date",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 1, amount: 10 } }",
                "!5166404 $dateAdd requires 'unit' to be a string, but got int",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'epoch', amount: 10 } }",
                "!9 $dateAdd parameter 'unit' value parsing failed :: caused by :: unknown time unit value: epoch",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'year', amount: 1.001 } }",
                "!5166405 $dateSubtract expects integer amount of time units",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'year', amount: 1, timezone: 'Unknown' } }",
                "!40485 unrecognized time zone identifier: \"Unknown\"",
            ),
            (
                "{ $dateSubtract: { startDate: '$date', unit: 'day', amount: NumberLong('-9223372036854775808') } }",
                "!6045000 invalid $dateSubtract 'amount' parameter value: -9223372036854775808",
            ),
            (
                "{ $dateAdd: { startDate: '$date', unit: 'day', amount: NumberLong('300000000000') } }",
                "!5976500 invalid dateAdd 'amount' parameter value: 300000000000 day",
            ),
            (
                "{ $dateAdd: { startDate: ISODate('2020-01-01T00:00:00Z'), unit: 'millisecond', amount: NumberLong('9223372036854775807') } }",
                "!5166406 dateAdd overflowed",
            ),
            (
                "{ $dateAdd: 1 }",
                "!5166400 $dateAdd expects an object as its argument",
            ),
        ],
    );
}

#[test]
fn date_diff_counts_boundaries_crossed() {
    // The manual's $dateDiff page (boundaries crossed, not whole periods elapsed;
    // startOfWeek) and jstests/aggregation/expressions/date_diff.js for the errors.
    table(&[
        (
            "{ $dateDiff: { startDate: ISODate('2020-01-01T00:00:00Z'), endDate: ISODate('2020-01-05T00:00:00Z'), unit: 'day' } }",
            "NumberLong(4)",
        ),
        // One millisecond crosses a year boundary.
        (
            "{ $dateDiff: { startDate: ISODate('2020-12-31T23:59:59.999Z'), endDate: ISODate('2021-01-01T00:00:00Z'), unit: 'year' } }",
            "NumberLong(1)",
        ),
        (
            "{ $dateDiff: { startDate: ISODate('2021-01-01T00:00:00Z'), endDate: ISODate('2020-01-01T00:00:00Z'), unit: 'month' } }",
            "NumberLong(-12)",
        ),
        (
            "{ $dateDiff: { startDate: ISODate('2020-03-31T00:00:00Z'), endDate: ISODate('2020-04-01T00:00:00Z'), unit: 'quarter' } }",
            "NumberLong(1)",
        ),
        // 2021-01-01 is a Friday, 2021-01-04 a Monday: one Monday boundary, no Sunday.
        (
            "{ $dateDiff: { startDate: ISODate('2021-01-01T00:00:00Z'), endDate: ISODate('2021-01-04T00:00:00Z'), unit: 'week', startOfWeek: 'MONDAY' } }",
            "NumberLong(1)",
        ),
        (
            "{ $dateDiff: { startDate: ISODate('2021-01-01T00:00:00Z'), endDate: ISODate('2021-01-04T00:00:00Z'), unit: 'week', startOfWeek: 'sun' } }",
            "NumberLong(1)",
        ),
        (
            "{ $dateDiff: { startDate: ISODate('2021-01-01T00:00:00Z'), endDate: ISODate('2021-01-02T00:00:00Z'), unit: 'week' } }",
            "NumberLong(0)",
        ),
        // Midnight to midnight in Paris across the start of summer time is 23 hours, one day.
        (
            "{ $dateDiff: { startDate: ISODate('2026-03-28T23:00:00Z'), endDate: ISODate('2026-03-29T22:00:00Z'), unit: 'hour', timezone: 'Europe/Paris' } }",
            "NumberLong(23)",
        ),
        (
            "{ $dateDiff: { startDate: ISODate('2026-03-28T23:00:00Z'), endDate: ISODate('2026-03-29T22:00:00Z'), unit: 'day', timezone: 'Europe/Paris' } }",
            "NumberLong(1)",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(1500), unit: 'second' } }",
            "NumberLong(1)",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(1500), unit: 'millisecond' } }",
            "NumberLong(1500)",
        ),
        // jstests/aggregation/expressions/date_diff.js: weeks from a Sunday to a Monday, and
        // a null argument wins over invalid ones.
        (
            "{ $dateDiff: { startDate: new Date('2021-01-24T18:23:36Z'), endDate: new Date('2021-01-25T02:23:36Z'), unit: 'week', timezone: 'GMT', startOfWeek: 'MONDAY' } }",
            "NumberLong(1)",
        ),
        (
            "{ $dateDiff: { startDate: new Date('2021-01-24T18:23:36Z'), endDate: new Date('2021-01-25T02:23:36Z'), unit: 'week' } }",
            "NumberLong(0)",
        ),
        (
            "{ $dateDiff: { startDate: new Date('2021-01-17T05:00:00Z'), endDate: new Date('2021-01-17T04:59:00Z'), unit: 'week', timezone: 'America/New_York', startOfWeek: 'sunday' } }",
            "NumberLong(-1)",
        ),
        (
            "{ $dateDiff: { startDate: new Date('2020-11-01T18:23:36Z'), endDate: new Date('2020-11-02T00:00:00Z'), unit: 'hour', timezone: 'America/New_York', startOfWeek: 'IGNORED' } }",
            "NumberLong(6)",
        ),
        (
            "{ $dateDiff: { startDate: 1, endDate: 2, unit: 'century', timezone: '$nope' } }",
            "null",
        ),
        (
            "{ $dateDiff: { startDate: 1, endDate: 2, unit: 'week', timezone: 1, startOfWeek: '$nope' } }",
            "null",
        ),
        (
            "{ $dateDiff: { startDate: '', endDate: '$nope', unit: 'epoch', timezone: 'INVALID' } }",
            "null",
        ),
        (
            "{ $dateDiff: { startDate: null, endDate: new Date(0), unit: 'day' } }",
            "null",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'week', startOfWeek: null } }",
            "null",
        ),
        // startOfWeek is read only for weeks.
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'day', startOfWeek: 5 } }",
            "NumberLong(0)",
        ),
        (
            "{ $dateDiff: { startDate: 'x', endDate: new Date(0), unit: 'day' } }",
            "!5166307 $dateDiff requires 'startDate' to be a date, but got string",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: 1, unit: 'day' } }",
            "!5166307 $dateDiff requires 'endDate' to be a date, but got int",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'decade' } }",
            "!5439014 $dateDiff parameter 'unit' value cannot be recognized as a time unit: decade",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'week', startOfWeek: 'someday' } }",
            "!5439016 $dateDiff parameter 'startOfWeek' value cannot be recognized as a day of a week: someday",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'week', startOfWeek: 1 } }",
            "!5439015 $dateDiff requires 'startOfWeek' to be a string, but got int",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'day', timezone: 'Nowhere' } }",
            "!40485 $dateDiff parameter 'timezone' value parsing failed :: caused by :: unrecognized time zone identifier: \"Nowhere\"",
        ),
        (
            "{ $dateDiff: { endDate: new Date(0), unit: 'day' } }",
            "!5166303 Missing 'startDate' parameter to $dateDiff",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), unit: 'day' } }",
            "!5166304 Missing 'endDate' parameter to $dateDiff",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0) } }",
            "!5166305 Missing 'unit' parameter to $dateDiff",
        ),
        (
            "{ $dateDiff: { startDate: new Date(0), endDate: new Date(0), unit: 'day', x: 1 } }",
            "!5166302 Unrecognized argument to $dateDiff: x",
        ),
        (
            "{ $dateDiff: 1 }",
            "!5166301 $dateDiff only supports an object as its argument",
        ),
    ]);
}

#[test]
fn date_trunc_bins_from_2000_on_the_wall_clock() {
    // The manual's $dateTrunc page (the cakeSales orders, two-week bins starting on
    // Monday in America/Los_Angeles; six-month bins).
    for (order, want) in [
        ("2020-05-18T14:10:30Z", "2020-05-11T07:00:00Z"),
        ("2021-03-20T11:30:05Z", "2021-03-15T07:00:00Z"),
        ("2021-01-11T06:31:15Z", "2021-01-04T08:00:00Z"),
        ("2020-02-08T13:13:23Z", "2020-02-03T08:00:00Z"),
        ("2019-05-18T16:09:01Z", "2019-05-13T07:00:00Z"),
        ("2019-01-08T06:12:03Z", "2019-01-07T08:00:00Z"),
    ] {
        let expr = format!(
            "{{ $dateTrunc: {{ date: ISODate('{order}'), unit: 'week', binSize: 2, timezone: 'America/Los_Angeles', startOfWeek: 'Monday' }} }}"
        );
        let want = format!("ISODate('{want}')");
        table(&[(expr.as_str(), want.as_str())]);
    }
    table(&[
        (
            "{ $dateTrunc: { date: ISODate('2020-05-18T14:10:30Z'), unit: 'month', binSize: 6 } }",
            "ISODate('2020-01-01T00:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('2019-05-18T16:09:01Z'), unit: 'month', binSize: 6 } }",
            "ISODate('2019-01-01T00:00:00Z')",
        ),
        // The day Paris starts summer time begins at its midnight, still UTC+1.
        (
            "{ $dateTrunc: { date: ISODate('2026-03-29T01:30:00Z'), unit: 'day', timezone: 'Europe/Paris' } }",
            "ISODate('2026-03-28T23:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('2026-03-29T12:00:00Z'), unit: 'hour', timezone: 'Europe/Paris' } }",
            "ISODate('2026-03-29T12:00:00Z')",
        ),
        // Half-hour zones truncate hours on their own wall clock.
        (
            "{ $dateTrunc: { date: ISODate('2026-01-01T10:45:00Z'), unit: 'hour', timezone: 'Asia/Kolkata' } }",
            "ISODate('2026-01-01T10:30:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('2026-05-17T10:45:00Z'), unit: 'week' } }",
            "ISODate('2026-05-17T00:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('2026-05-17T10:45:00Z'), unit: 'quarter' } }",
            "ISODate('2026-04-01T00:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('2026-05-17T10:45:00Z'), unit: 'year', binSize: 10 } }",
            "ISODate('2020-01-01T00:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('2026-05-17T10:45:07.890Z'), unit: 'second', binSize: 15 } }",
            "ISODate('2026-05-17T10:45:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ISODate('1999-12-31T23:59:59.999Z'), unit: 'day' } }",
            "ISODate('1999-12-31T00:00:00Z')",
        ),
        // jstests/aggregation/expressions/date_trunc.js.
        (
            "{ $dateTrunc: { date: new Date('2020-11-01T18:23:36Z'), unit: 'hour', binSize: 2 } }",
            "ISODate('2020-11-01T18:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: new Date('2021-12-01T18:23:36Z'), unit: 'hour', binSize: 4, timezone: 'America/New_York', startOfWeek: 'IGNORED' } }",
            "ISODate('2021-12-01T17:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: new Date('2021-02-15T18:23:36Z'), unit: 'week' } }",
            "ISODate('2021-02-14T00:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: new Date('2000-01-30T18:00:00Z'), unit: 'week', binSize: 2, timezone: 'America/New_York', startOfWeek: 'mon' } }",
            "ISODate('2000-01-17T05:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: ObjectId('507c7f79bcf86cd7994f6c0e'), unit: 'minute', binSize: 10 } }",
            "ISODate('2012-10-15T21:20:00Z')",
        ),
        (
            "{ $dateTrunc: { date: Timestamp(1350336377, 0), unit: 'second', binSize: 10 } }",
            "ISODate('2012-10-15T21:26:10Z')",
        ),
        (
            "{ $dateTrunc: { date: new Date('2020-01-30T18:59:00Z'), unit: 'minute', binSize: NumberDecimal('15') } }",
            "ISODate('2020-01-30T18:45:00Z')",
        ),
        (
            "{ $dateTrunc: { date: new Date('2020-01-30T18:59:00.003Z'), unit: 'millisecond', binSize: NumberInt(1000) } }",
            "ISODate('2020-01-30T18:59:00Z')",
        ),
        (
            "{ $dateTrunc: { date: new Date('2020-01-30T18:59:00Z'), unit: 'year', timezone: 'GMT', startOfWeek: 1 } }",
            "ISODate('2020-01-01T00:00:00Z')",
        ),
        (
            "{ $dateTrunc: { date: '$nope', unit: 'H', binSize: 'string', timezone: 1 } }",
            "null",
        ),
        (
            "{ $dateTrunc: { date: 1, unit: 'century', binSize: '1', timezone: '$nope' } }",
            "null",
        ),
        (
            "{ $dateTrunc: { date: 1, unit: 'week', binSize: '', timezone: 1, startOfWeek: '$nope' } }",
            "null",
        ),
        (
            "{ $dateTrunc: { date: 'Invalid', unit: 'invalid', binSize: '$nope', timezone: 'Invalid' } }",
            "null",
        ),
        ("{ $dateTrunc: { date: null, unit: 'day' } }", "null"),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'day', binSize: null } }",
            "null",
        ),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'day', binSize: 0 } }",
            "!5439018 $dateTrunc requires 'binSize' to be greater than 0, but got value 0",
        ),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'day', binSize: 1.5 } }",
            "!5439017 $dateTrunc requires 'binSize' to be a 64-bit integer, but got value '1.5' of type double",
        ),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'day', binSize: NumberLong('200000000000') } }",
            "!5439006 dateTrunc unsupported binSize value",
        ),
        (
            "{ $dateTrunc: { date: 'x', unit: 'day' } }",
            "!5439012 $dateTrunc requires 'date' to be a date, but got string",
        ),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'epoch' } }",
            "!5439014 $dateTrunc parameter 'unit' value cannot be recognized as a time unit: epoch",
        ),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'day', timezone: 5 } }",
            "!40517 $dateTrunc parameter 'timezone' value parsing failed :: caused by :: timezone must evaluate to a string, found int",
        ),
        (
            "{ $dateTrunc: { unit: 'day' } }",
            "!5439009 Missing 'date' parameter to $dateTrunc",
        ),
        (
            "{ $dateTrunc: { date: new Date(0) } }",
            "!5439010 Missing 'unit' parameter to $dateTrunc",
        ),
        (
            "{ $dateTrunc: { date: new Date(0), unit: 'day', weekStartDay: 1 } }",
            "!5439008 Unrecognized argument to $dateTrunc: weekStartDay. Expected arguments are date, unit, and optionally, binSize, timezone, startOfWeek",
        ),
        (
            "{ $dateTrunc: 'x' }",
            "!5439007 $dateTrunc only supports an object as its argument",
        ),
    ]);
}

#[test]
fn the_cli_truncates_a_day_in_paris() {
    let out = bson_tutor()
        .args([
            "eval",
            "{ $dateTrunc: { date: ISODate(\"2026-03-29T01:30:00Z\"), unit: \"day\", timezone: \"Europe/Paris\" } }",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "ISODate('2026-03-28T23:00:00.000Z')"
    );
}

#[test]
fn regex_find_all_results_are_bounded() {
    // Every position of a million characters matches the empty string: the server would
    // stop at its 64 MB buffer (51151); the tutor stops at what a document holds.
    let input = "a".repeat(1_000_000);
    let e = evaluate(
        &parse(&format!(
            "{{ $regexFindAll: {{ input: '{input}', regex: /x*/ }} }}"
        )),
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("bson-tutor stops here"), "{e}");
}

#[test]
fn long_trim_sets_and_searches_finish() {
    // A trim set and a search as long as the input: linear work here, where trying each
    // character against each one of `chars` (or each position) would take hours.
    let long = "ab".repeat(200_000);
    let trim = format!("{{ $trim: {{ input: '{long}c', chars: '{long}' }} }}");
    assert_eq!(evaluate(&parse(&trim), None).unwrap(), parse("'c'"));
    let search = format!("{{ $indexOfCP: ['{long}', '{}c'] }}", &long[..200_000]);
    assert_eq!(evaluate(&parse(&search), None).unwrap(), parse("-1"));
}
