//! gzip read as `gzip -d` reads it: every member in turn, and what follows the last member
//! passed over with a warning when it is not gzip. gzip (`gzip.c`, `get_method`) says
//! "decompression OK, trailing garbage ignored" (or "trailing zero bytes ignored") for the
//! bytes after a complete member that do not start with the magic `1f 8b`, and keeps the
//! data; flate2's `MultiGzDecoder` refuses the whole stream for them (an invalid header). So
//! the members are read here one by one with flate2's single-member decoder, and the offset
//! of such bytes is kept for the caller to say ([`Trailer`]).

use std::io::{self, BufRead, Read};
use std::sync::{Arc, OnceLock};

use flate2::bufread::GzDecoder;

use super::GZIP_MAGIC;

/// The read-ahead buffer below the decoder.
const BUFFER: usize = 64 * 1024;

/// Where bytes that are not gzip follow the last gzip member, once the stream has been read
/// that far. Clones share the answer: keep one before handing the stream over.
#[derive(Clone, Debug, Default)]
pub struct Trailer(Arc<OnceLock<u64>>);

impl Trailer {
    /// The byte offset, in the compressed input, of the first byte after the last member
    /// when what follows is not gzip; `None` when the input ended cleanly (or has not been
    /// read to its end yet).
    pub fn offset(&self) -> Option<u64> {
        self.0.get().copied()
    }
}

/// A buffered reader that counts the bytes its consumer took and can look two bytes ahead.
struct Peek<R> {
    inner: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// Bytes consumed so far: the offset of `buf[pos]` in the input.
    consumed: u64,
}

impl<R: Read> Peek<R> {
    fn new(inner: R) -> Self {
        Peek {
            inner,
            buf: vec![0; BUFFER].into_boxed_slice(),
            pos: 0,
            len: 0,
            consumed: 0,
        }
    }

    /// At least the next two bytes, fewer only at the end of the input.
    fn peek2(&mut self) -> io::Result<&[u8]> {
        if self.len - self.pos < 2 && self.pos > 0 {
            self.buf.copy_within(self.pos..self.len, 0);
            self.len -= self.pos;
            self.pos = 0;
        }
        while self.len - self.pos < 2 {
            match self.inner.read(&mut self.buf[self.len..]) {
                Ok(0) => break,
                Ok(n) => self.len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(&self.buf[self.pos..self.len])
    }
}

impl<R: Read> Read for Peek<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Peek<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pos == self.len {
            self.pos = 0;
            self.len = 0;
            loop {
                match self.inner.read(&mut self.buf) {
                    Ok(n) => {
                        self.len = n;
                        break;
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(&self.buf[self.pos..self.len])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.len - self.pos);
        self.pos += n;
        self.consumed += n as u64;
    }
}

enum State<R> {
    /// Inside a member.
    Member(Box<GzDecoder<Peek<R>>>),
    /// After a member: another one, or the end, or bytes that are not gzip.
    Between(Peek<R>),
    Done,
}

/// The decompressed bytes of every gzip member of a stream, in order; memory is flate2's
/// window and a 64 KiB buffer. After the last member, bytes that do not start another one
/// end the stream (as `gzip -d` ends it) and are reported through [`GzipMembers::trailer`].
///
/// # Examples
/// ```
/// use std::io::Read;
/// use bson_tutor::dump::open_input;
/// let mut gz = Vec::new();
/// bson_tutor::dump::generate::gzip(&[5u8, 0, 0, 0, 0][..], &mut gz).unwrap();
/// let end = gz.len() as u64;
/// gz.extend_from_slice(b"junk");
/// let mut input = open_input(&gz[..]).unwrap();
/// let trailer = input.trailer();
/// let mut out = Vec::new();
/// input.read_to_end(&mut out).unwrap();
/// assert_eq!(out, [5, 0, 0, 0, 0]);
/// assert_eq!(trailer.offset(), Some(end));
/// ```
pub struct GzipMembers<R: Read> {
    state: State<R>,
    trailer: Trailer,
}

impl<R: Read> GzipMembers<R> {
    /// The members of `inner`, which starts with a member (its first byte is offset 0).
    pub fn new(inner: R) -> Self {
        GzipMembers {
            state: State::Member(Box::new(GzDecoder::new(Peek::new(inner)))),
            trailer: Trailer::default(),
        }
    }

    /// Where bytes that are not gzip follow the last member, once read that far.
    pub fn trailer(&self) -> Trailer {
        self.trailer.clone()
    }
}

impl<R: Read> Read for GzipMembers<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        loop {
            match &mut self.state {
                State::Member(decoder) => {
                    let n = decoder.read(out)?;
                    if n > 0 {
                        return Ok(n);
                    }
                    // The member's trailer is read and checked: the next one, if any.
                    let State::Member(decoder) = std::mem::replace(&mut self.state, State::Done)
                    else {
                        return Ok(0);
                    };
                    self.state = State::Between(decoder.into_inner());
                }
                State::Between(peek) => {
                    let head = peek.peek2()?;
                    if head.is_empty() {
                        self.state = State::Done;
                    } else if head.starts_with(&GZIP_MAGIC) {
                        let State::Between(peek) = std::mem::replace(&mut self.state, State::Done)
                        else {
                            return Ok(0);
                        };
                        self.state = State::Member(Box::new(GzDecoder::new(peek)));
                    } else {
                        let _ = self.trailer.0.set(peek.consumed);
                        self.state = State::Done;
                    }
                }
                State::Done => return Ok(0),
            }
        }
    }
}
