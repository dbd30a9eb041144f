//! The lessons in `lessons/`, embedded in the binary: `build.rs` lists every `*.toml` file
//! there, so a new lesson needs no code change.

/// `(file name, text)` of every built-in lesson, sorted by file name.
pub const LESSONS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
