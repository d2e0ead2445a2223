//! Shogi and Minishogi: promoted forms written `+P`, promotion on entering, leaving or
//! moving inside the camp (forced where a piece could never move again), promoted pieces
//! back to hand unpromoted, nifu (`pieces pawn along file`), and the pawn drop that
//! mates, which is refused.

use crate::common::{named, sorted_longs as legal_long};
use chessgraph::{san, EndReason, Outcome, Position, Score};

#[test]
fn promoted_forms_read_and_write_with_a_plus() {
    let v = named("minishogi", &[]);
    let fen = "3k1/+bS1gp/3b1/PK2R/G1R2[s] w - - 0 13";
    let mut p = Position::from_str(&v, fen).unwrap();
    assert_eq!(p.fen().unwrap(), fen);
    // Long notation writes a promotion to a promoted form `+`, as Fairy-Stockfish.
    let m = p.parse_long("b4b5+").unwrap();
    assert_eq!(p.long(m), "b4b5+");
    assert_eq!(san::san(&mut p, m), "Sb5=+S");
    assert_eq!(san::parse_move(&mut p, "Sb5=+S"), Ok(m));
    // `b4b5+` typed at the prompt is the promotion, `b4b5` the plain move.
    assert_eq!(san::parse_move(&mut p, "b4b5+"), Ok(m));
    let plain = san::parse_move(&mut p, "b4b5").unwrap();
    assert_ne!(plain, m);
    p.play(m).unwrap();
    assert!(
        p.fen().unwrap().starts_with("1+S1k1/+b2gp/"),
        "{}",
        p.fen().unwrap()
    );
    assert_eq!(p.hash(), p.compute_hash());
    // A `+` before a letter no type has, and a promoted piece in hand, are refused.
    assert!(Position::from_str(&v, "3k1/+gS1gp/3b1/PK2R/G1R2[s] w - - 0 13").is_err());
    assert!(Position::from_str(&v, "3k1/1S1gp/3b1/PK2R/G1R2[+s] w - - 0 13").is_err());
    // Fairy-Stockfish's `[-]` for empty hands reads.
    assert!(Position::from_str(&v, "rbsgk/4p/5/P4/KGSBR[-] w - - 0 1").is_ok());
}

#[test]
fn a_captured_promoted_piece_goes_to_hand_unpromoted() {
    let v = named("shogi", &[]);
    let mut p = Position::from_str(&v, "4k4/9/9/9/4+p4/4R4/9/9/4K4[] w - - 0 1").unwrap();
    let before = (p.to_string(), p.hash());
    let m = san::parse_move(&mut p, "Rxe5").unwrap();
    p.make(m);
    assert_eq!(p.fen().unwrap(), "4k4/9/9/9/4R4/9/9/9/4K4[P] b - - 0 1");
    assert_eq!(p.hash(), p.compute_hash());
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);
}

#[test]
fn promotion_is_optional_in_the_camp_and_forced_where_a_piece_could_not_move_again() {
    let v = named("shogi", &[]);
    let mut p = Position::from_str(&v, "4k4/9/2PL4N/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    let moves = legal_long(&mut p);
    let from = |c: &str| -> Vec<&str> {
        moves
            .iter()
            .filter(|m| m.starts_with(c))
            .map(|m| m.as_str())
            .collect()
    };
    assert_eq!(
        from("c7"),
        ["c7c8", "c7c8+"],
        "a pawn may promote on rank 8"
    );
    assert_eq!(
        from("d7"),
        ["d7d8", "d7d8+", "d7d9+"],
        "a lance must on rank 9"
    );
    assert_eq!(from("i7"), ["i7h9+"], "a knight must on ranks 8 and 9");
    // Leaving the camp: a silver on rank 7 may promote stepping back to rank 6.
    let mut q = Position::from_str(&v, "4k4/9/4S4/9/9/9/9/9/4K4[] w - - 0 1").unwrap();
    let moves = legal_long(&mut q);
    assert!(moves.contains(&"e7d6+".to_string()), "{moves:?}");
}

#[test]
fn drops_keep_to_their_zones_and_nifu() {
    let v = named("shogi", &[]);
    let mut p = Position::from_str(&v, "4k4/9/p3p4/9/9/9/4P3P/9/4K4[PNL] w - - 0 1").unwrap();
    let moves = legal_long(&mut p);
    let drops = |t: &str| moves.iter().filter(|m| m.starts_with(t)).count();
    // Pawns: 9 files minus e and i (own pawns there), ranks 1-8, empty cells.
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("P@e") || m.starts_with("P@i")));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("P@") && m.ends_with('9')));
    assert_eq!(drops("P@"), 7 * 8 - 1, "a7 holds a black pawn");
    // A black pawn on the file does not count: P@a5 is legal.
    assert!(moves.contains(&"P@a5".to_string()));
    // Knights below rank 8, lances below rank 9.
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("N@") && (m.ends_with('8') || m.ends_with('9'))));
    assert!(moves.contains(&"L@a8".to_string()));
    assert!(!moves
        .iter()
        .any(|m| m.starts_with("L@") && m.ends_with('9')));
}

#[test]
fn a_pawn_drop_that_mates_is_refused() {
    let v = named("shogi", &[]);
    let fen = "3rkr3/3s1s3/4G4/9/9/9/9/9/4K4[P] w - - 0 1";
    let mut p = Position::from_str(&v, fen).unwrap();
    // P@e8 would mate (the gold on e7 guards it): not a legal move in play.
    assert!(san::parse_move(&mut p, "P@e8").is_err());
    assert!(!legal_long(&mut p).contains(&"P@e8".to_string()));
    assert_eq!(p.legal_moves().len(), 78);
    // Perft counts it, as Fairy-Stockfish does, and where it is made all the same
    // (perft's tree, a record of Fairy-Stockfish's moves) it loses for the dropper.
    assert_eq!(chessgraph::perft(&mut p, 1), 79);
    let drop = chessgraph::divide(&mut p, 1)
        .into_iter()
        .map(|(m, _)| m)
        .find(|&m| p.long(m) == "P@e8")
        .unwrap();
    p.make(drop);
    match p.outcome() {
        Outcome::Finished { scores, .. } => assert_eq!(scores, [Score::Loss, Score::Win]),
        o => panic!("{o:?}"),
    }
    p.unmake();
    // Other pawn drops stay, checks too when they do not mate.
    assert!(legal_long(&mut p).contains(&"P@e6".to_string()));
    let mut q = Position::from_str(&v, "3rk4/3s1s3/4G4/9/9/9/9/9/4K4[P] w - - 0 1").unwrap();
    assert!(
        legal_long(&mut q).contains(&"P@e8".to_string()),
        "the king escapes to f9"
    );
    // A mate by a dropped gold is a plain checkmate, won by the dropper.
    let mut g = Position::from_str(&v, "3rkr3/3s1s3/4G4/9/9/9/9/9/4K4[G] w - - 0 1").unwrap();
    let m = san::parse_move(&mut g, "G@e8").unwrap();
    g.play(m).unwrap();
    match g.outcome() {
        Outcome::Finished { reason, scores } => {
            assert_eq!(reason, EndReason::Checkmate);
            assert_eq!(scores, [Score::Win, Score::Loss]);
        }
        o => panic!("{o:?}"),
    }
}
