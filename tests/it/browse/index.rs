//! The index learns where documents start from their length prefixes, a bounded number per
//! step, reads any one of them by offset, and stops at damage with the offset.

use std::io::{self, Read, Seek, SeekFrom};

use bson_tutor::dump::generate::gzip;
use bson_tutor::dump::index::{DocumentIndex, IndexState, OpenError};
use bson_tutor::dump::{DumpError, MAX_DOCUMENT_LEN};
use bson_tutor::strings::Lang;
use bson_tutor::strings::localize::Localize;

use super::{cursor, dump};

#[test]
fn offsets_sizes_and_bytes_are_what_the_writer_wrote() {
    let (bytes, offsets) = dump(1, 500);
    let mut index = DocumentIndex::open(cursor(&bytes)).unwrap();
    assert!(index.is_empty());
    while index.step(7) {}
    assert!(index.is_complete(), "{:?}", index.state());
    assert_eq!(index.len(), offsets.len());
    for (n, &at) in offsets.iter().enumerate() {
        assert_eq!(index.offset(n), Some(at));
        let end = offsets.get(n + 1).copied().unwrap_or(bytes.len() as u64);
        assert_eq!(index.size(n), Some(end - at));
    }
    // The last document, read by seeking to it.
    let last = *offsets.last().unwrap() as usize;
    assert_eq!(index.read(499).unwrap(), &bytes[last..]);
    // Then the first again: reads go backwards as well.
    let second = offsets[1] as usize;
    assert_eq!(index.read(0).unwrap(), &bytes[..second]);
    assert_eq!(index.read(500).unwrap(), &[] as &[u8]);
}

#[test]
fn a_step_indexes_at_most_its_budget() {
    let (bytes, _) = dump(2, 100);
    let mut index = DocumentIndex::open(cursor(&bytes)).unwrap();
    assert!(index.step(10));
    assert_eq!(index.len(), 10);
    assert!(!index.is_done());
    assert!(index.step(89));
    assert_eq!(index.len(), 99);
    // The 100th, then the end is seen.
    assert!(index.step(1));
    assert!(!index.step(1));
    assert_eq!(index.len(), 100);
    assert!(index.is_complete());
}

#[test]
fn every_byte_maps_to_the_document_holding_it() {
    let (bytes, offsets) = dump(3, 40);
    let mut index = DocumentIndex::open(cursor(&bytes)).unwrap();
    assert!(index.index_all().is_none());
    for byte in 0..bytes.len() as u64 {
        let want = offsets.partition_point(|&o| o <= byte) - 1;
        assert_eq!(index.document_at(byte), Some(want), "byte {byte}");
    }
    assert_eq!(index.document_at(bytes.len() as u64), None);
}

#[test]
fn a_bad_length_prefix_stops_the_index_at_its_offset() {
    let (mut bytes, offsets) = dump(4, 10);
    let end = bytes.len() as u64;
    bytes.extend(2_000_000_000i32.to_le_bytes());
    bytes.extend([0u8; 100]);
    let mut index = DocumentIndex::open(cursor(&bytes)).unwrap();
    let damage = index.index_all().expect("damage");
    assert!(
        matches!(damage, DumpError::BadLength { offset, declared: 2_000_000_000 } if *offset == end),
        "{damage:?}"
    );
    assert_eq!(
        damage.to_string(),
        format!(
            "byte {end}: a document's length prefix says 2000000000 bytes, but a document has 5 to {MAX_DOCUMENT_LEN} bytes"
        )
    );
    assert_eq!(index.len(), offsets.len(), "the documents before it stay");
    assert!(matches!(index.state(), IndexState::Damaged(_)));
    assert!(!index.is_complete() && index.is_done());
}

#[test]
fn a_document_cut_by_the_end_of_the_file_is_damage_too() {
    let (bytes, offsets) = dump(5, 10);
    let cut = &bytes[..bytes.len() - 3];
    let mut index = DocumentIndex::open(cursor(cut)).unwrap();
    let damage = index.index_all().expect("damage");
    let last = offsets[9];
    assert!(
        matches!(damage, DumpError::Truncated { offset, .. } if *offset == last),
        "{damage:?}"
    );
    assert_eq!(index.len(), 9);
    // Two stray bytes after the last document: a cut length prefix.
    let mut two = bytes.clone();
    two.extend([1, 2]);
    let mut index = DocumentIndex::open(cursor(&two)).unwrap();
    let damage = index.index_all().expect("damage");
    assert!(
        matches!(
            damage,
            DumpError::Truncated {
                needed: 4,
                got: 2,
                ..
            }
        ),
        "{damage:?}"
    );
}

#[test]
fn gzip_is_refused_with_the_command_that_decompresses_it() {
    let (bytes, _) = dump(6, 3);
    let mut gz = Vec::new();
    gzip(&bytes[..], &mut gz).unwrap();
    let Err(e) = DocumentIndex::open(cursor(&gz)) else {
        panic!("gzip opened");
    };
    assert!(matches!(e, OpenError::Compressed));
    assert!(
        e.to_string()
            .contains("decompress it first (gunzip -k FILE)"),
        "{e}"
    );
    for lang in [Lang::Vi, Lang::Zh] {
        let text = e.to_string_in(lang);
        assert!(
            text.contains("gunzip -k FILE") && text != e.to_string(),
            "{text}"
        );
    }
}

#[test]
fn an_empty_file_is_complete_with_no_documents() {
    let mut index = DocumentIndex::open(cursor(&[])).unwrap();
    assert!(index.is_complete());
    assert!(!index.step(100));
    assert_eq!((index.len(), index.document_at(0)), (0, None));
}

/// A reader that counts the bytes asked of it.
struct Counting<R> {
    inner: R,
    read: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        Ok(n)
    }
}

impl<R: Seek> Seek for Counting<R> {
    fn seek(&mut self, pos: SeekFrom) -> io::Result<u64> {
        self.inner.seek(pos)
    }
}

#[test]
fn memory_is_the_offsets_table_and_one_document() {
    let (bytes, _) = dump(7, 20_000);
    let mut index = DocumentIndex::open(cursor(&bytes)).unwrap();
    index.index_all();
    let largest = (0..index.len())
        .map(|n| index.size(n).unwrap())
        .max()
        .unwrap() as usize;
    index.read(index.len() - 1).unwrap();
    let memory = index.memory();
    // A Vec doubles: at most twice 8 bytes a document, plus the read buffer and a document.
    assert!(
        memory <= 2 * 8 * index.len() + 64 * 1024 + largest,
        "{memory} bytes for {} documents",
        index.len()
    );
    assert!(
        memory < bytes.len() / 10,
        "{memory} bytes of memory for a {}-byte file",
        bytes.len()
    );
}

#[test]
fn large_documents_are_skipped_by_seeking_not_read() {
    // Documents of 1 MB: their prefixes are 1 MB apart, past the 64 KiB buffer.
    let big = {
        let mut doc = bson_tutor::bson::Document::new();
        doc.push("pad", "x".repeat(1 << 20));
        bson_tutor::bson::encode_document(&doc).unwrap()
    };
    let bytes = big.repeat(8);
    let mut counting = Counting {
        inner: cursor(&bytes),
        read: 0,
    };
    let mut index = DocumentIndex::open(&mut counting).unwrap();
    assert!(index.index_all().is_none());
    assert_eq!(index.len(), 8);
    drop(index);
    assert!(
        counting.read < bytes.len() as u64 / 4,
        "read {} of {} bytes to index",
        counting.read,
        bytes.len()
    );
}

#[test]
fn a_document_is_read_by_its_offset_before_the_index_reaches_it() {
    let (bytes, offsets) = dump(8, 50);
    let mut index = DocumentIndex::open(cursor(&bytes)).unwrap();
    index.step(3);
    let at = offsets[40] as usize;
    let end = offsets[41] as usize;
    assert_eq!(index.read_at(offsets[40]).unwrap(), &bytes[at..end]);
    // Indexing goes on from where it was, whatever was read meanwhile.
    assert!(index.index_all().is_none());
    assert_eq!(index.len(), 50);
    assert_eq!(index.offset(40), Some(offsets[40]));
    // An offset inside a document reads a length prefix that is not one.
    let e = index.read_at(offsets[40] + 1).unwrap_err();
    assert!(
        matches!(e, DumpError::BadLength { .. } | DumpError::Truncated { .. }),
        "{e:?}"
    );
}
