//! ObjectIds in lessons: ids made by seeded processes, and one id taken apart.

use std::fmt::Write as _;

use super::error::ComputeError;
use crate::bson::datetime::{self, NoOffset};
use crate::bson::oid::{ObjectIdError, processes_from_seed};
use crate::bson::{ObjectId, hex};
use crate::strings::{Lang, pad, tr, trf};

/// ObjectIds from `processes` seeded processes at `at`, interleaved A, B, ...
///
/// # Errors
/// A time that is not ISO-8601, or one outside what an ObjectId can hold.
pub fn make_oids(seed: u64, at: &str, count: u32, processes: u8) -> Result<String, ComputeError> {
    let ms = datetime::parse_iso_with(at, NoOffset::Refuse).map_err(ComputeError::At)?;
    let secs = u32::try_from(ms.div_euclid(1000))
        .map_err(|_| ComputeError::AtOutOfRange { at: at.to_owned() })?;
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
pub fn parse_oid(text: &str) -> Result<ObjectId, ObjectIdError> {
    let t = text.trim();
    let digits = t
        .strip_prefix("ObjectId(")
        .and_then(|r| r.strip_suffix(')'))
        .map_or(t, |inner| inner.trim_matches(|c| c == '\'' || c == '"'));
    ObjectId::parse_hex(digits)
}

/// What each part of an id means, as `bson-tutor oid ID` prints it, with its words in
/// `lang` and the columns aligned by display width.
///
/// # Errors
/// Not an ObjectId.
///
/// # Examples
/// ```
/// use bson_tutor::lesson::compute::oid_anatomy;
/// use bson_tutor::strings::Lang;
/// let text = oid_anatomy("6ac711ed454f588ca2d05d4b", Lang::En).unwrap();
/// assert!(text.contains("bytes 9-11  counter       d05d4b       13655371, +1 per id"));
/// ```
pub fn oid_anatomy(text: &str, lang: Lang) -> Result<String, ObjectIdError> {
    let id = parse_oid(text)?;
    let (b, secs, counter) = (id.bytes(), id.timestamp(), id.counter());
    let iso = datetime::format_iso(id.get_timestamp_ms());
    let rows = [
        (
            tr(lang, "bytes 0-3"),
            tr(lang, "timestamp"),
            hex::encode(&b[..4]),
            trf(
                lang,
                "{secs} s since 1970 = {date}",
                &[&secs, &iso.replace(".000Z", "Z")],
            ),
        ),
        (
            tr(lang, "bytes 4-8"),
            tr(lang, "random value"),
            hex::encode(&b[4..9]),
            tr(lang, "drawn once per process").to_owned(),
        ),
        (
            tr(lang, "bytes 9-11"),
            tr(lang, "counter"),
            hex::encode(&b[9..]),
            trf(lang, "{counter}, +1 per id from that process", &[&counter]),
        ),
    ];
    let mut out = format!("ObjectId('{id}')\n");
    for (bytes, part, digits, meaning) in rows {
        let _ = writeln!(
            out,
            "{}{}{} {meaning}",
            pad(bytes, 12),
            pad(part, 14),
            pad(&digits, 12)
        );
    }
    let _ = writeln!(
        out,
        "getTimestamp(): {iso}  {}",
        tr(lang, "(seconds only: the milliseconds are always .000)")
    );
    Ok(out)
}
