//! The non-aggression rule: captures a player may not make.
//!
//! A player may not capture a piece of a victim (its owner) that stands in the rule's
//! zone for the victim, when the victim's lost points and the victim's lead in lost
//! points over the captor meet the rule's conditions, unless the rule says `unless
//! check` and the capture leaves a royal of the victim attacked by the captor's pieces
//! (found by a probe). Royal captures are never forbidden: an attack on a king is the
//! one attack the rule always lets through. Attacks are unchanged: a protected piece
//! still guards cells and a royal may still be checked.
//!
//! The rule costs nothing in variants without it, and little with it: the players it
//! protects right now are found from the lost points first, and usually there are none.

use crate::clauses::{compare, NonAggression};
use crate::ids::{bit, Player};
use crate::moves::{mk, MoveList};
use crate::position::Position;
use std::sync::Arc;

impl NonAggression {
    /// True when the rule protects the pieces of `victim` from `captor` now.
    pub(crate) fn protects(&self, victim_lost: i64, captor_lost: i64) -> bool {
        self.lost
            .map_or(true, |(op, n)| compare(victim_lost, op, n))
            && self
                .lead
                .map_or(true, |(op, n)| compare(victim_lost - captor_lost, op, n))
    }
}

impl Position {
    /// Removes from `list` the captures the non-aggression rule forbids the player to
    /// move.
    pub(crate) fn filter_aggression(&mut self, list: &mut MoveList) {
        let v = Arc::clone(&self.v);
        let Some(rule) = &v.clauses.non_aggression else {
            return;
        };
        let me = self.to_move;
        let mine = self.lost[me as usize];
        let protected: u16 = (0..v.player_count())
            .filter(|&o| o != me as usize && rule.protects(self.lost[o], mine))
            .fold(0, |m, o| m | 1 << o);
        if protected == 0 {
            return;
        }
        let mut w = 0;
        for r in 0..list.len() {
            let m = list[r];
            if self.capture_allowed(m, rule, protected) {
                list.set(w, m);
                w += 1;
            }
        }
        list.truncate(w);
    }

    /// Whether the rule lets the player to move make `m`.
    fn capture_allowed(&mut self, m: crate::Move, rule: &NonAggression, protected: u16) -> bool {
        let at = match m.kind {
            mk::EP_CAPTURE => self.ep[m.aux as usize].victim,
            mk::NORMAL | mk::CREATES_EP => m.to,
            _ => return true,
        };
        let sq = self.board[at as usize];
        if sq == 0 {
            return true;
        }
        let kind = sq - 1;
        let victim: Player = self.v.kind_owner[kind as usize];
        if protected & (1 << victim) == 0
            || self.v.royal_kinds & bit(kind) != 0
            || !rule.zone[victim as usize].contains(at)
        {
            return true;
        }
        if !rule.unless_check {
            return false;
        }
        let me = self.to_move;
        self.probe(m, |p| p.royal_attacked_by(victim, p.friends_of(me)))
    }
}

#[cfg(test)]
mod tests {
    use crate::clauses::NonAggression;
    use dsl::rules::ast::CmpOp;

    #[test]
    fn the_seed_example_protects_black_from_white_only() {
        // White lost 2, Brown 4, Black 5 (seed 003).
        let rule = NonAggression {
            lost: Some((CmpOp::Ge, 3)),
            lead: Some((CmpOp::Ge, 3)),
            zone: Vec::new(),
            unless_check: true,
        };
        let (white, brown, black) = (2, 4, 5);
        assert!(rule.protects(black, white));
        assert!(!rule.protects(black, brown), "1 point apart");
        assert!(!rule.protects(brown, white), "2 points apart");
        assert!(!rule.protects(white, black), "White lost fewer than 3");
        assert!(!rule.protects(brown, black));
    }
}
