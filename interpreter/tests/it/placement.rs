//! Sittuyin: the placement phase written as `must drops`, and the promotion as a move
//! of its own (`promote in place or step`), with its conditions as filters.

use crate::common::{named, sorted_longs as longs};
use chessgraph::{san, MoveKind, Position};

#[test]
fn pieces_are_placed_before_anything_moves() {
    let v = named("sittuyin", &[]);
    let mut p = Position::start(&v);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 88);
    assert!(moves.iter().all(|m| m.kind() == MoveKind::Drop));
    let all = longs(&mut p);
    // Rooks on the first rank only; the others on the first three ranks.
    assert!(all
        .iter()
        .filter(|m| m.starts_with("R@"))
        .all(|m| m.ends_with('1')));
    assert!(all.contains(&"N@e3".to_string()));
    assert!(!all.iter().any(|m| m.ends_with('4')));
    // White has placed everything: he moves, Black still drops.
    let fen = "r2kfs2/2s3n1/4pppp/pppp4/4PPPP/PPPP4/1N1SS1N1/R1FK3R[rn] w - - 0 9";
    let mut q = Position::from_str(&v, fen).unwrap();
    assert!(q.legal_moves().iter().all(|m| m.kind() != MoveKind::Drop));
    let m = san::parse_move(&mut q, "Ke1").unwrap();
    q.play(m).unwrap();
    assert!(q.legal_moves().iter().all(|m| m.kind() == MoveKind::Drop));
}

#[test]
fn a_pawn_promotes_in_place_or_one_diagonal_step_away() {
    let v = named("sittuyin", &[]);
    let fen = "3k3n/8/5P2/8/8/8/8/4K3[] w - - 0 50";
    let mut p = Position::from_str(&v, fen).unwrap();
    let from_f6: Vec<String> = longs(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("f6"))
        .collect();
    // Not e7 (check), not g7 (the new fers would attack the knight on h8).
    assert_eq!(from_f6, ["f6e5f", "f6f6f", "f6f7", "f6g5f"]);
    let m = p.parse_long("f6f6f").unwrap();
    assert_eq!(san::san(&mut p, m), "f6=F");
    assert_eq!(san::parse_move(&mut p, "f6=F"), Ok(m));
    let before = (p.to_string(), p.hash());
    p.make(m);
    assert_eq!(p.fen().unwrap(), "3k3n/8/5F2/8/8/8/8/4K3[] b - - 0 50");
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);
    // With a fers on the board, no promotion; off the diagonals, only the last pawn.
    let mut q = Position::from_str(&v, "3k4/8/5P2/8/8/8/8/3FK3[] w - - 0 50").unwrap();
    assert!(!longs(&mut q).iter().any(|m| m.ends_with('f')));
    let mut r = Position::from_str(&v, "3k4/8/4P3/8/8/8/P7/4K3[] w - - 0 50").unwrap();
    assert!(
        !longs(&mut r).iter().any(|m| m.ends_with('f')),
        "e6 is off the diagonals"
    );
    let mut s = Position::from_str(&v, "3k4/8/4P3/8/8/8/8/4K3[] w - - 0 50").unwrap();
    assert!(
        longs(&mut s).contains(&"e6e6f".to_string()),
        "the last pawn"
    );
}
