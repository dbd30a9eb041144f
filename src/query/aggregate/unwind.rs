//! The `$unwind` stage: one document per element of the array at a path (manual,
//! "$unwind (aggregation)").

use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind};
use crate::query::path;

/// The server's refusal `text`, reported with `code`.
fn server(code: i32, text: impl Into<String>) -> QueryError {
    QueryErrorKind::server(code, text).into()
}

/// The server's refusal `text`, whose code is not known here.
fn uncoded(text: impl Into<String>) -> QueryError {
    QueryErrorKind::server_uncoded(text).into()
}

/// A parsed `$unwind`.
#[derive(Clone, Debug)]
pub struct Unwind {
    path: String,
    index: Option<String>,
    preserve: bool,
}

impl Unwind {
    /// Reads a `$unwind` argument: a path (`"$items"`) or `{ path, includeArrayIndex,
    /// preserveNullAndEmptyArrays }`.
    ///
    /// # Errors
    /// The server's refusals of a bad specification, with their codes where known.
    pub fn parse(arg: &Value) -> Result<Unwind, QueryError> {
        let (path, index, preserve) = match arg {
            Value::String(s) => (s.to_string(), None, false),
            Value::Document(spec) => {
                let (mut path, mut index, mut preserve) = (None, None, false);
                for (k, v) in spec.iter() {
                    match (k, v) {
                        ("path", Value::String(s)) => path = Some(s.to_string()),
                        ("path", other) => {
                            return Err(server(
                                28808,
                                format!(
                                    "expected a string as the path for $unwind stage, got {}",
                                    other.element_type().alias()
                                ),
                            ));
                        }
                        ("includeArrayIndex", Value::String(s)) if !s.is_empty() => {
                            if s.starts_with('$') {
                                return Err(uncoded(format!(
                                    "includeArrayIndex option to $unwind stage should not be prefixed with a '$': {s}"
                                )));
                            }
                            index = Some(s.to_string());
                        }
                        ("includeArrayIndex", _) => {
                            return Err(uncoded(
                                "expected a non-empty string for the includeArrayIndex option to $unwind stage",
                            ));
                        }
                        ("preserveNullAndEmptyArrays", Value::Boolean(b)) => preserve = *b,
                        ("preserveNullAndEmptyArrays", other) => {
                            return Err(uncoded(format!(
                                "expected a boolean for the preserveNullAndEmptyArrays option to $unwind stage, got {}",
                                other.element_type().alias()
                            )));
                        }
                        (other, _) => {
                            return Err(server(
                                28811,
                                format!("unrecognized option to $unwind stage: {other}"),
                            ));
                        }
                    }
                }
                let path =
                    path.ok_or_else(|| server(28812, "no path specified to $unwind stage"))?;
                (path, index, preserve)
            }
            other => {
                return Err(server(
                    15981,
                    format!(
                        "expected either a string or an object as specification for $unwind stage, got {}",
                        other.element_type().alias()
                    ),
                ));
            }
        };
        let Some(field) = path.strip_prefix('$') else {
            return Err(server(
                28818,
                format!("path option to $unwind stage should be prefixed with a '$': {path}"),
            ));
        };
        if field.is_empty() || field.split('.').any(|p| p.is_empty() || p.starts_with('$')) {
            return Err(uncoded(format!("invalid field path for $unwind: '{path}'")));
        }
        Ok(Unwind {
            path: field.to_owned(),
            index,
            preserve,
        })
    }

    /// The documents `doc` unwinds into, each handed to `emit` (which may refuse one).
    ///
    /// # Errors
    /// What `emit` refuses.
    pub fn expand(
        &self,
        mut doc: Document,
        mut emit: impl FnMut(Document) -> Result<(), QueryErrorKind>,
    ) -> Result<(), QueryErrorKind> {
        let with_index = |mut d: Document, i: Option<usize>| {
            if let Some(field) = &self.index {
                d.insert(
                    field.as_str(),
                    i.map_or(Value::Null, |i| Value::Int64(i as i64)),
                );
            }
            d
        };
        let expand = match path::get(&doc, &self.path) {
            Some(Value::Array(items)) => !items.is_empty(),
            Some(Value::Null | Value::Undefined) | None => false,
            Some(_) => return emit(with_index(doc, None)),
        };
        if !expand {
            if self.preserve {
                emit(with_index(doc, None))?;
            }
            return Ok(());
        }
        // The array is taken out once, so each copy of the document leaves it behind.
        let items = match path::get_mut_or_create(&mut doc, &self.path) {
            Ok(slot) => std::mem::replace(slot, Value::Null),
            Err(_) => return Ok(()),
        };
        let Value::Array(items) = items else {
            return Ok(());
        };
        for (i, item) in items.into_iter().enumerate() {
            let mut d = doc.clone();
            if let Ok(slot) = path::get_mut_or_create(&mut d, &self.path) {
                *slot = item;
            }
            emit(with_index(d, Some(i)))?;
        }
        Ok(())
    }
}
