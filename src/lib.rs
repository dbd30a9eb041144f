//! bson-tutor: a terminal tutorial on what MongoDB data is underneath.
//!
//! The library computes every fact the tutorial shows; it never prints, reads the clock or
//! touches the terminal. The `bson-tutor` binary is a thin shell around it.
#![warn(missing_docs, clippy::unwrap_used)]
#![cfg_attr(test, allow(clippy::unwrap_used))]

pub mod bson;
pub mod dump;
pub mod inspect;
pub mod lesson;
pub mod query;
pub mod shell;
pub mod strings;
pub mod tui;
