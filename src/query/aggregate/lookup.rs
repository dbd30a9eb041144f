//! `$lookup`'s specification and its equality join, as the server reads and runs them
//! (mongodb/mongo `src/mongo/db/pipeline/document_source_lookup.cpp`; manual, "$lookup").
//!
//! Three forms: `localField`/`foreignField` (an equality match), `let`/`pipeline` (a
//! sub-pipeline that sees the outer document through variables), and both at once (5.0+:
//! the equality match, then the pipeline). The sub-pipeline itself is parsed and run by
//! [`super`]; this file reads the specification, builds the equality filter for one
//! document, and writes the joined array.
//!
//! The equality is the query's equality, as the server builds it: every value at
//! `localField` (each element of an array there, null when there is none) is looked for at
//! `foreignField` with `$eq`/`$in`, so an array on either side joins on any element, and a
//! number never joins a string: `{ userId: 42 }` does not join `{ _id: "42" }`.

use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::path::check_field_path;
use crate::query::update::server_element;

/// A parsed `$lookup` specification.
#[derive(Clone, Debug, PartialEq)]
pub struct LookupSpec {
    /// The collection joined (`from`); `None` when the pipeline starts with `$documents`.
    pub from: Option<String>,
    /// Where the joined documents go (`as`), a dotted path.
    pub as_field: String,
    /// `localField` and `foreignField`, when the equality form is used.
    pub equality: Option<(String, String)>,
    /// The `let` variables: names and the expressions read on the outer document.
    pub let_vars: Vec<(String, Value)>,
    /// The sub-pipeline's stages, when there is one.
    pub pipeline: Option<Vec<Document>>,
}

fn failed(text: impl Into<String>) -> QueryError {
    QueryErrorKind::server(code::FAILED_TO_PARSE, text).into()
}

/// Reads a `$lookup` specification.
///
/// # Errors
/// The server's refusals, word for word (`FailedToParse` unless said): "the $lookup
/// specification must be an Object", "$lookup argument 'as' must be a string, found as: 1:
/// int", "unknown argument to $lookup: foo", "must specify 'as' field for a $lookup",
/// "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be
/// specified", "$lookup requires both or neither of 'localField' and 'foreignField' to be
/// specified", "$lookup with a 'let' argument must also specify 'pipeline'", "$lookup stage
/// without explicit collection must have a pipeline with $documents as first stage", a
/// pipeline that is not an array of objects (`TypeMismatch`), and the field path rules for
/// `as`, `localField` and `foreignField`.
pub fn parse(arg: &Value) -> Result<LookupSpec, QueryError> {
    let Value::Document(spec) = arg else {
        return Err(failed("the $lookup specification must be an Object"));
    };
    let mut from = None;
    let (mut as_field, mut local, mut foreign) = (String::new(), String::new(), String::new());
    let mut let_vars = Vec::new();
    let mut has_let = false;
    let mut pipeline = None;
    for (name, value) in spec.iter() {
        match (name, value) {
            ("pipeline", Value::Array(stages)) => {
                let mut out = Vec::with_capacity(stages.len());
                for s in stages {
                    let Value::Document(d) = s else {
                        return Err(QueryErrorKind::server(
                            code::TYPE_MISMATCH,
                            "Each element of the 'pipeline' array must be an object",
                        )
                        .into());
                    };
                    out.push(d.clone());
                }
                pipeline = Some(out);
            }
            ("pipeline", _) => {
                return Err(QueryErrorKind::server(
                    code::TYPE_MISMATCH,
                    "'pipeline' option must be specified as an array",
                )
                .into());
            }
            ("let", Value::Document(vars)) => {
                has_let = true;
                let_vars = vars
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.clone()))
                    .collect();
            }
            ("let", other) => {
                return Err(failed(format!(
                    "$lookup argument '{}' must be an object, is type {}",
                    server_element("let", other),
                    other.element_type().alias()
                )));
            }
            ("from", Value::String(s)) => from = Some(s.to_string()),
            ("from", other) => {
                return Err(failed(format!(
                    "$lookup 'from' field must be a string, but found {}",
                    other.element_type().alias()
                )));
            }
            (name, Value::String(s)) => match name {
                "as" => as_field = s.to_string(),
                "localField" => local = s.to_string(),
                "foreignField" => foreign = s.to_string(),
                other => return Err(failed(format!("unknown argument to $lookup: {other}"))),
            },
            (name, other) => {
                return Err(failed(format!(
                    "$lookup argument '{name}' must be a string, found {}: {}",
                    server_element(name, other),
                    other.element_type().alias()
                )));
            }
        }
    }
    if from.is_none() {
        let starts_with_documents = pipeline
            .as_ref()
            .and_then(|p: &Vec<Document>| p.first())
            .is_some_and(|s| s.contains_key("$documents"));
        if !starts_with_documents {
            return Err(failed(
                "$lookup stage without explicit collection must have a pipeline with $documents as first stage",
            ));
        }
    }
    if as_field.is_empty() {
        return Err(failed("must specify 'as' field for a $lookup"));
    }
    let equality = match (&pipeline, local.is_empty(), foreign.is_empty()) {
        (Some(_), true, true) => None,
        (Some(_), false, false) => Some((local, foreign)),
        (Some(_), _, _) => {
            return Err(failed(
                "$lookup requires both or neither of 'localField' and 'foreignField' to be specified",
            ));
        }
        (None, false, false) => {
            if has_let {
                return Err(failed(
                    "$lookup with a 'let' argument must also specify 'pipeline'",
                ));
            }
            Some((local, foreign))
        }
        (None, _, _) => {
            return Err(failed(
                "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified",
            ));
        }
    };
    check_field_path(&as_field).map_err(|e| QueryError::new("as", e))?;
    if let Some((local, foreign)) = &equality {
        check_field_path(local).map_err(|e| QueryError::new("localField", e))?;
        check_field_path(foreign).map_err(|e| QueryError::new("foreignField", e))?;
    }
    Ok(LookupSpec {
        from,
        as_field,
        equality,
        let_vars,
        pipeline,
    })
}

/// Every value at `path` in `doc`, as the server collects the local values of a join:
/// through documents, each element of an array met on the way or at the end (an array
/// inside an array is one value).
fn values_at<'a>(v: &'a Value, parts: &[&str], out: &mut Vec<&'a Value>) {
    match (v, parts.split_first()) {
        (Value::Array(items), None) => out.extend(items.iter()),
        (other, None) => out.push(other),
        (Value::Document(d), Some((first, rest))) => {
            if let Some(v) = d.get(first) {
                values_at(v, rest, out);
            }
        }
        (Value::Array(items), Some(_)) => {
            for item in items {
                if let Value::Document(_) = item {
                    values_at(item, parts, out);
                }
            }
        }
        (_, Some(_)) => {}
    }
}

/// The filter the server runs on the foreign collection for one outer document:
/// `{ foreign: { $eq: v } }` for one local value, `{ foreign: { $in: [...] } }` for
/// several, and an `$or` of `$eq`s when one of them is a regex (which `$in` would read as a
/// pattern, not a value). A missing local value is looked for as null.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::aggregate::lookup::equality_filter;
/// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// assert_eq!(equality_filter(&doc("{ userId: 42 }"), "userId", "_id"),
///            doc("{ _id: { $eq: 42 } }"));
/// assert_eq!(equality_filter(&doc("{ tags: ['a', 'b'] }"), "tags", "t"),
///            doc("{ t: { $in: ['a', 'b'] } }"));
/// assert_eq!(equality_filter(&doc("{}"), "userId", "_id"), doc("{ _id: { $eq: null } }"));
/// ```
pub fn equality_filter(doc: &Document, local: &str, foreign: &str) -> Document {
    let parts: Vec<&str> = local.split('.').collect();
    let mut found = Vec::new();
    if let Some((first, rest)) = parts.split_first()
        && let Some(v) = doc.get(first)
    {
        values_at(v, rest, &mut found);
    }
    let eq = |v: &Value| {
        let mut cond = Document::new();
        cond.push("$eq", v.clone());
        let mut d = Document::new();
        d.push(foreign, cond);
        d
    };
    match found.as_slice() {
        [] => eq(&Value::Null),
        [one] => eq(one),
        many if many.iter().any(|v| matches!(v, Value::Regex(_))) => {
            let mut d = Document::new();
            d.push(
                "$or",
                Value::Array(many.iter().map(|v| Value::Document(eq(v))).collect()),
            );
            d
        }
        many => {
            let mut cond = Document::new();
            cond.push(
                "$in",
                Value::Array(many.iter().map(|v| (*v).clone()).collect()),
            );
            let mut d = Document::new();
            d.push(foreign, cond);
            d
        }
    }
}

/// Writes `value` at the dotted `path` of `doc`, as the server sets the `as` field: an
/// existing field is replaced where it stands, missing documents on the way are created,
/// and a value on the way that is not a document is replaced by one.
pub fn set_field(doc: &mut Document, path: &str, value: Value) {
    match path.split_once('.') {
        None => {
            doc.insert(path, value);
        }
        Some((first, rest)) => {
            if !matches!(doc.get(first), Some(Value::Document(_))) {
                doc.insert(first, Value::Document(Document::new()));
            }
            if let Some(Value::Document(inner)) = doc.get_mut(first) {
                set_field(inner, rest, value);
            }
        }
    }
}
