// Seed 000, "JSON loses the types": one document printed three ways.
const doc = { _id: ObjectId("6ac71201a9fded4f0c2e7ec8"), qty: 42,
  total: NumberDecimal("19.99"), views: NumberLong("9007199254740993"),
  at: new Date("2026-10-08T10:00:00Z"), ref: UUID("340a73e3-5b2b-45a8-892d-712753c15406") };
print(JSON.stringify(doc));
print(EJSON.stringify(doc));                      // relaxed
print(EJSON.stringify(doc, { relaxed: false }));  // canonical
printjson(doc);
// Reading canonical back keeps every type.
printjson(EJSON.parse(EJSON.stringify(doc, { relaxed: false })));
