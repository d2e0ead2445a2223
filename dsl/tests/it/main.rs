//! The dsl crate's one integration-test binary.

mod boards;
mod render;
mod rules;
mod variant_boards;
