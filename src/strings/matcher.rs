//! The matcher's explanations: why a document does not match a filter.
//!
//! The engine's words fill the `{}` as they are: values as the shell prints them, paths,
//! operators (`$gt: 0`) and type aliases (`string`, `int`), so "a {}" is the alias alone
//! where the sentence already says "of type". "Type bracketing" keeps its English name in
//! parentheses: it is the term learners will search for.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // Vietnamese separates reasons as English does; listed so a test knows it was checked.
    ("; ", "; "),
    // Types and brackets
    ("a {alias}", "{alias}"),
    ("an {alias}", "{alias}"),
    ("an embedded document", "object (tài liệu con)"),
    ("numbers", "số"),
    ("strings", "chuỗi"),
    ("embedded documents", "tài liệu con"),
    ("arrays", "mảng"),
    ("binary data", "dữ liệu nhị phân"),
    ("ObjectIds", "ObjectId"),
    ("booleans", "giá trị boolean"),
    ("dates", "ngày giờ"),
    ("timestamps", "timestamp"),
    ("regular expressions", "biểu thức chính quy"),
    ("null (and missing fields)", "null (và trường bị thiếu)"),
    ("DBPointers", "DBPointer"),
    ("JavaScript code", "mã JavaScript"),
    ("JavaScript code with scope", "mã JavaScript kèm phạm vi"),
    // Comparisons
    ("equal to", "bằng"),
    ("less than", "nhỏ hơn"),
    ("less than or equal to", "nhỏ hơn hoặc bằng"),
    ("greater than", "lớn hơn"),
    ("greater than or equal to", "lớn hơn hoặc bằng"),
    (
        "{value} is not {relation} {operand}",
        "{value} không {relation} {operand}",
    ),
    (
        "{value} is {type_phrase}; {operator} only compares {bracket_phrase} (type bracketing)",
        "{value} có kiểu {type_phrase}; theo quy tắc nhóm kiểu (type bracketing), {operator} chỉ so sánh với {bracket_phrase}",
    ),
    (
        "{path} reaches {n} value ({values}), none of them in the bracket of {operator}, which only compares {bracket_phrase} (type bracketing)",
        "{path} dẫn tới {n} giá trị ({values}), không giá trị nào cùng nhóm kiểu với {operator}; theo quy tắc nhóm kiểu (type bracketing), toán tử này chỉ so sánh với {bracket_phrase}",
    ),
    (
        "{path} reaches {n} values ({values}), none of them in the bracket of {operator}, which only compares {bracket_phrase} (type bracketing)",
        "{path} dẫn tới {n} giá trị ({values}), không giá trị nào cùng nhóm kiểu với {operator}; theo quy tắc nhóm kiểu (type bracketing), toán tử này chỉ so sánh với {bracket_phrase}",
    ),
    (
        "{value} is {type_phrase}, not null",
        "{value} có kiểu {type_phrase}, không phải null",
    ),
    (
        "{value} — NaN is equal only to NaN and neither less nor greater than any number",
        "{value} — NaN chỉ bằng chính NaN, và không nhỏ hơn cũng không lớn hơn bất kỳ số nào",
    ),
    // Missing fields
    (
        "{path} does not exist in this document",
        "{path} không tồn tại trong tài liệu này",
    ),
    (
        "{path} is missing in this document, and {condition} never matches a missing field (only { {field}: null } does)",
        "tài liệu này thiếu {path}, mà {condition} không bao giờ khớp với trường bị thiếu (chỉ { {field}: null } mới khớp)",
    ),
    // Arrays
    ("1 value", "1 giá trị"),
    ("{n} values", "{n} giá trị"),
    (
        "{path} reaches {reached} ({values}): an array matches when any element, or the whole array, satisfies {condition}, and none does",
        "{path} dẫn tới {reached} ({values}): một mảng khớp khi có một phần tử, hoặc cả mảng, thỏa mãn {condition}, nhưng ở đây không có",
    ),
    (
        "{path} goes through an array and reaches {reached} ({values}): it matches when any of them satisfies {condition}, and none does",
        "{path} đi qua một mảng và dẫn tới {reached} ({values}): chỉ cần một trong số đó thỏa mãn {condition} là khớp, nhưng không giá trị nào thỏa mãn",
    ),
    (
        "{path} reaches {reached} ({values}), and none satisfies {condition}",
        "{path} dẫn tới {reached} ({values}), và không giá trị nào thỏa mãn {condition}",
    ),
    (
        "{value} has {len} element, not {size}",
        "{value} có {len} phần tử, chứ không phải {size}",
    ),
    (
        "{value} has {len} elements, not {size}",
        "{value} có {len} phần tử, chứ không phải {size}",
    ),
    (
        "{value} is {type_phrase}, and $size only matches arrays",
        "{value} có kiểu {type_phrase}, mà $size chỉ khớp với mảng",
    ),
    (
        "{value}: no single element satisfies {condition}",
        "{value}: không phần tử nào, xét riêng từng cái, thỏa mãn {condition}",
    ),
    (
        "{value} is {type_phrase}, and $elemMatch only matches arrays",
        "{value} có kiểu {type_phrase}, mà $elemMatch chỉ khớp với mảng",
    ),
    // Other operators
    (
        "{value} is {type_phrase}, and a regex only matches strings",
        "{value} có kiểu {type_phrase}, mà biểu thức chính quy chỉ khớp với chuỗi",
    ),
    (
        "{value} is {type_phrase}, and $mod only matches numbers",
        "{value} có kiểu {type_phrase}, mà $mod chỉ khớp với số",
    ),
    (
        "{value} does not satisfy {condition}",
        "{value} không thỏa mãn {condition}",
    ),
    (" or ", " hoặc "),
    // Negations
    (
        "{condition} holds, and $not rejects what it matches",
        "{condition} được thỏa mãn, mà $not loại bỏ những gì điều kiện đó khớp",
    ),
    (
        "{condition} holds, and the filter asks for its opposite",
        "{condition} được thỏa mãn, mà bộ lọc đòi điều ngược lại",
    ),
    (
        "{path} is missing, and {condition} rejects missing fields as well as nulls",
        "{path} bị thiếu, mà {condition} loại cả trường bị thiếu lẫn giá trị null",
    ),
    (
        "an element of {path} ({value})",
        "một phần tử của {path} ({value})",
    ),
    (
        "{subject} equals {value}, so $ne: {operand} rejects the document",
        "{subject} bằng {value}, nên $ne: {operand} loại tài liệu này",
    ),
    (
        "{subject} is in the $nin list, so the document is rejected",
        "{subject} nằm trong danh sách $nin, nên tài liệu bị loại",
    ),
    (
        "{path} exists, so $exists: false rejects the document",
        "{path} có tồn tại, nên $exists: false loại tài liệu này",
    ),
    (
        "{subject} satisfies {operand}, and $not rejects what it matches",
        "{subject} thỏa mãn {operand}, mà $not loại bỏ những gì điều kiện đó khớp",
    ),
    ("not ({clause})", "phủ định của ({clause})"),
    // Logical operators
    ("the filter does not match", "bộ lọc không khớp"),
    (
        "no clause of $or matches: {reasons}",
        "không mệnh đề nào của $or khớp: {reasons}",
    ),
    (
        "$nor rejects documents that match any of its clauses, and clause {n} ({clause}) matches",
        "$nor loại mọi tài liệu khớp với bất kỳ mệnh đề nào của nó, mà mệnh đề {n} ({clause}) lại khớp",
    ),
    (" and ", " và "),
    ("$or of ({clauses})", "$or gồm ({clauses})"),
    ("$nor of ({clauses})", "$nor gồm ({clauses})"),
    (
        "this condition matches no document ($alwaysFalse, or $all: [])",
        "điều kiện này không khớp tài liệu nào ($alwaysFalse, hoặc $all: [])",
    ),
    (
        "the $expr expression evaluates to false, null, 0 or missing",
        "biểu thức $expr cho kết quả là false, null, 0 hoặc không có giá trị",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    // Types and brackets
    ("a {alias}", "{alias}"),
    ("an {alias}", "{alias}"),
    ("an embedded document", "object（嵌入文档）"),
    ("numbers", "数字"),
    ("strings", "字符串"),
    ("embedded documents", "嵌入文档"),
    ("arrays", "数组"),
    ("binary data", "二进制数据"),
    ("ObjectIds", "ObjectId"),
    ("booleans", "布尔值"),
    ("dates", "日期"),
    ("timestamps", "时间戳"),
    ("regular expressions", "正则表达式"),
    ("null (and missing fields)", "null（以及缺失的字段）"),
    ("DBPointers", "DBPointer"),
    ("JavaScript code", "JavaScript 代码"),
    ("JavaScript code with scope", "带作用域的 JavaScript 代码"),
    // Comparisons
    ("equal to", "等于"),
    ("less than", "小于"),
    ("less than or equal to", "小于或等于"),
    ("greater than", "大于"),
    ("greater than or equal to", "大于或等于"),
    (
        "{value} is not {relation} {operand}",
        "{value} 并不{relation} {operand}",
    ),
    (
        "{value} is {type_phrase}; {operator} only compares {bracket_phrase} (type bracketing)",
        "{value} 的类型是 {type_phrase}；根据类型括号 (type bracketing) 规则，{operator} 只比较{bracket_phrase}",
    ),
    (
        "{path} reaches {n} value ({values}), none of them in the bracket of {operator}, which only compares {bracket_phrase} (type bracketing)",
        "{path} 取到 {n} 个值（{values}），没有一个与 {operator} 属于同一类型括号；根据类型括号 (type bracketing) 规则，它只比较{bracket_phrase}",
    ),
    (
        "{path} reaches {n} values ({values}), none of them in the bracket of {operator}, which only compares {bracket_phrase} (type bracketing)",
        "{path} 取到 {n} 个值（{values}），没有一个与 {operator} 属于同一类型括号；根据类型括号 (type bracketing) 规则，它只比较{bracket_phrase}",
    ),
    (
        "{value} is {type_phrase}, not null",
        "{value} 的类型是 {type_phrase}，不是 null",
    ),
    (
        "{value} — NaN is equal only to NaN and neither less nor greater than any number",
        "{value}：NaN 只等于 NaN，既不小于也不大于任何数字",
    ),
    // Missing fields
    (
        "{path} does not exist in this document",
        "这个文档中不存在 {path}",
    ),
    (
        "{path} is missing in this document, and {condition} never matches a missing field (only { {field}: null } does)",
        "这个文档缺少 {path}，而 {condition} 从不匹配缺失的字段（只有 { {field}: null } 才匹配）",
    ),
    // Arrays
    ("1 value", "1 个值"),
    ("{n} values", "{n} 个值"),
    (
        "{path} reaches {reached} ({values}): an array matches when any element, or the whole array, satisfies {condition}, and none does",
        "{path} 取到 {reached}（{values}）：只要有一个元素或整个数组满足 {condition}，数组就匹配，但这里都不满足",
    ),
    (
        "{path} goes through an array and reaches {reached} ({values}): it matches when any of them satisfies {condition}, and none does",
        "{path} 经过一个数组，取到 {reached}（{values}）：只要其中任何一个满足 {condition} 就匹配，但没有一个满足",
    ),
    (
        "{path} reaches {reached} ({values}), and none satisfies {condition}",
        "{path} 取到 {reached}（{values}），但没有一个满足 {condition}",
    ),
    (
        "{value} has {len} element, not {size}",
        "{value} 有 {len} 个元素，而不是 {size} 个",
    ),
    (
        "{value} has {len} elements, not {size}",
        "{value} 有 {len} 个元素，而不是 {size} 个",
    ),
    (
        "{value} is {type_phrase}, and $size only matches arrays",
        "{value} 的类型是 {type_phrase}，而 $size 只匹配数组",
    ),
    (
        "{value}: no single element satisfies {condition}",
        "{value}：没有任何一个元素单独满足 {condition}",
    ),
    (
        "{value} is {type_phrase}, and $elemMatch only matches arrays",
        "{value} 的类型是 {type_phrase}，而 $elemMatch 只匹配数组",
    ),
    // Other operators
    (
        "{value} is {type_phrase}, and a regex only matches strings",
        "{value} 的类型是 {type_phrase}，而正则表达式只匹配字符串",
    ),
    (
        "{value} is {type_phrase}, and $mod only matches numbers",
        "{value} 的类型是 {type_phrase}，而 $mod 只匹配数字",
    ),
    (
        "{value} does not satisfy {condition}",
        "{value} 不满足 {condition}",
    ),
    (" or ", " 或 "),
    // Negations
    (
        "{condition} holds, and $not rejects what it matches",
        "{condition} 成立，而 $not 会排除它所匹配的文档",
    ),
    (
        "{condition} holds, and the filter asks for its opposite",
        "{condition} 成立，而过滤条件要求的正是它的反面",
    ),
    (
        "{path} is missing, and {condition} rejects missing fields as well as nulls",
        "{path} 缺失，而 {condition} 既排除 null 也排除缺失的字段",
    ),
    (
        "an element of {path} ({value})",
        "{path} 的一个元素 ({value})",
    ),
    (
        "{subject} equals {value}, so $ne: {operand} rejects the document",
        "{subject} 等于 {value}，所以 $ne: {operand} 排除了这个文档",
    ),
    (
        "{subject} is in the $nin list, so the document is rejected",
        "{subject} 在 $nin 列表中，所以这个文档被排除",
    ),
    (
        "{path} exists, so $exists: false rejects the document",
        "{path} 存在，所以 $exists: false 排除了这个文档",
    ),
    (
        "{subject} satisfies {operand}, and $not rejects what it matches",
        "{subject} 满足 {operand}，而 $not 会排除它所匹配的文档",
    ),
    ("not ({clause})", "非 ({clause})"),
    // Logical operators
    ("the filter does not match", "过滤条件不匹配"),
    (
        "no clause of $or matches: {reasons}",
        "$or 的子句都不匹配：{reasons}",
    ),
    ("; ", "；"),
    (
        "$nor rejects documents that match any of its clauses, and clause {n} ({clause}) matches",
        "$nor 会排除匹配其任一子句的文档，而第 {n} 个子句（{clause}）匹配了",
    ),
    (" and ", " 且 "),
    ("$or of ({clauses})", "由 ({clauses}) 组成的 $or"),
    ("$nor of ({clauses})", "由 ({clauses}) 组成的 $nor"),
    (
        "this condition matches no document ($alwaysFalse, or $all: [])",
        "这个条件不匹配任何文档（$alwaysFalse，或 $all: []）",
    ),
    (
        "the $expr expression evaluates to false, null, 0 or missing",
        "$expr 表达式的结果是 false、null、0 或缺失",
    ),
];
