//! Why progress could not be read or saved, and what loading it has to tell.

use std::fmt;
use std::path::PathBuf;

use bson_tutor::lesson::progress::VERSION;

use bson_tutor::strings::localize::Localize;
use bson_tutor::strings::{Lang, write_trf};

#[cfg(test)]
use bson_tutor::lesson::progress::{Progress, ProgressError};

/// Why a progress file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Not UTF-8 text.
    NotUtf8 {
        /// The first byte that is not.
        at: usize,
    },
    /// Not a progress file.
    NotProgress {
        /// serde's reason, with line and column (its own English).
        detail: String,
    },
    /// Written by a newer bson-tutor.
    Newer {
        /// Its format version.
        version: u32,
    },
    /// Larger than any progress file: not read whole.
    TooLarge {
        /// Its size.
        bytes: u64,
        /// The largest progress file read.
        max: u64,
    },
}

/// What a path turned out to be, where a regular file belongs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A regular file (never refused for its kind; listed to name what `stat` says).
    Regular,
    /// A directory.
    Directory,
    /// A symbolic link.
    Symlink,
    /// A FIFO (named pipe).
    Fifo,
    /// A character device (`/dev/null`, a terminal).
    CharDevice,
    /// A block device (a disk).
    BlockDevice,
    /// A Unix socket.
    Socket,
    /// Nothing: a link's target that does not exist.
    Missing,
    /// Anything else the system has.
    Other,
}

impl Damage {
    /// The suffix of the name a damaged file is moved aside to.
    pub(super) fn suffix(&self) -> &'static str {
        match self {
            Damage::NotUtf8 { .. } | Damage::NotProgress { .. } | Damage::TooLarge { .. } => {
                "corrupt"
            }
            Damage::Newer { .. } => "future",
        }
    }
}

/// What a store step was doing when the system refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Reading the file.
    Read,
    /// Removing it.
    Erase,
    /// Making its directory.
    Create,
    /// Opening the lock file.
    Open,
    /// Taking the lock.
    Lock,
    /// Writing the temporary file.
    Write,
    /// Renaming it over the file.
    Replace,
    /// Making a change in the directory durable.
    Sync,
}

/// Why progress could not be read or saved.
#[derive(Debug)]
pub enum StoreError {
    /// The system refused a step.
    Io {
        /// The step.
        action: Action,
        /// The file or directory.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// A damaged file could not be moved aside.
    MoveAside {
        /// The file.
        path: PathBuf,
        /// Where it was to go.
        aside: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// The file is damaged and was left where it is.
    Damaged {
        /// The file.
        path: PathBuf,
        /// How.
        damage: Damage,
    },
    /// The file turned out damaged when saving: it was moved aside and nothing was saved.
    MovedAside {
        /// The file.
        path: PathBuf,
        /// How it was damaged.
        damage: Damage,
        /// Where it is now.
        aside: PathBuf,
    },
    /// The progress path is not a regular file, nor a link to one: nothing was read,
    /// written or moved.
    NotRegular {
        /// The path as given (or as resolved, when it changed under the lock).
        path: PathBuf,
        /// Where it links to, when it is a symbolic link.
        target: Option<PathBuf>,
        /// What it (or its target) is.
        kind: FileKind,
    },
    /// The lock file is not a regular file (a link, most likely planted): nothing was
    /// followed, created or saved.
    LockNotRegular {
        /// The lock file.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// The file is not progress and does not look like damaged progress either (a mistyped
    /// path): it was left as it is.
    Foreign {
        /// The file.
        path: PathBuf,
        /// Why it is not progress.
        damage: Damage,
    },
    /// The file is read-only (its owner may not write it): it was neither replaced nor
    /// erased.
    ReadOnly {
        /// The file.
        path: PathBuf,
    },
}

/// What [`Store::load`] has to tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// There is nowhere to save: progress is kept in memory only.
    Nowhere,
    /// A damaged file was moved aside, and progress starts afresh.
    MovedAside {
        /// The file.
        path: PathBuf,
        /// How it was damaged.
        damage: Damage,
        /// Where it is now.
        aside: PathBuf,
    },
}

impl Localize for Damage {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Damage::NotUtf8 { at } => {
                let mut why = String::new();
                write_trf(&mut why, lang, "not UTF-8 text at byte {at}", &[at])?;
                write_trf(
                    out,
                    lang,
                    "is not a bson-tutor progress file ({why})",
                    &[&why],
                )
            }
            Damage::NotProgress { detail } => write_trf(
                out,
                lang,
                "is not a bson-tutor progress file ({why})",
                &[detail],
            ),
            Damage::Newer { version } => write_trf(
                out,
                lang,
                "was written by a newer bson-tutor (progress format version {version}, but this one reads up to version {max})",
                &[version, &VERSION],
            ),
            Damage::TooLarge { bytes, max } => write_trf(
                out,
                lang,
                "is too large for a bson-tutor progress file ({bytes} bytes; the limit is {max})",
                &[bytes, max],
            ),
        }
    }
}

impl Localize for FileKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let en = match self {
            FileKind::Regular => "a regular file",
            FileKind::Directory => "a directory",
            FileKind::Symlink => "a symbolic link",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Socket => "a socket",
            FileKind::Missing => "nothing (it does not exist)",
            FileKind::Other => "a special file",
        };
        write_trf(out, lang, en, &[])
    }
}

impl Localize for StoreError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            StoreError::Io {
                action,
                path,
                error,
            } => {
                let args: [&dyn fmt::Display; 2] = [&path.display(), error];
                match action {
                    Action::Read => write_trf(out, lang, "cannot read {read}: {value}", &args),
                    Action::Erase => write_trf(out, lang, "cannot erase {erase}: {value}", &args),
                    Action::Create => {
                        write_trf(out, lang, "cannot create {create}: {value}", &args)
                    }
                    Action::Open => write_trf(out, lang, "cannot open {open}: {value}", &args),
                    Action::Lock => write_trf(out, lang, "cannot lock {lock}: {value}", &args),
                    Action::Write => write_trf(out, lang, "cannot write {write}: {value}", &args),
                    Action::Replace => {
                        write_trf(out, lang, "cannot replace {date}: {value}", &args)
                    }
                    Action::Sync => write_trf(out, lang, "cannot sync {sync}: {value}", &args),
                }
            }
            StoreError::MoveAside { path, aside, error } => write_trf(
                out,
                lang,
                "cannot move {path} aside to {aside}: {error}",
                &[&path.display(), &aside.display(), error],
            ),
            StoreError::Damaged { path, damage } => write_trf(
                out,
                lang,
                "{path} {display_in}; it was left as it is (`bson-tutor progress` moves it aside and starts afresh)",
                &[&path.display(), &damage.display_in(lang)],
            ),
            StoreError::MovedAside {
                path,
                damage,
                aside,
            } => write_trf(
                out,
                lang,
                "{path} {display_in}: moved it aside to {aside}; nothing was saved this time",
                &[&path.display(), &damage.display_in(lang), &aside.display()],
            ),
            StoreError::NotRegular {
                path,
                target: None,
                kind,
            } => write_trf(
                out,
                lang,
                "{path} is {kind}, not a progress file: nothing was read, written or moved (check --progress or $BSON_TUTOR_PROGRESS)",
                &[&path.display(), &kind.display_in(lang)],
            ),
            StoreError::NotRegular {
                path,
                target: Some(target),
                kind: FileKind::Missing,
            } => write_trf(
                out,
                lang,
                "{path} is a symbolic link to {target}, which does not exist: bson-tutor creates no file through a link, so nothing was written (create the file or remove the link)",
                &[&path.display(), &target.display()],
            ),
            StoreError::NotRegular {
                path,
                target: Some(target),
                kind,
            } => write_trf(
                out,
                lang,
                "{path} is a symbolic link to {target}, which is {kind}, not a progress file: nothing was read, written or moved",
                &[&path.display(), &target.display(), &kind.display_in(lang)],
            ),
            StoreError::LockNotRegular { path, kind } => write_trf(
                out,
                lang,
                "the lock file {path} is {kind}, not a plain file: bson-tutor neither follows nor creates anything there, so nothing was saved (remove it and try again)",
                &[&path.display(), &kind.display_in(lang)],
            ),
            StoreError::Foreign { path, damage } => write_trf(
                out,
                lang,
                "{path} {display_in}, and does not look like a damaged one either: it was left as it is (check --progress or $BSON_TUTOR_PROGRESS)",
                &[&path.display(), &damage.display_in(lang)],
            ),
            StoreError::ReadOnly { path } => write_trf(
                out,
                lang,
                "{path} is read-only: nothing was saved or erased (make it writable, `chmod u+w`, to record progress)",
                &[&path.display()],
            ),
        }
    }
}

impl Localize for Notice {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Notice::Nowhere => write_trf(
                out,
                lang,
                "nowhere to save progress (no --progress, $BSON_TUTOR_PROGRESS, $XDG_DATA_HOME or $HOME): it is kept in memory only",
                &[],
            ),
            Notice::MovedAside {
                path,
                damage,
                aside,
            } => write_trf(
                out,
                lang,
                "{path} {display_in}: moved it aside to {aside} and started afresh",
                &[&path.display(), &damage.display_in(lang), &aside.display()],
            ),
        }
    }
}

/// `Display` is English.
macro_rules! english {
    ($($t:ty),*) => {$(
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.write_in(Lang::En, f)
            }
        }
    )*};
}

english!(Damage, FileKind, StoreError, Notice);

impl std::error::Error for StoreError {}

#[cfg(test)]
impl StoreError {
    /// One value of every variant, and of every [`Damage`] and [`Action`].
    pub(crate) fn every_variant() -> Vec<StoreError> {
        let io = || std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let detail = match Progress::from_json("{not json") {
            Err(ProgressError::NotProgress { detail }) => detail,
            other => panic!("{other:?}"),
        };
        let damages = [
            Damage::NotUtf8 { at: 3 },
            Damage::NotProgress { detail },
            Damage::Newer { version: 99 },
            Damage::TooLarge {
                bytes: 1 << 40,
                max: 64 << 20,
            },
        ];
        let kinds = [
            FileKind::Regular,
            FileKind::Directory,
            FileKind::Symlink,
            FileKind::Fifo,
            FileKind::CharDevice,
            FileKind::BlockDevice,
            FileKind::Socket,
            FileKind::Missing,
            FileKind::Other,
        ];
        let actions = [
            Action::Read,
            Action::Erase,
            Action::Create,
            Action::Open,
            Action::Lock,
            Action::Write,
            Action::Replace,
            Action::Sync,
        ];
        let mut all: Vec<StoreError> = actions
            .into_iter()
            .map(|action| StoreError::Io {
                action,
                path: "progress.json".into(),
                error: io(),
            })
            .collect();
        all.push(StoreError::MoveAside {
            path: "progress.json".into(),
            aside: "progress.json.corrupt-1".into(),
            error: io(),
        });
        for kind in kinds {
            all.push(StoreError::NotRegular {
                path: "/dev/null".into(),
                target: None,
                kind,
            });
            all.push(StoreError::NotRegular {
                path: "progress.json".into(),
                target: Some("/elsewhere/progress.json".into()),
                kind,
            });
            all.push(StoreError::LockNotRegular {
                path: "progress.json.lock".into(),
                kind,
            });
        }
        all.push(StoreError::ReadOnly {
            path: "progress.json".into(),
        });
        for damage in damages {
            all.push(StoreError::Foreign {
                path: ".bashrc".into(),
                damage: damage.clone(),
            });
            all.push(StoreError::Damaged {
                path: "progress.json".into(),
                damage: damage.clone(),
            });
            all.push(StoreError::MovedAside {
                path: "progress.json".into(),
                damage,
                aside: "progress.json.corrupt-1".into(),
            });
        }
        for e in &all {
            // A new variant must be added above.
            match e {
                StoreError::Io { action, .. } => match action {
                    Action::Read
                    | Action::Erase
                    | Action::Create
                    | Action::Open
                    | Action::Lock
                    | Action::Write
                    | Action::Replace
                    | Action::Sync => {}
                },
                StoreError::MoveAside { .. } | StoreError::ReadOnly { .. } => {}
                StoreError::NotRegular { kind, .. } | StoreError::LockNotRegular { kind, .. } => {
                    match kind {
                        FileKind::Regular
                        | FileKind::Directory
                        | FileKind::Symlink
                        | FileKind::Fifo
                        | FileKind::CharDevice
                        | FileKind::BlockDevice
                        | FileKind::Socket
                        | FileKind::Missing
                        | FileKind::Other => {}
                    }
                }
                StoreError::Damaged { damage, .. }
                | StoreError::MovedAside { damage, .. }
                | StoreError::Foreign { damage, .. } => match damage {
                    Damage::NotUtf8 { .. }
                    | Damage::NotProgress { .. }
                    | Damage::Newer { .. }
                    | Damage::TooLarge { .. } => {}
                },
            }
        }
        all
    }
}

#[cfg(test)]
impl Notice {
    /// One value of every variant.
    pub(crate) fn every_variant() -> Vec<Notice> {
        let all = vec![
            Notice::Nowhere,
            Notice::MovedAside {
                path: "progress.json".into(),
                damage: Damage::Newer { version: 99 },
                aside: "progress.json.future-1".into(),
            },
        ];
        for n in &all {
            // A new variant must be added above.
            match n {
                Notice::Nowhere | Notice::MovedAside { .. } => {}
            }
        }
        all
    }
}
