//! A summary as text (a table per lesson and a bar chart) or as JSON.

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;

use crate::strings::localize::one_other;
use crate::strings::safe::escape_line;
use crate::strings::{Lang, pad, pad_left, tr, trf};

use super::summary::{BAR_WIDTH, Gathered, Summary};

/// A median as the table shows it: `-` for none, `2`, `1.5`.
fn show_median(m: Option<f64>) -> String {
    match m {
        None => "-".into(),
        Some(v) if v.fract() == 0.0 => format!("{v:.0}"),
        Some(v) => format!("{v:.1}"),
    }
}

/// The longest wrong answer the table shows, in columns; longer ones end in `…`.
const ANSWER_WIDTH: usize = 28;

/// A wrong answer as the table shows it: quoted, control characters escaped, shortened.
fn show_answer(answer: &str, count: usize) -> String {
    let escaped = answer.escape_debug().to_string();
    let mut shown = String::new();
    for c in escaped.chars() {
        if shown.as_str().width() + c.to_string().width() >= ANSWER_WIDTH {
            shown.push('…');
            break;
        }
        shown.push(c);
    }
    format!("\"{shown}\" ({count})")
}

/// The summary as text, its words in `lang` (ids, kinds, answers and numbers as they are):
/// who is in it, a table per lesson (one row per exercise), then a bar chart of solved % per
/// exercise. Columns line up across lessons.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::class::{Export, render_text, summarize};
/// use bson_tutor::strings::Lang;
/// let e = Export::new("alice", &[], &Default::default());
/// assert!(render_text(&summarize(&[&e]), Lang::En).starts_with("1 student: alice\n"));
/// ```
pub fn render_text(summary: &Summary, lang: Lang) -> String {
    let mut out = String::new();
    let n = summary.students.len();
    // Names, lesson ids and kinds come from the students' files: a control character in
    // one (an OSC title change, a screen clear, a line break faking another line) is shown
    // as `\u{1b}`, never sent to the terminal.
    let students = summary
        .students
        .iter()
        .map(|s| escape_line(s))
        .collect::<Vec<_>>()
        .join(", ");
    let key = one_other(
        lang,
        n as u64,
        "{n} student: {names}",
        "{n} students: {names}",
    );
    let head = trf(lang, key, &[&n, &students]);
    let _ = writeln!(out, "{head}");
    if summary.exercises.is_empty() {
        let _ = writeln!(out, "{}", tr(lang, "no exercises"));
        return out;
    }
    const HEADERS: [&str; 9] = [
        "ex",
        "kind",
        "tried",
        "solved",
        "revealed",
        "attempts",
        "hints",
        "seconds",
        "most common wrong answer",
    ];
    let rows: Vec<[String; 9]> = summary
        .exercises
        .iter()
        .map(|e| {
            [
                e.exercise.to_string(),
                escape_line(&e.kind).into_owned(),
                format!("{}/{}", e.tried, e.students),
                format!("{}%", e.solved_percent()),
                e.revealed.to_string(),
                show_median(e.median_attempts),
                show_median(e.median_hints),
                show_median(e.median_seconds),
                e.most_common_wrong
                    .as_ref()
                    .map_or_else(|| "-".into(), |(a, c)| show_answer(a, *c)),
            ]
        })
        .collect();
    let headers = HEADERS.map(|h| tr(lang, h));
    let mut widths = headers.map(UnicodeWidthStr::width);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.width());
        }
    }
    // Numbers right-aligned; the kind and the answer left-aligned.
    let right = [true, false, true, true, true, true, true, true, false];
    let line = |cells: &[String]| {
        let mut l = String::from("  ");
        for (i, cell) in cells.iter().enumerate() {
            if i == cells.len() - 1 {
                l.push_str(cell);
            } else {
                l.push_str(&if right[i] {
                    pad_left(cell, widths[i])
                } else {
                    pad(cell, widths[i])
                });
                l.push_str("  ");
            }
        }
        l.trim_end().to_owned()
    };
    let header = line(&headers.map(String::from));
    let mut lesson: Option<&str> = None;
    for (e, row) in summary.exercises.iter().zip(&rows) {
        if lesson != Some(e.lesson.as_str()) {
            lesson = Some(&e.lesson);
            let lesson = escape_line(&e.lesson);
            let _ = writeln!(out, "\n{}", trf(lang, "lesson {lesson}", &[&lesson]));
            let _ = writeln!(out, "{header}");
        }
        let _ = writeln!(out, "{}", line(row));
    }
    out.push('\n');
    out.push_str(&render_chart(summary, lang));
    out
}

/// The bar chart, its title in `lang`: one line per exercise, `lesson #n`, a bar of up to
/// [`BAR_WIDTH`] `█` (on a `·` track) and the solved percentage.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::class::{ExerciseSummary, Summary, render_chart};
/// use bson_tutor::strings::Lang;
/// let e = ExerciseSummary {
///     lesson: "bytes".into(), exercise: 1, kind: "size".into(), students: 2, tried: 2,
///     solved: 1, revealed: 0, median_attempts: Some(1.0), median_hints: Some(0.0),
///     median_seconds: None, most_common_wrong: None,
/// };
/// let summary = Summary { students: vec!["a".into(), "b".into()], exercises: vec![e] };
/// let chart = render_chart(&summary, Lang::En);
/// assert_eq!(chart.lines().nth(1).unwrap(), format!("  bytes #1  {}{}  50%", "█".repeat(15), "·".repeat(15)));
/// ```
pub fn render_chart(summary: &Summary, lang: Lang) -> String {
    let labels: Vec<String> = summary
        .exercises
        .iter()
        .map(|e| format!("{} #{}", escape_line(&e.lesson), e.exercise))
        .collect();
    let width = labels.iter().map(|l| l.width()).max().unwrap_or(0);
    let mut out = format!("{}\n", tr(lang, "solved per exercise"));
    for (e, label) in summary.exercises.iter().zip(&labels) {
        let len = e.bar_len();
        let _ = writeln!(
            out,
            "  {}  {}{} {:>3}%",
            pad(label, width),
            "█".repeat(len),
            "·".repeat(BAR_WIDTH - len),
            e.solved_percent()
        );
    }
    out
}

/// The summary as one JSON object, with the files left out and the warnings, for machines:
/// `{ "format": "bson-tutor-class-summary", "version": 1, "students", "left_out": [{ "file",
/// "reason" }], "warnings", "exercises": [{ "lesson", "exercise", "kind", "students",
/// "tried", "solved", "solved_percent", "revealed", "median_attempts", "median_hints",
/// "median_seconds", "most_common_wrong": { "answer", "count" } | null }] }`.
pub fn render_json(gathered: &Gathered) -> String {
    let exercises: Vec<serde_json::Value> = gathered
        .summary
        .iter()
        .flat_map(|s| &s.exercises)
        .map(|e| {
            serde_json::json!({
                "lesson": e.lesson,
                "exercise": e.exercise,
                "kind": e.kind,
                "students": e.students,
                "tried": e.tried,
                "solved": e.solved,
                "solved_percent": e.solved_percent(),
                "revealed": e.revealed,
                "median_attempts": e.median_attempts,
                "median_hints": e.median_hints,
                "median_seconds": e.median_seconds,
                "most_common_wrong": e.most_common_wrong.as_ref().map(|(a, c)| {
                    serde_json::json!({ "answer": a, "count": c })
                }),
            })
        })
        .collect();
    let students = gathered
        .summary
        .as_ref()
        .map(|s| s.students.clone())
        .unwrap_or_default();
    let value = serde_json::json!({
        "format": "bson-tutor-class-summary",
        "version": 1,
        "students": students,
        "left_out": gathered.left_out,
        "warnings": gathered.warnings,
        "exercises": exercises,
    });
    serde_json::to_string_pretty(&value).unwrap_or_else(|_| "{}".into()) + "\n"
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::class;
    use super::super::{gather, summarize};
    use super::*;

    #[test]
    fn table_and_chart_line_up() {
        let (a, b) = class();
        let text = render_text(&summarize(&[&a, &b]), Lang::En);
        let expected = "\
2 students: alice, bob

lesson bytes
  ex  kind  tried  solved  revealed  attempts  hints  seconds  most common wrong answer
   1  size    2/2    100%         0       1.5      0       30  \"37\" (1)
   2  size    1/2      0%         1         1      2        -  \"13\" (1)

lesson dates
  ex  kind  tried  solved  revealed  attempts  hints  seconds  most common wrong answer
   1  eval    0/2      0%         0         -      -        -  -

solved per exercise
  bytes #1  ██████████████████████████████ 100%
  bytes #2  ······························   0%
  dates #1  ······························   0%
";
        assert_eq!(text, expected, "\n{text}");
    }

    #[test]
    fn names_ids_and_kinds_from_files_are_shown_not_obeyed() {
        let (a, b) = class();
        let mut a = a;
        a.student = "Ana\x1b]0;owned\x07".into();
        let mut b = b;
        b.student = "bob\nFAKE: 3 students\x1b[2J".into();
        for e in a.exercises.iter_mut().chain(b.exercises.iter_mut()) {
            e.lesson = "bytes\u{9b}31m".into();
            e.kind = "size\r".into();
        }
        let text = render_text(&summarize(&[&a, &b]), Lang::En);
        assert!(
            !text
                .chars()
                .any(|c| c != '\n' && crate::strings::safe::is_unsafe(c)),
            "{text:?}"
        );
        assert!(text.contains("Ana\\u{1b}]0;owned\\u{7}"), "{text}");
        assert!(!text.lines().any(|l| l.starts_with("FAKE")), "{text}");
        assert!(text.contains("bytes\\u{9b}31m #1"), "{text}");
    }

    #[test]
    fn long_and_odd_wrong_answers_are_escaped_and_shortened() {
        assert_eq!(show_answer("a\nb \"c\"", 2), r#""a\nb \"c\"" (2)"#);
        let long = show_answer(&"0c ".repeat(20), 1);
        assert!(
            long.contains('…') && long.width() <= ANSWER_WIDTH + 6,
            "{long}"
        );
    }

    #[test]
    fn json_summary_lists_what_was_left_out() {
        let (a, _) = class();
        let g = gather(vec![
            ("a.json".into(), Ok(a.to_json())),
            ("x.json".into(), Ok("[]".into())),
        ]);
        let v: serde_json::Value = serde_json::from_str(&render_json(&g)).unwrap();
        assert_eq!(v["left_out"][0]["file"], "x.json");
        assert_eq!(v["exercises"][0]["most_common_wrong"]["answer"], "37");
        assert_eq!(v["exercises"][0]["solved_percent"], 100);
    }
}
