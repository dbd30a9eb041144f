//! Values printed the way mongosh prints them: mongosh hands the deserialized JavaScript
//! objects to Node's `util.inspect`, so numbers are plain JavaScript numbers, strings are
//! single-quoted, keys are bare when they look like identifiers, and the BSON classes show
//! their constructor forms (`Long('42')`, `ObjectId('...')`, `ISODate('...')`).
//!
//! What js-bson's deserializer makes of a document comes first (`js`: key order, repeated
//! keys, DBRefs; `regex`: BSON options as RegExp flags; `vector`: binary subtype 9), then
//! mongosh's printing of each class (`printable-bson.ts`). Where that view differs from what
//! is stored, the printer records a [`PrintNote`].

mod js;
mod layout;
mod regex;
mod vector;

use super::PrintNote;
use super::number::js_to_string;
use crate::bson::base64;
use crate::bson::datetime::format_iso;
use crate::bson::decimal128::Decimal128;
use crate::bson::hex;
use crate::bson::spec::{BINARY_MD5, BINARY_UUID, BINARY_VECTOR};
use crate::bson::uuid::format_uuid;
use crate::bson::value::{Binary, Document, Regex, Value};
use js::{DbRef, dbref, js_object, split_namespace};
use regex::{JsRegex, js_regex};
use vector::Vector;

pub(super) use js::split_namespace as split_dbref_namespace;
pub(super) use vector::{FLOAT32, INT8, PACKED_BIT};

/// JavaScript's Date range: a date outside it prints as `Invalid Date` in mongosh.
const JS_DATE_LIMIT_MS: i64 = 8_640_000_000_000_000;
/// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the dates mongosh's `ISODate`
/// reads back (four-digit years only).
const ISO_DATE_MIN_MS: i64 = -62_167_219_200_000;
const ISO_DATE_MAX_MS: i64 = 253_402_300_799_999;

/// One value on one line, as mongosh prints it when it fits:
/// `{ _id: 'w1', dbl: 0.9999999999999999, dec: Decimal128('1.0') }`.
///
/// Doubles print as JavaScript numbers, so `Double(42)` prints `42` like `Int32(42)` (only
/// `$type` tells them apart); `-0`, `NaN` and `Infinity` print as such. A Symbol prints as a
/// string, a regex as a JavaScript RegExp literal, a DBPointer as a `DBRef`. Reading the text
/// back with [`super::parse_value`] gives the same BSON except where
/// [`print_document_noted`] notes a change.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::print_value;
/// use bson_tutor::bson::Value;
/// assert_eq!(print_value(&Value::Int64(2_147_483_648)), "Long('2147483648')");
/// assert_eq!(print_value(&Value::Double(42.0)), "42");
/// assert_eq!(print_value(&Value::from("it's")), "\"it's\"");
/// ```
pub fn print_value(v: &Value) -> String {
    let mut printer = Printer::one_line();
    printer.value(v, 0)
}

/// A document on one line, as [`print_value`] prints it: `{ a: 1, 'b-c': [ 1, 'x' ] }`,
/// and `{}` when empty.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::print_document;
/// use bson_tutor::bson::{Document, Value};
/// let mut d = Document::new();
/// d.push("jsLiteral", Value::Double(9007199254740992.0));
/// d.push("long", Value::Int64(9007199254740993));
/// assert_eq!(print_document(&d), "{ jsLiteral: 9007199254740992, long: Long('9007199254740993') }");
/// ```
pub fn print_document(d: &Document) -> String {
    let mut printer = Printer::one_line();
    printer.document(d, 0)
}

/// A document laid out as mongosh's `printjson` does in an 80-column terminal, following
/// Node's `util.inspect` rules (`compact: 3`, `breakLength: 80`): a container stays on one
/// line when it fits and holds at most three levels of nesting, otherwise each entry gets its
/// own line, indented by two spaces; arrays of more than six short entries are set in columns.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, print_document_pretty, FixedGenerator};
/// let src = "{ size: 86, types: [ { k: '_id', t: 'int' }, { k: 'name', t: 'string' },
///            { k: 'tags', t: 'array' }, { k: 'n', t: 'long' } ] }";
/// let doc = parse_document(src, &mut FixedGenerator::new(0)).unwrap().value;
/// assert_eq!(print_document_pretty(&doc), "\
/// {
///   size: 86,
///   types: [
///     { k: '_id', t: 'int' },
///     { k: 'name', t: 'string' },
///     { k: 'tags', t: 'array' },
///     { k: 'n', t: 'long' }
///   ]
/// }");
/// ```
pub fn print_document_pretty(d: &Document) -> String {
    Printer::pretty().document(d, 0)
}

/// Any value laid out as [`print_document_pretty`] lays out documents; an aggregation's
/// result array prints as mongosh shows it.
pub fn print_value_pretty(v: &Value) -> String {
    Printer::pretty().value(v, 0)
}

/// A document as [`print_document`] or [`print_document_pretty`] prints it, with a note for
/// each kind of change between what is stored and what reading the text back in mongosh
/// would store (a Symbol shown as a string, regex options shown as JavaScript flags, keys
/// reordered, ...), the first place of each kind named.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{print_document_noted, PrintNote};
/// use bson_tutor::bson::{Document, Value};
/// let mut d = Document::new();
/// d.push("s", Value::Symbol("abc".into()));
/// let (text, notes) = print_document_noted(&d, false);
/// assert_eq!(text, "{ s: 'abc' }");
/// assert_eq!(notes, [PrintNote::SymbolAsString { path: "s".into() }]);
/// ```
pub fn print_document_noted(d: &Document, pretty: bool) -> (String, Vec<PrintNote>) {
    let mut printer = if pretty {
        Printer::pretty()
    } else {
        Printer::one_line()
    };
    let text = printer.document(d, 0);
    (text, printer.notes)
}

struct Printer {
    /// `None` for one line whatever the length.
    break_length: Option<usize>,
    /// Spaces before the current container's closing brace (Node's `indentationLvl`).
    indentation: usize,
    /// The depth of the container entered last (Node's `ctx.currentDepth`).
    current_depth: usize,
    /// The keys and indexes down to the value being printed.
    path: Vec<String>,
    /// One note of each kind, the first met.
    notes: Vec<PrintNote>,
}

impl Printer {
    fn pretty() -> Self {
        Printer {
            break_length: Some(80),
            indentation: 0,
            current_depth: 0,
            path: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn one_line() -> Self {
        Printer {
            break_length: None,
            ..Printer::pretty()
        }
    }

    fn here(&self) -> String {
        self.path.join(".")
    }

    fn note(&mut self, make: impl FnOnce(String) -> PrintNote) {
        let note = make(self.here());
        if !self.notes.iter().any(|n| n.kind() == note.kind()) {
            self.notes.push(note);
        }
    }

    fn value(&mut self, v: &Value, depth: usize) -> String {
        match v {
            Value::Document(d) => self.document(d, depth),
            Value::Array(items) => {
                if items.is_empty() {
                    return "[]".into();
                }
                let depth = depth + 1;
                self.current_depth = depth;
                let all_numbers = items
                    .iter()
                    .all(|v| matches!(v, Value::Int32(_) | Value::Double(_)));
                let entries = items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| {
                        self.path.push(i.to_string());
                        let s = self.nested(item, depth);
                        self.path.pop();
                        s
                    })
                    .collect();
                self.reduce(entries, ('[', ']'), depth, Some(all_numbers))
            }
            Value::Double(x) => self.double(*x),
            Value::Int32(n) => n.to_string(),
            Value::Int64(n) => format!("Long('{n}')"),
            Value::Decimal128(d) => {
                if Decimal128::parse(&d.to_string()).ok() != Some(*d) {
                    self.note(|path| PrintNote::DecimalBits { path });
                }
                format!("Decimal128('{d}')")
            }
            Value::String(s) => quote(s),
            Value::Boolean(b) => b.to_string(),
            Value::Null => "null".into(),
            Value::Undefined => {
                self.note(|path| PrintNote::Undefined { path });
                "undefined".into()
            }
            Value::ObjectId(id) => format!("ObjectId('{id}')"),
            Value::DateTime(ms) if (-JS_DATE_LIMIT_MS..=JS_DATE_LIMIT_MS).contains(ms) => {
                if !(ISO_DATE_MIN_MS..=ISO_DATE_MAX_MS).contains(ms) {
                    self.note(|path| PrintNote::DateYears { path });
                }
                format!("ISODate('{}')", format_iso(*ms))
            }
            Value::DateTime(_) => {
                self.note(|path| PrintNote::InvalidDate { path });
                "Invalid Date".into()
            }
            Value::Binary(b) => self.binary(b),
            Value::Regex(r) => self.regex(&r.pattern, &r.options),
            Value::Timestamp(t) => format!("Timestamp({{ t: {}, i: {} }})", t.time, t.increment),
            Value::MinKey => "MinKey()".into(),
            Value::MaxKey => "MaxKey()".into(),
            Value::JavaScript(code) => format!("Code({})", quote(code)),
            Value::JavaScriptWithScope(c) => {
                let scope = self.document(&c.scope, depth);
                format!("Code({}, {scope})", quote(&c.code))
            }
            // js-bson promotes a symbol to a JavaScript string (`promoteValues`).
            Value::Symbol(s) => {
                self.note(|path| PrintNote::SymbolAsString { path });
                quote(s)
            }
            // js-bson reads a DBPointer as `new DBRef(namespace, oid)`.
            Value::DbPointer(p) => {
                self.note(|path| PrintNote::DbPointer { path });
                let (collection, db) = split_namespace(&p.namespace);
                match db.filter(|db| !db.is_empty()) {
                    Some(db) => format!(
                        "DBRef({}, ObjectId('{}'), {})",
                        quote(collection),
                        p.id,
                        quote(db)
                    ),
                    None => format!("DBRef({}, ObjectId('{}'))", quote(collection), p.id),
                }
            }
        }
    }

    /// A double is a JavaScript number: a whole one in the int32 range reads back as int32.
    fn double(&mut self, x: f64) -> String {
        if x.is_nan() && x.to_bits() != f64::NAN.to_bits() {
            self.note(|path| PrintNote::NanPayload { path });
        }
        if x == 0.0 && x.is_sign_negative() {
            return "-0".into();
        }
        if x.fract() == 0.0 && (f64::from(i32::MIN)..=f64::from(i32::MAX)).contains(&x) {
            self.note(|path| PrintNote::DoubleAsInt { path });
        }
        js_to_string(x)
    }

    /// mongosh's Binary printing (`printable-bson.ts`): MD5 and UUID by their helpers,
    /// vectors by theirs, anything else as base64.
    fn binary(&mut self, b: &Binary) -> String {
        match b.subtype {
            BINARY_UUID if b.bytes.len() == 16 => format!("UUID('{}')", format_uuid(&b.bytes)),
            BINARY_MD5 => format!("MD5('{}')", hex::encode(&b.bytes)),
            BINARY_VECTOR => match vector::vector(&b.bytes) {
                Some(v) => self.vector(v),
                None => base64_binary(b),
            },
            _ => base64_binary(b),
        }
    }

    /// A vector's elements printed as Node prints a typed array, its `Int8Array(3) ` prefix
    /// removed.
    fn vector(&mut self, v: Vector) -> String {
        let (call, class, items, padding) = match v {
            Vector::Int8(items) => (
                "fromInt8Array",
                "Int8Array",
                items.into_iter().map(|n| Value::Int32(n.into())).collect(),
                0,
            ),
            Vector::Float32(items) => {
                if items
                    .iter()
                    .any(|f| f.is_nan() && f.to_bits() != f32::NAN.to_bits())
                {
                    self.note(|path| PrintNote::NanPayload { path });
                }
                let items: Vec<Value> =
                    items.into_iter().map(|f| Value::Double(f.into())).collect();
                ("fromFloat32Array", "Float32Array", items, 0)
            }
            Vector::Packed(bytes, padding) => (
                "fromPackedBits",
                "Uint8Array",
                bytes.into_iter().map(|n| Value::Int32(n.into())).collect(),
                padding,
            ),
        };
        // A fresh `util.inspect` call, whose lines Node indents to where the result goes.
        let mut inner = Printer {
            break_length: self.break_length,
            ..Printer::pretty()
        };
        let array = inner.value(&Value::Array(items), 0);
        let array = array.replace('\n', &format!("\n{}", " ".repeat(self.indentation)));
        let padding = if padding == 0 {
            String::new()
        } else {
            format!(", {padding}")
        };
        format!("Binary.{call}(new {class}({array}){padding})")
    }

    fn regex(&mut self, pattern: &str, options: &str) -> String {
        match js_regex(pattern, options) {
            JsRegex::Literal {
                text,
                source,
                options: back,
            } => {
                if back != options {
                    self.note(|path| PrintNote::RegexFlags {
                        path,
                        stored: options.to_owned(),
                        back,
                    });
                }
                if source != pattern {
                    self.note(|path| PrintNote::RegexSource { path });
                }
                text
            }
            JsRegex::NotJs => {
                self.note(|path| PrintNote::RegexNotJs { path });
                let sorted = Regex::new(pattern, options).options;
                if sorted != options {
                    self.note(|path| PrintNote::RegexFlags {
                        path,
                        stored: options.to_owned(),
                        back: sorted.clone(),
                    });
                }
                format!("BSONRegExp({}, {})", quote(pattern), quote(&sorted))
            }
        }
    }

    /// A value inside a container, two more spaces in.
    fn nested(&mut self, v: &Value, depth: usize) -> String {
        self.indentation += 2;
        let s = self.value(v, depth);
        self.indentation -= 2;
        s
    }

    fn document(&mut self, d: &Document, depth: usize) -> String {
        if d.is_empty() {
            return "{}".into();
        }
        let object = js_object(d);
        if let Some(key) = object.duplicate {
            self.note(|path| PrintNote::DuplicateKey {
                path,
                key: key.to_owned(),
            });
        }
        let reference = dbref(&object);
        // A DBRef's fields read back in its own order, checked below.
        if let Some(key) = object.moved.filter(|_| reference.is_none()) {
            self.note(|path| PrintNote::KeyOrder {
                path,
                key: key.to_owned(),
            });
        }
        if let Some(r) = reference {
            if r.symbol {
                self.note(|path| PrintNote::SymbolAsString { path });
            }
            if &r.read_back() != d {
                self.note(|path| PrintNote::DbRefShape { path });
            }
            return self.dbref(&r, depth);
        }
        self.object(&object.fields, depth)
    }

    /// A JavaScript object's fields, as Node prints an object.
    fn object(&mut self, fields: &[(&str, &Value)], depth: usize) -> String {
        if fields.is_empty() {
            return "{}".into();
        }
        let depth = depth + 1;
        self.current_depth = depth;
        let entries = fields
            .iter()
            .map(|(k, v)| {
                self.path.push((*k).to_owned());
                let s = format!("{}: {}", key(k), self.nested(v, depth));
                self.path.pop();
                s
            })
            .collect();
        self.reduce(entries, ('{', '}'), depth, None)
    }

    /// js-bson's `DBRef.inspect` (`src/db_ref.ts`), `new ` removed by mongosh:
    /// `DBRef(collection, id[, db][, fields])`.
    fn dbref(&mut self, r: &DbRef<'_>, depth: usize) -> String {
        self.path.push("$id".into());
        let mut args = vec![quote(r.collection), self.value(r.id, depth)];
        self.path.pop();
        if let Some(db) = r.db {
            args.push(quote(db));
        }
        if !r.fields.is_empty() {
            args.push(self.object(&r.fields, depth));
        }
        format!("DBRef({})", args.join(", "))
    }
}

/// `Binary.createFromBase64('...', subtype)`, js-bson's own form.
fn base64_binary(b: &Binary) -> String {
    format!(
        "Binary.createFromBase64('{}', {})",
        base64::encode(&b.bytes),
        b.subtype
    )
}

/// A key as Node prints it: bare when it matches `^[a-zA-Z_][a-zA-Z_0-9]*$` (so `$set` and
/// `0` are quoted), quoted otherwise, and `['__proto__']` for an own `__proto__` field
/// (Node's `formatProperty`), so that it reads back as a field and not as the prototype.
fn key(k: &str) -> String {
    if k == "__proto__" {
        return "['__proto__']".into();
    }
    let mut chars = k.chars();
    let bare = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if bare { k.to_owned() } else { quote(k) }
}

/// A string as Node's `util.inspect` quotes it: single quotes, or double quotes when the
/// text has a `'` but no `"`, or backticks when it has both but no backtick; control
/// characters and the chosen quote escaped.
fn quote(s: &str) -> String {
    let quote = if !s.contains('\'') {
        '\''
    } else if !s.contains('"') {
        '"'
    } else if !s.contains('`') && !s.contains("${") {
        '`'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if c < ' ' || ('\u{7f}'..='\u{9f}').contains(&c) => {
                out.push_str(&format!("\\x{:02X}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::oid::ObjectId;
    use crate::bson::value::Timestamp;

    #[test]
    fn prints_like_mongosh() {
        let cases: Vec<(Value, &str)> = vec![
            (Value::Int32(42), "42"),
            (Value::Double(42.0), "42"),
            (Value::Double(-0.0), "-0"),
            (Value::Double(f64::NAN), "NaN"),
            (Value::Double(f64::NEG_INFINITY), "-Infinity"),
            (Value::Double(0.1 + 0.2), "0.30000000000000004"),
            (Value::Int64(2_147_483_648), "Long('2147483648')"),
            (
                Value::Decimal128(Decimal128::parse("19.99").unwrap()),
                "Decimal128('19.99')",
            ),
            (
                Value::ObjectId(ObjectId::parse_hex("6ac71201a9fded4f0c2e7ec8").unwrap()),
                "ObjectId('6ac71201a9fded4f0c2e7ec8')",
            ),
            (
                Value::DateTime(1_791_453_600_000),
                "ISODate('2026-10-08T10:00:00.000Z')",
            ),
            (Value::DateTime(i64::MAX), "Invalid Date"),
            (
                Value::Binary(Binary {
                    subtype: 4,
                    bytes: crate::bson::hex::decode("340a73e35b2b45a8892d712753c15406").unwrap(),
                }),
                "UUID('340a73e3-5b2b-45a8-892d-712753c15406')",
            ),
            (
                Value::Binary(Binary {
                    subtype: 0,
                    bytes: vec![1, 2, 3],
                }),
                "Binary.createFromBase64('AQID', 0)",
            ),
            (Value::Regex(Box::new(Regex::new("a", "i"))), "/a/i"),
            (Value::Regex(Box::new(Regex::new("a/b", ""))), "/a\\/b/"),
            (Value::Regex(Box::new(Regex::new("a", "x"))), "/a/"),
            (Value::Regex(Box::new(Regex::new("a", "ims"))), "/a/gim"),
            (
                Value::Regex(Box::new(Regex::new("(?i)a", "x"))),
                "BSONRegExp('(?i)a', 'x')",
            ),
            (Value::Symbol("s".into()), "'s'"),
            (
                Value::Timestamp(Timestamp {
                    time: 1,
                    increment: 2,
                }),
                "Timestamp({ t: 1, i: 2 })",
            ),
            (Value::MinKey, "MinKey()"),
            (Value::MaxKey, "MaxKey()"),
            (Value::Null, "null"),
            (Value::Undefined, "undefined"),
            (
                Value::Array(vec![Value::Int32(1), "x".into()]),
                "[ 1, 'x' ]",
            ),
            (Value::Array(vec![]), "[]"),
            (Value::Document(Document::new()), "{}"),
            (Value::JavaScript("f()".into()), "Code('f()')"),
        ];
        for (v, s) in cases {
            assert_eq!(print_value(&v), s);
        }
    }

    #[test]
    fn quotes_strings_and_keys_like_node() {
        assert_eq!(quote("plain"), "'plain'");
        assert_eq!(quote("it's"), "\"it's\"");
        assert_eq!(quote("it's \"x\""), "`it's \"x\"`");
        assert_eq!(quote("'\"`"), "'\\'\"`'");
        assert_eq!(quote("a\nb\u{0}\u{7f}\\"), "'a\\nb\\x00\\x7F\\\\'");
        assert_eq!(key("_id"), "_id");
        assert_eq!(key("$set"), "'$set'");
        assert_eq!(key("0"), "'0'");
        assert_eq!(key("a-b"), "'a-b'");
        assert_eq!(key(""), "''");
        assert_eq!(key("é"), "'é'");
    }

    #[test]
    fn pretty_breaks_long_lines_and_groups_number_arrays() {
        let mut d = Document::new();
        d.push("a", Value::Array((1..=7).map(Value::Int32).collect()));
        assert_eq!(
            print_document_pretty(&d),
            "{\n  a: [\n    1, 2, 3, 4,\n    5, 6, 7\n  ]\n}"
        );
        let mut short = Document::new();
        short.push("_id", "w1");
        short.push("dbl", 0.9999999999999999);
        assert_eq!(
            print_document_pretty(&short),
            "{ _id: 'w1', dbl: 0.9999999999999999 }"
        );
    }
}
