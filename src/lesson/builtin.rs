//! The lessons in `lessons/`, embedded in the binary: `build.rs` lists every `*.toml` file
//! there, so a new lesson needs no code change.

/// `(file name, text)` of every built-in lesson, sorted by file name.
pub const LESSONS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/lessons.rs"));

/// The built-in lessons, read. A built-in lesson that does not load is a build error in
/// spirit: `bson-tutor check` and the test suite fail on it, so here it is skipped.
pub fn lessons() -> Vec<super::Lesson> {
    LESSONS
        .iter()
        .filter_map(|(file, text)| super::load_str(file, text).ok())
        .map(|loaded| loaded.lesson)
        .collect()
}
