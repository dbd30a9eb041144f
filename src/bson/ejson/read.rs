//! Reading Extended JSON: type wrappers (canonical, relaxed and the legacy forms the spec
//! accepts) into values, with line and column on every error.

use crate::bson::base64;
use crate::bson::datetime::parse_iso;
use crate::bson::decimal128::Decimal128;
use crate::bson::hex;
use crate::bson::json::{self, Json, Member, Node};
use crate::bson::oid::ObjectId;
use crate::bson::parse_error::ParseError;
use crate::bson::spec::{BINARY_UUID, MAX_NESTING_DEPTH};
use crate::bson::value::{Binary, CodeWithScope, DbPointer, Document, Regex, Timestamp, Value};

/// Parses one Extended JSON document (canonical, relaxed or legacy forms).
///
/// # Errors
/// JSON syntax errors and broken type wrappers, with line and column
/// ("`$numberLong` must be a string of digits").
///
/// # Examples
/// ```
/// use bson_tutor::bson::{ejson, Value};
/// let doc = ejson::parse_document(r#"{"n": {"$numberLong": "9007199254740993"}}"#).unwrap();
/// assert_eq!(doc.get("n"), Some(&Value::Int64(9_007_199_254_740_993)));
/// ```
pub fn parse_document(text: &str) -> Result<Document, ParseError> {
    let node = json::parse(text)?;
    let r = Reader { src: text };
    match &node.value {
        Json::Object(members) => r.document(members, 0),
        other => Err(r.error(
            &node,
            format!(
                "expected a document (a JSON object), but found {}",
                other.kind()
            ),
        )),
    }
}

/// Parses one Extended JSON value (any JSON value, type wrappers understood).
///
/// # Errors
/// As [`parse_document`].
pub fn parse_value(text: &str) -> Result<Value, ParseError> {
    let node = json::parse(text)?;
    Reader { src: text }.value(&node, 0)
}

struct Reader<'a> {
    src: &'a str,
}

/// Keys that make an object a type wrapper.
const WRAPPER_KEYS: [&str; 17] = [
    "$oid",
    "$symbol",
    "$numberInt",
    "$numberLong",
    "$numberDouble",
    "$numberDecimal",
    "$binary",
    "$code",
    "$scope",
    "$timestamp",
    "$regularExpression",
    "$dbPointer",
    "$date",
    "$minKey",
    "$maxKey",
    "$undefined",
    "$uuid",
];

impl Reader<'_> {
    fn error(&self, node: &Node, message: impl Into<String>) -> ParseError {
        ParseError::at(self.src, node.offset, message)
    }

    fn document(&self, members: &[Member], depth: usize) -> Result<Document, ParseError> {
        let mut doc = Document::with_capacity(members.len());
        for m in members {
            if m.key.contains('\0') {
                return Err(ParseError::at(
                    self.src,
                    m.key_offset,
                    "a key cannot contain a NUL character (BSON keys are C strings)",
                ));
            }
            doc.push(m.key.as_str(), self.value(&m.value, depth)?);
        }
        Ok(doc)
    }

    fn nested(&self, node: &Node, depth: usize) -> Result<usize, ParseError> {
        if depth >= MAX_NESTING_DEPTH {
            return Err(self.error(
                node,
                format!(
                    "documents and arrays are nested more than {MAX_NESTING_DEPTH} levels deep"
                ),
            ));
        }
        Ok(depth + 1)
    }

    fn value(&self, node: &Node, depth: usize) -> Result<Value, ParseError> {
        Ok(match &node.value {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Boolean(*b),
            Json::String(s) => Value::String(s.as_str().into()),
            Json::Number(n) => self.number(node, n)?,
            Json::Array(items) => {
                let depth = self.nested(node, depth)?;
                Value::Array(
                    items
                        .iter()
                        .map(|i| self.value(i, depth))
                        .collect::<Result<_, _>>()?,
                )
            }
            Json::Object(members) => match self.wrapper(node, members, depth)? {
                Some(v) => v,
                None => Value::Document(self.document(members, self.nested(node, depth)?)?),
            },
        })
    }

    /// A plain JSON number: an integer becomes int32 or int64 when it fits, else a double.
    fn number(&self, node: &Node, text: &str) -> Result<Value, ParseError> {
        let integral = !text.contains(['.', 'e', 'E']);
        if let Some(v) = text.parse::<i64>().ok().filter(|_| integral) {
            return Ok(match i32::try_from(v) {
                _ if text == "-0" => Value::Double(-0.0),
                Ok(small) => Value::Int32(small),
                Err(_) => Value::Int64(v),
            });
        }
        text.parse::<f64>()
            .map(Value::Double)
            .map_err(|_| self.error(node, format!("`{text}` is not a number")))
    }

    fn member<'m>(&self, members: &'m [Member], key: &str) -> Option<&'m Node> {
        members.iter().find(|m| m.key == key).map(|m| &m.value)
    }

    fn string<'n>(&self, node: &'n Node, what: &str) -> Result<&'n str, ParseError> {
        match &node.value {
            Json::String(s) => Ok(s),
            other => Err(self.error(
                node,
                format!("{what} must be a string, not {}", other.kind()),
            )),
        }
    }

    /// Checks that `members` has exactly `keys` (in any order) and returns them in that order.
    fn exactly<'m, const N: usize>(
        &self,
        node: &Node,
        members: &'m [Member],
        keys: [&str; N],
        what: &str,
    ) -> Result<[&'m Node; N], ParseError> {
        if members.len() != N {
            return Err(self.error(
                node,
                format!(
                    "{what} must have exactly the keys {}",
                    keys.map(|k| format!("`{k}`")).join(", ")
                ),
            ));
        }
        let mut out = Vec::with_capacity(N);
        for key in keys {
            match self.member(members, key) {
                Some(n) => out.push(n),
                None => return Err(self.error(node, format!("{what} is missing `{key}`"))),
            }
        }
        out.try_into()
            .map_err(|_| self.error(node, format!("{what} has duplicate keys")))
    }

    /// The value of a type wrapper object, `None` for an ordinary document.
    fn wrapper(
        &self,
        node: &Node,
        members: &[Member],
        depth: usize,
    ) -> Result<Option<Value>, ParseError> {
        let Some(first) = members.first() else {
            return Ok(None);
        };
        let has = |k: &str| members.iter().any(|m| m.key == k);
        // `$regex`, `$options` and `$type` are also query operators: only exactly a string
        // `$regex` with a string `$options` is the legacy regex, and only `$binary` beside
        // `$type` the legacy binary; anything else is an ordinary document.
        let is_string = |k| {
            self.member(members, k)
                .is_some_and(|n| matches!(n.value, Json::String(_)))
        };
        let legacy_regex = members.len() == 2 && is_string("$regex") && is_string("$options");
        let legacy_binary = has("$type") && has("$binary");
        if !(legacy_regex || legacy_binary || WRAPPER_KEYS.iter().any(|k| has(k))) {
            return Ok(None);
        }
        let key = if legacy_regex {
            "$regex"
        } else if has("$binary") {
            "$binary"
        } else if has("$code") {
            "$code"
        } else {
            WRAPPER_KEYS
                .iter()
                .copied()
                .find(|k| has(k))
                .unwrap_or(first.key.as_str())
        };
        let v = match key {
            "$oid" => {
                let [n] = self.exactly(node, members, ["$oid"], "`$oid`")?;
                Value::ObjectId(self.oid(n)?)
            }
            "$symbol" => {
                let [n] = self.exactly(node, members, ["$symbol"], "`$symbol`")?;
                Value::Symbol(self.string(n, "`$symbol`")?.into())
            }
            "$numberInt" => {
                let [n] = self.exactly(node, members, ["$numberInt"], "`$numberInt`")?;
                let s = self.string(n, "`$numberInt`")?;
                Value::Int32(integer(s).and_then(|v| i32::try_from(v).ok()).ok_or_else(|| {
                    self.error(n, format!("`$numberInt` must be a string of digits within the int32 range, not `{s}`"))
                })?)
            }
            "$numberLong" => {
                let [n] = self.exactly(node, members, ["$numberLong"], "`$numberLong`")?;
                Value::Int64(self.long(n)?)
            }
            "$numberDouble" => {
                let [n] = self.exactly(node, members, ["$numberDouble"], "`$numberDouble`")?;
                let s = self.string(n, "`$numberDouble`")?;
                Value::Double(parse_double(s).ok_or_else(|| {
                    self.error(n, format!("`$numberDouble` must be a decimal number, `Infinity`, `-Infinity` or `NaN`, not `{s}`"))
                })?)
            }
            "$numberDecimal" => {
                let [n] = self.exactly(node, members, ["$numberDecimal"], "`$numberDecimal`")?;
                let s = self.string(n, "`$numberDecimal`")?;
                Value::Decimal128(Decimal128::parse(s).map_err(|e| self.error(n, e))?)
            }
            "$binary" => self.binary(node, members)?,
            "$uuid" => {
                let [n] = self.exactly(node, members, ["$uuid"], "`$uuid`")?;
                let s = self.string(n, "`$uuid`")?;
                let bytes = parse_uuid(s).ok_or_else(|| {
                    self.error(
                        n,
                        format!("`$uuid` must be 32 hex digits in 8-4-4-4-12 groups, not `{s}`"),
                    )
                })?;
                Value::Binary(Binary {
                    subtype: BINARY_UUID,
                    bytes: bytes.to_vec(),
                })
            }
            "$code" => {
                if has("$scope") {
                    let [c, s] =
                        self.exactly(node, members, ["$code", "$scope"], "`$code` with `$scope`")?;
                    let code = self.string(c, "`$code`")?;
                    let Json::Object(scope) = &s.value else {
                        return Err(self.error(s, "`$scope` must be a document"));
                    };
                    let scope = self.document(scope, self.nested(s, depth)?)?;
                    Value::JavaScriptWithScope(Box::new(CodeWithScope {
                        code: code.to_owned(),
                        scope,
                    }))
                } else {
                    let [c] = self.exactly(node, members, ["$code"], "`$code`")?;
                    Value::JavaScript(self.string(c, "`$code`")?.into())
                }
            }
            "$timestamp" => {
                let [n] = self.exactly(node, members, ["$timestamp"], "`$timestamp`")?;
                let Json::Object(inner) = &n.value else {
                    return Err(
                        self.error(n, "`$timestamp` must be an object {\"t\": ..., \"i\": ...}")
                    );
                };
                let [t, i] = self.exactly(n, inner, ["t", "i"], "`$timestamp`")?;
                Value::Timestamp(Timestamp {
                    time: self.u32(t, "t")?,
                    increment: self.u32(i, "i")?,
                })
            }
            "$regularExpression" => {
                let [n] = self.exactly(
                    node,
                    members,
                    ["$regularExpression"],
                    "`$regularExpression`",
                )?;
                let Json::Object(inner) = &n.value else {
                    return Err(self.error(n, "`$regularExpression` must be an object {\"pattern\": ..., \"options\": ...}"));
                };
                let [p, o] =
                    self.exactly(n, inner, ["pattern", "options"], "`$regularExpression`")?;
                self.regex(
                    self.string(p, "`pattern`")?,
                    p,
                    self.string(o, "`options`")?,
                    o,
                )?
            }
            "$regex" => {
                let [p, o] =
                    self.exactly(node, members, ["$regex", "$options"], "legacy `$regex`")?;
                self.regex(
                    self.string(p, "`$regex`")?,
                    p,
                    self.string(o, "`$options`")?,
                    o,
                )?
            }
            "$dbPointer" => {
                let [n] = self.exactly(node, members, ["$dbPointer"], "`$dbPointer`")?;
                let Json::Object(inner) = &n.value else {
                    return Err(self.error(
                        n,
                        "`$dbPointer` must be an object {\"$ref\": ..., \"$id\": ...}",
                    ));
                };
                let [r, id] = self.exactly(n, inner, ["$ref", "$id"], "`$dbPointer`")?;
                let Value::ObjectId(id) = self.value(id, depth)? else {
                    return Err(
                        self.error(id, "`$dbPointer.$id` must be an ObjectId ({\"$oid\": ...})")
                    );
                };
                Value::DbPointer(Box::new(DbPointer {
                    namespace: self.string(r, "`$ref`")?.to_owned(),
                    id,
                }))
            }
            "$date" => {
                let [n] = self.exactly(node, members, ["$date"], "`$date`")?;
                Value::DateTime(self.date(n)?)
            }
            "$minKey" | "$maxKey" => {
                let [n] = self.exactly(node, members, [key], &format!("`{key}`"))?;
                if n.value != Json::Number("1".into()) {
                    return Err(self.error(n, format!("`{key}` must be 1")));
                }
                if key == "$minKey" {
                    Value::MinKey
                } else {
                    Value::MaxKey
                }
            }
            "$undefined" => {
                let [n] = self.exactly(node, members, ["$undefined"], "`$undefined`")?;
                if n.value != Json::Bool(true) {
                    return Err(self.error(n, "`$undefined` must be true"));
                }
                Value::Undefined
            }
            other => {
                return Err(self.error(
                    node,
                    format!("`{other}` cannot appear here without the rest of its type wrapper"),
                ));
            }
        };
        Ok(Some(v))
    }

    fn oid(&self, n: &Node) -> Result<ObjectId, ParseError> {
        let s = self.string(n, "`$oid`")?;
        if s.len() != 24 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error(n, format!("`$oid` must be 24 hex digits, not `{s}`")));
        }
        ObjectId::parse_hex(s).map_err(|e| self.error(n, e))
    }

    fn long(&self, n: &Node) -> Result<i64, ParseError> {
        let s = self.string(n, "`$numberLong`")?;
        integer(s).ok_or_else(|| {
            self.error(
                n,
                format!(
                    "`$numberLong` must be a string of digits within the int64 range, not `{s}`"
                ),
            )
        })
    }

    fn u32(&self, n: &Node, what: &str) -> Result<u32, ParseError> {
        match &n.value {
            Json::Number(s) => s.parse::<u32>().map_err(|_| {
                self.error(
                    n,
                    format!("timestamp `{what}` must be an unsigned 32-bit integer, not {s}"),
                )
            }),
            other => Err(self.error(
                n,
                format!("timestamp `{what}` must be a number, not {}", other.kind()),
            )),
        }
    }

    fn regex(&self, pattern: &str, p: &Node, options: &str, o: &Node) -> Result<Value, ParseError> {
        if pattern.contains('\0') {
            return Err(self.error(
                p,
                "a regex pattern cannot contain NUL (it is stored as a C string)",
            ));
        }
        if let Some(bad) = options.chars().find(|c| !"ilmsux".contains(*c)) {
            return Err(self.error(
                o,
                format!("`{bad}` is not a regex option (use i, l, m, s, u, x)"),
            ));
        }
        Ok(Value::Regex(Box::new(Regex::new(pattern, options))))
    }

    fn date(&self, n: &Node) -> Result<i64, ParseError> {
        match &n.value {
            Json::String(s) => {
                parse_iso(s).map_err(|e| self.error(n, format!("`$date` string: {e}")))
            }
            Json::Object(inner) => {
                let [l] = self.exactly(n, inner, ["$numberLong"], "`$date`")?;
                self.long(l)
            }
            other => Err(self.error(
                n,
                format!(
                    "`$date` must be an ISO-8601 string or {{\"$numberLong\": ...}}, not {}",
                    other.kind()
                ),
            )),
        }
    }

    fn binary(&self, node: &Node, members: &[Member]) -> Result<Value, ParseError> {
        let (data, subtype) = if self.member(members, "$type").is_some() {
            let [b, t] = self.exactly(node, members, ["$binary", "$type"], "legacy `$binary`")?;
            (self.string(b, "legacy `$binary`")?, t)
        } else {
            let [b] = self.exactly(node, members, ["$binary"], "`$binary`")?;
            let Json::Object(inner) = &b.value else {
                return Err(self.error(
                    b,
                    "`$binary` must be an object {\"base64\": ..., \"subType\": ...}",
                ));
            };
            let [d, t] = self.exactly(b, inner, ["base64", "subType"], "`$binary`")?;
            (self.string(d, "`base64`")?, t)
        };
        let sub = self.string(subtype, "the binary subtype")?;
        let subtype_byte = match sub.len() {
            1 | 2 => u8::from_str_radix(sub, 16).ok(),
            _ => None,
        }
        .ok_or_else(|| {
            self.error(
                subtype,
                format!("the binary subtype must be one or two hex digits, not `{sub}`"),
            )
        })?;
        let bytes = base64::decode(data).map_err(|e| self.error(node, e))?;
        Ok(Value::Binary(Binary {
            subtype: subtype_byte,
            bytes,
        }))
    }
}

/// A signed decimal integer string with no sign but `-`, no spaces.
fn integer(s: &str) -> Option<i64> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// A `$numberDouble` string: a JSON-like decimal or one of the three special words.
fn parse_double(s: &str) -> Option<f64> {
    match s {
        "Infinity" => Some(f64::INFINITY),
        "-Infinity" => Some(f64::NEG_INFINITY),
        "NaN" => Some(f64::NAN),
        _ => {
            let body = s.strip_prefix('-').unwrap_or(s);
            let ok = body.starts_with(|c: char| c.is_ascii_digit())
                && body
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b"+-.eE".contains(&b));
            if ok { s.parse().ok() } else { None }
        }
    }
}

fn parse_uuid(s: &str) -> Option<[u8; 16]> {
    let groups: Vec<&str> = s.split('-').collect();
    let shape = groups.iter().map(|g| g.len()).collect::<Vec<_>>();
    if shape != [8, 4, 4, 4, 12] {
        return None;
    }
    hex::decode(&groups.concat()).ok()?.try_into().ok()
}
