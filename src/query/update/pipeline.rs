//! Pipeline-style updates (`[{ $set: { b: { $add: ["$a", 1] } } }]`), as the server's
//! `PipelineExecutor` runs them (mongodb/mongo `src/mongo/db/update/pipeline_executor.cpp`):
//! the stages are [`crate::query::aggregate`]'s, parsed by its parser and run over the one
//! document being updated, so `$set`, `$project` and `$replaceWith` behave here exactly as
//! they do in `aggregate`.
//!
//! What the server adds around the pipeline, and this module with it:
//! - the whole pipeline is parsed first (a bad `$set` in the last stage is its error), then
//!   every stage is checked to be one an update may use: `$addFields`/`$set`,
//!   `$project`/`$unset`, `$replaceRoot`/`$replaceWith`; any other is refused with
//!   `InvalidOptions` ("$match is not allowed to be used within an update");
//! - the result replaces the document whole (`ObjectReplaceExecutor`): a result without
//!   `_id` keeps the old one, a result with a different `_id` is refused; `_id` goes first;
//! - the variables are `$$NOW` (the caller's clock) and `$$CLOCK_TIME` (a timestamp from the
//!   same clock), besides `$$ROOT`/`$$CURRENT`.

use std::sync::Arc;

use super::server_fmt::server_element;
use super::{Mode, UpdateContext, check_id_type};
use crate::bson::{Document, Value};
use crate::query::aggregate::{Context, Pipeline};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::order;

/// The stages an update pipeline may hold (`isAllowedWithinUpdatePipeline`).
const ALLOWED: [&str; 6] = [
    "$addFields",
    "$set",
    "$project",
    "$unset",
    "$replaceRoot",
    "$replaceWith",
];

/// A parsed update pipeline: its stages as written (what two updates compare by) and the
/// parsed pipeline.
#[derive(Clone)]
pub(super) struct UpdatePipeline {
    stages: Vec<Document>,
    pipeline: Arc<Pipeline>,
}

impl std::fmt::Debug for UpdatePipeline {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("UpdatePipeline").field(&self.stages).finish()
    }
}

impl PartialEq for UpdatePipeline {
    fn eq(&self, other: &Self) -> bool {
        self.stages == other.stages
    }
}

/// The name the server gives a stage in its refusal: the first stage a stage desugars into
/// (`$bucket`, `$sortByCount` and `$count` become a `$group` and what follows it).
fn source_name(name: &str) -> &str {
    match name {
        "$bucket" | "$sortByCount" | "$count" => "$group",
        other => other,
    }
}

/// Reads an update pipeline: every element a document, every stage parsed, every stage one
/// an update may use.
///
/// # Errors
/// "Each element of the 'pipeline' array must be an object" (`TypeMismatch`), the stage's
/// parse error, "$match is not allowed to be used within an update" (`InvalidOptions`).
pub(super) fn parse(items: &[Value]) -> Result<UpdatePipeline, QueryError> {
    let mut stages = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item {
            Value::Document(d) => stages.push(d.clone()),
            _ => {
                return Err(QueryError::new(
                    format!("update.{i}"),
                    QueryErrorKind::server(
                        code::TYPE_MISMATCH,
                        "Each element of the 'pipeline' array must be an object",
                    ),
                ));
            }
        }
    }
    // Every stage parsed, in order, before any is checked for its place in an update. A
    // stage the tutor does not run is refused by name below, as the server refuses it.
    for (i, stage) in stages.iter().enumerate() {
        match Pipeline::parse(std::slice::from_ref(stage)) {
            Ok(_) => {}
            Err(QueryError {
                kind: QueryErrorKind::StageNotImplemented { .. },
                ..
            }) => {}
            Err(e) => return Err(renumber(e, i)),
        }
    }
    for (i, stage) in stages.iter().enumerate() {
        let name = stage.keys().next().unwrap_or_default();
        if !ALLOWED.contains(&name) {
            return Err(QueryError::new(
                format!("update.{i}.{name}"),
                QueryErrorKind::server(
                    code::INVALID_OPTIONS,
                    format!(
                        "{} is not allowed to be used within an update",
                        source_name(name)
                    ),
                ),
            ));
        }
    }
    let pipeline = Pipeline::parse(&stages).map_err(relocate)?;
    Ok(UpdatePipeline {
        stages,
        pipeline: Arc::new(pipeline),
    })
}

/// A stage parsed alone reports itself as `pipeline.0...`: put its index in the update back.
fn renumber(mut e: QueryError, i: usize) -> QueryError {
    if let Some(rest) = e.at.strip_prefix("pipeline.0") {
        e.at = format!("update.{i}{rest}");
    }
    e
}

/// The pipeline's `pipeline.1.$set...` is the update's `update.1.$set...`.
fn relocate(mut e: QueryError) -> QueryError {
    e.at = match e.at.strip_prefix("pipeline") {
        Some(rest) => format!("update{rest}"),
        None => return e.within("update"),
    };
    e
}

/// Runs the pipeline over `doc`; returns the document to store and whether the server
/// counts it as modified (the pipeline's result differs from `doc` byte for byte, before
/// the old `_id` is put back and moved first). For the document an upsert builds, `_id` may
/// change: the server holds it immutable only while it copies the filter's equalities
/// (`UpsertStage::_produceNewDocumentForInsert`).
///
/// # Errors
/// An expression that fails, a result nested past 200 levels or over 16 MiB + 16 KiB (the
/// server's `toBson`), an `_id` of a type that cannot be stored, "After applying the update,
/// the (immutable) field '_id' was found to have been altered to _id: 2".
pub(super) fn run(
    update: &UpdatePipeline,
    doc: &Document,
    mode: Mode,
    context: &UpdateContext,
) -> Result<(Document, bool), QueryError> {
    let ctx = Context {
        now_ms: context.now_ms,
    };
    let clock = [("CLOCK_TIME", Value::Timestamp(context.timestamp))];
    let out = update
        .pipeline
        .run_with_variables(std::slice::from_ref(doc), &ctx, &clock)
        .map_err(relocate)?;
    // Every allowed stage makes one document of one.
    let Some(result) = out.into_iter().next() else {
        return Ok((doc.clone(), false));
    };
    if super::identical_documents(doc, &result) {
        return Ok((result, false));
    }
    if let Some(id) = result.get("_id") {
        check_id_type(id)?;
    }
    let mut new = Document::with_capacity(result.len() + 1);
    match (doc.get("_id"), result.get("_id")) {
        (Some(old), Some(id)) if mode == Mode::Update && !order::equal(old, id) => {
            return Err(QueryError::new(
                "update._id",
                QueryErrorKind::server(
                    code::IMMUTABLE_FIELD,
                    format!(
                        "After applying the update, the (immutable) field '_id' was found to have been altered to {}",
                        server_element("_id", id)
                    ),
                ),
            ));
        }
        (Some(old), None) => new.push("_id", old.clone()),
        _ => {}
    }
    for (k, v) in result {
        new.push(k, v);
    }
    Ok((new, true))
}
