//! The course: honest progress, continuing, the end-of-course summary and review.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
