//! The array position a filter matched, which the positional update operator (`a.$`) writes
//! to: the server records it while matching (`MatchDetails::elemMatchKey`), and so does this
//! second, slower walk, run only for an update that has a `$` in a path.
//!
//! The server's rules, followed here:
//! - a condition that reached its value by expanding an array records the position, in the
//!   *first* array the path expanded (`a.b` over `a: [{ b: [1, 2] }]` records `a`'s position);
//! - `$elemMatch` records the position of the element that matched, unless an array before
//!   it on the path was expanded (then that one's position wins);
//! - under `$and` (and a filter's several fields) the last condition that records wins; under
//!   `$or` the first branch that matches; `$nor` and `$not` record nothing.

use super::{Expr, Filter, Leaf, Pred};
use crate::bson::{Document, Value};
use crate::query::path::{Fields, LeafArrays, array_index};

/// How many values one walk may visit: paths through nested arrays whose elements have
/// numeric field names can reach a value by many routes; past this the walk gives up.
const MAX_STEPS: usize = 1_000_000;

impl Filter {
    /// The array position this filter matched in `doc` (the server's `elemMatchKey`), used by
    /// an update's positional `$`; `None` when the match went through no array (or `doc`
    /// does not match).
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::matcher::Filter;
    /// let mut g = FixedGenerator::new(0);
    /// let mut doc = |s: &str| parse_document(s, &mut g).unwrap().value;
    /// let f = Filter::parse(&doc("{ grades: { $gte: 90 } }")).unwrap();
    /// assert_eq!(f.matched_position(&doc("{ grades: [80, 85, 95, 90] }")), Some(2));
    /// assert_eq!(f.matched_position(&doc("{ grades: 95 }")), None);
    /// ```
    pub fn matched_position(&self, doc: &Document) -> Option<usize> {
        if !self.matches(doc) {
            return None;
        }
        let mut steps = 0;
        position(&self.root, Fields::Document(doc), &mut steps).flatten()
    }
}

/// `Some(recorded)` when `expr` matches `fields`, `None` when it does not.
fn position(expr: &Expr, fields: Fields<'_>, steps: &mut usize) -> Option<Option<usize>> {
    match expr {
        Expr::And(children) => {
            let mut recorded = None;
            for child in children {
                if let Some(p) = position(child, fields, steps)? {
                    recorded = Some(p);
                }
            }
            Some(recorded)
        }
        Expr::Or(children) => children.iter().find_map(|c| position(c, fields, steps)),
        Expr::Leaf(leaf) => {
            let mut found = None;
            walk(
                fields,
                &leaf.parts,
                leaf.pred.leaf_arrays(),
                None,
                steps,
                &mut |value, offset| {
                    if !leaf.test(value) {
                        return false;
                    }
                    found = Some(offset.or_else(|| inner_position(leaf, value)));
                    true
                },
            );
            found
        }
        other => other.matches(fields).then_some(None),
    }
}

/// Where `$elemMatch` matched inside the array it was given.
fn inner_position(leaf: &Leaf, value: Option<&Value>) -> Option<usize> {
    let Some(Value::Array(items)) = value else {
        return None;
    };
    let one = |item: &Value| leaf.test(Some(&Value::Array(vec![item.clone()])));
    match leaf.pred {
        Pred::ElemMatchObject(_) | Pred::ElemMatchValue(_) => items.iter().position(one),
        _ => None,
    }
}

/// Offers each candidate value (`None`: missing) with the position in the first array
/// expanded on the way, until `visit` returns `true`.
fn walk<S: AsRef<str>>(
    fields: Fields<'_>,
    parts: &[S],
    leaf: LeafArrays,
    offset: Option<usize>,
    steps: &mut usize,
    visit: &mut dyn FnMut(Option<&Value>, Option<usize>) -> bool,
) -> bool {
    *steps += 1;
    if parts.is_empty() || *steps > MAX_STEPS {
        return false;
    }
    let last = parts.len() == 1;
    match fields.get(parts[0].as_ref()) {
        None => visit(None, offset),
        Some(Value::Document(d)) if !last => {
            walk(Fields::Document(d), &parts[1..], leaf, offset, steps, visit)
        }
        Some(Value::Array(items)) if last => {
            if leaf == LeafArrays::Expand {
                for (i, item) in items.iter().enumerate() {
                    if visit(Some(item), offset.or(Some(i))) {
                        return true;
                    }
                }
            }
            visit(fields.get(parts[0].as_ref()), offset)
        }
        Some(Value::Array(items)) => {
            let rest = &parts[1..];
            let named = array_index(rest[0].as_ref());
            for (i, item) in items.iter().enumerate() {
                if let Value::Document(d) = item
                    && walk(
                        Fields::Document(d),
                        rest,
                        leaf,
                        offset.or(Some(i)),
                        steps,
                        visit,
                    )
                {
                    return true;
                }
            }
            match named.and_then(|n| items.get(n)) {
                Some(item) if rest.len() == 1 => visit(Some(item), offset),
                Some(Value::Document(d)) => {
                    walk(Fields::Document(d), &rest[1..], leaf, offset, steps, visit)
                }
                Some(Value::Array(inner)) => {
                    walk(Fields::Array(inner), &rest[1..], leaf, offset, steps, visit)
                }
                _ => false,
            }
        }
        Some(_) if !last => visit(None, offset),
        Some(v) => visit(Some(v), offset),
    }
}
