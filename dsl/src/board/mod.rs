//! Board files: YAML schema, lattice and composite-direction expansion, validation.
//!
//! [`graph::BoardGraph`] is what the interpreter reads: every cell, direction, edge and
//! zone spelled out, with ids in declaration order.

pub mod graph;
pub mod locate;
pub mod schema;
mod suggest;
pub mod yaml;

pub use graph::BoardGraph;
