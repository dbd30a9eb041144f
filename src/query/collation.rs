//! Collation: how strings compare when a query, a sort or a pipeline names a locale
//! (`{ locale: "en", strength: 2 }`), as the server does it with ICU.
//!
//! The specification is read as the server's collator factory reads it
//! (src/mongo/db/query/collation/collator_factory_icu.cpp): the same fields, the same
//! defaults, the same refusals in the server's words and codes (a missing or misspelt
//! `locale`, a `strength` outside 1–5, `caseFirst` without a level to act on, an unknown
//! field). `{ locale: "simple" }` is the binary comparison every query uses by default.
//!
//! The comparison itself is ICU4X's (`icu_collator`): the Unicode Collation Algorithm with
//! CLDR's tailorings, which is what ICU implements for the server. Two options ICU4X does not
//! expose are refused by the tutor in its own words rather than silently ignored:
//! `backwards: true` where the locale does not already imply it (ICU4X sets backward
//! secondary weights only from the locale, as `fr_CA` does), and `normalization: false` is
//! accepted but changes nothing (ICU4X always normalizes, which gives the same order for
//! text in NFC or NFD; only malformed, non-FCD text could differ). The locales are the ones
//! the manual lists (Collation Locales and Default Parameters), with their `@collation=`
//! variants; a variant whose data ICU4X does not carry (`search`, `big5han`, `gb2312han`) is
//! refused by the tutor.

use std::cmp::Ordering;
use std::fmt;
use std::sync::Arc;

use icu_collator::options::{AlternateHandling, CaseLevel, CollatorOptions, MaxVariable, Strength};
use icu_collator::{Collator, CollatorBorrowed, CollatorPreferences};
use icu_locale_core::Locale;

use super::server::{ServerError, code};
use super::update::server_fmt::{server_document, server_element};
use crate::bson::{Document, Value};
use crate::strings::localize::Localize;
use crate::strings::{Lang, write_trf};

/// The locales the server accepts (the manual's table of supported languages and locales,
/// and the server's own locale tests), as ICU locale ids.
pub const LOCALES: &[&str] = &[
    "af",
    "am",
    "ar",
    "as",
    "az",
    "be",
    "bg",
    "bn",
    "bo",
    "bs",
    "bs_Cyrl",
    "ca",
    "chr",
    "cs",
    "cy",
    "da",
    "de",
    "de_AT",
    "dsb",
    "dz",
    "ee",
    "el",
    "en",
    "en_US",
    "en_US_POSIX",
    "eo",
    "es",
    "et",
    "fa",
    "fa_AF",
    "fi",
    "fil",
    "fo",
    "fr",
    "fr_CA",
    "ga",
    "gl",
    "gu",
    "ha",
    "haw",
    "he",
    "hi",
    "hr",
    "hsb",
    "hu",
    "hy",
    "id",
    "ig",
    "is",
    "it",
    "ja",
    "ka",
    "kk",
    "kl",
    "km",
    "kn",
    "ko",
    "kok",
    "ky",
    "lb",
    "lkt",
    "ln",
    "lo",
    "lt",
    "lv",
    "mk",
    "ml",
    "mn",
    "mr",
    "ms",
    "mt",
    "my",
    "nb",
    "ne",
    "nl",
    "nn",
    "om",
    "or",
    "pa",
    "pl",
    "ps",
    "pt",
    "ro",
    "ru",
    "se",
    "si",
    "sk",
    "sl",
    "smn",
    "sq",
    "sr",
    "sr_Latn",
    "sv",
    "sw",
    "ta",
    "te",
    "th",
    "to",
    "tr",
    "ug",
    "uk",
    "ur",
    "vi",
    "wae",
    "yi",
    "yo",
    "zh",
    "zh_Hant",
    "zu",
];

/// The `@collation=` variants the manual lists, with the BCP 47 `co` value ICU4X knows them
/// by (`None`: ICU4X carries no data for it).
const VARIANTS: &[(&str, Option<&str>)] = &[
    ("compat", Some("compat")),
    ("eor", Some("eor")),
    ("phonebook", Some("phonebk")),
    ("pinyin", Some("pinyin")),
    ("stroke", Some("stroke")),
    ("traditional", Some("trad")),
    ("unihan", Some("unihan")),
    ("zhuyin", Some("zhuyin")),
    ("search", None),
    ("big5han", None),
    ("gb2312han", None),
];

/// How strings compare: byte by byte (`simple`, the default), or by a locale's rules.
#[derive(Clone, Debug, Default)]
pub enum Collation {
    /// The binary comparison of UTF-8 bytes: `"B" < "a"`, `"10" < "9"`.
    #[default]
    Simple,
    /// A locale's rules.
    Locale(Arc<LocaleCollation>),
}

/// Two collations are the same when their resolved specifications are.
impl PartialEq for Collation {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Collation::Simple, Collation::Simple) => true,
            (Collation::Locale(a), Collation::Locale(b)) => a.spec == b.spec,
            _ => false,
        }
    }
}

impl Eq for Collation {}

/// A collation by a locale: its resolved specification and the collator built from it.
pub struct LocaleCollation {
    spec: Spec,
    collator: CollatorBorrowed<'static>,
}

impl fmt::Debug for LocaleCollation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LocaleCollation")
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}

/// A collation specification with every default filled in, as the server reports it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The locale as given (`en_US`, `de@collation=phonebook`).
    pub locale: String,
    /// Whether case is a level of its own below the primary.
    pub case_level: bool,
    /// `upper`, `lower` or `off`.
    pub case_first: CaseFirst,
    /// 1 (base letters) to 5 (identical).
    pub strength: u8,
    /// Whether digit sequences compare as numbers (`"9" < "10"`).
    pub numeric_ordering: bool,
    /// Whether spaces and punctuation are ignored (`shifted`) or count (`non-ignorable`).
    pub shifted: bool,
    /// With `shifted`: whether only spaces (`space`) or also punctuation (`punct`) are
    /// ignorable.
    pub max_variable_space: bool,
    /// Whether text is normalized before comparing.
    pub normalization: bool,
    /// Whether accents compare from the end of the string (French in Canada).
    pub backwards: bool,
}

/// The `caseFirst` option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseFirst {
    /// Upper case sorts first.
    Upper,
    /// Lower case sorts first.
    Lower,
    /// The locale's default (lower first for most).
    Off,
}

impl CaseFirst {
    fn name(self) -> &'static str {
        match self {
            CaseFirst::Upper => "upper",
            CaseFirst::Lower => "lower",
            CaseFirst::Off => "off",
        }
    }
}

/// Why a collation specification was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CollationError {
    /// The server refuses it: its words and code.
    Server(ServerError),
    /// The server accepts it, but bson-tutor's collator cannot do it.
    NotSupported {
        /// The option as written (`backwards: true`, `@collation=search`).
        option: String,
    },
}

impl Localize for CollationError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            CollationError::Server(e) => e.write_in(lang, out),
            CollationError::NotSupported { option } => write_trf(
                out,
                lang,
                "{option} is valid on the server, but bson-tutor's collator (ICU4X) cannot apply it",
                &[option],
            ),
        }
    }
}

impl fmt::Display for CollationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for CollationError {}

fn server(code: i32, text: String) -> CollationError {
    CollationError::Server(ServerError::new(code, text))
}

/// The type name the server prints in its extraction errors (`bool`, `string`, `int`): its
/// `typeName`, which is the `$type` alias.
fn type_name(v: &Value) -> &'static str {
    v.element_type().alias()
}

/// A field read as the server's `bsonExtract*Field` reads it: absent, or of the wrong type.
fn typed<'a>(
    spec: &'a Document,
    field: &str,
    want: &'static str,
) -> Result<Option<&'a Value>, CollationError> {
    let Some(v) = spec.get(field) else {
        return Ok(None);
    };
    if type_name(v) != want {
        return Err(server(
            code::TYPE_MISMATCH,
            format!(
                "\"{field}\" had the wrong type. Expected {want}, found {}",
                type_name(v)
            ),
        ));
    }
    Ok(Some(v))
}

fn boolean(spec: &Document, field: &str) -> Result<Option<bool>, CollationError> {
    Ok(typed(spec, field, "bool")?.map(|v| matches!(v, Value::Boolean(true))))
}

fn string<'a>(spec: &'a Document, field: &str) -> Result<Option<&'a str>, CollationError> {
    Ok(typed(spec, field, "string")?.and_then(|v| match v {
        Value::String(s) => Some(s.as_str()),
        _ => None,
    }))
}

/// `strength` as `bsonExtractIntegerField` reads it: any number that is a whole 64-bit value.
fn integer(spec: &Document, field: &str) -> Result<Option<i64>, CollationError> {
    let Some(v) = spec.get(field) else {
        return Ok(None);
    };
    let as_f64 = match v {
        Value::Int32(n) => f64::from(*n),
        Value::Int64(n) => return Ok(Some(*n)),
        Value::Double(x) => *x,
        Value::Decimal128(d) => d.to_f64(),
        other => {
            return Err(server(
                code::TYPE_MISMATCH,
                format!(
                    "Expected field \"{field}\" to have numeric type, but found {}",
                    type_name(other)
                ),
            ));
        }
    };
    // Saturating, as the server's safeNumberLong is; a fraction or NaN is refused.
    let whole = as_f64 as i64;
    if whole as f64 != as_f64 {
        return Err(server(
            code::BAD_VALUE,
            format!(
                "Expected field \"{field}\" to have a value exactly representable as a 64-bit integer, but found {}",
                server_element(field, v)
            ),
        ));
    }
    Ok(Some(whole))
}

fn one(field: &str, v: &Value) -> Document {
    let mut d = Document::new();
    d.push(field, v.clone());
    d
}

impl Collation {
    /// Reads a collation specification as the server does.
    ///
    /// # Errors
    /// The server's refusal, word for word ([`CollationError::Server`]), or an option the
    /// tutor's collator cannot apply ([`CollationError::NotSupported`]).
    ///
    /// # Examples
    /// ```
    /// use std::cmp::Ordering;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collation::Collation;
    /// let spec = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let simple = Collation::default();
    /// assert_eq!(simple.compare_str("10", "9"), Ordering::Less);
    /// let numeric = Collation::parse(&spec("{ locale: 'en', numericOrdering: true }")).unwrap();
    /// assert_eq!(numeric.compare_str("10", "9"), Ordering::Greater);
    /// let e = Collation::parse(&spec("{ locale: 'en', strength: 6 }")).unwrap_err();
    /// assert_eq!(e.to_string(), "Field 'strength' must be an integer 1 through 5. Got: 6");
    /// ```
    pub fn parse(spec: &Document) -> Result<Collation, CollationError> {
        let printed = server_document(spec);
        let Some(locale) = string(spec, "locale")? else {
            return Err(server(
                code::NO_SUCH_KEY,
                "Missing expected field \"locale\"".into(),
            ));
        };
        if locale.contains('\0') {
            return Err(server(
                code::BAD_VALUE,
                format!("Field 'locale' cannot contain null byte. Collation spec: {printed}"),
            ));
        }
        if locale == "simple" {
            if spec.len() > 1 {
                return Err(server(
                    code::FAILED_TO_PARSE,
                    format!("If locale=simple, no other fields should be present in: {printed}"),
                ));
            }
            return Ok(Collation::Simple);
        }
        if locale.is_empty() {
            return Err(server(
                code::BAD_VALUE,
                format!("Field 'locale' cannot be the empty string in: {printed}"),
            ));
        }
        let (base, variant) = match locale.split_once("@collation=") {
            Some((base, variant)) => (base, Some(variant)),
            None => (locale, None),
        };
        let known_variant = variant.map(|v| VARIANTS.iter().find(|(name, _)| *name == v));
        if !LOCALES.contains(&base) || matches!(known_variant, Some(None)) {
            let mut text = format!("Field 'locale' is invalid in: {printed}");
            let suggestion = base.replace('-', "_");
            if suggestion != base && LOCALES.contains(&suggestion.as_str()) {
                text.push_str(&format!(". Did you mean '{suggestion}'?"));
            }
            return Err(server(code::BAD_VALUE, text));
        }
        let co = match known_variant.flatten() {
            Some((name, None)) => {
                return Err(CollationError::NotSupported {
                    option: format!("@collation={name}"),
                });
            }
            Some((_, Some(co))) => Some(*co),
            None => None,
        };

        let case_level = boolean(spec, "caseLevel")?;
        let case_first = match string(spec, "caseFirst")? {
            None => None,
            Some("upper") => Some(CaseFirst::Upper),
            Some("lower") => Some(CaseFirst::Lower),
            Some("off") => Some(CaseFirst::Off),
            Some(other) => {
                return Err(server(
                    code::FAILED_TO_PARSE,
                    format!("Field 'caseFirst' must be 'upper', 'lower', or 'off'. Got: {other}"),
                ));
            }
        };
        let strength = match integer(spec, "strength")? {
            None => None,
            Some(n @ 1..=5) => Some(n as u8),
            Some(n) => {
                return Err(server(
                    code::FAILED_TO_PARSE,
                    format!("Field 'strength' must be an integer 1 through 5. Got: {n}"),
                ));
            }
        };
        let numeric_ordering = boolean(spec, "numericOrdering")?;
        let shifted = match string(spec, "alternate")? {
            None => None,
            Some("non-ignorable") => Some(false),
            Some("shifted") => Some(true),
            Some(other) => {
                return Err(server(
                    code::FAILED_TO_PARSE,
                    format!("Field 'alternate' must be 'non-ignorable' or 'shifted'. Got: {other}"),
                ));
            }
        };
        let max_variable_space = match string(spec, "maxVariable")? {
            None => None,
            Some("punct") => Some(false),
            Some("space") => Some(true),
            Some(other) => {
                return Err(server(
                    code::FAILED_TO_PARSE,
                    format!("Field 'maxVariable' must be 'punct' or 'space'. Got: {other}"),
                ));
            }
        };
        let normalization = boolean(spec, "normalization")?;
        let backwards = boolean(spec, "backwards")?;
        if let Some(version) = string(spec, "version")? {
            return Err(server(
                code::INCOMPATIBLE_COLLATION_VERSION,
                format!(
                    "Requested collation version {version} but the only available collator version was {ICU_VERSION}. Requested collation spec: {printed}"
                ),
            ));
        }
        let known = [
            "locale",
            "caseLevel",
            "caseFirst",
            "strength",
            "numericOrdering",
            "alternate",
            "maxVariable",
            "normalization",
            "backwards",
            "version",
        ];
        if spec.iter().any(|(k, _)| !known.contains(&k)) {
            return Err(server(
                code::FAILED_TO_PARSE,
                format!("Collation spec contains unknown field. Collation spec: {printed}"),
            ));
        }

        // The locale's own defaults: Danish and Maltese sort upper case first, French in
        // Canada weighs accents backwards.
        let language = base.split('_').next().unwrap_or(base);
        let implied_upper = matches!(language, "da" | "mt");
        let implied_backwards = base == "fr_CA";
        let resolved = Spec {
            locale: locale.to_string(),
            case_level: case_level.unwrap_or(false),
            case_first: case_first.unwrap_or(if implied_upper {
                CaseFirst::Upper
            } else {
                CaseFirst::Off
            }),
            strength: strength.unwrap_or(3),
            numeric_ordering: numeric_ordering.unwrap_or(false),
            shifted: shifted.unwrap_or(false),
            max_variable_space: max_variable_space.unwrap_or(false),
            normalization: normalization.unwrap_or(false),
            backwards: backwards.unwrap_or(implied_backwards),
        };
        if resolved.backwards && resolved.strength == 1 {
            return Err(server(
                code::BAD_VALUE,
                format!(
                    "'backwards' is invalid with 'strength' of 1 in: {}",
                    server_document(&resolved.to_document())
                ),
            ));
        }
        if resolved.case_first != CaseFirst::Off && !resolved.case_level && resolved.strength <= 2 {
            return Err(server(
                code::BAD_VALUE,
                format!(
                    "'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: {}",
                    server_document(&resolved.to_document())
                ),
            ));
        }
        if resolved.backwards != implied_backwards {
            return Err(CollationError::NotSupported {
                option: format!("backwards: {}", resolved.backwards),
            });
        }
        let collator = build(base, co, &resolved).map_err(|_| CollationError::NotSupported {
            option: format!("locale: \"{locale}\""),
        })?;
        Ok(Collation::Locale(Arc::new(LocaleCollation {
            spec: resolved,
            collator,
        })))
    }

    /// Compares two strings under this collation.
    pub fn compare_str(&self, a: &str, b: &str) -> Ordering {
        match self {
            Collation::Simple => a.as_bytes().cmp(b.as_bytes()),
            Collation::Locale(c) => c.collator.compare(a, b),
        }
    }

    /// Whether this is the simple (binary) collation.
    pub fn is_simple(&self) -> bool {
        matches!(self, Collation::Simple)
    }

    /// The specification with every default filled in, as the server reports it
    /// (`{ locale: "simple" }` for the binary comparison).
    pub fn to_document(&self) -> Document {
        match self {
            Collation::Simple => one("locale", &Value::from("simple")),
            Collation::Locale(c) => c.spec.to_document(),
        }
    }
}

/// The ICU version the server's collator reports as its `version` (MongoDB 8.0 bundles ICU
/// 57.1's collation data version).
pub const ICU_VERSION: &str = "57.1";

impl Spec {
    /// The resolved specification as a document, in the server's field order.
    pub fn to_document(&self) -> Document {
        let mut d = Document::new();
        d.push("locale", Value::from(self.locale.as_str()));
        d.push("caseLevel", Value::Boolean(self.case_level));
        d.push("caseFirst", Value::from(self.case_first.name()));
        d.push("strength", Value::Int32(i32::from(self.strength)));
        d.push("numericOrdering", Value::Boolean(self.numeric_ordering));
        d.push(
            "alternate",
            Value::from(if self.shifted {
                "shifted"
            } else {
                "non-ignorable"
            }),
        );
        d.push(
            "maxVariable",
            Value::from(if self.max_variable_space {
                "space"
            } else {
                "punct"
            }),
        );
        d.push("normalization", Value::Boolean(self.normalization));
        d.push("backwards", Value::Boolean(self.backwards));
        d.push("version", Value::from(ICU_VERSION));
        d
    }
}

/// The ICU4X collator for `base` (`en_US`), variant `co` and the options of `spec`.
fn build(
    base: &str,
    co: Option<&str>,
    spec: &Spec,
) -> Result<CollatorBorrowed<'static>, impl std::fmt::Debug> {
    // ICU ids to BCP 47: `en_US_POSIX` is `en-US-u-va-posix`, `_` becomes `-`.
    let mut tag = match base {
        "en_US_POSIX" => "en-US-u-va-posix".to_string(),
        other => other.replace('_', "-"),
    };
    let mut keys = Vec::new();
    if let Some(co) = co {
        keys.push(format!("co-{co}"));
    }
    keys.push(format!(
        "kn-{}",
        if spec.numeric_ordering {
            "true"
        } else {
            "false"
        }
    ));
    keys.push(format!(
        "kf-{}",
        match spec.case_first {
            CaseFirst::Upper => "upper",
            CaseFirst::Lower => "lower",
            CaseFirst::Off => "false",
        }
    ));
    if tag.contains("-u-") {
        tag.push('-');
    } else {
        tag.push_str("-u-");
    }
    tag.push_str(&keys.join("-"));
    let locale = Locale::try_from_str(&tag).unwrap_or(Locale::UNKNOWN);
    let prefs = CollatorPreferences::from(&locale);
    let mut options = CollatorOptions::default();
    options.strength = Some(match spec.strength {
        1 => Strength::Primary,
        2 => Strength::Secondary,
        3 => Strength::Tertiary,
        4 => Strength::Quaternary,
        _ => Strength::Identical,
    });
    options.alternate_handling = Some(if spec.shifted {
        AlternateHandling::Shifted
    } else {
        AlternateHandling::NonIgnorable
    });
    options.max_variable = Some(if spec.max_variable_space {
        MaxVariable::Space
    } else {
        MaxVariable::Punctuation
    });
    options.case_level = Some(if spec.case_level {
        CaseLevel::On
    } else {
        CaseLevel::Off
    });
    Collator::try_new(prefs, options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::shell::{FixedGenerator, parse_document};

    fn spec(s: &str) -> Document {
        parse_document(s, &mut FixedGenerator::new(0))
            .unwrap()
            .value
    }

    fn refused(s: &str) -> String {
        Collation::parse(&spec(s)).unwrap_err().to_string()
    }

    #[test]
    fn the_servers_refusals_word_for_word() {
        // collator_factory_icu.cpp and bson_extract.cpp.
        assert_eq!(refused("{}"), "Missing expected field \"locale\"");
        assert_eq!(
            refused("{ locale: 1 }"),
            "\"locale\" had the wrong type. Expected string, found int"
        );
        assert_eq!(
            refused("{ locale: 'simple', strength: 1 }"),
            "If locale=simple, no other fields should be present in: { locale: \"simple\", strength: 1 }"
        );
        assert_eq!(
            refused("{ locale: 'xx' }"),
            "Field 'locale' is invalid in: { locale: \"xx\" }"
        );
        assert_eq!(
            refused("{ locale: 'en-US' }"),
            "Field 'locale' is invalid in: { locale: \"en-US\" }. Did you mean 'en_US'?"
        );
        assert_eq!(
            refused("{ locale: '' }"),
            "Field 'locale' cannot be the empty string in: { locale: \"\" }"
        );
        assert_eq!(
            refused("{ locale: 'en', strength: 0 }"),
            "Field 'strength' must be an integer 1 through 5. Got: 0"
        );
        assert_eq!(
            refused("{ locale: 'en', strength: 'high' }"),
            "Expected field \"strength\" to have numeric type, but found string"
        );
        assert_eq!(
            refused("{ locale: 'en', caseLevel: 1 }"),
            "\"caseLevel\" had the wrong type. Expected bool, found int"
        );
        assert_eq!(
            refused("{ locale: 'en', caseFirst: 'title' }"),
            "Field 'caseFirst' must be 'upper', 'lower', or 'off'. Got: title"
        );
        assert_eq!(
            refused("{ locale: 'en', alternate: 'ignore' }"),
            "Field 'alternate' must be 'non-ignorable' or 'shifted'. Got: ignore"
        );
        assert_eq!(
            refused("{ locale: 'en', maxVariable: 'all' }"),
            "Field 'maxVariable' must be 'punct' or 'space'. Got: all"
        );
        assert_eq!(
            refused("{ locale: 'en', colour: 'blue' }"),
            "Collation spec contains unknown field. Collation spec: { locale: \"en\", colour: \"blue\" }"
        );
        assert!(
            refused("{ locale: 'en', caseFirst: 'upper', strength: 2 }")
                .starts_with("'caseFirst' is invalid unless 'caseLevel' is on or 'strength' is greater than 2 in: { locale: \"en\"")
        );
        assert!(
            refused("{ locale: 'fr_CA', strength: 1 }")
                .starts_with("'backwards' is invalid with 'strength' of 1 in: { locale: \"fr_CA\"")
        );
    }

    #[test]
    fn what_the_tutor_cannot_do_is_said_not_ignored() {
        let e = Collation::parse(&spec("{ locale: 'en', backwards: true }")).unwrap_err();
        assert!(matches!(e, CollationError::NotSupported { .. }), "{e}");
        assert_eq!(
            e.to_string(),
            "backwards: true is valid on the server, but bson-tutor's collator (ICU4X) cannot apply it"
        );
        let e = Collation::parse(&spec("{ locale: 'de@collation=search' }")).unwrap_err();
        assert!(matches!(e, CollationError::NotSupported { .. }), "{e}");
    }

    #[test]
    fn every_listed_locale_builds_a_collator() {
        for locale in LOCALES {
            let d = one("locale", &Value::from(*locale));
            let c = Collation::parse(&d).unwrap_or_else(|e| panic!("{locale}: {e}"));
            assert!(!c.is_simple());
        }
    }

    #[test]
    fn the_manuals_examples_compare_as_documented() {
        let c = |s: &str| Collation::parse(&spec(s)).unwrap();
        // numericOrdering: "10" after "9" (the seed's fix).
        let numeric = c("{ locale: 'en', numericOrdering: true }");
        assert_eq!(numeric.compare_str("10", "9"), Ordering::Greater);
        assert_eq!(c("{ locale: 'en' }").compare_str("10", "9"), Ordering::Less);
        // strength 1: base letters only (café = cafe = Cafe); 2 adds accents; 3 adds case.
        let primary = c("{ locale: 'fr', strength: 1 }");
        assert_eq!(primary.compare_str("café", "Cafe"), Ordering::Equal);
        let secondary = c("{ locale: 'fr', strength: 2 }");
        assert_eq!(secondary.compare_str("cafe", "Cafe"), Ordering::Equal);
        assert_ne!(secondary.compare_str("café", "cafe"), Ordering::Equal);
        let tertiary = c("{ locale: 'fr' }");
        assert_ne!(tertiary.compare_str("cafe", "Cafe"), Ordering::Equal);
        // caseFirst: upper sorts "A" before "a".
        let upper = c("{ locale: 'en', caseFirst: 'upper' }");
        assert_eq!(upper.compare_str("A", "a"), Ordering::Less);
        assert_eq!(
            c("{ locale: 'en' }").compare_str("A", "a"),
            Ordering::Greater
        );
        // alternate shifted: spaces and punctuation are ignored.
        let shifted = c("{ locale: 'en', alternate: 'shifted' }");
        assert_eq!(shifted.compare_str("a-b", "ab"), Ordering::Equal);
        // Simple: binary, "B" < "a".
        assert_eq!(Collation::Simple.compare_str("B", "a"), Ordering::Less);
        assert_eq!(
            c("{ locale: 'en' }").compare_str("B", "a"),
            Ordering::Greater
        );
        // German phonebook: ä sorts as ae.
        let phone = c("{ locale: 'de@collation=phonebook', strength: 1 }");
        assert_eq!(phone.compare_str("ä", "ae"), Ordering::Equal);
    }

    #[test]
    fn the_resolved_spec_fills_the_defaults() {
        let c = Collation::parse(&spec("{ locale: 'fr_CA' }")).unwrap();
        assert_eq!(
            server_document(&c.to_document()),
            "{ locale: \"fr_CA\", caseLevel: false, caseFirst: \"off\", strength: 3, \
             numericOrdering: false, alternate: \"non-ignorable\", maxVariable: \"punct\", \
             normalization: false, backwards: true, version: \"57.1\" }"
        );
    }
}
