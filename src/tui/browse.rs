//! `bson-tutor browse FILE`: a dump of any size in the hex view, read by window. The library
//! indexes the file ([`crate::dump::index::DocumentIndex`]), reads, decodes, walks and
//! matches the documents; this module keeps the state ([`model`]), maps keys to messages
//! ([`keymap`]), changes the state ([`update`], a bounded amount of indexing and searching
//! per tick, so the screen never freezes) and draws it ([`view`]). Like the tutorial, it
//! reads no clock and touches no terminal: the binary runs the loop.

pub mod keymap;
pub mod message;
pub mod model;
pub mod update;
pub mod view;

pub use message::Message;
pub use model::Browser;
pub use update::{Effect, update};
