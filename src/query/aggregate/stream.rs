//! Pipelines over a stream of documents (a mongodump file read one document at a time):
//! what is held is bounded by what the stages need, never by the input.
//!
//! The stages that work document by document (`$match`, `$project`, `$addFields`/`$set`,
//! `$unset`, `$replaceRoot`/`$replaceWith`, `$unwind`, `$skip`, `$limit`, `$lookup`) pass each
//! document on as it comes; a blocking stage (`$group`, `$sort`, `$count`, `$facet`,
//! `$bucket`, `$sortByCount`) takes everything before it, and what it makes flows on through
//! the next stages the same way. `$group` holds only its groups, `$count` only its count, and
//! `$sort` only its 100 MB (spilling past it with `allowDiskUse`), or only its best `k` when a
//! `$limit` follows it. A `$limit` that has let its documents through stops the reading, as
//! the server's does: the documents after it are never looked at.

use super::{Collections, Context, Env, Output, Pipeline, Stage, run_stage, stopped};
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind};
use crate::query::external_sort::{ExternalSorter, SortError};
use crate::query::interrupt;
use crate::query::limits;
use crate::query::matcher::Filter;
use crate::query::sort::SortSpec;

/// Where the documents a segment makes go.
type Sink<'s, E> = dyn FnMut(Document) -> Result<(), E> + 's;

/// A stream of documents, or the error that ended it.
type Docs<'a, E> = Box<dyn Iterator<Item = Result<Document, E>> + 'a>;

impl Pipeline {
    /// Runs the pipeline over documents as they arrive, handing each result to `emit` as
    /// soon as it is known (see the module's documentation for what is held). The results,
    /// and their order, are [`Pipeline::run_in`]'s on the same documents, each checked as the
    /// server checks what it returns; a stop asked for through [`interrupt`] ends the run
    /// with the server's words for it.
    ///
    /// Unlike [`Pipeline::run_in`], whose stages each hold their whole output within the
    /// tutor's [`limits::STAGE_OUTPUT_MEMORY`], nothing here is refused for its size but what
    /// the blocking stages hold. And like the server, a `$limit` stops the reading: a
    /// document after it that an earlier stage would fail on is never read.
    ///
    /// # Errors
    /// The input's first error, `emit`'s, or [`Pipeline::run_in`]'s (as [`QueryError`]s
    /// turned into `E`), at the first document that has it: the results before it were
    /// emitted.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::aggregate::{Collections, Context, Pipeline};
    /// use bson_tutor::query::error::QueryError;
    /// let doc = |s: &str| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let pipeline = Pipeline::parse(&[doc("{ $match: { v: { $gt: 1 } } }"),
    ///                                  doc("{ $limit: 2 }")]).unwrap();
    /// let mut read = 0;
    /// let input = (1..1_000_000).map(|v| { read += 1; Ok::<_, QueryError>(doc(&format!("{{ v: {v} }}"))) });
    /// let mut out = Vec::new();
    /// pipeline.run_stream(input, &Context::default(), &Collections::new(), |d| {
    ///     out.push(d);
    ///     Ok(())
    /// }).unwrap();
    /// assert_eq!(out, vec![doc("{ v: 2 }"), doc("{ v: 3 }")]);
    /// assert_eq!(read, 3); // the limit stopped the reading
    /// ```
    pub fn run_stream<I, E, F>(
        &self,
        input: I,
        ctx: &Context,
        collections: &Collections,
        mut emit: F,
    ) -> Result<(), E>
    where
        I: IntoIterator<Item = Result<Document, E>>,
        E: From<QueryError>,
        F: FnMut(Document) -> Result<(), E>,
    {
        let vars = ctx.variables();
        let env = Env {
            vars: &vars,
            collections,
            allow_disk_use: self.allow_disk_use,
            spill_dir: self.spill_dir.as_deref(),
            collation: &self.collation,
        };
        let mut checked = |d: Document| -> Result<(), E> {
            limits::check_result(&d).map_err(|e| QueryError::from(QueryErrorKind::from(e)))?;
            emit(d)
        };
        self.drive(0, input.into_iter(), &env, &mut checked)?;
        interrupt::check().map_err(QueryError::from)?;
        Ok(())
    }

    /// Runs the stages from `start` over `input`: the document-by-document ones up to the
    /// next blocking stage, that stage, then (recursively) the rest over what it made.
    fn drive<E: From<QueryError>>(
        &self,
        start: usize,
        input: impl Iterator<Item = Result<Document, E>>,
        env: &Env<'_>,
        sink: &mut Sink<'_, E>,
    ) -> Result<(), E> {
        let rest = self.stages.get(start..).unwrap_or(&[]);
        let streamed = rest
            .iter()
            .position(|(_, s)| is_blocking(s))
            .unwrap_or(rest.len());
        let mut steps = Vec::with_capacity(streamed);
        for (at, stage) in &rest[..streamed] {
            steps.push(Step::new(at, stage, env)?);
        }
        let Some((at, blocking)) = rest.get(streamed) else {
            return pull(input, &mut steps, env, sink);
        };
        let fail = |e: QueryErrorKind| stopped().unwrap_or_else(|| QueryError::from(e).within(at));
        let sort_fail = |e: SortError| fail(QueryError::from(e).kind);
        let made: Docs<'_, E> = match blocking {
            // `$documents` reads no input: it makes its own.
            Stage::Documents(_) => Box::new(
                run_stage(blocking, Vec::new(), env)
                    .map_err(|e| stopped().unwrap_or_else(|| e.within(at)))?
                    .into_iter()
                    .map(Ok),
            ),
            Stage::Sort(spec, limit) => {
                let spec: SortSpec = env.collated(spec);
                let mut sorter = ExternalSorter::new(&spec, env.sort_budget(*limit));
                pull(input, &mut steps, env, &mut |d| {
                    interrupt::check().map_err(|e| fail(e.into()))?;
                    sorter.push(d).map_err(|e| E::from(sort_fail(e)))
                })?;
                let sorted = sorter.finish().map_err(sort_fail)?;
                Box::new(sorted.map(move |d| d.map_err(|e| E::from(sort_fail(e)))))
            }
            Stage::Group(group) => {
                let mut grouping = group.start(env.allow_disk_use);
                pull(input, &mut steps, env, &mut |d| {
                    grouping.add(&d, env.vars).map_err(|e| E::from(fail(e)))
                })?;
                let mut out = Output::with_capacity(0);
                for d in grouping.finish() {
                    out.push(d).map_err(fail)?;
                }
                Box::new(out.docs.into_iter().map(Ok))
            }
            Stage::Count(name) => {
                let mut n = 0usize;
                pull(input, &mut steps, env, &mut |_| {
                    n += 1;
                    Ok(())
                })?;
                let mut out = Output::with_capacity(1);
                if n > 0 {
                    let mut d = Document::new();
                    d.push(
                        name.as_str(),
                        i32::try_from(n).map_or(Value::Int64(n as i64), Value::Int32),
                    );
                    out.push(d).map_err(fail)?;
                }
                Box::new(out.docs.into_iter().map(Ok))
            }
            // `$facet`, `$bucket`, `$sortByCount`: they need their whole input at once.
            _ => {
                let mut held = Vec::new();
                pull(input, &mut steps, env, &mut |d| {
                    held.push(d);
                    Ok(())
                })?;
                Box::new(
                    run_stage(blocking, held, env)
                        .map_err(|e| stopped().unwrap_or_else(|| e.within(at)))?
                        .into_iter()
                        .map(Ok),
                )
            }
        };
        self.drive(start + streamed + 1, made, env, sink)
    }
}

/// Whether a stage needs all its input before it can give anything.
fn is_blocking(stage: &Stage) -> bool {
    !matches!(
        stage,
        Stage::Match(..)
            | Stage::Project(_)
            | Stage::AddFields(_)
            | Stage::ReplaceRoot(_)
            | Stage::Unwind(_)
            | Stage::Skip(_)
            | Stage::Limit(_)
            | Stage::Lookup(_)
    )
}

/// A document-by-document stage, ready to run.
struct Step<'p> {
    at: &'p str,
    kind: StepKind<'p>,
}

enum StepKind<'p> {
    /// The parsed filter, or the one bound to the run's variables and collation.
    Match(&'p Filter, Option<Filter>),
    /// Documents still to drop.
    Skip(usize),
    /// Documents still to let through.
    Limit(usize),
    /// Any other stage, run on one document at a time as the in-memory run runs it.
    Each(&'p Stage),
}

impl<'p> Step<'p> {
    fn new(at: &'p str, stage: &'p Stage, env: &Env<'_>) -> Result<Step<'p>, QueryError> {
        let kind = match stage {
            Stage::Match(filter, spec) => StepKind::Match(
                filter,
                env.bound_filter(spec)
                    .map_err(|e| QueryError::from(e).within(at))?,
            ),
            Stage::Skip(n) => StepKind::Skip(*n),
            Stage::Limit(n) => StepKind::Limit(*n),
            other => StepKind::Each(other),
        };
        Ok(Step { at, kind })
    }
}

/// Reads `input` through `steps` into `sink`, until the input ends or a `$limit` has let
/// through all it will.
fn pull<E: From<QueryError>>(
    mut input: impl Iterator<Item = Result<Document, E>>,
    steps: &mut [Step<'_>],
    env: &Env<'_>,
    sink: &mut Sink<'_, E>,
) -> Result<(), E> {
    // Looked at before each read: a finished `$limit` reads nothing more.
    while !steps.iter().any(|s| matches!(s.kind, StepKind::Limit(0))) {
        let Some(doc) = input.next() else {
            break;
        };
        interrupt::check().map_err(QueryError::from)?;
        pass(steps, doc?, env, sink)?;
    }
    Ok(())
}

/// One document through `steps`, then into `sink`.
fn pass<E: From<QueryError>>(
    steps: &mut [Step<'_>],
    doc: Document,
    env: &Env<'_>,
    sink: &mut Sink<'_, E>,
) -> Result<(), E> {
    let Some((step, rest)) = steps.split_first_mut() else {
        return sink(doc);
    };
    match &mut step.kind {
        StepKind::Match(parsed, bound) => {
            if bound
                .as_ref()
                .unwrap_or(parsed)
                .try_matches(&doc)
                .map_err(E::from)?
            {
                pass(rest, doc, env, sink)?;
            }
        }
        StepKind::Skip(left) if *left > 0 => *left -= 1,
        StepKind::Skip(_) => pass(rest, doc, env, sink)?,
        StepKind::Limit(0) => {}
        StepKind::Limit(left) => {
            *left -= 1;
            pass(rest, doc, env, sink)?;
        }
        StepKind::Each(stage) => {
            let at = step.at;
            let made = run_stage(stage, vec![doc], env)
                .map_err(|e| stopped().unwrap_or_else(|| e.within(at)))?;
            for d in made {
                pass(rest, d, env, sink)?;
            }
        }
    }
    Ok(())
}
