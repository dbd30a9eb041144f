//! Date operators: `$dateToString` (the server's format specifiers and time zones, from
//! `crate::bson::datetime`) and `$dateFromString` (ISO 8601 strings, or a format of
//! `%Y %m %d %H %M %S %L %z %Z`, in UTC or a time zone).

use super::{Evaluator, ExprError, err};
use crate::bson::Value;
use crate::bson::datetime;
use crate::query::server::code;

impl Evaluator<'_> {
    pub(super) fn date_to_string(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                18629,
                "$dateToString only supports an object as its argument",
            );
        };
        let mut date = None;
        let mut format = None;
        let mut timezone = None;
        for (k, v) in spec.iter() {
            let v = self.eval(v, depth)?;
            match k {
                "date" => date = Some(v),
                "format" => format = Some(v),
                "timezone" => timezone = Some(v),
                "onNull" => {}
                other => {
                    return err(
                        18534,
                        format!("Unrecognized argument to $dateToString: {other}"),
                    );
                }
            }
        }
        let ms = match date {
            Some(Value::DateTime(ms)) => ms,
            Some(Value::Null | Value::Undefined) | None if date.is_some() => {
                return Ok(Value::Null);
            }
            None => return err(18628, "Missing 'date' parameter to $dateToString"),
            Some(other) => {
                return err(
                    16006,
                    format!(
                        "can't convert from BSON type {} to Date",
                        other.element_type().alias()
                    ),
                );
            }
        };
        let format = match format {
            Some(Value::String(f)) => Some(f),
            None => None,
            Some(_) => return err(18533, "$dateToString requires that 'format' be a string"),
        };
        let timezone = match timezone {
            Some(Value::String(t)) => Some(t),
            None => None,
            Some(_) => return err(40517, "timezone must evaluate to a string"),
        };
        let format = format
            .as_deref()
            .unwrap_or_else(|| datetime::default_format(timezone.as_deref()));
        datetime::date_to_string(ms, format, timezone.as_deref())
            .map(Value::from)
            .map_err(ExprError::Date)
    }
}

/// `2026-10-08 10:00:00` read as a wall-clock time in `tz`, or `None` past jiff's range.
fn in_zone(civil: jiff::civil::DateTime, tz: &jiff::tz::TimeZone) -> Option<i64> {
    civil
        .to_zoned(tz.clone())
        .ok()
        .map(|z| z.timestamp().as_millisecond())
}

/// Whether an ISO date string names its own zone (`Z` or an offset after the time).
fn has_zone(s: &str) -> bool {
    let Some(t) = s.find(['T', ' ']) else {
        return false;
    };
    let time = &s[t + 1..];
    time.ends_with('Z') || time.contains('+') || time.contains('-')
}

/// The fields a `$dateFromString` format reads.
#[derive(Default)]
struct Fields {
    year: Option<i16>,
    month: Option<i8>,
    day: Option<i8>,
    hour: i8,
    minute: i8,
    second: i8,
    millis: i32,
    offset_seconds: Option<i32>,
}

/// Reads `s` with a format of `%Y %m %d %H %M %S %L %z %Z %%` and literal characters.
fn read_with_format(s: &str, format: &str) -> Option<Fields> {
    let mut f = Fields::default();
    let (b, mut pos) = (s.as_bytes(), 0usize);
    let digits = |pos: &mut usize, max: usize| -> Option<i64> {
        let start = *pos;
        while *pos < b.len() && *pos - start < max && b[*pos].is_ascii_digit() {
            *pos += 1;
        }
        (*pos > start)
            .then(|| s[start..*pos].parse().ok())
            .flatten()
    };
    let mut spec = format.chars();
    while let Some(c) = spec.next() {
        if c != '%' {
            let mut buf = [0u8; 4];
            let lit = c.encode_utf8(&mut buf).as_bytes();
            if !b[pos..].starts_with(lit) {
                return None;
            }
            pos += lit.len();
            continue;
        }
        match spec.next()? {
            'Y' => f.year = Some(i16::try_from(digits(&mut pos, 4)?).ok()?),
            'm' => f.month = Some(digits(&mut pos, 2)? as i8),
            'd' => f.day = Some(digits(&mut pos, 2)? as i8),
            'H' => f.hour = digits(&mut pos, 2)? as i8,
            'M' => f.minute = digits(&mut pos, 2)? as i8,
            'S' => f.second = digits(&mut pos, 2)? as i8,
            'L' => f.millis = digits(&mut pos, 3)? as i32,
            'z' | 'Z' => {
                let sign = match b.get(pos)? {
                    b'+' => 1,
                    b'-' => -1,
                    _ => return None,
                };
                pos += 1;
                // `+hhmm` for %z, minutes for %Z.
                let start = pos;
                let n = digits(&mut pos, 4)?;
                let seconds = if pos - start == 4 {
                    (n / 100) * 3600 + (n % 100) * 60
                } else {
                    n * 60
                };
                f.offset_seconds = Some(sign * seconds as i32);
            }
            '%' => {
                if b.get(pos) != Some(&b'%') {
                    return None;
                }
                pos += 1;
            }
            _ => return None,
        }
    }
    (pos == b.len()).then_some(f)
}

impl Evaluator<'_> {
    /// `$dateFromString: { dateString, format, timezone, onError, onNull }`.
    pub(super) fn date_from_string(
        &self,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                40540,
                format!(
                    "$dateFromString only supports an object as an argument, found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut date, mut format, mut timezone, mut on_error, mut on_null) =
            (None, None, None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "dateString" => date = Some(v),
                "format" => format = Some(v),
                "timezone" => timezone = Some(v),
                "onError" => on_error = Some(v),
                "onNull" => on_null = Some(v),
                other => {
                    return err(
                        40541,
                        format!("Unrecognized argument to $dateFromString: {other}"),
                    );
                }
            }
        }
        let Some(date) = date else {
            return err(40542, "Missing 'dateString' parameter to $dateFromString");
        };
        let shown = |v: &Value| {
            format!(
                "{} with value {}",
                v.element_type().alias(),
                crate::bson::shell::print_value(v)
            )
        };
        let format = match format.map(|f| self.eval(f, depth)).transpose()? {
            None => None,
            Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::String(f)) => Some(f),
            Some(other) => {
                return err(
                    40684,
                    format!(
                        "$dateFromString requires that 'format' be a string, found: {}",
                        shown(&other)
                    ),
                );
            }
        };
        let zone = match timezone.map(|t| self.eval(t, depth)).transpose()? {
            None => None,
            Some(Value::Null | Value::Undefined) => return Ok(Some(Value::Null)),
            Some(Value::String(t)) => Some((datetime::zone::parse_timezone(&t)?, t)),
            Some(other) => {
                return err(
                    40517,
                    format!(
                        "timezone must evaluate to a string, found {}",
                        shown(&other)
                    ),
                );
            }
        };
        let text = match self.eval_opt(date, depth)? {
            None | Some(Value::Null | Value::Undefined) => {
                return match on_null {
                    Some(e) => self.eval_opt(e, depth),
                    None => Ok(Some(Value::Null)),
                };
            }
            Some(Value::String(s)) => s,
            Some(other) => {
                let e = err(
                    code::CONVERSION_FAILURE,
                    format!(
                        "$dateFromString requires that 'dateString' be a string, found: {}",
                        shown(&other)
                    ),
                );
                return match on_error {
                    Some(h) => self.eval_opt(h, depth),
                    None => e,
                };
            }
        };
        let parsed = self.parse_date(&text, format.as_deref(), zone.as_ref());
        match parsed {
            Ok(ms) => Ok(Some(Value::DateTime(ms))),
            Err(ExprError::Server(e)) if e.code == Some(code::CONVERSION_FAILURE) => match on_error
            {
                Some(h) => self.eval_opt(h, depth),
                None => Err(ExprError::Server(e)),
            },
            Err(e) => Err(e),
        }
    }

    fn parse_date(
        &self,
        text: &str,
        format: Option<&str>,
        zone: Option<&(jiff::tz::TimeZone, compact_str::CompactString)>,
    ) -> Result<i64, ExprError> {
        let fail = || {
            err(
                code::CONVERSION_FAILURE,
                format!("Error parsing date string '{text}'"),
            )
        };
        let utc = jiff::tz::TimeZone::UTC;
        let Some(format) = format else {
            let Ok(ms) = datetime::parse_iso_with(text, datetime::NoOffset::Utc) else {
                return fail();
            };
            return match zone {
                None => Ok(ms),
                Some(_) if has_zone(text) => err(
                    40554,
                    format!(
                        "you cannot pass in a date/time string with time zone information ('{text}') together with a timezone argument"
                    ),
                ),
                Some((tz, _)) => {
                    let civil = jiff::Timestamp::from_millisecond(ms)
                        .map(|t| t.to_zoned(utc).datetime())
                        .ok();
                    civil.and_then(|c| in_zone(c, tz)).map_or_else(fail, Ok)
                }
            };
        };
        let Some(f) = read_with_format(text, format) else {
            return fail();
        };
        let (Some(year), Some(month), Some(day)) = (f.year, f.month, f.day) else {
            return fail();
        };
        let Ok(civil) = jiff::civil::DateTime::new(
            year,
            month,
            day,
            f.hour,
            f.minute,
            f.second,
            f.millis * 1_000_000,
        ) else {
            return fail();
        };
        let tz = match (f.offset_seconds, zone) {
            (Some(_), Some(_)) => {
                return err(
                    40554,
                    format!(
                        "you cannot pass in a date/time string with time zone information ('{text}') together with a timezone argument"
                    ),
                );
            }
            (Some(secs), None) => match jiff::tz::Offset::from_seconds(secs) {
                Ok(o) => jiff::tz::TimeZone::fixed(o),
                Err(_) => return fail(),
            },
            (None, Some((tz, _))) => tz.clone(),
            (None, None) => utc,
        };
        in_zone(civil, &tz).map_or_else(fail, Ok)
    }
}
