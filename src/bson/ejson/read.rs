//! Reading Extended JSON: type wrappers (canonical, relaxed and the legacy forms the spec
//! accepts) into values, with line and column on every error.

use crate::bson::base64;
use crate::bson::datetime::parse_iso;
use crate::bson::decimal128::Decimal128;
use crate::bson::hex;
use crate::bson::json::{self, Json, Member, Node};
use crate::bson::oid::ObjectId;
use crate::bson::parse_error::{EjsonError, ParseError, Wrapper};
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
        Json::Object(members) => r.document(members, 1),
        other => Err(r.error(
            &node,
            EjsonError::ExpectedDocument {
                found: other.kind(),
            },
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
    fn error(&self, node: &Node, kind: EjsonError) -> ParseError {
        ParseError::at(self.src, node.offset, kind)
    }

    fn document(&self, members: &[Member], depth: usize) -> Result<Document, ParseError> {
        let mut doc = Document::with_capacity(members.len());
        for m in members {
            if m.key.contains('\0') {
                return Err(ParseError::at(self.src, m.key_offset, EjsonError::KeyNul));
            }
            doc.push(m.key.as_str(), self.value(&m.value, depth)?);
        }
        Ok(doc)
    }

    /// The depth inside a document or array that `node` opens `depth` levels below the top:
    /// at most [`MAX_NESTING_DEPTH`] levels below the top-level document (101 in all), the
    /// limit the shell reader, the encoder and the decoder hold to.
    fn nested(&self, node: &Node, depth: usize) -> Result<usize, ParseError> {
        if depth > MAX_NESTING_DEPTH {
            return Err(self.error(
                node,
                EjsonError::TooDeep {
                    max: MAX_NESTING_DEPTH,
                },
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
            .map_err(|_| self.error(node, EjsonError::NotANumber { text: text.into() }))
    }

    fn member<'m>(&self, members: &'m [Member], key: &str) -> Option<&'m Node> {
        members.iter().find(|m| m.key == key).map(|m| &m.value)
    }

    fn string<'n>(&self, node: &'n Node, what: Wrapper) -> Result<&'n str, ParseError> {
        match &node.value {
            Json::String(s) => Ok(s),
            other => Err(self.error(
                node,
                EjsonError::NotAString {
                    what,
                    found: other.kind(),
                },
            )),
        }
    }

    /// Checks that `members` has exactly `keys` (in any order) and returns them in that order.
    fn exactly<'m, const N: usize>(
        &self,
        node: &Node,
        members: &'m [Member],
        keys: [&'static str; N],
        what: Wrapper,
    ) -> Result<[&'m Node; N], ParseError> {
        if members.len() != N {
            return Err(self.error(
                node,
                EjsonError::ExactKeys {
                    what,
                    keys: keys.to_vec(),
                },
            ));
        }
        let mut out = Vec::with_capacity(N);
        for key in keys {
            match self.member(members, key) {
                Some(n) => out.push(n),
                None => return Err(self.error(node, EjsonError::MissingKey { what, key })),
            }
        }
        out.try_into()
            .map_err(|_| self.error(node, EjsonError::DuplicateKeys { what }))
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
                let [n] = self.exactly(node, members, ["$oid"], Wrapper::Key("$oid"))?;
                Value::ObjectId(self.oid(n)?)
            }
            "$symbol" => {
                let [n] = self.exactly(node, members, ["$symbol"], Wrapper::Key("$symbol"))?;
                Value::Symbol(self.string(n, Wrapper::Key("$symbol"))?.into())
            }
            "$numberInt" => {
                let [n] =
                    self.exactly(node, members, ["$numberInt"], Wrapper::Key("$numberInt"))?;
                let s = self.string(n, Wrapper::Key("$numberInt"))?;
                Value::Int32(
                    integer(s)
                        .and_then(|v| i32::try_from(v).ok())
                        .ok_or_else(|| self.error(n, EjsonError::NumberInt { text: s.into() }))?,
                )
            }
            "$numberLong" => {
                let [n] =
                    self.exactly(node, members, ["$numberLong"], Wrapper::Key("$numberLong"))?;
                Value::Int64(self.long(n)?)
            }
            "$numberDouble" => {
                let [n] = self.exactly(
                    node,
                    members,
                    ["$numberDouble"],
                    Wrapper::Key("$numberDouble"),
                )?;
                let s = self.string(n, Wrapper::Key("$numberDouble"))?;
                Value::Double(
                    parse_double(s).ok_or_else(|| {
                        self.error(n, EjsonError::NumberDouble { text: s.into() })
                    })?,
                )
            }
            "$numberDecimal" => {
                let [n] = self.exactly(
                    node,
                    members,
                    ["$numberDecimal"],
                    Wrapper::Key("$numberDecimal"),
                )?;
                let s = self.string(n, Wrapper::Key("$numberDecimal"))?;
                Value::Decimal128(
                    Decimal128::parse(s).map_err(|e| self.error(n, EjsonError::Decimal(e)))?,
                )
            }
            "$binary" => self.binary(node, members)?,
            "$uuid" => {
                let [n] = self.exactly(node, members, ["$uuid"], Wrapper::Key("$uuid"))?;
                let s = self.string(n, Wrapper::Key("$uuid"))?;
                let bytes = parse_uuid(s)
                    .ok_or_else(|| self.error(n, EjsonError::Uuid { text: s.into() }))?;
                Value::Binary(Binary {
                    subtype: BINARY_UUID,
                    bytes: bytes.to_vec(),
                })
            }
            "$code" => {
                if has("$scope") {
                    let [c, s] =
                        self.exactly(node, members, ["$code", "$scope"], Wrapper::CodeWithScope)?;
                    let code = self.string(c, Wrapper::Key("$code"))?;
                    let Json::Object(scope) = &s.value else {
                        return Err(self.error(s, EjsonError::ScopeNotDocument));
                    };
                    let scope = self.document(scope, self.nested(s, depth)?)?;
                    Value::JavaScriptWithScope(Box::new(CodeWithScope {
                        code: code.to_owned(),
                        scope,
                    }))
                } else {
                    let [c] = self.exactly(node, members, ["$code"], Wrapper::Key("$code"))?;
                    Value::JavaScript(self.string(c, Wrapper::Key("$code"))?.into())
                }
            }
            "$timestamp" => {
                let [n] =
                    self.exactly(node, members, ["$timestamp"], Wrapper::Key("$timestamp"))?;
                let Json::Object(inner) = &n.value else {
                    return Err(self.error(n, EjsonError::TimestampShape));
                };
                let [t, i] = self.exactly(n, inner, ["t", "i"], Wrapper::Key("$timestamp"))?;
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
                    Wrapper::Key("$regularExpression"),
                )?;
                let Json::Object(inner) = &n.value else {
                    return Err(self.error(n, EjsonError::RegexShape));
                };
                let [p, o] = self.exactly(
                    n,
                    inner,
                    ["pattern", "options"],
                    Wrapper::Key("$regularExpression"),
                )?;
                self.regex(
                    self.string(p, Wrapper::Key("pattern"))?,
                    p,
                    self.string(o, Wrapper::Key("options"))?,
                    o,
                )?
            }
            "$regex" => {
                let [p, o] =
                    self.exactly(node, members, ["$regex", "$options"], Wrapper::LegacyRegex)?;
                self.regex(
                    self.string(p, Wrapper::Key("$regex"))?,
                    p,
                    self.string(o, Wrapper::Key("$options"))?,
                    o,
                )?
            }
            "$dbPointer" => {
                let [n] =
                    self.exactly(node, members, ["$dbPointer"], Wrapper::Key("$dbPointer"))?;
                let Json::Object(inner) = &n.value else {
                    return Err(self.error(n, EjsonError::DbPointerShape));
                };
                let [r, id] =
                    self.exactly(n, inner, ["$ref", "$id"], Wrapper::Key("$dbPointer"))?;
                let Value::ObjectId(id) = self.value(id, depth)? else {
                    return Err(self.error(id, EjsonError::DbPointerId));
                };
                Value::DbPointer(Box::new(DbPointer {
                    namespace: self.string(r, Wrapper::Key("$ref"))?.to_owned(),
                    id,
                }))
            }
            "$date" => {
                let [n] = self.exactly(node, members, ["$date"], Wrapper::Key("$date"))?;
                Value::DateTime(self.date(n)?)
            }
            "$minKey" | "$maxKey" => {
                let key = if key == "$minKey" {
                    "$minKey"
                } else {
                    "$maxKey"
                };
                let [n] = self.exactly(node, members, [key], Wrapper::Key(key))?;
                if n.value != Json::Number("1".into()) {
                    return Err(self.error(n, EjsonError::MustBeOne { key }));
                }
                if key == "$minKey" {
                    Value::MinKey
                } else {
                    Value::MaxKey
                }
            }
            "$undefined" => {
                let [n] =
                    self.exactly(node, members, ["$undefined"], Wrapper::Key("$undefined"))?;
                if n.value != Json::Bool(true) {
                    return Err(self.error(n, EjsonError::UndefinedTrue));
                }
                Value::Undefined
            }
            other => {
                return Err(self.error(node, EjsonError::Orphan { key: other.into() }));
            }
        };
        Ok(Some(v))
    }

    fn oid(&self, n: &Node) -> Result<ObjectId, ParseError> {
        let s = self.string(n, Wrapper::Key("$oid"))?;
        if s.len() != 24 || !s.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(self.error(n, EjsonError::Oid { text: s.into() }));
        }
        ObjectId::parse_hex(s).map_err(|e| self.error(n, EjsonError::ObjectId(e)))
    }

    fn long(&self, n: &Node) -> Result<i64, ParseError> {
        let s = self.string(n, Wrapper::Key("$numberLong"))?;
        integer(s).ok_or_else(|| self.error(n, EjsonError::NumberLong { text: s.into() }))
    }

    fn u32(&self, n: &Node, part: &'static str) -> Result<u32, ParseError> {
        match &n.value {
            Json::Number(s) => s.parse::<u32>().map_err(|_| {
                self.error(
                    n,
                    EjsonError::TimestampU32 {
                        part,
                        text: s.clone(),
                    },
                )
            }),
            other => Err(self.error(
                n,
                EjsonError::TimestampNumber {
                    part,
                    found: other.kind(),
                },
            )),
        }
    }

    fn regex(&self, pattern: &str, p: &Node, options: &str, o: &Node) -> Result<Value, ParseError> {
        if pattern.contains('\0') {
            return Err(self.error(p, EjsonError::RegexNul));
        }
        if let Some(bad) = options.chars().find(|c| !"ilmsux".contains(*c)) {
            return Err(self.error(o, EjsonError::RegexOption { found: bad }));
        }
        Ok(Value::Regex(Box::new(Regex::new(pattern, options))))
    }

    fn date(&self, n: &Node) -> Result<i64, ParseError> {
        match &n.value {
            Json::String(s) => parse_iso(s).map_err(|e| self.error(n, EjsonError::DateString(e))),
            Json::Object(inner) => {
                let [l] = self.exactly(n, inner, ["$numberLong"], Wrapper::Key("$date"))?;
                self.long(l)
            }
            other => Err(self.error(
                n,
                EjsonError::DateShape {
                    found: other.kind(),
                },
            )),
        }
    }

    fn binary(&self, node: &Node, members: &[Member]) -> Result<Value, ParseError> {
        let (data, subtype) = if self.member(members, "$type").is_some() {
            let [b, t] =
                self.exactly(node, members, ["$binary", "$type"], Wrapper::LegacyBinary)?;
            (self.string(b, Wrapper::LegacyBinary)?, t)
        } else {
            let [b] = self.exactly(node, members, ["$binary"], Wrapper::Key("$binary"))?;
            let Json::Object(inner) = &b.value else {
                return Err(self.error(b, EjsonError::BinaryShape));
            };
            let [d, t] = self.exactly(b, inner, ["base64", "subType"], Wrapper::Key("$binary"))?;
            (self.string(d, Wrapper::Key("base64"))?, t)
        };
        let sub = self.string(subtype, Wrapper::BinarySubtype)?;
        let subtype_byte = match sub.len() {
            1 | 2 => u8::from_str_radix(sub, 16).ok(),
            _ => None,
        }
        .ok_or_else(|| self.error(subtype, EjsonError::BinarySubtype { text: sub.into() }))?;
        let bytes = base64::decode(data).map_err(|e| self.error(node, EjsonError::Base64(e)))?;
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
