//! String operators: `$toUpper`, `$toLower`, `$substrBytes`, `$substrCP`, `$indexOfBytes`,
//! `$split`, and (through [`Evaluator::string_op`]) `$trim`, `$ltrim`, `$rtrim`,
//! `$replaceOne`, `$replaceAll`, `$strcasecmp`, `$indexOfCP`, `$binarySize` and the regex
//! family of [`super::regex`] (mongodb/mongo `src/mongo/db/exec/expression/evaluate_string.cpp`
//! and `src/mongo/db/pipeline/expression.cpp` for the rules and words).

use super::arith::{integral, nullish};
use super::{Budget, Evaluator, ExprError, err, size_value};
use crate::bson::Value;
use crate::bson::num::Number;
use crate::query::update::server_fmt::server_value;

/// The operators [`Evaluator::string_op`] evaluates.
pub(super) const OPS: [&str; 11] = [
    "$trim",
    "$ltrim",
    "$rtrim",
    "$replaceOne",
    "$replaceAll",
    "$strcasecmp",
    "$indexOfCP",
    "$binarySize",
    "$regexMatch",
    "$regexFind",
    "$regexFindAll",
];

/// What `$trim` removes when no `chars` are given: the server's whitespace list (the
/// manual's `$trim` page), NUL and the ASCII spaces first, then the Unicode spaces.
const WHITESPACE: [char; 21] = [
    '\0', ' ', '\t', '\n', '\u{0B}', '\u{0C}', '\r', '\u{A0}', '\u{1680}', '\u{2000}', '\u{2001}',
    '\u{2002}', '\u{2003}', '\u{2004}', '\u{2005}', '\u{2006}', '\u{2007}', '\u{2008}', '\u{2009}',
    '\u{200A}', '\u{2028}',
];

/// The rest of the whitespace list (kept apart so the array above stays readable).
const MORE_WHITESPACE: [char; 4] = ['\u{2029}', '\u{202F}', '\u{205F}', '\u{3000}'];

impl Evaluator<'_> {
    /// The string operators of [`OPS`].
    pub(super) fn string_op(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        match op {
            "$trim" | "$ltrim" | "$rtrim" => self.trim(op, arg, depth).map(Some),
            "$replaceOne" | "$replaceAll" => self.replace(op, arg, depth).map(Some),
            "$strcasecmp" => {
                let [a, b] = self.exactly(op, arg, depth)?;
                let (a, b) = (
                    coerce_to_string(&a)?.to_ascii_uppercase(),
                    coerce_to_string(&b)?.to_ascii_uppercase(),
                );
                Ok(Some(Value::Int32(match a.cmp(&b) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                })))
            }
            "$indexOfCP" => {
                let args = self.args(arg, depth)?;
                if !(2..=4).contains(&args.len()) {
                    return err(
                        28667,
                        format!(
                            "Expression $indexOfCP takes at least 2 arguments, and at most 4, but {} were passed in.",
                            args.len()
                        ),
                    );
                }
                index_of_cp(&args).map(Some)
            }
            "$binarySize" => match self.single_opt(op, arg, depth)? {
                None | Some(Value::Null | Value::Undefined) => Ok(Some(Value::Null)),
                Some(Value::String(s)) => Ok(Some(size_value(s.len()))),
                Some(Value::Binary(b)) => Ok(Some(size_value(b.bytes.len()))),
                Some(other) => err(
                    51276,
                    format!(
                        "$binarySize requires a string or BinData argument, found: {}",
                        other.element_type().alias()
                    ),
                ),
            },
            _ => self.regex_op(op, arg, depth),
        }
    }

    /// `$trim: { input, chars }` and its one-sided forms: whole code points from `chars`
    /// (or the whitespace list) removed from the ends.
    fn trim(&self, op: &str, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                50696,
                format!(
                    "{op} only supports an object as an argument, found {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut input, mut chars) = (None, None);
        for (k, v) in spec.iter() {
            match k {
                "input" => input = Some(v),
                "chars" => chars = Some(v),
                other => return err(50694, format!("{op} found an unknown argument: {other}")),
            }
        }
        let Some(input) = input else {
            return err(50695, format!("{op} requires an 'input' field"));
        };
        let input = match self.eval(input, depth)? {
            Value::Null | Value::Undefined => return Ok(Value::Null),
            Value::String(s) => s,
            other => {
                return err(
                    50699,
                    format!(
                        "{op} requires its input to be a string, got {} (of type {}) instead.",
                        server_value(&other),
                        other.element_type().alias()
                    ),
                );
            }
        };
        let set: Vec<char> = match chars {
            None => WHITESPACE.iter().chain(&MORE_WHITESPACE).copied().collect(),
            Some(c) => match self.eval(c, depth)? {
                Value::Null | Value::Undefined => return Ok(Value::Null),
                Value::String(s) => s.chars().collect(),
                other => {
                    return err(
                        50700,
                        format!(
                            "{op} requires 'chars' to be a string, got {} (of type {}) instead.",
                            server_value(&other),
                            other.element_type().alias()
                        ),
                    );
                }
            },
        };
        // Sorted, so that each character is looked up in log time however long `chars` is.
        let mut set = set;
        set.sort_unstable();
        set.dedup();
        let strip = |c: char| set.binary_search(&c).is_ok();
        let mut out: &str = &input;
        if op != "$rtrim" {
            out = out.trim_start_matches(strip);
        }
        if op != "$ltrim" {
            out = out.trim_end_matches(strip);
        }
        Ok(Value::from(out))
    }

    /// `$replaceOne`/`$replaceAll: { input, find, replacement }`: literal text, not a
    /// pattern; the result is bounded by what a document can hold.
    fn replace(&self, op: &str, arg: &Value, depth: usize) -> Result<Value, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                51751,
                format!(
                    "{op} requires an object as an argument, found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut input, mut find, mut replacement) = (None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "input" => input = Some(v),
                "find" => find = Some(v),
                "replacement" => replacement = Some(v),
                other => return err(51750, format!("{op} found an unknown argument: {other}")),
            }
        }
        let Some(input) = input else {
            return err(51749, format!("{op} requires 'input' to be specified"));
        };
        let Some(find) = find else {
            return err(51748, format!("{op} requires 'find' to be specified"));
        };
        let Some(replacement) = replacement else {
            return err(
                51747,
                format!("{op} requires 'replacement' to be specified"),
            );
        };
        let (input, find, replacement) = (
            self.eval(input, depth)?,
            self.eval(find, depth)?,
            self.eval(replacement, depth)?,
        );
        // Every argument's type is checked before a null one makes the answer null.
        for (v, name, code) in [
            (&input, "input", 51746),
            (&find, "find", 51745),
            (&replacement, "replacement", 51744),
        ] {
            if !matches!(v, Value::String(_) | Value::Null | Value::Undefined) {
                return err(
                    code,
                    format!(
                        "{op} requires that '{name}' be a string, found: {}",
                        server_value(v)
                    ),
                );
            }
        }
        let (Value::String(input), Value::String(find), Value::String(replacement)) =
            (input, find, replacement)
        else {
            return Ok(Value::Null);
        };
        if op == "$replaceOne" {
            return Ok(Value::from(input.replacen(find.as_str(), &replacement, 1)));
        }
        // An empty `find` matches before every character and at the end. The server goes
        // byte by byte, which splits a multi-byte character into invalid UTF-8; the tutor's
        // strings are always valid UTF-8, so it goes character by character (the same
        // result for ASCII).
        let mut built = Budget::building();
        let mut out = String::new();
        let mut rest: &str = &input;
        if find.is_empty() {
            for c in input.chars() {
                built.add_bytes(replacement.len() + c.len_utf8())?;
                out.push_str(&replacement);
                out.push(c);
            }
            built.add_bytes(replacement.len())?;
            out.push_str(&replacement);
            return Ok(Value::from(out));
        }
        while let Some(at) = rest.find(find.as_str()) {
            built.add_bytes(at + replacement.len())?;
            out.push_str(&rest[..at]);
            out.push_str(&replacement);
            rest = &rest[at + find.len()..];
        }
        built.add_bytes(rest.len())?;
        out.push_str(rest);
        Ok(Value::from(out))
    }
}

/// `$indexOfCP: [string, substring, start?, end?]`: the code-point index of the first match
/// in `[start, end)` code points, or -1 (a start at the very end finds nothing, not even
/// the empty string, as the server's loop does).
fn index_of_cp(args: &[Value]) -> Result<Value, ExprError> {
    let (s, sub) = (&args[0], &args[1]);
    if nullish(s) {
        return Ok(Value::Null);
    }
    let Value::String(s) = s else {
        return err(
            40093,
            format!(
                "$indexOfCP requires a string as the first argument, found: {}",
                s.element_type().alias()
            ),
        );
    };
    let Value::String(sub) = sub else {
        return err(
            40094,
            format!(
                "$indexOfCP requires a string as the second argument, found: {}",
                sub.element_type().alias()
            ),
        );
    };
    let len = s.chars().count();
    let mut bounds = [0usize, len];
    for (i, v) in args[2..].iter().enumerate() {
        let which = if i == 0 {
            "starting index"
        } else {
            "ending index"
        };
        let Some(n) = Number::of(v).filter(|n| integral(*n)) else {
            // The server's words have no space after the operator's name here.
            return err(
                40096,
                format!(
                    "$indexOfCPrequires an integral {which}, found a value of type: {}, with value: {}",
                    v.element_type().alias(),
                    server_value(v)
                ),
            );
        };
        let n = as_i64(n);
        if n < 0 {
            return err(
                40097,
                format!("$indexOfCP requires a nonnegative {which}, found: {n}"),
            );
        }
        bounds[i] = n as usize;
    }
    let [start, end] = [bounds[0], bounds[1].min(len)];
    if end < start {
        return Ok(Value::Int32(-1));
    }
    if s.is_empty() && sub.is_empty() && start == 0 {
        return Ok(Value::Int32(0));
    }
    // A substring search from the start's byte (linear, unlike trying every position); the
    // match must begin before `end`, and may run past it, as the server's loop allows.
    let from = s.char_indices().nth(start).map_or(s.len(), |(b, _)| b);
    let found = s[from..]
        .find(sub.as_str())
        .map(|at| start + s[from..from + at].chars().count())
        .filter(|cp| *cp < end);
    Ok(Value::Int32(found.map_or(-1, |p| p as i32)))
}

/// The string `$toUpper`/`$toLower`/`$substr*`/`$strcasecmp` read: null is the empty string,
/// numbers their digits, dates their ISO form.
fn coerce_to_string(v: &Value) -> Result<String, ExprError> {
    Ok(match v {
        Value::String(s) | Value::Symbol(s) => s.to_string(),
        Value::Null | Value::Undefined => String::new(),
        Value::Int32(i) => i.to_string(),
        Value::Int64(l) => l.to_string(),
        Value::Double(d) => super::convert::format_double(*d),
        Value::Decimal128(d) => d.to_string(),
        // A date reads as its ISO form in UTC (the `$substr: ["$date", 0, 10]` idiom).
        Value::DateTime(ms) => {
            crate::bson::datetime::date_to_string(*ms, "%Y-%m-%dT%H:%M:%S.%LZ", None)?
        }
        other => {
            return err(
                16007,
                format!(
                    "can't convert from BSON type {} to String",
                    other.element_type().alias()
                ),
            );
        }
    })
}

/// `$toUpper` / `$toLower`: ASCII letters only, as the server maps bytes.
pub fn change_case(upper: bool, v: &Value) -> Result<Value, ExprError> {
    let s = coerce_to_string(v)?;
    Ok(Value::from(if upper {
        s.to_ascii_uppercase()
    } else {
        s.to_ascii_lowercase()
    }))
}

fn as_i64(n: Number) -> i64 {
    match n {
        Number::Int(i) => i64::from(i),
        Number::Long(l) => l,
        Number::Double(d) => d as i64,
        Number::Decimal(d) => d.to_i64().unwrap_or(0),
    }
}

/// `$substrBytes: [string, start, length]`: byte offsets that must not cut a UTF-8
/// character; a negative length means "to the end".
pub fn substr_bytes(s: &Value, start: &Value, len: &Value) -> Result<Value, ExprError> {
    let s = coerce_to_string(s)?;
    let Some(start) = Number::of(start) else {
        return err(
            16034,
            format!(
                "$substrBytes: starting index must be a numeric type (is BSON type {})",
                start.element_type().alias()
            ),
        );
    };
    let Some(len) = Number::of(len) else {
        return err(
            16035,
            format!(
                "$substrBytes: length must be a numeric type (is BSON type {})",
                len.element_type().alias()
            ),
        );
    };
    let bytes = s.as_bytes();
    let lower = usize::try_from(as_i64(start)).unwrap_or(usize::MAX);
    if lower >= bytes.len() {
        return Ok(Value::from(""));
    }
    let len = as_i64(len);
    let upper = if len < 0 {
        bytes.len()
    } else {
        lower.saturating_add(len as usize).min(bytes.len())
    };
    let continuation = |i: usize| bytes.get(i).is_some_and(|b| b & 0xc0 == 0x80);
    if continuation(lower) {
        return err(
            28656,
            "$substrBytes:  Invalid range, starting index is a UTF-8 continuation byte.",
        );
    }
    if continuation(upper) {
        return err(
            28657,
            "$substrBytes:  Invalid range, ending index is in the middle of a UTF-8 character.",
        );
    }
    Ok(Value::from(&s[lower..upper]))
}

/// `$substrCP: [string, index, count]`: in code points.
pub fn substr_cp(s: &Value, start: &Value, len: &Value) -> Result<Value, ExprError> {
    let s = coerce_to_string(s)?;
    let Some(start_n) = Number::of(start) else {
        return err(
            34450,
            format!(
                "$substrCP: starting index must be a numeric type (is BSON type {})",
                start.element_type().alias()
            ),
        );
    };
    if !integral(start_n) {
        return err(
            34451,
            "$substrCP: starting index cannot be represented as a 32-bit integral value",
        );
    }
    let Some(len_n) = Number::of(len) else {
        return err(
            34452,
            format!(
                "$substrCP: length must be a numeric type (is BSON type {})",
                len.element_type().alias()
            ),
        );
    };
    if !integral(len_n) {
        return err(
            34453,
            "$substrCP: length cannot be represented as a 32-bit integral value",
        );
    }
    let (start, len) = (as_i64(start_n), as_i64(len_n));
    if start < 0 {
        return err(
            34455,
            "$substrCP: the starting index must be nonnegative integer.",
        );
    }
    if len < 0 {
        return err(34454, "$substrCP: length must be a nonnegative integer.");
    }
    Ok(Value::from(
        s.chars()
            .skip(start as usize)
            .take(len as usize)
            .collect::<String>(),
    ))
}

/// `$indexOfBytes: [string, substring, start?, end?]`: the byte offset of the first match in
/// `[start, end)`, or -1.
pub fn index_of_bytes(args: &[Value]) -> Result<Value, ExprError> {
    let (s, sub) = (&args[0], &args[1]);
    if nullish(s) {
        return Ok(Value::Null);
    }
    let Value::String(s) = s else {
        return err(
            40091,
            format!(
                "$indexOfBytes requires a string as the first argument, found: {}",
                s.element_type().alias()
            ),
        );
    };
    let Value::String(sub) = sub else {
        return err(
            40092,
            format!(
                "$indexOfBytes requires a string as the second argument, found: {}",
                sub.element_type().alias()
            ),
        );
    };
    let mut bounds = [0usize, s.len()];
    for (i, v) in args[2..].iter().enumerate() {
        let which = if i == 0 { "starting" } else { "ending" };
        let n = Number::of(v).filter(|n| integral(*n));
        let Some(n) = n else {
            return err(
                40096,
                format!(
                    "$indexOfBytes requires an integral {which} index, found a value of type: {}, with value: {}",
                    v.element_type().alias(),
                    crate::bson::shell::print_value(v)
                ),
            );
        };
        let n = as_i64(n);
        if n < 0 {
            return err(
                40097,
                format!("$indexOfBytes requires a nonnegative {which} index, found: {n}"),
            );
        }
        bounds[i] = (n as usize).min(s.len());
    }
    let [start, end] = bounds;
    if start > end {
        return Ok(Value::Int32(-1));
    }
    let found = s.as_bytes()[start..end]
        .windows(sub.len().max(1))
        .position(|w| w == sub.as_bytes())
        .filter(|_| !sub.is_empty())
        .map(|p| p + start)
        .or((sub.is_empty()).then_some(start));
    Ok(Value::Int32(found.map_or(-1, |p| p as i32)))
}

/// `$split: [string, delimiter]`.
pub fn split(s: &Value, delimiter: &Value) -> Result<Value, ExprError> {
    if nullish(s) {
        return Ok(Value::Null);
    }
    let Value::String(s) = s else {
        return err(
            40085,
            format!(
                "$split requires an expression that evaluates to a string as a first argument, found: {}",
                s.element_type().alias()
            ),
        );
    };
    let Value::String(d) = delimiter else {
        return err(
            40086,
            format!(
                "$split requires an expression that evaluates to a string as a second argument, found: {}",
                delimiter.element_type().alias()
            ),
        );
    };
    if d.is_empty() {
        return err(40087, "$split requires a non-empty separator");
    }
    Ok(Value::Array(s.split(d.as_str()).map(Value::from).collect()))
}
