//! Collation: what the tutor's collator cannot do (the server's own refusals keep its words).

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[(
    "{option} is valid on the server, but bson-tutor's collator (ICU4X) cannot apply it",
    "{option} hợp lệ trên server, nhưng bộ so sánh chuỗi (collator, ICU4X) của bson-tutor không áp dụng được",
)];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[(
    "{option} is valid on the server, but bson-tutor's collator (ICU4X) cannot apply it",
    "{option} 在服务器上是合法的，但 bson-tutor 的排序规则实现（ICU4X）无法应用它",
)];
