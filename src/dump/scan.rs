//! [`Scanner`]: every document of a dump validated, damaged regions reported by offset and,
//! in salvage mode, skipped to the next plausible document.

use std::io::{self, Read};

use super::{DumpError, MAX_DOCUMENT_LEN, RawDocumentRef, plausible_len};
use crate::bson::{Limits, decode_document_with};

/// How far the window reads at a time.
const CHUNK: usize = 64 * 1024;

/// What to do after damage that breaks the framing (a bad length prefix, inserted bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Report the rest of the input as one damaged region and stop (`--check`).
    Check,
    /// Look for the next plausible document start: a length prefix within bounds whose
    /// document decodes cleanly and is followed by another such prefix (or the end), and go
    /// on from there (`--salvage`).
    Salvage,
}

/// A stretch of the input that is not a valid document.
#[derive(Debug)]
pub struct Damage {
    /// Absolute byte offset where the damage starts.
    pub offset: u64,
    /// Its length in bytes: the bytes skipped before the next document (or the end).
    pub length: u64,
    /// Its number among the items scanned (documents and damaged regions), from 0.
    pub ordinal: u64,
    /// Why the bytes at `offset` are not a document.
    pub reason: DumpError,
}

/// One item of a scan.
#[derive(Debug)]
pub enum ScanItem<'a> {
    /// A document that decodes cleanly.
    Document(RawDocumentRef<'a>),
    /// A damaged region.
    Damaged(Damage),
}

/// Validates every document of a stream with the project's decoder, streaming: the window
/// holds at most the largest document plus 64 KiB, whatever the size of the input.
///
/// A document whose length prefix is plausible and is followed by the end or by a document
/// that decodes cleanly is reported as damaged on its own and skipped by its length, in both
/// modes (its frame is intact, only its contents are bad).
/// Other damage ends a [`Mode::Check`] scan; a [`Mode::Salvage`] scan resynchronises.
///
/// A [`Mode::Salvage`] scan also doubts a frame whose end is not where a document starts:
/// a document that decodes cleanly but is not followed by a plausible length prefix (or the
/// end), or a damaged one whose clean successor is not. If a document the resynchronisation
/// would accept starts inside such a frame and ends beyond it, the frame ran into it (bytes
/// deleted inside the frame left its length prefix as it was): the bytes before it are
/// reported as damage (for a frame that decodes, with the reason its end is no document
/// start) and the scan goes on from it.
///
/// # Examples
/// ```
/// use bson_tutor::dump::{Mode, ScanItem, Scanner};
/// // A good empty document, 3 stray bytes, another good empty document.
/// let bytes = [5u8, 0, 0, 0, 0, 0xff, 0xff, 0xff, 5, 0, 0, 0, 0];
/// let mut scan = Scanner::new(&bytes[..], Mode::Salvage);
/// assert!(matches!(scan.next_item(), Some(Ok(ScanItem::Document(d))) if d.offset == 0));
/// match scan.next_item() {
///     Some(Ok(ScanItem::Damaged(d))) => assert_eq!((d.offset, d.length), (5, 3)),
///     other => panic!("{other:?}"),
/// }
/// assert!(matches!(scan.next_item(), Some(Ok(ScanItem::Document(d))) if d.offset == 8));
/// assert!(scan.next_item().is_none());
/// ```
pub struct Scanner<R: Read> {
    inner: R,
    win: Vec<u8>,
    /// Index in `win` of the current position.
    start: usize,
    /// Absolute offset of `win[0]`.
    base: u64,
    eof: bool,
    done: bool,
    ordinal: u64,
    mode: Mode,
}

enum Frame {
    /// Fewer than 4 bytes left.
    NoPrefix,
    BadLen(i64),
    Short(usize),
    Framed(usize),
}

impl<R: Read> Scanner<R> {
    /// A scanner over `inner` (use [`super::open_input`] first for gzip).
    pub fn new(inner: R, mode: Mode) -> Self {
        Scanner {
            inner,
            win: Vec::new(),
            start: 0,
            base: 0,
            eof: false,
            done: false,
            ordinal: 0,
            mode,
        }
    }

    /// The capacity of the window: at most about twice the largest document plus 64 KiB,
    /// whatever the size of the input.
    pub fn window_capacity(&self) -> usize {
        self.win.capacity()
    }

    fn avail(&self) -> usize {
        self.win.len() - self.start
    }

    fn pos(&self) -> u64 {
        self.base + self.start as u64
    }

    /// Reads until `n` bytes are available from the current position, or the end.
    fn fill(&mut self, n: usize) -> io::Result<()> {
        if self.avail() >= n || self.eof {
            return Ok(());
        }
        if self.start > 0 {
            self.win.drain(..self.start);
            self.base += self.start as u64;
            self.start = 0;
        }
        while self.avail() < n && !self.eof {
            let old = self.win.len();
            // At least a chunk of read-ahead, at most a megabyte at a time: the window is
            // zeroed only as far as a read may fill it, not to a declared 16 MiB that a
            // truncated file never delivers.
            let want = (n - old).clamp(CHUNK, 16 * CHUNK);
            self.win.resize(old + want, 0);
            match self.inner.read(&mut self.win[old..]) {
                Ok(k) => {
                    self.win.truncate(old + k);
                    self.eof = k == 0;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => self.win.truncate(old),
                Err(e) => {
                    self.win.truncate(old);
                    return Err(e);
                }
            }
        }
        Ok(())
    }

    /// The frame at `rel` bytes after the current position.
    fn frame(&mut self, rel: usize) -> io::Result<Frame> {
        self.fill(rel + 4)?;
        if self.avail() < rel + 4 {
            return Ok(Frame::NoPrefix);
        }
        let at = self.start + rel;
        let prefix = [
            self.win[at],
            self.win[at + 1],
            self.win[at + 2],
            self.win[at + 3],
        ];
        match plausible_len(prefix) {
            Err(declared) => Ok(Frame::BadLen(declared)),
            Ok(len) => {
                self.fill(rel + len)?;
                if self.avail() < rel + len {
                    Ok(Frame::Short(len))
                } else {
                    Ok(Frame::Framed(len))
                }
            }
        }
    }

    /// Decodes the `len` bytes `rel` bytes after the current position (already filled).
    fn decode(&self, rel: usize, len: usize) -> Result<(), crate::bson::DecodeError> {
        let limits = Limits {
            max_size: MAX_DOCUMENT_LEN,
            ..Limits::default()
        };
        let at = self.start + rel;
        decode_document_with(&self.win[at..at + len], limits).map(drop)
    }

    /// The next document or damaged region; `None` at the end.
    ///
    /// # Errors
    /// Only reading failures ([`DumpError::Io`]); damage is an item, not an error.
    pub fn next_item(&mut self) -> Option<Result<ScanItem<'_>, DumpError>> {
        if self.done {
            return None;
        }
        match self.step() {
            Ok(Some(Ok(len))) => {
                let offset = self.pos();
                let at = self.start;
                self.start += len;
                let ordinal = self.ordinal;
                self.ordinal += 1;
                Some(Ok(ScanItem::Document(RawDocumentRef {
                    offset,
                    ordinal,
                    bytes: &self.win[at..at + len],
                })))
            }
            Ok(Some(Err(damage))) => {
                self.ordinal += 1;
                Some(Ok(ScanItem::Damaged(damage)))
            }
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(DumpError::Io(e)))
            }
        }
    }

    /// `Ok(len)`: a good document of `len` bytes at the current position (not consumed).
    /// `Err(damage)`: damage, already consumed.
    #[allow(clippy::type_complexity)]
    fn step(&mut self) -> io::Result<Option<Result<usize, Damage>>> {
        self.fill(1)?;
        if self.avail() == 0 {
            return Ok(None);
        }
        let offset = self.pos();
        let reason = match self.frame(0)? {
            Frame::NoPrefix => DumpError::Truncated {
                offset,
                needed: 4,
                got: self.avail() as u64,
            },
            Frame::BadLen(declared) => DumpError::BadLength { offset, declared },
            Frame::Short(len) => DumpError::Truncated {
                offset,
                needed: len as u64,
                got: self.avail() as u64,
            },
            Frame::Framed(len) => match self.decode(0, len) {
                Ok(()) => {
                    if self.mode == Mode::Salvage
                        && let Some(reason) = self.not_followed(offset, len)?
                        && let Some(rel) = self.straddler(len)?
                    {
                        self.start += rel;
                        return Ok(Some(Err(self.damage(offset, rel as u64, reason))));
                    }
                    return Ok(Some(Ok(len)));
                }
                Err(error) => {
                    let reason = DumpError::Decode { offset, error };
                    // The length of the clean document after the frame, 0 for the end.
                    let next = match self.frame(len)? {
                        Frame::NoPrefix if self.avail() == len => Some(0),
                        Frame::Framed(next) if self.decode(len, next).is_ok() => Some(next),
                        _ => None,
                    };
                    if let Some(next) = next {
                        // A clean successor that is not followed may be the middle of the
                        // document this frame ran into.
                        let mut skip = len;
                        if self.mode == Mode::Salvage && next > 0 && !self.followed(len + next)? {
                            skip = self.straddler(len)?.unwrap_or(len);
                        }
                        self.start += skip;
                        return Ok(Some(Err(self.damage(offset, skip as u64, reason))));
                    }
                    reason
                }
            },
        };
        let skipped = match self.mode {
            Mode::Check => self.skip_to_end()?,
            Mode::Salvage => self.resync()?,
        };
        Ok(Some(Err(self.damage(offset, skipped, reason))))
    }

    fn damage(&self, offset: u64, length: u64, reason: DumpError) -> Damage {
        Damage {
            offset,
            length,
            ordinal: self.ordinal,
            reason,
        }
    }

    /// Consumes the rest of the input, returning its length.
    fn skip_to_end(&mut self) -> io::Result<u64> {
        let mut skipped = 0u64;
        loop {
            skipped += self.avail() as u64;
            self.start = self.win.len();
            if self.eof {
                return Ok(skipped);
            }
            self.fill(CHUNK)?;
        }
    }

    /// Whether what follows the `len` bytes at the current position could start a document:
    /// a length prefix within bounds (complete or cut short by the end), or the very end.
    fn followed(&mut self, len: usize) -> io::Result<bool> {
        Ok(self.not_followed(self.pos(), len)?.is_none())
    }

    /// Why what follows the `len` bytes at the current position (absolute `offset`) cannot
    /// start a document, `None` if it could (see [`Self::followed`]). Only the 4 bytes of
    /// the prefix are read, not the document it declares.
    fn not_followed(&mut self, offset: u64, len: usize) -> io::Result<Option<DumpError>> {
        self.fill(len + 4)?;
        let offset = offset + len as u64;
        let at = self.start + len;
        let prefix = self
            .win
            .get(at..at + 4)
            .and_then(|p| <[u8; 4]>::try_from(p).ok());
        Ok(match prefix {
            None if self.avail() == len => None,
            None => Some(DumpError::Truncated {
                offset,
                needed: 4,
                got: (self.avail() - len) as u64,
            }),
            Some(prefix) => plausible_len(prefix)
                .err()
                .map(|declared| DumpError::BadLength { offset, declared }),
        })
    }

    /// For a frame of `len` bytes at the current position that would be skipped by its length
    /// although what comes after it does not look like the next document: the first position
    /// inside it where a document starts that [`Self::resync`] would accept (it decodes
    /// cleanly and is followed) and that ends beyond the frame.
    ///
    /// Bytes deleted inside a document leave its length prefix as it was, so its frame takes
    /// in the first bytes of the next document. If those end in a NUL the frame still decodes;
    /// if not, a few bytes of the next document may still read as a small clean document.
    /// Either way what follows is the middle of the next document, which is recoverable only
    /// if this frame is refused, as its start is inside the frame. A document wholly inside
    /// is an embedded one and does not count.
    fn straddler(&mut self, len: usize) -> io::Result<Option<usize>> {
        for rel in 1..len {
            if let Frame::Framed(next) = self.frame(rel)?
                && rel + next > len
                && self.decode(rel, next).is_ok()
                && self.followed(rel + next)?
            {
                return Ok(Some(rel));
            }
        }
        Ok(None)
    }

    /// Moves one byte at a time until a prefix within bounds whose document decodes
    /// cleanly and is followed by something that could be a document (or the end), or the
    /// end; returns the bytes skipped.
    ///
    /// The second condition keeps a damaged document's own sub-documents out: an embedded
    /// document or array decodes cleanly too, but after it come the parent's next type byte
    /// and key, whose bytes read as a length prefix no document has (`04 74 61 67`, the
    /// array `tag…`, would be 1.7 GB).
    fn resync(&mut self) -> io::Result<u64> {
        let mut skipped = 0u64;
        loop {
            self.start += 1;
            skipped += 1;
            match self.frame(0)? {
                Frame::NoPrefix => return Ok(skipped + self.skip_to_end()?),
                Frame::Framed(len) if self.decode(0, len).is_ok() && self.followed(len)? => {
                    return Ok(skipped);
                }
                _ => {}
            }
        }
    }
}
