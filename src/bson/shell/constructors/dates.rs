//! The date constructors: `ISODate(...)`, `new Date(...)` and `Date()`, which in JavaScript
//! returns a string rather than a date.

use super::super::number::js_to_string;
use super::super::reader::{Call, Item, Js, Parser};
use super::{number, optional, string, type_error};
use crate::bson::datetime::{IsoDateError, NoOffset, format_iso, parse_iso_with};
use crate::bson::parse_error::{CallError, ParseError, ParseWarning, Takes};
use crate::bson::value::Value;

/// mongosh's `ISODate` accepts 0000-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z.
const ISODATE_RANGE: std::ops::RangeInclusive<i64> = -62_167_219_200_000..=253_402_300_799_999;

/// JavaScript's Date range: ±100,000,000 days from the epoch.
const JS_DATE_LIMIT_MS: f64 = 8.64e15;

/// `new Date(ms)`: JavaScript's TimeClip (whole milliseconds within ±8.64e15).
fn date_from_number(
    p: &Parser<'_, '_>,
    call: &Call<'_>,
    arg: &Item,
    x: f64,
) -> Result<Value, ParseError> {
    if !x.is_finite() || x.abs() > JS_DATE_LIMIT_MS {
        let e = CallError::DateMillis {
            call: call.name.into(),
            got: js_to_string(x),
        };
        return Err(p.error(arg.start, e));
    }
    Ok(Value::DateTime(x.trunc() as i64))
}

fn iso_error(p: &Parser<'_, '_>, arg: &Item, e: IsoDateError) -> ParseError {
    p.error(arg.inner_offset(e.offset), CallError::IsoDate(e))
}

pub(super) fn iso_date(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let Some(arg) = optional(p, call, Takes::IsoString)?.cloned() else {
        return Ok(Value::DateTime(p.generator.now_ms()));
    };
    if let Some(x) = number(&arg) {
        return date_from_number(p, call, &arg, x);
    }
    if let Js::Bson(Value::DateTime(ms)) = arg.js {
        return Ok(Value::DateTime(ms));
    }
    let (s, _) = string(p, call, &arg)?;
    if s.starts_with(['+', '-']) {
        return Err(p.error(arg.start, CallError::IsoDateYears { text: s.into() }));
    }
    // mongosh's ISODate reads a time without a zone as UTC (it appends `Z`).
    let ms = parse_iso_with(s, NoOffset::Utc).map_err(|e| iso_error(p, &arg, e))?;
    if !ISODATE_RANGE.contains(&ms) {
        return Err(p.error(arg.start, CallError::IsoDateRange));
    }
    Ok(Value::DateTime(ms))
}

pub(super) fn new_date(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = call.args.as_deref().unwrap_or(&[]);
    match given {
        [] => Ok(Value::DateTime(p.generator.now_ms())),
        [arg] => {
            if let Some(x) = number(arg) {
                return date_from_number(p, call, arg, x);
            }
            match &arg.js {
                Js::Bson(Value::DateTime(ms)) => Ok(Value::DateTime(*ms)),
                Js::String { value, .. } => {
                    let ms = parse_iso_with(value, NoOffset::Utc).map_err(|e| {
                        p.error(arg.inner_offset(e.offset), CallError::NewDateText(e))
                    })?;
                    if parse_iso_with(value, NoOffset::Refuse).is_err() {
                        p.warn(arg.start, ParseWarning::LocalTime);
                    }
                    Ok(Value::DateTime(ms))
                }
                _ => Err(type_error(p, call, arg, Takes::IsoOrMillis)),
            }
        }
        [_, second, ..] => Err(p.error(second.start, CallError::DateParts)),
    }
}

/// `Date()` without `new` returns a string (JavaScript ignores its arguments).
pub(super) fn date_string(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Js, ParseError> {
    let ms = p.generator.now_ms();
    p.warn(call.start, ParseWarning::DateString);
    Ok(Js::String {
        value: date_to_string(ms),
        verbatim: false,
    })
}

/// `Date.prototype.toString` in UTC: `Thu Oct 08 2026 10:00:00 GMT+0000 (Coordinated Universal Time)`.
fn date_to_string(ms: i64) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let iso = format_iso(ms);
    let (date, time) = iso.split_once('T').unwrap_or((&iso, "00:00:00"));
    let mut parts = date.rsplitn(3, '-');
    let day = parts.next().unwrap_or("01");
    let month: usize = parts.next().and_then(|m| m.parse().ok()).unwrap_or(1);
    let year = parts.next().unwrap_or("1970");
    // 1970-01-01 was a Thursday.
    let weekday = DAYS[(ms.div_euclid(86_400_000) + 4).rem_euclid(7) as usize];
    let month = MONTHS[month.clamp(1, 12) - 1];
    let time = time.get(..8).unwrap_or(time);
    format!("{weekday} {month} {day} {year} {time} GMT+0000 (Coordinated Universal Time)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn date_strings_look_like_javascript() {
        assert_eq!(
            date_to_string(1_791_453_600_000),
            "Thu Oct 08 2026 10:00:00 GMT+0000 (Coordinated Universal Time)"
        );
        assert!(date_to_string(-1).starts_with("Wed Dec 31 1969 23:59:59"));
    }
}
