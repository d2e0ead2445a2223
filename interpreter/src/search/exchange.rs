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
use crate::{Move, Position};

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
}
