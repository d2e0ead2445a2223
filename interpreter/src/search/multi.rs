//! How the search treats more than two players.
//!
//! - [`MultiPlayer::Paranoid`]: every opponent moves in turn, all of them against
//!   the searching player. Safe, but the tree grows by a whole round of opponents'
//!   moves per move of the searching player, so it sees little of its own plans.
//! - [`MultiPlayer::BestReply`]: best-reply search (Schadd and Winands, 2011): between
//!   two moves of the searching player only one opponent moves (the one whose reply
//!   hurts most, found by the search); the others pass. The searching player thus
//!   sees twice as deep for the same work, and an opponent's threat is met by the
//!   opponent who makes it. A pass is never made by a player in check (he moves,
//!   as in the game), and the last opponent before the searching player moves
//!   when all the others passed, so every round has a reply.
//!
//! - [`MultiPlayer::BestReplyPlus`]: BRS+ (Esser et al., 2013): as best reply, but
//!   the opponents who do not reply play their most likely move (the first in the
//!   move order: the table's move, a good capture, a killer) instead of passing, so
//!   the positions searched are ones the game can reach.
//!
//! Best reply needs turns that go round one move at a time: a variant with turn
//! tracks (several moves a turn) or hidden state is searched paranoid.

use crate::Position;

/// The treatment of three or more players (two players: plain negamax either way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MultiPlayer {
    /// Every opponent moves, all against the searching player. The default: in a
    /// seat-rotated round robin (Chess for 3, 60 games, 20 ms a move) best reply as
    /// one seat against two paranoid seats took 27% of the points.
    #[default]
    Paranoid,
    /// Only the opponent with the strongest reply moves; the others pass.
    BestReply,
    /// Only the opponent with the strongest reply searches his moves; the others
    /// play their first ordered move. Measured as one seat against two paranoid
    /// seats (60 games each, 20 ms a move): Chess for 3 34.8%, Zubrin 30.8%,
    /// Dreierschach 22.2% of the points (a third is even): no better than paranoid.
    /// Again after checks stopped extending where no check rule forces an answer
    /// (`selfplay V --games 60 --time-ms 20 --challenger best-reply-plus`): Zubrin
    /// 23.0%, Chess for 3 28.4%.
    BestReplyPlus,
}

impl MultiPlayer {
    /// The names the command line and protocols use.
    pub const NAMES: [&'static str; 3] = ["best-reply", "best-reply-plus", "paranoid"];

    /// The mode called `name` (one of [`MultiPlayer::NAMES`]).
    pub fn from_name(name: &str) -> Option<MultiPlayer> {
        match name {
            "best-reply" => Some(MultiPlayer::BestReply),
            "best-reply-plus" => Some(MultiPlayer::BestReplyPlus),
            "paranoid" => Some(MultiPlayer::Paranoid),
            _ => None,
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            MultiPlayer::BestReply => "best-reply",
            MultiPlayer::BestReplyPlus => "best-reply-plus",
            MultiPlayer::Paranoid => "paranoid",
        }
    }

    /// True when best reply applies to searches of `pos`'s variant: more than two
    /// players, one move a turn, nothing hidden.
    pub(super) fn best_reply_in(self, pos: &Position) -> bool {
        let v = pos.variant();
        self != MultiPlayer::Paranoid
            && v.player_count() > 2
            && !v.has_tracks()
            && !v.has_hidden_state()
    }
}
