//! `$bucket` and `$sortByCount`, which the server rewrites into a `$group` and a `$sort`
//! (mongodb/mongo `src/mongo/db/pipeline/document_source_bucket.cpp` and
//! `document_source_sort_by_count.cpp`; manual, "$bucket", "$sortByCount").
//!
//! `$bucket` puts each document in the bucket whose boundaries hold its `groupBy` value
//! (lower bound included, upper excluded, compared in the server's order across types), or
//! in the `default` bucket; a value in no bucket with no default is the server's `$switch`
//! error. Buckets come out sorted by `_id`, the lower bound (or the default's value); empty
//! buckets are not output.

use std::cmp::Ordering;

use super::group::Group;
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind};
use crate::query::expr;
use crate::query::interrupt;
use crate::query::order;
use crate::query::sort::SortSpec;
use crate::query::update::server_value;

/// A parsed `$bucket`.
#[derive(Clone, Debug)]
pub struct Bucket {
    group_by: Value,
    boundaries: Vec<Value>,
    default: Option<Value>,
    /// The `output` accumulators, grouped under `_id: null` within one bucket.
    output: Group,
}

fn server(code: i32, text: impl Into<String>) -> QueryError {
    QueryErrorKind::server(code, text).into()
}

/// Whether an expression is a constant (the server's `ExpressionConstant` after
/// optimisation): no field path and no variable anywhere in it.
fn is_constant(v: &Value) -> bool {
    match v {
        Value::String(s) => !s.starts_with('$'),
        Value::Array(items) => items.iter().all(is_constant),
        Value::Document(d) if d.keys().next() == Some("$literal") => true,
        Value::Document(d) => d.iter().all(|(_, v)| is_constant(v)),
        _ => true,
    }
}

/// The value of a constant expression, `None` when it is not one.
fn constant(v: &Value) -> Option<Value> {
    if !is_constant(v) {
        return None;
    }
    expr::evaluate_in(v, None, &[])
        .ok()
        .map(|v| v.unwrap_or(Value::Null))
}

impl Bucket {
    /// Reads a `$bucket` specification.
    ///
    /// # Errors
    /// The server's refusals with their codes (40191-40202): a `groupBy` that is not a path
    /// or an expression, boundaries that are not constant, fewer than two, of different
    /// types or not ascending, a `default` that is not constant or falls inside the
    /// boundaries, an `output` that is not an object or not `$group`'s accumulators, an
    /// unknown option, `groupBy` or `boundaries` missing.
    pub fn parse(arg: &Value) -> Result<Bucket, QueryError> {
        let Value::Document(spec) = arg else {
            return Err(server(
                40201,
                format!(
                    "Argument to $bucket stage must be an object, but found type: {}.",
                    arg.element_type().alias()
                ),
            ));
        };
        let (mut group_by, mut boundaries, mut default, mut output) =
            (None, Vec::new(), None, None);
        for (name, value) in spec.iter() {
            match name {
                "groupBy" => {
                    let ok = match value {
                        Value::Document(d) => d.keys().next().is_some_and(|k| k.starts_with('$')),
                        Value::String(s) => s.starts_with('$'),
                        _ => false,
                    };
                    if !ok {
                        return Err(server(
                            40202,
                            format!(
                                "The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but found: {}.",
                                server_value(value)
                            ),
                        ));
                    }
                    group_by = Some(value.clone());
                }
                "boundaries" => {
                    let Value::Array(items) = value else {
                        return Err(server(
                            40200,
                            format!(
                                "The $bucket 'boundaries' field must be an array, but found type: {}.",
                                value.element_type().alias()
                            ),
                        ));
                    };
                    boundaries.clear();
                    for item in items {
                        let Some(v) = constant(item) else {
                            return Err(server(
                                40191,
                                format!(
                                    "The $bucket 'boundaries' field must be an array of constant values, but found value: {}.",
                                    server_value(item)
                                ),
                            ));
                        };
                        boundaries.push(v);
                    }
                    if boundaries.len() < 2 {
                        return Err(server(
                            40192,
                            format!(
                                "The $bucket 'boundaries' field must have at least 2 values, but found {} value(s).",
                                boundaries.len()
                            ),
                        ));
                    }
                    for (i, pair) in boundaries.windows(2).enumerate() {
                        let (lower, upper) = (&pair[0], &pair[1]);
                        if order::bracket(lower) != order::bracket(upper) {
                            return Err(server(
                                40193,
                                format!(
                                    "All values in the the 'boundaries' option to $bucket must have the same type. Found conflicting types {} and {}.",
                                    lower.element_type().alias(),
                                    upper.element_type().alias()
                                ),
                            ));
                        }
                        if order::compare(lower, upper) != Ordering::Less {
                            return Err(server(
                                40194,
                                format!(
                                    "The 'boundaries' option to $bucket must be sorted, but elements {} and {} are not in ascending order ({} is not less than {}).",
                                    i,
                                    i + 1,
                                    server_value(lower),
                                    server_value(upper)
                                ),
                            ));
                        }
                    }
                }
                "default" => {
                    let Some(v) = constant(value) else {
                        return Err(server(
                            40195,
                            format!(
                                "The $bucket 'default' field must be a constant expression, but found: {}.",
                                server_value(value)
                            ),
                        ));
                    };
                    default = Some(v);
                }
                "output" => {
                    let Value::Document(fields) = value else {
                        return Err(server(
                            40196,
                            format!(
                                "The $bucket 'output' field must be an object, but found type: {}.",
                                value.element_type().alias()
                            ),
                        ));
                    };
                    output = Some(fields.clone());
                }
                other => {
                    return Err(server(
                        40197,
                        format!("Unrecognized option to $bucket: {other}."),
                    ));
                }
            }
        }
        let (Some(group_by), Some(first), Some(last)) =
            (group_by, boundaries.first(), boundaries.last())
        else {
            return Err(server(
                40198,
                "$bucket requires 'groupBy' and 'boundaries' to be specified.",
            ));
        };
        if let Some(d) = &default
            && order::bracket(d) == order::bracket(first)
            && order::compare(d, first) != Ordering::Less
            && order::compare(d, last) == Ordering::Less
        {
            return Err(server(
                40199,
                "The $bucket 'default' field must be less than the lowest boundary or greater than or equal to the highest boundary.",
            ));
        }
        let mut group = Document::new();
        group.push("_id", Value::Null);
        match output {
            Some(fields) => {
                for (k, v) in fields.iter() {
                    group.push(k, v.clone());
                }
            }
            None => {
                let mut one = Document::new();
                one.push("$sum", 1);
                group.push("count", one);
            }
        }
        Ok(Bucket {
            group_by,
            boundaries,
            default,
            output: Group::parse(&group)?,
        })
    }

    /// The buckets of `docs`, sorted by `_id`.
    ///
    /// # Errors
    /// A `groupBy` value in no bucket without a default (the server's `$switch`: "$switch
    /// could not find a matching branch for an input, and no default was specified.", 40066),
    /// an expression's error, `$group`'s limits, a stop.
    pub fn run(
        &self,
        docs: Vec<Document>,
        vars: &[(&str, Value)],
        allow_disk_use: bool,
    ) -> Result<Vec<Document>, QueryErrorKind> {
        // One partition per boundary interval, then the default's.
        let mut parts: Vec<Vec<Document>> = vec![Vec::new(); self.boundaries.len()];
        for doc in docs {
            interrupt::check()?;
            let v = expr::evaluate_in(&self.group_by, Some(&doc), vars)?.unwrap_or(Value::Null);
            let slot = self.boundaries.windows(2).position(|pair| {
                order::compare(&v, &pair[0]) != Ordering::Less
                    && order::compare(&v, &pair[1]) == Ordering::Less
            });
            match (slot, &self.default) {
                (Some(i), _) => parts[i].push(doc),
                (None, Some(_)) => parts[self.boundaries.len() - 1].push(doc),
                (None, None) => {
                    return Err(QueryErrorKind::server(
                        40066,
                        "$switch could not find a matching branch for an input, and no default was specified.",
                    ));
                }
            }
        }
        let mut out = Vec::new();
        for (i, part) in parts.into_iter().enumerate() {
            if part.is_empty() {
                continue;
            }
            let key = match self.boundaries.get(i + 1) {
                Some(_) => self.boundaries[i].clone(),
                None => self.default.clone().unwrap_or(Value::Null),
            };
            for mut d in self.output.run(&part, vars, allow_disk_use)? {
                d.insert("_id", key.clone());
                out.push(d);
            }
        }
        sort_by(&mut out, "{ _id: 1 }")?;
        Ok(out)
    }
}

/// Sorts by a one-key specification written here.
fn sort_by(docs: &mut [Document], key: &str) -> Result<(), QueryErrorKind> {
    let (path, ascending) = match key {
        "{ _id: 1 }" => ("_id", 1),
        _ => ("count", -1),
    };
    let mut spec = Document::new();
    spec.push(path, ascending);
    let spec = SortSpec::parse(&spec).map_err(|e| e.kind)?;
    spec.sort(docs).map_err(|e| e.kind)
}

/// A parsed `$sortByCount`: a `$group` counting each value, then a `$sort` by the count,
/// descending.
#[derive(Clone, Debug)]
pub struct SortByCount {
    group: Group,
}

impl SortByCount {
    /// Reads a `$sortByCount` argument: a `$`-prefixed path or an expression object.
    ///
    /// # Errors
    /// The server's refusals: 40147 (an object that is not an expression), 40148 (a string
    /// that is not a path), 40149 (anything else).
    pub fn parse(arg: &Value) -> Result<SortByCount, QueryError> {
        const WORDS: &str = "the sortByCount field must be defined as a $-prefixed path or an expression inside an object";
        match arg {
            Value::Document(d) if !d.keys().next().is_some_and(|k| k.starts_with('$')) => {
                return Err(server(40147, WORDS));
            }
            Value::String(s) if !s.starts_with('$') => return Err(server(40148, WORDS)),
            Value::Document(_) | Value::String(_) => {}
            _ => {
                return Err(server(
                    40149,
                    "the sortByCount field must be specified as a string or as an object",
                ));
            }
        }
        let mut spec = Document::new();
        spec.push("_id", arg.clone());
        let mut one = Document::new();
        one.push("$sum", 1);
        spec.push("count", one);
        Ok(SortByCount {
            group: Group::parse(&spec)?,
        })
    }

    /// The counts, largest first (ties in the order their values were first seen).
    ///
    /// # Errors
    /// As `$group`.
    pub fn run(
        &self,
        docs: &[Document],
        vars: &[(&str, Value)],
        allow_disk_use: bool,
    ) -> Result<Vec<Document>, QueryErrorKind> {
        let mut out = self.group.run(docs, vars, allow_disk_use)?;
        sort_by(&mut out, "{ count: -1 }")?;
        Ok(out)
    }
}
