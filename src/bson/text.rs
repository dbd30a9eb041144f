//! Values typed as text, in either syntax bson-tutor reads: mongosh syntax or Extended JSON.
//! The one place that decides which syntax a text is in, shared by the commands and the
//! lessons.

use std::fmt;

use super::parse_error::ParseError;
use super::shell::{self, Generate, Parsed};
use super::value::{Document, Value};
use super::{ejson, json};
use crate::strings::Lang;
use crate::strings::localize::Localize;

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
/// Any other value, or an array item that is not a document, named with `what`.
pub fn documents(value: Value, what: &str) -> Result<Vec<Document>, DocumentsError> {
    match value {
        Value::Document(d) => Ok(vec![d]),
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(index, item)| match item {
                Value::Document(d) => Ok(d),
                other => Err(DocumentsError::Item {
                    what: what.into(),
                    index,
                    found: other.element_type().alias(),
                }),
            })
            .collect(),
        other => Err(DocumentsError::NotDocuments {
            what: what.into(),
            found: other.element_type().alias(),
        }),
    }
}

/// Why a value does not stand for documents.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DocumentsError {
    /// An array item that is not a document.
    Item {
        /// What the value is for (`docs`, `--docs`, `pipeline`).
        what: String,
        /// The item's index.
        index: usize,
        /// Its type alias (`int`, `string`).
        found: &'static str,
    },
    /// Neither a document nor an array.
    NotDocuments {
        /// What the value is for.
        what: String,
        /// Its type alias.
        found: &'static str,
    },
}

impl Localize for DocumentsError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use DocumentsError as E;
        match (lang, self) {
            (Lang::En, E::Item { what, index, found }) => {
                write!(out, "{what}: item {index} is {found}, not a document")
            }
            (Lang::En, E::NotDocuments { what, found }) => {
                write!(out, "{what} must be an array of documents, not {found}")
            }
            (Lang::Vi, E::Item { what, index, found }) => {
                write!(
                    out,
                    "{what}: phần tử {index} là {found}, không phải document"
                )
            }
            (Lang::Vi, E::NotDocuments { what, found }) => write!(
                out,
                "{what} phải là một mảng các document, không phải {found}"
            ),
            (Lang::Zh, E::Item { what, index, found }) => {
                write!(out, "{what}：第 {index} 项是 {found}，不是文档")
            }
            (Lang::Zh, E::NotDocuments { what, found }) => {
                write!(out, "{what} 必须是文档数组，而不是 {found}")
            }
        }
    }
}

impl fmt::Display for DocumentsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for DocumentsError {}

impl From<DocumentsError> for String {
    fn from(e: DocumentsError) -> Self {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl DocumentsError {
        /// One of every variant; the match makes a new variant a compile error here.
        fn every_variant() -> Vec<Self> {
            let all = vec![
                DocumentsError::Item {
                    what: "docs".into(),
                    index: 0,
                    found: "int",
                },
                DocumentsError::NotDocuments {
                    what: "pipeline".into(),
                    found: "int",
                },
            ];
            for e in &all {
                match e {
                    DocumentsError::Item { .. } | DocumentsError::NotDocuments { .. } => {}
                }
            }
            all
        }
    }

    #[test]
    fn every_variant_in_every_language() {
        let mut problems = Vec::new();
        for e in DocumentsError::every_variant() {
            problems.extend(crate::bson::terms::check_languages(&e));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
        let e = documents(Value::Array(vec![1.into()]), "pipeline").unwrap_err();
        assert_eq!(e.to_string(), "pipeline: item 0 is int, not a document");
        assert_eq!(
            e.to_string_in(Lang::Vi),
            "pipeline: phần tử 0 là int, không phải document"
        );
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "pipeline：第 0 项是 int，不是文档"
        );
        let e = documents(Value::Int32(1), "docs").unwrap_err();
        assert_eq!(
            e.to_string_in(Lang::Vi),
            "docs phải là một mảng các document, không phải int"
        );
        assert_eq!(e.to_string_in(Lang::Zh), "docs 必须是文档数组，而不是 int");
    }
}
