//! Why `$dateToString` refused: the server's errors, and this tutor's limits on time zones.

use std::fmt;

use super::format_iso;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Why `$dateToString` refused: the server's error, with its code where it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DateError {
    /// The format ends in a `%` with no letter after it (server code 18535).
    UnmatchedPercent,
    /// `%` is followed by a letter that is not in [`SPECIFIERS`](super::SPECIFIERS) (server code 18536).
    InvalidSpecifier {
        /// The character after `%`.
        specifier: char,
        /// Byte offset of the `%` in the format.
        offset: usize,
    },
    /// The time zone is neither a known IANA name nor a `+hh`, `+hhmm` or `+hh:mm` offset
    /// (server code 40485).
    UnknownTimeZone {
        /// The zone as given.
        name: String,
    },
    /// A number the format asks for is outside 0-9999, such as the year of a date after
    /// 9999-12-31 or before 0000-01-01 (server code 18537).
    OutOfRange {
        /// The value that could not be printed.
        value: i64,
    },
    /// The date is outside the years -9999..=9999 that this tutor reads time-zone rules for.
    /// The server has no such limit; UTC and fixed offsets work here for every date.
    BeyondZoneRules {
        /// The date.
        ms: i64,
        /// The zone's name.
        zone: String,
    },
    /// [`parse_timezone`](super::parse_timezone) only: an offset the server accepts (it allows up to `+99:99`) but
    /// that is beyond the ±25:59:59 a `jiff` time zone can hold.
    OffsetTooLarge {
        /// The offset as given.
        offset: String,
    },
}

impl DateError {
    /// The server's error code (shown as `Location18536` and the like), if the server has
    /// this error.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::datetime::date_to_string;
    /// assert_eq!(date_to_string(0, "%", None).unwrap_err().code(), Some(18535));
    /// ```
    pub fn code(&self) -> Option<u32> {
        match self {
            DateError::UnmatchedPercent => Some(18535),
            DateError::InvalidSpecifier { .. } => Some(18536),
            DateError::UnknownTimeZone { .. } => Some(40485),
            DateError::OutOfRange { .. } => Some(18537),
            DateError::BeyondZoneRules { .. } | DateError::OffsetTooLarge { .. } => None,
        }
    }
}

impl Localize for DateError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        // The first four are the server's messages word for word, in every language, so a
        // learner can search for them.
        match (lang, self) {
            (_, DateError::UnmatchedPercent) => {
                out.write_str("Unmatched '%' at end of format string")
            }
            (_, DateError::InvalidSpecifier { specifier, .. }) => write!(
                out,
                "Invalid format character '%{specifier}' in format string"
            ),
            (_, DateError::UnknownTimeZone { name }) => {
                write!(out, "unrecognized time zone identifier: \"{name}\"")
            }
            (_, DateError::OutOfRange { value }) => write!(
                out,
                "Could not convert date to string: date component was outside the supported \
                 range of 0-9999: {value}"
            ),
            (Lang::En, DateError::BeyondZoneRules { ms, zone }) => write!(
                out,
                "{} is outside the years -9999 to 9999 this tutor has rules for `{zone}`; \
                 UTC or a fixed offset like +07:00 works for every date",
                format_iso(*ms)
            ),
            (Lang::Vi, DateError::BeyondZoneRules { ms, zone }) => write!(
                out,
                "{} nằm ngoài các năm -9999 đến 9999 mà trình hướng dẫn này có quy tắc múi giờ \
                 cho `{zone}`; UTC hoặc một độ lệch cố định như +07:00 thì dùng được với mọi ngày",
                format_iso(*ms)
            ),
            (Lang::Zh, DateError::BeyondZoneRules { ms, zone }) => write!(
                out,
                "{} 超出了本教程为 `{zone}` 提供时区规则的年份范围（-9999 到 9999）；\
                 UTC 或 +07:00 这样的固定时差适用于所有日期",
                format_iso(*ms)
            ),
            (Lang::En, DateError::OffsetTooLarge { offset }) => write!(
                out,
                "the offset `{offset}` is beyond the ±25:59:59 a jiff time zone can hold"
            ),
            (Lang::Vi, DateError::OffsetTooLarge { offset }) => write!(
                out,
                "độ lệch `{offset}` vượt quá ±25:59:59, mức mà múi giờ của jiff chứa được"
            ),
            (Lang::Zh, DateError::OffsetTooLarge { offset }) => {
                write!(out, "时差 `{offset}` 超出了 jiff 时区能表示的 ±25:59:59")
            }
        }
    }
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for DateError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strings::localize::english_words;

    /// One of each variant; the `match` makes a new variant a compile error here.
    fn every_variant() -> Vec<DateError> {
        let all = vec![
            DateError::UnmatchedPercent,
            DateError::InvalidSpecifier {
                specifier: 'Q',
                offset: 3,
            },
            DateError::UnknownTimeZone {
                name: "Mars/Olympus".into(),
            },
            DateError::OutOfRange { value: 10_000 },
            DateError::BeyondZoneRules {
                ms: 400_000_000_000_000,
                zone: "Asia/Ho_Chi_Minh".into(),
            },
            DateError::OffsetTooLarge {
                offset: "+99:99".into(),
            },
        ];
        for e in &all {
            match e {
                DateError::UnmatchedPercent
                | DateError::InvalidSpecifier { .. }
                | DateError::UnknownTimeZone { .. }
                | DateError::OutOfRange { .. }
                | DateError::BeyondZoneRules { .. }
                | DateError::OffsetTooLarge { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_variant_in_every_language() {
        for e in every_variant() {
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                let text = e.to_string_in(lang);
                if e.code().is_some() {
                    // The server's words, as the server prints them.
                    assert_eq!(text, en, "{lang:?}");
                } else {
                    assert_ne!(text, en, "{lang:?}: {en}");
                    assert_eq!(
                        english_words(&text),
                        Vec::<String>::new(),
                        "{lang:?}: {text}"
                    );
                }
            }
        }
    }
}
