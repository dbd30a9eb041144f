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

use super::bits;
use super::regex::Regex;
use super::{Cmp, TypeSet, compare_matches, is_number, total_cmp};
use crate::bson::spec::ElementType;
use crate::bson::{Document, Value};
use crate::query::error::{MatcherFeature, QueryError, QueryErrorKind, code};
use crate::query::update::server_fmt::server_element;

type Result<T> = std::result::Result<T, QueryError>;

/// How deeply schemas may nest inside one another.
const MAX_DEPTH: usize = 100;

/// Keywords the server knows and refuses (`json_schema_parser.cpp`, `unsupportedKeywords`).
const UNSUPPORTED: &[&str] = &["$ref", "$schema", "default", "definitions", "format", "id"];

/// The keywords the server accepts, in no particular order.
const KNOWN: &[&str] = &[
    "additionalItems",
    "additionalProperties",
    "allOf",
    "anyOf",
    "bsonType",
    "dependencies",
    "description",
    "encrypt",
    "encryptMetadata",
    "enum",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "items",
    "maxItems",
    "maxLength",
    "maxProperties",
    "maximum",
    "minItems",
    "minLength",
    "minProperties",
    "minimum",
    "multipleOf",
    "not",
    "oneOf",
    "pattern",
    "patternProperties",
    "properties",
    "required",
    "title",
    "type",
    "uniqueItems",
];

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
    /// For `required`: the field that is missing; for `additionalProperties`: the field
    /// that is not allowed.
    pub(super) field: Option<String>,
    /// For `bsonType`/`type`: the names of the types asked for.
    pub(super) types: Option<String>,
}

impl Schema {
    /// Parses the operand of `$jsonSchema`.
    pub(super) fn parse_top(value: &Value, at: &str) -> Result<Schema> {
        let Value::Document(d) = value else {
            return err(at, code::TYPE_MISMATCH, "$jsonSchema must be an object");
        };
        parse(d, at, 0)
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
            field: None,
            types: None,
        };
        if !self.type_ok(v) {
            let (keyword, set) = self.types.as_ref()?;
            let mut names: Vec<&str> = set.types.iter().map(|t| t.alias()).collect();
            if set.all_numbers {
                names.push("number");
            }
            return Some(Failure {
                types: Some(names.join(", ")),
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
                    field: Some(missing.clone()),
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
                    field: Some(name.to_owned()),
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

/// `multipleOf`: the remainder of the division is zero (`InternalSchemaFmodMatchExpression`).
/// Integers are divided exactly; otherwise the division is done in doubles.
fn multiple_of(x: &Value, m: &Value) -> bool {
    if let (Some(a), Some(b)) = (bits::bit_value(x), bits::bit_value(m))
        && !matches!(x, Value::Double(_))
        && !matches!(m, Value::Double(_))
    {
        return b != 0 && a.wrapping_rem(b) == 0;
    }
    let (a, b) = (as_f64(x), as_f64(m));
    if !a.is_finite() || !b.is_finite() {
        return false;
    }
    a % b == 0.0
}

fn as_f64(v: &Value) -> f64 {
    match v {
        Value::Int32(n) => f64::from(*n),
        Value::Int64(n) => *n as f64,
        Value::Double(x) => *x,
        Value::Decimal128(d) => d.to_f64(),
        _ => f64::NAN,
    }
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

fn err<T>(at: &str, code: i32, text: impl Into<String>) -> Result<T> {
    Err(QueryError::new(at, QueryErrorKind::server(code, text)))
}

fn join(at: &str, key: &str) -> String {
    format!("{at}.{key}")
}

fn type_name(v: &Value) -> &'static str {
    v.element_type().alias()
}

/// `_parse`: one schema document, its keywords checked in the server's order.
fn parse(schema: &Document, at: &str, depth: usize) -> Result<Schema> {
    if depth > MAX_DEPTH {
        return Err(QueryError::new(
            at,
            QueryErrorKind::server_uncoded(format!(
                "exceeded depth limit of {MAX_DEPTH} when parsing the filter"
            )),
        ));
    }
    let mut seen: Vec<&str> = Vec::new();
    for (key, _) in schema.iter() {
        if !KNOWN.contains(&key) {
            if UNSUPPORTED.contains(&key) {
                return err(
                    at,
                    code::FAILED_TO_PARSE,
                    format!("$jsonSchema keyword '{key}' is not currently supported"),
                );
            }
            return err(
                at,
                code::FAILED_TO_PARSE,
                format!("Unknown $jsonSchema keyword: {key}"),
            );
        }
        if seen.contains(&key) {
            return err(
                at,
                code::FAILED_TO_PARSE,
                format!("Duplicate $jsonSchema keyword: {key}"),
            );
        }
        seen.push(key);
    }
    let get = |k: &str| schema.get(k);
    for meta in ["description", "title"] {
        if get(meta).is_some_and(|v| !matches!(v, Value::String(_))) {
            return err(
                &join(at, meta),
                code::TYPE_MISMATCH,
                format!("$jsonSchema keyword '{meta}' must be of type string"),
            );
        }
    }
    let (type_elem, bson_type_elem) = (get("type"), get("bsonType"));
    let encrypt = get("encrypt").is_some() || get("encryptMetadata").is_some();
    if type_elem.is_some() && bson_type_elem.is_some() {
        return err(
            at,
            code::FAILED_TO_PARSE,
            "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'",
        );
    }
    if encrypt {
        // Queryable and client-side field level encryption need keys and a driver.
        let keyword = if get("encrypt").is_some() {
            "encrypt"
        } else {
            "encryptMetadata"
        };
        return Err(QueryError::new(
            join(at, keyword),
            QueryErrorKind::NotRun {
                operator: keyword.to_owned(),
                feature: MatcherFeature::Encryption,
            },
        ));
    }
    let mut out = Schema::default();
    if let Some(t) = type_elem {
        out.types = Some(("type", type_set(t, "type", &join(at, "type"))?));
    } else if let Some(t) = bson_type_elem {
        out.types = Some(("bsonType", type_set(t, "bsonType", &join(at, "bsonType"))?));
    }
    scalar_keywords(schema, at, &mut out)?;
    array_keywords(schema, at, depth, &mut out)?;
    object_keywords(schema, at, depth, &mut out)?;
    logical_keywords(schema, at, depth, &mut out)?;
    // Only documents are stored: a top-level schema for another type matches nothing
    // (`type_ok` on the whole document).
    Ok(out)
}

/// `type` (JSON Schema's names) or `bsonType` (the `$type` aliases), one or an array.
fn type_set(v: &Value, keyword: &str, at: &str) -> Result<TypeSet> {
    let names: Vec<&str> = match v {
        Value::String(s) => vec![s.as_str()],
        Value::Array(items) => {
            let mut names: Vec<&str> = Vec::with_capacity(items.len());
            for item in items {
                let Value::String(s) = item else {
                    return err(
                        at,
                        code::TYPE_MISMATCH,
                        format!("$jsonSchema keyword '{keyword}' array elements must be strings"),
                    );
                };
                if s == "integer" {
                    return err(
                        at,
                        code::FAILED_TO_PARSE,
                        "$jsonSchema type 'integer' is not currently supported.",
                    );
                }
                if names.contains(&s.as_str()) {
                    return err(
                        at,
                        code::FAILED_TO_PARSE,
                        format!("$jsonSchema keyword '{keyword}' has duplicate value: {s}"),
                    );
                }
                names.push(s);
            }
            names
        }
        _ => {
            return err(
                at,
                code::TYPE_MISMATCH,
                format!(
                    "$jsonSchema keyword '{keyword}' must be either a string or an array of strings"
                ),
            );
        }
    };
    let mut set = TypeSet::default();
    for name in names {
        if name == "integer" {
            return err(
                at,
                code::FAILED_TO_PARSE,
                "$jsonSchema type 'integer' is not currently supported.",
            );
        }
        if name == "number" {
            set.all_numbers = true;
            continue;
        }
        let ty = if keyword == "type" {
            json_type(name)
        } else {
            ElementType::from_alias(name)
        };
        match ty {
            Some(t) => set.types.push(t),
            None => {
                return err(
                    at,
                    code::BAD_VALUE,
                    format!("Unknown type name alias: {name}"),
                );
            }
        }
    }
    if set.is_empty() {
        return err(
            at,
            code::FAILED_TO_PARSE,
            format!("$jsonSchema keyword '{keyword}' must name at least one type"),
        );
    }
    Ok(set)
}

/// JSON Schema's own type names (`kJsonSchemaTypeAliasMap`); "number" and "integer" are
/// handled by the caller.
fn json_type(name: &str) -> Option<ElementType> {
    Some(match name {
        "array" => ElementType::Array,
        "boolean" => ElementType::Boolean,
        "null" => ElementType::Null,
        "object" => ElementType::Document,
        "string" => ElementType::String,
        _ => return None,
    })
}

/// `minLength`, `minItems`, `minProperties`, ...: a non-negative 64-bit integer.
fn length(v: &Value, keyword: &str, at: &str) -> Result<u64> {
    match bits::integer(keyword, v) {
        Ok(n) => u64::try_from(n).or_else(|_| {
            err(
                at,
                code::FAILED_TO_PARSE,
                format!(
                    "Expected a non-negative number in: {}",
                    server_element(keyword, v)
                ),
            )
        }),
        Err(reason) => err(at, code::FAILED_TO_PARSE, reason),
    }
}

fn boolean(v: &Value, keyword: &str, at: &str) -> Result<bool> {
    match v {
        Value::Boolean(b) => Ok(*b),
        _ => err(
            at,
            code::TYPE_MISMATCH,
            format!("$jsonSchema keyword '{keyword}' must be a boolean"),
        ),
    }
}

fn scalar_keywords(schema: &Document, at: &str, out: &mut Schema) -> Result<()> {
    if let Some(v) = schema.get("pattern") {
        let here = join(at, "pattern");
        let Value::String(p) = v else {
            return err(
                &here,
                code::TYPE_MISMATCH,
                "$jsonSchema keyword 'pattern' must be a string",
            );
        };
        out.checks.push(Check::Pattern(regex(p, &here)?));
    }
    for keyword in ["maxLength", "minLength"] {
        if let Some(v) = schema.get(keyword) {
            let n = length(v, keyword, &join(at, keyword))?;
            out.checks.push(if keyword == "maxLength" {
                Check::MaxLength(n)
            } else {
                Check::MinLength(n)
            });
        }
    }
    if let Some(v) = schema.get("multipleOf") {
        let here = join(at, "multipleOf");
        if !is_number(v) {
            return err(
                &here,
                code::TYPE_MISMATCH,
                "$jsonSchema keyword 'multipleOf' must be a number",
            );
        }
        if compare_matches(Cmp::Lte, Some(v), &Value::Int32(0)) || super::is_nan(v) {
            return err(
                &here,
                code::FAILED_TO_PARSE,
                "$jsonSchema keyword 'multipleOf' must have a positive value",
            );
        }
        out.checks.push(Check::MultipleOf(v.clone()));
    }
    for (keyword, exclusive_keyword) in [
        ("maximum", "exclusiveMaximum"),
        ("minimum", "exclusiveMinimum"),
    ] {
        match (schema.get(keyword), schema.get(exclusive_keyword)) {
            (Some(bound), exclusive) => {
                let exclusive = match exclusive {
                    Some(e) => boolean(e, exclusive_keyword, &join(at, exclusive_keyword))?,
                    None => false,
                };
                if !is_number(bound) {
                    return err(
                        &join(at, keyword),
                        code::TYPE_MISMATCH,
                        format!("$jsonSchema keyword '{keyword}' must be a number"),
                    );
                }
                out.checks.push(if keyword == "maximum" {
                    Check::Maximum(bound.clone(), exclusive)
                } else {
                    Check::Minimum(bound.clone(), exclusive)
                });
            }
            (None, Some(_)) => {
                return err(
                    &join(at, exclusive_keyword),
                    code::FAILED_TO_PARSE,
                    format!(
                        "$jsonSchema keyword '{keyword}' must be a present if {exclusive_keyword} is present"
                    ),
                );
            }
            (None, None) => {}
        }
    }
    Ok(())
}

fn regex(pattern: &str, at: &str) -> Result<Regex> {
    if pattern.contains('\0') {
        return err(
            at,
            code::BAD_VALUE,
            "Regular expression cannot contain an embedded null byte",
        );
    }
    Regex::new(pattern, "").map_err(|e| QueryError::new(at, e))
}

fn sub_schema(v: &Value, at: &str, depth: usize, what: impl FnOnce() -> String) -> Result<Schema> {
    match v {
        Value::Document(d) => parse(d, at, depth + 1),
        _ => err(at, code::TYPE_MISMATCH, what()),
    }
}

fn array_keywords(schema: &Document, at: &str, depth: usize, out: &mut Schema) -> Result<()> {
    for keyword in ["minItems", "maxItems"] {
        if let Some(v) = schema.get(keyword) {
            let n = length(v, keyword, &join(at, keyword))?;
            out.checks.push(if keyword == "minItems" {
                Check::MinItems(n)
            } else {
                Check::MaxItems(n)
            });
        }
    }
    if let Some(v) = schema.get("uniqueItems")
        && boolean(v, "uniqueItems", &join(at, "uniqueItems"))?
    {
        out.checks.push(Check::UniqueItems);
    }
    let mut additional_from = None;
    if let Some(v) = schema.get("items") {
        let here = join(at, "items");
        match v {
            Value::Array(items) => {
                let mut each = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    each.push(sub_schema(item, &join(&here, &i.to_string()), depth, || {
                        format!(
                            "$jsonSchema keyword 'items' requires that each element of the array is an object, but found a {}",
                            type_name(item)
                        )
                    })?);
                }
                additional_from = Some(items.len());
                out.checks.push(Check::ItemsEach(each));
            }
            Value::Document(d) => {
                let s = parse(d, &here, depth + 1)?;
                out.checks
                    .push(Check::ItemsFrom(0, Rest::Schema(Box::new(s))));
            }
            other => {
                return err(
                    &here,
                    code::TYPE_MISMATCH,
                    format!(
                        "$jsonSchema keyword 'items' must be an array or an object, not {}",
                        type_name(other)
                    ),
                );
            }
        }
    }
    if let Some(v) = schema.get("additionalItems") {
        let here = join(at, "additionalItems");
        let rest = match v {
            Value::Boolean(b) => Rest::Allow(*b),
            Value::Document(d) => Rest::Schema(Box::new(parse(d, &here, depth + 1)?)),
            other => {
                return err(
                    &here,
                    code::TYPE_MISMATCH,
                    format!(
                        "$jsonSchema keyword 'additionalItems' must be either an object or a boolean, but got a {}",
                        type_name(other)
                    ),
                );
            }
        };
        // Without `items` as an array, `additionalItems` has nothing to follow.
        if let Some(from) = additional_from {
            out.checks.push(Check::ItemsFrom(from, rest));
        }
    }
    Ok(())
}

fn object_keywords(schema: &Document, at: &str, depth: usize, out: &mut Schema) -> Result<()> {
    let mut required: Vec<String> = Vec::new();
    if let Some(v) = schema.get("required") {
        let here = join(at, "required");
        let Value::Array(items) = v else {
            return err(
                &here,
                code::TYPE_MISMATCH,
                format!(
                    "$jsonSchema keyword 'required' must be an array, but found an element of type {}",
                    type_name(v)
                ),
            );
        };
        for item in items {
            let Value::String(s) = item else {
                return err(
                    &here,
                    code::TYPE_MISMATCH,
                    format!(
                        "$jsonSchema keyword 'required' must be an array of strings, but found an element of type: {}",
                        type_name(item)
                    ),
                );
            };
            required.push(s.to_string());
        }
        if required.is_empty() {
            return err(
                &here,
                code::FAILED_TO_PARSE,
                "$jsonSchema keyword 'required' cannot be an empty array",
            );
        }
        let mut sorted: Vec<&String> = required.iter().collect();
        sorted.sort();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return err(
                &here,
                code::FAILED_TO_PARSE,
                "$jsonSchema keyword 'required' array cannot contain duplicate values",
            );
        }
    }
    let properties = schema.get("properties");
    let mut names = Vec::new();
    if let Some(v) = properties {
        let here = join(at, "properties");
        let Value::Document(d) = v else {
            return err(
                &here,
                code::TYPE_MISMATCH,
                "$jsonSchema keyword 'properties' must be an object",
            );
        };
        let mut props = Vec::with_capacity(d.len());
        for (name, sub) in d.iter() {
            let s = sub_schema(sub, &join(&here, name), depth, || {
                format!("Nested schema for $jsonSchema property '{name}' must be an object")
            })?;
            props.push((name.to_owned(), s, required.iter().any(|r| r == name)));
            names.push(name.to_owned());
        }
        out.checks.push(Check::Properties(props));
    }
    let (pattern_props, additional) = (
        schema.get("patternProperties"),
        schema.get("additionalProperties"),
    );
    if pattern_props.is_some() || additional.is_some() {
        let mut patterns = Vec::new();
        if let Some(v) = pattern_props {
            let here = join(at, "patternProperties");
            let Value::Document(d) = v else {
                return err(
                    &here,
                    code::TYPE_MISMATCH,
                    "$jsonSchema keyword 'patternProperties' must be an object",
                );
            };
            for (pattern, sub) in d.iter() {
                let sub_at = join(&here, pattern);
                let s = sub_schema(sub, &sub_at, depth, || {
                    format!(
                        "$jsonSchema keyword 'patternProperties' has property '{pattern}' which is not an object"
                    )
                })?;
                patterns.push((pattern.to_owned(), regex(pattern, &sub_at)?, s));
            }
        }
        let otherwise = match additional {
            None | Some(Value::Boolean(true)) => Rest::Allow(true),
            Some(Value::Boolean(false)) => Rest::Allow(false),
            Some(Value::Document(d)) => Rest::Schema(Box::new(parse(
                d,
                &join(at, "additionalProperties"),
                depth + 1,
            )?)),
            Some(_) => {
                return err(
                    &join(at, "additionalProperties"),
                    code::TYPE_MISMATCH,
                    "$jsonSchema keyword 'additionalProperties' must be an object or a boolean",
                );
            }
        };
        out.checks.push(Check::Allowed {
            names,
            patterns,
            otherwise,
        });
    }
    if !required.is_empty() {
        out.checks.push(Check::Required(required));
    }
    for keyword in ["minProperties", "maxProperties"] {
        if let Some(v) = schema.get(keyword) {
            let n = length(v, keyword, &join(at, keyword))?;
            out.checks.push(if keyword == "minProperties" {
                Check::MinProperties(n)
            } else {
                Check::MaxProperties(n)
            });
        }
    }
    if let Some(v) = schema.get("dependencies") {
        let here = join(at, "dependencies");
        let Value::Document(d) = v else {
            return err(
                &here,
                code::TYPE_MISMATCH,
                "$jsonSchema keyword 'dependencies' must be an object",
            );
        };
        for (field, dep) in d.iter() {
            let dep_at = join(&here, field);
            match dep {
                Value::Document(sub) => {
                    let s = parse(sub, &dep_at, depth + 1)?;
                    out.checks
                        .push(Check::DependsOnSchema(field.to_owned(), Box::new(s)));
                }
                Value::Array(items) => {
                    if items.is_empty() {
                        return err(
                            &dep_at,
                            code::FAILED_TO_PARSE,
                            format!(
                                "property '{field}' in $jsonSchema keyword 'dependencies' cannot be an empty array"
                            ),
                        );
                    }
                    let mut needs: Vec<String> = Vec::with_capacity(items.len());
                    for item in items {
                        let Value::String(s) = item else {
                            return err(
                                &dep_at,
                                code::TYPE_MISMATCH,
                                format!(
                                    "array '{field}' in $jsonSchema keyword 'dependencies' can only contain strings, but found element of type: {}",
                                    type_name(item)
                                ),
                            );
                        };
                        if needs.iter().any(|n| n == s.as_str()) {
                            return err(
                                &dep_at,
                                code::FAILED_TO_PARSE,
                                format!(
                                    "array '{field}' in $jsonSchema keyword 'dependencies' contains duplicate element: {s}"
                                ),
                            );
                        }
                        needs.push(s.to_string());
                    }
                    out.checks
                        .push(Check::DependsOnFields(field.to_owned(), needs));
                }
                _ => {
                    return err(
                        &dep_at,
                        code::TYPE_MISMATCH,
                        format!(
                            "property '{field}' in $jsonSchema keyword 'dependencies' must be either an object or an array"
                        ),
                    );
                }
            }
        }
    }
    Ok(())
}

fn logical_keywords(schema: &Document, at: &str, depth: usize, out: &mut Schema) -> Result<()> {
    for keyword in ["allOf", "anyOf", "oneOf"] {
        let Some(v) = schema.get(keyword) else {
            continue;
        };
        let here = join(at, keyword);
        let Value::Array(items) = v else {
            return err(
                &here,
                code::TYPE_MISMATCH,
                format!("$jsonSchema keyword '{keyword}' must be an array"),
            );
        };
        if items.is_empty() {
            return err(
                &here,
                code::BAD_VALUE,
                format!("$jsonSchema keyword '{keyword}' must be a non-empty array"),
            );
        }
        let mut schemas = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            schemas.push(sub_schema(item, &join(&here, &i.to_string()), depth, || {
                format!(
                    "$jsonSchema keyword '{keyword}' must be an array of objects, but found an element of type {}",
                    type_name(item)
                )
            })?);
        }
        out.checks.push(match keyword {
            "allOf" => Check::AllOf(schemas),
            "anyOf" => Check::AnyOf(schemas),
            _ => Check::OneOf(schemas),
        });
    }
    if let Some(v) = schema.get("not") {
        let s = sub_schema(v, &join(at, "not"), depth, || {
            format!(
                "$jsonSchema keyword 'not' must be an object, but found an element of type {}",
                type_name(v)
            )
        })?;
        out.checks.push(Check::Not(Box::new(s)));
    }
    if let Some(v) = schema.get("enum") {
        let here = join(at, "enum");
        let Value::Array(items) = v else {
            return err(
                &here,
                code::TYPE_MISMATCH,
                format!(
                    "$jsonSchema keyword 'enum' must be an array, but found an element of type {}",
                    type_name(v)
                ),
            );
        };
        if items.is_empty() {
            return err(
                &here,
                code::FAILED_TO_PARSE,
                "$jsonSchema keyword 'enum' cannot be an empty array",
            );
        }
        if !all_unique(items) {
            return err(
                &here,
                code::FAILED_TO_PARSE,
                "$jsonSchema keyword 'enum' array cannot contain duplicate values.",
            );
        }
        out.checks.push(Check::Enum(items.clone()));
    }
    Ok(())
}
