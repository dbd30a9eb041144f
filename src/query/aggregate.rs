//! Aggregation pipelines over documents in memory: `$documents`, `$match`, `$project`,
//! `$addFields`/`$set`, `$unset`, `$replaceRoot`/`$replaceWith`, `$group`, `$sort`, `$skip`,
//! `$limit`, `$count`, `$unwind`, `$lookup` (over the named [`Collections`] a run is given),
//! `$facet`, `$bucket` and `$sortByCount`.
//!
//! The whole pipeline is parsed before any document flows, as on the server, so a mistake in
//! the last stage is reported even when the first stage would produce nothing. Expressions are
//! [`crate::query::expr`]'s; the clock (`$$NOW`) comes from the [`Context`], never from the
//! system.

mod bucket;
mod facet;
mod group;
pub mod lookup;
pub mod projection;
mod stream;
mod unwind;
mod variables;

pub use group::{Group, Grouping};
pub use projection::{AddFields, Policy, Projection, ProjectionKind};

use super::collation::Collation;
use super::error::{QueryError, QueryErrorKind};
use super::expr;
use super::interrupt;
use super::limits;
use super::matcher::Filter;
use super::sort::SortSpec;
use super::update::server_document;
use crate::bson::num::Number;
use crate::bson::{Document, Value};

/// The other collections a pipeline may read (`$lookup`'s `from`), by name. A name that is
/// not here is an empty collection, as on the server, where a collection that does not exist
/// reads as one with no documents.
pub type Collections = std::collections::BTreeMap<String, Vec<Document>>;

/// What a pipeline may read besides its input: the time `$$NOW` stands for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// `$$NOW`, in milliseconds since the epoch.
    pub now_ms: i64,
}

impl Context {
    /// The variables expressions see.
    fn variables(&self) -> [(&'static str, Value); 1] {
        [("NOW", Value::DateTime(self.now_ms))]
    }
}

/// Runs a pipeline over `input` (the collection's documents in natural order).
///
/// # Errors
/// The first stage the server would refuse ("Unrecognized pipeline stage name: '$foo'",
/// "Invalid $project :: caused by :: ..."), or the first expression that fails on a document.
///
/// # Examples
/// Field names are stored in every document, so shorter names save bytes (the same values
/// under `customerEmailAddress`-style names take 102):
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::aggregate::{aggregate, Context};
/// let stage = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// let out = aggregate(&[], &[
///     stage("{ $documents: [{}] }"),
///     stage("{ $project: { _id: 0, shortNames: { $bsonSize: { $literal: {
///         email: 'an@x.vn', phone: '0901234567', createdAt: new Date(0) } } } } }"),
/// ], &Context::default()).unwrap();
/// assert_eq!(out, vec![stage("{ shortNames: 65 }")]);
/// ```
pub fn aggregate(
    input: &[Document],
    pipeline: &[Document],
    ctx: &Context,
) -> Result<Vec<Document>, QueryError> {
    Pipeline::parse(pipeline)?.run(input, ctx)
}

/// [`aggregate`], with other collections for `$lookup` to read.
///
/// # Errors
/// As [`aggregate`].
///
/// # Examples
/// A join is an equality match: the number 42 never joins the string "42".
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::aggregate::{aggregate_in, Collections, Context};
/// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// let users = Collections::from([("users".to_owned(), vec![doc("{ _id: '42', name: 'An' }")])]);
/// let out = aggregate_in(&[doc("{ _id: 1, userId: 42 }")], &[doc(
///     "{ $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'user' } }",
/// )], &Context::default(), &users).unwrap();
/// assert_eq!(out, vec![doc("{ _id: 1, userId: 42, user: [] }")]);
/// ```
pub fn aggregate_in(
    input: &[Document],
    pipeline: &[Document],
    ctx: &Context,
    collections: &Collections,
) -> Result<Vec<Document>, QueryError> {
    Pipeline::parse(pipeline)?.run_in(input, ctx, collections)
}

/// A parsed pipeline.
pub struct Pipeline {
    stages: Vec<(String, Stage)>,
    allow_disk_use: bool,
    spill_dir: Option<std::path::PathBuf>,
    collation: Collation,
}

enum Stage {
    Documents(Value),
    /// The parsed filter, and the filter as written (to bind variables into its `$expr`).
    Match(Filter, Document),
    Project(Projection),
    AddFields(AddFields),
    ReplaceRoot(Value),
    Group(Group),
    /// The order, and how many documents the stages after it can ever read (a `$limit`
    /// after it, plus the `$skip`s between), when they are fewer than all.
    Sort(SortSpec, Option<usize>),
    Skip(usize),
    Limit(usize),
    Count(String),
    Unwind(unwind::Unwind),
    Lookup(Box<Lookup>),
    Facet(Vec<(String, Pipeline)>),
    Bucket(Box<bucket::Bucket>),
    SortByCount(bucket::SortByCount),
}

/// A parsed `$lookup`: its specification and its sub-pipeline.
struct Lookup {
    spec: lookup::LookupSpec,
    pipeline: Option<Pipeline>,
}

/// What the stages of one run read: the variables in scope, the other collections, and
/// `allowDiskUse`.
struct Env<'e> {
    vars: &'e [(&'e str, Value)],
    collections: &'e Collections,
    allow_disk_use: bool,
    /// Where `$sort` spills past 100 MB with `allowDiskUse`.
    spill_dir: Option<&'e std::path::Path>,
    /// How `$match`, `$sort` and `$lookup`'s join compare strings.
    collation: &'e Collation,
}

impl Env<'_> {
    /// A `$match` filter as it runs in this environment, when it differs from the parsed one:
    /// with variables in scope, their values are written into the `$expr`s first; with a
    /// collation, strings compare by it.
    fn bound_filter(&self, spec: &Document) -> Result<Option<Filter>, QueryErrorKind> {
        Ok(match variables::bind(spec, self.vars) {
            Some(bound) => Some(Filter::parse_in(&bound, self.collation).map_err(|e| e.kind)?),
            None if !self.collation.is_simple() => {
                Some(Filter::parse_in(spec, self.collation).map_err(|e| e.kind)?)
            }
            None => None,
        })
    }

    /// `spec` comparing strings by the run's collation.
    fn collated(&self, spec: &SortSpec) -> SortSpec {
        if self.collation.is_simple() {
            spec.clone()
        } else {
            spec.clone().collated(self.collation)
        }
    }

    /// What a `$sort` may hold and where it spills; with `limit`, a top-k sort.
    fn sort_budget(&self, limit: Option<usize>) -> super::external_sort::SortBudget<'_> {
        super::external_sort::SortBudget {
            memory: limits::BLOCKING_MEMORY,
            allow_disk_use: self.allow_disk_use,
            spill_dir: self.spill_dir,
            limit,
        }
    }
}

/// Stages the server has that this tutor does not run.
const NOT_IMPLEMENTED: [&str; 18] = [
    "$bucketAuto",
    "$sample",
    "$out",
    "$merge",
    "$graphLookup",
    "$unionWith",
    "$densify",
    "$fill",
    "$setWindowFields",
    "$redact",
    "$geoNear",
    "$indexStats",
    "$collStats",
    "$search",
    "$vectorSearch",
    "$changeStream",
    "$listSessions",
    "$planCacheStats",
];

impl Pipeline {
    /// Parses every stage.
    ///
    /// # Errors
    /// As [`aggregate`].
    pub fn parse(pipeline: &[Document]) -> Result<Pipeline, QueryError> {
        let mut stages = Vec::with_capacity(pipeline.len());
        for (i, spec) in pipeline.iter().enumerate() {
            let mut fields = spec.iter();
            let (Some((name, arg)), None) = (fields.next(), fields.next()) else {
                return Err(QueryError::new(
                    format!("pipeline.{i}"),
                    QueryErrorKind::server(
                        40323,
                        "A pipeline stage specification object must contain exactly one field.",
                    ),
                ));
            };
            let at = format!("pipeline.{i}.{name}");
            let stage = parse_stage(i, name, arg).map_err(|e| e.within(&at))?;
            stages.push((at, stage));
        }
        coalesce_sort_limits(&mut stages);
        Ok(Pipeline {
            stages,
            allow_disk_use: true,
            spill_dir: None,
            collation: Collation::Simple,
        })
    }

    /// The `aggregate` command's `collation`: `$match`, `$sort` and `$lookup`'s equality
    /// join compare strings by it, in this pipeline and its sub-pipelines. (Expressions,
    /// `$group` keys and `$bucket` boundaries still compare strings byte by byte here.)
    #[must_use]
    pub fn collation(mut self, collation: &Collation) -> Self {
        self.collation = collation.clone();
        self
    }

    /// The `aggregate` command's `allowDiskUse`. Left alone it is `true`, the server's
    /// default since 6.0 (`allowDiskUseByDefault`): a `$group` or `$sort` past 100 MB would
    /// spill to disk there, and bson-tutor, which does not, says so
    /// ([`QueryErrorKind::WouldSpill`]). `false` gives the server's own refusal
    /// (`QueryExceededMemoryLimitNoDiskUseAllowed`, 292).
    #[must_use]
    pub fn allow_disk_use(mut self, allow: bool) -> Self {
        self.allow_disk_use = allow;
        self
    }

    /// Where `$sort` writes its sorted runs past 100 MB with `allowDiskUse` (the caller's
    /// directory; the files are removed when the stage ends). Without one, such a sort stops
    /// with [`QueryErrorKind::WouldSpill`]. (`$group` does not spill here.)
    #[must_use]
    pub fn spill_dir(mut self, dir: &std::path::Path) -> Self {
        self.spill_dir = Some(dir.to_path_buf());
        self
    }

    /// Runs the pipeline. Every stage's output is held in memory, within the tutor's
    /// [`limits::STAGE_OUTPUT_MEMORY`]; the result documents are checked as the server checks
    /// what it returns (16 MiB + 16 KiB, 200 levels). A stop asked for through
    /// [`interrupt`] ends the run with the server's words for it.
    ///
    /// # Errors
    /// The first expression (or sort) that fails, a limit reached, or the stop.
    pub fn run(&self, input: &[Document], ctx: &Context) -> Result<Vec<Document>, QueryError> {
        self.run_in(input, ctx, &Collections::new())
    }

    /// [`Pipeline::run`], with other collections for `$lookup` to read.
    ///
    /// # Errors
    /// As [`Pipeline::run`].
    pub fn run_in(
        &self,
        input: &[Document],
        ctx: &Context,
        collections: &Collections,
    ) -> Result<Vec<Document>, QueryError> {
        self.run_vars(input, &ctx.variables(), collections)
    }

    /// [`Pipeline::run`] with `vars` in scope beside the [`Context`]'s: a pipeline-style
    /// update binds `$$CLOCK_TIME` too.
    ///
    /// # Errors
    /// As [`Pipeline::run`].
    pub fn run_with_variables(
        &self,
        input: &[Document],
        ctx: &Context,
        vars: &[(&str, Value)],
    ) -> Result<Vec<Document>, QueryError> {
        let mut all: Vec<(&str, Value)> = ctx.variables().into_iter().collect();
        all.extend(vars.iter().cloned());
        self.run_vars(input, &all, &Collections::new())
    }

    fn run_vars(
        &self,
        input: &[Document],
        vars: &[(&str, Value)],
        collections: &Collections,
    ) -> Result<Vec<Document>, QueryError> {
        let env = Env {
            vars,
            collections,
            allow_disk_use: self.allow_disk_use,
            spill_dir: self.spill_dir.as_deref(),
            collation: &self.collation,
        };
        let docs = self.run_env(input.to_vec(), &env)?;
        for d in &docs {
            limits::check_result(d).map_err(|e| QueryError::from(QueryErrorKind::from(e)))?;
        }
        interrupt::check()?;
        Ok(docs)
    }
}

impl Pipeline {
    /// Runs the stages over `docs` in `env` (a sub-pipeline runs in its parent's).
    fn run_env(&self, docs: Vec<Document>, env: &Env<'_>) -> Result<Vec<Document>, QueryError> {
        self.run_range(0..self.stages.len(), docs, env)
    }

    /// The stages before the `end`-th (0-based), over `docs`.
    fn run_until(
        &self,
        end: usize,
        docs: Vec<Document>,
        env: &Env<'_>,
    ) -> Result<Vec<Document>, QueryError> {
        self.run_range(0..end.min(self.stages.len()), docs, env)
    }

    /// The stages of `range` (0-based), over `docs`.
    fn run_range(
        &self,
        range: std::ops::Range<usize>,
        mut docs: Vec<Document>,
        env: &Env<'_>,
    ) -> Result<Vec<Document>, QueryError> {
        for (at, stage) in self.stages.get(range).unwrap_or(&[]) {
            docs = match run_stage(stage, docs, env) {
                Ok(docs) => docs,
                // An evaluation cut short may fail in any way: the stop is the answer.
                Err(e) => return Err(stopped().unwrap_or_else(|| e.within(at))),
            };
            interrupt::check()?;
        }
        Ok(docs)
    }
}

/// The stop asked for, as the error to report, if one was.
fn stopped() -> Option<QueryError> {
    interrupt::check().err().map(QueryError::from)
}

/// A stage's output, counted as it grows: the documents a stage builds are measured
/// ([`limits::measure`]) once, as they are added.
struct Output {
    docs: Vec<Document>,
    memory: usize,
}

impl Output {
    fn with_capacity(n: usize) -> Self {
        Output {
            docs: Vec::with_capacity(n),
            memory: 0,
        }
    }

    /// Adds a document the stage built.
    ///
    /// # Errors
    /// A document nested past the server's 200 levels, the stage's output past the tutor's
    /// [`limits::STAGE_OUTPUT_MEMORY`], or a stop.
    fn push(&mut self, d: Document) -> Result<(), QueryErrorKind> {
        let m = limits::measure(&d);
        if m.depth > limits::MAX_BSON_DEPTH {
            return Err(limits::too_deep().into());
        }
        self.memory = self
            .memory
            .saturating_add(m.memory + std::mem::size_of::<Document>());
        if self.memory > limits::STAGE_OUTPUT_MEMORY {
            return Err(QueryErrorKind::OutputTooLarge {
                limit: limits::STAGE_OUTPUT_MEMORY,
            });
        }
        interrupt::check()?;
        self.docs.push(d);
        Ok(())
    }

    /// Adds every document of `docs`, stopping at the first refusal.
    fn extend(
        &mut self,
        docs: impl IntoIterator<Item = Result<Document, QueryErrorKind>>,
    ) -> Result<(), QueryErrorKind> {
        for d in docs {
            self.push(d?)?;
        }
        Ok(())
    }
}

/// Keeps the documents `keep` says yes to, looking at the interrupt flag as it goes.
fn retain(
    docs: Vec<Document>,
    mut keep: impl FnMut(&Document) -> Result<bool, QueryErrorKind>,
) -> Result<Vec<Document>, QueryErrorKind> {
    let mut out = Vec::new();
    for d in docs {
        interrupt::check()?;
        if keep(&d)? {
            out.push(d);
        }
    }
    Ok(out)
}

/// The server's refusal `text`, reported with `code`, about the stage as a whole.
fn server(code: i32, text: impl Into<String>) -> QueryError {
    QueryErrorKind::server(code, text).into()
}

/// The server's refusal `text`, whose code is not known here.
fn uncoded(text: impl Into<String>) -> QueryError {
    QueryErrorKind::server_uncoded(text).into()
}

/// A stage; errors have `at` relative to the stage (a `$match` filter's own path).
fn parse_stage(i: usize, name: &str, arg: &Value) -> Result<Stage, QueryError> {
    // The server's codes for these differ from stage to stage; not known here.
    let document = |what: &str| match arg {
        Value::Document(d) => Ok(d),
        other => Err(uncoded(format!(
            "{what} specification must be an object, but found {}",
            other.element_type().alias()
        ))),
    };
    Ok(match name {
        "$documents" => {
            if i != 0 {
                return Err(server(
                    40602,
                    "$documents is only valid as the first stage in a pipeline",
                ));
            }
            Stage::Documents(arg.clone())
        }
        "$match" => match arg {
            Value::Document(d) => Stage::Match(Filter::parse(d)?, d.clone()),
            _ => {
                return Err(server(
                    15959,
                    "the match filter must be an expression in an object",
                ));
            }
        },
        "$project" => {
            let spec = document("$project")?;
            let wrap = |e| QueryErrorKind::caused_by("Invalid $project", e);
            if spec.is_empty() {
                return Err(wrap(QueryErrorKind::server(
                    51272,
                    "projection specification must have at least one field",
                ))
                .into());
            }
            Stage::Project(Projection::parse(spec, Policy::Aggregate).map_err(wrap)?)
        }
        "$addFields" | "$set" => {
            let spec = document(name)?;
            Stage::AddFields(
                AddFields::parse(spec)
                    .map_err(|e| QueryErrorKind::caused_by(format!("Invalid {name}"), e))?,
            )
        }
        "$unset" => {
            let fields: Vec<&str> = match arg {
                Value::String(s) => vec![s.as_str()],
                Value::Array(items) if !items.is_empty() => items
                    .iter()
                    .map(|v| v.as_str().ok_or(()))
                    .collect::<Result<_, _>>()
                    .map_err(|()| server(31120, "$unset specification must be a string or an array containing only string values"))?,
                _ => {
                    return Err(server(
                        31119,
                        "$unset specification must be a string or an array with at least one field",
                    ));
                }
            };
            let spec: Document = fields.into_iter().map(|f| (f, Value::Int32(0))).collect();
            Stage::Project(
                Projection::parse(&spec, Policy::Aggregate)
                    .map_err(|e| QueryErrorKind::caused_by("Invalid $unset", e))?,
            )
        }
        "$replaceRoot" => {
            let spec = document("$replaceRoot")?;
            let mut new_root = None;
            for (k, v) in spec.iter() {
                match k {
                    "newRoot" => new_root = Some(v.clone()),
                    other => {
                        return Err(uncoded(format!(
                            "unrecognized option to $replaceRoot stage: {other}, only valid option is 'newRoot'."
                        )));
                    }
                }
            }
            Stage::ReplaceRoot(
                new_root
                    .ok_or_else(|| uncoded("no newRoot specified for the $replaceRoot stage"))?,
            )
        }
        "$replaceWith" => Stage::ReplaceRoot(arg.clone()),
        "$group" => Stage::Group(Group::parse(document("a group's fields")?)?),
        "$sort" => {
            let Value::Document(spec) = arg else {
                return Err(server(
                    15973,
                    "the $sort key specification must be an object",
                ));
            };
            if spec.is_empty() {
                return Err(server(15976, "$sort stage must have at least one sort key"));
            }
            // The stage reports the server's message without the key's place.
            Stage::Sort(
                SortSpec::parse(spec).map_err(|e| QueryError::from(e.kind))?,
                None,
            )
        }
        "$skip" => Stage::Skip(non_negative(name, arg)?),
        "$limit" => {
            let Some(n) = Number::of(arg) else {
                return Err(uncoded("the limit must be specified as a number"));
            };
            let n = safe_long(n);
            if n <= 0 {
                return Err(server(15958, "the limit must be positive"));
            }
            Stage::Limit(usize::try_from(n).unwrap_or(usize::MAX))
        }
        "$count" => {
            let name = match arg {
                Value::String(s) if !s.is_empty() => s.to_string(),
                _ => return Err(server(40156, "the count field must be a non-empty string")),
            };
            if name.starts_with('$') {
                return Err(server(40158, "the count field cannot be a $-prefixed path"));
            }
            if name.contains('.') {
                return Err(server(40160, "the count field cannot contain '.'"));
            }
            Stage::Count(name)
        }
        "$unwind" => Stage::Unwind(unwind::Unwind::parse(arg)?),
        "$lookup" => {
            let spec = lookup::parse(arg)?;
            let pipeline = spec
                .pipeline
                .as_deref()
                .map(|p| Pipeline::parse(p).map_err(|e| e.within("pipeline")))
                .transpose()?;
            Stage::Lookup(Box::new(Lookup { spec, pipeline }))
        }
        "$facet" => {
            let mut facets = Vec::new();
            for (name, stages) in facet::parse(arg)? {
                let pipeline = Pipeline::parse(&stages).map_err(|e| e.within(&name))?;
                if let Some(stage) = stages.iter().find_map(not_allowed_in_facet) {
                    return Err(server(
                        40600,
                        format!("{stage} is not allowed to be used within a $facet stage"),
                    ));
                }
                facets.push((name, pipeline));
            }
            Stage::Facet(facets)
        }
        "$bucket" => Stage::Bucket(Box::new(bucket::Bucket::parse(arg)?)),
        "$sortByCount" => Stage::SortByCount(bucket::SortByCount::parse(arg)?),
        other if NOT_IMPLEMENTED.contains(&other) => {
            return Err(QueryErrorKind::StageNotImplemented {
                stage: other.to_owned(),
            }
            .into());
        }
        other => {
            return Err(server(
                40324,
                format!("Unrecognized pipeline stage name: '{other}'"),
            ));
        }
    })
}

/// Gives each `$sort` the number of documents the `$skip`s and the first `$limit` right
/// after it let through, as the server's optimiser does: it swaps `$skip: s, $limit: l` into
/// `$limit: s + l, $skip: s` and lets the `$sort` absorb the `$limit`
/// (`DocumentSourceSort::doOptimizeAt`), so the sort keeps only its best `s + l` documents
/// (a top-k sort) instead of sorting everything.
fn coalesce_sort_limits(stages: &mut [(String, Stage)]) {
    for i in 0..stages.len() {
        let mut skipped = 0usize;
        let mut top = None;
        for (_, next) in stages.get(i + 1..).unwrap_or(&[]) {
            match next {
                Stage::Skip(n) => skipped = skipped.saturating_add(*n),
                Stage::Limit(n) => {
                    top = Some(skipped.saturating_add(*n));
                    break;
                }
                _ => break,
            }
        }
        if let Some((_, Stage::Sort(_, limit))) = stages.get_mut(i) {
            *limit = top;
        }
    }
}

/// The stage of `stage` (or of its sub-pipeline) that a `$facet` refuses, named as the
/// server names it: `$facet`, or `$documents inside of $lookup`.
fn not_allowed_in_facet(stage: &Document) -> Option<String> {
    let name = stage.keys().next()?;
    if facet::NOT_IN_FACET.contains(&name) {
        return Some(name.to_owned());
    }
    let Some(Value::Document(spec)) = stage.get("$lookup") else {
        return None;
    };
    let Some(Value::Array(sub)) = spec.get("pipeline") else {
        return None;
    };
    sub.iter().find_map(|s| match s {
        Value::Document(d) => not_allowed_in_facet(d).map(|inner| {
            let inner = inner.split(' ').next().unwrap_or_default().to_owned();
            format!("{inner} inside of $lookup")
        }),
        _ => None,
    })
}

/// The server's `safeNumberLong`: truncation toward zero, saturating, NaN to 0.
fn safe_long(n: Number) -> i64 {
    match n {
        Number::Int(i) => i64::from(i),
        Number::Long(l) => l,
        Number::Double(d) if d.is_nan() => 0,
        Number::Double(d) => d.trunc().clamp(i64::MIN as f64, i64::MAX as f64) as i64,
        Number::Decimal(d) => d.to_i64().unwrap_or(0),
    }
}

/// `parseIntegerElementToNonNegativeLong`, as `$skip` reads its argument.
fn non_negative(stage: &str, arg: &Value) -> Result<usize, QueryError> {
    let shown = crate::query::update::server_element(stage, arg);
    // The server's code for these is not known here.
    let bad = |why: &str| {
        Err(uncoded(format!(
            "invalid argument to {stage} stage: {why}: {shown}"
        )))
    };
    let Some(n) = Number::of(arg) else {
        return bad("Expected a number in");
    };
    let n = match n {
        Number::Int(i) => i64::from(i),
        Number::Long(l) => l,
        Number::Double(d) if d.fract() == 0.0 && d.abs() < 9.2e18 => d as i64,
        Number::Decimal(d) => match d.to_i64() {
            Some(v) => v,
            None => return bad("Expected an integer"),
        },
        Number::Double(_) => return bad("Expected an integer"),
    };
    if n < 0 {
        return bad("Expected a non-negative number in");
    }
    Ok(usize::try_from(n).unwrap_or(usize::MAX))
}

/// Runs one stage; errors are about the stage (a sub-pipeline's are placed inside it).
fn run_stage(
    stage: &Stage,
    docs: Vec<Document>,
    env: &Env<'_>,
) -> Result<Vec<Document>, QueryError> {
    match stage {
        Stage::Lookup(l) => run_lookup(l, docs, env),
        Stage::Facet(facets) => {
            let mut d = Document::new();
            for (name, pipeline) in facets {
                let found = pipeline
                    .run_env(docs.clone(), env)
                    .map_err(|e| e.within(name))?;
                d.push(
                    name.as_str(),
                    Value::Array(found.into_iter().map(Value::Document).collect()),
                );
            }
            let mut out = Output::with_capacity(1);
            out.push(d)?;
            Ok(out.docs)
        }
        other => Ok(run_simple_stage(other, docs, env)?),
    }
}

/// `$lookup`: each document with the foreign documents that join it, as an array at `as`.
fn run_lookup(l: &Lookup, docs: Vec<Document>, env: &Env<'_>) -> Result<Vec<Document>, QueryError> {
    let none = Vec::new();
    let foreign = match &l.spec.from {
        Some(name) => env.collections.get(name).unwrap_or(&none),
        None => &none,
    };
    // With both the equality and a pipeline that starts with `$documents`, the server puts
    // the equality's `$match` after that `$documents` (document_source_lookup.cpp, "It must
    // next after $documents if present"): the equality filters the documents it makes.
    let source_first = l.spec.equality.is_some()
        && l.pipeline
            .as_ref()
            .is_some_and(|p| matches!(p.stages.first(), Some((_, Stage::Documents(_)))));
    let mut out = Output::with_capacity(docs.len());
    for mut doc in docs {
        interrupt::check()?;
        // The `let` variables are read on this document, in the enclosing scope.
        let mut vars: Vec<(&str, Value)> = env.vars.to_vec();
        for (name, e) in &l.spec.let_vars {
            let v = expr::evaluate_in(e, Some(&doc), env.vars)
                .map_err(|e| QueryError::new(format!("let.{name}"), e))?
                .unwrap_or(Value::Null);
            vars.push((name.as_str(), v));
        }
        let inner = Env {
            vars: &vars,
            collections: env.collections,
            allow_disk_use: env.allow_disk_use,
            spill_dir: env.spill_dir,
            collation: env.collation,
        };
        let made;
        let candidates = match &l.pipeline {
            Some(p) if source_first => {
                made = p
                    .run_until(1, Vec::new(), &inner)
                    .map_err(|e| e.within("pipeline"))?;
                &made
            }
            _ => foreign,
        };
        let mut joined: Vec<Document> = match &l.spec.equality {
            Some((local, foreign_field)) => {
                let filter = Filter::parse_in(
                    &lookup::equality_filter(&doc, local, foreign_field),
                    env.collation,
                )?;
                let mut found = Vec::new();
                for d in candidates {
                    interrupt::check()?;
                    if filter.matches(d) {
                        found.push(d.clone());
                    }
                }
                found
            }
            None => candidates.clone(),
        };
        if let Some(pipeline) = &l.pipeline {
            joined = pipeline
                .run_range(
                    usize::from(source_first)..pipeline.stages.len(),
                    joined,
                    &inner,
                )
                .map_err(|e| e.within("pipeline"))?;
        }
        lookup::set_field(
            &mut doc,
            &l.spec.as_field,
            Value::Array(joined.into_iter().map(Value::Document).collect()),
        );
        out.push(doc)?;
    }
    Ok(out.docs)
}

fn run_simple_stage(
    stage: &Stage,
    docs: Vec<Document>,
    env: &Env<'_>,
) -> Result<Vec<Document>, QueryErrorKind> {
    let (vars, allow_disk_use) = (env.vars, env.allow_disk_use);
    let mut out = Output::with_capacity(docs.len());
    match stage {
        Stage::Documents(e) => match expr::evaluate_in(e, None, vars)? {
            Some(Value::Array(items)) => out.extend(items.into_iter().map(|v| match v {
                Value::Document(d) => Ok(d),
                other => Err(QueryErrorKind::server_uncoded(format!(
                    "$documents requires an array of documents, found an element of type {}",
                    other.element_type().alias()
                ))),
            }))?,
            other => {
                return Err(QueryErrorKind::server_uncoded(format!(
                    "$documents requires an array of documents, found: {}",
                    other.map_or("missing", |v| v.element_type().alias())
                )));
            }
        },
        // These only drop documents: what they keep was measured when it was made.
        Stage::Match(filter, spec) => {
            let bound = env.bound_filter(spec)?;
            let filter = bound.as_ref().unwrap_or(filter);
            return retain(docs, |d| filter.try_matches(d).map_err(|e| e.kind));
        }
        Stage::Skip(n) => return Ok(docs.into_iter().skip(*n).collect()),
        Stage::Limit(n) => return Ok(docs.into_iter().take(*n).collect()),
        Stage::Sort(spec, limit) => {
            let spec = env.collated(spec);
            return super::external_sort::sort_all(&spec, docs, env.sort_budget(*limit))
                .map_err(|e| QueryError::from(e).kind);
        }
        Stage::Project(p) => out.extend(docs.iter().map(|d| p.apply(d, vars)))?,
        Stage::AddFields(a) => out.extend(docs.iter().map(|d| a.apply(d, vars)))?,
        Stage::ReplaceRoot(e) => out.extend(docs.iter().map(|d| {
            match expr::evaluate_in(e, Some(d), vars)? {
                Some(Value::Document(new)) => Ok(new),
                other => {
                    let other = other.unwrap_or(Value::Null);
                    Err(QueryErrorKind::server_uncoded(format!(
                        "'newRoot' expression must evaluate to an object, but resulting value was: {}. Type of resulting value: '{}'. Input document: {}",
                        crate::query::update::server_value(&other),
                        if matches!(other, Value::Null) { "missing" } else { other.element_type().alias() },
                        server_document(d)
                    )))
                }
            }
        }))?,
        Stage::Group(g) => out.extend(g.run(&docs, vars, allow_disk_use)?.into_iter().map(Ok))?,
        Stage::Count(name) => {
            if !docs.is_empty() {
                let n = docs.len();
                let mut d = Document::new();
                d.push(
                    name.as_str(),
                    i32::try_from(n).map_or(Value::Int64(n as i64), Value::Int32),
                );
                out.push(d)?;
            }
        }
        Stage::Unwind(u) => {
            for doc in docs {
                u.expand(doc, |d| out.push(d))?;
            }
        }
        Stage::Bucket(b) => out.extend(b.run(docs, vars, allow_disk_use)?.into_iter().map(Ok))?,
        Stage::SortByCount(s) => {
            out.extend(s.run(&docs, vars, allow_disk_use)?.into_iter().map(Ok))?;
        }
        // Run by `run_stage`.
        Stage::Lookup(_) | Stage::Facet(_) => {}
    }
    Ok(out.docs)
}
