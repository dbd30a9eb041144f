//! Random JavaScript fed to the console (issue 18): after a prefix that reaches mongosh's API
//! (a collection method, a BSON constructor, EJSON, printing), any text. Nothing panics, no
//! evaluation outlives its time limit, and the sandbox holds: after every input, `require`,
//! `process`, `os` and `std` are still absent.
#![no_main]

use std::cell::RefCell;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bson_tutor::query::interrupt::{Interrupt, Stop};
use bson_tutor::shell::{Console, Echo, Settings};
use libfuzzer_sys::fuzz_target;

const PREFIXES: &[&str] = &[
    "",
    "db.t.insertOne(",
    "db.t.insertMany([",
    "db.t.find(",
    "db.t.find({}).sort(",
    "db.t.updateOne({}, ",
    "db.t.aggregate([",
    "db.t.createIndex(",
    "db.t.distinct(",
    "printjson(",
    "print(",
    "EJSON.parse(",
    "EJSON.stringify(",
    "ObjectId(",
    "NumberLong(",
    "NumberDecimal(",
    "UUID(",
    "new Date(",
    "Object.bsonsize(",
    "db.getSiblingDB(",
];

type Watched = Arc<Mutex<Option<(Interrupt, Instant)>>>;

thread_local! {
    static STATE: RefCell<Option<(Console, usize)>> = const { RefCell::new(None) };
}

fn watchdog() -> Watched {
    static WATCH: std::sync::OnceLock<Watched> = std::sync::OnceLock::new();
    WATCH
        .get_or_init(|| {
            let w: Watched = Arc::new(Mutex::new(None));
            let seen = Arc::clone(&w);
            std::thread::spawn(move || loop {
                std::thread::sleep(Duration::from_millis(5));
                if let Some((stop, deadline)) = &*seen.lock().unwrap() {
                    if Instant::now() >= *deadline {
                        stop.trip(Stop::TimeLimit);
                    }
                }
            });
            w
        })
        .clone()
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let source = format!(
        "{}{}",
        PREFIXES[usize::from(pick) % PREFIXES.len()],
        String::from_utf8_lossy(rest)
    );
    let watch = watchdog();
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        // A fresh console now and then, so one input's globals do not pile up forever.
        if state.as_ref().is_none_or(|(_, n)| *n >= 500) {
            let mut settings = Settings::fixed(1, 1_791_431_149_000);
            settings.memory_limit = 64 * 1024 * 1024;
            *state = Some((Console::new(settings).expect("the console starts"), 0));
        }
        let (console, n) = state.as_mut().expect("a console");
        *n += 1;
        let stop = Interrupt::new();
        let started = Instant::now();
        *watch.lock().unwrap() = Some((stop.clone(), started + Duration::from_millis(200)));
        let _ = stop.watch(|| console.eval(&source, "fuzz.js", Echo::Last));
        *watch.lock().unwrap() = None;
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "an evaluation outlived its time limit: {source:?}"
        );
        let probe = console.eval(
            "[typeof require, typeof process, typeof os, typeof std].join()",
            "probe.js",
            Echo::Last,
        );
        let text = probe.text();
        // A script may redefine these names itself (`var process = 1`): only a real module
        // object would be an escape.
        assert!(!text.contains("[object"), "{source:?} -> {text}");
    });
});
