//! The recursive-descent reader: documents, arrays, literals and calls, turned into BSON the
//! way mongosh's JavaScript objects are serialized by js-bson.

use std::collections::HashMap;

use super::Parsed;
use super::constructors;
use super::lexer::{Tok, Token};
use super::number::js_to_string;
use super::reader::{Call, Item, Js, Parser};
use crate::bson::parse_error::{ParseError, ParseWarning, SyntaxError};
use crate::bson::spec::MAX_NESTING_DEPTH;
use crate::bson::value::{CompactString, Document, Regex, Value};

/// How deep signs and calls (`-`, `NumberLong(...)`) may nest: they nest in the parser
/// without nesting in BSON, so a few levels past the deepest value, enough for
/// `NumberLong(-1)` at the innermost level, and bounded so that no input overflows the stack.
const MAX_PARSE_DEPTH: usize = MAX_NESTING_DEPTH + 8;

impl<'a> Parser<'a, '_> {
    /// The whole input as one document.
    pub fn document(mut self) -> Result<Parsed<Document>, ParseError> {
        // mongosh prints a top-level document shaped like a DBRef as `DBRef(...)`, and
        // js-bson stores a DBRef as a document.
        let first = self.lx.peek(true)?;
        if matches!(first.tok, Tok::Ident("DBRef" | "new")) {
            let item = self.item(0)?;
            if let Value::Document(doc) = self.store(item)? {
                self.end()?;
                return Ok(Parsed {
                    value: doc,
                    warnings: self.lx.warnings,
                });
            }
            let found = self.found(&first);
            return Err(self.error(first.start, SyntaxError::ExpectedDocument { found }));
        }
        let open = self.lx.next(true)?;
        if open.tok != Tok::Punct('{') {
            let found = self.found(&open);
            return Err(self.error(open.start, SyntaxError::ExpectedDocument { found }));
        }
        let doc = self.object(&open, 1)?;
        self.end()?;
        Ok(Parsed {
            value: doc,
            warnings: self.lx.warnings,
        })
    }

    /// The whole input as one value.
    pub fn value(mut self) -> Result<Parsed<Value>, ParseError> {
        let item = self.item(0)?;
        let value = self.store(item)?;
        self.end()?;
        Ok(Parsed {
            value,
            warnings: self.lx.warnings,
        })
    }

    /// Only an optional `;` and trivia may follow the value.
    fn end(&mut self) -> Result<(), ParseError> {
        let mut token = self.lx.next(false)?;
        if token.tok == Tok::Punct(';') {
            token = self.lx.next(false)?;
        }
        if token.tok != Tok::Eof {
            let found = self.found(&token);
            return Err(self.error(token.start, SyntaxError::ExpectedEnd { found }));
        }
        Ok(())
    }

    /// One expression where a value is expected; `depth` is how many documents and arrays
    /// enclose it, so a document or array opened here nests `depth` levels below the top.
    /// The limit is the one the EJSON reader, the encoder and the decoder hold to:
    /// [`MAX_NESTING_DEPTH`] levels below the top-level document (101 in all).
    pub fn item(&mut self, depth: usize) -> Result<Item, ParseError> {
        let token = self.lx.next(true)?;
        let start = token.start;
        let js = match token.tok {
            Tok::Punct(open @ ('{' | '[')) => {
                if depth > MAX_NESTING_DEPTH {
                    return Err(self.error(
                        start,
                        SyntaxError::TooDeep {
                            max: MAX_NESTING_DEPTH,
                        },
                    ));
                }
                if open == '{' {
                    Js::Bson(Value::Document(self.object(&token, depth + 1)?))
                } else {
                    Js::Bson(Value::Array(self.array(depth + 1)?))
                }
            }
            Tok::Str { value, verbatim } => Js::String { value, verbatim },
            Tok::Num(x) => Js::Number(x),
            Tok::BigInt(n) => Js::BigInt(n),
            Tok::Regex { pattern, flags } => {
                let options =
                    constructors::js_regex_options(self, flags, token.end - flags.len(), true)?;
                if pattern.contains('\0') {
                    return Err(self.error(start, SyntaxError::RegexNul));
                }
                // Not sorted: js-bson writes `i`, `s`, `m` in that order.
                Js::Bson(Value::Regex(Box::new(Regex {
                    pattern: pattern.to_owned(),
                    options,
                })))
            }
            Tok::Punct(sign @ ('-' | '+')) => {
                if depth > MAX_PARSE_DEPTH {
                    return Err(self.error(start, SyntaxError::TooManySigns));
                }
                if self.lx.src[token.end..].starts_with(sign) {
                    return Err(self.error(start, SyntaxError::IncrementOperator { sign }));
                }
                let operand = self.item(depth + 1)?;
                match operand.js {
                    Js::Number(x) => Js::Number(if sign == '-' { -x } else { x }),
                    Js::BigInt(n) if sign == '-' => Js::BigInt(-n),
                    _ => {
                        let found = operand.kind();
                        return Err(
                            self.error(start, SyntaxError::UnaryNeedsNumber { sign, found })
                        );
                    }
                }
            }
            Tok::Ident(name) => return self.ident(name, &token, depth),
            _ => {
                let found = self.found(&token);
                return Err(self.error(start, SyntaxError::ExpectedValue { found }));
            }
        };
        Ok(Item {
            js,
            start,
            end: self.lx.pos,
        })
    }

    fn ident(
        &mut self,
        name: &'a str,
        token: &Token<'a>,
        depth: usize,
    ) -> Result<Item, ParseError> {
        let start = token.start;
        let js = match name {
            "true" => Js::Bson(Value::Boolean(true)),
            "false" => Js::Bson(Value::Boolean(false)),
            "null" => Js::Bson(Value::Null),
            "undefined" => Js::Undefined,
            "NaN" => Js::Number(f64::NAN),
            "Infinity" => Js::Number(f64::INFINITY),
            "new" => {
                let target = self.lx.next(false)?;
                let Tok::Ident(ctor) = target.tok else {
                    let found = self.found(&target);
                    return Err(
                        self.error(target.start, SyntaxError::NewNeedsConstructor { found })
                    );
                };
                return self.call(ctor, target.start, start, true, depth);
            }
            _ => return self.call(name, start, start, false, depth),
        };
        Ok(Item {
            js,
            start,
            end: token.end,
        })
    }

    /// `Name`, `Name(args)`, `Name.method(args)`; `start` includes a leading `new`.
    fn call(
        &mut self,
        name: &'a str,
        name_start: usize,
        start: usize,
        is_new: bool,
        depth: usize,
    ) -> Result<Item, ParseError> {
        let mut full = name;
        if self.lx.peek(false)?.tok == Tok::Punct('.') {
            self.lx.next(false)?;
            let method = self.lx.next(false)?;
            let Tok::Ident(_) = method.tok else {
                let e = SyntaxError::ExpectedMethod {
                    name: name.into(),
                    found: self.found(&method),
                };
                return Err(self.error(method.start, e));
            };
            full = &self.lx.src[name_start..method.end];
        }
        let mut args = None;
        if self.lx.peek(false)?.tok == Tok::Punct('(') {
            if depth > MAX_PARSE_DEPTH {
                return Err(self.error(
                    name_start,
                    SyntaxError::TooDeep {
                        max: MAX_NESTING_DEPTH,
                    },
                ));
            }
            self.lx.next(false)?;
            args = Some(self.arguments(depth + 1)?);
        }
        let call = Call {
            name: full,
            start: name_start,
            is_new,
            args,
        };
        let js = constructors::build(self, call)?;
        Ok(Item {
            js,
            start,
            end: self.lx.pos,
        })
    }

    /// After `(`: comma-separated expressions up to `)`.
    fn arguments(&mut self, depth: usize) -> Result<Vec<Item>, ParseError> {
        let mut args = Vec::new();
        loop {
            if self.lx.peek(true)?.tok == Tok::Punct(')') {
                self.lx.next(true)?;
                return Ok(args);
            }
            args.push(self.item(depth)?);
            let token = self.lx.next(false)?;
            match token.tok {
                Tok::Punct(',') => {}
                Tok::Punct(')') => return Ok(args),
                _ => {
                    let found = self.found(&token);
                    return Err(self.error(token.start, SyntaxError::ExpectedArgumentEnd { found }));
                }
            }
        }
    }

    /// After `[`: elements up to `]`, a trailing comma allowed.
    fn array(&mut self, depth: usize) -> Result<Vec<Value>, ParseError> {
        let mut out = Vec::new();
        loop {
            let next = self.lx.peek(true)?;
            match next.tok {
                Tok::Punct(']') => {
                    self.lx.next(true)?;
                    return Ok(out);
                }
                Tok::Punct(',') => {
                    return Err(self.error(next.start, SyntaxError::ArrayHole));
                }
                _ => {}
            }
            let item = self.item(depth)?;
            out.push(self.store(item)?);
            let token = self.lx.next(false)?;
            match token.tok {
                Tok::Punct(',') => {}
                Tok::Punct(']') => return Ok(out),
                _ => {
                    let found = self.found(&token);
                    return Err(self.error(token.start, SyntaxError::ExpectedElementEnd { found }));
                }
            }
        }
    }

    /// After `{`: fields up to `}`, a trailing comma allowed.
    fn object(&mut self, open: &Token<'_>, depth: usize) -> Result<Document, ParseError> {
        let mut fields: Vec<(CompactString, Value, usize)> = Vec::new();
        loop {
            let token = self.lx.next(false)?;
            let mut computed = false;
            let key: CompactString = match token.tok {
                Tok::Punct('}') => break,
                Tok::Ident(name) => name.into(),
                Tok::Str { ref value, .. } => value.as_str().into(),
                // A numeric key is the number's string form: `{ 1.50: x }` has key "1.5".
                Tok::Num(x) => js_to_string(x).into(),
                Tok::BigInt(n) => n.to_string().into(),
                // `['__proto__']: x`, as Node prints an own `__proto__` field: a computed key
                // that is a string literal.
                Tok::Punct('[') => match (self.lx.next(false)?.tok, self.lx.next(false)?.tok) {
                    (Tok::Str { value, .. }, Tok::Punct(']')) => {
                        computed = true;
                        value.as_str().into()
                    }
                    _ => return Err(self.error(token.start, SyntaxError::ComputedKey)),
                },
                Tok::Eof => {
                    return Err(self.error(open.start, SyntaxError::UnclosedDocument));
                }
                _ => {
                    let found = self.found(&token);
                    return Err(self.error(token.start, SyntaxError::ExpectedKey { found }));
                }
            };
            let key_at = token.start;
            if key.contains('\0') {
                return Err(self.error(key_at, SyntaxError::KeyNul));
            }
            let colon = self.lx.next(false)?;
            if colon.tok != Tok::Punct(':') {
                let e = SyntaxError::ExpectedColon {
                    key: key.to_string(),
                    found: self.found(&colon),
                };
                return Err(self.error(colon.start, e));
            }
            let item = self.item(depth)?;
            let value = self.store(item)?;
            if key == "__proto__"
                && !computed
                && matches!(token.tok, Tok::Ident(_) | Tok::Str { .. })
            {
                self.warn(key_at, ParseWarning::ProtoKey);
            } else {
                fields.push((key, value, key_at));
            }
            let token = self.lx.next(false)?;
            match token.tok {
                Tok::Punct(',') => {}
                Tok::Punct('}') => break,
                Tok::Eof => {
                    return Err(self.error(open.start, SyntaxError::UnclosedDocument));
                }
                _ => {
                    let found = self.found(&token);
                    return Err(self.error(token.start, SyntaxError::ExpectedFieldEnd { found }));
                }
            }
        }
        Ok(self.javascript_object(fields))
    }

    /// The fields in the order a JavaScript object has them: a repeated key keeps its first
    /// place and takes the last value; integer-like keys ("array index" keys, 0..2^32-2) come
    /// first in ascending order (ECMAScript's OrdinaryOwnPropertyKeys), then the rest in
    /// insertion order. js-bson serializes `Object.keys`, so this is the order the server gets.
    fn javascript_object(&mut self, fields: Vec<(CompactString, Value, usize)>) -> Document {
        let mut out: Vec<(CompactString, Value, usize)> = Vec::with_capacity(fields.len());
        let mut seen: HashMap<CompactString, usize> = HashMap::new();
        for (key, value, at) in fields {
            if let Some(&i) = seen.get(&key) {
                self.warn(
                    at,
                    ParseWarning::DuplicateKey {
                        key: key.to_string(),
                    },
                );
                out[i].1 = value;
            } else {
                seen.insert(key.clone(), out.len());
                out.push((key, value, at));
            }
        }
        let index_of = |key: &str| -> Option<u32> {
            let canonical =
                key == "0" || (!key.starts_with('0') && key.bytes().all(|b| b.is_ascii_digit()));
            key.parse::<u32>()
                .ok()
                .filter(|&n| canonical && n != u32::MAX)
        };
        let mut max_so_far: Option<u32> = None;
        let mut seen_named = false;
        let mut moved = None;
        for (key, _, at) in &out {
            match index_of(key) {
                Some(n) => {
                    if seen_named || max_so_far.is_some_and(|m| n < m) {
                        moved.get_or_insert((key.clone(), *at));
                    }
                    max_so_far = max_so_far.max(Some(n));
                }
                None => seen_named = true,
            }
        }
        if let Some((key, at)) = moved {
            self.warn(
                at,
                ParseWarning::IntegerKeyMoved {
                    key: key.to_string(),
                },
            );
            // Stable: names keep their order among themselves.
            out.sort_by_key(|(key, _, _)| match index_of(key) {
                Some(n) => (0, n),
                None => (1, 0),
            });
        }
        out.into_iter().map(|(k, v, _)| (k, v)).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::bson::decimal128::Decimal128;
    use crate::bson::shell::{FixedGenerator, parse_document, parse_value};
    use crate::bson::value::{Binary, Document, Regex, Timestamp, Value};

    fn value(src: &str) -> Value {
        match parse_value(src, &mut FixedGenerator::new(1_791_453_600_123)) {
            Ok(p) => p.value,
            Err(e) => panic!("{src}: {e}\n{}", e.caret()),
        }
    }

    fn warnings(src: &str) -> Vec<String> {
        let parsed = parse_value(src, &mut FixedGenerator::new(0)).unwrap();
        parsed.warnings.into_iter().map(|w| w.message()).collect()
    }

    fn error(src: &str) -> (usize, String) {
        let e = parse_value(src, &mut FixedGenerator::new(0)).unwrap_err();
        (e.column, e.message())
    }

    fn doc(src: &str) -> Document {
        parse_document(src, &mut FixedGenerator::new(0))
            .unwrap()
            .value
    }

    #[test]
    fn literals() {
        assert_eq!(value("true"), Value::Boolean(true));
        assert_eq!(value("null"), Value::Null);
        assert_eq!(value("'a'"), Value::from("a"));
        assert_eq!(value("-5"), Value::Int32(-5));
        assert_eq!(value("+5"), Value::Int32(5));
        assert_eq!(value("-Infinity"), Value::Double(f64::NEG_INFINITY));
        assert!(matches!(value("NaN"), Value::Double(x) if x.is_nan()));
        assert_eq!(value("0x10"), Value::Int32(16));
        assert_eq!(value("2147483648"), Value::Double(2_147_483_648.0));
        assert_eq!(value("12n"), Value::Int64(12));
        assert_eq!(value("-9223372036854775808n"), Value::Int64(i64::MIN));
        assert_eq!(
            value("/a.c/mi"),
            Value::Regex(Box::new(Regex::new("a.c", "im")))
        );
        assert_eq!(
            value("[1, 'x',]"),
            Value::Array(vec![Value::Int32(1), "x".into()])
        );
    }

    #[test]
    fn undefined_is_stored_as_null() {
        assert_eq!(value("undefined"), Value::Null);
        assert_eq!(
            warnings("[undefined]"),
            ["mongosh stores `undefined` as null"]
        );
    }

    #[test]
    fn keys_follow_javascript_objects() {
        let d = doc("{ b: 1, 2: 'x', 1: 'y', 'a-b': 3, $set: 4, 1.50: 5, 0x10: 6 }");
        assert_eq!(
            d.keys().collect::<Vec<_>>(),
            ["1", "2", "16", "b", "a-b", "$set", "1.5"]
        );
        let d = doc("{ a: 1, b: 2, a: 3 }");
        assert_eq!(d.keys().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(d.get("a"), Some(&Value::Int32(3)));
        let w = parse_document("{ a: 1, a: 2 }", &mut FixedGenerator::new(0))
            .unwrap()
            .warnings;
        assert_eq!(w[0].column, 9);
        assert!(w[0].message().starts_with("duplicate key `a`"));
        assert_eq!(doc("{ __proto__: { a: 1 }, b: 2 }").len(), 1);
        assert_eq!(
            doc("{ '01': 1, b: 2, '4294967295': 3 }").keys().next(),
            Some("01")
        );
    }

    #[test]
    fn constructors() {
        assert_eq!(value("NumberInt('42')"), Value::Int32(42));
        assert_eq!(value("new NumberInt(-7)"), Value::Int32(-7));
        assert_eq!(value("Int32(5)"), Value::Int32(5));
        assert_eq!(value("NumberInt()"), Value::Int32(0));
        assert_eq!(value("NumberLong()"), Value::Int64(0));
        assert_eq!(value("Long('-12')"), Value::Int64(-12));
        assert_eq!(value("Long.fromString('12')"), Value::Int64(12));
        assert_eq!(value("Double(42)"), Value::Double(42.0));
        assert_eq!(value("Double('1.5')"), Value::Double(1.5));
        assert_eq!(
            value("ObjectId.createFromHexString('6ac71201a9fded4f0c2e7ec8')"),
            value("ObjectId('6ac71201a9fded4f0c2e7ec8')")
        );
        assert_eq!(value("MinKey"), Value::MinKey);
        assert_eq!(value("MaxKey()"), Value::MaxKey);
        assert_eq!(
            value("Timestamp({ t: 1, i: 2 })"),
            Value::Timestamp(Timestamp {
                time: 1,
                increment: 2
            })
        );
        assert_eq!(value("Timestamp(1, 2)"), value("Timestamp({ t: 1, i: 2 })"));
        assert_eq!(
            value("Timestamp(4294967295, 0)"),
            Value::Timestamp(Timestamp {
                time: u32::MAX,
                increment: 0
            })
        );
        assert_eq!(
            value("BinData(0, 'AQID')"),
            Value::Binary(Binary {
                subtype: 0,
                bytes: vec![1, 2, 3]
            })
        );
        assert_eq!(
            value("HexData(128, '0102ff')"),
            Value::Binary(Binary {
                subtype: 128,
                bytes: vec![1, 2, 255]
            })
        );
        assert_eq!(
            value("Binary.createFromBase64('AQID', 0)"),
            value("BinData(0, 'AQID')")
        );
        assert_eq!(
            value("Binary.createFromHexString('010203')"),
            value("BinData(0, 'AQID')")
        );
        assert_eq!(
            value("UUID('340a73e35b2b45a8892d712753c15406')"),
            value("UUID('340a73e3-5b2b-45a8-892d-712753c15406')")
        );
        assert_eq!(
            value("RegExp('a+', 'i')"),
            Value::Regex(Box::new(Regex::new("a+", "i")))
        );
        assert_eq!(
            value("BSONRegExp('a', 'xi')"),
            Value::Regex(Box::new(Regex::new("a", "ix")))
        );
        assert_eq!(
            value("BSONRegExp('a', 'ii')"),
            Value::Regex(Box::new(Regex::new("a", "ii")))
        );
        assert_eq!(value("MD5('0102')"), value("BinData(5, 'AQI=')"));
        assert_eq!(
            value("Binary.fromInt8Array(new Int8Array([ 1, -2 ]))"),
            Value::Binary(Binary {
                subtype: 9,
                bytes: vec![0x03, 0, 1, 0xfe]
            })
        );
        assert_eq!(
            value("Binary.fromFloat32Array(new Float32Array([ 1.5 ]))"),
            Value::Binary(Binary {
                subtype: 9,
                bytes: vec![0x27, 0, 0, 0, 0xc0, 0x3f]
            })
        );
        assert_eq!(
            value("Binary.fromPackedBits(new Uint8Array([ 127, 7 ]), 3)"),
            Value::Binary(Binary {
                subtype: 9,
                bytes: vec![0x10, 3, 127, 7]
            })
        );
        let r = value("DBRef('c', 1, 'db', { x: 2 })");
        assert_eq!(
            r.as_document().unwrap().keys().collect::<Vec<_>>(),
            ["$ref", "$id", "$db", "x"]
        );
        assert_eq!(
            value("DBRef('c', 1, { x: 2 })"),
            value("DBRef('c', 1, undefined, { x: 2 })")
        );
        assert_eq!(value("DBRef('app.c', 1)"), value("DBRef('c', 1, 'app')"));
        assert_eq!(
            doc("{ ['__proto__']: 1 }").keys().collect::<Vec<_>>(),
            ["__proto__"]
        );
        assert_eq!(value("Code('f()')"), Value::JavaScript("f()".into()));
        assert!(matches!(
            value("Code('x', { a: 1 })"),
            Value::JavaScriptWithScope(_)
        ));
        assert_eq!(value("BSONSymbol('s')"), Value::Symbol("s".into()));
        let r = value("DBRef('users', 1, 'app')");
        let d = r.as_document().unwrap();
        assert_eq!(d.keys().collect::<Vec<_>>(), ["$ref", "$id", "$db"]);
    }

    #[test]
    fn generated_values_come_from_the_generator() {
        assert_eq!(
            value("ObjectId()"),
            value("ObjectId('6ac769a05e1f7a3c9d000000')")
        );
        assert_eq!(
            value("ObjectId(0)"),
            value("ObjectId('000000005e1f7a3c9d000000')")
        );
        assert_eq!(
            value("ObjectId.createFromTime(1791417600)"),
            value("ObjectId('6ac6dd000000000000000000')")
        );
        assert_eq!(value("new Date()"), Value::DateTime(1_791_453_600_123));
        assert_eq!(value("new Date"), Value::DateTime(1_791_453_600_123));
        assert_eq!(value("ISODate()"), Value::DateTime(1_791_453_600_123));
        assert_eq!(
            value("Date()"),
            Value::from("Thu Oct 08 2026 10:00:00 GMT+0000 (Coordinated Universal Time)")
        );
        let Value::Binary(b) = value("UUID()") else {
            panic!()
        };
        assert_eq!((b.subtype, b.bytes.len(), b.bytes[6] >> 4), (4, 16, 4));
    }

    #[test]
    fn dates() {
        let at = Value::DateTime(1_791_453_600_000);
        assert_eq!(value("ISODate('2026-10-08T10:00:00Z')"), at);
        assert_eq!(value("ISODate('2026-10-08T10:00:00')"), at);
        assert_eq!(value("new ISODate('2026-10-08T17:00:00+07:00')"), at);
        assert_eq!(value("new Date('2026-10-08T10:00:00.000Z')"), at);
        assert_eq!(value("new Date(1791453600000)"), at);
        assert_eq!(value("new Date(1791453600000.9)"), at);
        assert_eq!(
            value("new Date('2026-10-08')"),
            Value::DateTime(1_791_417_600_000)
        );
        assert_eq!(
            value("new Date('+010000-01-01T00:00:00Z')"),
            Value::DateTime(253_402_300_800_000)
        );
        assert!(warnings("new Date('2026-10-08T10:00:00')")[0].contains("local time zone"));
        assert!(warnings("new Date('2026-10-08')").is_empty());
        assert!(error("new Date(2026, 9, 8)").1.contains("local time zone"));
        assert!(error("new Date(8.7e15)").1.contains("Invalid Date"));
        assert!(
            error("ISODate('+010000-01-01')")
                .1
                .contains("years 0000 to 9999")
        );
        assert!(
            error("ISODate('0000-01-01T00:00:00+01:00')")
                .1
                .contains("0000-01-01 to 9999-12-31")
        );
    }

    #[test]
    fn number_arguments_go_through_a_double() {
        assert_eq!(
            value("NumberLong(9007199254740993)"),
            Value::Int64(9_007_199_254_740_992)
        );
        assert_eq!(
            value("NumberLong('9007199254740993')"),
            Value::Int64(9_007_199_254_740_993)
        );
        assert_eq!(
            warnings("NumberLong(1)"),
            [
                "NumberLong: specifying a number as argument is deprecated and may lead to loss of precision, pass a string instead"
            ]
        );
        assert!(warnings("NumberLong('1')").is_empty());
        assert_eq!(value("NumberLong(1e300)"), Value::Int64(i64::MAX));
        assert_eq!(value("NumberInt(42.7)"), Value::Int32(42));
        assert_eq!(
            warnings("NumberInt(42.7)"),
            ["NumberInt(42.7) keeps 42: the fraction is dropped"]
        );
        assert_eq!(value("NumberDecimal(0.1)"), value("NumberDecimal('0.1')"));
        assert_eq!(
            value("NumberDecimal(0.1 )"),
            Value::Decimal128(Decimal128::parse("0.1").unwrap())
        );
        assert!(
            warnings("NumberDecimal(0.1)")[0].starts_with("NumberDecimal: specifying a number")
        );
        assert_eq!(
            value("NumberDecimal(1e21)"),
            value("NumberDecimal('1E+21')")
        );
    }

    #[test]
    fn errors_explain_the_rule() {
        assert_eq!(
            error("NumberFoo(1)"),
            (1, "unknown constructor `NumberFoo`".into())
        );
        assert_eq!(
            error("  NumberLon('1')"),
            (
                3,
                "unknown constructor `NumberLon`; did you mean `NumberLong`?".into()
            )
        );
        assert_eq!(
            error("[foo]"),
            (
                2,
                "unknown name `foo`: a string needs quotes, as in 'foo'".into()
            )
        );
        assert_eq!(
            error("NumberInt('2147483648')"),
            (11, "2147483648 is out of the int32 range -2147483648..2147483647 (mongosh would silently wrap it to -2147483648); use NumberLong".into())
        );
        assert!(error("NumberInt('12abc')").1.contains("`12abc` is not one"));
        assert!(
            error("NumberLong('9223372036854775808')")
                .1
                .contains("int64 range")
        );
        assert!(error("NumberLong({})").1.contains("but got a document"));
        assert!(error("Decimal128(0.1)").1.contains("takes a string"));
        assert!(
            error("NumberDecimal('1.2.3')")
                .1
                .contains("not a decimal number")
        );
        assert!(error("ObjectId(1.5)").1.contains("whole seconds"));
        assert!(error("ObjectId(true)").1.contains("but got a boolean"));
        assert!(
            error("ObjectId('a', 'b')")
                .1
                .contains("but got 2 arguments")
        );
        assert!(error("ObjectId").1.contains("is a constructor"));
        assert!(error("UUID('1234')").1.contains("has 4"));
        assert!(error("BinData(256, '')").1.contains("0 to 255"));
        assert!(
            error("BinData(0, 'a$')")
                .1
                .contains("not a base64 character")
        );
        assert!(error("HexData(0, 'abc')").1.contains("odd number"));
        assert!(error("Timestamp({ t: 1 })").1.contains("needs both"));
        assert!(error("Timestamp(-1, 0)").1.contains("whole number"));
        // js-bson's serializer stores `g` as BSON `s` and drops `s`, `u`, `y`, `d`, `v`.
        assert_eq!(value("/a/g"), Value::Regex(Box::new(Regex::new("a", "s"))));
        assert!(warnings("/a/g")[0].contains("as BSON option `s`"));
        assert_eq!(value("/a/su"), Value::Regex(Box::new(Regex::new("a", ""))));
        assert_eq!(warnings("/a/su").len(), 2);
        let Value::Regex(gm) = value("/a/gmi") else {
            panic!("a regex")
        };
        assert_eq!(gm.options, "ism");
        assert!(error("/a/x").1.contains("BSONRegExp"));
        assert!(error("/a/ii").1.contains("twice"));
        assert!(error("Double('abc')").1.contains("NaN"));
        assert!(error("-'5'").1.contains("unary `-` needs a number"));
        assert!(error("--5").1.contains("decrement"));
        assert_eq!(value("- -5"), Value::Int32(5));
        assert!(error("[1,,2]").1.contains("element is missing"));
        assert!(error("{ a: 1 } x").1.contains("end of the input"));
        assert!(error("{ [k]: 1 }").1.contains("computed keys"));
        assert!(error("{ ['a' + 'b']: 1 }").1.contains("computed keys"));
        assert!(error("{ 'a\\0': 1 }").1.contains("NUL"));
        assert!(error("new 5").1.contains("`new` needs a constructor"));
        assert!(error("9223372036854775808n").1.contains("int64 range"));
        assert_eq!(error("{ a: 1").1, "a document is missing its closing `}`");
        assert_eq!(
            error("").1,
            "expected a value, but found the end of the input"
        );
    }

    #[test]
    fn nesting_is_bounded() {
        // The top-level array and 100 levels below it.
        let ok = format!("{}{}", "[".repeat(101), "]".repeat(101));
        assert!(parse_value(&ok, &mut FixedGenerator::new(0)).is_ok());
        for deep in [
            format!("{}{}", "[".repeat(102), "]".repeat(102)),
            "{a:".repeat(100_000),
            "-".repeat(100_000),
            "NumberInt(".repeat(100_000),
        ] {
            let e = parse_value(&deep, &mut FixedGenerator::new(0)).unwrap_err();
            let message = e.message();
            assert!(
                message.contains("100 levels") || message.contains("signs"),
                "{message}"
            );
        }
    }
}

#[cfg(test)]
mod nesting {
    //! One nesting limit for every reader and writer: 100 levels below the top-level
    //! document (the manual's "no more than 100 levels of nesting"), 101 containers in all.

    use crate::bson::shell::{FixedGenerator, parse_document, parse_value};
    use crate::bson::spec::MAX_NESTING_DEPTH;
    use crate::bson::{decode_document, ejson, encode_document};

    /// `containers` documents and arrays, each inside the one before, in shell syntax and
    /// in JSON; every other level an array, so both kinds count.
    fn nested(containers: usize) -> (String, String) {
        let (mut shell, mut json) = ("1".to_owned(), "1".to_owned());
        for level in (1..containers).rev() {
            if level % 2 == 0 {
                shell = format!("[{shell}]");
                json = format!("[{json}]");
            } else {
                shell = format!("{{ a: {shell} }}");
                json = format!("{{\"a\": {json}}}");
            }
        }
        (format!("{{ a: {shell} }}"), format!("{{\"a\": {json}}}"))
    }

    #[test]
    fn shell_ejson_encoder_and_decoder_agree_at_the_limit() {
        let limit = MAX_NESTING_DEPTH + 1;
        for (containers, ok) in [(limit - 1, true), (limit, true), (limit + 1, false)] {
            let (shell, json) = nested(containers);
            let from_shell = parse_document(&shell, &mut FixedGenerator::new(0));
            let from_json = ejson::parse_document(&json);
            let from_value = parse_value(&shell, &mut FixedGenerator::new(0));
            let from_json_value = ejson::parse_value(&json);
            assert_eq!(from_shell.is_ok(), ok, "shell, {containers} containers");
            assert_eq!(from_json.is_ok(), ok, "EJSON, {containers} containers");
            assert_eq!(from_value.is_ok(), ok, "shell value, {containers}");
            assert_eq!(from_json_value.is_ok(), ok, "EJSON value, {containers}");
            match (from_shell, from_json) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a.value, b);
                    let bytes = encode_document(&b).expect("the encoder holds the same limit");
                    assert_eq!(decode_document(&bytes).expect("so does the decoder"), b);
                }
                (Err(a), Err(b)) => {
                    assert!(a.message().contains("100 levels"), "{}", a.message());
                    assert!(b.message().contains("100 levels"), "{}", b.message());
                }
                (a, b) => panic!("{containers}: shell {:?}, EJSON {:?}", a.is_ok(), b.is_ok()),
            }
        }
    }

    #[test]
    fn calls_and_signs_at_the_innermost_level_still_read() {
        let (shell, _) = nested(MAX_NESTING_DEPTH + 1);
        let with_call = shell.replacen('1', "NumberLong(-1)", 1);
        assert!(parse_document(&with_call, &mut FixedGenerator::new(0)).is_ok());
        let json = nested(MAX_NESTING_DEPTH + 1).1;
        let with_wrapper = json.replacen('1', r#"{"$numberLong": "-1"}"#, 1);
        assert!(ejson::parse_document(&with_wrapper).is_ok());
        // Signs without end are still bounded.
        let signs = format!("{}1", "-".repeat(10_000));
        assert!(parse_value(&signs, &mut FixedGenerator::new(0)).is_err());
    }
}
