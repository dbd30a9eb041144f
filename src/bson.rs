//! BSON itself: the type table, the value model, the binary codec and the element spans the
//! hex view is drawn from.

pub mod base64;
pub mod datetime;
pub mod decimal128;
pub mod decode;
pub mod ejson;
pub mod encode;
pub mod error;
pub mod generate;
pub mod hex;
pub mod json;
pub mod num;
pub mod oid;
pub mod parse_error;
pub mod raw;
pub mod shell;
pub mod spans;
pub mod spec;
pub mod terms;
pub mod text;
pub mod uuid;
pub mod value;

pub use decimal128::Decimal128;
pub use decode::{decode_document, decode_document_with, split_stream, validate};
pub use encode::{document_size, encode_document, encode_document_into, value_size};
pub use error::{DecodeError, DecodeErrorKind, EncodeError};
pub use oid::ObjectId;
pub use parse_error::ParseError;
pub use raw::Limits;
pub use spec::ElementType;
pub use value::{
    Binary, CodeWithScope, CompactString, DbPointer, Document, Regex, Timestamp, Value,
};
