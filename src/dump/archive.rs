//! The `mongodump --archive` format, demultiplexed as a stream.
//!
//! As mongo-tools' `common/archive/spec.md` describes it: the magic number `0x8199e26d`
//! (little-endian: `6d e2 99 81`); a header document (`concurrent_collections`, `version`,
//! `server_version`, `tool_version`); one metadata document per collection (`db`,
//! `collection`, `metadata` — the `metadata.json` text, canonical Extended JSON — `size`,
//! and `type` for views and time series); the terminator `ff ff ff ff`. Then, until the end,
//! segments: a namespace header `{db, collection, EOF: false, CRC: 0}`, that collection's
//! documents, the terminator; and for each collection once, an EOF header
//! `{db, collection, EOF: true, CRC}` followed by the terminator. Segments of different
//! collections interleave (mongodump dumps several collections at once).

use std::collections::HashMap;
use std::io::Read;

use super::reader::Frame;
use super::{DocumentReader, DumpError, MAX_DOCUMENT_LEN, read_full};
use crate::bson::{Document, ElementType, Limits, Value, decode_document_with};

/// The archive's magic number as its first four bytes.
pub const ARCHIVE_MAGIC: [u8; 4] = 0x8199_e26d_u32.to_le_bytes();

/// The most bytes the prelude (the magic number, the header and every collection's metadata
/// document) may take, and the most bytes of namespace names whose collections may be open at
/// once. mongorestore sets no total (it holds the whole prelude in memory, so a 2.4 MB `.gz`
/// of 150 metadata documents of 16 MiB each takes it 2.4 GB); each metadata document is
/// bounded as every document is, by [`MAX_DOCUMENT_LEN`] (mongo-tools' parser reads into a
/// `db.MaxBSONSize` buffer). mongodump writes a few hundred bytes a collection (its indexes,
/// UUID and options), so this leaves room for about 400,000 collections.
pub const MAX_PRELUDE_LEN: u64 = 128 * 1024 * 1024;

/// The header document after the magic number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveHeader {
    /// mongodump's `--numParallelCollections`.
    pub concurrent_collections: i64,
    /// The archive format version (`"0.1"`).
    pub version: String,
    /// The source server's version.
    pub server_version: String,
    /// The mongodump version that wrote the archive.
    pub tool_version: String,
}

/// One collection as the prelude announces it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CollectionMetadata {
    /// Database name.
    pub db: String,
    /// Collection name.
    pub collection: String,
    /// The collection's `metadata.json` text (canonical Extended JSON).
    pub metadata: String,
    /// The collection's total uncompressed size in bytes.
    pub size: i64,
    /// `"collection"`, `"view"`, `"timeseries"`, or empty when absent.
    pub kind: String,
}

/// What comes before the data: the header and every collection's metadata.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Prelude {
    /// The header document.
    pub header: ArchiveHeader,
    /// The collection metadata documents, in order.
    pub collections: Vec<CollectionMetadata>,
    /// Fields of the prelude's documents that mongorestore would refuse to read (a wrong
    /// type: its Go structs take strings and integers). The reader reads past them (their
    /// fields read as empty); `inspect --check` reports them as damage
    /// ([`DumpError::PreludeField`]). See [`Prelude::metadata_damage`] for the metadata's own
    /// text.
    pub damage: Vec<FieldDamage>,
    /// Where each collection's metadata document starts, for [`Prelude::metadata_damage`].
    offsets: Vec<u64>,
}

impl Prelude {
    /// The collections whose `metadata` text is not canonical Extended JSON, each a
    /// [`DumpError::PreludeMetadata`] naming the metadata document's offset (an empty text
    /// is none: mongodump writes no metadata for some collections). mongorestore parses it
    /// only when it restores the collection, so reading the archive does not check it.
    pub fn metadata_damage(&self) -> Vec<DumpError> {
        self.collections
            .iter()
            .zip(&self.offsets)
            .filter(|(c, _)| !c.metadata.is_empty())
            .filter_map(|(c, &offset)| match super::metadata::parse(&c.metadata) {
                Err(DumpError::Metadata(e)) => Some(DumpError::PreludeMetadata {
                    offset,
                    namespace: format!("{}.{}", c.db, c.collection),
                    reason: Box::new(e),
                }),
                _ => None,
            })
            .collect()
    }
}

/// One item of an archive's data.
#[derive(Debug, PartialEq, Eq)]
pub enum ArchiveItem<'a> {
    /// A document of `db.collection`.
    Document {
        /// Database name.
        db: &'a str,
        /// Collection name.
        collection: &'a str,
        /// Absolute byte offset of the document in the (decompressed) archive.
        offset: u64,
        /// The document's bytes.
        bytes: &'a [u8],
    },
    /// The end of a collection's data, with the CRC the tool recorded and the one its
    /// documents give: mongodump's CRC-64 (Go's `crc64.ECMA`, CRC-64/XZ) of every document's
    /// bytes of the collection, in order, stored as an int64.
    CollectionEnd {
        /// Database name.
        db: &'a str,
        /// Collection name.
        collection: &'a str,
        /// The recorded CRC.
        crc: i64,
        /// The CRC of the documents read; mongorestore refuses the archive when they differ.
        computed: i64,
    },
}

/// Reads a mongodump archive one document at a time (use [`super::open_input`] first for
/// `--gzip`); memory stays at the largest document plus buffers.
///
/// # Examples
/// ```
/// use bson_tutor::dump::archive::{ArchiveItem, ArchiveReader};
/// use bson_tutor::dump::generate::{mixed_documents, write_archive};
/// let mut bytes = Vec::new();
/// write_archive(&[("shop", "a", mixed_documents(1, 3).collect())], &mut bytes).unwrap();
/// let mut archive = ArchiveReader::open(&bytes[..]).unwrap();
/// assert_eq!(archive.prelude().collections[0].collection, "a");
/// let mut n = 0;
/// while let Some(item) = archive.next_item() {
///     if let ArchiveItem::Document { db, collection, .. } = item.unwrap() {
///         assert_eq!((db, collection), ("shop", "a"));
///         n += 1;
///     }
/// }
/// assert_eq!(n, 3);
/// ```
pub struct ArchiveReader<R: Read> {
    reader: DocumentReader<R>,
    prelude: Prelude,
    /// The namespace whose segment is being read.
    current: Option<(String, String)>,
    /// The namespace of the last EOF header, for [`ArchiveItem::CollectionEnd`].
    ended: (String, String),
    /// Each open collection's running CRC of its documents, by namespace: a lookup per
    /// document, whatever the number of collections.
    crcs: HashMap<(String, String), crc::Digest<'static, u64>>,
    /// The bytes of the names in `crcs`, kept under [`MAX_PRELUDE_LEN`].
    open_names: u64,
}

/// mongodump's checksum: Go's `hash/crc64` with the ECMA table is CRC-64/XZ.
///
/// # Examples
/// ```
/// // The catalogue's check value, and Go's `crc64.Checksum([]byte("123456789"), ECMA)`.
/// assert_eq!(bson_tutor::dump::archive::CRC.checksum(b"123456789"), 0x995d_c9bb_df19_39fa);
/// ```
pub static CRC: crc::Crc<u64> = crc::Crc::<u64>::new(&crc::CRC_64_XZ);

fn limits() -> Limits {
    Limits {
        max_size: MAX_DOCUMENT_LEN,
        ..Limits::default()
    }
}

fn decode(offset: u64, bytes: &[u8]) -> Result<Document, DumpError> {
    decode_document_with(bytes, limits()).map_err(|error| DumpError::Decode { offset, error })
}

fn text(doc: &Document, key: &str) -> String {
    doc.get(key)
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned()
}

fn int(doc: &Document, key: &str) -> i64 {
    match doc.get(key) {
        Some(Value::Int32(n)) => i64::from(*n),
        Some(Value::Int64(n)) => *n,
        _ => 0,
    }
}

/// The prelude's fields and the types mongo-tools' structs give them (`common/archive/
/// archive.go`: `Header`, `CollectionMetadata`). The Go driver also reads null as the empty
/// value, so null is no damage; anything else of another type makes `bson.Unmarshal` fail.
const HEADER_FIELDS: [(&str, FieldType); 4] = [
    ("concurrent_collections", FieldType::Integer),
    ("version", FieldType::String),
    ("server_version", FieldType::String),
    ("tool_version", FieldType::String),
];
const METADATA_FIELDS: [(&str, FieldType); 5] = [
    ("db", FieldType::String),
    ("collection", FieldType::String),
    ("metadata", FieldType::String),
    ("size", FieldType::Integer),
    ("type", FieldType::String),
];

/// A field of the prelude of a type mongorestore refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldDamage {
    /// Where its document starts.
    pub offset: u64,
    /// The field.
    pub key: &'static str,
    /// The type it must have.
    pub expected: FieldType,
    /// The type it has.
    pub found: ElementType,
}

/// The type a prelude field must have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldType {
    /// A string.
    String,
    /// An int32 or an int64.
    Integer,
}

impl FieldType {
    fn accepts(self, v: &Value) -> bool {
        matches!(
            (self, v),
            (_, Value::Null)
                | (FieldType::String, Value::String(_))
                | (FieldType::Integer, Value::Int32(_) | Value::Int64(_))
        )
    }

    /// The type's name as the learner reads it in the table views (`string`, `int32 or int64`).
    pub fn name(self) -> &'static str {
        match self {
            FieldType::String => ElementType::String.alias(),
            FieldType::Integer => "int or long",
        }
    }
}

/// The fields of `doc` (at `offset`) whose type mongorestore would refuse.
fn wrong_types(
    doc: &Document,
    offset: u64,
    fields: &[(&'static str, FieldType)],
    out: &mut Vec<FieldDamage>,
) {
    for &(key, expected) in fields {
        if let Some(v) = doc.get(key)
            && !expected.accepts(v)
        {
            out.push(FieldDamage {
                offset,
                key,
                expected,
                found: v.element_type(),
            });
        }
    }
}

impl<R: Read> ArchiveReader<R> {
    /// Reads the magic number and the prelude.
    ///
    /// # Errors
    /// [`DumpError::NotArchive`] when the magic number is missing; the errors of
    /// [`DocumentReader`] and the decoder for the prelude's documents.
    pub fn open(mut inner: R) -> Result<Self, DumpError> {
        let mut magic = [0u8; 4];
        let got = read_full(&mut inner, &mut magic)?;
        if got < 4 || magic != ARCHIVE_MAGIC {
            return Err(DumpError::NotArchive);
        }
        let mut reader = DocumentReader::in_archive(inner, 4);
        let mut prelude = Prelude::default();
        match reader.next_frame()? {
            Frame::Document => {
                let (offset, bytes) = reader.last();
                let doc = decode(offset, bytes)?;
                wrong_types(&doc, offset, &HEADER_FIELDS, &mut prelude.damage);
                prelude.header = ArchiveHeader {
                    concurrent_collections: int(&doc, "concurrent_collections"),
                    version: text(&doc, "version"),
                    server_version: text(&doc, "server_version"),
                    tool_version: text(&doc, "tool_version"),
                };
            }
            Frame::End | Frame::Terminator => return Err(DumpError::NotArchive),
        }
        // Metadata documents until the terminator, the whole prelude within its cap (checked
        // before a document is decoded, so at most one document past the cap is read).
        while let Frame::Document = reader.next_frame()? {
            let (offset, bytes) = reader.last();
            if reader.offset() > MAX_PRELUDE_LEN {
                return Err(DumpError::PreludeTooLarge {
                    offset,
                    limit: MAX_PRELUDE_LEN,
                });
            }
            let doc = decode(offset, bytes)?;
            wrong_types(&doc, offset, &METADATA_FIELDS, &mut prelude.damage);
            prelude.offsets.push(offset);
            prelude.collections.push(CollectionMetadata {
                db: text(&doc, "db"),
                collection: text(&doc, "collection"),
                metadata: text(&doc, "metadata"),
                size: int(&doc, "size"),
                kind: text(&doc, "type"),
            });
        }
        Ok(ArchiveReader {
            reader,
            prelude,
            current: None,
            ended: (String::new(), String::new()),
            crcs: HashMap::new(),
            open_names: 0,
        })
    }

    /// The offset and bytes of the last frame read: after [`Self::next_item`] gave an
    /// [`ArchiveItem::Document`], that document again (for a caller that had to let go of the
    /// item's borrow to decide whether it wanted it).
    pub fn last_document(&self) -> (u64, &[u8]) {
        self.reader.last()
    }

    /// The header and collection metadata read by [`Self::open`].
    pub fn prelude(&self) -> &Prelude {
        &self.prelude
    }

    /// The next document or end of a collection; `None` at the end of the archive.
    ///
    /// # Errors
    /// The errors of [`DocumentReader`] and the decoder (for namespace headers).
    pub fn next_item(&mut self) -> Option<Result<ArchiveItem<'_>, DumpError>> {
        loop {
            let frame = match self.reader.next_frame() {
                Ok(frame) => frame,
                Err(e) => return Some(Err(e)),
            };
            match frame {
                Frame::End => return None,
                Frame::Terminator => self.current = None,
                Frame::Document if self.current.is_some() => break,
                Frame::Document => {
                    let (offset, bytes) = self.reader.last();
                    let doc = match decode(offset, bytes) {
                        Ok(doc) => doc,
                        Err(e) => return Some(Err(e)),
                    };
                    let ns = (text(&doc, "db"), text(&doc, "collection"));
                    if matches!(doc.get("EOF"), Some(Value::Boolean(true))) {
                        let crc = int(&doc, "CRC");
                        // The digest's value as Go's `int64(crc.Sum64())` stores it.
                        let computed = match self.crcs.remove(&ns) {
                            Some(digest) => {
                                self.open_names -= name_len(&ns);
                                digest.finalize()
                            }
                            None => CRC.digest().finalize(),
                        };
                        self.ended = ns;
                        return Some(Ok(ArchiveItem::CollectionEnd {
                            db: &self.ended.0,
                            collection: &self.ended.1,
                            crc,
                            computed: i64::from_ne_bytes(computed.to_ne_bytes()),
                        }));
                    }
                    self.current = Some(ns);
                }
            }
        }
        let (offset, bytes) = self.reader.last();
        let ns = self.current.as_ref()?;
        match self.crcs.get_mut(ns) {
            Some(digest) => digest.update(bytes),
            None => {
                // Each open collection keeps its name: their total is bounded as the
                // prelude is, whatever namespace headers the data invents.
                let open = self.open_names + name_len(ns);
                if open > MAX_PRELUDE_LEN {
                    return Some(Err(DumpError::TooManyOpen {
                        offset,
                        limit: MAX_PRELUDE_LEN,
                    }));
                }
                self.open_names = open;
                let mut digest = CRC.digest();
                digest.update(bytes);
                self.crcs.insert(ns.clone(), digest);
            }
        }
        let (db, collection) = ns;
        Some(Ok(ArchiveItem::Document {
            db,
            collection,
            offset,
            bytes,
        }))
    }
}

/// The bytes a namespace's names take.
fn name_len((db, collection): &(String, String)) -> u64 {
    (db.len() + collection.len()) as u64
}
