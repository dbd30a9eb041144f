//! Why an exercise cannot be answered: its inputs do not compute, or the exercise
//! contradicts itself.

use std::fmt;

use crate::bson::oid::ObjectIdError;
use crate::lesson::compute::ComputeError;
use crate::strings::Lang;
use crate::strings::localize::{Localize, one_other};

/// Why the engine cannot compute an exercise's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveError {
    /// An input that does not compute.
    Compute(ComputeError),
    /// An `id` or an option that is not an ObjectId.
    ObjectId(ObjectIdError),
    /// A `bytes` exercise's `path` that the document does not have.
    NoPath {
        /// The dotted path.
        path: String,
    },
    /// `ask = "first"` with fewer than two ObjectIds to compare.
    FirstNeedsTwo,
    /// An `oid` exercise's `ask` that is not one of its questions.
    OidAsk {
        /// The `ask` as written.
        found: String,
    },
    /// A `script` exercise's `judge` that is not `output` or `database`.
    ScriptJudge {
        /// The `judge` as written.
        found: String,
    },
    /// A choice with fewer than two options.
    ChoiceNeedsTwo,
    /// A choice's `expect` that names none of its options.
    NotAnOption {
        /// The `expect` as written.
        expect: String,
        /// How many options there are.
        options: usize,
    },
    /// A choice with claims, but not one per option.
    ClaimCount {
        /// How many claims.
        claims: usize,
        /// How many options.
        options: usize,
    },
    /// A claim that computes to something other than a boolean.
    ClaimNotBoolean {
        /// The claim's index.
        index: usize,
        /// The claim as written.
        claim: String,
        /// What it computes to, as mongosh prints it.
        value: String,
    },
    /// A claim the engine judges otherwise than `expect` says.
    ClaimDisagrees {
        /// The option's letter.
        option: String,
        /// Its claim.
        claim: String,
        /// What the engine finds the claim to be.
        holds: bool,
        /// The letter `expect` names.
        expected: String,
    },
    /// A `decode` exercise's `offset` past the document's last byte.
    PastTheEnd {
        /// The offset.
        offset: usize,
        /// The document's length in bytes.
        len: usize,
    },
    /// A byte asked about by `type` that belongs to no element.
    NoElement {
        /// The offset.
        offset: usize,
    },
    /// A byte asked about by `value` whose element has no value to show.
    NoValue {
        /// The offset.
        offset: usize,
    },
    /// A `decode` exercise's `ask` that is not one of its questions.
    DecodeAsk {
        /// The `ask` as written.
        found: String,
    },
}

impl Localize for SolveError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use Lang::{En, Vi, Zh};
        use SolveError as E;
        match (lang, self) {
            (_, E::Compute(e)) => e.write_in(lang, out),
            (_, E::ObjectId(e)) => e.write_in(lang, out),
            (En, E::NoPath { path }) => write!(out, "path: the document has no element `{path}`"),
            (Vi, E::NoPath { path }) => write!(out, "path: document không có phần tử `{path}`"),
            (Zh, E::NoPath { path }) => write!(out, "path：文档中没有元素 `{path}`"),
            (En, E::FirstNeedsTwo) => {
                write!(
                    out,
                    "`ask = \"first\"` needs at least two ObjectIds in `options`"
                )
            }
            (Vi, E::FirstNeedsTwo) => {
                write!(
                    out,
                    "`ask = \"first\"` cần ít nhất hai ObjectId trong `options`"
                )
            }
            (Zh, E::FirstNeedsTwo) => {
                write!(
                    out,
                    "`ask = \"first\"` 需要 `options` 中至少有两个 ObjectId"
                )
            }
            (En, E::OidAsk { found }) => write!(
                out,
                "ask: expected `timestamp`, `seconds`, `counter` or `first`, but found `{found}`"
            ),
            (Vi, E::OidAsk { found }) => write!(
                out,
                "ask: cần `timestamp`, `seconds`, `counter` hoặc `first`, nhưng gặp `{found}`"
            ),
            (Zh, E::OidAsk { found }) => write!(
                out,
                "ask：应为 `timestamp`、`seconds`、`counter` 或 `first`，但找到 `{found}`"
            ),
            (En, E::ScriptJudge { found }) => write!(
                out,
                "judge: expected `output` or `database`, but found `{found}`"
            ),
            (Vi, E::ScriptJudge { found }) => write!(
                out,
                "judge: cần `output` hoặc `database`, nhưng gặp `{found}`"
            ),
            (Zh, E::ScriptJudge { found }) => {
                write!(out, "judge：应为 `output` 或 `database`，但找到 `{found}`")
            }
            (En, E::ChoiceNeedsTwo) => write!(out, "a `choice` needs at least two `options`"),
            (Vi, E::ChoiceNeedsTwo) => write!(out, "`choice` cần ít nhất hai `options`"),
            (Zh, E::ChoiceNeedsTwo) => write!(out, "`choice` 至少需要两个 `options`"),
            (En, E::NotAnOption { expect, options }) => write!(
                out,
                "expect: `{expect}` is not one of the {options} {} (a letter or a number)",
                one_other(lang, *options as u64, "option", "options")
            ),
            (Vi, E::NotAnOption { expect, options }) => write!(
                out,
                "expect: `{expect}` không phải một trong {options} phương án (một chữ cái hoặc một số)"
            ),
            (Zh, E::NotAnOption { expect, options }) => write!(
                out,
                "expect：`{expect}` 不是这 {options} 个选项之一（应为字母或数字）"
            ),
            (En, E::ClaimCount { claims, options }) => write!(
                out,
                "claims: {claims} {} for {options} {} (use \"\" for an option with no claim)",
                one_other(lang, *claims as u64, "claim", "claims"),
                one_other(lang, *options as u64, "option", "options")
            ),
            (Vi, E::ClaimCount { claims, options }) => write!(
                out,
                "claims: {claims} khẳng định cho {options} phương án (dùng \"\" cho phương án không có khẳng định)"
            ),
            (Zh, E::ClaimCount { claims, options }) => write!(
                out,
                "claims：{claims} 条断言对应 {options} 个选项（没有断言的选项请写 \"\"）"
            ),
            (
                En,
                E::ClaimNotBoolean {
                    index,
                    claim,
                    value,
                },
            ) => write!(
                out,
                "claims[{index}]: `{claim}` must evaluate to true or false, not {value}"
            ),
            (
                Vi,
                E::ClaimNotBoolean {
                    index,
                    claim,
                    value,
                },
            ) => write!(
                out,
                "claims[{index}]: `{claim}` phải cho ra true hoặc false, không phải {value}"
            ),
            (
                Zh,
                E::ClaimNotBoolean {
                    index,
                    claim,
                    value,
                },
            ) => write!(
                out,
                "claims[{index}]：`{claim}` 的结果必须是 true 或 false，而不是 {value}"
            ),
            (
                En,
                E::ClaimDisagrees {
                    option,
                    claim,
                    holds,
                    expected,
                },
            ) => write!(
                out,
                "option {option} claims `{claim}`, which the engine finds {holds}, but `expect` says the answer is {expected}"
            ),
            (
                Vi,
                E::ClaimDisagrees {
                    option,
                    claim,
                    holds,
                    expected,
                },
            ) => write!(
                out,
                "phương án `{option}` khẳng định `{claim}`, mà engine tính ra là {holds}, nhưng `expect` nói đáp án là `{expected}`"
            ),
            (
                Zh,
                E::ClaimDisagrees {
                    option,
                    claim,
                    holds,
                    expected,
                },
            ) => write!(
                out,
                "选项 `{option}` 断言 `{claim}`，引擎算出的结果是 {holds}，但 `expect` 说答案是 `{expected}`"
            ),
            (En, E::PastTheEnd { offset, len }) => write!(
                out,
                "offset: {offset} is past the end ({len} {})",
                one_other(lang, *len as u64, "byte", "bytes")
            ),
            (Vi, E::PastTheEnd { offset, len }) => {
                write!(out, "offset: {offset} nằm sau chỗ kết thúc ({len} byte)")
            }
            (Zh, E::PastTheEnd { offset, len }) => {
                write!(out, "offset：{offset} 超出了结尾（共 {len} 字节）")
            }
            (En, E::NoElement { offset }) => {
                write!(out, "offset: byte {offset} belongs to no element")
            }
            (Vi, E::NoElement { offset }) => {
                write!(out, "offset: byte {offset} không thuộc phần tử nào")
            }
            (Zh, E::NoElement { offset }) => write!(out, "offset：第 {offset} 字节不属于任何元素"),
            (En, E::NoValue { offset }) => {
                write!(out, "offset: byte {offset} has no value to ask for")
            }
            (Vi, E::NoValue { offset }) => {
                write!(out, "offset: byte {offset} không có giá trị nào để hỏi")
            }
            (Zh, E::NoValue { offset }) => write!(out, "offset：第 {offset} 字节没有可问的值"),
            (En, E::DecodeAsk { found }) => write!(
                out,
                "ask: expected `role`, `type` or `value`, but found `{found}`"
            ),
            (Vi, E::DecodeAsk { found }) => write!(
                out,
                "ask: cần `role`, `type` hoặc `value`, nhưng gặp `{found}`"
            ),
            (Zh, E::DecodeAsk { found }) => {
                write!(out, "ask：应为 `role`、`type` 或 `value`，但找到 `{found}`")
            }
        }
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for SolveError {}

impl From<ComputeError> for SolveError {
    fn from(e: ComputeError) -> Self {
        SolveError::Compute(e)
    }
}

impl From<ObjectIdError> for SolveError {
    fn from(e: ObjectIdError) -> Self {
        SolveError::ObjectId(e)
    }
}

#[cfg(test)]
impl SolveError {
    /// One value of every variant.
    pub(crate) fn every_variant() -> Vec<Self> {
        let oid = match crate::lesson::compute::parse_oid("6ac711ed") {
            Err(e) => e,
            Ok(id) => panic!("{id}"),
        };
        let all = vec![
            SolveError::Compute(ComputeError::Missing {
                kind: "size",
                field: "document",
            }),
            SolveError::ObjectId(oid),
            SolveError::NoPath { path: "a.b".into() },
            SolveError::FirstNeedsTwo,
            SolveError::OidAsk {
                found: "hour".into(),
            },
            SolveError::ScriptJudge {
                found: "prints".into(),
            },
            SolveError::ChoiceNeedsTwo,
            SolveError::NotAnOption {
                expect: "e".into(),
                options: 3,
            },
            SolveError::ClaimCount {
                claims: 1,
                options: 3,
            },
            SolveError::ClaimNotBoolean {
                index: 0,
                claim: "{ $add: [1, 1] }".into(),
                value: "2".into(),
            },
            SolveError::ClaimDisagrees {
                option: "a".into(),
                claim: "{ $eq: [1, 2] }".into(),
                holds: false,
                expected: "a".into(),
            },
            SolveError::PastTheEnd {
                offset: 40,
                len: 12,
            },
            SolveError::NoElement { offset: 0 },
            SolveError::NoValue { offset: 4 },
            SolveError::DecodeAsk {
                found: "size".into(),
            },
        ];
        for e in &all {
            // A new variant must be added above.
            match e {
                SolveError::Compute(_)
                | SolveError::ObjectId(_)
                | SolveError::NoPath { .. }
                | SolveError::FirstNeedsTwo
                | SolveError::OidAsk { .. }
                | SolveError::ScriptJudge { .. }
                | SolveError::ChoiceNeedsTwo
                | SolveError::NotAnOption { .. }
                | SolveError::ClaimCount { .. }
                | SolveError::ClaimNotBoolean { .. }
                | SolveError::ClaimDisagrees { .. }
                | SolveError::PastTheEnd { .. }
                | SolveError::NoElement { .. }
                | SolveError::NoValue { .. }
                | SolveError::DecodeAsk { .. } => {}
            }
        }
        all
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::testing::assert_localized;

    #[test]
    fn every_variant_speaks_every_language() {
        for e in SolveError::every_variant() {
            assert_localized(&e, &[]);
        }
    }

    #[test]
    fn one_claim_is_counted_in_the_singular() {
        let e = SolveError::ClaimCount {
            claims: 1,
            options: 3,
        };
        assert_eq!(
            e.to_string(),
            "claims: 1 claim for 3 options (use \"\" for an option with no claim)"
        );
    }
}
