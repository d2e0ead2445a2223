//! Deciding from positions one cannot tell apart: the hidden-information path.
//!
//! A player who sees only his own view of the game (hidden mines, say) passes the
//! positions that agree with his view (the view itself, or samples of the unseen
//! state drawn by the variant's own code). Each is searched, and the move named most
//! often wins, ties going to the higher summed value. Moves are compared by what
//! notation shows (from, to, promotion), the same in every sample. The referee state
//! is never needed.

use super::engine::Searcher;
use crate::{Move, Position};

/// The move most samples agree on, or `None` when no sample has a legal move.
pub fn decide_from_samples(searcher: &mut Searcher, samples: &mut [Position]) -> Option<Move> {
    // (move, votes, summed value), in the order first found (determinism).
    let mut tally: Vec<(Move, u32, i64)> = Vec::new();
    for pos in samples.iter_mut() {
        let Some(r) = searcher.search(pos) else {
            continue;
        };
        let key = |m: Move| (m.from(), m.to(), m.promotion());
        match tally.iter_mut().find(|t| key(t.0) == key(r.best)) {
            Some(t) => {
                t.1 += 1;
                t.2 += r.value as i64;
            }
            None => tally.push((r.best, 1, r.value as i64)),
        }
    }
    let mut best: Option<(Move, u32, i64)> = None;
    for t in tally {
        if best.map_or(true, |b| (t.1, t.2) > (b.1, b.2)) {
            best = Some(t);
        }
    }
    best.map(|b| b.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use crate::testing::chess;

    #[test]
    fn votes_for_the_common_move() {
        let v = chess();
        let mut s = Searcher::new(&v, Limits::depth(2));
        // White takes the queen in both samples; the bishop only in one.
        let a = Position::from_str(&v, "4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1").unwrap();
        let b = Position::from_str(&v, "4k3/8/8/3q1b2/4P3/8/8/4K3 w - - 0 1").unwrap();
        let mut samples = vec![a.clone(), b];
        let m = decide_from_samples(&mut s, &mut samples).unwrap();
        assert_eq!(a.long(m), "e4d5");
        assert_eq!(decide_from_samples(&mut s, &mut []), None);
    }
}
