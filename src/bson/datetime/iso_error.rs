//! Why ISO-8601 text is not a date, in every language.

use std::fmt;

use super::MONTH_NAMES;
use crate::bson::terms::{Found, zh};
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// A part of a date that needs a fixed number of digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatePart {
    /// `+010000`: a sign and six digits.
    ExpandedYear,
    /// The year.
    Year,
    /// The month.
    Month,
    /// The day.
    Day,
    /// The hour.
    Hour,
    /// The minutes.
    Minutes,
    /// The seconds.
    Seconds,
    /// The hours of an offset.
    OffsetHours,
    /// The minutes of an offset.
    OffsetMinutes,
}

impl Localize for DatePart {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use DatePart as P;
        out.write_str(match (lang, self) {
            (Lang::En, P::ExpandedYear) => "expanded year (a sign and six digits)",
            (Lang::En, P::Year) => "year",
            (Lang::En, P::Month) => "month",
            (Lang::En, P::Day) => "day",
            (Lang::En, P::Hour) => "hour",
            (Lang::En, P::Minutes) => "minutes",
            (Lang::En, P::Seconds) => "seconds",
            (Lang::En, P::OffsetHours) => "offset hours",
            (Lang::En, P::OffsetMinutes) => "offset minutes",
            (Lang::Vi, P::ExpandedYear) => "năm mở rộng (một dấu và sáu chữ số)",
            (Lang::Vi, P::Year) => "năm",
            (Lang::Vi, P::Month) => "tháng",
            (Lang::Vi, P::Day) => "ngày",
            (Lang::Vi, P::Hour) => "giờ",
            (Lang::Vi, P::Minutes) => "phút",
            (Lang::Vi, P::Seconds) => "giây",
            (Lang::Vi, P::OffsetHours) => "giờ của độ lệch múi giờ",
            (Lang::Vi, P::OffsetMinutes) => "phút của độ lệch múi giờ",
            (Lang::Zh, P::ExpandedYear) => "扩展年份（一个正负号加六位数字）",
            (Lang::Zh, P::Year) => "年份",
            (Lang::Zh, P::Month) => "月份",
            (Lang::Zh, P::Day) => "日期中的日",
            (Lang::Zh, P::Hour) => "小时",
            (Lang::Zh, P::Minutes) => "分钟",
            (Lang::Zh, P::Seconds) => "秒",
            (Lang::Zh, P::OffsetHours) => "时差的小时数",
            (Lang::Zh, P::OffsetMinutes) => "时差的分钟数",
        })
    }
}

/// A field whose value has a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateField {
    /// The month, 1-12.
    Month,
    /// The hour, 0-23.
    Hour,
    /// The minute, 0-59.
    Minute,
    /// The second, 0-59.
    Second,
    /// The hours of an offset, 0-23.
    OffsetHour,
    /// The minutes of an offset, 0-59.
    OffsetMinute,
}

/// A month's name in `lang`.
struct MonthName(u32);

impl Localize for MonthName {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        let month = self.0.clamp(1, 12);
        match lang {
            Lang::En => out.write_str(MONTH_NAMES[(month - 1) as usize]),
            Lang::Vi => write!(out, "tháng {month}"),
            Lang::Zh => write!(out, "{month} 月"),
        }
    }
}

/// The rule ISO-8601 text broke.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IsoDateErrorKind {
    /// No text at all.
    Empty,
    /// A part without its digits.
    Digits {
        /// How many digits the part has.
        count: usize,
        /// The part.
        part: DatePart,
        /// What was there.
        found: Found,
    },
    /// `-000000`.
    MinusZeroYear,
    /// A field outside its range.
    OutOfRange {
        /// The field.
        field: DateField,
        /// Its value.
        value: u32,
        /// The smallest value.
        min: u32,
        /// The largest value.
        max: u32,
    },
    /// `2026-10x08`.
    MonthDayDash {
        /// What was there.
        found: Found,
    },
    /// `2026-02-30`.
    DayOutOfRange {
        /// The day.
        day: u32,
        /// The month, 1-12.
        month: u32,
        /// The year.
        year: i64,
        /// The days of that month.
        days: u32,
    },
    /// Something other than `T` after the date.
    ExpectedTime {
        /// What was there.
        found: Found,
    },
    /// Second 60.
    LeapSecond,
    /// A point without fraction digits.
    FractionDigits {
        /// What was there.
        found: Found,
    },
    /// More than 9 fraction digits.
    FractionTooLong {
        /// How many there are.
        count: usize,
    },
    /// A time without `Z` or an offset.
    NoTimeZone {
        /// The whole text.
        text: String,
    },
    /// Something other than `Z` or an offset after the time.
    ExpectedOffset {
        /// What was there.
        found: Found,
    },
    /// Text after the date.
    Trailing {
        /// What was there.
        found: Found,
    },
}

impl IsoDateErrorKind {
    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use IsoDateErrorKind as E;
        match self {
            E::Empty => {
                out.write_str("a date needs at least year-month-day, but the text is empty")
            }
            E::Digits { count, part, found } => write!(
                out,
                "expected {count} digits for the {}, but found {found}",
                part.display_in(Lang::En)
            ),
            E::MinusZeroYear => out.write_str("year -000000 is not allowed; write 0000"),
            E::OutOfRange {
                field,
                value,
                min,
                max,
            } => {
                let field = match field {
                    DateField::Month => "month",
                    DateField::Hour => "hour",
                    DateField::Minute => "minute",
                    DateField::Second => "second",
                    DateField::OffsetHour => "offset hour",
                    DateField::OffsetMinute => "offset minute",
                };
                write!(out, "{field} {value} is out of range {min}-{max}")
            }
            E::MonthDayDash { found } => {
                write!(out, "expected `-` between month and day, but found {found}")
            }
            E::DayOutOfRange {
                day,
                month,
                year,
                days,
            } => write!(
                out,
                "day {day} is out of range for {} {year:04} (1-{days})",
                MonthName(*month).display_in(Lang::En)
            ),
            E::ExpectedTime { found } => write!(
                out,
                "expected `T` and a time after the date, but found {found}"
            ),
            E::LeapSecond => {
                out.write_str("second 60 is out of range 0-59 (BSON dates have no leap seconds)")
            }
            E::FractionDigits { found } => write!(
                out,
                "expected fraction digits after the point, but found {found}"
            ),
            E::FractionTooLong { count } => write!(
                out,
                "a fraction of a second has at most 9 digits, but this one has {count}"
            ),
            E::NoTimeZone { text } => write!(
                out,
                "`{text}` has no time zone: end it with Z or an offset like +07:00"
            ),
            E::ExpectedOffset { found } => write!(
                out,
                "expected `Z` or an offset such as `+07:00` after the time, but found {found}"
            ),
            E::Trailing { found } => write!(out, "unexpected {found} after the date"),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use IsoDateErrorKind as E;
        let vi = |f: &Found| f.to_string_in(Lang::Vi);
        match self {
            E::Empty => {
                out.write_str("ngày giờ cần ít nhất năm-tháng-ngày, nhưng văn bản đang trống")
            }
            E::Digits { count, part, found } => write!(
                out,
                "cần {count} chữ số cho {}, nhưng gặp {}",
                part.display_in(Lang::Vi),
                vi(found)
            ),
            E::MinusZeroYear => out.write_str("không được viết năm -000000; hãy viết 0000"),
            E::OutOfRange {
                field,
                value,
                min,
                max,
            } => match field {
                DateField::Month => write!(out, "tháng {value} nằm ngoài khoảng {min}-{max}"),
                DateField::Hour => write!(out, "giờ {value} nằm ngoài khoảng {min}-{max}"),
                DateField::Minute => write!(out, "phút {value} nằm ngoài khoảng {min}-{max}"),
                DateField::Second => write!(out, "giây {value} nằm ngoài khoảng {min}-{max}"),
                DateField::OffsetHour => write!(
                    out,
                    "giờ của độ lệch múi giờ ({value}) nằm ngoài khoảng {min}-{max}"
                ),
                DateField::OffsetMinute => write!(
                    out,
                    "phút của độ lệch múi giờ ({value}) nằm ngoài khoảng {min}-{max}"
                ),
            },
            E::MonthDayDash { found } => {
                write!(out, "cần `-` giữa tháng và ngày, nhưng gặp {}", vi(found))
            }
            E::DayOutOfRange {
                day,
                month,
                year,
                days,
            } => write!(
                out,
                "{} năm {year:04} không có ngày {day} (1-{days})",
                MonthName(*month).display_in(Lang::Vi)
            ),
            E::ExpectedTime { found } => {
                write!(out, "sau ngày cần `T` và giờ, nhưng gặp {}", vi(found))
            }
            E::LeapSecond => {
                out.write_str("giây 60 nằm ngoài khoảng 0-59 (ngày giờ BSON không có giây nhuận)")
            }
            E::FractionDigits { found } => write!(
                out,
                "sau dấu chấm cần các chữ số phần lẻ của giây, nhưng gặp {}",
                vi(found)
            ),
            E::FractionTooLong { count } => write!(
                out,
                "phần lẻ của giây có tối đa 9 chữ số, nhưng ở đây có {count}"
            ),
            E::NoTimeZone { text } => write!(
                out,
                "`{text}` không có múi giờ: hãy kết thúc bằng Z hoặc một độ lệch như +07:00"
            ),
            E::ExpectedOffset { found } => write!(
                out,
                "sau giờ cần `Z` hoặc một độ lệch như `+07:00`, nhưng gặp {}",
                vi(found)
            ),
            E::Trailing { found } => write!(out, "thừa {} sau ngày giờ", vi(found)),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use IsoDateErrorKind as E;
        let found_zh = |out: &mut dyn fmt::Write, template: &str, found: &Found| {
            zh(out, template, &[("found", &found.display_in(Lang::Zh))])
        };
        match self {
            E::Empty => out.write_str("日期至少需要 年-月-日，但文本是空的"),
            E::Digits { count, part, found } => zh(
                out,
                "{part} 应为 {count} 位数字，但找到 {found}",
                &[
                    ("part", &part.display_in(Lang::Zh)),
                    ("count", count),
                    ("found", &found.display_in(Lang::Zh)),
                ],
            ),
            E::MinusZeroYear => out.write_str("不允许年份 -000000；请写 0000"),
            E::OutOfRange {
                field,
                value,
                min,
                max,
            } => {
                let field = match field {
                    DateField::Month => "月份",
                    DateField::Hour => "小时",
                    DateField::Minute => "分钟",
                    DateField::Second => "秒",
                    DateField::OffsetHour => "时差的小时数",
                    DateField::OffsetMinute => "时差的分钟数",
                };
                write!(out, "{field} {value} 超出范围 {min}-{max}")
            }
            E::MonthDayDash { found } => found_zh(out, "月和日之间应为 `-`，但找到 {found}", found),
            E::DayOutOfRange {
                day,
                month,
                year,
                days,
            } => zh(
                out,
                "{year} 年 {month} 没有第 {day} 天（1-{days}）",
                &[
                    ("year", &format!("{year:04}")),
                    ("month", &MonthName(*month).display_in(Lang::Zh)),
                    ("day", day),
                    ("days", days),
                ],
            ),
            E::ExpectedTime { found } => {
                found_zh(out, "日期之后应为 `T` 和时间，但找到 {found}", found)
            }
            E::LeapSecond => out.write_str("秒 60 超出范围 0-59（BSON 日期没有闰秒）"),
            E::FractionDigits { found } => {
                found_zh(out, "小数点之后应为小数位，但找到 {found}", found)
            }
            E::FractionTooLong { count } => {
                write!(out, "秒的小数部分最多 9 位，但这里有 {count} 位")
            }
            E::NoTimeZone { text } => write!(
                out,
                "`{text}` 没有时区：请在末尾加上 Z 或 +07:00 这样的时差"
            ),
            E::ExpectedOffset { found } => found_zh(
                out,
                "时间之后应为 `Z` 或 `+07:00` 这样的时差，但找到 {found}",
                found,
            ),
            E::Trailing { found } => found_zh(out, "日期之后出现了多余的 {found}", found),
        }
    }

    /// One of every variant; the match makes a new variant a compile error here.
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<Self> {
        use IsoDateErrorKind as E;
        let found = || Found::EndOfText;
        let mut all = vec![
            E::Empty,
            E::MinusZeroYear,
            E::MonthDayDash { found: found() },
            E::ExpectedTime {
                found: Found::Text("X".into()),
            },
            E::LeapSecond,
            E::FractionDigits { found: found() },
            E::FractionTooLong { count: 10 },
            E::NoTimeZone {
                text: "2026-10-08T10:00:00".into(),
            },
            E::ExpectedOffset { found: found() },
            E::Trailing { found: found() },
        ];
        for part in [
            DatePart::ExpandedYear,
            DatePart::Year,
            DatePart::Month,
            DatePart::Day,
            DatePart::Hour,
            DatePart::Minutes,
            DatePart::Seconds,
            DatePart::OffsetHours,
            DatePart::OffsetMinutes,
        ] {
            all.push(E::Digits {
                count: 2,
                part,
                found: found(),
            });
        }
        for field in [
            DateField::Month,
            DateField::Hour,
            DateField::Minute,
            DateField::Second,
            DateField::OffsetHour,
            DateField::OffsetMinute,
        ] {
            all.push(E::OutOfRange {
                field,
                value: 61,
                min: 0,
                max: 59,
            });
        }
        for month in 1..=12 {
            all.push(E::DayOutOfRange {
                day: 32,
                month,
                year: 2026,
                days: 31,
            });
        }
        for e in &all {
            match e {
                E::Empty
                | E::Digits { .. }
                | E::MinusZeroYear
                | E::OutOfRange { .. }
                | E::MonthDayDash { .. }
                | E::DayOutOfRange { .. }
                | E::ExpectedTime { .. }
                | E::LeapSecond
                | E::FractionDigits { .. }
                | E::FractionTooLong { .. }
                | E::NoTimeZone { .. }
                | E::ExpectedOffset { .. }
                | E::Trailing { .. } => {}
            }
        }
        all
    }
}

impl Localize for IsoDateErrorKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for IsoDateErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}
