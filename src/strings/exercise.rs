//! The exercise panel: typing mode, scrolling, feedback and byte marks.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
