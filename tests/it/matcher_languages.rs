//! The matcher's explanations in Vietnamese and Chinese: for a mismatch of every kind the
//! explainer knows (type bracketing, missing and null, negations, `$or`/`$nor`, arrays,
//! `$elemMatch`, `$size`, `$type`, `$all: []`, `$expr`, each comparison word), the sentence is
//! translated around the engine's words, which stay as they are.

use bson_tutor::bson::Document;
use bson_tutor::bson::shell::{FixedGenerator, parse_document};
use bson_tutor::query::matcher::Filter;
use bson_tutor::strings::Lang;

struct Case {
    filter: &'static str,
    doc: &'static str,
    /// The engine's words the explanation quotes: written the same in every language.
    verbatim: &'static [&'static str],
}

const fn case(filter: &'static str, doc: &'static str, verbatim: &'static [&'static str]) -> Case {
    Case {
        filter,
        doc,
        verbatim,
    }
}

/// One mismatch per branch of the explainer.
const CASES: &[Case] = &[
    // Type bracketing, one value.
    case(
        "{ userId: { $gt: 0 } }",
        "{ userId: '42' }",
        &["userId: '42'", "string", "$gt: 0"],
    ),
    case(
        "{ qty: { $lt: 'm' } }",
        "{ qty: 4.5 }",
        &["qty: 4.5", "double", "$lt: 'm'"],
    ),
    case(
        "{ at: { $gte: '2026-10-01' } }",
        "{ at: new Date(0) }",
        &[
            "at: ISODate('1970-01-01T00:00:00.000Z')",
            "date",
            "$gte: '2026-10-01'",
        ],
    ),
    case(
        "{ sub: { $gt: 1 } }",
        "{ sub: { x: 1 } }",
        &["sub: { x: 1 }", "$gt: 1"],
    ),
    case(
        "{ flag: { $lt: true } }",
        "{ flag: 1 }",
        &["flag: 1", "int", "$lt: true"],
    ),
    case("{ a: null }", "{ a: 5 }", &["a: 5", "int", "null"]),
    // Type bracketing, many values.
    case(
        "{ 'p.q': { $gt: 0 } }",
        "{ p: [ { q: 'x' }, { q: 'y' } ] }",
        &["p.q", "2", "'x', 'y'", "$gt: 0"],
    ),
    // NaN.
    case(
        "{ n: { $gt: 1 } }",
        "{ n: NumberDecimal('NaN') }",
        &["n: Decimal128('NaN')", "NaN"],
    ),
    // Comparison words.
    case("{ qty: 5 }", "{ qty: 3 }", &["qty: 3", "5"]),
    case("{ qty: { $lt: 2 } }", "{ qty: 3 }", &["qty: 3", "2"]),
    case("{ qty: { $lte: 2 } }", "{ qty: 3 }", &["qty: 3", "2"]),
    case("{ qty: { $gt: 5 } }", "{ qty: 3 }", &["qty: 3", "5"]),
    case("{ qty: { $gte: 5 } }", "{ qty: 3 }", &["qty: 3", "5"]),
    // Missing fields.
    case(
        "{ qty: { $gt: 5 } }",
        "{ item: 'x' }",
        &["qty", "$gt: 5", "{ qty: null }"],
    ),
    case("{ qty: { $exists: true } }", "{ item: 'x' }", &["qty"]),
    // Arrays.
    case(
        "{ tags: 'red' }",
        "{ tags: [ 'blue', 'green' ] }",
        &["tags", "[ 'blue', 'green' ]", "$eq: 'red'"],
    ),
    case(
        "{ 'items.qty': { $gt: 5 } }",
        "{ items: [ { qty: 1 }, { qty: 2 } ] }",
        &["items.qty", "1, 2", "$gt: 5"],
    ),
    case(
        "{ tags: { $in: [ 'x' ] } }",
        "{ tags: [ 'a', 'b' ] }",
        &["tags", "'a', 'b', [ 'a', 'b' ]", "$in: [ 'x' ]"],
    ),
    case(
        "{ tags: { $size: 3 } }",
        "{ tags: [ 'a', 'b' ] }",
        &["tags: [ 'a', 'b' ]", "2", "3"],
    ),
    case(
        "{ tags: { $size: 1 } }",
        "{ tags: 'a' }",
        &["tags: 'a'", "string", "$size"],
    ),
    case(
        "{ pts: { $elemMatch: { $gt: 1, $lt: 3 } } }",
        "{ pts: [ 0, 5 ] }",
        &["pts: [ 0, 5 ]", "$elemMatch: { $gt: 1, $lt: 3 }"],
    ),
    case(
        "{ pts: { $elemMatch: { x: 1 } } }",
        "{ pts: 7 }",
        &["pts: 7", "int", "$elemMatch"],
    ),
    // Other operators.
    case("{ name: /^a/ }", "{ name: 5 }", &["name: 5", "int"]),
    case(
        "{ qty: { $mod: [ 2, 0 ] } }",
        "{ qty: 'x' }",
        &["qty: 'x'", "string", "$mod"],
    ),
    case(
        "{ qty: { $mod: [ 2, 0 ] } }",
        "{ qty: 3 }",
        &["qty: 3", "$mod: [ 2, 0 ]"],
    ),
    case(
        "{ qty: { $type: [ 'string', 'int' ] } }",
        "{ qty: 1.5 }",
        &["qty: 1.5", "$type: string", "int"],
    ),
    case(
        "{ qty: { $all: [] } }",
        "{ qty: 1 }",
        &["$alwaysFalse", "$all: []"],
    ),
    case(
        "{ $expr: { $gt: [ '$a', 5 ] } }",
        "{ a: 1 }",
        &["$expr", "false", "null", "0"],
    ),
    // Negations.
    case(
        "{ status: { $ne: 'A' } }",
        "{ status: 'A' }",
        &["status: 'A'", "'A'", "$ne: 'A'"],
    ),
    case(
        "{ tags: { $ne: 'red' } }",
        "{ tags: [ 'red', 'blue' ] }",
        &["tags", "'red'", "$ne: 'red'"],
    ),
    case(
        "{ qty: { $nin: [ 1, 2 ] } }",
        "{ qty: 1 }",
        &["qty: 1", "$nin"],
    ),
    case(
        "{ qty: { $exists: false } }",
        "{ qty: 1 }",
        &["qty", "$exists: false"],
    ),
    case(
        "{ name: { $not: /^a/ } }",
        "{ name: 'abc' }",
        &["name: 'abc'", "/^a/", "$not"],
    ),
    case(
        "{ qty: { $not: { $gt: 1, $lt: 5 } } }",
        "{ qty: 3 }",
        &["qty: { $gt: 1 }", "qty: { $lt: 5 }", "$not"],
    ),
    case(
        "{ a: { $ne: null } }",
        "{ b: 1 }",
        &["a", "a: { $ne: null }"],
    ),
    // Logical operators.
    case(
        "{ $or: [ { a: 1 }, { b: 2 } ] }",
        "{ a: 2 }",
        &["$or", "(1)", "a: 2", "1", "(2)", "b", "b: null"],
    ),
    case(
        "{ $nor: [ { a: 1 }, { b: 2 } ] }",
        "{ a: 1 }",
        &["$nor", "1", "a: 1"],
    ),
    case(
        "{ $nor: [ { a: 1, b: 2 } ] }",
        "{ a: 1, b: 2 }",
        &["$nor", "a: 1", "b: 2"],
    ),
    case(
        "{ $nor: [ { $or: [ { a: 1 }, { b: 2 } ] } ] }",
        "{ a: 1 }",
        &["$nor", "$or", "(a: 1), (b: 2)"],
    ),
];

fn doc(src: &str) -> Document {
    parse_document(src, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{src}: {e:?}"))
        .value
}

fn explain(c: &Case, lang: Lang) -> String {
    Filter::parse(&doc(c.filter))
        .unwrap_or_else(|e| panic!("{}: {e:?}", c.filter))
        .explain_mismatch(&doc(c.doc), lang)
        .expect("no stop asked for")
        .unwrap_or_else(|| panic!("{} matches {}", c.filter, c.doc))
}

/// Words a sentence is built from: runs of letters and digits, `$` kept so that operators
/// stay whole. With `ascii`, only ASCII runs (Chinese characters then separate them).
fn words(text: &str, ascii: bool) -> Vec<&str> {
    text.split(|c: char| {
        let letter = if ascii {
            c.is_ascii_alphanumeric()
        } else {
            c.is_alphanumeric()
        };
        !(letter || c == '$')
    })
    .filter(|w| !w.is_empty() && !w.starts_with('$') && !w.chars().all(|c| c.is_ascii_digit()))
    .collect()
}

/// The words a translation may keep from English: the engine's words the case quotes, and
/// the rule's English name, which stays beside its translation for learners to search.
fn engine_words(c: &Case) -> Vec<&'static str> {
    let mut kept: Vec<&'static str> = c.verbatim.iter().flat_map(|v| words(v, false)).collect();
    // "object": the alias Vietnamese and Chinese give beside "embedded document".
    kept.extend(["type", "bracketing", "NaN", "null", "false", "object"]);
    kept
}

#[test]
fn every_explanation_is_translated_around_the_engines_words() {
    for c in CASES {
        let en = explain(c, Lang::En);
        let kept = engine_words(c);
        // The English template's own words, as this case's sentence uses them.
        let english: Vec<&str> = words(&en, false)
            .into_iter()
            .filter(|w| !kept.contains(w))
            .collect();
        assert!(
            !english.is_empty(),
            "{}: no English words in {en:?}",
            c.filter
        );
        for piece in c.verbatim {
            assert!(en.contains(piece), "{}: {piece:?} not in {en:?}", c.filter);
        }
        for lang in [Lang::Vi, Lang::Zh] {
            let text = explain(c, lang);
            assert_ne!(text, en, "{lang:?}: {} is not translated", c.filter);
            for piece in c.verbatim {
                assert!(
                    text.contains(piece),
                    "{lang:?}: {} loses {piece:?}: {text:?}",
                    c.filter
                );
            }
            let left: Vec<&str> = words(&text, false)
                .into_iter()
                .filter(|w| english.contains(w))
                .collect();
            assert!(
                left.is_empty(),
                "{lang:?}: {} keeps English {left:?}: {text:?}",
                c.filter
            );
            if lang == Lang::Zh {
                // Whatever Latin text is left is the engine's.
                let latin: Vec<&str> = words(&text, true)
                    .into_iter()
                    .filter(|w| !kept.contains(w))
                    .collect();
                assert!(
                    latin.is_empty(),
                    "{}: Latin words {latin:?} in {text:?}",
                    c.filter
                );
            }
        }
    }
}

#[test]
fn type_bracketing_reads_naturally_in_every_language() {
    let userid = &CASES[0];
    assert_eq!(
        explain(userid, Lang::En),
        "userId: '42' is a string; $gt: 0 only compares numbers (type bracketing)"
    );
    assert_eq!(
        explain(userid, Lang::Vi),
        "userId: '42' có kiểu string; theo quy tắc nhóm kiểu (type bracketing), $gt: 0 chỉ so \
         sánh với số"
    );
    assert_eq!(
        explain(userid, Lang::Zh),
        "userId: '42' 的类型是 string；根据类型括号 (type bracketing) 规则，$gt: 0 只比较数字"
    );
    let date = &CASES[2];
    assert_eq!(
        explain(date, Lang::Vi),
        "at: ISODate('1970-01-01T00:00:00.000Z') có kiểu date; theo quy tắc nhóm kiểu (type \
         bracketing), $gte: '2026-10-01' chỉ so sánh với chuỗi"
    );
    assert_eq!(
        explain(date, Lang::Zh),
        "at: ISODate('1970-01-01T00:00:00.000Z') 的类型是 date；根据类型括号 (type bracketing) \
         规则，$gte: '2026-10-01' 只比较字符串"
    );
    let embedded = &CASES[3];
    assert_eq!(
        explain(embedded, Lang::Vi),
        "sub: { x: 1 } có kiểu object (tài liệu con); theo quy tắc nhóm kiểu (type bracketing), \
         $gt: 1 chỉ so sánh với số"
    );
    assert_eq!(
        explain(embedded, Lang::Zh),
        "sub: { x: 1 } 的类型是 object（嵌入文档）；根据类型括号 (type bracketing) 规则，$gt: 1 \
         只比较数字"
    );
}

#[test]
fn comparison_words_and_joiners_are_translated() {
    let text = |filter: &'static str, d: &'static str, lang| explain(&case(filter, d, &[]), lang);
    assert_eq!(
        text("{ qty: { $gt: 5 } }", "{ qty: 3 }", Lang::Vi),
        "qty: 3 không lớn hơn 5"
    );
    assert_eq!(
        text("{ qty: { $lte: 2 } }", "{ qty: 3 }", Lang::Zh),
        "qty: 3 并不小于或等于 2"
    );
    assert_eq!(
        text("{ $or: [ { a: 1 }, { a: 3 } ] }", "{ a: 2 }", Lang::Zh),
        "$or 的子句都不匹配：(1) a: 2 并不等于 1；(2) a: 2 并不等于 3"
    );
    assert_eq!(
        text("{ $or: [ { a: 1 }, { a: 3 } ] }", "{ a: 2 }", Lang::Vi),
        "không mệnh đề nào của $or khớp: (1) a: 2 không bằng 1; (2) a: 2 không bằng 3"
    );
    assert_eq!(
        text(
            "{ qty: { $type: [ 'string', 'int' ] } }",
            "{ qty: 1.5 }",
            Lang::Zh
        ),
        "qty: 1.5 不满足 $type: string 或 int"
    );
}

#[test]
fn english_is_one_language_among_three() {
    for c in CASES {
        let filter = Filter::parse(&doc(c.filter)).unwrap_or_else(|e| panic!("{e:?}"));
        let d = doc(c.doc);
        let explain = |lang| {
            filter
                .explain_mismatch(&d, lang)
                .expect("no stop asked for")
        };
        let en = explain(Lang::En);
        assert!(en.is_some(), "{}", c.filter);
        assert_ne!(en, explain(Lang::Vi), "{}", c.filter);
        assert_ne!(en, explain(Lang::Zh), "{}", c.filter);
    }
}
