//! The engine's answers about the playground: the document line read, the filter line read,
//! and the verdict on every stored document. One [`Request`] holds all they depend on, so
//! an evaluation can run on a worker while the learner goes on typing; its [`Evaluation`]
//! is shown only if no newer one was asked for since.

use std::sync::Arc;

use super::Playground;
use crate::bson::ejson::{self, Mode};
use crate::bson::generate::SeededGenerator;
use crate::bson::shell::{self, Parsed};
use crate::bson::text::{Syntax, parse_document};
use crate::bson::{Document, ParseError, encode_document};
use crate::query::QueryError;
use crate::query::matcher::Filter;
use crate::strings::Lang;
use crate::strings::safe::escape_line;
use crate::tui::hex::{HexModel, HexState};

/// What the engine made of a document that parses.
#[derive(Clone, Debug)]
pub(super) struct Analysis {
    pub(super) document: Document,
    /// What mongosh would warn about (`NumberLong(9007199254740993)` loses precision, ...).
    pub(super) warnings: Vec<ParseError>,
    /// The bytes, walked into spans; or why there are none (an encoding error).
    pub(super) bytes: Result<HexModel, String>,
    pub(super) canonical: String,
    pub(super) relaxed: String,
    pub(super) shell: String,
    /// The generator as the parse left it: adding the document takes the ids it made.
    pub(super) generator: SeededGenerator,
}

/// The document line as the engine read it.
#[derive(Clone, Debug)]
pub(super) struct Reading {
    /// The syntax the text was read in.
    pub(super) syntax: Syntax,
    pub(super) outcome: Result<Box<Analysis>, ParseError>,
}

/// The filter line as the engine read it.
#[derive(Clone, Debug)]
pub(super) enum FilterReading {
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

impl Playground {
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

    /// Asks the engine about the text and the collection as they are now: on the spot, or
    /// (deferred) by leaving a [`Request`] for a worker.
    pub(super) fn evaluate(&mut self) {
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
    pub(super) fn refresh_hex(&mut self, previous_offset: Option<usize>) {
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
}

/// The filter's verdict on each document, the reasons in `lang` with control characters
/// escaped (a reason quotes the document's values).
pub(super) fn judge(reading: &FilterReading, documents: &[Document], lang: Lang) -> Vec<Verdict> {
    documents
        .iter()
        .map(|document| match reading {
            FilterReading::Valid { filter, .. } => match filter.explain_mismatch(document, lang) {
                Ok(None) => Verdict::Matches,
                Ok(Some(why)) => Verdict::Rejected(escape_line(&why).into_owned()),
                // Stopped: the job reports the stop; no verdict computed after it is shown.
                Err(_) => Verdict::Undecided,
            },
            _ => Verdict::Undecided,
        })
        .collect()
}

/// Everything the engine says about `text`, generating ids from a clone of `generator`.
pub(super) fn read(text: &str, generator: &SeededGenerator) -> Reading {
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

pub(super) fn read_filter(text: &str, generator: &SeededGenerator) -> FilterReading {
    match parse_document(text, None, &mut generator.clone()) {
        Err(e) => FilterReading::Unparsed(e),
        Ok(Parsed { value, warnings }) => match Filter::parse(&value) {
            Ok(filter) => FilterReading::Valid { filter, warnings },
            Err(e) => FilterReading::Refused(e),
        },
    }
}
