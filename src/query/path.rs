//! Dotted paths. Two readers on purpose: [`get`] reads the one value a path names, as updates
//! and expressions do; the matcher's reader ([`resolve`]) expands through arrays and may find
//! many candidates. They share the syntax, not the cardinality: kept apart, updates and
//! expressions cannot pick up the matcher's array expansion by accident.

use crate::bson::{Document, Value};
use crate::query::server::{ServerError, code};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// The one value at `path`: document keys, and numeric components as array positions
/// (`items.0.sku`). `None` when any step is missing: not the same as a stored null.
///
/// # Examples
/// ```
/// use bson_tutor::bson::{Document, Value};
/// use bson_tutor::query::path::get;
/// let mut name = Document::new();
/// name.push("first", "Ada");
/// let mut d = Document::new();
/// d.push("names", vec![Value::Document(name)]);
/// assert_eq!(get(&d, "names.0.first"), Some(&Value::from("Ada")));
/// assert_eq!(get(&d, "names.1.first"), None);
/// ```
pub fn get<'a>(doc: &'a Document, path: &str) -> Option<&'a Value> {
    let mut parts = path.split('.');
    let mut current = doc.get(parts.next()?)?;
    for part in parts {
        current = step(current, part)?;
    }
    Some(current)
}

fn step<'a>(v: &'a Value, part: &str) -> Option<&'a Value> {
    match v {
        Value::Document(d) => d.get(part),
        Value::Array(items) => items.get(array_index(part)?),
        _ => None,
    }
}

/// The server's `FieldPath` rules, shared by sorts and projections: not empty, no empty
/// component, no component starting with `$`.
///
/// # Errors
/// The server's message for the rule broken.
pub fn check_field_path(path: &str) -> Result<(), ServerError> {
    if path.is_empty() {
        return Err(ServerError::new(
            40352,
            "FieldPath cannot be constructed with empty string",
        ));
    }
    for part in path.split('.') {
        if part.is_empty() {
            return Err(ServerError::new(
                15998,
                "FieldPath field names may not be empty strings.",
            ));
        }
        if part.starts_with('$') {
            return Err(ServerError::new(
                16410,
                format!(
                    "FieldPath field names may not start with '$'. Consider using $getField or $setField. (in '{path}')"
                ),
            ));
        }
    }
    Ok(())
}

/// A path component that addresses an array position: plain decimal digits.
pub fn array_index(part: &str) -> Option<usize> {
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    part.parse().ok()
}

/// Why a path cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathError {
    /// A path with an empty component (`a..b`).
    EmptyFieldName {
        /// The path as written.
        path: String,
    },
    /// A path that names nothing.
    Empty,
    /// A step that could not be taken.
    Unreachable {
        /// The component.
        part: String,
    },
    /// The server's refusal to step through a value: "Cannot create field 'b' in element
    /// {a: 1}" (`PathNotViable`).
    Server(ServerError),
}

impl PathError {
    /// The server's code, when this is the server's refusal.
    pub fn code(&self) -> Option<i32> {
        match self {
            PathError::Server(e) => e.code,
            _ => None,
        }
    }

    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<PathError> {
        let all = vec![
            PathError::EmptyFieldName {
                path: "a..b".into(),
            },
            PathError::Empty,
            PathError::Unreachable { part: "b".into() },
            PathError::Server(ServerError::new(
                code::PATH_NOT_VIABLE,
                "Cannot create field 'x' in element {nullish: null}",
            )),
        ];
        for e in &all {
            match e {
                PathError::EmptyFieldName { .. }
                | PathError::Empty
                | PathError::Unreachable { .. }
                | PathError::Server(_) => {}
            }
        }
        all
    }
}

impl Localize for PathError {
    fn write_in(&self, lang: Lang, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        match (lang, self) {
            (_, PathError::Server(e)) => e.write_in(lang, out),
            (Lang::En, PathError::EmptyFieldName { path }) => {
                write!(out, "the path '{path}' has an empty field name")
            }
            (Lang::En, PathError::Empty) => out.write_str("empty path"),
            (Lang::En, PathError::Unreachable { part }) => write!(out, "cannot reach '{part}'"),
            (Lang::Vi, PathError::EmptyFieldName { path }) => {
                write!(out, "đường dẫn '{path}' có một tên trường rỗng")
            }
            (Lang::Vi, PathError::Empty) => out.write_str("đường dẫn rỗng"),
            (Lang::Vi, PathError::Unreachable { part }) => {
                write!(out, "không đi tới được '{part}'")
            }
            (Lang::Zh, PathError::EmptyFieldName { path }) => {
                write!(out, "路径 '{path}' 含有空的字段名")
            }
            (Lang::Zh, PathError::Empty) => out.write_str("路径为空"),
            (Lang::Zh, PathError::Unreachable { part }) => write!(out, "无法到达 '{part}'"),
        }
    }
}

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for PathError {}

/// The value at `path` for writing, creating missing documents on the way (as `$set` does).
/// An array position past the end pads the array with nulls, as the server does.
///
/// # Errors
/// A step through a value that is neither a document nor an array (the server's
/// "Cannot create field 'b' in element {a: 1}"), or a non-numeric step into an array.
pub fn get_mut_or_create<'a>(
    doc: &'a mut Document,
    path: &str,
) -> Result<&'a mut Value, PathError> {
    let parts: Vec<&str> = path.split('.').collect();
    if parts.iter().any(|p| p.is_empty()) {
        return Err(PathError::EmptyFieldName {
            path: path.to_owned(),
        });
    }
    let (first, rest) = parts.split_first().ok_or(PathError::Empty)?;
    if !doc.contains_key(first) {
        doc.push(
            *first,
            if rest.is_empty() {
                Value::Null
            } else {
                Value::Document(Document::new())
            },
        );
    }
    let mut current = doc.get_mut(first).ok_or_else(|| PathError::Unreachable {
        part: (*first).to_owned(),
    })?;
    for (i, part) in rest.iter().enumerate() {
        let last = i + 1 == rest.len();
        let fresh = || {
            if last {
                Value::Null
            } else {
                Value::Document(Document::new())
            }
        };
        current = match current {
            Value::Document(d) => {
                if !d.contains_key(part) {
                    d.push(*part, fresh());
                }
                d.get_mut(part).ok_or_else(|| PathError::Unreachable {
                    part: (*part).to_owned(),
                })?
            }
            Value::Array(items) => {
                let Some(index) = array_index(part) else {
                    return Err(cannot_create(
                        part,
                        &format!("{{{}: [...]}}", parts[..=i].join(".")),
                    ));
                };
                if index >= items.len() {
                    items.resize(index, Value::Null);
                    items.push(fresh());
                }
                &mut items[index]
            }
            other => {
                return Err(cannot_create(
                    part,
                    &format!(
                        "{{{}: {}}}",
                        parts[..=i].join("."),
                        crate::bson::shell::print_value(other)
                    ),
                ));
            }
        };
    }
    Ok(current)
}

/// The server's "Cannot create field 'b' in element {a: 1}" (`PathNotViable`).
fn cannot_create(part: &str, element: &str) -> PathError {
    PathError::Server(ServerError::new(
        code::PATH_NOT_VIABLE,
        format!("Cannot create field '{part}' in element {element}"),
    ))
}

/// Removes the value at `path` (`$unset`): a document field is deleted; an array position
/// becomes null so later positions keep their indexes. Returns whether anything was there.
pub fn unset(doc: &mut Document, path: &str) -> bool {
    let Some((parent, last)) = path.rsplit_once('.') else {
        return doc.remove(path).is_some();
    };
    let mut parts = parent.split('.');
    let Some(first) = parts.next() else {
        return false;
    };
    let Some(mut current) = doc.get_mut(first) else {
        return false;
    };
    for part in parts {
        current = match current {
            Value::Document(d) => match d.get_mut(part) {
                Some(v) => v,
                None => return false,
            },
            Value::Array(items) => match array_index(part).and_then(|i| items.get_mut(i)) {
                Some(v) => v,
                None => return false,
            },
            _ => return false,
        };
    }
    match current {
        Value::Document(d) => d.remove(last).is_some(),
        Value::Array(items) => match array_index(last).and_then(|i| items.get_mut(i)) {
            Some(slot) => {
                *slot = Value::Null;
                true
            }
            None => false,
        },
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------------
// The matcher's reader. The manual ("Query on Embedded/Nested Documents", "Query an Array",
// "Query an Array of Embedded Documents") describes its effect; the rules below are the
// server's element iterator (src/mongo/db/matcher/path.cpp), case for case.

/// One value the matcher's path reading reaches, or the absence of one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate<'a> {
    /// The value, or `None` when the path reaches nothing here: "missing", which
    /// `{ f: null }` matches and `{ f: { $exists: true } }` does not.
    pub value: Option<&'a Value>,
    /// Whether an array was expanded on the way: the value is an element of an array at the
    /// end of the path, or sits inside a document that is an element of an array the path
    /// went through (`items.sku` over `items: [{ sku: .. }, ..]`). A position named in the
    /// path (`items.0.sku`) is not an expansion.
    pub from_array: bool,
}

impl Candidate<'_> {
    /// Whether the path reached nothing here.
    pub fn is_missing(&self) -> bool {
        self.value.is_none()
    }
}

/// What the reader offers when the path ends at an array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafArrays {
    /// Each element, then the whole array: what comparisons, `$in`, `$type`, `$exists` and
    /// `$regex` see, so `{ tags: "red" }` matches `tags: ["red", "blue"]` and
    /// `{ tags: ["red", "blue"] }` matches it too.
    Expand,
    /// The whole array only: what `$size` and `$elemMatch` see.
    Whole,
}

/// Where a path starts: a document, or an array read as the document it is encoded as
/// (keys "0", "1", ...), which is how `$elemMatch` looks inside an array of arrays.
#[derive(Clone, Copy, Debug)]
pub enum Fields<'a> {
    /// A document.
    Document(&'a Document),
    /// An array, addressed by the canonical keys "0", "1", ...
    Array(&'a [Value]),
}

impl<'a> Fields<'a> {
    /// The first field named `key`. Arrays answer only their canonical keys: "1", not "01".
    pub fn get(self, key: &str) -> Option<&'a Value> {
        match self {
            Fields::Document(d) => d.get(key),
            Fields::Array(items) => canonical_index(key).and_then(|i| items.get(i)),
        }
    }
}

/// A path component that names an array position the way BSON spells array keys: digits,
/// without leading zeros ("0", "12"; not "01").
fn canonical_index(part: &str) -> Option<usize> {
    if part.len() > 1 && part.starts_with('0') {
        return None;
    }
    array_index(part)
}

/// How deep the reader recurses (each level consumes a path component and enters a value).
const MAX_RESOLVE_DEPTH: usize = 200;

/// The matcher's path reading: every candidate value `path` reaches in `doc`, expanding
/// through arrays, in the order the server visits them.
///
/// - Missing steps give one "missing" candidate (so `{ "a.b": null }` matches `{ a: 5 }`).
/// - An array in the middle of the path is expanded: each element that is a document is
///   read with the rest of the path; elements that are not documents are skipped, unless
///   the next component names their position (`items.0.sku`, where "0" is also tried as a
///   field name inside a document element).
/// - An array at the end gives each element and then the array itself.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::path::resolve;
/// let doc = parse_document("{ items: [ { sku: 'A' }, { sku: 'B' }, { qty: 1 } ] }",
///                          &mut FixedGenerator::new(0)).unwrap().value;
/// let found: Vec<_> = resolve(&doc, "items.sku").iter().map(|c| c.value.cloned()).collect();
/// assert_eq!(found, [Some(Value::from("A")), Some(Value::from("B")), None]);
/// ```
pub fn resolve<'a>(doc: &'a Document, path: &str) -> Vec<Candidate<'a>> {
    let parts: Vec<&str> = path.split('.').collect();
    let mut out = Vec::new();
    each_candidate(
        Fields::Document(doc),
        &parts,
        LeafArrays::Expand,
        &mut |c| {
            out.push(c);
            false
        },
    );
    out
}

/// Calls `visit` with each candidate the path `parts` reaches from `fields`, in the server's
/// order, until `visit` returns `true` (found what it wanted). Returns whether it stopped
/// early. This is [`resolve`] without the vector, for the matcher's inner loop.
///
/// Polynomial whatever the document: a numeric component may name a field of a document
/// element and a position at once (`a.0` over `a: [{ "0": ... }]`), so two routes can reach
/// the same value with the same rest of the path, and the server's iterator follows every
/// route (2^n of them over `n` such levels). Here each (value, position in the path) is
/// walked once: a route that arrives where another already went adds nothing new (its
/// candidates were all offered, none was wanted), so it is skipped. The candidates are the
/// server's, in its order, without the repeats.
pub fn each_candidate<'a, S, F>(
    fields: Fields<'a>,
    parts: &[S],
    leaf: LeafArrays,
    visit: &mut F,
) -> bool
where
    S: AsRef<str>,
    F: FnMut(Candidate<'a>) -> bool,
{
    let mut walker = Walker {
        leaf,
        visit,
        seen: None,
        steps: 0,
    };
    walker.walk(fields, parts, false, 0)
}

/// Where one walk has been, and what it offered. Created at the first place two routes part,
/// since before that no place can be reached twice.
#[derive(Default)]
struct Seen {
    /// (the value's address, its length for arrays, how much of the path is left, whether
    /// an array was expanded on the way).
    places: HashSet<(usize, usize, usize, bool)>,
    /// The candidates offered: (the value's address, 0 for missing; `from_array`).
    offered: HashSet<(usize, bool)>,
}

/// A set of small integer keys hashed by multiplication (addresses and counts are not
/// chosen by an adversary who could collide them on purpose: they are this process's own).
type HashSet<K> = std::collections::HashSet<K, std::hash::BuildHasherDefault<MulHasher>>;

/// Fibonacci hashing of the words written to it.
#[derive(Default)]
struct MulHasher(u64);

impl std::hash::Hasher for MulHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
}

/// How many array elements the walker steps over between two looks at the interrupt flag.
const POLL_EVERY: u32 = 1024;

/// One walk of the matcher's reader: the candidates go to `visit`.
struct Walker<'v, F> {
    leaf: LeafArrays,
    visit: &'v mut F,
    seen: Option<Seen>,
    steps: u32,
}

impl<'a, F> Walker<'_, F>
where
    F: FnMut(Candidate<'a>) -> bool,
{
    /// Whether this walk already went from the value at `address` (of `len` elements) with
    /// `left` components of the path to go; marks it as visited. Always `false` until two
    /// routes have parted.
    fn been_here(&mut self, address: usize, len: usize, left: usize, from_array: bool) -> bool {
        match &mut self.seen {
            Some(seen) => !seen.places.insert((address, len, left, from_array)),
            None => false,
        }
    }

    /// Hands `c` to `visit`, unless two routes have parted and `c` was already offered (it
    /// was not wanted then, so it is not now).
    fn offer(&mut self, c: Candidate<'a>) -> bool {
        if let Some(seen) = &mut self.seen {
            let address = c.value.map_or(0, |v| std::ptr::from_ref(v).addr());
            if !seen.offered.insert((address, c.from_array)) {
                return false;
            }
        }
        (self.visit)(c)
    }

    /// Whether an interrupt was asked for: looked at every [`POLL_EVERY`] steps. A stopped
    /// walk ends as if `visit` had found what it wanted; the entry point reports the stop.
    fn interrupted(&mut self) -> bool {
        self.steps += 1;
        if self.steps < POLL_EVERY {
            return false;
        }
        self.steps = 0;
        crate::query::interrupt::requested()
    }

    /// Follows `parts` through documents until it ends, goes missing, or meets an array
    /// (the server's `getFieldDottedOrArray`), then hands arrays to [`Walker::walk_array`].
    fn walk<S: AsRef<str>>(
        &mut self,
        fields: Fields<'a>,
        parts: &[S],
        from_array: bool,
        depth: usize,
    ) -> bool {
        if parts.is_empty() || depth > MAX_RESOLVE_DEPTH {
            return false;
        }
        #[cfg(test)]
        tests::count_call();
        let (address, len) = match fields {
            Fields::Document(d) => (std::ptr::from_ref(d).addr(), 0),
            Fields::Array(items) => (items.as_ptr().addr(), items.len()),
        };
        if self.been_here(address, len, parts.len(), from_array) {
            return false;
        }
        let missing = Candidate {
            value: None,
            from_array,
        };
        let mut current = fields;
        let mut i = 0;
        let (array, items) = loop {
            let last = i + 1 == parts.len();
            match current.get(parts[i].as_ref()) {
                None => return self.offer(missing),
                Some(v @ Value::Array(items)) => break (v, items.as_slice()),
                Some(Value::Document(d)) if !last => {
                    current = Fields::Document(d);
                    i += 1;
                }
                // A scalar with path left over: nothing is there.
                Some(_) if !last => return self.offer(missing),
                Some(v) => {
                    return self.offer(Candidate {
                        value: Some(v),
                        from_array,
                    });
                }
            }
        };
        let rest = &parts[i + 1..];
        if rest.is_empty() {
            if self.leaf == LeafArrays::Expand {
                for item in items {
                    if self.interrupted()
                        || self.offer(Candidate {
                            value: Some(item),
                            from_array: true,
                        })
                    {
                        return true;
                    }
                }
            }
            return self.offer(Candidate {
                value: Some(array),
                from_array,
            });
        }
        self.walk_array(items, rest, from_array, depth + 1)
    }

    /// An array with path left over (`rest`): documents are read with the whole rest; the
    /// element at the position `rest[0]` names (if it is a number) is also read with the
    /// rest after that position. Non-document elements at other positions give nothing.
    fn walk_array<S: AsRef<str>>(
        &mut self,
        items: &'a [Value],
        rest: &[S],
        from_array: bool,
        depth: usize,
    ) -> bool {
        #[cfg(test)]
        tests::count_call();
        if depth > MAX_RESOLVE_DEPTH
            || self.been_here(items.as_ptr().addr(), items.len(), rest.len(), from_array)
        {
            return false;
        }
        let position = canonical_index(rest[0].as_ref());
        let after = &rest[1..];
        for (index, item) in items.iter().enumerate() {
            if self.interrupted() {
                return true;
            }
            let named = position == Some(index);
            if let Value::Document(d) = item {
                if named && self.seen.is_none() {
                    // Two routes part here (the field "0" and the position 0).
                    self.seen = Some(Seen::default());
                }
                if self.walk(Fields::Document(d), rest, true, depth + 1) {
                    return true;
                }
            }
            if !named {
                continue;
            }
            // The path names this position: not an implicit expansion.
            let stop = if after.is_empty() {
                self.offer(Candidate {
                    value: Some(item),
                    from_array,
                })
            } else {
                match item {
                    Value::Document(d) => {
                        self.walk(Fields::Document(d), after, from_array, depth + 1)
                    }
                    Value::Array(inner) => self.walk_array(inner, after, from_array, depth + 1),
                    _ => false,
                }
            };
            if stop {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static CALLS: Cell<u64> = const { Cell::new(0) };
    }

    /// Counts one step of the reader (a call of `walk` or `walk_array`) on this thread.
    pub(super) fn count_call() {
        CALLS.with(|c| c.set(c.get() + 1));
    }

    /// The reader's steps for `f`.
    fn steps<R>(f: impl FnOnce() -> R) -> (R, u64) {
        CALLS.with(|c| c.set(0));
        let r = f();
        (r, CALLS.with(Cell::get))
    }

    /// `a: [{ "0": [{ "0": ... leaf ... }] }]`, `levels` arrays deep.
    fn zeros(levels: usize, leaf: Value) -> Document {
        let mut v = leaf;
        for _ in 0..levels {
            let mut d = Document::new();
            d.push("0", v);
            v = Value::Array(vec![Value::Document(d)]);
        }
        let mut doc = Document::new();
        doc.push("a", v);
        doc
    }

    fn zero_path(components: usize) -> Vec<String> {
        std::iter::once("a".to_owned())
            .chain(std::iter::repeat_n("0".to_owned(), components))
            .collect()
    }

    /// Every candidate, by brute force: the server's iterator, every route followed (the
    /// exponential reader this module had before), for small cases.
    fn every_route<'a>(
        fields: Fields<'a>,
        parts: &[String],
        from_array: bool,
    ) -> Vec<Candidate<'a>> {
        let missing = Candidate {
            value: None,
            from_array,
        };
        let mut current = fields;
        let mut i = 0;
        let (array, items) = loop {
            let last = i + 1 == parts.len();
            match current.get(&parts[i]) {
                None => return vec![missing],
                Some(v @ Value::Array(items)) => break (v, items.as_slice()),
                Some(Value::Document(d)) if !last => {
                    current = Fields::Document(d);
                    i += 1;
                }
                Some(_) if !last => return vec![missing],
                Some(v) => {
                    return vec![Candidate {
                        value: Some(v),
                        from_array,
                    }];
                }
            }
        };
        let rest = &parts[i + 1..];
        let mut out = Vec::new();
        if rest.is_empty() {
            out.extend(items.iter().map(|item| Candidate {
                value: Some(item),
                from_array: true,
            }));
            out.push(Candidate {
                value: Some(array),
                from_array,
            });
            return out;
        }
        every_route_array(items, rest, from_array, &mut out);
        out
    }

    fn every_route_array<'a>(
        items: &'a [Value],
        rest: &[String],
        from_array: bool,
        out: &mut Vec<Candidate<'a>>,
    ) {
        let position = canonical_index(&rest[0]);
        let after = &rest[1..];
        for (index, item) in items.iter().enumerate() {
            if let Value::Document(d) = item {
                out.extend(every_route(Fields::Document(d), rest, true));
            }
            if position != Some(index) {
                continue;
            }
            if after.is_empty() {
                out.push(Candidate {
                    value: Some(item),
                    from_array,
                });
            } else {
                match item {
                    Value::Document(d) => {
                        out.extend(every_route(Fields::Document(d), after, from_array))
                    }
                    Value::Array(inner) => every_route_array(inner, after, from_array, out),
                    _ => {}
                }
            }
        }
    }

    /// `candidates` with repeats removed, first occurrence kept.
    fn first_occurrences<'a>(candidates: Vec<Candidate<'a>>) -> Vec<Candidate<'a>> {
        let mut out: Vec<Candidate<'a>> = Vec::new();
        for c in candidates {
            let same = |o: &Candidate<'a>| {
                o.from_array == c.from_array
                    && match (o.value, c.value) {
                        (Some(x), Some(y)) => std::ptr::eq(x, y),
                        (None, None) => true,
                        _ => false,
                    }
            };
            if !out.iter().any(same) {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn numeric_components_over_nested_arrays_take_polynomial_steps() {
        for levels in [24, 30, 40] {
            for components in [levels, levels * 3 / 2, levels * 2] {
                let doc = zeros(levels, Value::Int32(2));
                let parts = zero_path(components);
                let (found, calls) = steps(|| {
                    let mut found = 0u64;
                    each_candidate(
                        Fields::Document(&doc),
                        &parts,
                        LeafArrays::Expand,
                        &mut |_| {
                            found += 1;
                            false
                        },
                    );
                    found
                });
                // Each (array or document, position in the path, expanded or not) once, and
                // each array element tried twice from each: far below the 2^n routes.
                let bound = 8 * (levels as u64 + 1) * (components as u64 + 1);
                assert!(
                    calls <= bound,
                    "{levels} levels, {components} components: {calls} steps > {bound}"
                );
                assert!(found > 0, "{levels} levels: some candidate is offered");
            }
        }
    }

    #[test]
    fn the_deepest_match_is_still_found() {
        // 40 levels: the leaf is 2 levels of path ("0" as position, "0" as field) per level.
        let doc = zeros(40, Value::Int32(1));
        for components in [40, 60, 80] {
            let parts = zero_path(components);
            let hit = each_candidate(
                Fields::Document(&doc),
                &parts,
                LeafArrays::Expand,
                &mut |c| c.value == Some(&Value::Int32(1)),
            );
            assert_eq!(hit, components >= 40, "{components} components");
        }
    }

    #[test]
    fn skipping_repeated_routes_keeps_the_servers_candidates_in_order() {
        // Small enough to follow every route: the walk offers the same candidates, in the
        // same order, without the repeats.
        let mut mixed = Document::new();
        mixed.push("0", Value::Array(vec![Value::Int32(7), Value::Int32(8)]));
        mixed.push("1", Value::Int32(9));
        let mut doc = zeros(
            5,
            Value::Array(vec![Value::Document(mixed.clone()), Value::Int32(3)]),
        );
        doc.push(
            "b",
            Value::Array(vec![
                Value::Document(mixed.clone()),
                Value::Array(vec![Value::Document(mixed), Value::Int32(4)]),
                Value::Int32(5),
            ]),
        );
        for path in [
            "a.0.0.0.0.0.0.0",
            "a.0.0.0.0.0.0.0.0.0.0.0",
            "a.0.0.0.0.0.0.0.0.0.0.0.0",
            "a.0.0.0.0.0.0.0.0.1",
            "b.0.0",
            "b.1.0.0",
            "b.0",
            "b.1",
            "b.2.x",
            "a.0.1",
        ] {
            let parts: Vec<String> = path.split('.').map(str::to_owned).collect();
            let want = first_occurrences(every_route(Fields::Document(&doc), &parts, false));
            let mut got = Vec::new();
            each_candidate(
                Fields::Document(&doc),
                &parts,
                LeafArrays::Expand,
                &mut |c| {
                    got.push(c);
                    false
                },
            );
            assert!(got.len() <= want.len(), "{path}");
            let got = first_occurrences(got);
            assert_eq!(got.len(), want.len(), "{path}");
            for (g, w) in got.iter().zip(&want) {
                assert_eq!(g.from_array, w.from_array, "{path}");
                assert!(
                    match (g.value, w.value) {
                        (Some(x), Some(y)) => std::ptr::eq(x, y),
                        (None, None) => true,
                        _ => false,
                    },
                    "{path}: {g:?} != {w:?}"
                );
            }
        }
    }

    fn doc() -> Document {
        let mut inner = Document::new();
        inner.push("first", "Ada");
        let mut profile = Document::new();
        profile.push("names", vec![Value::Document(inner)]);
        let mut d = Document::new();
        d.push("profile", profile);
        d.push(
            "values",
            vec![Value::Int32(1), Value::Int32(2), Value::Int32(3)],
        );
        d.push("nullish", Value::Null);
        d
    }

    #[test]
    fn get_reads_one_value_and_tells_missing_from_null() {
        let d = doc();
        assert_eq!(get(&d, "profile.names.0.first"), Some(&Value::from("Ada")));
        assert_eq!(get(&d, "profile.city"), None);
        assert_eq!(get(&d, "nullish"), Some(&Value::Null));
        // No expansion through arrays: that is the matcher's reader.
        assert_eq!(get(&d, "profile.names.first"), None);
    }

    #[test]
    fn writing_creates_documents_and_unset_keeps_array_positions() {
        let mut d = doc();
        *get_mut_or_create(&mut d, "profile.city").unwrap() = Value::from("London");
        *get_mut_or_create(&mut d, "profile.names.0.first").unwrap() = Value::from("Grace");
        assert!(unset(&mut d, "values.1"));
        assert_eq!(get(&d, "profile.city"), Some(&Value::from("London")));
        assert_eq!(
            get(&d, "profile.names.0.first"),
            Some(&Value::from("Grace"))
        );
        assert_eq!(
            get(&d, "values"),
            Some(&Value::Array(vec![
                Value::Int32(1),
                Value::Null,
                Value::Int32(3)
            ]))
        );
        let e = get_mut_or_create(&mut d, "nullish.x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "Cannot create field 'x' in element {nullish: null}"
        );
        assert_eq!(e.code(), Some(crate::query::error::code::PATH_NOT_VIABLE));
        *get_mut_or_create(&mut d, "values.5").unwrap() = Value::Int32(6);
        assert_eq!(get(&d, "values.4"), Some(&Value::Null));
        assert!(!unset(&mut d, "nope.x"));
    }

    #[test]
    fn every_path_error_speaks_every_language() {
        let expected = [
            [
                "the path 'a..b' has an empty field name",
                "đường dẫn 'a..b' có một tên trường rỗng",
                "路径 'a..b' 含有空的字段名",
            ],
            ["empty path", "đường dẫn rỗng", "路径为空"],
            ["cannot reach 'b'", "không đi tới được 'b'", "无法到达 'b'"],
            [
                "Cannot create field 'x' in element {nullish: null}",
                "Cannot create field 'x' in element {nullish: null}",
                "Cannot create field 'x' in element {nullish: null}",
            ],
        ];
        let all = PathError::every_variant();
        assert_eq!(all.len(), expected.len());
        for (e, want) in all.iter().zip(expected) {
            assert_eq!(e.to_string(), e.to_string_in(Lang::En));
            assert_eq!(Lang::ALL.map(|l| e.to_string_in(l)), want);
            for lang in [Lang::Vi, Lang::Zh] {
                if let PathError::Server(server) = e {
                    // The server's words, verbatim.
                    assert_eq!(e.to_string_in(lang), server.text);
                } else {
                    crate::bson::error::assert_translated(
                        want[0],
                        lang,
                        &e.to_string_in(lang),
                        &[],
                    );
                }
            }
        }
    }

    #[test]
    fn field_paths_break_the_servers_rules_with_its_codes() {
        for (path, code, text) in [
            (
                "",
                40352,
                "FieldPath cannot be constructed with empty string",
            ),
            (
                "a..b",
                15998,
                "FieldPath field names may not be empty strings.",
            ),
            (
                "a.$b",
                16410,
                "FieldPath field names may not start with '$'. Consider using $getField or $setField. (in 'a.$b')",
            ),
        ] {
            let e = check_field_path(path).unwrap_err();
            assert_eq!((e.code, e.text.as_str()), (Some(code), text));
        }
    }
}
