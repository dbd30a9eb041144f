//! Writing Extended JSON: canonical, relaxed, and the two labelled lossy views.

use super::Mode;
use crate::bson::base64;
use crate::bson::datetime::format_iso;
use crate::bson::json;
use crate::bson::spec::BINARY_UUID;
use crate::bson::value::{Document, Value};

/// A double as Extended JSON writes it: shortest round-trip digits, `1.0` for integers,
/// exponent form (`1.2345678921232E+18`) outside 1e-4..1e16, `-0.0`, `NaN`, `Infinity`.
pub fn format_double(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let sci = format!("{v:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..16).contains(&exp) {
        let plain = format!("{v}");
        if plain.contains('.') {
            plain
        } else {
            format!("{plain}.0")
        }
    } else {
        let point = if mantissa.contains('.') { "" } else { ".0" };
        format!("{mantissa}{point}E{}{exp}", if exp >= 0 { "+" } else { "" })
    }
}

/// Writes a document as one line of compact Extended JSON (or a lossy view).
///
/// # Examples
/// ```
/// use bson_tutor::bson::{ejson::{to_string, Mode}, Document, Value};
/// let mut d = Document::new();
/// d.push("qty", 42);
/// d.push("views", Value::Int64(9_007_199_254_740_993));
/// assert_eq!(to_string(&d, Mode::Canonical),
///     r#"{"qty":{"$numberInt":"42"},"views":{"$numberLong":"9007199254740993"}}"#);
/// assert_eq!(to_string(&d, Mode::Relaxed), r#"{"qty":42,"views":9007199254740993}"#);
/// assert_eq!(to_string(&d, Mode::RelaxedJs), r#"{"qty":42,"views":9007199254740992}"#);
/// ```
pub fn to_string(doc: &Document, mode: Mode) -> String {
    let mut out = String::new();
    write_document(&mut out, doc, mode);
    out
}

/// Writes a document as indented Extended JSON (two spaces per level).
pub fn to_string_pretty(doc: &Document, mode: Mode) -> String {
    let compact = to_string(doc, mode);
    match json::parse(&compact) {
        Ok(node) => {
            let mut out = String::new();
            json::write_pretty(&mut out, &node.value, 0);
            out
        }
        // Our own output is always JSON; should that ever fail, compact is still correct.
        Err(_) => compact,
    }
}

/// Writes one value.
pub fn value_to_string(v: &Value, mode: Mode) -> String {
    let mut out = String::new();
    write_value(&mut out, v, mode);
    out
}

fn write_document(out: &mut String, doc: &Document, mode: Mode) {
    out.push('{');
    for (i, (k, v)) in doc.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        json::write_string(out, k);
        out.push(':');
        write_value(out, v, mode);
    }
    out.push('}');
}

fn wrap(out: &mut String, key: &str, inner: impl FnOnce(&mut String)) {
    out.push_str("{\"");
    out.push_str(key);
    out.push_str("\":");
    inner(out);
    out.push('}');
}

fn wrap_str(out: &mut String, key: &str, s: &str) {
    wrap(out, key, |o| json::write_string(o, s));
}

fn write_value(out: &mut String, v: &Value, mode: Mode) {
    let lossy = matches!(mode, Mode::Stringify);
    let relaxed = !matches!(mode, Mode::Canonical);
    match v {
        Value::Double(d) => {
            if relaxed && d.is_finite() {
                // The relaxed spec writes a double with a fraction or an exponent (`42.0`), so
                // it reads back as a double. mongosh's EJSON.stringify hands it to JavaScript
                // as a plain number first, which prints `42`: the int/double difference is
                // lost there, not in the spec.
                out.push_str(&if matches!(mode, Mode::RelaxedJs | Mode::Stringify) {
                    js_number(*d)
                } else {
                    format_double(*d)
                });
            } else if lossy {
                out.push_str("null");
            } else {
                wrap_str(out, "$numberDouble", &format_double(*d));
            }
        }
        Value::String(s) => json::write_string(out, s),
        Value::Document(d) => write_document(out, d, mode),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_value(out, item, mode);
            }
            out.push(']');
        }
        Value::Binary(b) => {
            if lossy && b.subtype == BINARY_UUID {
                json::write_string(out, &base64::encode(&b.bytes));
            } else {
                wrap(out, "$binary", |o| {
                    o.push_str("{\"base64\":");
                    json::write_string(o, &base64::encode(&b.bytes));
                    o.push_str(&format!(",\"subType\":\"{:02x}\"}}", b.subtype));
                });
            }
        }
        Value::Undefined => {
            if lossy {
                out.push_str("null")
            } else {
                wrap(out, "$undefined", |o| o.push_str("true"))
            }
        }
        Value::ObjectId(id) => {
            if lossy {
                json::write_string(out, &id.to_hex())
            } else {
                wrap_str(out, "$oid", &id.to_hex())
            }
        }
        Value::Boolean(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::DateTime(ms) => {
            if lossy {
                json::write_string(out, &format_iso(*ms));
            } else if relaxed && (0..=253_402_300_799_999).contains(ms) {
                wrap_str(out, "$date", &relaxed_iso(*ms));
            } else {
                wrap(out, "$date", |o| {
                    wrap_str(o, "$numberLong", &ms.to_string())
                });
            }
        }
        Value::Null => out.push_str("null"),
        Value::Regex(r) => {
            if lossy {
                out.push_str("{}");
            } else {
                wrap(out, "$regularExpression", |o| {
                    o.push_str("{\"pattern\":");
                    json::write_string(o, &r.pattern);
                    o.push_str(",\"options\":");
                    json::write_string(o, &r.options);
                    o.push('}');
                });
            }
        }
        Value::DbPointer(p) => wrap(out, "$dbPointer", |o| {
            o.push_str("{\"$ref\":");
            json::write_string(o, &p.namespace);
            o.push_str(",\"$id\":");
            wrap_str(o, "$oid", &p.id.to_hex());
            o.push('}');
        }),
        Value::JavaScript(c) => wrap_str(out, "$code", c),
        // The spec keeps the wrapper in relaxed mode too; only JSON.stringify loses it.
        Value::Symbol(s) => {
            if lossy {
                json::write_string(out, s)
            } else {
                wrap_str(out, "$symbol", s)
            }
        }
        Value::JavaScriptWithScope(c) => {
            out.push_str("{\"$code\":");
            json::write_string(out, &c.code);
            out.push_str(",\"$scope\":");
            write_document(out, &c.scope, mode);
            out.push('}');
        }
        Value::Int32(n) => {
            if relaxed {
                out.push_str(&n.to_string())
            } else {
                wrap_str(out, "$numberInt", &n.to_string())
            }
        }
        Value::Timestamp(ts) => {
            if lossy {
                out.push_str(&format!(
                    "{{\"$timestamp\":\"{}\"}}",
                    (u64::from(ts.time) << 32) | u64::from(ts.increment)
                ));
            } else {
                out.push_str(&format!(
                    "{{\"$timestamp\":{{\"t\":{},\"i\":{}}}}}",
                    ts.time, ts.increment
                ));
            }
        }
        Value::Int64(n) => match mode {
            Mode::Canonical => wrap_str(out, "$numberLong", &n.to_string()),
            Mode::Relaxed => out.push_str(&n.to_string()),
            // mongosh hands the Long to JavaScript as a double first.
            Mode::RelaxedJs => out.push_str(&js_number(*n as f64)),
            // js-bson's Long serialises its two 32-bit halves.
            Mode::Stringify => out.push_str(&format!(
                "{{\"high\":{},\"low\":{},\"unsigned\":false}}",
                (*n >> 32) as i32,
                *n as i32
            )),
        },
        Value::Decimal128(d) => wrap_str(out, "$numberDecimal", &d.to_string()),
        Value::MinKey => wrap(out, "$minKey", |o| o.push('1')),
        Value::MaxKey => wrap(out, "$maxKey", |o| o.push('1')),
    }
}

/// An ISO date for relaxed Extended JSON: milliseconds only when non-zero, `Z` suffix.
fn relaxed_iso(ms: i64) -> String {
    let iso = format_iso(ms);
    match iso.strip_suffix(".000Z") {
        Some(base) => format!("{base}Z"),
        None => iso,
    }
}

/// A number as JavaScript's `Number.prototype.toString` writes it (integers without `.0`).
pub fn js_number(v: f64) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if v == 0.0 {
        return "0".into();
    }
    let sci = format!("{v:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-7..21).contains(&exp) {
        format!("{v}")
    } else {
        format!("{mantissa}e{}{exp}", if exp >= 0 { "+" } else { "" })
    }
}
