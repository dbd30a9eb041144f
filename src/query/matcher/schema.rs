//! `$jsonSchema`: a schema document parsed as the server's `json_schema_parser.cpp` parses
//! it (the same keywords, the same order of checks, the same messages), then tested on
//! documents with JSON Schema's rules.
//!
//! The rule that surprises learners most: a keyword about one type says nothing about
//! values of another (`maximum: 5` accepts a string; `minItems` accepts a missing field).
//! Only `bsonType`/`type`, `required`, `enum` and the logical keywords turn other values
//! away. A schema tests whole values: unlike a query, `properties: { a: { ... } }` does not
//! look inside an array held in `a`. At the top level `additionalProperties: false` also
//! refuses `_id` unless `properties` names it.
//!
//! The server translates a schema into its internal match expressions; here a small tree
//! of keyword checks is evaluated directly, which gives the same answers and lets the
//! explainer name the keyword that failed.

use std::cmp::Ordering;

use super::regex::Regex;
use super::{Cmp, TypeSet, compare_matches, is_number, total_cmp};
use crate::bson::decimal128::Decoded;
use crate::bson::spec::ElementType;
use crate::bson::{Decimal128, Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};

mod parse;

type Result<T> = std::result::Result<T, QueryError>;

/// A parsed schema: the checks of one schema document, all of which must pass.
#[derive(Clone, Debug, Default)]
pub(super) struct Schema {
    types: Option<(&'static str, TypeSet)>,
    checks: Vec<Check>,
}

/// What `additionalProperties` or `additionalItems` says about the rest.
#[derive(Clone, Debug)]
enum Rest {
    Allow(bool),
    Schema(Box<Schema>),
}

impl Rest {
    fn matches(&self, v: Subject<'_>) -> bool {
        match self {
            Rest::Allow(b) => *b,
            Rest::Schema(s) => s.matches(v),
        }
    }
}

#[derive(Clone, Debug)]
enum Check {
    Pattern(Regex),
    MaxLength(u64),
    MinLength(u64),
    MultipleOf(Value),
    Maximum(Value, bool),
    Minimum(Value, bool),
    MinItems(u64),
    MaxItems(u64),
    UniqueItems,
    /// `items` as an array: one schema per position.
    ItemsEach(Vec<Schema>),
    /// `items` as an object, or `additionalItems`: every element from an index on.
    ItemsFrom(usize, Rest),
    Properties(Vec<(String, Schema, bool)>),
    Allowed {
        names: Vec<String>,
        patterns: Vec<(String, Regex, Schema)>,
        otherwise: Rest,
    },
    Required(Vec<String>),
    MinProperties(u64),
    MaxProperties(u64),
    DependsOnFields(String, Vec<String>),
    DependsOnSchema(String, Box<Schema>),
    AllOf(Vec<Schema>),
    AnyOf(Vec<Schema>),
    OneOf(Vec<Schema>),
    Not(Box<Schema>),
    Enum(Vec<Value>),
}

impl Check {
    /// The keyword, for the explainer.
    fn keyword(&self) -> &'static str {
        match self {
            Check::Pattern(_) => "pattern",
            Check::MaxLength(_) => "maxLength",
            Check::MinLength(_) => "minLength",
            Check::MultipleOf(_) => "multipleOf",
            Check::Maximum(..) => "maximum",
            Check::Minimum(..) => "minimum",
            Check::MinItems(_) => "minItems",
            Check::MaxItems(_) => "maxItems",
            Check::UniqueItems => "uniqueItems",
            Check::ItemsEach(_) => "items",
            Check::ItemsFrom(0, _) => "items",
            Check::ItemsFrom(..) => "additionalItems",
            Check::Properties(_) => "properties",
            Check::Allowed { .. } => "additionalProperties",
            Check::Required(_) => "required",
            Check::MinProperties(_) => "minProperties",
            Check::MaxProperties(_) => "maxProperties",
            Check::DependsOnFields(..) | Check::DependsOnSchema(..) => "dependencies",
            Check::AllOf(_) => "allOf",
            Check::AnyOf(_) => "anyOf",
            Check::OneOf(_) => "oneOf",
            Check::Not(_) => "not",
            Check::Enum(_) => "enum",
        }
    }
}

/// What a schema is tested on: the whole document, a field's value, or a missing field.
#[derive(Clone, Copy, Debug)]
pub(super) enum Subject<'a> {
    Document(&'a Document),
    Value(&'a Value),
    Missing,
}

impl<'a> Subject<'a> {
    fn object(self) -> Option<&'a Document> {
        match self {
            Subject::Document(d) | Subject::Value(Value::Document(d)) => Some(d),
            _ => None,
        }
    }

    fn value(self) -> Option<&'a Value> {
        match self {
            Subject::Value(v) => Some(v),
            _ => None,
        }
    }

    fn field(self, name: &str) -> Subject<'a> {
        match self.object().and_then(|d| d.get(name)) {
            Some(v) => Subject::Value(v),
            None => Subject::Missing,
        }
    }
}

/// Why a document fails a schema: where (`properties.age`, empty for the whole document),
/// the keyword, and the value found there.
#[derive(Clone, Debug)]
pub(super) struct Failure<'a> {
    pub(super) path: String,
    pub(super) keyword: &'static str,
    pub(super) value: Option<&'a Value>,
    pub(super) why: Why,
}

impl Failure<'_> {
    /// Whether the top-level `additionalProperties` refused `_id`, which learners forget
    /// to name in `properties`.
    pub(super) fn refuses_top_level_id(&self) -> bool {
        self.path.is_empty() && matches!(&self.why, Why::NotAllowed(field) if field == "_id")
    }
}

/// What the failing keyword found wrong.
#[derive(Clone, Debug)]
pub(super) enum Why {
    /// `required`: this field is missing.
    Missing(String),
    /// `additionalProperties`: this field is not allowed.
    NotAllowed(String),
    /// `bsonType`/`type`: the names of the types asked for.
    Type(String),
    /// Any other keyword.
    Keyword,
}

impl Schema {
    /// Parses the operand of `$jsonSchema`.
    pub(super) fn parse_top(value: &Value, at: &str) -> Result<Schema> {
        let Value::Document(d) = value else {
            return Err(QueryError::new(
                at,
                QueryErrorKind::server(code::TYPE_MISMATCH, "$jsonSchema must be an object"),
            ));
        };
        parse::document(d, at, 0)
    }

    /// Whether the whole document matches.
    pub(super) fn matches_document(&self, doc: &Document) -> bool {
        self.matches(Subject::Document(doc))
    }

    fn matches(&self, v: Subject<'_>) -> bool {
        self.type_ok(v) && self.checks.iter().all(|c| c.matches(v))
    }

    fn type_ok(&self, v: Subject<'_>) -> bool {
        match (&self.types, v) {
            (None, _) => true,
            (Some((_, set)), Subject::Document(_)) => set.types.contains(&ElementType::Document),
            (Some((_, set)), Subject::Value(v)) => set.contains(v),
            (Some(_), Subject::Missing) => false,
        }
    }

    /// The first keyword the document fails, for the explainer.
    pub(super) fn failure<'a>(&self, doc: &'a Document) -> Option<Failure<'a>> {
        self.first_failure(Subject::Document(doc), "")
    }

    fn first_failure<'a>(&self, v: Subject<'a>, path: &str) -> Option<Failure<'a>> {
        let here = |keyword| Failure {
            path: path.to_owned(),
            keyword,
            value: v.value(),
            why: Why::Keyword,
        };
        if !self.type_ok(v) {
            let (keyword, set) = self.types.as_ref()?;
            let mut names: Vec<&str> = set.types.iter().map(|t| t.alias()).collect();
            if set.all_numbers {
                names.push("number");
            }
            return Some(Failure {
                why: Why::Type(names.join(", ")),
                ..here(keyword)
            });
        }
        let check = self.checks.iter().find(|c| !c.matches(v))?;
        let deeper = |name: &str| {
            if path.is_empty() {
                name.to_owned()
            } else {
                format!("{path}.{name}")
            }
        };
        match check {
            Check::Properties(props) => {
                for (name, schema, _) in props {
                    let sub = v.field(name);
                    if !matches!(sub, Subject::Missing) && !schema.matches(sub) {
                        return schema.first_failure(sub, &deeper(name));
                    }
                }
                None
            }
            Check::Required(names) => {
                let d = v.object()?;
                let missing = names.iter().find(|n| !d.contains_key(n))?;
                Some(Failure {
                    why: Why::Missing(missing.clone()),
                    ..here("required")
                })
            }
            Check::Allowed {
                names,
                patterns,
                otherwise,
            } => {
                let d = v.object()?;
                let (name, _) = d
                    .iter()
                    .find(|(k, val)| !allowed(names, patterns, otherwise, k, val))?;
                Some(Failure {
                    why: Why::NotAllowed(name.to_owned()),
                    ..here("additionalProperties")
                })
            }
            other => Some(here(other.keyword())),
        }
    }
}

impl Check {
    fn matches(&self, v: Subject<'_>) -> bool {
        let value = v.value();
        let string = match value {
            Some(Value::String(s)) => Some(s.as_str()),
            _ => None,
        };
        let array = match value {
            Some(Value::Array(items)) => Some(items.as_slice()),
            _ => None,
        };
        let number = value.filter(|v| is_number(v));
        match self {
            Check::Pattern(re) => string.is_none_or(|s| re.is_match(s)),
            Check::MaxLength(n) => string.is_none_or(|s| s.chars().count() as u64 <= *n),
            Check::MinLength(n) => string.is_none_or(|s| s.chars().count() as u64 >= *n),
            Check::MultipleOf(m) => number.is_none_or(|x| multiple_of(x, m)),
            Check::Maximum(bound, exclusive) => number.is_none_or(|x| {
                compare_matches(if *exclusive { Cmp::Lt } else { Cmp::Lte }, Some(x), bound)
            }),
            Check::Minimum(bound, exclusive) => number.is_none_or(|x| {
                compare_matches(if *exclusive { Cmp::Gt } else { Cmp::Gte }, Some(x), bound)
            }),
            Check::MinItems(n) => array.is_none_or(|a| a.len() as u64 >= *n),
            Check::MaxItems(n) => array.is_none_or(|a| a.len() as u64 <= *n),
            Check::UniqueItems => array.is_none_or(all_unique),
            Check::ItemsEach(schemas) => array.is_none_or(|a| {
                a.iter()
                    .zip(schemas)
                    .all(|(item, s)| s.matches(Subject::Value(item)))
            }),
            Check::ItemsFrom(from, rest) => array.is_none_or(|a| {
                a.iter()
                    .skip(*from)
                    .all(|item| rest.matches(Subject::Value(item)))
            }),
            Check::Properties(props) => v.object().is_none_or(|_| {
                props.iter().all(|(name, schema, required)| {
                    let sub = v.field(name);
                    (!required && matches!(sub, Subject::Missing)) || schema.matches(sub)
                })
            }),
            Check::Allowed {
                names,
                patterns,
                otherwise,
            } => v.object().is_none_or(|d| {
                d.iter()
                    .all(|(k, val)| allowed(names, patterns, otherwise, k, val))
            }),
            Check::Required(names) => v
                .object()
                .is_none_or(|d| names.iter().all(|n| d.contains_key(n))),
            Check::MinProperties(n) => v.object().is_none_or(|d| d.len() as u64 >= *n),
            Check::MaxProperties(n) => v.object().is_none_or(|d| d.len() as u64 <= *n),
            Check::DependsOnFields(field, needs) => v
                .object()
                .is_none_or(|d| !d.contains_key(field) || needs.iter().all(|n| d.contains_key(n))),
            Check::DependsOnSchema(field, schema) => v
                .object()
                .is_none_or(|d| !d.contains_key(field) || schema.matches(v)),
            Check::AllOf(all) => all.iter().all(|s| s.matches(v)),
            Check::AnyOf(any) => any.iter().any(|s| s.matches(v)),
            Check::OneOf(one) => one.iter().filter(|s| s.matches(v)).take(2).count() == 1,
            Check::Not(s) => !s.matches(v),
            Check::Enum(values) => match v {
                Subject::Document(d) => values.iter().any(|e| match e {
                    Value::Document(e) => unordered_cmp_docs(d, e).is_eq(),
                    _ => false,
                }),
                Subject::Value(x) => values.iter().any(|e| unordered_cmp(x, e).is_eq()),
                Subject::Missing => false,
            },
        }
    }
}

/// Whether one field passes `properties`/`patternProperties`/`additionalProperties`
/// together (the server's `InternalSchemaAllowedPropertiesMatchExpression`): every pattern
/// its name matches applies; `additionalProperties` only to names nothing else covers.
fn allowed(
    names: &[String],
    patterns: &[(String, Regex, Schema)],
    otherwise: &Rest,
    name: &str,
    value: &Value,
) -> bool {
    let mut covered = names.iter().any(|n| n == name);
    for (_, re, schema) in patterns {
        if re.is_match(name) {
            covered = true;
            if !schema.matches(Subject::Value(value)) {
                return false;
            }
        }
    }
    covered || otherwise.matches(Subject::Value(value))
}

/// `multipleOf`: the remainder of the division is zero. The server divides in decimal
/// (`InternalSchemaFmodMatchExpression`, doubles converted to 15 digits), so `0.3` is a
/// multiple of `0.1` as a learner expects, where binary doubles would say no.
fn multiple_of(x: &Value, m: &Value) -> bool {
    let (Some(x), Some(m)) = (to_decimal(x), to_decimal(m)) else {
        return false;
    };
    let quotient = x.div(m);
    let Decoded::Finite {
        coefficient,
        exponent,
        ..
    } = quotient.decode()
    else {
        return false;
    };
    let integral = exponent >= 0
        || 10u128
            .checked_pow(exponent.unsigned_abs())
            .is_none_or(|p| coefficient % p == 0);
    // The quotient is rounded to 34 digits: it must give `x` back exactly.
    integral && quotient.mul(m).total_cmp_mongo(&x).is_eq()
}

fn to_decimal(v: &Value) -> Option<Decimal128> {
    let d = match v {
        Value::Int32(n) => Decimal128::from_i64(i64::from(*n)),
        Value::Int64(n) => Decimal128::from_i64(*n),
        Value::Double(x) => Decimal128::from_f64(*x),
        Value::Decimal128(d) => *d,
        _ => return None,
    };
    matches!(d.decode(), Decoded::Finite { .. }).then_some(d)
}

/// A copy of `v` whose documents have their fields sorted by name, at every depth: two
/// values are equal for `enum` and `uniqueItems` when their canonical forms are.
fn canonical_form(v: &Value) -> Value {
    match v {
        Value::Document(d) => {
            let mut fields: Vec<(&str, &Value)> = d.iter().collect();
            fields.sort_by(|a, b| a.0.cmp(b.0));
            let mut out = Document::new();
            for (k, v) in fields {
                out.insert(k, canonical_form(v));
            }
            Value::Document(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(canonical_form).collect()),
        other => other.clone(),
    }
}

/// The server's comparison with field order ignored (`UnorderedFieldsBSONElementComparator`).
fn unordered_cmp(a: &Value, b: &Value) -> Ordering {
    total_cmp(&canonical_form(a), &canonical_form(b))
}

fn unordered_cmp_docs(a: &Document, b: &Document) -> Ordering {
    unordered_cmp(&Value::Document(a.clone()), &Value::Document(b.clone()))
}

/// `uniqueItems: true`: no two elements equal (field order ignored, `1 == 1.0`).
fn all_unique(items: &[Value]) -> bool {
    let mut canon: Vec<Value> = items.iter().map(canonical_form).collect();
    canon.sort_by(total_cmp);
    canon.windows(2).all(|w| total_cmp(&w[0], &w[1]).is_ne())
}
