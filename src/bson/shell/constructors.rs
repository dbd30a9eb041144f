//! The shell's type constructors, `NumberLong("42")`, `ObjectId()`, `new Date(...)`,
//! `UUID(...)`..., each doing what mongosh 2.x does with its arguments, and refusing what
//! mongosh would silently mangle.

mod dates;
mod numbers;

use super::number::js_to_string;
use super::parser::{Call, Item, Js, Parser};
use crate::bson::base64;
use crate::bson::oid::ObjectId;
use crate::bson::parse_error::ParseError;
use crate::bson::spec::{BINARY_GENERIC, BINARY_MD5, BINARY_UUID};
use crate::bson::value::{Binary, CodeWithScope, Document, Regex, Timestamp, Value};

/// The names a call may use, for "did you mean" hints.
const KNOWN: [&str; 33] = [
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
        let how = if call.name == "Date" {
            "write new Date() for the current date".to_owned()
        } else {
            format!("call it, as in {}(...)", call.name)
        };
        return Err(p.error(
            call.start,
            format!("`{}` is a constructor; {how}", call.name),
        ));
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
        "Timestamp" => bson(timestamp(p, &call)?),
        "MinKey" | "MaxKey" => {
            // Bare `MinKey` is the function itself, which mongosh serializes as MinKey too.
            args(p, &call, 0, 0, "no arguments")?;
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
            let [s] = exactly::<1>(p, &call, "a string")?;
            let (s, _) = string(p, &call, &s)?;
            bson(Value::Symbol(s.into()))
        }
        name => Err(unknown(p, &call, name)),
    }
}

fn unknown(p: &Parser<'_, '_>, call: &Call<'_>, name: &str) -> ParseError {
    let hint = suggestion(name).map_or(String::new(), |s| format!("; did you mean `{s}`?"));
    if call.args.is_some() || call.is_new {
        p.error(call.start, format!("unknown constructor `{name}`{hint}"))
    } else if hint.is_empty() && !name.contains('.') {
        p.error(
            call.start,
            format!("unknown name `{name}`: a string needs quotes, as in '{name}'"),
        )
    } else {
        p.error(call.start, format!("unknown name `{name}`{hint}"))
    }
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
    takes: &str,
) -> Result<&'c [Item], ParseError> {
    let given = call.args.as_deref().unwrap_or(&[]);
    if given.len() < min || given.len() > max {
        let n = given.len();
        let got = match n {
            0 => "none".to_owned(),
            1 => "1 argument".to_owned(),
            n => format!("{n} arguments"),
        };
        let at = given.get(max).map_or(call.start, |a| a.start);
        return Err(p.error(at, format!("{} takes {takes}, but got {got}", call.name)));
    }
    Ok(given)
}

/// Exactly `N` arguments.
fn exactly<const N: usize>(
    p: &Parser<'_, '_>,
    call: &Call<'_>,
    takes: &str,
) -> Result<[Item; N], ParseError> {
    let given = args(p, call, N, N, takes)?;
    <[Item; N]>::try_from(given.to_vec()).map_err(|_| p.error(call.start, "wrong argument count"))
}

/// The argument, or `None` when it is missing or `undefined` (JavaScript's default parameter).
fn optional<'c>(
    p: &Parser<'_, '_>,
    call: &'c Call<'_>,
    takes: &str,
) -> Result<Option<&'c Item>, ParseError> {
    Ok(args(p, call, 0, 1, takes)?
        .first()
        .filter(|a| a.js != Js::Undefined))
}

fn type_error(p: &Parser<'_, '_>, call: &Call<'_>, arg: &Item, wants: &str) -> ParseError {
    p.error(
        arg.start,
        format!("{} takes {wants}, but got {}", call.name, arg.kind()),
    )
}

fn string<'i>(
    p: &Parser<'_, '_>,
    call: &Call<'_>,
    arg: &'i Item,
) -> Result<(&'i str, bool), ParseError> {
    match &arg.js {
        Js::String { value, verbatim } => Ok((value, *verbatim)),
        Js::Bson(Value::String(s)) => Ok((s, false)),
        _ => Err(type_error(p, call, arg, "a string")),
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
    let x = number(arg).ok_or_else(|| type_error(p, call, arg, "a number of seconds"))?;
    if x.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&x) {
        return Err(p.error(
            arg.start,
            format!(
                "{} needs whole seconds from 0 to 4294967295 (4 bytes), but got {}",
                call.name,
                js_to_string(x)
            ),
        ));
    }
    Ok(x as u32)
}

/// `count` hex digits from a string argument, with the caret on the first bad character.
fn hex_string(
    p: &Parser<'_, '_>,
    arg: &Item,
    text: &str,
    what: &str,
    count: Option<usize>,
) -> Result<Vec<u8>, ParseError> {
    let n = text.chars().count();
    if let Some((i, c)) = text.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        return Err(p.error(
            arg.inner_offset(i),
            format!("{what}, but `{text}` has `{c}`, which is not a hex digit"),
        ));
    }
    match count {
        Some(count) if n != count => {
            return Err(p.error(arg.start, format!("{what}, but `{text}` has {n}")));
        }
        None if n % 2 == 1 => {
            return Err(p.error(
                arg.start,
                format!("{what}, but `{text}` has an odd number of them ({n})"),
            ));
        }
        _ => {}
    }
    crate::bson::hex::decode(text).map_err(|e| p.error(arg.start, e.message))
}

fn object_id(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    const NEEDS: &str = "ObjectId needs 24 hex digits";
    let from_hex = |p: &Parser<'_, '_>, arg: &Item, s: &str| -> Result<Value, ParseError> {
        let bytes = hex_string(p, arg, s, NEEDS, Some(24))?;
        let mut id = [0u8; 12];
        id.copy_from_slice(&bytes);
        Ok(Value::ObjectId(ObjectId(id)))
    };
    match call.name {
        "ObjectId.createFromTime" => {
            let [arg] = exactly::<1>(p, call, "a number of seconds")?;
            let mut id = [0u8; 12];
            id[..4].copy_from_slice(&seconds(p, call, &arg)?.to_be_bytes());
            Ok(Value::ObjectId(ObjectId(id)))
        }
        "ObjectId.createFromHexString" => {
            let [arg] = exactly::<1>(p, call, "a string of 24 hex digits")?;
            let (s, _) = string(p, call, &arg)?;
            from_hex(p, &arg, s)
        }
        _ => {
            let takes = "nothing, 24 hex digits or a number of seconds";
            let Some(arg) = optional(p, call, takes)?.cloned() else {
                let secs = now_secs(p);
                return Ok(Value::ObjectId(p.generator.object_id(secs)));
            };
            match &arg.js {
                Js::String { value, .. } => from_hex(p, &arg, value),
                Js::Bson(Value::ObjectId(id)) => Ok(Value::ObjectId(*id)),
                _ => {
                    // mongosh 2.x: ObjectId(secs) sets the timestamp and fills the process
                    // value and counter like a new id (seed: '6ac6dd00dcfdc9da974196bf');
                    // only createFromTime leaves them zero.
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
        Some(x) => Err(p.error(
            arg.start,
            format!(
                "{}'s subtype is one byte, 0 to 255, but got {}",
                call.name,
                js_to_string(x)
            ),
        )),
        None => Err(type_error(p, call, arg, "a subtype number")),
    }
}

fn binary(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let bin = |subtype, bytes| Ok(Value::Binary(Binary { subtype, bytes }));
    let base64 = |p: &Parser<'_, '_>, arg: &Item, s: &str| {
        base64::decode(s).map_err(|e| p.error(arg.start, format!("{}: {e}", call.name)))
    };
    match call.name {
        "UUID" => {
            let Some(arg) = optional(p, call, "a string of 32 hex digits")?.cloned() else {
                return bin(BINARY_UUID, p.generator.uuid_v4().to_vec());
            };
            let (s, _) = string(p, call, &arg)?;
            // mongosh removes every dash before reading the hex digits.
            let digits: String = s.chars().filter(|&c| c != '-').collect();
            let needs = "UUID needs 32 hex digits (dashes optional)";
            if let Some((i, c)) = s
                .char_indices()
                .find(|&(_, c)| c != '-' && !c.is_ascii_hexdigit())
            {
                return Err(p.error(
                    arg.inner_offset(i),
                    format!("{needs}, but `{s}` has `{c}`, which is not a hex digit"),
                ));
            }
            if digits.len() != 32 {
                return Err(p.error(
                    arg.start,
                    format!("{needs}, but `{s}` has {}", digits.len()),
                ));
            }
            bin(
                BINARY_UUID,
                crate::bson::hex::decode(&digits).map_err(|e| p.error(arg.start, e.message))?,
            )
        }
        "MD5" => {
            let [arg] = exactly::<1>(p, call, "a string of 32 hex digits")?;
            let (s, _) = string(p, call, &arg)?;
            bin(
                BINARY_MD5,
                hex_string(p, &arg, s, "MD5 needs 32 hex digits", Some(32))?,
            )
        }
        "BinData" | "HexData" => {
            let [sub, data] = exactly::<2>(
                p,
                call,
                "a subtype and a string, as in BinData(0, \"AQID\")",
            )?;
            let sub = subtype(p, call, &sub)?;
            let (s, _) = string(p, call, &data)?;
            let bytes = if call.name == "BinData" {
                base64(p, &data, s)?
            } else {
                hex_string(p, &data, s, "HexData needs hex digits, two per byte", None)?
            };
            bin(sub, bytes)
        }
        _ => {
            let given = args(p, call, 1, 2, "a string and an optional subtype")?;
            let sub = match given.get(1) {
                Some(arg) => subtype(p, call, arg)?,
                None => BINARY_GENERIC,
            };
            let data = &given[0];
            let (s, _) = string(p, call, data)?;
            let bytes = if call.name == "Binary.createFromBase64" {
                base64(p, data, s)?
            } else {
                hex_string(
                    p,
                    data,
                    s,
                    "createFromHexString needs hex digits, two per byte",
                    None,
                )?
            };
            bin(sub, bytes)
        }
    }
}

fn timestamp(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(p, call, 0, 2, "{ t: seconds, i: increment }")?;
    let part =
        |p: &Parser<'_, '_>, x: Option<f64>, at: usize, name: &str| -> Result<u32, ParseError> {
            match x {
            Some(x) if x.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&x) => Ok(x as u32),
            Some(x) => Err(p.error(
                at,
                format!(
                    "Timestamp's {name} must be a whole number from 0 to 4294967295, but got {}",
                    js_to_string(x)
                ),
            )),
            None => Err(p.error(at, format!("Timestamp's {name} must be a number"))),
        }
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
                return Err(p.error(
                    *start,
                    "Timestamp({ t, i }) needs both t (seconds) and i (increment)",
                ));
            }
            (
                part(p, field(d, "t"), *start, "t")?,
                part(p, field(d, "i"), *start, "i")?,
            )
        }
        [t] => (part(p, number(t), t.start, "t")?, 0),
        [t, i] => (
            part(p, number(t), t.start, "t")?,
            part(p, number(i), i.start, "i")?,
        ),
        _ => (0, 0),
    };
    Ok(Value::Timestamp(Timestamp {
        time: t,
        increment: i,
    }))
}

/// BSON regex options from JavaScript flags, or an error naming the flag.
pub(super) fn regex_options(
    p: &Parser<'_, '_>,
    flags: &str,
    at: usize,
    literal: bool,
) -> Result<String, ParseError> {
    let mut seen = String::new();
    for (i, c) in flags.char_indices() {
        let here = at + if literal { i } else { 0 };
        match c {
            'i' | 'm' | 's' | 'u' => {}
            'l' | 'x' if !literal => {}
            'l' | 'x' => {
                return Err(p.error(
                    here,
                    format!("a JavaScript regex literal cannot take the `{c}` flag; write BSONRegExp(\"pattern\", \"{c}\")"),
                ));
            }
            'g' | 'y' | 'd' | 'v' => {
                return Err(p.error(
                    here,
                    format!("the regex flag `{c}` has no BSON equivalent; stored regexes take i, m, s, u (and x, l)"),
                ));
            }
            c => return Err(p.error(here, format!("`{c}` is not a regex flag"))),
        }
        if seen.contains(c) {
            return Err(p.error(here, format!("the regex flag `{c}` appears twice")));
        }
        seen.push(c);
    }
    Ok(seen)
}

fn regexp(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(p, call, 1, 2, "a pattern string and optional flags")?;
    let pattern = match &given[0].js {
        Js::Bson(Value::Regex(r)) if call.name == "RegExp" => r.pattern.clone(),
        _ => string(p, call, &given[0])?.0.to_owned(),
    };
    let options = match given.get(1) {
        Some(f) => {
            let (s, _) = string(p, call, f)?;
            regex_options(p, s, f.start, false)?
        }
        None => String::new(),
    };
    if pattern.contains('\0') {
        return Err(p.error(
            given[0].start,
            "a regex cannot contain a NUL character: BSON stores it as a C string",
        ));
    }
    Ok(Value::Regex(Box::new(Regex::new(pattern, &options))))
}

fn code(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(
        p,
        call,
        0,
        2,
        "a string of code and an optional scope document",
    )?;
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
        Some(other) => Err(type_error(
            p,
            call,
            other,
            "a scope document as its second argument",
        )),
    }
}

fn dbref(p: &mut Parser<'_, '_>, call: &Call<'_>) -> Result<Value, ParseError> {
    let given = args(
        p,
        call,
        2,
        3,
        "a collection name, an id and an optional database name",
    )?
    .to_vec();
    let (collection, _) = string(p, call, &given[0])?;
    let mut doc = Document::with_capacity(3);
    doc.push("$ref", collection);
    let id = p.store(given[1].clone())?;
    doc.push("$id", id);
    if let Some(db) = given.get(2) {
        let (db, _) = string(p, call, db)?;
        doc.push("$db", db);
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
