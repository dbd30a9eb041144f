//! `$dateToString` as the server prints it: 10:00 UTC in Vietnam (UTC+7), every specifier on
//! known dates, daylight saving in New York, the default formats, the server's own jstest
//! cases, the errors, and a property test that nothing panics.

use bson_tutor::bson::datetime::{
    DEFAULT_FORMAT_IN_ZONE, DEFAULT_FORMAT_UTC, DateError, SPECIFIERS, date_to_string,
    default_format, format_in_zone, parse_iso, parse_timezone, validate_format,
};
use jiff::Timestamp;
use jiff::tz::TimeZone;
use proptest::prelude::*;

const VN: Option<&str> = Some("Asia/Ho_Chi_Minh");
const NY: Option<&str> = Some("America/New_York");

fn ms(iso: &str) -> i64 {
    parse_iso(iso).unwrap()
}

fn show(iso: &str, format: &str, tz: Option<&str>) -> String {
    date_to_string(ms(iso), format, tz).unwrap()
}

#[test]
fn ten_utc_is_five_pm_in_vietnam() {
    let at = ms("2026-10-08T10:00:00Z");
    assert_eq!(at, 1_791_453_600_000);
    assert_eq!(
        date_to_string(at, "%Y-%m-%d %H:%M:%S", VN).unwrap(),
        "2026-10-08 17:00:00"
    );
    assert_eq!(
        format_in_zone(at, "Asia/Ho_Chi_Minh").unwrap(),
        "2026-10-08T17:00:00.000"
    );
    // The stored value is the same instant whichever zone shows it.
    assert_eq!(
        date_to_string(at, DEFAULT_FORMAT_UTC, None).unwrap(),
        "2026-10-08T10:00:00.000Z"
    );
}

#[test]
fn date_only_midnight_utc_is_seven_am_in_vietnam() {
    assert_eq!(show("2026-10-01", "%Y-%m-%d %H:%M", VN), "2026-10-01 07:00");
    // And the evening before in New York: a date-only value is not "a day" everywhere.
    assert_eq!(show("2026-10-01", "%Y-%m-%d %H:%M", NY), "2026-09-30 20:00");
}

#[test]
fn dates_before_1970_are_negative_and_still_work() {
    let landing = ms("1969-07-20T20:17:40Z");
    assert!(landing < 0);
    assert_eq!(
        date_to_string(landing, "%Y-%m-%d %H:%M:%S", None).unwrap(),
        "1969-07-20 20:17:40"
    );
    // Saigon kept UTC+8 from 1960 to 1975: the zone database remembers history.
    assert_eq!(
        date_to_string(landing, "%Y-%m-%d %H:%M:%S %z %Z", VN).unwrap(),
        "1969-07-21 04:17:40 +0800 480"
    );
    assert_eq!(
        date_to_string(-1, "%Y-%m-%dT%H:%M:%S.%L", None).unwrap(),
        "1969-12-31T23:59:59.999"
    );
    assert_eq!(date_to_string(-1001, "%S.%L", None).unwrap(), "58.999");
    assert_eq!(
        show("0001-01-01T00:00:00Z", "%Y-%m-%d %j %w", None),
        "0001-01-01 001 2"
    );
}

#[test]
fn every_specifier_on_new_years_day_2026_a_thursday() {
    let at = "2026-01-01T09:08:07.006Z";
    for (format, want) in [
        ("%b", "Jan"),
        ("%B", "January"),
        ("%d", "01"),
        ("%G", "2026"),
        ("%H", "09"),
        ("%j", "001"),
        ("%L", "006"),
        ("%m", "01"),
        ("%M", "08"),
        ("%S", "07"),
        ("%u", "4"),
        ("%U", "00"),
        ("%V", "01"),
        ("%w", "5"),
        ("%Y", "2026"),
        ("%z", "+0000"),
        ("%Z", "0"),
        ("%%", "%"),
    ] {
        assert_eq!(show(at, format, None), want, "{format}");
    }
    // Every specifier in the table is covered above.
    assert_eq!(SPECIFIERS.len(), 18);
}

#[test]
fn new_years_day_2027_is_in_iso_week_53_of_2026() {
    // 2027-01-01 is a Friday; 2026 began on a Thursday, so it has 53 ISO weeks.
    assert_eq!(
        show("2027-01-01T12:00:00Z", "%w %u %U %V %G %Y %j", None),
        "6 5 00 53 2026 2027 001"
    );
    // The first Sunday of 2027 starts %U week 01; ISO week 1 starts the Monday after.
    assert_eq!(show("2027-01-03", "%U %V %G", None), "01 53 2026");
    assert_eq!(show("2027-01-04", "%U %V %G", None), "01 01 2027");
    // And the other way round: 2024-12-30 (a Monday) is in ISO week 1 of 2025.
    assert_eq!(show("2024-12-30", "%G-W%V-%u %j", None), "2025-W01-1 365");
    assert_eq!(show("2024-12-31", "%j %U", None), "366 52");
}

#[test]
fn new_york_daylight_saving_changes_the_offset() {
    let f = "%Y-%m-%d %H:%M:%S %z %Z";
    assert_eq!(
        show("2026-01-15T12:00:00Z", f, NY),
        "2026-01-15 07:00:00 -0500 -300"
    );
    assert_eq!(
        show("2026-07-15T12:00:00Z", f, NY),
        "2026-07-15 08:00:00 -0400 -240"
    );
    // Spring forward on 2026-03-08: 01:59:59.999 EST is followed by 03:00 EDT.
    assert_eq!(
        show("2026-03-08T06:59:59.999Z", "%H:%M:%S.%L %z", NY),
        "01:59:59.999 -0500"
    );
    assert_eq!(show("2026-03-08T07:00:00Z", "%H:%M %z", NY), "03:00 -0400");
    // Fall back on 2026-11-01: 01:00-02:00 local happens twice.
    assert_eq!(show("2026-11-01T05:30:00Z", "%H:%M %z", NY), "01:30 -0400");
    assert_eq!(show("2026-11-01T06:30:00Z", "%H:%M %z", NY), "01:30 -0500");
}

#[test]
fn the_manuals_example() {
    let at = "2014-01-01T08:15:39.736Z";
    assert_eq!(show(at, "%Y-%m-%d", None), "2014-01-01");
    assert_eq!(show(at, "%H:%M:%S:%L%z", NY), "03:15:39:736-0500");
    assert_eq!(
        show(at, "%H:%M:%S:%L%z", Some("+04:30")),
        "12:45:39:736+0430"
    );
    assert_eq!(show(at, "%Z", NY), "-300");
    assert_eq!(show(at, "%Z", Some("+04:30")), "270");
}

#[test]
fn the_servers_jstest_cases() {
    // jstests/aggregation/expressions/date_to_string.js: half-hour and 45-minute zones, and
    // historical offsets with seconds, which %z and %Z cut toward zero.
    let f = "%Y-%m-%d %H:%M:%S %z (%Z minutes)";
    for (iso, tz, want) in [
        (
            "2017-07-04T14:56:42.911Z",
            "UTC",
            "2017-07-04 14:56:42 +0000 (0 minutes)",
        ),
        (
            "2017-07-04T14:56:42.911Z",
            "Europe/London",
            "2017-07-04 15:56:42 +0100 (60 minutes)",
        ),
        (
            "2017-07-04T14:56:42.911Z",
            "America/New_York",
            "2017-07-04 10:56:42 -0400 (-240 minutes)",
        ),
        (
            "2017-07-04T14:56:42.911Z",
            "Australia/Eucla",
            "2017-07-04 23:41:42 +0845 (525 minutes)",
        ),
        (
            "2017-07-04T14:56:42.911Z",
            "Asia/Kathmandu",
            "2017-07-04 20:41:42 +0545 (345 minutes)",
        ),
        (
            "1935-07-10T11:36:37.133Z",
            "Europe/Amsterdam",
            "1935-07-10 12:56:09 +0119 (79 minutes)",
        ),
        (
            "1900-07-10T11:41:22.418Z",
            "America/Caracas",
            "1900-07-10 07:13:42 -0427 (-267 minutes)",
        ),
    ] {
        assert_eq!(show(iso, f, Some(tz)), want, "{tz}");
    }
    let f = "Natural: %Y-W%w-%U, ISO: %G-W%u-%V";
    assert_eq!(
        show("2017-01-01T15:08:51.911Z", f, None),
        "Natural: 2017-W1-01, ISO: 2016-W7-52"
    );
    assert_eq!(
        show("2017-07-04T15:09:12.911Z", f, None),
        "Natural: 2017-W3-27, ISO: 2017-W2-27"
    );
    assert_eq!(
        show("2017-12-04T15:09:14.911Z", f, None),
        "Natural: 2017-W2-49, ISO: 2017-W1-49"
    );
    assert_eq!(
        show("2017-07-04T15:09:12.911Z", "%b (%B) %d, %Y", None),
        "Jul (July) 04, 2017"
    );
}

#[test]
fn default_format_drops_the_z_outside_utc() {
    let at = ms("2026-10-08T10:00:00.123Z");
    assert_eq!(default_format(None), "%Y-%m-%dT%H:%M:%S.%LZ");
    assert_eq!(default_format(VN), "%Y-%m-%dT%H:%M:%S.%L");
    assert_eq!(
        format_in_zone(at, "UTC").unwrap(),
        "2026-10-08T10:00:00.123Z"
    );
    assert_eq!(
        format_in_zone(at, "+00:00").unwrap(),
        "2026-10-08T10:00:00.123Z"
    );
    // GMT is a named zone with rules, not the server's UTC zone, so no Z.
    assert_eq!(
        format_in_zone(at, "GMT").unwrap(),
        "2026-10-08T10:00:00.123"
    );
    assert_eq!(
        format_in_zone(at, "-05:00").unwrap(),
        "2026-10-08T05:00:00.123"
    );
    assert_eq!(default_format(Some("GMT")), DEFAULT_FORMAT_IN_ZONE);
}

#[test]
fn errors_say_what_the_server_says() {
    let at = ms("2026-10-08T10:00:00Z");
    let e = date_to_string(at, "%Y", Some("Asia/Saigonn")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "unrecognized time zone identifier: \"Asia/Saigonn\""
    );
    assert_eq!(e.code(), Some(40485));
    let e = date_to_string(at, "%Y-%Q", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Invalid format character '%Q' in format string"
    );
    assert_eq!(
        e,
        DateError::InvalidSpecifier {
            specifier: 'Q',
            offset: 3
        }
    );
    let e = date_to_string(at, "%Y %", None).unwrap_err();
    assert_eq!(e.to_string(), "Unmatched '%' at end of format string");
    assert_eq!(e.code(), Some(18535));
    // An escaped % at the end is fine; a third % is lone again.
    assert_eq!(date_to_string(at, "100%%", None).unwrap(), "100%");
    assert_eq!(
        validate_format("%%%").unwrap_err(),
        DateError::UnmatchedPercent
    );
    // %e is strftime's, not the server's.
    assert_eq!(validate_format("%e").unwrap_err().code(), Some(18536));
    // Years past 9999 fail only where the format prints them.
    let e = date_to_string(ms("+010000-01-01T00:00:00Z"), "%Y", None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Could not convert date to string: date component was outside the supported range of 0-9999: 10000"
    );
    assert_eq!(
        date_to_string(ms("-000001-06-01T00:00:00Z"), "%m-%d", None).unwrap(),
        "06-01"
    );
    assert_eq!(
        date_to_string(ms("-000001-06-01T00:00:00Z"), "%Y", None).unwrap_err(),
        DateError::OutOfRange { value: -1 }
    );
}

#[test]
fn parse_timezone_returns_jiff_zones() {
    let at = Timestamp::from_millisecond(ms("2026-10-08T10:00:00Z")).unwrap();
    let vn = parse_timezone("Asia/Ho_Chi_Minh").unwrap();
    assert_eq!(vn.to_offset(at).seconds(), 7 * 3600);
    for tz in ["+07:00", "+0700", "+07"] {
        assert_eq!(
            parse_timezone(tz).unwrap().to_offset(at).seconds(),
            7 * 3600
        );
    }
    assert_eq!(
        parse_timezone("-05:30").unwrap().to_offset(at).seconds(),
        -19_800
    );
    assert_eq!(parse_timezone("UTC").unwrap(), TimeZone::UTC);
    assert!(parse_timezone("GMT").is_ok());
}

/// Zones with odd offsets, DST in either hemisphere, and history.
const ZONES: &[&str] = &[
    "UTC",
    "Asia/Ho_Chi_Minh",
    "America/New_York",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "Europe/Dublin",
    "Pacific/Kiritimati",
    "America/St_Johns",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn never_panics(
        ms in any::<i64>(),
        format in "([%a-zA-Z0-9 :.é-]|%[a-zA-Z%é]){0,12}%?",
        tz in prop::sample::select(vec![
            "", "UTC", "Asia/Ho_Chi_Minh", "+99:99", "-0000", "+07", "nowhere", "+7", "GMT",
        ]),
    ) {
        let _ = date_to_string(ms, &format, Some(tz));
        let _ = date_to_string(ms, &format, None);
        let _ = parse_timezone(tz);
    }

    #[test]
    fn agrees_with_jiff_for_years_0001_to_9998(
        ms in ms_range(),
        tz in prop::sample::select(ZONES.to_vec()),
    ) {
        let zone = TimeZone::get(tz).unwrap();
        let zoned = Timestamp::from_millisecond(ms).unwrap().to_zoned(zone);
        let offset = zoned.offset().seconds();
        // jiff adds seconds to %z for old offsets like -00:25:21; the server cuts them off.
        let z = if offset % 60 == 0 { " %z" } else { "" };
        let want = zoned
            .strftime(&format!("%Y-%m-%d %H:%M:%S.%3f %j %u %U %V %G %b %B{z}"))
            .to_string();
        let ours = date_to_string(
            ms,
            &format!("%Y-%m-%d %H:%M:%S.%L %j %u %U %V %G %b %B{z}"),
            Some(tz),
        )
        .unwrap();
        prop_assert_eq!(ours, want);
        let weekday = zoned.weekday().to_sunday_one_offset();
        prop_assert_eq!(
            date_to_string(ms, "%Z %w", Some(tz)).unwrap(),
            format!("{} {weekday}", offset / 60)
        );
    }
}

fn ms_range() -> std::ops::Range<i64> {
    ms("0001-01-01T00:00:00Z")..ms("9998-12-31T00:00:00Z")
}
