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
use bson_tutor::shell::sandbox::{Session, Start};
use bson_tutor::shell::{Echo, Output, Thrown};
use bson_tutor::strings::safe::escape_text;

use super::args::parse_now;
use super::error::{CliError, fail};
use super::i18n::t;

mod data;
mod repl;
pub mod worker;

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
    let mut start = Start::seeded(seed, args.now);
    start.data.clone_from(&args.data);
    let session = match Session::start(start, clock) {
        Ok(s) => s,
        Err(reason) => return fail(&CliError::ShellStart { reason }),
    };
    let interrupted = Arc::new(AtomicBool::new(false));
    // Ctrl-C during an evaluation stops the evaluation, not the shell.
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&interrupted));
    let shell = Shell {
        session: Rc::new(RefCell::new(session)),
        interrupted,
        limit: args.max_time_ms,
        saves: args.data.is_some(),
        said: RefCell::default(),
    };
    shell.say_notes();
    if args.files.is_empty() && args.eval.is_empty() {
        repl::run(&shell, args.data.as_deref())
    } else {
        run_scripts(args, &shell)
    }
}

/// The console of `bson-tutor shell` and how it runs a line.
pub(super) struct Shell {
    /// The console (in its worker process).
    pub session: Rc<RefCell<Session>>,
    interrupted: Arc<AtomicBool>,
    limit: u64,
    /// `--data` was given: the databases are saved after every evaluation, so a worker
    /// that has to be killed loses only the run it was killed in.
    saves: bool,
    /// The notes already said (a file of `--data` left as it is is said once).
    said: RefCell<std::collections::BTreeSet<String>>,
}

impl Shell {
    /// Runs one evaluation under a fresh interrupt, tripped by the time limit or by Ctrl-C:
    /// what it prints goes to standard output as it is printed, its error to standard
    /// error; with `--data` the databases are saved after it. Whether it ended without an
    /// error.
    pub fn run(&self, source: &str, name: &str, echo: Echo) -> bool {
        let error = evaluate(
            &self.session,
            source,
            name,
            echo,
            &self.interrupted,
            self.limit,
        );
        let mut ok = report(error.as_ref(), self.limit);
        // A worker started again after a kill reloads `--data` and says its notes again.
        self.say_notes();
        if self.saves {
            let saved = self.session.borrow_mut().save();
            match saved {
                Ok(notes) => self.say(notes),
                Err(reason) => {
                    let _ = fail(&CliError::ShellStart { reason });
                    ok = false;
                }
            }
        }
        ok
    }

    fn say_notes(&self) {
        let notes = self.session.borrow_mut().take_notes();
        self.say(notes);
    }

    /// Says each note on standard error, once a run.
    fn say(&self, notes: Vec<String>) {
        let mut said = self.said.borrow_mut();
        for n in notes {
            if said.insert(n.clone()) {
                super::i18n::note(&escape_text(&n));
            }
        }
    }
}

fn run_scripts(args: &ShellArgs, shell: &Shell) -> ExitCode {
    for (i, code) in args.eval.iter().enumerate() {
        let name = if args.eval.len() == 1 {
            "<eval>".to_owned()
        } else {
            format!("<eval {}>", i + 1)
        };
        if !shell.run(code, &name, Echo::Last) {
            return ExitCode::FAILURE;
        }
    }
    for file in &args.files {
        let source = match read_script(file) {
            Ok(s) => s,
            Err(e) => return fail(&e),
        };
        let name = file.display().to_string();
        if !shell.run(&source, &name, Echo::Nothing) {
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

/// Runs one evaluation under a fresh interrupt, tripped by the time limit or by Ctrl-C,
/// printing what it prints as it comes; its error, if any.
fn evaluate(
    session: &Rc<RefCell<Session>>,
    source: &str,
    name: &str,
    echo: Echo,
    interrupted: &Arc<AtomicBool>,
    limit: u64,
) -> Option<Thrown> {
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
    let terminal = std::io::stdout().is_terminal();
    let mut print = |o: Output| {
        let mut out = std::io::stdout().lock();
        match o {
            Output::Print { text, .. } => {
                // A terminal is not driven by what a script or a data folder holds.
                let text = if terminal {
                    escape_text(&text)
                } else {
                    text.into()
                };
                let _ = writeln!(out, "{text}");
                let _ = out.flush();
            }
            Output::Warning(text) => {
                let _ = out.flush();
                eprintln!("{}", escape_text(&text));
            }
        }
    };
    let error = stop.watch(|| {
        session
            .borrow_mut()
            .eval_streaming(source, name, echo, &mut print)
    });
    done.store(true, Ordering::Relaxed);
    if let Some(w) = watchdog {
        let _ = w.join();
    }
    error
}

/// Prints a run's error on standard error, control characters escaped. Whether there was
/// none.
fn report(error: Option<&Thrown>, limit: u64) -> bool {
    let _ = std::io::stdout().flush();
    match error {
        None => true,
        Some(e) => {
            let text = e.report_in(super::i18n::lang(), || {
                t("Uncaught: the evaluation was stopped after {ms} ms (--max-time-ms); nothing after it ran")
                    .replace("{ms}", &limit.to_string())
            });
            eprintln!("{}", escape_text(&text));
            false
        }
    }
}

/// Whether standard input is a terminal (the REPL then edits lines; otherwise it reads
/// them as they come, for pipes and tests).
pub(super) fn interactive() -> bool {
    std::io::stdin().is_terminal()
}
