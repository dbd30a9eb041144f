//! ObjectId: 12 bytes, a big-endian timestamp in seconds, a per-process random value and a
//! big-endian counter; and the generators that make them.
//!
//! ```text
//!  byte:  0  1  2  3 | 4  5  6  7  8 | 9 10 11
//!         timestamp  | random value  | counter
//!         seconds,   | drawn once    | starts at a random value,
//!         big-endian | per process   | +1 per id, big-endian, wraps at 2^24
//! ```
//!
//! The timestamp and counter are big-endian (unlike the rest of BSON) so that comparing the 12
//! bytes left to right compares the seconds first: ids sort by time, to the second. Within one
//! second the random value decides, so two processes' ids sort by process, not by who made
//! them first (MongoDB ObjectID spec, mongodb/specifications `source/objectid.rst`).
//!
//! Nothing here reads the clock or the operating system's random source: an
//! [`ObjectIdProcess`] is built from an rng the caller passes in, and [`ObjectIdProcess::next_id`]
//! takes the seconds as an argument.

use std::fmt;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::terms::Off;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// A 12-byte ObjectId.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct ObjectId(pub [u8; 12]);

/// One more than the largest counter: the 3-byte counter wraps from `0xffffff` to 0.
pub const COUNTER_MODULUS: u32 = 1 << 24;

impl ObjectId {
    /// An ObjectId from its three parts. Only the low 24 bits of `counter` fit in its 3 bytes;
    /// higher bits are dropped, as a counter that wraps at 2^24 would.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::ObjectId;
    /// let id = ObjectId::from_parts(0x6ac7_11ed, [0x45, 0x4f, 0x58, 0x8c, 0xa2], 0xd0_5d4b);
    /// assert_eq!(id.to_hex(), "6ac711ed454f588ca2d05d4b");
    /// ```
    pub const fn from_parts(secs: u32, random_value: [u8; 5], counter: u32) -> Self {
        let t = secs.to_be_bytes();
        let c = counter.to_be_bytes();
        let r = random_value;
        ObjectId([
            t[0], t[1], t[2], t[3], r[0], r[1], r[2], r[3], r[4], c[1], c[2], c[3],
        ])
    }

    /// The smallest ObjectId of second `secs`: the timestamp, then eight zero bytes. This is
    /// mongosh's `ObjectId.createFromTime(secs)`, the lower bound for "created at or after" range
    /// queries on `_id`; `ObjectId(secs)` fills the random value and counter instead, so it is
    /// not the smallest id of that second.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::ObjectId;
    /// let start = ObjectId::create_from_time(1_791_417_600); // 2026-10-08T00:00:00Z
    /// assert_eq!(start.to_hex(), "6ac6dd000000000000000000");
    /// ```
    pub const fn create_from_time(secs: u32) -> Self {
        Self::from_parts(secs, [0; 5], 0)
    }

    /// The raw bytes.
    pub const fn bytes(&self) -> [u8; 12] {
        self.0
    }

    /// The creation time in seconds since the epoch (bytes 0..4, big-endian, unsigned: ids
    /// cover 1970-01-01T00:00:00Z to 2106-02-07T06:28:15Z).
    pub const fn timestamp(&self) -> u32 {
        u32::from_be_bytes([self.0[0], self.0[1], self.0[2], self.0[3]])
    }

    /// The creation time in milliseconds, as mongosh's `getTimestamp()` returns it: always a
    /// whole second (`.000`), because the id only stores seconds.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::{ObjectId, datetime::format_iso};
    /// let id = ObjectId::parse_hex("6ac711ed454f588ca2d05d4b").unwrap();
    /// assert_eq!(format_iso(id.get_timestamp_ms()), "2026-10-08T03:45:49.000Z");
    /// ```
    pub const fn get_timestamp_ms(&self) -> i64 {
        self.timestamp() as i64 * 1000
    }

    /// The 5-byte random value (bytes 4..9) of the process that made the id.
    ///
    /// The ObjectID spec forbids drivers to expose this (applications must not read meaning
    /// into it); a tutorial shows it because it explains the sort order within a second.
    pub const fn random_value(&self) -> [u8; 5] {
        [self.0[4], self.0[5], self.0[6], self.0[7], self.0[8]]
    }

    /// The 3-byte counter (bytes 9..12, big-endian), from 0 to `0xffffff`.
    ///
    /// Like [`ObjectId::random_value`], something drivers do not expose.
    pub const fn counter(&self) -> u32 {
        u32::from_be_bytes([0, self.0[9], self.0[10], self.0[11]])
    }

    /// The 24 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        super::hex::encode(&self.0)
    }

    /// The hex digits cut into timestamp, random value and counter with `separator` between
    /// them, as lessons print ids.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::ObjectId;
    /// let id = ObjectId::parse_hex("6ac711ed454f588ca2d05d4b").unwrap();
    /// assert_eq!(id.to_split_hex(" | "), "6ac711ed | 454f588ca2 | d05d4b");
    /// ```
    pub fn to_split_hex(&self, separator: &str) -> String {
        let h = self.to_hex();
        format!("{}{separator}{}{separator}{}", &h[..8], &h[8..18], &h[18..])
    }

    /// Parses 24 hex digits (either case).
    ///
    /// # Errors
    /// When the text is not exactly 24 characters, or one of them is not a hex digit; the
    /// error's column points at the first extra or bad character, or at the end of a short id.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::ObjectId;
    /// assert!(ObjectId::parse_hex("6AC711ED454F588CA2D05D4B").is_ok());
    /// let e = ObjectId::parse_hex("6ac711ed454f588ca2d05d4b0").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "an ObjectId is 24 hex digits, but `6ac711ed454f588ca2d05d4b0` has 25 (1 too many)"
    /// );
    /// assert_eq!(e.column, 25);
    /// let e = ObjectId::parse_hex("6ac711ed454f588ca2d05d4g").unwrap_err();
    /// assert_eq!(
    ///     e.to_string(),
    ///     "an ObjectId is 24 hex digits, but `6ac711ed454f588ca2d05d4g` has `g` at column 24, \
    ///      which is not a hex digit (0-9, a-f)"
    /// );
    /// ```
    pub fn parse_hex(text: &str) -> Result<Self, ObjectIdError> {
        let n = text.chars().count();
        if n != 24 {
            let column = if n > 24 { 25 } else { n + 1 };
            return Err(ObjectIdError {
                column,
                kind: ObjectIdErrorKind::Length {
                    text: text.into(),
                    count: n,
                    all_hex: text.chars().all(|c| c.is_ascii_hexdigit()),
                },
            });
        }
        let mut id = [0u8; 12];
        for (i, c) in text.chars().enumerate() {
            let Some(digit) = c.to_digit(16) else {
                return Err(ObjectIdError {
                    column: i + 1,
                    kind: ObjectIdErrorKind::NotHex {
                        text: text.into(),
                        found: c,
                        column: i + 1,
                    },
                });
            };
            // 24 ASCII hex digits, so `i / 2` is in 0..12 and the digit fits in 4 bits.
            id[i / 2] |= (digit as u8) << if i.is_multiple_of(2) { 4 } else { 0 };
        }
        Ok(ObjectId(id))
    }
}

impl fmt::Display for ObjectId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl std::str::FromStr for ObjectId {
    type Err = ObjectIdError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::parse_hex(s)
    }
}

/// Why a text is not an ObjectId, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectIdError {
    /// 1-based column of the first bad or extra character, or just past the end of a short id.
    pub column: usize,
    /// What is wrong: "an ObjectId is 24 hex digits, but `…` has 25 (1 too many)".
    pub kind: ObjectIdErrorKind,
}

/// What is wrong with a text that should be an ObjectId.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectIdErrorKind {
    /// Not 24 characters.
    Length {
        /// The text.
        text: String,
        /// Its length in characters.
        count: usize,
        /// Whether every character is a hex digit (then they are counted as digits).
        all_hex: bool,
    },
    /// A character that is not a hex digit.
    NotHex {
        /// The text.
        text: String,
        /// The character.
        found: char,
        /// Its 1-based column.
        column: usize,
    },
}

impl Localize for ObjectIdError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use ObjectIdErrorKind as K;
        match (lang, &self.kind) {
            (
                _,
                K::Length {
                    text,
                    count,
                    all_hex,
                },
            ) => {
                let off = Off::of(*count, 24).to_string_in(lang);
                match (lang, all_hex) {
                    (Lang::En, true) => write!(
                        out,
                        "an ObjectId is 24 hex digits, but `{text}` has {count} ({off})"
                    ),
                    (Lang::En, false) => write!(
                        out,
                        "an ObjectId is 24 hex digits, but `{text}` has {count} characters ({off})"
                    ),
                    (Lang::Vi, true) => write!(
                        out,
                        "ObjectId gồm 24 chữ số hex, nhưng `{text}` có {count} ({off})"
                    ),
                    (Lang::Vi, false) => write!(
                        out,
                        "ObjectId gồm 24 chữ số hex, nhưng `{text}` có {count} ký tự ({off})"
                    ),
                    (Lang::Zh, true) => write!(
                        out,
                        "ObjectId 是 24 位十六进制数字，但 `{text}` 有 {count} 位（{off}）"
                    ),
                    (Lang::Zh, false) => write!(
                        out,
                        "ObjectId 是 24 位十六进制数字，但 `{text}` 有 {count} 个字符（{off}）"
                    ),
                }
            }
            (
                Lang::En,
                K::NotHex {
                    text,
                    found,
                    column,
                },
            ) => write!(
                out,
                "an ObjectId is 24 hex digits, but `{text}` has `{found}` at column {column}, \
                 which is not a hex digit (0-9, a-f)"
            ),
            (
                Lang::Vi,
                K::NotHex {
                    text,
                    found,
                    column,
                },
            ) => write!(
                out,
                "ObjectId gồm 24 chữ số hex, nhưng `{text}` có `{found}` ở cột {column}, \
                 không phải chữ số hex (0-9, a-f)"
            ),
            (
                Lang::Zh,
                K::NotHex {
                    text,
                    found,
                    column,
                },
            ) => write!(
                out,
                "ObjectId 是 24 位十六进制数字，但 `{text}` 的第 {column} 列是 `{found}`，\
                 它不是十六进制数字（0-9、a-f）"
            ),
        }
    }
}

impl fmt::Display for ObjectIdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ObjectIdError {}

impl From<ObjectIdError> for String {
    fn from(e: ObjectIdError) -> Self {
        e.to_string()
    }
}

/// One ObjectId-generating process, as a value: its 5-byte random value and its next counter.
///
/// A driver or mongosh draws both once, when it starts, and then adds one to the counter for
/// every id. Here the draw comes from an rng the caller passes in and the seconds are an
/// argument, so a lesson can replay two "processes" exactly.
///
/// # Examples
/// A mongosh process's generator, rebuilt from the first id it printed:
/// ```
/// use bson_tutor::bson::oid::ObjectIdProcess;
/// let mut p = ObjectIdProcess::new([0x45, 0x4f, 0x58, 0x8c, 0xa2], 0xd0_5d4b);
/// assert_eq!(p.next_id(1_791_431_149).to_hex(), "6ac711ed454f588ca2d05d4b");
/// assert_eq!(p.next_id(1_791_431_149).to_hex(), "6ac711ed454f588ca2d05d4c");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ObjectIdProcess {
    random_value: [u8; 5],
    counter: u32,
}

impl ObjectIdProcess {
    /// A process with this random value whose next id gets counter `next_counter` (only its
    /// low 24 bits count).
    pub const fn new(random_value: [u8; 5], next_counter: u32) -> Self {
        ObjectIdProcess {
            random_value,
            counter: next_counter % COUNTER_MODULUS,
        }
    }

    /// A process as a driver starts one: 5 random bytes, then a random 24-bit counter start.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::{ObjectIdProcess, seeded_rng};
    /// let a = ObjectIdProcess::from_rng(&mut seeded_rng(7));
    /// let b = ObjectIdProcess::from_rng(&mut seeded_rng(7));
    /// assert_eq!(a, b); // same seed, same process
    /// ```
    pub fn from_rng<R: Rng + ?Sized>(rng: &mut R) -> Self {
        let mut random_value = [0u8; 5];
        rng.fill_bytes(&mut random_value);
        // Uniform over 0..2^24: the low 24 bits of a uniform u32.
        let counter = rng.next_u32() % COUNTER_MODULUS;
        ObjectIdProcess {
            random_value,
            counter,
        }
    }

    /// The random value every id from this process carries in bytes 4..9.
    pub const fn random_value(&self) -> [u8; 5] {
        self.random_value
    }

    /// The counter the next id will carry.
    pub const fn next_counter(&self) -> u32 {
        self.counter
    }

    /// The next id, made in second `secs`: the counter goes into the id, then moves on by one,
    /// wrapping from `0xffffff` to 0 (the ObjectID spec's overflow rule).
    ///
    /// No allocation, no clock, no system call.
    #[inline]
    pub fn next_id(&mut self, secs: u32) -> ObjectId {
        let counter = self.counter;
        self.counter = (counter + 1) % COUNTER_MODULUS;
        ObjectId::from_parts(secs, self.random_value, counter)
    }
}

/// The rng every seeded lesson, test and `--seed` run uses: `StdRng::seed_from_u64(seed)`.
///
/// Why this one: in rand 0.9, `StdRng` is ChaCha12, and `seed_from_u64` expands the `u64` with
/// rand_core's PCG32 before seeding it. Both are platform-independent, so a seed gives the
/// same ids on every machine. What rand does not promise is that `StdRng` stays ChaCha12 in a
/// later rand version; `seeded_rng_is_value_stable` (tests/oid.rs) pins known ids so that an
/// upgrade that changes them fails loudly. If that happens, depend on `rand_chacha` and return
/// `rand_chacha::ChaCha12Rng::seed_from_u64(seed)` here: it produces exactly today's stream
/// (rand 0.9's `StdRng` is a thin wrapper around it), so the classroom ids stay the same.
pub fn seeded_rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// `count` processes drawn one after another from [`seeded_rng`]`(seed)`: the classroom
/// version of starting mongosh `count` times. The first process of a seed is the same however
/// many are asked for, and it is also the process of [`SeededGenerator::from_seed`](crate::bson::generate::SeededGenerator::from_seed).
///
/// # Examples
/// ```
/// use bson_tutor::bson::oid::processes_from_seed;
/// let two = processes_from_seed(3, 2);
/// assert_eq!(two[0], processes_from_seed(3, 1)[0]);
/// assert_ne!(two[0].random_value(), two[1].random_value());
/// ```
pub fn processes_from_seed(seed: u64, count: usize) -> Vec<ObjectIdProcess> {
    let mut rng = seeded_rng(seed);
    (0..count)
        .map(|_| ObjectIdProcess::from_rng(&mut rng))
        .collect()
}

#[cfg(test)]
mod tests {

    #[test]
    fn every_error_in_every_language() {
        use crate::strings::localize::english_words;
        let all = [
            ObjectIdErrorKind::Length {
                text: "abc".into(),
                count: 3,
                all_hex: true,
            },
            ObjectIdErrorKind::Length {
                text: "a".repeat(25),
                count: 25,
                all_hex: false,
            },
            ObjectIdErrorKind::NotHex {
                text: "64f1c2a0b3e4d5f6a7b8c9dz".into(),
                found: 'z',
                column: 24,
            },
        ];
        for kind in all {
            // A new variant must be added above.
            match &kind {
                ObjectIdErrorKind::Length { .. } | ObjectIdErrorKind::NotHex { .. } => {}
            }
            let e = ObjectIdError { column: 1, kind };
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            for lang in [Lang::Vi, Lang::Zh] {
                let text = e.to_string_in(lang);
                assert_ne!(text, en);
                assert_eq!(
                    english_words(&text),
                    Vec::<String>::new(),
                    "{lang:?}: {text}"
                );
            }
        }
    }
    use super::*;

    #[test]
    fn timestamp_is_big_endian_seconds() {
        let id = ObjectId::parse_hex("6ac711ed454f588ca2d05d4b").expect("valid hex");
        assert_eq!(id.timestamp(), 1_791_431_149);
        assert_eq!(id.to_string(), "6ac711ed454f588ca2d05d4b");
        assert!(ObjectId::parse_hex("6ac7").is_err());
    }

    #[test]
    fn parts_come_back_out() {
        let id = ObjectId::parse_hex("6ac711ed174cbaf76ff1a390").unwrap();
        assert_eq!(id.random_value(), [0x17, 0x4c, 0xba, 0xf7, 0x6f]);
        assert_eq!(id.counter(), 0xf1_a390);
        assert_eq!(
            ObjectId::from_parts(id.timestamp(), id.random_value(), id.counter()),
            id
        );
        assert_eq!(id.to_split_hex(" "), "6ac711ed 174cbaf76f f1a390");
    }

    #[test]
    fn counter_above_24_bits_is_dropped() {
        let id = ObjectId::from_parts(0, [0; 5], 0x0100_0001);
        assert_eq!(id.counter(), 1);
        assert_eq!(ObjectIdProcess::new([0; 5], 0x0100_0002).next_counter(), 2);
    }

    #[test]
    fn short_id_points_past_its_end() {
        let e = ObjectId::parse_hex("6ac7").unwrap_err();
        assert_eq!(e.column, 5);
        assert_eq!(
            e.to_string(),
            "an ObjectId is 24 hex digits, but `6ac7` has 4 (20 too few)"
        );
    }

    #[test]
    fn pasted_constructor_is_counted_in_characters() {
        let e = ObjectId::parse_hex("ObjectId('6ac711ed454f588ca2d05d4b')").unwrap_err();
        assert!(
            e.to_string().ends_with("has 36 characters (12 too many)"),
            "{e}"
        );
    }

    #[test]
    fn non_ascii_is_a_bad_character_not_a_panic() {
        let text = "6ac711ed454f588ca2d05d4é";
        assert_eq!(text.chars().count(), 24);
        let e = ObjectId::parse_hex(text).unwrap_err();
        assert_eq!(e.column, 24);
        assert!(e.to_string().contains("`é` at column 24"), "{e}");
    }
}
