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
];
