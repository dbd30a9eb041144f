//! Reading a pack directory that trusts nothing in it. A pack comes from anyone (a
//! colleague's archive, a CI checkout), so an entry named `*.toml` may be a link to
//! `/etc/passwd`, a FIFO that blocks whoever opens it, a directory, a device or a gigabyte:
//! each is refused by what the directory says about it, before it is opened, and becomes
//! one error naming the file and the reason while the other lessons load. Nothing of a
//! refused file is read, so nothing of it can be quoted.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use super::error::{Entry, LoadError, LoadErrorKind};
use crate::strings::safe::escape_line;

/// The largest lesson or translation file read, in bytes: the longest built-in lesson is
/// about 30 KB; a megabyte is a book.
pub const MAX_LESSON_BYTES: u64 = 1 << 20;

/// One `*.toml` entry of a pack directory: its name, and its text or why it was not read.
#[derive(Clone, Debug)]
pub struct PackFile {
    /// The path as the directory listing gives it, control characters escaped (it is only
    /// ever shown).
    pub name: String,
    /// The text, or the refusal.
    pub text: Result<String, LoadError>,
}

impl PackFile {
    /// A file whose text is already in hand (a built-in lesson).
    pub fn text(name: impl Into<String>, text: impl Into<String>) -> Self {
        PackFile {
            name: name.into(),
            text: Ok(text.into()),
        }
    }
}

/// Reads every `*.toml` entry of the pack directory `dir`, sorted by name.
///
/// # Errors
/// Only when `dir` itself cannot be listed: an entry that cannot be read is a [`PackFile`]
/// whose `text` says why (see [`read_pack_file`]).
pub fn read_pack(dir: &Path) -> io::Result<Vec<PackFile>> {
    read_toml_files(dir, dir)
}

/// Reads every `*.toml` entry of `dir`, which lies in the pack directory `root` (the pack
/// itself, or its `i18n/vi`), sorted by name. No entry is followed out of `root`.
///
/// # Errors
/// Only when `dir` or `root` cannot be listed or resolved.
pub fn read_toml_files(dir: &Path, root: &Path) -> io::Result<Vec<PackFile>> {
    let root = fs::canonicalize(root)?;
    let mut out = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let name = escape_line(&path.display().to_string()).into_owned();
        let text = read_pack_file(&path, &root).map_err(|kind| LoadError::whole(&name, kind));
        out.push(PackFile { name, text });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// The text of the pack file `path`, if it is a regular UTF-8 file of at most
/// [`MAX_LESSON_BYTES`] inside `root` (a canonical path), reached directly or by links that
/// stay inside. What the directory says is checked before the file is opened, so a FIFO is
/// never opened and a link out of the pack never followed; the open itself refuses links and
/// does not wait, and the opened file is checked again, so an entry swapped meanwhile is
/// refused too.
///
/// # Errors
/// The reason, as a [`LoadErrorKind`]: a link out of `root` ([`LoadErrorKind::LinkLeavesPack`]),
/// a link to nothing, not a regular file, too large, not UTF-8, or the system's refusal.
pub fn read_pack_file(path: &Path, root: &Path) -> Result<String, LoadErrorKind> {
    let unreadable = |e: io::Error| LoadErrorKind::Unreadable {
        error: e.to_string(),
    };
    // The entry itself first: a link is not followed until its target is known to be
    // inside the pack.
    let entry = fs::symlink_metadata(path).map_err(unreadable)?;
    let target = match fs::canonicalize(path) {
        Ok(target) => target,
        Err(e) if entry.file_type().is_symlink() && is_missing(&e) => {
            return Err(LoadErrorKind::DanglingLink);
        }
        Err(e) => return Err(unreadable(e)),
    };
    if !target.starts_with(root) {
        return Err(LoadErrorKind::LinkLeavesPack);
    }
    let meta = fs::metadata(&target).map_err(unreadable)?;
    check_kind(&meta)?;
    let mut file = open(&target).map_err(unreadable)?;
    // The file opened is the one checked: not swapped for a FIFO or a device meanwhile.
    let meta = file.metadata().map_err(unreadable)?;
    check_kind(&meta)?;
    let mut bytes = Vec::new();
    (&mut file)
        .take(MAX_LESSON_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_LESSON_BYTES {
        return Err(LoadErrorKind::TooLarge {
            size: meta.len().max(bytes.len() as u64),
        });
    }
    String::from_utf8(bytes).map_err(|e| LoadErrorKind::NotUtf8 {
        at: e.utf8_error().valid_up_to(),
    })
}

/// Whether a link's target is missing (a name that does not exist, a loop of links, a
/// path through a file), as opposed to there but unreadable.
fn is_missing(e: &io::Error) -> bool {
    e.kind() != io::ErrorKind::PermissionDenied
}

/// `Ok` for a regular file of at most [`MAX_LESSON_BYTES`].
fn check_kind(meta: &fs::Metadata) -> Result<(), LoadErrorKind> {
    if !meta.is_file() {
        return Err(LoadErrorKind::NotAFile {
            what: entry_kind(meta.file_type()),
        });
    }
    if meta.len() > MAX_LESSON_BYTES {
        return Err(LoadErrorKind::TooLarge { size: meta.len() });
    }
    Ok(())
}

fn entry_kind(t: fs::FileType) -> Entry {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return Entry::Fifo;
        }
        if t.is_socket() {
            return Entry::Socket;
        }
        if t.is_char_device() || t.is_block_device() {
            return Entry::Device;
        }
    }
    if t.is_dir() {
        Entry::Directory
    } else {
        Entry::Other
    }
}

/// Opens `path` for reading without following a link at its end and, should it have become
/// a FIFO since it was checked, without waiting for a writer; never as a controlling
/// terminal.
fn open(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    options.open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    /// A fresh directory under the target directory, removed first if a run left it.
    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::current_exe()
            .expect("the test binary has a path")
            .ancestors()
            .nth(3) // target/<profile>/deps/<test binary>
            .expect("the test binary is under target/")
            .join("tmp")
            .join(format!("bson-tutor-pack-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn refusal(files: &[PackFile], name: &str) -> Option<LoadErrorKind> {
        files
            .iter()
            .find(|f| f.name.ends_with(name))
            .and_then(|f| f.text.as_ref().err())
            .map(|e| e.kind.clone())
    }

    #[test]
    fn every_hostile_entry_is_refused_by_its_kind_and_the_good_one_is_read() {
        let dir = scratch("kinds");
        let outside = scratch("kinds-outside");
        fs::write(outside.join("secret"), "root:x:0:0:root:/root:/bin/sh\n").unwrap();
        fs::write(dir.join("good.toml"), "id = \"good\"\n").unwrap();
        fs::write(dir.join("notes.txt"), "skipped").unwrap();
        symlink(outside.join("secret"), dir.join("out.toml")).unwrap();
        symlink(dir.join("nowhere"), dir.join("dangling.toml")).unwrap();
        symlink(dir.join("good.toml"), dir.join("inside.toml")).unwrap();
        fs::create_dir(dir.join("dir.toml")).unwrap();
        fs::write(dir.join("latin1.toml"), b"id = \"caf\xe9\"\n").unwrap();
        let big = fs::File::create(dir.join("big.toml")).unwrap();
        big.set_len(MAX_LESSON_BYTES + 1).unwrap();
        let fifo = dir.join("fifo.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        let files = read_pack(&dir).unwrap();
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted: {names:?}");
        assert!(!names.iter().any(|n| n.ends_with(".txt")), "{names:?}");
        let read = |name: &str| {
            files
                .iter()
                .find(|f| f.name.ends_with(name))
                .and_then(|f| f.text.as_ref().ok())
                .cloned()
        };
        assert_eq!(read("/good.toml").as_deref(), Some("id = \"good\"\n"));
        assert_eq!(read("/inside.toml").as_deref(), Some("id = \"good\"\n"));
        assert_eq!(
            refusal(&files, "/out.toml"),
            Some(LoadErrorKind::LinkLeavesPack)
        );
        assert_eq!(
            refusal(&files, "/dangling.toml"),
            Some(LoadErrorKind::DanglingLink)
        );
        assert_eq!(
            refusal(&files, "/dir.toml"),
            Some(LoadErrorKind::NotAFile {
                what: Entry::Directory
            })
        );
        assert_eq!(
            refusal(&files, "/latin1.toml"),
            Some(LoadErrorKind::NotUtf8 { at: 9 })
        );
        assert_eq!(
            refusal(&files, "/big.toml"),
            Some(LoadErrorKind::TooLarge {
                size: MAX_LESSON_BYTES + 1
            })
        );
        if made.is_ok_and(|s| s.success()) {
            assert_eq!(
                refusal(&files, "/fifo.toml"),
                Some(LoadErrorKind::NotAFile { what: Entry::Fifo })
            );
        }
        for f in &files {
            if let Err(e) = &f.text {
                assert!(!e.to_string().contains("root:x"), "{e}");
                assert_eq!(e.to_string().lines().count(), 1, "{e}");
            }
        }
        let _ = fs::remove_dir_all(&dir);
        let _ = fs::remove_dir_all(&outside);
    }

    #[test]
    fn a_translation_directory_that_links_out_is_refused_file_by_file() {
        let pack = scratch("i18n");
        let outside = scratch("i18n-outside");
        fs::write(outside.join("x.toml"), "lang = \"vi\"\n").unwrap();
        fs::create_dir(pack.join("i18n")).unwrap();
        symlink(&outside, pack.join("i18n").join("vi")).unwrap();
        let files = read_toml_files(&pack.join("i18n").join("vi"), &pack).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(
            refusal(&files, "x.toml"),
            Some(LoadErrorKind::LinkLeavesPack)
        );
        let _ = fs::remove_dir_all(&pack);
        let _ = fs::remove_dir_all(&outside);
    }

    #[test]
    fn a_name_with_control_characters_is_escaped() {
        let dir = scratch("names");
        fs::write(dir.join("a\u{1b}[2J.toml"), "x").unwrap();
        let files = read_pack(&dir).unwrap();
        assert!(
            files[0].name.ends_with("a\\u{1b}[2J.toml"),
            "{}",
            files[0].name
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_directory_is_the_one_error_that_stops_the_listing() {
        let dir = scratch("missing").join("not-there");
        assert!(read_pack(&dir).is_err());
    }
}
