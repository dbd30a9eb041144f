//! Computations that may take long, kept off the thread that reads keys and draws: the
//! playground's evaluation, a lesson's page, the check of an answer, and what the console
//! panel runs (an evaluation, a completion). A learner's filter
//! may hold `/a{30000}b/` over 100,000 characters, and a lesson file may be 200 KB.
//!
//! [`super::update::update`] never waits for one. It files a [`Job`] with [`Work::file`]; the
//! runtime (the binary's event loop, `src/cli/tui.rs`) takes the jobs with
//! [`Work::take_jobs`], runs each on a worker thread inside
//! [`Interrupt::watch`](crate::query::interrupt::Interrupt::watch) with a time budget its own
//! clock enforces, and hands back the result as [`Message::Finished`]. The library reads no
//! clock and starts no thread: the budget's overrun arrives as a message like any result.
//!
//! One job of each [`Kind`] is awaited at a time: filing a new one supersedes the last (the
//! runtime cancels it), and a result whose generation is no longer awaited is discarded, so
//! a slow answer to an old keystroke never overwrites a newer one. Without a runtime (tests,
//! the examples in the docs) a filed job runs on the spot: [`Work::inline`].
//!
//! [`Message::Finished`]: super::message::Message::Finished

use std::sync::Arc;

use super::console;
use super::page::Page;
use super::playground;
use crate::lesson::Context;
use crate::lesson::check::{Verdict, answer};
use crate::lesson::model::{Exercise, Lesson};
use crate::query::interrupt::{self, Stop};

/// What a job computes; one job of each kind is awaited at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// The playground's document, filter and verdicts.
    Playground,
    /// A lesson's page (every step through the engine).
    Page,
    /// The check of a typed answer.
    Answer,
    /// An evaluation in the console panel. It ends with its own report even when stopped
    /// (what it printed before, then `Uncaught: ...`): see [`Kind::reports_its_stop`].
    Console,
    /// The names that complete the console's line (a name may be a getter that loops).
    Completion,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::Playground,
        Kind::Page,
        Kind::Answer,
        Kind::Console,
        Kind::Completion,
    ];

    fn index(self) -> usize {
        match self {
            Kind::Playground => 0,
            Kind::Page => 1,
            Kind::Answer => 2,
            Kind::Console => 3,
            Kind::Completion => 4,
        }
    }

    /// Whether a stopped job of this kind still answers, with what it did before the stop
    /// (a console's run: the prints, then the stop): the runtime trips its flag at the
    /// deadline and waits a moment for that answer instead of reporting the overrun itself.
    pub fn reports_its_stop(self) -> bool {
        self == Kind::Console
    }
}

/// The input of a job: everything it reads, owned, so it can run on another thread.
#[derive(Clone, Debug)]
pub(crate) enum Task {
    Playground(Box<playground::Request>),
    Page {
        lesson: Box<Lesson>,
        ctx: Context,
    },
    Answer {
        exercise: Box<Exercise>,
        text: String,
        ctx: Context,
    },
    Console {
        console: console::Shared,
        source: String,
    },
    Completion {
        console: console::Shared,
        line: String,
    },
}

/// A computation `update` asked for.
#[derive(Clone, Debug)]
pub struct Job {
    kind: Kind,
    generation: u64,
    task: Task,
}

impl Job {
    /// What it computes.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Its number among the jobs of its kind: a result is applied only while it is the one
    /// awaited.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Computes the result. The caller runs this inside
    /// [`Interrupt::watch`](crate::query::interrupt::Interrupt::watch); when the flag was
    /// tripped (the budget ran out, or the job was superseded), the result is that stop,
    /// never an answer computed after it.
    pub fn run(self) -> Finished {
        let (kind, generation) = (self.kind, self.generation);
        let output = match self.task {
            Task::Playground(request) => Output::Playground(Box::new(request.run())),
            Task::Page { lesson, ctx } => Output::Page(Box::new(Page::build(&lesson, &ctx))),
            Task::Answer {
                exercise,
                text,
                ctx,
            } => Output::Answer(answer(&exercise, &text, &ctx)),
            Task::Console { console, source } => Output::Console(Box::new(console.run(&source))),
            Task::Completion { console, line } => Output::Completion(console.complete(&line)),
        };
        let outcome = match interrupt::check() {
            // A stopped run says so itself, after what it printed.
            _ if kind.reports_its_stop() => Ok(output),
            Ok(()) => Ok(output),
            Err(Stop::TimeLimit) => Err(Stopped::TimeLimit { budget_ms: 0 }),
            Err(Stop::Cancelled) => Err(Stopped::Cancelled),
        };
        Finished {
            kind,
            generation,
            outcome,
        }
    }
}

/// Why a job has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// It ran past its time budget (`budget_ms`; 0 when the budget is not known here).
    TimeLimit {
        /// The budget, in milliseconds.
        budget_ms: u64,
    },
    /// It was superseded or the tutor is quitting.
    Cancelled,
    /// It could not run (no thread could be started, or the engine panicked): the reason.
    Failed(String),
}

/// What a job computed.
#[derive(Clone, Debug)]
pub(crate) enum Output {
    Playground(Box<playground::Evaluation>),
    Page(Box<Page>),
    Answer(Verdict),
    Console(Box<console::Evaluated>),
    Completion(Option<console::Completion>),
}

/// A job's result, or why there is none.
#[derive(Clone, Debug)]
pub struct Finished {
    kind: Kind,
    generation: u64,
    pub(crate) outcome: Result<Output, Stopped>,
}

impl Finished {
    /// The outcome of the job `kind` number `generation` that ended without a result:
    /// `stopped` (the runtime's watchdog reports an overrun with this).
    pub fn without_result(kind: Kind, generation: u64, stopped: Stopped) -> Finished {
        Finished {
            kind,
            generation,
            outcome: Err(stopped),
        }
    }

    /// What was computed.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The generation of the job.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Why there is no result, if there is none.
    pub fn stopped(&self) -> Option<&Stopped> {
        self.outcome.as_ref().err()
    }

    /// The same result with the budget the runtime enforced named in a time-limit stop.
    #[must_use]
    pub fn with_budget(mut self, budget_ms: u64) -> Finished {
        if let Err(Stopped::TimeLimit { budget_ms: b }) = &mut self.outcome {
            *b = budget_ms;
        }
        self
    }
}

/// A finished job inside a [`Message`](super::message::Message): shared, compared by
/// identity.
#[derive(Clone, Debug)]
pub struct Done(pub Arc<Finished>);

impl PartialEq for Done {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl From<Finished> for Done {
    fn from(finished: Finished) -> Self {
        Done(Arc::new(finished))
    }
}

/// The jobs filed and awaited.
#[derive(Clone, Debug, Default)]
pub struct Work {
    /// Whether jobs wait for a runtime ([`Work::take_jobs`]) instead of running on the spot.
    deferred: bool,
    next: u64,
    /// The generation awaited of each kind.
    awaited: [Option<u64>; 5],
    /// Filed and not yet taken by the runtime.
    queue: Vec<Job>,
    /// Kinds whose running job the learner asked to stop (it still answers: see
    /// [`Work::stop`]).
    stops: Vec<Kind>,
}

impl Work {
    /// Jobs run on the spot, inside `update` (no runtime: tests, examples).
    pub fn inline() -> Work {
        Work::default()
    }

    /// Jobs wait for a runtime to take them ([`Work::take_jobs`]).
    pub fn deferred() -> Work {
        Work {
            deferred: true,
            ..Work::default()
        }
    }

    /// Whether jobs wait for a runtime.
    pub fn is_deferred(&self) -> bool {
        self.deferred
    }

    /// Files a job of `kind`; it supersedes the one awaited of its kind. Returns it when it is
    /// to run on the spot.
    pub(crate) fn file(&mut self, kind: Kind, task: Task) -> Option<Job> {
        self.next += 1;
        let job = Job {
            kind,
            generation: self.next,
            task,
        };
        self.awaited[kind.index()] = Some(job.generation);
        self.queue.retain(|j| j.kind != kind);
        if self.deferred {
            self.queue.push(job);
            None
        } else {
            Some(job)
        }
    }

    /// The jobs filed since the last call, for the runtime to run (a job it is running of the
    /// same kind is superseded: cancel it).
    pub fn take_jobs(&mut self) -> Vec<Job> {
        std::mem::take(&mut self.queue)
    }

    /// Asks the runtime to stop the running job of `kind` (Ctrl-C in the console) without
    /// discarding it: its answer, when it comes, is still awaited. Nothing to stop when jobs
    /// run on the spot.
    pub(crate) fn stop(&mut self, kind: Kind) {
        if self.deferred && self.awaits(kind) && !self.stops.contains(&kind) {
            self.stops.push(kind);
        }
    }

    /// The kinds whose running job is to be stopped (its flag tripped as cancelled), asked
    /// since the last call.
    pub fn take_stops(&mut self) -> Vec<Kind> {
        std::mem::take(&mut self.stops)
    }

    /// Whether a job of `kind` is awaited.
    pub fn awaits(&self, kind: Kind) -> bool {
        self.awaited[kind.index()].is_some()
    }

    /// Whether any job is awaited.
    pub fn busy(&self) -> bool {
        Kind::ALL.iter().any(|k| self.awaits(*k))
    }

    /// Takes `done` as the awaited result of its kind: true when it was awaited (it is no
    /// longer), false when it is stale and must be discarded.
    pub(crate) fn accept(&mut self, done: &Finished) -> bool {
        let slot = &mut self.awaited[done.kind.index()];
        if *slot == Some(done.generation) {
            *slot = None;
            true
        } else {
            false
        }
    }
}

/// The result of `job` computed on the spot, in this thread, under no budget.
pub fn run_inline(job: Job) -> Finished {
    crate::query::interrupt::Interrupt::new().watch(|| job.run())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::interrupt::Interrupt;

    fn page_task() -> Task {
        let lesson = crate::lesson::builtin::lessons().remove(0);
        Task::Page {
            lesson: Box::new(lesson),
            ctx: Context::default(),
        }
    }

    #[test]
    fn a_new_job_supersedes_the_awaited_one_of_its_kind_only() {
        let mut work = Work::deferred();
        assert!(work.file(Kind::Page, page_task()).is_none());
        assert!(work.file(Kind::Page, page_task()).is_none());
        let jobs = work.take_jobs();
        assert_eq!(
            jobs.len(),
            1,
            "the first page job was superseded before it ran"
        );
        let stale = Finished {
            kind: Kind::Page,
            generation: 1,
            outcome: Err(Stopped::Cancelled),
        };
        assert!(!work.accept(&stale));
        assert!(work.awaits(Kind::Page) && !work.awaits(Kind::Answer));
        let done = run_inline(jobs.into_iter().next().unwrap());
        assert!(work.accept(&done));
        assert!(!work.busy());
    }

    #[test]
    fn a_tripped_flag_is_the_result_never_an_answer_computed_after_it() {
        let mut work = Work::deferred();
        work.file(Kind::Page, page_task());
        let job = work.take_jobs().pop().unwrap();
        let flag = Interrupt::new();
        flag.trip(Stop::TimeLimit);
        let done = flag.watch(|| job.run()).with_budget(2000);
        assert_eq!(
            done.stopped(),
            Some(&Stopped::TimeLimit { budget_ms: 2000 })
        );
    }
}
