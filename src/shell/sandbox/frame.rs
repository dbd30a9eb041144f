//! The frames requests and events cross the pipes in (see the module above).

use super::*;

pub(super) struct Frame(Vec<u8>);

impl Frame {
    pub(super) fn new(tag: u8) -> Frame {
        Frame(vec![0, 0, 0, 0, tag])
    }
    pub(super) fn u8(mut self, v: u8) -> Frame {
        self.0.push(v);
        self
    }
    pub(super) fn u32(mut self, v: u32) -> Frame {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    pub(super) fn str(self, s: &str) -> Frame {
        let mut f = self.u32(u32::try_from(s.len()).unwrap_or(u32::MAX));
        f.0.extend_from_slice(s.as_bytes());
        f
    }
    pub(super) fn doc(mut self, d: &Document) -> Frame {
        // A document that cannot be encoded (too large, too deep) is an empty one.
        match encode_document(d) {
            Ok(bytes) => self.0.extend_from_slice(&bytes),
            Err(_) => self.0.extend_from_slice(&[5, 0, 0, 0, 0]),
        }
        self
    }
    pub(super) fn send(mut self, w: &mut impl Write) -> io::Result<()> {
        let len = u32::try_from(self.0.len() - 4).unwrap_or(u32::MAX);
        self.0[..4].copy_from_slice(&len.to_le_bytes());
        w.write_all(&self.0)?;
        w.flush()
    }
}

/// A frame's fields, read in order.
pub(super) struct Fields<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
}

pub(super) fn broken(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("console frame: {what}"))
}

impl<'a> Fields<'a> {
    pub(super) fn take(&mut self, n: usize) -> io::Result<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|e| *e <= self.bytes.len());
        let end = end.ok_or_else(|| broken("cut short"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }
    pub(super) fn u8(&mut self) -> io::Result<u8> {
        Ok(self.take(1)?[0])
    }
    pub(super) fn u32(&mut self) -> io::Result<u32> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    pub(super) fn str(&mut self) -> io::Result<String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| broken("text is not UTF-8"))
    }
    pub(super) fn doc(&mut self) -> io::Result<Document> {
        let len = self.take(4)?;
        let n = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
        self.at -= 4;
        let bytes = self.take(n.max(4))?;
        decode_document(bytes).map_err(|e| broken(&e.to_string()))
    }
}

/// The next frame (its tag and fields), or `None` at the end of the stream.
pub(super) fn read_frame(r: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 4];
    match r.read_exact(&mut len) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let n = u32::from_le_bytes(len) as usize;
    if n == 0 || n > MAX_FRAME {
        return Err(broken(&format!("a frame of {n} bytes")));
    }
    let mut bytes = vec![0u8; n];
    r.read_exact(&mut bytes)?;
    Ok(Some(bytes))
}

pub(super) fn stop_code(s: Option<Stop>) -> u8 {
    match s {
        None => 0,
        Some(Stop::TimeLimit) => 1,
        Some(Stop::Cancelled) => 2,
    }
}

pub(super) fn stop_of(code: u8) -> Option<Stop> {
    match code {
        1 => Some(Stop::TimeLimit),
        2 => Some(Stop::Cancelled),
        _ => None,
    }
}

pub(super) fn output_frame(o: &Output) -> Frame {
    match o {
        Output::Print { text, documents } => {
            let mut f = Frame::new(b'P')
                .str(text)
                .u32(u32::try_from(documents.len()).unwrap_or(0));
            for d in documents {
                f = f.doc(d);
            }
            f
        }
        Output::Warning(text) => Frame::new(b'W').str(text),
    }
}

pub(super) fn run_end_frame(error: Option<&Thrown>) -> Frame {
    let Some(e) = error else {
        return Frame::new(b'R').u8(0);
    };
    let limit = match e.limit {
        None => 0,
        Some(Limit::Output) => 1,
        Some(Limit::Memory) => 2,
        Some(Limit::Killed) => 3,
    };
    Frame::new(b'R')
        .u8(1)
        .str(&e.name)
        .str(&e.message)
        .u8(u8::from(e.at.is_some()))
        .str(e.at.as_deref().unwrap_or(""))
        .u8(stop_code(e.stopped))
        .u8(u8::from(e.out_of_memory))
        .u8(limit)
}

/// What a worker sent.
#[derive(Debug)]
pub(super) enum Event {
    Ready(Vec<String>),
    Failed(String),
    Output(Output),
    RunEnd(Option<Thrown>),
    Completion(usize, Vec<String>),
    Yes(bool),
    Text(String),
    Collection(String, String),
    Doc(Document),
    End,
    Saved(Vec<String>),
}

pub(super) fn notes(f: &mut Fields<'_>) -> io::Result<Vec<String>> {
    let n = f.u32()? as usize;
    let mut notes = Vec::with_capacity(n.min(1024));
    for _ in 0..n {
        notes.push(f.str()?);
    }
    Ok(notes)
}

pub(super) fn parse_event(bytes: &[u8]) -> io::Result<Event> {
    let mut f = Fields { bytes, at: 1 };
    Ok(match bytes.first() {
        Some(b'H') => Event::Ready(notes(&mut f)?),
        Some(b'F') => Event::Failed(f.str()?),
        Some(b'P') => {
            let text = f.str()?;
            let n = f.u32()? as usize;
            let mut documents = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                documents.push(f.doc()?);
            }
            Event::Output(Output::Print { text, documents })
        }
        Some(b'W') => Event::Output(Output::Warning(f.str()?)),
        Some(b'R') => Event::RunEnd(if f.u8()? == 0 {
            None
        } else {
            let name = f.str()?;
            let message = f.str()?;
            let has_at = f.u8()? == 1;
            let at = f.str()?;
            Some(Thrown {
                name,
                message,
                at: has_at.then_some(at),
                stopped: stop_of(f.u8()?),
                out_of_memory: f.u8()? == 1,
                limit: match f.u8()? {
                    1 => Some(Limit::Output),
                    2 => Some(Limit::Memory),
                    3 => Some(Limit::Killed),
                    _ => None,
                },
            })
        }),
        Some(b'M') => {
            let start = f.u32()? as usize;
            let n = f.u32()? as usize;
            let mut names = Vec::with_capacity(n.min(1024));
            for _ in 0..n {
                names.push(f.str()?);
            }
            Event::Completion(start, names)
        }
        Some(b'B') => Event::Yes(f.u8()? == 1),
        Some(b'T') => Event::Text(f.str()?),
        Some(b'L') => Event::Collection(f.str()?, f.str()?),
        Some(b'd') => Event::Doc(f.doc()?),
        Some(b'Z') => Event::End,
        Some(b'A') => Event::Saved(notes(&mut f)?),
        _ => return Err(broken("an unknown event")),
    })
}

/// A frame of `tag` carrying `notes`.
pub(super) fn notes_frame(tag: u8, notes: &[String]) -> Frame {
    let mut f = Frame::new(tag).u32(u32::try_from(notes.len()).unwrap_or(0));
    for n in notes {
        f = f.str(n);
    }
    f
}
