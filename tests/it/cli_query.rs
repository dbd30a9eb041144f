//! `bson-tutor find` and `aggregate`, driven as a learner would, on the lessons' experiments
//! (type bracketing, the mixed-type sort, what field names cost).

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
        .args(args)
        .output()
        .expect("binary runs")
}

fn out(args: &[&str]) -> String {
    let o = run(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const ORDERS: &str = r#"[{ _id: 1, userId: 42 }, { _id: 2, userId: "42" }, { _id: 3, userId: NumberLong("42") },
  { _id: 4, userId: 42.0 }, { _id: 5, userId: NumberDecimal("42.00") }]"#;

#[test]
fn the_user_id_bracketing_table() {
    let ids = |filter: &str| out(&["find", "--docs", ORDERS, filter, "--ids"]);
    assert_eq!(ids("{ userId: 42 }"), "[ 1, 3, 4, 5 ]\n");
    assert_eq!(ids("{ userId: \"42\" }"), "[ 2 ]\n");
    assert_eq!(ids("{ userId: { $gt: 0 } }"), "[ 1, 3, 4, 5 ]\n");
    assert_eq!(ids("{ userId: { $gt: \"\" } }"), "[ 2 ]\n");
    let o = run(&[
        "find",
        "--docs",
        ORDERS,
        "{ userId: { $gt: 0 } }",
        "--ids",
        "--explain",
    ]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("_id 2: userId: '42' is a string"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let types = out(&[
        "aggregate",
        "--docs",
        ORDERS,
        r#"[{ $group: { _id: { $type: "$userId" }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }]"#,
        "--to",
        "relaxed",
    ]);
    assert_eq!(
        types,
        "{\"_id\":\"decimal\",\"n\":1}\n{\"_id\":\"int\",\"n\":2}\n{\"_id\":\"long\",\"n\":1}\n{\"_id\":\"string\",\"n\":1}\n"
    );
}

#[test]
fn the_events_table() {
    let events = r#"[
      { _id: "a", at: "2026-9-30",  atDate: new Date("2026-09-30T00:00:00Z") },
      { _id: "b", at: "2026-10-01", atDate: new Date("2026-10-01T00:00:00Z") },
      { _id: "c", at: "2026-10-15", atDate: new Date("2026-10-15T00:00:00Z") } ]"#;
    let ids = |filter: &str, extra: &[&str]| {
        let mut args = vec!["find", "--docs", events, filter, "--ids"];
        args.extend_from_slice(extra);
        out(&args)
    };
    assert_eq!(
        ids(r#"{ at: { $gte: "2026-10-01" } }"#, &[]),
        "[ 'a', 'b', 'c' ]\n"
    );
    assert_eq!(
        ids(
            r#"{ atDate: { $gte: new Date("2026-10-01T00:00:00Z") } }"#,
            &[]
        ),
        "[ 'b', 'c' ]\n"
    );
    assert_eq!(ids(r#"{ atDate: { $gte: "2026-10-01" } }"#, &[]), "[]\n");
    let sorted = out(&[
        "find",
        "--docs",
        events,
        "--sort",
        "{ at: -1 }",
        "--project",
        "{ _id: 0, at: 1 }",
    ]);
    assert_eq!(
        sorted,
        "{ at: '2026-9-30' }\n{ at: '2026-10-15' }\n{ at: '2026-10-01' }\n"
    );
}

#[test]
fn the_mixed_type_sort_line() {
    let mixed = r#"[
      { _id: "date", v: new Date("2020-01-01T00:00:00Z") }, { _id: "bool", v: true },
      { _id: "oid", v: ObjectId("000000000000000000000000") },
      { _id: "str10", v: "10" }, { _id: "str9", v: "9" }, { _id: "int10", v: 10 },
      { _id: "dbl9.5", v: 9.5 }, { _id: "dec2", v: NumberDecimal("2") },
      { _id: "long100", v: NumberLong("100") }, { _id: "null", v: null }, { _id: "missing" },
      { _id: "object", v: { a: 1 } }, { _id: "array", v: [5, "x"] },
      { _id: "emptyArr", v: [] }, { _id: "binData", v: UUID() } ]"#;
    assert_eq!(
        out(&[
            "find",
            "--docs",
            mixed,
            "--sort",
            "{ v: 1, _id: 1 }",
            "--ids"
        ]),
        "[ 'emptyArr', 'missing', 'null', 'dec2', 'array', 'dbl9.5', 'int10', 'long100', 'str10', 'str9', 'object', 'binData', 'oid', 'bool', 'date' ]\n"
    );
}

#[test]
fn aggregate_shows_what_field_names_cost() {
    let sizes = out(&[
        "aggregate",
        r#"[{ $documents: [{}] }, { $project: { _id: 0,
            longNames: { $bsonSize: { $literal: { customerEmailAddress: "an@x.vn", customerPhoneNumber: "0901234567", customerCreatedAt: new Date(0) } } },
            shortNames: { $bsonSize: { $literal: { email: "an@x.vn", phone: "0901234567", createdAt: new Date(0) } } } } }]"#,
    ]);
    assert_eq!(sizes, "{ longNames: 102, shortNames: 65 }\n");
}

#[test]
fn bad_queries_are_clear_errors() {
    for (filter, extra, message) in [
        (
            "{ a: { $foo: 1 } }",
            None,
            "filter.a.$foo: unknown operator: $foo",
        ),
        ("{ $and: 5 }", None, "filter.$and: $and must be an array"),
        (
            "{ a: { $in: 5 } }",
            None,
            "filter.a.$in: $in needs an array",
        ),
        (
            "{}",
            Some("{ a: 2 }"),
            "sort.a: $sort key ordering must be 1 (for ascending) or -1 (for descending)",
        ),
        (
            "{ $gt: }",
            None,
            "FILTER: line 1, column 8: expected a value",
        ),
    ] {
        let mut args = vec!["find", "--docs", ORDERS, filter];
        if let Some(sort) = extra {
            args.extend(["--sort", sort]);
        }
        let o = run(&args);
        assert_eq!(o.status.code(), Some(1), "{filter}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(message), "{filter}: {err}");
    }
    let o = run(&["find", "--docs", "[{ _id: 1 }, { _id: 1.0 }]"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("E11000 duplicate key error"));
}

/// One run is one shell: `ObjectId()`s typed in the documents and the `_id`s the collection
/// assigns share one 5-byte random value and one counter (the arguments are read before the
/// inserts, so the typed ones come first), and another run draws another random value.
#[test]
fn typed_and_assigned_object_ids_come_from_one_process_per_run() {
    let docs = "[{ a: ObjectId() }, { b: 1 }, { c: ObjectId() }]";
    let ids = |text: &str| -> Vec<String> {
        text.split("ObjectId('")
            .skip(1)
            .map(|rest| rest[..24].to_string())
            .collect()
    };
    let first = ids(&out(&["find", "--docs", docs]));
    assert_eq!(first.len(), 5, "{first:?}");
    let random = &first[0][8..18];
    assert!(first.iter().all(|id| &id[8..18] == random), "{first:?}");
    // In print order: _id 1, a, _id 2, _id 3, c. Counters: a, c, then the three _ids.
    let counter = |id: &String| u32::from_str_radix(&id[18..], 16).unwrap();
    let a = counter(&first[1]);
    let want = [a + 2, a, a + 3, a + 4, a + 1].map(|n| n & 0xff_ffff);
    assert_eq!(
        first.iter().map(counter).collect::<Vec<_>>(),
        want,
        "{first:?}"
    );
    let second = ids(&out(&["find", "--docs", docs]));
    assert_ne!(&second[0][8..18], random, "two runs, one random value");
}

#[test]
fn aggregate_joins_named_collections_and_shows_the_key_type_mismatch() {
    // `userId: 42` never joins `_id: "42"`; the string does.
    let users = r#"[{ _id: "42", name: "An" }]"#;
    let dir = std::env::temp_dir().join(format!("bson-tutor-from-coll-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("users.json");
    std::fs::write(&file, users).unwrap();
    let pipeline = "[{ $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'user' } }, \
                    { $project: { _id: 1, n: { $size: '$user' } } }]";
    for source in [users, file.to_str().unwrap()] {
        let from = format!("users={source}");
        assert_eq!(
            out(&[
                "aggregate",
                "--docs",
                ORDERS,
                "--from-coll",
                &from,
                pipeline
            ]),
            "{ _id: 1, n: 0 }\n{ _id: 2, n: 1 }\n{ _id: 3, n: 0 }\n{ _id: 4, n: 0 }\n{ _id: 5, n: 0 }\n"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
    // A value without `=` is refused, in the learner's language.
    let o = run(&["--lang", "vi", "aggregate", "--from-coll", "users", "[]"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("cần NAME=FILE|LITERAL"), "{err}");
    // The help names the option, translated.
    let help = out(&["--lang", "zh", "aggregate", "--help"]);
    assert!(help.contains("--from-coll <NAME=FILE|LITERAL>"), "{help}");
    assert!(help.contains("供 `$lookup` 读取的另一个集合"), "{help}");
}

/// The documents of `dump::generate` (seed 17), written as a `.bson` dump, the same
/// gzip'd, a one-collection archive, and one Extended JSON document per line, in a directory
/// of the test's own: `(dir, [bson, gz, archive, json])`.
pub(crate) fn dumps(name: &str, n: u64) -> (crate::common::TempDir, [String; 4]) {
    use bson_tutor::bson::ejson::{self, Mode};
    use bson_tutor::dump::generate;
    let dir = crate::common::TempDir::new("cli-dump", name);
    let docs: Vec<_> = generate::mixed_documents(17, n).collect();
    let path = |file: &str| dir.join(file).to_str().unwrap().to_owned();
    let mut bson = Vec::new();
    generate::write_bson(docs.clone(), &mut bson).unwrap();
    std::fs::write(path("t.bson"), &bson).unwrap();
    let mut gz = Vec::new();
    generate::gzip(&bson[..], &mut gz).unwrap();
    // No `.bson` in the name: gzip is known by its magic bytes.
    std::fs::write(path("t.dump"), &gz).unwrap();
    let mut archive = Vec::new();
    generate::write_archive(&[("shop", "t", docs.clone())], &mut archive).unwrap();
    std::fs::write(path("t.archive"), &archive).unwrap();
    let text: String = docs
        .iter()
        .map(|d| ejson::to_string(d, Mode::Canonical) + "\n")
        .collect();
    std::fs::write(path("t.json"), text).unwrap();
    let files = [
        path("t.bson"),
        path("t.dump"),
        path("t.archive"),
        path("t.json"),
    ];
    (dir, files)
}

#[test]
fn a_dump_streams_to_the_same_results_as_its_documents_as_text() {
    let (_dir, [bson, gz, archive, json]) = dumps("same", 300);
    let finds: [&[&str]; 4] = [
        &["{ active: true }", "--project", "{ name: 1, score: 1 }"],
        &[
            "{ score: { $gt: 0 } }",
            "--sort",
            "{ score: -1 }",
            "--skip",
            "2",
            "--limit",
            "5",
        ],
        &["{}", "--sort", "{ name: 1, _id: 1 }", "--ids"],
        &["{ n: { $gte: 10 } }", "--limit", "4"],
    ];
    for args in finds {
        let find = |docs: &str| {
            let mut all = vec!["find", "--docs", docs, "--to", "ejson"];
            all.extend_from_slice(args);
            out(&all)
        };
        let expected = find(&json);
        assert!(!expected.is_empty(), "{args:?}");
        for dump in [&bson, &gz, &archive] {
            assert_eq!(find(dump), expected, "{dump} {args:?}");
        }
    }
    let pipelines = [
        "[{ $group: { _id: '$active', n: { $sum: 1 }, top: { $max: '$score' } } }, { $sort: { _id: 1 } }]",
        "[{ $match: { active: true } }, { $project: { name: 1 } }, { $limit: 5 }]",
        "[{ $sort: { score: -1 } }, { $limit: 3 }, { $project: { score: 1 } }]",
        "[{ $count: 'all' }]",
    ];
    for pipeline in pipelines {
        let aggregate = |docs: &str| out(&["aggregate", "--docs", docs, "--to", "ejson", pipeline]);
        let expected = aggregate(&json);
        for dump in [&bson, &gz, &archive] {
            assert_eq!(aggregate(dump), expected, "{dump} {pipeline}");
        }
    }
}

#[test]
fn a_dump_streams_from_standard_input() {
    use std::io::Write;
    let (_dir, [bson, _, _, json]) = dumps("stdin", 50);
    let mut child = crate::common::bson_tutor()
        .args(["find", "--docs", "-", "{ active: false }", "--ids"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let bytes = std::fs::read(&bson).unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        out(&["find", "--docs", &json, "{ active: false }", "--ids"])
    );
}

#[test]
fn a_damaged_dump_reports_the_document_and_its_offset_after_the_good_ones() {
    use bson_tutor::bson::encode_document;
    use bson_tutor::dump::generate;
    let dir = crate::common::TempDir::new("cli-dump", "damaged");
    let docs: Vec<_> = generate::mixed_documents(3, 5).collect();
    let mut bytes = Vec::new();
    let offsets = generate::write_bson(docs.clone(), &mut bytes).unwrap();
    // The fourth document's first element gets type byte 0x7f: no BSON type.
    let fourth = usize::try_from(offsets[3]).unwrap();
    bytes[fourth + 4] = 0x7f;
    let path = dir.join("broken.bson");
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    let o = run(&["find", "--docs", path, "{}", "--project", "{ n: 1 }"]);
    assert_eq!(o.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&o.stdout);
    let ids: Vec<String> = docs[..3]
        .iter()
        .map(|d| bson_tutor::bson::shell::print_value(d.get("_id").unwrap()))
        .collect();
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    for (line, id) in stdout.lines().zip(&ids) {
        assert!(line.contains(id.as_str()), "{line} {id}");
    }
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains(&format!("{path}: document 4: document at byte {fourth}:")),
        "{stderr}"
    );

    // Cut inside the last document: the reader's words, with its number and offset.
    let mut bytes = Vec::new();
    generate::write_bson(docs.clone(), &mut bytes).unwrap();
    let cut = &bytes[..bytes.len() - 3];
    let fifth = offsets[4];
    let path = dir.join("cut.bson");
    std::fs::write(&path, cut).unwrap();
    let o = run(&[
        "aggregate",
        "--docs",
        path.to_str().unwrap(),
        "[{ $project: { n: 1 } }]",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 4);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("document 5: byte "), "{stderr}");
    assert!(
        stderr.contains(&format!("byte {fifth}: the input ends inside a document")),
        "{stderr}"
    );
    // `encode_document` is what the generator wrote with.
    assert_eq!(encode_document(&docs[0]).unwrap().len() as u64, offsets[1]);
}

#[test]
fn an_archive_of_several_collections_needs_ns() {
    use bson_tutor::dump::generate;
    let dir = crate::common::TempDir::new("cli-dump", "ns");
    let a: Vec<_> = generate::mixed_documents(1, 10).collect();
    let b: Vec<_> = generate::mixed_documents(2, 3).collect();
    let mut archive = Vec::new();
    generate::write_archive(&[("shop", "a", a), ("shop", "b", b)], &mut archive).unwrap();
    let path = dir.join("two.archive");
    std::fs::write(&path, &archive).unwrap();
    let path = path.to_str().unwrap();
    let o = run(&["find", "--docs", path, "{}"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("holds several collections (shop.a, shop.b)"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let counted = out(&[
        "aggregate",
        "--docs",
        path,
        "--ns",
        "shop.b",
        "[{ $count: 'n' }]",
    ]);
    assert_eq!(counted, "{ n: 3 }\n");
}
