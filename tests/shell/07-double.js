// Seed 000, "JavaScript's own traps": 42.0 is an int, Double(42) a double, 2^53 + 1 rounds.
const d = db.getSiblingDB("lab04");
d.t.insertMany([{ _id: 1, v: 42.0 }, { _id: 2, v: Double(42) }, { _id: 3, v: 42.5 }]);
printjson(d.t.aggregate([{ $project: { v: 1, t: { $type: "$v" } } }]).toArray());
printjson({ jsLiteral: 9007199254740993, long: NumberLong("9007199254740993") });
printjson(NumberLong(9007199254740993));
