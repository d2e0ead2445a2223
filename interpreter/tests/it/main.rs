//! The interpreter's one integration-test binary.

mod cli;
mod common;
mod dreierschach;
mod fixtures;
mod games;
mod hostile;
mod naive;
mod perft;
mod render;
mod review;
mod rules;
mod strategichess;
mod strategichess_team;
mod strings;
mod svg;
mod tri96;
mod tri_rules;
mod tutorial;
