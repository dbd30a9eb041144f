//! The keys a document has in an index, as the server's B-tree key generator makes them
//! (`BtreeKeyGenerator`), and their order.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use crate::bson::{Document, Value};
use crate::query::order;
use crate::query::path::array_index;

/// One component of an index key, ordered in its field's direction.
#[derive(Clone, Debug)]
pub(crate) struct KeyPart {
    pub(super) value: Value,
    descending: bool,
}

impl PartialEq for KeyPart {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for KeyPart {}

impl PartialOrd for KeyPart {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for KeyPart {
    fn cmp(&self, other: &Self) -> Ordering {
        let o = order::compare(&self.value, &other.value);
        if self.descending { o.reverse() } else { o }
    }
}

/// One key of an index: a value per field of the pattern, in the index's order.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct IndexKey(pub(super) Vec<KeyPart>);

/// The keys `doc` has in an index over `paths` (each split at its dots), whose fields go
/// down where `descending` says; a document's keys are a set.
///
/// # Errors
/// Two fields meet two different arrays: their names, the one met last first.
pub(super) fn index_keys(
    paths: &[Vec<String>],
    descending: &[bool],
    doc: &Document,
) -> Result<BTreeSet<IndexKey>, Parallel> {
    let parts: Vec<Vec<&str>> = paths
        .iter()
        .map(|p| p.iter().map(String::as_str).collect())
        .collect();
    let slots = parts.iter().map(|p| Slot::Pending(p)).collect();
    let mut out = BTreeSet::new();
    generate(descending, Some(doc), slots, &mut out)?;
    Ok(out)
}

/// Generates the keys of `doc` for the pending slots, as the server's B-tree key
/// generator does: every path is followed through documents until it ends, goes missing
/// or meets an array; all the paths that meet an array must meet the same one, and each
/// element of it then gives its own keys (a path that ended at the array takes the
/// element, one with components left goes on inside it).
fn generate<'a, 'p>(
    descending: &[bool],
    doc: Option<&'a Document>,
    mut slots: Vec<Slot<'a, 'p>>,
    out: &mut BTreeSet<IndexKey>,
) -> Result<(), Parallel> {
    let mut array: Option<(&'a Vec<Value>, &'p str)> = None;
    let mut after: Vec<Option<&'p [&'p str]>> = vec![None; slots.len()];
    for (i, slot) in slots.iter_mut().enumerate() {
        let Slot::Pending(rest) = *slot else {
            continue;
        };
        match walk(doc, rest) {
            Stop::Leaf(leaf) => *slot = Slot::Done(leaf),
            Stop::Array { items, name, rest } => {
                if let Some((seen, seen_name)) = array
                    && !std::ptr::eq(seen, items)
                {
                    // The array met now first, then the one met before it.
                    return Err(Parallel {
                        first: name.to_owned(),
                        second: seen_name.to_owned(),
                    });
                }
                array = Some((items, name));
                after[i] = Some(rest);
            }
        }
    }
    let Some((items, _)) = array else {
        let key = slots
            .into_iter()
            .zip(descending)
            .map(|(slot, &descending)| KeyPart {
                value: match slot {
                    Slot::Done(leaf) => leaf.to_value(),
                    Slot::Pending(_) => Value::Null,
                },
                descending,
            })
            .collect();
        out.insert(IndexKey(key));
        return Ok(());
    };
    if items.is_empty() {
        // An empty array is indexed as `undefined` where the path ends, null where it
        // goes on.
        for (slot, left) in slots.iter_mut().zip(&after) {
            if let Some(left) = left {
                *slot = Slot::Done(if left.is_empty() {
                    Leaf::Undefined
                } else {
                    Leaf::Null
                });
            }
        }
        return generate(descending, None, slots, out);
    }
    for item in items {
        let mut next = slots.clone();
        for (slot, left) in next.iter_mut().zip(&after) {
            if let Some(left) = left {
                *slot = if left.is_empty() {
                    Slot::Done(Leaf::Value(item))
                } else if matches!(item, Value::Document(_)) {
                    Slot::Pending(left)
                } else {
                    Slot::Done(Leaf::Null)
                };
            }
        }
        let inner = match item {
            Value::Document(d) => Some(d),
            _ => None,
        };
        generate(descending, inner, next, out)?;
    }
    Ok(())
}

/// A path's state while keys are generated.
#[derive(Clone, Copy)]
enum Slot<'a, 'p> {
    /// Its value is known.
    Done(Leaf<'a>),
    /// These components are still to be followed, inside the document at hand.
    Pending(&'p [&'p str]),
}

/// The value one path gives a key.
#[derive(Clone, Copy)]
enum Leaf<'a> {
    Value(&'a Value),
    /// Missing, or reached through something that is not a document.
    Null,
    /// An empty array where the path ends.
    Undefined,
}

impl Leaf<'_> {
    fn to_value(self) -> Value {
        match self {
            Leaf::Value(v) => v.clone(),
            Leaf::Null => Value::Null,
            Leaf::Undefined => Value::Undefined,
        }
    }
}

/// Two different arrays met by two fields of one key: the field names of the arrays, the
/// one met last first, as the server names them.
pub(super) struct Parallel {
    pub(super) first: String,
    pub(super) second: String,
}

/// Where one path's walk through documents stopped.
enum Stop<'a, 'p> {
    Leaf(Leaf<'a>),
    /// An array, the field name it was found under, and the components left after it.
    Array {
        items: &'a Vec<Value>,
        name: &'p str,
        rest: &'p [&'p str],
    },
}

/// Follows `rest` from `doc` through documents (and positions named by number).
fn walk<'a, 'p>(doc: Option<&'a Document>, rest: &'p [&'p str]) -> Stop<'a, 'p> {
    let Some((first, tail)) = rest.split_first() else {
        return Stop::Leaf(Leaf::Null);
    };
    let Some(mut current) = doc.and_then(|d| d.get(first)) else {
        return Stop::Leaf(Leaf::Null);
    };
    let (mut name, mut rest) = (*first, tail);
    loop {
        match (current, rest.split_first()) {
            (Value::Array(items), Some((part, tail))) if array_index(part).is_some() => {
                // A numeric component names a position: no expansion.
                match array_index(part).and_then(|i| items.get(i)) {
                    Some(v) => (current, name, rest) = (v, part, tail),
                    None => return Stop::Leaf(Leaf::Null),
                }
            }
            (Value::Array(items), _) => return Stop::Array { items, name, rest },
            (v, None) => return Stop::Leaf(Leaf::Value(v)),
            (Value::Document(d), Some((part, tail))) => match d.get(part) {
                Some(v) => (current, name, rest) = (v, part, tail),
                None => return Stop::Leaf(Leaf::Null),
            },
            (_, Some(_)) => return Stop::Leaf(Leaf::Null),
        }
    }
}
