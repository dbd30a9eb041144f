//! Projections: `find`'s second argument, and the `$project`, `$addFields`/`$set` and
//! `$unset` stages. One parser for both, as on the server (`projection_ast`), with `find`
//! allowing its own `$slice`.
//!
//! - `1`/`true` (any non-zero number) includes, `0`/`false` excludes; one projection cannot do
//!   both, except for `_id`, which is included unless `_id: 0` says otherwise;
//! - anything else is an expression (`"$a"`, `{ $add: [...] }`, a literal string), computed
//!   against the whole document; an expression makes the projection an inclusion;
//! - included fields keep the document's order; computed fields come after them, in the
//!   specification's order; a computed value that is missing leaves the field out.

use crate::bson::num::Number;
use crate::bson::{Document, Value};
use crate::query::error::QueryErrorKind;
use crate::query::expr;
use crate::query::update::server_element;

/// Who is projecting: `find` allows `$slice` on arrays; `$project` does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// `find(filter, projection)`.
    Find,
    /// The `$project` stage.
    Aggregate,
}

/// Whether a projection lists the fields to keep or the fields to drop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProjectionKind {
    /// Only the listed fields (and `_id`, and computed fields).
    Inclusion,
    /// Everything but the listed fields.
    Exclusion,
}

#[derive(Clone, Debug, PartialEq)]
enum Child {
    Include,
    Exclude,
    Expr(Value),
    /// `find`'s `{ a: { $slice: n } }` or `{ $slice: [skip, limit] }`.
    Slice {
        skip: Option<i64>,
        limit: i64,
    },
    Node(Node),
}

#[derive(Clone, Debug, Default, PartialEq)]
struct Node {
    children: Vec<(String, Child)>,
}

impl Node {
    fn get(&self, key: &str) -> Option<&Child> {
        self.children.iter().find(|(k, _)| k == key).map(|(_, c)| c)
    }

    fn has_computed(&self) -> bool {
        self.children.iter().any(|(_, c)| match c {
            Child::Expr(_) => true,
            Child::Node(n) => n.has_computed(),
            _ => false,
        })
    }

    /// The server's `addNodeAtPath`: a dotted path creates the internal nodes on its way;
    /// meeting a leaf on the way, or an existing node at the end, is a path collision.
    fn add(&mut self, path: &str, child: Child) -> Result<&mut Child, QueryErrorKind> {
        let parts: Vec<&str> = path.split('.').collect();
        let mut node = self;
        for (i, part) in parts.iter().enumerate() {
            let position = node.children.iter().position(|(k, _)| k == part);
            if i + 1 == parts.len() {
                if position.is_some() {
                    return Err(server(31250, format!("Path collision at {path}")));
                }
                node.children.push(((*part).to_owned(), child));
                let last = node.children.len() - 1;
                return Ok(&mut node.children[last].1);
            }
            let index = match position {
                Some(index) => index,
                None => {
                    node.children
                        .push(((*part).to_owned(), Child::Node(Node::default())));
                    node.children.len() - 1
                }
            };
            node = match &mut node.children[index].1 {
                Child::Node(n) => n,
                _ => {
                    return Err(server(
                        31249,
                        format!(
                            "Path collision at {path} remaining portion {}",
                            parts[1..].join(".")
                        ),
                    ));
                }
            };
        }
        Err(server(
            40352,
            "FieldPath cannot be constructed with empty string",
        ))
    }
}

/// A parsed projection.
#[derive(Clone, Debug, PartialEq)]
pub struct Projection {
    root: Node,
    kind: ProjectionKind,
}

struct Context {
    policy: Policy,
    kind: Option<ProjectionKind>,
    id_included: bool,
}

impl Projection {
    /// Reads a projection specification.
    ///
    /// # Errors
    /// The server's messages: "Cannot do exclusion on field x in inclusion projection",
    /// "Cannot do inclusion on field x in exclusion projection", "Path collision at a.b",
    /// invalid field names; positional (`a.$`) and `$elemMatch` projections, which need the
    /// query, are refused.
    pub fn parse(spec: &Document, policy: Policy) -> Result<Projection, QueryErrorKind> {
        let mut ctx = Context {
            policy,
            kind: None,
            id_included: false,
        };
        let mut root = Node::default();
        let mut id_specified = false;
        for (name, value) in spec.iter() {
            id_specified |= name == "_id" || name.starts_with("_id.");
            parse_element(&mut ctx, name, value, &mut root, true)?;
        }
        // The server's defaults for projections that say neither (`{}`, `{ _id: 0 }`, a lone
        // find `$slice`): `{ _id: 1 }` alone includes, anything else excludes.
        let kind = ctx.kind.unwrap_or(if ctx.id_included {
            ProjectionKind::Inclusion
        } else {
            ProjectionKind::Exclusion
        });
        if !id_specified && kind == ProjectionKind::Inclusion {
            root.children.push(("_id".into(), Child::Include));
        }
        if kind == ProjectionKind::Exclusion && ctx.id_included {
            root.children
                .retain(|(k, c)| !(k == "_id" && *c == Child::Include));
        }
        Ok(Projection { root, kind })
    }

    /// Inclusion or exclusion.
    pub fn kind(&self) -> ProjectionKind {
        self.kind
    }

    /// Projects one document; `vars` are the variables expressions may read (`NOW`).
    ///
    /// # Errors
    /// An expression's error, in the server's words.
    pub fn apply(
        &self,
        doc: &Document,
        vars: &[(&str, Value)],
    ) -> Result<Document, QueryErrorKind> {
        match self.kind {
            ProjectionKind::Inclusion => {
                let mut out = include_fields(&self.root, doc);
                if self.root.has_computed() {
                    add_computed(&self.root, &mut out, doc, vars)?;
                }
                Ok(out)
            }
            ProjectionKind::Exclusion => Ok(exclude_fields(&self.root, doc)),
        }
    }
}

/// `$addFields` / `$set`: every value is an expression; a nested document without an operator
/// adds fields inside the existing sub-document (as a dotted path would).
#[derive(Clone, Debug, PartialEq)]
pub struct AddFields {
    root: Node,
}

impl AddFields {
    /// Reads an `$addFields` specification.
    ///
    /// # Errors
    /// An empty specification, invalid field names, path collisions.
    pub fn parse(spec: &Document) -> Result<AddFields, QueryErrorKind> {
        if spec.is_empty() {
            // The server's code for this one is not known here.
            return Err(QueryErrorKind::server_uncoded(
                "specification must have at least one field",
            ));
        }
        let mut root = Node::default();
        add_expressions(&mut root, spec)?;
        Ok(AddFields { root })
    }

    /// Adds (or replaces) the fields of one document.
    ///
    /// # Errors
    /// An expression's error.
    pub fn apply(
        &self,
        doc: &Document,
        vars: &[(&str, Value)],
    ) -> Result<Document, QueryErrorKind> {
        let mut out = doc.clone();
        add_computed(&self.root, &mut out, doc, vars)?;
        Ok(out)
    }
}

fn add_expressions(node: &mut Node, spec: &Document) -> Result<(), QueryErrorKind> {
    for (name, value) in spec.iter() {
        crate::query::path::check_field_path(name)?;
        match value {
            Value::Document(sub) if !sub.is_empty() && !first_key_is_operator(sub) => {
                let Child::Node(inner) = node.add(name, Child::Node(Node::default()))? else {
                    continue;
                };
                add_expressions(inner, sub)?;
            }
            other => {
                node.add(name, Child::Expr(other.clone()))?;
            }
        }
    }
    Ok(())
}

fn first_key_is_operator(d: &Document) -> bool {
    d.keys().next().is_some_and(|k| k.starts_with('$'))
}

fn truthy_number(v: &Value) -> Option<bool> {
    match v {
        Value::Boolean(b) => Some(*b),
        Value::Int32(n) => Some(*n != 0),
        Value::Int64(n) => Some(*n != 0),
        Value::Double(d) => Some(*d != 0.0),
        Value::Decimal128(d) => Some(!d.is_zero()),
        _ => None,
    }
}

fn parse_element(
    ctx: &mut Context,
    name: &str,
    value: &Value,
    parent: &mut Node,
    at_root: bool,
) -> Result<(), QueryErrorKind> {
    if name == "$" || name.contains(".$") {
        return Err(match ctx.policy {
            Policy::Aggregate => server(
                31324,
                "Cannot use positional projection in aggregation projection",
            ),
            Policy::Find => QueryErrorKind::PositionalProjection {
                field: name.to_owned(),
            },
        });
    }
    crate::query::path::check_field_path(name)?;
    let top_level_id = at_root && name == "_id";
    if let Value::Document(sub) = value {
        if sub.len() == 1 && first_key_is_operator(sub) {
            return parse_operator(ctx, name, sub, parent);
        }
        let Child::Node(node) = parent.add(name, Child::Node(Node::default()))? else {
            return Ok(());
        };
        for (k, v) in sub.iter() {
            parse_element(ctx, k, v, node, false)?;
        }
        return Ok(());
    }
    match truthy_number(value) {
        Some(true) => {
            parent.add(name, Child::Include)?;
            if top_level_id {
                ctx.id_included = true;
            } else {
                if ctx.kind == Some(ProjectionKind::Exclusion) {
                    return Err(server(
                        31253,
                        format!("Cannot do inclusion on field {name} in exclusion projection"),
                    ));
                }
                ctx.kind = Some(ProjectionKind::Inclusion);
            }
        }
        Some(false) => {
            parent.add(name, Child::Exclude)?;
            if !top_level_id {
                if ctx.kind == Some(ProjectionKind::Inclusion) {
                    return Err(server(
                        31254,
                        format!("Cannot do exclusion on field {name} in inclusion projection"),
                    ));
                }
                ctx.kind = Some(ProjectionKind::Exclusion);
            }
        }
        None => {
            parent.add(name, Child::Expr(value.clone()))?;
            if ctx.kind == Some(ProjectionKind::Exclusion) {
                return Err(server(
                    31310,
                    format!(
                        "Cannot use an expression {} in an exclusion projection",
                        server_element(name, value)
                    ),
                ));
            }
            ctx.kind = Some(ProjectionKind::Inclusion);
        }
    }
    Ok(())
}

/// `{ a: { $op: ... } }`: find's `$slice`, or an aggregation expression.
fn parse_operator(
    ctx: &mut Context,
    name: &str,
    sub: &Document,
    parent: &mut Node,
) -> Result<(), QueryErrorKind> {
    let (op, arg) = sub.iter().next().unwrap_or(("", &Value::Null));
    match (ctx.policy, op) {
        (Policy::Find, "$slice") if !matches!(arg, Value::Document(_)) => {
            let (skip, limit) = match arg {
                Value::Array(pair) => match pair.as_slice() {
                    [skip, limit] => {
                        let skip = Number::of(skip).map(number_int).ok_or_else(|| {
                            server(
                                31257,
                                format!(
                                    "$slice expects the skip argument to be a number, got {}",
                                    skip.element_type().alias()
                                ),
                            )
                        })?;
                        let limit = Number::of(limit).map(number_int).ok_or_else(|| {
                            server(
                                31258,
                                format!(
                                    "$slice expects the limit argument to be a number, got {}",
                                    limit.element_type().alias()
                                ),
                            )
                        })?;
                        if limit <= 0 {
                            return Err(server(
                                31259,
                                format!("$slice limit must be positive, got {limit}"),
                            ));
                        }
                        (Some(skip), limit)
                    }
                    _ => {
                        return Err(server(
                            31272,
                            "$slice array argument should be of form [skip, limit]",
                        ));
                    }
                },
                n => match Number::of(n) {
                    Some(n) => (None, number_int(n)),
                    None => {
                        return Err(server(
                            31273,
                            "$slice only supports numbers and [skip, limit] arrays",
                        ));
                    }
                },
            };
            parent.add(name, Child::Slice { skip, limit })?;
            Ok(())
        }
        (Policy::Find, "$elemMatch") => Err(QueryErrorKind::ElemMatchProjection),
        // The server's code for this one is not known here.
        (Policy::Aggregate, "$elemMatch") => Err(QueryErrorKind::server_uncoded(
            "Cannot use $elemMatch in this context",
        )),
        _ => {
            if ctx.kind == Some(ProjectionKind::Exclusion) && op != "$meta" {
                return Err(server(
                    31252,
                    "Cannot use expression other than $meta in exclusion projection",
                ));
            }
            ctx.kind = Some(ProjectionKind::Inclusion);
            parent.add(name, Child::Expr(Value::Document(sub.clone())))?;
            Ok(())
        }
    }
}

/// The server's refusal `text`, reported with `code`.
fn server(code: i32, text: impl Into<String>) -> QueryErrorKind {
    QueryErrorKind::server(code, text)
}

/// `numberInt()`: truncation, saturating at the int32 range.
fn number_int(n: Number) -> i64 {
    match n {
        Number::Int(i) => i64::from(i),
        Number::Long(l) => l.clamp(i64::from(i32::MIN), i64::from(i32::MAX)),
        Number::Double(d) if d.is_nan() => 0,
        Number::Double(d) => d.trunc().clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i64,
        Number::Decimal(d) => d
            .to_i64()
            .unwrap_or(0)
            .clamp(i64::from(i32::MIN), i64::from(i32::MAX)),
    }
}

fn slice(v: &Value, skip: Option<i64>, limit: i64) -> Value {
    let Value::Array(items) = v else {
        return v.clone();
    };
    let len = items.len() as i64;
    let (start, count) = match skip {
        None if limit >= 0 => (0, limit),
        None => ((len + limit).max(0), len),
        Some(s) if s >= 0 => (s.min(len), limit),
        Some(s) => ((len + s).max(0), limit),
    };
    let end = (start + count).min(len);
    // `start` and `end` are within 0..=len.
    Value::Array(items[start as usize..end.max(start) as usize].to_vec())
}

fn include_fields(node: &Node, input: &Document) -> Document {
    let mut out = Document::new();
    for (k, v) in input.iter() {
        match node.get(k) {
            Some(Child::Include) => out.push(k, v.clone()),
            Some(Child::Slice { skip, limit }) => out.push(k, slice(v, *skip, *limit)),
            Some(Child::Node(sub)) => {
                if let Some(v) = include_value(sub, v) {
                    out.push(k, v);
                }
            }
            _ => {}
        }
    }
    out
}

/// A sub-projection applied to a value: documents are projected, arrays element by element,
/// and other values dropped.
fn include_value(node: &Node, v: &Value) -> Option<Value> {
    match v {
        Value::Document(d) => Some(Value::Document(include_fields(node, d))),
        Value::Array(items) => Some(Value::Array(
            items
                .iter()
                .filter_map(|i| include_value(node, i))
                .collect(),
        )),
        _ => None,
    }
}

fn exclude_fields(node: &Node, input: &Document) -> Document {
    let mut out = Document::with_capacity(input.len());
    for (k, v) in input.iter() {
        match node.get(k) {
            Some(Child::Exclude) => {}
            Some(Child::Node(sub)) => out.push(k, exclude_value(sub, v)),
            Some(Child::Slice { skip, limit }) => out.push(k, slice(v, *skip, *limit)),
            _ => out.push(k, v.clone()),
        }
    }
    out
}

fn exclude_value(node: &Node, v: &Value) -> Value {
    match v {
        Value::Document(d) => Value::Document(exclude_fields(node, d)),
        Value::Array(items) => Value::Array(items.iter().map(|i| exclude_value(node, i)).collect()),
        other => other.clone(),
    }
}

/// Sets the computed fields of `node` in `out`, evaluating against `root`.
fn add_computed(
    node: &Node,
    out: &mut Document,
    root: &Document,
    vars: &[(&str, Value)],
) -> Result<(), QueryErrorKind> {
    for (k, child) in &node.children {
        match child {
            Child::Expr(e) => match expr::evaluate_in(e, Some(root), vars)? {
                Some(v) => {
                    out.insert(k.as_str(), v);
                }
                None => {
                    out.remove(k);
                }
            },
            Child::Node(sub) if sub.has_computed() => {
                let existing = out.get(k).cloned();
                let v = computed_value(sub, existing, root, vars)?;
                out.insert(k.as_str(), v);
            }
            _ => {}
        }
    }
    Ok(())
}

/// A sub-document's computed fields: merged into an existing document, into each element
/// of an array, or into a new document in place of anything else.
fn computed_value(
    node: &Node,
    existing: Option<Value>,
    root: &Document,
    vars: &[(&str, Value)],
) -> Result<Value, QueryErrorKind> {
    match existing {
        Some(Value::Document(mut d)) => {
            add_computed(node, &mut d, root, vars)?;
            Ok(Value::Document(d))
        }
        Some(Value::Array(items)) => Ok(Value::Array(
            items
                .into_iter()
                .map(|i| computed_value(node, Some(i), root, vars))
                .collect::<Result<_, _>>()?,
        )),
        _ => {
            let mut d = Document::new();
            add_computed(node, &mut d, root, vars)?;
            Ok(Value::Document(d))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::shell::{FixedGenerator, parse_document};

    fn doc(s: &str) -> Document {
        parse_document(s, &mut FixedGenerator::new(0))
            .unwrap()
            .value
    }

    fn project(spec: &str, input: &str) -> Result<Document, String> {
        Projection::parse(&doc(spec), Policy::Find)
            .and_then(|p| p.apply(&doc(input), &[]))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn inclusion_keeps_document_order_and_id() {
        assert_eq!(
            project("{ b: 1, a: 1 }", "{ _id: 1, a: 1, b: 2, c: 3 }").unwrap(),
            doc("{ _id: 1, a: 1, b: 2 }")
        );
        assert_eq!(
            project(
                "{ _id: 0, 'x.y': 1 }",
                "{ _id: 1, x: [{ y: 1, z: 2 }, 5, { z: 3 }] }"
            )
            .unwrap(),
            doc("{ x: [{ y: 1 }, {}] }")
        );
    }

    #[test]
    fn exclusion_and_the_id_exception() {
        assert_eq!(
            project("{ a: 0, _id: 1 }", "{ _id: 1, a: 1, b: 2 }").unwrap(),
            doc("{ _id: 1, b: 2 }")
        );
        assert_eq!(
            project("{ _id: 0 }", "{ _id: 1, a: 1 }").unwrap(),
            doc("{ a: 1 }")
        );
        assert_eq!(
            project("{ a: 1, b: 0 }", "{}").unwrap_err(),
            "Cannot do exclusion on field b in inclusion projection"
        );
        assert_eq!(
            project("{ b: 0, a: 1 }", "{}").unwrap_err(),
            "Cannot do inclusion on field a in exclusion projection"
        );
        assert_eq!(
            project("{ a: 1, 'a.b': 1 }", "{}").unwrap_err(),
            "Path collision at a.b remaining portion b"
        );
    }

    #[test]
    fn computed_fields_come_last() {
        assert_eq!(
            project("{ total: { $add: ['$a', 1] }, a: 1 }", "{ _id: 1, a: 1 }").unwrap(),
            doc("{ _id: 1, a: 1, total: 2 }")
        );
        assert_eq!(
            project("{ gone: '$nope' }", "{ _id: 1 }").unwrap(),
            doc("{ _id: 1 }")
        );
    }

    #[test]
    fn find_slice() {
        assert_eq!(
            project("{ a: { $slice: -2 } }", "{ _id: 1, a: [1, 2, 3], b: 1 }").unwrap(),
            doc("{ _id: 1, a: [2, 3], b: 1 }")
        );
        assert_eq!(
            project(
                "{ a: { $slice: [1, 1] }, b: 1 }",
                "{ _id: 1, a: [1, 2, 3], b: 1, c: 1 }"
            )
            .unwrap(),
            doc("{ _id: 1, a: [2], b: 1 }")
        );
    }

    #[test]
    fn add_fields_merges_into_sub_documents() {
        let spec = AddFields::parse(&doc("{ 'a.c': 5, b: { d: '$x' } }")).unwrap();
        assert_eq!(
            spec.apply(&doc("{ a: [1, { b: 1 }], x: 2 }"), &[]).unwrap(),
            doc("{ a: [{ c: 5 }, { b: 1, c: 5 }], x: 2, b: { d: 2 } }")
        );
    }
}
