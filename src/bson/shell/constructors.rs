//! The shell's type constructors, `NumberLong("42")`, `ObjectId()`, `new Date(...)`,
//! `UUID(...)`..., each doing what mongosh 2.x does with its arguments, and refusing what
//! mongosh would silently mangle.

mod dates;
mod numbers;
mod vectors;

use super::number::js_to_string;
use super::printer::split_dbref_namespace;
use super::reader::{Call, Item, Js, Parser, TypedArray};
use crate::bson::base64;
use crate::bson::oid::ObjectId;
use crate::bson::parse_error::{
    CallError, Got, HexNeeds, ParseError, ParseWarning, SyntaxError, Takes,
};
use crate::bson::spec::{BINARY_GENERIC, BINARY_MD5, BINARY_UUID};
use crate::bson::value::{Binary, CodeWithScope, Document, Regex, Timestamp, Value};

/// The names a call may use, for "did you mean" hints.
const KNOWN: [&str; 39] = [
    "NumberInt",
    "Int32",
    "NumberLong",
    "Long",
    "Long.fromString",
    "Long.fromNumber",
    "NumberDecimal",
    "Decimal128",
    "Decimal128.fromString",
    "Double",
    "ObjectId",
    "ObjectId.createFromTime",
    "ObjectId.createFromHexString",
    "ISODate",
    "Date",
    "UUID",
    "MD5",
    "BinData",
    "HexData",
    "Binary.createFromBase64",
    "Binary.createFromHexString",
    "Binary.fromInt8Array",
    "Binary.fromFloat32Array",
    "Binary.fromPackedBits",
    "Int8Array",
    "Float32Array",
    "Uint8Array",
    "Timestamp",
    "MinKey",
    "MaxKey",
    "RegExp",
    "BSONRegExp",
    "Code",
    "DBRef",
    "BSONSymbol",
    "true",
    "false",
    "null",
    "undefined",
];

/// Builds what a call evaluates to.
pub(super) fn build(p: &mut Parser<'_, '_>, call: Call<'_>) -> Result<Js, ParseError> {
    let bson = |v: Value| Ok(Js::Bson(v));
    // A bare function name is a function object, which js-bson leaves out of the document;
    // only MinKey and MaxKey serialize as themselves. `new Date` without parentheses is a call.
    if call.args.is_none()
        && !call.is_new
        && !matches!(call.name, "MinKey" | "MaxKey")
        && KNOWN.contains(&call.name)
    {
        let e = if call.name == "Date" {
            CallError::BareDate
        } else {
            CallError::NotCalled {
                name: call.name.into(),
            }
        };
        return Err(p.error(call.start, e));
    }
    match call.name {
        "NumberInt" | "Int32" => bson(numbers::number_int(p, &call)?),
        "NumberLong" | "Long" | "Long.fromString" | "Long.fromNumber" => {
            bson(numbers::number_long(p, &call)?)
        }
        "NumberDecimal" | "Decimal128" | "Decimal128.fromString" => {
            bson(numbers::number_decimal(p, &call)?)
        }
        "Double" => bson(numbers::double(p, &call)?),
        "ObjectId" | "ObjectId.createFromTime" | "ObjectId.createFromHexString" => {
            bson(object_id(p, &call)?)
        }
        "ISODate" => bson(dates::iso_date(p, &call)?),
        "Date" if call.is_new => bson(dates::new_date(p, &call)?),
        "Date" => dates::date_string(p, &call),
        "UUID"
        | "MD5"
        | "BinData"
        | "HexData"
        | "Binary.createFromBase64"
        | "Binary.createFromHexString" => bson(binary(p, &call)?),
        "Binary.fromInt8Array" | "Binary.fromFloat32Array" | "Binary.fromPackedBits" => {
            bson(vectors::from_typed_array(p, &call)?)
        }
        "Int8Array" => vectors::typed_array(p, &call, TypedArray::Int8),
        "Float32Array" => vectors::typed_array(p, &call, TypedArray::Float32),
        "Uint8Array" => vectors::typed_array(p, &call, TypedArray::Uint8),
        "Timestamp" => bson(timestamp(p, &call)?),
        "MinKey" | "MaxKey" => {
            // Bare `MinKey` is the function itself, which mongosh serializes as MinKey too.
            if let Some(given) = call.args.as_ref().filter(|a| !a.is_empty()) {
                let e = CallError::NoArguments {
                    call: call.name.into(),
                    got: given.len(),
                };
                return Err(p.error(given[0].start, e));
            }
            bson(if call.name == "MinKey" {
                Value::MinKey
            } else {
                Value::MaxKey
            })
        }
        "RegExp" | "BSONRegExp" => bson(regexp(p, &call)?),
        "Code" => bson(code(p, &call)?),
        "DBRef" => bson(dbref(p, &call)?),
        "BSONSymbol" => {
            let [s] = exactly::<1>(p, &call, Takes::String)?;
            let (s, _) = string(p, &call, &s)?;
            bson(Value::Symbol(s.into()))
        }
        name => Err(unknown(p, &call, name)),
    }
}

fn unknown(p: &Parser<'_, '_>, call: &Call<'_>, name: &str) -> ParseError {
    let suggestion = suggestion(name);
    let name = name.to_owned();
    let e = if call.args.is_some() || call.is_new {
        CallError::UnknownConstructor { name, suggestion }
    } else if suggestion.is_none() && !name.contains('.') {
        CallError::UnquotedString { name }
    } else {
        CallError::UnknownName { name, suggestion }
    };
    p.error(call.start, e)
}

/// The known name closest to `name`: the same ignoring case, or at most two edits away.
fn suggestion(name: &str) -> Option<&'static str> {
    if name.len() > 40 {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    KNOWN
        .iter()
        .map(|k| (edit_distance(&lower, &k.to_ascii_lowercase()), *k))
        .filter(|&(d, _)| d <= 2)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// The arguments, checked to number `min..=max`; a bare name counts as no arguments.
fn args<'c>(
    p: &Parser<'_, '_>,
    call: &'c Call<'_>,
    min: usize,
    max: usize,
    takes: Takes,
) -> Result<&'c [Item], ParseError> {
    let given = call.args.as_deref().unwrap_or(&[]);
    if given.len() < min || given.len() > max {
        let at = given.get(max).map_or(call.start, |a| a.start);
        let e = CallError::Takes {
            call: call.name.into(),
            takes,
            got: Got::Count(given.len()),
        };
        return Err(p.error(at, e));
    }
    Ok(given)
}

/// Exactly `N` arguments.
fn exactly<const N: usize>(
    p: &Parser<'_, '_>,
    call: &Call<'_>,
    takes: Takes,
) -> Result<[Item; N], ParseError> {
    let given = args(p, call, N, N, takes)?;
    <[Item; N]>::try_from(given.to_vec())
        .map_err(|_| p.error(call.start, CallError::WrongArgumentCount))
}

/// The argument, or `None` when it is missing or `undefined` (JavaScript's default parameter).
fn optional<'c>(
    p: &Parser<'_, '_>,
    call: &'c Call<'_>,
    takes: Takes,
) -> Result<Option<&'c Item>, ParseError> {
    Ok(args(p, call, 0, 1, takes)?
        .first()
        .filter(|a| a.js != Js::Undefined))
}

fn type_error(p: &Parser<'_, '_>, call: &Call<'_>, arg: &Item, wants: Takes) -> ParseError {
    let e = CallError::Takes {
        call: call.name.into(),
        takes: wants,
        got: Got::Kind(arg.kind()),
    };
    p.error(arg.start, e)
}

fn string<'i>(
    p: &Parser<'_, '_>,
    call: &Call<'_>,
    arg: &'i Item,
) -> Result<(&'i str, bool), ParseError> {
    match &arg.js {
        Js::String { value, verbatim } => Ok((value, *verbatim)),
        Js::Bson(Value::String(s)) => Ok((s, false)),
        _ => Err(type_error(p, call, arg, Takes::String)),
    }
}

/// A number argument: a JS number, or a BSON number value such as `NumberInt(5)`.
fn number(arg: &Item) -> Option<f64> {
    match &arg.js {
        Js::Number(x) => Some(*x),
        Js::Bson(Value::Int32(n)) => Some(f64::from(*n)),
        Js::Bson(Value::Double(x)) => Some(*x),
        Js::Bson(Value::Int64(n)) => Some(*n as f64),
        _ => None,
    }
}

fn now_secs(p: &mut Parser<'_, '_>) -> u32 {
    let secs = p.generator.now_ms().div_euclid(1000);
    secs.clamp(0, i64::from(u32::MAX)) as u32
}

/// Whole seconds for an ObjectId timestamp.
fn seconds(p: &Parser<'_, '_>, call: &Call<'_>, arg: &Item) -> Result<u32, ParseError> {
    let x = number(arg).ok_or_else(|| type_error(p, call, arg, Takes::Seconds))?;
    if x.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&x) {
        let e = CallError::Seconds {
            call: call.name.into(),
            got: js_to_string(x),
        };
        return Err(p.error(arg.start, e));
    }
    Ok(x as u32)
}

/// `count` hex digits from a string argument, with the caret on the first bad character.
fn hex_string(
    p: &Parser<'_, '_>,
    arg: &Item,
    text: &str,
    needs: HexNeeds,
    count: Option<usize>,
) -> Result<Vec<u8>, ParseError> {
    let n = text.chars().count();
    if let Some((i, found)) = text.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        let e = CallError::HexDigit {
            needs,
            text: text.into(),
            found,
        };
        return Err(p.error(arg.inner_offset(i), e));
    }
    match count {
        Some(count) if n != count => {
            let e = CallError::HexCount {
                needs,
                text: text.into(),
                count: n,
            };
            return Err(p.error(arg.start, e));
        }
        None if n % 2 == 1 => {
            let e = CallError::HexOdd {
                needs,
                text: text.into(),
                count: n,
            };
            return Err(p.error(arg.start, e));
        }
        _ => {}
    }
    crate::bson::hex::decode(text).map_err(|e| p.error(arg.start, CallError::Hex(e.kind)))
}

fn object_id(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let from_hex = |p: &Parser<'_, '_>, arg: &Item, s: &str| -> Result<Value, ParseError> {
        let bytes = hex_string(p, arg, s, HexNeeds::ObjectId, Some(24))?;
        let mut id = [0u8; 12];
        id.copy_from_slice(&bytes);
        Ok(Value::ObjectId(ObjectId(id)))
    };
    match call.name {
        "ObjectId.createFromTime" => {
            let [arg] = exactly::<1>(p, call, Takes::Seconds)?;
            let mut id = [0u8; 12];
            id[..4].copy_from_slice(&seconds(p, call, &arg)?.to_be_bytes());
            Ok(Value::ObjectId(ObjectId(id)))
        }
        "ObjectId.createFromHexString" => {
            let [arg] = exactly::<1>(p, call, Takes::Hex24)?;
            let (s, _) = string(p, call, &arg)?;
            from_hex(p, &arg, s)
        }
        _ => {
            let takes = Takes::NothingHexOrSeconds;
            let Some(arg) = optional(p, call, takes)?.cloned() else {
                let secs = now_secs(p);
                return Ok(Value::ObjectId(p.generator.object_id(secs)));
            };
            match &arg.js {
                Js::String { value, .. } => from_hex(p, &arg, value),
                Js::Bson(Value::ObjectId(id)) => Ok(Value::ObjectId(*id)),
                _ => {
                    // mongosh 2.x: ObjectId(secs) sets the timestamp and fills the process
                    // value and counter like a new id (for 2026-10-08T00:00:00Z mongosh gave
                    // '6ac6dd00dcfdc9da974196bf'); only createFromTime leaves them zero.
                    let secs = seconds(p, call, &arg).map_err(|e| {
                        if number(&arg).is_none() {
                            type_error(p, call, &arg, takes)
                        } else {
                            e
                        }
                    })?;
                    Ok(Value::ObjectId(p.generator.object_id(secs)))
                }
            }
        }
    }
}

fn subtype(p: &Parser<'_, '_>, call: &Call<'_>, arg: &Item) -> Result<u8, ParseError> {
    match number(arg) {
        Some(x) if x.fract() == 0.0 && (0.0..=255.0).contains(&x) => Ok(x as u8),
        Some(x) => {
            let e = CallError::Subtype {
                call: call.name.into(),
                got: js_to_string(x),
            };
            Err(p.error(arg.start, e))
        }
        None => Err(type_error(p, call, arg, Takes::SubtypeNumber)),
    }
}

fn binary(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let bin = |subtype, bytes| Ok(Value::Binary(Binary { subtype, bytes }));
    let base64 = |p: &Parser<'_, '_>, arg: &Item, s: &str| {
        base64::decode(s).map_err(|error| {
            let e = CallError::Base64 {
                call: call.name.into(),
                error,
            };
            p.error(arg.start, e)
        })
    };
    match call.name {
        "UUID" => {
            let Some(arg) = optional(p, call, Takes::Hex32)?.cloned() else {
                return bin(BINARY_UUID, p.generator.uuid_v4().to_vec());
            };
            let (s, _) = string(p, call, &arg)?;
            // mongosh removes every dash before reading the hex digits.
            let digits: String = s.chars().filter(|&c| c != '-').collect();
            let needs = HexNeeds::Uuid;
            if let Some((i, found)) = s
                .char_indices()
                .find(|&(_, c)| c != '-' && !c.is_ascii_hexdigit())
            {
                let e = CallError::HexDigit {
                    needs,
                    text: s.into(),
                    found,
                };
                return Err(p.error(arg.inner_offset(i), e));
            }
            if digits.len() != 32 {
                let e = CallError::HexCount {
                    needs,
                    text: s.into(),
                    count: digits.len(),
                };
                return Err(p.error(arg.start, e));
            }
            let bytes = crate::bson::hex::decode(&digits)
                .map_err(|e| p.error(arg.start, CallError::Hex(e.kind)))?;
            bin(BINARY_UUID, bytes)
        }
        "MD5" => {
            let [arg] = exactly::<1>(p, call, Takes::Hex32)?;
            let (s, _) = string(p, call, &arg)?;
            // mongosh's MD5 helper takes any length (`Buffer.from(hexstr, 'hex')`), and
            // prints any subtype-5 binary with it.
            bin(BINARY_MD5, hex_string(p, &arg, s, HexNeeds::Md5, None)?)
        }
        "BinData" | "HexData" => {
            let [sub, data] = exactly::<2>(p, call, Takes::SubtypeAndString)?;
            let sub = subtype(p, call, &sub)?;
            let (s, _) = string(p, call, &data)?;
            let bytes = if call.name == "BinData" {
                base64(p, &data, s)?
            } else {
                hex_string(p, &data, s, HexNeeds::HexData, None)?
            };
            bin(sub, bytes)
        }
        _ => {
            let given = args(p, call, 1, 2, Takes::StringAndSubtype)?;
            let sub = match given.get(1) {
                Some(arg) => subtype(p, call, arg)?,
                None => BINARY_GENERIC,
            };
            let data = &given[0];
            let (s, _) = string(p, call, data)?;
            let bytes = if call.name == "Binary.createFromBase64" {
                base64(p, data, s)?
            } else {
                hex_string(p, data, s, HexNeeds::CreateFromHexString, None)?
            };
            bin(sub, bytes)
        }
    }
}

fn timestamp(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(p, call, 0, 2, Takes::TimestampFields)?;
    let part = |p: &Parser<'_, '_>, x: Option<f64>, at: usize, name: char| match x {
        Some(x) if x.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&x) => Ok(x as u32),
        Some(x) => {
            let e = CallError::TimestampRange {
                part: name,
                got: js_to_string(x),
            };
            Err(p.error(at, e))
        }
        None => Err(p.error(at, CallError::TimestampNumber { part: name })),
    };
    let field = |d: &Document, key: &str| -> Option<f64> {
        match d.get(key)? {
            Value::Int32(n) => Some(f64::from(*n)),
            Value::Double(x) => Some(*x),
            Value::Int64(n) => Some(*n as f64),
            _ => None,
        }
    };
    let (t, i) = match given {
        [] => (0, 0),
        [
            Item {
                js: Js::Bson(Value::Document(d)),
                start,
                ..
            },
        ] => {
            if !d.contains_key("t") || !d.contains_key("i") {
                return Err(p.error(*start, CallError::TimestampFields));
            }
            (
                part(p, field(d, "t"), *start, 't')?,
                part(p, field(d, "i"), *start, 'i')?,
            )
        }
        [t] => (part(p, number(t), t.start, 't')?, 0),
        [t, i] => (
            part(p, number(t), t.start, 't')?,
            part(p, number(i), i.start, 'i')?,
        ),
        _ => (0, 0),
    };
    Ok(Value::Timestamp(Timestamp {
        time: t,
        increment: i,
    }))
}

/// The BSON options js-bson's serializer stores for a JavaScript RegExp with `flags`
/// (`serializeRegExp` in `src/parser/serializer.ts`): `i`, then `s` for `g`, then `m`; the
/// other JavaScript flags (`s`, `u`, `y`, `d`, `v`) are dropped, each with a warning, and so
/// is `g`'s change of meaning. `at` is where the flags are in the source.
pub(super) fn js_regex_options(
    p: &mut Parser<'_, '_>,
    flags: &str,
    at: usize,
    literal: bool,
) -> Result<String, ParseError> {
    let mut seen = String::new();
    for (i, c) in flags.char_indices() {
        let here = at + if literal { i } else { 0 };
        match c {
            'd' | 'g' | 'i' | 'm' | 's' | 'u' | 'v' | 'y' => {}
            'l' | 'x' => return Err(p.error(here, CallError::LiteralFlag { flag: c })),
            c => return Err(p.error(here, CallError::NotAFlag { flag: c })),
        }
        if seen.contains(c) {
            return Err(p.error(here, CallError::FlagTwice { flag: c }));
        }
        seen.push(c);
        if !matches!(c, 'i' | 'm') {
            p.warn(here, ParseWarning::RegexFlag { flag: c });
        }
    }
    Ok([('i', 'i'), ('g', 's'), ('m', 'm')]
        .into_iter()
        .filter(|(flag, _)| seen.contains(*flag))
        .map(|(_, option)| option)
        .collect())
}

/// `BSONRegExp`'s options: js-bson's `BSONRegExp` takes `i m x l s u` in any number and
/// sorts them.
fn bson_regex_options(p: &Parser<'_, '_>, options: &str, at: usize) -> Result<String, ParseError> {
    if let Some(c) = options.chars().find(|c| !"imxlsu".contains(*c)) {
        return Err(p.error(at, CallError::NotAFlag { flag: c }));
    }
    Ok(Regex::new("", options).options)
}

fn regexp(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(p, call, 1, 2, Takes::PatternAndFlags)?.to_vec();
    let pattern = match &given[0].js {
        Js::Bson(Value::Regex(r)) if call.name == "RegExp" => r.pattern.clone(),
        _ => string(p, call, &given[0])?.0.to_owned(),
    };
    let options = match given.get(1) {
        Some(f) => {
            let (s, _) = string(p, call, f)?;
            if call.name == "RegExp" {
                js_regex_options(p, s, f.start, false)?
            } else {
                bson_regex_options(p, s, f.start)?
            }
        }
        None => String::new(),
    };
    if pattern.contains('\0') {
        return Err(p.error(given[0].start, SyntaxError::RegexNul));
    }
    Ok(Value::Regex(Box::new(Regex { pattern, options })))
}

fn code(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(p, call, 0, 2, Takes::CodeAndScope)?;
    let code = match given.first() {
        Some(c) => string(p, call, c)?.0.to_owned(),
        None => String::new(),
    };
    match given.get(1) {
        None => Ok(Value::JavaScript(code.into())),
        Some(Item {
            js: Js::Bson(Value::Document(scope)),
            ..
        }) => Ok(Value::JavaScriptWithScope(Box::new(CodeWithScope {
            code,
            scope: scope.clone(),
        }))),
        Some(other) => Err(type_error(p, call, other, Takes::ScopeDocument)),
    }
}

/// `DBRef(collection, id[, db][, fields])` as js-bson's `DBRef` stores it: `$ref`, `$id`,
/// `$db` when given, then the fields; a namespace with exactly one dot is split into database
/// and collection (`src/db_ref.ts`). js-bson prints the fields without a database as the
/// third argument, so a document there is read as the fields.
fn dbref(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(p, call, 2, 4, Takes::DbRef)?.to_vec();
    let (namespace, _) = string(p, call, &given[0])?;
    let (collection, split_db) = split_dbref_namespace(namespace);
    let id = p.store(given[1].clone())?;
    let fields_arg = |item: &Item| match &item.js {
        Js::Bson(Value::Document(d)) => Ok(d.clone()),
        _ => Err(type_error(p, call, item, Takes::DbRef)),
    };
    let (db, fields) = match &given[2..] {
        [] => (None, None),
        [
            Item {
                js: Js::Bson(Value::Document(d)),
                ..
            },
        ] => (None, Some(d.clone())),
        [db, rest @ ..] => {
            let db = match &db.js {
                Js::Undefined | Js::Bson(Value::Null) => None,
                _ => Some(string(p, call, db)?.0.to_owned()),
            };
            (db, rest.first().map(fields_arg).transpose()?)
        }
    };
    let mut doc = Document::with_capacity(3);
    doc.push("$ref", collection);
    doc.push("$id", id);
    if let Some(db) = split_db.map(str::to_owned).or(db) {
        doc.push("$db", db);
    }
    for (k, v) in fields.iter().flat_map(Document::iter) {
        doc.push(k, v.clone());
    }
    Ok(Value::Document(doc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names() {
        assert_eq!(suggestion("NumberLon"), Some("NumberLong"));
        assert_eq!(suggestion("objectid"), Some("ObjectId"));
        assert_eq!(suggestion("isodate"), Some("ISODate"));
        assert_eq!(suggestion("NumberFoo"), None);
    }
}
