//! Every load error said in every language, quoting nothing raw.

use super::*;

impl LoadError {
    fn every_variant() -> Vec<LoadErrorKind> {
        use LoadErrorKind::*;
        let all = vec![
            Toml("invalid type: integer `3`, expected a string".into()),
            MissingFormatVersion,
            NewerFormat { found: 7 },
            FormatBelowOne { found: 0 },
            FormatNotInteger {
                found: "string".into(),
            },
            BadStepName {
                name: "Hex Doc".into(),
            },
            DuplicateStepName {
                name: "intro".into(),
                first_line: 8,
            },
            BadVary {
                range: [50, 1],
                problem: crate::lesson::vary::RangeProblem::Reversed,
            },
            BadVary {
                range: [0, 5000],
                problem: crate::lesson::vary::RangeProblem::TooMany { count: 5001 },
            },
            UnknownLanguage { code: "fr".into() },
            BadStepKey { key: "0".into() },
            BadFingerprint {
                value: "xyz".into(),
            },
            BadId {
                id: "../../x".into(),
                problem: IdError::BadChar { at: 1, c: '.' },
            },
            BadPrerequisite {
                id: "-rf".into(),
                problem: IdError::DashFirst,
            },
            DuplicateId {
                id: "bytes".into(),
                first: Box::new(Place {
                    file: "lessons/01-bytes.toml".into(),
                    line: 2,
                    column: 6,
                }),
            },
            LinkLeavesPack,
            DanglingLink,
            NotAFile {
                what: Entry::Directory,
            },
            NotAFile { what: Entry::Fifo },
            NotAFile {
                what: Entry::Socket,
            },
            NotAFile {
                what: Entry::Device,
            },
            NotAFile { what: Entry::Other },
            TooLarge { size: 2_000_000 },
            NotUtf8 { at: 17 },
            Unreadable {
                error: "Permission denied (os error 13)".into(),
            },
        ];
        for kind in &all {
            // A new variant must be added to the list above.
            match kind {
                Toml(_)
                | MissingFormatVersion
                | NewerFormat { .. }
                | FormatBelowOne { .. }
                | FormatNotInteger { .. }
                | BadStepName { .. }
                | DuplicateStepName { .. }
                | BadVary { .. }
                | UnknownLanguage { .. }
                | BadStepKey { .. }
                | BadFingerprint { .. }
                | BadId { .. }
                | BadPrerequisite { .. }
                | DuplicateId { .. }
                | LinkLeavesPack
                | DanglingLink
                | NotAFile { .. }
                | TooLarge { .. }
                | NotUtf8 { .. }
                | Unreadable { .. } => {}
            }
        }
        all
    }
}

#[test]
fn every_load_error_speaks_every_language() {
    for kind in LoadError::every_variant() {
        let e = LoadError {
            file: "x.toml".into(),
            line: 3,
            column: 9,
            kind: kind.clone(),
            source_line: "title = ".into(),
        };
        assert_eq!(e.to_string(), e.to_string_in(Lang::En));
        assert!(e.to_string().starts_with("x.toml:3:9: "), "{e}");
        // The TOML reader's words and the system's are their own, in every language.
        let english = match &kind {
            LoadErrorKind::Toml(message) => vec![message.clone()],
            LoadErrorKind::Unreadable { error } => vec![error.clone()],
            _ => Vec::new(),
        };
        crate::lesson::testing::assert_localized(&kind, &english);
    }
}

#[test]
fn a_refused_file_is_one_line_that_quotes_nothing() {
    let e = LoadError::whole("pack/x.toml", LoadErrorKind::LinkLeavesPack);
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let text = e.to_string_in(lang);
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(text.starts_with("pack/x.toml: "), "{text}");
    }
    assert_eq!(e.caret(), "");
}

#[test]
fn quoted_text_is_escaped_and_clipped() {
    let id = format!("x\u{1b}]52;c;{}\u{7}", "A".repeat(1000));
    let text = format!("id = \"{id}\"");
    let e = LoadError::at(
        "p/\u{1b}[2J.toml",
        &text,
        5,
        LoadErrorKind::BadId {
            id: id.clone(),
            problem: IdError::BadChar { at: 2, c: '\u{1b}' },
        },
    );
    for lang in [Lang::En, Lang::Vi, Lang::Zh] {
        let shown = e.to_string_in(lang);
        assert!(
            shown
                .lines()
                .all(|l| !l.chars().any(crate::strings::safe::is_unsafe)),
            "{shown:?}"
        );
        assert_eq!(shown.lines().count(), 3, "message, line, caret: {shown}");
        assert!(shown.len() < 900, "clipped: {} bytes", shown.len());
        assert!(shown.starts_with("p/\\u{1b}[2J.toml:1:6: "), "{shown}");
    }
}

#[test]
fn the_caret_points_into_a_window_of_a_long_line() {
    let line = format!("{}x = 1{}", "a".repeat(100), "b".repeat(100));
    let e = LoadError::at("f", &line, 100, LoadErrorKind::MissingFormatVersion);
    let caret = e.caret();
    let (shown, mark) = caret.split_once('\n').unwrap_or_default();
    assert!(shown.chars().count() < 90, "{shown}");
    let under = shown.chars().nth(mark.chars().count() - 1);
    assert_eq!(under, Some('x'), "{caret}");
    // Escaped characters before the column move the caret with them.
    let e = LoadError::at("f", "\u{1b}\u{1b}x", 2, LoadErrorKind::MissingFormatVersion);
    let caret = e.caret();
    let (shown, mark) = caret.split_once('\n').unwrap_or_default();
    assert_eq!(
        shown.chars().nth(mark.chars().count() - 1),
        Some('x'),
        "{caret}"
    );
}
