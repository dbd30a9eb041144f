//! `bson-tutor browse`: the dump browser's screen, keys, messages and errors.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // The index (library)
    (
        "the file is gzip-compressed (it starts with 1f 8b), and a compressed file cannot be read by window: decompress it first ({command}) and browse the .bson file",
        "tệp được nén gzip (bắt đầu bằng 1f 8b), mà tệp nén thì không đọc theo từng cửa sổ được: hãy giải nén trước ({command}) rồi duyệt tệp .bson",
    ),
    (
        "{path}: the file is gzip-compressed (it starts with 1f 8b), and a compressed file cannot be read by window: decompress it first ({command}) and browse the .bson file",
        "{path}: tệp được nén gzip (bắt đầu bằng 1f 8b), mà tệp nén thì không đọc theo từng cửa sổ được: hãy giải nén trước ({command}) rồi duyệt tệp .bson",
    ),
    // Title bar and panels
    (
        "indexing… {n} document so far",
        "đang lập chỉ mục… đã có {n} tài liệu",
    ),
    (
        "indexing… {n} documents so far",
        "đang lập chỉ mục… đã có {n} tài liệu",
    ),
    ("{n} document", "{n} tài liệu"),
    ("{n} documents", "{n} tài liệu"),
    (
        "{n} document, then damage",
        "{n} tài liệu, rồi đến chỗ hỏng",
    ),
    (
        "{n} documents, then damage",
        "{n} tài liệu, rồi đến chỗ hỏng",
    ),
    ("{n} byte", "{n} byte"),
    ("{n} bytes", "{n} byte"),
    ("Documents", "Tài liệu"),
    ("As the shell prints it", "Như shell in ra"),
    ("byte", "byte"),
    ("no documents", "không có tài liệu"),
    (
        "Document {n} · byte {offset} (0x{hex}) · {size} bytes",
        "Tài liệu {n} · byte {offset} (0x{hex}) · {size} byte",
    ),
    (
        "Document {n} · byte {offset} · {size} bytes",
        "Tài liệu {n} · byte {offset} · {size} byte",
    ),
    ("indexing…", "đang lập chỉ mục…"),
    (
        "the window is {width}x{height}; browse needs at least {min_width}x{min_height}",
        "cửa sổ là {width}x{height}; browse cần ít nhất {min_width}x{min_height}",
    ),
    // The filter's verdict
    ("filter", "bộ lọc"),
    ("filter: ", "bộ lọc: "),
    ("✓ document {n} matches", "✓ tài liệu {n} khớp"),
    ("✗ document {n}: {why}", "✗ tài liệu {n}: {why}"),
    (
        "✗ document {n} does not decode, so it matches nothing",
        "✗ tài liệu {n} không giải mã được, nên không khớp với bộ lọc nào",
    ),
    // Status line
    ("go to", "đi tới"),
    (
        "searching… document {n} (Esc stops)",
        "đang tìm… tài liệu {n} (Esc để dừng)",
    ),
    ("the last document", "tài liệu cuối cùng"),
    ("document {n}", "tài liệu {n}"),
    ("byte {offset}", "byte {offset}"),
    (
        "waiting for the index to reach {what}… {n} documents so far (Esc stops)",
        "đang chờ chỉ mục tới {what}… đã có {n} tài liệu (Esc để dừng)",
    ),
    (
        "the index stops at the damage: {reason}",
        "chỉ mục dừng ở chỗ hỏng: {reason}",
    ),
    (
        "↑↓ documents · Tab bytes · g go to · / filter · n next · ? keys · q quit",
        "↑↓ tài liệu · Tab byte · g đi tới · / lọc · n tiếp · ? phím · q thoát",
    ),
    (
        "no filter yet: press / to type one",
        "chưa có bộ lọc: nhấn / để nhập",
    ),
    (
        "“{line}” is not a document number, nor @offset or 0x… for a byte",
        "“{line}” không phải số thứ tự tài liệu, cũng không phải @vị_trí hay 0x… của một byte",
    ),
    ("documents count from 1", "tài liệu được đánh số từ 1"),
    ("filter cleared", "đã bỏ bộ lọc"),
    (
        "search stopped at document {n}",
        "đã dừng tìm ở tài liệu {n}",
    ),
    ("jump cancelled", "đã hủy lệnh nhảy"),
    (
        "byte {offset} is past the end of the file ({len} bytes)",
        "byte {offset} nằm sau cuối tệp (tệp có {len} byte)",
    ),
    (
        "no document holds byte {offset}: the documents end at byte {end}",
        "không tài liệu nào chứa byte {offset}: các tài liệu kết thúc ở byte {end}",
    ),
    (
        "there is no document {n}: the file has {count}",
        "không có tài liệu {n}: tệp chỉ có {count}",
    ),
    ("the file holds no document", "tệp không chứa tài liệu nào"),
    (
        "no document after document {n} matches the filter",
        "không có tài liệu nào sau tài liệu {n} khớp với bộ lọc",
    ),
    // Keys
    (
        "previous / next document (in the bytes: element)",
        "tài liệu trước / sau (trong phần byte: phần tử)",
    ),
    (
        "in the bytes: previous / next run",
        "trong phần byte: đoạn byte trước / sau",
    ),
    ("a page up / down", "lên / xuống một trang"),
    (
        "first / last document (End waits for the index)",
        "tài liệu đầu / cuối (End chờ chỉ mục xong)",
    ),
    (
        "switch between the list and the bytes",
        "chuyển giữa danh sách và phần byte",
    ),
    (
        "in the bytes: into / out of a nested document",
        "trong phần byte: vào / ra khỏi tài liệu lồng nhau",
    ),
    (
        "go to a document number, or @offset / 0x… for a byte",
        "đi tới tài liệu theo số thứ tự, hoặc @vị_trí / 0x… tới một byte",
    ),
    (
        "filter: Enter finds the next matching document",
        "bộ lọc: Enter tìm tài liệu khớp tiếp theo",
    ),
    ("the next match again", "tìm kết quả khớp tiếp theo lần nữa"),
    (
        "stop a search; close a line or this help",
        "dừng tìm; đóng dòng nhập hoặc bảng trợ giúp này",
    ),
    // The command line
    (
        "{path} is a directory; browse reads one .bson file (a collection of a dump)",
        "{path} là một thư mục; browse đọc một tệp .bson (một collection của bản dump)",
    ),
    (
        "{path} is not a regular file: browse seeks in the file, so it cannot read a pipe or a device; save it to a file first",
        "{path} không phải tệp thường: browse cần nhảy tới các vị trí trong tệp nên không đọc được pipe hay thiết bị; hãy lưu ra tệp trước",
    ),
    (
        "browse needs a terminal (standard input and output are not one); {command} prints the same documents as text",
        "browse cần một terminal (đầu vào và đầu ra chuẩn không phải terminal); {command} hiển thị cùng các tài liệu đó dưới dạng văn bản",
    ),
    // --help
    (
        "Browse a dump in the hex view: a .bson file of any size, read by window",
        "Duyệt một bản dump trong khung xem hex: một tệp .bson kích thước bất kỳ, đọc theo từng cửa sổ",
    ),
    (
        "Browse a dump in the hex view: a .bson file of any size, read by window.\n\nThe document list with offsets and sizes, jumps to a document or a byte, a filter that finds the next matching document (and says why the current one does not).",
        "Duyệt một bản dump trong khung xem hex: một tệp .bson kích thước bất kỳ, đọc theo từng cửa sổ.\n\nDanh sách tài liệu kèm vị trí và kích thước, nhảy tới một tài liệu hay một byte, một bộ lọc tìm tài liệu khớp tiếp theo (và cho biết vì sao tài liệu hiện tại không khớp).",
    ),
    (
        "The .bson file: documents back to back, as mongodump writes them. Read by window (length prefixes, then one document at a time), so its size does not matter; a .bson.gz must be decompressed first (gunzip -k FILE)",
        "Tệp .bson: các tài liệu nối tiếp nhau, như mongodump ghi. Đọc theo từng cửa sổ (các tiền tố độ dài, rồi mỗi lần một tài liệu), nên kích thước tệp không quan trọng; tệp .bson.gz phải được giải nén trước (gunzip -k FILE)",
    ),
    (
        "Start with this filter (mongosh syntax or Extended JSON) and go to its first match",
        "Bắt đầu với bộ lọc này (cú pháp mongosh hoặc Extended JSON) và đi tới tài liệu khớp đầu tiên",
    ),
];

/// Chinese (simplified).
pub(super) const ZH: &[(&str, &str)] = &[
    // The index (library)
    (
        "the file is gzip-compressed (it starts with 1f 8b), and a compressed file cannot be read by window: decompress it first ({command}) and browse the .bson file",
        "该文件经过 gzip 压缩（以 1f 8b 开头），压缩文件无法按窗口读取：请先解压（{command}），再浏览 .bson 文件",
    ),
    (
        "{path}: the file is gzip-compressed (it starts with 1f 8b), and a compressed file cannot be read by window: decompress it first ({command}) and browse the .bson file",
        "{path}: tệp được nén gzip (bắt đầu bằng 1f 8b), mà tệp nén thì không đọc theo từng cửa sổ được: hãy giải nén trước ({command}) rồi duyệt tệp .bson",
    ),
    // Title bar and panels
    (
        "indexing… {n} document so far",
        "正在建立索引… 已有 {n} 个文档",
    ),
    (
        "indexing… {n} documents so far",
        "正在建立索引… 已有 {n} 个文档",
    ),
    ("{n} document", "{n} 个文档"),
    ("{n} documents", "{n} 个文档"),
    ("{n} document, then damage", "{n} 个文档，之后损坏"),
    ("{n} documents, then damage", "{n} 个文档，之后损坏"),
    ("{n} byte", "{n} 字节"),
    ("{n} bytes", "{n} 字节"),
    ("Documents", "文档"),
    ("As the shell prints it", "shell 的显示方式"),
    ("byte", "字节"),
    ("no documents", "没有文档"),
    (
        "Document {n} · byte {offset} (0x{hex}) · {size} bytes",
        "文档 {n} · 字节 {offset} (0x{hex}) · {size} 字节",
    ),
    (
        "Document {n} · byte {offset} · {size} bytes",
        "文档 {n} · 字节 {offset} · {size} 字节",
    ),
    ("indexing…", "正在建立索引…"),
    (
        "the window is {width}x{height}; browse needs at least {min_width}x{min_height}",
        "窗口为 {width}x{height}；browse 至少需要 {min_width}x{min_height}",
    ),
    // The filter's verdict
    ("filter", "筛选"),
    ("filter: ", "筛选："),
    ("✓ document {n} matches", "✓ 文档 {n} 匹配"),
    ("✗ document {n}: {why}", "✗ 文档 {n}：{why}"),
    (
        "✗ document {n} does not decode, so it matches nothing",
        "✗ 文档 {n} 无法解码，因此不匹配任何筛选",
    ),
    // Status line
    ("go to", "跳转"),
    (
        "searching… document {n} (Esc stops)",
        "正在搜索… 文档 {n}（按 Esc 停止）",
    ),
    ("the last document", "最后一个文档"),
    ("document {n}", "文档 {n}"),
    ("byte {offset}", "字节 {offset}"),
    (
        "waiting for the index to reach {what}… {n} documents so far (Esc stops)",
        "正在等待索引到达{what}… 已有 {n} 个文档（按 Esc 停止）",
    ),
    (
        "the index stops at the damage: {reason}",
        "索引在损坏处停止：{reason}",
    ),
    (
        "↑↓ documents · Tab bytes · g go to · / filter · n next · ? keys · q quit",
        "↑↓ 文档 · Tab 字节 · g 跳转 · / 筛选 · n 下一个 · ? 按键 · q 退出",
    ),
    (
        "no filter yet: press / to type one",
        "还没有筛选条件：按 / 输入",
    ),
    (
        "“{line}” is not a document number, nor @offset or 0x… for a byte",
        "“{line}”不是文档编号，也不是表示字节位置的 @偏移 或 0x…",
    ),
    ("documents count from 1", "文档从 1 开始编号"),
    ("filter cleared", "已清除筛选"),
    ("search stopped at document {n}", "搜索已在文档 {n} 处停止"),
    ("jump cancelled", "已取消跳转"),
    (
        "byte {offset} is past the end of the file ({len} bytes)",
        "字节 {offset} 超出了文件末尾（文件共 {len} 字节）",
    ),
    (
        "no document holds byte {offset}: the documents end at byte {end}",
        "没有文档包含字节 {offset}：文档在字节 {end} 处结束",
    ),
    (
        "there is no document {n}: the file has {count}",
        "没有文档 {n}：文件只有 {count} 个",
    ),
    ("the file holds no document", "文件中没有文档"),
    (
        "no document after document {n} matches the filter",
        "文档 {n} 之后没有匹配筛选的文档",
    ),
    // Keys
    (
        "previous / next document (in the bytes: element)",
        "上一个 / 下一个文档（在字节中：元素）",
    ),
    (
        "in the bytes: previous / next run",
        "在字节中：上一段 / 下一段",
    ),
    ("a page up / down", "向上 / 向下翻一页"),
    (
        "first / last document (End waits for the index)",
        "第一个 / 最后一个文档（End 会等待索引完成）",
    ),
    (
        "switch between the list and the bytes",
        "在列表和字节之间切换",
    ),
    (
        "in the bytes: into / out of a nested document",
        "在字节中：进入 / 退出嵌套文档",
    ),
    (
        "go to a document number, or @offset / 0x… for a byte",
        "按编号跳转到文档，或用 @偏移 / 0x… 跳转到字节",
    ),
    (
        "filter: Enter finds the next matching document",
        "筛选：Enter 查找下一个匹配的文档",
    ),
    ("the next match again", "再次查找下一个匹配"),
    (
        "stop a search; close a line or this help",
        "停止搜索；关闭输入行或本帮助",
    ),
    // The command line
    (
        "{path} is a directory; browse reads one .bson file (a collection of a dump)",
        "{path} 是一个目录；browse 读取单个 .bson 文件（转储中的一个集合）",
    ),
    (
        "{path} is not a regular file: browse seeks in the file, so it cannot read a pipe or a device; save it to a file first",
        "{path} 不是普通文件：browse 需要在文件中跳转定位，因此无法读取管道或设备；请先保存为文件",
    ),
    (
        "browse needs a terminal (standard input and output are not one); {command} prints the same documents as text",
        "browse 需要终端（标准输入和输出都不是终端）；{command} 以文本形式打印同样的文档",
    ),
    // --help
    (
        "Browse a dump in the hex view: a .bson file of any size, read by window",
        "在十六进制视图中浏览转储：任意大小的 .bson 文件，按窗口读取",
    ),
    (
        "Browse a dump in the hex view: a .bson file of any size, read by window.\n\nThe document list with offsets and sizes, jumps to a document or a byte, a filter that finds the next matching document (and says why the current one does not).",
        "在十六进制视图中浏览转储：任意大小的 .bson 文件，按窗口读取。\n\n带偏移和大小的文档列表，跳转到某个文档或字节，用筛选查找下一个匹配的文档（并说明当前文档为何不匹配）。",
    ),
    (
        "The .bson file: documents back to back, as mongodump writes them. Read by window (length prefixes, then one document at a time), so its size does not matter; a .bson.gz must be decompressed first (gunzip -k FILE)",
        ".bson 文件：文档首尾相接，与 mongodump 写出的一样。按窗口读取（先读长度前缀，再每次读一个文档），因此文件大小无关紧要；.bson.gz 须先解压（gunzip -k FILE）",
    ),
    (
        "Start with this filter (mongosh syntax or Extended JSON) and go to its first match",
        "以此筛选开始（mongosh 语法或 Extended JSON），并跳到第一个匹配",
    ),
];
