// Seed 000, "don't store dates as strings": three events, as a string and as a Date.
const d = db.getSiblingDB("lab04");
d.events.insertMany([
  { _id: "a", at: "2026-9-30",  atDate: new Date("2026-09-30T00:00:00Z") },
  { _id: "b", at: "2026-10-01", atDate: new Date("2026-10-01T00:00:00Z") },
  { _id: "c", at: "2026-10-15", atDate: new Date("2026-10-15T00:00:00Z") },
]);
const ids = cursor => JSON.stringify(cursor.map(e => e._id).toArray());
print("string range >= '2026-10-01':", ids(d.events.find({ at: { $gte: "2026-10-01" } })));
print("Date   range >= 2026-10-01  :", ids(d.events.find({ atDate: { $gte: new Date("2026-10-01T00:00:00Z") } })));
print("sort by string desc:", JSON.stringify(d.events.find().sort({ at: -1 }).map(e => e.at).toArray()));
print("Date query with string operand:", ids(d.events.find({ atDate: { $gte: "2026-10-01" } })));
