//! The tutorial's workers and their watchdog: the jobs `update` files (the playground's
//! evaluation, a lesson's page, an answer's check; see `bson_tutor::tui::work`) run here, on
//! threads, each inside `Interrupt::watch` with a time budget this side's clock enforces. The
//! library reads no clock and starts no thread; this file does both, so the thread that reads
//! keys and draws never waits for the engine and Ctrl-C always quits.
//!
//! The event loop is the watchdog: it looks at every deadline each time round (at most
//! [`TICK`] apart while a job runs). At its deadline a job's flag is tripped with
//! `Stop::TimeLimit` and the overrun is reported to `update` at once, as the job's result; a
//! job superseded by a newer one of its kind is tripped with `Stop::Cancelled`. Either way a
//! result the worker sends later is discarded. Once the engine polls its flag the worker ends
//! promptly; until it does, the thread runs on unseen, and at most [`MAX_THREADS`] run at once
//! (a newer job waits for a free one). The budget counts from the keystroke: a job that waited
//! for a thread has the rest of it, and one that waited it all out is reported as an overrun
//! without running.

use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

use bson_tutor::query::interrupt::{Interrupt, Stop};
use bson_tutor::tui::work::{Finished, Job, Kind, Stopped};

/// How long one computation may run before the panel says it exceeded its time limit.
pub const BUDGET: Duration = Duration::from_secs(2);

/// How long a script typed in the console panel may run: as long as `bson-tutor shell`
/// gives one evaluation by default (`--max-time-ms`).
pub const CONSOLE_BUDGET: Duration = Duration::from_millis(super::super::console::DEFAULT_EVAL_MS);

/// How long a stopped job that reports its own stop ([`Kind::reports_its_stop`]) has to
/// answer before the overrun is reported for it.
const GRACE: Duration = Duration::from_secs(2);

/// How often the event loop looks at the workers while one runs.
pub const TICK: Duration = Duration::from_millis(10);

/// Worker threads alive at once, stopped ones that have not noticed yet included.
const MAX_THREADS: usize = 4;

/// The name of a worker thread (the panic hook tells them from the interface's thread).
pub const THREAD_NAME: &str = "bson-tutor-worker";

/// A job on a thread.
struct Running {
    kind: Kind,
    generation: u64,
    interrupt: Interrupt,
    deadline: Instant,
    /// Whether `update` has had its outcome already (the overrun, or superseded): whatever
    /// the thread sends later is dropped.
    settled: bool,
    /// Whether its flag was tripped at the deadline while its own answer is awaited (a
    /// console run, given [`GRACE`] more to say so).
    tripped: bool,
}

/// The running and waiting jobs.
pub struct Workers {
    budget: Duration,
    console_budget: Duration,
    tx: Sender<Finished>,
    rx: Receiver<Finished>,
    running: Vec<Running>,
    /// Jobs waiting for a thread, with their deadlines.
    waiting: Vec<(Job, Instant)>,
    /// Outcomes ready for `update`: results, overruns, and jobs that could not start.
    ready: Vec<Finished>,
}

impl Workers {
    /// No job yet; each gets `budget`, a console run [`CONSOLE_BUDGET`].
    pub fn new(budget: Duration) -> Workers {
        Workers::with_console_budget(budget, CONSOLE_BUDGET)
    }

    /// No job yet; each gets `budget`, a console run `console_budget`.
    pub fn with_console_budget(budget: Duration, console_budget: Duration) -> Workers {
        let (tx, rx) = channel();
        Workers {
            budget,
            console_budget,
            tx,
            rx,
            running: Vec::new(),
            waiting: Vec::new(),
            ready: Vec::new(),
        }
    }

    /// Starts `job` (or queues it while [`MAX_THREADS`] run), superseding the job of its kind
    /// running or waiting.
    pub fn submit(&mut self, job: Job) {
        for r in &mut self.running {
            if r.kind == job.kind() && !r.settled {
                r.interrupt.trip(Stop::Cancelled);
                r.settled = true;
            }
        }
        self.waiting.retain(|(w, _)| w.kind() != job.kind());
        let budget = self.budget_of(job.kind());
        self.waiting.push((job, Instant::now() + budget));
        self.start_waiting();
    }

    fn budget_of(&self, kind: Kind) -> Duration {
        if kind == Kind::Console {
            self.console_budget
        } else {
            self.budget
        }
    }

    /// The budget of `kind` in milliseconds, as an overrun reports it.
    fn budget_ms(&self, kind: Kind) -> u64 {
        u64::try_from(self.budget_of(kind).as_millis()).unwrap_or(u64::MAX)
    }

    /// Stops the running job of `kind` as cancelled without settling it: its own answer,
    /// saying it was stopped, is still awaited (Ctrl-C in the console).
    pub fn stop(&mut self, kind: Kind) {
        let now = Instant::now();
        for r in &mut self.running {
            if r.kind == kind && !r.settled {
                r.interrupt.trip(Stop::Cancelled);
                if !r.tripped {
                    r.tripped = true;
                    r.deadline = now + GRACE;
                }
            }
        }
    }

    fn start_waiting(&mut self) {
        while self.running.len() < MAX_THREADS && !self.waiting.is_empty() {
            let (job, deadline) = self.waiting.remove(0);
            self.start(job, deadline);
        }
    }

    fn start(&mut self, job: Job, deadline: Instant) {
        let (kind, generation) = (job.kind(), job.generation());
        let interrupt = Interrupt::new();
        let flag = interrupt.clone();
        let tx = self.tx.clone();
        let budget_ms = self.budget_ms(kind);
        let spawned = std::thread::Builder::new()
            .name(THREAD_NAME.into())
            .spawn(move || {
                let run = std::panic::AssertUnwindSafe(|| flag.watch(|| job.run()));
                let done = match std::panic::catch_unwind(run) {
                    Ok(done) => done.with_budget(budget_ms),
                    Err(payload) => {
                        let why = payload
                            .downcast_ref::<&str>()
                            .map(|s| (*s).to_owned())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "the engine panicked".into());
                        Finished::without_result(kind, generation, Stopped::Failed(why))
                    }
                };
                // The loop may be gone (the tutor is quitting): nothing to tell then.
                let _ = tx.send(done);
            });
        match spawned {
            Ok(_) => self.running.push(Running {
                kind,
                generation,
                interrupt,
                deadline,
                settled: false,
                tripped: false,
            }),
            Err(e) => self.ready.push(Finished::without_result(
                kind,
                generation,
                Stopped::Failed(e.to_string()),
            )),
        }
    }

    /// Takes what the threads sent and, at `now`, stops the jobs past their deadline:
    /// the outcomes `update` has not seen, in order.
    pub fn collect(&mut self, now: Instant) -> Vec<Finished> {
        while let Ok(done) = self.rx.try_recv() {
            self.arrived(done);
        }
        let mut overrun = Vec::new();
        for r in &mut self.running {
            if !r.settled && now >= r.deadline {
                r.interrupt.trip(Stop::TimeLimit);
                if r.kind.reports_its_stop() && !r.tripped {
                    // It will say so itself, with what it printed before.
                    r.tripped = true;
                    r.deadline = now + GRACE;
                    continue;
                }
                r.settled = true;
                overrun.push((r.kind, r.generation));
            }
        }
        let (late, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|(_, deadline)| now >= *deadline);
        self.waiting = waiting;
        overrun.extend(late.iter().map(|(job, _)| (job.kind(), job.generation())));
        for (kind, generation) in overrun {
            let budget_ms = self.budget_ms(kind);
            self.ready.push(Finished::without_result(
                kind,
                generation,
                Stopped::TimeLimit { budget_ms },
            ));
        }
        self.start_waiting();
        std::mem::take(&mut self.ready)
    }

    fn arrived(&mut self, done: Finished) {
        let at = self
            .running
            .iter()
            .position(|r| (r.kind, r.generation) == (done.kind(), done.generation()));
        if let Some(i) = at
            && !self.running.remove(i).settled
        {
            self.ready.push(done);
        }
    }

    /// Waits up to `max` for the running jobs to answer (most take a millisecond: the frame
    /// after a keystroke then shows their result rather than "evaluating…").
    pub fn settle(&mut self, max: Duration) {
        let until = Instant::now() + max;
        while self.busy() {
            let left = until.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(done) => self.arrived(done),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
            self.start_waiting();
        }
    }

    /// Whether a job is running or waiting whose outcome `update` awaits.
    pub fn busy(&self) -> bool {
        !self.waiting.is_empty() || self.running.iter().any(|r| !r.settled)
    }

    /// Asks every running job to stop (the tutor is quitting; nobody waits for them).
    pub fn cancel_all(&mut self) {
        for r in &mut self.running {
            r.interrupt.trip(Stop::Cancelled);
        }
        self.waiting.clear();
    }

    /// Threads alive, stopped ones still running included.
    #[cfg(test)]
    fn threads(&self) -> usize {
        self.running.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bson_tutor::lesson::builtin;
    use bson_tutor::lesson::progress::Progress;
    use bson_tutor::tui::app::{App, Settings};
    use bson_tutor::tui::input::Edit;
    use bson_tutor::tui::message::Message;
    use bson_tutor::tui::playground::Results;
    use bson_tutor::tui::theme::Theme;
    use bson_tutor::tui::update::update;
    use bson_tutor::tui::work::Work;

    fn app() -> App {
        let settings = Settings {
            theme: Theme::default(),
            seed: 7,
            seed_fixed: true,
            now_ms: 0,
            now_fixed: false,
            progress_path: None,
            lang: bson_tutor::strings::Lang::En,
        };
        App::with_work(
            builtin::lessons(),
            Progress::new(),
            settings,
            Work::deferred(),
        )
    }

    /// Runs the loop's part for `app` until nothing is awaited or `max` passes.
    fn pump(app: &mut App, workers: &mut Workers, max: Duration) {
        let until = Instant::now() + max;
        loop {
            for job in app.work.take_jobs() {
                workers.submit(job);
            }
            for kind in app.work.take_stops() {
                workers.stop(kind);
            }
            for done in workers.collect(Instant::now()) {
                update(app, Message::Finished(done.into()));
            }
            if !app.work.busy() || Instant::now() > until {
                return;
            }
            workers.settle(TICK);
        }
    }

    #[test]
    fn the_first_page_comes_from_a_worker() {
        let mut app = app();
        assert!(app.opening.is_some() && app.page.cards.is_empty());
        let mut workers = Workers::new(Duration::from_secs(60));
        pump(&mut app, &mut workers, Duration::from_secs(60));
        assert!(app.opening.is_none());
        assert!(!app.page.cards.is_empty());
    }

    fn edit(app: &mut App, edit: Edit) {
        update(app, Message::Edit(edit));
    }

    #[test]
    fn an_overrun_is_reported_at_the_deadline_and_a_late_result_discarded() {
        let mut app = app();
        let mut workers = Workers::new(Duration::from_secs(60));
        pump(&mut app, &mut workers, Duration::from_secs(60));
        update(&mut app, Message::OpenPlayground);
        // A long string in the collection, and a filter slow to match it (it backtracks
        // through thousands of ways at each `a`; PCRE2 answers the issue's `/a{30000}b/` at
        // once).
        edit(&mut app, Edit::DeleteToStart);
        edit(
            &mut app,
            Edit::Paste(format!("{{ _id: 10, s: '{}' }}", "a".repeat(10_000))),
        );
        pump(&mut app, &mut workers, Duration::from_secs(60));
        update(&mut app, Message::PlaygroundAdd);
        pump(&mut app, &mut workers, Duration::from_secs(60));
        assert_eq!(app.playground.as_ref().unwrap().verdicts().len(), 10);
        update(&mut app, Message::PlaygroundFocus(1));
        // A budget of nothing: the evaluation is stopped at the watchdog's first look.
        let mut workers = Workers::new(Duration::ZERO);
        edit(&mut app, Edit::DeleteToStart);
        edit(&mut app, Edit::Paste("{ s: /(?:a|aa){1,12}\\d/ }".into()));
        let started = Instant::now();
        pump(&mut app, &mut workers, Duration::from_secs(60));
        eprintln!("stopped after {:?}", started.elapsed());
        let p = app.playground.as_ref().unwrap();
        let Results::Stopped(why) = p.results() else {
            panic!("not stopped: {:?}", p.results());
        };
        assert!(why.starts_with("operation exceeded time limit"), "{why}");
        // The worker's own answer, when it comes, changes nothing.
        let t = Instant::now();
        while workers.threads() > 0 && t.elapsed() < Duration::from_secs(120) {
            for done in workers.collect(Instant::now()) {
                update(&mut app, Message::Finished(done.into()));
            }
            std::thread::sleep(TICK);
        }
        eprintln!("worker ended after {:?}", t.elapsed());
        let p = app.playground.as_ref().unwrap();
        assert!(matches!(p.results(), Results::Stopped(_)));
    }

    #[test]
    fn a_new_job_cancels_the_stale_one_and_threads_stay_bounded() {
        let mut workers = Workers::new(Duration::from_secs(60));
        let mut app = app();
        pump(&mut app, &mut workers, Duration::from_secs(60));
        update(&mut app, Message::OpenPlayground);
        for c in "{ a: 1 }".chars() {
            edit(&mut app, Edit::Insert(c));
            for job in app.work.take_jobs() {
                workers.submit(job);
            }
            assert!(workers.threads() <= MAX_THREADS);
        }
        pump(&mut app, &mut workers, Duration::from_secs(60));
        let p = app.playground.as_ref().unwrap();
        assert_eq!(p.results(), &Results::Current);
        assert!(p.document_text().ends_with("{ a: 1 }"));
    }

    fn console_lines(app: &App) -> Vec<String> {
        let panel = app.console.as_ref().expect("the console is open");
        panel.lines().map(|l| l.text.clone()).collect()
    }

    fn console_run(app: &mut App, source: &str) {
        edit(app, Edit::DeleteToStart);
        edit(app, Edit::Paste(source.into()));
        update(app, Message::ConsoleSubmit);
    }

    #[test]
    fn a_console_loop_stops_at_its_budget_after_what_it_printed_and_the_console_goes_on() {
        let mut app = app();
        let mut workers =
            Workers::with_console_budget(Duration::from_secs(60), Duration::from_millis(300));
        pump(&mut app, &mut workers, Duration::from_secs(60));
        update(&mut app, Message::OpenConsole);
        console_run(&mut app, "let n = 0; print('before'); for (;;) { n++ }");
        assert!(app.console.as_ref().unwrap().running());
        let started = Instant::now();
        pump(&mut app, &mut workers, Duration::from_secs(60));
        eprintln!("stopped after {:?}", started.elapsed());
        let lines = console_lines(&app);
        let n = lines.len();
        assert_eq!(lines[n - 2], "before", "{lines:?}");
        assert_eq!(
            lines[n - 1],
            "Uncaught: the evaluation was stopped at the tutor's time limit; nothing after it ran"
        );
        // The console goes on, its variables kept.
        console_run(&mut app, "n > 0");
        pump(&mut app, &mut workers, Duration::from_secs(60));
        assert_eq!(console_lines(&app).last().unwrap(), "true");
    }

    #[test]
    fn ctrl_c_stops_a_console_script_instead_of_quitting() {
        let mut app = app();
        let mut workers = Workers::new(Duration::from_secs(60));
        pump(&mut app, &mut workers, Duration::from_secs(60));
        update(&mut app, Message::OpenConsole);
        console_run(&mut app, "for (;;) {}");
        for job in app.work.take_jobs() {
            workers.submit(job);
        }
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(
            update(&mut app, Message::Quit),
            None,
            "Ctrl-C stops the script"
        );
        let started = Instant::now();
        pump(&mut app, &mut workers, Duration::from_secs(60));
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{:?}",
            started.elapsed()
        );
        let lines = console_lines(&app);
        assert_eq!(
            lines.last().unwrap(),
            "Uncaught: the evaluation was interrupted (Ctrl-C)",
            "{lines:?}"
        );
        assert!(!app.console.as_ref().unwrap().running());
        // With nothing running, Ctrl-C quits as everywhere.
        assert_eq!(
            update(&mut app, Message::Quit),
            Some(bson_tutor::tui::update::Effect::Quit)
        );
    }
}
