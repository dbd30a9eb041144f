//! Collation in `find`, `sort`, `aggregate` and on the command line, against the manual's
//! examples (Collation, and Collation Locales and Default Parameters) and the seed's "10"
//! before "9".

use std::process::Command;

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document, print_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::aggregate::{Collections, Context, Pipeline};
use bson_tutor::query::collation::Collation;
use bson_tutor::query::collection::{Collection, FindOptions};

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn collation(s: &str) -> Collation {
    Collation::parse(&doc(s)).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn stored(docs: &[&str]) -> Collection {
    let mut c = Collection::new(
        "test.c",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        1_791_431_149,
    );
    for d in docs {
        c.insert_one(doc(d)).unwrap();
    }
    c
}

fn ids(docs: &[Document]) -> Vec<String> {
    docs.iter()
        .map(|d| d.get("_id").map(print_value).unwrap_or_default())
        .collect()
}

fn find(c: &Collection, filter: &str, sort: Option<&str>, spec: Option<&str>) -> Vec<String> {
    let options = FindOptions {
        sort: sort.map(doc),
        collation: spec.map_or(Collation::Simple, collation),
        ..FindOptions::default()
    };
    ids(&c.find(&doc(filter), &options).unwrap())
}

#[test]
fn strength_one_matches_across_accents_and_case() {
    // The manual's Collation page: "cafe" at strength 1 matches café, cafe and cafE.
    let c = stored(&[
        "{ _id: 1, category: 'café', status: 'A' }",
        "{ _id: 2, category: 'cafe', status: 'a' }",
        "{ _id: 3, category: 'cafE', status: 'a' }",
    ]);
    let filter = "{ category: 'cafe', status: 'a' }";
    assert_eq!(find(&c, filter, None, None), ["2"]);
    let primary = "{ locale: 'fr', strength: 1 }";
    assert_eq!(find(&c, filter, None, Some(primary)), ["1", "2", "3"]);
    // Strength 2 keeps accents apart but not case.
    let secondary = "{ locale: 'fr', strength: 2 }";
    assert_eq!(find(&c, filter, None, Some(secondary)), ["2", "3"]);
    // $in and $ne compare by the same rules.
    assert_eq!(
        find(&c, "{ category: { $in: ['CAFE'] } }", None, Some(primary)),
        ["1", "2", "3"]
    );
    assert_eq!(
        find(&c, "{ category: { $ne: 'CAFE' } }", None, Some(secondary)),
        ["1"]
    );
    // $regex is not collated.
    assert_eq!(
        find(&c, "{ category: /^cafe$/ }", None, Some(primary)),
        ["2"]
    );
}

#[test]
fn numeric_ordering_puts_9_before_10() {
    // The seed's sort: "10" sorts before "9" byte by byte; numericOrdering fixes it.
    let c = stored(&[
        "{ _id: 'str10', v: '10' }",
        "{ _id: 'str9', v: '9' }",
        "{ _id: 'int10', v: 10 }",
        "{ _id: 'str100', v: '100' }",
    ]);
    assert_eq!(
        find(&c, "{}", Some("{ v: 1 }"), None),
        ["'int10'", "'str10'", "'str100'", "'str9'"]
    );
    let numeric = "{ locale: 'en', numericOrdering: true }";
    // The number still sorts before every string: collation orders strings only.
    assert_eq!(
        find(&c, "{}", Some("{ v: 1 }"), Some(numeric)),
        ["'int10'", "'str9'", "'str10'", "'str100'"]
    );
    // A range on strings follows the same order.
    assert_eq!(
        find(&c, "{ v: { $gt: '9' } }", None, Some(numeric)),
        ["'str10'", "'str100'"]
    );
}

#[test]
fn case_first_upper_sorts_capitals_first() {
    let c = stored(&[
        "{ _id: 1, w: 'a' }",
        "{ _id: 2, w: 'A' }",
        "{ _id: 3, w: 'b' }",
        "{ _id: 4, w: 'B' }",
    ]);
    // Byte order: every capital before every small letter.
    assert_eq!(find(&c, "{}", Some("{ w: 1 }"), None), ["2", "4", "1", "3"]);
    // A locale: letter first, then case (lower first by default, upper with caseFirst).
    assert_eq!(
        find(&c, "{}", Some("{ w: 1 }"), Some("{ locale: 'en' }")),
        ["1", "2", "3", "4"]
    );
    assert_eq!(
        find(
            &c,
            "{}",
            Some("{ w: 1 }"),
            Some("{ locale: 'en', caseFirst: 'upper' }")
        ),
        ["2", "1", "4", "3"]
    );
}

#[test]
fn strings_inside_documents_and_arrays_are_collated_too() {
    let c = stored(&[
        "{ _id: 1, tags: ['Red', 'blue'] }",
        "{ _id: 2, name: { first: 'ÉMILE' } }",
    ]);
    let any = "{ locale: 'fr', strength: 1 }";
    assert_eq!(find(&c, "{ tags: 'red' }", None, Some(any)), ["1"]);
    assert_eq!(
        find(&c, "{ name: { first: 'emile' } }", None, Some(any)),
        ["2"]
    );
    assert!(find(&c, "{ name: { first: 'emile' } }", None, None).is_empty());
}

#[test]
fn aggregate_matches_sorts_and_joins_by_the_collation() {
    let docs: Vec<Document> = ["{ _id: 1, userId: 'ADA' }", "{ _id: 2, userId: 'bob' }"]
        .into_iter()
        .map(doc)
        .collect();
    let users = Collections::from([(
        "users".to_owned(),
        vec![
            doc("{ _id: 'ada', name: 'Ada' }"),
            doc("{ _id: 'Bob', name: 'Bob' }"),
        ],
    )]);
    let pipeline = [
        doc("{ $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'u' } }"),
        doc("{ $match: { 'u.name': 'ada' } }"),
    ];
    let run = |c: &Collation| {
        Pipeline::parse(&pipeline)
            .unwrap()
            .collation(c)
            .run_in(&docs, &Context::default(), &users)
            .unwrap()
    };
    assert!(run(&Collation::Simple).is_empty());
    let out = run(&collation("{ locale: 'en', strength: 2 }"));
    assert_eq!(ids(&out), ["1"]);
    // $sort in a pipeline.
    let sorted = Pipeline::parse(&[doc("{ $sort: { userId: 1 } }")])
        .unwrap()
        .collation(&collation("{ locale: 'en' }"))
        .run(&docs, &Context::default())
        .unwrap();
    assert_eq!(ids(&sorted), ["1", "2"]);
    let binary = Pipeline::parse(&[doc("{ $sort: { userId: -1 } }")])
        .unwrap()
        .run(&docs, &Context::default())
        .unwrap();
    assert_eq!(ids(&binary), ["2", "1"]);
    // The resolved specification names every default.
    assert_eq!(
        collation("{ locale: 'en', strength: 2 }")
            .to_document()
            .get("strength"),
        Some(&Value::Int32(2))
    );
}

fn cli(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_command_line_takes_a_collation_and_says_why_it_refuses_one() {
    let docs = "[{ _id: 1, v: '10' }, { _id: 2, v: '9' }]";
    let sorted = |extra: &[&str]| {
        let mut args = vec!["find", "--docs", docs, "--sort", "{ v: 1 }", "--ids"];
        args.extend_from_slice(extra);
        cli(&args)
    };
    assert_eq!(sorted(&[]).1, "[ 1, 2 ]\n");
    let numeric = "{ locale: 'en', numericOrdering: true }";
    assert_eq!(sorted(&["--collation", numeric]).1, "[ 2, 1 ]\n");
    let (ok, out, _) = cli(&[
        "aggregate",
        "--docs",
        docs,
        "[{ $sort: { v: 1 } }]",
        "--ids",
        "--collation",
        numeric,
    ]);
    assert!(ok);
    assert_eq!(out, "[ 2, 1 ]\n");
    // The server's words, the same in every language; the tutor's own, translated.
    for lang in ["en", "vi"] {
        let (ok, _, err) = sorted(&["--collation", "{ locale: 'en-US' }", "--lang", lang]);
        assert!(!ok);
        assert!(
            err.contains(
                "Field 'locale' is invalid in: { locale: \"en-US\" }. Did you mean 'en_US'?"
            ),
            "{err}"
        );
    }
    let (ok, _, err) = sorted(&[
        "--collation",
        "{ locale: 'en', backwards: true }",
        "--lang",
        "vi",
    ]);
    assert!(!ok);
    assert!(err.contains("backwards: true hợp lệ trên server"), "{err}");
}

/// A lesson's run steps and find/sort exercises take a `collation`: the step shows the
/// `--collation` its command line needs (and that line prints what the step shows), and
/// `check` proves the exercise's answer under it.
#[test]
fn lessons_take_a_collation_in_run_steps_and_exercises() {
    use bson_tutor::lesson::check::check_lesson;
    use bson_tutor::lesson::render::{RenderOptions, render};
    use bson_tutor::lesson::{Context, load_str};
    let text = r#"format_version = 1
id = "numeric-strings"
title = "Numeric strings"
order = 1
summary = "s"

[[step]]
name = "sorted"
kind = "run"
command = "find"
docs = "[{ _id: 1, v: '10' }, { _id: 2, v: '9' }]"
sort = "{ v: 1 }"
collation = "{ locale: 'en', numericOrdering: true }"
ids = true

[[step]]
name = "order"
kind = "exercise"
type = "sort"
prompt = "In which order do the _ids come?"
docs = "[{ _id: 'a', v: '10' }, { _id: 'b', v: '9' }, { _id: 'c', v: '100' }]"
sort = "{ v: 1 }"
collation = "{ locale: 'en', numericOrdering: true }"
explanation = "9 < 10 < 100 as numbers."
expect = "[b, a, c]"
reject = ["[a, c, b]"]

[[step]]
name = "any-case"
kind = "exercise"
type = "find"
prompt = "Which _ids does { name: 'ada' } find?"
docs = "[{ _id: 1, name: 'Ada' }, { _id: 2, name: 'ADA' }, { _id: 3, name: 'Bob' }]"
filter = "{ name: 'ada' }"
collation = "{ locale: 'en', strength: 2 }"
explanation = "Strength 2 ignores case."
expect = "[1, 2]"
reject = ["[]"]
"#;
    let loaded = load_str("numeric-strings.toml", text).unwrap();
    let report = check_lesson(&loaded, &Context::default());
    assert!(report.failures.is_empty(), "{:?}", report.failures);
    assert_eq!(report.passed, 3);
    let shown = render(
        &loaded.lesson,
        RenderOptions {
            width: 200,
            answers: true,
        },
        &Context::default(),
    );
    let line = shown
        .lines()
        .find(|l| l.contains("$ bson-tutor find"))
        .unwrap_or_else(|| panic!("{shown}"));
    // Shell-quoted: the single quotes inside are written '\''.
    assert!(
        line.contains("--collation '{ locale: '\\''en'\\'', numericOrdering: true }' --ids"),
        "{line}"
    );
    assert!(shown.contains("[ 2, 1 ]"), "{shown}");
    assert!(
        shown.contains("collation: { locale: 'en', strength: 2 }"),
        "{shown}"
    );
    // The command line, run, prints what the step shows.
    let (ok, out, err) = cli(&[
        "find",
        "--docs",
        "[{ _id: 1, v: '10' }, { _id: 2, v: '9' }]",
        "{}",
        "--sort",
        "{ v: 1 }",
        "--collation",
        "{ locale: 'en', numericOrdering: true }",
        "--ids",
    ]);
    assert!(ok, "{err}");
    assert_eq!(out, "[ 2, 1 ]\n");
}
