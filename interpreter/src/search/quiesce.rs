//! Quiescence: at the horizon, only captures (all moves when in check) until the
//! position is quiet, so that the static value is never read in the middle of an
//! exchange. Captures that cannot raise the value enough (delta pruning) or that
//! lose material by the exchange evaluation are skipped.

use super::engine::{Searcher, INF, MAX_PLY};
use super::terminal::to_table;
use super::tt::{Bound, Entry};
use crate::Position;

/// Most plies of quiescence below the horizon.
pub(super) const QUIESCENCE: u32 = 10;
/// Plies below the horizon where a player in check searches all his evasions.
const EVASION_PLIES: u32 = 4;
/// Delta pruning: a capture whose victim plus this cannot lift the value to alpha
/// is skipped.
const DELTA: i32 = 200;

impl Searcher {
    /// The quiescence value of `pos` for the side to move, within `alpha..beta`.
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        left: u32,
    ) -> i32 {
        let known_check = self.next_check.take();
        if self.tick() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        let side = self.side(pos);
        // Any entry of the table is at least as deep as quiescence.
        let key = self.table_key(pos);
        let entry = self.tt.probe(key);
        if let Some(v) = entry.and_then(|e| e.cut(ply, alpha, beta)) {
            return v;
        }
        let alpha0 = alpha;
        // Evasions are searched near the horizon only, and with two players only: with
        // more, one player's evasion leaves the next in check and the chain of
        // full-width nodes grows without bound.
        let in_check = left + EVASION_PLIES > QUIESCENCE
            && pos.variant().player_count() == 2
            && known_check.unwrap_or_else(|| pos.in_check());
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        let stand = if in_check {
            // Mate needs the full list, which an evasion search has.
            pos.legal_moves_into(&mut list);
            if let Some(v) = self.end_value(pos, list.is_empty(), false, ply) {
                self.lists[ply] = list;
                return side * v;
            }
            -INF
        } else {
            // Out of check a position without captures is taken as it stands
            // (stalemate is left to the full-width search).
            if let Some(v) = self.end_value(pos, false, false, ply) {
                self.lists[ply] = list;
                return side * v;
            }
            self.static_value(pos, side)
        };
        if left == 0 || ply >= MAX_PLY {
            self.lists[ply] = list;
            return if in_check {
                self.static_value(pos, side)
            } else {
                stand
            };
        }
        if stand >= beta {
            self.lists[ply] = list;
            return stand;
        }
        if !in_check {
            // Quiet promotions change the material as much as captures: with a
            // piece one move from promoting, they are looked at too.
            if self.eval.may_promote(pos) {
                pos.legal_moves_into(&mut list);
                list.retain(|&m| pos.takes_piece(m) || m.promotion().is_some());
            } else {
                pos.legal_captures_into(&mut list);
            }
        }
        alpha = alpha.max(stand);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order
            .sort(pos, &mut list, &mut scores, entry.and_then(|e| e.mv), ply);
        self.scores[ply] = scores;
        let mut best = stand;
        let mut best_move = None;
        for &m in list.iter() {
            if !in_check {
                let gain = self.eval.material_gain(pos, m);
                if stand + gain + DELTA <= alpha {
                    continue;
                }
                if m.promotion().is_none() && self.exchange(pos, m) < 0 {
                    continue;
                }
            }
            pos.make(m);
            let v = if self.side(pos) == side {
                self.quiesce(pos, ply + 1, alpha, beta, left - 1)
            } else {
                -self.quiesce(pos, ply + 1, -beta, -alpha, left - 1)
            };
            pos.unmake();
            if self.stop {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if self.stop {
            return 0;
        }
        self.tt.store(Entry {
            key,
            mv: best_move,
            value: to_table(best, ply as u32),
            depth: 0,
            bound: Bound::of(best, alpha0, beta),
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, Searcher};
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn a_quiet_promotion_at_the_horizon_is_seen() {
        let v = chess();
        // Black moves once; then White's a-pawn promotes unopposed. A one-ply search
        // sees the queen only if quiescence looks at quiet promotions.
        let mut p = Position::from_str(&v, "8/P6k/8/8/8/8/8/K7 b - - 0 1").unwrap();
        let r = Searcher::new(&v, Limits::depth(1)).search(&mut p).unwrap();
        assert!(r.value < -600, "{}", r.value);
        // A black rook reaches the promotion cell first: Black keeps his rook's worth.
        let mut p = Position::from_str(&v, "6r1/P6k/8/8/8/8/8/K7 b - - 0 1").unwrap();
        let r = Searcher::new(&v, Limits::depth(1)).search(&mut p).unwrap();
        assert!(r.value > 100, "{}", r.value);
    }
}
