//! The reader's state and what it reads before storing: expressions as JavaScript holds
//! them (numbers, strings, `undefined`, BSON values), calls, and the rule that stores an
//! expression as BSON. The grammar is in `parser`, the constructors in `constructors`.

use super::Generate;
use super::lexer::{Lexer, Token};
use super::number::number_value;
use crate::bson::parse_error::{ParseError, ParseErrorKind, ParseWarning, SyntaxError};
use crate::bson::terms::{Found, ValueKind};
use crate::bson::value::Value;

/// An expression before it is stored: JavaScript keeps numbers, strings and `undefined` as
/// primitives, and only the serializer decides their BSON type. Constructors need to know
/// which primitive they were given (`NumberLong(1)` and `NumberLong("1")` differ).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Js {
    /// A JavaScript number (always a double).
    Number(f64),
    /// A BigInt literal, `42n`.
    BigInt(i128),
    /// A string; `verbatim` when its bytes are the source between the quotes.
    String { value: String, verbatim: bool },
    /// `undefined`.
    Undefined,
    /// Anything that already is a BSON value (documents, arrays, constructed types).
    Bson(Value),
    /// `new Int8Array([...])`, `new Float32Array([...])`, `new Uint8Array([...])`: the
    /// element values as the array holds them.
    TypedArray {
        /// Which typed array.
        class: TypedArray,
        /// Its elements.
        values: Vec<f64>,
    },
}

/// The typed arrays mongosh prints vectors with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TypedArray {
    /// Signed bytes.
    Int8,
    /// 32-bit floats.
    Float32,
    /// Unsigned bytes.
    Uint8,
}

/// An expression and its byte range in the source.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Item {
    pub js: Js,
    pub start: usize,
    pub end: usize,
}

impl Item {
    /// The source offset of byte `i` of a string item's value, when it can be known.
    pub fn inner_offset(&self, i: usize) -> usize {
        match self.js {
            Js::String { verbatim: true, .. } => self.start + 1 + i,
            _ => self.start,
        }
    }

    /// "a number", "a string", "a document"... for "but got ..." messages.
    pub fn kind(&self) -> ValueKind {
        match &self.js {
            Js::Number(_) => ValueKind::Number,
            Js::BigInt(_) => ValueKind::BigInt,
            Js::String { .. } => ValueKind::String,
            Js::Undefined => ValueKind::Undefined,
            Js::TypedArray { .. } => ValueKind::Array,
            Js::Bson(v) => match v {
                Value::Double(_) | Value::Int32(_) => ValueKind::Number,
                Value::String(_) => ValueKind::String,
                Value::Document(_) => ValueKind::Document,
                Value::Array(_) => ValueKind::Array,
                Value::Binary(_) => ValueKind::Binary,
                Value::Undefined => ValueKind::Undefined,
                Value::ObjectId(_) => ValueKind::ObjectId,
                Value::Boolean(_) => ValueKind::Boolean,
                Value::DateTime(_) => ValueKind::Date,
                Value::Null => ValueKind::Null,
                Value::Regex(_) => ValueKind::Regex,
                Value::DbPointer(_) => ValueKind::DbPointer,
                Value::JavaScript(_) | Value::JavaScriptWithScope(_) => ValueKind::Code,
                Value::Symbol(_) => ValueKind::Symbol,
                Value::Timestamp(_) => ValueKind::Timestamp,
                Value::Int64(_) => ValueKind::Long,
                Value::Decimal128(_) => ValueKind::Decimal128,
                Value::MinKey => ValueKind::MinKey,
                Value::MaxKey => ValueKind::MaxKey,
            },
        }
    }
}

/// A call such as `new Date("2026-10-08")` or bare `MinKey`, arguments already parsed.
pub(super) struct Call<'a> {
    /// `ObjectId` or `ObjectId.createFromTime`.
    pub name: &'a str,
    pub start: usize,
    pub is_new: bool,
    /// `None` for a bare name without parentheses.
    pub args: Option<Vec<Item>>,
}

pub(super) struct Parser<'a, 'g> {
    pub lx: Lexer<'a>,
    pub generator: &'g mut dyn Generate,
}

impl<'a, 'g> Parser<'a, 'g> {
    pub fn new(src: &'a str, generator: &'g mut dyn Generate) -> Self {
        Parser {
            lx: Lexer::new(src),
            generator,
        }
    }

    pub fn error(&self, at: usize, kind: impl Into<ParseErrorKind>) -> ParseError {
        self.lx.error(at, kind)
    }

    pub fn warn(&mut self, at: usize, warning: ParseWarning) {
        let w = self.lx.error(at, warning);
        self.lx.warnings.push(w);
    }

    pub fn found(&self, token: &Token<'_>) -> Found {
        token.describe(self.lx.src)
    }

    /// The BSON value an expression is stored as.
    pub fn store(&mut self, item: Item) -> Result<Value, ParseError> {
        Ok(match item.js {
            Js::Number(x) => number_value(x),
            Js::BigInt(n) => match i64::try_from(n) {
                Ok(n) => Value::Int64(n),
                Err(_) => {
                    return Err(self.error(item.start, SyntaxError::BigIntOutOfRange));
                }
            },
            Js::String { value, .. } => Value::String(value.into()),
            Js::Undefined => {
                // js-bson's serializer writes BSON null for `undefined` (ignoreUndefined is
                // off in mongosh); the deprecated undefined type is never produced.
                self.warn(item.start, ParseWarning::UndefinedAsNull);
                Value::Null
            }
            Js::Bson(v) => v,
            // js-bson writes a Uint8Array as generic binary, and any other typed array as
            // the object it is: its indexes as keys.
            Js::TypedArray {
                class: TypedArray::Uint8,
                values,
            } => Value::Binary(crate::bson::value::Binary {
                subtype: crate::bson::spec::BINARY_GENERIC,
                bytes: values.into_iter().map(|x| x as u8).collect(),
            }),
            Js::TypedArray { values, .. } => Value::Document(
                values
                    .into_iter()
                    .enumerate()
                    .map(|(i, x)| (i.to_string(), number_value(x)))
                    .collect(),
            ),
        })
    }
}
