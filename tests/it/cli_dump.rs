//! `inspect` on mongodump output read as a stream: `.bson`, `.bson.gz` and `--archive` give
//! the views the documents give one by one; `--check` and `--salvage` on damaged dumps;
//! `inspect DIR` on a dump folder.

use std::process::Output;

use bson_tutor::bson::{Document, encode_document};
use bson_tutor::dump::generate::{gzip, mixed_documents, write_archive, write_bson};
use bson_tutor::inspect::{View, render_document};
use bson_tutor::strings::Lang;

use crate::common::{TempDir, bson_tutor};

/// Enough mixed documents to pass the 1 MiB under which an input is read whole, so these
/// tests take the streaming path.
fn docs(seed: u64) -> Vec<Document> {
    let docs: Vec<Document> = mixed_documents(seed, 5_000).collect();
    let size: usize = docs.iter().map(bson_tutor::bson::document_size).sum();
    assert!(size > 1_200_000, "{size} bytes: too small to stream");
    docs
}

/// What the views give for `docs` one document at a time, numbered from 1 at `base`.
fn expected(docs: &[Document], view: View, base: usize) -> String {
    let mut text = String::new();
    let mut start = base;
    let mut rows = bson_tutor::inspect::DumpRows::default();
    for (i, d) in docs.iter().enumerate() {
        let bytes = encode_document(d).unwrap();
        if view == View::Dump {
            text.push_str(&rows.push(&bytes));
        }
        text.push_str(&render_document(&bytes, view, i + 1, start, true, Lang::En).unwrap());
        start += bytes.len();
    }
    if view == View::Dump {
        text.push_str(&rows.finish());
    }
    text
}

fn inspect(args: &[&str]) -> Output {
    bson_tutor().arg("inspect").args(args).output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const VIEWS: [(&str, View); 7] = [
    ("table", View::Table),
    ("dump", View::Dump),
    ("hex", View::Hex),
    ("spans", View::Spans),
    ("shell", View::Shell { pretty: false }),
    (
        "ejson",
        View::Json {
            mode: bson_tutor::bson::ejson::Mode::Canonical,
            pretty: false,
        },
    ),
    (
        "relaxed",
        View::Json {
            mode: bson_tutor::bson::ejson::Mode::Relaxed,
            pretty: false,
        },
    ),
];

#[test]
fn a_bson_file_and_its_gzip_stream_into_every_view_as_their_documents_one_by_one() {
    let dir = TempDir::new("dump", "views");
    let docs = docs(11);
    let plain = dir.join("orders.bson");
    write_bson(docs.clone(), &mut std::fs::File::create(&plain).unwrap()).unwrap();
    let gz = dir.join("orders.bson.gz");
    gzip(
        std::fs::File::open(&plain).unwrap(),
        &mut std::fs::File::create(&gz).unwrap(),
    )
    .unwrap();
    for (name, view) in VIEWS {
        let want = expected(&docs, view, 0);
        for file in [&plain, &gz] {
            let out = inspect(&["--file", file.to_str().unwrap(), "--to", name]);
            assert!(out.status.success(), "{name}: {}", stderr(&out));
            assert!(
                stdout(&out) == want,
                "{name} of {}: the stream differs from the documents one by one",
                file.display()
            );
            // No progress bar in a pipe.
            assert_eq!(stderr(&out), "", "{name}");
        }
    }
    // Standard input streams too.
    let out = bson_tutor()
        .args(["inspect", "--file", "-", "--to", "ejson"])
        .stdin(std::fs::File::open(&gz).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        expected(&docs, View::from_name("ejson").unwrap(), 0)
    );
}

#[test]
fn an_archive_of_two_collections_gives_each_collections_documents() {
    let dir = TempDir::new("dump", "archive");
    let (a, b) = (docs(1), docs(2));
    let path = dir.join("shop.archive");
    write_archive(
        &[("shop", "orders", a.clone()), ("shop", "users", b.clone())],
        &mut std::fs::File::create(&path).unwrap(),
    )
    .unwrap();
    let gz = dir.join("shop.archive.gz");
    gzip(
        std::fs::File::open(&path).unwrap(),
        &mut std::fs::File::create(&gz).unwrap(),
    )
    .unwrap();
    let ejson = View::from_name("ejson").unwrap();
    for file in [&path, &gz] {
        for (ns, docs) in [("shop.orders", &a), ("shop.users", &b)] {
            let out = inspect(&[
                "--file",
                file.to_str().unwrap(),
                "--ns",
                ns,
                "--to",
                "ejson",
            ]);
            assert!(out.status.success(), "{ns}: {}", stderr(&out));
            assert!(
                stdout(&out) == expected(docs, ejson, 0),
                "{ns} of {}",
                file.display()
            );
        }
        // All of it: every document of both, each once.
        let out = inspect(&["--file", file.to_str().unwrap(), "--to", "ejson"]);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out).lines().count(), a.len() + b.len());
        // The table heads the output with the collections and their indexes.
        let out = inspect(&["--file", file.to_str().unwrap(), "--ns", "shop.users"]);
        let text = stdout(&out);
        assert!(
            text.starts_with("== collection shop.orders =="),
            "{}",
            &text[..200]
        );
        assert!(text.contains("index _id_ { _id: 1 }"), "{}", &text[..400]);
    }
    let out = inspect(&["--file", path.to_str().unwrap(), "--ns", "shop.nope"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out).trim(),
        format!(
            "error: --ns: the archive {} holds no collection `shop.nope`; it holds: shop.orders, shop.users",
            path.display()
        )
    );
}

/// A dump whose documents 3 and 10 (1-based) are damaged inside, their frames intact, and
/// whose last document is cut short.
fn damaged(dir: &std::path::Path) -> (std::path::PathBuf, Vec<u64>, Vec<Document>) {
    let docs: Vec<Document> = mixed_documents(5, 40).collect();
    let mut bytes = Vec::new();
    let offsets = write_bson(docs.clone(), &mut bytes).unwrap();
    for k in [2usize, 9] {
        // The first element's type byte: 0x77 is no BSON type.
        bytes[usize::try_from(offsets[k]).unwrap() + 4] = 0x77;
    }
    bytes.truncate(bytes.len() - 3);
    let path = dir.join("bad.bson");
    std::fs::write(&path, &bytes).unwrap();
    (path, offsets, docs)
}

#[test]
fn check_names_every_damaged_document_by_number_and_offset() {
    let dir = TempDir::new("dump", "check");
    let (path, offsets, _) = damaged(&dir);
    let out = inspect(&["--file", path.to_str().unwrap(), "--check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with(&format!("damaged: document 3 at byte {}, ", offsets[2])),
        "{text}"
    );
    assert!(
        lines[0].contains("type byte 0x77") || lines[0].contains("0x77"),
        "{text}"
    );
    assert!(
        lines[1].starts_with(&format!("damaged: document 10 at byte {}, ", offsets[9])),
        "{text}"
    );
    assert!(
        lines[2].starts_with(&format!("damaged: document 40 at byte {}, ", offsets[39])),
        "{text}"
    );
    assert!(
        lines[2].contains("the input ends inside a document"),
        "{text}"
    );
    assert!(
        lines[3].contains("3 damaged regions") && lines[3].contains("37 documents valid"),
        "{text}"
    );
    // Clean input: status 0.
    let clean = dir.join("clean.bson");
    write_bson(
        mixed_documents(5, 40),
        &mut std::fs::File::create(&clean).unwrap(),
    )
    .unwrap();
    let out = inspect(&["--file", clean.to_str().unwrap(), "--check"]);
    assert!(out.status.success(), "{}", stdout(&out));
    assert!(
        stdout(&out).ends_with("40 documents, all valid\n"),
        "{}",
        stdout(&out)
    );
    // In Vietnamese and Chinese too.
    let vi = bson_tutor()
        .args([
            "--lang",
            "vi",
            "inspect",
            "--file",
            path.to_str().unwrap(),
            "--check",
        ])
        .output()
        .unwrap();
    assert!(
        stdout(&vi).starts_with("hỏng: tài liệu 3 tại byte"),
        "{}",
        stdout(&vi)
    );
    let zh = bson_tutor()
        .args([
            "--lang",
            "zh",
            "inspect",
            "--file",
            path.to_str().unwrap(),
            "--check",
        ])
        .output()
        .unwrap();
    assert!(
        stdout(&zh).starts_with("损坏：第 3 个文档"),
        "{}",
        stdout(&zh)
    );
}

#[test]
fn salvage_prints_every_undamaged_document_and_reports_the_rest_on_stderr() {
    let dir = TempDir::new("dump", "salvage");
    let (path, _, docs) = damaged(&dir);
    let out = inspect(&[
        "--file",
        path.to_str().unwrap(),
        "--salvage",
        "--to",
        "ejson",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "damage was found: {}",
        stderr(&out)
    );
    let good: Vec<String> = docs
        .iter()
        .enumerate()
        .filter(|(i, _)| ![2, 9, 39].contains(i))
        .map(|(_, d)| {
            bson_tutor::bson::ejson::to_string(d, bson_tutor::bson::ejson::Mode::Canonical)
        })
        .collect();
    let text = stdout(&out);
    let got: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(got, good);
    let err = stderr(&out);
    assert_eq!(
        err.lines().filter(|l| l.starts_with("damaged: ")).count(),
        3,
        "{err}"
    );
    assert!(
        err.contains("37 documents recovered; 3 damaged regions"),
        "{err}"
    );
}

#[test]
fn a_dump_folder_lists_databases_collections_counts_and_metadata() {
    let dir = TempDir::new("dump", "folder");
    let shop = dir.join("dump").join("shop");
    std::fs::create_dir_all(&shop).unwrap();
    let docs: Vec<Document> = mixed_documents(3, 25).collect();
    let size: usize = docs.iter().map(bson_tutor::bson::document_size).sum();
    write_bson(
        docs.clone(),
        &mut std::fs::File::create(shop.join("orders.bson")).unwrap(),
    )
    .unwrap();
    let mut plain = Vec::new();
    write_bson(docs.iter().take(4).cloned(), &mut plain).unwrap();
    gzip(
        &plain[..],
        &mut std::fs::File::create(shop.join("users.bson.gz")).unwrap(),
    )
    .unwrap();
    std::fs::write(
        shop.join("orders.metadata.json"),
        r#"{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"},{"v":{"$numberInt":"2"},"key":{"userId":{"$numberInt":"1"}},"name":"userId_1","unique":true}],"uuid":"3b241101e2bb42558caf4136c566a962","collectionName":"orders","type":"collection","options":{"collation":{"locale":"fr","strength":{"$numberInt":"2"}}}}"#,
    )
    .unwrap();
    let out = inspect(&[dir.join("dump").to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("database shop: 2 collections\n"), "{text}");
    assert!(
        text.contains(&format!("  orders: 25 documents, {size} bytes\n")),
        "{text}"
    );
    assert!(
        text.contains("    index userId_1 { userId: 1 } { v: 2, unique: true }"),
        "{text}"
    );
    assert!(
        text.contains("    collation { locale: 'fr', strength: 2 }"),
        "{text}"
    );
    assert!(
        text.contains("    uuid 3b241101e2bb42558caf4136c566a962"),
        "{text}"
    );
    assert!(text.contains("  users: 4 documents, "), "{text}");
    assert!(text.contains(" (gzip: "), "{text}");
    // A folder with no dump in it says so.
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let out = inspect(&[empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("is a folder without a dump"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn text_lines_stream_into_every_view_as_their_encoded_documents() {
    let docs: Vec<Document> = mixed_documents(9, 30).collect();
    let text: String = docs
        .iter()
        .map(|d| {
            bson_tutor::bson::ejson::to_string(d, bson_tutor::bson::ejson::Mode::Canonical) + "\n"
        })
        .collect();
    for (name, view) in VIEWS {
        let out = bson_tutor()
            .args(["inspect", "--file", "-", "--from", "ejson", "--to", name])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(text.as_bytes())?;
                child.wait_with_output()
            })
            .unwrap();
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert!(stdout(&out) == expected(&docs, view, 0), "{name}");
    }
    // One line: no document heading, as for one document given any other way.
    let one = bson_tutor()
        .args(["inspect", "--file", "-", "--from", "shell"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(b"{ a: 1 }\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(stdout(&one).starts_with("offset"), "{}", stdout(&one));
}

#[test]
fn an_archive_is_checked_document_by_document_and_by_its_crcs() {
    let dir = TempDir::new("dump", "archive-check");
    let (a, b) = (
        mixed_documents(21, 30).collect::<Vec<_>>(),
        mixed_documents(22, 30).collect::<Vec<_>>(),
    );
    let mut bytes = Vec::new();
    write_archive(
        &[("shop", "orders", a.clone()), ("shop", "users", b)],
        &mut bytes,
    )
    .unwrap();
    let clean = dir.join("clean.archive");
    std::fs::write(&clean, &bytes).unwrap();
    let out = inspect(&["--file", clean.to_str().unwrap(), "--check"]);
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).ends_with("60 documents, all valid\n"),
        "{}",
        stdout(&out)
    );

    // One byte of a name changed: the document still decodes, the collection's CRC does not
    // match any more, as mongorestore would find.
    let first = encode_document(&a[0]).unwrap();
    let at = bytes
        .windows(first.len())
        .position(|w| w == first.as_slice())
        .unwrap();
    let key = first.windows(5).position(|w| w == b"name\0").unwrap();
    // The string value after `name\0` and its 4-byte length: its first character.
    bytes[at + key + 5 + 4] ^= 0x01;
    let changed = dir.join("changed.archive");
    std::fs::write(&changed, &bytes).unwrap();
    let out = inspect(&["--file", changed.to_str().unwrap(), "--check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("the archive records the checksum")
            && stdout(&out).contains("for shop.orders, but its documents give"),
        "{}",
        stdout(&out)
    );
    // Read without --check, the documents before the end print, then the error.
    let out = inspect(&[
        "--file",
        changed.to_str().unwrap(),
        "--ns",
        "shop.orders",
        "--to",
        "ejson",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().count(), 30);
    assert!(stderr(&out).contains("CRC mismatch"), "{}", stderr(&out));
    // The other collection's checksum is right.
    let out = inspect(&[
        "--file",
        changed.to_str().unwrap(),
        "--ns",
        "shop.users",
        "--to",
        "ejson",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));

    // A type byte made invalid: that document is named, with its collection.
    let mut broken = std::fs::read(&clean).unwrap();
    broken[at + 4] = 0x77;
    let path = dir.join("broken.archive");
    std::fs::write(&path, &broken).unwrap();
    let out = inspect(&["--file", path.to_str().unwrap(), "--check"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).starts_with(&format!("damaged: shop.orders document 1 at byte {at}, ")),
        "{}",
        stdout(&out)
    );
}

#[test]
fn check_reports_a_prelude_of_wrong_types_and_metadata_that_is_not_json() {
    use bson_tutor::dump::generate::{archive_header, collection_metadata, write_archive_with};
    let dir = TempDir::new("dump", "prelude-check");
    let mut header = archive_header();
    header.insert("version", 1);
    let mut meta = collection_metadata("shop", "orders", 10);
    meta.insert("metadata", "not json");
    let docs: Vec<Document> = mixed_documents(5, 4).collect();
    let mut bytes = Vec::new();
    write_archive_with(&header, &[meta], &[("shop", "orders", docs)], &mut bytes).unwrap();
    let meta_at = 4 + encode_document(&header).unwrap().len();
    let path = dir.join("odd.archive");
    std::fs::write(&path, &bytes).unwrap();
    let name = path.to_str().unwrap();
    // "All valid" before: the prelude was not looked at.
    let out = inspect(&["--file", name, "--check"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "damaged: {name}: byte 4: the prelude's field `version` is int, but mongorestore reads it as string and refuses the archive"
        )
    );
    assert!(
        lines[1].starts_with(&format!(
            "damaged: {name}: byte {meta_at}: the metadata of shop.orders in the prelude is not Extended JSON (mongorestore refuses it when it restores the collection): "
        )),
        "{text}"
    );
    assert_eq!(
        lines.last().unwrap(),
        &format!("{name}: 2 damaged regions; 4 documents valid")
    );
    // In Chinese too.
    let out = bson_tutor()
        .args(["--lang", "zh", "inspect", "--file", name, "--check"])
        .output()
        .unwrap();
    assert!(
        stdout(&out).contains("前导部分的字段 `version` 是 int"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_bson_gz_with_trailing_bytes_reads_its_documents_and_warns_with_the_offset() {
    let dir = TempDir::new("dump", "trailing");
    let docs: Vec<Document> = mixed_documents(6, 50).collect();
    let mut bytes = Vec::new();
    write_bson(docs.clone(), &mut bytes).unwrap();
    let mut gz = Vec::new();
    gzip(&bytes[..], &mut gz).unwrap();
    let end = gz.len();
    gz.extend_from_slice(b"\0\0\0garbage a tape drive left");
    let path = dir.join("orders.bson.gz");
    std::fs::write(&path, &gz).unwrap();
    let name = path.to_str().unwrap();
    let warning = format!(
        "warning: {name}: byte {end} of the file: the bytes after the last gzip member are not gzip; they were ignored, as gzip ignores them (with a warning)\n"
    );
    // Refused whole before (flate2 took the bytes for a broken member).
    let out = inspect(&["--file", name, "--to", "ejson"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 50);
    assert_eq!(stderr(&out), warning);
    let out = bson_tutor()
        .args(["find", "--docs", name, "{}", "--ids"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("ObjectId(").count(), 50);
    assert_eq!(stderr(&out), warning);
    let out = inspect(&["--file", name, "--check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("50 documents, all valid\n"));
    assert_eq!(stderr(&out), warning);
}
