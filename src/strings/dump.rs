//! Reading mongodump output: damaged and truncated documents.

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("damaged: ", "hỏng: "),
    (
        "damaged: {namespace} document {number} at byte {offset}, {length} bytes: {reason}",
        "hỏng: {namespace} tài liệu {number} tại byte {offset}, {length} byte: {reason}",
    ),
    (
        "{path}: {regions}; {documents} valid",
        "{path}: {regions}; {documents} hợp lệ",
    ),
    (
        "the archive records the checksum {recorded} for {namespace}, but its documents give {computed}: it was changed or damaged after mongodump wrote it (mongorestore refuses it: CRC mismatch)",
        "tệp lưu trữ ghi checksum {recorded} cho {namespace}, nhưng các tài liệu của nó cho ra {computed}: nó đã bị sửa hoặc hỏng sau khi mongodump ghi (mongorestore sẽ từ chối: CRC mismatch)",
    ),
    ("{n} damaged region", "{n} vùng hỏng"),
    ("{n} damaged regions", "{n} vùng hỏng"),
    ("{n} collection", "{n} collection"),
    ("{n} collections", "{n} collection"),
    (
        "{path}: {documents}, all valid",
        "{path}: {documents}, tất cả đều hợp lệ",
    ),
    (
        "{path}: {regions} ({bytes}); {documents} valid before and between them",
        "{path}: {regions} ({bytes}); {documents} hợp lệ ở trước và giữa các vùng đó",
    ),
    (
        "{path}: {documents} recovered; {regions}, {bytes} skipped",
        "{path}: khôi phục được {documents}; {regions}, bỏ qua {bytes}",
    ),
    (
        "database {db}: {collections}",
        "cơ sở dữ liệu {db}: {collections}",
    ),
    (
        "{collection}: {documents}, {bytes}",
        "{collection}: {documents}, {bytes}",
    ),
    (" (gzip: {size} on disk)", " (gzip: {size} trên đĩa)"),
    ("collection {namespace}", "collection {namespace}"),
    ("index {index}", "chỉ mục {index}"),
    ("collation {spec}", "collation {spec}"),
    ("options {options}", "tùy chọn {options}"),
    ("uuid {uuid}", "uuid {uuid}"),
    (
        "damaged: document {number} at byte {offset}, {length} bytes: {reason}",
        "hỏng: tài liệu {number} tại byte {offset}, {length} byte: {reason}",
    ),
    (
        "{path} is a folder without a dump: mongodump writes DB/COLLECTION.bson (or .bson.gz) files, and there are none in it or in its folders",
        "{path} là một thư mục không chứa bản dump: mongodump ghi các tệp DB/COLLECTION.bson (hoặc .bson.gz), mà trong thư mục này và các thư mục con của nó không có tệp nào như vậy",
    ),
    (
        "--check and --salvage read raw BSON (--file with --from bson, the default)",
        "--check và --salvage đọc BSON thô (--file với --from bson, mặc định)",
    ),
    (
        "byte {offset}: a document's length prefix says {declared} bytes, but a document has {min} to {max} bytes",
        "byte {offset}: tiền tố độ dài của tài liệu ghi {declared} byte, nhưng một tài liệu có từ {min} đến {max} byte",
    ),
    (
        "byte {offset}: the input ends inside a document: {needed} bytes needed, {got} there",
        "byte {offset}: dữ liệu vào kết thúc giữa một tài liệu: cần {needed} byte, chỉ có {got}",
    ),
    (
        "document at byte {offset}: {reason}",
        "tài liệu tại byte {offset}: {reason}",
    ),
    ("metadata.json: {reason}", "metadata.json: {reason}"),
    (
        "the input is longer than {limit} bytes",
        "dữ liệu vào dài hơn {limit} byte",
    ),
    // Issue 26: hostile archives, gzip trailers, class summary inputs.
    (
        "byte {offset}: the archive's prelude (its header and every collection's metadata) runs past {limit} bytes; mongodump writes a few hundred bytes a collection, so this is no archive it wrote",
        "byte {offset}: phần mở đầu của tệp lưu trữ (header và metadata của mọi collection) vượt quá {limit} byte; mongodump chỉ ghi vài trăm byte cho mỗi collection, nên đây không phải tệp lưu trữ do nó ghi",
    ),
    (
        "byte {offset}: the collections open at once in the archive's data have more than {limit} bytes of names; mongodump opens only the collections its prelude announces",
        "byte {offset}: các collection đang mở cùng lúc trong dữ liệu của tệp lưu trữ có tên dài hơn {limit} byte tổng cộng; mongodump chỉ mở những collection mà phần mở đầu đã khai báo",
    ),
    (
        "byte {offset}: the prelude's field `{key}` is {found}, but mongorestore reads it as {expected} and refuses the archive",
        "byte {offset}: trường `{key}` của phần mở đầu có kiểu {found}, nhưng mongorestore đọc nó như {expected} và sẽ từ chối tệp lưu trữ",
    ),
    (
        "byte {offset}: the metadata of {namespace} in the prelude is not Extended JSON (mongorestore refuses it when it restores the collection): {reason}",
        "byte {offset}: metadata của {namespace} trong phần mở đầu không phải Extended JSON (mongorestore sẽ từ chối khi khôi phục collection này): {reason}",
    ),
    (
        "byte {offset} of the file: the bytes after the last gzip member are not gzip; they were ignored, as gzip ignores them (with a warning)",
        "byte {offset} của tệp: các byte sau thành phần gzip cuối cùng không phải gzip; chúng bị bỏ qua, như gzip cũng bỏ qua (kèm một cảnh báo)",
    ),
    (
        "a symbolic link: class summary does not follow links; give the file it leads to",
        "một liên kết tượng trưng: class summary không đi theo liên kết; hãy đưa tệp mà nó trỏ tới",
    ),
    (
        "a named pipe, not a regular file: class summary reads only regular files (it would wait on a pipe forever)",
        "một named pipe, không phải tệp thông thường: class summary chỉ đọc tệp thông thường (nó sẽ chờ mãi trên một pipe)",
    ),
    (
        "a device, not a regular file: class summary reads only regular files (a device such as /dev/zero never ends)",
        "một thiết bị, không phải tệp thông thường: class summary chỉ đọc tệp thông thường (một thiết bị như /dev/zero không bao giờ kết thúc)",
    ),
    (
        "a directory, not a regular file: give the export files inside it",
        "một thư mục, không phải tệp thông thường: hãy đưa các tệp xuất bên trong nó",
    ),
    (
        "not a regular file: class summary reads only regular files",
        "không phải tệp thông thường: class summary chỉ đọc tệp thông thường",
    ),
    (
        "larger than {max} bytes, far more than any results export: not read",
        "lớn hơn {max} byte, vượt xa mọi tệp xuất kết quả: không đọc",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("damaged: ", "损坏："),
    (
        "damaged: {namespace} document {number} at byte {offset}, {length} bytes: {reason}",
        "损坏：{namespace} 第 {number} 个文档，位于第 {offset} 字节，{length} 字节：{reason}",
    ),
    (
        "{path}: {regions}; {documents} valid",
        "{path}：{regions}；{documents}有效",
    ),
    (
        "the archive records the checksum {recorded} for {namespace}, but its documents give {computed}: it was changed or damaged after mongodump wrote it (mongorestore refuses it: CRC mismatch)",
        "归档为 {namespace} 记录的校验和是 {recorded}，但其文档算出的是 {computed}：它在 mongodump 写出之后被修改或损坏了（mongorestore 会拒绝它：CRC mismatch）",
    ),
    ("{n} damaged region", "{n} 个损坏区域"),
    ("{n} damaged regions", "{n} 个损坏区域"),
    ("{n} collection", "{n} 个集合"),
    ("{n} collections", "{n} 个集合"),
    (
        "{path}: {documents}, all valid",
        "{path}：{documents}，全部有效",
    ),
    (
        "{path}: {regions} ({bytes}); {documents} valid before and between them",
        "{path}：{regions}（{bytes}）；在它们之前和之间有 {documents}有效",
    ),
    (
        "{path}: {documents} recovered; {regions}, {bytes} skipped",
        "{path}：恢复了 {documents}；{regions}，跳过 {bytes}",
    ),
    ("database {db}: {collections}", "数据库 {db}：{collections}"),
    (
        "{collection}: {documents}, {bytes}",
        "{collection}：{documents}，{bytes}",
    ),
    (" (gzip: {size} on disk)", "（gzip：磁盘上 {size}）"),
    ("collection {namespace}", "集合 {namespace}"),
    ("index {index}", "索引 {index}"),
    ("collation {spec}", "排序规则 {spec}"),
    ("options {options}", "选项 {options}"),
    ("uuid {uuid}", "uuid {uuid}"),
    (
        "damaged: document {number} at byte {offset}, {length} bytes: {reason}",
        "损坏：第 {number} 个文档，位于第 {offset} 字节，{length} 字节：{reason}",
    ),
    (
        "{path} is a folder without a dump: mongodump writes DB/COLLECTION.bson (or .bson.gz) files, and there are none in it or in its folders",
        "{path} 是一个不含 dump 的文件夹：mongodump 写出 DB/COLLECTION.bson（或 .bson.gz）文件，而它和它的子文件夹中都没有这样的文件",
    ),
    (
        "--check and --salvage read raw BSON (--file with --from bson, the default)",
        "--check 和 --salvage 读取原始 BSON（--file 配合 --from bson，即默认值）",
    ),
    (
        "byte {offset}: a document's length prefix says {declared} bytes, but a document has {min} to {max} bytes",
        "第 {offset} 字节：文档的长度前缀为 {declared} 字节，但文档的长度应在 {min} 到 {max} 字节之间",
    ),
    (
        "byte {offset}: the input ends inside a document: {needed} bytes needed, {got} there",
        "第 {offset} 字节：输入在文档中间结束：需要 {needed} 字节，只有 {got} 字节",
    ),
    (
        "document at byte {offset}: {reason}",
        "第 {offset} 字节处的文档：{reason}",
    ),
    ("metadata.json: {reason}", "metadata.json：{reason}"),
    (
        "the input is longer than {limit} bytes",
        "输入超过 {limit} 字节",
    ),
    // Issue 26: hostile archives, gzip trailers, class summary inputs.
    (
        "byte {offset}: the archive's prelude (its header and every collection's metadata) runs past {limit} bytes; mongodump writes a few hundred bytes a collection, so this is no archive it wrote",
        "第 {offset} 字节：归档的前导部分（头部和每个集合的元数据）超过了 {limit} 字节；mongodump 每个集合只写几百字节，所以这不是它写出的归档",
    ),
    (
        "byte {offset}: the collections open at once in the archive's data have more than {limit} bytes of names; mongodump opens only the collections its prelude announces",
        "第 {offset} 字节：归档数据中同时打开的集合名称总长超过 {limit} 字节；mongodump 只打开前导部分声明过的集合",
    ),
    (
        "byte {offset}: the prelude's field `{key}` is {found}, but mongorestore reads it as {expected} and refuses the archive",
        "第 {offset} 字节：前导部分的字段 `{key}` 是 {found}，但 mongorestore 按 {expected} 读取它，会拒绝这个归档",
    ),
    (
        "byte {offset}: the metadata of {namespace} in the prelude is not Extended JSON (mongorestore refuses it when it restores the collection): {reason}",
        "第 {offset} 字节：前导部分中 {namespace} 的元数据不是 Extended JSON（mongorestore 在恢复该集合时会拒绝它）：{reason}",
    ),
    (
        "byte {offset} of the file: the bytes after the last gzip member are not gzip; they were ignored, as gzip ignores them (with a warning)",
        "文件的第 {offset} 字节：最后一个 gzip 成员之后的字节不是 gzip；它们被忽略了，和 gzip 的做法一样（并给出警告）",
    ),
    (
        "a symbolic link: class summary does not follow links; give the file it leads to",
        "这是一个符号链接：class summary 不跟随链接；请给出它指向的文件",
    ),
    (
        "a named pipe, not a regular file: class summary reads only regular files (it would wait on a pipe forever)",
        "这是一个命名管道，不是普通文件：class summary 只读取普通文件（在管道上它会一直等待）",
    ),
    (
        "a device, not a regular file: class summary reads only regular files (a device such as /dev/zero never ends)",
        "这是一个设备，不是普通文件：class summary 只读取普通文件（像 /dev/zero 这样的设备永远读不完）",
    ),
    (
        "a directory, not a regular file: give the export files inside it",
        "这是一个目录，不是普通文件：请给出其中的导出文件",
    ),
    (
        "not a regular file: class summary reads only regular files",
        "不是普通文件：class summary 只读取普通文件",
    ),
    (
        "larger than {max} bytes, far more than any results export: not read",
        "大于 {max} 字节，远超任何结果导出文件：未读取",
    ),
];
