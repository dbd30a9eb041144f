// Seed 000: a wallet credited 0.1 ten times with $inc, one update each.
const d = db.getSiblingDB("lab04");
d.wallet.insertOne({ _id: "w1", dbl: 0, dec: NumberDecimal("0") });
for (let i = 0; i < 10; i++)
  d.wallet.updateOne({ _id: "w1" }, { $inc: { dbl: 0.1, dec: NumberDecimal("0.1") } });
printjson(d.wallet.findOne());
print(d.wallet.countDocuments({ dbl: 1 }), d.wallet.countDocuments({ dec: 1 }));
