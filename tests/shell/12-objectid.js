// Seed 000, "dissecting real ObjectIds": five ids of this process, cut in three; the time
// they carry; an id mongod makes for an upsert; ids as time bounds.
const split = id => { const h = id.toString(); return `${h.slice(0,8)} | ${h.slice(8,18)} | ${h.slice(18)}`; };
for (let i = 0; i < 5; i++) print(split(ObjectId()));
print("getTimestamp():", ObjectId().getTimestamp().toISOString(), " now:", new Date().toISOString());
const c = db.getSiblingDB("lab04").seq;
const s = id => { const h = id.toString(); return h.slice(0,8)+" "+h.slice(8,18)+" "+h.slice(18); };
c.updateOne({ proc: "server" }, { $set: { at: new Date() } }, { upsert: true });  // mongod makes the _id
print("server-generated:", s(c.findOne({ proc: "server" })._id));
print("client-generated:", s(ObjectId()));                                      // the shell makes it
const secs = Math.floor(new Date("2026-10-08T00:00:00Z").getTime() / 1000);
print(ObjectId(secs).toString());
print(ObjectId.createFromTime(secs).toString());
print(c.countDocuments({ _id: { $gte: ObjectId.createFromTime(secs) } }));
print(ObjectId("6ac711ed454f588ca2d05d4b").getTimestamp().toISOString(), parseInt("6ac711ed", 16));
