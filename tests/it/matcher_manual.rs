//! The matcher against the MongoDB manual, example by example: each row is a collection,
//! a filter and the `_id`s the manual (or a run on a real server) says come back, all in
//! mongosh syntax. The comment on each row names the manual page and section it comes from.

use bson_tutor::bson::shell::{FixedGenerator, parse_document, parse_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::matcher::Filter;
use bson_tutor::query::order;
use bson_tutor::strings::Lang;

struct Case {
    /// Where in the manual the case comes from (or the rule a real server showed).
    source: &'static str,
    docs: &'static str,
    filter: &'static str,
    /// The `_id`s that match, in insertion order.
    expect: &'static str,
}

const fn case(
    source: &'static str,
    docs: &'static str,
    filter: &'static str,
    expect: &'static str,
) -> Case {
    Case {
        source,
        docs,
        filter,
        expect,
    }
}

// "Query on Embedded/Nested Documents"
const NESTED: &str = r#"[
  { _id: 1, item: "journal", qty: 25, size: { h: 14, w: 21, uom: "cm" }, status: "A" },
  { _id: 2, item: "notebook", qty: 50, size: { h: 8.5, w: 11, uom: "in" }, status: "A" },
  { _id: 3, item: "paper", qty: 100, size: { h: 8.5, w: 11, uom: "in" }, status: "D" },
  { _id: 4, item: "planner", qty: 75, size: { h: 22.85, w: 30, uom: "cm" }, status: "D" },
  { _id: 5, item: "postcard", qty: 45, size: { h: 10, w: 15.25, uom: "cm" }, status: "A" }
]"#;

// "Query an Array"
const ARRAY: &str = r#"[
  { _id: 1, item: "journal", qty: 25, tags: ["blank", "red"], dim_cm: [ 14, 21 ] },
  { _id: 2, item: "notebook", qty: 50, tags: ["red", "blank"], dim_cm: [ 14, 21 ] },
  { _id: 3, item: "paper", qty: 100, tags: ["red", "blank", "plain"], dim_cm: [ 14, 21 ] },
  { _id: 4, item: "planner", qty: 75, tags: ["blank", "red"], dim_cm: [ 22.85, 30 ] },
  { _id: 5, item: "postcard", qty: 45, tags: ["blue"], dim_cm: [ 10, 15.25 ] }
]"#;

// "Query an Array of Embedded Documents"
const INSTOCK: &str = r#"[
  { _id: 1, item: "journal", instock: [ { warehouse: "A", qty: 5 }, { warehouse: "C", qty: 15 } ] },
  { _id: 2, item: "notebook", instock: [ { warehouse: "C", qty: 5 } ] },
  { _id: 3, item: "paper", instock: [ { warehouse: "A", qty: 60 }, { warehouse: "B", qty: 15 } ] },
  { _id: 4, item: "planner", instock: [ { warehouse: "A", qty: 40 }, { warehouse: "B", qty: 5 } ] },
  { _id: 5, item: "postcard", instock: [ { warehouse: "B", qty: 15 }, { warehouse: "C", qty: 35 } ] }
]"#;

// "Query for Null or Missing Fields"
const NULLS: &str = "[ { _id: 1, item: null }, { _id: 2 } ]";
const NULL_ARRAYS: &str = r#"[
  { _id: 1, item: null }, { _id: 2 }, { _id: 3, item: [ 1, null ] }, { _id: 4, item: [] },
  { _id: 5, item: 0 }, { _id: 6, item: [ [ null ] ] }
]"#;
const NESTED_NULLS: &str = r#"[
  { _id: 1, a: { b: null } }, { _id: 2, a: {} }, { _id: 3, a: 5 },
  { _id: 4, a: [ { b: 1 }, { c: 1 } ] }, { _id: 5, a: [ { b: 1 } ] }, { _id: 6, a: [ 1, 2 ] }
]"#;

// "$eq"
const EQ: &str = r#"[
  { _id: 1, item: { name: "ab", code: "123" }, qty: 15, tags: [ "A", "B", "C" ] },
  { _id: 2, item: { name: "cd", code: "123" }, qty: 20, tags: [ "B" ] },
  { _id: 3, item: { name: "ij", code: "456" }, qty: 25, tags: [ "A", "B" ] },
  { _id: 4, item: { name: "xy", code: "456" }, qty: 30, tags: [ "B", "A" ] },
  { _id: 5, item: { name: "mn", code: "000" }, qty: 20, tags: [ [ "A", "B" ], "C" ] }
]"#;
const COMPANIES: &str = r#"[ { _id: 1, company: "MongoDB" }, { _id: 2, company: "MongoDB2" } ]"#;

// "$gt", "$gte", "$lt", "$lte", "$ne"
const CARRIERS: &str = r#"[
  { _id: 1, item: "nuts", quantity: 30, carrier: { name: "Shipit", fee: 3 } },
  { _id: 2, item: "bolts", quantity: 50, carrier: { name: "Orange", fee: 4 } },
  { _id: 3, item: "washers", quantity: 10, carrier: { name: "Shipit", fee: 1 } }
]"#;

// "$in", "$nin"
const IN: &str = r#"[
  { _id: 1, item: "Pens", quantity: 350, tags: [ "school", "office" ] },
  { _id: 2, item: "Erasers", quantity: 15, tags: [ "school", "home" ] },
  { _id: 3, item: "Maps", tags: [ "office", "storage" ] },
  { _id: 4, item: "Books", quantity: 5, tags: [ "school", "storage", "home" ] }
]"#;

// "$exists"
const SPICES: &str = r#"[
  { _id: 1, saffron: 5, cinnamon: 5, mustard: null },
  { _id: 2, saffron: 3, cinnamon: null, mustard: 8 },
  { _id: 3, saffron: null, cinnamon: 3, mustard: 9 },
  { _id: 4, saffron: 1, cinnamon: 2, mustard: 3 },
  { _id: 5, saffron: 2, mustard: 5 },
  { _id: 6, saffron: 3, cinnamon: 2 },
  { _id: 7, saffron: 4 },
  { _id: 8, cinnamon: 2, mustard: 4 },
  { _id: 9, cinnamon: 2 },
  { _id: 10, mustard: 6 }
]"#;

// "$type": the manual's 43339374 is a double in the legacy shell; mongosh would store an
// int, so the row spells Double() to keep the manual's answer.
const ZIPS: &str = r#"[
  { _id: 1, address: "2030 Martian Way", zipCode: "90698345" },
  { _id: 2, address: "156 Lunar Place", zipCode: Double(43339374) },
  { _id: 3, address: "2324 Pluto Place", zipCode: NumberLong(3921412) },
  { _id: 4, address: "55 Saturn Ring", zipCode: NumberInt(88602117) },
  { _id: 5, address: "104 Venus Drive", zipCode: [ "834847278", "1893289032" ] }
]"#;
const READINGS: &str = r#"[
  { _id: 1, readings: [ 25, 23, [ "Warn: High Temp!", 55 ], [ "ERROR: SYSTEM SHUTDOWN!", 66 ] ] },
  { _id: 2, readings: [ 25, 25, 24, 23 ] },
  { _id: 3, readings: [ 22, 24, [] ] },
  { _id: 4, readings: [] },
  { _id: 5, readings: 24 }
]"#;

// "$all"
const ALL: &str = r#"[
  { _id: 1, code: "xyz", tags: [ "school", "book", "bag", "headphone", "appliance" ],
    qty: [ { size: "S", num: 10, color: "blue" }, { size: "M", num: 45, color: "blue" },
           { size: "L", num: 100, color: "green" } ] },
  { _id: 2, code: "abc", tags: [ "appliance", "school", "book" ],
    qty: [ { size: "6", num: 100, color: "green" }, { size: "6", num: 50, color: "blue" },
           { size: "8", num: 100, color: "brown" } ] },
  { _id: 3, code: "efg", tags: [ "school", "book" ],
    qty: [ { size: "S", num: 10, color: "blue" }, { size: "M", num: 100, color: "blue" },
           { size: "L", num: 100, color: "green" } ] },
  { _id: 4, code: "ijk", tags: [ "electronics", "school" ],
    qty: [ { size: "M", num: 100, color: "green" } ] }
]"#;

// "$elemMatch"
const SCORES: &str = "[ { _id: 1, results: [ 82, 85, 88 ] }, { _id: 2, results: [ 75, 88, 89 ] } ]";
const SURVEY: &str = r#"[
  { _id: 1, results: [ { product: "abc", score: 10 }, { product: "xyz", score: 5 } ] },
  { _id: 2, results: [ { product: "abc", score: 8 }, { product: "xyz", score: 7 } ] },
  { _id: 3, results: [ { product: "abc", score: 7 }, { product: "xyz", score: 8 } ] },
  { _id: 4, results: [ { product: "abc", score: 7 }, { product: "def", score: 8 } ] }
]"#;

// "$not"
const PRICES: &str = r#"[
  { _id: 1, item: "binders", price: 3 }, { _id: 2, item: "notebooks", price: 2.5 },
  { _id: 3, item: "pencils", price: 0.7 }, { _id: 4, item: "erasers", price: 1.2 },
  { _id: 5, item: "crayons" }
]"#;

// "$and", "$or", "$nor"
const SALES: &str = r#"[
  { _id: 1, price: 1.99, sale: true }, { _id: 2, price: 1.99, sale: false },
  { _id: 3, price: 2.99, sale: true }, { _id: 4, price: 2.99, sale: false },
  { _id: 5, price: 2.99 }, { _id: 6, sale: false }, { _id: 7 }
]"#;

// "$regex"
const PRODUCTS: &str = r#"[
  { _id: 100, sku: "abc123", description: "Single line description." },
  { _id: 101, sku: "abc789", description: "First line\nSecond line" },
  { _id: 102, sku: "xyz456", description: "Many spaces before     line" },
  { _id: 103, sku: "xyz789", description: "Multiple\nline description" },
  { _id: 104, sku: "Abc789", description: "SKU starts with A" }
]"#;

// "$mod"
const MOD: &str = r#"[
  { _id: 1, item: "abc123", qty: 0 }, { _id: 2, item: "xyz123", qty: 5 },
  { _id: 3, item: "ijk123", qty: 12 }
]"#;
const NEGATIVE_MOD: &str = "[ { _id: 1, qty: -5 }, { _id: 2, qty: 5 }, { _id: 3, qty: -4.5 } ]";
// jstests/core/query/mod/mod_special_values.js: "Verify that dividend value is truncated",
// "NaN, Infinity decimal/double dividend values are not matched", values past 64 bits.
const MOD_TRUNCATED: &str = r#"[
  { _id: 1, attribute: 14.5 }, { _id: 2, attribute: 14.50001 }, { _id: 3, attribute: 15.01 },
  { _id: 4, attribute: NumberDecimal("14.5") }, { _id: 5, attribute: NumberDecimal("14.50001") },
  { _id: 6, attribute: NumberDecimal("15.01") }, { _id: 7, attribute: NumberInt("24") },
  { _id: 8, attribute: NumberLong("34") }
]"#;
const MOD_SPECIAL: &str = r#"[
  { _id: 1, attribute: NumberDecimal("-NaN") }, { _id: 2, attribute: NumberDecimal("NaN") },
  { _id: 3, attribute: NumberDecimal("-Infinity") }, { _id: 4, attribute: NumberDecimal("Infinity") },
  { _id: 5, attribute: NaN }, { _id: 6, attribute: -NaN }, { _id: 7, attribute: Infinity },
  { _id: 8, attribute: -Infinity }, { _id: 9, attribute: -1e19 }, { _id: 10, attribute: NumberDecimal("1e19") }
]"#;
// jstests/core/query/mod/mod_overflow.js: -2^63 and -2^31 modulo -1 do not overflow.
const MOD_OVERFLOW: &str = r#"[ { _id: 0, val: NumberLong("-9223372036854775808") }, { _id: 1, val: NumberInt("-2147483648") } ]"#;

// "$bitsAllSet" (and the other three bitwise pages), "Behavior".
const BITS: &str = r#"[
  { _id: 1, a: 54, binaryValueofA: "00110110" }, { _id: 2, a: 20, binaryValueofA: "00010100" },
  { _id: 3, a: 20.0, binaryValueofA: "00010100" }, { _id: 4, a: BinData(0, "Zg=="), binaryValueofA: "01100110" }
]"#;

// "Type Bracketing in Query Predicates": userId from several sources, numbers and a string.
const USERS: &str = r#"[
  { _id: 1, userId: 42 }, { _id: 2, userId: "42" }, { _id: 3, userId: NumberLong("42") },
  { _id: 4, userId: 42.0 }, { _id: 5, userId: NumberDecimal("42.00") }
]"#;
// Dates stored as strings next to the same dates stored as Dates.
const EVENTS: &str = r#"[
  { _id: "a", at: "2026-9-30",  atDate: new Date("2026-09-30T00:00:00Z") },
  { _id: "b", at: "2026-10-01", atDate: new Date("2026-10-01T00:00:00Z") },
  { _id: "c", at: "2026-10-15", atDate: new Date("2026-10-15T00:00:00Z") }
]"#;

// "Comparison/Sort Order": one field holding one value of each bracket.
const MIXED: &str = r#"[
  { _id: 1, v: MinKey() }, { _id: 2, v: null }, { _id: 3, v: 5 }, { _id: 4, v: "x" },
  { _id: 5, v: { a: 1 } }, { _id: 6, v: [ 3, "y" ] }, { _id: 7, v: true },
  { _id: 8, v: new Date(0) }, { _id: 9, v: MaxKey() }, { _id: 10 }
]"#;
const NUMBERS: &str = r#"[
  { _id: 1, n: 1 }, { _id: 2, n: NumberLong(1) }, { _id: 3, n: Double(1) },
  { _id: 4, n: NumberDecimal("1.0") }, { _id: 5, n: NaN }, { _id: 6, n: NumberDecimal("NaN") },
  { _id: 7, n: NumberLong("9007199254740993") }, { _id: 8, n: 9007199254740992 }
]"#;

// "Dot Notation": "0" is a field name in a document and a position in an array.
const POSITIONS: &str = r#"[
  { _id: 1, a: { "0": { b: 1 } } }, { _id: 2, a: [ { b: 1 } ] },
  { _id: 3, a: [ { b: 2 }, { b: 1 } ] }, { _id: 4, a: [ [ { b: 1 } ] ] }
]"#;

#[rustfmt::skip]
const CASES: &[Case] = &[
    // --- Query on Embedded/Nested Documents
    case("Embedded: match an embedded document (whole value)", NESTED, r#"{ size: { h: 14, w: 21, uom: "cm" } }"#, "[1]"),
    case("Embedded: field order matters in whole-document equality", NESTED, r#"{ size: { w: 21, h: 14, uom: "cm" } }"#, "[]"),
    case("Embedded: part of an embedded document does not equal it", NESTED, "{ size: { h: 14, w: 21 } }", "[]"),
    case("Embedded: query on a nested field", NESTED, r#"{ "size.uom": "in" }"#, "[2, 3]"),
    case("Embedded: nested field, number across int and double", NESTED, r#"{ "size.w": 11 }"#, "[2, 3]"),
    case("Embedded: specify match using query operator", NESTED, r#"{ "size.h": { $lt: 15 } }"#, "[1, 2, 3, 5]"),
    case("Embedded: specify AND condition", NESTED, r#"{ "size.h": { $lt: 15 }, "size.uom": "in", status: "D" }"#, "[3]"),
    case("Query Documents: AND conditions", NESTED, r#"{ status: "A", qty: { $lt: 30 } }"#, "[1]"),
    case("Query Documents: OR conditions", NESTED, r#"{ $or: [ { status: "A" }, { qty: { $lt: 30 } } ] }"#, "[1, 2, 5]"),
    case("Query Documents: AND as well as OR", NESTED, r#"{ status: "A", $or: [ { qty: { $lt: 30 } }, { item: /^p/ } ] }"#, "[1, 5]"),
    case("Query Documents: conditions using $in", NESTED, r#"{ status: { $in: [ "A", "D" ] } }"#, "[1, 2, 3, 4, 5]"),
    case("Query Documents: select all documents", NESTED, "{}", "[1, 2, 3, 4, 5]"),
    // --- Query an Array
    case("Array: match an array exactly (order matters)", ARRAY, r#"{ tags: ["red", "blank"] }"#, "[2]"),
    case("Array: match an array exactly, other order", ARRAY, r#"{ tags: ["blank", "red"] }"#, "[1, 4]"),
    case("Array: $all ignores order and extra elements", ARRAY, r#"{ tags: { $all: ["red", "blank"] } }"#, "[1, 2, 3, 4]"),
    case("Array: query an array for an element", ARRAY, r#"{ tags: "red" }"#, "[1, 2, 3, 4]"),
    case("Array: an element equal to a number", ARRAY, "{ dim_cm: 14 }", "[1, 2, 3]"),
    case("Array: an element satisfying a condition", ARRAY, "{ dim_cm: { $gt: 25 } }", "[4]"),
    case("Array: compound conditions, any elements may satisfy each", ARRAY, "{ dim_cm: { $gt: 15, $lt: 20 } }", "[1, 2, 3, 5]"),
    case("Array: one element satisfying all conditions ($elemMatch)", ARRAY, "{ dim_cm: { $elemMatch: { $gt: 22, $lt: 30 } } }", "[4]"),
    case("Array: element by index position", ARRAY, r#"{ "dim_cm.1": { $gt: 25 } }"#, "[4]"),
    case("Array: element by index position, string", ARRAY, r#"{ "tags.0": "red" }"#, "[2, 3]"),
    case("Array: array by length ($size)", ARRAY, "{ tags: { $size: 3 } }", "[3]"),
    case("$in: array field with any element in the list", ARRAY, r#"{ tags: { $in: ["blue", "plain"] } }"#, "[3, 5]"),
    case("$ne: array field where no element equals the value", ARRAY, r#"{ tags: { $ne: "red" } }"#, "[5]"),
    // --- Query an Array of Embedded Documents
    case("Array of Embedded: match a whole embedded document", INSTOCK, r#"{ instock: { warehouse: "A", qty: 5 } }"#, "[1]"),
    case("Array of Embedded: whole-document match is order sensitive", INSTOCK, r#"{ instock: { qty: 5, warehouse: "A" } }"#, "[]"),
    case("Array of Embedded: field at an index position", INSTOCK, r#"{ "instock.0.qty": { $lte: 20 } }"#, "[1, 2, 5]"),
    case("Array of Embedded: field in any embedded document", INSTOCK, r#"{ "instock.qty": { $lte: 20 } }"#, "[1, 2, 3, 4, 5]"),
    case("Array of Embedded: one document meets all criteria ($elemMatch)", INSTOCK, r#"{ instock: { $elemMatch: { qty: 5, warehouse: "A" } } }"#, "[1]"),
    case("Array of Embedded: $elemMatch with a range", INSTOCK, "{ instock: { $elemMatch: { qty: { $gt: 10, $lte: 20 } } } }", "[1, 3, 5]"),
    case("Array of Embedded: combination of elements satisfies the range", INSTOCK, r#"{ "instock.qty": { $gt: 10, $lte: 20 } }"#, "[1, 3, 4, 5]"),
    case("Array of Embedded: combination of elements satisfies equalities", INSTOCK, r#"{ "instock.qty": 5, "instock.warehouse": "A" }"#, "[1, 4]"),
    case("$all: on a path through an array of documents", INSTOCK, r#"{ "instock.warehouse": { $all: ["A", "B"] } }"#, "[3, 4]"),
    case("$size: array of documents", INSTOCK, "{ instock: { $size: 1 } }", "[2]"),
    // --- Query for Null or Missing Fields
    case("Null or Missing: equality filter matches null and missing", NULLS, "{ item: null }", "[1, 2]"),
    case("Null or Missing: $eq null", NULLS, "{ item: { $eq: null } }", "[1, 2]"),
    case("Null or Missing: $ne null excludes null and missing", NULLS, "{ item: { $ne: null } }", "[]"),
    case("Null or Missing: type check ($type: 10)", NULLS, "{ item: { $type: 10 } }", "[1]"),
    case("Null or Missing: type check by alias", NULLS, r#"{ item: { $type: "null" } }"#, "[1]"),
    case("Null or Missing: existence check", NULLS, "{ item: { $exists: false } }", "[2]"),
    case("$exists: true matches null values", NULLS, "{ item: { $exists: true } }", "[1]"),
    case("Migrate Undefined: null matches arrays holding null, not empty arrays", NULL_ARRAYS, "{ item: null }", "[1, 2, 3]"),
    case("$in: null in the list matches missing too", NULL_ARRAYS, "{ item: { $in: [ null ] } }", "[1, 2, 3]"),
    case("$nin: null in the list excludes missing", NULL_ARRAYS, "{ item: { $nin: [ null ] } }", "[4, 5, 6]"),
    case("Comparison/Sort Order: $gte null stays in the null bracket", NULL_ARRAYS, "{ item: { $gte: null } }", "[1, 2, 3]"),
    case("Comparison/Sort Order: nothing is greater than null in its bracket", NULL_ARRAYS, "{ item: { $gt: null } }", "[]"),
    case("Null or Missing: nested path, null or missing at the end", NESTED_NULLS, r#"{ "a.b": null }"#, "[1, 2, 3, 4]"),
    case("$exists: false on a nested path", NESTED_NULLS, r#"{ "a.b": { $exists: false } }"#, "[2, 3, 6]"),
    // --- $eq
    case("$eq: equals a specified value", EQ, "{ qty: { $eq: 20 } }", "[2, 5]"),
    case("$eq: implicit form", EQ, "{ qty: 20 }", "[2, 5]"),
    case("$eq: field in an embedded document", EQ, r#"{ "item.name": { $eq: "ab" } }"#, "[1]"),
    case("$eq: array element equals a value", EQ, r#"{ tags: { $eq: "B" } }"#, "[1, 2, 3, 4]"),
    case("$eq: equals an array value (whole array or an element)", EQ, r#"{ tags: { $eq: [ "A", "B" ] } }"#, "[3, 5]"),
    case("$eq: element of a nested array is not expanded twice", EQ, r#"{ tags: "C" }"#, "[1, 5]"),
    case("$eq: embedded document, exact and ordered", EQ, r#"{ item: { name: "ab", code: "123" } }"#, "[1]"),
    case("$eq: embedded document in another field order", EQ, r#"{ item: { code: "123", name: "ab" } }"#, "[]"),
    case("$eq: match a string value", COMPANIES, r#"{ company: "MongoDB" }"#, "[1]"),
    case("$eq: match a string value, explicit", COMPANIES, r#"{ company: { $eq: "MongoDB" } }"#, "[1]"),
    case("$eq: a regex operand is compared as a regex value", COMPANIES, "{ company: { $eq: /MongoDB/ } }", "[]"),
    case("$eq: implicit regex matches strings", COMPANIES, "{ company: /MongoDB/ }", "[1, 2]"),
    case("$regex: regex literal operand", COMPANIES, "{ company: { $regex: /MongoDB/ } }", "[1, 2]"),
    case("$regex: string pattern with an anchor", COMPANIES, r#"{ company: { $regex: "MongoDB$" } }"#, "[1]"),
    // --- $gt, $gte, $lt, $lte, $ne
    case("$gt: match document fields", CARRIERS, "{ quantity: { $gt: 20 } }", "[1, 2]"),
    case("$gt: embedded document field", CARRIERS, r#"{ "carrier.fee": { $gt: 2 } }"#, "[1, 2]"),
    case("$gte: match document fields", CARRIERS, "{ quantity: { $gte: 30 } }", "[1, 2]"),
    case("$lt: match document fields", CARRIERS, "{ quantity: { $lt: 20 } }", "[3]"),
    case("$lte: match document fields", CARRIERS, "{ quantity: { $lte: 10 } }", "[3]"),
    case("$ne: match document fields", CARRIERS, "{ quantity: { $ne: 20 } }", "[1, 2, 3]"),
    case("$ne: embedded document field", CARRIERS, r#"{ "carrier.fee": { $ne: 1 } }"#, "[1, 2]"),
    case("$ne: embedded string field", CARRIERS, r#"{ "carrier.name": { $ne: "Shipit" } }"#, "[2]"),
    // --- $in, $nin
    case("$in: match values", IN, "{ quantity: { $in: [ 5, 15 ] } }", "[2, 4]"),
    case("$in: match values in an array", IN, r#"{ tags: { $in: [ "home", "school" ] } }"#, "[1, 2, 4]"),
    case("$in: use regular expressions", IN, "{ tags: { $in: [ /^be/, /^st/ ] } }", "[3, 4]"),
    case("$nin: select on unmatching documents (missing included)", IN, "{ quantity: { $nin: [ 5, 15 ] } }", "[1, 3]"),
    case("$nin: select on elements not in an array", IN, r#"{ tags: { $nin: [ "school" ] } }"#, "[3]"),
    case("$in: an empty list matches nothing", IN, "{ quantity: { $in: [] } }", "[]"),
    case("$nin: an empty list matches everything", IN, "{ quantity: { $nin: [] } }", "[1, 2, 3, 4]"),
    // --- $exists
    case("$exists: exists and not equal to", SPICES, "{ saffron: { $exists: true } }", "[1, 2, 3, 4, 5, 6, 7]"),
    case("$exists: missing field", SPICES, "{ cinnamon: { $exists: false } }", "[5, 7, 10]"),
    case("$exists: combined with $ne null", SPICES, "{ mustard: { $exists: true, $ne: null } }", "[2, 3, 4, 5, 8, 10]"),
    // --- $type
    case("$type: querying by data type (number)", ZIPS, "{ zipCode: { $type: 2 } }", "[1, 5]"),
    case("$type: querying by data type (alias)", ZIPS, r#"{ zipCode: { $type: "string" } }"#, "[1, 5]"),
    case("$type: double by number", ZIPS, "{ zipCode: { $type: 1 } }", "[2]"),
    case("$type: double by alias", ZIPS, r#"{ zipCode: { $type: "double" } }"#, "[2]"),
    case("$type: the number alias", ZIPS, r#"{ zipCode: { $type: "number" } }"#, "[2, 3, 4]"),
    case("$type: querying by multiple data types", ZIPS, r#"{ zipCode: { $type: [ "string", "long" ] } }"#, "[1, 3, 5]"),
    case("$type: long by number", ZIPS, "{ zipCode: { $type: 18 } }", "[3]"),
    case("$type: int by alias", ZIPS, r#"{ zipCode: { $type: "int" } }"#, "[4]"),
    case("$type: querying by array type", READINGS, r#"{ readings: { $type: "array" } }"#, "[1, 2, 3, 4]"),
    case("$type: array by number", READINGS, "{ readings: { $type: 4 } }", "[1, 2, 3, 4]"),
    // --- $all
    case("$all: use $all to match values", ALL, r#"{ tags: { $all: [ "appliance", "school", "book" ] } }"#, "[1, 2]"),
    case("$all: use $all with $elemMatch", ALL, r#"{ qty: { $all: [ { $elemMatch: { size: "M", num: { $gt: 50 } } }, { $elemMatch: { num: 100, color: "green" } } ] } }"#, "[3, 4]"),
    case("$all: on a path through an array", ALL, r#"{ "qty.num": { $all: [ 50 ] } }"#, "[2]"),
    case("$all: single value is equality", ALL, r#"{ "qty.num": 50 }"#, "[2]"),
    case("$all: on a non-array field", ALL, r#"{ code: { $all: [ "xyz" ] } }"#, "[1]"),
    case("$all: an empty array matches nothing", ALL, "{ tags: { $all: [] } }", "[]"),
    // --- $elemMatch
    case("$elemMatch: element match", SCORES, "{ results: { $elemMatch: { $gte: 80, $lt: 85 } } }", "[1]"),
    case("Query an Array: without $elemMatch, different elements may satisfy", SCORES, "{ results: { $gte: 80, $lt: 85 } }", "[1, 2]"),
    case("$elemMatch: array of embedded documents", SURVEY, r#"{ results: { $elemMatch: { product: "xyz", score: { $gte: 8 } } } }"#, "[3]"),
    case("$elemMatch: single query condition", SURVEY, r#"{ results: { $elemMatch: { product: "xyz" } } }"#, "[1, 2, 3]"),
    case("$elemMatch: same as a dotted path for one condition", SURVEY, r#"{ "results.product": "xyz" }"#, "[1, 2, 3]"),
    case("$elemMatch: with $ne, some element differs", SURVEY, r#"{ results: { $elemMatch: { product: { $ne: "xyz" } } } }"#, "[1, 2, 3, 4]"),
    case("$elemMatch: dotted $ne, no element equals", SURVEY, r#"{ "results.product": { $ne: "xyz" } }"#, "[4]"),
    case("$elemMatch: without it, conditions may hold on different elements", SURVEY, r#"{ "results.product": "xyz", "results.score": { $gte: 8 } }"#, "[1, 2, 3]"),
    case("$elemMatch: logical operators inside", SURVEY, r#"{ results: { $elemMatch: { $or: [ { product: "def" }, { score: { $gt: 9 } } ] } } }"#, "[1, 4]"),
    // --- $not
    case("$not: also matches documents without the field", PRICES, "{ price: { $not: { $gt: 1.99 } } }", "[3, 4, 5]"),
    case("$not: unlike $lte, which needs the field", PRICES, "{ price: { $lte: 1.99 } }", "[3, 4]"),
    case("$not: with a regex literal", PRICES, "{ item: { $not: /^p.*/ } }", "[1, 2, 4, 5]"),
    case("$not: with $regex as a string", PRICES, r#"{ item: { $not: { $regex: "^p.*" } } }"#, "[1, 2, 4, 5]"),
    case("$not: with $regex as a regex literal", PRICES, "{ item: { $not: { $regex: /^p.*/ } } }", "[1, 2, 4, 5]"),
    case("$not: case-insensitive regex", PRICES, "{ item: { $not: /^P/i } }", "[1, 2, 4, 5]"),
    // --- $and, $or, $nor, $comment
    case("$and: multiple expressions on the same field", SALES, "{ $and: [ { price: { $ne: 1.99 } }, { price: { $exists: true } } ] }", "[3, 4, 5]"),
    case("$or: either clause", SALES, "{ $or: [ { price: 1.99 }, { sale: true } ] }", "[1, 2, 3]"),
    case("$nor: neither clause, missing fields included", SALES, "{ $nor: [ { price: 1.99 }, { sale: true } ] }", "[4, 5, 6, 7]"),
    case("$and: multiple $or expressions", SALES, "{ $and: [ { $or: [ { price: 1.99 }, { price: 2.99 } ] }, { $or: [ { sale: true }, { sale: { $exists: false } } ] } ] }", "[1, 3, 5]"),
    case("$comment: attach a comment, matching is unchanged", SALES, r#"{ price: { $exists: true }, $comment: "only priced items" }"#, "[1, 2, 3, 4, 5]"),
    // --- $regex
    case("$regex: LIKE match", PRODUCTS, "{ sku: { $regex: /789$/ } }", "[101, 103, 104]"),
    case("$regex: case insensitive", PRODUCTS, "{ sku: { $regex: /^ABC/i } }", "[100, 101, 104]"),
    case("$regex: pattern string with $options", PRODUCTS, r#"{ sku: { $regex: "^ABC", $options: "i" } }"#, "[100, 101, 104]"),
    case("$regex: multiline match for lines starting with a pattern", PRODUCTS, r#"{ description: { $regex: /^S/, $options: "m" } }"#, "[100, 101, 104]"),
    case("$regex: without m, ^ anchors the whole string", PRODUCTS, "{ description: { $regex: /^S/ } }", "[100, 104]"),
    case("$regex: dot matches new line with s", PRODUCTS, r#"{ description: { $regex: /m.*line/, $options: "si" } }"#, "[102, 103]"),
    case("$regex: without s, dot stops at new lines", PRODUCTS, r#"{ description: { $regex: /m.*line/, $options: "i" } }"#, "[102]"),
    case("$regex: ignore white spaces in pattern (x)", PRODUCTS, r#"{ sku: { $regex: "abc #category code\n123 #item number", $options: "x" } }"#, "[100]"),
    case("$regex: alternation, groups and counted repetition", PRODUCTS, r"{ sku: /^(abc|xyz)\d{3}$/ }", "[100, 101, 102, 103]"),
    case("$in: regexes in the list", PRODUCTS, "{ sku: { $in: [ /^abc/, /456$/ ] } }", "[100, 101, 102]"),
    // --- $mod
    case("$mod: use $mod to select documents", MOD, "{ qty: { $mod: [ 4, 0 ] } }", "[1, 3]"),
    case("$mod: floating point arguments (4.0)", MOD, "{ qty: { $mod: [ 4.0, 0 ] } }", "[1, 3]"),
    case("$mod: floating point arguments (4.5 truncated)", MOD, "{ qty: { $mod: [ 4.5, 0 ] } }", "[1, 3]"),
    case("$mod: floating point arguments (4.99 truncated)", MOD, "{ qty: { $mod: [ 4.99, 0 ] } }", "[1, 3]"),
    case("$mod: negative dividend gives a negative remainder", NEGATIVE_MOD, "{ qty: { $mod: [ 4, -1 ] } }", "[1]"),
    case("$mod: negative divisor, sign follows the dividend", NEGATIVE_MOD, "{ qty: { $mod: [ -4, 1 ] } }", "[2]"),
    // --- Type Bracketing in Query Predicates
    case("Type Bracketing / Comparison/Sort Order: all numeric types equal 42", USERS, "{ userId: 42 }", "[1, 3, 4, 5]"),
    case("Type Bracketing: a string only equals strings", USERS, r#"{ userId: "42" }"#, "[2]"),
    case("Type Bracketing: $gt 0 only compares numbers", USERS, "{ userId: { $gt: 0 } }", "[1, 3, 4, 5]"),
    case("Type Bracketing: $gt \"\" only compares strings", USERS, r#"{ userId: { $gt: "" } }"#, "[2]"),
    case("Type Bracketing: decimal operand equals every numeric 42", USERS, r#"{ userId: NumberDecimal("42.00") }"#, "[1, 3, 4, 5]"),
    case("$in: one entry per bracket", USERS, r#"{ userId: { $in: [ 42, "42" ] } }"#, "[1, 2, 3, 4, 5]"),
    case("$type: number alias over int, long, double, decimal", USERS, r#"{ userId: { $type: "number" } }"#, "[1, 3, 4, 5]"),
    case("Comparison/Sort Order: string range compares byte by byte", EVENTS, r#"{ at: { $gte: "2026-10-01" } }"#, r#"["a", "b", "c"]"#),
    case("Type Bracketing: date range", EVENTS, r#"{ atDate: { $gte: new Date("2026-10-01T00:00:00Z") } }"#, r#"["b", "c"]"#),
    case("Type Bracketing: Date field queried with a string", EVENTS, r#"{ atDate: { $gte: "2026-10-01" } }"#, "[]"),
    case("Type Bracketing: string field queried with a Date", EVENTS, r#"{ at: { $gte: new Date("2026-10-01T00:00:00Z") } }"#, "[]"),
    // --- Comparison/Sort Order: brackets
    case("Comparison/Sort Order: $gt MinKey matches every other value, missing too", MIXED, "{ v: { $gt: MinKey() } }", "[2, 3, 4, 5, 6, 7, 8, 9, 10]"),
    case("Comparison/Sort Order: $lt MaxKey matches every other value, missing too", MIXED, "{ v: { $lt: MaxKey() } }", "[1, 2, 3, 4, 5, 6, 7, 8, 10]"),
    case("Comparison/Sort Order: $gte MinKey matches everything", MIXED, "{ v: { $gte: MinKey() } }", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]"),
    case("Comparison/Sort Order: numbers only (an array element counts)", MIXED, "{ v: { $lt: 10 } }", "[3, 6]"),
    case("Comparison/Sort Order: strings only (an array element counts)", MIXED, r#"{ v: { $gt: "a" } }"#, "[4, 6]"),
    case("Comparison/Sort Order: booleans only", MIXED, "{ v: { $gte: false } }", "[7]"),
    case("Comparison/Sort Order: dates only", MIXED, "{ v: { $lte: new Date(0) } }", "[8]"),
    case("$type: minKey alias", MIXED, r#"{ v: { $type: "minKey" } }"#, "[1]"),
    case("Comparison/Sort Order: numeric types compare by value", NUMBERS, "{ n: 1 }", "[1, 2, 3, 4]"),
    case("Comparison/Sort Order: NaN equals NaN, double and decimal", NUMBERS, "{ n: NaN }", "[5, 6]"),
    case("Comparison/Sort Order: NaN is not greater than 0", NUMBERS, "{ n: { $gt: 0 } }", "[1, 2, 3, 4, 7, 8]"),
    case("Comparison/Sort Order: NaN is not less than 0", NUMBERS, "{ n: { $lt: 0 } }", "[]"),
    case("Comparison/Sort Order: $gte NaN matches only NaN", NUMBERS, "{ n: { $gte: NaN } }", "[5, 6]"),
    case("BSON Types: long compared exactly, not through a double", NUMBERS, r#"{ n: NumberLong("9007199254740993") }"#, "[7]"),
    case("BSON Types: long above the largest exact double", NUMBERS, "{ n: { $gt: 9007199254740992 } }", "[7]"),
    // --- Dot Notation and positions
    case("Dot Notation: \"0\" as a field name and as an array position", POSITIONS, r#"{ "a.0.b": 1 }"#, "[1, 2, 4]"),
    case("Dot Notation: implicit traversal reaches documents in an array, not nested arrays", POSITIONS, r#"{ "a.b": 1 }"#, "[2, 3]"),
    case("Array of Embedded: position 1", POSITIONS, r#"{ "a.1.b": 1 }"#, "[3]"),
    // --- $mod edge cases (jstests/core/query/mod/*.js)
    case("mod_special_values.js: dividends truncate toward zero", MOD_TRUNCATED, "{ attribute: { $mod: [ 10, 4 ] } }", "[1, 2, 4, 5, 7, 8]"),
    case("mod_special_values.js: NaN, infinities and values past 64 bits match nothing", MOD_SPECIAL, "{ attribute: { $mod: [ 1, 0 ] } }", "[]"),
    case("mod_overflow.js: divisor -1.0", MOD_OVERFLOW, "{ val: { $mod: [ -1.0, 0 ] } }", "[0, 1]"),
    case("mod_overflow.js: divisor NumberInt(-1)", MOD_OVERFLOW, r#"{ val: { $mod: [ NumberInt("-1"), 0 ] } }"#, "[0, 1]"),
    case("mod_overflow.js: divisor NumberLong(-1)", MOD_OVERFLOW, r#"{ val: { $mod: [ NumberLong("-1"), 0 ] } }"#, "[0, 1]"),
    case("mod_overflow.js: divisor NumberDecimal(-1)", MOD_OVERFLOW, r#"{ val: { $mod: [ NumberDecimal("-1"), 0 ] } }"#, "[0, 1]"),
    case("$mod: a non-integral remainder truncates (4.9 is 4)", MOD_TRUNCATED, "{ attribute: { $mod: [ 10, 4.9 ] } }", "[1, 2, 4, 5, 7, 8]"),
    case("$mod: a negative non-integral divisor truncates (-10.7 is -10)", MOD_TRUNCATED, "{ attribute: { $mod: [ -10.7, 4 ] } }", "[1, 2, 4, 5, 7, 8]"),
    // --- $bitsAllSet (the four bitwise pages' collection; more in tests/it/bits.rs)
    case("$bitsAllSet: Bit Position Array", BITS, "{ a: { $bitsAllSet: [ 1, 5 ] } }", "[1, 4]"),
    case("$bitsAnyClear: Integer Bitmask", BITS, "{ a: { $bitsAnyClear: 35 } }", "[1, 2, 3, 4]"),
    // --- $jsonSchema (more in tests/it/json_schema.rs)
    // mongosh stores 20.0 as an int, so only the BinData fails `bsonType: "int"`.
    case("$jsonSchema: Query Conditions with $nor", BITS, r#"{ $nor: [ { $jsonSchema: { properties: { a: { bsonType: "int" } } } } ] }"#, "[4]"),
];

fn parse_docs(src: &str) -> Vec<Document> {
    let mut g = FixedGenerator::new(0);
    match parse_value(src, &mut g).expect("documents parse").value {
        Value::Array(items) => items
            .into_iter()
            .map(|v| match v {
                Value::Document(d) => d,
                other => panic!("not a document: {other:?}"),
            })
            .collect(),
        other => panic!("not an array: {other:?}"),
    }
}

fn run(case: &Case) -> Result<(), String> {
    let mut g = FixedGenerator::new(0);
    let filter_doc = parse_document(case.filter, &mut g)
        .map_err(|e| format!("filter does not parse: {e}"))?
        .value;
    let filter = Filter::parse(&filter_doc).map_err(|e| format!("filter refused: {e}"))?;
    let got: Vec<Value> = parse_docs(case.docs)
        .iter()
        .filter(|d| filter.matches(d))
        .map(|d| d.get("_id").cloned().unwrap_or(Value::Null))
        .collect();
    let want = match parse_value(case.expect, &mut g).expect("ids parse").value {
        Value::Array(ids) => ids,
        other => panic!("expected ids: {other:?}"),
    };
    let same = got.len() == want.len() && got.iter().zip(&want).all(|(a, b)| order::equal(a, b));
    if same {
        Ok(())
    } else {
        Err(format!("{}: expected {want:?}, got {got:?}", case.filter))
    }
}

#[test]
fn manual_examples_match_as_documented() {
    assert!(CASES.len() >= 100, "only {} cases", CASES.len());
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|c| run(c).err().map(|e| format!("[{}] {e}", c.source)))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

/// Filters the server refuses, with its message and where in the filter the problem is.
#[rustfmt::skip]
const ERRORS: &[(&str, &str, &str)] = &[
    ("{ a: { $foo: 1 } }", "a.$foo", "unknown operator: $foo"),
    ("{ $foo: 1 }", "$foo", "unknown top level operator: $foo"),
    ("{ a: { $gt: 1, b: 2 } }", "a.b", "unknown operator: b"),
    ("{ $and: 5 }", "$and", "$and must be an array"),
    ("{ $or: [] }", "$or", "$and/$or/$nor must be a nonempty array"),
    ("{ $nor: [ 1 ] }", "$nor.0", "$or/$and/$nor entries need to be full objects"),
    ("{ $and: [ { a: { $in: 1 } } ] }", "$and.0.a.$in", "$in needs an array"),
    ("{ a: { $in: 5 } }", "a.$in", "$in needs an array"),
    ("{ a: { $nin: 'x' } }", "a.$nin", "$nin needs an array"),
    ("{ a: { $in: [ { $gt: 1 } ] } }", "a.$in.0", "cannot nest $ under $in"),
    ("{ a: { $size: '2' } }", "a.$size", "$size needs a number"),
    ("{ a: { $size: -1 } }", "a.$size", "$size may not be negative"),
    ("{ a: { $size: 1.5 } }", "a.$size", "$size must be a whole number"),
    ("{ a: { $all: 1 } }", "a.$all", "$all needs an array"),
    ("{ a: { $all: [ { $gt: 1 } ] } }", "a.$all.0", "no $ expressions in $all"),
    ("{ a: { $all: [ { $elemMatch: { b: 1 } }, 5 ] } }", "a.$all.1", "$all/$elemMatch has to be consistent"),
    ("{ a: { $elemMatch: 1 } }", "a.$elemMatch", "$elemMatch needs an Object"),
    ("{ a: { $not: 5 } }", "a.$not", "$not needs a regex or a document"),
    ("{ a: { $not: {} } }", "a.$not", "$not cannot be empty"),
    ("{ a: { $not: { b: 1 } } }", "a.$not.b", "unknown operator: b"),
    ("{ a: { $mod: 4 } }", "a.$mod", "malformed mod, needs to be an array"),
    ("{ a: { $mod: [ 4 ] } }", "a.$mod", "malformed mod, not enough elements"),
    ("{ a: { $mod: [] } }", "a.$mod", "malformed mod, not enough elements"),
    ("{ a: { $mod: [ 4, 1, 2, 3 ] } }", "a.$mod", "malformed mod, too many elements"),
    ("{ a: { $mod: [ '4', 1 ] } }", "a.$mod", "malformed mod, divisor not a number"),
    ("{ a: { $mod: [ 4, '1' ] } }", "a.$mod", "malformed mod, remainder not a number"),
    ("{ a: { $mod: [ 0, 1 ] } }", "a.$mod", "divisor cannot be 0"),
    ("{ a: { $mod: [ NaN, 1 ] } }", "a.$mod", "malformed mod, divisor value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type"),
    ("{ a: { $mod: [ 4, 1e300 ] } }", "a.$mod", "malformed mod, remainder value is invalid :: caused by :: Out of bounds coercing to integral value"),
    // jstests/core/query/mod/mod_special_values.js: NaN, Infinity and 1e19 as divisor or remainder.
    ("{ a: { $mod: [ NumberDecimal('NaN'), 1 ] } }", "a.$mod", "malformed mod, divisor value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type"),
    ("{ a: { $mod: [ Infinity, 1 ] } }", "a.$mod", "malformed mod, divisor value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type"),
    ("{ a: { $mod: [ 1e19, 1 ] } }", "a.$mod", "malformed mod, divisor value is invalid :: caused by :: Out of bounds coercing to integral value"),
    ("{ a: { $mod: [ NumberDecimal('1e19'), 1 ] } }", "a.$mod", "malformed mod, divisor value is invalid :: caused by :: Out of bounds coercing to integral value"),
    ("{ a: { $mod: [ 1, NumberDecimal('Infinity') ] } }", "a.$mod", "malformed mod, remainder value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type"),
    ("{ a: { $mod: [ 1, NaN ] } }", "a.$mod", "malformed mod, remainder value is invalid :: caused by :: Unable to coerce NaN/Inf to integral type"),
    // "$mod", manual: a divisor that truncates to 0 is refused like 0.
    ("{ a: { $mod: [ 0.5, 0 ] } }", "a.$mod", "divisor cannot be 0"),
    ("{ a: { $bitsAllSet: 'x' } }", "a.$bitsAllSet", "$bitsAllSet takes an Array, a number, or a BinData but received: $bitsAllSet: \"x\""),
    ("{ $jsonSchema: { format: 'email' } }", "$jsonSchema", "$jsonSchema keyword 'format' is not currently supported"),
    ("{ a: { $type: 'foo' } }", "a.$type", "Unknown type name alias: foo"),
    ("{ a: { $type: 100 } }", "a.$type", "Invalid numerical type code: 100"),
    ("{ a: { $type: 1.5 } }", "a.$type", "Invalid numerical type code: 1.5"),
    ("{ a: { $type: [] } }", "a.$type", "a must match at least one type"),
    ("{ a: { $type: true } }", "a.$type", "type must be represented as a number or a string"),
    ("{ a: { $gt: /x/ } }", "a.$gt", "Can't have RegEx as arg to predicate over field 'a'."),
    ("{ a: { $ne: /x/ } }", "a.$ne", "Can't have regex as arg to $ne."),
    ("{ a: { $regex: 5 } }", "a.$regex", "$regex has to be a string"),
    ("{ a: { $options: 'i' } }", "a.$options", "$options needs a $regex"),
    ("{ a: { $regex: /x/i, $options: 'm' } }", "a.$options", "options set in both $regex and $options"),
    ("{ a: { $regex: 'x', $options: 5 } }", "a.$options", "$options has to be a string"),
    ("{ a: { $regex: '(' } }", "a.$regex", "Regular expression is invalid: missing closing parenthesis"),
    ("{ a: { $regex: '[a' } }", "a.$regex", "Regular expression is invalid: missing terminating ] for character class"),
    ("{ a: { $regex: 'x', $options: 'g' } }", "a.$regex", " invalid flag in regex options: g"),
    ("{ a: { $elemMatch: { $expr: { $eq: [ 1, 1 ] } } } }", "a.$elemMatch.$expr", "$expr can only be applied to the top-level document"),
    ("{ a: { $where: 'x' } }", "a.$where", "$where cannot be applied to a field"),
    ("{ $expr: { $foo: 1 } }", "$expr", "Unrecognized expression '$foo'"),
    ("{ $alwaysTrue: 2 }", "$alwaysTrue", "$alwaysTrue must be an integer value of 1"),
];

#[test]
fn malformed_filters_fail_with_the_servers_words() {
    let mut failures = Vec::new();
    for (src, at, message) in ERRORS {
        let doc = parse_document(src, &mut FixedGenerator::new(0))
            .expect("filter parses")
            .value;
        match Filter::parse(&doc) {
            Ok(_) => failures.push(format!("{src}: accepted")),
            Err(e) if (e.at.as_str(), e.kind.to_string().as_str()) != (*at, *message) => {
                failures.push(format!("{src}: got ({}, {})", e.at, e.kind));
            }
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn what_bson_tutor_does_not_run_is_refused_not_ignored() {
    for (src, needle) in [
        ("{ $where: 'this.a > 1' }", "JavaScript"),
        ("{ $text: { $search: 'x' } }", "text search"),
        ("{ a: { $near: [ 0, 0 ] } }", "geospatial"),
        (
            "{ $jsonSchema: { properties: { a: { encrypt: {} } } } }",
            "encrypted fields",
        ),
    ] {
        let doc = parse_document(src, &mut FixedGenerator::new(0))
            .unwrap()
            .value;
        let e = Filter::parse(&doc).expect_err(src);
        assert!(e.kind.to_string().contains(needle), "{src}: {e}");
    }
}

#[test]
fn operator_lookalikes_are_values() {
    // Only a document whose first key starts with '$' is an operator document; a DBRef is
    // a value; `$exists` takes any value and reads its truth.
    for src in [
        "{ a: { b: 1, $gt: 2 } }",
        "{ a: {} }",
        "{ a: { $ref: 'c', $id: 1 } }",
        "{ a: { $exists: 'no' } }",
        "{ a: { $in: [ { $ref: 'c', $id: 1 } ] } }",
    ] {
        let doc = parse_document(src, &mut FixedGenerator::new(0))
            .unwrap()
            .value;
        assert!(Filter::parse(&doc).is_ok(), "{src}");
    }
}

#[test]
fn nesting_is_bounded() {
    // Built directly: as text, 150 levels of `$and` would be past BSON's own nesting limit.
    let nest = |depth: usize| {
        let mut doc = Document::new();
        doc.push("a", 1);
        for _ in 0..depth {
            let mut outer = Document::new();
            outer.push("$and", vec![Value::Document(doc)]);
            doc = outer;
        }
        doc
    };
    assert!(Filter::parse(&nest(50)).is_ok());
    let e = Filter::parse(&nest(150)).unwrap_err();
    assert!(e.kind.to_string().contains("depth limit of 100"), "{e}");
}

#[test]
fn null_no_longer_matches_undefined() {
    // "Migrate Undefined Data and Queries": since 8.0 { name: null } skips undefined, plain or
    // in an array. mongosh cannot write undefined, so the documents are built directly.
    let mut undefined = Document::new();
    undefined.push("name", Value::Undefined);
    let mut in_array = Document::new();
    in_array.push("name", vec![Value::from("Gabriel"), Value::Undefined]);
    let filter_doc = parse_document("{ name: null }", &mut FixedGenerator::new(0))
        .unwrap()
        .value;
    let filter = Filter::parse(&filter_doc).unwrap();
    assert!(!filter.matches(&undefined));
    assert!(!filter.matches(&in_array));
    let by_type = parse_document(
        "{ name: { $type: 'undefined' } }",
        &mut FixedGenerator::new(0),
    )
    .unwrap()
    .value;
    assert!(Filter::parse(&by_type).unwrap().matches(&in_array));
}

#[test]
fn mismatches_are_explained_in_terms_of_the_rule() {
    let mut g = FixedGenerator::new(0);
    let mut doc = |s: &str| parse_document(s, &mut g).unwrap().value;
    let explain = |filter: &Document, d: &Document| {
        Filter::parse(filter)
            .unwrap()
            .explain_mismatch(d, Lang::En)
            .expect("no stop asked for")
    };
    assert_eq!(
        explain(&doc("{ userId: { $gt: 0 } }"), &doc("{ userId: '42' }")).as_deref(),
        Some("userId: '42' is a string; $gt: 0 only compares numbers (type bracketing)")
    );
    assert_eq!(
        explain(&doc("{ userId: { $gt: 0 } }"), &doc("{ userId: 42 }")),
        None
    );
    let why = explain(
        &doc("{ atDate: { $gte: '2026-10-01' } }"),
        &doc("{ atDate: new Date(0) }"),
    )
    .unwrap();
    assert!(
        why.contains("is a date") && why.contains("only compares strings"),
        "{why}"
    );
    let why = explain(&doc("{ qty: { $gt: 5 } }"), &doc("{ item: 'x' }")).unwrap();
    assert!(why.contains("qty is missing"), "{why}");
    let why = explain(&doc("{ qty: { $gt: 5 } }"), &doc("{ qty: 3 }")).unwrap();
    assert_eq!(why, "qty: 3 is not greater than 5");
    let why = explain(
        &doc("{ tags: 'red' }"),
        &doc("{ tags: [ 'blue', 'green' ] }"),
    )
    .unwrap();
    assert!(why.contains("any element, or the whole array"), "{why}");
    let why = explain(&doc("{ $or: [ { a: 1 }, { b: 2 } ] }"), &doc("{ a: 2 }")).unwrap();
    assert!(
        why.starts_with("no clause of $or matches: (1) a: 2 is not equal to 1"),
        "{why}"
    );
}

/// `a: [{ "0": [{ "0": ... leaf }] }]`, `levels` arrays deep.
fn zeros(levels: usize, leaf: Value) -> Document {
    let mut v = leaf;
    for _ in 0..levels {
        let mut d = Document::new();
        d.push("0", v);
        v = Value::Array(vec![Value::Document(d)]);
    }
    let mut doc = Document::new();
    doc.push("a", v);
    doc
}

#[test]
fn numeric_paths_through_40_nested_arrays_match() {
    // Issue 14, finding 5: `{ "a.0.0...": 1 }` over 40 levels of `[{ "0": ... }]` was
    // exponential (the field "0" and the position 0 are two routes at every level). The
    // answers are checked here; the work is counted exactly in query::path's own tests and
    // timed against a peer in benches/find.rs (no timed assertion in a test).
    let matching = zeros(40, Value::Int32(1));
    let other = zeros(40, Value::Int32(2));
    for components in [40, 60, 80] {
        let path = format!("a{}", ".0".repeat(components));
        let mut filter = Document::new();
        filter.push(path.as_str(), 1);
        let filter = Filter::parse(&filter).expect("a plain equality");
        assert!(filter.matches(&matching), "{components} components");
        assert!(!filter.matches(&other), "{components} components");
    }
}
