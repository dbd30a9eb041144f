//! `inspect --file` on raw BSON of any size: a mongodump `.bson`, `.bson.gz` or `--archive`
//! streamed document by document into every view (written as produced, on every core), its
//! damage checked or salvaged (`--check`, `--salvage`), and a dump directory listed.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use bson_tutor::dump::metadata::{self, Metadata};
use bson_tutor::dump::{Mode as ScanMode, ScanItem, Scanner, open_input};
use bson_tutor::inspect::{self, DumpRows, InputError, View};
use bson_tutor::strings::localize::Localize;

use super::error::{CliError, EXIT_BAD_INPUT, fail};
use super::source::{DocStream, Owned};
use super::{i18n, out};

/// Input bytes rendered by one batch on each core: the table view writes about 15 bytes of
/// text per byte of BSON, so a batch and its text stay a few MiB.
const BATCH_BYTES: usize = 256 * 1024;

/// `inspect --file PATH` for raw BSON: the whole input as before when it is small, a stream
/// otherwise; `check` or `salvage` scan it for damage instead.
pub fn run_file(
    path: &Path,
    view: View,
    scan: Option<ScanMode>,
    namespace: Option<&str>,
) -> ExitCode {
    if path.is_dir() {
        return finish(list_dump(path));
    }
    if let Some(mode) = scan {
        return finish(run_scan(path, view, mode));
    }
    let stream = match open_dump(path) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let stream = match namespace {
        Some(ns) => match stream.only(ns) {
            Ok(s) => s,
            Err(e) => return fail(&e),
        },
        None => stream,
    };
    if let Some(whole) = stream.whole() {
        return super::print_inspection(whole, view);
    }
    finish(stream_view(stream, view, namespace.is_some()))
}

/// `inspect --file PATH --from hex|ejson|shell`: one document per non-blank line, each
/// turned into BSON by `parse` and shown as it is read (an error names its line, after the
/// documents before it). A line is read only up to [`super::TEXT_MAX`] bytes.
pub fn run_lines(
    path: &Path,
    view: View,
    parse: impl Fn(&str) -> Result<Vec<u8>, CliError>,
) -> ExitCode {
    finish(stream_lines(path, view, parse))
}

fn stream_lines(
    path: &Path,
    view: View,
    parse: impl Fn(&str) -> Result<Vec<u8>, CliError>,
) -> Result<ExitCode, CliError> {
    use super::TEXT_MAX;
    use std::io::{BufRead, Read};
    let lang = i18n::lang();
    let (raw, mut meter) = super::source::open_counted(path)?;
    let mut reader = std::io::BufReader::new(raw);
    let read_error = super::source::io_error(path);
    let origin = super::error::Place::Arg("--file");
    let mut stdout = out::stdout();
    let mut rows = DumpRows::default();
    // The first document waits for the second: the table heads documents with their number
    // only when there are several.
    let mut first: Option<Vec<u8>> = None;
    let (mut number, mut start) = (0usize, 0usize);
    let mut show = |bytes: &[u8], number: usize, start: usize, several: bool| {
        let mut text = String::new();
        if view == View::Dump {
            text.push_str(&rows.push(bytes));
        }
        // Our own encoder wrote the bytes: a view fails only past a limit, and says so.
        match inspect::render_document(bytes, view, number, start, several, lang) {
            Ok(t) => text.push_str(&t),
            Err(error) => {
                return Err(CliError::Input(InputError {
                    document: number,
                    start,
                    in_stream: several,
                    error,
                }));
            }
        }
        stdout
            .write_all(out::escape_code(&text).as_bytes())
            .map_err(CliError::Output)
    };
    let mut buf = Vec::new();
    let mut offset = 0;
    for line_number in 1.. {
        buf.clear();
        let read = (&mut reader)
            .take(TEXT_MAX + 1)
            .read_until(b'\n', &mut buf)
            .map_err(&read_error)?;
        if read == 0 {
            break;
        }
        let place = origin.line(line_number);
        if buf.len() as u64 > TEXT_MAX {
            return Err(CliError::TextTooLarge {
                place,
                max: TEXT_MAX,
            });
        }
        let line = std::str::from_utf8(&buf).map_err(|e| CliError::NotUtf8 {
            path: path.display().to_string(),
            at: offset + e.valid_up_to(),
        })?;
        offset += read;
        let line = line.strip_suffix('\n').unwrap_or(line);
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim().is_empty() {
            continue;
        }
        let bytes = parse(line).map_err(|e| CliError::at(place, e))?;
        number += 1;
        meter.tick(number as u64, None);
        match first.take() {
            Some(one) if number == 2 => {
                show(&one, 1, 0, true)?;
                show(&bytes, 2, one.len(), true)?;
                start = one.len() + bytes.len();
            }
            _ if number == 1 => first = Some(bytes),
            _ => {
                show(&bytes, number, start, true)?;
                start += bytes.len();
            }
        }
    }
    meter.finish();
    match first {
        Some(one) => show(&one, 1, 0, false)?,
        // No document at all: the error the whole-input view gives for empty input.
        None if number == 0 => return Ok(super::print_inspection(&[], view)),
        None => {}
    }
    if view == View::Dump {
        let rest = rows.finish();
        stdout
            .write_all(rest.as_bytes())
            .map_err(CliError::Output)?;
    }
    stdout.flush().map_err(CliError::Output)?;
    Ok(ExitCode::SUCCESS)
}

/// Opens a dump as [`DocStream::open`] does (gzip and the archive format found by their magic
/// bytes), saying on standard error, when the input reaches its end, where bytes that are not
/// gzip follow the last gzip member (the data before them is read, as `gzip -d` reads it).
///
/// # Errors
/// As [`DocStream::open`].
pub(super) fn open_dump(path: &Path) -> Result<DocStream, CliError> {
    let io = super::source::io_error(path);
    let (raw, meter) = super::source::open_counted(path)?;
    let input = open_input(raw).map_err(&io)?;
    let gzip = input.is_gzip();
    let input = WarnTrailer::new(input, &path.display().to_string());
    let (archive, rest) = super::source::peek_archive(Box::new(input)).map_err(&io)?;
    DocStream::from_parts(path, rest, archive, gzip, meter)
}

/// A decompressed input that, at its end, warns of bytes after the last gzip member that are
/// not gzip (once), as gzip does: "decompression OK, trailing garbage ignored".
struct WarnTrailer<R: std::io::Read> {
    inner: bson_tutor::dump::Input<R>,
    trailer: bson_tutor::dump::Trailer,
    name: String,
    said: bool,
}

impl<R: std::io::Read> WarnTrailer<R> {
    fn new(inner: bson_tutor::dump::Input<R>, name: &str) -> Self {
        WarnTrailer {
            trailer: inner.trailer(),
            inner,
            name: name.to_owned(),
            said: false,
        }
    }
}

impl<R: std::io::Read> std::io::Read for WarnTrailer<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0
            && !buf.is_empty()
            && !self.said
            && let Some(offset) = self.trailer.offset()
        {
            self.said = true;
            let why = bson_tutor::dump::DumpError::TrailingBytes { offset };
            i18n::warn(&format!(
                "{}: {}",
                self.name,
                why.to_string_in(i18n::lang())
            ));
        }
        Ok(n)
    }
}

fn finish(result: Result<ExitCode, CliError>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) => fail(&e),
    }
}

/// Every document of `stream` in `view`, written as it is rendered.
fn stream_view(
    mut stream: DocStream,
    view: View,
    one_namespace: bool,
) -> Result<ExitCode, CliError> {
    let lang = i18n::lang();
    let mut stdout = out::stdout();
    let write = |stdout: &mut out::Stdout, text: &str| {
        stdout
            .write_all(out::escape_code(text).as_bytes())
            .map_err(CliError::Output)
    };
    if view == View::Table {
        let heading = collection_heading(&stream);
        write(&mut stdout, &heading)?;
    }
    let mut rows = DumpRows::default();
    let mut namespace = String::new();
    let archive = stream.prelude().is_some() && !one_namespace;
    let result = stream.par_map(
        BATCH_BYTES,
        |doc: &Owned, several| {
            let start = usize::try_from(doc.offset).unwrap_or(usize::MAX);
            let number = usize::try_from(doc.number).unwrap_or(usize::MAX);
            // Escaped here, on the worker, not on the thread that writes.
            inspect::render_document(&doc.bytes, view, number, start, several, lang)
                .map(|text| out::escape_code(&text).into_owned())
        },
        |doc, rendered| {
            let text = rendered.map_err(|error| {
                CliError::Input(InputError {
                    document: usize::try_from(doc.number).unwrap_or(usize::MAX),
                    start: usize::try_from(doc.offset).unwrap_or(usize::MAX),
                    in_stream: true,
                    error,
                })
            })?;
            if archive
                && view == View::Table
                && let Some(ns) = &doc.namespace
                && *ns != namespace
            {
                namespace.clone_from(ns);
                let line = i18n::tf("collection {namespace}", &[ns]);
                write(&mut stdout, &format!("== {line} ==\n"))?;
            }
            if view == View::Dump {
                write(&mut stdout, &rows.push(&doc.bytes))?;
            }
            stdout.write_all(text.as_bytes()).map_err(CliError::Output)
        },
    );
    if view == View::Dump {
        write(&mut stdout, &rows.finish())?;
    }
    stdout.flush().map_err(CliError::Output)?;
    result.map(|()| ExitCode::SUCCESS)
}

/// What the table view says first about the collection: its metadata (indexes, collation,
/// options, UUID) from the archive's prelude or the `metadata.json` beside the file.
fn collection_heading(stream: &DocStream) -> String {
    let mut text = String::new();
    if let Some(prelude) = stream.prelude() {
        for c in &prelude.collections {
            let ns = format!("{}.{}", c.db, c.collection);
            let line = i18n::tf("collection {namespace}", &[&ns]);
            text.push_str(&format!("== {line} ==\n"));
            if let Ok(meta) = metadata::parse(&c.metadata) {
                text.push_str(&describe_metadata(&meta, "  "));
            }
        }
        text.push('\n');
        return text;
    }
    if let Some(meta) = sibling_metadata(Path::new(stream.name())) {
        text.push_str(&describe_metadata(&meta, ""));
        text.push('\n');
    }
    text
}

/// The `<collection>.metadata.json` (or `.metadata.json.gz`) beside `<collection>.bson` or
/// `<collection>.bson.gz`, if there is one that reads.
fn sibling_metadata(path: &Path) -> Option<Metadata> {
    let name = path.file_name()?.to_str()?;
    let stem = name
        .strip_suffix(".bson.gz")
        .or_else(|| name.strip_suffix(".bson"))?;
    let dir = path.parent()?;
    ["metadata.json", "metadata.json.gz"]
        .iter()
        .find_map(|ext| {
            let file = std::fs::File::open(dir.join(format!("{stem}.{ext}"))).ok()?;
            metadata::read(open_input(file).ok()?).ok()
        })
}

/// The lines a collection's metadata gives: indexes, collation, options, UUID.
fn describe_metadata(meta: &Metadata, indent: &str) -> String {
    use bson_tutor::bson::shell::print_document;
    let mut text = String::new();
    for index in &meta.indexes {
        let mut line = format!("{} {}", index.name, print_document(&index.key));
        if !index.options.is_empty() {
            line.push(' ');
            line.push_str(&print_document(&index.options));
        }
        let said = i18n::tf("index {index}", &[&line]);
        text.push_str(&format!("{indent}{said}\n"));
    }
    if let Some(collation) = &meta.collation {
        let said = i18n::tf("collation {spec}", &[&print_document(collation)]);
        text.push_str(&format!("{indent}{said}\n"));
    }
    let options: Vec<_> = meta
        .options
        .iter()
        .filter(|(k, _)| *k != "collation")
        .collect();
    if !options.is_empty() {
        let mut d = bson_tutor::bson::Document::new();
        for (k, v) in options {
            d.push(k, v.clone());
        }
        let said = i18n::tf("options {options}", &[&print_document(&d)]);
        text.push_str(&format!("{indent}{said}\n"));
    }
    if let Some(uuid) = &meta.uuid {
        let said = i18n::tf("uuid {uuid}", &[uuid]);
        text.push_str(&format!("{indent}{said}\n"));
    }
    text
}

/// `--check` and `--salvage`: every document validated by the decoder, each damaged region
/// named by its document number and absolute offset with the reason. `--check` prints the
/// report; `--salvage` prints the documents that read in `view` and the report on standard
/// error. Exit 0 when the input was clean, 1 when anything was damaged.
fn run_scan(path: &Path, view: View, mode: ScanMode) -> Result<ExitCode, CliError> {
    let name = path.display().to_string();
    let io = super::source::io_error(path);
    let (raw, mut meter) = super::source::open_counted(path)?;
    let input = open_input(raw).map_err(&io)?;
    let exact = !input.is_gzip();
    let input = WarnTrailer::new(input, &name);
    let (archive, input) = super::source::peek_archive(Box::new(input)).map_err(&io)?;
    if archive {
        return scan_archive(&name, input, meter, exact, view, mode);
    }
    let mut scanner = Scanner::new(input, mode);
    let lang = i18n::lang();
    let mut stdout = out::stdout();
    let (mut documents, mut damaged, mut skipped) = (0u64, 0u64, 0u64);
    let mut rows = DumpRows::default();
    while let Some(item) = scanner.next_item() {
        match item.map_err(|error| CliError::Dump {
            path: name.clone(),
            document: None,
            error,
        })? {
            ScanItem::Document(doc) => {
                documents += 1;
                meter.tick(
                    documents,
                    exact.then_some(doc.offset + doc.bytes.len() as u64),
                );
                if mode == ScanMode::Salvage {
                    let number = usize::try_from(doc.ordinal + 1).unwrap_or(usize::MAX);
                    let start = usize::try_from(doc.offset).unwrap_or(usize::MAX);
                    let mut text = String::new();
                    if view == View::Dump {
                        text.push_str(&rows.push(doc.bytes));
                    }
                    // A scanned document decoded already; a view that fails anyway is said.
                    match inspect::render_document(doc.bytes, view, number, start, true, lang) {
                        Ok(t) => text.push_str(&t),
                        Err(e) => text.push_str(&format!("# {}\n", e.to_string_in(lang))),
                    }
                    stdout
                        .write_all(out::escape_code(&text).as_bytes())
                        .map_err(CliError::Output)?;
                }
            }
            ScanItem::Damaged(d) => {
                damaged += 1;
                skipped += d.length;
                let line = i18n::tf(
                    "damaged: document {number} at byte {offset}, {length} bytes: {reason}",
                    &[
                        &(d.ordinal + 1),
                        &d.offset,
                        &d.length,
                        &d.reason.to_string_in(lang),
                    ],
                );
                let line = out::safe_lines(&line);
                if mode == ScanMode::Check {
                    writeln!(stdout, "{line}").map_err(CliError::Output)?;
                } else {
                    meter.suspend(|| out::eprint_line(line));
                }
            }
        }
    }
    meter.finish();
    if view == View::Dump && mode == ScanMode::Salvage {
        stdout
            .write_all(rows.finish().as_bytes())
            .map_err(CliError::Output)?;
    }
    let docs = |n| i18n::tn(n, "{n} document", "{n} documents");
    let summary = if damaged == 0 {
        i18n::tf("{path}: {documents}, all valid", &[&name, &docs(documents)])
    } else {
        let regions = i18n::tn(damaged, "{n} damaged region", "{n} damaged regions");
        let bytes = i18n::tn(skipped, "{n} byte", "{n} bytes");
        match mode {
            ScanMode::Check => i18n::tf(
                "{path}: {regions} ({bytes}); {documents} valid before and between them",
                &[&name, &regions, &bytes, &docs(documents)],
            ),
            ScanMode::Salvage => i18n::tf(
                "{path}: {documents} recovered; {regions}, {bytes} skipped",
                &[&name, &docs(documents), &regions, &bytes],
            ),
        }
    };
    end_scan(stdout, mode, &summary, damaged == 0)
}

/// `--check` and `--salvage` on a mongodump archive: the prelude's fields checked against
/// the types mongorestore reads and each collection's metadata against Extended JSON, every
/// document decoded, a bad one reported and passed over (its frame is the archive's), each
/// collection's CRC compared with its documents'. Damage to the archive's own framing ends
/// the scan there: unlike a `.bson` stream, an archive cannot be resynchronised without
/// knowing whose segment the next bytes are. Read with the library's reader directly, a
/// lookup per document whatever the number of collections.
fn scan_archive(
    name: &str,
    input: super::source::Boxed,
    mut meter: super::source::Meter,
    exact: bool,
    view: View,
    mode: ScanMode,
) -> Result<ExitCode, CliError> {
    use bson_tutor::bson::{Limits, decode_document_with};
    use bson_tutor::dump::DumpError;
    use bson_tutor::dump::archive::{ArchiveItem, ArchiveReader};
    let lang = i18n::lang();
    let dump_error = |document, error| CliError::Dump {
        path: name.to_owned(),
        document,
        error,
    };
    let mut archive = ArchiveReader::open(input).map_err(|e| dump_error(None, e))?;
    let mut stdout = out::stdout();
    let limits = Limits {
        max_size: bson_tutor::dump::MAX_DOCUMENT_LEN,
        ..Limits::default()
    };
    let (mut documents, mut damaged) = (0u64, 0u64);
    let report = |stdout: &mut out::Stdout, meter: &super::source::Meter, line: String| {
        let line = out::safe_lines(&line);
        if mode == ScanMode::Check {
            writeln!(stdout, "{line}").map_err(CliError::Output)
        } else {
            meter.suspend(|| out::eprint_line(line));
            Ok(())
        }
    };
    // What mongorestore would refuse in the prelude, though the data reads.
    let prelude = archive.prelude();
    let prelude_damage: Vec<DumpError> = (prelude.damage.iter().cloned())
        .map(DumpError::PreludeField)
        .chain(prelude.metadata_damage())
        .collect();
    for e in prelude_damage {
        damaged += 1;
        let said = format!(
            "{}{}",
            i18n::t("damaged: "),
            dump_error(None, e).display_in(lang)
        );
        report(&mut stdout, &meter, said)?;
    }
    // Documents per collection, as a person numbers them.
    let mut numbers: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
    loop {
        let item = match archive.next_item() {
            None => break,
            Some(Ok(item)) => item,
            Some(Err(e)) => {
                damaged += 1;
                let error = match e {
                    DumpError::Io(e) => super::source::io_error(Path::new(name))(e),
                    e => dump_error(Some(documents + 1), e),
                };
                let said = format!("{}{}", i18n::t("damaged: "), error.display_in(lang));
                report(&mut stdout, &meter, said)?;
                break;
            }
        };
        let (namespace, offset, len) = match item {
            ArchiveItem::Document {
                db,
                collection,
                offset,
                bytes,
            } => (format!("{db}.{collection}"), offset, bytes.len()),
            ArchiveItem::CollectionEnd {
                db,
                collection,
                crc,
                computed,
            } => {
                if crc != computed {
                    damaged += 1;
                    let error = DumpError::ChecksumMismatch {
                        namespace: format!("{db}.{collection}"),
                        recorded: crc,
                        computed,
                    };
                    let said = format!(
                        "{}{}",
                        i18n::t("damaged: "),
                        dump_error(None, error).display_in(lang)
                    );
                    report(&mut stdout, &meter, said)?;
                }
                continue;
            }
        };
        let number = numbers.entry(namespace.clone()).or_default();
        *number += 1;
        let number = *number;
        meter.tick(documents + 1, exact.then_some(offset + len as u64));
        let bytes = archive.last_document().1;
        match decode_document_with(bytes, limits) {
            Ok(_) => {
                documents += 1;
                if mode == ScanMode::Salvage {
                    let n = usize::try_from(number).unwrap_or(usize::MAX);
                    let start = usize::try_from(offset).unwrap_or(usize::MAX);
                    let text = inspect::render_document(bytes, view, n, start, true, lang)
                        .unwrap_or_else(|e| format!("# {}\n", e.to_string_in(lang)));
                    stdout
                        .write_all(out::escape_code(&text).as_bytes())
                        .map_err(CliError::Output)?;
                }
            }
            Err(error) => {
                damaged += 1;
                let reason = DumpError::Decode { offset, error };
                let line = i18n::tf(
                    "damaged: {namespace} document {number} at byte {offset}, {length} bytes: {reason}",
                    &[
                        &namespace,
                        &number,
                        &offset,
                        &len,
                        &reason.to_string_in(lang),
                    ],
                );
                report(&mut stdout, &meter, line)?;
            }
        }
    }
    meter.finish();
    let docs = i18n::tn(documents, "{n} document", "{n} documents");
    let summary = if damaged == 0 {
        i18n::tf("{path}: {documents}, all valid", &[&name, &docs])
    } else {
        let regions = i18n::tn(damaged, "{n} damaged region", "{n} damaged regions");
        i18n::tf(
            "{path}: {regions}; {documents} valid",
            &[&name, &regions, &docs],
        )
    };
    end_scan(stdout, mode, &summary, damaged == 0)
}

/// A scan's last words: the summary after the report (`--check`, on standard output) or
/// after the documents (`--salvage`, on standard error); exit 0 for a clean input, else 1.
fn end_scan(
    mut stdout: out::Stdout,
    mode: ScanMode,
    summary: &str,
    clean: bool,
) -> Result<ExitCode, CliError> {
    stdout.flush().map_err(CliError::Output)?;
    if mode == ScanMode::Check {
        writeln!(stdout, "{}", out::safe_lines(summary)).map_err(CliError::Output)?;
        stdout.flush().map_err(CliError::Output)?;
    } else {
        out::eprint_line(out::safe_lines(summary));
    }
    Ok(if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(EXIT_BAD_INPUT)
    })
}

/// `inspect DIR` on what mongodump wrote: each database (a folder) and its collections
/// (`<name>.bson` or `.bson.gz`) with their documents, sizes and metadata. `DIR` may be the
/// dump folder or one database's folder.
fn list_dump(dir: &Path) -> Result<ExitCode, CliError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |error| CliError::Io {
            path: path.clone(),
            error,
        }
    };
    let entries = sorted_entries(dir).map_err(io(dir))?;
    let mut databases: Vec<(String, std::path::PathBuf)> = Vec::new();
    if entries.iter().any(|p| collection_name(p).is_some()) {
        let name = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        databases.push((name, dir.to_path_buf()));
    }
    for entry in &entries {
        if entry.is_dir() {
            let inner = sorted_entries(entry).map_err(io(entry))?;
            if inner.iter().any(|p| collection_name(p).is_some()) {
                let name = entry
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into());
                databases.push((name, entry.clone()));
            }
        }
    }
    let mut stdout = out::stdout();
    if databases.is_empty() {
        return Err(CliError::NotADump {
            path: dir.display().to_string(),
        });
    }
    let mut damaged = false;
    for (db, path) in &databases {
        let files: Vec<_> = sorted_entries(path)
            .map_err(io(path))?
            .into_iter()
            .filter(|p| collection_name(p).is_some())
            .collect();
        let collections = i18n::tn(files.len() as u64, "{n} collection", "{n} collections");
        let heading = i18n::tf("database {db}: {collections}", &[db, &collections]);
        writeln!(stdout, "{}", out::safe_lines(&heading)).map_err(CliError::Output)?;
        for file in files {
            let Some(collection) = collection_name(&file) else {
                continue;
            };
            let (documents, bytes, error) = count(&file);
            let documents = i18n::tn(documents, "{n} document", "{n} documents");
            let bytes = i18n::tn(bytes, "{n} byte", "{n} bytes");
            let mut line = i18n::tf(
                "{collection}: {documents}, {bytes}",
                &[&collection, &documents, &bytes],
            );
            if file.extension().is_some_and(|x| x == "gz") {
                let size = std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
                let size = i18n::tn(size, "{n} byte", "{n} bytes");
                line.push_str(&i18n::tf(" (gzip: {size} on disk)", &[&size]));
            }
            writeln!(stdout, "  {}", out::safe_lines(&line)).map_err(CliError::Output)?;
            if let Some(e) = error {
                damaged = true;
                let said = format!("{}{}", i18n::t("error: "), e.display_in(i18n::lang()));
                writeln!(stdout, "    {}", out::safe_lines(&said)).map_err(CliError::Output)?;
            }
            if let Some(meta) = sibling_metadata(&file) {
                let text = describe_metadata(&meta, "    ");
                stdout
                    .write_all(out::safe_lines(&text).as_bytes())
                    .map_err(CliError::Output)?;
            }
        }
    }
    stdout.flush().map_err(CliError::Output)?;
    Ok(if damaged {
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        ExitCode::SUCCESS
    })
}

/// The folder's entries, sorted by name.
fn sorted_entries(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut entries: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    Ok(entries)
}

/// The collection a file holds, when it is `<name>.bson` or `<name>.bson.gz`.
fn collection_name(path: &Path) -> Option<String> {
    if !path.is_file() {
        return None;
    }
    let name = path.file_name()?.to_str()?;
    name.strip_suffix(".bson.gz")
        .or_else(|| name.strip_suffix(".bson"))
        .map(str::to_owned)
}

/// Documents and (decompressed) bytes of a collection's file, and the damage that stopped
/// the count.
fn count(file: &Path) -> (u64, u64, Option<CliError>) {
    // The listing names the file's damage itself; a gzip file's trailing bytes are read
    // past without the warning `open_dump` would write among its lines.
    let mut stream = match DocStream::open(file) {
        Ok(s) => s,
        Err(e) => return (0, 0, Some(e)),
    };
    let (mut documents, mut bytes) = (0, 0);
    while let Some(doc) = stream.next_doc() {
        match doc {
            Ok(doc) => {
                documents += 1;
                bytes += doc.bytes.len() as u64;
            }
            Err(e) => return (documents, bytes, Some(e)),
        }
    }
    (documents, bytes, None)
}
