//! What the integration tests share. Each test crate uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The `bson-tutor` binary, in English whatever the machine's locale: the tests compare its
/// output with English text.
pub fn bson_tutor() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bson-tutor"));
    command
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C.UTF-8");
    command
}

/// Where tests write: Cargo's scratch directory for integration tests (under `target/`),
/// never the system's temporary directory.
pub fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// A directory of its own for one test (`bson-tutor-<area>-<name>-<pid>` under [`scratch`]),
/// empty at the start and removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(area: &str, name: &str) -> TempDir {
        let dir = scratch().join(format!("bson-tutor-{area}-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The high-water mark of process `pid`'s resident set (`VmHWM`, KiB), while it has one.
pub fn vm_hwm_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    line.trim().strip_suffix("kB")?.trim().parse().ok()
}

/// The processes `pid` started that are still its children (from every thread's
/// `/proc/PID/task/TID/children`); none when it is gone.
pub fn child_pids(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(Result::ok)
        .filter_map(|t| std::fs::read_to_string(t.path().join("children")).ok())
        .flat_map(|s| {
            s.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}
