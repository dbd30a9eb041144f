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

/// Where `Math.random` and `UUID()` draw from: what [`StdRng`] is seeded with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RngSeed {
    /// `StdRng::seed_from_u64`.
    U64(u64),
    /// `StdRng::from_seed`.
    Bytes([u8; 32]),
}

impl RngSeed {
    fn rng(self) -> StdRng {
        match self {
            RngSeed::U64(n) => StdRng::seed_from_u64(n),
            RngSeed::Bytes(b) => StdRng::from_seed(b),
        }
    }
}

/// What a console starts from: its client and mongod processes, its random numbers, its
/// clock, and the folder its databases are kept in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// The shell's driver: `ObjectId()` and inserted `_id`s.
    pub client: ObjectIdProcess,
    /// mongod: upserted `_id`s.
    pub mongod: ObjectIdProcess,
    /// `Math.random` and `UUID()`.
    pub rng: RngSeed,
    /// A fixed clock, in milliseconds; `None`: the wall clock (read by the worker, or by
    /// the clock given to [`Session::start`]).
    pub now_ms: Option<i64>,
    /// `--data DIR`: a worker loads the databases from it and saves them on request.
    pub data: Option<PathBuf>,
}

impl Start {
    /// [`Server::seeded`]'s console: every process and random number from `seed`.
    pub fn seeded(seed: u64, now_ms: Option<i64>) -> Start {
        let processes = crate::bson::oid::processes_from_seed(seed, 2);
        Start {
            client: processes[0].clone(),
            mongod: processes[1].clone(),
            rng: RngSeed::U64(seed ^ SEEDED_RNG_SALT),
            now_ms,
            data: None,
        }
    }

    /// The empty server it describes.
    pub fn server(&self) -> Server {
        Server::new(self.client.clone(), self.mongod.clone(), self.rng.rng())
    }

    /// The worker's arguments for it.
    fn args(&self) -> Vec<OsString> {
        let process = |p: &ObjectIdProcess| {
            let r = p.random_value();
            format!(
                "{:02x}{:02x}{:02x}{:02x}{:02x}:{}",
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                p.next_counter()
            )
        };
        let mut args: Vec<OsString> = vec![
            "--client".into(),
            process(&self.client).into(),
            "--mongod".into(),
            process(&self.mongod).into(),
            "--rng".into(),
            match self.rng {
                RngSeed::U64(n) => format!("u64:{n}"),
                RngSeed::Bytes(b) => {
                    format!(
                        "bytes:{}",
                        b.iter().map(|x| format!("{x:02x}")).collect::<String>()
                    )
                }
            }
            .into(),
        ];
        if let Some(ms) = self.now_ms {
            args.push("--now".into());
            args.push(ms.to_string().into());
        }
        if let Some(dir) = &self.data {
            args.push("--data".into());
            args.push(dir.clone().into_os_string());
        }
        args
    }

    /// Reads the arguments [`Start::args`] wrote (the worker's side).
    ///
    /// # Errors
    /// An argument this module does not write, in words.
    pub fn from_args(args: &[OsString]) -> Result<Start, String> {
        fn process(text: &str) -> Result<ObjectIdProcess, String> {
            let (hex, counter) = text.split_once(':').ok_or("a process is HEX:COUNTER")?;
            let bytes = crate::bson::hex::decode(hex).map_err(|e| e.to_string())?;
            let random: [u8; 5] = bytes.try_into().map_err(|_| "5 bytes of random value")?;
            let counter = counter.parse().map_err(|_| "a counter")?;
            Ok(ObjectIdProcess::new(random, counter))
        }
        let mut start = Start::seeded(0, None);
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let value = it
                .next()
                .and_then(|v| v.to_str().map(str::to_owned))
                .ok_or_else(|| format!("{} needs a value", flag.to_string_lossy()));
            match flag.to_str() {
                Some("--client") => start.client = process(&value?)?,
                Some("--mongod") => start.mongod = process(&value?)?,
                Some("--rng") => {
                    let value = value?;
                    start.rng = match value.split_once(':') {
                        Some(("u64", n)) => RngSeed::U64(n.parse().map_err(|_| "a u64 seed")?),
                        Some(("bytes", hex)) => RngSeed::Bytes(
                            crate::bson::hex::decode(hex)
                                .map_err(|e| e.to_string())?
                                .try_into()
                                .map_err(|_| "32 bytes of seed")?,
                        ),
                        _ => return Err(format!("--rng {value}")),
                    }
                }
                Some("--now") => start.now_ms = Some(value?.parse().map_err(|_| "--now MS")?),
                Some("--data") => {
                    // A path need not be UTF-8.
                    let dir = args
                        .iter()
                        .skip_while(|a| a.to_str() != Some("--data"))
                        .nth(1)
                        .cloned()
                        .ok_or("--data needs a value")?;
                    start.data = Some(PathBuf::from(dir));
                }
                _ => return Err(format!("unknown argument {}", flag.to_string_lossy())),
            }
        }
        Ok(start)
    }
}

/// What [`Server::seeded`] mixes into the seed for its random numbers (so that they are
/// not the stream its processes came from).
const SEEDED_RNG_SALT: u64 = 0x5eed_5eed;

/// Every collection's documents, by database and collection name.
pub type Databases = BTreeMap<String, BTreeMap<String, Vec<Document>>>;

// ---- frames -------------------------------------------------------------------------

struct Frame(Vec<u8>);

impl Frame {
    fn new(tag: u8) -> Frame {
        Frame(vec![0, 0, 0, 0, tag])
    }
    fn u8(mut self, v: u8) -> Frame {
        self.0.push(v);
        self
    }
    fn u32(mut self, v: u32) -> Frame {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn str(self, s: &str) -> Frame {
        let mut f = self.u32(u32::try_from(s.len()).unwrap_or(u32::MAX));
        f.0.extend_from_slice(s.as_bytes());
        f
    }
    fn doc(mut self, d: &Document) -> Frame {
        // A document that cannot be encoded (too large, too deep) is an empty one.
        match encode_document(d) {
            Ok(bytes) => self.0.extend_from_slice(&bytes),
            Err(_) => self.0.extend_from_slice(&[5, 0, 0, 0, 0]),
        }
        self
    }
    fn send(mut self, w: &mut impl Write) -> io::Result<()> {
        let len = u32::try_from(self.0.len() - 4).unwrap_or(u32::MAX);
        self.0[..4].copy_from_slice(&len.to_le_bytes());
        w.write_all(&self.0)?;
        w.flush()
    }
}

/// A frame's fields, read in order.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn broken(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("console frame: {what}"))
}

impl<'a> Fields<'a> {
    fn take(&mut self, n: usize) -> io::Result<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|e| *e <= self.bytes.len());
        let end = end.ok_or_else(|| broken("cut short"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    fn u8(&mut self) -> io::Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> io::Result<u32> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn str(&mut self) -> io::Result<String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| broken("text is not UTF-8"))
    }
    fn doc(&mut self) -> io::Result<Document> {
        let len = self.take(4)?;
        let n = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
        self.at -= 4;
        let bytes = self.take(n.max(4))?;
        decode_document(bytes).map_err(|e| broken(&e.to_string()))
    }
}

/// The next frame (its tag and fields), or `None` at the end of the stream.
fn read_frame(r: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let n = u32::from_le_bytes(len) as usize;
    if n == 0 || n > MAX_FRAME {
        return Err(broken(&format!("a frame of {n} bytes")));
    }
    let mut bytes = vec![0u8; n];
    r.read_exact(&mut bytes)?;
    Ok(Some(bytes))
}

fn stop_code(s: Option<Stop>) -> u8 {
    match s {
        None => 0,
        Some(Stop::TimeLimit) => 1,
        Some(Stop::Cancelled) => 2,
    }
}

fn stop_of(code: u8) -> Option<Stop> {
    match code {
        1 => Some(Stop::TimeLimit),
        2 => Some(Stop::Cancelled),
        _ => None,
    }
}

fn output_frame(o: &Output) -> Frame {
    match o {
        Output::Print { text, documents } => {
            let mut f = Frame::new(b'P')
                .str(text)
                .u32(u32::try_from(documents.len()).unwrap_or(0));
            for d in documents {
                f = f.doc(d);
            }
            f
        }
        Output::Warning(text) => Frame::new(b'W').str(text),
    }
}

fn run_end_frame(error: Option<&Thrown>) -> Frame {
    let Some(e) = error else {
        return Frame::new(b'R').u8(0);
    };
    let limit = match e.limit {
        None => 0,
        Some(Limit::Output) => 1,
        Some(Limit::Memory) => 2,
        Some(Limit::Killed) => 3,
    };
    Frame::new(b'R')
        .u8(1)
        .str(&e.name)
        .str(&e.message)
        .u8(u8::from(e.at.is_some()))
        .str(e.at.as_deref().unwrap_or(""))
        .u8(stop_code(e.stopped))
        .u8(u8::from(e.out_of_memory))
        .u8(limit)
}

/// What a worker sent.
#[derive(Debug)]
enum Event {
    Ready(Vec<String>),
    Failed(String),
    Output(Output),
    RunEnd(Option<Thrown>),
    Completion(usize, Vec<String>),
    Yes(bool),
    Text(String),
    Collection(String, String),
    Doc(Document),
    End,
    Saved(Vec<String>),
}

fn notes(f: &mut Fields<'_>) -> io::Result<Vec<String>> {
    let n = f.u32()? as usize;
    let mut notes = Vec::with_capacity(n.min(1024));
    for _ in 0..n {
        notes.push(f.str()?);
    }
    Ok(notes)
}

fn parse_event(bytes: &[u8]) -> io::Result<Event> {
    let mut f = Fields { bytes, at: 1 };
    Ok(match bytes.first() {
        Some(b'H') => Event::Ready(notes(&mut f)?),
        Some(b'F') => Event::Failed(f.str()?),
        Some(b'P') => {
            let text = f.str()?;
            let n = f.u32()? as usize;
            let mut documents = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                documents.push(f.doc()?);
            }
            Event::Output(Output::Print { text, documents })
        }
        Some(b'W') => Event::Output(Output::Warning(f.str()?)),
        Some(b'R') => Event::RunEnd(if f.u8()? == 0 {
            None
        } else {
            let name = f.str()?;
            let message = f.str()?;
            let has_at = f.u8()? == 1;
            let at = f.str()?;
            Some(Thrown {
                name,
                message,
                at: has_at.then_some(at),
                stopped: stop_of(f.u8()?),
                out_of_memory: f.u8()? == 1,
                limit: match f.u8()? {
                    1 => Some(Limit::Output),
                    2 => Some(Limit::Memory),
                    3 => Some(Limit::Killed),
                    _ => None,
                },
            })
        }),
        Some(b'M') => {
            let start = f.u32()? as usize;
            let n = f.u32()? as usize;
            let mut names = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                names.push(f.str()?);
            }
            Event::Completion(start, names)
        }
        Some(b'B') => Event::Yes(f.u8()? == 1),
        Some(b'T') => Event::Text(f.str()?),
        Some(b'L') => Event::Collection(f.str()?, f.str()?),
        Some(b'd') => Event::Doc(f.doc()?),
        Some(b'Z') => Event::End,
        Some(b'A') => Event::Saved(notes(&mut f)?),
        _ => return Err(broken("an unknown event")),
    })
}

// ---- the worker's side ----------------------------------------------------------------

/// What a worker does with a save request: writes the databases to `--data` (and marks
/// them saved) and gives the notes to show (files it kept untouched), or why it could not,
/// in words.
pub type Save = Box<dyn FnMut(&mut Server) -> Result<Vec<String>, String>>;

/// The resident memory of this process, in bytes (0 where it cannot be read).
#[cfg(target_os = "linux")]
fn own_rss() -> usize {
    resident("/proc/self/statm")
}

#[cfg(not(target_os = "linux"))]
fn own_rss() -> usize {
    0
}

#[cfg(target_os = "linux")]
fn resident(statm: &str) -> usize {
    let Ok(text) = std::fs::read_to_string(statm) else {
        return 0;
    };
    let pages: usize = text
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    // SAFETY: sysconf only reads a constant of the system.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    pages.saturating_mul(page)
}

/// Serves requests read from `input` with `console`, writing events to `output`, until
/// `input` ends: the worker process's whole life. `H` (ready) is written first.
///
/// # Errors
/// Writing to `output` failed (the supervisor is gone).
pub fn serve(
    mut console: Console,
    notes: &[String],
    mut input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
    mut save: Save,
) -> io::Result<()> {
    let out = Arc::new(Mutex::new(BufWriter::new(output)));
    let send = |f: Frame| -> io::Result<()> {
        let mut w = out.lock().unwrap_or_else(PoisonError::into_inner);
        f.send(&mut *w)
    };
    send(notes_frame(b'H', notes))?;
    let sink_out = Arc::clone(&out);
    let sink: Sink = Box::new(move |o: Output| {
        let mut w = sink_out.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = output_frame(&o).send(&mut *w);
    });
    console.set_sink(Some(sink));
    console.set_memory_budget(Some(MemoryBudget {
        probe: Box::new(own_rss),
        budget: MEMORY_BUDGET,
    }));
    // A stop may come while a request runs: a thread of its own reads the input, trips
    // the running request's interrupt on `X`, and hands every other request over.
    let current: Arc<Mutex<Option<Interrupt>>> = Arc::default();
    let (requests, incoming) = mpsc::channel::<Vec<u8>>();
    let reader_current = Arc::clone(&current);
    std::thread::Builder::new()
        .name("console-requests".into())
        .spawn(move || {
            while let Ok(Some(frame)) = read_frame(&mut input) {
                if frame.first() == Some(&b'X') {
                    let why =
                        stop_of(frame.get(1).copied().unwrap_or(2)).unwrap_or(Stop::Cancelled);
                    if let Some(i) = &*reader_current
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                    {
                        i.trip(why);
                    }
                } else if requests.send(frame).is_err() {
                    break;
                }
            }
        })?;
    let watched = |f: &mut dyn FnMut()| {
        let interrupt = Interrupt::new();
        *current.lock().unwrap_or_else(PoisonError::into_inner) = Some(interrupt.clone());
        interrupt.watch(f);
        *current.lock().unwrap_or_else(PoisonError::into_inner) = None;
    };
    for frame in incoming {
        let mut f = Fields {
            bytes: &frame,
            at: 1,
        };
        match frame.first() {
            Some(b'E') => {
                let echo = if f.u8()? == 1 {
                    Echo::Last
                } else {
                    Echo::Nothing
                };
                let file = f.str()?;
                let source = f.str()?;
                let mut run = Run::default();
                watched(&mut || run = console.eval(&source, &file, echo));
                send(run_end_frame(run.error.as_ref()))?;
            }
            Some(b'C') => {
                let line = f.str()?;
                let mut found = (line.len(), Vec::new());
                watched(&mut || found = console.complete(&line));
                let mut reply = Frame::new(b'M')
                    .u32(u32::try_from(found.0).unwrap_or(0))
                    .u32(u32::try_from(found.1.len()).unwrap_or(0));
                for name in &found.1 {
                    reply = reply.str(name);
                }
                send(reply)?;
            }
            Some(b'K') => {
                let source = f.str()?;
                send(Frame::new(b'B').u8(u8::from(console.is_complete(&source))))?;
            }
            Some(b'N') => {
                let mut name = String::from("test");
                watched(&mut || name = console.db_name());
                send(Frame::new(b'T').str(&name))?;
            }
            Some(b'D') => {
                let server = console.server();
                for (db, colls) in &server.databases {
                    for (name, coll) in colls {
                        send(Frame::new(b'L').str(db).str(name))?;
                        for d in coll.documents() {
                            send(Frame::new(b'd').doc(d))?;
                        }
                    }
                }
                drop(server);
                send(Frame::new(b'Z'))?;
            }
            Some(b'S') => {
                let saved = save(&mut console.server_mut());
                match saved {
                    Ok(notes) => send(notes_frame(b'A', &notes))?,
                    Err(why) => send(Frame::new(b'F').str(&why))?,
                }
            }
            _ => return Err(broken("an unknown request")),
        }
    }
    Ok(())
}

/// A frame of `tag` carrying `notes`.
fn notes_frame(tag: u8, notes: &[String]) -> Frame {
    let mut f = Frame::new(tag).u32(u32::try_from(notes.len()).unwrap_or(0));
    for n in notes {
        f = f.str(n);
    }
    f
}

/// Tells the supervisor that the worker could not start, and why (in the learner's words).
///
/// # Errors
/// Writing failed.
pub fn refuse_start(output: &mut impl Write, why: &str) -> io::Result<()> {
    Frame::new(b'F').str(why).send(output)
}

// ---- the supervisor's side ------------------------------------------------------------

/// A worker process and the events it sends.
struct Live {
    child: Child,
    stdin: ChildStdin,
    events: Receiver<io::Result<Event>>,
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Why a request got no answer.
enum Lost {
    /// The caller's interrupt tripped and the worker did not stop: it was killed.
    Killed(Stop),
    /// The worker passed [`MEMORY_KILL`], died, or broke the protocol: it was ended.
    Ended(String),
}

/// A console in a worker process, started again after it is killed.
pub struct Sandbox {
    command: WorkerCommand,
    start: Start,
    live: Option<Live>,
    restarts: u8,
    /// What workers said as they started (files of `--data` they left as they are).
    notes: Vec<String>,
}

impl std::fmt::Debug for Sandbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sandbox")
            .field("start", &self.start)
            .field("restarts", &self.restarts)
            .finish_non_exhaustive()
    }
}

impl Sandbox {
    /// A worker started by `command` from `start`.
    ///
    /// # Errors
    /// The worker could not start (no process, or it refused: `--data` unreadable), in
    /// words.
    pub fn start(command: &WorkerCommand, start: Start) -> Result<Sandbox, String> {
        let mut sandbox = Sandbox {
            command: command.clone(),
            start,
            live: None,
            restarts: 0,
            notes: Vec::new(),
        };
        sandbox.live()?;
        Ok(sandbox)
    }

    /// The running worker, started if there is none. A worker started after one was
    /// killed is a new mongosh process: its client's random value differs.
    fn live(&mut self) -> Result<&mut Live, String> {
        if self.live.is_none() {
            let mut start = self.start.clone();
            if self.restarts > 0 {
                let mut r = start.client.random_value();
                r[4] ^= self.restarts;
                start.client = ObjectIdProcess::new(r, start.client.next_counter());
            }
            let mut child = Command::new(&self.command.program)
                .args(&self.command.args)
                .args(start.args())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("the console's process could not start: {e}"))?;
            let (Some(stdin), Some(mut stdout)) = (child.stdin.take(), child.stdout.take()) else {
                let _ = child.kill();
                return Err("the console's process has no pipes".to_owned());
            };
            let (tx, events) = mpsc::channel();
            std::thread::Builder::new()
                .name("console-events".into())
                .spawn(move || {
                    loop {
                        let event = match read_frame(&mut stdout) {
                            Ok(Some(bytes)) => parse_event(&bytes),
                            Ok(None) => break,
                            Err(e) => Err(e),
                        };
                        let failed = event.is_err();
                        if tx.send(event).is_err() || failed {
                            break;
                        }
                    }
                })
                .map_err(|e| e.to_string())?;
            let mut live = Live {
                child,
                stdin,
                events,
            };
            match live.events.recv_timeout(Duration::from_secs(30)) {
                Ok(Ok(Event::Ready(notes))) => self.notes.extend(notes),
                Ok(Ok(Event::Failed(why))) => return Err(why),
                Ok(Err(e)) => return Err(e.to_string()),
                Ok(Ok(other)) => return Err(format!("the console's process said {other:?}")),
                Err(_) => {
                    let status = live.child.try_wait().ok().flatten();
                    return Err(match status {
                        Some(s) => format!("the console's process ended at its start ({s})"),
                        None => "the console's process did not start in time".to_owned(),
                    });
                }
            }
            self.live = Some(live);
        }
        self.live.as_mut().ok_or_else(String::new)
    }

    /// What the workers said as they started, since the last call.
    pub fn take_notes(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    fn end(&mut self) {
        self.live = None;
        self.restarts = self.restarts.wrapping_add(1);
    }

    /// Sends `request` and reads events until `done` takes one as the answer; events
    /// before it go to `each`. The caller's interrupt (or, with `limit`, this module's
    /// own deadline) asks the worker to stop; a worker that does not, or dies, or passes
    /// [`MEMORY_KILL`], is ended.
    fn ask<T>(
        &mut self,
        request: Frame,
        limit: Option<Duration>,
        each: &mut dyn FnMut(Output),
        mut done: impl FnMut(Event) -> Option<T>,
    ) -> Result<T, Lost> {
        let live = self.live().map_err(Lost::Ended)?;
        if let Err(e) = request.send(&mut live.stdin) {
            self.end();
            return Err(Lost::Ended(e.to_string()));
        }
        let started = Instant::now();
        let mut asked: Option<(Stop, Instant)> = None;
        let outcome = loop {
            let Some(live) = self.live.as_mut() else {
                break Err(Lost::Ended(String::new()));
            };
            match live.events.recv_timeout(Duration::from_millis(5)) {
                Ok(Ok(Event::Output(o))) => each(o),
                Ok(Ok(event)) => {
                    if let Some(answer) = done(event) {
                        break Ok(answer);
                    }
                }
                Ok(Err(e)) => break Err(Lost::Ended(e.to_string())),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = live.child.wait().map(|s| s.to_string()).unwrap_or_default();
                    break Err(match asked {
                        Some((why, _)) => Lost::Killed(why),
                        None => Lost::Ended(status),
                    });
                }
                Err(RecvTimeoutError::Timeout) => {
                    let why = interrupt::stopped().or_else(|| {
                        limit
                            .filter(|l| started.elapsed() >= *l)
                            .map(|_| Stop::TimeLimit)
                    });
                    match (why, asked) {
                        (Some(why), None) => {
                            asked = Some((why, Instant::now()));
                            let _ = Frame::new(b'X')
                                .u8(stop_code(Some(why)))
                                .send(&mut live.stdin);
                        }
                        (_, Some((why, at))) if at.elapsed() >= GRACE => {
                            break Err(Lost::Killed(why));
                        }
                        _ => {}
                    }
                    if child_rss(&live.child) > MEMORY_KILL {
                        break Err(Lost::Ended(format!(
                            "it passed {} MiB of memory",
                            MEMORY_KILL >> 20
                        )));
                    }
                }
            }
        };
        if outcome.is_err() {
            self.end();
        }
        outcome
    }

    /// Runs `source` in the worker; each output goes to `each` as it is printed.
    pub fn eval(
        &mut self,
        source: &str,
        file: &str,
        echo: Echo,
        each: &mut dyn FnMut(Output),
    ) -> Option<Thrown> {
        let request = Frame::new(b'E')
            .u8(u8::from(echo == Echo::Last))
            .str(file)
            .str(source);
        let answer = self.ask(request, None, each, |e| match e {
            Event::RunEnd(error) => Some(error),
            _ => None,
        });
        match answer {
            Ok(error) => error,
            Err(lost) => Some(lost_thrown(lost)),
        }
    }

    /// Names that complete `line` ([`Console::complete`]); none when the worker did not
    /// answer in time.
    pub fn complete(&mut self, line: &str) -> (usize, Vec<String>) {
        let request = Frame::new(b'C').str(line);
        self.ask(request, Some(AUX_LIMIT), &mut |_| {}, |e| match e {
            Event::Completion(start, names) => Some((start.min(line.len()), names)),
            _ => None,
        })
        .unwrap_or((line.len(), Vec::new()))
    }

    /// [`Console::is_complete`]; `true` when the worker did not answer in time.
    pub fn is_complete(&mut self, source: &str) -> bool {
        let request = Frame::new(b'K').str(source);
        self.ask(request, Some(AUX_LIMIT), &mut |_| {}, |e| match e {
            Event::Yes(yes) => Some(yes),
            _ => None,
        })
        .unwrap_or(true)
    }

    /// [`Console::db_name`]; `test` when the worker did not answer in time.
    pub fn db_name(&mut self) -> String {
        self.ask(
            Frame::new(b'N'),
            Some(AUX_LIMIT),
            &mut |_| {},
            |e| match e {
                Event::Text(name) => Some(name),
                _ => None,
            },
        )
        .unwrap_or_else(|_| "test".to_owned())
    }

    /// Every collection's documents.
    ///
    /// # Errors
    /// The worker was lost meanwhile, in words.
    pub fn databases(&mut self) -> Result<Databases, String> {
        let mut all = Databases::new();
        let mut at: Option<(String, String)> = None;
        self.ask(Frame::new(b'D'), None, &mut |_| {}, |e| match e {
            Event::Collection(db, name) => {
                all.entry(db.clone())
                    .or_default()
                    .entry(name.clone())
                    .or_default();
                at = Some((db, name));
                None
            }
            Event::Doc(d) => {
                if let Some((db, name)) = &at
                    && let Some(docs) = all.get_mut(db).and_then(|c| c.get_mut(name))
                {
                    docs.push(d);
                }
                None
            }
            Event::End => Some(()),
            _ => None,
        })
        .map_err(|l| lost_thrown(l).report())?;
        Ok(all)
    }

    /// Saves the databases to `--data`; the notes to show (files kept untouched).
    ///
    /// # Errors
    /// The save failed, or the worker was lost, in words.
    pub fn save(&mut self) -> Result<Vec<String>, String> {
        let mut failed = None;
        let notes = self
            .ask(Frame::new(b'S'), None, &mut |_| {}, |e| match e {
                Event::Saved(notes) => Some(notes),
                Event::Failed(why) => {
                    failed = Some(why);
                    Some(Vec::new())
                }
                _ => None,
            })
            .map_err(|l| lost_thrown(l).report())?;
        match failed {
            Some(why) => Err(why),
            None => Ok(notes),
        }
    }
}

fn lost_thrown(lost: Lost) -> Thrown {
    let (stopped, message) = match lost {
        Lost::Killed(why) => (Some(why), "killed".to_owned()),
        Lost::Ended(why) => (None, why),
    };
    Thrown {
        name: "InternalError".to_owned(),
        message,
        at: None,
        stopped,
        out_of_memory: false,
        limit: Some(Limit::Killed),
    }
}

#[cfg(target_os = "linux")]
fn child_rss(child: &Child) -> usize {
    resident(&format!("/proc/{}/statm", child.id()))
}

#[cfg(not(target_os = "linux"))]
fn child_rss(_: &Child) -> usize {
    0
}

// ---- one console, wherever it runs ------------------------------------------------------

/// A console in a worker process when [`use_worker`] set one, in this process otherwise.
#[derive(Debug)]
pub enum Session {
    /// In this process.
    Local(Box<Console>),
    /// In a worker process.
    Worker(Sandbox),
}

impl Session {
    /// A console from `start`. `clock` is read by a console in this process; a worker reads
    /// `start`'s fixed time, or its own wall clock.
    ///
    /// # Errors
    /// The console could not start, in words. In this process, `start.data` is refused: only
    /// a worker (the binary) reads and writes a data directory.
    pub fn start(start: Start, clock: Clock) -> Result<Session, String> {
        if let Some(command) = worker() {
            return Sandbox::start(command, start).map(Session::Worker);
        }
        if start.data.is_some() {
            return Err("a data directory needs the console's worker process".to_owned());
        }
        Console::with_server(start.server(), clock, DEFAULT_MEMORY_LIMIT)
            .map(|c| Session::Local(Box::new(c)))
    }

    /// Runs `source` (see [`Console::eval`]), under the caller's interrupt; each output
    /// goes to `each` as it is printed (the run's `output` is then empty).
    pub fn eval_streaming(
        &mut self,
        source: &str,
        file: &str,
        echo: Echo,
        each: &mut dyn FnMut(Output),
    ) -> Option<Thrown> {
        match self {
            Session::Local(console) => {
                let run = console.eval(source, file, echo);
                run.output.into_iter().for_each(&mut *each);
                run.error
            }
            Session::Worker(sandbox) => sandbox.eval(source, file, echo, each),
        }
    }

    /// Runs `source`, keeping its output in the [`Run`].
    pub fn eval(&mut self, source: &str, file: &str, echo: Echo) -> Run {
        let mut output = Vec::new();
        let error = self.eval_streaming(source, file, echo, &mut |o| output.push(o));
        Run { output, error }
    }

    /// See [`Console::complete`].
    pub fn complete(&mut self, line: &str) -> (usize, Vec<String>) {
        match self {
            Session::Local(c) => c.complete(line),
            Session::Worker(s) => s.complete(line),
        }
    }

    /// See [`Console::is_complete`].
    pub fn is_complete(&mut self, source: &str) -> bool {
        match self {
            Session::Local(c) => c.is_complete(source),
            Session::Worker(s) => s.is_complete(source),
        }
    }

    /// See [`Console::db_name`].
    pub fn db_name(&mut self) -> String {
        match self {
            Session::Local(c) => c.db_name(),
            Session::Worker(s) => s.db_name(),
        }
    }

    /// Every collection's documents, as the scripts left them.
    ///
    /// # Errors
    /// The worker was lost, in words.
    pub fn databases(&mut self) -> Result<Databases, String> {
        match self {
            Session::Local(c) => Ok(c
                .server()
                .databases
                .iter()
                .map(|(db, colls)| {
                    let colls = colls
                        .iter()
                        .map(|(name, c)| (name.clone(), c.documents().cloned().collect()))
                        .collect();
                    (db.clone(), colls)
                })
                .collect()),
            Session::Worker(s) => s.databases(),
        }
    }

    /// What the console said as it started, since the last call (files of `--data` it
    /// left as they are).
    pub fn take_notes(&mut self) -> Vec<String> {
        match self {
            Session::Local(_) => Vec::new(),
            Session::Worker(s) => s.take_notes(),
        }
    }

    /// Saves the databases to the data directory (a worker's); the notes to show.
    ///
    /// # Errors
    /// As [`Sandbox::save`]; a console in this process has no data directory.
    pub fn save(&mut self) -> Result<Vec<String>, String> {
        match self {
            Session::Local(_) => Ok(Vec::new()),
            Session::Worker(s) => s.save(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_crosses_the_command_line_whole() {
        let mut start = Start::seeded(7, Some(1_791_431_149_000));
        start.data = Some(PathBuf::from("/tmp/a dir/with spaces"));
        assert_eq!(Start::from_args(&start.args()), Ok(start.clone()));
        start.rng = RngSeed::Bytes([0xab; 32]);
        start.now_ms = None;
        start.data = None;
        assert_eq!(Start::from_args(&start.args()), Ok(start));
        assert!(Start::from_args(&["--rng".into(), "pcg:1".into()]).is_err());
        assert!(Start::from_args(&["--client".into()]).is_err());
        assert!(Start::from_args(&["--evil".into(), "1".into()]).is_err());
    }

    #[test]
    fn events_cross_the_pipe_as_they_were_sent() {
        let mut doc = Document::new();
        doc.push("_id", 1);
        let thrown = Thrown {
            name: "TypeError".into(),
            message: "x is not a function".into(),
            at: Some("<repl>:1:5".into()),
            stopped: Some(Stop::TimeLimit),
            out_of_memory: false,
            limit: Some(Limit::Output),
        };
        let mut bytes = Vec::new();
        let print = Output::Print {
            text: "[ { _id: 1 } ]".into(),
            documents: vec![doc.clone()],
        };
        output_frame(&print).send(&mut bytes).unwrap();
        output_frame(&Output::Warning("careful".into()))
            .send(&mut bytes)
            .unwrap();
        run_end_frame(Some(&thrown)).send(&mut bytes).unwrap();
        run_end_frame(None).send(&mut bytes).unwrap();
        let mut r = bytes.as_slice();
        let mut events = Vec::new();
        while let Some(frame) = read_frame(&mut r).unwrap() {
            events.push(parse_event(&frame).unwrap());
        }
        assert!(matches!(&events[0], Event::Output(o) if *o == print));
        assert!(matches!(&events[1], Event::Output(Output::Warning(w)) if w == "careful"));
        assert!(matches!(&events[2], Event::RunEnd(Some(t)) if *t == thrown));
        assert!(matches!(&events[3], Event::RunEnd(None)));
    }

    #[test]
    fn a_broken_frame_is_an_error_not_a_panic_or_an_allocation() {
        // A length past the cap is refused before anything is allocated.
        let huge = [0xff, 0xff, 0xff, 0x7f, b'P'];
        assert!(read_frame(&mut huge.as_slice()).is_err());
        // Fields cut short, a document whose length runs past the frame, an unknown tag.
        for frame in [
            &b"P\x05\x00\x00\x00ab"[..],
            &b"P\x00\x00\x00\x00\x01\x00\x00\x00\xff\x00\x00\x00\x00"[..],
            &b"?"[..],
            &b"R\x01"[..],
        ] {
            assert!(parse_event(frame).is_err(), "{frame:?}");
        }
        assert!(read_frame(&mut [].as_slice()).unwrap().is_none());
    }

    #[test]
    fn a_local_session_runs_and_lists_its_databases() {
        let start = Start::seeded(1, Some(1_791_431_149_000));
        let mut session = Session::start(start, Box::new(|| 1_791_431_149_000)).unwrap();
        let run = session.eval(
            "db.t.insertOne({ _id: 1 }); print(db.t.countDocuments())",
            "t.js",
            Echo::Nothing,
        );
        assert_eq!(run.text(), "1\n");
        let dbs = session.databases().unwrap();
        assert_eq!(dbs["test"]["t"].len(), 1);
        let mut with_data = Start::seeded(1, None);
        with_data.data = Some(PathBuf::from("d"));
        assert!(Session::start(with_data, Box::new(|| 0)).is_err());
    }
}
