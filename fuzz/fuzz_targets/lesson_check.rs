//! Random lessons through the loader and `check`, in process: TOML built from a grammar of
//! lesson steps (every step kind and exercise type, the fields each takes, values from a
//! pool of plausible and hostile ones: deep nesting, counted regex repeats, large
//! `$unwind`s, control characters, paths as ids, bytes from the fuzzer), loaded with
//! `load_files` (a second copy exercises the duplicate-id refusal) and checked under a time
//! budget. No panic; an error quotes no control character and is clipped; a check over its
//! budget is stopped through `query::interrupt` (the watchdog below trips it after 2 s).
#![no_main]

use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use bson_tutor::lesson::load::{PackFile, check_id, load_files};
use bson_tutor::lesson::{Context, check_lesson};
use bson_tutor::query::interrupt::{Interrupt, Stop};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::safe::is_unsafe;
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

/// The time budget of one check, as `check`'s own watchdog gives a lesson.
const BUDGET: Duration = Duration::from_secs(2);

/// The check running now and when it started: one watchdog thread for the whole run
/// trips it when it overruns (a thread per input would cost more than most checks).
fn watchdog() -> &'static Mutex<Option<(Instant, Interrupt)>> {
    static RUNNING: OnceLock<Mutex<Option<(Instant, Interrupt)>>> = OnceLock::new();
    RUNNING.get_or_init(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(Duration::from_millis(50));
            let Some(running) = RUNNING.get() else { continue };
            let guard = running.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((start, flag)) = guard.as_ref() {
                if start.elapsed() > BUDGET {
                    flag.trip(Stop::TimeLimit);
                }
            }
        });
        Mutex::new(None)
    })
}

fn pick<'a>(u: &mut Unstructured<'_>, pool: &[&'a str]) -> Result<&'a str> {
    Ok(*u.choose(pool)?)
}

/// A value: mostly from `pool`, sometimes hostile, sometimes the fuzzer's own text.
fn value(u: &mut Unstructured<'_>, pool: &[&str]) -> Result<String> {
    Ok(match u.int_in_range(0..=9u8)? {
        0 => hostile(u)?,
        1 => u.arbitrary::<&str>()?.to_owned(),
        _ => pick(u, pool)?.to_owned(),
    })
}

fn hostile(u: &mut Unstructured<'_>) -> Result<String> {
    let depth = u.int_in_range(1..=160usize)?;
    Ok(match u.int_in_range(0..=11u8)? {
        0 => format!("{}1{}", "{ a: ".repeat(depth), " }".repeat(depth)),
        1 => format!("{}{}", "[".repeat(depth), "]".repeat(depth)),
        2 => format!("{{ r: /a{{{}}}b/ }}", u.int_in_range(0..=40_000u32)?),
        3 => format!("{{ $regexMatch: {{ input: '{}', regex: 'a{{30000}}b' }} }}", "a".repeat(depth * 50)),
        4 => "\u{1b}]52;c;aGk=\u{7}\u{1b}[2J\0".to_owned(),
        5 => "../../etc/passwd".to_owned(),
        6 => "é中\u{202e}".repeat(depth),
        7 => format!(
            "[{{ _id: 1, a: [{0}], b: [{0}], c: [{0}] }}]",
            (0..depth.min(60)).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
        ),
        8 => format!("{{ 'a{}': 1 }}", ".0".repeat(depth)),
        9 => format!("{}", u.arbitrary::<i64>()?),
        10 => "x".repeat(depth * 100),
        _ => String::new(),
    })
}

/// `text` as a TOML basic string.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

const DOCUMENTS: &[&str] = &[
    "{ a: 1 }",
    "{ _id: 1, a: [1, 2, { b: 'x' }] }",
    "{ d: ISODate('2020-01-01T00:00:00Z'), n: NumberDecimal('1.5') }",
    "{ s: 'é中', b: true, z: null }",
    "{ o: ObjectId('6ac711ed0102030405060708'), l: NumberLong(5) }",
    "{\"$oid\": \"6ac711ed0102030405060708\"}",
    "{ \"a\": { \"$numberInt\": \"1\" } }",
    "{ u: UUID(), t: new Date(), x: ObjectId() }",
    "{ a: { b: { c: 1 } } }",
    "{ }",
];
const DOCS: &[&str] = &[
    "[{ _id: 1, a: 1 }, { _id: 2, a: 'x' }, { _id: 3 }]",
    "[]",
    "[{ _id: 1, a: [1, 2] }, { _id: 2, a: [[1]] }, { _id: 3, a: null }]",
    "[{ _id: 1, d: ISODate('2020-01-01T00:00:00Z') }, { _id: 2, d: 5 }]",
    "[{ a: 1 }, { a: 2 }]",
    "[{ _id: 1 }, { _id: 1 }]",
];
const FILTERS: &[&str] = &[
    "{}",
    "{ a: 1 }",
    "{ a: { $gt: 0 } }",
    "{ 'a.0': 1 }",
    "{ a: /x/i }",
    "{ a: { $type: 'string' } }",
    "{ $or: [{ a: 1 }, { a: { $exists: false } }] }",
    "{ a: { $elemMatch: { $gte: 2 } } }",
    "{ $expr: { $gt: ['$a', 0] } }",
];
const SORTS: &[&str] = &["{ a: 1 }", "{ a: -1, _id: 1 }", "{ a: 0 }", "{ 'a.b': 1 }", "{}"];
const EXPRESSIONS: &[&str] = &[
    "{ $add: [1, 2] }",
    "'$a'",
    "{ $type: '$a' }",
    "{ $subtract: [ISODate('2020-01-02T00:00:00Z'), ISODate('2020-01-01T00:00:00Z')] }",
    "{ $concat: ['a', 'b'] }",
    "{ $literal: 42.0 }",
    "'$$NOW'",
    "{ $bsonSize: { $literal: { a: 1 } } }",
    "{ $divide: [1, 0] }",
    "{ $toDecimal: '1e6144' }",
    "{ $range: [0, 100000] }",
    "1",
    "{ $eq: [1, 1.0] }",
];
const PIPELINES: &[&str] = &[
    "[{ $match: {} }]",
    "[{ $unwind: '$a' }, { $unwind: '$b' }, { $unwind: '$c' }]",
    "[{ $group: { _id: null, n: { $push: '$$ROOT' } } }]",
    "[{ $sort: { a: 1 } }, { $limit: 1 }]",
    "[{ $project: { a: 1, _id: 0 } }]",
    "[{ $bucket: { groupBy: '$a', boundaries: [0, 10] } }]",
    "[{ $addFields: { x: { $range: [0, 1000] } } }, { $unwind: '$x' }]",
    "[{ $count: 'n' }]",
    "[]",
];
const EXPECTS: &[&str] = &[
    "12", "0c000000 10 61 00 01000000 00", "1,2", "1, 2, 3", "int", "string", "a", "b",
    "2020-01-01T00:00:00Z", "3", "type", "value", "length", "", "[1, 2]", "NumberLong(5)",
];
const PATHS: &[&str] = &["a", "a.0", "", "a.b.c", "_id", "a.1.b"];
const ASKS: &[&str] = &["role", "type", "value", "timestamp", "seconds", "counter", "first", "bogus"];
const OIDS: &[&str] = &["6ac711ed0102030405060708", "000000000000000000000000", "ffffffffffffffffffffffff", "6ac711ed"];
const TOS: &[&str] = &["table", "hex", "dump", "spans", "ejson", "relaxed", "relaxed-js", "stringify", "shell", "bogus"];
const TIMES: &[&str] = &["2026-10-08T03:45:49Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "bogus"];
const PROSE: &[&str] = &[
    "A document.",
    "Its size is {= { $bsonSize: { $literal: { a: 1 } } } =} bytes.",
    "- a bullet\n- another\n\n```\ncode\n```\n*emphasis*",
    "{= { $add: [1, 'a'] } =}",
    "{= =}",
    "Prose with \u{1b}[31mcolour\u{1b}[0m.",
];
const IDS: &[&str] = &["x", "bytes", "a-b", "0", "-rf", "../../x", "A", "", "a\u{1b}", "a\0", "a#1"];
const NAMES: &[&str] = &["intro", "hex-doc", "size-2", "3", "Hex Doc", "", "intro"];

/// One `key = value` line.
fn field(out: &mut String, key: &str, value: &str) {
    let _ = writeln!(out, "{key} = {}", quote(value));
}

fn strings(u: &mut Unstructured<'_>, pool: &[&str]) -> Result<String> {
    let n = u.int_in_range(0..=4usize)?;
    let mut items = Vec::new();
    for _ in 0..n {
        items.push(quote(&value(u, pool)?));
    }
    Ok(format!("[{}]", items.join(", ")))
}

/// One `[[step]]` table.
fn step(u: &mut Unstructured<'_>, out: &mut String) -> Result<()> {
    out.push_str("\n[[step]]\n");
    if u.ratio(3, 4)? {
        field(out, "name", &value(u, NAMES)?);
    }
    let kind = pick(u, &["text", "hex", "run", "table", "exercise", "essay"])?;
    field(out, "kind", kind);
    match kind {
        "text" => {
            field(out, "text", &value(u, PROSE)?);
            if u.ratio(1, 3)? {
                field(out, "claim", pick(u, &["documented", "observed", "implementation-detail", "simplified-model", "rumour"])?);
            }
        }
        "hex" => {
            field(out, "document", &value(u, DOCUMENTS)?);
            if u.ratio(1, 2)? {
                field(out, "focus", &value(u, PATHS)?);
            }
        }
        "run" => {
            let command = pick(u, &["eval", "find", "aggregate", "inspect", "oid", "shell"])?;
            field(out, "command", command);
            match command {
                "eval" => field(out, "expression", &value(u, EXPRESSIONS)?),
                "find" => {
                    field(out, "docs", &value(u, DOCS)?);
                    field(out, "filter", &value(u, FILTERS)?);
                    if u.ratio(1, 2)? {
                        field(out, "sort", &value(u, SORTS)?);
                    }
                }
                "aggregate" => {
                    field(out, "docs", &value(u, DOCS)?);
                    field(out, "pipeline", &value(u, PIPELINES)?);
                }
                "inspect" => {
                    field(out, "document", &value(u, DOCUMENTS)?);
                    field(out, "to", &value(u, TOS)?);
                }
                "oid" => {
                    if u.ratio(1, 2)? {
                        field(out, "id", &value(u, OIDS)?);
                    } else {
                        let _ = writeln!(out, "seed = {}", u.arbitrary::<u32>()?);
                        field(out, "at", &value(u, TIMES)?);
                        let _ = writeln!(out, "count = {}", u.int_in_range(0..=20u32)?);
                        let _ = writeln!(out, "processes = {}", u.int_in_range(0..=5u8)?);
                    }
                }
                _ => {}
            }
            if u.ratio(1, 3)? {
                let _ = writeln!(out, "ids = {}", u.arbitrary::<bool>()?);
            }
            if u.ratio(1, 4)? {
                field(out, "expect_error", &value(u, &["E11000", "exceeded", ""])?);
            }
        }
        "table" => {
            let n = u.int_in_range(0..=4usize)?;
            let mut rows = Vec::new();
            for _ in 0..n {
                rows.push(format!(
                    "{{ label = {}, value = {} }}",
                    quote(&value(u, &["int32", "string", "double"])?),
                    quote(&value(u, &["1", "'x'", "1.5", "NumberLong(2)", "[1]", "{ a: 1 }"])?)
                ));
            }
            let _ = writeln!(out, "rows = [{}]", rows.join(", "));
        }
        "exercise" => {
            let kind = pick(u, &["size", "bytes", "decode", "find", "sort", "eval", "type", "oid", "choice", "essay"])?;
            field(out, "type", kind);
            field(out, "prompt", &value(u, PROSE)?);
            field(out, "explanation", &value(u, PROSE)?);
            field(out, "expect", &value(u, EXPECTS)?);
            let _ = writeln!(out, "reject = {}", strings(u, EXPECTS)?);
            if u.ratio(1, 2)? {
                let _ = writeln!(out, "hints = {}", strings(u, PROSE)?);
            }
            match kind {
                "size" | "bytes" | "decode" => {
                    field(out, "document", &value(u, DOCUMENTS)?);
                    if kind == "bytes" && u.ratio(1, 2)? {
                        field(out, "path", &value(u, PATHS)?);
                    }
                    if kind == "decode" {
                        let _ = writeln!(out, "offset = {}", u.int_in_range(0..=64u32)?);
                        field(out, "ask", &value(u, ASKS)?);
                    }
                }
                "find" | "sort" => {
                    field(out, "docs", &value(u, DOCS)?);
                    if kind == "find" {
                        field(out, "filter", &value(u, FILTERS)?);
                    } else {
                        field(out, "sort", &value(u, SORTS)?);
                    }
                }
                "eval" | "type" => {
                    field(out, "expression", &value(u, EXPRESSIONS)?);
                    if u.ratio(1, 3)? {
                        field(out, "document", &value(u, DOCUMENTS)?);
                    }
                    if u.ratio(1, 3)? {
                        let _ = writeln!(out, "exact_type = {}", u.arbitrary::<bool>()?);
                    }
                }
                "oid" => {
                    field(out, "ask", &value(u, ASKS)?);
                    if u.ratio(3, 4)? {
                        field(out, "id", &value(u, OIDS)?);
                    } else {
                        let _ = writeln!(out, "options = {}", strings(u, OIDS)?);
                    }
                }
                "choice" => {
                    let _ = writeln!(out, "options = {}", strings(u, &["yes", "no", "maybe"])?);
                    if u.ratio(1, 2)? {
                        let _ = writeln!(out, "claims = {}", strings(u, &["true", "false", "", "{ $eq: [1, 1] }"])?);
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
    // Now and then a key the step does not take, or a line that is not TOML.
    if u.ratio(1, 20)? {
        field(out, pick(u, &["colour", "document", "kind", "name"])?, "x");
    }
    if u.ratio(1, 30)? {
        out.push_str(u.arbitrary::<&str>()?);
        out.push('\n');
    }
    Ok(())
}

fn lesson(u: &mut Unstructured<'_>) -> Result<String> {
    let mut out = String::new();
    match u.int_in_range(0..=19u8)? {
        0 => {}
        1 => out.push_str("format_version = 2\n"),
        2 => out.push_str("format_version = \"1\"\n"),
        _ => out.push_str("format_version = 1\n"),
    }
    field(&mut out, "id", &value(u, IDS)?);
    field(&mut out, "title", &value(u, &["Bytes", "T\u{1b}]0;x\u{7}", ""])?);
    let _ = writeln!(out, "order = {}", u.int_in_range(0..=20u32)?);
    field(&mut out, "summary", &value(u, PROSE)?);
    if u.ratio(1, 4)? {
        let _ = writeln!(out, "prerequisites = {}", strings(u, IDS)?);
    }
    for _ in 0..u.int_in_range(0..=5usize)? {
        step(u, &mut out)?;
    }
    Ok(out)
}

/// Every line of every rendering is free of control characters, and the first line is
/// clipped (a megabyte of input never makes a megabyte of message).
fn assert_safe(what: &str, text: &str) {
    for line in text.lines() {
        assert!(!line.chars().any(is_unsafe), "{what}: raw control character: {line:?}");
    }
    let first = text.lines().next().unwrap_or_default();
    let start: String = first.chars().take(300).collect();
    assert!(first.chars().count() < 2_000, "{what}: {} characters: {start}", first.chars().count());
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(text) = lesson(&mut u) else { return };
    let all = load_files([PackFile::text("a.toml", text.clone()), PackFile::text("b.toml", text)]);
    assert_eq!(all.len(), 2);
    assert!(all.iter().filter(|l| l.is_ok()).count() <= 1, "one id, two lessons loaded");
    for result in &all {
        let loaded = match result {
            Err(e) => {
                for lang in [Lang::En, Lang::Vi, Lang::Zh] {
                    assert_safe("load error", &e.to_string_in(lang));
                }
                continue;
            }
            Ok(loaded) => loaded,
        };
        assert_eq!(check_id(&loaded.lesson.id), Ok(()));
        for id in &loaded.lesson.prerequisites {
            assert_eq!(check_id(id), Ok(()));
        }
        let flag = Interrupt::new();
        let running = watchdog();
        *running.lock().unwrap_or_else(|p| p.into_inner()) = Some((Instant::now(), flag.clone()));
        let ctx = Context { lang: Lang::En, ..Context::default() };
        let report = flag.watch(|| check_lesson(loaded, &ctx));
        *running.lock().unwrap_or_else(|p| p.into_inner()) = None;
        for failure in &report.failures {
            for lang in [Lang::En, Lang::Vi, Lang::Zh] {
                let _ = failure.display_in(lang).to_string();
            }
        }
    }
});
