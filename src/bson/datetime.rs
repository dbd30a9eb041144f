//! Dates: signed milliseconds since the Unix epoch, shown as ISO-8601 in UTC and read back
//! from the ISO-8601 forms mongosh's `ISODate`/`new Date` and Extended JSON's `$date` accept.
//! [`format`](mod@format) shows them in a time zone ([`zone`]) as `$dateToString` does.

use std::fmt;

mod date_error;
pub mod format;
pub mod iso_error;
pub mod zone;

pub use format::{
    DEFAULT_FORMAT_IN_ZONE, DEFAULT_FORMAT_UTC, DateError, SPECIFIERS, Specifier, date_to_string,
    default_format, format_in_zone, validate_format,
};
pub use iso_error::{DateField, DatePart, IsoDateErrorKind};
pub use zone::parse_timezone;

use super::terms::Found;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Days since 1970-01-01 to a proleptic Gregorian (year, month, day).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    // Howard Hinnant's algorithm, valid over the whole i64 millisecond range.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// The ISO-8601 UTC form mongosh prints inside `ISODate(...)`: `2026-10-08T10:00:00.000Z`.
/// Years outside 0000..=9999 get a sign and six digits, as ISO-8601's expanded form does.
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::format_iso;
/// assert_eq!(format_iso(1_791_453_600_000), "2026-10-08T10:00:00.000Z");
/// assert_eq!(format_iso(-1), "1969-12-31T23:59:59.999Z");
/// ```
pub fn format_iso(ms: i64) -> String {
    let days = ms.div_euclid(86_400_000);
    let in_day = ms.rem_euclid(86_400_000);
    let (y, m, d) = civil_from_days(days);
    let (h, rest) = (in_day / 3_600_000, in_day % 3_600_000);
    let (min, rest) = (rest / 60_000, rest % 60_000);
    let (s, milli) = (rest / 1000, rest % 1000);
    let year = if (0..=9999).contains(&y) {
        format!("{y:04}")
    } else if y < 0 {
        format!("-{:06}", -y)
    } else {
        format!("+{y:06}")
    };
    format!("{year}-{m:02}-{d:02}T{h:02}:{min:02}:{s:02}.{milli:03}Z")
}

/// (year, month, day) in the proleptic Gregorian calendar to days since 1970-01-01.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    // The inverse of `civil_from_days` (Howard Hinnant's algorithm).
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Why ISO-8601 text was refused, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IsoDateError {
    /// Byte offset into the text of the part that is wrong (the text's length if it ends
    /// too early).
    pub offset: usize,
    /// The rule broken, naming the part: "month 13 is out of range 1-12".
    pub kind: IsoDateErrorKind,
}

impl Localize for IsoDateError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        self.kind.write_in(lang, out)
    }
}

impl fmt::Display for IsoDateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for IsoDateError {}

/// Reads ISO-8601 date text into milliseconds since the epoch.
///
/// Accepted, as mongosh's `ISODate` and Extended JSON's `$date` write them:
/// `2026-10-08` (UTC midnight), `2026-10-08T10:00Z`, `2026-10-08T10:00:00Z`,
/// `2026-10-08T10:00:00.123Z`, 1 to 9 fraction digits (cut to milliseconds), offsets
/// `+07:00`, `+0700`, `+07` or `Z`, a space instead of `T`, and the compact forms
/// `20261008T100000Z` that `ISODate` also reads. Years are 0000-9999, or ISO's expanded
/// `+010000`/`-000001` with a sign and six digits (the form [`format_iso`] writes for them).
/// A time must end in `Z` or an offset: Extended JSON requires one, and without it JavaScript
/// would read local time. [`parse_iso_with`] can read such a time as UTC instead, as
/// mongosh's `ISODate` does.
///
/// # Errors
/// The message names the bad part: "month 13 is out of range 1-12",
/// "day 30 is out of range for February 2026 (1-28)", "hour 24 is out of range 0-23",
/// "`2026-10-08T10:00:00` has no time zone: end it with Z or an offset like +07:00".
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::parse_iso;
/// assert_eq!(parse_iso("2026-10-08T10:00:00Z"), Ok(1_791_453_600_000));
/// assert_eq!(parse_iso("2026-10-08T17:00:00.000+07:00"), Ok(1_791_453_600_000));
/// assert_eq!(parse_iso("2026-13-45").unwrap_err().to_string(), "month 13 is out of range 1-12");
/// ```
pub fn parse_iso(text: &str) -> Result<i64, IsoDateError> {
    parse_iso_with(text, NoOffset::Refuse)
}

/// What a time of day written without `Z` or an offset means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoOffset {
    /// An error: the zone is ambiguous (Extended JSON, [`parse_iso`]).
    Refuse,
    /// UTC, as mongosh's `ISODate("2026-10-08T10:00")` reads it.
    Utc,
}

/// [`parse_iso`] with a choice for times without an offset, and the byte offset of the bad
/// part in the error, for a caret under it.
///
/// # Errors
/// As [`parse_iso`].
///
/// # Examples
/// ```
/// use bson_tutor::bson::datetime::{parse_iso_with, NoOffset};
/// assert_eq!(parse_iso_with("2026-10-08T10:00", NoOffset::Utc), Ok(1_791_453_600_000));
/// let e = parse_iso_with("2026-02-30", NoOffset::Refuse).unwrap_err();
/// assert_eq!((e.offset, e.to_string().as_str()), (8, "day 30 is out of range for February 2026 (1-28)"));
/// ```
pub fn parse_iso_with(text: &str, no_offset: NoOffset) -> Result<i64, IsoDateError> {
    IsoReader {
        text,
        pos: 0,
        no_offset,
    }
    .read()
}

struct IsoReader<'a> {
    text: &'a str,
    pos: usize,
    no_offset: NoOffset,
}

impl IsoReader<'_> {
    fn error(&self, offset: usize, kind: IsoDateErrorKind) -> IsoDateError {
        IsoDateError { offset, kind }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn eat(&mut self, b: u8) -> bool {
        let found = self.peek() == Some(b);
        if found {
            self.pos += 1;
        }
        found
    }

    /// What is at the cursor, for "but found ..." messages.
    fn found(&self) -> Found {
        Found::char_or_end(
            self.text
                .get(self.pos..)
                .and_then(|rest| rest.chars().next()),
        )
    }

    /// Exactly `n` ASCII digits naming `part`.
    fn digits(&mut self, n: usize, part: DatePart) -> Result<u32, IsoDateError> {
        let mut value = 0u32;
        for _ in 0..n {
            match self.peek() {
                Some(b @ b'0'..=b'9') => {
                    value = value * 10 + u32::from(b - b'0');
                    self.pos += 1;
                }
                _ => {
                    let e = IsoDateErrorKind::Digits {
                        count: n,
                        part,
                        found: self.found(),
                    };
                    return Err(self.error(self.pos, e));
                }
            }
        }
        Ok(value)
    }

    fn in_range(
        &self,
        at: usize,
        field: DateField,
        value: u32,
        max: u32,
        min: u32,
    ) -> Result<(), IsoDateError> {
        if value < min || value > max {
            let e = IsoDateErrorKind::OutOfRange {
                field,
                value,
                min,
                max,
            };
            return Err(self.error(at, e));
        }
        Ok(())
    }

    fn read(mut self) -> Result<i64, IsoDateError> {
        if self.text.is_empty() {
            return Err(self.error(0, IsoDateErrorKind::Empty));
        }
        let year_at = self.pos;
        let year: i64 = match self.peek() {
            Some(sign @ (b'+' | b'-')) => {
                self.pos += 1;
                let y = i64::from(self.digits(6, DatePart::ExpandedYear)?);
                if sign == b'-' && y == 0 {
                    return Err(self.error(year_at, IsoDateErrorKind::MinusZeroYear));
                }
                if sign == b'-' { -y } else { y }
            }
            _ => i64::from(self.digits(4, DatePart::Year)?),
        };
        let extended = self.eat(b'-');
        let month_at = self.pos;
        let month = self.digits(2, DatePart::Month)?;
        self.in_range(month_at, DateField::Month, month, 12, 1)?;
        if extended && !self.eat(b'-') {
            let e = IsoDateErrorKind::MonthDayDash {
                found: self.found(),
            };
            return Err(self.error(self.pos, e));
        }
        let day_at = self.pos;
        let day = self.digits(2, DatePart::Day)?;
        let days = days_in_month(year, month);
        if day < 1 || day > days {
            let e = IsoDateErrorKind::DayOutOfRange {
                day,
                month,
                year,
                days,
            };
            return Err(self.error(day_at, e));
        }
        let mut ms = days_from_civil(year, month, day) * 86_400_000;
        if self.pos == self.text.len() {
            return Ok(ms);
        }
        if !(self.eat(b'T') || self.eat(b't') || self.eat(b' ')) {
            let e = IsoDateErrorKind::ExpectedTime {
                found: self.found(),
            };
            return Err(self.error(self.pos, e));
        }
        let hour_at = self.pos;
        let hour = self.digits(2, DatePart::Hour)?;
        self.in_range(hour_at, DateField::Hour, hour, 23, 0)?;
        ms += i64::from(hour) * 3_600_000;
        // Minutes, seconds and the fraction are each optional, but only in that order.
        if matches!(self.peek(), Some(b':' | b'0'..=b'9')) {
            let colon = self.eat(b':');
            let minute_at = self.pos;
            let minute = self.digits(2, DatePart::Minutes)?;
            self.in_range(minute_at, DateField::Minute, minute, 59, 0)?;
            ms += i64::from(minute) * 60_000;
            if (colon && self.peek() == Some(b':'))
                || (!colon && matches!(self.peek(), Some(b'0'..=b'9')))
            {
                self.eat(b':');
                let second_at = self.pos;
                let second = self.digits(2, DatePart::Seconds)?;
                if second == 60 {
                    return Err(self.error(second_at, IsoDateErrorKind::LeapSecond));
                }
                self.in_range(second_at, DateField::Second, second, 59, 0)?;
                ms += i64::from(second) * 1000;
                if self.eat(b'.') || self.eat(b',') {
                    let frac_at = self.pos;
                    let mut n = 0;
                    let mut millis = 0;
                    while let Some(b @ b'0'..=b'9') = self.peek() {
                        if n < 3 {
                            millis = millis * 10 + i64::from(b - b'0');
                        }
                        n += 1;
                        self.pos += 1;
                    }
                    if n == 0 {
                        let e = IsoDateErrorKind::FractionDigits {
                            found: self.found(),
                        };
                        return Err(self.error(frac_at, e));
                    }
                    if n > 9 {
                        let e = IsoDateErrorKind::FractionTooLong { count: n };
                        return Err(self.error(frac_at, e));
                    }
                    // Digits past the third are cut, not rounded: dates hold milliseconds.
                    for _ in n..3 {
                        millis *= 10;
                    }
                    ms += millis;
                }
            }
        }
        match self.peek() {
            None if self.no_offset == NoOffset::Utc => {}
            None => {
                let e = IsoDateErrorKind::NoTimeZone {
                    text: self.text.into(),
                };
                return Err(self.error(self.pos, e));
            }
            Some(b'Z' | b'z') => self.pos += 1,
            Some(sign @ (b'+' | b'-')) => {
                self.pos += 1;
                let oh_at = self.pos;
                let oh = self.digits(2, DatePart::OffsetHours)?;
                self.in_range(oh_at, DateField::OffsetHour, oh, 23, 0)?;
                let colon = self.eat(b':');
                let mut om = 0;
                if colon || self.peek().is_some() {
                    let om_at = self.pos;
                    om = self.digits(2, DatePart::OffsetMinutes)?;
                    self.in_range(om_at, DateField::OffsetMinute, om, 59, 0)?;
                }
                let offset = i64::from(oh * 60 + om) * 60_000;
                // Local time = UTC + offset, so UTC = local - offset.
                ms -= if sign == b'+' { offset } else { -offset };
            }
            Some(_) => {
                let e = IsoDateErrorKind::ExpectedOffset {
                    found: self.found(),
                };
                return Err(self.error(self.pos, e));
            }
        }
        if self.pos < self.text.len() {
            let e = IsoDateErrorKind::Trailing {
                found: self.found(),
            };
            return Err(self.error(self.pos, e));
        }
        Ok(ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_iso_forms_mongosh_accepts() {
        let at = 1_791_453_600_000;
        for text in [
            "2026-10-08T10:00:00Z",
            "2026-10-08T10:00:00.000Z",
            "2026-10-08T10:00Z",
            "2026-10-08T17:00:00+07:00",
            "2026-10-08T17:00:00+0700",
            "2026-10-08T05:00:00-05:00",
        ] {
            assert_eq!(parse_iso(text), Ok(at), "{text}");
        }
        assert_eq!(parse_iso("2026-10-08"), Ok(1_791_417_600_000));
        assert_eq!(parse_iso("1969-12-31T23:59:59.999Z"), Ok(-1));
        assert_eq!(
            parse_iso("2012-12-24T12:15:30.501123Z"),
            Ok(1_356_351_330_501)
        );
        for t in [0, 951_782_400_000, -86_400_001, 253_402_300_799_999] {
            assert_eq!(parse_iso(&format_iso(t)), Ok(t));
        }
        assert!(
            parse_iso("2026-13-45")
                .unwrap_err()
                .to_string()
                .contains("month 13 is out of range")
        );
        assert!(
            parse_iso("2026-02-30")
                .unwrap_err()
                .to_string()
                .contains("day 30")
        );
        assert!(
            parse_iso("2026-10-08T24:00:00Z")
                .unwrap_err()
                .to_string()
                .contains("hour 24")
        );
        for bad in [
            "",
            "2026",
            "2026-1-1",
            "2026-10-08T1:00Z",
            "2026-10-08T10:00:00.Z",
            "x026-10-08",
        ] {
            assert!(parse_iso(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn epoch_and_extremes() {
        assert_eq!(format_iso(0), "1970-01-01T00:00:00.000Z");
        assert_eq!(format_iso(951_782_400_000), "2000-02-29T00:00:00.000Z");
        assert_eq!(
            format_iso(253_402_300_800_000),
            "+010000-01-01T00:00:00.000Z"
        );
        assert_eq!(
            format_iso(-62_167_219_200_001),
            "-000001-12-31T23:59:59.999Z"
        );
        // Must not overflow at the ends of the range.
        assert!(format_iso(i64::MIN).starts_with('-'));
        assert!(format_iso(i64::MAX).starts_with('+'));
    }

    #[test]
    fn parses_the_iso_forms_the_shell_writes() {
        let at = 1_791_453_600_000;
        assert_eq!(parse_iso("2026-10-08T10:00:00Z"), Ok(at));
        assert_eq!(parse_iso("2026-10-08T10:00:00.000Z"), Ok(at));
        assert_eq!(parse_iso("2026-10-08T10:00:00.123Z"), Ok(at + 123));
        assert_eq!(parse_iso("2026-10-08T10:00:00.1Z"), Ok(at + 100));
        assert_eq!(parse_iso("2026-10-08T10:00:00.123456789Z"), Ok(at + 123));
        assert_eq!(parse_iso("2026-10-08T10:00Z"), Ok(at));
        let utc = |t| parse_iso_with(t, NoOffset::Utc);
        assert_eq!(utc("2026-10-08T10:00:00"), Ok(at));
        assert_eq!(utc("2026-10-08T10"), Ok(at));
        assert_eq!(utc("2026-10-08T10:00:00.5"), Ok(at + 500));
        assert_eq!(parse_iso("2026-10-08T17:00:00+07:00"), Ok(at));
        assert_eq!(parse_iso("2026-10-08T17:00:00+0700"), Ok(at));
        assert_eq!(parse_iso("2026-10-08T17:00:00+07"), Ok(at));
        assert_eq!(parse_iso("2026-10-08T05:00:00-05:00"), Ok(at));
        assert_eq!(parse_iso("2026-10-08 10:00:00Z"), Ok(at));
        assert_eq!(parse_iso("20261008T100000Z"), Ok(at));
        assert_eq!(parse_iso("2026-10-08"), Ok(at - 10 * 3_600_000));
        assert_eq!(parse_iso("1970-01-01"), Ok(0));
        assert_eq!(parse_iso("1969-12-31T23:59:59.999Z"), Ok(-1));
        assert_eq!(parse_iso("0000-01-01T00:00:00Z"), Ok(-62_167_219_200_000));
        assert_eq!(
            parse_iso("9999-12-31T23:59:59.999Z"),
            Ok(253_402_300_799_999)
        );
        assert_eq!(parse_iso("2000-02-29"), Ok(951_782_400_000));
    }

    #[test]
    fn format_and_parse_round_trip() {
        for ms in [
            0,
            -1,
            1_791_453_600_123,
            951_782_400_000,
            -62_167_219_200_001,
            253_402_300_800_000,
            8_640_000_000_000_000,
            -8_640_000_000_000_000,
        ] {
            assert_eq!(parse_iso(&format_iso(ms)), Ok(ms), "{}", format_iso(ms));
        }
    }

    #[test]
    fn errors_name_the_bad_part() {
        let e = parse_iso_with("2026-13-45", NoOffset::Utc).unwrap_err();
        assert_eq!(
            (e.offset, e.to_string().as_str()),
            (5, "month 13 is out of range 1-12")
        );
        assert_eq!(
            parse_iso("2026-02-30").unwrap_err().to_string(),
            "day 30 is out of range for February 2026 (1-28)"
        );
        assert_eq!(parse_iso("2024-02-29"), Ok(1_709_164_800_000));
        assert_eq!(
            parse_iso("2026-10-08T24:00:00Z").unwrap_err().to_string(),
            "hour 24 is out of range 0-23"
        );
        assert_eq!(
            parse_iso("2026-10-08T10:60Z").unwrap_err().to_string(),
            "minute 60 is out of range 0-59"
        );
        assert!(
            parse_iso("2026-10-08T10:00:60Z")
                .unwrap_err()
                .to_string()
                .starts_with("second 60")
        );
        assert_eq!(
            parse_iso("2026-9-30").unwrap_err().to_string(),
            "expected 2 digits for the month, but found `-`"
        );
        assert_eq!(
            parse_iso("2026-10-08T10:00:00.1234567890Z")
                .unwrap_err()
                .to_string(),
            "a fraction of a second has at most 9 digits, but this one has 10"
        );
        assert!(parse_iso("2026-10-08T10:00:00+24:00").is_err());
        assert!(
            parse_iso("2026-10-08T10:00:00Zx")
                .unwrap_err()
                .to_string()
                .contains("`x`")
        );
        assert!(parse_iso("").is_err());
        assert!(parse_iso("Oct 8, 2026").is_err());
        assert!(parse_iso("2026-10-08T").is_err());
        assert!(parse_iso("2026-10-08T10:00:00.Z").is_err());
        assert!(parse_iso("-000000-01-01").is_err());
    }

    #[test]
    fn never_panics_on_odd_text() {
        for text in [
            "é",
            "2026-é",
            "2026-10-0é",
            "+",
            "2026-10-08T1é",
            "2026-10-08T10:00+é",
            "\u{0}",
        ] {
            assert!(parse_iso(text).is_err(), "{text}");
        }
    }

    #[test]
    fn every_variant_in_every_language() {
        let mut problems = Vec::new();
        for kind in IsoDateErrorKind::every_variant() {
            problems.extend(crate::bson::terms::check_languages(&IsoDateError {
                offset: 0,
                kind,
            }));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn errors_in_three_languages() {
        // (text, Vietnamese, Chinese)
        let cases = [
            (
                "",
                "ngày giờ cần ít nhất năm-tháng-ngày, nhưng văn bản đang trống",
                "日期至少需要 年-月-日，但文本是空的",
            ),
            (
                "2026-02-30",
                "tháng 2 năm 2026 không có ngày 30 (1-28)",
                "2026 年 2 月没有第 30 天（1-28）",
            ),
            (
                "2026-1x",
                "cần 2 chữ số cho tháng, nhưng gặp `x`",
                "月份应为 2 位数字，但找到 `x`",
            ),
            (
                "2026-10-0x",
                "cần 2 chữ số cho ngày, nhưng gặp `x`",
                "日期中的日应为 2 位数字，但找到 `x`",
            ),
            (
                "2026-10",
                "cần `-` giữa tháng và ngày, nhưng gặp chỗ kết thúc văn bản",
                "月和日之间应为 `-`，但找到文本的结尾",
            ),
            (
                "+01",
                "cần 6 chữ số cho năm mở rộng (một dấu và sáu chữ số), nhưng gặp chỗ kết thúc văn bản",
                "扩展年份（一个正负号加六位数字）应为 6 位数字，但找到文本的结尾",
            ),
            (
                "2026-13-01",
                "tháng 13 nằm ngoài khoảng 1-12",
                "月份 13 超出范围 1-12",
            ),
            (
                "2026-10-08T10:00+25:00",
                "giờ của độ lệch múi giờ (25) nằm ngoài khoảng 0-23",
                "时差的小时数 25 超出范围 0-23",
            ),
            (
                "2026-10-08T10:00:60Z",
                "giây 60 nằm ngoài khoảng 0-59 (ngày giờ BSON không có giây nhuận)",
                "秒 60 超出范围 0-59（BSON 日期没有闰秒）",
            ),
            (
                "2026-10-08T10:00:00",
                "`2026-10-08T10:00:00` không có múi giờ: hãy kết thúc bằng Z hoặc một độ lệch như +07:00",
                "`2026-10-08T10:00:00` 没有时区：请在末尾加上 Z 或 +07:00 这样的时差",
            ),
            (
                "2026-10-08T10:00Zx",
                "thừa `x` sau ngày giờ",
                "日期之后出现了多余的 `x`",
            ),
            (
                "2026-10-08T10:00:00.Z",
                "sau dấu chấm cần các chữ số phần lẻ của giây, nhưng gặp `Z`",
                "小数点之后应为小数位，但找到 `Z`",
            ),
            (
                "2026-10-08X",
                "sau ngày cần `T` và giờ, nhưng gặp `X`",
                "日期之后应为 `T` 和时间，但找到 `X`",
            ),
        ];
        for (text, vi, zh) in cases {
            let e = parse_iso(text).unwrap_err();
            assert_eq!(e.to_string_in(Lang::Vi), vi, "{text}");
            assert_eq!(e.to_string_in(Lang::Zh), zh, "{text}");
        }
    }
}
