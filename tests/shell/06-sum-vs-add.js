// Seed 000: $sum of ten doubles 0.1 in one aggregation against $add of the same ten.
const d = db.getSiblingDB("lab04");
d.tenths.insertMany(Array.from({ length: 10 }, (_, i) => ({ _id: i, v: 0.1 })));
printjson(d.tenths.aggregate([{ $group: { _id: null, sum: { $sum: "$v" } } }]).toArray());
printjson(d.aggregate([{ $documents: [{}] },
  { $project: { add: { $add: Array(10).fill(0.1) } } }]).toArray());
