//! Deterministic test dumps: mixed documents (ObjectId, nested documents, arrays,
//! decimal128, dates, binary, regex, timestamps) drawn from a seed, never from the clock or
//! the OS, so a test or a benchmark regenerates the same bytes every time.

use std::io::{self, Read, Write};

use flate2::Compression;
use flate2::write::GzEncoder;
use rand::Rng;
use rand::rngs::StdRng;

use super::archive::ARCHIVE_MAGIC;
use crate::bson::oid::{ObjectId, seeded_rng};
use crate::bson::value::{Binary, Regex, Timestamp};
use crate::bson::{Decimal128, Document, Value, encode_document};

/// The documents of [`mixed_documents`], one at a time.
pub struct MixedDocuments {
    rng: StdRng,
    next: u64,
    left: u64,
}

impl Iterator for MixedDocuments {
    type Item = Document;

    fn next(&mut self) -> Option<Document> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let i = self.next;
        self.next += 1;
        Some(mixed_document(&mut self.rng, i))
    }
}

/// `n` mixed documents drawn from `seed`: the same seed gives the same documents.
///
/// # Examples
/// ```
/// use bson_tutor::dump::generate::mixed_documents;
/// let a: Vec<_> = mixed_documents(7, 3).collect();
/// assert_eq!(a, mixed_documents(7, 3).collect::<Vec<_>>());
/// assert_eq!(a.len(), 3);
/// assert!(a[0].get("_id").is_some());
/// ```
pub fn mixed_documents(seed: u64, n: u64) -> MixedDocuments {
    MixedDocuments {
        rng: seeded_rng(seed),
        next: 0,
        left: n,
    }
}

/// Document number `i`, its values drawn from `rng`.
pub fn mixed_document(rng: &mut impl Rng, i: u64) -> Document {
    let secs = 1_700_000_000 + u32::try_from(i % 1_000_000).unwrap_or(0);
    let mut process = [0u8; 5];
    rng.fill(&mut process);
    let counter = u32::try_from(i & 0xff_ffff).unwrap_or(0);
    let mut doc = Document::new();
    doc.push(
        "_id",
        Value::ObjectId(ObjectId::from_parts(secs, process, counter)),
    );
    doc.push("n", Value::Int64(i64::try_from(i).unwrap_or(i64::MAX)));
    let name: String = (0..rng.random_range(1..24))
        .map(|_| char::from(rng.random_range(b'a'..=b'z')))
        .collect();
    doc.push("name", name.as_str());
    doc.push("score", rng.random_range(-1.0e6..1.0e6));
    doc.push("active", rng.random_bool(0.5));
    doc.push(
        "created",
        Value::DateTime(rng.random_range(0..4_102_444_800_000i64)),
    );
    doc.push(
        "price",
        Value::Decimal128(Decimal128::from_bits(
            (0x3040u128 << 112) | u128::from(rng.random_range(0..10_000_000u64)),
        )),
    );
    let mut address = Document::new();
    address.push(
        "city",
        ["Hanoi", "Beijing", "Lyon", "Quito"][rng.random_range(0..4)],
    );
    address.push("zip", rng.random_range(10_000..99_999));
    let mut geo = Document::new();
    geo.push("lat", rng.random_range(-90.0..90.0));
    geo.push("lng", rng.random_range(-180.0..180.0));
    address.push("geo", geo);
    doc.push("address", address);
    let tags: Vec<Value> = (0..rng.random_range(0..6))
        .map(|k| Value::from(format!("tag{k}")))
        .collect();
    doc.push("tags", tags);
    let mut payload = vec![0u8; rng.random_range(0..64)];
    rng.fill(&mut payload[..]);
    doc.push(
        "blob",
        Value::Binary(Binary {
            subtype: 0,
            bytes: payload,
        }),
    );
    doc.push("pattern", Value::Regex(Box::new(Regex::new("^ab+c", "im"))));
    doc.push(
        "ts",
        Value::Timestamp(Timestamp {
            time: secs,
            increment: rng.random_range(1..100),
        }),
    );
    if rng.random_bool(0.2) {
        doc.push("missing", Value::Null);
    }
    doc
}

/// Writes `docs` as a `.bson` file (documents back to back, as mongodump writes them);
/// returns the offset of each document.
///
/// # Errors
/// What `out` returns; a document too large to encode is `InvalidData`.
pub fn write_bson(
    docs: impl IntoIterator<Item = Document>,
    out: &mut impl Write,
) -> io::Result<Vec<u64>> {
    let mut offsets = Vec::new();
    let mut at = 0u64;
    for doc in docs {
        let bytes =
            encode_document(&doc).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        out.write_all(&bytes)?;
        offsets.push(at);
        at += bytes.len() as u64;
    }
    Ok(offsets)
}

/// Copies `input` to `out` gzip-compressed (as `mongodump --gzip` writes `.bson.gz`).
///
/// # Errors
/// What `input` or `out` return.
pub fn gzip(mut input: impl Read, out: &mut impl Write) -> io::Result<()> {
    let mut enc = GzEncoder::new(out, Compression::fast());
    io::copy(&mut input, &mut enc)?;
    enc.finish()?;
    Ok(())
}

fn encoded(doc: &Document) -> io::Result<Vec<u8>> {
    encode_document(doc).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

fn namespace(db: &str, collection: &str, eof: bool, crc: u64) -> Document {
    let mut doc = Document::new();
    doc.push("db", db);
    doc.push("collection", collection);
    doc.push("EOF", eof);
    doc.push("CRC", Value::Int64(i64::from_ne_bytes(crc.to_ne_bytes())));
    doc
}

/// The header document mongodump writes after the magic number.
pub fn archive_header() -> Document {
    let mut header = Document::new();
    header.push("concurrent_collections", 4);
    header.push("version", "0.1");
    header.push("server_version", "8.0.4");
    header.push("tool_version", "100.10.0");
    header
}

/// The prelude's metadata document mongodump writes for a collection of `size` bytes.
pub fn collection_metadata(db: &str, collection: &str, size: usize) -> Document {
    let mut meta = Document::new();
    meta.push("db", db);
    meta.push("collection", collection);
    meta.push(
        "metadata",
        format!(
            r#"{{"indexes":[{{"v":{{"$numberInt":"2"}},"key":{{"_id":{{"$numberInt":"1"}}}},"name":"_id_"}}],"collectionName":"{collection}","type":"collection"}}"#
        ),
    );
    meta.push("size", i64::try_from(size).unwrap_or(i64::MAX));
    meta.push("type", "collection");
    meta
}

/// Writes an archive as `mongodump --archive` does: the magic number, the prelude (a header
/// and each collection's metadata), then each collection's documents in segments of up to 7,
/// the collections' segments interleaved, then each collection's EOF header with the CRC of
/// its documents, as mongodump computes it.
///
/// # Errors
/// What `out` returns; a document too large to encode is `InvalidData`.
pub fn write_archive(
    collections: &[(&str, &str, Vec<Document>)],
    out: &mut impl Write,
) -> io::Result<()> {
    let metadata: Vec<Document> = collections
        .iter()
        .map(|(db, collection, docs)| {
            let size: usize = docs.iter().map(crate::bson::document_size).sum();
            collection_metadata(db, collection, size)
        })
        .collect();
    write_archive_with(&archive_header(), &metadata, collections, out)
}

/// [`write_archive`] with the prelude given as documents (a damaged or hostile one, for
/// tests): the magic number, `header`, each of `metadata`, the terminator, then the data of
/// `collections`.
///
/// # Errors
/// As [`write_archive`].
pub fn write_archive_with(
    header: &Document,
    metadata: &[Document],
    collections: &[(&str, &str, Vec<Document>)],
    out: &mut impl Write,
) -> io::Result<()> {
    const TERMINATOR: [u8; 4] = [0xff; 4];
    out.write_all(&ARCHIVE_MAGIC)?;
    out.write_all(&encoded(header)?)?;
    for meta in metadata {
        out.write_all(&encoded(meta)?)?;
    }
    out.write_all(&TERMINATOR)?;
    let mut next = vec![0usize; collections.len()];
    loop {
        let mut wrote = false;
        for (k, (db, collection, docs)) in collections.iter().enumerate() {
            if next[k] >= docs.len() {
                continue;
            }
            out.write_all(&encoded(&namespace(db, collection, false, 0))?)?;
            for doc in docs.iter().skip(next[k]).take(7) {
                out.write_all(&encoded(doc)?)?;
            }
            next[k] = (next[k] + 7).min(docs.len());
            out.write_all(&TERMINATOR)?;
            wrote = true;
        }
        if !wrote {
            break;
        }
    }
    for (db, collection, docs) in collections {
        let mut digest = super::archive::CRC.digest();
        for doc in docs {
            digest.update(&encoded(doc)?);
        }
        out.write_all(&encoded(&namespace(
            db,
            collection,
            true,
            digest.finalize(),
        ))?)?;
        out.write_all(&TERMINATOR)?;
    }
    Ok(())
}
