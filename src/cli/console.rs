//! `bson-tutor shell` (the console): mongosh scripts run offline over the tutorial's engine, or a REPL.
//!
//! The binary owns what the library may not touch: the clock (unless `--now` fixes it), the
//! seed (unless `--seed` gives it), the time limit's watchdog and Ctrl-C, the terminal, and
//! `--data DIR`, where the databases are kept between runs as mongodump lays them out.

use std::cell::RefCell;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bson_tutor::query::interrupt::{Interrupt, Stop};
use bson_tutor::shell::{Console, DEFAULT_MEMORY_LIMIT, Echo, Output, Run};

use super::args::parse_now;
use super::error::{CliError, fail};
use super::i18n::t;

mod data;
mod repl;

/// The default time one evaluation may take (`--max-time-ms`): a script that has not ended
/// in ten seconds is in a loop the learner wants to hear about.
pub const DEFAULT_EVAL_MS: u64 = 10_000;

/// Options of `bson-tutor shell`.
#[derive(Debug, clap::Args)]
pub struct ShellArgs {
    /// Scripts to run in order, as `mongosh --quiet --file` runs them: a script prints only
    /// what it prints. Without a script or --eval, a REPL starts
    #[arg(value_name = "FILE.js")]
    pub files: Vec<PathBuf>,
    /// JavaScript to run before the scripts; its last value is printed, as mongosh --eval
    /// prints it
    #[arg(long, value_name = "CODE")]
    pub eval: Vec<String>,
    /// Seed this client process: its ObjectIds' 5-byte random value and counter start, its
    /// UUIDs and Math.random (default: a new process each run, as with mongosh)
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Fix the clock (ISO-8601, e.g. 2026-10-08T03:45:49Z): new Date(), Date.now() and the
    /// time in ObjectIds read this (default: the system clock)
    #[arg(long, value_name = "ISO-TIME", value_parser = parse_now)]
    pub now: Option<i64>,
    /// Keep the databases in DIR between runs, as mongodump lays them out
    /// (DIR/DB/COLLECTION.bson and .metadata.json, written atomically); inspect and browse
    /// read them
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Stop an evaluation after this many milliseconds (0: no limit)
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_EVAL_MS)]
    pub max_time_ms: u64,
}

/// Runs the scripts, or the REPL.
pub fn run(args: &ShellArgs) -> ExitCode {
    let seed = args.seed.unwrap_or_else(rand::random);
    let clock: bson_tutor::shell::Clock = match args.now {
        Some(ms) => Box::new(move || ms),
        None => Box::new(|| jiff::Timestamp::now().as_millisecond()),
    };
    let server = match &args.data {
        Some(dir) => match data::load(dir, seed) {
            Ok(server) => server,
            Err(e) => return fail(&e),
        },
        None => bson_tutor::shell::server::Server::seeded(seed),
    };
    let console = match Console::with_server(server, clock, DEFAULT_MEMORY_LIMIT) {
        Ok(c) => c,
        Err(reason) => return fail(&CliError::ShellStart { reason }),
    };
    let console = Rc::new(RefCell::new(console));
    let interrupted = Arc::new(AtomicBool::new(false));
    // Ctrl-C during an evaluation stops the evaluation, not the shell.
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&interrupted));
    let limit = args.max_time_ms;
    let code = if args.files.is_empty() && args.eval.is_empty() {
        repl::run(&console, &interrupted, limit, args.data.as_deref())
    } else {
        run_scripts(args, &console, &interrupted, limit)
    };
    if let Some(dir) = &args.data
        && let Err(e) = data::save(dir, &console.borrow().server())
    {
        return fail(&e);
    }
    code
}

fn run_scripts(
    args: &ShellArgs,
    console: &Rc<RefCell<Console>>,
    interrupted: &Arc<AtomicBool>,
    limit: u64,
) -> ExitCode {
    for (i, code) in args.eval.iter().enumerate() {
        let name = if args.eval.len() == 1 {
            "<eval>".to_owned()
        } else {
            format!("<eval {}>", i + 1)
        };
        let run = evaluate(console, code, &name, Echo::Last, interrupted, limit);
        if !show(&run, limit) {
            return ExitCode::FAILURE;
        }
    }
    for file in &args.files {
        let source = match read_script(file) {
            Ok(s) => s,
            Err(e) => return fail(&e),
        };
        let name = file.display().to_string();
        let run = evaluate(console, &source, &name, Echo::Nothing, interrupted, limit);
        if !show(&run, limit) {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

/// A script's text: UTF-8, at most 16 MiB (a bigger file is not a script).
fn read_script(path: &std::path::Path) -> Result<String, CliError> {
    const MAX: u64 = 16 * 1024 * 1024;
    let io = |error| CliError::Io {
        path: path.to_path_buf(),
        error,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.len() > MAX {
        return Err(CliError::ShellScriptTooLarge {
            path: path.display().to_string(),
            bytes: meta.len(),
        });
    }
    let bytes = std::fs::read(path).map_err(io)?;
    String::from_utf8(bytes).map_err(|e| CliError::ShellScriptNotUtf8 {
        path: path.display().to_string(),
        offset: e.utf8_error().valid_up_to(),
    })
}

/// Runs one evaluation under a fresh interrupt, tripped by the time limit or by Ctrl-C.
pub(super) fn evaluate(
    console: &Rc<RefCell<Console>>,
    source: &str,
    name: &str,
    echo: Echo,
    interrupted: &Arc<AtomicBool>,
    limit: u64,
) -> Run {
    interrupted.store(false, Ordering::Relaxed);
    let stop = Interrupt::new();
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let (stop, done, interrupted) = (stop.clone(), Arc::clone(&done), Arc::clone(interrupted));
        std::thread::Builder::new()
            .name("shell-watchdog".into())
            .spawn(move || {
                let started = Instant::now();
                while !done.load(Ordering::Relaxed) {
                    if interrupted.swap(false, Ordering::Relaxed) {
                        stop.trip(Stop::Cancelled);
                    }
                    if limit > 0 && started.elapsed() >= Duration::from_millis(limit) {
                        stop.trip(Stop::TimeLimit);
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            })
            .ok()
    };
    let run = stop.watch(|| console.borrow_mut().eval(source, name, echo));
    done.store(true, Ordering::Relaxed);
    if let Some(w) = watchdog {
        let _ = w.join();
    }
    run
}

/// Prints a run: documents and prints on standard output, warnings and the error on
/// standard error. Whether it ended without an error.
pub(super) fn show(run: &Run, limit: u64) -> bool {
    let mut out = std::io::stdout().lock();
    for o in &run.output {
        match o {
            Output::Print { text, .. } => {
                let _ = writeln!(out, "{text}");
            }
            Output::Warning(text) => {
                let _ = out.flush();
                eprintln!("{text}");
            }
        }
    }
    let _ = out.flush();
    match &run.error {
        None => true,
        Some(e) => {
            let text = e.report_in(super::i18n::lang(), || {
                t("Uncaught: the evaluation was stopped after {ms} ms (--max-time-ms); nothing after it ran")
                    .replace("{ms}", &limit.to_string())
            });
            eprintln!("{text}");
            false
        }
    }
}

/// Whether standard input is a terminal (the REPL then edits lines; otherwise it reads
/// them as they come, for pipes and tests).
pub(super) fn interactive() -> bool {
    std::io::stdin().is_terminal()
}
