//! Errors for filters, updates, sorts and pipelines: the server's message, and where in the
//! specification the problem is (`filter.a.$foo`), since these arrive as documents.

use std::fmt;

/// A query, update, sort or pipeline the server would refuse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError {
    /// Where in the specification: a dotted path such as `filter.userId.$gt` (empty when it
    /// concerns the whole).
    pub at: String,
    /// What is wrong, in the server's words where it has some (`unknown operator: $foo`).
    pub message: String,
}

impl QueryError {
    /// An error at `at` with `message`.
    pub fn new(at: impl Into<String>, message: impl Into<String>) -> Self {
        QueryError {
            at: at.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.at, self.message)
        }
    }
}

impl std::error::Error for QueryError {}
