//! Standard output and standard error for every command, with write errors that surface
//! instead of panicking (`println!` panics on a full disk or a closed pipe).
//!
//! The first error writing to standard output is kept, like C's `ferror(stdout)`: a command
//! may stop at it (`?`) or carry on ignoring it, and
//! [`error::finish`](super::error::finish) decides how the run ends:
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
use std::sync::Mutex;

use bson_tutor::bson::parse_error::quote::clip;
use bson_tutor::strings::safe::escape_line;

/// The first error writing to standard output, kept for [`finish`](super::error::finish).
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

/// Standard output, buffered; every error is kept for [`finish`](super::error::finish), and
/// once a write has failed every later one fails at once (so a loop writing with `?` stops,
/// and one writing with `let _ =` does no more work on the terminal). Flushed when dropped.
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

/// Standard output for prose made of data (lesson text, titles, names): like [`stdout`], and
/// every control character written to it except line breaks and tabs shown as `\u{1b}`
/// (the tutor's own output has none). Not for JSON or shell syntax: use [`escape_code`].
pub struct Text(Stdout);

/// Standard output for prose made of data, see [`Text`].
pub fn text_stdout() -> Text {
    Text(stdout())
}

impl Write for Text {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf).map(|()| buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        use bson_tutor::strings::safe::escape_text;
        // `write!` hands over whole `str` pieces; other bytes are passed on with their
        // ASCII controls made visible (a C1 control is two bytes of UTF-8, never split).
        match std::str::from_utf8(buf) {
            Ok(text) => self.0.write_all(escape_text(text).as_bytes()),
            Err(_) => {
                let mut shown = Vec::with_capacity(buf.len());
                for &b in buf {
                    if (b < 0x20 && b != b'\n' && b != b'\t') || b == 0x7f {
                        shown.extend_from_slice(format!("\\u{{{b:x}}}").as_bytes());
                    } else {
                        shown.push(b);
                    }
                }
                self.0.write_all(&shown)
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// `println!` without its panic: a line of prose on standard output through [`Text`]; a
/// failed write is kept for [`finish`](super::error::finish).
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!($crate::cli::out::text_stdout(), $($arg)*);
    }};
}
pub(crate) use outln;

/// `eprint!` without its panic (see [`eprint_line`]).
macro_rules! err {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($arg)*);
    }};
}
pub(crate) use err;

/// `eprintln!` without its panic (see [`eprint_line`]).
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($arg)*);
    }};
}
pub(crate) use errln;

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// The write's error (kept for [`finish`](super::error::finish) as well).
pub fn print(text: &str) -> io::Result<()> {
    let mut out = stdout();
    out.write_all(text.as_bytes()).and_then(|()| out.flush())
}

/// Writes `text` and a newline to standard error; an error there is ignored (see the
/// module's note).
pub fn eprint_line(text: impl Display) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{text}");
}

/// The error that ends the run, once every output is written: the first failed write to
/// standard output, unless it was a closed pipe (the end of the module's note). Taken once.
pub fn take_failure() -> Option<io::Error> {
    // Whatever std's own handle still buffers (clap's output goes through it).
    if let Err(e) = io::stdout().flush() {
        record(e);
    }
    FAILED
        .lock()
        .ok()
        .and_then(|mut f| f.take())
        .filter(|e| e.kind() != io::ErrorKind::BrokenPipe)
}

/// The longest line of a message the command line writes, in characters: beyond it, the
/// middle is left out.
const LINE_MAX: usize = 2_000;

/// `text` for standard error: each line's control characters escaped and its length kept
/// to [`LINE_MAX`] characters.
pub fn safe_lines(text: &str) -> String {
    text.split('\n')
        .map(|line| {
            if line.chars().count() > LINE_MAX {
                clip(line, LINE_MAX)
            } else {
                escape_line(line).into_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Output in a syntax with `\u` escapes inside its strings (JSON, Extended JSON, mongosh):
/// the control characters its printer leaves raw (DEL, the C1 controls, the bidirectional
/// overrides) written as `\uXXXX`, which reads back as the same character, so the output
/// means what it meant and the terminal obeys none of it. A raw line break or tab is the
/// layout's, and stays.
pub fn escape_code(text: &str) -> std::borrow::Cow<'_, str> {
    use bson_tutor::strings::safe::is_unsafe;
    use std::fmt::Write as _;
    let unsafe_char = |c: char| c != '\n' && c != '\t' && is_unsafe(c);
    // Printable ASCII, line breaks and tabs are safe: a check eight bytes at a time answers
    // for most output (a dump's Extended JSON) without decoding a character.
    if all_plain_ascii(text.as_bytes()) || !text.chars().any(unsafe_char) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            // Every unsafe character is in the Basic Multilingual Plane: four digits.
            let _ = write!(out, "\\u{:04x}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// Whether every byte is printable ASCII, a line break or a tab. Eight bytes at a time: a
/// word with no byte under 0x20, none at 0x7f and none at 0x80 or over is plain; a word
/// that may hold one (the test can say so wrongly, never miss one) is checked byte by byte.
fn all_plain_ascii(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let plain = |b: &u8| (0x20..0x7f).contains(b) || *b == b'\n' || *b == b'\t';
    let mut words = bytes.chunks_exact(8);
    for chunk in &mut words {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            return chunk.iter().all(plain);
        };
        let x = u64::from_le_bytes(word);
        let below_space = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
        let del = x ^ (ONES * 0x7f);
        let is_del = del.wrapping_sub(ONES) & !del & HIGH;
        if (x & HIGH) | below_space | is_del != 0 && !chunk.iter().all(plain) {
            return false;
        }
    }
    words.remainder().iter().all(plain)
}

/// CSV (RFC 4180, records ended by CRLF), which has no escapes of its own: every control
/// character shown as `\u{1b}` except the CRLF that ends a record and a line break inside a
/// quoted field.
pub fn escape_csv(text: &str) -> String {
    text.split("\r\n")
        .map(bson_tutor::strings::safe::escape_text)
        .collect::<Vec<_>>()
        .join("\r\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_keeps_its_meaning_and_loses_its_controls() {
        let json = "{\"s\": \"\\u001b[2J\u{85}\u{202e}\"}\n";
        let safe = escape_code(json);
        assert_eq!(safe, "{\"s\": \"\\u001b[2J\\u0085\\u202e\"}\n");
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        let original: serde_json::Value = serde_json::from_str(json).unwrap();
        assert_eq!(back, original);
    }

    #[test]
    fn the_word_at_a_time_check_agrees_with_the_byte_check() {
        let plain = |b: &u8| (0x20..0x7f).contains(b) || *b == b'\n' || *b == b'\t';
        let mut cases: Vec<Vec<u8>> = vec![b"{\"a\":1}\n".to_vec(), b"".to_vec()];
        for b in 0..=255u8 {
            for at in 0..17 {
                let mut v = vec![b'x'; 17];
                v[at] = b;
                cases.push(v);
            }
        }
        for case in cases {
            assert_eq!(all_plain_ascii(&case), case.iter().all(plain), "{case:?}");
        }
    }

    #[test]
    fn csv_keeps_its_record_ends() {
        let csv = "student,lesson\r\n\"Ana\x1b]0;x\x07\",bytes\r\n";
        assert_eq!(
            escape_csv(csv),
            "student,lesson\r\n\"Ana\\u{1b}]0;x\\u{7}\",bytes\r\n"
        );
    }
}
