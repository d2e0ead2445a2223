//! Linked boards (`maps:` in the board file, `transfer through MAP`): Alice chess, two
//! boards and a looking glass. Perft against variants/alice/naive-perft.py is in
//! `perft.rs`.

use crate::common::{named, play, sorted_longs};
use chessgraph::Position;

const START: &str =
    "rnbqkbnr8/pppppppp8/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w 1:a8,1:e8,1:h8,1:a1,1:e1,1:h1 - 0 1";

#[test]
fn a_move_lands_on_the_other_board() {
    let v = named("alice", &[]);
    let mut p = Position::start(&v);
    assert_eq!(p.to_string(), START);
    play(&mut p, &["1:e2-1:e4"]);
    // The pawn went through the glass: 1:e4 is empty, 2:e4 holds it.
    assert_eq!(p.piece_at(v.cell("1:e4").unwrap()), None);
    assert!(p.piece_at(v.cell("2:e4").unwrap()).is_some());
    let back = Position::from_str(&v, &p.to_string()).unwrap();
    assert_eq!(back.hash(), p.hash());
    p.unmake();
    assert_eq!(p.to_string(), START);
}

#[test]
fn a_move_whose_cell_through_the_glass_is_taken_is_illegal() {
    let v = named("alice", &[]);
    // White's knight 1:g1 may not go to 1:f3: 2:f3 holds a black pawn. 1:h3 is free.
    let mut p = Position::from_str(&v, "4k11/16/16/16/16/13p2/16/6NK8 w - - 0 1")
        .unwrap_or_else(|e| panic!("{e}"));
    let knight: Vec<String> = sorted_longs(&mut p)
        .into_iter()
        .filter(|m| m.starts_with("1:g1"))
        .collect();
    assert!(knight.contains(&"1:g1-1:h3".to_owned()), "{knight:?}");
    assert!(!knight.contains(&"1:g1-1:f3".to_owned()), "{knight:?}");
}

#[test]
fn pieces_attack_only_on_their_own_board() {
    let v = named("alice", &[]);
    // Black's rooks 2:d8 and 2:e8 stand on the other board: the white king 1:e1 is not
    // in check, but 1:d1, 1:d2 and 1:e2 would take him to 2:d1, 2:d2 and 2:e2, which
    // they attack; only 1:f1 and 1:f2 are left.
    let mut p = Position::from_str(&v, "k10rr3/16/16/16/16/16/16/4K11 w - - 0 1")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!p.in_check());
    assert_eq!(sorted_longs(&mut p), ["1:e1-1:f1", "1:e1-1:f2"]);
}

#[test]
fn a_castle_carries_king_and_rook_through() {
    let v = named("alice", &[]);
    let mut p = Position::from_str(&v, "4k11/16/16/16/16/16/16/4K2R8 w 1:e1,1:h1 - 0 1")
        .unwrap_or_else(|e| panic!("{e}"));
    let castle = p.parse_long("1:e1-1:g1").expect("O-O is legal");
    p.make(castle);
    for (cell, full) in [
        ("2:g1", true),
        ("2:f1", true),
        ("1:g1", false),
        ("1:h1", false),
    ] {
        assert_eq!(
            p.piece_at(v.cell(cell).unwrap()).is_some(),
            full,
            "{cell} in {p}"
        );
    }
    p.unmake();
    // A piece on 2:f1 blocks the castle: the rook could not come through.
    let mut q = Position::from_str(&v, "4k11/16/16/16/16/16/16/4K2R5n2 w 1:e1,1:h1 - 0 1")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(q.parse_long("1:e1-1:g1").is_err());
}
