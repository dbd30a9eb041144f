//! The query matcher: a filter document parsed and validated as the server does, then
//! tested against documents with the server's rules.
//!
//! Three rules explain almost every surprise a learner meets:
//! - **Type bracketing.** A comparison only looks at values in the operand's bracket
//!   (manual, "Comparison/Sort Order" and each comparison operator's page): `$gt: 0` sees
//!   numbers only, so `userId: "42"` is silently skipped; all four numeric types are one
//!   bracket and compare exactly (`42 == 42.0 == Long(42) == Decimal128("42.00")`).
//! - **Paths expand through arrays.** A path may reach many candidates
//!   ([`crate::query::path::resolve`]); a condition matches when any candidate does
//!   ("Query an Array", "Query on Embedded/Nested Documents").
//! - **Missing is not null, except to `null`.** `{ f: null }` matches a stored null, a
//!   missing field, and an array holding null ("Query for Null or Missing Fields"); since
//!   8.0 it no longer matches the deprecated `undefined`.
//!
//! Parsing follows the server's parser (`expression_parser.cpp`): the same operators, the
//! same error messages (`unknown operator: $foo`), with [`QueryError::at`] naming the place
//! in the filter (`a.$foo`, `$and.1.qty.$in`). `$regex` runs on a small engine of its own
//! ([`regex`]), which refuses what it cannot run rather than answer wrongly. The bit tests
//! (`$bitsAllSet` ...) and `$jsonSchema` have files of their own (`bits.rs`, `schema.rs`);
//! `$where`, `$text` and the geospatial operators are refused, each with its reason.

use std::cmp::Ordering;

use crate::bson::spec::ElementType;
use crate::bson::{Document, Value};
use crate::query::QueryError;
use crate::query::collation::Collation;
use crate::query::error::QueryErrorKind;
use crate::query::expr;
use crate::query::order;
use crate::query::path::{self, Fields, LeafArrays};
use crate::strings::Lang;

mod bits;
mod explain;
mod parse;
mod position;
pub mod regex;
mod schema;

/// A parsed, validated filter, ready to test documents.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::matcher::Filter;
/// let mut g = FixedGenerator::new(0);
/// let mut doc = |s: &str| parse_document(s, &mut g).unwrap().value;
/// let filter = Filter::parse(&doc("{ userId: { $gt: 0 } }")).unwrap();
/// assert!(filter.matches(&doc("{ userId: NumberLong('42') }")));
/// // Type bracketing: a string is not in the numbers' bracket, so no error and no match.
/// assert!(!filter.matches(&doc("{ userId: '42' }")));
/// ```
#[derive(Clone, Debug)]
pub struct Filter {
    root: Expr,
}

impl Filter {
    /// Parses and validates a filter document; errors as the server gives them, with `at` =
    /// path inside the filter.
    ///
    /// # Errors
    /// What the server refuses (`unknown operator: $foo`, `$in needs an array`,
    /// `$and/$or/$nor must be a nonempty array`, an invalid regex, ...), and the few things
    /// it accepts that bson-tutor does not run (`$where`, `$text`, geospatial operators,
    /// encryption keywords in a `$jsonSchema`), each said plainly.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::matcher::Filter;
    /// let bad = parse_document("{ a: { $foo: 1 } }", &mut FixedGenerator::new(0)).unwrap().value;
    /// let e = Filter::parse(&bad).unwrap_err();
    /// assert_eq!((e.at.as_str(), e.kind.to_string()), ("a.$foo", "unknown operator: $foo".into()));
    /// ```
    pub fn parse(filter: &Document) -> Result<Filter, QueryError> {
        parse::filter(filter).map(|root| Filter { root })
    }

    /// [`Filter::parse`] with a collation: `$eq`, `$gt`…, `$in` and `$nin` compare strings
    /// (at any depth of a document or array operand) by its rules; `$regex`, `$type` and
    /// field names are not affected, as on the server.
    ///
    /// # Errors
    /// As [`Filter::parse`].
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collation::Collation;
    /// use bson_tutor::query::matcher::Filter;
    /// let mut g = FixedGenerator::new(0);
    /// let mut doc = |s: &str| parse_document(s, &mut g).unwrap().value;
    /// let spec = doc("{ locale: 'en', strength: 2 }");
    /// let any_case = Filter::parse_in(&doc("{ name: 'ada' }"), &Collation::parse(&spec).unwrap()).unwrap();
    /// assert!(any_case.matches(&doc("{ name: 'Ada' }")));
    /// assert!(!Filter::parse(&doc("{ name: 'ada' }")).unwrap().matches(&doc("{ name: 'Ada' }")));
    /// ```
    pub fn parse_in(filter: &Document, collation: &Collation) -> Result<Filter, QueryError> {
        let mut root = parse::filter(filter)?;
        if !collation.is_simple() {
            root.collate(collation);
        }
        Ok(Filter { root })
    }

    /// Whether `doc` matches.
    ///
    /// The engine's inner loop: when a stop is asked for through
    /// [`crate::query::interrupt`], the answer is cut short and means nothing. Outside the
    /// engine, [`Filter::try_matches`] reports the stop instead.
    pub fn matches(&self, doc: &Document) -> bool {
        self.root.matches(Fields::Document(doc))
    }

    /// Whether `doc` matches, or the stop asked for through [`crate::query::interrupt`]
    /// (a regex over a long text, paths through large arrays can take a while).
    ///
    /// # Errors
    /// The server's words for the stop: "operation exceeded time limit" (50) or "operation
    /// was interrupted" (11601).
    /// An `$expr` whose expression fails is the expression's error, as the server reports it
    /// (`$regexMatch` past PCRE2's match limit, `$divide` by zero), not a silent non-match:
    /// the server's expression match lets the exception through.
    pub fn try_matches(&self, doc: &Document) -> Result<bool, QueryError> {
        let answer = self.root.try_matches(Fields::Document(doc))?;
        crate::query::interrupt::check()?;
        Ok(answer)
    }

    /// Why `doc` does not match, for the learner, in `lang`: e.g. `userId: "42" is a string;
    /// $gt: 0 only compares numbers (type bracketing)`. `None` when it matches. The
    /// sentences are translated, the engine's words (values as the shell prints them, paths,
    /// operators, type aliases) stay as they are.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::matcher::Filter;
    /// use bson_tutor::strings::Lang;
    /// let mut g = FixedGenerator::new(0);
    /// let mut doc = |s: &str| parse_document(s, &mut g).unwrap().value;
    /// let filter = Filter::parse(&doc("{ qty: { $gt: 5 } }")).unwrap();
    /// let why = filter.explain_mismatch(&doc("{ qty: 3 }"), Lang::Vi).unwrap();
    /// assert_eq!(why.as_deref(), Some("qty: 3 không lớn hơn 5"));
    /// assert_eq!(filter.explain_mismatch(&doc("{ qty: 7 }"), Lang::Zh).unwrap(), None);
    /// ```
    ///
    /// # Errors
    /// The stop asked for through [`crate::query::interrupt`], in the server's words.
    pub fn explain_mismatch(
        &self,
        doc: &Document,
        lang: Lang,
    ) -> Result<Option<String>, QueryError> {
        let why = if self.matches(doc) {
            None
        } else {
            Some(explain::why(&self.root, Fields::Document(doc), lang))
        };
        crate::query::interrupt::check()?;
        Ok(why)
    }
}

/// A node of the parsed filter.
#[derive(Clone, Debug)]
enum Expr {
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Nor(Vec<Expr>),
    Not(Box<Expr>),
    Leaf(Box<Leaf>),
    /// `$alwaysTrue`, `$alwaysFalse`, and `$all: []` (which matches nothing).
    Const(bool),
    /// `$expr`: an aggregation expression, true when its value is.
    Aggregate(Value),
    /// `$jsonSchema`: the whole document tested against a schema.
    Schema(Box<schema::Schema>),
}

/// A condition on one path.
#[derive(Clone, Debug)]
struct Leaf {
    /// The path as written; empty inside `$elemMatch` on values, where the condition is
    /// tested on each element.
    path: String,
    parts: Vec<String>,
    pred: Pred,
    /// How the condition compares strings.
    collation: Collation,
}

impl Leaf {
    /// Whether one candidate (`None` = missing) satisfies the condition.
    fn test(&self, v: Option<&Value>) -> bool {
        self.pred.matches(v, &self.collation)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cmp {
    Eq,
    Lt,
    Lte,
    Gt,
    Gte,
}

impl Cmp {
    fn name(self) -> &'static str {
        match self {
            Cmp::Eq => "$eq",
            Cmp::Lt => "$lt",
            Cmp::Lte => "$lte",
            Cmp::Gt => "$gt",
            Cmp::Gte => "$gte",
        }
    }
}

/// What one candidate value is tested for (the server's `matchesSingleElement`).
#[derive(Clone, Debug)]
enum Pred {
    Cmp(Cmp, Value),
    In(InList),
    Regex(Box<RegexPred>),
    Exists,
    Type(TypeSet),
    Size(i64),
    Mod(i64, i64),
    Bits(Box<bits::BitTest>),
    ElemMatchObject(Box<Expr>),
    ElemMatchValue(Vec<Expr>),
}

impl Pred {
    /// `$size` and `$elemMatch` look at a whole array; everything else at its elements too.
    fn leaf_arrays(&self) -> LeafArrays {
        match self {
            Pred::Size(_) | Pred::ElemMatchObject(_) | Pred::ElemMatchValue(_) => LeafArrays::Whole,
            _ => LeafArrays::Expand,
        }
    }

    /// Whether one candidate (`None` = missing) satisfies the condition, strings compared
    /// by `collation`.
    fn matches(&self, v: Option<&Value>, collation: &Collation) -> bool {
        match self {
            Pred::Cmp(op, rhs) => compare_matches_in(*op, v, rhs, collation),
            Pred::In(list) => list.matches(v, collation),
            Pred::Regex(re) => v.is_some_and(|v| re.matches(v)),
            Pred::Exists => v.is_some(),
            Pred::Type(set) => v.is_some_and(|v| set.contains(v)),
            Pred::Size(n) => {
                matches!(v, Some(Value::Array(items)) if i64::try_from(items.len()) == Ok(*n))
            }
            Pred::Mod(divisor, remainder) => v
                .and_then(dividend)
                // `wrapping_rem` is the server's `safeMod`: `i64::MIN % -1` is 0.
                .is_some_and(|d| d.wrapping_rem(*divisor) == *remainder),
            Pred::Bits(test) => v.is_some_and(|v| test.matches(v)),
            Pred::ElemMatchObject(sub) => match v {
                // Elements that are documents (or arrays, read as documents) are tested
                // as whole documents; scalars are skipped ("$elemMatch", manual).
                Some(Value::Array(items)) => items.iter().any(|item| match item {
                    Value::Document(d) => sub.matches(Fields::Document(d)),
                    Value::Array(a) => sub.matches(Fields::Array(a)),
                    _ => false,
                }),
                _ => false,
            },
            Pred::ElemMatchValue(subs) => match v {
                // One element must satisfy every condition at once.
                Some(Value::Array(items)) => items
                    .iter()
                    .any(|item| subs.iter().all(|s| s.matches_value(Some(item)))),
                _ => false,
            },
        }
    }
}

/// `$in`: the equalities sorted in the server's order (binary search), whether null is
/// among them (then missing matches too), and the regexes.
#[derive(Clone, Debug, Default)]
struct InList {
    values: Vec<Value>,
    has_null: bool,
    regexes: Vec<RegexPred>,
}

impl InList {
    /// Whether `v` is in the list; `collation` is the one the values were sorted by
    /// ([`Expr::collate`]).
    fn matches(&self, v: Option<&Value>, collation: &Collation) -> bool {
        let Some(v) = v else {
            return self.has_null;
        };
        self.values
            .binary_search_by(|probe| total_cmp_in(probe, v, collation))
            .is_ok()
            || self.regexes.iter().any(|re| re.matches(v))
    }
}

/// A `$regex` (or a regex literal, or one inside `$in`): the pattern and options as
/// written, and the compiled program.
#[derive(Clone, Debug)]
struct RegexPred {
    pattern: String,
    options: String,
    re: regex::Regex,
}

impl RegexPred {
    /// Strings and symbols are searched; a stored regex matches when it is the same regex
    /// (pattern and options as written).
    fn matches(&self, v: &Value) -> bool {
        match v {
            Value::String(s) | Value::Symbol(s) => self.re.is_match(s),
            Value::Regex(r) => r.pattern == self.pattern && r.options == self.options,
            _ => false,
        }
    }
}

/// The types a `$type` accepts: explicit types, and "number" for all four numeric ones.
#[derive(Clone, Debug, Default)]
struct TypeSet {
    all_numbers: bool,
    types: Vec<ElementType>,
}

impl TypeSet {
    fn contains(&self, v: &Value) -> bool {
        (self.all_numbers && is_number(v)) || self.types.contains(&v.element_type())
    }

    fn is_empty(&self) -> bool {
        !self.all_numbers && self.types.is_empty()
    }
}

impl Expr {
    /// [`Expr::matches`], with an `$expr`'s error reported rather than taken for `false`.
    fn try_matches(&self, fields: Fields<'_>) -> Result<bool, QueryError> {
        Ok(match self {
            Expr::And(children) => {
                for c in children {
                    if !c.try_matches(fields)? {
                        return Ok(false);
                    }
                }
                true
            }
            Expr::Or(children) => {
                for c in children {
                    if c.try_matches(fields)? {
                        return Ok(true);
                    }
                }
                false
            }
            Expr::Nor(children) => {
                for c in children {
                    if c.try_matches(fields)? {
                        return Ok(false);
                    }
                }
                true
            }
            Expr::Not(inner) => !inner.try_matches(fields)?,
            Expr::Aggregate(e) => match fields {
                Fields::Document(d) => true_value(
                    &expr::evaluate(e, Some(d))
                        .map_err(|e| QueryError::from(QueryErrorKind::from(e)))?,
                ),
                Fields::Array(_) => false,
            },
            Expr::Const(_) | Expr::Leaf(_) | Expr::Schema(_) => self.matches(fields),
        })
    }

    fn matches(&self, fields: Fields<'_>) -> bool {
        match self {
            Expr::And(children) => children.iter().all(|c| c.matches(fields)),
            Expr::Or(children) => children.iter().any(|c| c.matches(fields)),
            Expr::Nor(children) => !children.iter().any(|c| c.matches(fields)),
            Expr::Not(inner) => !inner.matches(fields),
            Expr::Const(b) => *b,
            Expr::Leaf(leaf) => {
                path::each_candidate(fields, &leaf.parts, leaf.pred.leaf_arrays(), &mut |c| {
                    leaf.test(c.value)
                })
            }
            Expr::Aggregate(e) => match fields {
                Fields::Document(d) => expr::evaluate(e, Some(d)).is_ok_and(|v| true_value(&v)),
                Fields::Array(_) => false,
            },
            Expr::Schema(s) => match fields {
                Fields::Document(d) => s.matches_document(d),
                Fields::Array(_) => false,
            },
        }
    }

    /// The condition tested on one array element, inside `$elemMatch` on values.
    fn matches_value(&self, v: Option<&Value>) -> bool {
        match self {
            Expr::And(children) => children.iter().all(|c| c.matches_value(v)),
            Expr::Or(children) => children.iter().any(|c| c.matches_value(v)),
            Expr::Nor(children) => !children.iter().any(|c| c.matches_value(v)),
            Expr::Not(inner) => !inner.matches_value(v),
            Expr::Const(b) => *b,
            Expr::Leaf(leaf) => leaf.test(v),
            Expr::Aggregate(_) | Expr::Schema(_) => false,
        }
    }

    /// Gives every comparison in the tree `collation`, and sorts `$in` lists by it.
    fn collate(&mut self, collation: &Collation) {
        match self {
            Expr::And(children) | Expr::Or(children) | Expr::Nor(children) => {
                children.iter_mut().for_each(|c| c.collate(collation));
            }
            Expr::Not(inner) => inner.collate(collation),
            Expr::Leaf(leaf) => {
                leaf.collation = collation.clone();
                match &mut leaf.pred {
                    Pred::In(list) => list.values.sort_by(|a, b| total_cmp_in(a, b, collation)),
                    Pred::ElemMatchObject(sub) => sub.collate(collation),
                    Pred::ElemMatchValue(subs) => {
                        subs.iter_mut().for_each(|s| s.collate(collation));
                    }
                    _ => {}
                }
            }
            Expr::Const(_) | Expr::Aggregate(_) | Expr::Schema(_) => {}
        }
    }
}

/// The server's canonical type rank (`canonicalizeBSONType`): the bracket a comparison
/// stays inside. Missing and `undefined` rank 0, null 5, MinKey -1, MaxKey 127; the rest
/// as in [`order::bracket`].
fn canonical(v: Option<&Value>) -> i16 {
    match v {
        None | Some(Value::Undefined) => 0,
        Some(Value::MinKey) => -1,
        Some(Value::MaxKey) => 127,
        Some(v) => i16::from(order::bracket(v)),
    }
}

/// The server's total order as `$in` and equality use it: canonical type first, then value,
/// with documents compared field by field (type, name, value) and arrays element by element.
fn total_cmp(a: &Value, b: &Value) -> Ordering {
    total_cmp_in(a, b, &Collation::Simple)
}

/// [`total_cmp`] with strings compared by `collation`.
fn total_cmp_in(a: &Value, b: &Value, collation: &Collation) -> Ordering {
    canonical(Some(a))
        .cmp(&canonical(Some(b)))
        .then_with(|| match (a, b) {
            (Value::Document(x), Value::Document(y)) => {
                let mut right = y.iter();
                for (ka, va) in x.iter() {
                    let Some((kb, vb)) = right.next() else {
                        return Ordering::Greater;
                    };
                    let o = canonical(Some(va))
                        .cmp(&canonical(Some(vb)))
                        .then_with(|| ka.as_bytes().cmp(kb.as_bytes()))
                        .then_with(|| total_cmp_in(va, vb, collation));
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                if right.next().is_some() {
                    Ordering::Less
                } else {
                    Ordering::Equal
                }
            }
            (Value::Array(x), Value::Array(y)) => x
                .iter()
                .zip(y)
                .map(|(p, q)| total_cmp_in(p, q, collation))
                .find(|o| *o != Ordering::Equal)
                .unwrap_or_else(|| x.len().cmp(&y.len())),
            _ => order::compare_in(a, b, collation),
        })
}

fn is_number(v: &Value) -> bool {
    matches!(
        v,
        Value::Int32(_) | Value::Int64(_) | Value::Double(_) | Value::Decimal128(_)
    )
}

fn is_nan(v: &Value) -> bool {
    match v {
        Value::Double(x) => x.is_nan(),
        Value::Decimal128(d) => d.is_nan(),
        _ => false,
    }
}

/// One comparison on one candidate, as `ComparisonMatchExpression::matchesSingleElement`:
/// different brackets never match, except null against missing (`$eq`, `$lte`, `$gte`), and
/// `$gt: MinKey` / `$lt: MaxKey`, which match everything, missing included.
fn compare_matches(op: Cmp, e: Option<&Value>, rhs: &Value) -> bool {
    compare_matches_in(op, e, rhs, &Collation::Simple)
}

/// [`compare_matches`] with strings compared by `collation`.
fn compare_matches_in(op: Cmp, e: Option<&Value>, rhs: &Value, collation: &Collation) -> bool {
    let (ect, rct) = (canonical(e), canonical(Some(rhs)));
    if ect != rct {
        // Null against missing (rank 0 + 5); `undefined` no longer counts since 8.0.
        if ect + rct == 5 {
            return e.is_none() && matches!(op, Cmp::Eq | Cmp::Lte | Cmp::Gte);
        }
        return match rhs {
            Value::MaxKey => matches!(op, Cmp::Lt | Cmp::Lte),
            Value::MinKey => matches!(op, Cmp::Gt | Cmp::Gte),
            _ => false,
        };
    }
    let Some(e) = e else {
        return false;
    };
    if op != Cmp::Eq {
        // NaN equals NaN but is neither less nor greater than anything.
        let (lhs_nan, rhs_nan) = (is_nan(e), is_nan(rhs));
        if lhs_nan || rhs_nan {
            return matches!(op, Cmp::Lte | Cmp::Gte) && lhs_nan && rhs_nan;
        }
    }
    let o = total_cmp_in(e, rhs, collation);
    match op {
        Cmp::Eq => o == Ordering::Equal,
        Cmp::Lt => o == Ordering::Less,
        Cmp::Lte => o != Ordering::Greater,
        Cmp::Gt => o == Ordering::Greater,
        Cmp::Gte => o != Ordering::Less,
    }
}

/// -2^63, exact as a double; i64 holds [-2^63, 2^63).
pub(crate) const I64_MIN_F64: f64 = i64::MIN as f64;

/// `$mod`'s dividend: integers as they are, doubles and decimals truncated toward zero;
/// NaN, the infinities and values beyond 64 bits match nothing ("$mod", manual).
fn dividend(v: &Value) -> Option<i64> {
    match v {
        Value::Int32(n) => Some(i64::from(*n)),
        Value::Int64(n) => Some(*n),
        Value::Double(x) => {
            let t = x.trunc();
            (t.is_finite() && (I64_MIN_F64..-I64_MIN_F64).contains(&t)).then_some(t as i64)
        }
        Value::Decimal128(d) => d.to_i64(),
        _ => None,
    }
}

/// BSON truthiness (`trueValue`, and `$expr`'s coercion): false, null, undefined and
/// numeric zeros are false; everything else, empty strings included, is true.
fn true_value(v: &Value) -> bool {
    match v {
        Value::Boolean(b) => *b,
        Value::Null | Value::Undefined => false,
        Value::Int32(n) => *n != 0,
        Value::Int64(n) => *n != 0,
        Value::Double(x) => *x != 0.0,
        Value::Decimal128(d) => !d.is_zero(),
        _ => true,
    }
}
