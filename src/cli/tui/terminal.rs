//! Giving the terminal back whatever ends the tutor: a signal that asks it to stop, or an
//! abort.
//!
//! - The signals whose default action ends a process and that a user or the system sends to
//!   ask for an end (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
//!   SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS) set a flag: the event loop sees it within
//!   a quarter second, saves the progress and restores the terminal the ordinary way.
//! - SIGABRT is an abort: a failed allocation (`memory allocation of N bytes failed`), a
//!   stack overflow, a panic while panicking. Nothing may be saved then: the handler
//!   writes the sequences that leave the alternate screen, the mouse and bracketed paste
//!   modes and show the cursor, restores the terminal's settings as they were at start
//!   (cooked mode), and lets the abort go on (exit 134).
//!
//! SIGSEGV, SIGBUS, SIGILL and SIGFPE come from a fault in the code itself, not from data or
//! a user; a stack overflow is turned into an abort by the Rust runtime and so restored.

use std::io;
use std::os::fd::{IntoRawFd, RawFd};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, OnceLock};

use signal_hook::consts as sig;

/// The signals that ask the tutor to end: the loop saves and restores, then exits.
pub const STOPPING: [libc::c_int; 12] = [
    sig::SIGTERM,
    sig::SIGHUP,
    sig::SIGINT,
    sig::SIGQUIT,
    sig::SIGUSR1,
    sig::SIGUSR2,
    sig::SIGALRM,
    sig::SIGVTALRM,
    sig::SIGPROF,
    sig::SIGXCPU,
    sig::SIGXFSZ,
    sig::SIGSYS,
];

/// What leaves every mode the tutor turns on: SGR, urxvt and any-event mouse reports, button
/// and normal tracking (crossterm's `DisableMouseCapture`), bracketed paste, the alternate
/// screen; then the cursor shown again.
const LEAVE: &[u8] =
    b"\x1b[?1006l\x1b[?1015l\x1b[?1003l\x1b[?1002l\x1b[?1000l\x1b[?2004l\x1b[?1049l\x1b[?25h";

/// The controlling terminal, opened once and kept open, and its settings before raw mode.
static SAVED: OnceLock<(RawFd, libc::termios)> = OnceLock::new();

/// Sets `stop` on every signal of [`STOPPING`], and makes an abort restore the terminal.
/// Call before the terminal enters raw mode: its settings now are what an abort restores.
///
/// # Errors
/// A signal that cannot be watched.
pub fn watch(stop: &Arc<AtomicBool>) -> io::Result<()> {
    for signal in STOPPING {
        signal_hook::flag::register(signal, Arc::clone(stop))?;
    }
    // Without a controlling terminal to reopen, an abort cannot restore it; the tutor
    // still runs (crossterm says so if it cannot use the terminal at all).
    let _ = remember();
    // SAFETY: the action only calls async-signal-safe functions (`write`, `tcsetattr`, and
    // `emulate_default_handler`, which signal-hook documents as such) and reads a value that
    // was set before it was registered.
    unsafe {
        signal_hook::low_level::register(sig::SIGABRT, || {
            restore_now();
            // The abort goes on: by default SIGABRT ends the process (and dumps core).
            let _ = signal_hook::low_level::emulate_default_handler(sig::SIGABRT);
        })?;
    }
    Ok(())
}

/// Keeps the terminal's current settings for [`restore_now`].
fn remember() -> io::Result<()> {
    if SAVED.get().is_some() {
        return Ok(());
    }
    let tty = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")?;
    // Kept open for the life of the process: the abort handler writes to it.
    let fd = tty.into_raw_fd();
    let mut settings = std::mem::MaybeUninit::<libc::termios>::uninit();
    // SAFETY: `fd` is an open file descriptor and `settings` points to writable memory of
    // the right size; on success `tcgetattr` has initialised all of it.
    let settings = unsafe {
        if libc::tcgetattr(fd, settings.as_mut_ptr()) != 0 {
            return Err(io::Error::last_os_error());
        }
        settings.assume_init()
    };
    let _ = SAVED.set((fd, settings));
    Ok(())
}

/// Leaves the tutor's terminal modes and restores the settings of the start, with nothing but
/// async-signal-safe calls (from a signal handler).
fn restore_now() {
    if let Some((fd, settings)) = SAVED.get() {
        // SAFETY: `fd` stays open for the life of the process, `LEAVE` is a static buffer and
        // `settings` a valid termios read at start.
        unsafe {
            let _ = libc::write(*fd, LEAVE.as_ptr().cast(), LEAVE.len());
            let _ = libc::tcsetattr(*fd, libc::TCSANOW, settings);
        }
    }
}
