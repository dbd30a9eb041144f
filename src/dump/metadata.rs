//! `<collection>.metadata.json`, as mongodump writes it beside each `.bson` file (and inside
//! an archive's prelude): the collection's options (collation among them), its indexes, its
//! UUID and name, in canonical Extended JSON, read with the project's own Extended JSON
//! reader into a typed value.

use std::io::Read;

use super::{DumpError, MAX_DOCUMENT_LEN};
use crate::bson::{Document, Value, ejson};

/// One index definition.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexSpec {
    /// The index's name (`_id_`, `name_1`, …).
    pub name: String,
    /// The key pattern, in order (`{ name: 1, age: -1 }`).
    pub key: Document,
    /// Everything else of the definition (`v`, `unique`, `collation`,
    /// `expireAfterSeconds`, …), as written.
    pub options: Document,
}

/// What a `metadata.json` says about a collection.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Metadata {
    /// `collectionName`, empty if absent (old mongodump versions).
    pub collection_name: String,
    /// `type`: `"collection"`, `"view"` or `"timeseries"`; empty if absent.
    pub kind: String,
    /// `uuid`: the collection's UUID as 32 hex digits, if recorded.
    pub uuid: Option<String>,
    /// `options` (capped, validator, viewOn, pipeline, …), empty if absent.
    pub options: Document,
    /// `options.collation`, the collection's default collation, if any.
    pub collation: Option<Document>,
    /// `indexes`, in order.
    pub indexes: Vec<IndexSpec>,
}

/// Parses the text of a `metadata.json`.
///
/// # Errors
/// [`DumpError::Metadata`]: the Extended JSON reader's error (with line and column).
///
/// # Examples
/// ```
/// use bson_tutor::dump::metadata::parse;
/// let meta = parse(r#"{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"}],
///   "uuid":"3b241101e2bb42558caf4136c566a962","collectionName":"people","type":"collection",
///   "options":{"collation":{"locale":"fr","strength":{"$numberInt":"2"}}}}"#).unwrap();
/// assert_eq!(meta.collection_name, "people");
/// assert_eq!(meta.indexes[0].name, "_id_");
/// assert_eq!(meta.collation.unwrap().get("locale").and_then(|v| v.as_str()), Some("fr"));
/// ```
pub fn parse(text: &str) -> Result<Metadata, DumpError> {
    let doc = ejson::parse_document(text).map_err(DumpError::Metadata)?;
    let text_of = |doc: &Document, key: &str| {
        doc.get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .unwrap_or_default()
    };
    let options = doc
        .get("options")
        .and_then(Value::as_document)
        .cloned()
        .unwrap_or_default();
    let collation = options
        .get("collation")
        .and_then(Value::as_document)
        .cloned();
    let indexes = doc
        .get("indexes")
        .and_then(Value::as_array)
        .unwrap_or_default()
        .iter()
        .filter_map(Value::as_document)
        .map(|index| {
            let mut options = index.clone();
            options.remove("name");
            let key = match options.remove("key") {
                Some(Value::Document(key)) => key,
                _ => Document::new(),
            };
            IndexSpec {
                name: text_of(index, "name"),
                key,
                options,
            }
        })
        .collect();
    Ok(Metadata {
        collection_name: text_of(&doc, "collectionName"),
        kind: text_of(&doc, "type"),
        uuid: doc.get("uuid").and_then(Value::as_str).map(str::to_owned),
        options,
        collation,
        indexes,
    })
}

/// Reads and parses a `metadata.json`, refusing more than 16 MiB + 16 KiB of text.
///
/// # Errors
/// [`DumpError::Io`] (text that is not UTF-8 is `InvalidData`), [`DumpError::TooLarge`],
/// [`DumpError::Metadata`].
pub fn read(reader: impl Read) -> Result<Metadata, DumpError> {
    let mut text = String::new();
    let limit = MAX_DOCUMENT_LEN as u64;
    reader.take(limit + 1).read_to_string(&mut text)?;
    if text.len() as u64 > limit {
        return Err(DumpError::TooLarge { limit });
    }
    parse(&text)
}
