//! An in-memory collection that behaves as a real one does where a learner can see it:
//! natural order, the `_id` index, ObjectIds made by the driver (or by mongod for upserts),
//! and the server's messages.
//!
//! - Documents come back in insertion order (natural order); updates never move them.
//! - `_id` is unique by *value*, as the `_id` index compares: `1`, `1.0`, `NumberLong(1)` and
//!   `NumberDecimal("1.0")` collide, `true` and `1` do not (a boolean is its own BSON type,
//!   not a number).
//! - A document without `_id` gets an ObjectId from the driver's process
//!   ([`Collection::client`]) and the clock the caller sets ([`Collection::now_secs`]); an
//!   upsert gets one from mongod's process ([`Collection::server`]), so the two kinds of id
//!   carry different random values, as a mongod-made upsert id and mongosh's next
//!   `ObjectId()` do. Nothing here reads the real clock.
//! - `_id` is always the first field of a stored document.
//! - Secondary indexes ([`Collection::create_index`]) are kept on every write; a unique one
//!   refuses a second document with the same key, as the `_id` index does.

use std::collections::BTreeMap;

mod distinct;
mod index;
mod stream;

pub use index::{IndexOptions, index_name};
pub use stream::find_stream;

use super::aggregate::{Policy, Projection};
use super::collation::Collation;
use super::error::{QueryError, QueryErrorKind, code};
use super::external_sort::{SortBudget, sort_all};
use super::interrupt;
use super::limits;
use super::matcher::Filter;
use super::path;
use super::sort::{OrderedValue, SortSpec};
use super::update::{MAX_DOCUMENT_SIZE, Update, UpdateContext, check_id_type, server_value};
use crate::bson::oid::ObjectIdProcess;
use crate::bson::{Document, Timestamp, Value};

/// The options of `find` that this collection honours.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FindOptions {
    /// Which fields to return (`{ _id: 0, name: 1 }`); `None` or `{}` returns all.
    pub projection: Option<Document>,
    /// The order (`{ v: 1, _id: 1 }`); `None` or `{}` keeps natural order.
    pub sort: Option<Document>,
    /// How many documents to skip after sorting.
    pub skip: usize,
    /// At most this many documents; `None` for all (mongosh's `limit(0)`).
    pub limit: Option<usize>,
    /// How the filter and the sort compare strings (`simple` by default).
    pub collation: Collation,
    /// `allowDiskUse`: a sort past the server's 100 MB spills to disk instead of failing;
    /// `None` is the server's default since 6.0, on.
    pub allow_disk_use: Option<bool>,
    /// Where a sort spills (the caller's directory: the library never picks one). `None`: a
    /// sort past 100 MB with `allowDiskUse` stops with [`QueryErrorKind::WouldSpill`].
    pub spill_dir: Option<std::path::PathBuf>,
}

impl FindOptions {
    /// What a sort may hold and where it spills: the server's 100 MB, with a limit only the
    /// first `skip + limit` documents (a top-k sort).
    fn sort_budget(&self) -> SortBudget<'_> {
        SortBudget {
            memory: limits::BLOCKING_MEMORY,
            allow_disk_use: self.allow_disk_use.unwrap_or(true),
            spill_dir: self.spill_dir.as_deref(),
            limit: self.limit.map(|n| n.saturating_add(self.skip)),
        }
    }
}

/// A `find` parsed: its filter, projection and sort, read before any document is.
struct FindPlan {
    filter: Filter,
    projection: Option<Projection>,
    sort: SortSpec,
}

impl FindPlan {
    /// Reads the filter (with the collation), the projection and the sort of a `find`.
    fn new(filter: &Document, options: &FindOptions) -> Result<FindPlan, QueryError> {
        let filter =
            Filter::parse_in(filter, &options.collation).map_err(|e| e.within("filter"))?;
        let projection = match &options.projection {
            Some(spec) if !spec.is_empty() => Some(
                Projection::parse(spec, Policy::Find)
                    .map_err(|e| QueryError::new("projection", e))?,
            ),
            _ => None,
        };
        let sort = match &options.sort {
            Some(spec) => SortSpec::parse(spec)?.collated(&options.collation),
            None => SortSpec::default(),
        };
        Ok(FindPlan {
            filter,
            projection,
            sort,
        })
    }

    /// A found document as `find` returns it.
    fn project(&self, d: Document) -> Result<Document, QueryError> {
        match &self.projection {
            None => Ok(d),
            Some(p) => p
                .apply(&d, &[])
                .map_err(|e| stopped().unwrap_or_else(|| QueryError::new("projection", e))),
        }
    }
}

/// The options of `update_one`, `update_many` and `replace_one`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UpdateOptions {
    /// Insert a document built from the filter and the update when nothing matches.
    pub upsert: bool,
}

/// What an update did, as the server reports it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct UpdateResult {
    /// Documents the filter matched (`matchedCount`).
    pub matched: usize,
    /// Documents that actually changed (`modifiedCount`): a `$set` to the same value counts
    /// as matched, not modified.
    pub modified: usize,
    /// The `_id` of the document an upsert inserted (`upsertedId`).
    pub upserted_id: Option<Value>,
}

impl UpdateResult {
    /// What mongosh prints for `updateOne`/`updateMany`: `{ acknowledged: true, insertedId:
    /// null, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 }`, the upserted `_id` as
    /// `insertedId`.
    pub fn shell_result(&self) -> Document {
        let count = |n: usize| Value::Int32(i32::try_from(n).unwrap_or(i32::MAX));
        let mut d = Document::with_capacity(5);
        d.push("acknowledged", true);
        d.push(
            "insertedId",
            self.upserted_id.clone().unwrap_or(Value::Null),
        );
        d.push("matchedCount", count(self.matched));
        d.push("modifiedCount", count(self.modified));
        d.push(
            "upsertedCount",
            count(usize::from(self.upserted_id.is_some())),
        );
        d
    }
}

/// One collection in memory.
#[derive(Clone, Debug)]
pub struct Collection {
    namespace: String,
    /// Record id → document; record ids grow with each insert, so this is natural order.
    records: BTreeMap<u64, Document>,
    next_record: u64,
    /// The `_id` index, ordered as the server orders values.
    id_index: BTreeMap<OrderedValue, u64>,
    /// The driver's ObjectId process: ids for documents inserted without one.
    pub client: ObjectIdProcess,
    /// mongod's ObjectId process: ids for documents an upsert creates.
    pub server: ObjectIdProcess,
    /// The seconds the next ObjectId carries: the caller's clock.
    pub now_secs: u32,
    /// The increment of the next `Timestamp(0, 0)` the server fills in on insert.
    next_increment: u32,
    /// The secondary indexes, in the order they were created.
    indexes: Vec<index::Index>,
}

impl Collection {
    /// An empty collection named `namespace` (`"lab04.t"`), with the driver's and mongod's
    /// ObjectId processes and the clock, in seconds, that ObjectIds read.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collection::Collection;
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let mut c = Collection::new("lab04.t", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 1_791_431_149);
    /// c.insert_one(doc("{ _id: 1 }")).unwrap();
    /// c.insert_one(doc("{ _id: true }")).unwrap(); // a boolean is not a number
    /// // mongosh reads `1.0` as an int; Double(1) is the double.
    /// let e = c.insert_one(doc("{ _id: Double(1) }")).unwrap_err();
    /// assert_eq!(e.kind.to_string(),
    ///     "E11000 duplicate key error collection: lab04.t index: _id_ dup key: { _id: 1.0 }");
    /// assert_eq!(e.kind.code(), Some(11000));
    /// ```
    pub fn new(
        namespace: impl Into<String>,
        client: ObjectIdProcess,
        server: ObjectIdProcess,
        now_secs: u32,
    ) -> Self {
        Collection {
            namespace: namespace.into(),
            records: BTreeMap::new(),
            next_record: 0,
            id_index: BTreeMap::new(),
            client,
            server,
            now_secs,
            next_increment: 1,
            indexes: Vec::new(),
        }
    }

    /// The namespace, `database.collection`.
    pub fn namespace(&self) -> &str {
        &self.namespace
    }

    /// How many documents are stored.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether no document is stored.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The documents in natural order.
    pub fn documents(&self) -> impl Iterator<Item = &Document> {
        self.records.values()
    }

    /// Inserts one document; returns its `_id` (generated by the driver when missing).
    ///
    /// # Errors
    /// The server's refusals: "The '_id' value cannot be of type array" (also `regex`,
    /// `undefined`; servers before 5.0 said "can't use an array for _id"), "E11000 duplicate
    /// key error collection: lab04.t index: _id_ dup key: { _id: 1 }", "object to insert too
    /// large. size in bytes: 16777217, max size: 16777216", "cannot insert document because
    /// it exceeds 180 levels of nesting", "_id fields may not contain '$'-prefixed fields:
    /// $b is not valid for storage."; with secondary indexes ([`Collection::create_index`]),
    /// a unique one's "E11000 duplicate key error collection: lab04.t index: email_1 dup
    /// key: { email: \"a@x\" }" and a compound one's "cannot index parallel arrays [b] [a]".
    /// Nothing is stored then.
    pub fn insert_one(&mut self, doc: Document) -> Result<Value, QueryError> {
        let doc = self.prepare_insert(doc, false)?;
        self.store(doc)
    }

    /// Inserts documents in order, stopping at the first error (an ordered `insertMany`):
    /// the documents before it stay inserted, as on the server.
    ///
    /// # Errors
    /// The first document's error, with `at` = `documents.<index>`.
    pub fn insert_many(
        &mut self,
        docs: impl IntoIterator<Item = Document>,
    ) -> Result<Vec<Value>, QueryError> {
        let mut ids = Vec::new();
        for (i, doc) in docs.into_iter().enumerate() {
            let id = self
                .insert_one(doc)
                .map_err(|e| e.within(&format!("documents.{i}")))?;
            ids.push(id);
        }
        Ok(ids)
    }

    /// The matching documents, sorted, skipped, limited and projected, in that order.
    ///
    /// # Errors
    /// An invalid filter (`at` starts with `filter`), projection or sort, or an expression in
    /// the projection that fails.
    pub fn find(
        &self,
        filter: &Document,
        options: &FindOptions,
    ) -> Result<Vec<Document>, QueryError> {
        let plan = FindPlan::new(filter, options)?;
        let found = self.sorted(&self.scan(&plan.filter, usize::MAX)?, &plan.sort, options)?;
        let out = found
            .into_iter()
            .skip(options.skip)
            .take(options.limit.unwrap_or(usize::MAX))
            .map(|d| plan.project(d))
            .collect::<Result<Vec<_>, _>>()?;
        interrupt::check()?;
        Ok(out)
    }

    /// The matching documents in `sort`'s order, within the server's 100 MB (spilling to
    /// `options.spill_dir` with `allowDiskUse`); with a limit, only the first `skip + limit`
    /// are kept, as the server's top-k sort does.
    fn sorted(
        &self,
        found: &[(u64, &Document)],
        sort: &SortSpec,
        options: &FindOptions,
    ) -> Result<Vec<Document>, QueryError> {
        let docs = found.iter().map(|(_, d)| (*d).clone());
        if sort.is_empty() {
            return Ok(docs.collect());
        }
        Ok(sort_all(sort, docs, options.sort_budget())?)
    }

    /// The records `filter` matches, in natural order, at most `limit` of them; a stop
    /// asked for through [`interrupt`] ends the scan with its error.
    fn scan(&self, filter: &Filter, limit: usize) -> Result<Vec<(u64, &Document)>, QueryError> {
        let mut out = Vec::new();
        for (id, d) in &self.records {
            if out.len() == limit {
                break;
            }
            interrupt::check()?;
            if filter.try_matches(d)? {
                out.push((*id, d));
            }
        }
        interrupt::check()?;
        Ok(out)
    }

    /// The first matching document in natural order (mongosh's `findOne`).
    ///
    /// # Errors
    /// An invalid filter.
    pub fn find_one(&self, filter: &Document) -> Result<Option<Document>, QueryError> {
        let filter = parse_filter(filter)?;
        Ok(self
            .scan(&filter, 1)?
            .into_iter()
            .next()
            .map(|(_, d)| d.clone()))
    }

    /// How many documents match (`countDocuments`).
    ///
    /// # Errors
    /// An invalid filter.
    pub fn count_documents(&self, filter: &Document) -> Result<usize, QueryError> {
        let filter = parse_filter(filter)?;
        Ok(self.scan(&filter, usize::MAX)?.len())
    }

    /// Updates the first matching document (natural order), or upserts.
    ///
    /// A replacement document is accepted here as the server's `update` command accepts it;
    /// mongosh's `updateOne` refuses one on the client ("Update document requires atomic
    /// operators") and wants `replaceOne`.
    ///
    /// # Errors
    /// An invalid filter or update, or the update's error on the document, or a secondary
    /// index's refusal of the updated document (a unique index's E11000, as for
    /// [`Collection::insert_one`]); the document is then left unchanged. An upsert's
    /// document is refused as an inserted one is.
    pub fn update_one(
        &mut self,
        filter: &Document,
        update: &Document,
        options: UpdateOptions,
    ) -> Result<UpdateResult, QueryError> {
        self.update(filter, update, &[], options, false)
    }

    /// [`Collection::update_one`] with `arrayFilters`, which the update's `$[<identifier>]`
    /// paths name.
    ///
    /// # Errors
    /// As [`Collection::update_one`], and the array filters' errors (`at` starts with
    /// `arrayFilters`).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collection::{Collection, UpdateOptions};
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let mut c = Collection::new("test.t", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 0);
    /// c.insert_one(doc("{ _id: 1, grades: [80, 85, 90] }")).unwrap();
    /// // The positional `$`: the first element the filter matched.
    /// c.update_one(&doc("{ grades: 85 }"), &doc("{ $set: { 'grades.$': 82 } }"),
    ///              UpdateOptions::default()).unwrap();
    /// c.update_one_filtered(&doc("{}"), &doc("{ $inc: { 'grades.$[g]': 1 } }"),
    ///                       &[doc("{ g: { $gte: 85 } }")], UpdateOptions::default()).unwrap();
    /// assert_eq!(c.find_one(&doc("{}")).unwrap(), Some(doc("{ _id: 1, grades: [80, 82, 91] }")));
    /// ```
    pub fn update_one_filtered(
        &mut self,
        filter: &Document,
        update: &Document,
        array_filters: &[Document],
        options: UpdateOptions,
    ) -> Result<UpdateResult, QueryError> {
        self.update(filter, update, array_filters, options, false)
    }

    /// [`Collection::update_many`] with `arrayFilters`.
    ///
    /// # Errors
    /// As [`Collection::update_one_filtered`].
    pub fn update_many_filtered(
        &mut self,
        filter: &Document,
        update: &Document,
        array_filters: &[Document],
        options: UpdateOptions,
    ) -> Result<UpdateResult, QueryError> {
        self.update(filter, update, array_filters, options, true)
    }

    /// Updates every matching document, in natural order. Not atomic: after an error the
    /// documents before it stay updated, as on the server.
    ///
    /// # Errors
    /// As [`Collection::update_one`]; a replacement document is refused ("multi update is not
    /// supported for replacement-style update").
    pub fn update_many(
        &mut self,
        filter: &Document,
        update: &Document,
        options: UpdateOptions,
    ) -> Result<UpdateResult, QueryError> {
        self.update(filter, update, &[], options, true)
    }

    /// Replaces the first matching document (keeping its `_id`), or upserts.
    ///
    /// # Errors
    /// As [`Collection::update_one`]; an update with `$` modifiers is refused ("Replacement
    /// document must not contain atomic operators", the driver's message).
    pub fn replace_one(
        &mut self,
        filter: &Document,
        replacement: &Document,
        options: UpdateOptions,
    ) -> Result<UpdateResult, QueryError> {
        if replacement
            .keys()
            .next()
            .is_some_and(|k| k.starts_with('$'))
        {
            // The driver's own check, made before the server sees anything: no server code.
            return Err(QueryError::new(
                "replacement",
                QueryErrorKind::server_uncoded(
                    "Replacement document must not contain atomic operators",
                ),
            ));
        }
        self.update(filter, replacement, &[], options, false)
    }

    /// One statement of the server's `update` command, as mongosh's `updateOne` (or
    /// `updateMany`, with `multi`) sends it: `update` is a document (modifiers or a
    /// replacement) or an array, a pipeline of `$set`/`$project`/`$replaceWith` stages and
    /// their aliases ([`Update::parse_value`]).
    ///
    /// # Errors
    /// As [`Collection::update_one_filtered`], and the pipeline's refusals ("$match is not
    /// allowed to be used within an update", "arrayFilters may not be specified for
    /// pipeline-style updates").
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, parse_value, FixedGenerator};
    /// use bson_tutor::query::collection::{Collection, UpdateOptions};
    /// let mut g = FixedGenerator::new(0);
    /// let mut c = Collection::new("test.c", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 0);
    /// c.insert_one(parse_document("{ _id: 1, a: 1 }", &mut g).unwrap().value).unwrap();
    /// let pipeline = parse_value("[{ $set: { b: { $add: ['$a', 1] } } }]", &mut g).unwrap().value;
    /// let filter = parse_document("{ _id: 1 }", &mut g).unwrap().value;
    /// let r = c.update_statement(&filter, &pipeline, &[], UpdateOptions::default(), false).unwrap();
    /// assert_eq!((r.matched, r.modified), (1, 1));
    /// assert_eq!(c.find_one(&filter).unwrap(),
    ///            Some(parse_document("{ _id: 1, a: 1, b: 2 }", &mut g).unwrap().value));
    /// ```
    pub fn update_statement(
        &mut self,
        filter: &Document,
        update: &Value,
        array_filters: &[Document],
        options: UpdateOptions,
        multi: bool,
    ) -> Result<UpdateResult, QueryError> {
        let matcher = parse_filter(filter)?;
        let parsed = Update::parse_value(update, array_filters)?;
        self.run_update(filter, &matcher, &parsed, options, multi)
    }

    fn update(
        &mut self,
        filter: &Document,
        update: &Document,
        array_filters: &[Document],
        options: UpdateOptions,
        multi: bool,
    ) -> Result<UpdateResult, QueryError> {
        let matcher = parse_filter(filter)?;
        let parsed = Update::parse_with_filters(update, array_filters)?;
        self.run_update(filter, &matcher, &parsed, options, multi)
    }

    fn run_update(
        &mut self,
        filter: &Document,
        matcher: &Filter,
        parsed: &Update,
        options: UpdateOptions,
        multi: bool,
    ) -> Result<UpdateResult, QueryError> {
        check_multi(parsed, multi)?;
        let targets: Vec<u64> = self
            .scan(matcher, if multi { usize::MAX } else { 1 })?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        let mut result = UpdateResult::default();
        if targets.is_empty() {
            if options.upsert {
                result.upserted_id = Some(self.upsert(filter, parsed)?);
            }
            return Ok(result);
        }
        for record in targets {
            // Stopped half-way, the documents before stay updated, as on the server.
            interrupt::check()?;
            let Some(doc) = self.records.get(&record) else {
                continue;
            };
            result.matched += 1;
            // Updated aside: a refusal (the update's, or a unique index's) leaves the stored
            // document as it was. `_id` cannot change value, so its index entry stays valid.
            let mut updated = doc.clone();
            let (now_secs, increment) = (self.now_secs, &mut self.next_increment);
            if update_document(matcher, parsed, &mut updated, now_secs, increment)? {
                let old = self.records.get(&record);
                let changes = self.check_indexes(Some(record), old, &updated)?;
                self.apply_indexes(record, changes);
                self.records.insert(record, updated);
                result.modified += 1;
            }
        }
        Ok(result)
    }

    /// The document an upsert inserts: the filter's equalities, then the update (with
    /// `$setOnInsert`), then an `_id` from mongod if there is still none.
    fn upsert(&mut self, filter: &Document, update: &Update) -> Result<Value, QueryError> {
        let mut equalities = Vec::new();
        collect_equalities(filter, &mut equalities)?;
        let mut doc = Document::new();
        for (path, value) in equalities {
            // A replacement keeps only the filter's `_id`.
            if update.is_replacement() && path != "_id" {
                continue;
            }
            let slot = path::get_mut_or_create(&mut doc, &path)
                .map_err(|e| QueryError::new(format!("filter.{path}"), e))?;
            *slot = value;
        }
        let mut context = UpdateContext {
            matched: None,
            now_ms: i64::from(self.now_secs) * 1000,
            timestamp: Timestamp {
                time: self.now_secs,
                increment: self.next_increment,
            },
        };
        let applied = update.apply_for_insert_with(&mut doc, &mut context);
        self.next_increment = context.timestamp.increment;
        applied?;
        let doc = self.prepare_insert(doc, true)?;
        self.store(doc)
    }

    /// Deletes the first matching document; returns how many were deleted (0 or 1).
    ///
    /// # Errors
    /// An invalid filter.
    pub fn delete_one(&mut self, filter: &Document) -> Result<usize, QueryError> {
        self.delete(filter, false)
    }

    /// Deletes every matching document; returns how many.
    ///
    /// # Errors
    /// An invalid filter.
    pub fn delete_many(&mut self, filter: &Document) -> Result<usize, QueryError> {
        self.delete(filter, true)
    }

    fn delete(&mut self, filter: &Document, multi: bool) -> Result<usize, QueryError> {
        let matcher = parse_filter(filter)?;
        let targets: Vec<u64> = self
            .scan(&matcher, if multi { usize::MAX } else { 1 })?
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        for record in &targets {
            if let Some(doc) = self.records.remove(record) {
                if let Some(id) = doc.get("_id") {
                    self.id_index.remove(&OrderedValue(id.clone()));
                }
                self.unindex(*record, &doc);
            }
        }
        Ok(targets.len())
    }

    /// What the driver and then the server do to a document before storing it, in the
    /// server's order (`fixDocumentForInsert`, mongodb/mongo `src/mongo/db/ops/insert.cpp`):
    /// the size (16 MiB), the nesting ([`super::limits::MAX_STORAGE_DEPTH`] levels), the
    /// `_id` (its type, no `$`-prefixed names inside, only one), then the `_id` (from the
    /// driver, or from mongod for an upsert) moved to be the first field and a top-level
    /// `Timestamp(0, 0)` filled in. Field names are not refused: since 5.0 a document may
    /// hold `$`-prefixed and dotted names at any level (jstests/core/field_name_validation.js).
    ///
    /// The document an upsert builds (`by_server`) had its nesting checked by the update;
    /// its size is checked once its `_id` is in place, with the upsert's words
    /// (`UpsertStage::_produceNewDocumentForInsert`, code 17420).
    fn prepare_insert(&mut self, doc: Document, by_server: bool) -> Result<Document, QueryError> {
        if !by_server {
            Self::check_insert_limits(&doc)?;
        }
        let out = self.place_id(doc, by_server)?;
        if by_server && super::limits::measure(&out).bson > MAX_DOCUMENT_SIZE {
            return Err(QueryError::new(
                "",
                QueryErrorKind::server(
                    17420,
                    format!("Document to upsert is larger than {MAX_DOCUMENT_SIZE}"),
                ),
            ));
        }
        Ok(out)
    }

    /// An inserted document's size and nesting, in the server's words for an insert.
    fn check_insert_limits(doc: &Document) -> Result<(), QueryError> {
        // Measured without recursing past the nesting limit (a document that deep is
        // refused below for its depth).
        let size = super::limits::measure(doc).bson;
        if size > MAX_DOCUMENT_SIZE {
            return Err(QueryError::new(
                "",
                QueryErrorKind::server(
                    code::BAD_VALUE,
                    format!(
                        "object to insert too large. size in bytes: {size}, max size: {MAX_DOCUMENT_SIZE}"
                    ),
                ),
            ));
        }
        super::limits::check_insert_depth(doc).map_err(|e| QueryError::new("", e))
    }

    /// The `_id` checked (or made) and moved first, a top-level `Timestamp(0, 0)` filled in.
    fn place_id(&mut self, doc: Document, by_server: bool) -> Result<Document, QueryError> {
        if doc.keys().filter(|k| *k == "_id").count() > 1 {
            return Err(QueryError::new(
                "_id",
                QueryErrorKind::server(
                    code::BAD_VALUE,
                    "can't have multiple _id fields in one document",
                ),
            ));
        }
        let id = match doc.get("_id") {
            Some(id) => {
                check_id_type(id)?;
                if let Value::Document(d) = id
                    && let Some(key) = dollar_prefixed(d)
                {
                    return Err(QueryError::new(
                        "_id",
                        QueryErrorKind::server(
                            code::DOLLAR_PREFIXED_FIELD_NAME,
                            format!(
                                "_id fields may not contain '$'-prefixed fields: {key} is not valid for storage."
                            ),
                        ),
                    ));
                }
                id.clone()
            }
            None => {
                let process = if by_server {
                    &mut self.server
                } else {
                    &mut self.client
                };
                Value::ObjectId(process.next_id(self.now_secs))
            }
        };
        let mut out = Document::with_capacity(doc.len() + 1);
        out.push("_id", id);
        for (k, v) in doc {
            if k == "_id" {
                continue;
            }
            // The server stamps a top-level Timestamp(0, 0) with the current time.
            let v = match v {
                Value::Timestamp(Timestamp {
                    time: 0,
                    increment: 0,
                }) => {
                    let increment = self.next_increment;
                    self.next_increment = self.next_increment.wrapping_add(1);
                    Value::Timestamp(Timestamp {
                        time: self.now_secs,
                        increment,
                    })
                }
                other => other,
            };
            out.push(k, v);
        }
        Ok(out)
    }

    /// Stores a prepared document (its `_id` first) if the `_id` is new and no unique index
    /// holds one of its keys: the `_id` index first, then the others in the order they were
    /// created, as the server inserts the keys.
    fn store(&mut self, doc: Document) -> Result<Value, QueryError> {
        let id = doc.get("_id").cloned().unwrap_or(Value::Null);
        let key = OrderedValue(id.clone());
        if self.id_index.contains_key(&key) {
            return Err(QueryError::new(
                "_id",
                duplicate_key(&self.namespace, "_id_", &[("_id", &id)]),
            ));
        }
        let changes = self.check_indexes(None, None, &doc)?;
        let record = self.next_record;
        self.next_record += 1;
        self.id_index.insert(key, record);
        self.apply_indexes(record, changes);
        self.records.insert(record, doc);
        Ok(id)
    }
}

/// The server's E11000 for a key that `index` holds already: "E11000 duplicate key error
/// collection: lab04.users index: email_1 dup key: { email: \"a@x\" }", the key's values
/// under the pattern's field names, each as the server prints it.
fn duplicate_key(namespace: &str, index: &str, key: &[(&str, &Value)]) -> QueryErrorKind {
    let fields: Vec<String> = key
        .iter()
        .map(|(path, v)| format!("{path}: {}", server_value(v)))
        .collect();
    let key = if fields.is_empty() {
        "{}".to_owned()
    } else {
        format!("{{ {} }}", fields.join(", "))
    };
    QueryErrorKind::server(
        code::DUPLICATE_KEY,
        format!("E11000 duplicate key error collection: {namespace} index: {index} dup key: {key}"),
    )
}

/// The first `$`-prefixed field name inside an `_id` document, at any depth (the server's
/// `storageValidEmbedded`): since 5.0 such names may be stored anywhere else, but an `_id`
/// is an index key and must stay a plain value. A DBRef's `$ref`, `$id` and `$db` are
/// allowed.
fn dollar_prefixed(d: &Document) -> Option<&str> {
    fn in_value(v: &Value) -> Option<&str> {
        match v {
            Value::Document(d) => dollar_prefixed(d),
            Value::Array(items) => items.iter().find_map(in_value),
            _ => None,
        }
    }
    d.iter().find_map(|(k, v)| {
        if k.starts_with('$') && !matches!(k, "$ref" | "$id" | "$db") {
            Some(k)
        } else {
            in_value(v)
        }
    })
}

/// The server's refusal of a replacement document for `updateMany`.
fn check_multi(parsed: &Update, multi: bool) -> Result<(), QueryError> {
    if multi && parsed.is_replacement() {
        return Err(QueryError::new(
            "update",
            QueryErrorKind::server(
                code::FAILED_TO_PARSE,
                "multi update is not supported for replacement-style update",
            ),
        ));
    }
    Ok(())
}

/// Applies `parsed` to one document `matcher` matched, with the clock at `now_secs` and the
/// next `Timestamp(0, 0)` increment at `increment`; whether the document changed. After an
/// error the document is unchanged.
fn update_document(
    matcher: &Filter,
    parsed: &Update,
    doc: &mut Document,
    now_secs: u32,
    increment: &mut u32,
) -> Result<bool, QueryError> {
    let mut context = UpdateContext {
        matched: if parsed.uses_matched_position() {
            matcher.matched_position(doc)
        } else {
            None
        },
        now_ms: i64::from(now_secs) * 1000,
        timestamp: Timestamp {
            time: now_secs,
            increment: *increment,
        },
    };
    let changed = parsed.apply_with(doc, &mut context);
    *increment = context.timestamp.increment;
    changed
}

/// The stop asked for, as the error to report, if one was.
fn stopped() -> Option<QueryError> {
    interrupt::check().err().map(QueryError::from)
}

fn parse_filter(filter: &Document) -> Result<Filter, QueryError> {
    Filter::parse(filter).map_err(|e| e.within("filter"))
}

/// The equality conditions of a filter, which an upsert copies into the new document:
/// `{ a: 1 }`, `{ a: { $eq: 1 } }`, inside `$and` (and a one-clause `$or`). Other
/// conditions (`$gt`, a regex) say nothing about the value and are skipped.
fn collect_equalities(filter: &Document, out: &mut Vec<(String, Value)>) -> Result<(), QueryError> {
    for (key, value) in filter.iter() {
        match (key, value) {
            ("$and", Value::Array(clauses)) => {
                for clause in clauses {
                    if let Value::Document(d) = clause {
                        collect_equalities(d, out)?;
                    }
                }
            }
            ("$or", Value::Array(clauses)) if clauses.len() == 1 => {
                if let Some(Value::Document(d)) = clauses.first() {
                    collect_equalities(d, out)?;
                }
            }
            (k, _) if k.starts_with('$') => {}
            (_, Value::Regex(_)) => {}
            (k, Value::Document(d)) if d.keys().next().is_some_and(|f| f.starts_with('$')) => {
                if let Some(v) = d.get("$eq") {
                    add_equality(out, k, v.clone())?;
                }
            }
            (k, v) => add_equality(out, k, v.clone())?,
        }
    }
    Ok(())
}

fn add_equality(
    out: &mut Vec<(String, Value)>,
    path: &str,
    value: Value,
) -> Result<(), QueryError> {
    for (existing, _) in out.iter() {
        if existing == path {
            return Err(QueryError::new(
                format!("filter.{path}"),
                QueryErrorKind::server(
                    code::NOT_SINGLE_VALUE_FIELD,
                    format!("cannot infer query fields to set, path '{path}' is matched twice"),
                ),
            ));
        }
        let (short, long) = if existing.len() < path.len() {
            (existing.as_str(), path)
        } else {
            (path, existing.as_str())
        };
        if long.starts_with(short) && long.as_bytes().get(short.len()) == Some(&b'.') {
            return Err(QueryError::new(
                format!("filter.{path}"),
                QueryErrorKind::server(
                    code::NOT_SINGLE_VALUE_FIELD,
                    format!(
                        "cannot infer query fields to set, both paths '{short}' and '{long}' are matched"
                    ),
                ),
            ));
        }
    }
    out.push((path.to_owned(), value));
    Ok(())
}
