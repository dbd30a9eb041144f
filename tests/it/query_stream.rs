//! Streaming `find`, pipelines and updates give what the in-memory collection gives on the
//! same documents: the same results in the same order, the same errors, and a `$limit` (or
//! `find`'s limit) stops the reading. A `$sort` followed by a `$limit` keeps only the top
//! documents, as the server's optimiser coalesces them.

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::aggregate::{Collections, Context, Pipeline};
use bson_tutor::query::collation::Collation;
use bson_tutor::query::collection::{Collection, FindOptions, UpdateOptions, find_stream};
use bson_tutor::query::error::QueryError;
use bson_tutor::query::external_sort::{SortBudget, sort_all};
use bson_tutor::query::sort::SortSpec;
use proptest::prelude::*;

use crate::common::TempDir;

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap()
        .value
}

fn value(s: &str) -> Value {
    parse_value(s, &mut FixedGenerator::new(0)).unwrap().value
}

fn stages(s: &str) -> Vec<Document> {
    match value(s) {
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::Document(d) => d,
                other => panic!("not a stage: {other:?}"),
            })
            .collect(),
        other => panic!("not a pipeline: {other:?}"),
    }
}

fn collection(docs: &[Document]) -> Collection {
    let mut c = Collection::new(
        "test.stream",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        1_700_000_000,
    );
    c.insert_many(docs.iter().cloned()).unwrap();
    c
}

fn ok(docs: &[Document]) -> impl Iterator<Item = Result<Document, QueryError>> + '_ {
    docs.iter().cloned().map(Ok)
}

fn streamed_find(filter: &Document, options: &FindOptions, docs: &[Document]) -> Vec<Document> {
    let mut out = Vec::new();
    find_stream(filter, options, ok(docs), |d| {
        out.push(d);
        Ok::<_, QueryError>(())
    })
    .unwrap();
    out
}

fn streamed_run(
    pipeline: &Pipeline,
    docs: &[Document],
    collections: &Collections,
) -> Result<Vec<Document>, QueryError> {
    let mut out = Vec::new();
    pipeline.run_stream(ok(docs), &Context { now_ms: 1000 }, collections, |d| {
        out.push(d);
        Ok(())
    })?;
    Ok(out)
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-5i32..5).prop_map(Value::Int32),
        (-20i32..20).prop_map(|n| Value::Double(f64::from(n) / 4.0)),
        "[a-cA-C]{0,2}".prop_map(Value::from),
        Just(Value::Null),
    ]
}

fn field() -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        4 => leaf().prop_map(Some),
        1 => proptest::collection::vec(leaf(), 0..3).prop_map(|v| Some(Value::Array(v))),
        1 => Just(None),
    ]
}

/// Documents with `_id` first (as stored), a varied `a` and `b`.
fn documents() -> impl Strategy<Value = Vec<Document>> {
    proptest::collection::vec((field(), leaf()), 0..60).prop_map(|rows| {
        rows.into_iter()
            .enumerate()
            .map(|(i, (a, b))| {
                let mut d = Document::new();
                d.push("_id", Value::Int32(i as i32));
                if let Some(a) = a {
                    d.push("a", a);
                }
                d.push("b", b);
                d
            })
            .collect()
    })
}

const FILTERS: [&str; 5] = [
    "{}",
    "{ a: { $gte: 0 } }",
    "{ b: 'a' }",
    "{ $or: [{ a: null }, { b: { $lt: 1 } }] }",
    "{ a: { $type: 'string' } }",
];
const SORTS: [Option<&str>; 5] = [
    None,
    Some("{ a: 1 }"),
    Some("{ a: -1, _id: 1 }"),
    Some("{ b: 1 }"),
    Some("{ b: -1, a: 1 }"),
];
const PROJECTIONS: [Option<&str>; 4] = [
    None,
    Some("{ _id: 0, a: 1 }"),
    Some("{ b: 0 }"),
    Some("{ a: { $ifNull: ['$a', 'none'] } }"),
];
const COLLATIONS: [&str; 2] = ["{ locale: 'simple' }", "{ locale: 'en', strength: 2 }"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn find_stream_equals_collection_find(
        docs in documents(),
        f in 0..FILTERS.len(),
        s in 0..SORTS.len(),
        p in 0..PROJECTIONS.len(),
        c in 0..COLLATIONS.len(),
        skip in 0usize..5,
        limit in proptest::option::of(0usize..8),
    ) {
        let filter = doc(FILTERS[f]);
        let options = FindOptions {
            projection: PROJECTIONS[p].map(doc),
            sort: SORTS[s].map(doc),
            skip,
            limit,
            collation: Collation::parse(&doc(COLLATIONS[c])).unwrap(),
            ..FindOptions::default()
        };
        let expected = collection(&docs).find(&filter, &options).unwrap();
        prop_assert_eq!(streamed_find(&filter, &options, &docs), expected);
    }

    #[test]
    fn sort_then_limit_stream_equals_in_memory(
        docs in documents(),
        s in 1..SORTS.len(),
        skip in 0usize..4,
        limit in 1usize..6,
    ) {
        let text = format!(
            "[{{ $sort: {} }}, {{ $skip: {skip} }}, {{ $limit: {limit} }}, {{ $project: {{ b: 0 }} }}]",
            SORTS[s].unwrap_or("{}")
        );
        let pipeline = Pipeline::parse(&stages(&text)).unwrap();
        let expected = pipeline.run_in(&docs, &Context { now_ms: 1000 }, &Collections::new()).unwrap();
        // The same as sorting everything and cutting after.
        let mut sorted = docs.clone();
        SortSpec::parse(&doc(SORTS[s].unwrap_or("{}"))).unwrap().sort(&mut sorted).unwrap();
        let cut: Vec<Document> = sorted.into_iter().skip(skip).take(limit).map(|mut d| {
            d.remove("b");
            d
        }).collect();
        prop_assert_eq!(&expected, &cut);
        prop_assert_eq!(streamed_run(&pipeline, &docs, &Collections::new()).unwrap(), expected);
    }
}

/// Pipelines of every kind of stage, streamed and in memory.
const PIPELINES: [&str; 22] = [
    "[]",
    "[{ $match: { a: { $gte: 1 } } }]",
    "[{ $match: { $expr: { $lt: ['$a', '$$NOW'] } } }]",
    "[{ $project: { _id: 0, a: 1 } }, { $skip: 2 }, { $limit: 3 }]",
    "[{ $set: { c: { $add: ['$n', 1] } } }, { $unset: 'b' }]",
    "[{ $replaceWith: { k: '$k', n: '$n' } }]",
    "[{ $unwind: '$tags' }, { $limit: 7 }]",
    "[{ $unwind: { path: '$tags', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } }]",
    "[{ $group: { _id: '$k', n: { $sum: 1 }, total: { $sum: '$n' }, first: { $first: '$n' } } }]",
    "[{ $group: { _id: '$k', tags: { $addToSet: '$tags' } } }, { $sort: { _id: 1 } }]",
    "[{ $match: { n: { $gt: 3 } } }, { $count: 'many' }]",
    "[{ $match: { n: { $gt: 1000 } } }, { $count: 'none' }]",
    "[{ $sort: { k: 1, n: -1 } }]",
    "[{ $sort: { k: -1 } }, { $limit: 4 }, { $project: { k: 1 } }]",
    "[{ $sort: { n: 1 } }, { $skip: 3 }, { $skip: 1 }, { $limit: 2 }]",
    "[{ $sortByCount: '$k' }]",
    "[{ $bucket: { groupBy: '$n', boundaries: [0, 5, 10, 100], default: 'other' } }]",
    "[{ $facet: { few: [{ $limit: 2 }], count: [{ $count: 'n' }] } }]",
    "[{ $lookup: { from: 'kinds', localField: 'k', foreignField: '_id', as: 'kind' } }]",
    "[{ $lookup: { from: 'kinds', let: { k: '$k' }, pipeline: [{ $match: { $expr: { $eq: ['$_id', '$$k'] } } }], as: 'kind' } }, { $unwind: '$kind' }]",
    "[{ $documents: [{ x: 1 }, { x: 2 }] }, { $set: { y: '$x' } }]",
    "[{ $group: { _id: null, n: { $sum: 1 } } }, { $set: { m: { $multiply: ['$n', 2] } } }, { $limit: 1 }]",
];

fn pipeline_input() -> Vec<Document> {
    (0..30)
        .map(|n| {
            doc(&format!(
                "{{ _id: {n}, n: {n}, k: '{}', a: {}, tags: [{}], b: 'x' }}",
                ["p", "q", "r"][n % 3],
                n % 4,
                (0..n % 3)
                    .map(|t| format!("'t{t}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
        .collect()
}

#[test]
fn every_stage_streams_as_it_runs_in_memory() {
    let docs = pipeline_input();
    let collections = Collections::from([(
        "kinds".to_owned(),
        vec![
            doc("{ _id: 'p', name: 'pea' }"),
            doc("{ _id: 'q', name: 'cue' }"),
        ],
    )]);
    for text in PIPELINES {
        let pipeline = Pipeline::parse(&stages(text)).unwrap();
        let expected = pipeline
            .run_in(&docs, &Context { now_ms: 1000 }, &collections)
            .unwrap();
        let streamed = streamed_run(&pipeline, &docs, &collections).unwrap();
        assert_eq!(streamed, expected, "{text}");
    }
}

#[test]
fn a_collation_applies_to_streamed_match_and_sort() {
    let docs = [
        doc("{ _id: 1, s: 'b' }"),
        doc("{ _id: 2, s: 'A' }"),
        doc("{ _id: 3, s: 'a' }"),
    ];
    let collation = Collation::parse(&doc("{ locale: 'en', strength: 2 }")).unwrap();
    let pipeline = Pipeline::parse(&stages(
        "[{ $match: { s: 'a' } }, { $sort: { s: 1, _id: -1 } }]",
    ))
    .unwrap()
    .collation(&collation);
    let expected = pipeline
        .run_in(&docs, &Context { now_ms: 1000 }, &Collections::new())
        .unwrap();
    assert_eq!(expected.len(), 2);
    assert_eq!(
        streamed_run(&pipeline, &docs, &Collections::new()).unwrap(),
        expected
    );
}

#[test]
fn a_limit_stops_the_reading() {
    let pipeline =
        Pipeline::parse(&stages("[{ $match: { n: { $gte: 5 } } }, { $limit: 2 }]")).unwrap();
    let mut read = 0;
    let input = (0..).map(|n| {
        read += 1;
        Ok::<_, QueryError>(doc(&format!("{{ n: {n} }}")))
    });
    let mut out = Vec::new();
    pipeline
        .run_stream(input, &Context::default(), &Collections::new(), |d| {
            out.push(d);
            Ok(())
        })
        .unwrap();
    assert_eq!(out, vec![doc("{ n: 5 }"), doc("{ n: 6 }")]);
    assert_eq!(read, 7);

    let mut read = 0;
    let input = (0..).map(|n| {
        read += 1;
        Ok::<_, QueryError>(doc(&format!("{{ n: {n} }}")))
    });
    let options = FindOptions {
        skip: 1,
        limit: Some(2),
        ..FindOptions::default()
    };
    let mut found = Vec::new();
    find_stream(&doc("{ n: { $mod: [2, 0] } }"), &options, input, |d| {
        found.push(d);
        Ok::<_, QueryError>(())
    })
    .unwrap();
    assert_eq!(found, vec![doc("{ n: 2 }"), doc("{ n: 4 }")]);
    assert_eq!(read, 5);
}

#[test]
fn a_streamed_group_holds_only_its_groups() {
    // 200 000 documents made one at a time: only the three groups are held.
    let input = (0..200_000u32).map(|n| {
        let mut d = Document::new();
        d.push("k", Value::Int32((n % 3) as i32));
        d.push("pad", Value::from("y".repeat(64)));
        Ok::<_, QueryError>(d)
    });
    let pipeline = Pipeline::parse(&stages(
        "[{ $group: { _id: '$k', n: { $sum: 1 } } }, { $sort: { _id: 1 } }]",
    ))
    .unwrap();
    let mut out = Vec::new();
    pipeline
        .run_stream(input, &Context::default(), &Collections::new(), |d| {
            out.push(d);
            Ok(())
        })
        .unwrap();
    assert_eq!(
        out,
        vec![
            doc("{ _id: 0, n: 66667 }"),
            doc("{ _id: 1, n: 66667 }"),
            doc("{ _id: 2, n: 66666 }")
        ]
    );
}

#[test]
fn an_error_mid_stream_comes_after_the_results_before_it() {
    let docs = [
        doc("{ a: 1 }"),
        doc("{ a: 2 }"),
        doc("{ a: 'x' }"),
        doc("{ a: 3 }"),
    ];
    let pipeline = Pipeline::parse(&stages("[{ $project: { b: { $add: ['$a', 1] } } }]")).unwrap();
    let expected = pipeline
        .run_in(&docs, &Context::default(), &Collections::new())
        .unwrap_err();
    let mut out = Vec::new();
    let err = pipeline
        .run_stream(ok(&docs), &Context::default(), &Collections::new(), |d| {
            out.push(d);
            Ok(())
        })
        .unwrap_err();
    assert_eq!(err.to_string(), expected.to_string());
    assert!(err.to_string().starts_with("pipeline.0.$project"), "{err}");
    assert_eq!(out, vec![doc("{ b: 2 }"), doc("{ b: 3 }")]);

    // The input's own error is passed on as it is.
    #[derive(Debug)]
    #[allow(dead_code)] // Only its `Debug` reads the query error.
    enum Mine {
        Query(QueryError),
        Input(u32),
    }
    impl From<QueryError> for Mine {
        fn from(e: QueryError) -> Self {
            Mine::Query(e)
        }
    }
    let input = vec![
        Ok(doc("{ a: 1 }")),
        Err(Mine::Input(7)),
        Ok(doc("{ a: 2 }")),
    ];
    let mut seen = 0;
    let got = find_stream(&doc("{}"), &FindOptions::default(), input, |_| {
        seen += 1;
        Ok(())
    });
    assert!(matches!(got, Err(Mine::Input(7))), "{got:?}");
    assert_eq!(seen, 1);
}

#[test]
fn a_streamed_sort_spills_as_the_in_memory_one() {
    let dir = TempDir::new("stream", "spill");
    let docs: Vec<Document> = (0..3000)
        .map(|n| {
            doc(&format!(
                "{{ _id: {n}, v: {}, pad: '{}' }}",
                (n * 7919) % 1000,
                "z".repeat(40_000)
            ))
        })
        .collect();
    // 3000 × 40 KB is past the server's 100 MB: the sort spills.
    let pipeline = Pipeline::parse(&stages(
        "[{ $sort: { v: 1, _id: 1 } }, { $project: { pad: 0 } }]",
    ))
    .unwrap()
    .spill_dir(&dir);
    let streamed = streamed_run(&pipeline, &docs, &Collections::new()).unwrap();
    assert_eq!(streamed.len(), 3000);
    assert!(streamed.windows(2).all(|w| {
        let key = |d: &Document| (d.get("v").cloned(), d.get("_id").cloned());
        matches!((key(&w[0]), key(&w[1])), ((Some(Value::Int32(a)), Some(Value::Int32(x))), (Some(Value::Int32(b)), Some(Value::Int32(y)))) if (a, x) < (b, y))
    }));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

#[test]
fn a_top_k_sort_past_its_budget_spills_with_allow_disk_use() {
    let dir = TempDir::new("stream", "topk");
    let spec = SortSpec::parse(&doc("{ v: -1 }")).unwrap();
    let docs = || {
        (0..2000).map(|i| {
            doc(&format!(
                "{{ v: {}, n: {i}, pad: '{}' }}",
                i % 97,
                "y".repeat(100)
            ))
        })
    };
    let budget = SortBudget {
        memory: 64 * 1024,
        allow_disk_use: true,
        spill_dir: Some(&dir),
        limit: Some(1500),
    };
    let mut expected: Vec<Document> = docs().collect();
    spec.sort(&mut expected).unwrap();
    expected.truncate(1500);
    assert_eq!(sort_all(&spec, docs(), budget).unwrap(), expected);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
}

/// Updates: (filter, update, arrayFilters, multi, upsert).
const UPDATES: [(&str, &str, &str, bool, bool); 9] = [
    ("{ k: 'p' }", "{ $inc: { n: 100 } }", "[]", false, false),
    ("{ k: 'p' }", "{ $inc: { n: 100 } }", "[]", true, false),
    (
        "{ k: 'q' }",
        "{ $set: { 'tags.$[t]': 'T' } }",
        "[{ t: 't0' }]",
        true,
        false,
    ),
    (
        "{ tags: 't1' }",
        "{ $set: { 'tags.$': 'first' } }",
        "[]",
        true,
        false,
    ),
    ("{ k: 'zz' }", "{ $set: { made: true } }", "[]", false, true),
    (
        "{ k: 'zz', n: 7 }",
        "[{ $set: { twice: { $multiply: ['$n', 2] } } }]",
        "[]",
        true,
        true,
    ),
    (
        "{ k: 'r' }",
        "[{ $set: { c: { $concat: ['$k', '!'] } } }, { $unset: 'b' }]",
        "[]",
        true,
        false,
    ),
    ("{ n: 4 }", "{ _id: 4, replaced: true }", "[]", false, false),
    ("{ k: 'p' }", "{ $set: { b: 'x' } }", "[]", true, false),
];

#[test]
fn streamed_updates_equal_the_collections() {
    let docs = pipeline_input();
    for (filter, update, array_filters, multi, upsert) in UPDATES {
        let (filter, update) = (doc(filter), value(update));
        let array_filters: Vec<Document> = match value(array_filters) {
            Value::Array(items) => items
                .into_iter()
                .filter_map(|v| match v {
                    Value::Document(d) => Some(d),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let options = UpdateOptions { upsert };
        let mut c = collection(&docs);
        let expected = c
            .update_statement(&filter, &update, &array_filters, options, multi)
            .unwrap();
        let mut empty = collection(&[]);
        let mut out = Vec::new();
        let got = empty
            .update_stream(
                &filter,
                &update,
                &array_filters,
                options,
                multi,
                ok(&docs),
                |d| {
                    out.push(d);
                    Ok::<_, QueryError>(())
                },
            )
            .unwrap();
        assert_eq!(got, expected, "{filter:?} {update:?}");
        assert_eq!(
            out,
            c.documents().cloned().collect::<Vec<_>>(),
            "{filter:?} {update:?}"
        );
    }
}

#[test]
fn a_streamed_update_makes_the_same_errors() {
    let docs = pipeline_input();
    let update = value("{ $set: { 'b.c': 1 } }");
    let expected = collection(&docs)
        .update_statement(&doc("{}"), &update, &[], UpdateOptions::default(), true)
        .unwrap_err();
    let mut emitted = 0;
    let err = collection(&[])
        .update_stream(
            &doc("{}"),
            &update,
            &[],
            UpdateOptions::default(),
            true,
            ok(&docs),
            |_| {
                emitted += 1;
                Ok::<_, QueryError>(())
            },
        )
        .unwrap_err();
    assert_eq!(err.to_string(), expected.to_string());
    assert_eq!(emitted, 0);

    let replacement = value("{ x: 1 }");
    let expected = collection(&docs)
        .update_statement(
            &doc("{}"),
            &replacement,
            &[],
            UpdateOptions::default(),
            true,
        )
        .unwrap_err();
    let err = collection(&[])
        .update_stream(
            &doc("{}"),
            &replacement,
            &[],
            UpdateOptions::default(),
            true,
            ok(&docs),
            |_| Ok::<_, QueryError>(()),
        )
        .unwrap_err();
    assert_eq!(err.to_string(), expected.to_string());
}

#[test]
fn sort_then_limit_holds_only_the_top_documents() {
    // 2700 × 40 KB is past the server's 100 MB: without `allowDiskUse` a full sort is
    // refused, but `$sort` + `$skip` + `$limit` keeps only its best 3.
    let input = || {
        (0..2700).map(|n| {
            Ok::<_, QueryError>(doc(&format!(
                "{{ _id: {n}, v: {}, pad: '{}' }}",
                (n * 7919) % 2700,
                "z".repeat(40_000)
            )))
        })
    };
    let run = |text: &str| {
        let pipeline = Pipeline::parse(&stages(text))
            .unwrap()
            .allow_disk_use(false);
        let mut out = Vec::new();
        pipeline
            .run_stream(input(), &Context::default(), &Collections::new(), |d| {
                out.push(d);
                Ok(())
            })
            .map(|()| out)
    };
    let top =
        run("[{ $sort: { v: -1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { v: 1 } }]").unwrap();
    assert_eq!(
        top,
        vec![doc("{ _id: 2342, v: 2698 }"), doc("{ _id: 2163, v: 2697 }")]
    );
    let all = run("[{ $sort: { v: -1 } }, { $project: { v: 1 } }]").unwrap_err();
    assert!(
        all.to_string()
            .contains("Sort exceeded memory limit of 104857600 bytes"),
        "{all}"
    );
}
