//! Every error of the command line said in every language.

use super::*;
use bson_tutor::strings::localize::english_words;

impl CliError {
    /// One value of every variant, the nested errors made by the engine itself.
    fn every_variant() -> Vec<CliError> {
        use bson_tutor::bson::shell::FixedGenerator;
        use bson_tutor::bson::text;
        let io = || std::io::Error::from(std::io::ErrorKind::NotFound);
        let parse = || {
            let mut generator = FixedGenerator::new(0);
            match text::parse_value("{ a: }", None, &mut generator) {
                Err(e) => e,
                Ok(p) => panic!("{:?}", p.value),
            }
        };
        let decode = || match bson_tutor::bson::decode_document(&[12, 0, 0, 0, 16, 97, 0, 1]) {
            Err(e) => e,
            Ok(d) => panic!("{d:?}"),
        };
        let mut twice = bson_tutor::bson::Document::new();
        twice.push("_id", 1);
        let query = match bson_tutor::lesson::compute::collection(vec![twice.clone(), twice]) {
            Err(bson_tutor::lesson::compute::ComputeError::Insert { error, .. }) => error,
            other => panic!("{:?}", other.map(|_| ())),
        };
        let mut nul = bson_tutor::bson::Document::new();
        nul.push("a\0b", 1);
        let Err(encode) = bson_tutor::bson::encode_document(&nul) else {
            panic!("a key with a NUL encodes")
        };
        let Err(expr) = bson_tutor::query::expr::evaluate(
            &bson_tutor::lesson::compute::parse_value("{ $add: [1, 'a'] }", "x")
                .unwrap_or(bson_tutor::bson::Value::Null),
            None,
        ) else {
            panic!("$add of a string computes")
        };
        let inspect = bson_tutor::inspect::inspect(
            &[12, 0, 0, 0, 16, 97, 0, 1, 0, 0, 0],
            bson_tutor::inspect::View::Table,
            Lang::En,
        );
        let Some(input) = inspect.error else {
            panic!("11 bytes of a 12-byte document read")
        };
        let Err(oid) = bson_tutor::lesson::compute::parse_oid("6ac711ed") else {
            panic!("8 digits are an ObjectId")
        };
        let Err(date) = bson_tutor::bson::datetime::parse_iso_with(
            "2026-13-01T00:00:00Z",
            bson_tutor::bson::datetime::NoOffset::Refuse,
        ) else {
            panic!("month 13 reads")
        };
        let Err(hex) = bson_tutor::bson::hex::decode("0c 0") else {
            panic!("one digit is a byte")
        };
        let file = || Place::File("orders.json".into());
        let all = vec![
            CliError::at(Place::Arg("EXPRESSION"), parse()),
            CliError::at(file().line(2), parse()),
            CliError::Parse(parse()),
            CliError::at(Place::Arg("--at"), date),
            CliError::at(Place::Arg("--hex"), hex),
            CliError::Decode(decode()),
            CliError::Encode(encode),
            CliError::Expr(expr),
            CliError::Query(query.clone()),
            CliError::Input(input),
            CliError::ObjectId(oid),
            CliError::Render(RenderError::NotRefused {
                needle: "E11000".into(),
            }),
            CliError::Solve(SolveError::ChoiceNeedsTwo),
            CliError::Store(StoreError::Damaged {
                path: "progress.json".into(),
                damage: super::super::store::Damage::Newer { version: 99 },
            }),
            CliError::TutorialOption { flag: "--theme" },
            CliError::Insert {
                index: 1,
                error: query,
            },
            CliError::AtOutOfRange {
                text: "1960-01-01T00:00:00Z".into(),
            },
            CliError::NotADocument {
                place: Place::Arg("--doc"),
                found: ElementType::Int32,
            },
            CliError::NotDocuments {
                place: Place::Arg("--docs"),
                found: ElementType::Int32,
            },
            CliError::ItemNotADocument {
                place: Place::Arg("--docs"),
                index: 1,
                found: ElementType::Int32,
            },
            CliError::at(
                Place::Arg("PIPELINE"),
                CliError::StageNotADocument {
                    index: 0,
                    found: ElementType::Int32,
                },
            ),
            CliError::NotAPipeline {
                found: ElementType::Int32,
            },
            CliError::NoInput,
            CliError::BsonFromText {
                place: Place::Arg("--hex"),
            },
            CliError::NotUtf8 {
                path: "orders.json".into(),
                at: 3,
            },
            CliError::DocsNotUtf8 {
                path: "orders.json".into(),
            },
            CliError::DocumentAt {
                path: "dump.bson".into(),
                start: 12,
                error: decode(),
            },
            CliError::ReadStdin(io()),
            CliError::Io {
                path: "orders.json".into(),
                error: io(),
            },
            CliError::NoGenerators,
            CliError::NoLesson {
                id: "nope".into(),
                ids: vec!["bytes".into(), "dates".into()],
            },
            CliError::NoLessonToAnswer { id: "nope".into() },
            CliError::NoExercise {
                id: "dates".into(),
                count: 5,
            },
            CliError::RevealFirst,
            CliError::NoProgressFile,
            CliError::NoLessonNoProgress { id: "nope".into() },
            CliError::ReadAnswer(io()),
            CliError::NoAnswer,
            CliError::BadId {
                id: "-rf".into(),
                problem: bson_tutor::lesson::load::IdError::DashFirst,
            },
            CliError::Exists {
                path: "demo.toml".into(),
            },
            CliError::ExistsNow {
                path: "demo.toml".into(),
            },
            CliError::Create {
                dir: "pack".into(),
                error: io(),
            },
            CliError::Write {
                path: "demo.toml".into(),
                error: io(),
            },
            CliError::Man(io()),
            CliError::NoLessons,
            CliError::Signals(io()),
            CliError::Terminal(io()),
            CliError::Output(std::io::Error::from(std::io::ErrorKind::StorageFull)),
            CliError::TooManyIds {
                asked: 100_000_000,
                max: 1_000_000,
            },
            CliError::NotAFile {
                path: "/tmp".into(),
                kind: FileKind::Directory,
            },
            CliError::NotAFile {
                path: "/dev/zero".into(),
                kind: FileKind::Device,
            },
            CliError::NotAFile {
                path: "pipe".into(),
                kind: FileKind::Fifo,
            },
            CliError::NotAFile {
                path: "socket".into(),
                kind: FileKind::Socket,
            },
            CliError::NotAFile {
                path: "odd".into(),
                kind: FileKind::Other,
            },
            CliError::TextTooLarge {
                place: Place::File("big.json".into()).line(3),
                max: 67_108_864,
            },
            CliError::Dump {
                path: "dump/shop/orders.bson".into(),
                document: Some(7),
                error: bson_tutor::dump::DumpError::Truncated {
                    offset: 2048,
                    needed: 120,
                    got: 33,
                },
            },
            CliError::Dump {
                path: "shop.archive".into(),
                document: None,
                error: bson_tutor::dump::DumpError::TooLarge { limit: 16_793_600 },
            },
            CliError::NoSuchNamespace {
                path: "shop.archive".into(),
                namespace: "shop.users".into(),
                known: "shop.orders, shop.items".into(),
            },
            CliError::SeveralNamespaces {
                path: "shop.archive".into(),
                known: "shop.orders, shop.items".into(),
            },
            CliError::NotADump {
                path: "photos".into(),
            },
            CliError::ScanNeedsBson,
            CliError::BrowseCompressed {
                path: "orders.bson.gz".into(),
            },
            CliError::BrowseNotAFile {
                path: "dump".into(),
                kind: FileKind::Directory,
            },
            CliError::BrowseNotAFile {
                path: "/dev/stdin".into(),
                kind: FileKind::Fifo,
            },
            CliError::BrowseNeedsTerminal,
            CliError::ShellStart {
                reason: "out of memory".into(),
            },
            CliError::ShellScriptTooLarge {
                path: "big.js".into(),
                bytes: 20_000_000,
            },
            CliError::ShellScriptNotUtf8 {
                path: "latin1.js".into(),
                offset: 17,
            },
            CliError::ShellData {
                path: "data/lab04/t.bson".into(),
                reason:
                    "E11000 duplicate key error collection: lab04.t index: _id_ dup key: { _id: 1 }"
                        .into(),
            },
            CliError::ShellDataAt {
                path: "data/lab04/t.bson".into(),
                offset: 120,
                reason:
                    "E11000 duplicate key error collection: lab04.t index: _id_ dup key: { _id: 1 }"
                        .into(),
            },
            CliError::ShellDataLink {
                path: "data/lab04".into(),
            },
            CliError::ShellDataNotFile {
                path: "data/lab04/t.bson".into(),
                kind: FileKind::Fifo,
            },
            CliError::ShellDataNotFolder {
                path: "data/lab04".into(),
            },
            CliError::ShellDataName {
                name: "test.$x".into(),
                reason: "Invalid collection name: $x".into(),
            },
            CliError::ShellDataTaken {
                path: "data/test/v.metadata.json".into(),
                namespace: "test.v".into(),
            },
        ];
        for e in &all {
            // A new variant must be added above.
            match e {
                CliError::In { .. }
                | CliError::Parse(_)
                | CliError::Date(_)
                | CliError::Hex(_)
                | CliError::Decode(_)
                | CliError::Encode(_)
                | CliError::Expr(_)
                | CliError::Query(_)
                | CliError::Input(_)
                | CliError::ObjectId(_)
                | CliError::Render(_)
                | CliError::Solve(_)
                | CliError::Store(_)
                | CliError::TutorialOption { .. }
                | CliError::Insert { .. }
                | CliError::AtOutOfRange { .. }
                | CliError::NotADocument { .. }
                | CliError::NotDocuments { .. }
                | CliError::ItemNotADocument { .. }
                | CliError::StageNotADocument { .. }
                | CliError::NotAPipeline { .. }
                | CliError::NoInput
                | CliError::BsonFromText { .. }
                | CliError::NotUtf8 { .. }
                | CliError::DocsNotUtf8 { .. }
                | CliError::DocumentAt { .. }
                | CliError::Dump { .. }
                | CliError::NoSuchNamespace { .. }
                | CliError::SeveralNamespaces { .. }
                | CliError::NotADump { .. }
                | CliError::ScanNeedsBson
                | CliError::ReadStdin(_)
                | CliError::Io { .. }
                | CliError::NoGenerators
                | CliError::NoLesson { .. }
                | CliError::NoLessonToAnswer { .. }
                | CliError::NoExercise { .. }
                | CliError::RevealFirst
                | CliError::NoProgressFile
                | CliError::NoLessonNoProgress { .. }
                | CliError::ReadAnswer(_)
                | CliError::NoAnswer
                | CliError::BadId { .. }
                | CliError::Exists { .. }
                | CliError::ExistsNow { .. }
                | CliError::Create { .. }
                | CliError::Write { .. }
                | CliError::Man(_)
                | CliError::NoLessons
                | CliError::Signals(_)
                | CliError::Terminal(_)
                | CliError::Output(_)
                | CliError::TooManyIds { .. }
                | CliError::NotAFile { .. }
                | CliError::TextTooLarge { .. }
                | CliError::BrowseCompressed { .. }
                | CliError::BrowseNotAFile { .. }
                | CliError::BrowseNeedsTerminal
                | CliError::ShellStart { .. }
                | CliError::ShellScriptTooLarge { .. }
                | CliError::ShellScriptNotUtf8 { .. }
                | CliError::ShellData { .. }
                | CliError::ShellDataAt { .. }
                | CliError::ShellDataLink { .. }
                | CliError::ShellDataNotFile { .. }
                | CliError::ShellDataNotFolder { .. }
                | CliError::ShellDataName { .. }
                | CliError::ShellDataTaken { .. } => {}
            }
        }
        all
    }
}

/// For the tests of the command line's errors: `value` in English is its `Display`; in
/// Vietnamese and Chinese it has no English words left once the texts in `english` (the
/// server's own words, a system's message, the learner's text) are taken out, and it differs
/// from English wherever English has words of its own there. Vietnamese keeps "document"
/// and "byte", as its tables do.
fn assert_localized<T: Localize + fmt::Display + fmt::Debug>(value: &T, english: &[String]) {
    // Command-line syntax is typed as it is: options (`--from`) and the placeholders of
    // arguments (`DOCUMENT`) are taken out.
    let without_syntax = |text: &str| {
        let mut out = String::new();
        let mut token = String::new();
        let flush = |token: &mut String, out: &mut String| {
            let syntax = token.starts_with("--")
                || (token.len() > 1 && token.chars().all(|c| c.is_ascii_uppercase() || c == '-'));
            if !syntax {
                out.push_str(token);
            }
            token.clear();
        };
        for c in text.chars() {
            if c.is_ascii_alphabetic() || c == '-' {
                token.push(c);
            } else {
                flush(&mut token, &mut out);
                out.push(c);
            }
        }
        flush(&mut token, &mut out);
        out
    };
    let left = |lang: Lang, text: &str| -> Vec<String> {
        let text = english
            .iter()
            .fold(text.to_owned(), |t, e| t.replace(e.as_str(), ""));
        english_words(&without_syntax(&text))
            .into_iter()
            .filter(|w| {
                !(lang == Lang::Vi && ["document", "byte"].contains(&w.to_lowercase().as_str()))
            })
            .collect()
    };
    let en = value.to_string();
    assert_eq!(en, value.to_string_in(Lang::En), "{value:?}");
    for lang in [Lang::Vi, Lang::Zh] {
        let text = value.to_string_in(lang);
        if !left(lang, &en).is_empty() {
            assert_ne!(text, en, "{lang:?}: {value:?}");
        }
        let words = left(lang, &text);
        assert!(words.is_empty(), "{lang:?}: {words:?} in {text:?}");
    }
}

/// The English the server, the system and the learner's text put in an error.
fn verbatim(e: &CliError) -> Vec<String> {
    match e {
        // An option's name is the option as typed (`--at`).
        CliError::In { place, error } => {
            let mut v = verbatim(error);
            v.push(place.to_string());
            v
        }
        CliError::Parse(p) => vec![p.caret()],
        CliError::Expr(x) => vec![x.to_string()],
        // Lesson ids are values.
        CliError::NoLesson { ids, .. } => ids.clone(),
        // The pattern of an id.
        CliError::Query(q) | CliError::Insert { error: q, .. } => vec![q.to_string()],
        CliError::ReadStdin(io)
        | CliError::Io { error: io, .. }
        | CliError::ReadAnswer(io)
        | CliError::Create { error: io, .. }
        | CliError::Write { error: io, .. }
        | CliError::Man(io)
        | CliError::Signals(io)
        | CliError::Terminal(io)
        | CliError::Output(io) => vec![io.to_string()],
        // The pattern of an id.
        CliError::BadId { .. } => vec!["[a-z0-9][a-z0-9-]*".into()],
        // The JavaScript engine's own reason.
        CliError::ShellStart { reason } => vec![reason.clone()],
        // The server's own words.
        CliError::ShellDataName { reason, .. } => vec![reason.clone()],
        _ => Vec::new(),
    }
}

#[test]
fn every_variant_speaks_every_language() {
    for e in CliError::every_variant() {
        assert_localized(&e, &verbatim(&e));
    }
}

#[test]
fn every_store_error_and_notice_speaks_every_language() {
    use super::super::store::{Damage, Notice};
    for e in StoreError::every_variant() {
        let system = match &e {
            StoreError::Io { error, .. } | StoreError::MoveAside { error, .. } => {
                vec![error.to_string()]
            }
            StoreError::Damaged {
                damage: Damage::NotProgress { detail },
                ..
            }
            | StoreError::MovedAside {
                damage: Damage::NotProgress { detail },
                ..
            }
            | StoreError::Foreign {
                damage: Damage::NotProgress { detail },
                ..
            } => vec![detail.clone()],
            _ => Vec::new(),
        };
        assert_localized(&e, &system);
    }
    for n in Notice::every_variant() {
        assert_localized(&n, &[]);
    }
}

#[test]
fn a_place_frames_the_message_once() {
    let e = &CliError::every_variant()[1];
    assert_eq!(
        e.to_string_in(Lang::Zh).lines().next(),
        Some("orders.json 第 2 行：第 1 行，第 6 列：应为一个值，但找到 `}`")
    );
    assert_eq!(
        e.to_string().lines().nth(1),
        Some("{ a: }"),
        "the learner's line follows"
    );
}
