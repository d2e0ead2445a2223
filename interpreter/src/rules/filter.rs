//! The move-filter stage and the one legal-move pipeline every caller uses.
//!
//! Pseudo-legal moves of a player go through, in this order: the move a mine refused
//! (it may not be repeated), the `forbid` filters, the check rule (`legality.rs`), then
//! the `must` filters. A filter's condition is about the mover and the move as it is
//! about to be made: the move's own facts (what it captures, which piece, where), lost
//! points and counters are read before it; facts about the position after it (`gives
//! check`, `check`, piece counts) are asked by trying the move.

use super::cond::{Cond, Scope};
use super::Whose;
use crate::ids::{bit, Player};
use crate::moves::{mk, Move, MoveList};
use crate::position::Position;
use std::sync::Arc;

/// [`super::Filter::needs`]: the condition holds only for promotions.
pub(crate) const NEEDS_PROMOTION: u8 = 1;
/// ... only for drops.
pub(crate) const NEEDS_DROP: u8 = 2;
/// ... only for castles.
pub(crate) const NEEDS_CASTLE: u8 = 4;

/// The kinds of move `c` can hold for only: its own move-kind fact, or those of the
/// conjuncts of an `and`.
pub(crate) fn needs(c: &Cond) -> u8 {
    match c {
        Cond::Promotes => NEEDS_PROMOTION,
        Cond::Drops => NEEDS_DROP,
        Cond::Castles => NEEDS_CASTLE,
        Cond::And(cs) => cs.iter().fold(0, |n, c| n | needs(c)),
        _ => 0,
    }
}

/// The `NEEDS_*` bits of move `m`'s kind.
#[inline(always)]
fn kind_of(m: &Move) -> u8 {
    (if m.promotion().is_some() {
        NEEDS_PROMOTION
    } else {
        0
    }) | if m.kind == mk::DROP { NEEDS_DROP } else { 0 }
        | if m.kind == mk::CASTLE {
            NEEDS_CASTLE
        } else {
            0
        }
}

/// The `NEEDS_*` bits of the kinds of move `list` holds.
fn kinds_in(list: &MoveList) -> u8 {
    list.iter().fold(0, |k, m| k | kind_of(m))
}

impl Position {
    /// Keeps the moves of `list` (pseudo-legal moves of `player`) that the rules allow.
    pub(crate) fn filter_rules(&mut self, player: Player, list: &mut MoveList) {
        if let Some(i) = self.lone_cheap_must(list) {
            self.filter_must_first(i, player, list);
            return;
        }
        self.forbid_and_check(player, list);
        // Cloning the variant's `Arc` costs two atomic operations: only when a filter
        // needs the rules while the position changes.
        if self.v.rules.filters.is_empty() {
            return;
        }
        let v = Arc::clone(&self.v);
        let present = kinds_in(list);
        let nested = self.in_can;
        for f in v
            .rules
            .filters
            .iter()
            .filter(|f| f.must && f.needs & !present == 0 && !(f.costly && nested))
        {
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

    /// The one `must` filter that applies to `list`, when there is exactly one and its
    /// condition is read from the move alone (`must drops`): then
    /// [`Position::filter_must_first`] gives the same list for less work.
    fn lone_cheap_must(&self, list: &MoveList) -> Option<usize> {
        let filters = &self.v.rules.filters;
        if !filters.iter().any(|f| f.must) {
            return None;
        }
        let present = kinds_in(list);
        let nested = self.in_can;
        let explodes = self.v.rules.explodes;
        let mut found = None;
        for (i, f) in filters.iter().enumerate() {
            if f.must && f.needs & !present == 0 && !(f.costly && nested) {
                if found.is_some() || f.cond.reads_after(explodes) {
                    return None;
                }
                found = Some(i);
            }
        }
        found
    }

    /// The pipeline with the `must` filter `i` first: the moves it keeps go through the
    /// `forbid` filters and the check rule; only when none is left do the others. The
    /// filters judge each move alone, so this is the list the usual order gives, but a
    /// Sittuyin placement move no longer tests every in-place promotion the `must
    /// drops` rule throws away.
    fn filter_must_first(&mut self, i: usize, player: Player, list: &mut MoveList) {
        let v = Arc::clone(&self.v);
        let cond = &v.rules.filters[i].cond;
        let mut others = std::mem::take(&mut self.must_scratch);
        others.clear();
        let mut w = 0;
        for r in 0..list.len() {
            let m = list[r];
            if self.filter_holds(cond, m, player) {
                list.set(w, m);
                w += 1;
            } else {
                others.push(m);
            }
        }
        list.truncate(w);
        self.forbid_and_check(player, list);
        if list.is_empty() {
            std::mem::swap(list, &mut others);
            self.forbid_and_check(player, list);
        }
        others.clear();
        self.must_scratch = others;
    }

    /// The `forbid` filters, then the check rule.
    fn forbid_and_check(&mut self, player: Player, list: &mut MoveList) {
        self.forbid_filtered(player, list);
        if self.v.rules.transfer.is_some() {
            self.transfers_filtered(player, list);
        }
        if self.check_applies(player) {
            self.filter_legal(player, list);
        }
    }

    /// Drops the moves whose transfer (`transfer through MAP`) would land a piece on
    /// an occupied image: Alice chess's rule that the cell on the other board must be
    /// empty.
    #[inline(never)]
    fn transfers_filtered(&mut self, player: Player, list: &mut MoveList) {
        let v = Arc::clone(&self.v);
        let Some((cond, map)) = &v.rules.transfer else {
            return;
        };
        let map = *map as usize;
        self.retain(list, |p, m| {
            if !p.transfer_blocked(m, map) {
                return true;
            }
            let scope = Scope {
                subject: player,
                mover: player,
                facts: Some(p.facts_before(m)),
            };
            !p.holds_now(cond, &scope)
        });
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
        let needs_any = v.rules.filters.iter().any(|f| f.needs != 0);
        let present = if needs_any { kinds_in(list) } else { 0 };
        let (counting, nested) = (self.perft_counting, self.in_can);
        let applies = |f: &&super::Filter| {
            !f.must
                && f.needs & !present == 0
                && !(f.in_play && (counting || nested))
                && !(f.costly && nested)
        };
        for f in v.rules.filters.iter().filter(applies) {
            if let Cond::GivesCheck(whose) = f.cond {
                self.forbid_checks(whose, player, list);
                continue;
            }
            // A move of a kind the condition does not hold for (a quiet move under
            // `forbid promotes and ...`) is kept without reading the condition.
            let needs = f.needs;
            self.retain(list, |p, m| {
                needs & !kind_of(&m) != 0 || !p.filter_holds(&f.cond, m, player)
            });
        }
    }

    /// `forbid gives check` (Racing Kings): the players it is about are found once
    /// for the list, and each move is read from the check cells when they can tell.
    fn forbid_checks(&mut self, whose: Whose, player: Player, list: &mut MoveList) {
        let cond = Cond::GivesCheck(whose);
        let scope = Scope {
            subject: player,
            mover: player,
            facts: None,
        };
        let set = self.players_of(whose, &scope) & !(1 << player);
        self.retain(list, |p, m| {
            let fast = if p.checks_on_board(m, player, whose) {
                p.gives_check_fast(m, player, set)
            } else {
                None
            };
            match fast {
                Some(check) => !check,
                None => !p.filter_holds(&cond, m, player),
            }
        });
    }

    /// True when a `refuse` rule takes `m`, a move perft counts here, out of play: the
    /// moves perft counts are those of [`Position::every_move`] and these.
    pub fn refuses(&mut self, m: Move) -> bool {
        let v = Arc::clone(&self.v);
        let mover = self.mover(m);
        v.rules
            .filters
            .iter()
            .filter(|f| f.in_play)
            .any(|f| self.filter_holds(&f.cond, m, mover))
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
            // Facts of the move alone, read without gathering the others (a filter
            // such as `forbid promotes and ...` asks them of every move).
            Cond::Promotes => m.promotion().is_some(),
            Cond::Drops => m.kind == mk::DROP,
            Cond::Castles => m.kind == mk::CASTLE,
            // What the move takes, read without gathering the other facts (`must
            // captures` asks it of every move).
            Cond::Captures(kinds) if !explodes => {
                let sq = self.taken_by(m);
                sq != 0 && kinds & bit(sq - 1) != 0
            }
            Cond::GivesCheck(whose) if self.checks_on_board(m, mover, *whose) => {
                let scope = Scope {
                    subject: mover,
                    mover,
                    facts: None,
                };
                let set = self.players_of(*whose, &scope) & !(1 << mover);
                match self.gives_check_fast(m, mover, set) {
                    Some(check) => check,
                    None => self.gives_check_on_board(m, mover, set),
                }
            }
            c if !c.reads_after(explodes) => {
                let scope = Scope {
                    subject: mover,
                    mover,
                    facts: Some(self.facts_before(m)),
                };
                self.holds(c, &scope)
            }
            // Piece counts after an ordinary move and what its piece attacks, read
            // without making it.
            Cond::Threatens(kinds) if let Some(x) = self.threatens_after(m, *kinds) => x,
            Cond::Cmp(a, op, b) if let Some(x) = self.compare_after(a, *op, b, m, mover) => x,
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

    /// True when whether `m` gives check can be read on the board alone
    /// ([`Position::gives_check_on_board`]): an ordinary move or drop that captures no
    /// royal, in a variant whose after-move rules leave the board and its control as
    /// the move left them, whose mover's pieces are all seen by the attack tables, and
    /// a `whose` that does not depend on the position after the move.
    fn checks_on_board(&self, m: Move, mover: Player, whose: Whose) -> bool {
        let v = &*self.v;
        let target = self.board[m.to as usize];
        !self.by_making
            && matches!(whose, Whose::Others | Whose::All | Whose::Player(_))
            && matches!(m.kind, mk::NORMAL | mk::CREATES_EP | mk::DROP)
            && m.gate().is_none()
            && !v.rules.after_changes_board
            && v.rules.mines.is_none()
            && (target == 0 || v.royal_kinds & bit(target - 1) == 0)
            && self.friends_of(mover) & self.present & v.tables.irregular == 0
    }

    /// Whether `mover`'s move `m` attacks a royal of the players of `set` (`gives
    /// check`), read by lifting the piece and putting it down (as it promotes), not by
    /// making the move.
    fn gives_check_on_board(&mut self, m: Move, mover: Player, set: u32) -> bool {
        let (from, to) = (m.from as usize, m.to as usize);
        let (was_from, was_to, was_present) = (self.board[from], self.board[to], self.present);
        let Some(moved) = self.landing_kind(m, mover) else {
            return false;
        };
        self.board[from] = 0;
        self.board[to] = moved + 1;
        self.present |= bit(moved);
        let mine = self.friends_of(mover);
        let check = (0..self.v.player_count() as Player)
            .any(|p| set & (1 << p) != 0 && self.royal_attacked_by(p, mine));
        self.present = was_present;
        self.board[to] = was_to;
        self.board[from] = was_from;
        check
    }

    /// Whether the check rule's `unless` condition, one about the move alone (see
    /// [`Cond::reads_after`]), lets `me`'s move `m` leave a royal attacked: read before
    /// the move is made.
    pub(crate) fn unless_holds_before(&self, me: Player, m: Move) -> bool {
        let Some(c) = &self.v.rules.unless else {
            return false;
        };
        // The move's facts would say it removes nothing.
        if self.v.rules.unless_needs_capture && self.taken_by(m) == 0 {
            return false;
        }
        let scope = Scope {
            subject: me,
            mover: me,
            facts: Some(self.facts_before(m)),
        };
        self.holds_now(c, &scope)
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
