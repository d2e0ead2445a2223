//! `gives check` without moving: the cells from which each of the mover's kinds would
//! attack the opponent's royal, found by one walk from the royal per position (the
//! check squares of bitboard engines, on the board graph).
//!
//! A move then gives check when its piece (as it lands: promoted, dropped) attacks the
//! royal from its target cell. Two things the walk cannot see are left to the slower
//! test that lifts the piece and puts it down ([`crate::rules::filter`]): a piece of
//! the mover that stands first on a ray from the royal (moving it may uncover a line,
//! and a line piece moving along that ray changes what it sees), and positions where
//! the walk's picture is not the whole truth: several royals, explosions, flanks or
//! stops on the board, hoppers, lame leapers, irregular captures, or a royal already
//! attacked.
//!
//! The cells are computed once per position and mover (keyed by the position's hash),
//! so a filter such as Racing Kings' `forbid gives check` reads each move in O(1).

use crate::ids::{bit, Cell, Kind, Player};
use crate::moves::{mk, Move};
use crate::position::Position;

/// Most pieces of the mover standing first on a ray from the royal that are kept; a
/// position with more falls back to the slow test.
const MAX_BLOCKERS: usize = 16;

/// The check cells of one position and mover, reused from position to position.
#[derive(Clone, Debug)]
pub(crate) struct CheckCells {
    /// What they were computed for (position hash, mover and players); `None`: never.
    key: Option<u64>,
    /// False when the fast test does not apply at that position.
    usable: bool,
    /// Per cell: the mover's kinds that attack the royal from it.
    kinds: Vec<u64>,
    /// Cells whose `kinds` are set, to clear them.
    touched: Vec<Cell>,
    /// The mover's pieces first on some ray branch from the royal.
    blockers: [Cell; MAX_BLOCKERS],
    nblockers: usize,
}

impl CheckCells {
    /// Empty cells for a board of `cells` cells.
    pub(crate) fn new(cells: usize) -> CheckCells {
        CheckCells {
            key: None,
            usable: false,
            kinds: vec![0; cells],
            touched: Vec::with_capacity(64),
            blockers: [0; MAX_BLOCKERS],
            nblockers: 0,
        }
    }
}

impl Position {
    /// Whether `mover`'s ordinary move or drop `m` attacks the royal of the players of
    /// `set` (a bit per player, the mover's own left out), or `None` when the check
    /// cells cannot tell and the move must be tested on the board.
    pub(crate) fn gives_check_fast(&mut self, m: Move, mover: Player, set: u32) -> Option<bool> {
        // En passant, castles and gates change cells beyond the two.
        if !matches!(m.kind, mk::NORMAL | mk::CREATES_EP | mk::DROP) || m.gate().is_some() {
            return None;
        }
        let key = self.hash
            ^ (mover as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (set as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        if self.check_cells.key != Some(key) {
            self.fill_check_cells(mover, set);
            self.check_cells.key = Some(key);
        }
        let cc = &self.check_cells;
        if !cc.usable {
            return None;
        }
        let moved = self.landing_kind(m, mover)?;
        if m.kind != mk::DROP && cc.blockers[..cc.nblockers].contains(&m.from) {
            return None;
        }
        let t = &self.v.tables;
        if bit(moved) & (t.irregular | t.hop_kinds) != 0 {
            return None;
        }
        Some(cc.kinds[m.to as usize] & bit(moved) != 0)
    }

    /// The kind of the piece `mover`'s move `m` puts on its target: the dropped one,
    /// the promoted one, or the one that moves (`None` when its cell is empty).
    pub(crate) fn landing_kind(&self, m: Move, mover: Player) -> Option<Kind> {
        match (m.kind, m.promotion()) {
            (mk::DROP, _) => Some(m.aux as Kind),
            (_, Some(t)) => Some(self.v.kind(t, mover)),
            _ => self.board[m.from as usize].checked_sub(1),
        }
    }

    /// Walks every ray and leap source from the royal of `set` and records which of
    /// `mover`'s kinds attack it from each cell (see the module's documentation).
    fn fill_check_cells(&mut self, mover: Player, set: u32) {
        let mut cc = std::mem::replace(&mut self.check_cells, CheckCells::new(0));
        for &c in &cc.touched {
            cc.kinds[c as usize] = 0;
        }
        cc.touched.clear();
        cc.nblockers = 0;
        cc.usable = self.walk_check_cells(mover, set, &mut cc);
        self.check_cells = cc;
    }

    /// The walk of [`Position::fill_check_cells`]; false when the cells cannot tell.
    fn walk_check_cells(&self, mover: Player, set: u32, cc: &mut CheckCells) -> bool {
        let v = &*self.v;
        let (t, topo) = (&v.tables, &v.topo);
        let mine = self.friends_of(mover);
        if v.rules.explodes
            || topo.has_flanks()
            || topo.has_stops()
            || mine & (t.irregular | t.hop_kinds) & self.present != 0
        {
            return false;
        }
        // The one royal of the players asked about.
        let mut royal = None;
        for p in (0..v.player_count() as Player).filter(|&p| p != mover && set & (1 << p) != 0) {
            let mut cells = [0 as Cell; 8];
            let n = self.royals_of(p, &mut cells);
            for &c in &cells[..n.min(8)] {
                if royal.replace(c).is_some() {
                    return false;
                }
            }
            if n > 8 {
                return false;
            }
        }
        let Some(royal) = royal else {
            return false;
        };
        if self.attacked(royal, mine) {
            return false;
        }
        let mark = |cc: &mut CheckCells, c: Cell, kinds: u64| {
            if kinds != 0 {
                if cc.kinds[c as usize] == 0 {
                    cc.touched.push(c);
                }
                cc.kinds[c as usize] |= kinds;
            }
        };
        for d in 0..topo.dirs as u8 {
            let nodes = topo.ray(topo.ray_id(royal, d));
            let mut i = 0;
            while let Some(n) = nodes.get(i) {
                mark(cc, n.cell, n.attack & mine);
                let sq = self.board[n.cell as usize];
                if sq == 0 {
                    i += 1;
                    continue;
                }
                if mine & bit(sq - 1) != 0 {
                    if cc.nblockers == MAX_BLOCKERS {
                        return false;
                    }
                    cc.blockers[cc.nblockers] = n.cell;
                    cc.nblockers += 1;
                }
                i = n.skip as usize;
            }
        }
        for s in t.leaps_to(royal) {
            if s.kinds & mine == 0 {
                continue;
            }
            // A lame leaper's legs may be the cells a move empties or fills.
            if s.need != 0 {
                return false;
            }
            mark(cc, s.from, s.kinds & mine);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::{MoveKind, Position};

    /// Along random games, every answer of the check cells is what making the move
    /// says, and most moves get one.
    #[test]
    fn answers_agree_with_making_the_move() {
        let v = chess();
        let (mut answered, mut asked) = (0, 0);
        let mut seed = 7u64;
        for game in 0..40 {
            let mut p = Position::start(&v);
            for _ in 0..(20 + game) {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let me = p.to_move();
                for &m in moves.iter() {
                    if !matches!(m.kind(), MoveKind::Normal | MoveKind::EnPassant) {
                        continue;
                    }
                    asked += 1;
                    let fast = p.gives_check_fast(m, me, 1 << (1 - me));
                    p.make(m);
                    let check = p.in_check();
                    p.unmake();
                    if let Some(fast) = fast {
                        answered += 1;
                        assert_eq!(fast, check, "{p} {}", p.long(m));
                    }
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                p.make(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(answered * 10 > asked * 8, "{answered} of {asked}");
    }
}
