//! The console's own tests: the sandbox, limits, errors, completion and mongosh's echo.

use std::time::Duration;

use super::{Console, Echo, Output, Settings};
use crate::query::interrupt::{Interrupt, Stop};

const NOW: i64 = 1_791_431_149_000;

fn console() -> Console {
    Console::new(Settings::fixed(1, NOW)).unwrap()
}

fn eval(c: &mut Console, src: &str) -> String {
    c.eval(src, "test.js", Echo::Last).text()
}

#[test]
fn nothing_outside_the_language_is_reachable() {
    let mut c = console();
    for name in [
        "require",
        "process",
        "os",
        "std",
        "fetch",
        "XMLHttpRequest",
        "Deno",
        "Bun",
        "module",
        "__host",
        "scriptArgs",
        "load",
        "open",
        "read",
        "readFile",
        "writeFile",
        "system",
    ] {
        assert_eq!(
            eval(&mut c, &format!("typeof {name}")),
            "undefined\n",
            "{name}"
        );
    }
    // No module loader: an import has nowhere to read from.
    let run = c.eval("import('os')", "t.js", Echo::Last);
    let text = run.text();
    assert!(!text.contains("[object Module]"), "{text}");
    // `globalThis` holds only the language and mongosh's names.
    let names = eval(
        &mut c,
        "Object.getOwnPropertyNames(globalThis).filter(n => /file|path|env|exec|spawn/i.test(n)).join()",
    );
    assert_eq!(names, "\n");
}

#[test]
fn an_infinite_loop_is_stopped_and_the_console_goes_on() {
    let mut c = console();
    let stop = Interrupt::new();
    let tripper = stop.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        tripper.trip(Stop::TimeLimit);
    });
    let run = stop.watch(|| c.eval("let n = 0; for (;;) { n++ }", "loop.js", Echo::Last));
    t.join().unwrap();
    let e = run.error.expect("stopped");
    assert_eq!(e.stopped, Some(Stop::TimeLimit));
    assert_eq!(
        e.report(),
        "Uncaught: the script was stopped at its time limit"
    );
    // A later evaluation runs normally, and `n` kept what it reached.
    assert_eq!(eval(&mut c, "n > 0"), "true\n");
}

#[test]
fn a_runaway_allocation_hits_the_memory_limit() {
    let mut settings = Settings::fixed(1, NOW);
    settings.memory_limit = 32 * 1024 * 1024;
    let mut c = Console::new(settings).unwrap();
    let run = c.eval(
        "(() => { const a = []; for (;;) a.push('x'.repeat(1000) + a.length) })()",
        "mem.js",
        Echo::Nothing,
    );
    let e = run.error.expect("out of memory");
    assert!(e.out_of_memory || e.message.contains("memory"), "{e:?}");
    assert_eq!(eval(&mut c, "1 + 1"), "2\n");
}

#[test]
fn deep_recursion_is_a_range_error() {
    let mut c = console();
    let run = c.eval(
        "function f(n) { return f(n + 1) + 1 } f(0)",
        "deep.js",
        Echo::Last,
    );
    let e = run.error.expect("thrown");
    assert_eq!(e.name, "RangeError", "{e:?}");
}

#[test]
fn errors_name_their_class_line_and_column() {
    let mut c = console();
    let run = c.eval("const x = null;\nx.y", "bad.js", Echo::Nothing);
    let e = run.error.unwrap();
    assert_eq!(e.name, "TypeError");
    assert!(
        e.at.as_deref().is_some_and(|a| a.starts_with("bad.js:2:")),
        "{e:?}"
    );
    assert!(
        e.report().starts_with("Uncaught TypeError: "),
        "{}",
        e.report()
    );
    let syntax = c
        .eval("let a = ;", "syntax.js", Echo::Nothing)
        .error
        .unwrap();
    assert_eq!(syntax.name, "SyntaxError");
    assert!(
        syntax
            .at
            .as_deref()
            .is_some_and(|a| a.starts_with("syntax.js:1:")),
        "{syntax:?}"
    );
    let thrown = c.eval("throw 42", "t.js", Echo::Nothing).error.unwrap();
    assert_eq!(thrown.report(), "Uncaught 42");
    c.eval("db.t.insertOne({ _id: 1 })", "a.js", Echo::Nothing);
    let dup = c
        .eval("db.t.insertOne({ _id: 1 })", "a.js", Echo::Nothing)
        .error
        .unwrap();
    assert_eq!(dup.name, "MongoServerError");
    assert_eq!(
        dup.message,
        "E11000 duplicate key error collection: test.t index: _id_ dup key: { _id: 1 }"
    );
    let bad = c
        .eval(
            "db.t.find({ a: { $foo: 1 } }).toArray()",
            "a.js",
            Echo::Nothing,
        )
        .error
        .unwrap();
    assert_eq!(bad.name, "MongoServerError[BadValue]");
    assert_eq!(bad.message, "unknown operator: $foo");
}

#[test]
fn the_repl_echoes_as_mongosh_does() {
    let mut c = console();
    assert_eq!(eval(&mut c, "undefined"), "");
    assert_eq!(eval(&mut c, "'text'"), "text\n");
    assert_eq!(eval(&mut c, "use lab04"), "switched to db lab04\n");
    assert_eq!(c.db_name(), "lab04");
    eval(
        &mut c,
        "db.t.insertMany(Array.from({ length: 25 }, (_, i) => ({ _id: i })))",
    );
    let first = eval(&mut c, "db.t.find()");
    assert!(first.starts_with("[\n  { _id: 0 },"), "{first}");
    assert!(first.ends_with("Type \"it\" for more\n"), "{first}");
    assert_eq!(first.matches("_id").count(), 20);
    let rest = eval(&mut c, "it");
    assert_eq!(rest.matches("_id").count(), 5, "{rest}");
    assert!(!rest.contains("Type \"it\""), "{rest}");
    assert_eq!(eval(&mut c, "it"), "no cursor\n");
    assert_eq!(eval(&mut c, "show collections"), "t\n");
    let docs: Vec<_> = c
        .eval("db.t.find({ _id: { $lt: 2 } })", "r", Echo::Last)
        .output
        .into_iter()
        .flat_map(|o| match o {
            Output::Print { documents, .. } => documents,
            Output::Warning(_) => Vec::new(),
        })
        .collect();
    assert_eq!(docs.len(), 2);
}

#[test]
fn multi_line_input_and_completion() {
    let mut c = console();
    assert!(!c.is_complete("for (let i = 0; i < 3; i++) {"));
    assert!(!c.is_complete("const s = `a"));
    assert!(!c.is_complete("db.t.insertOne({"));
    assert!(c.is_complete("for (let i = 0; i < 3; i++) { print(i) }"));
    // A real syntax error is complete: evaluating it reports the error.
    assert!(c.is_complete("let = = 3"));
    eval(&mut c, "db.orders.insertOne({})");
    let (start, names) = c.complete("db.ord");
    assert_eq!((start, names), (3, vec!["orders".to_owned()]));
    let (_, names) = c.complete("db.orders.ins");
    assert_eq!(names, ["insert", "insertMany", "insertOne"]);
    let (_, names) = c.complete("print");
    assert!(names.contains(&"printjson".to_owned()), "{names:?}");
    // Completion never runs the user's code.
    let (_, names) = c.complete("(db.t.drop(), db).x");
    assert!(names.is_empty());
    assert_eq!(eval(&mut c, "show collections"), "orders\n");
}

#[test]
fn the_clock_and_randomness_are_the_callers() {
    let mut a = console();
    let mut b = console();
    let src = "[new Date().toISOString(), Date.now(), ObjectId().toHexString(), UUID().toHexString(), Math.random()].join(' ')";
    let x = eval(&mut a, src);
    assert_eq!(x, eval(&mut b, src));
    assert!(
        x.starts_with("2026-10-08T03:45:49.000Z 1791431149000 6ac711ed"),
        "{x}"
    );
    let mut other = Console::new(Settings::fixed(2, NOW)).unwrap();
    assert_ne!(x, eval(&mut other, src));
}

#[test]
fn javascript_values_become_bson_as_mongosh_sends_them() {
    let mut c = console();
    eval(
        &mut c,
        "db.t.insertOne({ _id: 1, i: 42.0, d: 42.5, z: -0, big: 2 ** 31, l: 5n, u: undefined, f() {}, r: /a/g, date: new Date(0) })",
    );
    let types = eval(
        &mut c,
        "db.t.aggregate([{ $project: { _id: 0, t: { $map: { input: { $objectToArray: '$$ROOT' }, in: { $concat: ['$$this.k', ':', { $type: '$$this.v' }] } } } } }]).toArray()[0].t.join(' ')",
    );
    assert_eq!(
        types,
        "_id:int i:int d:double z:double big:double l:long u:null r:regex date:date\n"
    );
    assert_eq!(eval(&mut c, "db.t.findOne().r.flags"), "s\n");
    assert_eq!(eval(&mut c, "Object.bsonsize({ a: 1 })"), "12\n");
}
