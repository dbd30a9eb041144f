//! Exercises that come back with fresh values: the `vary` seed range an exercise may be shown
//! with, the seed a review shows it with, and `check`'s proof that it holds at every one.
//!
//! A seed only changes what `ObjectId()`, `UUID()` and the `_id`s a collection adds stand
//! for; the answer a lesson's `expect` states must not change with it. `check` therefore
//! runs the exercise's whole check (the `expect` accepted, every `reject` refused) in a
//! classroom of every seed of the range, and names the first seed that breaks it
//! ([`crate::lesson::check::check_seeds`]).

use std::ops::RangeInclusive;

use super::compute::Classroom;
use super::context::Context;

/// The most seeds a `vary` range may hold: `check` proves every one of them.
pub const MAX_SEEDS: u64 = 1000;

/// What is wrong with a `vary` range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeProblem {
    /// The first seed is above the last.
    Reversed,
    /// More than [`MAX_SEEDS`] seeds.
    TooMany {
        /// How many the range holds (saturated at `u64::MAX`).
        count: u64,
    },
}

/// How many seeds `[lo, hi]` holds (0 when reversed, `u64::MAX` when it does not fit).
///
/// # Examples
/// ```
/// use bson_tutor::lesson::vary::count;
/// assert_eq!((count([1, 50]), count([7, 7]), count([5, 1])), (50, 1, 0));
/// ```
pub fn count([lo, hi]: [u64; 2]) -> u64 {
    if lo > hi {
        0
    } else {
        (hi - lo).saturating_add(1)
    }
}

/// Whether `[lo, hi]` is a range a lesson may declare: `lo ≤ hi`, at most [`MAX_SEEDS`] seeds.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::vary::{RangeProblem, range_problem};
/// assert_eq!(range_problem([1, 50]), None);
/// assert_eq!(range_problem([50, 1]), Some(RangeProblem::Reversed));
/// assert_eq!(range_problem([0, 1000]), Some(RangeProblem::TooMany { count: 1001 }));
/// ```
pub fn range_problem(range: [u64; 2]) -> Option<RangeProblem> {
    match count(range) {
        0 => Some(RangeProblem::Reversed),
        n if n > MAX_SEEDS => Some(RangeProblem::TooMany { count: n }),
        _ => None,
    }
}

/// The seeds of a range, at most [`MAX_SEEDS`] of them (a range the loader refused is cut).
pub fn seeds([lo, hi]: [u64; 2]) -> std::iter::Take<RangeInclusive<u64>> {
    (lo..=hi).take(MAX_SEEDS as usize)
}

/// The seed a review shows an exercise with: one of `range`, chosen by `source` (the
/// binary's: drawn from the clock, or `--seed`) and `salt` (which exercise, which round), so
/// that the same source gives the same seeds and another source others. Draws no random
/// number itself.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::vary::draw;
/// let a = draw([1, 50], 42, "bytes#2/0");
/// assert!((1..=50).contains(&a));
/// assert_eq!(a, draw([1, 50], 42, "bytes#2/0"));
/// assert_eq!(draw([7, 7], 1, "x"), 7);
/// ```
pub fn draw(range: [u64; 2], source: u64, salt: &str) -> u64 {
    let [lo, _] = range;
    let n = count(range);
    if n == 0 {
        return lo;
    }
    // FNV-1a over the salt, then splitmix64's finaliser: a well spread value per input.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in salt.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut z = (source ^ h).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    lo + z % n
}

/// The classroom of `seed` at the clock of `ctx`, in its language.
pub fn seeded(ctx: &Context, seed: u64) -> Context {
    Context {
        room: Classroom {
            seed: Some(seed),
            now_ms: ctx.room.now_ms,
        },
        lang: ctx.lang,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::check::{Problem, check_seeds};
    use crate::lesson::load_str;
    use crate::lesson::model::Step;

    fn lesson(vary: &str) -> String {
        // `{ _id: ObjectId() }` is 22 bytes whatever the seed: the answer holds at every one.
        format!(
            r#"format_version = 1
id = "v"
title = "V"
order = 1
summary = "s"

[[step]]
name = "size"
kind = "exercise"
type = "size"
prompt = "How many bytes is {{ _id: ObjectId() }}?"
document = "{{ _id: ObjectId() }}"
explanation = "22."
expect = "22"
reject = ["21"]
{vary}
"#
        )
    }

    /// A find whose bound sits just below the id seed 19 generates (its fifth byte is 0xf8;
    /// every other seed of 1..=20 and the fixed classroom give less than 0xf0).
    pub(crate) const ONE_SEED_BREAKS: &str = r#"format_version = 1
id = "v"
title = "V"
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

    #[test]
    fn a_seed_that_breaks_the_exercise_is_named_with_its_line() {
        let loaded = load_str("v.toml", ONE_SEED_BREAKS).unwrap();
        let report = crate::lesson::check_lesson(&loaded, &Context::default());
        assert_eq!(report.passed, 1, "{:?}", report.failures);
        // The expect is refused and the reject accepted, both at seed 19 only.
        assert_eq!(report.failures.len(), 2, "{:?}", report.failures);
        for f in &report.failures {
            assert_eq!((f.line, f.step), (loaded.step_line(1), 2));
            let Problem::Varied {
                seed,
                range,
                failing,
                ..
            } = &f.problem
            else {
                panic!("{f}")
            };
            assert_eq!((*seed, *range, *failing), (19, [1, 20], 1));
        }
        let shown = report.failures[0].to_string();
        assert!(
            shown.starts_with(
                "v.toml:12: step 2: with seed 19 of vary = [1, 20] (1 of 20 seeds fail"
            ),
            "{shown}"
        );
        assert!(shown.contains("expect = \"[1]\""), "{shown}");
        // The range without the seed that breaks it passes.
        let fixed = ONE_SEED_BREAKS.replace("vary = [1, 20]", "vary = [1, 18]");
        let loaded = load_str("v.toml", &fixed).unwrap();
        let report = crate::lesson::check_lesson(&loaded, &Context::default());
        assert_eq!((report.passed, report.failures.len()), (2, 0));
    }

    #[test]
    fn the_loader_refuses_a_reversed_or_huge_range_and_vary_outside_exercises() {
        for (vary, says) in [
            ("vary = [20, 1]", "first seed is above the last"),
            ("vary = [1, 5000]", "holds 5000 seeds, at most 1000"),
        ] {
            let text = lesson(vary);
            let e = load_str("v.toml", &text).unwrap_err();
            let shown = e.to_string();
            assert!(shown.contains(says), "{shown}");
            assert_eq!((e.line, e.column), (16, 8), "{shown}");
        }
        // TOML's reader places a bad value of an array at its step.
        let e = load_str("v.toml", &lesson("vary = [-1, 3]")).unwrap_err();
        assert!(e.to_string().contains("`-1`, expected u64"), "{e}");
        let e = load_str("v.toml", &lesson("vary = [1, 2, 3]")).unwrap_err();
        assert!(e.to_string().contains("expected 2 elements"), "{e}");
        let text = ONE_SEED_BREAKS.replace("text = \"t\"", "text = \"t\"\nvary = [1, 2]");
        let e = load_str("v.toml", &text).unwrap_err();
        assert!(e.to_string().contains("vary"), "{e}");
    }

    #[test]
    fn a_range_counts_both_ends_and_refuses_reversed_or_huge_ones() {
        assert_eq!(count([0, u64::MAX]), u64::MAX);
        assert_eq!(range_problem([1, 1000]), None);
        assert_eq!(
            range_problem([1, 1001]),
            Some(RangeProblem::TooMany { count: 1001 })
        );
        assert_eq!(seeds([3, 5]).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(seeds([0, u64::MAX]).count(), MAX_SEEDS as usize);
    }

    #[test]
    fn draws_stay_in_the_range_follow_the_source_and_spread() {
        let mut seen = std::collections::BTreeSet::new();
        for source in 0..200 {
            let s = draw([10, 19], source, "bytes#1/0");
            assert!((10..=19).contains(&s), "{s}");
            seen.insert(s);
        }
        // Two hundred sources reach every one of ten seeds.
        assert_eq!(seen.len(), 10);
        // The salt matters too: another exercise, or another round, another seed.
        let rounds: std::collections::BTreeSet<u64> = (0..50)
            .map(|r| draw([1, 1000], 7, &format!("bytes#1/{r}")))
            .collect();
        assert!(rounds.len() > 40, "{rounds:?}");
        assert_eq!(draw([5, 1], 3, "x"), 5);
    }

    #[test]
    fn an_answer_that_holds_at_every_seed_passes() {
        let loaded = load_str("v.toml", &lesson("vary = [1, 30]")).unwrap();
        let step = &loaded.lesson.steps[0];
        let Step::Exercise(ex) = step else {
            panic!("{step:?}")
        };
        assert_eq!(ex.vary, Some([1, 30]));
        assert_eq!(check_seeds(step, ex, &Context::default()), Vec::new());
        // Without a range there is nothing to prove.
        let plain = load_str("v.toml", &lesson("")).unwrap();
        let Step::Exercise(ex) = &plain.lesson.steps[0] else {
            panic!()
        };
        assert_eq!(
            check_seeds(&plain.lesson.steps[0], ex, &Context::default()),
            []
        );
    }
}
