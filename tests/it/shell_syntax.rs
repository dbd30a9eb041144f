//! mongosh syntax as people type it: every snippet of the lessons' experiments that builds a
//! document or value parses, numbers take JavaScript's types, the printer writes what mongosh
//! printed, and bad input gets one clear message with a position.

use bson_tutor::bson::shell::{
    FixedGenerator, Parsed, parse_document, parse_value, print_document, print_value,
    print_value_pretty,
};
use bson_tutor::bson::{
    Binary, CodeWithScope, Decimal128, Document, ElementType, ObjectId, ParseError, Regex,
    Timestamp, Value, encode_document,
};

/// 2026-10-08T03:45:49.477Z: the clock of a mongosh session whose ids begin `6ac711ed`.
const NOW_MS: i64 = 1_791_431_149_477;

fn generator() -> FixedGenerator {
    FixedGenerator::new(NOW_MS)
}

fn value(src: &str) -> Parsed<Value> {
    parse_value(src, &mut generator()).unwrap_or_else(|e| panic!("{e}\n{}", e.caret()))
}

fn document(src: &str) -> Parsed<Document> {
    parse_document(src, &mut generator()).unwrap_or_else(|e| panic!("{e}\n{}", e.caret()))
}

fn error(src: &str) -> ParseError {
    match parse_value(src, &mut generator()) {
        Ok(p) => panic!("{src} parsed as {:?}", p.value),
        Err(e) => e,
    }
}

fn types(d: &Document) -> Vec<(&str, ElementType)> {
    d.iter().map(|(k, v)| (k, v.element_type())).collect()
}

fn oid(hex: &str) -> ObjectId {
    ObjectId::parse_hex(hex).unwrap()
}

fn dec(s: &str) -> Value {
    Value::Decimal128(Decimal128::parse(s).unwrap())
}

/// The arguments of the experiments' `insertOne`/`insertMany`/`find`/`aggregate` calls and
/// mongosh's printed results, verbatim: spacing, quotes and trailing commas as typed.
const MONGOSH_SNIPPETS: &[&str] = &[
    // The 36-byte document.
    r#"{ _id: 1, name: "An", age: 30 }"#,
    // Long and short field names.
    r#"[{ $documents: [{}] }, { $project: { _id: 0,
  longNames:  { $bsonSize: { $literal: { customerEmailAddress: "an@x.vn",
                  customerPhoneNumber: "0901234567", customerCreatedAt: new Date(0) } } },
  shortNames: { $bsonSize: { $literal: { email: "an@x.vn",
                  phone: "0901234567", createdAt: new Date(0) } } } } }]"#,
    // The Extended JSON example: one value of each common type.
    r#"{ _id: ObjectId("6ac71201a9fded4f0c2e7ec8"), qty: 42,
  total: NumberDecimal("19.99"), views: NumberLong("9007199254740993"),
  at: new Date("2026-10-08T10:00:00Z"), ref: UUID("340a73e3-5b2b-45a8-892d-712753c15406") }"#,
    // The sizes pipeline.
    r#"[
  { $project: { _id: 0, label: 1, type: { $type: "$v" }, size: { $bsonSize: { v: "$v" } } } }
]"#,
    // 0.1 + 0.2 on the server.
    r#"[{ $documents: [{}] }, { $project: {
  dbl:   { $add: [0.1, 0.2] },
  dec:   { $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] },
  dblEq: { $eq: [{ $add: [0.1, 0.2] }, 0.3] },
  decEq: { $eq: [{ $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] }, NumberDecimal("0.3")] }
} }]"#,
    // The wallet credited 0.1 ten times.
    r#"{ _id: "w1", dbl: 0, dec: NumberDecimal("0") }"#,
    r#"{ _id: "w1" }"#,
    r#"{ $inc: { dbl: 0.1, dec: NumberDecimal("0.1") } }"#,
    r#"{ dbl: 1 }"#,
    r#"{ dec: 1 }"#,
    // JavaScript's numbers.
    r#"[{ _id: 1, v: 42.0 }, { _id: 2, v: Double(42) }, { _id: 3, v: 42.5 }]"#,
    r#"[{ $project: { v: 1, t: { $type: "$v" } } }]"#,
    r#"{ jsLiteral: 9007199254740993, long: NumberLong("9007199254740993") }"#,
    // int32 overflow under $inc.
    r#"{ _id: 1, n: NumberInt("2147483647") }"#,
    r#"{ $inc: { n: NumberInt("1") } }"#,
    // Dates as strings and as dates.
    r#"[
  { _id: "a", at: "2026-9-30",  atDate: new Date("2026-09-30T00:00:00Z") },
  { _id: "b", at: "2026-10-01", atDate: new Date("2026-10-01T00:00:00Z") },
  { _id: "c", at: "2026-10-15", atDate: new Date("2026-10-15T00:00:00Z") },
]"#,
    r#"{ at:     { $gte: "2026-10-01" } }"#,
    r#"{ atDate: { $gte: new Date("2026-10-01T00:00:00Z") } }"#,
    r#"{ at: -1 }"#,
    r#"{ atDate: { $gte: "2026-10-01" } }"#,
    // Every type in one field.
    r#"[
  { _id: "date", v: new Date("2020-01-01T00:00:00Z") }, { _id: "bool", v: true },
  { _id: "oid", v: ObjectId("000000000000000000000000") },
  { _id: "str10", v: "10" }, { _id: "str9", v: "9" }, { _id: "int10", v: 10 },
  { _id: "dbl9.5", v: 9.5 }, { _id: "dec2", v: NumberDecimal("2") },
  { _id: "long100", v: NumberLong("100") }, { _id: "null", v: null }, { _id: "missing" },
  { _id: "object", v: { a: 1 } }, { _id: "array", v: [5, "x"] },
  { _id: "emptyArr", v: [] }, { _id: "binData", v: UUID() },
]"#,
    r#"{ v: 1, _id: 1 }"#,
    // Type bracketing.
    r#"[
  { _id: 1, userId: 42 }, { _id: 2, userId: "42" }, { _id: 3, userId: NumberLong("42") },
  { _id: 4, userId: 42.0 }, { _id: 5, userId: NumberDecimal("42.00") },
]"#,
    r#"{userId: 42}"#,
    r#"{userId: "42"}"#,
    r#"{userId: {$gt: 0}}"#,
    r#"{userId: {$gt: ""}}"#,
    // Server-generated ids.
    r#"{ proc: "server" }"#,
    r#"{ $set: { at: new Date() } }"#,
    r#"{ upsert: true }"#,
    r#"{ _id: 1 }"#,
    // The printed results, read back.
    r#"{ _id: 'w1', dbl: 0.9999999999999999, dec: Decimal128('1.0') }"#,
    r#"[ { _id: 1, v: 42, t: 'int' }, { _id: 2, v: 42, t: 'double' }, { _id: 3, v: 42.5, t: 'double' } ]"#,
    r#"{ jsLiteral: 9007199254740992, long: Long('9007199254740993') }"#,
    r#"[ { _id: 1, n: Long('2147483648'), t: 'long' } ]"#,
    r#"[ { dbl: 0.30000000000000004, dec: Decimal128('0.3'), dblEq: false, decEq: true } ]"#,
    r#"[ { longNames: 102, shortNames: 65 } ]"#,
    r#"{'0': 'red', '1': 'blue'}"#,
    r#"['red', 'blue']"#,
    // Small documents, and a `$bsonSize`/`$type` reconciliation with its printed result.
    r#"{"a": 1}"#,
    r#"{}"#,
    r#"{"0":"x","1":"y"}"#,
    r#"[{$project: {_id: 0, size: {$bsonSize: "$$ROOT"}, types: {$map: {input: {$objectToArray: "$$ROOT"}, in: {k: "$$this.k", t: {$type: "$$this.v"}}}}}}]"#,
    r#"[
    {
      size: 86,
      types: [
        { k: '_id', t: 'int' },
        { k: 'name', t: 'string' },
        { k: 'tags', t: 'array' },
        { k: 'n', t: 'long' },
        { k: 'sub', t: 'object' }
      ]
    }
  ]"#,
];

/// The one snippet containing `marker`.
fn snippet(marker: &str) -> &'static str {
    let found: Vec<_> = MONGOSH_SNIPPETS
        .iter()
        .filter(|s| s.contains(marker))
        .collect();
    assert_eq!(found.len(), 1, "{marker}");
    found[0]
}

#[test]
fn every_mongosh_snippet_parses_and_encodes() {
    for src in MONGOSH_SNIPPETS {
        let parsed = value(src);
        let mut d = Document::new();
        d.push("v", parsed.value);
        encode_document(&d).unwrap_or_else(|e| panic!("{src}: {e}"));
    }
}

#[test]
fn the_extended_json_example_has_every_type() {
    let doc = document(snippet("UUID(\"340a73e3"));
    assert!(doc.warnings.is_empty());
    let d = doc.value;
    assert_eq!(
        types(&d),
        [
            ("_id", ElementType::ObjectId),
            ("qty", ElementType::Int32),
            ("total", ElementType::Decimal128),
            ("views", ElementType::Int64),
            ("at", ElementType::DateTime),
            ("ref", ElementType::Binary),
        ]
    );
    assert_eq!(
        d.get("_id"),
        Some(&Value::ObjectId(oid("6ac71201a9fded4f0c2e7ec8")))
    );
    assert_eq!(d.get("total"), Some(&dec("19.99")));
    // The string argument keeps all 17 digits; a JavaScript number could not.
    assert_eq!(d.get("views"), Some(&Value::Int64(9_007_199_254_740_993)));
    assert_eq!(d.get("at"), Some(&Value::DateTime(1_791_453_600_000)));
    let uuid = bson_tutor::bson::base64::decode("NApz41srRaiJLXEnU8FUBg==").unwrap();
    assert_eq!(
        d.get("ref"),
        Some(&Value::Binary(Binary {
            subtype: 4,
            bytes: uuid
        }))
    );
    assert_eq!(
        print_document(&d),
        "{ _id: ObjectId('6ac71201a9fded4f0c2e7ec8'), qty: 42, total: Decimal128('19.99'), \
         views: Long('9007199254740993'), at: ISODate('2026-10-08T10:00:00.000Z'), \
         ref: UUID('340a73e3-5b2b-45a8-892d-712753c15406') }"
    );
}

#[test]
fn a_whole_number_literal_is_an_int_and_double_42_is_a_double() {
    let v = value(snippet("v: Double(42)")).value;
    let docs = v.as_array().unwrap();
    let types: Vec<_> = docs
        .iter()
        .map(|d| d.as_document().unwrap().get("v").unwrap().element_type())
        .collect();
    // mongosh's $type column: int, double, double.
    assert_eq!(
        types,
        [ElementType::Int32, ElementType::Double, ElementType::Double]
    );
    // And mongosh prints both 42s alike.
    assert_eq!(
        print_value(&v),
        "[ { _id: 1, v: 42 }, { _id: 2, v: 42 }, { _id: 3, v: 42.5 } ]"
    );
}

#[test]
fn integers_past_2_to_the_53_are_rounded_before_anything_is_sent() {
    let parsed = document(snippet("jsLiteral: 9007199254740993"));
    let d = &parsed.value;
    assert_eq!(
        d.get("jsLiteral"),
        Some(&Value::Double(9_007_199_254_740_992.0))
    );
    assert_eq!(d.get("long"), Some(&Value::Int64(9_007_199_254_740_993)));
    assert!(parsed.warnings.is_empty());
    // mongosh's printjson output, character for character.
    assert_eq!(
        print_document(d),
        "{ jsLiteral: 9007199254740992, long: Long('9007199254740993') }"
    );
}

#[test]
fn number_long_with_a_number_goes_through_a_double_and_warns() {
    let parsed = value("NumberLong(9007199254740993)");
    assert_eq!(parsed.value, Value::Int64(9_007_199_254_740_992));
    assert_eq!(parsed.warnings.len(), 1);
    let w = &parsed.warnings[0];
    assert!(w.message().ends_with(
        "specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead"
    ));
    assert_eq!((w.line, w.column), (1, 12));
    assert!(
        value("NumberLong(\"9007199254740993\")")
            .warnings
            .is_empty()
    );
    let parsed = value("NumberDecimal(0.1)");
    assert_eq!(parsed.value, dec("0.1"));
    assert!(
        parsed.warnings[0]
            .message()
            .starts_with("NumberDecimal: specifying a number")
    );
}

#[test]
fn the_wallet_prints_as_mongosh_prints_it() {
    let d = document(snippet("dec: NumberDecimal(\"0\")")).value;
    assert_eq!(
        types(&d)[1..],
        [
            ("dbl", ElementType::Int32),
            ("dec", ElementType::Decimal128)
        ]
    );
    let mut wallet = Document::new();
    wallet.push("_id", "w1");
    wallet.push("dbl", (0..10).fold(0.0, |acc, _| acc + 0.1));
    wallet.push("dec", dec("1.0"));
    let printed = print_document(&wallet);
    assert_eq!(
        printed,
        "{ _id: 'w1', dbl: 0.9999999999999999, dec: Decimal128('1.0') }"
    );
    // mongosh's output reads back to the same document.
    assert_eq!(document(&printed).value, wallet);
}

#[test]
fn the_ctr_document_is_an_int32_at_its_maximum() {
    let d = document(snippet("NumberInt(\"2147483647\")")).value;
    assert_eq!(d.get("n"), Some(&Value::Int32(i32::MAX)));
    let out = value(snippet("n: Long('2147483648')")).value;
    assert_eq!(
        print_value(&out),
        "[ { _id: 1, n: Long('2147483648'), t: 'long' } ]"
    );
    let e = error(r#"{ _id: 1, n: NumberInt("2147483648") }"#);
    assert_eq!(e.column, 24);
    assert!(
        e.message()
            .starts_with("2147483648 is out of the int32 range")
    );
}

#[test]
fn the_mixed_types_array_has_one_of_each() {
    let v = value(snippet("_id: \"binData\"")).value;
    let docs = v.as_array().unwrap();
    let by_id = |id: &str| {
        docs.iter()
            .map(|d| d.as_document().unwrap())
            .find(|d| d.get("_id") == Some(&Value::from(id)))
            .unwrap()
    };
    let ty = |id: &str| by_id(id).get("v").map(Value::element_type);
    assert_eq!(ty("date"), Some(ElementType::DateTime));
    assert_eq!(ty("oid"), Some(ElementType::ObjectId));
    assert_eq!(ty("int10"), Some(ElementType::Int32));
    assert_eq!(ty("dbl9.5"), Some(ElementType::Double));
    assert_eq!(ty("dec2"), Some(ElementType::Decimal128));
    assert_eq!(ty("long100"), Some(ElementType::Int64));
    assert_eq!(ty("null"), Some(ElementType::Null));
    assert_eq!(ty("missing"), None);
    assert_eq!(ty("array"), Some(ElementType::Array));
    assert_eq!(ty("binData"), Some(ElementType::Binary));
    let Some(Value::Binary(b)) = by_id("binData").get("v") else {
        panic!()
    };
    assert_eq!((b.subtype, b.bytes.len()), (4, 16));
}

#[test]
fn the_orders_keep_their_numeric_types() {
    let v = value(snippet("userId: NumberDecimal(\"42.00\")")).value;
    let t: Vec<_> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            d.as_document()
                .unwrap()
                .get("userId")
                .unwrap()
                .element_type()
        })
        .collect();
    assert_eq!(
        t,
        [
            ElementType::Int32,
            ElementType::String,
            ElementType::Int64,
            ElementType::Int32,
            ElementType::Decimal128
        ]
    );
}

#[test]
fn the_events_are_dates_and_strings() {
    let v = value(snippet("at: \"2026-9-30\"")).value;
    let first = v.as_array().unwrap()[0].as_document().unwrap();
    assert_eq!(first.get("at"), Some(&Value::from("2026-9-30")));
    assert_eq!(
        first.get("atDate"),
        Some(&Value::DateTime(1_790_726_400_000))
    );
}

#[test]
fn object_id_from_seconds_fills_the_rest_and_create_from_time_zeroes_it() {
    // const secs = Math.floor(new Date("2026-10-08T00:00:00Z").getTime() / 1000);
    let secs = match value(r#"new Date("2026-10-08T00:00:00Z")"#).value {
        Value::DateTime(ms) => ms / 1000,
        other => panic!("{other:?}"),
    };
    let Value::ObjectId(filled) = value(&format!("ObjectId({secs})")).value else {
        panic!()
    };
    assert!(filled.to_hex().starts_with("6ac6dd00"));
    assert_ne!(&filled.to_hex()[8..], "0000000000000000");
    assert_eq!(
        value(&format!("ObjectId.createFromTime({secs})")).value,
        Value::ObjectId(oid("6ac6dd000000000000000000"))
    );
    // A new id takes its seconds from the generator's clock: 6ac711ed, as NOW_MS says.
    let mut g = generator();
    let a = parse_value("ObjectId()", &mut g).unwrap().value;
    let b = parse_value("ObjectId()", &mut g).unwrap().value;
    assert_eq!(a, Value::ObjectId(oid("6ac711ed5e1f7a3c9d000000")));
    assert_eq!(b, Value::ObjectId(oid("6ac711ed5e1f7a3c9d000001")));
}

#[test]
fn the_aggregation_result_prints_as_mongosh_lays_it_out() {
    let src = snippet("size: 86");
    let v = value(src).value;
    let expected: String = src
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 0 {
                l.to_owned()
            } else {
                l[2..].to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(print_value_pretty(&v), expected);
}

#[test]
fn shorthand_properties_need_variables() {
    // `{ proc: '$p', i, at: new Date() }`, typed inside a shell loop, uses its variable `i`.
    let e = error("{ proc: '$p', i, at: new Date() }");
    assert_eq!(e.message(), "expected `:` after the key `i`, but found `,`");
    assert_eq!(e.column, 16);
}

fn round_trip_values() -> Vec<Value> {
    let mut nested = Document::new();
    nested.push(
        "a",
        Value::Array(vec![Value::Int32(1), "x".into(), Value::Null]),
    );
    nested.push("$set", Value::Document(Document::new()));
    nested.push("a b", Value::Boolean(false));
    nested.push("", Value::Int32(0));
    nested.push("é", Value::from("ü"));
    let mut dbref = Document::new();
    dbref.push("$ref", "users");
    dbref.push("$id", Value::ObjectId(oid("6ac71201a9fded4f0c2e7ec8")));
    let mut scope = Document::new();
    scope.push("x", Value::Int32(1));
    vec![
        Value::Int32(0),
        Value::Int32(-1),
        Value::Int32(i32::MIN),
        Value::Int32(i32::MAX),
        Value::Double(0.5),
        Value::Double(-0.0),
        Value::Double(f64::NAN),
        Value::Double(f64::INFINITY),
        Value::Double(f64::NEG_INFINITY),
        Value::Double(0.1 + 0.2),
        Value::Double(1e21),
        Value::Double(5e-324),
        Value::Double(-1.5e-7),
        Value::Double(2_147_483_648.0),
        Value::Double(9_007_199_254_740_992.0),
        Value::Int64(0),
        Value::Int64(i64::MIN),
        Value::Int64(i64::MAX),
        dec("19.99"),
        dec("1.0"),
        dec("-0"),
        dec("NaN"),
        dec("-Infinity"),
        dec("1E+1"),
        dec("1.000000000000000000000000000000000E+6144"),
        Value::from(""),
        Value::from("it's \"quoted\" `ticked` ${x}"),
        Value::from("tab\tnew\nline\r\0nul\u{7f}\u{1b}\\"),
        Value::from("日本語 😀 \u{2028}"),
        Value::ObjectId(oid("6ac71201a9fded4f0c2e7ec8")),
        Value::Boolean(true),
        Value::DateTime(0),
        Value::DateTime(-1),
        Value::DateTime(1_791_453_600_123),
        Value::DateTime(253_402_300_799_999),
        Value::DateTime(-62_167_219_200_000),
        Value::Null,
        Value::Binary(Binary {
            subtype: 4,
            bytes: (0..16).collect(),
        }),
        Value::Binary(Binary {
            subtype: 4,
            bytes: vec![1, 2, 3],
        }),
        Value::Binary(Binary {
            subtype: 0,
            bytes: vec![],
        }),
        Value::Binary(Binary {
            subtype: 3,
            bytes: (0..16).collect(),
        }),
        Value::Binary(Binary {
            subtype: 128,
            bytes: vec![255; 7],
        }),
        Value::Regex(Box::new(Regex::new("^a.*[/]b\\/c$", "imsu"))),
        Value::Regex(Box::new(Regex::new("a/b", "x"))),
        Value::Regex(Box::new(Regex::new("", ""))),
        Value::Timestamp(Timestamp {
            time: 1,
            increment: 2,
        }),
        Value::Timestamp(Timestamp {
            time: u32::MAX,
            increment: u32::MAX,
        }),
        Value::MinKey,
        Value::MaxKey,
        Value::JavaScript("function () { return 'x'; }".into()),
        Value::JavaScriptWithScope(Box::new(CodeWithScope {
            code: "x + 1".into(),
            scope,
        })),
        Value::Symbol("sym".into()),
        Value::Document(dbref),
        Value::Document(nested),
        Value::Array(vec![]),
        Value::Array((1..=20).map(Value::Int32).collect()),
    ]
}

fn bytes_of(v: &Value) -> Vec<u8> {
    let mut d = Document::new();
    d.push("v", v.clone());
    encode_document(&d).unwrap()
}

#[test]
fn parse_reads_back_what_print_writes() {
    for v in round_trip_values() {
        // What mongosh's printing changes (a symbol shown as a string, regex options shown
        // as JavaScript flags) is noted instead; shell_roundtrip.rs checks those notes.
        let mut d = Document::new();
        d.push("v", v.clone());
        if !bson_tutor::bson::shell::print_document_noted(&d, false)
            .1
            .is_empty()
        {
            continue;
        }
        let printed = print_value(&v);
        let back = parse_value(&printed, &mut generator())
            .unwrap_or_else(|e| panic!("{printed}: {e}\n{}", e.caret()));
        assert!(back.warnings.is_empty(), "{printed}: {:?}", back.warnings);
        // Compared as bytes: NaN != NaN as a value, but its bytes are equal.
        assert_eq!(bytes_of(&back.value), bytes_of(&v), "{printed}");
        let pretty = print_value_pretty(&v);
        assert_eq!(bytes_of(&value(&pretty).value), bytes_of(&v), "{pretty}");
    }
}

#[test]
fn integral_doubles_come_back_as_ints_as_in_mongosh() {
    let printed = print_value(&Value::Double(42.0));
    assert_eq!(printed, "42");
    assert_eq!(value(&printed).value, Value::Int32(42));
}

/// The error, its line and column, and the caret display.
fn explain(src: &str) -> (String, usize, usize, String) {
    let e = error(src);
    (e.message(), e.line, e.column, e.caret())
}

#[test]
fn a_missing_quote_points_at_the_opening_quote() {
    let (message, line, column, caret) = explain("{ _id: 1,\n  name: \"An }");
    assert_eq!(message, "a string is missing its closing quote (\")");
    assert_eq!((line, column), (2, 9));
    assert_eq!(caret, "  name: \"An }\n        ^");
}

#[test]
fn an_unknown_constructor_is_named() {
    let (message, line, column, _) = explain("{ a: 1,\n  b: NumberFoo(1) }");
    assert_eq!(message, "unknown constructor `NumberFoo`");
    assert_eq!((line, column), (2, 6));
    let e = parse_document("{ n: new NumberFoo(1) }", &mut generator()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 10: unknown constructor `NumberFoo`"
    );
}

#[test]
fn an_object_id_needs_24_hex_digits() {
    let (message, _, column, _) = explain(r#"{ _id: ObjectId("6ac71201a9fded4f0c2e7ec") }"#);
    assert_eq!(
        message,
        "ObjectId needs 24 hex digits, but `6ac71201a9fded4f0c2e7ec` has 23"
    );
    assert_eq!(column, 17);
    let (message, _, column, caret) = explain(r#"{ _id: ObjectId("6ac71201a9fded4f0c2e7ecz") }"#);
    assert_eq!(
        message,
        "ObjectId needs 24 hex digits, but `6ac71201a9fded4f0c2e7ecz` has `z`, which is not a hex digit"
    );
    assert_eq!(column, 41);
    assert_eq!(caret.lines().nth(1), Some(&*format!("{}^", " ".repeat(40))));
    let (message, ..) = explain("ObjectId('abc')");
    assert_eq!(message, "ObjectId needs 24 hex digits, but `abc` has 3");
}

#[test]
fn a_bad_date_names_the_bad_part() {
    let (message, _, column, caret) = explain(r#"ISODate("2026-13-45")"#);
    assert_eq!(message, "month 13 is out of range 1-12");
    assert_eq!(column, 15);
    assert_eq!(caret, "ISODate(\"2026-13-45\")\n              ^");
    let (message, _, column, _) = explain(r#"{ at: new Date("2026-02-30") }"#);
    assert!(message.starts_with("day 30 is out of range for February 2026 (1-28)"));
    assert_eq!(column, 25);
}

#[test]
fn a_missing_comma_says_what_was_expected() {
    let (message, _, column, _) = explain("{ a: 1 x: 2 }");
    assert_eq!(message, "expected `,` or `}` after a field, but found `x`");
    assert_eq!(column, 8);
    let (message, ..) = explain("[1 2]");
    assert_eq!(
        message,
        "expected `,` or `]` after an array element, but found `2`"
    );
}

#[test]
fn comments_trailing_commas_and_escapes() {
    let d = document(
        "{\n  // the id\n  _id: 'a\\u00e9\\x41\\n', /* count */ 'n-1': 0x1F,\n  list: [1, 2,],\n}",
    )
    .value;
    assert_eq!(d.get("_id"), Some(&Value::from("aéA\n")));
    assert_eq!(d.get("n-1"), Some(&Value::Int32(31)));
    assert_eq!(
        d.get("list").and_then(Value::as_array).map(<[Value]>::len),
        Some(2)
    );
}

mod no_panics {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn on_any_text(src in "\\PC{0,64}") {
            let _ = parse_value(&src, &mut generator());
        }

        #[test]
        fn on_mangled_mongosh_snippets(
            pick in 0..MONGOSH_SNIPPETS.len(),
            cut in 0usize..400,
            insert in "[\\[\\]{}(),:'\"/\\\\*a-z0-9.$-]{0,3}",
        ) {
            let src = MONGOSH_SNIPPETS[pick];
            let mut at = cut.min(src.len());
            while !src.is_char_boundary(at) {
                at -= 1;
            }
            let mangled = format!("{}{insert}{}", &src[..at], &src[at..]);
            // Whatever reads, prints in a form that reads again.
            if let Ok(parsed) = parse_value(&mangled, &mut generator()) {
                let printed = print_value(&parsed.value);
                let again = parse_value(&printed, &mut generator());
                prop_assert!(again.is_ok(), "{mangled} printed as {printed}: {:?}", again.err());
            }
            let _ = parse_document(&src[..at], &mut generator());
        }
    }
}
