//! The keys a document has under a key pattern, as the server's B-tree key generator
//! (`BtreeKeyGenerator`) makes them: what an index stores and what a sort orders by. One
//! walk for both, so `find().sort()` and a unique index agree on what a document's keys are.

use crate::bson::{Document, Value};
use crate::query::path::array_index;

/// The value one path gives a key.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Leaf<'a> {
    /// The value the path reaches.
    Value(&'a Value),
    /// Missing, or reached through something that is not a document.
    Null,
    /// An empty array where the path ends.
    Undefined,
}

impl Leaf<'_> {
    /// The key's value as the index stores it.
    pub(crate) fn to_value(self) -> Value {
        match self {
            Leaf::Value(v) => v.clone(),
            Leaf::Null => Value::Null,
            Leaf::Undefined => Value::Undefined,
        }
    }
}

/// Two different arrays met by two fields of one key: the field names of the arrays, the
/// one met last first, as the server names them.
pub(crate) struct Parallel {
    pub(crate) first: String,
    pub(crate) second: String,
}

/// Calls `key` with every key of `doc` over `paths` (each split at its dots), one value per
/// path, in the paths' order. Every path is followed through documents until it ends, goes
/// missing or meets an array; all the paths that meet an array must meet the same one, and
/// each element of it then gives its own keys (a path that ended at the array takes the
/// element, one with components left goes on inside it). So with `{ "a.c": 1, "a.b": 1 }`
/// over `a: [{ b, c }, ...]`, each key pairs the `b` and `c` of one element, never of two
/// (jstests/core/query/sort/sort_dotted_paths.js).
///
/// # Errors
/// Two paths meet two different arrays ("parallel arrays").
pub(crate) fn for_each_key<'a>(
    doc: &'a Document,
    paths: &[&[&str]],
    key: &mut dyn FnMut(&[Leaf<'a>]),
) -> Result<(), Parallel> {
    let slots = paths.iter().map(|p| Slot::Pending(p)).collect();
    generate(Some(doc), slots, key)
}

/// The keys of `doc` for the pending slots ([`for_each_key`]).
fn generate<'a, 'p>(
    doc: Option<&'a Document>,
    mut slots: Vec<Slot<'a, 'p>>,
    key: &mut dyn FnMut(&[Leaf<'a>]),
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
        let leaves: Vec<Leaf<'a>> = slots
            .iter()
            .map(|slot| match slot {
                Slot::Done(leaf) => *leaf,
                Slot::Pending(_) => Leaf::Null,
            })
            .collect();
        key(&leaves);
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
        return generate(None, slots, key);
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
        generate(inner, next, key)?;
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
