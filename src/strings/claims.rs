//! Claim labels: the mark before a statement that says how sure it is (`[observed]`), as the
//! lesson pane and `show` print it. Their definitions are in the help table (`help.rs`) and in
//! the first lesson.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("[documented]", "[Tài liệu]"),
    ("[observed]", "[Quan sát]"),
    ("[implementation detail]", "[Chi tiết triển khai]"),
    ("[simplified model]", "[Mô hình đơn giản]"),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("[documented]", "[文档]"),
    ("[observed]", "[实测]"),
    ("[implementation detail]", "[实现细节]"),
    ("[simplified model]", "[简化模型]"),
];

#[cfg(test)]
mod tests {
    use crate::lesson::model::Claim;
    use crate::strings::{Lang, translation};

    #[test]
    fn every_claim_label_is_translated_and_bracketed() {
        for claim in Claim::ALL {
            for lang in [Lang::Vi, Lang::Zh] {
                let label = translation(lang, claim.label())
                    .unwrap_or_else(|| panic!("{} has no {lang:?} label", claim.label()));
                assert!(label.starts_with('[') && label.ends_with(']'), "{label}");
                assert_eq!(claim.label_in(lang), label);
            }
            assert_eq!(claim.label_in(Lang::En), claim.label());
        }
    }
}
