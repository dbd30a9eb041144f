//! `$facet`'s specification, as the server reads it (mongodb/mongo
//! `src/mongo/db/pipeline/document_source_facet.cpp`; manual, "$facet"): named
//! sub-pipelines that each see every input document, and one output document holding each
//! one's results as an array. The sub-pipelines are parsed and run by [`super`].

use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind};
use crate::query::path::check_field_path;
use crate::query::update::server_element;

/// Stages the server refuses inside a `$facet` (that this tutor has): those that must come
/// first or read no collection, and `$facet` itself.
pub const NOT_IN_FACET: [&str; 2] = ["$facet", "$documents"];

/// Reads a `$facet` specification: each facet's name and its stages.
///
/// # Errors
/// The server's refusals: "the $facet specification must be a non-empty object, but found:
/// $facet: []" (40169), a name that breaks the field path rules, "arguments to $facet must
/// be arrays, a is type int" (40170), "elements of arrays in $facet spec must be non-empty
/// objects, a argument contained an element of type int: 0: 1" (40171).
pub fn parse(arg: &Value) -> Result<Vec<(String, Vec<Document>)>, QueryError> {
    let spec = match arg {
        Value::Document(d) if !d.is_empty() => d,
        other => {
            return Err(QueryErrorKind::server(
                40169,
                format!(
                    "the $facet specification must be a non-empty object, but found: {}",
                    server_element("$facet", other)
                ),
            )
            .into());
        }
    };
    let mut facets = Vec::with_capacity(spec.len());
    for (name, value) in spec.iter() {
        check_field_path(name)
            .ok()
            .filter(|()| !name.contains('.'))
            .ok_or_else(|| {
                let why = match check_field_path(name) {
                    Err(e) => QueryErrorKind::Server(e),
                    Ok(()) => {
                        QueryErrorKind::server(16412, "FieldPath field names may not contain '.'.")
                    }
                };
                QueryError::from(QueryErrorKind::caused_by(
                    "$facet pipeline names must follow the naming rules of field path expressions.",
                    why,
                ))
            })?;
        let Value::Array(stages) = value else {
            return Err(QueryErrorKind::server(
                40170,
                format!(
                    "arguments to $facet must be arrays, {name} is type {}",
                    value.element_type().alias()
                ),
            )
            .into());
        };
        let mut pipeline = Vec::with_capacity(stages.len());
        for (i, stage) in stages.iter().enumerate() {
            let Value::Document(d) = stage else {
                return Err(QueryErrorKind::server(
                    40171,
                    format!(
                        "elements of arrays in $facet spec must be non-empty objects, {name} argument contained an element of type {}: {}",
                        stage.element_type().alias(),
                        server_element(&i.to_string(), stage)
                    ),
                )
                .into());
            };
            pipeline.push(d.clone());
        }
        facets.push((name.to_owned(), pipeline));
    }
    Ok(facets)
}
