//! The byte walk: meanings of every byte run (hex view, `inspect`, `show`), its table headers and step labels.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // Containers
    ("document", "document"),
    ("embedded document", "document con"),
    ("array", "mảng"),
    ("scope document", "document phạm vi"),
    // Meanings
    (
        "{container} length = 0x{hex} = {len} bytes",
        "độ dài {container} = 0x{hex} = {len} byte",
    ),
    ("end of {container}", "kết thúc {container}"),
    ("type 0x{hex} = {name}", "kiểu 0x{hex} = {name}"),
    ("key {text} + NUL", "khóa {text} + NUL"),
    (
        "string length = {n} (counting the trailing NUL)",
        "độ dài chuỗi = {n} (tính cả NUL ở cuối)",
    ),
    ("{text} + NUL", "{text} + NUL"),
    ("value {value}", "giá trị {value}"),
    (
        "value {date} ({ms} ms since 1970)",
        "giá trị {date} ({ms} ms kể từ 1970)",
    ),
    (
        "ObjectId time 0x{hex} = {secs} s = {date} (big-endian)",
        "thời điểm ObjectId 0x{hex} = {secs} giây = {date} (big-endian)",
    ),
    (
        "ObjectId random value {hex} (one per process)",
        "giá trị ngẫu nhiên ObjectId {hex} (mỗi tiến trình một giá trị)",
    ),
    (
        "ObjectId counter 0x{hex} = {counter} (big-endian)",
        "bộ đếm ObjectId 0x{hex} = {counter} (big-endian)",
    ),
    ("timestamp increment {n}", "bước tăng timestamp {n}"),
    ("timestamp seconds {secs}", "số giây timestamp {secs}"),
    (
        "binary length = {n} bytes of data",
        "độ dài binary = {n} byte dữ liệu",
    ),
    ("subtype 0x{hex} = {name}", "subtype 0x{hex} = {name}"),
    (
        "old binary inner length = {n}",
        "độ dài bên trong của binary cũ = {n}",
    ),
    ("{n} bytes: UUID {uuid}", "{n} byte: UUID {uuid}"),
    ("{n} bytes of data", "{n} byte dữ liệu"),
    ("pattern {text} + NUL", "mẫu {text} + NUL"),
    ("options {text} + NUL", "tùy chọn {text} + NUL"),
    (
        "code-with-scope length = {n} bytes (code and scope)",
        "độ dài code-with-scope = {n} byte (mã và phạm vi)",
    ),
    // Binary subtypes (UUID and MD5 are names in every language)
    ("generic binary", "binary thông thường"),
    ("function", "hàm"),
    ("old binary", "binary cũ"),
    ("legacy UUID", "UUID cũ"),
    ("encrypted", "đã mã hóa"),
    ("compressed column", "cột nén"),
    ("sensitive", "nhạy cảm"),
    ("vector", "vector"),
    ("user defined", "do người dùng định nghĩa"),
    ("reserved", "dành riêng"),
    // The table
    ("offset", "offset"),
    ("bytes (hex)", "byte (hex)"),
    ("meaning", "ý nghĩa"),
    ("({n} more bytes)", "(còn {n} byte nữa)"),
    (
        "document {n} (input bytes {start}..{end})",
        "document {n} (byte {start}..{end} của đầu vào)",
    ),
    (
        "focus: `{path}` is bytes {start}..{end} ({len} bytes): {bytes}",
        "chú ý: `{path}` nằm ở byte {start}..{end} ({len} byte): {bytes}",
    ),
    // A table step's header (`type` and `value` are the legend's)
    ("type byte", "byte kiểu"),
    ("value bytes", "byte giá trị"),
    ("{ v: value } bytes", "byte { v: giá trị }"),
    // The hex panel's documents
    ("hex step {step}", "bước {step} (hex)"),
    ("inspect step {step}", "bước {step} (inspect)"),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    // Containers
    ("document", "文档"),
    ("embedded document", "嵌入文档"),
    ("array", "数组"),
    ("scope document", "作用域文档"),
    // Meanings
    (
        "{container} length = 0x{hex} = {len} bytes",
        "{container}长度 = 0x{hex} = {len} 字节",
    ),
    ("end of {container}", "{container}结束"),
    ("type 0x{hex} = {name}", "类型 0x{hex} = {name}"),
    ("key {text} + NUL", "键名 {text} + NUL"),
    (
        "string length = {n} (counting the trailing NUL)",
        "字符串长度 = {n}（含结尾的 NUL）",
    ),
    ("{text} + NUL", "{text} + NUL"),
    ("value {value}", "值 {value}"),
    (
        "value {date} ({ms} ms since 1970)",
        "值 {date}（自 1970 年起 {ms} 毫秒）",
    ),
    (
        "ObjectId time 0x{hex} = {secs} s = {date} (big-endian)",
        "ObjectId 时间 0x{hex} = {secs} 秒 = {date}（大端）",
    ),
    (
        "ObjectId random value {hex} (one per process)",
        "ObjectId 随机值 {hex}（每个进程一个）",
    ),
    (
        "ObjectId counter 0x{hex} = {counter} (big-endian)",
        "ObjectId 计数器 0x{hex} = {counter}（大端）",
    ),
    ("timestamp increment {n}", "timestamp 增量 {n}"),
    ("timestamp seconds {secs}", "timestamp 秒数 {secs}"),
    (
        "binary length = {n} bytes of data",
        "binary 长度 = {n} 字节数据",
    ),
    ("subtype 0x{hex} = {name}", "子类型 0x{hex} = {name}"),
    (
        "old binary inner length = {n}",
        "旧式 binary 内部长度 = {n}",
    ),
    ("{n} bytes: UUID {uuid}", "{n} 字节：UUID {uuid}"),
    ("{n} bytes of data", "{n} 字节数据"),
    ("pattern {text} + NUL", "正则模式 {text} + NUL"),
    ("options {text} + NUL", "正则选项 {text} + NUL"),
    (
        "code-with-scope length = {n} bytes (code and scope)",
        "code-with-scope 长度 = {n} 字节（代码和作用域）",
    ),
    // Binary subtypes (UUID and MD5 are names in every language)
    ("generic binary", "通用 binary"),
    ("function", "函数"),
    ("old binary", "旧式 binary"),
    ("legacy UUID", "旧式 UUID"),
    ("encrypted", "加密"),
    ("compressed column", "压缩列"),
    ("sensitive", "敏感数据"),
    ("vector", "向量"),
    ("user defined", "用户自定义"),
    ("reserved", "保留"),
    // The table
    ("offset", "偏移"),
    ("bytes (hex)", "字节（十六进制）"),
    ("meaning", "含义"),
    ("({n} more bytes)", "（还有 {n} 字节）"),
    (
        "document {n} (input bytes {start}..{end})",
        "文档 {n}（输入的第 {start}..{end} 字节）",
    ),
    (
        "focus: `{path}` is bytes {start}..{end} ({len} bytes): {bytes}",
        "重点：`{path}` 是字节 {start}..{end}（{len} 字节）：{bytes}",
    ),
    // A table step's header (`type` and `value` are the legend's)
    ("type byte", "类型字节"),
    ("value bytes", "值字节数"),
    ("{ v: value } bytes", "{ v: value } 字节数"),
    // The hex panel's documents
    ("hex step {step}", "第 {step} 步（hex）"),
    ("inspect step {step}", "第 {step} 步（inspect）"),
];
