//! The browser's state: the file's index, the current document, what the keyboard is doing
//! and the work left for the next ticks.

use std::io::{Read, Seek};

use crate::bson::decode_document;
use crate::bson::shell::print_document_pretty;
use crate::dump::index::DocumentIndex;
use crate::query::matcher::Filter;
use crate::strings::Lang;
use crate::strings::localize::Localize;
use crate::tui::hex::{HexModel, HexState};
use crate::tui::theme::Theme;

/// Length prefixes read per tick: a few milliseconds, whatever the file.
pub const INDEX_STEP: usize = 50_000;

/// Documents decoded and matched per tick while searching.
pub const SEARCH_STEP: usize = 1_000;

/// Which panel has the arrows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Focus {
    /// The document list: arrows move between documents.
    #[default]
    List,
    /// The hex walk of the current document: arrows move between its runs and elements.
    Hex,
}

impl Focus {
    /// The other panel.
    pub fn next(self) -> Self {
        match self {
            Focus::List => Focus::Hex,
            Focus::Hex => Focus::List,
        }
    }
}

/// What the keyboard is doing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Moving around.
    #[default]
    Normal,
    /// Typing where to go: a document number, or `@offset` / `0x…` for a byte offset.
    Jump(String),
    /// Typing a filter.
    Filter(String),
    /// The keys.
    Help,
}

/// Where a jump goes once the index knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Document `n` (0-based).
    Document(usize),
    /// The document holding this byte.
    Offset(u64),
    /// The last document.
    Last,
}

/// The work the ticks do besides indexing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Task {
    /// Nothing.
    #[default]
    Idle,
    /// Waiting for the index to reach a goal.
    Waiting(Goal),
    /// Looking for the next document the filter matches.
    Searching {
        /// The next document to test (0-based).
        next: usize,
    },
}

/// The current document as the hex walk shows it.
#[derive(Clone, Debug)]
pub enum Shown {
    /// No document (an empty file, or before the first is indexed).
    Nothing,
    /// Its bytes, spans and rows.
    Hex(Box<HexModel>),
    /// Why it cannot be walked: the decoder's or the file's words.
    Broken(String),
}

/// What the filter says about the current document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It matches.
    Matches,
    /// The matcher's reason it does not.
    Fails(String),
    /// It does not decode, so it matches nothing.
    Undecodable,
}

/// The filter in force, with its text.
#[derive(Clone, Debug)]
pub struct ActiveFilter {
    /// As typed.
    pub text: String,
    /// As the engine parsed it.
    pub filter: Filter,
}

/// A line for the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    /// The words.
    pub text: String,
    /// Whether it reports something wrong.
    pub error: bool,
}

/// Everything the browser shows.
pub struct Browser<R> {
    /// The file's documents.
    pub index: DocumentIndex<R>,
    /// The file's name as given.
    pub path: String,
    /// Styles.
    pub theme: Theme,
    /// The interface's language.
    pub lang: Lang,
    /// The current document (0-based).
    pub current: usize,
    /// Its hex walk.
    pub shown: Shown,
    /// The hex walk's selection.
    pub hex: HexState,
    /// The current document as mongosh prints it (`None` when it does not decode).
    pub printed: Option<String>,
    /// Which panel has the arrows.
    pub focus: Focus,
    /// What the keyboard is doing.
    pub mode: Mode,
    /// The filter in force.
    pub filter: Option<ActiveFilter>,
    /// The filter's answer for the current document.
    pub verdict: Option<Verdict>,
    /// The work of the next ticks.
    pub task: Task,
    /// The last thing the status bar reports.
    pub notice: Option<Notice>,
    /// The terminal's size at the last frame.
    pub size: (u16, u16),
}

impl<R: Read + Seek> Browser<R> {
    /// A browser on `index`, showing its first document (indexed now if it was not).
    pub fn new(mut index: DocumentIndex<R>, path: String, theme: Theme, lang: Lang) -> Self {
        if index.is_empty() {
            index.step(1);
        }
        let mut browser = Browser {
            index,
            path,
            theme,
            lang,
            current: 0,
            shown: Shown::Nothing,
            hex: HexState::default(),
            printed: None,
            focus: Focus::default(),
            mode: Mode::default(),
            filter: None,
            verdict: None,
            task: Task::default(),
            notice: None,
            size: (80, 24),
        };
        browser.load(0);
        browser
    }

    /// Makes document `n` current: reads it, walks it and asks the filter about it.
    pub fn load(&mut self, n: usize) {
        self.current = n.min(self.index.len().saturating_sub(1));
        self.hex = HexState::default();
        self.shown = if self.index.is_empty() {
            Shown::Nothing
        } else {
            match self.index.read(self.current) {
                Ok(bytes) => match HexModel::new(bytes.to_vec()) {
                    Ok(model) => Shown::Hex(Box::new(model)),
                    Err(e) => Shown::Broken(e.to_string_in(self.lang)),
                },
                Err(e) => Shown::Broken(e.to_string_in(self.lang)),
            }
        };
        let doc = match &self.shown {
            Shown::Hex(model) => decode_document(model.bytes()).ok(),
            _ => None,
        };
        self.printed = doc.as_ref().map(print_document_pretty);
        self.verdict = self.filter.as_ref().map(|f| match &doc {
            Some(doc) => match f.filter.explain_mismatch(doc, self.lang) {
                Ok(None) => Verdict::Matches,
                Ok(Some(why)) => Verdict::Fails(why),
                Err(e) => Verdict::Fails(e.to_string_in(self.lang)),
            },
            None => Verdict::Undecodable,
        });
    }

    /// Whether the next ticks have work: indexing, a goal or a search.
    pub fn busy(&self) -> bool {
        !self.index.is_done() || self.task != Task::Idle
    }
}

/// Whether document `n` of `index` matches `filter` (a document that does not decode matches
/// nothing: the server would never have stored it).
pub fn matches<R: Read + Seek>(index: &mut DocumentIndex<R>, n: usize, filter: &Filter) -> bool {
    match index.read(n) {
        Ok(bytes) => decode_document(bytes).is_ok_and(|doc| filter.matches(&doc)),
        Err(_) => false,
    }
}
