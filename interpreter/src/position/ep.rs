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
