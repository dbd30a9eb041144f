//! The worker's side: one console serving requests until its input ends.

use super::*;

/// What a worker does with a save request: writes the databases to `--data` (and marks
/// them saved) and gives the notes to show (files it kept untouched), or why it could not,
/// in words.
pub type Save = Box<dyn FnMut(&mut Server) -> Result<Vec<String>, String>>;

/// The resident memory of this process, in bytes (0 where it cannot be read).
#[cfg(target_os = "linux")]
pub(super) fn own_rss() -> usize {
    resident("/proc/self/statm")
}

#[cfg(not(target_os = "linux"))]
pub(super) fn own_rss() -> usize {
    0
}

#[cfg(target_os = "linux")]
pub(super) fn resident(statm: &str) -> usize {
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
/// `release` asks the process's allocator to give back what it holds but no longer uses:
/// it is called before the budget refuses a write, so that a collection the script dropped
/// makes room again.
pub fn serve(
    mut console: Console,
    notes: &[String],
    mut input: impl Read + Send + 'static,
    output: impl Write + Send + 'static,
    mut save: Save,
    release: fn(),
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
        probe: Box::new(move || {
            let rss = own_rss();
            if rss <= MEMORY_BUDGET {
                return rss;
            }
            release();
            own_rss()
        }),
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

/// Tells the supervisor that the worker could not start, and why (in the learner's words).
///
/// # Errors
/// Writing failed.
pub fn refuse_start(output: &mut impl Write, why: &str) -> io::Result<()> {
    Frame::new(b'F').str(why).send(output)
}
