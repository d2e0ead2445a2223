//! Seirawan chess's gates: a back-rank piece's first move may bring a piece from hand
//! in on the cell it leaves, castles on either cell, written `Nf3/H` and `g1f3h`; the
//! FEN castling field lists the open gates as files.

use crate::common::named;
use chessgraph::{san, Position};

#[test]
fn a_gate_reads_writes_and_unmakes_exactly() {
    let v = named("seirawan", &[]);
    let mut p = Position::start(&v);
    let start = p.fen().unwrap();
    assert_eq!(
        start,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1"
    );
    let m = san::parse_move(&mut p, "Nf3/H").unwrap();
    assert_eq!(p.long(m), "g1f3h");
    assert_eq!(p.parse_long("g1f3h"), Ok(m));
    assert_eq!(san::san(&mut p, m), "Nf3/H");
    let plain = san::parse_move(&mut p, "Nf3").unwrap();
    assert_ne!(plain, m, "the move without a gate is another move");
    assert_eq!(p.long(plain), "g1f3");
    let before = (p.to_string(), p.hash());
    p.make(m);
    // As Fairy-Stockfish prints it: the hawk on g1, the g gate closed, the clock on.
    assert_eq!(
        p.fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1"
    );
    assert_eq!(p.hash(), p.compute_hash());
    p.debug_validate().unwrap();
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);
}

#[test]
fn castles_gate_on_the_kings_cell_or_the_rooks() {
    let v = named("seirawan", &[]);
    let fen = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[EHeh] w KQkq - 0 8";
    let mut p = Position::from_str(&v, fen).unwrap();
    for (text, long, king_cell) in [("O-O/He1", "e1g1h", "e1"), ("O-O/Hh1", "h1e1h", "h1")] {
        let m = san::parse_move(&mut p, text).unwrap();
        assert_eq!(p.long(m), long);
        assert_eq!(p.parse_long(long), Ok(m));
        assert_eq!(san::san(&mut p, m), text);
        p.make(m);
        let cell = v.cell(king_cell).unwrap();
        let piece = p.piece_at(cell).expect("the hawk entered");
        assert_eq!(v.piece_types()[piece.piece_type as usize].letter, 'H');
        assert_eq!(p.hash(), p.compute_hash());
        p.unmake();
    }
    assert_eq!(p.fen().unwrap(), fen);
}

#[test]
fn gates_close_in_fen_once_the_hand_is_empty() {
    let v = named("seirawan", &[]);
    // White's hand is empty: his back rank's files are no longer written.
    let p = Position::from_str(
        &v,
        "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7",
    )
    .unwrap();
    assert_eq!(
        p.fen().unwrap(),
        "reb1k2r/ppppqppp/2nb1n2/4p3/4P3/N1P2N2/PB1PQPPP/RE2KBHR[h] b KQkqc - 3 7"
    );
    // Black's gates: the king and the h8 rook (the a8 rook and the c8 bishop cannot
    // move; b8 has moved, its elephant came in through a gate).
    let mut p = p;
    let moves = p.legal_moves();
    let longs: Vec<String> = moves.iter().map(|&m| p.long(m)).collect();
    let mut gates: Vec<&str> = longs
        .iter()
        .filter(|m| m.ends_with('h'))
        .map(|m| m.as_str())
        .collect();
    gates.sort();
    assert_eq!(
        gates,
        ["e8d8h", "e8f8h", "e8g8h", "h8e8h", "h8f8h", "h8g8h"]
    );
    assert!(longs.contains(&"e8g8h".to_string()), "castling gates on e8");
}

#[test]
fn a_piece_that_has_moved_opens_no_gate_on_coming_back() {
    let v = named("seirawan", &[]);
    let mut p = Position::start(&v);
    for text in ["Nc3", "Nc6", "Nb1", "Nb8"] {
        let m = san::parse_move(&mut p, text).unwrap();
        p.play(m).unwrap();
    }
    // Back on b1 and b8, the knights have moved: no gate there, the others still open.
    assert_eq!(
        p.fen().unwrap(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQCDFGkqcdfg - 4 3"
    );
    let moves = p.legal_moves();
    let gates: Vec<String> = moves
        .iter()
        .filter(|m| m.gate().is_some())
        .map(|&m| p.long(m))
        .collect();
    assert!(!gates.iter().any(|m| m.starts_with("b1")), "{gates:?}");
    assert!(gates.iter().any(|m| m.starts_with("g1")), "{gates:?}");
    assert!(san::parse_move(&mut p, "Nc3/H").is_err());
}

/// Found by the position fuzz target: a gate letter on the file of a pawn put on the
/// first rank marked the pawn unmoved, and the position string did not read back.
#[test]
fn a_gate_letter_over_a_pawn_opens_no_gate() {
    let v = named("seirawan", &[]);
    let fen = "nrqbkrbn/pppppppp/8/8/8/8/PPPPPPQR/PBNPKRBN[] w AFBfb - 0 1";
    if let Ok(p) = Position::from_str(&v, fen) {
        let s = p.to_string();
        let back = Position::from_str(&v, &s).unwrap();
        assert!(back == p, "{s}");
    }
    // The knight on b1 still opens its gate.
    let p = Position::from_str(
        &v,
        "nrqbkrbn/pppppppp/8/8/8/8/PPPPPPQR/PBNPKRBN[H] w B - 0 1",
    )
    .unwrap();
    assert!(p.fen().unwrap().contains(" B "), "{}", p.fen().unwrap());
}
