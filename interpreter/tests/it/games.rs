//! Random games (seeded, deterministic): after every move the incremental hash equals
//! the hash computed from scratch and the piece lists agree with the board; taking
//! every move back restores each earlier position exactly.

use crate::common::{chess, Rng};
use chessgraph::{Position, Variant};
use std::sync::Arc;

/// Plays `plies` random legal moves from `start`, checking as it goes, then unmakes
/// them all and checks that every position comes back.
pub fn random_game(v: &Arc<Variant>, start: &str, seed: u64, plies: usize) -> usize {
    let mut p = if start.is_empty() {
        Position::start(v)
    } else {
        Position::from_str(v, start).unwrap()
    };
    let mut rng = Rng(seed);
    let lost = |p: &Position| {
        (0..v.players().len() as u8)
            .map(|q| p.lost_points(q))
            .collect::<Vec<_>>()
    };
    let mut seen = vec![(p.to_string(), p.hash(), lost(&p))];
    for _ in 0..plies {
        let moves = p.legal_moves();
        assert_eq!(
            p.to_string(),
            seen.last().unwrap().0,
            "legal_moves changed the position"
        );
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        p.make(m);
        if let Err(e) = p.debug_validate() {
            panic!("after {} in game {seed}: {e}", p.long(m));
        }
        let s = p.to_string();
        let read = Position::from_str(v, &s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(read, p, "{s}");
        seen.push((p.to_string(), p.hash(), lost(&p)));
    }
    let made = seen.len() - 1;
    while let Some((s, h, l)) = seen.pop() {
        assert_eq!(p.to_string(), s);
        assert_eq!(p.hash(), h);
        assert_eq!(lost(&p), l);
        p.debug_validate().unwrap();
        if p.unmake().is_none() {
            break;
        }
    }
    assert!(seen.is_empty(), "more unmakes than makes");
    made
}

#[test]
fn chess_games_make_and_unmake_exactly() {
    let v = chess();
    let mut plies = 0;
    for seed in 0..24 {
        plies += random_game(&v, "", seed, 300);
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    for seed in 0..8 {
        plies += random_game(&v, kiwipete, seed, 200);
    }
    assert!(plies > 3000);
}

#[test]
fn equal_positions_hash_equal() {
    let v = chess();
    let mut a = Position::start(&v);
    for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        let mv = a.parse_long(m).unwrap();
        a.make(mv);
    }
    let b = Position::start(&v);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.repetitions(), 2);
}
