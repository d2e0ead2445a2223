//! Perft: the number of leaf nodes of the legal-move tree, the standard test of move
//! generation.
//!
//! The tree is that of every move the rules allow ([`Position::every_move_into`]: with
//! turn tracks, the moves of every track). The last ply is bulk-counted: at depth 1 the legal moves are counted, not made.
//! A finished game has no moves; repetition, quiet-move and material rules are not
//! applied (as in Fairy-Stockfish), so counts compare with other engines.

use crate::moves::{Move, MoveList};
use crate::position::Position;

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
    pos.perft_moves_into(list);
    if depth == 1 {
        return list.len() as u64;
    }
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
}
