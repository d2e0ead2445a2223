//! Who gives a checkmate, and whether a player could move at all: the questions of
//! `checkmate by one|many` and `check all opponents and mate`.
//!
//! Both are asked rarely (at a mate, or after a move that checks every opponent), so
//! they try moves one by one with `make`/`unmake` instead of using the legality
//! shortcuts, whose scratch state (pins, block cells) may be in use by a caller.
//! Moves tried here are *probes*: `make` skips the after-move rules that generate
//! moves during them, since a probe only asks whether the mover's royal is left
//! attacked.

use crate::ids::Player;
use crate::moves::MoveList;
use crate::position::Position;

impl Position {
    /// The moves the rules let the player to move try: pseudo-legal moves without the
    /// ones the `forbid` filters refuse.
    pub(crate) fn rule_moves(&mut self, list: &mut MoveList) {
        list.clear();
        self.gen_pseudo(list);
        let me = self.to_move;
        self.forbid_filtered(me, list);
    }

    /// How many moves this position (and the positions cloned from it since) made
    /// and unmade to test them: legality tests that the attack tables could not
    /// decide on the board alone, and rules that look at the position after a move
    /// (`gives check`, `forbid` and `must` conditions on the result). The benchmarks
    /// report it per variant: the fewer, the faster.
    pub fn probe_count(&self) -> u64 {
        self.probes
    }

    /// Makes `m` as a probe, asks `test` about the position after it, and takes the
    /// move back.
    #[inline]
    pub(crate) fn probe<T>(&mut self, m: crate::Move, test: impl FnOnce(&mut Position) -> T) -> T {
        let was = self.probing;
        self.probing = true;
        self.probes += 1;
        self.make(m);
        let answer = test(self);
        self.unmake();
        self.probing = was;
        answer
    }

    /// The opponent whose pieces alone mate the player to move `me` (who is in check
    /// and has no legal move): the other opponents' pieces are blockers that attack
    /// nothing, and still no move of `me` escapes. The first such opponent after `me`
    /// in turn order; `None` when the mate needs several opponents.
    pub(crate) fn lone_mater(&mut self, me: Player) -> Option<Player> {
        let n = self.v.player_count();
        let mut list = MoveList::new();
        self.rule_moves(&mut list);
        for i in 1..n {
            let o = ((me as usize + i) % n) as Player;
            if self.is_eliminated(o) || self.team_of(me) & (1 << o) != 0 {
                continue;
            }
            let kinds = self.friends_of(o);
            if !self.royal_attacked_by(me, kinds) {
                continue;
            }
            let escapes = list
                .iter()
                .any(|&m| self.probe(m, |p| !p.royal_attacked_by(me, kinds) || p.unless_holds(me)));
            if !escapes {
                return Some(o);
            }
        }
        None
    }

    /// True when `player` would have no legal move if it were his turn now (a pass
    /// does not count as a move).
    pub(crate) fn without_moves(&mut self, player: Player) -> bool {
        let me = self.to_move;
        let keys = &self.v.keys;
        self.hash ^= keys.to_move(me) ^ keys.to_move(player);
        self.to_move = player;
        let mut list = MoveList::new();
        self.rule_moves(&mut list);
        let none = if self.check_applies(player) {
            let mut cells = [0; 8];
            let royals = self.royals_of(player, &mut cells);
            !list.iter().any(|&m| {
                self.probe(m, |p| {
                    p.royals_kept(player, royals)
                        && (!p.royal_attacked(player) || p.unless_holds(player))
                })
            })
        } else {
            list.is_empty()
        };
        let keys = &self.v.keys;
        self.hash ^= keys.to_move(me) ^ keys.to_move(player);
        self.to_move = me;
        none
    }
}
