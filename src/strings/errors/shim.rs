//! TEMPORARY (issue 13): `Localize` for the error types that still build English text,
//! by translating that text back. Each typed implementation deletes its line here.

use super::translate_error;

macro_rules! shim {
    ($($t:ty),* $(,)?) => {$(
        impl crate::strings::localize::Localize for $t {
            fn write_in(&self, lang: crate::strings::Lang, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
                out.write_str(&translate_error(lang, &self.to_string()))
            }
        }
    )*};
}

shim!(
    crate::bson::datetime::IsoDateError,
    crate::bson::datetime::format::DateError,
    crate::bson::hex::HexError,
    crate::bson::num::NumError,
    crate::bson::oid::ObjectIdError,
    crate::bson::parse_error::ParseError,
    crate::bson::uuid::UuidError,
    crate::lesson::load::LoadError,
);
