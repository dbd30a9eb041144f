//! The keys a document has in an index, as the server's B-tree key generator makes them
//! (`BtreeKeyGenerator`, in [`crate::query::keys`]), and their order.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use crate::bson::{Document, Value};
pub(super) use crate::query::keys::Parallel;
use crate::query::keys::for_each_key;
use crate::query::order;

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
    let parts: Vec<&[&str]> = parts.iter().map(Vec::as_slice).collect();
    let mut out = BTreeSet::new();
    for_each_key(doc, &parts, &mut |leaves| {
        let key = leaves
            .iter()
            .zip(descending)
            .map(|(leaf, &descending)| KeyPart {
                value: leaf.to_value(),
                descending,
            })
            .collect();
        out.insert(IndexKey(key));
    })?;
    Ok(out)
}
