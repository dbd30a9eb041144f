//! Errors for filters, updates, sorts and pipelines: what is wrong, and where in the
//! specification the problem is (`filter.a.$foo`), since these arrive as documents.
//!
//! Two kinds of sentence, kept apart on purpose:
//! - the server's own messages ([`ServerError`]: `unknown operator: $foo`, `E11000 duplicate
//!   key error ...`), written verbatim in English in every language with the server's numeric
//!   code, because a learner must recognise them and search for them;
//! - the tutor's own sentences (what bson-tutor does not run, what it does not implement),
//!   typed variants translated like the rest of the interface.

use std::fmt;

use super::collation::CollationError;
use super::expr::ExprError;
use super::matcher::regex::RegexError;
use super::path::PathError;
use crate::bson::error::zh_gap;
use crate::bson::num::NumError;
use crate::strings::Lang;
use crate::strings::localize::Localize;

pub use super::server::{ServerError, code};

/// A query, update, sort or pipeline the server would refuse, or that bson-tutor does not run.
///
/// # Examples
/// ```
/// use bson_tutor::bson::shell::{parse_document, FixedGenerator};
/// use bson_tutor::query::matcher::Filter;
/// use bson_tutor::query::error::{QueryErrorKind, code};
/// use bson_tutor::strings::Lang;
/// use bson_tutor::strings::localize::Localize;
/// let doc = |s| parse_document(s, &mut FixedGenerator::new(0)).unwrap().value;
/// let e = Filter::parse(&doc("{ a: { $foo: 1 } }")).unwrap_err();
/// assert_eq!(e.at, "a.$foo");
/// assert_eq!(e.kind.code(), Some(code::BAD_VALUE));
/// // The server's words stay as they are.
/// assert_eq!(e.to_string_in(Lang::Vi), "a.$foo: unknown operator: $foo");
/// // The tutor's own are translated.
/// let e = Filter::parse(&doc("{ a: { $near: [0, 0] } }")).unwrap_err();
/// assert_eq!(
///     e.to_string_in(Lang::Zh),
///     "a.$near: $near 在服务器上是合法的，但 bson-tutor 的匹配器不运行地理空间运算符"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// Where in the specification: a dotted path such as `filter.userId.$gt` (empty when it
    /// concerns the whole). The same in every language.
    pub at: String,
    /// What is wrong.
    pub kind: QueryErrorKind,
}

/// What is wrong with a query, an update, a sort or a pipeline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryErrorKind {
    /// The server's own refusal, word for word.
    Server(ServerError),
    /// The server's frame around a message (`Invalid $project :: caused by :: ...`).
    CausedBy {
        /// The server's words before ` :: caused by :: `.
        context: String,
        /// The message inside.
        inner: Box<QueryErrorKind>,
    },
    /// An operator the server runs but bson-tutor's matcher does not.
    NotRun {
        /// The operator as written (`$where`, `$near`).
        operator: String,
        /// What kind of operator it is.
        feature: MatcherFeature,
    },
    /// An update modifier the server has but this tutor does not implement (`$bit`).
    ModifierNotImplemented {
        /// The modifier.
        modifier: String,
    },
    /// A pipeline stage the server has but this tutor does not implement (`$bucketAuto`).
    StageNotImplemented {
        /// The stage.
        stage: String,
    },
    /// A positional projection (`a.$`) in `find`, which needs the query's matched position.
    PositionalProjection {
        /// The field as written.
        field: String,
    },
    /// An `$elemMatch` projection in `find`.
    ElemMatchProjection,
    /// A sort by `{ $meta: ... }`.
    SortByMeta,
    /// A `$regex` the server refuses or this engine does not run.
    Regex(RegexError),
    /// A collation specification refused, by the server or by the tutor's collator.
    Collation(CollationError),
    /// An aggregation expression that fails.
    Expr(ExprError),
    /// A path an update or an upsert cannot write.
    Path(PathError),
    /// Arithmetic that fails (`$inc` of a date, `$mul` overflowing).
    Num(NumError),
    /// The tutor's own limit where the server would go on: a blocking stage (`$group`,
    /// `$sort`) past the server's 100 MB, which the server spills to temporary files on disk
    /// (`allowDiskUse`, on by default since 6.0). bson-tutor keeps everything in memory.
    WouldSpill {
        /// The stage (`$group`, `$sort`).
        stage: String,
        /// The bytes of memory it may use.
        limit: usize,
    },
    /// The tutor's own limit where the server has none: one stage's whole output (or the
    /// documents a `find` matched) past what bson-tutor holds in memory. The server streams
    /// documents from stage to stage and never holds them all.
    OutputTooLarge {
        /// The bytes of memory allowed.
        limit: usize,
    },
    /// A sort's spill file could not be written or read back (the system's reason).
    SpillFailed {
        /// What went wrong, with the file.
        reason: String,
    },
    /// An index type the server builds but this tutor does not (`2dsphere`, `text`,
    /// `hashed`, a wildcard `$**` index): only ascending and descending keys are indexed.
    IndexTypeNotImplemented {
        /// The index type as the server names it (`2dsphere`, `wildcard`).
        kind: String,
    },
}

/// Kinds of filter operators the server runs and bson-tutor's matcher does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatcherFeature {
    /// `$near`, `$geoWithin` ...
    Geospatial,
    /// `$text`.
    TextSearch,
    /// `$where`.
    JavaScript,
    /// `encrypt` and `encryptMetadata` in a `$jsonSchema`.
    Encryption,
    /// `$sampleRate`.
    Sampling,
}

impl MatcherFeature {
    /// Every feature, for tests.
    #[cfg(test)]
    const ALL: [MatcherFeature; 5] = [
        MatcherFeature::Geospatial,
        MatcherFeature::TextSearch,
        MatcherFeature::JavaScript,
        MatcherFeature::Encryption,
        MatcherFeature::Sampling,
    ];

    fn name(self, lang: Lang) -> &'static str {
        use MatcherFeature::*;
        match (lang, self) {
            (Lang::En, Geospatial) => "geospatial operators",
            (Lang::En, TextSearch) => "text search (it needs a text index)",
            (Lang::En, JavaScript) => "JavaScript ($where); $expr says the same without it",
            (Lang::En, Encryption) => {
                "encrypted fields (client-side field level encryption needs keys and a driver)"
            }
            (Lang::En, Sampling) => "random sampling",
            (Lang::Vi, Geospatial) => "các toán tử không gian địa lý",
            (Lang::Vi, TextSearch) => "tìm kiếm văn bản (việc này cần một chỉ mục văn bản)",
            (Lang::Vi, JavaScript) => {
                "JavaScript ($where); $expr diễn đạt được điều tương tự mà không cần nó"
            }
            (Lang::Vi, Encryption) => {
                "các trường được mã hóa (mã hóa cấp trường phía client cần khóa và driver)"
            }
            (Lang::Vi, Sampling) => "việc lấy mẫu ngẫu nhiên",
            (Lang::Zh, Geospatial) => "地理空间运算符",
            (Lang::Zh, TextSearch) => "文本搜索（它需要文本索引）",
            (Lang::Zh, JavaScript) => "JavaScript（$where）；$expr 不用它也能表达同样的条件",
            (Lang::Zh, Encryption) => "加密字段（客户端字段级加密需要密钥和驱动程序）",
            (Lang::Zh, Sampling) => "随机抽样",
        }
    }
}

impl QueryError {
    /// An error at `at`.
    pub fn new(at: impl Into<String>, kind: impl Into<QueryErrorKind>) -> Self {
        QueryError {
            at: at.into(),
            kind: kind.into(),
        }
    }

    /// The same error seen from the specification that holds this one at `prefix`
    /// (`filter`, `documents.2`, `pipeline.0.$match`): `a.$foo` becomes `filter.a.$foo`.
    #[must_use]
    pub fn within(mut self, prefix: &str) -> Self {
        self.at = if self.at.is_empty() {
            prefix.to_owned()
        } else if prefix.is_empty() {
            self.at
        } else {
            format!("{prefix}.{}", self.at)
        };
        self
    }
}

impl From<super::interrupt::Stop> for QueryErrorKind {
    /// The server's words for an operation stopped at its `maxTimeMS` or killed.
    fn from(why: super::interrupt::Stop) -> Self {
        match why {
            super::interrupt::Stop::TimeLimit => {
                QueryErrorKind::server(code::MAX_TIME_MS_EXPIRED, "operation exceeded time limit")
            }
            super::interrupt::Stop::Cancelled => {
                QueryErrorKind::server(code::INTERRUPTED, "operation was interrupted")
            }
        }
    }
}

impl From<super::interrupt::Stop> for QueryError {
    fn from(why: super::interrupt::Stop) -> Self {
        QueryError::from(QueryErrorKind::from(why))
    }
}

impl From<QueryErrorKind> for QueryError {
    /// An error about the whole specification (`at` is empty).
    fn from(kind: QueryErrorKind) -> Self {
        QueryError::new("", kind)
    }
}

impl Localize for QueryError {
    /// `at: message`: the place is a path, the same in every language, and so is the colon
    /// after it (the server's words follow it unchanged).
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        if !self.at.is_empty() {
            write!(out, "{}: ", self.at)?;
        }
        self.kind.write_in(lang, out)
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for QueryError {}

impl QueryErrorKind {
    /// The server's message `text`, reported with `code`.
    pub fn server(code: i32, text: impl Into<String>) -> Self {
        QueryErrorKind::Server(ServerError::new(code, text))
    }

    /// The server's message `text`, whose code is not known here.
    pub fn server_uncoded(text: impl Into<String>) -> Self {
        QueryErrorKind::Server(ServerError::uncoded(text))
    }

    /// `inner` inside the server's frame `context :: caused by :: inner`; a server message
    /// inside stays one server message, with its code.
    pub fn caused_by(context: impl Into<String>, inner: QueryErrorKind) -> Self {
        let context = context.into();
        match inner {
            QueryErrorKind::Server(ServerError { code, text }) => {
                QueryErrorKind::Server(ServerError {
                    code,
                    text: format!("{context} :: caused by :: {text}"),
                })
            }
            inner => QueryErrorKind::CausedBy {
                context,
                inner: Box::new(inner),
            },
        }
    }

    /// The server's code, when this is the server's refusal and its code is known.
    pub fn code(&self) -> Option<i32> {
        match self {
            QueryErrorKind::Server(e) => e.code,
            QueryErrorKind::CausedBy { inner, .. } => inner.code(),
            QueryErrorKind::Regex(e) => e.code(),
            QueryErrorKind::Collation(CollationError::Server(e)) => e.code,
            QueryErrorKind::Expr(e) => e.code(),
            QueryErrorKind::Path(e) => e.code(),
            _ => None,
        }
    }

    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<QueryErrorKind> {
        use QueryErrorKind::*;
        let mut all = vec![
            QueryErrorKind::server(code::BAD_VALUE, "unknown operator: $foo"),
            QueryErrorKind::server_uncoded(
                "Replacement document must not contain atomic operators",
            ),
            CausedBy {
                context: "Invalid $project".into(),
                inner: Box::new(PositionalProjection {
                    field: "a.$".into(),
                }),
            },
            ModifierNotImplemented {
                modifier: "$bit".into(),
            },
            StageNotImplemented {
                stage: "$bucketAuto".into(),
            },
            PositionalProjection {
                field: "a.$".into(),
            },
            ElemMatchProjection,
            SortByMeta,
            Num(NumError::TwoDates),
            WouldSpill {
                stage: "$group".into(),
                limit: crate::query::limits::BLOCKING_MEMORY,
            },
            OutputTooLarge {
                limit: crate::query::limits::STAGE_OUTPUT_MEMORY,
            },
            SpillFailed {
                reason: "ENOSPC".into(),
            },
            IndexTypeNotImplemented {
                kind: "2dsphere".into(),
            },
        ];
        all.extend(MatcherFeature::ALL.map(|feature| NotRun {
            operator: "$op".into(),
            feature,
        }));
        all.extend(RegexError::every_variant().into_iter().map(Regex));
        all.push(Collation(CollationError::Server(ServerError::new(
            code::FAILED_TO_PARSE,
            "Field 'strength' must be an integer 1 through 5. Got: 6",
        ))));
        all.push(Collation(CollationError::NotSupported {
            option: "backwards: true".into(),
        }));
        all.extend(ExprError::every_variant().into_iter().map(Expr));
        all.extend(PathError::every_variant().into_iter().map(Path));
        for kind in &all {
            match kind {
                Server(_)
                | CausedBy { .. }
                | NotRun { .. }
                | ModifierNotImplemented { .. }
                | StageNotImplemented { .. }
                | PositionalProjection { .. }
                | ElemMatchProjection
                | SortByMeta
                | Regex(_)
                | Collation(_)
                | Expr(_)
                | Path(_)
                | Num(_)
                | WouldSpill { .. }
                | OutputTooLarge { .. }
                | SpillFailed { .. }
                | IndexTypeNotImplemented { .. } => {}
            }
        }
        all
    }

    fn en(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use QueryErrorKind::*;
        match self {
            Server(e) => e.write_in(Lang::En, out),
            CausedBy { context, inner } => {
                write!(
                    out,
                    "{context} :: caused by :: {}",
                    inner.display_in(Lang::En)
                )
            }
            NotRun { operator, feature } => write!(
                out,
                "{operator} is valid on the server, but bson-tutor's matcher does not run {}",
                feature.name(Lang::En)
            ),
            ModifierNotImplemented { modifier } => write!(
                out,
                "{modifier} is a real modifier, but this tutor does not implement it"
            ),
            StageNotImplemented { stage } => write!(
                out,
                "{stage} is a real stage, but this tutor does not implement it"
            ),
            PositionalProjection { field } => write!(
                out,
                "the positional projection '{field}' needs the query's matched position; this tutor does not implement it"
            ),
            ElemMatchProjection => out.write_str(
                "an $elemMatch projection needs the matcher; this tutor does not implement it",
            ),
            SortByMeta => out.write_str("sorting by $meta is not supported by this tutor"),
            Regex(e) => e.write_in(Lang::En, out),
            Collation(e) => e.write_in(Lang::En, out),
            Expr(e) => e.write_in(Lang::En, out),
            Path(e) => e.write_in(Lang::En, out),
            Num(e) => e.write_in(Lang::En, out),
            WouldSpill { stage, limit } => write!(
                out,
                "{stage} needs more than {limit} bytes of memory: the server would write its data \
                 to temporary files on disk and go on (allowDiskUse, on by default since MongoDB \
                 6.0), but bson-tutor does not spill to disk and stops here"
            ),
            SpillFailed { reason } => write!(out, "the sort's spill to disk failed: {reason}"),
            OutputTooLarge { limit } => write!(
                out,
                "the documents of this step take more than {limit} bytes of memory: the server \
                 passes documents on one at a time, but bson-tutor holds a whole step's output \
                 in memory and stops here"
            ),
            IndexTypeNotImplemented { kind } => write!(
                out,
                "'{kind}' indexes are real, but this tutor builds only ascending (1) and \
                 descending (-1) indexes"
            ),
        }
    }

    fn vi(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use QueryErrorKind::*;
        match self {
            Server(e) => e.write_in(Lang::Vi, out),
            CausedBy { context, inner } => {
                write!(
                    out,
                    "{context} :: caused by :: {}",
                    inner.display_in(Lang::Vi)
                )
            }
            NotRun { operator, feature } => write!(
                out,
                "{operator} hợp lệ trên server, nhưng bộ so khớp của bson-tutor không chạy {}",
                feature.name(Lang::Vi)
            ),
            ModifierNotImplemented { modifier } => write!(
                out,
                "{modifier} là một toán tử cập nhật có thật, nhưng trình hướng dẫn này chưa hỗ trợ nó"
            ),
            StageNotImplemented { stage } => write!(
                out,
                "{stage} là một giai đoạn có thật, nhưng trình hướng dẫn này chưa hỗ trợ nó"
            ),
            PositionalProjection { field } => write!(
                out,
                "phép chiếu theo vị trí '{field}' cần vị trí mà truy vấn đã khớp; trình hướng dẫn này chưa hỗ trợ nó"
            ),
            ElemMatchProjection => out.write_str(
                "phép chiếu $elemMatch cần bộ so khớp; trình hướng dẫn này chưa hỗ trợ nó",
            ),
            SortByMeta => out.write_str("trình hướng dẫn này chưa hỗ trợ sắp xếp theo $meta"),
            Regex(e) => e.write_in(Lang::Vi, out),
            Collation(e) => e.write_in(Lang::Vi, out),
            Expr(e) => e.write_in(Lang::Vi, out),
            Path(e) => e.write_in(Lang::Vi, out),
            Num(e) => e.write_in(Lang::Vi, out),
            WouldSpill { stage, limit } => write!(
                out,
                "{stage} cần hơn {limit} byte bộ nhớ: server sẽ ghi dữ liệu của nó ra các tệp tạm \
                 trên đĩa rồi chạy tiếp (allowDiskUse, mặc định bật từ MongoDB 6.0), còn \
                 bson-tutor không ghi ra đĩa nên dừng ở đây"
            ),
            SpillFailed { reason } => {
                write!(
                    out,
                    "việc ghi tràn ra đĩa của phép sắp xếp thất bại: {reason}"
                )
            }
            OutputTooLarge { limit } => write!(
                out,
                "các document của bước này chiếm hơn {limit} byte bộ nhớ: server chuyển tiếp \
                 từng document một, còn bson-tutor giữ toàn bộ kết quả của một bước trong bộ \
                 nhớ nên dừng ở đây"
            ),
            IndexTypeNotImplemented { kind } => write!(
                out,
                "chỉ mục '{kind}' có thật, nhưng trình hướng dẫn này chỉ xây dựng chỉ mục tăng \
                 dần (1) và giảm dần (-1)"
            ),
        }
    }

    fn zh(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        use QueryErrorKind::*;
        match self {
            Server(e) => e.write_in(Lang::Zh, out),
            CausedBy { context, inner } => {
                write!(
                    out,
                    "{context} :: caused by :: {}",
                    inner.display_in(Lang::Zh)
                )
            }
            NotRun { operator, feature } => {
                let feature = feature.name(Lang::Zh);
                write!(
                    out,
                    "{operator} 在服务器上是合法的，但 bson-tutor 的匹配器不运行{}{feature}",
                    zh_gap("运行", feature)
                )
            }
            ModifierNotImplemented { modifier } => {
                write!(out, "{modifier} 是真实存在的更新修饰符，但本教程没有实现它")
            }
            StageNotImplemented { stage } => {
                write!(out, "{stage} 是真实存在的阶段，但本教程没有实现它")
            }
            PositionalProjection { field } => write!(
                out,
                "位置投影 '{field}' 需要查询匹配到的位置；本教程没有实现它"
            ),
            ElemMatchProjection => out.write_str("$elemMatch 投影需要匹配器；本教程没有实现它"),
            SortByMeta => out.write_str("本教程不支持按 $meta 排序"),
            Regex(e) => e.write_in(Lang::Zh, out),
            Collation(e) => e.write_in(Lang::Zh, out),
            Expr(e) => e.write_in(Lang::Zh, out),
            Path(e) => e.write_in(Lang::Zh, out),
            Num(e) => e.write_in(Lang::Zh, out),
            WouldSpill { stage, limit } => write!(
                out,
                "{stage} 需要超过 {limit} 字节的内存：服务器会把数据写到磁盘上的临时文件里并继续\
                 （allowDiskUse，自 MongoDB 6.0 起默认开启），而 bson-tutor 不写磁盘，所以在这里停下"
            ),
            SpillFailed { reason } => write!(out, "排序写入磁盘失败：{reason}"),
            OutputTooLarge { limit } => write!(
                out,
                "这一步的文档占用了超过 {limit} 字节的内存：服务器一次只传递一个文档，\
                 而 bson-tutor 把一步的全部结果都放在内存里，所以在这里停下"
            ),
            IndexTypeNotImplemented { kind } => write!(
                out,
                "'{kind}' 索引是真实存在的，但本教程只建立升序（1）和降序（-1）索引"
            ),
        }
    }
}

impl Localize for QueryErrorKind {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match lang {
            Lang::En => self.en(out),
            Lang::Vi => self.vi(out),
            Lang::Zh => self.zh(out),
        }
    }
}

impl fmt::Display for QueryErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl From<ServerError> for QueryErrorKind {
    fn from(e: ServerError) -> Self {
        QueryErrorKind::Server(e)
    }
}

impl From<CollationError> for QueryErrorKind {
    fn from(e: CollationError) -> Self {
        QueryErrorKind::Collation(e)
    }
}

impl From<RegexError> for QueryErrorKind {
    fn from(e: RegexError) -> Self {
        QueryErrorKind::Regex(e)
    }
}

impl From<ExprError> for QueryErrorKind {
    fn from(e: ExprError) -> Self {
        QueryErrorKind::Expr(e)
    }
}

impl From<PathError> for QueryErrorKind {
    fn from(e: PathError) -> Self {
        QueryErrorKind::Path(e)
    }
}

impl From<NumError> for QueryErrorKind {
    fn from(e: NumError) -> Self {
        QueryErrorKind::Num(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bson::error::assert_translated;

    /// English-looking words a rendering keeps on purpose: the regex engine's list of what it
    /// supports (`\A`, `[a-z]`) is syntax, not prose.
    fn kept(kind: &QueryErrorKind) -> &'static [&'static str] {
        match kind {
            QueryErrorKind::WouldSpill { .. }
            | QueryErrorKind::OutputTooLarge { .. }
            | QueryErrorKind::Expr(ExprError::TooLarge { .. }) => {
                &crate::strings::localize::VI_LOANWORDS
            }
            _ => &[],
        }
    }

    #[test]
    fn every_query_error_speaks_every_language() {
        for kind in QueryErrorKind::every_variant() {
            let e = QueryError::new("f.x.$op", kind.clone());
            let en = e.to_string();
            assert_eq!(en, e.to_string_in(Lang::En));
            assert_eq!(en, format!("f.x.$op: {kind}"));
            for lang in [Lang::Vi, Lang::Zh] {
                let text = e.to_string_in(lang);
                assert!(text.starts_with("f.x.$op: "), "{text}");
                match &kind {
                    // The server's words, verbatim in every language.
                    QueryErrorKind::Server(_)
                    | QueryErrorKind::Regex(RegexError::Invalid(_))
                    | QueryErrorKind::Collation(CollationError::Server(_))
                    | QueryErrorKind::Expr(ExprError::Server(_))
                    | QueryErrorKind::Path(PathError::Server(_)) => assert_eq!(text, en),
                    // Another type's words, in the same language.
                    QueryErrorKind::Num(inner) | QueryErrorKind::Expr(ExprError::Num(inner)) => {
                        assert_eq!(text, format!("f.x.$op: {}", inner.to_string_in(lang)));
                    }
                    QueryErrorKind::Expr(ExprError::Date(inner)) => {
                        assert_eq!(text, format!("f.x.$op: {}", inner.to_string_in(lang)));
                    }
                    // The server's frame, then the tutor's sentence in the language.
                    QueryErrorKind::CausedBy { context, inner } => {
                        let frame = format!("f.x.$op: {context} :: caused by :: ");
                        let rest = text
                            .strip_prefix(&frame)
                            .unwrap_or_else(|| panic!("{text}"));
                        assert_translated(&inner.to_string(), lang, rest, kept(inner));
                    }
                    _ => assert_translated(&en, lang, &text, kept(&kind)),
                }
            }
        }
    }

    #[test]
    fn the_tutors_sentences_in_three_languages() {
        let cases = [
            (
                QueryErrorKind::NotRun {
                    operator: "$where".into(),
                    feature: MatcherFeature::JavaScript,
                },
                [
                    "$where is valid on the server, but bson-tutor's matcher does not run JavaScript ($where); $expr says the same without it",
                    "$where hợp lệ trên server, nhưng bộ so khớp của bson-tutor không chạy JavaScript ($where); $expr diễn đạt được điều tương tự mà không cần nó",
                    "$where 在服务器上是合法的，但 bson-tutor 的匹配器不运行 JavaScript（$where）；$expr 不用它也能表达同样的条件",
                ],
            ),
            (
                QueryErrorKind::StageNotImplemented {
                    stage: "$bucketAuto".into(),
                },
                [
                    "$bucketAuto is a real stage, but this tutor does not implement it",
                    "$bucketAuto là một giai đoạn có thật, nhưng trình hướng dẫn này chưa hỗ trợ nó",
                    "$bucketAuto 是真实存在的阶段，但本教程没有实现它",
                ],
            ),
            (
                QueryErrorKind::IndexTypeNotImplemented {
                    kind: "2dsphere".into(),
                },
                [
                    "'2dsphere' indexes are real, but this tutor builds only ascending (1) and descending (-1) indexes",
                    "chỉ mục '2dsphere' có thật, nhưng trình hướng dẫn này chỉ xây dựng chỉ mục tăng dần (1) và giảm dần (-1)",
                    "'2dsphere' 索引是真实存在的，但本教程只建立升序（1）和降序（-1）索引",
                ],
            ),
            (
                QueryErrorKind::caused_by(
                    "Invalid $project",
                    QueryErrorKind::PositionalProjection {
                        field: "a.$".into(),
                    },
                ),
                [
                    "Invalid $project :: caused by :: the positional projection 'a.$' needs the query's matched position; this tutor does not implement it",
                    "Invalid $project :: caused by :: phép chiếu theo vị trí 'a.$' cần vị trí mà truy vấn đã khớp; trình hướng dẫn này chưa hỗ trợ nó",
                    "Invalid $project :: caused by :: 位置投影 'a.$' 需要查询匹配到的位置；本教程没有实现它",
                ],
            ),
        ];
        for (kind, want) in cases {
            assert_eq!(Lang::ALL.map(|l| kind.to_string_in(l)), want);
        }
    }

    #[test]
    fn server_frames_around_server_words_stay_one_server_message() {
        let inner = QueryErrorKind::server(
            31254,
            "Cannot do exclusion on field b in inclusion projection",
        );
        let kind = QueryErrorKind::caused_by("Invalid $project", inner);
        assert_eq!(kind.code(), Some(31254));
        assert!(matches!(kind, QueryErrorKind::Server(_)));
        assert_eq!(
            kind.to_string_in(Lang::Zh),
            "Invalid $project :: caused by :: Cannot do exclusion on field b in inclusion projection"
        );
    }

    #[test]
    fn within_joins_the_places() {
        let e = QueryError::new(
            "a.$foo",
            QueryErrorKind::server(code::BAD_VALUE, "unknown operator: $foo"),
        );
        assert_eq!(e.clone().within("filter").at, "filter.a.$foo");
        assert_eq!(
            QueryError::from(e.kind.clone()).within("filter").at,
            "filter"
        );
        assert_eq!(e.within("").at, "a.$foo");
    }
}
