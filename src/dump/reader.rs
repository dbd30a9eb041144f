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
        }
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
            Ok(true) => {
                let item = RawDocumentRef {
                    offset: self.offset,
                    ordinal: self.ordinal,
                    bytes: &self.buf,
                };
                self.offset += self.buf.len() as u64;
                self.ordinal += 1;
                Some(Ok(item))
            }
            Ok(false) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }

    /// Fills `buf` with the next document; `false` at a clean end.
    fn read_one(&mut self) -> Result<bool, DumpError> {
        let offset = self.offset;
        let mut prefix = [0u8; 4];
        let got = read_full(&mut self.inner, &mut prefix)?;
        if got == 0 {
            return Ok(false);
        }
        if got < 4 {
            return Err(DumpError::Truncated {
                offset,
                needed: 4,
                got: got as u64,
            });
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
        Ok(true)
    }
}
