//! [`DocumentReader`]: the documents of a `.bson` stream, one at a time, through one buffer.

use std::io::{BufReader, Read};

use super::{DumpError, plausible_len, read_full};

/// One document as read: its bytes (length prefix included) and where it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawDocumentRef<'a> {
    /// Absolute byte offset of the document's first byte in the (decompressed) stream.
    pub offset: u64,
    /// 0 for the first document, 1 for the next, …
    pub ordinal: u64,
    /// The whole document, from its length prefix to its terminating NUL.
    pub bytes: &'a [u8],
}

/// Reads concatenated documents (a mongodump `.bson` file, or stdin) one at a time.
///
/// Only the length prefix is checked here (decode or [`crate::bson::validate`] the bytes
/// yourself, or use [`super::Scanner`]). The buffer is reused, so memory stays at the largest
/// document read plus a 64 KiB read buffer; a prefix outside 5..=[`super::MAX_DOCUMENT_LEN`]
/// is refused before anything is allocated for it.
///
/// # Examples
/// ```
/// use bson_tutor::dump::DocumentReader;
/// let bytes = [5u8, 0, 0, 0, 0, 5, 0, 0, 0, 0];
/// let mut reader = DocumentReader::new(&bytes[..]);
/// let first = reader.next_document().unwrap().unwrap();
/// assert_eq!((first.offset, first.ordinal, first.bytes.len()), (0, 0, 5));
/// let second = reader.next_document().unwrap().unwrap();
/// assert_eq!((second.offset, second.ordinal), (5, 1));
/// assert!(reader.next_document().is_none());
///
/// let err = DocumentReader::new(&[0xff, 0xff, 0xff, 0x7f][..]).next_document().unwrap().unwrap_err();
/// assert_eq!(err.to_string(),
///     "byte 0: a document's length prefix says 2147483647 bytes, but a document has 5 to 16793600 bytes");
/// ```
pub struct DocumentReader<R: Read> {
    inner: BufReader<R>,
    buf: Vec<u8>,
    offset: u64,
    ordinal: u64,
    done: bool,
    /// Whether `ff ff ff ff` is a terminator (inside an archive) rather than a bad length.
    terminators: bool,
}

/// What [`DocumentReader::next_frame`] found.
pub(super) enum Frame {
    End,
    Document,
    Terminator,
}

impl<R: Read> DocumentReader<R> {
    /// A reader over `inner`, whose first byte is at offset 0.
    pub fn new(inner: R) -> Self {
        DocumentReader {
            inner: BufReader::with_capacity(64 * 1024, inner),
            buf: Vec::new(),
            offset: 0,
            ordinal: 0,
            done: false,
            terminators: false,
        }
    }

    /// The capacity of the reusable document buffer: the largest document read so far (or a
    /// little more), whatever the size of the input.
    pub fn buffer_capacity(&self) -> usize {
        self.buf.capacity()
    }

    /// Absolute offset of the next byte to be read.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// The next document, `None` at a clean end of input (between two documents).
    ///
    /// After an error the reader is finished: it returns `None` from then on.
    ///
    /// # Errors
    /// [`DumpError::BadLength`], [`DumpError::Truncated`] (with the document's offset) or
    /// [`DumpError::Io`].
    pub fn next_document(&mut self) -> Option<Result<RawDocumentRef<'_>, DumpError>> {
        if self.done {
            return None;
        }
        match self.read_one() {
            Ok(Frame::Document) => {
                let item = RawDocumentRef {
                    offset: self.offset,
                    ordinal: self.ordinal,
                    bytes: &self.buf,
                };
                self.offset += self.buf.len() as u64;
                self.ordinal += 1;
                Some(Ok(item))
            }
            Ok(Frame::End | Frame::Terminator) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }

    /// A reader inside an archive, where `ff ff ff ff` is a terminator and `offset` bytes
    /// (the magic number) came before.
    pub(super) fn in_archive(inner: R, offset: u64) -> Self {
        let mut reader = DocumentReader::new(inner);
        reader.terminators = true;
        reader.offset = offset;
        reader
    }

    /// The bytes of the document [`Self::next_frame`] last read, and its offset.
    pub(super) fn last(&self) -> (u64, &[u8]) {
        (self.offset - self.buf.len() as u64, &self.buf)
    }

    /// The next frame of an archive: a document (see [`Self::last`]), a terminator or the end.
    pub(super) fn next_frame(&mut self) -> Result<Frame, DumpError> {
        if self.done {
            return Ok(Frame::End);
        }
        let frame = self.read_one();
        match frame {
            Ok(Frame::Document) => {
                self.offset += self.buf.len() as u64;
                self.ordinal += 1;
            }
            Ok(Frame::Terminator) => self.offset += 4,
            Ok(Frame::End) | Err(_) => self.done = true,
        }
        frame
    }

    /// Fills `buf` with the next document.
    fn read_one(&mut self) -> Result<Frame, DumpError> {
        let offset = self.offset;
        let mut prefix = [0u8; 4];
        let got = read_full(&mut self.inner, &mut prefix)?;
        if got == 0 {
            return Ok(Frame::End);
        }
        if got < 4 {
            return Err(DumpError::Truncated {
                offset,
                needed: 4,
                got: got as u64,
            });
        }
        if self.terminators && prefix == [0xff; 4] {
            return Ok(Frame::Terminator);
        }
        let len =
            plausible_len(prefix).map_err(|declared| DumpError::BadLength { offset, declared })?;
        self.buf.clear();
        self.buf.extend_from_slice(&prefix);
        self.buf.resize(len, 0);
        let got = 4 + read_full(&mut self.inner, &mut self.buf[4..])?;
        if got < len {
            return Err(DumpError::Truncated {
                offset,
                needed: len as u64,
                got: got as u64,
            });
        }
        Ok(Frame::Document)
    }
}
