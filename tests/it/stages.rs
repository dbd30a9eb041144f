//! `$lookup`, `$facet`, `$bucket` and `$sortByCount`: every example of their manual pages
//! that fits in memory (data and expected results carried over as facts), the jstests facts
//! about `$facet`, and the server's refusals with its words and codes.

use bson_tutor::bson::shell::{FixedGenerator, parse_document, print_document};
use bson_tutor::bson::{Document, Value};
use bson_tutor::query::aggregate::{Collections, Context, aggregate_in};

fn doc(s: &str) -> Document {
    parse_document(s, &mut FixedGenerator::new(0))
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .value
}

fn docs(items: &[&str]) -> Vec<Document> {
    items.iter().map(|s| doc(s)).collect()
}

/// Runs `pipeline` over `input`, with `collections` for `$lookup`; the output printed as
/// mongosh prints it, or the error's code and words.
fn run(
    input: &[&str],
    pipeline: &[&str],
    collections: &[(&str, &[&str])],
) -> Result<Vec<String>, (Option<i32>, String)> {
    let collections: Collections = collections
        .iter()
        .map(|(name, items)| ((*name).to_owned(), docs(items)))
        .collect();
    aggregate_in(
        &docs(input),
        &docs(pipeline),
        &Context::default(),
        &collections,
    )
    .map(|out| out.iter().map(print_document).collect())
    .map_err(|e| (e.kind.code(), e.kind.to_string()))
}

/// The documents as mongosh prints them.
fn printed(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| print_document(&doc(s))).collect()
}

// ---------------------------------------------------------------------------------------------
// $lookup (manual, "$lookup (aggregation)", Examples)

const ORDERS: [&str; 3] = [
    "{ _id: 1, item: 'almonds', price: 12, quantity: 2 }",
    "{ _id: 2, item: 'pecans', price: 20, quantity: 1 }",
    "{ _id: 3 }",
];

const INVENTORY: [&str; 6] = [
    "{ _id: 1, sku: 'almonds', description: 'product 1', instock: 120 }",
    "{ _id: 2, sku: 'bread', description: 'product 2', instock: 80 }",
    "{ _id: 3, sku: 'cashews', description: 'product 3', instock: 60 }",
    "{ _id: 4, sku: 'pecans', description: 'product 4', instock: 70 }",
    "{ _id: 5, sku: null, description: 'Incomplete' }",
    "{ _id: 6 }",
];

#[test]
fn lookup_single_equality_join_matches_missing_with_null() {
    // "Perform a Single Equality Join with $lookup": the order without an item joins the
    // inventory documents whose sku is null or missing.
    let out = run(
        &ORDERS,
        &[
            "{ $lookup: { from: 'inventory', localField: 'item', foreignField: 'sku', as: 'inventory_docs' } }",
        ],
        &[("inventory", &INVENTORY)],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1, item: 'almonds', price: 12, quantity: 2, inventory_docs: [
                { _id: 1, sku: 'almonds', description: 'product 1', instock: 120 } ] }",
            "{ _id: 2, item: 'pecans', price: 20, quantity: 1, inventory_docs: [
                { _id: 4, sku: 'pecans', description: 'product 4', instock: 70 } ] }",
            "{ _id: 3, inventory_docs: [
                { _id: 5, sku: null, description: 'Incomplete' }, { _id: 6 } ] }",
        ]))
    );
}

#[test]
fn lookup_with_an_array_local_field_joins_on_each_element() {
    // "Use $lookup with an Array".
    let classes = [
        "{ _id: 1, title: 'Reading is ...', enrollmentlist: [ 'giraffe2', 'pandabear', 'artie' ], days: ['M', 'W', 'F'] }",
        "{ _id: 2, title: 'But Writing ...', enrollmentlist: [ 'giraffe1', 'artie' ], days: ['T', 'F'] }",
    ];
    let members = [
        "{ _id: 1, name: 'artie', joined: new Date('2016-05-01'), status: 'A' }",
        "{ _id: 2, name: 'giraffe', joined: new Date('2017-05-01'), status: 'D' }",
        "{ _id: 3, name: 'giraffe1', joined: new Date('2017-10-01'), status: 'A' }",
        "{ _id: 4, name: 'panda', joined: new Date('2018-10-11'), status: 'A' }",
        "{ _id: 5, name: 'pandabear', joined: new Date('2018-12-01'), status: 'A' }",
        "{ _id: 6, name: 'giraffe2', joined: new Date('2018-12-01'), status: 'D' }",
    ];
    let out = run(
        &classes,
        &[
            "{ $lookup: { from: 'members', localField: 'enrollmentlist', foreignField: 'name', as: 'enrollee_info' } }",
        ],
        &[("members", &members)],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            &format!(
                "{{ _id: 1, title: 'Reading is ...', enrollmentlist: [ 'giraffe2', 'pandabear', 'artie' ], days: ['M', 'W', 'F'], enrollee_info: [ {}, {}, {} ] }}",
                members[0], members[4], members[5]
            ),
            &format!(
                "{{ _id: 2, title: 'But Writing ...', enrollmentlist: [ 'giraffe1', 'artie' ], days: ['T', 'F'], enrollee_info: [ {}, {} ] }}",
                members[0], members[2]
            ),
        ]))
    );
}

#[test]
fn lookup_then_merge_objects_flattens_the_join() {
    // "Use $lookup with $mergeObjects".
    let orders = [
        "{ _id: 1, item: 'almonds', price: 12, quantity: 2 }",
        "{ _id: 2, item: 'pecans', price: 20, quantity: 1 }",
    ];
    let items = [
        "{ _id: 1, item: 'almonds', description: 'almond clusters', instock: 120 }",
        "{ _id: 2, item: 'bread', description: 'raisin and nut bread', instock: 80 }",
        "{ _id: 3, item: 'pecans', description: 'candied pecans', instock: 60 }",
    ];
    let out = run(
        &orders,
        &[
            "{ $lookup: { from: 'items', localField: 'item', foreignField: 'item', as: 'fromItems' } }",
            "{ $replaceRoot: { newRoot: { $mergeObjects: [ { $arrayElemAt: [ '$fromItems', 0 ] }, '$$ROOT' ] } } }",
            "{ $project: { fromItems: 0 } }",
        ],
        &[("items", &items)],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1, item: 'almonds', description: 'almond clusters', instock: 120, price: 12, quantity: 2 }",
            "{ _id: 2, item: 'pecans', description: 'candied pecans', instock: 60, price: 20, quantity: 1 }",
        ]))
    );
}

#[test]
fn lookup_pipeline_with_let_joins_on_several_conditions() {
    // "Perform Multiple Joins and a Correlated Subquery with $lookup".
    let orders = [
        "{ _id: 1, item: 'almonds', price: 12, ordered: 2 }",
        "{ _id: 2, item: 'pecans', price: 20, ordered: 1 }",
        "{ _id: 3, item: 'cookies', price: 10, ordered: 60 }",
    ];
    let warehouses = [
        "{ _id: 1, stock_item: 'almonds', warehouse: 'A', instock: 120 }",
        "{ _id: 2, stock_item: 'pecans', warehouse: 'A', instock: 80 }",
        "{ _id: 3, stock_item: 'almonds', warehouse: 'B', instock: 60 }",
        "{ _id: 4, stock_item: 'cookies', warehouse: 'B', instock: 40 }",
        "{ _id: 5, stock_item: 'cookies', warehouse: 'A', instock: 80 }",
    ];
    let out = run(
        &orders,
        &[
            "{ $lookup: { from: 'warehouses', let: { order_item: '$item', order_qty: '$ordered' },
            pipeline: [
              { $match: { $expr: { $and: [
                  { $eq: [ '$stock_item', '$$order_item' ] },
                  { $gte: [ '$instock', '$$order_qty' ] } ] } } },
              { $project: { stock_item: 0, _id: 0 } } ],
            as: 'stockdata' } }",
        ],
        &[("warehouses", &warehouses)],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1, item: 'almonds', price: 12, ordered: 2, stockdata: [
                { warehouse: 'A', instock: 120 }, { warehouse: 'B', instock: 60 } ] }",
            "{ _id: 2, item: 'pecans', price: 20, ordered: 1, stockdata: [ { warehouse: 'A', instock: 80 } ] }",
            "{ _id: 3, item: 'cookies', price: 10, ordered: 60, stockdata: [ { warehouse: 'A', instock: 80 } ] }",
        ]))
    );
}

#[test]
fn lookup_let_variables_reach_match_expr_and_later_stages() {
    // The same warehouses, one condition per $match: the variables are seen by each stage.
    let warehouses = [
        "{ _id: 1, stock_item: 'almonds', warehouse: 'A', instock: 120 }",
        "{ _id: 2, stock_item: 'pecans', warehouse: 'A', instock: 80 }",
        "{ _id: 3, stock_item: 'almonds', warehouse: 'B', instock: 60 }",
        "{ _id: 4, stock_item: 'cookies', warehouse: 'B', instock: 40 }",
        "{ _id: 5, stock_item: 'cookies', warehouse: 'A', instock: 80 }",
    ];
    let out = run(
        &["{ _id: 3, item: 'cookies', ordered: 60 }"],
        &["{ $lookup: { from: 'warehouses', let: { order_item: '$item', order_qty: '$ordered' },
            pipeline: [
              { $match: { $expr: { $eq: [ '$stock_item', '$$order_item' ] } } },
              { $match: { $expr: { $gte: [ '$instock', '$$order_qty' ] } } },
              { $project: { _id: 0, warehouse: 1, spare: { $subtract: [ '$instock', '$$order_qty' ] } } } ],
            as: 'stockdata' } }"],
        &[("warehouses", &warehouses)],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 3, item: 'cookies', ordered: 60, stockdata: [ { warehouse: 'A', spare: 20 } ] }"
        ]))
    );
}

#[test]
fn lookup_uncorrelated_subquery_joins_the_same_documents_to_each() {
    // "Perform an Uncorrelated Subquery with $lookup".
    let absences = [
        "{ _id: 1, student: 'Ann Aardvark', sickdays: [ new Date('2018-05-01'), new Date('2018-08-23') ] }",
        "{ _id: 2, student: 'Zoe Zebra', sickdays: [ new Date('2018-02-01'), new Date('2018-05-23') ] }",
    ];
    let holidays = [
        "{ _id: 1, year: 2018, name: 'New Years', date: new Date('2018-01-01') }",
        "{ _id: 2, year: 2018, name: 'Pi Day', date: new Date('2018-03-14') }",
        "{ _id: 3, year: 2018, name: 'Ice Cream Day', date: new Date('2018-07-15') }",
        "{ _id: 4, year: 2017, name: 'New Years', date: new Date('2017-01-01') }",
        "{ _id: 5, year: 2017, name: 'Ice Cream Day', date: new Date('2017-07-16') }",
    ];
    let out = run(
        &absences,
        &["{ $lookup: { from: 'holidays',
            pipeline: [
              { $match: { year: 2018 } },
              { $project: { _id: 0, date: { name: '$name', date: '$date' } } },
              { $replaceRoot: { newRoot: '$date' } } ],
            as: 'holidays' } }"],
        &[("holidays", &holidays)],
    );
    let joined = "[ { name: 'New Years', date: new Date('2018-01-01') },
        { name: 'Pi Day', date: new Date('2018-03-14') },
        { name: 'Ice Cream Day', date: new Date('2018-07-15') } ]";
    assert_eq!(
        out,
        Ok(printed(&[
            &format!(
                "{{ _id: 1, student: 'Ann Aardvark', sickdays: [ new Date('2018-05-01'), new Date('2018-08-23') ], holidays: {joined} }}"
            ),
            &format!(
                "{{ _id: 2, student: 'Zoe Zebra', sickdays: [ new Date('2018-02-01'), new Date('2018-05-23') ], holidays: {joined} }}"
            ),
        ]))
    );
}

#[test]
fn lookup_concise_correlated_subquery_combines_equality_and_pipeline() {
    // "Perform a Concise Correlated Subquery with $lookup" (5.0+).
    let restaurants = [
        "{ _id: 1, name: 'American Steak House', food: [ 'filet', 'sirloin' ], beverages: [ 'beer', 'wine' ] }",
        "{ _id: 2, name: 'Honest John Pizza', food: [ 'cheese pizza', 'pepperoni pizza' ], beverages: [ 'soda' ] }",
    ];
    let orders = [
        "{ _id: 1, item: 'filet', restaurant_name: 'American Steak House' }",
        "{ _id: 2, item: 'cheese pizza', restaurant_name: 'Honest John Pizza', drink: 'lemonade' }",
        "{ _id: 3, item: 'cheese pizza', restaurant_name: 'Honest John Pizza', drink: 'soda' }",
    ];
    let out = run(
        &orders,
        &[
            "{ $lookup: { from: 'restaurants', localField: 'restaurant_name', foreignField: 'name',
            let: { orders_drink: '$drink' },
            pipeline: [ { $match: { $expr: { $in: [ '$$orders_drink', '$beverages' ] } } } ],
            as: 'matches' } }",
        ],
        &[("restaurants", &restaurants)],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1, item: 'filet', restaurant_name: 'American Steak House', matches: [] }",
            "{ _id: 2, item: 'cheese pizza', restaurant_name: 'Honest John Pizza', drink: 'lemonade', matches: [] }",
            &format!(
                "{{ _id: 3, item: 'cheese pizza', restaurant_name: 'Honest John Pizza', drink: 'soda', matches: [ {} ] }}",
                restaurants[1]
            ),
        ]))
    );
    // The same join with `$eq` on the array field, which the query reads element by element.
    let out = run(
        &orders,
        &["{ $lookup: { from: 'restaurants', localField: 'restaurant_name', foreignField: 'name',
            let: { orders_drink: '$drink' },
            pipeline: [ { $match: { $expr: { $eq: [ '$$orders_drink', { $arrayElemAt: [ '$beverages', 0 ] } ] } } } ],
            as: 'matches' } }"],
        &[("restaurants", &restaurants)],
    )
    .unwrap();
    assert!(out[2].ends_with(&format!(
        "matches: [ {} ] }}",
        print_document(&doc(restaurants[1]))
    )));
    assert!(out[0].ends_with("matches: [] }") && out[1].ends_with("matches: [] }"));
}

#[test]
fn lookup_equality_with_a_documents_pipeline_filters_what_documents_makes() {
    // document_source_lookup.cpp: with localField/foreignField and a pipeline, the equality's
    // $match goes right after a leading $documents, so it filters the documents $documents
    // makes (the `let` variables already bound), and the rest of the pipeline runs after it.
    let out = run(
        &["{ _id: 1, userId: 42 }", "{ _id: 2, userId: '42' }"],
        &[
            "{ $lookup: { localField: 'userId', foreignField: 'k', let: { u: '$userId' },
            pipeline: [ { $documents: [ { k: '42' }, { k: 42 }, { k: '$$u', from: 'let' } ] },
                        { $set: { seen: true } } ],
            as: 'j' } }",
        ],
        &[],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1, userId: 42, j: [ { k: 42, seen: true }, { k: 42, from: 'let', seen: true } ] }",
            "{ _id: 2, userId: '42', j: [ { k: '42', seen: true }, { k: '42', from: 'let', seen: true } ] }",
        ]))
    );
}

#[test]
fn lookup_never_joins_a_number_to_a_string() {
    // The key-type mismatch of the course: `userId: 42` against `_id: "42"`.
    let out = run(
        &[
            "{ _id: 1, userId: 42 }",
            "{ _id: 2, userId: '42' }",
            "{ _id: 3, userId: NumberLong(7) }",
        ],
        &["{ $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'user' } }"],
        &[(
            "users",
            &["{ _id: '42', name: 'An' }", "{ _id: 7.0, name: 'Bình' }"],
        )],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1, userId: 42, user: [] }",
            "{ _id: 2, userId: '42', user: [ { _id: '42', name: 'An' } ] }",
            // Numbers of different types are equal when their values are.
            "{ _id: 3, userId: NumberLong(7), user: [ { _id: 7.0, name: 'Bình' } ] }",
        ]))
    );
    // A collection that does not exist joins nothing, as on the server.
    let out = run(
        &["{ _id: 1, userId: 42 }"],
        &["{ $lookup: { from: 'nope', localField: 'userId', foreignField: '_id', as: 'a.b' } }"],
        &[],
    );
    assert_eq!(out, Ok(printed(&["{ _id: 1, userId: 42, a: { b: [] } }"])));
}

#[test]
fn lookup_foreign_arrays_and_collectionless_pipelines() {
    // The foreign side is a query: an array there matches on any element.
    let out = run(
        &["{ _id: 1, tag: 'red' }"],
        &[
            "{ $lookup: { from: 'c', localField: 'tag', foreignField: 'tags', as: 'hits' } }",
            "{ $project: { n: { $size: '$hits' } } }",
        ],
        &[(
            "c",
            &[
                "{ tags: ['red', 'blue'] }",
                "{ tags: 'red' }",
                "{ tags: ['green'] }",
            ],
        )],
    );
    assert_eq!(out, Ok(printed(&["{ _id: 1, n: 2 }"])));
    // jstests/aggregation/sources/facet/facet_validate_pipelines.js: a $lookup without
    // `from` whose pipeline starts with $documents.
    let out = run(
        &["{ _id: 1 }"],
        &["{ $lookup: { pipeline: [ { $documents: [ { a: 1 } ] } ], as: 'foo' } }"],
        &[],
    );
    assert_eq!(out, Ok(printed(&["{ _id: 1, foo: [ { a: 1 } ] }"])));
}

#[test]
fn lookup_specifications_the_server_refuses() {
    // document_source_lookup.cpp, createFromBson: FailedToParse (9) unless said.
    for (stage, code, words) in [
        (
            "{ $lookup: 1 }",
            9,
            "the $lookup specification must be an Object",
        ),
        (
            "{ $lookup: { from: 'c', localField: 'a', foreignField: 'b' } }",
            9,
            "must specify 'as' field for a $lookup",
        ),
        (
            "{ $lookup: { from: 'c', as: 'x' } }",
            9,
            "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified",
        ),
        (
            "{ $lookup: { from: 'c', localField: 'a', as: 'x' } }",
            9,
            "$lookup requires either 'pipeline' or both 'localField' and 'foreignField' to be specified",
        ),
        (
            "{ $lookup: { from: 'c', localField: 'a', pipeline: [], as: 'x' } }",
            9,
            "$lookup requires both or neither of 'localField' and 'foreignField' to be specified",
        ),
        (
            "{ $lookup: { from: 'c', localField: 'a', foreignField: 'b', let: { v: 1 }, as: 'x' } }",
            9,
            "$lookup with a 'let' argument must also specify 'pipeline'",
        ),
        (
            "{ $lookup: { from: 'c', let: 'x', pipeline: [], as: 'bar' } }",
            9,
            "$lookup argument 'let: \"x\"' must be an object, is type string",
        ),
        (
            "{ $lookup: { from: 'c', pipeline: 'abc', as: 'data' } }",
            14,
            "'pipeline' option must be specified as an array",
        ),
        (
            "{ $lookup: { from: 'c', pipeline: [], as: 'bar', foo: 'x' } }",
            9,
            "unknown argument to $lookup: foo",
        ),
        (
            "{ $lookup: { from: 1, pipeline: [], as: 'bar' } }",
            9,
            "$lookup 'from' field must be a string, but found int",
        ),
        (
            "{ $lookup: { pipeline: [], as: 'bar' } }",
            9,
            "$lookup stage without explicit collection must have a pipeline with $documents as first stage",
        ),
    ] {
        assert_eq!(
            run(&[], &[stage], &[]),
            Err((Some(code), words.to_owned())),
            "{stage}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// $bucket (manual, "$bucket (aggregation)", Examples), $sortByCount, $facet

const ARTISTS: [&str; 8] = [
    "{ _id: 1, last_name: 'Bernard', first_name: 'Emil', year_born: 1868, year_died: 1941, nationality: 'France' }",
    "{ _id: 2, last_name: 'Rippl-Ronai', first_name: 'Joszef', year_born: 1861, year_died: 1927, nationality: 'Hungary' }",
    "{ _id: 3, last_name: 'Ostroumova', first_name: 'Anna', year_born: 1871, year_died: 1955, nationality: 'Russia' }",
    "{ _id: 4, last_name: 'Van Gogh', first_name: 'Vincent', year_born: 1853, year_died: 1890, nationality: 'Holland' }",
    "{ _id: 5, last_name: 'Maurer', first_name: 'Alfred', year_born: 1868, year_died: 1932, nationality: 'USA' }",
    "{ _id: 6, last_name: 'Munch', first_name: 'Edvard', year_born: 1863, year_died: 1944, nationality: 'Norway' }",
    "{ _id: 7, last_name: 'Redon', first_name: 'Odilon', year_born: 1840, year_died: 1916, nationality: 'France' }",
    "{ _id: 8, last_name: 'Diriks', first_name: 'Edvard', year_born: 1855, year_died: 1930, nationality: 'Norway' }",
];

#[test]
fn bucket_by_year_with_output_and_a_later_match() {
    // "Bucket by Year and Filter by Bucket Results".
    let out = run(
        &ARTISTS,
        &[
            "{ $bucket: { groupBy: '$year_born', boundaries: [ 1840, 1850, 1860, 1870, 1880 ],
                default: 'Other',
                output: { count: { $sum: 1 },
                          artists: { $push: { name: { $concat: [ '$first_name', ' ', '$last_name' ] }, year_born: '$year_born' } } } } }",
            "{ $match: { count: { $gt: 3 } } }",
        ],
        &[],
    );
    assert_eq!(
        out,
        Ok(printed(&["{ _id: 1860, count: 4, artists: [
            { name: 'Emil Bernard', year_born: 1868 },
            { name: 'Joszef Rippl-Ronai', year_born: 1861 },
            { name: 'Alfred Maurer', year_born: 1868 },
            { name: 'Edvard Munch', year_born: 1863 } ] }"]))
    );
    // Without `output`, a count; without the $match, every bucket in _id order.
    let out = run(
        &ARTISTS,
        &["{ $bucket: { groupBy: '$year_born', boundaries: [ 1840, 1850, 1860, 1870, 1880 ] } }"],
        &[],
    );
    assert_eq!(
        out,
        Ok(printed(&[
            "{ _id: 1840, count: 1 }",
            "{ _id: 1850, count: 2 }",
            "{ _id: 1860, count: 4 }",
            "{ _id: 1870, count: 1 }",
        ]))
    );
}

const ARTWORK: [&str; 8] = [
    "{ _id: 1, title: 'The Pillars of Society', artist: 'Grosz', year: 1926, price: NumberDecimal('199.99'), tags: [ 'painting', 'satire', 'Expressionism', 'caricature' ] }",
    "{ _id: 2, title: 'Melancholy III', artist: 'Munch', year: 1902, price: NumberDecimal('280.00'), tags: [ 'woodcut', 'Expressionism' ] }",
    "{ _id: 3, title: 'Dancer', artist: 'Miro', year: 1925, price: NumberDecimal('76.04'), tags: [ 'oil', 'Surrealism', 'painting' ] }",
    "{ _id: 4, title: 'The Great Wave off Kanagawa', artist: 'Hokusai', price: NumberDecimal('167.30'), tags: [ 'woodblock', 'ukiyo-e' ] }",
    "{ _id: 5, title: 'The Persistence of Memory', artist: 'Dali', year: 1931, price: NumberDecimal('483.00'), tags: [ 'Surrealism', 'painting', 'oil' ] }",
    "{ _id: 6, title: 'Composition VII', artist: 'Kandinsky', year: 1913, price: NumberDecimal('385.00'), tags: [ 'oil', 'painting', 'abstract' ] }",
    "{ _id: 7, title: 'The Scream', artist: 'Munch', year: 1893, tags: [ 'Expressionism', 'painting', 'oil' ] }",
    "{ _id: 8, title: 'Blue Flower', artist: \"O'Keefe\", year: 1918, price: NumberDecimal('118.42'), tags: [ 'abstract', 'painting' ] }",
];

const PRICE_BUCKETS: [&str; 5] = [
    "{ _id: 0, count: 2, titles: [ 'Dancer', 'Blue Flower' ] }",
    "{ _id: 150, count: 2, titles: [ 'The Pillars of Society', 'The Great Wave off Kanagawa' ] }",
    "{ _id: 200, count: 1, titles: [ 'Melancholy III' ] }",
    "{ _id: 300, count: 1, titles: [ 'Composition VII' ] }",
    "{ _id: 'Other', count: 1, titles: [ 'The Persistence of Memory' ] }",
];

/// The tag counts of the manual's $sortByCount and $facet examples: ties in any order.
fn tag_counts(out: &[String]) -> Vec<(i32, String)> {
    let mut counts: Vec<(i32, String)> = out
        .iter()
        .map(|s| {
            let d = doc(s);
            let Some(Value::Int32(n)) = d.get("count") else {
                panic!("{s}")
            };
            let Some(Value::String(tag)) = d.get("_id") else {
                panic!("{s}")
            };
            (-n, tag.to_string())
        })
        .collect();
    let sorted_by_count = counts.windows(2).all(|w| w[0].0 <= w[1].0);
    assert!(sorted_by_count, "largest count first: {out:?}");
    counts.sort();
    counts
}

const TAGS: [(i32, &str); 10] = [
    (-6, "painting"),
    (-4, "oil"),
    (-3, "Expressionism"),
    (-2, "Surrealism"),
    (-2, "abstract"),
    (-1, "caricature"),
    (-1, "satire"),
    (-1, "ukiyo-e"),
    (-1, "woodblock"),
    (-1, "woodcut"),
];

#[test]
fn sort_by_count_counts_the_tags() {
    // Manual, "$sortByCount (aggregation)", Example (the exhibits are the artwork).
    let out = run(
        &ARTWORK,
        &["{ $unwind: '$tags' }", "{ $sortByCount: '$tags' }"],
        &[],
    )
    .unwrap();
    let want: Vec<(i32, String)> = TAGS.iter().map(|(n, t)| (*n, (*t).to_owned())).collect();
    assert_eq!(tag_counts(&out), want);
    // The manual's order where counts differ.
    assert!(out[0].starts_with("{ _id: 'painting', count: 6"));
    assert!(out[1].starts_with("{ _id: 'oil', count: 4"));
}

#[test]
fn facet_runs_each_pipeline_over_every_document() {
    // Manual, "$facet (aggregation)", Example, and "$bucket", "Use $bucket with $facet";
    // the third facet of the manual's example uses $bucketAuto, which bson-tutor does not run.
    let out = run(
        &ARTWORK,
        &["{ $facet: {
            categorizedByTags: [ { $unwind: '$tags' }, { $sortByCount: '$tags' } ],
            categorizedByPrice: [
              { $match: { price: { $exists: 1 } } },
              { $bucket: { groupBy: '$price', boundaries: [ 0, 150, 200, 300, 400 ], default: 'Other',
                           output: { count: { $sum: 1 }, titles: { $push: '$title' } } } } ] } }"],
        &[],
    )
    .unwrap();
    assert_eq!(out.len(), 1);
    let d = doc(&out[0]);
    let Some(Value::Array(tags)) = d.get("categorizedByTags") else {
        panic!("{out:?}")
    };
    let tags: Vec<String> = tags
        .iter()
        .map(|v| match v {
            Value::Document(d) => print_document(d),
            other => panic!("{other:?}"),
        })
        .collect();
    let want: Vec<(i32, String)> = TAGS.iter().map(|(n, t)| (*n, (*t).to_owned())).collect();
    assert_eq!(tag_counts(&tags), want);
    let Some(Value::Array(prices)) = d.get("categorizedByPrice") else {
        panic!("{out:?}")
    };
    let prices: Vec<String> = prices
        .iter()
        .map(|v| match v {
            Value::Document(d) => print_document(d),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(prices, printed(&PRICE_BUCKETS));
    // With no input, each facet is an empty array in the one output document.
    assert_eq!(
        run(&[], &["{ $facet: { a: [ { $match: {} } ], b: [] } }"], &[]),
        Ok(printed(&["{ a: [], b: [] }"]))
    );
}

#[test]
fn facet_refuses_what_the_server_refuses() {
    // jstests/aggregation/sources/facet/facet_validate_pipelines.js (40600) and
    // document_source_facet.cpp (40169-40171).
    for (stage, code, words) in [
        (
            "{ $facet: { x: [ { $facet: { y: [] } } ] } }",
            40600,
            "$facet is not allowed to be used within a $facet stage",
        ),
        (
            "{ $facet: { test: [ { $lookup: { pipeline: [ { $documents: [ { a: 1 } ] } ], as: 'foo' } } ] } }",
            40600,
            "$documents inside of $lookup is not allowed to be used within a $facet stage",
        ),
        (
            "{ $facet: {} }",
            40169,
            "the $facet specification must be a non-empty object, but found: $facet: {}",
        ),
        (
            "{ $facet: { a: 1 } }",
            40170,
            "arguments to $facet must be arrays, a is type int",
        ),
        (
            "{ $facet: { a: [ 1 ] } }",
            40171,
            "elements of arrays in $facet spec must be non-empty objects, a argument contained an element of type int: 0: 1",
        ),
    ] {
        assert_eq!(
            run(&[], &[stage], &[]),
            Err((Some(code), words.to_owned())),
            "{stage}"
        );
    }
}

#[test]
fn bucket_and_sort_by_count_refuse_what_the_server_refuses() {
    // document_source_bucket.cpp and document_source_sort_by_count.cpp.
    for (stage, code, words) in [
        (
            "{ $bucket: 1 }",
            40201,
            "Argument to $bucket stage must be an object, but found type: int.",
        ),
        (
            "{ $bucket: { groupBy: 'price', boundaries: [0, 1] } }",
            40202,
            "The $bucket 'groupBy' field must be defined as a $-prefixed path or an expression, but found: \"price\".",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: 1 } }",
            40200,
            "The $bucket 'boundaries' field must be an array, but found type: int.",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [0, '$x'] } }",
            40191,
            "The $bucket 'boundaries' field must be an array of constant values, but found value: \"$x\".",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [0] } }",
            40192,
            "The $bucket 'boundaries' field must have at least 2 values, but found 1 value(s).",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [0, 'a'] } }",
            40193,
            "All values in the the 'boundaries' option to $bucket must have the same type. Found conflicting types int and string.",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [5, 1] } }",
            40194,
            "The 'boundaries' option to $bucket must be sorted, but elements 0 and 1 are not in ascending order (5 is not less than 1).",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [0, 10], default: 5 } }",
            40199,
            "The $bucket 'default' field must be less than the lowest boundary or greater than or equal to the highest boundary.",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [0, 10], output: 1 } }",
            40196,
            "The $bucket 'output' field must be an object, but found type: int.",
        ),
        (
            "{ $bucket: { groupBy: '$p', boundaries: [0, 10], foo: 1 } }",
            40197,
            "Unrecognized option to $bucket: foo.",
        ),
        (
            "{ $bucket: { groupBy: '$p' } }",
            40198,
            "$bucket requires 'groupBy' and 'boundaries' to be specified.",
        ),
        (
            "{ $sortByCount: { a: 1 } }",
            40147,
            "the sortByCount field must be defined as a $-prefixed path or an expression inside an object",
        ),
        (
            "{ $sortByCount: 'a' }",
            40148,
            "the sortByCount field must be defined as a $-prefixed path or an expression inside an object",
        ),
        (
            "{ $sortByCount: 1 }",
            40149,
            "the sortByCount field must be specified as a string or as an object",
        ),
    ] {
        assert_eq!(
            run(&[], &[stage], &[]),
            Err((Some(code), words.to_owned())),
            "{stage}"
        );
    }
    // A value in no bucket, without a default: the $switch the server builds fails.
    assert_eq!(
        run(
            &["{ p: 20 }"],
            &["{ $bucket: { groupBy: '$p', boundaries: [0, 10] } }"],
            &[]
        ),
        Err((
            Some(40066),
            "$switch could not find a matching branch for an input, and no default was specified."
                .to_owned()
        ))
    );
    // The default may sort before the buckets; missing values go to it.
    assert_eq!(
        run(
            &["{ p: 5 }", "{}"],
            &["{ $bucket: { groupBy: '$p', boundaries: [0, 10], default: -1 } }"],
            &[]
        ),
        Ok(printed(&["{ _id: -1, count: 1 }", "{ _id: 0, count: 1 }"]))
    );
}
