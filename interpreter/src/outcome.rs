//! Game ends: the `end` clauses.
//!
//! Three moments decide a game's end:
//! - during `make`: a royal captured (its outcomes: win, lose, draw, eliminate, captor
//!   controls) and an elimination that leaves one player (`last player`);
//! - at the start of a turn, from the legal moves: checkmate, stalemate, no moves.
//!   When their outcome lets the game go on (`pass`, `eliminate`), the player gets a
//!   single pass move whose `make` applies it;
//! - in [`Position::outcome`] only: repetition, quiet moves, material. Perft and
//!   legal-move lists ignore these (as Fairy-Stockfish does).

use crate::clauses::{Effect, EndEvent};
use crate::ids::Player;
use crate::position::Position;
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
    /// How the game stands, applying every `end` clause: a result recorded by a move,
    /// no legal move, repetition, quiet moves and material.
    pub fn outcome(&mut self) -> Outcome {
        let n = self.v.player_count();
        if let Some(f) = self.finish {
            return Outcome::Finished {
                reason: f.reason,
                scores: f.scores(n),
            };
        }
        let mut list = std::mem::take(&mut self.scratch);
        self.legal_moves_into(&mut list);
        let none = list.is_empty();
        self.scratch = list;
        self.outcome_given(none)
    }

    /// [`Position::outcome`] when the caller already knows whether the player to move
    /// has a legal move (the search generates them anyway): no second generation.
    pub(crate) fn outcome_given(&mut self, no_legal_move: bool) -> Outcome {
        if let Some(f) = self.finish {
            return Outcome::Finished {
                reason: f.reason,
                scores: f.scores(self.v.player_count()),
            };
        }
        if no_legal_move {
            let nm = self.no_move();
            let subject = self.no_move_subject();
            return self.finished_by(&nm.effects, subject, nm.actor, nm.reason);
        }
        let v = self.v.clone();
        for c in &v.clauses.ends {
            let hit = match &c.event {
                EndEvent::Repetition(k) => self.repetitions() >= *k,
                EndEvent::Quiet(k) => self.quiet >= *k,
                // Move numbers start at 1: move N + 1 means N moves each were made.
                EndEvent::Moves(k) => *k > 0 && self.move_number() > *k,
                EndEvent::Material { each, alts } => self.material_matches(*each, alts),
                _ => false,
            };
            if hit {
                let reason = match c.event {
                    EndEvent::Repetition(_) => EndReason::Repetition,
                    EndEvent::Quiet(_) => EndReason::Quiet,
                    EndEvent::Moves(_) => EndReason::MoveLimit,
                    _ => EndReason::Material,
                };
                let actor = self.undo.last().map_or(self.to_move, |u| u.mover);
                if let Outcome::Finished { reason, scores } =
                    self.finished_by(&c.effects, self.to_move, actor, reason)
                {
                    return Outcome::Finished { reason, scores };
                }
            }
        }
        Outcome::Ongoing
    }

    /// The result when `effects` end the game (subject: the player to move).
    fn finished_by(
        &self,
        effects: &[Effect],
        subject: Player,
        actor: Player,
        reason: EndReason,
    ) -> Outcome {
        let n = self.v.player_count();
        for e in effects {
            let scores: Vec<Score> = match e {
                Effect::Lose => (0..n)
                    .map(|p| {
                        if p == subject as usize || self.is_eliminated(p as Player) {
                            Score::Loss
                        } else {
                            Score::Win
                        }
                    })
                    .collect(),
                Effect::Win => (0..n)
                    .map(|p| {
                        if p == actor as usize {
                            Score::Win
                        } else {
                            Score::Loss
                        }
                    })
                    .collect(),
                Effect::Draw => self.draw_scores(),
                Effect::LoseToActor => self.lose_to_actor_scores(subject, actor),
                Effect::MostRoyals => self.most_royals_scores(),
                Effect::Pass | Effect::Eliminate => return Outcome::Ongoing,
                Effect::CaptorControls => continue,
            };
            return Outcome::Finished { reason, scores };
        }
        Outcome::Ongoing
    }

    /// `most royals`: the players (still in the game) with the most royal pieces win,
    /// the others lose; a draw when they all have as many.
    pub(crate) fn most_royals_scores(&self) -> Vec<Score> {
        let n = self.v.player_count();
        let mut cells = [0; 8];
        let counts: Vec<Option<usize>> = (0..n as Player)
            .map(|p| (!self.is_eliminated(p)).then(|| self.royals_of(p, &mut cells)))
            .collect();
        let best = counts.iter().flatten().copied().max().unwrap_or(0);
        let all_best = counts.iter().flatten().all(|&c| c == best);
        counts
            .iter()
            .map(|c| match c {
                Some(c) if *c == best && all_best => Score::Draw,
                Some(c) if *c == best => Score::Win,
                _ => Score::Loss,
            })
            .collect()
    }

    /// How often the current position occurred since the last capture or pawn move,
    /// counting this one.
    pub fn repetitions(&self) -> u32 {
        let back = (self.quiet as usize).min(self.history.len());
        1 + self.history[self.history.len() - back..]
            .iter()
            .filter(|&&h| h == self.hash)
            .count() as u32
    }

    fn material_matches(&self, each: bool, alts: &[Vec<crate::PieceType>]) -> bool {
        let v = &*self.v;
        let types_of = |owner: Option<Player>| -> Vec<crate::PieceType> {
            let mut ts: Vec<crate::PieceType> = (0..v.kind_count() as u8)
                .filter(|&k| owner.map_or(true, |o| v.kind_owner[k as usize] == o))
                .flat_map(|k| {
                    std::iter::repeat(v.kind_type[k as usize]).take(self.plen[k as usize] as usize)
                })
                .collect();
            ts.sort_unstable();
            ts
        };
        if each {
            (0..v.player_count() as Player).all(|p| alts.contains(&types_of(Some(p))))
        } else {
            alts.contains(&types_of(None))
        }
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
