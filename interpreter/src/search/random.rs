//! A uniformly random player, seeded so that a match replays exactly.

use super::Decide;
use crate::{Move, MoveList, Position};

/// Picks one of the legal moves, each with the same chance.
pub struct RandomMover {
    state: u64,
    list: MoveList,
}

impl RandomMover {
    /// A mover whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomMover {
        RandomMover {
            state: seed,
            list: MoveList::new(),
        }
    }

    /// The next number of the generator (splitmix64).
    pub fn next_u64(&mut self) -> u64 {
        crate::zobrist::splitmix64(&mut self.state)
    }

    /// A number below `n` (`n > 0`), without modulo bias worth speaking of.
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

impl Decide for RandomMover {
    fn decide(&mut self, pos: &mut Position) -> Option<Move> {
        pos.legal_moves_into(&mut self.list);
        if self.list.is_empty() {
            return None;
        }
        let i = self.below(self.list.len());
        Some(self.list[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn seeded_and_legal() {
        let v = chess();
        let mut p = Position::start(&v);
        let (mut a, mut b) = (RandomMover::new(7), RandomMover::new(7));
        for _ in 0..40 {
            let m = a.decide(&mut p);
            assert_eq!(m, b.decide(&mut p));
            let Some(m) = m else { break };
            assert!(p.legal_moves().contains(&m));
            p.make(m);
        }
        let mut seen = [false; 20];
        let start = &mut Position::start(&v);
        let mut r = RandomMover::new(1);
        for _ in 0..400 {
            let m = r.decide(start).unwrap();
            let i = start.legal_moves().iter().position(|&x| x == m).unwrap();
            seen[i] = true;
        }
        assert!(seen.iter().all(|&s| s), "every move gets picked");
    }
}
