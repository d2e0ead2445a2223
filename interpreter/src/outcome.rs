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
    /// A share of a win other than 0, 1/2 and 1, in 24ths of a point (1..=23, not 12):
    /// Glinski's 3/4 for a stalemate is `Share(18)` (`score subject 1/4 actor 3/4`).
    Share(u8),
}

/// What a win is worth in [`Score::units`]: results are whole 24ths, so halves,
/// thirds, quarters, sixths and eighths are exact.
pub const SCORE_UNITS: u8 = 24;

impl Score {
    /// Points: 1, 1/2, 0 or a share.
    pub fn points(self) -> f64 {
        self.units() as f64 / SCORE_UNITS as f64
    }

    /// The result in 24ths of a point.
    pub fn units(self) -> u8 {
        match self {
            Score::Win => SCORE_UNITS,
            Score::Draw => SCORE_UNITS / 2,
            Score::Loss => 0,
            Score::Share(k) => k.min(SCORE_UNITS),
        }
    }

    /// The result worth `units` 24ths of a point (more than a win is a win).
    pub fn from_units(units: u8) -> Score {
        match units {
            0 => Score::Loss,
            u if u == SCORE_UNITS / 2 => Score::Draw,
            u if u >= SCORE_UNITS => Score::Win,
            u => Score::Share(u),
        }
    }

    /// The result as written in position strings and records: `1`, `1/2`, `0`, `3/4`.
    pub fn text(self) -> String {
        let u = self.units();
        match u {
            0 => "0".into(),
            SCORE_UNITS => "1".into(),
            _ => {
                let g = gcd(u, SCORE_UNITS);
                format!("{}/{}", u / g, SCORE_UNITS / g)
            }
        }
    }

    /// Reads [`Score::text`]: `1`, `0`, or a fraction `N/D` of at most one point whose
    /// denominator divides 24.
    pub fn parse(text: &str) -> Option<Score> {
        let (n, d) = match text.split_once('/') {
            Some((n, d)) => (n, d),
            None => (text, "1"),
        };
        if n.len() > 3 || d.len() > 3 {
            return None;
        }
        let n: u8 = n.parse().ok()?;
        let d: u8 = d.parse().ok()?;
        if d == 0 || SCORE_UNITS % d != 0 || n > d {
            return None;
        }
        Some(Score::from_units(n * (SCORE_UNITS / d)))
    }
}

fn gcd(a: u8, b: u8) -> u8 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
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
    /// Points per player, in 24ths ([`Score::units`]).
    pub units: [u8; MAX_PLAYERS],
}

impl Finish {
    /// Built from per-player scores.
    pub fn new(reason: EndReason, scores: &[Score]) -> Finish {
        let mut units = [0; MAX_PLAYERS];
        for (u, s) in units.iter_mut().zip(scores) {
            *u = s.units();
        }
        Finish { reason, units }
    }

    /// Scores of the first `n` players.
    pub fn scores(&self, n: usize) -> Vec<Score> {
        self.units[..n]
            .iter()
            .map(|&u| Score::from_units(u))
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

    #[test]
    fn shares_read_and_write_as_fractions() {
        for (text, score) in [
            ("1", Score::Win),
            ("1/2", Score::Draw),
            ("0", Score::Loss),
            ("3/4", Score::Share(18)),
            ("1/3", Score::Share(8)),
        ] {
            assert_eq!(Score::parse(text), Some(score), "{text}");
            assert_eq!(score.text(), text);
        }
        assert_eq!(Score::parse("2/4"), Some(Score::Draw));
        assert_eq!(Score::parse("4/4"), Some(Score::Win));
        for bad in ["5/4", "1/5", "1/0", "x", "", "1/", "-1", "99999/2"] {
            assert_eq!(Score::parse(bad), None, "{bad}");
        }
        assert_eq!(Score::Share(18).points(), 0.75);
    }
}
