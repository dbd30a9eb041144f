//! `$bitsAllSet`, `$bitsAllClear`, `$bitsAnySet`, `$bitsAnyClear` against the manual's
//! examples and the counts of jstests/core/query/bittest.js (data and expectations carried
//! over as facts), and the server's parse errors (expression_parser.cpp `parseBitTest`,
//! bsonelement.cpp `parseIntegerElementToLong`).

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::error::code;
use bson_tutor::query::matcher::Filter;
use bson_tutor::strings::Lang;

fn doc(src: &str) -> Document {
    parse_document(src, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{src}: {e}"))
        .value
}

fn docs(src: &str) -> Vec<Document> {
    match parse_value(src, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{src}: {e}"))
        .value
    {
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::Document(d) => d,
                other => panic!("not a document: {other:?}"),
            })
            .collect(),
        other => panic!("not an array: {other:?}"),
    }
}

fn matching_ids(collection: &[Document], filter: &str) -> Vec<Value> {
    let f = Filter::parse(&doc(filter)).unwrap_or_else(|e| panic!("{filter}: {e}"));
    collection
        .iter()
        .filter(|d| f.matches(d))
        .map(|d| d.get("_id").cloned().unwrap_or(Value::Null))
        .collect()
}

fn count(collection: &[Document], filter: &str) -> usize {
    let f = Filter::parse(&doc(filter)).unwrap_or_else(|e| panic!("{filter}: {e}"));
    collection.iter().filter(|d| f.matches(d)).count()
}

/// The manual's collection for the four bitwise pages ("$bitsAllSet", "$bitsAllClear",
/// "$bitsAnySet", "$bitsAnyClear", Behavior/Examples).
const MANUAL: &str = r#"[
  { _id: 1, a: 54, binaryValueofA: "00110110" },
  { _id: 2, a: 20, binaryValueofA: "00010100" },
  { _id: 3, a: 20.0, binaryValueofA: "00010100" },
  { _id: 4, a: BinData(0, "Zg=="), binaryValueofA: "01100110" }
]"#;

#[test]
fn the_manual_examples_of_the_four_bitwise_operators() {
    let coll = docs(MANUAL);
    #[rustfmt::skip]
    let cases: &[(&str, &[i32])] = &[
        // $bitsAllSet: "Bit Position Array", "Integer Bitmask", "BinData Bitmask".
        ("{ a: { $bitsAllSet: [ 1, 5 ] } }", &[1, 4]),
        ("{ a: { $bitsAllSet: 50 } }", &[1]),
        ("{ a: { $bitsAllSet: BinData(0, 'MA==') } }", &[1]),
        // $bitsAllClear.
        ("{ a: { $bitsAllClear: [ 1, 5 ] } }", &[2, 3]),
        ("{ a: { $bitsAllClear: 35 } }", &[2, 3]),
        ("{ a: { $bitsAllClear: BinData(0, 'IA==') } }", &[2, 3]),
        // $bitsAnySet.
        ("{ a: { $bitsAnySet: [ 1, 5 ] } }", &[1, 4]),
        ("{ a: { $bitsAnySet: 35 } }", &[1, 4]),
        ("{ a: { $bitsAnySet: BinData(0, 'MA==') } }", &[1, 2, 3, 4]),
        // $bitsAnyClear.
        ("{ a: { $bitsAnyClear: [ 1, 5 ] } }", &[2, 3]),
        ("{ a: { $bitsAnyClear: 35 } }", &[1, 2, 3, 4]),
        ("{ a: { $bitsAnyClear: BinData(0, 'MA==') } }", &[2, 3, 4]),
    ];
    for (filter, want) in cases {
        let want: Vec<Value> = want.iter().map(|n| Value::Int32(*n)).collect();
        assert_eq!(matching_ids(&coll, filter), want, "{filter}");
    }
}

/// One collection of bittest.js and the count each filter returns on it.
struct Group {
    docs: &'static str,
    counts: &'static [(&'static str, usize)],
}

#[rustfmt::skip]
const BITTEST: &[Group] = &[
    // "Tests on numbers."
    Group {
        docs: "[ { a: 0 }, { a: 1 }, { a: 54 }, { a: 88 }, { a: 255 }, { a: 1e18 } ]",
        counts: &[
            ("{ a: { $bitsAllSet: 0 } }", 6), ("{ a: { $bitsAllSet: 1 } }", 2),
            ("{ a: { $bitsAllSet: 16 } }", 3), ("{ a: { $bitsAllSet: 54 } }", 2),
            ("{ a: { $bitsAllSet: 55 } }", 1), ("{ a: { $bitsAllSet: 88 } }", 2),
            ("{ a: { $bitsAllSet: 255 } }", 1), ("{ a: { $bitsAllClear: 0 } }", 6),
            ("{ a: { $bitsAllClear: 1 } }", 4), ("{ a: { $bitsAllClear: 16 } }", 3),
            ("{ a: { $bitsAllClear: 129 } }", 4), ("{ a: { $bitsAllClear: 255 } }", 2),
            ("{ a: { $bitsAnySet: 0 } }", 0), ("{ a: { $bitsAnySet: 9 } }", 3),
            ("{ a: { $bitsAnySet: 255 } }", 4), ("{ a: { $bitsAnyClear: 0 } }", 0),
            ("{ a: { $bitsAnyClear: 18 } }", 4), ("{ a: { $bitsAnyClear: 24 } }", 4),
            ("{ a: { $bitsAnyClear: 255 } }", 5),
            ("{ a: { $bitsAllSet: [] } }", 6), ("{ a: { $bitsAllSet: [ 0 ] } }", 2),
            ("{ a: { $bitsAllSet: [ 4 ] } }", 3), ("{ a: { $bitsAllSet: [ 1, 2, 4, 5 ] } }", 2),
            ("{ a: { $bitsAllSet: [ 0, 1, 2, 4, 5 ] } }", 1), ("{ a: { $bitsAllSet: [ 3, 4, 6 ] } }", 2),
            ("{ a: { $bitsAllSet: [ 0, 1, 2, 3, 4, 5, 6, 7 ] } }", 1),
            ("{ a: { $bitsAllClear: [] } }", 6), ("{ a: { $bitsAllClear: [ 0 ] } }", 4),
            ("{ a: { $bitsAllClear: [ 4 ] } }", 3), ("{ a: { $bitsAllClear: [ 1, 7 ] } }", 4),
            ("{ a: { $bitsAllClear: [ 0, 1, 2, 3, 4, 5, 6, 7 ] } }", 2),
            ("{ a: { $bitsAnySet: [] } }", 0), ("{ a: { $bitsAnySet: [ 1, 3 ] } }", 3),
            ("{ a: { $bitsAnySet: [ 0, 1, 2, 3, 4, 5, 6, 7 ] } }", 4),
            ("{ a: { $bitsAnyClear: [] } }", 0), ("{ a: { $bitsAnyClear: [ 1, 4 ] } }", 4),
            ("{ a: { $bitsAnyClear: [ 3, 4 ] } }", 4),
            ("{ a: { $bitsAnyClear: [ 0, 1, 2, 3, 4, 5, 6, 7 ] } }", 5),
            ("{ a: { $bitsAllSet: 54, $bitsAllClear: 201 } }", 1),
        ],
    },
    // "Tests with `NumberLongs` as arguments to bitwise expressions".
    Group {
        docs: "[ { a: 0 }, { a: 1 }, { a: NumberLong('9223372036854775807') },
                 { a: NumberLong('6917529027641081856') }, { a: NumberLong('2305843009213693952') } ]",
        counts: &[
            ("{ a: { $bitsAllSet: 0 } }", 5), ("{ a: { $bitsAllSet: 1 } }", 2),
            ("{ a: { $bitsAllSet: NumberLong('9223372036854775807') } }", 1),
            ("{ a: { $bitsAllSet: NumberLong('6917529027641081856') } }", 2),
            ("{ a: { $bitsAllSet: NumberLong('2305843009213693952') } }", 3),
            ("{ a: { $bitsAllClear: 0 } }", 5), ("{ a: { $bitsAllClear: 1 } }", 3),
            ("{ a: { $bitsAllClear: NumberLong('9223372036854775807') } }", 1),
            ("{ a: { $bitsAllClear: NumberLong('6917529027641081856') } }", 2),
            ("{ a: { $bitsAllClear: NumberLong('2305843009213693952') } }", 2),
            ("{ a: { $bitsAnySet: 0 } }", 0), ("{ a: { $bitsAnySet: 1 } }", 2),
            ("{ a: { $bitsAnySet: NumberLong('9223372036854775807') } }", 4),
            ("{ a: { $bitsAnySet: NumberLong('6917529027641081856') } }", 3),
            ("{ a: { $bitsAnySet: NumberLong('2305843009213693952') } }", 3),
            ("{ a: { $bitsAnyClear: 0 } }", 0), ("{ a: { $bitsAnyClear: 1 } }", 3),
            ("{ a: { $bitsAnyClear: NumberLong('9223372036854775807') } }", 4),
            ("{ a: { $bitsAnyClear: NumberLong('6917529027641081856') } }", 3),
            ("{ a: { $bitsAnyClear: NumberLong('2305843009213693952') } }", 2),
        ],
    },
    // "Tests on negative numbers" (two's complement, sign-extended past bit 63).
    Group {
        docs: "[ { a: -0 }, { a: -1 }, { a: -54 }, { a: -1e18 } ]",
        counts: &[
            ("{ a: { $bitsAllSet: 0 } }", 4), ("{ a: { $bitsAllSet: 2 } }", 2),
            ("{ a: { $bitsAllSet: 127 } }", 1), ("{ a: { $bitsAllSet: 74 } }", 2),
            ("{ a: { $bitsAllClear: 0 } }", 4), ("{ a: { $bitsAllClear: 53 } }", 3),
            ("{ a: { $bitsAllClear: 127 } }", 2), ("{ a: { $bitsAnySet: 0 } }", 0),
            ("{ a: { $bitsAnySet: 2 } }", 2), ("{ a: { $bitsAnySet: 127 } }", 2),
            ("{ a: { $bitsAnyClear: 0 } }", 0), ("{ a: { $bitsAnyClear: 53 } }", 3),
            ("{ a: { $bitsAnyClear: 127 } }", 3),
            ("{ a: { $bitsAllSet: [] } }", 4), ("{ a: { $bitsAllSet: [ 1 ] } }", 2),
            ("{ a: { $bitsAllSet: [ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63 ] } }", 1),
            ("{ a: { $bitsAllSet: [ 1, 7, 6, 3, 100 ] } }", 2),
            ("{ a: { $bitsAllClear: [] } }", 4), ("{ a: { $bitsAllClear: [ 5, 4, 2, 0 ] } }", 3),
            ("{ a: { $bitsAllClear: [ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63 ] } }", 1),
            ("{ a: { $bitsAnySet: [] } }", 0), ("{ a: { $bitsAnySet: [ 1 ] } }", 2),
            ("{ a: { $bitsAnySet: [ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63 ] } }", 3),
            ("{ a: { $bitsAnyClear: [] } }", 0), ("{ a: { $bitsAnyClear: [ 0, 2, 4, 5, 100 ] } }", 3),
            ("{ a: { $bitsAnyClear: [ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63 ] } }", 3),
            ("{ a: { $bitsAllSet: 74, $bitsAllClear: 53 } }", 1),
        ],
    },
    // "Tests on BinData."
    Group {
        docs: "[ { a: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') }, { a: BinData(0, 'AANgAAAAAAAAAAAAAAAAAAAAAAAA') },
                 { a: BinData(0, 'JANgqwetkqwklEWRbWERKKJREtbq') }, { a: BinData(0, '////////////////////////////') } ]",
        counts: &[
            ("{ a: { $bitsAllSet: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 4),
            ("{ a: { $bitsAllSet: BinData(0, 'AANgAAAAAAAAAAAAAAAAAAAAAAAA') } }", 3),
            ("{ a: { $bitsAllSet: BinData(0, 'JANgqwetkqwklEWRbWERKKJREtbq') } }", 2),
            ("{ a: { $bitsAllSet: BinData(0, '////////////////////////////') } }", 1),
            ("{ a: { $bitsAllClear: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 4),
            ("{ a: { $bitsAllClear: BinData(0, 'AAyfAAAAAAAAAAAAAAAAAAAAAAAA') } }", 3),
            ("{ a: { $bitsAllClear: BinData(0, 'JAyfqwetkqwklEWRbWERKKJREtbq') } }", 2),
            ("{ a: { $bitsAllClear: BinData(0, '////////////////////////////') } }", 1),
            ("{ a: { $bitsAnySet: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 0),
            ("{ a: { $bitsAnySet: BinData(0, 'AAyfAAAAAAAAAAAAAAAAAAAAAAAA') } }", 1),
            ("{ a: { $bitsAnySet: BinData(0, 'JAyfqwetkqwklEWRbWERKKJREtbq') } }", 2),
            ("{ a: { $bitsAnySet: BinData(0, '////////////////////////////') } }", 3),
            ("{ a: { $bitsAnyClear: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 0),
            ("{ a: { $bitsAnyClear: BinData(0, 'AANgAAAAAAAAAAAAAAAAAAAAAAAA') } }", 1),
            ("{ a: { $bitsAnyClear: BinData(0, 'JANgqwetkqwklEWRbWERKKJREtbq') } }", 2),
            ("{ a: { $bitsAnyClear: BinData(0, '////////////////////////////') } }", 3),
            ("{ a: { $bitsAllSet: BinData(0, 'AANgAAAAAAAAAAAAAAAAAAAAAAAA'), $bitsAllClear: BinData(0, '//yf////////////////////////') } }", 1),
        ],
    },
    // "Test that NaNs and non-integral ints are filtered out." (the decimals of the test:
    // Number.MAX_SAFE_LONG + 1 and MIN_SAFE_LONG - 1 written as their values).
    Group {
        docs: "[ { a: 0 }, { a: 1 }, { a: [ 1.1, 54 ] }, { a: 88 }, { a: 255 }, { a: NaN }, { a: 1.1 },
                 { a: -1.1 }, { a: -Infinity }, { a: Infinity }, { a: NumberDecimal('Infinity') },
                 { a: NumberDecimal('-Infinity') }, { a: NumberDecimal('NaN') },
                 { a: NumberDecimal('9007199254740992') }, { a: NumberDecimal('-9007199254740992') },
                 { a: NumberDecimal('1.1') }, { a: NumberDecimal('-1.1') } ]",
        counts: &[
            ("{ a: { $bitsAllSet: 0 } }", 5), ("{ a: { $bitsAllSet: 1 } }", 2),
            ("{ a: { $bitsAllSet: 16 } }", 3), ("{ a: { $bitsAllSet: 54 } }", 2),
            ("{ a: { $bitsAllSet: 55 } }", 1), ("{ a: { $bitsAllSet: 88 } }", 2),
            ("{ a: { $bitsAllSet: 255 } }", 1), ("{ a: { $bitsAllClear: 0 } }", 5),
            ("{ a: { $bitsAllClear: 1 } }", 3), ("{ a: { $bitsAllClear: 16 } }", 2),
            ("{ a: { $bitsAllClear: 129 } }", 3), ("{ a: { $bitsAllClear: 255 } }", 1),
            ("{ a: { $bitsAnySet: 0 } }", 0), ("{ a: { $bitsAnySet: 9 } }", 3),
            ("{ a: { $bitsAnySet: 255 } }", 4), ("{ a: { $bitsAnyClear: 0 } }", 0),
            ("{ a: { $bitsAnyClear: 18 } }", 3), ("{ a: { $bitsAnyClear: 24 } }", 3),
            ("{ a: { $bitsAnyClear: 255 } }", 4),
        ],
    },
    // "Test variable length binary bitmasks."
    Group {
        docs: "[ { a: BinData(0, 'ZG9n') }, { a: BinData(0, 'JA4A8gAxqTwciCuF5GGzAA==') },
                 { a: BinData(1, 'JA4A8gAxqTwciCuF5GGzAA==') },
                 { a: BinData(0, 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==') },
                 { a: BinData(2, 'BAAAADEyMzQ=') } ]",
        counts: &[
            ("{ a: { $bitsAllSet: BinData(0, 'ZG9n') } }", 1),
            ("{ a: { $bitsAllSet: BinData(0, 'JA4A8gAxqTwciCuF5GGzAA==') } }", 2),
            ("{ a: { $bitsAllSet: BinData(2, 'BAAAADEyMzQ=') } }", 1),
            ("{ a: { $bitsAllSet: BinData(0, 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==') } }", 1),
            ("{ a: { $bitsAllClear: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 5),
            ("{ a: { $bitsAllClear: BinData(0, 'JA4A8gAxqTwciCuF5GGzAA==') } }", 0),
            ("{ a: { $bitsAnySet: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 0),
            ("{ a: { $bitsAnySet: BinData(0, 'JA4A8gAxqTwciCuF5GGzAA==') } }", 5),
            ("{ a: { $bitsAnyClear: BinData(0, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAA') } }", 0),
            ("{ a: { $bitsAnyClear: BinData(0, 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZw==') } }", 4),
        ],
    },
];

#[test]
fn bittest_js_counts() {
    let mut failures = Vec::new();
    for group in BITTEST {
        let coll = docs(group.docs);
        for (filter, want) in group.counts {
            let got = count(&coll, filter);
            if got != *want {
                failures.push(format!("{filter}: expected {want}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Operands the server refuses, where, with its words and code.
#[rustfmt::skip]
const ERRORS: &[(&str, &str, i32, &str)] = &[
    ("{ a: { $bitsAllSet: 'x' } }", "a.$bitsAllSet", code::BAD_VALUE,
     "$bitsAllSet takes an Array, a number, or a BinData but received: $bitsAllSet: \"x\""),
    ("{ a: { $bitsAnySet: null } }", "a.$bitsAnySet", code::BAD_VALUE,
     "$bitsAnySet takes an Array, a number, or a BinData but received: $bitsAnySet: null"),
    ("{ a: { $bitsAllClear: -1 } }", "a.$bitsAllClear", code::FAILED_TO_PARSE,
     "Expected a non-negative number in: $bitsAllClear: -1"),
    ("{ a: { $bitsAnyClear: 1.5 } }", "a.$bitsAnyClear", code::FAILED_TO_PARSE,
     "Expected an integer: $bitsAnyClear: 1.5"),
    ("{ a: { $bitsAllSet: NaN } }", "a.$bitsAllSet", code::FAILED_TO_PARSE,
     "Expected an integer, but found NaN in: $bitsAllSet: nan.0"),
    ("{ a: { $bitsAllSet: 1e20 } }", "a.$bitsAllSet", code::FAILED_TO_PARSE,
     "Cannot represent as a 64-bit integer: $bitsAllSet: 1e+20.0"),
    ("{ a: { $bitsAllSet: NumberDecimal('1.5') } }", "a.$bitsAllSet", code::FAILED_TO_PARSE,
     "Cannot represent as a 64-bit integer: $bitsAllSet: 1.5"),
    ("{ a: { $bitsAllSet: [ -1 ] } }", "a.$bitsAllSet", code::BAD_VALUE,
     "Failed to parse bit position. Expected a non-negative number in: 0: -1"),
    ("{ a: { $bitsAllSet: [ 1, 'x' ] } }", "a.$bitsAllSet", code::BAD_VALUE,
     "Failed to parse bit position. Expected a number in: 1: \"x\""),
    ("{ a: { $bitsAllSet: [ 2.5 ] } }", "a.$bitsAllSet", code::BAD_VALUE,
     "Failed to parse bit position. Expected an integer: 0: 2.5"),
    ("{ a: { $bitsAllSet: [ NumberLong('4294967296') ] } }", "a.$bitsAllSet", code::BAD_VALUE,
     "Failed to parse bit position. Cannot represent 0: 4294967296 in an int"),
];

#[test]
fn bad_operands_fail_with_the_servers_words() {
    for (src, at, want_code, message) in ERRORS {
        let e = Filter::parse(&doc(src)).expect_err(src);
        assert_eq!(
            (e.at.as_str(), e.kind.code(), e.kind.to_string().as_str()),
            (*at, Some(*want_code), *message),
            "{src}"
        );
    }
}

#[test]
fn numbers_are_sign_extended_and_binary_is_zero_extended() {
    // bittest.js: "Checking bits > 63 is just checking the sign bit".
    let coll = docs("[ { _id: 1, a: -1 }, { _id: 2, a: 1 }, { _id: 3, a: BinData(0, '/w==') } ]");
    assert_eq!(
        matching_ids(&coll, "{ a: { $bitsAllSet: [ 100 ] } }"),
        vec![Value::Int32(1)]
    );
    assert_eq!(
        matching_ids(&coll, "{ a: { $bitsAllClear: [ 100 ] } }"),
        vec![Value::Int32(2), Value::Int32(3)]
    );
    // Integral doubles are read as integers, decimals never are.
    let coll =
        docs("[ { _id: 1, a: 6.0 }, { _id: 2, a: NumberDecimal('6') }, { _id: 3, a: '6' } ]");
    assert_eq!(
        matching_ids(&coll, "{ a: { $bitsAllSet: 6 } }"),
        vec![Value::Int32(1)]
    );
}

#[test]
fn a_mismatch_says_why_in_three_languages() {
    let f = Filter::parse(&doc("{ a: { $bitsAllSet: 6 } }")).unwrap();
    let en = f
        .explain_mismatch(&doc("{ a: '6' }"), Lang::En)
        .unwrap()
        .unwrap();
    assert_eq!(
        en,
        "a: '6' is a string, and bit tests only match numbers and binary data"
    );
    let en = f
        .explain_mismatch(&doc("{ a: 6.5 }"), Lang::En)
        .unwrap()
        .unwrap();
    assert!(en.contains("fit in 64 bits"), "{en}");
    let en = f
        .explain_mismatch(&doc("{ a: 2 }"), Lang::En)
        .unwrap()
        .unwrap();
    assert_eq!(en, "a: 2 does not satisfy $bitsAllSet: 6");
    for lang in [Lang::Vi, Lang::Zh] {
        let why = f
            .explain_mismatch(&doc("{ a: '6' }"), lang)
            .unwrap()
            .unwrap();
        assert!(
            why.starts_with("a: '6'") && !why.contains("bit tests"),
            "{why}"
        );
    }
}
