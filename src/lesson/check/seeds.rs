//! `check` at every seed of an exercise's `vary` range ([`crate::lesson::vary`]).

use super::{Problem, check_exercise};
use crate::lesson::context::Context;
use crate::lesson::model::{Exercise, Step};
use crate::lesson::render::{RenderOptions, render_step};
use crate::lesson::vary::{seeded, seeds};
use crate::query::interrupt;

/// The problems of an exercise step over its `vary` range (none without one): the step
/// computed and the exercise checked ([`check_exercise`]) in the classroom of every seed, at
/// the clock of `ctx`. The problems of the first seed that fails are returned, each saying
/// the seed and how many of the range fail. Stops early when checking is stopped (the caller
/// reports the stop).
pub fn check_seeds(step: &Step, ex: &Exercise, ctx: &Context) -> Vec<Problem> {
    let Some(range) = ex.vary else {
        return Vec::new();
    };
    let options = RenderOptions {
        width: 80,
        answers: true,
    };
    let mut first: Option<(u64, Vec<Problem>)> = None;
    let mut failing = 0;
    for seed in seeds(range) {
        if interrupt::stopped().is_some() {
            break;
        }
        let at = seeded(ctx, seed);
        let problems = match render_step(step, options, &mut 0, &at) {
            Err(e) => vec![Problem::DoesNotCompute(e)],
            Ok(_) => check_exercise(ex, &at),
        };
        if !problems.is_empty() {
            failing += 1;
            first.get_or_insert((seed, problems));
        }
    }
    let Some((seed, problems)) = first else {
        return Vec::new();
    };
    problems
        .into_iter()
        .map(|problem| Problem::Varied {
            seed,
            range,
            failing,
            problem: Box::new(problem),
        })
        .collect()
}
