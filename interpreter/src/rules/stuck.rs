//! The no-move stage: [`super::Rules::stuck`], when the player to move has no legal
//! move (checkmate, stalemate, no moves: sugar for conditions on the check rule and
//! the check).
//!
//! The first rule whose condition holds applies (none: a draw). Its effects are applied
//! by the pass move of that player: when they let the game go on (a pass, or an
//! elimination that leaves two players or more) the pass is his one legal move; when
//! they end the game there is no move at all, and [`Position::outcome`] reports the end
//! the pass would record.

use super::cond::Scope;
use super::{Credit, Effect};
use crate::ids::{Cell, Player};
use crate::outcome::EndReason;
use crate::position::{Position, Undo};
use std::sync::Arc;

/// The rule that applies now that the player to move has no legal move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NoMove {
    /// Index in [`super::Rules::stuck`]; `None`: no rule applies, a draw.
    pub rule: Option<usize>,
    /// The player without a move.
    pub subject: Player,
    /// Who is credited.
    pub actor: Player,
}

/// The effects when no rule applies.
const DRAW: &[Effect] = &[Effect::Draw];

impl Position {
    /// The rule that applies now that the player to move (or, with turn tracks, the
    /// player found mated) has no legal move.
    pub(crate) fn no_move(&mut self) -> NoMove {
        let me = self.no_move_subject();
        let previous = self.undo.last().map_or(me, |u| u.mover);
        let v = Arc::clone(&self.v);
        let scope = Scope {
            subject: me,
            mover: previous,
            facts: None,
        };
        for (i, r) in v.rules.stuck.iter().enumerate() {
            if self.holds(&r.cond, &scope) {
                let actor = self.credited(r.credit, me, previous);
                return NoMove {
                    rule: Some(i),
                    subject: me,
                    actor,
                };
            }
        }
        NoMove {
            rule: None,
            subject: me,
            actor: previous,
        }
    }

    /// The player credited with the end of `me`, who has no legal move: the previous
    /// mover, the first checking opponent, or the opponent who mates alone.
    fn credited(&mut self, credit: Credit, me: Player, previous: Player) -> Player {
        match credit {
            Credit::Previous => previous,
            Credit::Checker => self.checking_player(me),
            Credit::LoneMater => self
                .lone_mater(me)
                .unwrap_or_else(|| self.checking_player(me)),
        }
    }

    /// Checkmate, stalemate or no moves, for a player without a legal move whom no rule
    /// names.
    fn no_move_reason(&self, me: Player) -> EndReason {
        if !self.check_applies(me) {
            EndReason::NoMoves
        } else if self.royal_attacked(me) {
            EndReason::Checkmate
        } else {
            EndReason::Stalemate
        }
    }

    /// Who has no legal move: the player to move, or with turn tracks the player the
    /// last legal-move generation found checkmated.
    pub(crate) fn no_move_subject(&self) -> Player {
        self.mated.unwrap_or(self.to_move)
    }

    /// True when the player without a move is checkmated (SAN's mate mark).
    pub(crate) fn stuck_in_check(&self) -> bool {
        let me = self.no_move_subject();
        self.check_applies(me) && self.royal_attacked(me)
    }

    /// `make` of a forced pass: apply the no-move rule (found before the move began).
    pub(crate) fn pass_effects(&mut self, nm: NoMove, u: &mut Undo) {
        let v = Arc::clone(&self.v);
        let (effects, reason) = match nm.rule {
            Some(i) => (&v.rules.stuck[i].effects[..], v.rules.stuck[i].reason),
            None => (DRAW, self.no_move_reason(nm.subject)),
        };
        self.apply_effects(effects, nm.subject, nm.actor, reason, u);
    }

    /// True when the forced pass lets the game go on (the player passes, or is out and
    /// two players or more are left): then it is his one legal move.
    pub(crate) fn pass_continues(&mut self) -> bool {
        self.probe(crate::Move::pass(), |p| p.finish.is_none())
    }

    /// After a move, each player still in (in turn order after the mover) who has no
    /// legal move, as if it were his turn, gets the first `at once` no-move rule that
    /// holds for him: four-player chess eliminates a mated player at once rather than
    /// at his turn, so a player mated by one opponent cannot be freed by another.
    pub(crate) fn stuck_at_once(&mut self, u: &mut Undo) {
        let v = Arc::clone(&self.v);
        let n = v.player_count();
        let mover = u.mover;
        for i in 1..n {
            if self.finish.is_some() {
                return;
            }
            let p = ((mover as usize + i) % n) as Player;
            if self.is_eliminated(p) || self.has_move_as(p) {
                continue;
            }
            let scope = Scope {
                subject: p,
                mover,
                facts: None,
            };
            for r in v.rules.stuck.iter().filter(|r| r.at_once) {
                if self.holds(&r.cond, &scope) {
                    let actor = self.credited(r.credit, p, mover);
                    self.apply_effects(&r.effects, p, actor, r.reason, u);
                    break;
                }
            }
        }
    }

    /// Whether `p` would have a legal move if it were his turn (the filters and the
    /// check rule, no pass). The turn is lent to him and given back; the moves tried
    /// are probes, which test no one else at once.
    fn has_move_as(&mut self, p: Player) -> bool {
        let turn = std::mem::replace(&mut self.to_move, p);
        let mut list = std::mem::take(&mut self.can_scratch);
        list.clear();
        self.gen_pseudo(&mut list);
        self.filter_rules(p, &mut list);
        let any = !list.is_empty();
        self.can_scratch = list;
        self.to_move = turn;
        any
    }

    /// The opponent credited with a checkmate: the first player after the mated one
    /// in turn order whose pieces attack his royal; else the previous mover.
    pub(crate) fn checking_player(&self, subject: Player) -> Player {
        let n = self.v.player_count();
        let mut cells = [0 as Cell; 8];
        let count = self.royals_of(subject, &mut cells).min(8);
        for i in 1..n {
            let p = ((subject as usize + i) % n) as Player;
            if self.is_eliminated(p) || self.team_of(subject) & (1 << p) != 0 {
                continue;
            }
            let kinds = self.friends_of(p);
            if cells[..count].iter().any(|&c| self.attacked(c, kinds)) {
                return p;
            }
        }
        self.undo.last().map_or(subject, |u| u.mover)
    }
}
