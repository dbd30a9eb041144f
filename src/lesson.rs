//! Lessons: TOML files a teacher can edit, whose every figure and every accepted answer is
//! computed by the engine when the lesson is shown or checked.
//!
//! [`load`] reads and validates lesson files, [`check`] computes exercise answers and judges
//! a learner's text, [`render`] turns a lesson into deterministic plain text.

pub mod builtin;
pub mod check;
pub mod class;
pub mod compute;
pub mod i18n;
pub mod load;
pub mod model;
pub mod progress;
pub mod render;
pub mod wrap;

pub use check::{Report, Verdict, answer, check_lesson, solve};
pub use load::{LoadError, Loaded, load_dir, load_str};
pub use model::{Exercise, ExerciseType, FORMAT_VERSION, Lesson, Step};
