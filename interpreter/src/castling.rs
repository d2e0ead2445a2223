//! The geometry of castling: lines of cells (straight or a cycle) and the *way* a king
//! and a rook on a line castle, as offsets along it.
//!
//! A castle with cells (`king e1 to g1, rook h1 to f1`) is turned into its lists of
//! cells once, by the compiler. A castle with piece letters (`king K to g1, rook R e to
//! f1`) keeps its [`CastleLine`]; move generation finds the king and the rooks on it
//! and asks [`way`] where each piece goes.
//!
//! Offsets count steps from the king's cell toward its rook (the rook is `rook` steps
//! away, `rook >= 1`). On a straight line every cell has one offset. On a cycle (a rank
//! of a cylinder) a target may be reached either way round: the way chosen is the
//! shortest stretch of the cycle that holds the king, the rook (reached from the king
//! in its direction) and both targets.

use crate::ids::{Cell, Kind};
use crate::topology::Topology;
use crate::variant::{CastleInfo, Variant};
use dsl::rules::ast::CastleSafety;

/// `CastleLine::index` of a cell off the line.
pub(crate) const OFF_LINE: u16 = u16::MAX;

/// A line of cells: a straight line or a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    /// The cells in order.
    pub cells: Vec<Cell>,
    /// Index of the cell the line was built from.
    pub at: usize,
    /// True when the last cell leads back to the first.
    pub cyclic: bool,
}

impl Line {
    /// The cells of the line through `from` in `dir` and its opposite, in order. At
    /// forks the first branch is taken. When the two rays hold the same cells the line
    /// is a cycle starting at `from`; a ray that runs into the other one is cut there.
    pub(crate) fn through(topo: &Topology, from: Cell, dir: u8) -> Line {
        let first_branch = |d: u8| -> Vec<Cell> {
            let ray = topo.ray(topo.ray_id(from, d));
            let mut out = Vec::new();
            let mut want = 1;
            for n in ray {
                if n.depth == want {
                    out.push(n.cell);
                    want += 1;
                }
            }
            out
        };
        let fwd = first_branch(dir);
        let mut back = first_branch(topo.opposite[dir as usize]);
        let cycle = !fwd.is_empty()
            && fwd.len() == back.len()
            && fwd.iter().zip(back.iter().rev()).all(|(a, b)| a == b);
        if cycle {
            let mut cells = vec![from];
            cells.extend(fwd);
            return Line {
                cells,
                at: 0,
                cyclic: true,
            };
        }
        if let Some(cut) = back.iter().position(|c| fwd.contains(c)) {
            back.truncate(cut);
        }
        back.reverse();
        let at = back.len();
        back.push(from);
        back.extend(fwd);
        Line {
            cells: back,
            at,
            cyclic: false,
        }
    }

    /// The offset of `c` from the line's own cell, in index order (on a cycle: `0..n`).
    pub(crate) fn offset(&self, c: Cell) -> Option<i32> {
        let i = self.cells.iter().position(|&x| x == c)?;
        Some(i as i32 - self.at as i32)
    }

    /// The cell `offset` steps from the line's own cell, in index order.
    pub(crate) fn cell(&self, offset: i32) -> Cell {
        let n = self.cells.len() as i32;
        let i = self.at as i32 + offset;
        self.cells[if self.cyclic { i.rem_euclid(n) } else { i } as usize]
    }
}

/// Where the pieces of one castle are, as offsets from the king's cell toward its rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Way {
    /// The rook (at least 1).
    pub rook: i32,
    /// The king's target.
    pub king_to: i32,
    /// The rook's target.
    pub rook_to: i32,
}

impl Way {
    /// Length of the stretch that holds all four cells.
    fn span(self) -> i32 {
        let lo = 0.min(self.king_to).min(self.rook_to);
        let hi = self.rook.max(self.king_to).max(self.rook_to);
        hi - lo
    }

    /// The offsets the king crosses: after its cell, up to and including its target.
    pub(crate) fn king_path(self) -> impl Iterator<Item = i32> {
        walk(0, self.king_to)
    }

    /// The offsets the rook crosses: after its cell, up to and including its target.
    pub(crate) fn rook_path(self) -> impl Iterator<Item = i32> {
        walk(self.rook, self.rook_to)
    }

    /// The offsets no opponent may attack under `safety`: the king's cell and its path,
    /// or the king's cell and every cell up to the rook, or none.
    pub(crate) fn safe(self, safety: CastleSafety) -> impl Iterator<Item = i32> {
        let (first, rest) = match safety {
            CastleSafety::Path => (0..1, walk(0, self.king_to)),
            CastleSafety::Between => (0..1, walk(0, self.rook - 1)),
            CastleSafety::None => (0..0, walk(0, 0)),
        };
        first.chain(rest)
    }
}

/// The offsets after `a` up to and including `b`, going from `a` toward `b`.
fn walk(a: i32, b: i32) -> impl Iterator<Item = i32> {
    let step = if b >= a { 1 } else { -1 };
    (1..=(b - a).abs()).map(move |i| a + step * i)
}

/// The way to castle with the rook `rook` steps from the king and the targets at
/// offsets `king_to` and `rook_to` (taken as they are on a straight line; on a cycle of
/// `cycle` cells, in `0..cycle`, and each may be reached either way round: the
/// shortest stretch that holds the four cells wins, the targets' forward offsets on a
/// tie). `None` when no stretch shorter than the cycle holds them.
pub(crate) fn way(rook: i32, king_to: i32, rook_to: i32, cycle: Option<i32>) -> Option<Way> {
    let Some(n) = cycle else {
        return Some(Way {
            rook,
            king_to,
            rook_to,
        });
    };
    let mut best: Option<Way> = None;
    for k in [king_to, king_to - n] {
        for r in [rook_to, rook_to - n] {
            let w = Way {
                rook,
                king_to: k,
                rook_to: r,
            };
            if w.span() < n && best.map_or(true, |b| w.span() < b.span()) {
                best = Some(w);
            }
        }
    }
    best
}

/// The line of a castle with piece letters: the king is found on it, its rooks along
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CastleLine {
    /// The line through the two targets (`at`: the king's target).
    pub line: Line,
    /// Per board cell: its index on the line, or [`OFF_LINE`].
    pub index: Vec<u16>,
    /// Per index on the line: the way along the line (+1: index order, -1: against it)
    /// in which a king standing there finds its rooks; 0 when the castle's direction
    /// does not run along the line there.
    pub toward: Vec<i8>,
    /// Index of the king's target.
    pub king_to: u16,
    /// Index of the rook's target.
    pub rook_to: u16,
    /// Which cells must not be attacked.
    pub safety: CastleSafety,
}

impl CastleLine {
    /// The cell at index `i + sign * steps`, if the line goes on that far.
    #[inline]
    pub(crate) fn step(&self, i: usize, sign: i8, steps: i32) -> Option<Cell> {
        let n = self.line.cells.len() as i32;
        let j = i as i32 + sign as i32 * steps;
        if self.line.cyclic {
            (steps < n).then(|| self.line.cells[j.rem_euclid(n) as usize])
        } else {
            (0..n).contains(&j).then(|| self.line.cells[j as usize])
        }
    }

    /// The way a king at index `king` castles with the rook `steps` away in its
    /// direction `sign`.
    #[inline]
    pub(crate) fn way(&self, king: usize, sign: i8, steps: i32) -> Option<Way> {
        let n = self.line.cells.len() as i32;
        let rel = |t: u16| (t as i32 - king as i32) * sign as i32;
        let (k, r) = (rel(self.king_to), rel(self.rook_to));
        if self.line.cyclic {
            way(steps, k.rem_euclid(n), r.rem_euclid(n), Some(n))
        } else {
            way(steps, k, r, None)
        }
    }

    /// The cell `offset` steps from the king at index `king` toward its rook.
    #[inline]
    pub(crate) fn cell(&self, king: usize, sign: i8, offset: i32) -> Cell {
        let n = self.line.cells.len() as i32;
        let j = king as i32 + sign as i32 * offset;
        self.line.cells[if self.line.cyclic { j.rem_euclid(n) } else { j } as usize]
    }
}

impl Variant {
    /// The king's and the rook's cells castle `c` could be made with on `board`, the
    /// pieces unmoved or not: the declared cells of a castle with cells, whatever
    /// stands on them; with letters, every piece of the king's kind on the line with
    /// every piece of the rook's kind found from it, nearest first.
    pub(crate) fn castle_pairs(&self, c: &CastleInfo, board: &[u8]) -> Vec<(Cell, Cell)> {
        if let (Some(k), Some(r)) = (c.king_from, c.rook_from) {
            return vec![(k, r)];
        }
        let Some(l) = &c.line else {
            return Vec::new();
        };
        let king = self.kind(c.king_type, c.player) + 1;
        let rook = self.kind(c.rook_type, c.player) + 1;
        let mut out = Vec::new();
        for (at, &k) in l.line.cells.iter().enumerate() {
            let sign = l.toward[at];
            if board[k as usize] != king || sign == 0 {
                continue;
            }
            let mut steps = 1;
            while let Some(r) = l.step(at, sign, steps) {
                steps += 1;
                if board[r as usize] == rook {
                    out.push((k, r));
                }
            }
        }
        out
    }

    /// True when a piece of `kind` on `cell` takes part in some castle: it stands on
    /// a castle's declared cell, or it has a castle's king or rook kind on its line.
    pub(crate) fn castle_piece(&self, cell: Cell, kind: Kind) -> bool {
        self.castles.iter().any(|c| match &c.line {
            None => c.king_from == Some(cell) || c.rook_from == Some(cell),
            Some(l) => {
                l.index[cell as usize] != OFF_LINE
                    && (kind == self.kind(c.king_type, c.player)
                        || kind == self.kind(c.rook_type, c.player))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ways_on_a_straight_line_and_on_a_cycle() {
        // Chess O-O-O from e1: rook a1 4 steps west, king to c1 (2), rook to d1 (1).
        let w = way(4, 2, 1, None).unwrap();
        assert_eq!(w.king_path().collect::<Vec<_>>(), [1, 2]);
        assert_eq!(w.rook_path().collect::<Vec<_>>(), [3, 2, 1]);
        assert_eq!(w.safe(CastleSafety::Path).collect::<Vec<_>>(), [0, 1, 2]);
        assert_eq!(
            w.safe(CastleSafety::Between).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
        assert_eq!(w.safe(CastleSafety::None).count(), 0);
        // King b1, O-O-O: rook a1 one step west, king to c1 (-1), rook to d1 (-2).
        let w = way(1, -1, -2, None).unwrap();
        assert_eq!(w.king_path().collect::<Vec<_>>(), [-1]);
        assert_eq!(w.rook_path().collect::<Vec<_>>(), [0, -1, -2]);
        // On an 8-cycle the king's target 7 steps on is one step back.
        let w = way(3, 7, 6, Some(8)).unwrap();
        assert_eq!((w.king_to, w.rook_to), (-1, -2));
        let w = way(3, 2, 1, Some(8)).unwrap();
        assert_eq!((w.king_to, w.rook_to), (2, 1));
    }
}
