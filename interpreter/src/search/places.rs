//! Tables of places: what a piece of each kind is worth on each cell beyond its
//! value, in the middle game and in the endgame, blended by the game's phase. They
//! are data beside the variant (`hint place PIECE PLAYER = ...`), learnt from games
//! by `chessgraph tune --places`; a variant without them has none and its
//! evaluation is unchanged.

use crate::ids::{Cell, Kind};
use crate::rules::PlacePhase;
use crate::Variant;

/// The phase scale: 256 is the middle game (the opponents keep all their pieces
/// that are neither pawns nor royal), 0 the endgame.
pub(crate) const PHASE: i32 = 256;

/// The index of the entry of `kind` on `cell` in `phase` on a board of `cells`
/// cells (kind-major, then cell, then phase).
pub(crate) fn place_index(cells: usize, kind: Kind, cell: Cell, phase: PlacePhase) -> usize {
    (kind as usize * cells + cell as usize) * 2 + usize::from(phase == PlacePhase::End)
}

/// Per kind and cell, the middle-game and endgame worth (centipawns).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Places {
    cells: usize,
    /// `table[kind * cells + cell]`: (middle game, endgame).
    table: Vec<[i16; 2]>,
}

impl Places {
    /// Zeros for every kind and cell of `v`.
    pub fn zero(v: &Variant) -> Places {
        let cells = v.cell_count();
        Places {
            cells,
            table: vec![[0; 2]; v.kind_count() * cells],
        }
    }

    /// The tables the variant's rule file gives (`hint place`), zeros elsewhere.
    pub fn of(v: &Variant) -> Places {
        let mut p = Places::zero(v);
        for (kind, phase, values) in &v.rules.eval_places {
            for (c, &x) in values.iter().enumerate().take(p.cells) {
                p.set(*kind, c as Cell, *phase, x);
            }
        }
        p
    }

    /// True when every entry is zero (the evaluation then skips the term).
    pub fn is_zero(&self) -> bool {
        self.table.iter().all(|&e| e == [0, 0])
    }

    /// The number of entries (kinds × cells × 2 phases): the tuner's parameters.
    pub fn len(&self) -> usize {
        self.table.len() * 2
    }

    /// True when the variant has no kinds or cells.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }

    /// The index of an entry among [`Places::len`].
    pub fn index(&self, kind: Kind, cell: Cell, phase: PlacePhase) -> usize {
        place_index(self.cells, kind, cell, phase)
    }

    /// The entry at `index` (see [`Places::index`]).
    pub fn get_index(&self, index: usize) -> i16 {
        self.table.get(index / 2).map_or(0, |e| e[index % 2])
    }

    /// Sets the entry at `index` (see [`Places::index`]).
    pub fn set_index(&mut self, index: usize, value: i16) {
        if let Some(e) = self.table.get_mut(index / 2) {
            e[index % 2] = value;
        }
    }

    /// Sets one entry.
    pub fn set(&mut self, kind: Kind, cell: Cell, phase: PlacePhase, value: i16) {
        let i = self.index(kind, cell, phase);
        self.set_index(i, value);
    }

    /// The worth of a piece of `kind` on `cell` when the phase is `middle`
    /// (`0..=PHASE`).
    #[inline]
    pub(crate) fn worth(&self, kind: Kind, cell: Cell, middle: i32) -> i32 {
        let [m, e] = self.table[kind as usize * self.cells + cell as usize];
        (m as i32 * middle + e as i32 * (PHASE - middle)) / PHASE
    }

    /// The tables as `hint place` lines for the rule file: one statement per kind
    /// and phase that is not all zeros, its values in the board's cell order, eight
    /// to a line.
    pub fn to_hints(&self, v: &Variant) -> String {
        let types = v.piece_types();
        let mut out = String::new();
        for kind in 0..v.kind_count() {
            let (owner, ty) = (v.kind_owner[kind], v.kind_type[kind]);
            for (word, phase) in crate::rules::PLACE_WORDS {
                let values: Vec<i16> = (0..self.cells)
                    .map(|c| self.get_index(self.index(kind as Kind, c as Cell, phase)))
                    .collect();
                if values.iter().all(|&x| x == 0) {
                    continue;
                }
                let name = &types[ty as usize].name;
                let player = &v.players()[owner as usize].name;
                out.push_str(&format!("hint {word} {name} {player} = \\\n"));
                for (i, row) in values.chunks(8).enumerate() {
                    let row: Vec<String> = row.iter().map(|x| format!("{x:4}")).collect();
                    let more = if (i + 1) * 8 < values.len() {
                        " \\"
                    } else {
                        ""
                    };
                    out.push_str(&format!("  {}{more}\n", row.join(" ")));
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Evaluator;
    use crate::testing::{compile, fide_chess as chess, CHESS_BOARD, FIDE_CHESS};
    use crate::Position;

    #[test]
    fn tables_written_as_hints_read_back_the_same() {
        let v = chess();
        let mut p = Places::zero(&v);
        assert!(p.is_zero() && Places::of(&v) == p);
        p.set(0, 3, PlacePhase::Middle, 17);
        p.set(0, 63, PlacePhase::End, -250);
        p.set(v.kind_count() as Kind - 1, 10, PlacePhase::Middle, 4);
        let hints = p.to_hints(&v);
        assert_eq!(hints.matches("hint place").count(), 3, "{hints}");
        let tuned = compile(&format!("{FIDE_CHESS}\n{hints}"), CHESS_BOARD).unwrap();
        assert_eq!(Places::of(&tuned), p);
    }

    #[test]
    fn a_table_moves_the_value_by_the_phase() {
        // A white knight worth 40 more on its cell in the middle game and 100 more in
        // the endgame: at the start (all pieces on, the middle game) 40 more.
        let v = chess();
        let start = Position::start(&v);
        let plain = Evaluator::new(&v).value(&start, 0);
        let b1 = v.cell("b1").unwrap();
        let kind = start.board[b1 as usize] - 1;
        let mut p = Places::zero(&v);
        p.set(kind, b1, PlacePhase::Middle, 40);
        p.set(kind, b1, PlacePhase::End, 100);
        let e = Evaluator::with_weights_and_places(&v, crate::search::Weights::of(&v), p);
        assert_eq!(e.value(&start, 0), plain + 40);
        assert_eq!(e.value(&start, 1), -(plain + 40));
        // Its features say the same: weight 1 on the middle-game entry, 0 at the end.
        let mut f = Vec::new();
        e.place_features(&start, 0, &mut f);
        let at = |phase| {
            let i = place_index(64, kind, b1, phase) as u32;
            f.iter().find(|x| x.0 == i).map(|x| x.1)
        };
        assert_eq!(
            (at(PlacePhase::Middle), at(PlacePhase::End)),
            (Some(1.0), Some(0.0))
        );
    }
}
