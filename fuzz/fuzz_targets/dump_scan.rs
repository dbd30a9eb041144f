//! Arbitrary bytes as a dump (issue 17): through the `Scanner` in both modes and through the
//! archive reader. Nothing panics or loops; a scan's items tile the input in order; every
//! document it yields decodes; `--check` yields the documents `--salvage` yields up to its
//! first break; the archive reader's documents are the input's bytes at their offsets.
#![no_main]

use bson_tutor::bson::{Limits, decode_document_with};
use bson_tutor::dump::archive::{ArchiveItem, ArchiveReader};
use bson_tutor::dump::{MAX_DOCUMENT_LEN, Mode, ScanItem, Scanner};
use libfuzzer_sys::fuzz_target;

/// The documents' offsets of a scan, and where its items ended.
fn scan(data: &[u8], mode: Mode) -> Vec<u64> {
    let limits = Limits {
        max_size: MAX_DOCUMENT_LEN,
        ..Limits::default()
    };
    let mut scanner = Scanner::new(data, mode);
    let mut documents = Vec::new();
    let mut at = 0u64;
    let mut items = 0usize;
    while let Some(item) = scanner.next_item() {
        items += 1;
        assert!(items <= data.len() + 1, "{mode:?}: more items than bytes");
        let item = match item {
            Ok(item) => item,
            Err(e) => panic!("{mode:?}: reading a slice failed at {at}: {e:?}"),
        };
        match item {
            ScanItem::Document(d) => {
                assert_eq!(
                    d.offset, at,
                    "{mode:?}: document not where the last item ended"
                );
                let end = d.offset as usize + d.bytes.len();
                assert_eq!(
                    d.bytes,
                    &data[d.offset as usize..end],
                    "{mode:?}: not the input's bytes"
                );
                if let Err(e) = decode_document_with(d.bytes, limits) {
                    panic!("{mode:?}: document at {} does not decode: {e}", d.offset);
                }
                documents.push(d.offset);
                at = end as u64;
            }
            ScanItem::Damaged(d) => {
                assert_eq!(
                    d.offset, at,
                    "{mode:?}: damage not where the last item ended"
                );
                assert!(
                    d.length > 0,
                    "{mode:?}: empty damaged region at {}",
                    d.offset
                );
                assert!(
                    !d.reason.to_string().is_empty(),
                    "{mode:?}: damage without a reason"
                );
                at = d.offset + d.length;
            }
        }
        assert!(
            at <= data.len() as u64,
            "{mode:?}: item ends at {at}, past the input"
        );
    }
    assert_eq!(
        at,
        data.len() as u64,
        "{mode:?}: the scan stopped short of the end"
    );
    documents
}

fuzz_target!(|data: &[u8]| {
    let checked = scan(data, Mode::Check);
    let salvaged = scan(data, Mode::Salvage);
    assert!(
        salvaged.starts_with(&checked),
        "--check found documents {checked:?}, --salvage {salvaged:?}"
    );

    if let Ok(mut archive) = ArchiveReader::open(data) {
        let mut items = 0usize;
        while let Some(item) = archive.next_item() {
            items += 1;
            assert!(items <= data.len() + 1, "archive: more items than bytes");
            match item {
                Ok(ArchiveItem::Document { offset, bytes, .. }) => {
                    let start = usize::try_from(offset).unwrap_or(usize::MAX);
                    assert!(
                        start + bytes.len() <= data.len(),
                        "archive: document past the end"
                    );
                    assert_eq!(
                        bytes,
                        &data[start..start + bytes.len()],
                        "archive: not the input"
                    );
                }
                Ok(ArchiveItem::CollectionEnd { .. }) => {}
                Err(e) => {
                    assert!(!e.to_string().is_empty(), "archive: empty error for {e:?}");
                    break;
                }
            }
        }
    }
});
