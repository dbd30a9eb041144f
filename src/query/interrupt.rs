//! Stopping a long evaluation from outside, as the server stops an operation at `maxTimeMS`
//! or on `killOp`.
//!
//! The library never reads the clock: whoever runs an evaluation (the CLI, the TUI's worker,
//! `check`) holds an [`Interrupt`], runs the evaluation inside [`Interrupt::watch`], and
//! trips it from another thread when its own deadline passes or the user moves on. The
//! engine polls [`requested`] in its long loops (per document scanned, per element of an
//! array walked, every few hundred characters of a regex match).
//!
//! The invariant that keeps answers honest: a loop that sees the request may stop early and
//! return anything (an inner `is_match` returns `false`), but every public entry point of
//! the engine calls [`check`] before it returns `Ok`, so a result computed after the request
//! is never reported as an answer.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

/// Why an evaluation was asked to stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Its time budget ran out (the server's `MaxTimeMSExpired`).
    TimeLimit,
    /// The user or the program no longer wants the answer (the server's `Interrupted`).
    Cancelled,
}

const RUNNING: u8 = 0;
const TIME_LIMIT: u8 = 1;
const CANCELLED: u8 = 2;

/// A shared flag that asks an evaluation to stop. Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicU8>);

thread_local! {
    static WATCHED: RefCell<Option<Interrupt>> = const { RefCell::new(None) };
}

impl Interrupt {
    /// A flag that has not been tripped.
    pub fn new() -> Self {
        Interrupt::default()
    }

    /// Asks the evaluation to stop, for `why`. The first reason given is the one reported.
    pub fn trip(&self, why: Stop) {
        let value = match why {
            Stop::TimeLimit => TIME_LIMIT,
            Stop::Cancelled => CANCELLED,
        };
        let _ = self
            .0
            .compare_exchange(RUNNING, value, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Whether, and why, a stop was asked for.
    pub fn stopped(&self) -> Option<Stop> {
        match self.0.load(Ordering::Relaxed) {
            RUNNING => None,
            TIME_LIMIT => Some(Stop::TimeLimit),
            _ => Some(Stop::Cancelled),
        }
    }

    /// Runs `f` with this flag watched by the engine on the current thread (the previous
    /// watched flag, if any, is restored afterwards, even if `f` unwinds).
    pub fn watch<R>(&self, f: impl FnOnce() -> R) -> R {
        struct Restore(Option<Interrupt>);
        impl Drop for Restore {
            fn drop(&mut self) {
                let previous = self.0.take();
                WATCHED.with(|w| *w.borrow_mut() = previous);
            }
        }
        let previous = WATCHED.with(|w| w.borrow_mut().replace(self.clone()));
        let _restore = Restore(previous);
        f()
    }
}

/// Whether the evaluation running on this thread has been asked to stop (false when no
/// flag is watched). Cheap enough for inner loops; poll it every few hundred steps.
pub fn requested() -> bool {
    stopped().is_some()
}

/// Why the evaluation running on this thread was asked to stop, if it was.
pub fn stopped() -> Option<Stop> {
    WATCHED.with(|w| w.borrow().as_ref().and_then(Interrupt::stopped))
}

/// `Err` with the reason when the evaluation on this thread was asked to stop: the check
/// every public entry point makes before it returns an answer.
///
/// # Errors
/// The stop that was asked for.
pub fn check() -> Result<(), Stop> {
    match stopped() {
        Some(why) => Err(why),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_requested_outside_a_watch() {
        let flag = Interrupt::new();
        flag.trip(Stop::Cancelled);
        assert!(!requested());
        assert_eq!(check(), Ok(()));
        assert_eq!(flag.watch(check), Err(Stop::Cancelled));
        assert_eq!(check(), Ok(()), "the watch ends with its closure");
    }

    #[test]
    fn the_first_reason_is_the_one_reported() {
        let flag = Interrupt::new();
        assert_eq!(flag.watch(stopped), None);
        flag.trip(Stop::TimeLimit);
        flag.clone().trip(Stop::Cancelled);
        assert_eq!(flag.watch(stopped), Some(Stop::TimeLimit));
    }

    #[test]
    fn another_thread_can_stop_a_loop() {
        let flag = Interrupt::new();
        let remote = flag.clone();
        let stopper = std::thread::spawn(move || remote.trip(Stop::TimeLimit));
        let steps = flag.watch(|| {
            let mut steps = 0u64;
            while !requested() {
                steps += 1;
                std::hint::spin_loop();
            }
            steps
        });
        stopper.join().expect("the stopper thread ends");
        assert!(flag.stopped().is_some(), "stopped after {steps} steps");
    }

    #[test]
    fn nested_watches_restore_the_outer_flag() {
        let outer = Interrupt::new();
        let inner = Interrupt::new();
        outer.trip(Stop::Cancelled);
        outer.watch(|| {
            assert_eq!(inner.watch(stopped), None);
            assert_eq!(stopped(), Some(Stop::Cancelled));
        });
    }
}
