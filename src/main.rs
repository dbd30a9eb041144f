//! The `bson-tutor` binary: parse the command line (its help in the learner's language) and
//! hand over to [`cli::run`].

mod cli;

fn main() -> std::process::ExitCode {
    match cli::Cli::parse_localized() {
        Ok(cli) => cli::run(cli),
        // `--help`, `--version` or a usage error, already written.
        Err(code) => code,
    }
}
