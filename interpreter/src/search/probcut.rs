//! ProbCut: at a node deep enough, a capture that wins enough material to stay
//! above beta by a margin in a search much shallower than the node's will almost
//! surely hold in the full search too, so the node is cut without it. Captures are
//! filtered first by the exchange evaluation, then by quiescence, and only those
//! that pass both get the shallow search. Two alternating players only.

use super::engine::Searcher;
use crate::moves::MoveList;
use crate::{Move, Position};

/// Shallowest node ProbCut is tried at.
const PROBCUT_DEPTH: i32 = 5;
/// How far above beta a capture must hold in the shallow search.
const PROBCUT_MARGIN: i32 = 200;
/// Plies the shallow search is shallower than the node.
const PROBCUT_REDUCTION: i32 = 4;

impl Searcher {
    /// The value that cuts this non-PV node (`depth` plies left, static value
    /// `stand` for the side to move, window up to `beta`), when a capture holds above
    /// `beta` by [`PROBCUT_MARGIN`] in a search [`PROBCUT_REDUCTION`] plies shallower;
    /// `None` otherwise. `list` is scratch (left empty). After a stop: `Some(0)`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn probe_cut(
        &mut self,
        pos: &mut Position,
        list: &mut MoveList,
        depth: i32,
        ply: usize,
        beta: i32,
        stand: i32,
        table_move: Option<Move>,
    ) -> Option<i32> {
        if !self.alternating || depth < PROBCUT_DEPTH {
            return None;
        }
        let side = self.side(pos);
        let probe_beta = beta + PROBCUT_MARGIN;
        list.clear();
        pos.legal_captures_into(list);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        self.order.sort(pos, list, &mut scores, table_move, ply);
        self.scores[ply] = scores;
        let mut cut = None;
        for i in 0..list.len() {
            let m = list[i];
            if m.promotion().is_none() && self.exchange(pos, m) < probe_beta - stand {
                continue;
            }
            pos.make(m);
            let mut v = self.child(pos, 0, ply + 1, probe_beta - 1, probe_beta, false, side);
            if v >= probe_beta && !self.stop {
                let d = depth - PROBCUT_REDUCTION;
                v = self.child(pos, d, ply + 1, probe_beta - 1, probe_beta, false, side);
            }
            pos.unmake();
            if self.stop {
                cut = Some(0);
                break;
            }
            if v >= probe_beta {
                cut = Some(v);
                break;
            }
        }
        list.clear();
        cut
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Limits, Searcher};
    use crate::Position;

    #[test]
    fn a_capture_far_above_beta_cuts_and_a_quiet_position_does_not() {
        let v = crate::testing::fide_chess();
        let mut s = Searcher::new(&v, Limits::depth(20));
        let mut list = crate::moves::MoveList::new();
        // White's rook takes a queen that nothing defends: White, a queen for a rook
        // down, ends a rook up, far above a beta of -600.
        let mut p = Position::from_str(&v, "k7/8/8/8/3q4/8/8/3R3K w - - 0 1").unwrap();
        let stand = s.static_value(&p, 1);
        assert!(stand < -300, "{stand}");
        let cut = s.probe_cut(&mut p, &mut list, 6, 1, -600, stand, None);
        assert!(cut.is_some_and(|v| v >= 300), "{cut:?}");
        // Beta above what the capture wins: no cut.
        let cut = s.probe_cut(&mut p, &mut list, 6, 1, 600, stand, None);
        assert_eq!(cut, None);
        // From the start no capture exists.
        let mut p = Position::start(&v);
        let stand = s.static_value(&p, 1);
        assert_eq!(s.probe_cut(&mut p, &mut list, 6, 1, 0, stand, None), None);
        // Too shallow: not tried.
        let mut p = Position::from_str(&v, "k7/8/8/8/3q4/8/8/3R3K w - - 0 1").unwrap();
        assert_eq!(s.probe_cut(&mut p, &mut list, 4, 1, 0, stand, None), None);
    }
}
