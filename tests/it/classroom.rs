//! A class sees the same screen: `show` and `check` with `--seed` and `--now` are
//! byte-identical from run to run, and a different seed shows different generated ids.

use crate::common;

use std::process::{Command, Output};

use bson_tutor::lesson::{builtin, load_str};

const NOW: &str = "2026-10-08T03:45:49Z";

fn bin() -> Command {
    common::bson_tutor()
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// The ids of the built-in lessons, as `show` takes them.
fn lesson_ids() -> Vec<String> {
    builtin::LESSONS
        .iter()
        .map(|(file, text)| {
            load_str(file, text)
                .expect("a built-in lesson loads")
                .lesson
                .id
        })
        .collect()
}

fn show(id: &str, seed: &str, now: &str) -> Vec<u8> {
    let out = run(&[
        "show",
        id,
        "--seed",
        seed,
        "--now",
        now,
        "--answers",
        "--color",
        "never",
    ]);
    assert!(
        out.status.success(),
        "show {id} --seed {seed}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn the_same_seed_and_clock_show_every_lesson_byte_for_byte() {
    let ids = lesson_ids();
    assert!(!ids.is_empty());
    for id in &ids {
        let first = show(id, "7", NOW);
        assert!(!first.is_empty(), "{id}");
        assert_eq!(first, show(id, "7", NOW), "two runs of `show {id}` differ");
    }
}

#[test]
fn another_seed_shows_other_generated_ids() {
    let differ: Vec<String> = lesson_ids()
        .into_iter()
        .filter(|id| show(id, "7", NOW) != show(id, "8", NOW))
        .collect();
    assert!(
        differ.iter().any(|id| id == "choosing-an-id"),
        "the lesson on choosing an _id generates ids, so seeds 7 and 8 must differ there; \
         lessons that differ: {differ:?}"
    );
}

#[test]
fn another_clock_moves_the_time_inside_generated_ids() {
    let a = show("choosing-an-id", "7", NOW);
    let b = show("choosing-an-id", "7", "2030-01-01T00:00:00Z");
    assert_ne!(a, b);
    // 2030-01-01T00:00:00Z is 0x70dbd880 seconds: the ids begin with it.
    assert!(String::from_utf8_lossy(&b).contains("ObjectId('70dbd880"));
}

#[test]
fn without_a_seed_the_ids_are_the_fixed_ones() {
    let plain = run(&["show", "choosing-an-id", "--color", "never"]);
    let default_now = run(&["show", "choosing-an-id", "--color", "never", "--now", NOW]);
    assert!(plain.status.success());
    assert_eq!(plain.stdout, default_now.stdout);
    let text = String::from_utf8_lossy(&plain.stdout);
    // The fixed generator's process value, at the lessons' clock.
    assert!(
        text.contains("ObjectId('6ac711ed5e1f7a3c9da34e17')"),
        "{text}"
    );
}

#[test]
fn check_passes_in_a_seeded_classroom() {
    for seed in ["7", "8"] {
        let out = run(&["check", "--seed", seed, "--now", NOW]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        assert!(text.trim_end().ends_with(", 0 failed"), "{text}");
    }
}

#[test]
fn a_bad_clock_is_a_clear_error() {
    for (args, needle) in [
        (
            &["show", "bytes", "--now", "2026-13-01T00:00:00Z"][..],
            "month 13 is out of range 1-12",
        ),
        (
            &["check", "--now", "2026-10-08T10:00:00", "--seed", "1"],
            "has no time zone",
        ),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("--now"), "{err}");
        assert!(err.contains(needle), "{err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_bad_seed_is_a_clear_error() {
    let out = run(&["show", "bytes", "--seed", "seven"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--seed"), "{err}");
}
