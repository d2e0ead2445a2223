//! chessgraph: chess variants described as data.
//!
//! A variant is a rule file (`*.rules`, the language of the `dsl` crate) and the board
//! file it names. [`Variant::load`] compiles both into dense tables and reports every
//! problem of the files at once; a [`Position`] plays on those tables. Nothing here
//! knows chess: every rule of chess is in `variants/chess/chess.rules`, and no code
//! tests the name of a variant, piece, direction or player.
//!
//! ```
//! use chessgraph::{perft, Outcome, Position, Variant};
//! # let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../variants/chess/chess.rules");
//! let loaded = Variant::load(path, &[]).unwrap();
//! let mut pos = Position::start(&loaded.variant);
//! assert_eq!(perft(&mut pos, 3), 8902);
//! let e4 = pos.parse_long("e2e4").unwrap();
//! pos.make(e4);
//! assert_eq!(pos.to_string(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b a8,e8,h8,a1,e1,h1 - 0 1");
//! assert_eq!(pos.fen().unwrap(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
//! assert_eq!(pos.outcome(), Outcome::Ongoing);
//! ```
//!
//! The API in short:
//! - [`Variant`]: names of cells, pieces and players, rows and drawing positions
//!   ([`Variant::board`]), piece letters and `pawn` flags, castle names, notation
//!   marks, options;
//! - [`Position`]: [`Position::start`], [`Position::from_str`] (position strings and
//!   FEN) and `Display`, [`Position::legal_moves`], [`Position::for_each_legal`],
//!   [`Position::make`] / [`Position::unmake`] / [`Position::play`],
//!   [`Position::to_move`], [`Position::piece_at`], [`Position::in_check`],
//!   [`Position::outcome`], [`Position::hash`];
//! - [`Move`] with long notation ([`Position::long`], [`Position::parse_long`]);
//! - [`perft`] and [`divide`];
//! - typed errors: [`Error`], [`PositionError`], [`MoveError`], each a
//!   `miette::Diagnostic` that the caller renders.
//!
//! Inside: `compile/` turns the AST and the board graph into `topology.rs` (successors
//! and ray trees) and `tables.rs` (atoms per kind and cell, attack masks);
//! `movegen.rs`, `attacks.rs` and `legality.rs` generate moves; `position/` holds the
//! state with `make`/`unmake`; `rules/` is the compiled game rules (conditions and
//! effects at fixed stages) with their evaluation, `check.rs` and `outcome.rs` the
//! check rule and game results; `posstring/` and `fen.rs` read and write
//! positions. ARCHITECTURE.md sections 5 and 6 describe the design.
#![deny(missing_docs)]

mod attacks;
mod blast;
mod castling;
mod cellset;
mod check;
mod check_cells;
mod compile;
pub mod draw;
mod error;
mod fen;
mod hands;
mod ids;
mod leaf_count;
mod legality;
mod long;
mod mate;
mod material;
mod mines;
mod move_bits;
mod movegen;
mod moves;
mod outcome;
mod paths;
mod perft;
mod position;
mod posstring;
mod qualified;
pub mod record;
pub mod review;
mod rules;
pub mod san;
mod scoring;
pub mod search;
mod tables;
#[cfg(test)]
mod testing;
mod topology;
mod tracks;
mod variant;
mod view;
mod zobrist;

pub use cellset::CellSet;
pub use compile::Loaded;
pub use error::{Error, MoveError, PositionError, PositionErrorKind, ReviewError, ReviewErrorKind};
pub use ids::{Cell, Dir, Piece, PieceType, Player, MAX_KINDS};
pub use mines::MinesShown;
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{EndReason, Outcome, Score};
pub use perft::{divide, divide_threads, perft, perft_threads, MAX_PERFT_THREADS};
pub use position::{Announcement, Position, RefereeEvent};
pub use variant::{
    CastleInfo, NotationMarks, OptionInfo, OptionKind, OptionValue, PieceTypeInfo, PlayerInfo,
    Symbol, Variant,
};
pub use view::{KnownMine, PlayerView};

/// The top-level README, whose Rust examples run as doctests so they stay true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
