//! Arbitrary bytes through every reader of one document, checking they agree, and through
//! the `inspect` stream views to check nothing panics.
#![no_main]

use bson_tutor::bson::spans::{document_spans, rows};
use bson_tutor::bson::{DecodeError, decode_document, encode_document, validate};
use bson_tutor::inspect::{View, inspect};
use libfuzzer_sys::fuzz_target;

fn check_error(e: &DecodeError, data: &[u8], who: &str) {
    assert!(!e.to_string().is_empty(), "{who}: empty error message for {e:?}");
    assert!(
        e.offset <= data.len(),
        "{who}: error offset {} past input length {}: {e}",
        e.offset,
        data.len()
    );
}

fuzz_target!(|data: &[u8]| {
    let decoded = decode_document(data);
    let validated = validate(data);
    let spans = document_spans(data);

    match (&decoded, &validated, &spans) {
        (Ok(doc), Ok(()), Ok(spans)) => {
            // The rows tile the document: contiguous, in order, from 0 to its length.
            assert_eq!(spans.len, data.len(), "spans.len != input length");
            let rows = rows(spans);
            let mut at = 0usize;
            for (k, row) in rows.iter().enumerate() {
                assert_eq!(
                    row.offset, at,
                    "row {k} ({row:?}) starts at {} but the previous row ended at {at}",
                    row.offset
                );
                at = row.offset + row.len;
            }
            assert_eq!(at, data.len(), "rows end at {at}, document is {} bytes", data.len());

            // Re-encoding succeeds and reaches a fixed point after one round.
            let once = encode_document(doc).unwrap_or_else(|e| panic!("re-encode failed: {e}"));
            let doc2 = decode_document(&once)
                .unwrap_or_else(|e| panic!("our own encoding does not decode: {e}"));
            let twice =
                encode_document(&doc2).unwrap_or_else(|e| panic!("second re-encode failed: {e}"));
            assert_eq!(once, twice, "encode(decode(encode(decode(x)))) != encode(decode(x))");
        }
        (Err(d), Err(v), Err(s)) => {
            assert_eq!(d, v, "decode_document and validate disagree");
            assert_eq!(d, s, "decode_document and document_spans disagree");
            check_error(d, data, "decode_document");
        }
        _ => panic!(
            "readers disagree: decode_document {:?}, validate {:?}, document_spans {:?}",
            decoded.as_ref().err(),
            validated.as_ref().err(),
            spans.as_ref().err()
        ),
    }

    // The stream paths (split_stream + render) must not panic.
    for view in [View::Table, View::Hex] {
        let out = inspect(data, view, bson_tutor::strings::Lang::En);
        if let Some(e) = &out.error {
            assert!(!e.to_string().is_empty(), "empty inspect error for {e:?}");
            assert!(!e.error.to_string().is_empty());
            assert!(
                e.start + e.error.offset <= data.len(),
                "inspect error at input byte {} past input length {}: {e}",
                e.start + e.error.offset,
                data.len()
            );
        }
    }
});
