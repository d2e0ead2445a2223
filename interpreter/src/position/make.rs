//! `make` and `unmake`: apply a generated move and take it back exactly.
//!
//! Neither allocates once the stacks have grown. `make` records everything it
//! changes in an [`Undo`]; `unmake` restores the hash from the record instead of
//! recomputing it.

use super::{EpEntry, Position, Undo};
use crate::ids::{bit, Cell, Kind, Player};
use crate::moves::{mk, Move};

impl Position {
    /// The undo record of `mv` before anything changes: the state every move and
    /// every chosen end (resignation, agreed draw) restores.
    pub(crate) fn fresh_undo(&self, mv: Move) -> Undo {
        let me = self.to_move;
        Undo {
            mv,
            moved: 0,
            captured: 0,
            cap_cell: mv.to,
            cap_slot: 0,
            from_slot: 0,
            virgin: 0,
            ep_removed: 0,
            ep_added: false,
            ctl_changes: 0,
            removed: 0,
            counter_changes: 0,
            transfers: 0,
            quiet: self.quiet,
            reversible: self.reversible,
            hash: self.hash,
            to_move: me,
            mover: me,
            track: 0,
            cursor: self.cursor,
            wrapped: false,
            eliminated: self.eliminated,
            move_number: self.move_number,
            finished: false,
            to_hand: 0,
            handed: false,
            from_origin: 0,
            cap_origin: 0,
        }
    }

    /// Plays `mv`, which must come from this position's legal moves (or its
    /// pseudo-legal moves, for legality tests). Use [`Position::play`] for moves
    /// from outside.
    ///
    /// # Panics
    ///
    /// May panic, or leave the position inconsistent, when `mv` was generated for
    /// another position.
    pub fn make(&mut self, mv: Move) {
        let (me, track) = self.mover_of(mv);
        let mut u = self.fresh_undo(mv);
        (u.mover, u.track) = (me, track as u8);
        if self.v.rules.mines.is_some() && self.mine_refuse(mv, &u) {
            return;
        }
        // A forced pass applies the no-move rule, which asks about the position as it
        // is; a wait (turn tracks) only lets the next track have its turn, and a
        // voluntary pass (`allow pass`) only passes.
        let no_move = (mv.kind == mk::PASS && mv.aux == 0).then(|| self.no_move());
        self.history.push(self.hash);
        self.hash ^= self.turn_hash();
        self.to_move = me;
        let mut reset_quiet = false;
        let mut irreversible = false;
        let mut new_ep = None;
        let mut cap_cell = None;
        match mv.kind {
            mk::PASS => {
                if let Some(no_move) = no_move {
                    self.pass_effects(no_move, &mut u);
                }
            }
            mk::CASTLE => {
                let [kf, kt, rf, rt] = self.v.castle_cells(mv);
                if self.virgin.remove(kf) {
                    u.virgin |= 1;
                    self.hash ^= self.v.keys.virgin(kf);
                }
                if self.virgin.remove(rf) {
                    u.virgin |= 4;
                    self.hash ^= self.v.keys.virgin(rf);
                }
                u.moved = self.board[kf as usize];
                u.from_slot = self.slot[kf as usize];
                u.captured = self.board[rf as usize];
                u.cap_slot = self.slot[rf as usize];
                let kk = self.remove(kf);
                let rk = self.remove(rf);
                self.restore(rt, rk, u.cap_slot);
                self.restore(kt, kk, u.from_slot);
            }
            mk::DROP => {
                let kind = mv.aux as Kind;
                self.hand_take(kind);
                self.add(mv.to, kind);
                u.moved = kind + 1;
                // A drop is never undone by moves (as Fairy-Stockfish counts it):
                // it resets the quiet-move count and the repetition window.
                reset_quiet = true;
                irreversible = true;
            }
            _ => {
                let (from, to) = (mv.from, mv.to);
                let sq = self.board[from as usize];
                let kind = sq - 1;
                u.moved = sq;
                let at = if mv.kind == mk::EP_CAPTURE {
                    self.ep[mv.aux as usize].victim
                } else {
                    to
                };
                // A promotion in place (`to == from`) takes nothing.
                let target = if at == from {
                    0
                } else {
                    self.board[at as usize]
                };
                if target != 0 {
                    u.captured = target;
                    u.cap_cell = at;
                    u.cap_slot = self.slot[at as usize];
                    let ck = self.remove(at);
                    if self.virgin.remove(at) {
                        u.virgin |= 2;
                        self.hash ^= self.v.keys.virgin(at);
                    }
                    if self.v.hands.captures {
                        self.capture_to_hand(ck, at, me, &mut u);
                    }
                    let (owner, value) = self.v.owner_and_value(ck);
                    self.add_lost(owner, value);
                    cap_cell = Some(at);
                    reset_quiet = true;
                    irreversible = true;
                }
                if self.virgin.remove(from) {
                    u.virgin |= 1;
                    self.hash ^= self.v.keys.virgin(from);
                }
                if self.v.hands.captures {
                    self.carry_origin(kind, from, to, mv.promotion(), &mut u);
                }
                // With teams on turn tracks, a piece arriving where a partner plays
                // passes to him (`compile::tracks`).
                let owner = self.v.kind_owner[kind as usize];
                let heir = self.v.heir(owner, to);
                match mv.promotion() {
                    Some(t) => {
                        // Irreversible, and a reset of the quiet count even for a piece
                        // that is no pawn (Shogi's silver), as Fairy-Stockfish counts.
                        irreversible = true;
                        reset_quiet = true;
                        u.from_slot = self.slot[from as usize];
                        self.remove(from);
                        self.add(to, self.v.kind(t, heir));
                    }
                    None if heir != owner => {
                        u.from_slot = self.slot[from as usize];
                        u.handed = true;
                        self.remove(from);
                        self.add(to, self.v.kind(self.v.kind_type[kind as usize], heir));
                    }
                    None => self.relocate(from, to),
                }
                reset_quiet |= self.v.pawn_kinds & bit(kind) != 0;
                if mv.kind == mk::CREATES_EP {
                    new_ep = Some(EpEntry {
                        path: mv.aux,
                        victim: to,
                        creator: me,
                    });
                }
            }
        }
        if let Some(gate) = mv.gate() {
            // The hand changed: no earlier position comes back.
            self.open_gate(mv, gate, me);
            irreversible = true;
        }
        let again = self.v.rules.mines.is_some() && {
            let again = self.mine_entered(mv, &mut u);
            let blasted = self.board[mv.to as usize] == 0 && mv.kind != mk::PASS;
            reset_quiet |= blasted;
            irreversible |= blasted;
            again
        };
        if new_ep.is_some() || !self.ep.is_empty() {
            self.update_ep(&mut u, me, new_ep, cap_cell);
        }
        if mv.kind != mk::PASS {
            self.after_move_first(&mut u);
        }
        self.quiet = if reset_quiet {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        self.reversible = if irreversible {
            0
        } else {
            self.reversible.saturating_add(1)
        };
        self.ply = self.ply.saturating_add(1);
        self.end_turn(me, track, again || mv.is_wait(), &mut u);
        if let Some(e) = new_ep.filter(|_| u.ep_added) {
            if !self.ep_worth_keeping(e) {
                self.ep.retain(|x| *x != e);
                self.hash ^= e.key(&self.v);
                u.ep_added = false;
            }
        }
        self.after_move_then(&mut u);
        if self.v.rules.announce != 0 {
            self.announce_move(&u);
        }
        self.undo.push(u);
    }

    /// Who makes `mv` and on which turn track: the player to move, or with turn tracks
    /// the player to move on the track of the cell the move starts from (a pass or a
    /// castle: the scheduled track; a castle starts on its king's cell).
    #[inline]
    pub(crate) fn mover_of(&self, mv: Move) -> (Player, usize) {
        if self.turns.is_empty() {
            return (self.to_move, 0);
        }
        let track = match mv.kind {
            mk::PASS => self.cursor as usize,
            mk::CASTLE => self.v.track_of(mv.from),
            _ => self.v.track_of(mv.from),
        };
        (self.turns[track], track)
    }

    /// Passes the turn after `me` moved on `track` (`stay`: the same player moves
    /// again, or a wait that only moves the schedule on), and hashes the new turn.
    /// The hash must not hold the old turn any more (`turn_hash` xored out).
    #[inline]
    pub(super) fn end_turn(&mut self, me: Player, track: usize, stay: bool, u: &mut Undo) {
        if self.turns.is_empty() {
            let next = if stay { me } else { self.next_player(me) };
            if next <= me && !stay {
                self.move_number = self.move_number.saturating_add(1);
            }
            self.to_move = next;
        } else {
            let (next, wrapped) = if stay {
                (me, false)
            } else {
                self.next_on_track(me, track)
            };
            if wrapped {
                self.track_moves[track] = self.track_moves[track].saturating_add(1);
                u.wrapped = true;
            }
            self.turns[track] = next;
            self.cursor = ((track + 1) % self.turns.len()) as u8;
            self.move_number = self.track_moves.iter().copied().min().unwrap_or(1);
            self.to_move = self.turns[self.cursor as usize];
        }
        self.hash ^= self.turn_hash();
    }

    /// Adds `value` to the points `owner` has lost (hashed when a rule reads them).
    #[inline]
    pub(crate) fn add_lost(&mut self, owner: Player, value: i64) {
        let old = self.lost[owner as usize];
        self.lost[owner as usize] = old + value;
        if self.v.rules.reads_lost() {
            let k = &self.v.keys;
            self.hash ^= k.lost(owner, old) ^ k.lost(owner, old + value);
        }
    }

    /// Takes back the last move made; `None` when there is none.
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        let mv = u.mv;
        if u.removed != 0 || u.counter_changes != 0 || u.transfers != 0 {
            self.unmake_effects(&u);
        }
        if self.v.rules.mines.is_some() && self.mine_unmake(&u) {
            return Some(mv);
        }
        if u.ctl_changes != 0 {
            for _ in 0..u.ctl_changes {
                if let Some((i, old)) = self.ctl_log.pop() {
                    self.control[i as usize] = old;
                }
            }
            self.recount_control();
        }
        self.eliminated = u.eliminated;
        if u.finished {
            self.finish = None;
        }
        if u.ep_added {
            if let Some(i) = self.ep.iter().position(|e| e.creator == u.mover) {
                self.ep.remove(i);
            }
        }
        for _ in 0..u.ep_removed {
            if let Some(e) = self.ep_log.pop() {
                self.insert_ep(e);
            }
        }
        if let Some((_, on_partner)) = mv.gate() {
            self.close_gate(mv, on_partner);
        }
        match mv.kind {
            mk::PASS => {}
            mk::DROP => {
                let kind = self.remove(mv.to);
                self.hand[kind as usize] += 1;
            }
            mk::CASTLE => {
                let [kf, kt, rf, rt] = self.v.castle_cells(mv);
                let kk = self.remove(kt);
                let rk = self.remove(rt);
                self.restore(rf, rk, u.cap_slot);
                self.restore(kf, kk, u.from_slot);
                if u.virgin & 1 != 0 {
                    self.virgin.insert(kf);
                }
                if u.virgin & 4 != 0 {
                    self.virgin.insert(rf);
                }
            }
            _ => {
                if mv.promotion().is_some() || u.handed {
                    self.remove(mv.to);
                    self.restore(mv.from, u.moved - 1, u.from_slot);
                } else {
                    self.relocate(mv.to, mv.from);
                }
                if !self.origin.is_empty() {
                    self.origin[mv.to as usize] = 0;
                    self.origin[mv.from as usize] = u.from_origin;
                    self.origin[u.cap_cell as usize] = u.cap_origin;
                }
                if u.to_hand != 0 {
                    self.hand[u.to_hand as usize - 1] -= 1;
                }
                if u.captured != 0 {
                    let ck: Kind = u.captured - 1;
                    self.restore(u.cap_cell, ck, u.cap_slot);
                    let (owner, value) = self.v.owner_and_value(ck);
                    self.lost[owner as usize] -= value;
                }
                if u.virgin & 1 != 0 {
                    self.virgin.insert(mv.from);
                }
                if u.virgin & 2 != 0 {
                    self.virgin.insert(u.cap_cell);
                }
            }
        }
        self.quiet = u.quiet;
        self.reversible = u.reversible;
        self.ply = self.ply.saturating_sub(1);
        if self.v.rules.announce != 0 {
            self.unannounce();
        }
        self.move_number = u.move_number;
        self.to_move = u.to_move;
        if !self.turns.is_empty() {
            self.turns[u.track as usize] = u.mover;
            self.cursor = u.cursor;
            if u.wrapped {
                self.track_moves[u.track as usize] -= 1;
            }
        }
        self.hash = u.hash;
        self.history.pop();
        Some(mv)
    }

    /// Expires en-passant entries and adds the new one.
    fn update_ep(&mut self, u: &mut Undo, me: Player, new: Option<EpEntry>, cap: Option<Cell>) {
        if !self.ep.is_empty() {
            let round = self.v.rules.ep_round;
            let mut i = 0;
            while i < self.ep.len() {
                let e = self.ep[i];
                let expired = !round
                    || e.creator == me
                    || self.eliminated & (1 << e.creator) != 0
                    || cap == Some(e.victim);
                if expired {
                    self.ep.remove(i);
                    self.hash ^= e.key(&self.v);
                    self.ep_log.push(e);
                    u.ep_removed += 1;
                } else {
                    i += 1;
                }
            }
        }
        if let Some(e) = new {
            self.hash ^= e.key(&self.v);
            self.insert_ep(e);
            u.ep_added = true;
        }
    }

    /// Inserts an entry keeping the order by creator.
    pub(crate) fn insert_ep(&mut self, e: EpEntry) {
        let at = self
            .ep
            .iter()
            .position(|x| x.creator > e.creator)
            .unwrap_or(self.ep.len());
        self.ep.insert(at, e);
    }

    /// The next player in turn order who is not eliminated (`me` if none).
    pub(crate) fn next_player(&self, me: Player) -> Player {
        let n = self.v.player_count();
        (1..=n)
            .map(|i| ((me as usize + i) % n) as Player)
            .find(|&p| self.eliminated & (1 << p) == 0)
            .unwrap_or(me)
    }

    /// Sets who controls `owner`'s pieces in region `region`, logging the change.
    pub(crate) fn set_control(&mut self, owner: Player, region: usize, to: Player, u: &mut Undo) {
        let i = owner as usize * self.v.regions + region;
        let old = self.control[i];
        if old == to {
            return;
        }
        let k = &self.v.keys;
        if old != owner {
            self.hash ^= k.control(owner, region, old);
        }
        if to != owner {
            self.hash ^= k.control(owner, region, to);
        }
        self.ctl_log.push((i as u16, old));
        self.control[i] = to;
        self.recount_control();
        u.ctl_changes += 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    /// Makes `mv` and unmakes it: everything comes back, including the hash.
    fn round_trip(fen: &str, mv: &str) -> String {
        let v = chess();
        let mut p = Position::from_str(&v, fen).unwrap();
        let before = (p.to_string(), p.hash(), p.lost_points(0), p.lost_points(1));
        let m = p.parse_long(mv).unwrap();
        p.make(m);
        p.debug_validate().unwrap();
        let after = p.to_string();
        assert_eq!(p.unmake(), Some(m));
        assert_eq!(
            (p.to_string(), p.hash(), p.lost_points(0), p.lost_points(1)),
            before
        );
        p.debug_validate().unwrap();
        after
    }

    #[test]
    fn special_moves_make_and_unmake() {
        assert_eq!(
            round_trip("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1"),
            "r3k2r/8/8/8/8/8/8/2KR3R b a8,e8,h8,h1 - 1 1"
        );
        assert_eq!(
            round_trip("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"),
            "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2"
        );
        assert_eq!(
            round_trip("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 9", "a7b8r"),
            "1R2k3/8/8/8/8/8/8/4K3 b - - 0 9"
        );
        assert_eq!(
            round_trip("4k3/8/8/8/8/8/4P3/4K3 w - - 7 9", "e2e4"),
            "4k3/8/8/8/4P3/8/8/4K3 b - - 0 9"
        );
        assert_eq!(
            round_trip("4k3/8/8/8/3p4/8/4P3/4K3 w - - 7 9", "e2e4"),
            "4k3/8/8/8/3pP3/8/8/4K3 b - e3>e4 0 9"
        );
    }

    #[test]
    fn captures_count_lost_points() {
        let v = chess();
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").unwrap();
        let m = p.parse_long("e1d2").unwrap();
        p.make(m);
        assert_eq!(p.lost_points(1), 9);
        p.unmake();
        assert_eq!(p.lost_points(1), 0);
        assert_eq!(p.unmake(), None);
    }

    #[test]
    fn only_the_last_royal_captured_ends_the_game() {
        use crate::{EndReason, Outcome, Score};
        let rules = |check: &str| {
            format!(
                "board \"b\"\nplayer white\nplayer black\n\
                 piece king K royal {{\n step n e s w\n}}\n\
                 piece rook R {{\n slide n e s w\n}}\n\
                 setup white: K a1 h1\nsetup black: K a8, R d4\n\
                 check {check}\nend last royal captured: lose\n"
            )
        };
        let board = crate::testing::CHESS_BOARD;
        let v = crate::testing::compile(&rules("when royals <= 1"), board).unwrap();
        // Black takes one of White's two kings: the game goes on.
        let mut p = Position::from_str(&v, "k7/8/8/8/8/8/8/K2r3K b - - 0 1").unwrap();
        let m = p.parse_long("d1h1").unwrap();
        p.make(m);
        assert_eq!(p.outcome(), Outcome::Ongoing, "{p}");
        // White has one king now: the check rule holds, the king must leave rank 1.
        let moves: Vec<String> = p.legal_moves().iter().map(|&m| p.long(m)).collect();
        assert_eq!(moves, ["a1a2"]);
        // Without a check rule, taking the last king ends the game.
        let v = crate::testing::compile(&rules("never"), board).unwrap();
        let mut q = Position::from_str(&v, "k7/8/8/8/8/8/8/K6r b - - 0 1").unwrap();
        let before = q.to_string();
        let m = q.parse_long("h1a1").unwrap();
        q.make(m);
        assert_eq!(
            q.outcome(),
            Outcome::Finished {
                reason: EndReason::RoyalCaptured,
                scores: vec![Score::Loss, Score::Win],
            }
        );
        q.unmake();
        assert_eq!(q.to_string(), before);
    }
}
