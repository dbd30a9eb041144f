// Seed 000, "type bracketing: why '42' is not 42": userId stored as numbers and a string.
const d = db.getSiblingDB("lab04");
d.orders.insertMany([
  { _id: 1, userId: 42 }, { _id: 2, userId: "42" }, { _id: 3, userId: NumberLong("42") },
  { _id: 4, userId: 42.0 }, { _id: 5, userId: NumberDecimal("42.00") },
]);
const ids = f => JSON.stringify(d.orders.find(f).map(o => o._id).toArray());
print("find({userId: 42})        ->", ids({ userId: 42 }));
print('find({userId: "42"})      ->', ids({ userId: "42" }));
print("find({userId: {$gt: 0}})  ->", ids({ userId: { $gt: 0 } }));
print('find({userId: {$gt: ""}}) ->', ids({ userId: { $gt: "" } }));
print("types:", JSON.stringify(d.orders.aggregate([
  { $group: { _id: { $type: "$userId" }, n: { $sum: 1 } } }, { $sort: { _id: 1 } }]).toArray()));
