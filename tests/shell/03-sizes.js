// Seed 000, "the main types and their sizes", and long key names.
const d = db.getSiblingDB("lab04");
d.sizes.insertMany([
  { label: "int32", v: 1 }, { label: "int64", v: NumberLong("1") }, { label: "double", v: 1.5 },
  { label: "decimal128", v: NumberDecimal("1.5") }, { label: "boolean", v: true },
  { label: "null", v: null }, { label: "date", v: new Date("2026-10-08T00:00:00Z") },
  { label: "objectId", v: ObjectId("6ac71201a9fded4f0c2e7ec8") },
  { label: "uuid", v: UUID("340a73e3-5b2b-45a8-892d-712753c15406") },
  { label: "string 'An'", v: "An" },
  { label: "date as string", v: "2026-10-08T00:00:00.000Z" },
  { label: "uuid as string", v: "340a73e3-5b2b-45a8-892d-712753c15406" },
  { label: "objectId as string", v: "6ac71201a9fded4f0c2e7ec8" },
]);
d.sizes.aggregate([
  { $project: { _id: 0, label: 1, type: { $type: "$v" }, size: { $bsonSize: { v: "$v" } } } }
]).forEach(r => print(r.label.padEnd(20), r.type.padEnd(8), r.size, "value:", r.size - 8));
printjson(d.aggregate([{ $documents: [{}] }, { $project: { _id: 0,
  longNames:  { $bsonSize: { $literal: { customerEmailAddress: "an@x.vn",
                  customerPhoneNumber: "0901234567", customerCreatedAt: new Date(0) } } },
  shortNames: { $bsonSize: { $literal: { email: "an@x.vn",
                  phone: "0901234567", createdAt: new Date(0) } } } } }]).toArray());
