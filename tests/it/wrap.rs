//! Prose breaks into lines by the Unicode rules (UAX #14) in every language: the real
//! lessons' Chinese and Vietnamese paragraphs as `show` wraps them at 40 and 80 columns, and
//! the rules checked on every paragraph of every built-in lesson.

use bson_tutor::lesson::i18n::{Lang, localize};
use bson_tutor::lesson::model::{Lesson, Step};
use bson_tutor::lesson::render::fill_computed;
use bson_tutor::lesson::wrap::{Piece, plan_wrap, wrap};
use bson_tutor::lesson::{Context, builtin};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Marks no line may start with: the closing ones the issue names, their kin, and ASCII's.
const CLOSING: &str = "。，、；：！？）」』】》〉”’.,;:!?)]}";

fn wide(c: char) -> bool {
    c.width() == Some(2)
}

fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Every paragraph of prose in the built-in lessons in `lang`, figures computed, as
/// `show` wraps them: summaries, text paragraphs and bullets, captions, prompts, options,
/// hints and explanations.
fn prose(lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    for lesson in builtin::lessons() {
        let (lesson, _) = localize(&lesson, builtin::translation(&lesson.id, lang).as_ref());
        paragraphs_of(&lesson, &mut out);
    }
    out.iter()
        .filter(|p| !p.trim().is_empty())
        .map(|p| collapse(&fill_computed(p, &Context::in_lang(lang)).unwrap()))
        .collect()
}

fn paragraphs_of(lesson: &Lesson, out: &mut Vec<String>) {
    out.push(lesson.summary.clone());
    for step in &lesson.steps {
        match step {
            Step::Text(t) => {
                let mut paragraph: Vec<&str> = Vec::new();
                let mut code = false;
                for line in t.text.lines().map(str::trim) {
                    let fence = line.starts_with("```");
                    // A blank line, a code fence or a bullet ends the paragraph before it.
                    if fence || line.is_empty() || line.starts_with("- ") {
                        out.push(paragraph.join(" "));
                        paragraph.clear();
                    }
                    if fence {
                        code = !code;
                    } else if !code && !line.is_empty() {
                        paragraph.push(line.strip_prefix("- ").unwrap_or(line));
                    }
                }
                out.push(paragraph.join(" "));
            }
            Step::Hex(h) => out.extend(h.caption.clone()),
            Step::Run(r) => out.extend(r.caption.clone()),
            Step::Shell(s) => out.extend(s.caption.clone()),
            Step::Table(t) => out.extend(t.caption.clone()),
            Step::Exercise(e) => {
                out.push(e.prompt.clone());
                out.extend(e.options.iter().cloned());
                out.extend(e.hints.iter().cloned());
                out.push(e.explanation.clone());
            }
        }
    }
}

/// The paragraph of `lang`'s lessons that contains `marker`.
fn paragraph(all: &[String], marker: &str) -> String {
    all.iter()
        .find(|p| p.contains(marker))
        .unwrap_or_else(|| panic!("no paragraph with {marker:?}"))
        .clone()
}

/// How a wrapped paragraph broke: at a space, between characters next to a CJK one, or
/// inside a token too wide for a line.
#[derive(Debug, Default)]
struct Breaks {
    space: usize,
    cjk: usize,
    cut: usize,
}

/// Wraps `text` (whitespace collapsed) as `show` does and checks the lines: none wider
/// than `width` columns, none starting with a closing mark, and read one after the other
/// they give `text` back, each break at a space, next to a CJK character, or inside a
/// token (a run without spaces) wider than a whole line.
fn check(text: &str, width: usize, first: &str, rest: &str) -> Breaks {
    let wrapped = wrap(text, width, first, rest);
    let line = width - rest.width();
    let mut breaks = Breaks::default();
    let mut at = 0;
    let mut last: Option<char> = None;
    for (i, full) in wrapped.lines().enumerate() {
        assert!(
            full.width() <= width,
            "{full:?} is wider than {width} in {text:?}"
        );
        let indent = if i == 0 { first } else { rest };
        let content = full
            .strip_prefix(indent)
            .or_else(|| full.strip_prefix(indent.trim_end()))
            .unwrap_or_else(|| panic!("{full:?} lost its indent {indent:?}"));
        if content.is_empty() {
            assert_eq!(i, 0, "only the first line may hold just its indent");
            continue;
        }
        let opening = content.chars().next().unwrap();
        assert!(
            last.is_none() || !CLOSING.contains(opening),
            "{full:?} starts with a closing mark, at {width} in {text:?}"
        );
        if let Some(before) = last {
            if text[at..].starts_with(' ') {
                at += 1;
                breaks.space += 1;
            } else if wide(before) || wide(opening) {
                breaks.cjk += 1;
            } else {
                // The token: up to the spaces around that a line could break at, those
                // not before a closing mark.
                let free = |s: usize| !text[s + 1..].starts_with(|c| CLOSING.contains(c));
                let start = text[..at]
                    .rmatch_indices(' ')
                    .map(|(s, _)| s)
                    .find(|&s| free(s));
                let end = text[at..]
                    .match_indices(' ')
                    .map(|(e, _)| at + e)
                    .find(|&e| free(e));
                let (start, end) = (start.map_or(0, |s| s + 1), end.unwrap_or(text.len()));
                let token = &text[start..end];
                assert!(
                    token.width() > line,
                    "the token {token:?} was split at {width} in {text:?}"
                );
                breaks.cut += 1;
            }
        }
        assert!(
            text[at..].starts_with(content),
            "{content:?} is not what follows in {text:?}"
        );
        at += content.len();
        last = content.chars().next_back();
    }
    assert_eq!(at, text.len(), "text was lost wrapping {text:?}");
    breaks
}

const ZH: [&str; 4] = [
    "$sum 在累加时",
    "*规范模式 Extended JSON*（",
    "生成 ObjectId(",
    "174cbaf76f 而不是",
];
const VI: [&str; 4] = [
    "$sum bù sai số",
    "*Canonical Extended JSON* (",
    "Phiên mongosh đã tạo ra",
    "174cbaf76f thay vì",
];
/// Latin tokens of those paragraphs that Chinese prose must keep whole.
const TOKENS: [&str; 9] = [
    "false",
    "0.9999999999999999",
    "double",
    "`EJSON.stringify(doc,",
    "`$numberInt`",
    "ObjectId('6ac711ed454f588ca2d05d4b')",
    "2026-10-08T03:45:49.477Z",
    "getTimestamp()",
    "454f588ca2",
];

fn wrapped(all: &[String], markers: &[&str], width: usize) -> String {
    markers
        .iter()
        .map(|m| wrap(&paragraph(all, m), width, "", ""))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn chinese_keeps_latin_tokens_whole_and_closing_marks_off_line_starts() {
    let zh = prose(Lang::Zh);
    for width in [40, 80] {
        let text = wrapped(&zh, &ZH, width);
        for token in TOKENS {
            assert!(
                text.lines().any(|l| l.contains(token)),
                "{token} was split at {width}:\n{text}"
            );
        }
        let (mut cjk, mut cut) = (0, 0);
        for marker in ZH {
            let breaks = check(&paragraph(&zh, marker), width, "", "");
            cjk += breaks.cjk;
            cut += breaks.cut;
        }
        assert!(cjk > 0, "Chinese broke only at spaces at {width}");
        assert_eq!(cut, 0, "a token was cut at {width}");
        insta::assert_snapshot!(format!("zh_{width}"), text);
    }
}

#[test]
fn vietnamese_breaks_only_at_spaces() {
    let vi = prose(Lang::Vi);
    for width in [40, 80] {
        for marker in VI {
            let breaks = check(&paragraph(&vi, marker), width, "", "");
            assert_eq!((breaks.cjk, breaks.cut), (0, 0), "{marker} at {width}");
            assert!(breaks.space > 0, "{marker} at {width}");
        }
        insta::assert_snapshot!(format!("vi_{width}"), wrapped(&vi, &VI, width));
    }
}

/// The rules hold for every paragraph of every built-in lesson, in every language, at
/// narrow and wide widths, with and without a hanging label.
#[test]
fn every_lesson_paragraph_wraps_by_the_rules() {
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let all = prose(lang);
        assert!(all.len() > 100, "{lang:?} has {} paragraphs", all.len());
        let mut total = Breaks::default();
        for text in &all {
            for width in [20, 33, 40, 80] {
                for (first, rest) in [("", ""), ("  提示 1：", "    ")] {
                    let b = check(text, width, first, rest);
                    total.space += b.space;
                    total.cjk += b.cjk;
                    total.cut += b.cut;
                }
            }
        }
        // Only Chinese breaks between characters; English and Vietnamese break at spaces
        // (their few CJK breaks are around the `中文` the strings lesson quotes).
        match lang {
            Lang::Zh => assert!(total.cjk > total.space, "{total:?}"),
            _ => assert!(total.cjk * 100 < total.space, "{lang:?} {total:?}"),
        }
    }
}

#[test]
fn chinese_may_break_after_ideographic_punctuation_before_a_dollar() {
    // UAX #14 glues `、$` (its rule for `）$100`); Chinese lists of operators break there.
    assert_eq!(
        wrap("类型借助 $oid、$date、$numberDecimal 保留", 16, "", ""),
        "类型借助 $oid、\n$date、\n$numberDecimal\n保留\n"
    );
}

#[test]
fn english_breaks_at_spaces_but_never_inside_brackets_edges() {
    // UAX #14 offers breaks after `-` and `/`; prose in Latin script does not take them.
    assert_eq!(
        wrap("a well-known and/or b", 10, "", ""),
        "a\nwell-known\nand/or b\n"
    );
    // No line ends with `{` nor starts with `}`: UAX #14 glues them to their neighbours.
    assert_eq!(wrap("see { a: 1 }", 9, "", ""), "see { a:\n1 }\n");
    assert_eq!(wrap("see { a: 1 }", 6, "", ""), "see\n{ a:\n1 }\n");
    assert_eq!(wrap("is { a: 1 } ok", 8, "", "  "), "is { a:\n  1 } ok\n");
    assert_eq!(wrap("  a  b \n c ", 80, "", ""), "a b c\n");
    assert_eq!(wrap(" \n ", 80, "- ", ""), "");
}

#[test]
fn a_token_wider_than_a_line_is_cut_but_not_before_a_closing_mark() {
    let text = "at A1 (ObjectId(\"6ac71201611830d3640d694a\")). Which";
    assert_eq!(
        wrap(text, 38, "", "  "),
        "at A1\n  (ObjectId(\"6ac71201611830d3640d694a\n  \")). Which\n"
    );
    // A cut falls after punctuation in the second half of the line, here a `-`.
    assert_eq!(
        wrap(
            "is UUID(\"340a73e3-5b2b-45a8-892d-712753c15406\") ok",
            32,
            "",
            ""
        ),
        "is\nUUID(\"340a73e3-5b2b-45a8-892d-\n712753c15406\") ok\n"
    );
    // Its inner spaces go first: `{ _id:` stays one piece until the line is too narrow.
    assert_eq!(wrap("{ _id: 1 }", 5, "", ""), "{\n_id:\n1 }\n");
    // A combining mark (Vietnamese written decomposed) stays with its letter.
    let decomposed = "nge\u{302}\u{323}nge\u{302}\u{323}nge\u{302}\u{323}";
    for line in wrap(decomposed, 4, "", "").lines() {
        assert!(
            line.chars().next().is_some_and(|c| c.width() == Some(1)),
            "{line:?}"
        );
    }
}

#[test]
fn a_label_wider_than_the_indent_lets_the_first_word_start_the_next_line() {
    let id = "ObjectId('6ac711ed454f588ca2d05d4b')";
    assert_eq!(
        wrap(id, 40, "  hint 1: ", "    "),
        format!("  hint 1:\n    {id}\n")
    );
    assert_eq!(
        plan_wrap("结果为 `false`。", 12, 0, 0),
        [Piece::Word(0..9), Piece::Break, Piece::Word(10..20)]
    );
}
