//! What the engine protocols (`uci`, `xboard`) share: the variants they offer, how
//! they read lines and write answers, and the thread
//! the search runs on.
//!
//! A protocol session reads commands on the main thread and searches on another
//! ([`thinker`]), so `stop`, `isready` or `?` are read while the engine thinks. Both
//! threads write through one [`out::Out`], a line at a time.

pub mod catalogue;
pub mod input;
pub mod out;
pub mod thinker;
