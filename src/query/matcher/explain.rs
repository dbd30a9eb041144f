//! Why a document does not match, in words a learner can act on: the first clause that
//! fails, the values its path reached, and the rule that turned them away (type
//! bracketing, missing fields, arrays, regexes).
//!
//! Every sentence is a template in [`crate::strings`], English being the key: the engine's
//! own words (printed values, paths, operators, type aliases) fill its `{}` as they are,
//! and the prose around them, joiners included, is in the learner's language.

use super::schema::{Failure, Why};
use super::{Cmp, Expr, Leaf, Pred, canonical};
use crate::bson::Value;
use crate::bson::shell::print_value;
use crate::bson::spec::ElementType;
use crate::query::path::{self, Candidate, Fields};
use crate::strings::{Lang, localize, tr, trf, trn};

/// The reason `expr` (known not to match) rejects the document at `fields`, in `lang`.
pub(super) fn why(expr: &Expr, fields: Fields<'_>, lang: Lang) -> String {
    match expr {
        Expr::And(children) => children.iter().find(|c| !c.matches(fields)).map_or_else(
            || tr(lang, "the filter does not match").to_owned(),
            |c| why(c, fields, lang),
        ),
        Expr::Or(children) => {
            let reasons: Vec<String> = children
                .iter()
                .enumerate()
                .map(|(i, c)| format!("({}) {}", i + 1, why(c, fields, lang)))
                .collect();
            trf(
                lang,
                "no clause of $or matches: {reasons}",
                &[&reasons.join(tr(lang, "; "))],
            )
        }
        Expr::Nor(children) => {
            let hit = children.iter().position(|c| c.matches(fields)).unwrap_or(0);
            let clause = children
                .get(hit)
                .map(|c| describe(c, lang))
                .unwrap_or_default();
            trf(
                lang,
                "$nor rejects documents that match any of its clauses, and clause {n} ({clause}) matches",
                &[&(hit + 1), &clause],
            )
        }
        Expr::Not(inner) => why_not(inner, fields, lang),
        Expr::Const(_) => tr(
            lang,
            "this condition matches no document ($alwaysFalse, or $all: [])",
        )
        .to_owned(),
        Expr::Aggregate(_) => tr(
            lang,
            "the $expr expression evaluates to false, null, 0 or missing",
        )
        .to_owned(),
        Expr::Leaf(leaf) => why_leaf(leaf, fields, lang),
        Expr::Schema(schema) => match fields {
            Fields::Document(d) => schema.failure(d).map_or_else(
                || tr(lang, "the document does not match the $jsonSchema").to_owned(),
                |f| why_schema(&f, lang),
            ),
            Fields::Array(_) => tr(lang, "the document does not match the $jsonSchema").to_owned(),
        },
    }
}

/// Why a document fails a `$jsonSchema`: the keyword, where, and the value found there.
fn why_schema(f: &Failure<'_>, lang: Lang) -> String {
    let place = if f.path.is_empty() {
        tr(lang, "the document").to_owned()
    } else {
        match f.value {
            Some(v) => format!("{}: {}", f.path, print_value(v)),
            None => trf(lang, "{path} (missing)", &[&f.path]),
        }
    };
    let keyword = f.keyword;
    match &f.why {
        Why::Missing(field) => trf(
            lang,
            "$jsonSchema: {place} lacks the field {field}, which 'required' lists",
            &[&place, field],
        ),
        Why::NotAllowed(field) => {
            let sentence = trf(
                lang,
                "$jsonSchema: {place} has the field {field}, which 'properties' does not name and 'additionalProperties' does not allow",
                &[&place, field],
            );
            if f.refuses_top_level_id() {
                format!(
                    "{sentence} {}",
                    tr(
                        lang,
                        "(at the top level _id counts as a property too: name it in 'properties')"
                    )
                )
            } else {
                sentence
            }
        }
        Why::Type(types) => {
            // The whole document is an object; a missing field has no type.
            let found = match (f.path.is_empty(), f.value) {
                (true, _) => ElementType::Document.alias().to_owned(),
                (false, Some(v)) => v.element_type().alias().to_owned(),
                (false, None) => tr(lang, "missing").to_owned(),
            };
            trf(
                lang,
                "$jsonSchema: {place} is of type {found}, but '{keyword}' asks for {types}",
                &[&place, &found, &keyword, types],
            )
        }
        Why::Keyword => trf(
            lang,
            "$jsonSchema: {place} fails the keyword '{keyword}'",
            &[&place, &keyword],
        ),
    }
}

/// Why a negation (`$ne`, `$nin`, `$exists: false`, `$not`, known to fail) fails: the
/// condition it negates holds, because of this value.
fn why_not(inner: &Expr, fields: Fields<'_>, lang: Lang) -> String {
    let Expr::Leaf(leaf) = inner else {
        return trf(
            lang,
            "{condition} holds, and $not rejects what it matches",
            &[&describe(inner, lang)],
        );
    };
    let path = &leaf.path;
    let mut hit = None;
    path::each_candidate(fields, &leaf.parts, leaf.pred.leaf_arrays(), &mut |c| {
        hit = Some(c);
        leaf.test(c.value)
    });
    let Some(Candidate { value, from_array }) = hit else {
        return trf(
            lang,
            "{condition} holds, and the filter asks for its opposite",
            &[&describe(inner, lang)],
        );
    };
    let Some(value) = value else {
        // Only null-like conditions match a missing field.
        return trf(
            lang,
            "{path} is missing, and {condition} rejects missing fields as well as nulls",
            &[path, &describe(&Expr::Not(Box::new(inner.clone())), lang)],
        );
    };
    let subject = if from_array {
        trf(
            lang,
            "an element of {path} ({value})",
            &[path, &print_value(value)],
        )
    } else {
        format!("{path}: {}", print_value(value))
    };
    match &leaf.pred {
        Pred::Cmp(Cmp::Eq, v) => {
            let v = print_value(v);
            trf(
                lang,
                "{subject} equals {value}, so $ne: {operand} rejects the document",
                &[&subject, &v, &v],
            )
        }
        Pred::In(_) => trf(
            lang,
            "{subject} is in the $nin list, so the document is rejected",
            &[&subject],
        ),
        Pred::Exists => trf(
            lang,
            "{path} exists, so $exists: false rejects the document",
            &[path],
        ),
        _ => trf(
            lang,
            "{subject} satisfies {operand}, and $not rejects what it matches",
            &[&subject, &operand(&leaf.pred, lang)],
        ),
    }
}

/// A condition in filter syntax, for quoting it back: `qty: { $gt: 5 }`, `status: 'A'`.
fn describe(expr: &Expr, lang: Lang) -> String {
    let each =
        |children: &[Expr]| -> Vec<String> { children.iter().map(|c| describe(c, lang)).collect() };
    match expr {
        Expr::Leaf(leaf) => match &leaf.pred {
            Pred::Cmp(Cmp::Eq, v) => format!("{}: {}", leaf.path, print_value(v)),
            Pred::Regex(r) => format!("{}: /{}/{}", leaf.path, r.pattern, r.options),
            pred => format!("{}: {{ {} }}", leaf.path, operand(pred, lang)),
        },
        Expr::Not(inner) => match inner.as_ref() {
            Expr::Leaf(leaf) => match &leaf.pred {
                Pred::Cmp(Cmp::Eq, v) => {
                    format!("{}: {{ $ne: {} }}", leaf.path, print_value(v))
                }
                Pred::In(_) => format!(
                    "{}: {{ {} }}",
                    leaf.path,
                    operand(&leaf.pred, lang).replacen("$in", "$nin", 1)
                ),
                Pred::Exists => format!("{}: {{ $exists: false }}", leaf.path),
                pred => format!("{}: {{ $not: {{ {} }} }}", leaf.path, operand(pred, lang)),
            },
            other => trf(lang, "not ({clause})", &[&describe(other, lang)]),
        },
        Expr::And(children) => each(children).join(tr(lang, " and ")),
        Expr::Or(children) => trf(lang, "$or of ({clauses})", &[&each(children).join("), (")]),
        Expr::Nor(children) => trf(lang, "$nor of ({clauses})", &[&each(children).join("), (")]),
        Expr::Const(b) => format!("{b}"),
        Expr::Aggregate(e) => format!("$expr: {}", print_value(e)),
        Expr::Schema(_) => "$jsonSchema".to_owned(),
    }
}

/// The operator and its operand: `$gt: 0`, `$in: [...]`.
fn operand(pred: &Pred, lang: Lang) -> String {
    match pred {
        Pred::Cmp(op, v) => format!("{}: {}", op.name(), print_value(v)),
        Pred::In(list) => {
            let mut items: Vec<String> = list.values.iter().map(print_value).collect();
            items.extend(
                list.regexes
                    .iter()
                    .map(|r| format!("/{}/{}", r.pattern, r.options)),
            );
            format!("$in: [ {} ]", items.join(", "))
        }
        Pred::Regex(r) => format!("/{}/{}", r.pattern, r.options),
        Pred::Exists => "$exists: true".into(),
        Pred::Type(set) => {
            let mut names: Vec<&str> = set.types.iter().map(|t| t.alias()).collect();
            if set.all_numbers {
                names.push("number");
            }
            format!("$type: {}", names.join(tr(lang, " or ")))
        }
        Pred::Size(n) => format!("$size: {n}"),
        Pred::Mod(d, r) => format!("$mod: [ {d}, {r} ]"),
        Pred::Bits(test) => format!("{}: {}", test.op.name(), print_value(&test.operand)),
        Pred::ElemMatchObject(sub) => format!("$elemMatch: {{ {} }}", describe(sub, lang)),
        Pred::ElemMatchValue(subs) => format!(
            "$elemMatch: {{ {} }}",
            subs.iter()
                .map(|s| match s {
                    Expr::Leaf(l) => operand(&l.pred, lang),
                    other => describe(other, lang),
                })
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// "a string", "an int", "null": the value's type with its article (in Vietnamese and
/// Chinese, where the sentence says "of type ...", the alias alone).
fn type_phrase(v: &Value, lang: Lang) -> String {
    let alias = v.element_type().alias();
    match v {
        Value::Null => "null".into(),
        Value::Document(_) => tr(lang, "an embedded document").to_owned(),
        _ if alias.starts_with(['a', 'e', 'i', 'o', 'u']) => trf(lang, "an {alias}", &[&alias]),
        _ => trf(lang, "a {alias}", &[&alias]),
    }
}

/// What a bracket holds, for "only compares ...".
fn bracket_phrase(v: &Value, lang: Lang) -> &'static str {
    let en = match v {
        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_) => "numbers",
        Value::String(_) | Value::Symbol(_) => "strings",
        Value::Document(_) => "embedded documents",
        Value::Array(_) => "arrays",
        Value::Binary(_) => "binary data",
        Value::ObjectId(_) => "ObjectIds",
        Value::Boolean(_) => "booleans",
        Value::DateTime(_) => "dates",
        Value::Timestamp(_) => "timestamps",
        Value::Regex(_) => "regular expressions",
        Value::Null => "null (and missing fields)",
        // BSON's own names, the same in every language.
        Value::Undefined => "undefined",
        Value::DbPointer(_) => "DBPointers",
        Value::JavaScript(_) => "JavaScript code",
        Value::JavaScriptWithScope(_) => "JavaScript code with scope",
        Value::MinKey => "MinKey",
        Value::MaxKey => "MaxKey",
    };
    tr(lang, en)
}

fn relation(op: Cmp, lang: Lang) -> &'static str {
    let en = match op {
        Cmp::Eq => "equal to",
        Cmp::Lt => "less than",
        Cmp::Lte => "less than or equal to",
        Cmp::Gt => "greater than",
        Cmp::Gte => "greater than or equal to",
    };
    tr(lang, en)
}

fn why_leaf(leaf: &Leaf, fields: Fields<'_>, lang: Lang) -> String {
    let mut found: Vec<Candidate<'_>> = Vec::new();
    path::each_candidate(fields, &leaf.parts, leaf.pred.leaf_arrays(), &mut |c| {
        found.push(c);
        false
    });
    let path = &leaf.path;
    let op = operand(&leaf.pred, lang);
    let values: Vec<&Value> = found.iter().filter_map(|c| c.value).collect();
    if values.is_empty() {
        return match &leaf.pred {
            Pred::Exists => trf(lang, "{path} does not exist in this document", &[path]),
            _ => trf(
                lang,
                "{path} is missing in this document, and {condition} never matches a missing field \
                 (only { {field}: null } does)",
                &[path, &op, path],
            ),
        };
    }
    // The path ends at one value (and perhaps its elements): talk about that value.
    let whole = values[values.len() - 1];
    let shown = format!("{path}: {}", print_value(whole));
    let through_array = found.iter().any(|c| c.from_array);
    // "<shown> is <type>, and <operator> only matches <kind>".
    let is_type =
        |template: &'static str| trf(lang, template, &[&shown, &type_phrase(whole, lang)]);
    match &leaf.pred {
        Pred::Cmp(op_kind, rhs) => {
            if values.len() == 1 && !through_array {
                let v = whole;
                if canonical(Some(v)) != canonical(Some(rhs)) {
                    if matches!(rhs, Value::Null) {
                        return trf(
                            lang,
                            "{value} is {type_phrase}, not null",
                            &[&shown, &type_phrase(v, lang)],
                        );
                    }
                    return trf(
                        lang,
                        "{value} is {type_phrase}; {operator} only compares {bracket_phrase} (type bracketing)",
                        &[
                            &shown,
                            &type_phrase(v, lang),
                            &op,
                            &bracket_phrase(rhs, lang),
                        ],
                    );
                }
                if super::is_nan(v) || super::is_nan(rhs) {
                    return trf(
                        lang,
                        "{value} — NaN is equal only to NaN and neither less nor greater than any number",
                        &[&shown],
                    );
                }
                return trf(
                    lang,
                    "{value} is not {relation} {operand}",
                    &[&shown, &relation(*op_kind, lang), &print_value(rhs)],
                );
            }
            let same_bracket = values
                .iter()
                .any(|v| canonical(Some(v)) == canonical(Some(rhs)));
            if !same_bracket && !matches!(rhs, Value::Null) {
                return trn(
                    lang,
                    values.len() as u64,
                    "{path} reaches {n} value ({values}), none of them in the bracket of {operator}, which \
                     only compares {bracket_phrase} (type bracketing)",
                    "{path} reaches {n} values ({values}), none of them in the bracket of {operator}, which \
                     only compares {bracket_phrase} (type bracketing)",
                    &[
                        path,
                        &values.len(),
                        &list(&values),
                        &op,
                        &bracket_phrase(rhs, lang),
                    ],
                );
            }
            let leaf_array = found
                .iter()
                .any(|c| !c.from_array && matches!(c.value, Some(Value::Array(_))));
            let template = if leaf_array {
                "{path} reaches {reached} ({values}): an array matches when any element, or the whole array, \
                 satisfies {condition}, and none does"
            } else if through_array {
                "{path} goes through an array and reaches {reached} ({values}): it matches when any of them \
                 satisfies {condition}, and none does"
            } else {
                "{path} reaches {reached} ({values}), and none satisfies {condition}"
            };
            trf(
                lang,
                template,
                &[path, &plural(values.len(), lang), &list(&values), &op],
            )
        }
        Pred::Size(n) => match whole {
            Value::Array(items) => trn(
                lang,
                items.len() as u64,
                "{value} has {len} element, not {size}",
                "{value} has {len} elements, not {size}",
                &[&shown, &items.len(), n],
            ),
            _ => is_type("{value} is {type_phrase}, and $size only matches arrays"),
        },
        Pred::ElemMatchObject(_) | Pred::ElemMatchValue(_) => match whole {
            Value::Array(_) => trf(
                lang,
                "{value}: no single element satisfies {condition}",
                &[&shown, &op],
            ),
            _ => is_type("{value} is {type_phrase}, and $elemMatch only matches arrays"),
        },
        Pred::Regex(_)
            if values
                .iter()
                .all(|v| !matches!(v, Value::String(_) | Value::Symbol(_) | Value::Regex(_))) =>
        {
            is_type("{value} is {type_phrase}, and a regex only matches strings")
        }
        Pred::Mod(..) if values.iter().all(|v| !super::is_number(v)) => {
            is_type("{value} is {type_phrase}, and $mod only matches numbers")
        }
        Pred::Bits(_)
            if values
                .iter()
                .all(|v| !super::is_number(v) && !matches!(v, Value::Binary(_))) =>
        {
            is_type("{value} is {type_phrase}, and bit tests only match numbers and binary data")
        }
        Pred::Bits(_)
            if values.len() == 1
                && super::is_number(whole)
                && super::bits::bit_value(whole).is_none() =>
        {
            trf(
                lang,
                "{value}: bit tests only match integers that fit in 64 bits (a decimal, a fraction, NaN or an infinity never matches)",
                &[&shown],
            )
        }
        _ if values.len() == 1 => trf(lang, "{value} does not satisfy {condition}", &[&shown, &op]),
        _ => trf(
            lang,
            "{path} reaches {reached} ({values}), and none satisfies {condition}",
            &[path, &plural(values.len(), lang), &list(&values), &op],
        ),
    }
}

/// "3 values", by the plural rules of `lang` (Vietnamese and Chinese have one form).
fn plural(n: usize, lang: Lang) -> String {
    match localize::plural(lang, n as u64) {
        localize::PluralCategory::ONE => tr(lang, "1 value").to_owned(),
        _ => trf(lang, "{n} values", &[&n]),
    }
}

fn list(values: &[&Value]) -> String {
    values
        .iter()
        .map(|v| print_value(v))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use crate::strings::{Lang, tr};

    /// The string literals of this file's code (its tests and comments left out), with `\`
    /// line continuations joined as the compiler joins them.
    fn literals() -> Vec<String> {
        let source = include_str!("explain.rs");
        let code = source.split("#[cfg(test)]").next().unwrap_or_default();
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| [l, "\n"])
            .collect();
        let mut out = Vec::new();
        let mut chars = code.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '"' {
                continue;
            }
            let mut lit = String::new();
            while let Some(c) = chars.next() {
                match c {
                    '"' => break,
                    '\\' => match chars.next() {
                        Some('\n') => while chars.next_if(|c| c.is_whitespace()).is_some() {},
                        Some(escaped) => lit.push(escaped),
                        None => {}
                    },
                    c => lit.push(c),
                }
            }
            out.push(lit);
        }
        out
    }

    /// Whether a literal has prose in it once the engine's words are set aside: `$`
    /// operators, `format!` arguments, and the names BSON gives that no language changes.
    fn has_prose(lit: &str) -> bool {
        const ENGINE: &[&str] = &[
            "null",
            "number",
            "true",
            "false",
            "undefined",
            "MinKey",
            "MaxKey",
        ];
        let mut rest = lit.replace("{{", "").replace("}}", "");
        while let Some(start) = rest.find('{') {
            let end = rest[start..]
                .find('}')
                .map_or(rest.len(), |e| start + e + 1);
            rest.replace_range(start..end, " ");
        }
        rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '$'))
            .any(|w| {
                w.chars().any(|c| c.is_ascii_alphabetic())
                    && !w.starts_with('$')
                    && !ENGINE.contains(&w)
            })
    }

    #[test]
    fn every_sentence_of_the_explainer_has_a_translation() {
        let prose: Vec<String> = literals().into_iter().filter(|l| has_prose(l)).collect();
        assert!(
            prose.iter().any(|l| l.contains("(type bracketing)")),
            "the scan found no templates: {prose:?}"
        );
        for en in prose {
            let en: &'static str = Box::leak(en.into_boxed_str());
            for lang in [Lang::Vi, Lang::Zh] {
                assert_ne!(tr(lang, en), en, "{lang:?} has no translation of {en:?}");
            }
        }
    }
}
