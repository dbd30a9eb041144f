//! `$bit` as the server applies it (mongodb/mongo `src/mongo/db/update/bit_node.cpp`): `and`,
//! `or`, `xor` on ints and longs, in the order written, a long on either side making a long,
//! and the node's refusals word for word. The data of the manual's `$bit` page (the
//! `switches` collection) is carried over as facts.

use bson_tutor::bson::Document;
use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document};
use bson_tutor::query::collection::{Collection, UpdateOptions};

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e:?}"))
        .value
}

/// `updateOne(filter, update)` on one stored document: the document after and whether it
/// was modified, or the server's code and words.
fn update_one(stored: &str, update: &str) -> Result<(Document, bool), (Option<i32>, String)> {
    let mut c = Collection::new(
        "test.switches",
        ObjectIdProcess::new([1; 5], 0),
        ObjectIdProcess::new([2; 5], 0),
        0,
    );
    c.insert_one(doc(stored)).unwrap();
    let r = c
        .update_one(&doc("{}"), &doc(update), UpdateOptions::default())
        .map_err(|e| (e.kind.code(), e.kind.to_string()))?;
    let after = c.find_one(&doc("{}")).unwrap().unwrap();
    Ok((after, r.modified == 1))
}

#[test]
fn manual_and_or_xor() {
    // Manual, $bit: 13 (1101) and 10 (1010) is 8 (1000).
    assert_eq!(
        update_one(
            "{ _id: 1, expdata: NumberInt(13) }",
            "{ $bit: { expdata: { and: NumberInt(10) } } }"
        ),
        Ok((doc("{ _id: 1, expdata: NumberInt(8) }"), true))
    );
    // 3 (0011) or 5 (0101) is 7 (0111); with a long operand the result is a long.
    assert_eq!(
        update_one(
            "{ _id: 2, expdata: NumberInt(3) }",
            "{ $bit: { expdata: { or: NumberLong('5') } } }"
        ),
        Ok((doc("{ _id: 2, expdata: NumberLong('7') }"), true))
    );
    // 1 (0001) xor 5 (0101) is 4 (0100).
    assert_eq!(
        update_one(
            "{ _id: 3, expdata: NumberInt(1) }",
            "{ $bit: { expdata: { xor: NumberInt(5) } } }"
        ),
        Ok((doc("{ _id: 3, expdata: NumberInt(4) }"), true))
    );
}

#[test]
fn operations_apply_in_order_and_a_missing_field_starts_at_zero() {
    // bit_node.cpp: the operations in the order written; a new field is 0 put through them.
    assert_eq!(
        update_one(
            "{ _id: 1, a: NumberInt(12) }",
            "{ $bit: { a: { or: NumberInt(1), and: NumberInt(5) } } }"
        ),
        Ok((doc("{ _id: 1, a: NumberInt(5) }"), true))
    );
    assert_eq!(
        update_one(
            "{ _id: 1 }",
            "{ $bit: { 'b.c': { or: NumberInt(6), xor: NumberInt(2) } } }"
        ),
        Ok((doc("{ _id: 1, b: { c: NumberInt(4) } }"), true))
    );
    // A negative int widened to a long keeps its sign bits.
    assert_eq!(
        update_one(
            "{ _id: 1, a: NumberInt(-1) }",
            "{ $bit: { a: { and: NumberLong('4294967295') } } }"
        ),
        Ok((doc("{ _id: 1, a: NumberLong('4294967295') }"), true))
    );
    // The same type and value is a no-op; a long result of an int is not.
    assert_eq!(
        update_one(
            "{ _id: 1, a: NumberInt(7) }",
            "{ $bit: { a: { or: NumberInt(1) } } }"
        ),
        Ok((doc("{ _id: 1, a: NumberInt(7) }"), false))
    );
    assert_eq!(
        update_one(
            "{ _id: 1, a: NumberInt(7) }",
            "{ $bit: { a: { or: NumberLong('1') } } }"
        ),
        Ok((doc("{ _id: 1, a: NumberLong('7') }"), true))
    );
    // Manual, Behavior: an empty operand expression is a no-op since 5.0.
    assert_eq!(
        update_one("{ _id: 1, a: NumberInt(7) }", "{ $bit: {} }"),
        Ok((doc("{ _id: 1, a: NumberInt(7) }"), false))
    );
}

#[test]
fn the_nodes_refusals() {
    let bad = |text: &str| Err((Some(2), text.to_owned()));
    assert_eq!(
        update_one("{ _id: 1, a: 1 }", "{ $bit: { a: 5 } }").map(|_| ()),
        bad(
            "The $bit modifier is not compatible with a int. You must pass in an embedded document: {$bit: {field: {and/or/xor: #}}"
        )
    );
    assert_eq!(
        update_one("{ _id: 1, a: 1 }", "{ $bit: { a: { nand: 1 } } }").map(|_| ()),
        bad(
            "The $bit modifier only supports 'and', 'or', and 'xor', not 'nand' which is an unknown operator: {nand: 1}"
        )
    );
    // mongosh reads `1.0` as an int; Double(1) is the double.
    assert_eq!(
        update_one("{ _id: 1, a: 1 }", "{ $bit: { a: { and: Double(1) } } }").map(|_| ()),
        bad(
            "The $bit modifier field must be an Integer(32/64 bit); a 'double' is not supported here: {and: 1.0}"
        )
    );
    assert_eq!(
        update_one("{ _id: 1, a: 1 }", "{ $bit: { a: {} } }").map(|_| ()),
        bad(
            "You must pass in at least one bitwise operation. The format is: {$bit: {field: {and/or/xor: #}}"
        )
    );
    // On a value that is not an int or a long: the `_id` element right after the period.
    assert_eq!(
        update_one("{ _id: 1, a: 'x' }", "{ $bit: { a: { and: 1 } } }").map(|_| ()),
        bad(
            "Cannot apply $bit to a value of non-integral type._id: 1 has the field a of non-integer type string"
        )
    );
    assert_eq!(
        update_one(
            "{ _id: 1, a: { b: Double(2) } }",
            "{ $bit: { 'a.b': { or: 1 } } }"
        )
        .map(|_| ()),
        bad(
            "Cannot apply $bit to a value of non-integral type._id: 1 has the field b of non-integer type double"
        )
    );
    // `_id` stays immutable.
    assert_eq!(
        update_one("{ _id: 1 }", "{ $bit: { _id: { or: 2 } } }").map_err(|e| e.0),
        Err(Some(66))
    );
    assert!(matches!(
        update_one("{ _id: 1 }", "{ $bit: { _id: { or: 0 } } }"),
        Ok((_, false))
    ));
}
