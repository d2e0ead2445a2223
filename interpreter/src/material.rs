//! Material signatures: a 64-bit key of how many pieces of each type stand on the
//! board, kept up to date piece by piece (`position/pieces.rs`), so that a material
//! condition (`end material all K K | K K B: draw`) compares keys instead of counting
//! at every move. A key match is confirmed by counting: the rare equal key of unequal
//! material cannot give a wrong answer.

use crate::ids::PieceType;
use dsl::limits::MAX_PIECE_TYPES;

/// splitmix64's finaliser: unrelated 64-bit values for consecutive inputs.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One random 64-bit key per piece type.
const TYPE_KEYS: [u64; MAX_PIECE_TYPES] = {
    let mut keys = [0u64; MAX_PIECE_TYPES];
    let mut t = 0;
    while t < MAX_PIECE_TYPES {
        keys[t] = mix(t as u64 + 1);
        t += 1;
    }
    keys
};

/// The key of one piece of type `t`. A material key is the wrapping sum of its
/// pieces' keys, so that a piece entering or leaving the board adds or subtracts one
/// key (one addition in `put` and `remove`, no rehash of the count); two different
/// materials share a key only if a small integer combination of random 64-bit keys
/// is zero, and a key match is confirmed by counting anyway.
#[inline(always)]
pub(crate) fn piece_key(t: PieceType) -> u64 {
    TYPE_KEYS[t as usize]
}

/// The key of `n` pieces of type `t` (0 for none).
#[inline]
pub(crate) fn type_key(t: PieceType, n: u16) -> u64 {
    piece_key(t).wrapping_mul(n as u64)
}

/// The key of a material alternative: the count of each piece type.
pub(crate) fn key_of(counts: &[u8; MAX_PIECE_TYPES]) -> u64 {
    counts.iter().enumerate().fold(0u64, |k, (t, &n)| {
        k.wrapping_add(type_key(t as PieceType, n as u16))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_counts_and_types_apart() {
        let mut seen = std::collections::HashSet::new();
        for t in 0..MAX_PIECE_TYPES as PieceType {
            for n in 1..200 {
                assert!(seen.insert(type_key(t, n)), "type {t}, {n} pieces");
            }
        }
        assert_eq!(type_key(3, 0), 0);
        let mut kk = [0u8; MAX_PIECE_TYPES];
        kk[0] = 2;
        let mut kkb = kk;
        kkb[3] = 1;
        assert_ne!(key_of(&kk), key_of(&kkb));
        assert_eq!(key_of(&kkb), type_key(0, 2).wrapping_add(type_key(3, 1)));
    }
}
