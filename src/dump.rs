//! Reading what mongodump writes, one document at a time: `.bson` files (concatenated
//! documents), `.bson.gz`, and damaged dumps checked or salvaged, with memory bounded by the
//! largest document whatever the size of the file.
//!
//! - [`DocumentReader`] yields each document's bytes with its absolute byte offset and
//!   ordinal, through one reusable buffer.
//! - [`open_input`] detects gzip by its magic bytes (`1f 8b`) and decompresses as it reads.
//!   Decompression is the `flate2` crate's (pure Rust by default, maintained by the
//!   rust-lang organisation): DEFLATE is a large, security-sensitive format with nothing for
//!   the tutor to teach, so we use the well-kept implementation instead of writing our own.
//! - [`Scanner`] validates every document with the project's decoder and reports damaged
//!   regions by offset; in salvage mode it resynchronises on the next plausible document.
//! - [`archive::ArchiveReader`] demultiplexes the `--archive` format: its prelude, then
//!   each document with its database and collection.
//! - [`metadata`] reads `<collection>.metadata.json` (indexes, options, collation, UUID).
//! - [`generate`] writes deterministic test dumps from a seed.
//!
//! This module sits beside `bson` in the layer order: it imports only `bson` and `strings`.

use std::fmt;
use std::io::{self, Chain, Cursor, Read};

use crate::bson::{DecodeError, ElementType, ParseError};
use crate::strings::localize::Localize;
use crate::strings::{Lang, trf};

pub mod archive;
pub mod generate;
mod gzip;
pub mod index;
pub mod metadata;
mod reader;
mod scan;

pub use gzip::{GzipMembers, Trailer};
pub use reader::{DocumentReader, RawDocumentRef};
pub use scan::{Damage, Mode, ScanItem, Scanner};

/// The smallest document: a 4-byte length and the terminating NUL.
pub const MIN_DOCUMENT_LEN: usize = 5;

/// The largest document a dump may hold: the server's user limit (16 MiB) plus the 16 KiB it
/// allows itself internally (`BSONObjMaxInternalSize`), as mongodump and mongorestore accept.
pub const MAX_DOCUMENT_LEN: usize = 16 * 1024 * 1024 + 16 * 1024;

/// Why a dump could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub enum DumpError {
    /// A length prefix below 5 or above [`MAX_DOCUMENT_LEN`]: nothing was allocated for it.
    BadLength {
        /// Absolute byte offset of the length prefix.
        offset: u64,
        /// The length the prefix declares (signed, as BSON stores it).
        declared: i64,
    },
    /// The input ended inside a document (or inside its length prefix).
    Truncated {
        /// Absolute byte offset of the document.
        offset: u64,
        /// The bytes the document needed (4 when even the length prefix is cut).
        needed: u64,
        /// The bytes that were there.
        got: u64,
    },
    /// A complete document the decoder refuses.
    Decode {
        /// Absolute byte offset of the document.
        offset: u64,
        /// The decoder's reason; its offsets are relative to the document.
        error: DecodeError,
    },
    /// The input does not start with the archive magic number (mongorestore's words).
    NotArchive,
    /// An archive collection's recorded CRC differs from its documents' (mongorestore
    /// refuses such an archive).
    ChecksumMismatch {
        /// `db.collection`.
        namespace: String,
        /// The CRC in the collection's EOF header, as stored (an int64).
        recorded: i64,
        /// The CRC of the documents read.
        computed: i64,
    },
    /// A `metadata.json` that is not valid Extended JSON.
    Metadata(ParseError),
    /// A text input (a `metadata.json`) longer than the limit.
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
    /// Reading the input failed (the operating system's words).
    Io(io::Error),
    // Issue 26: hostile archives.
    /// An archive's prelude longer than [`archive::MAX_PRELUDE_LEN`].
    PreludeTooLarge {
        /// Where the metadata document that passes the limit starts.
        offset: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// More collections open at once in an archive's data than their names' limit allows.
    TooManyOpen {
        /// The document that would open one more.
        offset: u64,
        /// The limit, in bytes of names.
        limit: u64,
    },
    /// A field of an archive's prelude of a type mongorestore refuses.
    PreludeField(archive::FieldDamage),
    /// A collection's metadata in an archive's prelude that is not Extended JSON.
    PreludeMetadata {
        /// Where its metadata document starts.
        offset: u64,
        /// `db.collection`.
        namespace: String,
        /// The Extended JSON reader's reason.
        reason: Box<ParseError>,
    },
    /// Bytes after the last gzip member that are not gzip (a warning: the data before them
    /// was read, as `gzip -d` reads it).
    TrailingBytes {
        /// Their offset in the compressed file.
        offset: u64,
    },
}

impl From<io::Error> for DumpError {
    fn from(e: io::Error) -> Self {
        DumpError::Io(e)
    }
}

impl Localize for DumpError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            DumpError::BadLength { offset, declared } => out.write_str(&trf(
                lang,
                "byte {offset}: a document's length prefix says {declared} bytes, but a document has {min} to {max} bytes",
                &[offset, declared, &MIN_DOCUMENT_LEN, &MAX_DOCUMENT_LEN],
            )),
            DumpError::Truncated {
                offset,
                needed,
                got,
            } => out.write_str(&trf(
                lang,
                "byte {offset}: the input ends inside a document: {needed} bytes needed, {got} there",
                &[offset, needed, got],
            )),
            DumpError::Decode { offset, error } => {
                let reason = error.to_string_in(lang);
                out.write_str(&trf(
                    lang,
                    "document at byte {offset}: {reason}",
                    &[offset, &reason],
                ))
            }
            DumpError::ChecksumMismatch {
                namespace,
                recorded,
                computed,
            } => out.write_str(&trf(
                lang,
                "the archive records the checksum {recorded} for {namespace}, but its documents give {computed}: it was changed or damaged after mongodump wrote it (mongorestore refuses it: CRC mismatch)",
                &[recorded, namespace, computed],
            )),
            DumpError::NotArchive => {
                out.write_str("stream or file does not appear to be a mongodump archive")
            }
            DumpError::Metadata(e) => {
                let reason = e.to_string_in(lang);
                out.write_str(&trf(lang, "metadata.json: {reason}", &[&reason]))
            }
            DumpError::TooLarge { limit } => out.write_str(&trf(
                lang,
                "the input is longer than {limit} bytes",
                &[limit],
            )),
            DumpError::Io(e) => write!(out, "{e}"),
            DumpError::PreludeTooLarge { offset, limit } => out.write_str(&trf(
                lang,
                "byte {offset}: the archive's prelude (its header and every collection's metadata) runs past {limit} bytes; mongodump writes a few hundred bytes a collection, so this is no archive it wrote",
                &[offset, limit],
            )),
            DumpError::TooManyOpen { offset, limit } => out.write_str(&trf(
                lang,
                "byte {offset}: the collections open at once in the archive's data have more than {limit} bytes of names; mongodump opens only the collections its prelude announces",
                &[offset, limit],
            )),
            DumpError::PreludeField(archive::FieldDamage {
                offset,
                key,
                expected,
                found,
            }) => out.write_str(&trf(
                lang,
                "byte {offset}: the prelude's field `{key}` is {found}, but mongorestore reads it as {expected} and refuses the archive",
                &[offset, key, &ElementType::alias(*found), &expected.name()],
            )),
            DumpError::PreludeMetadata {
                offset,
                namespace,
                reason,
            } => {
                let reason = reason.to_string_in(lang);
                out.write_str(&trf(
                    lang,
                    "byte {offset}: the metadata of {namespace} in the prelude is not Extended JSON (mongorestore refuses it when it restores the collection): {reason}",
                    &[offset, namespace, &reason],
                ))
            }
            DumpError::TrailingBytes { offset } => out.write_str(&trf(
                lang,
                "byte {offset} of the file: the bytes after the last gzip member are not gzip; they were ignored, as gzip ignores them (with a warning)",
                &[offset],
            )),
        }
    }
}

impl fmt::Display for DumpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for DumpError {}

/// The first bytes of every gzip stream (RFC 1952).
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// An input as [`open_input`] found it: plain, or gzip decompressed on the fly.
pub enum Input<R: Read> {
    /// Not gzip: the bytes as they are.
    Plain(Chain<Cursor<Vec<u8>>, R>),
    /// gzip (every member, as `gzip` concatenates them), decompressed as it is read.
    Gzip(Box<GzipMembers<Chain<Cursor<Vec<u8>>, R>>>),
}

impl<R: Read> Input<R> {
    /// Whether the input was gzip.
    pub fn is_gzip(&self) -> bool {
        matches!(self, Input::Gzip(_))
    }

    /// Where bytes that are not gzip follow the last gzip member, once the input has been
    /// read to its end (never, for a plain input): a warning to give, as gzip gives it.
    pub fn trailer(&self) -> Trailer {
        match self {
            Input::Plain(_) => Trailer::default(),
            Input::Gzip(members) => members.trailer(),
        }
    }
}

impl<R: Read> Read for Input<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Input::Plain(r) => r.read(buf),
            Input::Gzip(r) => r.read(buf),
        }
    }
}

/// Opens a dump stream: reads its first two bytes and, if they are gzip's magic `1f 8b`,
/// decompresses the rest transparently, every member in turn; bytes after the last member
/// that are not gzip end the input, as `gzip -d` ends it ([`Input::trailer`] says where).
/// (A plain `.bson` file starts so only if its first
/// document's length ends in the bytes `1f 8b`, over 35 KB; mongodump's own gzip output always
/// does.) Memory stays bounded: flate2 keeps a 32 KiB window and small buffers.
///
/// # Errors
/// Reading the first bytes failed.
///
/// # Examples
/// ```
/// use std::io::Read;
/// use bson_tutor::dump::open_input;
/// let mut gz = Vec::new();
/// bson_tutor::dump::generate::gzip(&[5, 0, 0, 0, 0][..], &mut gz).unwrap();
/// let mut input = open_input(&gz[..]).unwrap();
/// assert!(input.is_gzip());
/// let mut out = Vec::new();
/// input.read_to_end(&mut out).unwrap();
/// assert_eq!(out, [5, 0, 0, 0, 0]);
/// ```
pub fn open_input<R: Read>(mut reader: R) -> io::Result<Input<R>> {
    let mut head = [0u8; 2];
    let mut n = 0;
    while n < head.len() {
        match reader.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let gzip = n == 2 && head == GZIP_MAGIC;
    let chained = Cursor::new(head[..n].to_vec()).chain(reader);
    Ok(if gzip {
        Input::Gzip(Box::new(GzipMembers::new(chained)))
    } else {
        Input::Plain(chained)
    })
}

/// Reads until `buf` is full or the input ends; returns how many bytes were read.
///
/// # Errors
/// The reader's, except `Interrupted`, which is retried.
///
/// # Examples
/// ```
/// let mut buf = [0u8; 4];
/// assert_eq!(bson_tutor::dump::read_full(&mut &[1u8, 2][..], &mut buf).unwrap(), 2);
/// ```
pub fn read_full(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// The length a prefix declares, if it is within [`MIN_DOCUMENT_LEN`]..=[`MAX_DOCUMENT_LEN`].
pub(crate) fn plausible_len(prefix: [u8; 4]) -> Result<usize, i64> {
    let declared = i32::from_le_bytes(prefix);
    match usize::try_from(declared) {
        Ok(len) if (MIN_DOCUMENT_LEN..=MAX_DOCUMENT_LEN).contains(&len) => Ok(len),
        _ => Err(i64::from(declared)),
    }
}
