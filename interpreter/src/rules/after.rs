//! The after-move stage: [`super::Rules::after`], run by `make` once the move is on the
//! board, and for a position read from a string.
//!
//! Rules about the move itself (subject: the mover or the owner of what it took) run
//! before the turn passes, like the capture they react to: explosions, counters, a
//! royal captured. Rules about the position (subject: every player, or the player to
//! move) run after it, so that they see whose turn it is: `end if`, checks of every
//! opponent. A rule whose condition generates moves is skipped while a move is only
//! being tried for legality, which no such rule can change.

use super::cond::{MoveFacts, Scope};
use super::{Rule, Subject};
use crate::ids::{bit, Player};
use crate::moves::mk;
use crate::position::{Position, Undo};
use std::sync::Arc;

impl Position {
    /// The facts of the move `u` records, once made.
    pub(crate) fn facts_after(&self, u: &Undo) -> MoveFacts {
        let v = &*self.v;
        let mut removed = 0u64;
        let mut victim = None;
        let mut taken = 0;
        if u.captured != 0 && u.mv.kind != mk::CASTLE {
            let k = u.captured - 1;
            removed |= bit(k);
            let (owner, value) = v.owner_and_value(k);
            victim = Some(owner);
            taken += value;
        }
        let log = &self.removed_log[self.removed_log.len() - u.removed as usize..];
        for r in log {
            let (owner, value) = v.owner_and_value(r.kind);
            if owner != u.mover {
                removed |= bit(r.kind);
                victim.get_or_insert(owner);
                taken += value;
            }
        }
        let blasted = self.blasted_now();
        if victim.is_none() && blasted != 0 {
            victim = Some(v.kind_owner[blasted.trailing_zeros() as usize]);
        }
        MoveFacts {
            mv: u.mv,
            moved: u.moved.saturating_sub(1),
            removed,
            victim,
            taken,
            blasted,
        }
    }

    /// Runs the rules about the move itself (before the turn passes).
    #[inline]
    pub(crate) fn after_move_first(&mut self, u: &mut Undo) {
        if !self.v.rules.after.is_empty() {
            self.run_after(u, false);
        }
    }

    /// Runs the rules about the position (after the turn has passed), then the
    /// no-move rules marked `at once` for every other player.
    #[inline]
    pub(crate) fn after_move_then(&mut self, u: &mut Undo) {
        if !self.v.rules.after.is_empty() {
            self.run_after(u, true);
        }
        if self.v.rules.at_once && !self.probing && self.finish.is_none() {
            self.stuck_at_once(u);
            self.skip_eliminated_turn(u);
        }
    }

    fn run_after(&mut self, u: &mut Undo, late: bool) {
        let v = Arc::clone(&self.v);
        let is_late = |r: &Rule| matches!(r.subject, Subject::Each | Subject::Next);
        // When every rule about the position reads the material alone, for each player
        // (Extinction's `end if extinct`), a material they all failed for is remembered:
        // a move that changes no count (most moves) skips them.
        let memo = late
            && v.rules
                .after
                .iter()
                .filter(|r| is_late(r))
                .all(|r| r.material_only && r.subject == Subject::Each);
        let key = if memo { self.material_signature() } else { 0 };
        if memo && self.material_memo == Some(key) {
            self.skip_eliminated_turn(u);
            return;
        }
        let facts = self.facts_after(u);
        let mut fired = false;
        for rule in &v.rules.after {
            if self.finish.is_some() {
                return;
            }
            if late != is_late(rule) || (self.probing && rule.costly) {
                continue;
            }
            fired |= self.apply_rule(rule, u.mover, Some(facts), u);
        }
        if memo && !fired {
            self.material_memo = Some(key);
        }
        if late {
            self.skip_eliminated_turn(u);
        }
    }

    /// The material of every player and who is still in, as one key.
    fn material_signature(&self) -> u64 {
        let n = self.v.player_count();
        self.player_material[..n]
            .iter()
            .fold(self.eliminated as u64 ^ 0x51ed_270b_2f3a_8e47, |h, &k| {
                h.rotate_left(23).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ k
            })
    }

    /// Evaluates `rule` and applies its effects to the first subject it holds for; true
    /// when it held for one.
    fn apply_rule(
        &mut self,
        rule: &Rule,
        mover: Player,
        facts: Option<MoveFacts>,
        u: &mut Undo,
    ) -> bool {
        let scope = |subject: Player| Scope {
            subject,
            mover,
            facts,
        };
        match rule.subject {
            Subject::Mover => {
                let held = self.holds(&rule.cond, &scope(mover));
                if held {
                    self.apply_effects(&rule.effects, mover, mover, rule.reason, u);
                }
                held
            }
            Subject::Victim => {
                let Some(victim) = facts.and_then(|f| f.victim) else {
                    return false;
                };
                let held = self.holds(&rule.cond, &scope(victim));
                if held {
                    self.apply_effects(&rule.effects, victim, mover, rule.reason, u);
                }
                held
            }
            Subject::Next => {
                let next = self.to_move;
                let held = self.holds(&rule.cond, &scope(next));
                if held {
                    self.apply_effects(&rule.effects, next, mover, rule.reason, u);
                }
                held
            }
            Subject::Each => {
                let n = self.v.player_count();
                for i in 0..n {
                    let p = ((mover as usize + i) % n) as Player;
                    if self.is_eliminated(p) {
                        continue;
                    }
                    if self.holds(&rule.cond, &scope(p)) && self.team_holds(rule, p, &scope) {
                        self.apply_effects(&rule.effects, p, p, rule.reason, u);
                        return true;
                    }
                }
                false
            }
        }
    }

    /// With `wins when all`, whether the rule's condition also holds for every other
    /// member of `p`'s team still in.
    fn team_holds(&mut self, rule: &Rule, p: Player, scope: &impl Fn(Player) -> Scope) -> bool {
        let v = Arc::clone(&self.v);
        if v.rules.team_all & (1 << p) == 0 {
            return true;
        }
        let team = self.team_of(p);
        let out = self.eliminated;
        (0..v.player_count() as Player)
            .filter(|&q| q != p && team & (1 << q) != 0 && out & (1 << q) == 0)
            .all(|q| self.holds(&rule.cond, &scope(q)))
    }

    /// After an elimination by a rule about the position, the turn goes to the next
    /// player still in.
    fn skip_eliminated_turn(&mut self, u: &mut Undo) {
        if self.finish.is_some() || !self.turns.is_empty() || !self.is_eliminated(self.to_move) {
            return;
        }
        let next = self.next_player(self.to_move);
        if next <= self.to_move {
            self.move_number = self.move_number.saturating_add(1);
        }
        self.hash ^= self.turn_hash();
        self.to_move = next;
        self.hash ^= self.turn_hash();
        let _ = u;
    }

    /// For a position read from a string: the rules about the position that do not
    /// read a move (a king already on the hill ends the game before any move).
    pub(crate) fn after_setup(&mut self) {
        let v = Arc::clone(&self.v);
        if self.finish.is_some() || v.rules.after.iter().all(|r| r.reads_move) {
            return;
        }
        let n = v.player_count();
        let mover = (0..n)
            .map(|i| ((self.to_move as usize + n - 1 - i) % n) as Player)
            .find(|&p| !self.is_eliminated(p))
            .unwrap_or(self.to_move);
        let mut u = self.fresh_undo(crate::Move::pass());
        for rule in &v.rules.after {
            if self.finish.is_some() {
                break;
            }
            if rule.reads_move || !matches!(rule.subject, Subject::Each | Subject::Next) {
                continue;
            }
            self.apply_rule(rule, mover, None, &mut u);
        }
    }
}
