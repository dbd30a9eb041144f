//! Reading mongodump output (issue 17): generated `.bson` and `.bson.gz` read back equal the
//! generated documents; damaged dumps are checked and salvaged; impossible length prefixes
//! are refused before anything is allocated for them.

use std::io::Read;

use bson_tutor::bson::{Document, Limits, Value, decode_document_with, encode_document};
use bson_tutor::dump::archive::{ArchiveItem, ArchiveReader, Prelude};
use bson_tutor::dump::generate::{gzip, mixed_documents, write_archive, write_bson};
use bson_tutor::dump::{
    DocumentReader, DumpError, MAX_DOCUMENT_LEN, Mode, ScanItem, Scanner, open_input,
};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;
use proptest::prelude::*;

fn limits() -> Limits {
    Limits {
        max_size: MAX_DOCUMENT_LEN,
        ..Limits::default()
    }
}

/// A generated dump: its bytes, documents and each document's offset.
fn dump(seed: u64, n: u64) -> (Vec<u8>, Vec<Document>, Vec<u64>) {
    let docs: Vec<Document> = mixed_documents(seed, n).collect();
    let mut bytes = Vec::new();
    let offsets = write_bson(docs.clone(), &mut bytes).unwrap();
    (bytes, docs, offsets)
}

/// Every document of `input` through `DocumentReader`, decoded, with its offset.
fn read_all(input: impl Read) -> Vec<(u64, Document)> {
    let mut reader = DocumentReader::new(open_input(input).unwrap());
    let mut out = Vec::new();
    while let Some(item) = reader.next_document() {
        let item = item.unwrap();
        assert_eq!(item.ordinal, out.len() as u64);
        out.push((
            item.offset,
            decode_document_with(item.bytes, limits()).unwrap(),
        ));
    }
    out
}

/// The items of a scan: `Ok((offset, bytes))` for documents, `Err((offset, length, reason))`.
#[allow(clippy::type_complexity)]
fn scan(bytes: &[u8], mode: Mode) -> Vec<Result<(u64, Vec<u8>), (u64, u64, DumpError)>> {
    let mut scanner = Scanner::new(bytes, mode);
    let mut out = Vec::new();
    while let Some(item) = scanner.next_item() {
        match item.unwrap() {
            ScanItem::Document(d) => out.push(Ok((d.offset, d.bytes.to_vec()))),
            ScanItem::Damaged(d) => out.push(Err((d.offset, d.length, d.reason))),
        }
    }
    out
}

#[test]
fn generated_bson_reads_back_equal() {
    let (bytes, docs, offsets) = dump(17, 300);
    let read = read_all(&bytes[..]);
    assert_eq!(read.len(), 300);
    for ((offset, doc), (want, want_offset)) in read.iter().zip(docs.iter().zip(&offsets)) {
        assert_eq!(doc, want);
        assert_eq!(offset, want_offset);
    }
}

#[test]
fn generation_is_reproducible_from_the_seed() {
    assert_eq!(dump(5, 50).0, dump(5, 50).0);
    assert_ne!(dump(5, 50).0, dump(6, 50).0);
}

#[test]
fn generated_bson_gz_reads_back_equal() {
    let (bytes, docs, _) = dump(18, 300);
    let mut gz = Vec::new();
    gzip(&bytes[..], &mut gz).unwrap();
    assert_eq!(gz[..2], [0x1f, 0x8b]);
    assert!(open_input(&gz[..]).unwrap().is_gzip());
    assert!(!open_input(&bytes[..]).unwrap().is_gzip());
    let read: Vec<Document> = read_all(&gz[..]).into_iter().map(|(_, d)| d).collect();
    assert_eq!(read, docs);
}

#[test]
fn empty_input_has_no_documents() {
    assert!(read_all(&[][..]).is_empty());
    assert!(scan(&[], Mode::Check).is_empty());
}

/// A reader that hands out a length prefix, then zeros forever, counting what it gave.
struct Endless {
    prefix: [u8; 4],
    given: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        for b in buf.iter_mut() {
            *b = self.prefix.get(self.given).copied().unwrap_or(0);
            self.given += 1;
        }
        Ok(buf.len())
    }
}

#[test]
fn a_huge_length_prefix_is_refused_without_allocating_it() {
    for declared in [i32::MAX, (MAX_DOCUMENT_LEN + 1) as i32, 4, 0, -1] {
        let mut reader = DocumentReader::new(Endless {
            prefix: declared.to_le_bytes(),
            given: 0,
        });
        match reader.next_document() {
            Some(Err(DumpError::BadLength {
                offset: 0,
                declared: d,
            })) => {
                assert_eq!(d, i64::from(declared))
            }
            other => panic!("{declared}: {other:?}"),
        }
        assert!(reader.next_document().is_none());
    }
    // After good documents, the offset is the bad prefix's.
    let (mut bytes, _, _) = dump(1, 3);
    let at = bytes.len() as u64;
    bytes.extend_from_slice(&0x7fff_ffffi32.to_le_bytes());
    let mut reader = DocumentReader::new(&bytes[..]);
    for _ in 0..3 {
        reader.next_document().unwrap().unwrap();
    }
    let err = reader.next_document().unwrap().unwrap_err();
    assert!(matches!(err, DumpError::BadLength { offset, .. } if offset == at));
    assert_eq!(
        err.to_string_in(Lang::En),
        format!(
            "byte {at}: a document's length prefix says 2147483647 bytes, but a document has 5 to 16793600 bytes"
        )
    );
    assert!(err.to_string_in(Lang::Vi).contains("tiền tố độ dài"));
    assert!(err.to_string_in(Lang::Zh).contains("长度前缀"));
}

#[test]
fn the_largest_internal_document_is_accepted_by_the_reader() {
    // 16 MiB + 16 KiB: the server's internal maximum is a valid frame (zeros after it end
    // the stream early, which is the truncation error, not a length error).
    let mut reader = DocumentReader::new(
        Endless {
            prefix: (MAX_DOCUMENT_LEN as i32).to_le_bytes(),
            given: 0,
        }
        .take(MAX_DOCUMENT_LEN as u64 - 1),
    );
    assert!(matches!(
        reader.next_document(),
        Some(Err(DumpError::Truncated { offset: 0, needed, got })) if needed == MAX_DOCUMENT_LEN as u64 && got == needed - 1
    ));
}

#[test]
fn early_end_is_a_typed_error_with_the_offset() {
    let (bytes, _, offsets) = dump(2, 10);
    for cut in [offsets[7] + 2, offsets[7] + 20, offsets[9] + 4] {
        let cut = usize::try_from(cut).unwrap();
        let mut reader = DocumentReader::new(&bytes[..cut]);
        let mut n = 0;
        let err = loop {
            match reader.next_document().unwrap() {
                Ok(_) => n += 1,
                Err(e) => break e,
            }
        };
        let doc = if cut < usize::try_from(offsets[8]).unwrap() {
            7
        } else {
            9
        };
        assert_eq!(n, doc);
        assert!(
            matches!(err, DumpError::Truncated { offset, .. } if offset == offsets[doc]),
            "{err:?}"
        );
        // The scanner says the same.
        let items = scan(&bytes[..cut], Mode::Check);
        assert_eq!(items.len(), doc + 1);
        assert!(
            matches!(&items[doc], Err((o, _, DumpError::Truncated { .. })) if *o == offsets[doc])
        );
    }
}

#[test]
fn check_names_every_bad_document_with_its_offset() {
    let (mut bytes, _, offsets) = dump(3, 40);
    let bad = [3usize, 10, 39];
    for &i in &bad {
        // The terminator of document i.
        let end = if i + 1 < offsets.len() {
            offsets[i + 1]
        } else {
            bytes.len() as u64
        };
        bytes[usize::try_from(end).unwrap() - 1] = 0xff;
    }
    // The type byte of document 20's first element: 0x07 → 0x99, an unknown type.
    bytes[usize::try_from(offsets[20]).unwrap() + 4] = 0x99;
    let items = scan(&bytes, Mode::Check);
    assert_eq!(items.len(), 40);
    for (i, item) in items.iter().enumerate() {
        if bad.contains(&i) || i == 20 {
            match item {
                Err((offset, _, DumpError::Decode { .. })) => assert_eq!(*offset, offsets[i]),
                other => panic!("{i}: {other:?}"),
            }
        } else {
            assert!(
                matches!(item, Ok((o, _)) if *o == offsets[i]),
                "{i}: {item:?}"
            );
        }
    }
    let Err((_, _, reason)) = &items[20] else {
        unreachable!()
    };
    assert!(
        reason
            .to_string()
            .starts_with(&format!("document at byte {}: byte 4:", offsets[20])),
        "{reason}"
    );
}

#[test]
fn salvage_skips_inserted_bytes_and_says_how_many() {
    let (bytes, _, offsets) = dump(4, 30);
    let at = usize::try_from(offsets[12]).unwrap();
    let mut damaged = bytes[..at].to_vec();
    damaged.extend_from_slice(&[0xff; 7]);
    damaged.extend_from_slice(&bytes[at..]);
    let items = scan(&damaged, Mode::Salvage);
    let good: Vec<_> = items.iter().filter_map(|i| i.as_ref().ok()).collect();
    assert_eq!(good.len(), 30);
    let damage: Vec<_> = items.iter().filter_map(|i| i.as_ref().err()).collect();
    assert_eq!(damage.len(), 1);
    assert_eq!((damage[0].0, damage[0].1), (offsets[12], 7));
    // Check mode stops at the damage: the rest is one region.
    let items = scan(&damaged, Mode::Check);
    assert_eq!(items.len(), 13);
    assert!(
        matches!(&items[12], Err((o, len, _)) if *o == offsets[12] && *len == damaged.len() as u64 - offsets[12])
    );
}

#[test]
fn salvage_recovers_every_document_around_a_broken_length_prefix() {
    let (mut bytes, docs, offsets) = dump(5, 30);
    let at = usize::try_from(offsets[8]).unwrap();
    bytes[at..at + 4].copy_from_slice(&[0xff, 0xff, 0xff, 0xff]);
    let items = scan(&bytes, Mode::Salvage);
    let good: Vec<Vec<u8>> = items
        .iter()
        .filter_map(|i| i.as_ref().ok().map(|(_, b)| b.clone()))
        .collect();
    for (i, doc) in docs.iter().enumerate() {
        if i != 8 {
            assert!(
                good.contains(&encode_document(doc).unwrap()),
                "document {i} lost"
            );
        }
    }
    let first_damage = items.iter().find_map(|i| i.as_ref().err()).unwrap();
    assert_eq!(first_damage.0, offsets[8]);
    assert!(matches!(
        first_damage.2,
        DumpError::BadLength { declared: -1, .. }
    ));
}

#[test]
fn salvage_refuses_a_frame_that_runs_into_the_next_document() {
    // Bytes deleted near a document's end leave its length prefix as it was: its frame takes
    // in the start of the next document. Here it still decodes (the bytes it took in end in a
    // NUL); then it fails to decode, but a clean 5-byte "document" follows it inside the next
    // one. Either way the next document starts inside the frame and is recovered where it is.
    for (seed, at, n, doc) in [(638u64, 586usize, 3usize, 2usize), (245, 1247, 24, 5)] {
        let (bytes, _, offsets) = dump(seed, 25);
        assert!(offsets[doc - 1] < at as u64 && at as u64 + (n as u64) < offsets[doc]);
        let mut damaged = bytes.clone();
        damaged.drain(at..at + n);
        let items = scan(&damaged, Mode::Salvage);
        let (s, e) = (
            usize::try_from(offsets[doc]).unwrap(),
            usize::try_from(offsets[doc + 1]).unwrap(),
        );
        let found = items
            .iter()
            .position(|i| matches!(i, Ok((o, b)) if *o == (s - n) as u64 && b[..] == bytes[s..e]));
        let found = found.unwrap_or_else(|| panic!("{seed}: document {doc} lost: {items:?}"));
        // Just before it, the damaged document, ending where it starts.
        match &items[found - 1] {
            Err((o, len, _)) => assert_eq!(
                (*o, *len),
                (offsets[doc - 1], (s - n) as u64 - offsets[doc - 1])
            ),
            other => panic!("{seed}: {other:?}"),
        }
        // Check mode does not look inside a frame: it never finds the document there.
        let check = scan(&damaged, Mode::Check);
        assert!(
            !check
                .iter()
                .any(|i| matches!(i, Ok((o, _)) if *o == (s - n) as u64)),
            "{seed}: {check:?}"
        );
    }
}

#[test]
fn scanning_a_gzip_dump_works_through_open_input() {
    let (bytes, _, offsets) = dump(6, 20);
    let mut gz = Vec::new();
    gzip(&bytes[..], &mut gz).unwrap();
    let mut scanner = Scanner::new(open_input(&gz[..]).unwrap(), Mode::Check);
    let mut seen = Vec::new();
    while let Some(item) = scanner.next_item() {
        let ScanItem::Document(d) = item.unwrap() else {
            panic!("damage")
        };
        seen.push(d.offset);
    }
    assert_eq!(seen, offsets);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random damage (flipped bytes, inserted bytes, a deleted range): salvage recovers every
    /// document whose bytes were not touched, and never panics or loops.
    #[test]
    fn salvage_recovers_every_untouched_document(
        seed in 0u64..1000,
        flips in prop::collection::vec((any::<prop::sample::Index>(), 1u8..=255), 0..4),
        insert in prop::option::of((any::<prop::sample::Index>(), prop::collection::vec(any::<u8>(), 1..40))),
        delete in prop::option::of((any::<prop::sample::Index>(), 1usize..60)),
    ) {
        let (bytes, _, offsets) = dump(seed, 25);
        let mut ends: Vec<u64> = offsets[1..].to_vec();
        ends.push(bytes.len() as u64);
        let mut touched = vec![false; bytes.len()];
        let mut damaged = bytes.clone();
        for (at, x) in &flips {
            let i = at.index(bytes.len());
            damaged[i] ^= x;
            touched[i] = true;
        }
        // Inserted and deleted bytes touch the documents on either side of them.
        let mut edits: Vec<(usize, usize, Vec<u8>)> = Vec::new();
        if let Some((at, ins)) = &insert {
            edits.push((at.index(bytes.len()), 0, ins.clone()));
        }
        if let Some((at, n)) = delete {
            let i = at.index(bytes.len());
            edits.push((i, n.min(bytes.len() - i), Vec::new()));
        }
        edits.sort_by_key(|e| std::cmp::Reverse(e.0));
        for (i, n, ins) in &edits {
            for t in touched.iter_mut().skip(i.saturating_sub(1)).take(n + 2) {
                *t = true;
            }
            damaged.splice(*i..*i + n, ins.iter().copied());
        }
        let items = scan(&damaged, Mode::Salvage);
        let good: Vec<(u64, &Vec<u8>)> = items.iter().filter_map(|i| i.as_ref().ok().map(|(o, b)| (*o, b))).collect();
        // Where the scan stood: 0 and the end of every item.
        let mut stops = vec![0u64];
        stops.extend(items.iter().map(|i| match i {
            Ok((o, b)) => o + b.len() as u64,
            Err((o, len, _)) => o + len,
        }));
        for (k, (&start, &end)) in offsets.iter().zip(&ends).enumerate() {
            let (s, e) = (usize::try_from(start).unwrap(), usize::try_from(end).unwrap());
            if touched[s..e].iter().any(|&t| t) {
                continue;
            }
            // Its offset in the damaged bytes: every edit before it moved it.
            let moved: i64 = edits.iter().filter(|(i, ..)| *i < s).map(|(_, n, ins)| ins.len() as i64 - *n as i64).sum();
            let at = u64::try_from(start as i64 + moved).unwrap();
            // Resynchronising, the scanner tells a document from a damaged one's embedded
            // document only by the plausible length prefix after it: a document whose
            // successor's prefix is damaged too is recovered only if the scan reaches it.
            let followed = !touched[e..(e + 4).min(bytes.len())].iter().any(|&t| t);
            if followed || stops.contains(&at) {
                prop_assert!(good.iter().any(|(o, g)| *o == at && g[..] == bytes[s..e]), "document {} lost", k);
            }
        }
        // Every byte is accounted for exactly once.
        let total: u64 = items.iter().map(|i| match i {
            Ok((_, b)) => b.len() as u64,
            Err((_, len, _)) => *len,
        }).sum();
        prop_assert_eq!(total, damaged.len() as u64);
    }
}

/// Every document of an archive as `(db, collection, document)`, and the collections ended.
#[allow(clippy::type_complexity)]
fn read_archive(input: impl Read) -> (Prelude, Vec<(String, String, Document)>, Vec<String>) {
    let mut archive = ArchiveReader::open(open_input(input).unwrap()).unwrap();
    let prelude = archive.prelude().clone();
    let (mut docs, mut ended) = (Vec::new(), Vec::new());
    while let Some(item) = archive.next_item() {
        match item.unwrap() {
            ArchiveItem::Document {
                db,
                collection,
                bytes,
                ..
            } => docs.push((
                db.to_owned(),
                collection.to_owned(),
                decode_document_with(bytes, limits()).unwrap(),
            )),
            ArchiveItem::CollectionEnd { db, collection, .. } => {
                ended.push(format!("{db}.{collection}"))
            }
        }
    }
    (prelude, docs, ended)
}

#[test]
fn an_archive_of_two_collections_reads_back_equal() {
    let people: Vec<Document> = mixed_documents(20, 30).collect();
    let orders: Vec<Document> = mixed_documents(21, 18).collect();
    let mut bytes = Vec::new();
    write_archive(
        &[
            ("shop", "people", people.clone()),
            ("shop", "orders", orders.clone()),
        ],
        &mut bytes,
    )
    .unwrap();
    assert_eq!(bytes[..4], [0x6d, 0xe2, 0x99, 0x81]);
    let mut gz = Vec::new();
    gzip(&bytes[..], &mut gz).unwrap();
    for input in [&bytes, &gz] {
        let (prelude, docs, ended) = read_archive(&input[..]);
        assert_eq!(prelude.header.version, "0.1");
        let names: Vec<_> = prelude
            .collections
            .iter()
            .map(|c| c.collection.as_str())
            .collect();
        assert_eq!(names, ["people", "orders"]);
        assert!(prelude.collections[0].metadata.contains(r#""name":"_id_""#));
        let of = |name: &str| -> Vec<Document> {
            docs.iter()
                .filter(|(db, c, _)| db == "shop" && c == name)
                .map(|(_, _, d)| d.clone())
                .collect()
        };
        assert_eq!(of("people"), people);
        assert_eq!(of("orders"), orders);
        assert_eq!(docs.len(), 48);
        // The segments interleave: the first orders document comes before the last people one.
        assert!(
            docs.iter().position(|d| d.1 == "orders") < docs.iter().rposition(|d| d.1 == "people")
        );
        assert_eq!(ended, ["shop.people", "shop.orders"]);
    }
}

#[test]
fn a_plain_bson_file_is_not_an_archive() {
    let (bytes, _, _) = dump(1, 2);
    let err = ArchiveReader::open(&bytes[..]).err().unwrap();
    assert!(matches!(err, DumpError::NotArchive));
    // mongorestore's words, the same in every language.
    assert_eq!(
        err.to_string_in(Lang::Zh),
        "stream or file does not appear to be a mongodump archive"
    );
}

#[test]
fn a_truncated_archive_is_an_error_with_the_offset() {
    let mut bytes = Vec::new();
    write_archive(&[("db", "c", mixed_documents(2, 10).collect())], &mut bytes).unwrap();
    let cut = bytes.len() - 30;
    let mut archive = ArchiveReader::open(&bytes[..cut]).unwrap();
    let mut last = None;
    while let Some(item) = archive.next_item() {
        if let Err(e) = item {
            last = Some(e);
        }
    }
    assert!(
        matches!(last, Some(DumpError::Truncated { .. })),
        "{last:?}"
    );
}

#[test]
fn metadata_json_reads_into_a_typed_value() {
    // The shape mongodump 100.x writes: canonical Extended JSON on one line.
    let text = r#"{"indexes":[{"v":{"$numberInt":"2"},"key":{"_id":{"$numberInt":"1"}},"name":"_id_"},{"v":{"$numberInt":"2"},"unique":true,"key":{"email":{"$numberInt":"1"},"age":{"$numberInt":"-1"}},"name":"email_1_age_-1","collation":{"locale":"en","strength":{"$numberInt":"2"}}}],"uuid":"3b241101e2bb42558caf4136c566a962","collectionName":"people","type":"collection","options":{"collation":{"locale":"en","strength":{"$numberInt":"2"},"numericOrdering":true}}}"#;
    let meta = bson_tutor::dump::metadata::read(text.as_bytes()).unwrap();
    assert_eq!(meta.collection_name, "people");
    assert_eq!(meta.kind, "collection");
    assert_eq!(
        meta.uuid.as_deref(),
        Some("3b241101e2bb42558caf4136c566a962")
    );
    assert_eq!(meta.indexes.len(), 2);
    let index = &meta.indexes[1];
    assert_eq!(index.name, "email_1_age_-1");
    assert_eq!(index.key.keys().collect::<Vec<_>>(), ["email", "age"]);
    assert_eq!(index.key.get("age"), Some(&Value::Int32(-1)));
    assert_eq!(index.options.get("unique"), Some(&Value::Boolean(true)));
    let collation = meta.collation.unwrap();
    assert_eq!(
        collation.get("numericOrdering"),
        Some(&Value::Boolean(true))
    );
    // Relaxed form reads the same.
    let relaxed = bson_tutor::dump::metadata::parse(
        r#"{"indexes":[{"v":2,"key":{"_id":1},"name":"_id_"}],"collectionName":"c"}"#,
    )
    .unwrap();
    assert_eq!(relaxed.indexes[0].key.get("_id"), Some(&Value::Int32(1)));
    assert!(relaxed.collation.is_none() && relaxed.uuid.is_none());
    // Broken JSON is a typed error.
    let err = bson_tutor::dump::metadata::parse("{\"indexes\": [").unwrap_err();
    assert!(matches!(err, DumpError::Metadata(_)));
    assert!(err.to_string().starts_with("metadata.json: "), "{err}");
}

#[test]
fn the_archive_prelude_metadata_is_metadata_json() {
    let mut bytes = Vec::new();
    write_archive(&[("db", "c", mixed_documents(3, 2).collect())], &mut bytes).unwrap();
    let archive = ArchiveReader::open(&bytes[..]).unwrap();
    let meta =
        bson_tutor::dump::metadata::parse(&archive.prelude().collections[0].metadata).unwrap();
    assert_eq!(meta.collection_name, "c");
    assert_eq!(meta.indexes[0].name, "_id_");
}

/// `bytes` over and over, `times` times, without holding more than one copy.
struct Cycle<'a> {
    bytes: &'a [u8],
    pos: usize,
    left: usize,
}

impl Read for Cycle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.bytes.len() - self.pos);
        buf[..n].copy_from_slice(&self.bytes[self.pos..self.pos + n]);
        self.pos += n;
        if self.pos == self.bytes.len() {
            self.pos = 0;
            self.left -= 1;
        }
        Ok(n)
    }
}

#[test]
fn memory_stays_bounded_by_the_largest_document() {
    let (bytes, _, offsets) = dump(9, 500);
    let mut ends: Vec<u64> = offsets[1..].to_vec();
    ends.push(bytes.len() as u64);
    let largest = offsets.iter().zip(&ends).map(|(s, e)| e - s).max().unwrap() as usize;
    let times = 200; // about 40 MB through
    let mut reader = DocumentReader::new(Cycle {
        bytes: &bytes,
        pos: 0,
        left: times,
    });
    let mut n = 0;
    while let Some(item) = reader.next_document() {
        item.unwrap();
        n += 1;
    }
    assert_eq!(n, 500 * times);
    assert!(
        reader.buffer_capacity() <= 2 * largest,
        "{}",
        reader.buffer_capacity()
    );
    let mut scanner = Scanner::new(
        Cycle {
            bytes: &bytes,
            pos: 0,
            left: 20,
        },
        Mode::Salvage,
    );
    let mut n = 0;
    while let Some(item) = scanner.next_item() {
        assert!(matches!(item.unwrap(), ScanItem::Document(_)));
        n += 1;
    }
    assert_eq!(n, 500 * 20);
    assert!(
        scanner.window_capacity() <= 2 * (largest + 64 * 1024),
        "{}",
        scanner.window_capacity()
    );
}

// Issue 26: hostile archives and gzip trailers.

/// A small document `{ _id: i }`.
fn numbered(i: i32) -> Document {
    let mut d = Document::new();
    d.push("_id", i);
    d
}

#[test]
fn an_archive_of_300k_collections_is_read_with_a_checksum_lookup_per_document() {
    // Quadratic before (each document searched the running checksums in a list: over two
    // minutes for 300,000 collections); read to its end, every collection's CRC right.
    const N: i32 = 300_000;
    let dir = crate::common::TempDir::new("dump", "namespaces");
    let names: Vec<String> = (0..N).map(|i| format!("c{i}")).collect();
    let collections: Vec<(&str, &str, Vec<Document>)> = names
        .iter()
        .enumerate()
        .map(|(i, c)| ("db", c.as_str(), vec![numbered(i as i32)]))
        .collect();
    let path = dir.join("many.archive");
    {
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        write_archive(&collections, &mut out).unwrap();
        std::io::Write::flush(&mut out).unwrap();
    }
    drop(collections);
    let file = std::io::BufReader::new(std::fs::File::open(&path).unwrap());
    let mut archive = ArchiveReader::open(file).unwrap();
    assert_eq!(archive.prelude().collections.len(), N as usize);
    let (mut documents, mut ended, mut right) = (0, 0, 0);
    while let Some(item) = archive.next_item() {
        match item.unwrap() {
            ArchiveItem::Document { .. } => documents += 1,
            ArchiveItem::CollectionEnd { crc, computed, .. } => {
                ended += 1;
                right += u32::from(crc == computed);
            }
        }
    }
    assert_eq!((documents, ended, right), (N, N as u32, N as u32));
}

/// The start of an archive (magic number and header) and one metadata document of about
/// `size` bytes, to be repeated: a prelude mongodump never writes.
fn huge_prelude(size: usize) -> (Vec<u8>, Vec<u8>) {
    let mut head = ARCHIVE_MAGIC_BYTES.to_vec();
    head.extend(encode_document(&bson_tutor::dump::generate::archive_header()).unwrap());
    let mut padded = Document::new();
    padded.push("db", "db");
    padded.push("collection", "c");
    padded.push("metadata", "x".repeat(size - 64));
    let doc = encode_document(&padded).unwrap();
    assert!(doc.len() <= MAX_DOCUMENT_LEN, "{}", doc.len());
    (head, doc)
}

const ARCHIVE_MAGIC_BYTES: [u8; 4] = bson_tutor::dump::archive::ARCHIVE_MAGIC;

#[test]
fn a_prelude_past_its_cap_is_refused_at_the_document_that_passes_it() {
    use bson_tutor::dump::archive::MAX_PRELUDE_LEN;
    let (head, doc) = huge_prelude(16 * 1024 * 1024);
    // 150 metadata documents of 16 MiB: 2.4 GB if held.
    let input = std::io::Cursor::new(head.clone()).chain(Cycle {
        bytes: &doc,
        pos: 0,
        left: 150,
    });
    let err = ArchiveReader::open(input).err().unwrap();
    let k = (MAX_PRELUDE_LEN - head.len() as u64) / doc.len() as u64;
    let offset = head.len() as u64 + k * doc.len() as u64;
    assert!(
        matches!(err, DumpError::PreludeTooLarge { offset: o, limit } if o == offset && limit == MAX_PRELUDE_LEN),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        format!(
            "byte {offset}: the archive's prelude (its header and every collection's metadata) runs past {MAX_PRELUDE_LEN} bytes; mongodump writes a few hundred bytes a collection, so this is no archive it wrote"
        )
    );
}

#[test]
fn a_prelude_of_wrong_types_and_metadata_that_is_not_json_is_damage() {
    use bson_tutor::dump::archive::FieldType;
    use bson_tutor::dump::generate::{archive_header, collection_metadata, write_archive_with};
    let mut header = archive_header();
    header.insert("concurrent_collections", "four");
    let mut first = collection_metadata("shop", "orders", 10);
    first.insert("size", Value::Boolean(true));
    let mut second = collection_metadata("shop", "users", 10);
    second.insert("metadata", "{\"indexes\": [");
    let docs: Vec<Document> = (0..3).map(numbered).collect();
    let mut bytes = Vec::new();
    write_archive_with(
        &header,
        &[first.clone(), second],
        &[("shop", "orders", docs.clone()), ("shop", "users", docs)],
        &mut bytes,
    )
    .unwrap();
    let header_at = 4u64;
    let first_at = header_at + encode_document(&header).unwrap().len() as u64;
    let second_at = first_at + encode_document(&first).unwrap().len() as u64;
    let (prelude, read, _) = read_archive(&bytes[..]);
    // The data still reads.
    assert_eq!(read.len(), 6);
    let damage: Vec<_> = prelude
        .damage
        .iter()
        .map(|d| (d.offset, d.key, d.expected, d.found.alias()))
        .collect();
    assert_eq!(
        damage,
        [
            (
                header_at,
                "concurrent_collections",
                FieldType::Integer,
                "string"
            ),
            (first_at, "size", FieldType::Integer, "bool"),
        ]
    );
    let said = DumpError::PreludeField(prelude.damage[0].clone()).to_string();
    assert_eq!(
        said,
        "byte 4: the prelude's field `concurrent_collections` is string, but mongorestore reads it as int or long and refuses the archive"
    );
    let metadata = prelude.metadata_damage();
    assert_eq!(metadata.len(), 1);
    assert!(
        matches!(&metadata[0], DumpError::PreludeMetadata { offset, namespace, .. } if *offset == second_at && namespace == "shop.users"),
        "{:?}",
        metadata[0]
    );
    // A clean prelude has none.
    let mut clean = Vec::new();
    write_archive(&[("db", "c", vec![numbered(1)])], &mut clean).unwrap();
    let (prelude, _, _) = read_archive(&clean[..]);
    assert!(prelude.damage.is_empty() && prelude.metadata_damage().is_empty());
}

#[test]
fn bytes_after_the_last_gzip_member_end_the_data_and_are_reported_by_offset() {
    let (bytes, docs, _) = dump(11, 40);
    let mut gz = Vec::new();
    gzip(&bytes[..], &mut gz).unwrap();
    // Two members, as `cat a.gz b.gz` makes, then what gzip calls trailing garbage.
    let mut two = gz.clone();
    gzip(&bytes[..], &mut two).unwrap();
    let end = two.len() as u64;
    for trailing in [&b"not gzip at all"[..], &[0u8; 512][..], &[0x1f][..]] {
        let mut input = two.clone();
        input.extend_from_slice(trailing);
        let opened = open_input(&input[..]).unwrap();
        let trailer = opened.trailer();
        let read = read_all(opened);
        assert_eq!(read.len(), 2 * docs.len());
        assert_eq!(read[docs.len()].1, docs[0]);
        assert_eq!(trailer.offset(), Some(end), "{trailing:?}");
    }
    // A clean stream has no trailer.
    let opened = open_input(&two[..]).unwrap();
    let trailer = opened.trailer();
    assert_eq!(read_all(opened).len(), 2 * docs.len());
    assert_eq!(trailer.offset(), None);
    // A damaged member is still an error.
    let mut broken = gz.clone();
    let middle = broken.len() / 2;
    broken[middle] ^= 0xff;
    let mut out = Vec::new();
    assert!(
        open_input(&broken[..])
            .unwrap()
            .read_to_end(&mut out)
            .is_err()
    );
}
