//! Aggregation pipelines as a real server runs them: a size reconciliation (`$bsonSize` of
//! `$$ROOT` against our encoder, `$type` names through `$map` over `$objectToArray`), `$group`
//! by type to find mixed types, what field names cost in bytes, and the expression operators.

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value, print_document};
use bson_tutor::bson::{Document, Value, document_size};
use bson_tutor::query::aggregate::{Context, aggregate};
use bson_tutor::query::expr::{evaluate, evaluate_in};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn value(s: &str) -> Value {
    parse_value(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn run(input: &[&str], pipeline: &[&str]) -> Result<Vec<String>, String> {
    let input: Vec<Document> = input.iter().map(|s| doc(s)).collect();
    let pipeline: Vec<Document> = pipeline.iter().map(|s| doc(s)).collect();
    aggregate(&input, &pipeline, &Context::default())
        .map(|out| out.iter().map(print_document).collect())
        .map_err(|e| e.kind.to_string())
}

/// `_id` int32, `name` a string of 11 value bytes, `tags` an array of 23, `n` an int64, `sub`
/// a document of 10: 86 bytes in all, which mongosh's `bsonsize()` and `$bsonSize` agree on.
const RECONCILED: &str =
    "{ _id: 1, name: 'Nguyen', tags: ['a', 'b'], n: NumberLong(5), sub: { ok: true } }";

#[test]
fn bson_size_and_type_names_reconcile_with_the_encoder() {
    assert_eq!(document_size(&doc(RECONCILED)), 86);
    let out = run(
        &[RECONCILED],
        &[
            "{ $project: { _id: 0, size: { $bsonSize: '$$ROOT' }, types: { $map: {
            input: { $objectToArray: '$$ROOT' },
            in: { k: '$$this.k', t: { $type: '$$this.v' } } } } } }",
        ],
    )
    .unwrap();
    assert_eq!(
        out,
        [
            "{ size: 86, types: [ { k: '_id', t: 'int' }, { k: 'name', t: 'string' }, \
          { k: 'tags', t: 'array' }, { k: 'n', t: 'long' }, { k: 'sub', t: 'object' } ] }"
        ]
    );
}

#[test]
fn group_by_type_finds_the_mixed_user_ids() {
    let out = run(
        &[
            "{ _id: 1, userId: 42 }",
            "{ _id: 2, userId: '42' }",
            "{ _id: 3, userId: NumberLong('42') }",
            "{ _id: 4, userId: 42.0 }",
            "{ _id: 5, userId: NumberDecimal('42.00') }",
        ],
        &[
            "{ $group: { _id: { $type: '$userId' }, n: { $sum: 1 } } }",
            "{ $sort: { _id: 1 } }",
        ],
    )
    .unwrap();
    assert_eq!(
        out,
        [
            "{ _id: 'decimal', n: 1 }",
            "{ _id: 'int', n: 2 }",
            "{ _id: 'long', n: 1 }",
            "{ _id: 'string', n: 1 }"
        ]
    );
}

#[test]
fn field_names_cost_bytes() {
    let out = run(
        &[],
        &[
            "{ $documents: [{}] }",
            "{ $project: { _id: 0,
                longNames: { $bsonSize: { $literal: { customerEmailAddress: 'an@x.vn',
                    customerPhoneNumber: '0901234567', customerCreatedAt: new Date(0) } } },
                shortNames: { $bsonSize: { $literal: { email: 'an@x.vn',
                    phone: '0901234567', createdAt: new Date(0) } } } } }",
        ],
    )
    .unwrap();
    assert_eq!(out, ["{ longNames: 102, shortNames: 65 }"]);
}

#[test]
fn sum_is_exact_where_add_drifts() {
    let tenths: Vec<String> = (0..10).map(|i| format!("{{ _id: {i}, x: 0.1 }}")).collect();
    let tenths: Vec<&str> = tenths.iter().map(String::as_str).collect();
    let out = run(
        &tenths,
        &["{ $group: { _id: null, total: { $sum: '$x' }, avg: { $avg: '$x' }, n: { $count: {} } } }"],
    )
    .unwrap();
    assert_eq!(out, ["{ _id: null, total: 1, avg: 0.1, n: 10 }"]);
}

#[test]
fn group_keys_compare_as_values_and_keep_first_seen_order() {
    let out = run(
        &[
            "{ k: 2, v: 'a' }",
            "{ k: 1, v: 'b' }",
            "{ k: Double(2), v: 'c' }",
            "{ v: 'd' }",
            "{ k: NumberLong(1), v: 'e' }",
        ],
        &[
            "{ $group: { _id: '$k', vs: { $push: '$v' }, first: { $first: '$v' },
              last: { $last: '$v' }, lo: { $min: '$v' }, hi: { $max: '$v' } } }",
        ],
    )
    .unwrap();
    assert_eq!(
        out,
        [
            "{ _id: 2, vs: [ 'a', 'c' ], first: 'a', last: 'c', lo: 'a', hi: 'c' }",
            "{ _id: 1, vs: [ 'b', 'e' ], first: 'b', last: 'e', lo: 'b', hi: 'e' }",
            "{ _id: null, vs: [ 'd' ], first: 'd', last: 'd', lo: 'd', hi: 'd' }"
        ]
    );
}

#[test]
fn match_sort_skip_limit_count_unwind() {
    let input = [
        "{ _id: 1, tags: ['a', 'b'], n: 3 }",
        "{ _id: 2, tags: [], n: 1 }",
        "{ _id: 3, n: 2 }",
        "{ _id: 4, tags: 'c', n: 5 }",
    ];
    assert_eq!(
        run(
            &input,
            &["{ $unwind: '$tags' }", "{ $project: { tags: 1 } }"]
        )
        .unwrap(),
        [
            "{ _id: 1, tags: 'a' }",
            "{ _id: 1, tags: 'b' }",
            "{ _id: 4, tags: 'c' }"
        ]
    );
    assert_eq!(
        run(
            &input,
            &[
                "{ $unwind: { path: '$tags', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } }",
                "{ $project: { _id: 1, i: 1 } }",
            ]
        )
        .unwrap(),
        [
            "{ _id: 1, i: Long('0') }",
            "{ _id: 1, i: Long('1') }",
            "{ _id: 2, i: null }",
            "{ _id: 3, i: null }",
            "{ _id: 4, i: null }"
        ]
    );
    assert_eq!(
        run(
            &input,
            &[
                "{ $match: { n: { $gte: 2 } } }",
                "{ $sort: { n: -1 } }",
                "{ $skip: 1 }",
                "{ $limit: 1 }",
                "{ $project: { _id: 1 } }",
            ]
        )
        .unwrap(),
        ["{ _id: 1 }"]
    );
    assert_eq!(
        run(
            &input,
            &["{ $match: { n: { $gt: 1 } } }", "{ $count: 'big' }"]
        )
        .unwrap(),
        ["{ big: 3 }"]
    );
    assert!(
        run(&input, &["{ $match: { n: 99 } }", "{ $count: 'big' }"])
            .unwrap()
            .is_empty()
    );
}

#[test]
fn add_fields_set_and_unset() {
    assert_eq!(
        run(
            &["{ _id: 1, a: { b: 1 }, c: 2 }"],
            &[
                "{ $addFields: { 'a.d': { $add: ['$c', 1] }, e: '$nope' } }",
                "{ $set: { c: 'x' } }",
                "{ $unset: ['a.b'] }",
            ]
        )
        .unwrap(),
        ["{ _id: 1, a: { d: 3 }, c: 'x' }"]
    );
}

#[test]
fn stage_errors_are_the_servers() {
    assert_eq!(
        run(&[], &["{ $foo: {} }"]).unwrap_err(),
        "Unrecognized pipeline stage name: '$foo'"
    );
    assert_eq!(
        run(&[], &["{ $project: { a: 1, b: 0 } }"]).unwrap_err(),
        "Invalid $project :: caused by :: Cannot do exclusion on field b in inclusion projection"
    );
    assert_eq!(
        run(&[], &["{ $sort: { a: 2 } }"]).unwrap_err(),
        "$sort key ordering must be 1 (for ascending) or -1 (for descending)"
    );
    assert_eq!(
        run(&[], &["{ $group: { n: { $sum: 1 } } }"]).unwrap_err(),
        "a group specification must include an _id"
    );
    assert_eq!(
        run(&[], &["{ $group: { _id: null, n: { $foo: 1 } } }"]).unwrap_err(),
        "Unknown group operator '$foo'"
    );
    assert_eq!(
        run(&[], &["{ $limit: 0 }"]).unwrap_err(),
        "the limit must be positive"
    );
    // The whole pipeline is parsed first: a bad last stage fails even with no input.
    assert_eq!(
        run(&[], &["{ $match: {} }", "{ $bogus: 1 }"]).unwrap_err(),
        "Unrecognized pipeline stage name: '$bogus'"
    );
}

#[test]
fn stage_errors_name_their_place_and_keep_the_servers_words_and_codes() {
    let pipeline = |stages: &[&str]| -> Vec<Document> { stages.iter().map(|s| doc(s)).collect() };
    // A $match filter's own place continues the stage's.
    let e = aggregate(
        &[],
        &pipeline(&["{ $match: { a: { $foo: 1 } } }"]),
        &Context::default(),
    )
    .unwrap_err();
    assert_eq!(e.at, "pipeline.0.$match.a.$foo");
    assert_eq!(
        e.to_string(),
        "pipeline.0.$match.a.$foo: unknown operator: $foo"
    );
    assert_eq!(e.kind.code(), Some(2));
    assert_eq!(e.to_string_in(Lang::Vi), e.to_string());
    // The tutor's own sentence is translated; the server's frame around a server message
    // keeps its code.
    let e = aggregate(
        &[],
        &pipeline(&["{ $bucketAuto: {} }"]),
        &Context::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind.code(), None);
    assert_eq!(
        e.to_string_in(Lang::Zh),
        "pipeline.0.$bucketAuto: $bucketAuto 是真实存在的阶段，但本教程没有实现它"
    );
    let e = aggregate(
        &[],
        &pipeline(&["{ $project: { a: 1, b: 0 } }"]),
        &Context::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind.code(), Some(31254));
    assert_eq!(
        e.to_string_in(Lang::Vi),
        "pipeline.0.$project: Invalid $project :: caused by :: Cannot do exclusion on field b in inclusion projection"
    );
}

#[test]
fn string_lengths_in_bytes_and_code_points() {
    let e = |s: &str| evaluate(&value(s), None).map_err(|e| e.to_string());
    // UTF-8: "中文" is 2 code points and 6 bytes, the emoji 1 and 4.
    assert_eq!(e("{ $strLenBytes: '中文' }"), Ok(Value::Int32(6)));
    assert_eq!(e("{ $strLenCP: '中文' }"), Ok(Value::Int32(2)));
    assert_eq!(e("{ $strLenBytes: '😀' }"), Ok(Value::Int32(4)));
    assert_eq!(e("{ $strLenCP: '😀' }"), Ok(Value::Int32(1)));
    // The JSON text of the 36-byte BSON document is 30 bytes: BSON is not smaller.
    assert_eq!(
        e(r#"{ $strLenBytes: '{"_id":1,"name":"An","age":30}' }"#),
        Ok(Value::Int32(30))
    );
    assert_eq!(
        e("{ $strLenCP: 5 }").unwrap_err(),
        "$strLenCP requires a string argument, found: int"
    );
}

#[test]
fn array_and_conditional_operators() {
    let d = doc("{ a: [10, 20, 30], s: 'x', z: null, items: [{ sku: 'A' }, { sku: 'B' }, 5] }");
    let e = |s: &str| evaluate_in(&value(s), Some(&d), &[]).map_err(|e| e.to_string());
    assert_eq!(
        e("{ $arrayElemAt: ['$a', -1] }"),
        Ok(Some(Value::Int32(30)))
    );
    assert_eq!(e("{ $arrayElemAt: ['$a', 3] }"), Ok(None));
    assert_eq!(e("{ $size: '$a' }"), Ok(Some(Value::Int32(3))));
    assert_eq!(
        e("{ $size: '$nope' }").unwrap_err(),
        "The argument to $size must be an array, but was of type: missing"
    );
    assert_eq!(
        e("{ $concat: ['$s', '-', '$s'] }"),
        Ok(Some(Value::from("x-x")))
    );
    assert_eq!(e("{ $concat: ['$s', '$nope'] }"), Ok(Some(Value::Null)));
    assert_eq!(
        e("{ $cond: { if: { $gt: [{ $size: '$a' }, 2] }, then: 'many', else: 'few' } }"),
        Ok(Some(Value::from("many")))
    );
    assert_eq!(e("{ $cond: [0, 1, 2] }"), Ok(Some(Value::Int32(2))));
    assert_eq!(
        e("{ $ifNull: ['$z', '$nope', 'fallback'] }"),
        Ok(Some(Value::from("fallback")))
    );
    assert_eq!(
        e("{ $map: { input: '$a', as: 'x', in: { $multiply: ['$$x', 2] } } }"),
        Ok(Some(value("[20, 40, 60]")))
    );
    // Field paths read through arrays of documents.
    assert_eq!(e("'$items.sku'"), Ok(Some(value("['A', 'B']"))));
    assert_eq!(
        e("'$$nope'").unwrap_err(),
        "Use of undefined variable: nope"
    );
    assert_eq!(
        e("{ $objectToArray: '$s' }").unwrap_err(),
        "$objectToArray requires a document input, found: string"
    );
}

// ---------------------------------------------------------------------------------------
// The server's limits (issue 14, finding 7): its numbers and words where it has them, the
// tutor's own, said as such, where it would go on.

use bson_tutor::query::QueryErrorKind;
use bson_tutor::query::aggregate::Pipeline;
use bson_tutor::query::interrupt::{Interrupt, Stop};
use bson_tutor::query::limits::{BLOCKING_MEMORY, MAX_INTERNAL_DOCUMENT, STAGE_OUTPUT_MEMORY};

/// `n` documents `{ _id: i, s: <bytes of 'x'> }`.
fn big_strings(n: usize, bytes: usize) -> Vec<Document> {
    (0..n)
        .map(|i| {
            let mut d = Document::new();
            d.push("_id", i as i32);
            // Distinct, so that `$addToSet` keeps them all.
            d.push("s", format!("{i:04}{}", "x".repeat(bytes - 4)));
            d
        })
        .collect()
}

fn run_docs(
    input: &[Document],
    pipeline: &[&str],
    allow_disk_use: Option<bool>,
) -> Result<Vec<Document>, bson_tutor::query::QueryError> {
    let pipeline: Vec<Document> = pipeline.iter().map(|s| doc(s)).collect();
    let mut p = Pipeline::parse(&pipeline)?;
    if let Some(allow) = allow_disk_use {
        p = p.allow_disk_use(allow);
    }
    p.run(input, &Context::default())
}

/// The error of a run that must fail; a result is summarised, not printed (it is large).
fn refused(
    r: Result<Vec<Document>, bson_tutor::query::QueryError>,
) -> bson_tutor::query::QueryError {
    match r {
        Ok(docs) => panic!("expected an error, got {} documents", docs.len()),
        Err(e) => e,
    }
}

#[test]
fn unwinding_three_thousand_element_arrays_ends_in_a_clean_error_fast() {
    // A billion documents on the server, streamed; here the second $unwind's output passes
    // the tutor's limit after a few thousand.
    let items: Vec<Value> = (0..1000).map(Value::Int32).collect();
    let mut d = Document::new();
    d.push("_id", 1);
    for f in ["a", "b", "c"] {
        d.push(f, items.clone());
    }
    let start = std::time::Instant::now();
    let e = refused(run_docs(
        &[d],
        &[
            "{ $unwind: '$a' }",
            "{ $unwind: '$b' }",
            "{ $unwind: '$c' }",
        ],
        None,
    ));
    assert_eq!(e.at, "pipeline.1.$unwind");
    assert_eq!(
        e.kind,
        QueryErrorKind::OutputTooLarge {
            limit: STAGE_OUTPUT_MEMORY
        }
    );
    assert!(
        e.kind.code().is_none(),
        "the tutor's own limit, not the server's"
    );
    assert!(
        e.to_string()
            .contains("bson-tutor holds a whole step's output in memory"),
        "{e}"
    );
    assert!(
        start.elapsed() < std::time::Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_push_result_over_16_mib_is_the_servers_bson_object_too_large() {
    let input = big_strings(20, 1 << 20);
    let e = refused(run_docs(
        &input,
        &["{ $group: { _id: null, all: { $push: '$s' } } }"],
        None,
    ));
    // The result the server would have had to return: `{ _id: null, all: [ ...20 strings ] }`.
    let mut result = Document::new();
    result.push("_id", Value::Null);
    result.push(
        "all",
        input
            .iter()
            .filter_map(|d| d.get("s").cloned())
            .collect::<Vec<Value>>(),
    );
    let size = document_size(&result);
    assert_eq!(e.kind.code(), Some(10334), "{e}");
    let text = e.kind.to_string();
    assert!(
        text.starts_with("BSONObj size: ")
            && text.ends_with(
                "is invalid. Size must be between 0 and 16793600(16MB) First element: _id: null"
            ),
        "{text}"
    );
    // The size is the result's, in decimal and hex, as the server prints it.
    let n: usize = text["BSONObj size: ".len()..]
        .split(' ')
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!(n > MAX_INTERNAL_DOCUMENT);
    assert_eq!(n, size);
    assert!(text.contains(&format!("(0x{n:X})")), "{text}");
    // Eight of them fit.
    let ok = run_docs(
        &input[..8],
        &["{ $group: { _id: null, all: { $push: '$s' } } }"],
        None,
    )
    .expect("8 MiB is a valid result");
    assert_eq!(ok.len(), 1);
}

#[test]
fn blocking_stages_past_100_mb_say_what_the_server_says() {
    // One test, run in order, so that only one input of ~100 MiB lives at a time.
    let input = big_strings(101, 1 << 20);

    // $push past 100 MB: the server cannot spill one accumulator, allowDiskUse or not.
    let e = refused(run_docs(
        &input,
        &["{ $group: { _id: null, all: { $push: '$s' } } }"],
        None,
    ));
    assert_eq!(e.kind.code(), Some(146));
    assert_eq!(
        e.kind.to_string(),
        format!(
            "$push used too much memory and cannot spill to disk. Memory limit: {BLOCKING_MEMORY} bytes"
        )
    );
    let e = refused(run_docs(
        &input,
        &["{ $group: { _id: null, all: { $addToSet: '$_id' }, s: { $addToSet: '$s' } } }"],
        Some(true),
    ));
    assert_eq!(e.kind.code(), Some(146));
    assert!(
        e.kind
            .to_string()
            .starts_with("$addToSet used too much memory and cannot spill to disk. Used: "),
        "{e}"
    );

    // Many groups past 100 MB: the server's refusal without allowDiskUse...
    let groups = ["{ $group: { _id: '$_id', s: { $first: '$s' } } }"];
    let e = refused(run_docs(&input, &groups, Some(false)));
    assert_eq!(e.at, "pipeline.0.$group");
    assert_eq!(e.kind.code(), Some(292));
    assert_eq!(
        e.kind.to_string(),
        "Exceeded memory limit for $group, but didn't allow external sort. Pass allowDiskUse:true to opt in."
    );
    // ... and with it (the default since 6.0) the server spills, which the tutor says.
    let e = refused(run_docs(&input, &groups, None));
    assert_eq!(
        e.kind,
        QueryErrorKind::WouldSpill {
            stage: "$group".into(),
            limit: BLOCKING_MEMORY
        }
    );
    assert!(
        e.to_string().contains("bson-tutor does not spill to disk"),
        "{e}"
    );
    for lang in [Lang::Vi, Lang::Zh] {
        assert_ne!(e.to_string_in(lang), e.to_string());
    }

    // The same for a blocking sort.
    let sort = ["{ $sort: { s: 1 } }"];
    let e = refused(run_docs(&input, &sort, Some(false)));
    assert_eq!(e.kind.code(), Some(292));
    assert_eq!(
        e.kind.to_string(),
        "Sort exceeded memory limit of 104857600 bytes, but did not opt in to external sorting."
    );
    let e = refused(run_docs(&input, &sort, None));
    assert!(matches!(e.kind, QueryErrorKind::WouldSpill { ref stage, .. } if stage == "$sort"));
    // Under the limit, both run.
    assert_eq!(
        run_docs(&input[..90], &sort, Some(false))
            .map(|d| d.len())
            .ok(),
        Some(90)
    );
}

#[test]
fn results_nested_past_200_levels_are_the_servers_overflow() {
    // 150 levels in, two stages of 30 levels each: the second passes 200.
    let mut d = Document::new();
    d.push("x", 1);
    for _ in 1..150 {
        let mut outer = Document::new();
        outer.push("a", d);
        d = outer;
    }
    let wrap = |levels: usize| {
        let mut e = "'$$ROOT'".to_owned();
        for _ in 0..levels {
            e = format!("{{ w: {e} }}");
        }
        format!("{{ $replaceWith: {e} }}")
    };
    let stage = wrap(30);
    assert!(run_docs(std::slice::from_ref(&d), &[&stage], None).is_ok());
    let e = refused(run_docs(&[d], &[&stage, &stage], None));
    assert_eq!(e.at, "pipeline.1.$replaceWith");
    assert_eq!(e.kind.code(), Some(15));
    assert_eq!(
        e.kind.to_string(),
        "cannot convert document to BSON because it exceeds the limit of 200 levels of nesting"
    );
}

#[test]
fn expressions_that_build_more_than_a_document_can_hold_stop() {
    let input = big_strings(1, 1 << 20);
    // Twenty copies of a 1 MiB string: more than 16 MiB in one value.
    let copies = ["'$s'"; 20].join(", ");
    for stage in [
        format!("{{ $project: {{ c: {{ $concat: [{copies}] }} }} }}"),
        format!("{{ $project: {{ c: [{copies}] }} }}"),
        "{ $project: { c: { $map: { input: { $range: [0, 1] }, in: '$s' } } } }"
            .replace("{ $range: [0, 1] }", &format!("[{}]", ["0"; 20].join(", "))),
    ] {
        let e = refused(run_docs(&input, &[&stage], None));
        assert!(
            matches!(
                e.kind,
                QueryErrorKind::Expr(bson_tutor::query::expr::ExprError::TooLarge { .. })
            ),
            "{stage}: {e}"
        );
    }
    // Ten copies fit.
    let copies = ["'$s'"; 10].join(", ");
    assert!(
        run_docs(
            &input,
            &[&format!(
                "{{ $project: {{ c: {{ $concat: [{copies}] }} }} }}"
            )],
            None
        )
        .is_ok()
    );
}

#[test]
fn a_tripped_interrupt_stops_a_pipeline_with_the_servers_words() {
    let mut d = Document::new();
    d.push("_id", 1);
    d.push("t", format!("b{}", "a".repeat(100_000)));
    let pipeline = [doc("{ $match: { t: /a{50000}$/ } }")];
    let p = Pipeline::parse(&pipeline).expect("a valid pipeline");
    let flag = Interrupt::new();
    let remote = flag.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        remote.trip(Stop::TimeLimit);
    });
    let start = std::time::Instant::now();
    let e = refused(flag.watch(|| p.run(&[d], &Context::default())));
    stopper.join().expect("the stopper ends");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert_eq!((e.at.as_str(), e.kind.code()), ("", Some(50)));
    assert_eq!(e.kind.to_string(), "operation exceeded time limit");
}

#[test]
fn group_sum_and_avg_are_the_servers_double_double_summation() {
    // Issue 16: the server's `DoubleDoubleSummation` adds a long as its high and low 32-bit
    // parts, so the 1 of 2^53 + 1 survives a tiny double: 9007199254740994, not ...992.
    let out = run(
        &[
            "{ _id: 1, n: NumberLong('9007199254740993') }",
            "{ _id: 2, n: 1e-10 }",
            "{ _id: 3, n: 'not a number' }",
        ],
        &["{ $group: { _id: null, s: { $sum: '$n' }, a: { $avg: '$n' }, c: { $count: {} } } }"],
    )
    .unwrap();
    assert_eq!(
        out,
        ["{ _id: null, s: 9007199254740994, a: 4503599627370497, c: 3 }"]
    );
    // Ints that overflow 32 bits become a long; longs that overflow 64 bits a double.
    let out = run(
        &["{ n: 2147483647 }", "{ n: 1 }"],
        &["{ $group: { _id: null, s: { $sum: '$n' } } }"],
    )
    .unwrap();
    assert_eq!(out, ["{ _id: null, s: Long('2147483648') }"]);
    let out = run(
        &[
            "{ n: NumberLong('9223372036854775807') }",
            "{ n: NumberLong(1) }",
        ],
        &["{ $group: { _id: null, s: { $sum: '$n' }, a: { $avg: '$n' } } }"],
    )
    .unwrap();
    assert_eq!(
        out,
        ["{ _id: null, s: 9223372036854776000, a: 4611686018427388000 }"]
    );
    // No numbers: $sum is 0, $avg null.
    let out = run(
        &["{ n: 'x' }"],
        &["{ $group: { _id: null, s: { $sum: '$n' }, a: { $avg: '$n' } } }"],
    )
    .unwrap();
    assert_eq!(out, ["{ _id: null, s: 0, a: null }"]);
}
