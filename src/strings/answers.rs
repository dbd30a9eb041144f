//! Judging answers: the forms an answer is read in, format slips, and the classic mistakes named.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
