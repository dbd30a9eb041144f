//! The classic wrong answers an exercise can foresee: values a learner reaches by a known
//! mistake (a size without its length prefix, bytes read in the wrong order, milliseconds for
//! seconds), computed with the answer, so that the feedback names the mistake instead of only
//! saying "wrong".

use std::fmt;

use super::{SolveError, number};
use crate::bson::ejson::{self, Mode};
use crate::bson::spans::{ByteRole, Meaning, Row, document_spans, rows};
use crate::bson::{Document, ElementType, ObjectId, Value, hex, shell};
use crate::lesson::compute::ComputeError;
use crate::strings::localize::Localize;
use crate::strings::{Lang, write_trf};

/// A wrong answer foreseen, and the mistake that leads to it.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::lesson) struct Trap {
    /// What the learner types when making the mistake.
    pub(in crate::lesson) bait: Bait,
    /// The mistake.
    pub(in crate::lesson) mistake: Mistake,
}

impl Trap {
    /// A trap whose bait is a value (compared as `$eq` compares numbers).
    pub(in crate::lesson) fn value(value: Value, mistake: Mistake) -> Self {
        Trap {
            bait: Bait::Value(value),
            mistake,
        }
    }

    /// A trap whose bait is a text that is no value at all (hex digits typed for a number).
    pub(in crate::lesson) fn text(text: String, mistake: Mistake) -> Self {
        Trap {
            bait: Bait::Text(text),
            mistake,
        }
    }
}

/// What a learner types when making a mistake.
#[derive(Clone, Debug, PartialEq)]
pub(in crate::lesson) enum Bait {
    /// A value that reads as an answer.
    Value(Value),
    /// A text that does not read as a value, in lowercase without spaces.
    Text(String),
}

/// A classic mistake, named in the feedback.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A size one byte short: a trailing 0x00 left out.
    OneNulShort,
    /// A size without the document's 4-byte length prefix.
    NoLengthPrefix,
    /// A size without the length prefix and the final 0x00.
    NoEnvelope,
    /// A size without any of the `n` bytes 0x00 that end keys, strings and documents.
    NoNuls(usize),
    /// The number of characters of the document written as text (JSON, or as the lesson
    /// shows it), not its bytes in BSON.
    TextLength {
        /// The text counted.
        text: String,
    },
    /// A string's length prefix read without its trailing 0x00.
    StringLengthWithoutNul,
    /// A document's length prefix read without its own 4 bytes.
    LengthWithoutItself,
    /// Little-endian bytes read big-endian.
    ReadBigEndian,
    /// Big-endian bytes (an ObjectId's time or counter) read little-endian.
    ReadLittleEndian,
    /// An ObjectId's seconds given in milliseconds.
    Milliseconds,
    /// The hex digits typed instead of the number they spell.
    HexDigits,
}

impl Localize for Mistake {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Mistake::OneNulShort => write_trf(
                out,
                lang,
                "one byte short: every key and every string ends with a 0x00 byte, and so does the document",
                &[],
            ),
            Mistake::NoLengthPrefix => write_trf(
                out,
                lang,
                "four bytes short: the size counts the document's own 4-byte length prefix",
                &[],
            ),
            Mistake::NoEnvelope => write_trf(
                out,
                lang,
                "five bytes short: the size counts the 4-byte length prefix and the final 0x00",
                &[],
            ),
            Mistake::NoNuls(n) => write_trf(
                out,
                lang,
                "{n} bytes short: the 0x00 that ends each key, each string and each document counts too",
                &[n],
            ),
            Mistake::TextLength { text } => write_trf(
                out,
                lang,
                "that is how many characters {text} has: $bsonSize counts the bytes of BSON, not the characters of a text",
                &[&format_args!("`{text}`")],
            ),
            Mistake::StringLengthWithoutNul => write_trf(
                out,
                lang,
                "a string's length prefix counts its trailing 0x00 too",
                &[],
            ),
            Mistake::LengthWithoutItself => write_trf(
                out,
                lang,
                "a document's length prefix counts its own 4 bytes too",
                &[],
            ),
            Mistake::ReadBigEndian => write_trf(
                out,
                lang,
                "that reads the bytes big-endian: BSON stores numbers little-endian, least significant byte first",
                &[],
            ),
            Mistake::ReadLittleEndian => write_trf(
                out,
                lang,
                "that reads the bytes little-endian: an ObjectId's time and counter are big-endian, most significant byte first",
                &[],
            ),
            Mistake::Milliseconds => write_trf(
                out,
                lang,
                "that is milliseconds: an ObjectId holds whole seconds",
                &[],
            ),
            Mistake::HexDigits => write_trf(
                out,
                lang,
                "those are the hex digits: the answer is the number they spell",
                &[],
            ),
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// The classic wrong sizes of a document: without a trailing 0x00, without the length
/// prefix, without every 0x00, and the characters of its text instead of its bytes.
pub(super) fn size_traps(
    written: &str,
    doc: &Document,
    bytes: &[u8],
) -> Result<Vec<Trap>, SolveError> {
    let size = bytes.len() as u64;
    let spans = document_spans(bytes).map_err(ComputeError::from)?;
    let nuls = rows(&spans)
        .iter()
        .filter(|r| {
            matches!(
                r.meaning,
                Meaning::Key(_)
                    | Meaning::StringBytes(_)
                    | Meaning::DocumentEnd { .. }
                    | Meaning::RegexPattern(_)
                    | Meaning::RegexOptions(_)
            )
        })
        .count() as u64;
    let mut traps = Vec::new();
    let mut short = |by: u64, mistake: Mistake| {
        if let Some(n) = size.checked_sub(by) {
            traps.push(Trap::value(number(n), mistake));
        }
    };
    short(1, Mistake::OneNulShort);
    short(4, Mistake::NoLengthPrefix);
    short(5, Mistake::NoEnvelope);
    if nuls > 1 {
        short(nuls, Mistake::NoNuls(nuls as usize));
    }
    // `JSON.stringify`, and the text as the lesson wrote it.
    let texts = [
        ejson::to_string(doc, Mode::Stringify),
        written.trim().to_owned(),
        shell::print_document(doc),
    ];
    let mut counted = Vec::new();
    for text in texts {
        let n = text.chars().count() as u64;
        if n != size && !counted.contains(&n) {
            counted.push(n);
            traps.push(Trap::value(number(n), Mistake::TextLength { text }));
        }
    }
    Ok(traps)
}

/// The classic wrong readings of an ObjectId's `range` of bytes (big-endian): little-endian,
/// as hex digits, and (for the time) in milliseconds.
pub(super) fn oid_traps(id: &ObjectId, range: std::ops::Range<usize>, time: bool) -> Vec<Trap> {
    let bytes = id.0.get(range).unwrap_or_default();
    let big = bytes.iter().fold(0u64, |n, b| n << 8 | u64::from(*b));
    let little = bytes.iter().rev().fold(0u64, |n, b| n << 8 | u64::from(*b));
    let mut traps = Vec::new();
    if little != big {
        traps.push(Trap::value(number(little), Mistake::ReadLittleEndian));
    }
    if time {
        traps.push(Trap::value(number(big * 1000), Mistake::Milliseconds));
    }
    let digits = hex::encode(bytes);
    // Digits that are all decimal read as a (wrong) number, and are judged as one.
    if digits.chars().any(|c| c.is_ascii_alphabetic()) {
        traps.push(Trap::text(digits, Mistake::HexDigits));
    }
    traps
}

/// The classic wrong readings of the bytes of `row` in `bytes`: a number read big-endian, a
/// string length without its 0x00, a document length without itself.
pub(super) fn decode_traps(row: &Row, bytes: &[u8]) -> Vec<Trap> {
    let field = bytes
        .get(row.offset..row.offset + row.len)
        .unwrap_or_default();
    let big_endian = || -> Option<Value> {
        let mut b = [0u8; 8];
        match (&row.meaning, field.len()) {
            (
                Meaning::Scalar {
                    ty: ElementType::Double,
                    ..
                },
                _,
            ) => None,
            (
                Meaning::Scalar {
                    ty: ElementType::Int64,
                    ..
                }
                | Meaning::DateTime(_),
                8,
            ) => {
                b.copy_from_slice(field);
                Some(Value::Int64(i64::from_be_bytes(b)))
            }
            (_, 4)
                if row.meaning.role() == ByteRole::Length
                    || matches!(
                        row.meaning,
                        Meaning::Scalar {
                            ty: ElementType::Int32,
                            ..
                        }
                    ) =>
            {
                b[..4].copy_from_slice(field);
                Some(Value::Int32(i32::from_be_bytes([b[0], b[1], b[2], b[3]])))
            }
            _ => None,
        }
    };
    let mut traps = Vec::new();
    match &row.meaning {
        Meaning::StringLength(len) => traps.push(Trap::value(
            number((*len as u64).saturating_sub(1)),
            Mistake::StringLengthWithoutNul,
        )),
        Meaning::DocumentLength { len, .. } => traps.push(Trap::value(
            number((*len as u64).saturating_sub(4)),
            Mistake::LengthWithoutItself,
        )),
        _ => {}
    }
    if let Some(v) = big_endian() {
        let same = bytes_palindrome(field);
        if !same {
            traps.push(Trap::value(v, Mistake::ReadBigEndian));
        }
    }
    traps
}

/// Whether `b` reads the same both ways (then no byte order mistake can show).
fn bytes_palindrome(b: &[u8]) -> bool {
    b.iter().eq(b.iter().rev())
}

#[cfg(test)]
impl Mistake {
    /// One value of every variant.
    pub(crate) fn every_variant() -> Vec<Self> {
        let all = vec![
            Mistake::OneNulShort,
            Mistake::NoLengthPrefix,
            Mistake::NoEnvelope,
            Mistake::NoNuls(4),
            Mistake::TextLength {
                text: "{\"a\":1}".into(),
            },
            Mistake::StringLengthWithoutNul,
            Mistake::LengthWithoutItself,
            Mistake::ReadBigEndian,
            Mistake::ReadLittleEndian,
            Mistake::Milliseconds,
            Mistake::HexDigits,
        ];
        for m in &all {
            // A new variant must be added above.
            match m {
                Mistake::OneNulShort
                | Mistake::NoLengthPrefix
                | Mistake::NoEnvelope
                | Mistake::NoNuls(_)
                | Mistake::TextLength { .. }
                | Mistake::StringLengthWithoutNul
                | Mistake::LengthWithoutItself
                | Mistake::ReadBigEndian
                | Mistake::ReadLittleEndian
                | Mistake::Milliseconds
                | Mistake::HexDigits => {}
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::testing::assert_localized;

    #[test]
    fn every_mistake_speaks_every_language() {
        for m in Mistake::every_variant() {
            assert_localized(&m, &[]);
        }
    }
}
