//! The interface's own words in every language. The English text is the key: a string with no
//! translation shows in English, so adding a string never breaks another language. `{}` marks
//! a value filled in by [`trf`], in order.

use std::fmt::{self, Display};

use crate::lesson::i18n::Lang;

/// `en` in `lang`.
pub fn tr(lang: Lang, en: &'static str) -> &'static str {
    let table = match lang {
        Lang::En => return en,
        Lang::Vi => VI,
        Lang::Zh => ZH,
    };
    table
        .iter()
        .find(|(key, _)| *key == en)
        .map_or(en, |(_, text)| text)
}

/// `en` in `lang` with each `{}` replaced by the next of `args`.
pub fn trf(lang: Lang, en: &'static str, args: &[&dyn Display]) -> String {
    let mut out = String::new();
    // Writing into a String cannot fail.
    let _ = write_trf(&mut out, lang, en, args);
    out
}

/// [`trf`] written straight into `w` (a bounded writer stops a long value early).
///
/// # Errors
/// Whatever `w` returns.
pub fn write_trf(
    w: &mut dyn fmt::Write,
    lang: Lang,
    en: &'static str,
    args: &[&dyn Display],
) -> fmt::Result {
    let mut args = args.iter();
    let mut parts = tr(lang, en).split("{}").peekable();
    while let Some(part) = parts.next() {
        w.write_str(part)?;
        if parts.peek().is_some()
            && let Some(a) = args.next()
        {
            write!(w, "{a}")?;
        }
    }
    Ok(())
}

/// Vietnamese.
const VI: &[(&str, &str)] = &[
    // Panels and titles
    ("Lessons", "Bài học"),
    ("Bytes", "Byte"),
    ("Exercise", "Bài tập"),
    ("Keys", "Phím"),
    ("Note", "Lưu ý"),
    ("Reset", "Đặt lại"),
    ("Lesson complete", "Hoàn thành bài học"),
    ("bytes", "byte"),
    ("d: next", "d: tiếp"),
    ("Read first: {}", "Nên đọc trước: {}"),
    ("no lessons", "không có bài học"),
    // Exercise panel
    ("Exercise {}/{} · {}", "Bài tập {}/{} · {}"),
    ("✓ solved", "✓ đã giải"),
    ("revealed", "đã xem đáp án"),
    ("{} attempt", "{} lần thử"),
    ("{} attempts", "{} lần thử"),
    ("hints {}/{}", "gợi ý {}/{}"),
    ("hint {}: ", "gợi ý {}: "),
    ("answer › ", "trả lời › "),
    ("answer: ", "đáp án: "),
    ("why: ", "vì sao: "),
    (
        "press Enter to type your answer",
        "nhấn Enter để nhập câu trả lời",
    ),
    (
        "  edit and press Enter to try again · h: a hint · r: reveal the answer",
        "  sửa rồi nhấn Enter để thử lại · h: gợi ý · r: xem đáp án",
    ),
    (
        "This lesson has no exercises. < and > move between lessons.",
        "Bài này không có bài tập. Dùng < và > để chuyển bài.",
    ),
    (
        "This lesson walks no document. Press p for the playground.",
        "Bài này không có tài liệu để xem byte. Nhấn p để mở sân chơi.",
    ),
    // Lesson pane
    ("Exercise {} ", "Bài tập {} "),
    ("Exercise {} ({}): ", "Bài tập {} ({}): "),
    (" ✓ solved", " ✓ đã giải"),
    (" • revealed", " • đã xem đáp án"),
    (
        "(this step does not compute: {})",
        "(bước này không tính được: {})",
    ),
    // Status bar
    ("any key: close the help", "phím bất kỳ: đóng trợ giúp"),
    ("y: yes · n: no", "y: có · n: không"),
    ("any key: go on", "phím bất kỳ: tiếp tục"),
    (
        "Enter: next lesson · Esc: stay",
        "Enter: bài tiếp theo · Esc: ở lại",
    ),
    (
        "Tab: next line · Enter (document): add to the collection · Esc: back · F1: keys",
        "Tab: dòng tiếp · Enter (tài liệu): thêm vào collection · Esc: quay lại · F1: phím",
    ),
    (
        "↑↓ move · Enter open · Tab panels · c continue · p playground · ? keys · q quit",
        "↑↓ di chuyển · Enter mở · Tab khung · c học tiếp · p sân chơi · ? phím · q thoát",
    ),
    (
        "↑↓ PgUp PgDn scroll · Tab panels · [ ] exercises · ? keys · q quit",
        "↑↓ PgUp PgDn cuộn · Tab khung · [ ] bài tập · ? phím · q thoát",
    ),
    (
        "←→ runs · ↑↓ elements · Enter in · Esc out · d document · ? keys",
        "←→ đoạn byte · ↑↓ phần tử · Enter vào · Esc ra · d tài liệu · ? phím",
    ),
    (
        "Enter answer · h hint · r reveal · [ ] exercises · x reset · ? keys",
        "Enter trả lời · h gợi ý · r xem đáp án · [ ] bài tập · x đặt lại · ? phím",
    ),
    (
        "Enter check · Esc stop typing · Tab panels",
        "Enter kiểm tra · Esc thôi nhập · Tab khung",
    ),
    // Overlays
    ("Press any key to go on.", "Nhấn phím bất kỳ để tiếp tục."),
    ("Reset exercise {} of “{}”?", "Đặt lại bài tập {} của “{}”?"),
    (
        "Reset every exercise of “{}”?",
        "Đặt lại mọi bài tập của “{}”?",
    ),
    (
        "Attempts, hints and answers are forgotten.",
        "Số lần thử, gợi ý và câu trả lời sẽ bị xoá.",
    ),
    (" reset   ", " đặt lại   "),
    (" keep", " giữ nguyên"),
    ("{}. {}: complete", "{}. {}: hoàn thành"),
    (
        "{} of {} solved, {} revealed.",
        "Giải được {}/{}, xem đáp án {}.",
    ),
    ("Next: {}. {}", "Tiếp theo: {}. {}"),
    (" next lesson   ", " bài tiếp theo   "),
    (" stay here", " ở lại đây"),
    (
        "That was the last lesson of the course.",
        "Đó là bài cuối của khoá học.",
    ),
    (" any exercise left   ", " bài tập còn lại   "),
    (" playground   ", " sân chơi   "),
    (" close", " đóng"),
    ("↑↓ scroll ({} more lines)", "↑↓ cuộn (còn {} dòng)"),
    ("progress is saved in {}", "tiến độ được lưu ở {}"),
    (
        "make the window larger (needs {}x{}, now {}x{})",
        "hãy mở rộng cửa sổ (cần {}x{}, hiện {}x{})",
    ),
    ("q quits", "q để thoát"),
    // Notices
    ("resumed at lesson {}", "tiếp tục ở bài {}"),
    ("this lesson has no exercises", "bài này không có bài tập"),
    (
        "every exercise is done: well played",
        "đã làm xong mọi bài tập: giỏi lắm",
    ),
    ("exercise {} reset", "đã đặt lại bài tập {}"),
    ("lesson {} reset", "đã đặt lại bài {}"),
    ("this exercise has no hints", "bài tập này không có gợi ý"),
    (
        "no more hints: r reveals the answer after a wrong attempt",
        "hết gợi ý: r cho xem đáp án sau một lần trả lời sai",
    ),
    (
        "try an answer first: the answer can be revealed after a wrong attempt",
        "hãy thử trả lời trước: chỉ xem được đáp án sau một lần sai",
    ),
    (
        "this lesson has no document to walk: try the playground (p)",
        "bài này không có tài liệu để xem byte: thử sân chơi (p)",
    ),
    ("type an answer first", "hãy nhập câu trả lời trước"),
    // Playground
    ("size", "kích thước"),
    ("canonical", "chuẩn"),
    ("relaxed", "nới lỏng"),
    ("shell", "shell"),
    ("warning", "cảnh báo"),
    ("Document", "Tài liệu"),
    ("Filter", "Bộ lọc"),
    ("Collection {}", "Collection {}"),
    ("{} of {} match", "{}/{} khớp"),
    (" mongosh syntax ", " cú pháp mongosh "),
    ("Parse error", "Lỗi cú pháp"),
    (
        "the size, Extended JSON and bytes come back when it parses",
        "kích thước, Extended JSON và byte sẽ hiện lại khi đọc được",
    ),
    (
        "type a document: { a: 1 } or {\"a\": {\"$numberInt\": \"1\"}}",
        "nhập một tài liệu: { a: 1 } hoặc {\"a\": {\"$numberInt\": \"1\"}}",
    ),
    (
        "type a filter: { userId: { $gt: 0 } }",
        "nhập bộ lọc: { userId: { $gt: 0 } }",
    ),
    // Answer feedback
    ("right", "đúng"),
    ("right: {}", "đúng: {}"),
    ("right: {} bytes", "đúng: {} byte"),
    (
        "this exercise cannot be answered: {}",
        "bài tập này không trả lời được: {}",
    ),
    ("that is not a value: {}", "đó không phải một giá trị: {}"),
    (
        "the right value, but {} is {}, and the result is {}: the type matters here",
        "đúng giá trị, nhưng {} là {}, còn kết quả là {}: ở đây kiểu dữ liệu quan trọng",
    ),
    (
        "{} is not even the right kind of value: the result is {}",
        "{} còn không cùng loại giá trị: kết quả là {}",
    ),
    (
        "{} is not the value the engine computes",
        "{} không phải giá trị mà engine tính ra",
    ),
    ("that is not hex: {}", "đó không phải hex: {}"),
    ("byte {} is wrong: you typed {}", "byte {} sai: bạn nhập {}"),
    (
        "you typed {} bytes, but the answer has {}",
        "bạn nhập {} byte, nhưng đáp án có {}",
    ),
    (
        "`{}` is not what that byte is",
        "byte đó không phải là `{}`",
    ),
    (
        "`{}` is {} (type {}), a different type",
        "`{}` là {} (kiểu {}), một kiểu khác",
    ),
    (
        "`{}` is not a type name: use an alias as $type prints it (\"int\", \"long\", \"double\"...)",
        "`{}` không phải tên kiểu: hãy dùng tên như $type in ra (\"int\", \"long\", \"double\"...)",
    ),
    ("{} is {} seconds off", "{} lệch {} giây"),
    (
        "that is not an ISO-8601 time: {}",
        "đó không phải thời điểm ISO-8601: {}",
    ),
    ("({}) is not right", "({}) chưa đúng"),
    (
        "answer with a letter from a to {}",
        "hãy trả lời bằng một chữ cái từ a đến {}",
    ),
    (
        "type the _ids as a list: {}",
        "hãy nhập các _id thành một danh sách: {}",
    ),
    (
        "there is no document with _id {}",
        "không có document nào có _id {}",
    ),
    ("it is not in the result", "nó không có trong kết quả"),
    ("_id {} does not match: {}", "_id {} không khớp: {}"),
    (
        "_id {} is not in the result",
        "_id {} không có trong kết quả",
    ),
    (
        "{} matches too, and you left it out",
        "{} cũng khớp, và bạn đã bỏ sót nó",
    ),
    (
        "an _id appears more than once",
        "có một _id xuất hiện hơn một lần",
    ),
    ("{} sorts after {}", "{} xếp sau {}"),
    (
        "the right _ids, in the wrong order",
        "đúng các _id, nhưng sai thứ tự",
    ),
    // Hex view
    ("offset {}: ", "offset {}: "),
    ("document", "document"),
    ("embedded document", "document con"),
    ("array", "mảng"),
    ("scope document", "document phạm vi"),
    ("{} length = 0x{} = {} bytes", "độ dài {} = 0x{} = {} byte"),
    ("end of {}", "kết thúc {}"),
    ("type 0x{} = {}", "kiểu 0x{} = {}"),
    ("key {} + NUL", "khoá {} + NUL"),
    (
        "string length = {} (counting the trailing NUL)",
        "độ dài chuỗi = {} (tính cả NUL ở cuối)",
    ),
    ("{} + NUL", "{} + NUL"),
    ("value {}", "giá trị {}"),
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
    ("timestamp seconds {}", "giây timestamp {}"),
    (
        "binary length = {} bytes of data",
        "độ dài binary = {} byte dữ liệu",
    ),
    ("subtype 0x{} = {}", "subtype 0x{} = {}"),
    (
        "old binary inner length = {}",
        "độ dài bên trong binary cũ = {}",
    ),
    ("{} bytes: UUID {}", "{} byte: UUID {}"),
    ("{} bytes of data", "{} byte dữ liệu"),
    ("pattern {} + NUL", "mẫu {} + NUL"),
    ("options {} + NUL", "tuỳ chọn {} + NUL"),
    (
        "code-with-scope length = {} bytes (code and scope)",
        "độ dài code-with-scope = {} byte (mã và phạm vi)",
    ),
    ("depth {}", "độ sâu {}"),
    ("bytes {}–{} ({} byte)", "byte {}–{} ({} byte)"),
    ("bytes {}–{} ({} bytes)", "byte {}–{} ({} byte)"),
    ("length", "độ dài"),
    ("type", "kiểu"),
    ("key", "khoá"),
    ("value", "giá trị"),
    ("subtype", "subtype"),
    ("end", "kết thúc"),
    // Help: sections and actions
    ("anywhere", "mọi nơi"),
    ("lessons", "bài học"),
    ("text", "nội dung"),
    ("hex", "byte"),
    ("exercise", "bài tập"),
    ("answer", "trả lời"),
    ("playground", "sân chơi"),
    ("mouse", "chuột"),
    ("next / previous panel", "khung tiếp / trước"),
    ("this help", "trợ giúp này"),
    ("quit (progress is saved)", "thoát (tiến độ được lưu)"),
    (
        "continue at the first unfinished exercise",
        "học tiếp ở bài tập chưa xong đầu tiên",
    ),
    (
        "playground: your own document and filter",
        "sân chơi: tài liệu và bộ lọc của bạn",
    ),
    ("previous / next lesson", "bài trước / bài sau"),
    ("previous / next exercise", "bài tập trước / sau"),
    (
        "next / previous document in the hex view",
        "tài liệu tiếp / trước trong khung byte",
    ),
    ("move", "di chuyển"),
    ("open the lesson or exercise", "mở bài học hoặc bài tập"),
    ("scroll", "cuộn"),
    ("scroll a page", "cuộn một trang"),
    ("top / bottom", "đầu / cuối"),
    ("previous / next run of bytes", "đoạn byte trước / sau"),
    ("previous / next element", "phần tử trước / sau"),
    (
        "into an embedded document or array",
        "vào tài liệu con hoặc mảng",
    ),
    ("out to the enclosing element", "ra phần tử chứa nó"),
    ("scroll, first / last byte", "cuộn, byte đầu / cuối"),
    ("type an answer", "nhập câu trả lời"),
    ("next hint", "gợi ý tiếp theo"),
    (
        "reveal the answer (after a wrong attempt)",
        "xem đáp án (sau một lần sai)",
    ),
    (
        "reset this exercise / the whole lesson",
        "đặt lại bài tập này / cả bài học",
    ),
    ("check the answer", "kiểm tra câu trả lời"),
    ("stop typing", "thôi nhập"),
    ("move the cursor", "di chuyển con trỏ"),
    ("delete a word / to the start", "xoá một từ / đến đầu dòng"),
    (
        "document, filter, collection, bytes",
        "tài liệu, bộ lọc, collection, byte",
    ),
    (
        "add the document to the collection",
        "thêm tài liệu vào collection",
    ),
    (
        "load / remove the selected document",
        "nạp / xoá tài liệu đang chọn",
    ),
    ("back to the lessons", "quay lại bài học"),
    (
        "select a lesson, a byte or a panel; scroll",
        "chọn bài học, byte hoặc khung; cuộn",
    ),
];

/// Chinese (simplified).
const ZH: &[(&str, &str)] = &[
    // Panels and titles
    ("Lessons", "课程"),
    ("Bytes", "字节"),
    ("Exercise", "练习"),
    ("Keys", "按键"),
    ("Note", "提示"),
    ("Reset", "重置"),
    ("Lesson complete", "本课完成"),
    ("bytes", "字节"),
    ("d: next", "d：下一个"),
    ("Read first: {}", "请先阅读：{}"),
    ("no lessons", "没有课程"),
    // Exercise panel
    ("Exercise {}/{} · {}", "练习 {}/{} · {}"),
    ("✓ solved", "✓ 已解答"),
    ("revealed", "已查看答案"),
    ("{} attempt", "尝试 {} 次"),
    ("{} attempts", "尝试 {} 次"),
    ("hints {}/{}", "提示 {}/{}"),
    ("hint {}: ", "提示 {}："),
    ("answer › ", "答案 › "),
    ("answer: ", "答案："),
    ("why: ", "原因："),
    ("press Enter to type your answer", "按 Enter 输入答案"),
    (
        "  edit and press Enter to try again · h: a hint · r: reveal the answer",
        "  修改后按 Enter 再试 · h：提示 · r：查看答案",
    ),
    (
        "This lesson has no exercises. < and > move between lessons.",
        "本课没有练习。用 < 和 > 切换课程。",
    ),
    (
        "This lesson walks no document. Press p for the playground.",
        "本课没有可查看字节的文档。按 p 打开练习场。",
    ),
    // Lesson pane
    ("Exercise {} ", "练习 {} "),
    ("Exercise {} ({}): ", "练习 {}（{}）："),
    (" ✓ solved", " ✓ 已解答"),
    (" • revealed", " • 已查看答案"),
    ("(this step does not compute: {})", "（此步骤无法计算：{}）"),
    // Status bar
    ("any key: close the help", "任意键：关闭帮助"),
    ("y: yes · n: no", "y：是 · n：否"),
    ("any key: go on", "任意键：继续"),
    (
        "Enter: next lesson · Esc: stay",
        "Enter：下一课 · Esc：留在本课",
    ),
    (
        "Tab: next line · Enter (document): add to the collection · Esc: back · F1: keys",
        "Tab：下一行 · Enter（文档）：加入集合 · Esc：返回 · F1：按键",
    ),
    (
        "↑↓ move · Enter open · Tab panels · c continue · p playground · ? keys · q quit",
        "↑↓ 移动 · Enter 打开 · Tab 面板 · c 继续 · p 练习场 · ? 按键 · q 退出",
    ),
    (
        "↑↓ PgUp PgDn scroll · Tab panels · [ ] exercises · ? keys · q quit",
        "↑↓ PgUp PgDn 滚动 · Tab 面板 · [ ] 练习 · ? 按键 · q 退出",
    ),
    (
        "←→ runs · ↑↓ elements · Enter in · Esc out · d document · ? keys",
        "←→ 字节段 · ↑↓ 元素 · Enter 进入 · Esc 退出 · d 文档 · ? 按键",
    ),
    (
        "Enter answer · h hint · r reveal · [ ] exercises · x reset · ? keys",
        "Enter 作答 · h 提示 · r 查看答案 · [ ] 练习 · x 重置 · ? 按键",
    ),
    (
        "Enter check · Esc stop typing · Tab panels",
        "Enter 检查 · Esc 停止输入 · Tab 面板",
    ),
    // Overlays
    ("Press any key to go on.", "按任意键继续。"),
    ("Reset exercise {} of “{}”?", "重置练习 {}（“{}”）？"),
    ("Reset every exercise of “{}”?", "重置“{}”的全部练习？"),
    (
        "Attempts, hints and answers are forgotten.",
        "尝试次数、提示和答案都会被清除。",
    ),
    (" reset   ", " 重置   "),
    (" keep", " 保留"),
    ("{}. {}: complete", "{}. {}：完成"),
    ("{} of {} solved, {} revealed.", "解答 {}/{}，查看答案 {}。"),
    ("Next: {}. {}", "下一课：{}. {}"),
    (" next lesson   ", " 下一课   "),
    (" stay here", " 留在这里"),
    (
        "That was the last lesson of the course.",
        "这是课程的最后一课。",
    ),
    (" any exercise left   ", " 剩余练习   "),
    (" playground   ", " 练习场   "),
    (" close", " 关闭"),
    ("↑↓ scroll ({} more lines)", "↑↓ 滚动（还有 {} 行）"),
    ("progress is saved in {}", "进度保存在 {}"),
    (
        "make the window larger (needs {}x{}, now {}x{})",
        "请把窗口放大（需要 {}x{}，当前 {}x{}）",
    ),
    ("q quits", "q 退出"),
    // Notices
    ("resumed at lesson {}", "从第 {} 课继续"),
    ("this lesson has no exercises", "本课没有练习"),
    (
        "every exercise is done: well played",
        "所有练习都完成了，干得好",
    ),
    ("exercise {} reset", "练习 {} 已重置"),
    ("lesson {} reset", "课程 {} 已重置"),
    ("this exercise has no hints", "本练习没有提示"),
    (
        "no more hints: r reveals the answer after a wrong attempt",
        "没有更多提示了：答错一次后可按 r 查看答案",
    ),
    (
        "try an answer first: the answer can be revealed after a wrong attempt",
        "请先作答：答错一次后才能查看答案",
    ),
    (
        "this lesson has no document to walk: try the playground (p)",
        "本课没有可查看字节的文档：试试练习场（p）",
    ),
    ("type an answer first", "请先输入答案"),
    // Playground
    ("size", "大小"),
    ("canonical", "规范"),
    ("relaxed", "宽松"),
    ("shell", "shell"),
    ("warning", "警告"),
    ("Document", "文档"),
    ("Filter", "过滤条件"),
    ("Collection {}", "集合 {}"),
    ("{} of {} match", "{}/{} 匹配"),
    (" mongosh syntax ", " mongosh 语法 "),
    ("Parse error", "解析错误"),
    (
        "the size, Extended JSON and bytes come back when it parses",
        "能解析后会重新显示大小、Extended JSON 和字节",
    ),
    (
        "type a document: { a: 1 } or {\"a\": {\"$numberInt\": \"1\"}}",
        "输入一个文档：{ a: 1 } 或 {\"a\": {\"$numberInt\": \"1\"}}",
    ),
    (
        "type a filter: { userId: { $gt: 0 } }",
        "输入过滤条件：{ userId: { $gt: 0 } }",
    ),
    // Answer feedback
    ("right", "正确"),
    ("right: {}", "正确：{}"),
    ("right: {} bytes", "正确：{} 字节"),
    (
        "this exercise cannot be answered: {}",
        "这道练习无法作答：{}",
    ),
    ("that is not a value: {}", "这不是一个值：{}"),
    (
        "the right value, but {} is {}, and the result is {}: the type matters here",
        "值是对的，但 {} 是 {}，而结果是 {}：这里类型很重要",
    ),
    (
        "{} is not even the right kind of value: the result is {}",
        "{} 连值的种类都不对：结果是 {}",
    ),
    (
        "{} is not the value the engine computes",
        "{} 不是引擎算出的值",
    ),
    ("that is not hex: {}", "这不是十六进制：{}"),
    (
        "byte {} is wrong: you typed {}",
        "第 {} 个字节不对：你输入的是 {}",
    ),
    (
        "you typed {} bytes, but the answer has {}",
        "你输入了 {} 个字节，但答案有 {} 个",
    ),
    ("`{}` is not what that byte is", "这个字节不是 `{}`"),
    (
        "`{}` is {} (type {}), a different type",
        "`{}` 是 {}（类型 {}），是另一种类型",
    ),
    (
        "`{}` is not a type name: use an alias as $type prints it (\"int\", \"long\", \"double\"...)",
        "`{}` 不是类型名：请使用 $type 输出的别名（\"int\"、\"long\"、\"double\"……）",
    ),
    ("{} is {} seconds off", "{} 相差 {} 秒"),
    (
        "that is not an ISO-8601 time: {}",
        "这不是 ISO-8601 时间：{}",
    ),
    ("({}) is not right", "（{}）不对"),
    (
        "answer with a letter from a to {}",
        "请用 a 到 {} 之间的字母作答",
    ),
    ("type the _ids as a list: {}", "请把 _id 写成列表：{}"),
    ("there is no document with _id {}", "没有 _id 为 {} 的文档"),
    ("it is not in the result", "它不在结果中"),
    ("_id {} does not match: {}", "_id {} 不匹配：{}"),
    ("_id {} is not in the result", "_id {} 不在结果中"),
    (
        "{} matches too, and you left it out",
        "{} 也匹配，但你漏掉了它",
    ),
    ("an _id appears more than once", "有一个 _id 出现了不止一次"),
    ("{} sorts after {}", "{} 排在 {} 之后"),
    ("the right _ids, in the wrong order", "_id 都对，但顺序不对"),
    // Hex view
    ("offset {}: ", "偏移 {}："),
    ("document", "文档"),
    ("embedded document", "嵌入文档"),
    ("array", "数组"),
    ("scope document", "作用域文档"),
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
    ("pattern {} + NUL", "模式 {} + NUL"),
    ("options {} + NUL", "选项 {} + NUL"),
    (
        "code-with-scope length = {} bytes (code and scope)",
        "code-with-scope 长度 = {} 字节（代码和作用域）",
    ),
    ("depth {}", "深度 {}"),
    ("bytes {}–{} ({} byte)", "字节 {}–{}（{} 字节）"),
    ("bytes {}–{} ({} bytes)", "字节 {}–{}（{} 字节）"),
    ("length", "长度"),
    ("type", "类型"),
    ("key", "键"),
    ("value", "值"),
    ("subtype", "子类型"),
    ("end", "结束"),
    // Help: sections and actions
    ("anywhere", "任何位置"),
    ("lessons", "课程"),
    ("text", "正文"),
    ("hex", "字节"),
    ("exercise", "练习"),
    ("answer", "作答"),
    ("playground", "练习场"),
    ("mouse", "鼠标"),
    ("next / previous panel", "下一个 / 上一个面板"),
    ("this help", "本帮助"),
    ("quit (progress is saved)", "退出（进度会保存）"),
    (
        "continue at the first unfinished exercise",
        "从第一个未完成的练习继续",
    ),
    (
        "playground: your own document and filter",
        "练习场：你自己的文档和过滤条件",
    ),
    ("previous / next lesson", "上一课 / 下一课"),
    ("previous / next exercise", "上一个 / 下一个练习"),
    (
        "next / previous document in the hex view",
        "字节视图中的下一个 / 上一个文档",
    ),
    ("move", "移动"),
    ("open the lesson or exercise", "打开课程或练习"),
    ("scroll", "滚动"),
    ("scroll a page", "滚动一页"),
    ("top / bottom", "顶部 / 底部"),
    ("previous / next run of bytes", "上一段 / 下一段字节"),
    ("previous / next element", "上一个 / 下一个元素"),
    ("into an embedded document or array", "进入嵌入文档或数组"),
    ("out to the enclosing element", "回到外层元素"),
    ("scroll, first / last byte", "滚动，第一个 / 最后一个字节"),
    ("type an answer", "输入答案"),
    ("next hint", "下一条提示"),
    (
        "reveal the answer (after a wrong attempt)",
        "查看答案（答错一次之后）",
    ),
    (
        "reset this exercise / the whole lesson",
        "重置本练习 / 整课",
    ),
    ("check the answer", "检查答案"),
    ("stop typing", "停止输入"),
    ("move the cursor", "移动光标"),
    ("delete a word / to the start", "删除一个词 / 删到行首"),
    (
        "document, filter, collection, bytes",
        "文档、过滤条件、集合、字节",
    ),
    ("add the document to the collection", "把文档加入集合"),
    (
        "load / remove the selected document",
        "载入 / 删除选中的文档",
    ),
    ("back to the lessons", "返回课程"),
    (
        "select a lesson, a byte or a panel; scroll",
        "选择课程、字节或面板；滚动",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn translations_keep_their_placeholders_and_fall_back_to_english() {
        for (lang, table) in [(Lang::Vi, VI), (Lang::Zh, ZH)] {
            for (en, text) in table {
                let count = |s: &str| s.matches("{}").count();
                assert_eq!(count(en), count(text), "{lang:?}: {en:?} → {text:?}");
            }
            let mut keys: Vec<&str> = table.iter().map(|(en, _)| *en).collect();
            keys.sort_unstable();
            let before = keys.len();
            keys.dedup();
            assert_eq!(before, keys.len(), "{lang:?}: a string is translated twice");
        }
        assert_eq!(tr(Lang::Vi, "Lessons"), "Bài học");
        assert_eq!(tr(Lang::Zh, "not in any table"), "not in any table");
        assert_eq!(
            trf(Lang::Vi, "Exercise {}/{} · {}", &[&2, &7, &"size"]),
            "Bài tập 2/7 · size"
        );
    }
}
