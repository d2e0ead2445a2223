//! Hidden mines: objects on cells that the players may not see, placed by chance when
//! the game starts, and what a piece entering one does.
//!
//! The rule file says where mines may lie and how many (`mines N in ZONE seed S`),
//! whether they come in mirrored pairs (`mines mirror D E`), who sees them (`mines
//! shown always|primed|never`) and, per piece type and mine state, what a
//! non-capturing move onto one does (`mine primed|unprimed PIECES: EFFECTS`). This
//! module holds the compiled rules ([`MineRules`]), the seeded generator
//! ([`rng`]) and the placement ([`layout`]); the state lives in
//! [`crate::Position`] (`position/mined.rs`) and what each player knows in
//! [`crate::PlayerView`].
//!
//! Captures never touch a mine. Legality tests (probes) ignore mines that the
//! players cannot know of (unprimed ones unless `shown always`), so the legal moves
//! never depend on hidden information; the real `make` resolves them from the
//! referee's state.

pub(crate) mod layout;
pub(crate) mod rng;

use crate::ids::Cell;

/// Effect bit: the mine becomes primed.
pub(crate) const PRIME: u8 = 1;
/// Effect bit: the move is taken back, the same player moves again, not this move.
pub(crate) const UNDO: u8 = 2;
/// Effect bit: the piece that entered is removed.
pub(crate) const BLAST: u8 = 4;
/// Effect bit: the same player moves again.
pub(crate) const AGAIN: u8 = 8;

/// Cell state bit: a mine lies here.
pub(crate) const MINE: u8 = 1;
/// Cell state bit: the mine is primed.
pub(crate) const PRIMED: u8 = 2;

/// Which mines the players see drawn on the board (`mines shown ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinesShown {
    /// Every mine, primed or not.
    Always,
    /// Primed mines (a mine is exposed when it is primed).
    Primed,
    /// None; primed mines are announced, and players must remember them.
    Never,
}

/// The compiled mine rules of a variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MineRules {
    /// How many mines the start position gets (0 without a layout).
    pub count: usize,
    /// Cells where the start position may get mines, in cell order.
    pub zone: Vec<Cell>,
    /// Seed of the generator that places them.
    pub seed: u64,
    /// The `int` option the seed was read from, if any (front ends may draw one).
    pub seed_option: Option<String>,
    /// Per cell: its mirror image for paired placement (`mines mirror`), or
    /// [`NO_CELL`] when the cell has none in the zone.
    pub mirror: Option<Vec<Cell>>,
    /// Who sees which mines.
    pub shown: MinesShown,
    /// Per piece type: effect bits of a non-capturing entry onto an unprimed mine.
    pub unprimed: Vec<u8>,
    /// Per piece type: effect bits of a non-capturing entry onto a primed mine.
    pub primed: Vec<u8>,
    /// Hash keys: two per cell (a mine, a primed mine), then the refused-move seed.
    pub keys: Vec<u64>,
}

/// No cell.
pub(crate) const NO_CELL: Cell = Cell::MAX;

impl MineRules {
    /// True when a mine can give the mover another move after his piece is blown up
    /// (`again`): the opponent may then stand in check while the mover moves on.
    pub fn moves_again(&self) -> bool {
        self.unprimed
            .iter()
            .chain(&self.primed)
            .any(|e| e & AGAIN != 0)
    }

    /// Builds the hash keys for `cells` cells (fixed seed, like the Zobrist keys).
    pub fn make_keys(cells: usize) -> Vec<u64> {
        let mut s = 0x4D49_4E45_5345_4544u64;
        (0..cells * 2 + 1)
            .map(|_| crate::zobrist::splitmix64(&mut s))
            .collect()
    }

    /// The hash key of a cell's mine state (0 for no mine).
    #[inline]
    pub fn key(&self, cell: Cell, state: u8) -> u64 {
        match state {
            0 => 0,
            s if s & PRIMED != 0 => self.keys[cell as usize * 2 + 1],
            _ => self.keys[cell as usize * 2],
        }
    }

    /// The hash key of a refused move.
    pub fn refused_key(&self, m: crate::Move) -> u64 {
        let mut s = self.keys[self.keys.len() - 1]
            ^ ((m.from as u64) << 32 | (m.to as u64) << 8 | m.promo as u64);
        crate::zobrist::splitmix64(&mut s)
    }

    /// True when players see this mine on the board.
    pub fn is_shown(&self, state: u8) -> bool {
        match self.shown {
            MinesShown::Always => state & MINE != 0,
            MinesShown::Primed => state & PRIMED != 0,
            MinesShown::Never => false,
        }
    }

    /// True when the players know of this mine (shown, or primed and so announced):
    /// legality and every player's view depend on known mines only.
    pub fn is_known(&self, state: u8) -> bool {
        state & PRIMED != 0 || self.is_shown(state)
    }
}
