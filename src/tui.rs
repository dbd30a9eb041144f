//! The interactive tutorial: state ([`app`]), keys to messages ([`keymap`]), state changes
//! ([`update`]) and drawing ([`view`]). Nothing here computes a BSON fact: the engine does,
//! and the view draws its results. Nothing here touches the terminal either: the binary runs
//! the event loop and performs the [`update::Effect`]s (saving progress, quitting).

pub mod app;
pub mod hex;
pub mod input;
pub mod keymap;
pub mod message;
pub mod page;
pub mod playground;
pub mod svg;
pub mod theme;
pub mod update;
pub mod view;
pub mod work;
