//! Extended JSON v2: reading canonical and relaxed (and the legacy forms the spec still
//! accepts), and writing canonical, relaxed, and two lossy views a lesson can show side by
//! side: relaxed as mongosh's JavaScript numbers print it, and plain `JSON.stringify`.

mod read;
mod write;

pub use read::{parse_document, parse_value};
pub use write::{format_double, js_number, to_string, to_string_pretty, value_to_string};

/// Which Extended JSON (or lossy JSON) to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every type kept: `{"$numberInt":"42"}`.
    Canonical,
    /// Readable: numbers as JSON numbers where exact, ISO dates for 1970..=9999.
    Relaxed,
    /// Relaxed as mongosh's `EJSON.stringify` prints it: int64 and double pass through a
    /// JavaScript number (lossy: a long past 2^53 rounds, `Double(42)` prints `42`).
    RelaxedJs,
    /// `JSON.stringify` of the shell's objects (lossy: ObjectId and Date become strings).
    Stringify,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::datetime::parse_iso;
    use crate::bson::decimal128::Decimal128;
    use crate::bson::hex;
    use crate::bson::oid::ObjectId;
    use crate::bson::spec::BINARY_UUID;
    use crate::bson::value::{Binary, Document, Value};

    #[test]
    fn doubles_print_like_the_corpus() {
        assert_eq!(format_double(1.0), "1.0");
        assert_eq!(format_double(-1.0001220703125), "-1.0001220703125");
        assert_eq!(format_double(1.2345678921232e18), "1.2345678921232E+18");
        assert_eq!(format_double(-0.0), "-0.0");
        assert_eq!(format_double(1e-5), "1.0E-5");
        assert_eq!(format_double(0.0001), "0.0001");
        assert_eq!(js_number(9007199254740993.0), "9007199254740992");
        assert_eq!(js_number(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(js_number(1e21), "1e+21");
    }

    /// The relaxed spec keeps a whole double apart from an int (`42.0`, a non-integer JSON
    /// number); mongosh's EJSON.stringify prints the JavaScript number `42`, and keeps only
    /// non-finite doubles wrapped (js-bson's `serializeValue`).
    #[test]
    fn relaxed_keeps_a_whole_double_and_mongoshs_relaxed_prints_a_js_number() {
        let mut doc = Document::new();
        doc.push("d", Value::Double(42.0));
        doc.push("i", 42);
        doc.push("z", Value::Double(-0.0));
        doc.push("n", Value::Double(f64::NAN));
        assert_eq!(
            to_string(&doc, Mode::Relaxed),
            r#"{"d":42.0,"i":42,"z":-0.0,"n":{"$numberDouble":"NaN"}}"#
        );
        assert_eq!(
            to_string(&doc, Mode::RelaxedJs),
            r#"{"d":42,"i":42,"z":0,"n":{"$numberDouble":"NaN"}}"#
        );
    }

    /// mongosh prints one document three ways (`JSON.stringify`, `EJSON.stringify` relaxed and
    /// canonical); our printers reproduce each line exactly.
    #[test]
    fn one_document_prints_as_mongosh_prints_it_three_ways() {
        let mut doc = Document::new();
        doc.push(
            "_id",
            Value::ObjectId(ObjectId::parse_hex("6ac71201a9fded4f0c2e7ec8").unwrap()),
        );
        doc.push("qty", 42);
        doc.push(
            "total",
            Value::Decimal128(Decimal128::parse("19.99").unwrap()),
        );
        doc.push("views", Value::Int64(9_007_199_254_740_993));
        doc.push(
            "at",
            Value::DateTime(parse_iso("2026-10-08T10:00:00Z").unwrap()),
        );
        let uuid = hex::decode("340a73e35b2b45a8892d712753c15406").unwrap();
        doc.push(
            "ref",
            Value::Binary(Binary {
                subtype: BINARY_UUID,
                bytes: uuid,
            }),
        );
        assert_eq!(
            to_string(&doc, Mode::Stringify),
            r#"{"_id":"6ac71201a9fded4f0c2e7ec8","qty":42,"total":{"$numberDecimal":"19.99"},"views":{"high":2097152,"low":1,"unsigned":false},"at":"2026-10-08T10:00:00.000Z","ref":"NApz41srRaiJLXEnU8FUBg=="}"#
        );
        assert_eq!(
            to_string(&doc, Mode::RelaxedJs),
            r#"{"_id":{"$oid":"6ac71201a9fded4f0c2e7ec8"},"qty":42,"total":{"$numberDecimal":"19.99"},"views":9007199254740992,"at":{"$date":"2026-10-08T10:00:00Z"},"ref":{"$binary":{"base64":"NApz41srRaiJLXEnU8FUBg==","subType":"04"}}}"#
        );
        assert_eq!(
            to_string(&doc, Mode::Canonical),
            r#"{"_id":{"$oid":"6ac71201a9fded4f0c2e7ec8"},"qty":{"$numberInt":"42"},"total":{"$numberDecimal":"19.99"},"views":{"$numberLong":"9007199254740993"},"at":{"$date":{"$numberLong":"1791453600000"}},"ref":{"$binary":{"base64":"NApz41srRaiJLXEnU8FUBg==","subType":"04"}}}"#
        );
        // The spec's relaxed form keeps the int64 exact.
        assert!(to_string(&doc, Mode::Relaxed).contains(r#""views":9007199254740993"#));
        // And canonical text reads back to the same bytes.
        let back = parse_document(&to_string(&doc, Mode::Canonical)).unwrap();
        assert_eq!(back, doc);
    }

    #[test]
    fn broken_wrappers_name_the_rule_and_the_spot() {
        let e = parse_document("{\"n\": {\"$numberLong\": \"12x\"}}").unwrap_err();
        assert!(
            e.message()
                .starts_with("`$numberLong` must be a string of digits"),
            "{e}"
        );
        assert_eq!((e.line, e.column), (1, 23));
        assert!(parse_document("{\"a\": {\"$oid\": \"00\", \"x\": 1}}").is_err());
        // `$regex` with an object is a query operator, not a regex.
        let d = parse_document("{\"a\": {\"$regex\": {\"$regularExpression\": {\"pattern\": \"x\", \"options\": \"\"}}}}").unwrap();
        assert!(matches!(d.get("a"), Some(Value::Document(_))));
    }
}
