//! The console: mongosh scripts run offline, against bson-tutor's engine.
//!
//! A [`Console`] is one mongosh process. Its JavaScript is a real engine's: numbers are
//! doubles (`0.1 + 0.2`), BigInt, template literals, closures and classes are the
//! language's own, nothing is re-implemented. Over it a prelude (`prelude.js`) gives
//! mongosh's API: `db`, `getSiblingDB`, collections and their methods with mongosh's result
//! objects, cursors, `print`/`printjson`/`EJSON`, and the BSON classes with js-bson's rules
//! for turning JavaScript values into BSON (an integral number in the int32 range is an
//! Int32, any other number a Double, a BigInt a Long). Every server fact (matching, sorting,
//! updates, aggregation, sizes, Extended JSON, the E11000 errors) comes from [`crate::query`]
//! and [`crate::bson`] through one host function, [`server::Server::call`].
//!
//! # Which engine, and why
//! Two engines embed in Rust: QuickJS (QuickJS-ng, through `rquickjs`) and Boa
//! (`boa_engine`, pure Rust). Measured on this project's two-core build machine, each in a
//! release build of a program that only evaluates scripts (2026-12-04):
//!
//! | | rquickjs 0.14 (QuickJS-ng 0.16.2) | boa_engine 0.22 |
//! |---|---|---|
//! | clean build, 2 cores | 38.5 s | 199 s |
//! | binary size | 1.7 MB | 10.6 MB |
//! | start and evaluate `1` | 0.35 ms | 0.96 ms |
//! | 20 million loop iterations | 0.80 s | 8.45 s |
//! | 49 expressions compared with Node 20 | 46 equal | 46 equal |
//!
//! Both miss the same three (`structuredClone` and `Intl` are Node's, and V8's TypeError
//! wording); neither is missing anything the tutorial's scripts use. QuickJS also has what a
//! sandbox needs and Boa does not: a heap limit and an interrupt handler that stops any
//! loop. So: QuickJS.
//!
//! # The sandbox
//! The runtime has only the language's built-ins: no `require`, `process`, `os`, `std`,
//! `fetch` or file access exists to be reached (QuickJS's `std`/`os` modules are a separate
//! library that is not linked). The clock and every random number come from the caller
//! ([`Settings`]). Each evaluation runs under an [`Interrupt`](crate::query::interrupt::Interrupt)
//! the caller trips (a time limit, Ctrl-C): the engine stops even an empty `for (;;) {}`, and
//! the console stays usable. The heap has a limit ([`Settings::memory_limit`]) and the stack
//! one too, so a runaway allocation or recursion ends as a catchable error.
//!
//! # What is not mongosh
//! Numbers print through the engine's `String` (the same digits as V8's), but
//! `util.inspect` is not Node's: values print through [`crate::bson::shell::print_value_pretty`],
//! mongosh's layout for BSON; a `Map` or a class instance prints as the document it would be
//! stored as. Error messages of the language itself are QuickJS's (`cannot read property 'x'
//! of null`, where V8 says `Cannot read properties of null (reading 'x')`).

mod console;
pub mod names;
pub mod sandbox;
pub mod server;
pub mod tagged;

pub use console::{
    Clock, Console, DEFAULT_MEMORY_LIMIT, Echo, Limit, MEMORY_BUDGET, MemoryBudget, OUTPUT_LIMIT,
    Output, Run, Settings, Sink, Thrown,
};

#[cfg(test)]
mod tests;
