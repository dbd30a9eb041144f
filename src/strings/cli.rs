//! The command line's own output: `lessons`, `progress`, `class`, `check`, `answer`, `new` and its errors.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
