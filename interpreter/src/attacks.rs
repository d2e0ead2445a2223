//! Attack detection without generating the opponents' moves.
//!
//! To ask whether a cell is attacked, walk every ray from it to the first occupied
//! node of each branch and test the piece's kind against the node's attack mask, then
//! test the cell's leap sources. Kinds with irregular captures (hops, `first`) are
//! tested by walking their own capturing atoms towards the cell.

use crate::ids::{bit, Cell, Kind};
use crate::position::Position;
use crate::tables::{to, Op};
use crate::topology::{RayNode, Topology};

/// True when the first piece of some branch of `nodes` is of a kind in `live` that
/// captures the ray's origin from there. With `near`, only the first cell of each
/// branch is looked at.
#[inline(always)]
fn ray_hit<const FLANKS: bool>(
    topo: &Topology,
    nodes: &[RayNode],
    board: &[u8],
    live: u64,
    near: bool,
) -> bool {
    let mut i = 0;
    while let Some(n) = nodes.get(i) {
        if FLANKS && n.flank != 0 && topo.flank_blocked(n.flank, board) {
            i = n.skip as usize;
            continue;
        }
        let sq = board[n.cell as usize];
        if sq != 0 && n.attack & live & bit(sq - 1) != 0 {
            return true;
        }
        i = if sq == 0 && !near {
            i + 1
        } else {
            n.skip as usize
        };
    }
    false
}

/// True when, past the first piece of some branch of `nodes` (the screen), the first
/// piece of some branch of the screen's subtree is of a kind in `live` that hops back
/// over the screen onto the ray's origin: `masks` are the nodes' hop masks
/// ([`crate::tables::Tables::hop_attack`]).
#[inline]
fn hop_hit(nodes: &[RayNode], masks: &[(u64, u64)], board: &[u8], live: u64) -> bool {
    let mut i = 0;
    while let Some(n) = nodes.get(i) {
        if board[n.cell as usize] == 0 {
            i += 1;
            continue;
        }
        let end = n.skip as usize;
        let mut j = i + 1;
        while j < end {
            let m = nodes[j];
            let sq = board[m.cell as usize];
            if sq == 0 {
                j += 1;
                continue;
            }
            let (near, far) = masks[j];
            let k = bit(sq - 1) & live;
            if k & far != 0 || (n.depth == 1 && k & near != 0) {
                return true;
            }
            j = m.skip as usize;
        }
        i = end;
    }
    false
}

impl Position {
    /// True when a piece of a kind in `attackers` could capture on `cell` (as if a
    /// piece of the defender stood there).
    pub(crate) fn attacked(&self, cell: Cell, attackers: u64) -> bool {
        let v = &*self.v;
        let t = &v.tables;
        let live = attackers & self.present;
        if live & (t.reach[cell as usize] | t.irregular) == 0 {
            return false;
        }
        let topo = &v.topo;
        let board = &self.board[..];
        if live & t.reach[cell as usize] != 0 {
            let flanks = topo.has_flanks();
            for d in 0..topo.dirs as u8 {
                let id = topo.ray_id(cell, d);
                let (all, far) = t.ray_kinds[id as usize];
                if all & live != 0 {
                    // Without far attackers only the first cells of the ray matter.
                    let near = far & live == 0;
                    let hit = if flanks {
                        ray_hit::<true>(topo, topo.ray(id), board, live, near)
                    } else {
                        ray_hit::<false>(topo, topo.ray(id), board, live, near)
                    };
                    if hit {
                        return true;
                    }
                }
                if t.hop_kinds & live != 0 && t.ray_hops[id as usize] & live != 0 {
                    let range = topo.ray_range(id);
                    if hop_hit(topo.ray(id), &t.hop_attack[range], board, live) {
                        return true;
                    }
                }
            }
            if t.leap_kinds[cell as usize] & live != 0 {
                for s in t.leaps_to(cell) {
                    if s.kinds & live == 0 {
                        continue;
                    }
                    let sq = board[s.from as usize];
                    if sq != 0
                        && s.kinds & live & bit(sq - 1) != 0
                        && t.need_holds(s.need, board, topo)
                    {
                        return true;
                    }
                }
            }
        }
        let mut irregular = live & t.irregular;
        while irregular != 0 {
            let k = irregular.trailing_zeros() as Kind;
            irregular &= irregular - 1;
            for &from in self.pieces_of(k) {
                if self.captures_at(k, from, cell) {
                    return true;
                }
            }
        }
        false
    }

    /// True when the piece of `kind` on `from` has a capturing atom that reaches
    /// `target` (which counts as occupied by an enemy).
    pub(crate) fn captures_at(&self, kind: Kind, from: Cell, target: Cell) -> bool {
        let v = &*self.v;
        let t = &v.tables;
        let topo = &v.topo;
        let board = &self.board[..];
        let occupied = |c: Cell| c == target || board[c as usize] != 0;
        for a in t.atoms(t.slot(kind, from)) {
            if a.to & to::ENEMY == 0 || (a.first && !self.virgin.contains(from)) {
                continue;
            }
            let into_ok = a.into == 0 || t.zones[a.into as usize - 1].contains(target);
            match a.op {
                Op::EpCapture => {}
                Op::Targets => {
                    if t.targets_of(a)
                        .iter()
                        .any(|x| x.to == target && t.need_holds(x.need, board, topo))
                    {
                        return true;
                    }
                }
                Op::Slide | Op::Hop | Op::HopFar => {
                    if !into_ok {
                        continue;
                    }
                    for &rid in t.rays_of(a) {
                        let nodes = topo.ray(rid);
                        let mut i = 0;
                        // Depth of the screen on the current branch (hops).
                        let mut screen: Option<u16> = None;
                        while i < nodes.len() {
                            let n = nodes[i];
                            if let Some(d) = screen {
                                if n.depth <= d {
                                    screen = None;
                                }
                            }
                            if n.depth > a.max
                                || (n.flank != 0 && topo.flank_blocked(n.flank, board))
                            {
                                i = n.skip as usize;
                                continue;
                            }
                            let occ = occupied(n.cell);
                            let in_range = n.depth >= a.min;
                            let lands = match (a.op, screen) {
                                (Op::Slide, _) => true,
                                (Op::Hop, Some(d)) => n.depth == d + 1,
                                (Op::HopFar, Some(_)) => true,
                                _ => false,
                            };
                            if n.cell == target && lands && in_range {
                                return true;
                            }
                            let may_screen = || {
                                let sq = board[n.cell as usize];
                                n.cell == target || sq == 0 || a.over & bit(sq - 1) != 0
                            };
                            if !occ {
                                i += 1;
                            } else if a.op != Op::Slide && screen.is_none() && may_screen() {
                                screen = Some(n.depth);
                                i += 1;
                            } else {
                                i = n.skip as usize;
                            }
                        }
                    }
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{chess, chess_with};
    use crate::Position;

    fn attacked_by_other(fen: &str, cell: &str) -> bool {
        let v = chess();
        let p = Position::from_str(&v, fen).unwrap();
        let other = 1 - p.to_move();
        p.attacked(v.cell(cell).unwrap(), p.friends_of(other))
    }

    #[test]
    fn pawns_knights_and_sliders_attack() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(attacked_by_other(start, "f6"));
        assert!(attacked_by_other(start, "h6"));
        assert!(!attacked_by_other(start, "e5"));
        assert!(!attacked_by_other(start, "e1"));
        // A rook behind a pawn does not see past it; a bishop on an open diagonal does.
        let fen = "4k3/8/8/8/8/8/4p3/4r1K1 w - - 0 1";
        assert!(!attacked_by_other(fen, "e8"));
        assert!(attacked_by_other(fen, "f1"));
        assert!(attacked_by_other("4k3/8/8/8/8/8/8/b5K1 w - - 0 1", "h8"));
        assert!(!attacked_by_other("4k3/8/8/8/3P4/8/8/b5K1 w - - 0 1", "h8"));
    }

    #[test]
    fn irregular_kinds_are_tested_by_their_captures() {
        let v = chess_with("piece cannon C {\n hop n e s w far to enemy\n}");
        let p = Position::from_str(&v, "4k3/8/4K3/8/8/8/8/4c3 w - - 0 1").unwrap();
        let black = p.friends_of(1);
        // The cannon on e1 hops over the king on e6 onto e7 and e8, not e6 itself.
        assert!(p.attacked(v.cell("e7").unwrap(), black));
        assert!(!p.attacked(v.cell("e6").unwrap(), black));
        assert!(!p.attacked(v.cell("e2").unwrap(), black));
        assert!(p.captures_at(
            p.board[v.cell("e1").unwrap() as usize] - 1,
            v.cell("e1").unwrap(),
            v.cell("e8").unwrap()
        ));
    }
}
