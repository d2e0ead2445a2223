//! En-passant entries: the cells a creating move passed, the piece that may be taken
//! there, and who created them.

use crate::ids::{Cell, Player};
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

#[cfg(test)]
mod tests {
    use crate::testing::chess;
    use crate::Position;

    #[test]
    fn an_entry_knows_its_cells_and_key() {
        let v = chess();
        let p = Position::from_str(&v, "4k3/8/8/8/4P3/8/8/4K3 b - e3>e4 0 1").unwrap();
        let e = p.ep[0];
        assert_eq!(e.cells(&v), [v.cell("e3").unwrap()]);
        assert_eq!(e.victim, v.cell("e4").unwrap());
        assert_eq!(e.creator, 0);
        assert_ne!(e.key(&v), 0);
    }
}
