//! Values typed as text, in either syntax bson-tutor reads: mongosh syntax or Extended JSON.
//! The one place that decides which syntax a text is in, shared by the commands and the
//! lessons.

use super::parse_error::ParseError;
use super::shell::{self, Generate, Parsed};
use super::spec::ElementType;
use super::value::{Document, Value};
use super::{ejson, json};

/// The two text syntaxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// mongosh syntax, with JavaScript's number rules (`1.0` is an int).
    Shell,
    /// Extended JSON, canonical or relaxed.
    Ejson,
}

impl Syntax {
    /// The syntax a text is in when nobody says: Extended JSON when it is valid JSON, mongosh
    /// syntax otherwise.
    pub fn detect(text: &str) -> Syntax {
        if json::parse(text).is_ok() {
            Syntax::Ejson
        } else {
            Syntax::Shell
        }
    }
}

/// Parses one value in `syntax` (detected when `None`); Extended JSON has no warnings.
///
/// # Errors
/// The parser's error, with line, column and caret.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::FixedGenerator;
/// use bson_tutor::bson::text::parse_value;
/// use bson_tutor::bson::Value;
/// let mut g = FixedGenerator::new(0);
/// assert_eq!(parse_value("42.0", None, &mut g).unwrap().value, Value::Double(42.0));
/// assert_eq!(parse_value("[42.0]", None, &mut g).unwrap().value, Value::Array(vec![Value::Double(42.0)]));
/// assert_eq!(parse_value("{ v: 42.0 }", None, &mut g).unwrap().value.as_document().unwrap().get("v"),
///     Some(&Value::Int32(42)));
/// ```
pub fn parse_value(
    text: &str,
    syntax: Option<Syntax>,
    generator: &mut dyn Generate,
) -> Result<Parsed<Value>, ParseError> {
    match syntax.unwrap_or_else(|| Syntax::detect(text)) {
        Syntax::Ejson => ejson::parse_value(text).map(|value| Parsed {
            value,
            warnings: Vec::new(),
        }),
        Syntax::Shell => shell::parse_value(text, generator),
    }
}

/// Parses one document in `syntax` (detected when `None`), with positioned errors for text
/// that is not a document.
///
/// # Errors
/// The parser's error, with line, column and caret.
pub fn parse_document(
    text: &str,
    syntax: Option<Syntax>,
    generator: &mut dyn Generate,
) -> Result<Parsed<Document>, ParseError> {
    match syntax.unwrap_or_else(|| Syntax::detect(text)) {
        Syntax::Ejson => ejson::parse_document(text).map(|value| Parsed {
            value,
            warnings: Vec::new(),
        }),
        Syntax::Shell => shell::parse_document(text, generator),
    }
}

/// The documents a value stands for: an array of documents, or a single document.
///
/// # Errors
/// Any other value, or the first array item that is not a document: the caller names the
/// place the value came from in its own error.
///
/// # Examples
/// ```
/// use bson_tutor::bson::text::documents;
/// use bson_tutor::bson::{Value, spec::ElementType};
/// let e = documents(Value::Array(vec![Value::Int32(1)])).unwrap_err();
/// assert_eq!((e.index, e.found), (Some(0), ElementType::Int32));
/// ```
pub fn documents(value: Value) -> Result<Vec<Document>, NotDocuments> {
    match value {
        Value::Document(d) => Ok(vec![d]),
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(index, item)| match item {
                Value::Document(d) => Ok(d),
                other => Err(NotDocuments {
                    index: Some(index),
                    found: other.element_type(),
                }),
            })
            .collect(),
        other => Err(NotDocuments {
            index: None,
            found: other.element_type(),
        }),
    }
}

/// A value that does not stand for documents: the facts, for the caller's own error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotDocuments {
    /// The array item that is not a document; `None` when the value is no array at all.
    pub index: Option<usize>,
    /// The type of that item, or of the value.
    pub found: ElementType,
}
