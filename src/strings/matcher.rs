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
    ("a {}", "{}"),
    ("an {}", "{}"),
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
    ("{} is not {} {}", "{} không {} {}"),
    (
        "{} is {}; {} only compares {} (type bracketing)",
        "{} có kiểu {}; theo quy tắc nhóm kiểu (type bracketing), {} chỉ so sánh với {}",
    ),
    (
        "{} reaches {} value(s) ({}), none of them in the bracket of {}, which only compares {} (type bracketing)",
        "{} dẫn tới {} giá trị ({}), không giá trị nào cùng nhóm kiểu với {}; theo quy tắc nhóm kiểu (type bracketing), toán tử này chỉ so sánh với {}",
    ),
    ("{} is {}, not null", "{} có kiểu {}, không phải null"),
    (
        "{} — NaN is equal only to NaN and neither less nor greater than any number",
        "{} — NaN chỉ bằng chính NaN, và không nhỏ hơn cũng không lớn hơn bất kỳ số nào",
    ),
    // Missing fields
    (
        "{} does not exist in this document",
        "{} không tồn tại trong tài liệu này",
    ),
    (
        "{} is missing in this document, and {} never matches a missing field (only { {}: null } does)",
        "tài liệu này thiếu {}, mà {} không bao giờ khớp với trường bị thiếu (chỉ { {}: null } mới khớp)",
    ),
    // Arrays
    ("1 value", "1 giá trị"),
    ("{} values", "{} giá trị"),
    (
        "{} reaches {} ({}): an array matches when any element, or the whole array, satisfies {}, and none does",
        "{} dẫn tới {} ({}): một mảng khớp khi có một phần tử, hoặc cả mảng, thỏa mãn {}, nhưng ở đây không có",
    ),
    (
        "{} goes through an array and reaches {} ({}): it matches when any of them satisfies {}, and none does",
        "{} đi qua một mảng và dẫn tới {} ({}): chỉ cần một trong số đó thỏa mãn {} là khớp, nhưng không giá trị nào thỏa mãn",
    ),
    (
        "{} reaches {} ({}), and none satisfies {}",
        "{} dẫn tới {} ({}), và không giá trị nào thỏa mãn {}",
    ),
    (
        "{} has {} element(s), not {}",
        "{} có {} phần tử, chứ không phải {}",
    ),
    (
        "{} is {}, and $size only matches arrays",
        "{} có kiểu {}, mà $size chỉ khớp với mảng",
    ),
    (
        "{}: no single element satisfies {}",
        "{}: không phần tử nào, xét riêng từng cái, thỏa mãn {}",
    ),
    (
        "{} is {}, and $elemMatch only matches arrays",
        "{} có kiểu {}, mà $elemMatch chỉ khớp với mảng",
    ),
    // Other operators
    (
        "{} is {}, and a regex only matches strings",
        "{} có kiểu {}, mà biểu thức chính quy chỉ khớp với chuỗi",
    ),
    (
        "{} is {}, and $mod only matches numbers",
        "{} có kiểu {}, mà $mod chỉ khớp với số",
    ),
    ("{} does not satisfy {}", "{} không thỏa mãn {}"),
    (" or ", " hoặc "),
    // Negations
    (
        "{} holds, and $not rejects what it matches",
        "{} được thỏa mãn, mà $not loại bỏ những gì điều kiện đó khớp",
    ),
    (
        "{} holds, and the filter asks for its opposite",
        "{} được thỏa mãn, mà bộ lọc đòi điều ngược lại",
    ),
    (
        "{} is missing, and {} rejects missing fields as well as nulls",
        "{} bị thiếu, mà {} loại cả trường bị thiếu lẫn giá trị null",
    ),
    ("an element of {} ({})", "một phần tử của {} ({})"),
    (
        "{} equals {}, so $ne: {} rejects the document",
        "{} bằng {}, nên $ne: {} loại tài liệu này",
    ),
    (
        "{} is in the $nin list, so the document is rejected",
        "{} nằm trong danh sách $nin, nên tài liệu bị loại",
    ),
    (
        "{} exists, so $exists: false rejects the document",
        "{} có tồn tại, nên $exists: false loại tài liệu này",
    ),
    (
        "{} satisfies {}, and $not rejects what it matches",
        "{} thỏa mãn {}, mà $not loại bỏ những gì điều kiện đó khớp",
    ),
    ("not ({})", "phủ định của ({})"),
    // Logical operators
    ("the filter does not match", "bộ lọc không khớp"),
    (
        "no clause of $or matches: {}",
        "không mệnh đề nào của $or khớp: {}",
    ),
    (
        "$nor rejects documents that match any of its clauses, and clause {} ({}) matches",
        "$nor loại mọi tài liệu khớp với bất kỳ mệnh đề nào của nó, mà mệnh đề {} ({}) lại khớp",
    ),
    (" and ", " và "),
    ("$or of ({})", "$or gồm ({})"),
    ("$nor of ({})", "$nor gồm ({})"),
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
    ("a {}", "{}"),
    ("an {}", "{}"),
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
    ("{} is not {} {}", "{} 并不{} {}"),
    (
        "{} is {}; {} only compares {} (type bracketing)",
        "{} 的类型是 {}；根据类型括号 (type bracketing) 规则，{} 只比较{}",
    ),
    (
        "{} reaches {} value(s) ({}), none of them in the bracket of {}, which only compares {} (type bracketing)",
        "{} 取到 {} 个值（{}），没有一个与 {} 属于同一类型括号；根据类型括号 (type bracketing) 规则，它只比较{}",
    ),
    ("{} is {}, not null", "{} 的类型是 {}，不是 null"),
    (
        "{} — NaN is equal only to NaN and neither less nor greater than any number",
        "{}：NaN 只等于 NaN，既不小于也不大于任何数字",
    ),
    // Missing fields
    ("{} does not exist in this document", "这个文档中不存在 {}"),
    (
        "{} is missing in this document, and {} never matches a missing field (only { {}: null } does)",
        "这个文档缺少 {}，而 {} 从不匹配缺失的字段（只有 { {}: null } 才匹配）",
    ),
    // Arrays
    ("1 value", "1 个值"),
    ("{} values", "{} 个值"),
    (
        "{} reaches {} ({}): an array matches when any element, or the whole array, satisfies {}, and none does",
        "{} 取到 {}（{}）：只要有一个元素或整个数组满足 {}，数组就匹配，但这里都不满足",
    ),
    (
        "{} goes through an array and reaches {} ({}): it matches when any of them satisfies {}, and none does",
        "{} 经过一个数组，取到 {}（{}）：只要其中任何一个满足 {} 就匹配，但没有一个满足",
    ),
    (
        "{} reaches {} ({}), and none satisfies {}",
        "{} 取到 {}（{}），但没有一个满足 {}",
    ),
    (
        "{} has {} element(s), not {}",
        "{} 有 {} 个元素，而不是 {} 个",
    ),
    (
        "{} is {}, and $size only matches arrays",
        "{} 的类型是 {}，而 $size 只匹配数组",
    ),
    (
        "{}: no single element satisfies {}",
        "{}：没有任何一个元素单独满足 {}",
    ),
    (
        "{} is {}, and $elemMatch only matches arrays",
        "{} 的类型是 {}，而 $elemMatch 只匹配数组",
    ),
    // Other operators
    (
        "{} is {}, and a regex only matches strings",
        "{} 的类型是 {}，而正则表达式只匹配字符串",
    ),
    (
        "{} is {}, and $mod only matches numbers",
        "{} 的类型是 {}，而 $mod 只匹配数字",
    ),
    ("{} does not satisfy {}", "{} 不满足 {}"),
    (" or ", " 或 "),
    // Negations
    (
        "{} holds, and $not rejects what it matches",
        "{} 成立，而 $not 会排除它所匹配的文档",
    ),
    (
        "{} holds, and the filter asks for its opposite",
        "{} 成立，而过滤条件要求的正是它的反面",
    ),
    (
        "{} is missing, and {} rejects missing fields as well as nulls",
        "{} 缺失，而 {} 既排除 null 也排除缺失的字段",
    ),
    ("an element of {} ({})", "{} 的一个元素 ({})"),
    (
        "{} equals {}, so $ne: {} rejects the document",
        "{} 等于 {}，所以 $ne: {} 排除了这个文档",
    ),
    (
        "{} is in the $nin list, so the document is rejected",
        "{} 在 $nin 列表中，所以这个文档被排除",
    ),
    (
        "{} exists, so $exists: false rejects the document",
        "{} 存在，所以 $exists: false 排除了这个文档",
    ),
    (
        "{} satisfies {}, and $not rejects what it matches",
        "{} 满足 {}，而 $not 会排除它所匹配的文档",
    ),
    ("not ({})", "非 ({})"),
    // Logical operators
    ("the filter does not match", "过滤条件不匹配"),
    ("no clause of $or matches: {}", "$or 的子句都不匹配：{}"),
    ("; ", "；"),
    (
        "$nor rejects documents that match any of its clauses, and clause {} ({}) matches",
        "$nor 会排除匹配其任一子句的文档，而第 {} 个子句（{}）匹配了",
    ),
    (" and ", " 且 "),
    ("$or of ({})", "由 ({}) 组成的 $or"),
    ("$nor of ({})", "由 ({}) 组成的 $nor"),
    (
        "this condition matches no document ($alwaysFalse, or $all: [])",
        "这个条件不匹配任何文档（$alwaysFalse，或 $all: []）",
    ),
    (
        "the $expr expression evaluates to false, null, 0 or missing",
        "$expr 表达式的结果是 false、null、0 或缺失",
    ),
];
