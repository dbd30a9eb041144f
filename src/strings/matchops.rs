//! The matcher's explanations for the operators of issue 16: the bit tests and
//! `$jsonSchema`. Keywords (`required`, `additionalProperties`), operators, paths and
//! values fill the `{}` as they are, in every language.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    (
        "{value} is {type_phrase}, and bit tests only match numbers and binary data",
        "{value} có kiểu {type_phrase}, mà các phép kiểm tra bit chỉ khớp với số và dữ liệu nhị phân",
    ),
    (
        "{value}: bit tests only match integers that fit in 64 bits (a decimal, a fraction, NaN or an infinity never matches)",
        "{value}: các phép kiểm tra bit chỉ khớp với số nguyên vừa 64 bit (decimal, số lẻ, NaN hay vô cực không bao giờ khớp)",
    ),
    (
        "the document does not match the $jsonSchema",
        "document không khớp với $jsonSchema",
    ),
    ("the document", "document"),
    ("{path} (missing)", "{path} (bị thiếu)"),
    ("missing", "thiếu"),
    (
        "$jsonSchema: {place} lacks the field {field}, which 'required' lists",
        "$jsonSchema: {place} thiếu trường {field}, trường mà 'required' liệt kê",
    ),
    (
        "$jsonSchema: {place} has the field {field}, which 'properties' does not name and 'additionalProperties' does not allow",
        "$jsonSchema: {place} có trường {field}, trường mà 'properties' không nêu tên và 'additionalProperties' không cho phép",
    ),
    (
        "(at the top level _id counts as a property too: name it in 'properties')",
        "(ở cấp cao nhất, _id cũng được tính là một thuộc tính: hãy nêu nó trong 'properties')",
    ),
    (
        "$jsonSchema: {place} is of type {found}, but '{keyword}' asks for {types}",
        "$jsonSchema: {place} có kiểu {found}, nhưng '{keyword}' yêu cầu {types}",
    ),
    (
        "$jsonSchema: {place} fails the keyword '{keyword}'",
        "$jsonSchema: {place} không thỏa từ khóa '{keyword}'",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    (
        "{value} is {type_phrase}, and bit tests only match numbers and binary data",
        "{value} 的类型是 {type_phrase}，而位测试只匹配数字和二进制数据",
    ),
    (
        "{value}: bit tests only match integers that fit in 64 bits (a decimal, a fraction, NaN or an infinity never matches)",
        "{value}：位测试只匹配能放进 64 位的整数（decimal、小数、NaN 和无穷大永远不匹配）",
    ),
    (
        "the document does not match the $jsonSchema",
        "文档不符合 $jsonSchema",
    ),
    ("the document", "文档"),
    ("{path} (missing)", "{path}（缺失）"),
    ("missing", "缺失"),
    (
        "$jsonSchema: {place} lacks the field {field}, which 'required' lists",
        "$jsonSchema：{place} 缺少 'required' 列出的字段 {field}",
    ),
    (
        "$jsonSchema: {place} has the field {field}, which 'properties' does not name and 'additionalProperties' does not allow",
        "$jsonSchema：{place} 有字段 {field}，'properties' 没有列出它，'additionalProperties' 也不允许它",
    ),
    (
        "(at the top level _id counts as a property too: name it in 'properties')",
        "（在顶层，_id 也算一个属性：请在 'properties' 中列出它）",
    ),
    (
        "$jsonSchema: {place} is of type {found}, but '{keyword}' asks for {types}",
        "$jsonSchema：{place} 的类型是 {found}，但 '{keyword}' 要求 {types}",
    ),
    (
        "$jsonSchema: {place} fails the keyword '{keyword}'",
        "$jsonSchema：{place} 不满足关键字 '{keyword}'",
    ),
];
