//! AST of the statements that attach conditions (`cond.rs`) and effects to a stage of
//! the game: `after move`, `forbid`, `must`, `counter`.

use super::ast::{Ident, Outcome};
use super::cond::Cond;
use crate::span::{Span, Spanned};

/// What an `after move` rule does.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// `explode DIRS [except PIECES]`: after a capture, the capturing piece and the
    /// pieces next to the target along DIRS (but those of the excepted types) leave the
    /// board.
    Explode {
        /// Directions or direction sets, resolved for the mover.
        dirs: Vec<Ident>,
        /// Piece types the explosion spares (the capturing piece is never spared).
        except: Vec<Ident>,
    },
    /// `transfer through MAP`: the piece that moved (and a castle's rook) goes on to
    /// its cell's image under the board's cell map MAP; a move whose image cell is
    /// occupied is illegal.
    Transfer {
        /// The board's cell map.
        map: Ident,
    },
    /// A game outcome, as in `end` clauses.
    Outcome(Outcome),
}

/// `after move [if COND]: EFFECTS`.
#[derive(Clone, Debug, PartialEq)]
pub struct AfterDecl {
    /// When (always when absent).
    pub cond: Option<Spanned<Cond>>,
    /// What follows, in the order written.
    pub effects: Vec<Spanned<Effect>>,
    /// The whole statement.
    pub span: Span,
}

/// `forbid COND`, `refuse COND` or `must COND`.
#[derive(Clone, Debug, PartialEq)]
pub struct FilterDecl {
    /// `must` (when some legal move meets COND, only those are legal) rather than
    /// `forbid` (moves that meet COND are illegal).
    pub must: bool,
    /// `refuse COND`: a `forbid` that perft leaves out (it counts moves as
    /// Fairy-Stockfish does).
    pub in_play: bool,
    /// The condition, about the mover and the move.
    pub cond: Spanned<Cond>,
    /// The whole statement.
    pub span: Span,
}

/// `team NAME: PLAYERS [wins when any|all] [share royals]`.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamDecl {
    /// Its name.
    pub name: Ident,
    /// Its members.
    pub players: Vec<Ident>,
    /// `wins when all`: an `end if` condition holds for the team only when it holds
    /// for every member still in (else for any member).
    pub all: bool,
    /// `share royals`: the members' royals are one set, guarded by the check rule for
    /// every member's moves and counted together by `royals`.
    pub shares_royals: bool,
    /// The whole statement.
    pub span: Span,
}

/// `counter NAME [fen remaining N] ["DOC"]`.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterDecl {
    /// Its name, used in conditions and `add N to NAME`.
    pub name: Ident,
    /// FEN writes it as `N - value` per player (Fairy-Stockfish's check counts).
    pub fen_remaining: Option<Spanned<i64>>,
    /// A description.
    pub doc: Option<Spanned<String>>,
    /// The whole statement.
    pub span: Span,
}
