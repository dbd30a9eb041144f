//! Judging answers: the forms an answer is read in, format slips, and the classic mistakes named.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("answer like: {example}", "trả lời dạng: {example}"),
    (
        "the type counts: write Double(7), Long('5'), Decimal128('0.3') for those types",
        "kiểu dữ liệu được tính: viết Double(7), Long('5'), Decimal128('0.3') cho các kiểu đó",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("answer like: {example}", "答案形式：{example}"),
    (
        "the type counts: write Double(7), Long('5'), Decimal128('0.3') for those types",
        "类型也会判定：这些类型请写作 Double(7)、Long('5')、Decimal128('0.3')",
    ),
];
