//! Claim labels: the mark before a statement that says how sure it is (`[observed]`), as the
//! lesson pane and `show` print it, and their meanings as the help overlay defines them
//! (`--help` has them in its table, `help.rs`; the first lesson says it too).

/// Vietnamese.
pub(super) const VI: &[(&str, &str)] = &[
    ("[documented]", "[Tài liệu]"),
    ("[observed]", "[Quan sát]"),
    ("[implementation detail]", "[Chi tiết triển khai]"),
    ("[simplified model]", "[Mô hình đơn giản]"),
    (
        "Lessons mark how sure a statement is with a label before it:",
        "Bài học gắn một nhãn trước mỗi nhận định để cho biết nó chắc chắn đến đâu:",
    ),
    (
        "MongoDB's documentation or the BSON specification says so: rely on it",
        "tài liệu MongoDB hoặc đặc tả BSON nói vậy: có thể dựa vào",
    ),
    (
        "seen on a real server: check it again on your own version",
        "thấy trên một server thật: nên kiểm lại trên phiên bản của bạn",
    ),
    (
        "how the server or mongosh does it today, not a promise",
        "cách server hoặc mongosh đang làm hiện nay, không phải một cam kết",
    ),
    (
        "a picture to think with, simpler than the real mechanism",
        "một cách hình dung để dễ suy nghĩ, đơn giản hơn cơ chế thật",
    ),
];

/// Chinese.
pub(super) const ZH: &[(&str, &str)] = &[
    ("[documented]", "[文档]"),
    ("[observed]", "[实测]"),
    ("[implementation detail]", "[实现细节]"),
    ("[simplified model]", "[简化模型]"),
    (
        "Lessons mark how sure a statement is with a label before it:",
        "课程在每条说法前加一个标签，说明它有多可靠：",
    ),
    (
        "MongoDB's documentation or the BSON specification says so: rely on it",
        "MongoDB 文档或 BSON 规范这样写：可以依靠",
    ),
    (
        "seen on a real server: check it again on your own version",
        "在真实服务器上观察到：请在你自己的版本上再验证一次",
    ),
    (
        "how the server or mongosh does it today, not a promise",
        "服务器或 mongosh 目前的做法，并非承诺",
    ),
    (
        "a picture to think with, simpler than the real mechanism",
        "便于思考的图景，比真实机制简单",
    ),
];

#[cfg(test)]
mod tests {
    use crate::lesson::model::Claim;
    use crate::strings::{Lang, translation};

    #[test]
    fn every_claim_label_is_translated_and_bracketed() {
        for claim in Claim::ALL {
            for lang in [Lang::Vi, Lang::Zh] {
                let label = translation(lang, claim.label())
                    .unwrap_or_else(|| panic!("{} has no {lang:?} label", claim.label()));
                assert!(label.starts_with('[') && label.ends_with(']'), "{label}");
                assert_eq!(claim.label_in(lang), label);
            }
            assert_eq!(claim.label_in(Lang::En), claim.label());
            for lang in [Lang::Vi, Lang::Zh] {
                assert!(
                    translation(lang, claim.meaning()).is_some(),
                    "{:?} has no {lang:?} meaning",
                    claim
                );
            }
        }
    }
}
