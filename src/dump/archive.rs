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

use std::io::Read;

use super::reader::Frame;
use super::{DocumentReader, DumpError, MAX_DOCUMENT_LEN, read_full};
use crate::bson::{Document, Limits, Value, decode_document_with};

/// The archive's magic number as its first four bytes.
pub const ARCHIVE_MAGIC: [u8; 4] = 0x8199_e26d_u32.to_le_bytes();

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
    /// Each collection's running CRC of its documents.
    crcs: Vec<((String, String), crc::Digest<'static, u64>)>,
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
                prelude.header = ArchiveHeader {
                    concurrent_collections: int(&doc, "concurrent_collections"),
                    version: text(&doc, "version"),
                    server_version: text(&doc, "server_version"),
                    tool_version: text(&doc, "tool_version"),
                };
            }
            Frame::End | Frame::Terminator => return Err(DumpError::NotArchive),
        }
        // Metadata documents until the terminator.
        while let Frame::Document = reader.next_frame()? {
            let (offset, bytes) = reader.last();
            let doc = decode(offset, bytes)?;
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
            crcs: Vec::new(),
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
                        let computed = match self.crcs.iter().position(|(n, _)| *n == ns) {
                            Some(i) => self.crcs.swap_remove(i).1.finalize(),
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
        match self.crcs.iter_mut().find(|(n, _)| n == ns) {
            Some((_, digest)) => digest.update(bytes),
            None => {
                let mut digest = CRC.digest();
                digest.update(bytes);
                self.crcs.push((ns.clone(), digest));
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
