//! The command line's own output: `lessons`, `progress`, `class`, `check`, `answer`, `new`,
//! `oid` and its errors. Paths, ids, numbers and the engine's values are filled in as they are.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    (
        "Stop after this many milliseconds, as the server stops an operation at maxTimeMS, with its error (`operation exceeded time limit`); 0: no limit. Default: 10000 for documents given as text, none for a dump read as a stream (it takes as long as the file does)",
        "Dừng sau chừng ấy mili giây, như máy chủ dừng một thao tác khi hết maxTimeMS, kèm lỗi của nó (`operation exceeded time limit`); 0: không giới hạn. Mặc định: 10000 với tài liệu cho dưới dạng văn bản, không giới hạn với bản dump đọc dạng luồng (nó mất bao lâu là tùy tệp)",
    ),
    (
        "{path}: document {document}: {display_in}",
        "{path}: tài liệu {document}: {display_in}",
    ),
    (
        "--ns: the archive {path} holds no collection `{namespace}`; it holds: {known}",
        "--ns: tệp lưu trữ {path} không có collection `{namespace}`; nó chứa: {known}",
    ),
    (
        "the archive {path} holds several collections ({known}): name one with --ns DB.COLLECTION",
        "tệp lưu trữ {path} chứa nhiều collection ({known}): hãy chọn một bằng --ns DB.COLLECTION",
    ),
    ("{path}: {display_in}", "{path}: {display_in}"),
    // Prefixes
    ("error: ", "lỗi: "),
    ("warning: ", "cảnh báo: "),
    ("note: ", "lưu ý: "),
    ("broken: ", "hỏng: "),
    ("no match: ", "không khớp: "),
    (
        "{flag} is an option of the tutorial (bson-tutor with no command); put a command's options after the command",
        "{flag} là tùy chọn của phần hướng dẫn tương tác (bson-tutor không kèm lệnh); tùy chọn của một lệnh phải đặt sau tên lệnh",
    ),
    (
        "unknown language `{code}`: use en, vi or zh",
        "không biết ngôn ngữ `{code}`: hãy dùng en, vi hoặc zh",
    ),
    // lessons, show, check, answer
    ("{solved}/{total} solved", "đã giải {solved}/{total}"),
    ("{n} exercises", "{n} bài tập"),
    (
        "progress not shown: {display_in}",
        "không hiện tiến độ: {display_in}",
    ),
    (
        "no lesson `{id}`; the lessons are: {ids}",
        "không có bài học `{id}`; các bài học là: {ids}",
    ),
    (
        "check: {passed} passed, {failed} failed",
        "check: {passed} đạt, {failed} lỗi",
    ),
    (
        "no lesson `{id}` (see `bson-tutor lessons`)",
        "không có bài học `{id}` (xem `bson-tutor lessons`)",
    ),
    (
        "lesson `{id}` has exercises 1 to {count}",
        "bài học `{id}` có các bài tập từ 1 đến {count}",
    ),
    (
        "no more hints ({count} given)",
        "hết gợi ý (đã cho {count} gợi ý)",
    ),
    ("correct. {why}", "đúng rồi. {why}"),
    ("not yet: {feedback}", "chưa đúng: {feedback}"),
    (
        "not read as an answer: {feedback}",
        "chưa đọc được thành câu trả lời: {feedback}",
    ),
    ("(not counted as an attempt)", "(không tính là một lần thử)"),
    (
        "(try again, `--hint` for a hint, or `--reveal` for the answer)",
        "(thử lại, `--hint` để xem gợi ý, hoặc `--reveal` để xem đáp án)",
    ),
    (
        "progress not saved: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "tiến độ không được lưu: không có --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME hay $HOME",
    ),
    (
        "{file}:1: no {lang_code} translation of lesson `{id}` (it shows in English)",
        "{file}:1: chưa có bản dịch {lang_code} của bài học `{id}` (bài hiện bằng tiếng Anh)",
    ),
    ("step {step} {value}", "bước {step} {value}"),
    (
        "is not translated (English is shown)",
        "chưa được dịch (hiện bản tiếng Anh)",
    ),
    (
        "is translated, but the lesson has no such text",
        "có bản dịch, nhưng bài học không có đoạn này",
    ),
    // check's failures
    (
        "does not compute: {display_in}",
        "không tính được: {display_in}",
    ),
    ("step {step}", "bước {step}"),
    (
        "cannot be answered: {display_in}",
        "không thể trả lời: {display_in}",
    ),
    (
        "expect = {expect}, but the engine's answer is `{truth}` ({feedback})",
        "expect = {expect}, nhưng đáp án của engine là `{truth}` ({feedback})",
    ),
    (
        "reject {value} is accepted: {feedback}",
        "reject {value} lại được chấp nhận: {feedback}",
    ),
    (
        "reject {value} is refused without feedback",
        "reject {value} bị từ chối mà không có lời giải thích",
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
    ("progress file: {path}", "tệp tiến độ: {path}"),
    (
        "progress file: none (kept in memory only)",
        "tệp tiến độ: không có (chỉ giữ trong bộ nhớ)",
    ),
    ("last position: {lesson}", "vị trí gần nhất: {lesson}"),
    (
        "last position: {lesson}, exercise {exercise}",
        "vị trí gần nhất: {lesson}, bài tập {exercise}",
    ),
    ("last position: none yet", "vị trí gần nhất: chưa có"),
    ("{attempts}, {hints}", "{attempts}, {hints}"),
    ("{n} hint", "{n} gợi ý"),
    ("{n} hints", "{n} gợi ý"),
    ("exercise {n}", "bài tập {n}"),
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
        "nothing to erase: {path} does not exist",
        "không có gì để xóa: {path} không tồn tại",
    ),
    (
        "Erase all progress in {path}?",
        "Xóa toàn bộ tiến độ trong {path}?",
    ),
    (
        "no lesson `{id}` and no progress recorded for it (see `bson-tutor progress`)",
        "không có bài học `{id}` và cũng không có tiến độ nào của nó (xem `bson-tutor progress`)",
    ),
    (
        "Erase the progress of lesson `{id}` in {path}?",
        "Xóa tiến độ của bài học `{id}` trong {path}?",
    ),
    ("[y/N]", "[c/K]"),
    ("yes", "c|có|co"),
    (
        "reading the answer from standard input: {error}",
        "khi đọc câu trả lời từ đầu vào chuẩn: {error}",
    ),
    (
        "no answer on standard input: nothing erased (--yes erases without asking)",
        "không có câu trả lời trên đầu vào chuẩn: không xóa gì (--yes xóa mà không hỏi)",
    ),
    ("nothing erased", "không xóa gì"),
    ("erased {path}", "đã xóa {path}"),
    (
        "erased the progress of lesson `{id}` in {path}",
        "đã xóa tiến độ của bài học `{id}` trong {path}",
    ),
    (
        "not exported, the lesson does not load: {display_in}",
        "không xuất, bài học không nạp được: {display_in}",
    ),
    (
        "{record} record of a lesson or exercise not loaded is not exported",
        "{record} bản ghi của bài học hoặc bài tập không được nạp nên không được xuất",
    ),
    (
        "{records} records of lessons or exercises not loaded are not exported",
        "{records} bản ghi của bài học hoặc bài tập không được nạp nên không được xuất",
    ),
    // The progress store
    (
        "nowhere to save progress (no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME): it is kept in memory only",
        "không có chỗ lưu tiến độ (không có --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME hay $HOME): tiến độ chỉ được giữ trong bộ nhớ",
    ),
    (
        "{path} {display_in}: moved it aside to {aside} and started afresh",
        "{path} {display_in}: đã chuyển nó sang {aside} và bắt đầu lại từ đầu",
    ),
    (
        "{path} {display_in}; it was left as it is (`bson-tutor progress` moves it aside and starts afresh)",
        "{path} {display_in}; tệp được giữ nguyên (`bson-tutor progress` sẽ chuyển nó sang chỗ khác và bắt đầu lại)",
    ),
    (
        "{path} {display_in}: moved it aside to {aside}; nothing was saved this time",
        "{path} {display_in}: đã chuyển nó sang {aside}; lần này không lưu được gì",
    ),
    (
        "cannot erase {erase}: {value}",
        "không xóa được {erase}: {value}",
    ),
    (
        "cannot read {read}: {value}",
        "không đọc được {read}: {value}",
    ),
    (
        "is not a bson-tutor progress file ({why})",
        "không phải tệp tiến độ của bson-tutor ({why})",
    ),
    (
        "not UTF-8 text at byte {at}",
        "không phải văn bản UTF-8 ở byte {at}",
    ),
    (
        "was written by a newer bson-tutor (progress format version {version}, but this one reads up to version {max})",
        "được ghi bởi một bson-tutor mới hơn (định dạng tiến độ phiên bản {version}, nhưng bản này chỉ đọc tới phiên bản {max})",
    ),
    (
        "cannot create {create}: {value}",
        "không tạo được {create}: {value}",
    ),
    (
        "cannot open {open}: {value}",
        "không mở được {open}: {value}",
    ),
    (
        "cannot lock {lock}: {value}",
        "không khóa được {lock}: {value}",
    ),
    (
        "cannot write {write}: {value}",
        "không ghi được {write}: {value}",
    ),
    (
        "cannot replace {date}: {value}",
        "không thay thế được {date}: {value}",
    ),
    (
        "cannot sync {sync}: {value}",
        "không đồng bộ được {sync}: {value}",
    ),
    (
        "cannot move {path} aside to {aside}: {error}",
        "không chuyển được {path} sang {aside}: {error}",
    ),
    ("terminal: {error}", "terminal: {error}"),
    // class summary
    (
        "{of} of {of2} file left out of the summary: {summary}",
        "{of} trên {of2} tệp bị loại khỏi bản tổng hợp: {summary}",
    ),
    (
        "{of} of {of2} files left out of the summary: {summary}",
        "{of} trên {of2} tệp bị loại khỏi bản tổng hợp: {summary}",
    ),
    (
        "no usable export in the {the} file: nothing to summarize",
        "không có tệp xuất nào dùng được trong {the} tệp: không có gì để tổng hợp",
    ),
    (
        "no usable export among the {the} files: nothing to summarize",
        "không có tệp xuất nào dùng được trong {the} tệp: không có gì để tổng hợp",
    ),
    ("{n} student: {names}", "{n} học viên: {names}"),
    ("{n} students: {names}", "{n} học viên: {names}"),
    ("no exercises", "không có bài tập"),
    ("lesson {lesson}", "bài học {lesson}"),
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
        "{path} already exists; bson-tutor never overwrites a lesson: pick another id or --dir, or remove the file first",
        "{path} đã tồn tại; bson-tutor không bao giờ ghi đè một bài học: hãy chọn id hoặc --dir khác, hoặc xóa tệp đó trước",
    ),
    (
        "{path} already exists; bson-tutor never overwrites a lesson",
        "{path} đã tồn tại; bson-tutor không bao giờ ghi đè một bài học",
    ),
    ("creating {dir}: {error}", "khi tạo {dir}: {error}"),
    ("writing {path}: {error}", "khi ghi {path}: {error}"),
    ("wrote {path}", "đã ghi {path}"),
    (
        "a built-in lesson is also called `{id}`; with --with-builtin the built-in keeps the id and this one is refused",
        "một bài học có sẵn cũng tên là `{id}`; với --with-builtin bài có sẵn giữ id này và bài này bị từ chối",
    ),
    ("next: edit it, then run", "tiếp theo: sửa tệp, rồi chạy"),
    (
        "rendering the man page: {error}",
        "khi tạo trang man: {error}",
    ),
    // The tutorial's start
    (
        "the tutorial needs a terminal (standard input and output are not one).\nEvery lesson is also plain text: bson-tutor lessons, bson-tutor show ID.\nSee bson-tutor --help for all the commands.",
        "phần hướng dẫn tương tác cần một terminal (đầu vào và đầu ra chuẩn không phải terminal).\nMọi bài học cũng có dạng văn bản thường: bson-tutor lessons, bson-tutor show ID.\nXem bson-tutor --help để biết mọi lệnh.",
    ),
    ("no lessons to show", "không có bài học nào để hiện"),
    (
        " (and {n} more: bson-tutor check)",
        " (và {n} tệp nữa: bson-tutor check)",
    ),
    (
        "not loaded: {file}:{line}:{column}: {display_in}",
        "không nạp được: {file}:{line}:{column}: {display_in}",
    ),
    (
        "cannot watch for signals: {error}",
        "không theo dõi được tín hiệu: {error}",
    ),
    // oid
    ("bytes 0-3", "byte 0-3"),
    ("bytes 4-8", "byte 4-8"),
    ("bytes 9-11", "byte 9-11"),
    ("timestamp", "thời điểm"),
    ("random value", "giá trị ngẫu nhiên"),
    ("counter", "bộ đếm"),
    (
        "{secs} s since 1970 = {date}",
        "{secs} giây kể từ 1970 = {date}",
    ),
    ("drawn once per process", "rút một lần cho mỗi tiến trình"),
    (
        "{counter}, +1 per id from that process",
        "{counter}, +1 cho mỗi id do tiến trình đó tạo",
    ),
    (
        "(seconds only: the milliseconds are always .000)",
        "(chỉ có giây: phần mili giây luôn là .000)",
    ),
    (
        "--at: an ObjectId's timestamp is 4 unsigned bytes of seconds, from 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z, but `{text}` is outside",
        "--at: thời điểm trong ObjectId là 4 byte không dấu đếm giây, từ 1970-01-01T00:00:00Z đến 2106-02-07T06:28:15Z, nhưng `{text}` nằm ngoài khoảng đó",
    ),
    // inspect, eval, find, aggregate
    ("{display_in}: {display_in2}", "{display_in}: {display_in2}"),
    (
        "--docs: document {index}: {display_in}",
        "--docs: document {index}: {display_in}",
    ),
    (
        "{display_in} must be a document, not {alias}",
        "{display_in} phải là một document, không phải {alias}",
    ),
    (
        "{display_in} must be an array of documents, not {alias}",
        "{display_in} phải là một mảng các document, không phải {alias}",
    ),
    (
        "{display_in}: item {index} is {alias}, not a document",
        "{display_in}: phần tử {index} là {alias}, không phải document",
    ),
    (
        "stage {index} is {alias}, not a document",
        "giai đoạn {index} là {alias}, không phải document",
    ),
    (
        "PIPELINE must be an array of stages, not {alias}",
        "PIPELINE phải là một mảng các giai đoạn, không phải {alias}",
    ),
    (
        "{path}: not UTF-8 text (byte {at})",
        "{path}: không phải văn bản UTF-8 (byte {at})",
    ),
    (
        "give a DOCUMENT, --hex or --file",
        "hãy đưa một DOCUMENT, --hex hoặc --file",
    ),
    (
        "{display_in} is text; --from bson reads raw bytes from --file",
        "{display_in} là văn bản; --from bson đọc byte thô từ --file",
    ),
    (
        "reading standard input: {error}",
        "khi đọc đầu vào chuẩn: {error}",
    ),
    ("{display_in} line {line}", "{display_in} dòng {line}"),
    (
        "{path}: document at input byte {start}: {display_in}",
        "{path}: document bắt đầu ở byte {start} của đầu vào: {display_in}",
    ),
    (
        "{path}: not UTF-8 text (use a .bson name for raw BSON)",
        "{path}: không phải văn bản UTF-8 (hãy đặt tên đuôi .bson cho BSON thô)",
    ),
    (
        "could not make ObjectId generators",
        "không tạo được bộ sinh ObjectId",
    ),
    // The progress store: what it refuses to touch (issue 14, store)
    ("a regular file", "một tệp thường"),
    ("a directory", "một thư mục"),
    ("a symbolic link", "một liên kết tượng trưng"),
    ("a FIFO (named pipe)", "một FIFO (ống có tên)"),
    ("a character device", "một thiết bị ký tự"),
    ("a block device", "một thiết bị khối"),
    ("a socket", "một socket"),
    (
        "nothing (it does not exist)",
        "không gì cả (nó không tồn tại)",
    ),
    ("a special file", "một tệp đặc biệt"),
    (
        "is too large for a bson-tutor progress file ({bytes} bytes; the limit is {max})",
        "quá lớn đối với một tệp tiến độ của bson-tutor ({bytes} byte; giới hạn là {max})",
    ),
    (
        "{path} is {kind}, not a progress file: nothing was read, written or moved (check --progress or $BSON_TUTOR_PROGRESS)",
        "{path} là {kind}, không phải tệp tiến độ: không đọc, ghi hay di chuyển gì cả (hãy kiểm tra --progress hoặc $BSON_TUTOR_PROGRESS)",
    ),
    (
        "{path} is a symbolic link to {target}, which does not exist: bson-tutor creates no file through a link, so nothing was written (create the file or remove the link)",
        "{path} là liên kết tượng trưng tới {target}, nơi không tồn tại: bson-tutor không tạo tệp qua liên kết, nên không ghi gì cả (hãy tạo tệp đó hoặc xóa liên kết)",
    ),
    (
        "{path} is a symbolic link to {target}, which is {kind}, not a progress file: nothing was read, written or moved",
        "{path} là liên kết tượng trưng tới {target}, vốn là {kind}, không phải tệp tiến độ: không đọc, ghi hay di chuyển gì cả",
    ),
    (
        "the lock file {path} is {kind}, not a plain file: bson-tutor neither follows nor creates anything there, so nothing was saved (remove it and try again)",
        "tệp khóa {path} là {kind}, không phải tệp thường: bson-tutor không đi theo cũng không tạo gì ở đó, nên không lưu gì cả (hãy xóa nó rồi thử lại)",
    ),
    (
        "{path} {display_in}, and does not look like a damaged one either: it was left as it is (check --progress or $BSON_TUTOR_PROGRESS)",
        "{path} {display_in}, và cũng không giống một tệp tiến độ bị hỏng: tệp được giữ nguyên (hãy kiểm tra --progress hoặc $BSON_TUTOR_PROGRESS)",
    ),
    (
        "{path} is read-only: nothing was saved or erased (make it writable, `chmod u+w`, to record progress)",
        "{path} chỉ cho phép đọc: không lưu hay xóa gì cả (hãy cho phép ghi, `chmod u+w`, để ghi lại tiến độ)",
    ),
    // Issue 14, output helper: write errors, limits, deadlines, safe output.
    (
        "writing to standard output: {error}",
        "khi ghi ra đầu ra chuẩn: {error}",
    ),
    (
        "oid: {asked} ids asked for (--count times --processes), but one run makes at most {max}",
        "oid: đã yêu cầu {asked} mã (--count nhân --processes), nhưng mỗi lần chạy chỉ tạo tối đa {max} mã",
    ),
    (
        "--docs: {path} is a directory; give a file of documents, or the documents themselves",
        "--docs: {path} là một thư mục; hãy đưa một tệp chứa các document, hoặc chính các document",
    ),
    (
        "--docs: {path} is a device, not a file of documents",
        "--docs: {path} là một thiết bị, không phải tệp chứa các document",
    ),
    (
        "--docs: {path} is a named pipe, not a file of documents",
        "--docs: {path} là một đường ống có tên, không phải tệp chứa các document",
    ),
    (
        "--docs: {path} is a socket, not a file of documents",
        "--docs: {path} là một socket, không phải tệp chứa các document",
    ),
    (
        "--docs: {path} is not a regular file",
        "--docs: {path} không phải một tệp thông thường",
    ),
    (
        "{display_in}: more than {max} bytes of text; bson-tutor reads at most that much for one document or one file of documents",
        "{display_in}: dài hơn {max} byte văn bản; bson-tutor chỉ đọc tối đa chừng ấy cho một document hoặc một tệp chứa các document",
    ),
    (
        "the lesson's time budget ran out while checking this step (`operation exceeded time limit`); the steps after it were not checked",
        "thời gian dành cho bài học đã hết khi đang kiểm tra bước này (`operation exceeded time limit`); các bước sau nó chưa được kiểm tra",
    ),
    (
        "checking was interrupted at this step (`operation was interrupted`); the steps after it were not checked",
        "việc kiểm tra bị ngắt ở bước này (`operation was interrupted`); các bước sau nó chưa được kiểm tra",
    ),
    (
        "Stop after this many milliseconds, as the server stops an operation at maxTimeMS, with its error (`operation exceeded time limit`); 0: no limit",
        "Dừng sau chừng ấy mili giây, như máy chủ dừng một thao tác khi hết maxTimeMS, kèm lỗi của nó (`operation exceeded time limit`); 0: không giới hạn",
    ),
    (
        "Each lesson's time budget, in milliseconds: a lesson still being checked when it runs out fails at the step it was on (its file and line), and checking goes on with the next lesson; 0: no limit",
        "Thời gian dành cho mỗi bài học, tính bằng mili giây: bài học nào đang được kiểm tra khi hết giờ sẽ lỗi ở bước đang kiểm tra (kèm tệp và dòng của nó), rồi việc kiểm tra tiếp tục với bài học sau; 0: không giới hạn",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    (
        "Stop after this many milliseconds, as the server stops an operation at maxTimeMS, with its error (`operation exceeded time limit`); 0: no limit. Default: 10000 for documents given as text, none for a dump read as a stream (it takes as long as the file does)",
        "在这么多毫秒后停止，就像服务器在 maxTimeMS 到时停止操作并报出它的错误（`operation exceeded time limit`）；0：不限时。默认：以文本给出的文档为 10000，以流方式读取的 dump 不限时（文件多大就需要多久）",
    ),
    (
        "{path}: document {document}: {display_in}",
        "{path}：第 {document} 个文档：{display_in}",
    ),
    (
        "--ns: the archive {path} holds no collection `{namespace}`; it holds: {known}",
        "--ns：归档 {path} 中没有集合 `{namespace}`；其中的集合有：{known}",
    ),
    (
        "the archive {path} holds several collections ({known}): name one with --ns DB.COLLECTION",
        "归档 {path} 包含多个集合（{known}）：请用 --ns DB.COLLECTION 指定一个",
    ),
    ("{path}: {display_in}", "{path}：{display_in}"),
    // Prefixes
    ("error: ", "错误："),
    ("warning: ", "警告："),
    ("note: ", "注意："),
    ("broken: ", "已损坏："),
    ("no match: ", "不匹配："),
    (
        "{flag} is an option of the tutorial (bson-tutor with no command); put a command's options after the command",
        "{flag} 是交互式教程（不带命令的 bson-tutor）的选项；命令自己的选项请写在命令名之后",
    ),
    (
        "unknown language `{code}`: use en, vi or zh",
        "未知语言 `{code}`：请使用 en、vi 或 zh",
    ),
    // lessons, show, check, answer
    ("{solved}/{total} solved", "已解答 {solved}/{total}"),
    ("{n} exercises", "{n} 道练习"),
    (
        "progress not shown: {display_in}",
        "未显示进度：{display_in}",
    ),
    (
        "no lesson `{id}`; the lessons are: {ids}",
        "没有课程 `{id}`；现有课程：{ids}",
    ),
    (
        "check: {passed} passed, {failed} failed",
        "check：{passed} 项通过，{failed} 项失败",
    ),
    (
        "no lesson `{id}` (see `bson-tutor lessons`)",
        "没有课程 `{id}`（见 `bson-tutor lessons`）",
    ),
    (
        "lesson `{id}` has exercises 1 to {count}",
        "课程 `{id}` 的练习编号为 1 到 {count}",
    ),
    (
        "no more hints ({count} given)",
        "没有更多提示了（已给出 {count} 条）",
    ),
    ("correct. {why}", "正确。{why}"),
    ("not yet: {feedback}", "还不对：{feedback}"),
    (
        "not read as an answer: {feedback}",
        "无法读作答案：{feedback}",
    ),
    ("(not counted as an attempt)", "（不计为一次尝试）"),
    (
        "(try again, `--hint` for a hint, or `--reveal` for the answer)",
        "（再试一次，用 `--hint` 查看提示，或用 `--reveal` 查看答案）",
    ),
    (
        "progress not saved: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "进度未保存：没有 --progress、$BSON_TUTOR_PROGRESS、$XDG_DATA_HOME 或 $HOME",
    ),
    (
        "{file}:1: no {lang_code} translation of lesson `{id}` (it shows in English)",
        "{file}:1：缺少 {lang_code} 译文：课程 `{id}`（将以英文显示）",
    ),
    ("step {step} {value}", "第 {step} 步 {value}"),
    (
        "is not translated (English is shown)",
        "尚未翻译（显示英文）",
    ),
    (
        "is translated, but the lesson has no such text",
        "有译文，但课程中没有对应的文字",
    ),
    // check's failures
    ("does not compute: {display_in}", "无法计算：{display_in}"),
    ("step {step}", "第 {step} 步"),
    ("cannot be answered: {display_in}", "无法作答：{display_in}"),
    (
        "expect = {expect}, but the engine's answer is `{truth}` ({feedback})",
        "expect = {expect}，但引擎的答案是 `{truth}`（{feedback}）",
    ),
    (
        "reject {value} is accepted: {feedback}",
        "reject {value} 却被判为正确：{feedback}",
    ),
    (
        "reject {value} is refused without feedback",
        "reject {value} 被拒绝，但没有给出反馈",
    ),
    ("the empty answer is accepted", "空答案被判为正确"),
    (
        "the prompt typed back is accepted",
        "把题目原样输入也被判为正确",
    ),
    // progress
    ("progress file: {path}", "进度文件：{path}"),
    (
        "progress file: none (kept in memory only)",
        "进度文件：无（仅保存在内存中）",
    ),
    ("last position: {lesson}", "上次位置：{lesson}"),
    (
        "last position: {lesson}, exercise {exercise}",
        "上次位置：{lesson}，练习 {exercise}",
    ),
    ("last position: none yet", "上次位置：暂无"),
    ("{attempts}, {hints}", "{attempts}，{hints}"),
    ("{n} hint", "提示 {n} 次"),
    ("{n} hints", "提示 {n} 次"),
    ("exercise {n}", "练习 {n}"),
    ("solved", "已解答"),
    ("pending", "未完成"),
    ("records of lessons not loaded:", "未加载课程的记录："),
    (
        "no progress file to erase: no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME",
        "没有可清除的进度文件：没有 --progress、$BSON_TUTOR_PROGRESS、$XDG_DATA_HOME 或 $HOME",
    ),
    (
        "nothing to erase: {path} does not exist",
        "无需清除：{path} 不存在",
    ),
    (
        "Erase all progress in {path}?",
        "清除 {path} 中的全部进度？",
    ),
    (
        "no lesson `{id}` and no progress recorded for it (see `bson-tutor progress`)",
        "没有课程 `{id}`，也没有它的进度记录（见 `bson-tutor progress`）",
    ),
    (
        "Erase the progress of lesson `{id}` in {path}?",
        "清除课程 `{id}` 在 {path} 中的进度？",
    ),
    ("[y/N]", "[y/N]"),
    ("yes", "是|好"),
    (
        "reading the answer from standard input: {error}",
        "从标准输入读取回答时出错：{error}",
    ),
    (
        "no answer on standard input: nothing erased (--yes erases without asking)",
        "标准输入没有回答：未清除任何内容（--yes 可不经询问直接清除）",
    ),
    ("nothing erased", "未清除任何内容"),
    ("erased {path}", "已清除 {path}"),
    (
        "erased the progress of lesson `{id}` in {path}",
        "已清除课程 `{id}` 在 {path} 中的进度",
    ),
    (
        "not exported, the lesson does not load: {display_in}",
        "未导出，课程无法加载：{display_in}",
    ),
    (
        "{record} record of a lesson or exercise not loaded is not exported",
        "有 {record} 条记录属于未加载的课程或练习，未导出",
    ),
    (
        "{records} records of lessons or exercises not loaded are not exported",
        "有 {records} 条记录属于未加载的课程或练习，未导出",
    ),
    // The progress store
    (
        "nowhere to save progress (no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME): it is kept in memory only",
        "没有保存进度的位置（没有 --progress、$BSON_TUTOR_PROGRESS、$XDG_DATA_HOME 或 $HOME）：进度仅保存在内存中",
    ),
    (
        "{path} {display_in}: moved it aside to {aside} and started afresh",
        "{path} {display_in}：已将其移到 {aside}，并重新开始",
    ),
    (
        "{path} {display_in}; it was left as it is (`bson-tutor progress` moves it aside and starts afresh)",
        "{path} {display_in}；文件保持原样（`bson-tutor progress` 会把它移开并重新开始）",
    ),
    (
        "{path} {display_in}: moved it aside to {aside}; nothing was saved this time",
        "{path} {display_in}：已将其移到 {aside}；本次没有保存任何内容",
    ),
    ("cannot erase {erase}: {value}", "无法清除 {erase}：{value}"),
    ("cannot read {read}: {value}", "无法读取 {read}：{value}"),
    (
        "is not a bson-tutor progress file ({why})",
        "不是 bson-tutor 的进度文件（{why}）",
    ),
    (
        "not UTF-8 text at byte {at}",
        "第 {at} 字节处不是 UTF-8 文本",
    ),
    (
        "was written by a newer bson-tutor (progress format version {version}, but this one reads up to version {max})",
        "由更新版本的 bson-tutor 写入（进度格式版本 {version}，而本程序最多读取版本 {max}）",
    ),
    (
        "cannot create {create}: {value}",
        "无法创建 {create}：{value}",
    ),
    ("cannot open {open}: {value}", "无法打开 {open}：{value}"),
    ("cannot lock {lock}: {value}", "无法锁定 {lock}：{value}"),
    ("cannot write {write}: {value}", "无法写入 {write}：{value}"),
    ("cannot replace {date}: {value}", "无法替换 {date}：{value}"),
    ("cannot sync {sync}: {value}", "无法同步 {sync}：{value}"),
    (
        "cannot move {path} aside to {aside}: {error}",
        "无法把 {path} 移到 {aside}：{error}",
    ),
    ("terminal: {error}", "终端：{error}"),
    // class summary
    (
        "{of} of {of2} file left out of the summary: {summary}",
        "有 {of} 个文件未计入汇总（共 {of2} 个）：{summary}",
    ),
    (
        "{of} of {of2} files left out of the summary: {summary}",
        "有 {of} 个文件未计入汇总（共 {of2} 个）：{summary}",
    ),
    (
        "no usable export in the {the} file: nothing to summarize",
        "{the} 个文件中没有可用的导出：无可汇总",
    ),
    (
        "no usable export among the {the} files: nothing to summarize",
        "{the} 个文件中没有可用的导出：无可汇总",
    ),
    ("{n} student: {names}", "{n} 名学生：{names}"),
    ("{n} students: {names}", "{n} 名学生：{names}"),
    ("no exercises", "没有练习"),
    ("lesson {lesson}", "课程 {lesson}"),
    ("solved per exercise", "各练习的解答率"),
    ("ex", "题"),
    ("kind", "类型"),
    ("tried", "尝试人数"),
    ("attempts", "尝试次数"),
    ("hints", "提示"),
    ("seconds", "秒"),
    ("most common wrong answer", "最常见的错误答案"),
    // new lesson, man
    (
        "{path} already exists; bson-tutor never overwrites a lesson: pick another id or --dir, or remove the file first",
        "{path} 已存在；bson-tutor 从不覆盖课程：请换一个 id 或 --dir，或先删除该文件",
    ),
    (
        "{path} already exists; bson-tutor never overwrites a lesson",
        "{path} 已存在；bson-tutor 从不覆盖课程",
    ),
    ("creating {dir}: {error}", "创建 {dir} 时出错：{error}"),
    ("writing {path}: {error}", "写入 {path} 时出错：{error}"),
    ("wrote {path}", "已写入 {path}"),
    (
        "a built-in lesson is also called `{id}`; with --with-builtin the built-in keeps the id and this one is refused",
        "有一门内置课程也叫 `{id}`；使用 --with-builtin 时内置课程保留这个 id，这门课程会被拒绝",
    ),
    ("next: edit it, then run", "下一步：编辑它，然后运行"),
    (
        "rendering the man page: {error}",
        "生成 man 手册页时出错：{error}",
    ),
    // The tutorial's start
    (
        "the tutorial needs a terminal (standard input and output are not one).\nEvery lesson is also plain text: bson-tutor lessons, bson-tutor show ID.\nSee bson-tutor --help for all the commands.",
        "交互式教程需要终端（标准输入和输出都不是终端）。\n每门课程也有纯文本形式：bson-tutor lessons、bson-tutor show ID。\n所有命令见 bson-tutor --help。",
    ),
    ("no lessons to show", "没有可显示的课程"),
    (
        " (and {n} more: bson-tutor check)",
        "（另有 {n} 个：bson-tutor check）",
    ),
    (
        "not loaded: {file}:{line}:{column}: {display_in}",
        "未加载：{file}:{line}:{column}：{display_in}",
    ),
    ("cannot watch for signals: {error}", "无法监听信号：{error}"),
    // oid
    ("bytes 0-3", "字节 0-3"),
    ("bytes 4-8", "字节 4-8"),
    ("bytes 9-11", "字节 9-11"),
    ("timestamp", "时间戳"),
    ("random value", "随机值"),
    ("counter", "计数器"),
    (
        "{secs} s since 1970 = {date}",
        "自 1970 年起 {secs} 秒 = {date}",
    ),
    ("drawn once per process", "每个进程只生成一次"),
    (
        "{counter}, +1 per id from that process",
        "{counter}，该进程每生成一个 id 加 1",
    ),
    (
        "(seconds only: the milliseconds are always .000)",
        "（只精确到秒：毫秒部分总是 .000）",
    ),
    (
        "--at: an ObjectId's timestamp is 4 unsigned bytes of seconds, from 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z, but `{text}` is outside",
        "--at：ObjectId 的时间戳是 4 字节无符号秒数，范围从 1970-01-01T00:00:00Z 到 2106-02-07T06:28:15Z，而 `{text}` 超出了这个范围",
    ),
    // inspect, eval, find, aggregate
    ("{display_in}: {display_in2}", "{display_in}：{display_in2}"),
    (
        "--docs: document {index}: {display_in}",
        "--docs：第 {index} 个文档：{display_in}",
    ),
    (
        "{display_in} must be a document, not {alias}",
        "{display_in} 必须是文档，而不是 {alias}",
    ),
    (
        "{display_in} must be an array of documents, not {alias}",
        "{display_in} 必须是文档数组，而不是 {alias}",
    ),
    (
        "{display_in}: item {index} is {alias}, not a document",
        "{display_in}：第 {index} 项是 {alias}，不是文档",
    ),
    (
        "stage {index} is {alias}, not a document",
        "阶段 {index} 是 {alias}，而不是文档",
    ),
    (
        "PIPELINE must be an array of stages, not {alias}",
        "PIPELINE 必须是由阶段组成的数组，而不是 {alias}",
    ),
    (
        "{path}: not UTF-8 text (byte {at})",
        "{path}：不是 UTF-8 文本（第 {at} 字节）",
    ),
    (
        "give a DOCUMENT, --hex or --file",
        "请提供 DOCUMENT、--hex 或 --file",
    ),
    (
        "{display_in} is text; --from bson reads raw bytes from --file",
        "{display_in} 是文本；--from bson 从 --file 读取原始字节",
    ),
    (
        "reading standard input: {error}",
        "读取标准输入时出错：{error}",
    ),
    ("{display_in} line {line}", "{display_in} 第 {line} 行"),
    (
        "{path}: document at input byte {start}: {display_in}",
        "{path}：从输入第 {start} 字节开始的文档：{display_in}",
    ),
    (
        "{path}: not UTF-8 text (use a .bson name for raw BSON)",
        "{path}：不是 UTF-8 文本（原始 BSON 请使用 .bson 扩展名）",
    ),
    (
        "could not make ObjectId generators",
        "无法创建 ObjectId 生成器",
    ),
    // The progress store: what it refuses to touch (issue 14, store)
    ("a regular file", "普通文件"),
    ("a directory", "目录"),
    ("a symbolic link", "符号链接"),
    ("a FIFO (named pipe)", "FIFO（命名管道）"),
    ("a character device", "字符设备"),
    ("a block device", "块设备"),
    ("a socket", "套接字"),
    ("nothing (it does not exist)", "空（它不存在）"),
    ("a special file", "特殊文件"),
    (
        "is too large for a bson-tutor progress file ({bytes} bytes; the limit is {max})",
        "太大，不可能是 bson-tutor 的进度文件（{bytes} 字节；上限为 {max}）",
    ),
    (
        "{path} is {kind}, not a progress file: nothing was read, written or moved (check --progress or $BSON_TUTOR_PROGRESS)",
        "{path} 是{kind}，不是进度文件：未读取、写入或移动任何内容（请检查 --progress 或 $BSON_TUTOR_PROGRESS）",
    ),
    (
        "{path} is a symbolic link to {target}, which does not exist: bson-tutor creates no file through a link, so nothing was written (create the file or remove the link)",
        "{path} 是指向 {target} 的符号链接，而该目标不存在：bson-tutor 不会通过链接创建文件，因此未写入任何内容（请创建该文件或删除该链接）",
    ),
    (
        "{path} is a symbolic link to {target}, which is {kind}, not a progress file: nothing was read, written or moved",
        "{path} 是指向 {target} 的符号链接，而该目标是{kind}，不是进度文件：未读取、写入或移动任何内容",
    ),
    (
        "the lock file {path} is {kind}, not a plain file: bson-tutor neither follows nor creates anything there, so nothing was saved (remove it and try again)",
        "锁文件 {path} 是{kind}，不是普通文件：bson-tutor 既不会跟随它，也不会在那里创建任何内容，因此未保存任何内容（请删除它后重试）",
    ),
    (
        "{path} {display_in}, and does not look like a damaged one either: it was left as it is (check --progress or $BSON_TUTOR_PROGRESS)",
        "{path} {display_in}，而且看起来也不像损坏的进度文件：已原样保留（请检查 --progress 或 $BSON_TUTOR_PROGRESS）",
    ),
    (
        "{path} is read-only: nothing was saved or erased (make it writable, `chmod u+w`, to record progress)",
        "{path} 是只读的：未保存或清除任何内容（请先让它可写，`chmod u+w`，才能记录进度）",
    ),
    // Issue 14, output helper: write errors, limits, deadlines, safe output.
    (
        "writing to standard output: {error}",
        "写入标准输出时出错：{error}",
    ),
    (
        "oid: {asked} ids asked for (--count times --processes), but one run makes at most {max}",
        "oid：请求了 {asked} 个 ID（--count 乘以 --processes），但一次运行最多生成 {max} 个",
    ),
    (
        "--docs: {path} is a directory; give a file of documents, or the documents themselves",
        "--docs：{path} 是一个目录；请给出一个文档文件，或直接给出文档",
    ),
    (
        "--docs: {path} is a device, not a file of documents",
        "--docs：{path} 是一个设备，不是文档文件",
    ),
    (
        "--docs: {path} is a named pipe, not a file of documents",
        "--docs：{path} 是一个命名管道，不是文档文件",
    ),
    (
        "--docs: {path} is a socket, not a file of documents",
        "--docs：{path} 是一个套接字，不是文档文件",
    ),
    (
        "--docs: {path} is not a regular file",
        "--docs：{path} 不是普通文件",
    ),
    (
        "{display_in}: more than {max} bytes of text; bson-tutor reads at most that much for one document or one file of documents",
        "{display_in}：文本超过 {max} 字节；bson-tutor 对一个文档或一个文档文件最多读取这么多",
    ),
    (
        "the lesson's time budget ran out while checking this step (`operation exceeded time limit`); the steps after it were not checked",
        "检查这一步时课程的时间预算已用完（`operation exceeded time limit`）；之后的步骤未被检查",
    ),
    (
        "checking was interrupted at this step (`operation was interrupted`); the steps after it were not checked",
        "检查在这一步被中断（`operation was interrupted`）；之后的步骤未被检查",
    ),
    (
        "Stop after this many milliseconds, as the server stops an operation at maxTimeMS, with its error (`operation exceeded time limit`); 0: no limit",
        "在这么多毫秒后停止，就像服务器在 maxTimeMS 到时停止一个操作，并给出它的错误（`operation exceeded time limit`）；0：不限时",
    ),
    (
        "Each lesson's time budget, in milliseconds: a lesson still being checked when it runs out fails at the step it was on (its file and line), and checking goes on with the next lesson; 0: no limit",
        "每节课的时间预算（毫秒）：时间用完时仍在检查的课程会在当时所在的步骤处失败（给出文件和行号），然后继续检查下一节课；0：不限时",
    ),
];
