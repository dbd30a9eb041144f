//! The console's words (`bson-tutor shell`, `shell` steps, `script` exercises): its help,
//! its messages and its errors. mongosh's own messages (`Uncaught TypeError: ...`,
//! `MongoServerError: E11000 ...`) stay mongosh's English, as the server's do.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // --help
    (
        "Run mongosh scripts offline, over the tutorial's engine, or type them in a REPL",
        "Chạy script mongosh ngoại tuyến trên engine của bài học, hoặc gõ chúng trong một REPL",
    ),
    (
        "Run mongosh scripts offline, over the tutorial's engine, or type them in a REPL.\n\nA real JavaScript engine with mongosh's API (db, getSiblingDB, insertOne, find, sort, aggregate, printjson, EJSON, ObjectId, NumberLong...), no server needed. Each run is one client process: --seed makes its ObjectIds reproducible.",
        "Chạy script mongosh ngoại tuyến trên engine của bài học, hoặc gõ chúng trong một REPL.\n\nMột engine JavaScript thật với API của mongosh (db, getSiblingDB, insertOne, find, sort, aggregate, printjson, EJSON, ObjectId, NumberLong...), không cần server. Mỗi lần chạy là một process client: --seed làm cho các ObjectId của nó lặp lại được.",
    ),
    (
        "Scripts to run in order, as `mongosh --quiet --file` runs them: a script prints only what it prints. Without a script or --eval, a REPL starts",
        "Các script chạy theo thứ tự, như `mongosh --quiet --file` chạy chúng: một script chỉ in những gì nó in. Không có script hay --eval thì một REPL sẽ mở",
    ),
    (
        "JavaScript to run before the scripts; its last value is printed, as mongosh --eval prints it",
        "JavaScript chạy trước các script; giá trị cuối cùng của nó được in ra, như mongosh --eval in",
    ),
    (
        "Seed this client process: its ObjectIds' 5-byte random value and counter start, its UUIDs and Math.random (default: a new process each run, as with mongosh)",
        "Seed của process client này: giá trị ngẫu nhiên 5 byte và điểm bắt đầu của bộ đếm trong các ObjectId, các UUID và Math.random của nó (mặc định: mỗi lần chạy một process mới, như với mongosh)",
    ),
    (
        "Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): new Date(), Date.now() and the time in ObjectIds read this (default: the system clock)",
        "Cố định đồng hồ (ISO-8601, ví dụ 2026-10-08T03:45:49Z): new Date(), Date.now() và thời gian trong ObjectId đọc giá trị này (mặc định: đồng hồ hệ thống)",
    ),
    (
        "Keep the databases in DIR between runs, as mongodump lays them out (DIR/DB/COLLECTION.bson and .metadata.json, written atomically); inspect and browse read them",
        "Giữ các database trong DIR giữa các lần chạy, theo cách mongodump sắp xếp (DIR/DB/COLLECTION.bson và .metadata.json, ghi nguyên tử); inspect và browse đọc được chúng",
    ),
    (
        "Stop an evaluation after this many milliseconds (0: no limit)",
        "Dừng một lần thực thi sau chừng này mili giây (0: không giới hạn)",
    ),
    // Messages
    (
        "Uncaught: the evaluation was stopped after {ms} ms (--max-time-ms); nothing after it ran",
        "Uncaught: lần thực thi đã bị dừng sau {ms} ms (--max-time-ms); phần sau đó không chạy",
    ),
    (
        "Uncaught: the evaluation was interrupted (Ctrl-C)",
        "Uncaught: lần thực thi đã bị ngắt (Ctrl-C)",
    ),
    (
        "Uncaught: the script used all the memory a console may have ({mib} MiB)",
        "Uncaught: script đã dùng hết bộ nhớ một console được phép dùng ({mib} MiB)",
    ),
    (
        "bson-tutor shell: mongosh over the tutorial's engine, no server. Databases are kept in {dir}. Type exit or press Ctrl-D to leave.",
        "bson-tutor shell: mongosh trên engine của bài học, không cần server. Các database được giữ trong {dir}. Gõ exit hoặc nhấn Ctrl-D để thoát.",
    ),
    (
        "bson-tutor shell: mongosh over the tutorial's engine, no server; nothing is kept after you leave (--data DIR keeps it). Type exit or press Ctrl-D to leave.",
        "bson-tutor shell: mongosh trên engine của bài học, không cần server; không có gì được giữ lại sau khi bạn thoát (--data DIR giữ lại). Gõ exit hoặc nhấn Ctrl-D để thoát.",
    ),
    (
        "(To exit, press Ctrl+C again or Ctrl+D or type exit)",
        "(Để thoát, nhấn Ctrl+C lần nữa, Ctrl+D hoặc gõ exit)",
    ),
    // Errors
    (
        "the JavaScript engine did not start: {reason}",
        "engine JavaScript không khởi động được: {reason}",
    ),
    (
        "{path} has {bytes} bytes: a script may have 16 MiB at most",
        "{path} có {bytes} byte: một script chỉ được tối đa 16 MiB",
    ),
    (
        "{path} is not UTF-8 text (byte {offset} is not): a script must be UTF-8",
        "{path} không phải văn bản UTF-8 (byte {offset} không phải): script phải là UTF-8",
    ),
    (
        "{path} cannot be read back as a collection: {reason}",
        "{path} không đọc lại được thành một collection: {reason}",
    ),
    // `script` exercises
    (
        "your script stopped: {report}",
        "script của bạn đã dừng: {report}",
    ),
    ("(nothing)", "(không có gì)"),
    (
        "after your script, line {n} of the databases is {got}, but the expected script leaves {want}",
        "sau script của bạn, dòng {n} của các database là {got}, nhưng script mong đợi để lại {want}",
    ),
    (
        "line {n} of what your script printed is {got}, but the expected script prints {want}",
        "dòng {n} trong những gì script của bạn in ra là {got}, nhưng script mong đợi in ra {want}",
    ),
    // The console panel of the tutorial.
    (
        "Uncaught: the evaluation was stopped at the tutor's time limit; nothing after it ran",
        "Uncaught: lần thực thi đã bị dừng ở giới hạn thời gian của bài học; phần sau đó không chạy",
    ),
    (
        "(the unfinished statement was dropped)",
        "(câu lệnh chưa gõ xong đã bị bỏ)",
    ),
    (
        "(no name completes this)",
        "(không có tên nào để hoàn tất chỗ này)",
    ),
    ("(stopping the evaluation…)", "(đang dừng lần thực thi…)"),
    (
        "Console · document {n} of {count} (Enter: bytes)",
        "Console · tài liệu {n} trên {count} (Enter: xem byte)",
    ),
    (
        "Console · {count} documents (↑↓ select)",
        "Console · {count} tài liệu (↑↓ để chọn)",
    ),
    ("Console", "Console"),
    (
        "mongosh over the tutorial's engine: type JavaScript and press Enter (try db.t.insertOne({ a: 1 }) then db.t.find()). Tab completes, ↑ recalls, Esc leaves the prompt.",
        "mongosh chạy trên engine của bài học: gõ JavaScript rồi nhấn Enter (thử db.t.insertOne({ a: 1 }) rồi db.t.find()). Tab để hoàn tất tên, ↑ để gọi lại lệnh trước, Esc để rời dấu nhắc.",
    ),
    (
        "Bytes of document {n} · {size} bytes",
        "Các byte của tài liệu {n} · {size} byte",
    ),
    ("Bytes of document {n}", "Các byte của tài liệu {n}"),
    ("running… (Ctrl-C stops it)", "đang chạy… (Ctrl-C để dừng)"),
    (
        "no document is selected: print one (db.t.find()), then ↑ and ↓ select it",
        "chưa chọn tài liệu nào: hãy in ra một tài liệu (db.t.find()), rồi dùng ↑ và ↓ để chọn",
    ),
    (
        "the console could not start: {error}",
        "console không khởi động được: {error}",
    ),
    (
        "a script is still running: Ctrl-C or Esc stops it",
        "một script vẫn đang chạy: Ctrl-C hoặc Esc để dừng",
    ),
    ("stopping the script…", "đang dừng script…"),
    (
        "the console is busy: try Tab again",
        "console đang bận: hãy nhấn Tab lại",
    ),
    (
        "console: mongosh scripts over the engine",
        "console: script mongosh trên engine",
    ),
    ("console", "console"),
    (
        "run the statement (an unfinished one asks for the next line)",
        "chạy câu lệnh (câu chưa xong thì chờ dòng tiếp theo)",
    ),
    ("complete a name", "hoàn tất một tên"),
    ("completion", "hoàn tất tên"),
    ("previous / next statement", "câu lệnh trước / sau"),
    ("history", "lịch sử"),
    ("run", "chạy"),
    (
        "{key_for} opens the console: type this script there, change it, run it again",
        "{key_for} mở console: gõ script này vào đó, sửa nó, rồi chạy lại",
    ),
    (
        "stop a running script, drop an unfinished statement, or leave the prompt",
        "dừng script đang chạy, bỏ câu lệnh chưa xong, hoặc rời dấu nhắc",
    ),
    ("leave", "rời đi"),
    (
        "to the transcript or the bytes",
        "sang bản ghi phiên hoặc các byte",
    ),
    (
        "scroll the transcript a page",
        "cuộn bản ghi phiên một trang",
    ),
    ("select a document printed", "chọn một tài liệu đã in"),
    ("documents", "tài liệu"),
    ("the first / last document", "tài liệu đầu / cuối"),
    (
        "open the selected document in the hex view",
        "mở tài liệu đã chọn trong khung hex",
    ),
    ("back to the prompt", "quay lại dấu nhắc"),
    ("prompt", "dấu nhắc"),
    ("prompt, transcript, bytes", "dấu nhắc, bản ghi phiên, byte"),
    ("close the bytes", "đóng phần byte"),
    ("transcript", "bản ghi phiên"),
    (
        "Its variables are gone, and so are the changes to its databases that were not saved.",
        "Các biến của nó không còn, và các thay đổi chưa được lưu trong database của nó cũng vậy.",
    ),
    (
        "Uncaught: the console's process was ended ({why})",
        "Uncaught: tiến trình của console đã bị kết thúc ({why})",
    ),
    (
        "The script did not stop when asked (a loop inside a built-in function), so the process running its console was ended: its variables are gone, and so are the changes to its databases that were not saved.",
        "Script không dừng khi được yêu cầu (một vòng lặp bên trong một hàm có sẵn), nên tiến trình chạy console của nó đã bị kết thúc: các biến của nó không còn, và các thay đổi chưa được lưu trong database của nó cũng vậy.",
    ),
    (
        "Uncaught: the script printed more than a run may print ({mib} MiB); it was stopped there",
        "Uncaught: script đã in nhiều hơn mức một lần chạy được in ({mib} MiB); nó đã bị dừng tại đó",
    ),
    (
        "Uncaught: the console reached its memory budget ({mib} MiB for databases, output and replies); the write that would cross it was refused and the script was stopped",
        "Uncaught: console đã chạm ngân sách bộ nhớ ({mib} MiB cho database, đầu ra và kết quả trả về); thao tác ghi vượt quá nó đã bị từ chối và script đã bị dừng",
    ),
    // Issue 26: `--data DIR` and the history file hold.
    (
        "{path} is already there and this run did not load it, so {namespace} was not saved over it (move it away, or give the collection another name)",
        "{path} đã có sẵn và lần chạy này không nạp nó, nên {namespace} không được lưu đè lên nó (hãy chuyển nó đi chỗ khác, hoặc đặt cho collection một tên khác)",
    ),
    (
        "{path} was left as it is: it is {kind}, and --data reads only regular files and folders",
        "{path} được để nguyên: đó là {kind}, mà --data chỉ đọc tệp thường và thư mục",
    ),
    (
        "{path} was left as it is: its name is not UTF-8, so it names no database or collection",
        "{path} được để nguyên: tên của nó không phải UTF-8, nên không chỉ database hay collection nào",
    ),
    (
        "{path} was left as it is: the server refuses its name ({reason})",
        "{path} được để nguyên: máy chủ từ chối tên của nó ({reason})",
    ),
    (
        "{path} was left as it is: mongodump gives that collection another file name",
        "{path} được để nguyên: mongodump đặt cho collection đó một tên tệp khác",
    ),
    (
        "{path} was left as it is: its name is cut, and no metadata gives the whole name",
        "{path} được để nguyên: tên của nó bị cắt ngắn, và không có metadata nào cho biết tên đầy đủ",
    ),
    (
        "{path} was left as it is: it is not a collection's file (.bson and .metadata.json)",
        "{path} được để nguyên: đó không phải tệp của một collection (.bson và .metadata.json)",
    ),
    (
        "{path} was left as it is: metadata without a .bson file (a view's, which the console does not load)",
        "{path} được để nguyên: metadata không kèm tệp .bson (của một view, thứ console không nạp)",
    ),
    ("a device", "một thiết bị"),
    (
        "{path}: the document at byte {offset} cannot be read back: {reason}",
        "{path}: document tại byte {offset} không đọc lại được: {reason}",
    ),
    (
        "{path} is a symbolic link: --data reads and writes nothing through a link",
        "{path} là một liên kết tượng trưng: --data không đọc hay ghi gì qua liên kết",
    ),
    (
        "{path} is {kind}, not a regular file: --data reads and writes collections only in regular files",
        "{path} là {kind}, không phải tệp thường: --data chỉ đọc và ghi collection trong tệp thường",
    ),
    (
        "{path} is not a folder: --data keeps each database in a folder of its name",
        "{path} không phải thư mục: --data giữ mỗi database trong một thư mục mang tên của nó",
    ),
    (
        "cannot keep {name} in --data: {reason}",
        "không thể lưu {name} trong --data: {reason}",
    ),
    (
        "the shell history {path} is {kind}, not a regular file: it is neither read nor written, and this session's history is kept in memory only",
        "lịch sử shell {path} là {kind}, không phải tệp thường: nó không được đọc hay ghi, và lịch sử của phiên này chỉ được giữ trong bộ nhớ",
    ),
    (
        "the shell history {path} has {bytes} bytes, more than a history has: it is neither read nor written, and this session's history is kept in memory only",
        "lịch sử shell {path} có {bytes} byte, nhiều hơn một lịch sử có thể có: nó không được đọc hay ghi, và lịch sử của phiên này chỉ được giữ trong bộ nhớ",
    ),
    (
        "the shell history {path} is not UTF-8 text: it is neither read nor written, and this session's history is kept in memory only",
        "lịch sử shell {path} không phải văn bản UTF-8: nó không được đọc hay ghi, và lịch sử của phiên này chỉ được giữ trong bộ nhớ",
    ),
    (
        "the shell history {path} is read-only: it is not written, and this session's history is kept in memory only",
        "lịch sử shell {path} chỉ cho phép đọc: nó không được ghi, và lịch sử của phiên này chỉ được giữ trong bộ nhớ",
    ),
    (
        "the shell history {path} cannot be read ({error}): this session's history is kept in memory only",
        "không đọc được lịch sử shell {path} ({error}): lịch sử của phiên này chỉ được giữ trong bộ nhớ",
    ),
    (
        "the shell history was not saved: {display_in}; this session's history is kept in memory only",
        "lịch sử shell chưa được lưu: {display_in}; lịch sử của phiên này chỉ được giữ trong bộ nhớ",
    ),
];

/// Chinese (simplified).
pub(super) const ZH: &[(&str, &str)] = &[
    // --help
    (
        "Run mongosh scripts offline, over the tutorial's engine, or type them in a REPL",
        "离线运行 mongosh 脚本（使用教程自己的引擎），或在 REPL 中输入它们",
    ),
    (
        "Run mongosh scripts offline, over the tutorial's engine, or type them in a REPL.\n\nA real JavaScript engine with mongosh's API (db, getSiblingDB, insertOne, find, sort, aggregate, printjson, EJSON, ObjectId, NumberLong...), no server needed. Each run is one client process: --seed makes its ObjectIds reproducible.",
        "离线运行 mongosh 脚本（使用教程自己的引擎），或在 REPL 中输入它们。\n\n一个真正的 JavaScript 引擎，带有 mongosh 的 API（db、getSiblingDB、insertOne、find、sort、aggregate、printjson、EJSON、ObjectId、NumberLong……），无需服务器。每次运行是一个客户端进程：--seed 让它的 ObjectId 可以重现。",
    ),
    (
        "Scripts to run in order, as `mongosh --quiet --file` runs them: a script prints only what it prints. Without a script or --eval, a REPL starts",
        "按顺序运行的脚本，与 `mongosh --quiet --file` 的运行方式相同：脚本只输出它自己打印的内容。没有脚本也没有 --eval 时，启动 REPL",
    ),
    (
        "JavaScript to run before the scripts; its last value is printed, as mongosh --eval prints it",
        "在脚本之前运行的 JavaScript；像 mongosh --eval 一样打印它的最后一个值",
    ),
    (
        "Seed this client process: its ObjectIds' 5-byte random value and counter start, its UUIDs and Math.random (default: a new process each run, as with mongosh)",
        "为这个客户端进程设定种子：它的 ObjectId 的 5 字节随机值和计数器起点、它的 UUID 和 Math.random（默认：每次运行都是新进程，与 mongosh 相同）",
    ),
    (
        "Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): new Date(), Date.now() and the time in ObjectIds read this (default: the system clock)",
        "固定时钟（ISO-8601，例如 2026-10-08T03:45:49Z）：new Date()、Date.now() 和 ObjectId 中的时间都读取它（默认：系统时钟）",
    ),
    (
        "Keep the databases in DIR between runs, as mongodump lays them out (DIR/DB/COLLECTION.bson and .metadata.json, written atomically); inspect and browse read them",
        "在多次运行之间把数据库保存在 DIR 中，布局与 mongodump 相同（DIR/DB/COLLECTION.bson 和 .metadata.json，原子写入）；inspect 和 browse 可以读取它们",
    ),
    (
        "Stop an evaluation after this many milliseconds (0: no limit)",
        "一次求值超过这么多毫秒后停止（0：不限制）",
    ),
    // Messages
    (
        "Uncaught: the evaluation was stopped after {ms} ms (--max-time-ms); nothing after it ran",
        "Uncaught：求值在 {ms} 毫秒后被停止（--max-time-ms）；之后的内容都没有运行",
    ),
    (
        "Uncaught: the evaluation was interrupted (Ctrl-C)",
        "Uncaught：求值被中断（Ctrl-C）",
    ),
    (
        "Uncaught: the script used all the memory a console may have ({mib} MiB)",
        "Uncaught：脚本用完了控制台可用的全部内存（{mib} MiB）",
    ),
    (
        "bson-tutor shell: mongosh over the tutorial's engine, no server. Databases are kept in {dir}. Type exit or press Ctrl-D to leave.",
        "bson-tutor shell：基于教程引擎的 mongosh，无需服务器。数据库保存在 {dir} 中。输入 exit 或按 Ctrl-D 退出。",
    ),
    (
        "bson-tutor shell: mongosh over the tutorial's engine, no server; nothing is kept after you leave (--data DIR keeps it). Type exit or press Ctrl-D to leave.",
        "bson-tutor shell：基于教程引擎的 mongosh，无需服务器；退出后不保留任何数据（--data DIR 可以保留）。输入 exit 或按 Ctrl-D 退出。",
    ),
    (
        "(To exit, press Ctrl+C again or Ctrl+D or type exit)",
        "（要退出，请再按一次 Ctrl+C，或按 Ctrl+D，或输入 exit）",
    ),
    // Errors
    (
        "the JavaScript engine did not start: {reason}",
        "JavaScript 引擎没有启动：{reason}",
    ),
    (
        "{path} has {bytes} bytes: a script may have 16 MiB at most",
        "{path} 有 {bytes} 字节：脚本最多只能有 16 MiB",
    ),
    (
        "{path} is not UTF-8 text (byte {offset} is not): a script must be UTF-8",
        "{path} 不是 UTF-8 文本（第 {offset} 字节不是）：脚本必须是 UTF-8",
    ),
    (
        "{path} cannot be read back as a collection: {reason}",
        "{path} 无法读回为集合：{reason}",
    ),
    // `script` exercises
    ("your script stopped: {report}", "你的脚本已停止：{report}"),
    ("(nothing)", "（没有内容）"),
    (
        "after your script, line {n} of the databases is {got}, but the expected script leaves {want}",
        "运行你的脚本后，数据库的第 {n} 行是 {got}，而预期的脚本留下的是 {want}",
    ),
    (
        "line {n} of what your script printed is {got}, but the expected script prints {want}",
        "你的脚本输出的第 {n} 行是 {got}，而预期的脚本输出 {want}",
    ),
    // The console panel of the tutorial.
    (
        "Uncaught: the evaluation was stopped at the tutor's time limit; nothing after it ran",
        "Uncaught：求值在教程的时间限制处被停止；之后的内容都没有运行",
    ),
    (
        "(the unfinished statement was dropped)",
        "（未写完的语句已丢弃）",
    ),
    ("(no name completes this)", "（没有可补全的名字）"),
    ("(stopping the evaluation…)", "（正在停止求值……）"),
    (
        "Console · document {n} of {count} (Enter: bytes)",
        "控制台 · 第 {n} 个文档，共 {count} 个（Enter：看字节）",
    ),
    (
        "Console · {count} documents (↑↓ select)",
        "控制台 · {count} 个文档（↑↓ 选择）",
    ),
    ("Console", "控制台"),
    (
        "mongosh over the tutorial's engine: type JavaScript and press Enter (try db.t.insertOne({ a: 1 }) then db.t.find()). Tab completes, ↑ recalls, Esc leaves the prompt.",
        "运行在教程引擎上的 mongosh：输入 JavaScript 后按 Enter（试试 db.t.insertOne({ a: 1 })，再试 db.t.find()）。Tab 补全名字，↑ 调出上一条，Esc 离开提示符。",
    ),
    (
        "Bytes of document {n} · {size} bytes",
        "第 {n} 个文档的字节 · {size} 字节",
    ),
    ("Bytes of document {n}", "第 {n} 个文档的字节"),
    ("running… (Ctrl-C stops it)", "运行中……（Ctrl-C 停止）"),
    (
        "no document is selected: print one (db.t.find()), then ↑ and ↓ select it",
        "还没有选中文档：先打印一个（db.t.find()），再用 ↑ 和 ↓ 选中它",
    ),
    (
        "the console could not start: {error}",
        "控制台无法启动：{error}",
    ),
    (
        "a script is still running: Ctrl-C or Esc stops it",
        "还有脚本在运行：按 Ctrl-C 或 Esc 停止",
    ),
    ("stopping the script…", "正在停止脚本……"),
    (
        "the console is busy: try Tab again",
        "控制台正忙：请再按一次 Tab",
    ),
    (
        "console: mongosh scripts over the engine",
        "控制台：在引擎上运行 mongosh 脚本",
    ),
    ("console", "控制台"),
    (
        "run the statement (an unfinished one asks for the next line)",
        "运行语句（未写完的语句会等待下一行）",
    ),
    ("complete a name", "补全名字"),
    ("completion", "补全"),
    ("previous / next statement", "上一条 / 下一条语句"),
    ("history", "历史"),
    ("run", "运行"),
    (
        "{key_for} opens the console: type this script there, change it, run it again",
        "按 {key_for} 打开控制台：在那里输入这个脚本，改一改，再运行一次",
    ),
    (
        "stop a running script, drop an unfinished statement, or leave the prompt",
        "停止运行中的脚本、丢弃未写完的语句，或离开提示符",
    ),
    ("leave", "离开"),
    ("to the transcript or the bytes", "到记录或字节"),
    ("scroll the transcript a page", "记录滚动一页"),
    ("select a document printed", "选择一个打印出的文档"),
    ("documents", "文档"),
    ("the first / last document", "第一个 / 最后一个文档"),
    (
        "open the selected document in the hex view",
        "在十六进制视图中打开所选文档",
    ),
    ("back to the prompt", "回到提示符"),
    ("prompt", "提示符"),
    ("prompt, transcript, bytes", "提示符、记录、字节"),
    ("close the bytes", "关闭字节视图"),
    ("transcript", "记录"),
    (
        "Its variables are gone, and so are the changes to its databases that were not saved.",
        "它的变量没有了，它的数据库中尚未保存的更改也没有了。",
    ),
    (
        "Uncaught: the console's process was ended ({why})",
        "Uncaught：控制台的进程被结束了（{why}）",
    ),
    (
        "The script did not stop when asked (a loop inside a built-in function), so the process running its console was ended: its variables are gone, and so are the changes to its databases that were not saved.",
        "脚本在被要求停止时没有停下（内置函数内部的循环），所以运行其控制台的进程被结束了：它的变量没有了，它的数据库中尚未保存的更改也没有了。",
    ),
    (
        "Uncaught: the script printed more than a run may print ({mib} MiB); it was stopped there",
        "Uncaught：脚本输出超过了一次运行允许的量（{mib} MiB），已在该处停止",
    ),
    (
        "Uncaught: the console reached its memory budget ({mib} MiB for databases, output and replies); the write that would cross it was refused and the script was stopped",
        "Uncaught：控制台达到了内存预算（数据库、输出和返回结果共 {mib} MiB）；会超出预算的写入被拒绝，脚本已停止",
    ),
    // Issue 26: `--data DIR` and the history file hold.
    (
        "{path} is already there and this run did not load it, so {namespace} was not saved over it (move it away, or give the collection another name)",
        "{path} 已经存在，而本次运行没有加载它，因此没有用 {namespace} 覆盖它（请把它移走，或给集合换个名字）",
    ),
    (
        "{path} was left as it is: it is {kind}, and --data reads only regular files and folders",
        "{path} 保持原样：它是{kind}，而 --data 只读取普通文件和文件夹",
    ),
    (
        "{path} was left as it is: its name is not UTF-8, so it names no database or collection",
        "{path} 保持原样：它的名字不是 UTF-8，因此不是任何数据库或集合的名字",
    ),
    (
        "{path} was left as it is: the server refuses its name ({reason})",
        "{path} 保持原样：服务器拒绝它的名字（{reason}）",
    ),
    (
        "{path} was left as it is: mongodump gives that collection another file name",
        "{path} 保持原样：mongodump 给这个集合起的是另一个文件名",
    ),
    (
        "{path} was left as it is: its name is cut, and no metadata gives the whole name",
        "{path} 保持原样：它的名字被截断了，也没有元数据给出完整的名字",
    ),
    (
        "{path} was left as it is: it is not a collection's file (.bson and .metadata.json)",
        "{path} 保持原样：它不是集合的文件（.bson 和 .metadata.json）",
    ),
    (
        "{path} was left as it is: metadata without a .bson file (a view's, which the console does not load)",
        "{path} 保持原样：没有 .bson 文件的元数据（属于视图，控制台不加载视图）",
    ),
    ("a device", "设备"),
    (
        "{path}: the document at byte {offset} cannot be read back: {reason}",
        "{path}：第 {offset} 字节处的文档无法读回：{reason}",
    ),
    (
        "{path} is a symbolic link: --data reads and writes nothing through a link",
        "{path} 是符号链接：--data 不通过链接读写任何内容",
    ),
    (
        "{path} is {kind}, not a regular file: --data reads and writes collections only in regular files",
        "{path} 是{kind}，不是普通文件：--data 只在普通文件中读写集合",
    ),
    (
        "{path} is not a folder: --data keeps each database in a folder of its name",
        "{path} 不是文件夹：--data 把每个数据库放在与其同名的文件夹中",
    ),
    (
        "cannot keep {name} in --data: {reason}",
        "无法在 --data 中保存 {name}：{reason}",
    ),
    (
        "the shell history {path} is {kind}, not a regular file: it is neither read nor written, and this session's history is kept in memory only",
        "shell 历史文件 {path} 是{kind}，不是普通文件：不会读取也不会写入它，本次会话的历史只保存在内存中",
    ),
    (
        "the shell history {path} has {bytes} bytes, more than a history has: it is neither read nor written, and this session's history is kept in memory only",
        "shell 历史文件 {path} 有 {bytes} 字节，超出历史文件应有的大小：不会读取也不会写入它，本次会话的历史只保存在内存中",
    ),
    (
        "the shell history {path} is not UTF-8 text: it is neither read nor written, and this session's history is kept in memory only",
        "shell 历史文件 {path} 不是 UTF-8 文本：不会读取也不会写入它，本次会话的历史只保存在内存中",
    ),
    (
        "the shell history {path} is read-only: it is not written, and this session's history is kept in memory only",
        "shell 历史文件 {path} 是只读的：不会写入它，本次会话的历史只保存在内存中",
    ),
    (
        "the shell history {path} cannot be read ({error}): this session's history is kept in memory only",
        "无法读取 shell 历史文件 {path}（{error}）：本次会话的历史只保存在内存中",
    ),
    (
        "the shell history was not saved: {display_in}; this session's history is kept in memory only",
        "shell 历史没有保存：{display_in}；本次会话的历史只保存在内存中",
    ),
];
