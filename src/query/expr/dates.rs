//! Date operators: `$dateToString` (the server's format specifiers and time zones, from
//! `crate::bson::datetime`), `$dateFromString` (ISO 8601 strings, or a format of
//! `%Y %m %d %H %M %S %L %z %Z`, in UTC or a time zone), and through
//! [`Evaluator::date_op`] the date-part operators of [`super::date_parts`] and
//! `$dateAdd`, `$dateSubtract`, `$dateDiff`, `$dateTrunc` (mongodb/mongo
//! `src/mongo/db/exec/expression/evaluate_date.cpp` and
//! `src/mongo/db/query/datetime/date_time_support.cpp` for the rules and words).

use super::date_parts::{
    self, DAY_MS, Parts, Zone, as_date, days_from_civil, integral64, iso_weekday, read_zone,
};
use super::{Evaluator, ExprError, err, named_args};
use crate::bson::Value;
use crate::bson::datetime;
use crate::query::server::code;
use crate::query::update::server_fmt::server_value;

/// The operators [`Evaluator::date_op`] evaluates.
pub(super) fn handles(op: &str) -> bool {
    date_parts::EXTRACT.contains(&op)
        || matches!(
            op,
            "$dateToParts"
                | "$dateFromParts"
                | "$dateAdd"
                | "$dateSubtract"
                | "$dateDiff"
                | "$dateTrunc"
        )
}

/// The server's time units, largest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Year,
    Quarter,
    Month,
    Week,
    Day,
    Hour,
    Minute,
    Second,
    Millisecond,
}

const UNITS: [(&str, Unit); 9] = [
    ("year", Unit::Year),
    ("quarter", Unit::Quarter),
    ("month", Unit::Month),
    ("week", Unit::Week),
    ("day", Unit::Day),
    ("hour", Unit::Hour),
    ("minute", Unit::Minute),
    ("second", Unit::Second),
    ("millisecond", Unit::Millisecond),
];

impl Unit {
    fn name(self) -> &'static str {
        UNITS
            .iter()
            .find(|(_, u)| *u == self)
            .map_or("", |(n, _)| n)
    }

    /// The milliseconds of one hour, minute, second or millisecond.
    fn fixed_ms(self) -> Option<i64> {
        match self {
            Unit::Hour => Some(3_600_000),
            Unit::Minute => Some(60_000),
            Unit::Second => Some(1000),
            Unit::Millisecond => Some(1),
            _ => None,
        }
    }
}

/// `unit`: a string naming one of [`UNITS`], as MongoDB 8.0 reads it for `$dateDiff` and
/// `$dateTrunc` (5439013, 5439014).
fn read_unit(op: &str, v: &Value) -> Result<Unit, ExprError> {
    let Value::String(s) = v else {
        return err(
            5_439_013,
            format!(
                "{op} requires 'unit' to be a string, but got {}",
                v.element_type().alias()
            ),
        );
    };
    match UNITS.iter().find(|(n, _)| *n == s.as_str()) {
        Some((_, u)) => Ok(*u),
        None => err(
            5_439_014,
            format!("{op} parameter 'unit' value cannot be recognized as a time unit: {s}"),
        ),
    }
}

/// `unit` as MongoDB 8.0's `$dateAdd`/`$dateSubtract` read it: their own code for a
/// non-string (5166404), the time-unit parser's `FailedToParse` for an unknown name.
fn read_arith_unit(op: &str, v: &Value) -> Result<Unit, ExprError> {
    let Value::String(s) = v else {
        return err(
            5_166_404,
            format!(
                "{op} requires 'unit' to be a string, but got {}",
                v.element_type().alias()
            ),
        );
    };
    match UNITS.iter().find(|(n, _)| *n == s.as_str()) {
        Some((_, u)) => Ok(*u),
        None => err(
            code::FAILED_TO_PARSE,
            format!(
                "{op} parameter 'unit' value parsing failed :: caused by :: unknown time unit value: {s}"
            ),
        ),
    }
}

/// `startOfWeek`: a day's name or its three letters, any case; 1 for Monday ... 7 for
/// Sunday.
fn read_start_of_week(op: &str, v: &Value) -> Result<i64, ExprError> {
    let Value::String(s) = v else {
        return err(
            5_439_015,
            format!(
                "{op} requires 'startOfWeek' to be a string, but got {}",
                v.element_type().alias()
            ),
        );
    };
    const DAYS: [&str; 7] = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    let lower = s.to_lowercase();
    match DAYS
        .iter()
        .position(|d| *d == lower || d[..3] == *lower.as_str())
    {
        Some(i) => Ok(i as i64 + 1),
        None => err(
            5_439_016,
            format!(
                "{op} parameter 'startOfWeek' value cannot be recognized as a day of a week: {s}"
            ),
        ),
    }
}

fn nullish(v: &Value) -> bool {
    matches!(v, Value::Null | Value::Undefined)
}

/// Whether `amount` of `unit` is within what the server lets `$dateAdd` try (about the
/// span of a 64-bit count of milliseconds, in the unit).
fn amount_in_range(amount: i64, unit: Unit) -> bool {
    const MAX_DAYS: i64 = (u64::MAX / DAY_MS as u64) as i64 + 1;
    const MAX_YEARS: i64 = MAX_DAYS / 365 + 1;
    let max = match unit {
        Unit::Year => MAX_YEARS,
        Unit::Quarter => MAX_YEARS * 4,
        Unit::Month => MAX_YEARS * 12,
        Unit::Week => MAX_DAYS / 7,
        Unit::Day => MAX_DAYS,
        Unit::Hour => MAX_DAYS * 24,
        Unit::Minute => MAX_DAYS * 24 * 60,
        Unit::Second | Unit::Millisecond => MAX_DAYS * 24 * 60 * 60,
    };
    -max < amount && amount < max
}

/// `amount` `unit`s after the instant `ms` (before it when negative): days and longer on
/// the zone's wall clock (a month on the 31st ends on the month's last day), hours and
/// shorter as elapsed time.
fn date_add(ms: i64, unit: Unit, amount: i64, zone: &Zone) -> Result<i64, ExprError> {
    let overflow = || err(5_166_406, "dateAdd overflowed");
    if unit == Unit::Millisecond {
        return ms.checked_add(amount).map_or_else(overflow, Ok);
    }
    if !amount_in_range(amount, unit) {
        return err(
            5_976_500,
            format!(
                "invalid dateAdd 'amount' parameter value: {amount} {}",
                unit.name()
            ),
        );
    }
    if let Some(unit_ms) = unit.fixed_ms() {
        return amount
            .checked_mul(unit_ms)
            .and_then(|d| ms.checked_add(d))
            .map_or_else(overflow, Ok);
    }
    let p = zone.parts(ms)?;
    let in_day = p.hour * 3_600_000 + p.minute * 60_000 + p.second * 1000 + p.millisecond;
    let days = match unit {
        Unit::Week => p.days.checked_add(amount * 7),
        Unit::Day => p.days.checked_add(amount),
        _ => {
            let months = match unit {
                Unit::Year => amount * 12,
                Unit::Quarter => amount * 3,
                _ => amount,
            };
            let total = (p.year * 12 + p.month - 1).checked_add(months);
            total.map(|t| {
                let (y, m) = (t.div_euclid(12), t.rem_euclid(12) + 1);
                // The day is kept, or the last day of a shorter month.
                let last = days_from_civil(y, m + 1, 1) - days_from_civil(y, m, 1);
                days_from_civil(y, m, p.day.min(last))
            })
        }
    };
    let local = days
        .and_then(|d| d.checked_mul(DAY_MS))
        .and_then(|d| d.checked_add(in_day));
    match local {
        Some(local) => zone.to_utc(local),
        None => overflow(),
    }
}

/// The server's `dateDiff`: boundaries of `unit` crossed between the two wall-clock times,
/// hours and shorter corrected for a change of offset between them.
fn date_diff(a: &Parts, b: &Parts, unit: Unit, start_of_week: i64) -> i64 {
    let years = b.year - a.year;
    let days = b.days - a.days;
    let hours = days * 24 + b.hour - a.hour;
    let minutes = hours * 60 + b.minute - a.minute;
    let shift = a.offset - b.offset;
    match unit {
        Unit::Year => years,
        Unit::Quarter => years * 4 + (b.month - 1) / 3 - (a.month - 1) / 3,
        Unit::Month => years * 12 + b.month - a.month,
        Unit::Week => {
            let in_week = |d: i64| (iso_weekday(d) - start_of_week + 7) % 7;
            (days + in_week(a.days) - in_week(b.days)) / 7
        }
        Unit::Day => days,
        Unit::Hour => hours + shift / 3600,
        Unit::Minute => minutes + shift / 60,
        _ => minutes * 60 + b.second - a.second + shift,
    }
}

impl Evaluator<'_> {
    /// The date operators of [`handles`].
    pub(super) fn date_op(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$dateToParts" => self.date_to_parts(arg, depth),
            "$dateFromParts" => self.date_from_parts(arg, depth),
            "$dateAdd" | "$dateSubtract" => self.date_arith(op, arg, depth),
            "$dateDiff" => self.date_diff(arg, depth),
            "$dateTrunc" => self.date_trunc(arg, depth),
            _ => self.extract_part(op, arg, depth),
        }
        .map(Some)
    }

    /// `$dateAdd`/`$dateSubtract: { startDate, unit, amount, timezone }`.
    fn date_arith(&self, op: &str, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(5_166_400, format!("{op} expects an object as its argument"));
        };
        let (mut start, mut unit, mut amount, mut tz) = (None, None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "startDate" => start = Some(v),
                "unit" => unit = Some(v),
                "amount" => amount = Some(v),
                "timezone" => tz = Some(v),
                other => {
                    return err(
                        5_166_401,
                        format!(
                            "Unrecognized argument to {op}: {other}. Expected arguments are startDate, unit, amount, and optionally timezone."
                        ),
                    );
                }
            }
        }
        let (Some(start), Some(unit), Some(amount)) = (start, unit, amount) else {
            return err(
                5_166_402,
                format!("{op} requires startDate, unit, and amount to be present"),
            );
        };
        let start = self.eval(start, depth)?;
        if nullish(&start) {
            return Ok(Value::Null);
        }
        let unit = self.eval(unit, depth)?;
        if nullish(&unit) {
            return Ok(Value::Null);
        }
        let unit = read_arith_unit(op, &unit)?;
        let amount = self.eval(amount, depth)?;
        if nullish(&amount) {
            return Ok(Value::Null);
        }
        let tz = tz.map(|t| self.eval(t, depth)).transpose()?;
        let Some(zone) = read_zone(tz.as_ref(), None)? else {
            return Ok(Value::Null);
        };
        let Some(ms) = as_date(&start) else {
            return err(
                5_166_403,
                format!("{op} requires startDate to be convertible to a date"),
            );
        };
        let Some(mut amount) = integral64(&amount) else {
            return err(
                5_166_405,
                format!("{op} expects integer amount of time units"),
            );
        };
        if op == "$dateSubtract" {
            if amount == i64::MIN {
                return err(
                    6_045_000,
                    format!("invalid $dateSubtract 'amount' parameter value: {amount}"),
                );
            }
            amount = -amount;
        }
        date_add(ms, unit, amount, &zone).map(Value::DateTime)
    }

    /// The `startOfWeek` value, read only when `unit` is the string "week": `None` when it
    /// is nullish, `Some(None)` when it is not read.
    fn start_of_week_value(
        &self,
        unit: &Value,
        v: Option<&Value>,
        depth: usize,
    ) -> Result<Option<Option<Value>>, ExprError> {
        match v {
            Some(v) if matches!(unit, Value::String(u) if u.as_str() == "week") => {
                let v = self.eval(v, depth)?;
                Ok((!nullish(&v)).then_some(Some(v)))
            }
            _ => Ok(Some(None)),
        }
    }

    /// `$dateDiff: { startDate, endDate, unit, timezone, startOfWeek }`: a long.
    fn date_diff(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        const OP: &str = "$dateDiff";
        let Value::Document(spec) = arg else {
            return err(
                5_166_301,
                "$dateDiff only supports an object as its argument",
            );
        };
        let [start, end, unit, tz, sow] = named_args(
            spec,
            ["startDate", "endDate", "unit", "timezone", "startOfWeek"],
            |other| {
                (
                    5_166_302,
                    format!("Unrecognized argument to $dateDiff: {other}"),
                )
            },
        )?;
        let Some(start) = start else {
            return err(5_166_303, "Missing 'startDate' parameter to $dateDiff");
        };
        let Some(end) = end else {
            return err(5_166_304, "Missing 'endDate' parameter to $dateDiff");
        };
        let Some(unit) = unit else {
            return err(5_166_305, "Missing 'unit' parameter to $dateDiff");
        };
        let start = self.eval(start, depth)?;
        if nullish(&start) {
            return Ok(Value::Null);
        }
        let end = self.eval(end, depth)?;
        if nullish(&end) {
            return Ok(Value::Null);
        }
        let unit = self.eval(unit, depth)?;
        if nullish(&unit) {
            return Ok(Value::Null);
        }
        // MongoDB 8.0 answers null for any nullish argument before it checks the others.
        let Some(sow) = self.start_of_week_value(&unit, sow, depth)? else {
            return Ok(Value::Null);
        };
        let tz = tz.map(|t| self.eval(t, depth)).transpose()?;
        let context = "$dateDiff parameter 'timezone' value parsing failed";
        let Some(zone) = read_zone(tz.as_ref(), Some(context))? else {
            return Ok(Value::Null);
        };
        let as_date_named = |v: &Value, name: &str| {
            as_date(v).map_or_else(
                || {
                    err(
                        5_166_307,
                        format!(
                            "$dateDiff requires '{name}' to be a date, but got {}",
                            v.element_type().alias()
                        ),
                    )
                },
                Ok,
            )
        };
        let (a, b) = (
            as_date_named(&start, "startDate")?,
            as_date_named(&end, "endDate")?,
        );
        let unit = read_unit(OP, &unit)?;
        let start_of_week = match &sow {
            Some(v) => read_start_of_week(OP, v)?,
            None => 7,
        };
        if unit == Unit::Millisecond {
            return b.checked_sub(a).map_or_else(
                || err(5_166_308, "dateDiff overflowed"),
                |d| Ok(Value::Int64(d)),
            );
        }
        let (a, b) = (zone.parts(a)?, zone.parts(b)?);
        Ok(Value::Int64(date_diff(&a, &b, unit, start_of_week)))
    }

    /// `$dateTrunc: { date, unit, binSize, timezone, startOfWeek }`: the start of the bin
    /// the date falls in, bins counted from 2000-01-01 on the zone's wall clock.
    fn date_trunc(&self, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        const OP: &str = "$dateTrunc";
        let Value::Document(spec) = arg else {
            return err(
                5_439_007,
                "$dateTrunc only supports an object as its argument",
            );
        };
        let [date, unit, bin, tz, sow] = named_args(
            spec,
            ["date", "unit", "binSize", "timezone", "startOfWeek"],
            |other| {
                (
                    5_439_008,
                    format!(
                        "Unrecognized argument to $dateTrunc: {other}. Expected arguments are date, unit, and optionally, binSize, timezone, startOfWeek"
                    ),
                )
            },
        )?;
        let Some(date) = date else {
            return err(5_439_009, "Missing 'date' parameter to $dateTrunc");
        };
        let Some(unit) = unit else {
            return err(5_439_010, "Missing 'unit' parameter to $dateTrunc");
        };
        // MongoDB 8.0 answers null for any nullish argument before it checks the others.
        let date = self.eval(date, depth)?;
        let unit = self.eval(unit, depth)?;
        if nullish(&date) || nullish(&unit) {
            return Ok(Value::Null);
        }
        let bin = match bin {
            None => None,
            Some(b) => match self.eval(b, depth)? {
                v if nullish(&v) => return Ok(Value::Null),
                v => Some(v),
            },
        };
        let Some(sow) = self.start_of_week_value(&unit, sow, depth)? else {
            return Ok(Value::Null);
        };
        let tz = tz.map(|t| self.eval(t, depth)).transpose()?;
        let context = "$dateTrunc parameter 'timezone' value parsing failed";
        let Some(zone) = read_zone(tz.as_ref(), Some(context))? else {
            return Ok(Value::Null);
        };
        // 8.0 answers 5439012 here (later servers share $dateDiff's 5166307).
        let Some(ms) = as_date(&date) else {
            return err(
                5_439_012,
                format!(
                    "$dateTrunc requires 'date' to be a date, but got {}",
                    date.element_type().alias()
                ),
            );
        };
        let unit = read_unit(OP, &unit)?;
        let bin_size = match bin {
            None => 1,
            Some(b) => {
                let Some(n) = integral64(&b) else {
                    return err(
                        5_439_017,
                        format!(
                            "$dateTrunc requires 'binSize' to be a 64-bit integer, but got value '{}' of type {}",
                            server_value(&b),
                            b.element_type().alias()
                        ),
                    );
                };
                if n <= 0 {
                    return err(
                        5_439_018,
                        format!(
                            "$dateTrunc requires 'binSize' to be greater than 0, but got value {n}"
                        ),
                    );
                }
                n
            }
        };
        let start_of_week = match &sow {
            Some(v) => read_start_of_week(OP, v)?,
            None => 7,
        };
        truncate(ms, unit, bin_size, &zone, start_of_week).map(Value::DateTime)
    }
}

/// The server's `truncateDate`.
fn truncate(
    ms: i64,
    unit: Unit,
    bin: i64,
    zone: &Zone,
    start_of_week: i64,
) -> Result<i64, ExprError> {
    // 2000-01-01T00:00 on the zone's wall clock.
    const Y2K: i64 = 946_684_800_000;
    let reference = Y2K - zone.offset_at(Y2K)? * 1000;
    if let Some(unit_ms) = unit.fixed_ms() {
        let Some(bin_ms) = bin.checked_mul(unit_ms) else {
            return err(5_439_002, "dateTrunc overflowed");
        };
        let Some(shifted) = ms.checked_sub(reference) else {
            return err(5_439_000, "dateTrunc overflowed");
        };
        return ms
            .checked_sub(shifted.rem_euclid(bin_ms))
            .map_or_else(|| err(5_439_001, "dateTrunc overflowed"), Ok);
    }
    if bin > 100_000_000_000 {
        return err(5_439_006, "dateTrunc unsupported binSize value");
    }
    // A week's bins start on the first `startOfWeek` on or after 2000-01-01 (a Saturday).
    let mut ref_day = days_from_civil(2000, 1, 1);
    let mut reference = reference;
    if unit == Unit::Week {
        let shift = (7 - (6 - start_of_week + 7) % 7) % 7;
        ref_day += shift;
        reference += shift * DAY_MS;
    }
    let (y, m, d) = date_parts::civil_from_days(ref_day);
    let ref_parts = Parts {
        days: ref_day,
        year: y,
        month: m,
        day: d,
        hour: 0,
        minute: 0,
        second: 0,
        millisecond: 0,
        offset: 0,
    };
    let distance = date_diff(&ref_parts, &zone.parts(ms)?, unit, start_of_week);
    let lower = distance - distance.rem_euclid(bin);
    date_add(reference, unit, lower, zone)
}

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
