//! The calendar under the date operators: a date's parts in a time zone (`$year` ...
//! `$isoDayOfWeek`, `$dateToParts`) and a date from parts (`$dateFromParts`, with the
//! server's carry of out-of-range parts: month 14 is February of the next year).
//!
//! The proleptic Gregorian calendar is computed here on whole days (`i64`), not with
//! `jiff::civil`, because BSON dates reach ±292 million years and `jiff`'s civil dates stop
//! at ±9999; `jiff` supplies only the time-zone rules (offsets, and a wall-clock time's
//! instant in a named zone). The rules are mongodb/mongo
//! `src/mongo/db/exec/expression/evaluate_date.cpp`, `src/mongo/db/pipeline/expression.cpp`
//! and `src/mongo/db/query/datetime/date_time_support.cpp`.

use jiff::tz::TimeZone;

use super::{Evaluator, ExprError, err};
use crate::bson::datetime::format::DateError;
use crate::bson::num::Number;
use crate::bson::{Document, Value};
use crate::query::server::ServerError;
use crate::query::update::server_fmt::{server_element, server_value};

/// Milliseconds in a day.
pub(super) const DAY_MS: i64 = 86_400_000;

/// The one-date operators that take an optional `timezone`.
pub(super) const EXTRACT: [&str; 13] = [
    "$year",
    "$month",
    "$dayOfMonth",
    "$hour",
    "$minute",
    "$second",
    "$millisecond",
    "$dayOfWeek",
    "$dayOfYear",
    "$week",
    "$isoWeek",
    "$isoWeekYear",
    "$isoDayOfWeek",
];

/// Days since 1970-01-01 of a proleptic Gregorian date (any month and day: they carry).
pub(super) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    // Months carry into years first, then the day counts from the month's first.
    let months = year * 12 + (month - 1);
    let (y, m) = (months.div_euclid(12), months.rem_euclid(12) + 1);
    // Years start in March here, so that February's leap day comes last.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468 + (day - 1)
}

/// The `(year, month, day)` of a day counted from 1970-01-01.
pub(super) fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// 1 for Monday ... 7 for Sunday.
pub(super) fn iso_weekday(days: i64) -> i64 {
    (days + 3).rem_euclid(7) + 1
}

/// How many ISO weeks `year` has: 53 when it starts on a Thursday, or on a Wednesday in a
/// leap year.
fn iso_weeks_in(year: i64) -> i64 {
    let jan1 = iso_weekday(days_from_civil(year, 1, 1));
    if jan1 == 4 || (jan1 == 3 && is_leap(year)) {
        53
    } else {
        52
    }
}

/// A date's parts as a wall clock in a zone shows them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Parts {
    /// Days since 1970-01-01 of the local date.
    pub days: i64,
    pub year: i64,
    pub month: i64,
    pub day: i64,
    pub hour: i64,
    pub minute: i64,
    pub second: i64,
    pub millisecond: i64,
    /// The zone's offset at that instant, in seconds east of UTC.
    pub offset: i64,
}

impl Parts {
    fn day_of_year(&self) -> i64 {
        self.days - days_from_civil(self.year, 1, 1) + 1
    }

    /// `(isoWeekYear, isoWeek)`.
    fn iso_week(&self) -> (i64, i64) {
        let week = (self.day_of_year() - iso_weekday(self.days) + 10) / 7;
        if week < 1 {
            (self.year - 1, iso_weeks_in(self.year - 1))
        } else if week > iso_weeks_in(self.year) {
            (self.year + 1, 1)
        } else {
            (self.year, week)
        }
    }

    /// One extraction operator's value.
    fn extract(&self, op: &str) -> i64 {
        // 1 for Sunday ... 7 for Saturday.
        let day_of_week = iso_weekday(self.days) % 7 + 1;
        match op {
            "$year" => self.year,
            "$month" => self.month,
            "$dayOfMonth" => self.day,
            "$hour" => self.hour,
            "$minute" => self.minute,
            "$second" => self.second,
            "$millisecond" => self.millisecond,
            "$dayOfWeek" => day_of_week,
            "$dayOfYear" => self.day_of_year(),
            // Weeks start on Sunday; days before the year's first Sunday are week 0.
            "$week" => (self.day_of_year() - 1 + 7 - (day_of_week - 1)) / 7,
            "$isoWeek" => self.iso_week().1,
            "$isoWeekYear" => self.iso_week().0,
            _ => iso_weekday(self.days),
        }
    }
}

/// A `timezone` argument, read as the server reads it.
#[derive(Clone, Debug)]
pub(super) struct Zone(TimeZone);

impl Zone {
    pub(super) fn utc() -> Zone {
        Zone(TimeZone::UTC)
    }

    /// The offset at the instant `ms`, in seconds east of UTC.
    pub(super) fn offset_at(&self, ms: i64) -> Result<i64, ExprError> {
        if let Ok(fixed) = self.0.to_fixed_offset() {
            return Ok(i64::from(fixed.seconds()));
        }
        jiff::Timestamp::from_millisecond(ms)
            .map(|t| i64::from(self.0.to_offset(t).seconds()))
            .map_err(|_| self.beyond(ms))
    }

    fn beyond(&self, ms: i64) -> ExprError {
        ExprError::Date(DateError::BeyondZoneRules {
            ms,
            zone: self.0.iana_name().unwrap_or_default().into(),
        })
    }

    /// The wall-clock parts of the instant `ms`.
    pub(super) fn parts(&self, ms: i64) -> Result<Parts, ExprError> {
        let offset = self.offset_at(ms)?;
        let local = ms.saturating_add(offset * 1000);
        let (days, in_day) = (local.div_euclid(DAY_MS), local.rem_euclid(DAY_MS));
        let (year, month, day) = civil_from_days(days);
        Ok(Parts {
            days,
            year,
            month,
            day,
            hour: in_day / 3_600_000,
            minute: in_day / 60_000 % 60,
            second: in_day / 1000 % 60,
            millisecond: in_day % 1000,
            offset,
        })
    }

    /// The instant a wall clock in this zone shows as `local` (milliseconds counted as if
    /// the zone were UTC). A time a DST change skips is read with the offset before the
    /// change; one it repeats, as the earlier of the two.
    pub(super) fn to_utc(&self, local: i64) -> Result<i64, ExprError> {
        if let Ok(fixed) = self.0.to_fixed_offset() {
            return local
                .checked_sub(i64::from(fixed.seconds()) * 1000)
                .ok_or_else(|| self.beyond(local));
        }
        let (days, in_day) = (local.div_euclid(DAY_MS), local.rem_euclid(DAY_MS));
        let (y, m, d) = civil_from_days(days);
        let civil = i16::try_from(y).ok().and_then(|y| {
            jiff::civil::DateTime::new(
                y,
                m as i8,
                d as i8,
                (in_day / 3_600_000) as i8,
                (in_day / 60_000 % 60) as i8,
                (in_day / 1000 % 60) as i8,
                (in_day % 1000) as i32 * 1_000_000,
            )
            .ok()
        });
        civil
            .and_then(|c| self.0.to_ambiguous_timestamp(c).compatible().ok())
            .map(|t| t.as_millisecond())
            .ok_or_else(|| self.beyond(local))
    }
}

/// The server's `makeTimeZone`: no argument is UTC; a nullish one makes the result null
/// (`None`); a string names a zone or an offset. `context` prefixes the server's words as
/// `$dateTrunc` and `$dateDiff` do.
pub(super) fn read_zone(
    tz: Option<&Value>,
    context: Option<&str>,
) -> Result<Option<Zone>, ExprError> {
    let wrap = |code: i32, text: String| {
        let text = match context {
            Some(c) => format!("{c} :: caused by :: {text}"),
            None => text,
        };
        Err(ExprError::Server(ServerError::new(code, text)))
    };
    match tz {
        None => Ok(Some(Zone::utc())),
        Some(Value::Null | Value::Undefined) => Ok(None),
        Some(Value::String(name)) => match crate::bson::datetime::parse_timezone(name) {
            Ok(zone) => Ok(Some(Zone(zone))),
            Err(e @ DateError::UnknownTimeZone { .. }) => wrap(40485, e.to_string()),
            Err(e) => Err(ExprError::Date(e)),
        },
        Some(other) => wrap(
            40517,
            format!(
                "timezone must evaluate to a string, found {}",
                other.element_type().alias()
            ),
        ),
    }
}

/// `coerceToDate`: a date, or the seconds of a timestamp or an ObjectId; `None` otherwise.
pub(super) fn as_date(v: &Value) -> Option<i64> {
    match v {
        Value::DateTime(ms) => Some(*ms),
        Value::Timestamp(t) => Some(i64::from(t.time) * 1000),
        Value::ObjectId(id) => Some(i64::from(id.timestamp()) * 1000),
        _ => None,
    }
}

/// The server's refusal of a value that is not a date.
pub(super) fn not_a_date<T>(v: &Value) -> Result<T, ExprError> {
    err(
        16006,
        format!(
            "can't convert from BSON type {} to Date",
            v.element_type().alias()
        ),
    )
}

/// The server's `integral64Bit`: a number holding a whole value that fits 64 bits.
pub(super) fn integral64(v: &Value) -> Option<i64> {
    match Number::of(v)? {
        Number::Int(i) => Some(i64::from(i)),
        Number::Long(l) => Some(l),
        Number::Double(d) => {
            // 2^63, exactly a double: every long is below it and at or above its negation.
            const TWO_63: f64 = 9_223_372_036_854_775_808.0;
            (d.trunc() == d && (-TWO_63..TWO_63).contains(&d)).then_some(d as i64)
        }
        Number::Decimal(d) => d.to_i64().filter(|l| {
            crate::bson::Decimal128::from_i64(*l)
                .total_cmp_mongo(&d)
                .is_eq()
        }),
    }
}

fn nullish(v: &Value) -> bool {
    matches!(v, Value::Null | Value::Undefined)
}

impl Evaluator<'_> {
    /// `$year` ... `$isoDayOfWeek`: a date, `[date]`, or `{ date, timezone }`.
    pub(super) fn extract_part(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Value, ExprError> {
        let (date, tz) = match arg {
            Value::Document(d) if d.iter().next().is_some_and(|(k, _)| k.starts_with('$')) => {
                (arg, None)
            }
            Value::Document(d) => {
                let (mut date, mut tz) = (None, None);
                for (k, v) in d.iter() {
                    match k {
                        "date" => date = Some(v),
                        "timezone" => tz = Some(v),
                        other => {
                            return err(40535, format!("unrecognized option to {op}: \"{other}\""));
                        }
                    }
                }
                let Some(date) = date else {
                    return err(
                        40539,
                        format!(
                            "missing 'date' argument to {op}, provided: {}",
                            server_element(op, arg)
                        ),
                    );
                };
                (date, tz)
            }
            Value::Array(items) if items.len() == 1 => (&items[0], None),
            Value::Array(items) => {
                return err(
                    40536,
                    format!(
                        "{op} accepts exactly one argument if given an array, but was given {}",
                        items.len()
                    ),
                );
            }
            other => (other, None),
        };
        let date = self.eval(date, depth)?;
        if nullish(&date) {
            return Ok(Value::Null);
        }
        let Some(ms) = as_date(&date) else {
            return not_a_date(&date);
        };
        let tz = tz.map(|t| self.eval(t, depth)).transpose()?;
        let Some(zone) = read_zone(tz.as_ref(), None)? else {
            return Ok(Value::Null);
        };
        let n = zone.parts(ms)?.extract(op);
        Ok(i32::try_from(n).map_or(Value::Int64(n), Value::Int32))
    }

    /// `$dateToParts: { date, timezone, iso8601 }`.
    pub(super) fn date_to_parts(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                40524,
                "$dateToParts only supports an object as its argument",
            );
        };
        let (mut date, mut tz, mut iso) = (None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "date" => date = Some(v),
                "timezone" => tz = Some(v),
                "iso8601" => iso = Some(v),
                other => {
                    return err(
                        40520,
                        format!("Unrecognized argument to $dateToParts: {other}"),
                    );
                }
            }
        }
        let Some(date) = date else {
            return err(40522, "Missing 'date' parameter to $dateToParts");
        };
        let date = self.eval(date, depth)?;
        let tz = tz.map(|t| self.eval(t, depth)).transpose()?;
        let Some(zone) = read_zone(tz.as_ref(), None)? else {
            return Ok(Value::Null);
        };
        let iso = match iso.map(|i| self.eval(i, depth)).transpose()? {
            None => false,
            Some(Value::Boolean(b)) => b,
            Some(v) if nullish(&v) => return Ok(Value::Null),
            Some(other) => {
                return err(
                    40521,
                    format!(
                        "iso8601 must evaluate to a bool, found {}",
                        other.element_type().alias()
                    ),
                );
            }
        };
        if nullish(&date) {
            return Ok(Value::Null);
        }
        let Some(ms) = as_date(&date) else {
            return not_a_date(&date);
        };
        let p = zone.parts(ms)?;
        let int = |n: i64| i32::try_from(n).map_or(Value::Int64(n), Value::Int32);
        let mut out = Document::with_capacity(7);
        if iso {
            let (year, week) = p.iso_week();
            out.push("isoWeekYear", int(year));
            out.push("isoWeek", int(week));
            out.push("isoDayOfWeek", int(iso_weekday(p.days)));
        } else {
            out.push("year", int(p.year));
            out.push("month", int(p.month));
            out.push("day", int(p.day));
        }
        out.push("hour", int(p.hour));
        out.push("minute", int(p.minute));
        out.push("second", int(p.second));
        out.push("millisecond", int(p.millisecond));
        Ok(Value::Document(out))
    }

    /// `$dateFromParts`: calendar parts (`year`, `month`, `day`) or ISO week parts
    /// (`isoWeekYear`, `isoWeek`, `isoDayOfWeek`), with `hour` ... `millisecond` and
    /// `timezone`. Parts past their range carry into the next larger one.
    pub(super) fn date_from_parts(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        const NAMES: [&str; 11] = [
            "year",
            "month",
            "day",
            "hour",
            "minute",
            "second",
            "millisecond",
            "isoWeekYear",
            "isoWeek",
            "isoDayOfWeek",
            "timezone",
        ];
        let Value::Document(spec) = arg else {
            return err(
                40519,
                "$dateFromParts only supports an object as its argument",
            );
        };
        let mut given: [Option<&Value>; 11] = [None; 11];
        for (k, v) in spec.iter() {
            match NAMES.iter().position(|n| *n == k) {
                Some(i) => given[i] = Some(v),
                None => {
                    return err(
                        40518,
                        format!("Unrecognized argument to $dateFromParts: {k}"),
                    );
                }
            }
        }
        let [
            year,
            month,
            day,
            hour,
            minute,
            second,
            millisecond,
            iso_year,
            iso_week,
            iso_day,
            tz,
        ] = given;
        if year.is_none() && iso_year.is_none() {
            return err(
                40516,
                "$dateFromParts requires either 'year' or 'isoWeekYear' to be present",
            );
        }
        if year.is_some() && (iso_year.is_some() || iso_week.is_some() || iso_day.is_some()) {
            return err(
                40489,
                "$dateFromParts does not allow mixing natural dates with ISO dates",
            );
        }
        if iso_year.is_some() && (month.is_some() || day.is_some()) {
            return err(
                40525,
                "$dateFromParts does not allow mixing ISO dates with natural dates",
            );
        }
        // The server reads the parts in this order; the first null one makes the date null.
        let Some(h) = self.part(hour, "hour", 0, true, depth)? else {
            return Ok(Value::Null);
        };
        let Some(mi) = self.part(minute, "minute", 0, true, depth)? else {
            return Ok(Value::Null);
        };
        let Some(s) = self.part(second, "second", 0, false, depth)? else {
            return Ok(Value::Null);
        };
        let Some(ms) = self.part(millisecond, "millisecond", 0, false, depth)? else {
            return Ok(Value::Null);
        };
        let tz = tz.map(|t| self.eval(t, depth)).transpose()?;
        let Some(zone) = read_zone(tz.as_ref(), None)? else {
            return Ok(Value::Null);
        };
        let days = if year.is_some() {
            let Some(y) = self.part(year, "year", 1970, false, depth)? else {
                return Ok(Value::Null);
            };
            let Some(m) = self.part(month, "month", 1, true, depth)? else {
                return Ok(Value::Null);
            };
            let Some(d) = self.part(day, "day", 1, true, depth)? else {
                return Ok(Value::Null);
            };
            if !(1..=9999).contains(&y) {
                return err(
                    40523,
                    format!("'year' must evaluate to an integer in the range 1 to 9999, found {y}"),
                );
            }
            days_from_civil(y, m, d)
        } else {
            let Some(y) = self.part(iso_year, "isoWeekYear", 1970, false, depth)? else {
                return Ok(Value::Null);
            };
            let Some(w) = self.part(iso_week, "isoWeek", 1, true, depth)? else {
                return Ok(Value::Null);
            };
            let Some(d) = self.part(iso_day, "isoDayOfWeek", 1, true, depth)? else {
                return Ok(Value::Null);
            };
            if !(1..=9999).contains(&y) {
                return err(
                    31095,
                    format!(
                        "'isoWeekYear' must evaluate to an integer in the range 1 to 9999, found {y}"
                    ),
                );
            }
            // Week 1 is the one with the year's first Thursday: its Monday is on or before
            // January 4th.
            let jan4 = days_from_civil(y, 1, 4);
            let monday = jan4 - (iso_weekday(jan4) - 1);
            monday + (w - 1) * 7 + (d - 1)
        };
        // The wall-clock seconds are placed in the zone; milliseconds are added after, as
        // the server adds them to the instant it found. Seconds and milliseconds are not
        // range-checked by the server: past what a date holds they wrap, as its longs do.
        let local_s = days
            .wrapping_mul(86_400)
            .wrapping_add(h * 3600 + mi * 60)
            .wrapping_add(s);
        let at = zone.to_utc(local_s.wrapping_mul(1000))?;
        Ok(Value::DateTime(at.wrapping_add(ms)))
    }

    /// One `$dateFromParts` part: `default` when absent, `None` when nullish; an integer,
    /// within ±32767 when `bounded`.
    fn part(
        &self,
        expr: Option<&Value>,
        name: &str,
        default: i64,
        bounded: bool,
        depth: usize,
    ) -> Result<Option<i64>, ExprError> {
        let Some(expr) = expr else {
            return Ok(Some(default));
        };
        let v = self.eval(expr, depth)?;
        if nullish(&v) {
            return Ok(None);
        }
        let Some(n) = integral64(&v) else {
            return err(
                40515,
                format!(
                    "'{name}' must evaluate to an integer, found {} with value {}",
                    v.element_type().alias(),
                    server_value(&v)
                ),
            );
        };
        if bounded && !(-32768..=32767).contains(&n) {
            return err(
                31034,
                format!(
                    "'{name}' must evaluate to a value in the range [-32768, 32767]; value {n} is not in range"
                ),
            );
        }
        Ok(Some(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_calendar_round_trips_and_carries() {
        for days in [
            -800_000_000_i64,
            -719_468,
            -1,
            0,
            1,
            10_957,
            20_000,
            2_932_896,
        ] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{days}");
        }
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        // Month 14 is February of the next year; day 0 is the month's eve.
        assert_eq!(days_from_civil(2016, 14, 1), days_from_civil(2017, 2, 1));
        assert_eq!(days_from_civil(2017, 3, 0), days_from_civil(2017, 2, 28));
        assert_eq!(days_from_civil(2017, -1, 1), days_from_civil(2016, 11, 1));
        assert_eq!(iso_weekday(0), 4); // 1970-01-01 was a Thursday
        assert_eq!(iso_weeks_in(2020), 53);
        assert_eq!(iso_weeks_in(2021), 52);
    }

    #[test]
    fn skipped_and_repeated_wall_clock_times_read_as_jiff_compatible() {
        // The tutor's choice where a DST change skips or repeats a wall-clock time (jiff's
        // "compatible" disambiguation): 02:30 in Paris on 2026-03-29 does not exist and is
        // read with the winter offset; 02:30 on 2026-10-25 happens twice, the first is taken.
        let paris = Zone(jiff::tz::TimeZone::get("Europe/Paris").unwrap());
        let local = |d: i64, h: i64, m: i64| d * DAY_MS + h * 3_600_000 + m * 60_000;
        let gap = days_from_civil(2026, 3, 29);
        assert_eq!(paris.to_utc(local(gap, 2, 30)).unwrap(), local(gap, 1, 30));
        let fold = days_from_civil(2026, 10, 25);
        assert_eq!(
            paris.to_utc(local(fold, 2, 30)).unwrap(),
            local(fold, 0, 30)
        );
    }
}
