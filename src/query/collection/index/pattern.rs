//! Key patterns as the server checks them (`index_key_validate`), the names the driver gives
//! indexes, and index specs as the server quotes them in its messages.

use super::IndexOptions;
use crate::bson::ejson::js_number;
use crate::bson::num::Number;
use crate::bson::shell::print_value;
use crate::bson::{Document, Value};
use crate::query::error::{QueryErrorKind, code};
use crate::query::order;
use crate::query::update::server_document;

/// The name the driver gives an index created without one: each field and its value, joined
/// by `_` (the Node.js driver's `Array.from(key).flat().join('_')`, which mongosh uses), so
/// `{ email: 1 }` is `email_1`, `{ a: 1, b: -1 }` is `a_1_b_-1` and `{ loc: "2dsphere" }` is
/// `loc_2dsphere`. Values are written as JavaScript's `String()` writes them: `1.5`,
/// `NumberDecimal("1.0")` as `1.0`, `true`, null as nothing, `[object Object]` for a document.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::collection::index_name;
/// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// assert_eq!(index_name(&doc("{ email: 1 }")), "email_1");
/// assert_eq!(index_name(&doc("{ a: 1, 'b.c': -1 }")), "a_1_b.c_-1");
/// assert_eq!(index_name(&doc("{ loc: '2dsphere' }")), "loc_2dsphere");
/// ```
pub fn index_name(keys: &Document) -> String {
    let parts: Vec<String> = keys
        .iter()
        .flat_map(|(k, v)| [k.to_owned(), js_string(v)])
        .collect();
    parts.join("_")
}

/// A value as JavaScript's `String()` writes the driver's object for it.
fn js_string(v: &Value) -> String {
    match v {
        Value::Int32(n) => n.to_string(),
        Value::Int64(n) => n.to_string(),
        Value::Double(x) => js_number(*x),
        Value::Decimal128(d) => d.to_string(),
        Value::String(s) => s.to_string(),
        Value::Boolean(b) => b.to_string(),
        // `Array.prototype.join` writes null and undefined as nothing.
        Value::Null | Value::Undefined => String::new(),
        Value::Array(items) => items.iter().map(js_string).collect::<Vec<_>>().join(","),
        Value::Document(_) => "[object Object]".into(),
        Value::ObjectId(id) => id.to_hex(),
        other => print_value(other),
    }
}

/// An index spec as the catalog prints it: `{ v: 2, unique: true, key: { email: 1 }, name:
/// "email_1" }`.
pub(super) fn catalog_spec(key: &Document, name: &str, unique: bool) -> String {
    let mut d = Document::with_capacity(4);
    d.push("v", 2);
    if unique {
        d.push("unique", true);
    }
    d.push("key", key.clone());
    d.push("name", name);
    server_document(&d)
}

/// The index spec mongosh sends for `createIndex(keys, options)`: the options, then the
/// name, then the key (the driver's `{ ...options, name, key }`). The options are written
/// `unique` first, as `{ unique: true, name: 'x' }` sends them; `unique: false` is not sent.
pub(super) fn sent_spec(key: &Document, name: &str, options: &IndexOptions) -> Document {
    let mut d = Document::with_capacity(3);
    if options.unique {
        d.push("unique", true);
    }
    d.push("name", name);
    d.push("key", key.clone());
    d
}

/// The index type a key pattern names (`IndexNames::findPluginName`): the first string
/// value, `wildcard` for a `$**` field, and `""` for an ascending/descending index.
pub(super) fn plugin_name(key: &Document) -> &str {
    for (field, v) in key.iter() {
        if let Value::String(s) = v {
            return s;
        }
        if field == "$**" || field.ends_with(".$**") {
            return "wildcard";
        }
    }
    ""
}

/// The index types the server knows (`IndexNames::isKnownName`).
const KNOWN_PLUGINS: [&str; 7] = [
    "2d",
    "2dsphere",
    "2dsphere_bucket",
    "text",
    "hashed",
    "wildcard",
    "columnstore",
];

/// The server's refusal of a key pattern (`index_key_validate::validateKeyPattern`, then the
/// empty strings `validateIndexSpec` looks for), in the server's order.
pub(super) fn check_key_pattern(key: &Document) -> Result<(), QueryErrorKind> {
    let refuse = |text: &str| Err(QueryErrorKind::server(code::CANNOT_CREATE_INDEX, text));
    let mut seen: Vec<&str> = Vec::with_capacity(key.len());
    for field in key.keys() {
        if seen.contains(&field) {
            return Err(QueryErrorKind::server(
                code::BAD_VALUE,
                format!(
                    "The field '{field}' appears multiple times in the index key pattern {}",
                    server_document(key)
                ),
            ));
        }
        seen.push(field);
    }
    if crate::query::limits::measure(key).bson > 2048 {
        return refuse("Index key pattern too large.");
    }
    if key.is_empty() {
        return refuse("Index keys cannot be empty.");
    }
    let plugin = plugin_name(key);
    if plugin == "geoHaystack" {
        return refuse("GeoHaystack indexes cannot be created in version 5.0 and above");
    }
    if !plugin.is_empty() && !KNOWN_PLUGINS.contains(&plugin) {
        return refuse(&format!("Unknown index plugin '{plugin}'"));
    }
    for (field, v) in key.iter() {
        match (Number::of(v), v) {
            (Some(n), _) => {
                let x = n.to_f64();
                if x.is_nan() {
                    return refuse("Values in the index key pattern cannot be NaN.");
                }
                if x == 0.0 {
                    return refuse("Values in the index key pattern cannot be 0.");
                }
            }
            (None, Value::String(s)) => {
                if s.as_str() != plugin {
                    return refuse("Can't use more than one index plugin for a single index.");
                }
                if s.as_str() == "wildcard" {
                    return refuse(
                        "The key pattern value for an 'wildcard' index must be a non-zero number, not a string.",
                    );
                }
            }
            (None, other) => {
                return refuse(&format!(
                    "Values in v:2 index key pattern cannot be of type {}. Only numbers > 0, numbers < 0, and strings are allowed.",
                    other.element_type().alias()
                ));
            }
        }
        check_key_field(field, v, plugin)?;
    }
    for (field, v) in key.iter() {
        if matches!(v, Value::String(s) if s.is_empty()) {
            return refuse("Values in the index key pattern cannot be empty strings");
        }
        if plugin == "wildcard" && field == "$**" && key.len() > 1 {
            return refuse(
                "Compound wildcard indexes on all fields must also specify 'wildcardProjection' option",
            );
        }
    }
    Ok(())
}

/// One field name of a key pattern: no empty components, and no `$`-prefixed one except a
/// DBRef's `$ref`, `$id`, `$db` after the first and a wildcard's final `$**`.
fn check_key_field(field: &str, v: &Value, plugin: &str) -> Result<(), QueryErrorKind> {
    let refuse = |text: &str| Err(QueryErrorKind::server(code::CANNOT_CREATE_INDEX, text));
    if field.is_empty() {
        return refuse("Index keys cannot be an empty field.");
    }
    let text = v.as_str().unwrap_or("");
    if field == "$**" && (Number::of(v).is_some() || text == "text" || text == "columnstore") {
        return Ok(());
    }
    if field == "_fts" && text != "text" {
        return refuse("Index key contains an illegal field name: '_fts'");
    }
    let parts: Vec<&str> = field.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        if part.is_empty() {
            return refuse("Index keys cannot contain an empty field.");
        }
        if !part.starts_with('$') {
            continue;
        }
        let dbref = i != 0 && matches!(*part, "$db" | "$id" | "$ref");
        let wildcard =
            i == parts.len() - 1 && *part == "$**" && matches!(plugin, "wildcard" | "columnstore");
        if !dbref && !wildcard {
            return refuse("Index key contains an illegal field name: field name starts with '$'.");
        }
    }
    Ok(())
}

/// Whether the server takes `key` for the `_id` index's pattern (`isIdIndexPattern`): the
/// one field `_id` with a number whose integer part is 1 or -1.
pub(super) fn is_id_pattern(key: &Document) -> bool {
    match key.fields() {
        [(field, v)] if field == "_id" => {
            Number::of(v).is_some_and(|n| matches!(n.to_f64().trunc(), 1.0 | -1.0))
        }
        _ => false,
    }
}

/// `{ _id: 1 }`, the `_id` index's pattern.
pub(super) fn id_key() -> Document {
    let mut d = Document::with_capacity(1);
    d.push("_id", 1);
    d
}

/// Two key patterns the catalog takes for the same: field by field, values compared as
/// values (`{ a: 1 }` and `{ a: 1.0 }` are one pattern).
pub(super) fn same_key(a: &Document, b: &Document) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b.iter())
            .all(|((ka, va), (kb, vb))| ka == kb && order::equal(va, vb))
}
