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
//! Nothing here reads the clock or a random source: `ObjectId()`, `UUID()` and `new Date()`
//! ask a [`Generate`] implementation, so lessons and tests are reproducible.

mod constructors;
mod lexer;
mod number;
mod parser;
mod printer;

use super::oid::ObjectId;
use super::parse_error::ParseError;
use super::value::{Document, Value};

pub use printer::{print_document, print_document_pretty, print_value, print_value_pretty};

/// Where generated values come from: the current time, new ObjectIds and random UUIDs.
/// The library never reads a clock or an RNG itself; the caller passes one of these.
pub trait Generate {
    /// The current time in milliseconds since the Unix epoch.
    fn now_ms(&mut self) -> i64;
    /// A new ObjectId whose first four bytes are `secs`, big-endian; the other eight are the
    /// generator's process value and counter.
    fn object_id(&mut self, secs: u32) -> ObjectId;
    /// Sixteen bytes of a version 4 (random) UUID, version and variant bits set.
    fn uuid_v4(&mut self) -> [u8; 16];
}

/// A deterministic [`Generate`]: a fixed clock, a fixed 5-byte "process" value and a counter.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{FixedGenerator, Generate};
/// let mut g = FixedGenerator::new(1_791_431_149_000);
/// assert_eq!(g.object_id(1_791_431_149).to_hex(), "6ac711ed5e1f7a3c9d000000");
/// assert_eq!(g.object_id(1_791_431_149).to_hex(), "6ac711ed5e1f7a3c9d000001");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FixedGenerator {
    /// What [`Generate::now_ms`] returns, every time.
    pub now_ms: i64,
    /// The next counter value; each ObjectId or UUID takes one and increments it.
    pub counter: u32,
}

impl FixedGenerator {
    /// The 5 bytes standing for the per-process random value of a real ObjectId.
    pub const PROCESS: [u8; 5] = [0x5e, 0x1f, 0x7a, 0x3c, 0x9d];

    /// A generator whose clock reads `now_ms` and whose counter starts at 0.
    pub fn new(now_ms: i64) -> Self {
        FixedGenerator { now_ms, counter: 0 }
    }

    fn take(&mut self) -> u32 {
        let n = self.counter;
        self.counter = self.counter.wrapping_add(1);
        n
    }
}

impl Generate for FixedGenerator {
    fn now_ms(&mut self) -> i64 {
        self.now_ms
    }

    fn object_id(&mut self, secs: u32) -> ObjectId {
        let counter = self.take().to_be_bytes();
        let mut id = [0u8; 12];
        id[..4].copy_from_slice(&secs.to_be_bytes());
        id[4..9].copy_from_slice(&Self::PROCESS);
        // The counter is 3 bytes, big-endian, like a real one (it wraps at 2^24).
        id[9..].copy_from_slice(&counter[1..]);
        ObjectId(id)
    }

    fn uuid_v4(&mut self) -> [u8; 16] {
        let mut bytes = [0u8; 16];
        bytes[..5].copy_from_slice(&Self::PROCESS);
        bytes[12..].copy_from_slice(&self.take().to_be_bytes());
        // Version 4 in the high nibble of byte 6, variant 10xx in the top bits of byte 8.
        bytes[6] = (bytes[6] & 0x0f) | 0x40;
        bytes[8] = (bytes[8] & 0x3f) | 0x80;
        bytes
    }
}

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
    parser::Parser::new(src, generator).document()
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
    parser::Parser::new(src, generator).value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_generator_is_deterministic() {
        let mut g = FixedGenerator::new(5);
        assert_eq!(g.now_ms(), 5);
        let a = g.object_id(0x6ac7_11ed);
        let b = g.object_id(0x6ac7_11ed);
        assert_eq!(a.to_hex(), "6ac711ed5e1f7a3c9d000000");
        assert_eq!(b.to_hex(), "6ac711ed5e1f7a3c9d000001");
        let u = g.uuid_v4();
        assert_eq!(u[6] >> 4, 4);
        assert_eq!(u[8] >> 6, 0b10);
        assert_ne!(u, g.uuid_v4());
        assert_eq!(g.counter, 4);
    }
}
