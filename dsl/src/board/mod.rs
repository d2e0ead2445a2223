//! Board files: YAML schema, lattice and composite-direction expansion, validation.
//!
//! [`graph::BoardGraph`] is what the interpreter reads: every cell, direction, edge and
//! zone spelled out, with ids in declaration order. [`load_board`] produces it from the
//! text of a board file (ARCHITECTURE.md section 2) and reports every problem as a
//! [`crate::Diagnostic`] pointing at file, line and column; [`describe`] prints it for
//! people checking their boards.
//!
//! The pipeline: [`yaml`] reads the text into the [`schema`] types (the only use of
//! serde_yaml), then the loader declares names, expands the lattice, links explicit
//! cells, expands composite directions and validates the result, asking [`locate`]
//! where in the text each problem is.

mod cells;
pub mod colour;
mod composite;
mod directions;
mod draft;
mod geometry;
pub mod graph;
mod lattice;
mod load;
pub mod locate;
mod maps;
mod names;
mod print;
mod remaps;
mod report;
mod rows;
pub mod schema;
mod shade;
mod validate;
pub mod yaml;
mod zones;

pub use graph::BoardGraph;
pub use load::load_board;
pub use print::describe;

#[cfg(test)]
mod tests;
