//! Standard output and standard error for every command, with write errors that surface
//! instead of panicking (`println!` panics on a full disk or a closed pipe).
//!
//! The first error writing to standard output is kept, like C's `ferror(stdout)`: a command
//! may stop at it (`?`) or carry on ignoring it, and [`finish`] decides how the run ends:
//! - a closed pipe (`bson-tutor find ... | head -1`) ends quietly, as Unix tools do, with the
//!   status the command reached (0 for output cut short; `check`'s 1 for a failed lesson
//!   stays 1). A Rust program ignores `SIGPIPE`, so it sees `EPIPE` where a C tool would be
//!   killed; it ends with a status rather than 141, which a script with `pipefail` would
//!   read as a failure of the reader's choice to stop reading.
//! - any other error (`> /dev/full`: no space left on device) prints one line on standard
//!   error and the run exits 1.
//!
//! Standard error is written without panicking and without a report: when the channel for
//! reports itself fails there is nowhere left to say so.

use std::fmt::Display;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::process::ExitCode;
use std::sync::Mutex;

use bson_tutor::strings::localize::Localize;

use super::error::CliError;
use super::i18n;

/// The first error writing to standard output, kept for [`finish`].
static FAILED: Mutex<Option<io::Error>> = Mutex::new(None);

/// Keeps `error` if it is the first, and gives it back for `?`.
fn record(error: io::Error) -> io::Error {
    let copy = io::Error::new(error.kind(), error.to_string());
    if let Ok(mut failed) = FAILED.lock()
        && failed.is_none()
    {
        *failed = Some(error);
    }
    copy
}

/// The kind of the error kept, if a write to standard output failed.
fn failed_kind() -> Option<io::ErrorKind> {
    FAILED
        .lock()
        .ok()
        .and_then(|f| f.as_ref().map(io::Error::kind))
}

/// Standard output, buffered; every error is kept for [`finish`], and once a write has
/// failed every later one fails at once (so a loop writing with `?` stops, and one writing
/// with `let _ =` does no more work on the terminal). Flushed when dropped.
pub struct Stdout(BufWriter<StdoutLock<'static>>);

/// Standard output for a command's results.
pub fn stdout() -> Stdout {
    Stdout(BufWriter::new(io::stdout().lock()))
}

impl Stdout {
    fn refuse_after_failure() -> io::Result<()> {
        match failed_kind() {
            Some(kind) => Err(io::Error::from(kind)),
            None => Ok(()),
        }
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Self::refuse_after_failure()?;
        self.0.write(buf).map_err(record)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        Self::refuse_after_failure()?;
        self.0.write_all(buf).map_err(record)
    }

    fn flush(&mut self) -> io::Result<()> {
        Self::refuse_after_failure()?;
        self.0.flush().map_err(record)
    }
}

impl Drop for Stdout {
    fn drop(&mut self) {
        // BufWriter's own drop would lose the error of this last flush.
        let _ = self.flush();
    }
}

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// The write's error, as [`CliError::Output`] (kept for [`finish`] as well).
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = stdout();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(CliError::Output)
}

/// Writes `text` and a newline to standard error; an error there is ignored (see the
/// module's note).
pub fn eprint_line(text: impl Display) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

/// How the run ends, given the status the command chose: that status, unless a write to
/// standard output failed for another reason than a closed pipe: then one line on standard
/// error and exit 1.
pub fn finish(code: ExitCode) -> ExitCode {
    // Whatever std's own handle still buffers (clap's output goes through it).
    if let Err(e) = io::stdout().flush() {
        record(e);
    }
    let error = FAILED.lock().ok().and_then(|mut f| f.take());
    match error {
        None => code,
        Some(e) if e.kind() == io::ErrorKind::BrokenPipe => code,
        Some(e) => {
            let message = CliError::Output(e).display_in(i18n::lang());
            eprint_line(format_args!("{}{message}", i18n::t("error: ")));
            ExitCode::from(super::error::EXIT_BAD_INPUT)
        }
    }
}
