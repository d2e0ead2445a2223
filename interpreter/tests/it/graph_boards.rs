//! Boards that are graphs rather than rectangles: a board without its corners (leaps
//! over the missing cells) and a cylinder (castling along a rank that is a cycle).

use crate::common::{compile, dsl_board, moves_from, place, variant};
use chessgraph::{Error, MoveKind, Position};

/// Knights and kings on `board.yaml`.
const KNIGHTS: &str = "board \"board.yaml\"\nplayer white\nplayer black\n\
    piece king K royal {\n step n e s w ne nw se sw\n}\n\
    piece knight N {\n leap n.n.e n.n.w s.s.e s.s.w e.e.n e.e.s w.w.n w.w.s\n}\n\
    setup white: K h7, N d3\nsetup black: K h9\ncheck always\n";

#[test]
fn a_leap_over_a_missing_corner_lands() {
    let v = variant(
        KNIGHTS,
        &[("board.yaml", &dsl_board("ok_cut_corners.yaml"))],
    );
    // d3 sits beside the cut-off south-west corner: w.w.n crosses the missing c3 and
    // b3 to reach b4, s.s.w would land on the missing c1.
    let mut p = place(&v, "K h7, N d3, k h9", 'w', "");
    assert_eq!(
        moves_from(&mut p, "d3"),
        ["d3b4", "d3c5", "d3e1", "d3e5", "d3f2", "d3f4"]
    );
    // The attack tables agree: the knight on d3 attacks b4 across the corner, so the
    // king may not step there.
    let mut p = place(&v, "K a5, n d3, k h9", 'w', "");
    assert_eq!(moves_from(&mut p, "a5"), ["a5a4", "a5a6", "a5b5", "a5b6"]);
}

/// Kings and rooks on `board.yaml`, with castles and a setup.
fn castling(castles: &str, setup: &str) -> String {
    format!(
        "board \"board.yaml\"\nplayer white\nplayer black\n\
         piece king K royal {{\n step n e s w ne nw se sw\n}}\n\
         piece rook R {{\n slide n e s w\n}}\n\
         {castles}\n{setup}\ncheck always\n"
    )
}

fn cylinder() -> String {
    dsl_board("ok_cylinder.yaml")
}

#[test]
fn castling_on_a_cylinder() {
    // Rank 1 is a cycle: the castles take the shorter way round.
    let rules = castling(
        "castle \"O-O\" for white: king e1 to g1, rook h1 to f1\n\
         castle \"O-O-O\" for white: king e1 to c1, rook a1 to d1",
        "setup white: K e1, R a1 h1\nsetup black: K e8",
    );
    let v = variant(&rules, &[("board.yaml", &cylinder())]);
    let mut p = Position::start(&v);
    let castles: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| matches!(m.kind(), MoveKind::Castle(_)))
        .map(|&m| p.long(m))
        .collect();
    assert_eq!(castles, ["e1g1", "e1c1"]);
    let before = (p.to_string(), p.hash());
    let m = p.parse_long("e1g1").unwrap();
    p.make(m);
    assert!(p.to_string().starts_with("4k3/8/8/8/8/8/8/R4RK1 b "), "{p}");
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);

    // Across the seam: from g1 the rook on b1 is three cells east (h1, a1, b1) and
    // five west; the king goes to a1 over h1, the rook to h1.
    let rules = castling(
        "castle \"x\" for white: king g1 to a1, rook b1 to h1",
        "setup white: K g1, R b1 d1\nsetup black: K e8",
    );
    let v = variant(&rules, &[("board.yaml", &cylinder())]);
    let mut p = place(&v, "K g1, R b1, R d1, k e8", 'w', "g1,b1");
    assert!(
        moves_from(&mut p, "g1").contains(&"g1a1".to_owned()),
        "d1 is off the way"
    );
    let m = p.parse_long("g1a1").unwrap();
    p.make(m);
    assert!(p.to_string().starts_with("4k3/8/8/8/8/8/8/K2R3R b "), "{p}");
    // A piece on the way, or an attack on the king's path, forbids it.
    let mut p = place(&v, "K g1, R b1, R d1, r h4, k e8", 'w', "g1,b1");
    assert!(
        !moves_from(&mut p, "g1").contains(&"g1a1".to_owned()),
        "h1 attacked"
    );
    let mut p = place(&v, "K g1, R b1, R d1, r a4, k e8", 'w', "g1,b1");
    assert!(
        !moves_from(&mut p, "g1").contains(&"g1a1".to_owned()),
        "a1 attacked"
    );
    let mut p = place(&v, "K g1, R b1, R d1, r c4, k e8", 'w', "g1,b1");
    assert!(
        moves_from(&mut p, "g1").contains(&"g1a1".to_owned()),
        "c1 is off the way"
    );
}

#[test]
fn castling_off_the_line_says_where_the_line_runs() {
    let rules = castling(
        "castle \"O-O\" for white: king e1 to g2, rook h1 to f1",
        "setup white: K e1, R h1\nsetup black: K e8",
    );
    let Err(Error::Variant(ds)) = compile(&rules, &[("board.yaml", &cylinder())], &[]) else {
        panic!("compiles");
    };
    let d = &ds.0[0];
    assert_eq!(d.code, "compile::castle-not-on-line");
    assert_eq!(
        d.help.as_deref(),
        Some(
            "the line through `e1` and `h1` holds e1 f1 g1 h1 a1 b1 c1 d1 (a cycle); \
             `g2` is not on it"
        )
    );
}

#[test]
fn castles_by_letters_on_a_cylinder() {
    let rules = castling(
        "castle \"O-O\" for white: king K to g1, rook R e to f1\n\
         castle \"O-O-O\" for white: king K to c1, rook R w to d1",
        "setup white: K e1, R a1 h1\nsetup black: K e8",
    );
    let v = variant(&rules, &[("board.yaml", &cylinder())]);
    let mut p = Position::start(&v);
    let castles = |p: &mut Position| -> Vec<String> {
        let moves = p.legal_moves();
        let mut out: Vec<String> = moves
            .iter()
            .filter(|m| matches!(m.kind(), MoveKind::Castle(_)))
            .map(|&m| chessgraph::san::san(p, m))
            .collect();
        out.sort();
        out
    };
    // Each rook also lies the other way round, behind the other rook: no castle there.
    assert_eq!(castles(&mut p), ["O-O", "O-O-O"]);
    let m = p.parse_long("e1h1").unwrap();
    p.make(m);
    assert!(p.to_string().starts_with("4k3/8/8/8/8/8/8/R4RK1 b "), "{p}");
    // Without the rook on h1, the rook on a1 castles both ways: east round the
    // cylinder (h1, g1 to f1) and west. King and rook cells name both: ambiguous.
    let mut p = place(&v, "K e1, R a1, k e8", 'w', "a1,e1");
    assert_eq!(castles(&mut p), ["O-O", "O-O-O"]);
    assert!(matches!(
        p.parse_long("e1a1"),
        Err(chessgraph::MoveError::Ambiguous { .. })
    ));
    let m = p.parse_long("e1g1").unwrap();
    let before = (p.to_string(), p.hash());
    p.make(m);
    assert!(p.to_string().starts_with("4k3/8/8/8/8/8/8/5RK1 b "), "{p}");
    p.unmake();
    assert_eq!((p.to_string(), p.hash()), before);
}
