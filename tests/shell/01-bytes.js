// Seed 000, "36 bytes of one document": the document, its size, and the JSON that is smaller.
const d = db.getSiblingDB("lab04");
d.hex.insertOne({ _id: 1, name: "An", age: 30 });
const doc = d.hex.findOne();
printjson(doc);
print("bson bytes:", Object.bsonsize(doc));
print("json bytes:", JSON.stringify(doc).length);
printjson(d.aggregate([{ $documents: [{}] }, { $project: { _id: 0,
  bson: { $bsonSize: { $literal: { _id: 1, name: "An", age: 30 } } },
  json: { $strLenBytes: '{"_id":1,"name":"An","age":30}' } } }]).toArray());
