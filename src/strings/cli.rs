//! The command line's own output: `lessons`, `progress`, `class`, `check`, `answer`, `new`,
//! `oid` and its errors. Paths, ids, numbers and the engine's values are filled in as they are.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // Prefixes
    ("error: ", "lỗi: "),
    ("warning: ", "cảnh báo: "),
    ("note: ", "lưu ý: "),
    ("broken: ", "hỏng: "),
    ("no match: ", "không khớp: "),
    (
        "{} is an option of the tutorial (bson-tutor with no command); put a command's options after the command",
        "{} là tùy chọn của phần hướng dẫn tương tác (bson-tutor không kèm lệnh); tùy chọn của một lệnh phải đặt sau tên lệnh",
    ),
    (
        "unknown language `{}`: use en, vi or zh",
        "không biết ngôn ngữ `{}`: hãy dùng en, vi hoặc zh",
    ),
    // lessons, show, check, answer
    ("{}/{} solved", "đã giải {}/{}"),
    ("{} exercises", "{} bài tập"),
    ("progress not shown: {}", "không hiện tiến độ: {}"),
    (
        "no lesson `{}`; the lessons are: {}",
        "không có bài học `{}`; các bài học là: {}",
    ),
    ("check: {} passed, {} failed", "check: {} đạt, {} lỗi"),
    (
        "no lesson `{}` (see `bson-tutor lessons`)",
        "không có bài học `{}` (xem `bson-tutor lessons`)",
    ),
    (
        "lesson `{}` has exercises 1 to {}",
        "bài học `{}` có các bài tập từ 1 đến {}",
    ),
    ("no more hints ({} given)", "hết gợi ý (đã cho {} gợi ý)"),
    ("correct. {}", "đúng rồi. {}"),
    ("not yet: {}", "chưa đúng: {}"),
    (
        "(try again, `--hint` for a hint, or `--reveal` for the answer)",
        "(thử lại, `--hint` để xem gợi ý, hoặc `--reveal` để xem đáp án)",
    ),
    (
        "progress not saved: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "tiến độ không được lưu: không có --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME hay $HOME",
    ),
    (
        "{}:1: no {} translation of lesson `{}` (it shows in English)",
        "{}:1: chưa có bản dịch {} của bài học `{}` (bài hiện bằng tiếng Anh)",
    ),
    ("step {} {}", "bước {} {}"),
    (
        "is not translated (English is shown)",
        "chưa được dịch (hiện bản tiếng Anh)",
    ),
    (
        "is translated, but the lesson has no such text",
        "có bản dịch, nhưng bài học không có đoạn này",
    ),
    // check's failures
    ("does not compute: {}", "không tính được: {}"),
    ("step {}", "bước {}"),
    ("cannot be answered: {}", "không thể trả lời: {}"),
    (
        "expect = {}, but the engine's answer is `{}` ({})",
        "expect = {}, nhưng đáp án của engine là `{}` ({})",
    ),
    (
        "reject {} is accepted: {}",
        "reject {} lại được chấp nhận: {}",
    ),
    (
        "reject {} is refused without feedback",
        "reject {} bị từ chối mà không có lời giải thích",
    ),
    (
        "the empty answer is accepted",
        "câu trả lời rỗng lại được chấp nhận",
    ),
    (
        "the prompt typed back is accepted",
        "gõ lại nguyên đề bài cũng được chấp nhận",
    ),
    // progress
    ("progress file: {}", "tệp tiến độ: {}"),
    (
        "progress file: none (kept in memory only)",
        "tệp tiến độ: không có (chỉ giữ trong bộ nhớ)",
    ),
    ("last position: {}", "vị trí gần nhất: {}"),
    (
        "last position: {}, exercise {}",
        "vị trí gần nhất: {}, bài tập {}",
    ),
    ("last position: none yet", "vị trí gần nhất: chưa có"),
    ("{}, {}", "{}, {}"),
    ("{} hint", "{} gợi ý"),
    ("{} hints", "{} gợi ý"),
    ("exercise {}", "bài tập {}"),
    ("solved", "đã giải"),
    ("pending", "chưa làm xong"),
    (
        "records of lessons not loaded:",
        "bản ghi của những bài học không được nạp:",
    ),
    (
        "no progress file to erase: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "không có tệp tiến độ để xóa: không có --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME hay $HOME",
    ),
    (
        "nothing to erase: {} does not exist",
        "không có gì để xóa: {} không tồn tại",
    ),
    ("Erase all progress in {}?", "Xóa toàn bộ tiến độ trong {}?"),
    (
        "no lesson `{}` and no progress recorded for it (see `bson-tutor progress`)",
        "không có bài học `{}` và cũng không có tiến độ nào của nó (xem `bson-tutor progress`)",
    ),
    (
        "Erase the progress of lesson `{}` in {}?",
        "Xóa tiến độ của bài học `{}` trong {}?",
    ),
    ("[y/N]", "[c/K]"),
    ("yes", "c|có|co"),
    (
        "reading the answer from standard input: {}",
        "khi đọc câu trả lời từ đầu vào chuẩn: {}",
    ),
    (
        "no answer on standard input: nothing erased (--yes erases without asking)",
        "không có câu trả lời trên đầu vào chuẩn: không xóa gì (--yes xóa mà không hỏi)",
    ),
    ("nothing erased", "không xóa gì"),
    ("erased {}", "đã xóa {}"),
    (
        "erased the progress of lesson `{}` in {}",
        "đã xóa tiến độ của bài học `{}` trong {}",
    ),
    (
        "not exported, the lesson does not load: {}",
        "không xuất, bài học không nạp được: {}",
    ),
    (
        "{} record of a lesson or exercise not loaded is not exported",
        "{} bản ghi của bài học hoặc bài tập không được nạp nên không được xuất",
    ),
    (
        "{} records of lessons or exercises not loaded are not exported",
        "{} bản ghi của bài học hoặc bài tập không được nạp nên không được xuất",
    ),
    // The progress store
    (
        "nowhere to save progress (no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME): it is kept in memory only",
        "không có chỗ lưu tiến độ (không có --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME hay $HOME): tiến độ chỉ được giữ trong bộ nhớ",
    ),
    (
        "{} {}: moved it aside to {} and started afresh",
        "{} {}: đã chuyển nó sang {} và bắt đầu lại từ đầu",
    ),
    (
        "{} {}; it was left as it is (`bson-tutor progress` moves it aside and starts afresh)",
        "{} {}; tệp được giữ nguyên (`bson-tutor progress` sẽ chuyển nó sang chỗ khác và bắt đầu lại)",
    ),
    (
        "{} {}: moved it aside to {}; nothing was saved this time",
        "{} {}: đã chuyển nó sang {}; lần này không lưu được gì",
    ),
    ("cannot erase {}: {}", "không xóa được {}: {}"),
    ("cannot read {}: {}", "không đọc được {}: {}"),
    (
        "is not a bson-tutor progress file ({})",
        "không phải tệp tiến độ của bson-tutor ({})",
    ),
    (
        "not UTF-8 text at byte {}",
        "không phải văn bản UTF-8 ở byte {}",
    ),
    (
        "was written by a newer bson-tutor (progress format version {}, but this one reads up to version {})",
        "được ghi bởi một bson-tutor mới hơn (định dạng tiến độ phiên bản {}, nhưng bản này chỉ đọc tới phiên bản {})",
    ),
    ("cannot create {}: {}", "không tạo được {}: {}"),
    ("cannot open {}: {}", "không mở được {}: {}"),
    ("cannot lock {}: {}", "không khóa được {}: {}"),
    ("cannot write {}: {}", "không ghi được {}: {}"),
    ("cannot replace {}: {}", "không thay thế được {}: {}"),
    ("cannot sync {}: {}", "không đồng bộ được {}: {}"),
    (
        "cannot move {} aside to {}: {}",
        "không chuyển được {} sang {}: {}",
    ),
    ("terminal: {}", "terminal: {}"),
    // class summary
    (
        "{} of {} file left out of the summary: {}",
        "{} trên {} tệp bị loại khỏi bản tổng hợp: {}",
    ),
    (
        "{} of {} files left out of the summary: {}",
        "{} trên {} tệp bị loại khỏi bản tổng hợp: {}",
    ),
    (
        "no usable export in the {} file: nothing to summarize",
        "không có tệp xuất nào dùng được trong {} tệp: không có gì để tổng hợp",
    ),
    (
        "no usable export among the {} files: nothing to summarize",
        "không có tệp xuất nào dùng được trong {} tệp: không có gì để tổng hợp",
    ),
    ("{} student: {}", "{} học viên: {}"),
    ("{} students: {}", "{} học viên: {}"),
    ("no exercises", "không có bài tập"),
    ("lesson {}", "bài học {}"),
    ("solved per exercise", "tỉ lệ giải được theo bài tập"),
    ("ex", "bt"),
    ("kind", "loại"),
    ("tried", "đã thử"),
    ("attempts", "lần thử"),
    ("hints", "gợi ý"),
    ("seconds", "giây"),
    ("most common wrong answer", "câu sai phổ biến nhất"),
    // new lesson, man
    (
        "a lesson id cannot be empty",
        "id của bài học không được để trống",
    ),
    (
        "lesson id `{}` is not a simple slug: character {} (`{}`) is not a lowercase letter, a digit or `-`; an id names the file ID.toml and `bson-tutor show ID`, so it is [a-z0-9-]+, e.g. `my-lesson`",
        "id bài học `{}` không phải một slug đơn giản: ký tự thứ {} (`{}`) không phải chữ thường, chữ số hay `-`; id đặt tên cho tệp ID.toml và cho `bson-tutor show ID`, nên nó phải là [a-z0-9-]+, ví dụ `my-lesson`",
    ),
    (
        "{} already exists; bson-tutor never overwrites a lesson: pick another id or --dir, or remove the file first",
        "{} đã tồn tại; bson-tutor không bao giờ ghi đè một bài học: hãy chọn id hoặc --dir khác, hoặc xóa tệp đó trước",
    ),
    (
        "{} already exists; bson-tutor never overwrites a lesson",
        "{} đã tồn tại; bson-tutor không bao giờ ghi đè một bài học",
    ),
    ("creating {}: {}", "khi tạo {}: {}"),
    ("writing {}: {}", "khi ghi {}: {}"),
    ("wrote {}", "đã ghi {}"),
    (
        "a built-in lesson is also called `{}`; with --with-builtin both are loaded",
        "một bài học có sẵn cũng tên là `{}`; với --with-builtin cả hai đều được nạp",
    ),
    ("next: edit it, then run", "tiếp theo: sửa tệp, rồi chạy"),
    ("rendering the man page: {}", "khi tạo trang man: {}"),
    // The tutorial's start
    (
        "the tutorial needs a terminal (standard input and output are not one).\nEvery lesson is also plain text: bson-tutor lessons, bson-tutor show ID.\nSee bson-tutor --help for all the commands.",
        "phần hướng dẫn tương tác cần một terminal (đầu vào và đầu ra chuẩn không phải terminal).\nMọi bài học cũng có dạng văn bản thường: bson-tutor lessons, bson-tutor show ID.\nXem bson-tutor --help để biết mọi lệnh.",
    ),
    ("no lessons to show", "không có bài học nào để hiện"),
    (
        " (and {} more: bson-tutor check)",
        " (và {} tệp nữa: bson-tutor check)",
    ),
    ("not loaded: {}:{}:{}: {}", "không nạp được: {}:{}:{}: {}"),
    (
        "cannot watch for signals: {}",
        "không theo dõi được tín hiệu: {}",
    ),
    // oid
    ("bytes 0-3", "byte 0-3"),
    ("bytes 4-8", "byte 4-8"),
    ("bytes 9-11", "byte 9-11"),
    ("timestamp", "thời điểm"),
    ("random value", "giá trị ngẫu nhiên"),
    ("counter", "bộ đếm"),
    ("{} s since 1970 = {}", "{} giây kể từ 1970 = {}"),
    ("drawn once per process", "rút một lần cho mỗi tiến trình"),
    (
        "{}, +1 per id from that process",
        "{}, +1 cho mỗi id do tiến trình đó tạo",
    ),
    (
        "(seconds only: the milliseconds are always .000)",
        "(chỉ có giây: phần mili giây luôn là .000)",
    ),
    (
        "--at: an ObjectId's timestamp is 4 unsigned bytes of seconds, from 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z, but `{}` is outside",
        "--at: thời điểm trong ObjectId là 4 byte không dấu đếm giây, từ 1970-01-01T00:00:00Z đến 2106-02-07T06:28:15Z, nhưng `{}` nằm ngoài khoảng đó",
    ),
    // inspect, eval, find, aggregate
    ("{}: {}", "{}: {}"),
    ("--docs: document {}: {}", "--docs: document {}: {}"),
    (
        "{} must be a document, not {}",
        "{} phải là một document, không phải {}",
    ),
    (
        "{} must be an array of documents, not {}",
        "{} phải là một mảng các document, không phải {}",
    ),
    (
        "{}: item {} is {}, not a document",
        "{}: phần tử {} là {}, không phải document",
    ),
    (
        "stage {} is {}, not a document",
        "giai đoạn {} là {}, không phải document",
    ),
    (
        "PIPELINE must be an array of stages, not {}",
        "PIPELINE phải là một mảng các giai đoạn, không phải {}",
    ),
    (
        "{}: not UTF-8 text (byte {})",
        "{}: không phải văn bản UTF-8 (byte {})",
    ),
    (
        "give a DOCUMENT, --hex or --file",
        "hãy đưa một DOCUMENT, --hex hoặc --file",
    ),
    (
        "{} is text; --from bson reads raw bytes from --file",
        "{} là văn bản; --from bson đọc byte thô từ --file",
    ),
    ("reading standard input: {}", "khi đọc đầu vào chuẩn: {}"),
    ("{} line {}", "{} dòng {}"),
    (
        "{}: document at input byte {}: {}",
        "{}: document bắt đầu ở byte {} của đầu vào: {}",
    ),
    (
        "{}: not UTF-8 text (use a .bson name for raw BSON)",
        "{}: không phải văn bản UTF-8 (hãy đặt tên đuôi .bson cho BSON thô)",
    ),
    (
        "could not make ObjectId generators",
        "không tạo được bộ sinh ObjectId",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    // Prefixes
    ("error: ", "错误："),
    ("warning: ", "警告："),
    ("note: ", "注意："),
    ("broken: ", "已损坏："),
    ("no match: ", "不匹配："),
    (
        "{} is an option of the tutorial (bson-tutor with no command); put a command's options after the command",
        "{} 是交互式教程（不带命令的 bson-tutor）的选项；命令自己的选项请写在命令名之后",
    ),
    (
        "unknown language `{}`: use en, vi or zh",
        "未知语言 `{}`：请使用 en、vi 或 zh",
    ),
    // lessons, show, check, answer
    ("{}/{} solved", "已解答 {}/{}"),
    ("{} exercises", "{} 道练习"),
    ("progress not shown: {}", "未显示进度：{}"),
    (
        "no lesson `{}`; the lessons are: {}",
        "没有课程 `{}`；现有课程：{}",
    ),
    ("check: {} passed, {} failed", "check：{} 项通过，{} 项失败"),
    (
        "no lesson `{}` (see `bson-tutor lessons`)",
        "没有课程 `{}`（见 `bson-tutor lessons`）",
    ),
    (
        "lesson `{}` has exercises 1 to {}",
        "课程 `{}` 的练习编号为 1 到 {}",
    ),
    ("no more hints ({} given)", "没有更多提示了（已给出 {} 条）"),
    ("correct. {}", "正确。{}"),
    ("not yet: {}", "还不对：{}"),
    (
        "(try again, `--hint` for a hint, or `--reveal` for the answer)",
        "（再试一次，用 `--hint` 查看提示，或用 `--reveal` 查看答案）",
    ),
    (
        "progress not saved: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "进度未保存：没有 --progress、$BSON_TUTOR_PROGRESS、$XDG_DATA_HOME 或 $HOME",
    ),
    (
        "{}:1: no {} translation of lesson `{}` (it shows in English)",
        "{}:1：缺少 {} 译文：课程 `{}`（将以英文显示）",
    ),
    ("step {} {}", "第 {} 步 {}"),
    (
        "is not translated (English is shown)",
        "尚未翻译（显示英文）",
    ),
    (
        "is translated, but the lesson has no such text",
        "有译文，但课程中没有对应的文字",
    ),
    // check's failures
    ("does not compute: {}", "无法计算：{}"),
    ("step {}", "第 {} 步"),
    ("cannot be answered: {}", "无法作答：{}"),
    (
        "expect = {}, but the engine's answer is `{}` ({})",
        "expect = {}，但引擎的答案是 `{}`（{}）",
    ),
    ("reject {} is accepted: {}", "reject {} 却被判为正确：{}"),
    (
        "reject {} is refused without feedback",
        "reject {} 被拒绝，但没有给出反馈",
    ),
    ("the empty answer is accepted", "空答案被判为正确"),
    (
        "the prompt typed back is accepted",
        "把题目原样输入也被判为正确",
    ),
    // progress
    ("progress file: {}", "进度文件：{}"),
    (
        "progress file: none (kept in memory only)",
        "进度文件：无（仅保存在内存中）",
    ),
    ("last position: {}", "上次位置：{}"),
    ("last position: {}, exercise {}", "上次位置：{}，练习 {}"),
    ("last position: none yet", "上次位置：暂无"),
    ("{}, {}", "{}，{}"),
    ("{} hint", "提示 {} 次"),
    ("{} hints", "提示 {} 次"),
    ("exercise {}", "练习 {}"),
    ("solved", "已解答"),
    ("pending", "未完成"),
    ("records of lessons not loaded:", "未加载课程的记录："),
    (
        "no progress file to erase: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "没有可清除的进度文件：没有 --progress、$BSON_TUTOR_PROGRESS、$XDG_DATA_HOME 或 $HOME",
    ),
    ("nothing to erase: {} does not exist", "无需清除：{} 不存在"),
    ("Erase all progress in {}?", "清除 {} 中的全部进度？"),
    (
        "no lesson `{}` and no progress recorded for it (see `bson-tutor progress`)",
        "没有课程 `{}`，也没有它的进度记录（见 `bson-tutor progress`）",
    ),
    (
        "Erase the progress of lesson `{}` in {}?",
        "清除课程 `{}` 在 {} 中的进度？",
    ),
    ("[y/N]", "[y/N]"),
    ("yes", "是|好"),
    (
        "reading the answer from standard input: {}",
        "从标准输入读取回答时出错：{}",
    ),
    (
        "no answer on standard input: nothing erased (--yes erases without asking)",
        "标准输入没有回答：未清除任何内容（--yes 可不经询问直接清除）",
    ),
    ("nothing erased", "未清除任何内容"),
    ("erased {}", "已清除 {}"),
    (
        "erased the progress of lesson `{}` in {}",
        "已清除课程 `{}` 在 {} 中的进度",
    ),
    (
        "not exported, the lesson does not load: {}",
        "未导出，课程无法加载：{}",
    ),
    (
        "{} record of a lesson or exercise not loaded is not exported",
        "有 {} 条记录属于未加载的课程或练习，未导出",
    ),
    (
        "{} records of lessons or exercises not loaded are not exported",
        "有 {} 条记录属于未加载的课程或练习，未导出",
    ),
    // The progress store
    (
        "nowhere to save progress (no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME): it is kept in memory only",
        "没有保存进度的位置（没有 --progress、$BSON_TUTOR_PROGRESS、$XDG_DATA_HOME 或 $HOME）：进度仅保存在内存中",
    ),
    (
        "{} {}: moved it aside to {} and started afresh",
        "{} {}：已将其移到 {}，并重新开始",
    ),
    (
        "{} {}; it was left as it is (`bson-tutor progress` moves it aside and starts afresh)",
        "{} {}；文件保持原样（`bson-tutor progress` 会把它移开并重新开始）",
    ),
    (
        "{} {}: moved it aside to {}; nothing was saved this time",
        "{} {}：已将其移到 {}；本次没有保存任何内容",
    ),
    ("cannot erase {}: {}", "无法清除 {}：{}"),
    ("cannot read {}: {}", "无法读取 {}：{}"),
    (
        "is not a bson-tutor progress file ({})",
        "不是 bson-tutor 的进度文件（{}）",
    ),
    ("not UTF-8 text at byte {}", "第 {} 字节处不是 UTF-8 文本"),
    (
        "was written by a newer bson-tutor (progress format version {}, but this one reads up to version {})",
        "由更新版本的 bson-tutor 写入（进度格式版本 {}，而本程序最多读取版本 {}）",
    ),
    ("cannot create {}: {}", "无法创建 {}：{}"),
    ("cannot open {}: {}", "无法打开 {}：{}"),
    ("cannot lock {}: {}", "无法锁定 {}：{}"),
    ("cannot write {}: {}", "无法写入 {}：{}"),
    ("cannot replace {}: {}", "无法替换 {}：{}"),
    ("cannot sync {}: {}", "无法同步 {}：{}"),
    ("cannot move {} aside to {}: {}", "无法把 {} 移到 {}：{}"),
    ("terminal: {}", "终端：{}"),
    // class summary
    (
        "{} of {} file left out of the summary: {}",
        "有 {} 个文件未计入汇总（共 {} 个）：{}",
    ),
    (
        "{} of {} files left out of the summary: {}",
        "有 {} 个文件未计入汇总（共 {} 个）：{}",
    ),
    (
        "no usable export in the {} file: nothing to summarize",
        "{} 个文件中没有可用的导出：无可汇总",
    ),
    (
        "no usable export among the {} files: nothing to summarize",
        "{} 个文件中没有可用的导出：无可汇总",
    ),
    ("{} student: {}", "{} 名学生：{}"),
    ("{} students: {}", "{} 名学生：{}"),
    ("no exercises", "没有练习"),
    ("lesson {}", "课程 {}"),
    ("solved per exercise", "各练习的解答率"),
    ("ex", "题"),
    ("kind", "类型"),
    ("tried", "尝试人数"),
    ("attempts", "尝试次数"),
    ("hints", "提示"),
    ("seconds", "秒"),
    ("most common wrong answer", "最常见的错误答案"),
    // new lesson, man
    ("a lesson id cannot be empty", "课程 id 不能为空"),
    (
        "lesson id `{}` is not a simple slug: character {} (`{}`) is not a lowercase letter, a digit or `-`; an id names the file ID.toml and `bson-tutor show ID`, so it is [a-z0-9-]+, e.g. `my-lesson`",
        "课程 id `{}` 不是简单的 slug：第 {} 个字符（`{}`）不是小写字母、数字或 `-`；id 用作文件名 ID.toml 和 `bson-tutor show ID` 的参数，因此必须符合 [a-z0-9-]+，例如 `my-lesson`",
    ),
    (
        "{} already exists; bson-tutor never overwrites a lesson: pick another id or --dir, or remove the file first",
        "{} 已存在；bson-tutor 从不覆盖课程：请换一个 id 或 --dir，或先删除该文件",
    ),
    (
        "{} already exists; bson-tutor never overwrites a lesson",
        "{} 已存在；bson-tutor 从不覆盖课程",
    ),
    ("creating {}: {}", "创建 {} 时出错：{}"),
    ("writing {}: {}", "写入 {} 时出错：{}"),
    ("wrote {}", "已写入 {}"),
    (
        "a built-in lesson is also called `{}`; with --with-builtin both are loaded",
        "有一门内置课程也叫 `{}`；使用 --with-builtin 时两者都会加载",
    ),
    ("next: edit it, then run", "下一步：编辑它，然后运行"),
    ("rendering the man page: {}", "生成 man 手册页时出错：{}"),
    // The tutorial's start
    (
        "the tutorial needs a terminal (standard input and output are not one).\nEvery lesson is also plain text: bson-tutor lessons, bson-tutor show ID.\nSee bson-tutor --help for all the commands.",
        "交互式教程需要终端（标准输入和输出都不是终端）。\n每门课程也有纯文本形式：bson-tutor lessons、bson-tutor show ID。\n所有命令见 bson-tutor --help。",
    ),
    ("no lessons to show", "没有可显示的课程"),
    (
        " (and {} more: bson-tutor check)",
        "（另有 {} 个：bson-tutor check）",
    ),
    ("not loaded: {}:{}:{}: {}", "未加载：{}:{}:{}：{}"),
    ("cannot watch for signals: {}", "无法监听信号：{}"),
    // oid
    ("bytes 0-3", "字节 0-3"),
    ("bytes 4-8", "字节 4-8"),
    ("bytes 9-11", "字节 9-11"),
    ("timestamp", "时间戳"),
    ("random value", "随机值"),
    ("counter", "计数器"),
    ("{} s since 1970 = {}", "自 1970 年起 {} 秒 = {}"),
    ("drawn once per process", "每个进程只生成一次"),
    (
        "{}, +1 per id from that process",
        "{}，该进程每生成一个 id 加 1",
    ),
    (
        "(seconds only: the milliseconds are always .000)",
        "（只精确到秒：毫秒部分总是 .000）",
    ),
    (
        "--at: an ObjectId's timestamp is 4 unsigned bytes of seconds, from 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z, but `{}` is outside",
        "--at：ObjectId 的时间戳是 4 字节无符号秒数，范围从 1970-01-01T00:00:00Z 到 2106-02-07T06:28:15Z，而 `{}` 超出了这个范围",
    ),
    // inspect, eval, find, aggregate
    ("{}: {}", "{}：{}"),
    ("--docs: document {}: {}", "--docs：第 {} 个文档：{}"),
    ("{} must be a document, not {}", "{} 必须是文档，而不是 {}"),
    (
        "{} must be an array of documents, not {}",
        "{} 必须是文档数组，而不是 {}",
    ),
    (
        "{}: item {} is {}, not a document",
        "{}：第 {} 项是 {}，不是文档",
    ),
    (
        "stage {} is {}, not a document",
        "阶段 {} 是 {}，而不是文档",
    ),
    (
        "PIPELINE must be an array of stages, not {}",
        "PIPELINE 必须是由阶段组成的数组，而不是 {}",
    ),
    (
        "{}: not UTF-8 text (byte {})",
        "{}：不是 UTF-8 文本（第 {} 字节）",
    ),
    (
        "give a DOCUMENT, --hex or --file",
        "请提供 DOCUMENT、--hex 或 --file",
    ),
    (
        "{} is text; --from bson reads raw bytes from --file",
        "{} 是文本；--from bson 从 --file 读取原始字节",
    ),
    ("reading standard input: {}", "读取标准输入时出错：{}"),
    ("{} line {}", "{} 第 {} 行"),
    (
        "{}: document at input byte {}: {}",
        "{}：从输入第 {} 字节开始的文档：{}",
    ),
    (
        "{}: not UTF-8 text (use a .bson name for raw BSON)",
        "{}：不是 UTF-8 文本（原始 BSON 请使用 .bson 扩展名）",
    ),
    (
        "could not make ObjectId generators",
        "无法创建 ObjectId 生成器",
    ),
];
