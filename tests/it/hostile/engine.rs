//! Hostile inputs: the engine (issue 14, findings 5, 6, 7 and 11's dates), through the real
//! binary under a 1 GiB address-space limit. Each ends cleanly: the answer, or one line with
//! the server's words (or the tutor's own, said as such).

use std::time::Duration;

use super::{Limits, Outcome, assert_clean, assert_refused, run, window};
use crate::common::TempDir;

/// The default limits with a timeout that says "finishes" without measuring speed.
fn limits() -> Limits {
    Limits {
        timeout: Duration::from_secs(30),
        ..Limits::default()
    }
}

/// `[{ _id: 1, a: [{ "0": [{ "0": ... leaf ... }] }] }]` as JSON, `levels` arrays deep.
fn zeros(levels: usize, leaf: &str) -> String {
    let mut v = leaf.to_owned();
    for _ in 0..levels {
        v = format!(r#"[{{ "0": {v} }}]"#);
    }
    format!(r#"[{{ "_id": 1, "a": {v} }}]"#)
}

#[test]
fn finding_5_numeric_paths_through_40_nested_arrays_are_answered() {
    // `a.0.0...` with 40, 60 and 80 numeric components over 40 levels: each "0" is a field
    // name and a position at once, 2^40 routes for the old reader.
    for components in [40, 60, 80] {
        let filter = format!(r#"{{ "a{}": 1 }}"#, ".0".repeat(components));
        for (leaf, want) in [("1", "[ 1 ]"), ("2", "[]")] {
            let out = run(
                &["find", &filter, "--docs", &zeros(40, leaf), "--ids"],
                b"",
                limits(),
            );
            let what = format!("find over 40 levels, {components} components, leaf {leaf}");
            assert_clean(&what, &out);
            assert_eq!(out.code, Some(0), "{what}: {}", out.stderr);
            assert_eq!(out.stdout().trim(), want, "{what}");
        }
    }
}

#[test]
fn finding_6_a_long_counted_repeat_ends_at_once() {
    // `/a{30000}b/` over 100,000 a's: every match needs a `b`, and the text has none, so the
    // answer comes at once (as PCRE2's required-character check gives it). With a `b` in
    // the text the match runs its course; the engine then stops at the caller's deadline
    // (tests/it/aggregate.rs and tests/it/collection.rs trip it in-process; the CLI's
    // deadline for find/aggregate is another part of issue 14).
    let docs = format!(r#"[{{ "_id": 1, "t": "{}" }}]"#, "a".repeat(100_000));
    let out = run(
        &["find", "{ t: /a{30000}b/ }", "--docs", &docs, "--ids"],
        b"",
        limits(),
    );
    assert_clean("find /a{30000}b/", &out);
    assert_eq!(out.stdout().trim(), "[]");
    assert!(out.elapsed < Duration::from_secs(10), "{:?}", out.elapsed);
}

#[test]
fn finding_7_three_unwinds_of_a_thousand_end_in_one_clean_line() {
    let items = (0..1000)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let docs = format!(r#"[{{ "_id": 1, "a": [{items}], "b": [{items}], "c": [{items}] }}]"#);
    let out = run(
        &[
            "aggregate",
            r#"[{ "$unwind": "$a" }, { "$unwind": "$b" }, { "$unwind": "$c" }]"#,
            "--docs",
            &docs,
        ],
        b"",
        limits(),
    );
    assert_refused(
        "three $unwinds of 1,000 elements",
        &out,
        "bson-tutor holds a whole step's output in memory",
    );
    assert!(out.stderr.contains("pipeline.1.$unwind"), "{}", out.stderr);
}

#[test]
fn finding_7_a_push_past_16_mib_is_the_servers_bson_object_too_large() {
    let dir = TempDir::new("hostile-engine", "push");
    let path = dir.join("docs.json");
    let big = "x".repeat(1 << 20);
    let lines: Vec<String> = (0..20)
        .map(|i| format!(r#"{{ "_id": {i}, "s": "{i:02}{big}" }}"#))
        .collect();
    std::fs::write(&path, lines.join("\n")).expect("the scratch file is written");
    let path = path.to_string_lossy().into_owned();
    let out = run(
        &[
            "aggregate",
            r#"[{ "$group": { "_id": null, "all": { "$push": "$s" } } }]"#,
            "--docs",
            &path,
        ],
        b"",
        limits(),
    );
    assert_refused(
        "$push of 20 MiB",
        &out,
        "is invalid. Size must be between 0 and 16793600(16MB) First element: _id: null",
    );
    assert!(out.stderr.contains("BSONObj size: "), "{}", out.stderr);
}

/// A reader's refusal: exit 1, the message on the first line of stderr. (The readers quote
/// the input line and a caret under the error after it; making that one line, with a window
/// of the input, is the output work of issue 14, and `assert_refused` will then hold.)
fn refused_by_reader(what: &str, out: &Outcome, needle: &str) {
    assert!(!out.timed_out, "{what}: timed out");
    assert_eq!(out.code, Some(1), "{what}: {}", window(&out.stderr));
    let first = out.stderr.lines().next().unwrap_or_default();
    assert!(first.contains(needle), "{what}: {}", window(&out.stderr));
}

#[test]
fn finding_3_nesting_past_the_limit_is_refused_by_both_readers() {
    // 100 levels below the top-level document are read; 101 are refused, in shell syntax
    // and in Extended JSON alike.
    let shell = |containers: usize| {
        let mut s = "1".to_owned();
        for _ in 1..containers {
            s = format!("{{ a: {s} }}");
        }
        format!("{{ a: {s} }}")
    };
    let json = |containers: usize| {
        let mut s = "1".to_owned();
        for _ in 1..containers {
            s = format!(r#"{{"a": {s}}}"#);
        }
        format!(r#"{{"a": {s}}}"#)
    };
    for containers in [100, 101, 102] {
        for (syntax, text) in [("shell", shell(containers)), ("json", json(containers))] {
            let what = format!("inspect, {syntax}, {containers} levels");
            let out = run(&["inspect", &text], b"", limits());
            if containers <= 101 {
                assert_clean(&what, &out);
                assert_eq!(out.code, Some(0), "{what}: {}", out.stderr);
            } else {
                refused_by_reader(&what, &out, "100 levels");
            }
            let expr = format!(r#"{{ "$literal": {text} }}"#);
            let out = run(&["eval", &expr], b"", limits());
            let what = format!("eval, {syntax}, {containers} levels inside $literal");
            // One level more: the expression document around the literal.
            if containers <= 100 {
                assert_eq!(out.code, Some(0), "{what}: {}", out.stderr);
            } else {
                refused_by_reader(&what, &out, "100 levels");
            }
        }
    }
}

#[test]
fn finding_11_date_arithmetic_past_64_bits_is_refused_not_wrapped() {
    let max = r#"{ "$date": { "$numberLong": "9223372036854775807" } }"#;
    let minus_one = r#"{ "$date": { "$numberLong": "-1" } }"#;
    let out = run(
        &[
            "eval",
            &format!(r#"{{ "$subtract": [{max}, {minus_one}] }}"#),
        ],
        b"",
        limits(),
    );
    assert_refused(
        "Date - Date past 64 bits",
        &out,
        "does not fit in 64 bits of milliseconds",
    );
    let out = run(
        &["eval", &format!(r#"{{ "$add": [{max}, 1] }}"#)],
        b"",
        limits(),
    );
    assert_refused("Date + 1 past 64 bits", &out, "date overflow");
    let out = run(
        &[
            "aggregate",
            &format!(
                r#"[{{ "$documents": [{{ "d": {max} }}] }}, {{ "$project": {{ "_id": 0, "x": {{ "$subtract": ["$d", {minus_one}] }} }} }}]"#
            ),
        ],
        b"",
        limits(),
    );
    assert_refused(
        "Date - Date in a pipeline",
        &out,
        "does not fit in 64 bits of milliseconds",
    );
    // In the range, the difference is the milliseconds between them.
    let out = run(
        &["eval", &format!(r#"{{ "$subtract": [{max}, {max}] }}"#)],
        b"",
        limits(),
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.stdout().contains('0'), "{}", out.stdout());
}
