//! The seed's experiments as mongosh scripts (`tests/shell/*.js`), each run through
//! `bson-tutor shell --seed 1 --now 2026-10-08T03:45:49Z` and compared with its golden file
//! (`*.out`: standard output, then standard error and the exit status when there are any).
//! `BSON_TUTOR_BLESS=1 cargo test shell_scripts` rewrites the golden files; read the diff.

use std::path::{Path, PathBuf};
use std::process::Command;

const NOW: &str = "2026-10-08T03:45:49Z";

fn scripts_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/shell")
}

/// What a run shows: stdout, then `--- stderr` and `--- exit N` sections when non-empty.
fn run(args: &[&str], dir: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_bson-tutor"))
        .args(args)
        .current_dir(dir)
        .env("TZ", "UTC")
        .env("BSON_TUTOR_LANG", "en")
        .env_remove("LC_ALL")
        .output()
        .expect("the binary runs");
    let mut shown = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.stderr.is_empty() {
        shown.push_str("--- stderr\n");
        shown.push_str(&String::from_utf8_lossy(&out.stderr));
    }
    if !out.status.success() {
        shown.push_str(&format!("--- exit {}\n", out.status.code().unwrap_or(-1)));
    }
    shown
}

fn check_golden(name: &str, shown: &str) {
    let golden = scripts_dir().join(format!("{name}.out"));
    if std::env::var_os("BSON_TUTOR_BLESS").is_some() {
        std::fs::write(&golden, shown).expect("golden written");
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_else(|_| {
        panic!(
            "{} is missing: run with BSON_TUTOR_BLESS=1",
            golden.display()
        )
    });
    assert_eq!(
        shown,
        expected,
        "{name}: the output differs from {}",
        golden.display()
    );
}

#[test]
fn every_seed_experiment_matches_its_golden_file() {
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(scripts_dir())
        .expect("tests/shell")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 13, "the seed's experiments: {scripts:?}");
    for script in &scripts {
        let name = script.file_stem().and_then(|n| n.to_str()).expect("a name");
        let file = format!("{name}.js");
        let shown = run(
            &["shell", "--seed", "1", "--now", NOW, &file],
            &scripts_dir(),
        );
        check_golden(name, &shown);
    }
}

/// The figures the seed reports, asserted where the golden files could drift unnoticed.
#[test]
fn the_seeds_figures() {
    let dir = scripts_dir();
    let run_one = |f: &str| run(&["shell", "--seed", "1", "--now", NOW, f], &dir);
    let wallet = run_one("05-wallet.js");
    assert!(
        wallet.contains("{ _id: 'w1', dbl: 0.9999999999999999, dec: Decimal128('1.0') }\n0 1\n"),
        "{wallet}"
    );
    let bytes = run_one("01-bytes.js");
    assert!(bytes.contains("bson bytes: 36\njson bytes: 30"), "{bytes}");
    let sort = run_one("10-mixed-sort.js");
    assert_eq!(
        sort,
        "emptyArr missing null dec2 array dbl9.5 int10 long100 str10 str9 object binData oid bool date\n"
    );
    let brackets = run_one("11-bracketing.js");
    assert!(
        brackets.contains("find({userId: 42})        -> [1,3,4,5]"),
        "{brackets}"
    );
    assert!(brackets.contains(r#"types: [{"_id":"decimal","n":1},{"_id":"int","n":2},{"_id":"long","n":1},{"_id":"string","n":1}]"#), "{brackets}");
    let printings = run_one("02-printings.js");
    assert!(
        printings.contains(r#""views":{"high":2097152,"low":1,"unsigned":false}"#),
        "{printings}"
    );
    assert!(
        printings.contains(r#""views":9007199254740992"#),
        "{printings}"
    );
    assert!(
        printings.contains(r#""views":{"$numberLong":"9007199254740993"}"#),
        "{printings}"
    );
    let sizes = run_one("03-sizes.js");
    assert!(
        sizes.contains("[ { longNames: 102, shortNames: 65 } ]"),
        "{sizes}"
    );
    let ids = run_one("13-ids.js");
    assert!(
        ids.contains(
            "E11000 duplicate key error collection: lab04.ids index: _id_ dup key: { _id: 1 }"
        ),
        "{ids}"
    );
}

/// Seed 000's ordering experiment: two client processes A then B insert in the same second;
/// sorted by `_id`, B's documents come first when B's random value is smaller. Kept between
/// runs by `--data`, as the seed's runs share one server.
#[test]
fn two_processes_in_the_same_second() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let data = dir.path().join("data");
    let data = data.to_str().expect("a UTF-8 path");
    let insert = |p: &str, seed: &str| {
        let code = format!(
            "const c = db.getSiblingDB('lab04').seq; for (let i = 1; i <= 3; i++) c.insertOne({{ proc: '{p}', i, at: new Date() }});"
        );
        let shown = run(
            &[
                "shell", "--data", data, "--seed", seed, "--now", NOW, "--eval", &code,
            ],
            dir.path(),
        );
        // --eval echoes the loop's last value, the last insertOne's result, as mongosh does.
        assert!(
            shown.starts_with("{\n  acknowledged: true,\n  insertedId: ObjectId('6ac711ed"),
            "{p}: {shown}"
        );
    };
    insert("A", "1");
    insert("B", "2");
    let code = "const s = id => { const h = id.toString(); return h.slice(0,8)+' '+h.slice(8,18)+' '+h.slice(18); };
      db.getSiblingDB('lab04').seq.find().sort({ _id: 1 }).forEach(d => print(s(d._id), d.proc + d.i))";
    let sorted = run(
        &[
            "shell", "--data", data, "--seed", "3", "--now", NOW, "--eval", code,
        ],
        dir.path(),
    );
    let lines: Vec<&str> = sorted.lines().collect();
    assert_eq!(lines.len(), 6, "{sorted}");
    // Each process: one random value, a counter that grows by one.
    let random = |l: &str| l.split(' ').nth(1).unwrap_or("").to_owned();
    assert_eq!(random(lines[0]), random(lines[2]));
    assert_eq!(random(lines[3]), random(lines[5]));
    assert_ne!(random(lines[0]), random(lines[3]));
    // The same second, so the random values decide, not who came first: here B (seed 2)
    // has the smaller one.
    assert!(lines.iter().all(|l| l.starts_with("6ac711ed ")), "{sorted}");
    let first: String = lines
        .iter()
        .map(|l| &l[l.len() - 2..])
        .collect::<Vec<_>>()
        .join(" ");
    let expected_first = if random(lines[0]) == random_of_seed(&dir, "2") {
        "B1 B2 B3 A1 A2 A3"
    } else {
        "A1 A2 A3 B1 B2 B3"
    };
    assert_eq!(first, expected_first, "{sorted}");
    // The data folder is mongodump's layout, which inspect reads.
    let listed = run(&["inspect", data], dir.path());
    assert!(listed.contains("seq"), "{listed}");
}

/// The 5-byte random value of the client process seeded `seed`.
fn random_of_seed(dir: &tempfile::TempDir, seed: &str) -> String {
    let shown = run(
        &[
            "shell",
            "--seed",
            seed,
            "--now",
            NOW,
            "--eval",
            "ObjectId().toHexString().slice(8, 18)",
        ],
        dir.path(),
    );
    shown.trim().to_owned()
}
