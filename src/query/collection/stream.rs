//! `find` and updates over a stream of documents (a mongodump file read one document at a
//! time), each result handed on as soon as it is known: what is held is one document, or
//! what a sort needs (its 100 MB, spilling with `allowDiskUse`, or its best `skip + limit`).
//!
//! The documents are a collection's stored documents as a dump holds them: nothing is
//! inserted, so no `_id` is added and no duplicate `_id` (or key of a unique index) is
//! looked for. Only an upsert is stored in the collection, through its checks.

use super::{
    Collection, FindOptions, FindPlan, UpdateOptions, UpdateResult, check_multi, parse_filter,
    update_document,
};
use crate::bson::{Document, Value};
use crate::query::error::QueryError;
use crate::query::external_sort::ExternalSorter;
use crate::query::interrupt;
use crate::query::update::Update;

/// [`Collection::find`] over documents as they arrive: each result goes to `emit` as soon
/// as it is known. Without a sort, the documents are matched, skipped, limited and
/// projected one at a time, and the reading stops once the limit is reached; with a sort,
/// the matching documents go through an external sort (top-k with a limit) first. The
/// results, in order, are [`Collection::find`]'s on the same documents.
///
/// # Errors
/// [`Collection::find`]'s (as [`QueryError`]s turned into `E`), the input's first error, or
/// `emit`'s: the results before it were emitted.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::collection::{find_stream, FindOptions};
/// use bson_tutor::query::error::QueryError;
/// let doc = |s: &str| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// let input = (0..10).map(|v| Ok::<_, QueryError>(doc(&format!("{{ v: {v} }}"))));
/// let options = FindOptions {
///     sort: Some(doc("{ v: -1 }")),
///     projection: Some(doc("{ _id: 0, v: 1 }")),
///     limit: Some(2),
///     ..FindOptions::default()
/// };
/// let mut out = Vec::new();
/// find_stream(&doc("{ v: { $lt: 5 } }"), &options, input, |d| {
///     out.push(d);
///     Ok(())
/// }).unwrap();
/// assert_eq!(out, vec![doc("{ v: 4 }"), doc("{ v: 3 }")]);
/// ```
pub fn find_stream<I, E, F>(
    filter: &Document,
    options: &FindOptions,
    input: I,
    mut emit: F,
) -> Result<(), E>
where
    I: IntoIterator<Item = Result<Document, E>>,
    E: From<QueryError>,
    F: FnMut(Document) -> Result<(), E>,
{
    let plan = FindPlan::new(filter, options)?;
    let limit = options.limit.unwrap_or(usize::MAX);
    if plan.sort.is_empty() {
        let (mut skip, mut left) = (options.skip, limit);
        let mut input = input.into_iter();
        // Looked at before each read: once the limit is reached nothing more is read.
        while left > 0 {
            let Some(doc) = input.next() else {
                break;
            };
            interrupt::check().map_err(QueryError::from)?;
            let doc = doc?;
            if !plan.filter.try_matches(&doc)? {
                continue;
            }
            if skip > 0 {
                skip -= 1;
                continue;
            }
            left -= 1;
            emit(plan.project(doc)?)?;
        }
    } else {
        let mut sorter = ExternalSorter::new(&plan.sort, options.sort_budget());
        for doc in input {
            interrupt::check().map_err(QueryError::from)?;
            let doc = doc?;
            if plan.filter.try_matches(&doc)? {
                sorter.push(doc).map_err(QueryError::from)?;
            }
        }
        interrupt::check().map_err(QueryError::from)?;
        let sorted = sorter.finish().map_err(QueryError::from)?;
        for doc in sorted.skip(options.skip).take(limit) {
            let doc = doc.map_err(QueryError::from)?;
            emit(plan.project(doc)?)?;
        }
    }
    interrupt::check().map_err(QueryError::from)?;
    Ok(())
}

impl Collection {
    /// [`Collection::update_statement`] over documents as they arrive: each document goes to
    /// `emit` as soon as the update is applied to it (or not, when it does not match or an
    /// `updateOne` has already matched), in input order. When nothing matched and `upsert`
    /// is set, the upserted document is inserted into this collection, which gives it its
    /// `_id` (from mongod's process) and the clock, and emitted last, as it comes last in
    /// natural order. The streamed documents are not stored here: this collection only
    /// lends its clock and ObjectId processes (and holds the upserted document).
    ///
    /// # Errors
    /// As [`Collection::update_statement`], the input's first error or `emit`'s: the
    /// documents before it were emitted.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collection::{Collection, UpdateOptions};
    /// use bson_tutor::query::error::QueryError;
    /// let doc = |s: &str| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let mut c = Collection::new("test.dump", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 0);
    /// let input = (1..=3).map(|v| Ok::<_, QueryError>(doc(&format!("{{ _id: {v}, v: {v} }}"))));
    /// let update = bson_tutor::bson::Value::Document(doc("{ $inc: { v: 10 } }"));
    /// let mut out = Vec::new();
    /// let r = c.update_stream(&doc("{ v: { $gte: 2 } }"), &update, &[],
    ///                         UpdateOptions::default(), true, input, |d| {
    ///     out.push(d);
    ///     Ok(())
    /// }).unwrap();
    /// assert_eq!((r.matched, r.modified), (2, 2));
    /// assert_eq!(out, vec![doc("{ _id: 1, v: 1 }"), doc("{ _id: 2, v: 12 }"),
    ///                      doc("{ _id: 3, v: 13 }")]);
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn update_stream<I, E, F>(
        &mut self,
        filter: &Document,
        update: &Value,
        array_filters: &[Document],
        options: UpdateOptions,
        multi: bool,
        input: I,
        mut emit: F,
    ) -> Result<UpdateResult, E>
    where
        I: IntoIterator<Item = Result<Document, E>>,
        E: From<QueryError>,
        F: FnMut(Document) -> Result<(), E>,
    {
        let matcher = parse_filter(filter)?;
        let parsed = Update::parse_value(update, array_filters)?;
        check_multi(&parsed, multi)?;
        let mut result = UpdateResult::default();
        for doc in input {
            interrupt::check().map_err(QueryError::from)?;
            let mut doc = doc?;
            if (multi || result.matched == 0) && matcher.try_matches(&doc)? {
                result.matched += 1;
                let (now_secs, increment) = (self.now_secs, &mut self.next_increment);
                if update_document(&matcher, &parsed, &mut doc, now_secs, increment)? {
                    result.modified += 1;
                }
            }
            emit(doc)?;
        }
        interrupt::check().map_err(QueryError::from)?;
        if result.matched == 0 && options.upsert {
            let id = self.upsert(filter, &parsed)?;
            if let Some(doc) = self.records.values().next_back() {
                emit(doc.clone())?;
            }
            result.upserted_id = Some(id);
        }
        Ok(result)
    }
}
