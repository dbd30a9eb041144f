//! The file system steps of the store, each refusing what it must not touch: links where a
//! plain file belongs, devices, FIFOs and directories, read-only files, and files that are
//! not (damaged) progress.

use std::fs::{File, Metadata, OpenOptions, Permissions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use bson_tutor::lesson::progress::{Progress, ProgressError};

use super::error::{Action, Damage, FileKind, StoreError};

/// The largest progress file read: far above any learner's (a record is about 150 bytes),
/// far below what would exhaust memory when `--progress` names a disk image by mistake.
pub(super) const MAX_BYTES: u64 = 64 << 20;

/// The name bson-tutor gives its progress file: a damaged file of this name is moved aside
/// whatever it holds.
const OWN_NAME: &str = "progress.json";

/// What was found at the path.
pub(super) enum Disk {
    Missing,
    Good(Progress),
    /// Not usable progress. `ours`: it looks like a damaged progress file (see
    /// [`looks_like_progress`]), so it may be moved aside; otherwise it is left alone.
    Damaged {
        damage: Damage,
        ours: bool,
    },
}

/// A failed step's error, for `map_err`.
pub(crate) fn io(action: Action, path: &Path) -> impl FnOnce(std::io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |error| StoreError::Io {
        action,
        path,
        error,
    }
}

/// What kind of file `meta` (from `symlink_metadata`) describes.
pub(crate) fn kind_of(meta: &Metadata) -> FileKind {
    let t = meta.file_type();
    if t.is_file() {
        return FileKind::Regular;
    }
    if t.is_dir() {
        return FileKind::Directory;
    }
    if t.is_symlink() {
        return FileKind::Symlink;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return FileKind::Fifo;
        }
        if t.is_char_device() {
            return FileKind::CharDevice;
        }
        if t.is_block_device() {
            return FileKind::BlockDevice;
        }
        if t.is_socket() {
            return FileKind::Socket;
        }
    }
    FileKind::Other
}

/// The file to read and replace for the progress path `path`: `path` itself when it is a
/// regular file or nothing yet; the file a symbolic link leads to when that is an existing
/// regular file (so a linked progress file stays linked, and its lock and temporary files
/// sit beside the real file). Anything else is refused, naming it: a directory, a device, a
/// FIFO, a socket, a link to one of those or to nothing (nothing is created through a link).
///
/// # Errors
/// [`StoreError::NotRegular`], or the system's error looking at it.
pub(super) fn resolve(path: &Path) -> Result<PathBuf, StoreError> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(io(Action::Read, path)(e)),
    };
    match kind_of(&meta) {
        FileKind::Regular => Ok(path.to_path_buf()),
        FileKind::Symlink => {
            let refuse = |target: PathBuf, kind| StoreError::NotRegular {
                path: path.to_path_buf(),
                target: Some(target),
                kind,
            };
            let target = match std::fs::canonicalize(path) {
                Ok(t) => t,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    let to = std::fs::read_link(path).unwrap_or_default();
                    return Err(refuse(to, FileKind::Missing));
                }
                Err(e) => return Err(io(Action::Read, path)(e)),
            };
            let meta = std::fs::symlink_metadata(&target).map_err(io(Action::Read, &target))?;
            match kind_of(&meta) {
                FileKind::Regular => Ok(target),
                kind => Err(refuse(target, kind)),
            }
        }
        kind => Err(StoreError::NotRegular {
            path: path.to_path_buf(),
            target: None,
            kind,
        }),
    }
}

/// Opens `path` without following a link and without blocking on a FIFO.
pub(crate) fn open_no_follow(options: &mut OpenOptions, path: &Path) -> std::io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Whether an open error says the last component was a link (`O_NOFOLLOW`'s ELOOP).
pub(crate) fn is_link_error(e: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        e.raw_os_error() == Some(libc::ELOOP)
    }
    #[cfg(not(unix))]
    {
        let _ = e;
        false
    }
}

/// Reads the resolved progress file `path` (see [`resolve`]): at most [`MAX_BYTES`], never
/// through a link, never from anything but a regular file.
pub(super) fn read_disk(path: &Path) -> Result<Disk, StoreError> {
    let not_regular = |kind| StoreError::NotRegular {
        path: path.to_path_buf(),
        target: None,
        kind,
    };
    let mut file = match open_no_follow(OpenOptions::new().read(true), path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Disk::Missing),
        // A link put there since the path was resolved.
        Err(e) if is_link_error(&e) => return Err(not_regular(FileKind::Symlink)),
        Err(e) => return Err(io(Action::Read, path)(e)),
    };
    let meta = file.metadata().map_err(io(Action::Read, path))?;
    match kind_of(&meta) {
        FileKind::Regular => {}
        kind => return Err(not_regular(kind)),
    }
    let mut bytes = Vec::new();
    // Enough to tell a huge file's kind by its start without reading it whole.
    let limit = if meta.len() > MAX_BYTES {
        4096
    } else {
        MAX_BYTES + 1
    };
    (&mut file)
        .take(limit)
        .read_to_end(&mut bytes)
        .map_err(io(Action::Read, path))?;
    if meta.len() > MAX_BYTES || bytes.len() as u64 > MAX_BYTES {
        let damage = Damage::TooLarge {
            bytes: meta.len().max(bytes.len() as u64),
            max: MAX_BYTES,
        };
        let ours = looks_like_progress(path, &bytes);
        return Ok(Disk::Damaged { damage, ours });
    }
    let ours = looks_like_progress(path, &bytes);
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let damage = Damage::NotUtf8 { at };
            return Ok(Disk::Damaged { damage, ours });
        }
    };
    let damage = match Progress::from_json(&text).and_then(|p| p.check_version().map(|()| p)) {
        Ok(p) => return Ok(Disk::Good(p)),
        Err(ProgressError::NotProgress { detail }) => Damage::NotProgress { detail },
        // A newer bson-tutor's file parsed as progress: it is one.
        Err(ProgressError::Newer { version }) => {
            let damage = Damage::Newer { version };
            return Ok(Disk::Damaged { damage, ours: true });
        }
    };
    Ok(Disk::Damaged { damage, ours })
}

/// Whether a file that is not usable progress looks like a damaged progress file, and so
/// may be moved aside: it bears bson-tutor's own name (`progress.json`), or its text starts
/// like one (`{`, after white space, with `"exercises"` in its first 4 KiB). Anything else
/// (a mistyped `--progress ~/.bashrc`, a `package.json`) is left where it is, untouched.
pub(super) fn looks_like_progress(path: &Path, bytes: &[u8]) -> bool {
    if path.file_name().is_some_and(|n| n == OWN_NAME) {
        return true;
    }
    let head = &bytes[..bytes.len().min(4096)];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = head.iter().position(|b| !b.is_ascii_whitespace());
    start.is_some_and(|i| head[i] == b'{') && head.windows(11).any(|w| w == b"\"exercises\"")
}

/// `path` with `suffix` appended to its file name: `progress.json` + `.lock`.
pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(suffix);
    path.with_file_name(name)
}

/// The directory holding `path`.
pub(crate) fn dir_of(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Takes the exclusive lock on `<path>.lock`, creating the directory if need be; released
/// when the returned file is dropped (also when the process dies). The lock file is opened
/// without following a link: a link there is refused, and nothing is created at its target.
pub(super) fn lock(path: &Path) -> Result<File, StoreError> {
    let dir = dir_of(path);
    std::fs::create_dir_all(dir).map_err(io(Action::Create, dir))?;
    let lock_path = sibling(path, ".lock");
    let refuse = |kind| StoreError::LockNotRegular {
        path: lock_path.clone(),
        kind,
    };
    let file = open_no_follow(
        OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
        &lock_path,
    );
    let file = match file {
        Ok(f) => f,
        Err(e) if is_link_error(&e) => return Err(refuse(FileKind::Symlink)),
        Err(e) => {
            // A directory (EISDIR) or another kind: say which.
            if let Ok(meta) = std::fs::symlink_metadata(&lock_path) {
                let kind = kind_of(&meta);
                if kind != FileKind::Regular {
                    return Err(refuse(kind));
                }
            }
            return Err(io(Action::Open, &lock_path)(e));
        }
    };
    let meta = file.metadata().map_err(io(Action::Open, &lock_path))?;
    match kind_of(&meta) {
        FileKind::Regular => {}
        kind => return Err(refuse(kind)),
    }
    file.lock().map_err(io(Action::Lock, &lock_path))?;
    Ok(file)
}

/// Refuses to replace or remove a read-only progress file (its owner's write permission
/// taken away, as `chmod 444` does): renaming over it would succeed, silently undoing what
/// the learner asked for. Nothing there yet is writable.
pub(crate) fn check_writable(path: &Path) -> Result<Option<Permissions>, StoreError> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(Action::Read, path)(e)),
    };
    let perms = meta.permissions();
    #[cfg(unix)]
    let read_only = {
        use std::os::unix::fs::PermissionsExt;
        perms.mode() & 0o200 == 0
    };
    #[cfg(not(unix))]
    let read_only = perms.readonly();
    if read_only {
        return Err(StoreError::ReadOnly {
            path: path.to_path_buf(),
        });
    }
    Ok(Some(perms))
}

/// Renames `path` to `<path>.<suffix>-<unix secs>` (adding `-2`, `-3`, ... when that name
/// is taken, as rename would replace it). Called under the lock on a regular file that
/// looks like progress, so the name stays free and nothing else is ever moved.
pub(super) fn move_aside(path: &Path, suffix: &str) -> Result<PathBuf, StoreError> {
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
/// and after a crash the file is one or the other. The temporary file is created beside it
/// with an unpredictable name and `O_EXCL` (so never through a link someone planted), gets
/// the replaced file's permissions (`perms`; a new file gets the usual `0666` less the
/// umask), is fsynced, then renamed over `path`.
pub(crate) fn write_atomically(
    path: &Path,
    bytes: &[u8],
    perms: Option<Permissions>,
) -> Result<(), StoreError> {
    let dir = dir_of(path);
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(path.file_name().unwrap_or_default());
    prefix.push(".");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    if perms.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir).map_err(io(Action::Write, dir))?;
    let written = (|| {
        tmp.write_all(bytes)?;
        if let Some(p) = perms {
            tmp.as_file().set_permissions(p)?;
        }
        tmp.as_file().sync_all()
    })();
    // On an error the temporary file is removed when `tmp` drops.
    written.map_err(io(Action::Write, tmp.path()))?;
    tmp.persist(path)
        .map_err(|e| io(Action::Replace, path)(e.error))?;
    // The file is in place. A failed directory sync leaves only the rename's durability in
    // doubt; reporting the save as failed would make the caller save its journal again and
    // count its attempts twice.
    let _ = sync_dir(path);
    Ok(())
}

/// Makes a rename or removal in `path`'s directory durable.
pub(super) fn sync_dir(path: &Path) -> Result<(), StoreError> {
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
