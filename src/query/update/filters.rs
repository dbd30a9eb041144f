//! `arrayFilters`: the filters that `$[<identifier>]` in an update path names, read and
//! checked as the server reads them (one top-level field name per filter, the identifier,
//! no two filters for one identifier, every filter used by some path).

use super::{Condition, Kind, server_document};
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::matcher::Filter;

/// One array filter: `{ "elem.grade": { $gte: 85 } }` is the filter named `elem`, tested on
/// an array element as if the element were the value of a field `elem`.
#[derive(Clone, Debug, PartialEq)]
pub struct ArrayFilter {
    /// The identifier (`elem`), the top-level field name of the filter.
    pub identifier: String,
    condition: Condition,
}

impl ArrayFilter {
    /// Whether the array element `element` is one this filter names.
    pub fn matches(&self, element: &Value) -> bool {
        let mut wrapped = Document::with_capacity(1);
        wrapped.push(self.identifier.as_str(), element.clone());
        self.condition.filter.matches(&wrapped)
    }
}

/// `Error parsing array filter :: caused by :: <inner>`, as the server frames the errors of
/// one filter.
fn framed(at: String, inner: QueryErrorKind) -> QueryError {
    QueryError::new(
        at,
        QueryErrorKind::CausedBy {
            context: "Error parsing array filter".into(),
            inner: Box::new(inner),
        },
    )
}

pub(super) fn parse(docs: &[Document]) -> Result<Vec<ArrayFilter>, QueryError> {
    let mut out: Vec<ArrayFilter> = Vec::with_capacity(docs.len());
    for (i, doc) in docs.iter().enumerate() {
        let at = format!("arrayFilters.{i}");
        let filter = Filter::parse(doc).map_err(|e| framed(format!("{at}.{}", e.at), e.kind))?;
        let mut names = Vec::new();
        top_level_names(doc, &mut names, 0);
        let Some(first) = names.first().cloned() else {
            return Err(QueryError::new(
                at,
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    "Cannot use an expression without a top-level field name in arrayFilters",
                ),
            ));
        };
        if let Some(other) = names.iter().find(|n| **n != first) {
            return Err(framed(
                at,
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    format!(
                        "Expected a single top-level field name, found '{first}' and '{other}'"
                    ),
                ),
            ));
        }
        let valid = first.starts_with(|c: char| c.is_ascii_lowercase())
            && first.chars().all(|c| c.is_ascii_alphanumeric());
        if !valid {
            return Err(framed(
                at,
                QueryErrorKind::server(
                    code::BAD_VALUE,
                    format!(
                        "The top-level field name must be an alphanumeric string beginning with a lowercase letter, found '{first}'"
                    ),
                ),
            ));
        }
        if out.iter().any(|f| f.identifier == first) {
            return Err(QueryError::new(
                at,
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    format!(
                        "Found multiple array filters with the same top-level field name {first}"
                    ),
                ),
            ));
        }
        out.push(ArrayFilter {
            identifier: first,
            condition: Condition {
                source: doc.clone(),
                filter,
            },
        });
    }
    Ok(out)
}

/// The first components of the filter's paths, looking inside `$and`, `$or` and `$nor`.
fn top_level_names(doc: &Document, out: &mut Vec<String>, depth: usize) {
    // The filter parsed, so its nesting is within the matcher's limits; this bound only
    // keeps the walk obviously finite.
    if depth > 200 {
        return;
    }
    for (key, value) in doc.iter() {
        match key {
            "$and" | "$or" | "$nor" => {
                if let Value::Array(items) = value {
                    for item in items {
                        if let Value::Document(d) = item {
                            top_level_names(d, out, depth + 1);
                        }
                    }
                }
            }
            k if k.starts_with('$') => {}
            k => out.push(k.split('.').next().unwrap_or(k).to_owned()),
        }
    }
}

/// Every filter must be named by some path: "The array filter for identifier 'j' was not
/// used in the update { $set: { a.$[i]: 5 } }".
pub(super) fn check_all_used(
    filters: &[ArrayFilter],
    kind: &Kind,
    update: &Document,
) -> Result<(), QueryError> {
    for (i, f) in filters.iter().enumerate() {
        let token = format!("$[{}]", f.identifier);
        let used = match kind {
            Kind::Replacement(_) | Kind::Pipeline(_) => false,
            Kind::Modifiers(ops) => ops.iter().any(|op| op.path.split('.').any(|p| p == token)),
        };
        if !used {
            return Err(QueryError::new(
                format!("arrayFilters.{i}"),
                QueryErrorKind::server(
                    code::FAILED_TO_PARSE,
                    format!(
                        "The array filter for identifier '{}' was not used in the update {}",
                        f.identifier,
                        server_document(update)
                    ),
                ),
            ));
        }
    }
    Ok(())
}
