//! Positions, one-line messages, and every rule of every reader in three languages.

use super::*;
use crate::bson::terms::{Found, check_languages};

#[test]
fn a_message_quoting_control_characters_stays_one_line() {
    let src = "{ a: ObjectId(\"ab\\ncd\") }";
    let kind = CallError::UnknownName {
        name: "ab\ncd\u{1c}".into(),
        suggestion: None,
    };
    let e = ParseError::at(src, 5, kind);
    assert_eq!(e.message(), "unknown name `ab\\ncd\\u{1c}`");
    for lang in Lang::ALL {
        assert_eq!(e.to_string_in(lang).lines().count(), 1, "{lang:?}");
    }
}

#[test]
fn positions_count_lines_and_characters() {
    let src = "{ a: 1,\n  b: NumberFoo(1) }";
    let kind = CallError::UnknownConstructor {
        name: "NumberFoo".into(),
        suggestion: None,
    };
    let e = ParseError::at(src, src.find("NumberFoo").unwrap(), kind);
    assert_eq!((e.line, e.column), (2, 6));
    assert_eq!(
        e.to_string(),
        "line 2, column 6: unknown constructor `NumberFoo`"
    );
    assert_eq!(
        e.to_string_in(Lang::Vi),
        "dòng 2, cột 6: không có hàm dựng `NumberFoo`"
    );
    assert_eq!(
        e.to_string_in(Lang::Zh),
        "第 2 行，第 6 列：未知的构造函数 `NumberFoo`"
    );
    assert_eq!(e.caret(), "  b: NumberFoo(1) }\n     ^");
    let x = || SyntaxError::ExpectedValue {
        found: Found::Text("x".into()),
    };
    let e = ParseError::at("{ \"é\": x }", 8, x());
    assert_eq!(e.column, 8);
    let e = ParseError::at("ab", 99, x());
    assert_eq!((e.line, e.column), (1, 3));
}

/// Every kind of every reader, each variant once.
fn every_kind() -> Vec<ParseErrorKind> {
    let mut all: Vec<ParseErrorKind> = Vec::new();
    all.extend(SyntaxError::every_variant().into_iter().map(Into::into));
    all.extend(CallError::every_variant().into_iter().map(Into::into));
    all.extend(JsonError::every_variant().into_iter().map(Into::into));
    all.extend(EjsonError::every_variant().into_iter().map(Into::into));
    all.extend(ParseWarning::every_variant().into_iter().map(Into::into));
    for kind in &all {
        match kind {
            ParseErrorKind::Syntax(_)
            | ParseErrorKind::Call(_)
            | ParseErrorKind::Json(_)
            | ParseErrorKind::Ejson(_)
            | ParseErrorKind::Warning(_) => {}
        }
    }
    all
}

#[test]
fn every_variant_in_every_language() {
    let mut problems = Vec::new();
    for kind in every_kind() {
        // mongosh's own warning stays English in every language, as mongosh prints it.
        if let ParseErrorKind::Warning(ParseWarning::NumberArgument { .. }) = kind {
            let e = ParseError::at("x", 0, kind);
            assert_eq!(e.message_in(Lang::Vi), e.message());
            assert_eq!(e.message_in(Lang::Zh), e.message());
            assert!(e.message().ends_with(NUMBER_ARG_WARNING));
            continue;
        }
        problems.extend(check_languages(&kind));
        problems.extend(check_languages(&ParseError::at("x", 0, kind)));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_huge_line_is_quoted_as_a_window_around_the_spot() {
    let src = format!("{{ a: {}, b: NumberFoo(1) }}", "1".repeat(4 << 20));
    let at = src.find("NumberFoo").unwrap();
    let kind = CallError::UnknownConstructor {
        name: "NumberFoo".into(),
        suggestion: None,
    };
    let e = ParseError::at(&src, at, kind);
    assert_eq!(e.column, at + 1, "the position is the real one");
    let caret = e.caret();
    assert!(caret.len() < 300, "{caret}");
    let [line, pointer]: [&str; 2] = caret.lines().collect::<Vec<_>>().try_into().unwrap();
    assert!(
        line.starts_with('…') && line.contains("NumberFoo(1) }"),
        "{line}"
    );
    // The caret is under the N of NumberFoo.
    let under = line.chars().nth(pointer.len() - 1);
    assert_eq!(under, Some('N'), "{caret}");
    let kind = CallError::UnknownName {
        name: "x".repeat(4 << 20),
        suggestion: None,
    };
    let e = ParseError::at(&src, 0, kind);
    for lang in Lang::ALL {
        assert!(e.to_string_in(lang).len() < 300, "{lang:?}");
    }
}

#[test]
fn control_characters_in_the_quoted_line_are_shown_not_sent() {
    let src = "{ a: '\x1b]0;owned\x07', b: ! }";
    let e = ParseError::at(
        src,
        src.find('!').unwrap(),
        SyntaxError::every_variant()[0].clone(),
    );
    let caret = e.caret();
    assert!(
        !caret
            .chars()
            .any(|c| c != '\n' && crate::strings::safe::is_unsafe(c)),
        "{caret:?}"
    );
    let [line, pointer]: [&str; 2] = caret.lines().collect::<Vec<_>>().try_into().unwrap();
    assert_eq!(line.chars().nth(pointer.len() - 1), Some('!'), "{caret}");
}
