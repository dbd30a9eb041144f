//! Secondary indexes, as the server builds and keeps them (`createIndex`, `dropIndex`,
//! `getIndexes`): the key patterns it accepts, the names the driver gives them, the keys a
//! document has in one, and a unique index's refusal of a second document with the same key.
//!
//! - A key is one value per field of the pattern; a missing field is indexed as null, so two
//!   documents without `email` share the key `{ email: null }`.
//! - An array is multikey: each element is a key of its own (`tags: ["a", "b"]` has two), one
//!   level deep (`[[1, 2]]` has the key `[1, 2]`); an empty array is indexed as `undefined`.
//!   A document's keys form a set, so `[1, 1]` does not collide with itself.
//! - Keys compare as the `_id` index compares them
//!   ([`OrderedValue`](crate::query::sort::OrderedValue)): `1`, `1.0` and
//!   `NumberLong(1)` are one key.
//! - Two fields of one compound pattern that are both arrays in one document cannot be
//!   indexed ("cannot index parallel arrays [b] [a]"): the keys would be every pair.
//!
//! Only ascending and descending keys are built; the server's other index types (`2dsphere`,
//! `text`, `hashed`, wildcard) are refused with the tutor's own
//! [`QueryErrorKind::IndexTypeNotImplemented`].

use std::collections::{BTreeMap, BTreeSet};

mod keys;
mod pattern;

pub use pattern::index_name;

use super::Collection;
use crate::bson::num::Number;
use crate::bson::{Document, Value};
use crate::query::error::{QueryError, QueryErrorKind, code};
use crate::query::update::server_document;
use keys::{IndexKey, Parallel, index_keys};
use pattern::{
    catalog_spec, check_key_pattern, id_key, is_id_pattern, plugin_name, same_key, sent_spec,
};

/// The options of `createIndex` that this collection honours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexOptions {
    /// Refuse a second document with the same key (`{ unique: true }`).
    pub unique: bool,
    /// The index's name; `None` for the name the driver makes ([`index_name`]).
    pub name: Option<String>,
}

/// A secondary index: its pattern, name and options, and the records under each key.
#[derive(Clone, Debug)]
pub(super) struct Index {
    name: String,
    /// The key pattern as it was given (`{ email: 1 }`), as `getIndexes` shows it.
    key: Document,
    /// The pattern's dotted paths, split at the dots.
    paths: Vec<Vec<String>>,
    descending: Vec<bool>,
    unique: bool,
    entries: BTreeMap<IndexKey, BTreeSet<u64>>,
}

/// What one write changes in one index.
pub(super) struct KeyChange {
    removed: Vec<IndexKey>,
    added: Vec<IndexKey>,
}

impl Index {
    fn new(name: String, key: &Document, unique: bool) -> Index {
        let (paths, descending) = key
            .iter()
            .map(|(path, v)| {
                let down = Number::of(v).is_some_and(|n| n.to_f64() < 0.0);
                (path.split('.').map(str::to_owned).collect(), down)
            })
            .unzip();
        Index {
            name,
            key: key.clone(),
            paths,
            descending,
            unique,
            entries: BTreeMap::new(),
        }
    }

    /// The index as `listIndexes` describes it: `{ v: 2, key: { email: 1 }, name: 'email_1',
    /// unique: true }`.
    fn describe(&self) -> Document {
        let mut d = Document::with_capacity(4);
        d.push("v", 2);
        d.push("key", self.key.clone());
        d.push("name", self.name.as_str());
        if self.unique {
            d.push("unique", true);
        }
        d
    }

    /// The index as the catalog stores it and quotes it in its conflicts (`IndexCatalog`'s
    /// `_fixIndexSpec`: `v`, `unique`, `key`, `name`, in that order).
    fn info(&self) -> String {
        catalog_spec(&self.key, &self.name, self.unique)
    }

    /// The keys `doc` has in this index; a document's keys are a set.
    fn keys(&self, doc: &Document) -> Result<BTreeSet<IndexKey>, QueryError> {
        index_keys(&self.paths, &self.descending, doc).map_err(|Parallel { first, second }| {
            QueryError::new(
                "",
                QueryErrorKind::server(
                    code::CANNOT_INDEX_PARALLEL_ARRAYS,
                    format!("cannot index parallel arrays [{first}] [{second}]"),
                ),
            )
        })
    }

    /// The changes a write makes here, checked: `new` (the document stored as `record`,
    /// which held `old` before) must have keys, and in a unique index none of its new keys
    /// may belong to another record.
    fn check(
        &self,
        namespace: &str,
        record: Option<u64>,
        old: Option<&Document>,
        new: &Document,
    ) -> Result<KeyChange, QueryError> {
        let new_keys = self.keys(new)?;
        let old_keys = match old {
            Some(d) => self.keys(d)?,
            None => BTreeSet::new(),
        };
        let added: Vec<IndexKey> = new_keys.difference(&old_keys).cloned().collect();
        if self.unique {
            // The server inserts the keys in order: the first taken one is reported.
            for key in &added {
                if self
                    .entries
                    .get(key)
                    .is_some_and(|owners| owners.iter().any(|r| Some(*r) != record))
                {
                    return Err(self.duplicate(namespace, key));
                }
            }
        }
        Ok(KeyChange {
            removed: old_keys.difference(&new_keys).cloned().collect(),
            added,
        })
    }

    fn apply(&mut self, record: u64, change: KeyChange) {
        for key in change.removed {
            if let Some(owners) = self.entries.get_mut(&key) {
                owners.remove(&record);
                if owners.is_empty() {
                    self.entries.remove(&key);
                }
            }
        }
        for key in change.added {
            self.entries.entry(key).or_default().insert(record);
        }
    }

    /// The server's E11000 for `key` in this index.
    fn duplicate(&self, namespace: &str, key: &IndexKey) -> QueryError {
        let fields: Vec<(&str, &Value)> = self
            .key
            .keys()
            .zip(&key.0)
            .map(|(path, part)| (path, &part.value))
            .collect();
        // One field: the error is about that path; a compound key is about the document.
        let at = match fields.as_slice() {
            [(path, _)] => *path,
            _ => "",
        };
        QueryError::new(at, super::duplicate_key(namespace, &self.name, &fields))
    }
}

/// The most indexes a collection holds, the `_id` index included.
const MAX_INDEXES: usize = 64;

impl Collection {
    /// Creates a secondary index over the key pattern `keys` (`{ email: 1 }`, `{ a: 1, b: -1
    /// }`) and builds it over the stored documents; returns its name (generated as the
    /// driver does when `options.name` is `None`: [`index_name`]). Creating an index that
    /// exists with the same name, keys and options again changes nothing and returns its
    /// name. An index with the same keys but another `unique` is a different index and may
    /// be created under another name, as since MongoDB 5.0.
    ///
    /// From then on every write that stores a document checks a unique index: a second
    /// document with the same key is refused with the server's E11000 and nothing is
    /// written. A document's keys are the server's: a missing field is null (two documents
    /// without `email` collide on `{ email: null }`), each element of an array is a key of
    /// its own (an empty array is `undefined`), a document never collides with itself
    /// (`[1, 1]`), and values compare as on the `_id` index (`1` and `1.0` are one key).
    ///
    /// # Errors
    /// The server's refusals, in its order:
    /// - a bad key pattern, inside the server's frame around the spec mongosh sends:
    ///   "Error in specification { name: \"a_0\", key: { a: 0 } } :: caused by :: Values in
    ///   the index key pattern cannot be 0." (code 67; also an empty pattern, a value that is
    ///   not a number or a string, an unknown index type, a `$`-prefixed field name);
    /// - the names `_id_` and `*` for another pattern, an empty name (code 2, 67);
    /// - "An existing index has the same name as the requested index. When index names are
    ///   not specified, they are auto generated and can cause conflicts. Please refer to our
    ///   documentation. Requested index: { v: 2, unique: true, key: { email: 1 }, name:
    ///   \"email_1\" }, existing index: { v: 2, key: { email: 1 }, name: \"email_1\" }"
    ///   (IndexKeySpecsConflict, 86), and "Index already exists with a different name:
    ///   email_1" (IndexOptionsConflict, 85);
    /// - a build that fails on the stored documents: "Index build failed: Collection
    ///   lab04.users :: caused by :: E11000 duplicate key error collection: lab04.users
    ///   index: email_1 dup key: { email: \"a\" }" (code 11000; the smallest duplicated key in
    ///   the index's order), or "... :: caused by :: cannot index parallel arrays [b] [a]"
    ///   (171). The server names the build and the collection by UUID ("Index build failed:
    ///   4b0bc6a9-...: Collection lab04.users ( 8c31e9f2-... )"); this collection has no
    ///   UUIDs, so those parts are left out.
    ///
    /// The index types this tutor does not build (`2dsphere`, `text`, `hashed`, `2d`,
    /// wildcard) are refused with [`QueryErrorKind::IndexTypeNotImplemented`], after the
    /// server's own checks.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collection::{Collection, IndexOptions};
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let mut c = Collection::new("lab04.users", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 0);
    /// let unique = IndexOptions { unique: true, ..IndexOptions::default() };
    /// assert_eq!(c.create_index(&doc("{ email: 1 }"), &unique).unwrap(), "email_1");
    /// c.insert_one(doc("{ _id: 1, email: 'a@x' }")).unwrap();
    /// let e = c.insert_one(doc("{ _id: 2, email: 'a@x' }")).unwrap_err();
    /// assert_eq!(e.kind.to_string(), "E11000 duplicate key error collection: lab04.users \
    ///                                 index: email_1 dup key: { email: \"a@x\" }");
    /// assert_eq!(e.kind.code(), Some(11000));
    /// assert_eq!(c.len(), 1);
    /// ```
    pub fn create_index(
        &mut self,
        keys: &Document,
        options: &IndexOptions,
    ) -> Result<String, QueryError> {
        let name = options.name.clone().unwrap_or_else(|| index_name(keys));
        let server =
            |code: i32, text: String| QueryError::new("", QueryErrorKind::server(code, text));
        check_key_pattern(keys).map_err(|kind| {
            let spec = server_document(&sent_spec(keys, &name, options));
            QueryError::new(
                "",
                QueryErrorKind::caused_by(format!("Error in specification {spec}"), kind),
            )
        })?;
        if is_id_pattern(keys) {
            return self.create_id_index(keys, &name, options);
        }
        if name == "_id_" {
            return Err(server(
                code::BAD_VALUE,
                format!(
                    "The index name '_id_' is reserved for the _id index, which must have key pattern {{_id: 1}}, found key: {}",
                    server_document(keys)
                ),
            ));
        }
        if name == "*" {
            return Err(server(
                code::BAD_VALUE,
                "The index name '*' is not valid.".into(),
            ));
        }
        check_name(&name)?;
        let plugin = plugin_name(keys);
        if plugin == "wildcard" && options.unique {
            return Err(server(
                code::CANNOT_CREATE_INDEX,
                "Index type 'wildcard' does not support the unique option".into(),
            ));
        }
        if !plugin.is_empty() {
            return Err(QueryError::new(
                "",
                QueryErrorKind::IndexTypeNotImplemented {
                    kind: plugin.to_owned(),
                },
            ));
        }
        let requested = || catalog_spec(keys, &name, options.unique);
        if let Some(existing) = self.indexes.iter().find(|i| i.name == name) {
            if same_key(&existing.key, keys) && existing.unique == options.unique {
                return Ok(name);
            }
            return Err(server(
                code::INDEX_KEY_SPECS_CONFLICT,
                format!(
                    "An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: {}, existing index: {}",
                    requested(),
                    existing.info()
                ),
            ));
        }
        if let Some(existing) = self
            .indexes
            .iter()
            .find(|i| same_key(&i.key, keys) && i.unique == options.unique)
        {
            return Err(server(
                code::INDEX_OPTIONS_CONFLICT,
                format!(
                    "Index already exists with a different name: {}",
                    existing.name
                ),
            ));
        }
        if self.indexes.len() + 1 >= MAX_INDEXES {
            return Err(server(
                code::CANNOT_CREATE_INDEX,
                format!(
                    "add index fails, too many indexes for {} key:{}",
                    self.namespace,
                    server_document(keys)
                ),
            ));
        }
        let index = self.build(Index::new(name.clone(), keys, options.unique))?;
        self.indexes.push(index);
        Ok(name)
    }

    /// `createIndex` of the `_id` pattern: the `_id` index takes no options and only
    /// `{ _id: 1 }`, and it exists already.
    fn create_id_index(
        &self,
        keys: &Document,
        name: &str,
        options: &IndexOptions,
    ) -> Result<String, QueryError> {
        let server =
            |code: i32, text: String| QueryError::new("", QueryErrorKind::server(code, text));
        if options.unique {
            // The spec as checked: what mongosh sent, then the version the server adds.
            let mut spec = sent_spec(keys, name, options);
            spec.push("v", 2);
            return Err(server(
                code::INVALID_INDEX_SPECIFICATION_OPTION,
                format!(
                    "The field 'unique' is not valid for an _id index specification. Specification: {}",
                    server_document(&spec)
                ),
            ));
        }
        if !same_key(keys, &id_key()) {
            return Err(server(
                code::BAD_VALUE,
                format!(
                    "The field 'key' for an _id index must be {{_id: 1}}, but got {}",
                    server_document(keys)
                ),
            ));
        }
        check_name(name)?;
        if name == "_id_" {
            return Ok(name.to_owned());
        }
        // The `_id` index is unique, and so is the requested one: the same index.
        Err(server(
            code::INDEX_OPTIONS_CONFLICT,
            "Index already exists with a different name: _id_".into(),
        ))
    }

    /// Builds `index` over the stored documents, in natural order.
    fn build(&self, mut index: Index) -> Result<Index, QueryError> {
        let failed = |e: QueryError| {
            QueryError::new(
                "",
                QueryErrorKind::caused_by(
                    format!("Index build failed: Collection {}", self.namespace),
                    e.kind,
                ),
            )
        };
        // The smallest key that a second record also has: the server's bulk build inserts
        // the keys sorted and reports the first duplicate, with the later record's values.
        let mut duplicate: Option<IndexKey> = None;
        for (&record, doc) in &self.records {
            crate::query::interrupt::check()?;
            for key in index.keys(doc).map_err(failed)? {
                let owners = index.entries.entry(key.clone()).or_default();
                if index.unique && !owners.is_empty() && duplicate.as_ref().is_none_or(|d| key < *d)
                {
                    duplicate = Some(key);
                }
                owners.insert(record);
            }
        }
        if let Some(key) = duplicate {
            return Err(failed(index.duplicate(&self.namespace, &key)));
        }
        Ok(index)
    }

    /// The indexes as `listIndexes` (mongosh's `getIndexes()`) returns them: `{ v: 2, key:
    /// { _id: 1 }, name: '_id_' }` first, then the others in the order they were created,
    /// with `unique: true` on a unique one.
    ///
    /// # Examples
    /// ```
    /// use bson_tutor::bson::oid::ObjectIdProcess;
    /// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
    /// use bson_tutor::query::collection::{Collection, IndexOptions};
    /// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
    /// let mut c = Collection::new("test.c", ObjectIdProcess::new([1; 5], 0),
    ///                             ObjectIdProcess::new([2; 5], 0), 0);
    /// c.create_index(&doc("{ email: 1 }"), &IndexOptions { unique: true, name: None }).unwrap();
    /// assert_eq!(c.list_indexes(), vec![
    ///     doc("{ v: 2, key: { _id: 1 }, name: '_id_' }"),
    ///     doc("{ v: 2, key: { email: 1 }, name: 'email_1', unique: true }"),
    /// ]);
    /// ```
    pub fn list_indexes(&self) -> Vec<Document> {
        let mut id = Document::with_capacity(3);
        id.push("v", 2);
        id.push("key", id_key());
        id.push("name", "_id_");
        std::iter::once(id)
            .chain(self.indexes.iter().map(Index::describe))
            .collect()
    }

    /// Drops the index named `name` (`dropIndex('email_1')`); `*` drops every index but
    /// `_id_`, as the server's `dropIndexes` does. Returns how many indexes there were
    /// before, the `_id` index included (the reply's `nIndexesWas`).
    ///
    /// # Errors
    /// "cannot drop _id index" (InvalidOptions, 72); "index not found with name [email_1]"
    /// (IndexNotFound, 27).
    pub fn drop_index(&mut self, name: &str) -> Result<usize, QueryError> {
        let was = self.indexes.len() + 1;
        if name == "*" {
            self.indexes.clear();
            return Ok(was);
        }
        if name == "_id_" {
            return Err(cannot_drop_id());
        }
        let Some(at) = self.indexes.iter().position(|i| i.name == name) else {
            return Err(QueryError::new(
                "",
                QueryErrorKind::server(
                    code::INDEX_NOT_FOUND,
                    format!("index not found with name [{name}]"),
                ),
            ));
        };
        self.indexes.remove(at);
        Ok(was)
    }

    /// Drops the index whose key pattern is `keys` (`dropIndex({ email: 1 })`); returns
    /// `nIndexesWas`, as [`Collection::drop_index`].
    ///
    /// # Errors
    /// "can't find index with key: { email: 1 }" (IndexNotFound, 27); "cannot drop _id
    /// index"; "2 indexes found for key: { email: 1 }, identify by name instead. Conflicting
    /// indexes: ..." (AmbiguousIndexKeyPattern, 181) when a unique and a plain index share
    /// the pattern.
    pub fn drop_index_by_key(&mut self, keys: &Document) -> Result<usize, QueryError> {
        let was = self.indexes.len() + 1;
        let id = same_key(keys, &id_key());
        let found: Vec<usize> = (0..self.indexes.len())
            .filter(|&i| same_key(&self.indexes[i].key, keys))
            .collect();
        let infos = || {
            let id_info = id.then(|| server_document(&self.list_indexes()[0]));
            id_info
                .into_iter()
                .chain(found.iter().map(|&i| self.indexes[i].info()))
                .collect::<Vec<_>>()
        };
        match (id, found.as_slice()) {
            (false, []) => Err(QueryError::new(
                "",
                QueryErrorKind::server(
                    code::INDEX_NOT_FOUND,
                    format!("can't find index with key: {}", server_document(keys)),
                ),
            )),
            (true, []) => Err(cannot_drop_id()),
            (false, [at]) => {
                self.indexes.remove(*at);
                Ok(was)
            }
            _ => {
                let infos = infos();
                Err(QueryError::new(
                    "",
                    QueryErrorKind::server(
                        code::AMBIGUOUS_INDEX_KEY_PATTERN,
                        format!(
                            "{} indexes found for key: {}, identify by name instead. Conflicting indexes: {}, {}",
                            infos.len(),
                            server_document(keys),
                            infos[0],
                            infos[1]
                        ),
                    ),
                ))
            }
        }
    }

    /// The changes storing `new` as `record` (which held `old`) makes in every secondary
    /// index, checked in the order the indexes were created: the first refusal is the
    /// server's, and nothing has changed yet.
    pub(super) fn check_indexes(
        &self,
        record: Option<u64>,
        old: Option<&Document>,
        new: &Document,
    ) -> Result<Vec<KeyChange>, QueryError> {
        self.indexes
            .iter()
            .map(|i| i.check(&self.namespace, record, old, new))
            .collect()
    }

    /// Applies what [`Collection::check_indexes`] found for `record`.
    pub(super) fn apply_indexes(&mut self, record: u64, changes: Vec<KeyChange>) {
        for (index, change) in self.indexes.iter_mut().zip(changes) {
            index.apply(record, change);
        }
    }

    /// Takes `record`, which held `doc`, out of every secondary index.
    pub(super) fn unindex(&mut self, record: u64, doc: &Document) {
        for index in &mut self.indexes {
            if let Ok(keys) = index.keys(doc) {
                let change = KeyChange {
                    removed: keys.into_iter().collect(),
                    added: Vec::new(),
                };
                index.apply(record, change);
            }
        }
    }
}

/// The server's refusal to drop the `_id` index.
fn cannot_drop_id() -> QueryError {
    QueryError::new(
        "",
        QueryErrorKind::server(code::INVALID_OPTIONS, "cannot drop _id index"),
    )
}

/// The catalog's checks of a name (`IndexCatalogImpl::_isSpecOk`).
fn check_name(name: &str) -> Result<(), QueryError> {
    let refuse = |text: &str| {
        Err(QueryError::new(
            "",
            QueryErrorKind::server(code::CANNOT_CREATE_INDEX, text),
        ))
    };
    if name.contains('\0') {
        return refuse("index name cannot contain NUL bytes");
    }
    if name.is_empty() {
        return refuse("index name cannot be empty");
    }
    Ok(())
}

#[cfg(test)]
mod tests;
