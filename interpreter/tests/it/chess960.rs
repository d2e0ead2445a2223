//! Chess960 (`variants/chess960`): castles by piece letters from any start array, their
//! notation, FEN with X-FEN and Shredder-FEN rights, and castling without attack tests
//! (`safe none`). Counts and FEN spellings that come from Fairy-Stockfish say so.

use crate::common::{chess_board, named, variant};
use chessgraph::san::{parse_move, san};
use chessgraph::{perft, Move, MoveKind, Position, Variant};
use std::sync::{Arc, OnceLock};

/// Chess960 with the usual array (518).
fn c960() -> Arc<Variant> {
    static V: OnceLock<Arc<Variant>> = OnceLock::new();
    V.get_or_init(|| named("chess960", &[])).clone()
}

fn at(fen: &str) -> Position {
    Position::from_str(&c960(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The castles among the legal moves, in long notation.
fn castles(p: &mut Position) -> Vec<String> {
    let moves = p.legal_moves();
    let mut out: Vec<String> = moves
        .iter()
        .filter(|m| matches!(m.kind(), MoveKind::Castle(_)))
        .map(|&m| p.long(m))
        .collect();
    out.sort();
    out
}

/// Makes `mv`, checks the position, unmakes it and checks that the string and the
/// hash came back; returns the position string after the move.
fn make_unmake(p: &mut Position, mv: Move) -> String {
    let before = (p.to_string(), p.hash());
    p.make(mv);
    p.debug_validate().unwrap();
    assert_eq!(
        p.hash(),
        p.compute_hash(),
        "incremental hash after {}",
        p.long(mv)
    );
    let after = p.to_string();
    assert_eq!(p.unmake(), Some(mv));
    assert_eq!((p.to_string(), p.hash()), before);
    after
}

#[test]
fn the_start_arrays_are_scharnagls() {
    for (n, back) in [
        (0, "BBQNNRKR"),
        (518, "RNBQKBNR"),
        (959, "RKRNNQBB"),
        (314, "NQRKBBRN"),
    ] {
        let v = named("chess960", &[("array", &n.to_string())]);
        let fen = Position::start(&v).fen().unwrap();
        let rank: String = fen.split(['/', ' ']).nth(7).unwrap().to_owned();
        assert_eq!(rank, back, "array {n}");
    }
}

#[test]
fn fen_rights_read_as_x_fen_and_shredder_and_write_as_fairy_stockfish() {
    // What Fairy-Stockfish (UCI_Chess960) writes back for each, after `d`.
    for (read, written) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R2RK2R w DHa - 0 1",
            "r3k2r/8/8/8/8/8/8/R2RK2R w HDa - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R2RK2R w KQkq - 0 1",
            "r3k2r/8/8/8/8/8/8/R2RK2R w HAha - 0 1",
        ),
        (
            "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w KQk - 3 9",
            "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9",
        ),
        (
            "4k3/8/8/8/8/8/8/6KR w H - 0 1",
            "4k3/8/8/8/8/8/8/6KR w H - 0 1",
        ),
        (
            "rkr5/8/8/8/8/8/8/RKR5 w KQkq - 0 1",
            "rkr5/8/8/8/8/8/8/RKR5 w CAca - 0 1",
        ),
    ] {
        let p = at(read);
        assert_eq!(p.fen().as_deref(), Some(written), "{read}");
        assert_eq!(at(written), p, "{written}");
    }
    // The D right is the inner rook's: the rook on a1 is not unmoved.
    let p = at("r3k2r/8/8/8/8/8/8/R2RK2R w DHa - 0 1");
    let unmoved = |c: &str| p.is_unmoved(c960().cell(c).unwrap());
    assert!(!unmoved("a1") && unmoved("d1") && unmoved("e1") && unmoved("h1"));
    // A right without its rook is refused.
    assert!(Position::from_str(&c960(), "4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_err());
}

#[test]
fn castling_through_an_attacked_cell_is_refused() {
    // King b1, rook a1: O-O-O takes the king to c1, which the rook on c8 attacks.
    let mut p = at("2r1k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert!(castles(&mut p).is_empty());
    let mut p = at("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    assert_eq!(castles(&mut p), ["b1a1"]);
    // A rook that hides a check: after O-O-O (king c1 stays, rook b1 to d1) the queen
    // on a1 would attack the king.
    let mut p = at("4k3/8/8/8/8/8/8/qRK5 w B - 0 1");
    assert!(castles(&mut p).is_empty());
    // In check: no castle.
    let mut p = at("4k3/8/8/8/8/8/8/R3K2r w A - 0 1");
    assert!(castles(&mut p).is_empty());
}

#[test]
fn the_king_on_its_target_or_the_rook_on_the_kings_target() {
    // King already on g1: only the rook moves, h1 to f1.
    let mut p = at("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    assert_eq!(castles(&mut p), ["g1h1"]);
    let m = p.parse_long("g1h1").unwrap();
    assert_eq!(san(&mut p, m), "O-O");
    assert!(make_unmake(&mut p, m).starts_with("4k3/8/8/8/8/8/8/5RK1 b "));
    // Rook on g1, king on f1: they swap.
    let mut p = at("4k3/8/8/8/8/8/8/5KR1 w G - 0 1");
    assert_eq!(castles(&mut p), ["f1g1"]);
    let m = p.parse_long("f1g1").unwrap();
    assert!(make_unmake(&mut p, m).starts_with("4k3/8/8/8/8/8/8/5RK1 b "));
    // Queen side: king d1, rook c1 swap too.
    let mut p = at("4k3/8/8/8/8/8/8/2RK4 w C - 0 1");
    let m = p.parse_long("d1c1").unwrap();
    assert_eq!(san(&mut p, m), "O-O-O");
    assert!(make_unmake(&mut p, m).starts_with("4k3/8/8/8/8/8/8/2KR4 b "));
    // King b1, rook a1: the king goes east to c1, the rook past it to d1.
    let mut p = at("4k3/8/8/8/8/8/8/RK6 w A - 0 1");
    let m = p.parse_long("b1a1").unwrap();
    assert!(make_unmake(&mut p, m).starts_with("4k3/8/8/8/8/8/8/2KR4 b "));
}

#[test]
fn long_notation_is_king_then_rook_and_reads_the_kings_move_when_clear() {
    let mut p = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(castles(&mut p), ["e1a1", "e1h1"]);
    let oo = p.parse_long("e1h1").unwrap();
    assert_eq!(
        p.parse_long("e1g1"),
        Ok(oo),
        "the king's move, no other e1g1"
    );
    assert_eq!(p.parse_long("e1c1"), p.parse_long("e1a1"));
    assert_eq!(parse_move(&mut p, "O-O"), Ok(oo));
    assert_eq!(parse_move(&mut p, "0-0"), Ok(oo));
    // King f1, rook h1: f1g1 is the king's step, never the castle.
    let mut p = at("4k3/8/8/8/8/8/8/5K1R w H - 0 1");
    let step = p.parse_long("f1g1").unwrap();
    assert_eq!(step.kind(), MoveKind::Normal);
    let castle = p.parse_long("f1h1").unwrap();
    assert!(matches!(castle.kind(), MoveKind::Castle(_)));
    assert_ne!(step, castle);
    p.play(castle).unwrap();
    assert!(p.to_string().starts_with("4k3/8/8/8/8/8/8/5RK1 b "), "{p}");
    p.unmake();
    p.play(step).unwrap();
    assert!(p.to_string().starts_with("4k3/8/8/8/8/8/8/6KR b "), "{p}");
    // A castle whose king stays is read by the rook's cell only.
    let mut p = at("4k3/8/8/8/8/8/8/6KR w H - 0 1");
    assert!(p.parse_long("g1g1").is_err());
}

#[test]
fn rights_are_lost_when_the_rook_moves_or_is_captured() {
    let mut p = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = p.parse_long("h1h2").unwrap();
    p.make(m);
    assert_eq!(p.fen().unwrap(), "r3k2r/8/8/8/8/8/7R/R3K3 b Aha - 1 1");
    assert_eq!(castles(&mut p), ["e8a8", "e8h8"]);
    // Black takes the rook on a1 with his: both queen-side rights are gone.
    let m = p.parse_long("a8a1").unwrap();
    p.make(m);
    assert_eq!(p.fen().unwrap(), "4k2r/8/8/8/8/8/7R/r3K3 w h - 0 2");
    assert!(castles(&mut p).is_empty());
    // The king's move loses every right of its side.
    let mut p = at("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let m = p.parse_long("e1e2").unwrap();
    p.make(m);
    assert_eq!(p.fen().unwrap(), "r3k2r/8/8/8/8/8/4K3/R6R b ha - 1 1");
}

#[test]
fn every_castle_makes_and_unmakes_exactly() {
    let text = std::fs::read_to_string(format!(
        "{}/tests/perft/chess960.perft",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut seen = 0;
    for fen in text.lines().filter_map(|l| l.strip_prefix("epd ")) {
        let mut p = at(fen);
        // The position's castles, and those one move later.
        let moves = p.legal_moves();
        for &m in moves.iter() {
            if matches!(m.kind(), MoveKind::Castle(_)) {
                make_unmake(&mut p, m);
                seen += 1;
            }
            p.make(m);
            let replies = p.legal_moves();
            for &r in replies
                .iter()
                .filter(|r| matches!(r.kind(), MoveKind::Castle(_)))
            {
                make_unmake(&mut p, r);
                seen += 1;
            }
            p.unmake();
        }
        // FEN comes back as the same position.
        let back = at(&p.fen().unwrap());
        assert_eq!(back, p, "{fen}");
    }
    assert!(seen > 100, "{seen} castles");
}

/// Chess with a king that is not royal, no check rule and castles `safe none` (as in
/// extinction chess): `cells` chooses the castles with cells or with piece letters.
fn extinction(cells: bool) -> Arc<Variant> {
    let castles = if cells {
        "castle \"O-O\" for white: king e1 to g1, rook h1 to f1, safe none\n\
         castle \"O-O-O\" for white: king e1 to c1, rook a1 to d1, safe none\n\
         castle \"O-O\" for black: king e8 to g8, rook h8 to f8, safe none\n\
         castle \"O-O-O\" for black: king e8 to c8, rook a8 to d8, safe none"
    } else {
        "castle \"O-O\" for white: king K to g1, rook R e to f1, safe none\n\
         castle \"O-O-O\" for white: king K to c1, rook R w to d1, safe none\n\
         castle \"O-O\" for black: king K to g8, rook R e to f8, safe none\n\
         castle \"O-O-O\" for black: king K to c8, rook R w to d8, safe none"
    };
    // Chess without royals or check rule: its king castles as a plain piece.
    let rules = format!(
        "include \"fide.rules\"\nremove castles\npiece king K {{\n step all\n}}\n\
         check never\n{castles}\n"
    );
    let read = |f: &str| {
        std::fs::read_to_string(crate::common::root().join("variants/chess").join(f)).unwrap()
    };
    let (chess, base) = (read("fide.rules"), read("base.rules"));
    variant(
        &rules,
        &[
            ("board.yaml", &chess_board()),
            ("fide.rules", &chess),
            ("base.rules", &base),
        ],
    )
}

#[test]
fn safe_none_castles_through_attacks_and_out_of_check() {
    // Counts of Fairy-Stockfish's `extinction` (its castling king is a commoner, and
    // castling then tests no attack): f1 attacked, then the king attacked.
    for cells in [true, false] {
        let v = extinction(cells);
        for (fen, count) in [
            (
                "rnbqkbn1/pppppppp/8/5r2/8/2NBQ3/PPPPP1PP/R3K2R w KQq - 0 1",
                45,
            ),
            (
                "rnbqkbn1/pppppppp/8/4r3/8/2NBQ3/PPPP1PPP/R3K2R w KQq - 0 1",
                49,
            ),
        ] {
            let mut p = Position::from_str(&v, fen).unwrap();
            assert_eq!(perft(&mut p, 1), count, "{fen}");
            assert_eq!(castles(&mut p).len(), 2, "{fen}");
        }
    }
}
