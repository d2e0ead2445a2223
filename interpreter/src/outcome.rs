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

use crate::clauses::{compare, CheckRule, Effect, EndEvent};
use crate::ids::{Cell, Player};
use crate::position::{Position, Undo};
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
    /// The same position occurred the given number of times.
    Repetition,
    /// Too many plies without a capture or a pawn move.
    Quiet,
    /// The material on the board matched a `material` clause.
    Material,
    /// One player was left.
    LastPlayer,
}

impl EndReason {
    /// A short name used in position strings (`checkmate`, `royal-captured`...).
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::NoMoves => "no-moves",
            EndReason::RoyalCaptured => "royal-captured",
            EndReason::Repetition => "repetition",
            EndReason::Quiet => "quiet",
            EndReason::Material => "material",
            EndReason::LastPlayer => "last-player",
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
            Repetition,
            Quiet,
            Material,
            LastPlayer,
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
    /// True when the check rule applies to `player` now.
    pub(crate) fn check_applies(&self, player: Player) -> bool {
        match self.v.clauses.check {
            CheckRule::Always => true,
            CheckRule::Never => false,
            CheckRule::Players(op, n) => compare(self.active_count() as i64, op, n),
            CheckRule::Royals(op, n) => {
                let mut cells = [0 as Cell; 8];
                compare(self.royals_of(player, &mut cells) as i64, op, n)
            }
        }
    }

    /// True when one of `player`'s royals is attacked by an active opponent.
    pub(crate) fn royal_attacked(&self, player: Player) -> bool {
        let attackers = self.attackers_of(player);
        let mut kinds = self.v.royal_kinds & self.v.owner_kinds[player as usize] & self.present;
        while kinds != 0 {
            let k = kinds.trailing_zeros() as u8;
            kinds &= kinds - 1;
            if self
                .pieces_of(k)
                .iter()
                .any(|&c| self.attacked(c, attackers))
            {
                return true;
            }
        }
        false
    }

    /// True when the player to move has a royal attacked by an active opponent.
    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }

    /// The event when the player to move has no legal move.
    pub(crate) fn no_move_event(&self) -> EndEvent {
        let me = self.to_move;
        if !self.check_applies(me) {
            EndEvent::NoMoves
        } else if self.royal_attacked(me) {
            EndEvent::Checkmate
        } else {
            EndEvent::Stalemate
        }
    }

    /// The effects of a no-move event: its clause, or a draw when the file has none.
    pub(crate) fn no_move_effects(&self, event: &EndEvent) -> Vec<Effect> {
        self.v
            .clauses
            .effects(event)
            .map_or_else(|| vec![Effect::Draw], <[Effect]>::to_vec)
    }

    /// True when the effects let the game go on (the subject passes or is out).
    pub(crate) fn continues(effects: &[Effect]) -> bool {
        for e in effects {
            match e {
                Effect::Lose | Effect::Win | Effect::Draw => return false,
                Effect::Pass | Effect::Eliminate => return true,
                Effect::CaptorControls => {}
            }
        }
        false
    }

    /// The opponent credited with a checkmate: the first player after the mated one
    /// in turn order whose pieces attack his royal; else the previous mover.
    fn checking_player(&self, subject: Player) -> Player {
        let n = self.v.player_count();
        let mut cells = [0 as Cell; 8];
        let count = self.royals_of(subject, &mut cells).min(8);
        for i in 1..n {
            let p = ((subject as usize + i) % n) as Player;
            if self.is_eliminated(p) {
                continue;
            }
            let kinds = self.friends_of(p);
            if cells[..count].iter().any(|&c| self.attacked(c, kinds)) {
                return p;
            }
        }
        self.undo.last().map_or(subject, |u| u.to_move)
    }

    /// `make` of a pass: apply the no-move event's effects to the mover.
    pub(crate) fn pass_effects(&mut self, u: &mut Undo) {
        let me = self.to_move;
        let event = self.no_move_event();
        let effects = self.no_move_effects(&event);
        let actor = self.checking_player(me);
        let reason = match event {
            EndEvent::Checkmate => EndReason::Checkmate,
            EndEvent::Stalemate => EndReason::Stalemate,
            _ => EndReason::NoMoves,
        };
        self.apply_effects(&effects, me, actor, reason, u);
    }

    /// Applies `effects` of an event about `subject` caused by `actor`.
    pub(crate) fn apply_effects(
        &mut self,
        effects: &[Effect],
        subject: Player,
        actor: Player,
        reason: EndReason,
        u: &mut Undo,
    ) {
        let n = self.v.player_count();
        for &e in effects {
            if self.finish.is_some() {
                return;
            }
            match e {
                Effect::Lose => {
                    let scores: Vec<Score> = (0..n)
                        .map(|p| {
                            if p == subject as usize || self.is_eliminated(p as Player) {
                                Score::Loss
                            } else {
                                Score::Win
                            }
                        })
                        .collect();
                    self.record(Finish::new(reason, &scores), u);
                }
                Effect::Win => {
                    let scores: Vec<Score> = (0..n)
                        .map(|p| {
                            if p == actor as usize {
                                Score::Win
                            } else {
                                Score::Loss
                            }
                        })
                        .collect();
                    self.record(Finish::new(reason, &scores), u);
                }
                Effect::Draw => {
                    let scores = self.draw_scores();
                    self.record(Finish::new(reason, &scores), u);
                }
                Effect::Eliminate => self.eliminate(subject, u),
                Effect::CaptorControls => {
                    for owner in 0..n {
                        for region in 0..self.v.regions {
                            if self.control[owner * self.v.regions + region] == subject {
                                self.set_control(owner as Player, region, actor, u);
                            }
                        }
                    }
                }
                Effect::Pass => {}
            }
        }
    }

    fn draw_scores(&self) -> Vec<Score> {
        (0..self.v.player_count())
            .map(|p| {
                if self.is_eliminated(p as Player) {
                    Score::Loss
                } else {
                    Score::Draw
                }
            })
            .collect()
    }

    fn record(&mut self, f: Finish, u: &mut Undo) {
        self.finish = Some(f);
        self.hash ^= self.v.keys.finished;
        u.finished = true;
    }

    /// Puts `subject` out; when one player is left, the `last player` clause (by
    /// default: he wins).
    fn eliminate(&mut self, subject: Player, u: &mut Undo) {
        if self.is_eliminated(subject) {
            return;
        }
        self.eliminated |= 1 << subject;
        self.hash ^= self.v.keys.eliminated(subject);
        let left: Vec<Player> = (0..self.v.player_count() as Player)
            .filter(|&p| !self.is_eliminated(p))
            .collect();
        match left.as_slice() {
            [] => {
                let scores = self.draw_scores();
                self.record(Finish::new(EndReason::LastPlayer, &scores), u);
            }
            [last] => {
                let effects = self
                    .v
                    .clauses
                    .effects(&EndEvent::LastPlayer)
                    .map_or_else(|| vec![Effect::Win], <[Effect]>::to_vec);
                self.apply_effects(&effects, *last, *last, EndReason::LastPlayer, u);
            }
            _ => {}
        }
    }

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
        if none {
            let event = self.no_move_event();
            let effects = self.no_move_effects(&event);
            let reason = match event {
                EndEvent::Checkmate => EndReason::Checkmate,
                EndEvent::Stalemate => EndReason::Stalemate,
                _ => EndReason::NoMoves,
            };
            return self.finished_by(&effects, self.to_move, reason);
        }
        let clauses = self.v.clauses.ends.clone();
        for c in &clauses {
            let hit = match &c.event {
                EndEvent::Repetition(k) => self.repetitions() >= *k,
                EndEvent::Quiet(k) => self.quiet >= *k,
                EndEvent::Material { each, alts } => self.material_matches(*each, alts),
                _ => false,
            };
            if hit {
                let reason = match c.event {
                    EndEvent::Repetition(_) => EndReason::Repetition,
                    EndEvent::Quiet(_) => EndReason::Quiet,
                    _ => EndReason::Material,
                };
                if let Outcome::Finished { reason, scores } =
                    self.finished_by(&c.effects, self.to_move, reason)
                {
                    return Outcome::Finished { reason, scores };
                }
            }
        }
        Outcome::Ongoing
    }

    /// The result when `effects` end the game (subject: the player to move; actor:
    /// the previous mover).
    fn finished_by(&self, effects: &[Effect], subject: Player, reason: EndReason) -> Outcome {
        let n = self.v.player_count();
        let actor = if reason == EndReason::Checkmate {
            self.checking_player(subject)
        } else {
            self.undo.last().map_or(subject, |u| u.to_move)
        };
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
                Effect::Pass | Effect::Eliminate => return Outcome::Ongoing,
                Effect::CaptorControls => continue,
            };
            return Outcome::Finished { reason, scores };
        }
        Outcome::Ongoing
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
            EndReason::Repetition,
            EndReason::Quiet,
            EndReason::Material,
            EndReason::LastPlayer,
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
    fn continuing_effects() {
        assert!(Position::continues(&[
            Effect::CaptorControls,
            Effect::Eliminate
        ]));
        assert!(Position::continues(&[Effect::Pass]));
        assert!(!Position::continues(&[Effect::Lose, Effect::Pass]));
        assert!(!Position::continues(&[]));
    }
}

#[cfg(test)]
mod rules {
    use crate::Position;

    #[test]
    fn check_when_royals_counts_the_movers_royals() {
        let rules = "piece rook R {\n slide n e s w\n}\n";
        let two = crate::testing::compile(
            &format!(
                "board \"b\"\nplayer white\nplayer black\npiece king K royal {{\n step n e s w\n}}\n{rules}\
                 check when royals <= 1\nend checkmate: lose\n"
            ),
            crate::testing::CHESS_BOARD,
        )
        .unwrap();
        // Two white kings: the check rule is off, so a king may stay attacked.
        let mut p = Position::from_str(&two, "r3k3/8/8/8/8/8/8/K3K3 w - - 0 1").unwrap();
        assert!(p.in_check());
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert!(
            moves.contains(&"e1e2".to_owned()),
            "the a1 king stays attacked: allowed"
        );
        // One white king: the rule holds.
        let mut p = Position::from_str(&two, "r3k3/8/8/8/8/8/8/K7 w - - 0 1").unwrap();
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert_eq!(moves, ["a1b1"]);
    }
}
