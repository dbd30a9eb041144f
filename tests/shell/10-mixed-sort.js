// Seed 000, "BSON order: the type first, then the value": one field of many types, sorted.
const d = db.getSiblingDB("lab04");
d.mixed.insertMany([
  { _id: "date", v: new Date("2020-01-01T00:00:00Z") }, { _id: "bool", v: true },
  { _id: "oid", v: ObjectId("000000000000000000000000") },
  { _id: "str10", v: "10" }, { _id: "str9", v: "9" }, { _id: "int10", v: 10 },
  { _id: "dbl9.5", v: 9.5 }, { _id: "dec2", v: NumberDecimal("2") },
  { _id: "long100", v: NumberLong("100") }, { _id: "null", v: null }, { _id: "missing" },
  { _id: "object", v: { a: 1 } }, { _id: "array", v: [5, "x"] },
  { _id: "emptyArr", v: [] }, { _id: "binData", v: UUID() },
]);
print(d.mixed.find({}, { _id: 1 }).sort({ v: 1, _id: 1 }).map(x => x._id).toArray().join(" "));
