//! The console's limits hold wherever a script runs (issue 26): a loop inside a built-in
//! function, which QuickJS does not interrupt, is ended with the worker process it runs in,
//! within its time limit and the worker's grace; what a run prints and stores is bounded;
//! the console answers the next line.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{TempDir, bson_tutor, child_pids, vm_hwm_kib};

/// Loops of built-in functions over a huge array-like: each runs for days, and none polls
/// the engine's interrupt handler.
const NATIVE_LOOPS: &[&str] = &[
    "Array.prototype.reverse.call({ length: 2 ** 53 - 1 })",
    "Array.prototype.copyWithin.call({ length: 2 ** 53 - 1 }, 0, 1)",
    "Array.prototype.join.call({ length: 2 ** 53 - 1 })",
    "Array.prototype.sort.call({ length: 2 ** 32 - 1 })",
    "Array.prototype.fill.call({ length: 2 ** 53 - 1 }, 0)",
    "Array.prototype.splice.call({ length: 2 ** 53 - 1 }, 1, 1)",
    "Array.prototype.shift.call({ length: 2 ** 53 - 1 })",
    "Array.prototype.unshift.call({ length: 2 ** 53 - 2 }, 1)",
];

/// The time limit the tests give, and how long past it a run may take at most: the
/// worker's grace (1 s) and process start-up, with room for a loaded machine.
const LIMIT_MS: u64 = 500;
const SLACK: Duration = Duration::from_millis(2_000);

/// Waits for `child` at most `within`; kills it and fails the test past that.
fn finish_within(mut child: Child, within: Duration, what: &str) -> (Output, Duration) {
    let started = Instant::now();
    loop {
        if child.try_wait().expect("try_wait").is_some() {
            let out = child.wait_with_output().expect("output");
            return (out, started.elapsed());
        }
        if started.elapsed() > within + Duration::from_secs(20) {
            let _ = child.kill();
            let out = child.wait_with_output().expect("output");
            panic!(
                "{what}: still running after {:?}; stderr: {}",
                started.elapsed(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn spawn(args: &[&str], stdin: Option<&str>) -> Child {
    let mut child = bson_tutor()
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bson-tutor starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        pipe.write_all(text.as_bytes()).expect("write stdin");
    }
    child
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn shell_ends_every_native_loop_at_its_limit_and_says_so() {
    let limit = LIMIT_MS.to_string();
    for script in NATIVE_LOOPS {
        let source = format!("print('before'); {script}");
        let child = spawn(&["shell", "--max-time-ms", &limit, "--eval", &source], None);
        let (out, took) = finish_within(child, Duration::from_millis(LIMIT_MS) + SLACK, script);
        assert!(
            took <= Duration::from_millis(LIMIT_MS) + SLACK,
            "{script}: took {took:?}"
        );
        assert_eq!(out.status.code(), Some(1), "{script}");
        assert_eq!(
            text(&out.stdout),
            "before\n",
            "{script}: what it printed first"
        );
        let err = text(&out.stderr);
        assert!(err.contains("stopped after 500 ms"), "{script}: {err}");
        assert!(err.contains("did not stop when asked"), "{script}: {err}");
    }
}

#[test]
fn the_repl_answers_the_next_line_after_a_native_loop() {
    let child = spawn(
        &["shell", "--max-time-ms", "500"],
        Some(
            "let x = 41\nArray.prototype.reverse.call({ length: 2 ** 53 - 1 })\n1 + 1\ntypeof x\n",
        ),
    );
    let (out, took) = finish_within(child, Duration::from_millis(LIMIT_MS) + SLACK, "repl");
    assert!(
        took <= Duration::from_millis(LIMIT_MS) + SLACK,
        "took {took:?}"
    );
    let stdout = text(&out.stdout);
    // The console after the kill is a new one: `x` is gone, and it says so.
    assert!(stdout.ends_with("2\nundefined\n"), "{stdout}");
    assert!(text(&out.stderr).contains("its variables are gone"));
    assert_eq!(
        out.status.code(),
        Some(1),
        "a line that failed fails the run"
    );
}

#[test]
fn a_limit_reached_in_a_promise_job_ends_the_run() {
    let child = spawn(
        &[
            "shell",
            "--max-time-ms",
            "300",
            "--eval",
            "(async () => { await 0; for (;;); })(); 1",
        ],
        None,
    );
    let (out, _) = finish_within(child, Duration::from_millis(300) + SLACK, "job");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("stopped after 300 ms"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_getter_that_loops_does_not_hang_the_prompt() {
    // The prompt reads `db.getName()`: a looping getter is stopped like a script.
    let child = spawn(
        &["shell", "--max-time-ms", "300"],
        Some("db = { getName() { for (;;) {} } }\n2 + 3\n"),
    );
    let (out, _) = finish_within(child, Duration::from_secs(6), "getter");
    assert!(text(&out.stdout).contains('5'), "{}", text(&out.stdout));
}

/// The peak resident memory of `child` and every process it started, in KiB, sampled until
/// it exits; with its output.
fn peak_of_tree(mut child: Child) -> (Output, u64) {
    let stdout = child.stdout.take().expect("stdout");
    let counted = std::thread::spawn(move || {
        let mut n = 0u64;
        let mut r = std::io::BufReader::new(stdout);
        let mut buf = [0u8; 65536];
        while let Ok(k) = std::io::Read::read(&mut r, &mut buf) {
            if k == 0 {
                break;
            }
            n += k as u64;
        }
        n
    });
    let mut peak = 0;
    let started = Instant::now();
    while child.try_wait().expect("try_wait").is_none() {
        let pid = child.id();
        for p in std::iter::once(pid).chain(child_pids(pid)) {
            peak = peak.max(vm_hwm_kib(p).unwrap_or(0));
        }
        assert!(started.elapsed() < Duration::from_secs(60), "still running");
        std::thread::sleep(Duration::from_millis(5));
    }
    let printed = counted.join().expect("counter");
    let out = child.wait_with_output().expect("output");
    assert!(printed <= 9 * 1024 * 1024, "printed {printed} bytes");
    (out, peak)
}

#[test]
#[cfg(target_os = "linux")]
fn print_and_store_bombs_stay_under_512_mib() {
    let bombs = [
        (
            "for (;;) print('x'.repeat(1e6))",
            "printed more than a run may print",
        ),
        (
            "const s = 'x'.repeat(16 * 1024 * 1024 - 64); for (let i = 0; ; i++) db.big.insertOne({ _id: i, s })",
            "memory budget",
        ),
        (
            "const s = 'y'.repeat(1 << 20); for (let i = 0; ; i++) db.many.insertOne({ _id: i, s })",
            "memory budget",
        ),
    ];
    for (script, says) in bombs {
        let child = spawn(&["shell", "--max-time-ms", "30000", "--eval", script], None);
        let (out, peak_kib) = peak_of_tree(child);
        eprintln!(
            "shell_sandbox: peak RSS {:.1} MiB: {script}",
            peak_kib as f64 / 1024.0
        );
        assert_eq!(out.status.code(), Some(1), "{script}");
        assert!(
            text(&out.stderr).contains(says),
            "{script}: {}",
            text(&out.stderr)
        );
        assert!(peak_kib <= 512 * 1024, "{script}: peak {peak_kib} KiB");
    }
}

#[test]
fn documents_nested_past_serde_json_s_limit_cross_the_host_call() {
    // 43 to 100 levels used to be refused as "database name must be a string", and
    // printjson printed an empty line.
    for depth in [43, 64, 99] {
        let script = format!(
            "let d = {{ v: 1 }}; for (let i = 1; i < {depth}; i++) d = {{ d }}; \
             db.deep.insertOne({{ _id: {depth}, d }}); \
             let got = db.deep.findOne({{ _id: {depth} }}); let n = 0; \
             for (let x = got.d; x.d; x = x.d) n++; print(n + 1); printjson({{ a: 1 }})"
        );
        let out = bson_tutor()
            .args(["shell", "--eval", &script])
            .output()
            .expect("runs");
        assert_eq!(
            text(&out.stdout),
            format!("{depth}\n{{ a: 1 }}\n"),
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn server_errors_and_prints_reach_a_terminal_escaped() {
    // Standard error is not a terminal here, but error reports are always escaped.
    let out = bson_tutor()
        .args([
            "shell",
            "--eval",
            "db.c.insertOne({ _id: '\\x1b]0;pwned\\x07' }); db.c.insertOne({ _id: '\\x1b]0;pwned\\x07' })",
        ])
        .output()
        .expect("runs");
    let err = text(&out.stderr);
    assert!(err.contains("E11000"), "{err}");
    assert!(
        !err.contains('\u{1b}'),
        "an escape reached the terminal: {err:?}"
    );
    assert!(err.contains("\\u{1b}"), "{err}");
}

fn write_lesson(dir: &Path) {
    std::fs::write(
        dir.join("loop.toml"),
        r#"format_version = 1
id = "loop"
title = "A loop in a built-in"
order = 900
summary = "A shell step the engine cannot interrupt."

[[step]]
name = "intro"
kind = "text"
text = "Before."

[[step]]
name = "spin"
kind = "shell"
script = "print('before'); Array.prototype.reverse.call({ length: 2 ** 53 - 1 })"

[[step]]
name = "ex"
kind = "exercise"
type = "script"
prompt = "Print 1."
expect = "print(1)"
explanation = "One."
"#,
    )
    .expect("lesson written");
}

#[test]
fn check_show_and_answer_end_a_native_loop_in_a_lesson() {
    let dir = TempDir::new("sandbox", "lesson");
    write_lesson(&dir);
    let lessons = dir.to_str().expect("utf-8 path");
    // check: the lesson's budget.
    let child = spawn(&["check", lessons, "--max-time-ms", "500"], None);
    let (out, took) = finish_within(child, Duration::from_millis(500) + SLACK, "check");
    assert!(
        took <= Duration::from_millis(500) + SLACK,
        "check took {took:?}"
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains("time budget ran out"),
        "{}",
        text(&out.stdout)
    );
    // show and answer: the default budget of 10 s, then the worker's grace.
    let budget = Duration::from_secs(10) + SLACK;
    let child = spawn(&["show", "loop", "--lessons", lessons], None);
    let (out, took) = finish_within(child, budget, "show");
    assert!(took <= budget, "show took {took:?}");
    assert_ne!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("time limit"),
        "{}",
        text(&out.stderr)
    );
    let child = spawn(
        &[
            "answer",
            "loop",
            "1",
            "--lessons",
            lessons,
            "--",
            "Array.prototype.reverse.call({ length: 2 ** 53 - 1 })",
        ],
        None,
    );
    let (out, took) = finish_within(child, budget, "answer");
    assert!(took <= budget, "answer took {took:?}");
    assert!(
        text(&out.stdout).contains("did not stop when asked"),
        "{}",
        text(&out.stdout)
    );
    // And the right answer is still judged right.
    let out = bson_tutor()
        .args([
            "answer",
            "loop",
            "1",
            "--lessons",
            lessons,
            "--",
            "print(1)",
        ])
        .output()
        .expect("runs");
    assert!(
        text(&out.stdout).starts_with("correct"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
#[cfg(target_os = "linux")]
fn a_spinning_worker_ends_with_the_process_that_started_it() {
    let mut child = spawn(
        &[
            "shell",
            "--max-time-ms",
            "0",
            "--eval",
            "Array.prototype.reverse.call({ length: 2 ** 53 - 1 })",
        ],
        None,
    );
    // The worker: a child of the shell, found through /proc.
    let started = Instant::now();
    let worker = loop {
        if let Some(w) = child_pids(child.id()).first() {
            break *w;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no worker started"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    std::thread::sleep(Duration::from_millis(300));
    child.kill().expect("killed");
    child.wait().expect("reaped");
    let gone = Instant::now();
    // Dead or a zombie (its parent, the shell, is gone: init reaps it).
    let alive = |pid: u32| {
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map(|s| !s.contains(") Z ") && !s.contains(") X "))
            .unwrap_or(false)
    };
    while alive(worker) {
        assert!(
            gone.elapsed() < Duration::from_secs(10),
            "worker {worker} still spins after its shell was killed"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn over_the_memory_budget_a_learner_can_still_count_drop_and_write_again() {
    // The budget refuses what grows, never what looks or makes room.
    let child = spawn(
        &["shell", "--max-time-ms", "60000"],
        Some(
            "const s = 'y'.repeat(1 << 20); for (let i = 0; ; i++) db.m.insertOne({ _id: i, s })\n\
             db.m.countDocuments() > 100\n\
             db.m.drop()\n\
             db.m.insertOne({ _id: 1 })\n",
        ),
    );
    let (out, _) = finish_within(child, Duration::from_secs(60), "budget");
    let err = text(&out.stderr);
    assert!(err.contains("memory budget"), "{err}");
    assert!(
        !err.contains("was ended"),
        "the count took the worker down: {err}"
    );
    assert_eq!(
        text(&out.stdout),
        "true\ntrue\n{ acknowledged: true, insertedId: 1 }\n"
    );
}
