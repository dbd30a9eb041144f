// Seed 000, "0.1 + 0.2 on the server", and in the shell's own JavaScript.
printjson(db.getSiblingDB("lab04").aggregate([{ $documents: [{}] }, { $project: {
  dbl:   { $add: [0.1, 0.2] },
  dec:   { $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] },
  dblEq: { $eq: [{ $add: [0.1, 0.2] }, 0.3] },
  decEq: { $eq: [{ $add: [NumberDecimal("0.1"), NumberDecimal("0.2")] }, NumberDecimal("0.3")] }
} }]).toArray());
print("in JavaScript:", 0.1 + 0.2, 0.1 + 0.2 === 0.3);
