//! What a mongod would do for the console: databases of [`Collection`]s, and the operations
//! mongosh's methods send, answered with the server's results and errors.

use std::collections::{BTreeMap, BTreeSet};

use rand::RngCore;
use rand::rngs::StdRng;

use crate::bson::decimal128::Decimal128;
use crate::bson::ejson::{self, Mode};
use crate::bson::oid::ObjectIdProcess;
use crate::bson::shell::print_value_pretty;
use crate::bson::{Document, Value, document_size};
use crate::query::aggregate::{Collections, Context, Pipeline};
use crate::query::collation::Collation;
use crate::query::collection::{Collection, FindOptions, IndexOptions, UpdateOptions};
use crate::query::error::QueryError;
use crate::shell::names::{self, NameError};

/// An error as it reaches the script: which JavaScript class throws it, and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostError {
    /// `server` (a command error: `MongoServerError[CodeName]`), `write` (a write error:
    /// `MongoServerError`), `bulk` (`MongoBulkWriteError`), `bson` (`BSONError`), `type`
    /// (`TypeError`), `syntax` (`SyntaxError`) or `input` (`MongoshInvalidInputError`).
    pub kind: &'static str,
    /// The message, in the server's (or mongosh's) English words.
    pub message: String,
    /// The server's code, when it has one.
    pub code: Option<i32>,
}

impl HostError {
    fn input(message: impl Into<String>) -> Self {
        HostError {
            kind: "input",
            message: message.into(),
            code: None,
        }
    }

    /// A name the server refuses, as the command's error (`MongoServerError[InvalidNamespace]`).
    fn name(e: NameError) -> Self {
        HostError {
            kind: "server",
            message: e.message,
            code: Some(e.code),
        }
    }

    fn query(e: &QueryError, kind: &'static str) -> Self {
        HostError {
            kind,
            message: e.kind.to_string(),
            code: e.kind.code(),
        }
    }

    /// The server's `codeName` for the code, as mongosh shows it in `MongoServerError[...]`.
    pub fn code_name(&self) -> Option<String> {
        let code = self.code?;
        let name = match code {
            2 => "BadValue",
            4 => "NoSuchKey",
            9 => "FailedToParse",
            14 => "TypeMismatch",
            15 => "Overflow",
            26 => "NamespaceNotFound",
            27 => "IndexNotFound",
            28 => "PathNotViable",
            40 => "ConflictingUpdateOperators",
            50 => "MaxTimeMSExpired",
            52 => "DollarPrefixedFieldName",
            53 => "InvalidIdField",
            54 => "NotSingleValueField",
            56 => "EmptyFieldName",
            66 => "ImmutableField",
            67 => "CannotCreateIndex",
            72 => "InvalidOptions",
            73 => "InvalidNamespace",
            85 => "IndexOptionsConflict",
            86 => "IndexKeySpecsConflict",
            146 => "ExceededMemoryLimit",
            168 => "InvalidPipelineOperator",
            241 => "ConversionFailure",
            292 => "QueryExceededMemoryLimitNoDiskUseAllowed",
            10334 => "BSONObjectTooLarge",
            11000 => "DuplicateKey",
            11601 => "Interrupted",
            other => return Some(format!("Location{other}")),
        };
        Some(name.to_owned())
    }
}

type Reply = Result<Value, HostError>;

/// What the operations since the server was made (or since [`Server::forget_changes`]) did
/// to its collections: what a copy kept on disk must write again, and what it must delete.
/// Anything not named here is as it was loaded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    /// Collections created or written to (inserts, updates, deletes, indexes), as
    /// `(database, collection)`: each exists now.
    pub changed: BTreeSet<(String, String)>,
    /// Those of `changed` that did not exist when the counting started: a copy on disk has
    /// no files of theirs (any file by their names is someone else's).
    pub created: BTreeSet<(String, String)>,
    /// Collections that existed when the counting started and were dropped since (by `drop`
    /// or `dropDatabase`), not created again: none exists now.
    pub dropped: BTreeSet<(String, String)>,
    /// Databases dropped whole that held such collections, and have held none since.
    pub dropped_databases: BTreeSet<String>,
}

impl Changes {
    /// `db.coll` was written to; `new`: it did not exist before this operation.
    fn changed(&mut self, db: &str, coll: &str, new: bool) {
        let key = (db.to_owned(), coll.to_owned());
        // Created again after a drop: it existed when the counting started.
        if new && !self.dropped.remove(&key) {
            self.created.insert(key.clone());
        }
        self.dropped_databases.remove(db);
        self.changed.insert(key);
    }

    /// `db.coll` was dropped. Whether it existed when the counting started.
    fn dropped(&mut self, db: &str, coll: &str) -> bool {
        let key = (db.to_owned(), coll.to_owned());
        self.changed.remove(&key);
        if self.created.remove(&key) {
            return false;
        }
        self.dropped.insert(key);
        true
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.changed.is_empty() && self.dropped.is_empty() && self.dropped_databases.is_empty()
    }
}

/// The databases one console holds, with the client's and mongod's ObjectId processes.
///
/// Every database and collection name an operation brings is checked by the server's rules
/// ([`names`]) before anything is created, so a name that could leave a data folder (`..`,
/// `/`, a NUL) never becomes a database or a collection, whatever the script sent.
#[derive(Clone, Debug)]
pub struct Server {
    /// Database name → collection name → collection.
    pub databases: BTreeMap<String, BTreeMap<String, Collection>>,
    /// The shell's driver: `ObjectId()` and the `_id`s of inserted documents.
    pub client: ObjectIdProcess,
    /// mongod: the `_id`s of upserted documents.
    pub mongod: ObjectIdProcess,
    rng: StdRng,
    changes: Changes,
}

/// Reads argument `i` as a string.
fn string_at(args: &[Value], i: usize, what: &str) -> Result<String, HostError> {
    match args.get(i) {
        Some(Value::String(s)) => Ok(s.to_string()),
        _ => Err(HostError::input(format!("{what} must be a string"))),
    }
}

fn doc_at(args: &[Value], i: usize, what: &str) -> Result<Document, HostError> {
    match args.get(i) {
        Some(Value::Document(d)) => Ok(d.clone()),
        None | Some(Value::Null) => Ok(Document::new()),
        Some(_) => Err(HostError::input(format!("{what} must be an object"))),
    }
}

fn count(n: usize) -> Value {
    i32::try_from(n).map_or(Value::Int64(n as i64), Value::Int32)
}

fn number(v: Option<&Value>) -> Option<f64> {
    match v? {
        Value::Int32(n) => Some(f64::from(*n)),
        Value::Int64(n) => Some(*n as f64),
        Value::Double(x) => Some(*x),
        Value::Decimal128(d) => d.to_string().parse().ok(),
        _ => None,
    }
}

fn truthy(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null | Value::Undefined | Value::Boolean(false)) => false,
        Some(v) => number(Some(v)).is_none_or(|x| x != 0.0),
    }
}

impl Server {
    /// An empty server whose client and mongod processes are `client` and `mongod`, and
    /// whose UUIDs and `Math.random` come from `rng`.
    pub fn new(client: ObjectIdProcess, mongod: ObjectIdProcess, rng: StdRng) -> Self {
        Server {
            databases: BTreeMap::new(),
            client,
            mongod,
            rng,
            changes: Changes::default(),
        }
    }

    /// What the operations changed since the server was made, or since
    /// [`Server::forget_changes`]. Collections filled through [`Server::collection`] (a
    /// loader's) are not changes.
    pub fn changes(&self) -> &Changes {
        &self.changes
    }

    /// Starts counting changes afresh (after they were saved).
    pub fn forget_changes(&mut self) {
        self.changes = Changes::default();
    }

    /// A server whose client and mongod processes, UUIDs and `Math.random` all come from
    /// `seed`: the same seed, the same run.
    pub fn seeded(seed: u64) -> Self {
        let processes = crate::bson::oid::processes_from_seed(seed, 2);
        Server::new(
            processes[0].clone(),
            processes[1].clone(),
            crate::bson::oid::seeded_rng(seed ^ 0x5eed_5eed),
        )
    }

    /// Runs `op` with `args` (a mongosh method's request) at the time `now_ms`.
    ///
    /// # Errors
    /// The server's refusal, or mongosh's, as the script will see it thrown.
    pub fn call(&mut self, op: &str, args: &[Value], now_ms: i64) -> Reply {
        let secs = u32::try_from(now_ms.div_euclid(1000)).unwrap_or(0);
        match op {
            "now" => Ok(Value::Double(now_ms as f64)),
            "seed" => Ok(Value::Double(f64::from(self.rng.next_u32()))),
            "oid" => {
                let at = match number(args.first()) {
                    Some(x) => x as u32,
                    None => secs,
                };
                Ok(Value::String(self.client.next_id(at).to_hex().into()))
            }
            "uuid" => {
                let mut b = [0u8; 16];
                self.rng.fill_bytes(&mut b);
                b[6] = (b[6] & 0x0f) | 0x40;
                b[8] = (b[8] & 0x3f) | 0x80;
                Ok(Value::Array(
                    b.iter().map(|x| Value::Int32(i32::from(*x))).collect(),
                ))
            }
            "decimal" => {
                let s = string_at(args, 0, "Decimal128")?;
                Decimal128::parse(&s)
                    .map(|d| Value::String(d.to_string().into()))
                    .map_err(|_| HostError {
                        kind: "bson",
                        message: format!("Input: {s} is not a valid Decimal128 string"),
                        code: None,
                    })
            }
            "inspect" => Ok(Value::String(
                print_value_pretty(args.first().unwrap_or(&Value::Null)).into(),
            )),
            "bsonsize" => match args.first() {
                Some(Value::Document(d)) => Ok(count(document_size(d))),
                _ => Err(HostError::input("bsonsize takes a document")),
            },
            "ejson" => {
                let relaxed = truthy(args.get(1));
                let mode = if relaxed {
                    Mode::RelaxedJs
                } else {
                    Mode::Canonical
                };
                let v = args.first().unwrap_or(&Value::Null);
                Ok(Value::String(ejson::value_to_string(v, mode).into()))
            }
            "ejsonParse" => {
                let text = string_at(args, 0, "EJSON.parse's text")?;
                ejson::parse_value(&text).map_err(|e| HostError {
                    kind: "syntax",
                    message: e.to_string(),
                    code: None,
                })
            }
            "listDatabases" => Ok(Value::Array(
                self.databases
                    .iter()
                    .filter(|(_, colls)| !colls.is_empty())
                    .map(|(name, colls)| {
                        let bytes: usize = colls
                            .values()
                            .flat_map(Collection::documents)
                            .map(document_size)
                            .sum();
                        let mut d = Document::new();
                        d.push("name", name.as_str());
                        d.push("size", format!("{:.2} KiB", bytes as f64 / 1024.0));
                        Value::Document(d)
                    })
                    .collect(),
            )),
            "listCollections" => {
                let db = string_at(args, 0, "database name")?;
                names::check_database(&db).map_err(HostError::name)?;
                Ok(Value::Array(
                    self.databases
                        .get(&db)
                        .into_iter()
                        .flat_map(BTreeMap::keys)
                        .map(|k| Value::String(k.as_str().into()))
                        .collect(),
                ))
            }
            "createCollection" => {
                let (db, coll) = (string_at(args, 0, "db")?, string_at(args, 1, "name")?);
                names::check_create(&db, &coll).map_err(HostError::name)?;
                if self
                    .databases
                    .get(&db)
                    .is_some_and(|d| d.contains_key(&coll))
                {
                    return Err(HostError {
                        kind: "server",
                        message: format!("Collection {db}.{coll} already exists."),
                        code: Some(48),
                    });
                }
                self.collection(&db, &coll, secs);
                self.changes.changed(&db, &coll, true);
                Ok(Value::Null)
            }
            "dropDatabase" => {
                let db = string_at(args, 0, "db")?;
                names::check_database(&db).map_err(HostError::name)?;
                if let Some(colls) = self.databases.remove(&db)
                    && !colls.is_empty()
                {
                    let mut existed = false;
                    for coll in colls.keys() {
                        existed |= self.changes.dropped(&db, coll);
                    }
                    if existed {
                        self.changes.dropped_databases.insert(db.clone());
                    }
                }
                let mut d = Document::new();
                d.push("ok", 1);
                d.push("dropped", db.as_str());
                Ok(Value::Document(d))
            }
            _ => self.collection_op(op, args, secs, now_ms),
        }
    }

    /// The collection `db.coll`, created empty when it does not exist yet. Its names are not
    /// checked and the creation is not a change: this is how a loader fills the server (it
    /// checks the names it read itself).
    pub fn collection(&mut self, db: &str, coll: &str, secs: u32) -> &mut Collection {
        let (client, mongod) = (self.client.clone(), self.mongod.clone());
        let c = self
            .databases
            .entry(db.to_owned())
            .or_default()
            .entry(coll.to_owned())
            .or_insert_with(|| Collection::new(format!("{db}.{coll}"), client, mongod, secs));
        c.now_secs = secs;
        c
    }

    fn existing(&self, db: &str, coll: &str) -> Option<&Collection> {
        self.databases.get(db)?.get(coll)
    }

    /// Runs the write `f` on the collection with the console's processes, then keeps what
    /// they became: every collection and `ObjectId()` draw from one client process, as in one
    /// mongosh. The collection counts as changed when `f` succeeds or created it.
    fn with_collection<R, E>(
        &mut self,
        db: &str,
        coll: &str,
        secs: u32,
        f: impl FnOnce(&mut Collection) -> Result<R, E>,
    ) -> Result<R, E> {
        let (client, mongod) = (self.client.clone(), self.mongod.clone());
        let created = self.existing(db, coll).is_none();
        let c = self.collection(db, coll, secs);
        c.client = client;
        c.server = mongod;
        let out = f(c);
        let (client, mongod) = (c.client.clone(), c.server.clone());
        self.client = client;
        self.mongod = mongod;
        if created || out.is_ok() {
            self.changes.changed(db, coll, created);
        }
        out
    }

    fn collection_op(&mut self, op: &str, args: &[Value], secs: u32, now_ms: i64) -> Reply {
        let db = string_at(args, 0, "database name")?;
        if op == "aggregate" && matches!(args.get(1), Some(Value::Null)) {
            names::check_database(&db).map_err(HostError::name)?;
            return self.aggregate(&db, None, args, now_ms);
        }
        let coll = string_at(args, 1, "collection name")?;
        // The server's checks, here where the names arrive whatever the prelude did: a
        // write may create the collection, a read or a drop only looks it up.
        match op {
            "insertOne" | "insertMany" | "update" | "delete" | "findAndModify" | "createIndex" => {
                names::check_write(&db, &coll)
            }
            _ => names::check_namespace(&db, &coll),
        }
        .map_err(HostError::name)?;
        let rest = &args[2.min(args.len())..];
        match op {
            "insertOne" => {
                let doc = doc_at(rest, 0, "Document")?;
                self.with_collection(&db, &coll, secs, |c| c.insert_one(doc))
                    .map_err(|e| HostError::query(&e, "write"))
            }
            "insertMany" => {
                let Some(Value::Array(docs)) = rest.first() else {
                    return Err(HostError::input("documents must be an array"));
                };
                let mut out = Vec::with_capacity(docs.len());
                let ordered = truthy(rest.get(1));
                let mut first_error = None;
                for (i, d) in docs.iter().enumerate() {
                    let Value::Document(d) = d else {
                        return Err(HostError::input(format!("documents.{i} must be an object")));
                    };
                    let d = d.clone();
                    match self.with_collection(&db, &coll, secs, |c| c.insert_one(d)) {
                        Ok(id) => out.push(id),
                        Err(e) => {
                            first_error.get_or_insert(e);
                            if ordered {
                                break;
                            }
                        }
                    }
                }
                match first_error {
                    Some(e) => Err(HostError::query(&e, "bulk")),
                    None => Ok(Value::Array(out)),
                }
            }
            "find" => self.find(&db, &coll, rest),
            "distinct" => {
                let key = string_at(rest, 0, "key")?;
                let filter = doc_at(rest, 1, "filter")?;
                match self.existing(&db, &coll) {
                    None => Ok(Value::Array(Vec::new())),
                    Some(c) => c
                        .distinct(&key, &filter)
                        .map(Value::Array)
                        .map_err(|e| HostError::query(&e, "server")),
                }
            }
            "update" => self.update(&db, &coll, rest, secs),
            "delete" => {
                let filter = doc_at(rest, 0, "filter")?;
                let many = truthy(rest.get(1));
                if self.existing(&db, &coll).is_none() {
                    return Ok(Value::Int32(0));
                }
                self.with_collection(&db, &coll, secs, |c| {
                    if many {
                        c.delete_many(&filter)
                    } else {
                        c.delete_one(&filter)
                    }
                })
                .map(count)
                .map_err(|e| HostError::query(&e, "write"))
            }
            "findAndModify" => self.find_and_modify(&db, &coll, rest, secs),
            "aggregate" => self.aggregate(&db, Some(&coll), args, now_ms),
            "createIndex" => {
                let keys = doc_at(rest, 0, "keys")?;
                let options = doc_at(rest, 1, "options")?;
                let options = IndexOptions {
                    unique: truthy(options.get("unique")),
                    name: options
                        .get("name")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                };
                self.with_collection(&db, &coll, secs, |c| c.create_index(&keys, &options))
                    .map(|name| Value::String(name.into()))
                    .map_err(|e| HostError::query(&e, "server"))
            }
            "getIndexes" => match self.existing(&db, &coll) {
                None => Err(HostError {
                    kind: "server",
                    message: format!("ns does not exist: {db}.{coll}"),
                    code: Some(26),
                }),
                Some(c) => Ok(Value::Array(
                    c.list_indexes().into_iter().map(Value::Document).collect(),
                )),
            },
            "dropIndex" => {
                let name = string_at(rest, 0, "index name")?;
                if self.existing(&db, &coll).is_none() {
                    return Err(HostError {
                        kind: "server",
                        message: format!("ns not found {db}.{coll}"),
                        code: Some(26),
                    });
                }
                let was = self.with_collection(&db, &coll, secs, |c| {
                    if name == "*" {
                        let was = c.list_indexes().len();
                        let names: Vec<String> = c
                            .list_indexes()
                            .iter()
                            .filter_map(|i| {
                                i.get("name").and_then(Value::as_str).map(str::to_owned)
                            })
                            .filter(|n| n != "_id_")
                            .collect();
                        names.iter().try_for_each(|n| c.drop_index(n).map(|_| ()))?;
                        Ok(was)
                    } else {
                        c.drop_index(&name)
                    }
                });
                let was = was.map_err(|e| HostError::query(&e, "server"))?;
                let mut d = Document::new();
                d.push("nIndexesWas", count(was));
                d.push("ok", 1);
                Ok(Value::Document(d))
            }
            "drop" => {
                let dropped = self
                    .databases
                    .get_mut(&db)
                    .and_then(|colls| colls.remove(&coll))
                    .is_some();
                if dropped {
                    self.changes.dropped(&db, &coll);
                }
                Ok(Value::Boolean(dropped))
            }
            other => Err(HostError::input(format!("unknown operation {other}"))),
        }
    }

    fn find_options(options: &Document) -> Result<FindOptions, HostError> {
        let limit = number(options.get("limit")).map(|x| x.abs() as usize);
        let collation = match options.get("collation") {
            Some(Value::Document(spec)) => Collation::parse(spec).map_err(|e| HostError {
                kind: "server",
                message: e.to_string(),
                code: None,
            })?,
            _ => Collation::default(),
        };
        Ok(FindOptions {
            projection: match options.get("projection") {
                Some(Value::Document(p)) => Some(p.clone()),
                _ => None,
            },
            sort: match options.get("sort") {
                Some(Value::Document(s)) => Some(s.clone()),
                _ => None,
            },
            skip: number(options.get("skip")).map_or(0, |x| x.max(0.0) as usize),
            limit: limit.filter(|n| *n > 0),
            collation,
            allow_disk_use: options.get("allowDiskUse").map(|v| truthy(Some(v))),
            spill_dir: None,
        })
    }

    fn find(&self, db: &str, coll: &str, rest: &[Value]) -> Reply {
        let filter = doc_at(rest, 0, "filter")?;
        let options = doc_at(rest, 1, "options")?;
        let counting = truthy(options.get("count"));
        let find = Self::find_options(&options)?;
        let Some(c) = self.existing(db, coll) else {
            return Ok(if counting {
                Value::Int32(0)
            } else {
                Value::Array(Vec::new())
            });
        };
        if counting && find.skip == 0 && find.limit.is_none() && find.collation.is_simple() {
            // Counted where the documents are, none copied: a count must not take as much
            // memory as the collection.
            return c
                .count_documents(&filter)
                .map(count)
                .map_err(|e| HostError::query(&e, "server"));
        }
        let found = c
            .find(&filter, &find)
            .map_err(|e| HostError::query(&e, "server"))?;
        Ok(if counting {
            count(found.len())
        } else {
            Value::Array(found.into_iter().map(Value::Document).collect())
        })
    }

    fn update(&mut self, db: &str, coll: &str, rest: &[Value], secs: u32) -> Reply {
        let filter = doc_at(rest, 0, "filter")?;
        let update = rest.get(1).cloned().unwrap_or(Value::Null);
        let options = doc_at(rest, 2, "options")?;
        let multi = truthy(rest.get(3));
        let replace = truthy(rest.get(4));
        let upsert = UpdateOptions {
            upsert: truthy(options.get("upsert")),
        };
        let array_filters: Vec<Document> = match options.get("arrayFilters") {
            Some(Value::Array(list)) => list
                .iter()
                .filter_map(|v| v.as_document().cloned())
                .collect(),
            _ => Vec::new(),
        };
        let modifiers = match &update {
            Value::Document(d) => d.keys().next().is_some_and(|k| k.starts_with('$')),
            Value::Array(_) => true,
            _ => return Err(HostError::input("Update must be an object or an array")),
        };
        if replace {
            let Value::Document(doc) = &update else {
                return Err(HostError::input("Replacement must be an object"));
            };
            if modifiers {
                return Err(HostError::input(
                    "Replacement document must not contain atomic operators",
                ));
            }
            return self
                .with_collection(db, coll, secs, |c| c.replace_one(&filter, doc, upsert))
                .map(|r| Value::Document(r.shell_result()))
                .map_err(|e| HostError::query(&e, "write"));
        }
        if !modifiers {
            return Err(HostError::input(
                "Update document requires atomic operators",
            ));
        }
        self.with_collection(db, coll, secs, |c| {
            c.update_statement(&filter, &update, &array_filters, upsert, multi)
        })
        .map(|r| Value::Document(r.shell_result()))
        .map_err(|e| HostError::query(&e, "write"))
    }

    /// `findOneAndUpdate`/`Replace`/`Delete`: the first document in `sort` order, changed by
    /// its `_id`, returned before (the default) or after.
    fn find_and_modify(&mut self, db: &str, coll: &str, rest: &[Value], secs: u32) -> Reply {
        let filter = doc_at(rest, 0, "filter")?;
        let update = rest.get(1).cloned().unwrap_or(Value::Null);
        let options = doc_at(rest, 2, "options")?;
        let kind = string_at(rest, 3, "kind")?;
        let after = options.get("returnDocument").and_then(Value::as_str) == Some("after")
            || truthy(options.get("returnNewDocument"));
        let mut find = Self::find_options(&options)?;
        let projection = find.projection.take();
        find.limit = Some(1);
        let before = match self.existing(db, coll) {
            Some(c) => c
                .find(&filter, &find)
                .map_err(|e| HostError::query(&e, "server"))?
                .into_iter()
                .next(),
            None => None,
        };
        let project = |server: &Server, id: &Value| -> Reply {
            let mut by_id = Document::new();
            by_id.push("_id", id.clone());
            let options = FindOptions {
                projection: projection.clone(),
                ..FindOptions::default()
            };
            Ok(server
                .existing(db, coll)
                .map(|c| c.find(&by_id, &options))
                .transpose()
                .map_err(|e| HostError::query(&e, "server"))?
                .and_then(|d| d.into_iter().next())
                .map_or(Value::Null, Value::Document))
        };
        let target = match &before {
            Some(d) => {
                let mut by_id = Document::new();
                by_id.push("_id", d.get("_id").cloned().unwrap_or(Value::Null));
                by_id
            }
            None => filter.clone(),
        };
        let shown_before = match &before {
            Some(d) => project(self, d.get("_id").unwrap_or(&Value::Null))?,
            None => Value::Null,
        };
        if kind == "delete" {
            if before.is_some() {
                self.with_collection(db, coll, secs, |c| c.delete_one(&target))
                    .map_err(|e| HostError::query(&e, "write"))?;
            }
            return Ok(shown_before);
        }
        let mut args = vec![
            Value::Document(target),
            update,
            Value::Document(options.clone()),
        ];
        args.push(Value::Boolean(false));
        args.push(Value::Boolean(kind == "replace"));
        let result = self.update(db, coll, &args, secs)?;
        if !after {
            return Ok(shown_before);
        }
        let id = match (&before, &result) {
            (Some(d), _) => d.get("_id").cloned(),
            (None, Value::Document(r)) => {
                r.get("insertedId").cloned().filter(|v| *v != Value::Null)
            }
            _ => None,
        };
        match id {
            Some(id) => project(self, &id),
            None => Ok(Value::Null),
        }
    }

    fn aggregate(&mut self, db: &str, coll: Option<&str>, args: &[Value], now_ms: i64) -> Reply {
        let stages: Vec<Document> = match args.get(2) {
            Some(Value::Array(list)) => list
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    s.as_document().cloned().ok_or_else(|| HostError {
                        kind: "server",
                        message: format!(
                            "Each element of the 'pipeline' array must be an object (pipeline.{i})"
                        ),
                        code: Some(14),
                    })
                })
                .collect::<Result<_, _>>()?,
            _ => return Err(HostError::input("pipeline must be an array")),
        };
        let options = doc_at(args, 3, "options")?;
        if coll.is_none() {
            let first = stages.first().and_then(|s| s.keys().next()).unwrap_or("");
            if first != "$documents" {
                return Err(HostError {
                    kind: "server",
                    message: format!(
                        "{{aggregate: 1}} is not valid for '{first}'; a collection is required."
                    ),
                    code: Some(73),
                });
            }
        }
        let input: Vec<Document> = coll
            .and_then(|c| self.existing(db, c))
            .map(|c| c.documents().cloned().collect())
            .unwrap_or_default();
        let others: Collections = self
            .databases
            .get(db)
            .map(|colls| {
                colls
                    .iter()
                    .map(|(name, c)| (name.clone(), c.documents().cloned().collect()))
                    .collect()
            })
            .unwrap_or_default();
        let mut pipeline = Pipeline::parse(&stages).map_err(|e| HostError::query(&e, "server"))?;
        if let Some(Value::Document(spec)) = options.get("collation") {
            let collation = Collation::parse(spec).map_err(|e| HostError {
                kind: "server",
                message: e.to_string(),
                code: None,
            })?;
            pipeline = pipeline.collation(&collation);
        }
        if let Some(allow) = options.get("allowDiskUse") {
            pipeline = pipeline.allow_disk_use(truthy(Some(allow)));
        }
        pipeline
            .run_in(&input, &Context { now_ms }, &others)
            .map(|docs| Value::Array(docs.into_iter().map(Value::Document).collect()))
            .map_err(|e| HostError::query(&e, "server"))
    }
}
