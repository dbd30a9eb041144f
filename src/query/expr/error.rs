//! Why an expression has no value: the server's refusal in its words, or one of the tutor's
//! own limits, in the learner's language.

use std::fmt;

use crate::bson::datetime::format::DateError;
use crate::bson::num;
use crate::query::interrupt;
use crate::query::limits;
use crate::query::server::ServerError;
use crate::strings::Lang;
use crate::strings::localize::Localize;

/// Why an expression has no value: the server's words, or the tutor's own nesting limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprError {
    /// The server's refusal, verbatim in every language.
    Server(ServerError),
    /// Nesting deeper than this evaluator goes.
    TooDeep {
        /// The limit.
        max: usize,
    },
    /// Arithmetic that fails (`$add` of a string, division by zero).
    Num(num::NumError),
    /// A `$dateToString` format or time zone that fails.
    Date(DateError),
    /// The tutor's own limit: an expression that builds (or works on) more bytes of values
    /// than a document can hold. The server would compute on and refuse the document that
    /// holds the result; bson-tutor stops before it runs out of memory.
    TooLarge {
        /// The bytes allowed.
        limit: usize,
    },
    /// A transcendental function (`$sqrt`, `$exp`, `$ln`, `$log`, `$log10`, `$pow`) of a
    /// decimal: the server computes it with Intel's decimal library to 34 digits; bson-tutor
    /// does not, and says so rather than answer with fewer digits.
    DecimalMath {
        /// The operator.
        op: &'static str,
    },
}

impl ExprError {
    /// The server's code, when this is the server's refusal and its code is known.
    pub fn code(&self) -> Option<i32> {
        match self {
            ExprError::Server(e) => e.code,
            _ => None,
        }
    }

    /// One value of every variant (the match below fails to compile when one is added).
    #[cfg(test)]
    pub(crate) fn every_variant() -> Vec<ExprError> {
        let all = vec![
            ExprError::Server(ServerError::new(
                crate::query::server::code::INVALID_PIPELINE_OPERATOR,
                "Unrecognized expression '$foo'",
            )),
            ExprError::TooDeep {
                max: super::MAX_DEPTH,
            },
            ExprError::Num(num::NumError::DivideByZero { op: "$divide" }),
            ExprError::Date(DateError::UnmatchedPercent),
            ExprError::TooLarge {
                limit: limits::MAX_INTERNAL_DOCUMENT,
            },
            ExprError::DecimalMath { op: "$sqrt" },
        ];
        for e in &all {
            match e {
                ExprError::Server(_)
                | ExprError::TooDeep { .. }
                | ExprError::Num(_)
                | ExprError::Date(_)
                | ExprError::TooLarge { .. }
                | ExprError::DecimalMath { .. } => {}
            }
        }
        all
    }
}

impl Localize for ExprError {
    fn write_in(&self, lang: Lang, out: &mut dyn fmt::Write) -> fmt::Result {
        match (lang, self) {
            (_, ExprError::Server(e)) => e.write_in(lang, out),
            (_, ExprError::Num(e)) => e.write_in(lang, out),
            (_, ExprError::Date(e)) => e.write_in(lang, out),
            (Lang::En, ExprError::TooDeep { max }) => {
                write!(out, "expression nested more than {max} levels deep")
            }
            (Lang::Vi, ExprError::TooDeep { max }) => {
                write!(out, "biểu thức lồng nhau sâu hơn {max} cấp")
            }
            (Lang::Zh, ExprError::TooDeep { max }) => write!(out, "表达式的嵌套超过了 {max} 层"),
            (Lang::En, ExprError::TooLarge { limit }) => write!(
                out,
                "this expression holds more than {limit} bytes of values at once, more than a \
                 document can hold ({max} bytes): the server would compute on and then refuse \
                 the document; bson-tutor stops here so as not to run out of memory",
                max = limits::MAX_INTERNAL_DOCUMENT
            ),
            (Lang::Vi, ExprError::TooLarge { limit }) => write!(
                out,
                "biểu thức này giữ cùng lúc hơn {limit} byte giá trị, nhiều hơn một document \
                 có thể chứa ({max} byte): server sẽ tính tiếp rồi từ chối document đó; \
                 bson-tutor dừng ở đây để không cạn bộ nhớ",
                max = limits::MAX_INTERNAL_DOCUMENT
            ),
            (Lang::En, ExprError::DecimalMath { op }) => write!(
                out,
                "bson-tutor does not compute {op} of a decimal128 value: the server answers with \
                 34 significant digits from its decimal library; convert the value with \
                 $toDouble to see an approximation"
            ),
            (Lang::Vi, ExprError::DecimalMath { op }) => write!(
                out,
                "bson-tutor không tính {op} của một giá trị decimal128: server trả lời với \
                 34 chữ số có nghĩa từ thư viện thập phân của nó; hãy chuyển giá trị bằng \
                 $toDouble để xem một giá trị gần đúng"
            ),
            (Lang::Zh, ExprError::DecimalMath { op }) => write!(
                out,
                "bson-tutor 不计算 decimal128 值的 {op}：服务器用它的十进制库给出 34 位有效数字；\
                 用 $toDouble 转换这个值可以看到近似结果"
            ),
            (Lang::Zh, ExprError::TooLarge { limit }) => write!(
                out,
                "这个表达式同时持有超过 {limit} 字节的值，超过了一个文档能容纳的大小（{max} 字节）：\
                 服务器会继续计算，然后拒绝这个文档；bson-tutor 在这里停下，以免耗尽内存",
                max = limits::MAX_INTERNAL_DOCUMENT
            ),
        }
    }
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_in(Lang::En, f)
    }
}

impl std::error::Error for ExprError {}

impl From<num::NumError> for ExprError {
    fn from(e: num::NumError) -> Self {
        ExprError::Num(e)
    }
}

impl From<interrupt::Stop> for ExprError {
    /// The server's words for a stopped operation ("operation exceeded time limit", 50).
    fn from(why: interrupt::Stop) -> Self {
        match crate::query::error::QueryErrorKind::from(why) {
            crate::query::error::QueryErrorKind::Server(e) => ExprError::Server(e),
            other => ExprError::Server(ServerError::uncoded(other.to_string())),
        }
    }
}

impl From<DateError> for ExprError {
    fn from(e: DateError) -> Self {
        ExprError::Date(e)
    }
}
