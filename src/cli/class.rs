//! `class summary`: many students' exports merged into one table and chart. Files are read
//! here; the merging and the text are the library's (`bson_tutor::lesson::class`).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bson_tutor::lesson::class::{Reason, gather, render_json, render_text};
use bson_tutor::strings::localize::{Localize, one_other};

use super::args::SummaryFormat;
use super::i18n::{lang, t, tf, warn};
use super::out::{eprint_line, escape_code, print, safe_lines};

/// The `class` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum ClassCommand {
    /// Merge students' `progress --export json` (or csv) files: per exercise, how many
    /// solved, revealed, median attempts, hints and seconds, and the most common wrong
    /// answer, then a bar chart of solved %. Exits 1 if any file had to be left out.
    #[command(after_help = "Examples:\n  \
        bson-tutor class summary alice.json bob.json\n  \
        bson-tutor class summary results/*.json --format json")]
    Summary(SummaryArgs),
}

/// Arguments of `class summary`.
#[derive(Debug, clap::Args)]
pub struct SummaryArgs {
    /// The exports, one per student (`bson-tutor progress --export json --student NAME`).
    #[arg(value_name = "FILE", required = true, num_args = 1..)]
    pub files: Vec<PathBuf>,
    /// `text`: a table per lesson and a bar chart; `json`: one object for machines, with
    /// the files left out and why.
    #[arg(long, value_enum, default_value_t = SummaryFormat::Text)]
    pub format: SummaryFormat,
}

/// Runs a `class` command.
pub fn run(command: &ClassCommand) -> ExitCode {
    match command {
        ClassCommand::Summary(args) => run_summary(args),
    }
}

/// The largest export read, as the progress store bounds its file (`store::file`): a
/// learner's export is kilobytes, and this keeps a disk image named by mistake out of memory.
const MAX_EXPORT_BYTES: u64 = 64 << 20;

/// Reads one export as the progress store reads its file: opened without following a link
/// and without waiting on a FIFO (`O_NOFOLLOW | O_NONBLOCK`), refused unless it is a regular
/// file (so neither a named pipe, which would block, nor `/dev/zero`, which never ends), and
/// at most [`MAX_EXPORT_BYTES`] read.
fn read_export(path: &Path) -> Result<String, Reason> {
    use super::error::FileKind;
    let said = |message: String| Reason::Unreadable { message };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) {
            return said(t("a symbolic link: class summary does not follow links; give the file it leads to").to_owned());
        }
        said(e.to_string())
    })?;
    let meta = file.metadata().map_err(|e| said(e.to_string()))?;
    if let Some(kind) = FileKind::of(&meta) {
        let why = match kind {
            FileKind::Fifo => t(
                "a named pipe, not a regular file: class summary reads only regular files (it would wait on a pipe forever)",
            ),
            FileKind::Device => t(
                "a device, not a regular file: class summary reads only regular files (a device such as /dev/zero never ends)",
            ),
            FileKind::Directory => {
                t("a directory, not a regular file: give the export files inside it")
            }
            FileKind::Socket | FileKind::Other => {
                t("not a regular file: class summary reads only regular files")
            }
        };
        return Err(said(why.to_owned()));
    }
    let too_large = || {
        said(tf(
            "larger than {max} bytes, far more than any results export: not read",
            &[&MAX_EXPORT_BYTES],
        ))
    };
    if meta.len() > MAX_EXPORT_BYTES {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(MAX_EXPORT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| said(e.to_string()))?;
    // A file that grew while it was read.
    if bytes.len() as u64 > MAX_EXPORT_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| Reason::NotUtf8 {
        at: e.utf8_error().valid_up_to(),
    })
}

/// Prints the summary of the usable files; every file left out is named on standard error
/// with the reason, and makes the exit code 1.
fn run_summary(args: &SummaryArgs) -> ExitCode {
    let files = args
        .files
        .iter()
        .map(|path| (path.display().to_string(), read_export(path)))
        .collect();
    let gathered = gather(files);
    for w in &gathered.warnings {
        warn(&w.to_string_in(lang()));
    }
    // The students' names and answers come from their files: the text view escapes them
    // (render_text), JSON in its own syntax.
    let text = match args.format {
        SummaryFormat::Json => Some(escape_code(&render_json(&gathered)).into_owned()),
        SummaryFormat::Text => gathered.summary.as_ref().map(|s| render_text(s, lang())),
    };
    if let Some(text) = text {
        // `finish` reports a failed write (and not a closed pipe); the files left out are
        // still reported below.
        let _ = print(&text);
    }
    if gathered.left_out.is_empty() {
        return ExitCode::SUCCESS;
    }
    let error = t("error: ");
    for l in &gathered.left_out {
        let line = format!("{error}{}: {}", l.file, l.reason.display_in(lang()));
        eprint_line(safe_lines(&line));
    }
    let (out, all) = (gathered.left_out.len(), args.files.len());
    if gathered.summary.is_some() {
        let names: Vec<&str> = gathered.left_out.iter().map(|l| l.file.as_str()).collect();
        let names = names.join(", ");
        let key = one_other(
            lang(),
            all as u64,
            "{of} of {of2} file left out of the summary: {summary}",
            "{of} of {of2} files left out of the summary: {summary}",
        );
        let message = tf(key, &[&out, &all, &names]);
        eprint_line(safe_lines(&format!("{error}{message}")));
    } else {
        let key = one_other(
            lang(),
            all as u64,
            "no usable export in the {the} file: nothing to summarize",
            "no usable export among the {the} files: nothing to summarize",
        );
        eprint_line(format_args!("{error}{}", tf(key, &[&all])));
    }
    ExitCode::from(1)
}
