//! The move-filter stage and the one legal-move pipeline every caller uses.
//!
//! Pseudo-legal moves of a player go through, in this order: the move a mine refused
//! (it may not be repeated), the `forbid` filters, the check rule (`legality.rs`), then
//! the `must` filters. A filter's condition is about the mover and the move as it is
//! about to be made: the move's own facts (what it captures, which piece, where), lost
//! points and counters are read before it; facts about the position after it (`gives
//! check`, `check`, piece counts) are asked by trying the move.

use super::cond::{Cond, Scope};
use crate::ids::Player;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use std::sync::Arc;

impl Position {
    /// Keeps the moves of `list` (pseudo-legal moves of `player`) that the rules allow.
    pub(crate) fn filter_rules(&mut self, player: Player, list: &mut MoveList) {
        self.forbid_filtered(player, list);
        if self.check_applies(player) {
            self.filter_legal(player, list);
        }
        // Cloning the variant's `Arc` costs two atomic operations: only when a filter
        // needs the rules while the position changes.
        if self.v.rules.filters.is_empty() {
            return;
        }
        let v = Arc::clone(&self.v);
        for f in v.rules.filters.iter().filter(|f| f.must) {
            let mut any = false;
            for &m in list.iter() {
                if self.filter_holds(&f.cond, m, player) {
                    any = true;
                    break;
                }
            }
            if any {
                self.retain(list, |p, m| p.filter_holds(&f.cond, m, player));
            }
        }
    }

    /// The first part of the pipeline: drops the move a mine refused and the moves the
    /// `forbid` filters refuse.
    #[inline]
    pub(crate) fn forbid_filtered(&mut self, player: Player, list: &mut MoveList) {
        if self.refused.is_some() {
            self.drop_refused(list);
        }
        if self.v.rules.filters.is_empty() {
            return;
        }
        let v = Arc::clone(&self.v);
        for f in v.rules.filters.iter().filter(|f| !f.must) {
            self.retain(list, |p, m| !p.filter_holds(&f.cond, m, player));
        }
    }

    /// Keeps the moves `keep` says yes to, in order.
    fn retain(&mut self, list: &mut MoveList, mut keep: impl FnMut(&mut Position, Move) -> bool) {
        let mut w = 0;
        for r in 0..list.len() {
            let m = list[r];
            if keep(self, m) {
                list.set(w, m);
                w += 1;
            }
        }
        list.truncate(w);
    }

    /// Whether `mover`'s move `m` meets filter condition `c`.
    fn filter_holds(&mut self, c: &Cond, m: Move, mover: Player) -> bool {
        let explodes = self.v.rules.explodes;
        match c {
            Cond::Not(c) => !self.filter_holds(c, m, mover),
            Cond::And(cs) => cs.iter().all(|c| self.filter_holds(c, m, mover)),
            Cond::Or(cs) => cs.iter().any(|c| self.filter_holds(c, m, mover)),
            c if !c.reads_after(explodes) => {
                let scope = Scope {
                    subject: mover,
                    mover,
                    facts: Some(self.facts_before(m)),
                };
                self.holds(c, &scope)
            }
            c => self.probe(m, |p| {
                let facts = p.undo.last().map(|u| p.facts_after(u));
                let scope = Scope {
                    subject: mover,
                    mover,
                    facts,
                };
                p.holds(c, &scope)
            }),
        }
    }

    /// Whether the check rule's `unless` lets `me`'s move, just made, leave a royal
    /// attacked.
    pub(crate) fn unless_holds(&mut self, me: Player) -> bool {
        let v = Arc::clone(&self.v);
        let Some(c) = &v.rules.unless else {
            return false;
        };
        let facts = self.undo.last().map(|u| self.facts_after(u));
        let scope = Scope {
            subject: me,
            mover: me,
            facts,
        };
        self.holds(c, &scope)
    }
}
