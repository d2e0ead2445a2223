//! Kinds (piece type x owner) and the kind masks the engine tests with one `and`.

use crate::ids::{bit, Kind, PieceType, Player};
use crate::variant::{CastleInfo, PieceTypeInfo};

/// Per kind its owner and type, and the masks of kinds with a property.
pub(crate) struct KindMasks {
    pub kind_owner: Vec<Player>,
    pub kind_type: Vec<PieceType>,
    /// Kinds of each owner.
    pub owner_kinds: Vec<u64>,
    pub royal_kinds: u64,
    pub pawn_kinds: u64,
    /// Castling partners and types with `first` moves: their unmoved state matters.
    pub virgin_kinds: u64,
    /// Of those, the castling partners and `first` types alone (a FEN reader marks
    /// them unmoved on their setup cells without a castling letter).
    pub first_kinds: u64,
}

/// Kind `k` is owner `k / types` and type `k % types`.
pub(crate) fn masks(
    types: &[PieceTypeInfo],
    players: usize,
    first_types: u64,
    castles: &[CastleInfo],
    gated: u64,
) -> KindMasks {
    let ntypes = types.len();
    let kinds = ntypes * players;
    let kind_owner: Vec<Player> = (0..kinds).map(|k| (k / ntypes) as Player).collect();
    let kind_type: Vec<PieceType> = (0..kinds).map(|k| (k % ntypes) as PieceType).collect();
    let of = |keep: &dyn Fn(usize) -> bool| -> u64 {
        (0..kinds)
            .filter(|&k| keep(k))
            .fold(0, |m, k| m | bit(k as Kind))
    };
    let mut virgin_kinds = of(&|k| first_types & (1 << kind_type[k]) != 0);
    for c in castles {
        virgin_kinds |= bit((c.player as usize * ntypes + c.king_type as usize) as Kind);
        virgin_kinds |= bit((c.player as usize * ntypes + c.rook_type as usize) as Kind);
    }
    KindMasks {
        owner_kinds: (0..players)
            .map(|p| of(&|k| kind_owner[k] as usize == p))
            .collect(),
        royal_kinds: of(&|k| types[kind_type[k] as usize].royal),
        pawn_kinds: of(&|k| types[kind_type[k] as usize].pawn),
        virgin_kinds: virgin_kinds | gated,
        first_kinds: virgin_kinds,
        kind_owner,
        kind_type,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_owner_major() {
        let t = |royal, pawn| PieceTypeInfo {
            name: String::new(),
            letter: 'X',
            demotes_to: None,
            royal,
            pawn,
            value: 0,
        };
        let m = masks(
            &[t(true, false), t(false, true), t(false, false)],
            2,
            0b100,
            &[],
            0,
        );
        assert_eq!(m.kind_owner, [0, 0, 0, 1, 1, 1]);
        assert_eq!(m.kind_type, [0, 1, 2, 0, 1, 2]);
        assert_eq!(m.owner_kinds, [0b000111, 0b111000]);
        assert_eq!(m.royal_kinds, 0b001001);
        assert_eq!(m.pawn_kinds, 0b010010);
        assert_eq!(m.virgin_kinds, 0b100100);
    }
}
