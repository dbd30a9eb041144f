//! The `bson-tutor` binary: parse the command line (its help in the learner's language) and
//! hand over to [`cli::run`].

mod cli;

/// Streaming a dump allocates and frees each value of each document: mimalloc's per-thread
/// free lists do that faster than the system's allocator, on every core at once.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).and_then(|a| a.to_str()) == Some(cli::CONSOLE_WORKER) {
        return cli::console_worker(&args[2..]);
    }
    match cli::Cli::parse_localized() {
        Ok(cli) => cli::run(cli),
        // `--help`, `--version` or a usage error, already written.
        Err(code) => code,
    }
}
