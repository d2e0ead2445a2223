//! Perft: the number of leaf nodes of the legal-move tree, the standard test of move
//! generation.
//!
//! The tree is that of every move the rules allow ([`Position::every_move_into`]: with
//! turn tracks, the moves of every track). The last ply is bulk-counted: at depth 1 the legal moves are counted, not made
//! (and where the check rule allows, not even listed: `leaf_count.rs`).
//! A finished game has no moves; repetition, quiet-move and material rules are not
//! applied (as in Fairy-Stockfish), so counts compare with other engines.

use crate::moves::{Move, MoveList};
use crate::position::Position;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Most threads [`divide_threads`] starts.
pub const MAX_PERFT_THREADS: usize = 256;

/// Leaf nodes `depth` plies deep (1 for depth 0).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    let was = std::mem::replace(&mut pos.perft_counting, true);
    let nodes = walk(pos, depth, &mut lists);
    pos.perft_counting = was;
    nodes
}

fn walk(pos: &mut Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return pos.perft_count(list);
    }
    pos.perft_moves_into(list);
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        nodes += walk(pos, depth - 1, rest);
        pos.unmake();
    }
    nodes
}

/// Perft split by first move: each legal move with the leaf count below it, in
/// generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    let was = std::mem::replace(&mut pos.perft_counting, true);
    pos.perft_moves_into(&mut moves);
    let out = moves
        .iter()
        .map(|&m| {
            pos.make(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake();
            (m, n)
        })
        .collect();
    pos.perft_counting = was;
    out
}

/// [`divide`] on `threads` threads (at most [`MAX_PERFT_THREADS`]; 0 or 1 runs
/// [`divide`] on this thread): the same counts in the same order.
///
/// The work is split two plies deep, so that the threads share many small pieces
/// (a few hundred in chess) and none waits long for the last one: each thread takes the
/// next (first move, second move) pair from a shared counter and counts its subtree on
/// its own copy of the position.
pub fn divide_threads(pos: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    let threads = threads.min(MAX_PERFT_THREADS);
    if threads <= 1 || depth < 3 {
        return divide(&mut pos.clone(), depth);
    }
    let mut root = pos.clone();
    root.perft_counting = true;
    let mut firsts = MoveList::new();
    root.perft_moves_into(&mut firsts);
    // Every (first, second) pair, and the first moves with no reply (counted as 0).
    let mut pairs: Vec<(usize, Move)> = Vec::new();
    let mut replies = MoveList::new();
    for (i, &m) in firsts.iter().enumerate() {
        root.make(m);
        root.perft_moves_into(&mut replies);
        pairs.extend(replies.iter().map(|&r| (i, r)));
        root.unmake();
    }
    let counts: Vec<AtomicU64> = firsts.iter().map(|_| AtomicU64::new(0)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut p = root.clone();
                let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(i, reply)) = pairs.get(k) else {
                        break;
                    };
                    p.make(firsts[i]);
                    p.make(reply);
                    let n = walk(&mut p, depth - 2, &mut lists);
                    p.unmake();
                    p.unmake();
                    counts[i].fetch_add(n, Ordering::Relaxed);
                }
            });
        }
    });
    firsts
        .iter()
        .zip(counts)
        .map(|(&m, n)| (m, n.into_inner()))
        .collect()
}

/// [`perft`] on `threads` threads (see [`divide_threads`]).
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft(&mut pos.clone(), depth);
    }
    divide_threads(pos, depth, threads)
        .iter()
        .map(|&(_, n)| n)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::chess;

    #[test]
    fn small_depths_of_the_start_position() {
        let v = chess();
        let mut p = Position::start(&v);
        assert_eq!(perft(&mut p, 0), 1);
        assert_eq!(perft(&mut p, 1), 20);
        assert_eq!(perft(&mut p, 3), 8902);
        let d = divide(&mut p, 2);
        assert_eq!(d.len(), 20);
        assert!(d.iter().all(|&(_, n)| n == 20));
        assert_eq!(p, Position::start(&v));
    }

    #[test]
    fn threads_count_what_one_thread_counts() {
        let v = chess();
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        let mut p = Position::from_str(&v, kiwipete).unwrap();
        let one = divide(&mut p, 3);
        for threads in [0, 1, 2, 3, 7] {
            assert_eq!(divide_threads(&p, 3, threads), one, "{threads} threads");
        }
        assert_eq!(perft_threads(&p, 3, 2), 97_862);
        assert_eq!(perft_threads(&p, 1, 2), 48);
        // A position without moves: nothing to share.
        let mate = Position::from_str(&v, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        assert_eq!(perft_threads(&mate, 4, 2), 0);
    }
}
