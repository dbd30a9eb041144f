//! The `bson-tutor` binary: parse the command line (its help in the learner's language) and
//! hand over to [`cli::run`].

mod cli;

/// Streaming a dump allocates and frees each value of each document: mimalloc's per-thread
/// free lists do that faster than the system's allocator, on every core at once.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    match cli::Cli::parse_localized() {
        Ok(cli) => cli::run(cli),
        // `--help`, `--version` or a usage error, already written.
        Err(code) => code,
    }
}
