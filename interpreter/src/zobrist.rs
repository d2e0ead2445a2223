//! Zobrist keys, built once per variant from a fixed-seed splitmix64, so a position's
//! hash is the same in every run (repetition tables and tests can rely on it).

use crate::ids::{Cell, Kind, Player};

/// The seed of every variant's keys.
const SEED: u64 = 0x0C4E_5561_7261_7068;

/// One step of splitmix64: a fast, well-mixed 64-bit generator.
pub(crate) fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Every key of one variant.
#[derive(Clone, Debug, Default)]
pub(crate) struct Keys {
    cells: usize,
    piece: Vec<u64>,
    virgin: Vec<u64>,
    ep_skip: Vec<u64>,
    ep_victim: Vec<u64>,
    ep_creator: Vec<u64>,
    to_move: Vec<u64>,
    eliminated: Vec<u64>,
    control: Vec<u64>,
    players: usize,
    regions: usize,
    /// Xored in once the game has a recorded result.
    pub finished: u64,
    /// Mixed with a player and a number of lost points (see [`Keys::lost`]).
    lost_seed: u64,
}

impl Keys {
    /// Keys for `kinds` kinds on `cells` cells with `players` players and `regions`
    /// control regions.
    pub fn new(kinds: usize, cells: usize, players: usize, regions: usize) -> Keys {
        let mut s = SEED;
        let mut take = |n: usize| (0..n).map(|_| splitmix64(&mut s)).collect::<Vec<u64>>();
        let piece = take(kinds * cells);
        let virgin = take(cells);
        let ep_skip = take(cells);
        let ep_victim = take(cells);
        let ep_creator = take(players);
        let to_move = take(players);
        let eliminated = take(players);
        let control = take(players * regions * players);
        let finished = take(1)[0];
        let lost_seed = take(1)[0];
        Keys {
            cells,
            piece,
            virgin,
            ep_skip,
            ep_victim,
            ep_creator,
            to_move,
            eliminated,
            control,
            players,
            regions,
            finished,
            lost_seed,
        }
    }

    /// `player` has lost `points` points of material (0 for none, so that a fresh
    /// position's hash does not depend on whether lost points are hashed). Computed on
    /// the fly: lost points are unbounded, and they change only on captures.
    pub fn lost(&self, player: Player, points: i64) -> u64 {
        if points == 0 {
            return 0;
        }
        let mut s = self.lost_seed ^ ((player as u64) << 48) ^ (points as u64);
        splitmix64(&mut s)
    }

    /// Counter `counter` of `player` holds `value` (0 for none, like [`Keys::lost`]).
    pub fn counter(&self, counter: usize, player: Player, value: i64) -> u64 {
        if value == 0 {
            return 0;
        }
        let mut s = self.lost_seed
            ^ 0x636f_756e_0000_0000
            ^ ((counter as u64) << 40)
            ^ ((player as u64) << 32)
            ^ (value as u64).rotate_left(17);
        splitmix64(&mut s)
    }

    /// The `i`-th piece (from 0) of `kind` in its owner's hand. Computed on the fly:
    /// hands change only on drops and captures.
    pub fn hand(&self, kind: Kind, i: u8) -> u64 {
        let mut s = self.lost_seed ^ 0x6861_6e64_0000_0000 ^ ((kind as u64) << 16) ^ i as u64;
        splitmix64(&mut s)
    }

    /// The piece on `cell` promoted from type `origin - 1` (variants whose captures go
    /// to hand remember it, to give the piece back as that type).
    pub fn origin(&self, cell: Cell, origin: u8) -> u64 {
        let mut s = self.lost_seed ^ 0x6f72_6967_0000_0000 ^ ((cell as u64) << 16) ^ origin as u64;
        splitmix64(&mut s)
    }

    /// A piece of `kind` on `cell`.
    #[inline]
    pub fn piece(&self, kind: Kind, cell: Cell) -> u64 {
        self.piece[kind as usize * self.cells + cell as usize]
    }

    /// An unmoved piece on `cell`.
    #[inline]
    pub fn virgin(&self, cell: Cell) -> u64 {
        self.virgin[cell as usize]
    }

    /// An en-passant entry.
    pub fn ep(&self, skipped: &[Cell], victim: Cell, creator: Player) -> u64 {
        let mut h = self.ep_victim[victim as usize] ^ self.ep_creator[creator as usize];
        for &c in skipped {
            h ^= self.ep_skip[c as usize];
        }
        h
    }

    /// `player` is to move.
    #[inline]
    pub fn to_move(&self, player: Player) -> u64 {
        self.to_move[player as usize]
    }

    /// On turn track `track`, `player` is to move (games with several tracks hash this
    /// and [`Keys::cursor`] instead of [`Keys::to_move`]). Computed on the fly.
    pub fn turn(&self, track: usize, player: Player) -> u64 {
        let mut s = self.lost_seed ^ 0x7475_726e_0000_0000 ^ ((track as u64) << 8) ^ player as u64;
        splitmix64(&mut s)
    }

    /// The scheduled track is `track`.
    pub fn cursor(&self, track: usize) -> u64 {
        let mut s = self.lost_seed ^ 0x6375_7273_0000_0000 ^ track as u64;
        splitmix64(&mut s)
    }

    /// `player` is eliminated.
    pub fn eliminated(&self, player: Player) -> u64 {
        self.eliminated[player as usize]
    }

    /// The pieces of `owner` in `region` are controlled by `controller` (only hashed
    /// when that is not the owner).
    pub fn control(&self, owner: Player, region: usize, controller: Player) -> u64 {
        let i = (owner as usize * self.regions + region) * self.players + controller as usize;
        self.control[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_is_fixed() {
        let mut s = 0;
        assert_eq!(splitmix64(&mut s), 0xE220_A839_7B1D_CDAF);
    }

    #[test]
    fn keys_are_distinct_and_repeatable() {
        let a = Keys::new(12, 64, 2, 1);
        let b = Keys::new(12, 64, 2, 1);
        assert_eq!(a.piece(3, 10), b.piece(3, 10));
        assert_ne!(a.piece(3, 10), a.piece(3, 11));
        assert_ne!(a.to_move(0), a.to_move(1));
        assert_ne!(a.control(0, 0, 1), a.control(1, 0, 0));
        assert_eq!(a.lost(1, 0), 0);
        assert_eq!(a.lost(1, 5), b.lost(1, 5));
        assert_ne!(a.lost(1, 5), a.lost(0, 5));
        assert_ne!(a.lost(1, 5), a.lost(1, 4));
    }
}
