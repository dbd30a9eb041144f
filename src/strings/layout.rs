//! Layout: panel titles, scroll markers, the lesson list, help and the hex panel.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
