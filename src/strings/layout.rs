//! Layout: panel titles, scroll markers, the lesson list, help and the hex panel.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("▲ {n} more", "▲ còn {n} dòng"),
    ("▼ {n} more", "▼ còn {n} dòng"),
    ("Bytes of {document}", "Các byte của {document}"),
    ("close the list", "đóng danh sách"),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("▲ {n} more", "▲ 还有 {n} 行"),
    ("▼ {n} more", "▼ 还有 {n} 行"),
    ("Bytes of {document}", "{document} 的字节"),
    ("close the list", "关闭列表"),
];
