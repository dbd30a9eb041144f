//! Claim labels and their definitions.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
