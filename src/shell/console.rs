//! One console: a QuickJS runtime with the mongosh prelude, the [`Server`] its methods talk
//! to, and what a run printed.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use rquickjs::context::EvalOptions;
use rquickjs::{Context, Ctx, Function, Object, Runtime, Value as JsValue};
use serde_json::Value as Json;

use super::server::{HostError, Server};
use super::tagged;
use crate::bson::Document;
use crate::bson::value::Value;
use crate::query::interrupt::{self, Stop};

/// The prelude: the mongosh API in JavaScript over [`Server`].
const PRELUDE: &str = include_str!("prelude.js");

/// The memory one console may hold, by default: far more than any lesson needs, far less
/// than a laptop has.
pub const DEFAULT_MEMORY_LIMIT: usize = 256 * 1024 * 1024;

/// The JavaScript stack one evaluation may use (deeper recursion throws a RangeError).
const STACK_LIMIT: usize = 1024 * 1024;

/// What one run may print, in bytes of text: a script that prints more is in a loop the
/// learner wants to hear about, and a terminal, a transcript or a lesson's answer holds
/// far less. The run ends at the print that crosses it ([`Limit::Output`]).
pub const OUTPUT_LIMIT: usize = 8 * 1024 * 1024;

/// The resident memory a console's worker process may hold before its host calls are
/// refused (see [`crate::shell::sandbox`]): its JavaScript heap ([`DEFAULT_MEMORY_LIMIT`])
/// and a half as much again for databases, output and replies.
pub const MEMORY_BUDGET: usize = DEFAULT_MEMORY_LIMIT + DEFAULT_MEMORY_LIMIT / 2;

/// How deep the JSON of one host call may nest: a BSON level takes three (`["D", [[k,
/// v]]]`), and the server's own nesting limit is far below a third of this. Deeper text
/// is refused before it is parsed (the parser recurses).
const MAX_HOST_JSON_DEPTH: usize = 900;

/// A limit that ended a run, other than its time or the JavaScript heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// It printed more than [`OUTPUT_LIMIT`] bytes.
    Output,
    /// The console's process reached its memory budget (databases, output and replies
    /// together): the write that would cross it was refused.
    Memory,
    /// The engine did not stop when asked (a loop inside a built-in function, which the
    /// engine does not interrupt): the process it ran in was ended, and a new console
    /// started in its place.
    Killed,
}

/// A limit reached during a run, shared with the engine's interrupt handler so that the
/// run ends at once, even inside a `try`.
#[derive(Clone, Debug, Default)]
struct Tripped(Arc<AtomicU8>);

impl Tripped {
    const NONE: u8 = 0;
    const OUTPUT: u8 = 1;
    const MEMORY: u8 = 2;

    fn set(&self, limit: Limit) {
        let v = match limit {
            Limit::Output => Self::OUTPUT,
            Limit::Memory | Limit::Killed => Self::MEMORY,
        };
        let _ = self
            .0
            .compare_exchange(Self::NONE, v, Ordering::Relaxed, Ordering::Relaxed);
    }

    fn get(&self) -> Option<Limit> {
        match self.0.load(Ordering::Relaxed) {
            Self::OUTPUT => Some(Limit::Output),
            Self::MEMORY => Some(Limit::Memory),
            _ => None,
        }
    }

    fn clear(&self) {
        self.0.store(Self::NONE, Ordering::Relaxed);
    }
}

/// How much memory the console's process holds now, in bytes, and the most it may: the
/// worker process of the sandbox reads its own resident size. A host call
/// that stores or prints is refused once the probe reads more than the budget.
pub struct MemoryBudget {
    /// Reads the process's resident memory, in bytes.
    pub probe: Box<dyn FnMut() -> usize + Send>,
    /// The most it may be before writes are refused.
    pub budget: usize,
}

/// The clock a console reads, in milliseconds since the epoch (the caller's: the library
/// reads none). `Send`, as the console is: it may evaluate on another thread.
pub type Clock = Box<dyn FnMut() -> i64 + Send>;

/// What a console is made from. Nothing in it reads the machine: the clock and the seed
/// come from the caller.
pub struct Settings {
    /// The seed of the client's ObjectId process, mongod's, UUIDs and `Math.random`: one
    /// seed, one reproducible run; two seeds, two client processes.
    pub seed: u64,
    /// The clock `new Date()`, `Date.now()` and `ObjectId()` read, in milliseconds.
    pub clock: Clock,
    /// The most memory the JavaScript heap may take, in bytes.
    pub memory_limit: usize,
}

impl Settings {
    /// A console at a fixed time: every `new Date()` is `now_ms`.
    pub fn fixed(seed: u64, now_ms: i64) -> Self {
        Settings {
            seed,
            clock: Box::new(move || now_ms),
            memory_limit: DEFAULT_MEMORY_LIMIT,
        }
    }
}

/// One thing a run wrote, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Output {
    /// What `print`, `printjson` or the REPL's echo wrote (one or more lines, no final
    /// newline), with the documents it showed, so that each can be opened in the hex view.
    Print {
        /// The text.
        text: String,
        /// The documents in it, in order.
        documents: Vec<Document>,
    },
    /// A warning mongosh prints (a deprecated method, a lossy constructor).
    Warning(String),
}

/// A JavaScript exception that ended a run, as mongosh reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thrown {
    /// The error's class (`TypeError`, `MongoServerError[DuplicateKey]`); empty for a thrown
    /// value that is not an Error.
    pub name: String,
    /// The message, or the thrown value as text.
    pub message: String,
    /// Where, `file:line:column`, when the engine knows.
    pub at: Option<String>,
    /// Why the run was stopped from outside, when it was.
    pub stopped: Option<Stop>,
    /// The memory limit was reached.
    pub out_of_memory: bool,
    /// Another limit ended the run.
    pub limit: Option<Limit>,
}

impl Thrown {
    /// The text mongosh prints for it: `Uncaught TypeError: x is not a function` and, on
    /// the next line, where.
    pub fn report(&self) -> String {
        let time_limit = || "Uncaught: the script was stopped at its time limit".to_owned();
        if self.limit.is_some() {
            return self.report_in(crate::strings::Lang::En, time_limit);
        }
        match self.stopped {
            Some(Stop::TimeLimit) => return time_limit(),
            Some(Stop::Cancelled) => return "Uncaught: the script was interrupted".to_owned(),
            None => {}
        }
        self.report_thrown()
    }

    /// [`Thrown::report`] for an exception the script threw (no stop, no limit).
    fn report_thrown(&self) -> String {
        let mut out = if self.name.is_empty() {
            format!("Uncaught {}", self.message)
        } else {
            format!("Uncaught {}: {}", self.name, self.message)
        };
        if let Some(at) = &self.at {
            out.push_str("\n    at ");
            out.push_str(at);
        }
        out
    }
}

impl Thrown {
    /// What a console shows for it in `lang`: a run stopped from outside or out of memory
    /// in the learner's language (`time_limit`: the caller's words for its own limit, as
    /// `bson-tutor shell` and the console panel limit a run differently), anything else as
    /// mongosh reports it ([`Thrown::report`]).
    pub fn report_in(
        &self,
        lang: crate::strings::Lang,
        time_limit: impl FnOnce() -> String,
    ) -> String {
        use crate::strings::{tr, trf};
        let stopped = match self.stopped {
            Some(Stop::TimeLimit) => time_limit(),
            Some(Stop::Cancelled) => {
                tr(lang, "Uncaught: the evaluation was interrupted (Ctrl-C)").to_owned()
            }
            None => String::new(),
        };
        match self.limit {
            Some(Limit::Killed) => {
                let (why, what) = if stopped.is_empty() {
                    (
                        trf(
                            lang,
                            "Uncaught: the console's process was ended ({why})",
                            &[&self.message],
                        ),
                        tr(
                            lang,
                            "Its variables are gone, and so are the changes to its databases that were not saved.",
                        ),
                    )
                } else {
                    (
                        stopped,
                        tr(
                            lang,
                            "The script did not stop when asked (a loop inside a built-in function), so the process running its console was ended: its variables are gone, and so are the changes to its databases that were not saved.",
                        ),
                    )
                };
                format!("{why}\n{what}")
            }
            Some(Limit::Output) => trf(
                lang,
                "Uncaught: the script printed more than a run may print ({mib} MiB); it was stopped there",
                &[&(OUTPUT_LIMIT >> 20)],
            ),
            Some(Limit::Memory) => trf(
                lang,
                "Uncaught: the console reached its memory budget ({mib} MiB for databases, output and replies); the write that would cross it was refused and the script was stopped",
                &[&(MEMORY_BUDGET >> 20)],
            ),
            None if !stopped.is_empty() => stopped,
            None if self.out_of_memory => trf(
                lang,
                "Uncaught: the script used all the memory a console may have ({mib} MiB)",
                &[&(DEFAULT_MEMORY_LIMIT >> 20)],
            ),
            None => self.report_thrown(),
        }
    }
}

/// What one evaluation did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    /// What it printed, in order.
    pub output: Vec<Output>,
    /// The exception that ended it, if one did.
    pub error: Option<Thrown>,
}

impl Run {
    /// Everything as a terminal shows it: each output on its lines, warnings and the error
    /// among them, in order.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for o in &self.output {
            match o {
                Output::Print { text, .. } | Output::Warning(text) => {
                    out.push_str(text);
                    out.push('\n');
                }
            }
        }
        if let Some(e) = &self.error {
            out.push_str(&e.report());
            out.push('\n');
        }
        out
    }
}

/// How the last value of an evaluation is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Echo {
    /// A script file: only what it prints (`mongosh --file`).
    Nothing,
    /// The REPL and `--eval`: the last value too, as mongosh echoes it.
    Last,
}

/// Where a run's output goes as it is printed: the worker process sends each one to the
/// process that shows it, so a script that prints and then loops has shown its prints.
pub type Sink = Box<dyn FnMut(Output) + Send>;

struct State {
    server: Server,
    clock: Clock,
    output: Vec<Output>,
    /// Bytes of text printed by the current run.
    printed: usize,
    tripped: Tripped,
    memory: Option<MemoryBudget>,
    sink: Option<Sink>,
}

impl State {
    /// The memory budget would be spent by a call that brings `incoming` bytes of JSON
    /// (parsed, then stored: about twice as much again): the write is refused and the run
    /// ends.
    fn over_budget(&mut self, incoming: usize) -> bool {
        let Some(m) = &mut self.memory else {
            return false;
        };
        let over = (m.probe)().saturating_add(incoming.saturating_mul(2)) > m.budget;
        if over {
            self.tripped.set(Limit::Memory);
        }
        over
    }

    fn emit(&mut self, out: Output) {
        let bytes = match &out {
            Output::Print { text, .. } | Output::Warning(text) => text.len() + 1,
        };
        self.printed = self.printed.saturating_add(bytes);
        if self.printed > OUTPUT_LIMIT {
            self.tripped.set(Limit::Output);
            return;
        }
        match &mut self.sink {
            Some(sink) => sink(out),
            None => self.output.push(out),
        }
    }
}

/// Whether `text`'s brackets nest deeper than `max` (strings skipped): the JSON parser
/// recurses, so deeper text is refused before it is parsed.
fn nests_deeper_than(text: &str, max: usize) -> bool {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for b in text.bytes() {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > max {
                    return true;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    false
}

/// The arguments of a host call: a JSON array of tagged values.
fn host_args(payload: &str) -> Result<Vec<Json>, HostError> {
    let refuse = |message: String| HostError {
        kind: "bson",
        message,
        code: None,
    };
    if nests_deeper_than(payload, MAX_HOST_JSON_DEPTH) {
        return Err(refuse(format!(
            "the value nests deeper than the {} levels the console passes to the server",
            MAX_HOST_JSON_DEPTH / 3
        )));
    }
    let mut reader = serde_json::Deserializer::from_str(payload);
    // Depth is bounded above, and far below what the stack holds.
    reader.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut reader)
        .map_err(|e| refuse(format!("the prelude sent a request that is not JSON: {e}")))
}

/// The state, locked: one evaluation at a time holds it, and a panic in an earlier one
/// leaves data that is still whole (every change to it is one assignment).
fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A mongosh console over bson-tutor's engine. It is `Send`: the tutorial's console panel
/// keeps one and evaluates on a worker thread.
pub struct Console {
    // Field order: the context goes before the runtime it lives in.
    context: Context,
    runtime: Runtime,
    state: Arc<Mutex<State>>,
}

impl std::fmt::Debug for Console {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Console").finish_non_exhaustive()
    }
}

/// A string from an error reply, for the prelude.
fn error_reply(e: &HostError) -> String {
    let mut err = serde_json::Map::new();
    err.insert("kind".into(), Json::from(e.kind));
    err.insert("message".into(), Json::from(e.message.clone()));
    if let Some(code) = e.code {
        err.insert("code".into(), Json::from(code));
        if e.kind == "server"
            && let Some(name) = e.code_name()
        {
            err.insert("codeName".into(), Json::from(name));
        }
    }
    Json::Object(
        [("err".to_owned(), Json::Object(err))]
            .into_iter()
            .collect(),
    )
    .to_string()
}

fn host(state: &Mutex<State>, op: &str, payload: &str) -> String {
    let args = match host_args(payload) {
        Ok(args) => args,
        Err(e) => return error_reply(&e),
    };
    let mut state = lock(state);
    if grows(op, &args) && state.over_budget(payload.len()) {
        return error_reply(&HostError {
            kind: "server",
            message: format!(
                "the console's memory budget of {} MiB is used up",
                MEMORY_BUDGET >> 20
            ),
            code: Some(146),
        });
    }
    match op {
        "print" | "warn" => {
            let text = args.first().and_then(Json::as_str).unwrap_or("").to_owned();
            let out = if op == "warn" {
                Output::Warning(text)
            } else {
                let documents = match args.get(1).map(tagged::to_value) {
                    Some(Ok(Value::Array(items))) => items
                        .into_iter()
                        .filter_map(|v| match v {
                            Value::Document(d) => Some(d),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                Output::Print { text, documents }
            };
            state.emit(out);
            "null".to_owned()
        }
        _ => {
            let values: Result<Vec<Value>, _> = args.iter().map(tagged::to_value).collect();
            let values = match values {
                Ok(v) => v,
                Err(e) => {
                    return error_reply(&HostError {
                        kind: "bson",
                        message: e.0,
                        code: None,
                    });
                }
            };
            let now = (state.clock)();
            match state.server.call(op, &values, now) {
                Ok(v) => Json::Object(
                    [("ok".to_owned(), tagged::from_value(&v))]
                        .into_iter()
                        .collect(),
                )
                .to_string(),
                Err(e) => error_reply(&e),
            }
        }
    }
}

/// Whether `op` may grow what the console holds: stores documents, builds them, or
/// answers with them. Prints have their own limit ([`OUTPUT_LIMIT`]); counting, listing,
/// deleting and dropping are never refused, so a learner over the budget can look and make
/// room.
fn grows(op: &str, args: &[Json]) -> bool {
    match op {
        "insertOne" | "insertMany" | "update" | "findAndModify" | "createIndex"
        | "createCollection" | "aggregate" | "distinct" | "ejsonParse" => true,
        // `find` with `count: true` (countDocuments) answers with a number.
        "find" => !matches!(
            args.get(3).map(tagged::to_value),
            Some(Ok(Value::Document(options)))
                if options.get("count") == Some(&Value::Boolean(true))
        ),
        _ => false,
    }
}

/// The text of a JavaScript value, as `String(v)` gives it.
fn js_string<'js>(ctx: &Ctx<'js>, v: JsValue<'js>) -> String {
    let to_string: Result<Function, _> = ctx.globals().get("String");
    to_string
        .and_then(|f| f.call::<_, String>((v,)))
        .unwrap_or_else(|_| "(a value that cannot be printed)".to_owned())
}

/// The first `file:line:col` of a stack that is the user's (not the prelude's).
fn first_frame(stack: &str) -> Option<String> {
    stack.lines().find_map(|line| {
        let line = line.trim();
        let inner = line.strip_prefix("at ")?;
        let place = match (inner.rfind('('), inner.ends_with(')')) {
            (Some(open), true) => &inner[open + 1..inner.len() - 1],
            _ => inner,
        };
        (!place.starts_with("prelude") && place.contains(':')).then(|| place.to_owned())
    })
}

fn thrown(ctx: &Ctx<'_>) -> Thrown {
    let value = ctx.catch();
    let stopped = interrupt::stopped();
    let Some(obj) = value.as_object().filter(|_| value.is_error()) else {
        let message = js_string(ctx, value);
        return Thrown {
            name: String::new(),
            message,
            at: None,
            stopped,
            out_of_memory: false,
            limit: None,
        };
    };
    let get = |k: &str| obj.get::<_, Option<String>>(k).ok().flatten();
    let mut name = get("name").unwrap_or_default();
    let message = get("message").unwrap_or_default();
    if let Some(code_name) = get("codeName") {
        name = format!("{name}[{code_name}]");
    }
    let out_of_memory = name == "InternalError" && message == "out of memory";
    let at = get("stack").as_deref().and_then(first_frame).or_else(|| {
        // A SyntaxError names its place in `fileName`/`lineNumber`.
        let file = get("fileName")?;
        let line: i64 = obj.get("lineNumber").ok()?;
        let col: Option<i64> = obj.get("columnNumber").ok();
        Some(match col {
            Some(c) => format!("{file}:{line}:{c}"),
            None => format!("{file}:{line}"),
        })
    });
    Thrown {
        name,
        message,
        at,
        stopped,
        out_of_memory,
        limit: None,
    }
}

impl Console {
    /// A console with empty databases.
    ///
    /// # Errors
    /// The JavaScript engine could not start (it could not allocate its heap).
    pub fn new(settings: Settings) -> Result<Console, String> {
        Console::with_server(
            Server::seeded(settings.seed),
            settings.clock,
            settings.memory_limit,
        )
    }

    /// A console over `server` (databases read from `--data`, say).
    ///
    /// # Errors
    /// As [`Console::new`].
    pub fn with_server(
        server: Server,
        clock: Clock,
        memory_limit: usize,
    ) -> Result<Console, String> {
        let runtime = Runtime::new().map_err(|e| e.to_string())?;
        runtime.set_memory_limit(memory_limit);
        runtime.set_max_stack_size(STACK_LIMIT);
        let tripped = Tripped::default();
        let watched = tripped.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            interrupt::requested() || watched.get().is_some()
        })));
        let context = Context::full(&runtime).map_err(|e| e.to_string())?;
        let state = Arc::new(Mutex::new(State {
            server,
            clock,
            output: Vec::new(),
            printed: 0,
            tripped,
            memory: None,
            sink: None,
        }));
        let for_host = Arc::clone(&state);
        context.with(|ctx| -> Result<(), String> {
            let f = Function::new(ctx.clone(), move |op: String, payload: String| {
                host(&for_host, &op, &payload)
            })
            .map_err(|e| e.to_string())?;
            ctx.globals().set("__host", f).map_err(|e| e.to_string())?;
            let options = eval_options("prelude.js");
            ctx.eval_with_options::<(), _>(PRELUDE, options)
                .map_err(|_| thrown(&ctx).report())
        })?;
        Ok(Console {
            context,
            runtime,
            state,
        })
    }

    /// Sends each output to `sink` as it is printed, instead of keeping it for the
    /// [`Run`] (whose `output` is then empty).
    pub fn set_sink(&mut self, sink: Option<Sink>) {
        lock(&self.state).sink = sink;
    }

    /// Refuses host calls (and ends the run) once `budget`'s probe reads more than its
    /// budget: for a console that has its process to itself.
    pub fn set_memory_budget(&mut self, budget: Option<MemoryBudget>) {
        lock(&self.state).memory = budget;
    }

    /// The databases, to change from outside a run (a worker marks them saved).
    pub fn server_mut(&mut self) -> impl std::ops::DerefMut<Target = Server> + '_ {
        struct Databases<'a>(MutexGuard<'a, State>);
        impl std::ops::Deref for Databases<'_> {
            type Target = Server;
            fn deref(&self) -> &Server {
                &self.0.server
            }
        }
        impl std::ops::DerefMut for Databases<'_> {
            fn deref_mut(&mut self) -> &mut Server {
                &mut self.0.server
            }
        }
        Databases(lock(&self.state))
    }

    /// The databases, as the scripts left them.
    pub fn server(&self) -> impl std::ops::Deref<Target = Server> + '_ {
        struct Databases<'a>(MutexGuard<'a, State>);
        impl std::ops::Deref for Databases<'_> {
            type Target = Server;
            fn deref(&self) -> &Server {
                &self.0.server
            }
        }
        Databases(lock(&self.state))
    }

    /// Runs `source` (named `file` in errors); `echo` says whether the last value is shown.
    /// REPL commands (`use NAME`, `show dbs`, `it`) are read here when `echo` is
    /// [`Echo::Last`].
    ///
    /// The caller bounds it: run it inside [`Interrupt::watch`](crate::query::interrupt::Interrupt::watch)
    /// and trip the flag from another thread at a time limit or on Ctrl-C; the script, and
    /// any engine loop it is in, stops at once and the run ends with [`Thrown::stopped`].
    pub fn eval(&mut self, source: &str, file: &str, echo: Echo) -> Run {
        {
            let mut state = lock(&self.state);
            state.output.clear();
            state.printed = 0;
            state.tripped.clear();
        }
        let error = self.context.with(|ctx| {
            let command = if echo == Echo::Last {
                repl_command(source)
            } else {
                None
            };
            let result = match command {
                Some((method, arg)) => call_repl(&ctx, method, arg),
                None => {
                    let value = ctx.eval_with_options::<JsValue, _>(source, eval_options(file));
                    match (value, echo) {
                        (Ok(v), Echo::Last) => call_repl(&ctx, "echo", v),
                        (Ok(_), Echo::Nothing) => Ok(()),
                        (Err(e), _) => Err(e),
                    }
                }
            };
            let mut error = result.err().map(|_| thrown(&ctx));
            // Promise jobs run now, as the REPL runs them before the next prompt; a job
            // stopped at a limit ends the run as the script would have.
            while ctx.execute_pending_job() {
                if error.is_none() && interrupt::requested() {
                    break;
                }
            }
            if error.is_none()
                && let Some(stopped) = interrupt::stopped()
            {
                error = Some(Thrown {
                    name: "InternalError".to_owned(),
                    message: "interrupted".to_owned(),
                    at: None,
                    stopped: Some(stopped),
                    out_of_memory: false,
                    limit: None,
                });
            }
            error
        });
        let mut error = error;
        let tripped = lock(&self.state).tripped.get();
        if let Some(limit) = tripped {
            let e = error.get_or_insert_with(|| Thrown {
                name: "InternalError".to_owned(),
                message: "interrupted".to_owned(),
                at: None,
                stopped: None,
                out_of_memory: false,
                limit: None,
            });
            e.limit = Some(limit);
            e.stopped = None;
        }
        if let Some(e) = &mut error {
            // QuickJS throws `null` when it cannot even allocate the error object: the heap
            // is full. A script that throws null itself says `throw`.
            if e.name.is_empty()
                && e.message == "null"
                && e.at.is_none()
                && !source.contains("throw")
            {
                e.out_of_memory = true;
                e.message = "out of memory".to_owned();
            }
        }
        // What the run let go of is freed now, not at the next allocation.
        self.runtime.run_gc();
        let output = std::mem::take(&mut lock(&self.state).output);
        Run { output, error }
    }

    /// The current database's name (`db.getName()`), for the REPL's prompt.
    pub fn db_name(&mut self) -> String {
        self.context.with(|ctx| {
            ctx.eval::<String, _>("db.getName()")
                .unwrap_or_else(|_| "test".to_owned())
        })
    }

    /// Names that complete `line` at its end: globals, methods after `db.` or `cursor.`, a
    /// database's collections after `db.`; with the part already typed.
    pub fn complete(&mut self, line: &str) -> (usize, Vec<String>) {
        let start = line
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$' || c == '.'))
            .map_or(0, |i| i + 1);
        let word = &line[start..];
        let (object, partial) = match word.rfind('.') {
            Some(dot) => (&word[..dot], &word[dot + 1..]),
            None => ("", word),
        };
        // Only names, never calls: completing must not run the user's code.
        if !object
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.')
        {
            return (line.len(), Vec::new());
        }
        let names: Vec<String> = self.context.with(|ctx| {
            let repl: Result<Object, _> = ctx.globals().get("__repl");
            repl.and_then(|r| r.get::<_, Function>("complete"))
                .and_then(|f| f.call::<_, Vec<String>>((object,)))
                .unwrap_or_default()
        });
        let from = line.len() - partial.len();
        (
            from,
            names
                .into_iter()
                .filter(|n| n.starts_with(partial))
                .collect(),
        )
    }

    /// Whether `source` is a whole program, or ends inside a bracket, string, template or
    /// comment (the REPL then reads another line).
    pub fn is_complete(&mut self, source: &str) -> bool {
        self.context.with(|ctx| {
            // Compiled as a module, never evaluated: nothing the source says runs.
            match rquickjs::Module::declare(ctx.clone(), "complete.js", source) {
                Ok(_) => true,
                Err(_) => {
                    // Unfinished: the error is at the very end of the text.
                    let e = thrown(&ctx);
                    let m = e.message.as_str();
                    let eof = m.starts_with("unexpected end") || m.ends_with(": ''");
                    let at_end = e.at.as_deref().and_then(|at| {
                        let mut parts = at.rsplit(':');
                        let col: usize = parts.next()?.parse().ok()?;
                        let line: usize = parts.next()?.parse().ok()?;
                        let lines: Vec<&str> = source.trim_end().lines().collect();
                        Some(
                            line >= lines.len()
                                && col > lines.last().map_or(0, |l| l.chars().count()),
                        )
                    });
                    !(eof || at_end == Some(true))
                }
            }
        })
    }
}

fn eval_options(file: &str) -> EvalOptions {
    let mut options = EvalOptions::default();
    options.global = true;
    options.strict = false;
    options.backtrace_barrier = true;
    options.filename = Some(file.to_owned());
    options
}

/// A REPL command and its argument: `use lab04`, `show dbs`, `it`.
fn repl_command(source: &str) -> Option<(&'static str, &str)> {
    let line = source.trim().trim_end_matches(';').trim();
    if line == "it" {
        return Some(("it", ""));
    }
    let (word, rest) = line.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    if rest.is_empty() || rest.contains(char::is_whitespace) {
        return None;
    }
    match word {
        "use" => Some(("use", rest)),
        "show" => Some(("show", rest)),
        _ => None,
    }
}

fn call_repl<'js, A: rquickjs::IntoJs<'js>>(
    ctx: &Ctx<'js>,
    method: &str,
    arg: A,
) -> rquickjs::Result<()> {
    let repl: Object = ctx.globals().get("__repl")?;
    let f: Function = repl.get(method)?;
    f.call::<_, ()>((arg,))
}
