//! The byte walk: meanings of every byte run (hex view, `inspect`, `show`), its table headers and step labels.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[];
