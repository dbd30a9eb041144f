//! Queries as the server runs them: the comparison order (`order`), dotted paths (`path`),
//! the matcher with its reasons (`matcher`), sorts, updates, aggregation expressions (`expr`)
//! and pipelines (`aggregate`), an in-memory collection (`collection`), and the errors
//! (`error`, with the server's own words and codes in `server`), and the limits the server
//! holds a run to (`limits`, with the tutor's own where it has none).

pub mod aggregate;
pub mod collation;
pub mod collection;
pub mod error;
pub mod expr;
pub mod external_sort;
pub mod interrupt;
mod keys;
pub mod limits;
pub mod matcher;
pub mod order;
pub mod path;
pub mod server;
pub mod sort;
pub mod update;

pub use error::{QueryError, QueryErrorKind, ServerError};
