//! `bson-tutor inspect`, driven as a user would: the real binary, real arguments, stdin.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `{ _id: 1, name: "An", age: 30 }`: 36 bytes.
const SMALL_DOC: &str = "24 00 00 00 10 5f 69 64 00 01 00 00 00 02 6e 61 6d 65 00 03 00 00 00 41 6e 00 10 61 67 65 00 1e 00 00 00 00";

fn bson_tutor(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary starts");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input)
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn small_document_table_has_one_row_per_part() {
    let out = bson_tutor(&["inspect", "--hex", SMALL_DOC], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<(usize, String)> = text
        .lines()
        .skip(2)
        .map(|l| {
            let (offset, rest) = l.split_once(' ').expect("offset column");
            (
                offset.parse().expect("numeric offset"),
                rest.trim().to_owned(),
            )
        })
        .collect();
    let offsets: Vec<usize> = rows.iter().map(|r| r.0).collect();
    assert_eq!(offsets, [0, 4, 5, 9, 13, 14, 19, 23, 26, 27, 31, 35]);
    assert!(
        rows[0].1.starts_with("24 00 00 00")
            && rows[0].1.ends_with("document length = 0x24 = 36 bytes")
    );
    assert!(rows[1].1.ends_with("type 0x10 = int32"));
    assert!(rows[2].1.contains("5f 69 64 00") && rows[2].1.ends_with("key \"_id\" + NUL"));
    assert!(rows[3].1.ends_with("value 1"));
    assert!(rows[4].1.ends_with("type 0x02 = string"));
    assert!(
        rows[6]
            .1
            .ends_with("string length = 3 (counting the trailing NUL)")
    );
    assert!(rows[7].1.starts_with("41 6e 00"));
    assert!(rows[10].1.starts_with("1e 00 00 00") && rows[10].1.ends_with("value 30"));
    assert!(rows[11].1.ends_with("end of document"));
}

#[test]
fn a_one_is_12_bytes_and_the_empty_document_5() {
    let out = bson_tutor(&["inspect", "--hex", "0c000000 10 6100 01000000 00"], None);
    assert!(
        stdout(&out).contains("document length = 0xc = 12 bytes"),
        "{}",
        stdout(&out)
    );
    let out = bson_tutor(&["inspect", "--hex", "05 00 00 00 00"], None);
    let text = stdout(&out);
    assert!(
        text.contains("document length = 0x5 = 5 bytes") && text.contains("end of document"),
        "{text}"
    );
}

#[test]
fn hex_view_round_trips_through_our_encoder() {
    let out = bson_tutor(&["inspect", "--hex", SMALL_DOC, "--to", "hex"], None);
    assert_eq!(stdout(&out), format!("{}\n", SMALL_DOC.replace(' ', "")));
    // A degenerate array (keys "" instead of "0") comes back canonical.
    let out = bson_tutor(
        &[
            "inspect",
            "--hex",
            "13000000 04 6100 0B000000 10 00 0A000000 00 00",
            "--to",
            "hex",
        ],
        None,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "140000000461000c0000001030000a0000000000\n");
}

#[test]
fn spans_are_json_with_offsets_from_the_document_start() {
    let out = bson_tutor(&["inspect", "--hex", SMALL_DOC, "--to", "spans"], None);
    let json: serde_json::Value = serde_json::from_str(stdout(&out).trim()).expect("JSON");
    let first = &json[0];
    assert_eq!(first["path"], "_id");
    assert_eq!(first["type"], "int32");
    assert_eq!(first["offset"], 4);
    assert_eq!(first["len"], 9);
    assert_eq!(first["key_offset"], 5);
    assert_eq!(first["value_offset"], 9);
    assert_eq!(first["value_len"], 4);
    assert_eq!(json[1]["value_offset"], 19);
    assert_eq!(json[1]["value_len"], 7);
}

#[test]
fn stdin_stream_of_documents_is_walked_one_by_one() {
    let mut input = Vec::new();
    for h in ["0500000000", "0c0000001061000100000000"] {
        input.extend(bson_tutor_hex(h));
    }
    let out = bson_tutor(&["inspect", "--file", "-", "--to", "hex"], Some(&input));
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "0500000000\n0c0000001061000100000000\n");
    let out = bson_tutor(&["inspect", "--file", "-"], Some(&input));
    let text = stdout(&out);
    assert!(
        text.contains("document 1 (input bytes 0..5)")
            && text.contains("document 2 (input bytes 5..17)"),
        "{text}"
    );
}

#[test]
fn dump_view_shows_offsets_hex_and_ascii() {
    let out = bson_tutor(&["inspect", "--hex", SMALL_DOC, "--to", "dump"], None);
    let text = stdout(&out);
    assert_eq!(
        text.lines().next(),
        Some("00000000  24 00 00 00 10 5f 69 64  00 01 00 00 00 02 6e 61  |$...._id......na|")
    );
    assert_eq!(text.lines().count(), 3);
}

#[test]
fn bad_bytes_fail_with_the_offset_and_a_sentence() {
    let bad = SMALL_DOC.replacen("03 00 00 00 41", "30 00 00 00 41", 1);
    let out = bson_tutor(&["inspect", "--hex", &bad], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out).trim(),
        "error: byte 19: string length 48 runs past the end of the document (36 bytes) (in field `name`)"
    );
    // A dump still shows the bytes before the error.
    let out = bson_tutor(&["inspect", "--hex", &bad, "--to", "dump"], None);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().count(), 3);
}

#[test]
fn bad_hex_and_missing_files_are_clear_errors() {
    let out = bson_tutor(&["inspect", "--hex", "24 00 zz"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("--hex: column 7: `z` is not a hex digit"),
        "{}",
        stderr(&out)
    );
    let out = bson_tutor(&["inspect", "--file", "/nonexistent/x.bson"], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("/nonexistent/x.bson"),
        "{}",
        stderr(&out)
    );
    let out = bson_tutor(&["inspect", "--file", "-"], Some(&[]));
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("byte 0"), "{}", stderr(&out));
}

#[test]
fn no_arguments_without_a_terminal_says_what_to_do_instead() {
    // With no command, bson-tutor opens the tutorial; a pipe is not a terminal, so it says
    // so and points at the commands that work without one.
    let out = bson_tutor(&[], Some(b""));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("needs a terminal"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("bson-tutor --help"),
        "{}",
        stderr(&out)
    );
    let help = bson_tutor(&["--help"], None);
    assert!(stdout(&help).contains("inspect"), "{}", stdout(&help));
    assert!(
        stdout(&help).contains("interactive tutorial"),
        "{}",
        stdout(&help)
    );
}

fn bson_tutor_hex(h: &str) -> Vec<u8> {
    bson_tutor::bson::hex::decode(h).expect("test hex")
}

#[test]
fn extended_json_text_converts_to_every_view() {
    let doc = r#"{"_id": {"$oid": "6ac71201a9fded4f0c2e7ec8"}, "qty": 42, "views": {"$numberLong": "9007199254740993"}}"#;
    let out = bson_tutor(&["inspect", doc, "--to", "ejson"], None);
    assert_eq!(
        stdout(&out),
        "{\"_id\":{\"$oid\":\"6ac71201a9fded4f0c2e7ec8\"},\"qty\":{\"$numberInt\":\"42\"},\"views\":{\"$numberLong\":\"9007199254740993\"}}\n"
    );
    let out = bson_tutor(&["inspect", doc, "--to", "relaxed"], None);
    assert!(
        stdout(&out).contains("\"views\":9007199254740993"),
        "{}",
        stdout(&out)
    );
    let out = bson_tutor(&["inspect", doc, "--to", "relaxed-js"], None);
    assert!(
        stdout(&out).contains("\"views\":9007199254740992"),
        "{}",
        stdout(&out)
    );
    let out = bson_tutor(&["inspect", doc, "--to", "stringify"], None);
    assert!(
        stdout(&out).contains("\"views\":{\"high\":2097152,\"low\":1,\"unsigned\":false}"),
        "{}",
        stdout(&out)
    );
    let out = bson_tutor(&["inspect", doc], None);
    assert!(
        stdout(&out).contains("type 0x12 = int64"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn extended_json_lines_from_a_file_and_errors_with_a_caret() {
    let out = bson_tutor(
        &["inspect", "--file", "-", "--from", "ejson", "--to", "hex"],
        Some(b"{\"a\":1}\n\n{\"b\":\"x\"}\n"),
    );
    assert_eq!(
        stdout(&out),
        "0c0000001061000100000000\n0e00000002620002000000780000\n"
    );
    let out = bson_tutor(&["inspect", r#"{"n": {"$numberLong": "12x"}}"#], None);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("line 1, column 23: `$numberLong` must be a string of digits"),
        "{err}"
    );
    assert!(err.contains("\n                      ^"), "{err}");
    let out = bson_tutor(
        &["inspect", "--file", "-", "--from", "ejson"],
        Some(b"{\"a\":1}\n{\"a\":\n"),
    );
    assert!(stderr(&out).contains("--file line 2:"), "{}", stderr(&out));
}

/// A document with one value of each common type, as typed in mongosh.
const EJSON_EXAMPLE: &str = r#"{ _id: ObjectId("6ac71201a9fded4f0c2e7ec8"), qty: 42,
  total: NumberDecimal("19.99"), views: NumberLong("9007199254740993"),
  at: new Date("2026-10-08T10:00:00Z"), ref: UUID("340a73e3-5b2b-45a8-892d-712753c15406") }"#;

#[test]
fn one_document_prints_as_mongosh_prints_it_three_ways() {
    let line = |to: &str| stdout(&bson_tutor(&["inspect", EJSON_EXAMPLE, "--to", to], None));
    assert_eq!(
        line("stringify"),
        "{\"_id\":\"6ac71201a9fded4f0c2e7ec8\",\"qty\":42,\"total\":{\"$numberDecimal\":\"19.99\"},\"views\":{\"high\":2097152,\"low\":1,\"unsigned\":false},\"at\":\"2026-10-08T10:00:00.000Z\",\"ref\":\"NApz41srRaiJLXEnU8FUBg==\"}\n"
    );
    assert_eq!(
        line("relaxed-js"),
        "{\"_id\":{\"$oid\":\"6ac71201a9fded4f0c2e7ec8\"},\"qty\":42,\"total\":{\"$numberDecimal\":\"19.99\"},\"views\":9007199254740992,\"at\":{\"$date\":\"2026-10-08T10:00:00Z\"},\"ref\":{\"$binary\":{\"base64\":\"NApz41srRaiJLXEnU8FUBg==\",\"subType\":\"04\"}}}\n"
    );
    assert_eq!(
        line("ejson"),
        "{\"_id\":{\"$oid\":\"6ac71201a9fded4f0c2e7ec8\"},\"qty\":{\"$numberInt\":\"42\"},\"total\":{\"$numberDecimal\":\"19.99\"},\"views\":{\"$numberLong\":\"9007199254740993\"},\"at\":{\"$date\":{\"$numberLong\":\"1791453600000\"}},\"ref\":{\"$binary\":{\"base64\":\"NApz41srRaiJLXEnU8FUBg==\",\"subType\":\"04\"}}}\n"
    );
    assert!(line("relaxed").contains("\"views\":9007199254740993"));
    assert_eq!(
        line("shell"),
        "{ _id: ObjectId('6ac71201a9fded4f0c2e7ec8'), qty: 42, total: Decimal128('19.99'), views: Long('9007199254740993'), at: ISODate('2026-10-08T10:00:00.000Z'), ref: UUID('340a73e3-5b2b-45a8-892d-712753c15406') }\n"
    );
}

#[test]
fn javascript_numbers_lose_precision_and_mongosh_warns() {
    let out = bson_tutor(
        &[
            "inspect",
            "{ jsLiteral: 9007199254740993, long: NumberLong(9007199254740993) }",
            "--to",
            "shell",
        ],
        None,
    );
    assert_eq!(
        stdout(&out),
        "{ jsLiteral: 9007199254740992, long: Long('9007199254740992') }\n"
    );
    assert!(stderr(&out).contains("warning: DOCUMENT: line 1, column 49: NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead"), "{}", stderr(&out));
    let out = bson_tutor(&["inspect", "{ v: 42.0, d: Double(42) }"], None);
    let text = stdout(&out);
    assert!(
        text.contains("type 0x10 = int32") && text.contains("type 0x01 = double"),
        "{text}"
    );
}

#[test]
fn shell_syntax_errors_point_at_the_spot() {
    for (input, message, caret_column) in [
        (
            "{ a: NumberFoo(1) }",
            "line 1, column 6: unknown constructor `NumberFoo`",
            6,
        ),
        (
            "{ a: ObjectId(\"6ac71201a9fded4f0c2e7ec\") }",
            "line 1, column 15: ObjectId needs 24 hex digits",
            15,
        ),
        (
            "{ a: ObjectId(\"6ac71201a9fded4f0c2e7ecz\") }",
            "`z`, which is not a hex digit",
            39,
        ),
        (
            "{ a: ISODate(\"2026-13-45\") }",
            "line 1, column 20: month 13 is out of range 1-12",
            20,
        ),
        (
            "{ a: 'abc }",
            "line 1, column 6: a string is missing its closing quote",
            6,
        ),
    ] {
        let out = bson_tutor(&["inspect", input], None);
        assert_eq!(out.status.code(), Some(1), "{input}");
        let err = stderr(&out);
        assert!(err.contains(message), "{input}: {err}");
        let caret = err.lines().last().expect("caret line");
        assert_eq!(
            caret,
            format!("{}^", " ".repeat(caret_column - 1)),
            "{input}: {err}"
        );
    }
}

#[test]
fn the_shell_view_notes_what_mongosh_hides_and_the_table_shows_what_is_stored() {
    let input = "{ s: BSONSymbol('abc'), r: BSONRegExp('a', 'sx') }";
    let out = bson_tutor(&["inspect", input, "--to", "shell"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "{ s: 'abc', r: /a/g }\n\
         // note: `s` is a BSON symbol; mongosh shows it as a string, and a string is what reading it back stores\n\
         // note: `r` has regex options 'sx'; mongosh shows them as JavaScript flags (s as g; x, l and u dropped), and reading them back stores 's'\n"
    );
    let table = stdout(&bson_tutor(&["inspect", input], None));
    assert!(table.contains("type 0x0e = symbol"), "{table}");
    assert!(table.contains("options \"sx\" + NUL"), "{table}");
    let vi = stdout(&bson_tutor(
        &["inspect", input, "--to", "shell", "--lang", "vi"],
        None,
    ));
    assert!(vi.contains("// lưu ý: `s` là một BSON symbol"), "{vi}");
}

#[test]
fn the_shell_view_reads_back_through_the_shell_parser() {
    // The printed text, notes and all (they are comments), is mongosh syntax again.
    let input =
        "{ v: Binary.fromInt8Array(new Int8Array([1, -2])), d: DBRef('c', 1, 'db', { x: 2 }) }";
    let printed = stdout(&bson_tutor(&["inspect", input, "--to", "shell"], None));
    assert_eq!(
        printed,
        "{ v: Binary.fromInt8Array(new Int8Array([ 1, -2 ])), d: DBRef('c', 1, 'db', { x: 2 }) }\n"
    );
    let again = stdout(&bson_tutor(
        &["inspect", printed.trim_end(), "--to", "hex"],
        None,
    ));
    let first = stdout(&bson_tutor(&["inspect", input, "--to", "hex"], None));
    assert_eq!(again, first);
}
