//! What `end` clauses do to a position: the effects (lose, win, draw, eliminate, pass,
//! captor controls) applied during `make`, for a royal captured and for the pass move
//! of a player without a legal move.

use crate::clauses::{Effect, EndEvent};
use crate::ids::Player;
use crate::outcome::{EndReason, Finish, Score};
use crate::position::{Position, Undo};

/// What follows when the player to move has no legal move: the clause's effects (a
/// draw when the file has none), who caused it and why.
pub(crate) struct NoMove {
    /// The effects, in the order written.
    pub effects: Vec<Effect>,
    /// The opponent credited (checkmate), else the previous mover.
    pub actor: Player,
    /// Checkmate, stalemate or no moves.
    pub reason: EndReason,
}

impl Position {
    /// The end clause that applies now that the player to move has no legal move.
    ///
    /// A checkmate is first offered to the `checkmate by one|many` clauses: by one
    /// when some opponent's pieces alone keep every move illegal (the others' pieces
    /// only block), credited to that opponent. Without such a clause the `checkmate`
    /// clause applies, credited to the first opponent after the mated player whose
    /// pieces attack his royal.
    pub(crate) fn no_move(&mut self) -> NoMove {
        let me = self.no_move_subject();
        let event = self.no_move_event();
        let reason = match event {
            EndEvent::Checkmate => EndReason::Checkmate,
            EndEvent::Stalemate => EndReason::Stalemate,
            _ => EndReason::NoMoves,
        };
        let previous = self.undo.last().map_or(me, |u| u.mover);
        if event != EndEvent::Checkmate {
            let effects = self.no_move_effects(&event);
            return NoMove {
                effects,
                actor: previous,
                reason,
            };
        }
        let v = std::sync::Arc::clone(&self.v);
        let by_clauses = v
            .clauses
            .ends
            .iter()
            .any(|c| matches!(c.event, EndEvent::CheckmateBy(_)));
        if by_clauses {
            let lone = self.lone_mater(me);
            if let Some(effects) = v.clauses.effects(&EndEvent::CheckmateBy(lone.is_some())) {
                return NoMove {
                    effects: effects.to_vec(),
                    actor: lone.unwrap_or_else(|| self.checking_player(me)),
                    reason,
                };
            }
        }
        NoMove {
            effects: self.no_move_effects(&event),
            actor: self.checking_player(me),
            reason,
        }
    }

    /// Who has no legal move: the player to move, or with turn tracks the player the
    /// last legal-move generation found checkmated.
    pub(crate) fn no_move_subject(&self) -> Player {
        self.mated.unwrap_or(self.to_move)
    }

    /// The event when the player to move has no legal move.
    pub(crate) fn no_move_event(&self) -> EndEvent {
        let me = self.no_move_subject();
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
                Effect::Lose
                | Effect::Win
                | Effect::Draw
                | Effect::LoseToActor
                | Effect::MostRoyals => return false,
                Effect::Pass | Effect::Eliminate => return true,
                Effect::CaptorControls => {}
            }
        }
        false
    }

    /// `make` of a pass: apply the no-move clause (found before the move began) to the
    /// mover.
    pub(crate) fn pass_effects(&mut self, no_move: &NoMove, u: &mut Undo) {
        let me = self.to_move;
        self.apply_effects(&no_move.effects, me, no_move.actor, no_move.reason, u);
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
                Effect::MostRoyals => {
                    let scores = self.most_royals_scores();
                    self.record(Finish::new(reason, &scores), u);
                }
                Effect::LoseToActor => {
                    let scores = self.lose_to_actor_scores(subject, actor);
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

    pub(crate) fn draw_scores(&self) -> Vec<Score> {
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
}

#[cfg(test)]
mod tests {
    use crate::clauses::Effect;
    use crate::Position;

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
