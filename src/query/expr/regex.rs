//! `$regexMatch`, `$regexFind` and `$regexFindAll`: the server's regex expressions, by the
//! PCRE2 of [`crate::query::matcher::regex`] compiled as `$regex` compiles (mongodb/mongo
//! `src/mongo/db/exec/expression/evaluate_regex.cpp` and `src/mongo/util/pcre_util.cpp`
//! for the rules and words). Positions (`idx`) count code points, as the server does.

use super::{Budget, Evaluator, ExprError, err};
use crate::bson::{Document, Value};
use crate::query::matcher::regex::{Invalid, Regex, RegexError};

/// The arguments once read: `None` for input or pattern when nullish.
struct Prepared {
    input: Option<String>,
    regex: Option<Regex>,
}

impl Evaluator<'_> {
    /// The three regex operators.
    pub(super) fn regex_op(
        &self,
        op: &str,
        arg: &Value,
        depth: usize,
    ) -> Result<Option<Value>, ExprError> {
        let Prepared { input, regex } = self.prepare(op, arg, depth)?;
        let (Some(input), Some(regex)) = (input, regex) else {
            return Ok(Some(match op {
                "$regexMatch" => Value::Boolean(false),
                "$regexFind" => Value::Null,
                _ => Value::Array(Vec::new()),
            }));
        };
        match op {
            "$regexMatch" => Ok(Some(Value::Boolean(
                next_match(op, &regex, &input, 0)?.is_some(),
            ))),
            "$regexFind" => Ok(Some(
                next_match(op, &regex, &input, 0)?
                    .map_or(Value::Null, |m| m.document(&input, 0, 0)),
            )),
            _ => find_all(op, &regex, &input).map(|all| Some(Value::Array(all))),
        }
    }

    /// Reads `{ input, regex, options }` in the server's order: the pattern and options
    /// first (their types, then compiling), then the input's type.
    fn prepare(&self, op: &str, arg: &Value, depth: usize) -> Result<Prepared, ExprError> {
        let Value::Document(spec) = arg else {
            return err(
                51103,
                format!(
                    "{op} expects an object of named arguments but found: {}",
                    arg.element_type().alias()
                ),
            );
        };
        let (mut input, mut regex, mut options) = (None, None, None);
        for (k, v) in spec.iter() {
            match k {
                "input" => input = Some(v),
                "regex" => regex = Some(v),
                "options" => options = Some(v),
                other => return err(31024, format!("{op} found an unknown argument: {other}")),
            }
        }
        let Some(input) = input else {
            return err(31022, format!("{op} requires 'input' parameter"));
        };
        let Some(regex) = regex else {
            return err(31023, format!("{op} requires 'regex' parameter"));
        };
        let input = self.eval(input, depth)?;
        let regex = self.eval(regex, depth)?;
        let options = match options {
            Some(o) => self.eval(o, depth)?,
            None => Value::Null,
        };
        let nullish = |v: &Value| matches!(v, Value::Null | Value::Undefined);
        if !(nullish(&regex) || matches!(regex, Value::String(_) | Value::Regex(_))) {
            return err(
                51105,
                format!("{op} needs 'regex' to be of type string or regex"),
            );
        }
        if !(nullish(&options) || matches!(options, Value::String(_))) {
            return err(51106, format!("{op} needs 'options' to be of type string"));
        }
        let (mut pattern, mut flags) = (None, None);
        match &regex {
            Value::Regex(r) => {
                if !nullish(&options) && !r.options.is_empty() {
                    return err(
                        51107,
                        format!(
                            "{op}: found regex option(s) specified in both 'regex' and 'option' fields"
                        ),
                    );
                }
                pattern = Some(r.pattern.clone());
                if !r.options.is_empty() {
                    flags = Some(r.options.clone());
                }
            }
            Value::String(s) => pattern = Some(s.to_string()),
            _ => {}
        }
        if let Value::String(o) = &options {
            flags = Some(o.to_string());
        }
        if pattern.as_ref().is_some_and(|p| p.contains('\0')) {
            return err(
                51109,
                format!("{op}: regular expression cannot contain an embedded null byte"),
            );
        }
        if flags.as_ref().is_some_and(|f| f.contains('\0')) {
            return err(
                51110,
                format!("{op}: regular expression options cannot contain an embedded null byte"),
            );
        }
        let compiled = match pattern {
            None => None,
            Some(p) => Some(
                Regex::new(&p, flags.as_deref().unwrap_or("")).or_else(|e| compile_error(op, e))?,
            ),
        };
        let input = match input {
            Value::String(s) => Some(s.to_string()),
            v if nullish(&v) => None,
            _ => return err(51104, format!("{op} needs 'input' to be of type string")),
        };
        Ok(Prepared {
            input,
            regex: compiled,
        })
    }
}

/// The server's words for a pattern or option letter PCRE2 (or the server) refuses.
fn compile_error<T>(op: &str, e: RegexError) -> Result<T, ExprError> {
    match e {
        RegexError::Invalid(Invalid::Flag(c)) => {
            err(51108, format!("{op} invalid flag in regex options: {c}"))
        }
        RegexError::Invalid(Invalid::Pattern { message, .. }) => {
            err(51111, format!("Invalid Regex in {op}: {message}"))
        }
    }
}

/// One match: the byte spans of the whole match and of each group.
struct Match(Vec<Option<(usize, usize)>>);

/// `input[a..b]`, or "" for a span PCRE2 could report backwards (`\K` in a lookahead).
fn slice(input: &str, a: usize, b: usize) -> &str {
    input.get(a..b).unwrap_or("")
}

impl Match {
    fn span(&self) -> (usize, usize) {
        self.0.first().copied().flatten().unwrap_or((0, 0))
    }

    /// `{ match, idx, captures }`, `idx` in code points: those before `from` are
    /// `cp_before`, the rest are counted here.
    fn document(&self, input: &str, from: usize, cp_before: usize) -> Value {
        let (start, end) = self.span();
        let idx = cp_before + slice(input, from, start).chars().count();
        let captures: Vec<Value> = self.0[1..]
            .iter()
            .map(|c| c.map_or(Value::Null, |(s, e)| Value::from(slice(input, s, e))))
            .collect();
        let mut d = Document::with_capacity(3);
        d.push("match", Value::from(slice(input, start, end)));
        d.push("idx", Value::Int32(i32::try_from(idx).unwrap_or(i32::MAX)));
        d.push("captures", Value::Array(captures));
        Value::Document(d)
    }
}

/// The first match at or after byte `from`.
fn next_match(
    op: &str,
    regex: &Regex,
    input: &str,
    from: usize,
) -> Result<Option<Match>, ExprError> {
    match regex.find_at(input, from) {
        Ok(m) => Ok(m.map(Match)),
        Err(message) => err(
            51156,
            format!(
                "Error occurred while executing the regular expression in {op}. Result code: {message}"
            ),
        ),
    }
}

/// Every match, left to right, none overlapping; after an empty match the search moves
/// one character on. The results are bounded as a document is.
fn find_all(op: &str, regex: &Regex, input: &str) -> Result<Vec<Value>, ExprError> {
    let mut out = Vec::new();
    let mut built = Budget::building();
    let (mut from, mut cp) = (0usize, 0usize);
    loop {
        crate::query::interrupt::check()?;
        let Some(m) = next_match(op, regex, input, from)? else {
            break;
        };
        let (start, end) = m.span();
        let doc = m.document(input, from, cp);
        built.add(&doc)?;
        out.push(doc);
        cp += slice(input, from, start).chars().count();
        if start == end {
            // An empty match: the next search starts one character later.
            match slice(input, start, input.len()).chars().next() {
                Some(c) => {
                    from = start + c.len_utf8();
                    cp += 1;
                }
                None => break,
            }
        } else {
            if end <= from {
                // Spans that do not move forward (PCRE2 refuses the patterns that could
                // report them): stop rather than loop.
                break;
            }
            cp += slice(input, start, end).chars().count();
            from = end;
        }
        if from >= input.len() {
            break;
        }
    }
    Ok(out)
}
