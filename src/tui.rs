//! The interactive tutorial: state ([`app`]), keys to messages ([`keymap`]), state changes
//! ([`update`]) and drawing ([`view`]). Nothing here computes a BSON fact: the engine does,
//! and the view draws its results. Nothing here touches the terminal, reads the clock or
//! starts a thread either: the binary runs the event loop, performs the [`update::Effect`]s
//! (saving progress, quitting), and runs the long computations `update` files ([`work`]) on
//! its workers under a time budget.

pub mod app;
pub mod browse;
pub mod console;
pub mod hex;
pub mod input;
pub mod keymap;
pub mod message;
pub mod page;
pub mod playground;
pub mod review;
pub mod svg;
pub mod theme;
pub mod update;
pub mod view;
pub mod work;
