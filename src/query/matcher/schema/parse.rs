//! `$jsonSchema`'s parser: a schema document read keyword by keyword in the order of the
//! server's `json_schema_parser.cpp`, so the first error reported is the server's, in its
//! words and with its code.

use super::{Check, Rest, Schema, all_unique};
use crate::bson::spec::ElementType;
use crate::bson::{Document, Value};
use crate::query::error::{MatcherFeature, QueryError, QueryErrorKind, code};
use crate::query::matcher::bits;
use crate::query::matcher::regex::Regex;
use crate::query::matcher::{Cmp, TypeSet, compare_matches, is_nan, is_number};
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
pub(super) fn document(schema: &Document, at: &str, depth: usize) -> Result<Schema> {
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
        if compare_matches(Cmp::Lte, Some(v), &Value::Int32(0)) || is_nan(v) {
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
        Value::Document(d) => document(d, at, depth + 1),
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
                let s = document(d, &here, depth + 1)?;
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
            Value::Document(d) => Rest::Schema(Box::new(document(d, &here, depth + 1)?)),
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
            Some(Value::Document(d)) => Rest::Schema(Box::new(document(
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
                    let s = document(sub, &dep_at, depth + 1)?;
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
