//! Dotted paths. Two readers on purpose (seed 004 explains why): [`get`] reads the one value
//! a path names, as updates and expressions do; the matcher's reader (in `matcher`) expands
//! through arrays and may find many candidates. They share the syntax, not the cardinality.

use crate::bson::{Document, Value};

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

/// A path component that addresses an array position: plain decimal digits.
pub fn array_index(part: &str) -> Option<usize> {
    if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    part.parse().ok()
}

/// Why a path cannot be written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError(pub String);

impl std::fmt::Display for PathError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
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
        return Err(PathError(format!(
            "the path '{path}' has an empty field name"
        )));
    }
    let (first, rest) = parts
        .split_first()
        .ok_or_else(|| PathError("empty path".into()))?;
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
    let mut current = doc
        .get_mut(first)
        .ok_or_else(|| PathError(format!("cannot reach '{first}'")))?;
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
                d.get_mut(part)
                    .ok_or_else(|| PathError(format!("cannot reach '{part}'")))?
            }
            Value::Array(items) => {
                let Some(index) = array_index(part) else {
                    return Err(PathError(format!(
                        "Cannot create field '{part}' in element {{{}: [...]}}",
                        parts[..=i].join(".")
                    )));
                };
                if index >= items.len() {
                    items.resize(index, Value::Null);
                    items.push(fresh());
                }
                &mut items[index]
            }
            other => {
                return Err(PathError(format!(
                    "Cannot create field '{part}' in element {{{}: {}}}",
                    parts[..=i].join("."),
                    crate::bson::shell::print_value(other)
                )));
            }
        };
    }
    Ok(current)
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(e.0, "Cannot create field 'x' in element {nullish: null}");
        *get_mut_or_create(&mut d, "values.5").unwrap() = Value::Int32(6);
        assert_eq!(get(&d, "values.4"), Some(&Value::Null));
        assert!(!unset(&mut d, "nope.x"));
    }
}
