//! The playground: a document typed in mongosh syntax or Extended JSON, shown live as the
//! engine reads it (size, canonical and relaxed Extended JSON, the shell's printing, the
//! annotated bytes), and a filter run over a small collection that says, for every document it
//! rejects, why (type bracketing, missing fields, arrays).
//!
//! Every figure here comes from the engine: this module keeps the text, the selection and the
//! engine's answers, recomputed when the text or the collection changes (never on render).
//! Drawing is in [`view`]; the width arithmetic of one-line text is in [`text`].

mod evaluate;
pub(crate) mod text;
pub(crate) mod view;

#[cfg(test)]
mod tests;

use crate::bson::ejson::{self, Mode};
use crate::bson::generate::SeededGenerator;
use crate::bson::oid::processes_from_seed;
use crate::bson::shell;
use crate::bson::text::{Syntax, parse_document};
use crate::bson::{Document, ParseError};
use crate::query::collection::Collection;
use crate::strings::localize::Localize;
use crate::strings::safe::escape_line;
use crate::strings::{Lang, tr, trf};
use std::sync::Arc;

use super::hex::{HexModel, HexMove, HexState};
use super::input::{Edit, TextInput};

use evaluate::{Analysis, FilterReading, Reading, read, read_filter};
pub use evaluate::{Evaluation, Request, Results, Verdict};
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

/// One stored document, printed once.
#[derive(Clone, Debug)]
struct Entry {
    document: Document,
    /// The shell's one-line printing of the stored document, control characters escaped.
    shell: String,
    verdict: Verdict,
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

/// The seconds an ObjectId made at `now_ms` carries (clamped to its 32 bits).
fn seconds(now_ms: i64) -> u32 {
    u32::try_from(now_ms.div_euclid(1000).max(0)).unwrap_or(u32::MAX)
}
