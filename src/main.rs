//! The `bson-tutor` binary: parse the command line and hand over to [`cli::run`].

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    cli::run(cli::Cli::parse())
}
