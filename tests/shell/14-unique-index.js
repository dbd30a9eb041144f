// Seed 000's advice for a natural key: keep the ObjectId _id and make the business key a
// unique index; the server then refuses a second document with the same key.
const d = db.getSiblingDB("lab04");
print(d.users.createIndex({ email: 1 }, { unique: true }));
d.users.insertOne({ email: "an@x.vn", name: "An" });
try { d.users.insertOne({ email: "an@x.vn", name: "An again" }); } catch (e) { print(`${e.name}: ${e.message}`); }
// A missing key is indexed as null: only one document may lack it.
d.users.insertOne({ name: "no email" });
try { d.users.insertOne({ name: "no email either" }); } catch (e) { print(`${e.name}: ${e.message}`); }
printjson(d.users.getIndexes());
print(d.users.countDocuments(), JSON.stringify(d.users.distinct("name")));
printjson(d.users.dropIndex("email_1"));
d.users.insertOne({ email: "an@x.vn", name: "An, once the index is gone" });
print(d.users.countDocuments({ email: "an@x.vn" }));
