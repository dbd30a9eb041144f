//! The in-memory collection against what a real server does: `_id` identity by value (`1`
//! and `1.0` collide, `true` and `1` do not), the wallet credited ten times, the int32
//! counter that overflows into a long, the mixed-type sort, dates stored as strings, type
//! bracketing, and the server's refusals.

use bson_tutor::bson::oid::ObjectIdProcess;
use bson_tutor::bson::shell::{FixedGenerator, parse_document, print_document, print_value};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::collection::{Collection, FindOptions, UpdateOptions};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;

/// 2026-10-08T03:45:49Z, the second the ids below were made in (`6ac711ed`).
const NOW: u32 = 1_791_431_149;

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn collection() -> Collection {
    Collection::new(
        "lab04.t",
        // A mongosh process and a mongod process, rebuilt from ids each of them made.
        ObjectIdProcess::new([0x45, 0x4f, 0x58, 0x8c, 0xa2], 0xd0_5d4b),
        ObjectIdProcess::new([0x12, 0x02, 0xb5, 0x5b, 0xa5], 0xd6_ca57),
        NOW,
    )
}

fn ids(docs: &[Document]) -> Vec<String> {
    docs.iter()
        .map(|d| match d.get("_id") {
            Some(Value::String(s)) => s.to_string(),
            Some(other) => print_value(other),
            None => "-".into(),
        })
        .collect()
}

fn find(c: &Collection, filter: &str) -> Vec<String> {
    ids(&c.find(&doc(filter), &FindOptions::default()).unwrap())
}

#[test]
fn true_and_one_coexist_but_one_and_one_point_zero_collide() {
    let mut c = collection();
    c.insert_one(doc("{ _id: true }")).unwrap();
    c.insert_one(doc("{ _id: 1 }")).unwrap();
    for (dup, shown) in [
        ("Double(1)", "1.0"),
        ("NumberLong(1)", "1"),
        ("NumberDecimal('1.0')", "1.0"),
    ] {
        let e = c.insert_one(doc(&format!("{{ _id: {dup} }}"))).unwrap_err();
        assert_eq!(e.kind.code(), Some(11000));
        // The server's words, the same in every language.
        assert_eq!(e.to_string_in(Lang::Vi), e.to_string());
        assert_eq!(e.to_string_in(Lang::Zh), e.to_string());
        assert_eq!(
            e.kind.to_string(),
            format!(
                "E11000 duplicate key error collection: lab04.t index: _id_ dup key: {{ _id: {shown} }}"
            )
        );
    }
    let e = c
        .insert_one(doc("{ _id: 'w' }"))
        .and_then(|_| c.insert_one(doc("{ _id: 'w' }")));
    assert_eq!(
        e.unwrap_err().kind.to_string(),
        "E11000 duplicate key error collection: lab04.t index: _id_ dup key: { _id: \"w\" }"
    );
    // Embedded documents compare by value too: 1 and 1.0 inside collide.
    c.insert_one(doc("{ _id: { a: 1 } }")).unwrap();
    assert!(c.insert_one(doc("{ _id: { a: Double(1) } }")).is_err());
    assert_eq!(c.len(), 4);
}

#[test]
fn arrays_regexes_and_undefined_cannot_be_ids() {
    let mut c = collection();
    for (id, ty) in [("[1, 2]", "array"), ("/a/i", "regex")] {
        let e = c.insert_one(doc(&format!("{{ _id: {id} }}"))).unwrap_err();
        assert_eq!(
            (e.kind.code(), e.kind.to_string()),
            (Some(53), format!("The '_id' value cannot be of type {ty}"))
        );
    }
    let mut undefined = Document::new();
    undefined.push("_id", Value::Undefined);
    assert_eq!(
        c.insert_one(undefined).unwrap_err().kind.to_string(),
        "The '_id' value cannot be of type undefined"
    );
    assert!(c.is_empty());
}

#[test]
fn missing_ids_come_from_the_driver_and_go_first() {
    let mut c = collection();
    let id = c.insert_one(doc("{ name: 'An', _id_not: 1 }")).unwrap();
    assert_eq!(print_value(&id), "ObjectId('6ac711ed454f588ca2d05d4b')");
    let id2 = c.insert_one(doc("{ name: 'Binh' }")).unwrap();
    assert_eq!(print_value(&id2), "ObjectId('6ac711ed454f588ca2d05d4c')");
    // A given _id moves to the front, as fixDocumentForInsert does.
    c.insert_one(doc("{ a: 1, _id: 7 }")).unwrap();
    let stored: Vec<&Document> = c.documents().collect();
    assert_eq!(stored[0].keys().next(), Some("_id"));
    assert_eq!(print_document(stored[2]), "{ _id: 7, a: 1 }");
}

#[test]
fn insert_many_is_ordered_and_stops_at_the_first_error() {
    let mut c = collection();
    let e = c
        .insert_many([
            doc("{ _id: 1 }"),
            doc("{ _id: 2 }"),
            doc("{ _id: 1 }"),
            doc("{ _id: 3 }"),
        ])
        .unwrap_err();
    assert_eq!(e.at, "documents.2._id");
    assert_eq!(find(&c, "{}"), ["1", "2"]);
}

#[test]
fn projections_follow_the_id_rules() {
    let mut c = collection();
    c.insert_one(doc(
        "{ _id: 1, name: 'An', age: 30, addr: { city: 'Hue', zip: '53000' } }",
    ))
    .unwrap();
    let project = |spec: &str| {
        c.find(
            &doc("{}"),
            &FindOptions {
                projection: Some(doc(spec)),
                ..FindOptions::default()
            },
        )
        .map(|d| print_document(&d[0]))
        .map_err(|e| e.kind.to_string())
    };
    assert_eq!(
        project("{ age: 1, name: 1 }").unwrap(),
        "{ _id: 1, name: 'An', age: 30 }"
    );
    assert_eq!(project("{ _id: 0, name: 1 }").unwrap(), "{ name: 'An' }");
    assert_eq!(
        project("{ 'addr.city': 1 }").unwrap(),
        "{ _id: 1, addr: { city: 'Hue' } }"
    );
    assert_eq!(
        project("{ addr: 0, age: 0 }").unwrap(),
        "{ _id: 1, name: 'An' }"
    );
    assert_eq!(
        project("{ _id: 0 }").unwrap(),
        "{ name: 'An', age: 30, addr: { city: 'Hue', zip: '53000' } }"
    );
    assert_eq!(project("{ _id: 1 }").unwrap(), "{ _id: 1 }");
    assert_eq!(
        project("{ name: 1, age: 0 }").unwrap_err(),
        "Cannot do exclusion on field age in inclusion projection"
    );
    assert_eq!(
        project("{ upper: { $concat: ['$name', '!'] } }").unwrap(),
        "{ _id: 1, upper: 'An!' }"
    );
}

#[test]
fn the_wallet_drifts_in_double_and_not_in_decimal() {
    let mut c = collection();
    c.insert_one(doc("{ _id: 'w1', dbl: 0, dec: NumberDecimal('0') }"))
        .unwrap();
    let inc = doc("{ $inc: { dbl: 0.1, dec: NumberDecimal('0.1') } }");
    for _ in 0..10 {
        let r = c
            .update_one(&doc("{ _id: 'w1' }"), &inc, UpdateOptions::default())
            .unwrap();
        assert_eq!((r.matched, r.modified), (1, 1));
    }
    let wallet = c.find_one(&doc("{}")).unwrap().unwrap();
    assert_eq!(
        print_document(&wallet),
        "{ _id: 'w1', dbl: 0.9999999999999999, dec: Decimal128('1.0') }"
    );
    assert_eq!(c.count_documents(&doc("{ dbl: 1 }")).unwrap(), 0);
    assert_eq!(c.count_documents(&doc("{ dec: 1 }")).unwrap(), 1);
}

#[test]
fn an_int32_counter_overflows_into_a_long() {
    let mut c = collection();
    c.insert_one(doc("{ _id: 1, n: NumberInt('2147483647') }"))
        .unwrap();
    c.update_one(
        &doc("{ _id: 1 }"),
        &doc("{ $inc: { n: NumberInt('1') } }"),
        UpdateOptions::default(),
    )
    .unwrap();
    let n = c.find_one(&doc("{ _id: 1 }")).unwrap().unwrap();
    assert_eq!(print_value(n.get("n").unwrap()), "Long('2147483648')");
}

#[test]
fn update_errors_are_the_servers() {
    let mut c = collection();
    c.insert_one(doc("{ _id: 1, a: 'x' }")).unwrap();
    let update = |c: &mut Collection, u: &str| {
        c.update_one(&doc("{ _id: 1 }"), &doc(u), UpdateOptions::default())
            .map_err(|e| e.kind.to_string())
    };
    assert_eq!(
        update(&mut c, "{ $foo: { a: 1 } }").unwrap_err(),
        "Unknown modifier: $foo. Expected a valid update modifier or pipeline-style update specified as an array"
    );
    assert_eq!(
        update(&mut c, "{ $inc: { b: 'x' } }").unwrap_err(),
        "Cannot increment with non-numeric argument: {b: \"x\"}"
    );
    assert_eq!(
        update(&mut c, "{ $inc: { a: 1 } }").unwrap_err(),
        "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'a' of non-numeric type string"
    );
    assert_eq!(
        update(&mut c, "{ $set: { a: 1 }, $unset: { a: '' } }").unwrap_err(),
        "Updating the path 'a' would create a conflict at 'a'"
    );
    assert_eq!(
        update(&mut c, "{ $set: { _id: 2 } }").unwrap_err(),
        "Performing an update on the path '_id' would modify the immutable field '_id'"
    );
    // Setting _id to the identical value is a no-op, not an error.
    let r = update(&mut c, "{ $set: { _id: 1 } }").unwrap();
    assert_eq!((r.matched, r.modified), (1, 0));
    assert_eq!(
        c.update_many(&doc("{}"), &doc("{ b: 1 }"), UpdateOptions::default())
            .unwrap_err()
            .kind
            .to_string(),
        "multi update is not supported for replacement-style update"
    );
}

#[test]
fn updates_count_matched_and_modified_apart() {
    let mut c = collection();
    c.insert_many([
        doc("{ _id: 1, s: 'a' }"),
        doc("{ _id: 2, s: 'b' }"),
        doc("{ _id: 3, s: 'a' }"),
    ])
    .unwrap();
    let r = c
        .update_many(
            &doc("{}"),
            &doc("{ $set: { s: 'a' } }"),
            UpdateOptions::default(),
        )
        .unwrap();
    assert_eq!((r.matched, r.modified, r.upserted_id), (3, 1, None));
    let r = c
        .replace_one(
            &doc("{ _id: 2 }"),
            &doc("{ t: 1 }"),
            UpdateOptions::default(),
        )
        .unwrap();
    assert_eq!((r.matched, r.modified), (1, 1));
    assert_eq!(
        print_document(&c.find_one(&doc("{ _id: 2 }")).unwrap().unwrap()),
        "{ _id: 2, t: 1 }"
    );
    assert_eq!(c.delete_many(&doc("{ s: 'a' }")).unwrap(), 2);
    assert_eq!(c.delete_one(&doc("{}")).unwrap(), 1);
    assert!(c.is_empty());
    // The _id index forgot the deleted ids.
    c.insert_one(doc("{ _id: 1 }")).unwrap();
}

#[test]
fn upserts_take_the_filters_equalities_and_a_server_made_id() {
    let mut c = collection();
    let r = c
        .update_one(
            &doc("{ proc: 'server', n: { $gt: 5 }, 'a.b': { $eq: 2 } }"),
            &doc("{ $set: { at: 1 }, $setOnInsert: { created: true } }"),
            UpdateOptions { upsert: true },
        )
        .unwrap();
    assert_eq!((r.matched, r.modified), (0, 0));
    // mongod's process, not the driver's: an upsert's id carries the server's random value.
    let id = r.upserted_id.unwrap();
    assert_eq!(print_value(&id), "ObjectId('6ac711ed1202b55ba5d6ca57')");
    let stored = c.find_one(&doc("{ proc: 'server' }")).unwrap().unwrap();
    assert_eq!(
        print_document(&stored),
        "{ _id: ObjectId('6ac711ed1202b55ba5d6ca57'), proc: 'server', a: { b: 2 }, at: 1, created: true }"
    );
    // A second run matches and $setOnInsert does nothing.
    let r = c
        .update_one(
            &doc("{ proc: 'server' }"),
            &doc("{ $set: { at: 2 }, $setOnInsert: { created: false } }"),
            UpdateOptions { upsert: true },
        )
        .unwrap();
    assert_eq!((r.matched, r.modified, r.upserted_id), (1, 1, None));
    assert_eq!(
        c.find_one(&doc("{}")).unwrap().unwrap().get("created"),
        Some(&Value::Boolean(true))
    );
    // The filter's _id is kept, and a replacement keeps only it.
    let r = c
        .replace_one(
            &doc("{ _id: 5, x: 1 }"),
            &doc("{ y: 1 }"),
            UpdateOptions { upsert: true },
        )
        .unwrap();
    assert_eq!(r.upserted_id, Some(Value::Int32(5)));
    assert_eq!(
        print_document(&c.find_one(&doc("{ _id: 5 }")).unwrap().unwrap()),
        "{ _id: 5, y: 1 }"
    );
}

#[test]
fn mixed_types_sort_as_the_manual_says() {
    let mut c = collection();
    c.insert_many(
        [
            "{ _id: 'date', v: new Date('2020-01-01T00:00:00Z') }",
            "{ _id: 'bool', v: true }",
            "{ _id: 'oid', v: ObjectId('000000000000000000000000') }",
            "{ _id: 'str10', v: '10' }",
            "{ _id: 'str9', v: '9' }",
            "{ _id: 'int10', v: 10 }",
            "{ _id: 'dbl9.5', v: 9.5 }",
            "{ _id: 'dec2', v: NumberDecimal('2') }",
            "{ _id: 'long100', v: NumberLong('100') }",
            "{ _id: 'null', v: null }",
            "{ _id: 'missing' }",
            "{ _id: 'object', v: { a: 1 } }",
            "{ _id: 'array', v: [5, 'x'] }",
            "{ _id: 'emptyArr', v: [] }",
            "{ _id: 'binData', v: UUID() }",
        ]
        .map(doc),
    )
    .unwrap();
    let sorted = c
        .find(
            &doc("{}"),
            &FindOptions {
                projection: Some(doc("{ _id: 1 }")),
                sort: Some(doc("{ v: 1, _id: 1 }")),
                ..FindOptions::default()
            },
        )
        .unwrap();
    assert_eq!(
        ids(&sorted).join(" "),
        "emptyArr missing null dec2 array dbl9.5 int10 long100 str10 str9 object binData oid bool date"
    );
    assert!(sorted.iter().all(|d| d.len() == 1));
}

#[test]
fn dates_stored_as_strings_sort_and_match_wrongly() {
    let mut c = collection();
    c.insert_many(
        [
            "{ _id: 'a', at: '2026-9-30', atDate: new Date('2026-09-30T00:00:00Z') }",
            "{ _id: 'b', at: '2026-10-01', atDate: new Date('2026-10-01T00:00:00Z') }",
            "{ _id: 'c', at: '2026-10-15', atDate: new Date('2026-10-15T00:00:00Z') }",
        ]
        .map(doc),
    )
    .unwrap();
    assert_eq!(find(&c, "{ at: { $gte: '2026-10-01' } }"), ["a", "b", "c"]);
    assert_eq!(
        find(&c, "{ atDate: { $gte: new Date('2026-10-01T00:00:00Z') } }"),
        ["b", "c"]
    );
    assert!(find(&c, "{ atDate: { $gte: '2026-10-01' } }").is_empty());
    let by_at = c
        .find(
            &doc("{}"),
            &FindOptions {
                sort: Some(doc("{ at: -1 }")),
                ..FindOptions::default()
            },
        )
        .unwrap();
    let at: Vec<&str> = by_at.iter().filter_map(|d| d.get("at")?.as_str()).collect();
    assert_eq!(at, ["2026-9-30", "2026-10-15", "2026-10-01"]);
}

#[test]
fn type_bracketing_in_find() {
    let mut c = collection();
    c.insert_many(
        [
            "{ _id: 1, userId: 42 }",
            "{ _id: 2, userId: '42' }",
            "{ _id: 3, userId: NumberLong('42') }",
            "{ _id: 4, userId: 42.0 }",
            "{ _id: 5, userId: NumberDecimal('42.00') }",
        ]
        .map(doc),
    )
    .unwrap();
    assert_eq!(find(&c, "{ userId: 42 }"), ["1", "3", "4", "5"]);
    assert_eq!(find(&c, "{ userId: '42' }"), ["2"]);
    assert_eq!(find(&c, "{ userId: { $gt: 0 } }"), ["1", "3", "4", "5"]);
    assert_eq!(find(&c, "{ userId: { $gt: '' } }"), ["2"]);
}

#[test]
fn skip_and_limit_apply_after_the_sort() {
    let mut c = collection();
    c.insert_many((1..=5).map(|i| doc(&format!("{{ _id: {i}, k: {} }}", 6 - i))))
        .unwrap();
    let page = c
        .find(
            &doc("{}"),
            &FindOptions {
                sort: Some(doc("{ k: 1 }")),
                skip: 1,
                limit: Some(2),
                ..FindOptions::default()
            },
        )
        .unwrap();
    assert_eq!(ids(&page), ["4", "3"]);
    let e = c
        .find(
            &doc("{}"),
            &FindOptions {
                sort: Some(doc("{ k: 2 }")),
                ..FindOptions::default()
            },
        )
        .unwrap_err();
    assert_eq!(
        e.kind.to_string(),
        "$sort key ordering must be 1 (for ascending) or -1 (for descending)"
    );
}

#[test]
fn a_stop_asked_for_ends_every_entry_point_with_the_servers_words() {
    use bson_tutor::query::interrupt::{Interrupt, Stop};
    let mut c = collection();
    let mut d = Document::new();
    d.push("_id", 1);
    // At each of 50,000 starts, 50,000 a's are read before `$` fails: seconds of work.
    d.push("t", format!("b{}", "a".repeat(100_000)));
    c.insert_one(d).unwrap();
    let slow = doc("{ t: /a{50000}$/ }");

    // Tripped from another thread while the regex runs: `find` ends promptly.
    let flag = Interrupt::new();
    let remote = flag.clone();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(50));
        remote.trip(Stop::TimeLimit);
    });
    let start = std::time::Instant::now();
    let e = flag
        .watch(|| c.find(&slow, &FindOptions::default()))
        .unwrap_err();
    stopper.join().unwrap();
    assert!(start.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(e.kind.code(), Some(50));
    assert_eq!(e.to_string(), "operation exceeded time limit");

    // Already tripped: each entry point reports the stop, none an answer.
    let cancelled = Interrupt::new();
    cancelled.trip(Stop::Cancelled);
    let killed = |e: bson_tutor::query::QueryError| {
        assert_eq!(
            (e.kind.code(), e.to_string()),
            (Some(11601), "operation was interrupted".to_owned())
        );
    };
    killed(
        cancelled
            .watch(|| c.count_documents(&doc("{}")))
            .unwrap_err(),
    );
    killed(cancelled.watch(|| c.find_one(&doc("{}"))).unwrap_err());
    let set = doc("{ $set: { x: 1 } }");
    killed(
        cancelled
            .watch(|| c.update_many(&doc("{}"), &set, UpdateOptions::default()))
            .unwrap_err(),
    );
    killed(cancelled.watch(|| c.delete_many(&doc("{}"))).unwrap_err());
    // Nothing was changed by the stopped update and delete.
    assert_eq!(c.count_documents(&doc("{ x: { $exists: true } }")), Ok(0));
    assert_eq!(c.len(), 1);
}

#[test]
fn documents_past_16_mib_are_refused_on_insert_and_after_update() {
    let mut c = collection();
    let half = "x".repeat(9 << 20);
    let mut d = Document::new();
    d.push("_id", 1);
    d.push("a", half.as_str());
    c.insert_one(d.clone()).unwrap();
    // A second 9 MiB field: 18 MiB, past the 16,777,216 bytes a stored document may have.
    let mut set = Document::new();
    let mut fields = Document::new();
    fields.push("b", half.as_str());
    set.push("$set", fields);
    let e = c
        .update_one(&doc("{ _id: 1 }"), &set, UpdateOptions::default())
        .unwrap_err();
    assert_eq!(
        (e.kind.code(), e.to_string()),
        (
            Some(10334),
            "Resulting document after update is larger than 16777216".to_owned()
        )
    );
    // The document is as it was.
    let stored = c.find_one(&doc("{ _id: 1 }")).unwrap().unwrap();
    assert!(stored.get("b").is_none());
    d.push("b", half.as_str());
    d.insert("_id", 2);
    let e = c.insert_one(d).unwrap_err();
    assert_eq!(e.kind.code(), Some(2));
    assert!(
        e.to_string()
            .starts_with("object to insert too large. size in bytes: "),
        "{e}"
    );
}
