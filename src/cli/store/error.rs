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
}

impl Damage {
    /// The suffix of the name a damaged file is moved aside to.
    pub(super) fn suffix(&self) -> &'static str {
        match self {
            Damage::NotUtf8 { .. } | Damage::NotProgress { .. } => "corrupt",
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
        }
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

english!(Damage, StoreError, Notice);

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
        for damage in damages {
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
                StoreError::MoveAside { .. } => {}
                StoreError::Damaged { damage, .. } | StoreError::MovedAside { damage, .. } => {
                    match damage {
                        Damage::NotUtf8 { .. }
                        | Damage::NotProgress { .. }
                        | Damage::Newer { .. } => {}
                    }
                }
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
