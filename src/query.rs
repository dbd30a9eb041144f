//! Queries as the server runs them: the comparison order, and (later) paths, the matcher,
//! updates, expressions and an in-memory collection.

pub mod aggregate;
pub mod collection;
pub mod error;
pub mod expr;
pub mod matcher;
pub mod order;
pub mod path;
pub mod sort;
pub mod update;

pub use error::{QueryError, QueryErrorKind, ServerError};
