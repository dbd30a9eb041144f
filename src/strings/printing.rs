//! Printing: the notes the shell view adds where mongosh's printing hides what is stored.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("the top-level document", "document ngoài cùng"),
    (
        "{path} is a BSON symbol; mongosh shows it as a string, and a string is what reading it back stores",
        "{path} là một BSON symbol; mongosh hiện nó như một chuỗi, và đọc lại thì lưu thành chuỗi",
    ),
    (
        "{path} is a double with a whole value; mongosh shows a JavaScript number, which reading it back stores as int32",
        "{path} là một double có giá trị nguyên; mongosh hiện một số JavaScript, và đọc lại thì lưu thành int32",
    ),
    (
        "{path} is a NaN with its own payload bits; JavaScript has one NaN, so reading it back stores other bits",
        "{path} là một NaN có các bit payload riêng; JavaScript chỉ có một NaN, nên đọc lại thì lưu các bit khác",
    ),
    (
        "{path} is a Decimal128 whose bits are not the usual encoding of its value; reading it back stores the usual bits",
        "{path} là một Decimal128 có các bit không phải cách mã hóa thông thường của giá trị; đọc lại thì lưu các bit thông thường",
    ),
    (
        "{path} has the deprecated undefined type; reading `undefined` back stores null",
        "{path} có kiểu undefined đã lỗi thời; đọc lại `undefined` thì lưu null",
    ),
    (
        "{path} is a date outside JavaScript's range; mongosh shows Invalid Date, which cannot be read back",
        "{path} là một ngày giờ nằm ngoài phạm vi của JavaScript; mongosh hiện Invalid Date, thứ không đọc lại được",
    ),
    (
        "{path} is a date outside the years 0000 to 9999; mongosh's ISODate cannot read it back, new Date('...') can",
        "{path} là một ngày giờ nằm ngoài các năm 0000 đến 9999; ISODate của mongosh không đọc lại được, còn new Date('...') thì được",
    ),
    (
        "{path} has regex options '{stored}'; mongosh shows them as JavaScript flags (s as g; x, l and u dropped), and reading them back stores '{back}'",
        "{path} có các tùy chọn regex '{stored}'; mongosh hiện chúng thành cờ JavaScript (s thành g; x, l và u bị bỏ), và đọc lại thì lưu '{back}'",
    ),
    (
        "{path}: JavaScript writes this regex pattern with escapes (/ as \\/, a line break as \\n, the empty pattern as (?:)), and reading it back stores them",
        "{path}: JavaScript viết mẫu regex này kèm ký tự thoát (/ thành \\/, xuống dòng thành \\n, mẫu rỗng thành (?:)), và đọc lại thì lưu cả chúng",
    ),
    (
        "{path} is a regex JavaScript cannot build; mongosh fails to print this document unless find is given {{ bsonRegExp: true }}, whose form is shown",
        "{path} là một regex mà JavaScript không tạo được; mongosh không in được document này trừ khi find được truyền {{ bsonRegExp: true }}, dạng đó được hiện ở đây",
    ),
    (
        "{path} is a DBPointer; mongosh shows it as a DBRef, and reading it back stores a { $ref, $id } document",
        "{path} là một DBPointer; mongosh hiện nó thành DBRef, và đọc lại thì lưu một document { $ref, $id }",
    ),
    (
        "{path} is shown as a DBRef; reading it back stores $ref, $id and $db first and in that order, with a namespace split at its dot",
        "{path} được hiện thành DBRef; đọc lại thì lưu $ref, $id và $db lên đầu theo đúng thứ tự đó, và namespace bị tách ở dấu chấm",
    ),
    (
        "in {path}, JavaScript lists integer keys first, in ascending order, so `{key}` is shown and read back out of its stored place",
        "trong {path}, JavaScript liệt kê các khóa số nguyên trước theo thứ tự tăng dần, nên `{key}` được hiện và đọc lại ở vị trí khác với lúc lưu",
    ),
    (
        "{path} stores the key `{key}` more than once; a JavaScript object keeps only the last value",
        "{path} lưu khóa `{key}` nhiều lần; một object JavaScript chỉ giữ giá trị cuối cùng",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("the top-level document", "顶层文档"),
    (
        "{path} is a BSON symbol; mongosh shows it as a string, and a string is what reading it back stores",
        "{path} 是 BSON symbol；mongosh 把它显示为字符串，读回后存储的也是字符串",
    ),
    (
        "{path} is a double with a whole value; mongosh shows a JavaScript number, which reading it back stores as int32",
        "{path} 是值为整数的 double；mongosh 显示为 JavaScript 数字，读回后存储为 int32",
    ),
    (
        "{path} is a NaN with its own payload bits; JavaScript has one NaN, so reading it back stores other bits",
        "{path} 是带有自身载荷位的 NaN；JavaScript 只有一种 NaN，所以读回后存储的位不同",
    ),
    (
        "{path} is a Decimal128 whose bits are not the usual encoding of its value; reading it back stores the usual bits",
        "{path} 是一个 Decimal128，其位不是该值的常规编码；读回后存储常规编码",
    ),
    (
        "{path} has the deprecated undefined type; reading `undefined` back stores null",
        "{path} 是已弃用的 undefined 类型；读回 `undefined` 会存储 null",
    ),
    (
        "{path} is a date outside JavaScript's range; mongosh shows Invalid Date, which cannot be read back",
        "{path} 是超出 JavaScript 范围的日期；mongosh 显示 Invalid Date，无法读回",
    ),
    (
        "{path} is a date outside the years 0000 to 9999; mongosh's ISODate cannot read it back, new Date('...') can",
        "{path} 是 0000 到 9999 年之外的日期；mongosh 的 ISODate 无法读回它，new Date('...') 可以",
    ),
    (
        "{path} has regex options '{stored}'; mongosh shows them as JavaScript flags (s as g; x, l and u dropped), and reading them back stores '{back}'",
        "{path} 的正则选项为 '{stored}'；mongosh 把它们显示为 JavaScript 标志（s 显示为 g；x、l 和 u 被丢弃），读回后存储为 '{back}'",
    ),
    (
        "{path}: JavaScript writes this regex pattern with escapes (/ as \\/, a line break as \\n, the empty pattern as (?:)), and reading it back stores them",
        "{path}：JavaScript 会给这个正则模式加上转义（/ 写成 \\/，换行写成 \\n，空模式写成 (?:)），读回后会连同转义一起存储",
    ),
    (
        "{path} is a regex JavaScript cannot build; mongosh fails to print this document unless find is given {{ bsonRegExp: true }}, whose form is shown",
        "{path} 是 JavaScript 无法构造的正则；除非给 find 传入 {{ bsonRegExp: true }}，否则 mongosh 无法打印此文档，这里显示的就是那种形式",
    ),
    (
        "{path} is a DBPointer; mongosh shows it as a DBRef, and reading it back stores a { $ref, $id } document",
        "{path} 是 DBPointer；mongosh 把它显示为 DBRef，读回后存储为 { $ref, $id } 文档",
    ),
    (
        "{path} is shown as a DBRef; reading it back stores $ref, $id and $db first and in that order, with a namespace split at its dot",
        "{path} 显示为 DBRef；读回后 $ref、$id 和 $db 按此顺序排在最前，命名空间在点号处被拆开",
    ),
    (
        "in {path}, JavaScript lists integer keys first, in ascending order, so `{key}` is shown and read back out of its stored place",
        "在 {path} 中，JavaScript 把整数键按升序排在最前，所以 `{key}` 显示和读回时都不在其存储的位置",
    ),
    (
        "{path} stores the key `{key}` more than once; a JavaScript object keeps only the last value",
        "{path} 多次存储了键 `{key}`；JavaScript 对象只保留最后一个值",
    ),
];
