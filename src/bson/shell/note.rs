//! What mongosh's printing hides: a value whose printed form, read back by mongosh, is stored
//! differently from the document that was printed. mongosh turns every value into a
//! JavaScript object before `util.inspect` prints it, and JavaScript has no room for some of
//! BSON (a Symbol becomes a string, regex options become RegExp flags, keys are reordered).
//! The shell view prints one line per kind of change, so the reader knows the text is not the
//! stored truth (the `inspect` table is).

use std::fmt;

use crate::strings::localize::Localize;
use crate::strings::{Lang, write_trf};

/// One change between the stored document and what reading its printed form back stores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrintNote {
    /// A BSON Symbol: js-bson promotes it to a JavaScript string.
    SymbolAsString {
        /// Where, as a dotted path.
        path: String,
    },
    /// A double with an integral value in the int32 range: a JavaScript number, stored back
    /// as int32.
    DoubleAsInt {
        /// Where.
        path: String,
    },
    /// A NaN whose payload bits JavaScript does not keep.
    NanPayload {
        /// Where.
        path: String,
    },
    /// A Decimal128 whose bits are not the canonical encoding of the value it prints.
    DecimalBits {
        /// Where.
        path: String,
    },
    /// The deprecated undefined type: printed `undefined`, stored back as null.
    Undefined {
        /// Where.
        path: String,
    },
    /// A date outside JavaScript's range: printed `Invalid Date`.
    InvalidDate {
        /// Where.
        path: String,
    },
    /// A date whose year is outside 0000 to 9999: `ISODate('+010000-...')` is printed, and
    /// mongosh's `ISODate` reads only four-digit years.
    DateYears {
        /// Where.
        path: String,
    },
    /// Regex options that a JavaScript RegExp changes: `s` shown as `g`, `x`, `l`, `u`
    /// dropped, order changed.
    RegexFlags {
        /// Where.
        path: String,
        /// The stored options.
        stored: String,
        /// The options reading the printed regex back stores.
        back: String,
    },
    /// A regex pattern JavaScript writes differently (`/` escaped, a line break as `\n`,
    /// `(?:)` for the empty pattern).
    RegexSource {
        /// Where.
        path: String,
    },
    /// A regex JavaScript cannot build (a pattern it refuses, a flag twice): mongosh fails to
    /// print the document unless asked for `{ bsonRegExp: true }`, whose form is shown.
    RegexNotJs {
        /// Where.
        path: String,
    },
    /// A DBPointer: js-bson reads it as a DBRef, stored back as a document.
    DbPointer {
        /// Where.
        path: String,
    },
    /// A document shown as `DBRef(...)` that reads back in another shape (`$id` first, a
    /// namespace split at its dot, a null or empty `$db`).
    DbRefShape {
        /// Where.
        path: String,
    },
    /// Integer-like keys moved first, as in every JavaScript object.
    KeyOrder {
        /// The document.
        path: String,
        /// The first key that moved.
        key: String,
    },
    /// A key given twice: the JavaScript object keeps one, with the last value.
    DuplicateKey {
        /// The document.
        path: String,
        /// The key.
        key: String,
    },
}

impl PrintNote {
    /// Which kind of note this is, so that a document gets one note of each kind.
    pub(super) fn kind(&self) -> u8 {
        match self {
            PrintNote::SymbolAsString { .. } => 0,
            PrintNote::DoubleAsInt { .. } => 1,
            PrintNote::NanPayload { .. } => 2,
            PrintNote::DecimalBits { .. } => 3,
            PrintNote::Undefined { .. } => 4,
            PrintNote::InvalidDate { .. } => 5,
            PrintNote::RegexFlags { .. } => 6,
            PrintNote::RegexSource { .. } => 7,
            PrintNote::RegexNotJs { .. } => 8,
            PrintNote::DbPointer { .. } => 9,
            PrintNote::DbRefShape { .. } => 10,
            PrintNote::KeyOrder { .. } => 11,
            PrintNote::DuplicateKey { .. } => 12,
            PrintNote::DateYears { .. } => 13,
        }
    }

    /// One of every variant, for the tests that render them all.
    #[doc(hidden)]
    pub fn every_variant() -> Vec<PrintNote> {
        let path = || "a.b".to_owned();
        vec![
            PrintNote::SymbolAsString { path: path() },
            PrintNote::DoubleAsInt { path: path() },
            PrintNote::NanPayload { path: path() },
            PrintNote::DecimalBits { path: path() },
            PrintNote::Undefined { path: path() },
            PrintNote::InvalidDate { path: path() },
            PrintNote::DateYears { path: path() },
            PrintNote::RegexFlags {
                path: path(),
                stored: "msx".into(),
                back: "sm".into(),
            },
            PrintNote::RegexSource { path: path() },
            PrintNote::RegexNotJs { path: path() },
            PrintNote::DbPointer { path: path() },
            PrintNote::DbRefShape { path: path() },
            PrintNote::KeyOrder {
                path: path(),
                key: "1".into(),
            },
            PrintNote::DuplicateKey {
                path: path(),
                key: "a".into(),
            },
        ]
    }
}

/// The top-level document's path prints as `(top level)`.
struct Path<'a>(&'a str, Lang);

impl fmt::Display for Path<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            write_trf(f, self.1, "the top-level document", &[])
        } else {
            write!(f, "`{}`", self.0)
        }
    }
}

impl Localize for PrintNote {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use PrintNote as N;
        let p = |path: &str| Path(path, lang).to_string();
        match self {
            N::SymbolAsString { path } => write_trf(
                out,
                lang,
                "{path} is a BSON symbol; mongosh shows it as a string, and a string is what reading it back stores",
                &[&p(path)],
            ),
            N::DoubleAsInt { path } => write_trf(
                out,
                lang,
                "{path} is a double with a whole value; mongosh shows a JavaScript number, which reading it back stores as int32",
                &[&p(path)],
            ),
            N::NanPayload { path } => write_trf(
                out,
                lang,
                "{path} is a NaN with its own payload bits; JavaScript has one NaN, so reading it back stores other bits",
                &[&p(path)],
            ),
            N::DecimalBits { path } => write_trf(
                out,
                lang,
                "{path} is a Decimal128 whose bits are not the usual encoding of its value; reading it back stores the usual bits",
                &[&p(path)],
            ),
            N::Undefined { path } => write_trf(
                out,
                lang,
                "{path} has the deprecated undefined type; reading `undefined` back stores null",
                &[&p(path)],
            ),
            N::InvalidDate { path } => write_trf(
                out,
                lang,
                "{path} is a date outside JavaScript's range; mongosh shows Invalid Date, which cannot be read back",
                &[&p(path)],
            ),
            N::DateYears { path } => write_trf(
                out,
                lang,
                "{path} is a date outside the years 0000 to 9999; mongosh's ISODate cannot read it back, new Date('...') can",
                &[&p(path)],
            ),
            N::RegexFlags { path, stored, back } => write_trf(
                out,
                lang,
                "{path} has regex options '{stored}'; mongosh shows them as JavaScript flags (s as g; x, l and u dropped), and reading them back stores '{back}'",
                &[&p(path), stored, back],
            ),
            N::RegexSource { path } => write_trf(
                out,
                lang,
                "{path}: JavaScript writes this regex pattern with escapes (/ as \\/, a line break as \\n, the empty pattern as (?:)), and reading it back stores them",
                &[&p(path)],
            ),
            N::RegexNotJs { path } => write_trf(
                out,
                lang,
                "{path} is a regex JavaScript cannot build; mongosh fails to print this document unless find is given {{ bsonRegExp: true }}, whose form is shown",
                &[&p(path)],
            ),
            N::DbPointer { path } => write_trf(
                out,
                lang,
                "{path} is a DBPointer; mongosh shows it as a DBRef, and reading it back stores a { $ref, $id } document",
                &[&p(path)],
            ),
            N::DbRefShape { path } => write_trf(
                out,
                lang,
                "{path} is shown as a DBRef; reading it back stores $ref, $id and $db first and in that order, with a namespace split at its dot",
                &[&p(path)],
            ),
            N::KeyOrder { path, key } => write_trf(
                out,
                lang,
                "in {path}, JavaScript lists integer keys first, in ascending order, so `{key}` is shown and read back out of its stored place",
                &[&p(path), key],
            ),
            N::DuplicateKey { path, key } => write_trf(
                out,
                lang,
                "{path} stores the key `{key}` more than once; a JavaScript object keeps only the last value",
                &[&p(path), key],
            ),
        }
    }
}

impl fmt::Display for PrintNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
