//! Judging answers: the forms an answer is read in, format slips, and the classic mistakes named.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("answer like: {example}", "trả lời dạng: {example}"),
    (
        "the type counts: 7 and 7.0 are ints; write Double(7), Long('7') or Decimal128('7') for the other types",
        "kiểu dữ liệu cũng được chấm: 7 và 7.0 đều là int; hãy viết Double(7), Long('7') hoặc Decimal128('7') cho các kiểu khác",
    ),
    // Examples of a form that hold words.
    ("yes / no", "có / không"),
    ("key / value / type byte …", "khóa / giá trị / byte kiểu …"),
    // Format slips: what is wrong with the form.
    ("`{text}` is not a number", "`{text}` không phải là một số"),
    (
        "`{text}` is neither yes nor no (true or false)",
        "`{text}` không phải có hay không (true hay false)",
    ),
    ("column {column}: {message}", "cột {column}: {message}"),
    (
        "type the bytes as hex digits",
        "hãy nhập các byte bằng chữ số hex",
    ),
    ("that is not a time", "đó không phải một thời điểm"),
    (
        "several options say `{text}`: answer with a letter from a to {letter}",
        "có nhiều lựa chọn cùng nói `{text}`: hãy trả lời bằng một chữ cái từ a đến {letter}",
    ),
    (
        "answer with the name of the part the byte belongs to, in words",
        "hãy trả lời bằng chữ: tên của phần mà byte đó thuộc về",
    ),
    // Values and their types.
    ("an int ({value})", "một số int ({value})"),
    ("a long ({value})", "một số long ({value})"),
    ("a double ({value})", "một số double ({value})"),
    ("a decimal ({value})", "một số decimal ({value})"),
    (
        "you wrote {typed}, and the result is {result}: the type counts here",
        "bạn viết {typed}, còn kết quả là {result}: ở đây kiểu dữ liệu cũng được chấm",
    ),
    (
        "mongosh reads {text} as an int: a whole number is an int32 whatever decimals it is written with; a double is written Double(…)",
        "mongosh đọc {text} thành int: số nguyên luôn là int32, dù có viết kèm phần thập phân; số double phải viết Double(…)",
    ),
    (
        "mongosh reads {text} as a double, which keeps 53 bits: it becomes {value}; Long('…') keeps every digit",
        "mongosh đọc {text} thành double, vốn chỉ giữ 53 bit: nó trở thành {value}; Long('…') mới giữ đủ mọi chữ số",
    ),
    (
        "mongosh reads a whole number past the int32 range, such as {text}, as a double; an int64 is written Long('…')",
        "mongosh đọc số nguyên vượt quá phạm vi int32, như {text}, thành double; số int64 phải viết Long('…')",
    ),
    (
        "{value} is a string: a number is written without quotes",
        "{value} là một chuỗi: số thì viết không có dấu nháy",
    ),
    (
        "{value} is a string, and the answer is a number",
        "{value} là một chuỗi, còn đáp án là một số",
    ),
    // Types.
    (
        "{value} is the type byte 0x{hex} read unsigned; $type numbers {alias} {number}, the byte read as a signed number",
        "{value} là byte kiểu 0x{hex} đọc như số không dấu; $type đánh số {alias} là {number}, tức byte đó đọc như số có dấu",
    ),
    (
        "no BSON type has the number {n}",
        "không có kiểu BSON nào mang số {n}",
    ),
    // Times.
    (
        "{value} differs by {n} millisecond",
        "{value} lệch {n} mili giây",
    ),
    (
        "{value} differs by {n} milliseconds",
        "{value} lệch {n} mili giây",
    ),
    (
        "{value} is {n} hour off: an ObjectId's time is UTC (Z), not a local time",
        "{value} lệch {n} giờ: thời gian trong ObjectId là giờ UTC (Z), không phải giờ địa phương",
    ),
    (
        "{value} is {n} hours off: an ObjectId's time is UTC (Z), not a local time",
        "{value} lệch {n} giờ: thời gian trong ObjectId là giờ UTC (Z), không phải giờ địa phương",
    ),
    ("{value} is {n} second off", "{value} lệch {n} giây"),
    ("{value} is {n} seconds off", "{value} lệch {n} giây"),
    (
        "an ObjectId's time is stored in whole seconds",
        "thời gian trong ObjectId chỉ lưu đến từng giây",
    ),
    // Choices.
    (
        "({letter}) is not right: {why}",
        "({letter}) chưa đúng: {why}",
    ),
    // Bytes.
    (
        "bytes {from}–{to} ({part}) are in big-endian order",
        "các byte {from}–{to} ({part}) đang theo thứ tự big-endian",
    ),
    (
        "BSON stores numbers little-endian, least significant byte first",
        "BSON lưu số theo little-endian, byte thấp nhất đứng trước",
    ),
    (
        "byte {n} ({part}) is wrong: you typed {value}",
        "byte {n} ({part}) sai: bạn nhập {value}",
    ),
    ("and {n} more wrong byte", "và thêm {n} byte sai"),
    ("and {n} more wrong bytes", "và thêm {n} byte sai"),
    (
        "the document's length prefix",
        "tiền tố độ dài của tài liệu",
    ),
    ("the length prefix of {path}", "tiền tố độ dài của {path}"),
    ("the document's final 0x00", "byte 0x00 cuối của tài liệu"),
    ("the final 0x00 of {path}", "byte 0x00 cuối của {path}"),
    ("the type byte of {path}", "byte kiểu của {path}"),
    ("the key of {path}", "khóa của {path}"),
    (
        "the length of the value of {path}",
        "độ dài giá trị của {path}",
    ),
    ("the value of {path}", "giá trị của {path}"),
    (
        "the 0x00 that ends the key {key} is missing (byte {n})",
        "thiếu byte 0x00 kết thúc khóa {key} (byte {n})",
    ),
    (
        "the 0x00 that ends the document is missing (byte {n})",
        "thiếu byte 0x00 kết thúc tài liệu (byte {n})",
    ),
    (
        "the 0x00 that ends {path} is missing (byte {n})",
        "thiếu byte 0x00 kết thúc {path} (byte {n})",
    ),
    (
        "the 0x00 that ends the string of {path} is missing (byte {n})",
        "thiếu byte 0x00 kết thúc chuỗi của {path} (byte {n})",
    ),
    // Sizes and other values: the classic mistakes.
    (
        "one byte short: every key and every string ends with a 0x00 byte, and so does the document",
        "thiếu một byte: mỗi khóa và mỗi chuỗi đều kết thúc bằng một byte 0x00, cả tài liệu cũng vậy",
    ),
    (
        "four bytes short: the size counts the document's own 4-byte length prefix",
        "thiếu bốn byte: kích thước tính cả tiền tố độ dài 4 byte của chính tài liệu",
    ),
    (
        "five bytes short: the size counts the 4-byte length prefix and the final 0x00",
        "thiếu năm byte: kích thước tính cả tiền tố độ dài 4 byte và byte 0x00 ở cuối",
    ),
    (
        "{n} bytes short: the 0x00 that ends each key, each string and each document counts too",
        "thiếu {n} byte: byte 0x00 kết thúc mỗi khóa, mỗi chuỗi và mỗi tài liệu cũng được tính",
    ),
    (
        "that is how many characters {text} has: $bsonSize counts the bytes of BSON, not the characters of a text",
        "đó là số ký tự của {text}: $bsonSize đếm số byte của BSON, không đếm ký tự của văn bản",
    ),
    (
        "a string's length prefix counts its trailing 0x00 too",
        "tiền tố độ dài của chuỗi tính cả byte 0x00 ở cuối",
    ),
    (
        "a document's length prefix counts its own 4 bytes too",
        "tiền tố độ dài của tài liệu tính cả 4 byte của chính nó",
    ),
    (
        "that reads the bytes big-endian: BSON stores numbers little-endian, least significant byte first",
        "đó là cách đọc big-endian: BSON lưu số theo little-endian, byte thấp nhất đứng trước",
    ),
    (
        "that reads the bytes little-endian: an ObjectId's time and counter are big-endian, most significant byte first",
        "đó là cách đọc little-endian: thời gian và bộ đếm của ObjectId là big-endian, byte cao nhất đứng trước",
    ),
    (
        "that is milliseconds: an ObjectId holds whole seconds",
        "đó là mili giây: ObjectId chỉ lưu số giây",
    ),
    (
        "those are the hex digits: the answer is the number they spell",
        "đó là các chữ số hex: đáp án là con số mà chúng biểu diễn",
    ),
    // Sorts.
    (
        "that is the reverse order: in a sort, 1 is ascending and -1 descending",
        "đó là thứ tự ngược lại: khi sắp xếp, 1 là tăng dần còn -1 là giảm dần",
    ),
    (
        "an array sorts by its smallest element (by its largest in a descending sort)",
        "một mảng được xếp theo phần tử nhỏ nhất của nó (theo phần tử lớn nhất khi sắp giảm dần)",
    ),
    (
        "sort compares types first: {order}",
        "khi sắp xếp, kiểu được so sánh trước: {order}",
    ),
    (
        "strings compare byte by byte, not as the numbers or dates they spell",
        "chuỗi được so sánh từng byte một, không theo con số hay ngày tháng mà chúng biểu diễn",
    ),
    // `check`.
    (
        "reject {value} is not read as an answer, so a learner would not learn why it is wrong: {feedback}",
        "reject {value} không được đọc như một câu trả lời, nên người học sẽ không biết vì sao nó sai: {feedback}",
    ),
    (
        "`why_not` has {why_not} notes for {options} options: give one per option (\"\" for the right one)",
        "`why_not` có {why_not} ghi chú cho {options} lựa chọn: cần đúng một ghi chú cho mỗi lựa chọn (\"\" cho lựa chọn đúng)",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("answer like: {example}", "答案形式：{example}"),
    (
        "the type counts: 7 and 7.0 are ints; write Double(7), Long('7') or Decimal128('7') for the other types",
        "类型也会判定：7 和 7.0 都是 int；其他类型请写作 Double(7)、Long('7') 或 Decimal128('7')",
    ),
    ("yes / no", "是 / 否"),
    ("key / value / type byte …", "键名 / 值 / 类型字节 …"),
    ("`{text}` is not a number", "`{text}` 不是数字"),
    (
        "`{text}` is neither yes nor no (true or false)",
        "`{text}` 既不是“是”也不是“否”（true 或 false）",
    ),
    ("column {column}: {message}", "第 {column} 列：{message}"),
    (
        "type the bytes as hex digits",
        "请用十六进制数字输入这些字节",
    ),
    ("that is not a time", "这不是一个时间"),
    (
        "several options say `{text}`: answer with a letter from a to {letter}",
        "有多个选项都是 `{text}`：请用 a 到 {letter} 之间的字母作答",
    ),
    (
        "answer with the name of the part the byte belongs to, in words",
        "请用文字回答：这个字节属于哪一部分",
    ),
    ("an int ({value})", "int 类型的值（{value}）"),
    ("a long ({value})", "long 类型的值（{value}）"),
    ("a double ({value})", "double 类型的值（{value}）"),
    ("a decimal ({value})", "decimal 类型的值（{value}）"),
    (
        "you wrote {typed}, and the result is {result}: the type counts here",
        "你写的是 {typed}，而结果是 {result}：这里类型也要对",
    ),
    (
        "mongosh reads {text} as an int: a whole number is an int32 whatever decimals it is written with; a double is written Double(…)",
        "mongosh 把 {text} 读作 int：整数不论写不写小数部分都存为 int32；double 要写作 Double(…)",
    ),
    (
        "mongosh reads {text} as a double, which keeps 53 bits: it becomes {value}; Long('…') keeps every digit",
        "mongosh 把 {text} 读作 double，只有 53 位精度：它变成了 {value}；用 Long('…') 才能保留每一位数字",
    ),
    (
        "mongosh reads a whole number past the int32 range, such as {text}, as a double; an int64 is written Long('…')",
        "mongosh 把超出 int32 范围的整数（如 {text}）读作 double；int64 要写作 Long('…')",
    ),
    (
        "{value} is a string: a number is written without quotes",
        "{value} 是字符串：数字不加引号",
    ),
    (
        "{value} is a string, and the answer is a number",
        "{value} 是字符串，而答案是数字",
    ),
    (
        "{value} is the type byte 0x{hex} read unsigned; $type numbers {alias} {number}, the byte read as a signed number",
        "{value} 是把类型字节 0x{hex} 当作无符号数读出的值；$type 给 {alias} 的编号是 {number}，即把该字节当作有符号数读出的值",
    ),
    (
        "no BSON type has the number {n}",
        "没有编号为 {n} 的 BSON 类型",
    ),
    (
        "{value} differs by {n} millisecond",
        "{value} 相差 {n} 毫秒",
    ),
    (
        "{value} differs by {n} milliseconds",
        "{value} 相差 {n} 毫秒",
    ),
    (
        "{value} is {n} hour off: an ObjectId's time is UTC (Z), not a local time",
        "{value} 差了 {n} 小时：ObjectId 中的时间是 UTC（Z），不是本地时间",
    ),
    (
        "{value} is {n} hours off: an ObjectId's time is UTC (Z), not a local time",
        "{value} 差了 {n} 小时：ObjectId 中的时间是 UTC（Z），不是本地时间",
    ),
    ("{value} is {n} second off", "{value} 差了 {n} 秒"),
    ("{value} is {n} seconds off", "{value} 差了 {n} 秒"),
    (
        "an ObjectId's time is stored in whole seconds",
        "ObjectId 中的时间只精确到秒",
    ),
    ("({letter}) is not right: {why}", "({letter}) 不对：{why}"),
    (
        "bytes {from}–{to} ({part}) are in big-endian order",
        "第 {from}–{to} 字节（{part}）是大端序",
    ),
    (
        "BSON stores numbers little-endian, least significant byte first",
        "BSON 以小端序存储数字，最低有效字节在前",
    ),
    (
        "byte {n} ({part}) is wrong: you typed {value}",
        "第 {n} 字节（{part}）不对：你输入的是 {value}",
    ),
    ("and {n} more wrong byte", "另外还有 {n} 个字节不对"),
    ("and {n} more wrong bytes", "另外还有 {n} 个字节不对"),
    ("the document's length prefix", "文档的长度前缀"),
    ("the length prefix of {path}", "{path} 的长度前缀"),
    ("the document's final 0x00", "文档末尾的 0x00"),
    ("the final 0x00 of {path}", "{path} 末尾的 0x00"),
    ("the type byte of {path}", "{path} 的类型字节"),
    ("the key of {path}", "{path} 的键名"),
    ("the length of the value of {path}", "{path} 的值的长度"),
    ("the value of {path}", "{path} 的值"),
    (
        "the 0x00 that ends the key {key} is missing (byte {n})",
        "漏掉了键名 {key} 末尾的 0x00（第 {n} 字节）",
    ),
    (
        "the 0x00 that ends the document is missing (byte {n})",
        "漏掉了文档末尾的 0x00（第 {n} 字节）",
    ),
    (
        "the 0x00 that ends {path} is missing (byte {n})",
        "漏掉了 {path} 末尾的 0x00（第 {n} 字节）",
    ),
    (
        "the 0x00 that ends the string of {path} is missing (byte {n})",
        "漏掉了 {path} 字符串末尾的 0x00（第 {n} 字节）",
    ),
    (
        "one byte short: every key and every string ends with a 0x00 byte, and so does the document",
        "少了一个字节：每个键名和每个字符串都以一个 0x00 字节结尾，文档本身也是",
    ),
    (
        "four bytes short: the size counts the document's own 4-byte length prefix",
        "少了四个字节：大小要算上文档自身 4 字节的长度前缀",
    ),
    (
        "five bytes short: the size counts the 4-byte length prefix and the final 0x00",
        "少了五个字节：大小要算上 4 字节的长度前缀和末尾的 0x00",
    ),
    (
        "{n} bytes short: the 0x00 that ends each key, each string and each document counts too",
        "少了 {n} 个字节：每个键名、每个字符串和每个文档末尾的 0x00 也要算进去",
    ),
    (
        "that is how many characters {text} has: $bsonSize counts the bytes of BSON, not the characters of a text",
        "这是 {text} 的字符数：$bsonSize 计算的是 BSON 的字节数，而不是文本的字符数",
    ),
    (
        "a string's length prefix counts its trailing 0x00 too",
        "字符串的长度前缀把末尾的 0x00 也算在内",
    ),
    (
        "a document's length prefix counts its own 4 bytes too",
        "文档的长度前缀把它自己的 4 个字节也算在内",
    ),
    (
        "that reads the bytes big-endian: BSON stores numbers little-endian, least significant byte first",
        "这是按大端序读出的值：BSON 以小端序存储数字，最低有效字节在前",
    ),
    (
        "that reads the bytes little-endian: an ObjectId's time and counter are big-endian, most significant byte first",
        "这是按小端序读出的值：ObjectId 的时间和计数器是大端序，最高有效字节在前",
    ),
    (
        "that is milliseconds: an ObjectId holds whole seconds",
        "这是毫秒数：ObjectId 只保存整秒",
    ),
    (
        "those are the hex digits: the answer is the number they spell",
        "这些是十六进制数字：答案是它们所表示的那个数",
    ),
    (
        "that is the reverse order: in a sort, 1 is ascending and -1 descending",
        "顺序正好反了：排序中 1 是升序，-1 是降序",
    ),
    (
        "an array sorts by its smallest element (by its largest in a descending sort)",
        "数组按其中最小的元素排序（降序时按最大的元素）",
    ),
    (
        "sort compares types first: {order}",
        "排序先比较类型：{order}",
    ),
    (
        "strings compare byte by byte, not as the numbers or dates they spell",
        "字符串逐字节比较，而不是按它们所表示的数字或日期比较",
    ),
    (
        "reject {value} is not read as an answer, so a learner would not learn why it is wrong: {feedback}",
        "reject {value} 无法被读作答案，学习者也就无从得知它错在哪里：{feedback}",
    ),
    (
        "`why_not` has {why_not} notes for {options} options: give one per option (\"\" for the right one)",
        "`why_not` 有 {why_not} 条说明，而选项有 {options} 个：每个选项需要一条（正确选项写 \"\"）",
    ),
];
