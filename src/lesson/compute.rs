//! What lesson steps compute: values parsed from the file's text, queries over small
//! collections, byte walks and ObjectIds. Everything here is deterministic: the clock and
//! the ObjectId processes are fixed.

use std::fmt::Write as _;

use crate::bson::oid::{ObjectIdProcess, processes_from_seed};
use crate::bson::shell::{self, FixedGenerator};
use crate::bson::spans::{ElementSpan, document_spans};
use crate::bson::{Document, ObjectId, Value, datetime, document_size, encode_document};
use crate::bson::{hex, text, value_size};
use crate::inspect;
use crate::query::aggregate::{self, Context};
use crate::query::collection::{Collection, FindOptions};

/// The clock lessons run at: 2026-10-08T03:45:49Z.
pub const LESSON_NOW_MS: i64 = 1_791_431_149_000;

/// A value written in a lesson or typed by a learner: Extended JSON when the text is valid
/// JSON, mongosh syntax otherwise.
///
/// # Errors
/// The parser's message, with line and column.
pub fn parse_value(text: &str, what: &str) -> Result<Value, String> {
    let mut generator = FixedGenerator::new(LESSON_NOW_MS);
    text::parse_value(text, None, &mut generator)
        .map(|p| p.value)
        .map_err(|e| format!("{what}: {e}"))
}

/// A document written in a lesson.
///
/// # Errors
/// A parse error, or a value that is not a document.
pub fn parse_document(text: &str, what: &str) -> Result<Document, String> {
    match parse_value(text, what)? {
        Value::Document(d) => Ok(d),
        other => Err(format!(
            "{what} must be a document, but it is {}",
            other.element_type().alias()
        )),
    }
}

/// An array of documents written in a lesson.
///
/// # Errors
/// A parse error, or an item that is not a document.
pub fn parse_documents(text: &str, what: &str) -> Result<Vec<Document>, String> {
    text::documents(parse_value(text, what)?, what)
}

/// A required field of a step or exercise.
///
/// # Errors
/// "needs `name`" when it is missing.
pub fn need<'a, T: ?Sized>(field: Option<&'a T>, name: &str, kind: &str) -> Result<&'a T, String> {
    field.ok_or_else(|| format!("a `{kind}` needs `{name}`"))
}

/// A collection holding `docs`, inserted as `insertMany` would, with fixed ObjectId processes.
///
/// # Errors
/// An insert error (duplicate `_id`...).
pub fn collection(docs: Vec<Document>) -> Result<Collection, String> {
    let secs = u32::try_from(LESSON_NOW_MS / 1000).unwrap_or(u32::MAX);
    let mut c = Collection::new(
        "lesson.docs",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        secs,
    );
    for (i, d) in docs.into_iter().enumerate() {
        c.insert_one(d)
            .map_err(|e| format!("docs: document {i}: {e}"))?;
    }
    Ok(c)
}

/// The `_id` of a document (null when it has none).
pub fn id_of(d: &Document) -> Value {
    d.get("_id").cloned().unwrap_or(Value::Null)
}

/// The documents of `docs` that `filter` matches, sorted by `sort` if given.
///
/// # Errors
/// A parse or query error.
pub fn find(docs: &str, filter: &str, sort: Option<&str>) -> Result<Vec<Document>, String> {
    let c = collection(parse_documents(docs, "docs")?)?;
    let options = FindOptions {
        sort: sort.map(|s| parse_document(s, "sort")).transpose()?,
        ..FindOptions::default()
    };
    c.find(&parse_document(filter, "filter")?, &options)
        .map_err(|e| e.to_string())
}

/// The encoded bytes of a document.
///
/// # Errors
/// A parse or encode error.
pub fn bytes_of(document: &str) -> Result<Vec<u8>, String> {
    encode_document(&parse_document(document, "document")?).map_err(|e| e.to_string())
}

/// The element at a dotted path in a span tree.
pub fn find_span<'a>(elements: &'a [ElementSpan], path: &str) -> Option<&'a ElementSpan> {
    for e in elements {
        if e.path == path {
            return Some(e);
        }
        if path.starts_with(&format!("{}.", e.path)) {
            return find_span(&e.children, path);
        }
    }
    None
}

/// The annotated byte walk of a document, and a line on the focused element.
///
/// # Errors
/// A parse or encode error, or a focus path the document does not have.
pub fn hex_walk(document: &str, focus: Option<&str>) -> Result<String, String> {
    let bytes = bytes_of(document)?;
    let spans = document_spans(&bytes).map_err(|e| e.to_string())?;
    let mut out = inspect::table(&spans, &bytes);
    if let Some(path) = focus {
        let e = find_span(&spans.elements, path)
            .ok_or_else(|| format!("focus: the document has no element `{path}`"))?;
        let _ = writeln!(
            out,
            "focus: `{path}` is bytes {}..{} ({} bytes): {}",
            e.offset,
            e.offset + e.len,
            e.len,
            hex::encode_spaced(bytes.get(e.offset..e.offset + e.len).unwrap_or(&[]))
        );
    }
    Ok(out)
}

/// The rows of a table step: label, value, type byte, value bytes, bytes of `{ v: value }`.
///
/// # Errors
/// A value that does not parse.
pub fn table_rows(rows: &[(String, String)]) -> Result<Vec<[String; 5]>, String> {
    rows.iter()
        .map(|(label, text)| {
            let value = parse_value(text, label)?;
            let mut doc = Document::new();
            doc.push("v", value.clone());
            Ok([
                label.clone(),
                shell::print_value(&value),
                format!("0x{:02x}", value.element_type().byte()),
                value_size(&value).to_string(),
                document_size(&doc).to_string(),
            ])
        })
        .collect()
}

/// Output of `eval`.
///
/// # Errors
/// A parse or evaluation error.
pub fn eval(expression: &str, document: Option<&str>) -> Result<Value, String> {
    let expr = parse_value(expression, "expression")?;
    let root = document
        .map(|d| parse_document(d, "document"))
        .transpose()?;
    crate::query::expr::evaluate(&expr, root.as_ref()).map_err(|e| e.to_string())
}

/// Output of `aggregate` over `docs` (or none, for `$documents`).
///
/// # Errors
/// A parse or pipeline error.
pub fn run_aggregate(docs: Option<&str>, pipeline: &str) -> Result<Vec<Document>, String> {
    let stages = parse_documents(pipeline, "pipeline")?;
    let input: Vec<Document> = match docs {
        Some(d) => collection(parse_documents(d, "docs")?)?
            .documents()
            .cloned()
            .collect(),
        None => Vec::new(),
    };
    aggregate::aggregate(
        &input,
        &stages,
        &Context {
            now_ms: LESSON_NOW_MS,
        },
    )
    .map_err(|e| e.to_string())
}

/// Prints documents one per line, or only their `_id`s as one array.
pub fn print_documents(docs: &[Document], ids: bool) -> String {
    if ids {
        let ids = docs.iter().map(id_of).collect();
        return format!("{}\n", shell::print_value(&Value::Array(ids)));
    }
    docs.iter()
        .map(|d| format!("{}\n", shell::print_document(d)))
        .collect()
}

/// ObjectIds from `processes` seeded processes at `at`, interleaved A, B, ...
///
/// # Errors
/// A bad time.
pub fn make_oids(seed: u64, at: &str, count: u32, processes: u8) -> Result<String, String> {
    let ms = datetime::parse_iso(at).map_err(|e| format!("at: {e}"))?;
    let secs = u32::try_from(ms.div_euclid(1000))
        .map_err(|_| format!("at: `{at}` is outside what an ObjectId can hold"))?;
    let k = usize::from(processes.clamp(1, 26));
    let mut procs = processes_from_seed(seed, k);
    let mut out = String::new();
    for _ in 0..count.min(1000) {
        for (i, p) in procs.iter_mut().enumerate() {
            let id = p.next_id(secs);
            if k > 1 {
                let label = char::from(b'A' + u8::try_from(i).unwrap_or(0));
                let _ = write!(out, "{label}  ");
            }
            let _ = writeln!(out, "{}", id.to_split_hex(" | "));
        }
    }
    Ok(out)
}

/// An ObjectId from 24 hex digits (or `ObjectId('...')`).
///
/// # Errors
/// Not an ObjectId.
pub fn parse_oid(text: &str) -> Result<ObjectId, String> {
    let t = text.trim();
    let digits = t
        .strip_prefix("ObjectId(")
        .and_then(|r| r.strip_suffix(')'))
        .map_or(t, |inner| inner.trim_matches(|c| c == '\'' || c == '"'));
    ObjectId::parse_hex(digits).map_err(|e| e.to_string())
}

/// What each part of an id means.
///
/// # Errors
/// Not an ObjectId.
pub fn oid_anatomy(text: &str) -> Result<String, String> {
    let id = parse_oid(text)?;
    Ok(format!(
        "ObjectId('{id}')\ntimestamp {}  random value {}  counter {}\ngetTimestamp(): {}\n",
        id.timestamp(),
        hex::encode(&id.bytes()[4..9]),
        id.counter(),
        datetime::format_iso(id.get_timestamp_ms())
    ))
}
