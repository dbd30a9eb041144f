//! The command line's help: what `--help` says of each command and option. The keys are the
//! texts clap keeps from the doc comments of `src/cli*.rs` (the first paragraph as the short
//! help, without its final full stop; the whole comment as the long help), clap's own words,
//! and the headings of the examples blocks (whose command lines are never translated).

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    // find/aggregate --allow-disk-use
    (
        "Let a sort past the server's 100 MB spill sorted runs to a temporary directory (allowDiskUse)",
        "Cho phép một phép sắp xếp vượt quá 100 MB của server ghi các đoạn đã sắp xếp ra một thư mục tạm (allowDiskUse)",
    ),
    // find/aggregate --collation
    (
        "Collation, e.g. '{ locale: \"en\", numericOrdering: true }': how strings compare in filters and sorts (default: byte by byte, `simple`)",
        "Collation (quy tắc so sánh chuỗi), ví dụ '{ locale: \"en\", numericOrdering: true }': cách so sánh chuỗi trong bộ lọc và khi sắp xếp (mặc định: từng byte, `simple`)",
    ),
    // clap's own words
    ("Usage:", "Cách dùng:"),
    ("Commands:", "Lệnh:"),
    ("Arguments:", "Đối số:"),
    ("Options:", "Tùy chọn:"),
    ("Examples:", "Ví dụ:"),
    ("Example:", "Ví dụ:"),
    ("Print help", "In trợ giúp"),
    (
        "Print help (see more with '--help')",
        "In trợ giúp (xem đầy đủ với '--help')",
    ),
    (
        "Print help (see a summary with '-h')",
        "In trợ giúp (xem bản tóm tắt với '-h')",
    ),
    ("Print version", "In phiên bản"),
    (
        "Print this message or the help of the given subcommand(s)",
        "In thông báo này hoặc trợ giúp của (các) lệnh con đã nêu",
    ),
    (
        "Print help for the subcommand(s)",
        "In trợ giúp của (các) lệnh con",
    ),
    // bson-tutor and the tutorial's options
    (
        "A terminal tutorial on what MongoDB data really is underneath: BSON bytes, types, order and ObjectIds",
        "Hướng dẫn tương tác trong terminal về bản chất thật của dữ liệu MongoDB: byte BSON, kiểu, thứ tự và ObjectId",
    ),
    (
        "With no command, bson-tutor opens the interactive tutorial (press ? in it for the keys).\n\nLessons mark how sure a statement is with a label before it:\n  [documented]             MongoDB's documentation or the BSON specification says so: rely on it\n  [observed]               seen on a real server: check it again on your own version\n  [implementation detail]  how the server or mongosh does it today, not a promise\n  [simplified model]       a picture to think with, simpler than the real mechanism",
        "Không kèm lệnh, bson-tutor mở phần hướng dẫn tương tác (trong đó nhấn ? để xem các phím).\n\nBài học gắn một nhãn trước mỗi nhận định để cho biết nó chắc chắn đến đâu:\n  [Tài liệu]             tài liệu MongoDB hoặc đặc tả BSON nói vậy: có thể dựa vào\n  [Quan sát]             thấy trên một server thật: nên kiểm lại trên phiên bản của bạn\n  [Chi tiết triển khai]  cách server hoặc mongosh đang làm hiện nay, không phải một cam kết\n  [Mô hình đơn giản]     một cách hình dung để dễ suy nghĩ, đơn giản hơn cơ chế thật",
    ),
    (
        "Colours: dark, light, high-contrast or mono (NO_COLOR set in the environment means mono)",
        "Bảng màu: dark, light, high-contrast hoặc mono (có NO_COLOR trong biến môi trường nghĩa là mono)",
    ),
    (
        "Fix the seed of generated ObjectIds and UUIDs, so a whole class sees the same ones",
        "Cố định seed của các ObjectId và UUID được sinh ra, để cả lớp thấy cùng những giá trị",
    ),
    (
        "Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): `new Date()` and the time in generated ObjectIds read this, the same for a whole class",
        "Cố định đồng hồ (ISO-8601, ví dụ 2026-10-08T03:45:49Z): `new Date()` và thời gian trong các ObjectId được sinh ra đều đọc giờ này, giống nhau cho cả lớp",
    ),
    (
        "Leave the mouse to the terminal (text selection) instead of clicks and the wheel",
        "Để chuột cho terminal (bôi đen văn bản) thay vì dùng nhấp chuột và con lăn",
    ),
    (
        "Load the lessons of this directory (every `*.toml`) instead of the built-in ones",
        "Nạp các bài học trong thư mục này (mọi tệp `*.toml`) thay cho các bài có sẵn",
    ),
    (
        "With --lessons: keep the built-in lessons as well",
        "Dùng với --lessons: giữ cả các bài học có sẵn",
    ),
    (
        "The progress file (default: $BSON_TUTOR_PROGRESS, else $XDG_DATA_HOME/bson-tutor/progress.json, else ~/.local/share/bson-tutor/progress.json; on macOS and Windows, the system's data directory)",
        "Tệp tiến độ (mặc định: $BSON_TUTOR_PROGRESS, nếu không có thì $XDG_DATA_HOME/bson-tutor/progress.json, nếu vẫn không có thì ~/.local/share/bson-tutor/progress.json; trên macOS và Windows là thư mục dữ liệu của hệ thống)",
    ),
    (
        "The language of the lessons, the interface and every command's messages: en, vi or zh (default: from the locale, LC_ALL / LC_MESSAGES / LANG, else the system's language). A text not translated yet shows in English; values, ids and the server's own error messages are never translated",
        "Ngôn ngữ của bài học, giao diện và thông báo của mọi lệnh: en, vi hoặc zh (mặc định: theo locale, LC_ALL / LC_MESSAGES / LANG, nếu không có thì theo ngôn ngữ của hệ thống). Văn bản chưa được dịch sẽ hiện bằng tiếng Anh; giá trị, id và thông báo lỗi của chính server không bao giờ được dịch",
    ),
    // inspect
    (
        "Walk the bytes of BSON documents: what every length, type byte, key and value means",
        "Đi qua từng byte của tài liệu BSON: ý nghĩa của mỗi độ dài, byte kiểu, khóa và giá trị",
    ),
    (
        "Walk the bytes of BSON documents: what every length, type byte, key and value means.\n\nReads one document, or several concatenated ones as in a mongodump .bson file.",
        "Đi qua từng byte của tài liệu BSON: ý nghĩa của mỗi độ dài, byte kiểu, khóa và giá trị.\n\nĐọc một tài liệu, hoặc nhiều tài liệu nối liền nhau như trong tệp .bson của mongodump.",
    ),
    (
        "A document as text: mongosh syntax ('{ _id: 1, n: NumberLong(\"5\") }') or Extended JSON ('{\"n\": {\"$numberLong\": \"5\"}}'); JSON is read as Extended JSON, anything else as shell",
        "Một tài liệu dạng văn bản: cú pháp mongosh ('{ _id: 1, n: NumberLong(\"5\") }') hoặc Extended JSON ('{\"n\": {\"$numberLong\": \"5\"}}'); JSON được đọc như Extended JSON, mọi thứ khác như cú pháp shell",
    ),
    (
        "How to read the input: raw BSON bytes, or text with one document per line",
        "Cách đọc đầu vào: byte BSON thô, hoặc văn bản mỗi dòng một tài liệu",
    ),
    (
        "Raw BSON (the default for --file)",
        "BSON thô (mặc định với --file)",
    ),
    (
        "Hex digits, one document per line (the default for --hex)",
        "Chữ số hex, mỗi dòng một tài liệu (mặc định với --hex)",
    ),
    (
        "Extended JSON, canonical or relaxed, one document per line",
        "Extended JSON, dạng canonical hoặc relaxed, mỗi dòng một tài liệu",
    ),
    (
        "mongosh syntax, one document per line",
        "Cú pháp mongosh, mỗi dòng một tài liệu",
    ),
    (
        "The bytes as hex digits; spaces, commas, newlines and 0x prefixes are allowed",
        "Các byte viết bằng chữ số hex; được phép có dấu cách, dấu phẩy, xuống dòng và tiền tố 0x",
    ),
    (
        "A file of raw BSON, or - for standard input",
        "Tệp BSON thô, hoặc - để đọc từ đầu vào chuẩn",
    ),
    ("How to show the documents", "Cách hiển thị các tài liệu"),
    (
        "offset | bytes (hex) | meaning, one row per length, type byte, key, value, terminator",
        "offset | byte (hex) | ý nghĩa, mỗi độ dài, byte kiểu, khóa, giá trị, byte kết thúc một hàng",
    ),
    (
        "Offsets, 16 bytes a row and an ASCII column, like xxd or od",
        "Offset, 16 byte mỗi hàng và một cột ASCII, giống xxd hay od",
    ),
    (
        "Each document re-encoded by bson-tutor's encoder as lowercase hex, one per line",
        "Mỗi tài liệu được bộ mã hóa của bson-tutor mã hóa lại thành hex chữ thường, mỗi dòng một tài liệu",
    ),
    (
        "The element span tree as JSON, one document per line",
        "Cây span của các phần tử dưới dạng JSON, mỗi dòng một tài liệu",
    ),
    (
        "Canonical Extended JSON, one document per line: every type kept",
        "Extended JSON dạng canonical, mỗi dòng một tài liệu: giữ nguyên mọi kiểu",
    ),
    (
        "Relaxed Extended JSON: plain numbers and ISO dates; a long reads back as the smallest integer type that holds it",
        "Extended JSON dạng relaxed: số thường và ngày ISO; một long khi đọc lại thành kiểu số nguyên nhỏ nhất chứa được nó",
    ),
    (
        "The way mongosh prints documents: { _id: 1, n: Long('5') }",
        "Như cách mongosh in tài liệu: { _id: 1, n: Long('5') }",
    ),
    (
        "LOSSY: relaxed as mongosh's EJSON.stringify prints it (int64 and double through a JS number: Double(42) prints 42)",
        "MẤT THÔNG TIN: relaxed như EJSON.stringify của mongosh in ra (int64 và double đi qua một số JS: Double(42) in thành 42)",
    ),
    (
        "LOSSY: JSON.stringify of the shell's objects (ObjectId and Date become strings)",
        "MẤT THÔNG TIN: JSON.stringify của các đối tượng trong shell (ObjectId và Date thành chuỗi)",
    ),
    (
        "Indent JSON views instead of printing one document per line",
        "Thụt lề các dạng xem JSON thay vì in mỗi dòng một tài liệu",
    ),
    (
        "Validate every document of --file and report each damaged one by its number and byte offset with the reason; exit 1 if any is damaged",
        "Kiểm tra mọi tài liệu của --file và báo từng tài liệu hỏng theo số thứ tự và vị trí byte kèm lý do; thoát với mã 1 nếu có tài liệu hỏng",
    ),
    (
        "Like --check, but go on after damage from the next document that reads, and print the documents recovered (in --to's view); the report goes to standard error",
        "Như --check, nhưng sau chỗ hỏng thì đi tiếp từ tài liệu đọc được kế tiếp và in các tài liệu khôi phục được (theo dạng xem của --to); bản báo cáo in ra standard error",
    ),
    // eval
    (
        "Evaluate an aggregation expression on literals, as the server would",
        "Tính một biểu thức aggregation trên các giá trị viết trực tiếp, như server sẽ tính",
    ),
    (
        "Evaluate an aggregation expression on literals, as the server would.\n\nThe expression is mongosh syntax or Extended JSON; the result prints in shell syntax.",
        "Tính một biểu thức aggregation trên các giá trị viết trực tiếp, như server sẽ tính.\n\nBiểu thức viết bằng cú pháp mongosh hoặc Extended JSON; kết quả được in bằng cú pháp shell.",
    ),
    (
        "The expression, e.g. '{ $add: [0.1, 0.2] }'",
        "Biểu thức, ví dụ '{ $add: [0.1, 0.2] }'",
    ),
    (
        "A document whose fields the expression's field paths (\"$qty\") read",
        "Tài liệu chứa các trường mà đường dẫn trường trong biểu thức (\"$qty\") đọc",
    ),
    ("How to print the result", "Cách in kết quả"),
    (
        "As mongosh prints it: 0.30000000000000004, Decimal128('0.3')",
        "Như mongosh in ra: 0.30000000000000004, Decimal128('0.3')",
    ),
    ("Canonical Extended JSON", "Extended JSON dạng canonical"),
    ("Relaxed Extended JSON", "Extended JSON dạng relaxed"),
    (
        "How to read the expression and --doc (default: Extended JSON if it is valid JSON, mongosh syntax otherwise)",
        "Cách đọc biểu thức và --doc (mặc định: Extended JSON nếu là JSON hợp lệ, nếu không thì cú pháp mongosh)",
    ),
    (
        "mongosh syntax (JavaScript number rules: `1.0` is an int)",
        "Cú pháp mongosh (quy tắc số của JavaScript: `1.0` là int)",
    ),
    (
        "Extended JSON, canonical or relaxed",
        "Extended JSON, dạng canonical hoặc relaxed",
    ),
    // find, aggregate
    (
        "Find documents with a filter, as the server would (type bracketing, arrays, null)",
        "Tìm tài liệu bằng bộ lọc, như server sẽ tìm (quy tắc nhóm kiểu (type bracketing), mảng, null)",
    ),
    (
        "The filter, e.g. '{ userId: { $gt: 0 } }' (default: every document)",
        "Bộ lọc, ví dụ '{ userId: { $gt: 0 } }' (mặc định: mọi tài liệu)",
    ),
    (
        "The documents: an array literal ('[{ _id: 1, v: 42 }, ...]'), or a file holding one (mongosh syntax or Extended JSON), one document per line; or a dump read as a stream (`.bson`, `.bson.gz`, a mongodump --archive, `-` for standard input, a named pipe), its documents as stored: no `_id` added, no duplicate looked for",
        "Các tài liệu: một mảng viết trực tiếp ('[{ _id: 1, v: 42 }, ...]'), hoặc một tệp chứa một mảng như thế (cú pháp mongosh hoặc Extended JSON), mỗi dòng một tài liệu; hoặc một bản dump đọc dạng luồng (`.bson`, `.bson.gz`, một mongodump --archive, `-` cho standard input, một named pipe), các tài liệu đúng như đã lưu: không thêm `_id`, không tìm `_id` trùng",
    ),
    (
        "Sort specification, e.g. '{ v: 1, _id: 1 }'",
        "Đặc tả sắp xếp, ví dụ '{ v: 1, _id: 1 }'",
    ),
    (
        "Projection, e.g. '{ _id: 1 }'",
        "Phép chiếu (projection), ví dụ '{ _id: 1 }'",
    ),
    (
        "Documents to skip after sorting",
        "Số tài liệu bỏ qua sau khi sắp xếp",
    ),
    (
        "At most this many documents",
        "Nhiều nhất bấy nhiêu tài liệu",
    ),
    (
        "Print only the `_id`s, as one array in shell syntax: [ 1, 3, 4, 5 ]",
        "Chỉ in các `_id`, gộp thành một mảng theo cú pháp shell: [ 1, 3, 4, 5 ]",
    ),
    (
        "Also say, for every document that does not match, why not (type bracketing...)",
        "Với mỗi tài liệu không khớp, nói thêm vì sao không khớp (quy tắc nhóm kiểu...)",
    ),
    ("How to print the documents", "Cách in các tài liệu"),
    (
        "How to read the documents, filter, specs and pipeline (default: Extended JSON for valid JSON, mongosh syntax otherwise)",
        "Cách đọc tài liệu, bộ lọc, các đặc tả và pipeline (mặc định: Extended JSON với JSON hợp lệ, nếu không thì cú pháp mongosh)",
    ),
    (
        "Run an aggregation pipeline over documents",
        "Chạy một pipeline aggregation trên các tài liệu",
    ),
    (
        "The pipeline: an array of stages, e.g. '[{ $group: { _id: { $type: \"$v\" }, n: { $sum: 1 } } }]'",
        "Pipeline: một mảng các stage, ví dụ '[{ $group: { _id: { $type: \"$v\" }, n: { $sum: 1 } } }]'",
    ),
    (
        "The documents (as for `find`); may be omitted when the pipeline starts with `$documents`",
        "Các tài liệu (như với `find`); có thể bỏ khi pipeline bắt đầu bằng `$documents`",
    ),
    (
        "Print only the `_id`s, as one array in shell syntax",
        "Chỉ in các `_id`, gộp thành một mảng theo cú pháp shell",
    ),
    // oid
    (
        "Make ObjectIds the way a driver does, or take one apart",
        "Tạo ObjectId theo cách driver vẫn làm, hoặc tách một ObjectId ra từng phần",
    ),
    (
        "Make ObjectIds the way a driver does, or take one apart.\n\nAn ObjectId is 4 bytes of seconds, a 5-byte random value drawn once per process and a 3-byte counter that starts at a random value: ids from one process grow, but within a second ids from two processes sort by their random values, not by who came first.",
        "Tạo ObjectId theo cách driver vẫn làm, hoặc tách một ObjectId ra từng phần.\n\nMột ObjectId gồm 4 byte số giây, một giá trị ngẫu nhiên 5 byte rút một lần cho mỗi tiến trình và một bộ đếm 3 byte bắt đầu từ một giá trị ngẫu nhiên: id của một tiến trình tăng dần, nhưng trong cùng một giây, id của hai tiến trình được sắp theo giá trị ngẫu nhiên của chúng, không theo tiến trình nào đến trước.",
    ),
    (
        "An ObjectId to take apart (24 hex digits; `ObjectId('...')` as mongosh prints it is fine too). Without it, new ids are made",
        "ObjectId cần tách ra từng phần (24 chữ số hex; dạng `ObjectId('...')` như mongosh in ra cũng được). Không có nó thì tạo id mới",
    ),
    (
        "How many ids each process makes",
        "Mỗi tiến trình tạo bao nhiêu id",
    ),
    (
        "Draw the processes' random values and counter starts from this seed, so a run can be repeated (add --at to fix the time as well)",
        "Rút giá trị ngẫu nhiên và điểm bắt đầu bộ đếm của các tiến trình từ seed này, để có thể chạy lại y hệt (thêm --at để cố định cả thời gian)",
    ),
    (
        "The time the ids are made at, as ISO-8601 (2026-10-08T03:45:49Z); ObjectIds keep only the whole seconds. Default: now",
        "Thời điểm tạo id, dạng ISO-8601 (2026-10-08T03:45:49Z); ObjectId chỉ giữ phần giây nguyên. Mặc định: bây giờ",
    ),
    (
        "Interleave this many processes (A, B, ...), each with its own random value and counter, and label each id with the process that made it",
        "Xen kẽ bấy nhiêu tiến trình (A, B, ...), mỗi tiến trình có giá trị ngẫu nhiên và bộ đếm riêng, và ghi nhãn mỗi id bằng tiến trình đã tạo ra nó",
    ),
    (
        "Print each id as timestamp | random value | counter",
        "In mỗi id thành dấu thời gian | giá trị ngẫu nhiên | bộ đếm",
    ),
    (
        "Print the ids in sorted order, as `sort({ _id: 1 })` returns them",
        "In các id theo thứ tự đã sắp xếp, như `sort({ _id: 1 })` trả về",
    ),
    // lessons, show, check, answer
    (
        "List the lessons: order, id, title and number of exercises",
        "Liệt kê các bài học: thứ tự, id, tiêu đề và số bài tập",
    ),
    (
        "Show a lesson as plain text, every figure computed now",
        "Hiện một bài học dưới dạng văn bản thường, mọi con số đều được tính ngay lúc này",
    ),
    (
        "The lesson: its id or its number, as `bson-tutor lessons` lists them",
        "Bài học: id hoặc số thứ tự của nó, như `bson-tutor lessons` liệt kê",
    ),
    ("Wrap prose at this column", "Ngắt dòng văn bản ở cột này"),
    (
        "Show each exercise's computed answer and explanation",
        "Hiện đáp án đã tính và lời giải thích của mỗi bài tập",
    ),
    (
        "Colour: `auto` colours a terminal only (and never when NO_COLOR is set)",
        "Tô màu: `auto` chỉ tô màu khi in ra terminal (và không bao giờ khi có NO_COLOR)",
    ),
    (
        "Colour when standard output is a terminal and NO_COLOR is not set",
        "Tô màu khi đầu ra chuẩn là terminal và không có NO_COLOR",
    ),
    ("Always colour", "Luôn tô màu"),
    (
        "Never colour: plain text, as snapshots and pipes want it",
        "Không bao giờ tô màu: văn bản thường, như snapshot và pipe cần",
    ),
    (
        "Seed the ObjectIds and UUIDs that lesson text generates (`ObjectId()`, `UUID()`, an `_id` a collection adds); without it they are the fixed ones the lessons are written with",
        "Seed cho các ObjectId và UUID mà nội dung bài học sinh ra (`ObjectId()`, `UUID()`, `_id` do collection thêm vào); không có nó thì đó là các giá trị cố định mà bài học được viết theo",
    ),
    (
        "Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): `new Date()`, `$$NOW` and the time in generated ObjectIds read this (default: 2026-10-08T03:45:49Z, the lessons' clock)",
        "Cố định đồng hồ (ISO-8601, ví dụ 2026-10-08T03:45:49Z): `new Date()`, `$$NOW` và thời gian trong các ObjectId được sinh ra đều đọc giờ này (mặc định: 2026-10-08T03:45:49Z, đồng hồ của các bài học)",
    ),
    (
        "Check lessons: every step computes, every `expect` is the engine's answer, every `reject` is refused. Exits 1 on any failure",
        "Kiểm tra bài học: mọi bước đều tính được, mọi `expect` đúng là đáp án của engine, mọi `reject` đều bị từ chối. Thoát với mã 1 nếu có bất kỳ lỗi nào",
    ),
    (
        "A directory of lessons to check (default: the built-in lessons)",
        "Thư mục bài học cần kiểm tra (mặc định: các bài học có sẵn)",
    ),
    (
        "`text`: FAIL and BROKEN lines, then `check: N passed, M failed`; `json`: one JSON object for machines. The exit code is the same: 0 when all pass, 1 otherwise",
        "`text`: các dòng FAIL và BROKEN, rồi `check: N đạt, M lỗi`; `json`: một đối tượng JSON cho máy đọc. Mã thoát như nhau: 0 khi tất cả đạt, 1 nếu không",
    ),
    (
        "`FAIL file:line: ...` and `BROKEN file:line:col: ...` lines, then the summary line",
        "Các dòng `FAIL file:line: ...` và `BROKEN file:line:col: ...`, rồi dòng tổng kết",
    ),
    (
        "One JSON object: counts, failures with file and line, broken files with line and column",
        "Một đối tượng JSON: các số đếm, các lỗi kèm tệp và dòng, các tệp hỏng kèm dòng và cột",
    ),
    (
        "Answer an exercise from the terminal; progress is saved and `lessons` shows it",
        "Trả lời một bài tập ngay trong terminal; tiến độ được lưu và `lessons` sẽ hiện nó",
    ),
    ("The lesson's id", "Id của bài học"),
    (
        "The exercise number within the lesson (as `show` numbers them)",
        "Số thứ tự của bài tập trong bài học (như `show` đánh số)",
    ),
    (
        "Your answer (omit with --hint or --reveal)",
        "Câu trả lời của bạn (bỏ trống khi dùng --hint hoặc --reveal)",
    ),
    (
        "Show the next hint instead",
        "Thay vào đó, hiện gợi ý tiếp theo",
    ),
    (
        "Show the answer (only after a wrong attempt; recorded as revealed, not solved)",
        "Xem đáp án (chỉ sau một lần trả lời sai; được ghi là đã xem đáp án, không phải đã giải)",
    ),
    // progress, class
    (
        "Show the saved progress (the file, the last position, each lesson's exercises), or erase it with --reset (asks first)",
        "Hiện tiến độ đã lưu (tệp, vị trí gần nhất, các bài tập của từng bài học), hoặc xóa nó bằng --reset (có hỏi trước)",
    ),
    (
        "Erase the saved progress (asks first, on standard error; only `y` or `yes` erases)",
        "Xóa tiến độ đã lưu (có hỏi trước, trên đầu ra lỗi chuẩn; chỉ `c`, `có`, `y` hoặc `yes` mới xóa)",
    ),
    (
        "With --reset: erase only this lesson's records",
        "Dùng với --reset: chỉ xóa bản ghi của bài học này",
    ),
    (
        "With --reset: erase without asking",
        "Dùng với --reset: xóa mà không hỏi",
    ),
    (
        "Write this student's results to standard output, every exercise of every lesson (pending ones too), for `bson-tutor class summary`",
        "Ghi kết quả của học viên này ra đầu ra chuẩn, mọi bài tập của mọi bài học (kể cả bài chưa làm xong), cho `bson-tutor class summary`",
    ),
    (
        "One JSON object (what `class summary` reads)",
        "Một đối tượng JSON (dạng mà `class summary` đọc)",
    ),
    (
        "A header line and one row per exercise (RFC 4180 quoting), for spreadsheets",
        "Một dòng tiêu đề và mỗi bài tập một hàng (đặt ngoặc kép theo RFC 4180), cho bảng tính",
    ),
    (
        "With --export: the student's name (default: $USER, else `student`)",
        "Dùng với --export: tên học viên (mặc định: $USER, nếu không có thì `student`)",
    ),
    (
        "A class's results: `class summary FILE...` merges students' `progress --export json` files into a table per exercise and a bar chart of solved %",
        "Kết quả của một lớp: `class summary FILE...` gộp các tệp `progress --export json` của học viên thành một bảng theo từng bài tập và một biểu đồ cột tỉ lệ % đã giải",
    ),
    (
        "Merge students' `progress --export json` (or csv) files: per exercise, how many solved, revealed, median attempts, hints and seconds, and the most common wrong answer, then a bar chart of solved %. Exits 1 if any file had to be left out",
        "Gộp các tệp `progress --export json` (hoặc csv) của học viên: với mỗi bài tập, số người đã giải, đã xem đáp án, trung vị số lần thử, số gợi ý và số giây, và câu trả lời sai hay gặp nhất; rồi một biểu đồ cột tỉ lệ % đã giải. Thoát với mã 1 nếu phải bỏ qua tệp nào",
    ),
    (
        "The exports, one per student (`bson-tutor progress --export json --student NAME`)",
        "Các tệp xuất, mỗi học viên một tệp (`bson-tutor progress --export json --student NAME`)",
    ),
    (
        "`text`: a table per lesson and a bar chart; `json`: one object for machines, with the files left out and why",
        "`text`: mỗi bài học một bảng và một biểu đồ cột; `json`: một đối tượng cho máy đọc, kèm các tệp bị bỏ qua và lý do",
    ),
    (
        "Aligned tables grouped by lesson, then the bar chart",
        "Các bảng thẳng cột, nhóm theo bài học, rồi biểu đồ cột",
    ),
    ("One JSON object", "Một đối tượng JSON"),
    // new, completions, man
    (
        "Start a teacher's pack: `new lesson ID` writes a commented lesson skeleton that passes `check`",
        "Bắt đầu một gói bài học của giáo viên: `new lesson ID` ghi ra khung bài học có chú thích, qua được `check`",
    ),
    (
        "Write ID.toml: a commented lesson skeleton (text, hex, run and exercise steps) that passes `bson-tutor check` untouched",
        "Ghi ID.toml: khung bài học có chú thích (các bước text, hex, run và exercise), để nguyên cũng qua được `bson-tutor check`",
    ),
    (
        "The lesson's id: lowercase letters, digits and `-` (it names the file and `bson-tutor show ID`)",
        "Id của bài học: chữ thường, chữ số và `-` (dùng làm tên tệp và trong `bson-tutor show ID`)",
    ),
    (
        "The directory to write ID.toml in (created if missing)",
        "Thư mục để ghi ID.toml (tạo mới nếu chưa có)",
    ),
    (
        "Print a shell completion script to standard output",
        "In script tự hoàn thành (completion) cho shell ra đầu ra chuẩn",
    ),
    (
        "The shell to write the completion script for",
        "Shell cần script tự hoàn thành",
    ),
    (
        "Print the man page (roff) to standard output",
        "In trang man (roff) ra đầu ra chuẩn",
    ),
    // aggregate --from-coll
    (
        "Another collection for `$lookup` to read: its name, `=`, then its documents (as for `--docs`), e.g. --from-coll users=users.json; repeatable",
        "Một collection khác cho `$lookup` đọc: tên của nó, `=`, rồi các tài liệu của nó (như với `--docs`), ví dụ --from-coll users=users.json; có thể lặp lại",
    ),
    // update
    (
        "Update documents as the server would, then print the collection",
        "Cập nhật tài liệu như server sẽ làm, rồi in cả collection",
    ),
    (
        "Update documents as the server would, then print the collection.\n\nThe result mongosh prints for the call (matched, modified, upserted) goes to standard error; the documents after the update to standard output.",
        "Cập nhật tài liệu như server sẽ làm, rồi in cả collection.\n\nKết quả mà mongosh in cho lệnh gọi này (số khớp, số đã sửa, upsert) được ghi ra đầu ra lỗi chuẩn; các tài liệu sau khi cập nhật được ghi ra đầu ra chuẩn.",
    ),
    (
        "The filter that selects the documents to update, e.g. '{ _id: 1 }'",
        "Bộ lọc chọn các tài liệu cần cập nhật, ví dụ '{ _id: 1 }'",
    ),
    (
        "The update: modifiers ('{ $set: { \"grades.$[g]\": 100 } }'), a replacement document, or a pipeline of $set/$project/$unset/$replaceWith stages ('[{ $set: { total: { $add: [\"$a\", \"$b\"] } } }]')",
        "Phép cập nhật: các toán tử cập nhật ('{ $set: { \"grades.$[g]\": 100 } }'), một tài liệu thay thế, hoặc một pipeline gồm các stage $set/$project/$unset/$replaceWith ('[{ $set: { total: { $add: [\"$a\", \"$b\"] } } }]')",
    ),
    (
        "Update every matching document (updateMany); without it, only the first (updateOne)",
        "Cập nhật mọi tài liệu khớp (updateMany); không có tùy chọn này thì chỉ tài liệu đầu tiên (updateOne)",
    ),
    (
        "When nothing matches, insert a document built from the filter's equalities and the update",
        "Khi không có tài liệu nào khớp, chèn một tài liệu dựng từ các phép so bằng trong bộ lọc và phép cập nhật",
    ),
    (
        "The array filters that `$[<identifier>]` in the update names, e.g. '[{ g: { $gte: 100 } }]'",
        "Các bộ lọc mảng mà `$[<identifier>]` trong phép cập nhật gọi tên, ví dụ '[{ g: { $gte: 100 } }]'",
    ),
    // Issue 17: --ns of find, aggregate, update and inspect.
    (
        "Only this collection of a mongodump --archive, as DB.COLLECTION",
        "Chỉ collection này của một tệp mongodump --archive, dạng DB.COLLECTION",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    // find/aggregate --allow-disk-use
    (
        "Let a sort past the server's 100 MB spill sorted runs to a temporary directory (allowDiskUse)",
        "允许超过服务器 100 MB 的排序把已排好序的分段写入临时目录（allowDiskUse）",
    ),
    // find/aggregate --collation
    (
        "Collation, e.g. '{ locale: \"en\", numericOrdering: true }': how strings compare in filters and sorts (default: byte by byte, `simple`)",
        "排序规则（collation），例如 '{ locale: \"en\", numericOrdering: true }'：过滤和排序时如何比较字符串（默认：逐字节比较，即 `simple`）",
    ),
    // clap's own words
    ("Usage:", "用法："),
    ("Commands:", "命令："),
    ("Arguments:", "参数："),
    ("Options:", "选项："),
    ("Examples:", "示例："),
    ("Example:", "示例："),
    ("Print help", "显示帮助"),
    (
        "Print help (see more with '--help')",
        "显示帮助（用 '--help' 查看更多）",
    ),
    (
        "Print help (see a summary with '-h')",
        "显示帮助（用 '-h' 查看摘要）",
    ),
    ("Print version", "显示版本"),
    (
        "Print this message or the help of the given subcommand(s)",
        "显示本信息或指定子命令的帮助",
    ),
    ("Print help for the subcommand(s)", "显示子命令的帮助"),
    // bson-tutor and the tutorial's options
    (
        "A terminal tutorial on what MongoDB data really is underneath: BSON bytes, types, order and ObjectIds",
        "终端里的教程：MongoDB 数据在底层究竟是什么——BSON 字节、类型、排序和 ObjectId",
    ),
    (
        "With no command, bson-tutor opens the interactive tutorial (press ? in it for the keys).\n\nLessons mark how sure a statement is with a label before it:\n  [documented]             MongoDB's documentation or the BSON specification says so: rely on it\n  [observed]               seen on a real server: check it again on your own version\n  [implementation detail]  how the server or mongosh does it today, not a promise\n  [simplified model]       a picture to think with, simpler than the real mechanism",
        "不带命令时，bson-tutor 打开交互式教程（在其中按 ? 查看按键）。\n\n课程在每条说法前加一个标签，说明它有多可靠：\n  [文档]      MongoDB 文档或 BSON 规范这样写：可以依靠\n  [实测]      在真实服务器上观察到：请在你自己的版本上再验证一次\n  [实现细节]  服务器或 mongosh 目前的做法，并非承诺\n  [简化模型]  便于思考的图景，比真实机制简单",
    ),
    (
        "Colours: dark, light, high-contrast or mono (NO_COLOR set in the environment means mono)",
        "配色：dark、light、high-contrast 或 mono（环境变量中设置了 NO_COLOR 即为 mono）",
    ),
    (
        "Fix the seed of generated ObjectIds and UUIDs, so a whole class sees the same ones",
        "固定生成 ObjectId 和 UUID 所用的种子，让全班看到相同的值",
    ),
    (
        "Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): `new Date()` and the time in generated ObjectIds read this, the same for a whole class",
        "固定时钟（ISO-8601，例如 2026-10-08T03:45:49Z）：`new Date()` 和生成的 ObjectId 中的时间都读取它，全班相同",
    ),
    (
        "Leave the mouse to the terminal (text selection) instead of clicks and the wheel",
        "把鼠标留给终端（用于选择文本），不响应点击和滚轮",
    ),
    (
        "Load the lessons of this directory (every `*.toml`) instead of the built-in ones",
        "加载此目录中的课程（所有 `*.toml`），代替内置课程",
    ),
    (
        "With --lessons: keep the built-in lessons as well",
        "与 --lessons 一起使用：同时保留内置课程",
    ),
    (
        "The progress file (default: $BSON_TUTOR_PROGRESS, else $XDG_DATA_HOME/bson-tutor/progress.json, else ~/.local/share/bson-tutor/progress.json; on macOS and Windows, the system's data directory)",
        "进度文件（默认：$BSON_TUTOR_PROGRESS，否则 $XDG_DATA_HOME/bson-tutor/progress.json，再否则 ~/.local/share/bson-tutor/progress.json；在 macOS 和 Windows 上为系统的数据目录）",
    ),
    (
        "The language of the lessons, the interface and every command's messages: en, vi or zh (default: from the locale, LC_ALL / LC_MESSAGES / LANG, else the system's language). A text not translated yet shows in English; values, ids and the server's own error messages are never translated",
        "课程、界面和所有命令消息所用的语言：en、vi 或 zh（默认：取自 locale，即 LC_ALL / LC_MESSAGES / LANG，否则取系统语言）。尚未翻译的文字以英文显示；值、id 和服务器自己的错误消息从不翻译",
    ),
    // inspect
    (
        "Walk the bytes of BSON documents: what every length, type byte, key and value means",
        "逐字节查看 BSON 文档：每个长度、类型字节、键和值的含义",
    ),
    (
        "Walk the bytes of BSON documents: what every length, type byte, key and value means.\n\nReads one document, or several concatenated ones as in a mongodump .bson file.",
        "逐字节查看 BSON 文档：每个长度、类型字节、键和值的含义。\n\n读取一个文档，或像 mongodump 的 .bson 文件那样首尾相接的多个文档。",
    ),
    (
        "A document as text: mongosh syntax ('{ _id: 1, n: NumberLong(\"5\") }') or Extended JSON ('{\"n\": {\"$numberLong\": \"5\"}}'); JSON is read as Extended JSON, anything else as shell",
        "文本形式的文档：mongosh 语法（'{ _id: 1, n: NumberLong(\"5\") }'）或 Extended JSON（'{\"n\": {\"$numberLong\": \"5\"}}'）；JSON 按 Extended JSON 读取，其他一律按 shell 语法读取",
    ),
    (
        "How to read the input: raw BSON bytes, or text with one document per line",
        "如何读取输入：原始 BSON 字节，或每行一个文档的文本",
    ),
    (
        "Raw BSON (the default for --file)",
        "原始 BSON（--file 的默认值）",
    ),
    (
        "Hex digits, one document per line (the default for --hex)",
        "十六进制数字，每行一个文档（--hex 的默认值）",
    ),
    (
        "Extended JSON, canonical or relaxed, one document per line",
        "Extended JSON（canonical 或 relaxed 形式），每行一个文档",
    ),
    (
        "mongosh syntax, one document per line",
        "mongosh 语法，每行一个文档",
    ),
    (
        "The bytes as hex digits; spaces, commas, newlines and 0x prefixes are allowed",
        "以十六进制数字表示的字节；可以有空格、逗号、换行和 0x 前缀",
    ),
    (
        "A file of raw BSON, or - for standard input",
        "原始 BSON 文件，或用 - 表示标准输入",
    ),
    ("How to show the documents", "如何显示文档"),
    (
        "offset | bytes (hex) | meaning, one row per length, type byte, key, value, terminator",
        "偏移 | 字节（十六进制）| 含义，每个长度、类型字节、键、值、结束符各占一行",
    ),
    (
        "Offsets, 16 bytes a row and an ASCII column, like xxd or od",
        "偏移、每行 16 字节和一列 ASCII，类似 xxd 或 od",
    ),
    (
        "Each document re-encoded by bson-tutor's encoder as lowercase hex, one per line",
        "每个文档由 bson-tutor 的编码器重新编码为小写十六进制，每行一个",
    ),
    (
        "The element span tree as JSON, one document per line",
        "元素的区间（span）树，以 JSON 表示，每行一个文档",
    ),
    (
        "Canonical Extended JSON, one document per line: every type kept",
        "Extended JSON（canonical 形式），每行一个文档：保留所有类型",
    ),
    (
        "Relaxed Extended JSON: plain numbers and ISO dates; a long reads back as the smallest integer type that holds it",
        "Extended JSON（relaxed 形式）：普通数字和 ISO 日期；long 读回时变成能容纳它的最小整数类型",
    ),
    (
        "The way mongosh prints documents: { _id: 1, n: Long('5') }",
        "mongosh 打印文档的方式：{ _id: 1, n: Long('5') }",
    ),
    (
        "LOSSY: relaxed as mongosh's EJSON.stringify prints it (int64 and double through a JS number: Double(42) prints 42)",
        "有损：mongosh 的 EJSON.stringify 打印的 relaxed 形式（int64 和 double 会经过 JS 数字：Double(42) 打印为 42）",
    ),
    (
        "LOSSY: JSON.stringify of the shell's objects (ObjectId and Date become strings)",
        "有损：对 shell 中的对象调用 JSON.stringify（ObjectId 和 Date 变成字符串）",
    ),
    (
        "Indent JSON views instead of printing one document per line",
        "缩进 JSON 视图，而不是每行打印一个文档",
    ),
    (
        "Validate every document of --file and report each damaged one by its number and byte offset with the reason; exit 1 if any is damaged",
        "校验 --file 中的每个文档，按编号和字节偏移报告每个损坏的文档及原因；若有损坏则以 1 退出",
    ),
    (
        "Like --check, but go on after damage from the next document that reads, and print the documents recovered (in --to's view); the report goes to standard error",
        "与 --check 类似，但遇到损坏后从下一个可读的文档继续，并打印恢复出的文档（按 --to 的视图）；报告写到标准错误",
    ),
    // eval
    (
        "Evaluate an aggregation expression on literals, as the server would",
        "像服务器那样，对字面量计算一个聚合表达式",
    ),
    (
        "Evaluate an aggregation expression on literals, as the server would.\n\nThe expression is mongosh syntax or Extended JSON; the result prints in shell syntax.",
        "像服务器那样，对字面量计算一个聚合表达式。\n\n表达式使用 mongosh 语法或 Extended JSON；结果以 shell 语法打印。",
    ),
    (
        "The expression, e.g. '{ $add: [0.1, 0.2] }'",
        "表达式，例如 '{ $add: [0.1, 0.2] }'",
    ),
    (
        "A document whose fields the expression's field paths (\"$qty\") read",
        "一个文档，表达式中的字段路径（\"$qty\"）读取它的字段",
    ),
    ("How to print the result", "如何打印结果"),
    (
        "As mongosh prints it: 0.30000000000000004, Decimal128('0.3')",
        "按 mongosh 的打印方式：0.30000000000000004、Decimal128('0.3')",
    ),
    ("Canonical Extended JSON", "Extended JSON（canonical 形式）"),
    ("Relaxed Extended JSON", "Extended JSON（relaxed 形式）"),
    (
        "How to read the expression and --doc (default: Extended JSON if it is valid JSON, mongosh syntax otherwise)",
        "如何读取表达式和 --doc（默认：是合法 JSON 时按 Extended JSON，否则按 mongosh 语法）",
    ),
    (
        "mongosh syntax (JavaScript number rules: `1.0` is an int)",
        "mongosh 语法（JavaScript 的数字规则：`1.0` 是 int）",
    ),
    (
        "Extended JSON, canonical or relaxed",
        "Extended JSON，canonical 或 relaxed 形式",
    ),
    // find, aggregate
    (
        "Find documents with a filter, as the server would (type bracketing, arrays, null)",
        "像服务器那样用过滤条件查找文档（类型括号 (type bracketing)、数组、null）",
    ),
    (
        "The filter, e.g. '{ userId: { $gt: 0 } }' (default: every document)",
        "过滤条件，例如 '{ userId: { $gt: 0 } }'（默认：所有文档）",
    ),
    (
        "The documents: an array literal ('[{ _id: 1, v: 42 }, ...]'), or a file holding one (mongosh syntax or Extended JSON), one document per line; or a dump read as a stream (`.bson`, `.bson.gz`, a mongodump --archive, `-` for standard input, a named pipe), its documents as stored: no `_id` added, no duplicate looked for",
        "文档：数组字面量（'[{ _id: 1, v: 42 }, ...]'），或文件：内含这样的数组（mongosh 语法或 Extended JSON）、每行一个文档；或以流方式读取的 dump（`.bson`、`.bson.gz`、mongodump --archive、`-` 表示标准输入、命名管道），其中的文档按存储原样：不补 `_id`，也不查重复的 `_id`",
    ),
    (
        "Sort specification, e.g. '{ v: 1, _id: 1 }'",
        "排序规则，例如 '{ v: 1, _id: 1 }'",
    ),
    ("Projection, e.g. '{ _id: 1 }'", "投影，例如 '{ _id: 1 }'"),
    ("Documents to skip after sorting", "排序后跳过的文档数"),
    ("At most this many documents", "最多返回这么多文档"),
    (
        "Print only the `_id`s, as one array in shell syntax: [ 1, 3, 4, 5 ]",
        "只打印 `_id`，以 shell 语法合成一个数组：[ 1, 3, 4, 5 ]",
    ),
    (
        "Also say, for every document that does not match, why not (type bracketing...)",
        "同时说明每个不匹配的文档为什么不匹配（类型括号……）",
    ),
    ("How to print the documents", "如何打印文档"),
    (
        "How to read the documents, filter, specs and pipeline (default: Extended JSON for valid JSON, mongosh syntax otherwise)",
        "如何读取文档、过滤条件、各项规则和管道（默认：合法 JSON 按 Extended JSON，否则按 mongosh 语法）",
    ),
    (
        "Run an aggregation pipeline over documents",
        "在文档上运行聚合管道",
    ),
    (
        "The pipeline: an array of stages, e.g. '[{ $group: { _id: { $type: \"$v\" }, n: { $sum: 1 } } }]'",
        "管道：由阶段组成的数组，例如 '[{ $group: { _id: { $type: \"$v\" }, n: { $sum: 1 } } }]'",
    ),
    (
        "The documents (as for `find`); may be omitted when the pipeline starts with `$documents`",
        "文档（与 `find` 相同）；管道以 `$documents` 开头时可以省略",
    ),
    (
        "Print only the `_id`s, as one array in shell syntax",
        "只打印 `_id`，以 shell 语法合成一个数组",
    ),
    // oid
    (
        "Make ObjectIds the way a driver does, or take one apart",
        "像驱动程序那样生成 ObjectId，或拆解一个 ObjectId",
    ),
    (
        "Make ObjectIds the way a driver does, or take one apart.\n\nAn ObjectId is 4 bytes of seconds, a 5-byte random value drawn once per process and a 3-byte counter that starts at a random value: ids from one process grow, but within a second ids from two processes sort by their random values, not by who came first.",
        "像驱动程序那样生成 ObjectId，或拆解一个 ObjectId。\n\nObjectId 由 4 字节的秒数、每个进程只抽取一次的 5 字节随机值和从随机值开始的 3 字节计数器组成：同一进程生成的 id 递增，但在同一秒内，两个进程的 id 按各自的随机值排序，而不是按先来后到。",
    ),
    (
        "An ObjectId to take apart (24 hex digits; `ObjectId('...')` as mongosh prints it is fine too). Without it, new ids are made",
        "要拆解的 ObjectId（24 位十六进制数字；mongosh 打印的 `ObjectId('...')` 形式也可以）。不给出时生成新的 id",
    ),
    ("How many ids each process makes", "每个进程生成多少个 id"),
    (
        "Draw the processes' random values and counter starts from this seed, so a run can be repeated (add --at to fix the time as well)",
        "用这个种子抽取各进程的随机值和计数器起点，使运行可以重现（再加 --at 可同时固定时间）",
    ),
    (
        "The time the ids are made at, as ISO-8601 (2026-10-08T03:45:49Z); ObjectIds keep only the whole seconds. Default: now",
        "生成 id 的时间，ISO-8601 格式（2026-10-08T03:45:49Z）；ObjectId 只保留整秒。默认：当前时间",
    ),
    (
        "Interleave this many processes (A, B, ...), each with its own random value and counter, and label each id with the process that made it",
        "交替使用这么多个进程（A、B……），每个进程有自己的随机值和计数器，并给每个 id 标上生成它的进程",
    ),
    (
        "Print each id as timestamp | random value | counter",
        "把每个 id 打印成 时间戳 | 随机值 | 计数器",
    ),
    (
        "Print the ids in sorted order, as `sort({ _id: 1 })` returns them",
        "按排序后的顺序打印 id，与 `sort({ _id: 1 })` 返回的顺序相同",
    ),
    // lessons, show, check, answer
    (
        "List the lessons: order, id, title and number of exercises",
        "列出课程：顺序、id、标题和练习数量",
    ),
    (
        "Show a lesson as plain text, every figure computed now",
        "以纯文本显示一节课程，其中每个数字都当场计算",
    ),
    (
        "The lesson: its id or its number, as `bson-tutor lessons` lists them",
        "课程：它的 id 或编号，与 `bson-tutor lessons` 列出的一致",
    ),
    ("Wrap prose at this column", "正文在这一列处换行"),
    (
        "Show each exercise's computed answer and explanation",
        "显示每道练习计算出的答案和解释",
    ),
    (
        "Colour: `auto` colours a terminal only (and never when NO_COLOR is set)",
        "颜色：`auto` 只在输出到终端时着色（设置了 NO_COLOR 时从不着色）",
    ),
    (
        "Colour when standard output is a terminal and NO_COLOR is not set",
        "标准输出是终端且未设置 NO_COLOR 时着色",
    ),
    ("Always colour", "总是着色"),
    (
        "Never colour: plain text, as snapshots and pipes want it",
        "从不着色：纯文本，快照和管道需要的就是这样",
    ),
    (
        "Seed the ObjectIds and UUIDs that lesson text generates (`ObjectId()`, `UUID()`, an `_id` a collection adds); without it they are the fixed ones the lessons are written with",
        "为课程文本生成的 ObjectId 和 UUID（`ObjectId()`、`UUID()`、集合添加的 `_id`）设定种子；不设定时使用编写课程时所用的固定值",
    ),
    (
        "Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): `new Date()`, `$$NOW` and the time in generated ObjectIds read this (default: 2026-10-08T03:45:49Z, the lessons' clock)",
        "固定时钟（ISO-8601，例如 2026-10-08T03:45:49Z）：`new Date()`、`$$NOW` 和生成的 ObjectId 中的时间都读取它（默认：2026-10-08T03:45:49Z，即课程的时钟）",
    ),
    (
        "Check lessons: every step computes, every `expect` is the engine's answer, every `reject` is refused. Exits 1 on any failure",
        "检查课程：每一步都能计算，每个 `expect` 都是引擎的答案，每个 `reject` 都被拒绝。有任何失败时以 1 退出",
    ),
    (
        "A directory of lessons to check (default: the built-in lessons)",
        "要检查的课程目录（默认：内置课程）",
    ),
    (
        "`text`: FAIL and BROKEN lines, then `check: N passed, M failed`; `json`: one JSON object for machines. The exit code is the same: 0 when all pass, 1 otherwise",
        "`text`：FAIL 和 BROKEN 行，然后是 `check：N 项通过，M 项失败`；`json`：供机器读取的一个 JSON 对象。两者的退出码相同：全部通过为 0，否则为 1",
    ),
    (
        "`FAIL file:line: ...` and `BROKEN file:line:col: ...` lines, then the summary line",
        "`FAIL file:line: ...` 和 `BROKEN file:line:col: ...` 行，然后是汇总行",
    ),
    (
        "One JSON object: counts, failures with file and line, broken files with line and column",
        "一个 JSON 对象：计数、带文件和行号的失败项、带行号和列号的损坏文件",
    ),
    (
        "Answer an exercise from the terminal; progress is saved and `lessons` shows it",
        "在终端中回答一道练习；进度会保存，`lessons` 会显示出来",
    ),
    ("The lesson's id", "课程的 id"),
    (
        "The exercise number within the lesson (as `show` numbers them)",
        "练习在课程中的编号（与 `show` 的编号相同）",
    ),
    (
        "Your answer (omit with --hint or --reveal)",
        "你的答案（使用 --hint 或 --reveal 时省略）",
    ),
    ("Show the next hint instead", "改为显示下一条提示"),
    (
        "Show the answer (only after a wrong attempt; recorded as revealed, not solved)",
        "显示答案（仅在答错一次之后；记为已查看答案，而不是已解答）",
    ),
    // progress, class
    (
        "Show the saved progress (the file, the last position, each lesson's exercises), or erase it with --reset (asks first)",
        "显示已保存的进度（文件、上次的位置、每节课程的练习），或用 --reset 清除（会先询问）",
    ),
    (
        "Erase the saved progress (asks first, on standard error; only `y` or `yes` erases)",
        "清除已保存的进度（先在标准错误上询问；只有 `是`、`好`、`y` 或 `yes` 才会清除）",
    ),
    (
        "With --reset: erase only this lesson's records",
        "与 --reset 一起使用：只清除这节课程的记录",
    ),
    (
        "With --reset: erase without asking",
        "与 --reset 一起使用：不询问直接清除",
    ),
    (
        "Write this student's results to standard output, every exercise of every lesson (pending ones too), for `bson-tutor class summary`",
        "把这名学生的结果写到标准输出，包括每节课程的每道练习（未完成的也在内），供 `bson-tutor class summary` 使用",
    ),
    (
        "One JSON object (what `class summary` reads)",
        "一个 JSON 对象（`class summary` 读取的格式）",
    ),
    (
        "A header line and one row per exercise (RFC 4180 quoting), for spreadsheets",
        "一行表头，每道练习一行（按 RFC 4180 加引号），用于电子表格",
    ),
    (
        "With --export: the student's name (default: $USER, else `student`)",
        "与 --export 一起使用：学生的名字（默认：$USER，否则为 `student`）",
    ),
    (
        "A class's results: `class summary FILE...` merges students' `progress --export json` files into a table per exercise and a bar chart of solved %",
        "全班的结果：`class summary FILE...` 把学生们的 `progress --export json` 文件合并成按练习排列的表格和一张解答率（%）条形图",
    ),
    (
        "Merge students' `progress --export json` (or csv) files: per exercise, how many solved, revealed, median attempts, hints and seconds, and the most common wrong answer, then a bar chart of solved %. Exits 1 if any file had to be left out",
        "合并学生们的 `progress --export json`（或 csv）文件：每道练习有多少人解答、多少人查看答案，尝试次数、提示数和秒数的中位数，以及最常见的错误答案；然后是一张解答率（%）条形图。若有文件不得不略过，以 1 退出",
    ),
    (
        "The exports, one per student (`bson-tutor progress --export json --student NAME`)",
        "导出的文件，每名学生一个（`bson-tutor progress --export json --student NAME`）",
    ),
    (
        "`text`: a table per lesson and a bar chart; `json`: one object for machines, with the files left out and why",
        "`text`：每节课程一张表，外加一张条形图；`json`：供机器读取的一个对象，包括被略过的文件及原因",
    ),
    (
        "Aligned tables grouped by lesson, then the bar chart",
        "按课程分组的对齐表格，然后是条形图",
    ),
    ("One JSON object", "一个 JSON 对象"),
    // new, completions, man
    (
        "Start a teacher's pack: `new lesson ID` writes a commented lesson skeleton that passes `check`",
        "开始一个教师的课程包：`new lesson ID` 写出一个带注释、能通过 `check` 的课程骨架",
    ),
    (
        "Write ID.toml: a commented lesson skeleton (text, hex, run and exercise steps) that passes `bson-tutor check` untouched",
        "写出 ID.toml：一个带注释的课程骨架（含 text、hex、run 和 exercise 步骤），不做改动即可通过 `bson-tutor check`",
    ),
    (
        "The lesson's id: lowercase letters, digits and `-` (it names the file and `bson-tutor show ID`)",
        "课程的 id：小写字母、数字和 `-`（用作文件名，也用于 `bson-tutor show ID`）",
    ),
    (
        "The directory to write ID.toml in (created if missing)",
        "写入 ID.toml 的目录（不存在时会创建）",
    ),
    (
        "Print a shell completion script to standard output",
        "把 shell 补全脚本打印到标准输出",
    ),
    (
        "The shell to write the completion script for",
        "要为其生成补全脚本的 shell",
    ),
    (
        "Print the man page (roff) to standard output",
        "把 man 手册页（roff）打印到标准输出",
    ),
    // aggregate --from-coll
    (
        "Another collection for `$lookup` to read: its name, `=`, then its documents (as for `--docs`), e.g. --from-coll users=users.json; repeatable",
        "供 `$lookup` 读取的另一个集合：它的名称、`=`，然后是它的文档（与 `--docs` 相同），例如 --from-coll users=users.json；可重复使用",
    ),
    // update
    (
        "Update documents as the server would, then print the collection",
        "像服务器那样更新文档，然后打印整个集合",
    ),
    (
        "Update documents as the server would, then print the collection.\n\nThe result mongosh prints for the call (matched, modified, upserted) goes to standard error; the documents after the update to standard output.",
        "像服务器那样更新文档，然后打印整个集合。\n\nmongosh 为这次调用打印的结果（匹配数、修改数、upsert）写到标准错误；更新后的文档写到标准输出。",
    ),
    (
        "The filter that selects the documents to update, e.g. '{ _id: 1 }'",
        "选出要更新的文档的过滤条件，例如 '{ _id: 1 }'",
    ),
    (
        "The update: modifiers ('{ $set: { \"grades.$[g]\": 100 } }'), a replacement document, or a pipeline of $set/$project/$unset/$replaceWith stages ('[{ $set: { total: { $add: [\"$a\", \"$b\"] } } }]')",
        "更新内容：更新操作符（'{ $set: { \"grades.$[g]\": 100 } }'）、一个替换文档，或由 $set/$project/$unset/$replaceWith 阶段组成的管道（'[{ $set: { total: { $add: [\"$a\", \"$b\"] } } }]'）",
    ),
    (
        "Update every matching document (updateMany); without it, only the first (updateOne)",
        "更新每个匹配的文档（updateMany）；不加此选项则只更新第一个（updateOne）",
    ),
    (
        "When nothing matches, insert a document built from the filter's equalities and the update",
        "没有文档匹配时，插入一个由过滤条件中的相等条件和更新内容构成的文档",
    ),
    (
        "The array filters that `$[<identifier>]` in the update names, e.g. '[{ g: { $gte: 100 } }]'",
        "更新中 `$[<identifier>]` 所指的数组过滤条件，例如 '[{ g: { $gte: 100 } }]'",
    ),
    // Issue 17: --ns of find, aggregate, update and inspect.
    (
        "Only this collection of a mongodump --archive, as DB.COLLECTION",
        "只读取 mongodump --archive 中的这个集合，写作 DB.COLLECTION",
    ),
];
