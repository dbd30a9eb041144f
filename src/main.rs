//! The `bson-tutor` binary: parse the command line (its help in the learner's language) and
//! hand over to [`cli::run`].

mod cli;

fn main() -> std::process::ExitCode {
    cli::run(cli::Cli::parse_localized())
}
