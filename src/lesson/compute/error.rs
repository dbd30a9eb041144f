//! Why a lesson's text does not compute: the engine's own error, framed by the field of the
//! lesson it came from.

use std::fmt;

use crate::bson::datetime::IsoDateError;
use crate::bson::error::{DecodeError, EncodeError};
use crate::bson::{ElementType, ParseError};
use crate::query::error::QueryError;
use crate::query::expr::ExprError;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// What a text of a lesson is: a field of a step or exercise (`document`, `filter`), a table
/// row's label, or the learner's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A field of the lesson file, or a table row's label: shown as it is written.
    Field(String),
    /// What the learner typed.
    Answer,
}

impl From<&str> for What {
    fn from(name: &str) -> What {
        What::Field(name.to_owned())
    }
}

impl Localize for What {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, self) {
            (_, What::Field(name)) => out.write_str(name),
            (Lang::En, What::Answer) => out.write_str("your answer"),
            (Lang::Vi, What::Answer) => out.write_str("câu trả lời của bạn"),
            (Lang::Zh, What::Answer) => out.write_str("你的答案"),
        }
    }
}

impl fmt::Display for What {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

/// Why a text of a lesson does not compute.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputeError {
    /// The text does not parse.
    Parse {
        /// Which text.
        what: What,
        /// The parser's error, with line and column.
        error: ParseError,
    },
    /// A value that must be a document.
    NotADocument {
        /// Which text.
        what: What,
        /// The type it is.
        found: ElementType,
    },
    /// A value that must be documents (an array of them, or one).
    NotDocuments {
        /// Which text.
        what: What,
        /// The type it is.
        found: ElementType,
    },
    /// An item of an array of documents that is not a document.
    ItemNotADocument {
        /// Which text.
        what: What,
        /// The item's index.
        index: usize,
        /// The item's type.
        found: ElementType,
    },
    /// A document the collection refuses, as `insertMany` would (a duplicate `_id`...).
    Insert {
        /// The document's index in `docs`.
        index: usize,
        /// The server's refusal.
        error: QueryError,
    },
    /// A filter, sort or pipeline the server refuses.
    Query(QueryError),
    /// An expression with no value.
    Expr(ExprError),
    /// A document that cannot be written as BSON.
    Encode(EncodeError),
    /// Bytes that do not read back as BSON.
    Decode(DecodeError),
    /// A `focus` path the document does not have.
    NoFocus {
        /// The dotted path.
        path: String,
    },
    /// A field the step or exercise needs.
    Missing {
        /// The step or exercise kind (`run`, `size`).
        kind: &'static str,
        /// The field (`docs`).
        field: &'static str,
    },
    /// An `at` time that is not ISO-8601.
    At(IsoDateError),
    /// An `at` time outside what an ObjectId's 4 bytes of seconds can hold.
    AtOutOfRange {
        /// The time as written.
        at: String,
    },
    /// A `shell` step's or `script` exercise's script that threw, as mongosh reports it
    /// (`Uncaught TypeError: ...`, in mongosh's English).
    Script {
        /// mongosh's report.
        report: String,
    },
}

impl Localize for ComputeError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        use ComputeError as E;
        use Lang::{En, Vi, Zh};
        match (lang, self) {
            (Zh, E::Parse { what, error }) => {
                write!(out, "{}：{}", what.display_in(lang), error.display_in(lang))
            }
            (_, E::Parse { what, error }) => {
                write!(out, "{}: {}", what.display_in(lang), error.display_in(lang))
            }
            (En, E::NotADocument { what, found }) => {
                write!(
                    out,
                    "{what} must be a document, but it is {}",
                    found.alias()
                )
            }
            (Vi, E::NotADocument { what, found }) => write!(
                out,
                "{} phải là một document, nhưng nó là {}",
                what.display_in(lang),
                found.alias()
            ),
            (Zh, E::NotADocument { what, found }) => write!(
                out,
                "{} 必须是文档，但它是 {}",
                what.display_in(lang),
                found.alias()
            ),
            (En, E::NotDocuments { what, found }) => write!(
                out,
                "{what} must be an array of documents, not {}",
                found.alias()
            ),
            (Vi, E::NotDocuments { what, found }) => write!(
                out,
                "{} phải là một mảng các document, không phải {}",
                what.display_in(lang),
                found.alias()
            ),
            (Zh, E::NotDocuments { what, found }) => write!(
                out,
                "{} 必须是文档数组，而不是 {}",
                what.display_in(lang),
                found.alias()
            ),
            (En, E::ItemNotADocument { what, index, found }) => write!(
                out,
                "{what}: item {index} is {}, not a document",
                found.alias()
            ),
            (Vi, E::ItemNotADocument { what, index, found }) => write!(
                out,
                "{}: phần tử {index} là {}, không phải document",
                what.display_in(lang),
                found.alias()
            ),
            (Zh, E::ItemNotADocument { what, index, found }) => write!(
                out,
                "{}：第 {index} 项是 {}，不是文档",
                what.display_in(lang),
                found.alias()
            ),
            // The server's refusal stays as the server words it.
            (Zh, E::Insert { index, error }) => {
                write!(out, "--docs：第 {index} 个文档：{}", error.display_in(lang))
            }
            (_, E::Insert { index, error }) => {
                write!(out, "--docs: document {index}: {}", error.display_in(lang))
            }
            (_, E::Query(e)) => e.write_in(lang, out),
            (_, E::Expr(e)) => e.write_in(lang, out),
            (_, E::Encode(e)) => e.write_in(lang, out),
            (_, E::Decode(e)) => e.write_in(lang, out),
            (En, E::NoFocus { path }) => {
                write!(out, "focus: the document has no element `{path}`")
            }
            (Vi, E::NoFocus { path }) => write!(out, "focus: document không có phần tử `{path}`"),
            (Zh, E::NoFocus { path }) => write!(out, "focus：文档中没有元素 `{path}`"),
            (En, E::Missing { kind, field }) => write!(out, "a `{kind}` needs `{field}`"),
            (Vi, E::Missing { kind, field }) => write!(out, "`{kind}` cần có trường `{field}`"),
            (Zh, E::Missing { kind, field }) => write!(out, "`{kind}` 需要 `{field}` 字段"),
            (Zh, E::At(e)) => write!(out, "at：{}", e.display_in(lang)),
            (_, E::At(e)) => write!(out, "at: {}", e.display_in(lang)),
            (En, E::AtOutOfRange { at }) => {
                write!(out, "at: `{at}` is outside what an ObjectId can hold")
            }
            (Vi, E::AtOutOfRange { at }) => {
                write!(out, "at: `{at}` nằm ngoài khoảng mà ObjectId lưu được")
            }
            (Zh, E::AtOutOfRange { at }) => write!(out, "at：`{at}` 超出了 ObjectId 能表示的范围"),
            (En, E::Script { report }) => write!(out, "the script stopped: {report}"),
            (Vi, E::Script { report }) => write!(out, "script đã dừng: {report}"),
            (Zh, E::Script { report }) => write!(out, "脚本已停止：{report}"),
        }
    }
}

impl fmt::Display for ComputeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ComputeError {}

impl From<QueryError> for ComputeError {
    fn from(e: QueryError) -> Self {
        ComputeError::Query(e)
    }
}

impl From<ExprError> for ComputeError {
    fn from(e: ExprError) -> Self {
        ComputeError::Expr(e)
    }
}

impl From<EncodeError> for ComputeError {
    fn from(e: EncodeError) -> Self {
        ComputeError::Encode(e)
    }
}

impl From<DecodeError> for ComputeError {
    fn from(e: DecodeError) -> Self {
        ComputeError::Decode(e)
    }
}

#[cfg(test)]
impl ComputeError {
    /// One value of every variant, the nested errors made by the engine itself.
    pub(crate) fn every_variant() -> Vec<Self> {
        use crate::bson::oid::ObjectIdProcess;
        use crate::bson::shell::FixedGenerator;
        let parse = |text: &str| match crate::bson::text::parse_value(
            text,
            None,
            &mut FixedGenerator::new(0),
        ) {
            Err(error) => error,
            Ok(p) => panic!("{text}: {:?}", p.value),
        };
        let mut twice = crate::bson::Document::new();
        twice.push("_id", 1);
        let process = |i| ObjectIdProcess::new([i; 5], 0);
        let mut c = crate::query::collection::Collection::new("t.c", process(1), process(2), 0);
        let insert = match c
            .insert_one(twice.clone())
            .and_then(|_| c.insert_one(twice))
        {
            Err(error) => error,
            Ok(id) => panic!("{id:?}"),
        };
        let mut add = crate::bson::Document::new();
        add.push(
            "$add",
            crate::bson::Value::Array(vec![1.into(), "a".into()]),
        );
        let expr = match crate::query::expr::evaluate(&crate::bson::Value::Document(add), None) {
            Err(e) => e,
            Ok(v) => panic!("{v:?}"),
        };
        let date = match crate::bson::datetime::parse_iso_with(
            "2026-13-01T00:00:00Z",
            crate::bson::datetime::NoOffset::Refuse,
        ) {
            Err(e) => e,
            Ok(ms) => panic!("{ms}"),
        };
        let all = vec![
            ComputeError::Parse {
                what: "filter".into(),
                error: parse("{ a: "),
            },
            ComputeError::Parse {
                what: What::Answer,
                error: parse("{ a: "),
            },
            ComputeError::NotADocument {
                what: "docs".into(),
                found: ElementType::Int32,
            },
            ComputeError::NotDocuments {
                what: "docs".into(),
                found: ElementType::Int32,
            },
            ComputeError::ItemNotADocument {
                what: "docs".into(),
                index: 1,
                found: ElementType::Int32,
            },
            ComputeError::Insert {
                index: 1,
                error: insert.clone(),
            },
            ComputeError::Query(insert),
            ComputeError::Expr(expr),
            match encode_error() {
                Some(e) => ComputeError::Encode(e),
                None => panic!("a key with a NUL encodes"),
            },
            match crate::bson::decode_document(&[5, 0, 0, 0, 1]) {
                Err(e) => ComputeError::Decode(e),
                Ok(d) => panic!("{d:?}"),
            },
            ComputeError::NoFocus { path: "a.b".into() },
            ComputeError::Missing {
                kind: "find",
                field: "docs",
            },
            ComputeError::At(date),
            ComputeError::AtOutOfRange {
                at: "1960-01-01T00:00:00Z".into(),
            },
            ComputeError::Script {
                report: "Uncaught TypeError: cannot read property 'x' of null".into(),
            },
        ];
        for e in &all {
            // A new variant must be added above.
            match e {
                ComputeError::Parse { .. }
                | ComputeError::NotADocument { .. }
                | ComputeError::NotDocuments { .. }
                | ComputeError::ItemNotADocument { .. }
                | ComputeError::Insert { .. }
                | ComputeError::Query(_)
                | ComputeError::Expr(_)
                | ComputeError::Encode(_)
                | ComputeError::Decode(_)
                | ComputeError::NoFocus { .. }
                | ComputeError::Missing { .. }
                | ComputeError::At(_)
                | ComputeError::AtOutOfRange { .. }
                | ComputeError::Script { .. } => {}
            }
        }
        all
    }
}

/// An encode error: a key with a NUL byte.
#[cfg(test)]
fn encode_error() -> Option<EncodeError> {
    let mut d = crate::bson::Document::new();
    d.push("a\0b", 1);
    crate::bson::encode_document(&d).err()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::testing::assert_localized;

    #[test]
    fn every_variant_speaks_every_language() {
        for e in ComputeError::every_variant() {
            // The server's refusals are the server's own English.
            let server = match &e {
                ComputeError::Insert { error, .. } | ComputeError::Query(error) => {
                    vec![error.to_string()]
                }
                ComputeError::Expr(error) => vec![error.to_string()],
                // mongosh's report is mongosh's English.
                ComputeError::Script { report } => vec![report.clone()],
                // `at` is the run step's key, as the lesson file writes it.
                ComputeError::At(_) | ComputeError::AtOutOfRange { .. } => {
                    vec!["at:".into(), "at：".into()]
                }
                _ => Vec::new(),
            };
            assert_localized(&e, &server);
        }
    }
}
