//! The referee of games with hidden pieces (`announce captures, checks, attempts`):
//! what every player hears after a move (a capture and where, a check and the line it
//! comes along), and attempts: a player who sees only his own pieces (Kriegspiel) tries
//! moves; an illegal one is announced, remembered for the turn, and he tries again.
//!
//! Announcements made by a move are taken back by its `unmake`; attempts belong to
//! the turn they were made in (their `ply`), so they come back with it.

use super::mined::{Announcement, RefereeEvent};
use super::{Position, Undo};
use crate::ids::{bit, Cell, Dir, Player};
use crate::moves::{mk, Move, MoveList};
use crate::rules::{ANNOUNCE_ATTEMPTS, ANNOUNCE_CAPTURES, ANNOUNCE_CHECKS};

impl Position {
    /// After `make`: the announcements of the move `u` records (not while probing).
    pub(crate) fn announce_move(&mut self, u: &Undo) {
        let what = self.v.rules.announce;
        if what & (ANNOUNCE_CAPTURES | ANNOUNCE_CHECKS) == 0 || self.probing {
            return;
        }
        let ply = self.ply.saturating_sub(1);
        if what & ANNOUNCE_CAPTURES != 0 && u.captured != 0 && u.mv.kind != mk::CASTLE {
            self.hear(ply, u.cap_cell, RefereeEvent::Capture, u.mover, None);
        }
        if what & ANNOUNCE_CHECKS != 0 && self.finish.is_none() {
            let me = self.to_move;
            let mut royals = [0 as Cell; 8];
            let n = self.royals_of(me, &mut royals).min(8);
            let attackers = self.attackers_of(me);
            for &r in &royals[..n] {
                let mut lines = 0u64;
                for d in 0..self.v.board().directions.len() as Dir {
                    if self.checks_along(r, d, attackers) {
                        lines |= 1 << d;
                    }
                }
                let mut dirs = lines;
                while dirs != 0 {
                    let d = dirs.trailing_zeros() as Dir;
                    dirs &= dirs - 1;
                    self.hear(ply, r, RefereeEvent::Check { along: Some(d) }, me, None);
                }
                if lines == 0 && self.attacked(r, attackers) {
                    self.hear(ply, r, RefereeEvent::Check { along: None }, me, None);
                }
            }
        }
    }

    /// Whether the first piece on a branch of the ray from `royal` along `d` attacks
    /// it (the legality test's walk: closed flanks block).
    fn checks_along(&self, royal: Cell, d: Dir, attackers: u64) -> bool {
        let topo = &self.v.topo;
        let nodes = topo.ray(topo.ray_id(royal, d));
        let live = attackers & self.present;
        crate::legality::first_attacker_in(
            topo,
            nodes,
            (0, nodes.len()),
            usize::MAX,
            &self.board,
            live,
        )
        .is_some()
    }

    fn hear(&mut self, ply: u32, cell: Cell, event: RefereeEvent, about: Player, mv: Option<Move>) {
        let n = self.v.player_count();
        self.announcements.push(Announcement {
            ply,
            cell,
            event,
            audience: ((1u32 << n) - 1) as u16,
            attempt: mv,
            about,
        });
    }

    /// `unmake`: drops the announcements of the move taken back and the attempts of
    /// the turns after it. They are the list's tail: a turn's attempts come before
    /// its move's announcements, and later turns after both.
    pub(crate) fn unannounce(&mut self) {
        let ply = self.ply;
        while self
            .announcements
            .last()
            .is_some_and(|a| a.ply > ply || (a.ply == ply && a.event != RefereeEvent::Illegal))
        {
            self.announcements.pop();
        }
    }

    /// Tries `mv` for the player to move (`announce attempts`): a legal move is made
    /// (`true`); otherwise every player hears "illegal", the attempt is remembered for
    /// this turn and the same player moves again (`false`). Without `announce
    /// attempts` an illegal move is refused without a word (`false`).
    pub fn attempt(&mut self, mv: Move) -> bool {
        let key = (mv.from(), mv.to(), mv.promotion());
        let legal = self.legal_moves();
        if let Some(&m) = legal
            .iter()
            .find(|m| (m.from(), m.to(), m.promotion()) == key)
        {
            self.make(m);
            return true;
        }
        if self.v.rules.announce & ANNOUNCE_ATTEMPTS != 0 && !self.tried().contains(&key) {
            let me = self.to_move;
            self.hear(self.ply, mv.to, RefereeEvent::Illegal, me, Some(mv));
        }
        false
    }

    /// The attempts refused this turn, as (from, to, promotion).
    pub fn tried(&self) -> Vec<(Cell, Cell, Option<crate::PieceType>)> {
        self.announcements
            .iter()
            .filter(|a| a.ply == self.ply && a.event == RefereeEvent::Illegal)
            .filter_map(|a| a.attempt)
            .map(|m| (m.from(), m.to(), m.promotion()))
            .collect()
    }

    /// The moves the player to move may try, as far as he can tell from his view
    /// (`see own`): those of his pieces on his view's board with every unseen cell
    /// empty, and with every unseen cell holding an enemy piece (a pawn may try to
    /// take), less the attempts refused this turn. His legal moves are among them,
    /// en-passant captures aside.
    pub fn possible_moves(&self) -> MoveList {
        let me = self.to_move;
        let view = self.view(me);
        let mut out = MoveList::new();
        let Some(seen) = view.visible_cells() else {
            return self.clone().legal_moves();
        };
        let empty = view.masked(&seen);
        let enemy = (0..self.v.kind_count() as u8).find(|&k| self.side_of(me) & bit(k) == 0);
        let filled = match enemy {
            Some(k) => crate::PlayerView::filled(&empty, &seen, k),
            None => empty.clone(),
        };
        let tried = self.tried();
        let mut keys = Vec::new();
        for p in [empty, filled] {
            let mut list = MoveList::new();
            p.gen_pseudo(&mut list);
            for &m in list.iter() {
                let key = (m.from(), m.to(), m.promotion());
                if !tried.contains(&key) && !keys.contains(&key) {
                    keys.push(key);
                    out.push(m);
                }
            }
        }
        out
    }
}
