//! One console, in a worker process or in this one.

use super::*;

/// A console in a worker process when [`use_worker`] set one, in this process otherwise.
#[derive(Debug)]
pub enum Session {
    /// In this process.
    Local(Box<Console>),
    /// In a worker process.
    Worker(Box<Sandbox>),
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
            return Sandbox::start(command, start).map(|s| Session::Worker(Box::new(s)));
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
