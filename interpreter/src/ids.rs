//! Small integer ids for everything the hot loops touch.
//!
//! Move generation indexes flat tables by these ids instead of hashing names, so every
//! id is as small as its limit allows (`dsl::limits`): at most 1024 cells, 32
//! directions, 16 players and 63 kinds (piece type x owner), which lets a set of kinds
//! be one `u64`.

/// A cell of the board, in the board file's declaration order (< 1024).
pub type Cell = u16;
/// A direction of the board (< 32).
pub type Dir = u8;
/// A piece type, in the order of the rule file's `piece` lines.
pub type PieceType = u8;
/// A player, in turn order (the order of the rule file's `player` lines). A piece's
/// *owner* is a player too: the one whose colour it has.
pub type Player = u8;
/// A piece type of one owner: `owner * types + type`. Kinds are < 64 so a set of
/// kinds is a `u64` mask.
pub(crate) type Kind = u8;

/// Most kinds (piece types x owners) a variant may have: a square stores `kind + 1`
/// in a byte and kind sets are `u64` masks.
pub const MAX_KINDS: usize = 63;

/// A piece as the public API shows it: its type and its owner (colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// What it is (index into [`crate::Variant::piece_types`]).
    pub piece_type: PieceType,
    /// Whose colour it is; its controller may differ (see [`crate::Position::controller`]).
    pub owner: Player,
}

/// The bit of one kind in a kind mask.
#[inline]
pub(crate) fn bit(kind: Kind) -> u64 {
    1u64 << kind
}
