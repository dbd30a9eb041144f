//! The command line's errors in Vietnamese and Chinese: `eval`, `inspect`, `find` and
//! `aggregate` given bad text or bad bytes say what is wrong in the learner's language,
//! with the place the text came from (`EXPRESSION`, `--hex`, a file and its line) kept as it
//! is, and the source line and its caret exactly as in English. The server's own messages
//! stay English.

use crate::common;

use std::process::Output;

/// A directory of its own for one test, removed afterwards.
struct Scratch(common::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(common::TempDir::new("error-languages", name))
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.0.join(name), text).unwrap();
    }

    /// The binary in `lang`, run in this directory.
    fn run(&self, lang: &str, args: &[&str]) -> Output {
        common::bson_tutor()
            .arg("--lang")
            .arg(lang)
            .args(args)
            .current_dir(&self.0)
            .output()
            .unwrap()
    }
}

/// What one bad command says on standard error in English, Vietnamese and Chinese.
struct Said {
    en: Vec<String>,
    vi: Vec<String>,
    zh: Vec<String>,
}

/// Runs `args` in the three languages: each fails with the same exit code and prints its
/// error first, then the same lines as in English (the learner's text and its caret).
fn said(dir: &Scratch, args: &[&str]) -> Said {
    let run = |lang| {
        let out = dir.run(lang, args);
        let stderr = String::from_utf8(out.stderr).unwrap();
        (
            out.status.code(),
            stderr.lines().map(str::to_owned).collect(),
        )
    };
    let (code, en): (_, Vec<String>) = run("en");
    assert_ne!(code, Some(0), "{args:?} should fail");
    let mut langs = Vec::new();
    for (lang, prefix) in [("vi", "lỗi: "), ("zh", "错误：")] {
        let (lang_code, lines) = run(lang);
        assert_eq!(lang_code, code, "{lang} {args:?}");
        assert_eq!(lines.len(), en.len(), "{lang} {args:?}: {lines:#?}");
        assert!(
            lines[0].starts_with(prefix),
            "{lang} {args:?}: {}",
            lines[0]
        );
        assert_eq!(
            lines[1..],
            en[1..],
            "{lang} {args:?}: the source and caret change"
        );
        langs.push(lines);
    }
    let zh = langs.pop().unwrap_or_default();
    let vi = langs.pop().unwrap_or_default();
    Said { en, vi, zh }
}

#[test]
fn eval_names_its_arguments_around_a_translated_parse_error() {
    let dir = Scratch::new("eval");
    let s = said(&dir, &["eval", "{ $add: [1, }"]);
    assert_eq!(
        s.en,
        [
            "error: EXPRESSION: line 1, column 13: expected a value, but found `}`",
            "{ $add: [1, }",
            "            ^",
        ]
    );
    assert_eq!(
        s.vi[0],
        "lỗi: EXPRESSION: dòng 1, cột 13: cần một giá trị, nhưng gặp `}`"
    );
    assert_eq!(
        s.zh[0],
        "错误：EXPRESSION：第 1 行，第 13 列：应为一个值，但找到 `}`"
    );
    let s = said(&dir, &["eval", "1", "--doc", "{ a: }"]);
    assert_eq!(
        s.vi[0],
        "lỗi: --doc: dòng 1, cột 6: cần một giá trị, nhưng gặp `}`"
    );
    assert_eq!(
        s.zh[0],
        "错误：--doc：第 1 行，第 6 列：应为一个值，但找到 `}`"
    );
}

#[test]
fn inspect_explains_bad_bytes_in_the_learners_language() {
    let dir = Scratch::new("inspect");
    let s = said(
        &dir,
        &["inspect", "--hex", "0c 00 00 00 10 61 00 01 00 00 00"],
    );
    assert_eq!(
        s.en,
        [
            "error: byte 0: the document's length says 12 bytes, but only 11 are here: it is cut short"
        ]
    );
    assert_eq!(
        s.vi,
        [
            "lỗi: byte 0: độ dài của document ghi 12 byte, nhưng ở đây chỉ có 11 byte: document bị cắt cụt"
        ]
    );
    assert_eq!(
        s.zh,
        ["错误：第 0 字节：文档的长度表明有 12 字节，但这里只有 11 字节：文档被截断了"]
    );
    // A field deep inside: the path is the learner's, as typed.
    let hex = "15 00 00 00 03 61 00 0d 00 00 00 08 62 00 07 00 00 00 00 00 00";
    let s = said(&dir, &["inspect", "--hex", hex]);
    assert_eq!(
        s.vi,
        [
            "lỗi: byte 14: giá trị boolean là byte 00 (false) hoặc 01 (true), không phải 07 (trong trường `a.b`)"
        ]
    );
    assert_eq!(
        s.zh,
        ["错误：第 14 字节：布尔值是字节 00（false）或 01（true），而不是 07（在字段 `a.b` 中）"]
    );
    // The second document of a stream.
    let stream = "0c 00 00 00 10 61 00 01 00 00 00 00 05 00 00 00 01";
    let s = said(&dir, &["inspect", "--hex", stream]);
    assert_eq!(
        s.zh,
        [
            "错误：文档 2（从输入的第 12 字节开始；输入的第 16 字节是它的第 4 字节）：第 4 字节：文档必须以字节 00 结尾，但它的最后一个字节是 01：它的长度与内容不一致"
        ]
    );
    assert!(s.vi[0].starts_with("lỗi: document 2 (bắt đầu từ byte 12 của đầu vào; "));
    // Bad hex, and bad text given as the document.
    let s = said(&dir, &["inspect", "--hex", "0c 0"]);
    assert_eq!(
        s.vi,
        ["lỗi: --hex: cột 4: mỗi byte cần hai chữ số hex, nhưng văn bản kết thúc sau một chữ số"]
    );
    let s = said(&dir, &["inspect", "{ a: "]);
    assert_eq!(
        s.zh[0],
        "错误：DOCUMENT：第 1 行，第 6 列：应为一个值，但找到输入的结尾"
    );
}

#[test]
fn a_file_and_its_line_frame_the_message() {
    let dir = Scratch::new("files");
    dir.write("orders.json", "{ a: 1 }\n{ b: }\n");
    // `find --docs FILE` reads one document per line when the file is not one value.
    let s = said(&dir, &["find", "{}", "--docs", "orders.json"]);
    assert_eq!(
        s.en[0],
        "error: orders.json line 2: line 1, column 6: expected a value, but found `}`"
    );
    assert_eq!(
        s.vi[0],
        "lỗi: orders.json dòng 2: dòng 1, cột 6: cần một giá trị, nhưng gặp `}`"
    );
    assert_eq!(
        s.zh[0],
        "错误：orders.json 第 2 行：第 1 行，第 6 列：应为一个值，但找到 `}`"
    );
    // `inspect --file` with text in it.
    let s = said(
        &dir,
        &["inspect", "--file", "orders.json", "--from", "shell"],
    );
    assert_eq!(
        s.vi[0],
        "lỗi: --file dòng 2: dòng 1, cột 6: cần một giá trị, nhưng gặp `}`"
    );
    assert_eq!(
        s.zh[0],
        "错误：--file 第 2 行：第 1 行，第 6 列：应为一个值，但找到 `}`"
    );
}

#[test]
fn find_and_aggregate_name_the_argument_at_fault() {
    let dir = Scratch::new("query");
    let docs = "[{ a: 1 }]";
    for (args, vi, zh) in [
        (
            vec!["find", "{ a: }", "--docs", docs],
            "lỗi: FILTER: dòng 1, cột 6: cần một giá trị, nhưng gặp `}`",
            "错误：FILTER：第 1 行，第 6 列：应为一个值，但找到 `}`",
        ),
        (
            vec!["find", "{}", "--docs", "[{ a: }]"],
            "lỗi: --docs: dòng 1, cột 7: cần một giá trị, nhưng gặp `}`",
            "错误：--docs：第 1 行，第 7 列：应为一个值，但找到 `}`",
        ),
        (
            vec!["find", "{}", "--docs", docs, "--sort", "{ a: }"],
            "lỗi: --sort: dòng 1, cột 6: cần một giá trị, nhưng gặp `}`",
            "错误：--sort：第 1 行，第 6 列：应为一个值，但找到 `}`",
        ),
        (
            vec!["find", "{}", "--docs", docs, "--project", "{ a: }"],
            "lỗi: --project: dòng 1, cột 6: cần một giá trị, nhưng gặp `}`",
            "错误：--project：第 1 行，第 6 列：应为一个值，但找到 `}`",
        ),
        (
            vec!["aggregate", "[{ $match: }]"],
            "lỗi: PIPELINE: dòng 1, cột 12: cần một giá trị, nhưng gặp `}`",
            "错误：PIPELINE：第 1 行，第 12 列：应为一个值，但找到 `}`",
        ),
        (
            vec!["aggregate", "[1]"],
            "lỗi: PIPELINE: giai đoạn 0 là int, không phải document",
            "错误：PIPELINE：阶段 0 是 int，而不是文档",
        ),
        (
            vec!["aggregate", "1"],
            "lỗi: PIPELINE phải là một mảng các giai đoạn, không phải int",
            "错误：PIPELINE 必须是由阶段组成的数组，而不是 int",
        ),
    ] {
        let s = said(&dir, &args);
        assert_eq!(s.vi[0], vi, "{args:?}");
        assert_eq!(s.zh[0], zh, "{args:?}");
    }
}

#[test]
fn the_servers_words_stay_english_behind_a_colon() {
    let dir = Scratch::new("server");
    let s = said(
        &dir,
        &["find", "{ a: { $foo: 1 } }", "--docs", "[{ a: 1 }]"],
    );
    let english = s.en[0].strip_prefix("error: ").unwrap();
    assert!(english.contains("unknown operator: $foo"), "{english}");
    assert_eq!(s.vi[0], format!("lỗi: {english}"));
    assert_eq!(s.zh[0], format!("错误：{english}"));
}
