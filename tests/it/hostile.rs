//! The hostile-input suite: everything a user can type, load or point at, run through the
//! real binary, must end cleanly: exit 0, or exit 1 with a one-line message; never a panic
//! (101), an abort (134), a kill (137), another signal or a timeout. The memory cases run
//! the binary under a 1 GiB address-space limit (`ulimit -v` in `sh`), so an unbounded
//! allocation shows up as an abort instead of a slow machine.
//!
//! One file per area under `hostile/`; this file is their shared harness.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod engine;
mod loader;
mod output;
mod store;
mod tui;

/// How a run ended.
#[derive(Debug)]
pub struct Outcome {
    /// The exit code; `None` when a signal ended the process or the timeout killed it.
    pub code: Option<i32>,
    /// The signal that ended it, if one did.
    pub signal: Option<i32>,
    /// Whether the harness killed it at the timeout.
    pub timed_out: bool,
    pub stdout: Vec<u8>,
    pub stderr: String,
    /// How long it ran.
    pub elapsed: Duration,
}

impl Outcome {
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Limits for one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Killed (and reported as timed out) after this long.
    pub timeout: Duration,
    /// The address-space limit, in bytes (`None`: unlimited).
    pub address_space: Option<u64>,
}

/// One GiB of address space: the limit of the memory cases.
pub const ONE_GIB: u64 = 1 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout: Duration::from_secs(60),
            address_space: Some(ONE_GIB),
        }
    }
}

/// Runs the binary with `args`, `stdin` written to it (then closed), under `limits`.
pub fn run(args: &[&str], stdin: &[u8], limits: Limits) -> Outcome {
    run_with(args, stdin, limits, |_| {})
}

/// [`run`], with `setup` adjusting the command (environment, working directory) first.
pub fn run_with(
    args: &[&str],
    stdin: &[u8],
    limits: Limits,
    setup: impl FnOnce(&mut Command),
) -> Outcome {
    let bin = env!("CARGO_BIN_EXE_bson-tutor");
    let mut command = match limits.address_space {
        Some(bytes) => {
            let mut c = Command::new("sh");
            c.arg("-c")
                .arg(format!("ulimit -v {} && exec \"$0\" \"$@\"", bytes / 1024))
                .arg(bin)
                .args(args);
            c
        }
        None => {
            let mut c = Command::new(bin);
            c.args(args);
            c
        }
    };
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    setup(&mut command);
    let start = Instant::now();
    let mut child = command.spawn().expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // A child that stops reading early closes the pipe: not an error here.
        let _ = input.write_all(&stdin);
    });
    let mut out = child.stdout.take().expect("stdout is piped");
    let mut err = child.stderr.take().expect("stderr is piped");
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut buf);
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut buf);
        buf
    });
    let mut timed_out = false;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for the child works") {
            break status;
        }
        if start.elapsed() > limits.timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("a killed child can be waited for");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).into_owned();
    use std::os::unix::process::ExitStatusExt;
    Outcome {
        code: status.code(),
        signal: status.signal(),
        timed_out,
        stdout,
        stderr,
        elapsed,
    }
}

/// Asserts a clean end: exit 0, or exit 1 with exactly one line on stderr; `what` names the
/// case in the failure message.
pub fn assert_clean(what: &str, outcome: &Outcome) {
    assert!(
        !outcome.timed_out,
        "{what}: timed out after {:?}; stderr: {}",
        outcome.elapsed,
        window(&outcome.stderr)
    );
    match outcome.code {
        Some(0) => {}
        Some(1) => {
            let lines = outcome
                .stderr
                .lines()
                .filter(|l| !l.trim().is_empty())
                .count();
            assert_eq!(
                lines,
                1,
                "{what}: exit 1 must say one line, said: {}",
                window(&outcome.stderr)
            );
        }
        code => panic!(
            "{what}: not a clean exit: code {code:?}, signal {:?}; stderr: {}",
            outcome.signal,
            window(&outcome.stderr)
        ),
    }
}

/// Asserts exit 1 with one line on stderr that contains `needle`.
pub fn assert_refused(what: &str, outcome: &Outcome, needle: &str) {
    assert_clean(what, outcome);
    assert_eq!(
        outcome.code,
        Some(1),
        "{what}: expected a refusal, got exit 0; stdout: {}",
        window(&outcome.stdout())
    );
    assert!(
        outcome.stderr.contains(needle),
        "{what}: the message should contain {needle:?}: {}",
        window(&outcome.stderr)
    );
}

/// At most 600 characters of `text`, for failure messages.
pub fn window(text: &str) -> String {
    let cut: String = text.chars().take(600).collect();
    if cut.len() < text.len() {
        format!("{cut}... ({} bytes)", text.len())
    } else {
        cut
    }
}

#[test]
fn the_harness_sees_a_clean_exit_and_a_refusal() {
    let ok = run(&["oid", "--count", "2"], b"", Limits::default());
    assert_clean("oid --count 2", &ok);
    assert_eq!(ok.code, Some(0));
    assert_eq!(ok.stdout().lines().count(), 2, "{}", ok.stdout());
    let refused = run(&["no-such-command"], b"", Limits::default());
    assert_eq!(
        refused.code,
        Some(2),
        "clap's usage error: {}",
        refused.stderr
    );
}
