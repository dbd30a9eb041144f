//! A BSON document as the JavaScript object js-bson's deserializer makes of it
//! (`src/parser/deserializer.ts`): keys set one by one on a fresh object, so a repeated key
//! keeps its first place and takes its last value, and the object lists integer-like keys
//! ("array index" keys, 0 to 2^32-2) first in ascending order, then the others in the order
//! they were set (ECMAScript's OrdinaryOwnPropertyKeys). `__proto__` is defined as an own
//! field rather than set, so it stays a field.
//!
//! A finished object becomes a `DBRef` when its `$`-keys are only `$ref`, `$id` and `$db` and
//! it is "DBRef-like" (js-bson's `isDBRefLike` in `src/db_ref.ts`): `$ref` a string, `$id`
//! neither null nor undefined, `$db` missing, null or a string.

use crate::bson::value::{Document, Value};

/// The object's fields in JavaScript's order, and what that order changed.
pub(super) struct JsObject<'a> {
    /// Key and value, each key once.
    pub fields: Vec<(&'a str, &'a Value)>,
    /// The first integer-like key that moved ahead of where it is stored.
    pub moved: Option<&'a str>,
    /// The first key stored more than once.
    pub duplicate: Option<&'a str>,
    /// Every `$`-key is `$ref`, `$id` or `$db`, and there is one.
    pub possible_dbref: bool,
}

/// The array index a key names, if it names one.
fn array_index(key: &str) -> Option<u32> {
    let canonical = key == "0"
        || (!key.starts_with('0') && !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit()));
    key.parse::<u32>()
        .ok()
        .filter(|&n| canonical && n != u32::MAX)
}

/// The JavaScript object a document becomes.
pub(super) fn js_object(d: &Document) -> JsObject<'_> {
    let mut fields: Vec<(&str, &Value)> = Vec::with_capacity(d.len());
    let mut duplicate = None;
    let mut possible_dbref = None;
    for (key, value) in d.iter() {
        if key.starts_with('$') && possible_dbref != Some(false) {
            possible_dbref = Some(matches!(key, "$ref" | "$id" | "$db"));
        }
        match fields.iter_mut().find(|(k, _)| *k == key) {
            Some(field) => {
                field.1 = value;
                duplicate.get_or_insert(key);
            }
            None => fields.push((key, value)),
        }
    }
    let inserted: Vec<&str> = fields.iter().map(|(k, _)| *k).collect();
    // Stable: names keep their order among themselves.
    fields.sort_by_key(|(key, _)| match array_index(key) {
        Some(n) => (0, n),
        None => (1, 0),
    });
    let moved = fields
        .iter()
        .zip(&inserted)
        .find(|((js, _), stored)| js != *stored)
        .map(|((js, _), _)| *js);
    JsObject {
        fields,
        moved,
        duplicate,
        possible_dbref: possible_dbref == Some(true),
    }
}

/// A `DBRef` js-bson builds, with what its printed form reads back to.
pub(super) struct DbRef<'a> {
    /// The collection (after a one-dot namespace is split).
    pub collection: &'a str,
    /// The `$id` value.
    pub id: &'a Value,
    /// The database, when printed (js-bson prints it only when it is a non-empty string).
    pub db: Option<&'a str>,
    /// The other fields, in JavaScript's order.
    pub fields: Vec<(&'a str, &'a Value)>,
    /// Whether `$ref` or `$db` was a Symbol (shown as a string).
    pub symbol: bool,
}

impl DbRef<'_> {
    /// The document reading `DBRef(...)` back stores: js-bson's serializer writes `$ref`,
    /// `$id`, `$db` when there is one, then the other fields.
    pub fn read_back(&self) -> Document {
        let mut d = Document::with_capacity(self.fields.len() + 3);
        d.push("$ref", self.collection);
        d.push("$id", self.id.clone());
        if let Some(db) = self.db {
            d.push("$db", db);
        }
        for (k, v) in &self.fields {
            d.push(*k, (*v).clone());
        }
        d
    }
}

/// `new DBRef(collection, ...)` splits a namespace with exactly one dot into database and
/// collection (`src/db_ref.ts`), for a DBPointer's namespace and a `$ref` alike.
pub(in crate::bson::shell) fn split_namespace(namespace: &str) -> (&str, Option<&str>) {
    match namespace.split_once('.') {
        Some((db, collection)) if !collection.contains('.') => (collection, Some(db)),
        _ => (namespace, None),
    }
}

/// The DBRef an object becomes, if it becomes one.
pub(super) fn dbref<'a>(object: &JsObject<'a>) -> Option<DbRef<'a>> {
    if !object.possible_dbref {
        return None;
    }
    let get = |key: &str| object.fields.iter().find(|(k, _)| *k == key).map(|f| f.1);
    let text = |v: &'a Value| match v {
        Value::String(s) | Value::Symbol(s) => Some(s.as_str()),
        _ => None,
    };
    let reference = get("$ref")?;
    let collection = text(reference)?;
    let id = get("$id").filter(|v| !matches!(v, Value::Null | Value::Undefined))?;
    let stored_db = match get("$db") {
        None | Some(Value::Null | Value::Undefined) => None,
        Some(v) => Some(text(v)?),
    };
    let symbol =
        matches!(reference, Value::Symbol(_)) || matches!(get("$db"), Some(Value::Symbol(_)));
    let (collection, split_db) = split_namespace(collection);
    let db = split_db.or(stored_db).filter(|db| !db.is_empty());
    let fields = object
        .fields
        .iter()
        .filter(|(k, _)| !matches!(*k, "$ref" | "$id" | "$db"))
        .copied()
        .collect();
    Some(DbRef {
        collection,
        id,
        db,
        fields,
        symbol,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(fields: &[(&str, Value)]) -> Document {
        let mut d = Document::new();
        for (k, v) in fields {
            d.push(*k, v.clone());
        }
        d
    }

    #[test]
    fn javascript_orders_keys() {
        let d = doc(&[
            ("b", Value::Int32(1)),
            ("2", Value::Int32(2)),
            ("1", Value::Int32(3)),
            ("b", Value::Int32(4)),
            ("01", Value::Int32(5)),
        ]);
        let o = js_object(&d);
        let keys: Vec<&str> = o.fields.iter().map(|f| f.0).collect();
        assert_eq!(keys, ["1", "2", "b", "01"]);
        assert_eq!(o.fields[2].1, &Value::Int32(4));
        assert_eq!((o.moved, o.duplicate), (Some("1"), Some("b")));
    }

    #[test]
    fn dbref_needs_the_js_bson_shape() {
        let one = Value::Int32(1);
        let is_ref = |fields: &[(&str, Value)]| dbref(&js_object(&doc(fields))).is_some();
        assert!(is_ref(&[("$ref", "c".into()), ("$id", one.clone())]));
        assert!(is_ref(&[
            ("$id", one.clone()),
            ("$ref", "c".into()),
            ("x", one.clone())
        ]));
        assert!(!is_ref(&[("$ref", "c".into()), ("$id", Value::Null)]));
        assert!(!is_ref(&[
            ("$ref", "c".into()),
            ("$id", one.clone()),
            ("$x", one.clone())
        ]));
        assert!(!is_ref(&[("$ref", one.clone()), ("$id", one.clone())]));
        assert!(!is_ref(&[
            ("$ref", "c".into()),
            ("$id", one.clone()),
            ("$db", one.clone())
        ]));
        let d = doc(&[("$ref", "app.users".into()), ("$id", one.clone())]);
        let r = dbref(&js_object(&d)).unwrap();
        assert_eq!((r.collection, r.db), ("users", Some("app")));
    }
}
