//! Time budgets: the command line owns the clock, so it runs an evaluation inside an
//! [`Interrupt`] that a watchdog thread trips when the budget runs out, as the server stops
//! an operation at `maxTimeMS`. The engine polls the flag in its long loops and answers
//! `operation exceeded time limit` (code 50, `MaxTimeMSExpired`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use bson_tutor::query::interrupt::{Interrupt, Stop};

/// The default budget of `find`, `aggregate` and `eval` (`--max-time-ms`), in milliseconds.
/// The server has no default limit; a tutor's one-shot command that has not answered in ten
/// seconds is stuck on something the learner wants to hear about, not wait for.
pub const DEFAULT_MAX_TIME_MS: u64 = 10_000;

/// The default budget of each lesson in `check` (`--max-time-ms`), in milliseconds.
pub const DEFAULT_LESSON_TIME_MS: u64 = 10_000;

/// How long an evaluation of `find`, `aggregate` or `eval` has, once its budget ran out, to
/// notice the stop before the run ends without it (see [`within_or_exit`]).
pub const GRACE: Duration = Duration::from_secs(1);

/// Runs `f` watched by a fresh [`Interrupt`] that a watchdog trips with
/// [`Stop::TimeLimit`] after `max_time_ms` milliseconds (0: no limit, as the server's
/// `maxTimeMS: 0`). Gives `f`'s result and, if the budget ran out meanwhile, the stop: a
/// result computed after the stop is not an answer, whatever it is.
///
/// When the system refuses a thread for the watchdog, `f` runs without a limit.
pub fn within<R>(max_time_ms: u64, f: impl FnOnce() -> R) -> (R, Option<Stop>) {
    watched(max_time_ms, None, f)
}

/// [`within`] for a one-shot command: if `f` has not returned [`GRACE`] after the stop (a
/// loop of the engine that does not poll the flag), the watchdog calls `abandon` (which
/// says why) and ends the process with exit code 1 instead of leaving the learner waiting.
/// Nothing has been written to standard output by then: the evaluation comes first.
pub fn within_or_exit<R>(
    max_time_ms: u64,
    abandon: impl FnOnce() + Send + 'static,
    f: impl FnOnce() -> R,
) -> (R, Option<Stop>) {
    watched(max_time_ms, Some(Box::new(abandon)), f)
}

/// Says the server's `operation exceeded time limit` as the run's error (for
/// [`within_or_exit`]).
pub fn say_time_limit() {
    let error = bson_tutor::query::error::QueryError::from(Stop::TimeLimit);
    let _ = super::error::fail(&error.into());
}

/// Who ended first: the evaluation, or the watchdog that gave up on it.
const RUNNING: u8 = 0;
const FINISHED: u8 = 1;
const ABANDONED: u8 = 2;

fn watched<R>(
    max_time_ms: u64,
    abandon: Option<Box<dyn FnOnce() + Send>>,
    f: impl FnOnce() -> R,
) -> (R, Option<Stop>) {
    let interrupt = Interrupt::new();
    if max_time_ms == 0 {
        return (interrupt.watch(f), None);
    }
    let (done, finished) = mpsc::channel::<()>();
    let remote = interrupt.clone();
    let budget = Duration::from_millis(max_time_ms);
    let state = Arc::new(AtomicU8::new(RUNNING));
    let watchdog_state = Arc::clone(&state);
    let watchdog = std::thread::Builder::new()
        .name("deadline".into())
        .spawn(move || {
            // A message or a hang-up means the evaluation ended in time.
            if let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(budget) {
                remote.trip(Stop::TimeLimit);
                if let Some(abandon) = abandon
                    && let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(GRACE)
                    && watchdog_state
                        .compare_exchange(RUNNING, ABANDONED, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                {
                    abandon();
                    std::process::exit(i32::from(super::error::EXIT_BAD_INPUT));
                }
            }
        });
    let result = interrupt.watch(f);
    if state
        .compare_exchange(RUNNING, FINISHED, Ordering::SeqCst, Ordering::SeqCst)
        .is_err()
    {
        // The watchdog gave up on this evaluation and is ending the process: its answer
        // must not be printed.
        loop {
            std::thread::park();
        }
    }
    drop(done);
    if let Ok(handle) = watchdog {
        let _ = handle.join();
    }
    (result, interrupt.stopped())
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson_tutor::query::interrupt::requested;

    #[test]
    fn a_quick_evaluation_is_not_stopped() {
        let (value, stop) = within(60_000, || 42);
        assert_eq!((value, stop), (42, None));
        let (value, stop) = within(0, || 7);
        assert_eq!((value, stop), (7, None));
    }

    #[test]
    fn a_loop_that_polls_is_stopped_at_its_budget() {
        let (spins, stop) = within(1, || {
            let mut spins = 0u64;
            while !requested() {
                spins += 1;
                std::thread::yield_now();
            }
            spins
        });
        assert_eq!(stop, Some(Stop::TimeLimit), "after {spins} spins");
    }
}
