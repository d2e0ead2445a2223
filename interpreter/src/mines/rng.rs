//! The game's random generator: splitmix64, a small deterministic PRNG whose whole
//! state is one `u64`, so a position carries it (`rng=` in position strings), `make`
//! and `unmake` restore it, and a game replays exactly from its seed and moves.

use crate::zobrist::splitmix64;

/// A splitmix64 generator over a borrowed state.
pub(crate) struct Rng<'a>(pub &'a mut u64);

impl Rng<'_> {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        splitmix64(self.0)
    }

    /// A number in `0..n` (`n > 0`), without modulo bias (rejection sampling).
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn same_seed_same_numbers_and_bounds_hold() {
        let (mut a, mut b, mut c) = (7u64, 7u64, 8u64);
        let xs: Vec<usize> = (0..50).map(|_| Rng(&mut a).below(10)).collect();
        let ys: Vec<usize> = (0..50).map(|_| Rng(&mut b).below(10)).collect();
        let zs: Vec<usize> = (0..50).map(|_| Rng(&mut c).below(10)).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
        assert!(xs.iter().all(|&x| x < 10));
        assert!((0..10).all(|d| xs.contains(&d)), "{xs:?}");
    }
}
