//! `--data DIR`: the console's databases kept between runs in mongodump's layout,
//! `DIR/<db>/<collection>.bson` (the documents back to back, in natural order) beside
//! `<collection>.metadata.json` (the indexes, in canonical Extended JSON), so that
//! `inspect DIR`, `browse` and mongorestore read them.
//!
//! Every file is written to a temporary file in the same folder and renamed over the old
//! one, so a run that stops half-way leaves each collection as it was or as it is, never
//! cut. A collection the scripts dropped loses its files.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use bson_tutor::bson::ejson::{self, Mode};
use bson_tutor::bson::{Document, Value, decode_document, encode_document};
use bson_tutor::dump::DocumentReader;
use bson_tutor::dump::metadata;
use bson_tutor::query::collection::Collection;
use bson_tutor::shell::server::Server;

use crate::cli::error::CliError;

fn data_error(path: &Path, reason: impl ToString) -> CliError {
    CliError::ShellData {
        path: path.display().to_string(),
        reason: reason.to_string(),
    }
}

fn io_error(path: &Path, error: std::io::Error) -> CliError {
    CliError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// The databases kept in `dir` (none when it does not exist yet), in a server whose client
/// process comes from `seed`.
pub fn load(dir: &Path, seed: u64) -> Result<Server, CliError> {
    let mut server = Server::seeded(seed);
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(server),
        Err(e) => return Err(io_error(dir, e)),
    };
    let mut dbs: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
    dbs.sort();
    for db_dir in dbs.into_iter().filter(|p| p.is_dir()) {
        let Some(db) = db_dir
            .file_name()
            .and_then(|n| n.to_str())
            .map(str::to_owned)
        else {
            continue;
        };
        let mut files: Vec<_> = std::fs::read_dir(&db_dir)
            .map_err(|e| io_error(&db_dir, e))?
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "bson"))
            .collect();
        files.sort();
        for file in files {
            let Some(coll) = file.file_stem().and_then(|n| n.to_str()).map(str::to_owned) else {
                continue;
            };
            let collection = server.collection(&db, &coll, 0);
            read_collection(&file, collection)?;
            let meta_path = db_dir.join(format!("{coll}.metadata.json"));
            if let Ok(text) = std::fs::read_to_string(&meta_path) {
                let meta = metadata::parse(&text).map_err(|e| data_error(&meta_path, e))?;
                for index in meta.indexes.iter().filter(|i| i.name != "_id_") {
                    let options = bson_tutor::query::collection::IndexOptions {
                        unique: matches!(index.options.get("unique"), Some(Value::Boolean(true))),
                        name: Some(index.name.clone()),
                    };
                    collection
                        .create_index(&index.key, &options)
                        .map_err(|e| data_error(&meta_path, e))?;
                }
            }
        }
    }
    Ok(server)
}

fn read_collection(file: &Path, collection: &mut Collection) -> Result<(), CliError> {
    let f = std::fs::File::open(file).map_err(|e| io_error(file, e))?;
    let mut reader = DocumentReader::new(f);
    while let Some(next) = reader.next_document() {
        let raw = next.map_err(|e| data_error(file, e))?;
        let doc = decode_document(raw.bytes).map_err(|e| data_error(file, e))?;
        collection
            .insert_one(doc)
            .map_err(|e| data_error(file, e))?;
    }
    Ok(())
}

/// Writes every collection of `server` to `dir`, and removes the files of collections that
/// are gone.
pub fn save(dir: &Path, server: &Server) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, e))?;
    for (db, colls) in &server.databases {
        let db_dir = dir.join(db);
        std::fs::create_dir_all(&db_dir).map_err(|e| io_error(&db_dir, e))?;
        for (name, coll) in colls {
            let mut bytes = Vec::new();
            for d in coll.documents() {
                bytes.extend(encode_document(d).map_err(|e| data_error(&db_dir, e))?);
            }
            write_atomically(&db_dir.join(format!("{name}.bson")), &bytes)?;
            let meta = metadata_json(name, &coll.list_indexes());
            write_atomically(
                &db_dir.join(format!("{name}.metadata.json")),
                meta.as_bytes(),
            )?;
        }
    }
    // Collections and databases the scripts dropped.
    let kept: BTreeMap<&str, Vec<&str>> = server
        .databases
        .iter()
        .map(|(db, colls)| (db.as_str(), colls.keys().map(String::as_str).collect()))
        .collect();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    for db_dir in entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
    {
        let db = db_dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default()
            .to_owned();
        let colls = kept.get(db.as_str());
        let Ok(files) = std::fs::read_dir(&db_dir) else {
            continue;
        };
        for file in files.filter_map(Result::ok).map(|e| e.path()) {
            let Some(fname) = file.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let stem = fname
                .strip_suffix(".metadata.json")
                .or_else(|| fname.strip_suffix(".bson"));
            if let Some(stem) = stem
                && !colls.is_some_and(|c| c.contains(&stem))
            {
                std::fs::remove_file(&file).map_err(|e| io_error(&file, e))?;
            }
        }
        if colls.is_none() {
            let _ = std::fs::remove_dir(&db_dir);
        }
    }
    Ok(())
}

/// What mongodump writes beside a collection: its indexes, name and type.
fn metadata_json(name: &str, indexes: &[Document]) -> String {
    let mut d = Document::new();
    d.push(
        "indexes",
        Value::Array(indexes.iter().cloned().map(Value::Document).collect()),
    );
    d.push("collectionName", name);
    d.push("type", "collection");
    ejson::to_string(&d, Mode::Canonical)
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| io_error(dir, e))?;
    tmp.write_all(bytes).map_err(|e| io_error(path, e))?;
    tmp.as_file().sync_all().map_err(|e| io_error(path, e))?;
    tmp.persist(path).map_err(|e| io_error(path, e.error))?;
    Ok(())
}
