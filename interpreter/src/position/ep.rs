//! En-passant entries: the cells a creating move passed, the piece that may be taken
//! there, and who created them.

use super::Position;
use crate::ids::{bit, Cell, Player};
use crate::variant::Variant;

/// One set of en-passant cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct EpEntry {
    /// The passed cells (an en-passant path id of the variant's tables).
    pub path: u16,
    /// Where the piece that passed them stands.
    pub victim: Cell,
    /// The player who made the move.
    pub creator: Player,
}

impl EpEntry {
    /// The passed cells.
    pub fn cells(self, v: &Variant) -> &[Cell] {
        v.tables.ep_path(self.path)
    }

    /// Its hash key.
    pub fn key(self, v: &Variant) -> u64 {
        v.keys.ep(self.cells(v), self.victim, self.creator)
    }
}

impl Position {
    /// Whether the en-passant cells of `e` are worth keeping: with `en passant lasts
    /// turn` and one turn track, only while a piece of the player to move could take
    /// on one of them (pins and checks aside), as Fairy-Stockfish keeps an en-passant
    /// square only when a pawn attacks it. Two positions that differ by cells nobody
    /// can take are the same position (repetitions, FEN).
    pub(crate) fn ep_worth_keeping(&self, e: EpEntry) -> bool {
        let v = &*self.v;
        if v.rules.ep_round || !self.turns.is_empty() {
            return true;
        }
        let by = self.to_move;
        let victim = self.board[e.victim as usize];
        let friends = self.friends_of(by);
        if e.creator == by || victim == 0 || friends & bit(victim - 1) != 0 {
            return false;
        }
        let t = &v.tables;
        e.cells(v).iter().any(|&c| {
            self.board[c as usize] == 0
                && t.ep_takers_of(c).iter().any(|s| {
                    let sq = self.board[s.from as usize];
                    sq != 0
                        && s.kinds & friends & bit(sq - 1) != 0
                        && (s.need == 0 || t.need_holds(s.need, &self.board, &v.topo))
                })
        })
    }

    /// Drops the entries not [worth keeping](Position::ep_worth_keeping) (the hash is
    /// the caller's).
    pub(crate) fn drop_idle_ep(&mut self) {
        let mut i = 0;
        while i < self.ep.len() {
            if self.ep_worth_keeping(self.ep[i]) {
                i += 1;
            } else {
                self.ep.remove(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn an_entry_knows_its_cells_and_key() {
        let v = chess();
        let p = Position::from_str(&v, "4k3/8/8/8/3pP3/8/8/4K3 b - e3>e4 0 1").unwrap();
        let e = p.ep[0];
        assert_eq!(e.cells(&v), [v.cell("e3").unwrap()]);
        assert_eq!(e.victim, v.cell("e4").unwrap());
        assert_eq!(e.creator, 0);
        assert_ne!(e.key(&v), 0);
    }

    #[test]
    fn cells_nobody_can_take_are_not_kept() {
        let v = chess();
        let mut p = Position::from_str(&v, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
        let before = p.clone();
        let m = p.parse_long("e2e4").unwrap();
        p.make(m);
        assert!(p.ep.is_empty(), "{p}");
        let same = Position::from_str(&v, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(p.hash, same.hash);
        p.unmake();
        assert_eq!(p, before);
        // A black pawn beside the target keeps them, on the file or not.
        for (start, taker) in [("3p4", "d4"), ("5p2", "f4")] {
            let s = format!("4k3/8/8/8/{start}/8/4P3/4K3 w - - 0 1");
            let mut p = Position::from_str(&v, &s).unwrap();
            let m = p.parse_long("e2e4").unwrap();
            p.make(m);
            assert_eq!(p.ep.len(), 1, "{taker}");
            assert!(p
                .legal_moves()
                .iter()
                .any(|m| m.kind == crate::moves::mk::EP_CAPTURE));
        }
        // A black pawn that cannot reach e3 (on e4's file or too far) does not.
        let mut p = Position::from_str(&v, "4k3/8/8/8/2p5/8/4P3/4K3 w - - 0 1").unwrap();
        let m = p.parse_long("e2e4").unwrap();
        p.make(m);
        assert!(p.ep.is_empty());
    }
}
