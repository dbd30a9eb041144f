//! Judging bytes typed as hex: which typed bytes are wrong (for the hex view to mark), and
//! the classic mistakes named: a number in big-endian order where BSON is little-endian, a
//! forgotten 0x00 at the end of a key, a string or a document.

use std::collections::BTreeSet;

use super::{ByteMarks, Outcome, Verdict};
use crate::bson::ElementType;
use crate::bson::spans::{Container, Meaning, Row};
use crate::strings::localize::one_other;
use crate::strings::{Lang, tr, trf};

/// The longest answer the alignment that finds missing 0x00 bytes is tried on: it costs the
/// product of the two lengths.
const ALIGN_MAX: usize = 1024;

/// Judges `typed` against `answer`, whose bytes `rows` describe.
pub(super) fn judge(typed: &[u8], answer: &[u8], rows: &[Row], lang: Lang) -> Verdict {
    if typed == answer {
        let n = answer.len();
        let key = one_other(lang, n as u64, "right: {right} byte", "right: {n} bytes");
        return Verdict::right(trf(lang, key, &[&n]));
    }
    let mut why = Vec::new();
    let (wrong, unexplained) = if typed.len() == answer.len() {
        let wrong: Vec<usize> = (0..typed.len())
            .filter(|&i| typed[i] != answer[i])
            .collect();
        let mut explained = BTreeSet::new();
        for row in rows
            .iter()
            .filter(|r| little_endian(&r.meaning) && r.len > 1)
        {
            let range = row.offset..row.offset + row.len;
            let (Some(t), Some(a)) = (typed.get(range.clone()), answer.get(range.clone())) else {
                continue;
            };
            if t != a && t.iter().eq(a.iter().rev()) {
                why.push(trf(
                    lang,
                    "bytes {from}–{to} ({part}) are in big-endian order",
                    &[&row.offset, &(range.end - 1), &part(row, lang)],
                ));
                explained.extend(range);
            }
        }
        if !explained.is_empty() {
            // The rule once, after the fields that broke it.
            why.push(
                tr(
                    lang,
                    "BSON stores numbers little-endian, least significant byte first",
                )
                .to_owned(),
            );
        }
        let unexplained = wrong
            .iter()
            .copied()
            .filter(|i| !explained.contains(i))
            .collect();
        (wrong, unexplained)
    } else if let Some(a) = align_missing_nuls(typed, answer, rows) {
        for &p in &a.missing {
            if let Some(row) = rows.iter().find(|r| r.offset <= p && p < r.offset + r.len) {
                why.push(missing_nul(row, p, lang));
            }
        }
        let mut wrong: BTreeSet<usize> = a.substituted.iter().copied().collect();
        wrong.extend(a.gaps.iter().copied().filter(|&j| j < typed.len()));
        (wrong.into_iter().collect(), a.substituted)
    } else {
        let wrong: Vec<usize> = (0..typed.len())
            .filter(|&i| answer.get(i) != Some(&typed[i]))
            .collect();
        let key = one_other(
            lang,
            typed.len() as u64,
            "you typed {value} byte, but the answer has {has}",
            "you typed {value} bytes, but the answer has {len}",
        );
        why.push(trf(lang, key, &[&typed.len(), &answer.len()]));
        // The first byte that differs before either ends says where it went astray.
        let first = wrong.iter().copied().find(|&i| i < answer.len());
        (wrong, first.into_iter().collect())
    };
    if let Some(&first) = unexplained.first() {
        let shown = format!("{:02x}", typed.get(first).copied().unwrap_or(0));
        match rows
            .iter()
            .find(|r| r.offset <= first && first < r.offset + r.len)
        {
            Some(row) => why.push(trf(
                lang,
                "byte {n} ({part}) is wrong: you typed {value}",
                &[&first, &part(row, lang), &shown],
            )),
            None => why.push(trf(
                lang,
                "byte {n} is wrong: you typed {value}",
                &[&first, &shown],
            )),
        }
        let more = unexplained.len() - 1;
        if more > 0 {
            let key = one_other(
                lang,
                more as u64,
                "and {n} more wrong byte",
                "and {n} more wrong bytes",
            );
            why.push(trf(lang, key, &[&more]));
        }
    }
    Verdict {
        outcome: Outcome::Wrong,
        feedback: why.join("\n"),
        marks: Some(ByteMarks {
            typed: typed.to_vec(),
            wrong,
            expected_len: answer.len(),
        }),
    }
}

/// Whether the bytes are a number BSON writes little-endian.
fn little_endian(m: &Meaning) -> bool {
    match m {
        Meaning::DocumentLength { .. }
        | Meaning::StringLength(_)
        | Meaning::BinaryLength(_)
        | Meaning::OldBinaryLength(_)
        | Meaning::CodeWithScopeLength(_)
        | Meaning::DateTime(_)
        | Meaning::TimestampIncrement(_)
        | Meaning::TimestampTime(_) => true,
        Meaning::Scalar { ty, .. } => matches!(
            ty,
            ElementType::Int32 | ElementType::Int64 | ElementType::Double | ElementType::Decimal128
        ),
        _ => false,
    }
}

/// Where a row's bytes belong, in words: "the type byte of `a`".
fn part(row: &Row, lang: Lang) -> String {
    let path = &row.path;
    let at = format_args!("`{path}`");
    match &row.meaning {
        Meaning::DocumentLength {
            container: Container::Top,
            ..
        } => trf(lang, "the document's length prefix", &[]),
        Meaning::DocumentLength { .. } => trf(lang, "the length prefix of {path}", &[&at]),
        Meaning::DocumentEnd {
            container: Container::Top,
        } => trf(lang, "the document's final 0x00", &[]),
        Meaning::DocumentEnd { .. } => trf(lang, "the final 0x00 of {path}", &[&at]),
        Meaning::TypeByte(_) => trf(lang, "the type byte of {path}", &[&at]),
        Meaning::Key(_) => trf(lang, "the key of {path}", &[&at]),
        Meaning::StringLength(_) | Meaning::BinaryLength(_) | Meaning::OldBinaryLength(_) => {
            trf(lang, "the length of the value of {path}", &[&at])
        }
        _ => trf(lang, "the value of {path}", &[&at]),
    }
}

/// The line for a 0x00 left out at byte `p` of the answer.
fn missing_nul(row: &Row, p: usize, lang: Lang) -> String {
    let path = format_args!("`{}`", row.path);
    match &row.meaning {
        Meaning::Key(k) => trf(
            lang,
            "the 0x00 that ends the key {key} is missing (byte {n})",
            &[&format_args!("`{k}`"), &p],
        ),
        Meaning::DocumentEnd {
            container: Container::Top,
        } => trf(
            lang,
            "the 0x00 that ends the document is missing (byte {n})",
            &[&p],
        ),
        Meaning::DocumentEnd { .. } => trf(
            lang,
            "the 0x00 that ends {path} is missing (byte {n})",
            &[&path, &p],
        ),
        _ => trf(
            lang,
            "the 0x00 that ends the string of {path} is missing (byte {n})",
            &[&path, &p],
        ),
    }
}

/// An alignment of typed bytes with the answer that leaves out some of its 0x00s.
#[derive(Debug, PartialEq, Eq)]
struct Alignment {
    /// Positions in the answer of the 0x00 bytes left out.
    missing: Vec<usize>,
    /// Positions in the typed bytes that differ from the answer's byte they stand for.
    substituted: Vec<usize>,
    /// Positions in the typed bytes where a left-out 0x00 belongs (the byte after the gap).
    gaps: Vec<usize>,
}

/// The best reading of `typed` as `answer` with some of its closing 0x00 bytes (of a key,
/// a string, a document) left out, and few other bytes wrong: `None` when no such reading
/// explains it (a byte count that no left-out 0x00s make up, or mostly other bytes wrong).
fn align_missing_nuls(typed: &[u8], answer: &[u8], rows: &[Row]) -> Option<Alignment> {
    let (n, m) = (answer.len(), typed.len());
    if m >= n || n > ALIGN_MAX {
        return None;
    }
    let nul = |i: usize| {
        answer[i] == 0
            && rows.iter().any(|r| {
                r.offset + r.len == i + 1
                    && matches!(
                        r.meaning,
                        Meaning::Key(_)
                            | Meaning::StringBytes(_)
                            | Meaning::DocumentEnd { .. }
                            | Meaning::RegexPattern(_)
                            | Meaning::RegexOptions(_)
                    )
            })
    };
    // cost[i][j]: fewest wrong bytes aligning answer[..i] with typed[..j].
    const NONE: u32 = u32::MAX;
    let mut cost = vec![vec![NONE; m + 1]; n + 1];
    cost[0][0] = 0;
    for i in 0..=n {
        for j in 0..=m {
            let here = cost[i][j];
            if here == NONE {
                continue;
            }
            if i < n && j < m {
                let c = here + u32::from(answer[i] != typed[j]);
                cost[i + 1][j + 1] = cost[i + 1][j + 1].min(c);
            }
            if i < n && nul(i) {
                cost[i + 1][j] = cost[i + 1][j].min(here);
            }
        }
    }
    let total = cost[n][m];
    // Mostly right otherwise: at most a quarter of the typed bytes wrong.
    if total == NONE || total as usize * 4 > m {
        return None;
    }
    let (mut i, mut j) = (n, m);
    let mut a = Alignment {
        missing: Vec::new(),
        substituted: Vec::new(),
        gaps: Vec::new(),
    };
    while i > 0 {
        // Prefer explaining a byte as left out when both readings cost the same.
        if nul(i - 1) && cost[i - 1][j] == cost[i][j] {
            a.missing.push(i - 1);
            a.gaps.push(j);
            i -= 1;
        } else if j > 0
            && cost[i - 1][j - 1] != NONE
            && cost[i - 1][j - 1] + u32::from(answer[i - 1] != typed[j - 1]) == cost[i][j]
        {
            if answer[i - 1] != typed[j - 1] {
                a.substituted.push(j - 1);
            }
            i -= 1;
            j -= 1;
        } else {
            return None;
        }
    }
    a.missing.reverse();
    a.gaps.reverse();
    a.substituted.reverse();
    Some(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::hex;
    use crate::bson::spans::{document_spans, rows};

    /// `{ a: 1 }`: 0c 00 00 00 10 61 00 01 00 00 00 00.
    fn a_one() -> (Vec<u8>, Vec<Row>) {
        let bytes = hex::decode("0c 00 00 00 10 61 00 01 00 00 00 00").unwrap();
        let rows = rows(&document_spans(&bytes).unwrap());
        (bytes, rows)
    }

    fn judged(typed: &str) -> Verdict {
        let (answer, rows) = a_one();
        judge(&hex::decode(typed).unwrap(), &answer, &rows, Lang::En)
    }

    #[test]
    fn big_endian_fields_are_named_and_marked() {
        let v = judged("00 00 00 0c 10 61 00 00 00 00 01 00");
        assert_eq!(v.outcome, Outcome::Wrong);
        let lines: Vec<&str> = v.feedback.lines().collect();
        assert_eq!(
            lines,
            [
                "bytes 0–3 (the document's length prefix) are in big-endian order",
                "bytes 7–10 (the value of `a`) are in big-endian order",
                "BSON stores numbers little-endian, least significant byte first",
            ]
        );
        let marks = v.marks.unwrap();
        assert_eq!(marks.wrong, vec![0, 3, 7, 10]);
        assert_eq!(marks.expected_len, 12);
    }

    #[test]
    fn a_left_out_key_nul_is_named_and_its_gap_marked() {
        let v = judged("0c 00 00 00 10 61 01 00 00 00 00");
        assert_eq!(
            v.feedback,
            "the 0x00 that ends the key `a` is missing (byte 6)"
        );
        let marks = v.marks.unwrap();
        assert_eq!((marks.wrong, marks.expected_len), (vec![6], 12));
        let end = judged("0b 00 00 00 10 61 00 01 00 00 00");
        assert_eq!(
            end.feedback,
            "the 0x00 that ends the document is missing (byte 11)\nbyte 0 (the document's length prefix) is wrong: you typed 0b"
        );
        assert_eq!(end.marks.unwrap().wrong, vec![0]);
    }

    #[test]
    fn other_wrong_bytes_name_their_part_and_count_the_rest() {
        let v = judged("0c 00 00 00 12 62 00 01 00 00 00 00");
        assert_eq!(
            v.feedback,
            "byte 4 (the type byte of `a`) is wrong: you typed 12\nand 1 more wrong byte"
        );
        assert_eq!(v.marks.unwrap().wrong, vec![4, 5]);
        let long = judged("0c 00 00 00 10 61 00 01 00 00 00 00 00");
        assert_eq!(long.feedback, "you typed 13 bytes, but the answer has 12");
        assert_eq!(long.marks.unwrap().wrong, vec![12]);
        assert!(judged("0c 00 00 00 10 61 00 01 00 00 00 00").correct());
    }
}
