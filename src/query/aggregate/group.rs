//! The `$group` stage: one output document per distinct `_id`, with accumulators.
//!
//! Keys are compared as the server compares values, so `1`, `1.0` and `NumberLong(1)` are
//! one group (the first one seen names it). Groups come out in the order their keys were
//! first seen; the server's order is unspecified (it hashes), so a pipeline that needs an
//! order puts a `$sort` after the `$group`.

use std::collections::{BTreeMap, BTreeSet};

use crate::bson::{Document, Value};
use crate::query::error::QueryErrorKind;
use crate::query::expr;
use crate::query::expr::summation::{Avg, Sum};
use crate::query::interrupt;
use crate::query::limits::{self, BLOCKING_MEMORY};
use crate::query::order;
use crate::query::server::code;
use crate::query::sort::OrderedValue;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Sum,
    Avg,
    First,
    Last,
    Push,
    AddToSet,
    Min,
    Max,
    Count,
}

/// A parsed `$group` specification.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    id: Value,
    fields: Vec<(String, Op, Value)>,
}

/// One group's running state for one accumulator.
#[derive(Clone, Debug)]
enum State {
    Values(Vec<Value>),
    One(Option<Value>),
    /// `$push`: the values and their estimated memory.
    Pushed(Vec<Value>, usize),
    /// `$addToSet`: the distinct values in the order first seen, the same values ordered
    /// for lookup, and their estimated memory.
    Set(Vec<Value>, BTreeSet<OrderedValue>, usize),
    /// `$sum` and `$count`: the server's running double-double total.
    Sum(Box<Sum>),
    /// `$avg`: the running total and count.
    Avg(Box<Avg>),
}

impl State {
    /// The estimated memory the state holds, as the server counts an accumulator's: the
    /// values `$push`, `$addToSet`, `$first`, `$last`, `$min` and `$max` keep. (`$sum`,
    /// `$avg` and `$count` keep a running total on the server; the numbers bson-tutor keeps
    /// for its exact sum are its own affair, bounded by the input.)
    fn memory(&self, op: Op) -> usize {
        match (op, self) {
            (Op::Sum | Op::Avg | Op::Count, _) | (_, State::Sum(_) | State::Avg(_)) => 0,
            (_, State::Values(values)) => {
                values.iter().map(|v| limits::measure_value(v).memory).sum()
            }
            (_, State::One(v)) => v.as_ref().map_or(0, |v| limits::measure_value(v).memory),
            (_, State::Pushed(_, bytes) | State::Set(_, _, bytes)) => *bytes,
        }
    }
}

impl Group {
    /// Reads a `$group` specification.
    ///
    /// # Errors
    /// The server's messages: "a group specification must include an _id", "The field 'n'
    /// must be an accumulator object", "The field 'n' must specify one accumulator", "Unknown
    /// group operator '$foo'", "The $sum accumulator is a unary operator".
    pub fn parse(spec: &Document) -> Result<Group, QueryErrorKind> {
        let mut id = None;
        let mut fields = Vec::new();
        for (name, value) in spec.iter() {
            if name == "_id" {
                id = Some(value.clone());
                continue;
            }
            if name.contains('.') {
                return Err(server(
                    40235,
                    format!("The field name '{name}' cannot contain '.'"),
                ));
            }
            if name.starts_with('$') {
                return Err(server(
                    40236,
                    format!("The field name '{name}' cannot be an operator name"),
                ));
            }
            let Value::Document(acc) = value else {
                return Err(server(
                    40234,
                    format!("The field '{name}' must be an accumulator object"),
                ));
            };
            let mut ops = acc.iter();
            let Some((op, arg)) = ops.next() else {
                return Err(server(
                    40234,
                    format!("The field '{name}' must be an accumulator object"),
                ));
            };
            if ops.next().is_some() {
                return Err(server(
                    40238,
                    format!("The field '{name}' must specify one accumulator"),
                ));
            }
            let op = match op {
                "$sum" => Op::Sum,
                "$avg" => Op::Avg,
                "$first" => Op::First,
                "$last" => Op::Last,
                "$push" => Op::Push,
                "$addToSet" => Op::AddToSet,
                "$min" => Op::Min,
                "$max" => Op::Max,
                "$count" => {
                    if !matches!(arg, Value::Document(d) if d.is_empty()) {
                        // The server's code for this one is not known here.
                        return Err(QueryErrorKind::server_uncoded(
                            "$count takes no arguments, i.e. $count:{}",
                        ));
                    }
                    Op::Count
                }
                other => {
                    return Err(server(15952, format!("Unknown group operator '{other}'")));
                }
            };
            if matches!(arg, Value::Array(_)) {
                return Err(server(
                    40237,
                    format!(
                        "The {} accumulator is a unary operator",
                        acc.keys().next().unwrap_or_default()
                    ),
                ));
            }
            fields.push((name.to_owned(), op, arg.clone()));
        }
        let Some(id) = id else {
            return Err(server(15955, "a group specification must include an _id"));
        };
        Ok(Group { id, fields })
    }

    /// Groups the documents. The groups' keys and accumulators are counted as the server
    /// counts them, against its 100 MB: a `$push` or `$addToSet` past it is refused
    /// (`ExceededMemoryLimit`: one accumulator cannot spill), the whole stage past it is
    /// refused without `allow_disk_use`, and otherwise the tutor says the server would spill.
    ///
    /// # Errors
    /// An expression's error, a memory limit, or a stop asked for through
    /// [`crate::query::interrupt`].
    pub fn run(
        &self,
        input: &[Document],
        vars: &[(&str, Value)],
        allow_disk_use: bool,
    ) -> Result<Vec<Document>, QueryErrorKind> {
        let mut grouping = self.start(allow_disk_use);
        for doc in input {
            grouping.add(doc, vars)?;
        }
        Ok(grouping.finish())
    }

    /// An empty grouping, fed one document at a time with [`Grouping::add`]: what a
    /// `$group` over a stream holds is its groups, never its input.
    pub fn start(&self, allow_disk_use: bool) -> Grouping<'_> {
        Grouping {
            group: self,
            allow_disk_use,
            index: BTreeMap::new(),
            groups: Vec::new(),
            memory: 0,
        }
    }
    /// The group key: an expression, or a document of expressions (whose missing fields are
    /// left out). A missing key is null.
    fn key(&self, doc: &Document, vars: &[(&str, Value)]) -> Result<Value, QueryErrorKind> {
        Ok(expr::evaluate_in(&self.id, Some(doc), vars)?.unwrap_or(Value::Null))
    }
}

/// A `$group` in progress: the groups seen so far and their accumulators.
pub struct Grouping<'g> {
    group: &'g Group,
    allow_disk_use: bool,
    index: BTreeMap<OrderedValue, usize>,
    groups: Vec<(Value, Vec<State>)>,
    memory: usize,
}

impl Grouping<'_> {
    /// Adds one document to its group (made when its key is first seen).
    ///
    /// # Errors
    /// As [`Group::run`].
    pub fn add(&mut self, doc: &Document, vars: &[(&str, Value)]) -> Result<(), QueryErrorKind> {
        interrupt::check()?;
        let fields = &self.group.fields;
        let key = self.group.key(doc, vars)?;
        let slot = match self.index.get(&OrderedValue(key.clone())) {
            Some(&i) => i,
            None => {
                self.index
                    .insert(OrderedValue(key.clone()), self.groups.len());
                self.memory += 2 * limits::measure_value(&key).memory;
                let states = fields
                    .iter()
                    .map(|(_, op, _)| match op {
                        Op::First | Op::Last => State::One(None),
                        Op::Push => State::Pushed(Vec::new(), 0),
                        Op::AddToSet => State::Set(Vec::new(), BTreeSet::new(), 0),
                        Op::Sum | Op::Count => State::Sum(Box::default()),
                        Op::Avg => State::Avg(Box::default()),
                        _ => State::Values(Vec::new()),
                    })
                    .collect();
                self.groups.push((key, states));
                self.groups.len() - 1
            }
        };
        let Some((_, states)) = self.groups.get_mut(slot) else {
            return Ok(());
        };
        for ((_, op, arg), state) in fields.iter().zip(states.iter_mut()) {
            let value = match op {
                Op::Count => Some(Value::Int32(1)),
                _ => expr::evaluate_in(arg, Some(doc), vars)?,
            };
            let before = state.memory(*op);
            accumulate(*op, state, value)?;
            self.memory = (self.memory + state.memory(*op)).saturating_sub(before);
        }
        if self.memory > BLOCKING_MEMORY {
            return Err(if self.allow_disk_use {
                QueryErrorKind::WouldSpill {
                    stage: "$group".into(),
                    limit: BLOCKING_MEMORY,
                }
            } else {
                // DocumentSourceGroup's words (mongodb/mongo
                // src/mongo/db/pipeline/document_source_group_base.cpp).
                server(
                    code::QUERY_EXCEEDED_MEMORY_LIMIT_NO_DISK_USE_ALLOWED,
                    "Exceeded memory limit for $group, but didn't allow external sort. Pass allowDiskUse:true to opt in.",
                )
            });
        }
        Ok(())
    }

    /// The groups, one document each, in the order their keys were first seen.
    pub fn finish(self) -> Vec<Document> {
        let fields = &self.group.fields;
        self.groups
            .into_iter()
            .map(|(key, states)| {
                let mut out = Document::with_capacity(fields.len() + 1);
                out.push("_id", key);
                for ((name, op, _), state) in fields.iter().zip(states) {
                    out.push(name.as_str(), finish(*op, state));
                }
                out
            })
            .collect()
    }
}

/// The server's refusal `text`, reported with `code`.
fn server(code: i32, text: impl Into<String>) -> QueryErrorKind {
    QueryErrorKind::server(code, text)
}

/// Adds one value to an accumulator.
///
/// # Errors
/// A `$push` or `$addToSet` past the server's 100 MB, in its words (mongodb/mongo
/// `src/mongo/db/pipeline/accumulator_push.cpp`, `accumulator_add_to_set.cpp`;
/// `ExceededMemoryLimit`, 146).
fn accumulate(op: Op, state: &mut State, value: Option<Value>) -> Result<(), QueryErrorKind> {
    match (op, state) {
        (Op::First, State::One(slot @ None)) => *slot = Some(value.unwrap_or(Value::Null)),
        (Op::Last, State::One(slot)) => *slot = Some(value.unwrap_or(Value::Null)),
        (Op::Sum | Op::Count, State::Sum(total)) => {
            if let Some(v) = value {
                total.push(&v);
            }
        }
        (Op::Avg, State::Avg(total)) => {
            if let Some(v) = value {
                total.push(&v);
            }
        }
        (Op::Push, State::Pushed(values, bytes)) => {
            if let Some(v) = value {
                *bytes += limits::measure_value(&v).memory;
                values.push(v);
                if *bytes > BLOCKING_MEMORY {
                    return Err(server(
                        code::EXCEEDED_MEMORY_LIMIT,
                        format!(
                            "$push used too much memory and cannot spill to disk. Memory limit: {BLOCKING_MEMORY} bytes"
                        ),
                    ));
                }
            }
        }
        (Op::AddToSet, State::Set(values, seen, bytes)) => {
            if let Some(v) = value
                && seen.insert(OrderedValue(v.clone()))
            {
                *bytes += limits::measure_value(&v).memory;
                values.push(v);
                if *bytes > BLOCKING_MEMORY {
                    return Err(server(
                        code::EXCEEDED_MEMORY_LIMIT,
                        format!(
                            "$addToSet used too much memory and cannot spill to disk. Used: {bytes} bytes. Memory limit: {BLOCKING_MEMORY} bytes"
                        ),
                    ));
                }
            }
        }
        (Op::Min | Op::Max, State::Values(values)) => {
            // Null, undefined and missing do not take part.
            let Some(v) = value.filter(|v| !matches!(v, Value::Null | Value::Undefined)) else {
                return Ok(());
            };
            let replace = match values.first() {
                None => true,
                Some(best) => {
                    let o = order::compare(&v, best);
                    if op == Op::Min { o.is_lt() } else { o.is_gt() }
                }
            };
            if replace {
                values.clear();
                values.push(v);
            }
        }
        _ => {}
    }
    Ok(())
}

fn finish(op: Op, state: State) -> Value {
    match (op, state) {
        (_, State::One(v)) => v.unwrap_or(Value::Null),
        (_, State::Sum(total)) => total.value(),
        (_, State::Avg(total)) => total.value(),
        (Op::Sum | Op::Count | Op::Avg, State::Values(_)) => Value::Null,
        (_, State::Pushed(values, _) | State::Set(values, _, _)) => Value::Array(values),
        (Op::Min | Op::Max, State::Values(mut values)) => values.pop().unwrap_or(Value::Null),
        (Op::First | Op::Last, State::Values(_)) => Value::Null,
        // Never made: `$push` and `$addToSet` start as their own states.
        (Op::Push | Op::AddToSet, State::Values(values)) => Value::Array(values),
    }
}
