//! Static exchange evaluation: what a capture wins once every player has recaptured
//! on its target with his least valuable piece, each free to stop when going on
//! would lose.
//!
//! The recaptures are found among the legal captures of the position after each
//! capture (the rules decide who may take, on any board, with any piece), so pins,
//! hoppers, screens and blasts need no special case; the price is a generation per
//! step, paid only for captures by a piece worth more than its victim.

use super::engine::Searcher;
use crate::ids::Cell;
use crate::moves::MoveKind;
use crate::{Move, MoveList, Position};

/// Longest recapture sequence looked at.
pub(super) const MAX_EXCHANGE: usize = 8;

impl Searcher {
    /// What the player to move wins by `m` and the recaptures on its target
    /// (centipawns; negative when the capture loses material).
    pub(super) fn exchange(&mut self, pos: &mut Position, m: Move) -> i32 {
        let victim = self.eval.capture_value(pos, m);
        let attacker = self.eval.value_at(pos, m.from());
        if attacker <= victim || !matches!(m.kind(), MoveKind::Normal) {
            return victim - attacker.min(victim);
        }
        pos.make(m);
        let gain = victim - self.recapture(pos, m.to(), 1);
        pos.unmake();
        gain
    }

    /// Moves the captures of `list` that lose material by the exchange (other than
    /// the table move) to its end, keeping the order of the rest; returns how many.
    pub(super) fn demote_losing_captures(
        &mut self,
        pos: &mut Position,
        list: &mut MoveList,
        table_move: Option<Move>,
    ) -> usize {
        let mut losing = std::mem::take(&mut self.losing);
        losing.clear();
        let mut w = 0;
        for r in 0..list.len() {
            let m = list[r];
            let bad = Some(m) != table_move
                && m.promotion().is_none()
                && self.eval.capture_value(pos, m) > 0
                && self.exchange(pos, m) < 0;
            if bad {
                losing.push(m);
            } else {
                list.set(w, m);
                w += 1;
            }
        }
        for (i, &m) in losing.iter().enumerate() {
            list.set(w + i, m);
        }
        let n = losing.len();
        self.losing = losing;
        n
    }

    /// What the player to move wins by recapturing on `to` with his least valuable
    /// piece (0 when he cannot or should not).
    fn recapture(&mut self, pos: &mut Position, to: Cell, step: usize) -> i32 {
        if step > MAX_EXCHANGE {
            return 0;
        }
        let mut list = std::mem::take(&mut self.exchange_lists[step]);
        pos.legal_captures_into(&mut list);
        let mut least: Option<(i32, Move)> = None;
        for &c in list.iter() {
            if c.to() == to && matches!(c.kind(), MoveKind::Normal) && c.from() != to {
                let a = self.eval.value_at(pos, c.from());
                if least.map_or(true, |(b, _)| a < b) {
                    least = Some((a, c));
                }
            }
        }
        self.exchange_lists[step] = list;
        let Some((_, c)) = least else {
            return 0;
        };
        let victim = self.eval.value_at(pos, to);
        pos.make(c);
        let gain = victim - self.recapture(pos, to, step + 1);
        pos.unmake();
        gain.max(0)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, Searcher};
    use crate::testing::chess;
    use crate::Position;

    fn see(fen: &str, mv: &str) -> i32 {
        let v = chess();
        let mut p = Position::from_str(&v, fen).unwrap();
        let m = p.parse_long(mv).unwrap();
        let mut s = Searcher::new(&v, Limits::depth(1));
        s.exchange(&mut p, m)
    }

    #[test]
    fn exchanges() {
        // A pawn defended by a pawn: the queen that takes it is lost.
        assert!(see("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1", "e2e5") < -500);
        // An undefended pawn is won by the queen.
        assert_eq!(see("4k3/8/8/4p3/8/8/4Q3/4K3 w - - 0 1", "e2e5"), 100);
        // Rook takes a rook defended by a rook, backed by a second rook: R for R.
        assert_eq!(
            see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"),
            0,
            "RxR RxR RxR: a rook each"
        );
        // A knight takes a pawn defended once: loses the knight for a pawn.
        assert!(see("4k3/8/3p4/4p3/8/3N4/8/4K3 w - - 0 1", "d3e5") < 0);
        // A pawn takes a knight: wins at least a knight for a pawn.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5") >= 200);
    }

    #[test]
    fn losing_captures_go_last() {
        let v = chess();
        // Qxe5 loses the queen to dxe5; Nxd5 wins a piece; the quiet moves between.
        let mut p = Position::from_str(&v, "4k3/8/3p4/3np3/8/4N3/7Q/4K3 w - - 0 1").unwrap();
        let mut list = p.legal_moves();
        let mut s = Searcher::new(&v, Limits::depth(1));
        let n = s.demote_losing_captures(&mut p, &mut list, None);
        assert_eq!(n, 1);
        assert_eq!(p.long(list[list.len() - 1]), "h2e5");
        let first_capture = list.iter().position(|&m| p.long(m) == "e3d5").unwrap();
        assert!(first_capture < list.len() - 1);
        // The table move stays where it was, losing or not.
        let mut list = p.legal_moves();
        let qxe5 = p.parse_long("h2e5").unwrap();
        assert_eq!(s.demote_losing_captures(&mut p, &mut list, Some(qxe5)), 0);
    }
}
