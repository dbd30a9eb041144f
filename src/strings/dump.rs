//! Reading mongodump output: damaged and truncated documents.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    (
        "byte {offset}: a document's length prefix says {declared} bytes, but a document has {min} to {max} bytes",
        "byte {offset}: tiền tố độ dài của tài liệu ghi {declared} byte, nhưng một tài liệu có từ {min} đến {max} byte",
    ),
    (
        "byte {offset}: the input ends inside a document: {needed} bytes needed, {got} there",
        "byte {offset}: dữ liệu vào kết thúc giữa một tài liệu: cần {needed} byte, chỉ có {got}",
    ),
    (
        "document at byte {offset}: {reason}",
        "tài liệu tại byte {offset}: {reason}",
    ),
    ("metadata.json: {reason}", "metadata.json: {reason}"),
    (
        "the input is longer than {limit} bytes",
        "dữ liệu vào dài hơn {limit} byte",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    (
        "byte {offset}: a document's length prefix says {declared} bytes, but a document has {min} to {max} bytes",
        "第 {offset} 字节：文档的长度前缀为 {declared} 字节，但文档的长度应在 {min} 到 {max} 字节之间",
    ),
    (
        "byte {offset}: the input ends inside a document: {needed} bytes needed, {got} there",
        "第 {offset} 字节：输入在文档中间结束：需要 {needed} 字节，只有 {got} 字节",
    ),
    (
        "document at byte {offset}: {reason}",
        "第 {offset} 字节处的文档：{reason}",
    ),
    ("metadata.json: {reason}", "metadata.json：{reason}"),
    (
        "the input is longer than {limit} bytes",
        "输入超过 {limit} 字节",
    ),
];
