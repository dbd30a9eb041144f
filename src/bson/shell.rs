//! mongosh syntax: the JavaScript-literal subset people type in the shell
//! (`{ _id: ObjectId("..."), qty: 42, at: new Date("2026-10-08") }`), read with JavaScript's
//! own number rules, and the shell's way of printing values back.
//!
//! Reading follows what mongosh and its BSON library (js-bson) really do, because that is what
//! reaches the server:
//! - every numeric literal is a JavaScript double first; js-bson then stores it as int32 when
//!   it is a whole number in the int32 range (and not `-0`), otherwise as a double. So `42.0`
//!   is an int32, and `9007199254740993` is already `9007199254740992` before anything is sent;
//! - `NumberLong(9007199254740993)` goes through that double too, and mongosh warns;
//! - integer-like keys move to the front (`{ b: 1, 2: 'x' }` has keys `2, b`), and a repeated
//!   key keeps its first place with its last value, as in any JavaScript object;
//! - `undefined` is stored as null.
//!
//! Printing follows mongosh 2.x too: js-bson's deserializer turns the document into a
//! JavaScript object (a Symbol into a string, a regex into a RegExp, integer-like keys first,
//! DBRef-shaped documents and DBPointers into `DBRef`s) and mongosh's `printable-bson.ts`
//! prints the BSON classes (`MD5('...')`, `Binary.fromInt8Array(...)`). Where that view hides
//! what is stored, [`print_document_noted`] says so with a [`PrintNote`]; everything it
//! prints, the reader reads back.
//!
//! Nothing here reads the clock or a random source: `ObjectId()`, `UUID()` and `new Date()`
//! ask a [`Generate`] implementation, so lessons and tests are reproducible.

mod constructors;
mod lexer;
mod note;
mod number;
mod parser;
mod printer;
mod reader;

use super::parse_error::ParseError;
use super::value::{Document, Value};

pub use super::generate::{FixedGenerator, Generate, SeededGenerator};
pub use note::PrintNote;
pub use printer::{
    print_document, print_document_noted, print_document_pretty, print_value, print_value_pretty,
};

/// A parse result with the warnings mongosh would print (or that a learner should see),
/// each with its position.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed<T> {
    /// What was read.
    pub value: T,
    /// Things that did not stop parsing but may surprise: a number argument that loses
    /// precision, a key that JavaScript moves, `undefined` stored as null.
    pub warnings: Vec<ParseError>,
}

/// Reads one document written in mongosh syntax.
///
/// # Errors
/// The first syntax or constructor error, with its line, column and the rule broken:
/// "unknown constructor `NumberFoo`", "ObjectId needs 24 hex digits, but `abc` has 3",
/// "expected `,` or `}` after a field, but found `x`".
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::bson::Value;
/// let mut g = FixedGenerator::new(0);
/// let doc = parse_document("{ _id: 1, v: 42.0, big: 9007199254740993 }", &mut g).unwrap().value;
/// assert_eq!(doc.get("v"), Some(&Value::Int32(42)));
/// assert_eq!(doc.get("big"), Some(&Value::Double(9007199254740992.0)));
///
/// let e = parse_document("{ n: NumberFoo(1) }", &mut g).unwrap_err();
/// assert_eq!(e.to_string(), "line 1, column 6: unknown constructor `NumberFoo`");
/// ```
pub fn parse_document(
    src: &str,
    generator: &mut dyn Generate,
) -> Result<Parsed<Document>, ParseError> {
    reader::Parser::new(src, generator).document()
}

/// Reads one value written in mongosh syntax: a document, an array, a literal or a
/// constructor call such as `NumberLong("42")`.
///
/// # Errors
/// As [`parse_document`].
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_value, FixedGenerator};
/// use bson_tutor::bson::Value;
/// let mut g = FixedGenerator::new(0);
/// let long = parse_value("NumberLong(9007199254740993)", &mut g).unwrap();
/// assert_eq!(long.value, Value::Int64(9007199254740992));
/// assert_eq!(long.warnings.len(), 1);
/// assert_eq!(parse_value("NumberLong('9007199254740993')", &mut g).unwrap().value,
///            Value::Int64(9007199254740993));
/// ```
pub fn parse_value(src: &str, generator: &mut dyn Generate) -> Result<Parsed<Value>, ParseError> {
    reader::Parser::new(src, generator).value()
}
