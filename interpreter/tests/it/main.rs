//! The interpreter's one integration-test binary.

mod cli;
mod common;
mod dreierschach;
mod dreierschach_notation;
mod fen;
mod fixtures;
mod games;
mod graph_boards;
mod hostile;
mod mined;
mod naive;
mod perft;
mod records;
mod render;
mod review;
mod rules;
mod search;
mod strategichess;
mod strategichess_team;
mod strategichess_team_notation;
mod strings;
mod svg;
mod team_turns;
mod tri96;
mod tri_rules;
mod tutorial;
