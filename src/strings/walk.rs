//! The byte walk: meanings of every byte run (hex view, `inspect`, `show`), its table headers and step labels.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // Containers
    ("document", "document"),
    ("embedded document", "document con"),
    ("array", "mảng"),
    ("scope document", "document phạm vi"),
    // Meanings
    ("{} length = 0x{} = {} bytes", "độ dài {} = 0x{} = {} byte"),
    ("end of {}", "kết thúc {}"),
    ("type 0x{} = {}", "kiểu 0x{} = {}"),
    ("key {} + NUL", "khóa {} + NUL"),
    (
        "string length = {} (counting the trailing NUL)",
        "độ dài chuỗi = {} (tính cả NUL ở cuối)",
    ),
    ("{} + NUL", "{} + NUL"),
    ("value {}", "giá trị {}"),
    (
        "value {} ({} ms since 1970)",
        "giá trị {} ({} ms kể từ 1970)",
    ),
    (
        "ObjectId time 0x{} = {} s = {} (big-endian)",
        "thời điểm ObjectId 0x{} = {} giây = {} (big-endian)",
    ),
    (
        "ObjectId random value {} (one per process)",
        "giá trị ngẫu nhiên ObjectId {} (mỗi tiến trình một giá trị)",
    ),
    (
        "ObjectId counter 0x{} = {} (big-endian)",
        "bộ đếm ObjectId 0x{} = {} (big-endian)",
    ),
    ("timestamp increment {}", "bước tăng timestamp {}"),
    ("timestamp seconds {}", "số giây timestamp {}"),
    (
        "binary length = {} bytes of data",
        "độ dài binary = {} byte dữ liệu",
    ),
    ("subtype 0x{} = {}", "subtype 0x{} = {}"),
    (
        "old binary inner length = {}",
        "độ dài bên trong của binary cũ = {}",
    ),
    ("{} bytes: UUID {}", "{} byte: UUID {}"),
    ("{} bytes of data", "{} byte dữ liệu"),
    ("pattern {} + NUL", "mẫu {} + NUL"),
    ("options {} + NUL", "tùy chọn {} + NUL"),
    (
        "code-with-scope length = {} bytes (code and scope)",
        "độ dài code-with-scope = {} byte (mã và phạm vi)",
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
    ("({} more bytes)", "(còn {} byte nữa)"),
    (
        "document {} (input bytes {}..{})",
        "document {} (byte {}..{} của đầu vào)",
    ),
    (
        "focus: `{}` is bytes {}..{} ({} bytes): {}",
        "chú ý: `{}` nằm ở byte {}..{} ({} byte): {}",
    ),
    // A table step's header (`type` and `value` are the legend's)
    ("type byte", "byte kiểu"),
    ("value bytes", "byte giá trị"),
    ("{ v: value } bytes", "byte { v: giá trị }"),
    // The hex panel's documents
    ("hex step {}", "bước {} (hex)"),
    ("inspect step {}", "bước {} (inspect)"),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    // Containers
    ("document", "文档"),
    ("embedded document", "嵌入文档"),
    ("array", "数组"),
    ("scope document", "作用域文档"),
    // Meanings
    ("{} length = 0x{} = {} bytes", "{}长度 = 0x{} = {} 字节"),
    ("end of {}", "{}结束"),
    ("type 0x{} = {}", "类型 0x{} = {}"),
    ("key {} + NUL", "键名 {} + NUL"),
    (
        "string length = {} (counting the trailing NUL)",
        "字符串长度 = {}（含结尾的 NUL）",
    ),
    ("{} + NUL", "{} + NUL"),
    ("value {}", "值 {}"),
    (
        "value {} ({} ms since 1970)",
        "值 {}（自 1970 年起 {} 毫秒）",
    ),
    (
        "ObjectId time 0x{} = {} s = {} (big-endian)",
        "ObjectId 时间 0x{} = {} 秒 = {}（大端）",
    ),
    (
        "ObjectId random value {} (one per process)",
        "ObjectId 随机值 {}（每个进程一个）",
    ),
    (
        "ObjectId counter 0x{} = {} (big-endian)",
        "ObjectId 计数器 0x{} = {}（大端）",
    ),
    ("timestamp increment {}", "timestamp 增量 {}"),
    ("timestamp seconds {}", "timestamp 秒数 {}"),
    (
        "binary length = {} bytes of data",
        "binary 长度 = {} 字节数据",
    ),
    ("subtype 0x{} = {}", "子类型 0x{} = {}"),
    ("old binary inner length = {}", "旧式 binary 内部长度 = {}"),
    ("{} bytes: UUID {}", "{} 字节：UUID {}"),
    ("{} bytes of data", "{} 字节数据"),
    ("pattern {} + NUL", "正则模式 {} + NUL"),
    ("options {} + NUL", "正则选项 {} + NUL"),
    (
        "code-with-scope length = {} bytes (code and scope)",
        "code-with-scope 长度 = {} 字节（代码和作用域）",
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
    ("({} more bytes)", "（还有 {} 字节）"),
    (
        "document {} (input bytes {}..{})",
        "文档 {}（输入的第 {}..{} 字节）",
    ),
    (
        "focus: `{}` is bytes {}..{} ({} bytes): {}",
        "重点：`{}` 是字节 {}..{}（{} 字节）：{}",
    ),
    // A table step's header (`type` and `value` are the legend's)
    ("type byte", "类型字节"),
    ("value bytes", "值字节数"),
    ("{ v: value } bytes", "{ v: value } 字节数"),
    // The hex panel's documents
    ("hex step {}", "第 {} 步（hex）"),
    ("inspect step {}", "第 {} 步（inspect）"),
];
