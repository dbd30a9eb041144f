//! Lessons: TOML files a teacher can edit, whose every figure and every accepted answer is
//! computed by the engine when the lesson is shown or checked.
//!
//! [`load`] reads and validates lesson files, [`solve`] computes exercise answers, [`check`]
//! judges a learner's text and checks whole lessons, [`render`] turns a lesson into
//! deterministic plain text. Each takes a [`Context`]: the classroom and the language.
//! [`progress`] keeps a learner's records; [`review`] picks the exercises that come back, in
//! the classroom of a seed of their [`vary`] range.

pub mod builtin;
pub mod check;
pub mod class;
pub mod compute;
mod context;
pub mod i18n;
pub mod load;
pub mod model;
pub mod progress;
pub mod render;
pub mod review;
pub mod solve;
#[cfg(test)]
mod testing;
pub mod vary;
pub mod wrap;

pub use check::{Report, Verdict, answer, check_lesson};
pub use context::Context;
pub use load::{LoadError, Loaded, load_dir, load_str};
pub use model::{Exercise, ExerciseType, FORMAT_VERSION, Lesson, Step};
pub use solve::{Solution, SolveError, solve};
