//! The tables driven through the real parsers, decoders and the command line's frames.

use super::*;
use crate::bson::datetime::{date_to_string, parse_iso, parse_timezone};
use crate::bson::oid::ObjectId;
use crate::bson::shell::{FixedGenerator, parse_document, parse_value};
use crate::bson::spec::MAX_DOCUMENT_SIZE;
use crate::bson::uuid::{LegacyOrder, Uuid};
use crate::bson::value::{Binary, Document, Regex, Value};
use crate::bson::{Limits, decode_document, decode_document_with, encode_document};
use crate::bson::{ejson, hex, text};
use crate::inspect::{View, inspect};
use crate::lesson::compute;

const LANGS: [Lang; 2] = [Lang::Vi, Lang::Zh];

fn tables(lang: Lang) -> [Table; 2] {
    match lang {
        Lang::Vi => [vi::MESSAGES, vi::TERMS],
        _ => [zh::MESSAGES, zh::TERMS],
    }
}

#[test]
fn every_entry_compiles_with_the_same_slots_and_no_pattern_twice() {
    let english = |lang| {
        let mut all: Vec<&str> = tables(lang)
            .iter()
            .flat_map(|t| t.iter().map(|(en, _)| *en))
            .collect();
        all.sort_unstable();
        all
    };
    for lang in LANGS {
        for table in tables(lang) {
            for &(en, tr) in table {
                let rule = Rule::new(en, tr);
                assert!(
                    rule.is_some(),
                    "{lang:?}: {en:?} → {tr:?}: slots differ, or two slots touch"
                );
            }
            let mut keys: Vec<&str> = table.iter().map(|(en, _)| *en).collect();
            keys.sort_unstable();
            let before = keys.len();
            keys.dedup();
            assert_eq!(before, keys.len(), "{lang:?}: a pattern is there twice");
        }
    }
    assert_eq!(
        english(Lang::Vi),
        english(Lang::Zh),
        "vi and zh cover other patterns"
    );
    // The slot syntax: only `{}`, `{msg}`, `{term}` (and `{0}`.. in translations).
    let rule = Rule::new(
        "a {} b {msg} c {term} d { t, i } \\u{1F600}",
        "{2} {1} {0} {9}",
    );
    assert!(rule.is_none(), "{{9}} is not a slot of the pattern");
    let rule = Rule::new("x {} {msg}", "{msg} {}");
    assert!(rule.is_none(), "sequential slots keep their kinds in order");
    let rule = Rule::new("x {} y {msg}", "{1} {0}").unwrap();
    assert_eq!(rule.slots, [Slot::Verbatim, Slot::Message]);
    assert_eq!(
        pieces("{ t, i } `\\u{...}` {}", false),
        [
            Piece::Text("{ t, i } `\\u{...}` "),
            Piece::Mark(Mark::Next(Slot::Verbatim))
        ]
    );
}

#[test]
fn exact_translations() {
    // (English, Vietnamese, Chinese); `None` where one language is enough to show the point.
    let cases: [(&str, Option<&str>, Option<&str>); 6] = [
        (
            "line 2, column 6: unknown constructor `NumberFoo`",
            Some("dòng 2, cột 6: không có hàm dựng `NumberFoo`"),
            Some("第 2 行，第 6 列：未知的构造函数 `NumberFoo`"),
        ),
        (
            "your answer: line 1, column 11: NumberInt takes a string or a number, as in NumberInt(\"42\"), but got a document",
            Some(
                "câu trả lời của bạn: dòng 1, cột 11: NumberInt cần một chuỗi hoặc một số, như NumberInt(\"42\"), nhưng nhận được một document",
            ),
            Some(
                "你的答案：第 1 行，第 11 列：NumberInt 接受字符串或数字，如 NumberInt(\"42\")，但收到了文档",
            ),
        ),
        (
            "day 30 is out of range for February 2026 (1-28)",
            Some("tháng 2 năm 2026 không có ngày 30 (1-28)"),
            Some("2026 年 2 月没有第 30 天（1-28）"),
        ),
        (
            "expected 2 digits for the month, but found the end of the text",
            Some("cần 2 chữ số cho tháng, nhưng gặp chỗ kết thúc văn bản"),
            Some("月份应为 2 位数字，但找到文本的结尾"),
        ),
        (
            "an ObjectId is 24 hex digits, but `6ac711ed454f588ca2d05d4g` has `g` at column 24, which is not a hex digit (0-9, a-f)",
            None,
            Some(
                "ObjectId 是 24 位十六进制数字，但 `6ac711ed454f588ca2d05d4g` 的第 24 列是 `g`，它不是十六进制数字（0-9、a-f）",
            ),
        ),
        (
            "`0x` needs hex digits after it",
            Some("`0x` cần các chữ số hex phía sau"),
            Some("`0x` 后面需要十六进制数字"),
        ),
    ];
    for (en, vi, zh) in cases {
        for (lang, want) in [(Lang::Vi, vi), (Lang::Zh, zh)] {
            if let Some(want) = want {
                assert_eq!(translate_error(lang, en), want, "{lang:?}: {en}");
            }
        }
    }
}

#[test]
fn english_and_unknown_text_come_back_unchanged() {
    for text in [
        "",
        "\n",
        "no pattern says this",
        "E11000 duplicate key error collection: lesson.docs index: _id_ dup key: { _id: 1 }",
        "unknown operator: $foo",
        "NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead",
        "line 1, column",
        "日本語 ¿qué? \u{0}\u{fffd}",
    ] {
        assert_eq!(translate_error(Lang::En, text), text);
        for lang in LANGS {
            assert_eq!(translate_error(lang, text), text, "{lang:?}");
        }
    }
    let e = "line 1, column 3: unknown constructor `NumberLon`; did you mean `NumberLong`?";
    assert_eq!(translate_error(Lang::En, e), e);
    // A frame around a message no table knows: the frame is translated, the rest kept.
    assert_eq!(
        translate_error(Lang::Vi, "line 4, column 1: something new"),
        "dòng 4, cột 1: something new"
    );
}

#[test]
fn the_learners_text_is_never_translated() {
    // Keys and values that look like messages, inside messages.
    let e = shell("{ expected: 1, expected: 2 }");
    assert!(translate_error(Lang::Vi, &e).contains("`expected`"), "{e}");
    let e = "duplicate key `line 1, column 2: too many signs in a row`: JavaScript keeps the last value, in the first key's place";
    assert_eq!(
        translate_error(Lang::Zh, e),
        "重复的键 `line 1, column 2: too many signs in a row`：JavaScript 保留最后一个值，放在第一个键的位置上"
    );
    let e = shell("{ 'expected a value, but found the end of the input' 1 }");
    for lang in LANGS {
        assert!(
            translate_error(lang, &e)
                .contains("`expected a value, but found the end of the input`"),
            "{e}"
        );
    }
    // A verbatim slot holding a term is still copied as it is.
    let e = "unknown name `none`";
    assert_eq!(translate_error(Lang::Vi, e), "không có tên `none`");
    // The source line and the caret under it stay as typed, whatever they say.
    let src = "expected a value, but found the end of the input";
    let err = parse_value(src, &mut FixedGenerator::new(0)).unwrap_err();
    let shown = format!("{err}\n{}", err.caret());
    for lang in LANGS {
        let out = translate_error(lang, &shown);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{out}");
        assert_ne!(lines[0], shown.lines().next().unwrap_or(""));
        assert_eq!(lines[1..], shown.lines().collect::<Vec<_>>()[1..], "{out}");
    }
    // Indentation and CRLF around a message stay.
    assert_eq!(
        translate_error(Lang::Vi, "  too many signs in a row\r\n  x\r\n  ^\r"),
        "  quá nhiều dấu liên tiếp\r\n  x\r\n  ^\r"
    );
}

#[test]
fn matching_is_anchored_and_never_panics() {
    // The last literal is anchored at the end: a longer text does not match.
    assert_eq!(
        translate_error(Lang::Vi, "too many signs in a row!"),
        "too many signs in a row!"
    );
    // Deep nesting of `{msg}` slots stops at a bound and keeps the rest.
    let deep = format!("{}too many signs in a row", "your answer: ".repeat(50));
    let out = translate_error(Lang::Vi, &deep);
    assert!(out.starts_with("câu trả lời của bạn: "), "{out}");
    assert!(
        out.ends_with("your answer: too many signs in a row"),
        "{out}"
    );
    // Multibyte text next to literals.
    for text in [
        "line é, column ü: 名",
        "`é` is not a hex digit (0-9, a-f)",
        "`",
    ] {
        for lang in LANGS {
            let _ = translate_error(lang, text);
        }
    }
    let big = format!("unknown name `{}`", "`a` ".repeat(20_000));
    assert!(translate_error(Lang::Zh, &big).starts_with("未知的名称 `"));
}

// The real parsers' messages.

fn shell(src: &str) -> String {
    match parse_value(src, &mut FixedGenerator::new(0)) {
        Err(e) => e.to_string(),
        Ok(p) => match p.warnings.first() {
            Some(w) => w.to_string(),
            None => panic!("{src}: no error and no warning"),
        },
    }
}

fn shell_doc(src: &str) -> String {
    match parse_document(src, &mut FixedGenerator::new(0)) {
        Err(e) => e.to_string(),
        Ok(p) => match p.warnings.first() {
            Some(w) => w.to_string(),
            None => panic!("{src}: no error and no warning"),
        },
    }
}

fn ejson(src: &str) -> String {
    match ejson::parse_value(src) {
        Err(e) => e.to_string(),
        Ok(v) => panic!("{src}: reads as {v:?}"),
    }
}

fn err<T: std::fmt::Debug, E: ToString>(input: &str, r: Result<T, E>) -> String {
    match r {
        Err(e) => e.to_string(),
        Ok(v) => panic!("{input}: gives {v:?}"),
    }
}

/// (input, English message): one or more per template of every parser.
fn cases() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut add = |input: &str, message: String| out.push((input.to_owned(), message));
    // mongosh syntax: tokens
    for src in [
        "/* open",
        "#",
        "'abc",
        "'abc\n'",
        "`${x}`",
        "'\\",
        r"'\1'",
        r"'\x4'",
        r"'\uD800x'",
        r"'\u{110000}'",
        r"'\u12'",
        "1__0",
        "0x",
        "0o",
        "0b",
        "010",
        "1e",
        "1.5n",
        "3in",
        "99999999999999999999999999999999999999999n",
        "/a",
    ] {
        add(src, shell(src));
    }
    // mongosh syntax: values, documents, arrays
    add("[1]", shell_doc("[1]"));
    let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
    add(&deep, shell(&deep));
    let signs = format!("{}1", "- ".repeat(150));
    add(&signs, shell(&signs));
    for src in [
        "{ a: 1 } x",
        "9223372036854775808n",
        "[undefined]",
        "/a\u{0}/",
        "--5",
        "-'5'",
        "+1n",
        "-[1]",
        "-{}",
        "-true",
        "-ObjectId()",
        "-new Date()",
        "-/a/",
        "-Code('x')",
        "-BSONSymbol('s')",
        "-Timestamp()",
        "-NumberLong('1')",
        "-NumberDecimal('1')",
        "-BinData(0, '')",
        "",
        ")",
        "new 5",
        "ObjectId.(",
        "NumberInt(1 2)",
        "[1,,2]",
        "[1 2]",
        "{ [k]: 1 }",
        "{ a: 1",
        "{ ) }",
        "{ 'a\\0': 1 }",
        "{ a 1 }",
        "{ __proto__: 1 }",
        "{ a: 1 b: 2 }",
        "{ a: 1, a: 2 }",
        "{ b: 1, 1: 2 }",
    ] {
        add(src, shell(src));
    }
    // mongosh syntax: constructors
    for src in [
        "Date",
        "ObjectId",
        "NumberLon('1')",
        "NumberFoo(1)",
        "foo",
        "objectid",
        "foo.bar",
        "ObjectId('a', 'b')",
        "ObjectId(true)",
        "ObjectId.createFromTime()",
        "ObjectId.createFromHexString()",
        "MD5()",
        "BinData(0)",
        "Binary.createFromBase64()",
        "Timestamp(1, 2, 3)",
        "RegExp()",
        "Code(1, 2, 3)",
        "Code('x', 1)",
        "DBRef()",
        "BinData('x', '')",
        "Int32()",
        "Long.fromString()",
        "Long.fromNumber('1')",
        "Decimal128()",
        "Double()",
        "ISODate(1, 2)",
        "ISODate({})",
        "new Date(true)",
        "BSONSymbol(1)",
        "MinKey(1)",
        "NumberLong({})",
        "ObjectId(1.5)",
        "ObjectId('zz')",
        "ObjectId('abc')",
        "MD5('zz')",
        "UUID('12-zz')",
        "UUID('1234')",
        "HexData(0, 'abc')",
        "Binary.createFromHexString('abc')",
        "BinData(256, '')",
        "BinData(0, 'a$')",
        "Binary.createFromBase64('a===')",
        "BinData(0, 'abcde')",
        "Timestamp({ t: 1.5, i: 0 })",
        "Timestamp('a')",
        "Timestamp({ t: 1 })",
        "/a/x",
        "/a/g",
        "/a/q",
        "/a/ii",
        "RegExp('a', 'q')",
        "RegExp('a\\0')",
    ] {
        add(src, shell(src));
    }
    // mongosh syntax: numbers, decimals, dates
    for src in [
        "NumberInt(2147483648)",
        "NumberInt('99999999999999999999')",
        "NumberInt(Infinity)",
        "NumberInt(42.7)",
        "NumberInt('12abc')",
        "NumberLong('9223372036854775808')",
        "Decimal128(0.1)",
        "Double('abc')",
        "NumberDecimal('1.2.3')",
        "NumberDecimal('1e')",
        "NumberDecimal('1234567890123456789012345678901234567')",
        "NumberDecimal('1e9999')",
        "new Date(8.7e15)",
        "ISODate('+010000-01-01')",
        "ISODate('0000-01-01T00:00:00+01:00')",
        "new Date('2026-13-01')",
        "new Date('2026-10-08T10:00:00')",
        "new Date(2026, 9, 8)",
        "Date()",
    ] {
        add(src, shell(src));
    }
    // ISO-8601 dates
    for src in [
        "",
        "20x6",
        "+01",
        "-000000-01-01",
        "2026-1x",
        "2026-10x08",
        "2026-10-0x",
        "2026-13-01",
        "2026-10-08X",
        "2026-10-08T1x",
        "2026-10-08T24:00Z",
        "2026-10-08T10:",
        "2026-10-08T10:60Z",
        "2026-10-08T10:00:",
        "2026-10-08T10:00:60Z",
        "2026-10-08T10:00:61Z",
        "2026-10-08T10:00:00.Z",
        "2026-10-08T10:00:00.1234567890Z",
        "2026-10-08T10:00:00",
        "2026-10-08T10:00+1",
        "2026-10-08T10:00+25:00",
        "2026-10-08T10:00+07:",
        "2026-10-08T10:00+07:61",
        "2026-10-08T10:00X",
        "2026-10-08T10:00Zx",
    ] {
        add(src, err(src, parse_iso(src)));
    }
    for month in 1..=12 {
        let src = format!("2026-{month:02}-32");
        add(&src, err(&src, parse_iso(&src)));
    }
    let far = 400_000_000_000_000;
    add(
        "far date",
        err(
            "far date",
            date_to_string(far, "%m", Some("Asia/Ho_Chi_Minh")),
        ),
    );
    add("+99:99", err("+99:99", parse_timezone("+99:99")));
    // JSON
    let deep = "[".repeat(300);
    add(&deep, ejson(&deep));
    for src in [
        "1 2",
        "{\"a\" 1}",
        "x",
        "tru",
        "fals",
        "nul",
        "{a: 1}",
        "{\"a\": 1 x",
        "[1 x",
        "01",
        "1.",
        "1e",
        "\"\\u12\"",
        "\"abc",
        "\"\\uD800\"",
        "\"\\uDC00\"",
        "\"\\q\"",
        "\"a\tb\"",
    ] {
        add(src, ejson(src));
    }
    // Extended JSON
    add("[1]", err("[1]", ejson::parse_document("[1]")));
    let deep = format!("{}{}", "[".repeat(101), "]".repeat(101));
    add(&deep, ejson(&deep));
    for src in [
        r#"{"a\u0000": 1}"#,
        r#"{"$symbol": 1}"#,
        r#"{"$symbol": {}}"#,
        r#"{"$symbol": null}"#,
        r#"{"$oid": "x", "y": 1}"#,
        r#"{"$timestamp": {"t": 1, "x": 2}}"#,
        r#"{"$numberInt": "x"}"#,
        r#"{"$numberLong": "x"}"#,
        r#"{"$numberDouble": "x"}"#,
        r#"{"$numberDecimal": "1.2.3"}"#,
        r#"{"$uuid": "x"}"#,
        r#"{"$code": "x", "$scope": 1}"#,
        r#"{"$code": "x", "$scope": {}, "z": 1}"#,
        r#"{"$timestamp": 1}"#,
        r#"{"$regularExpression": 1}"#,
        r#"{"$regularExpression": {"pattern": "a", "options": "q"}}"#,
        r#"{"$regularExpression": {"pattern": "a\u0000", "options": ""}}"#,
        r#"{"$dbPointer": 1}"#,
        r#"{"$dbPointer": {"$ref": "a", "$id": 1}}"#,
        r#"{"$minKey": 2}"#,
        r#"{"$maxKey": 2}"#,
        r#"{"$undefined": false}"#,
        r#"{"$scope": {}}"#,
        r#"{"$oid": "xyz"}"#,
        r#"{"$timestamp": {"t": -1, "i": 0}}"#,
        r#"{"$timestamp": {"t": "1", "i": 0}}"#,
        r#"{"$date": "2026-13-01"}"#,
        r#"{"$date": true}"#,
        r#"{"$binary": 1}"#,
        r#"{"$binary": {"base64": "", "subType": "xyz"}}"#,
        r#"{"$binary": {"base64": 1, "subType": "00"}}"#,
        r#"{"$binary": 1, "$type": "00"}"#,
        r#"{"$binary": "", "$type": 1}"#,
        r#"{"$binary": {"base64": "a$cd", "subType": "00"}}"#,
    ] {
        add(src, ejson(src));
    }
    // hex, ObjectId, UUID
    for src in ["a", "a b", "zz"] {
        add(src, err(src, hex::decode(src)));
    }
    for src in [
        "abc",
        "abcxyz",
        "6ac711ed454f588ca2d05d4b0",
        "6ac711ed454f588ca2d05d4g",
    ] {
        add(src, err(src, ObjectId::parse_hex(src)));
    }
    for src in [
        "340a73e3-5b2b-45a8-892d-712753c1540z",
        "340a73e3-5b2b-45a8-892d-712753c1540",
        "340a73e35b2b-45a8-892d-712753c15406",
    ] {
        add(src, err(src, Uuid::parse(src)));
    }
    let bin = |subtype, len| Binary {
        subtype,
        bytes: vec![0; len],
    };
    add("subtype 3", err("", Uuid::from_binary(&bin(3, 16))));
    add("subtype 0", err("", Uuid::from_binary(&bin(0, 16))));
    add("15 bytes", err("", Uuid::from_binary(&bin(4, 15))));
    add(
        "subtype 4",
        err("", Uuid::from_legacy_binary(&bin(4, 16), LegacyOrder::Java)),
    );
    // Lesson values and computations
    add("1", err("1", text::documents(Value::Int32(1), "docs")));
    add(
        "[1]",
        err(
            "[1]",
            text::documents(Value::Array(vec![1.into()]), "pipeline"),
        ),
    );
    add("1", err("1", compute::parse_document("1", "filter")));
    for what in [
        "your answer",
        "docs",
        "filter",
        "sort",
        "document",
        "expression",
        "pipeline",
    ] {
        add("{", err("{", compute::parse_value("{", what)));
    }
    let room = compute::Classroom::default();
    add(
        "b",
        err("b", room.hex_walk("{ a: 1 }", Some("b"), Lang::En)),
    );
    add("", err("", compute::need::<str>(None, "docs", "find")));
    add("x", err("x", compute::make_oids(0, "x", 1, 1)));
    let at = "1960-01-01T00:00:00Z";
    add(at, err(at, compute::make_oids(0, at, 1, 1)));
    // Messages no input reaches today (guards, or forms the reader never builds), in
    // the shape the code would give them.
    for message in [
        "line 1, column 1: this number cannot be read",
        "line 1, column 1: wrong argument count",
        "line 1, column 9: `1e999x` is not a number",
        "line 1, column 1: `$oid` has duplicate keys",
        "line 1, column 1: legacy `$regex` must have exactly the keys `$regex`, `$options`",
        "line 1, column 1: unary `-` needs a number after it, but found a DBPointer",
    ] {
        add("", message.to_owned());
    }
    out.extend(bson_cases());
    out.extend(command_line_cases());
    out
}

/// `hex` read as one BSON document: its error, which must exist.
fn decoded(hex: &str) -> (String, String) {
    let bytes = hex::decode(hex).unwrap_or_else(|e| panic!("{hex}: {e}"));
    (hex.to_owned(), err(hex, decode_document(&bytes)))
}

/// `n` documents nested in field `a`, as bytes: `{ a: { a: ... {} } }`.
fn nested_bytes(n: usize) -> Vec<u8> {
    let mut doc = vec![5, 0, 0, 0, 0];
    for _ in 0..n {
        let len = doc.len() + 8;
        let mut outer = (len as i32).to_le_bytes().to_vec();
        outer.extend_from_slice(&[0x03, b'a', 0]);
        outer.append(&mut doc);
        outer.push(0);
        doc = outer;
    }
    doc
}

/// `n` documents nested in field `a`, as a value.
fn nested_value(n: usize) -> Document {
    let mut doc = Document::new();
    for _ in 0..n {
        let mut outer = Document::new();
        outer.push("a", doc);
        doc = outer;
    }
    doc
}

/// (input, English message) for every template of the BSON decoder and encoder: real bad
/// bytes, each annotated with what is wrong.
fn bson_cases() -> Vec<(String, String)> {
    let mut out = vec![
        // the top-level length
        ("(no bytes)".to_owned(), err("", decode_document(&[]))),
        decoded("05"),
        decoded("05 00 00"),
        decoded("04 00 00 00"),
        decoded("00 00 00 02"),
        decoded("0c 00 00 00 10 61 00 01 00 00 00"),
        decoded("05 00 00 00 00 00"),
        decoded("05 00 00 00 00 00 00"),
        // terminators: the document's, a nested one's, a type byte 00 too early
        decoded("05 00 00 00 01"),
        decoded("0d 00 00 00 04 61 00 05 00 00 00 01 00"),
        decoded("0d 00 00 00 03 61 00 05 00 00 00 01 00"),
        decoded("17 00 00 00 0f 61 00 0f 00 00 00 02 00 00 00 78 00 05 00 00 00 01 00"),
        decoded("0a 00 00 00 00 00 00 00 00 00"),
        decoded("08 00 00 00 14 61 00 00"),
        // nested lengths below 5
        decoded("0d 00 00 00 04 61 00 04 00 00 00 00 00"),
        decoded("0d 00 00 00 03 61 00 04 00 00 00 00 00"),
        decoded("17 00 00 00 0f 61 00 0f 00 00 00 02 00 00 00 78 00 04 00 00 00 00 00"),
        // C strings without their 00
        decoded("08 00 00 00 10 61 62 00"),
        decoded("09 00 00 00 0b 61 00 78 00"),
        decoded("0b 00 00 00 0b 61 00 78 00 69 00"),
        // not UTF-8
        decoded("0c 00 00 00 10 ff 00 01 00 00 00 00"),
        decoded("0e 00 00 00 02 61 00 02 00 00 00 ff 00 00"),
        decoded("0e 00 00 00 0d 61 00 02 00 00 00 ff 00 00"),
        decoded("0e 00 00 00 0e 61 00 02 00 00 00 ff 00 00"),
        decoded("1a 00 00 00 0c 61 00 02 00 00 00 ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00"),
        decoded("17 00 00 00 0f 61 00 0f 00 00 00 02 00 00 00 ff 00 05 00 00 00 00 00"),
        decoded("0b 00 00 00 0b 61 00 ff 00 00 00"),
        decoded("0c 00 00 00 0b 61 00 78 00 ff 00 00"),
        // values cut short by the end of their document (one byte, several)
        decoded("0a 00 00 00 10 61 00 01 00 00"),
        decoded("08 00 00 00 08 61 00 00"),
        decoded("0b 00 00 00 0c 61 00 01 00 00 00 00 00"),
    ];
    for ty in [
        0x01, 0x02, 0x03, 0x04, 0x05, 0x07, 0x09, 0x0f, 0x11, 0x12, 0x13,
    ] {
        out.push(decoded(&format!("08 00 00 00 {ty:02x} 61 00 00")));
    }
    out.extend([
        // impossible lengths: strings, binary, old binary, code-with-scope
        decoded("0e 00 00 00 02 61 00 00 00 00 00 00 00 00"),
        decoded("0e 00 00 00 0d 61 00 00 00 00 00 00 00 00"),
        decoded("0e 00 00 00 0e 61 00 00 00 00 00 00 00 00"),
        decoded("0e 00 00 00 0c 61 00 00 00 00 00 00 00 00"),
        decoded("16 00 00 00 0f 61 00 0e 00 00 00 00 00 00 00 00 05 00 00 00 00 00"),
        decoded("0e 00 00 00 05 61 00 ff ff ff ff 00 00 00"),
        decoded("0f 00 00 00 05 61 00 02 00 00 00 02 00 00 00"),
        decoded("0c 00 00 00 0f 61 00 05 00 00 00 00"),
        // lengths past the end of what holds them
        decoded("0e 00 00 00 02 61 00 10 00 00 00 61 00 00"),
        decoded("0e 00 00 00 0d 61 00 10 00 00 00 61 00 00"),
        decoded("0e 00 00 00 0e 61 00 10 00 00 00 61 00 00"),
        decoded("0e 00 00 00 0c 61 00 10 00 00 00 61 00 00"),
        decoded("0d 00 00 00 04 61 00 10 00 00 00 00 00"),
        decoded("0d 00 00 00 03 61 00 10 00 00 00 00 00"),
        decoded("0e 00 00 00 05 61 00 10 00 00 00 00 00 00"),
        decoded("0c 00 00 00 0f 61 00 20 00 00 00 00"),
        decoded("16 00 00 00 0f 61 00 0e 00 00 00 10 00 00 00 00 05 00 00 00 00 00"),
        decoded("17 00 00 00 0f 61 00 0f 00 00 00 02 00 00 00 78 00 10 00 00 00 00 00"),
        // length-prefixed strings whose last byte is not 00
        decoded("0e 00 00 00 02 61 00 02 00 00 00 61 62 00"),
        decoded("0e 00 00 00 0d 61 00 02 00 00 00 61 62 00"),
        decoded("0e 00 00 00 0e 61 00 02 00 00 00 61 62 00"),
        decoded("0e 00 00 00 0c 61 00 02 00 00 00 61 62 00"),
        decoded("17 00 00 00 0f 61 00 0f 00 00 00 02 00 00 00 78 79 05 00 00 00 00 00"),
        // values the spec forbids
        decoded("09 00 00 00 08 61 00 02 00"),
        decoded("12 00 00 00 05 61 00 05 00 00 00 02 02 00 00 00 00 00"),
        decoded("18 00 00 00 0f 61 00 10 00 00 00 02 00 00 00 78 00 05 00 00 00 00 00 00"),
        // a field deep inside
        decoded("15 00 00 00 03 61 00 0d 00 00 00 08 62 00 07 00 00 00 00 00 00"),
    ]);
    let deep = nested_bytes(101);
    out.push(("101 levels".to_owned(), err("deep", decode_document(&deep))));
    let one = [0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0];
    let small = Limits {
        max_size: 10,
        ..Limits::default()
    };
    out.push((
        "limit 10".to_owned(),
        err("", decode_document_with(&one, small)),
    ));
    // The second document of a stream, as `inspect` reports it.
    let mut stream = one.to_vec();
    stream.extend_from_slice(&one[..11]);
    let e = inspect(&stream, View::Table, Lang::En).error;
    out.push((
        "stream".to_owned(),
        e.map_or_else(String::new, |e| e.to_string()),
    ));
    // The encoder: NUL in C strings, too large, too deep.
    let mut d = Document::new();
    d.push("a", {
        let mut inner = Document::new();
        inner.push("b\0c", 1);
        inner
    });
    out.push(("key".to_owned(), err("", encode_document(&d))));
    for (pattern, options) in [("a\0", ""), ("a", "i\0")] {
        let mut d = Document::new();
        d.push("r", Value::Regex(Box::new(Regex::new(pattern, options))));
        out.push(("regex".to_owned(), err("", encode_document(&d))));
    }
    let mut d = Document::new();
    d.push("s", "x".repeat(MAX_DOCUMENT_SIZE));
    out.push(("16 MiB".to_owned(), err("", encode_document(&d))));
    out.push((
        "101 levels".to_owned(),
        err("", encode_document(&nested_value(101))),
    ));
    out
}

/// The frames the command line puts around a message: the place the text came from (an
/// argument, `--hex`, a file and its line, already translated or not), and its own checks.
fn command_line_cases() -> Vec<(String, String)> {
    let shell = shell("{ $add: [1, }");
    let hex = err("a", hex::decode("0c 0"));
    let mut out = Vec::new();
    for place in [
        "EXPRESSION",
        "DOCUMENT",
        "FILTER",
        "PIPELINE",
        "--doc",
        "--docs",
        "--project",
        "--sort",
        "orders.json",
        "orders.json line 3",
        "orders.json dòng 3",
        "--file line 2",
    ] {
        out.push((place.to_owned(), format!("{place}: {shell}")));
    }
    out.push(("--hex".to_owned(), format!("--hex: {hex}")));
    let place = "orders.json 第 3 行";
    out.push((place.to_owned(), format!("{place}：{shell}")));
    out.push((place.to_owned(), format!("{place}: {shell}")));
    out.push((
        "PIPELINE".to_owned(),
        "PIPELINE: stage 1 is int, not a document".to_owned(),
    ));
    out.push((
        "PIPELINE".to_owned(),
        "PIPELINE must be an array of stages, not int".to_owned(),
    ));
    out
}

/// `s` without its `code` and "quoted" fragments.
fn prose(s: &str) -> String {
    let mut out = String::new();
    let (mut in_code, mut in_quote) = (false, false);
    for c in s.chars() {
        match c {
            '`' if !in_quote => in_code = !in_code,
            '"' if !in_code => in_quote = !in_quote,
            c if !in_code && !in_quote => out.push(c),
            _ => {}
        }
    }
    out
}

/// Lowercase ASCII words of three letters or more.
fn words(s: &str) -> Vec<&str> {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() >= 3 && w.bytes().all(|b| b.is_ascii_lowercase()))
        .collect()
}

/// `code` fragments.
fn code(s: &str) -> Vec<&str> {
    s.split('`').skip(1).step_by(2).collect()
}

/// Names a translation keeps as they are, though they are made of English words.
const NAMES: [&str; 2] = ["code-with-scope", "little-endian"];

/// `s` without the [`NAMES`].
fn without_names(s: &str) -> String {
    NAMES
        .iter()
        .fold(s.to_owned(), |s, name| s.replace(name, ""))
}

/// Words a translation may share with the English: names and loanwords.
const SHARED: [&str; 30] = [
    "hex",
    "int",
    "bit",
    "jiff",
    "byte",
    "collection",
    "mongosh",
    "null",
    "true",
    "false",
    "undefined",
    "new",
    "docs",
    "filter",
    "sort",
    "document",
    "expression",
    "pipeline",
    "focus",
    "regex",
    "subtype",
    "surrogate",
    "driver",
    "double",
    "boolean",
    "object",
    "prototype",
    // BSON types and parts, named as in the byte walk
    "binary",
    "timestamp",
    "namespace",
];

#[test]
fn every_parser_message_is_translated() {
    let cases = cases();
    let mut problems = Vec::new();
    for lang in LANGS {
        let Some(rules) = rules(lang) else {
            panic!("no rules for {lang:?}")
        };
        let mut seen = Vec::new();
        for (input, english) in &cases {
            let out = rules.text(english, &mut seen);
            if &out == english {
                problems.push(format!(
                    "{lang:?}: {input:?} gives {english:?}, untranslated"
                ));
            }
            for fragment in code(english) {
                if !out.contains(&format!("`{fragment}`")) {
                    problems.push(format!(
                        "{lang:?}: `{fragment}` lost: {english:?} → {out:?}"
                    ));
                }
            }
            let typed = words(input);
            let english_prose = without_names(&prose(english));
            let out_prose = without_names(&prose(&out));
            let translated = words(&out_prose);
            let left: Vec<&str> = words(&english_prose)
                .into_iter()
                .filter(|w| !typed.contains(w) && !SHARED.contains(w))
                .filter(|w| translated.contains(w))
                .collect();
            if !left.is_empty() {
                problems.push(format!(
                    "{lang:?}: {left:?} still English: {english:?} → {out:?}"
                ));
            }
        }
        // Checked by `the_servers_words_stay_english`: the frame around the server's text.
        rules.text(&duplicate_id_error(), &mut seen);
        let unused: Vec<&str> = tables(lang)
            .iter()
            .flat_map(|t| t.iter().map(|(en, _)| *en))
            .filter(|en| !seen.contains(en))
            .collect();
        if !unused.is_empty() {
            problems.push(format!("{lang:?}: no case reaches {unused:#?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// `--docs: document 1: _id: E11000 duplicate key error ...`.
fn duplicate_id_error() -> String {
    let mut d = crate::bson::value::Document::new();
    d.push("_id", 1);
    err("dup", compute::collection(vec![d.clone(), d]).map(|_| ()))
}

#[test]
fn the_servers_words_stay_english() {
    let e = duplicate_id_error();
    let server = e
        .strip_prefix("--docs: document 1: ")
        .unwrap_or_else(|| panic!("{e}"));
    assert_eq!(
        translate_error(Lang::Vi, &e),
        format!("--docs: document 1: {server}")
    );
    assert_eq!(
        translate_error(Lang::Zh, &e),
        format!("--docs：第 1 个文档：{server}")
    );
}

#[test]
fn any_place_frames_a_known_message_and_nothing_else() {
    let e = "EXPRESSION: line 1, column 13: expected a value, but found `}`";
    assert_eq!(
        translate_error(Lang::Vi, e),
        "EXPRESSION: dòng 1, cột 13: cần một giá trị, nhưng gặp `}`"
    );
    assert_eq!(
        translate_error(Lang::Zh, e),
        "EXPRESSION：第 1 行，第 13 列：应为一个值，但找到 `}`"
    );
    // The more specific frames still win (`line 1, column 2` is not a place).
    assert_eq!(
        translate_error(
            Lang::Zh,
            "your answer: line 1, column 2: too many signs in a row"
        ),
        "你的答案：第 1 行，第 2 列：连续的正负号太多了"
    );
    assert_eq!(
        translate_error(
            Lang::Vi,
            "orders.json line 3: byte 5: the key is not valid UTF-8 from this byte on"
        ),
        "orders.json line 3: byte 5: khóa không còn là UTF-8 hợp lệ kể từ byte này"
    );
    // Text with a colon whose rest no table knows comes back as it was, whole.
    for text in [
        "foo: bar",
        "a: b: c",
        "EXPRESSION: something new",
        "EXPRESSION: line 1, column 2: something new",
        "filter.a.$foo: unknown operator: $foo",
        "_id: E11000 duplicate key error collection: test.docs index: _id_ dup key: { _id: 1 }",
        "orders.json: No such file or directory (os error 2)",
        "note: too many signs in a row!",
        // A colon inside the learner's quoted text is not a frame's.
        "`a: too many signs in a row",
        "unknown name `x: too many signs in a row",
        "key \"x: too many signs in a row",
    ] {
        for lang in LANGS {
            assert_eq!(translate_error(lang, text), text, "{lang:?}");
        }
    }
}
