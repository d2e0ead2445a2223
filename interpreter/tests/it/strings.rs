//! Position strings and FEN: round trips, canonical forms, positions after en passant,
//! castling and promotion.

use crate::common::{chess, Rng};
use chessgraph::{MoveKind, Position};

/// Canonical chess strings: `write(read(s)) == s`.
const CANONICAL: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 - 0 1",
    "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b a8,e8,h8,a1,e1,h1 e3>e4 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 f6>f5 0 3",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w a8,e8,h8,a1,e1,h1 - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "4k3/8/8/8/8/8/8/4K2R w e1,h1 - 17 40",
];

#[test]
fn canonical_strings_round_trip() {
    let v = chess();
    for s in CANONICAL {
        let p = Position::from_str(&v, s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(p.to_string(), *s);
        assert_eq!(Position::from_str(&v, &p.to_string()).unwrap(), p);
    }
}

#[test]
fn fen_reads_as_the_position_string() {
    let v = chess();
    let pairs = [
        (
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
            "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b a8,e8,h8,a1,e1,h1 e3>e4 0 3",
        ),
        // No black pawn could take on e3: the square is dropped (as Fairy-Stockfish).
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b a8,e8,h8,a1,e1,h1 - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 5 20",
            "r3k2r/8/8/8/8/8/8/R3K2R w a8,e8,e1,h1 - 5 20",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w HAha -",
            "r3k2r/8/8/8/8/8/8/R3K2R w a8,e8,h8,a1,e1,h1 - 0 1",
        ),
        ("8/8/8/8/8/8/8/K6k w - -", "8/8/8/8/8/8/8/K6k w - - 0 1"),
    ];
    for (fen, s) in pairs {
        let p = Position::from_str(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.to_string(), s, "{fen}");
    }
}

#[test]
fn strings_after_en_passant_castling_and_promotion() {
    let v = chess();
    let cases = [
        // en passant: exf6 removes the f5 pawn and the entry.
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w a8,e8,h8,a1,e1,h1 f6>f5 0 3",
            "e5f6",
            "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b a8,e8,h8,a1,e1,h1 - 0 3",
        ),
        // castling: king and rook move, both leave the unmoved list.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w a8,e8,h8,a1,e1,h1 - 3 9",
            "e1g1",
            "r3k2r/8/8/8/8/8/8/R4RK1 b a8,e8,h8,a1 - 4 9",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b a8,e8,h8,a1,e1,h1 - 3 9",
            "e8c8",
            "2kr3r/8/8/8/8/8/8/R3K2R w h8,a1,e1,h1 - 4 10",
        ),
        // promotion with capture of an unmoved rook.
        (
            "r3k3/1P6/8/8/8/8/8/4K3 w a8,e8 - 0 30",
            "b7a8n",
            "N3k3/8/8/8/8/8/8/4K3 b e8 - 0 30",
        ),
    ];
    for (before, mv, after) in cases {
        let mut p = Position::from_str(&v, before).unwrap();
        let m = p.parse_long(mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
        p.make(m);
        assert_eq!(p.to_string(), after, "{before} {mv}");
        let back = Position::from_str(&v, after).unwrap();
        assert_eq!(back, p);
        p.unmake();
        assert_eq!(p.to_string(), before);
    }
}

#[test]
fn random_positions_round_trip() {
    let v = chess();
    let mut rng = Rng(7);
    let (mut eps, mut castles, mut promos) = (0, 0, 0);
    for _ in 0..40 {
        let mut p = Position::start(&v);
        for _ in 0..250 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Take en passant whenever it is offered: random games rarely allow it.
            let m = moves
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::EnPassant)
                .unwrap_or_else(|| moves[rng.below(moves.len())]);
            match m.kind() {
                MoveKind::EnPassant => eps += 1,
                MoveKind::Castle(_) => castles += 1,
                _ => {}
            }
            promos += usize::from(m.promotion().is_some());
            p.make(m);
            let s = p.to_string();
            let q = Position::from_str(&v, &s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(q, p, "{s}");
            assert_eq!(q.to_string(), s);
        }
    }
    assert!(
        eps > 0 && castles > 0 && promos > 0,
        "{eps} {castles} {promos}"
    );
}

/// Found by the `position` fuzz target: a result that two rules share a label for
/// (`king arrived` in racing kings) reads back as the same result.
#[test]
fn a_result_read_at_setup_reads_back_equal() {
    let v = crate::common::named("racingkings", &[]);
    let s = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQPNK w - - 0 1";
    let p = Position::from_str(&v, s).unwrap();
    let written = p.to_string();
    assert!(written.ends_with(" end=king-arrived:0,1"), "{written}");
    let q = Position::from_str(&v, &written).unwrap();
    assert_eq!(q, p);
    assert_eq!(q.hash(), p.hash());
}

/// Found by the `position` fuzz target: an unknown cell in a list of mines is labelled
/// where it stands, on character boundaries (miette slices the text there).
#[test]
fn errors_in_lists_of_mines_label_the_item() {
    let v = crate::common::named("mined-chess", &[]);
    let base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    let s = format!("{base} mines=a6,b6+,\u{fffd}\u{fffd}e6,b5");
    let e = Position::from_str(&v, &s).unwrap_err();
    let at = s.find('\u{fffd}').unwrap();
    assert_eq!(e.at.offset(), at, "{}", e.message);
    assert_eq!(e.at.len(), "\u{fffd}\u{fffd}e6".len());
    let s = format!("{base} refused=a6-\u{fffd}");
    let e = Position::from_str(&v, &s).unwrap_err();
    assert_eq!(e.at.offset(), s.find('\u{fffd}').unwrap());
    for cut in 0..4 {
        // A label that would end inside a character is cut to its boundary.
        let s = format!("{base} mines={}", "\u{fffd}".repeat(2000 + cut));
        let e = Position::from_str(&v, &s).unwrap_err();
        let (a, l) = (e.at.offset(), e.at.len());
        assert!(e.input.is_char_boundary(a) && e.input.is_char_boundary(a + l));
    }
}
