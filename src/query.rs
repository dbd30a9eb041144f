//! Queries as the server runs them: the comparison order, and (later) paths, the matcher,
//! updates, expressions and an in-memory collection.

pub mod error;
pub mod expr;
pub mod order;
pub mod path;

pub use error::QueryError;
