//! chessgraph: chess variants described as data.
//!
//! A variant is a rule file (`*.rules`, the language of the `dsl` crate) and the board
//! file it names. [`Variant::load`] compiles both into dense tables; a [`Position`]
//! plays on them: legal moves, make and unmake, outcomes, position strings, perft.
//! Nothing here knows chess: every rule of chess is in `variants/chess/chess.rules`.
//!
//! ```no_run
//! use chessgraph::{perft, Position, Variant};
//! let loaded = Variant::load("variants/chess/chess.rules", &[]).unwrap();
//! let mut pos = Position::start(&loaded.variant);
//! assert_eq!(perft(&mut pos, 3), 8902);
//! ```
#![deny(missing_docs)]

mod attacks;
mod cellset;
mod check;
mod clauses;
mod compile;
mod effects;
mod error;
mod fen;
mod ids;
mod legality;
mod long;
mod movegen;
mod moves;
mod outcome;
mod paths;
mod perft;
mod position;
mod posstring;
mod tables;
#[cfg(test)]
mod testing;
mod topology;
mod variant;
mod zobrist;

pub use cellset::CellSet;
pub use compile::Loaded;
pub use error::{Error, MoveError, PositionError, PositionErrorKind};
pub use ids::{Cell, Dir, Piece, PieceType, Player, MAX_KINDS};
pub use moves::{Move, MoveKind, MoveList};
pub use outcome::{EndReason, Outcome, Score};
pub use perft::{divide, perft};
pub use position::Position;
pub use variant::{
    CastleInfo, NotationMarks, OptionInfo, OptionKind, OptionValue, PieceTypeInfo, PlayerInfo,
    Variant,
};
