//! The console panel: the mongosh console of `bson-tutor shell` inside the tutorial. A line
//! typed at the prompt runs in one [`Console`] kept for the whole session (its variables and
//! databases stay), on a worker ([`crate::tui::work`]), so the interface draws while a script
//! runs and Ctrl-C stops it. What the run printed is kept as a transcript, and each document
//! it showed can be selected and opened in the hex view.
//!
//! Nothing here runs JavaScript or computes a BSON fact: the console and the engine do; this
//! module keeps the text, the selection and what came back. Drawing is in [`view`].

mod view;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::{Arc, Mutex, PoisonError};

use crate::bson::Document;
use crate::bson::encode::encode_document;
use crate::shell::sandbox::{Session, Start};
use crate::shell::{Echo, Output, Run};
use crate::strings::safe::escape_line;
use crate::strings::{Lang, tr};

use super::hex::{HexModel, HexMove, HexState};
use super::input::{Edit, TextInput};

pub use view::ConsoleView;

/// The name the console's errors give to what was typed (`<repl>:1:5`).
const FILE: &str = "<repl>";

/// Lines the transcript keeps; older ones (and their documents) are let go.
const MAX_LINES: usize = 5_000;

/// Characters of one printed line kept; the rest is summed up.
const MAX_LINE_CHARS: usize = 2_000;

/// Statements the history keeps.
const MAX_HISTORY: usize = 500;

/// A console shared between the panel and the worker that evaluates in it.
#[derive(Clone)]
pub struct Shared(Arc<Mutex<Session>>);

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Shared(Console)")
    }
}

/// What an evaluation came back with.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// The run, or `None` when the text is not a whole statement yet (an open bracket,
    /// string or comment): the panel asks for another line.
    pub run: Option<Run>,
    /// The current database after it (`use NAME` changes it), for the prompt.
    pub db: String,
}

/// Names that complete the line: where the completed word starts, and the names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    /// The line the names complete.
    pub line: String,
    /// The byte where the word being completed starts.
    pub start: usize,
    /// The names, sorted.
    pub names: Vec<String>,
}

impl Shared {
    /// A console whose process is `seed`'s and whose clock is `now_ms` when the class fixes
    /// it, `clock` otherwise. It runs in a worker process where the binary set one
    /// ([`crate::shell::sandbox`]), so that a script the engine cannot interrupt is ended
    /// with its process and the panel stays usable.
    ///
    /// # Errors
    /// The console could not start, in its words.
    pub fn new(
        seed: u64,
        now_ms: Option<i64>,
        clock: crate::shell::Clock,
    ) -> Result<Shared, String> {
        Session::start(Start::seeded(seed, now_ms), clock).map(|c| Shared(Arc::new(Mutex::new(c))))
    }

    /// Runs `source` as the REPL runs a line (its last value echoed), when it is a whole
    /// statement. The caller bounds it with an interrupt (see [`crate::tui::work`]).
    pub(crate) fn run(&self, source: &str) -> Evaluated {
        let mut console = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let run = console
            .is_complete(source)
            .then(|| console.eval(source, FILE, Echo::Last));
        Evaluated {
            run,
            db: console.db_name(),
        }
    }

    /// The names that complete `line`, or `None` while an evaluation holds the console.
    pub(crate) fn complete(&self, line: &str) -> Option<Completion> {
        let mut console = self.0.try_lock().ok()?;
        let (start, names) = console.complete(line);
        Some(Completion {
            line: line.to_owned(),
            start,
            names,
        })
    }
}

/// What a transcript line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// What was typed, after its prompt.
    Input,
    /// What the run printed.
    Output,
    /// A warning mongosh prints (a deprecated constructor).
    Warning,
    /// The exception that ended a run.
    Error,
    /// The panel's own words (completions, a stop asked for).
    Note,
}

/// One line of the transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The text, control characters escaped.
    pub text: String,
    /// What it is.
    pub role: Role,
}

/// A document the transcript shows, with the lines it takes.
#[derive(Clone, Debug)]
struct Shown {
    document: Document,
    /// Its lines, numbered from the session's first line.
    lines: Range<usize>,
}

/// Where the keys go in the panel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ConsoleFocus {
    /// The prompt: keys are typed.
    #[default]
    Input,
    /// The transcript: keys select documents and scroll.
    Transcript,
    /// The bytes of the document opened.
    Hex,
}

/// A document opened in the hex view.
#[derive(Clone, Debug)]
pub struct Opened {
    /// Which document (numbered from the session's first).
    pub number: usize,
    /// Its bytes and spans, or why it has none (it does not encode: too large).
    pub model: Result<HexModel, String>,
    /// The selection in its bytes.
    pub state: HexState,
}

/// The console panel's state.
#[derive(Clone, Debug)]
pub struct ConsolePanel {
    console: Shared,
    input: TextInput,
    /// Lines of a statement not finished yet.
    pending: Vec<String>,
    history: Vec<String>,
    /// The history entry shown in the input (`None`: the line being typed).
    recalled: Option<usize>,
    /// The line being typed while the history is walked.
    draft: String,
    lines: VecDeque<Line>,
    /// The number of the first line kept.
    first_line: usize,
    shown: VecDeque<Shown>,
    /// The number of the first document kept.
    first_shown: usize,
    /// The selected document (numbered from the session's first).
    selected: Option<usize>,
    /// Display lines hidden below the transcript's bottom (0: it follows the output).
    pub(crate) scroll: usize,
    focus: ConsoleFocus,
    /// An evaluation is running.
    running: bool,
    /// The current database, for the prompt.
    db: String,
    opened: Option<Opened>,
    lang: Lang,
}

impl ConsolePanel {
    /// A panel over `console`, speaking `lang`.
    pub fn new(console: Shared, lang: Lang) -> ConsolePanel {
        ConsolePanel {
            console,
            input: TextInput::default(),
            pending: Vec::new(),
            history: Vec::new(),
            recalled: None,
            draft: String::new(),
            lines: VecDeque::new(),
            first_line: 0,
            shown: VecDeque::new(),
            first_shown: 0,
            selected: None,
            scroll: 0,
            focus: ConsoleFocus::Input,
            running: false,
            db: "test".to_owned(),
            opened: None,
            lang,
        }
    }

    /// Speaks `lang` from now on.
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// The console, for the jobs that run in it.
    pub(crate) fn console(&self) -> &Shared {
        &self.console
    }

    /// Where the keys go.
    pub fn focus(&self) -> ConsoleFocus {
        self.focus
    }

    /// Whether an evaluation is running.
    pub fn running(&self) -> bool {
        self.running
    }

    /// The prompt: `lab04> `, `... ` inside an unfinished statement, nothing while a run
    /// goes on.
    pub fn prompt(&self) -> String {
        if self.running {
            String::new()
        } else if self.pending.is_empty() {
            format!("{}> ", escape_line(&self.db))
        } else {
            "... ".to_owned()
        }
    }

    /// The line being typed.
    pub fn input(&self) -> &TextInput {
        &self.input
    }

    /// The transcript's lines kept.
    pub fn lines(&self) -> impl ExactSizeIterator<Item = &Line> {
        self.lines.iter()
    }

    /// The documents the transcript shows (the oldest may have been let go).
    pub fn documents(&self) -> impl ExactSizeIterator<Item = &Document> {
        self.shown.iter().map(|s| &s.document)
    }

    /// The selected document's number among the documents kept, if one is selected.
    pub fn selected(&self) -> Option<usize> {
        self.selected.map(|n| n - self.first_shown)
    }

    /// The document opened in the hex view.
    pub fn opened(&self) -> Option<&Opened> {
        self.opened.as_ref()
    }

    /// Moves the keys to `focus` (the bytes only when a document is open).
    pub fn set_focus(&mut self, focus: ConsoleFocus) {
        self.focus = if focus == ConsoleFocus::Hex && self.opened.is_none() {
            ConsoleFocus::Input
        } else {
            focus
        };
    }

    /// The next (`forward`) or previous place for the keys: the prompt, the transcript, the
    /// bytes when a document is open.
    pub fn cycle_focus(&mut self, forward: bool) {
        let order: &[ConsoleFocus] = if self.opened.is_some() {
            &[
                ConsoleFocus::Input,
                ConsoleFocus::Transcript,
                ConsoleFocus::Hex,
            ]
        } else {
            &[ConsoleFocus::Input, ConsoleFocus::Transcript]
        };
        let at = order.iter().position(|f| *f == self.focus).unwrap_or(0);
        let n = order.len();
        self.focus = order[if forward {
            (at + 1) % n
        } else {
            (at + n - 1) % n
        }];
    }

    /// Edits the line being typed.
    pub fn edit(&mut self, edit: Edit) {
        if self.input.apply(edit) {
            self.recalled = None;
        }
    }

    /// The statement to run when Enter is pressed, echoed into the transcript with its
    /// prompt; `None` when there is nothing to run (an empty line, or a run in progress).
    pub fn submit(&mut self) -> Option<String> {
        if self.running {
            return None;
        }
        let line = self.input.text().to_owned();
        self.push(Line {
            text: format!("{}{}", self.prompt(), escape_line(&line)),
            role: Role::Input,
        });
        self.input = TextInput::default();
        self.recalled = None;
        self.scroll = 0;
        if self.pending.is_empty() && line.trim().is_empty() {
            return None;
        }
        self.pending.push(line);
        self.running = true;
        Some(self.pending.join("\n"))
    }

    /// The console's answer to the statement submitted.
    pub fn evaluated(&mut self, evaluated: Evaluated) {
        self.running = false;
        self.db = evaluated.db;
        let Some(run) = evaluated.run else {
            // Not a whole statement yet: the next line continues it.
            return;
        };
        let source = std::mem::take(&mut self.pending).join("\n");
        self.remember(source);
        for output in &run.output {
            match output {
                Output::Print { text, documents } => self.print(text, documents),
                Output::Warning(text) => self.push_text(text, Role::Warning),
            }
        }
        if let Some(e) = &run.error {
            let text = e.report_in(self.lang, || {
                tr(
                    self.lang,
                    "Uncaught: the evaluation was stopped at the tutor's time limit; nothing after it ran",
                )
                .to_owned()
            });
            self.push_text(&text, Role::Error);
        }
        self.scroll = 0;
    }

    /// The evaluation ended without an answer (the engine failed, or the tutor gave up on
    /// it): `why`, in the learner's language. The statement is dropped.
    pub fn failed(&mut self, why: &str) {
        self.running = false;
        let source = std::mem::take(&mut self.pending).join("\n");
        self.remember(source);
        self.push_text(&format!("Uncaught: {why}"), Role::Error);
        self.scroll = 0;
    }

    /// Drops the unfinished statement (Esc at a `...` prompt). Whether there was one.
    pub fn abandon(&mut self) -> bool {
        if self.pending.is_empty() || self.running {
            return false;
        }
        self.pending.clear();
        self.push_text(
            tr(self.lang, "(the unfinished statement was dropped)"),
            Role::Note,
        );
        true
    }

    /// A statement for the history, unless it repeats the last one.
    fn remember(&mut self, source: String) {
        let source = source.trim().to_owned();
        if source.is_empty() || self.history.last() == Some(&source) {
            return;
        }
        self.history.push(source);
        if self.history.len() > MAX_HISTORY {
            self.history.remove(0);
        }
    }

    /// Shows the previous (`-1`) or next (`1`) statement of the history in the input.
    pub fn recall(&mut self, delta: isize) {
        if self.history.is_empty() {
            return;
        }
        let last = self.history.len() - 1;
        let next = match (self.recalled, delta < 0) {
            (None, true) => {
                self.draft = self.input.text().to_owned();
                Some(last)
            }
            (None, false) => return,
            (Some(i), true) => Some(i.saturating_sub(1)),
            (Some(i), false) if i < last => Some(i + 1),
            (Some(_), false) => None,
        };
        self.recalled = next;
        let text = next.map_or_else(|| self.draft.clone(), |i| self.history[i].clone());
        self.input.set(text);
    }

    /// The names that complete the line came back: one is put in; several put in what they
    /// share and are listed in the transcript.
    pub fn completed(&mut self, completion: Completion) {
        if completion.line != self.input.text() || self.input.cursor() != self.input.text().len() {
            // The line changed meanwhile.
            return;
        }
        let Completion { line, start, names } = completion;
        let typed = &line[start.min(line.len())..];
        let common =
            names
                .iter()
                .skip(1)
                .fold(names.first().cloned().unwrap_or_default(), |acc, n| {
                    let shared: usize = acc
                        .chars()
                        .zip(n.chars())
                        .take_while(|(a, b)| a == b)
                        .map(|(a, _)| a.len_utf8())
                        .sum();
                    acc[..shared].to_owned()
                });
        if common.len() > typed.len() {
            self.input.set(format!("{}{common}", &line[..start]));
        }
        if names.len() > 1 {
            self.push_text(&names.join("  "), Role::Note);
            self.scroll = 0;
        } else if names.is_empty() {
            self.push_text(tr(self.lang, "(no name completes this)"), Role::Note);
            self.scroll = 0;
        }
    }

    /// Says that a stop was asked for while a run goes on.
    pub fn stopping(&mut self) {
        self.push_text(tr(self.lang, "(stopping the evaluation…)"), Role::Note);
        self.scroll = 0;
    }

    /// Selects the previous (`-1`) or next (`1`) document the transcript shows: from the
    /// prompt or with none selected, the last one.
    pub fn select(&mut self, delta: isize) {
        let count = self.shown.len();
        if count == 0 {
            return;
        }
        let (first, last) = (self.first_shown, self.first_shown + count - 1);
        self.selected = Some(match self.selected.filter(|n| *n >= first) {
            None => last,
            Some(n) => n.saturating_add_signed(delta).clamp(first, last),
        });
    }

    /// Selects the first (`false`) or last (`true`) document.
    pub fn select_edge(&mut self, last: bool) {
        if self.shown.is_empty() {
            return;
        }
        self.selected = Some(if last {
            self.first_shown + self.shown.len() - 1
        } else {
            self.first_shown
        });
    }

    /// The lines, numbered from the session's first, of the selected document.
    pub(crate) fn selected_lines(&self) -> Option<Range<usize>> {
        self.selected_shown().map(|s| s.lines.clone())
    }

    /// The selected document and its lines, while they are kept.
    fn selected_shown(&self) -> Option<&Shown> {
        let n = self.selected?.checked_sub(self.first_shown)?;
        self.shown.get(n)
    }

    /// Opens the selected document in the hex view (the engine encodes it and names its
    /// spans) and moves the keys there. Whether there was one to open.
    pub fn open_selected(&mut self) -> bool {
        let (Some(n), Some(shown)) = (self.selected, self.selected_shown()) else {
            return false;
        };
        let model = encode_document(&shown.document)
            .map_err(|e| e.to_string())
            .and_then(|bytes| HexModel::new(bytes).map_err(|e| e.to_string()));
        self.opened = Some(Opened {
            number: n,
            model,
            state: HexState::default(),
        });
        self.focus = ConsoleFocus::Hex;
        true
    }

    /// Closes the hex view.
    pub fn close_hex(&mut self) {
        self.opened = None;
        if self.focus == ConsoleFocus::Hex {
            self.focus = ConsoleFocus::Transcript;
        }
    }

    /// Moves the selection in the opened document's bytes.
    pub fn hex_move(&mut self, mv: HexMove) {
        if let Some(Opened {
            model: Ok(model),
            state,
            ..
        }) = self.opened.as_mut()
        {
            state.apply(model, mv);
        }
    }

    /// A click at a screen cell of the last drawn bytes; true if it hit a byte.
    pub fn hex_click(&mut self, column: u16, row: u16) -> bool {
        if let Some(Opened {
            model: Ok(model),
            state,
            ..
        }) = self.opened.as_mut()
            && state.click(model, column, row)
        {
            self.focus = ConsoleFocus::Hex;
            return true;
        }
        false
    }

    /// Scrolls the opened document's bytes by `lines`.
    pub fn hex_scroll(&mut self, lines: i32) {
        if let Some(o) = self.opened.as_mut() {
            o.state.scroll_by(lines);
        }
    }

    /// One printed output: its lines, and its documents with the lines each takes.
    fn print(&mut self, text: &str, documents: &[Document]) {
        let start = self.first_line + self.lines.len();
        let count = text.split('\n').count();
        for (range, document) in document_lines(text, documents.len())
            .into_iter()
            .zip(documents)
        {
            self.shown.push_back(Shown {
                document: document.clone(),
                lines: start + range.start..start + range.end,
            });
        }
        self.push_text(text, Role::Output);
        debug_assert_eq!(self.first_line + self.lines.len(), start + count);
    }

    /// `text`'s lines, each as one transcript line of `role`.
    fn push_text(&mut self, text: &str, role: Role) {
        for line in text.split('\n') {
            self.push(Line {
                text: keep(line),
                role,
            });
        }
    }

    fn push(&mut self, line: Line) {
        self.lines.push_back(line);
        while self.lines.len() > MAX_LINES {
            self.lines.pop_front();
            self.first_line += 1;
        }
        while self
            .shown
            .front()
            .is_some_and(|s| s.lines.start < self.first_line)
        {
            self.shown.pop_front();
            self.first_shown += 1;
        }
        // The document opened stays open when its lines go: its bytes are its own copy.
        if self.selected.is_some_and(|n| n < self.first_shown) {
            self.selected = None;
        }
    }
}

/// A printed line as the transcript keeps it: tabs as spaces, control characters escaped,
/// at most [`MAX_LINE_CHARS`] characters.
fn keep(line: &str) -> String {
    let line = line.replace('\t', "    ");
    let escaped = escape_line(&line);
    match escaped.char_indices().nth(MAX_LINE_CHARS) {
        Some((cut, _)) => {
            let rest = escaped[cut..].chars().count();
            format!("{}… (+{rest})", &escaped[..cut])
        }
        None => escaped.into_owned(),
    }
}

/// The lines (of `text`, counted from 0) that each of its `n` documents takes, as mongosh
/// lays them out: one document is the whole text; an array of documents laid over lines
/// has each element start at two spaces of indent. Where the layout says no more (several
/// documents on one line, or printed side by side), each takes the whole text.
fn document_lines(text: &str, n: usize) -> Vec<Range<usize>> {
    let lines: Vec<&str> = text.split('\n').collect();
    let whole = 0..lines.len();
    if n <= 1 {
        return vec![whole; n];
    }
    let starts: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with("  {"))
        .map(|(i, _)| i)
        .collect();
    let end = lines.iter().rposition(|l| *l == "]").unwrap_or(lines.len());
    if !text.starts_with('[') || starts.len() != n {
        return vec![whole; n];
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &s)| s..starts.get(i + 1).copied().unwrap_or(end))
        .collect()
}
