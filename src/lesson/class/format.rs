//! The names and numbers of the export format, shared by the exports and their errors.

/// The `format` field of every export.
pub const FORMAT: &str = "bson-tutor-results";
/// The export version this build writes and the newest it reads.
pub const VERSION: u32 = 1;
/// The first line of a CSV export.
pub const CSV_HEADER: &str =
    "student,lesson,exercise,kind,status,attempts,hints,seconds,last_wrong";
