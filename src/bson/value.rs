//! The value model: one [`Value`] enum for the 21 BSON element types, and [`Document`],
//! an ordered list of fields that keeps duplicate keys as BSON allows.

pub use compact_str::CompactString;

use super::decimal128::Decimal128;
use super::oid::ObjectId;
use super::spec::ElementType;

/// Any BSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// 64-bit binary floating point.
    Double(f64),
    /// UTF-8 string (may contain NUL characters). Short strings are stored inline.
    String(CompactString),
    /// Embedded document.
    Document(Document),
    /// Array; BSON stores it as a document keyed "0", "1", ...
    Array(Vec<Value>),
    /// Binary data.
    Binary(Binary),
    /// Undefined (deprecated).
    Undefined,
    /// ObjectId.
    ObjectId(ObjectId),
    /// Boolean.
    Boolean(bool),
    /// Date: milliseconds since the Unix epoch, negative before 1970.
    DateTime(i64),
    /// Null.
    Null,
    /// Regular expression.
    Regex(Box<Regex>),
    /// DBPointer (deprecated).
    DbPointer(Box<DbPointer>),
    /// JavaScript code.
    JavaScript(CompactString),
    /// Symbol (deprecated).
    Symbol(CompactString),
    /// JavaScript code with a scope (deprecated).
    JavaScriptWithScope(Box<CodeWithScope>),
    /// 32-bit signed integer.
    Int32(i32),
    /// Internal timestamp.
    Timestamp(Timestamp),
    /// 64-bit signed integer.
    Int64(i64),
    /// 128-bit decimal.
    Decimal128(Decimal128),
    /// MinKey.
    MinKey,
    /// MaxKey.
    MaxKey,
}

impl Value {
    /// The element type this value is encoded as.
    pub fn element_type(&self) -> ElementType {
        match self {
            Value::Double(_) => ElementType::Double,
            Value::String(_) => ElementType::String,
            Value::Document(_) => ElementType::Document,
            Value::Array(_) => ElementType::Array,
            Value::Binary(_) => ElementType::Binary,
            Value::Undefined => ElementType::Undefined,
            Value::ObjectId(_) => ElementType::ObjectId,
            Value::Boolean(_) => ElementType::Boolean,
            Value::DateTime(_) => ElementType::DateTime,
            Value::Null => ElementType::Null,
            Value::Regex(_) => ElementType::Regex,
            Value::DbPointer(_) => ElementType::DbPointer,
            Value::JavaScript(_) => ElementType::JavaScript,
            Value::Symbol(_) => ElementType::Symbol,
            Value::JavaScriptWithScope(_) => ElementType::JavaScriptWithScope,
            Value::Int32(_) => ElementType::Int32,
            Value::Timestamp(_) => ElementType::Timestamp,
            Value::Int64(_) => ElementType::Int64,
            Value::Decimal128(_) => ElementType::Decimal128,
            Value::MinKey => ElementType::MinKey,
            Value::MaxKey => ElementType::MaxKey,
        }
    }

    /// The embedded document, if this is one.
    pub fn as_document(&self) -> Option<&Document> {
        match self {
            Value::Document(d) => Some(d),
            _ => None,
        }
    }

    /// The array elements, if this is an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
}

impl From<Document> for Value {
    fn from(d: Document) -> Self {
        Value::Document(d)
    }
}
impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.into())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s.into())
    }
}
impl From<CompactString> for Value {
    fn from(s: CompactString) -> Self {
        Value::String(s)
    }
}
impl From<i32> for Value {
    fn from(n: i32) -> Self {
        Value::Int32(n)
    }
}
impl From<i64> for Value {
    fn from(n: i64) -> Self {
        Value::Int64(n)
    }
}
impl From<f64> for Value {
    fn from(n: f64) -> Self {
        Value::Double(n)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Boolean(b)
    }
}
impl From<Vec<Value>> for Value {
    fn from(a: Vec<Value>) -> Self {
        Value::Array(a)
    }
}

/// Binary data with its one-byte subtype. For subtype 0x02 (old binary), `bytes` excludes the
/// inner length that the encoding repeats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Binary {
    /// The subtype byte (see [`super::spec::binary_subtype_name`]).
    pub subtype: u8,
    /// The payload.
    pub bytes: Vec<u8>,
}

/// A regular expression as BSON stores it: two C strings, so neither may contain NUL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regex {
    /// The pattern, without slashes.
    pub pattern: String,
    /// The option letters; the canonical form lists them in alphabetical order.
    pub options: String,
}

impl Regex {
    /// A regex with its options put in the canonical alphabetical order.
    pub fn new(pattern: impl Into<String>, options: &str) -> Self {
        let options = if options.as_bytes().is_sorted() {
            options.to_owned()
        } else {
            let mut letters: Vec<char> = options.chars().collect();
            letters.sort_unstable();
            letters.into_iter().collect()
        };
        Regex {
            pattern: pattern.into(),
            options,
        }
    }
}

/// A DBPointer: a namespace and an ObjectId (deprecated).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DbPointer {
    /// The namespace, `db.collection`.
    pub namespace: String,
    /// The id of the document pointed to.
    pub id: ObjectId,
}

/// JavaScript code together with the variables it may read (deprecated).
#[derive(Clone, Debug, PartialEq)]
pub struct CodeWithScope {
    /// The code.
    pub code: String,
    /// The scope document.
    pub scope: Document,
}

/// The internal timestamp type: seconds since the epoch and an increment within that second.
///
/// On the wire the increment comes first: the 8 bytes are one little-endian u64 whose high
/// half is `time`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Timestamp {
    /// Seconds since the Unix epoch.
    pub time: u32,
    /// Ordinal within the second.
    pub increment: u32,
}

/// A BSON document: fields in insertion order. Duplicate keys are kept, as BSON allows them;
/// [`Document::get`] returns the first.
///
/// Keys are [`CompactString`]s: the short keys documents are made of live inline, so
/// decoding does not allocate for them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Document {
    fields: Vec<(CompactString, Value)>,
}

impl Document {
    /// An empty document.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty document with room for `n` fields.
    pub fn with_capacity(n: usize) -> Self {
        Document {
            fields: Vec::with_capacity(n),
        }
    }

    /// Appends a field, even if the key is already present.
    pub fn push(&mut self, key: impl Into<CompactString>, value: impl Into<Value>) {
        self.fields.push((key.into(), value.into()));
    }

    /// Sets the first field named `key`, or appends it; returns the old value.
    pub fn insert(
        &mut self,
        key: impl Into<CompactString>,
        value: impl Into<Value>,
    ) -> Option<Value> {
        let key = key.into();
        let value = value.into();
        match self.fields.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => Some(std::mem::replace(slot, value)),
            None => {
                self.fields.push((key, value));
                None
            }
        }
    }

    /// The value of the first field named `key`.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The value of the first field named `key`, mutably.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.fields
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Removes the first field named `key` and returns its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let at = self.fields.iter().position(|(k, _)| k == key)?;
        Some(self.fields.remove(at).1)
    }

    /// Whether a field named `key` exists.
    pub fn contains_key(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    /// The number of fields, duplicates included.
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    /// Whether the document has no fields.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The fields in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &Value)> {
        self.fields.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// The keys in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = &str> {
        self.fields.iter().map(|(k, _)| k.as_str())
    }

    /// The fields as a slice of `(key, value)` pairs.
    pub fn fields(&self) -> &[(CompactString, Value)] {
        &self.fields
    }
}

impl<K: Into<CompactString>> FromIterator<(K, Value)> for Document {
    fn from_iter<I: IntoIterator<Item = (K, Value)>>(iter: I) -> Self {
        Document {
            fields: iter.into_iter().map(|(k, v)| (k.into(), v)).collect(),
        }
    }
}

impl IntoIterator for Document {
    type Item = (CompactString, Value);
    type IntoIter = std::vec::IntoIter<(CompactString, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.fields.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_keep_order_and_duplicate_keys() {
        let mut d = Document::new();
        d.push("b", 1);
        d.push("a", 2);
        d.push("b", 3);
        assert_eq!(d.keys().collect::<Vec<_>>(), ["b", "a", "b"]);
        assert_eq!(d.get("b"), Some(&Value::Int32(1)));
        assert_eq!(d.insert("b", 4), Some(Value::Int32(1)));
        assert_eq!(d.len(), 3);
        assert_eq!(d.remove("b"), Some(Value::Int32(4)));
        assert_eq!(d.get("b"), Some(&Value::Int32(3)));
    }

    #[test]
    fn regex_options_are_alphabetised() {
        assert_eq!(Regex::new("a", "xmi").options, "imx");
    }

    #[test]
    fn value_stays_small() {
        // Rare, wide variants are boxed so that arrays of values stay compact.
        assert!(std::mem::size_of::<Value>() <= 32);
    }
}
