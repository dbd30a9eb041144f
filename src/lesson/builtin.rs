//! The lessons in `lessons/`, embedded in the binary. A test keeps this list in step with
//! the directory.

/// `(file name, text)` of every built-in lesson.
pub const LESSONS: &[(&str, &str)] = &[
    ("01-bytes.toml", include_str!("../../lessons/01-bytes.toml")),
    (
        "02-numbers.toml",
        include_str!("../../lessons/02-numbers.toml"),
    ),
    (
        "03-order-and-bracketing.toml",
        include_str!("../../lessons/03-order-and-bracketing.toml"),
    ),
];
