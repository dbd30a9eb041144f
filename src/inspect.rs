//! The `inspect` views of raw BSON: the annotated table, an `xxd`-style dump, re-encoded hex
//! and the span tree as JSON. Each returns text; the binary prints it.

use std::fmt::{self, Write as _};

use crate::bson::ejson::{self, Mode};
use crate::bson::shell;
use crate::bson::spans::{self, DocumentSpans, Row};
use crate::bson::{DecodeError, decode_document, encode_document, hex, split_stream};
use crate::strings::localize::Localize;
use crate::strings::{Lang, pad, tr, write_trf};
use unicode_width::UnicodeWidthStr;

/// The views `inspect --to` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// `offset | bytes (hex) | meaning`, one row per length, type byte, key, value, terminator.
    Table,
    /// Offsets, 16 bytes per row and an ASCII column.
    Dump,
    /// Each document re-encoded by our encoder, as lowercase hex, one per line.
    Hex,
    /// The span tree as JSON, one document per line.
    Spans,
    /// Extended JSON in the given mode (canonical, relaxed, or a labelled lossy view), one
    /// document per line, or indented when `pretty`.
    Json {
        /// Which Extended JSON.
        mode: Mode,
        /// Indent instead of one line per document.
        pretty: bool,
    },
    /// The way mongosh prints documents, one per line, or laid out over lines when `pretty`.
    Shell {
        /// Break long documents over lines as mongosh's printjson does.
        pretty: bool,
    },
}

impl View {
    /// The view named as `inspect --to` names it (`table`, `dump`, `hex`, `spans`, `ejson`,
    /// `relaxed`, `relaxed-js`, `stringify`, `shell`), one document per line.
    pub fn from_name(name: &str) -> Option<View> {
        let json = |mode| View::Json {
            mode,
            pretty: false,
        };
        Some(match name {
            "table" => View::Table,
            "dump" => View::Dump,
            "hex" => View::Hex,
            "spans" => View::Spans,
            "ejson" => json(Mode::Canonical),
            "relaxed" => json(Mode::Relaxed),
            "relaxed-js" => json(Mode::RelaxedJs),
            "stringify" => json(Mode::Stringify),
            "shell" => View::Shell { pretty: false },
            _ => return None,
        })
    }
}

/// A document in the input that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based position of the document in the input.
    pub document: usize,
    /// Where that document starts in the input.
    pub start: usize,
    /// Whether the input held more than this one document.
    pub in_stream: bool,
    /// What is wrong, with offsets relative to the document's first byte.
    pub error: DecodeError,
}

impl InputError {
    /// One value of every shape, for the tests that render them all.
    #[cfg(test)]
    fn every_variant() -> Vec<InputError> {
        let error = DecodeError::new(
            crate::bson::DecodeErrorKind::MissingTerminator {
                found: 1,
                what: crate::bson::error::Part::Document,
            },
            4,
        );
        vec![
            InputError {
                document: 1,
                start: 0,
                in_stream: false,
                error: error.clone(),
            },
            InputError {
                document: 2,
                start: 12,
                in_stream: true,
                error,
            },
        ]
    }
}

impl Localize for InputError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        if !self.in_stream {
            return self.error.write_in(lang, out);
        }
        let (document, start) = (self.document, self.start);
        let (offset, error) = (self.error.offset, self.error.display_in(lang));
        let at = start + offset;
        match lang {
            Lang::En => write!(
                out,
                "document {document} (input byte {start} on; input byte {at} is its byte {offset}): {error}"
            ),
            Lang::Vi => write!(
                out,
                "document {document} (bắt đầu từ byte {start} của đầu vào; byte {at} của đầu vào là byte {offset} của document này): {error}"
            ),
            Lang::Zh => write!(
                out,
                "文档 {document}（从输入的第 {start} 字节开始；输入的第 {at} 字节是它的第 {offset} 字节）：{error}"
            ),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for InputError {}

/// What `inspect` produced: the text for the documents read, and the error that stopped it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspection {
    /// The rendered view.
    pub text: String,
    /// The first unreadable document, if any.
    pub error: Option<InputError>,
}

/// Renders `input` (one document, or several concatenated as in a mongodump file), the
/// table's words in `lang` (the other views have no words to translate).
///
/// # Examples
/// ```
/// use bson_tutor::inspect::{inspect, View};
/// use bson_tutor::strings::Lang;
/// use bson_tutor::strings::localize::Localize;
/// let got = inspect(&[0x05, 0, 0, 0, 0x00], View::Hex, Lang::En);
/// assert_eq!((got.text.as_str(), got.error), ("0500000000\n", None));
/// let e = inspect(&[0x05, 0, 0], View::Hex, Lang::Vi).error.unwrap();
/// assert_eq!(
///     e.to_string_in(Lang::Vi),
///     "byte 0: một document bắt đầu bằng độ dài 4 byte little-endian, nhưng ở đây chỉ có 3 byte"
/// );
/// ```
pub fn inspect(input: &[u8], view: View, lang: Lang) -> Inspection {
    let mut text = String::new();
    if view == View::Dump {
        text.push_str(&dump(input, 0));
    }
    let ranges: Vec<_> = split_stream(input).collect();
    let in_stream = ranges.len() > 1;
    let mut error = None;
    if input.is_empty() {
        error = Some(InputError {
            document: 1,
            start: 0,
            in_stream: false,
            error: DecodeError::new(
                crate::bson::DecodeErrorKind::MissingLength { available: 0 },
                0,
            ),
        });
    }
    let mut next_start = 0;
    for (i, range) in ranges.into_iter().enumerate() {
        let document = i + 1;
        let start = next_start;
        let result = match range {
            Ok(r) => {
                next_start = r.end;
                render_document(&input[r], view, document, start, in_stream, lang)
            }
            // Stream errors come with input offsets; make them relative like the others.
            Err(mut e) => {
                e.offset -= start;
                Err(e)
            }
        };
        match result {
            Ok(s) => text.push_str(&s),
            Err(e) => {
                error = Some(InputError {
                    document,
                    start,
                    in_stream,
                    error: e,
                });
                break;
            }
        }
    }
    Inspection { text, error }
}

/// The `xxd`-style dump of a stream fed one piece at a time: the same rows [`dump`] writes
/// for the whole input, 16 bytes each from offset 0, whatever the pieces' sizes.
///
/// # Examples
/// ```
/// use bson_tutor::inspect::{DumpRows, dump};
/// let bytes: Vec<u8> = (0u8..40).collect();
/// let mut rows = DumpRows::default();
/// let mut text = rows.push(&bytes[..5]);
/// text.push_str(&rows.push(&bytes[5..]));
/// text.push_str(&rows.finish());
/// assert_eq!(text, dump(&bytes, 0));
/// ```
#[derive(Debug, Default)]
pub struct DumpRows {
    /// Offset of the first byte of `pending`.
    base: usize,
    /// Fewer than 16 bytes not yet written.
    pending: Vec<u8>,
}

impl DumpRows {
    /// The rows `bytes` completes; a partial last row waits for the next piece.
    pub fn push(&mut self, bytes: &[u8]) -> String {
        self.pending.extend_from_slice(bytes);
        let whole = self.pending.len() / 16 * 16;
        let text = dump(&self.pending[..whole], self.base);
        self.pending.drain(..whole);
        self.base += whole;
        text
    }

    /// The last, partial row.
    pub fn finish(&mut self) -> String {
        let text = dump(&self.pending, self.base);
        self.base += self.pending.len();
        self.pending.clear();
        text
    }
}

/// One document of a stream in `view`: what [`inspect`] writes for it, for a caller that reads
/// documents one at a time (a dump of any size). `document` is its 1-based number, `start`
/// its offset in the input, `in_stream` whether the input holds more than this document (the
/// table then heads it with its number and byte range). [`View::Dump`] only validates here:
/// the dump of a stream is [`DumpRows`]'.
///
/// # Errors
/// The decoder's, with offsets relative to the document's first byte.
///
/// # Examples
/// ```
/// use bson_tutor::inspect::{render_document, View};
/// use bson_tutor::strings::Lang;
/// let doc = [0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0];
/// let text = render_document(&doc, View::from_name("ejson").unwrap(), 2, 5, true, Lang::En).unwrap();
/// assert_eq!(text, "{\"a\":{\"$numberInt\":\"1\"}}\n");
/// let table = render_document(&doc, View::Table, 2, 5, true, Lang::En).unwrap();
/// assert!(table.starts_with("document 2 (input bytes 5..17)\n"));
/// ```
pub fn render_document(
    bytes: &[u8],
    view: View,
    document: usize,
    start: usize,
    in_stream: bool,
    lang: Lang,
) -> Result<String, DecodeError> {
    let mut out = String::new();
    match view {
        View::Table => {
            let spans = spans::document_spans(bytes)?;
            if in_stream {
                let _ = write_trf(
                    &mut out,
                    lang,
                    "document {n} (input bytes {start}..{end})",
                    &[&document, &start, &(start + bytes.len())],
                );
                out.push('\n');
            }
            out.push_str(&table(&spans, bytes, lang));
            if in_stream {
                out.push('\n');
            }
        }
        View::Dump => {
            crate::bson::validate(bytes)?;
        }
        View::Hex => {
            let doc = decode_document(bytes)?;
            // Keys came from C strings and depth was checked, so only a document that grows
            // past 16 MiB when its array keys are rewritten could fail here.
            match encode_document(&doc) {
                Ok(bytes) => out.push_str(&hex::encode(&bytes)),
                Err(e) => {
                    let _ = write!(out, "# cannot re-encode: {e}");
                }
            }
            out.push('\n');
        }
        View::Json { mode, pretty } => {
            let doc = decode_document(bytes)?;
            out.push_str(&if pretty {
                ejson::to_string_pretty(&doc, mode)
            } else {
                ejson::to_string(&doc, mode)
            });
            out.push('\n');
        }
        View::Shell { pretty } => {
            let doc = decode_document(bytes)?;
            let (text, notes) = shell::print_document_noted(&doc, pretty);
            out.push_str(&text);
            out.push('\n');
            // What mongosh's printing hides, as comments the shell reads past.
            for note in notes {
                let line = format!("// {}{}", tr(lang, "note: "), note.to_string_in(lang));
                out.push_str(&line.replace(['\n', '\r', '\u{2028}', '\u{2029}'], " "));
                out.push('\n');
            }
        }
        View::Spans => {
            let spans = spans::document_spans(bytes)?;
            let json = serde_json::to_string(&spans.elements).unwrap_or_else(|e| format!("{e}"));
            out.push_str(&json);
            out.push('\n');
        }
    }
    Ok(out)
}

/// Bytes shown on one table line before continuing on the next.
const TABLE_BYTES_PER_LINE: usize = 8;
/// Lines a long value may take in the table before the rest is summarised.
const TABLE_MAX_LINES: usize = 4;

/// The annotated table: `offset | bytes (hex) | meaning`, nested elements indented, its
/// headers and meanings in `lang`; the offsets, bytes and the values inside the meanings are
/// the same in every language. Columns line up by display width, so a Chinese header (two
/// columns a character) keeps the rows under it.
pub fn table(spans: &DocumentSpans, bytes: &[u8], lang: Lang) -> String {
    let (offset, hex_bytes, meaning) = (
        tr(lang, "offset"),
        tr(lang, "bytes (hex)"),
        tr(lang, "meaning"),
    );
    let rows = spans::rows(spans);
    let width = rows
        .iter()
        .map(|r| r.len.min(TABLE_BYTES_PER_LINE) * 3 - 1)
        .max()
        .unwrap_or(0)
        .max(hex_bytes.width());
    let offset_width = spans.len.to_string().len().max(offset.width());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}  {}  {meaning}",
        pad(offset, offset_width),
        pad(hex_bytes, width)
    );
    let _ = writeln!(
        out,
        "{}  {}  {}",
        "-".repeat(offset_width),
        "-".repeat(width),
        "-".repeat(47)
    );
    for row in &rows {
        table_row(&mut out, row, bytes, (offset_width, width), lang);
    }
    out
}

/// One row; `widths` are the offset and bytes columns'.
fn table_row(out: &mut String, row: &Row, bytes: &[u8], widths: (usize, usize), lang: Lang) {
    let (offset_width, width) = widths;
    let indent = "  ".repeat(row.depth);
    let run = &bytes[row.offset..row.offset + row.len];
    let mut chunks = run.chunks(TABLE_BYTES_PER_LINE);
    let first = chunks.next().unwrap_or(&[]);
    let _ = write!(
        out,
        "{:<offset_width$}  {:<width$}  {indent}",
        row.offset,
        hex::encode_spaced(first),
    );
    let _ = row.meaning.write_in(lang, out);
    out.push('\n');
    let total_lines = row.len.div_ceil(TABLE_BYTES_PER_LINE);
    for (i, chunk) in chunks.enumerate() {
        let line = i + 2;
        let offset = row.offset + (line - 1) * TABLE_BYTES_PER_LINE;
        if line == TABLE_MAX_LINES && total_lines > TABLE_MAX_LINES {
            let rest = row.offset + row.len - offset;
            let _ = write!(
                out,
                "{:<offset_width$}  {:<width$}  {indent}  ",
                offset, "..."
            );
            let _ = write_trf(out, lang, "({n} more bytes)", &[&rest]);
            out.push('\n');
            break;
        }
        let _ = writeln!(
            out,
            "{:<offset_width$}  {:<width$}",
            offset,
            hex::encode_spaced(chunk)
        );
    }
}

/// An `xxd`-style dump: offset, 16 bytes in two groups of 8, and the printable ASCII.
///
/// # Examples
/// ```
/// let text = bson_tutor::inspect::dump(&[0x0c, 0, 0, 0, 0x10, b'a', 0, 1, 0, 0, 0, 0], 0);
/// assert_eq!(text, "00000000  0c 00 00 00 10 61 00 01  00 00 00 00              |.....a......|\n");
/// ```
pub fn dump(bytes: &[u8], base: usize) -> String {
    let mut out = String::new();
    for (i, chunk) in bytes.chunks(16).enumerate() {
        let _ = write!(out, "{:08x}  ", base + i * 16);
        for j in 0..16 {
            match chunk.get(j) {
                Some(b) => {
                    let _ = write!(out, "{b:02x} ");
                }
                None => out.push_str("   "),
            }
            if j == 7 {
                out.push(' ');
            }
        }
        out.push_str(" |");
        out.extend(chunk.iter().map(|&b| {
            if b.is_ascii_graphic() || b == b' ' {
                b as char
            } else {
                '.'
            }
        }));
        out.push_str("|\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_error_names_the_document_and_both_offsets() {
        let mut input = hex::decode("0500000000").unwrap();
        input.extend(hex::decode("0c000000106100010000000200").unwrap());
        let got = inspect(&input, View::Hex, Lang::En);
        assert_eq!(got.text, "0500000000\n");
        let e = got.error.unwrap();
        assert_eq!((e.document, e.start), (2, 5));
        assert!(
            e.to_string().starts_with("document 2 (input byte 5 on;"),
            "{e}"
        );
    }

    #[test]
    fn empty_input_is_an_error() {
        let got = inspect(&[], View::Table, Lang::En);
        assert!(got.error.is_some());
    }

    #[test]
    fn long_values_are_cut_in_the_table() {
        let mut doc = crate::bson::Document::new();
        doc.push("s", "x".repeat(100));
        let bytes = encode_document(&doc).unwrap();
        let text = inspect(&bytes, View::Table, Lang::En).text;
        assert!(text.contains("more bytes"), "{text}");
        assert!(text.lines().count() < 12, "{text}");
    }

    #[test]
    fn translated_tables_keep_their_columns_by_display_width() {
        // { s: "x" * 100 }: a row cut after four lines.
        let mut doc = crate::bson::Document::new();
        doc.push("s", "x".repeat(100));
        let bytes = encode_document(&doc).unwrap();
        let spans = spans::document_spans(&bytes).unwrap();
        let en = table(&spans, &bytes, Lang::En);
        for (lang, header, more) in [
            (Lang::Vi, "ý nghĩa", "(còn 77 byte nữa)"),
            (Lang::Zh, "含义", "（还有 77 字节）"),
        ] {
            let text = table(&spans, &bytes, lang);
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), en.lines().count(), "{text}");
            let column = lines[0].width() - header.width();
            assert!(lines[0].ends_with(header), "{text}");
            let rule = lines[1].rfind(' ').unwrap() + 1;
            assert_eq!(rule, column, "{text}");
            // Every meaning starts in that column, after the two spaces that end the bytes.
            for line in lines[2..].iter().filter(|l| l.len() > column) {
                assert_eq!(&line[column - 2..column], "  ", "{line}");
                assert!(
                    !line[column..].starts_with(' ') || line.contains("..."),
                    "{line}"
                );
            }
            assert!(text.contains(more), "{text}");
            assert!(!text.contains("bytes"), "{text}");
        }
    }

    #[test]
    fn every_input_error_speaks_every_language() {
        let expected = [
            [
                "byte 4: a document must end with the byte 00, but its last byte is 01: its length and its contents disagree",
                "byte 4: document phải kết thúc bằng byte 00, nhưng byte cuối của nó là 01: độ dài và nội dung của nó không khớp nhau",
                "第 4 字节：文档必须以字节 00 结尾，但它的最后一个字节是 01：它的长度与内容不一致",
            ],
            [
                "document 2 (input byte 12 on; input byte 16 is its byte 4): byte 4: a document must end with the byte 00, but its last byte is 01: its length and its contents disagree",
                "document 2 (bắt đầu từ byte 12 của đầu vào; byte 16 của đầu vào là byte 4 của document này): byte 4: document phải kết thúc bằng byte 00, nhưng byte cuối của nó là 01: độ dài và nội dung của nó không khớp nhau",
                "文档 2（从输入的第 12 字节开始；输入的第 16 字节是它的第 4 字节）：第 4 字节：文档必须以字节 00 结尾，但它的最后一个字节是 01：它的长度与内容不一致",
            ],
        ];
        let all = InputError::every_variant();
        assert_eq!(all.len(), expected.len());
        for (e, want) in all.iter().zip(expected) {
            assert_eq!(e.to_string(), e.to_string_in(Lang::En));
            assert_eq!(Lang::ALL.map(|l| e.to_string_in(l)), want);
            for lang in [Lang::Vi, Lang::Zh] {
                let allowed: &[&str] = if lang == Lang::Vi {
                    &crate::strings::localize::VI_LOANWORDS
                } else {
                    &[]
                };
                crate::bson::error::assert_translated(
                    want[0],
                    lang,
                    &e.to_string_in(lang),
                    allowed,
                );
            }
        }
    }

    #[test]
    fn a_stream_error_in_chinese() {
        let mut stream = hex::decode("0c0000001061000100000000").unwrap();
        stream.extend(hex::decode("0500000001").unwrap());
        let e = inspect(&stream, View::Table, Lang::Zh).error.unwrap();
        assert_eq!(
            e.to_string_in(Lang::Zh),
            "文档 2（从输入的第 12 字节开始；输入的第 16 字节是它的第 4 字节）：第 4 字节：文档必须以字节 00 结尾，但它的最后一个字节是 01：它的长度与内容不一致"
        );
    }
}
