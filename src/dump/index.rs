//! [`DocumentIndex`]: where every document of a `.bson` file starts, learnt from the length
//! prefixes alone, so a viewer can open a file of any size at once and read any one document
//! by seeking to it.
//!
//! The index grows a bounded number of documents per [`DocumentIndex::step`] (a viewer calls
//! it between frames); memory is the offsets table (8 bytes a document), one read buffer and
//! the bytes of the one document last read, never the file.

use std::fmt;
use std::io::{self, BufReader, Read, Seek, SeekFrom};

use super::{DumpError, GZIP_MAGIC, MAX_DOCUMENT_LEN, plausible_len, read_full};
use crate::strings::localize::Localize;
use crate::strings::{Lang, trf};

/// The read buffer: prefixes of small documents come from it without a system call.
const BUFFER: usize = 64 * 1024;

/// Why a file cannot be indexed at all.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenError {
    /// The file starts with gzip's magic bytes `1f 8b`: a compressed stream cannot be read
    /// by window (finding document N would mean decompressing everything before it).
    Compressed,
    /// Reading or seeking failed (the operating system's words).
    Io(io::Error),
}

impl From<io::Error> for OpenError {
    fn from(e: io::Error) -> Self {
        OpenError::Io(e)
    }
}

impl Localize for OpenError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            OpenError::Compressed => out.write_str(&trf(
                lang,
                "the file is gzip-compressed (it starts with 1f 8b), and a compressed file cannot be read by window: decompress it first ({command}) and browse the .bson file",
                &[&"gunzip -k FILE"],
            )),
            OpenError::Io(e) => write!(out, "{e}"),
        }
    }
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for OpenError {}

/// How far the index has got.
#[derive(Debug)]
pub enum IndexState {
    /// More documents may follow: call [`DocumentIndex::step`] again.
    Indexing,
    /// Every document is indexed: the last one ends at the end of the file.
    Complete,
    /// A length prefix no document can have, or a document cut by the end of the file: the
    /// documents before it are indexed, nothing after.
    Damaged(DumpError),
}

/// The documents of a `.bson` stream by offset, learnt incrementally from their length
/// prefixes.
///
/// # Examples
/// ```
/// use std::io::Cursor;
/// use bson_tutor::dump::index::DocumentIndex;
/// let one = [0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0];
/// let mut index = DocumentIndex::open(Cursor::new(one.repeat(3))).unwrap();
/// while index.step(2) {}
/// assert!(index.is_complete());
/// assert_eq!(index.len(), 3);
/// assert_eq!(index.offset(2), Some(24));
/// assert_eq!(index.document_at(13), Some(1));
/// assert_eq!(index.read(1).unwrap(), &one[..]);
/// ```
pub struct DocumentIndex<R> {
    inner: BufReader<R>,
    /// Where the reader is (`BufReader` would have to ask the file otherwise).
    pos: u64,
    file_len: u64,
    offsets: Vec<u64>,
    /// The end of the last indexed document: where the next prefix is.
    next: u64,
    state: IndexState,
    /// The bytes of the document last read.
    buf: Vec<u8>,
}

impl<R: Read + Seek> DocumentIndex<R> {
    /// Opens `inner` (positioned anywhere: offsets count from its first byte) with nothing
    /// indexed yet. Reads two bytes, to refuse gzip, and seeks to learn the length.
    ///
    /// # Errors
    /// [`OpenError::Compressed`] for a gzip file, [`OpenError::Io`] when reading fails.
    pub fn open(mut inner: R) -> Result<Self, OpenError> {
        let file_len = inner.seek(SeekFrom::End(0))?;
        inner.seek(SeekFrom::Start(0))?;
        let mut head = [0u8; 2];
        let got = read_full(&mut inner, &mut head)?;
        if got == 2 && head == GZIP_MAGIC {
            return Err(OpenError::Compressed);
        }
        inner.seek(SeekFrom::Start(0))?;
        Ok(DocumentIndex {
            inner: BufReader::with_capacity(BUFFER, inner),
            pos: 0,
            file_len,
            offsets: Vec::new(),
            next: 0,
            state: if file_len == 0 {
                IndexState::Complete
            } else {
                IndexState::Indexing
            },
            buf: Vec::new(),
        })
    }

    /// Indexes up to `budget` more documents; returns whether more remain (`false` once the
    /// index is complete or damaged).
    pub fn step(&mut self, budget: usize) -> bool {
        if !matches!(self.state, IndexState::Indexing) {
            return false;
        }
        for _ in 0..budget {
            match self.index_one() {
                Ok(true) => {}
                Ok(false) => {
                    self.state = IndexState::Complete;
                    return false;
                }
                Err(e) => {
                    self.state = IndexState::Damaged(e);
                    return false;
                }
            }
        }
        true
    }

    /// Indexes everything (for tests and batch use); the damage, if any.
    pub fn index_all(&mut self) -> Option<&DumpError> {
        while self.step(usize::MAX) {}
        self.damage()
    }

    /// Learns one more document; `false` at the end of the file.
    fn index_one(&mut self) -> Result<bool, DumpError> {
        let offset = self.next;
        let left = self.file_len - offset;
        if left == 0 {
            return Ok(false);
        }
        let (_, len) = self.length_at(offset)?;
        if len as u64 > left {
            return Err(DumpError::Truncated {
                offset,
                needed: len as u64,
                got: left,
            });
        }
        self.offsets.push(offset);
        self.next = offset + len as u64;
        Ok(true)
    }

    /// The prefix at `offset` and the length it declares, the reader left just after it:
    /// an error when fewer than 4 bytes are there (the file ended, or shrank under us) or
    /// when no document has that length.
    fn length_at(&mut self, offset: u64) -> Result<([u8; 4], usize), DumpError> {
        let left = self.file_len.saturating_sub(offset);
        let cut = |got| DumpError::Truncated {
            offset,
            needed: 4,
            got,
        };
        if left < 4 {
            return Err(cut(left));
        }
        self.seek(offset)?;
        let mut prefix = [0u8; 4];
        let got = read_full(&mut self.inner, &mut prefix)?;
        self.pos += got as u64;
        if got < 4 {
            return Err(cut(got as u64));
        }
        let len =
            plausible_len(prefix).map_err(|declared| DumpError::BadLength { offset, declared })?;
        Ok((prefix, len))
    }

    /// Moves the reader to `offset`, within its buffer when it can.
    fn seek(&mut self, offset: u64) -> io::Result<()> {
        if offset != self.pos {
            let delta = i64::try_from(offset).unwrap_or(i64::MAX)
                - i64::try_from(self.pos).unwrap_or(i64::MAX);
            self.inner.seek_relative(delta)?;
            self.pos = offset;
        }
        Ok(())
    }

    /// The bytes of document `n`, read from the file into the index's one buffer (at most
    /// [`MAX_DOCUMENT_LEN`] bytes, as the index checked).
    ///
    /// # Errors
    /// [`DumpError::Io`]; [`DumpError::Truncated`] if the file shrank since it was indexed.
    /// A document not indexed (yet) is an empty slice.
    pub fn read(&mut self, n: usize) -> Result<&[u8], DumpError> {
        let (Some(offset), Some(size)) = (self.offset(n), self.size(n)) else {
            return Ok(&[]);
        };
        let size = usize::try_from(size).unwrap_or(MAX_DOCUMENT_LEN);
        self.buf.clear();
        self.buf.resize(size, 0);
        self.seek(offset)?;
        let got = read_full(&mut self.inner, &mut self.buf)?;
        self.pos += got as u64;
        if got < size {
            return Err(DumpError::Truncated {
                offset,
                needed: size as u64,
                got: got as u64,
            });
        }
        Ok(&self.buf)
    }

    /// The bytes of the document that starts at byte `offset`, indexed or not: its length
    /// prefix is read and checked first, so at most [`MAX_DOCUMENT_LEN`] bytes are read.
    ///
    /// # Errors
    /// [`DumpError::BadLength`] for a prefix no document has, [`DumpError::Truncated`] when
    /// the file ends first, [`DumpError::Io`].
    ///
    /// # Examples
    /// ```
    /// use std::io::Cursor;
    /// use bson_tutor::dump::index::DocumentIndex;
    /// let mut index = DocumentIndex::open(Cursor::new([5u8, 0, 0, 0, 0, 6, 0, 0, 0, 8, 0].to_vec())).unwrap();
    /// assert_eq!(index.read_at(5).unwrap(), &[6, 0, 0, 0, 8, 0]);
    /// assert_eq!(index.read_at(2).unwrap_err().to_string(),
    ///     "byte 2: a document's length prefix says 100663296 bytes, but a document has 5 to 16793600 bytes");
    /// ```
    pub fn read_at(&mut self, offset: u64) -> Result<&[u8], DumpError> {
        let (prefix, len) = self.length_at(offset)?;
        self.buf.clear();
        self.buf.extend_from_slice(&prefix);
        self.buf.resize(len, 0);
        let got = 4 + read_full(&mut self.inner, &mut self.buf[4..])?;
        self.pos += (got - 4) as u64;
        if got < len {
            return Err(DumpError::Truncated {
                offset,
                needed: len as u64,
                got: got as u64,
            });
        }
        Ok(&self.buf)
    }
}

impl<R> DocumentIndex<R> {
    /// The documents indexed so far.
    pub fn len(&self) -> usize {
        self.offsets.len()
    }

    /// Whether no document is indexed (yet).
    pub fn is_empty(&self) -> bool {
        self.offsets.is_empty()
    }

    /// Whether indexing has stopped, complete or damaged.
    pub fn is_done(&self) -> bool {
        !matches!(self.state, IndexState::Indexing)
    }

    /// Whether every document of the file is indexed and the last one ends at its end.
    pub fn is_complete(&self) -> bool {
        matches!(self.state, IndexState::Complete)
    }

    /// How far indexing has got.
    pub fn state(&self) -> &IndexState {
        &self.state
    }

    /// Where indexing stopped on a bad prefix or a cut document.
    pub fn damage(&self) -> Option<&DumpError> {
        match &self.state {
            IndexState::Damaged(e) => Some(e),
            _ => None,
        }
    }

    /// The file's length in bytes.
    pub fn file_len(&self) -> u64 {
        self.file_len
    }

    /// The bytes indexed so far: the end of the last indexed document.
    pub fn indexed_bytes(&self) -> u64 {
        self.next
    }

    /// Where document `n` (0-based) starts.
    pub fn offset(&self, n: usize) -> Option<u64> {
        self.offsets.get(n).copied()
    }

    /// The size of document `n` in bytes, as its length prefix says.
    pub fn size(&self, n: usize) -> Option<u64> {
        let start = self.offset(n)?;
        let end = self.offset(n + 1).unwrap_or(self.next);
        Some(end - start)
    }

    /// The indexed document holding byte `offset`.
    pub fn document_at(&self, offset: u64) -> Option<usize> {
        if offset >= self.next {
            return None;
        }
        Some(
            self.offsets
                .partition_point(|&o| o <= offset)
                .saturating_sub(1),
        )
    }

    /// The bytes the index holds: its offsets table, its read buffer and the last document
    /// read, whatever the size of the file.
    pub fn memory(&self) -> usize {
        self.offsets.capacity() * std::mem::size_of::<u64>()
            + self.inner.capacity()
            + self.buf.capacity()
    }
}
