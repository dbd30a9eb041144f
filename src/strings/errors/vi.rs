//! Vietnamese: the messages of the parsers, the BSON decoder and encoder, the lesson
//! computations and the command line's frames (English pattern, translation). Terms follow
//! the interface (src/strings/ui.rs) and the byte walk (src/strings/walk.rs): "document" and
//! "byte" stay, "khóa", "mảng", "kiểu"; one spelling style (khóa, tùy, hóa).

/// Whole messages; see the module above for `{}`, `{msg}` and `{term}`.
pub(super) const MESSAGES: &[(&str, &str)] = &[
    // Frames: positions and the lesson fields a message is about
    ("line {}, column {}: {msg}", "dòng {}, cột {}: {msg}"),
    ("column {}: {msg}", "cột {}: {msg}"),
    ("your answer: {msg}", "câu trả lời của bạn: {msg}"),
    ("docs: {msg}", "docs: {msg}"),
    ("filter: {msg}", "filter: {msg}"),
    ("sort: {msg}", "sort: {msg}"),
    ("document: {msg}", "document: {msg}"),
    ("expression: {msg}", "expression: {msg}"),
    ("pipeline: {msg}", "pipeline: {msg}"),
    ("at: {msg}", "at: {msg}"),
    ("BinData: {msg}", "BinData: {msg}"),
    (
        "Binary.createFromBase64: {msg}",
        "Binary.createFromBase64: {msg}",
    ),
    ("--docs: document {}: {msg}", "--docs: document {}: {msg}"),
    // The command line's frames: any place (`EXPRESSION`, `--hex`, `orders.json line 3`)
    // around a known message; the second is the frame the UI table already put in Chinese
    // (`orders.json 第 3 行：`). Bare frames never apply around a message that is not known.
    ("{}: {msg}", "{}: {msg}"),
    ("{}：{msg}", "{}：{msg}"),
    // BSON bytes: where the decoder stopped, in which field; where the encoder stopped
    ("byte {}: {msg}", "byte {}: {msg}"),
    (
        "byte {}: {msg} (in field `{}`)",
        "byte {}: {msg} (trong trường `{}`)",
    ),
    (
        "document {} (input byte {} on; input byte {} is its byte {}): {msg}",
        "document {} (bắt đầu từ byte {} của đầu vào; byte {} của đầu vào là byte {} của document này): {msg}",
    ),
    ("field `{}`: {msg}", "trường `{}`: {msg}"),
    // mongosh syntax: tokens
    (
        "a `/*` comment is never closed with `*/`",
        "chú thích `/*` thiếu `*/` để đóng lại",
    ),
    ("unexpected character `{}`", "ký tự `{}` không hợp lệ ở đây"),
    (
        "a string is missing its closing quote ({})",
        "chuỗi thiếu dấu nháy đóng ({})",
    ),
    (
        "a string is missing its closing quote ({}) before the end of the line; a line break inside a string is written \\n",
        "chuỗi thiếu dấu nháy đóng ({}) trước khi hết dòng; muốn xuống dòng trong chuỗi, hãy viết \\n",
    ),
    (
        "template substitutions `${...}` need variables, which literals cannot have; write a plain string",
        "phép thay thế `${...}` trong chuỗi mẫu cần biến, mà giá trị viết trực tiếp thì không có biến; hãy viết một chuỗi thường",
    ),
    (
        "a string ends in the middle of an escape sequence",
        "chuỗi kết thúc giữa chừng một chuỗi thóat",
    ),
    (
        "`\\{}` is an octal escape, which strict JavaScript forbids; write a hex escape such as `\\x0{}`",
        "`\\{}` là chuỗi thóat bát phân, bị JavaScript ở chế độ nghiêm ngặt cấm dùng; hãy viết chuỗi thóat hex như `\\x0{}`",
    ),
    (
        "`\\x` needs exactly two hex digits, as in `\\x41`",
        "`\\x` cần đúng hai chữ số hex, như `\\x41`",
    ),
    (
        "`\\u{}` is half of a surrogate pair; UTF-8 cannot store it alone, so it becomes U+FFFD",
        "`\\u{}` chỉ là một nửa của cặp surrogate; UTF-8 không lưu được nó một mình, nên nó trở thành U+FFFD",
    ),
    (
        "`\\u` needs four hex digits or braces, as in `\\u00e9` or `\\u{1F600}`",
        "`\\u` cần bốn chữ số hex hoặc dấu ngoặc nhọn, như `\\u00e9` hoặc `\\u{1F600}`",
    ),
    (
        "`\\u{...}` is above U+10FFFF, the largest code point",
        "`\\u{...}` vượt quá U+10FFFF, mã ký tự lớn nhất",
    ),
    (
        "a `_` separator in a number must sit between two digits",
        "dấu phân cách `_` trong số phải nằm giữa hai chữ số",
    ),
    (
        "`{}` needs {term} digits after it",
        "`{}` cần các chữ số {term} phía sau",
    ),
    (
        "a number cannot start with 0 followed by digits: old JavaScript reads `{}` as octal; write `{}`, or `0o{}` for octal",
        "số không được bắt đầu bằng 0 rồi tới chữ số khác: JavaScript cũ đọc `{}` là số bát phân; hãy viết `{}`, hoặc `0o{}` nếu muốn số bát phân",
    ),
    (
        "an exponent needs digits after the `e`, as in `1e6`",
        "phần mũ cần chữ số sau `e`, như `1e6`",
    ),
    (
        "a BigInt literal (`42n`) must be a whole number",
        "BigInt viết trực tiếp (`42n`) phải là số nguyên",
    ),
    ("this number cannot be read", "không đọc được số này"),
    (
        "a number must be followed by a space or punctuation, but found `{}`",
        "sau một số phải là khoảng trắng hoặc dấu câu, nhưng gặp `{}`",
    ),
    (
        "this BigInt is far outside the int64 range",
        "BigInt này vượt xa phạm vi int64",
    ),
    (
        "a regex literal is missing its closing `/` on this line",
        "regex viết trực tiếp thiếu dấu `/` đóng trên dòng này",
    ),
    // mongosh syntax: values, documents, arrays
    (
        "expected a document starting with `{`, but found {term}",
        "cần một document bắt đầu bằng `{`, nhưng gặp {term}",
    ),
    (
        "expected the end of the input, but found {term}",
        "ở đây dữ liệu nhập phải kết thúc, nhưng gặp {term}",
    ),
    (
        "this BigInt is outside the int64 range -9223372036854775808..9223372036854775807",
        "BigInt này nằm ngoài phạm vi int64 -9223372036854775808..9223372036854775807",
    ),
    (
        "mongosh stores `undefined` as null",
        "mongosh lưu `undefined` thành null",
    ),
    (
        "documents and arrays nest at most {} levels deep",
        "document và mảng chỉ lồng nhau tối đa {} cấp",
    ),
    (
        "a regex cannot contain a NUL character: BSON stores it as a C string",
        "regex không được chứa ký tự NUL: BSON lưu nó dưới dạng chuỗi C",
    ),
    ("too many signs in a row", "quá nhiều dấu liên tiếp"),
    (
        "`{}` is JavaScript's increment or decrement operator; put a space between the signs",
        "`{}` là toán tử tăng hoặc giảm của JavaScript; hãy đặt một khoảng trắng giữa hai dấu",
    ),
    (
        "unary `{}` needs a number after it, but found {term}",
        "dấu `{}` một ngôi cần một số phía sau, nhưng gặp {term}",
    ),
    (
        "expected a value, but found {term}",
        "cần một giá trị, nhưng gặp {term}",
    ),
    (
        "`new` needs a constructor after it, as in `new Date()`, but found {term}",
        "sau `new` cần một hàm dựng, như `new Date()`, nhưng gặp {term}",
    ),
    (
        "expected a method name after `{}.`, but found {term}",
        "cần tên phương thức sau `{}.`, nhưng gặp {term}",
    ),
    (
        "expected `,` or `)` after an argument, but found {term}",
        "sau một đối số cần `,` hoặc `)`, nhưng gặp {term}",
    ),
    (
        "an array element is missing here (two commas in a row make a hole, which mongosh stores as null)",
        "thiếu một phần tử mảng ở đây (hai dấu phẩy liền nhau tạo ra một chỗ trống, mongosh lưu nó thành null)",
    ),
    (
        "expected `,` or `]` after an array element, but found {term}",
        "sau một phần tử mảng cần `,` hoặc `]`, nhưng gặp {term}",
    ),
    (
        "computed keys `[...]` need expressions; write the key itself",
        "khóa tính toán `[...]` cần biểu thức; hãy viết thẳng khóa ra",
    ),
    (
        "a document is missing its closing `}`",
        "document thiếu dấu `}` đóng",
    ),
    (
        "expected a key or `}`, but found {term}",
        "cần một khóa hoặc `}`, nhưng gặp {term}",
    ),
    (
        "a key cannot contain a NUL character: BSON stores keys as C strings",
        "khóa không được chứa ký tự NUL: BSON lưu khóa dưới dạng chuỗi C",
    ),
    (
        "expected `:` after the key `{}`, but found {term}",
        "sau khóa `{}` cần `:`, nhưng gặp {term}",
    ),
    (
        "`__proto__:` in an object literal sets the prototype; it does not become a field",
        "`__proto__:` trong một object viết trực tiếp sẽ đặt prototype; nó không trở thành một trường",
    ),
    (
        "expected `,` or `}` after a field, but found {term}",
        "sau một trường cần `,` hoặc `}`, nhưng gặp {term}",
    ),
    (
        "duplicate key `{}`: JavaScript keeps the last value, in the first key's place",
        "khóa `{}` bị trùng: JavaScript giữ giá trị cuối cùng, ở vị trí của khóa đầu tiên",
    ),
    (
        "JavaScript puts integer keys first, in ascending order, so `{}` moves forward",
        "JavaScript đặt các khóa số nguyên lên đầu theo thứ tự tăng dần, nên `{}` được chuyển lên trước",
    ),
    // mongosh syntax: constructors
    (
        "`{}` is a constructor; write new Date() for the current date",
        "`{}` là một hàm dựng; hãy viết new Date() để lấy ngày giờ hiện tại",
    ),
    (
        "`{}` is a constructor; call it, as in {}(...)",
        "`{}` là một hàm dựng; hãy gọi nó, như {}(...)",
    ),
    (
        "unknown constructor `{}`; did you mean `{}`?",
        "không có hàm dựng `{}`; có phải bạn muốn viết `{}`?",
    ),
    ("unknown constructor `{}`", "không có hàm dựng `{}`"),
    (
        "unknown name `{}`: a string needs quotes, as in '{}'",
        "không có tên `{}`: chuỗi cần có dấu nháy, như '{}'",
    ),
    (
        "unknown name `{}`; did you mean `{}`?",
        "không có tên `{}`; có phải bạn muốn viết `{}`?",
    ),
    ("unknown name `{}`", "không có tên `{}`"),
    (
        "{} takes {term}, but got {term}",
        "{} cần {term}, nhưng nhận được {term}",
    ),
    (
        "{} takes no arguments, but got {term}",
        "{} không nhận đối số nào, nhưng nhận được {term}",
    ),
    ("wrong argument count", "số đối số không đúng"),
    (
        "{} needs whole seconds from 0 to 4294967295 (4 bytes), but got {}",
        "{} cần số giây nguyên từ 0 đến 4294967295 (4 byte), nhưng nhận được {}",
    ),
    (
        "{term}, but `{}` has `{}`, which is not a hex digit",
        "{term}, nhưng `{}` có `{}`, không phải chữ số hex",
    ),
    ("{term}, but `{}` has {}", "{term}, nhưng `{}` có {} chữ số"),
    (
        "{term}, but `{}` has an odd number of them ({})",
        "{term}, nhưng `{}` có số chữ số lẻ ({})",
    ),
    (
        "{}'s subtype is one byte, 0 to 255, but got {}",
        "subtype của {} là một byte, từ 0 đến 255, nhưng nhận được {}",
    ),
    (
        "Timestamp's {} must be a whole number from 0 to 4294967295, but got {}",
        "giá trị {} của Timestamp phải là số nguyên từ 0 đến 4294967295, nhưng nhận được {}",
    ),
    (
        "Timestamp's {} must be a number",
        "giá trị {} của Timestamp phải là một số",
    ),
    (
        "Timestamp({ t, i }) needs both t (seconds) and i (increment)",
        "Timestamp({ t, i }) cần cả t (số giây) lẫn i (số đếm tăng dần)",
    ),
    (
        "a JavaScript regex literal cannot take the `{}` flag; write BSONRegExp(\"pattern\", \"{}\")",
        "regex viết trực tiếp của JavaScript không nhận cờ `{}`; hãy viết BSONRegExp(\"pattern\", \"{}\")",
    ),
    (
        "the regex flag `{}` has no BSON equivalent; stored regexes take i, m, s, u (and x, l)",
        "cờ regex `{}` không có tương đương trong BSON; regex lưu trong BSON chỉ nhận i, m, s, u (và x, l)",
    ),
    ("`{}` is not a regex flag", "`{}` không phải là cờ regex"),
    (
        "the regex flag `{}` appears twice",
        "cờ regex `{}` xuất hiện hai lần",
    ),
    // mongosh syntax: numbers
    (
        "{} is out of the int32 range -2147483648..2147483647 (mongosh would silently wrap it to {}); use NumberLong",
        "{} nằm ngoài phạm vi int32 -2147483648..2147483647 (mongosh sẽ lặng lẽ quay vòng nó thành {}); hãy dùng NumberLong",
    ),
    (
        "{} is out of the int32 range -2147483648..2147483647; use NumberLong",
        "{} nằm ngoài phạm vi int32 -2147483648..2147483647; hãy dùng NumberLong",
    ),
    (
        "{} needs a finite number, but got {}",
        "{} cần một số hữu hạn, nhưng nhận được {}",
    ),
    (
        "{}({}) keeps {}: the fraction is dropped",
        "{}({}) chỉ giữ {}: phần thập phân bị bỏ đi",
    ),
    (
        "{} needs an integer, but `{}` is not one",
        "{} cần một số nguyên, nhưng `{}` không phải số nguyên",
    ),
    (
        "{} is out of the int64 range -9223372036854775808..9223372036854775807",
        "{} nằm ngoài phạm vi int64 -9223372036854775808..9223372036854775807",
    ),
    (
        "{} takes a string, as in Decimal128(\"0.1\"); a number would already be a rounded double",
        "{} nhận một chuỗi, như Decimal128(\"0.1\"); một số thì đã là double bị làm tròn rồi",
    ),
    (
        "Double(\"{}\") would be NaN: the string is not a number",
        "Double(\"{}\") sẽ là NaN: chuỗi này không phải là số",
    ),
    // decimal128
    (
        "`{}` is not a decimal number",
        "`{}` không phải là số thập phân",
    ),
    (
        "`{}` has a malformed exponent",
        "`{}` có phần mũ sai định dạng",
    ),
    (
        "`{}` cannot be stored exactly: decimal128 holds 34 significant digits",
        "không lưu được `{}` một cách chính xác: decimal128 chỉ chứa 34 chữ số có nghĩa",
    ),
    (
        "`{}` is too large for decimal128 (overflow)",
        "`{}` quá lớn đối với decimal128 (tràn số)",
    ),
    // mongosh syntax: dates
    (
        "{} needs milliseconds within ±8.64e15 (JavaScript's Date range), but got {}; that is an Invalid Date",
        "{} cần số mili giây trong khoảng ±8.64e15 (phạm vi Date của JavaScript), nhưng nhận được {}; đó là một Invalid Date",
    ),
    (
        "ISODate reads years 0000 to 9999; for other years write new Date(\"{}\")",
        "ISODate chỉ đọc năm từ 0000 đến 9999; với năm khác, hãy viết new Date(\"{}\")",
    ),
    (
        "ISODate reads dates from 0000-01-01 to 9999-12-31 (UTC)",
        "ISODate chỉ đọc ngày từ 0000-01-01 đến 9999-12-31 (UTC)",
    ),
    (
        "{msg}; new Date() here reads ISO-8601 text such as \"2026-10-08T10:00:00Z\"",
        "{msg}; ở đây new Date() đọc văn bản ISO-8601 như \"2026-10-08T10:00:00Z\"",
    ),
    (
        "JavaScript reads a date-time without `Z` or an offset in the local time zone; it is read as UTC here, so add `Z` to say so",
        "JavaScript đọc ngày giờ không có `Z` hay độ lệch theo múi giờ địa phương; ở đây nó được đọc là UTC, nên hãy thêm `Z` để nói rõ",
    ),
    (
        "new Date(year, month, ...) counts months from 0 in the local time zone; write new Date(\"2026-10-08T10:00:00Z\") instead",
        "new Date(năm, tháng, ...) đếm tháng từ 0 và theo múi giờ địa phương; hãy viết new Date(\"2026-10-08T10:00:00Z\") thay thế",
    ),
    (
        "Date() without `new` makes a string, not a date; write new Date() to store a BSON date",
        "Date() không có `new` tạo ra một chuỗi, không phải ngày giờ; hãy viết new Date() để lưu một ngày giờ BSON",
    ),
    // ISO-8601 dates
    (
        "expected {} digits for the {term}, but found {term}",
        "cần {} chữ số cho {term}, nhưng gặp {term}",
    ),
    (
        "month {} is out of range {}-{}",
        "tháng {} nằm ngoài khoảng {}-{}",
    ),
    (
        "hour {} is out of range {}-{}",
        "giờ {} nằm ngoài khoảng {}-{}",
    ),
    (
        "minute {} is out of range {}-{}",
        "phút {} nằm ngoài khoảng {}-{}",
    ),
    (
        "second {} is out of range {}-{}",
        "giây {} nằm ngoài khoảng {}-{}",
    ),
    (
        "offset hour {} is out of range {}-{}",
        "giờ của độ lệch múi giờ ({}) nằm ngoài khoảng {}-{}",
    ),
    (
        "offset minute {} is out of range {}-{}",
        "phút của độ lệch múi giờ ({}) nằm ngoài khoảng {}-{}",
    ),
    (
        "a date needs at least year-month-day, but the text is empty",
        "ngày giờ cần ít nhất năm-tháng-ngày, nhưng văn bản đang trống",
    ),
    (
        "year -000000 is not allowed; write 0000",
        "không được viết năm -000000; hãy viết 0000",
    ),
    (
        "expected `-` between month and day, but found {term}",
        "cần `-` giữa tháng và ngày, nhưng gặp {term}",
    ),
    (
        "day {} is out of range for {term} {} (1-{})",
        "{1} năm {2} không có ngày {0} (1-{3})",
    ),
    (
        "expected `T` and a time after the date, but found {term}",
        "sau ngày cần `T` và giờ, nhưng gặp {term}",
    ),
    (
        "second 60 is out of range 0-59 (BSON dates have no leap seconds)",
        "giây 60 nằm ngoài khoảng 0-59 (ngày giờ BSON không có giây nhuận)",
    ),
    (
        "expected fraction digits after the point, but found {term}",
        "sau dấu chấm cần các chữ số phần lẻ của giây, nhưng gặp {term}",
    ),
    (
        "a fraction of a second has at most 9 digits, but this one has {}",
        "phần lẻ của giây có tối đa 9 chữ số, nhưng ở đây có {}",
    ),
    (
        "`{}` has no time zone: end it with Z or an offset like +07:00",
        "`{}` không có múi giờ: hãy kết thúc bằng Z hoặc một độ lệch như +07:00",
    ),
    (
        "expected `Z` or an offset such as `+07:00` after the time, but found {term}",
        "sau giờ cần `Z` hoặc một độ lệch như `+07:00`, nhưng gặp {term}",
    ),
    (
        "unexpected {term} after the date",
        "thừa {term} sau ngày giờ",
    ),
    (
        "{} is outside the years -9999 to 9999 this tutor has rules for `{}`; UTC or a fixed offset like +07:00 works for every date",
        "{} nằm ngoài các năm -9999 đến 9999 mà trình hướng dẫn này có quy tắc múi giờ cho `{}`; UTC hoặc một độ lệch cố định như +07:00 thì dùng được với mọi ngày",
    ),
    (
        "the offset `{}` is beyond the ±25:59:59 a jiff time zone can hold",
        "độ lệch `{}` vượt quá ±25:59:59, mức mà múi giờ của jiff chứa được",
    ),
    // JSON
    (
        "unexpected text after the end of the JSON value",
        "còn văn bản thừa sau khi giá trị JSON đã kết thúc",
    ),
    (
        "expected `:` after the key, but found {term}",
        "sau khóa cần `:`, nhưng gặp {term}",
    ),
    (
        "expected a JSON value, but found {term}",
        "cần một giá trị JSON, nhưng gặp {term}",
    ),
    ("expected `true`", "cần `true`"),
    ("expected `false`", "cần `false`"),
    ("expected `null`", "cần `null`"),
    (
        "JSON is nested more than {} levels deep",
        "JSON lồng nhau sâu hơn {} cấp",
    ),
    (
        "expected a key in double quotes, but found {term}",
        "cần một khóa trong dấu nháy kép, nhưng gặp {term}",
    ),
    (
        "expected `,` or `}` after a member, but found {term}",
        "sau một cặp khóa-giá trị cần `,` hoặc `}`, nhưng gặp {term}",
    ),
    (
        "expected `,` or `]` after an array item, but found {term}",
        "sau một phần tử mảng cần `,` hoặc `]`, nhưng gặp {term}",
    ),
    (
        "a JSON number has digits before any `.` and no leading zeros",
        "số JSON phải có chữ số trước `.` và không có số 0 thừa ở đầu",
    ),
    (
        "a JSON number needs digits after `.`",
        "số JSON cần chữ số sau `.`",
    ),
    (
        "a JSON number needs digits in its exponent",
        "số JSON cần chữ số trong phần mũ",
    ),
    (
        "`\\u` must be followed by four hex digits",
        "sau `\\u` phải có bốn chữ số hex",
    ),
    (
        "this string is missing its closing quote",
        "chuỗi này thiếu dấu nháy đóng",
    ),
    (
        "a high surrogate `\\u` escape must be followed by a low one",
        "chuỗi thóat `\\u` nửa đầu của cặp surrogate phải có nửa sau đi liền",
    ),
    (
        "a lone low surrogate is not a character",
        "nửa sau của cặp surrogate đứng một mình không phải là ký tự",
    ),
    (
        "`\\{}` is not a JSON escape (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)",
        "`\\{}` không phải chuỗi thóat của JSON (hãy dùng \\\" \\\\ \\/ \\b \\f \\n \\r \\t hoặc \\uXXXX)",
    ),
    (
        "a control character must be escaped inside a JSON string",
        "ký tự điều khiển trong chuỗi JSON phải được viết bằng chuỗi thóat",
    ),
    // Extended JSON
    (
        "expected a document (a JSON object), but found {term}",
        "cần một document (một object JSON), nhưng gặp {term}",
    ),
    (
        "a key cannot contain a NUL character (BSON keys are C strings)",
        "khóa không được chứa ký tự NUL (khóa BSON là chuỗi C)",
    ),
    (
        "documents and arrays are nested more than {} levels deep",
        "document và mảng lồng nhau sâu hơn {} cấp",
    ),
    ("`{}` is not a number", "`{}` không phải là số"),
    (
        "{term} must be a string, not {term}",
        "{term} phải là một chuỗi, không phải {term}",
    ),
    (
        "{term} must have exactly the keys {}",
        "{term} phải có đúng các khóa {}",
    ),
    ("{term} is missing `{}`", "{term} thiếu `{}`"),
    ("{term} has duplicate keys", "{term} có khóa bị trùng"),
    (
        "`$numberInt` must be a string of digits within the int32 range, not `{}`",
        "`$numberInt` phải là một chuỗi chữ số trong phạm vi int32, không phải `{}`",
    ),
    (
        "`$numberLong` must be a string of digits within the int64 range, not `{}`",
        "`$numberLong` phải là một chuỗi chữ số trong phạm vi int64, không phải `{}`",
    ),
    (
        "`$numberDouble` must be a decimal number, `Infinity`, `-Infinity` or `NaN`, not `{}`",
        "`$numberDouble` phải là một số thập phân, `Infinity`, `-Infinity` hoặc `NaN`, không phải `{}`",
    ),
    (
        "`$uuid` must be 32 hex digits in 8-4-4-4-12 groups, not `{}`",
        "`$uuid` phải là 32 chữ số hex chia nhóm 8-4-4-4-12, không phải `{}`",
    ),
    (
        "`$scope` must be a document",
        "`$scope` phải là một document",
    ),
    (
        "`$timestamp` must be an object {\"t\": ..., \"i\": ...}",
        "`$timestamp` phải là một object {\"t\": ..., \"i\": ...}",
    ),
    (
        "`$regularExpression` must be an object {\"pattern\": ..., \"options\": ...}",
        "`$regularExpression` phải là một object {\"pattern\": ..., \"options\": ...}",
    ),
    (
        "`$dbPointer` must be an object {\"$ref\": ..., \"$id\": ...}",
        "`$dbPointer` phải là một object {\"$ref\": ..., \"$id\": ...}",
    ),
    (
        "`$dbPointer.$id` must be an ObjectId ({\"$oid\": ...})",
        "`$dbPointer.$id` phải là một ObjectId ({\"$oid\": ...})",
    ),
    ("`$minKey` must be 1", "`$minKey` phải bằng 1"),
    ("`$maxKey` must be 1", "`$maxKey` phải bằng 1"),
    ("`$undefined` must be true", "`$undefined` phải là true"),
    (
        "`{}` cannot appear here without the rest of its type wrapper",
        "`{}` không thể đứng ở đây khi thiếu phần còn lại của dạng bọc kiểu",
    ),
    (
        "`$oid` must be 24 hex digits, not `{}`",
        "`$oid` phải là 24 chữ số hex, không phải `{}`",
    ),
    (
        "timestamp `{}` must be an unsigned 32-bit integer, not {}",
        "giá trị `{}` của Timestamp phải là số nguyên không dấu 32 bit, không phải {}",
    ),
    (
        "timestamp `{}` must be a number, not {term}",
        "giá trị `{}` của Timestamp phải là một số, không phải {term}",
    ),
    (
        "a regex pattern cannot contain NUL (it is stored as a C string)",
        "mẫu regex không được chứa NUL (nó được lưu dưới dạng chuỗi C)",
    ),
    (
        "`{}` is not a regex option (use i, l, m, s, u, x)",
        "`{}` không phải tùy chọn regex (hãy dùng i, l, m, s, u, x)",
    ),
    ("`$date` string: {msg}", "chuỗi `$date`: {msg}"),
    (
        "`$date` must be an ISO-8601 string or {\"$numberLong\": ...}, not {term}",
        "`$date` phải là một chuỗi ISO-8601 hoặc {\"$numberLong\": ...}, không phải {term}",
    ),
    (
        "`$binary` must be an object {\"base64\": ..., \"subType\": ...}",
        "`$binary` phải là một object {\"base64\": ..., \"subType\": ...}",
    ),
    (
        "the binary subtype must be one or two hex digits, not `{}`",
        "subtype của Binary phải là một hoặc hai chữ số hex, không phải `{}`",
    ),
    // base64
    (
        "`{}` has misplaced `=` padding",
        "`{}` có dấu đệm `=` sai vị trí",
    ),
    (
        "`{}` is not valid base64: its length cannot encode whole bytes",
        "`{}` không phải base64 hợp lệ: độ dài của nó không mã hóa được trọn các byte",
    ),
    (
        "`{}` at position {} is not a base64 character",
        "`{}` ở vị trí {} không phải ký tự base64",
    ),
    // hex
    (
        "a byte needs two hex digits, but this one has only one",
        "mỗi byte cần hai chữ số hex, nhưng byte này chỉ có một",
    ),
    (
        "`{}` is not a hex digit (0-9, a-f)",
        "`{}` không phải chữ số hex (0-9, a-f)",
    ),
    (
        "a byte needs two hex digits, but the text ends after one",
        "mỗi byte cần hai chữ số hex, nhưng văn bản kết thúc sau một chữ số",
    ),
    // ObjectId
    (
        "an ObjectId is 24 hex digits, but `{}` has {} ({term})",
        "ObjectId gồm 24 chữ số hex, nhưng `{}` có {} ({term})",
    ),
    (
        "an ObjectId is 24 hex digits, but `{}` has {} characters ({term})",
        "ObjectId gồm 24 chữ số hex, nhưng `{}` có {} ký tự ({term})",
    ),
    (
        "an ObjectId is 24 hex digits, but `{}` has `{}` at column {}, which is not a hex digit (0-9, a-f)",
        "ObjectId gồm 24 chữ số hex, nhưng `{}` có `{}` ở cột {}, không phải chữ số hex (0-9, a-f)",
    ),
    // UUID
    (
        "a UUID is 32 hex digits, but `{}` has `{}` at column {}, which is neither a hex digit (0-9, a-f) nor a dash",
        "UUID gồm 32 chữ số hex, nhưng `{}` có `{}` ở cột {}, không phải chữ số hex (0-9, a-f) cũng không phải dấu gạch ngang",
    ),
    (
        "a UUID is 32 hex digits, but `{}` has {} ({term})",
        "UUID gồm 32 chữ số hex, nhưng `{}` có {} ({term})",
    ),
    (
        "a UUID's dashes split its digits 8-4-4-4-12, but `{}` splits them {}",
        "dấu gạch ngang của UUID chia các chữ số thành 8-4-4-4-12, nhưng `{}` lại chia thành {}",
    ),
    (
        "this is binary subtype 3, a legacy UUID whose byte order depends on the driver that wrote it: read it with the writer's legacy order (Java, C# or Python)",
        "đây là Binary subtype 3, một UUID kiểu cũ có thứ tự byte tùy vào driver đã ghi nó: hãy đọc bằng thứ tự kiểu cũ của driver đó (Java, C# hoặc Python)",
    ),
    (
        "a UUID is binary subtype 4, but this is subtype {}",
        "UUID là Binary subtype 4, nhưng đây là subtype {}",
    ),
    (
        "a legacy ({}) UUID is binary subtype 3, but this is subtype {}",
        "UUID kiểu cũ ({}) là Binary subtype 3, nhưng đây là subtype {}",
    ),
    (
        "a UUID is 16 bytes, but this binary has {}",
        "UUID dài 16 byte, nhưng Binary này có {}",
    ),
    // Lesson values and computations
    (
        "{}: item {} is {}, not a document",
        "{}: phần tử {} là {}, không phải document",
    ),
    (
        "{} must be an array of documents, not {}",
        "{} phải là một mảng các document, không phải {}",
    ),
    (
        "{} must be a document, but it is {}",
        "{} phải là một document, nhưng nó là {}",
    ),
    (
        "focus: the document has no element `{}`",
        "focus: document không có phần tử `{}`",
    ),
    ("a `{}` needs `{}`", "`{}` cần có trường `{}`"),
    (
        "at: `{}` is outside what an ObjectId can hold",
        "at: `{}` nằm ngoài khoảng mà ObjectId lưu được",
    ),
    // BSON bytes: the decoder (src/bson/error.rs). "byte" stays, as in the byte walk.
    (
        "a document starts with a 4-byte little-endian length, but only {} byte are here",
        "một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có {} byte",
    ),
    (
        "a document starts with a 4-byte little-endian length, but only {} bytes are here",
        "một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có {} byte",
    ),
    (
        "{term} length {} is impossible: even an empty one takes 5 bytes (the length itself and the closing 00)",
        "độ dài {term} bằng {} là không thể: ngay cả khi rỗng cũng cần 5 byte (chính phần độ dài và byte 00 đóng lại)",
    ),
    (
        "document length {} is over the limit of {} bytes",
        "độ dài document là {}, vượt quá giới hạn {} byte",
    ),
    (
        "document length {} is over the limit of {} bytes (16 MiB)",
        "độ dài document là {}, vượt quá giới hạn {} byte (16 MiB)",
    ),
    (
        "the document's length says {} bytes, but only {} are here: it is cut short",
        "độ dài của document ghi {} byte, nhưng ở đây chỉ có {} byte: document bị cắt cụt",
    ),
    (
        "the document ends here, but {} more byte follow it",
        "document kết thúc ở đây, nhưng phía sau còn {} byte nữa",
    ),
    (
        "the document ends here, but {} more bytes follow it",
        "document kết thúc ở đây, nhưng phía sau còn {} byte nữa",
    ),
    (
        "a {term} must end with the byte 00, but its last byte is {}: its length and its contents disagree",
        "{term} phải kết thúc bằng byte 00, nhưng byte cuối của nó là {}: độ dài và nội dung của nó không khớp nhau",
    ),
    (
        "the byte 00 closes the document here, but its length says it runs to byte {}",
        "byte 00 đóng document ở đây, nhưng độ dài của document cho biết nó kéo dài đến byte {}",
    ),
    (
        "0x{} is not a BSON type byte (types are 0x01-0x13, 0x7f MaxKey and 0xff MinKey)",
        "0x{} không phải byte kiểu của BSON (các kiểu là 0x01-0x13, 0x7f MaxKey và 0xff MinKey)",
    ),
    (
        "the {term} never ends: there is no 00 byte before the end of the document",
        "{term} không có điểm kết thúc: không có byte 00 nào trước khi hết document",
    ),
    (
        "the {term} is not valid UTF-8 from this byte on",
        "{term} không còn là UTF-8 hợp lệ kể từ byte này",
    ),
    (
        "a {term} value takes {} byte, but only {} remain before the end of the document",
        "một giá trị {term} chiếm {} byte, nhưng chỉ còn {} byte trước khi hết document",
    ),
    (
        "a {term} value takes {} bytes, but only {} remain before the end of the document",
        "một giá trị {term} chiếm {} byte, nhưng chỉ còn {} byte trước khi hết document",
    ),
    (
        "a binary value takes {} bytes, but only {} remain before the end of the document",
        "một giá trị binary chiếm {} byte, nhưng chỉ còn {} byte trước khi hết document",
    ),
    (
        "{term} length {} is impossible: the length counts the trailing 00, so it is at least 1",
        "độ dài {term} bằng {} là không thể: độ dài tính cả byte 00 ở cuối, nên ít nhất là 1",
    ),
    (
        "{term} length {} is impossible: it is at least {}",
        "độ dài {term} bằng {} là không thể: độ dài ít nhất là {}",
    ),
    (
        "binary length {} is impossible: it is at least {}",
        "độ dài binary bằng {} là không thể: độ dài ít nhất là {}",
    ),
    (
        "{term} length {} runs past the end of the {term} ({} bytes)",
        "độ dài {term} là {}, vượt quá điểm cuối của {term} ({} byte)",
    ),
    (
        "binary length {} runs past the end of the {term} ({} bytes)",
        "độ dài binary là {}, vượt quá điểm cuối của {term} ({} byte)",
    ),
    (
        "the {term} should end with the byte 00 where its length says, but that byte is {}",
        "{term} phải kết thúc bằng byte 00 ở vị trí mà độ dài của nó chỉ ra, nhưng byte ở đó là {}",
    ),
    (
        "a boolean is the byte 00 (false) or 01 (true), not {}",
        "giá trị boolean là byte 00 (false) hoặc 01 (true), không phải {}",
    ),
    (
        "binary subtype 0x02 repeats its length inside the data: it should be {}, but it is {}",
        "binary subtype 0x02 lặp lại độ dài của nó bên trong dữ liệu: độ dài đó phải là {}, nhưng lại là {}",
    ),
    (
        "code-with-scope length {} does not match its parts, which take {} bytes (length, code string, scope document)",
        "độ dài code-with-scope là {}, không khớp với các phần bên trong, vốn chiếm tổng cộng {} byte (độ dài, chuỗi mã, document phạm vi)",
    ),
    // BSON bytes: the encoder (and the decoder's nesting limit, the parsers' message above)
    (
        "a {term} is written as a C string, which ends at the first 00 byte, so it cannot contain NUL",
        "{term} được ghi dưới dạng chuỗi C, vốn kết thúc ở byte 00 đầu tiên, nên không thể chứa NUL",
    ),
    (
        "the document would take {} bytes, over the limit of {} bytes",
        "document sẽ chiếm {} byte, vượt quá giới hạn {} byte",
    ),
    // The command line's own checks (src/cli/query.rs)
    (
        "stage {} is {}, not a document",
        "giai đoạn {} là {}, không phải document",
    ),
    (
        "PIPELINE must be an array of stages, not {}",
        "PIPELINE phải là một mảng các giai đoạn, không phải {}",
    ),
];

/// Fragments that `{term}` slots hold: what was found, what a call takes, what it got.
pub(super) const TERMS: &[(&str, &str)] = &[
    // What a parser found instead
    ("the end of the input", "chỗ kết thúc dữ liệu nhập"),
    ("the end of the text", "chỗ kết thúc văn bản"),
    // Kinds of values
    ("a number", "một số"),
    ("a BigInt", "một BigInt"),
    ("a string", "một chuỗi"),
    ("a document", "một document"),
    ("an array", "một mảng"),
    ("an object", "một object"),
    ("a Binary", "một Binary"),
    ("an ObjectId", "một ObjectId"),
    ("a boolean", "một giá trị boolean"),
    ("a date", "một ngày giờ"),
    ("a regex", "một regex"),
    ("a DBPointer", "một DBPointer"),
    ("a Code", "một Code"),
    ("a symbol", "một Symbol"),
    ("a Timestamp", "một Timestamp"),
    ("a Long", "một Long"),
    ("a Decimal128", "một Decimal128"),
    // How many arguments a call got
    ("none", "0 đối số"),
    ("1 argument", "1 đối số"),
    ("{} arguments", "{} đối số"),
    // What a call takes
    (
        "nothing, 24 hex digits or a number of seconds",
        "hoặc không có đối số, hoặc 24 chữ số hex, hoặc một số giây",
    ),
    ("a number of seconds", "một số giây"),
    ("a string of 24 hex digits", "một chuỗi 24 chữ số hex"),
    ("a string of 32 hex digits", "một chuỗi 32 chữ số hex"),
    (
        "a subtype and a string, as in BinData(0, \"AQID\")",
        "một subtype và một chuỗi, như BinData(0, \"AQID\")",
    ),
    (
        "a string and an optional subtype",
        "một chuỗi và một subtype (không bắt buộc)",
    ),
    (
        "{ t: seconds, i: increment }",
        "{ t: số giây, i: số đếm tăng dần }",
    ),
    (
        "a pattern string and optional flags",
        "một chuỗi mẫu và các cờ (không bắt buộc)",
    ),
    (
        "a string of code and an optional scope document",
        "một chuỗi mã và một document phạm vi (không bắt buộc)",
    ),
    (
        "a scope document as its second argument",
        "một document phạm vi làm đối số thứ hai",
    ),
    (
        "a collection name, an id and an optional database name",
        "tên collection, một id và tên cơ sở dữ liệu (không bắt buộc)",
    ),
    ("a subtype number", "một số subtype"),
    (
        "a string or a number, as in NumberInt(\"42\")",
        "một chuỗi hoặc một số, như NumberInt(\"42\")",
    ),
    (
        "a string, as in NumberLong(\"9007199254740993\")",
        "một chuỗi, như NumberLong(\"9007199254740993\")",
    ),
    (
        "a string, as in NumberDecimal(\"19.99\")",
        "một chuỗi, như NumberDecimal(\"19.99\")",
    ),
    ("a number, as in Double(42)", "một số, như Double(42)"),
    (
        "an ISO-8601 string, as in ISODate(\"2026-10-08T10:00:00Z\")",
        "một chuỗi ISO-8601, như ISODate(\"2026-10-08T10:00:00Z\")",
    ),
    (
        "an ISO-8601 string or milliseconds",
        "một chuỗi ISO-8601 hoặc số mili giây",
    ),
    // The digits a call or a literal needs
    ("ObjectId needs 24 hex digits", "ObjectId cần 24 chữ số hex"),
    ("MD5 needs 32 hex digits", "MD5 cần 32 chữ số hex"),
    (
        "UUID needs 32 hex digits (dashes optional)",
        "UUID cần 32 chữ số hex (dấu gạch ngang tùy ý)",
    ),
    (
        "HexData needs hex digits, two per byte",
        "HexData cần các chữ số hex, mỗi byte hai chữ số",
    ),
    (
        "createFromHexString needs hex digits, two per byte",
        "createFromHexString cần các chữ số hex, mỗi byte hai chữ số",
    ),
    ("hex", "hex"),
    ("octal", "bát phân"),
    ("binary", "nhị phân"),
    ("{} too many", "thừa {}"),
    ("{} too few", "thiếu {}"),
    // Extended JSON wrappers
    ("the binary subtype", "subtype của Binary"),
    ("legacy `$binary`", "`$binary` kiểu cũ"),
    ("legacy `$regex`", "`$regex` kiểu cũ"),
    ("`$code` with `$scope`", "`$code` kèm `$scope`"),
    // Parts of a date
    (
        "expanded year (a sign and six digits)",
        "năm mở rộng (một dấu và sáu chữ số)",
    ),
    ("year", "năm"),
    ("month", "tháng"),
    ("day", "ngày"),
    ("hour", "giờ"),
    ("minutes", "phút"),
    ("seconds", "giây"),
    ("offset hours", "giờ của độ lệch múi giờ"),
    ("offset minutes", "phút của độ lệch múi giờ"),
    ("January", "tháng 1"),
    ("February", "tháng 2"),
    ("March", "tháng 3"),
    ("April", "tháng 4"),
    ("May", "tháng 5"),
    ("June", "tháng 6"),
    ("July", "tháng 7"),
    ("August", "tháng 8"),
    ("September", "tháng 9"),
    ("October", "tháng 10"),
    ("November", "tháng 11"),
    ("December", "tháng 12"),
    // What the BSON decoder and encoder were reading (as the byte walk names them)
    ("document", "document"),
    ("embedded document", "document con"),
    ("array", "mảng"),
    ("scope document", "document phạm vi"),
    ("key", "khóa"),
    ("string", "chuỗi"),
    ("JavaScript code", "mã JavaScript"),
    ("symbol", "Symbol"),
    ("DBPointer namespace", "namespace của DBPointer"),
    ("code", "chuỗi mã"),
    ("code-with-scope value", "giá trị code-with-scope"),
    ("binary subtype 0x02", "binary subtype 0x02"),
    ("regex pattern", "mẫu regex"),
    ("regex options", "tùy chọn regex"),
    ("date", "ngày giờ"),
    ("bool", "boolean"),
];
