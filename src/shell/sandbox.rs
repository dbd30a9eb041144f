//! A console that can always be stopped: each one runs in a worker process of its own,
//! which the process that shows it ends when the engine does not stop in time.
//!
//! QuickJS polls its interrupt handler in the bytecode loop, but not inside a built-in
//! function that loops in C: `Array.prototype.reverse.call({ length: 2 ** 53 - 1 })` (and
//! `copyWithin`, `join`, `splice`, `sort`, ... over a huge array-like) runs for days and
//! no flag reaches it. A thread cannot be ended from outside; a process can. So a
//! [`Session`] is one of:
//! - [`Session::Worker`]: a [`Sandbox`], a child process (`bson-tutor __console-worker`,
//!   set once with [`use_worker`]) holding the [`Console`]. Requests and what a run prints
//!   cross two pipes as frames (below). When the caller's interrupt trips (a time limit,
//!   Ctrl-C), the sandbox asks the worker to stop; a worker that has not answered
//!   [`GRACE`] later is killed, and so is one whose resident memory passes
//!   [`MEMORY_KILL`]. The next request starts a new worker (with `--data`, the databases
//!   as last saved); the run that was killed says what was lost ([`Limit::Killed`]).
//! - [`Session::Local`]: the console in this process, where no worker is set (the
//!   library's own tests). It stops at every limit but the one above.
//!
//! What the worker holds is bounded three ways: its JavaScript heap
//! ([`DEFAULT_MEMORY_LIMIT`]), what a run prints ([`OUTPUT_LIMIT`], counted in the worker),
//! and its whole resident memory: a host call that stores or prints is refused once the
//! process holds [`MEMORY_BUDGET`] (databases, output and replies share it), and the
//! process is killed at [`MEMORY_KILL`] whatever it is doing.
//!
//! This module reads a monotonic timer (for the grace period) and starts processes: it is
//! the console's supervisor, not the engine, which stays deterministic.
//!
//! # Frames
//! Every frame is a `u32` length (little-endian, the bytes after it), a tag byte, then its
//! fields: a number as `u8` or `u32`, a string as a `u32` length and UTF-8, a document as
//! its BSON bytes. Requests: `E` eval (echo, file, source), `C` complete (line), `K`
//! is-complete (source), `N` the database's name, `D` the databases, `S` save, `X` stop
//! (why). Events: `H` ready or `F` failed (why), `P` print (text, documents), `W` warning,
//! `R` a run's end (its error), `M` completion, `B` a yes/no, `T` a text, `L`/`d`/`Z` a
//! collection, a document and the end of the databases, `A` saved (notes).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, BufWriter, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::console::{Limit, MEMORY_BUDGET, MemoryBudget, Sink};
use super::server::Server;
use super::{Clock, Console, DEFAULT_MEMORY_LIMIT, Echo, Output, Run, Thrown};
use crate::bson::oid::ObjectIdProcess;
use crate::bson::{Document, decode_document, encode_document};
use crate::query::interrupt::{self, Interrupt, Stop};

mod frame;
mod serve;
mod session;
mod start;
mod supervisor;
#[cfg(test)]
mod tests;

use frame::{
    Event, Fields, Frame, broken, notes_frame, output_frame, parse_event, read_frame,
    run_end_frame, stop_code, stop_of,
};
use serve::resident;
pub use serve::{Save, refuse_start, serve};
pub use session::Session;
pub use start::{RngSeed, Start};
pub use supervisor::Sandbox;

/// The resident memory at which a worker is killed, whatever it is doing (a reply being
/// built past the budget).
pub const MEMORY_KILL: usize = 480 * 1024 * 1024;

/// How long a worker has to stop after it was asked to, before it is killed.
pub const GRACE: Duration = Duration::from_millis(1000);

/// How long completion, the prompt's database name and the like may run (they run the
/// learner's getters).
const AUX_LIMIT: Duration = Duration::from_secs(2);

/// The largest frame read: a print is at most [`OUTPUT_LIMIT`], a document 16 MiB.
const MAX_FRAME: usize = 64 * 1024 * 1024;

/// How a worker is started: this program and the arguments that make it one.
#[derive(Clone, Debug)]
pub struct WorkerCommand {
    /// The program.
    pub program: PathBuf,
    /// The arguments before the worker's own.
    pub args: Vec<OsString>,
}

static WORKER: OnceLock<WorkerCommand> = OnceLock::new();

/// Runs every console of this process from now on in workers started by `command` (the
/// binary calls it once, with itself). The first call wins.
pub fn use_worker(command: WorkerCommand) {
    let _ = WORKER.set(command);
}

/// The worker command, when one is set.
pub fn worker() -> Option<&'static WorkerCommand> {
    WORKER.get()
}

/// Every collection's documents, by database and collection name.
pub type Databases = BTreeMap<String, BTreeMap<String, Vec<Document>>>;
