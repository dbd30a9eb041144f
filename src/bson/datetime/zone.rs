//! The `timezone` argument of the server's date expressions: an IANA name or a UTC offset,
//! told apart the way the server's `TimeZoneDatabase::getTimeZone` does.

use jiff::Timestamp;
use jiff::tz::{Offset, TimeZone};

use super::date_error::DateError;

/// A time zone the way the server tells them apart.
pub(super) enum Zone {
    /// No `timezone`, the name `UTC`, or a zero offset: the server's UTC zone.
    Utc,
    /// `+07`, `-0530`, `+04:45`: seconds east of UTC, up to ±99:99 as the server allows.
    Fixed(i32),
    /// An IANA name other than `UTC`.
    Named(TimeZone),
}

impl Zone {
    pub(super) fn parse(name: &str) -> Result<Zone, DateError> {
        // The server loads "UTC" as its plain UTC zone; every other name keeps its rules.
        if name == "UTC" {
            return Ok(Zone::Utc);
        }
        if let Ok(tz) = TimeZone::get(name) {
            // jiff ignores case and the server does not: "asia/ho_chi_minh" is an error there.
            if tz.iana_name() == Some(name) {
                return Ok(Zone::Named(tz));
            }
        }
        match parse_offset(name) {
            Some(0) => Ok(Zone::Utc),
            Some(seconds) => Ok(Zone::Fixed(seconds)),
            None => Err(DateError::UnknownTimeZone { name: name.into() }),
        }
    }

    /// Seconds east of UTC at the second `second`.
    pub(super) fn offset_at(&self, second: i64, ms: i64) -> Result<i32, DateError> {
        match self {
            Zone::Utc => Ok(0),
            Zone::Fixed(seconds) => Ok(*seconds),
            Zone::Named(tz) => match Timestamp::from_second(second) {
                Ok(at) => Ok(tz.to_offset(at).seconds()),
                Err(_) => Err(DateError::BeyondZoneRules {
                    ms,
                    zone: tz.iana_name().unwrap_or_default().into(),
                }),
            },
        }
    }
}

/// `+hh`, `+hhmm` or `+hh:mm` (or `-`) to seconds, as the server's `parseUtcOffset` reads
/// them: two digits each, not range-checked, so `+99:99` is 100 hours and 39 minutes.
fn parse_offset(text: &str) -> Option<i32> {
    let bytes = text.as_bytes();
    let sign = match bytes.first() {
        Some(b'+') => 1,
        Some(b'-') => -1,
        _ => return None,
    };
    let two = |at: usize| -> Option<i32> {
        match (bytes.get(at), bytes.get(at + 1)) {
            (Some(a @ b'0'..=b'9'), Some(b @ b'0'..=b'9')) => {
                Some(i32::from(a - b'0') * 10 + i32::from(b - b'0'))
            }
            _ => None,
        }
    };
    let (hours, minutes) = match bytes.len() {
        3 => (two(1)?, 0),
        5 => (two(1)?, two(3)?),
        6 if bytes[3] == b':' => (two(1)?, two(4)?),
        _ => return None,
    };
    Some(sign * (hours * 3600 + minutes * 60))
}

/// Reads a `$dateToString` time zone: an IANA name (`"Asia/Ho_Chi_Minh"`, `"UTC"`, `"GMT"`,
/// matched case-sensitively as the server does) or an offset in one of the three forms the
/// manual lists: `"+07:00"`, `"+0700"`, `"+07"` (and the same with `-`).
///
/// # Errors
/// [`DateError::UnknownTimeZone`] for anything else, with the server's message
/// (`unrecognized time zone identifier: "Asia/Saigonn"`); [`DateError::OffsetTooLarge`] for
/// offsets past ±25:59:59, which the server accepts but a `jiff` zone cannot hold.
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::parse_timezone;
/// let tz = parse_timezone("Asia/Ho_Chi_Minh").unwrap();
/// assert_eq!(tz.iana_name(), Some("Asia/Ho_Chi_Minh"));
/// assert!(parse_timezone("-05:30").is_ok());
/// assert_eq!(
///     parse_timezone("Asia/Saigonn").unwrap_err().to_string(),
///     "unrecognized time zone identifier: \"Asia/Saigonn\""
/// );
/// ```
pub fn parse_timezone(tz: &str) -> Result<TimeZone, DateError> {
    match Zone::parse(tz)? {
        Zone::Utc => Ok(TimeZone::UTC),
        Zone::Named(zone) => Ok(zone),
        Zone::Fixed(seconds) => Offset::from_seconds(seconds)
            .map(TimeZone::fixed)
            .map_err(|_| DateError::OffsetTooLarge { offset: tz.into() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AT: i64 = 1_791_453_600_000; // 2026-10-08T10:00:00Z

    fn fmt(ms: i64, format: &str, tz: Option<&str>) -> String {
        super::super::date_to_string(ms, format, tz).unwrap()
    }

    #[test]
    fn offsets_in_the_three_forms() {
        for tz in ["+07:00", "+0700", "+07"] {
            assert_eq!(fmt(AT, "%H:%M %z", Some(tz)), "17:00 +0700", "{tz}");
        }
        assert_eq!(fmt(AT, "%H:%M %z %Z", Some("-05:30")), "04:30 -0530 -330");
        assert_eq!(parse_offset("+99:99"), Some(99 * 3600 + 99 * 60));
        for bad in [
            "+7",
            "+7:00",
            "07:00",
            "+07:0",
            "+07-00",
            "+0７",
            "",
            "+",
            "+07:00:00",
        ] {
            assert_eq!(parse_offset(bad), None, "{bad}");
        }
    }

    #[test]
    fn zone_names_are_case_sensitive() {
        assert!(parse_timezone("Asia/Ho_Chi_Minh").is_ok());
        assert!(parse_timezone("Asia/Saigon").is_ok());
        for bad in ["asia/ho_chi_minh", "utc", "Etc/Unknown", "", "Asia/Saigonn"] {
            assert_eq!(
                parse_timezone(bad).unwrap_err(),
                DateError::UnknownTimeZone { name: bad.into() },
                "{bad}"
            );
        }
    }
}
