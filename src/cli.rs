//! The command line: clap definitions and what each command does with the library's results.
//! This is the only place that reads files, prints and picks exit codes.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use bson_tutor::bson::hex;
use bson_tutor::inspect::{self, View};

/// Exit code for input that is not valid BSON (clap uses 2 for usage errors).
const EXIT_BAD_INPUT: u8 = 1;

/// A terminal tutorial on what MongoDB data really is: BSON bytes, types, order and ObjectIds.
#[derive(Debug, Parser)]
#[command(name = "bson-tutor", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Walk the bytes of BSON documents: what every length, type byte, key and value means.
    ///
    /// Reads one document, or several concatenated ones as in a mongodump .bson file.
    #[command(after_help = "Examples:\n  \
        bson-tutor inspect --hex \"0c 00 00 00 10 61 00 01 00 00 00 00\"\n  \
        bson-tutor inspect --file dump/lab/hex.bson --to dump\n  \
        cat doc.bson | bson-tutor inspect --file - --to spans")]
    Inspect(InspectArgs),
}

/// Arguments of `inspect`.
#[derive(Debug, clap::Args)]
#[command(group(clap::ArgGroup::new("input").required(true).args(["hex", "file"])))]
pub struct InspectArgs {
    /// The bytes as hex digits; spaces, commas, newlines and 0x prefixes are allowed.
    #[arg(long, value_name = "HEX")]
    pub hex: Option<String>,
    /// A file of raw BSON, or - for standard input.
    #[arg(long, value_name = "PATH")]
    pub file: Option<PathBuf>,
    /// How to show the documents.
    #[arg(long, value_enum, default_value_t = ToFormat::Table)]
    pub to: ToFormat,
}

/// `--to` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ToFormat {
    /// offset | bytes (hex) | meaning, one row per length, type byte, key, value, terminator.
    Table,
    /// Offsets, 16 bytes a row and an ASCII column, like xxd or od.
    Dump,
    /// Each document re-encoded by bson-tutor's encoder as lowercase hex, one per line.
    Hex,
    /// The element span tree as JSON, one document per line.
    Spans,
}

impl From<ToFormat> for View {
    fn from(f: ToFormat) -> Self {
        match f {
            ToFormat::Table => View::Table,
            ToFormat::Dump => View::Dump,
            ToFormat::Hex => View::Hex,
            ToFormat::Spans => View::Spans,
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => {
            // The tutorial itself comes with the TUI; until then, show what there is.
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let _ = cmd.print_help();
            ExitCode::SUCCESS
        }
        Some(Command::Inspect(args)) => run_inspect(&args),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(EXIT_BAD_INPUT)
}

fn run_inspect(args: &InspectArgs) -> ExitCode {
    let input = match read_input(args) {
        Ok(bytes) => bytes,
        Err(message) => return fail(&message),
    };
    let result = inspect::inspect(&input, args.to.into());
    let mut stdout = std::io::stdout().lock();
    if stdout.write_all(result.text.as_bytes()).is_err() {
        // A closed pipe (`| head`) is not an error worth a message.
        return ExitCode::SUCCESS;
    }
    let _ = stdout.flush();
    match result.error {
        Some(e) => fail(&e.to_string()),
        None => ExitCode::SUCCESS,
    }
}

fn read_input(args: &InspectArgs) -> Result<Vec<u8>, String> {
    if let Some(text) = &args.hex {
        return hex::decode(text).map_err(|e| format!("--hex: {e}"));
    }
    match args.file.as_deref() {
        Some(path) if path.as_os_str() == "-" => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| format!("reading standard input: {e}"))?;
            Ok(bytes)
        }
        Some(path) => std::fs::read(path).map_err(|e| format!("{}: {e}", path.display())),
        None => Err("give the bytes with --hex or --file".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn inspect_needs_exactly_one_input() {
        assert!(Cli::try_parse_from(["bson-tutor", "inspect"]).is_err());
        assert!(
            Cli::try_parse_from(["bson-tutor", "inspect", "--hex", "00", "--file", "x"]).is_err()
        );
        assert!(
            Cli::try_parse_from([
                "bson-tutor",
                "inspect",
                "--hex",
                "0500000000",
                "--to",
                "spans"
            ])
            .is_ok()
        );
    }
}
