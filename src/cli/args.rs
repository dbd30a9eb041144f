//! Values of the options more than one command takes, and the enums whose values the help
//! describes (listed in `help.rs`, which needs them below every command that uses them).

use bson_tutor::bson::datetime::{IsoDateError, NoOffset, parse_iso_with};

use super::error::InRunLang;

/// `check --format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum CheckFormat {
    /// `FAIL file:line: ...` and `BROKEN file:line:col: ...` lines, then the summary line.
    Text,
    /// One JSON object: counts, failures with file and line, broken files with line and column.
    Json,
}

/// `progress --export` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ExportFormat {
    /// One JSON object (what `class summary` reads).
    Json,
    /// A header line and one row per exercise (RFC 4180 quoting), for spreadsheets.
    Csv,
}

/// `class summary --format` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SummaryFormat {
    /// Aligned tables grouped by lesson, then the bar chart.
    Text,
    /// One JSON object.
    Json,
}

/// `--color` values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour when standard output is a terminal and NO_COLOR is not set.
    Auto,
    /// Always colour.
    Always,
    /// Never colour: plain text, as snapshots and pipes want it.
    Never,
}

/// `--now`: an ISO-8601 instant, in milliseconds since the epoch; clap prints the error in
/// the run's language.
pub fn parse_now(text: &str) -> Result<i64, InRunLang<IsoDateError>> {
    parse_iso_with(text, NoOffset::Refuse).map_err(InRunLang)
}
