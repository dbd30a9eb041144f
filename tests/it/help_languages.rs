//! `--help`, `-h`, `help COMMAND`, `man` and the completions follow `--lang` (anywhere on the
//! command line) or the locale: clap's headings and `-h`/`-V`/`help` lines, the commands'
//! and options' help, the possible values' help and the examples' heading are translated;
//! command lines, option names, placeholders and values are not. English is clap's own
//! output from the doc comments, unchanged.

use crate::common;

use std::process::Output;

fn run(args: &[&str]) -> Output {
    common::bson_tutor().args(args).output().unwrap()
}

/// The binary with `LANG` (and no `LC_ALL` / `LC_MESSAGES`, see [`common::bson_tutor`]).
fn run_in(locale: &str, args: &[&str]) -> Output {
    common::bson_tutor()
        .env("LANG", locale)
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[track_caller]
fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "no {part:?} in:\n{text}");
    }
}

#[track_caller]
fn assert_lacks(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(!text.contains(part), "{part:?} left in:\n{text}");
    }
}

#[test]
fn help_in_vietnamese_translates_about_headings_and_options() {
    let help = stdout(&run(&["--help", "--lang", "vi"]));
    assert_contains(
        &help,
        &[
            "Hướng dẫn tương tác trong terminal về bản chất thật của dữ liệu MongoDB",
            "Cách dùng: bson-tutor [OPTIONS] [COMMAND]\n",
            "\nLệnh:\n  inspect ",
            "\nTùy chọn:\n      --theme <THEME>",
            "Ngôn ngữ của bài học, giao diện và thông báo của mọi lệnh: en, vi hoặc zh",
            "  -h, --help             In trợ giúp\n",
            "  -V, --version          In phiên bản\n",
            "In thông báo này hoặc trợ giúp của (các) lệnh con đã nêu",
            "Không kèm lệnh, bson-tutor mở phần hướng dẫn tương tác",
        ],
    );
    assert_lacks(&help, &["Usage:", "Commands:", "Options:", "Print help"]);
}

#[test]
fn help_in_chinese_translates_about_headings_and_options() {
    let help = stdout(&run(&["--lang=zh", "--help"]));
    assert_contains(
        &help,
        &[
            "终端里的教程：MongoDB 数据在底层究竟是什么",
            "用法：bson-tutor [OPTIONS] [COMMAND]\n",
            "\n命令：\n  inspect ",
            "\n选项：\n      --theme <THEME>",
            "课程、界面和所有命令消息所用的语言：en、vi 或 zh",
            "  -h, --help             显示帮助\n",
            "  -V, --version          显示版本\n",
            "不带命令时，bson-tutor 打开交互式教程",
        ],
    );
    assert_lacks(&help, &["Usage:", "Commands:", "Options:", "Print help"]);
}

#[test]
fn a_commands_help_is_translated_with_its_arguments_and_values() {
    let vi = stdout(&run(&["show", "--help", "--lang", "vi"]));
    assert_contains(
        &vi,
        &[
            "Hiện một bài học dưới dạng văn bản thường",
            "Cách dùng: bson-tutor show [OPTIONS] <ID>\n",
            "\nĐối số:\n  <ID>\n          Bài học: id hoặc số thứ tự của nó, như `bson-tutor lessons` liệt kê",
            "\nTùy chọn:\n      --width <N>\n          Ngắt dòng văn bản ở cột này",
            // The possible values keep their names; their help is translated.
            "- always: Luôn tô màu",
            "In trợ giúp (xem bản tóm tắt với '-h')",
        ],
    );
    assert_lacks(&vi, &["Arguments:", "Always colour"]);

    let zh = stdout(&run(&["--lang", "zh", "show", "--help"]));
    assert_contains(
        &zh,
        &[
            "以纯文本显示一节课程",
            "用法：bson-tutor show [OPTIONS] <ID>\n",
            "\n参数：\n  <ID>\n          课程：它的 id 或编号",
            "\n选项：\n",
            "- always: 总是着色",
            "显示帮助（用 '-h' 查看摘要）",
        ],
    );

    // `help show` is `show --help`; `-h` is the short help, pointing at `--help`.
    assert_eq!(stdout(&run(&["--lang", "zh", "help", "show"])), zh);
    let short = stdout(&run(&["show", "-h", "--lang", "zh"]));
    assert_contains(
        &short,
        &["显示帮助（用 '--help' 查看更多）", "课程：它的 id 或编号"],
    );
}

#[test]
fn examples_keep_their_command_lines_under_a_translated_heading() {
    let vi = stdout(&run(&["oid", "--help", "--lang", "vi"]));
    assert_contains(
        &vi,
        &[
            "\nVí dụ:\n  bson-tutor oid 6ac711ed454f588ca2d05d4b\n  bson-tutor oid --count 5 --split\n",
        ],
    );
    let zh = stdout(&run(&["man", "--help", "--lang", "zh"]));
    assert_contains(&zh, &["\n示例：\n  bson-tutor man | man -l -\n"]);
}

#[test]
fn english_help_is_clap_output_from_the_doc_comments() {
    let help = stdout(&run(&["--help"]));
    assert_eq!(stdout(&run(&["--help", "--lang", "en"])), help);
    assert_contains(
        &help,
        &[
            "Usage: bson-tutor [OPTIONS] [COMMAND]\n\nCommands:\n  inspect ",
            "\nOptions:\n      --theme <THEME>",
            "  -h, --help             Print help\n",
            "  -V, --version          Print version\n",
            "Print this message or the help of the given subcommand(s)",
        ],
    );
    assert!(!has_cjk(&help), "{help}");
    let show = stdout(&run(&["show", "--help"]));
    assert_contains(
        &show,
        &[
            "Usage: bson-tutor show [OPTIONS] <ID>\n\nArguments:\n  <ID>\n",
            "- always: Always colour",
            "Print help (see a summary with '-h')",
        ],
    );
    assert_eq!(stdout(&run(&["help", "show"])), show);
}

#[test]
fn the_locale_picks_the_help_language_and_lang_overrides_it() {
    let vi = stdout(&run_in("vi_VN.UTF-8", &["--help"]));
    assert_eq!(vi, stdout(&run(&["--help", "--lang", "vi"])));
    let zh = common::bson_tutor()
        .env("LC_ALL", "zh_CN.UTF-8")
        .args(["oid", "--help"])
        .output()
        .unwrap();
    assert_contains(&stdout(&zh), &["用法：bson-tutor oid"]);
    let en = stdout(&run_in("vi_VN.UTF-8", &["--help", "--lang", "en"]));
    assert_eq!(en, stdout(&run(&["--help"])));
}

#[test]
fn an_unknown_language_is_clap_error_not_a_silent_fallback() {
    let out = run(&["--lang", "fr", "lessons"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_contains(&err, &["fr", "en, vi or zh"]);
}

#[test]
fn translated_values_still_parse() {
    let out = run(&[
        "--lang",
        "vi",
        "inspect",
        "--hex",
        "05 00 00 00 00",
        "--to",
        "hex",
    ]);
    assert_eq!(stdout(&out), "0500000000\n");
    let out = run(&[
        "--lang",
        "zh",
        "inspect",
        "--hex",
        "05 00 00 00 00",
        "--to",
        "nope",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_and_completions_follow_the_language() {
    let man = stdout(&run(&["man", "--lang", "zh"]));
    assert_contains(
        &man,
        &[
            "终端里的教程",
            "显示帮助",
            ".SH SYNOPSIS",
            "bson\\-tutor\\-inspect(1)",
        ],
    );
    assert!(!has_cjk(&stdout(&run(&["man"]))));
    let vi = stdout(&run_in("vi_VN.UTF-8", &["man"]));
    assert_contains(&vi, &["Hướng dẫn tương tác trong terminal"]);

    let zsh = stdout(&run(&["--lang", "zh", "completions", "zsh"]));
    assert_contains(&zsh, &["'--help[显示帮助]'", "以纯文本显示一节课程"]);
    let fish = stdout(&run(&["completions", "fish", "--lang", "vi"]));
    assert_contains(&fish, &["Liệt kê các bài học"]);
}
