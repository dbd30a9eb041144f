//! Where progress lives on disk, and how instances share it, as a database would: every
//! writer (the TUI's saves, `answer`, `progress --reset`) takes an exclusive lock, re-reads
//! the file, adds its own journal to it (attempts add up, solved wins, the later answer
//! wins: see `Progress::merge_changes`) and replaces the file atomically (a temporary file
//! with an unpredictable name created exclusively beside it, fsync, rename, fsync of the
//! directory). Fields this build does not know survive.
//!
//! What the store refuses to touch, with an error naming the path:
//! - anything but a regular file at the progress path (a device such as `/dev/null`, a
//!   FIFO, a directory, a socket), or a symbolic link to one of those or to nothing; a link
//!   to a regular file is followed, and the real file is the one locked and replaced;
//! - a link (or anything but a regular file) where the lock file `<path>.lock` belongs;
//! - a read-only progress file (`chmod 444`): not replaced, not erased; a replaced file
//!   keeps its permissions;
//! - a file that is not progress and does not look like damaged progress either (a
//!   mistyped `--progress ~/.bashrc`): left as it is. Only a regular file that looks like
//!   damaged progress (named `progress.json`, or text starting `{` with `"exercises"` in
//!   its first 4 KiB), or that a newer bson-tutor wrote, is moved aside, never overwritten
//!   or deleted.

mod error;
/// The file steps, shared with the console's history file (`cli/console/history.rs`).
pub(crate) mod file;
#[cfg(test)]
mod tests;

pub use error::{Action, Damage, FileKind, Notice, StoreError};

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bson_tutor::lesson::progress::Progress;

use file::{
    Disk, check_writable, dir_of, io, lock, move_aside, read_disk, resolve, write_atomically,
};

/// What a command knows about the progress file. `path` is `None` when there is nowhere
/// to save (no `--progress`, `$BSON_TUTOR_PROGRESS`, `$XDG_DATA_HOME` or `$HOME`): progress
/// is then kept in memory only, and [`Store::load`] says so.
#[derive(Clone, Debug)]
pub struct Store {
    path: Option<PathBuf>,
}

/// A damaged file found under the lock: moved aside when it looks like progress, else an
/// error that leaves it alone.
fn aside_or_refuse(path: &Path, damage: Damage, ours: bool) -> Result<PathBuf, StoreError> {
    if !ours {
        return Err(StoreError::Foreign {
            path: path.to_path_buf(),
            damage,
        });
    }
    move_aside(path, damage.suffix())
}

/// Refuses, before taking the lock (so without creating a lock file beside it), a file
/// that does not look like progress: a mistyped path is left entirely alone. Checked again
/// under the lock.
fn refuse_foreign(path: &Path) -> Result<(), StoreError> {
    match read_disk(path)? {
        Disk::Damaged {
            damage,
            ours: false,
        } => Err(StoreError::Foreign {
            path: path.to_path_buf(),
            damage,
        }),
        _ => Ok(()),
    }
}

impl Store {
    /// A store at `path` (resolved by the caller: see `ProgressFile::path`).
    pub fn new(path: Option<PathBuf>) -> Store {
        Store { path }
    }

    /// The progress file, if there is anywhere to keep it.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Loads progress. A missing file is empty progress. A corrupt or future-version file is
    /// renamed aside (`progress.json.corrupt-<unix secs>` / `.future-<secs>`; never
    /// overwritten, never deleted) and the returned notice says so and where; the notice
    /// also says when there is nowhere to save.
    ///
    /// # Errors
    /// The file cannot be read, is not a regular file, or is damaged but does not look like
    /// progress (left where it is), or cannot be moved aside (with the path).
    pub fn load(&self) -> Result<(Progress, Option<Notice>), StoreError> {
        let Some(given) = self.path() else {
            return Ok((Progress::new(), Some(Notice::Nowhere)));
        };
        let path = &resolve(given)?;
        match read_disk(path)? {
            Disk::Missing => Ok((Progress::new(), None)),
            Disk::Good(p) => Ok((p, None)),
            // Refused before locking: not even a lock file beside a mistyped ~/.bashrc.
            Disk::Damaged {
                damage,
                ours: false,
            } => Err(StoreError::Foreign {
                path: path.to_path_buf(),
                damage,
            }),
            Disk::Damaged { ours: true, .. } => {
                // Under the lock: another instance may be replacing the file right now, and
                // its good file must not be the one moved aside.
                let _lock = lock(path)?;
                match read_disk(path)? {
                    Disk::Missing => Ok((Progress::new(), None)),
                    Disk::Good(p) => Ok((p, None)),
                    Disk::Damaged { damage, ours } => {
                        let aside = aside_or_refuse(path, damage.clone(), ours)?;
                        Ok((
                            Progress::new(),
                            Some(Notice::MovedAside {
                                path: path.to_path_buf(),
                                damage,
                                aside,
                            }),
                        ))
                    }
                }
            }
        }
    }

    /// Loads progress without moving anything: a corrupt or future-version file is an error
    /// and stays where it is. For one-shot commands that should not rearrange files.
    ///
    /// # Errors
    /// The file cannot be read, is not a regular file, is not progress, or is from a newer
    /// bson-tutor.
    pub fn read(&self) -> Result<Progress, StoreError> {
        let Some(given) = self.path() else {
            return Ok(Progress::new());
        };
        let path = &resolve(given)?;
        match read_disk(path)? {
            Disk::Missing => Ok(Progress::new()),
            Disk::Good(p) => Ok(p),
            Disk::Damaged { damage, ours: true } => Err(StoreError::Damaged {
                path: path.to_path_buf(),
                damage,
            }),
            Disk::Damaged {
                damage,
                ours: false,
            } => Err(StoreError::Foreign {
                path: path.to_path_buf(),
                damage,
            }),
        }
    }

    /// Saves `mine`'s journal (what it did since it loaded or last saved): takes an
    /// exclusive lock (`<path>.lock`), re-reads the file, merges with
    /// [`Progress::merge_changes`] (keys in `changed` that `mine` has no record of are
    /// erased: a lesson's reset), writes a temporary file in the same directory, fsyncs it,
    /// renames it over the file and fsyncs the directory. Returns the merged progress, with
    /// an empty journal, which the caller adopts (so it sees other instances' answers)
    /// before clearing its changed keys. With nowhere to save, returns `mine` settled.
    ///
    /// # Errors
    /// Any step failing, with the path; nothing is half-written, and `mine`'s journal is
    /// still to save. If the file turned out to be corrupt or from a newer bson-tutor, it is
    /// moved aside, nothing is saved and the error says where it went: keep the journal, the
    /// next save starts a new file. A file that is not progress, not a regular file, or
    /// read-only is refused and left as it is.
    pub fn save(
        &self,
        mine: &Progress,
        changed: &BTreeSet<String>,
    ) -> Result<Progress, StoreError> {
        let Some(given) = self.path() else {
            return Ok(mine.clone().settled());
        };
        let path = &resolve(given)?;
        refuse_foreign(path)?;
        let _lock = lock(path)?;
        let disk = match read_disk(path)? {
            Disk::Missing => Progress::new(),
            Disk::Good(p) => p,
            Disk::Damaged { damage, ours } => {
                let aside = aside_or_refuse(path, damage.clone(), ours)?;
                return Err(StoreError::MovedAside {
                    path: path.to_path_buf(),
                    damage,
                    aside,
                });
            }
        };
        let perms = check_writable(path)?;
        let merged = mine.merge_changes(disk, changed, super::now_ms());
        write_atomically(path, merged.to_json().as_bytes(), perms)?;
        Ok(merged)
    }

    /// Erases all progress (for `progress --reset`): removes the file under the lock, or,
    /// when the progress path is a link, empties the file it leads to (so the link keeps
    /// working). The lock file stays (removing it could let two instances lock different
    /// files).
    ///
    /// # Errors
    /// The file cannot be removed, with the path; a file that is not progress (damaged,
    /// foreign, not a regular file) or is read-only is refused and left as it is.
    pub fn erase(&self) -> Result<bool, StoreError> {
        let Some(given) = self.path() else {
            return Ok(false);
        };
        let path = &resolve(given)?;
        if !dir_of(path).exists() {
            // Nothing to erase, and no directory to create just to lock it.
            return Ok(false);
        }
        refuse_foreign(path)?;
        let _lock = lock(path)?;
        match read_disk(path)? {
            Disk::Missing => return Ok(false),
            Disk::Good(_) => {}
            Disk::Damaged { damage, ours: true } => {
                return Err(StoreError::Damaged {
                    path: path.to_path_buf(),
                    damage,
                });
            }
            Disk::Damaged {
                damage,
                ours: false,
            } => {
                return Err(StoreError::Foreign {
                    path: path.to_path_buf(),
                    damage,
                });
            }
        }
        let perms = check_writable(path)?;
        if path != given {
            write_atomically(path, Progress::new().to_json().as_bytes(), perms)?;
            return Ok(true);
        }
        match std::fs::remove_file(path) {
            Ok(()) => {
                file::sync_dir(path)?;
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(io(Action::Erase, path)(e)),
        }
    }
}

/// The progress file when `--progress` names none: `$BSON_TUTOR_PROGRESS`, else
/// `bson-tutor/progress.json` in the user's data directory: an absolute `$XDG_DATA_HOME`,
/// else the platform's own: `~/.local/share` on Linux and the other Unixes (from `$HOME`),
/// `~/Library/Application Support` on macOS and `%APPDATA%` on Windows (etcetera's native
/// strategy). `None` when there is no home to put it in.
pub fn default_path() -> Option<PathBuf> {
    default_path_in(|name| std::env::var_os(name), native_data_dir)
}

/// [`default_path`] in an environment `var` on a platform whose data directory is `native`.
fn default_path_in(
    var: impl Fn(&str) -> Option<std::ffi::OsString>,
    native: impl FnOnce() -> Option<PathBuf>,
) -> Option<PathBuf> {
    if let Some(p) = var("BSON_TUTOR_PROGRESS").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(p));
    }
    // XDG: a relative $XDG_DATA_HOME is invalid and ignored.
    let xdg = var("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = xdg.or_else(|| {
        if cfg!(any(target_os = "macos", windows)) {
            native()
        } else {
            var("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        }
    })?;
    Some(base.join("bson-tutor").join("progress.json"))
}

/// The platform's data directory: Application Support on macOS, AppData (roaming) on
/// Windows, XDG elsewhere.
fn native_data_dir() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    etcetera::base_strategy::choose_native_strategy()
        .ok()
        .map(|s| s.data_dir())
}
