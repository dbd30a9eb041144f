//! `check` proves every exercise at every seed of its `vary` range, through the real binary:
//! a seed that breaks the exercise fails the check with the file, the line and the seed.

use crate::common;

use std::process::Output;

/// A find whose bound sits just below the ObjectId that seed 19 generates: the exercise
/// holds at every other seed of 1..=20 (and in the fixed classroom), and breaks at 19.
const ONE_SEED_BREAKS: &str = r#"format_version = 1
id = "bound"
title = "A bound"
order = 1
summary = "s"

[[step]]
name = "intro"
kind = "text"
text = "t"

[[step]]
name = "below"
kind = "exercise"
type = "find"
prompt = "Which _ids are below the bound?"
docs = '[{ _id: 1, o: ObjectId() }]'
filter = '{ o: { $lt: ObjectId("6ac711edf000000000000000") } }'
explanation = "e"
expect = "[1]"
reject = ["[]"]
vary = [1, 20]
"#;

fn check(text: &str, name: &str, extra: &[&str]) -> (Output, String) {
    let dir = common::TempDir::new("vary", name);
    let file = dir.join("bound.toml");
    std::fs::write(&file, text).unwrap();
    let out = common::bson_tutor()
        .arg("check")
        .arg(&*dir)
        .args(extra)
        .output()
        .unwrap();
    (out, file.display().to_string())
}

#[test]
fn check_fails_at_the_seed_of_the_range_that_breaks_the_exercise() {
    let (out, file) = check(ONE_SEED_BREAKS, "breaks", &[]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{text}");
    let fails: Vec<&str> = text.lines().filter(|l| l.starts_with("FAIL ")).collect();
    assert_eq!(
        fails.len(),
        2,
        "the expect refused and the reject accepted: {text}"
    );
    for line in &fails {
        assert!(
            line.starts_with(&format!(
                "FAIL {file}:12: step 2: with seed 19 of vary = [1, 20] (1 of 20 seeds fail; `check --seed 19` shows it): "
            )),
            "{line}"
        );
    }
    assert!(fails[0].contains("expect = \"[1]\""), "{}", fails[0]);
    assert!(text.ends_with("check: 1 passed, 2 failed\n"), "{text}");
    // As the message says, the class seed alone shows the failure.
    let (out, _) = check(ONE_SEED_BREAKS, "seed-19", &["--seed", "19"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1));
    assert!(text.contains("step 2: expect = \"[1]\""), "{text}");
    // JSON names the seed in its message too.
    let (out, _) = check(ONE_SEED_BREAKS, "json", &["--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["failed"], 2);
    assert_eq!(json["failures"][0]["line"], 12);
    let message = json["failures"][0]["message"].as_str().unwrap();
    assert!(
        message.contains("with seed 19 of vary = [1, 20]"),
        "{message}"
    );
    // In Vietnamese and Chinese the seed is named too.
    for (lang, words) in [("vi", "với seed 19"), ("zh", "的种子 19 下")] {
        let (out, _) = check(ONE_SEED_BREAKS, lang, &["--lang", lang]);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(text.contains(words), "{lang}: {text}");
    }
}

#[test]
fn a_range_without_the_breaking_seed_passes_and_a_bad_range_does_not_load() {
    let fixed = ONE_SEED_BREAKS.replace("vary = [1, 20]", "vary = [1, 18]");
    let (out, _) = check(&fixed, "passes", &[]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    assert_eq!(text, "check: 2 passed, 0 failed\n");
    let reversed = ONE_SEED_BREAKS.replace("vary = [1, 20]", "vary = [20, 1]");
    let (out, file) = check(&reversed, "reversed", &[]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text.contains(&format!(
            "BROKEN {file}:22:8: vary = [20, 1]: the first seed is above the last"
        )),
        "{text}"
    );
}
