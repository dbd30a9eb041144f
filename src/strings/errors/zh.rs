//! Chinese (simplified): the messages of the parsers, the BSON decoder and encoder, the
//! lesson computations and the command line's frames (English pattern, translation). Terms
//! follow the interface (src/strings/ui.rs): 文档, 键, 值, 类型, 数组, 字节.
//! A space between an ideograph and a slot is dropped when the slot's text is Chinese too.

/// Whole messages; see the parent module for `{}`, `{msg}` and `{term}`.
pub(super) const MESSAGES: &[(&str, &str)] = &[
    // Frames: positions and the lesson fields a message is about
    ("line {}, column {}: {msg}", "第 {} 行，第 {} 列：{msg}"),
    ("column {}: {msg}", "第 {} 列：{msg}"),
    ("your answer: {msg}", "你的答案：{msg}"),
    ("docs: {msg}", "docs：{msg}"),
    ("filter: {msg}", "filter：{msg}"),
    ("sort: {msg}", "sort：{msg}"),
    ("document: {msg}", "document：{msg}"),
    ("expression: {msg}", "expression：{msg}"),
    ("pipeline: {msg}", "pipeline：{msg}"),
    ("at: {msg}", "at：{msg}"),
    ("BinData: {msg}", "BinData：{msg}"),
    (
        "Binary.createFromBase64: {msg}",
        "Binary.createFromBase64：{msg}",
    ),
    ("--docs: document {}: {msg}", "--docs：第 {} 个文档：{msg}"),
    // The command line's frames: any place (`EXPRESSION`, `--hex`, `orders.json line 3`)
    // around a known message; the second is the frame the UI table already put in Chinese
    // (`orders.json 第 3 行：`). Bare frames never apply around a message that is not known.
    ("{}: {msg}", "{}：{msg}"),
    ("{}：{msg}", "{}：{msg}"),
    // BSON bytes: where the decoder stopped, in which field; where the encoder stopped
    ("byte {}: {msg}", "第 {} 字节：{msg}"),
    (
        "byte {}: {msg} (in field `{}`)",
        "第 {} 字节：{msg}（在字段 `{}` 中）",
    ),
    (
        "document {} (input byte {} on; input byte {} is its byte {}): {msg}",
        "文档 {}（从输入的第 {} 字节开始；输入的第 {} 字节是它的第 {} 字节）：{msg}",
    ),
    ("field `{}`: {msg}", "字段 `{}`：{msg}"),
    // mongosh syntax: tokens
    (
        "a `/*` comment is never closed with `*/`",
        "`/*` 注释缺少结尾的 `*/`",
    ),
    ("unexpected character `{}`", "意外的字符 `{}`"),
    (
        "a string is missing its closing quote ({})",
        "字符串缺少结尾的引号（{}）",
    ),
    (
        "a string is missing its closing quote ({}) before the end of the line; a line break inside a string is written \\n",
        "字符串在行尾之前缺少结尾的引号（{}）；字符串中的换行要写成 \\n",
    ),
    (
        "template substitutions `${...}` need variables, which literals cannot have; write a plain string",
        "模板替换 `${...}` 需要变量，而字面量里没有变量；请写成普通字符串",
    ),
    (
        "a string ends in the middle of an escape sequence",
        "字符串在转义序列中间就结束了",
    ),
    (
        "`\\{}` is an octal escape, which strict JavaScript forbids; write a hex escape such as `\\x0{}`",
        "`\\{}` 是八进制转义，严格模式的 JavaScript 禁止使用；请改用十六进制转义，如 `\\x0{}`",
    ),
    (
        "`\\x` needs exactly two hex digits, as in `\\x41`",
        "`\\x` 后面需要恰好两位十六进制数字，如 `\\x41`",
    ),
    (
        "`\\u{}` is half of a surrogate pair; UTF-8 cannot store it alone, so it becomes U+FFFD",
        "`\\u{}` 只是代理对的一半；UTF-8 无法单独存储它，因此它变成了 U+FFFD",
    ),
    (
        "`\\u` needs four hex digits or braces, as in `\\u00e9` or `\\u{1F600}`",
        "`\\u` 后面需要四位十六进制数字或花括号，如 `\\u00e9` 或 `\\u{1F600}`",
    ),
    (
        "`\\u{...}` is above U+10FFFF, the largest code point",
        "`\\u{...}` 超过了最大的码位 U+10FFFF",
    ),
    (
        "a `_` separator in a number must sit between two digits",
        "数字中的分隔符 `_` 必须位于两个数字之间",
    ),
    (
        "`{}` needs {term} digits after it",
        "`{}` 后面需要 {term} 数字",
    ),
    (
        "a number cannot start with 0 followed by digits: old JavaScript reads `{}` as octal; write `{}`, or `0o{}` for octal",
        "数字不能以 0 开头再跟其他数字：旧版 JavaScript 会把 `{}` 当作八进制；请写 `{}`，要八进制则写 `0o{}`",
    ),
    (
        "an exponent needs digits after the `e`, as in `1e6`",
        "指数在 `e` 之后需要数字，如 `1e6`",
    ),
    (
        "a BigInt literal (`42n`) must be a whole number",
        "BigInt 字面量（`42n`）必须是整数",
    ),
    ("this number cannot be read", "无法读取这个数字"),
    (
        "a number must be followed by a space or punctuation, but found `{}`",
        "数字后面必须是空格或标点，但找到 `{}`",
    ),
    (
        "this BigInt is far outside the int64 range",
        "这个 BigInt 远远超出了 int64 的范围",
    ),
    (
        "a regex literal is missing its closing `/` on this line",
        "正则表达式字面量在这一行缺少结尾的 `/`",
    ),
    // mongosh syntax: values, documents, arrays
    (
        "expected a document starting with `{`, but found {term}",
        "应为以 `{` 开头的文档，但找到 {term}",
    ),
    (
        "expected the end of the input, but found {term}",
        "此处输入应当结束，但找到 {term}",
    ),
    (
        "this BigInt is outside the int64 range -9223372036854775808..9223372036854775807",
        "这个 BigInt 超出了 int64 的范围 -9223372036854775808..9223372036854775807",
    ),
    (
        "mongosh stores `undefined` as null",
        "mongosh 会把 `undefined` 存为 null",
    ),
    (
        "documents and arrays nest at most {} levels deep",
        "文档和数组最多嵌套 {} 层",
    ),
    (
        "a regex cannot contain a NUL character: BSON stores it as a C string",
        "正则表达式不能包含 NUL 字符：BSON 把它存为 C 字符串",
    ),
    ("too many signs in a row", "连续的正负号太多了"),
    (
        "`{}` is JavaScript's increment or decrement operator; put a space between the signs",
        "`{}` 是 JavaScript 的自增或自减运算符；请在两个符号之间加一个空格",
    ),
    (
        "unary `{}` needs a number after it, but found {term}",
        "一元运算符 `{}` 后面需要数字，但找到 {term}",
    ),
    (
        "expected a value, but found {term}",
        "应为一个值，但找到 {term}",
    ),
    (
        "`new` needs a constructor after it, as in `new Date()`, but found {term}",
        "`new` 后面需要构造函数，如 `new Date()`，但找到 {term}",
    ),
    (
        "expected a method name after `{}.`, but found {term}",
        "`{}.` 之后应为方法名，但找到 {term}",
    ),
    (
        "expected `,` or `)` after an argument, but found {term}",
        "参数之后应为 `,` 或 `)`，但找到 {term}",
    ),
    (
        "an array element is missing here (two commas in a row make a hole, which mongosh stores as null)",
        "这里缺少一个数组元素（连续两个逗号会留下空位，mongosh 把它存为 null）",
    ),
    (
        "expected `,` or `]` after an array element, but found {term}",
        "数组元素之后应为 `,` 或 `]`，但找到 {term}",
    ),
    (
        "computed keys `[...]` need expressions; write the key itself",
        "计算键 `[...]` 需要表达式；请直接写出键本身",
    ),
    (
        "a document is missing its closing `}`",
        "文档缺少结尾的 `}`",
    ),
    (
        "expected a key or `}`, but found {term}",
        "应为键或 `}`，但找到 {term}",
    ),
    (
        "a key cannot contain a NUL character: BSON stores keys as C strings",
        "键不能包含 NUL 字符：BSON 把键存为 C 字符串",
    ),
    (
        "expected `:` after the key `{}`, but found {term}",
        "键 `{}` 之后应为 `:`，但找到 {term}",
    ),
    (
        "`__proto__:` in an object literal sets the prototype; it does not become a field",
        "对象字面量中的 `__proto__:` 设置的是原型；它不会成为字段",
    ),
    (
        "expected `,` or `}` after a field, but found {term}",
        "字段之后应为 `,` 或 `}`，但找到 {term}",
    ),
    (
        "duplicate key `{}`: JavaScript keeps the last value, in the first key's place",
        "重复的键 `{}`：JavaScript 保留最后一个值，放在第一个键的位置上",
    ),
    (
        "JavaScript puts integer keys first, in ascending order, so `{}` moves forward",
        "JavaScript 会把整数键按升序排在最前面，所以 `{}` 被移到了前面",
    ),
    // mongosh syntax: constructors
    (
        "`{}` is a constructor; write new Date() for the current date",
        "`{}` 是构造函数；要得到当前日期，请写 new Date()",
    ),
    (
        "`{}` is a constructor; call it, as in {}(...)",
        "`{}` 是构造函数；请调用它，如 {}(...)",
    ),
    (
        "unknown constructor `{}`; did you mean `{}`?",
        "未知的构造函数 `{}`；你是想写 `{}` 吗？",
    ),
    ("unknown constructor `{}`", "未知的构造函数 `{}`"),
    (
        "unknown name `{}`: a string needs quotes, as in '{}'",
        "未知的名称 `{}`：字符串需要加引号，如 '{}'",
    ),
    (
        "unknown name `{}`; did you mean `{}`?",
        "未知的名称 `{}`；你是想写 `{}` 吗？",
    ),
    ("unknown name `{}`", "未知的名称 `{}`"),
    (
        "{} takes {term}, but got {term}",
        "{} 接受 {term}，但收到了 {term}",
    ),
    (
        "{} takes no arguments, but got {term}",
        "{} 不接受参数，但收到了 {term}",
    ),
    ("wrong argument count", "参数个数不对"),
    (
        "{} needs whole seconds from 0 to 4294967295 (4 bytes), but got {}",
        "{} 需要 0 到 4294967295 之间的整数秒（4 个字节），但收到了 {}",
    ),
    (
        "{term}, but `{}` has `{}`, which is not a hex digit",
        "{term}，但 `{}` 中有 `{}`，它不是十六进制数字",
    ),
    ("{term}, but `{}` has {}", "{term}，但 `{}` 有 {} 位"),
    (
        "{term}, but `{}` has an odd number of them ({})",
        "{term}，但 `{}` 的位数是奇数（{}）",
    ),
    (
        "{}'s subtype is one byte, 0 to 255, but got {}",
        "{} 的子类型是一个字节，取值 0 到 255，但收到了 {}",
    ),
    (
        "Timestamp's {} must be a whole number from 0 to 4294967295, but got {}",
        "Timestamp 的 {} 必须是 0 到 4294967295 之间的整数，但收到了 {}",
    ),
    (
        "Timestamp's {} must be a number",
        "Timestamp 的 {} 必须是数字",
    ),
    (
        "Timestamp({ t, i }) needs both t (seconds) and i (increment)",
        "Timestamp({ t, i }) 需要同时给出 t（秒数）和 i（递增序号）",
    ),
    (
        "a JavaScript regex literal cannot take the `{}` flag; write BSONRegExp(\"pattern\", \"{}\")",
        "JavaScript 正则表达式字面量不能使用 `{}` 标志；请写 BSONRegExp(\"pattern\", \"{}\")",
    ),
    (
        "the regex flag `{}` has no BSON equivalent; stored regexes take i, m, s, u (and x, l)",
        "正则标志 `{}` 在 BSON 中没有对应项；存储的正则表达式只接受 i、m、s、u（以及 x、l）",
    ),
    ("`{}` is not a regex flag", "`{}` 不是正则标志"),
    (
        "the regex flag `{}` appears twice",
        "正则标志 `{}` 出现了两次",
    ),
    // mongosh syntax: numbers
    (
        "{} is out of the int32 range -2147483648..2147483647 (mongosh would silently wrap it to {}); use NumberLong",
        "{} 超出了 int32 的范围 -2147483648..2147483647（mongosh 会悄悄把它回绕成 {}）；请使用 NumberLong",
    ),
    (
        "{} is out of the int32 range -2147483648..2147483647; use NumberLong",
        "{} 超出了 int32 的范围 -2147483648..2147483647；请使用 NumberLong",
    ),
    (
        "{} needs a finite number, but got {}",
        "{} 需要有限的数字，但收到了 {}",
    ),
    (
        "{}({}) keeps {}: the fraction is dropped",
        "{}({}) 只保留 {}：小数部分被舍去",
    ),
    (
        "{} needs an integer, but `{}` is not one",
        "{} 需要整数，但 `{}` 不是整数",
    ),
    (
        "{} is out of the int64 range -9223372036854775808..9223372036854775807",
        "{} 超出了 int64 的范围 -9223372036854775808..9223372036854775807",
    ),
    (
        "{} takes a string, as in Decimal128(\"0.1\"); a number would already be a rounded double",
        "{} 接受字符串，如 Decimal128(\"0.1\")；数字在传入之前就已经是舍入过的 double 了",
    ),
    (
        "Double(\"{}\") would be NaN: the string is not a number",
        "Double(\"{}\") 会得到 NaN：这个字符串不是数字",
    ),
    // decimal128
    ("`{}` is not a decimal number", "`{}` 不是十进制数"),
    ("`{}` has a malformed exponent", "`{}` 的指数格式不正确"),
    (
        "`{}` cannot be stored exactly: decimal128 holds 34 significant digits",
        "`{}` 无法被精确存储：decimal128 最多保存 34 位有效数字",
    ),
    (
        "`{}` is too large for decimal128 (overflow)",
        "`{}` 对 decimal128 来说太大了（溢出）",
    ),
    // mongosh syntax: dates
    (
        "{} needs milliseconds within ±8.64e15 (JavaScript's Date range), but got {}; that is an Invalid Date",
        "{} 需要 ±8.64e15 以内的毫秒数（JavaScript Date 的范围），但收到了 {}；那是 Invalid Date",
    ),
    (
        "ISODate reads years 0000 to 9999; for other years write new Date(\"{}\")",
        "ISODate 只读取 0000 到 9999 年；其他年份请写 new Date(\"{}\")",
    ),
    (
        "ISODate reads dates from 0000-01-01 to 9999-12-31 (UTC)",
        "ISODate 只读取 0000-01-01 到 9999-12-31（UTC）之间的日期",
    ),
    (
        "{msg}; new Date() here reads ISO-8601 text such as \"2026-10-08T10:00:00Z\"",
        "{msg}；这里的 new Date() 读取 ISO-8601 文本，如 \"2026-10-08T10:00:00Z\"",
    ),
    (
        "JavaScript reads a date-time without `Z` or an offset in the local time zone; it is read as UTC here, so add `Z` to say so",
        "JavaScript 会按本地时区读取不带 `Z` 或时差的日期时间；这里按 UTC 读取，所以请加上 `Z` 明确表示",
    ),
    (
        "new Date(year, month, ...) counts months from 0 in the local time zone; write new Date(\"2026-10-08T10:00:00Z\") instead",
        "new Date(年, 月, ...) 的月份从 0 开始计，并且使用本地时区；请改写为 new Date(\"2026-10-08T10:00:00Z\")",
    ),
    (
        "Date() without `new` makes a string, not a date; write new Date() to store a BSON date",
        "不带 `new` 的 Date() 生成的是字符串而不是日期；要存储 BSON 日期，请写 new Date()",
    ),
    // ISO-8601 dates
    (
        "expected {} digits for the {term}, but found {term}",
        "{1} 应为 {0} 位数字，但找到 {2}",
    ),
    ("month {} is out of range {}-{}", "月份 {} 超出范围 {}-{}"),
    ("hour {} is out of range {}-{}", "小时 {} 超出范围 {}-{}"),
    ("minute {} is out of range {}-{}", "分钟 {} 超出范围 {}-{}"),
    ("second {} is out of range {}-{}", "秒 {} 超出范围 {}-{}"),
    (
        "offset hour {} is out of range {}-{}",
        "时差的小时数 {} 超出范围 {}-{}",
    ),
    (
        "offset minute {} is out of range {}-{}",
        "时差的分钟数 {} 超出范围 {}-{}",
    ),
    (
        "a date needs at least year-month-day, but the text is empty",
        "日期至少需要 年-月-日，但文本是空的",
    ),
    (
        "year -000000 is not allowed; write 0000",
        "不允许年份 -000000；请写 0000",
    ),
    (
        "expected `-` between month and day, but found {term}",
        "月和日之间应为 `-`，但找到 {term}",
    ),
    (
        "day {} is out of range for {term} {} (1-{})",
        "{2} 年 {1} 没有第 {0} 天（1-{3}）",
    ),
    (
        "expected `T` and a time after the date, but found {term}",
        "日期之后应为 `T` 和时间，但找到 {term}",
    ),
    (
        "second 60 is out of range 0-59 (BSON dates have no leap seconds)",
        "秒 60 超出范围 0-59（BSON 日期没有闰秒）",
    ),
    (
        "expected fraction digits after the point, but found {term}",
        "小数点之后应为小数位，但找到 {term}",
    ),
    (
        "a fraction of a second has at most 9 digits, but this one has {}",
        "秒的小数部分最多 9 位，但这里有 {} 位",
    ),
    (
        "`{}` has no time zone: end it with Z or an offset like +07:00",
        "`{}` 没有时区：请在末尾加上 Z 或 +07:00 这样的时差",
    ),
    (
        "expected `Z` or an offset such as `+07:00` after the time, but found {term}",
        "时间之后应为 `Z` 或 `+07:00` 这样的时差，但找到 {term}",
    ),
    (
        "unexpected {term} after the date",
        "日期之后出现了多余的 {term}",
    ),
    (
        "{} is outside the years -9999 to 9999 this tutor has rules for `{}`; UTC or a fixed offset like +07:00 works for every date",
        "{} 超出了本教程为 `{}` 提供时区规则的年份范围（-9999 到 9999）；UTC 或 +07:00 这样的固定时差适用于所有日期",
    ),
    (
        "the offset `{}` is beyond the ±25:59:59 a jiff time zone can hold",
        "时差 `{}` 超出了 jiff 时区能表示的 ±25:59:59",
    ),
    // JSON
    (
        "unexpected text after the end of the JSON value",
        "JSON 值结束之后还有多余的文本",
    ),
    (
        "expected `:` after the key, but found {term}",
        "键之后应为 `:`，但找到 {term}",
    ),
    (
        "expected a JSON value, but found {term}",
        "应为一个 JSON 值，但找到 {term}",
    ),
    ("expected `true`", "应为 `true`"),
    ("expected `false`", "应为 `false`"),
    ("expected `null`", "应为 `null`"),
    (
        "JSON is nested more than {} levels deep",
        "JSON 的嵌套超过了 {} 层",
    ),
    (
        "expected a key in double quotes, but found {term}",
        "应为用双引号括起来的键，但找到 {term}",
    ),
    (
        "expected `,` or `}` after a member, but found {term}",
        "成员之后应为 `,` 或 `}`，但找到 {term}",
    ),
    (
        "expected `,` or `]` after an array item, but found {term}",
        "数组元素之后应为 `,` 或 `]`，但找到 {term}",
    ),
    (
        "a JSON number has digits before any `.` and no leading zeros",
        "JSON 数字在 `.` 之前必须有数字，且不能有前导零",
    ),
    (
        "a JSON number needs digits after `.`",
        "JSON 数字在 `.` 之后需要数字",
    ),
    (
        "a JSON number needs digits in its exponent",
        "JSON 数字的指数部分需要数字",
    ),
    (
        "`\\u` must be followed by four hex digits",
        "`\\u` 后面必须跟四位十六进制数字",
    ),
    (
        "this string is missing its closing quote",
        "这个字符串缺少结尾的引号",
    ),
    (
        "a high surrogate `\\u` escape must be followed by a low one",
        "高代理项的 `\\u` 转义后面必须跟一个低代理项",
    ),
    (
        "a lone low surrogate is not a character",
        "单独的低代理项不是字符",
    ),
    (
        "`\\{}` is not a JSON escape (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
        "`\\{}` 不是 JSON 转义（请使用 \\\" \\\\ \\/ \\b \\f \\n \\r \\t 或 \\uXXXX）",
    ),
    (
        "a control character must be escaped inside a JSON string",
        "JSON 字符串中的控制字符必须转义",
    ),
    // Extended JSON
    (
        "expected a document (a JSON object), but found {term}",
        "应为文档（JSON 对象），但找到 {term}",
    ),
    (
        "a key cannot contain a NUL character (BSON keys are C strings)",
        "键不能包含 NUL 字符（BSON 的键是 C 字符串）",
    ),
    (
        "documents and arrays are nested more than {} levels deep",
        "文档和数组的嵌套超过了 {} 层",
    ),
    ("`{}` is not a number", "`{}` 不是数字"),
    (
        "{term} must be a string, not {term}",
        "{term} 必须是字符串，而不是 {term}",
    ),
    (
        "{term} must have exactly the keys {}",
        "{term} 必须恰好包含这些键：{}",
    ),
    ("{term} is missing `{}`", "{term} 缺少 `{}`"),
    ("{term} has duplicate keys", "{term} 有重复的键"),
    (
        "`$numberInt` must be a string of digits within the int32 range, not `{}`",
        "`$numberInt` 必须是 int32 范围内的数字字符串，而不是 `{}`",
    ),
    (
        "`$numberLong` must be a string of digits within the int64 range, not `{}`",
        "`$numberLong` 必须是 int64 范围内的数字字符串，而不是 `{}`",
    ),
    (
        "`$numberDouble` must be a decimal number, `Infinity`, `-Infinity` or `NaN`, not `{}`",
        "`$numberDouble` 必须是十进制数、`Infinity`、`-Infinity` 或 `NaN`，而不是 `{}`",
    ),
    (
        "`$uuid` must be 32 hex digits in 8-4-4-4-12 groups, not `{}`",
        "`$uuid` 必须是按 8-4-4-4-12 分组的 32 位十六进制数字，而不是 `{}`",
    ),
    ("`$scope` must be a document", "`$scope` 必须是文档"),
    (
        "`$timestamp` must be an object {\"t\": ..., \"i\": ...}",
        "`$timestamp` 必须是对象 {\"t\": ..., \"i\": ...}",
    ),
    (
        "`$regularExpression` must be an object {\"pattern\": ..., \"options\": ...}",
        "`$regularExpression` 必须是对象 {\"pattern\": ..., \"options\": ...}",
    ),
    (
        "`$dbPointer` must be an object {\"$ref\": ..., \"$id\": ...}",
        "`$dbPointer` 必须是对象 {\"$ref\": ..., \"$id\": ...}",
    ),
    (
        "`$dbPointer.$id` must be an ObjectId ({\"$oid\": ...})",
        "`$dbPointer.$id` 必须是 ObjectId（{\"$oid\": ...}）",
    ),
    ("`$minKey` must be 1", "`$minKey` 必须是 1"),
    ("`$maxKey` must be 1", "`$maxKey` 必须是 1"),
    ("`$undefined` must be true", "`$undefined` 必须是 true"),
    (
        "`{}` cannot appear here without the rest of its type wrapper",
        "`{}` 不能单独出现在这里：缺少它所属类型包装的其余部分",
    ),
    (
        "`$oid` must be 24 hex digits, not `{}`",
        "`$oid` 必须是 24 位十六进制数字，而不是 `{}`",
    ),
    (
        "timestamp `{}` must be an unsigned 32-bit integer, not {}",
        "Timestamp 的 `{}` 必须是 32 位无符号整数，而不是 {}",
    ),
    (
        "timestamp `{}` must be a number, not {term}",
        "Timestamp 的 `{}` 必须是数字，而不是 {term}",
    ),
    (
        "a regex pattern cannot contain NUL (it is stored as a C string)",
        "正则表达式的模式不能包含 NUL（它以 C 字符串存储）",
    ),
    (
        "`{}` is not a regex option (use i, l, m, s, u, x)",
        "`{}` 不是正则选项（请使用 i、l、m、s、u、x）",
    ),
    ("`$date` string: {msg}", "`$date` 字符串：{msg}"),
    (
        "`$date` must be an ISO-8601 string or {\"$numberLong\": ...}, not {term}",
        "`$date` 必须是 ISO-8601 字符串或 {\"$numberLong\": ...}，而不是 {term}",
    ),
    (
        "`$binary` must be an object {\"base64\": ..., \"subType\": ...}",
        "`$binary` 必须是对象 {\"base64\": ..., \"subType\": ...}",
    ),
    (
        "the binary subtype must be one or two hex digits, not `{}`",
        "二进制子类型必须是一到两位十六进制数字，而不是 `{}`",
    ),
    // base64
    ("`{}` has misplaced `=` padding", "`{}` 的 `=` 填充位置不对"),
    (
        "`{}` is not valid base64: its length cannot encode whole bytes",
        "`{}` 不是有效的 base64：它的长度无法编码成完整的字节",
    ),
    (
        "`{}` at position {} is not a base64 character",
        "位置 {1} 上的 `{0}` 不是 base64 字符",
    ),
    // hex
    (
        "a byte needs two hex digits, but this one has only one",
        "一个字节需要两位十六进制数字，但这里只有一位",
    ),
    (
        "`{}` is not a hex digit (0-9, a-f)",
        "`{}` 不是十六进制数字（0-9、a-f）",
    ),
    (
        "a byte needs two hex digits, but the text ends after one",
        "一个字节需要两位十六进制数字，但文本在第一位之后就结束了",
    ),
    // ObjectId
    (
        "an ObjectId is 24 hex digits, but `{}` has {} ({term})",
        "ObjectId 是 24 位十六进制数字，但 `{}` 有 {} 位（{term}）",
    ),
    (
        "an ObjectId is 24 hex digits, but `{}` has {} characters ({term})",
        "ObjectId 是 24 位十六进制数字，但 `{}` 有 {} 个字符（{term}）",
    ),
    (
        "an ObjectId is 24 hex digits, but `{}` has `{}` at column {}, which is not a hex digit (0-9, a-f)",
        "ObjectId 是 24 位十六进制数字，但 `{0}` 的第 {2} 列是 `{1}`，它不是十六进制数字（0-9、a-f）",
    ),
    // UUID
    (
        "a UUID is 32 hex digits, but `{}` has `{}` at column {}, which is neither a hex digit (0-9, a-f) nor a dash",
        "UUID 是 32 位十六进制数字，但 `{0}` 的第 {2} 列是 `{1}`，它既不是十六进制数字（0-9、a-f）也不是连字符",
    ),
    (
        "a UUID is 32 hex digits, but `{}` has {} ({term})",
        "UUID 是 32 位十六进制数字，但 `{}` 有 {} 位（{term}）",
    ),
    (
        "a UUID's dashes split its digits 8-4-4-4-12, but `{}` splits them {}",
        "UUID 的连字符把数字分成 8-4-4-4-12，但 `{}` 分成了 {}",
    ),
    (
        "this is binary subtype 3, a legacy UUID whose byte order depends on the driver that wrote it: read it with the writer's legacy order (Java, C# or Python)",
        "这是二进制子类型 3，即旧式 UUID，它的字节顺序取决于写入它的驱动程序：请按写入方的旧式顺序（Java、C# 或 Python）读取",
    ),
    (
        "a UUID is binary subtype 4, but this is subtype {}",
        "UUID 是二进制子类型 4，但这里是子类型 {}",
    ),
    (
        "a legacy ({}) UUID is binary subtype 3, but this is subtype {}",
        "旧式（{}）UUID 是二进制子类型 3，但这里是子类型 {}",
    ),
    (
        "a UUID is 16 bytes, but this binary has {}",
        "UUID 是 16 个字节，但这个二进制值有 {} 个",
    ),
    // Lesson values and computations
    (
        "{}: item {} is {}, not a document",
        "{}：第 {} 项是 {}，不是文档",
    ),
    (
        "{} must be an array of documents, not {}",
        "{} 必须是文档数组，而不是 {}",
    ),
    (
        "{} must be a document, but it is {}",
        "{} 必须是文档，但它是 {}",
    ),
    (
        "focus: the document has no element `{}`",
        "focus：文档中没有元素 `{}`",
    ),
    ("a `{}` needs `{}`", "`{}` 需要 `{}` 字段"),
    (
        "at: `{}` is outside what an ObjectId can hold",
        "at：`{}` 超出了 ObjectId 能表示的范围",
    ),
    // BSON bytes: the decoder (src/bson/error.rs)
    (
        "a document starts with a 4-byte little-endian length, but only {} byte are here",
        "文档以 4 字节的小端序长度开头，但这里只有 {} 字节",
    ),
    (
        "a document starts with a 4-byte little-endian length, but only {} bytes are here",
        "文档以 4 字节的小端序长度开头，但这里只有 {} 字节",
    ),
    (
        "{term} length {} is impossible: even an empty one takes 5 bytes (the length itself and the closing 00)",
        "{term} 长度为 {}，这不可能：即使为空也要占 5 字节（长度本身和结尾的 00）",
    ),
    (
        "document length {} is over the limit of {} bytes",
        "文档长度为 {}，超过了 {} 字节的上限",
    ),
    (
        "document length {} is over the limit of {} bytes (16 MiB)",
        "文档长度为 {}，超过了 {} 字节（16 MiB）的上限",
    ),
    (
        "the document's length says {} bytes, but only {} are here: it is cut short",
        "文档的长度表明有 {} 字节，但这里只有 {} 字节：文档被截断了",
    ),
    (
        "the document ends here, but {} more byte follow it",
        "文档在这里结束，但后面还有 {} 字节",
    ),
    (
        "the document ends here, but {} more bytes follow it",
        "文档在这里结束，但后面还有 {} 字节",
    ),
    (
        "a {term} must end with the byte 00, but its last byte is {}: its length and its contents disagree",
        "{term} 必须以字节 00 结尾，但它的最后一个字节是 {}：它的长度与内容不一致",
    ),
    (
        "the byte 00 closes the document here, but its length says it runs to byte {}",
        "字节 00 在这里结束了文档，但文档的长度表明它一直延续到第 {} 字节",
    ),
    (
        "0x{} is not a BSON type byte (types are 0x01-0x13, 0x7f MaxKey and 0xff MinKey)",
        "0x{} 不是 BSON 类型字节（类型为 0x01-0x13、0x7f MaxKey 和 0xff MinKey）",
    ),
    (
        "the {term} never ends: there is no 00 byte before the end of the document",
        "{term} 没有结尾：文档结束之前没有 00 字节",
    ),
    (
        "the {term} is not valid UTF-8 from this byte on",
        "{term} 从这个字节起不是有效的 UTF-8",
    ),
    (
        "a {term} value takes {} byte, but only {} remain before the end of the document",
        "{term} 值占 {} 字节，但文档结束之前只剩 {} 字节",
    ),
    (
        "a {term} value takes {} bytes, but only {} remain before the end of the document",
        "{term} 值占 {} 字节，但文档结束之前只剩 {} 字节",
    ),
    (
        "a binary value takes {} bytes, but only {} remain before the end of the document",
        "binary 值占 {} 字节，但文档结束之前只剩 {} 字节",
    ),
    (
        "{term} length {} is impossible: the length counts the trailing 00, so it is at least 1",
        "{term} 长度为 {}，这不可能：长度包含结尾的 00，所以至少为 1",
    ),
    (
        "{term} length {} is impossible: it is at least {}",
        "{term} 长度为 {}，这不可能：长度至少为 {}",
    ),
    (
        "binary length {} is impossible: it is at least {}",
        "binary 长度为 {}，这不可能：长度至少为 {}",
    ),
    (
        "{term} length {} runs past the end of the {term} ({} bytes)",
        "{term} 长度为 {}，超出了 {term}（{} 字节）的末尾",
    ),
    (
        "binary length {} runs past the end of the {term} ({} bytes)",
        "binary 长度为 {}，超出了 {term}（{} 字节）的末尾",
    ),
    (
        "the {term} should end with the byte 00 where its length says, but that byte is {}",
        "{term} 应在其长度指明的位置以字节 00 结尾，但那个字节是 {}",
    ),
    (
        "a boolean is the byte 00 (false) or 01 (true), not {}",
        "布尔值是字节 00（false）或 01（true），而不是 {}",
    ),
    (
        "binary subtype 0x02 repeats its length inside the data: it should be {}, but it is {}",
        "binary 子类型 0x02 在数据内部重复自身的长度：它应为 {}，但实际是 {}",
    ),
    (
        "code-with-scope length {} does not match its parts, which take {} bytes (length, code string, scope document)",
        "code-with-scope 长度为 {}，与其各部分不符，这些部分共占 {} 字节（长度、代码字符串、作用域文档）",
    ),
    // BSON bytes: the encoder (and the decoder's nesting limit, the parsers' message above)
    (
        "a {term} is written as a C string, which ends at the first 00 byte, so it cannot contain NUL",
        "{term} 以 C 字符串写入，C 字符串在第一个 00 字节处结束，所以不能包含 NUL",
    ),
    (
        "the document would take {} bytes, over the limit of {} bytes",
        "文档将占 {} 字节，超过了 {} 字节的上限",
    ),
    // The command line's own checks (src/cli/query.rs)
    (
        "stage {} is {}, not a document",
        "阶段 {} 是 {}，而不是文档",
    ),
    (
        "PIPELINE must be an array of stages, not {}",
        "PIPELINE 必须是由阶段组成的数组，而不是 {}",
    ),
];

/// Fragments that `{term}` slots hold: what was found, what a call takes, what it got.
pub(super) const TERMS: &[(&str, &str)] = &[
    // What a parser found instead
    ("the end of the input", "输入的结尾"),
    ("the end of the text", "文本的结尾"),
    // Kinds of values
    ("a number", "数字"),
    ("a BigInt", "BigInt"),
    ("a string", "字符串"),
    ("a document", "文档"),
    ("an array", "数组"),
    ("an object", "对象"),
    ("a Binary", "Binary"),
    ("an ObjectId", "ObjectId"),
    ("a boolean", "布尔值"),
    ("a date", "日期"),
    ("a regex", "正则表达式"),
    ("a DBPointer", "DBPointer"),
    ("a Code", "Code"),
    ("a symbol", "Symbol"),
    ("a Timestamp", "Timestamp"),
    ("a Long", "Long"),
    ("a Decimal128", "Decimal128"),
    // How many arguments a call got
    ("none", "0 个参数"),
    ("1 argument", "1 个参数"),
    ("{} arguments", "{} 个参数"),
    // What a call takes
    (
        "nothing, 24 hex digits or a number of seconds",
        "无参数、24 位十六进制数字或秒数",
    ),
    ("a number of seconds", "秒数"),
    (
        "a string of 24 hex digits",
        "由 24 位十六进制数字组成的字符串",
    ),
    (
        "a string of 32 hex digits",
        "由 32 位十六进制数字组成的字符串",
    ),
    (
        "a subtype and a string, as in BinData(0, \"AQID\")",
        "子类型和字符串，如 BinData(0, \"AQID\")",
    ),
    ("a string and an optional subtype", "字符串和可选的子类型"),
    ("{ t: seconds, i: increment }", "{ t: 秒数, i: 递增序号 }"),
    (
        "a pattern string and optional flags",
        "模式字符串和可选的标志",
    ),
    (
        "a string of code and an optional scope document",
        "代码字符串和可选的作用域文档",
    ),
    (
        "a scope document as its second argument",
        "作为第二个参数的作用域文档",
    ),
    (
        "a collection name, an id and an optional database name",
        "集合名、id 和可选的数据库名",
    ),
    ("a subtype number", "子类型编号"),
    (
        "a string or a number, as in NumberInt(\"42\")",
        "字符串或数字，如 NumberInt(\"42\")",
    ),
    (
        "a string, as in NumberLong(\"9007199254740993\")",
        "字符串，如 NumberLong(\"9007199254740993\")",
    ),
    (
        "a string, as in NumberDecimal(\"19.99\")",
        "字符串，如 NumberDecimal(\"19.99\")",
    ),
    ("a number, as in Double(42)", "数字，如 Double(42)"),
    (
        "an ISO-8601 string, as in ISODate(\"2026-10-08T10:00:00Z\")",
        "ISO-8601 字符串，如 ISODate(\"2026-10-08T10:00:00Z\")",
    ),
    (
        "an ISO-8601 string or milliseconds",
        "ISO-8601 字符串或毫秒数",
    ),
    // The digits a call or a literal needs
    (
        "ObjectId needs 24 hex digits",
        "ObjectId 需要 24 位十六进制数字",
    ),
    ("MD5 needs 32 hex digits", "MD5 需要 32 位十六进制数字"),
    (
        "UUID needs 32 hex digits (dashes optional)",
        "UUID 需要 32 位十六进制数字（连字符可有可无）",
    ),
    (
        "HexData needs hex digits, two per byte",
        "HexData 需要十六进制数字，每个字节两位",
    ),
    (
        "createFromHexString needs hex digits, two per byte",
        "createFromHexString 需要十六进制数字，每个字节两位",
    ),
    ("hex", "十六进制"),
    ("octal", "八进制"),
    ("binary", "二进制"),
    ("{} too many", "多了 {} 个"),
    ("{} too few", "少了 {} 个"),
    // Extended JSON wrappers
    ("the binary subtype", "二进制子类型"),
    ("legacy `$binary`", "旧式 `$binary`"),
    ("legacy `$regex`", "旧式 `$regex`"),
    ("`$code` with `$scope`", "带 `$scope` 的 `$code`"),
    // Parts of a date
    (
        "expanded year (a sign and six digits)",
        "扩展年份（一个正负号加六位数字）",
    ),
    ("year", "年份"),
    ("month", "月份"),
    ("day", "日期中的日"),
    ("hour", "小时"),
    ("minutes", "分钟"),
    ("seconds", "秒"),
    ("offset hours", "时差的小时数"),
    ("offset minutes", "时差的分钟数"),
    ("January", "1 月"),
    ("February", "2 月"),
    ("March", "3 月"),
    ("April", "4 月"),
    ("May", "5 月"),
    ("June", "6 月"),
    ("July", "7 月"),
    ("August", "8 月"),
    ("September", "9 月"),
    ("October", "10 月"),
    ("November", "11 月"),
    ("December", "12 月"),
    // What the BSON decoder and encoder were reading (as the byte walk names them)
    ("document", "文档"),
    ("embedded document", "嵌入文档"),
    ("array", "数组"),
    ("scope document", "作用域文档"),
    ("key", "键"),
    ("string", "字符串"),
    ("JavaScript code", "JavaScript 代码"),
    ("symbol", "Symbol"),
    ("DBPointer namespace", "DBPointer 命名空间"),
    ("code", "代码字符串"),
    ("code-with-scope value", "code-with-scope 值"),
    ("binary subtype 0x02", "binary 子类型 0x02"),
    ("regex pattern", "正则模式"),
    ("regex options", "正则选项"),
    ("date", "日期"),
    ("bool", "布尔"),
];
