//! `$regex` as the server runs it (PCRE2, compiled with the server's options): table tests
//! whose data and expectations come from the manual's `$regex` page and the server's
//! jstests (jstests/core/query/regex/), a differential property test against the `pcre2`
//! crate called directly with the server's flags, and the time limit reaching into a match.

use bson_tutor::bson::{Document, Regex as BsonRegex, Value};
use bson_tutor::query::interrupt::{Interrupt, Stop};
use bson_tutor::query::matcher::Filter;
use bson_tutor::query::matcher::regex::Regex;
use bson_tutor::strings::Lang;
use proptest::prelude::*;

/// `{ field: { $regex: pattern, $options: options } }`.
fn regex_filter(field: &str, pattern: &str, options: &str) -> Document {
    let mut op = Document::new();
    op.push("$regex", pattern);
    if !options.is_empty() {
        op.push("$options", options);
    }
    let mut filter = Document::new();
    filter.push(field, op);
    filter
}

fn docs(texts: &[(i32, &str)], field: &str) -> Vec<Document> {
    texts
        .iter()
        .map(|(id, text)| {
            let mut d = Document::new();
            d.push("_id", *id);
            d.push(field, *text);
            d
        })
        .collect()
}

fn ids(filter: &Document, docs: &[Document]) -> Vec<i32> {
    let filter = Filter::parse(filter).unwrap_or_else(|e| panic!("{filter:?}: {e}"));
    docs.iter()
        .filter(|d| filter.matches(d))
        .filter_map(|d| match d.get("_id") {
            Some(Value::Int32(i)) => Some(*i),
            _ => None,
        })
        .collect()
}

/// The manual's `$regex` page, "Examples": the `products` collection.
const PRODUCTS: &[(i32, &str, &str)] = &[
    (100, "abc123", "Single line description."),
    (101, "abc789", "First line\nSecond line"),
    (102, "xyz456", "Many spaces before     line"),
    (103, "xyz789", "Multiple\nline description"),
    (104, "Abc789", "SKU starts with A"),
];

fn products() -> Vec<Document> {
    PRODUCTS
        .iter()
        .map(|(id, sku, description)| {
            let mut d = Document::new();
            d.push("_id", *id);
            d.push("sku", *sku);
            d.push("description", *description);
            d
        })
        .collect()
}

#[test]
fn the_manuals_regex_examples() {
    // (section of the manual's $regex page, field, pattern, options, ids)
    let cases: &[(&str, &str, &str, &str, &[i32])] = &[
        ("Perform a LIKE Match", "sku", "789$", "", &[101, 103, 104]),
        (
            "Perform Case-Insensitive Regular Expression Match",
            "sku",
            "^ABC",
            "i",
            &[100, 101, 104],
        ),
        (
            "Multiline Match for Lines Starting with Specified Pattern",
            "description",
            "^S",
            "m",
            &[100, 101, 104],
        ),
        (
            "... without the m option",
            "description",
            "^S",
            "",
            &[100, 104],
        ),
        (
            "Use the . Dot Character to Match New Line",
            "description",
            "m.*line",
            "si",
            &[102, 103],
        ),
        (
            "... without the s option",
            "description",
            "m.*line",
            "i",
            &[102],
        ),
        (
            "Ignore White Spaces in Pattern",
            "sku",
            "abc #category code\n123 #item number",
            "x",
            &[100],
        ),
    ];
    let docs = products();
    for (section, field, pattern, options, want) in cases {
        let got = ids(&regex_filter(field, pattern, options), &docs);
        assert_eq!(&got, want, "{section}: /{pattern}/{options}");
    }
}

#[test]
fn regex_in_in_not_and_equality_of_stored_regexes() {
    let docs = products();
    // The manual's $in page: "Use the $in Operator with a Regular Expression".
    let mut list = Document::new();
    list.push(
        "$in",
        vec![
            Value::Regex(Box::new(BsonRegex::new("^abc", ""))),
            Value::Regex(Box::new(BsonRegex::new("456$", ""))),
        ],
    );
    let mut filter = Document::new();
    filter.push("sku", list);
    assert_eq!(ids(&filter, &docs), [100, 101, 102]);
    // The manual's $not page: "$not and Regular Expressions".
    let mut not = Document::new();
    not.push("$not", Value::Regex(Box::new(BsonRegex::new("^abc", "i"))));
    let mut filter = Document::new();
    filter.push("sku", not);
    assert_eq!(ids(&filter, &docs), [102, 103]);
    // A stored regex matches a regex operand when pattern and options are the same
    // (expression_leaf.cpp, RegexMatchExpression::matchesSingleElement).
    let mut stored = Document::new();
    stored.push("_id", 1);
    stored.push("r", Value::Regex(Box::new(BsonRegex::new("a.c", "i"))));
    let stored = [stored];
    assert_eq!(ids(&regex_filter("r", "a.c", "i"), &stored), [1]);
    assert_eq!(
        ids(&regex_filter("r", "a.c", ""), &stored),
        Vec::<i32>::new()
    );
    assert_eq!(
        ids(&regex_filter("r", "abc", "i"), &stored),
        Vec::<i32>::new()
    );
}

#[test]
fn jstests_regex_js() {
    // jstests/core/query/regex/regex.js: { a: "bcd" } and /b/, /bc/, /bcd/, /bcde/.
    let docs = docs(&[(1, "bcd")], "a");
    for (pattern, n) in [("b", 1), ("bc", 1), ("bcd", 1), ("bcde", 0)] {
        assert_eq!(
            ids(&regex_filter("a", pattern, ""), &docs).len(),
            n,
            "/{pattern}/"
        );
    }
    // regex_options.js: { a: 'foo' } counts 1 for /O/i; 'u' is accepted.
    let foo = docs_one("a", "foo");
    assert_eq!(ids(&regex_filter("a", "O", "i"), &foo), [1]);
    let hello = docs_one("txt", "hello_test");
    assert_eq!(ids(&regex_filter("txt", "^hello.*", "u"), &hello), [1]);
}

fn docs_one(field: &str, text: &str) -> Vec<Document> {
    docs(&[(1, text)], field)
}

#[test]
fn jstests_regex_unicode_js() {
    // jstests/core/query/regex/regex_unicode.js, the first collection.
    let words = docs(&[(0, "kyle"), (1, "박정수"), (2, "suárez")], "text");
    let cases: &[(&str, &[i32])] = &[
        ("y", &[0]),
        ("e", &[0, 2]),
        ("á", &[2]),
        ("정", &[1]),
        ("(*UTF)e", &[0, 2]),
        ("(*UTF)á", &[2]),
        ("(*UTF8)정", &[1]),
        (r"\p{Latin}", &[0, 2]),
        (r"^\p{Latin}+$", &[0, 2]),
        (r"\p{Hangul}", &[1]),
        (r"^\p{Hangul}+$", &[1]),
        (r"^\p{L}+$", &[0, 1, 2]),
        (r"^\p{Xan}+$", &[0, 1, 2]),
        (r"\w", &[0, 2]),
        (r"^\w+$", &[0]),
        (r"(*UCP)\w", &[0, 1, 2]),
        (r"(*UCP)^\w+$", &[0, 1, 2]),
        ("[[:alpha:]]", &[0, 2]),
        ("^[[:alpha:]]+$", &[0]),
        ("(*UCP)[[:alpha:]]", &[0, 1, 2]),
        ("(*UCP)^[[:alpha:]]+$", &[0, 1, 2]),
    ];
    for (pattern, want) in cases {
        assert_eq!(
            &ids(&regex_filter("text", pattern, ""), &words),
            want,
            "/{pattern}/"
        );
    }
    // The second collection: digits.
    let digits = docs(&[(0, "02191996"), (1, "༢༣༤༥"), (2, "9୩୪୬୯6")], "text");
    let cases: &[(&str, &[i32])] = &[
        ("1", &[0]),
        ("9", &[0, 2]),
        ("୪", &[2]),
        ("༣", &[1]),
        (r"^\p{N}+$", &[0, 1, 2]),
        (r"^\p{Xan}+$", &[0, 1, 2]),
        (r"\d", &[0, 2]),
        (r"^\d+$", &[0]),
        (r"(*UCP)\d", &[0, 1, 2]),
        (r"(*UCP)^\d+$", &[0, 1, 2]),
        ("[[:digit:]]", &[0, 2]),
        ("^[[:digit:]]+$", &[0]),
        ("(*UCP)[[:digit:]]", &[0, 1, 2]),
        ("(*UCP)^[[:digit:]]+$", &[0, 1, 2]),
    ];
    for (pattern, want) in cases {
        assert_eq!(
            &ids(&regex_filter("text", pattern, ""), &digits),
            want,
            "/{pattern}/"
        );
    }
}

#[test]
fn what_pcre2_adds_over_the_old_engine() {
    // PCRE2 semantics the hand-written engine refused or could not express.
    let cases: &[(&str, &str, &str, bool)] = &[
        ("a(?=b)", "", "ab", true),
        ("a(?=b)", "", "ac", false),
        ("a(?!b)", "", "ab", false),
        ("(?<=x)y", "", "xy", true),
        ("(?<!x)y", "", "xy", false),
        (r"^(\w+) \1$", "", "hey hey", true),
        (r"^(\w+) \1$", "", "hey you", false),
        (r"^(?<w>a+)-\k<w>$", "", "aa-aa", true),
        (r"\Qa.b*\E", "", "xa.b*y", true),
        (r"\Qa.b*\E", "", "aXbb", false),
        ("end$", "", "the end\n", true),
        ("end$", "", "the end\n\n", false),
        (r"end\z", "", "the end\n", false),
        ("ÉTÉ", "i", "été", true),
        ("straße", "i", "STRASSE", false),
        ("Σ", "i", "σ", true),
        ("^.{3}$", "", "日本語", true),
        ("(?>a+)ab", "", "aaab", false),
        ("a++b", "", "aaab", true),
        (r"^(\((?:[^()]|(?1))*\))$", "", "(a(b)c)", true),
    ];
    for (pattern, options, text, want) in cases {
        let got = Regex::new(pattern, options)
            .unwrap_or_else(|e| panic!("/{pattern}/{options}: {e}"))
            .is_match(text);
        assert_eq!(got, *want, "/{pattern}/{options} on {text:?}");
    }
}

#[test]
fn invalid_regexes_in_the_servers_words_and_codes() {
    let refused = |filter: &Document| Filter::parse(filter).expect_err("refused");
    // jstests/core/query/regex/regex_error.js: "[)" is 51091; a null byte in the pattern is
    // BadValue (2); "\0i" as options is 51108 (the options are read first).
    let e = refused(&regex_filter("a", "[)", ""));
    assert_eq!(e.kind.code(), Some(51091));
    assert_eq!(
        e.kind.to_string(),
        "Regular expression is invalid: missing terminating ] for character class"
    );
    assert_eq!(
        refused(&regex_filter("a", "ab\0c", "")).kind.code(),
        Some(2)
    );
    assert_eq!(
        refused(&regex_filter("a", "ab\0c", "\0i")).kind.code(),
        Some(51108)
    );
    // regex_options.js: 'g' is 51108, as a string option or a regex literal's flag.
    let e = refused(&regex_filter("txt", "^hello.*", "g"));
    assert_eq!(
        (e.kind.code(), e.kind.to_string()),
        (Some(51108), " invalid flag in regex options: g".into())
    );
    let mut literal = Document::new();
    literal.push(
        "txt",
        Value::Regex(Box::new(BsonRegex::new("^hello.*", "g"))),
    );
    assert_eq!(refused(&literal).kind.code(), Some(51108));
    // regex_max_pattern_length.js: a 26,384-character anchored pattern works; 32,767 is
    // "pattern string is longer than the limit set by the application", 51091.
    let long = 16_384 + 10_000;
    let text = "y".repeat(long);
    let pattern = format!("^{}", "y".repeat(long - 1));
    assert_eq!(
        ids(&regex_filter("a", &pattern, ""), &docs_one("a", &text)),
        [1]
    );
    let e = refused(&regex_filter("a", &format!("^{}", "y".repeat(32_766)), ""));
    assert_eq!(e.kind.code(), Some(51091));
    assert_eq!(
        e.kind.to_string(),
        "Regular expression is invalid: pattern string is longer than the limit set by the \
         application"
    );
    // The same words in every language; where PCRE2 stopped in the tutor's, translated.
    let e = Regex::new("ab(c", "").unwrap_err();
    for lang in Lang::ALL {
        use bson_tutor::strings::localize::Localize;
        assert_eq!(
            e.to_string_in(lang),
            "Regular expression is invalid: missing closing parenthesis"
        );
    }
    assert_eq!(
        e.position_in(Lang::Vi).unwrap(),
        "PCRE2 dừng ở ký tự thứ 5 của mẫu:\n  ab(c\n      ^"
    );
}

#[test]
fn a_slow_regex_reports_the_time_limit() {
    // PCRE2 answers /a{30000}b/ at once (no `b` where a match could end), as the server
    // does; /a{50000}$/ reads 50,000 a's at each of 50,000 starts before `$` fails, within
    // the server's limits. Tripped while it runs, the match stops within a callout and the
    // filter reports the server's error.
    let mut d = Document::new();
    d.push("_id", 1);
    d.push("s", format!("b{}", "a".repeat(100_000)));
    let mut filter = Document::new();
    filter.push("s", Value::Regex(Box::new(BsonRegex::new("a{50000}$", ""))));
    let filter = Filter::parse(&filter).unwrap();
    let flag = Interrupt::new();
    let remote = flag.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        remote.trip(Stop::TimeLimit);
    });
    let start = std::time::Instant::now();
    let e = flag.watch(|| filter.try_matches(&d)).unwrap_err();
    stopper.join().unwrap();
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(e.kind.code(), Some(50));
    assert_eq!(e.to_string(), "operation exceeded time limit");
    // Catastrophic backtracking ends at the server's PCRE2 limits (4,000 levels, 200,000
    // backtracking records per start): no match, as on the server, and soon.
    let start = std::time::Instant::now();
    for (pattern, text) in [
        ("^(a|aa)+$", format!("{}b", "a".repeat(5_000))),
        ("^(a+)+$", format!("{}b", "a".repeat(40))),
        ("(x+x+)+y", "x".repeat(50)),
    ] {
        assert!(
            !Regex::new(pattern, "").unwrap().is_match(&text),
            "{pattern}"
        );
    }
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    // And an interrupt asked for before the match stops it at its first look.
    let re = Regex::new("(?:a|aa){1,12}\\d", "").unwrap();
    let flag = Interrupt::new();
    flag.trip(Stop::Cancelled);
    assert!(!flag.watch(|| re.is_match(&"a".repeat(100_000))));
}

/// The server's flags for the option letters, on the `pcre2` crate's builder.
fn reference(pattern: &str, options: &str) -> Option<pcre2::bytes::Regex> {
    let mut b = pcre2::bytes::RegexBuilder::new();
    b.utf(true);
    for c in options.chars() {
        match c {
            'i' => b.caseless(true),
            'm' => b.multi_line(true),
            's' => b.dotall(true),
            'x' => b.extended(true),
            _ => &mut b,
        };
    }
    b.build(pattern).ok()
}

/// Patterns from a small grammar over the alphabet the subjects use.
fn pattern() -> impl Strategy<Value = String> {
    let atom = prop_oneof![
        Just("a".to_owned()),
        Just("b".to_owned()),
        Just("é".to_owned()),
        Just("É".to_owned()),
        Just(".".to_owned()),
        Just(r"\w".to_owned()),
        Just(r"\s".to_owned()),
        Just(r"\d".to_owned()),
        Just("[a-c]".to_owned()),
        Just("[^a]".to_owned()),
        Just("^".to_owned()),
        Just("$".to_owned()),
        Just(r"\b".to_owned()),
        Just(r"\n".to_owned()),
        Just(r"\Qa.\E".to_owned()),
        Just(" ".to_owned()),
        Just("#".to_owned()),
    ];
    atom.prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 1..4).prop_map(|v| v.concat()),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("(?:{a}|{b})")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.clone().prop_map(|a| format!("(?:{a})*")),
            inner.clone().prop_map(|a| format!("(?:{a})+?")),
            inner.clone().prop_map(|a| format!("(?:{a}){{1,2}}")),
            inner.clone().prop_map(|a| format!("(?={a})")),
            inner.clone().prop_map(|a| format!("(?!{a})")),
            inner.clone().prop_map(|a| format!("(?<={a})")),
            inner.clone().prop_map(|a| format!("({a})\\1")),
            inner.prop_map(|a| format!("(?i:{a})")),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Our `$regex` against PCRE2 called directly: the same compile verdict, and on every
    /// subject the same answer.
    #[test]
    fn regex_agrees_with_pcre2_called_directly(
        pattern in pattern(),
        options in "[imsx]{0,3}",
        subjects in prop::collection::vec("[abé É1\n_.]{0,8}", 1..6),
    ) {
        let ours = Regex::new(&pattern, &options);
        let theirs = reference(&pattern, &options);
        prop_assert_eq!(ours.is_ok(), theirs.is_some(), "/{}/{}", pattern, options);
        if let (Ok(ours), Some(theirs)) = (ours, theirs) {
            for s in &subjects {
                let want = theirs.is_match(s.as_bytes()).unwrap_or(false);
                prop_assert_eq!(ours.is_match(s), want, "/{}/{} on {:?}", pattern, options, s);
            }
        }
    }
}

/// Issue 26: a pattern at PCRE2's match limit, in `find` and in `$regexMatch`, answers as the
/// server's current source does. `$regex` in a filter is `!!matchView(...)` (mongodb/mongo
/// `src/mongo/db/exec/matcher/matcher_single_element_match.cpp`, RegexMatchExpression; SBE
/// likewise): a match that fails for any reason, the limit included, is no match, without an
/// error. `$regexMatch` (`src/mongo/db/exec/expression/evaluate_regex.cpp`, `execute`)
/// uasserts 51156 for any error but "no match", with PCRE2's own message.
#[test]
fn the_match_limit_is_no_match_in_a_filter_and_error_51156_in_regex_match() {
    let subject = format!("{}c", "a".repeat(40));
    let pattern = "^(a+)+$";
    // The library: the plain match says no; the expressions' entry point says why.
    let re = Regex::new(pattern, "").unwrap();
    assert!(!re.is_match(&subject));
    assert_eq!(re.find_at(&subject, 0), Err("match limit exceeded".into()));
    let docs = docs(&[(1, &subject), (2, "aaa")], "s");
    assert_eq!(ids(&regex_filter("s", pattern, ""), &docs), [2]);
    // The command line: `find` prints the document that matches, and no error.
    let literal = format!("[{{ _id: 1, s: '{subject}' }}, {{ _id: 2, s: 'aaa' }}]");
    let run = |args: &[&str]| {
        crate::common::bson_tutor()
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let found = run(&[
        "find",
        "--docs",
        &literal,
        "{ s: { $regex: '^(a+)+$' } }",
        "--ids",
    ]);
    assert!(found.status.success());
    assert_eq!(String::from_utf8_lossy(&found.stdout), "[ 2 ]\n");
    assert_eq!(String::from_utf8_lossy(&found.stderr), "");
    // `$regexMatch` in a pipeline, in a `$match`'s `$expr` and in a find filter's `$expr`:
    // the server's 51156 each time (its expression match lets the error through).
    let said = "Error occurred while executing the regular expression in $regexMatch. Result code: match limit exceeded";
    let expr = "{ $regexMatch: { input: '$s', regex: '^(a+)+$' } }";
    let project = format!("[{{ $project: {{ m: {expr} }} }}]");
    let matched = format!("[{{ $match: {{ $expr: {expr} }} }}]");
    let filter = format!("{{ $expr: {expr} }}");
    for args in [
        vec!["aggregate", "--docs", &literal, &project],
        vec!["aggregate", "--docs", &literal, &matched],
        vec!["find", "--docs", &literal, &filter],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

#[test]
fn an_expression_error_in_expr_is_the_error_not_a_non_match() {
    // The server: `db.t.find({ $expr: { $divide: [1, 0] } })` fails with "can't $divide
    // by zero"; it does not return an empty result.
    let out = crate::common::bson_tutor()
        .args([
            "find",
            "--docs",
            "[{ _id: 1 }]",
            "{ $expr: { $divide: [1, 0] } }",
        ])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("can't $divide by zero"), "{err}");
}
