//! Values as the server prints them inside its error messages (`BSONElement::toString`):
//! `{ _id: 1 }`, strings in double quotes, integral doubles with a `.0`, dates as
//! `new Date(ms)`. This is not mongosh's printing; E11000 messages and update errors quote
//! values this way, and a learner comparing with a real server sees the same text.

use crate::bson::{Document, Value, hex};

/// `key: value`, as the server quotes one element (`a: "x"`, `_id: 1`).
///
/// # Examples
/// ```
/// use bson_tutor::bson::Value;
/// use bson_tutor::query::update::server_element;
/// assert_eq!(server_element("a", &Value::from("x")), "a: \"x\"");
/// assert_eq!(server_element("_id", &Value::Double(1.0)), "_id: 1.0");
/// ```
pub fn server_element(key: &str, v: &Value) -> String {
    format!("{key}: {}", server_value(v))
}

/// A document as the server prints it: `{ a: 1, b: "x" }`, `{}` when empty.
pub fn server_document(d: &Document) -> String {
    if d.is_empty() {
        return "{}".into();
    }
    let fields: Vec<String> = d.iter().map(|(k, v)| server_element(k, v)).collect();
    format!("{{ {} }}", fields.join(", "))
}

/// One value as the server prints it.
pub fn server_value(v: &Value) -> String {
    match v {
        Value::Double(x) => double_nice(*x),
        Value::String(s) | Value::Symbol(s) => format!("\"{s}\""),
        Value::Document(d) => server_document(d),
        Value::Array(items) if items.is_empty() => "[]".into(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(server_value).collect();
            format!("[ {} ]", items.join(", "))
        }
        Value::Binary(b) => format!(
            "BinData({}, {})",
            b.subtype,
            hex::encode(&b.bytes).to_uppercase()
        ),
        Value::Undefined => "undefined".into(),
        Value::ObjectId(id) => format!("ObjectId('{}')", id.to_hex()),
        Value::Boolean(b) => b.to_string(),
        Value::DateTime(ms) => format!("new Date({ms})"),
        Value::Null => "null".into(),
        Value::Regex(r) => format!("/{}/{}", r.pattern, r.options),
        Value::DbPointer(p) => format!("DBRef('{}', {})", p.namespace, p.id.to_hex()),
        Value::JavaScript(code) => code.to_string(),
        Value::JavaScriptWithScope(c) => {
            format!("CodeWScope( {}, {})", c.code, server_document(&c.scope))
        }
        Value::Int32(n) => n.to_string(),
        Value::Timestamp(t) => format!("Timestamp({}, {})", t.time, t.increment),
        Value::Int64(n) => n.to_string(),
        Value::Decimal128(d) => d.to_string(),
        Value::MinKey => "MinKey".into(),
        Value::MaxKey => "MaxKey".into(),
    }
}

/// The server's `appendDoubleNice`: C's `%.16g`, then `.0` when the text has no `.`, `E`
/// or `N` (so `1` prints `1.0`, and, faithfully, infinity prints `inf.0`).
fn double_nice(x: f64) -> String {
    let mut s = format_g16(x);
    if !s.contains(['.', 'E', 'N']) {
        s.push_str(".0");
    }
    s
}

/// C's `printf("%.16g", x)`.
fn format_g16(x: f64) -> String {
    const PRECISION: i32 = 16;
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Round to 16 significant digits first: the exponent is the rounded one's.
    let sci = format!("{:.*e}", (PRECISION - 1) as usize, x);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..PRECISION).contains(&exp) {
        let mantissa = strip_zeros(mantissa);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exp.abs())
    } else {
        let decimals = (PRECISION - 1 - exp).max(0) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_owned()
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_print_like_the_server() {
        assert_eq!(double_nice(1.0), "1.0");
        assert_eq!(double_nice(0.1), "0.1");
        assert_eq!(double_nice(0.30000000000000004), "0.3");
        assert_eq!(double_nice(1e20), "1e+20.0");
        assert_eq!(double_nice(1.5e-7), "1.5e-07");
        assert_eq!(double_nice(123456.75), "123456.75");
        assert_eq!(double_nice(f64::INFINITY), "inf.0");
    }

    #[test]
    fn documents_and_arrays() {
        let mut d = Document::new();
        d.push("_id", 1);
        d.push("tags", vec![Value::from("a"), Value::Int64(2)]);
        assert_eq!(server_document(&d), "{ _id: 1, tags: [ \"a\", 2 ] }");
    }
}
