//! Dates: signed milliseconds since the Unix epoch, shown as ISO-8601 in UTC.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
