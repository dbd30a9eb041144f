//! The lesson commands in Vietnamese and Chinese: `lessons`, `answer`, `progress`, `check`,
//! `new`, `class summary`, `oid` and their errors follow `--lang` (before or after the
//! command) or the locale, while ids, values and answers stay the same in every language.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

/// A directory of its own for one test, removed afterwards.
struct Scratch(common::TempDir);

impl Scratch {
    fn new(name: &str) -> Scratch {
        Scratch(common::TempDir::new("cli-languages", name))
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    /// The binary with its progress in this directory.
    fn run(&self, args: &[&str]) -> Output {
        common::bson_tutor()
            .args(args)
            .env("BSON_TUTOR_PROGRESS", self.path("progress.json"))
            .current_dir(&self.0)
            .output()
            .unwrap()
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

#[test]
fn lessons_lists_translated_titles_and_counts_with_the_same_ids() {
    let dir = Scratch::new("lessons");
    let vi = stdout(&dir.run(&["lessons", "--lang", "vi"]));
    let zh = stdout(&dir.run(&["--lang", "zh", "lessons"]));
    let en = stdout(&dir.run(&["lessons"]));
    assert!(en.contains("BSON is bytes, not JSON  (0/6 solved)"), "{en}");
    assert!(
        vi.contains("BSON là byte, không phải JSON  (đã giải 0/6)"),
        "{vi}"
    );
    assert!(zh.contains("(已解答 0/6)"), "{zh}");
    // The same lessons in the same order, under the same ids.
    let ids = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split_whitespace().nth(1).unwrap_or_default().to_owned())
            .collect()
    };
    assert_eq!(ids(&vi), ids(&en));
    assert_eq!(ids(&zh), ids(&en));
}

#[test]
fn answer_hint_reveal_and_progress_speak_the_learners_language() {
    let dir = Scratch::new("answer");
    let wrong = dir.run(&["answer", "bytes", "1", "37", "--lang", "vi"]);
    assert_eq!(wrong.status.code(), Some(1));
    let text = stdout(&wrong);
    assert!(text.starts_with("chưa đúng: `37` (int)"), "{text}");
    assert!(text.contains("`--hint` để xem gợi ý"), "{text}");

    let hint = stdout(&dir.run(&["answer", "bytes", "1", "--hint", "--lang", "zh"]));
    assert!(hint.starts_with("提示 1："), "{hint}");

    let reveal = stdout(&dir.run(&["answer", "bytes", "1", "--reveal", "--lang", "zh"]));
    assert!(reveal.starts_with("答案：36\n"), "{reveal}");

    // A byte's role may be named in Vietnamese (or Chinese, or English).
    let right = dir.run(&["answer", "bytes", "5", "độ dài", "--lang", "vi"]);
    let text = stdout(&right);
    assert!(right.status.success(), "{text}{}", stderr(&right));
    assert!(text.starts_with("đúng rồi. "), "{text}");

    let progress = stdout(&dir.run(&["progress", "--lang", "zh"]));
    assert!(progress.contains("上次位置：bytes，练习 5"), "{progress}");
    assert!(
        progress.contains("BSON 是字节，不是 JSON  (bytes)  已解答 1/6"),
        "{progress}"
    );
    // Columns line up by display width: the status column starts at the same place.
    let rows: Vec<&str> = progress
        .lines()
        .filter(|l| l.starts_with("      "))
        .collect();
    assert_eq!(rows.len(), 2, "{progress}");
    let column = |row: &str| {
        let at = row.find("已").unwrap();
        unicode_width(&row[..at])
    };
    assert_eq!(column(rows[0]), column(rows[1]), "{progress}");
}

/// Display columns of `s` for the characters these tests meet (CJK counts two).
fn unicode_width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            if ('\u{4e00}'..='\u{9fff}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn answer_takes_the_classrooms_seed_and_clock() {
    // `answer` runs an exercise as `show --seed --now` showed it to the class; the built-in
    // answers do not depend on generated ids, so two seeds give the same verdict.
    let dir = Scratch::new("seed");
    let bad = dir.run(&["answer", "bytes", "1", "36", "--now", "yesterday"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("--now"), "{}", stderr(&bad));
    let verdicts: Vec<String> = ["7", "8"]
        .iter()
        .map(|seed| {
            let args = [
                "answer",
                "bytes",
                "1",
                "36",
                "--seed",
                seed,
                "--now",
                "2026-10-08T03:45:49Z",
            ];
            let out = dir.run(&args);
            assert!(out.status.success(), "{}", stderr(&out));
            stdout(&out)
        })
        .collect();
    assert!(verdicts[0].starts_with("correct. "), "{}", verdicts[0]);
    assert_eq!(verdicts[0], verdicts[1]);
}

#[test]
fn check_new_and_errors_in_both_languages() {
    let dir = Scratch::new("check");
    let vi = dir.run(&["check", "--lang", "vi"]);
    assert!(vi.status.success());
    let last = stdout(&vi);
    assert!(
        last.trim_end()
            .lines()
            .last()
            .unwrap()
            .ends_with(" đạt, 0 lỗi"),
        "{last}"
    );
    let zh = stdout(&dir.run(&["check", "--lang", "zh"]));
    assert!(zh.trim_end().ends_with("项通过，0 项失败"), "{zh}");

    let bad = dir.run(&["new", "lesson", "Bad Id", "--lang", "zh"]);
    assert_eq!(bad.status.code(), Some(1));
    let text = stderr(&bad);
    assert!(
        text.starts_with("错误：课程 id `Bad Id`：第 1 个字符（`B`）不是小写字母、数字或 `-`"),
        "{text}"
    );

    let missing = dir.run(&["show", "nope", "--lang", "vi"]);
    assert!(
        stderr(&missing).starts_with("lỗi: không có bài học `nope`; các bài học là: bytes,"),
        "{}",
        stderr(&missing)
    );
}

#[test]
fn the_locale_picks_the_language_and_lang_overrides_it() {
    let dir = Scratch::new("locale");
    let run = |locale: &str, args: &[&str]| {
        let out = common::bson_tutor()
            .args(args)
            .env("LANG", locale)
            .env("BSON_TUTOR_PROGRESS", dir.path("progress.json"))
            .output()
            .unwrap();
        stdout(&out)
    };
    assert!(run("vi_VN.UTF-8", &["lessons"]).contains("(đã giải 0/6)"));
    assert!(run("zh_CN.UTF-8", &["lessons"]).contains("(已解答 0/6)"));
    assert!(run("zh_CN.UTF-8", &["lessons", "--lang", "en"]).contains("(0/6 solved)"));
}

#[test]
fn a_tutorial_option_before_a_command_is_refused_in_words() {
    let out = common::bson_tutor()
        .args(["--lang", "vi", "--theme", "dark", "lessons"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = stderr(&out);
    assert!(
        text.starts_with("lỗi: --theme là tùy chọn của phần hướng dẫn"),
        "{text}"
    );
}

#[test]
fn oid_anatomy_lines_up_in_chinese() {
    let out = common::bson_tutor()
        .args(["oid", "6ac711ed454f588ca2d05d4b", "--lang", "zh"])
        .output()
        .unwrap();
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().skip(1).take(3).collect();
    assert!(lines[0].contains("时间戳"), "{text}");
    // The hex digits start in the same display column on each line.
    let starts: Vec<usize> = [("6ac711ed", 0), ("454f588ca2", 1), ("d05d4b", 2)]
        .iter()
        .map(|(hex, i)| unicode_width(&lines[*i][..lines[*i].find(hex).unwrap()]))
        .collect();
    assert_eq!(starts, [26, 26, 26], "{text}");
}

#[test]
fn class_summary_headers_in_vietnamese() {
    let dir = Scratch::new("class");
    let answered = dir.run(&["answer", "bytes", "1", "36"]);
    assert!(answered.status.success());
    let export = dir.run(&["progress", "--export", "json", "--student", "an"]);
    std::fs::write(dir.path("an.json"), &export.stdout).unwrap();
    std::fs::write(dir.path("bad.json"), "{oops").unwrap();
    let out = dir.run(&["class", "summary", "an.json", "bad.json", "--lang", "vi"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(text.starts_with("1 học viên: an\n"), "{text}");
    assert!(text.contains("bài học bytes"), "{text}");
    assert!(text.contains("câu sai phổ biến nhất"), "{text}");
    assert!(text.contains("tỉ lệ giải được theo bài tập"), "{text}");
    let errors = stderr(&out);
    assert!(errors.contains("lỗi: bad.json: "), "{errors}");
    assert!(
        errors.contains("lỗi: 1 trên 2 tệp bị loại khỏi bản tổng hợp: bad.json"),
        "{errors}"
    );
}

#[test]
fn show_colours_the_labels_of_every_language() {
    for (lang, exercise, answer) in [
        (
            "vi",
            "\u{1b}[1mBài tập 1 (kích thước): ",
            "  \u{1b}[32mđáp án:\u{1b}[0m 36",
        ),
        (
            "zh",
            "\u{1b}[1m练习 1（大小）：",
            "  \u{1b}[32m答案：\u{1b}[0m36",
        ),
    ] {
        let out = common::bson_tutor()
            .args([
                "show",
                "bytes",
                "--answers",
                "--color",
                "always",
                "--lang",
                lang,
            ])
            .output()
            .unwrap();
        let text = stdout(&out);
        assert!(text.contains(exercise), "{lang}: {text}");
        assert!(text.contains(answer), "{lang}: {text}");
    }
}
