//! `$dateToString`: a BSON date shown in a time zone with the server's format specifiers,
//! default formats and error messages.
//!
//! A BSON date is only milliseconds since the epoch, always UTC; a time zone is applied when
//! the date is shown. The rules here follow the server's own code
//! (`src/mongo/db/query/datetime/date_time_support.{h,cpp}`) and its jstests
//! (`jstests/aggregation/expressions/date_to_string.js`), which the manual summarises:
//!
//! * Specifiers are the [`SPECIFIERS`] table: `%b %B` (new in 7.0), `%d %G %H %j %L %m %M %S
//!   %u %U %V %w %Y %z %Z` and `%%`. Anything else after `%` is refused, before any date or
//!   zone is looked at, with the server's code 18536; a lone `%` at the end with 18535.
//! * Every number is printed with the server's padding rule: zero-padded to the field's width,
//!   and refused (code 18537) if it is outside 0-9999. So year 10000 or year -1 fails only
//!   when the format asks for `%Y` or `%G`: `"%H:%M"` still works for them.
//! * `%Z` prints the minutes east of UTC without a `+` (`420`, `-300`), though the manual's
//!   table shows `+285`. `%b` and `%B` print `Jan` and `January`, though the manual's table
//!   shows `jan-dec`. Both follow the server's code and tests.
//! * Time zones are IANA names, matched case-sensitively as the server does (`UTC`, `GMT`,
//!   `Asia/Ho_Chi_Minh`, `America/New_York`), or offsets `+07`, `+0700`, `+07:00`.
//! * One difference: UTC and offsets work for every `i64` date, as on the server, but a named
//!   zone's rules are read from jiff, which covers the years -9999 to 9999 only; outside them
//!   this gives [`DateError::BeyondZoneRules`] where the server would still print.

use std::fmt::Write as _;

pub use super::date_error::DateError;
use super::zone::Zone;
use super::{MONTH_NAMES, civil_from_days, days_from_civil, is_leap};

/// The format `$dateToString` uses without a `format`, when the zone is UTC: no `timezone`,
/// `"UTC"`, or an offset of zero such as `"+00:00"`.
pub const DEFAULT_FORMAT_UTC: &str = "%Y-%m-%dT%H:%M:%S.%LZ";

/// The format `$dateToString` uses without a `format` in any other zone (documented from 7.1;
/// older servers printed a misleading `Z` here too). `GMT` and `Etc/UTC` count as other zones:
/// only the name `UTC` and zero offsets are the server's UTC zone.
pub const DEFAULT_FORMAT_IN_ZONE: &str = "%Y-%m-%dT%H:%M:%S.%L";

/// What one letter after `%` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Percent,
    MonthAbbrev,
    MonthName,
    Day,
    IsoYear,
    Hour,
    DayOfYear,
    Millisecond,
    Month,
    Minute,
    Second,
    IsoDayOfWeek,
    Week,
    IsoWeek,
    DayOfWeek,
    Year,
    OffsetHhmm,
    OffsetMinutes,
}

/// One `$dateToString` format specifier, as the manual's table lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Specifier {
    /// The letter after `%`.
    pub letter: char,
    /// What it prints.
    pub meaning: &'static str,
    /// The values it can print.
    pub values: &'static str,
    field: Field,
}

const fn spec(
    letter: char,
    meaning: &'static str,
    values: &'static str,
    field: Field,
) -> Specifier {
    Specifier {
        letter,
        meaning,
        values,
        field,
    }
}

/// Every specifier `$dateToString` accepts (MongoDB 7.0 and later), in the manual's order.
pub const SPECIFIERS: &[Specifier] = &[
    spec(
        'b',
        "abbreviated month name (new in 7.0)",
        "Jan-Dec",
        Field::MonthAbbrev,
    ),
    spec(
        'B',
        "full month name (new in 7.0)",
        "January-December",
        Field::MonthName,
    ),
    spec('d', "day of month, 2 digits", "01-31", Field::Day),
    spec(
        'G',
        "ISO 8601 week-numbering year",
        "0000-9999",
        Field::IsoYear,
    ),
    spec('H', "hour, 2 digits, 24-hour clock", "00-23", Field::Hour),
    spec('j', "day of year, 3 digits", "001-366", Field::DayOfYear),
    spec('L', "millisecond, 3 digits", "000-999", Field::Millisecond),
    spec('m', "month, 2 digits", "01-12", Field::Month),
    spec('M', "minute, 2 digits", "00-59", Field::Minute),
    spec('S', "second, 2 digits", "00-60", Field::Second),
    spec(
        'u',
        "ISO 8601 day of week (1 Monday, 7 Sunday)",
        "1-7",
        Field::IsoDayOfWeek,
    ),
    spec(
        'U',
        "week of year, weeks start on Sunday, 2 digits",
        "00-53",
        Field::Week,
    ),
    spec(
        'V',
        "ISO 8601 week of year, 2 digits",
        "01-53",
        Field::IsoWeek,
    ),
    spec(
        'w',
        "day of week (1 Sunday, 7 Saturday)",
        "1-7",
        Field::DayOfWeek,
    ),
    spec('Y', "year, 4 digits", "0000-9999", Field::Year),
    spec(
        'z',
        "offset from UTC as +hhmm",
        "+/-hhmm",
        Field::OffsetHhmm,
    ),
    spec(
        'Z',
        "offset from UTC in minutes, no `+`",
        "420, -300",
        Field::OffsetMinutes,
    ),
    spec('%', "a literal %", "%", Field::Percent),
];

/// The format the server uses when `$dateToString` has no `format`: [`DEFAULT_FORMAT_UTC`]
/// (ending in `Z`) without a `timezone`, for `"UTC"` and for zero offsets, and
/// [`DEFAULT_FORMAT_IN_ZONE`] (no `Z`) for every other zone.
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::default_format;
/// assert_eq!(default_format(None), "%Y-%m-%dT%H:%M:%S.%LZ");
/// assert_eq!(default_format(Some("Asia/Ho_Chi_Minh")), "%Y-%m-%dT%H:%M:%S.%L");
/// ```
pub fn default_format(timezone: Option<&str>) -> &'static str {
    match timezone.map(Zone::parse) {
        None | Some(Ok(Zone::Utc)) => DEFAULT_FORMAT_UTC,
        Some(_) => DEFAULT_FORMAT_IN_ZONE,
    }
}

/// A format string split into literal text and specifiers.
enum Piece<'a> {
    Text(&'a str),
    Field(Field),
}

fn parse_format(format: &str) -> Result<Vec<Piece<'_>>, DateError> {
    let mut pieces = Vec::new();
    let mut rest = format;
    let mut offset = 0;
    while let Some(at) = rest.find('%') {
        if at > 0 {
            pieces.push(Piece::Text(&rest[..at]));
        }
        let mut after = rest[at + 1..].chars();
        let Some(letter) = after.next() else {
            return Err(DateError::UnmatchedPercent);
        };
        let Some(found) = SPECIFIERS.iter().find(|s| s.letter == letter) else {
            return Err(DateError::InvalidSpecifier {
                specifier: letter,
                offset: offset + at,
            });
        };
        pieces.push(Piece::Field(found.field));
        let used = at + 1 + letter.len_utf8();
        offset += used;
        rest = &rest[used..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest));
    }
    Ok(pieces)
}

/// Checks a `$dateToString` format the way the server does before it looks at any date:
/// every `%` must be followed by a letter from [`SPECIFIERS`].
///
/// # Errors
/// [`DateError::UnmatchedPercent`] for a lone `%` at the end, [`DateError::InvalidSpecifier`]
/// for an unknown letter (the first one, with its byte offset).
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::validate_format;
/// assert!(validate_format("%Y-%m-%d 100%%").is_ok());
/// assert_eq!(
///     validate_format("%Y-%Q").unwrap_err().to_string(),
///     "Invalid format character '%Q' in format string"
/// );
/// ```
pub fn validate_format(format: &str) -> Result<(), DateError> {
    parse_format(format).map(drop)
}

/// The calendar fields of one instant in one zone.
struct Parts {
    year: i64,
    month: u32,
    day: u32,
    hour: i64,
    minute: i64,
    second: i64,
    millisecond: i64,
    /// Days since 1970-01-01 of the local date.
    days: i64,
    /// Seconds east of UTC that `%z` and `%Z` print.
    offset: i32,
}

impl Parts {
    fn new(ms: i64, zone: &Zone) -> Result<Parts, DateError> {
        // The server turns the date into whole seconds rounding down for the local time,
        // but toward zero when it asks for the offset that %z and %Z print. The two differ
        // only within a second before a pre-1970 transition; we follow both.
        let local_offset = zone.offset_at(ms.div_euclid(1000), ms)?;
        let printed_offset = zone.offset_at(ms / 1000, ms)?;
        // i128: i64::MAX milliseconds plus an offset does not fit in an i64.
        let local = i128::from(ms) + i128::from(local_offset) * 1000;
        let days = local.div_euclid(86_400_000) as i64;
        let in_day = local.rem_euclid(86_400_000) as i64;
        let (year, month, day) = civil_from_days(days);
        Ok(Parts {
            year,
            month,
            day,
            hour: in_day / 3_600_000,
            minute: in_day / 60_000 % 60,
            second: in_day / 1000 % 60,
            millisecond: in_day % 1000,
            days,
            offset: printed_offset,
        })
    }

    /// 0 for Sunday through 6 for Saturday.
    fn weekday(&self) -> i64 {
        // 1970-01-01 was a Thursday.
        (self.days + 4).rem_euclid(7)
    }

    fn day_of_year(&self) -> i64 {
        self.days - days_from_civil(self.year, 1, 1) + 1
    }

    /// 1 for Monday through 7 for Sunday.
    fn iso_weekday(&self) -> i64 {
        match self.weekday() {
            0 => 7,
            d => d,
        }
    }

    /// (ISO week-numbering year, ISO week).
    fn iso_week(&self) -> (i64, i64) {
        // Week 1 is the week (Monday to Sunday) holding the year's first Thursday.
        let week = (self.day_of_year() - self.iso_weekday() + 10) / 7;
        if week < 1 {
            (self.year - 1, iso_weeks_in(self.year - 1))
        } else if week > iso_weeks_in(self.year) {
            (self.year + 1, 1)
        } else {
            (self.year, week)
        }
    }
}

/// 53 if the year starts on a Thursday, or is a leap year starting on a Wednesday; else 52.
fn iso_weeks_in(year: i64) -> i64 {
    let jan1 = (days_from_civil(year, 1, 1) + 4).rem_euclid(7);
    if jan1 == 4 || (jan1 == 3 && is_leap(year)) {
        53
    } else {
        52
    }
}

/// The server's `insertPadded`: zero-pad to `width`, and refuse values outside 0-9999.
fn padded(out: &mut String, value: i64, width: usize) -> Result<(), DateError> {
    if !(0..=9999).contains(&value) {
        return Err(DateError::OutOfRange { value });
    }
    // Writing to a String cannot fail.
    let _ = write!(out, "{value:0width$}");
    Ok(())
}

fn render(out: &mut String, field: Field, p: &Parts) -> Result<(), DateError> {
    let month_name = MONTH_NAMES[(p.month - 1) as usize];
    match field {
        Field::Percent => out.push('%'),
        Field::MonthAbbrev => out.push_str(month_name.get(..3).unwrap_or(month_name)),
        Field::MonthName => out.push_str(month_name),
        Field::Day => padded(out, i64::from(p.day), 2)?,
        Field::IsoYear => padded(out, p.iso_week().0, 4)?,
        Field::Hour => padded(out, p.hour, 2)?,
        Field::DayOfYear => padded(out, p.day_of_year(), 3)?,
        Field::Millisecond => padded(out, p.millisecond, 3)?,
        Field::Month => padded(out, i64::from(p.month), 2)?,
        Field::Minute => padded(out, p.minute, 2)?,
        Field::Second => padded(out, p.second, 2)?,
        Field::IsoDayOfWeek => padded(out, p.iso_weekday(), 1)?,
        Field::Week => {
            // Week 0 is the part of the year before its first Sunday.
            let sunday_based = p.weekday() + 1;
            padded(out, (p.day_of_year() - sunday_based + 7) / 7, 2)?;
        }
        Field::IsoWeek => padded(out, p.iso_week().1, 2)?,
        Field::DayOfWeek => padded(out, p.weekday() + 1, 1)?,
        Field::Year => padded(out, p.year, 4)?,
        Field::OffsetHhmm => {
            // Hours and minutes are cut toward zero: an offset of -4:27:40 prints -0427.
            let seconds = i64::from(p.offset);
            out.push(if seconds < 0 { '-' } else { '+' });
            padded(out, (seconds / 3600).abs(), 2)?;
            padded(out, (seconds / 60).abs() % 60, 2)?;
        }
        // No padding and no `+`: 420 for +07:00, -300 for -05:00.
        Field::OffsetMinutes => {
            let _ = write!(out, "{}", i64::from(p.offset) / 60);
        }
    }
    Ok(())
}

/// Formats `ms` with a `$dateToString` format string in a time zone, as the server does.
///
/// `timezone` is `None` for UTC, or anything [`parse_timezone`](super::parse_timezone) reads. The format is checked
/// first, then the zone, then each specifier is printed (see the [module docs](self) for the
/// rules, and [`default_format`] for what to pass when the pipeline has no `format`).
///
/// # Errors
/// In the order the server checks: [`DateError::UnmatchedPercent`] and
/// [`DateError::InvalidSpecifier`] for the format, [`DateError::UnknownTimeZone`] for the
/// zone, [`DateError::OutOfRange`] when a printed number is outside 0-9999 (`%Y` of a date
/// after the year 9999), and [`DateError::BeyondZoneRules`] for a named zone and a date
/// outside the years -9999..=9999.
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::date_to_string;
/// let at = 1_791_453_600_000; // 2026-10-08T10:00:00Z
/// assert_eq!(
///     date_to_string(at, "%d/%m/%Y %H:%M", Some("Asia/Ho_Chi_Minh")).unwrap(),
///     "08/10/2026 17:00"
/// );
/// assert_eq!(date_to_string(at, "%z %Z", Some("America/New_York")).unwrap(), "-0400 -240");
/// assert_eq!(date_to_string(-1, "%Y-%m-%d %H:%M:%S.%L", None).unwrap(), "1969-12-31 23:59:59.999");
/// ```
pub fn date_to_string(ms: i64, format: &str, timezone: Option<&str>) -> Result<String, DateError> {
    let pieces = parse_format(format)?;
    let zone = match timezone {
        Some(name) => Zone::parse(name)?,
        None => Zone::Utc,
    };
    let parts = Parts::new(ms, &zone)?;
    let mut out = String::with_capacity(format.len() + 16);
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Field(field) => render(&mut out, field, &parts)?,
        }
    }
    Ok(out)
}

/// What `{ $dateToString: { date, timezone } }` prints with no `format`: the local time in
/// ISO-8601 form, without a `Z` unless the zone is UTC.
///
/// # Errors
/// As [`date_to_string`].
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::format_in_zone;
/// let at = 1_791_453_600_000; // 2026-10-08T10:00:00Z
/// assert_eq!(format_in_zone(at, "Asia/Ho_Chi_Minh").unwrap(), "2026-10-08T17:00:00.000");
/// assert_eq!(format_in_zone(at, "UTC").unwrap(), "2026-10-08T10:00:00.000Z");
/// ```
pub fn format_in_zone(ms: i64, timezone: &str) -> Result<String, DateError> {
    date_to_string(ms, default_format(Some(timezone)), Some(timezone))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::datetime::parse_timezone;

    const AT: i64 = 1_791_453_600_000; // 2026-10-08T10:00:00Z, a Thursday

    fn fmt(ms: i64, format: &str, tz: Option<&str>) -> String {
        date_to_string(ms, format, tz).unwrap()
    }

    #[test]
    fn vietnam_is_seven_hours_ahead() {
        let tz = Some("Asia/Ho_Chi_Minh");
        assert_eq!(fmt(AT, "%Y-%m-%d %H:%M", tz), "2026-10-08 17:00");
        assert_eq!(fmt(AT, "%z %Z", tz), "+0700 420");
        // Midnight UTC on a date-only value is already 07:00 in Vietnam.
        let oct1 = AT - 7 * 86_400_000 - 10 * 3_600_000;
        assert_eq!(fmt(oct1, "%d/%m %H:%M", tz), "01/10 07:00");
    }

    #[test]
    fn the_utc_zone_is_only_utc_and_zero_offsets() {
        assert_eq!(default_format(None), DEFAULT_FORMAT_UTC);
        for tz in ["UTC", "+00", "+0000", "+00:00", "-00:00"] {
            assert_eq!(default_format(Some(tz)), DEFAULT_FORMAT_UTC, "{tz}");
        }
        for tz in ["GMT", "Etc/UTC", "Europe/London", "+01", "nowhere"] {
            assert_eq!(default_format(Some(tz)), DEFAULT_FORMAT_IN_ZONE, "{tz}");
        }
    }

    #[test]
    fn iso_weeks_at_year_ends() {
        // 2026 starts on a Thursday, so it has 53 ISO weeks and 2027-01-01 is in week 53.
        assert_eq!(iso_weeks_in(2026), 53);
        assert_eq!(iso_weeks_in(2027), 52);
        assert_eq!(iso_weeks_in(2020), 53); // leap year starting on a Wednesday
        let jan1_2027 = AT + 85 * 86_400_000 - 10 * 3_600_000;
        assert_eq!(
            fmt(jan1_2027, "%Y-%m-%d %G-W%V-%u", None),
            "2027-01-01 2026-W53-5"
        );
    }

    #[test]
    fn errors_use_the_servers_words() {
        assert_eq!(
            date_to_string(AT, "%Y%", None).unwrap_err().to_string(),
            "Unmatched '%' at end of format string"
        );
        assert_eq!(
            date_to_string(AT, "%Y %n", None).unwrap_err(),
            DateError::InvalidSpecifier {
                specifier: 'n',
                offset: 3
            }
        );
        assert_eq!(
            date_to_string(AT, "%é", None).unwrap_err().to_string(),
            "Invalid format character '%é' in format string"
        );
        // The format is checked before the zone.
        assert_eq!(
            date_to_string(AT, "%Q", Some("Nowhere"))
                .unwrap_err()
                .code(),
            Some(18536)
        );
    }

    #[test]
    fn huge_dates_fail_only_on_the_parts_asked_for() {
        let year_10000 = 253_402_300_800_000;
        assert_eq!(fmt(year_10000, "%H:%M:%S.%L", None), "00:00:00.000");
        assert_eq!(
            date_to_string(year_10000, "%Y", None).unwrap_err(),
            DateError::OutOfRange { value: 10000 }
        );
        assert_eq!(fmt(i64::MAX, "%L", Some("+99:99")), "807");
        assert!(matches!(
            date_to_string(i64::MIN, "%H", Some("Asia/Ho_Chi_Minh")),
            Err(DateError::BeyondZoneRules { .. })
        ));
        assert_eq!(
            parse_timezone("+26:00").unwrap_err(),
            DateError::OffsetTooLarge {
                offset: "+26:00".into()
            }
        );
    }
}
