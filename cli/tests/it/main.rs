//! The `chessgraph` command's one integration-test binary: the binary driven as a user
//! would, through its arguments, standard input and engine protocols.

mod cli;
// The interpreter's test helpers (variants by name, positions from piece lists).
#[path = "../../../interpreter/tests/it/common.rs"]
#[allow(dead_code)] // shared with the interpreter's tests, which use all of it
mod common;
mod pgn_grammar;
mod records;
#[path = "../../../interpreter/tests/it/render.rs"]
mod render;
mod tune;
mod uci;
mod views;
