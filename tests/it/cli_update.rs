//! `bson-tutor update`, driven as a learner would: the manual's examples typed on the command
//! line, every `--to` view, a file of documents, upserts, and the server's errors as the CLI
//! reports them.

use std::process::Output;

use crate::common::{TempDir, bson_tutor};

fn run(args: &[&str]) -> Output {
    bson_tutor().args(args).output().expect("binary runs")
}

/// Standard output and standard error of a run that must succeed.
fn ok(args: &[&str]) -> (String, String) {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Standard error of a run that must fail with exit code 1, nothing on standard output.
fn err(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const STUDENTS: &str = "[{ _id: 1, grades: [ 95, 92, 90 ] }, { _id: 2, grades: [ 98, 100, 102 ] }, { _id: 3, grades: [ 95, 110, 100 ] }]";

#[test]
fn array_filters_from_the_manual() {
    // reference/operator/update/positional-filtered, "Update All Array Elements That Match
    // arrayFilters".
    let (stdout, stderr) = ok(&[
        "update",
        "--docs",
        STUDENTS,
        "{}",
        r#"{ $set: { "grades.$[element]": 100 } }"#,
        "--multi",
        "--array-filters",
        "[{ element: { $gte: 100 } }]",
    ]);
    assert_eq!(
        stdout,
        "{ _id: 1, grades: [ 95, 92, 90 ] }\n{ _id: 2, grades: [ 98, 100, 100 ] }\n{ _id: 3, grades: [ 95, 100, 100 ] }\n"
    );
    assert_eq!(
        stderr,
        "{ acknowledged: true, insertedId: null, matchedCount: 3, modifiedCount: 2, upsertedCount: 0 }\n"
    );
}

#[test]
fn without_multi_only_the_first_match() {
    let (stdout, stderr) = ok(&[
        "update",
        "--docs",
        STUDENTS,
        "{}",
        r#"{ $inc: { "grades.$[]": 10 } }"#,
    ]);
    assert_eq!(
        stdout,
        "{ _id: 1, grades: [ 105, 102, 100 ] }\n{ _id: 2, grades: [ 98, 100, 102 ] }\n{ _id: 3, grades: [ 95, 110, 100 ] }\n"
    );
    assert!(
        stderr.contains("matchedCount: 1, modifiedCount: 1"),
        "{stderr}"
    );
}

#[test]
fn pull_and_positional_from_a_file() {
    let dir = TempDir::new("cli-update", "file");
    let file = dir.join("profiles.json");
    std::fs::write(
        &file,
        "{ \"_id\": 1, \"votes\": [3, 5, 6, 7, 7, 8] }\n{ \"_id\": 2, \"votes\": [9] }\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    // reference/operator/update/pull: "Remove All Items That Match a Specified $pull Condition".
    let (stdout, _) = ok(&[
        "update",
        "--docs",
        file,
        "{ _id: 1 }",
        "{ $pull: { votes: { $gte: 6 } } }",
    ]);
    assert_eq!(
        stdout,
        "{ _id: 1, votes: [ 3, 5 ] }\n{ _id: 2, votes: [ 9 ] }\n"
    );
    // The positional `$`: the element the filter matched.
    let (stdout, _) = ok(&[
        "update",
        "--docs",
        file,
        "{ votes: 7 }",
        r#"{ $set: { "votes.$": 70 } }"#,
    ]);
    assert_eq!(
        stdout,
        "{ _id: 1, votes: [ 3, 5, 6, 70, 7, 8 ] }\n{ _id: 2, votes: [ 9 ] }\n"
    );
}

#[test]
fn every_view() {
    let args = |to: &'static str| {
        [
            "update",
            "--docs",
            "[{ _id: 1, n: NumberLong(1) }]",
            "{}",
            "{ $inc: { n: 1 } }",
            "--to",
            to,
        ]
    };
    assert_eq!(ok(&args("shell")).0, "{ _id: 1, n: Long('2') }\n");
    assert_eq!(
        ok(&args("ejson")).0,
        "{\"_id\":{\"$numberInt\":\"1\"},\"n\":{\"$numberLong\":\"2\"}}\n"
    );
    assert_eq!(ok(&args("relaxed")).0, "{\"_id\":1,\"n\":2}\n");
}

#[test]
fn upsert_inserts_from_the_filter_and_the_update() {
    let (stdout, stderr) = ok(&[
        "update",
        "--docs",
        "[{ _id: 1 }]",
        "{ _id: 2, tags: ['a', 'b'] }",
        "{ $pull: { tags: 'a' }, $set: { n: 1 } }",
        "--upsert",
    ]);
    assert_eq!(stdout, "{ _id: 1 }\n{ _id: 2, tags: [ 'b' ], n: 1 }\n");
    assert_eq!(
        stderr,
        "{ acknowledged: true, insertedId: 2, matchedCount: 0, modifiedCount: 0, upsertedCount: 1 }\n"
    );
}

#[test]
fn the_servers_errors() {
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1, a: [1, 2] }]",
        "{}",
        r#"{ $set: { "a.$": 0 } }"#,
    ]);
    assert!(
        e.contains("The positional operator did not find the match needed from the query."),
        "{e}"
    );
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1, a: [1, 2] }]",
        "{}",
        r#"{ $set: { "a.$[i]": 0 } }"#,
    ]);
    assert!(
        e.contains("No array filter found for identifier 'i' in path 'a.$[i]'"),
        "{e}"
    );
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1 }]",
        "{}",
        "{ $set: { a: 1 }, $unset: { a: 1 } }",
    ]);
    assert!(
        e.contains("Updating the path 'a' would create a conflict at 'a'"),
        "{e}"
    );
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1, a: 5 }]",
        "{}",
        "{ $pop: { a: 2 } }",
    ]);
    assert!(e.contains("$pop expects 1 or -1, found: 2"), "{e}");
}

#[test]
fn bad_arguments_are_typed_errors() {
    // Neither a document nor a pipeline: the server's refusal of the update argument.
    let e = err(&["update", "--docs", "[{ _id: 1 }]", "{}", "5"]);
    assert!(
        e.contains("Update argument must be either an object or an array"),
        "{e}"
    );
    let e = err(&["update", "--docs", "[{ _id: 1 }]", "{}", "[{"]);
    assert!(e.contains("UPDATE"), "{e}");
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1 }]",
        "{}",
        "{ $set: { a: 1 } }",
        "--array-filters",
        "5",
    ]);
    assert!(e.contains("--array-filters"), "{e}");
    // An argument that is not a document at all.
    let e = err(&["update", "--docs", "[{ _id: 1 }]", "{", "{}"]);
    assert!(e.contains("FILTER"), "{e}");
}

#[test]
fn help_in_every_language() {
    for (lang, words) in [
        ("C.UTF-8", "Update every matching document (updateMany)"),
        ("vi_VN.UTF-8", "Cập nhật mọi tài liệu khớp (updateMany)"),
        ("zh_CN.UTF-8", "更新每个匹配的文档（updateMany）"),
    ] {
        let o = bson_tutor()
            .env("LANG", lang)
            .args(["update", "--help"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success() && text.contains(words), "{lang}: {text}");
    }
}

#[test]
fn a_pipeline_update_from_the_manual() {
    // Manual, "Updates with Aggregation Pipeline", Example 5: Celsius to Fahrenheit with
    // $addFields and $map, for every document.
    let (stdout, stderr) = ok(&[
        "update",
        "--docs",
        r#"[{ _id: 1, tempsC: [ 4, 12, 17 ] }, { _id: 2, tempsC: [ 14, 24, 11 ] }]"#,
        "{}",
        r#"[{ $addFields: { tempsF: { $map: { input: "$tempsC", as: "celsius", in: { $add: [ { $multiply: ["$$celsius", 1.8] }, 32 ] } } } } }]"#,
        "--multi",
    ]);
    assert_eq!(
        stdout,
        "{ _id: 1, tempsC: [ 4, 12, 17 ], tempsF: [ 39.2, 53.6, 62.6 ] }\n{ _id: 2, tempsC: [ 14, 24, 11 ], tempsF: [ 57.2, 75.2, 51.8 ] }\n"
    );
    assert_eq!(
        stderr,
        "{ acknowledged: true, insertedId: null, matchedCount: 2, modifiedCount: 2, upsertedCount: 0 }\n"
    );
    // The one-liner of the task: `db.c.updateOne({ _id: 1 }, [{ $set: { b: { $add: ["$a", 1] } } }])`,
    // printed as Extended JSON.
    let (stdout, _) = ok(&[
        "update",
        "--docs",
        "[{ _id: 1, a: 1 }]",
        "{ _id: 1 }",
        r#"[{ $set: { b: { $add: ["$a", 1] } } }]"#,
        "--to",
        "ejson",
    ]);
    assert!(stdout.contains(r#""b":{"$numberInt":"2"}"#), "{stdout}");
}

#[test]
fn a_pipeline_upsert_and_the_servers_refusals() {
    // jstests/core/write/update/update_with_pipeline.js: upsert, then stages and options an
    // update pipeline refuses.
    let (stdout, stderr) = ok(&[
        "update",
        "--docs",
        "[]",
        "{ _id: 1, x: 1 }",
        "[{ $set: { foo: 4 } }]",
        "--upsert",
    ]);
    assert_eq!(stdout, "{ _id: 1, x: 1, foo: 4 }\n");
    assert!(stderr.contains("insertedId: 1"), "{stderr}");
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1, x: 1 }]",
        "{ x: 1 }",
        "[{ $match: { x: 1 } }]",
    ]);
    assert!(
        e.contains("$match is not allowed to be used within an update"),
        "{e}"
    );
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1, x: 1 }]",
        "{ _id: 1 }",
        "[{ $set: { x: 1 } }]",
        "--array-filters",
        "[{ x: { $eq: 1 } }]",
    ]);
    assert!(
        e.contains("arrayFilters may not be specified for pipeline-style updates"),
        "{e}"
    );
    let e = err(&[
        "update",
        "--docs",
        "[{ _id: 1 }]",
        "{}",
        "[{ $set: { _id: 2 } }]",
    ]);
    assert!(
        e.contains("After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2"),
        "{e}"
    );
}

#[test]
fn help_names_the_pipeline_form() {
    let o = run(&["update", "--help"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("or a pipeline of $set/$project/$unset/$replaceWith stages"),
        "{text}"
    );
}

#[test]
fn a_dump_is_updated_as_it_streams_as_its_documents_as_text_are() {
    let (_dir, [bson, gz, _, json]) = crate::cli_query::dumps("update", 40);
    let cases: [&[&str]; 3] = [
        &["{ active: true }", "{ $inc: { n: 1000 } }", "--multi"],
        &[
            "{ n: 3 }",
            "[{ $set: { twice: { $multiply: ['$n', 2] } } }]",
        ],
        &[
            "{ n: 4, name: 'new' }",
            "{ $set: { made: true } }",
            "--upsert",
            "--ids",
        ],
    ];
    for args in cases {
        let update = |docs: &str| {
            let mut all = vec!["update", "--docs", docs, "--to", "ejson"];
            all.extend_from_slice(args);
            ok(&all)
        };
        let (expected, result) = update(&json);
        for dump in [&bson, &gz] {
            let (got, got_result) = update(dump);
            if args.contains(&"--upsert") {
                // The upserted `_id` is a fresh ObjectId each run: all but the last match.
                let cut = |s: &str| s.rsplit_once("ObjectId").map(|(a, _)| a.to_owned());
                assert_eq!(cut(&got), cut(&expected), "{dump} {args:?}");
                assert!(got_result.contains("upsertedCount: 1"), "{got_result}");
            } else {
                assert_eq!(got, expected, "{dump} {args:?}");
                assert_eq!(got_result, result, "{dump} {args:?}");
            }
        }
    }
}
