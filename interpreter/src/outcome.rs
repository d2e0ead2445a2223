//! Game ends: results, why a game ended, and the adjudication stage.
//!
//! Three moments decide a game's end (see `rules/mod.rs` for the stages):
//! - during `make`: the after-move rules (a royal captured, `end if` conditions,
//!   explosions...) and an elimination that leaves one player (`last player`);
//! - at the start of a turn, from the legal moves: the no-move rules (checkmate,
//!   stalemate, no moves). When they let the game go on (`pass`, an elimination that
//!   leaves two players or more), the player's one legal move is a pass whose `make`
//!   applies them;
//! - adjudication (repetition, quiet moves, material, move limits, `adjudicate if`): in
//!   [`Position::outcome`] and in the legal moves of play, which are empty once it
//!   applies; perft ignores it (as Fairy-Stockfish does).

use crate::ids::Player;
use crate::position::Position;
use crate::rules::{Rule, Scope};
use dsl::limits::MAX_PLAYERS;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The player to move was in check with no legal move.
    Checkmate,
    /// The player to move was not in check and had no legal move.
    Stalemate,
    /// The player to move had no legal move (no check rule in force).
    NoMoves,
    /// A royal piece was captured.
    RoyalCaptured,
    /// A royal piece was removed by a mine.
    RoyalBlasted,
    /// The same position occurred the given number of times.
    Repetition,
    /// Too many plies without a capture or a pawn move.
    Quiet,
    /// The material on the board matched a `material` clause.
    Material,
    /// One player was left.
    LastPlayer,
    /// A move left every opponent in check (`check all opponents`).
    CheckAll,
    /// A move left every opponent in check and one of them without a legal move
    /// (`check all opponents and mate`: "check-and-stalemate" in Chess for 3).
    CheckAllMate,
    /// The players agreed ([`Position::agree_draw`]).
    Agreement,
    /// The move limit was reached (`moves N`).
    MoveLimit,
    /// A rule of the variant (`end if`, `after move`, `adjudicate if`): its index in
    /// the variant's labels ([`crate::Variant::end_label`]).
    Rule(u16),
}

impl EndReason {
    /// A short name used in position strings (`checkmate`, `royal-captured`...).
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::NoMoves => "no-moves",
            EndReason::RoyalCaptured => "royal-captured",
            EndReason::RoyalBlasted => "royal-blasted",
            EndReason::Repetition => "repetition",
            EndReason::Quiet => "quiet",
            EndReason::Material => "material",
            EndReason::LastPlayer => "last-player",
            EndReason::CheckAll => "check-all",
            EndReason::CheckAllMate => "check-all-mate",
            EndReason::Agreement => "agreement",
            EndReason::MoveLimit => "move-limit",
            EndReason::Rule(_) => "rule",
        }
    }

    /// The reason with this [`EndReason::name`].
    pub fn from_name(s: &str) -> Option<EndReason> {
        use EndReason::*;
        [
            Checkmate,
            Stalemate,
            NoMoves,
            RoyalCaptured,
            RoyalBlasted,
            Repetition,
            Quiet,
            Material,
            LastPlayer,
            CheckAll,
            CheckAllMate,
            Agreement,
            MoveLimit,
        ]
        .into_iter()
        .find(|r| r.name() == s)
    }
}

/// One player's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// 1 point.
    Win,
    /// 1/2 point.
    Draw,
    /// 0 points.
    Loss,
}

impl Score {
    /// Points: 1, 1/2 or 0.
    pub fn points(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    fn half(self) -> u8 {
        match self {
            Score::Win => 2,
            Score::Draw => 1,
            Score::Loss => 0,
        }
    }

    fn from_half(h: u8) -> Score {
        match h {
            2 => Score::Win,
            1 => Score::Draw,
            _ => Score::Loss,
        }
    }
}

/// How the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play on.
    Ongoing,
    /// The game is over.
    Finished {
        /// Why.
        reason: EndReason,
        /// Each player's result, in turn order.
        scores: Vec<Score>,
    },
}

/// A result recorded in the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Finish {
    pub reason: EndReason,
    /// Half points per player.
    pub half: [u8; MAX_PLAYERS],
}

impl Finish {
    /// Built from per-player scores.
    pub fn new(reason: EndReason, scores: &[Score]) -> Finish {
        let mut half = [0; MAX_PLAYERS];
        for (h, s) in half.iter_mut().zip(scores) {
            *h = s.half();
        }
        Finish { reason, half }
    }

    /// Scores of the first `n` players.
    pub fn scores(&self, n: usize) -> Vec<Score> {
        self.half[..n]
            .iter()
            .map(|&h| Score::from_half(h))
            .collect()
    }
}

impl Position {
    /// How the game stands, applying every rule: a result recorded by a move, no legal
    /// move, and adjudication (repetition, quiet moves, material, move limits).
    pub fn outcome(&mut self) -> Outcome {
        let n = self.v.player_count();
        if let Some(f) = self.finish {
            return Outcome::Finished {
                reason: f.reason,
                scores: f.scores(n),
            };
        }
        let mut list = std::mem::take(&mut self.scratch);
        self.rule_moves_into(&mut list);
        let none = list.is_empty();
        self.scratch = list;
        self.outcome_given(none)
    }

    /// [`Position::outcome`] when the caller already knows whether the player to move
    /// has a legal move (the search generates them anyway): no second generation.
    pub(crate) fn outcome_given(&mut self, no_legal_move: bool) -> Outcome {
        let n = self.v.player_count();
        let finish = match self.finish {
            Some(f) => Some(f),
            // The end the forced pass would record.
            None if no_legal_move => self.probe(crate::Move::pass(), |p| p.finish),
            None => self.adjudicated(),
        };
        match finish {
            Some(f) => Outcome::Finished {
                reason: f.reason,
                scores: f.scores(n),
            },
            None => Outcome::Ongoing,
        }
    }

    /// The end an adjudication rule gives now, if any (the position is unchanged).
    pub(crate) fn adjudicated(&mut self) -> Option<Finish> {
        let v = std::sync::Arc::clone(&self.v);
        let subject = self.to_move;
        let actor = self.undo.last().map_or(subject, |u| u.mover);
        let scope = Scope {
            subject,
            mover: actor,
            facts: None,
        };
        for rule in &v.rules.adjudication {
            if self.holds(&rule.cond, &scope) {
                if let Some(f) = self.end_by(rule, subject, actor) {
                    return Some(f);
                }
            }
        }
        None
    }

    /// The result `rule`'s effects would record (they only end games: the position
    /// is left as it was).
    fn end_by(&mut self, rule: &Rule, subject: Player, actor: Player) -> Option<Finish> {
        let mut u = self.fresh_undo(crate::Move::pass());
        self.apply_effects(&rule.effects, subject, actor, rule.reason, &mut u);
        let f = self.finish.take();
        if f.is_some() {
            self.hash ^= self.v.keys.finished;
        }
        f
    }

    /// How often the current position occurred since the last capture, promotion or
    /// mine event, counting this one.
    pub fn repetitions(&self) -> u32 {
        let back = (self.reversible as usize).min(self.history.len());
        1 + self.history[self.history.len() - back..]
            .iter()
            .filter(|&&h| h == self.hash)
            .count() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_names_round_trip() {
        for r in [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::NoMoves,
            EndReason::RoyalCaptured,
            EndReason::RoyalBlasted,
            EndReason::Repetition,
            EndReason::Quiet,
            EndReason::Material,
            EndReason::LastPlayer,
            EndReason::CheckAll,
            EndReason::CheckAllMate,
            EndReason::Agreement,
            EndReason::MoveLimit,
        ] {
            assert_eq!(EndReason::from_name(r.name()), Some(r));
        }
        assert_eq!(EndReason::from_name("resign"), None);
    }

    #[test]
    fn scores_are_points() {
        let f = Finish::new(
            EndReason::Checkmate,
            &[Score::Loss, Score::Win, Score::Draw],
        );
        assert_eq!(f.scores(3), vec![Score::Loss, Score::Win, Score::Draw]);
        let total: f64 = f.scores(3).iter().map(|s| s.points()).sum();
        assert_eq!(total, 1.5);
    }
}
