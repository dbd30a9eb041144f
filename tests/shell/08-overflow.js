// Seed 000: $inc past the largest int32 makes the field a long.
const d = db.getSiblingDB("lab04");
d.ctr.insertOne({ _id: 1, n: NumberInt("2147483647") });
printjson(d.ctr.updateOne({ _id: 1 }, { $inc: { n: NumberInt("1") } }));
printjson(d.ctr.aggregate([{ $project: { n: 1, t: { $type: "$n" } } }]).toArray());
