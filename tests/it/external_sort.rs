//! The external sort: with a small budget (64 KB instead of the server's 100 MB) documents
//! spill to sorted runs on disk and merge back in the same order as the in-memory sort
//! (collation and compound keys included, ties in input order); without `allowDiskUse`
//! the server's refusal; no file left behind; a limit keeps the top documents.
//!
//! The server's limit and words: `internalQueryMaxBlockingSortMemoryUsageBytes` is
//! 100 * 1024 * 1024, and the sorter refuses with "Sort exceeded memory limit of {limit}
//! bytes, but did not opt in to external sorting." (mongodb/mongo
//! `src/mongo/db/sorter/sorter.cpp`, code `QueryExceededMemoryLimitNoDiskUseAllowed`, 292).

use std::path::Path;

use bson_tutor::bson::shell::{FixedGenerator, parse_document};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::collation::Collation;
use bson_tutor::query::external_sort::{ExternalSorter, SortBudget, SortError, sort_all};
use bson_tutor::query::sort::SortSpec;
use proptest::prelude::*;

use crate::common::{self, TempDir};

const SMALL: usize = 64 * 1024;

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap()
        .value
}

fn budget(dir: &Path) -> SortBudget<'_> {
    SortBudget {
        memory: SMALL,
        allow_disk_use: true,
        spill_dir: Some(dir),
        limit: None,
    }
}

fn files_in(dir: &Path) -> usize {
    std::fs::read_dir(dir).unwrap().count()
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-20i32..20).prop_map(Value::Int32),
        (-80i32..80).prop_map(|n| Value::Double(f64::from(n) / 4.0)),
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

/// Documents numbered by `n` (so ties are visible), padded so a few hundred fill 64 KB.
fn documents() -> impl Strategy<Value = Vec<Document>> {
    proptest::collection::vec((field(), leaf(), 0usize..300), 300..900).prop_map(|rows| {
        rows.into_iter()
            .enumerate()
            .map(|(n, (v, w, pad))| {
                let mut d = Document::new();
                d.push("n", Value::Int32(n as i32));
                if let Some(v) = v {
                    d.push("v", v);
                }
                d.push("w", w);
                d.push("pad", Value::from("x".repeat(pad)));
                d
            })
            .collect()
    })
}

fn specs() -> impl Strategy<Value = SortSpec> {
    let collations = [
        "{ locale: 'simple' }",
        "{ locale: 'en', strength: 2 }",
        "{ locale: 'en', numericOrdering: true }",
    ];
    let keys = [
        "{ v: 1 }",
        "{ v: -1 }",
        "{ v: 1, w: -1 }",
        "{ w: -1, v: 1 }",
    ];
    (0..keys.len(), 0..collations.len()).prop_map(move |(k, c)| {
        let collation = Collation::parse(&doc(collations[c])).unwrap();
        SortSpec::parse(&doc(keys[k])).unwrap().collated(&collation)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn spilled_sort_equals_in_memory_sort(docs in documents(), spec in specs()) {
        let mut expected = docs.clone();
        spec.sort(&mut expected).unwrap();
        let dir = TempDir::new("extsort", "spill");
        let mut sorter = ExternalSorter::new(&spec, budget(&dir));
        for d in docs.clone() {
            sorter.push(d).unwrap();
        }
        // A few hundred padded documents are past 64 KB: runs were written.
        prop_assert!(files_in(&dir) > 0);
        let sorted: Vec<Document> = sorter.finish().unwrap().map(Result::unwrap).collect();
        prop_assert_eq!(&sorted, &expected);
        prop_assert_eq!(files_in(&dir), 0);
    }

    #[test]
    fn top_k_equals_sort_then_limit(docs in documents(), spec in specs(), k in 0usize..120) {
        let mut expected = docs.clone();
        spec.sort(&mut expected).unwrap();
        expected.truncate(k);
        let top = sort_all(&spec, docs, SortBudget { limit: Some(k), ..SortBudget::server() })
            .unwrap();
        prop_assert_eq!(top, expected);
    }
}

#[test]
fn without_allow_disk_use_the_servers_refusal() {
    let spec = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
    let dir = TempDir::new("extsort", "refusal");
    let docs = (0..1000).map(|i| doc(&format!("{{ v: {i}, pad: '{}' }}", "y".repeat(100))));
    let e = sort_all(
        &spec,
        docs,
        SortBudget {
            allow_disk_use: false,
            ..budget(&dir)
        },
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "sort: Sort exceeded memory limit of 65536 bytes, but did not opt in to external sorting."
    );
    let SortError::Query(e) = e else {
        panic!("{e:?}")
    };
    assert_eq!(e.kind.code(), Some(292));
    assert_eq!(files_in(&dir), 0);
}

#[test]
fn the_servers_limit_is_100_mb() {
    let spec = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
    // 120 documents of 1 MB: past 104,857,600 bytes.
    let big = "z".repeat(1024 * 1024);
    let docs = (0..120).map(|i| {
        let mut d = Document::new();
        d.push("v", Value::Int32(i));
        d.push("pad", Value::from(big.as_str()));
        d
    });
    let e = sort_all(&spec, docs, SortBudget::server()).unwrap_err();
    assert!(
        e.to_string().ends_with(
            "Sort exceeded memory limit of 104857600 bytes, but did not opt in to external sorting."
        ),
        "{e}"
    );
}

#[test]
fn a_top_k_sort_checks_what_it_holds() {
    let spec = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
    let docs = || (0..2000).map(|i| doc(&format!("{{ v: {i}, pad: '{}' }}", "y".repeat(100))));
    let few = SortBudget {
        memory: SMALL,
        limit: Some(10),
        ..SortBudget::server()
    };
    assert_eq!(sort_all(&spec, docs(), few).unwrap().len(), 10);
    let many = SortBudget {
        limit: Some(1500),
        ..few
    };
    assert!(
        sort_all(&spec, docs(), many)
            .unwrap_err()
            .to_string()
            .contains("Sort exceeded memory limit of 65536 bytes")
    );
}

#[test]
fn no_file_is_left_after_an_error() {
    let spec = SortSpec::parse(&doc("{ a: 1, b: 1 }")).unwrap();
    let dir = TempDir::new("extsort", "error");
    let mut docs: Vec<Document> = (0..1000)
        .map(|i| doc(&format!("{{ a: {i}, pad: '{}' }}", "y".repeat(100))))
        .collect();
    // Parallel arrays, after runs were spilled.
    docs.push(doc("{ a: [1], b: [2] }"));
    let mut sorter = ExternalSorter::new(&spec, budget(&dir));
    let mut error = None;
    for d in docs {
        if let Err(e) = sorter.push(d) {
            error = Some(e);
            break;
        }
    }
    assert!(files_in(&dir) > 0);
    assert_eq!(
        error.unwrap().to_string(),
        "sort: cannot sort with keys that are parallel arrays"
    );
    drop(sorter);
    assert_eq!(files_in(&dir), 0);
}

#[test]
fn no_file_is_left_after_an_early_drop() {
    let spec = SortSpec::parse(&doc("{ v: -1 }")).unwrap();
    let dir = TempDir::new("extsort", "early-drop");
    let mut sorter = ExternalSorter::new(&spec, budget(&dir));
    for i in 0..1000 {
        sorter
            .push(doc(&format!("{{ v: {i}, pad: '{}' }}", "y".repeat(100))))
            .unwrap();
    }
    let mut sorted = sorter.finish().unwrap();
    assert_eq!(
        sorted.next().unwrap().unwrap().get("v"),
        Some(&Value::Int32(999))
    );
    assert!(files_in(&dir) > 0);
    drop(sorted);
    assert_eq!(files_in(&dir), 0);
}

#[test]
fn a_damaged_spill_file_is_an_error_not_a_panic() {
    let spec = SortSpec::parse(&doc("{ v: 1 }")).unwrap();
    let dir = TempDir::new("extsort", "damaged");
    let mut sorter = ExternalSorter::new(&spec, budget(&dir));
    for i in 0..1000 {
        sorter
            .push(doc(&format!("{{ v: {i}, pad: '{}' }}", "y".repeat(100))))
            .unwrap();
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        std::fs::write(&path, [0xff, 0xff, 0xff, 0x7f, 1, 2, 3]).unwrap();
    }
    let result: Result<Vec<Document>, SortError> = match sorter.finish() {
        Ok(sorted) => sorted.collect(),
        Err(e) => Err(e),
    };
    assert!(result.is_err());
    assert_eq!(files_in(&dir), 0);
}

/// The command line: `find --sort` over 120 documents of 1 MiB fails with the server's
/// words, and with `--allow-disk-use` sorts them through a directory it makes under the
/// system's temporary directory (here a scratch one, through `TMPDIR`) and removes.
#[test]
fn the_command_line_spills_with_allow_disk_use_and_leaves_nothing() {
    let dir = TempDir::new("extsort", "cli");
    let tmp = dir.join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let big = "z".repeat(1024 * 1024);
    let mut bytes = Vec::new();
    for i in 0..120 {
        let mut d = Document::new();
        d.push("_id", Value::Int32(i));
        d.push("v", Value::Int32((i * 7) % 120));
        d.push("pad", Value::from(big.as_str()));
        bytes.extend(bson_tutor::bson::encode_document(&d).unwrap());
    }
    let file = dir.join("big.bson");
    std::fs::write(&file, bytes).unwrap();
    interrupted_find_leaves_nothing(&file, &tmp);
    let find = |extra: &[&str]| {
        common::bson_tutor()
            .env("TMPDIR", &tmp)
            .args(["find", "--docs"])
            .arg(&file)
            .args(["--sort", "{ v: 1 }", "--ids"])
            .args(extra)
            .output()
            .unwrap()
    };
    let refused = find(&[]);
    assert!(!refused.status.success());
    assert!(
        String::from_utf8_lossy(&refused.stderr).contains(
            "Sort exceeded memory limit of 104857600 bytes, but did not opt in to external sorting."
        ),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
    let sorted = find(&["--allow-disk-use"]);
    assert!(
        sorted.status.success(),
        "{}",
        String::from_utf8_lossy(&sorted.stderr)
    );
    let ids = String::from_utf8_lossy(&sorted.stdout);
    assert!(ids.starts_with("[ 0, 103, 86,"), "{ids}");
    assert_eq!(files_in(&tmp), 0);
    // With a limit only the top documents are held: no refusal, no flag needed.
    let top = find(&["--limit", "3"]);
    assert_eq!(
        String::from_utf8_lossy(&top.stdout).trim(),
        "[ 0, 103, 86 ]"
    );
}

/// Ctrl-C while the sort has files on disk: the command ends with status 130 and its
/// spill directory is gone.
fn interrupted_find_leaves_nothing(file: &Path, tmp: &Path) {
    let mut child = common::bson_tutor()
        .env("TMPDIR", tmp)
        .args(["find", "--docs"])
        .arg(file)
        .args(["--sort", "{ v: 1 }", "--ids", "--allow-disk-use"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let spilled = || {
        std::fs::read_dir(tmp)
            .unwrap()
            .any(|d| std::fs::read_dir(d.unwrap().path()).is_ok_and(|mut f| f.next().is_some()))
    };
    let start = std::time::Instant::now();
    while !spilled() && start.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let pid = i32::try_from(child.id()).unwrap();
    // SAFETY: `kill` on the child's own process id.
    unsafe {
        libc::kill(pid, libc::SIGINT);
    }
    let status = child.wait().unwrap();
    assert_eq!(files_in(tmp), 0, "{status:?}");
    assert_eq!(status.code(), Some(130));
}
