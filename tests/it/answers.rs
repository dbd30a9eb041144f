//! Answers are read as mongosh reads them, with the common forms whose meaning is clear; a
//! text that cannot be read is a format slip (not an attempt) with an example of the form; a
//! wrong answer names its classic mistake, in the learner's language; every revealed answer
//! prints its value in the BSON type it has.

use bson_tutor::bson::Value;
use bson_tutor::lesson::check::Outcome;
use bson_tutor::lesson::{Context, Exercise, Verdict, answer, builtin, i18n, load_str, solve};
use bson_tutor::strings::localize::english_words;
use bson_tutor::strings::{Lang, tr};

use crate::common;

/// The one exercise of a lesson whose exercise step is `fields` (TOML lines after
/// `kind = "exercise"`), with `explanation` and `expect` filled in when missing.
fn exercise(fields: &str) -> Exercise {
    let mut text = format!(
        "format_version = 1\nid = \"t\"\ntitle = \"T\"\norder = 1\nsummary = \"s\"\n\n\
         [[step]]\nkind = \"exercise\"\nprompt = \"?\"\nexplanation = \"e\"\n{fields}\n"
    );
    if !fields.contains("expect") {
        text.push_str("expect = \"x\"\n");
    }
    let loaded = load_str("t.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    loaded.lesson.exercises().next().unwrap().clone()
}

fn judge(ex: &Exercise, text: &str) -> Verdict {
    answer(ex, text, &Context::default())
}

fn judge_in(ex: &Exercise, text: &str, lang: Lang) -> Verdict {
    answer(ex, text, &Context::in_lang(lang))
}

#[track_caller]
fn assert_right(ex: &Exercise, text: &str) {
    let v = judge(ex, text);
    assert_eq!(v.outcome, Outcome::Right, "{text:?}: {}", v.feedback);
}

#[track_caller]
fn assert_wrong(ex: &Exercise, text: &str, says: &[&str]) -> Verdict {
    let v = judge(ex, text);
    assert_eq!(v.outcome, Outcome::Wrong, "{text:?}: {}", v.feedback);
    for s in says {
        assert!(
            v.feedback.contains(s),
            "{text:?}: {s:?} not in {:?}",
            v.feedback
        );
    }
    v
}

#[track_caller]
fn assert_slip(ex: &Exercise, text: &str) -> Verdict {
    let v = judge(ex, text);
    assert_eq!(v.outcome, Outcome::Unreadable, "{text:?}: {}", v.feedback);
    assert!(!v.counts());
    let last = v.feedback.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("answer like: "),
        "{text:?}: {}",
        v.feedback
    );
    // The example shows the form, never the answer.
    let shown = solve(ex, &Context::default()).unwrap().text;
    assert_ne!(last.trim_start_matches("answer like: "), shown);
    v
}

const SIZE: &str = "type = \"size\"\ndocument = \"{ a: 1 }\"\nexpect = \"12\"";

#[test]
fn a_size_takes_a_unit_of_bytes_in_every_language() {
    let ex = exercise(SIZE);
    for text in [
        "12",
        "12 bytes",
        "12 B",
        "12b",
        "12 byte",
        "12 Bytes",
        "12 字节",
        "12字节",
        "12.0",
    ] {
        assert_right(&ex, text);
    }
    for slip in ["twelve", "12 kB", "bytes", "12 34", "0x"] {
        assert_slip(&ex, slip);
    }
    // `0x0c` is a number in mongosh: 12.
    assert_right(&ex, "0x0c");
}

#[test]
fn numbers_are_read_as_mongosh_reads_them() {
    let double = exercise(
        "type = \"eval\"\nexpression = \"{ $literal: Double(42) }\"\nexpect = \"Double(42)\"",
    );
    assert_right(&double, "Double(42)");
    assert_right(&double, "Double('42')");
    let v = assert_wrong(
        &double,
        "42.0",
        &[
            "you wrote an int (Int32 42), and the result is a double (Double 42)",
            "mongosh reads `42.0` as an int",
        ],
    );
    assert_eq!(v.feedback.lines().count(), 2, "{}", v.feedback);
    assert_wrong(&double, "42", &["an int (Int32 42)"]);
    assert_wrong(
        &double,
        "Long('42')",
        &["a long (Int64 42)", "a double (Double 42)"],
    );
    assert_wrong(&double, "Decimal128('42')", &["a decimal (Decimal128 42)"]);

    let long = exercise(
        "type = \"eval\"\nexpression = \"{ $add: [NumberInt(2147483647), NumberInt(1)] }\"\nexpect = \"Long('2147483648')\"",
    );
    for right in [
        "Long('2147483648')",
        "NumberLong(2147483648)",
        "NumberLong('2147483648')",
    ] {
        assert_right(&long, right);
    }
    assert_wrong(
        &long,
        "2147483648",
        &[
            "you wrote a double (Double 2147483648), and the result is a long (Int64 2147483648)",
            "a whole number past the int32 range",
        ],
    );
    assert_wrong(&long, "Int32(5)", &["is not the value the engine computes"]);

    // 9007199254740993 is a double in mongosh, and rounds: the same double as the result.
    let big = exercise(
        "type = \"eval\"\nexpression = \"{ $literal: 9007199254740993 }\"\nexpect = \"Double(9007199254740992)\"",
    );
    let v = judge(&big, "9007199254740993");
    assert_eq!(v.outcome, Outcome::Right, "{}", v.feedback);
    assert!(
        v.feedback.contains("it becomes 9007199254740992"),
        "{}",
        v.feedback
    );
    assert_wrong(&big, "Long('9007199254740993')", &["is not the value"]);

    let decimal = exercise(
        "type = \"eval\"\nexpression = '{ $add: [NumberDecimal(\"0.1\"), NumberDecimal(\"0.2\")] }'\nexpect = \"Decimal128('0.3')\"",
    );
    assert_right(&decimal, "Decimal128('0.3')");
    assert_right(&decimal, "NumberDecimal(\"0.3\")");
    assert_wrong(&decimal, "0.3", &["is not the value"]);

    let int = exercise("type = \"eval\"\nexpression = \"{ $add: [1, 0] }\"\nexpect = \"1\"");
    assert_right(&int, "Int32(1)");
    assert_right(&int, "1.0");
    assert_wrong(
        &int,
        "Double(1)",
        &["a double (Double 1)", "an int (Int32 1)"],
    );
}

#[test]
fn a_string_where_a_number_is_meant_is_named() {
    let ex = exercise(SIZE);
    assert_wrong(
        &ex,
        "'12'",
        &["`'12'` is a string: a number is written without quotes"],
    );
    assert_wrong(&ex, "\"12\"", &["is a string"]);
    assert_wrong(
        &ex,
        "'twelve'",
        &["is a string, and the answer is a number"],
    );
}

#[test]
fn a_yes_or_no_question_takes_yes_and_no_in_every_language() {
    let ex = exercise("type = \"eval\"\nexpression = \"{ $eq: [1, 2] }\"\nexpect = \"false\"");
    for no in [
        "false", "no", "No", "n", "không", "khong", "sai", "否", "不是", "错",
    ] {
        assert_right(&ex, no);
    }
    for yes in ["true", "yes", "có", "đúng", "是", "对"] {
        assert_wrong(&ex, yes, &["is not the value"]);
    }
    let v = assert_slip(&ex, "maybe");
    assert!(
        v.feedback.starts_with("`maybe` is neither yes nor no"),
        "{}",
        v.feedback
    );
    // A number or null is a value, judged (not a slip).
    assert_wrong(&ex, "0", &["not even the right kind of value"]);
    // A choice whose options say yes and no takes the word too.
    let choice =
        exercise("type = \"choice\"\noptions = [\"Yes, always\", \"No: never\"]\nexpect = \"b\"");
    assert_right(&choice, "no");
    assert_right(&choice, "không");
    assert_wrong(&choice, "yes", &["(a) is not right"]);
}

#[test]
fn a_choice_takes_a_letter_in_every_common_form() {
    let ex = exercise(
        "type = \"choice\"\noptions = [\"one\", \"two\", \"three\"]\n\
         why_not = [\"one is too few\", \"\", \"three is too many\"]\nexpect = \"b\"",
    );
    for text in ["b", "B", "(b)", "b)", "b.", "2", "two", " (B) "] {
        assert_right(&ex, text);
    }
    // Every wrong choice says why, from the lesson's `why_not`.
    assert_wrong(&ex, "a", &["(a) is not right: one is too few"]);
    assert_wrong(&ex, "(c)", &["(c) is not right: three is too many"]);
    for slip in ["d", "4", "0", "bc", "maybe", "?"] {
        let v = assert_slip(&ex, slip);
        assert!(
            v.feedback.contains("a letter from a to c"),
            "{}",
            v.feedback
        );
    }
    // Without why_not, today's message.
    let plain = exercise("type = \"choice\"\noptions = [\"one\", \"two\"]\nexpect = \"b\"");
    let v = assert_wrong(&plain, "a", &["(a) is not right"]);
    assert_eq!(v.feedback, "(a) is not right");
}

const SORT: &str = r#"type = "sort"
docs = '[{ _id: "s", v: "9" }, { _id: "n", v: 10 }, { _id: "b", v: true }, { _id: "z", v: null }, { _id: "a", v: [5, "x"] }]'
sort = "{ v: 1, _id: 1 }"
expect = '["z", "a", "n", "s", "b"]'"#;

#[test]
fn string_ids_may_be_typed_without_quotes() {
    let ex = exercise(SORT);
    for text in [
        "z, a, n, s, b",
        "[z, a, n, s, b]",
        "z a n s b",
        "['z', 'a', 'n', 's', 'b']",
        "z, 'a', \"n\", s, b",
        "z, a, n, s, b,",
    ] {
        assert_right(&ex, text);
    }
    assert_wrong(&ex, "z, a, n, s", &["matches too, and you left it out"]);
    assert_wrong(
        &ex,
        "z, a, n, s, b, q",
        &["there is no document with _id `'q'`"],
    );
    for slip in ["[z, a", "z, {a", "z, a b, n"] {
        let v = assert_slip(&ex, slip);
        assert!(
            v.feedback.contains("type the _ids as a list"),
            "{}",
            v.feedback
        );
    }
}

#[test]
fn a_sort_answer_that_ignores_the_type_order_is_told_the_order() {
    let ex = exercise(SORT);
    let v = assert_wrong(
        &ex,
        "z, a, n, b, s",
        &["sort compares types first: null < numbers < strings < booleans"],
    );
    assert!(
        v.feedback.lines().next().unwrap().contains("sorts after"),
        "{}",
        v.feedback
    );
    assert_wrong(
        &ex,
        "z, n, a, s, b",
        &["an array sorts by its smallest element"],
    );
    let dates = exercise(
        r#"type = "sort"
docs = '[{ _id: "a", at: "2026-9-30" }, { _id: "b", at: "2026-10-01" }, { _id: "c", at: "2026-10-15" }]'
sort = "{ at: -1 }"
expect = '["a", "c", "b"]'"#,
    );
    assert_wrong(&dates, "c, b, a", &["strings compare byte by byte"]);
    assert_wrong(&dates, "b, c, a", &["that is the reverse order"]);
}

#[test]
fn a_date_takes_a_bare_iso_time_or_the_shells_forms() {
    let ex = exercise(
        "type = \"eval\"\nexpression = \"{ $literal: new Date('2026-10-08T03:46:09Z') }\"\n\
         expect = \"ISODate('2026-10-08T03:46:09Z')\"",
    );
    for text in [
        "2026-10-08T03:46:09Z",
        "2026-10-08T03:46:09.000Z",
        "2026-10-08T10:46:09+07:00",
        "ISODate('2026-10-08T03:46:09Z')",
        "new Date('2026-10-08T03:46:09Z')",
    ] {
        assert_right(&ex, text);
    }
    // Quoted, it is a string: read, and wrong.
    assert_wrong(
        &ex,
        "'2026-10-08T03:46:09Z'",
        &["not even the right kind of value"],
    );
    for slip in ["2026-13-45T00:00:00Z", "2026-10-08T03:46:09", "yesterday"] {
        assert_slip(&ex, slip);
    }
}

const OID: &str = "type = \"oid\"\nid = \"6ac711ed454f588ca2d05d4b\"";

#[test]
fn an_objectid_time_off_by_milliseconds_says_so() {
    let ex = exercise(&format!(
        "{OID}\nask = \"timestamp\"\nexpect = \"2026-10-08T03:45:49Z\""
    ));
    for text in [
        "2026-10-08T03:45:49Z",
        "2026-10-08T03:45:49.000Z",
        "'2026-10-08T03:45:49Z'",
        "ISODate('2026-10-08T03:45:49Z')",
    ] {
        assert_right(&ex, text);
    }
    let v = assert_wrong(
        &ex,
        "2026-10-08T03:45:49.250Z",
        &["differs by 250 milliseconds", "whole seconds"],
    );
    assert!(!v.feedback.contains("0 seconds"), "{}", v.feedback);
    assert_wrong(&ex, "2026-10-08T03:45:50Z", &["is 1 second off"]);
    assert_wrong(&ex, "2026-10-08T10:45:49Z", &["is 7 hours off", "UTC"]);
    assert_slip(&ex, "2026-10-08 nine");
    assert_slip(&ex, "1791431149");
}

#[test]
fn objectid_seconds_name_the_byte_order_milliseconds_and_hex_digits() {
    let ex = exercise(&format!(
        "{OID}\nask = \"seconds\"\nexpect = \"1791431149\""
    ));
    assert_right(&ex, "1791431149");
    assert_right(&ex, "0x6ac711ed");
    // 6a c7 11 ed read little-endian: 0xed11c76a.
    assert_wrong(&ex, "3977365354", &["reads the bytes little-endian"]);
    assert_wrong(&ex, "1791431149000", &["that is milliseconds"]);
    assert_wrong(&ex, "6ac711ed", &["those are the hex digits"]);
    assert_slip(&ex, "6ac711ez");
    let counter = exercise(&format!("{OID}\nask = \"counter\"\nexpect = \"13655371\""));
    assert_right(&counter, "13655371");
    assert_wrong(&counter, "d05d4b", &["hex digits"]);
    assert_wrong(&counter, "4939216", &["little-endian"]);
}

#[test]
fn sizes_name_the_classic_mistakes() {
    let ex = exercise(
        "type = \"size\"\ndocument = '{ _id: 1, name: \"An\", age: 30 }'\nexpect = \"36\"",
    );
    assert_wrong(&ex, "35", &["one byte short"]);
    assert_wrong(&ex, "32", &["four bytes short", "length prefix"]);
    assert_wrong(&ex, "31", &["five bytes short"]);
    // Keys _id, name, age, the string "An" and the document: 5 NULs.
    assert_wrong(&ex, "'31'", &["is a string"]);
    let json = exercise("type = \"size\"\ndocument = '{ a: [1, 2, 3] }'\nexpect = \"34\"");
    // JSON.stringify: {"a":[1,2,3]} is 13 characters.
    assert_wrong(
        &json,
        "13",
        &["that is how many characters `{\"a\":[1,2,3]}` has"],
    );
    // As the lesson wrote it: 16 characters.
    assert_wrong(&json, "16", &["`{ a: [1, 2, 3] }`"]);
}

#[test]
fn decoded_lengths_name_their_classic_mistakes() {
    let doc = "type = \"decode\"\nask = \"value\"\ndocument = '{ s: \"abc\" }'";
    // Bytes 7..11 are the string's length prefix: 4 (three letters and a NUL).
    let ex = exercise(&format!("{doc}\noffset = 7\nexpect = \"4\""));
    assert_right(&ex, "4");
    assert_right(&ex, "4 bytes");
    assert_wrong(&ex, "3", &["counts its trailing 0x00 too"]);
    assert_wrong(&ex, "67108864", &["reads the bytes big-endian"]);
    let top = exercise(&format!("{doc}\noffset = 0\nexpect = \"16\""));
    assert_wrong(&top, "12", &["counts its own 4 bytes too"]);
    assert_eq!(
        solve(&top, &Context::default()).unwrap().value(),
        Some(&Value::Int32(16))
    );
}

const BYTES: &str =
    "type = \"bytes\"\ndocument = \"{ a: 1 }\"\nexpect = \"0c 00 00 00 10 61 00 01 00 00 00 00\"";

#[test]
fn hex_is_read_with_or_without_spaces_commas_and_0x() {
    let ex = exercise(BYTES);
    for text in [
        "0c 00 00 00 10 61 00 01 00 00 00 00",
        "0c0000001061000100000000",
        "0x0c, 0x00, 0x00, 0x00, 0x10, 0x61, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00",
        "[0C 00 00 00 10 61 00 01 00 00 00 00]",
        "0X0C 00 00 00 10 61 00 01 00 00 00 00",
        "0c000000 10 6100 01000000 00",
    ] {
        assert_right(&ex, text);
    }
    for slip in ["0c 0", "zz", "0c 00 0g", "[]"] {
        assert_slip(&ex, slip);
    }
}

#[test]
fn byte_answers_name_endianness_and_missing_nuls_and_mark_the_bytes() {
    let ex = exercise(BYTES);
    let v = assert_wrong(
        &ex,
        "00 00 00 0c 10 61 00 00 00 00 01 00",
        &[
            "bytes 0–3 (the document's length prefix) are in big-endian order",
            "bytes 7–10 (the value of `a`) are in big-endian order",
        ],
    );
    let marks = v.marks.unwrap();
    assert_eq!(
        (marks.wrong.as_slice(), marks.expected_len),
        (&[0, 3, 7, 10][..], 12)
    );
    assert_eq!(marks.typed.len(), 12);

    let v = assert_wrong(
        &ex,
        "0c 00 00 00 10 61 01 00 00 00 00",
        &["the 0x00 that ends the key `a` is missing (byte 6)"],
    );
    assert_eq!(v.marks.unwrap().wrong, vec![6]);
    let v = assert_wrong(
        &ex,
        "0b 00 00 00 10 61 00 01 00 00 00",
        &[
            "the 0x00 that ends the document is missing (byte 11)",
            "byte 0 (the document's length prefix) is wrong: you typed 0b",
        ],
    );
    assert_eq!(v.marks.unwrap().wrong, vec![0]);
    // An int32 where the answer has an int64: the type byte is the first wrong one.
    let long = exercise(
        "type = \"bytes\"\ndocument = \"{ n: NumberLong(5) }\"\npath = \"n\"\nexpect = \"12 6e 00 05 00 00 00 00 00 00 00\"",
    );
    let v = assert_wrong(
        &long,
        "10 6e 00 05 00 00 00",
        &[
            "you typed 7 bytes, but the answer has 11",
            "byte 0 (the type byte of `n`) is wrong: you typed 10",
        ],
    );
    let marks = v.marks.unwrap();
    assert_eq!((marks.wrong, marks.expected_len), (vec![0], 11));
    // A right answer has no marks.
    assert_eq!(
        judge(&ex, "0c 00 00 00 10 61 00 01 00 00 00 00").marks,
        None
    );
}

#[test]
fn types_roles_and_type_numbers_are_read_or_slipped() {
    let ty = exercise("type = \"type\"\nexpression = \"MinKey()\"\nexpect = \"-1\"");
    for text in ["-1", "minKey", "MinKey", "'minKey'", "MinKey()"] {
        assert_right(&ty, text);
    }
    assert_wrong(&ty, "255", &["read unsigned", "$type numbers minKey -1"]);
    assert_wrong(&ty, "127", &["maxKey (type 127), a different type"]);
    assert_wrong(&ty, "42", &["no BSON type has the number 42"]);
    assert_slip(&ty, "integr");
    let role = exercise(
        "type = \"decode\"\nask = \"role\"\ndocument = \"{ a: 1 }\"\noffset = 0\nexpect = \"length prefix\"",
    );
    assert_right(&role, "length");
    assert_right(&role, "tiền tố độ dài");
    assert_wrong(&role, "banana", &["is not what that byte is"]);
    assert_slip(&role, "42");
}

#[test]
fn every_slip_shows_the_form_in_the_learners_language() {
    let cases: [(&str, &str); 6] = [
        (SIZE, "twelve"),
        (BYTES, "zz"),
        (SORT, "[z,"),
        (
            "type = \"choice\"\noptions = [\"x\", \"y\"]\nexpect = \"a\"",
            "q",
        ),
        (
            "type = \"eval\"\nexpression = \"{ $eq: [1, 2] }\"\nexpect = \"false\"",
            "maybe",
        ),
        (
            "type = \"type\"\nexpression = \"1\"\nexpect = \"int\"",
            "integr",
        ),
    ];
    for (fields, text) in cases {
        let ex = exercise(fields);
        for lang in [Lang::Vi, Lang::Zh] {
            let v = judge_in(&ex, text, lang);
            assert_eq!(
                v.outcome,
                Outcome::Unreadable,
                "{lang:?} {text}: {}",
                v.feedback
            );
            let like = tr(lang, "answer like: {example}").replace("{example}", "");
            assert!(v.feedback.contains(&like), "{lang:?}: {}", v.feedback);
            assert_no_english(lang, &v.feedback);
        }
    }
}

/// English words left in a Vietnamese or Chinese text, values (backquoted, quoted, and
/// documents in braces) taken out; Vietnamese keeps `byte` and `document` on purpose.
#[track_caller]
fn assert_no_english(lang: Lang, text: &str) {
    let mut prose = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => prose.push(c),
            _ => {}
        }
    }
    // Values that read like English words: option letters ("from a to c", "a / b"), type
    // aliases (`string`), hex digits, and the Vietnamese "in ra" (print out).
    for value in [
        "từ a đến",
        "用 a 到",
        "a / b",
        "int / long / string …",
        "in ra",
        "0a 1b 2c 3d …",
        "a-f",
    ] {
        prose = prose.replace(value, "");
    }
    let left: Vec<String> = english_words(&prose)
        .into_iter()
        .filter(|w| {
            !(lang == Lang::Vi && ["byte", "document"].contains(&w.to_lowercase().as_str()))
        })
        .collect();
    assert!(left.is_empty(), "{lang:?}: {left:?} in {text:?}");
}

#[test]
fn the_classic_mistakes_speak_vietnamese_and_chinese() {
    let size = exercise(
        "type = \"size\"\ndocument = '{ _id: 1, name: \"An\", age: 30 }'\nexpect = \"36\"",
    );
    let double = exercise(
        "type = \"eval\"\nexpression = \"{ $literal: Double(42) }\"\nexpect = \"Double(42)\"",
    );
    let long = exercise(
        "type = \"eval\"\nexpression = \"{ $add: [NumberInt(2147483647), NumberInt(1)] }\"\nexpect = \"Long('2147483648')\"",
    );
    let seconds = exercise(&format!(
        "{OID}\nask = \"seconds\"\nexpect = \"1791431149\""
    ));
    let time = exercise(&format!(
        "{OID}\nask = \"timestamp\"\nexpect = \"2026-10-08T03:45:49Z\""
    ));
    let bytes = exercise(BYTES);
    let sort = exercise(SORT);
    let ty = exercise("type = \"type\"\nexpression = \"MinKey()\"\nexpect = \"-1\"");
    let cases: Vec<(&Exercise, &str)> = vec![
        (&size, "35"),
        (&size, "32"),
        (&size, "31"),
        (&size, "'36'"),
        (&size, "30"),
        (&double, "42.0"),
        (&long, "2147483648"),
        (&seconds, "3977365354"),
        (&seconds, "1791431149000"),
        (&seconds, "6ac711ed"),
        (&time, "2026-10-08T03:45:49.250Z"),
        (&time, "2026-10-08T10:45:49Z"),
        (&time, "2026-10-08T03:45:59Z"),
        (&bytes, "00 00 00 0c 10 61 00 00 00 00 01 00"),
        (&bytes, "0b 00 00 00 10 61 00 01 00 00 00"),
        (&bytes, "0c 00 00 00 12 62 00 01 00 00 00 00"),
        (&sort, "z, a, n, b, s"),
        (&sort, "z, n, a, s, b"),
        (&sort, "b, s, n, a, z"),
        (&ty, "255"),
        (&ty, "42"),
    ];
    for (ex, text) in cases {
        let en = judge(ex, text);
        assert_eq!(en.outcome, Outcome::Wrong, "{text}: {}", en.feedback);
        for lang in [Lang::Vi, Lang::Zh] {
            let v = judge_in(ex, text, lang);
            assert_eq!(v.outcome, Outcome::Wrong, "{lang:?} {text}");
            assert_eq!(
                v.feedback.lines().count(),
                en.feedback.lines().count(),
                "{text}"
            );
            assert_ne!(v.feedback, en.feedback, "{lang:?} {text}");
            assert_no_english(lang, &v.feedback);
        }
    }
}

/// Whether a value holds an int64 anywhere.
fn has_int64(v: &Value) -> bool {
    match v {
        Value::Int64(_) => true,
        Value::Array(items) => items.iter().any(has_int64),
        Value::Document(d) => d.iter().any(|(_, v)| has_int64(v)),
        _ => false,
    }
}

/// `Long(` in a revealed answer exactly when its value holds an int64: what a text stands
/// for, read as an answer is read.
#[track_caller]
fn assert_typed_as_it_is(where_: &str, text: &str, value: Option<&Value>) {
    let read;
    let value = match value {
        Some(v) => Some(v),
        None => {
            read = bson_tutor::lesson::compute::Classroom::default()
                .parse_answer(text)
                .ok();
            read.as_ref()
        }
    };
    let int64 = value.is_some_and(has_int64);
    assert_eq!(
        text.contains("Long("),
        int64,
        "{where_}: `{text}` for {value:?}"
    );
}

#[test]
fn every_revealed_answer_prints_its_bson_type() {
    let mut longs = 0;
    for lesson in builtin::lessons() {
        for lang in Lang::ALL {
            let translation = builtin::translation(&lesson.id, lang);
            let (localized, _) = i18n::localize(&lesson, translation.as_ref());
            for (n, ex) in localized.exercises().enumerate() {
                let solution = solve(ex, &Context::in_lang(lang)).unwrap();
                let at = format!("{} #{} {lang:?}", lesson.id, n + 1);
                assert_typed_as_it_is(&at, &solution.text, solution.value());
                longs += usize::from(solution.value().is_some_and(has_int64));
            }
        }
    }
    // The course does have int64 answers, and they print as Long(...).
    assert!(longs > 0);
}

#[test]
fn show_answers_print_every_value_in_its_bson_type() {
    for lesson in builtin::lessons() {
        for lang in Lang::ALL {
            let out = common::bson_tutor()
                .args(["show", &lesson.id, "--answers", "--lang", lang.code()])
                .output()
                .unwrap();
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).unwrap();
            let label = tr(lang, "answer: ");
            let answers: Vec<&str> = text
                .lines()
                .filter_map(|l| l.trim_start().strip_prefix(label))
                .collect();
            assert_eq!(
                answers.len(),
                lesson.exercises().count(),
                "{}: {text}",
                lesson.id
            );
            let translation = builtin::translation(&lesson.id, lang);
            let (localized, _) = i18n::localize(&lesson, translation.as_ref());
            for (shown, ex) in answers.iter().zip(localized.exercises()) {
                let solution = solve(ex, &Context::in_lang(lang)).unwrap();
                assert_eq!(*shown, solution.text, "{} {lang:?}", lesson.id);
                assert_typed_as_it_is(&lesson.id, shown, solution.value());
            }
        }
    }
}

#[test]
fn lengths_and_objectid_parts_are_plain_numbers() {
    let length = exercise(
        "type = \"decode\"\nask = \"value\"\ndocument = '{ s: \"ab\" }'\noffset = 7\nexpect = \"3\"",
    );
    assert_eq!(solve(&length, &Context::default()).unwrap().text, "3");
    let seconds = exercise(&format!(
        "{OID}\nask = \"seconds\"\nexpect = \"1791431149\""
    ));
    let s = solve(&seconds, &Context::default()).unwrap();
    assert_eq!(
        (s.text.as_str(), s.value()),
        ("1791431149", Some(&Value::Int32(1_791_431_149)))
    );
    let counter = exercise(&format!("{OID}\nask = \"counter\"\nexpect = \"13655371\""));
    assert_eq!(
        solve(&counter, &Context::default()).unwrap().text,
        "13655371"
    );
    // Past 2038 the seconds no longer fit an int32: a plain number still (a double, as
    // mongosh has it), never Long(...).
    let late = exercise(
        "type = \"oid\"\nid = \"ffffffff454f588ca2d05d4b\"\nask = \"seconds\"\nexpect = \"4294967295\"",
    );
    let s = solve(&late, &Context::default()).unwrap();
    assert_eq!(s.text, "4294967295");
    assert_right(&late, "4294967295");
}

#[test]
fn a_note_on_how_mongosh_read_a_number_comes_only_where_it_explains() {
    let one = exercise(
        "type = \"eval\"\nexpression = \"{ $literal: Double(1) }\"\nexpect = \"Double(1)\"",
    );
    // 42.0 is an int, but the value is wrong anyway: no note on ints.
    let v = assert_wrong(&one, "42.0", &["is not the value the engine computes"]);
    assert_eq!(v.feedback.lines().count(), 1, "{}", v.feedback);
    // The exact int64 typed as a plain number rounds: that is why it is wrong.
    let long = exercise(
        "type = \"eval\"\nexpression = \"{ $literal: NumberLong('9007199254740993') }\"\nexpect = \"Long('9007199254740993')\"",
    );
    assert_wrong(
        &long,
        "9007199254740993",
        &["keeps 53 bits: it becomes 9007199254740992"],
    );
    let v = assert_wrong(&long, "12345678901234567", &["is not the value"]);
    assert_eq!(v.feedback.lines().count(), 1, "{}", v.feedback);
}
