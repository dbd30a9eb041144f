//! The playground: a document typed in mongosh syntax or Extended JSON, shown live as the
//! engine reads it (size, canonical and relaxed Extended JSON, the shell's printing, the
//! annotated bytes), and a filter run over a small collection that says, for every document it
//! rejects, why (type bracketing, missing fields, arrays).
//!
//! Every figure here comes from the engine: this module keeps the text, the selection and the
//! engine's answers, recomputed when the text or the collection changes (never on render).
//! Drawing is in [`view`]; the width arithmetic of one-line text is in [`text`].

pub(crate) mod text;
mod view;

#[cfg(test)]
mod tests;

use crate::bson::ejson::{self, Mode};
use crate::bson::generate::SeededGenerator;
use crate::bson::oid::processes_from_seed;
use crate::bson::shell::{self, Parsed};
use crate::bson::text::{Syntax, parse_document};
use crate::bson::{Document, ParseError, encode_document};
use crate::query::QueryError;
use crate::query::collection::Collection;
use crate::query::matcher::Filter;
use crate::strings::localize::Localize;
use crate::strings::safe::escape_line;
use crate::strings::{Lang, tr, trf};
use std::sync::Arc;

use super::hex::{HexModel, HexMove, HexState};
use super::input::{Edit, TextInput};

pub use view::PlaygroundView;

/// The namespace the playground's collection reports in the server's messages.
pub const NAMESPACE: &str = "test.playground";

/// The document the playground starts with: 36 bytes of BSON, few enough to read one by one.
const START_DOCUMENT: &str = r#"{ _id: 1, name: "An", age: 30 }"#;

/// The filter it starts with: `$gt: 0` only sees numbers.
const START_FILTER: &str = "{ userId: { $gt: 0 } }";

/// The starting collection: one `userId` per bracket a learner meets, so the starting filter
/// shows type bracketing (the string, the null, the missing field), the four numeric types
/// compared as one bracket, an array matched through its elements, and a number simply too
/// small.
const START_COLLECTION: [&str; 9] = [
    "{ _id: 1, userId: 42 }",
    "{ _id: 2, userId: '42' }",
    "{ _id: 3, userId: NumberLong('42') }",
    "{ _id: 4, userId: 42.5 }",
    "{ _id: 5, userId: NumberDecimal('42.00') }",
    "{ _id: 6, userId: null }",
    "{ _id: 7, name: 'no userId' }",
    "{ _id: 8, userId: [1, 50] }",
    "{ _id: 9, userId: 0 }",
];

/// Which part of the playground keys go to, in Tab order: the two lines first, so a learner
/// typing moves between them with one key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlaygroundFocus {
    /// The document line.
    #[default]
    Document,
    /// The filter line.
    Filter,
    /// The collection list.
    Collection,
    /// The bytes of the document.
    Hex,
}

impl PlaygroundFocus {
    const ALL: [PlaygroundFocus; 4] = [
        PlaygroundFocus::Document,
        PlaygroundFocus::Filter,
        PlaygroundFocus::Collection,
        PlaygroundFocus::Hex,
    ];

    fn index(self) -> usize {
        Self::ALL.iter().position(|f| *f == self).unwrap_or(0)
    }

    /// The next panel, wrapping around (Tab).
    pub fn next(self) -> Self {
        Self::ALL[(self.index() + 1) % Self::ALL.len()]
    }

    /// The previous panel, wrapping around (Shift-Tab).
    pub fn prev(self) -> Self {
        Self::ALL[(self.index() + Self::ALL.len() - 1) % Self::ALL.len()]
    }

    /// Whether this panel is a text line that takes [`Edit`]s.
    pub fn is_input(self) -> bool {
        matches!(self, PlaygroundFocus::Document | PlaygroundFocus::Filter)
    }
}

/// What the engine made of a document that parses.
#[derive(Clone, Debug)]
struct Analysis {
    document: Document,
    /// What mongosh would warn about (`NumberLong(9007199254740993)` loses precision, ...).
    warnings: Vec<ParseError>,
    /// The bytes, walked into spans; or why there are none (an encoding error).
    bytes: Result<HexModel, String>,
    canonical: String,
    relaxed: String,
    shell: String,
    /// The generator as the parse left it: adding the document takes the ids it made.
    generator: SeededGenerator,
}

/// The document line as the engine read it.
#[derive(Clone, Debug)]
struct Reading {
    /// The syntax the text was read in.
    syntax: Syntax,
    outcome: Result<Box<Analysis>, ParseError>,
}

/// The filter line as the engine read it.
#[derive(Clone, Debug)]
enum FilterReading {
    /// The text is not a document.
    Unparsed(ParseError),
    /// A document the server would refuse as a filter (`unknown operator: $foo`).
    Refused(QueryError),
    /// A filter, with what mongosh would warn about while reading it.
    Valid {
        filter: Filter,
        warnings: Vec<ParseError>,
    },
}

/// Whether one stored document matches the filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It matches.
    Matches,
    /// It does not, and the engine's sentence says why.
    Rejected(String),
    /// The filter is not valid, so nothing is decided.
    Undecided,
}

/// One stored document, printed once.
#[derive(Clone, Debug)]
struct Entry {
    document: Document,
    /// The shell's one-line printing of the stored document, control characters escaped.
    shell: String,
    verdict: Verdict,
}

/// Everything one evaluation reads, owned, so it can run on another thread: the two lines,
/// the generator their ids come from, the stored documents and the language of the reasons.
#[derive(Clone, Debug)]
pub struct Request {
    revision: u64,
    document: String,
    filter: String,
    generator: SeededGenerator,
    documents: Arc<Vec<Document>>,
    lang: Lang,
}

impl Request {
    /// Reads the document line and the filter line and judges every stored document: the
    /// whole of what the playground shows, computed by the engine. Polls nothing itself: the
    /// engine's loops see an interrupt, and [`crate::tui::work::Job::run`] reports it.
    pub fn run(self) -> Evaluation {
        let reading = read(&self.document, &self.generator);
        let filter_reading = read_filter(&self.filter, &self.generator);
        let verdicts = judge(&filter_reading, &self.documents, self.lang);
        Evaluation {
            revision: self.revision,
            reading,
            filter_reading,
            verdicts,
        }
    }
}

/// What the engine made of a [`Request`].
#[derive(Clone, Debug)]
pub struct Evaluation {
    revision: u64,
    reading: Reading,
    filter_reading: FilterReading,
    verdicts: Vec<Verdict>,
}

/// Where the playground's evaluation stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Results {
    /// What is shown is what the engine made of the text shown.
    Current,
    /// The text changed; the engine's answer is awaited (what is shown is older).
    Evaluating,
    /// The last evaluation was stopped: the server's words and the tutor's note.
    Stopped(String),
}

/// The outcome of the last collection action, shown above the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// What was done (`inserted { _id: 10 }`).
    Done(String),
    /// What the engine refused, in its words.
    Refused(String),
}

/// The playground's state: two lines of text, the selections, the collection and the engine's
/// answers about them.
///
/// # Examples
/// ```
/// use bson_tutor::tui::input::Edit;
/// use bson_tutor::tui::playground::{Playground, PlaygroundFocus, Verdict};
/// let mut p = Playground::new(7, 1_791_431_149_477);
/// assert_eq!(p.document_text(), r#"{ _id: 1, name: "An", age: 30 }"#);
/// assert_eq!(p.size(), Some(36));
/// // The collection already holds an `_id: 1`: the engine refuses, as the server does.
/// assert_eq!(p.add_document().unwrap_err(),
///     "E11000 duplicate key error collection: test.playground index: _id_ dup key: { _id: 1 }");
/// p.edit(Edit::Home);
/// p.edit(Edit::Delete); // the opening brace
/// assert_eq!(p.parse_error().map(|e| e.line), Some(1));
/// p.edit(Edit::Insert('{'));
/// p.set_focus(PlaygroundFocus::Filter);
/// p.set_filter_text("{ name: 'An' }");
/// assert!(p.verdicts().all(|(_, v)| matches!(v, Verdict::Rejected(_))));
/// ```
#[derive(Clone, Debug)]
pub struct Playground {
    focus: PlaygroundFocus,
    document: TextInput,
    filter: TextInput,
    hex: HexState,
    /// Where `ObjectId()`, `UUID()` and `new Date()` come from. Every parse starts from a
    /// clone, so re-reading the same text gives the same ids; it moves on only when a document
    /// is added (the ids it took are then used up, as in mongosh).
    generator: SeededGenerator,
    collection: Collection,
    entries: Vec<Entry>,
    selected: usize,
    reading: Reading,
    filter_reading: FilterReading,
    notice: Option<Notice>,
    /// The language of the playground's own sentences and the matcher's reasons.
    lang: Lang,
    /// The stored documents as the last evaluation asked about them.
    documents: Arc<Vec<Document>>,
    /// Whether evaluations wait for a worker ([`Playground::take_request`]) instead of
    /// running on the spot.
    deferred: bool,
    /// The number of the latest evaluation asked for: an older one's answer is discarded.
    revision: u64,
    /// The evaluation asked for and not yet taken by [`Playground::take_request`].
    request: Option<Request>,
    results: Results,
}

impl Playground {
    /// A playground whose `ObjectId()`s come from `seed` and whose clock reads `now_ms`, with a
    /// starting document, filter and collection.
    pub fn new(seed: u64, now_ms: i64) -> Self {
        let generator = SeededGenerator::from_seed(seed, now_ms);
        let server = processes_from_seed(seed, 2)
            .pop()
            .unwrap_or_else(|| generator.process.clone());
        let collection = Collection::new(
            NAMESPACE,
            generator.process.clone(),
            server,
            seconds(now_ms),
        );
        let mut playground = Playground {
            focus: PlaygroundFocus::Document,
            document: TextInput::new(START_DOCUMENT),
            filter: TextInput::new(START_FILTER),
            hex: HexState::default(),
            reading: read(START_DOCUMENT, &generator),
            filter_reading: read_filter(START_FILTER, &generator),
            generator,
            collection,
            entries: Vec::new(),
            selected: 0,
            notice: None,
            lang: Lang::En,
            documents: Arc::default(),
            deferred: false,
            revision: 0,
            request: None,
            results: Results::Current,
        };
        for source in START_COLLECTION {
            if let Ok(parsed) = parse_document(source, None, &mut playground.generator.clone()) {
                // The starting documents all carry an `_id`, so no id is generated here.
                let _ = playground.collection.insert_one(parsed.value);
            }
        }
        playground.refresh_entries();
        playground.refresh_hex(None);
        playground
    }

    /// Speaks `lang` from now on: the matcher's reasons are judged again in it.
    pub fn set_lang(&mut self, lang: Lang) {
        if self.lang != lang {
            self.lang = lang;
            self.evaluate();
        }
    }

    /// From now on, evaluations wait for a worker: each change of the text or the collection
    /// leaves a [`Request`] for [`Playground::take_request`], and [`Playground::apply`] shows
    /// its answer. Otherwise (the default) they run on the spot.
    pub fn set_deferred(&mut self, deferred: bool) {
        self.deferred = deferred;
    }

    /// The evaluation asked for since the last call, if any (deferred mode).
    pub fn take_request(&mut self) -> Option<Request> {
        self.request.take()
    }

    /// Shows `evaluation`, unless a newer one was asked for since (then it is discarded and
    /// false returned).
    pub fn apply(&mut self, evaluation: Evaluation) -> bool {
        if evaluation.revision != self.revision {
            return false;
        }
        let previous = self
            .hex_model()
            .and_then(|m| m.rows().get(self.hex.selected()).map(|r| r.offset));
        let Evaluation {
            reading,
            filter_reading,
            verdicts,
            ..
        } = evaluation;
        let changed_bytes = match (&self.reading.outcome, &reading.outcome) {
            (Ok(old), Ok(new)) => old.document != new.document,
            _ => true,
        };
        self.reading = reading;
        self.filter_reading = filter_reading;
        for (entry, verdict) in self.entries.iter_mut().zip(verdicts) {
            entry.verdict = verdict;
        }
        if changed_bytes || previous.is_none() {
            self.refresh_hex(previous);
        }
        self.results = Results::Current;
        true
    }

    /// The evaluation asked for last was stopped before it answered: `why` says so (the
    /// server's words and the tutor's note), in place of the results.
    pub fn stopped(&mut self, why: String) {
        self.results = Results::Stopped(escape_line(&why).into_owned());
        // The verdicts shown were the previous filter's: none is known for this one.
        for entry in &mut self.entries {
            entry.verdict = Verdict::Undecided;
        }
    }

    /// Where the evaluation stands.
    pub fn results(&self) -> &Results {
        &self.results
    }

    /// The number of the latest evaluation asked for.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The focused panel.
    pub fn focus(&self) -> PlaygroundFocus {
        self.focus
    }

    /// Focuses `focus`.
    pub fn set_focus(&mut self, focus: PlaygroundFocus) {
        self.focus = focus;
    }

    /// Focuses the next panel.
    pub fn focus_next(&mut self) {
        self.focus = self.focus.next();
    }

    /// Focuses the previous panel.
    pub fn focus_prev(&mut self) {
        self.focus = self.focus.prev();
    }

    /// Applies `edit` to the focused line (nothing when a list or the bytes have the focus)
    /// and, when the text changed, asks the engine again. Returns whether the text changed.
    pub fn edit(&mut self, edit: Edit) -> bool {
        match self.focus {
            PlaygroundFocus::Document => {
                if !self.document.apply(edit) {
                    return false;
                }
                self.notice = None;
                self.recompute_document();
            }
            PlaygroundFocus::Filter => {
                if !self.filter.apply(edit) {
                    return false;
                }
                self.recompute_filter();
            }
            PlaygroundFocus::Hex | PlaygroundFocus::Collection => return false,
        }
        true
    }

    /// Replaces the document line (the cursor goes to its end).
    pub fn set_document_text(&mut self, text: impl Into<String>) {
        self.document.set(text);
        self.recompute_document();
    }

    /// Replaces the filter line (the cursor goes to its end).
    pub fn set_filter_text(&mut self, text: impl Into<String>) {
        self.filter.set(text);
        self.recompute_filter();
    }

    /// Moves the selection in the bytes.
    pub fn hex_move(&mut self, mv: HexMove) {
        let (model, state) = self.hex_parts();
        if let Some(model) = model {
            state.apply(model, mv);
        }
    }

    /// A click at a screen cell of the last drawn bytes; true if it hit a byte (which is then
    /// selected, and the bytes focused).
    pub fn hex_click(&mut self, column: u16, row: u16) -> bool {
        let (model, state) = self.hex_parts();
        let Some(model) = model else {
            return false;
        };
        let hit = state.click(model, column, row);
        if hit {
            self.focus = PlaygroundFocus::Hex;
        }
        hit
    }

    /// Scrolls the bytes by `lines` (the mouse wheel) without moving the selection.
    pub fn hex_scroll(&mut self, lines: i32) {
        self.hex.scroll_by(lines);
    }

    /// Inserts the document line into the collection, as `insertOne` would: the engine adds an
    /// `_id` when there is none and refuses what the server refuses.
    ///
    /// # Errors
    /// The engine's message, also kept as the notice above the list: the parse error when the
    /// line is not a document, or the refusal ("E11000 duplicate key error collection:
    /// test.playground index: _id_ dup key: { _id: 1 }", "The '_id' value cannot be of type
    /// array").
    pub fn add_document(&mut self) -> Result<(), String> {
        let result = self.insert();
        self.notice = Some(match &result {
            Ok(done) => Notice::Done(done.clone()),
            Err(refused) => Notice::Refused(refused.clone()),
        });
        result.map(|_| ())
    }

    fn insert(&mut self) -> Result<String, String> {
        if self.results != Results::Current {
            // What is shown is not what the line says yet (or the engine gave up on it).
            return Err(tr(
                self.lang,
                "the document is still being read: try again when the results show",
            )
            .into());
        }
        let analysis = match &self.reading.outcome {
            Ok(analysis) => analysis,
            Err(e) => {
                let e = e.display_in(self.lang);
                return Err(trf(
                    self.lang,
                    "the document does not parse: {error}",
                    &[&e],
                ));
            }
        };
        // The shell makes `ObjectId()` and the missing `_id` from one process: hand the
        // collection the process as this document's parse left it.
        let mut generator = analysis.generator.clone();
        self.collection.client = generator.process.clone();
        let id = self
            .collection
            .insert_one(analysis.document.clone())
            // The server's message alone, as mongosh shows it (`at` only says `_id`).
            .map_err(|e| {
                escape_line(&crate::strings::localize::Localize::to_string_in(
                    &e.kind, self.lang,
                ))
                .into_owned()
            })?;
        generator.process = self.collection.client.clone();
        self.generator = generator;
        self.refresh_entries();
        self.selected = self.entries.len().saturating_sub(1);
        self.recompute_document();
        let id = shell::print_value(&id);
        Ok(trf(
            self.lang,
            "inserted { _id: {id} }",
            &[&escape_line(&id)],
        ))
    }

    /// Deletes the selected document from the collection (`deleteOne({ _id: ... })`); the
    /// outcome is the notice above the list. Nothing happens when the list is empty.
    pub fn remove_selected(&mut self) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        let mut by_id = Document::new();
        let shown = match entry.document.get("_id") {
            Some(id) => {
                by_id.push("_id", id.clone());
                escape_line(&shell::print_value(id)).into_owned()
            }
            None => entry.shell.clone(),
        };
        self.notice = Some(match self.collection.delete_one(&by_id) {
            Ok(_) => {
                self.refresh_entries();
                Notice::Done(trf(self.lang, "deleted { _id: {id} }", &[&shown]))
            }
            Err(e) => Notice::Refused(escape_line(&e.to_string_in(self.lang)).into_owned()),
        });
    }

    /// Moves the list selection by `delta`, stopping at the ends.
    pub fn select(&mut self, delta: isize) {
        let last = self.entries.len().saturating_sub(1);
        self.selected = self.selected.saturating_add_signed(delta).min(last);
    }

    /// Selects entry `index` (clamped to the list).
    pub fn select_index(&mut self, index: usize) {
        self.selected = index.min(self.entries.len().saturating_sub(1));
    }

    /// Puts the selected document into the document line and focuses it: in mongosh syntax
    /// when that reads back as the same document, in canonical Extended JSON otherwise (a
    /// whole-number double, which mongosh syntax would read as an int).
    pub fn load_selected(&mut self) {
        let Some(entry) = self.entries.get(self.selected) else {
            return;
        };
        let reads_back = parse_document(
            &entry.shell,
            Some(Syntax::Shell),
            &mut self.generator.clone(),
        )
        .is_ok_and(|parsed| parsed.value == entry.document);
        let text = if reads_back {
            entry.shell.clone()
        } else {
            ejson::to_string(&entry.document, Mode::Canonical)
        };
        self.focus = PlaygroundFocus::Document;
        self.notice = None;
        self.set_document_text(text);
    }

    /// The document line.
    pub fn document_text(&self) -> &str {
        self.document.text()
    }

    /// The filter line.
    pub fn filter_text(&self) -> &str {
        self.filter.text()
    }

    /// The syntax the document line is read in.
    pub fn syntax(&self) -> Syntax {
        self.reading.syntax
    }

    /// The document the line stands for, when it parses.
    pub fn document(&self) -> Option<&Document> {
        self.analysis().map(|a| &a.document)
    }

    /// Why the document line does not parse.
    pub fn parse_error(&self) -> Option<&ParseError> {
        self.reading.outcome.as_ref().err()
    }

    /// What mongosh would warn about while reading the document line.
    pub fn warnings(&self) -> &[ParseError] {
        self.analysis().map_or(&[], |a| &a.warnings)
    }

    /// The document's size in bytes, when it parses and encodes.
    pub fn size(&self) -> Option<usize> {
        self.hex_model().map(|m| m.bytes().len())
    }

    /// The document in canonical Extended JSON.
    pub fn canonical(&self) -> Option<&str> {
        self.analysis().map(|a| a.canonical.as_str())
    }

    /// The document in relaxed Extended JSON.
    pub fn relaxed(&self) -> Option<&str> {
        self.analysis().map(|a| a.relaxed.as_str())
    }

    /// The document as mongosh prints it.
    pub fn shell(&self) -> Option<&str> {
        self.analysis().map(|a| a.shell.as_str())
    }

    /// The bytes of the document with their spans.
    pub fn hex_model(&self) -> Option<&HexModel> {
        self.analysis().and_then(|a| a.bytes.as_ref().ok())
    }

    /// The selection in the bytes.
    pub fn hex_state(&self) -> &HexState {
        &self.hex
    }

    /// Why the filter line is not a filter: its parse error, or the server's refusal.
    pub fn filter_error(&self) -> Option<String> {
        match &self.filter_reading {
            FilterReading::Unparsed(e) => Some(e.to_string()),
            FilterReading::Refused(e) => Some(e.to_string()),
            FilterReading::Valid { .. } => None,
        }
    }

    /// The stored documents in natural order, each with the filter's verdict.
    pub fn verdicts(&self) -> impl ExactSizeIterator<Item = (&Document, &Verdict)> {
        self.entries.iter().map(|e| (&e.document, &e.verdict))
    }

    /// The index of the selected document in the list.
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// The outcome of the last add or remove, until the document line changes.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The bytes and their selection, borrowed apart.
    fn hex_parts(&mut self) -> (Option<&HexModel>, &mut HexState) {
        let model = match &self.reading.outcome {
            Ok(analysis) => analysis.bytes.as_ref().ok(),
            Err(_) => None,
        };
        (model, &mut self.hex)
    }

    fn analysis(&self) -> Option<&Analysis> {
        self.reading.outcome.as_deref().ok()
    }

    fn recompute_document(&mut self) {
        self.evaluate();
    }

    /// Asks the engine about the text and the collection as they are now: on the spot, or
    /// (deferred) by leaving a [`Request`] for a worker.
    fn evaluate(&mut self) {
        self.revision += 1;
        let request = Request {
            revision: self.revision,
            document: self.document.text().to_owned(),
            filter: self.filter.text().to_owned(),
            generator: self.generator.clone(),
            documents: Arc::clone(&self.documents),
            lang: self.lang,
        };
        if self.deferred {
            self.request = Some(request);
            self.results = Results::Evaluating;
        } else {
            self.apply(request.run());
        }
    }

    /// Keeps the byte selection near where it was when the bytes change under it.
    fn refresh_hex(&mut self, previous_offset: Option<usize>) {
        let (model, state) = self.hex_parts();
        let Some(model) = model else {
            return;
        };
        let last = model.bytes().len().saturating_sub(1);
        match previous_offset {
            Some(offset) => state.select_byte(model, offset.min(last)),
            None => *state = HexState::default(),
        }
    }

    fn recompute_filter(&mut self) {
        self.evaluate();
    }

    fn refresh_entries(&mut self) {
        self.entries = self
            .collection
            .documents()
            .map(|d| Entry {
                shell: escape_line(&shell::print_document(d)).into_owned(),
                document: d.clone(),
                verdict: Verdict::Undecided,
            })
            .collect();
        self.documents = Arc::new(self.entries.iter().map(|e| e.document.clone()).collect());
        self.selected = self.selected.min(self.entries.len().saturating_sub(1));
        self.evaluate();
    }
}

/// The filter's verdict on each document, the reasons in `lang` with control characters
/// escaped (a reason quotes the document's values).
fn judge(reading: &FilterReading, documents: &[Document], lang: Lang) -> Vec<Verdict> {
    documents
        .iter()
        .map(|document| match reading {
            FilterReading::Valid { filter, .. } => match filter.explain_mismatch(document, lang) {
                None => Verdict::Matches,
                Some(why) => Verdict::Rejected(escape_line(&why).into_owned()),
            },
            _ => Verdict::Undecided,
        })
        .collect()
}

/// The seconds an ObjectId made at `now_ms` carries (clamped to its 32 bits).
fn seconds(now_ms: i64) -> u32 {
    u32::try_from(now_ms.div_euclid(1000).max(0)).unwrap_or(u32::MAX)
}

/// Everything the engine says about `text`, generating ids from a clone of `generator`.
fn read(text: &str, generator: &SeededGenerator) -> Reading {
    let syntax = Syntax::detect(text);
    let mut generator = generator.clone();
    let outcome =
        parse_document(text, Some(syntax), &mut generator).map(|Parsed { value, warnings }| {
            let bytes = encode_document(&value)
                .map_err(|e| escape_line(&format!("cannot be encoded: {e}")).into_owned())
                .and_then(|bytes| {
                    HexModel::new(bytes)
                        .map_err(|e| escape_line(&format!("cannot be walked: {e}")).into_owned())
                });
            Box::new(Analysis {
                canonical: escape_line(&ejson::to_string(&value, Mode::Canonical)).into_owned(),
                relaxed: escape_line(&ejson::to_string(&value, Mode::Relaxed)).into_owned(),
                shell: escape_line(&shell::print_document(&value)).into_owned(),
                document: value,
                warnings,
                bytes,
                generator,
            })
        });
    Reading { syntax, outcome }
}

fn read_filter(text: &str, generator: &SeededGenerator) -> FilterReading {
    match parse_document(text, None, &mut generator.clone()) {
        Err(e) => FilterReading::Unparsed(e),
        Ok(Parsed { value, warnings }) => match Filter::parse(&value) {
            Ok(filter) => FilterReading::Valid { filter, warnings },
            Err(e) => FilterReading::Refused(e),
        },
    }
}
