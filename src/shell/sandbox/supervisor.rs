//! The supervisor's side: a worker process started, asked, stopped and ended.

use super::*;

/// A worker process and the events it sends.
pub(super) struct Live {
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

/// A worker spinning in a built-in when the process that started it dies (killed, say)
/// would spin on alone: on Linux the kernel ends it with its parent.
#[cfg(target_os = "linux")]
fn end_with_parent(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec only `prctl`, which is async-signal-safe, runs.
    unsafe {
        command.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn end_with_parent(_: &mut Command) {}

/// Starts `command` from one thread that lives as long as this process: the kernel's
/// "parent died" signal follows the thread that forked, and the tutorial evaluates on
/// threads that end after each job.
fn spawn(command: Command) -> io::Result<Child> {
    type Request = (Command, mpsc::Sender<io::Result<Child>>);
    static SPAWNER: OnceLock<Mutex<mpsc::Sender<Request>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Request>();
        // Without a thread the receiver is dropped, and every request below falls back to
        // spawning on the caller's thread.
        let _ = std::thread::Builder::new()
            .name("console-spawner".into())
            .spawn(move || {
                for (mut command, reply) in rx {
                    let _ = reply.send(command.spawn());
                }
            });
        Mutex::new(tx)
    });
    let (reply, answer) = mpsc::channel();
    let sent = spawner
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .send((command, reply));
    match sent {
        Ok(()) => answer
            .recv()
            .unwrap_or_else(|_| Err(io::Error::other("the console's spawner thread is gone"))),
        Err(mpsc::SendError((mut command, _))) => command.spawn(),
    }
}

/// Why a request got no answer.
pub(super) enum Lost {
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
    pub(super) fn live(&mut self) -> Result<&mut Live, String> {
        if self.live.is_none() {
            let mut start = self.start.clone();
            if self.restarts > 0 {
                let mut r = start.client.random_value();
                r[4] ^= self.restarts;
                start.client = ObjectIdProcess::new(r, start.client.next_counter());
            }
            let mut command = Command::new(&self.command.program);
            command
                .args(&self.command.args)
                .args(start.args())
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null());
            end_with_parent(&mut command);
            let mut child = spawn(command)
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

    pub(super) fn end(&mut self) {
        self.live = None;
        self.restarts = self.restarts.wrapping_add(1);
    }

    /// Sends `request` and reads events until `done` takes one as the answer; events
    /// before it go to `each`. The caller's interrupt (or, with `limit`, this module's
    /// own deadline) asks the worker to stop; a worker that does not, or dies, or passes
    /// [`MEMORY_KILL`], is ended.
    pub(super) fn ask<T>(
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

pub(super) fn lost_thrown(lost: Lost) -> Thrown {
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
pub(super) fn child_rss(child: &Child) -> usize {
    resident(&format!("/proc/{}/statm", child.id()))
}

#[cfg(not(target_os = "linux"))]
pub(super) fn child_rss(_: &Child) -> usize {
    0
}
