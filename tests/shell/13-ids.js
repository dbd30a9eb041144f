// Seed 000, "UUID and the other choices for _id": any type but an array, a regex or
// undefined, unique by value: 1, 1.0 and NumberLong(1) are one key.
const d = db.getSiblingDB("lab04");
printjson(d.ids.insertOne({ _id: 1 }));
printjson(d.ids.insertOne({ _id: "1" }));
printjson(d.ids.insertOne({ _id: UUID("340a73e3-5b2b-45a8-892d-712753c15406") }));
printjson(d.ids.insertOne({ _id: { region: "vn", n: 7 } }));
for (const id of [NumberLong(1), [1, 2], /x/]) {
  try { d.ids.insertOne({ _id: id }); } catch (e) { print(`${e.name}: ${e.message}`); }
}
try { d.ids.insertMany([{ _id: 2 }, { _id: 2.0 }, { _id: 3 }]); } catch (e) { print(`${e.name}: ${e.message}`); }
print(d.ids.countDocuments({}), d.ids.distinct("_id").map(v => EJSON.stringify(v)).join(" "));
d.ids.insertOne({ _id: 1 });
