//! Update documents as the server applies them: `{ $inc: { n: 1 } }` and the other modifiers,
//! a replacement document, or a pipeline (`[{ $set: { b: { $add: ["$a", 1] } } }]`, run by
//! [`crate::query::aggregate`]'s stages).
//!
//! What the server does, and this module with it:
//! - all the modifiers' paths form one tree; two paths that are equal or where one is a prefix
//!   of the other conflict ("Updating the path 'a.b' would create a conflict at 'a'"), and so
//!   do `a.0` and `a.$[]` (a node is either a document's or an array's);
//! - the tree's children are kept sorted, so fields an update *creates* are appended in
//!   that order, not in the order written: `{ $set: { b: 1, a: 1 } }` on `{ _id: 1 }` gives
//!   `{ _id: 1, a: 1, b: 1 }` (numeric components compare as numbers: `9` before `10`);
//! - positional paths are resolved against the document: `a.$` is the position the filter
//!   matched ([`crate::query::matcher::Filter::matched_position`]), `a.$[]` every element,
//!   `a.$[x]` the elements the array filter named `x` matches; two of them landing on the
//!   same element conflict then ("Update created a conflict at 'a.0'");
//! - a modifier that changes nothing is a no-op (`$set` to a value of the same type and
//!   bytes, `$inc` by 0, `$min` with a larger value, `$pull` that finds nothing), which is
//!   how `nModified` is counted; `$currentDate` always changes;
//! - `_id` is immutable: changing it is refused, setting it to the identical value is not;
//! - `$inc`/`$mul` keep the server's numeric types ([`crate::bson::num`]): an int32 that
//!   overflows becomes a long (`Long('2147483648')`), a long that overflows is an error;
//! - the update is all or nothing: after an error the document is unchanged;
//! - the result is checked as the server checks it before storing it: an `_id` of a storable
//!   type, moved to be the first field; at most 180 levels of nesting ("Document exceeds
//!   maximum nesting depth of 180"); at most 16 MiB ("Resulting document after update is
//!   larger than 16777216");
//! - the clock `$currentDate` reads is the caller's ([`UpdateContext`]): the library never
//!   reads the real one.
//!
//! Not here: the update command's `let` and `c` constants.

mod apply;
mod filters;
mod parse;
mod pipeline;
mod positional;
pub(crate) mod server_fmt;

pub use server_fmt::{server_document, server_element, server_value};

use super::error::{QueryError, QueryErrorKind, code};
use crate::bson::{Document, Timestamp, Value};
use crate::query::matcher::Filter;

pub use filters::ArrayFilter;

/// The largest document the server stores (16 MiB).
pub const MAX_DOCUMENT_SIZE: usize = 16 * 1024 * 1024;

/// A parsed update: modifiers, or a replacement document.
#[derive(Clone, Debug, PartialEq)]
pub struct Update {
    kind: Kind,
    /// The `arrayFilters` the update was given, by identifier.
    array_filters: Vec<ArrayFilter>,
}

/// What applying an update needs from outside the document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpdateContext {
    /// The array position the filter matched in this document (the server's
    /// `elemMatchKey`), which `a.$` writes to; `None` when the match went through no array.
    pub matched: Option<usize>,
    /// The caller's clock, in milliseconds since the epoch: `$currentDate` as a date.
    pub now_ms: i64,
    /// The next timestamp `$currentDate` with `{ $type: "timestamp" }` writes; its increment
    /// grows by one with each one written.
    pub timestamp: Timestamp,
}

impl Default for UpdateContext {
    /// No position matched; the clock at the epoch; timestamps from `Timestamp(0, 1)`.
    fn default() -> Self {
        UpdateContext {
            matched: None,
            now_ms: 0,
            timestamp: Timestamp {
                time: 0,
                increment: 1,
            },
        }
    }
}

/// A `$pull` condition or an array filter: its source (what equality compares) and the
/// parsed filter.
#[derive(Clone, Debug)]
struct Condition {
    source: Document,
    filter: Filter,
}

impl PartialEq for Condition {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Replacement(Document),
    /// In the order the server applies them (sorted by path).
    Modifiers(Vec<Op>),
    /// Stages of an aggregation pipeline.
    Pipeline(pipeline::UpdatePipeline),
}

#[derive(Clone, Debug, PartialEq)]
struct Op {
    modifier: &'static str,
    path: String,
    action: Action,
}

#[derive(Clone, Debug, PartialEq)]
enum Action {
    Set(Value),
    SetOnInsert(Value),
    Unset,
    Inc(Value),
    Mul(Value),
    Min(Value),
    Max(Value),
    Push(Push),
    AddToSet(Vec<Value>),
    Pull(Pull),
    PullAll(Vec<Value>),
    /// `$pop`: from the front (`-1`) or the back (`1`).
    Pop {
        first: bool,
    },
    /// `$currentDate`: a date, or a timestamp.
    CurrentDate {
        timestamp: bool,
    },
    /// `$bit`: bitwise operations with int or long operands, in order.
    Bit(Vec<(BitOp, Value)>),
    /// At the destination path: moves the value from `from`.
    Rename {
        from: String,
    },
    /// At the source path of a `$rename`: holds its place in the tree, does nothing itself.
    RenameSource,
}

/// A `$bit` operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BitOp {
    And,
    Or,
    Xor,
}

/// How `$pull` decides which elements go (the server's three matchers).
#[derive(Clone, Debug, PartialEq)]
enum Pull {
    /// A value that is not a condition: elements equal to it (arrays in order, documents
    /// field by field in order).
    Equal(Value),
    /// A condition on the element itself (`{ $gte: 6 }`, a regex): tested as the value of a
    /// field, so an element that is an array matches when one of its elements does.
    Value(Condition),
    /// A query (`{ score: 8, item: "B" }`): tested on each element that is a document, as if
    /// it were a document in a collection; other elements stay.
    Document(Condition),
}

#[derive(Clone, Debug, PartialEq)]
struct Push {
    values: Vec<Value>,
    position: Option<i64>,
    slice: Option<i64>,
    sort: Option<PushSort>,
}

#[derive(Clone, Debug, PartialEq)]
enum PushSort {
    /// `$sort: 1` or `-1`: the elements themselves.
    Whole { ascending: bool },
    /// `$sort: { field: 1, ... }`: fields of the (document) elements.
    Fields(Vec<(String, bool)>),
}

/// Whether the update runs on a stored document or builds the one an upsert inserts (then
/// `$setOnInsert` applies).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Update,
    Insert,
}

impl Update {
    /// Reads an update document. A first key starting with `$` makes it a modifier update;
    /// anything else (including `{}`) is a replacement.
    ///
    /// # Errors
    /// The server's parse errors: "Unknown modifier: $foo. Expected a valid update modifier
    /// or pipeline-style update specified as an array", "Cannot increment with non-numeric
    /// argument: {a: \"x\"}", "Updating the path 'a' would create a conflict at 'a'", a
    /// modifier whose argument is not a document, an empty path component.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::update::Update;
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let e = Update::parse(&doc("{ $set: { a: 1 }, $inc: { a: 1 } }")).unwrap_err();
    /// assert_eq!(e.kind.to_string(), "Updating the path 'a' would create a conflict at 'a'");
    /// assert_eq!(e.kind.code(), Some(40));
    /// let mut d = doc("{ _id: 1, n: NumberInt(2147483647) }");
    /// Update::parse(&doc("{ $inc: { n: 1 } }")).unwrap().apply(&mut d).unwrap();
    /// assert_eq!(d, doc("{ _id: 1, n: NumberLong('2147483648') }"));
    /// ```
    pub fn parse(update: &Document) -> Result<Update, QueryError> {
        Update::parse_with_filters(update, &[])
    }

    /// Reads an update document with its `arrayFilters` (`[{ elem: { $gte: 85 } }]`), which
    /// the `$[elem]` in its paths name.
    ///
    /// # Errors
    /// As [`Update::parse`], and the server's refusals of array filters: "No array filter
    /// found for identifier 'i' in path 'a.$[i]'", "The array filter for identifier 'j' was
    /// not used in the update { $set: { a.$[i]: 5 } }", "Found multiple array filters with
    /// the same top-level field name i", a filter without or with two top-level names.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::update::{Update, UpdateContext};
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// // The manual's $[<identifier>] page: grades of 100 or more capped at 100.
    /// let u = Update::parse_with_filters(
    ///     &doc("{ $set: { 'grades.$[element]': 100 } }"),
    ///     &[doc("{ element: { $gte: 100 } }")],
    /// ).unwrap();
    /// let mut d = doc("{ _id: 3, grades: [95, 110, 100] }");
    /// u.apply_with(&mut d, &mut UpdateContext::default()).unwrap();
    /// assert_eq!(d, doc("{ _id: 3, grades: [95, 100, 100] }"));
    /// ```
    pub fn parse_with_filters(
        update: &Document,
        array_filters: &[Document],
    ) -> Result<Update, QueryError> {
        let filters = filters::parse(array_filters)?;
        let kind = match update.keys().next() {
            Some(first) if first.starts_with('$') => parse::parse_modifiers(update, &filters)?,
            _ => {
                if let Some(key) = update.keys().find(|k| k.starts_with('$')) {
                    return Err(dollar_prefixed(key, format!("update.{key}")));
                }
                Kind::Replacement(update.clone())
            }
        };
        filters::check_all_used(&filters, &kind, update)?;
        Ok(Update {
            kind,
            array_filters: filters,
        })
    }

    /// Reads what the server's `update` command takes as `u`: a document (modifiers or a
    /// replacement, as [`Update::parse_with_filters`]) or an array, a pipeline of
    /// `$addFields`/`$set`, `$project`/`$unset` and `$replaceRoot`/`$replaceWith` stages.
    ///
    /// # Errors
    /// As [`Update::parse_with_filters`]; "Update argument must be either an object or an
    /// array" (`FailedToParse`), "Each element of the 'pipeline' array must be an object",
    /// "arrayFilters may not be specified for pipeline-style updates", a stage's own parse
    /// error, "$match is not allowed to be used within an update" (`InvalidOptions`, 72).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, parse_value, FixedGenerator};
    /// use bson_tutor::query::update::Update;
    /// let mut g = FixedGenerator::new(0);
    /// let u = parse_value("[{ $set: { b: { $add: ['$a', 1] } } }]", &mut g).unwrap().value;
    /// let mut d = parse_document("{ _id: 1, a: 1 }", &mut g).unwrap().value;
    /// Update::parse_value(&u, &[]).unwrap().apply(&mut d).unwrap();
    /// assert_eq!(d, parse_document("{ _id: 1, a: 1, b: 2 }", &mut g).unwrap().value);
    /// let u = parse_value("[{ $match: { a: 1 } }]", &mut g).unwrap().value;
    /// let e = Update::parse_value(&u, &[]).unwrap_err();
    /// assert_eq!(e.kind.to_string(), "$match is not allowed to be used within an update");
    /// assert_eq!(e.kind.code(), Some(72));
    /// ```
    pub fn parse_value(update: &Value, array_filters: &[Document]) -> Result<Update, QueryError> {
        match update {
            Value::Document(d) => Update::parse_with_filters(d, array_filters),
            Value::Array(items) => {
                if !array_filters.is_empty() {
                    return Err(QueryError::new(
                        "arrayFilters",
                        QueryErrorKind::server(
                            code::FAILED_TO_PARSE,
                            "arrayFilters may not be specified for pipeline-style updates",
                        ),
                    ));
                }
                Ok(Update {
                    kind: Kind::Pipeline(pipeline::parse(items)?),
                    array_filters: Vec::new(),
                })
            }
            _ => Err(QueryError::new(
                "update",
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    "Update argument must be either an object or an array",
                ),
            )),
        }
    }

    /// Whether this is a replacement document rather than modifiers.
    pub fn is_replacement(&self) -> bool {
        matches!(self.kind, Kind::Replacement(_))
    }

    /// Whether this is a pipeline-style update.
    pub fn is_pipeline(&self) -> bool {
        matches!(self.kind, Kind::Pipeline(_))
    }

    /// Whether a path holds the positional `$`, which needs the position the filter matched
    /// ([`UpdateContext::matched`]).
    pub fn uses_matched_position(&self) -> bool {
        match &self.kind {
            Kind::Replacement(_) | Kind::Pipeline(_) => false,
            Kind::Modifiers(ops) => ops.iter().any(|op| op.path.split('.').any(|p| p == "$")),
        }
    }

    /// Applies the update to a stored document; returns whether it changed (the server's
    /// `nModified`). `$setOnInsert` is skipped. No position matched, and the clock at 0:
    /// [`Update::apply_with`] gives them.
    ///
    /// # Errors
    /// The server's apply errors ("Cannot apply $inc to a value of non-numeric type. {_id:
    /// 1} has the field 'a' of non-numeric type string", "Performing an update on the path
    /// '_id' would modify the immutable field '_id'", "Cannot create field 'b' in element {a:
    /// 1}", ...). The document is left as it was.
    pub fn apply(&self, doc: &mut Document) -> Result<bool, QueryError> {
        self.apply_in(doc, Mode::Update, &mut UpdateContext::default())
    }

    /// [`Update::apply`] with the position the filter matched and the clock.
    ///
    /// # Errors
    /// As [`Update::apply`]; "The positional operator did not find the match needed from the
    /// query." when a path holds `$` and [`UpdateContext::matched`] is `None`.
    pub fn apply_with(
        &self,
        doc: &mut Document,
        context: &mut UpdateContext,
    ) -> Result<bool, QueryError> {
        self.apply_in(doc, Mode::Update, context)
    }

    /// Applies the update to the document an upsert is about to insert (built from the
    /// filter's equalities): `$setOnInsert` applies too. A replacement keeps only that
    /// document's `_id`.
    ///
    /// # Errors
    /// As [`Update::apply`].
    pub fn apply_for_insert(&self, doc: &mut Document) -> Result<bool, QueryError> {
        self.apply_in(doc, Mode::Insert, &mut UpdateContext::default())
    }

    /// [`Update::apply_for_insert`] with the clock (an upsert matched nothing, so no
    /// position).
    ///
    /// # Errors
    /// As [`Update::apply_with`].
    pub fn apply_for_insert_with(
        &self,
        doc: &mut Document,
        context: &mut UpdateContext,
    ) -> Result<bool, QueryError> {
        self.apply_in(doc, Mode::Insert, context)
    }

    fn apply_in(
        &self,
        doc: &mut Document,
        mode: Mode,
        context: &mut UpdateContext,
    ) -> Result<bool, QueryError> {
        let (work, changed) = match &self.kind {
            Kind::Replacement(replacement) => {
                let work = apply::replace(doc, replacement)?;
                let changed = !identical_documents(doc, &work);
                (work, changed)
            }
            Kind::Modifiers(ops) => {
                let mut work = doc.clone();
                let steps = positional::resolve(&work, ops, &self.array_filters, context)?;
                let mut changed = false;
                for (op, path) in steps {
                    let did = apply::apply_op(&mut work, op, &path, mode, context)?;
                    // storage_validation.cpp: a stored document's modified top-level fields
                    // may not start with `$` (an upsert's new document may; DBRef's $ref,
                    // $id and $db are let through).
                    let top = path.split('.').next().unwrap_or("");
                    if did
                        && mode == Mode::Update
                        && op.modifier != "$unset"
                        && top.starts_with('$')
                        && !matches!(top, "$ref" | "$id" | "$db")
                    {
                        return Err(dollar_prefixed(
                            top,
                            format!("update.{}.{}", op.modifier, op.path),
                        ));
                    }
                    changed |= did;
                }
                if !changed {
                    return Ok(false);
                }
                // A modifier that ran counts, even when it wrote what was there
                // (`$currentDate` at the same instant).
                (work, true)
            }
            Kind::Pipeline(p) => {
                let (work, changed) = pipeline::run(p, doc, mode, context)?;
                if !changed {
                    return Ok(false);
                }
                (work, true)
            }
        };
        let work = id_first(work);
        apply::validate_for_storage(&work, mode)?;
        *doc = work;
        Ok(changed)
    }
}

/// The server's refusal of a `$`-prefixed top-level field in a stored document an update
/// wrote (DollarPrefixedFieldName, in storage_validation.cpp's words), found at `at`.
fn dollar_prefixed(key: &str, at: String) -> QueryError {
    QueryError::new(
        at,
        QueryErrorKind::server(
            code::DOLLAR_PREFIXED_FIELD_NAME,
            format!(
                "The dollar ($) prefixed field '{key}' in '{key}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith."
            ),
        ),
    )
}

/// The document with its `_id` moved to be the first field, as the server stores every
/// updated document (`ensureIdFieldIsFirst`).
fn id_first(doc: Document) -> Document {
    if doc.keys().next().is_none_or(|k| k == "_id") || doc.get("_id").is_none() {
        return doc;
    }
    let mut out = Document::with_capacity(doc.len());
    let mut rest = Vec::with_capacity(doc.len());
    for (k, v) in doc {
        if k == "_id" && out.is_empty() {
            out.push(k, v);
        } else {
            rest.push((k, v));
        }
    }
    for (k, v) in rest {
        out.push(k, v);
    }
    out
}

/// `_id` may hold any type except array, regex and undefined (the server's
/// `storageValidIdField`; servers before 5.0 said "can't use an array for _id" on insert).
///
/// # Errors
/// "The '_id' value cannot be of type array" (or `regex`, `undefined`).
pub fn check_id_type(id: &Value) -> Result<(), QueryError> {
    match id {
        Value::Array(_) | Value::Regex(_) | Value::Undefined => Err(QueryError::new(
            "_id",
            QueryErrorKind::server(
                code::INVALID_ID_FIELD,
                format!(
                    "The '_id' value cannot be of type {}",
                    id.element_type().alias()
                ),
            ),
        )),
        _ => Ok(()),
    }
}

/// Same type and same bytes: the server's test for a no-op (`1` and `1.0` differ; NaN is
/// identical to the same NaN).
pub fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Double(x), Value::Double(y)) => x.to_bits() == y.to_bits(),
        (Value::Document(x), Value::Document(y)) => identical_documents(x, y),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| identical(p, q))
        }
        (Value::JavaScriptWithScope(x), Value::JavaScriptWithScope(y)) => {
            x.code == y.code && identical_documents(&x.scope, &y.scope)
        }
        _ => a == b,
    }
}

/// [`identical`] for documents: same keys in the same order, identical values.
pub fn identical_documents(a: &Document, b: &Document) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b.iter())
            .all(|((ka, va), (kb, vb))| ka == kb && identical(va, vb))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::shell::{FixedGenerator, parse_document};

    fn doc(s: &str) -> Document {
        parse_document(s, &mut FixedGenerator::new(0))
            .unwrap()
            .value
    }

    fn run(before: &str, update: &str) -> Result<(Document, bool), String> {
        let mut d = doc(before);
        let changed = Update::parse(&doc(update))
            .and_then(|u| u.apply(&mut d))
            .map_err(|e| e.kind.to_string())?;
        Ok((d, changed))
    }

    #[test]
    fn created_fields_follow_the_sorted_tree() {
        let (d, _) = run(
            "{ _id: 1 }",
            "{ $set: { b: 1, a: 1, 'c.10': 1, 'c.9': 2 } }",
        )
        .unwrap();
        assert_eq!(
            d,
            doc("{ _id: 1, a: 1, b: 1, c: { '9': 2, '10': 1 } }"),
            "{d:?}"
        );
    }

    #[test]
    fn no_ops_are_not_modifications() {
        assert!(!run("{ _id: 1, a: 1 }", "{ $set: { a: 1 } }").unwrap().1);
        assert!(
            run("{ _id: 1, a: 1 }", "{ $set: { a: Double(1) } }")
                .unwrap()
                .1
        );
        assert!(!run("{ _id: 1, a: 1 }", "{ $inc: { a: 0 } }").unwrap().1);
        assert!(!run("{ _id: 1, a: 1 }", "{ $min: { a: 5 } }").unwrap().1);
        assert!(!run("{ _id: 1 }", "{ $unset: { a: '' } }").unwrap().1);
        assert!(!run("{ _id: 1 }", "{ $set: {} }").unwrap().1);
    }

    #[test]
    fn server_messages() {
        assert_eq!(
            run("{ _id: 1 }", "{ $foo: { a: 1 } }").unwrap_err(),
            "Unknown modifier: $foo. Expected a valid update modifier or pipeline-style update specified as an array"
        );
        assert_eq!(
            run("{ _id: 1 }", "{ $inc: { a: 'x' } }").unwrap_err(),
            "Cannot increment with non-numeric argument: {a: \"x\"}"
        );
        assert_eq!(
            run("{ _id: 1, a: 'x' }", "{ $inc: { a: 1 } }").unwrap_err(),
            "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'a' of non-numeric type string"
        );
        assert_eq!(
            run("{ _id: 1 }", "{ $set: { a: 1, 'a.b': 1 } }").unwrap_err(),
            "Updating the path 'a.b' would create a conflict at 'a'"
        );
        assert_eq!(
            run("{ _id: 1 }", "{ $set: { 'a.b': 1 }, $unset: { a: 1 } }").unwrap_err(),
            "Updating the path 'a' would create a conflict at 'a'"
        );
        assert_eq!(
            run("{ _id: 1 }", "{ $set: { _id: 2 } }").unwrap_err(),
            "Performing an update on the path '_id' would modify the immutable field '_id'"
        );
        assert_eq!(
            run("{ _id: 1 }", "{ _id: 2, a: 1 }").unwrap_err(),
            "After applying the update, the (immutable) field '_id' was found to have been altered to _id: 2"
        );
        assert_eq!(
            run("{ _id: 'x', a: [1] }", "{ $set: { 'a.b': 1 } }").unwrap_err(),
            "Cannot create field 'b' in element {a: [ 1 ]}"
        );
        assert_eq!(
            run("{ _id: 'x' }", "{ $set: { '_id.y': 1 } }").unwrap_err(),
            "Cannot create field 'y' in element {_id: \"x\"}"
        );
        assert_eq!(
            run("{ _id: 1, a: 5 }", "{ $push: { a: 1 } }").unwrap_err(),
            "The field 'a' must be an array but is of type int in document {_id: 1}"
        );
        assert_eq!(
            run(
                "{ _id: 1, n: NumberLong('9223372036854775807') }",
                "{ $inc: { n: 1 } }"
            )
            .unwrap_err(),
            "Failed to apply $inc operations to current value ((NumberLong)9223372036854775807) for document {_id: 1}"
        );
    }

    #[test]
    fn failed_updates_leave_the_document_alone() {
        let mut d = doc("{ _id: 1, a: 1, s: 'x' }");
        let u = Update::parse(&doc("{ $inc: { a: 1, s: 1 } }")).unwrap();
        assert!(u.apply(&mut d).is_err());
        assert_eq!(d, doc("{ _id: 1, a: 1, s: 'x' }"));
    }

    #[test]
    fn push_each_position_sort_slice() {
        let (d, _) = run(
            "{ _id: 1, a: [3, 1] }",
            "{ $push: { a: { $each: [5, 2], $sort: 1, $slice: 3 } } }",
        )
        .unwrap();
        assert_eq!(d, doc("{ _id: 1, a: [1, 2, 3] }"));
        let (d, _) = run(
            "{ _id: 1, a: [1] }",
            "{ $push: { a: { $each: [0], $position: 0 } } }",
        )
        .unwrap();
        assert_eq!(d, doc("{ _id: 1, a: [0, 1] }"));
        let (d, _) = run("{ _id: 1 }", "{ $push: { a: { $each: [] } } }").unwrap();
        assert_eq!(d, doc("{ _id: 1, a: [] }"));
    }

    #[test]
    fn replacement_keeps_id_first() {
        let (d, changed) = run("{ _id: 1, a: 1 }", "{ b: 2 }").unwrap();
        assert_eq!(d, doc("{ _id: 1, b: 2 }"));
        assert!(changed);
    }

    #[test]
    fn rename_moves_values() {
        let (d, _) = run("{ _id: 1, a: 1, b: 2 }", "{ $rename: { a: 'c.d' } }").unwrap();
        assert_eq!(d, doc("{ _id: 1, b: 2, c: { d: 1 } }"));
        assert_eq!(
            run("{ _id: 1 }", "{ $rename: { a: 'a' } }").unwrap_err(),
            "The source and target field for $rename must differ: a: \"a\""
        );
    }

    #[test]
    fn mul_on_a_missing_field_sets_zero_of_the_argument_type() {
        let (d, _) = run("{ _id: 1 }", "{ $mul: { a: NumberLong(5) } }").unwrap();
        assert_eq!(d, doc("{ _id: 1, a: NumberLong(0) }"));
    }
}
