//! `bson-tutor __console-worker`: the process a console runs in (see
//! [`bson_tutor::shell::sandbox`]). It reads requests on standard input and answers on
//! standard output until its input ends; the process that started it ends it when a script
//! does not stop in time. Not a command for people: `bson-tutor shell`, the tutorial and
//! `check` start it themselves.

use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use bson_tutor::shell::sandbox::{self, Start};
use bson_tutor::shell::{Clock, Console, DEFAULT_MEMORY_LIMIT};
use bson_tutor::strings::localize::Localize;

use super::data;
use crate::cli::i18n;

/// The argument that makes the binary a worker.
pub const ARG: &str = "__console-worker";

/// The command that starts a worker: this program, in the language of this run.
pub fn command() -> Option<sandbox::WorkerCommand> {
    let program = std::env::current_exe().ok()?;
    Some(sandbox::WorkerCommand {
        program,
        args: vec![ARG.into(), "--lang".into(), i18n::lang().code().into()],
    })
}

/// Gives back to the system the memory mimalloc (the binary's allocator) holds free, so that
/// the console's budget, read from the process's resident size, sees a dropped collection
/// go. `mi_collect` is in the C library the `mimalloc` crate links; its Rust binding is
/// behind a feature of `libmimalloc-sys` this project does not need otherwise.
fn release() {
    unsafe extern "C" {
        fn mi_collect(force: bool);
    }
    // SAFETY: `mi_collect` takes a flag and may be called at any time from any thread.
    unsafe { mi_collect(true) }
}

/// The worker's life: `args` are those after [`ARG`].
pub fn main(args: &[OsString]) -> ExitCode {
    let mut stdout = std::io::stdout();
    let refuse = |stdout: &mut std::io::Stdout, why: &str| {
        let _ = sandbox::refuse_start(stdout, why);
        ExitCode::FAILURE
    };
    let mut args = args.to_vec();
    if args.first().and_then(|a| a.to_str()) == Some("--lang") {
        if let Some(lang) = args
            .get(1)
            .and_then(|a| a.to_str())
            .and_then(|c| i18n::parse_lang(c).ok())
        {
            i18n::set(lang);
        }
        args.drain(..2.min(args.len()));
    }
    let start = match Start::from_args(&args) {
        Ok(s) => s,
        Err(why) => return refuse(&mut stdout, &why),
    };
    // Ctrl-C at a terminal reaches the whole process group: the process that shows the
    // console decides what it stops, and tells this one.
    let _ = signal_hook::flag::register(
        signal_hook::consts::SIGINT,
        Arc::new(AtomicBool::new(false)),
    );
    let lang = i18n::lang();
    let mut server = start.server();
    let mut notes = Vec::new();
    if let Some(dir) = &start.data {
        match data::load_all(dir, server) {
            Ok(loaded) => {
                server = loaded.server;
                notes = loaded.kept.iter().map(|k| k.to_string_in(lang)).collect();
            }
            Err(e) => return refuse(&mut stdout, &e.to_string_in(lang)),
        }
    }
    let clock: Clock = match start.now_ms {
        Some(ms) => Box::new(move || ms),
        None => Box::new(|| jiff::Timestamp::now().as_millisecond()),
    };
    let console = match Console::with_server(server, clock, DEFAULT_MEMORY_LIMIT) {
        Ok(c) => c,
        Err(why) => return refuse(&mut stdout, &why),
    };
    let save: sandbox::Save = match start.data.clone() {
        Some(dir) => Box::new(move |server| {
            let kept = data::save_all(&dir, server).map_err(|e| e.to_string_in(lang))?;
            server.forget_changes();
            Ok(kept.iter().map(|k| k.to_string_in(lang)).collect())
        }),
        None => Box::new(|_| Ok(Vec::new())),
    };
    match sandbox::serve(console, &notes, std::io::stdin(), stdout, save, release) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
