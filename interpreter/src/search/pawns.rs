//! Pawn structure from the board graph: which pawns are passed and which stand on
//! another's path, for any pawn on any board.
//!
//! A pawn's *path* is its cell and every cell its quiet moves reach, step after
//! step, on the empty board (the way to promotion, whatever the board's shape). An
//! enemy pawn's *reach* is its own path plus every cell it could capture on from a
//! cell of that path. A pawn is passed when no enemy pawn's reach meets its path:
//! none can block it or take it on its way. A pawn that has a friendly pawn of its
//! kind on its path is doubled behind it.

use crate::cellset::CellSet;
use crate::ids::{bit, Cell, Kind};
use crate::moves::MoveList;
use crate::position::Position;
use crate::Variant;

/// The paths and reaches of every pawn kind on every cell, computed once.
pub(super) struct PawnTables {
    /// `index[kind]`: the kind's row in the tables below (`None`: not a pawn).
    index: Vec<Option<usize>>,
    cells: usize,
    /// `path[row * cells + cell]`.
    path: Vec<CellSet>,
    /// `reach[row * cells + cell]`.
    reach: Vec<CellSet>,
}

impl PawnTables {
    /// The tables of `v`'s pawn kinds (those with the `pawn` mark), found by
    /// generating each one's moves alone on the empty board and on a full one.
    pub(super) fn new(v: &std::sync::Arc<Variant>) -> PawnTables {
        let cells = v.cell_count();
        let kinds = v.kind_count();
        let mut index = vec![None; kinds];
        let mut rows = 0;
        for (k, slot) in index.iter_mut().enumerate() {
            if v.pawn_kinds & bit(k as Kind) != 0 {
                *slot = Some(rows);
                rows += 1;
            }
        }
        let mut path = Vec::with_capacity(rows * cells);
        let mut reach = Vec::with_capacity(rows * cells);
        let mut pos = Position::empty(v);
        let mut list = MoveList::new();
        for k in (0..kinds).filter(|&k| index[k].is_some()) {
            let kind = k as Kind;
            let quiet = targets(&mut pos, &mut list, kind, None);
            let victim = (0..kinds as Kind).find(|&x| {
                v.kind_owner[x as usize] != v.kind_owner[k] && v.royal_kinds & bit(x) == 0
            });
            let takes = match victim {
                Some(x) => targets(&mut pos, &mut list, kind, Some(x)),
                None => vec![Vec::new(); cells],
            };
            for c in 0..cells {
                let p = closure(cells, &quiet, c as Cell);
                let mut r = p.clone();
                for t in p.iter() {
                    for &x in &takes[t as usize] {
                        r.insert(x);
                    }
                }
                path.push(p);
                reach.push(r);
            }
        }
        PawnTables {
            index,
            cells,
            path,
            reach,
        }
    }

    /// True when `v` has pawns to look at.
    pub(super) fn any(&self) -> bool {
        !self.path.is_empty()
    }

    fn row(&self, kind: Kind, cell: Cell) -> Option<usize> {
        let r = (*self.index.get(kind as usize)?)?;
        Some(r * self.cells + cell as usize)
    }

    /// The path of a pawn of `kind` on `cell` (its cell included).
    pub(super) fn path(&self, kind: Kind, cell: Cell) -> Option<&CellSet> {
        self.row(kind, cell).map(|i| &self.path[i])
    }

    /// The cells a pawn of `kind` on `cell` could ever stand on or take on.
    pub(super) fn reach(&self, kind: Kind, cell: Cell) -> Option<&CellSet> {
        self.row(kind, cell).map(|i| &self.reach[i])
    }
}

/// Per cell, the targets of a lone piece of `kind` there: on the empty board, or
/// with `victim` pieces on every other cell (its captures).
fn targets(
    pos: &mut Position,
    list: &mut MoveList,
    kind: Kind,
    victim: Option<Kind>,
) -> Vec<Vec<Cell>> {
    let cells = pos.variant().cell_count();
    if let Some(x) = victim {
        (0..cells).for_each(|c| pos.put(c as Cell, x));
    }
    let mut out = vec![Vec::new(); cells];
    for (c, row) in out.iter_mut().enumerate() {
        let c = c as Cell;
        if victim.is_some() {
            pos.remove(c);
        }
        pos.put(c, kind);
        list.clear();
        pos.gen_piece(kind, c, bit(kind), list);
        pos.remove(c);
        if let Some(x) = victim {
            pos.put(c, x);
        }
        row.extend(list.iter().map(|m| m.to()).filter(|&t| t != c));
        row.sort_unstable();
        row.dedup();
    }
    if victim.is_some() {
        (0..cells).for_each(|c| {
            pos.remove(c as Cell);
        });
    }
    out
}

/// `from` and every cell reached from it by repeated `moves`.
fn closure(cells: usize, moves: &[Vec<Cell>], from: Cell) -> CellSet {
    let mut seen = CellSet::new(cells);
    seen.insert(from);
    let mut todo = vec![from];
    while let Some(c) = todo.pop() {
        for &t in &moves[c as usize] {
            if seen.insert(t) {
                todo.push(t);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn chess_paths_and_reaches() {
        let v = chess();
        let t = PawnTables::new(&v);
        let white = v.kind(v.piece_type_by_letter('P').unwrap(), 0);
        let black = v.kind(v.piece_type_by_letter('P').unwrap(), 1);
        let cell = |n: &str| v.cell(n).unwrap();
        let names = |s: &CellSet| {
            let mut n: Vec<String> = s.iter().map(|c| v.cell_name(c).to_string()).collect();
            n.sort();
            n.join(" ")
        };
        assert_eq!(names(t.path(white, cell("e5")).unwrap()), "e5 e6 e7 e8");
        assert_eq!(
            names(t.reach(black, cell("d6")).unwrap()),
            "c1 c2 c3 c4 c5 d1 d2 d3 d4 d5 d6 e1 e2 e3 e4 e5"
        );
        assert!(t
            .path(v.kind(v.piece_type_by_letter('N').unwrap(), 0), 0)
            .is_none());
    }
}
