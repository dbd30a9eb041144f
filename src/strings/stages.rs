//! Aggregation stages on the command line: `aggregate --from-coll`'s own words.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[(
    "expected NAME=FILE|LITERAL (a collection's name, `=`, then its documents), but found `{spec}`",
    "cần NAME=FILE|LITERAL (tên một collection, `=`, rồi các tài liệu của nó), nhưng lại thấy `{spec}`",
)];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[(
    "expected NAME=FILE|LITERAL (a collection's name, `=`, then its documents), but found `{spec}`",
    "应为 NAME=FILE|LITERAL（集合名称、`=`，然后是它的文档），但得到的是 `{spec}`",
)];
