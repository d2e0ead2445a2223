//! Piece-list and mailbox updates with their hash keys: the only code that moves
//! pieces, so the lists, the mailbox and the hash never disagree.

use super::Position;
use crate::ids::{bit, Cell, Kind};

impl Position {
    /// Removes the piece on `cell` (hash updated). Swap-removes from its list; `restore`
    /// puts it back at the same index so list order survives make/unmake.
    #[inline]
    pub(crate) fn remove(&mut self, cell: Cell) -> Kind {
        let kind = self.board[cell as usize] - 1;
        let cells = self.v.cell_count();
        let base = kind as usize * cells;
        let i = self.slot[cell as usize] as usize;
        let last = self.plen[kind as usize] as usize - 1;
        let moved = self.plist[base + last];
        self.plist[base + i] = moved;
        self.slot[moved as usize] = i as u16;
        self.plen[kind as usize] = last as u16;
        if last == 0 {
            self.present &= !bit(kind);
        }
        self.count_material(kind, last as u16 + 1, last as u16);
        self.toggle_cell(kind, cell);
        self.board[cell as usize] = 0;
        self.hash ^= self.v.keys.piece(kind, cell);
        kind
    }

    /// Undoes `remove`: puts `kind` back on `cell` at list index `i`.
    #[inline]
    pub(crate) fn restore(&mut self, cell: Cell, kind: Kind, i: u16) {
        let cells = self.v.cell_count();
        let base = kind as usize * cells;
        let n = self.plen[kind as usize] as usize;
        if (i as usize) < n {
            let displaced = self.plist[base + i as usize];
            self.plist[base + n] = displaced;
            self.slot[displaced as usize] = n as u16;
        }
        self.plist[base + i as usize] = cell;
        self.slot[cell as usize] = i;
        self.plen[kind as usize] = n as u16 + 1;
        self.present |= bit(kind);
        self.count_material(kind, n as u16, n as u16 + 1);
        self.toggle_cell(kind, cell);
        self.board[cell as usize] = kind + 1;
        self.hash ^= self.v.keys.piece(kind, cell);
    }

    /// Moves the piece on `from` to the empty cell `to`, keeping its list index.
    #[inline]
    pub(crate) fn relocate(&mut self, from: Cell, to: Cell) {
        let sq = self.board[from as usize];
        let kind = sq - 1;
        let i = self.slot[from as usize];
        self.plist[kind as usize * self.v.cell_count() + i as usize] = to;
        self.slot[to as usize] = i;
        self.board[from as usize] = 0;
        self.board[to as usize] = sq;
        self.toggle_cell(kind, from);
        self.toggle_cell(kind, to);
        let k = &self.v.keys;
        self.hash ^= k.piece(kind, from) ^ k.piece(kind, to);
    }

    /// Adds a piece at the end of its list (hash updated).
    #[inline]
    pub(crate) fn add(&mut self, cell: Cell, kind: Kind) {
        self.put(cell, kind);
        self.hash ^= self.v.keys.piece(kind, cell);
    }

    /// Adds `cell` to the cell set of `kind`, or removes it (small boards only).
    #[inline(always)]
    pub(super) fn toggle_cell(&mut self, kind: Kind, cell: Cell) {
        if let Some(set) = self.kind_cells.get_mut(kind as usize) {
            *set ^= crate::move_bits::cell_bit(cell);
        }
    }

    /// The cells of a kind's pieces.
    #[inline]
    pub(crate) fn pieces_of(&self, kind: Kind) -> &[Cell] {
        let cells = self.v.cell_count();
        let base = kind as usize * cells;
        &self.plist[base..base + self.plen[kind as usize] as usize]
    }
}

impl Position {
    /// Checks that the piece lists, their index map and the mailbox agree, and that
    /// the hash equals one computed from scratch. For tests of `make`/`unmake`.
    #[doc(hidden)]
    pub fn debug_validate(&self) -> Result<(), String> {
        let mut count = 0;
        for k in 0..self.v.kind_count() as Kind {
            for (i, &c) in self.pieces_of(k).iter().enumerate() {
                if self.board[c as usize] != k + 1 {
                    return Err(format!(
                        "kind {k} lists cell {c}, which holds {}",
                        self.board[c as usize]
                    ));
                }
                if self.slot[c as usize] as usize != i {
                    return Err(format!(
                        "cell {c} has list index {}, not {i}",
                        self.slot[c as usize]
                    ));
                }
                if self.present & bit(k) == 0 {
                    return Err(format!("kind {k} has pieces but is not present"));
                }
                count += 1;
            }
        }
        for (k, &set) in self.kind_cells.iter().enumerate() {
            let listed = self
                .pieces_of(k as Kind)
                .iter()
                .fold(0, |m, &c| m | crate::move_bits::cell_bit(c));
            if set != listed {
                return Err(format!("the cell set of kind {k} differs from its list"));
            }
        }
        if count != self.board.iter().filter(|&&s| s != 0).count() {
            return Err("the lists and the mailbox hold different numbers of pieces".into());
        }
        if self.hash != self.compute_hash() {
            return Err("the incremental hash differs from the hash computed from scratch".into());
        }
        // The material keys, from the lists.
        let v = &*self.v;
        let mut types = [0u16; dsl::limits::MAX_PIECE_TYPES];
        let mut players = [0u64; dsl::limits::MAX_PLAYERS];
        for k in 0..v.kind_count() {
            let (t, o) = (v.kind_type[k] as usize, v.kind_owner[k] as usize);
            types[t] += self.plen[k];
            players[o] = players[o].wrapping_add(crate::material::type_key(t as u8, self.plen[k]));
        }
        let whole = (0..types.len()).fold(0u64, |m, t| {
            m.wrapping_add(crate::material::type_key(t as u8, types[t]))
        });
        if types != self.type_count || whole != self.material || players != self.player_material {
            return Err("the material keys differ from the pieces on the board".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn relocate_and_add_update_the_hash() {
        let v = chess();
        let mut p = Position::start(&v);
        let (g1, f3) = (v.cell("g1").unwrap(), v.cell("f3").unwrap());
        p.relocate(g1, f3);
        let kind = p.board[f3 as usize] - 1;
        assert!(p.pieces_of(kind).contains(&f3));
        assert_eq!(p.hash(), p.compute_hash());
        let e4 = v.cell("e4").unwrap();
        p.add(e4, kind);
        p.debug_validate().unwrap();
        p.board[e4 as usize] = 0;
        assert!(
            p.debug_validate().is_err(),
            "the lists list a cell the board has emptied"
        );
    }
}
