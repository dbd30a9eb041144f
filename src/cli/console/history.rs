//! The REPL's history file, kept as the progress file is (`cli/store/file.rs`, whose steps
//! this reuses): read without following a link and without blocking on a FIFO, refused when
//! it is not a regular file, and replaced by a temporary file renamed over it. A file that
//! is refused is neither read nor written: the session's history is then kept in memory
//! only, and a warning says so once.
//!
//! The file is rustyline's own format (a `#V2` line, then one entry per line with `\` and
//! newlines escaped), so a history written by an earlier bson-tutor reads back.

use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::{Lang, write_trf};

use crate::cli::store::file::{check_writable, is_link_error, kind_of, open_no_follow};
use crate::cli::store::{FileKind, StoreError};

/// The largest history file read: far above rustyline's 100 entries of a learner's lines.
pub const MAX_BYTES: u64 = 8 << 20;

/// The first line of rustyline's multi-line history format.
const V2: &str = "#V2";

/// Where the REPL keeps its history: `$BSON_TUTOR_SHELL_HISTORY`, else `shell_history`
/// beside the progress file.
pub fn path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("BSON_TUTOR_SHELL_HISTORY").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    let progress = crate::cli::store::default_path()?;
    Some(progress.with_file_name("shell_history"))
}

/// Why the history file is not used.
#[derive(Debug)]
pub enum Refused {
    /// Not a regular file (a link, a FIFO, a device, a folder).
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// Larger than [`MAX_BYTES`].
    TooLarge {
        /// The path.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// Not UTF-8 text.
    NotUtf8 {
        /// The path.
        path: PathBuf,
    },
    /// Read-only: not replaced.
    ReadOnly {
        /// The path.
        path: PathBuf,
    },
    /// The system refused to read it.
    Read {
        /// The path.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// Saving it failed.
    Save(StoreError),
}

impl Localize for Refused {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Refused::NotRegular { path, kind } => write_trf(
                out,
                lang,
                "the shell history {path} is {kind}, not a regular file: it is neither read nor written, and this session's history is kept in memory only",
                &[&path.display(), &kind.display_in(lang)],
            ),
            Refused::TooLarge { path, bytes } => write_trf(
                out,
                lang,
                "the shell history {path} has {bytes} bytes, more than a history has: it is neither read nor written, and this session's history is kept in memory only",
                &[&path.display(), bytes],
            ),
            Refused::NotUtf8 { path } => write_trf(
                out,
                lang,
                "the shell history {path} is not UTF-8 text: it is neither read nor written, and this session's history is kept in memory only",
                &[&path.display()],
            ),
            Refused::ReadOnly { path } => write_trf(
                out,
                lang,
                "the shell history {path} is read-only: it is not written, and this session's history is kept in memory only",
                &[&path.display()],
            ),
            Refused::Read { path, error } => write_trf(
                out,
                lang,
                "the shell history {path} cannot be read ({error}): this session's history is kept in memory only",
                &[&path.display(), error],
            ),
            Refused::Save(e) => write_trf(
                out,
                lang,
                "the shell history was not saved: {display_in}; this session's history is kept in memory only",
                &[&e.display_in(lang)],
            ),
        }
    }
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// The history file of one REPL session: where it is, or `None` once it was refused (the
/// history is then kept in memory only).
pub struct HistoryFile {
    path: Option<PathBuf>,
}

impl HistoryFile {
    /// Reads the file at `path` (when there is one) into `history`. A file that is refused
    /// is said once, as a warning on standard error, and never written.
    pub fn open(path: Option<PathBuf>, history: &mut dyn rustyline::history::History) -> Self {
        let Some(path) = path else {
            return HistoryFile { path: None };
        };
        match read(&path) {
            Ok(entries) => {
                for entry in entries {
                    let _ = history.add_owned(entry);
                }
                HistoryFile { path: Some(path) }
            }
            Err(refused) => {
                warn(&refused);
                HistoryFile { path: None }
            }
        }
    }

    /// Replaces the file with `entries` (the history, oldest first). A failure is said once
    /// and the file is left alone from then on.
    pub fn save<'a>(&mut self, entries: impl IntoIterator<Item = &'a String>) {
        let Some(path) = &self.path else {
            return;
        };
        if let Err(refused) = write(path, &render(entries)) {
            warn(&refused);
            self.path = None;
        }
    }
}

fn warn(refused: &Refused) {
    crate::cli::i18n::warn(&refused.to_string_in(crate::cli::i18n::lang()));
}

/// The entries of the history file at `path` (none when there is none).
///
/// # Errors
/// [`Refused`]: a file that is not a regular one (a symbolic link is never followed), too
/// large, not UTF-8 or unreadable.
pub fn read(path: &Path) -> Result<Vec<String>, Refused> {
    let not_regular = |kind| Refused::NotRegular {
        path: path.to_path_buf(),
        kind,
    };
    let mut file = match open_no_follow(std::fs::OpenOptions::new().read(true), path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) if is_link_error(&e) => return Err(not_regular(FileKind::Symlink)),
        Err(error) => {
            // A folder opens on some systems and fails on others: say what it is.
            if let Ok(meta) = std::fs::symlink_metadata(path)
                && !meta.is_file()
            {
                return Err(not_regular(kind_of(&meta)));
            }
            return Err(Refused::Read {
                path: path.to_path_buf(),
                error,
            });
        }
    };
    let read_error = |error| Refused::Read {
        path: path.to_path_buf(),
        error,
    };
    let meta = file.metadata().map_err(read_error)?;
    if !meta.is_file() {
        return Err(not_regular(kind_of(&meta)));
    }
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(read_error)?;
    if bytes.len() as u64 > MAX_BYTES {
        return Err(Refused::TooLarge {
            path: path.to_path_buf(),
            bytes: meta.len().max(bytes.len() as u64),
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| Refused::NotUtf8 {
        path: path.to_path_buf(),
    })?;
    Ok(parse(&text))
}

/// Replaces the history file at `path` with `text`, as the progress file is replaced: only
/// a regular file (or nothing) is replaced, never a link or what it points to, and a
/// read-only file is left as it is. A new file is made readable by its owner only (what it
/// holds may be private); a replaced one keeps its permissions.
///
/// # Errors
/// [`Refused`].
pub fn write(path: &Path, text: &str) -> Result<(), Refused> {
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
    {
        return Err(Refused::NotRegular {
            path: path.to_path_buf(),
            kind: kind_of(&meta),
        });
    }
    let perms = match check_writable(path) {
        Ok(p) => p,
        Err(StoreError::ReadOnly { .. }) => {
            return Err(Refused::ReadOnly {
                path: path.to_path_buf(),
            });
        }
        Err(e) => return Err(Refused::Save(e)),
    };
    #[cfg(unix)]
    let perms = perms.or_else(|| {
        use std::os::unix::fs::PermissionsExt;
        Some(std::fs::Permissions::from_mode(0o600))
    });
    let dir = crate::cli::store::file::dir_of(path);
    std::fs::create_dir_all(dir).map_err(|e| {
        Refused::Save(StoreError::Io {
            action: crate::cli::store::Action::Create,
            path: dir.to_path_buf(),
            error: e,
        })
    })?;
    crate::cli::store::file::write_atomically(path, text.as_bytes(), perms).map_err(Refused::Save)
}

/// The entries of a history file's text: rustyline's `#V2` format, or one entry a line.
pub fn parse(text: &str) -> Vec<String> {
    let mut lines = text.lines();
    let v2 = text.lines().next() == Some(V2);
    if v2 {
        lines.next();
    }
    lines
        .filter(|l| !l.is_empty())
        .map(|line| if v2 { unescape(line) } else { line.to_owned() })
        .collect()
}

/// A `#V2` line's entry: `\n` is a newline, `\\` a backslash (any other `\` is kept).
fn unescape(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// The text of a history file holding `entries`, in rustyline's `#V2` format.
pub fn render<'a>(entries: impl IntoIterator<Item = &'a String>) -> String {
    let mut out = format!("{V2}\n");
    for entry in entries {
        for c in entry.chars() {
            match c {
                '\n' => out.push_str("\\n"),
                '\\' => out.push_str("\\\\"),
                c => out.push(c),
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_survive_the_file_format() {
        let entries: Vec<String> = ["use lab04", "for (;;) {\n  x++\n}", r"'a\nb' + '\\'"]
            .map(str::to_owned)
            .to_vec();
        assert_eq!(parse(&render(&entries)), entries);
        // An old, one-entry-a-line file.
        assert_eq!(parse("a\n\nb\n"), ["a", "b"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_neither_read_nor_written() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let target = dir.path().join("bashrc");
        let original = "line\n".repeat(500);
        std::fs::write(&target, &original).expect("written");
        let link = dir.path().join("shell_history");
        std::os::unix::fs::symlink(&target, &link).expect("a link");
        assert!(matches!(
            read(&link),
            Err(Refused::NotRegular {
                kind: FileKind::Symlink,
                ..
            })
        ));
        assert!(matches!(
            write(&link, "#V2\nx\n"),
            Err(Refused::NotRegular { .. })
        ));
        assert_eq!(std::fs::read_to_string(&target).expect("read"), original);
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("still there")
                .is_symlink()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_does_not_block_and_is_left_alone() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let fifo = dir.path().join("shell_history");
        let c = std::ffi::CString::new(fifo.to_str().expect("UTF-8")).expect("no NUL");
        // SAFETY: a valid C string; mkfifo only creates the FIFO.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(matches!(
            read(&fifo),
            Err(Refused::NotRegular {
                kind: FileKind::Fifo,
                ..
            })
        ));
        assert!(write(&fifo, "#V2\n").is_err());
    }

    #[test]
    fn a_history_is_replaced_whole() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("sub").join("shell_history");
        let entries = vec!["a".to_owned(), "b\nc".to_owned()];
        write(&path, &render(&entries)).expect("saved");
        assert_eq!(read(&path).expect("read"), entries);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("there")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }
}
