//! What lesson steps compute: values parsed from the file's text, queries over small
//! collections, byte walks and ObjectIds. Everything here is deterministic: the clock and
//! the ObjectId processes come from a [`Classroom`], fixed unless a class fixes its own.

mod error;
mod oid;

pub use error::{ComputeError, What};
pub use oid::{make_oids, oid_anatomy, parse_oid};

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::bson::generate::SeededGenerator;
use crate::bson::oid::{ObjectIdProcess, processes_from_seed};
use crate::bson::shell::{self, FixedGenerator, Generate};
use crate::bson::spans::{ElementSpan, document_spans};
use crate::bson::text::Syntax;
use crate::bson::{Document, Value, document_size, encode_document};
use crate::bson::{hex, text, value_size};
use crate::inspect;
use crate::query::aggregate::{self, Context};
use crate::query::collation::Collation;
use crate::query::collection::{Collection, FindOptions, UpdateOptions, UpdateResult};
use crate::strings::{Lang, write_trf};

/// The clock lessons run at: 2026-10-08T03:45:49Z.
pub const LESSON_NOW_MS: i64 = 1_791_431_149_000;

/// The context lesson text is computed in: where `ObjectId()`, `UUID()`, `new Date()`, the
/// `_id`s a collection adds and `$$NOW` get their values. The default is the fixed context
/// every lesson is written and snapshot against; a class passes `--seed` and `--now` so that
/// every learner sees the same generated values, and a different seed shows different ones.
///
/// Each parse of a text starts a fresh generator, so the same text gives the same value every
/// time it is parsed (the document a step shows and the bytes it walks agree), and the same
/// context gives byte-identical lessons.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::compute::Classroom;
/// let class = Classroom { seed: Some(7), ..Classroom::default() };
/// let a = class.parse_value("ObjectId()", "id").unwrap();
/// assert_eq!(a, class.parse_value("ObjectId()", "id").unwrap());
/// let other = Classroom { seed: Some(8), ..class };
/// assert_ne!(a, other.parse_value("ObjectId()", "id").unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classroom {
    /// The seed of generated ObjectIds and UUIDs ([`SeededGenerator::from_seed`]); `None`
    /// keeps the fixed ones of [`FixedGenerator`].
    pub seed: Option<u64>,
    /// The clock, in milliseconds since the epoch: `new Date()`, the time inside generated
    /// ObjectIds, and `$$NOW` in pipelines.
    pub now_ms: i64,
}

impl Default for Classroom {
    /// No seed, and the clock at [`LESSON_NOW_MS`]: the ids and times lessons are written with.
    fn default() -> Self {
        Classroom {
            seed: None,
            now_ms: LESSON_NOW_MS,
        }
    }
}

/// The unseeded classroom's process: a random value and a counter start drawn once, as a
/// real mongosh draws them when it starts, and written down so that every lesson shows the
/// same ids without `--seed`.
const FIXED_PROCESS: ObjectIdProcess = ObjectIdProcess::new(FixedGenerator::PROCESS, 0x00a3_4e17);

/// The unseeded classroom's mongod (ids an upsert makes): another process of its own.
const FIXED_SERVER: ObjectIdProcess =
    ObjectIdProcess::new([0x3b, 0x90, 0xc2, 0x6d, 0x41], 0x0051_c0de);

/// Where the unseeded classroom's `UUID()`s draw their random bits.
const FIXED_UUID_SEED: u64 = 0x6ac7_11ed;

impl Classroom {
    /// The class's mongosh process: the one random value and counter behind every ObjectId a
    /// lesson step makes, `ObjectId()` in its text and the `_id` its collection adds to a
    /// document without one alike (lesson 8: one random value per process, a counter that
    /// starts at a random number and goes up by one per id). With a seed it is the seed's
    /// first process; without, a fixed one.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Value;
    /// use bson_tutor::lesson::compute::Classroom;
    /// let class = Classroom { seed: Some(7), ..Classroom::default() };
    /// let docs = class.find("[{ _id: ObjectId(), n: 1 }, { n: 2 }]", "{}", None).unwrap();
    /// let ids: Vec<_> = docs.iter().map(|d| match d.get("_id") {
    ///     Some(Value::ObjectId(id)) => *id,
    ///     _ => unreachable!(),
    /// }).collect();
    /// assert_eq!(ids[0].random_value(), class.process().random_value());
    /// assert_eq!(ids[1].random_value(), ids[0].random_value());
    /// assert_eq!(ids[0].counter(), class.process().next_counter());
    /// assert_eq!(ids[1].counter(), ids[0].counter() + 1);
    /// ```
    pub fn process(&self) -> ObjectIdProcess {
        self.session().process
    }

    /// A fresh generator for one parse: the class's [`process`](Classroom::process) from its
    /// first id, its clock at [`Classroom::now_ms`].
    pub fn generator(&self) -> Box<dyn Generate> {
        Box::new(self.session())
    }

    /// The session a step runs in: the class's process, its clock and its UUID source.
    fn session(&self) -> SeededGenerator {
        match self.seed {
            Some(seed) => SeededGenerator::from_seed(seed, self.now_ms),
            None => SeededGenerator {
                now_ms: self.now_ms,
                process: FIXED_PROCESS,
                rng: StdRng::seed_from_u64(FIXED_UUID_SEED),
            },
        }
    }

    /// What a fresh mongosh console of this class starts from: its client process is the
    /// class's [`process`](Classroom::process) (the ids in lesson text and in a console's
    /// `ObjectId()` are one process's), mongod is the class's mongod, the clock stands at
    /// [`Classroom::now_ms`].
    pub fn console_start(&self) -> crate::shell::sandbox::Start {
        use crate::shell::sandbox::RngSeed;
        use rand::RngCore;
        // The console's random numbers are the session's own stream (see
        // [`Classroom::session`]), written as a seed a worker process rebuilds it from.
        let rng = match self.seed {
            Some(seed) => {
                // `SeededGenerator::from_seed`: a process, then `StdRng::from_rng`, which
                // seeds from the next 32 bytes of the seed's stream.
                let mut stream = crate::bson::oid::seeded_rng(seed);
                let _ = ObjectIdProcess::from_rng(&mut stream);
                let mut bytes = [0u8; 32];
                stream.fill_bytes(&mut bytes);
                RngSeed::Bytes(bytes)
            }
            None => RngSeed::U64(FIXED_UUID_SEED),
        };
        crate::shell::sandbox::Start {
            client: self.process(),
            mongod: self.server_process(),
            rng,
            now_ms: Some(self.now_ms),
            data: None,
        }
    }

    /// Runs `scripts` one after the other in one fresh console of this class
    /// ([`Classroom::console_start`]), as a script file runs (only what it prints is shown);
    /// stops at the first that throws. Gives the run of each and the console, whose
    /// databases the scripts left. The console runs in a worker process where the binary
    /// set one, so a script the engine cannot interrupt ends with it when the caller's
    /// interrupt trips.
    ///
    /// # Errors
    /// The engine could not start.
    pub fn run_scripts(
        &self,
        scripts: &[(&str, &str)],
    ) -> Result<(Vec<crate::shell::Run>, crate::shell::sandbox::Session), ComputeError> {
        let now = self.now_ms;
        let mut console =
            crate::shell::sandbox::Session::start(self.console_start(), Box::new(move || now))
                .map_err(|report| ComputeError::Script { report })?;
        let mut runs = Vec::new();
        for (name, script) in scripts {
            let run = console.eval(script, name, crate::shell::Echo::Nothing);
            let failed = run.error.is_some();
            runs.push(run);
            if failed {
                break;
            }
        }
        Ok((runs, console))
    }

    /// The clock in whole seconds, as an ObjectId holds it (clamped to its range).
    fn now_secs(&self) -> u32 {
        u32::try_from(self.now_ms.div_euclid(1000).max(0)).unwrap_or(u32::MAX)
    }

    /// mongod's process, for the ids an upsert makes: not the class's own. With a seed it
    /// is the seed's second process.
    fn server_process(&self) -> ObjectIdProcess {
        match self.seed {
            Some(seed) => processes_from_seed(seed, 2).pop().unwrap_or(FIXED_SERVER),
            None => FIXED_SERVER,
        }
    }

    /// `text` read with `session`'s process and clock, which it leaves where the text's
    /// `ObjectId()`s took it.
    fn parse_in(
        &self,
        text: &str,
        what: impl Into<What>,
        session: &mut SeededGenerator,
    ) -> Result<Value, ComputeError> {
        text::parse_value(text, None, session)
            .map(|p| p.value)
            .map_err(|error| ComputeError::Parse {
                what: what.into(),
                error,
            })
    }

    /// A learner's answer, or a lesson's `expect` or `reject` (which stand for one): always
    /// mongosh syntax, as the shell reads it and lesson 6 teaches (`42.0` is an int32,
    /// `2147483648` a double, `Long('5')` an int64), never the Extended JSON that lesson
    /// inputs may be written in: an answer `42.0` must not turn into a double because it
    /// happens to be valid JSON.
    ///
    /// # Errors
    /// The parser's error, with line and column.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::Value;
    /// use bson_tutor::lesson::compute::Classroom;
    /// let room = Classroom::default();
    /// assert_eq!(room.parse_answer("42.0").unwrap(), Value::Int32(42));
    /// assert_eq!(room.parse_answer("[42.0]").unwrap(), Value::Array(vec![Value::Int32(42)]));
    /// assert_eq!(room.parse_answer("9007199254740993").unwrap(), Value::Double(9007199254740992.0));
    /// ```
    pub fn parse_answer(&self, text: &str) -> Result<Value, ComputeError> {
        let mut generator = self.generator();
        text::parse_value(text, Some(Syntax::Shell), generator.as_mut())
            .map(|p| p.value)
            .map_err(|error| ComputeError::Parse {
                what: What::Answer,
                error,
            })
    }

    /// [`Classroom::parse_document`] with `session`'s process and clock.
    fn parse_document_in(
        &self,
        text: &str,
        what: impl Into<What>,
        session: &mut SeededGenerator,
    ) -> Result<Document, ComputeError> {
        let what = what.into();
        match self.parse_in(text, what.clone(), session)? {
            Value::Document(d) => Ok(d),
            other => Err(ComputeError::NotADocument {
                what,
                found: other.element_type(),
            }),
        }
    }

    /// [`Classroom::parse_documents`] with `session`'s process and clock.
    fn parse_documents_in(
        &self,
        text: &str,
        what: impl Into<What>,
        session: &mut SeededGenerator,
    ) -> Result<Vec<Document>, ComputeError> {
        let what = what.into();
        let value = self.parse_in(text, what.clone(), session)?;
        text::documents(value).map_err(|e| match e.index {
            Some(index) => ComputeError::ItemNotADocument {
                what,
                index,
                found: e.found,
            },
            None => ComputeError::NotDocuments {
                what,
                found: e.found,
            },
        })
    }

    /// A collection holding `docs`, whose missing `_id`s come from `client` (the process
    /// that read the documents' text, where its `ObjectId()`s left it).
    fn collection_in(
        &self,
        docs: Vec<Document>,
        client: ObjectIdProcess,
    ) -> Result<Collection, ComputeError> {
        let mut c = Collection::new("test.docs", client, self.server_process(), self.now_secs());
        for (index, d) in docs.into_iter().enumerate() {
            c.insert_one(d)
                .map_err(|error| ComputeError::Insert { index, error })?;
        }
        Ok(c)
    }

    /// `docs` read and inserted in one session: the text's `ObjectId()`s first (mongosh
    /// evaluates the array before `insertMany` sends it), then the ids the insert adds,
    /// from the same process.
    fn read_collection(
        &self,
        docs: &str,
        session: &mut SeededGenerator,
    ) -> Result<Collection, ComputeError> {
        self.read_collection_as(docs, "docs", session)
    }

    /// [`Self::read_collection`], the documents named `what` in an error.
    fn read_collection_as(
        &self,
        docs: &str,
        what: &str,
        session: &mut SeededGenerator,
    ) -> Result<Collection, ComputeError> {
        let docs = self.parse_documents_in(docs, what, session)?;
        let c = self.collection_in(docs, session.process.clone())?;
        session.process = c.client.clone();
        Ok(c)
    }

    /// A value written in a lesson or typed by a learner: Extended JSON when the text is
    /// valid JSON, mongosh syntax otherwise. `what` names the text in the error.
    ///
    /// # Errors
    /// The parser's error, with line and column.
    pub fn parse_value(&self, text: &str, what: impl Into<What>) -> Result<Value, ComputeError> {
        self.parse_in(text, what, &mut self.session())
    }

    /// A document written in a lesson.
    ///
    /// # Errors
    /// A parse error, or a value that is not a document.
    pub fn parse_document(
        &self,
        text: &str,
        what: impl Into<What>,
    ) -> Result<Document, ComputeError> {
        self.parse_document_in(text, what, &mut self.session())
    }

    /// An array of documents written in a lesson (or a single document).
    ///
    /// # Errors
    /// A parse error, or a value or an item that is not a document.
    pub fn parse_documents(
        &self,
        text: &str,
        what: impl Into<What>,
    ) -> Result<Vec<Document>, ComputeError> {
        self.parse_documents_in(text, what, &mut self.session())
    }

    /// A collection holding `docs`, inserted as `insertMany` would; a document without an
    /// `_id` gets one from the class's [`process`](Classroom::process), made at the class's
    /// clock.
    ///
    /// # Errors
    /// An insert error (duplicate `_id`...), with the document's index.
    pub fn collection(&self, docs: Vec<Document>) -> Result<Collection, ComputeError> {
        self.collection_in(docs, self.process())
    }

    /// The documents of `docs` that `filter` matches, sorted by `sort` if given.
    ///
    /// # Errors
    /// A parse or query error.
    pub fn find(
        &self,
        docs: &str,
        filter: &str,
        sort: Option<&str>,
    ) -> Result<Vec<Document>, ComputeError> {
        self.find_in(docs, filter, sort, None)
    }

    /// [`Classroom::find`] with a collation specification (`{ locale: "en", strength: 2 }`).
    ///
    /// # Errors
    /// As [`Classroom::find`], and a collation the server (or the tutor's collator) refuses.
    pub fn find_in(
        &self,
        docs: &str,
        filter: &str,
        sort: Option<&str>,
        collation: Option<&str>,
    ) -> Result<Vec<Document>, ComputeError> {
        let mut session = self.session();
        let c = self.read_collection(docs, &mut session)?;
        let options = FindOptions {
            sort: sort.map(|s| self.parse_document(s, "sort")).transpose()?,
            collation: self.collation(collation)?,
            ..FindOptions::default()
        };
        // The filter is typed after the insert, in the same shell: an `ObjectId()` in it
        // continues the counter.
        let filter = self.parse_document_in(filter, "filter", &mut session)?;
        Ok(c.find(&filter, &options)?)
    }

    /// The encoded bytes of a document.
    ///
    /// # Errors
    /// A parse or encode error.
    pub fn bytes_of(&self, document: &str) -> Result<Vec<u8>, ComputeError> {
        Ok(encode_document(
            &self.parse_document(document, "document")?,
        )?)
    }

    /// The annotated byte walk of a document, and a line on the focused element, with the
    /// table's words and the focus line in `lang`; offsets, bytes, keys and values are the
    /// same in every language.
    ///
    /// # Errors
    /// A parse or encode error, or a focus path the document does not have.
    pub fn hex_walk(
        &self,
        document: &str,
        focus: Option<&str>,
        lang: Lang,
    ) -> Result<String, ComputeError> {
        let bytes = self.bytes_of(document)?;
        let spans = document_spans(&bytes)?;
        let mut out = inspect::table(&spans, &bytes, lang);
        if let Some(path) = focus {
            let e = find_span(&spans.elements, path).ok_or_else(|| ComputeError::NoFocus {
                path: path.to_owned(),
            })?;
            let _ = write_trf(
                &mut out,
                lang,
                "focus: `{path}` is bytes {start}..{end} ({len} bytes): {bytes}",
                &[
                    &path,
                    &e.offset,
                    &(e.offset + e.len),
                    &e.len,
                    &hex::encode_spaced(bytes.get(e.offset..e.offset + e.len).unwrap_or(&[])),
                ],
            );
            out.push('\n');
        }
        Ok(out)
    }

    /// The rows of a table step: label, value, type byte, value bytes, bytes of `{ v: value }`.
    ///
    /// # Errors
    /// A value that does not parse (named by its label).
    pub fn table_rows(&self, rows: &[(String, String)]) -> Result<Vec<[String; 5]>, ComputeError> {
        rows.iter()
            .map(|(label, text)| {
                let value = self.parse_value(text, label.as_str())?;
                let mut doc = Document::new();
                doc.push("v", value.clone());
                Ok([
                    label.clone(),
                    shell::print_value(&value),
                    format!("0x{:02x}", value.element_type().byte()),
                    value_size(&value).to_string(),
                    document_size(&doc).to_string(),
                ])
            })
            .collect()
    }

    /// Output of `eval`.
    ///
    /// # Errors
    /// A parse or evaluation error.
    pub fn eval(&self, expression: &str, document: Option<&str>) -> Result<Value, ComputeError> {
        let expr = self.parse_value(expression, "expression")?;
        let root = document
            .map(|d| self.parse_document(d, "document"))
            .transpose()?;
        Ok(crate::query::expr::evaluate(&expr, root.as_ref())?)
    }

    /// Output of `aggregate` over `docs` (or none, for `$documents`), `$$NOW` at the class's
    /// clock.
    ///
    /// # Errors
    /// A parse or pipeline error.
    pub fn run_aggregate(
        &self,
        docs: Option<&str>,
        pipeline: &str,
    ) -> Result<Vec<Document>, ComputeError> {
        self.run_aggregate_in(docs, pipeline, None)
    }

    /// An update of `docs` as `updateOne` (or `updateMany` with `how.multi`) runs it: the
    /// result mongosh prints, and the collection after it. `update` is modifiers, a
    /// replacement document or a pipeline; `array_filters` an array of filters.
    ///
    /// # Errors
    /// A parse error, or the server's refusal of the update (the collection is then as it
    /// was before the document that failed).
    pub fn update(
        &self,
        docs: &str,
        filter: &str,
        update: &str,
        array_filters: Option<&str>,
        how: UpdateHow,
    ) -> Result<(UpdateResult, Vec<Document>), ComputeError> {
        let mut session = self.session();
        let mut c = self.read_collection(docs, &mut session)?;
        let filter = self.parse_document_in(filter, "filter", &mut session)?;
        let update = self.parse_in(update, "update", &mut session)?;
        let array_filters = match array_filters {
            Some(text) => self.parse_documents_in(text, "array_filters", &mut session)?,
            None => Vec::new(),
        };
        let result = c.update_statement(
            &filter,
            &update,
            &array_filters,
            UpdateOptions { upsert: how.upsert },
            how.multi,
        )?;
        Ok((result, c.documents().cloned().collect()))
    }

    /// A collation specification read (simple when `None`).
    ///
    /// # Errors
    /// A parse error, or the collation refused.
    pub fn collation(&self, spec: Option<&str>) -> Result<Collation, ComputeError> {
        let Some(spec) = spec else {
            return Ok(Collation::Simple);
        };
        let d = self.parse_document(spec, "collation")?;
        Collation::parse(&d).map_err(|e| {
            ComputeError::from(crate::query::QueryError::new(
                "collation",
                crate::query::QueryErrorKind::Collation(e),
            ))
        })
    }

    /// [`Classroom::run_aggregate`] with a collation specification.
    ///
    /// # Errors
    /// As [`Classroom::run_aggregate`], and a collation refused.
    pub fn run_aggregate_in(
        &self,
        docs: Option<&str>,
        pipeline: &str,
        collation: Option<&str>,
    ) -> Result<Vec<Document>, ComputeError> {
        self.run_aggregate_with(docs, pipeline, collation, &BTreeMap::new())
    }

    /// [`Classroom::run_aggregate_in`] with other collections for `$lookup` to read: each
    /// name's documents (an array literal) inserted, after `docs`, in the same shell.
    ///
    /// # Errors
    /// As [`Classroom::run_aggregate_in`], and a collection's documents that do not parse
    /// or insert (named by the collection).
    pub fn run_aggregate_with(
        &self,
        docs: Option<&str>,
        pipeline: &str,
        collation: Option<&str>,
        collections: &BTreeMap<String, String>,
    ) -> Result<Vec<Document>, ComputeError> {
        let collation = self.collation(collation)?;
        let mut session = self.session();
        let input: Vec<Document> = match docs {
            Some(d) => self
                .read_collection(d, &mut session)?
                .documents()
                .cloned()
                .collect(),
            None => Vec::new(),
        };
        let mut others = aggregate::Collections::new();
        for (name, text) in collections {
            let c = self.read_collection_as(text, &format!("collections.{name}"), &mut session)?;
            others.insert(name.clone(), c.documents().cloned().collect());
        }
        let stages = self.parse_documents_in(pipeline, "pipeline", &mut session)?;
        Ok(aggregate::Pipeline::parse(&stages)?
            .collation(&collation)
            .run_in(
                &input,
                &Context {
                    now_ms: self.now_ms,
                },
                &others,
            )?)
    }
}

/// [`Classroom::parse_value`] in the default classroom.
///
/// # Errors
/// The parser's error, with line and column.
pub fn parse_value(text: &str, what: impl Into<What>) -> Result<Value, ComputeError> {
    Classroom::default().parse_value(text, what)
}

/// [`Classroom::parse_document`] in the default classroom.
///
/// # Errors
/// A parse error, or a value that is not a document.
pub fn parse_document(text: &str, what: impl Into<What>) -> Result<Document, ComputeError> {
    Classroom::default().parse_document(text, what)
}

/// [`Classroom::parse_documents`] in the default classroom.
///
/// # Errors
/// A parse error, or a value or an item that is not a document.
pub fn parse_documents(text: &str, what: impl Into<What>) -> Result<Vec<Document>, ComputeError> {
    Classroom::default().parse_documents(text, what)
}

/// A required field of a step or exercise of kind `kind`.
///
/// # Errors
/// [`ComputeError::Missing`] when it is missing.
pub fn need<'a, T: ?Sized>(
    field: Option<&'a T>,
    name: &'static str,
    kind: &'static str,
) -> Result<&'a T, ComputeError> {
    field.ok_or(ComputeError::Missing { kind, field: name })
}

/// [`Classroom::collection`] in the default classroom.
///
/// # Errors
/// An insert error (duplicate `_id`...).
pub fn collection(docs: Vec<Document>) -> Result<Collection, ComputeError> {
    Classroom::default().collection(docs)
}

/// The `_id` of a document (null when it has none).
pub fn id_of(d: &Document) -> Value {
    d.get("_id").cloned().unwrap_or(Value::Null)
}

/// [`Classroom::find`] in the default classroom.
///
/// # Errors
/// A parse or query error.
pub fn find(docs: &str, filter: &str, sort: Option<&str>) -> Result<Vec<Document>, ComputeError> {
    Classroom::default().find(docs, filter, sort)
}

/// [`Classroom::bytes_of`] in the default classroom.
///
/// # Errors
/// A parse or encode error.
pub fn bytes_of(document: &str) -> Result<Vec<u8>, ComputeError> {
    Classroom::default().bytes_of(document)
}

/// The element at a dotted path in a span tree.
pub fn find_span<'a>(elements: &'a [ElementSpan], path: &str) -> Option<&'a ElementSpan> {
    for e in elements {
        if e.path == path {
            return Some(e);
        }
        if path.starts_with(&format!("{}.", e.path)) {
            return find_span(&e.children, path);
        }
    }
    None
}

/// [`Classroom::table_rows`] in the default classroom.
///
/// # Errors
/// A value that does not parse.
pub fn table_rows(rows: &[(String, String)]) -> Result<Vec<[String; 5]>, ComputeError> {
    Classroom::default().table_rows(rows)
}

/// [`Classroom::eval`] in the default classroom.
///
/// # Errors
/// A parse or evaluation error.
pub fn eval(expression: &str, document: Option<&str>) -> Result<Value, ComputeError> {
    Classroom::default().eval(expression, document)
}

/// [`Classroom::run_aggregate`] in the default classroom.
///
/// # Errors
/// A parse or pipeline error.
pub fn run_aggregate(docs: Option<&str>, pipeline: &str) -> Result<Vec<Document>, ComputeError> {
    Classroom::default().run_aggregate(docs, pipeline)
}

/// How [`Classroom::update`] applies an update.
#[derive(Clone, Copy, Debug, Default)]
pub struct UpdateHow {
    /// Every matching document (`updateMany`), not only the first.
    pub multi: bool,
    /// Insert a document when none matches.
    pub upsert: bool,
}

/// Prints documents one per line, or only their `_id`s as one array.
pub fn print_documents(docs: &[Document], ids: bool) -> String {
    if ids {
        let ids = docs.iter().map(id_of).collect();
        return format!("{}\n", shell::print_value(&Value::Array(ids)));
    }
    docs.iter()
        .map(|d| format!("{}\n", shell::print_document(d)))
        .collect()
}

#[cfg(test)]
mod classroom_tests {
    use super::{Classroom, LESSON_NOW_MS};
    use crate::bson::generate::SeededGenerator;
    use crate::bson::shell::{FixedGenerator, Generate};
    use crate::bson::{ObjectId, Value};

    const NOW_SECS: u32 = 1_791_431_149;

    fn seeded(seed: u64) -> Classroom {
        Classroom {
            seed: Some(seed),
            ..Classroom::default()
        }
    }

    /// What a console's server draws: two ObjectIds, an upsert's id, two UUIDs.
    fn draws(mut server: crate::shell::server::Server) -> Vec<Value> {
        let mut out: Vec<Value> = ["oid", "oid", "uuid", "uuid", "seed"]
            .iter()
            .map(|op| server.call(op, &[], 1_791_431_149_000).expect("a draw"))
            .collect();
        out.push(Value::String(
            server.mongod.next_id(NOW_SECS).to_hex().into(),
        ));
        out
    }

    #[test]
    fn a_worker_rebuilds_the_class_console_from_its_start() {
        for room in [Classroom::default(), seeded(7), seeded(u64::MAX)] {
            let session = room.session();
            let before = crate::shell::server::Server::new(
                session.process,
                room.server_process(),
                session.rng,
            );
            assert_eq!(
                draws(room.console_start().server()),
                draws(before),
                "seed {:?}",
                room.seed
            );
        }
        for seed in [0, 1, 42] {
            assert_eq!(
                draws(crate::shell::sandbox::Start::seeded(seed, None).server()),
                draws(crate::shell::server::Server::seeded(seed)),
            );
        }
    }

    fn id(room: &Classroom, text: &str) -> ObjectId {
        match room.parse_document(text, "doc").unwrap().get("_id") {
            Some(Value::ObjectId(id)) => *id,
            other => panic!("not an ObjectId: {other:?}"),
        }
    }

    #[test]
    fn the_default_classroom_is_the_fixed_lesson_clock_and_ids() {
        let room = Classroom::default();
        assert_eq!(room.now_ms, LESSON_NOW_MS);
        assert_eq!(room.seed, None);
        assert_eq!(
            id(&room, "{ _id: ObjectId() }"),
            super::FIXED_PROCESS.clone().next_id(NOW_SECS)
        );
        // A process as a driver starts one: its counter does not start at zero.
        assert_ne!(room.process().next_counter(), 0);
        assert_eq!(room.process().random_value(), FixedGenerator::PROCESS);
        assert_eq!(
            room.parse_value("new Date()", "now").unwrap(),
            Value::DateTime(LESSON_NOW_MS)
        );
    }

    #[test]
    fn a_seed_gives_the_seeds_generator_ids_at_the_class_clock() {
        let room = seeded(7);
        let mut g = SeededGenerator::from_seed(7, LESSON_NOW_MS);
        assert_eq!(id(&room, "{ _id: ObjectId() }"), g.object_id(NOW_SECS));
        assert_ne!(
            id(&room, "{ _id: ObjectId() }"),
            id(&Classroom::default(), "{ _id: ObjectId() }")
        );
    }

    #[test]
    fn every_parse_of_a_text_starts_from_the_same_generator() {
        let room = seeded(7);
        let text = "{ _id: ObjectId(), u: UUID(), at: new Date() }";
        let first = room.parse_value(text, "doc").unwrap();
        for _ in 0..3 {
            assert_eq!(room.parse_value(text, "doc").unwrap(), first);
        }
        assert_eq!(room.bytes_of(text).unwrap(), room.bytes_of(text).unwrap());
        // Within one text, each call still makes a new id.
        let two = room.parse_value("[ObjectId(), ObjectId()]", "ids").unwrap();
        let Value::Array(items) = two else {
            panic!("not an array")
        };
        assert_ne!(items[0], items[1]);
    }

    #[test]
    fn different_seeds_give_different_ids_and_uuids() {
        let text = "{ _id: ObjectId(), u: UUID() }";
        let a = seeded(7).parse_value(text, "doc").unwrap();
        let b = seeded(8).parse_value(text, "doc").unwrap();
        let (Value::Document(a), Value::Document(b)) = (a, b) else {
            panic!("not documents")
        };
        assert_ne!(a.get("_id"), b.get("_id"));
        assert_ne!(a.get("u"), b.get("u"));
    }

    #[test]
    fn the_clock_moves_new_date_ids_and_now() {
        let now = 1_893_456_000_000; // 2030-01-01T00:00:00Z
        for seed in [None, Some(7)] {
            let room = Classroom { seed, now_ms: now };
            assert_eq!(
                room.parse_value("new Date()", "now").unwrap(),
                Value::DateTime(now)
            );
            assert_eq!(id(&room, "{ _id: ObjectId() }").timestamp(), 1_893_456_000);
            let out = room
                .run_aggregate(None, "[{ $documents: [{ t: '$$NOW' }] }]")
                .unwrap();
            assert_eq!(out[0].get("t"), Some(&Value::DateTime(now)));
            let added = room.find("[{ n: 1 }]", "{}", None).unwrap();
            match added[0].get("_id") {
                Some(Value::ObjectId(id)) => assert_eq!(id.timestamp(), 1_893_456_000),
                other => panic!("no ObjectId added: {other:?}"),
            }
        }
    }

    /// Lesson 8's rule for the ids one step shows: one random value, and a counter that goes
    /// up by one per id, the text's `ObjectId()`s first (mongosh evaluates the array before
    /// `insertMany` adds the missing `_id`s), then the ids the collection adds.
    #[test]
    fn ids_a_collection_adds_continue_the_process_of_the_texts_ids() {
        let docs = "[{ n: 1 }, { _id: ObjectId(), n: 2 }, { n: 3 }]";
        let ids = |room: &Classroom| -> Vec<ObjectId> {
            room.find(docs, "{}", None)
                .unwrap()
                .iter()
                .map(|d| match d.get("_id") {
                    Some(Value::ObjectId(id)) => *id,
                    other => panic!("not an ObjectId: {other:?}"),
                })
                .collect()
        };
        for room in [Classroom::default(), seeded(7), seeded(8)] {
            let [first, generated, third] = ids(&room)[..] else {
                panic!("three documents")
            };
            let process = room.process();
            for id in [first, generated, third] {
                assert_eq!(id.random_value(), process.random_value(), "{room:?}");
                assert_eq!(id.timestamp(), NOW_SECS);
            }
            let start = process.next_counter();
            assert_eq!(
                [generated.counter(), first.counter(), third.counter()],
                [start, (start + 1) % (1 << 24), (start + 2) % (1 << 24)],
                "{room:?}"
            );
        }
        assert_eq!(ids(&seeded(7)), ids(&seeded(7)));
        assert_ne!(ids(&seeded(7)), ids(&seeded(8)));
        assert_ne!(seeded(7).process().next_counter(), 0);
    }

    #[test]
    fn an_upsert_id_comes_from_mongods_process_not_the_class() {
        for room in [Classroom::default(), seeded(7)] {
            assert_ne!(
                room.server_process().random_value(),
                room.process().random_value()
            );
        }
    }

    #[test]
    fn an_object_id_in_a_filter_continues_the_counter_after_the_insert() {
        let room = seeded(7);
        let docs = room
            .find("[{ n: 1 }]", "{ _id: { $lt: ObjectId() } }", None)
            .unwrap();
        // The filter's id was made after the inserted one, so it is greater.
        assert_eq!(docs.len(), 1);
    }
}
