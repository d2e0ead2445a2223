//! The computer player: a search over the interpreter's legal moves, for any variant.
//!
//! Nothing here knows a game: moves come from [`Position::legal_moves_into`], results
//! from [`Position::outcome`] and the variant's `points`, and the evaluation from the
//! rule file's piece values plus terms computed from the board graph.
//!
//! - [`Searcher`]: iterative deepening with aspiration windows over a
//!   principal-variation search ([`node`]; the table move is searched before the
//!   other moves are generated when the piece on its cell makes it and the rules
//!   keep it): transposition table ([`tt`], also read and written by quiescence), null-move pruning (two players, unless the rule
//!   file says `hint zugzwang`; deeper the further the static value is above
//!   beta), razoring, ProbCut ([`probcut`]) and singular extensions ([`singular`])
//!   where two players alternate (there the side to move also gets a small bonus
//!   for having the move), reverse futility, futility and late-move pruning,
//!   late-move reductions
//!   guided by history, all of them stronger where the mover's static value has not
//!   improved over two plies (two players), internal iterative reduction, check
//!   extensions (with more than two players only where the check rule forces an
//!   answer: else two opponents' threats chain and the tree explodes), move
//!   ordering ([`order`]: table move, captures by MVV-LVA with those that lose
//!   material by the exchange put off to the end when their turn comes, killers,
//!   counter moves, history with maluses) and quiescence on captures (and quiet
//!   promotions when a piece is one move from promoting) with static exchange
//!   evaluation ([`exchange`]: the least valuable recapture is found kind by kind
//!   through the attack tables, on the board alone where captures only take). Late quiet moves are pruned without being made when the check
//!   cells show they give no check. A position repeated below the root is valued as
//!   the variant's repetition rule says at once. Values are taken from the
//!   searching player's side: he maximises, every other player minimises. With two
//!   players this is negamax; with three or more it is best-reply search or the
//!   paranoid search ([`MultiPlayer`]). A player who moves again (a pass, a move
//!   taken back) needs no special case.
//! - [`Evaluator`]: material, empty-board reach of each piece on its cell, the moves
//!   each piece has (concave per kind; counted as cell sets on boards of up to 128
//!   cells, `crate::move_bits`), promotion distance, passed and doubled pawns
//!   from pawn paths on the board graph ([`pawns`]), danger to royals from the
//!   opponents' moves next to them, and shelter; with more than two players an
//!   opponent already out of the game counts as a gain.
//! - [`RandomMover`]: a seeded, uniformly random player (matches, tests).
//! - [`Decide`]: what a seat at the table does, and [`decide_from_samples`], the
//!   path for hidden information: a player who cannot see the referee state searches
//!   positions consistent with his own view and votes.
//! - Hidden information ([`hidden`]): for a variant with hidden state
//!   ([`crate::Variant::has_hidden_state`]) the computer never searches the referee
//!   position. [`Searcher::choose`] (and so [`Decide`] for a [`Searcher`], used by
//!   `play`, `selfplay` and [`play_game`]) reads the position back from the view
//!   string of the player to move: the board, the mines he knows of (shown or
//!   announced), the move he was refused; no hidden mine, no generator state. It
//!   searches that model, or, with [`Searcher::set_samples`], the model plus copies
//!   with the unseen mines laid by chance from a seed hashed from the view string,
//!   and the samples vote through [`decide_from_samples`]. The choice is thus a
//!   function of the view alone, so moving a mine the player cannot see changes
//!   nothing. The move is mapped back to the referee's legal moves by from, to and
//!   promotion; legality never depends on unknown mines, so it is always found.

mod draw_offer;
mod engine;
mod eval;
mod exchange;
mod game;
mod hidden;
mod limits;
mod multi;
mod node;
mod order;
mod pawns;
mod places;
mod probcut;
mod quiesce;
mod random;
mod report;
mod samples;
mod shown;
mod singular;
mod terminal;
mod tt;
mod tune;
mod weights;

pub use engine::{SearchResult, Searcher};
pub use eval::Evaluator;
pub use game::{play_game, GameEnd, GameError};
pub use limits::{Clock, Limits};
pub use multi::MultiPlayer;
pub use places::Places;
pub use random::RandomMover;
pub use report::Report;
pub use samples::decide_from_samples;
pub use shown::Shown;
pub use terminal::{is_mate_value, MATE, MULTI_PLAYER_CONTEMPT};
pub use tune::{
    tune, tune_places, PlaceFit, PlaceTuning, Sample, TuneReport, MAX_ROUNDS as MAX_TUNE_ROUNDS,
};
pub use weights::Weights;

use crate::{Move, Position};

/// A player at the table: given the position he may see, a legal move (`None` only
/// when the game is over or there is no legal move).
///
/// A hidden-information variant passes the player's own view here, never the referee
/// state; a decider for such games samples the unseen state and calls
/// [`decide_from_samples`].
pub trait Decide {
    /// A legal move of `pos`, or `None` when `pos` has none.
    fn decide(&mut self, pos: &mut Position) -> Option<Move>;
}
