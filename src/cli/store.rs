//! Where progress lives on disk, and how two instances share it: every save takes an
//! exclusive lock, re-reads the file, lays this instance's changes over it and replaces the
//! file atomically (temp file, fsync, rename, fsync of the directory). A file that is not
//! progress, or is from a newer bson-tutor, is moved aside, never overwritten or deleted.

mod error;

pub use error::{Action, Damage, Notice, StoreError};

use std::collections::BTreeSet;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use bson_tutor::lesson::progress::{Progress, ProgressError};

/// What a command knows about the progress file. `path` is `None` when there is nowhere
/// to save (no `--progress`, `$BSON_TUTOR_PROGRESS`, `$XDG_DATA_HOME` or `$HOME`): progress
/// is then kept in memory only, and [`Store::load`] says so.
#[derive(Clone, Debug)]
pub struct Store {
    path: Option<PathBuf>,
}

/// What was found at the path.
enum Disk {
    Missing,
    Good(Progress),
    /// Not progress, or from a newer bson-tutor.
    Damaged(Damage),
}

/// A failed step's error, for `map_err`.
fn io(action: Action, path: &Path) -> impl FnOnce(std::io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |error| StoreError::Io {
        action,
        path,
        error,
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
    /// The file cannot be read, or cannot be moved aside (with the path).
    pub fn load(&self) -> Result<(Progress, Option<Notice>), StoreError> {
        let Some(path) = self.path() else {
            return Ok((Progress::new(), Some(Notice::Nowhere)));
        };
        match read_disk(path)? {
            Disk::Missing => Ok((Progress::new(), None)),
            Disk::Good(p) => Ok((p, None)),
            Disk::Damaged(_) => {
                // Under the lock: another instance may be replacing the file right now, and
                // its good file must not be the one moved aside.
                let _lock = lock(path)?;
                match read_disk(path)? {
                    Disk::Missing => Ok((Progress::new(), None)),
                    Disk::Good(p) => Ok((p, None)),
                    Disk::Damaged(damage) => {
                        let aside = move_aside(path, damage.suffix())?;
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
    /// The file cannot be read, is not progress, or is from a newer bson-tutor.
    pub fn read(&self) -> Result<Progress, StoreError> {
        let Some(path) = self.path() else {
            return Ok(Progress::new());
        };
        match read_disk(path)? {
            Disk::Missing => Ok(Progress::new()),
            Disk::Good(p) => Ok(p),
            Disk::Damaged(damage) => Err(StoreError::Damaged {
                path: path.to_path_buf(),
                damage,
            }),
        }
    }

    /// Saves `mine`'s changed keys: takes an exclusive lock (`<path>.lock`), re-reads the
    /// file, merges with [`Progress::merge_changes`], writes a temporary file in the same
    /// directory, fsyncs it, renames it over the file and fsyncs the directory. Returns the
    /// merged progress, which the caller adopts (so it sees other instances' answers) before
    /// clearing its changed keys. With nowhere to save, returns `mine` unchanged.
    ///
    /// # Errors
    /// Any step failing, with the path; nothing is half-written. If the file turned out to be
    /// corrupt or from a newer bson-tutor, it is moved aside, nothing is saved and the error
    /// says where it went: keep the changed keys, the next save starts a new file.
    pub fn save(
        &self,
        mine: &Progress,
        changed: &BTreeSet<String>,
    ) -> Result<Progress, StoreError> {
        let Some(path) = self.path() else {
            return Ok(mine.clone());
        };
        let _lock = lock(path)?;
        let disk = match read_disk(path)? {
            Disk::Missing => Progress::new(),
            Disk::Good(p) => p,
            Disk::Damaged(damage) => {
                let aside = move_aside(path, damage.suffix())?;
                return Err(StoreError::MovedAside {
                    path: path.to_path_buf(),
                    damage,
                    aside,
                });
            }
        };
        let merged = mine.merge_changes(disk, changed);
        write_atomically(path, merged.to_json().as_bytes())?;
        Ok(merged)
    }

    /// Erases all progress (for `progress --reset`): removes the file under the lock. The
    /// lock file stays (removing it could let two instances lock different files).
    ///
    /// # Errors
    /// The file cannot be removed, with the path.
    pub fn erase(&self) -> Result<bool, StoreError> {
        let Some(path) = self.path() else {
            return Ok(false);
        };
        if !dir_of(path).exists() {
            // Nothing to erase, and no directory to create just to lock it.
            return Ok(false);
        }
        let _lock = lock(path)?;
        match std::fs::remove_file(path) {
            Ok(()) => {
                sync_dir(path)?;
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(e) => Err(io(Action::Erase, path)(e)),
        }
    }
}

/// `path` with `suffix` appended to its file name: `progress.json` + `.lock`.
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

fn read_disk(path: &Path) -> Result<Disk, StoreError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Disk::Missing),
        Err(e) => return Err(io(Action::Read, path)(e)),
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            return Ok(Disk::Damaged(Damage::NotUtf8 { at }));
        }
    };
    let damage = match Progress::from_json(&text).and_then(|p| p.check_version().map(|()| p)) {
        Ok(p) => return Ok(Disk::Good(p)),
        Err(ProgressError::NotProgress { detail }) => Damage::NotProgress { detail },
        Err(ProgressError::Newer { version }) => Damage::Newer { version },
    };
    Ok(Disk::Damaged(damage))
}

/// Takes the exclusive lock on `<path>.lock`, creating the directory if need be; released
/// when the returned file is dropped (also when the process dies).
fn lock(path: &Path) -> Result<File, StoreError> {
    let dir = dir_of(path);
    std::fs::create_dir_all(dir).map_err(io(Action::Create, dir))?;
    let lock_path = sibling(path, ".lock");
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&lock_path)
        .map_err(io(Action::Open, &lock_path))?;
    file.lock().map_err(io(Action::Lock, &lock_path))?;
    Ok(file)
}

/// Renames `path` to `<path>.<suffix>-<unix secs>` (adding `-2`, `-3`, ... when that name
/// is taken, as rename would replace it). Called under the lock, so the name stays free.
fn move_aside(path: &Path, suffix: &str) -> Result<PathBuf, StoreError> {
    // The clock is read here, in the binary, never in the library.
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = format!(".{suffix}-{secs}");
    let mut aside = sibling(path, &base);
    let mut n = 2;
    while aside.symlink_metadata().is_ok() {
        aside = sibling(path, &format!("{base}-{n}"));
        n += 1;
    }
    if let Err(error) = std::fs::rename(path, &aside) {
        return Err(StoreError::MoveAside {
            path: path.to_path_buf(),
            aside,
            error,
        });
    }
    sync_dir(path)?;
    Ok(aside)
}

/// Replaces `path` with `bytes`: a reader sees the old file or the new one, never a mix,
/// and after a crash the file is one or the other. Called under the lock, so one writer at
/// a time uses the temporary name.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let tmp = sibling(path, ".tmp");
    let written = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(Action::Write, &tmp)(e));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(Action::Replace, path)(e));
    }
    sync_dir(path)
}

/// Makes a rename or removal in `path`'s directory durable.
fn sync_dir(path: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        let dir = dir_of(path);
        File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(io(Action::Sync, dir))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
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

#[cfg(test)]
mod tests {
    use super::*;
    use bson_tutor::lesson::progress::key;

    /// A fresh directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bson-tutor-store-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn two_writers_keep_every_change_and_the_file_is_always_whole() {
        let dir = scratch("threads");
        let path = dir.join("progress.json");
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let reader = {
            let (path, done) = (path.clone(), done.clone());
            std::thread::spawn(move || {
                let mut reads = 0;
                while !done.load(std::sync::atomic::Ordering::Relaxed) {
                    if let Ok(text) = std::fs::read_to_string(&path) {
                        Progress::from_json(&text).expect("a whole file at every moment");
                        reads += 1;
                    }
                }
                reads
            })
        };
        let writers: Vec<_> = ["a", "b"]
            .into_iter()
            .map(|lesson| {
                let store = Store::new(Some(path.clone()));
                std::thread::spawn(move || {
                    let (mut mine, _) = store.load().unwrap();
                    for n in 1..=50 {
                        mine.answered(lesson, n, "x", true);
                        let changed = BTreeSet::from([key(lesson, n)]);
                        mine = store.save(&mine, &changed).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(reader.join().unwrap() > 0);
        let (all, notice) = Store::new(Some(path)).load().unwrap();
        assert_eq!(notice, None);
        assert_eq!(all.exercises.len(), 100);
        assert_eq!(all.solved("a", 50) + all.solved("b", 50), 100);
        assert_eq!(names(&dir), ["progress.json", "progress.json.lock"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damaged_files_are_moved_aside_under_distinct_names() {
        let dir = scratch("aside");
        let path = dir.join("progress.json");
        let store = Store::new(Some(path.clone()));
        for _ in 0..2 {
            std::fs::write(&path, "{not json").unwrap();
            let refused = store.read().unwrap_err().to_string();
            assert!(refused.contains("left as it is"), "{refused}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), "{not json");
            let (p, notice) = store.load().unwrap();
            assert_eq!(p, Progress::new());
            let notice = notice.unwrap().to_string();
            assert!(notice.contains("moved it aside to"), "{notice}");
        }
        // Two in the same second get two names: the first is not overwritten.
        let aside: Vec<String> = names(&dir)
            .into_iter()
            .filter(|n| n.starts_with("progress.json.corrupt-"))
            .collect();
        assert_eq!(aside.len(), 2, "{aside:?}");
        for n in &aside {
            assert_eq!(std::fs::read_to_string(dir.join(n)).unwrap(), "{not json");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_damaged_after_loading_is_moved_aside_and_not_overwritten() {
        let dir = scratch("save-damaged");
        let path = dir.join("progress.json");
        let store = Store::new(Some(path.clone()));
        let (mut mine, _) = store.load().unwrap();
        mine.answered("bytes", 1, "36", true);
        let changed = BTreeSet::from([key("bytes", 1)]);
        std::fs::write(&path, r#"{"version": 99, "exercises": {}}"#).unwrap();
        let e = store.save(&mine, &changed).unwrap_err().to_string();
        assert!(
            e.contains("newer bson-tutor") && e.contains(".future-"),
            "{e}"
        );
        assert!(!path.exists());
        // The next save starts a new file.
        let saved = store.save(&mine, &changed).unwrap();
        assert_eq!(saved.solved("bytes", 1), 1);
        assert_eq!(store.read().unwrap(), saved);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn erase_removes_the_file_and_reports_when_there_was_none() {
        let dir = scratch("erase");
        let path = dir.join("sub").join("progress.json");
        let store = Store::new(Some(path.clone()));
        assert!(!store.erase().unwrap());
        store.save(&Progress::new(), &BTreeSet::new()).unwrap();
        assert!(path.exists());
        assert!(store.erase().unwrap());
        assert!(!path.exists());
        assert!(!store.erase().unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn nowhere_to_save_keeps_progress_in_memory_and_says_so() {
        let store = Store::new(None);
        let (p, notice) = store.load().unwrap();
        assert_eq!(notice, Some(Notice::Nowhere));
        assert!(Notice::Nowhere.to_string().contains("in memory only"));
        let mut mine = p;
        mine.answered("bytes", 1, "36", true);
        let changed = BTreeSet::from([key("bytes", 1)]);
        assert_eq!(store.save(&mine, &changed).unwrap(), mine);
        assert!(!store.erase().unwrap());
    }

    #[test]
    fn the_default_path_is_the_variable_then_the_data_directory() {
        let env = |pairs: &'static [(&str, &str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| std::ffi::OsString::from(v))
            }
        };
        let native = || Some(PathBuf::from("/native/data"));
        let file = |dir: &str| Some(Path::new(dir).join("bson-tutor").join("progress.json"));
        // $BSON_TUTOR_PROGRESS first, an empty one ignored.
        let set = env(&[("BSON_TUTOR_PROGRESS", "/p.json"), ("HOME", "/home/an")]);
        assert_eq!(default_path_in(set, native), Some(PathBuf::from("/p.json")));
        let empty = env(&[("BSON_TUTOR_PROGRESS", ""), ("XDG_DATA_HOME", "/xdg")]);
        assert_eq!(default_path_in(empty, native), file("/xdg"));
        // A relative $XDG_DATA_HOME is invalid: the platform default applies.
        let relative = env(&[("XDG_DATA_HOME", "xdg"), ("HOME", "/home/an")]);
        let nothing = env(&[]);
        if cfg!(any(target_os = "macos", windows)) {
            assert_eq!(default_path_in(relative, native), file("/native/data"));
            assert_eq!(default_path_in(nothing, native), file("/native/data"));
        } else {
            // Linux and the other Unixes: ~/.local/share from $HOME, and nothing without one
            // (the platform's strategy is not asked).
            let unasked = || -> Option<PathBuf> { panic!("XDG needs no platform strategy") };
            assert_eq!(
                default_path_in(relative, unasked),
                file("/home/an/.local/share")
            );
            assert_eq!(default_path_in(env(&[("HOME", "")]), unasked), None);
            assert_eq!(default_path_in(nothing, unasked), None);
        }
        // The platform's own directory is absolute wherever there is a home.
        if std::env::var_os("HOME").is_some_and(|h| !h.is_empty()) {
            assert!(native_data_dir().is_some_and(|d| d.is_absolute()));
        }
    }
}
